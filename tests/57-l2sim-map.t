#!/bin/sh
# l2sim and dramsim with GPGPU-Sim's address mappings: the L2 set taken on
# the partition address, sub-partitions, partition indexing, and dramsim
# finding the channel of l2sim's slice as its own decoder does.  The
# mappings themselves are checked against GPGPU-Sim's code in
# tests/unit/test-addrdec.c and test-gpgpusim-index.c.
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
col() {		# col N STREAM: column N of the events, one line
	trace-dump --format=csv "$2" | tail -n +2 | cut -d, -f"$1" | tr '\n' ' '
}
VOLTA='dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS'
PASCAL='dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS'

# Lines 0x0, 0x100, 0x0 through a direct-mapped partition of two sets,
# two partitions at bit 7 (dramid@7): both lines are partition 0's, at
# partition addresses 0x0 and 0x80, so sets 0 and 1 and the third load
# hits.  On the global address both would be set 0 (0x100 >> 7 = 2).
printf 'blocksize: 1 1 1\n0 0 0 4\n0 0 256 4\n0 0 0 4\n' > "$T/p.trc"
trace-gen "$T/p.trc" | trace-order --warp-size=1 --latency=500 | coalesce | l1sim --mode=bypass > "$T/p.l1"
l2sim --partitions=2 --map=dramid@7 --size=256 --assoc=1 --events=all "$T/p.l1" > "$T/p.l2"
is "$(col 9 "$T/p.l2")" "miss miss hit " "the set is taken on the partition address"

# Sub-partitions: one channel of two slices; the B letter at bit 7 picks
# the slice (lines 0x0, 0x100: slice 0; 0x80: slice 1) and leaves the
# partition address, so 0x100 is at 0x80 of slice 0, in set 1.
printf 'blocksize: 1 1 1\n0 0 0 4\n0 0 256 4\n0 0 128 4\n0 0 0 4\n' > "$T/s.trc"
trace-gen "$T/s.trc" | trace-order --warp-size=1 --latency=500 | coalesce | l1sim --mode=bypass > "$T/s.l1"
l2sim --partitions=1 --sub-partitions=2 --map="$PASCAL" --size=256 --assoc=1 --events=all \
	--stats="$T/s.json" -o "$T/s.l2" "$T/s.l1"
is "$(col 9 "$T/s.l2")" "miss miss miss hit " "two slices: no line evicts another"
is "$(col 17 "$T/s.l2")" "0 0 1 0 " "the B letter at bit 7 picks the slice"
like "$(json "$T/s.json")" '"partitions":1,"sub_partitions":2,"map":"dramid@8;[0-9.R]*RBBBCCCC.BCCSSSSS,sub-partitions=2",' \
	"stats: 1 partition of 2 sub-partitions, and the map"
like "$(json "$T/s.json")" '"partitions":\[\{"partition":0,.*\{"partition":1,' "stats: per slice"
is "$(trace-dump "$T/s.l2" | grep -E '^# l2_(sub_)?partitions:' | tr '\n' ' ')" \
	"# l2_partitions: 1 # l2_sub_partitions: 2 " "header: partitions and sub-partitions"

# QV100: 32 channels of 2 slices, IPOLY partition indexing, its dl2 (32
# sets, IPOLY index).  Every L1 request goes on (--disable): l2sim's slice
# over 2 must be the channel dramsim decodes from the address itself.
trace-gen samples/gemm.trc.zst | trace-order | coalesce | l1sim --mode=bypass > "$T/g.l1"
l2sim --partitions=32 --sub-partitions=2 --partition-indexing=ipoly --map="$VOLTA" \
	--config=S:32:128:24,L:B:m:L:P,A:192:4,32:0,32 --stats="$T/v.json" -o "$T/v.l2" "$T/g.l1"
ok $? "QV100's L2: l2sim runs"
trace-dump --check "$T/v.l2" > /dev/null 2>&1
ok $? "  its stream checks"
like "$(json "$T/v.json")" '"partitions":32,"sub_partitions":2,.*"sets":32,.*"index":"ipoly37,bits=27",' \
	"  32 x 2 slices of 32 sets, GPGPU-Sim's IPOLY index"
n=$(col 17 "$T/v.l2" | tr ' ' '\n' | sort -un | wc -l | tr -d ' ')
is "$n" 64 "  the requests reach all 64 slices"
l2sim --disable --partitions=32 --sub-partitions=2 --partition-indexing=ipoly --map="$VOLTA" \
	-o "$T/vd.l2" "$T/g.l1"
dram="--channels=32 --sub-partitions=2 --partition-indexing=ipoly --map=$VOLTA"
dramsim $dram "$T/vd.l2" > "$T/d2.wt"
dramsim $dram --stats="$T/d1.json" "$T/g.l1" > "$T/d1.wt"
chan() {	# chan STREAM: address and channel of each DRAM request, sorted
	trace-dump --format=csv "$1" | tail -n +2 | cut -d, -f13,17 | sort
}
chan "$T/d1.wt" > "$T/c1"
chan "$T/d2.wt" > "$T/c2"
[ -s "$T/c1" ] && cmp -s "$T/c1" "$T/c2"
ok $? "dramsim: slice / 2 of l2sim = its own channel, for each of $(wc -l < "$T/c1") requests"
like "$(json "$T/d1.json")" '"sub_partitions":2,"partition_indexing":"ipoly",' "dramsim's stats say so"
dramsim --channels=32 --map="$VOLTA" "$T/g.l1" > "$T/d0.wt"
chan "$T/d0.wt" > "$T/c0"
! cmp -s "$T/c0" "$T/c1"
ok $? "  (consecutive indexing sends them elsewhere)"

# TITAN V: 24 channels (GPGPU-Sim's gap path) of 2, IPOLY over 64 slices
# taken mod 48; TITAN X: random.
l2sim --partitions=24 --sub-partitions=2 --partition-indexing=2 --map="$VOLTA" -o "$T/tv.l2" "$T/g.l1"
is "$(col 17 "$T/tv.l2" | tr ' ' '\n' | sort -un | tail -n 1)" 47 "TITAN V: slices 0 to 47"
l2sim --partitions=12 --sub-partitions=2 --partition-indexing=random --map="$PASCAL" \
	--stats="$T/tx.json" -o "$T/tx.l2" "$T/g.l1"
ok $? "TITAN X: random partition indexing"
like "$(json "$T/tx.json")" '"map":"dramid@8;[0-9.R]*RBBBCCCC.BCCSSSSS,sub-partitions=2,indexing=random"' \
	"  named in the stats"

fails_with 2 "--map=$VOLTA: pae partition indexing: GPGPU-Sim has none" "pae" \
	l2sim --partitions=32 --partition-indexing=pae --map="$VOLTA"
fails_with 2 "--partition-indexing=bitwise: expected consecutive, xor, ipoly, pae, random" \
	"an unknown indexing" l2sim --partition-indexing=bitwise
fails_with 2 "--map=linear: sub-partitions and partition indexing need a GPGPU-Sim mapping" \
	"sub-partitions with linear" l2sim --sub-partitions=2
fails_with 2 "xor partition indexing needs a power of two of channels, not 6" "xor over 6" \
	l2sim --partition-indexing=xor --map=dramid@8
fails_with 2 "--config=S:8:128:16,L:B:m:L:P,A:192:4,32:0,32: field 9 \(set index function\) 'P': IPOLY needs 16, 32 or 64 sets, not 8" \
	"IPOLY at 8 sets" l2sim --config=S:8:128:16,L:B:m:L:P,A:192:4,32:0,32
fails_with 2 "--index=gpgpusim-ipoly: GPGPU-Sim's IPOLY has equations for 16, 32 and 64 sets, not 128" \
	"a later --size" l2sim --config=S:64:128:16,L:B:m:L:P,A:192:4,32:0,32 --size=256K
fails_with 2 "address bit 6 chooses the slice \(or leaves the partition address\), inside the 128-byte line" \
	"a slice inside a line" l2sim --partitions=2 --map=dramid@6
fails_with 2 "--map=linear: --partition-indexing=ipoly needs a GPGPU-Sim --map|--partition-indexing=ipoly needs a GPGPU-Sim --map" \
	"dramsim: indexing without a map" dramsim --partition-indexing=ipoly
fails_with 2 "4 sub-partitions need 2 B letters" "dramsim: too few B letters" \
	dramsim --channels=4 --sub-partitions=4 '--map=dramid@8;RRRRCCCCBCCSSSSS'
done_testing
