#!/bin/sh
# C unit tests: see tests/unit/test-l1plain.c
exec "${WT_BUILD:-build}/tests/test-l1plain"
