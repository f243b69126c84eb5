#!/bin/sh
# trace-order from the command line: presets and overrides, the paper's
# worked order, the samples, and bad input.
. "$(dirname "$0")/lib.sh"

run trace-order --help
is "$rc" 0 "--help exits 0"
run trace-order --version
like "$out" "^trace-order \(warptrace\) [0-9]" "--version"
fails_with 2 "--arch=gt200: no machine called .gt200.: expected fermi, kepler" "unknown preset" trace-order --arch=gt200
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
is "$(tail -n +2 "$T/t2.csv" | cut -d, -f16 | tr -d '"' | tr '\n' ' ')" \
	"0x0 0x8 0x10 0x18 0x4 0xc 0x14 0x1c " "Table 2: x[0] x[2] x[4] x[6] x[1] x[3] x[5] x[7]"
run sh -c "trace-gen '$T/t2.trc' | trace-order | trace-dump"
like "$out" "grid 1 1 1 block 4 1 1 grid_inferred=yes ctas_per_sm=8 ctas_limited_by=ctas" \
	"an Ocelot dump's grid is inferred, occupancy recorded"

# presets, and options overriding them wherever they stand
run sh -c "trace-gen '$T/t2.trc' | trace-order --sms=3 --arch=volta | trace-dump --header"
like "$out" "# arch: volta" "--arch=volta"
like "$out" "# sms: 3" "--sms overrides the preset even before --arch"
like "$out" "# policy: lrr" "the preset's policy (SM7_QV100: -gpgpu_scheduler lrr)"
like "$out" "# machine: volta" "the machine goes into the header"
like "$out" "# machine.gpgpu_n_clusters: 80" "with every value of it"
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
like "$(tr -d ' \n' < "$T/va.json")" '"instructions":1536,"no_access_records":0,"all_instructions":6144,"split_instructions":0,"active_lanes":49152,"mean_active_lanes":32' \
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
# A limit that cannot bind says so: bfs's 8 CTAs on 15 SMs are 1 an SM
trace-gen samples/bfs.trc.zst | trace-order --cta-limit=4 2> "$T/cl.err" > /dev/null
is "$(cat "$T/cl.err")" "trace-order: note: --cta-limit=4 does not bind in 16 of 16 kernels: their occupancy or grid already gives an SM no more than 1 CTA" \
	"--cta-limit above what any SM runs: one note"
trace-gen samples/syrk.trc.zst | trace-order --cta-limit=1 2> "$T/cl.err" > /dev/null
is "$(cat "$T/cl.err")" "" "a limit that binds: no note"

# --hold: reading CTAs as they are dispatched gives the stream of holding
# each kernel whole, on the samples (several kernels each) with the grids
# held at once and with one CTA resident at a time, and on trace-emu's
# dumps, which are in CTA order with either --order
fails_with 2 "--hold=warp: expected cta or kernel" "bad --hold" trace-order --hold=warp
same_hold() {	# same_hold NAME ACCESS-STREAM [OPTION...]
	_name=$1 _in=$2
	shift 2
	trace-order "$@" "$_in" | trace-dump | grep -v '^# stage:' > "$T/cta.txt"
	trace-order --hold=kernel "$@" "$_in" | trace-dump | grep -v '^# stage:' > "$T/kernel.txt"
	[ -s "$T/cta.txt" ] && cmp -s "$T/cta.txt" "$T/kernel.txt"
	ok $? "$_name: --hold=cta and --hold=kernel give the same stream"
}
for s in bfs conv3d nw vectoradd kmeans; do
	trace-gen samples/$s.trc.zst > "$T/$s.wt"
	same_hold "$s" "$T/$s.wt"
	same_hold "$s, one CTA an SM" "$T/$s.wt" --sms=2 --cta-limit=1
done
same_hold "bfs, two-level" "$T/bfs.wt" --sms=1 --policy=two-level
for o in thread interleaved; do
	trace-emu vectoradd --n=8192 --order=$o | trace-gen > "$T/emu.wt"
	same_hold "trace-emu --order=$o" "$T/emu.wt" --sms=1 --cta-limit=2
done

# CTAs out of order: 4 CTAs of 2 threads, 2 accesses each, written in
# the CTA order given
ctas() {	# ctas CTA... > dump
	printf 'blocksize: 2 1 1\ngridsize: 4 1 1\n'
	for c in "$@"; do
		for t in $((2 * c)) $((2 * c + 1)); do
			printf '%d 0 %d 4\n%d 1 %d 4\n' $t $((64 * t)) $t $((64 * t + 4))
		done
	done
}
ctas 1 0 2 3 > "$T/o1.trc"
trace-gen "$T/o1.trc" > "$T/o1.wt"
same_hold "CTA ids going down among the first dispatched: held whole" \
	"$T/o1.wt" --sms=1 --cta-limit=2 --warp-size=1
ctas 0 2 1 3 > "$T/o3.trc"
trace-gen "$T/o3.trc" > "$T/o3.wt"
fails_with 1 "record 8: CTA 1's accesses resume after CTA 2's, when CTA 1 is scheduled already; this input is not in CTA order: run trace-order --hold=kernel" \
	"CTA ids going down to a dispatched CTA" \
	trace-order --sms=1 --cta-limit=1 --warp-size=1 -o "$T/o3out.wt" "$T/o3.wt"
[ ! -e "$T/o3out.wt" ]; ok $? "no output file left behind"
run trace-order --hold=kernel --sms=1 --cta-limit=1 --warp-size=1 "$T/o3.wt"
is "$rc" 0 "--hold=kernel takes CTAs in any order"
# each warp's last instruction, and no other, says the warp ends there
# (format 3.1), with every policy
for p in gto lrr two-level; do
	trace-gen samples/bfs.trc.zst | trace-order --policy=$p -o "$T/fl.wt"
	set -- $(last_flags "$T/fl.wt")
	ok $(($1 == 0 && $2 > 100 && $2 == $3 ? 0 : 1)) \
		"--policy=$p: one last flag a warp, on its last instruction ($2 warps, $3 flags, $1 wrong)"
done
done_testing
