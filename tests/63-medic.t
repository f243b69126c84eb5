#!/bin/sh
# MeDiC (Ausavarungnirun et al.) in l2sim and dramsim: warp-type-aware
# bypassing and insertion at the L2, the two-queue DRAM scheduler; the
# cases are built so that each component must change a number.
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
num() {		# num FILE KEY: the first number named KEY in the "total" object
	json "$1" | sed 's/.*"total":{//' | grep -o "\"$2\":[0-9.e+-]*" | head -n 1 | cut -d: -f2
}

fails_with 2 "--medic=wbp: expected wbyp, wip, all or none" "a bad component" l2sim --medic=wbp
# tuning options without their policy are taken, without effect (a
# sweep's baseline point keeps its fixed options)
fails_with 2 "--medic-profile=0: expected a number from 1" "an empty profile" \
	l2sim --medic=all --medic-profile=0
fails_with 2 "--medic, --bypass, --eaf and --pcal need an L2" "MeDiC without an L2" l2sim --medic=wbyp --disable

# A streaming kernel: 256 threads each copy a 4 KB row, so every L2
# lookup misses and, once profiled, every warp is all-miss.
trace-emu mshr --height=256 --width=1024 | trace-gen | trace-order | coalesce \
	| l1sim > "$T/l1.ev"
l2sim --stats="$T/base.json" "$T/l1.ev" > "$T/base.ev"
l2sim --medic=wbyp --stats="$T/wbyp.json" "$T/l1.ev" > "$T/wbyp.ev"
is "$(num "$T/base.json" medic_bypasses)" 0 "no MeDiC: nothing bypassed"
byp=$(num "$T/wbyp.json" medic_bypasses)
[ "${byp:-0}" -gt 100000 ]
ok $? "WByp: all-miss warps' loads go straight to DRAM ($byp)"
like "$(json "$T/wbyp.json")" '"medic":\["wbyp"\],"bypass":null,"eaf":false,"pcal":0,"medic_reset":100000,"medic_profile":30,"medic_step":0\.05' \
	"the settings name the components and MeDiC's values"
is "$(trace-dump --format=csv "$T/wbyp.ev" | grep -c ',bypass,')" "$byp" "each is a bypass event"
# every warp's first 30 lookups (its profiling) are never bypassed
l2sim --medic=wbyp --medic-profile=1000000 --stats="$T/long.json" "$T/l1.ev" > /dev/null
is "$(num "$T/long.json" medic_bypasses)" 0 "a profile longer than the kernel: no bypass"
l2sim --medic=wip --stats="$T/wip.json" "$T/l1.ev" > /dev/null
h0=$(num "$T/base.json" hits)
h1=$(num "$T/wip.json" hits)
[ "$h1" -gt "$h0" ]
ok $? "WIP: all-miss lines go in at LRU and leave first, so more hits ($h0 -> $h1)"
# the same outcome with 1 and 2 threads: the partitions share the types
for th in 1 2; do
	mkdir -p "$T/t$th"
	(cd "$T/t$th" && OMP_NUM_THREADS=$th l2sim --medic=all -o all.ev --stats=all.json ../l1.ev)
done
ok "$(cmp -s "$T/t1/all.ev" "$T/t2/all.ev" && cmp -s "$T/t1/all.json" "$T/t2/all.json"; echo $?)" \
	"MeDiC: byte-identical with 1 and 2 threads"

# MeDiC's comparison points
fails_with 2 "--bypass=lru: expected rand:FRACTION, pc or streaming" "a bad bypass policy" l2sim --bypass=lru
fails_with 2 "--bypass and --medic=wbyp are two bypass policies" "two bypass policies" \
	l2sim --medic=wbyp --bypass=pc
fails_with 2 "--eaf and --medic=wip are two insertion policies" "two insertion policies" \
	l2sim --medic=wip --eaf
l2sim --bypass=rand:1 --stats="$T/r1.json" "$T/l1.ev" > /dev/null
is "$(num "$T/r1.json" baseline_bypasses)" "$(num "$T/r1.json" reads)" "Rand 1.0: every load bypasses"
l2sim --bypass=rand:0.5 --stats="$T/r5.json" "$T/l1.ev" > /dev/null
r5=$(num "$T/r5.json" baseline_bypasses)
reads=$(num "$T/r5.json" reads)
[ "$r5" -gt $((reads / 4)) ] && [ "$r5" -lt $((reads * 3 / 4)) ]
ok $? "Rand 0.5: about half the loads bypass ($r5 of $reads)"
l2sim --bypass=rand:0.5 --seed=7 --stats="$T/r7.json" "$T/l1.ev" > /dev/null
[ "$(num "$T/r7.json" baseline_bypasses)" != "$r5" ]
ok $? "Rand: another seed, another draw"
l2sim --bypass=pc --stats="$T/pc.json" "$T/l1.ev" > /dev/null
pcb=$(num "$T/pc.json" baseline_bypasses)
[ "${pcb:-0}" -gt 100000 ]
ok $? "PC-Byp: the copy's loads are all-miss PCs, bypassed ($pcb)"
l2sim --medic-profile=10 --stats="$T/tun.json" "$T/l1.ev" > /dev/null
is "$?" 0 "l2sim takes --medic-profile without a policy"
is "$(num "$T/tun.json" hits)" "$(num "$T/base.json" hits)" "and it changes nothing"
dramsim --medic-step=10 -o /dev/null "$T/base.ev"
is "$?" 0 "dramsim takes --medic-step with FR-FCFS"
l2sim --eaf --stats="$T/eaf.json" "$T/l1.ev" > /dev/null
[ "$(num "$T/eaf.json" hits)" -gt "$(num "$T/base.json" hits)" ]
ok $? "EAF: lines never reused go in at LRU, so more hits than LRU insertion"
trace-gen samples/spmv.trc.zst | trace-order | coalesce | l1sim > "$T/spmv.ev"
l2sim --stats="$T/sb.json" "$T/spmv.ev" > /dev/null
l2sim --pcal=2 --stats="$T/pcal.json" "$T/spmv.ev" > /dev/null
na=$(num "$T/pcal.json" pcal_noalloc)
[ "${na:-0}" -gt 0 ] && [ "$(num "$T/pcal.json" hits)" -lt "$(num "$T/sb.json" hits)" ]
ok $? "PCAL with 2 tokens: $na misses of token-less warps stay out, fewer hits"
like "$(json "$T/pcal.json")" '"bypass":null,"eaf":false,"pcal":2,' "the settings name the policies"
# tokens come back when a kernel ends: bfs's 16 kernels of at most 128
# warps each, in one period, with 200 tokens lose nothing
trace-gen samples/bfs.trc.zst | trace-order | coalesce | l1sim > "$T/bfs1.ev"
l2sim --stats="$T/bb.json" "$T/bfs1.ev" > /dev/null
l2sim --pcal=200 --stats="$T/bp.json" "$T/bfs1.ev" > /dev/null
is "$(num "$T/bp.json" pcal_noalloc)" 0 "PCAL: every kernel's warps get tokens afresh"
is "$(num "$T/bp.json" hits)" "$(num "$T/bb.json" hits)" "PCAL with tokens enough: the baseline's hits"

# WMS: the DRAM's high queue takes the requests of mostly-hit and all-hit
# warps, typed from the L2 hits and misses of l2sim --events=all.
trace-gen samples/bfs.trc.zst | trace-order | coalesce | l1sim > "$T/bfs.ev"
l2sim --events=all "$T/bfs.ev" > "$T/bfs2.ev"
dramsim --stats="$T/fr.json" "$T/bfs2.ev" > /dev/null
dramsim --sched=medic --stats="$T/wms.json" "$T/bfs2.ev" > /dev/null
like "$(json "$T/wms.json")" '"sched":"medic"' "dramsim --sched=medic"
high=$(num "$T/wms.json" high_priority)
[ "${high:-0}" -gt 0 ]
ok $? "WMS: some DRAM requests come from mostly-hit warps ($high)"
is "$(num "$T/wms.json" requests)" "$(num "$T/fr.json" requests)" "WMS: the same requests, in another order"
# the stall estimate: each warp instruction waits for its slowest load
l2sim --events=all "$T/l1.ev" | dramsim --stats="$T/st0.json" > /dev/null
l2sim --events=all --medic=all "$T/l1.ev" | dramsim --sched=medic --stats="$T/st1.json" > /dev/null
s0=$(num "$T/st0.json" mean_stall)
s1=$(num "$T/st1.json" mean_stall)
awk -v a="$s0" -v b="$s1" 'BEGIN { exit !(b > 0 && a > b) }'
ok $? "MeDiC on the streaming copy: mean stall from $s0 down to $s1 cycles"
l2sim "$T/bfs.ev" | dramsim --sched=medic -o /dev/null 2> "$T/note"
like "$(cat "$T/note")" "saw no L2 hit, so no warp is mostly-hit: was l2sim run with --events=all" \
	"WMS without L2 hits: a note"

done_testing
