#!/bin/sh
# The L2 model knows no policy by name (issue 43): its files call the
# policies through the hooks of lib/mem/l2hook.h only, and neither they nor
# the headers they include (gcc -MM) are the policies'.  Each policy is
# a file lib/policy/l2pol_NAME.c that lib/policy/l2policy.c lists.
. "$(dirname "$0")/lib.sh"

cd "$(dirname "$0")/.." || exit 1
incs=$(sed 's/#.*//' lib/layers | awk 'NF { printf " -Ilib/%s", $1 }')
model="lib/mem/l2model.c lib/mem/l2model.h lib/mem/l2sector.c lib/mem/l2internal.h lib/mem/l2hook.h"
# the policies' names and their components', as words or in identifiers
# ("rand" but not "random")
names='medic|pcmedic|rand|eaf|pcal|sbyp|wbyp|wip|pc-byp|pc_bypass|khairy'

for f in $model; do
	hits=$(grep -n -i -E "(^|[^a-z])($names)([^a-z]|\$)" "$f")
	is "$hits" "" "$f names no policy"
done

for f in lib/mem/l2model.c lib/mem/l2sector.c; do
	deps=$(${CC:-cc} -MM $incs "$f" | tr ' \\' '\n\n' | sed -n 's|.*/||p' |
	       grep -E '^(l2policy|l2pol_.*|medic|sbyp|abyp|l1policy|warptype|apcm|ccws|dwtcs)\.h$' |
	       tr '\n' ' ')
	is "$deps" "" "$f includes no policy's header"
done

for f in lib/policy/l2pol_*.c; do
	def=$(sed -n 's/^const struct wt_l2pol_def \(wt_l2pol_[a-z]*\) = {$/\1/p' "$f")
	ok $([ -n "$def" ]; echo $?) "$f defines a policy"
	for d in $def; do
		grep -q "&$d\b" lib/policy/l2policy.c
		ok $? "lib/policy/l2policy.c lists $d"
	done
done

# Nor do l2sim and its engine: the policies' options, their --help lines
# and their settings come from lib/policy/l2policy.c.
opts='medic-reset|medic-profile|medic-step|bypass|sbyp-period|sbyp-threshold'
for f in cmd/l2sim.c lib/stage/l2opt.c lib/stage/l2opt.h lib/stage/l2optnum.h \
	 lib/stage/l2stage.c lib/stage/l2stage.h lib/stage/l2stats.c; do
	hits=$(grep -n -i -E "(^|[^a-z])($names|$opts)([^a-z]|\$)" "$f")
	is "$hits" "" "$f names no policy and no policy's option"
done
help=$(l2sim --help)
for o in medic medic-reset medic-profile medic-step bypass sbyp-period \
	 sbyp-threshold eaf pcal seed; do
	is "$(printf '%s\n' "$help" | grep -c -E -- "^      --$o(=|\$| )")" 1 \
		"l2sim --help lists --$o once"
done

done_testing
