#!/bin/sh
# The fuzz seed corpus (tests/fuzz, see fuzz/run.sh) through the programs
# themselves: every input is read to the end or refused with exit status
# 1 and one line, never a crash (status 128 and up) or a hang.
. "$(dirname "$0")/lib.sh"

for f in tests/fuzz/dump/*; do
	run trace-gen -o "$T/out.wt" "$f"
	[ "$rc" -le 1 ] && { [ "$rc" = 0 ] || [ "$(printf '%s\n' "$err" | wc -l)" = 1 ]; }
	ok $? "trace-gen $(basename "$f"): exit $rc"
done
for f in tests/fuzz/accelsim/*; do
	run trace-gen --format=accelsim -o "$T/out.wt" "$f"
	[ "$rc" -le 1 ] && { [ "$rc" = 0 ] || [ "$(printf '%s\n' "$err" | wc -l)" = 1 ]; }
	ok $? "trace-gen --format=accelsim $(basename "$f"): exit $rc"
done
for f in tests/fuzz/stream/*; do
	run trace-dump --check "$f"
	[ "$rc" -le 1 ]
	ok $? "trace-dump --check $(basename "$f"): exit $rc"
done
for f in tests/fuzz/spec/*; do
	# the first byte picks the parser (see fuzz/fuzz-spec.c)
	pick=$(od -An -tu1 -N1 "$f" | tr -d ' ')
	arg=$(tail -c +2 "$f" | tr -d '\000')
	case $((pick % 4)) in
	0) run l1sim --config="$arg" -o /dev/null /dev/null ;;
	1) run l1sim --index="$arg" -o /dev/null /dev/null ;;
	2) run l2sim --map="$arg" -o /dev/null /dev/null ;;
	3) run dramsim --map="$arg" -o /dev/null /dev/null ;;
	esac
	[ "$rc" -le 2 ]
	ok $? "spec $(basename "$f"): exit $rc"
done
for f in tests/fuzz/report/*; do
	# the first byte: even, a stats file; odd, a profiler CSV (fuzz-report.c)
	pick=$(od -An -tu1 -N1 "$f" | tr -d ' ')
	tail -c +2 "$f" > "$T/input"
	if [ $((pick % 2)) = 0 ]; then
		run report -o /dev/null "$T/input"
	else
		run report --compare="$T/input" -o /dev/null tests/data/report/base.json
	fi
	[ "$rc" -le 1 ] && { [ "$rc" = 0 ] || [ "$(printf '%s\n' "$err" | wc -l)" = 1 ]; }
	ok $? "report $(basename "$f"): exit $rc"
done

done_testing
