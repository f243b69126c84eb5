#!/bin/sh
# ab.sh - two builds of warptrace compared stage by stage, in turns: each
# command runs with OLD's binaries and with NEW's, BENCH_REPEAT times, the
# first of the two by turns, so that both see the same phases of a shared
# machine, whose speed can move twice over within an hour (figures from
# separate runs of run.sh cannot be compared there).  The figure is CPU
# time, user and system, of all the command's processes.  For each
# command: the best and the median of each build, and NEW's over OLD's
# (below 1: NEW is faster).
#
#   sh bench/ab.sh OLD NEW          two build directories, as make makes
#
# BENCH_ACCESSES: thread accesses per pattern (gen-dump's stream, reuse and
# conflict), 4M by default; BENCH_REPEAT: runs of each command per build,
# 9 by default; BENCH_DIR: where the inputs and results.json go, NEW/ab by
# default.  Each stage alone reads the stream its upstream stage of NEW
# wrote, and writes an uncompressed one to /dev/null; l1sim, l2sim and
# dramsim run on one thread.  Where OLD cannot read NEW's streams (another
# major version of the format), OLD's own stages make its inputs, and the
# line says so.
#
# BENCH_INSTR=1 adds each stage's count of instructions, run once per
# build under valgrind's cachegrind (without its cache model): a figure
# the machine's phase does not move (a count repeats to within a few
# dozen instructions), so a change of a few percent shows where CPU
# times scatter more.  It costs some fifty times a run.
# Instructions are not time (a change may run fewer and more slowly);
# the two figures together are the evidence.
set -eu
[ $# -eq 2 ] || { echo "usage: sh bench/ab.sh OLD NEW (build directories)" >&2; exit 2; }
old=$1 new=$2
for b in "$old" "$new"; do
	for p in trace-gen trace-order coalesce l1sim l2sim dramsim trace-dump; do
		[ -x "$b/bin/$p" ] || { echo "ab: $b/bin/$p: not found; expected a build directory" >&2; exit 2; }
	done
done
tools=$new/tools
if [ ! -x "$tools/measure" ] || [ ! -x "$tools/gen-dump" ]; then
	echo "ab: $tools/measure or gen-dump: not found; expected a build directory" >&2
	exit 2
fi
n=${BENCH_ACCESSES:-4M}
repeat=${BENCH_REPEAT:-9}
case $repeat in
''|*[!0-9]*|0) echo "ab: BENCH_REPEAT=$repeat: expected a count of runs from 1" >&2; exit 2 ;;
esac
instr=${BENCH_INSTR:-0}
case $instr in
0|1) ;;
*) echo "ab: BENCH_INSTR=$instr: expected 0 or 1" >&2; exit 2 ;;
esac
if [ "$instr" = 1 ] && ! command -v valgrind > /dev/null 2>&1; then
	echo "ab: BENCH_INSTR=1 needs valgrind (scripts/deps.sh installs it)" >&2
	exit 2
fi
out=${BENCH_DIR:-$new/ab}
mkdir -p "$out"
json=$out/results.json
rm -f "$json"	# none from an earlier run, should this one stop
results=

# cpu COMMAND: its CPU time in seconds; the bench stops if it fails.
cpu() {
	m=$("$tools/measure" "$1" 2>&1 >/dev/null | tail -n 1)
	case $m in
	*'"status": 0}') ;;
	*) echo "ab: '$1' failed: $m" >&2; exit 1 ;;
	esac
	printf '%s\n' "$m" | sed 's/.*"cpu_s": \([0-9.]*\).*/\1/'
}

# instructions COMMAND: the instructions that COMMAND, which runs its
# program under $vg, ran; the bench stops if it fails.
vg="valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null --log-file='$out/vg.log'"
instructions() {
	rm -f "$out/vg.log"
	if ! sh -c "$1" > /dev/null 2> "$out/vg.err"; then
		echo "ab: '$1' failed: $(tail -n 1 "$out/vg.err")" >&2
		exit 1
	fi
	i=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$out/vg.log" | tr -d ,)
	[ -n "$i" ] || { echo "ab: '$1': no count of instructions in $out/vg.log" >&2; exit 1; }
	echo "$i"
}

# best_median FILE: the least and the median of the numbers in FILE.
best_median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%s %s\n", v[1], v[int((NR + 1) / 2)] }'
}

# ab NAME OLD_COMMAND NEW_COMMAND [OLD_UNDER_VG NEW_UNDER_VG]
ab() {
	: > "$out/t.old"
	: > "$out/t.new"
	k=0
	while [ $k -lt "$repeat" ]; do	# OLD first, then NEW first
		if [ $((k % 2)) = 0 ]; then
			cpu "$2" >> "$out/t.old"
			cpu "$3" >> "$out/t.new"
		else
			cpu "$3" >> "$out/t.new"
			cpu "$2" >> "$out/t.old"
		fi
		k=$((k + 1))
	done
	iold='' inew='' json_instr=''
	if [ "$instr" = 1 ] && [ $# -ge 5 ]; then
		iold=$(instructions "$4")
		inew=$(instructions "$5")
		json_instr=", \"old_instructions\": $iold, \"new_instructions\": $inew"
	fi
	# shellcheck disable=SC2046 # two numbers each
	set -- "$1" $(best_median "$out/t.old") $(best_median "$out/t.new")
	awk -v n="$1" -v a="$2" -v b="$3" -v c="$4" -v d="$5" -v x="$instr" \
	    -v io="$iold" -v ne="$inew" 'BEGIN {
		printf "%-48s %7.3f %7.3f %5.2f   %7.3f %7.3f %5.2f", n, a, c,
			(a > 0 ? c / a : 0), b, d, (b > 0 ? d / b : 0)
		if (io != "")
			printf "   %9.1f %9.1f %5.3f", io / 1e6, ne / 1e6,
				(io > 0 ? ne / io : 0)
		else if (x == 1)
			printf "   %9s %9s %5s", "-", "-", "-"
		printf "\n" }'
	results="$results${results:+,}
    {\"name\": \"$1\", \"old_best_s\": $2, \"new_best_s\": $4, \"old_median_s\": $3, \"new_median_s\": $5$json_instr$json_note}"
}

# stage NAME ENV PROGRAM OLD_ARGS NEW_ARGS: PROGRAM alone, OLD's and
# NEW's, with ENV (assignments, or nothing) before it.
stage() {
	ab "$1" "$2 '$old/bin/$3' $4" "$2 '$new/bin/$3' $5" \
		"$2 $vg '$old/bin/$3' $4" "$2 $vg '$new/bin/$3' $5"
}

# inputs B DIR DUMP: B's stages make DIR's streams from DUMP.
inputs() {
	"$1/bin/trace-gen" --level=0 -o "$2.acc.wt" "$3"
	"$1/bin/trace-order" --level=0 -o "$2.warp.wt" "$2.acc.wt"
	"$1/bin/coalesce" --level=0 -o "$2.req.wt" "$2.warp.wt"
	OMP_NUM_THREADS=1 "$1/bin/l1sim" --level=0 -o "$2.l1.wt" "$2.req.wt"
	OMP_NUM_THREADS=1 "$1/bin/l2sim" --level=0 -o "$2.l2.wt" "$2.l1.wt"
}

# pipe B: B's trace-gen | trace-order | coalesce | l1sim on the dump.
pipe() {
	printf "'%s/bin/trace-gen' '%s' | '%s/bin/trace-order' | '%s/bin/coalesce' | '%s/bin/l1sim' --level=0 -o /dev/null" \
		"$1" "$dump" "$1" "$1" "$1"
}

echo "warptrace ab: $old against $new, $n thread accesses per pattern, $repeat runs each in turns"
printf '%-48s %21s   %21s' "CPU seconds" "best: old new new/old" "median: old new new/old"
[ "$instr" = 0 ] || printf '   %25s' "instructions (M): old new new/old"
printf '\n'
for pattern in stream reuse conflict; do
	dump=$out/$pattern.trc
	"$tools/gen-dump" --accesses="$n" --pattern=$pattern > "$dump"
	inputs "$new" "$out/$pattern.new" "$dump"
	note='' json_note='' src=$out/$pattern.new osrc=$out/$pattern.new
	if ! "$old/bin/trace-dump" --check "$src.acc.wt" > /dev/null 2>&1; then
		osrc=$out/$pattern.old
		inputs "$old" "$osrc" "$dump"
		note=" (OLD reads no stream of NEW's: its inputs are its own)"
		json_note=", \"inputs\": \"each build's own\""
	fi
	echo "-- $pattern$note"
	stage "trace-gen ($pattern)" "" trace-gen \
		"--level=0 -o /dev/null '$dump'" "--level=0 -o /dev/null '$dump'"
	for s in trace-order:acc coalesce:warp l1sim:req l2sim:l1 dramsim:l2; do
		p=${s%%:*} f=${s#*:}
		stage "$p ($pattern)" OMP_NUM_THREADS=1 "$p" \
			"--level=0 -o /dev/null '$osrc.$f.wt'" \
			"--level=0 -o /dev/null '$src.$f.wt'"
	done
	ab "pipe: trace-gen|order|coalesce|l1sim ($pattern)" "$(pipe "$old")" "$(pipe "$new")"
done
printf '{"old": "%s", "new": "%s", "accesses": "%s", "repeat": %s, "results": [%s\n]}\n' \
	"$old" "$new" "$n" "$repeat" "$results" > "$json"
rm -f "$out/t.old" "$out/t.new" "$out/vg.log" "$out/vg.err"
echo "results: $json"
