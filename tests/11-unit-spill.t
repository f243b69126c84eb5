#!/bin/sh
# C unit tests: see tests/unit/test-spill.c
exec "${WT_BUILD:-build}/tests/test-spill"
