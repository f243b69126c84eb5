#!/bin/sh
# C unit tests: see tests/unit/test-reuse.c
exec "${WT_BUILD:-build}/tests/test-reuse"
