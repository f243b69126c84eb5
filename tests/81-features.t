#!/bin/sh
# The knobs that the small samples cannot move (their footprints fit the
# L2, their few CTAs sit one or two to an SM) move a number on the big
# samples, vectoradd-big and spmv-big (samples/README.md).  Each test
# compares one setting with the default on the same input; all the
# programs are deterministic, so the numbers are exact, not timings.
. "$(dirname "$0")/lib.sh"

S=$(dirname "$0")/../samples

tot() {		# tot FILE KEY: KEY's first number in FILE's "total" object
	tr -d ' \n' < "$1" | sed 's/"total":{/\n/' | sed -n 2p \
		| grep -o "\"$2\":[0-9.e+-]*" | head -n 1 | cut -d: -f2
}
differ() {	# differ A B: the two numbers are not equal
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 != b + 0) }'
}
above() {	# above A B: A > B
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }'
}

# vectoradd-big: 384 CTAs of 256 threads, 6 a fermi SM, 4.3 waves; a
# streaming 1.1 MB, no reuse: the scheduling and DRAM knobs.
trace-gen "$S/vectoradd-big.trc.zst" > "$T/va.wt"
order() {	# order NAME OPTIONS...: the requests and statistics of one order
	n=$1
	shift
	trace-order "$@" --stats="$T/$n.json" "$T/va.wt" 2> "$T/$n.err" | coalesce > "$T/$n.req"
}
order gto
order lrr --policy=lrr
order two-level --policy=two-level
order cl1 --cta-limit=1
order cl2 --cta-limit=2
c=$(tot "$T/gto.json" cycles)
for n in cl1 cl2; do
	above "$(tot "$T/$n.json" cycles)" "$c"
	ok $? "vectoradd-big: --cta-limit=${n#cl} takes longer ($c -> $(tot "$T/$n.json" cycles) cycles)"
	is "$(cat "$T/$n.err")" "" "vectoradd-big: --cta-limit=${n#cl} binds (no note)"
done
l1sim --sched=pool --stats="$T/p0.json" -o /dev/null "$T/gto.req"
l1sim --sched=pool --stats="$T/p1.json" -o /dev/null "$T/cl1.req"
above "$(tot "$T/p1.json" cycles)" "$(tot "$T/p0.json" cycles)"
ok $? "vectoradd-big: l1sim's pool runs the stream's CTA limit ($(tot "$T/p0.json" cycles) -> $(tot "$T/p1.json" cycles) cycles)"
for n in lrr two-level; do
	differ "$(tot "$T/$n.json" cycles)" "$c"
	ok $? "vectoradd-big: --policy=$n against gto: $c -> $(tot "$T/$n.json" cycles) cycles"
done
differ "$(tot "$T/lrr.json" cycles)" "$(tot "$T/two-level.json" cycles)"
ok $? "vectoradd-big: two-level is not lrr"

# FR-FCFS against FCFS: A, B and C stream from rows of the same banks,
# and the requests wait in the queues (fermi's sectored L2).
l1sim "$T/gto.req" | l2sim > "$T/va.l2"
dramsim --stats="$T/fr.json" -o /dev/null "$T/va.l2"
dramsim --sched=fcfs --stats="$T/fc.json" -o /dev/null "$T/va.l2"
above "$(tot "$T/fr.json" row_buffer_hit_rate)" "$(tot "$T/fc.json" row_buffer_hit_rate)"
ok $? "vectoradd-big: FR-FCFS hits open rows more than FCFS ($(tot "$T/fr.json" row_buffer_hit_rate) against $(tot "$T/fc.json" row_buffer_hit_rate))"
above "$(tot "$T/fc.json" cycles)" "$(tot "$T/fr.json" cycles)"
ok $? "vectoradd-big: ... and finishes sooner ($(tot "$T/fr.json" cycles) against $(tot "$T/fc.json" cycles) DRAM cycles)"

# spmv-big: 192 CTAs of 128 threads, 861 KB of lines; the gathers of x
# hit, the rows' values and columns stream: the cache knobs.
trace-gen "$S/spmv-big.trc.zst" | trace-order | coalesce > "$T/sp.req"

# MeDiC, on the line L2 it needs (l2sim(1))
l1sim "$T/sp.req" > "$T/sp.l1"
medic() {	# medic NAME OPTIONS...
	n=$1
	shift
	l2sim --sectored=no --write-allocate=yes --events=all "$@" \
		--stats="$T/$n.json" -o "$T/$n.l2" "$T/sp.l1"
}
medic none
medic wbyp --medic=wbyp
medic wip --medic=wip
h=$(tot "$T/none.json" hits)
above "$(tot "$T/wbyp.json" medic_bypasses)" 0
ok $? "spmv-big: wbyp sends mostly-miss warps' loads around the L2 ($(tot "$T/wbyp.json" medic_bypasses))"
differ "$(tot "$T/wbyp.json" hits)" "$h"
ok $? "spmv-big: wbyp changes the L2 hits ($h -> $(tot "$T/wbyp.json" hits))"
is "$(tot "$T/wip.json" medic_bypasses)" 0 "spmv-big: wip bypasses nothing"
differ "$(tot "$T/wip.json" hits)" "$h"
ok $? "spmv-big: wip's insertion changes the L2 hits ($h -> $(tot "$T/wip.json" hits))"
# WMS: typed from the L2 hits, on the pool's times
l1sim --sched=pool "$T/sp.req" > "$T/spp.l1"
l2sim --sectored=no --write-allocate=yes --events=all -o "$T/spp.l2" "$T/spp.l1"
dramsim --stats="$T/wf.json" -o /dev/null "$T/spp.l2"
dramsim --sched=medic --stats="$T/wm.json" -o /dev/null "$T/spp.l2"
above "$(tot "$T/wm.json" high_priority)" 0
ok $? "spmv-big: dramsim --sched=medic serves mostly-hit warps first ($(tot "$T/wm.json" high_priority) requests)"
differ "$(tot "$T/wm.json" mean_stall)" "$(tot "$T/wf.json" mean_stall)"
ok $? "spmv-big: ... which changes the mean stall ($(tot "$T/wf.json" mean_stall) -> $(tot "$T/wm.json" mean_stall))"

# Every L1 policy against none, in the warp pool: its miss rate or its
# cycles.  DWT-CS decides after (dwt-n + dwt-m) sampling periods, 60000
# cycles at the default 10000, longer than spmv-big's ~17500: it is run
# with periods of 2000.
l1sim --sched=pool --stats="$T/l1none.json" -o /dev/null "$T/sp.req"
m0=$(tot "$T/l1none.json" miss_rate)
y0=$(tot "$T/l1none.json" cycles)
for p in sbyp dwt-cs dwt-pric swt ccws mrpb pcal abyp pd apcm \
	 apcm-bypass apcm-protect apcm-pd apcm-swl; do
	extra=
	[ "$p" = dwt-cs ] && extra=--period=2000
	l1sim --sched=pool --policy=$p $extra --stats="$T/l1$p.json" -o /dev/null "$T/sp.req"
	m=$(tot "$T/l1$p.json" miss_rate)
	y=$(tot "$T/l1$p.json" cycles)
	{ differ "$m" "$m0" || differ "$y" "$y0"; }
	ok $? "spmv-big: --policy=$p moves the L1 (miss rate $m0 -> $m, cycles $y0 -> $y)"
done

done_testing
