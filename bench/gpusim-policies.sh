#!/bin/sh
# gpusim-policies.sh - the policy study of issue 44 under the closed-loop
# simulator: every sample dump, every policy gpusim accepts, one row of
# cycles and IPC each, with the speedup over the baseline of the same
# sample and machine.  A tool for measuring; make check never runs it.
#
#   sh bench/gpusim-policies.sh [-b BUILD] [-o DIR] [-a "ARCH..."] [-s "SKIP..."] [-j N]
#
#   -b BUILD  warptrace's build directory (default: build)
#   -o DIR    where the results go (default: /work/validation/gpusim-policies):
#             DIR/results.csv (every run), DIR/tables.md (speedups,
#             the commands and the commit), DIR/err/ (gpusim's messages
#             of runs that failed or were refused)
#   -a ARCHS  machines, given to trace-order and gpusim as --arch
#             (default: "fermi qv100")
#   -s SKIP   samples left out (default: "mshr-h256 mshr-h512
#             mshr-h1024": 10 to 26 s a run each, 40 runs a machine)
#   -j N      (machine, sample) pairs run at a time (default 2)
#   -p PARTS  the groups of runs below (default: "l1 swl cta l2 mdegree");
#             base always runs
#
# The runs of one sample and machine, each `gpusim [--arch=A] OPTS ORD`
# on the stream ORD of `trace-gen S | trace-order [--arch=A]`:
#   base          no options: gpusim's defaults (GTO, no L1 or L2 policy)
#   l1:P          --l1='--policy=P' for each of l1sim's policies (those
#                 that schedule warps run their pool hooks on gpusim's
#                 SMs: gpusim(1), POLICIES);
#                 on a machine with a sectored L1 (qv100), which the
#                 policies refuse, as they refuse the adaptive L1,
#                 l1:line (--l1='--sectored=no --unified=0': a line L1
#                 of the machine's size) runs first and every l1:P is
#                 --l1='--sectored=no --unified=0 --policy=P' against it
#   swl:N         --warp-limit=N, N = 1, 2, 4, 8, 16 (static warp limit)
#   cta:N         --cta-limit=N, N = 1 to the most CTAs a kernel of the
#                 base run held on an SM (above that nothing can change)
#   l2:line       --l2='--sectored=no --write-allocate=no': MeDiC, PCAL,
#                 EAF and MeDiC's bypass baselines need a line L2; the
#                 l2:* rows below are measured against this one
#   l2:X          that L2 with X: --medic=wbyp|wip|all, --bypass=rand:0.5,
#                 --bypass=pc, --bypass=streaming, --eaf, --pcal=8
# and mdegree's decision (Yen's scheme) for the sample and machine, set
# beside the best measured cta:N.  Every run has a 300 s timeout
# (status "timeout"); exit status 2 (gpusim's usage errors: what it
# refuses to model) is "refused", another non-zero one "fail".
set -u

BUILD=build
OUT=/work/validation/gpusim-policies
ARCHS="fermi qv100"
SKIP="mshr-h256 mshr-h512 mshr-h1024"
JOBS=2
PARTS="l1 swl cta l2 mdegree"
TIMEOUT=300
L1POLS="sbyp dwt-cs dwt-pric swt ccws mrpb pcal abyp pd apcm apcm-bypass apcm-protect apcm-pd apcm-swl rand-byp"
L2LINE="--sectored=no --write-allocate=no"

# One (machine, sample): called by the script itself, through xargs.
if [ "${1:-}" = "--one" ]; then
	BUILD=$2 OUT=$3 PARTS=$4 arch=$5 s=$6
	B=$BUILD/bin
	d=$OUT/tmp/$arch-$s
	mkdir -p "$d" "$OUT/err" "$OUT/rows"
	rows=$OUT/rows/$arch-$s.csv
	: > "$rows"
	aopt=--arch=$arch
	"$B/trace-gen" "samples/$s.trc.zst" | "$B/trace-order" $aopt > "$d/ord" ||
		{ echo "$arch,$s,order,,fail" >> "$rows"; exit 0; }

	# run NAME REF OPTS...: one gpusim, one row
	run() {
		name=$1 ref=$2
		shift 2
		t0=$(date +%s.%N)
		timeout $TIMEOUT "$B/gpusim" $aopt "$@" -o "$d/j.json" "$d/ord" \
			2> "$d/err"
		rc=$?
		t1=$(date +%s.%N)
		secs=$(echo "$t1 - $t0" | bc)
		opts=$(printf '%s ' "$@" | sed 's/ $//')
		if [ $rc -eq 124 ]; then
			st=timeout
		elif [ $rc -eq 2 ]; then
			st=refused
		elif [ $rc -ne 0 ]; then
			st=fail
		else
			st=ok
		fi
		if [ $st != ok ]; then
			cp "$d/err" "$OUT/err/$arch-$s-$(echo "$name" | tr ':' '_').txt"
			printf '%s,%s,%s,"%s",%s,,,,%s,,,,,,,,,,,,,,%s\n' \
				"$arch" "$s" "$name" "$opts" "$st" "$ref" "$secs" >> "$rows"
			return
		fi
		jq -r --arg a "$arch" --arg s "$s" --arg n "$name" \
			--arg o "$opts" --arg r "$ref" --arg t "$secs" '
			[$a, $s, $n, $o, "ok", .cycles, .ipc, "", $r,
			 .l1.total.miss_rate, .l1.total.bypasses,
			 .l2.total.hit_rate, (.l2.total.bypasses + .l2.total.medic_bypasses + .l2.total.pcal_noalloc),
			 .dram.total.reads, .load_latency.mean,
			 .sm_cycles, .issue_cycles, .stall_cycles.idle,
			 .stall_cycles.memory, .stall_cycles.no_line,
			 .stall_cycles.mshr_full, .stall_cycles.icnt_full,
			 (.stall_cycles.throttled // 0),
			 ([.kernels[].ctas_per_sm] | max), $t] | @csv' \
			"$d/j.json" | tr -d '"' | sed "s|,$opts,|,\"$opts\",|" >> "$rows"
	}

	has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }

	run base base
	maxcta=$(awk -F, '$3 == "base" { print $(NF-1) }' "$rows")
	l1pre= l1ref=base
	if [ -f "$d/j.json" ] && [ "$(jq '.l1.total | has("sectors")' "$d/j.json")" = true ]; then
		l1pre="--sectored=no --unified=0 " l1ref=l1:line
	fi
	if has l1; then
		[ -n "$l1pre" ] && run l1:line l1:line "--l1=$l1pre"
		for p in $L1POLS; do
			run "l1:$p" $l1ref "--l1=$l1pre--policy=$p"
		done
	fi
	if has swl; then
		for n in 1 2 4 8 16; do
			run "swl:$n" base "--warp-limit=$n"
		done
	fi
	n=1
	while has cta && [ -n "$maxcta" ] && [ $n -le "$maxcta" ]; do
		run "cta:$n" base "--cta-limit=$n"
		n=$((n + 1))
	done
	if has l2; then
		run l2:line l2:line "--l2=$L2LINE"
		for x in --medic=wbyp --medic=wip --medic=all --bypass=rand:0.5 \
		    --bypass=pc --bypass=streaming --eaf --pcal=8; do
			run "l2:${x#--}" l2:line "--l2=$L2LINE $x"
		done
	fi

	# mdegree: Yen's decision at the default 16K L1, open loop
	if ! has mdegree; then
		:
	elif timeout $TIMEOUT "$B/mdegree" -a "$arch" -j1 --format=csv \
	    "samples/$s.trc.zst" > "$d/md.csv" 2> "$d/err"; then
		awk -F, -v a="$arch" -v s="$s" '
			/^# decision/ { dec = 1; next }
			dec && /^16K/ { printf "%s,%s,mdegree,,ok,,,,,predicted_md=%s best_md=%s agree=%s\n",
			    a, s, $5, $6, $7 }' "$d/md.csv" >> "$rows"
	else
		cp "$d/err" "$OUT/err/$arch-$s-mdegree.txt"
		echo "$arch,$s,mdegree,,fail" >> "$rows"
	fi
	rm -rf "$d"
	exit 0
fi

while getopts b:o:a:s:j:p: o; do
	case $o in
	b) BUILD=$OPTARG ;;
	o) OUT=$OPTARG ;;
	a) ARCHS=$OPTARG ;;
	s) SKIP=$OPTARG ;;
	j) JOBS=$OPTARG ;;
	p) PARTS=$OPTARG ;;
	*) echo "usage: sh bench/gpusim-policies.sh [-b BUILD] [-o DIR] [-a ARCHS] [-s SKIP] [-j N] [-p PARTS]" >&2
	   exit 2 ;;
	esac
done
for t in gpusim trace-gen trace-order mdegree; do
	[ -x "$BUILD/bin/$t" ] || { echo "gpusim-policies.sh: no $BUILD/bin/$t (make all)" >&2; exit 1; }
done
command -v jq >/dev/null || { echo "gpusim-policies.sh: jq not found" >&2; exit 1; }
mkdir -p "$OUT"
rm -rf "$OUT/rows" "$OUT/err" "$OUT/tmp"

for a in $ARCHS; do
	for f in samples/*.trc.zst; do
		s=$(basename "$f" .trc.zst)
		case " $SKIP " in *" $s "*) continue ;; esac
		echo "$a $s"
	done
done | xargs -P "$JOBS" -n 2 sh "$0" --one "$BUILD" "$OUT" "$PARTS"

# Speedups: ref's cycles over the row's.
hdr="arch,sample,config,options,status,cycles,ipc,speedup,ref,l1_miss_rate,l1_bypasses,l2_hit_rate,l2_bypasses_noalloc,dram_reads,load_latency,sm_cycles,issue_cycles,stall_idle,stall_memory,stall_no_line,stall_mshr_full,stall_icnt,stall_throttled,max_ctas_per_sm,seconds"
{
	echo "$hdr"
	for a in $ARCHS; do
		for f in samples/*.trc.zst; do
			s=$(basename "$f" .trc.zst)
			[ -f "$OUT/rows/$a-$s.csv" ] || continue
			awk -F, -v OFS=, '
				# the options field is quoted and may hold commas
				{ n = split($0, q, "\""); if (n == 3) { gsub(/,/, ";", q[2]); $0 = q[1] "\"" q[2] "\"" q[3] } }
				{ line[NR] = $0; if ($5 == "ok" && $3 == $9) ref[$3] = $6 }
				END {
					for (i = 1; i <= NR; i++) {
						$0 = line[i]
						if ($5 == "ok" && ($9 in ref) && $6 > 0)
							$8 = sprintf("%.4f", ref[$9] / $6)
						print
					}
				}' "$OUT/rows/$a-$s.csv"
		done
	done
} > "$OUT/results.csv"

# tables.md: per machine, a table of speedups, samples by configs.
commit=$(git rev-parse HEAD 2>/dev/null)
dirty=$(git status --porcelain -- lib cmd 2>/dev/null | wc -l)
{
	echo "# gpusim policy study (issue 44)"
	echo
	echo "Commit $commit$( [ "$dirty" -gt 0 ] && echo " (lib/ or cmd/ modified)"), $(date -u '+%Y-%m-%d %H:%M UTC')."
	echo "Generated by \`sh bench/gpusim-policies.sh -b $BUILD -a \"$ARCHS\" -s \"$SKIP\" -p \"$PARTS\"\`."
	echo
	echo "Each run: \`trace-gen samples/S.trc.zst | trace-order --arch=A > ORD\`, then"
	echo "\`timeout $TIMEOUT gpusim --arch=A OPTIONS ORD\` with OPTIONS of results.csv's options column"
	echo "(';' there stands for ','; L1 policies as \`--l1='--policy=P'\`, L2 as \`--l2='...'\`)."
	echo "Speedup = cycles of the reference (base; l2:line for the l2:* rows that need a line L2) / cycles."
	echo "Samples left out: $SKIP. mdegree: \`mdegree -a A -j1 samples/S.trc.zst\` (open loop), its decision at 16K."
	for a in $ARCHS; do
		echo
		echo "## $a: speedup over the reference (cycles of base in the second column)"
		echo
		awk -F, -v a="$a" '
			NR == 1 || $1 != a { next }
			$3 == "mdegree" { md[$2] = $10; next }
			!($2 in seen) { seen[$2] = 1; samples[++ns] = $2 }
			!($3 in cseen) { cseen[$3] = 1; cfgs[++nc] = $3 }
			$3 == "base" { base[$2] = $6 }
			{ v[$2, $3] = ($5 == "ok") ? $8 : $5 }
			END {
				printf "| sample | base cycles |"
				for (j = 1; j <= nc; j++) if (cfgs[j] != "base") printf " %s |", cfgs[j]
				printf " mdegree |\n|---|---|"
				for (j = 1; j <= nc; j++) if (cfgs[j] != "base") printf "---|"
				printf "---|\n"
				for (i = 1; i <= ns; i++) {
					s = samples[i]
					printf "| %s | %s |", s, base[s]
					for (j = 1; j <= nc; j++) if (cfgs[j] != "base") {
						x = v[s, cfgs[j]]
						if (x == "refused") x = "ref."
						printf " %s |", x
					}
					printf " %s |\n", md[s]
				}
			}' "$OUT/results.csv"
	done
	echo
	echo "Runs gpusim refused or that failed: how many, and its message"
	echo "(the runs are in DIR/err/):"
	echo
	for f in "$OUT"/err/*; do
		[ -f "$f" ] && head -1 "$f"
	done | sed 's/--policy=[a-z-]*/--policy=P/' | sort | uniq -c |
		sed 's/^ *\([0-9]*\) \(.*\)/- \1 runs: `\2`/'
} > "$OUT/tables.md"
rm -rf "$OUT/tmp"
echo "gpusim-policies.sh: $(($(wc -l < "$OUT/results.csv") - 1)) rows in $OUT/results.csv"
