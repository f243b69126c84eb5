#!/bin/sh
# run.sh - warptrace benchmarks: throughput of each stage and of the stream
# library in records/s, with peak memory, each beside the limit it works
# against, measured in the same run ("= 0.42 of zstd -d": the stage's rate
# over the limit's); the exact reuse-distance engine against SHARDS
# sampling (reuse-bench), and l1sim with each --reuse.  Limits: cat of the
# text dump (trace-gen), zstd -d of the same data (readers, l1sim,
# classify), a plain pipe copy of the raw stream (stages, pipelines), a
# bare LRU loop over the requests (lru-bench: l1sim's cache).  trace-gen,
# l1sim, l2sim, dramsim and classify run with 1 and 2 threads, and the
# speedup is printed and recorded.  Stages alone write uncompressed
# streams to /dev/null; the files between them are written by runs of
# their own.  gpusim, the closed loop, per warp instruction on a generated
# trace and on samples, beside the open-loop pipeline on the same stream,
# and under cachegrind where valgrind is installed.
# classify runs exact and with --sample=0.01 on each pattern's requests,
# the sample's figures printed beside the exact ones.  Results:
# $OUT/results.json, with ratio_to_limit where there is a limit.
#
#   sh bench/run.sh [BUILD]        BENCH_ACCESSES=100M by default
#
# BENCH_ACCESSES: thread accesses per dump pattern, and the accesses of the
# reuse-distance section (over 1 M lines); BENCH_REQUESTS: requests of the
# l1sim section (gen-requests), 100M by default; BENCH_SCALE: accesses of
# the trace whose peak memory is taken stage by stage, 1G by default, 0 to
# skip; BENCH_SCALE_PER_THREAD: its accesses a thread, 1 to 16 (16 by
# default; fewer make more warps, 1 a warp of one load per 32 accesses, so
# what a stage keeps per warp shows); BENCH_SCALE_KERNELS: the launches
# its accesses are split among (1 by default; more show whether a stage
# keeps anything of a kernel after it ends); BENCH_GPUSIM: stream accesses
# of gpusim's generated trace, 1M by default, 0 to skip;
# BENCH_GPUSIM_SAMPLES: the samples gpusim runs (names in samples/, "gemm
# bfs spmv mshr-h128" by default, empty for none); BENCH_GPUSIM_INSTR:
# stream accesses of the input run under cachegrind, 64K by default, 0 to
# skip; BENCH_INSTR_REQUESTS: requests of the instructions-per-record section
# (cachegrind, each stage beside its anchors), 1M by default, 0 to skip;
# DINERO: a dineroIV binary, counted there as an anchor.  K, M, G
# suffixes.
# Whole models as anchors, measured in the same run where given:
# NUGTEREN_SRC, the src/model directory of Nugteren et al.'s
# gpu-cache-model (fetch it; it is built in the run's scratch directory):
# its fixed build against trace-gen | trace-order | coalesce | l1sim
# --arch=nugteren on NUGTEREN_DUMPS (every sample by default) with a 16 KB
# 4-way L1 (bench/nugteren-compare.sh -F); ACCEL_SIM, an accel-sim.out:
# it runs BENCH_ACCELSIM_TRACES (default samples/gemm.trc.zst, converted
# by bench/accelsim-validate.sh) under BENCH_ACCELSIM_CONFIG (default
# ../shared/accelsim/configs/qv100 beside the repository), and gpusim's
# whole chain from the trace is timed on the same (bench/accelsim-speed.sh).
# Each row's "speedup" is the anchor's seconds over warptrace's: CPU
# seconds for Nugteren's model, Accel-Sim's own simulation seconds (its
# log) over the chain's least wall time for Accel-Sim.
# BENCH_REPEAT: runs of each measured command, the shortest wall time
# kept (1 by default; on a shared machine 3 or more steady the figures).
# BENCH_BASE: the results.json of an earlier run, copied out of $OUT
# (which this run overwrites), to set beside this run's figures at the end
# (build/tools/bench-compare).  The run ends with its figures beside the
# performance targets (bench-compare --targets).
set -eu
build=${1:-build}
n=${BENCH_ACCESSES:-100M}
nr=${BENCH_REQUESTS:-100M}
scale=${BENCH_SCALE:-1G}
per_thread=${BENCH_SCALE_PER_THREAD:-16}
kernels=${BENCH_SCALE_KERNELS:-1}
repeat=${BENCH_REPEAT:-1}
case $repeat in
''|*[!0-9]*|0) echo "bench: BENCH_REPEAT=$repeat: expected a count of runs from 1" >&2; exit 2 ;;
esac
case $per_thread in
[1-9]|1[0-6]) ;;
*) echo "bench: BENCH_SCALE_PER_THREAD=$per_thread: expected 1 to 16" >&2; exit 2 ;;
esac
case $kernels in
''|0|*[!0-9]*) echo "bench: BENCH_SCALE_KERNELS=$kernels: expected a count of kernels from 1" >&2; exit 2 ;;
esac
ng=${BENCH_GPUSIM:-1M}
gsamples=${BENCH_GPUSIM_SAMPLES-gemm bfs spmv mshr-h128}
ngi=${BENCH_GPUSIM_INSTR:-64K}
gs_dir=$(dirname "$0")/../samples
for sm in $gsamples; do
	[ -r "$gs_dir/$sm.trc.zst" ] ||
		{ echo "bench: BENCH_GPUSIM_SAMPLES: no sample $gs_dir/$sm.trc.zst" >&2; exit 2; }
done
# the scale figures of another count a thread or of kernels are another
# measurement
tag=
[ "$per_thread" = 16 ] || tag="$per_thread a thread"
[ "$kernels" = 1 ] || tag="${tag:+$tag, }$kernels kernels"
scale_tag=${tag:+ ($tag)}
[ "$kernels" = 1 ] && kword="one kernel" || kword="$kernels kernels"
out=${BENCH_DIR:-$build/bench}
bin=$build/bin
tools=$build/tools
mkdir -p "$out"
json=$out/results.json
if [ -n "${BENCH_BASE:-}" ]; then
	[ -r "$BENCH_BASE" ] || { echo "bench: BENCH_BASE=$BENCH_BASE: not readable" >&2; exit 2; }
	[ ! "$BENCH_BASE" -ef "$json" ] ||
		{ echo "bench: BENCH_BASE is $json, which this run overwrites; copy it elsewhere first" >&2; exit 2; }
fi
tmp=$out/tmp
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# measure NAME RECORDS 'COMMAND' [LIMIT-NAME LIMIT-RATE]: time and peak
# memory of COMMAND, the shortest wall time and the largest peak of
# $repeat runs, reported as below.  The rate is left in $rate.
results="" more=
measure() {
	timed "$3"
	name=$1 count=$2
	shift 3
	record_rate "$name" "$count" "$@"
}

# timed 'COMMAND': run COMMAND $repeat times; its shortest wall time and
# largest peak are left in $wall and $rss.
timed() {
	wall= rss=0 k=0
	while [ $k -lt "$repeat" ]; do
		m=$("$tools/measure" "$1" 2>&1 >/dev/null | tail -n 1)
		w=$(printf '%s' "$m" | sed 's/.*"wall_s": \([0-9.]*\).*/\1/')
		r=$(printf '%s' "$m" | sed 's/.*"max_rss_kib": \([0-9]*\).*/\1/')
		status=$(printf '%s' "$m" | sed 's/.*"status": \([0-9]*\).*/\1/')
		[ "$status" = 0 ] || { echo "bench: '$1' failed ($status)" >&2; exit 1; }
		wall=$(awk -v a="${wall:-$w}" -v b="$w" 'BEGIN { print (b < a ? b : a) }')
		[ "$r" -gt "$rss" ] && rss=$r
		k=$((k + 1))
	done
}

# record_rate NAME RECORDS [LIMIT-NAME LIMIT-RATE]: print and record the
# last measure's time and peak as the rate of RECORDS; with a limit, that
# rate as a fraction of the limit's (measured in this run); $more, if set,
# is added to its JSON object (", \"cycles\": 12", say) and then cleared.
# Called alone, it gives the same run as the rate of another count (warp
# instructions as thread accesses, say).
record_rate() {
	rate=$(awk -v r="$2" -v w="$wall" 'BEGIN { printf "%.0f", (w > 0 ? r / w : 0) }')
	ratio= extra=
	if [ $# -ge 4 ]; then
		ratio=$(awk -v x="$rate" -v l="$4" 'BEGIN { printf "%.3f", (l > 0 ? x / l : 0) }')
		extra=", \"limit\": \"$3\", \"ratio_to_limit\": $ratio"
	fi
	printf '%-34s %12s records %8.2f s %12.2f M/s %8d MiB%s\n' "$1" "$2" "$wall" \
		"$(awk -v x="$rate" 'BEGIN { print x / 1e6 }')" $((rss / 1024)) \
		"${ratio:+  = $ratio of $3}"
	results="$results${results:+,}
    {\"name\": \"$1\", \"records\": $2, \"seconds\": $wall, \"records_per_s\": $rate, \"max_rss_kib\": $rss$extra$more}"
	more=
}

# lru NAME FILE: the bare LRU loop over the requests of FILE (the limit of
# l1sim's cache model); its rate left in $rate.
lru() {
	line=$("$tools/lru-bench" "$2")
	rate=$(printf '%s' "$line" | sed 's/.*"accesses_per_s": \([0-9]*\).*/\1/')
	printf '%-34s %12s records %8s s %12.2f M/s\n' "$1" \
		"$(printf '%s' "$line" | sed 's/.*"accesses": \([0-9]*\).*/\1/')" \
		"$(printf '%s' "$line" | sed 's/.*"seconds": \([0-9.]*\).*/\1/')" \
		"$(awk -v x="$rate" 'BEGIN { print x / 1e6 }')"
	results="$results${results:+,}
    $(printf '%s' "$line" | sed "s/^{/{\"name\": \"$1\", /")"
}

# threads SPEEDUP NAME1 NAME2 RECORDS 'COMMAND' LIMIT-NAME LIMIT-RATE:
# measure COMMAND with 1 thread (as NAME1) and with 2 (NAME2), and
# print and record the speedup, the second rate over the first, as
# SPEEDUP.  The rate left in $rate is the second.
threads() {
	measure "$2" "$4" "OMP_NUM_THREADS=1 $5" "$6" "$7"
	rate1=$rate
	measure "$3" "$4" "OMP_NUM_THREADS=2 $5" "$6" "$7"
	x=$(awk -v a="$rate1" -v b="$rate" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')
	printf '%-34s %s x with 2 threads\n' "$1" "$x"
	results="$results${results:+,}
    {\"name\": \"$1\", \"threads\": 2, \"speedup\": $x}"
}

# sample_error NAME EXACT SAMPLED: two classify JSON documents of the same
# trace; the unbounded L1 miss rate and the APS of each, and the
# differences.
cls_figure() {	# cls_figure FILE KEY: KEY's first number in the total
	tr -d ' \n' < "$1" | sed 's/.*"total"://' | grep -o "\"$2\":[0-9][0-9.e+-]*" |
		head -n 1 | cut -d: -f2
}
sample_error() {
	mu1=$(cls_figure "$2" unbounded) mu2=$(cls_figure "$3" unbounded)
	aps1=$(cls_figure "$2" aps) aps2=$(cls_figure "$3" aps)
	: "${mu1:=0}" "${mu2:=0}" "${aps1:=0}" "${aps2:=0}"
	awk -v n="$1" -v a="$mu1" -v b="$mu2" -v c="$aps1" -v d="$aps2" 'BEGIN {
		printf "%-34s unbounded miss rate %.4f (exact %.4f), APS %.4f (exact %.4f)\n",
			n, b, a, d, c }'
	results="$results${results:+,}
    {\"name\": \"$1\", \"unbounded_miss_rate\": $mu2, \"unbounded_miss_rate_exact\": $mu1, \"aps\": $aps2, \"aps_exact\": $aps1}"
}

# size N: the number N stands for, with its K, M or G suffix (powers of 1024)
size() {
	case $1 in
	*[kK]) echo $((${1%?} * 1024)) ;;
	*[mM]) echo $((${1%?} * 1048576)) ;;
	*[gG]) echo $((${1%?} * 1073741824)) ;;
	*) echo $(($1)) ;;
	esac
}

# records STREAM: the records of a stream, all kernels
records() {
	"$bin/trace-dump" --summary --format=json "$1" | tr -d ' \n' \
		| grep -o '"records":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }'
}

echo "warptrace bench: $n thread accesses per pattern ($(nproc) CPUs, best of $repeat run(s) each)"
"$tools/gen-dump" --accesses=1 > /dev/null
for pattern in stream reuse conflict; do
	dump=$tmp/$pattern.trc
	"$tools/gen-dump" --accesses="$n" --pattern=$pattern > "$dump"
	recs=$(($(wc -l < "$dump") - 3))
	echo "-- $pattern: $recs accesses, $(($(wc -c < "$dump") / 1048576)) MiB of text"
	measure "limit: cat dump ($pattern)" $recs "cat '$dump' > /dev/null"
	lim_cat=$rate
	# A stage alone writes its uncompressed stream to /dev/null.  The file
	# the next stage reads is written by a second run, timed too ("to a
	# file") for level 0, where writing gigabytes through the file system
	# took trace-gen and trace-order 13 to 67 % longer in one run here.
	for level in 0 -1 1 3; do
		measure "trace-gen level $level ($pattern)" $recs \
			"'$bin/trace-gen' --level=$level -o /dev/null '$dump'" \
			"cat dump" $lim_cat
		if [ $level = 0 ]; then
			measure "  to a file, level 0 ($pattern)" $recs \
				"'$bin/trace-gen' --level=0 -o '$tmp/$pattern.0.wt' '$dump'"
		else
			"$bin/trace-gen" --level=$level -o "$tmp/$pattern.$level.wt" "$dump"
		fi
		printf '%-34s %12s bytes\n' "  stream size, level $level" \
			"$(wc -c < "$tmp/$pattern.$level.wt")"
	done
	# the access lines parsed on one thread and on two (dump.c's blocks)
	threads "trace-gen thread speedup ($pattern)" "trace-gen level 0, 1 thread ($pattern)" \
		"trace-gen level 0, 2 threads ($pattern)" $recs \
		"'$bin/trace-gen' --level=0 -o /dev/null '$dump'" \
		"cat dump" $lim_cat
	measure "limit: zstd -d, level 1 ($pattern)" $recs "zstd -q -dc '$tmp/$pattern.1.wt' > /dev/null"
	lim_zd=$rate
	measure "limit: pipe copy, raw ($pattern)" $recs "cat '$tmp/$pattern.0.wt' | cat > /dev/null"
	lim_pipe=$rate
	measure "read: trace-dump --check L1 ($pattern)" $recs "'$bin/trace-dump' --check '$tmp/$pattern.1.wt'" \
		"zstd -d" $lim_zd
	measure "limit: zstd -d, level -1 ($pattern)" $recs "zstd -q -dc '$tmp/$pattern.-1.wt' > /dev/null"
	lim_zdn=$rate
	measure "read: trace-dump --check L-1 ($pattern)" $recs "'$bin/trace-dump' --check '$tmp/$pattern.-1.wt'" \
		"zstd -d" $lim_zdn
	measure "read: trace-dump --check raw ($pattern)" $recs "'$bin/trace-dump' --check '$tmp/$pattern.0.wt'" \
		"pipe copy" $lim_pipe
	measure "pipe: gen-dump | trace-gen | check ($pattern)" $recs \
		"'$tools/gen-dump' --accesses=$n --pattern=$pattern | '$bin/trace-gen' | '$bin/trace-dump' --check" \
		"cat dump" $lim_cat
	measure "trace-order, accesses in ($pattern)" $recs \
		"'$bin/trace-order' --level=0 --stats='$tmp/order.json' -o /dev/null '$tmp/$pattern.0.wt'" \
		"pipe copy" $lim_pipe
	measure "  to a file ($pattern)" $recs \
		"'$bin/trace-order' --level=0 -o '$tmp/$pattern.warp.wt' '$tmp/$pattern.0.wt'"
	winstr=$(tr -d ' \n' < "$tmp/order.json" | sed 's/.*"total":{[^}]*"instructions":\([0-9]*\).*/\1/')
	measure "coalesce, warp instrs in ($pattern)" $winstr \
		"'$bin/coalesce' --level=0 --stats='$tmp/coal.json' -o /dev/null '$tmp/$pattern.warp.wt'"
	record_rate "  the same, as accesses ($pattern)" $recs "pipe copy" $lim_pipe
	"$bin/coalesce" --level=0 -o "$tmp/$pattern.req.wt" "$tmp/$pattern.warp.wt"
	measure "read: trace-dump --check warp ($pattern)" $winstr "'$bin/trace-dump' --check '$tmp/$pattern.warp.wt'"
	nreq=$(tr -d ' \n' < "$tmp/coal.json" | sed 's/.*"total":{[^}]*"requests":\([0-9]*\).*/\1/')
	"$bin/trace-dump" --check "$tmp/$pattern.req.wt" > /dev/null
	zstd -q -1 -c "$tmp/$pattern.req.wt" > "$tmp/$pattern.req.zst"
	measure "limit: zstd -d requests ($pattern)" $nreq "zstd -q -dc '$tmp/$pattern.req.zst' > /dev/null"
	lim_zr=$rate
	lru "limit: LRU loop, requests ($pattern)" "$tmp/$pattern.req.wt"
	lim_lru=$rate
	threads "l1sim thread speedup ($pattern)" "l1sim stream, 1 thread(s) ($pattern)" \
		"l1sim stream, 2 thread(s) ($pattern)" $nreq \
		"'$bin/l1sim' --level=0 -o /dev/null '$tmp/$pattern.req.wt'" \
		"zstd -d of its input" $lim_zr
	measure "l1sim --stats --reuse=off ($pattern)" $nreq \
		"'$bin/l1sim' --stats=/dev/null --reuse=off --level=0 -o /dev/null '$tmp/$pattern.req.wt'" "LRU loop" $lim_lru
	"$bin/l1sim" --level=0 -o "$tmp/$pattern.l1.wt" "$tmp/$pattern.req.wt"
	nl1=$(records "$tmp/$pattern.l1.wt")
	threads "l2sim thread speedup ($pattern)" "l2sim, 1 thread ($pattern)" "l2sim, L1 events in ($pattern)" $nl1 \
		"'$bin/l2sim' --level=0 --stats='$tmp/l2.json' -o /dev/null '$tmp/$pattern.l1.wt'" \
		"pipe copy" $lim_pipe
	"$bin/l2sim" --level=0 -o "$tmp/$pattern.l2.wt" "$tmp/$pattern.l1.wt"
	nl2=$(records "$tmp/$pattern.l2.wt")
	threads "dramsim thread speedup ($pattern)" "dramsim, 1 thread ($pattern)" "dramsim, L2 events in ($pattern)" $nl2 \
		"'$bin/dramsim' --level=0 --stats='$tmp/dram.json' -o /dev/null '$tmp/$pattern.l2.wt'" \
		"pipe copy" $lim_pipe
	# classify exact and sampled on the same requests, with the sample's
	# error beside the exact figures
	threads "classify thread speedup ($pattern)" "classify, 1 thread ($pattern)" \
		"classify ($pattern)" $nreq \
		"'$bin/classify' --format=json -o '$tmp/cls1.json' '$tmp/$pattern.req.wt'" \
		"zstd -d of its input" $lim_zr
	measure "classify --sample=0.01 ($pattern)" $nreq \
		"'$bin/classify' --sample=0.01 --format=json -o '$tmp/cls2.json' '$tmp/$pattern.req.wt'" \
		"zstd -d of its input" $lim_zr
	sample_error "classify --sample=0.01 error ($pattern)" "$tmp/cls1.json" "$tmp/cls2.json"
	measure "pipe: trace-gen|order|coalesce|check ($pattern)" $recs \
		"'$bin/trace-gen' '$dump' | '$bin/trace-order' | '$bin/coalesce' | '$bin/trace-dump' --check" \
		"pipe copy" $lim_pipe
	measure "pipe: trace-gen|order|coalesce|l1sim ($pattern)" $recs \
		"'$bin/trace-gen' '$dump' | '$bin/trace-order' | '$bin/coalesce' | '$bin/l1sim' --level=0 -o /dev/null" \
		"pipe copy" $lim_pipe
	measure "pipe: ... | l1sim | l2sim | dramsim ($pattern)" $recs \
		"'$bin/trace-gen' '$dump' | '$bin/trace-order' | '$bin/coalesce' | '$bin/l1sim' | '$bin/l2sim' | '$bin/dramsim' --level=0 -o /dev/null" \
		"pipe copy" $lim_pipe
	rm -f "$dump" "$tmp/$pattern".*.wt "$tmp/$pattern.req.zst"
done
echo "-- stream library alone (synthetic access records)"
for level in 0 -1 1 3; do
	"$tools/stream-bench" write "$n" $level "$tmp/lib.wt" > "$tmp/w.json"
	"$tools/stream-bench" read "$tmp/lib.wt" > "$tmp/r.json"
	for f in w r; do
		line=$(cat "$tmp/$f.json")
		printf '%-34s %s\n' "  level $level" "$line"
		results="$results,
    $(printf '%s' "$line" | sed "s/^{/{\"name\": \"stream-bench level $level\", /")"
	done
done
# field NAME JSON: a number or string member of a one-line JSON object
field() {
	printf '%s' "$2" | sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p"
}
echo "-- reuse distances: $n accesses over 1 M lines, exact and SHARDS"
for pattern in skewed uniform; do
	"$tools/reuse-bench" "$n" $pattern 0.01 0.001 > "$tmp/reuse.json"
	while read -r line; do
		engine=$(field engine "$line")
		rate=$(field rate "$line")
		[ "$engine" = exact ] && label="reuse exact ($pattern)" ||
			label="reuse shards $(awk -v r="$rate" 'BEGIN { printf "%.3g", r }') ($pattern)"
		mae=$(field mrc_mae "$line")
		printf '%-34s %12s accesses %8.2f s %12.2f M/s %8.1f MiB%s\n' "$label" \
			"$(field accesses "$line")" "$(field seconds "$line")" \
			"$(awk -v x="$(field accesses_per_s "$line")" 'BEGIN { print x / 1e6 }')" \
			"$(awk -v x="$(field bytes "$line")" 'BEGIN { print x / 1048576 }')" \
			"${mae:+  MRC error $mae (mean abs.), $(field mrc_max_error "$line") (max)}"
		results="$results,
    $(printf '%s' "$line" | sed "s/^{/{\"name\": \"$label\", /")"
	done < "$tmp/reuse.json"
done
echo "-- l1sim on $nr requests"
req=$tmp/requests.wt
nreq=$(size "$nr")
measure "gen-requests, level 1" $nreq \
	"'$tools/gen-requests' --requests=$nr --level=1 -o '$req'"
printf '%-34s %12s bytes\n' "  stream size, level 1" "$(wc -c < "$req")"
measure "limit: zstd -d requests" $nreq "zstd -q -dc '$req' > /dev/null"
lim_zr=$rate
lru "limit: LRU loop, requests" "$req"
lim_lru=$rate
for sched in stream pool; do
	threads "l1sim --sched=$sched thread speedup" "l1sim --sched=$sched, 1 thread(s)" \
		"l1sim --sched=$sched, 2 thread(s)" $nreq \
		"'$bin/l1sim' --sched=$sched --level=0 --stats='$tmp/l1.json' -o /dev/null '$req'" \
		"zstd -d of its input" $lim_zr
done
for reuse in exact sampled:0.01 off; do
	measure "l1sim --reuse=$reuse, 1 thread" $nreq \
		"OMP_NUM_THREADS=1 '$bin/l1sim' --reuse=$reuse --level=0 --stats='$tmp/l1.json' -o /dev/null '$req'" \
		"LRU loop" $lim_lru
done
rm -f "$req" "$tmp/l1.json"

# gpusim, the closed loop, on a generated trace (stream pattern) and on
# samples: its cost per warp instruction (the "instructions" of its JSON:
# every warp instruction, memory or not, as Accel-Sim's
# gpgpu_n_tot_w_icount counts them), and beside it the open-loop pipeline
# on the same access stream, both from trace-order on, both counted in the
# same warp instructions: "= R of open-loop pipeline" is gpusim's rate over
# the pipeline's.  Each input is made by trace-gen at level 0 first.  With
# valgrind, a small input (BENCH_GPUSIM_INSTR stream accesses) is run
# under cachegrind: machine instructions per warp instruction of gpusim,
# and of coalesce, l1sim, l2sim and dramsim together on the same warp
# stream (the pipeline less trace-order, which both share).
# vg 'COMMAND': the instructions COMMAND ran under cachegrind (as
# bench/ab.sh counts them), one thread
vg() {
	rm -f "$tmp/vg.log"
	sh -c "OMP_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null --log-file='$tmp/vg.log' $1" \
		> /dev/null 2> "$tmp/vg.err" ||
		{ echo "bench: '$1' under cachegrind failed: $(tail -n 1 "$tmp/vg.err")" >&2; exit 1; }
	i=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$tmp/vg.log" | tr -d ,)
	[ -n "$i" ] || { echo "bench: '$1': no count of instructions in $tmp/vg.log" >&2; exit 1; }
	echo "$i"
}
# top NAME FILE: a number at the top level of a JSON document written with
# two blanks of indent (gpusim's)
top() {
	sed -n "s/^  \"$1\": \([0-9][0-9.e+-]*\).*/\1/p" "$2" | head -n 1
}
# ns_each COUNT: the last timed run's nanoseconds a warp instruction, as a
# JSON member for $more (bench-compare shows it, not the rate, whose M/s
# would be some hundredths)
ns_each() {
	awk -v i="$1" -v w="$wall" 'BEGIN { printf ", \"ns_per_warp_instruction\": %.1f", w * 1e9 / i }'
}
# gpusim_bench NAME ACCESS-STREAM
gpusim_bench() {
	"$bin/trace-order" --level=0 -o "$tmp/gs.warp.wt" "$2"
	timed "'$bin/gpusim' -o '$tmp/gs.json' '$tmp/gs.warp.wt'"
	gi=$(top instructions "$tmp/gs.json") gc=$(top cycles "$tmp/gs.json")
	if [ -z "$gi" ] || [ -z "$gc" ] || [ "$gi" = 0 ]; then
		echo "bench: gpusim ($1): no instructions or cycles in its JSON" >&2
		exit 1
	fi
	more=$(awk -v i="$gi" -v c="$gc" -v w="$wall" 'BEGIN {
		printf ", \"warp_instructions\": %d, \"cycles\": %d, \"cycles_per_s\": %.0f",
			i, c, (w > 0 ? c / w : 0) }')$(ns_each "$gi")
	record_rate "gpusim, warp instrs ($1)" "$gi"
	awk -v n="$1" -v i="$gi" -v c="$gc" -v w="$wall" 'BEGIN {
		printf "%-34s %12d cycles %12.0f ns a warp instr %8.3f M cycles/s\n",
			"  simulated (" n ")", c, w * 1e9 / i, (w > 0 ? c / w / 1e6 : 0) }'
	timed "'$bin/trace-order' '$2' | '$bin/coalesce' | '$bin/l1sim' | '$bin/l2sim' | '$bin/dramsim' --level=0 -o /dev/null"
	more=$(ns_each "$gi")
	record_rate "open-loop pipeline ($1)" "$gi"
	lim_open=$rate
	timed "'$bin/trace-order' '$2' | '$bin/gpusim' -o /dev/null"
	more=$(ns_each "$gi")
	record_rate "  trace-order | gpusim ($1)" "$gi" "open-loop pipeline" "$lim_open"
}
echo "-- gpusim: $ng stream accesses${gsamples:+, samples $gsamples}"
if [ "$(size "$ng")" -gt 0 ]; then
	"$tools/gen-dump" --accesses="$ng" --pattern=stream |
		"$bin/trace-gen" --level=0 -o "$tmp/gs.acc.wt"
	gpusim_bench "$ng stream" "$tmp/gs.acc.wt"
fi
for sm in $gsamples; do
	"$bin/trace-gen" --level=0 -o "$tmp/gs.acc.wt" "$gs_dir/$sm.trc.zst"
	gpusim_bench "$sm" "$tmp/gs.acc.wt"
done
if [ "$(size "$ngi")" -gt 0 ] && ! command -v valgrind > /dev/null 2>&1; then
	echo "-- cachegrind: no valgrind, gpusim's instructions per warp instruction not counted"
	ngi=0
fi
if [ "$(size "$ngi")" -gt 0 ]; then
	"$tools/gen-dump" --accesses="$ngi" --pattern=stream | "$bin/trace-gen" |
		"$bin/trace-order" --level=0 -o "$tmp/vg.warp.wt"
	"$bin/gpusim" -o "$tmp/gs.json" "$tmp/vg.warp.wt"
	gi=$(top instructions "$tmp/gs.json")
	ig=$(vg "'$bin/gpusim' -o /dev/null '$tmp/vg.warp.wt'")
	io=0
	for st in "coalesce vg.warp.wt vg.req.wt" "l1sim vg.req.wt vg.l1.wt" \
		  "l2sim vg.l1.wt vg.l2.wt" "dramsim vg.l2.wt /dev/null"; do
		# shellcheck disable=SC2086 # three words
		set -- $st
		o=$tmp/$3
		[ "$3" = /dev/null ] && o=/dev/null
		i=$(vg "'$bin/$1' --level=0 -o '$o' '$tmp/$2'")
		io=$((io + i))
	done
	awk -v n="cachegrind: gpusim ($ngi stream)" -v w="$gi" -v a="$ig" -v b="$io" 'BEGIN {
		printf "%-34s %12d warp instrs %10.0f instructions each; coalesce..dramsim %.0f (%.2f x)\n",
			n, w, a / w, b / w, (b > 0 ? a / b : 0) }'
	results="$results,
    $(awk -v n="cachegrind: gpusim ($ngi stream)" -v w="$gi" -v a="$ig" -v b="$io" 'BEGIN {
		printf "{\"name\": \"%s\", \"warp_instructions\": %d, \"instructions\": %.0f, \"instructions_per_warp_instruction\": %.1f, \"open_loop_instructions\": %.0f, \"open_loop_instructions_per_warp_instruction\": %.1f, \"ratio_to_open_loop\": %.3f}",
			n, w, a, a / w, b, b / w, (b > 0 ? a / b : 0) }')"
	rm -f "$tmp"/vg.*
fi
rm -f "$tmp"/gs.*

# Machine instructions per record under cachegrind, one thread: each
# stage on the same BENCH_INSTR_REQUESTS requests of gen-requests (1M by
# default; 0 to skip), beside the anchors counted in the same run (the
# figures of issue 46's table): reading the stream (trace-dump --check), a
# bare set-associative LRU loop over the requests' lines (lru-bench less
# its --read-only run: the loop alone), and Dinero IV where DINERO names
# its dineroIV binary (16 KB, 4-way, 128-byte lines, LRU, as l1sim's
# default cache, fed the same line addresses as din text, their low 32
# bits, as its addresses are; its reading of the text is counted, as in
# the table).  l1sim with its defaults (which run no reuse-distance
# engines: only --stats shows their histograms), --stats (with and
# without its warps' rows, and with --reuse=off: the statistics without
# the engines) and --sched=pool (per request), alone and with
# --policy=ccws (its ratio to the pool alone); l2sim per L1
# event, alone and with --stats with and without its warps' rows;
# dramsim per L2 event, classify per request (each its input's records);
# trace-gen per access of a gen-dump dump (its text), trace-order per
# access of trace-gen's stream of it, and coalesce per warp record of
# trace-order's.  Each count is
# marginal: a run on a sixteenth of the input (made the same way) is
# taken off, records and instructions, so that start-up and the tables a
# stage sizes once do not count.  "x default": a variant's instructions
# over its stage's default run's.
ni=${BENCH_INSTR_REQUESTS:-1M}
if [ "$(size "$ni")" -gt 0 ] && ! command -v valgrind > /dev/null 2>&1; then
	echo "-- cachegrind: no valgrind, instructions per record not counted"
	ni=0
fi
# records FILE: the records of a stream, all kernels
records() {
	"$bin/trace-dump" --summary --format=json "$1" |
		grep -o '"records":[0-9]*' | awk -F: '{ n += $2 } END { print n + 0 }'
}
# marginal 'COMMAND' IN: the instructions COMMAND runs a record of the
# stream $q.IN, less a run on $q.small.IN, over their records: in
# $per_i, and the records of $q.IN in $per_r.  COMMAND names its inputs
# {q}FILE: $q.FILE, or $q.small.FILE on the small run.
marginal() {
	_rb=$(records "$q.$2") _rs=$(records "$q.small.$2")
	_ib=$(vg "$(printf '%s' "$1" | sed "s|{q}|$q.|g")")
	_is=$(vg "$(printf '%s' "$1" | sed "s|{q}|$q.small.|g")")
	per_r=$_rb
	per_i=$(awk -v a="$_ib" -v b="$_is" -v r="$_rb" -v s="$_rs" 'BEGIN { printf "%.1f", (r > s ? (a - b) / (r - s) : 0) }')
}
# per_print NAME RECORDS PER-RECORD [BASE-PER-RECORD]: print and record
# instructions a record, with their ratio to BASE's if given
per_print() {
	awk -v n="$1" -v r="$2" -v i="$3" -v b="${4:-0}" 'BEGIN {
		printf "%-34s %12d records %10.0f instructions each", n, r, i
		if (b > 0) printf " (%.2f x default)", i / b
		printf "\n" }'
	results="$results,
    $(awk -v n="$1" -v r="$2" -v i="$3" -v b="${4:-0}" 'BEGIN {
		printf "{\"name\": \"%s\", \"records\": %d, \"instructions_per_record\": %.1f", n, r, i
		if (b > 0) printf ", \"ratio_to_default\": %.3f", i / b
		printf "}" }')"
}
# per NAME 'COMMAND' IN [BASE-PER-RECORD]: marginal, printed
per() {
	marginal "$2" "$3"
	per_print "$1" "$per_r" "$per_i" "${4:-0}"
}
if [ "$(size "$ni")" -gt 0 ]; then
	echo "-- cachegrind: instructions per record, marginal ($ni requests of gen-requests)"
	q=$tmp/ir
	nsmall=$(( $(size "$ni") / 16 ))
	[ "$nsmall" -gt 0 ] || nsmall=1
	for x in "" small.; do
		k=$(size "$ni")
		[ -z "$x" ] || k=$nsmall
		"$tools/gen-requests" --requests="$k" --level=0 -o "$q.${x}req.wt"
		"$bin/l1sim" --level=0 -o "$q.${x}l1.wt" "$q.${x}req.wt"
		"$bin/l2sim" --level=0 -o "$q.${x}l2.wt" "$q.${x}l1.wt"
		"$tools/gen-dump" --accesses="$k" --pattern=stream > "$q.${x}dump"
		"$bin/trace-gen" --level=0 -o "$q.${x}dump.wt" "$q.${x}dump"
		"$bin/trace-order" --level=0 -o "$q.${x}warp.wt" "$q.${x}dump.wt"
		if [ -n "${DINERO:-}" ]; then
			"$bin/trace-dump" --format=csv "$q.${x}req.wt" |
				awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "addr") a = i; next }
					 { h = substr($a, 3); if (length(h) > 8) h = substr(h, length(h) - 7)
					   printf "0 %s\n", h }' > "$q.${x}din"
		fi
	done
	per "instr: read (trace-dump --check)" "'$bin/trace-dump' --check '{q}req.wt'" req.wt
	marginal "'$tools/lru-bench' '{q}req.wt'" req.wt
	lru_all=$per_i
	marginal "'$tools/lru-bench' --read-only '{q}req.wt'" req.wt
	per_print "instr: anchor: bare LRU loop" "$per_r" \
		"$(awk -v a="$lru_all" -v b="$per_i" 'BEGIN { printf "%.1f", a - b }')"
	if [ -n "${DINERO:-}" ]; then
		per "instr: anchor: Dinero IV" "'$DINERO' -l1-usize 16k -l1-uassoc 4 -l1-ubsize 128 -l1-urepl l -informat d < '{q}din'" req.wt
	fi
	per "instr: l1sim stream" "'$bin/l1sim' --level=0 -o /dev/null '{q}req.wt'" req.wt
	d=$per_i
	per "instr: l1sim --stats --reuse=off" "'$bin/l1sim' --stats=/dev/null --reuse=off --level=0 -o /dev/null '{q}req.wt'" req.wt "$d"
	per "instr: l1sim --stats" "'$bin/l1sim' --stats=/dev/null --level=0 -o /dev/null '{q}req.wt'" req.wt "$d"
	per "instr: l1sim --stats --stats-warps=no" "'$bin/l1sim' --stats=/dev/null --stats-warps=no --level=0 -o /dev/null '{q}req.wt'" req.wt "$d"
	per "instr: l1sim --sched=pool" "'$bin/l1sim' --sched=pool --level=0 -o /dev/null '{q}req.wt'" req.wt
	d=$per_i
	per "instr: l1sim --sched=pool --policy=ccws" "'$bin/l1sim' --sched=pool --policy=ccws --level=0 -o /dev/null '{q}req.wt'" req.wt "$d"
	per "instr: classify" "'$bin/classify' -o /dev/null '{q}req.wt'" req.wt
	per "instr: l2sim" "'$bin/l2sim' --level=0 -o /dev/null '{q}l1.wt'" l1.wt
	d2=$per_i
	per "instr: l2sim --stats" "'$bin/l2sim' --stats=/dev/null --level=0 -o /dev/null '{q}l1.wt'" l1.wt "$d2"
	per "instr: l2sim --stats --stats-warps=no" "'$bin/l2sim' --stats=/dev/null --stats-warps=no --level=0 -o /dev/null '{q}l1.wt'" l1.wt "$d2"
	per "instr: dramsim" "'$bin/dramsim' --level=0 -o /dev/null '{q}l2.wt'" l2.wt
	per "instr: trace-gen (per access)" "'$bin/trace-gen' --level=0 -o /dev/null '{q}dump'" dump.wt
	per "instr: trace-order (per access)" "'$bin/trace-order' --level=0 -o /dev/null '{q}dump.wt'" dump.wt
	per "instr: coalesce (per warp record)" "'$bin/coalesce' --level=0 -o /dev/null '{q}warp.wt'" warp.wt
	rm -f "$q".*
fi

# Whole models as anchors (see the top): Nugteren's model and Accel-Sim.
if [ -n "${NUGTEREN_SRC:-}" ]; then
	echo "-- anchor: Nugteren et al.'s model (fixed build) against the pipeline, CPU seconds"
	nd=${NUGTEREN_DUMPS:-$(ls "$gs_dir"/*.trc.zst)}
	# shellcheck disable=SC2086
	sh "$(dirname "$0")/nugteren-compare.sh" -F -c 16K/4 -b "$build" -o "$tmp/nug" \
		-r "$NUGTEREN_SRC" $nd > "$tmp/nug.out"
	# a dump the model failed on has no figure; its row says so
	awk 'NR > 1 && !($11 ~ /^[0-9.]+$/ && $12 ~ /^[0-9.]+$/) { print "anchor: nugteren " $1 ": no figure (model " $11 ", warptrace " $12 ")" }' "$tmp/nug.out"
	awk 'NR > 1 && $11 ~ /^[0-9.]+$/ && $12 ~ /^[0-9.]+$/ { printf "%-34s %8.3f s model %8.3f s warptrace %7.1f x  miss rate %+.2f points\n",
		"anchor: nugteren " $1, $11, $12, ($12 > 0 ? $11 / $12 : 0), $9 }' "$tmp/nug.out"
	results="$results$(awk 'NR > 1 && $11 ~ /^[0-9.]+$/ && $12 ~ /^[0-9.]+$/ { printf ",\n    {\"name\": \"anchor: nugteren %s %s\", \"model_cpu_s\": %s, \"warptrace_cpu_s\": %s, \"speedup\": %.2f, \"miss_rate_delta\": %.2f}",
		$1, $2, $11, $12, ($12 > 0 ? $11 / $12 : 0), $9 + 0 }' "$tmp/nug.out")"
fi
if [ -n "${ACCEL_SIM:-}" ]; then
	echo "-- anchor: Accel-Sim against gpusim's chain from the trace, seconds"
	ac=${BENCH_ACCELSIM_CONFIG:-$(dirname "$0")/../../shared/accelsim/configs/qv100}
	at=${BENCH_ACCELSIM_TRACES:-$gs_dir/gemm.trc.zst}
	# shellcheck disable=SC2086
	sh "$(dirname "$0")/accelsim-validate.sh" -b "$build" -o "$tmp/asv" "$ACCEL_SIM" "$ac" $at \
		> "$tmp/asv.out"
	sh "$(dirname "$0")/accelsim-speed.sh" -b "$build" -r "$repeat" "$tmp/asv/runs" \
		"$tmp/asv/traces" > "$tmp/ass.out"
	# rows: | config | trace | AS s | gpusim s | chain s | x (chain) | ...
	awk -F'|' 'NR > 2 && NF > 8 { gsub(/ /, "", $2); gsub(/ /, "", $3)
		printf "%-34s %6d s Accel-Sim %8.3f s chain %7.0f x\n", "anchor: accel-sim " $2 " " $3, $4, $6, $7 }' "$tmp/ass.out"
	results="$results$(awk -F'|' 'NR > 2 && NF > 8 { gsub(/ /, "", $2); gsub(/ /, "", $3)
		printf ",\n    {\"name\": \"anchor: accel-sim %s %s\", \"accelsim_s\": %d, \"chain_s\": %.3f, \"speedup\": %.1f}",
			$2, $3, $4, $6, ($6 > 0 ? $4 / $6 : 0) }' "$tmp/ass.out")"
fi

# Peak memory at scale: one long trace (one kernel unless
# BENCH_SCALE_KERNELS says otherwise) through every stage,
# each measured on its own (measure's report of a stage in a pipe goes to
# a file of its own).  The stream pattern touches new lines all along, so
# whatever a stage keeps per line, per instruction or per warp shows.
if [ "$(size "$scale")" -gt 0 ]; then
	echo "-- peak memory per stage: $scale stream accesses, $kword, $per_thread a thread"
	ns=$(size "$scale")
	s=$tmp/scale
	"$tools/gen-dump" --accesses="$scale" --pattern=stream --per-thread="$per_thread" \
		--kernels="$kernels" |
		"$tools/measure" "'$bin/trace-gen'" 2> "$s.tg" |
		"$tools/measure" "'$bin/trace-order'" 2> "$s.to" |
		"$tools/measure" "'$bin/coalesce' --level=1 -o '$s.req.wt'" 2> "$s.co"
	"$tools/measure" "'$bin/l1sim' --level=1 -o '$s.l1.wt' '$s.req.wt'" 2> "$s.l1"
	"$tools/measure" "'$bin/l1sim' --stats=/dev/null --reuse=off --level=0 -o /dev/null '$s.req.wt'" 2> "$s.l1off"
	"$tools/measure" "'$bin/l1sim' --stats=/dev/null --level=0 -o /dev/null '$s.req.wt'" 2> "$s.l1st"
	"$tools/measure" "'$bin/l2sim' --level=1 -o '$s.l2.wt' '$s.l1.wt'" 2> "$s.l2"
	"$tools/measure" "'$bin/dramsim' --level=0 -o /dev/null '$s.l2.wt'" 2> "$s.dr"
	"$tools/measure" "'$bin/classify' -o /dev/null '$s.req.wt'" 2> "$s.cl"
	"$tools/measure" "'$bin/classify' --sample=0.01 -o /dev/null '$s.req.wt'" 2> "$s.cls"
	for st in "tg trace-gen" "to trace-order" "co coalesce" "l1 l1sim" \
		  "l1off l1sim --stats --reuse=off" "l1st l1sim --stats" "l2 l2sim" \
		  "dr dramsim" "cl classify" "cls classify --sample=0.01"; do
		f=$s.${st%% *}
		line=$(tail -n 1 "$f")
		[ "$(field status "$line")" = 0 ] ||
			{ echo "bench: ${st#* } failed at scale" >&2; exit 1; }
		rss=$(field max_rss_kib "$line")
		printf '%-56s %12s accesses %8.2f s %12.1f MiB peak\n' \
			"scale: ${st#* }$scale_tag" "$ns" "$(field wall_s "$line")" \
			"$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
		results="$results,
    {\"name\": \"scale: ${st#* }$scale_tag\", \"records\": $ns, \"seconds\": $(field wall_s "$line"), \"max_rss_kib\": $rss}"
	done
	rm -f "$s".*
fi
printf '{\n  "accesses": "%s",\n  "requests": "%s",\n  "cpus": %s,\n  "repeat": %s,\n  "date": "%s",\n  "results": [%s\n  ]\n}\n' \
	"$n" "$nr" "$(nproc)" "$repeat" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$results" > "$json"
echo "results: $json"
echo "-- against the targets (README)"
"$tools/bench-compare" --targets "$json"
if [ -n "${BENCH_BASE:-}" ]; then
	echo "-- against $BENCH_BASE"
	"$tools/bench-compare" "$BENCH_BASE" "$json"
fi
