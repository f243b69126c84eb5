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

# l1sim prints the policies' settings and statistics through l1policy.c
# (wt_l1_policy_settings_json, wt_l1_policy_stats_json) and parses their
# options there (wt_l1_policy_options): the three functions that call
# them name none (where they are still there).
l1sim=$(dirname "$0")/../cmd/l1sim.c
for fn in policy_options policy_settings_json policy_json; do
	body=$(sed -n "/^static void $fn(/,/^}/p" "$l1sim")
	is "$(printf '%s\n' "$body" | grep -inE "(^|[^a-z])($names)([^a-z]|\$)")" "" \
		"l1sim.c's $fn, if any, names no policy"
done

done_testing
