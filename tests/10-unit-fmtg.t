#!/bin/sh
# C unit tests: see tests/unit/test-fmtg.c
exec "${WT_BUILD:-build}/tests/test-fmtg"
