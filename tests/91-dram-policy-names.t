#!/bin/sh
# The DRAM model and dramsim's engine know no scheduler of a paper by name
# (issue 43): they call the schedulers through the hook of
# lib/mem/dramhook.h only, and neither they nor the headers the model
# includes (gcc -MM) are the policies'.  Each such scheduler is a file
# lib/policy/dsched_NAME.c that lib/policy/dramsched.c lists; FCFS and
# FR-FCFS, the DRAM's own baselines, are dram.c's.
. "$(dirname "$0")/lib.sh"

cd "$(dirname "$0")/.." || exit 1
incs=$(sed 's/#.*//' lib/layers | awk 'NF { printf " -Ilib/%s", $1 }')
# the papers' schedulers and what they are built of, as words or in
# identifiers
names='medic|wms|warp-?type|wtype|mostly-?hit'

for f in lib/mem/dram*.c lib/mem/dram*.h lib/stage/dramstage.c \
	 lib/stage/dramstage.h lib/stage/dramstats.c lib/stage/dramopt.c \
	 lib/stage/dramopt.h lib/stage/dramoptnum.h cmd/dramsim.c; do
	hits=$(grep -n -i -E "(^|[^a-z])($names)([^a-z]|\$)" "$f")
	is "$hits" "" "$f names no DRAM scheduling policy"
done

for f in lib/mem/dram*.c; do
	deps=$(${CC:-cc} -MM $incs "$f" | tr ' \\' '\n\n' | sed -n 's|.*/||p' |
	       grep -E '^(dramsched|medic|warptype|l2policy|l1policy)\.h$' |
	       tr '\n' ' ')
	is "$deps" "" "$f includes no policy's header"
done

for f in lib/policy/dsched_*.c; do
	def=$(sed -n 's/^const struct wt_dram_sched_ops \(wt_dsched_[a-z]*\) = {$/\1/p' "$f")
	ok $([ -n "$def" ]; echo $?) "$f defines a scheduler"
	for d in $def; do
		grep -q "&$d\b" lib/policy/dramsched.c
		ok $? "lib/policy/dramsched.c lists $d"
	done
done

done_testing
