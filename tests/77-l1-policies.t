#!/bin/sh
# l1sim --policy: every policy runs on samples and says what it did; the
# searches and the coordinator decide something on kernels long enough
# for them; bad combinations are usage errors.  The mechanisms' state
# machines are unit-tested in 27-unit-*.t and 28-unit-l1policy.t.
. "$(dirname "$0")/lib.sh"

S=$(dirname "$0")/../samples
json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
num() {		# num FILE KEY: the first number KEY has in FILE
	json "$1" | grep -o "\"$2\":[0-9.e+-]*" | head -1 | cut -d: -f2
}

for s in spmv gesummv vectoradd; do
	trace-gen "$S/$s.trc.zst" | trace-order | coalesce > "$T/$s.req"
done

for p in none sbyp dwt-cs dwt-pric swt ccws mrpb pcal abyp pd apcm \
	 apcm-bypass apcm-protect apcm-pd apcm-swl sbyp,ccws; do
	run l1sim --sched=pool --policy=$p --stats="$T/$p.json" -o "$T/$p.ev" "$T/spmv.req"
	is "$rc" 0 "--policy=$p runs on spmv"
	like "$(json "$T/$p.json")" "\"policy\":\"$p\"" "--policy=$p: named in the settings"
	trace-dump --check "$T/$p.ev" > /dev/null 2>&1
	ok $? "--policy=$p: the event stream is whole"
done
like "$(json "$T/none.json")" '"trace":"spmv"' "the statistics name the trace"
like "$(json "$T/dwt-pric.json")" "\"index\":\"ipoly37" "dwt-pric uses the ipoly index: ipoly37 at 32 sets"
run l1sim --policy=dwt-pric --index=fermi --stats="$T/x.json" -o /dev/null "$T/spmv.req"
like "$(json "$T/x.json")" '"index":"fermi' "... unless --index says otherwise"
like "$(json "$T/ccws.json")" '"sched":"pool"' "an issue policy runs the warp pool"

# What each did, on spmv (thrashing, intra-warp reuse).
ok $([ "$(num "$T/apcm.json" apcm_protect)" -gt 0 ]; echo $?) "apcm protects spmv's loop loads"
ok $([ "$(num "$T/apcm.json" pins)" -gt 0 ]; echo $?) "apcm pins lines"
is "$(num "$T/apcm-bypass.json" pins)" 0 "apcm-bypass pins nothing"
is "$(num "$T/apcm-protect.json" apcm_bypass)" 0 "apcm-protect bypasses nothing of APCM's"
ok $([ "$(num "$T/pd.json" protect_bypass)" -gt 0 ]; echo $?) "pd sends loads around fully protected sets"
ok $([ "$(num "$T/ccws.json" ccws_vta_hits)" -gt 0 ]; echo $?) "ccws detects lost locality"
ok $([ "$(num "$T/ccws.json" ccws_blocked)" -gt 0 ]; echo $?) "... and holds warps back"
l1sim --policy=pcal --pcal-tokens=1 --stats="$T/pcal1.json" -o /dev/null "$T/spmv.req"
ok $([ "$(num "$T/pcal1.json" pcal_noalloc)" -gt 0 ]; echo $?) "pcal with one token: the other warps allocate nothing"
l1sim --policy=abyp --stats="$T/abyp.json" -o /dev/null "$T/gesummv.req"
ok $([ "$(num "$T/abyp.json" abyp_loads)" -gt 0 ]; echo $?) "abyp learns to bypass gesummv's loads"

# SWT: the search includes no limit, so it never loses to the baseline on
# a one-kernel trace.
swt=$(json "$T/swt.json" | grep -o '"swt_limit":[0-9]*' | cut -d: -f2)
ok $([ -n "$swt" ] && [ "$swt" -ge 1 ] && [ "$swt" -le 24 ]; echo $?) "swt chooses a limit for spmv ($swt)"
ok $([ "$(num "$T/swt.json" cycles)" -le "$(num "$T/none.json" cycles)" ]; echo $?) \
	"swt's cycles are at most the baseline's"
l1sim --sched=pool --warp-limit=1 --stats="$T/wl1.json" -o /dev/null "$T/spmv.req"
ok $([ "$(num "$T/wl1.json" cycles)" -gt "$(num "$T/none.json" cycles)" ]; echo $?) \
	"a static limit of one warp per scheduler slows spmv down"

# DWT-CS needs (n + m) periods: with short periods it samples gesummv.
l1sim --policy=dwt-cs --period=2000 --dwt-n=2 --dwt-m=2 --stats="$T/dwt.json" -o "$T/dwt.ev" "$T/gesummv.req"
mv "$T/dwt.ev" "$T/dwt1.ev"
ok $([ "$(num "$T/dwt.json" dwt_samplings)" -ge 1 ]; echo $?) "dwt-cs samples gesummv (MPKI far over 10)"
lim=$(json "$T/dwt.json" | grep -o '"dwt_limit":[0-9]*' | cut -d: -f2)
ok $([ "$lim" -ge 1 ]; echo $?) "and decides a limit ($lim)"
is "$(num "$T/none.json" dwt_samplings)" "" "no coordinator without dwt-cs"
# (the same file names: the stream's header records the command line)
OMP_NUM_THREADS=1 l1sim --policy=dwt-cs --period=2000 --dwt-n=2 --dwt-m=2 --stats="$T/dwt.json" \
	-o "$T/dwt.ev" "$T/gesummv.req"
cmp -s "$T/dwt1.ev" "$T/dwt.ev"
ok $? "dwt-cs: the same events on one thread as on several"
l1sim --policy=dwt-cs --stats="$T/dwt0.json" -o /dev/null "$T/spmv.req"
is "$(json "$T/dwt0.json" | grep -o '"dwt_limit":[0-9]*' | cut -d: -f2)" 0 \
	"a kernel shorter than n + m periods is never throttled"

# The streaming bypass closes the L1 on vectoradd once a period has passed.
l1sim --sched=pool --policy=sbyp --period=200 --stats="$T/sb.json" -o /dev/null "$T/vectoradd.req"
ok $([ "$(num "$T/sb.json" sbyp_loads)" -gt 0 ]; echo $?) "sbyp sends vectoradd's loads around"
ok $([ "$(num "$T/sb.json" sbyp_periods_closed)" -gt 0 ]; echo $?) "in closed periods"
l1sim --sched=pool --policy=sbyp --period=200 --sbyp-threshold=1 --stats="$T/sb1.json" -o /dev/null "$T/vectoradd.req"
is "$(num "$T/sb1.json" sbyp_loads)" 0 "--sbyp-threshold=1 never closes"

# Protection with allocation on fill, and with random replacement.
l1sim --policy=pd --alloc=fill --stats="$T/pdf.json" -o /dev/null "$T/spmv.req"
ok $([ "$(num "$T/pdf.json" protect_bypass)" -gt 0 ]; echo $?) "pd with --alloc=fill sends loads around full sets"
l1sim --policy=pd --repl=random --seed=1 --stats="$T/r1.json" -o /dev/null "$T/spmv.req"
l1sim --policy=pd --repl=random --seed=7 --stats="$T/r7.json" -o /dev/null "$T/spmv.req"
ok $([ "$(num "$T/r1.json" hits)" != "$(num "$T/r7.json" hits)" ]; echo $?) \
	"pd with random replacement: the seed matters (random among unprotected ways)"
l1sim --policy=dwt-pric --size=32K --stats="$T/d32.json" -o /dev/null "$T/spmv.req"
like "$(json "$T/d32.json")" '"index":"ipoly67' "dwt-pric at 64 sets: the degree-6 polynomial"

# Associativity at the same capacity (Khairy Fig. 12).
l1sim --assoc=full --stats="$T/fa.json" -o /dev/null "$T/spmv.req"
like "$(json "$T/fa.json")" '"sets":1,"assoc":128' "--assoc=full: one set of 128 ways"
like "$(json "$T/fa.json")" '"index":"linear"' "with no index function"
l1sim --assoc=full --size=64K --stats="$T/fa2.json" -o /dev/null "$T/spmv.req"
like "$(json "$T/fa2.json")" '"sets":1,"assoc":512' "--assoc=full past 255 ways: one set of 512"
fails_with 2 'assoc=full' "a fully associative 16 MB L1 has too many ways" \
	l1sim --assoc=full --size=16M -o /dev/null "$T/spmv.req"

# Bad input.
fails_with 2 "unknown policy 'lru2'" "an unknown policy" l1sim --policy=none,lru2 "$T/spmv.req"
fails_with 2 'needs --sched=pool' "an issue policy with --sched=stream" \
	l1sim --policy=ccws --sched=stream "$T/spmv.req"
fails_with 2 'choose one' "dwt-cs with swt" l1sim --policy=dwt-cs,swt "$T/spmv.req"
fails_with 2 'choose one' "pd with APCM's protection" l1sim --policy=pd,apcm "$T/spmv.req"
fails_with 2 'choose the warp limit' "--warp-limit with swt" \
	l1sim --policy=swt --warp-limit=4 "$T/spmv.req"
fails_with 2 'warp-limit' "a limit past --max-warps" l1sim --warp-limit=25 "$T/spmv.req"
fails_with 2 'needs --sched=pool' "a warp limit in stream mode" \
	l1sim --warp-limit=2 --sched=stream "$T/spmv.req"
fails_with 2 'vta' "a VTA that is not whole 8-way sets" l1sim --policy=ccws --vta=12 "$T/spmv.req"
fails_with 2 'sbyp-threshold' "a threshold over 1" l1sim --policy=sbyp --sbyp-threshold=1.5 "$T/spmv.req"
fails_with 2 'period' "a period of 0" l1sim --policy=sbyp --period=0 "$T/spmv.req"

done_testing
