#!/bin/sh
# The nugteren preset is Nugteren et al.'s code (tue-es/gpu-cache-model):
# each point where that code differs from warptrace's own pool, pinned
# with a hand-built dump and the counts worked out by hand, under the
# option that switches it (l1sim(1), THE WARP POOL).
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
reqs() {	# reqs NAME WARP_SIZE: $T/NAME.trc as requests of 16-byte lines, one SM
	trace-gen "$T/$1.trc" | trace-order --warp-size="$2" --sms=1 | coalesce --line=16
}
events() {	# time:type:class:addr of each event, from --events=all
	trace-dump --format=csv | tail -n +2 | cut -d, -f2,9,12,13 | tr ',' ':' | tr '\n' ' '
}
# 16-byte lines, linear index, hits of 0 cycles, misses of 10, no merge
# or miss-queue limit, lines allocated when their data comes (as the
# code's stack changes at a miss's arrival)
pool="--sched=pool --line=16 --index=linear --hit-latency=0 --miss-latency=10 --sigma=0 --mshr-merge=0 --miss-queue=0 --alloc=fill --events=all"

# ---- --mshr-check: two warps of 4 lanes, each lane its own line, 2 MSHRs
(echo "blocksize: 8 1 1"; for t in 0 1 2 3 4 5 6 7; do echo "$t 0 $((t * 16)) 4"; done) > "$T/m.trc"
reqs m 4 > "$T/m.req"
# request: warp 0 makes 2 at 0, the third is refused; warp 1 is refused
# at 1; the entries free at 10, warp 0 makes its last 2; at 20 warp 1
# (first in the queue) makes 2, at 30 its last 2
l1sim $pool --size=1024 --mshr=2 --mshr-check=request --stats="$T/r.json" < "$T/m.req" \
	| events > "$T/r"
is "$(cat "$T/r")" "0:miss:compulsory:0x0 0:miss:compulsory:0x10 10:miss:compulsory:0x20 10:miss:compulsory:0x30 20:miss:compulsory:0x40 20:miss:compulsory:0x50 30:miss:compulsory:0x60 30:miss:compulsory:0x70 " \
	"--mshr-check=request: each new miss needs a free entry, 2 requests every 10 cycles"
# instruction: warp 0's first request finds room (0 of 2 in flight), so
# all 4 go at 0; warp 1's first finds 4 in flight at 1 and waits whole
# (tries 1 to 9 fail) until the 4 fills at 10, then all 4 go at 10
l1sim $pool --size=1024 --mshr=2 --mshr-check=instruction --stats="$T/i.json" < "$T/m.req" \
	| events > "$T/i"
is "$(cat "$T/i")" "0:miss:compulsory:0x0 0:miss:compulsory:0x10 0:miss:compulsory:0x20 0:miss:compulsory:0x30 10:miss:compulsory:0x40 10:miss:compulsory:0x50 10:miss:compulsory:0x60 10:miss:compulsory:0x70 " \
	"--mshr-check=instruction: the first request checks, the rest go past the limit"
like "$(json "$T/i.json")" '"reservation_fails":\{"mshr_entry":9,' \
	"--mshr-check=instruction: warp 1 refused whole at 1 to 9"
like "$(json "$T/i.json")" '"mshr_check":"instruction"' "the setting is in the stats"
# lane 0 inactive: no check at all (the code checks only thread 0)
(echo "blocksize: 8 1 1"; for t in 0 1 2 3 5 6 7; do echo "$t 0 $((t * 16)) 4"; done) > "$T/m1.trc"
reqs m1 4 \
	| l1sim $pool --size=1024 --mshr=2 --mshr-check=instruction | events > "$T/i1"
is "$(cat "$T/i1")" "0:miss:compulsory:0x0 0:miss:compulsory:0x10 0:miss:compulsory:0x20 0:miss:compulsory:0x30 1:miss:compulsory:0x50 1:miss:compulsory:0x60 1:miss:compulsory:0x70 " \
	"--mshr-check=instruction: an instruction without lane 0 is never checked"

# ---- --pending: in a 2-way set, A (warp 0, 0), B (warp 1, 1), A again
# (warp 2, 2), then warp 0's C (10) and A (20).  merge: warp 2 waits for
# A's fill at 10; fills A@10 B@11 leave A least recent, C's fill at 20
# evicts it and warp 0's second A misses.  miss: warp 2 fetches A again,
# its fill at 12 makes A most recent, C evicts B and the second A hits.
printf 'blocksize: 3 1 1\n0 0 0 4\n0 0 32 4\n0 0 0 4\n1 0 16 4\n2 0 0 4\n' > "$T/p.trc"
reqs p 1 > "$T/p.req"
l1sim $pool --size=32 --assoc=2 --pending=merge --stats="$T/pm.json" < "$T/p.req" | events > "$T/pm"
like "$(cat "$T/pm")" "^0:miss:compulsory:0x0 1:miss:compulsory:0x10 2:miss:latency:0x0 10:miss:compulsory:0x20 20:miss:[a-z]+:0x0 $" \
	"--pending=merge: the second A merges, A is evicted, the last A misses"
like "$(json "$T/pm.json")" '"merged":1,' "--pending=merge: one merged miss"
l1sim $pool --size=32 --assoc=2 --pending=miss --stats="$T/pp.json" < "$T/p.req" | events > "$T/pp"
is "$(cat "$T/pp")" "0:miss:compulsory:0x0 1:miss:compulsory:0x10 2:miss:latency:0x0 10:miss:compulsory:0x20 20:hit:none:0x0 " \
	"--pending=miss: the second A fetches again, B is evicted, the last A hits"
like "$(json "$T/pp.json")" '"merged":0,"refetches":1,' "--pending=miss: one refetch, no merge"
like "$(json "$T/pp.json")" '"warp":2,[^}]*"last":12' "--pending=miss: warp 2 waits the full latency (2 + 10)"
like "$(json "$T/pm.json")" '"warp":2,[^}]*"last":10' "--pending=merge: warp 2 waits for A's fill at 10"

# with --mshr-check=request, a refetch of a line counted in flight needs
# no entry: one MSHR, warp 0 loads A at 0, warp 1 loads A at 1 and is not
# refused
printf 'blocksize: 2 1 1\n0 0 0 4\n1 0 0 4\n' > "$T/pr.trc"
reqs pr 1 \
	| l1sim $pool --size=1024 --mshr=1 --mshr-check=request --pending=miss \
	--stats="$T/pr.json" | events > "$T/pr"
is "$(cat "$T/pr")" "0:miss:compulsory:0x0 1:miss:latency:0x0 " \
	"--pending=miss: the refetch of a line in flight takes no entry"
like "$(json "$T/pr.json")" '"mshr_entry":0,' "no reservation fail"

# ---- --request-order: lane 0 loads line 0x10, lane 1 line 0x0; coalesce
# makes them in address order
printf 'blocksize: 2 1 1\n0 0 16 4\n1 0 0 4\n' > "$T/o.trc"
reqs o 2 > "$T/o.req"
is "$(l1sim $pool --size=1024 --request-order=stream < "$T/o.req" | events)" \
	"0:miss:compulsory:0x0 0:miss:compulsory:0x10 " "--request-order=stream: as coalesce made them"
is "$(l1sim $pool --size=1024 --request-order=lane < "$T/o.req" | events)" \
	"0:miss:compulsory:0x10 0:miss:compulsory:0x0 " "--request-order=lane: lane 0's line first"

# ---- --exit-slot: two one-warp CTAs, one active at a time (--ctas=1,
# --refill=set); CTA 0's load misses at 0 and its data is there at 10
printf 'blocksize: 1 1 1\n0 0 0 4\n1 0 4096 4\n' > "$T/x.trc"
reqs x 1 > "$T/x.req"
is "$(l1sim $pool --size=1024 --ctas=1 --refill=set --exit-slot=no < "$T/x.req" | events)" \
	"0:miss:compulsory:0x0 10:miss:compulsory:0x1000 " "--exit-slot=no: CTA 1 starts when CTA 0's data is there"
is "$(l1sim $pool --size=1024 --ctas=1 --refill=set --exit-slot=yes < "$T/x.req" | events)" \
	"0:miss:compulsory:0x0 11:miss:compulsory:0x1000 " "--exit-slot=yes: warp 0 takes cycle 10 to leave, CTA 1 starts at 11"

# ---- a warp whose threads make no load is there all the same, with
# --exit-slot: CTA 0 of two one-thread warps, only thread 1 loads; warp 0
# takes cycle 0 to leave, warp 1 loads at 1
printf 'blocksize: 2 1 1\n1 0 0 4\n' > "$T/g.trc"
reqs g 1 > "$T/g.req"
is "$(l1sim $pool --size=1024 --exit-slot=yes < "$T/g.req" | events)" \
	"1:miss:compulsory:0x0 " "--exit-slot=yes: the warp with no load takes cycle 0"
is "$(l1sim $pool --size=1024 --exit-slot=no < "$T/g.req" | events)" \
	"0:miss:compulsory:0x0 " "--exit-slot=no: only warps with requests are there"

# a CTA's warp with no load after its last warp with one is there too
# (cycle 1), but none after the kernel's last thread that loads: the
# code's threads end there
printf 'blocksize: 2 1 1\n0 0 0 4\n2 0 4096 4\n' > "$T/g2.trc"
reqs g2 1 > "$T/g2.req"
is "$(l1sim $pool --size=1024 --ctas=0 --exit-slot=yes < "$T/g2.req" | events)" \
	"0:miss:compulsory:0x0 2:miss:compulsory:0x1000 " \
	"--exit-slot=yes: CTA 0's second warp leaves at 1, CTA 1's first loads at 2"

# ---- l1sim --stores=drop: a store between two loads is left out
printf 'blocksize: 1 1 1\n0 0 0 4\n0 1 4096 4\n0 0 8192 4\n' > "$T/s.trc"
reqs s 1 > "$T/s.req"
l1sim $pool --size=1024 --stores=drop --stats="$T/sd.json" < "$T/s.req" | events > "$T/sd"
is "$(cat "$T/sd")" "0:miss:compulsory:0x0 10:miss:compulsory:0x2000 " "--stores=drop: the loads only"
like "$(json "$T/sd.json")" '"requests":2,"loads":2,"stores":0,.*"stores_dropped":1,' \
	"--stores=drop: counted as dropped"
l1sim $pool --size=1024 --stores=cache --stats="$T/sc.json" < "$T/s.req" > /dev/null
like "$(json "$T/sc.json")" '"requests":3,"loads":2,"stores":1,' "--stores=cache: the store is made"

# ---- a warp whose data is all there (hits of no latency) goes to the
# back of the queue at once, before a warp whose wait ends the next
# cycle.  Warp 0: X (0), Z (10), Q (20).  Warp 1: Y (1), then 12 hits on
# Y from 11, one a cycle.  At 20 warp 1 (hit at 19) is ahead of warp 0.
{ echo "blocksize: 2 1 1"; echo "0 0 0 4"; echo "0 0 32 4"; echo "0 0 64 4"
  for i in 0 1 2 3 4 5 6 7 8 9 10 11 12; do echo "1 0 16 4"; done; } > "$T/h.trc"
reqs h 1 \
	| l1sim $pool --size=1024 | events > "$T/h"
like "$(cat "$T/h")" " 19:hit:none:0x10 20:hit:none:0x10 21:miss:compulsory:0x40 " \
	"a hit warp is queued at once: warp 1 issues at 20, warp 0 (awake at 20) at 21"

# ---- fills that arrive together enter the set in the order their misses
# were made.  2 sets of 2 ways: warp 0 loads X (set 0) at 0; warp 1 loads
# A and B (set 0) at 1, due at 11.  X's fill at 10 frees its entry, which
# moves B's before A's in the table; still A fills first, B evicts X and
# A is least recent.  Warp 0 then loads Y (set 1) at 10 and C (set 0) at
# 20, whose fill at 30 evicts A: A misses at 30.
printf 'blocksize: 4 1 1\n0 0 0 4\n0 0 16 4\n0 0 96 4\n0 0 32 4\n2 0 32 4\n3 0 64 4\n' > "$T/f.trc"
reqs f 2 \
	| l1sim $pool --size=64 --assoc=2 | events > "$T/f"
like "$(cat "$T/f")" "^0:miss:compulsory:0x0 1:miss:compulsory:0x20 1:miss:compulsory:0x40 10:miss:compulsory:0x10 20:miss:compulsory:0x60 30:miss:[a-z]+:0x20 $" \
	"fills due together go in the order made: A then B, so C evicts A"

# ---- fills due by a kernel's end are gone with the flush: two kernels
# that load the same line; the first's data is there at 10, when it ends
printf 'blocksize: 1 1 1\n0 0 0 4\nblocksize: 1 1 1\n0 0 0 4\n' > "$T/k.trc"
reqs k 1 \
	| l1sim $pool --size=1024 --flush=yes --stats="$T/k.json" | events > "$T/k"
like "$(cat "$T/k")" "^0:miss:compulsory:0x0 10:miss:[a-z]+:0x0 $" \
	"a line whose data came by the kernel's end is flushed: kernel 1 misses"

# ---- trace-order --stores=drop and --match=position
# Lane 0: load (pc 0x10), store, load (pc 0x30).  Lane 1: load (pc 0x20),
# load (pc 0x30).  keep/exact: 5 instructions (index 0: 0x10 and 0x20
# split; index 1: lane 0's store and lane 1's load split; index 2: lane
# 0's load).  drop/position: 2 instructions of both lanes.
printf 'blocksize: 2 1 1\n0 0 0 4 0x10 0\n0 1 64 4 0x18 0\n0 0 128 4 0x30 0\n1 0 4 4 0x20 0\n1 0 132 4 0x30 0\n' > "$T/t.trc"
trace-gen "$T/t.trc" | trace-order --warp-size=2 --sms=1 --stats="$T/te.json" > /dev/null
like "$(json "$T/te.json")" '"stores":"keep","match":"exact"' "fermi: stores kept, lanes matched exactly"
like "$(json "$T/te.json")" '"instructions":5,' "keep/exact: 5 instructions"
like "$(json "$T/te.json")" '"split_instructions":2,' "keep/exact: two splits"
trace-gen "$T/t.trc" | trace-order --warp-size=2 --sms=1 --stores=drop --match=position \
	--stats="$T/tp.json" > /dev/null
like "$(json "$T/tp.json")" '"instructions":2,' "drop/position: 2 instructions, both lanes each"
like "$(json "$T/tp.json")" '"split_instructions":0,"stores_dropped":1,' "drop/position: no split, one store dropped"
# sizes 1 and 4 at one position: one instruction of the smaller size, so a
# 4-byte lane at a line's last byte is one line, as in the code
printf 'blocksize: 2 1 1\n0 0 127 4\n1 0 64 1\n' > "$T/z.trc"
trace-gen "$T/z.trc" | trace-order --warp-size=2 --sms=1 --match=position | coalesce \
	--stats="$T/z.json" > /dev/null
like "$(json "$T/z.json")" '"requests":1,' "position: lanes of 4 and 1 bytes, one 1-byte instruction, one line"
trace-gen "$T/t.trc" | trace-order --warp-size=2 --sms=1 --match=pc 2> "$T/err" > /dev/null
is $? 2 "--match=pc: a usage error"

# ---- the nugteren machine: one SM, occupancy by threads and CTAs only
printf 'blocksize: 256 1 1\nregs: 63\nshmem: 40000\n0 0 0 4\n256 0 4096 4\n' > "$T/occ.trc"
trace-gen "$T/occ.trc" | trace-order --arch=fermi --stats="$T/of.json" > /dev/null
like "$(json "$T/of.json")" '"ctas_per_sm":1,"ctas_limited_by":"shared_memory"' "fermi: shared memory limits"
trace-gen "$T/occ.trc" | trace-order --arch=nugteren --stats="$T/on.json" > /dev/null
like "$(json "$T/on.json")" '"sms":1,' "nugteren: one SM"
like "$(json "$T/on.json")" '"ctas_per_sm":6,"ctas_limited_by":"threads"' \
	"nugteren: 1536 / 256 = 6 CTAs, whatever registers and shared memory"
like "$(json "$T/on.json")" '"stores":"drop","match":"position"' "nugteren: loads only, by position"

# ---- the reference's own counts: Nugteren et al.'s model (its map
# lookup fixed, bench/nugteren-compare.sh) on the samples, sigma 0, 64
# MSHRs, latency 100: line requests and misses with a reuse distance equal
# to the ways counted as misses.  Each needs every point above.
for c in "atax 16K 4 17920 2637" "atax 48K 6 17920 1054" "bfs 16K 4 70732 30786" \
	 "bfs 48K 6 70732 8123" "conv2d 16K 4 6804 1058" "hotspot 16K 4 10080 5908" \
	 "mvt 16K 4 17928 1942" "nw 16K 4 14976 10505" "spmv 48K 6 67339 16186" \
	 "mshr-h512 16K 4 524288 45088"; do
	set -- $c
	trace-gen "samples/$1.trc.zst" | trace-order --arch=nugteren | coalesce \
		| l1sim --sigma=0 --size=$2 --assoc=$3 --stats="$T/ref.json" > /dev/null
	like "$(json "$T/ref.json")" "\"total\":\{\"requests\":$4,\"loads\":$4,.*\"misses\":$5," \
		"$1 at $2/$3: $4 requests and $5 misses, as the authors' model"
done

# ---- the preset has every point, and a point can be switched back
trace-gen "$T/m.trc" | trace-order --arch=nugteren | coalesce | l1sim --stats="$T/n.json" > /dev/null
like "$(json "$T/n.json")" '"miss_latency":101,' "nugteren: lambda 101, the code's 100 seen a cycle later"
like "$(json "$T/n.json")" '"mshr_check":"instruction","request_order":"lane","exit_slot":true,"stores":"drop","pending":"miss",' \
	"nugteren: the code's MSHR check, lane order, exit slot, stores dropped, pending misses"
trace-gen "$T/m.trc" | trace-order --arch=nugteren | coalesce \
	| l1sim --mshr-check=request --pending=merge --stats="$T/n2.json" > /dev/null
like "$(json "$T/n2.json")" '"mshr_check":"request",.*"pending":"merge",' "each point can be switched back"
trace-gen "$T/m.trc" | trace-order --arch=nugteren | coalesce \
	| l1sim --policy=ccws --stats="$T/n3.json" 2> "$T/err" > /dev/null
like "$(cat "$T/err")" "the MSHRs are checked per request" "nugteren with a policy: a note"
like "$(json "$T/n3.json")" '"mshr_check":"request",' "and the check per request"
l1sim --sched=stream --mshr-check=instruction < "$T/m.req" > /dev/null 2> "$T/err"
is $? 2 "--mshr-check without the pool: a usage error"
like "$(cat "$T/err")" "are for --sched=pool" "the error says so"
trace-gen "$T/m.trc" | trace-order --sms=1 | coalesce > "$T/m128.req"
l1sim --sched=pool --mshr-check=instruction --policy=ccws < "$T/m128.req" > /dev/null 2> "$T/err"
is $? 2 "--mshr-check=instruction with a policy: a usage error"
l1sim --sched=pool --pending=sometimes < "$T/m.req" > /dev/null 2> "$T/err"
is $? 2 "--pending=sometimes: a usage error"
l1sim --sectored=yes --pending=miss < "$T/m128.req" > /dev/null 2> "$T/err"
is $? 2 "--pending=miss on a sectored L1: a usage error"
like "$(cat "$T/err")" "line L1s only" "the error says why"

done_testing
