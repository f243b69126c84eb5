#!/bin/sh
# Every stage refuses a record whose fields hold values its kind does not
# allow (warptrace-stream(5), Valid values): one line naming the file, the
# record and the field, what was expected, exit 1, and no output left.
# trace-dump shows such a record unless asked to --check or --summary.
. "$(dirname "$0")/lib.sh"

set_field() {	# set_field IN RECORD FIELD VALUE OUT
	"$BUILD/tests/test-format" --set-field "$@"
}

trace-gen samples/nw.trc.zst > "$T/a.wt" &&
	trace-order "$T/a.wt" > "$T/w.wt" &&
	coalesce "$T/w.wt" > "$T/q.wt" &&
	l1sim "$T/q.wt" > "$T/l1.wt" &&
	l2sim "$T/l1.wt" > "$T/l2.wt"
ok $? "nw through to L2 events"

# refused() STATUS-PATTERN NAME PROGRAM [ARGS] INPUT: exit 1, the message,
# one line, and the output file (-o) not left behind.
refused() {
	_pat=$1 _name=$2
	shift 2
	rm -f "$T/out"
	fails_with 1 "$_pat" "$_name" "$@" -o "$T/out"
	ok "$([ ! -e "$T/out" ]; echo $?)" "$_name: no output left"
}

OPS='expected 0 to 2 \(load, store, atomic\)$'
WOPS='expected 0 to 3 \(load, store, atomic, none\)$'
FLAGS='expected bits 0 \(last\) and 4 to 7 \(cache operator\) only$'
WFLAGS='expected bits 0 \(last\), 4 to 7 \(cache operator\) and 8 to 31 \(dependences\) only$'
SPACES='expected 0 to 4 \(global, local, shared, const, texture\)$'

# ---- access records ----
set_field "$T/a.wt" 100 op 7 "$T/bad-a.wt"
refused "bad-a.wt: record 100: bad op 7; $OPS" "trace-order, access op 7" \
	trace-order "$T/bad-a.wt"
set_field "$T/a.wt" 5000 size 12 "$T/bad-a.wt"
refused "bad-a.wt: record 5000: bad size 12; expected a power of two$" \
	"trace-order --hold=kernel, access size 12" trace-order --hold=kernel "$T/bad-a.wt"

# ---- warp records ----
set_field "$T/w.wt" 3 space 9 "$T/bad-w.wt"
refused "bad-w.wt: record 3: bad space 9; $SPACES" "coalesce, warp space 9" \
	coalesce "$T/bad-w.wt"
refused "bad-w.wt: record 3: bad space 9; $SPACES" \
	"trace-order on warp records, space 9" trace-order "$T/bad-w.wt"
set_field "$T/w.wt" 3 flags 4 "$T/bad-w.wt"
refused "bad-w.wt: record 3: bad flags 4; $WFLAGS" \
	"coalesce, warp flag 4" coalesce "$T/bad-w.wt"
# dep 1 (1 << 10) without bit 8, which says the record carries it
set_field "$T/w.wt" 3 flags 1024 "$T/bad-w.wt"
refused "bad-w.wt: record 3: bad flags 1024; expected dep \(bits 10 to 15\), at \(bits 16 to 25\) and chain \(bits 26 to 31\) 0 without bit 8 \(deps\)$" \
	"coalesce, a dependence without bit 8" coalesce "$T/bad-w.wt"
set_field "$T/w.wt" 3 flags 224 "$T/bad-w.wt"
refused "bad-w.wt: record 3: bad cache operator 14; expected 0 to 12 \(flags bits 4 to 7\)$" \
	"trace-order on warp records, cache operator 14" trace-order "$T/bad-w.wt"
set_field "$T/w.wt" 3 op 3 "$T/bad-w.wt"
refused "bad-w.wt: record 3: bad active mask [0-9]+; expected for op none \(no memory access\): 0$" \
	"coalesce, warp op none with active lanes" coalesce "$T/bad-w.wt"

# ---- requests ----
n=$(trace-dump --format=csv "$T/q.wt" | tail -n +2 | wc -l)
last=$((n - 1))
set_field "$T/q.wt" $last op 4 "$T/bad-q.wt"
refused "bad-q.wt: record $last: bad op 4; $WOPS" "l1sim, the last request's op 4" \
	l1sim "$T/bad-q.wt"
refused "bad-q.wt: record $last: bad op 4; $WOPS" "l1sim --sched=pool, op 4" \
	l1sim --sched=pool "$T/bad-q.wt"
refused "bad-q.wt: record $last: bad op 4; $WOPS" "classify, request op 4" \
	classify "$T/bad-q.wt"
set_field "$T/q.wt" $last op 3 "$T/bad-q.wt"
refused "bad-q.wt: record $last: bad lanes [0-9]+; expected for op none \(no memory access\): 0$" \
	"l1sim, a request of op none that serves lanes" l1sim "$T/bad-q.wt"
set_field "$T/q.wt" 10 count 0 "$T/bad-q.wt"
refused "bad-q.wt: record 10: bad request count 0; expected 1 or more$" \
	"l1sim, a request count of 0" l1sim "$T/bad-q.wt"
set_field "$T/q.wt" 10 index 200 "$T/bad-q.wt"
refused "bad-q.wt: record 10: bad request index 200; expected less than its count, [0-9]+$" \
	"classify, request index 200" classify "$T/bad-q.wt"
set_field "$T/q.wt" 10 flags 2 "$T/bad-q.wt"
refused "bad-q.wt: record 10: bad flags 2; $FLAGS" \
	"l1sim, request flag 2" l1sim "$T/bad-q.wt"

# ---- an SM the stream does not have (nw: sms 15, from trace-order) ----
set_field "$T/q.wt" 1000 sm 65535 "$T/bad-q.wt"
refused "bad-q.wt: record 1000: bad SM 65535; expected 0 to 14 \(the stream's 15 SMs, its header's sms\)$" \
	"l1sim, SM 65535 of 15" l1sim "$T/bad-q.wt"
refused "bad-q.wt: record 1000: bad SM 65535; expected 0 to 14" \
	"l1sim --sched=pool, SM 65535 of 15" l1sim --sched=pool "$T/bad-q.wt"
refused "bad-q.wt: record 1000: bad SM 65535; expected 0 to 14" \
	"classify, SM 65535 of 15" classify "$T/bad-q.wt"
set_field "$T/q.wt" 1000 sm 15 "$T/bad-q.wt"
refused "bad-q.wt: record 1000: bad SM 15; expected 0 to 14" "l1sim, SM 15 of 15" \
	l1sim "$T/bad-q.wt"
set_field "$T/q.wt" 1000 sm 14 "$T/sm14.wt"
l1sim -o /dev/null "$T/sm14.wt" && classify -o /dev/null "$T/sm14.wt"
ok $? "SM 14 of 15 is one of them: l1sim and classify take it"
# concatenated segments: the most SMs of any segment bound them all
trace-order --sms=30 "$T/a.wt" | coalesce > "$T/q30.wt"
trace-order --sms=10 "$T/a.wt" | coalesce > "$T/q10.wt"
cat "$T/q.wt" "$T/q30.wt" > "$T/cat.wt"
l1sim -o /dev/null "$T/cat.wt" && classify -o /dev/null "$T/cat.wt"
ok $? "a 15-SM stream, then a 30-SM one: SMs 15 to 29 of the second taken"
# (set_field writes uncompressed streams, and segments share a framing)
set_field "$T/q.wt" 1000 sm 40 "$T/sm40.wt"
set_field "$T/q.wt" 0 sm 0 "$T/raw15.wt"
set_field "$T/q10.wt" 0 sm 0 "$T/raw10.wt"
cat "$T/raw15.wt" "$T/raw10.wt" "$T/sm40.wt" > "$T/cat.wt"
rec=$((n + $(trace-dump --format=csv "$T/q10.wt" | tail -n +2 | wc -l) + 1000))
fails_with 1 "cat.wt: record $rec: bad SM 40; expected 0 to 14" \
	"15, 10, then 15 SMs: the fewer in the middle neither narrows nor drops the bound" \
	l1sim -o /dev/null "$T/cat.wt"

# ---- events ----
set_field "$T/l1.wt" 20 type 9 "$T/bad-l1.wt"
refused "bad-l1.wt: record 20: bad event type 9; expected 0 to 4 \(hit, miss, bypass, write-through, write-back\)$" \
	"l2sim, event type 9" l2sim "$T/bad-l1.wt"
set_field "$T/l1.wt" 20 miss_class 6 "$T/bad-l1.wt"
refused "bad-l1.wt: record 20: bad miss class 6; expected 0 to 5$" \
	"classify, L1 event miss class 6" classify "$T/bad-l1.wt"
set_field "$T/l2.wt" 0 level 0 "$T/bad-l2.wt"
refused "bad-l2.wt: record 0: bad level 0; expected 1 to 3 \(L1, L2, DRAM\)$" \
	"dramsim, event level 0" dramsim "$T/bad-l2.wt"
set_field "$T/l2.wt" 1 space 5 "$T/bad-l2.wt"
refused "bad-l2.wt: record 1: bad space 5; $SPACES" "dramsim, event space 5" \
	dramsim "$T/bad-l2.wt"

# ---- in a pipe: the stage that reads it stops, and so the pipeline ----
set_field "$T/q.wt" 10 op 5 "$T/bad-q.wt"
cat "$T/bad-q.wt" | l1sim 2> "$T/pipe.err" | l2sim > "$T/pipe.out" 2> /dev/null
like "$(cat "$T/pipe.err")" "^l1sim: stdin: record 10: bad op 5; $WOPS" "in a pipe: l1sim names stdin's record"
ok "$([ ! -s "$T/pipe.out" ]; echo $?)" "in a pipe: nothing comes out of l2sim"

# ---- trace-dump ----
fails_with 1 "bad-q.wt: record 10: bad op 5; $WOPS" "trace-dump --check" \
	trace-dump --check "$T/bad-q.wt"
fails_with 1 "bad-q.wt: record 10: bad op 5; $WOPS" "trace-dump --summary" \
	trace-dump --summary "$T/bad-q.wt"
run trace-dump --format=csv "$T/bad-q.wt"
is "$rc" 0 "trace-dump shows a stream with a bad record"
is "$(printf '%s\n' "$out" | sed -n 12p | cut -d, -f8)" "unknown" "and shows the bad op as unknown"
run trace-dump --check "$T/q.wt"
is "$rc" 0 "the stream it was made from is sound"

done_testing
