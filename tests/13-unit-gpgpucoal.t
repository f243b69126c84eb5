#!/bin/sh
# C unit tests: see tests/unit/test-gpgpucoal.c
exec "${WT_BUILD:-build}/tests/test-gpgpucoal"
