#!/usr/bin/env bash
# generate.sh - regenerates the shipped trace-emu samples, deterministically.
#
#   usage: [EMU=build/bin/trace-emu] [JOBS=N] samples/generate.sh [OUTDIR]
#
# Every sample is `trace-emu ARGS | zstd -12`; zstd's output for the same
# input, version and level is byte-identical, and zstd writes no names or
# times into a frame compressed from a pipe.  Exits non-zero on any failure.
set -euo pipefail

EMU=${EMU:-build/bin/trace-emu}
OUT=${1:-samples}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# Level 12, chosen by measurement: regenerating every sample takes seconds
# instead of minutes at 19, the total stays under 6 MB, and on some dumps
# it even compresses better (mshr-h1024: 1.07 MB against 1.93 MB at 19).
LEVEL=${ZSTD_LEVEL:-12}

if [ ! -x "$EMU" ]; then
	echo "generate.sh: emulator '$EMU' not found (build it or set EMU)" >&2
	exit 1
fi
if ! command -v zstd >/dev/null 2>&1; then
	echo "generate.sh: zstd not found" >&2
	exit 1
fi
mkdir -p "$OUT"

# name and trace-emu arguments of every sample
SAMPLES=(
	"vectoradd vectoradd"
	"syrk syrk"
	"gemm gemm"
	"gesummv gesummv"
	"atax atax"
	"mvt mvt"
	"conv2d conv2d"
	"conv3d conv3d"
	"bfs bfs"
	"spmv spmv"
	"kmeans kmeans"
	"hotspot hotspot"
	"nw nw"
	"mshr-h32 mshr --height=32"
	"mshr-h64 mshr --height=64"
	"mshr-h128 mshr --height=128"
	"mshr-h256 mshr --height=256"
	"mshr-h512 mshr --height=512"
	"mshr-h1024 mshr --height=1024"
	"stride-s1 stride --stride=1"
	"stride-s32 stride --stride=32"
	"stride-s33 stride --stride=33"
	"vectoradd-big vectoradd --n=98304"
	"spmv-big spmv --n=24576 --m=3"
)

gen() { # name args...
	local name=$1 tmp
	shift
	tmp="$OUT/.$name.trc.zst.tmp"
	if "$EMU" "$@" | zstd -$LEVEL -q -f -o "$tmp"; then
		mv -f "$tmp" "$OUT/$name.trc.zst"
	else
		rm -f "$tmp"
		echo "generate.sh: failed: $EMU $*" >&2
		return 1
	fi
}

fail=0
running=0
for s in "${SAMPLES[@]}"; do
	# shellcheck disable=SC2086  # the argument list is split on purpose
	gen $s &
	running=$((running + 1))
	if [ "$running" -ge "$JOBS" ]; then
		wait -n || fail=1
		running=$((running - 1))
	fi
done
while [ "$running" -gt 0 ]; do
	wait -n || fail=1
	running=$((running - 1))
done
if [ "$fail" -ne 0 ]; then
	echo "generate.sh: some samples failed" >&2
	exit 1
fi
