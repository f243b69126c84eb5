#!/bin/sh
# sweep and mdegree with --timing=closed: each point is trace-gen |
# trace-order | gpusim, run by hand here too and compared byte for byte
# (the plumbing, not gpusim, is what is tested); the tables say the timing
# and carry gpusim's numbers; what gpusim cannot honour is refused in one
# line; open timing, the default, is what it was.
. "$(dirname "$0")/lib.sh"

V=samples/vectoradd.trc.zst
ABSV=$(pwd -P)/$V

csv() {	# csv FILE: the file without carriage returns
	tr -d '\r' < "$1"
}
field() {	# field FILE ROW COL: one cell of a CSV file (row 1: the header)
	csv "$1" | sed -n "$2p" | cut -d, -f"$3"
}
jnum() {	# jnum FILE KEY: the top-level number KEY of a JSON file (2 spaces)
	sed -n "s/^  \"$2\": \([0-9.e+-]*\),*$/\1/p" "$1"
}
mdcol() {	# mdcol TABLE N: column N of that table of the CSV in $out
	printf '%s\n' "$out" | tr -d '\r' |
		awk -v t="# $1" '$0 == t { on = 1; getline; next } /^$/ { on = 0 } on' |
		cut -d, -f"$2" | tr '\n' ' '
}

# --- sweep ---------------------------------------------------------------
GRID="--sms=2 --l1-size=8K,16K --set=trace-order:cta-limit=1,2 --fixed=l2sim:size=128K"
run sweep --timing=closed --dir="$T/c" --jobs=2 $GRID $V
is "$rc" 0 "sweep --timing=closed: exit 0"
like "$(printf '%s\n' "$out" | sed -n 1p)" "^sweep $T/c: 4 points, closed timing \(gpusim" \
	"the table's title says the timing"
is "$(csv "$T/c/results.csv" | head -1)" \
	"point,trace,trace-order:sms,l1sim:size,trace-order:cta-limit,status,timing,gpusim.cycles,gpusim.ipc,gpusim.speedup,gpusim.stall_cycles,gpusim.memory_stall_cycles,gpusim.load_latency,l1sim.miss_rate,l1sim.mpki,l2sim.hit_rate,l2sim.queueing_delay,dramsim.row_buffer_hit_rate,dramsim.latency.mean" \
	"results.csv: gpusim's columns, the L1/L2/DRAM ones, a timing column"
is "$(csv "$T/c/results.csv" | tail -n +2 | cut -d, -f6,7 | sort -u)" "ok,closed" \
	"every point ok, of closed timing"
is "$(grep '^trace-gen' "$T/c/0002/cmd.sh")" \
	"trace-gen $ABSV | trace-order --sms=2 --cta-limit=2 | gpusim --sms=2 --cta-limit=2 --l1=--size=8K --l2=--size=128K -o gpusim.json" \
	"0002's pipeline: trace-order's scheduling options to gpusim too, the stages' as its parts"
ls "$T/c/0002" | tr '\n' ' ' > "$T/ls"
is "$(cat "$T/ls")" "cmd.sh gpusim.json point.json status.txt stderr.txt " \
	"0002: gpusim.json, no stage's statistics"
# the same gpusim by hand: the same statistics, byte for byte
mkdir "$T/hand"
(cd "$T/hand" && trace-gen "$ABSV" | trace-order --sms=2 --cta-limit=2 |
	gpusim --sms=2 --cta-limit=2 --l1=--size=8K --l2=--size=128K -o gpusim.json 2> /dev/null)
cmp -s "$T/hand/gpusim.json" "$T/c/0002/gpusim.json"
ok $? "0002's gpusim.json is the hand-run gpusim's"
is "$(field "$T/c/results.csv" 3 8)" "$(jnum "$T/hand/gpusim.json" cycles)" \
	"0002's gpusim.cycles are the hand run's cycles"
is "$(field "$T/c/results.csv" 3 9)" \
	"$(awk -v x="$(jnum "$T/hand/gpusim.json" ipc)" 'BEGIN { printf "%.3f", x }')" \
	"... its gpusim.ipc the hand run's ipc"
c1=$(field "$T/c/results.csv" 2 8) c2=$(field "$T/c/results.csv" 3 8)
is "$(field "$T/c/results.csv" 3 10)" "$(awk -v a="$c1" -v b="$c2" 'BEGIN { printf "%.3f", a / b }')" \
	"gpusim.speedup: the trace's first point's cycles over the point's"
is "$(field "$T/c/results.csv" 3 11)" \
	"$(($(jnum "$T/hand/gpusim.json" sm_cycles) - $(jnum "$T/hand/gpusim.json" issue_cycles)))" \
	"gpusim.stall_cycles: SM cycles without an issue"
# the 16K L1 is the L1 of --l1=--size=16K
like "$(tr -d ' \n' < "$T/c/0004/gpusim.json")" '"l1_size":"16384"' "0004: a 16K L1"
like "$(tr -d ' \n' < "$T/c/0004/point.json")" '"timing":"closed"' "point.json says the timing"
like "$(tr -d ' \n' < "$T/c/sweep.json")" '"timing":"closed"' "sweep.json says the timing"
run sweep --collect --dir="$T/c" --format=csv
is "$rc" 0 "--collect of a closed sweep: exit 0"
is "$(printf '%s\n' "$out" | tr -d '\r')" "$(csv "$T/c/results.csv")" \
	"... the same table, from sweep.json's timing"

# one timing to a table: a point of the other timing stops --collect
run sweep --dir="$T/o" --jobs=2 --until=l2sim $GRID $V
is "$rc" 0 "the same grid, open timing: exit 0"
cp "$T/c/0003/point.json" "$T/o/0003/point.json"
fails_with 1 "^sweep: $T/o/0003/point.json: a point of closed timing in a sweep of open timing \(sweep.json\)" \
	"a closed point in an open sweep" sweep --collect --dir="$T/o"
cp "$T/o/0001/point.json" "$T/c/0001/point.json"
fails_with 1 "^sweep: $T/c/0001/point.json: a point of open timing in a sweep of closed timing" \
	"an open point in a closed sweep" sweep --collect --dir="$T/c"

# open timing is the default, and --timing=open the same
run sweep --dir="$T/d" --print-jobs --until=l2sim $GRID $V
run sweep --dir="$T/e" --print-jobs --until=l2sim --timing=open $GRID $V
is "$(sed "s|$T/d|DIR|g" "$T/d/0002/cmd.sh")" "$(sed "s|$T/e|DIR|g" "$T/e/0002/cmd.sh")" \
	"--timing=open writes the default's cmd.sh"
like "$(grep trace-gen "$T/d/0002/cmd.sh")" "\| coalesce \| l1sim --size=8K --stats=l1sim.json \| l2sim --size=128K --stats=l2sim.json > /dev/null$" \
	"... the pipeline, without gpusim"
grep -q timing "$T/d/sweep.json" "$T/d/0002/point.json"
is "$?" 1 "... and sweep.json and point.json as before, without a timing"

# what gpusim cannot honour: one line, exit 2, nothing written
fails_with 2 "^sweep: --timing=half: expected open or closed$" "bad --timing" \
	sweep --dir="$T/bad" --timing=half $V
fails_with 2 "^sweep: --until=l2sim: gpusim runs every stage with --timing=closed; no --until$" \
	"--until" sweep --dir="$T/bad" --timing=closed --until=l2sim $V
fails_with 2 "^sweep: classify:size: classify does not run with --timing=closed" \
	"classify" sweep --dir="$T/bad" --timing=closed --set=classify:size=8K,16K $V
fails_with 2 "^sweep: l1sim:sched: an option of l1sim's warp pool \(--sched=pool\)" \
	"l1sim's warp pool" sweep --dir="$T/bad" --timing=closed --fixed=l1sim:sched=pool $V
# l1sim's policies that schedule warps run on gpusim's SMs
run sweep --timing=closed --dir="$T/pol" --jobs=1 --sms=2 --l1-policy=none,ccws $V
is "$rc" 0 "a warp-scheduling policy (ccws): runs closed"
like "$(grep '^trace-gen' "$T/pol/0002/cmd.sh")" "gpusim --sms=2 --l1=--policy=ccws -o gpusim.json" \
	"... as gpusim's --l1=--policy=ccws"
like "$(tr -d ' \n' < "$T/pol/0002/gpusim.json")" '"l1_policy":"ccws"' "... which ran it"
fails_with 2 "^sweep: trace-order:max-ctas: gpusim cannot honour it with --timing=closed" \
	"trace-order's occupancy" sweep --dir="$T/bad" --timing=closed --set=trace-order:max-ctas=2,4 $V
fails_with 2 "^sweep: l2sim:events: an option of l2sim's own streams and files" \
	"a stage's own file" sweep --dir="$T/bad" --timing=closed --fixed=l2sim:events=x $V
fails_with 2 "^sweep: l1sim:size=16K 32K: gpusim splits a stage's options at blanks" \
	"a value with a blank" sweep --dir="$T/bad" --timing=closed "--fixed=l1sim:size=16K 32K" $V
fails_with 2 "^sweep: --collect reads the timing from $T/c/sweep.json: no --timing$" \
	"--collect --timing" sweep --collect --timing=closed --dir="$T/c"
trace-gen $V | trace-order --sms=2 | coalesce -o "$T/req.wt"
fails_with 2 "^sweep: $T/req.wt is a stream of requests \(coalesce's output\); gpusim reads warps" \
	"a request stream" sweep --dir="$T/bad" --timing=closed "$T/req.wt"
[ ! -e "$T/bad" ]
ok $? "refusals write nothing"

# --- mdegree -------------------------------------------------------------
# vectoradd on 2 SMs, no L2: MD 1 to 6, each gpusim --cta-limit=MD.
run mdegree --timing=closed --sms=2 --no-l2 --format=csv --dir="$T/m" \
	--stats="$T/m.json" $V
is "$rc" 0 "mdegree --timing=closed: exit 0"
closed=$out
is "$(printf '%s\n' "$out" | tr -d '\r' | sed -n 1p)" \
	"# timing: closed: the sweep's points by gpusim (SMs, L1, interconnect, L2 and DRAM on one clock; core cycles), the profile by the open-loop pipeline" \
	"the CSV's first line says the timing"
is "$(mdcol sweep-16K 1)" "1 2 3 4 5 6 " "MD 1 to 6"
is "$(grep '^trace-gen' "$T/m/sweep/0003/cmd.sh")" \
	"trace-gen $ABSV | trace-order --sms=2 --cta-limit=3 | gpusim --sms=2 --cta-limit=3 --l1='--index=linear --assoc=4 --unified=0 --size=16K' --l2=--disable -o gpusim.json" \
	"MD 3's pipeline: gpusim --cta-limit=3, --no-l2 as --l2=--disable"
mkdir "$T/hand3"
(cd "$T/hand3" && trace-gen "$ABSV" | trace-order --sms=2 --cta-limit=3 |
	gpusim --sms=2 --cta-limit=3 --l1='--index=linear --assoc=4 --unified=0 --size=16K' \
	--l2=--disable -o gpusim.json 2> /dev/null)
cmp -s "$T/hand3/gpusim.json" "$T/m/sweep/0003/gpusim.json"
ok $? "MD 3's gpusim.json is the hand-run gpusim's"
is "$(mdcol sweep-16K 9 | cut -d' ' -f3)" "$(jnum "$T/hand3/gpusim.json" cycles)" \
	"MD 3's cycles are the hand run's"
is "$(mdcol sweep-16K 10 | cut -d' ' -f3)" \
	"$(awk -v x="$(jnum "$T/hand3/gpusim.json" ipc)" 'BEGIN { printf "%.3f", x }')" \
	"... its ipc the hand run's"
is "$(mdcol sweep-16K 4 | cut -d' ' -f3)" \
	"$(tr -d ' \n' < "$T/hand3/gpusim.json" | sed 's/.*"dram":{.*"total":{[^}]*"reads":\([0-9]*\),.*/\1/')" \
	"... its DRAM reads the hand run's dram.total.reads"
is "$(mdcol sweep-16K 7 | tr -d ' ')" "" "no CTA times: gpusim writes none"
best=$(mdcol sweep-16K 10 | awk '{ b = 1; for (i = 2; i <= NF; i++) if ($i > $b) b = i; print b }')
is "$(mdcol decision 6)" "$best " "the decision's best MD is gpusim's highest IPC (MD $best)"
like "$(tr -d ' \n' < "$T/m.json")" '^\{"program":"mdegree",[^{]*"command":\[[^]]*\],"timing":"closed","settings":' \
	"--stats: \"timing\":\"closed\""
run mdegree --sms=2 --no-l2 --format=csv --stats="$T/o.json" $V
open=$out
grep -q '"timing"' "$T/o.json"
is "$?" 1 "open timing's --stats as before, without a timing"
is "$(printf '%s\n' "$open" | tr -d '\r' | sed -n 1p)" "# sweep-16K" "... and its CSV too"
out=$closed prof_c=$(mdcol profile 1-10)
out=$open prof_o=$(mdcol profile 1-10)
is "$prof_c" "$prof_o" "the profile is the pipeline's either way"
out=$closed pred_c=$(mdcol decision 5)
out=$open pred_o=$(mdcol decision 5)
is "$pred_c" "$pred_o" "... and so the scheme's MD"
run mdegree --sms=2 --no-l2 --timing=open $V
o1=$out
run mdegree --sms=2 --no-l2 $V
is "$o1" "$out" "--timing=open prints what the default prints"
run mdegree --timing=closed --sms=2 --max-ctas=2 $V
like "$(printf '%s\n' "$out" | sed -n 1p)" "^timing: closed: the sweep's points by gpusim" \
	"the text's first line says the timing"
like "$out" "L2: the sweep by gpusim \(closed timing\), CTAs per SM 1 to 2 " \
	"... the sweep's title too; --max-ctas=2 bounds it"
fails_with 2 "^mdegree: --timing=shut: expected open or closed$" "mdegree: bad --timing" \
	mdegree --timing=shut $V

done_testing
