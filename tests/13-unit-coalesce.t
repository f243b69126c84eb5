#!/bin/sh
# C unit tests: see tests/unit/test-coalesce.c
exec "${WT_BUILD:-build}/tests/test-coalesce"
