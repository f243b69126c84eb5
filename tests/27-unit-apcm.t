#!/bin/sh
# C unit tests: see tests/unit/test-apcm.c
exec "${WT_BUILD:-build}/tests/test-apcm"
