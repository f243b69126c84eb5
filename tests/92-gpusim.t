#!/bin/sh
# gpusim, the closed-loop simulator: hand-timed runs of one load through
# every level, an L2 hit, two warps and one MSHR, a full L2 stalling an
# SM, DRAM row hits against conflicts, GTO against LRR; its options and
# refusals, bad input, the event streams, every sample, determinism.
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
num() {		# num FILE KEY: the first number of KEY (the run's own)
	json "$1" | grep -o "\"$2\":[0-9.e-]*" | head -1 | cut -d: -f2
}
l1num() {	# l1num FILE KEY: KEY of the L1s' total (the "l1" object)
	json "$1" | sed 's/.*"l1":{"settings"://; s/"l2":{.*//' |
		grep -o "\"total\":{.*" | grep -o "\"$2\":[0-9.e-]*" | head -1 | cut -d: -f2
}
evtimes() {	# times EVENTS: the events' cycles, a line
	trace-dump --format=csv "$1" | tail -n +2 | cut -d, -f2 | tr '\n' ' '
}

# A machine whose every latency is known: one SM, one scheduler; 32-byte
# lines in the coalescer and the L1 (one sector a request); the network
# 10 cycles a way, 32-byte flits, a request waiting 5 cycles (the ROP
# latency) before its slice's queue; the L2 a tag latency of 10; the DRAM on
# the core clock, tRCD 2, tCL 3, tRP 4, a burst of 4 transfers of 8 bytes
# (32 bytes: 2 cycles of bus at 2 transfers a cycle), 100 cycles from the
# L2 to its queue; one slice, one channel, the row the address bits 16
# up, the bank bits 12-15.
SM="--sms=1 --schedulers=1 --coalesce=--line=32 --icnt-latency=10 --flit=32 --rop-latency=5"
L1="--l1=--line=32 --index=linear"
L2="--tag-latency=10 --partitions=1 --sub-partitions=1"
DRAM="--channels=1 --map=RRRRRRRRRRRRRRRRBBBBCCCCCCCSSSSS --clock=1000 --core-clock=1000 --tRCD=2 --tCL=3 --tRP=4 --tRAS=1 --burst=4 --bus-width=8 --data-rate=2 --latency-in=100"
sim() {		# sim TRACE OUT [OPTION...]: gpusim on the dump's warps
	_t=$1 _o=$2
	shift 2
	trace-gen "$_t" | trace-order --sms=1 > "$_o.w" &&
	gpusim $SM "$L1" --l2="$L2" --dram="$DRAM" --l1-events="$_o.l1" \
		--l2-events="$_o.l2" --dram-events="$_o.d" "$@" "$_o.w" > "$_o.json"
}

# 1. One warp, one load.  Dispatched at 0, it issues at 1; the LD/ST unit
# offers the request at 2, a miss that leaves at once (2).  Up: a packet
# of 8 bytes, 1 flit: its head at 2 + 10, out at 13, in the slice's queue
# at 18.  The L2: the port cycle (18), the bank from 19, the tag access 10
# cycles: the miss leaves at 29.  The DRAM queue at 29 + 100 = 129, the
# bank closed: ACT 129, RD 131 (tRCD 2), data from 134 (tCL 3) for 2
# cycles: done at 136.  The slice's data ready at 136; down, 8 + 32
# bytes, 2 flits: 136 + 10 + 2 = 148; the L1 filled at 148 wakes the
# warp, which has nothing left: the kernel ends at 148, 149 cycles, the
# load waited 148 - 1 = 147.
printf 'blocksize: 32 1 1\n0 0 0 4\n' > "$T/one.trc"
sim "$T/one.trc" "$T/one"
is "$?" 0 "one load: runs"
is "$(num "$T/one.json" cycles)" 149 "one load: 149 cycles (hand-timed)"
like "$(json "$T/one.json")" '"load_latency":\{"loads":1,"mean":147,"max":147,' \
	"one load: waited 147 cycles, issue to wake-up"
is "$(evtimes "$T/one.l1")" "2 " "one load: the L1's miss leaves at 2"
is "$(evtimes "$T/one.l2")" "29 " "one load: the L2's miss leaves at 29"
is "$(evtimes "$T/one.d")" "136 " "one load: the DRAM's read is done at 136"
is "$(num "$T/one.json" instructions)" 1 "one load: one warp instruction"

# 2. The same load in a second kernel, the L1 flushed at the first's end:
# an L2 hit.  The kernel starts at 149, issues at 150, offers at 151; up
# at 151 + 11 = 162, queued at 167; the L2 hits: data at 167 + 1 + 10 =
# 178; down at 178 + 12 = 190: 42 cycles.
trace-gen "$T/one.trc" "$T/one.trc" | trace-order --sms=1 > "$T/two.w"
gpusim $SM "--l1=--line=32 --index=linear --flush=yes" --l2="$L2" --dram="$DRAM" \
	"$T/two.w" > "$T/two.json"
like "$(json "$T/two.json")" '"kernels":\[\{"kernel":0,"name":"[^"]*","start":0,"end":148,"cycles":149,.*\{"kernel":1,"name":"[^"]*","start":149,"end":190,"cycles":42,' \
	"an L2 hit after the L1's flush: the second kernel 149 to 190 (hand-timed)"
is "$(num "$T/two.json" cycles)" 191 "the run's cycles: the kernels' summed"

# 3. Two warps, one MSHR entry: warp 0's load is taken at 2; warp 1
# issues its load at 2, and the L1 refuses it at 3 (no entry) until warp
# 0's data fills the L1 at 148 (as in 1): warp 1's miss leaves at 148.
printf 'blocksize: 64 1 1\n0 0 0 4\n32 0 4096 4\n' > "$T/mshr.trc"
sim "$T/mshr.trc" "$T/mshr" "--l1=--line=32 --index=linear --mshr=1"
is "$(evtimes "$T/mshr.l1")" "2 148 " "one MSHR: the second warp's miss waits for the first's fill (148)"
like "$(json "$T/mshr.json")" '"mshr-full":[1-9]' "one MSHR: the L1 refused the second warp"
like "$(json "$T/mshr.json")" '"stall_cycles":\{"idle":[0-9]*,"memory":[0-9]*,"mshr_full":[1-9]' \
	"one MSHR: the SM stalled for it"

# 4. A full L2 stalls an SM.  The machine's L2 input queue holds 4
# requests (-gpgpu_dram_partition_queues 4:...): a request leaves the
# network (its credit back to the SM) only when the queue is empty (room
# for a line's 4 sectors); one L2 MSHR entry; three credits (a request
# needs two: a write-back and its own).  One instruction, five requests:
# A, B, C, D in set 0 of the L1 (lines 0, 4096, 8192, 12288; DRAM banks
# 0-3), E in set 1 (16416, bank 4).  The L1 sends A at 2 and B at 3; C
# waits for a credit from 4 until A leaves the network at 2 + 11 = 13 (9
# cycles); D goes at 14, when B leaves it.  A joins the queue at 18 (ROP
# 5) and is taken; B joins at 19 and is refused (the entry is A's); C
# and D reach the slice at 24 and 25 and stay in the network: E waits
# for a credit from 15.  A's fill (136, as in 1) lets B in: the queue is
# empty, C and D leave the network at 136, E goes at 136 (121 more
# cycles: 130 in all).  Each later miss is taken at the fill of the one
# before, 118 cycles apart (11 to leave the L2, 100 to the DRAM, 7 in
# it): B 147, C 265, D 383; E, held in the network while C and D wait in
# the queue, joins it when D is taken (372) and misses at 501.
trace-order --arch=fermi --show-machine |
	sed 's/^-gpgpu_dram_partition_queues .*/-gpgpu_dram_partition_queues 4:4:4:4/' > "$T/q4.config"
printf 'blocksize: 32 1 1\n0 0 0 4\n1 0 4096 4\n2 0 8192 4\n3 0 12288 4\n4 0 16416 4\n' > "$T/l2q.trc"
trace-gen "$T/l2q.trc" | trace-order --sms=1 --gpgpusim-config="$T/q4.config" > "$T/l2q.w"
gpusim --sms=1 --schedulers=1 --coalesce="--line=32 --override" --icnt-latency=10 --flit=32 \
	--rop-latency=5 --l1="--line=32 --index=linear --override" \
	--l2="$L2 --mshr=1 --override" --dram="$DRAM --override" --credits=3 \
	--l1-events="$T/l2q.l1" --l2-events="$T/l2q.l2" "$T/l2q.w" > "$T/l2q.json"
is "$(evtimes "$T/l2q.l1")" "2 3 13 14 136 " "full L2: C waits for a credit until 13, E until 136"
like "$(json "$T/l2q.json")" '"icnt_full":130,' "full L2: the SM stalled 130 cycles for the network (9 + 121)"
is "$(evtimes "$T/l2q.l2")" "29 147 265 383 501 " \
	"full L2: each miss taken at the fill of the one before, E held in the network until 372"
like "$(json "$T/l2q.json")" '"l2_in_queue":4,' "full L2: the settings say the queue"

# 5. DRAM row hits against conflicts: a second kernel loads 0x40 (the
# same row: RD at once, done 5 cycles after it reaches the queue) or
# 0x10000 (bank 0, row 1: PRE, ACT tRP later, RD tRCD later: 11 cycles).
# The warp wakes tRP + tRCD = 6 cycles later: 147 cycles against 153
# (the second kernel: 149 to 295, or to 301).
for b in 0x40 0x10000; do
	printf 'blocksize: 32 1 1\n0 0 %s 4\n' $b > "$T/row$b.trc"
	trace-gen "$T/one.trc" "$T/row$b.trc" | trace-order --sms=1 > "$T/row$b.w"
	gpusim $SM "$L1" --l2="$L2" --dram="$DRAM" --dram-events="$T/row$b.d" \
		"$T/row$b.w" > "$T/row$b.json"
done
like "$(json "$T/row0x40.json")" '"kernel":1,"name":"[^"]*","start":149,"end":295,"cycles":147,' \
	"DRAM row hit: the second kernel 147 cycles (hand-timed)"
like "$(json "$T/row0x10000.json")" '"kernel":1,"name":"[^"]*","start":149,"end":301,"cycles":153,' \
	"DRAM row conflict: 153 cycles, tRP + tRCD later"
is "$(trace-dump --format=csv "$T/row0x40.d" | tail -1 | cut -d, -f9,16)" "hit,5" "row hit: 5 cycles in the DRAM"
is "$(trace-dump --format=csv "$T/row0x10000.d" | tail -1 | cut -d, -f9,16)" "miss,11" "row conflict: 11 cycles"

# 6. GTO against LRR: one scheduler, two warps of 4 non-memory
# instructions and a load.  LRR alternates (warp 0 at 1, 3, 5, 7, its
# load at 9, offered at 10); GTO runs warp 0 until it waits (1 to 4, the
# load at 5, offered at 6).  Warp 1's load is offered at 11 in both.
printf 'blocksize: 64 1 1\n0 0 0 4 16 4\n32 0 4096 4 16 4\n' > "$T/gl.trc"
sim "$T/gl.trc" "$T/lrr" --policy=lrr
sim "$T/gl.trc" "$T/gto" --policy=gto
is "$(evtimes "$T/lrr.l1")" "10 11 " "LRR: the loads reach the L1 at 10 and 11"
is "$(evtimes "$T/gto.l1")" "6 11 " "GTO: warp 0's load at 6, warp 1's at 11"
is "$(num "$T/gto.json" instructions)" 10 "two warps: 10 instructions"

# 7. A store is acknowledged: the warp leaves when the L2's ack is back.
# The write-through leaves the L1 at 2: 8 bytes and its 32-byte sector, 2
# flits, out at 2 + 10 + 2 = 14, queued at 19 and taken; the ack, 1 flit,
# back at 19 + 10 + 1 = 30, when the warp leaves: 31 cycles (not 3).
printf 'blocksize: 32 1 1\n0 1 0 4\n' > "$T/st.trc"
sim "$T/st.trc" "$T/st"
is "$(num "$T/st.json" cycles)" 31 "a store: the warp waits for its acknowledgement (hand-timed)"

# 8. The launch latency: the first CTA 100 cycles later, all else as in 1.
sim "$T/one.trc" "$T/launch" --launch-latency=100
is "$(num "$T/launch.json" cycles)" 249 "a launch latency of 100: 249 cycles"

# 8b. A read an L2 policy sends around the L2 waits for its own DRAM read
# (with external fills: no l2sim miss latency).  A line L2 whose every
# warp bypasses (--bypass=rand:1): the request reaches the slice's queue
# at 18 (as in 1) and goes around with no tag access: its DRAM-bound
# event at 18, in the DRAM's queue at 118, the bank closed: ACT 118, RD
# 120, done 125; down at 125 + 12 = 137, when the warp wakes: 138 cycles.
L2LINE="$L2 --sectored=no --write-allocate=no"
L2="$L2LINE --bypass=rand:1" sim "$T/one.trc" "$T/byp"
is "$(evtimes "$T/byp.l2") / $(evtimes "$T/byp.d")" "18  / 125 " \
	"an L2 bypass: around the L2 at 18, its DRAM read done at 125"
is "$(num "$T/byp.json" cycles)" 138 "an L2 bypass: answered when its DRAM read is done, 138 cycles (hand-timed)"

# 9. The L1 policies' warp limit (l1sim's --warp-limit, the pool's limit
# hook): one warp may issue.  Two warps, a load each (lines 0 and 4096,
# banks 0 and 1, both closed).  Warp 0 runs as in 1 and leaves at 148;
# warp 1, ready since 1, is let in then and issues at 148: its miss
# leaves at 149 and everything after it is 1's, 147 cycles later: the
# end at 148 + 147 = 295, 296 cycles.  Cycles 2 to 147 (146) the SM
# waits with a ready warp held back: "throttled".  Without the limit the
# second miss leaves at 3.
printf 'blocksize: 64 1 1\n0 0 0 4\n32 0 4096 4\n' > "$T/wl.trc"
sim "$T/wl.trc" "$T/wl" "--l1=--line=32 --index=linear --warp-limit=1"
is "$(evtimes "$T/wl.l1")" "2 149 " "warp limit 1: the second warp's miss leaves at 149 (hand-timed)"
is "$(num "$T/wl.json" cycles)" 296 "warp limit 1: 296 cycles"
like "$(json "$T/wl.json")" '"throttled":146,' "warp limit 1: 146 cycles throttled"
sim "$T/wl.trc" "$T/wl0"
is "$(evtimes "$T/wl0.l1")" "2 3 " "no warp limit: the misses leave at 2 and 3"

# 10. The policies that schedule warps, on samples.  Each with its
# parameters set so that it does nothing runs as no policy at all (its
# hooks change nothing else); each set to act does what it says.
trace-gen samples/gesummv.trc.zst | trace-order --sms=2 > "$T/gs.w"
trace-gen samples/spmv.trc.zst | trace-order > "$T/sp.w"
gpusim "$T/sp.w" > "$T/sp-none.json"
base=$(num "$T/sp-none.json" cycles)
for p in "dwt-cs --mpki-threshold=1e9" "ccws --kthrottle=0" "pcal --pcal-tokens=65536" \
	 "swt --max-warps=1000"; do
	gpusim --l1="--policy=$p --warp-limit=0" "$T/sp.w" > "$T/sp-p.json"
	c=$(num "$T/sp-p.json" cycles)
	case $p in
	swt*)	# the best limit is no limit or one as good: at most the base
		[ "$c" -le "$base" ] ;;
	*)	[ "$c" = "$base" ] ;;
	esac
	ok $? "--policy=$p on spmv: $c cycles, against $base with none"
done
# PCAL with no tokens: no load allocates a line, every one goes around.
gpusim --l1="--policy=pcal --pcal-tokens=0" "$T/sp.w" > "$T/pcal0.json"
loads=$(l1num "$T/pcal0.json" loads)
like "$(json "$T/pcal0.json")" "\"bypasses\":$loads,.*\"pcal_noalloc\":$loads," \
	"PCAL, no tokens: all $loads loads go around the L1, each counted"
# SWT: the limit of the fewest cycles, as gpusim --warp-limit measures it
# (one scheduler: the oldest N of the SM are the scheduler's first N).
best=0 bestc=0
for l in 1 2 3 4; do
	c=$(gpusim --sms=2 --schedulers=1 --warp-limit=$l "$T/gs.w" | tr -d ' \n' |
	    grep -o '"cycles":[0-9]*' | head -1 | cut -d: -f2)
	if [ $best = 0 ] || [ "$c" -lt "$bestc" ]; then best=$l bestc=$c; fi
done
gpusim --sms=2 --schedulers=1 --l1=--policy=swt "$T/gs.w" > "$T/swt.json"
like "$(json "$T/swt.json")" "\"swt_limit\":$best," "SWT on gesummv: limit $best, the fewest cycles of 1 to 4 warps"
is "$(num "$T/swt.json" cycles)" "$bestc" "SWT on gesummv: the cycles of that limit ($bestc)"
# CCWS on a thrashing kernel: lost locality found, warps held back.
gpusim --l1=--policy=ccws "$T/gs.w" > "$T/ccws.json"
like "$(json "$T/ccws.json")" '"throttled":[1-9][0-9]*,' "CCWS on gesummv: warps held back"
like "$(json "$T/ccws.json")" '"ccws_vta_hits":[1-9][0-9]*,"ccws_blocked":[1-9]' \
	"CCWS on gesummv: lost-locality hits, blocked loads"
# DWT-CS: it samples and decides a limit for the kernel.
gpusim --l1=--policy=dwt-cs "$T/gs.w" > "$T/dwt.json"
like "$(json "$T/dwt.json")" '"dwt_limit":[0-9]*,"dwt_rounds":[1-9]' "DWT-CS on gesummv: a sampling round"
like "$(json "$T/dwt.json")" '"dwt_periods":[1-9][0-9]*,"dwt_periods_over":[0-9]*,"dwt_samplings":[1-9]' \
	"DWT-CS on gesummv: its periods and samplings counted"
gpusim --l1=--policy=mrpb "$T/sp.w" > "$T/mrpb.json"
like "$(json "$T/mrpb.json")" '"mrpb_bypass":[0-9]' "MRPB on spmv: runs"

# 12. Register dependences and barriers from Accel-Sim traces (trace-gen
# sets them: record.h).  One warp of one lane, the machine of 1.
kernel() { as_kernel "$T/$1.traceg" "$1"; }
LDG() { printf '%04x 00000001 1 %s LDG.E 1 %s 4 1 %s 4 0\n' $pc $1 $2 $3; pc=$((pc + 16)); }
MOV() { printf '%04x 00000001 1 %s MOV 1 R1 0 0\n' $pc $1; pc=$((pc + 16)); }
BAR() { printf '%04x 00000001 0 BAR.SYNC 0 0 0\n' $pc; pc=$((pc + 16)); }
EXIT() { printf '%04x 00000001 0 EXIT 0 0 0\n' $pc; pc=$((pc + 16)); }
# Two independent loads (lines 0x1000 and 0x2000, DRAM banks 1 and 2):
# the second issues at 3, the cycle after the first's request (2), and
# is offered at 4.  Its packet is out of the network at 15, in the slice's
# queue at 20, its miss leaves the L2 at 31, reaches the DRAM at 131;
# its ACT waits tRRD (6) after the first's (129): 135, RD 137, done 142;
# down at 142 + 12 = 154, when the warp, its EXIT issued long before,
# has all its data: 155 cycles, against 296 when the second load's
# address is the first's data (it issues at 148, as the second warp of 9).
pc=0; { LDG R2 R10 0x1000; LDG R4 R12 0x2000; EXIT; } | kernel indep
pc=0; { LDG R2 R10 0x1000; LDG R4 R2 0x2000; EXIT; } | kernel dep
sim "$T/indep.traceg" "$T/indep"
is "$(evtimes "$T/indep.l1") / $(evtimes "$T/indep.d")" "2 4  / 136 142 " \
	"independent loads: both in flight, the DRAM done at 136 and 142 (hand-timed)"
is "$(num "$T/indep.json" cycles)" 155 "independent loads: 155 cycles"
sim "$T/dep.traceg" "$T/dep"
is "$(evtimes "$T/dep.l1")" "2 149 " "a load's address from the load before: it waits for its data (149)"
is "$(num "$T/dep.json" cycles)" 296 "dependent loads: 296 cycles"
# --deps=loads ignores the records' dependences: every instruction waits
# for every earlier load.  The independent loads run as the dependent
# ones, and the EXIT waits for the second load's data (295): 297 cycles.
sim "$T/indep.traceg" "$T/indep-all" --deps=loads
is "$(evtimes "$T/indep-all.l1") $(num "$T/indep-all.json" cycles)" "2 149  297" \
	"--deps=loads: the second load waits for the first, the EXIT for both: 297 cycles"
fails_with 2 "^gpusim: --deps=x: expected trace or loads" "--deps refused" gpusim --deps=x "$T/one.w"
# A barrier: warp 0 comes to it at once (its BAR at 1, before its load),
# warp 1 after four MOVs, its BAR and EXIT (2 to 7: a record's barrier
# waits at the end of its non-memory instructions).  Released at 7, warp
# 0 issues its load at 8, offered at 9: everything of 1 seven cycles
# later, 156 cycles.
pc=0; { BAR; LDG R2 R10 0x1000; EXIT; echo --; pc=0; MOV R5; MOV R6; MOV R7; MOV R8; BAR; EXIT; } |
	kernel bar
sim "$T/bar.traceg" "$T/bar"
is "$(evtimes "$T/bar.l1")" "9 " "a barrier: warp 0's load waits for warp 1 to come (offered at 9)"
is "$(num "$T/bar.json" cycles)" 156 "a barrier: 156 cycles"
# An ALU chain (record.h's chain): IADD3 then IMAD from it give the load's
# address, chain 2.  The IADD3 issues at 1, the IMAD at 2; each link takes
# its class's latency (fermi: 4) and the pipeline's (5): the load waits
# for 1 + 2 x (4 + 5) = 19 and is offered at 20: everything of 1 eighteen
# cycles later, 167 cycles.  With --alu-latency=0 only the pipeline's:
# 1 + 2 x 5 = 11, offered at 12, 159; with --pipeline-latency=0 as well it
# issues at 3, is offered at 4: 151.
ALU() { _d=$1; _op=$2; shift 2
	printf '%04x 00000001 1 %s %s %d%s 0 0\n' $pc $_d $_op $# "$(printf ' %s' "$@")"
	pc=$((pc + 16)); }
pc=0; { ALU R8 IADD3 R20 R21; ALU R9 IMAD R8 R22; LDG R2 R9 0x1000; EXIT; } | kernel chain
sim "$T/chain.traceg" "$T/chain"
is "$(evtimes "$T/chain.l1") $(num "$T/chain.json" cycles)" "20  167" \
	"an ALU chain of 2: the load offered at 20, 167 cycles (hand-timed)"
sim "$T/chain.traceg" "$T/chain0" --alu-latency=0
is "$(evtimes "$T/chain0.l1") $(num "$T/chain0.json" cycles)" "12  159" \
	"--alu-latency=0: the pipeline's 5 a link, the load offered at 12, 159 cycles"
sim "$T/chain.traceg" "$T/chain00" --alu-latency=0 --pipeline-latency=0
is "$(evtimes "$T/chain00.l1") $(num "$T/chain00.json" cycles)" "4  151" \
	"--alu-latency=0 --pipeline-latency=0: no chain delay, offered at 4, 151 cycles"
# Each instruction of a chain takes its class's latency, the machine's
# (trace_opcode_latency_initiation_*; fermi's are 4 for every class): on
# a machine that is fermi's but for SP 3 and SFU 10, MUFU then FMUL give
# the load's address (chain 2, [sp1,sfu1]): the MUFU issues at 1, the
# FMUL at 2; the load waits for 1 + 10 + 3 + 2 x 5 (the pipeline) = 24
# and is offered at 25, five cycles after the integer chain's 20: 172
# cycles.  With --alu-latency=4 every class takes 4: as the integer
# chain, 167.
trace-order --arch=fermi --show-machine > "$T/lat.config"
printf '%s\n' "-trace_opcode_latency_initiation_sp 3,1" \
	"-trace_opcode_latency_initiation_sfu 10,1" >> "$T/lat.config"
pc=0; { ALU R8 MUFU.RCP R20; ALU R9 FMUL R8 R22; LDG R2 R9 0x1000; EXIT; } | kernel sfu
latsim() {	# latsim OUT [OPTION...]: the sfu kernel on the lat.config
		# machine (the options' settings override it, as fermi's)
	_o=$1
	shift
	trace-gen "$T/sfu.traceg" | trace-order --sms=1 --gpgpusim-config="$T/lat.config" > "$_o.w" &&
	gpusim --sms=1 --schedulers=1 --coalesce="--line=32 --override" \
		--icnt-latency=10 --flit=32 --rop-latency=5 "$L1 --override" \
		--l2="$L2 --override" --dram="$DRAM --override" \
		--l1-events="$_o.l1" "$@" "$_o.w" > "$_o.json"
}
latsim "$T/sfu"
is "$(evtimes "$T/sfu.l1") $(num "$T/sfu.json" cycles)" "25  172" \
	"a chain of MUFU and FMUL: 10 + 3 + 2 x 5 cycles, the load offered at 25, 172 cycles (hand-timed)"
is "$(tr -d ' \n' < "$T/sfu.json" | grep -o '"instruction_latency":{[^}]*}')" \
	'"instruction_latency":{"int":4,"sp":3,"dp":4,"sfu":10,"tensor":4,"from":"themachine(trace_opcode_latency_initiation_*)","pipeline":5}' \
	"the settings say each class's latency and where it came from"
latsim "$T/sfu4" --alu-latency=4
is "$(evtimes "$T/sfu4.l1") $(num "$T/sfu4.json" cycles)" "20  167" \
	"--alu-latency=4: every class 4, as the integer chain: 167 cycles"
# Accel-Sim's own measure (QV100: integer latency 2, dependent
# instructions 7 apart): three IMADs, each of the one before, give an
# LDG's address; against three independent ones the load is 18 cycles
# later in Accel-Sim.  Here the IMADs issue at 1, 2 and 3: dependent, the
# load waits for 1 + 3 x (2 + 5) = 22, offered at 23; independent, it
# issues at 4, offered at 5: 18 cycles.
sed 's/^-trace_opcode_latency_initiation_int .*/-trace_opcode_latency_initiation_int 2,2/' \
	"$T/lat.config" > "$T/int2.config"
pc=0; { ALU R4 IMAD R20 R21; ALU R5 IMAD R4 R21; ALU R6 IMAD R5 R21; LDG R8 R6 0x1000; EXIT; } |
	kernel imaddep
pc=0; { ALU R4 IMAD R20 R21; ALU R5 IMAD R22 R21; ALU R6 IMAD R23 R21; LDG R8 R24 0x1000; EXIT; } |
	kernel imadind
for k in imaddep imadind; do
	trace-gen "$T/$k.traceg" | trace-order --sms=1 --gpgpusim-config="$T/int2.config" > "$T/$k.w" &&
	gpusim --sms=1 --schedulers=1 --coalesce="--line=32 --override" \
		--icnt-latency=10 --flit=32 --rop-latency=5 "$L1 --override" \
		--l2="$L2 --override" --dram="$DRAM --override" \
		--l1-events="$T/$k.l1" "$T/$k.w" > "$T/$k.json"
done
is "$(evtimes "$T/imaddep.l1")$(evtimes "$T/imadind.l1")" "23 5 " \
	"three dependent IMADs delay the load 18 cycles, as Accel-Sim's QV100 does"
# Under a warp limit of one, warp 0 waiting at the barrier does not count:
# warp 1 is let in and the run is the same.
sim "$T/bar.traceg" "$T/barl" "--l1=--line=32 --index=linear --warp-limit=1"
is "$(num "$T/barl.json" cycles)" 156 "a barrier under a warp limit of one: no deadlock, 156 cycles"

# 11. report reads gpusim's files: a gpusim row, and its L1, L2 and DRAM
# as runs of l1sim, l2sim and dramsim under its name (the L1's IPC
# gpusim's); the policy tables compare two gpusim runs; a pipeline's run
# is refused beside them (closed against stream timing).
cp "$T/sp-none.json" "$T/base.json"
gpusim --l1=--policy=ccws "$T/sp.w" > "$T/ccws.json"
run report --format=csv "$T/base.json" "$T/ccws.json"
is "$rc" 0 "report on gpusim files: exit 0"
row=$(printf '%s\n' "$out" | grep '^base,spmv,fermi,gto,none,' | head -1)
is "$(printf '%s' "$row" | cut -d, -f6)" "$(num "$T/base.json" cycles)" "report: gpusim's row has its cycles"
like "$out" "base,spmv,fermi,closed,16384,4,fermi,67339," "report: its L1 is an l1sim row, closed timing"
ipc=$(awk -v x="$(num "$T/base.json" ipc)" 'BEGIN { printf "%.3f", x }')
like "$(printf '%s\n' "$out" | grep '^base,spmv,fermi,closed,16384')" ",$ipc," "report: the L1's IPC is gpusim's ($ipc)"
like "$out" "spmv,unknown,fermi,closed,gto,1.000,0\.[0-9]*" "report: the policy IPC table compares the two"
run report --tables=runs --format=csv "$T/base.json" "$T/ccws.json"
is "$(printf '%s\n' "$out" | grep -c ',gpusim,')" 2 "report: one runs row per gpusim file"
trace-gen samples/spmv.trc.zst | trace-order | coalesce | l1sim --stats="$T/l1.json" > /dev/null
fails_with 1 "runs .* do not compare: L1 timing closed against stream" \
	"report: a pipeline's run beside gpusim's refused" report "$T/base.json" "$T/l1.json"

# Options and refusals
run gpusim --help
is "$rc" 0 "--help exits 0"
like "$out" "--l1=OPTS" "--help names --l1"
run gpusim --version
like "$out" "^gpusim \(warptrace\) [0-9]" "--version"
fails_with 2 "--policy=fifo: expected lrr, gto or two-level" "bad warp scheduler" \
	gpusim --policy=fifo "$T/one.w"
fails_with 2 "--credits=1: expected a number from 2" "credits" gpusim --credits=1 "$T/one.w"
fails_with 2 "^gpusim: --l1: --sched=pool: gpusim's SMs schedule the warps" "the warp pool refused" \
	gpusim --l1=--sched=pool "$T/one.w"
fails_with 2 "^gpusim: --l1: --sched=pool: gpusim's SMs schedule the warps" \
	"a pool option refused (the policies' pool hooks run on the SMs)" \
	gpusim --l1="--policy=ccws --warp-delay=yes" "$T/one.w"
fails_with 2 "^gpusim: --l1: --policy=swt: its trials cannot copy the DRAM scheduler's state" \
	"SWT's trials refused with MeDiC's DRAM scheduler" \
	gpusim --l1=--policy=swt --dram=--sched=medic "$T/one.w"
fails_with 2 "gpusim --l1: --size=x" "a bad L1 option names the part" gpusim --l1=--size=x "$T/one.w"
fails_with 2 "gpusim --l2: .*stats" "a stage's own files refused" gpusim --l2=--stats=x "$T/one.w"
fails_with 2 "--l1-events=-: the statistics go to standard output" "events on stdout refused" \
	gpusim --l1-events=- "$T/one.w"

# Bad input
trace-gen "$T/one.trc" > "$T/one.acc"
fails_with 1 "expected a stream of 'warp' records.*run trace-order first" "access records refused" \
	gpusim "$T/one.acc"
head -c 100 "$T/one.w" > "$T/cut.w"
run gpusim "$T/cut.w"
is "$rc:$out" "1:" "a cut stream: exit 1, no statistics"

# Every sample, two machines: a run that ends, its numbers whole and the
# same twice
for s in vectoradd gemm spmv bfs; do
	trace-gen "samples/$s.trc.zst" | trace-order > "$T/$s.w"
	gpusim --l1-events="$T/$s.l1" "$T/$s.w" > "$T/$s.json"
	is "$?" 0 "$s: runs"
	gpusim "$T/$s.w" > "$T/$s.2"
	[ "$(json "$T/$s.2" | sed 's/"command":\[[^]]*\]//')" = \
	  "$(json "$T/$s.json" | sed 's/"command":\[[^]]*\]//')" ]
	ok $? "$s: the same statistics twice"
	n=$(trace-dump --format=csv "$T/$s.l1" | tail -n +2 | grep -c ',miss,load,')
	m=$(l1num "$T/$s.json" misses)
	[ "$n" -gt 0 ] && [ "$n" -le "$m" ]
	ok $? "$s: the L1's miss events ($n) are its counted misses ($m), less the merged"
done
# MeDiC's DRAM scheduler learns the warps' types from the L2's lookups,
# hits included, and classifies the DRAM's requests
gpusim --dram=--sched=medic "$T/bfs.w" > "$T/medic.json"
is "$?" 0 "MeDiC's DRAM scheduler: runs"
like "$(json "$T/medic.json")" '"medic_lookups":[1-9][0-9]*,"high_priority":[1-9]' \
	"MeDiC's DRAM scheduler: it saw the L2's lookups and raised some requests"
trace-gen "samples/gemm.trc.zst" | trace-order --arch=qv100 | gpusim --arch=qv100 > "$T/qv.json"
is "$?" 0 "qv100: runs"
like "$(json "$T/qv.json")" '"machine":"qv100".*"l1_timing":"closed"' "qv100: the statistics say the machine and the timing"

done_testing
