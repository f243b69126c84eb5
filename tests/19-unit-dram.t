#!/bin/sh
# C unit tests: see tests/unit/test-dram.c
exec "${WT_BUILD:-build}/tests/test-dram"
