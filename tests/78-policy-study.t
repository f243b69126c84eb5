#!/bin/sh
# scripts/policy-study.sh (make policies): every policy on every trace,
# report's policy tables at the end.
. "$(dirname "$0")/lib.sh"

D=$(cd "$(dirname "$0")/.." && pwd)
PS="$D/scripts/policy-study.sh"

run sh "$PS" -o "$T/ps" -p "none pd assoc:full" -j 2 --l1=--period=2000 \
	"$D/samples/vectoradd.trc.zst" "$D/samples/spmv.trc.zst"
is "$rc" 0 "two samples, three policies"
for f in vectoradd.none spmv.none spmv.pd spmv.assoc-full spmv.classify; do
	ok $([ -s "$T/ps/$f.json" ]; echo $?) "$f.json written"
done
ok $([ ! -e "$T/ps/spmv.req" ]; echo $?) "the request streams are removed"
like "$out" "IPC of each L1 policy, normalized to the baseline policy none" "the IPC table"
like "$out" "trace +category +machine +L1 timing +warp scheduler +none +pd +fa" "columns in the order given; assoc:full is fa"
like "$out" "harmonic mean +all +1\.000" "the harmonic mean over all traces"
like "$out" "spmv +thrashing-contention" "spmv grouped as classify says"
like "$out" "vectoradd +streaming" "vectoradd too"
like "$(cat "$T/ps/report.md")" '^\| trace' "a markdown copy"
like "$out" "reservation fails per thousand cycles" "the fails table"

run sh "$PS" -o "$T/ps2" -p "none lru9" "$D/samples/vectoradd.trc.zst"
ok $([ "$rc" -ne 0 ]; echo $?) "an unknown policy fails"
like "$err" "unknown policy 'lru9'" "... saying which"
run sh "$PS" -o "$T/ps3"
is "$rc" 2 "no trace: usage"
run sh "$PS" -j x "$D/samples/vectoradd.trc.zst"
is "$rc" 2 "-j x: usage"
run sh "$PS" -o "$T/ps4" "$T/missing.trc"
is "$rc" 1 "a trace that is not there"
like "$err" "missing.trc: cannot read" "... named"

done_testing
