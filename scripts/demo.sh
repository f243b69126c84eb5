#!/bin/sh
# demo.sh - the main job on a shipped sample: SYRK from PolyBench/GPU
# through the stages that exist so far, then a summary of the requests
# and the memory divergence coalesce measured.  Later stages join the
# pipeline as they land.
set -eu
bin=${1:-build/bin}
sample=samples/syrk.trc.zst
out=${DEMO_DIR:-build/demo}
[ -f "$sample" ] || { echo "demo: $sample is missing (make samples)" >&2; exit 1; }
mkdir -p "$out"
echo "\$ trace-gen $sample | trace-order --arch=fermi | coalesce --stats=$out/coalesce.json | trace-dump --summary"
"$bin/trace-gen" "$sample" | "$bin/trace-order" --arch=fermi \
	| "$bin/coalesce" --stats="$out/coalesce.json" | "$bin/trace-dump" --summary
echo
echo "requests per warp instruction (memory divergence), from $out/coalesce.json:"
tr -d ' \n' < "$out/coalesce.json" | sed 's/.*"total":{//; s/.*"requests_per_instruction":{\([^}]*\)}.*/  \1/; s/,/\n  /g; s/"//g'
echo
