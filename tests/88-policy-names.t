#!/bin/sh
# The L1 model and the warp pool call the management policies through
# hooks (lib/mem/l1hook.h) and know none of them by name: a policy's name
# appears only in its own file (lib/policy/pol_*.c) and in the table that lists
# them (lib/policy/l1policy.c).  Comments count too: a model that explains
# itself by one policy is written for it.
. "$(dirname "$0")/lib.sh"

src=$(dirname "$0")/../lib
names='apcm|ccws|abyp|pcal|mrpb|dwt-?cs|dwt|swt|sbyp|pd|rand-?byp'
for f in l1model.c l1model.h l1internal.h l1pool.c l1pool.h l1sector.c \
	 l1setup.c l1setup.h l1hook.h classify.c clsreport.c; do
	f=$(cd "$src" && ls */"$f" 2>/dev/null)
	[ -n "$f" ] && [ -f "$src/$f" ]
	ok $? "$f is there"
	# l1hook.h holds the counters' table (struct wt_pol_stats): its
	# fields are named for the policies that count in them
	if [ "$f" = mem/l1hook.h ]; then
		got=$(sed '/^struct wt_pol_stats {/,/^};/d' "$src/$f")
	else
		got=$(cat "$src/$f")
	fi
	is "$(printf '%s\n' "$got" | grep -inE "(^|[^a-z])($names)([^a-z]|\$)")" "" \
		"$f names no policy"
done

done_testing
