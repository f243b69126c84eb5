#!/bin/sh
# C unit tests: see tests/unit/test-kname.c
exec "${WT_BUILD:-build}/tests/test-kname"
