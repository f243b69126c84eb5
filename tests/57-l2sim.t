#!/bin/sh
# l2sim: queueing delay and MeDiC's inter-bank divergence penalty on
# hand-built cases, warp types, write-back against write-through traffic,
# Khairy et al.'s streaming bypass, --disable, every sample through the pipeline, determinism with 1 and 2
# threads, bad options and bad input.
. "$(dirname "$0")/lib.sh"

# The mechanisms below are l2sim's on a line L2 that allocates on writes
# (MeDiC's, the papers' GTX 480), which these tests were written on; the
# fermi machine's L2, SM2_GTX480's, is sectored with lazy fetch-on-read:
# 57-sectors.t tests that one.
l2sim() {
	command l2sim --sectored=no --write-allocate=yes "$@"
}

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
types() {	# the event types of a stream, one line
	trace-dump --format=csv "$@" | tail -n +2 | cut -d, -f9 | tr '\n' ' '
}

run l2sim --help
is "$rc" 0 "--help exits 0"
run l2sim --version
like "$out" "^l2sim \(warptrace\) [0-9]" "--version"
fails_with 2 "--partitions=0: expected a number from 1 to 1024" "no partitions" l2sim --partitions=0
fails_with 2 "--map=xor: needs a power-of-two number of partitions" "xor over 6" l2sim --map=xor
fails_with 2 "--map=ipoly5: 5 \(x\^2\+1\) is not irreducible" "reducible polynomial" \
	l2sim --partitions=4 --map=ipoly5
fails_with 2 "--banks=3: expected a power of two" "3 banks" l2sim --banks=3
fails_with 2 "--write=write-evict: expected write-through or write-back" "bad policy" l2sim --write=write-evict
fails_with 2 "an interleave of 200 bytes splits 128-byte lines" "odd interleave" l2sim --interleave=200
fails_with 2 "--map=dramid@8;RRDDSSSSSSSS: give dramid@BIT or D letters" "bad mapping string" \
	l2sim --partitions=4 '--map=dramid@8;RRDDSSSSSSSS'
fails_with 2 "write policy 'L'" "an L1 config string" l2sim --config=N:32:128:4,L:L:m:N:H,S:64:8,8
fails_with 2 "option '--frobnicate' is unknown" "unknown option" l2sim --frobnicate

# A warp of 4 threads loads lines 0, 1, 2 and 4 twice, 500 cycles apart;
# the L1 passes every load on (l1sim --mode=bypass).  One partition,
# banks by line-address bit 0: lines 0, 2, 4 in bank 0, line 1 in bank 1.
printf 'blocksize: 4 1 1\n0 0 0 4\n1 0 256 4\n2 0 512 4\n3 0 128 4\n0 0 0 4\n1 0 256 4\n2 0 512 4\n3 0 128 4\n' > "$T/d.trc"
trace-gen "$T/d.trc" | trace-order --warp-size=4 --latency=500 | coalesce | l1sim --mode=bypass > "$T/d.l1"
# All four arrive at 500.  Port 0 takes line 0 (bank 0), port 1 line 1
# (bank 1): both enter their queues at 501 and start at 501.  At 501 port
# 0 takes line 2 and port 1 line 4, both for bank 0: they start at 502
# and 503.  Data at 511, 511, 512, 513: a penalty of 13 - 11 = 2 cycles;
# queueing delays 0, 0, 1, 2 (and the same for the first, missing, pass).
l2sim --partitions=1 --icnt-latency=0 --events=all --stats="$T/d.json" "$T/d.l1" > "$T/d.l2"
is "$(types "$T/d.l2")" "miss miss miss miss hit hit hit hit " "first pass misses, second hits"
is "$(trace-dump --format=csv "$T/d.l2" | tail -4 | cut -d, -f2,16 | tr '\n' ' ')" \
	"511,11 511,11 512,12 513,13 " "hits: data at 511, 511, 512, 513"
like "$(json "$T/d.json")" '"inter_bank_divergence":\{"all_hit_instructions":1,"mean":2,"max":2,' \
	"inter-bank divergence penalty 2"
like "$(json "$T/d.json")" '"queueing_delay":\{"requests":8,"mean":0.75,"max":2,"histogram":\[\[0,0,4\],\[1,1,2\],\[2,3,2\]\]\}' \
	"queueing delays 0, 0, 1, 2 twice"
like "$(json "$T/d.json")" '"banks":\[\{"bank":0,"accesses":6,"mean_queue_delay":1,"max_queue_length":1\},\{"bank":1,"accesses":2,"mean_queue_delay":0,' \
	"bank 0 has 6 accesses and the delay, bank 1 has 2 and none"
like "$(json "$T/d.json")" '"warp_instructions":\{"all_hit":1,"mostly_hit":0,"balanced":0,"mostly_miss":0,"all_miss":1\}' \
	"one all-miss and one all-hit instruction"
# A slow bank with a one-entry queue: bank 0 starts an access every 4
# cycles.  Line 2 (port 0 at 501) enters at 502 and starts at 505; line 4
# (port 1 at 501) finds the queue full and holds port 1 until line 2
# starts at 505, then starts at 509.  Data at 511, 511, 515, 519.
l2sim --partitions=1 --icnt-latency=0 --bank-cycle=4 --bank-queue=1 --stats="$T/q.json" "$T/d.l1" > /dev/null
like "$(json "$T/q.json")" '"inter_bank_divergence":\{"all_hit_instructions":1,"mean":8,"max":8,' \
	"slow bank: penalty 8"
like "$(json "$T/q.json")" '"queueing_delay":\{"requests":8,"mean":3,"max":8,' \
	"slow bank: queueing delays 0, 0, 4, 8"
# Two banks picked by line-address bit 1 instead: lines 0, 1, 4 in bank 0.
l2sim --partitions=1 --icnt-latency=0 --banks=2@8 --stats="$T/b8.json" "$T/d.l1" > /dev/null
like "$(json "$T/b8.json")" '"banks":\[\{"bank":0,"accesses":6,.*\{"bank":1,"accesses":2,' \
	"--banks=2@8: lines 0, 1, 4 share a bank"
# One bank, one port: one access per cycle, data at 511..514.
l2sim --partitions=1 --icnt-latency=0 --banks=1 --ports=1 --stats="$T/b1.json" "$T/d.l1" > /dev/null
like "$(json "$T/b1.json")" '"inter_bank_divergence":\{"all_hit_instructions":1,"mean":3,"max":3,' \
	"one bank: penalty 3"

# Warp types: the second instruction finds 3 of its 4 lines (75 %).
printf 'blocksize: 4 1 1\n0 0 0 4\n1 0 256 4\n2 0 512 4\n3 0 8192 4\n0 0 0 4\n1 0 256 4\n2 0 512 4\n3 0 128 4\n' > "$T/m.trc"
trace-gen "$T/m.trc" | trace-order --warp-size=4 --latency=500 | coalesce | l1sim --mode=bypass \
	| l2sim --partitions=1 --stats="$T/m.json" > /dev/null
like "$(json "$T/m.json")" '"warp_instructions":\{"all_hit":0,"mostly_hit":1,"balanced":0,"mostly_miss":0,"all_miss":1\}' \
	"3 hits of 4 make a mostly-hit instruction"
like "$(json "$T/m.json")" '"pcs":\[\{"pc":"0x0","accesses":8,"hits":3,"hit_rate":0.375\}\]' "per-PC hit ratio"
like "$(json "$T/m.json")" '"warps":\[\{"kernel":0,"warp":0,"cta":0,"sm":0,"accesses":8,"hits":3,"hit_rate":0.375,' \
	"per-warp hit ratio"

# Write traffic: stores to lines 0x0 and 0x1000, then loads of 0x100 and
# 0x1000, all in set 0 of a one-way, two-set partition.  Write-back: each
# access evicts the line before it, the stored ones dirty (two
# write-backs); write-through without write-allocate: the stores go on.
printf 'blocksize: 2 1 1\n0 1 0 4\n1 1 4096 4\n0 0 256 4\n1 0 4096 4\n' > "$T/w.trc"
trace-gen "$T/w.trc" | trace-order --warp-size=1 --latency=500 | coalesce | l1sim --mode=bypass > "$T/w.l1"
l2sim --partitions=1 --size=256 --assoc=1 --stats="$T/wb.json" "$T/w.l1" > "$T/wb.l2"
is "$(types "$T/wb.l2")" "write-back write-back miss miss " "write-back: two dirty evictions, two misses"
like "$(json "$T/wb.json")" '"write_backs":2,"write_throughs":0,' "write-back: stats"
l2sim --partitions=1 --size=256 --assoc=1 --write=write-through --write-allocate=no \
	--stats="$T/wt.json" "$T/w.l1" > "$T/wt.l2"
is "$(types "$T/wt.l2")" "write-through write-through miss miss " "write-through: the stores go on"
like "$(json "$T/wt.json")" '"write_backs":0,"write_throughs":2,' "write-through: stats"

# Atomics are a read-modify-write at the L2: an atomic on line 0x0 misses
# (the L1 passes it on), a load of it hits, a load of 0x1000 evicts it.
# Write-back: the atomic made it dirty; write-through: its result goes on.
printf 'blocksize: 1 1 1\n0 2 0 4\n0 0 0 4\n0 0 4096 4\n' > "$T/a.trc"
trace-gen "$T/a.trc" | trace-order --warp-size=1 --latency=500 | coalesce | l1sim > "$T/a.l1"
l2sim --partitions=1 --size=256 --assoc=1 --stats="$T/ab.json" "$T/a.l1" > "$T/ab.l2"
is "$(types "$T/ab.l2")" "miss write-back miss " "atomic, write-back: the line is dirty"
like "$(json "$T/ab.json")" '"reads":2,"writes":0,"atomics":1,"hits":1,"misses":2,' "atomic: counted as a read"
l2sim --partitions=1 --size=256 --assoc=1 --write=write-through --write-allocate=no "$T/a.l1" > "$T/at.l2"
is "$(types "$T/at.l2")" "miss write-through miss " "atomic, write-through: the result goes on"

# Khairy et al.'s streaming bypass, one partition.  One thread loads 100
# new lines, one every 500 cycles (arriving at 10, 510, ...), then 4
# lines 25 times over.  Period 0 (cycles 0 to 9999) has 20 loads, all
# misses: the partition closes at load 20, and loads 20 to 119 go around
# it.  Period 5 (from 50000) is the first of the 4 lines: its tags miss 4
# of 20, 20 %, so it opens at load 120, dropping the 4 lines the tags took
# (no data): they miss once more, and the 76 loads after them hit.
# Periods 0 to 8 end by the last load; 1 to 5 end closed.
streaming() {	# streaming FILE [STORE]: the stream, a store before load 40
	{
		printf 'blocksize: 1 1 1\n'
		i=0
		while [ $i -lt 100 ]; do
			[ $i = 40 ] && [ -n "${2:-}" ] && echo "0 1 $2 4"
			echo "0 0 $((i * 128)) 4"
			i=$((i + 1))
		done
		i=0
		while [ $i -lt 100 ]; do
			echo "0 0 $((65536 + i % 4 * 128)) 4"
			i=$((i + 1))
		done
	} > "$T/$1.trc"
	trace-gen "$T/$1.trc" | trace-order --warp-size=1 --latency=500 | coalesce \
		| l1sim --mode=bypass > "$T/$1.l1"
}
sbyp() {	# sbyp JSON: the streaming-bypass counters of the total
	json "$1" | grep -o '"total":{.*' | grep -o '"sbyp_loads":[0-9]*,"sbyp_periods":[0-9]*,"sbyp_periods_closed":[0-9]*,"sbyp_switches":[0-9]*' \
		| head -n 1
}
streaming st
l2sim --partitions=1 --bypass=streaming --stats="$T/st.json" "$T/st.l1" > "$T/st.l2"
is "$(sbyp "$T/st.json")" '"sbyp_loads":100,"sbyp_periods":9,"sbyp_periods_closed":5,"sbyp_switches":2' \
	"streaming: 100 loads go around, closed for 5 periods, closes and opens"
like "$(json "$T/st.json")" '"total":\{"requests":200,"reads":200,"writes":0,"atomics":0,"hits":76,"misses":24,' \
	"streaming: 20 misses before it closes, 4 after it opens, then hits"
like "$(json "$T/st.json")" '"bypass":"streaming","sbyp_period":10000,"sbyp_threshold":0.9' \
	"streaming: the settings"
is "$(types "$T/st.l2" | tr ' ' '\n' | grep -c bypass):$(types "$T/st.l2" | tr ' ' '\n' | grep -c miss)" \
	"100:24" "streaming: 100 bypass events, 24 misses to DRAM"
is "$(trace-dump --format=csv "$T/st.l2" | grep ',bypass,' | head -n 1 | cut -d, -f2,3,16)" \
	"10010,2,0" "streaming: the first bypass leaves at its arrival, at level 2"
dramsim --stats="$T/st-d.json" "$T/st.l2" > "$T/st-d.wt"
ok $? "streaming: dramsim takes the stream"
is "$(json "$T/st-d.json" | grep -o '"total":{"requests":[0-9]*' | head -n 1)" '"total":{"requests":124' \
	"streaming: dramsim serves the 124 requests"
# The friendly half alone never closes; threshold 1 never closes; a
# 60000-cycle period holds 104 misses in 120 loads (87 %): never closes.
{ printf 'blocksize: 1 1 1\n'; i=0; while [ $i -lt 200 ]; do
	echo "0 0 $((i % 4 * 128)) 4"; i=$((i + 1)); done; } > "$T/fr.trc"
trace-gen "$T/fr.trc" | trace-order --warp-size=1 --latency=500 | coalesce \
	| l1sim --mode=bypass > "$T/fr.l1"
l2sim --partitions=1 --bypass=streaming --stats="$T/fr.json" "$T/fr.l1" > /dev/null
is "$(sbyp "$T/fr.json")" '"sbyp_loads":0,"sbyp_periods":9,"sbyp_periods_closed":0,"sbyp_switches":0' \
	"friendly: never closes"
l2sim --partitions=1 --bypass=streaming --sbyp-threshold=0.1 --stats="$T/fr1.json" \
	"$T/fr.l1" > /dev/null
like "$(sbyp "$T/fr1.json")" '"sbyp_loads":[1-9][0-9]*,.*"sbyp_switches":[1-9]' \
	"friendly, threshold 0.1: 20 % misses close it"
l2sim --partitions=1 --bypass=streaming --sbyp-threshold=1 --stats="$T/st1.json" \
	"$T/st.l1" > /dev/null
is "$(sbyp "$T/st1.json")" '"sbyp_loads":0,"sbyp_periods":9,"sbyp_periods_closed":0,"sbyp_switches":0' \
	"streaming, threshold 1: never closes"
l2sim --partitions=1 --bypass=streaming --sbyp-period=60000 --stats="$T/st6.json" \
	"$T/st.l1" > /dev/null
is "$(sbyp "$T/st6.json")" '"sbyp_loads":0,"sbyp_periods":1,"sbyp_periods_closed":0,"sbyp_switches":0' \
	"streaming, 60000-cycle periods: 87 % misses, never closes"
l2sim --partitions=1 --sbyp-period=5 --sbyp-threshold=0 --stats="$T/off.json" "$T/st.l1" > /dev/null
is "$(sbyp "$T/off.json")" '"sbyp_loads":0,"sbyp_periods":0,"sbyp_periods_closed":0,"sbyp_switches":0' \
	"the tuning options alone change nothing"
# A 1-set partition (16 ways): a store before load 40 finds line 35,
# which the tags took while closed; it drops it and misses (allocating
# it, dirty).  Sixteen loads on, the tags evict it: a write-back.
streaming sw 4480
l2sim --partitions=1 --size=2K --bypass=streaming --stats="$T/sw.json" "$T/sw.l1" > "$T/sw.l2"
like "$(json "$T/sw.json")" '"write_hits":0,"write_misses":1,"write_backs":1,' \
	"a store drops the tags' line and misses; the tags write it back"
is "$(trace-dump --format=csv "$T/sw.l2" | grep ',write-back,' | cut -d, -f2,13,16)" \
	"27511,0x1180,0" "the write-back leaves with the load that evicted it"
# Loads 25000 cycles apart, all missing: at load 1 two periods have
# ended, and the partition is closed at the end of both; empty periods
# end closed too: 7 of 7.
printf 'blocksize: 1 1 1\n0 0 0 4\n0 0 128 4\n0 0 256 4\n0 0 384 4\n' > "$T/gap.trc"
trace-gen "$T/gap.trc" | trace-order --warp-size=1 --latency=25000 | coalesce \
	| l1sim --mode=bypass | l2sim --partitions=1 --bypass=streaming \
	--stats="$T/gap.json" > /dev/null
is "$(sbyp "$T/gap.json")" '"sbyp_loads":3,"sbyp_periods":7,"sbyp_periods_closed":7,"sbyp_switches":1' \
	"empty periods of a closed partition end closed"
# Per partition: two partitions, lines interleaved every 128 bytes, each
# sees half the stream and closes by itself.
l2sim --partitions=2 --interleave=128 --bypass=streaming --stats="$T/p2.json" "$T/st.l1" > /dev/null
like "$(json "$T/p2.json")" '"partition":0,.*"sbyp_switches":2,.*"partition":1,.*"sbyp_switches":2,' \
	"two partitions: each closes and opens"
fails_with 2 "--sbyp-threshold=2: expected a number from 0 to 1" "threshold 2" \
	l2sim --bypass=streaming --sbyp-threshold=2
fails_with 2 "--sbyp-period=0: expected a number from 1 to" "period 0" \
	l2sim --bypass=streaming --sbyp-period=0
fails_with 2 "--sbyp-period=x: expected a number" "period x" l2sim --sbyp-period=x
fails_with 2 "--bypass=stream: expected rand:FRACTION, pc or streaming" "bad --bypass" \
	l2sim --bypass=stream
fails_with 2 "--bypass and --medic=wbyp are two bypass policies" "streaming and wbyp" \
	l2sim --bypass=streaming --medic=wbyp
fails_with 2 "need an L2 \(not --disable\)" "streaming without an L2" \
	l2sim --bypass=streaming --disable
l2sim --partitions=1 --bypass=streaming --medic=wip "$T/st.l1" > /dev/null
ok $? "streaming with --medic=wip runs"

# Four samples: determinism, --disable (every sample runs through the
# whole pipeline in 59-memory-pipeline.t).
for s in samples/bfs.trc.zst samples/syrk.trc.zst samples/hotspot.trc.zst \
	 samples/spmv.trc.zst; do
	name=$(basename "$s" .trc.zst)
	# (the stages before l2sim on one thread: they are not under test)
	trace-gen "$s" | OMP_NUM_THREADS=1 trace-order | OMP_NUM_THREADS=1 coalesce \
		| OMP_NUM_THREADS=1 l1sim > "$T/s.l1"
	OMP_NUM_THREADS=1 l2sim -o "$T/e.wt" --stats="$T/e.json" "$T/s.l1"
	mv "$T/e.wt" "$T/e1.wt"; mv "$T/e.json" "$T/e1.json"
	OMP_NUM_THREADS=2 l2sim -o "$T/e.wt" --stats="$T/e.json" "$T/s.l1"
	cmp -s "$T/e.wt" "$T/e1.wt" && cmp -s "$T/e.json" "$T/e1.json"
	ok $? "$name: l2sim output and stats identical with 1 and 2 threads"
	trace-dump --check "$T/e1.wt" > /dev/null 2>&1
	ok $? "$name: the L2 event stream checks"
	case $name in bfs|syrk|hotspot)
		l2sim --disable --stats="$T/dis.json" "$T/s.l1" > "$T/dis.wt"
		n1=$(trace-dump --format=csv "$T/s.l1" | tail -n +2 | grep -cv ',hit,\|,latency,')
		n2=$(trace-dump --format=csv "$T/dis.wt" | tail -n +2 | grep -c ',bypass,')
		n3=$(trace-dump --format=csv "$T/dis.wt" | tail -n +2 | wc -l | tr -d ' ')
		[ "$n1" -gt 0 ] && [ "$n1" = "$n2" ] && [ "$n2" = "$n3" ]
		ok $? "$name: --disable passes all $n1 requests on as bypasses ($n2 of $n3)"
		like "$(json "$T/dis.json")" '"hits":0,"misses":0,' "$name: --disable looks nothing up"
		;;
	esac
done
trace-dump "$T/e1.wt" | grep -E '^# l2_(partitions|map):' | tr '\n' ' ' > "$T/meta"
is "$(cat "$T/meta")" "# l2_partitions: 6 # l2_map: dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS,sub-partitions=2 " \
	"header names the partitions and the map (the fermi machine's: 6 channels of 2 slices)"
l2sim --partitions=8 --map=ipoly -o "$T/ip.wt" "$T/s.l1"
trace-dump --check "$T/ip.wt" > /dev/null 2>&1
ok $? "ipoly over 8 partitions: the stream checks"
is "$(trace-dump --format=csv "$T/ip.wt" | tail -n +2 | cut -d, -f17 | sort -u | tr '\n' ' ')" \
	"0 1 2 3 4 5 6 7 " "ipoly over 8 partitions uses all 8"

# A sample through the whole pipeline with the streaming bypass (conv3d:
# some partitions close); the same with 1 and 2 threads, and dramsim
# takes every event.
# (every kernel from SM 0: with GPGPU-Sim's placement, trace-order's
# default, conv3d's kernels find other SMs' L1s; L1s kept across kernels,
# not flushed as SM2_GTX480's are: else no partition's load miss rate
# passes 90 % in a period)
trace-gen samples/conv3d.trc.zst | trace-order --cta-start=zero | coalesce | l1sim --flush=no > "$T/cs.l1"
ok $? "conv3d: trace-gen | trace-order | coalesce | l1sim"
OMP_NUM_THREADS=1 l2sim --bypass=streaming -o "$T/cs.l2" --stats="$T/cs.json" "$T/cs.l1"
ok $? "conv3d: l2sim --bypass=streaming"
like "$(sbyp "$T/cs.json")" '"sbyp_loads":[1-9][0-9]*,.*"sbyp_periods_closed":[1-9][0-9]*,' \
	"conv3d: loads go around closed partitions"
mv "$T/cs.l2" "$T/cs1.l2"; mv "$T/cs.json" "$T/cs1.json"
OMP_NUM_THREADS=2 l2sim --bypass=streaming -o "$T/cs.l2" --stats="$T/cs.json" "$T/cs.l1"
cmp -s "$T/cs.l2" "$T/cs1.l2" && cmp -s "$T/cs.json" "$T/cs1.json"
ok $? "conv3d: output and stats identical with 1 and 2 threads"
dramsim --stats="$T/csd.json" "$T/cs.l2" > "$T/csd.wt" && trace-dump --check "$T/csd.wt" > /dev/null 2>&1
ok $? "conv3d: l2sim --bypass=streaming | dramsim, and its stream checks"
nd=$(json "$T/csd.json" | grep -o '"total":{.*' | grep -o '"requests":[0-9]*' | head -n 1 | cut -d: -f2)
ig=$(json "$T/csd.json" | grep -o '"total":{.*' | grep -o '"ignored":[0-9]*' | head -n 1 | cut -d: -f2)
n2=$(trace-dump --format=csv "$T/cs.l2" | tail -n +2 | wc -l | tr -d ' ')
is "$((nd + ig))" "$n2" "conv3d: dramsim serves or ignores each of the $n2 L2 events"

# --batch: the partitions run every N requests and the events no later
# request can precede are written; the output is the whole kernel's,
# whatever N.  bfs has 16 kernels; spmv a congested L2 (events far past
# their arrival); conv3d 22 small kernels; atomics, some write-throughs at
# their fill.  The options: merged misses at their fill (--events=all)
# and write-through, MSHR and queue stalls, the partitions' shared state
# (--medic, PC-Byp, PCAL: they run in arrival order), bypasses at the
# arrival (Rand, streaming) with EAF and WIP insertion.
awk 'BEGIN { print "blocksize: 32 1 1"
	for (i = 0; i < 3000; i++)
		print i % 32, i % 7 == 0 ? 2 : i % 5 == 0 ? 1 : 0, (i * 389) % 65536 * 4, 4 }' \
	> "$T/at.trc"
trace-gen "$T/at.trc" | trace-order --warp-size=4 | coalesce | l1sim > "$T/at.l1"
for s in bfs spmv conv3d; do
	trace-gen "samples/$s.trc.zst" | trace-order | coalesce | l1sim > "$T/$s.l1"
done
for s in bfs spmv conv3d; do
	same_batches l2sim events $s "$T/$s.l1"
	same_batches l2sim events $s "$T/$s.l1" --events=all --write=write-through --mshr=4 --bank-queue=1
	same_batches l2sim events $s "$T/$s.l1" --medic=all --medic-reset=5000
done
same_batches l2sim events atomics "$T/at.l1" --events=all --write=write-through --partitions=2
same_batches l2sim events atomics "$T/at.l1" --partitions=2 --mshr=2 --mshr-merge=1
same_batches l2sim events bfs "$T/bfs.l1" --bypass=pc --pcal=8 --medic-reset=5000
same_batches l2sim events bfs "$T/bfs.l1" --bypass=rand:0.3 --eaf
# (a long tag access: a bypass leaves well before a looked-up request)
same_batches l2sim events bfs "$T/bfs.l1" --bypass=streaming --sbyp-threshold=0.5 --tag-latency=100 \
	--medic=wip
# A stream out of time order (its first event the last, and every 1000th
# 500 events late): its kernel is held whole from the first event out of
# order on, here the second, so --batch above 1 makes --batch=0's output.
"$BUILD/tests/test-dram" gen late 3000 2 > "$T/late.wt"
same_batches_of "37 4K" l2sim events late "$T/late.wt"
same_batches_of "37 4K" l2sim events late "$T/late.wt" --medic=all
fails_with 2 "--batch=x: expected a number" "--batch=x" l2sim --batch=x "$T/bfs.l1"
# --spill: past SIZE bytes of events waiting in memory, those no later
# request can go before wait on a temporary file, and the output is the
# same.  --spill=0 sends them there at every batch.  spmv's L2 is
# congested; the bench's conflict pattern overloads three partitions of
# six, whose events wait on the file while the idle ones hold the output
# back, and come back in many chunks (rounds of the merge).
for s in bfs spmv conv3d; do
	same_batches l2sim events $s "$T/$s.l1" --spill=0
done
same_batches l2sim events spmv "$T/spmv.l1" --spill=0 --events=all --write=write-through \
	--mshr=4 --bank-queue=1
same_batches l2sim events spmv "$T/spmv.l1" --spill=0 --medic=all --medic-reset=5000
"$BUILD/tools/gen-dump" --accesses=512K --pattern=conflict | trace-gen | trace-order | coalesce |
	l1sim > "$T/conflict.l1"
same_batches_of "1 4K 64K" l2sim events conflict "$T/conflict.l1" --spill=0
same_batches_of "4K" l2sim events conflict "$T/conflict.l1" --spill=1M
same_batches_of "4K" l2sim events conflict "$T/conflict.l1" --spill=100G
same_batches_of "4K" l2sim events conflict "$T/conflict.l1" --spill=0 --bypass=rand:0.5
fails_with 1 "^l2sim: $T/none: no temporary file for the backlog: No such file or directory \\(set TMPDIR, or raise --spill\\)$" \
	"--spill=0, \$TMPDIR missing" env TMPDIR="$T/none" l2sim --spill=0 --batch=4K -o "$T/sp.wt" "$T/conflict.l1"
test ! -e "$T/sp.wt"
ok $? "  and no output left"
env TMPDIR="$T/none" l2sim --batch=4K -o "$T/sp.wt" "$T/conflict.l1"
ok $? "the same under the default --spill: nothing goes to a file"
fails_with 2 "--spill=x: expected a number" "--spill=x" l2sim --spill=x "$T/bfs.l1"
# Events on the file, then the stream out of time order (in order for its
# first half, congested so that events go to the file at every batch, then
# every 1000th event 500 cycles late): a late request waits for the busy
# ports and banks too, so what went stays right; the output is --batch=0's.
# (6 partitions of 128 KB with bank queues of 8, as the fermi preset had
# them before it took SM2_GTX480's 12 slices and queues of 64: these
# congest.)
"$BUILD/tests/test-dram" gen midlate 20000 1 > "$T/midlate.wt"
env TMPDIR="$T/none" l2sim --partitions=6 --size=128K --assoc=16 --bank-queue=8 --mshr=32 \
	--spill=0 --batch=4K -o /dev/null "$T/midlate.wt" 2> /dev/null
is $? 1 "midlate: events go to the file before it goes out of order"
same_batches_of "37 4K" l2sim events midlate "$T/midlate.wt" --spill=0
same_batches_of "37 4K" l2sim events midlate "$T/midlate.wt" --spill=0 --partitions=2 \
	--medic=all --medic-reset=500
# The warp instructions close, their statistics counted, once every load
# and atomic of theirs has run and a later one of their warp has been
# read, not at the kernel's end; the warps are listed in order all the
# same.  8 warps whose instructions rise every 3 loads, shared lines; the
# partitions' shared state (--medic) holds requests over to a later
# batch, and the instructions with them.
"$BUILD/tests/test-dram" gen warps 3000 2 1 > "$T/w.l1"
same_batches l2sim events warps "$T/w.l1" --partitions=2
same_batches l2sim events warps "$T/w.l1" --medic=all --medic-reset=500
l2sim --stats="$T/w.json" "$T/w.l1" > /dev/null
like "$(json "$T/w.json")" '"warp_instructions":\{"all_hit":805,"mostly_hit":0,"balanced":6,"mostly_miss":0,"all_miss":189\}' \
	"warps: 1000 instructions"
l2sim --stats="$T/bfs.json" "$T/bfs.l1" > /dev/null
is "$(json "$T/bfs.json" | grep -o '"kernel":[0-9]*,"warp":[0-9]*' | tr -c '0-9\n' ' ' |
	awk 'NR > 1 && $1 == k && $2 <= w { bad++ } { k = $1; w = $2 } END { print NR, bad + 0 }')" \
	"$(json "$T/bfs.json" | grep -o '"kernel":[0-9]*,"warp"' | wc -l | tr -d ' ') 0" \
	"bfs: the warps of each kernel in order"
# The same but that, half-way, warp 1 loads for its previous instruction
# and warp 2 for an instruction it skipped: with batches, the first may
# be counted already (with --batch=1 it is; with 4K it is not, but that
# is not known), and the stream is refused; --batch=0 holds every
# instruction to the kernel's end and takes it (1001 instructions).
# Without --stats no instruction is counted, and any batch takes it.
"$BUILD/tests/test-dram" gen reorder 3000 2 1 > "$T/r.l1"
fails_with 1 "r.l1: record 1501: warp 1's instruction 61 comes after its instruction 62, when it may be closed already: this input is not in each warp's order; run l2sim --batch=0" \
	"a warp's closed instruction after a later one, --batch=1" l2sim --batch=1 --stats="$T/r1.json" "$T/r.l1"
test ! -e "$T/r1.json"
ok $? "refused: no statistics file"
fails_with 1 "r.l1: record 1501: warp 1's instruction 61 comes after its instruction 62" \
	"a warp's instruction after a later one, --batch=4K" l2sim --batch=4K --stats=/dev/null "$T/r.l1"
l2sim --batch=0 "$T/r.l1" | trace-dump | grep -v '^#' > "$T/r0.txt" &&
	l2sim --batch=1 "$T/r.l1" | trace-dump | grep -v '^#' > "$T/r1.txt"
ok $? "without --stats, --batch=1 takes a stream out of each warp's order"
cmp -s "$T/r0.txt" "$T/r1.txt"
ok $? "... and writes --batch=0's events"
l2sim --batch=0 --stats="$T/r.json" "$T/r.l1" > /dev/null
ok $? "--batch=0 takes a stream out of each warp's order"
like "$(json "$T/r.json")" '"warp_instructions":\{"all_hit":804,"mostly_hit":1,"balanced":6,"mostly_miss":0,"all_miss":190\}' \
	"--batch=0: 1001 instructions, warp 1's late load in its own"

# --stats-warps=no: the warps' rows left out, said in the settings, the
# rest of the file and the stream as with them
l2sim --partitions=1 --icnt-latency=0 --events=all --stats-warps=no \
	--stats="$T/dn.json" "$T/d.l1" > "$T/dn.l2"
ok $? "--stats-warps=no: runs"
warps_left_out "$T/dn.l2" "$T/d.l2" "$T/dn.json" "$T/d.json"
fails_with 2 "--stats-warps=maybe: expected no or yes" "--stats-warps=maybe" \
	l2sim --stats-warps=maybe "$T/d.l1"

# bad input
trace-gen "$T/d.trc" | trace-order | coalesce > "$T/req.wt"
fails_with 1 "expected a stream of 'event' records, got 'request' records; run l1sim first" \
	"a request stream in" l2sim "$T/req.wt"
fails_with 1 "record 0: a level-2 event" "l2sim output in" l2sim "$T/d.l2"
head -c 200 "$T/d.l1" > "$T/trunc.wt"
fails_with 1 "trunc.wt" "a truncated stream" l2sim "$T/trunc.wt"

# Without --stats no warp instructions, PCs or queues are counted, nor
# are outcomes made; the events are the same, with batches and with
# MeDiC's shared state.
same_without_stats l2sim events bfs "$T/bfs.l1"
same_without_stats l2sim events bfs "$T/bfs.l1" --batch=1
same_without_stats l2sim events bfs "$T/bfs.l1" --medic=all --sectored=no --events=all

done_testing
