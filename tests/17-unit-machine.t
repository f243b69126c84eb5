#!/bin/sh
# C unit tests: see tests/unit/test-machine.c
exec "${WT_BUILD:-build}/tests/test-machine"
