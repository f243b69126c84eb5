#!/bin/sh
# bench-compare: two runs of bench/run.sh side by side, and what it says
# of files that are not bench results.
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
like "$out" "^8 figures compared, 2 in one file only$" "figures in one file only: counted"
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

done_testing
