#!/bin/sh
# C unit tests: see tests/unit/test-plot.c
exec "${WT_BUILD:-build}/tests/test-plot"
