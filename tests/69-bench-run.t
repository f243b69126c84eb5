#!/bin/sh
# bench/run.sh at a tiny size: it runs to the end, every stage alone is
# timed writing to /dev/null with its limit beside it, the files between
# stages are still made (each later stage has a figure), results.json
# holds what was printed, and bad settings are refused.
. "$(dirname "$0")/lib.sh"
bench=$(dirname "$0")/../bench/run.sh
export BENCH_ACCESSES=64K BENCH_REQUESTS=64K BENCH_SCALE=0

BENCH_DIR=$T/b run sh "$bench" "$BUILD"
is "$rc" 0 "a tiny run: exit 0"
ok "$(test ! -e "$T/b/tmp"; echo $?)" "its inputs and streams are gone"
json=$(tr -d '\n' < "$T/b/results.json")

# row NAME: the printed line of a figure, blanks squeezed
row() { printf '%s\n' "$out" | grep -F -- "$1" | head -n 1 | tr -s ' '; }
for p in stream reuse conflict; do
	for name in "trace-gen level 0 ($p)" "trace-order, accesses in ($p)" \
		    "  the same, as accesses ($p)" "l2sim, L1 events in ($p)" \
		    "dramsim, L2 events in ($p)" "classify ($p)" \
		    "read: trace-dump --check L-1 ($p)"; do
		like "$(row "$name")" " M/s +[0-9]+ MiB += [0-9.]+ of " \
			"$name: a rate, a peak and its limit"
	done
	for st in l1sim l2sim dramsim classify; do
		like "$(row "$st OpenMP speedup ($p)")" " [0-9]+\.[0-9]+ x with 2 threads$" \
			"$st ($p): the speedup of 2 threads over 1"
	done
	like "$(row "  to a file, level 0 ($p)")" " M/s +[0-9]+ MiB$" \
		"trace-gen ($p) timed to a file as well, with no limit"
	like "$(row "  to a file ($p)")" " M/s +[0-9]+ MiB$" \
		"trace-order ($p) timed to a file as well"
	# coalesce's two rows are one run: the same seconds
	s1=$(row "coalesce, warp instrs in ($p)" | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "s") print $i }')
	s2=$(row "  the same, as accesses ($p)" | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "s") print $i }')
	ok "$([ -n "$s1" ] && [ "$s1" = "$s2" ]; echo $?)" \
		"coalesce ($p): accesses and warp instructions from one run ($s1 s, $s2 s)"
	like "$json" "\"name\": \"trace-order, accesses in \\($p\\)\", \"records\": 65536, \"seconds\": [0-9.]+, \"records_per_s\": [0-9]+, \"max_rss_kib\": [0-9]+, \"limit\": \"pipe copy\", \"ratio_to_limit\": [0-9.]+\\}" \
		"results.json: trace-order ($p) with its limit"
done
# every figure that measure printed, with its peak, is in results.json
printed=$(printf '%s\n' "$out" | grep -Ec ' records +[0-9.]+ s +[0-9.]+ M/s +[0-9]+ MiB')
is "$(grep -Ec '"records_per_s": [0-9]+, "max_rss_kib": [0-9]+' "$T/b/results.json")" \
	"$printed" "results.json: every rate printed with its peak ($printed)"
like "$out" "^13 targets|of 13 targets met, 1 without a figure in this run$" \
	"ends beside the targets, memory without a figure at BENCH_SCALE=0"

BENCH_REPEAT=0 fails_with 2 "BENCH_REPEAT=0: expected a count of runs from 1" \
	"no runs" sh "$bench" "$BUILD"
BENCH_SCALE_PER_THREAD=17 fails_with 2 "BENCH_SCALE_PER_THREAD=17: expected 1 to 16" \
	"too many accesses a thread" sh "$bench" "$BUILD"

done_testing
