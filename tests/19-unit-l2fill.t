#!/bin/sh
# C unit tests: see tests/unit/test-l2fill.c
exec "${WT_BUILD:-build}/tests/test-l2fill"
