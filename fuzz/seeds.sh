#!/bin/sh
# seeds.sh - write the stream seeds of tests/fuzz/stream again from the
# dump seeds, with the commands their headers name (trace-dump --header).
# Run it after a change to the stream format; the seeds must be valid
# streams of the current version for the fuzzer to start past the header.
#
#   make && sh fuzz/seeds.sh
set -eu
bin=$(cd "${BUILD:-build}/bin" && pwd)
cd tests/fuzz/stream
PATH=$bin:$PATH
export PATH
trace-gen --level=0 -o access-raw.wt ../dump/ocelot.trc
trace-gen -o access.wt ../dump/extended.trc
trace-gen -o access.wt.gz --level=1 ../dump/ocelot.trc
trace-gen ../dump/ocelot.trc | trace-order --warp-size=4 --level=0 -o warp-raw.wt
trace-gen ../dump/ocelot.trc | trace-order --warp-size=4 |
	coalesce --level=0 -o request-raw.wt
l1sim --level=0 --events=all -o event-raw.wt request-raw.wt
for f in *; do
	trace-dump --check "$f"
done
