#!/bin/sh
# C unit tests: see tests/unit/test-shards.c
exec "${WT_BUILD:-build}/tests/test-shards"
