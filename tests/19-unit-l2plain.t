#!/bin/sh
# C unit tests: see tests/unit/test-l2plain.c
exec "${WT_BUILD:-build}/tests/test-l2plain"
