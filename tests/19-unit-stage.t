#!/bin/sh
# C unit tests: see tests/unit/test-stage.c
exec "${WT_BUILD:-build}/tests/test-stage"
