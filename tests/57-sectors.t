#!/bin/sh
# Sectored L1 and L2, GPGPU-Sim's counting and write-allocate policies,
# sets of more than 255 ways, caches of 4 GiB, and the copies before a
# kernel (l2sim --memcpy), through the programs.  The models' answers are
# worked out by hand in tests/unit/test-sector.c.
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
total() {	# total FILE KEY: a number of the total object
	json "$1" | grep -o '"total":{.*' | grep -o "\"$2\":[0-9.]*" | head -n 1 | cut -d: -f2
}
gs() {		# gs FILE TYPE STATUS: GPGPU-Sim's count in the total object
	json "$1" | grep -o '"total":{.*' | grep -o '"gpgpusim":{[^{}]*\({[^{}]*}[^{}]*\)*}' |
		head -n 1 | grep -o "\"$2\":{[^}]*}" | grep -o "\"$3\":[0-9]*" | cut -d: -f2
}
VOLTA_L1=S:4:128:64,L:T:m:L:L,A:512:8,16:0,32
VOLTA_L2=S:32:128:24,L:B:m:L:P,A:192:4,32:0,32

# ---- options ----
fails_with 2 "--sectored=maybe: expected no or yes" "a bad --sectored" l1sim --sectored=maybe
fails_with 2 "--sectored=maybe: expected no or yes" "a bad l2sim --sectored" l2sim --sectored=maybe
fails_with 2 "management policies are modelled on line caches" "no policy on a sectored L1" \
	l1sim --sectored=yes --policy=apcm
fails_with 2 "--write-allocate=naive: .*sectored L1s" "GPGPU-Sim's write-allocate: sectored L1s" \
	l1sim --write-allocate=naive
fails_with 2 "--write-allocate=lazy-fetch-on-read with --alloc=fill" "lazy fetch and allocation on fill" \
	l1sim --sectored=yes --alloc=fill --write-allocate=lazy-fetch-on-read
fails_with 2 "1 to 8 sectors" "a sectored line of 16 sectors" l1sim --sectored=yes --line=512 --index=linear
fails_with 2 "modelled on line L2s with --write-allocate=yes or no" "MeDiC on a sectored L2" \
	l2sim --sectored=yes --medic=all
fails_with 2 "--memcpy=some: expected ignore, warm or warm-full" "a bad --memcpy" l2sim --memcpy=some

# ---- the Volta L1: sectors ----
trace-gen samples/vectoradd.trc.zst | trace-order | coalesce > "$T/va.req"
l1sim --config=$VOLTA_L1 --stats="$T/v1.json" -o "$T/v1.l1" "$T/va.req"
ok $? "the TITAN V L1 string runs"
like "$(json "$T/v1.json")" '"sectored":true,"sector":32' "its settings say sectored"
like "$(trace-dump --header "$T/v1.l1")" "l1_sectored: yes" "its stream says so to l2sim"
# vectorAdd: 1024 loads and 512 stores of whole 128-byte lines, each line
# touched once: every load sector fetched (GPGPU-Sim: one MISS and three
# SECTOR_MISS a line), no hit; 6144 sector accesses.
is "$(total "$T/v1.json" loads)" 1024 "1024 load requests"
is "$(gs "$T/v1.json" loads miss) $(gs "$T/v1.json" loads sector_miss)" "1024 3072" \
	"GPGPU-Sim's loads: 1024 MISS, 3072 SECTOR_MISS"
is "$(gs "$T/v1.json" stores miss) $(gs "$T/v1.json" stores sector_miss)" "512 1536" \
	"GPGPU-Sim's stores: 512 MISS, 1536 SECTOR_MISS"
like "$(json "$T/v1.json")" '"gpgpusim":\{"unit":"sector","accesses":6144,"misses":6144,' \
	"6144 sector accesses, all misses"
is "$(total "$T/v1.json" miss_rate_gpgpusim)" 1 "miss_rate_gpgpusim 1"
# The same kernel, each store twice: the second time every sector is a
# store HIT (T: written through; L allocated the line on the first).
printf 'blocksize: 32 1 1\n' > "$T/st.trc"
for t in $(seq 0 31); do printf '%d 1 %d 4\n%d 1 %d 4\n' $t $((4 * t)) $t $((4 * t)); done >> "$T/st.trc"
trace-gen "$T/st.trc" | trace-order --latency=500 | coalesce | l1sim --config=$VOLTA_L1 \
	--stats="$T/st.json" > "$T/st.l1"
is "$(gs "$T/st.json" stores hit) $(total "$T/st.json" store_hits)" "4 1" \
	"Volta's L1: a store to a line a store allocated hits (4 sectors, 1 request)"
is "$(trace-dump --format=csv "$T/st.l1" | tail -n +2 | cut -d, -f9 | sort | uniq -c | tr -s ' ')" \
	" 2 write-through" "both stores write through"
same_batches l1sim events vectoradd "$T/va.req" --config=$VOLTA_L1

# a line L1's counting: one access a request
l1sim --stats="$T/f1.json" -o "$T/f1.l1" "$T/va.req"
like "$(json "$T/f1.json")" '"gpgpusim":\{"unit":"line","accesses":1536,' \
	"a line L1 counts a request as one access"
like "$(json "$T/f1.json")" '"sectored":false' "and says it is not sectored"

# ---- the Volta L2: sector accesses ----
l2sim --config=$VOLTA_L2 --stats="$T/v2.json" -o "$T/v2.l2" "$T/v1.l1"
ok $? "the TITAN V L2 string runs"
like "$(json "$T/v2.json")" '"gpgpusim":\{"unit":"sector","accesses":6144,' \
	"a sectored L1's misses and write-throughs: 6144 sector accesses"
is "$(trace-dump --summary --format=json "$T/v2.l2" | tr -d ' \n' | grep -o '"loads":[0-9]*' | head -n 1)" \
	'"loads":4096' "4096 sector reads go to DRAM, one a sector"
like "$(trace-dump --header "$T/v2.l2")" "sector_size: 32" "its events' sectors are 32 bytes"
# a line L1's misses are whole lines: four sector accesses each
l2sim --config=$VOLTA_L2 --stats="$T/f2.json" "$T/f1.l1" > /dev/null
is "$(gs "$T/f2.json" loads miss) $(gs "$T/f2.json" loads sector_miss)" "1024 3072" \
	"a line L1's 1024 misses: 4096 sector accesses at a sectored L2"
same_batches l2sim events "sectored L2" "$T/v1.l1" --config=$VOLTA_L2

# ---- write-allocate W at a line L2 ----
# gtx1080's L2 (N, W): every write miss goes on to DRAM and fetches its
# line; warptrace's yes writes nothing to DRAM during the kernel.
GTX1080_L2=N:64:128:16,L:B:m:W:L,A:1024:1024,4:0,32
l2sim --config=$GTX1080_L2 --stats="$T/w.json" "$T/f1.l1" > "$T/w.l2"
is "$(total "$T/w.json" write_throughs)" 512 "W: the 512 store misses go on to DRAM"
is "$(gs "$T/w.json" stores miss)" 512 "GPGPU-Sim: 512 store MISS"
like "$(json "$T/w.json")" '"sectors":\{"sector_bytes":128,"reads":1024,"read_hits":0,"merged":0,"fetched":1536,' \
	"and their 512 lines are fetched with the loads' 1024"
l2sim --config=$GTX1080_L2 --write-allocate=yes --stats="$T/y.json" "$T/f1.l1" > /dev/null
is "$(total "$T/y.json" write_throughs)" 0 "yes: nothing written on"

# ---- more than 255 ways ----
# RTX 3070's L1 (256 ways) runs; a 1024-way set holds 1024 lines: a
# second pass over 1024 lines hits every time.
l1sim --config=S:4:128:256,L:T:m:L:L,A:384:48,16:0,32 --stats="$T/r.json" "$T/va.req" > /dev/null
like "$(json "$T/r.json")" '"assoc":256,' "RTX 3070's 256-way L1 string runs"
printf 'blocksize: 1 1 1\n' > "$T/big.trc"
for p in 1 2; do for i in $(seq 0 1023); do echo "0 0 $((i * 128)) 4"; done; done >> "$T/big.trc"
trace-gen "$T/big.trc" | trace-order --warp-size=1 --latency=500 | coalesce > "$T/big.req"
l1sim --size=128K --assoc=1024 --index=linear --mshr=0 --stats="$T/k.json" "$T/big.req" > /dev/null
is "$(total "$T/k.json" hits) $(total "$T/k.json" misses)" "1024 1024" \
	"a 1024-way set: 1024 compulsory misses, then 1024 hits"
l1sim --size=130944 --assoc=1023 --index=linear --mshr=0 --stats="$T/k1.json" "$T/big.req" > /dev/null
is "$(total "$T/k1.json" hits)" 0 "1023 ways: LRU keeps none of the 1024"
l1sim --size=128K --assoc=full --mshr=0 --stats="$T/kf.json" "$T/big.req" > /dev/null
like "$(json "$T/kf.json")" '"assoc":1024,' "--assoc=full: 1024 ways"
l2sim --assoc=1024 --size=128K --partitions=1 --stats="$T/l2k.json" "$T/f1.l1" > /dev/null
ok $? "l2sim takes 1024 ways"

# ---- caches of 4 GiB ----
fails_with 2 "a 4294967296-byte L1; l1sim models an L1 of less than 4 GiB" "a 4 GiB L1" \
	l1sim --config=N:262144:4096:4,L:L:m:N:L,A:32:8,8
l2sim --config=N:16384:4096:64,L:B:m:N:L,A:32:4,4 --interleave=4096 --partitions=1 \
	--stats="$T/g.json" "$T/f1.l1" > /dev/null
ok $? "a 4 GiB L2 partition runs"
like "$(json "$T/g.json")" '"size":4294967296,' "its size is 4 GiB"

# ---- copies before a kernel ----
# The synthetic Accel-Sim trace copies 256 KB to 0x10000000 and 8 KB to
# 0x30000000 before kernel 0, 256 KB to 0x20000000 before kernel 2:
# 16640 sectors, warmed before the kernels read them.
D=tests/data/accelsim
trace-gen "$D" 2>/dev/null | trace-order | coalesce | l1sim > "$T/as.l1"
l2sim --stats="$T/aw.json" "$T/as.l1" > /dev/null
l2sim --memcpy=ignore --stats="$T/ai.json" "$T/as.l1" > /dev/null
is "$(total "$T/aw.json" memcpy_sectors)" 16640 "16640 sectors copied and warmed"
hw=$(total "$T/aw.json" hits)
hi=$(total "$T/ai.json" hits)
[ "$hw" -gt "$hi" ]
ok $? "the warmed L2 hits more ($hw hits, $hi without the copies)"
is "$(total "$T/ai.json" memcpy_sectors)" 0 "--memcpy=ignore warms nothing"
# A copy to 0x1_2000_0000: GPGPU-Sim keeps 32 bits of the address, and
# warms 0x2000_0000, which kernel 2 reads; warm-full warms what was copied.
mkdir "$T/hi"
cp "$D"/kernel-3.traceg "$T/hi/"
printf 'MemcpyHtoD,0x0000000120000000,262144\nkernel-3.traceg\n' > "$T/hi/kernelslist.g"
trace-gen "$T/hi" 2>/dev/null | trace-order | coalesce | l1sim > "$T/hi.l1"
l2sim --config=$VOLTA_L2 --stats="$T/h32.json" "$T/hi.l1" > /dev/null
l2sim --config=$VOLTA_L2 --memcpy=warm-full --stats="$T/h64.json" "$T/hi.l1" > /dev/null
h32=$(total "$T/h32.json" hits)
h64=$(total "$T/h64.json" hits)
[ "$h32" -gt 0 ] && [ "$h64" -eq 0 ]
ok $? "warm cuts the address to 32 bits as GPGPU-Sim ($h32 hits), warm-full does not ($h64)"
# A copy of 2^64 - 1 bytes (trace-gen takes any size): its last 4 GiB
# warm the L2, with a note; it once never ended (the offset wrapped).
printf 'MemcpyHtoD,0x0000000120000000,18446744073709551615\nkernel-3.traceg\n' > "$T/hi/kernelslist.g"
trace-gen "$T/hi" 2>/dev/null | trace-order | coalesce | l1sim > "$T/huge.l1"
run timeout 300 l2sim --stats="$T/huge.json" "$T/huge.l1"
is "$rc" 0 "a copy of 2^64 - 1 bytes ends"
like "$err" "^l2sim: note: .*kernel 0: a copy of 18446744073709551615 bytes warms the L2 with its last 4294967295 bytes" \
	"  and says it warmed its last 4 GiB"
is "$(total "$T/huge.json" memcpy_sectors)" 134217728 "  2^27 sectors warmed"
# A line L2 of 4096-byte lines: a copy fills whole lines (the sector bit
# of a 32-byte step in such a line was a shift past 31)
printf 'MemcpyHtoD,0x0000000020000000,262144\nkernel-3.traceg\n' > "$T/hi/kernelslist.g"
trace-gen "$T/hi" 2>/dev/null | trace-order | coalesce | l1sim > "$T/hl.l1"
run l2sim --sectored=no --line=4096 --map=linear --interleave=4096 --stats="$T/hl.json" "$T/hl.l1"
is "$rc:$err" "0:" "a copy into a line L2 of 4096-byte lines"
is "$(total "$T/hl.json" memcpy_sectors)" 8192 "  counts its 8192 32-byte steps"

done_testing
