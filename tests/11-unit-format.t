#!/bin/sh
# C unit tests: see tests/unit/test-format.c
exec "${WT_BUILD:-build}/tests/test-format"
