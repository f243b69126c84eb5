#!/usr/bin/env bash
# shellcheck disable=SC2016  # awk and bash -c programs are single-quoted on purpose
# test-emu.sh - TAP tests of trace-emu.  Usage: test-emu.sh PATH/TO/trace-emu
# Exits non-zero if any test fails.
set -u
EMU=${1:?usage: test-emu.sh PATH/TO/trace-emu}
if [ ! -x "$EMU" ]; then
	echo "Bail out! $EMU is not executable"
	exit 1
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test-emu.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT

# kernel and tiny-size arguments
KERNELS=(vectoradd syrk gemm gesummv atax mvt conv2d conv3d bfs spmv
	 kmeans hotspot nw mshr stride)
declare -A ARGS=(
	[vectoradd]="--n=1000"
	[syrk]="--n=40 --m=8"
	[gemm]="--n=40 --m=8"
	[gesummv]="--n=40 --block=32"
	[atax]="--n=40 --m=30 --block=32"
	[mvt]="--n=40 --block=32"
	[conv2d]="--n=20 --m=40"
	[conv3d]="--n=6"
	[bfs]="--n=300 --m=3 --block=64"
	[spmv]="--n=300 --m=4 --block=64"
	[kmeans]="--n=300 --m=3 --block=64"
	[hotspot]="--n=20 --m=2 --iters=4"
	[nw]="--n=48"
	[mshr]="--height=64 --width=16"
	[stride]="--n=600 --stride=3 --iters=2"
)
FUNCTIONAL=(bfs spmv kmeans hotspot nw)

NTESTS=$(( ${#KERNELS[@]} * 3 + ${#FUNCTIONAL[@]} + 13 ))
echo "1..$NTESTS"
T=0
FAILED=0
ok() {
	T=$((T + 1))
	echo "ok $T - $1"
}
notok() {
	T=$((T + 1))
	FAILED=$((FAILED + 1))
	echo "not ok $T - $1"
	[ $# -gt 1 ] && printf '#   %s\n' "$2"
	return 0
}
check() { # desc, command...
	local desc=$1
	shift
	if "$@" >"$TMP/check.out" 2>&1; then
		ok "$desc"
	else
		notok "$desc" "$(head -c 300 "$TMP/check.out" | tr '\n' ' ')"
	fi
}

# structural check of a dump (warptrace extended dialect 1)
structure() {
	awk '
	function bad(msg) { printf "line %d: %s: %s\n", NR, msg, $0; err = 1; exit 1 }
	NR == 1 && $0 !~ /^blocksize: [0-9]+ [0-9]+ [0-9]+$/ { bad("first line is not blocksize") }
	/^#/ { next }
	/^[a-z]+: / {
		if (acc || NR == 1) { split("", seen); acc = 0; gt = 0; hdr = 0 }
		if (hdr == 0 && $1 != "blocksize:") bad("header does not start with blocksize")
		hdr++
		if (seen[$1]++) bad("duplicate header key")
		if ($1 == "blocksize:") bt = $2 * $3 * $4
		if ($1 == "gridsize:") gt = $2 * $3 * $4
		if ($1 == "kernel:" && $2 !~ /^[A-Za-z0-9_]+$/) bad("kernel name")
		kernels++
		next
	}
	{
		acc = 1; lines++
		if (NF != 6) bad("not 6 fields")
		if ($1 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ || $6 !~ /^[0-9]+$/) bad("not decimal")
		if (gt && $1 + 0 >= bt * gt) bad("gid outside the grid")
		if ($2 !~ /^[012]$/) bad("rw")
		if ($4 !~ /^(1|2|4|8|16)$/) bad("size")
		if ($5 !~ /^0x[0-9a-f]+$/) bad("pc")
		if ($3 % $4 != 0) bad("misaligned")
		if ($3 + 0 < 8589934592) bad("below the allocation base")
	}
	END { if (!err && lines == 0) { print "no access lines"; exit 1 } }
	' "$1"
}

# 1. every kernel runs and its dump is well formed
for k in "${KERNELS[@]}"; do
	# shellcheck disable=SC2086
	if "$EMU" "$k" ${ARGS[$k]} >"$TMP/$k.t" 2>"$TMP/$k.err" &&
	   [ ! -s "$TMP/$k.err" ] && structure "$TMP/$k.t" >"$TMP/$k.s" 2>&1; then
		ok "$k: runs, dump well formed"
	else
		notok "$k: runs, dump well formed" "$(cat "$TMP/$k.err" "$TMP/$k.s" 2>/dev/null | head -3 | tr '\n' ' ')"
	fi
done

# 2. --verify for the functional kernels
for k in "${FUNCTIONAL[@]}"; do
	# shellcheck disable=SC2086
	if "$EMU" "$k" ${ARGS[$k]} --verify >/dev/null 2>"$TMP/v.err" &&
	   grep -qx 'verify: ok' "$TMP/v.err"; then
		ok "$k: --verify"
	else
		notok "$k: --verify" "$(head -2 "$TMP/v.err" | tr '\n' ' ')"
	fi
done

# 3. determinism, 4. interleaved order
accesses() { grep -v -e '^#' -e ': ' "$1"; }
for k in "${KERNELS[@]}"; do
	# shellcheck disable=SC2086
	"$EMU" "$k" ${ARGS[$k]} >"$TMP/$k.t2" 2>/dev/null
	check "$k: deterministic" cmp "$TMP/$k.t" "$TMP/$k.t2"
done
for k in "${KERNELS[@]}"; do
	# shellcheck disable=SC2086
	"$EMU" "$k" ${ARGS[$k]} --order=interleaved >"$TMP/$k.i" 2>/dev/null
	accesses "$TMP/$k.t" >"$TMP/a.t"
	accesses "$TMP/$k.i" >"$TMP/a.i"
	why=""
	if ! cmp -s <(sort "$TMP/a.t") <(sort "$TMP/a.i"); then
		why="multisets differ"
	elif cmp -s "$TMP/a.t" "$TMP/a.i"; then
		why="same order as --order=thread"
	elif ! cmp -s <(grep -v '^#' "$TMP/$k.t" | grep ': ') \
		      <(grep -v '^#' "$TMP/$k.i" | grep ': '); then
		why="headers differ"
	elif ! cmp -s <(sort -s -n -k1,1 "$TMP/a.t") <(sort -s -n -k1,1 "$TMP/a.i"); then
		why="per-thread program order differs"
	fi
	if [ -z "$why" ]; then
		ok "$k: --order=interleaved permutes, keeps per-thread order"
	else
		notok "$k: --order=interleaved permutes, keeps per-thread order" "$why"
	fi
done

# 5. vectoradd: 3 accesses per thread, A, B, C in 4-byte steps
check "vectoradd: 3 accesses per thread, unit-stride A, B, C" awk '
	!/^#/ && !/: / {
		n[$1]++; pos = n[$1]
		if (pos == 1 && $2 != 0 || pos == 2 && $2 != 0 || pos == 3 && $2 != 1) exit 1
		a[pos, $1] = $3
	}
	END {
		if (length(n) != 1000) exit 1
		for (g in n) if (n[g] != 3) exit 1
		for (p = 1; p <= 3; p++) for (g = 1; g < 1000; g++)
			if (a[p, g] - a[p, g - 1] != 4) exit 1
		if (a[2, 0] <= a[1, 999] || a[3, 0] <= a[2, 999]) exit 1
	}' "$TMP/vectoradd.t"

# 6. mshr: one CTA of height threads, width loads + width stores each
check "mshr: 64 threads, 16 loads and 16 stores each, rows 64 B apart" awk '
	/^blocksize:/ && ($2 != 64 || $3 != 1) { exit 1 }
	/^gridsize:/ && ($2 != 1 || $3 != 1 || $4 != 1) { exit 1 }
	!/^#/ && !/: / {
		if ($2 == 0) { ld[$1]++; if (!($1 in first)) first[$1] = $3 }
		else st[$1]++
	}
	END {
		if (length(ld) != 64) exit 1
		for (g in ld) if (ld[g] != 16 || st[g] != 16) exit 1
		for (g = 1; g < 64; g++) if (first[g] - first[g - 1] != 64) exit 1
	}' "$TMP/mshr.t"

# 7. allocation placement: --base, 512-byte alignment, allocation order
check "--base sets the first allocation, next one 512-aligned" bash -c '
	"$1" vectoradd --n=100 --base=0x100000000 | awk "
		!/^#/ && !/: / { a[\$1 \" \" \$5] = \$3 }
		END { if (a[\"0 0x80\"] != 4294967296) exit 1
		      if (a[\"0 0x90\"] != 4294967296 + 512) exit 1
		      if (a[\"0 0xb0\"] != 4294967296 + 1024) exit 1 }"' _ "$EMU"
check "allocations of 2 MiB or more are 2 MiB aligned" bash -c '
	"$1" vectoradd --n=600000 | awk "
		!/^#/ && !/: / && \$1 == 0 { a[\$5] = \$3 }
		END { if (a[\"0x80\"] != 8589934592) exit 1
		      if (a[\"0x90\"] != 8589934592 + 4194304) exit 1 }"' _ "$EMU"

# 8. usage errors: exit 2, one line on stderr naming the problem
usage_err() { # expected-substring, args...
	local want=$1 rc
	shift
	"$EMU" "$@" >"$TMP/u.out" 2>"$TMP/u.err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$TMP/u.err")" -eq 1 ] &&
		grep -q -- "$want" "$TMP/u.err" && [ ! -s "$TMP/u.out" ]
}
check "bad value: exit 2, one line" usage_err "--n" syrk --n=abc
check "unknown option: exit 2, one line" usage_err "--bogus" syrk --bogus=1
check "unknown kernel: exit 2, one line" usage_err "nosuch" nosuch
check "missing kernel: exit 2, one line" usage_err "kernel" --n=3
check "option not used by the kernel: exit 2" usage_err "--stride" syrk --stride=2
check "bad --order / --block: exit 2" bash -c '
	"$1" vectoradd --order=random 2>/dev/null; a=$?
	"$1" vectoradd --block=0 2>/dev/null; b=$?
	"$1" hotspot --block=8,8 2>/dev/null; c=$?
	"$1" mshr --height=2000 2>/dev/null; d=$?
	[ $a -eq 2 ] && [ $b -eq 2 ] && [ $c -eq 2 ] && [ $d -eq 2 ]' _ "$EMU"

# 9. write error: exit 1 with one line
check "-o /dev/full: exit 1, one line" bash -c '
	"$1" syrk -o /dev/full 2>"$2/f.err"; rc=$?
	[ $rc -eq 1 ] && [ "$(wc -l <"$2/f.err")" -eq 1 ]' _ "$EMU" "$TMP"

# 10. --list, --help, --version
check "--list names every kernel" bash -c '
	out=$("$1" --list) || exit 1
	for k in vectoradd syrk gemm gesummv atax mvt conv2d conv3d bfs spmv \
		 kmeans hotspot nw mshr stride; do
		printf "%s\n" "$out" | grep -q "^$k " || exit 1
	done' _ "$EMU"
check "--help and --version exit 0" bash -c '
	"$1" --help | grep -q "^usage: trace-emu" && "$1" --version >/dev/null' _ "$EMU"

[ "$T" -eq "$NTESTS" ] || echo "# planned $NTESTS tests, ran $T"
[ "$FAILED" -eq 0 ] && [ "$T" -eq "$NTESTS" ]
