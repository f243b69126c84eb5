#!/bin/sh
# Faults in pipelines, for every stage from trace-order to dramsim: a cut
# input is reported as truncated and leaves no output file; a full disk is
# a clear error; a reader that exits early ends the pipeline quietly.  And
# the whole pipeline gives the same bytes with 1 and 2 threads.
. "$(dirname "$0")/lib.sh"

# One input per stage, from a sample, and what each stage is run as.
trace-gen samples/spmv.trc.zst -o "$T/in.trace-order"
trace-order -o "$T/in.coalesce" "$T/in.trace-order"
coalesce -o "$T/in.l1sim" "$T/in.coalesce"
l1sim -o "$T/in.l2sim" "$T/in.l1sim"
l2sim -o "$T/in.dramsim" "$T/in.l2sim"
for stage in trace-order coalesce l1sim "l1sim --sched=pool" l2sim "l2sim --disable" dramsim; do
	prog=${stage%% *}
	in="$T/in.$prog"
	size=$(wc -c < "$in")
	head -c $((size * 2 / 3)) "$in" > "$T/cut.wt"
	rm -f "$T/out.wt"
	run $stage -o "$T/out.wt" "$T/cut.wt"
	is "$rc" 1 "$stage: a cut input: exit 1"
	like "$err" "cut.wt: truncated" "$stage: a cut input: says truncated"
	[ ! -e "$T/out.wt" ]
	ok $? "$stage: a cut input: no output file"
	ls "$T" | grep -q '^out\.wt\.tmp' && fail=1 || fail=0
	is "$fail" 0 "$stage: a cut input: no temporary left behind"

	run sh -c "$stage '$in' > /dev/full"
	is "$rc" 1 "$stage: a full disk: exit 1"
	like "$err" "write error" "$stage: a full disk: says write error"

	run sh -c "$stage '$in' | head -c 10 > /dev/null"
	is "$err" "" "$stage: a reader that exits early: no noise"
done

# The whole pipeline with 1 and 2 threads in every stage: the same bytes.
for s in samples/spmv.trc.zst samples/bfs.trc.zst samples/hotspot.trc.zst; do
	name=$(basename "$s" .trc.zst)
	for th in 1 2; do
		export OMP_NUM_THREADS=$th
		trace-gen "$s" | trace-order | coalesce | l1sim --sched=pool \
			| l2sim | dramsim -o "$T/p.wt"
		trace-gen "$s" | trace-order | coalesce | l1sim | l2sim \
			| dramsim -o "$T/s.wt"
		mv "$T/p.wt" "$T/p$th.wt"
		mv "$T/s.wt" "$T/s$th.wt"
	done
	unset OMP_NUM_THREADS
	cmp -s "$T/p1.wt" "$T/p2.wt" && cmp -s "$T/s1.wt" "$T/s2.wt"
	ok $? "$name: the whole pipeline, 1 or 2 threads: the same DRAM stream"
done

done_testing
