#!/bin/sh
# C unit tests: see tests/unit/test-stagecfg.c
exec "${WT_BUILD:-build}/tests/test-stagecfg"
