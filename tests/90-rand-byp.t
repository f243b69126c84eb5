#!/bin/sh
# l1sim --policy=rand-byp, the random bypass baseline and the example
# policy of HACKING ("Adding a policy"): fraction 0 is no policy, event
# for event; fraction 1 sends every load around the L1; 0.5 about half;
# a run repeats, and another --seed draws other loads.
. "$(dirname "$0")/lib.sh"

S=$(dirname "$0")/../samples
json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
num() {		# num FILE KEY: the first number KEY has in FILE
	json "$1" | grep -o "\"$2\":[0-9.e+-]*" | head -1 | cut -d: -f2
}
records() {	# records FILE: the events, without the header
	trace-dump "$1" | grep -v '^#'
}

trace-gen "$S/spmv.trc.zst" | trace-order | coalesce > "$T/spmv.req"
l1sim --stats="$T/none.json" -o "$T/none.ev" "$T/spmv.req"
for f in 0 0.5 1; do
	run l1sim --policy=rand-byp --bypass-fraction=$f --stats="$T/r$f.json" \
		-o "$T/r$f.ev" "$T/spmv.req"
	is "$rc" 0 "--bypass-fraction=$f runs"
done
loads=$(num "$T/none.json" loads)

records "$T/none.ev" > "$T/none.txt"
records "$T/r0.ev" > "$T/r0.txt"
cmp -s "$T/none.txt" "$T/r0.txt"
ok $? "fraction 0: the events of no policy, byte for byte"
is "$(num "$T/r0.json" rand_bypass)" 0 "fraction 0: no load sent around"
is "$(num "$T/r0.json" misses)" "$(num "$T/none.json" misses)" "fraction 0: the misses of no policy"

is "$(num "$T/r1.json" rand_bypass)" "$loads" "fraction 1: every load sent around"
is "$(num "$T/r1.json" hits):$(num "$T/r1.json" misses)" 0:0 "fraction 1: no hit, no miss"

half=$(num "$T/r0.5.json" rand_bypass)
ok $([ "$half" -gt $((loads * 2 / 5)) ] && [ "$half" -lt $((loads * 3 / 5)) ]; echo $?) \
	"fraction 0.5: about half the loads sent around ($half of $loads)"
like "$(json "$T/r0.5.json")" '"bypass_fraction":0.5' "the settings say the fraction"
like "$(json "$T/r1.json")" '"policy":"rand-byp"' "... and the policy"

l1sim --policy=rand-byp --stats="$T/d.json" -o "$T/d.ev" "$T/spmv.req"
mv "$T/d.ev" "$T/d1.ev"
mv "$T/d.json" "$T/d1.json"
l1sim --policy=rand-byp --stats="$T/d.json" -o "$T/d.ev" "$T/spmv.req"
cmp -s "$T/d1.ev" "$T/d.ev" && cmp -s "$T/d1.json" "$T/d.json"
ok $? "a run repeats: stream and statistics"
records "$T/d1.ev" > "$T/d1.txt"
records "$T/r0.5.ev" > "$T/r05.txt"
cmp -s "$T/d1.txt" "$T/r05.txt"
ok $? "the default fraction is 0.5"
l1sim --policy=rand-byp --seed=7 -o "$T/seed7.ev" "$T/spmv.req"
records "$T/seed7.ev" > "$T/seed7.txt"
! cmp -s "$T/seed7.txt" "$T/r05.txt"
ok $? "another --seed draws other loads"

run l1sim --sched=pool --policy=rand-byp --bypass-fraction=0 -o "$T/p0.ev" "$T/spmv.req"
l1sim --sched=pool -o "$T/pnone.ev" "$T/spmv.req"
records "$T/p0.ev" > "$T/p0.txt"
records "$T/pnone.ev" > "$T/pnone.txt"
cmp -s "$T/p0.txt" "$T/pnone.txt"
ok $? "the warp pool too: fraction 0 is no policy"

fails_with 2 'bypass-fraction' "a fraction over 1" \
	l1sim --policy=rand-byp --bypass-fraction=1.5 "$T/spmv.req"

done_testing
