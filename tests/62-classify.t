#!/bin/sh
# classify: every locality category, APCM's Table 2 and Equation 1 and
# MeDiC's warp types on hand-built streams with known answers; the
# categories the papers lead one to expect on the samples; bad input.
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
total() {	# total FILE: the "total" member of a classify JSON file
	json "$1" | sed 's/.*"total"://'
}
requests() {	# requests DUMP [trace-order options]: a request stream
	dump=$1
	shift
	trace-gen "$dump" | trace-order --sms=1 --schedulers=1 --policy=lrr "$@" | coalesce
}

run classify --help
is "$rc" 0 "--help exits 0"
run classify --version
like "$out" "^classify \(warptrace\) [0-9]" "--version"

# ---- Khairy et al.'s locality categories, warps of two threads ----
# Lines A=0x0, B=0x1000, C=0x2000, D=0x3000.  Warp 0 (threads 0, 1) and
# warp 1 (threads 2, 3) form CTA 0; thread 4 is CTA 1.
cat > "$T/loc.trc" <<'DUMP'
blocksize: 4 1 1
0 0 0x0 4
0 0 0x1000 4
0 0 0x3000 4
1 0 0x1000 4
2 0 0x0 4
3 0 0x2000 4
3 0 0x2000 4
4 0 0x3000 4
DUMP
requests "$T/loc.trc" --warp-size=2 > "$T/loc.req"
classify --format=json --analyses=locality "$T/loc.req" > "$T/loc.json"
like "$(total "$T/loc.json")" '"l1":\{"references":8,"unbounded":\{"miss":4,"intra-thread":1,"inter-thread":1,"intra-block":1,"intra-core":1,"inter-core":0,"inter-kernel":0\}' \
	"one SM: C by its thread again is intra-thread, B by the other thread of the warp inter-thread, A by another warp of the CTA intra-block, D by another CTA intra-core"
like "$(total "$T/loc.json")" '"l2":\{"references":4,"unbounded":\{"miss":4,' \
	"the L2 view sees the four L1 misses"
requests "$T/loc.trc" --warp-size=2 --sms=2 | classify --format=json --analyses=locality > "$T/loc2.json"
like "$(total "$T/loc2.json")" '"l1":\{"references":8,"unbounded":\{"miss":5,"intra-thread":1,"inter-thread":1,"intra-block":1,"intra-core":0,' \
	"two SMs: D misses in the second SM's L1"
like "$(total "$T/loc2.json")" '"l2":\{"references":5,"unbounded":\{"miss":4,"intra-thread":0,"inter-thread":0,"intra-block":0,"intra-core":0,"inter-core":1,"inter-kernel":0\}' \
	"two SMs: the L2 sees D's reuse as inter-core"

# Bounded against unbounded: a one-line L1 loses A's reuse, the L2 keeps it.
printf 'blocksize: 1 1 1\n0 0 0x0 4\n0 0 0x1000 4\n0 0 0x0 4\n' > "$T/aba.trc"
requests "$T/aba.trc" --warp-size=1 | classify --size=128 --assoc=1 --index=linear \
	--format=json --analyses=locality > "$T/aba.json"
like "$(total "$T/aba.json")" '"l1":\{"references":3,"unbounded":\{"miss":2,"intra-thread":1,.*"bounded":\{"miss":3,"intra-thread":0,' \
	"a one-line L1 loses the intra-thread reuse that an unbounded one keeps"
like "$(total "$T/aba.json")" '"l2":\{"references":3,"unbounded":\{"miss":2,"intra-thread":1,.*"bounded":\{"miss":2,"intra-thread":1,' \
	"the L2 view catches the L1's lost reuse"

# Inter-kernel: two kernels read the same line; the L1 is emptied between.
printf 'blocksize: 1 1 1\n0 0 0x0 4\n' > "$T/k.trc"
trace-gen "$T/k.trc" "$T/k.trc" | trace-order --sms=1 | coalesce \
	| classify --format=json --analyses=locality > "$T/k.json"
like "$(total "$T/k.json")" '"l1":\{"references":2,"unbounded":\{"miss":2,' \
	"inter-kernel: the L1 does not keep lines across kernels"
like "$(total "$T/k.json")" '"l2":\{"references":2,"unbounded":\{"miss":1,"intra-thread":0,"inter-thread":0,"intra-block":0,"intra-core":0,"inter-core":0,"inter-kernel":1\}' \
	"inter-kernel: the L2 does"
like "$(json "$T/k.json")" '"kernels":\[\{"id":0,.*\},\{"id":1,' "one result per kernel"

# ---- Koo et al.'s Table 2, one line per row, warps of one thread ----
# 0x0: one load (streaming); 0x1000: warps 0 and 1 (inter-warp);
# 0x2000 and 0x9000: twice by one warp (intra-warp); 0x3000: twice by warp
# 3, which allocates it, then by warp 1 (inter+intra-warp).
cat > "$T/lt.trc" <<'DUMP'
blocksize: 4 1 1
0 0 0x0000 4
0 0 0x1000 4
1 0 0x1000 4
1 0 0x9000 4
1 0 0x9000 4
1 0 0x3000 4
2 0 0x2000 4
2 0 0x2000 4
3 0 0x3000 4
3 0 0x3000 4
DUMP
requests "$T/lt.trc" --warp-size=1 | classify --format=json --analyses=loads > "$T/lt.json"
like "$(total "$T/lt.json")" '"lines":\{"streaming":1,"inter-warp":1,"intra-warp":2,"inter\+intra-warp":1\}' \
	"Table 2 row by row: N=1 streaming, N=2 M=1 inter-warp, N=M=2 intra-warp, N=3 M=2 inter+intra"
like "$(total "$T/lt.json")" '"aps":0.4000' "Equation 1: one PC, 2 of 5 lines of its main type, APS 0.4"
like "$(total "$T/lt.json")" '"infinite":\{"1":1,"2":3,"3-4":1,' "Fig. 4: loads per line in the infinite L1"
like "$(total "$T/lt.json")" '"inter-warp":\[0,1,0,' \
	"Fig. 6: 0x1000 is reloaded three loads later, in bin [2, 4)"
like "$(json "$T/lt.json")" '"pcs":\[\{"pc":"0x0","loads":10,"lines":\{"streaming":1,"inter-warp":1,"intra-warp":2,"inter\+intra-warp":1\},"type":"intra-warp"\}\]' \
	"per PC: the dominant type"

# ---- MeDiC's warp types, from l1sim's events ----
# Warp 0 reads one line 10 times (9 hits of 10, 90 %: mostly-hit); warp 1
# reads ten lines once each (no hit: all-miss).
{
	printf 'blocksize: 2 1 1\n'
	for i in 0 1 2 3 4 5 6 7 8 9; do printf '0 0 0x100000 4\n'; done
	for i in 0 1 2 3 4 5 6 7 8 9; do printf '1 0 0x%x 4\n' $((0x200000 + 4096 * i)); done
} > "$T/wt.trc"
requests "$T/wt.trc" --warp-size=1 > "$T/wt.req"
l1sim --events=all "$T/wt.req" | classify --format=json > "$T/wt.json"
like "$(json "$T/wt.json")" '"input":"event","analyses":\["warps","divergence"\]' \
	"events allow the warps and divergence analyses"
like "$(total "$T/wt.json")" '"warps":\{"level":"L1","warps":\{"all-hit":0,"mostly-hit":1,"balanced":0,"mostly-miss":0,"all-miss":1\}' \
	"9 hits of 10 is mostly-hit; no hit is all-miss"
like "$(total "$T/wt.json")" '"divergence":\{"instructions":\{"all-hit":9,"mostly-hit":0,"balanced":0,"mostly-miss":0,"all-miss":11\}' \
	"divergence: one-request instructions are all-hit or all-miss"
l1sim "$T/wt.req" | classify > "$T/miss.txt" 2> "$T/miss.err"
like "$(cat "$T/miss.err")" "has no hits: was it made with --events=all" \
	"a stream of misses only draws a note"
requests "$T/wt.trc" --warp-size=1 | classify --mostly-hit=95 --format=json > "$T/wt95.json"
like "$(total "$T/wt95.json")" '"warps":\{"level":"L1-view","warps":\{"all-hit":0,"mostly-hit":0,"balanced":1,' \
	"--mostly-hit=95 makes 90 % balanced"

# ---- the samples read as the papers lead one to expect ----
verdict() {	# verdict REQUESTS [options]: classify's sentence on all kernels
	f=$1
	shift
	classify --analyses=category,locality "$@" "$f" | sed -n '/^Kernels:/,/^$/p' \
		| grep -E '^  (all|[0-9]+ [^ ]+):' | tail -n 1
}
sample() {	# sample NAME: its request stream on 15 SMs
	trace-gen "samples/$1.trc.zst" | trace-order | coalesce > "$T/$1.req"
}
for s in vectoradd spmv bfs gesummv hotspot kmeans; do sample $s; done
like "$(verdict "$T/vectoradd.req")" "vectorAdd: streaming" "vector add streams"
like "$(verdict "$T/hotspot.req")" "streaming" "hotspot streams in the L1 (Khairy: HS)"
# (each kernel's CTA i on the SM of the last kernel's CTA i: with
# GPGPU-Sim's placement, trace-order's default, the next kernel's CTAs go
# round from another SM, and the same reuse is counted inter-core, which
# classify looks at before the kernel)
trace-gen samples/hotspot.trc.zst | trace-order --cta-start=zero | coalesce > "$T/hotspot0.req"
classify --format=json --analyses=locality "$T/hotspot0.req" > "$T/hs.json"
like "$(total "$T/hs.json")" '"l2":\{"references":[0-9]+,"unbounded":\{"miss":[0-9]+,"intra-thread":0,"inter-thread":0,"intra-block":0,"intra-core":0,"inter-core":[0-9]+,"inter-kernel":[1-9]' \
	"hotspot's reuse is across kernels, in the L2"
for s in spmv bfs; do
	like "$(verdict "$T/$s.req")" "thrashing contention.*Most reuse is intra-warp \([0-9.]+% of loads, [0-9.]+% intra-thread\)" \
		"$s: intra-warp (intra-thread) locality, thrashing"
done
like "$(verdict "$T/spmv.req")" "the rest is lost to thrashing" "spmv: the words say where the reuse went"
like "$(verdict "$T/kmeans.req")" "contention.*Most reuse is intra-warp" "kmeans: intra-warp locality lost to contention"
like "$(verdict "$T/gesummv.req" --index=fermi)" "thrashing contention" "gesummv, Fermi hash: thrashing"
like "$(verdict "$T/gesummv.req" --index=linear)" "conflict contention \(and thrashing\).*intra-warp conflicts" \
	"gesummv, linear index: intra-warp conflict contention and thrashing (Khairy)"
trace-emu syrk --n=64 --m=256 | trace-gen | trace-order | coalesce > "$T/syrk.req"
like "$(verdict "$T/syrk.req" --index=linear)" "conflict contention" "syrk with 1 KB rows, linear index: conflict contention"
like "$(verdict "$T/syrk.req" --index=ipoly37)" "cache-friendly" "syrk, IPOLY index: the conflicts are gone (PRIC)"
classify --format=json "$T/spmv.req" > "$T/spmv.json"
like "$(total "$T/spmv.json")" '"sensitivity":"sensitive"' "spmv is cache sensitive (Koo et al.: SPMV)"
like "$(total "$T/spmv.json")" '"warps":\{"level":"L1-view","warps":\{"all-hit":[0-9]+,' \
	"a request stream gets warp types at the functional L1"
# The timing model runs without reuse histograms (--reuse=off), whose
# miss classes are l1sim's with its default exact distances (spmv is one
# kernel, so both start empty).
l1sim --stats="$T/sp1.json" -o /dev/null "$T/spmv.req"
is "$(json "$T/spmv.json" | grep -o '"miss_classes":{[^}]*}' | head -n 1)" \
   "$(json "$T/sp1.json" | grep -o '"miss_classes":{[^}]*}' | head -n 1)" \
   "spmv: the timing model's miss classes are l1sim's"
# MeDiC measures warp types at the L2: every L2 access, stores that miss
# included, is a hit or miss event of l2sim --events=all; dramsim skips
# those that ask nothing of it.
# (a line L2, as MeDiC's: a sectored one counts each sector an access)
l1sim "$T/spmv.req" | l2sim --sectored=no --write-allocate=yes --events=all \
	--stats="$T/l2.json" > "$T/l2all.ev"
classify --format=json "$T/l2all.ev" > "$T/l2wt.json"
l2acc=$(total "$T/l2wt.json" | grep -o '"warps":{"level":"L2","warps":{[^}]*},"accesses":{[^}]*}' \
	| sed 's/.*"accesses"://; s/[^0-9,]//g' | tr ',' '+')
l2req=$(json "$T/l2.json" | sed 's/.*"total":{"requests":\([0-9]*\),.*/\1/')
is "$(($l2acc))" "$l2req" "L2 warp types count every L2 request ($l2req)"
dramsim --stats="$T/d1.json" "$T/l2all.ev" > /dev/null
l1sim "$T/spmv.req" | l2sim --sectored=no --write-allocate=yes | dramsim --stats="$T/d2.json" > /dev/null
is "$(json "$T/d1.json" | sed 's/.*"total":{"requests":\([0-9]*\),.*/\1/')" \
	"$(json "$T/d2.json" | sed 's/.*"total":{"requests":\([0-9]*\),.*/\1/')" \
	"dramsim makes the same requests from l2sim --events=all"
# Threads run the SMs' views and the L2 view's partitions; the report
# is the same for any number of them (multi-kernel samples on 15 SMs).
for s in spmv bfs hotspot kmeans; do
	OMP_NUM_THREADS=1 classify --format=json "$T/$s.req" > "$T/t1.json"
	OMP_NUM_THREADS=3 classify --format=json "$T/$s.req" > "$T/t3.json"
	OMP_NUM_THREADS=3 classify --sample=0.25 "$T/$s.req" > "$T/t3s.txt"
	OMP_NUM_THREADS=1 classify --sample=0.25 "$T/$s.req" > "$T/t1s.txt"
	cmp -s "$T/t1.json" "$T/t3.json" && cmp -s "$T/t1s.txt" "$T/t3s.txt"
	ok $? "$s: the same report with 1 and 3 threads, every line and sampled"
done
classify "$T/spmv.req" > "$T/spmv.txt"
for h in "Locality of references" "Load locality types" "access pattern similarity" \
	 "Warp types at" "Memory divergence" "Application category"; do
	like "$(cat "$T/spmv.txt")" "$h" "the report has: $h"
done

# the same stream gives the same report, and -o writes it whole
classify -o "$T/a.txt" "$T/spmv.req"
classify -o "$T/b.txt" "$T/spmv.req"
ok "$(cmp -s "$T/a.txt" "$T/spmv.txt" && cmp -s "$T/a.txt" "$T/b.txt"; echo $?)" "-o and stdout agree, run after run"

# ---- --sample: a sample of the lines in the unbounded views and load types ----
classify --sample=1 "$T/spmv.req" > "$T/s1.txt"
ok "$(cmp -s "$T/s1.txt" "$T/spmv.txt"; echo $?)" "--sample=1 is the exact run"
classify --sample=0.5 --format=json "$T/spmv.req" > "$T/s5.json"
like "$(json "$T/s5.json")" '"sample_rate":0.5,' "the rate in force is in the config"
exact_refs=$(total "$T/spmv.json" | sed 's/.*"locality":{"l1":{"references":\([0-9]*\),.*/\1/')
like "$(total "$T/s5.json")" "\"locality\":\{\"l1\":\{\"references\":$exact_refs,\"sampled_references\":[0-9]" \
	"sampled: the references stay exact, and say how many were sampled"
smp=$(total "$T/s5.json" | sed 's/.*"l1":{"references":[0-9]*,"sampled_references":\([0-9]*\),.*/\1/')
ok "$(test "$smp" -gt 0 && test "$smp" -lt "$exact_refs"; echo $?)" \
	"some of the $exact_refs references were sampled ($smp)"
like "$(classify --sample=0.25 "$T/spmv.req")" "lines sampled at rate 0.25: the unbounded views' categories" \
	"the report says which counts are estimates"
classify --sample=0.3 --format=json "$T/spmv.req" > "$T/s3.json"
like "$(json "$T/s3.json")" '"sample_rate":0.3000000119' "the rate is rounded to a multiple of 2^-24"
fails_with 2 "--sample=0: expected a rate from 2\^-24 to 1" "a rate of 0" classify --sample=0
fails_with 2 "--sample=1.5: expected a rate from 2\^-24 to 1" "a rate above 1" classify --sample=1.5
fails_with 2 "--sample=x: expected a rate from 2\^-24 to 1" "not a number" classify --sample=x

# ---- bad input ----
trace-gen "$T/k.trc" > "$T/k.acc"
fails_with 1 "expected request records \(from coalesce\) or event records \(from l1sim or l2sim\), got access records" \
	"an access stream" classify "$T/k.acc"
l1sim "$T/wt.req" > "$T/wt.ev"
fails_with 2 "event records allow only the warps and divergence analyses" \
	"locality needs requests" classify --analyses=locality "$T/wt.ev"
fails_with 2 "unknown analysis 'speed'" "a bad analysis" classify --analyses=loads,speed
fails_with 2 "--mostly-miss must be below --mostly-hit" "crossed boundaries" classify --mostly-miss=80
fails_with 2 "--streaming=2: expected a number from 0 to 1" "a fraction above 1" classify --streaming=2
fails_with 2 "--format=csv: expected table or json" "a bad format" classify --format=csv
fails_with 2 "L2 does not split into 7 partitions" "L2 partitions" classify --l2-partitions=7
fails_with 1 "/dev/full: write error" "a full disk" classify -o /dev/full "$T/spmv.req"
head -c 3000 "$T/spmv.req" > "$T/cut.req"
fails_with 1 "cut.req" "a cut stream" classify -o "$T/cut.txt" "$T/cut.req"
ok "$(test ! -e "$T/cut.txt"; echo $?)" "a cut stream leaves no report behind"

# a warp's request after its last instruction (trace-order flags it)
"$BUILD/tests/test-coalesce" --make-misordered-warp-stream "$T/mis.wt"
coalesce --rules=sector -o "$T/mis.req" "$T/mis.wt" 2> /dev/null
fails_with 1 "mis.req: record 3: warp 0's instruction 1 comes after the warp's last \(flagged by trace-order\): this input is not in each warp's order" \
	"a request after its warp's end" classify -o "$T/mis.txt" "$T/mis.req"
ok "$(test ! -e "$T/mis.txt"; echo $?)" "a request after its warp's end leaves no report behind"
"$BUILD/tests/test-coalesce" --make-warp-stream "$T/inorder.wt"
coalesce "$T/inorder.wt" | classify > /dev/null
ok $? "the same stream in each warp's order: classified"

done_testing
