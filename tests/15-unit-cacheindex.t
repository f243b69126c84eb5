#!/bin/sh
# C unit tests: see tests/unit/test-cacheindex.c
exec "${WT_BUILD:-build}/tests/test-cacheindex"
