#!/bin/sh
# C unit tests: see tests/unit/test-linetab.c
exec "${WT_BUILD:-build}/tests/test-linetab"
