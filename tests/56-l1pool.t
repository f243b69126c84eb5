#!/bin/sh
# l1sim --sched=pool: Nugteren et al.'s warp pool.  Tables 3-5 of the
# paper, a warp resuming a half-made instruction, the cycles skipped while
# every warp waits, CTA refill, non-memory instructions, kernels, the
# nugteren preset, determinism and bad options.
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
events() {	# time:type:class of each event, from --events=all
	trace-dump --format=csv | tail -n +2 | cut -d, -f2,9,12 | tr ',' ':' | tr '\n' ' '
}
small="--line=16 --index=linear --hit-latency=0 --miss-latency=2 --mshr-merge=0 --miss-queue=0 --events=all"

# Nugteren Table 2's threads: x[2*tid], x[2*tid+1] with 4-element lines.
printf 'blocksize: 4 1 1\n' > "$T/t2.trc"
for t in 0 1 2 3; do
	printf '%d 0 %d 4\n%d 0 %d 4\n' $t $((8 * t)) $t $((8 * t + 4)) >> "$T/t2.trc"
done
trace-gen "$T/t2.trc" | trace-order --warp-size=1 --sms=1 | coalesce --line=16 > "$T/t2.req"

# Table 3 (latency 2, no cache limit) and Table 4 (2 lines, hits cost 0):
# with or without the warp waiting for its data, the order is Table 2's
# round robin and the outcomes are the papers'.
for d in no yes; do
	l1sim --sched=pool --warp-delay=$d $small --size=64 --assoc=4 --mshr=0 < "$T/t2.req" | events > "$T/o3"
	is "$(cat "$T/o3")" "0:miss:compulsory 1:miss:latency 2:miss:compulsory 3:miss:latency 4:hit:none 5:hit:none 6:hit:none 7:hit:none " \
		"Nugteren Table 3 (warp delay $d): m m m m h h h h at times 0..7"
	l1sim --sched=pool --warp-delay=$d $small --size=32 --assoc=2 --mshr=0 < "$T/t2.req" | events > "$T/o4"
	is "$(cat "$T/o4")" "$(cat "$T/o3")" "Nugteren Table 4 (warp delay $d): a 2-line cache, the same"
done

# Table 5: threads 0 and 2 only, one MSHR.  Thread 2's first load is
# cancelled at time 1 and reissued at 3; its second (time 4) merges into
# the MSHR its first holds.
printf 'blocksize: 2 1 1\n0 0 0 4\n0 0 4 4\n1 0 16 4\n1 0 20 4\n' > "$T/t5.trc"
trace-gen "$T/t5.trc" | trace-order --warp-size=1 --sms=1 | coalesce --line=16 > "$T/t5.req"
l1sim --sched=pool --warp-delay=no $small --size=32 --assoc=2 --mshr=1 --stats="$T/t5.json" \
	< "$T/t5.req" | events > "$T/o5"
is "$(cat "$T/o5")" "0:miss:compulsory 2:hit:none 3:miss:compulsory 4:miss:latency " \
	"Nugteren Table 5: miss at 0, cancel at 1, hit at 2, miss at 3, merged miss at 4"
like "$(json "$T/t5.json")" '"reservation_fails":\{"mshr_entry":1,"mshr_merge":0,"line_alloc":0,"miss_queue":0\}' \
	"Table 5: the cancel is one MSHR-entry reservation fail"
like "$(json "$T/t5.json")" '"warps":\[\{"kernel":0,"warp":0,[^}]*"reservation_fails":0,"first":0,"last":2\},\{"kernel":0,"warp":1,[^}]*"hits":0,"misses":2,"miss_rate":1,"reservation_fails":1,"first":3,"last":5\}\]' \
	"Table 5 per warp: thread 2 failed once, ran from 3 until its data came at 5"

# A refused request that later misses is an MSHR miss.
printf 'blocksize: 2 1 1\n0 0 0 4\n1 0 64 4\n1 0 1024 4\n' > "$T/m.trc"
trace-gen "$T/m.trc" | trace-order --warp-size=1 --sms=1 | coalesce --line=16 \
	| l1sim --sched=pool $small --size=32 --assoc=2 --mshr=1 --index=linear \
	--stats="$T/m.json" | events > "$T/om"
like "$(cat "$T/om")" "^0:miss:compulsory 2:miss:compulsory " "refused at 1, made at 2 (its first access: compulsory)"

# One warp, one MSHR, latency 100: the second load waits for the first's
# data.  The pool jumps over the wait but counts a failed try per cycle.
printf 'blocksize: 1 1 1\n0 0 0 4\n0 0 4096 4\n' > "$T/w.trc"
trace-gen "$T/w.trc" | trace-order --warp-size=1 --sms=1 | coalesce > "$T/w.req"
l1sim --sched=pool --warp-delay=no --mshr=1 --miss-latency=100 --events=all \
	--stats="$T/w.json" < "$T/w.req" | events > "$T/ow"
is "$(cat "$T/ow")" "0:miss:compulsory 100:miss:compulsory " "the second load goes when the MSHR frees, at 100"
like "$(json "$T/w.json")" '"mshr_entry":99,' "99 failed tries, cycles 1 to 99"
like "$(json "$T/w.json")" '"stall_cycles":99,"idle_cycles":0,' "99 stall cycles, none idle"
l1sim --sched=pool --mshr=1 --miss-latency=100 --events=all --stats="$T/w2.json" < "$T/w.req" | events > "$T/ow2"
is "$(cat "$T/ow2")" "0:miss:compulsory 100:miss:compulsory " "with the warp delay the warp itself waits for the data"
like "$(json "$T/w2.json")" '"mshr_entry":0,.*"stall_cycles":99,"idle_cycles":99,' "no fail, 99 idle cycles"

# A warp instruction of 8 uncoalesced requests with 2 MSHRs per warp: it
# is made 2 requests at a time, resuming where it stopped.
(echo "blocksize: 8 1 1"; for t in 0 1 2 3 4 5 6 7; do echo "$t 0 $((t * 4096)) 4"; done) > "$T/u.trc"
trace-gen "$T/u.trc" | trace-order --sms=1 | coalesce > "$T/u.req"
l1sim --sched=pool --warp-delay=no --mshr-per-warp=2 --miss-latency=10 --events=all \
	--stats="$T/u.json" < "$T/u.req" | events > "$T/ou"
is "$(cat "$T/ou")" "0:miss:compulsory 0:miss:compulsory 10:miss:compulsory 10:miss:compulsory 20:miss:compulsory 20:miss:compulsory 30:miss:compulsory 30:miss:compulsory " \
	"8 requests, 2 MSHRs per warp: two every 10 cycles"
like "$(json "$T/u.json")" '"total":\{"requests":8,.*"instructions":1,' "one instruction, all 8 requests made"

# CTA refill: three one-warp CTAs, two active; CTA 1 has three loads.
printf 'blocksize: 1 1 1\n0 0 0 4\n1 0 4096 4\n1 0 8192 4\n1 0 12288 4\n2 0 16384 4\n' > "$T/c.trc"
trace-gen "$T/c.trc" | trace-order --warp-size=1 --sms=1 | coalesce > "$T/c.req"
first_of() {	# first_of JSON WARP: the first cycle of a warp
	json "$1" | grep -o "\"warp\":$2,[^}]*" | grep -o '"first":[0-9]*' | cut -d: -f2
}
l1sim --sched=pool --ctas=2 --refill=cta --miss-latency=50 --stats="$T/cta.json" < "$T/c.req" > /dev/null
l1sim --sched=pool --ctas=2 --refill=set --miss-latency=50 --stats="$T/set.json" < "$T/c.req" > /dev/null
is "$(first_of "$T/cta.json" 2)" 50 "--refill=cta: CTA 2 starts when CTA 0 is done (50)"
is "$(first_of "$T/set.json" 2)" 151 "--refill=set: CTA 2 starts when CTAs 0 and 1 are done (151)"
l1sim --sched=pool --ctas=0 --miss-latency=50 --stats="$T/all.json" < "$T/c.req" > /dev/null
is "$(first_of "$T/all.json" 2)" 2 "--ctas=0: every CTA at once (warp 2 issues at 2)"
trace-order --warp-size=1 --sms=1 --max-ctas=1 < "$(trace-gen "$T/c.trc" > "$T/c.acc"; echo "$T/c.acc")" \
	| coalesce | l1sim --sched=pool --miss-latency=50 --stats="$T/meta.json" > /dev/null
like "$(json "$T/meta.json")" '"ctas":"ctas_per_sm"' "by default the CTAs per SM come from the stream"
is "$(first_of "$T/meta.json" 1)" 50 "ctas_per_sm=1 from trace-order: CTA 1 waits for CTA 0"

# Non-memory instructions take issue cycles with --icount=yes.
printf 'blocksize: 1 1 1\n0 0 0 4 0x10 20\n0 0 4 4 0x18 30\n' > "$T/i.trc"
trace-gen "$T/i.trc" | trace-order --warp-size=1 --sms=1 | coalesce > "$T/i.req"
l1sim --sched=pool --icount=yes --miss-latency=10 --hit-latency=1 --events=all --stats="$T/i1.json" < "$T/i.req" | events > "$T/oi1"
l1sim --sched=pool --icount=no --miss-latency=10 --hit-latency=1 --events=all --stats="$T/i0.json" < "$T/i.req" | events > "$T/oi0"
is "$(cat "$T/oi1")" "20:miss:compulsory 60:hit:none " \
	"--icount=yes: 20 instructions, a load at 20; its data at 30, 30 more instructions, the next load at 60"
is "$(cat "$T/oi0")" "0:miss:compulsory 10:hit:none " "--icount=no: loads at 0 and at 10"
like "$(json "$T/i1.json")" '"instructions":52,"cycles":62,' "52 instructions in 62 cycles (0 to the hit's end at 61)"

# Two kernels: the second starts when every SM is done with the first.
(cat "$T/t5.trc"; echo "kernel: second"; cat "$T/t5.trc") > "$T/k.trc"
trace-gen "$T/k.trc" | trace-order --warp-size=1 --sms=2 | coalesce > "$T/k.req"
l1sim --sched=pool --miss-latency=100 --events=all < "$T/k.req" | trace-dump --format=csv | tail -n +2 > "$T/k.csv"
k1_end=$(awk -F, '$1 == 0 { if ($2 > m) m = $2 } END { print m }' "$T/k.csv")
k2_first=$(awk -F, '$1 == 1 { print $2; exit }' "$T/k.csv")
[ -n "$k2_first" ] && [ "$k2_first" -gt "$k1_end" ]
ok $? "kernel 1 starts ($k2_first) after kernel 0's last event ($k1_end)"

# The nugteren preset is the pool model of the paper (its 128-byte lines:
# requests of 16-byte lines are refused).
trace-gen "$T/t2.trc" | trace-order --warp-size=1 --sms=1 | coalesce > "$T/t2-128.req"
l1sim --arch=nugteren --stats="$T/n.json" < "$T/t2-128.req" > /dev/null
like "$(json "$T/n.json")" '"mshr":64,"mshr_merge":0,"mshr_per_warp":0,"miss_queue":0,"hit_latency":0,"miss_latency":101,"sigma":5,' \
	"nugteren: 64 MSHRs, lambda 101 (the code's 100), sigma 5, hits cost 0"
like "$(json "$T/n.json")" '"sched":"pool","ctas":"ctas_per_sm","refill":"set","warp_delay":true,"icount":false' \
	"nugteren: the warp pool, sets of CTAs, no time for non-memory instructions"
like "$(json "$T/n.json")" '"index":"fermi"' "nugteren: the Fermi hash"

# Determinism: any thread count, the same bytes.
for s in samples/spmv.trc.zst samples/mshr-h256.trc.zst samples/bfs.trc.zst; do
	name=$(basename "$s" .trc.zst)
	trace-gen "$s" | trace-order | coalesce > "$T/s.req"
	for th in 1 2; do
		OMP_NUM_THREADS=$th l1sim --sched=pool --sigma=5 -o "$T/e.wt" --stats="$T/e.json" "$T/s.req"
		mv "$T/e.wt" "$T/e$th.wt"
		mv "$T/e.json" "$T/e$th.json"
	done
	cmp -s "$T/e1.wt" "$T/e2.wt" && cmp -s "$T/e1.json" "$T/e2.json"
	ok $? "$name: pool output and stats identical with 1 and 2 threads"
	trace-dump --check "$T/e1.wt"
	ok $? "$name: the pool's event stream checks"
	like "$(json "$T/e1.json")" '"requests":'"$(trace-dump --summary --format=json "$T/s.req" | tr -d ' \n' | grep -o '"records":[0-9]*' | cut -d: -f2)"',' \
		"$name: every request is made"
done

# bad options
fails_with 2 "--sched=warp: expected stream or pool" "unknown scheduler" l1sim --sched=warp
fails_with 2 "are for --sched=pool" "pool options need the pool" l1sim --ctas=2
fails_with 2 "--refill=all: expected cta or set" "bad refill" l1sim --sched=pool --refill=all
fails_with 2 "--warp-delay=maybe: expected no or yes" "bad warp delay" l1sim --sched=pool --warp-delay=maybe

done_testing
