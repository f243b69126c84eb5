#!/bin/sh
# mdegree: Yen's multithreading-degree sweep and decision scheme on
# vector addition (Table 4's kernel), spmv (memory-bound) and hotspot
# (compute-bound): the rows, facts that must hold, the decision, the
# same output with one worker and two, the work directory, bad input.
. "$(dirname "$0")/lib.sh"

V=samples/vectoradd.trc.zst
S=samples/spmv.trc.zst
H=samples/hotspot.trc.zst

csv() {	# csv TABLE: that table of the CSV output in $out, no header
	printf '%s\n' "$out" | tr -d '\r' |
		awk -v t="# $1" '$0 == t { on = 1; getline; next } /^$/ { on = 0 } on'
}
col() {	# col TABLE N: column N of that table, one line
	csv "$1" | cut -d, -f"$2" | tr '\n' ' '
}

run mdegree --help
is "$rc" 0 "--help exits 0"
run mdegree --version
like "$out" "^mdegree \(warptrace\) [0-9]" "--version"

# bad input: one line each, nothing run
fails_with 2 "no dump: expected one DUMP" "no dump" mdegree
fails_with 2 "one dump at most \(got 2\)" "two dumps" mdegree $V $S
fails_with 2 "option '--md=3' is unknown" "unknown option" mdegree --md=3 $V
fails_with 2 "--l1-size=16K,24K: 24K is not a power of two of 512-byte sets" \
	"24K L1" mdegree --l1-size=16K,24K $V
fails_with 2 "--l1-size=16K,16K: 16K twice" "a size twice" mdegree --l1-size=16K,16K $V
fails_with 2 "--l1-size=16K,: expected sizes such as 8K,16K, got ''" "empty size" \
	mdegree --l1-size=16K, $V
fails_with 2 "--index=fermi: fermi hashing needs 32 or 64 sets.*\(--l1-size=8K\)" \
	"fermi index at 8K" mdegree --index=fermi --l1-size=8K $V
fails_with 2 "--jobs=0: expected a number from 1 to 4096" "bad --jobs" mdegree --jobs=0 $V
fails_with 2 "--format=xml: expected text, csv, markdown or json" "bad --format" \
	mdegree --format=xml $V
fails_with 2 "--profile-ctas=65: expected a number from 1 to 64" "bad --profile-ctas" \
	mdegree --profile-ctas=65 $V
fails_with 2 "--threshold=-1: expected" "bad --threshold" mdegree --threshold=-1 $V
fails_with 2 "--arch=tesla: no machine called .tesla." "bad --arch" mdegree --arch=tesla $V
fails_with 2 "--sms=0: expected a number from 1 to 65535" "bad --sms" mdegree --sms=0 $V
fails_with 1 "$T/none.trc: No such file or directory" "missing dump" mdegree "$T/none.trc"
printf 'blocksize: 32 1 1\n0 0 0x100\n' > "$T/bad.trc"
fails_with 1 "$T/bad.trc:2: " "malformed dump" mdegree "$T/bad.trc"
printf 'blocksize: 2048 1 1\n0 0 0x100 4\n' > "$T/big.trc"
fails_with 1 "kernel 0 \(big\): a CTA of 2048 threads does not fit" "a CTA too big" \
	mdegree "$T/big.trc"

# Vector addition on one SM, as Table 4: 256-thread CTAs, 6 per SM
# (1536 threads), so MD 1 to 6; one temporary directory, removed.
mkdir "$T/tmp"
TMPDIR="$T/tmp" run mdegree --sms=1 --no-l2 --format=csv $V
is "$rc" 0 "vectoradd: exit 0"
like "$err" "^$" "... quietly"
is "$(ls "$T/tmp" | wc -l | tr -d ' ')" 0 "... its temporary directory removed"
is "$(printf '%s\n' "$out" | tr -d '\r' | sed -n 2p)" \
	"md,warps,l1_miss_rate,dram_reads,dram_read_inc_rate,dram_latency,cta_time,cta_time_rate,cycles,ipc,speedup" \
	"the sweep's columns (Tables 4-7)"
is "$(col sweep-16K 1)" "1 2 3 4 5 6 " "MD 1 to the hardware limit, 6"
is "$(col sweep-16K 2)" "8 16 24 32 40 48 " "... in warps, 8 per CTA (equation (1))"
is "$(col sweep-16K 4 | tr ' ' '\n' | sort -u | tr -d '\n')" 1024 \
	"DRAM reads do not change with the MD (Table 4: 1280 each)"
is "$(col sweep-16K 5)" " 1.000 1.000 1.000 1.000 1.000 " "... Eq. 2 is 1 from MD 2 on"
col sweep-16K 11 | awk '{ exit !($2 >= 1.8 && $3 > $2 && $4 > $3) }'
ok $? "performance grows with the MD up to 4 (Table 4): $(col sweep-16K 11)"
is "$(csv decision | cut -d, -f1-8)" "16K,memory,0.1667,0.05,6,6,yes,6" \
	"decision: memory-bound, MD 6 chosen and best"
is "$(csv profile | cut -d, -f1-2,8-9)" "16K,1,16.00,128" \
	"profile: one CTA, 16 lines of working set, 128 lines of L1"

# 15 SMs (the preset) hold 64 CTAs with 5 each: the sweep stops there;
# --max-ctas stops it earlier.
run mdegree --format=csv $V
is "$(col sweep-16K 1)" "1 2 3 4 5 " "15 SMs: MD 1 to 5, past which no SM gets more CTAs"
run mdegree --format=csv --max-ctas=3 $V
is "$(col sweep-16K 1)" "1 2 3 " "--max-ctas=3: MD 1 to 3"

# The text form, one worker and two: the same output.
run mdegree --jobs=1 --sms=2 --l1-size=8K,32K --dir="$T/w" $V
is "$rc" 0 "--jobs=1 exits 0"
printf '%s\n' "$out" > "$T/j1"
like "$out" "^L1 8K: memory-bound \(0\.1667 DRAM reads per warp instruction >= 0\.05\); the scheme chooses MD [1-6], the sweep's best is MD [1-6]: they (dis)?agree$" \
	"the decision in words"
like "$(sed -n 1p "$T/j1")" "^samples/vectoradd.trc.zst, L1 8K, L2: the sweep, CTAs per SM 1 to 6" \
	"the first table's title"
run mdegree --jobs=2 --sms=2 --l1-size=8K,32K $V
printf '%s\n' "$out" > "$T/j2"
cmp -s "$T/j1" "$T/j2"
ok $? "--jobs=1 and --jobs=2 print the same"
# the work directory, kept
[ -x "$T/w/sweep/0012/cmd.sh" ] && [ -s "$T/w/sweep/0012/dramsim.json" ] &&
	[ -s "$T/w/profile/0002/l1sim.json" ] && [ ! -e "$T/w/sweep/0013" ]
ok $? "--dir: 2 sizes x 6 MDs and 2 profiles, kept"
like "$(cat "$T/w/sweep/0008/cmd.sh")" "trace-order --sms=2 --cta-limit=2 \| coalesce \| l1sim --sched=pool --warp-delay=yes --index=linear --assoc=4 --unified=0 --size=32K --stats=l1sim.json \| l2sim --stats=l2sim.json \| dramsim" \
	"a point's pipeline"
like "$(cat "$T/w/profile/0001/cmd.sh")" "trace-order --sms=1 --cta-limit=1 \| coalesce" \
	"the profile: one CTA on one SM"
is "$(awk '/^[0-9]/ && $1 > m { m = $1 } END { print m }' "$T/w/profile.trc")" 255 \
	"the profile's dump holds CTA 0 only (threads 0 to 255)"
# a pipeline that fails stops mdegree with its error
rm -f "$T/w/sweep/0003/l1sim.json"
mkdir "$T/w/sweep/0003/l1sim.json"
fails_with 1 "w/sweep/0003: the pipeline failed: .*l1sim.json" "a failed pipeline" \
	mdegree --sms=2 --l1-size=8K,32K --dir="$T/w" $V
TMPDIR="$T/tmp" run mdegree --keep --max-ctas=1 $V
like "$err" "^mdegree: kept $T/tmp/mdegree\.[A-Za-z0-9]+$" "--keep names the directory"
[ -s "$T/tmp"/mdegree.*/sweep/0001/l1sim.json ]
ok $? "... and keeps it"

# spmv, memory-bound: 32 CTAs on 4 SMs, MD 1 to 8, with and without L2.
run mdegree --sms=4 --no-l2 --format=csv --stats="$T/s.json" $S
is "$rc" 0 "spmv, no L2: exit 0"
is "$(col sweep-16K 1)" "1 2 3 4 5 6 7 8 " "spmv: MD 1 to 8"
reads=$(col sweep-16K 4)
# (With SM2_GTX480's L1, 64 MSHRs and 35-cycle hits, one step may dip by
# a few tenths of a percent: 46788 then 46535 at MD 5 and 6.)
printf '%s\n' "$reads" | awk '{ for (i = 2; i <= NF; i++) if ($i < 0.99 * $(i-1)) exit 1
	exit !($NF > 2 * $1) }'
ok $? "spmv: DRAM reads grow with the MD, more than twofold (Table 5): $reads"
printf '%s\n' "$reads" | awk -v r="$(col sweep-16K 5)" '{ split(r, e, " ")
	exit !(sprintf("%.3f", $2 / $1) == e[1] && sprintf("%.3f", $8 / $7) == e[7]) }'
ok $? "Eq. 2 is the ratio of the reads at MD N and N-1"
is "$(csv decision | cut -d, -f2)" memory "spmv is memory-bound"
like "$(tr -d ' \n' < "$T/s.json")" '^\{"program":"mdegree","version":"[0-9.]+","command":\[.*\],"settings":\{"dump":"samples/spmv.trc.zst",.*"l2":false,.*"limit":8,' \
	"--stats: the settings"
like "$(tr -d ' \n' < "$T/s.json")" '"kernels":\[\{"name":"spmv_csr_scalar_kernel","ctas":32,"ctas_per_sm":8,"warps_per_cta":4\}\],"tables":\[\{"name":"sweep-16K"' \
	"--stats: the kernel and the tables"
if command -v jq > /dev/null 2>&1; then
	is "$(jq -r '.tables[3].rows[0][4]' "$T/s.json")" "$(csv decision | cut -d, -f5)" \
		"--stats: the decision table, as JSON"
else
	echo "ok $((_n + 1)) - # SKIP jq is not installed"
	_n=$((_n + 1))
fi
nol2=$out
run mdegree --sms=4 --format=csv $S
l2=$out
out=$nol2
r0=$(col sweep-16K 4) m0=$(col sweep-16K 3) d0=$(csv decision | cut -d, -f5)
out=$l2
r1=$(col sweep-16K 4) m1=$(col sweep-16K 3) d1=$(csv decision | cut -d, -f5)
printf '%s\n%s\n' "$r0" "$r1" | awk 'NR == 1 { split($0, a, " ") }
	NR == 2 { for (i = 1; i <= NF; i++) if ($i > a[i]) exit 1 }'
ok $? "DRAM reads with the L2 disabled are at least those with it"
is "$m1" "$m0" "the L1 miss rates do not depend on the L2"
is "$d1" "$d0" "the scheme decides on the L1's reads: the same MD with and without L2"

# hotspot, compute-bound: Rodinia's kernels keep the highest MD.
run mdegree --no-l2 --format=markdown $H
is "$rc" 0 "hotspot: exit 0"
like "$out" "^\| 16K \| compute \| 0\.0359 \| 0\.05 \| 3 \| 3 \| yes \| 3 \|" \
	"hotspot: compute-bound, MD 3 chosen and best"
like "$out" "^- L1 16K: compute-bound" "the decision in words, as a list"
run mdegree --no-l2 --threshold=0.02 --format=json $H
like "$out" '^\{"program":"mdegree",' "--format=json"
like "$out" '^\["16K","memory",0\.0358[0-9]*,0\.02,' "--threshold=0.02 makes it memory-bound"
run mdegree --no-l2 --profile-ctas=2 --format=csv $H
is "$(csv profile | cut -d, -f1-2)" "16K,4" "--profile-ctas=2: 2 CTAs of each of 2 kernels"

# volta: the machine travels in the stream, but --l1-size sizes a 4-way
# L1 with no adaptive carve-out (volta's would make it 128 KB of 32 ways)
run mdegree --arch=volta --jobs=1 --sms=2 --l1-size=16K --dir="$T/v" $V
is "$rc" 0 "volta: exit 0"
like "$(tr -d ' \n' < "$T/v/sweep/0001/l1sim.json")" '"settings":\{"arch":"volta",.*"size":16384,"sets":32,"assoc":4,' \
	"volta: the L1 of --l1-size=16K is 16 KB of 4 ways"

done_testing
