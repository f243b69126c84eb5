#!/bin/sh
# sweep: a 3x3 grid on two samples, point order and provenance, the same
# results with one worker, two, and GNU parallel over the job list, failed
# and missing points, the other pipelines, and bad input.
. "$(dirname "$0")/lib.sh"

V=samples/vectoradd.trc.zst
S=samples/spmv.trc.zst
# 8K, 16K and 32K of 4-way sets of 128-byte lines are 16, 32 and 64 sets:
# xor and ipoly (the polynomial of the set count) fit them all, where
# fermi needs 32 or 64 sets and ipoly37 exactly 32.
GRID="--l1-size=8K,16K,32K --l1-index=linear,xor,ipoly"

csv() {	# csv FILE: the file without carriage returns
	tr -d '\r' < "$1"
}

run sweep --help
is "$rc" 0 "--help exits 0"
run sweep --version
like "$out" "^sweep \(warptrace\) [0-9]" "--version"

# bad input: one line each, and nothing written
fails_with 2 "--set=lsim:size=8K: unknown program 'lsim'" "unknown program" \
	sweep --dir="$T/bad" --set=lsim:size=8K $V
fails_with 2 "--set=l1sim:size=: an empty list of values" "empty list" \
	sweep --dir="$T/bad" --set=l1sim:size= $V
fails_with 2 "--l1-index=linear,,xor: an empty value" "empty value" \
	sweep --dir="$T/bad" --l1-index=linear,,xor $V
fails_with 2 "--l1-size=8K: l1sim:size is given twice" "duplicate axis" \
	sweep --dir="$T/bad" --set=l1sim:size=16K,32K --l1-size=8K $V
fails_with 2 "--fixed=l1sim:index=xor: l1sim:index is given twice" "axis and constant" \
	sweep --dir="$T/bad" --l1-index=linear --fixed=l1sim:index=xor $V
fails_with 2 "--set=l1sim:stats=x: l1sim:stats: sweep sets the outputs" "--stats is sweep's" \
	sweep --dir="$T/bad" --set=l1sim:stats=x $V
fails_with 2 "--set=l1sim: expected PROGRAM:OPTION=VALUE" "no option" \
	sweep --dir="$T/bad" --set=l1sim $V
fails_with 2 "l2sim:size: l2sim is not in the pipeline with --until=l1sim" "stage not run" \
	sweep --dir="$T/bad" --set=l2sim:size=256K,512K $V
fails_with 2 "--until=l3sim: expected l1sim, l2sim, dramsim or classify" "bad --until" \
	sweep --dir="$T/bad" --until=l3sim $V
fails_with 2 "no trace: expected one or more trace files" "no trace" \
	sweep --dir="$T/bad" $GRID
fails_with 2 "--jobs=0: expected a number from 1 to 4096" "bad --jobs" \
	sweep --dir="$T/bad" --jobs=0 $V
fails_with 2 "--format=xml: expected text, csv, markdown or json" "bad --format" \
	sweep --dir="$T/bad" --format=xml $V
fails_with 2 "--plot-metric=l2sim.hit_rate: expected l1sim.miss_rate" "metric not collected" \
	sweep --dir="$T/bad" --l1-index=linear,xor --plot-metric=l2sim.hit_rate $V
fails_with 2 "option '--l1size=8K' is unknown" "unknown option" \
	sweep --dir="$T/bad" --l1size=8K $V
# --policy named no stage, and the README's policies are l1sim's: refused,
# naming both
fails_with 2 "^sweep: --policy=lrr,gto: which policy\? expected --warp-sched \(trace-order's warp scheduler\) or --l1-policy \(l1sim's L1 management policies\)$" \
	"the old --policy" sweep --dir="$T/bad" --policy=lrr,gto $V
fails_with 2 "^sweep: --l1-policy=none,lru: l1sim:policy is given twice" "--l1-policy and --set" \
	sweep --dir="$T/bad" --set=l1sim:policy=ccws --l1-policy=none,lru $V
fails_with 2 "^sweep: --warp-sched=lrr: trace-order:policy is given twice" "--warp-sched and --set" \
	sweep --dir="$T/bad" --set=trace-order:policy=gto --warp-sched=lrr $V
fails_with 1 "$T/none.trc.zst: No such file or directory" "missing trace" \
	sweep --dir="$T/bad" $GRID $V "$T/none.trc.zst"
[ ! -e "$T/bad" ]
ok $? "bad input writes nothing"

# The grid, one point at a time.
run sweep --dir="$T/a" --jobs=1 $GRID $V $S
is "$rc" 0 "3x3 sweep on two samples exits 0"
like "$err" "^$" "... quietly"
is "$(csv "$T/a/results.csv" | head -1)" \
	"point,trace,l1sim:size,l1sim:index,status,l1sim.miss_rate,l1sim.mpki,l1sim.ipc,l1sim.cycles" \
	"results.csv: the columns"
is "$(csv "$T/a/results.csv" | tail -n +2 | wc -l | tr -d ' ')" 18 "results.csv: 18 rows"
is "$(csv "$T/a/results.csv" | tail -n +2 | cut -d, -f5 | sort -u)" ok "every status ok"
is "$(csv "$T/a/results.csv" | tail -n +2 | cut -d, -f1 | tr '\n' ' ')" \
	"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 " "rows in point order"
is "$(csv "$T/a/results.csv" | sed -n '2p;4p;10p;11p;19p' | cut -d, -f2-4 | tr '\n' ' ')" \
	"$V,8K,linear $V,8K,ipoly $V,32K,ipoly $S,8K,linear $S,32K,ipoly " \
	"trace outermost, the last axis fastest"
[ -z "$(csv "$T/a/results.csv" | tail -n +2 | grep ',,')" ]
ok $? "every point has every metric"
is "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ')" \
	" point trace l1sim:size l1sim:index status l1sim.miss_rate l1sim.mpki l1sim.ipc l1sim.cycles" \
	"the text table on stdout"
# spmv's miss rate falls as L1 grows
m8=$(csv "$T/a/results.csv" | sed -n 11p | cut -d, -f6)
m32=$(csv "$T/a/results.csv" | sed -n 17p | cut -d, -f6)
awk -v a="$m8" -v b="$m32" 'BEGIN { exit !(a > b && b > 0) }'
ok $? "spmv, linear: miss rate $m8 at 8K > $m32 at 32K"

# provenance
pj() {	# pj POINT: its point.json on one line, without spaces
	tr -d ' \n' < "$T/a/$1/point.json"
}
like "$(pj 0001)" '"point":1,"trace":"samples/vectoradd.trc.zst",' "0001: point and trace"
like "$(pj 0001)" '"values":\{"l1sim:size":"8K","l1sim:index":"linear"\}' "0001: its values"
like "$(pj 0014)" '"point":14,"trace":"samples/spmv.trc.zst",.*"values":\{"l1sim:size":"16K","l1sim:index":"xor"\}' \
	"0014: spmv, 16K, xor"
like "$(pj 0014)" '"command":"trace-gen[^|]*/samples/spmv.trc.zst\|trace-order\|coalesce\|l1sim--size=16K--index=xor--stats=l1sim.json>/dev/null"' \
	"0014: the command"
like "$(pj 0018)" '"exit":0,"wall_seconds":[0-9.e-]+,"upstream":"[^"]*"\}$' "0018: exit status and wall time"
ls "$T/a/0001" | tr '\n' ' ' > "$T/ls"
is "$(cat "$T/ls")" "cmd.sh l1sim.json point.json status.txt stderr.txt " "0001: its files"
like "$(cat "$T/a/0014/cmd.sh")" "--index=xor --stats=l1sim.json > /dev/null" "cmd.sh holds the pipeline"
is "$(wc -l < "$T/a/jobs.txt" | tr -d ' ')" 18 "jobs.txt: a line per point"
is "$(sed -n 3p "$T/a/jobs.txt")" "sh $(cd "$T/a" && pwd -P)/0003/cmd.sh" "jobs.txt: sh /abs/DIR/POINT/cmd.sh"

# Two workers: the same results.
run sweep --dir="$T/b" --jobs=2 $GRID $V $S
is "$rc" 0 "--jobs=2 exits 0"
cmp -s "$T/a/results.csv" "$T/b/results.csv"
ok $? "--jobs=1 and --jobs=2 give the same results.csv"

# Nugteren's Fig. 12: the first axis against the miss rate, a line each.
run sweep --collect --plot --dir="$T/a"
is "$rc" 0 "--collect --plot exits 0"
like "$(head -c 300 "$T/a/sweep.svg")" "<svg" "sweep.svg is an SVG"
like "$("$BUILD/tools/png-stats" "$T/a/sweep.png")" "^800 480 0\.[0-9]" "sweep.png: 800 by 480, with ink"
like "$(cat "$T/a/sweep.svg")" "vectoradd index=ipoly" "a line per trace and index, named by the trace's file name"

# The job list through GNU parallel on this machine, then --collect.
run sweep --dir="$T/c" --print-jobs $GRID $V $S
is "$rc" 0 "--print-jobs exits 0"
printf '%s\n' "$out" > "$T/jobs.txt"
cmp -s "$T/jobs.txt" "$T/c/jobs.txt"
ok $? "--print-jobs prints DIR/jobs.txt"
[ -f "$T/c/0018/cmd.sh" ] && [ ! -e "$T/c/0001/l1sim.json" ] && [ ! -e "$T/c/results.csv" ]
ok $? "--print-jobs runs nothing"
if command -v parallel > /dev/null 2>&1; then
	# --sshlogin : is this machine, without ssh
	parallel --will-cite -j2 --sshlogin : < "$T/jobs.txt" > "$T/par.out" 2>&1
	ok $? "GNU parallel runs the job list"
	run sweep --collect --dir="$T/c" --format=csv
	is "$rc" 0 "--collect exits 0"
	cmp -s "$T/a/results.csv" "$T/c/results.csv"
	ok $? "GNU parallel and --collect: the same results.csv"
	is "$(printf '%s\n' "$out" | tr -d '\r')" "$(csv "$T/c/results.csv")" \
		"--format=csv prints results.csv"
else
	for i in 1 2 3 4; do
		echo "ok $((_n + 1)) - # SKIP GNU parallel is not installed"
		_n=$((_n + 1))
	done
fi

# A Slurm array task: the quoting of sweep(1)'s sbatch --wrap line.
run sweep --dir="$T/d" --print-jobs --l1-index=linear,xor $V
(cd "$T/d" && SLURM_ARRAY_TASK_ID=2 sh -c \
	'sh "$(sed -n ${SLURM_ARRAY_TASK_ID}p jobs.txt | cut -d" " -f2)"')
ok $? "the Slurm line runs a point"
[ -s "$T/d/0002/l1sim.json" ] && [ ! -e "$T/d/0001/l1sim.json" ]
ok $? "... task 2 runs point 0002 only"
# jobs.txt is a shell script too, with a quoted path where it needs one
run sweep --dir="$T/with space" --print-jobs --l1-index=linear $V
sh "$T/with space/jobs.txt"
ok $? "sh jobs.txt runs a DIR with a space in its name"
run sweep --collect --dir="$T/with space"
is "$rc" 0 "... and it collects"

# Failing points: l1sim refuses a 3-way 16K cache; the row says so, the
# others are collected, and sweep exits 1 after writing everything.
run sweep --dir="$T/f" --set=l1sim:assoc=3,4 $V
is "$rc" 1 "a failing point: exit 1"
like "$err" "^sweep: point 0001 \(l1sim:assoc=3\) failed \(exit 2\): l1sim: .*not a whole number" \
	"stderr names the point, its values and l1sim's error"
is "$(printf '%s\n' "$err" | wc -l | tr -d ' ')" 1 "... in one line"
is "$(csv "$T/f/results.csv" | cut -d, -f1,4,5 | tr '\n' ' ')" \
	"point,status,l1sim.miss_rate 1,failed (exit 2), 2,ok,1.0000 " "results.csv: failed, then ok"
like "$(cat "$T/f/0001/stderr.txt")" "l1sim: a 16384-byte cache is not a whole number of 3-way sets" \
	"0001/stderr.txt holds the error"
like "$(tr -d ' \n' < "$T/f/0001/point.json")" '"exit":2,' "0001/point.json: exit 2"
# the same failure run elsewhere: status.txt carries the exit status
run sweep --dir="$T/g" --print-jobs --set=l1sim:assoc=3,4 $V
sh "$T/g/jobs.txt" 2> /dev/null
run sweep --collect --dir="$T/g"
is "$rc" 1 "--collect of a failed point: exit 1"
cmp -s "$T/f/results.csv" "$T/g/results.csv"
ok $? "... with the same results.csv"
# a point whose statistics are gone
rm "$T/g/0002/l1sim.json" "$T/g/0002/status.txt"
run sweep --collect --dir="$T/g" --format=csv
is "$(printf '%s\n' "$out" | tr -d '\r' | sed -n 3p)" "2,$V,4,missing,,,," "a point without statistics is missing"
like "$err" "point 0002 \(l1sim:assoc=4\) missing: .*0002/l1sim.json" "... and named"
# a failing middle stage fails the point though the last stage is sh's
# only status
run sweep --dir="$T/m" --until=l2sim --set=l1sim:assoc=3 $V
like "$(csv "$T/m/results.csv" | sed -n 2p)" ",failed \(exit [12]\),,,,,,,,$" "a failing l1sim before l2sim"

# The shorthands name their stage: --warp-sched is trace-order's
# scheduler, --l1-policy l1sim's management policies, --l1-index its index;
# --index still works, with a warning.
run sweep --dir="$T/sh" --print-jobs --warp-sched=gto --l1-policy=ccws \
	--l1-index=xor --sms=4 $V
is "$rc" 0 "--warp-sched, --l1-policy, --l1-index, --sms exit 0"
like "$(cat "$T/sh/0001/cmd.sh")" "trace-order --policy=gto --sms=4 \| coalesce \| l1sim --policy=ccws --index=xor --stats" \
	"... trace-order --policy, l1sim --policy and --index in cmd.sh"
like "$(tr -d ' \n' < "$T/sh/sweep.json")" '"axes":\[\{"program":"trace-order","option":"policy","values":\["gto"\]\},\{"program":"l1sim","option":"policy","values":\["ccws"\]\},\{"program":"l1sim","option":"index"' \
	"... their axes in sweep.json"
run sweep --dir="$T/old" --print-jobs --index=linear $V
is "$rc:$err" "0:sweep: warning: --index is now --l1-index (l1sim's set index); the old name will go" \
	"the old --index: a one-line warning"
like "$(cat "$T/old/0001/cmd.sh")" "l1sim --index=linear --stats" "... and still l1sim's index"

# The L1 size from 16K to 128K without an index: the machine's (fermi:
# 32 or 64 sets) where it fits, linear where not, with a note each.
run sweep --dir="$T/sz" --l1-size=16K,32K,64K,128K --format=csv $S
is "$rc" 0 "--l1-size=16K,32K,64K,128K without an index exits 0"
is "$(printf '%s\n' "$out" | tr -d '\r' | cut -d, -f3,4 | tr '\n' ' ')" \
	"l1sim:size,status 16K,ok 32K,ok 64K,ok 128K,ok " "... every point ok"
is "$(tr -d ' \n' < "$T/sz/0002/l1sim.json" | grep -o '"index":"[a-z]*"')" \
	'"index":"fermi"' "... 32K: the machine's fermi hash"
is "$(tr -d ' \n' < "$T/sz/0003/l1sim.json" | grep -o '"index":"[a-z]*"')" \
	'"index":"linear"' "... 64K: linear"
is "$err" "sweep: note: point 0003 (l1sim:size=64K), l1sim: the 65536-byte L1 has 128 sets, which the machine's set index fermi does not fit: linear in its place (--index chooses another)
sweep: note: point 0004 (l1sim:size=128K), l1sim: the 131072-byte L1 has 256 sets, which the machine's set index fermi does not fit: linear in its place (--index chooses another)" \
	"... a note for 64K and for 128K"
# an index given that does not fit stays an error, named by the point's values
run sweep --dir="$T/sz2" --l1-size=32K,64K --l1-index=fermi $S
is "$rc" 1 "--l1-index=fermi at 64K: exit 1"
like "$err" "^sweep: point 0002 \(l1sim:size=64K, l1sim:index=fermi\) failed \(exit 2\): l1sim: .*fermi hashing needs 32 or 64 sets, not 128$" \
	"... the point named by the values given"

# Reuse: where only stages after coalesce vary, trace-gen | trace-order |
# coalesce runs once a trace (and value of their axes) and its points read
# the saved requests.  Counted by a trace-gen that logs its runs: sweep
# runs the programs beside it.
W=$T/wrap
mkdir "$W"
cp "$BIN/sweep" "$W/sweep"
for p in trace-order coalesce l1sim l2sim dramsim classify; do
	ln -s "$BIN/$p" "$W/$p"
done
printf '#!/bin/sh\necho run >> "%s/gen.log"\nexec "%s/trace-gen" "$@"\n' \
	"$T" "$BIN" > "$W/trace-gen"
chmod +x "$W/trace-gen"
run "$W/sweep" --dir="$T/re" --jobs=2 --l1-size=16K,32K,64K,128K $S $V
is "$rc" 0 "4 L1 sizes on two traces exit 0"
is "$(wc -l < "$T/gen.log" | tr -d ' ')" 2 "... trace-gen ran once a trace, not once a point"
like "$(tr -d ' \n' < "$T/re/0004/point.json")" '"upstream":"trace-gen[^|]*/spmv.trc.zst\|trace-order\|coalesce--level=-5-o[^"]*/re/requests/0001.wt"' \
	"... point.json names the upstream it read"
like "$(tr -d ' \n' < "$T/re/0005/point.json")" '"upstream":"trace-gen[^|]*/vectoradd.trc.zst.*/requests/0002.wt"' \
	"... the second trace's its own"
[ ! -e "$T/re/requests" ]
ok $? "... and the saved requests are gone"
like "$(cat "$T/re/0001/cmd.sh")" 'if \[ \$# -gt 0 \]; then.*' "cmd.sh takes the saved requests as \$1"
sh "$T/re/0003/cmd.sh" 2> /dev/null && run sweep --collect --dir="$T/re" --format=csv
is "$(printf '%s\n' "$out" | tr -d '\r' | sed -n 4p)" "$(csv "$T/re/results.csv" | sed -n 4p)" \
	"... and alone runs the whole pipeline, with the same result"
: > "$T/gen.log"
run "$W/sweep" --dir="$T/re2" --jobs=2 --sms=4,8 --l1-size=16K,32K $V
is "$rc:$(wc -l < "$T/gen.log" | tr -d ' ')" "0:2" "an --sms axis: an upstream per SM count"
: > "$T/gen.log"
run "$W/sweep" --dir="$T/re3" --sms=4,8 --fixed=l1sim:size=32K $V
is "$rc:$(wc -l < "$T/gen.log" | tr -d ' ')" "0:2" "nothing shared: a whole pipeline a point"
like "$(cat "$T/re3/0001/cmd.sh")" '^trace-gen ' "... and cmd.sh as before"

# Streams as traces, known by their header: requests go to l1sim, access
# and warp records to trace-order; event records are refused.
trace-gen -o "$T/s.acc" $S && trace-order -o "$T/s.warp" "$T/s.acc" &&
	coalesce -o "$T/s.req" "$T/s.warp" && l1sim -o "$T/s.ev" "$T/s.req"
ok $? "the streams of spmv's stages"
run sweep --dir="$T/in" --format=csv --l1-size=16K,32K,64K,128K "$T/s.req" "$T/s.acc"
is "$rc" 0 "a request stream and an access stream as traces"
is "$(printf '%s\n' "$out" | tr -d '\r' | tail -n +2 | cut -d, -f3- | sort -u)" \
	"$(csv "$T/sz/results.csv" | tail -n +2 | cut -d, -f3- | sort -u)" \
	"... the results of spmv's trace"
like "$(cat "$T/in/0001/cmd.sh")" "^l1sim --size=16K --stats=l1sim.json /.*/s.req > /dev/null$" \
	"... the requests straight to l1sim"
like "$(cat "$T/in/0005/cmd.sh")" "^	trace-order /.*/s.acc \| coalesce \| l1sim" \
	"... the accesses to trace-order"
fails_with 1 "^sweep: $T/s.ev: a stream of event records \(l1sim's or l2sim's output\); expected a trace, or a stream of access, warp or request records$" \
	"an event stream" sweep --dir="$T/bad" --l1-size=16K "$T/s.ev"
fails_with 2 "^sweep: trace-order:policy: $T/s.req is a stream of requests \(coalesce's output\), which no trace-order reads$" \
	"a request stream with a trace-order axis" sweep --dir="$T/bad" --warp-sched=lrr,gto "$T/s.req"
[ ! -e "$T/bad" ]
ok $? "... nothing written"

# The other pipelines.
run sweep --dir="$T/dram" --until=dramsim --set=l2sim:size=128K,384K \
	--fixed=l1sim:config=N:32:128:4,L:L:m:N:H,S:64:8,8 --format=json $S
is "$rc" 1 "--until=dramsim: exit 1 (384K partitions have 192 sets)"
like "$out" '^\{"name":"sweep",.*"columns":\["point","trace","l2sim:size","status","l1sim.miss_rate","l1sim.mpki","l1sim.ipc","l1sim.cycles","l2sim.hit_rate","l2sim.queueing_delay","l2sim.mean_stall","l2sim.stall_speedup","dramsim.row_buffer_hit_rate","dramsim.latency.mean","dramsim.mean_stall","dramsim.stall_speedup"\]' \
	"--until=dramsim: the columns, as JSON"
like "$out" '\[1,"samples/spmv.trc.zst","128K","ok",0\.[0-9]+,[0-9.]+,[0-9.]+,[0-9]+,0\.[0-9]+,[0-9.]+,[0-9.]+,1,0\.[0-9]+,[0-9.]+,[0-9.]+,1\],' \
	"--until=dramsim: every metric"
like "$out" '\[2,"samples/spmv.trc.zst","384K","failed \(exit 1\)",null,null,null,null,null,null,null,null,null,null,null,null\]\]\}$' \
	"--until=dramsim: l2sim fails, dramsim reads nothing"
like "$(cat "$T/dram/0001/cmd.sh")" "l1sim --config=N:32:128:4,L:L:m:N:H,S:64:8,8 --stats=l1sim.json \| l2sim --size=128K --stats=l2sim.json \| dramsim --stats=dramsim.json > /dev/null" \
	"--fixed and the stages in cmd.sh"
run sweep --dir="$T/cls" --until=classify --set=classify:size=16K,32K --format=markdown $S
is "$rc" 0 "--until=classify exits 0"
like "$out" "^\| 1 \| samples/spmv.trc.zst \| 16K \| ok \| thrashing-contention \|$" \
	"classify.category, in Markdown"
like "$(cat "$T/cls/0002/classify.txt")" "L1 view: 32768 bytes" "classify -o DIR/POINT/classify.txt"
fails_with 2 "--plot: nothing to plot" "--plot without a number" \
	sweep --dir="$T/cls2" --until=classify --set=classify:size=16K,64K --plot $S

# the upstream's notes reach every point that read its saved requests
run sweep --dir="$T/swn" --jobs=2 --l1-size=16K,32K --fixed=trace-order:cta-limit=9 \
	"$V"
is "$(cat "$T/swn/0001/stderr.txt" "$T/swn/0002/stderr.txt" | grep -c 'cta-limit=9 does not bind')" 2 \
	"a shared upstream's note is in each of its points' stderr.txt"
like "$err" "sweep: note: point 0001 \(l1sim:size=16K\) and 1 more, trace-order: --cta-limit=9 does not bind" \
	"... and sweep passes it on once"

done_testing
