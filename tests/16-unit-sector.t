#!/bin/sh
# C unit tests: see tests/unit/test-sector.c
exec "${WT_BUILD:-build}/tests/test-sector"
