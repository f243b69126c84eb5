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

fails_with 2 "^usage: sh bench/ab.sh OLD NEW" "one build" sh "$ab" "$BUILD"
fails_with 2 "^ab: $T/bin/trace-gen: not found; expected a build directory" "not a build" \
	sh "$ab" "$T" "$BUILD"
BENCH_REPEAT=0 fails_with 2 "BENCH_REPEAT=0: expected a count of runs from 1" "no runs" \
	sh "$ab" "$BUILD" "$BUILD"

done_testing
