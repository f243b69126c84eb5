#!/bin/sh
# C unit tests: see tests/unit/test-classify.c
exec "${WT_BUILD:-build}/tests/test-classify"
