#!/bin/sh
# report --compare: each profiler export (nvprof's summary and
# --print-gpu-trace, ncu's details page and --page raw), l1sim's mangled
# kernel names (Accel-Sim traces) against demangled and templated ones,
# launches averaged, kernels matched on one side only named, no match at
# all an error.  The CSVs in tests/data/compare are laid out as the tools
# write them; modelled.json is an l1sim stats file of mangled names:
#   synth1(float*, float*)           300 hits, 100 misses   0.25
#   synth2(double*)                  100       100          0.50
#   void foo<float, 4>(float*, int)  150        50          0.25
#   void foo<double, 4>(double*, int) 50       150          0.75
#   void ns::detail::baz<int>(int*)   90        10          0.10
#   unseen(int*)                       1         1          (no measurement)
. "$(dirname "$0")/lib.sh"

D=tests/data/compare

# compare CSV [STATS]: report's compare table as one line, its title
# first, notes in $T/notes; with $PATH_ONLY, report runs with that PATH
compare() {
	env PATH="${PATH_ONLY:-$PATH}" report --tables=compare --compare="$1" \
		"${2:-$D/modelled.json}" 2> "$T/notes" | head -n 1
	env PATH="${PATH_ONLY:-$PATH}" report --format=csv --tables=compare \
		--compare="$1" "${2:-$D/modelled.json}" 2> "$T/notes" | tr -d '\r' | tr '\n' ' '
}

# ---- nvprof --csv --metrics: a row per kernel and metric ----
got=$(compare $D/nvprof.csv)
like "$got" 'L1 miss rates: measured \(nvprof, l1_cache_global_hit_rate\)' "nvprof: the metric used, in the title"
like "$got" ' synth1,0\.2500,0\.2500,0\.0000 ' "nvprof: synth1(float*, float*) is l1sim's _Z6synth1PfS_"
like "$got" ' "foo<float, 4>",0\.3000,0\.2500,0\.0500 "foo<double, 4>",0\.7000,0\.7500,0\.0500 ' \
	"nvprof: each instantiation of a template is its own kernel"
like "$got" ' ns::detail::baz<int>,0\.1500,0\.1000,0\.0500 ' "nvprof: namespaces kept, return type dropped"
like "$got" ' missing,0\.5000,, ' "nvprof: a kernel no run modelled has an empty row"
like "$(cat "$T/notes")" "note: compare: measured kernel 'missing\(int\)' has no l1sim run" \
	"a measured kernel without a modelled one is named"
like "$(cat "$T/notes")" "note: compare: kernel 'unseen\(int\*\)' of the l1sim runs has no measurement in $D/nvprof.csv" \
	"a modelled kernel without a measurement is named, demangled"
is "$(grep -c note "$T/notes")" 2 "nvprof: one note for each, and no other"

# ---- nvprof --csv --print-gpu-trace --metrics: a row per launch ----
got=$(compare $D/nvprof-trace.csv)
like "$got" 'measured \(nvprof-trace, L1 Global Hit Rate\)' \
	"nvprof trace: the L1's rate, not the L2's of the column before it"
like "$got" ' synth1,0\.2500,0\.2500,0\.0000 ' "nvprof trace: launches [118] and [130] averaged (70 and 80 % hits)"
like "$got" ' synth2,0\.6000,0\.5000,0\.1000 ' "nvprof trace: the units row skipped"

# ---- ncu --csv: the details page, a row per launch and metric ----
got=$(compare $D/ncu.csv)
like "$got" 'measured \(ncu, l1tex__t_sector_hit_rate\.pct\)' "ncu: the L1 hit rate, not lts__ or a .sum"
like "$got" ' "foo<float, 4>",0\.3000,0\.2500,0\.0500 ' "ncu: two launches averaged (72.5 and 67.5 % hits)"
like "$got" ' ns::detail::baz<int>,0\.1500,0\.1000,' "ncu: \"void ns::detail::baz<int>(int *)\""
is "$(grep -c 'no measurement' "$T/notes")" 3 "ncu: synth1, synth2 and unseen were not measured"

# ---- ncu --csv --page raw: a row per launch, a column per metric ----
got=$(compare $D/ncu-raw.csv)
like "$got" 'measured \(ncu-raw, l1tex__t_sector_hit_rate\.pct\)' "ncu raw: the metric's column"
like "$got" ' synth1,0\.2250,0\.2500,0\.0250 ' "ncu raw: launches averaged, the units row skipped"
like "$got" ' foo,0\.5000,0\.5000,0\.0000 ' \
	"ncu raw: a function name (--print-kernel-base=function) takes every instantiation"
like "$got" ' baz,0\.1500,0\.1000,0\.0500 ' "ncu raw: a name without namespace matches ns::detail::baz; n/a skipped"

# ---- mangled names on both sides (ncu --print-kernel-base=mangled) ----
got=$(compare $D/ncu-mangled.csv)
like "$got" ' "foo<float, 4>",0\.3000,0\.2500,0\.0500 ' "mangled against mangled: shown demangled"
got=$(PATH_ONLY=$BIN compare $D/ncu-mangled.csv)
like "$(cat "$T/notes")" 'note: compare: c\+\+filt: not found: mangled kernel names are matched as they are' \
	"without c++filt: a note"
like "$got" ' _Z3fooIfLi4EEvPT_i,0\.3000,0\.2500,0\.0500 ' "without c++filt: mangled names matched as they are"

# ---- l1sim's stats of an Accel-Sim trace ----
trace-gen tests/data/accelsim/kernelslist.g 2>/dev/null | trace-order | coalesce \
	| l1sim --stats="$T/as.json" > /dev/null
cat > "$T/as.csv" <<'CSV'
==9== NVPROF is profiling process 9, command: ./synth
==9== Metric result:
"Device","Kernel","Invocations","Metric Name","Metric Description","Min","Max","Avg"
"Tesla P100-PCIE-16GB (0)","synth1(float*, float*)",1,"global_hit_rate","Global Hit Rate in unified l1/tex",10.00%,10.00%,10.00%
"Tesla P100-PCIE-16GB (0)","synth3(float*)",1,"global_hit_rate","Global Hit Rate in unified l1/tex",25.00%,25.00%,25.00%
CSV
got=$(compare "$T/as.csv" "$T/as.json")
like "$got" ' synth1,0\.9000,1\.0000,0\.1000 synth3,0\.7500,1\.0000,0\.2500 ' \
	"an Accel-Sim trace's kernels (_Z6synth1PfS_, _Z6synth3Pf) found by their nvprof names"
like "$(cat "$T/notes")" "kernel 'synth2\(double\*\)' of the l1sim runs has no measurement" \
	"the trace's unmeasured kernel named"

# ---- ambiguity: a bare name, two namespaces ----
cat > "$T/two.json" <<'EOF2'
{"program": "l1sim", "kernels": [{"name": "_ZN3one1kEPf", "hits": 1, "misses": 3},
 {"name": "_ZN3two1kEPf", "hits": 3, "misses": 1}]}
EOF2
printf 'kernel,miss_rate\nk,0.5\none::k,0.5\n' > "$T/two.csv"
got=$(compare "$T/two.csv" "$T/two.json")
like "$got" ' one::k,0\.5000,0\.7500,0\.2500 ' "a namespaced name matches its kernel"
like "$(cat "$T/notes")" "measured kernel 'k' is both one::k and two::k of the l1sim runs: left out" \
	"a bare name of two namespaces is left out, and said so"

# ---- no match at all ----
printf 'kernel,miss_rate\nnosuch,0.5\nother(int),0.1\n' > "$T/none.csv"
fails_with 1 "none\.csv: none of its kernels \(nosuch, other\) is a kernel of the l1sim runs; expected one of synth1, synth2, foo<float, 4>, \.\.\.$" \
	"no kernel matches" report --compare="$T/none.csv" $D/modelled.json
report --tables=compare -o "$T/none.out" --compare="$T/none.csv" $D/modelled.json 2>/dev/null
ok "$(test ! -e "$T/none.out"; echo $?)" "no match: no output file"
fails_with 1 "none\.csv: no l1sim stats file has kernels to compare its kernels \(nosuch, other\) with" \
	"no l1sim run" report --compare="$T/none.csv" tests/data/report/cls.json

printf 'kernel,miss_rate\n"foo\nbar",0.5\n' > "$T/nl.csv"
fails_with 1 "nl\.csv: line [0-9]+: a control character \(a line break\?\) in the kernel name" \
	"a kernel name with a line break is refused (it would break the notes)" \
	report --compare="$T/nl.csv" $D/modelled.json

# ---- values ----
sed 's/"72\.5"$/"1,000"/' $D/ncu.csv > "$T/big.csv"
fails_with 1 'big\.csv: line 8: rate 1,000 out of range' "ncu's thousands separators read" \
	report --compare="$T/big.csv" $D/modelled.json
sed 's/"72\.5"$/"1,00"/' $D/ncu.csv > "$T/sep.csv"
fails_with 1 "sep\.csv: line 8: '1,00' is not a number" "a comma that separates no thousands" \
	report --compare="$T/sep.csv" $D/modelled.json
printf '"Device","Context","Stream","Kernel","Achieved Occupancy"\n"GPU","1","7","k [1]",0.5\n' > "$T/occ.csv"
fails_with 1 'occ\.csv: line 1: expected the header of nvprof' "a trace without a hit-rate column" \
	report --compare="$T/occ.csv" $D/modelled.json

done_testing
