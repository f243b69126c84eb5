#!/bin/sh
# C unit tests: see tests/unit/test-cache.c
exec "${WT_BUILD:-build}/tests/test-cache"
