#!/bin/sh
# demo.sh - the main job on a shipped sample: SYRK from PolyBench/GPU
# through the whole pipeline, then what each stage measured: the memory
# divergence of coalesce, the L1 and L2 hit rates, the DRAM row-buffer hit
# rate and latency; what classify makes of the kernel; and report's
# tables of it all, with its HTML page.
set -eu
bin=${1:-build/bin}
sample=samples/syrk.trc.zst
out=${DEMO_DIR:-build/demo}
[ -f "$sample" ] || { echo "demo: $sample is missing (make samples)" >&2; exit 1; }
mkdir -p "$out"
num() {	# num FILE KEY: the first number or null named KEY in the "total" object
	tr -d ' \n' < "$1" | sed 's/.*"total":{//' | grep -o "\"$2\":[0-9.e+-]*" | head -n 1 | cut -d: -f2
}
echo "\$ trace-gen $sample | trace-order --arch=fermi | coalesce | l1sim | l2sim | dramsim"
"$bin/trace-gen" "$sample" | "$bin/trace-order" --arch=fermi \
	| "$bin/coalesce" --stats="$out/coalesce.json" \
	| "$bin/l1sim" --stats="$out/l1sim.json" \
	| "$bin/l2sim" --stats="$out/l2sim.json" \
	| "$bin/dramsim" --stats="$out/dramsim.json" -o "$out/dram.wt"
"$bin/trace-dump" --summary "$out/dram.wt" | grep -v "^#"
echo
echo "requests per warp instruction (memory divergence), from $out/coalesce.json:"
tr -d ' \n' < "$out/coalesce.json" | sed 's/.*"total":{//; s/.*"requests_per_instruction":{\([^}]*\)}.*/  \1/; s/,/\n  /g; s/"//g'
echo
echo "l1sim:   L1 load miss rate $(num "$out/l1sim.json" miss_rate)" \
	"($(num "$out/l1sim.json" misses) misses of $(num "$out/l1sim.json" loads) loads)"
echo "l2sim:   L2 hit rate $(num "$out/l2sim.json" hit_rate)" \
	"($(num "$out/l2sim.json" hits) hits, $(num "$out/l2sim.json" misses) misses)"
echo "dramsim: row-buffer hit rate $(num "$out/dramsim.json" row_buffer_hit_rate)," \
	"mean latency $(num "$out/dramsim.json" mean) cycles"
echo "statistics: $out/*.json"
echo
echo "\$ trace-gen $sample | trace-order --arch=fermi | coalesce | classify"
"$bin/trace-gen" "$sample" | "$bin/trace-order" --arch=fermi | "$bin/coalesce" \
	| "$bin/classify" --stats="$out/classify.json" -o "$out/classify.txt"
sed -n '/^Kernels:/,/^$/p' "$out/classify.txt" | fold -s -w 78
echo "the whole report: $out/classify.txt"
echo
files="$out/coalesce.json $out/l1sim.json $out/l2sim.json $out/dramsim.json $out/classify.json"
echo "\$ report --tables=l1sim,l2sim,dramsim,classify,miss-classes $out/*.json"
# shellcheck disable=SC2086 # $files is a list of paths without spaces
"$bin/report" --tables=l1sim,l2sim,dramsim,classify,miss-classes $files
# shellcheck disable=SC2086
"$bin/report" --html="$out/report" -o "$out/report.txt" $files
echo
echo "every table: $out/report.txt; the page, with the figures: $out/report/index.html"
