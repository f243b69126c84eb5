#!/bin/sh
# run.sh - build the fuzz targets with clang's libFuzzer, AddressSanitizer
# and UndefinedBehaviorSanitizer, and run each for FUZZ_SECONDS (60) from
# its seed corpus in tests/fuzz/TARGET.  Prints a table of executions and
# crashes; exits 1 if any target crashed (the input is kept beside it).
#
#   sh fuzz/run.sh            (make fuzz)   FUZZ_SECONDS=600 for longer runs
#   FUZZ_TARGETS=accelsim sh fuzz/run.sh    some targets only
#
# After a change to the stream format, sh fuzz/seeds.sh writes the stream
# seeds again.
set -eu
secs=${FUZZ_SECONDS:-60}
build=${FUZZ_BUILD:-build-fuzz}
command -v clang > /dev/null 2>&1 || {
	echo "fuzz: needs clang with libFuzzer (Debian: apt-get install clang)" >&2
	exit 2
}
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
make -s BUILD="$build" CC=clang OPT="-O1 -g -fsanitize=fuzzer-no-link $san" \
	"$build/libwarptrace.a"
# the library's folders, as the Makefile has them (lib/layers)
inc=$(sed 's/#.*//' lib/layers | sed -n 's|^\([a-z]\)|-Ilib/\1|p' | tr '\n' ' ')
status=0
printf '%-8s %12s %8s  %s\n' target executions crashes corpus
for t in ${FUZZ_TARGETS:-dump stream spec accelsim report}; do
	bin=$build/fuzz-$t
	corpus=$build/corpus-$t
	clang -std=c11 -D_GNU_SOURCE -O1 -g -fsanitize=fuzzer $san -fopenmp $inc \
		-o "$bin" "fuzz/fuzz-$t.c" "$build/libwarptrace.a" -lzstd -llzma -lcsv -ljansson -lz -lm
	mkdir -p "$corpus"
	cp tests/fuzz/"$t"/* "$corpus"/
	rc=0
	"$bin" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
		-rss_limit_mb=2048 -artifact_prefix="$build/crash-$t-" "$corpus" \
		> "$build/fuzz-$t.log" 2>&1 || rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/fuzz-$t.log")
	crashes=$(ls "$build" | grep -c "^crash-$t-" || true)
	[ "$rc" = 0 ] || { status=1; crashes=$((crashes > 0 ? crashes : 1)); }
	printf '%-8s %12s %8s  %s\n' "$t" "${runs:-?}" "$crashes" "$(ls "$corpus" | wc -l) inputs"
	[ "$rc" = 0 ] || echo "  $t: see $build/fuzz-$t.log and $build/crash-$t-*" >&2
done
exit $status
