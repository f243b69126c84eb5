#!/bin/sh
# C unit tests: see tests/unit/test-falru.c
exec "${WT_BUILD:-build}/tests/test-falru"
