#!/bin/sh
# C unit tests: see tests/unit/test-gpgpusim-index.c
exec "${WT_BUILD:-build}/tests/test-gpgpusim-index"
