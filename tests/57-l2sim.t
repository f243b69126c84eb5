#!/bin/sh
# l2sim: queueing delay and MeDiC's inter-bank divergence penalty on
# hand-built cases, warp types, write-back against write-through traffic,
# --disable, every sample through the pipeline, determinism with 1 and 2
# threads, bad options and bad input.
. "$(dirname "$0")/lib.sh"

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
is "$(cat "$T/meta")" "# l2_partitions: 6 # l2_map: linear,interleave=256 " "header names the partitions and the map"
l2sim --partitions=8 --map=ipoly -o "$T/ip.wt" "$T/s.l1"
trace-dump --check "$T/ip.wt" > /dev/null 2>&1
ok $? "ipoly over 8 partitions: the stream checks"
is "$(trace-dump --format=csv "$T/ip.wt" | tail -n +2 | cut -d, -f17 | sort -u | tr '\n' ' ')" \
	"0 1 2 3 4 5 6 7 " "ipoly over 8 partitions uses all 8"

# bad input
trace-gen "$T/d.trc" | trace-order | coalesce > "$T/req.wt"
fails_with 1 "expected a stream of 'event' records, got 'request' records; run l1sim first" \
	"a request stream in" l2sim "$T/req.wt"
fails_with 1 "record 0: a level-2 event" "l2sim output in" l2sim "$T/d.l2"
head -c 200 "$T/d.l1" > "$T/trunc.wt"
fails_with 1 "trunc.wt" "a truncated stream" l2sim "$T/trunc.wt"

done_testing
