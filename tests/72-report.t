#!/bin/sh
# report: golden CSV of fixed stats files, the four formats, speedups and
# their harmonic mean, measured against modelled miss rates (nvprof and
# ncu exports), every stage's stats from a real pipeline, bad input.
. "$(dirname "$0")/lib.sh"

D=tests/data/report
run report --help
is "$rc" 0 "--help exits 0"
run report --version
like "$out" "^report \(warptrace\) [0-9]" "--version"

# ---- fixed inputs, golden output ----
# (--force: the compare table pools the kernels of three different L1s)
report --force --format=csv --compare=$D/measured.csv $D/base.json $D/ipoly.json $D/big.json \
	$D/cls.json > "$T/all.raw" 2> "$T/all.err"
like "$(cat "$T/all.err")" "note: compare: l1sim runs ipoly and base model different L1s \(settings.index ipoly37 against linear\); their kernels are pooled \(--force\)" \
	"--force: the pooled L1s said in a note"
fails_with 1 "compare: l1sim runs ipoly and base model different L1s \(settings.index ipoly37 against linear\), whose kernels would be pooled; give the runs of one configuration, or --force" \
	"--compare refuses to pool the kernels of different L1s" \
	report --tables=compare --compare=$D/measured.csv $D/base.json $D/ipoly.json
ok "$(cmp -s "$T/all.raw" $D/expected.csv; echo $?)" "golden CSV of four stats files and a measured CSV"
diff $D/expected.csv "$T/all.raw" | sed 's/^/# /'
tr -d '\r' < "$T/all.raw" > "$T/all.csv"
like "$(grep '^harmonic mean' "$T/all.csv")" '^harmonic mean,,,,,,,1\.714' \
	"speedups 1, 2 and 4 have harmonic mean 3 / 1.75"
like "$(grep '^kern_a,' "$T/all.csv")" '^kern_a,0\.2500,0\.3500,0\.1000' \
	"kern_a: measured 1 - 75 % hits, modelled 420 misses of 1200 loads"
like "$(grep '^mean absolute error' "$T/all.csv")" ',0\.056' "MAE over the kernels with both"
like "$(grep '^kern_c,' "$T/all.csv")" '^kern_c,0\.5000,,$' "a kernel no run modelled has no error"
like "$(grep -A6 '^# reuse-base' "$T/all.csv" | tr '\n' ' ')" \
	'0,0,300,hit 1,1,100,hit 2,3,100,hit 4,7,300,miss 8,15,100,miss' \
	"reuse distances in power-of-two bins, hits below the 4-line cut-off"
report --format=csv --tables=l1sim $D/base.json > "$T/one.csv"
is "$(head -n 1 "$T/one.csv" | tr -d '\r')" "run,trace,machine,L1 timing,size (bytes),ways,index,loads,miss rate (of loads),miss rate w/o latency misses,MPKI (misses/1000 warp instr.),IPC (warp instr./core cycle),cycles (core),fails/1000 cycles" \
	"one table: plain CSV, header first"
report --format=csv --tables=speedup --baseline=ipoly $D/base.json $D/ipoly.json > "$T/sp.csv"
like "$(tr -d '\r' < "$T/sp.csv" | tr '\n' ' ')" 'base,synth,fermi,stream,gto,ipoly,2000,0\.500 ipoly,synth,fermi,stream,gto,ipoly,1000,1\.000 harmonic mean,,,,,,,0\.667' \
	"--baseline picks the run speedups are over"

# ---- speedups only among runs that compare ----
sed 's/"trace": "synth", "trace_hash": "00000000deadbeef"/"trace": "other", "trace_hash": "0123456789abcdef"/' \
	$D/ipoly.json > "$T/other.json"
fails_with 1 "speedup: runs other and base do not compare: trace other \(01234567\) against synth \(00000000\); give runs of one trace, machine and --sched, leave the table out \(--tables\) or --force" \
	"a speedup over a run of another trace" report --baseline=base $D/base.json "$T/other.json"
report --format=csv --tables=speedup $D/base.json $D/big.json "$T/other.json" > "$T/pt.csv"
is "$(tr -d '\r' < "$T/pt.csv" | sed -n 2,4p | cut -d, -f1,2,6,8 | tr '\n' ' ')" \
	"base,synth,base,1.000 big,synth,base,4.000 other,other,other,1.000 " \
	"without --baseline, each run over the first run of its trace"
sed 's/"sched": "stream"/"sched": "pool"/' $D/ipoly.json > "$T/pool.json"
fails_with 1 "runs pool and base do not compare: L1 timing pool against stream" \
	"a speedup of a pool run over a stream run" report $D/base.json "$T/pool.json"
sed 's/"arch": "fermi"/"arch": "volta"/' $D/ipoly.json > "$T/volta.json"
fails_with 1 "runs volta and base do not compare: machine volta against fermi" \
	"a speedup of a run on another machine" report $D/base.json "$T/volta.json"
report --force --format=csv --tables=speedup $D/base.json "$T/pool.json" > "$T/force.csv"
is "$(tr -d '\r' < "$T/force.csv" | head -n 3 | tr '\n' ' ')" \
	"run,trace,machine,L1 timing,warp scheduler,baseline,cycles,speedup,differs base,synth,fermi,stream,gto,base,2000,1.000, pool,synth,fermi,pool,gto,base,1000,2.000,L1 timing pool against stream " \
	"--force: the speedup, and what differs"
sed -e 's/"trace": "synth", "trace_hash": "00000000deadbeef", //' $D/base.json > "$T/anon1.json"
sed -e 's/"trace": "synth", "trace_hash": "00000000deadbeef", //' $D/ipoly.json > "$T/anon2.json"
fails_with 1 "runs anon2 and anon1 do not compare: trace unknown" \
	"runs whose trace cannot be told are not compared" \
	report --baseline=anon1 "$T/anon1.json" "$T/anon2.json"
sed -e 's/"trace_hash": "00000000deadbeef", //' $D/ipoly.json > "$T/nohash.json"
run report --format=csv --tables=speedup $D/base.json "$T/nohash.json"
is "$rc:$(printf '%s\n' "$out" | tr -d '\r' | sed -n 3p)" "0:nohash,synth,fermi,stream,gto,base,1000,2.000" \
	"a run without a hash compares by its trace's name"

# runs whose trace cannot be told: refused without --baseline too (not
# each its own baseline at 1.000)
fails_with 1 "runs anon2 and anon1 do not compare: trace unknown" \
	"runs of unknown traces, without --baseline" report --tables=speedup "$T/anon1.json" "$T/anon2.json"
run report --force --format=csv --tables=speedup "$T/anon1.json" "$T/anon2.json"
like "$rc:$(printf '%s\n' "$out" | tr -d '\r' | sed -n 3p)" "^0:anon2,,fermi,stream,gto,anon1,1000,2\.000,\"?trace unknown" \
	"--force: over the first run, saying the trace is unknown"


# the other formats
report --format=markdown --tables=miss-classes $D/base.json > "$T/md"
like "$(cat "$T/md")" '^\| run \| loads \| compulsory \| capacity \| associativity \| mshr \| latency \|$' "Markdown header"
like "$(cat "$T/md")" '^\| --- \| ---: \|' "Markdown: numbers right-aligned"
report --format=json $D/base.json $D/cls.json > "$T/j"
like "$(tr -d '\n' < "$T/j")" '^\{"program":"report","version":"[^"]+","command":\[.*\],"tables":\[\{"name":"l1sim","title":' "JSON document"
like "$(tr -d '\n' < "$T/j")" '"columns":\["run","lines","streaming","inter-warp","intra-warp","inter\+intra-warp","APS"\],"rows":\[\["cls",100,0\.10000000000000001,' \
	"JSON keeps full precision"
report $D/base.json > "$T/text"
like "$(sed -n 3p "$T/text")" '^  base  synth  fermi    stream            16384     4  linear   1000                0\.5000                                                          25\.0                         0\.500           2000               12\.5$' \
	"text: aligned columns, numbers to the right"

# ---- measured miss rates: ncu's export, one row per launch ----
cat > "$T/ncu.csv" <<'CSV'
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Section Name","Metric Name","Metric Unit","Metric Value"
"0","7","app","h","kern_a(float *, int)","1","7","Command line profiler metrics","l1tex__t_sector_hit_rate.pct","%","70"
"1","7","app","h","kern_a(float *, int)","1","7","Command line profiler metrics","l1tex__t_sector_hit_rate.pct","%","80"
CSV
report --format=csv --tables=compare --compare="$T/ncu.csv" $D/base.json > "$T/ncu.out"
like "$(tr -d '\r' < "$T/ncu.out" | tr '\n' ' ')" 'kern_a,0\.2500,0\.5000,0\.2500' \
	"ncu: two launches averaged (75 % hits), the signature cut off"
printf 'kernel,miss_rate\nkern_b,0.5\n' > "$T/plain.csv"
report --format=csv --tables=compare --compare="$T/plain.csv" $D/base.json > "$T/plain.out"
like "$(tr -d '\r' < "$T/plain.out" | tr '\n' ' ')" 'kern_b,0\.5000,0\.5000,0\.0000' "a plain kernel,miss_rate table"

# ---- every stage's real stats ----
trace-gen --stats="$T/tg.json" samples/spmv.trc.zst | trace-order --stats="$T/to.json" \
	| coalesce --stats="$T/co.json" | tee "$T/spmv.req" | l1sim --stats="$T/l1.json" \
	| l2sim --stats="$T/l2.json" | dramsim --stats="$T/dr.json" > /dev/null
classify --stats="$T/cl.json" -o /dev/null "$T/spmv.req"
report "$T"/tg.json "$T"/to.json "$T"/co.json "$T"/l1.json "$T"/l2.json "$T"/dr.json \
	"$T"/cl.json > "$T/pipe.txt"
for t in "trace-gen:" "trace-order:" "coalesce:" "l1sim:" "l2sim:" "dramsim:" "classify:" \
	 "L1 misses by class" "l1: reuse distances" "Locality of references" \
	 "Lines by load locality type" "Warps by type"; do
	like "$(cat "$T/pipe.txt")" "^$t" "the sample pipeline's report has: $t"
done
like "$(grep -A2 '^l1sim:' "$T/pipe.txt" | tail -n 1)" '^  l1 +spmv +fermi +stream +16384 +4 +fermi +67339 +0\.7244 +0\.5885 ' \
	"the l1sim row: spmv's L1 miss rate (the fermi machine's L1: SM2_GTX480's)"

# ---- runs: what made each file, the command as a shell takes it ----
sed 's/"command": \["l1sim", "--index=linear"\]/"command": ["l1sim", "--index=linear", "my file.req", "it'"'"'s"]/' \
	$D/base.json > "$T/cmd.json"
report --format=csv --tables=runs "$T/cmd.json" $D/cls.json > "$T/runs.csv"
is "$(tr -d '\r' < "$T/runs.csv" | tr '\n' '|')" \
	"run,program,trace,trace hash,machine,warp scheduler,L1 timing,command|cmd,l1sim,synth,00000000,fermi,gto,stream,l1sim --index=linear 'my file.req' 'it'\\''s'|cls,classify,,,,,,classify|" \
	"runs: program, trace, hash, machine, scheduler, L1 timing and the command, quoted"

# ---- pcs: 22 load PCs, the 20 with most misses and the rest summed ----
{
	printf '{"program": "l1sim", "trace": "synth", "trace_hash": "00000000deadbeef",\n'
	printf ' "settings": {"arch": "fermi", "sched": "stream"}, "total": {"loads": 1, "pcs": ['
	for i in $(seq 1 22); do
		# PC 0x10*i: 100 loads, i*4 misses (0x50 of them 20 %, 0x160 88 %)
		printf '%s{"pc": "0x%x", "loads": 100, "hits": %d, "misses": %d, "miss_rate": 0}' \
			"$([ "$i" -gt 1 ] && echo ,)" $((i * 16)) $((100 - i * 4)) $((i * 4))
	done
	printf ']}}\n'
} > "$T/pcs.json"
report --format=csv --tables=pcs "$T/pcs.json" > "$T/pcs.csv"
tr -d '\r' < "$T/pcs.csv" > "$T/pcs.txt"
is "$(head -n 3 "$T/pcs.txt" | tr '\n' '|')" \
	"run,PC,loads,hits,misses,miss rate,share of the run's misses,verdict|pcs,0x160,100,12,88,0.8800,0.0870,streams or thrashes|pcs,0x150,100,16,84,0.8400,0.0830,streams or thrashes|" \
	"pcs: most misses first, with the share of the run's misses"
is "$(wc -l < "$T/pcs.txt" | tr -d ' ')" 22 "pcs: a header, 20 PCs and one row for the rest"
is "$(tail -n 1 "$T/pcs.txt")" "pcs,2 other PCs,200,188,12,0.0600,0.0119,hits" \
	"pcs: the 2 PCs left out, summed"
like "$(grep '^pcs,0x50,' "$T/pcs.txt")" ',0\.2000,[0-9.]*,some reuse$' "pcs: a miss rate of 0.2 is some reuse"
like "$(grep '^pcs,0x40,' "$T/pcs.txt")" ',0\.1600,[0-9.]*,hits$' "pcs: below 0.2 a load hits"

# ---- medic: l2sim and dramsim with and without MeDiC, of one trace ----
medic_l2() {	# medic_l2 NAME COMPONENTS MEAN_STALL BYPASSES HIT_RATE
	printf '{"program": "l2sim", "trace": "synth", "trace_hash": "00000000deadbeef", "machine": "fermi",
 "settings": {"arch": "fermi", "medic": [%s]}, "total": {"hit_rate": %s, "medic_bypasses": %s},
 "warp_instructions": {"all_hit": 50, "mostly_hit": 10, "balanced": 20, "mostly_miss": 5, "all_miss": 15},
 "mean_stall": %s}\n' "$2" "$5" "$4" "$3" > "$T/$1.json"
}
medic_dram() {	# medic_dram NAME SCHED MEAN_STALL
	printf '{"program": "dramsim", "trace": "synth", "trace_hash": "00000000deadbeef", "machine": "fermi",
 "settings": {"arch": "fermi", "sched": "%s"}, "total": {"requests": 200, "high_priority": 50,
 "mean_stall": %s, "latency": {"mean": 300}}}\n' "$2" "$3" > "$T/$1.json"
}
medic_l2 l2base "" 100 0 0.9
medic_l2 l2medic '"wbyp", "wip"' 80 40 0.8
medic_dram drbase frfcfs 120
medic_dram drmedic medic 150
report --format=csv --tables=medic "$T/l2base.json" "$T/l2medic.json" "$T/drbase.json" \
	"$T/drmedic.json" > "$T/medic.csv"
is "$(tr -d '\r' < "$T/medic.csv" | tr '\n' '|')" \
	"run,program,trace,machine,MeDiC,baseline,mean stall (cycles),stall speedup,L2 hit rate,L2 bypasses,DRAM latency (cycles),high-priority share,hit-warp instructions,miss-warp instructions|l2base,l2sim,synth,fermi,none,l2base,100.0,1.000,0.9000,0,,,0.6000,0.2000|l2medic,l2sim,synth,fermi,wbyp+wip,l2base,80.0,1.250,0.8000,40,,,0.6000,0.2000|drbase,dramsim,synth,fermi,none,drbase,120.0,1.000,,,300.0,0.2500,,|drmedic,dramsim,synth,fermi,wms,drbase,150.0,0.800,,,300.0,0.2500,,|" \
	"medic: each run against its program's run without MeDiC: stall speedup, bypasses, warp types"
report --format=csv "$T/l2base.json" "$T/drbase.json" > "$T/nomedic.csv"
is "$(grep -c '^# medic' "$T/nomedic.csv")" 0 "medic: no table unless some run used MeDiC"
sed 's/"arch": "fermi"/"arch": "volta"/' "$T/l2medic.json" > "$T/l2volta.json"
fails_with 1 "medic: runs l2volta and l2base do not compare: machine volta against fermi" \
	"medic: a MeDiC run on another machine is refused" \
	report --tables=medic "$T/l2base.json" "$T/l2volta.json"
sed 's/"trace": "synth", "trace_hash": "[0-9a-f]*", //' "$T/l2base.json" > "$T/l2anon.json"
run report --format=csv --tables=medic "$T/l2anon.json"
is "$rc:$(printf '%s\n' "$out" | tr -d '\r' | sed -n 2p | cut -d, -f1,6,8)" "0:l2anon,l2anon,1.000" \
	"medic: a run of an unknown trace is its own baseline"
sed 's/"machine": "fermi",/"machine": "fermi", "l1_timing": "stream", "l1_size": "16384",/' "$T/l2base.json" > "$T/l2s.json"
sed 's/"machine": "fermi",/"machine": "fermi", "l1_timing": "pool", "l1_size": "16384",/' "$T/l2medic.json" > "$T/l2p.json"
fails_with 1 "medic: runs l2p and l2s do not compare: L1 timing pool against stream" \
	"medic: runs after L1s of other timing models are refused" report --tables=medic "$T/l2s.json" "$T/l2p.json"
sed 's/"l1_size": "16384"/"l1_size": "65536"/' "$T/l2s.json" > "$T/l2big.json"
sed 's/"l1_timing": "pool"/"l1_timing": "stream"/' "$T/l2p.json" > "$T/l2p2.json"
fails_with 1 "medic: runs l2p2 and l2big do not compare: L1 upstream of 16384 against 65536 bytes" \
	"medic: runs after L1s of other sizes are refused" report --tables=medic "$T/l2big.json" "$T/l2p2.json"
report --force --format=csv --tables=medic "$T/l2base.json" "$T/l2volta.json" > "$T/mforce.csv"
like "$(tr -d '\r' < "$T/mforce.csv" | sed -n 3p)" '^l2volta,.*,1\.250,.*,machine volta against fermi$' \
	"medic --force: the row says what differs"

# ---- bad input ----
fails_with 2 "expected at least one stats file" "no file" report
fails_with 1 "nosuch.json: unable to open" "a missing file" report "$T/nosuch.json"
printf '{"program": "l1sim",\n "total": {"loads": 1,}\n}\n' > "$T/bad.json"
fails_with 1 "bad.json: line 2, column 2[0-9]: " "broken JSON: file, line and column" report "$T/bad.json"
printf '{"a": 1}\n' > "$T/other.json"
fails_with 1 'other.json: not the --stats file of a warptrace program' "JSON of something else" report "$T/other.json"
fails_with 2 "--baseline=nosuch: no l1sim run of that name" "an unknown baseline" \
	report --baseline=nosuch $D/base.json
fails_with 2 "--baseline=nosuch: no l1sim run of that name" "an unknown baseline, even without speedups" \
	report --tables=l1sim --baseline=nosuch $D/base.json
fails_with 2 "--tables: unknown table 'bogus'" "an unknown table" report --tables=l1sim,bogus $D/base.json
mkdir -p "$T/x" "$T/y"
cp $D/base.json "$T/x/run.json"
cp $D/base.json "$T/y/run.json"
report --format=csv --tables=l1sim "$T/x/run.json" "$T/y/run.json" > "$T/dup.csv"
like "$(tr -d '\r' < "$T/dup.csv" | cut -d, -f1 | tr '\n' ' ')" "run $T/x/run $T/y/run " \
	"files of the same name and content are told apart by their paths"
printf 'a,b\n1,2\n' > "$T/m1.csv"
fails_with 1 "m1.csv: line 1: expected the header of nvprof" "a CSV that is no profiler export" \
	report --compare="$T/m1.csv" $D/base.json
printf 'kernel,miss_rate\nk,lots\n' > "$T/m2.csv"
fails_with 1 "m2.csv: line 2: 'lots' is not a number" "a bad measured value" \
	report --compare="$T/m2.csv" $D/base.json
fails_with 1 "no table to print" "tables that no file fills" report --tables=locality $D/base.json
fails_with 2 "--format=xml: expected text, csv, markdown or json" "a bad format" report --format=xml $D/base.json
report -o "$T/out.txt" "$T/bad.json" 2>/dev/null
ok "$(test ! -e "$T/out.txt"; echo $?)" "a failed run leaves no output file"
fails_with 1 "/dev/full: write error" "a full disk" report -o /dev/full $D/base.json

# ---- run names: files of one name are named by what they are ----
mkdir -p "$T/p1" "$T/p2" "$T/p3"
cp $D/base.json "$T/p1/l1sim.json"
cp $D/big.json "$T/p2/l1sim.json"
cp $D/big.json "$T/p3/l1sim.json"
report --format=csv --tables=l1sim "$T/p1/l1sim.json" "$T/p2/l1sim.json" > "$T/names.csv"
is "$(tr -d '\r' < "$T/names.csv" | sed 1d | cut -d, -f1 | tr '\n' '|')" "synth 16K linear|synth 64K fermi|" \
	"files of one name: named by their trace and the settings that differ"
report --format=csv --tables=l1sim "$T/p2/l1sim.json" "$T/p3/l1sim.json" > "$T/names.csv"
is "$(tr -d '\r' < "$T/names.csv" | sed 1d | cut -d, -f1 | tr '\n' '|')" "$T/p2/l1sim|$T/p3/l1sim|" \
	"files of one name and the same settings: named by their paths"
mkdir -p "$T/w1" "$T/w2"
cp $D/base.json "$T/w1/l1sim.json"
sed 's/"warp_scheduler": "gto"/"warp_scheduler": "lrr"/' $D/base.json > "$T/w2/l1sim.json"
report --format=csv --tables=l1sim "$T/w1/l1sim.json" "$T/w2/l1sim.json" > "$T/names.csv"
is "$(tr -d '\r' < "$T/names.csv" | sed 1d | cut -d, -f1 | tr '\n' '|')" "synth gto|synth lrr|" \
	"files of one name: named by the warp scheduler upstream where it differs"
report --format=csv --tables=speedup --baseline="synth 16K linear" "$T/p1/l1sim.json" "$T/p2/l1sim.json" > "$T/names.csv"
like "$(tr -d '\r' < "$T/names.csv" | sed -n 3p)" "^synth 64K fermi,.*,4\.000$" "--baseline takes such a name"

done_testing
