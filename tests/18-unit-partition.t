#!/bin/sh
# C unit tests: see tests/unit/test-partition.c
exec "${WT_BUILD:-build}/tests/test-partition"
