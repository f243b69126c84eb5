#!/bin/sh
# C unit tests: see tests/unit/test-setreuse.c
exec "${WT_BUILD:-build}/tests/test-setreuse"
