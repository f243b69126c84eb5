#!/bin/sh
# C unit tests: see tests/unit/test-dump.c
exec "${WT_BUILD:-build}/tests/test-dump"
