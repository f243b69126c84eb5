#!/bin/sh
# bench-compare: two runs of bench/run.sh side by side, one run beside
# the performance targets (--targets), and what it says of files that are
# not bench results.
. "$(dirname "$0")/lib.sh"
bc="$BUILD/tools/bench-compare"

cat > "$T/a.json" <<'J'
{"accesses": "1M", "results": [
 {"name": "trace-gen (stream)", "records": 100, "seconds": 1, "records_per_s": 10000000, "limit": "cat dump", "ratio_to_limit": 0.050},
 {"name": "pipe: x", "records": 100, "seconds": 1, "records_per_s": 4000000},
 {"name": "pipe: x", "records": 100, "seconds": 1, "records_per_s": 2000000},
 {"name": "stream-bench level 0", "op": "write", "records_per_s": 30000000},
 {"name": "stream-bench level 0", "op": "read", "records_per_s": 60000000},
 {"name": "scale: l1sim", "records": 1000, "seconds": 5, "max_rss_kib": 2048},
 {"name": "gone", "records_per_s": 1},
 {"name": "classify --sample=0.01 error (x)", "unbounded_miss_rate": 0.5, "unbounded_miss_rate_exact": 0.5, "aps": 1, "aps_exact": 1},
 {"name": "gpusim, warp instrs (x)", "records": 1000, "seconds": 0.004, "records_per_s": 250000, "max_rss_kib": 5000, "warp_instructions": 1000, "cycles": 100, "ns_per_warp_instruction": 4000.0, "cycles_per_s": 25000},
 {"name": "cachegrind: gpusim (x)", "warp_instructions": 10, "instructions": 140000, "instructions_per_warp_instruction": 14000.0},
 {"name": "instr: l2sim", "records": 500, "instructions_per_record": 3000.0},
 {"name": "anchor: nugteren gemm 16K/4", "model_cpu_s": 0.25, "warptrace_cpu_s": 0.05, "speedup": 5.0},
 {"name": "limit: cat dump (stream)", "records": 100, "seconds": 1, "records_per_s": 200000000},
 {"name": "limit: LRU loop, requests", "accesses": 100, "seconds": 1, "accesses_per_s": 20000000}
]}
J
cat > "$T/b.json" <<'J'
{"accesses": "1M", "results": [
 {"name": "trace-gen (stream)", "records": 100, "seconds": 1, "records_per_s": 15000000, "limit": "cat dump", "ratio_to_limit": 0.075},
 {"name": "pipe: x", "records": 100, "seconds": 1, "records_per_s": 5000000},
 {"name": "pipe: x", "records": 100, "seconds": 1, "records_per_s": 3000000},
 {"name": "stream-bench level 0", "op": "read", "records_per_s": 120000000},
 {"name": "stream-bench level 0", "op": "write", "records_per_s": 33000000},
 {"name": "scale: l1sim", "records": 1000, "seconds": 5, "max_rss_kib": 1024},
 {"name": "new", "accesses_per_s": 2000000},
 {"name": "classify --sample=0.01 error (x)", "unbounded_miss_rate": 0.4, "unbounded_miss_rate_exact": 0.5, "aps": 1, "aps_exact": 1},
 {"name": "classify --sample=0.01 error (y)", "unbounded_miss_rate": 0.4, "unbounded_miss_rate_exact": 0.5, "aps": 1, "aps_exact": 1},
 {"name": "gpusim, warp instrs (x)", "records": 1000, "seconds": 0.005, "records_per_s": 200000, "max_rss_kib": 5000, "warp_instructions": 1000, "cycles": 100, "ns_per_warp_instruction": 5000.0, "cycles_per_s": 20000},
 {"name": "cachegrind: gpusim (x)", "warp_instructions": 10, "instructions": 70000, "instructions_per_warp_instruction": 7000.0},
 {"name": "instr: l2sim", "records": 500, "instructions_per_record": 1500.0},
 {"name": "anchor: nugteren gemm 16K/4", "model_cpu_s": 0.25, "warptrace_cpu_s": 0.025, "speedup": 10.0},
 {"name": "limit: cat dump (stream)", "records": 100, "seconds": 1, "records_per_s": 100000000},
 {"name": "limit: LRU loop, requests", "accesses": 100, "seconds": 1, "accesses_per_s": 30000000}
]}
J
run "$bc" "$T/a.json" "$T/b.json"
is "$rc" 0 "exit 0"
row() { printf '%s\n' "$out" | grep "^$1 " | tr -s ' '; }
is "$(row 'trace-gen (stream)')" "trace-gen (stream) 10.00 15.00 M/s 1.50 0.050 0.075" \
	"a rate: both runs, their ratio, both ratios to the limit"
is "$(printf '%s\n' "$out" | grep '^pipe: x ' | tr -s ' ' | cut -d' ' -f3-6 | tr '\n' '/')" \
	"4.00 5.00 M/s 1.25/2.00 3.00 M/s 1.50/" "figures named alike: matched in order"
is "$(row 'stream-bench level 0, read')" "stream-bench level 0, read 60.00 120.00 M/s 2.00" \
	"stream-bench: read matched with read"
is "$(row 'stream-bench level 0, write')" "stream-bench level 0, write 30.00 33.00 M/s 1.10" \
	"stream-bench: write matched with write"
is "$(row 'scale: l1sim')" "scale: l1sim 2.00 1.00 MiB 0.50" "no rate: the peak memory"
is "$(row 'cachegrind: gpusim (x)')" "cachegrind: gpusim (x) 14000.00 7000.00 ins 0.50" \
	"no rate, no peak, but instructions a warp instruction: a figure, 7000/14000"
is "$(row 'gpusim, warp instrs (x)')" "gpusim, warp instrs (x) 4000.00 5000.00 ns 1.25" \
	"gpusim: ns a warp instruction, not its rate; 5000/4000"
is "$(row 'instr: l2sim')" "instr: l2sim 3000.00 1500.00 ins 0.50" \
	"instructions a record (cachegrind): a figure, 1500/3000"
is "$(row 'anchor: nugteren gemm 16K/4')" "anchor: nugteren gemm 16K/4 5.00 10.00 x 2.00" \
	"an anchor's speedup: a figure, 10/5"
like "$out" "^12 figures compared, 2 in one file only$" "figures in one file only: counted"
like "$out" "^the 2 limits moved 0.50x to 1.50x between the runs: compare the ratios to the limit$" \
	"how far the limits moved: the least and the most of their after/before"
printf '{"results": [{"name": "pipe: x", "records_per_s": 1000000}]}\n' > "$T/nolimit.json"
run "$bc" "$T/nolimit.json" "$T/nolimit.json"
is "$(printf '%s\n' "$out" | grep -c 'limits moved')" 0 "no limits in the runs: no such line"
ok "$(printf '%s\n' "$out" | grep -c 'sample=0.01 error' | grep -qx 0; echo $?)" \
	"no rate, no peak (the sample's error): not a figure, nor one in one file only"

printf '{"results": [\n  {"name": 1,\n' > "$T/bad.json"
fails_with 1 "bad.json: line 3: " "bad JSON: names the file and line" "$bc" "$T/a.json" "$T/bad.json"
printf '{"figures": []}\n' > "$T/other.json"
fails_with 1 "other.json: expected bench results" "no results array: says what it expected" \
	"$bc" "$T/other.json" "$T/b.json"
fails_with 1 "nothere.json: " "missing file: named" "$bc" "$T/nothere.json" "$T/b.json"
run "$bc" "$T/a.json"
is "$rc" 2 "one file: usage, exit 2"
like "$err" "^usage: bench-compare BEFORE.json AFTER.json$" "usage line"

# --targets: each target beside the worst and best of its figures
cat > "$T/t.json" <<'J'
{"accesses": "1M", "results": [
 {"name": "trace-gen level 0 (stream)", "records": 100, "seconds": 1, "records_per_s": 45000000},
 {"name": "trace-gen level 0 (reuse)", "records": 100, "seconds": 1, "records_per_s": 41000000},
 {"name": "trace-gen level -1 (reuse)", "records": 100, "seconds": 1, "records_per_s": 1000000},
 {"name": "trace-order, accesses in (stream)", "records": 100, "seconds": 1, "records_per_s": 30000000},
 {"name": "trace-order, accesses in (reuse)", "records": 100, "seconds": 1, "records_per_s": 50000000},
 {"name": "  the same, as accesses (stream)", "records": 100, "seconds": 1, "records_per_s": 60000000},
 {"name": "l1sim stream, 2 thread(s) (stream)", "records": 100, "seconds": 1, "records_per_s": 8000000, "limit": "zstd -d of its input", "ratio_to_limit": 0.850},
 {"name": "l1sim stream, 2 thread(s) (reuse)", "records": 100, "seconds": 1, "records_per_s": 6000000, "limit": "zstd -d of its input", "ratio_to_limit": 0.790},
 {"name": "classify (stream)", "records": 100, "seconds": 1, "records_per_s": 2000000},
 {"name": "classify --sample=0.01 (stream)", "records": 100, "seconds": 1, "records_per_s": 100},
 {"name": "pipe: trace-gen|order|coalesce|l1sim (stream)", "records": 100, "seconds": 1, "records_per_s": 16000000},
 {"name": "reuse exact (skewed)", "accesses": 100, "seconds": 1, "accesses_per_s": 21000000},
 {"name": "scale: l1sim", "records": 1073741824, "seconds": 5, "max_rss_kib": 524288},
 {"name": "scale: l2sim", "records": 1073741824, "seconds": 5, "max_rss_kib": 2097152},
 {"name": "instr: l1sim stream", "records": 1000, "instructions": 250000, "instructions_per_record": 250.0},
 {"name": "instr: l1sim --stats", "records": 1000, "instructions": 400000, "instructions_per_record": 400.0, "ratio_to_default": 1.600},
 {"name": "instr: l2sim", "records": 500, "instructions": 400000, "instructions_per_record": 800.0},
 {"name": "instr: l2sim --stats", "records": 500, "instructions": 500000, "instructions_per_record": 1000.0, "ratio_to_default": 1.25},
 {"name": "anchor: nugteren gemm 16K/4", "model_cpu_s": 0.25, "warptrace_cpu_s": 0.02, "speedup": 12.5, "miss_rate_delta": 0.00},
 {"name": "anchor: nugteren bfs 16K/4", "model_cpu_s": 1.3, "warptrace_cpu_s": 0.2, "speedup": 6.5, "miss_rate_delta": 0.00},
 {"name": "anchor: accel-sim qv100 gemm", "accelsim_s": 30, "chain_s": 0.2, "speedup": 150.0}
]}
J
run "$bc" --targets "$T/t.json"
is "$rc" 0 "--targets: exit 0"
trow() { printf '%s\n' "$out" | grep "^$1 " | tr -s ' '; }
is "$(trow 'trace-gen alone (level 0)')" \
	"trace-gen alone (level 0) trace-gen level 0 (reuse) 41.00 45.00 M/s >= 40 met" \
	"a rate target: the worst and best of its figures, met (level -1 is not level 0)"
is "$(trow 'trace-order alone')" \
	"trace-order alone trace-order, accesses in (stream) 30.00 50.00 M/s >= 40 not met" \
	"not met: the worst figure is below the goal"
is "$(trow 'coalesce alone (thread accesses)')" \
	"coalesce alone (thread accesses) the same, as accesses (stream) 60.00 60.00 M/s >= 40 met" \
	"the name's leading blanks dropped"
is "$(trow 'classify alone')" "classify alone classify (stream) 2.00 2.00 M/s >= 40 not met" \
	"classify --sample is not classify alone"
is "$(trow 'l1sim / zstd -d (coalesced requests)')" \
	"l1sim / zstd -d (coalesced requests) l1sim stream, 2 thread(s) (reuse) 0.790 0.850 >= 0.8 not met" \
	"a ratio target: the ratios to the limit"
is "$(trow 'trace-gen|trace-order|coalesce|l1sim')" \
	"trace-gen|trace-order|coalesce|l1sim pipe: trace-gen|order|coalesce|l1sim (stream) 16.00 16.00 M/s >= 15 met" \
	"the pipeline target"
is "$(trow 'exact reuse distances (1 M lines)')" \
	"exact reuse distances (1 M lines) reuse exact (skewed) 21.00 21.00 M/s >= 20 met" \
	"the reuse target, in accesses/s"
is "$(trow 'peak memory of each stage (1 G accesses)')" \
	"peak memory of each stage (1 G accesses) scale: l2sim 2048.00 512.00 MiB < 1024 not met" \
	"the memory target: the largest peak is the worst"
is "$(trow 'dramsim alone')" "dramsim alone (no figure in this run)" "a target without a figure"
is "$(trow 'l1sim stream, instructions a request')" \
	"l1sim stream, instructions a request instr: l1sim stream 250 250 ins <= 300 met" \
	"an instructions target (cachegrind): at most the goal, met"
is "$(trow 'l2sim, instructions an L1 event')" \
	"l2sim, instructions an L1 event instr: l2sim 800 800 ins <= 400 not met" \
	"... and not met (l2sim --stats is another figure)"
is "$(trow 'l1sim --stats over its default')" \
	"l1sim --stats over its default instr: l1sim --stats 1.600 1.600 <= 1.2 not met" \
	"the --stats target: its ratio to the default run"
is "$(trow "Nugteren's model (fixed) / the pipeline")" \
	"Nugteren's model (fixed) / the pipeline anchor: nugteren bfs 16K/4 6.5 12.5 x >= 10 not met" \
	"an anchor's speedup: at least the goal, the least speedup the worst"
is "$(trow "Accel-Sim / gpusim's chain")" \
	"Accel-Sim / gpusim's chain anchor: accel-sim qv100 gemm 150.0 150.0 x >= 100 met" \
	"Accel-Sim's speedup over gpusim's chain: met"
like "$out" "^6 of 20 targets met, 6 without a figure in this run$" "the count of targets met"
sed 's/"records": 1073741824/"records": 1048576/' "$T/t.json" > "$T/t2.json"
run "$bc" --targets "$T/t2.json"
like "$out" "scale: l2sim +2048.00 +512.00 MiB +< +1024 +not met \(at 1048576 accesses, not 1 G\)$" \
	"a scale run smaller than 1 G accesses: said so"
sed 's/"max_rss_kib": 2097152/"max_rss_kib": 1024/' "$T/t2.json" > "$T/t3.json"
run "$bc" --targets "$T/t3.json"
like "$out" "scale: l1sim +512.00 +1.00 MiB +< +1024 +not shown \(at 1048576 accesses, not 1 G\)$" \
	"under the goal on a smaller trace: not shown, and not counted as met"
like "$out" "^6 of 20 targets met" "the count without it"
fails_with 1 "other.json: expected bench results" "--targets: not bench results" \
	"$bc" --targets "$T/other.json"

done_testing
