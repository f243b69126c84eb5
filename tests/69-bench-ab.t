#!/bin/sh
# bench/ab.sh: two builds in turns, stage by stage; the build against
# itself, a build that reads no stream of the other's, a command that
# fails, and bad arguments.
. "$(dirname "$0")/lib.sh"
ab=$(dirname "$0")/../bench/ab.sh
export BENCH_ACCESSES=4K BENCH_REPEAT=2

# A build like $BUILD but for the programs given, which are scripts:
# fake DIR NAME SCRIPT [NAME SCRIPT...]
fake() {
	d=$1
	shift
	mkdir -p "$d/bin"
	for p in "$BUILD"/bin/*; do
		ln -sf "$p" "$d/bin/"
	done
	while [ $# -gt 1 ]; do
		rm -f "$d/bin/$1"
		printf '#!/bin/sh\n%s\n' "$2" > "$d/bin/$1"
		chmod +x "$d/bin/$1"
		shift 2
	done
}

BENCH_DIR=$T/self run sh "$ab" "$BUILD" "$BUILD"
is "$rc" 0 "the build against itself: exit 0"
rows=$(printf '%s\n' "$out" | grep -E '^(trace-gen|trace-order|coalesce|l1sim|l2sim|dramsim|pipe:) ')
is "$(printf '%s\n' "$rows" | wc -l | tr -d ' ')" 21 "7 commands on each of 3 patterns"
bad=$(printf '%s\n' "$rows" | awk '{ for (i = NF - 5; i <= NF; i++) if ($i !~ /^[0-9]+\.[0-9]+$/) print }')
is "$bad" "" "each: best and median of both and their ratios, all numbers"
like "$out" "^-- conflict$" "same format: the same inputs, no note"
is "$(grep -c '"name"' "$T/self/results.json")" 21 "results.json: 21 figures"
like "$(tr -d '\n' < "$T/self/results.json")" \
	'"repeat": 2, "results": \[ *\{"name": "trace-gen \(stream\)", "old_best_s": [0-9.]+, "new_best_s": [0-9.]+, "old_median_s": [0-9.]+, "new_median_s": [0-9.]+\}' \
	"results.json: names and CPU seconds"

# an old build whose trace-dump refuses the new streams makes its own
fake "$T/other" trace-dump 'echo "another version" >&2; exit 1'
BENCH_DIR=$T/own run sh "$ab" "$T/other" "$BUILD"
is "$rc" 0 "a build that reads no stream of the other's: exit 0"
like "$out" "^-- reuse \(OLD reads no stream of NEW's: its inputs are its own\)$" "said per pattern"
ok "$(test -s "$T/own/reuse.old.l2.wt"; echo $?)" "its own stages made its inputs"
is "$(grep -c "each build's own" "$T/own/results.json")" 21 "results.json says so for each"

fake "$T/broken" dramsim 'exit 3'
mkdir -p "$T/broken.out"
echo '{"results": []}' > "$T/broken.out/results.json"	# an earlier run's
BENCH_DIR=$T/broken.out run sh "$ab" "$T/broken" "$BUILD"
is "$rc" 1 "a command that fails: exit 1"
like "$err" "^ab: '.*broken/bin/dramsim' --level=0 -o /dev/null .*' failed: .*\"status\": 3" \
	"names the command and its status"
ok "$(test ! -e "$T/broken.out/results.json"; echo $?)" "and leaves no results.json, not even an earlier one"

# BENCH_INSTR=1: instructions under cachegrind, which a sanitizer build
# cannot run under
if ! command -v valgrind > /dev/null 2>&1; then
	ok 1 "valgrind is not installed: run scripts/deps.sh (BENCH_INSTR not tested)"
elif ldd "$BUILD/bin/trace-gen" 2> /dev/null | grep -q libasan; then
	ok 0 "# SKIP a sanitizer build runs under no valgrind (BENCH_INSTR not tested)"
else
	BENCH_ACCESSES=1K BENCH_REPEAT=1 BENCH_INSTR=1 BENCH_DIR=$T/instr \
		run sh "$ab" "$BUILD" "$BUILD"
	is "$rc" 0 "BENCH_INSTR=1: exit 0"
	like "$out" "new/old +instructions \(M\): old new new/old$" "a column of instructions"
	rows=$(printf '%s\n' "$out" | grep -E '^(trace-gen|trace-order|coalesce|l1sim|l2sim|dramsim) ')
	is "$(printf '%s\n' "$rows" | wc -l | tr -d ' ')" 18 "6 stages on each of 3 patterns"
	bad=$(printf '%s\n' "$rows" | awk '$(NF-2) !~ /^[0-9]+\.[0-9]$/ ||
		$(NF-1) !~ /^[0-9]+\.[0-9]$/ || $NF !~ /^(0\.999|1\.000|1\.001)$/')
	is "$bad" "" "each: counts in millions, and about 1 for the same build"
	pipes=$(printf '%s\n' "$out" | grep '^pipe:' | awk '{ print $(NF-2), $(NF-1), $NF }' | sort -u)
	is "$pipes" "- - -" "none for the pipelines"
	# a count repeats to within a few dozen instructions (seen: 20 more
	# of dramsim's 3.5 M in one run of eight, 10 more of 0.7 M under
	# the load of make check): 1000 allowed, and 10 in a million
	counts=$(sed -n 's/.*"old_instructions": \([0-9]*\), "new_instructions": \([0-9]*\)}.*/\1 \2/p' \
		"$T/instr/results.json")
	is "$(printf '%s\n' "$counts" | awk '$1 > 0 && $2 > 0' | wc -l | tr -d ' ')" 18 \
		"results.json: 18 counts, old and new"
	is "$(printf '%s\n' "$counts" | awk '{ d = $1 > $2 ? $1 - $2 : $2 - $1 }
		d > 1000 + $1 / 1e5')" "" "each the same, to 1000 and 10 in a million"
	ok "$(test ! -e "$T/instr/vg.log"; echo $?)" "valgrind's log is gone"

	# an OLD trace-gen that runs a loop of the shell's, then the real one
	# (a child, which cachegrind does not follow): counts that differ,
	# and the ratio is NEW's over OLD's
	fake "$T/loop" trace-gen "i=0; while [ \$i -lt 3000 ]; do i=\$((i + 1)); done; '$BUILD/bin/trace-gen' \"\$@\""
	BENCH_ACCESSES=1K BENCH_REPEAT=1 BENCH_INSTR=1 BENCH_DIR=$T/loop.out \
		run sh "$ab" "$T/loop" "$BUILD"
	is "$rc" 0 "another OLD: exit 0"
	want=$(sed -n 's/.*"trace-gen (reuse)".*"old_instructions": \([0-9]*\), "new_instructions": \([0-9]*\)}.*/\1 \2/p' \
		"$T/loop.out/results.json" | awk '$1 != $2 { printf "%.3f\n", $2 / $1 }')
	got=$(printf '%s\n' "$out" | awk '/^trace-gen \(reuse\)/ { print $NF }')
	ok "$([ -n "$want" ] && [ "$got" = "$want" ]; echo $?)" \
		"counts that differ: NEW's over OLD's ($got, from results.json $want)"
fi
BENCH_INSTR=2 fails_with 2 "BENCH_INSTR=2: expected 0 or 1" "BENCH_INSTR neither 0 nor 1" \
	sh "$ab" "$BUILD" "$BUILD"

fails_with 2 "^usage: sh bench/ab.sh OLD NEW" "one build" sh "$ab" "$BUILD"
fails_with 2 "^ab: $T/bin/trace-gen: not found; expected a build directory" "not a build" \
	sh "$ab" "$T" "$BUILD"
BENCH_REPEAT=0 fails_with 2 "BENCH_REPEAT=0: expected a count of runs from 1" "no runs" \
	sh "$ab" "$BUILD" "$BUILD"

done_testing
