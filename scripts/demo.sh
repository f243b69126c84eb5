#!/bin/sh
# demo.sh - the main job on a shipped sample: convert an emulated SYRK dump
# into a stream and sum it up.  Later stages join the pipeline as they land.
set -eu
bin=${1:-build/bin}
sample=samples/syrk.trc.zst
[ -f "$sample" ] || { echo "demo: $sample is missing (make samples)" >&2; exit 1; }
echo "\$ trace-gen $sample | trace-dump --summary"
"$bin/trace-gen" "$sample" | "$bin/trace-dump" --summary
