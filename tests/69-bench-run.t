#!/bin/sh
# bench/run.sh at a tiny size: it runs to the end, every stage alone is
# timed writing to /dev/null with its limit beside it, the files between
# stages are still made (each later stage has a figure), results.json
# holds what was printed, and bad settings are refused.  gpusim runs on
# 64 K stream accesses and the smallest sample, beside the open-loop
# pipeline, and under cachegrind (if valgrind is there) on 16 K.
. "$(dirname "$0")/lib.sh"
bench=$(dirname "$0")/../bench/run.sh
export BENCH_ACCESSES=64K BENCH_REQUESTS=64K BENCH_SCALE=0 \
	BENCH_GPUSIM=64K BENCH_GPUSIM_SAMPLES=stride-s1 BENCH_GPUSIM_INSTR=16K \
	BENCH_INSTR_REQUESTS=16K

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
	for st in trace-gen l1sim l2sim dramsim classify; do
		like "$(row "$st thread speedup ($p)")" " [0-9]+\.[0-9]+ x with 2 threads$" \
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
# gpusim: its rate in warp instructions with the cycles it simulated and
# the cost of one; the open-loop pipeline and trace-order | gpusim on the
# same count of warp instructions, gpusim's rate as a fraction of the
# pipeline's
for in in "64K stream" stride-s1; do
	like "$(row "gpusim, warp instrs ($in)")" " [1-9][0-9]* records [0-9.]+ s [0-9.]+ M/s [0-9]+ MiB$" \
		"gpusim ($in): a rate of warp instructions and a peak"
	like "$(row "  simulated ($in)")" " [1-9][0-9]* cycles [0-9]+ ns a warp instr [0-9.]+ M cycles/s$" \
		"gpusim ($in): cycles, ns a warp instruction, cycles a second"
	n=$(row "gpusim, warp instrs ($in)" | awk '{ for (i = 2; i < NF; i++) if ($(i + 1) == "records") print $i }')
	like "$(row "open-loop pipeline ($in)")" " $n records [0-9.]+ s [0-9.]+ M/s [0-9]+ MiB$" \
		"open-loop pipeline ($in): the same $n warp instructions"
	like "$(row "  trace-order | gpusim ($in)")" " $n records [0-9.]+ s [0-9.]+ M/s [0-9]+ MiB = [0-9.]+ of open-loop pipeline$" \
		"trace-order | gpusim ($in): a fraction of the pipeline's rate"
	like "$json" "\"name\": \"gpusim, warp instrs \\($in\\)\", \"records\": $n, [^}]*\"warp_instructions\": $n, \"cycles\": [1-9][0-9]*, \"cycles_per_s\": [0-9]+, \"ns_per_warp_instruction\": [0-9.]+\\}" \
		"results.json: gpusim ($in) with its cycles and cost"
	like "$json" "\"name\": \"  trace-order \\| gpusim \\($in\\)\", \"records\": $n, [^}]*\"ratio_to_limit\": [0-9.]+, \"ns_per_warp_instruction\": [0-9.]+\\}" \
		"results.json: trace-order | gpusim ($in), its ratio to the pipeline and its cost"
done
if command -v valgrind > /dev/null 2>&1; then
	like "$(row "cachegrind: gpusim (16K stream)")" " [1-9][0-9]* warp instrs [0-9]+ instructions each; coalesce..dramsim [0-9]+ \([0-9.]+ x\)$" \
		"cachegrind: gpusim's instructions a warp instruction beside the pipeline's"
	like "$json" "\"instructions_per_warp_instruction\": [0-9.]+, \"open_loop_instructions\": [1-9]" \
		"results.json: the cachegrind figures"
	# instructions per record (marginal: less a run on 1 K): each stage
	# on the same 16 K requests, beside reading them and the bare LRU loop
	for name in "instr: read (trace-dump --check)" "instr: anchor: bare LRU loop" \
		    "instr: l1sim stream" "instr: l1sim --sched=pool" "instr: classify" \
		    "instr: l2sim" "instr: dramsim" "instr: trace-gen (per access)" \
		    "instr: trace-order (per access)" "instr: coalesce (per warp record)"; do
		like "$(row "$name")" " [1-9][0-9]* records [1-9][0-9]* instructions each$" \
			"$name: instructions per record"
	done
	like "$(row "instr: l1sim stream")" " 16384 records " "l1sim: per request, all 16 K"
	for name in "instr: l1sim --stats --reuse=off" "instr: l1sim --stats" \
		    "instr: l1sim --stats --stats-warps=no" \
		    "instr: l1sim --sched=pool --policy=ccws"; do
		like "$(row "$name")" " 16384 records [1-9][0-9]* instructions each \([0-9.]+ x default\)$" \
			"$name: beside l1sim's default"
	done
	like "$json" "\"name\": \"instr: l1sim --stats\", \"records\": 16384, \"instructions_per_record\": [0-9.]+, \"ratio_to_default\": [0-9.]+\\}" \
		"results.json: the per-record counts"
	lru=$(row "instr: anchor: bare LRU loop" | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "instructions") print $i }')
	l1=$(row "instr: l1sim stream" | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "instructions") print $i }')
	ok "$([ "$lru" -lt "$l1" ]; echo $?)" "the bare loop ($lru) costs less than l1sim ($l1)"
else
	like "$out" "no valgrind, gpusim's instructions per warp instruction not counted" \
		"no valgrind: said so"
	like "$out" "no valgrind, instructions per record not counted" \
		"no valgrind: no instructions per record, said so"
fi
# every figure that measure printed, with its peak, is in results.json
printed=$(printf '%s\n' "$out" | grep -Ec ' records +[0-9.]+ s +[0-9.]+ M/s +[0-9]+ MiB')
is "$(grep -Ec '"records_per_s": [0-9]+, "max_rss_kib": [0-9]+' "$T/b/results.json")" \
	"$printed" "results.json: every rate printed with its peak ($printed)"
if command -v valgrind > /dev/null 2>&1; then
	like "$out" "of 20 targets met, 3 without a figure in this run$" \
		"ends beside the targets, memory and the whole models without a figure at BENCH_SCALE=0"
else
	like "$out" "of 20 targets met, 8 without a figure in this run$" \
		"ends beside the targets, memory, instructions and the whole models without a figure"
fi

BENCH_REPEAT=0 fails_with 2 "BENCH_REPEAT=0: expected a count of runs from 1" \
	"no runs" sh "$bench" "$BUILD"
BENCH_GPUSIM_SAMPLES="stride-s1 nosuch" fails_with 2 "BENCH_GPUSIM_SAMPLES: no sample .*/nosuch.trc.zst" \
	"a sample that is not there" sh "$bench" "$BUILD"
BENCH_SCALE_PER_THREAD=17 fails_with 2 "BENCH_SCALE_PER_THREAD=17: expected 1 to 16" \
	"too many accesses a thread" sh "$bench" "$BUILD"

done_testing
