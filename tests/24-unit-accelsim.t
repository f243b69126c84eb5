#!/bin/sh
# C unit tests: see tests/unit/test-accelsim.c
exec "${WT_BUILD:-build}/tests/test-accelsim"
