#!/bin/sh
# The L1 model and the warp pool call the management policies through
# hooks (lib/mem/l1hook.h) and know none of them by name: a policy's name
# appears only in its own file (lib/policy/pol_*.c) and in the table that lists
# them (lib/policy/l1policy.c).  Comments count too: a model that explains
# itself by one policy is written for it.  l1hook.h's counters
# (struct wt_pol_stats) are named by the policies' own files too.
. "$(dirname "$0")/lib.sh"

src=$(dirname "$0")/../lib
names='apcm|ccws|abyp|pcal|mrpb|dwt-?cs|dwt|swt|sbyp|pd|rand-?byp'
for f in l1model.c l1model.h l1internal.h l1pool.c l1pool.h l1sector.c \
	 l1setup.c l1setup.h l1hook.h classify.c clsreport.c; do
	f=$(cd "$src" && ls */"$f" 2>/dev/null)
	[ -n "$f" ] && [ -f "$src/$f" ]
	ok $? "$f is there"
	got=$(cat "$src/$f")
	is "$(printf '%s\n' "$got" | grep -inE "(^|[^a-z])($names)([^a-z]|\$)")" "" \
		"$f names no policy"
done

# Nor do the interface a policy fills (l1policy.h, l1hook.h), l1sim and
# its engine: a policy's options, their --help lines, its parameters, its
# settings and what it chose for a kernel are its own file's (its ops),
# and l1policy.c's table lists it.  So neither its name nor any option of
# a policy appears there.
opts='period|sbyp-threshold|mpki-threshold|dwt-n|dwt-m|kthrottle|vta|mrpb-size|pcal-tokens|abyp-threshold|mta|lat|bypass-fraction'
for f in policy/l1policy.h mem/l1hook.h stage/l1stage.c stage/l1stage.h \
	 stage/l1opt.c stage/l1opt.h stage/l1optnum.h stage/l1stats.c \
	 stage/l1stats.h ../cmd/l1sim.c; do
	[ -f "$src/$f" ]
	ok $? "$f is there"
	is "$(grep -inE "(^|[^a-z])($names|pric|$opts)([^a-z]|\$)" "$src/$f")" "" \
		"$f names no policy and no policy's option"
done

# The policies' options reach l1sim through l1policy.c: --help lists each
# once, with its policy's own text, and each is an option l1sim takes.
help=$(l1sim --help)
for o in $(printf '%s\n' "$opts" | tr '|' ' '); do
	is "$(printf '%s\n' "$help" | grep -c -- "^      --$o=")" 1 "--help lists --$o once"
	l1sim --"$o"=x --help > /dev/null 2>&1
	ok $? "  and l1sim takes it"
done

done_testing
