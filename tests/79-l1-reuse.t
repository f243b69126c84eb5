#!/bin/sh
# l1sim --reuse: off and sampled runs class their misses exactly as exact
# ones do (the same hits, misses, classes and events); sampled:1 has the
# exact histograms; off has none, and report notes it; sampled:0.1 is
# close; bad values are usage errors.
. "$(dirname "$0")/lib.sh"

trace-gen samples/spmv.trc.zst | trace-order | coalesce > "$T/spmv.req"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
# outcome FILE: the statistics without the command line, the reuse
# settings and the histograms: what every --reuse must agree on (hits,
# misses, classes, fails, cycles, per PC, warp, kernel and SM).  A
# histogram object holds arrays but no object.
outcome() {
	json "$1" | sed 's/"command":\[[^]]*\]//; s/"reuse":"[a-z]*",//;
		s/"reuse_rate":[^,]*,//; s/,"reuse_fully_associative":{[^}]*}//g;
		s/,"reuse_in_set":{[^}]*}//g'
}
# hists FILE: every histogram, without the sampling members
hists() {
	json "$1" | grep -o '"reuse_[a-z_]*":{[^}]*}' |
		sed 's/,"rate":[^,]*,"sampled_accesses":[0-9]*//'
}
# member FILE NAME: the first NAME's value (total's, for a histogram's)
member() {
	json "$1" | grep -o "\"$2\":[^,}]*" | head -n 1 | cut -d: -f2
}
# fahist FILE MEMBER: a member of total's fully associative histogram
fahist() {
	json "$1" | grep -o '"reuse_fully_associative":{[^}]*}' | head -n 1 |
		grep -o "\"$2\":[0-9.e-]*" | cut -d: -f2
}
events() {	# events FILE: the event records, without the header
	trace-dump "$1" | grep -v '^#'
}

for how in exact off sampled:1 sampled:0.1; do
	l1sim --reuse=$how --stats="$T/$how.json" -o "$T/$how.ev" "$T/spmv.req"
	is "$?" 0 "--reuse=$how runs"
done
events "$T/exact.ev" > "$T/exact.txt"
for how in off sampled:1 sampled:0.1; do
	is "$(outcome "$T/$how.json")" "$(outcome "$T/exact.json")" \
		"--reuse=$how: the statistics of exact but for the histograms"
	events "$T/$how.ev" > "$T/$how.txt"
	cmp -s "$T/$how.txt" "$T/exact.txt"
	ok $? "--reuse=$how: the events of exact, miss classes included"
done
like "$(json "$T/exact.json")" '"miss_classes":\{"compulsory":[0-9]+,"capacity":[1-9][0-9]*,"associativity":[1-9]' \
	"spmv has associativity and capacity misses to tell apart"

# settings
is "$(member "$T/exact.json" reuse)" '"exact"' "settings: reuse exact"
is "$(member "$T/exact.json" reuse_rate)" '' "settings: exact has no rate"
is "$(member "$T/off.json" reuse)" '"off"' "settings: reuse off"
is "$(member "$T/sampled:1.json" reuse),$(member "$T/sampled:1.json" reuse_rate)" \
	'"sampled",1' "settings: reuse sampled, rate 1"
is "$(awk -v r="$(member "$T/sampled:0.1.json" reuse_rate)" \
	'BEGIN { printf "%.0f", r * 16777216 }')" 1677722 \
	"settings: the rate in force, 0.1 rounded to a multiple of 2^-24"

# the histograms
is "$(hists "$T/sampled:1.json")" "$(hists "$T/exact.json")" \
	"sampled:1: every histogram is exact's"
is "$(hists "$T/exact.json" | wc -l | tr -d ' ')" \
	$((2 * ($(json "$T/exact.json" | grep -o '{"sm":' | wc -l) + 1))) \
	"exact: two histograms in total and in each SM"
is "$(fahist "$T/sampled:1.json" rate),$(fahist "$T/sampled:1.json" sampled_accesses)" \
	"1,$(member "$T/exact.json" loads)" "sampled:1: rate 1, every load sampled"
is "$(hists "$T/off.json")" "" "off: no histogram in total or any SM"

# sampled:0.1 against exact (measured on spmv: accesses +7.3 %, infinite
# +11.6 %, the share below the fully associative cut-off +0.018)
within() {	# within NAME SAMPLED EXACT BOUND: |SAMPLED / EXACT - 1| < BOUND
	d=$(awk -v s="$2" -v e="$3" 'BEGIN { d = s / e - 1; print d < 0 ? -d : d }')
	awk -v d="$d" -v b="$4" 'BEGIN { exit !(d < b) }'
	ok $? "sampled:0.1: $1 within $4 of exact's, relative ($d)"
}
S=$T/sampled:0.1.json E=$T/exact.json
within accesses "$(fahist "$S" accesses)" "$(fahist "$E" accesses)" 0.15
within "first loads" "$(fahist "$S" infinite)" "$(fahist "$E" infinite)" 0.2
d=$(awk -v sb="$(fahist "$S" below_cutoff)" -v sa="$(fahist "$S" accesses)" \
	-v eb="$(fahist "$E" below_cutoff)" -v ea="$(fahist "$E" accesses)" \
	'BEGIN { d = sb / sa - eb / ea; print d < 0 ? -d : d }')
awk -v d="$d" 'BEGIN { exit !(d < 0.05) }'
ok $? "sampled:0.1: share of loads below the cut-off within 0.05 ($d)"
awk -v s="$(fahist "$S" sampled_accesses)" -v a="$(fahist "$S" accesses)" \
	'BEGIN { exit !(s > 0 && s < a / 5) }'
ok $? "sampled:0.1: a fraction of the loads sampled"

# The pool and a policy: the outcome still agrees.
for how in exact off sampled:0.5; do
	l1sim --reuse=$how --sched=pool --policy=apcm --stats="$T/p-$how.json" \
		-o /dev/null "$T/spmv.req"
done
is "$(outcome "$T/p-off.json")" "$(outcome "$T/p-exact.json")" \
	"pool, apcm: off has the outcome of exact"
is "$(outcome "$T/p-sampled:0.5.json")" "$(outcome "$T/p-exact.json")" \
	"pool, apcm: sampled:0.5 has the outcome of exact"

# report: a run without histograms gets a note, not a failure.
cp "$T/off.json" "$T/roff.json"
cp "$T/sampled:0.1.json" "$T/rs.json"
run report "$T/roff.json"
is "$rc" 0 "report of an off run exits 0"
like "$err" "note: roff: no reuse-distance histogram \(l1sim --reuse=off\): no reuse-roff table" \
	"report notes the missing histogram"
like "$out" "miss" "report still prints the other tables"
run report --tables=reuse-rs "$T/rs.json"
like "$out" "^rs: reuse distances \(estimated from a sample at rate 0\.1\)" \
	"report: a sampled run's table says so"

# bad values
fails_with 2 "--reuse=sampled:0: expected exact, off or sampled:R with R from 2\^-24 to 1" \
	"rate 0" l1sim --reuse=sampled:0 "$T/spmv.req"
fails_with 2 "--reuse=sampled:2: expected" "rate 2" l1sim --reuse=sampled:2 "$T/spmv.req"
fails_with 2 "--reuse=sampled:x: expected" "rate x" l1sim --reuse=sampled:x "$T/spmv.req"
fails_with 2 "--reuse=sampled:: expected" "no rate" l1sim --reuse=sampled: "$T/spmv.req"
fails_with 2 "--reuse=sampled: expected" "sampled alone" l1sim --reuse=sampled "$T/spmv.req"
fails_with 2 "--reuse=sampled:1e-9: expected" "below 2^-24" l1sim --reuse=sampled:1e-9 "$T/spmv.req"
fails_with 2 "--reuse=foo: expected" "an unknown mode" l1sim --reuse=foo "$T/spmv.req"

done_testing
