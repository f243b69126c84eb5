#!/bin/sh
# l1sim (stream mode): Nugteren's latency tables, the conflict collapse of
# linear indexing and its removal by IPOLY, modes, MSHRs, write policies,
# determinism, and bad input.
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}

run l1sim --help
is "$rc" 0 "--help exits 0"
run l1sim --version
like "$out" "^l1sim \(warptrace\) [0-9]" "--version"
fails_with 2 "a 1000-byte cache is not a whole number of 4-way sets" "odd size" l1sim --size=1000
fails_with 2 "ipoly38.*not irreducible" "reducible polynomial" l1sim --index=ipoly38
fails_with 2 "field 6 \(write policy\) 'Q'" "bad GPGPU-Sim string" l1sim --config=N:32:128:4,L:Q:m:N:H,S:64:8,8
fails_with 2 "--repl=plru: expected lru, fifo or random" "bad policy" l1sim --repl=plru

# Nugteren Table 2's threads: x[2*tid], x[2*tid+1], lines of 4 elements.
printf 'blocksize: 4 1 1\n' > "$T/t2.trc"
for t in 0 1 2 3; do
	printf '%d 0 %d 4\n%d 0 %d 4\n' $t $((8 * t)) $t $((8 * t + 4)) >> "$T/t2.trc"
done
trace-gen "$T/t2.trc" | trace-order --warp-size=1 --sms=1 --schedulers=1 --policy=lrr --latency=1 \
	| coalesce --line=16 > "$T/t2.req"
trace-dump --format=csv "$T/t2.req" | cut -d, -f2 | tail -n +2 | tr '\n' ' ' > "$T/times"
is "$(cat "$T/times")" "0 1 2 3 4 5 6 7 " "Table 3: requests at times 0..7"
outcomes() {	# the event types of --events=all, as m/h
	trace-dump --format=csv | tail -n +2 | cut -d, -f9 | sed 's/^miss$/m/; s/^hit$/h/' | tr '\n' ' '
}
l1sim --line=16 --size=64 --assoc=4 --index=linear --hit-latency=0 --miss-latency=2 \
	--mshr=0 --mshr-merge=0 --miss-queue=0 --events=all --stats="$T/t3.json" < "$T/t2.req" | outcomes > "$T/o3"
is "$(cat "$T/o3")" "m m m m h h h h " "Nugteren Table 3: fixed latency 2"
like "$(json "$T/t3.json")" '"miss_classes":\{"compulsory":2,"capacity":0,"associativity":0,"mshr":0,"latency":2\}' \
	"Table 3: two compulsory misses, two latency misses"
like "$(json "$T/t3.json")" '"reuse_fully_associative":\{"cutoff":4,"accesses":8,"infinite":2,"below_cutoff":6,"bins":\[\[0,0,4\],\[1,1,2\]\]\}' \
	"Table 2/3 reuse distances: two infinite, four 0, two 1"
l1sim --line=16 --size=32 --assoc=2 --index=linear --hit-latency=0 --miss-latency=2 \
	--mshr=0 --mshr-merge=0 --miss-queue=0 --events=all < "$T/t2.req" | outcomes > "$T/o4"
is "$(cat "$T/o4")" "m m m m h h h h " "Nugteren Table 4: a 2-line cache, hits cost 0"

# The stride micro-benchmark: 128 threads 4 KB apart, read twice.  Linear
# indexing puts every line in one set; IPOLY spreads them over all 32.
trace-emu stride --n=128 --stride=1024 --iters=2 | trace-gen | trace-order | coalesce > "$T/stride.req"
l1sim --index=linear --stats="$T/lin.json" < "$T/stride.req" > /dev/null
l1sim --index=ipoly37 --stats="$T/ip.json" < "$T/stride.req" > /dev/null
like "$(json "$T/lin.json")" '"total":\{"requests":[0-9]+,"loads":256,"stores":[0-9]+,"atomics":0,"hits":0,"misses":256' \
	"linear index: the second pass misses too (conflict collapse)"
like "$(json "$T/lin.json")" '"miss_classes":\{"compulsory":128,"capacity":0,"associativity":128' \
	"linear index: the second pass's misses are associativity misses"
like "$(json "$T/ip.json")" '"total":\{"requests":[0-9]+,"loads":256,"stores":[0-9]+,"atomics":0,"hits":128,"misses":128' \
	"ipoly37: the second pass hits"

# SYRK with rows of 1024 floats: a warp's loads of A[j][k] are 4 KB
# apart.  Linear indexing sends them all to one set and no load hits;
# IPOLY spreads them and nearly all hit.  Both schedulers agree.
trace-emu syrk --n=16 --m=1024 | trace-gen | trace-order | coalesce > "$T/syrk-big.req"
# (32 MSHRs and 1-cycle hits: the L1 these bounds were measured on,
# before the fermi preset took SM2_GTX480's 64 MSHRs and 35 cycles.)
for sched in stream pool; do
	l1sim --sched=$sched --index=linear --mshr=32 --hit-latency=1 \
		--stats="$T/sl.json" < "$T/syrk-big.req" > /dev/null
	l1sim --sched=$sched --index=ipoly37 --mshr=32 --hit-latency=1 \
		--stats="$T/si.json" < "$T/syrk-big.req" > /dev/null
	hl=$(json "$T/sl.json" | grep -o '"total":{[^}]*' | grep -o '"hits":[0-9]*' | cut -d: -f2)
	hi=$(json "$T/si.json" | grep -o '"total":{[^}]*' | grep -o '"hits":[0-9]*' | cut -d: -f2)
	al=$(json "$T/sl.json" | grep -o '"total":{[^}]*"associativity":[0-9]*' | grep -o '[0-9]*$')
	[ "$hl" -lt 3000 ] && [ "$al" -gt 150000 ]
	ok $? "syrk, $sched, linear: $hl of 278544 loads hit, $al associativity misses"
	[ "$hi" -gt 270000 ]
	ok $? "syrk, $sched, ipoly37: $hi of 278544 loads hit"
	like "$(json "$T/si.json")" '"associativity":0,' "syrk, $sched, ipoly37: no associativity misses"
done

# modes
trace-gen samples/syrk.trc.zst | trace-order | coalesce > "$T/syrk.req"
l1sim --mode=unbounded --stats="$T/unb.json" < "$T/syrk.req" > /dev/null
like "$(json "$T/unb.json")" '"miss_classes":\{"compulsory":[0-9]+,"capacity":0,"associativity":0,"mshr":0' \
	"unbounded: no capacity or associativity misses"
l1sim --mode=bypass --stats="$T/byp.json" < "$T/syrk.req" | trace-dump --summary --format=json > "$T/byp.sum"
like "$(json "$T/byp.json")" '"hits":0,"misses":0,' "bypass: no lookups"
like "$(cat "$T/byp.sum")" '"bypasses":135296' "bypass: every load goes to L2"

# MSHRs
l1sim --index=ipoly37 --mshr=1 --stats="$T/m1.json" < "$T/stride.req" > /dev/null
like "$(json "$T/m1.json")" '"reservation_fails":\{"mshr_entry":[1-9][0-9]*,' "one MSHR: entry reservation fails"
like "$(json "$T/m1.json")" '"stall_cycles":[1-9]' "one MSHR: the SM stalls"

# an MSHR entry holds --mshr-merge requests, the first included (GPGPU-Sim)
(echo "blocksize: 12 1 1"; for t in 0 1 2 3 4 5 6 7 8 9 10 11; do echo "$t 0 4096 4"; done) > "$T/m.trc"
trace-gen "$T/m.trc" | trace-order --warp-size=1 | coalesce | l1sim --mshr-merge=8 --stats="$T/m8.json" > /dev/null
like "$(json "$T/m8.json")" '"hits":4,"misses":8,.*"latency":7\},"merged":7,.*"mshr_merge":1,' \
	"12 loads of one line, 8 per entry: 1 miss, 7 merged, 1 merge fail, then hits"

# --seed seeds random replacement
for seed in 1 2; do
	trace-emu stride --n=256 --stride=33 --iters=3 | trace-gen | trace-order | coalesce \
		| l1sim --repl=random --seed=$seed --stats="$T/r$seed.json" > /dev/null
done
h1=$(json "$T/r1.json" | grep -o '"total":{[^}]*' | grep -o '"hits":[0-9]*')
h2=$(json "$T/r2.json" | grep -o '"total":{[^}]*' | grep -o '"hits":[0-9]*')
[ -n "$h1" ] && [ "$h1" != "$h2" ]; ok $? "random replacement: seeds 1 and 2 give different hits ($h1, $h2)"

# write policies: thread 0 loads a line, stores to it, loads it again
printf 'blocksize: 1 1 1\n0 0 4096 4\n0 1 4096 4\n0 0 4096 4\n' > "$T/w.trc"
trace-gen "$T/w.trc" | trace-order --latency=500 | coalesce > "$T/w.req"
l1sim --write=write-evict --miss-latency=10 --stats="$T/we.json" < "$T/w.req" > /dev/null
l1sim --write=write-back --write-allocate=yes --miss-latency=10 --stats="$T/wb.json" < "$T/w.req" | trace-dump --format=csv > "$T/wb.csv"
like "$(json "$T/we.json")" '"hits":0,"misses":2,' "write-evict: the store evicts, the reload misses"
like "$(json "$T/wb.json")" '"hits":1,"misses":1,"miss_rate":0.5,[^}]*"store_hits":1' "write-back: the store hits, the reload hits"
is "$(tail -n +2 "$T/wb.csv" | cut -d, -f9 | tr '\n' ' ')" "miss " "write-back: only the first miss goes to L2"

# bad input and determinism
trace-gen "$T/t2.trc" | trace-order > "$T/warp.wt"
fails_with 1 "expected a stream of 'request' records, got 'warp' records; run coalesce first" \
	"a warp stream in" l1sim "$T/warp.wt"
for s in samples/*.trc.zst; do
	name=$(basename "$s" .trc.zst)
	trace-gen "$s" | trace-order | coalesce > "$T/s.req"
	OMP_NUM_THREADS=1 l1sim -o "$T/e.wt" --stats="$T/e.json" "$T/s.req"
	mv "$T/e.wt" "$T/e1.wt"; mv "$T/e.json" "$T/e1.json"
	OMP_NUM_THREADS=2 l1sim -o "$T/e.wt" --stats="$T/e.json" "$T/s.req"
	cmp -s "$T/e.wt" "$T/e1.wt" && cmp -s "$T/e.json" "$T/e1.json"
	ok $? "$name: l1sim output and stats identical with 1 and 2 threads"
	trace-dump --check "$T/e.wt"
	ok $? "$name: the event stream checks"
done

# --batch: the SMs run every N requests and the events no later request
# can precede are written; the output is the whole kernel's, whatever N.
trace-gen samples/bfs.trc.zst | trace-order | coalesce > "$T/bfs.req"
same_batches l1sim events bfs "$T/bfs.req"
same_batches l1sim events bfs "$T/bfs.req" --alloc=fill --write=write-back --write-allocate=yes
# Many events held across tiny batches (mshr-h128 keeps 128 loads of a
# warp in flight): the written ones leave the front of an SM's list only
# once they are as many as those left, so a batch costs O(its events),
# not O(held) (--batch=50 took 0.56 s here before, 0.07 s after).
trace-gen samples/mshr-h128.trc.zst | trace-order | coalesce > "$T/h128.req"
same_batches_of "5" l1sim events mshr-h128 "$T/h128.req"
fails_with 2 "batch" "--batch=x" l1sim --batch=x "$T/bfs.req"
# A batch's events are written on a thread of their own while the next
# batch is read: an output that fails under it, and an input that fails
# meanwhile, end the run with the one message, and no file is left.
if [ -w /dev/full ]; then
	fails_with 1 "/dev/full: write error: No space left" \
		"--batch=5 into a full device" l1sim --batch=5 -o /dev/full "$T/bfs.req"
else
	for _i in 1 2 3; do ok 0 "# SKIP /dev/full is not writable here"; done
fi
head -c 60000 "$T/h128.req" > "$T/h128.cut"
fails_with 1 "h128.cut: truncated" "--batch=5, input cut short" \
	l1sim --batch=5 --level=0 -o "$T/cut.wt" "$T/h128.cut"
test ! -e "$T/cut.wt"
ok $? "--batch=5, input cut short: no output file"

# Without --stats no per-warp statistics are kept (they grow with the
# warps), nor reuse-distance histograms (the engines are off); the events
# are the same.  The pool counts a warp's failed tries into them.
for sched in stream pool; do
	same_without_stats l1sim events bfs "$T/bfs.req" --sched=$sched
	like "$(json "$T/ns.json")" '"warps":\[\{"kernel":0,"warp":0,' \
	     "bfs, --sched=$sched: --stats has the warps"
	like "$(json "$T/ns.json")" '"reuse":"exact".*"reuse_fully_associative":\{"cutoff":[0-9]+,"accesses":[1-9]' \
	     "bfs, --sched=$sched: --stats has the exact reuse histograms"
done

# --stats-warps=no: the warps' rows left out, said in the settings; the
# kernels' sums (from the warps) and every other figure as they were
# (against the pool's run above).
l1sim --sched=pool --stats="$T/sw.json" --stats-warps=no -o "$T/sw.wt" "$T/bfs.req"
ok $? "--stats-warps=no: runs"
warps_left_out "$T/sw.wt" "$T/s.wt" "$T/sw.json" "$T/ns.json"
l1sim --stats="$T/sy.json" --stats-warps=yes --sched=pool -o "$T/sy.wt" "$T/bfs.req"
is "$(json "$T/sy.json" | sed 's/"command":\[[^]]*\]//')" \
   "$(json "$T/ns.json" | sed 's/"command":\[[^]]*\]//')" "--stats-warps=yes: the default"
fails_with 2 "--stats-warps=maybe: expected no or yes" "--stats-warps=maybe" \
	l1sim --stats-warps=maybe --stats="$T/bad.json" "$T/bfs.req"
test ! -e "$T/bad.json"
ok $? "--stats-warps=maybe: no stats file"

done_testing
