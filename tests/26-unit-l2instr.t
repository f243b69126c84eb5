#!/bin/sh
# C unit tests: see tests/unit/test-l2instr.c
exec "${WT_BUILD:-build}/tests/test-l2instr"
