#!/bin/sh
# C unit tests: see tests/unit/test-mdegree.c
exec "${WT_BUILD:-build}/tests/test-mdegree"
