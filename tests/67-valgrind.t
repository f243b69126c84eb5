#!/bin/sh
# Valgrind's memcheck on a short pipeline, every program on its own
# input file (so that each has its own report): no invalid read or write,
# no use of uninitialised memory, no definitely lost block.  One thread
# (OMP_NUM_THREADS=1), as memcheck serialises threads anyway.
. "$(dirname "$0")/lib.sh"

if ! command -v valgrind >/dev/null 2>&1; then
	ok 1 "valgrind is not installed: run scripts/deps.sh (apt-get install valgrind)"
	done_testing
	exit 1
fi
# A sanitizer build (make asan) has its own checks and cannot run under
# memcheck.
if ldd "$BIN/trace-gen" 2>/dev/null | grep -q libasan; then
	echo "1..0 # SKIP $BIN is a sanitizer build"
	exit 0
fi
OMP_NUM_THREADS=1
export OMP_NUM_THREADS

memcheck() {	# memcheck NAME PROGRAM ARG...: the program under memcheck
	_name=$1
	shift
	valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --track-origins=yes \
		"$@" > "$T/vg.out" 2> "$T/vg.err"
	_rc=$?
	ok $_rc "memcheck: $_name (exit $_rc)"
	[ "$_rc" = 0 ] || sed 's/^/# /' "$T/vg.err" | head -n 30
}

memcheck trace-gen trace-gen -o "$T/a.wt" samples/stride-s33.trc.zst
memcheck trace-order trace-order --stats="$T/to.json" -o "$T/w.wt" "$T/a.wt"
memcheck coalesce coalesce --stats="$T/co.json" -o "$T/r.wt" "$T/w.wt"
memcheck "l1sim (stream)" l1sim --events=all --stats="$T/l1.json" -o "$T/e1.wt" "$T/r.wt"
memcheck "l1sim (pool)" l1sim --arch=nugteren -o /dev/null "$T/r.wt"
l1sim -o "$T/m1.wt" "$T/r.wt"
memcheck l2sim l2sim --stats="$T/l2.json" -o "$T/e2.wt" "$T/m1.wt"
memcheck dramsim dramsim --stats="$T/dr.json" -o "$T/e3.wt" "$T/e2.wt"
memcheck "trace-dump --check" trace-dump --check "$T/e3.wt"
memcheck "trace-dump --format=csv" trace-dump --format=csv "$T/r.wt"
memcheck classify classify --stats="$T/cl.json" -o /dev/null "$T/r.wt"
memcheck "classify (events)" classify -o /dev/null "$T/e1.wt"
memcheck report report --format=json -o /dev/null "$T/to.json" "$T/co.json" \
	"$T/l1.json" "$T/l2.json" "$T/dr.json" "$T/cl.json"
memcheck "report --compare" report --compare=tests/data/report/measured.csv -o /dev/null \
	tests/data/report/base.json
memcheck "report --compare (c++filt)" report --compare=tests/data/compare/ncu-raw.csv \
	-o /dev/null tests/data/compare/modelled.json
# errors on the way out must not leak or touch freed memory either
head -c 2000 "$T/r.wt" > "$T/cut.wt"
valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	l1sim -o /dev/null "$T/cut.wt" > /dev/null 2> "$T/vg.err"
is "$?" 1 "memcheck: l1sim on a cut stream fails with status 1, no memcheck error"

done_testing
