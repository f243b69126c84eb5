#!/bin/sh
# same-outputs.sh - whether two builds of warptrace give byte-identical
# outputs: every stage's stream, every --stats file and every exit status,
# on the samples under every machine preset, every L1 policy, every L2
# policy (MeDiC, Rand, PC-Byp, EAF, PCAL, the streaming bypass, alone and
# together) and classify, and the simulators' streams again without
# --stats (which keeps less).  The check a refactoring must pass (issue 43: no behaviour
# change); `make same BASE=REV` builds REV and runs it against this tree.
#
#   sh scripts/same-outputs.sh [-q] OLD NEW [TRACE...]
#
# OLD and NEW are build directories (their bin/ holds the programs).  The
# traces are the shipped samples unless given.  -q: a quick subset (two
# presets, three L1 policies, the L2 policies in five mixes), for tests.  Each build runs in a directory of
# its own under $SAME_DIR (default: a temporary one, removed at the end),
# with the same relative file names and the programs found on its PATH,
# so that the command lines the stats and stream headers record agree.
# Every stage reads the file its upstream wrote (no pipes), so each exit
# status is its own.  Prints one line per difference and a summary; exits
# 0 when everything is the same, 1 when something differs, 2 on a usage
# error.
set -eu

quick=0
if [ "${1:-}" = "-q" ]; then
	quick=1
	shift
fi
[ $# -ge 2 ] || { echo "usage: sh scripts/same-outputs.sh [-q] OLD NEW [TRACE...]" >&2; exit 2; }
old=$(cd "$1" && pwd) new=$(cd "$2" && pwd)
shift 2
for b in "$old" "$new"; do
	for p in trace-gen trace-order coalesce l1sim l2sim dramsim classify; do
		[ -x "$b/bin/$p" ] || { echo "same-outputs: $b/bin/$p: not found; expected a build directory" >&2; exit 2; }
	done
done
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$root"/samples/*.trc.zst
# The L2 policies' runs, NAME:OPTIONS a line, on a line L2 (what they
# need); short periods, so that the samples see their resets, draws and
# switches.  The mixes come first: -q runs those alone.
l2mixes="all-pcal:--medic=all --pcal=4 --medic-reset=3000 --medic-profile=8 --write=write-through
sbyp-wip-pcal:--bypass=streaming --sbyp-period=2000 --sbyp-threshold=0.5 --medic=wip --pcal=8
sbyp-eaf:--bypass=streaming --eaf --sbyp-period=500 --sbyp-threshold=0.6 --write=write-through
rand-eaf-pcal:--bypass=rand:0.2 --eaf --pcal=16 --medic-reset=5000 --batch=2000
pc-wip:--bypass=pc --medic=wip --medic-reset=5000 --batch=3000"
l2alone="wbyp:--medic=wbyp
wip:--medic=wip --medic-reset=5000 --medic-profile=8 --medic-step=2
rand:--bypass=rand:0.3 --medic-reset=5000 --seed=7
pc:--bypass=pc --medic-reset=5000
sbyp:--bypass=streaming --sbyp-period=1000 --sbyp-threshold=0.6
eaf:--eaf
pcal:--pcal=8 --medic-reset=5000"
if [ $quick = 1 ]; then
	archs="fermi volta"
	policies="sbyp ccws apcm"
	l2policies=$l2mixes
else
	archs="fermi kepler pascal gtx1080 volta turing ampere hopper nugteren"
	policies="sbyp dwt-cs dwt-pric swt ccws mrpb pcal abyp pd apcm apcm-bypass apcm-protect apcm-pd apcm-swl"
	l2policies="$l2mixes
$l2alone"
fi
work=${SAME_DIR:-}
if [ -z "$work" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/same.XXXXXX")
	trap 'rm -rf "$work"' EXIT
fi

# stage BUILD NAME CMD...: run CMD in BUILD's directory (old or new) with
# BUILD's programs, the stage's exit status into NAME.rc (its outputs are
# NAME.wt and NAME.json)
stage() {
	_dir=$work/$1 _bin=$old/bin _n=$2
	[ "$1" = new ] && _bin=$new/bin
	shift 2
	(cd "$_dir" && PATH="$_bin:$PATH" "$@" > /dev/null 2> "$_n.err"
	 echo $? > "$_n.rc") || true
}

# every run of one trace, in one build
runs() {
	b=$1 t=$2 n=$3
	for a in $archs; do
		p=$n-$a
		stage "$b" "$p-tg" trace-gen -o "$p-tg.wt" --stats="$p-tg.json" "$t"
		stage "$b" "$p-to" trace-order --arch="$a" -o "$p-to.wt" --stats="$p-to.json" "$p-tg.wt"
		stage "$b" "$p-co" coalesce -o "$p-co.wt" --stats="$p-co.json" "$p-to.wt"
		stage "$b" "$p-l1" l1sim -o "$p-l1.wt" --stats="$p-l1.json" "$p-co.wt"
		stage "$b" "$p-l2" l2sim -o "$p-l2.wt" --stats="$p-l2.json" "$p-l1.wt"
		stage "$b" "$p-dr" dramsim -o "$p-dr.wt" --stats="$p-dr.json" "$p-l2.wt"
		stage "$b" "$p-cl" classify --format=json -o "$p-cl.json" "$p-co.wt"
		# without --stats, which keeps less (warps, PCs, queues,
		# instructions, latencies) and must write the same streams
		stage "$b" "$p-l1n" l1sim -o "$p-l1n.wt" "$p-co.wt"
		stage "$b" "$p-l2n" l2sim -o "$p-l2n.wt" "$p-l1.wt"
		stage "$b" "$p-drn" dramsim -o "$p-drn.wt" "$p-l2.wt"
	done
	p=$n-fermi
	# small batches: many horizons, fill write-backs, flushes
	stage "$b" "$p-l1b" l1sim --batch=997 --alloc=fill --write=write-back \
		--write-allocate=yes --flush=yes -o "$p-l1b.wt" --stats="$p-l1b.json" "$p-co.wt"
	for pol in $policies; do
		stage "$b" "$p-pol-$pol" l1sim --sched=pool --policy="$pol" \
			-o "$p-pol-$pol.wt" --stats="$p-pol-$pol.json" "$p-co.wt"
	done
	stage "$b" "$p-medic" l2sim --sectored=no --write-allocate=yes --events=all \
		--medic=all -o "$p-medic.wt" --stats="$p-medic.json" "$p-l1.wt"
	stage "$b" "$p-mdr" dramsim --sched=medic -o "$p-mdr.wt" --stats="$p-mdr.json" \
		"$p-medic.wt"
	stage "$b" "$p-medicn" l2sim --sectored=no --write-allocate=yes --events=all \
		--medic=all -o "$p-medicn.wt" "$p-l1.wt"
	stage "$b" "$p-mdrn" dramsim --sched=medic -o "$p-mdrn.wt" "$p-medic.wt"
	stage "$b" "$p-pooln" l1sim --sched=pool -o "$p-pooln.wt" "$p-co.wt"
	# dramsim's other schedulers: FCFS, and MeDiC's with short epochs,
	# small queues and batches (its two queues' files)
	stage "$b" "$p-fcfs" dramsim --sched=fcfs -o "$p-fcfs.wt" --stats="$p-fcfs.json" \
		"$p-l2.wt"
	stage "$b" "$p-mdr2" dramsim --sched=medic --medic-reset=3000 --medic-profile=8 \
		--medic-step=2 --queue=4 --batch=5000 --spill=0 -o "$p-mdr2.wt" \
		--stats="$p-mdr2.json" "$p-medic.wt"
	echo "$l2policies" | while IFS=: read -r name opts; do
		# shellcheck disable=SC2086 # opts: words, none with blanks
		stage "$b" "$p-l2-$name" l2sim --sectored=no --write-allocate=yes \
			--events=all $opts -o "$p-l2-$name.wt" --stats="$p-l2-$name.json" \
			"$p-l1.wt"
	done
	stage "$b" "$p-cle" classify --format=json -o "$p-cle.json" "$p-l1.wt"
	rm -f "$work/$b/$n"-*-tg.wt	# the largest, read by nothing else
}

mkdir -p "$work/old" "$work/new"
files=0 diffs=0 failed=0
for t in "$@"; do
	case $t in /*) ;; *) t=$(pwd)/$t ;; esac
	[ -f "$t" ] || { echo "same-outputs: $t: no such trace" >&2; exit 2; }
	base=$(basename "$t") n=${base%%.*}
	ln -sf "$t" "$work/old/$base"
	ln -sf "$t" "$work/new/$base"
	runs old "$base" "$n"
	runs new "$base" "$n"
	for f in "$work/new/$n"-*.rc; do
		[ "$(cat "$f")" = 0 ] || failed=$((failed + 1))
	done
	for f in "$work/old/$n"-*; do
		g=$work/new/${f##*/}
		case $f in *.err) continue ;; esac
		files=$((files + 1))
		if [ ! -e "$g" ]; then
			echo "differs: ${f##*/}: only OLD made it"
			diffs=$((diffs + 1))
		elif ! cmp -s "$f" "$g"; then
			echo "differs: ${f##*/}"
			diffs=$((diffs + 1))
		fi
	done
	for g in "$work/new/$n"-*; do
		[ -e "$work/old/${g##*/}" ] || { echo "differs: ${g##*/}: only NEW made it"; diffs=$((diffs + 1)); }
	done
	rm -f "$work/old/$n"-* "$work/new/$n"-* "$work/old/$base" "$work/new/$base"
done
echo "same-outputs: $files files (streams, stats, exit statuses) of $# traces: $diffs differ;" \
	"$failed stages of NEW exited non-zero"
[ "$diffs" -eq 0 ]
