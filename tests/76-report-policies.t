#!/bin/sh
# report's policy tables (Khairy et al. Fig. 8-11, Koo et al. Fig. 12-13):
# three traces under three L1 policies, written by hand, with a classify
# file each; IPC normalized per trace and its harmonic means, computed
# here by awk; the other tables' means and changes; grouping by category
# and by sensitivity; another baseline; a trace without a baseline run;
# associativity columns; CSV and JSON; bad input.
. "$(dirname "$0")/lib.sh"

# l1 TRACE POLICY IPC MISS_RATE MPKI FAILS [ASSOC [SETS]]: an l1sim
# --stats file, $T/TRACE-POLICY.json.
l1() {
	cat > "$T/$1-$2.json" <<EOF
{"program": "l1sim", "trace": "$1", "machine": "fermi", "warp_scheduler": "gto",
 "settings": {"arch": "fermi", "sched": "pool", "policy": "$2", "size": 16384, "sets": ${8:-32}, "assoc": ${7:-4},
              "line": 128},
 "total": {"loads": 1000, "ipc": $3, "miss_rate": $4, "mpki": $5,
           "reservation_fails_per_kilocycle": $6}}
EOF
}

# cls TRACE CATEGORY ALSO SENSITIVITY: a classify --stats file.
cls() {
	cat > "$T/cls-$1.json" <<EOF
{"program": "classify", "trace": "$1",
 "total": {"category": {"category": "$2", "also": $3, "sensitivity": "$4"}}}
EOF
}

#                ipc  miss  mpki fails
l1 spmv none     0.5  0.8   40   20
l1 spmv dwt-pric 1.0  0.4   20   10
l1 spmv ccws     0.8  0.6   30   15
l1 bfs  none     2.0  0.5   10   8
l1 bfs  dwt-pric 3.0  0.25  5    2
l1 bfs  ccws     1.0  0.5   10   4
l1 lud  none     1.0  0.9   50   0
l1 lud  dwt-pric 1.0  0.9   50   0
l1 lud  ccws     1.25 0.45  25   5
cls spmv thrashing-contention false sensitive
cls bfs  thrashing-contention false moderate
cls lud  streaming            false sensitive

# The runs policy by policy, as a script over traces would give them.
RUNS=""
for t in spmv bfs lud; do
	for p in none dwt-pric ccws; do
		RUNS="$RUNS $T/$t-$p.json"
	done
done
CLS="$T/cls-spmv.json $T/cls-bfs.json $T/cls-lud.json"

# csv ARGS...: report --format=csv, without CRs, a line per row
csv() {
	report --format=csv "$@" | tr -d '\r'
}

# f1 EXPR / f3 EXPR / f4 EXPR: awk's value of EXPR with 1, 3 or 4 decimals
f1() { awk "BEGIN { printf \"%.1f\", $1 }"; }
f3() { awk "BEGIN { printf \"%.3f\", $1 }"; }
f4() { awk "BEGIN { printf \"%.4f\", $1 }"; }

# ---- made by default only for runs of two policies or more ----
run report $RUNS $CLS
is "$rc" 0 "nine runs of three policies: exit 0"
for t in "IPC of each L1 policy, normalized to the baseline policy none, by application category" \
	 "L1 miss rate of each policy" "L1 misses per thousand instructions \(MPKI\) of each policy" \
	 "L1 reservation fails per thousand cycles of each policy"; do
	like "$out" "^$t" "by default: $t"
done
is "$err" "" "no note when every trace has a baseline run"
run report tests/data/report/base.json tests/data/report/ipoly.json tests/data/report/big.json
is "$(printf '%s\n' "$out" | grep -c 'of each')" 0 "files without policies: no policy table"
run report "$T/spmv-none.json" "$T/bfs-none.json" $CLS
is "$(printf '%s\n' "$out" | grep -c 'of each')" 0 "runs of one policy: no policy table"
# an associativity sweep from an l1sim before --policy: printed as before
sed -e 's/"trace": "spmv",//' -e 's/"policy": "none", //' "$T/spmv-none.json" > "$T/old-a4.json"
sed -e 's/"assoc": 4/"assoc": 8/' "$T/old-a4.json" > "$T/old-a8.json"
run report "$T/old-a4.json" "$T/old-a8.json"
is "$(printf '%s\n' "$out" | grep -c 'of each')" 0 "an old associativity sweep: no policy table"
csv --tables=policy-ipc "$T/old-a4.json" "$T/old-a8.json" 2>/dev/null > "$T/old.csv"
is "$(tr '\n' ' ' < "$T/old.csv")" "trace,category,machine,L1 timing,warp scheduler,none,assoc8 old-a4,unknown,fermi,pool,gto,1.000, old-a8,unknown,fermi,pool,gto,, harmonic mean,all,,,,1.000, " \
	"named in --tables: old files are traces of their file names, assoc8 a column"

# ---- policy-ipc: normalized per trace, harmonic means per group ----
csv --tables=policy-ipc $RUNS $CLS > "$T/ipc.csv"
# spmv 0.5 1.0 0.8 -> 1 2 1.6; bfs 2 3 1 -> 1 1.5 0.5; lud 1 1 1.25
hd_th=$(f3 "2 / (1/2 + 1/1.5)")
hc_th=$(f3 "2 / (1/1.6 + 1/0.5)")
hd=$(f3 "3 / (1/2 + 1/1.5 + 1/1)")
hc=$(f3 "3 / (1/1.6 + 1/0.5 + 1/1.25)")
is "$hd_th $hc_th $hd $hc" "1.714 0.762 1.385 0.876" "the harmonic means by hand"
cat > "$T/ipc.want" <<EOF
trace,category,machine,L1 timing,warp scheduler,none,dwt-pric,ccws
lud,streaming,fermi,pool,gto,1.000,1.000,1.250
harmonic mean (streaming),streaming,,,,1.000,1.000,1.250
spmv,thrashing-contention,fermi,pool,gto,1.000,2.000,1.600
bfs,thrashing-contention,fermi,pool,gto,1.000,1.500,0.500
harmonic mean (thrashing-contention),thrashing-contention,,,,1.000,$hd_th,$hc_th
harmonic mean,all,,,,1.000,$hd,$hc
EOF
ok "$(cmp -s "$T/ipc.want" "$T/ipc.csv"; echo $?)" \
	"policy-ipc: grouped by category, streaming first, columns as first seen"
diff "$T/ipc.want" "$T/ipc.csv" | sed 's/^/# /'

# JSON has the harmonic mean in full
report --format=json --tables=policy-ipc $RUNS $CLS > "$T/ipc.json"
want=$(awk 'BEGIN { printf "%.17g", 2 / (1/(1.0/0.5) + 1/(3.0/2.0)) }')
like "$(cat "$T/ipc.json")" "^\[\"harmonic mean \(thrashing-contention\)\",\"thrashing-contention\",null,null,null,1,$want," \
	"JSON: the harmonic mean in full precision ($want)"
like "$(tr -d '\n' < "$T/ipc.json")" '"name":"policy-ipc","title":"IPC of each L1 policy, normalized to the baseline policy none[^"]*","columns":\["trace","category","machine","L1 timing","warp scheduler","none","dwt-pric","ccws"\]' \
	"JSON: name, title and columns"
like "$(cat "$T/ipc.json")" '^\["bfs","thrashing-contention","fermi","pool","gto",1,1.5,0.5\],?$' "JSON: a trace's row"

# text: aligned, numbers to the right
report --tables=policy-ipc $RUNS $CLS > "$T/ipc.txt"
is "$(sed -n 2p "$T/ipc.txt")" "  trace                                 category              machine  L1 timing  warp scheduler   none  dwt-pric   ccws" \
	"text: the header"
is "$(sed -n 8p "$T/ipc.txt")" "  harmonic mean                         all                                                       1.000     1.385  0.876" \
	"text: the last row"

# ---- the other tables: means of the values, and the change ----
csv --tables=policy-miss-rate $RUNS $CLS > "$T/miss.csv"
cat > "$T/miss.want" <<EOF
trace,category,machine,L1 timing,warp scheduler,none,dwt-pric,ccws
lud,streaming,fermi,pool,gto,0.9000,0.9000,0.4500
mean (streaming),streaming,,,,0.9000,0.9000,0.4500
change vs baseline (streaming),streaming,,,,0.0000,0.0000,-0.5000
spmv,thrashing-contention,fermi,pool,gto,0.8000,0.4000,0.6000
bfs,thrashing-contention,fermi,pool,gto,0.5000,0.2500,0.5000
mean (thrashing-contention),thrashing-contention,,,,$(f4 "(0.8 + 0.5) / 2"),$(f4 "(0.4 + 0.25) / 2"),$(f4 "(0.6 + 0.5) / 2")
change vs baseline (thrashing-contention),thrashing-contention,,,,0.0000,$(f4 "(0.4/0.8 - 1 + 0.25/0.5 - 1) / 2"),$(f4 "(0.6/0.8 - 1 + 0.5/0.5 - 1) / 2")
mean,all,,,,$(f4 "(0.8 + 0.5 + 0.9) / 3"),$(f4 "(0.4 + 0.25 + 0.9) / 3"),$(f4 "(0.6 + 0.5 + 0.45) / 3")
change vs baseline,all,,,,0.0000,$(f4 "(-0.5 - 0.5 + 0) / 3"),$(f4 "(-0.25 + 0 - 0.5) / 3")
EOF
ok "$(cmp -s "$T/miss.want" "$T/miss.csv"; echo $?)" "policy-miss-rate: means and mean changes"
diff "$T/miss.want" "$T/miss.csv" | sed 's/^/# /'
csv --tables=policy-mpki $RUNS $CLS > "$T/mpki.csv"
is "$(grep '^mean,' "$T/mpki.csv")" "mean,all,,,,$(f1 "100 / 3"),25.0,$(f1 "65 / 3")" \
	"policy-mpki: 1 decimal"
csv --tables=policy-fails $RUNS $CLS > "$T/fails.csv"
is "$(grep -c '^change vs baseline (streaming)' "$T/fails.csv")" 0 \
	"policy-fails: lud's baseline has no fails, so no change for its group"
is "$(grep '^change vs baseline,' "$T/fails.csv")" \
	"change vs baseline,all,,,,0.0000,$(f4 "(10/20 - 1 + 2/8 - 1) / 2"),$(f4 "(15/20 - 1 + 4/8 - 1) / 2")" \
	"policy-fails: the change over the traces with fails in the baseline"
is "$(grep '^mean,' "$T/fails.csv")" "mean,all,,,,9.3,4.0,8.0" "policy-fails: the mean counts every trace"

# ---- grouped by sensitivity ----
csv --tables=policy-ipc --category=apcm $RUNS $CLS > "$T/apcm.csv"
cat > "$T/apcm.want" <<EOF
trace,category,machine,L1 timing,warp scheduler,none,dwt-pric,ccws
spmv,sensitive,fermi,pool,gto,1.000,2.000,1.600
lud,sensitive,fermi,pool,gto,1.000,1.000,1.250
harmonic mean (sensitive),sensitive,,,,1.000,$(f3 "2 / (1/2 + 1/1)"),$(f3 "2 / (1/1.6 + 1/1.25)")
bfs,moderate,fermi,pool,gto,1.000,1.500,0.500
harmonic mean (moderate),moderate,,,,1.000,1.500,0.500
harmonic mean,all,,,,1.000,$hd,$hc
EOF
ok "$(cmp -s "$T/apcm.want" "$T/apcm.csv"; echo $?)" \
	"--category=apcm: sensitive, then moderate; the same overall mean"
diff "$T/apcm.want" "$T/apcm.csv" | sed 's/^/# /'
like "$(report --tables=policy-ipc --category=apcm $RUNS $CLS | head -n 1)" "by cache sensitivity" \
	"--category=apcm: the title says so"

# ---- another baseline ----
csv --tables=policy-ipc --baseline-policy=ccws $RUNS $CLS > "$T/ccws.csv"
is "$(grep '^spmv,' "$T/ccws.csv")" "spmv,thrashing-contention,fermi,pool,gto,$(f3 "0.5/0.8"),$(f3 "1/0.8"),1.000" \
	"--baseline-policy=ccws: spmv over its ccws run"
is "$(grep '^harmonic mean,' "$T/ccws.csv")" \
	"harmonic mean,all,,,,$(f3 "3 / (0.8/0.5 + 1/2 + 1.25/1)"),$(f3 "3 / (0.8/1 + 1/3 + 1.25/1)"),1.000" \
	"--baseline-policy=ccws: the harmonic means"
like "$(report --tables=policy-ipc --baseline-policy=ccws $RUNS | head -n 1)" "baseline policy ccws" \
	"--baseline-policy: the title names it"
# no run of none: the first policy seen is the baseline
csv --tables=policy-ipc "$T/spmv-dwt-pric.json" "$T/spmv-ccws.json" > "$T/first.csv"
is "$(tr '\n' ' ' < "$T/first.csv")" "trace,category,machine,L1 timing,warp scheduler,dwt-pric,ccws spmv,unknown,fermi,pool,gto,1.000,0.800 harmonic mean,all,,,,1.000,0.800 " \
	"without a run of none, the first policy is the baseline; no classify file: unknown"

# ---- a trace without a baseline run ----
l1 nw dwt-pric 1.5 0.3 7 3
l1 nw ccws     3.0 0.2 6 2
run report --format=csv --tables=policy-ipc,policy-miss-rate $RUNS "$T/nw-dwt-pric.json" \
	"$T/nw-ccws.json" $CLS
is "$rc" 0 "a trace without a baseline run: exit 0"
is "$err" "report: note: policy tables: no run of the baseline policy none for trace nw: left out of the normalized summaries" \
	"a trace without a baseline run: one note on stderr"
printf '%s\n' "$out" | tr -d '\r' > "$T/nw.csv"
is "$(grep '^nw,' "$T/nw.csv" | tr '\n' ' ')" "nw,unknown,fermi,pool,gto,,, nw,unknown,fermi,pool,gto,,0.3000,0.2000 " \
	"its IPC is not normalized; its miss rates are shown"
is "$(grep '^harmonic mean,' "$T/nw.csv")" "harmonic mean,all,,,,1.000,$hd,$hc" \
	"it is left out of the harmonic mean"
is "$(grep -c '^harmonic mean (unknown)' "$T/nw.csv")" 0 "its group has no harmonic mean"
is "$(grep '^mean,' "$T/nw.csv")" "mean,all,,,,$(f4 "2.2 / 3"),$(f4 "(1.55 + 0.3) / 4"),$(f4 "(1.55 + 0.2) / 4")" \
	"its miss rates count in the plain means"
is "$(grep '^change vs baseline,' "$T/nw.csv")" "change vs baseline,all,,,,0.0000,$(f4 "-1 / 3"),$(f4 "-0.75 / 3")" \
	"but not in the change against the baseline"
is "$(grep '^mean (unknown)' "$T/nw.csv")" "mean (unknown),unknown,,,,,0.3000,0.2000" \
	"the unknown group comes last"

# ---- associativity columns, categories with also, duplicates ----
l1 spmv none 0.7 0.7 35 12 16
mv "$T/spmv-none.json" "$T/spmv-a16.json"
l1 spmv none 0.9 0.6 30 10 128 1
mv "$T/spmv-none.json" "$T/spmv-fa.json"
l1 spmv none 0.5 0.8 40 20
cls spmv conflict-contention true sensitive
mv "$T/cls-spmv.json" "$T/cls-spmv-also.json"
cls spmv thrashing-contention false sensitive
run report --format=csv --tables=policy-ipc "$T/spmv-none.json" "$T/spmv-dwt-pric.json" \
	"$T/spmv-a16.json" "$T/spmv-fa.json" "$T/cls-spmv-also.json"
printf '%s\n' "$out" | tr -d '\r' > "$T/assoc.csv"
is "$(head -n 2 "$T/assoc.csv" | tr '\n' ' ')" \
	"trace,category,machine,L1 timing,warp scheduler,none,dwt-pric,assoc16,fa spmv,conflict-contention and thrashing,fermi,pool,gto,1.000,2.000,1.400,1.800 " \
	"a more associative run of no policy is assoc16, one of one set fa; also: the group says both"
run report --format=csv --tables=policy-ipc --baseline-policy=assoc16 "$T/spmv-none.json" \
	"$T/spmv-a16.json"
is "$(printf '%s\n' "$out" | tr -d '\r' | sed -n 2p)" "spmv,unknown,fermi,pool,gto,$(f3 "0.5/0.7"),1.000" \
	"--baseline-policy=assoc16"
cp "$T/spmv-none.json" "$T/spmv-none-again.json"
run report --format=csv --tables=policy-ipc "$T/spmv-none.json" "$T/spmv-none-again.json" \
	"$T/spmv-ccws.json"
is "$err" "report: note: policy tables: two runs of trace spmv with policy none ($T/spmv-none.json, $T/spmv-none-again.json): the first one is used" \
	"two runs of a trace and policy: the first, and a note"

# ---- figure ----
if command -v gnuplot >/dev/null 2>&1; then
	run report --plots="$T/fig" --tables=policy-ipc $RUNS $CLS
	is "$rc:$(ls "$T/fig" | tr '\n' ' ')" "0:policy-ipc.png policy-ipc.svg " "--plots: the figure of policy-ipc"
	like "$(cat "$T/fig/policy-ipc.svg")" "harmonic mean \(thrashing-contention\)" \
		"the figure has the groups' harmonic means"
else
	ok 0 "# SKIP gnuplot is not installed"
	ok 0 "# SKIP gnuplot is not installed"
fi

# ---- runs that do not compare ----
# a policy run in another timing model than its baseline: refused, with
# --force a row that says what differs
sed 's/"sched": "pool"/"sched": "stream"/' "$T/spmv-none.json" > "$T/spmv-none-stream.json"
fails_with 1 "policy tables: trace spmv: runs spmv-dwt-pric and spmv-none-stream do not compare: L1 timing pool against stream; run every policy with one machine and --sched, or --force" \
	"a policy run in the pool against a stream baseline" \
	report --tables=policy-ipc "$T/spmv-none-stream.json" "$T/spmv-dwt-pric.json"
run report --force --format=csv --tables=policy-ipc "$T/spmv-none-stream.json" "$T/spmv-dwt-pric.json"
is "$rc:$(printf '%s\n' "$out" | tr -d '\r' | sed -n 1,2p | tr '\n' ' ')" \
	"0:trace,category,machine,L1 timing,warp scheduler,none,dwt-pric,differs spmv,unknown,fermi,stream,gto,1.000,2.000,dwt-pric: L1 timing pool against stream " \
	"--force: the table, and a column that says what differs"
sed 's/"arch": "fermi"/"arch": "volta"/' "$T/spmv-ccws.json" > "$T/spmv-ccws-volta.json"
fails_with 1 "runs spmv-ccws-volta and spmv-none do not compare: machine volta against fermi" \
	"a policy run on another machine" report $RUNS "$T/spmv-ccws-volta.json"
# one trace name, two contents: two rows, told apart by their hashes
sed 's/"trace": "spmv"/"trace": "spmv", "trace_hash": "1111111122222222"/' "$T/spmv-none.json" > "$T/h1-none.json"
sed 's/"trace": "spmv"/"trace": "spmv", "trace_hash": "1111111122222222"/' "$T/spmv-ccws.json" > "$T/h1-ccws.json"
sed 's/"trace": "spmv"/"trace": "spmv", "trace_hash": "3333333344444444"/' "$T/spmv-none.json" > "$T/h2-none.json"
sed 's/"trace": "spmv"/"trace": "spmv", "trace_hash": "3333333344444444"/' "$T/spmv-dwt-pric.json" > "$T/h2-dwt.json"
run report --format=csv --tables=policy-ipc "$T/h1-none.json" "$T/h1-ccws.json" "$T/h2-none.json" "$T/h2-dwt.json"
is "$rc:$(printf '%s\n' "$out" | tr -d '\r' | sed -n 2,3p | tr '\n' ' ')" \
	"0:spmv (11111111),unknown,fermi,pool,gto,1.000,1.600, spmv (33333333),unknown,fermi,pool,gto,1.000,,2.000 " \
	"two traces of one name and other hashes: two rows, each with its hash"

# ---- bad input ----
sed 's/"ipc": [0-9.]*, //' "$T/bfs-dwt-pric.json" > "$T/noipc.json"
fails_with 1 "noipc.json: no total.ipc, which the policy-ipc table needs" \
	"a run without total.ipc" report $RUNS "$T/noipc.json"
fails_with 1 "noipc.json: no total.ipc, which the policy-ipc table needs" \
	"a run without total.ipc, the table named" report --tables=policy-ipc "$T/noipc.json"
run report --tables=policy-miss-rate $RUNS "$T/noipc.json"
is "$rc" 0 "a run without total.ipc is fine for the tables without IPC"
sed 's/"mpki": 5/"mpki": "five"/' "$T/bfs-dwt-pric.json" > "$T/strmpki.json"
fails_with 1 "strmpki.json: total.mpki is not a number \(the policy-mpki table needs it\)" \
	"a run with a string for a number" report $RUNS "$T/strmpki.json"
sed 's/"ipc": [0-9.]*/"ipc": null/' "$T/bfs-dwt-pric.json" > "$T/nullipc.json"
run report --format=csv --tables=policy-ipc "$T/bfs-none.json" "$T/nullipc.json"
is "$rc:$(printf '%s\n' "$out" | tr -d '\r' | sed -n 2p)" "0:bfs,unknown,fermi,pool,gto,1.000," "a null IPC is an empty cell"
fails_with 2 "--baseline-policy=nosuch: no l1sim run of that policy" "an unknown baseline policy" \
	report --baseline-policy=nosuch $RUNS
fails_with 2 "--category=bogus: expected khairy or apcm" "an unknown grouping" \
	report --category=bogus $RUNS

done_testing
