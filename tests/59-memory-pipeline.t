#!/bin/sh
# The whole pipeline on every sample: trace-gen | trace-order | coalesce |
# l1sim | l2sim | dramsim.  Each stream checks, and every request of a
# level is accounted for at the next (served, or ignored as a hit).
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
records() {	# records STREAM: the records of a stream, all kernels
	trace-dump --summary --format=json "$1" | tr -d ' \n' | grep -o '"records":[0-9]*' \
		| cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }'
}
total() {	# total JSON KEY: a number in the "total" object
	json "$1" | grep -o '"total":{.*' | grep -o "\"$2\":[0-9]*" | head -n 1 | cut -d: -f2
}

for s in samples/*.trc.zst; do
	name=$(basename "$s" .trc.zst)
	trace-gen "$s" | trace-order | coalesce | l1sim > "$T/l1.wt"
	l2sim --stats="$T/l2.json" "$T/l1.wt" > "$T/l2.wt"
	ok $? "$name: l1sim | l2sim"
	dramsim --stats="$T/d.json" "$T/l2.wt" > "$T/d.wt"
	ok $? "$name: l2sim | dramsim"
	trace-dump --check "$T/l2.wt" && trace-dump --check "$T/d.wt"
	ok $? "$name: the L2 and DRAM streams check"
	n2=$(records "$T/l2.wt")
	nd=$(total "$T/d.json" requests)
	ig=$(total "$T/d.json" ignored)
	is "$((nd + ig))" "$n2" "$name: DRAM serves or ignores each of the $n2 L2 events"
	nd_out=$(records "$T/d.wt")
	is "$nd_out" "$nd" "$name: one DRAM event per request served ($nd)"
done

# the demo runs the whole pipeline
DEMO_DIR="$T/demo" sh scripts/demo.sh "$BUILD/bin" > "$T/demo.out" 2>&1
ok $? "make demo's script runs"
like "$(cat "$T/demo.out")" "dramsim" "the demo goes down to dramsim"

done_testing
