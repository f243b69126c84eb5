#!/bin/sh
# dramsim: options and bad input, row-buffer locality of sequential and
# random streams, latency rising with load, FR-FCFS against FCFS, the
# GTX 480 mapping string, and every sample through l1sim | dramsim,
# deterministic for any number of threads.
. "$(dirname "$0")/lib.sh"

GEN=$BUILD/tests/test-dram	# test-dram gen seq|random N GAP: a stream
json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
total() {	# total FILE KEY: a number of the "total" object
	json "$1" | sed 's/"channels":\[.*//' | grep -o "\"$2\":[0-9.e-]*" | head -1 | cut -d: -f2
}

run dramsim --help
is "$rc" 0 "--help exits 0"
run dramsim --version
like "$out" "^dramsim \(warptrace\) [0-9]" "--version"
fails_with 2 "--sched=fifo: expected frfcfs, fcfs or medic" "bad scheduler" dramsim --sched=fifo
fails_with 2 "--tCL=x: expected a number from 0 to 65536" "bad timing" dramsim --tCL=x
fails_with 2 "--queue=0: expected a number from 1 to 65536" "empty queue" dramsim --queue=0
fails_with 2 "--sub-partitions=2 needs a GPGPU-Sim --map" "slices without a GPGPU-Sim mapping, as l2sim" dramsim --sub-partitions=2
fails_with 2 "--map=RRBBXC: 'X' at position 5: expected D, B, R, C, S, 0" "bad mask" dramsim --map=RRBBXC
fails_with 2 "dramid@40: with 6 channels \(not a power of two\) the bit must be 0 to 30" "dramid beyond bit 30 (found by fuzz-spec)" \
	dramsim '--map=dramid@40;RRRRBBBBCCCC'
fails_with 2 "a burst of 6 transfers at 4 a cycle" "burst" dramsim --burst=6
fails_with 2 "--interleave=100: expected a power of two" "interleave" dramsim --interleave=100
fails_with 2 "--arch=kepler40: no machine called .kepler40." "arch" dramsim --arch=kepler40
fails_with 2 "--map: 4 B bits give 16 banks a rank, not --banks=8" "map and banks disagree" \
	dramsim --banks=8 --map='dramid@8;0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS'

# bad input
printf 'blocksize: 2 1 1\n0 0 0 4\n1 0 4096 4\n' > "$T/tiny.trc"
trace-gen "$T/tiny.trc" | trace-order | coalesce > "$T/tiny.req"
fails_with 1 "expected a stream of 'event' records, got 'request' records; run l1sim or l2sim first" \
	"a request stream in" dramsim "$T/tiny.req"
l1sim "$T/tiny.req" | dramsim > "$T/tiny.dram"
ok $? "a tiny stream through l1sim | dramsim"
fails_with 1 "record 0: a level-3 event .DRAM.; expected the events of l1sim or l2sim" "dramsim's own output in" dramsim "$T/tiny.dram"

# Sequential lines: a row opens once for its 16 lines (2 KB rows): 15 of
# 16 hit (a few less where FR-FCFS meets a row's lines out of order).  Random lines over 1 GB: almost never.
# FLAT: channels interleaved every 256 bytes without a mask (2 KB rows of
# 8-byte columns), no wait before the queue, 16 entries: not the fermi
# machine's GPGPU-Sim mapping, which spreads a row's columns otherwise.
FLAT="--interleave=256 --latency-in=0 --queue=16"
"$GEN" gen seq 6000 4 | dramsim $FLAT --stats="$T/seq.json" > /dev/null
"$GEN" gen random 6000 4 | dramsim $FLAT --stats="$T/rnd.json" > /dev/null
hr=$(total "$T/seq.json" row_buffer_hit_rate)
awk -v h="$hr" 'BEGIN { exit !(h > 0.93 && h <= 0.9375) }'
ok $? "sequential: row-buffer hit rate near 15/16 ($hr)"
hr=$(total "$T/rnd.json" row_buffer_hit_rate)
awk -v h="$hr" 'BEGIN { exit !(h < 0.01) }'
ok $? "random: row-buffer hit rate near 0 ($hr)"
is "$(total "$T/seq.json" reads)" 6000 "6000 reads"

# Written in completion order, the lower channel first on a tie: all at
# once, the six channels finish their first lines together (time 22).
"$GEN" gen seq 240 0 | dramsim $FLAT | trace-dump | grep -v '^#' > "$T/ties.txt"
awk 'NR > 1 && ($2 < t || ($2 == t && $17 <= p)) { bad = NR } { t = $2; p = $17 }
     END { exit bad > 0 }' "$T/ties.txt"
ok $? "by completion, then channel"
is "$(awk '$2 == 22 { printf "%s", $17 }' "$T/ties.txt")" 012345 "a tie at 22: channels 0 to 5 in order"

# Latency under load: the same random lines every 100, 4, 1 and 0 core
# cycles; the queue fills and the mean latency rises with it.
prev_lat=0 prev_occ=0
for gap in 100 4 1 0; do
	"$GEN" gen random 6000 $gap | dramsim --stats="$T/g$gap.json" > /dev/null
	lat=$(total "$T/g$gap.json" mean)
	occ=$(total "$T/g$gap.json" queue_occupancy)
	awk -v a="$lat" -v b="$prev_lat" -v c="$occ" -v d="$prev_occ" 'BEGIN { exit !(a > b && c > d) }'
	ok $? "a request every $gap cycles: mean latency $lat, queue occupancy $occ, both higher"
	prev_lat=$lat prev_occ=$occ
done
ok $([ "$(total "$T/g0.json" queue_full)" -gt 5000 ]; echo $?) "all at once: the queue is full for most"
ok $([ "$(total "$T/g100.json" queue_full)" -eq 0 ]; echo $?) "one every 100 cycles: never full"

# FR-FCFS finds the row hits that FCFS leaves: two interleaved streams.
"$GEN" gen seq 4000 0 > "$T/s0.wt"
dramsim --sched=fcfs --channels=1 --stats="$T/fcfs.json" "$T/s0.wt" > /dev/null
dramsim --sched=frfcfs --channels=1 --stats="$T/fr.json" "$T/s0.wt" > /dev/null
f=$(total "$T/fcfs.json" mean) r=$(total "$T/fr.json" mean)
awk -v f="$f" -v r="$r" 'BEGIN { exit !(r <= f) }'
ok $? "sequential burst: FR-FCFS mean latency $r <= FCFS $f"

# the GTX 480 mapping of GPGPU-Sim
gtx='dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS'
"$GEN" gen seq 6000 4 | dramsim --map="$gtx" --stats="$T/gtx.json" > /dev/null
ok $? "--map=GTX 480 string"
like "$(json "$T/gtx.json")" '"banks":16,"rows":8192,"columns":256,"map":"dramid@8;' "  16 banks, 8192 rows of 2 KB"
hr=$(total "$T/gtx.json" row_buffer_hit_rate)
awk -v h="$hr" 'BEGIN { exit !(h > 0.9) }'
ok $? "  sequential: hit rate $hr"

# four samples: l1sim | dramsim (no L2); the same bytes for 1 and 3
# threads (every sample runs through the whole pipeline in
# 59-memory-pipeline.t)
for s in samples/gesummv.trc.zst samples/spmv.trc.zst samples/hotspot.trc.zst \
	 samples/mshr-h256.trc.zst; do
	name=$(basename "$s" .trc.zst)
	rm -f "$T/d3.wt" "$T/d3.json"
	trace-gen "$s" | trace-order | coalesce | l1sim > "$T/l1.wt"
	OMP_NUM_THREADS=3 dramsim -o "$T/d.wt" --stats="$T/d.json" "$T/l1.wt"
	mv "$T/d.wt" "$T/d3.wt"; mv "$T/d.json" "$T/d3.json"
	ok $? "$name: l1sim | dramsim"
	n=$(total "$T/d3.json" requests)
	ig=$(total "$T/d3.json" ignored)
	is "$((n + ig))" "$(trace-dump --summary --format=csv "$T/l1.wt" | awk -F, 'NR > 1 {s += $10} END {print s}')" \
		"$name: every input event served or ignored"
	if [ "$n" -lt 200000 ]; then
		OMP_NUM_THREADS=1 dramsim -o "$T/d.wt" --stats="$T/d.json" "$T/l1.wt"
		cmp -s "$T/d.wt" "$T/d3.wt" && cmp -s "$T/d.json" "$T/d3.json"
		ok $? "$name: output and stats identical with 1 and 3 threads"
	fi
	trace-dump --check "$T/d3.wt"
	ok $? "$name: trace-dump --check accepts the stream"
done

# --batch: the channels run up to the next arrival every N events and the
# requests done before any later one can be are written; the output is
# the whole kernel's, whatever N.  L1 events (bfs: 16 kernels), L2
# events (spmv, conv3d: 22 kernels), MeDiC's two queues on the L2 hits
# and misses, FCFS, and small queues that fill.
for s in bfs spmv conv3d; do
	trace-gen "samples/$s.trc.zst" | trace-order | coalesce | l1sim > "$T/$s.l1"
done
l2sim -o "$T/spmv.l2" "$T/spmv.l1"
l2sim -o "$T/conv3d.l2" "$T/conv3d.l1"
l2sim --events=all -o "$T/bfs.l2all" "$T/bfs.l1"
same_batches dramsim requests bfs "$T/bfs.l1"
same_batches dramsim requests bfs "$T/bfs.l1" --sched=fcfs --queue=2
same_batches dramsim requests spmv "$T/spmv.l2"
same_batches dramsim requests spmv "$T/spmv.l2" --queue=1 --channels=2
same_batches dramsim requests conv3d "$T/conv3d.l2"
same_batches dramsim requests bfs-all "$T/bfs.l2all" --sched=medic --queue=4
# A backlog: the kernel asks faster than a queue of 3 lets in, so most
# requests wait outside it for many batches.  Each batch looks only at
# the requests admitted and not written, and the lists are compacted
# once half of them is gone, so tiny batches cost O(1) a request (this
# took 4.4 s before, 0.4 s after; a run of 2M requests, minutes).
trace-gen samples/mshr-h128.trc.zst | trace-order | coalesce | l1sim | l2sim > "$T/h128.l2"
same_batches_of "5" dramsim requests mshr-h128 "$T/h128.l2" --queue=3 --sched=fcfs
# A stream out of time order (its first event the last, and every 1000th
# 500 events late): its kernel is held whole from the first event out of
# order on, here the second, so --batch above 1 makes --batch=0's output;
# --batch=1 has run the first alone, and still serves every request.
"$GEN" gen late 3000 2 > "$T/late.wt"
same_batches_of "37 4K" dramsim requests late "$T/late.wt" --queue=4
dramsim --queue=4 --batch=1 --stats="$T/b1.json" "$T/late.wt" > /dev/null
is "$(total "$T/b1.json" requests)" 3000 "late, --batch=1: every request served"
fails_with 2 "--batch=x: expected a number" "--batch=x" dramsim --batch=x "$T/spmv.l2"
# --spill: past SIZE bytes of requests waiting outside a channel's queue,
# those behind its first 4096 wait on a temporary file, with every one
# read for it after them, and come back 4096 at a time as the queue takes
# them (the run stops for them, and goes on at the same cycle); at the
# kernel's end the channels run a slice at a time while some wait there.
# The output is the same.  Random lines at one a cycle swamp two
# channels (or one, FCFS with a queue of 2); then the same in time order
# for half its length only; then loads of warp instructions
# (stall_cycles) through one channel.  L1 events have no instructions,
# so the backlog's is the only file, and a missing $TMPDIR shows it.
"$GEN" gen random 40000 1 > "$T/swamp.wt"
"$GEN" gen midlate 40000 1 > "$T/midlate.wt"
"$GEN" gen warps 40000 1 2 > "$T/w40.l2"
fails_with 1 "^dramsim: $T/none: no temporary file for the backlog: No such file or directory \\(set TMPDIR, or raise --spill\\)$" \
	"swamp, --spill=0, \$TMPDIR missing" env TMPDIR="$T/none" dramsim --spill=0 --channels=2 \
	--batch=4K -o "$T/sp.wt" "$T/swamp.wt"
test ! -e "$T/sp.wt"
ok $? "  and no output left"
env TMPDIR="$T/none" dramsim --channels=2 --batch=4K -o /dev/null "$T/swamp.wt"
ok $? "the same under the default --spill: nothing goes to a file"
same_batches_of "37 4K" dramsim requests swamp "$T/swamp.wt" --spill=0 --channels=2
same_batches_of "4K" dramsim requests swamp "$T/swamp.wt" --spill=0 --channels=1 \
	--sched=fcfs --queue=2
same_batches_of "4K" dramsim requests swamp "$T/swamp.wt" --spill=100K --channels=2
same_batches_of "37 4K" dramsim requests midlate "$T/midlate.wt" --spill=0 --channels=2
same_batches_of "4K" dramsim requests warps "$T/w40.l2" --spill=0 --channels=1 --queue=2
# MeDiC's two queues each have a file: L2 events of 8 warps, 6 of them
# (or all 8) mostly-hit, whose misses go to the high queue, swamp one
# channel, so that both queues' backlogs (or the high one's) go to a
# file; high requests still pass the low ones on theirs.
"$GEN" gen medic 40000 1 6 > "$T/medic6.l2"
"$GEN" gen medic 40000 1 8 > "$T/medic8.l2"
same_batches_of "37 4K" dramsim requests medic6 "$T/medic6.l2" --sched=medic --spill=0 --channels=1
same_batches_of "4K" dramsim requests medic8 "$T/medic8.l2" --sched=medic --spill=0 --channels=1
fails_with 2 "--spill=x: expected a number" "--spill=x" dramsim --spill=x "$T/spmv.l2"
# A warp instruction closes, its slowest load added to stall_cycles, once
# every load of it read has been served and a load of a later one of its
# warp has been read.  The L2 serves a warp's loads out of its order
# (hotspot: some 800 of 10000 come after a later instruction's): a late
# one of an instruction closed is added at the kernel's end, from the
# temporary file of the instructions closed.  8 warps whose instructions
# rise every 3 loads; the same where, half-way, warp 1 loads 3000 cycles
# late for its previous instruction and warp 2 for an instruction it
# skipped; small queues keep loads waiting.
trace-gen samples/hotspot.trc.zst | trace-order | coalesce | l1sim |
	l2sim --events=all > "$T/hotspot.l2all"
same_batches dramsim requests hotspot-all "$T/hotspot.l2all"
"$GEN" gen warps 3000 2 2 > "$T/w.l2"
"$GEN" gen reorder 3000 2 2 > "$T/r.l2"
same_batches dramsim requests warps "$T/w.l2" --queue=2
same_batches dramsim requests reorder "$T/r.l2" --queue=2
same_batches dramsim requests reorder "$T/r.l2" --sched=fcfs --channels=1
dramsim --stats="$T/w.json" "$T/w.l2" > /dev/null
dramsim --stats="$T/r.json" "$T/r.l2" > /dev/null
sw=$(total "$T/w.json" stall_cycles) sr=$(total "$T/r.json" stall_cycles)
[ $((sr - sw)) -gt 3000 ]
ok $? "reorder: the late load's 3000 cycles count ($sw, then $sr)"
fails_with 1 "nothere: no temporary file: No such file or directory \(the closed warp instructions of a kernel go there; --batch=0 needs none\)" \
	"no temporary file" env TMPDIR="$T/nothere" dramsim --batch=1 --stats=/dev/null "$T/w.l2"
TMPDIR="$T/nothere" dramsim --batch=0 --stats=/dev/null "$T/w.l2" > /dev/null
ok $? "--batch=0 makes no temporary file"
TMPDIR="$T/nothere" dramsim --batch=1 "$T/w.l2" > /dev/null
ok $? "without --stats no instruction is followed, and no temporary file made"

# Without --stats no warp instruction is followed and no latency kept;
# the requests are the same, under each scheduler and with batches.
same_without_stats dramsim requests mshr-h128 "$T/h128.l2"
same_without_stats dramsim requests mshr-h128 "$T/h128.l2" --sched=fcfs
same_without_stats dramsim requests mshr-h128 "$T/h128.l2" --sched=medic
same_without_stats dramsim requests mshr-h128 "$T/h128.l2" --batch=1K --queue=3

done_testing
