#!/bin/sh
# trace-gen | trace-order | coalesce on the paper's worked example and on
# every sample.
. "$(dirname "$0")/lib.sh"

# Nugteren et al., HPCA 2014, Table 2: 4 threads, x[2*tid] then x[2*tid+1],
# one thread per warp, round robin, lines of 4 elements.  Reuse distance:
# distinct lines touched since the line's previous use.
printf 'blocksize: 4 1 1\n' > "$T/t2.trc"
for t in 0 1 2 3; do
	printf '%d 0 %d 4\n%d 0 %d 4\n' $t $((8 * t)) $t $((8 * t + 4)) >> "$T/t2.trc"
done
trace-gen "$T/t2.trc" | trace-order --warp-size=1 --sms=1 --schedulers=1 --policy=lrr \
	| coalesce --line=16 | trace-dump --format=csv > "$T/t2.csv"
lines=$(tail -n +2 "$T/t2.csv" | cut -d, -f12 | while read -r a; do
	printf '%d ' $((a / 16)); done)
is "$lines" "0 0 1 1 0 0 1 1 " "Table 2: cache lines"
dist=$(printf '%s\n' $lines | awk '
	{ d = "inf"
	  if ($1 in last) { n = 0; delete seen
		for (j = last[$1] + 1; j < NR; j++) if (!(l[j] in seen)) { seen[l[j]]; n++ }
		d = n }
	  l[NR] = $1; last[$1] = NR; printf "%s ", d }')
is "$dist" "inf 0 inf 0 1 0 1 0 " "Table 2: reuse distances"

# memory divergence on the samples
trace-gen samples/vectoradd.trc.zst | trace-order | coalesce --stats="$T/va.json" > /dev/null
like "$(tr -d ' \n' < "$T/va.json")" '"requests_per_instruction":\{"1":1536\}' \
	"vectoradd: one request per warp instruction"
trace-gen samples/syrk.trc.zst | trace-order | coalesce --stats="$T/syrk.json" > /dev/null
like "$(tr -d ' \n' < "$T/syrk.json")" '"requests_per_instruction":\{"1":[0-9]+,"32":4096\}' \
	"syrk: a[j*M+k] walks a column: 32 requests, once per warp and k"
trace-gen samples/syrk.trc.zst | trace-order | coalesce | trace-dump --format=csv \
	| awk -F, 'NR > 1 && $11 == 32' | cut -d, -f7 | sort -u > "$T/pcs"
is "$(wc -l < "$T/pcs" | tr -d ' ')" 1 "syrk: the 32-request instructions are one load"

# coalesce takes the rules of the architecture trace-order ordered for
trace-gen samples/vectoradd.trc.zst | trace-order --arch=fermi | coalesce --stats="$T/f.json" > /dev/null
like "$(tr -d ' \n' < "$T/f.json")" '"rules":"fermi"' "after trace-order --arch=fermi: Fermi rules"
trace-gen samples/vectoradd.trc.zst | trace-order --arch=volta | coalesce --stats="$T/v.json" > /dev/null
like "$(tr -d ' \n' < "$T/v.json")" '"rules":"sector"' "after trace-order --arch=volta: sector rules"
trace-gen samples/vectoradd.trc.zst | trace-order --arch=volta -o "$T/volta.wt"
fails_with 2 "--rules=fermi contradicts the stream: its machine volta .--arch=volta. says sector; add --override" \
	"--rules against the machine trace-order was given" coalesce --rules=fermi "$T/volta.wt"
coalesce --rules=fermi --override --stats="$T/o.json" "$T/volta.wt" > /dev/null
like "$(tr -d ' \n' < "$T/o.json")" '"rules":"fermi"' "--rules --override: the rules given"
trace-gen samples/vectoradd.trc.zst | trace-order | coalesce --rules=sector --stats="$T/d.json" > /dev/null
like "$(tr -d ' \n' < "$T/d.json")" '"rules":"sector"' "--rules changes trace-order's default machine freely"

for s in samples/*.trc.zst; do
	name=$(basename "$s" .trc.zst)
	trace-gen "$s" | trace-order | coalesce | trace-dump --summary > "$T/sum"
	ok $? "$name: trace-gen | trace-order | coalesce | trace-dump --summary"
done
like "$(cat "$T/sum")" "'request' records" "the summary is of request records"

done_testing
