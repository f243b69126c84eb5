#!/bin/sh
# C unit tests: see tests/unit/test-cachecfg.c
exec "${WT_BUILD:-build}/tests/test-cachecfg"
