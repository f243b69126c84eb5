#!/bin/sh
# C unit tests: see tests/unit/test-util.c
exec "${WT_BUILD:-build}/tests/test-util"
