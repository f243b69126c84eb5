#!/bin/sh
# C unit tests: see tests/unit/test-component.c
exec "${WT_BUILD:-build}/tests/test-component"
