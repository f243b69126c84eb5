#!/bin/sh
# C unit tests: see tests/unit/test-medic.c
exec "${WT_BUILD:-build}/tests/test-medic"
