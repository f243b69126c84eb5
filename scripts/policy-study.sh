#!/bin/sh
# policy-study.sh - every L1 management policy on every trace, and the
# tables and figure of Khairy et al. (Fig. 8-12) and Koo et al. (Fig.
# 12-13): IPC normalized to the baseline, miss rate, MPKI and reservation
# fails, by application category, with harmonic means.
#
# Each trace goes through trace-gen | trace-order | coalesce once; classify
# names its category; l1sim runs it once per policy in the warp pool (the
# IPC estimate needs it); report makes the tables.  A policy is an
# l1sim --policy value, or assoc:N for the baseline with N ways (assoc:full
# for a fully associative L1) as in Khairy Fig. 12.
set -eu

usage() {
	cat <<EOF
usage: policy-study.sh [options] TRACE...
  -o DIR          write everything to DIR (default policy-study.out)
  -p LIST         policies, space-separated (default: $DEFAULT)
  -j N            runs at a time (default: online CPUs)
  --order=OPTS    options for trace-order (e.g. "--sms=4")
  --l1=OPTS       options for every l1sim run (e.g. "--period=2000")
  --category=C    khairy (default) or apcm: how rows are grouped
  --html          also DIR/html/index.html with the figure
EOF
	exit 2
}

DEFAULT="none sbyp dwt-cs dwt-pric swt ccws mrpb pcal abyp pd apcm-bypass apcm-protect apcm apcm-swl assoc:16 assoc:32 assoc:64 assoc:full"
out=policy-study.out
policies=$DEFAULT
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
order=
l1=
category=khairy
html=
while [ $# -gt 0 ]; do
	case $1 in
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-p) [ $# -ge 2 ] || usage; policies=$2; shift 2 ;;
	-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--order=*) order=${1#--order=}; shift ;;
	--l1=*) l1=${1#--l1=}; shift ;;
	--category=*) category=${1#--category=}; shift ;;
	--html) html=1; shift ;;
	-h|--help) usage ;;
	-*) echo "policy-study.sh: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
case $jobs in ''|*[!0-9]*|0) echo "policy-study.sh: -j $jobs: expected a count" >&2; exit 2 ;; esac
for p in $policies; do
	case $p in
	*[!A-Za-z0-9:,-]*) echo "policy-study.sh: bad policy name '$p'" >&2; exit 2 ;;
	esac
done
mkdir -p "$out"

# The requests and the category of each trace.
names=
for t in "$@"; do
	[ -r "$t" ] || { echo "policy-study.sh: $t: cannot read" >&2; exit 1; }
	n=$(basename "$t"); n=${n%%.*}
	case " $names " in *" $n "*)
		echo "policy-study.sh: two traces named $n" >&2; exit 2 ;;
	esac
	names="$names $n"
	# shellcheck disable=SC2086
	trace-gen "$t" | trace-order $order | coalesce > "$out/$n.req"
	classify --stats="$out/$n.classify.json" "$out/$n.req" > /dev/null
done

# One line per run: the trace, the policy; run them N at a time.
for n in $names; do
	for p in $policies; do
		echo "$n $p"
	done
done > "$out/runs.txt"
export out l1
xargs -P "$jobs" -L 1 sh -c '
	n=$1 p=$2
	case $p in
	assoc:*) opts="--assoc=${p#assoc:} --index=linear"; f=$n.assoc-${p#assoc:} ;;
	*) opts="--policy=$p"; f=$n.$p ;;
	esac
	# shellcheck disable=SC2086
	l1sim --sched=pool $opts $l1 --stats="$out/$f.json" -o /dev/null "$out/$n.req" ||
		{ echo "policy-study.sh: l1sim $opts on $n failed" >&2; exit 255; }
' sh < "$out/runs.txt"

# The tables, in the order given: runs by trace, then policy.
set --
for n in $names; do
	for p in $policies; do
		case $p in
		assoc:*) set -- "$@" "$out/$n.assoc-${p#assoc:}.json" ;;
		*) set -- "$@" "$out/$n.$p.json" ;;
		esac
	done
	set -- "$@" "$out/$n.classify.json"
done
base=${policies%% *}
tables=policy-ipc,policy-miss-rate,policy-mpki,policy-fails
report --tables=$tables --baseline-policy="$base" --category="$category" \
	-o "$out/report.txt" "$@"
report --tables=$tables --baseline-policy="$base" --category="$category" \
	--format=markdown -o "$out/report.md" "$@" 2> /dev/null
if [ -n "$html" ]; then
	report --tables=$tables --baseline-policy="$base" --category="$category" \
		--html="$out/html" --title="L1 management policies" -o /dev/null "$@" 2> /dev/null
fi
rm -f "$out"/*.req
cat "$out/report.txt"
