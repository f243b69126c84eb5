#!/bin/sh
# C unit tests: see tests/unit/test-xxh3.c
exec "${WT_BUILD:-build}/tests/test-xxh3"
