#!/bin/sh
# C unit tests: see tests/unit/test-addrdec.c
exec "${WT_BUILD:-build}/tests/test-addrdec"
