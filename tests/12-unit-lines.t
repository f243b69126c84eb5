#!/bin/sh
# C unit tests: see tests/unit/test-lines.c
exec "${WT_BUILD:-build}/tests/test-lines"
