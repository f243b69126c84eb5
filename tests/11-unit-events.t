#!/bin/sh
# C unit tests: see tests/unit/test-events.c
exec "${WT_BUILD:-build}/tests/test-events"
