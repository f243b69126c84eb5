#!/bin/sh
# scripts/same-outputs.sh, the check that a refactoring changes no output
# (make same): a build against itself is the same; a build whose l1sim
# indexes otherwise is caught, stage by stage, stats and streams; a
# directory that is no build is a usage error.
. "$(dirname "$0")/lib.sh"

S=scripts/same-outputs.sh
V=samples/vectoradd.trc.zst

run sh $S -q "$BUILD" "$BUILD" $V
is "$rc" 0 "a build against itself: exit 0"
like "$out" "^same-outputs: [0-9]+ files \(streams, stats, exit statuses\) of 1 traces: 0 differ; 0 stages of NEW exited non-zero$" \
	"... and the summary says so"

# a build whose l1sim takes another index: its outputs and those after it differ
mkdir -p "$T/other/bin"
for p in "$BUILD"/bin/*; do
	ln -s "$p" "$T/other/bin/$(basename "$p")"
done
rm "$T/other/bin/l1sim"
printf '#!/bin/sh\nexec "%s" --index=linear "$@"\n' "$BUILD/bin/l1sim" > "$T/other/bin/l1sim"
chmod +x "$T/other/bin/l1sim"
run sh $S -q "$BUILD" "$T/other" $V
is "$rc" 1 "another L1 index: exit 1"
like "$out" "^differs: vectoradd-fermi-l1\.json$" "... the l1sim stats differ"
like "$out" "^differs: vectoradd-fermi-l2\.wt$" "... and the streams after it"
is "$(printf '%s\n' "$out" | grep -c 'differs: vectoradd-fermi-co')" 0 "... not those before it"

mkdir -p "$T/nobuild"
fails_with 2 "same-outputs: $T/nobuild/bin/trace-gen: not found; expected a build directory" \
	"a directory that is no build" sh $S -q "$BUILD" "$T/nobuild"
done_testing
