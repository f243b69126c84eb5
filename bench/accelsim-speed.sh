#!/bin/sh
# accelsim-speed.sh - gpusim's speed against Accel-Sim's on the same
# traces and machines: for each Accel-Sim run that bench/accelsim-validate.sh
# left (RUNS/CONFIG/TRACE/accel-sim: log.txt and the gpgpusim.config it ran
# with), gpusim runs TRACES/TRACE on that gpgpusim.config, and one markdown
# row gives both.  A tool for measuring warptrace, as accelsim-validate.sh
# is; make check never runs it (Accel-Sim is no dependency).
#
#   sh bench/accelsim-speed.sh [-b BUILD] [-r REPEAT] RUNS TRACES
#
# Accel-Sim's time is the last gpgpu_simulation_time of its log: whole
# seconds from the simulator's start (trace reading included) to the end,
# taken when it ran, on whatever load the machine had then; "1 s" is 1 to
# 2 s.  Its warp instructions are the last gpgpu_n_tot_w_icount, its cycles
# the last gpu_tot_sim_cycle.  gpusim's time is the least wall time of
# REPEAT runs (3 by default), as build/tools/measure takes it, of
#
#   gpusim   gpusim --gpgpusim-config=CONF on trace-order's warp stream,
#            written to a file first
#   chain    trace-gen TRACE | trace-order --gpgpusim-config=CONF |
#            gpusim --gpgpusim-config=CONF, the whole way from the trace
#            directory, as Accel-Sim's time is
#
# and "x" is Accel-Sim's seconds over gpusim's (the chain's, and gpusim's
# alone): how many times faster gpusim is.  "gpusim cpu s" is gpusim's
# least CPU time (user and system) of the same runs, and "x (cpu)"
# Accel-Sim's seconds over it: on a loaded machine the steadier figure,
# though Accel-Sim's own seconds are wall time.  gpusim's warp instructions (its
# JSON "instructions") and cycles are set beside Accel-Sim's.
set -eu
prog=accelsim-speed
build=build
repeat=3
while getopts b:r: o; do
	case $o in
	b) build=$OPTARG ;;
	r) repeat=$OPTARG ;;
	*) echo "usage: sh bench/accelsim-speed.sh [-b BUILD] [-r REPEAT] RUNS TRACES" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || { echo "usage: sh bench/accelsim-speed.sh [-b BUILD] [-r REPEAT] RUNS TRACES" >&2; exit 2; }
case $repeat in
''|*[!0-9]*|0) echo "$prog: -r $repeat: expected a count of runs from 1" >&2; exit 2 ;;
esac
runs=$1 traces=$2
bin=$build/bin
for p in "$bin/trace-gen" "$bin/trace-order" "$bin/gpusim" "$build/tools/measure"; do
	[ -x "$p" ] || { echo "$prog: $p: not built (make -j2 all)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best 'COMMAND': the least wall time and the least CPU time of $repeat
# runs; the script stops if one fails
best() {
	b='' c='' k=0
	while [ $k -lt "$repeat" ]; do
		m=$("$build/tools/measure" "$1" 2>&1 >/dev/null | tail -n 1)
		case $m in
		*'"status": 0}') ;;
		*) echo "$prog: '$1' failed: $m" >&2; exit 1 ;;
		esac
		w=$(printf '%s' "$m" | sed 's/.*"wall_s": \([0-9.]*\).*/\1/')
		u=$(printf '%s' "$m" | sed 's/.*"cpu_s": \([0-9.]*\).*/\1/')
		b=$(awk -v x="${b:-$w}" -v y="$w" 'BEGIN { print (y < x ? y : x) }')
		c=$(awk -v x="${c:-$u}" -v y="$u" 'BEGIN { print (y < x ? y : x) }')
		k=$((k + 1))
	done
	echo "$b $c"
}

# last KEY LOG: the number of the last line "KEY = N" of an Accel-Sim log
last() {
	sed -n "s/^$1 = \([0-9]*\).*/\1/p" "$2" | tail -n 1
}

echo "| config | trace | Accel-Sim s | gpusim s | chain s | x (chain) | x (gpusim) | gpusim cpu s | x (cpu) | warp instrs AS / gpusim | cycles AS / gpusim |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for log in "$runs"/*/*/accel-sim/log.txt; do
	[ -f "$log" ] || continue
	dir=${log%/log.txt}
	name=$(basename "$(dirname "$dir")")
	config=$(basename "$(dirname "$(dirname "$dir")")")
	conf=$dir/gpgpusim.config
	tr=$traces/$name
	secs=$(sed -n 's/^gpgpu_simulation_time = .*(\([0-9]*\) sec).*/\1/p' "$log" | tail -n 1)
	if [ -z "$secs" ] || [ ! -f "$conf" ] || [ ! -d "$tr" ]; then
		echo "| $config | $name | (no simulation time, config or trace: skipped) |"
		continue
	fi
	as_wi=$(last gpgpu_n_tot_w_icount "$log")
	as_cyc=$(last gpu_tot_sim_cycle "$log")
	"$bin/trace-gen" "$tr" | "$bin/trace-order" --gpgpusim-config="$conf" \
		--level=0 -o "$tmp/warp.wt" 2> "$tmp/err" ||
		{ echo "$prog: $config/$name: $(tail -n 1 "$tmp/err")" >&2; exit 1; }
	"$bin/gpusim" --gpgpusim-config="$conf" -o "$tmp/gs.json" "$tmp/warp.wt" 2> "$tmp/err" ||
		{ echo "$prog: $config/$name: $(tail -n 1 "$tmp/err")" >&2; exit 1; }
	wi=$(sed -n 's/^  "instructions": \([0-9]*\).*/\1/p' "$tmp/gs.json" | head -n 1)
	cyc=$(sed -n 's/^  "cycles": \([0-9]*\).*/\1/p' "$tmp/gs.json" | head -n 1)
	t1=$(best "'$bin/gpusim' --gpgpusim-config='$conf' -o /dev/null '$tmp/warp.wt' 2> /dev/null")
	c1=${t1#* } t1=${t1% *}
	t2=$(best "'$bin/trace-gen' '$tr' | '$bin/trace-order' --gpgpusim-config='$conf' 2> /dev/null | '$bin/gpusim' --gpgpusim-config='$conf' -o /dev/null 2> /dev/null")
	t2=${t2% *}
	awk -v c="$config" -v n="$name" -v s="$secs" -v t1="$t1" -v t2="$t2" -v c1="$c1" \
	    -v a="$as_wi" -v w="$wi" -v ac="$as_cyc" -v gc="$cyc" 'BEGIN {
		printf "| %s | %s | %d | %.3f | %.3f | %.0f | %.0f | %.3f | %.0f | %s / %s | %s / %s |\n",
			c, n, s, t1, t2, (t2 > 0 ? s / t2 : 0), (t1 > 0 ? s / t1 : 0),
			c1, (c1 > 0 ? s / c1 : 0), a, w, ac, gc }'
done
