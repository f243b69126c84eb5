#!/bin/sh
# C unit tests: see tests/unit/test-throttle.c
exec "${WT_BUILD:-build}/tests/test-throttle"
