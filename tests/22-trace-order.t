#!/bin/sh
# trace-order from the command line: presets and overrides, the paper's
# worked order, the samples, and bad input.
. "$(dirname "$0")/lib.sh"

run trace-order --help
is "$rc" 0 "--help exits 0"
run trace-order --version
like "$out" "^trace-order \(warptrace\) [0-9]" "--version"
fails_with 2 "--arch=gt200: expected fermi, kepler" "unknown preset" trace-order --arch=gt200
fails_with 2 "--policy=fifo: expected lrr, gto or two-level" "unknown policy" trace-order --policy=fifo
fails_with 2 "--warp-size=65: expected a number from 1 to 64" "warp too wide" trace-order --warp-size=65
fails_with 2 "--latency=0: expected a number from 1" "zero latency" trace-order --latency=0
fails_with 2 "one input stream at most" "two inputs" trace-order a b

# Nugteren et al., Table 2: 4 threads loading x[2*tid] and x[2*tid+1],
# one thread per warp, round robin.
printf 'blocksize: 4 1 1\n' > "$T/t2.trc"
for t in 0 1 2 3; do
	printf '%d 0 %d 4\n%d 0 %d 4\n' $t $((8 * t)) $t $((8 * t + 4)) >> "$T/t2.trc"
done
trace-gen "$T/t2.trc" | trace-order --warp-size=1 --sms=1 --schedulers=1 --policy=lrr \
	| trace-dump --format=csv > "$T/t2.csv"
is "$(tail -n +2 "$T/t2.csv" | cut -d, -f13 | tr -d '"' | tr '\n' ' ')" \
	"0x0 0x8 0x10 0x18 0x4 0xc 0x14 0x1c " "Table 2: x[0] x[2] x[4] x[6] x[1] x[3] x[5] x[7]"
run sh -c "trace-gen '$T/t2.trc' | trace-order | trace-dump"
like "$out" "grid 1 1 1 block 4 1 1 grid_inferred=yes ctas_per_sm=8 ctas_limited_by=ctas" \
	"an Ocelot dump's grid is inferred, occupancy recorded"

# presets, and options overriding them wherever they stand
run sh -c "trace-gen '$T/t2.trc' | trace-order --sms=3 --arch=volta | trace-dump --header"
like "$out" "# arch: volta" "--arch=volta"
like "$out" "# sms: 3" "--sms overrides the preset even before --arch"
like "$out" "# policy: gto" "the preset's policy"
like "$out" "'warp' records of 304 bytes, 32 lanes" "32 lanes"

# bad input
trace-gen "$T/t2.trc" > "$T/acc.wt"
trace-order < "$T/acc.wt" | coalesce > "$T/req.wt"
fails_with 1 "expected a stream of 'access' or 'warp' records, got 'request' records; run trace-gen first" \
	"a request stream in" trace-order "$T/req.wt"
printf 'blocksize: 2048 1 1\n0 0 0 4\n' > "$T/big.trc"
trace-gen "$T/big.trc" > "$T/big.wt"
fails_with 1 "a CTA of 2048 threads does not fit on an SM" "an oversized CTA" trace-order -o "$T/o.wt" "$T/big.wt"
[ ! -e "$T/o.wt" ]; ok $? "no output file left behind"
head -c 100 "$T/acc.wt" > "$T/cut.wt"
fails_with 1 "truncated" "a truncated stream" trace-order "$T/cut.wt"

# the samples: every one orders into a sound stream; vector add's warps are full
for s in samples/*.trc.zst; do
	trace-gen "$s" | trace-order | trace-dump --check
	ok $? "$(basename "$s" .trc.zst): orders into a sound stream"
done
trace-gen samples/vectoradd.trc.zst | trace-order --stats="$T/va.json" > /dev/null
like "$(tr -d ' \n' < "$T/va.json")" '"instructions":1536,"split_instructions":0,"active_lanes":49152,"mean_active_lanes":32' \
	"vectoradd: 3 full-warp instructions per warp"

# determinism, and every policy
for p in lrr gto two-level; do
	trace-gen samples/bfs.trc.zst | trace-order --policy=$p -o "$T/o.wt"
	mv "$T/o.wt" "$T/o1.wt"
	trace-gen samples/bfs.trc.zst | trace-order --policy=$p -o "$T/o.wt"
	cmp -s "$T/o.wt" "$T/o1.wt"; ok $? "$p: byte-identical output twice"
done
trace-gen samples/syrk.trc.zst | trace-order --sms=1 --policy=lrr | trace-dump --format=csv | cut -d, -f5 > "$T/lrr"
trace-gen samples/syrk.trc.zst | trace-order --sms=1 --policy=gto | trace-dump --format=csv | cut -d, -f5 > "$T/gto"
! cmp -s "$T/lrr" "$T/gto"; ok $? "LRR and GTO issue syrk's warps in different orders on one SM"
trace-gen samples/syrk.trc.zst | trace-order --cta-limit=1 --stats="$T/md.json" > /dev/null
like "$(tr -d ' \n' < "$T/md.json")" '"ctas_per_sm":1,"ctas_limited_by":"cta-limit"' "--cta-limit sets the multithreading degree"

done_testing
