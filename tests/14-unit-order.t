#!/bin/sh
# C unit tests: see tests/unit/test-order.c
exec "${WT_BUILD:-build}/tests/test-order"
