#!/bin/sh
# report's HTML page in a real browser: headless Chromium loads a page
# with one figure of each kind (written by test-plot --page), its script
# finds every figure drawn, and a screenshot shows ink where each figure
# is.  A PNG spoiled on purpose must be caught.  Then the page report
# --html makes of a sample pipeline's statistics.
. "$(dirname "$0")/lib.sh"

PNG_STATS=$BUILD/tools/png-stats

if ! command -v chromium >/dev/null 2>&1; then
	ok 1 "chromium is not installed: run scripts/deps.sh (apt-get install chromium)"
	done_testing
	exit 1
fi

# browse WHAT URL...: Chromium headless, its own profile under $T, at
# most a minute; the dump or screenshot as WHAT says.
browse() {
	_what=$1
	shift
	timeout 60 chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--hide-scrollbars --user-data-dir="$T/profile" \
		--window-size=1000,4000 --virtual-time-budget=5000 \
		"$_what" "$@" 2>>"$T/chromium.err"
}

run "$BUILD/tests/test-plot" --page "$T/page"
is "$rc" 0 "test-plot --page writes a page $err"
ls "$T/page" | tr '\n' ' ' > "$T/files"
is "$(cat "$T/files")" "index.html miss-classes.png miss-classes.svg miss-rates.png miss-rates.svg reuse.png reuse.svg sweep.png sweep.svg " \
	"the page and both files of each figure"

browse --dump-dom "file://$T/page/index.html" > "$T/dom.html"
is "$?" 0 "chromium --dump-dom exits 0"
like "$(grep -o '<body[^>]*>' "$T/dom.html")" 'data-figures="4/4 rendered"' \
	"the page's script: 4/4 figures rendered"
for f in miss-classes miss-rates sweep reuse; do
	like "$(grep -o "<figure id=\"fig-$f\"[^>]*>" "$T/dom.html")" \
		'data-svg="yes" data-png="yes" data-rendered="yes"' \
		"figure $f: SVG and PNG drawn"
done

browse --screenshot="$T/shot.png" "file://$T/page/index.html" > /dev/null
is "$?" 0 "chromium --screenshot exits 0"
is "$("$PNG_STATS" "$T/shot.png" | cut -d' ' -f1-2)" "1000 4000" "the screenshot is 1000 by 4000"
"$PNG_STATS" --rows "$T/shot.png" > "$T/bands"
is "$?" 0 "png-stats reads Chromium's PNG"

# Each figure's 50-row bands, from its data-top to data-bottom: most of
# them have ink (a line plot has least, a few per cent).
last=0
for f in miss-classes miss-rates sweep reuse; do
	tag=$(grep -o "<figure id=\"fig-$f\"[^>]*>" "$T/dom.html")
	top=$(printf '%s\n' "$tag" | sed -n 's/.*data-top="\([0-9]*\)".*/\1/p')
	bottom=$(printf '%s\n' "$tag" | sed -n 's/.*data-bottom="\([0-9]*\)".*/\1/p')
	[ -n "$top" ] && [ -n "$bottom" ] && [ "$bottom" -gt $((top + 300)) ]
	ok $? "figure $f: at rows $top to $bottom"
	[ -n "$bottom" ] && last=$bottom
	inked=$(awk -v t="${top:-0}" -v b="${bottom:-0}" \
		'$1 >= t && $2 <= b { n++; if ($3 >= 0.015) k++ }
		 END { printf "%d of %d", k, n }' "$T/bands")
	k=${inked%% of*} n=${inked##*of }
	[ "$n" -ge 6 ] && [ "$k" -ge $((n * 2 / 3)) ]
	ok $? "figure $f: ink in $inked bands"
done
blank=$(awk -v b="$last" '$1 >= b + 100 && $3 > 0 { n++ } END { print n + 0 }' "$T/bands")
is "$blank" 0 "below the last figure the page is white"

# A PNG that does not decode: that figure, and only it, is marked.
sed '0,/base64,iVBORw0KGgo/s//base64,AAAAbroken/' "$T/page/index.html" > "$T/page/bad.html"
browse --dump-dom "file://$T/page/bad.html" > "$T/bad.html"
like "$(grep -o '<body[^>]*>' "$T/bad.html")" 'data-figures="3/4 rendered"' \
	"a broken PNG: 3/4 rendered"
like "$(grep -o '<figure id="fig-miss-classes"[^>]*>' "$T/bad.html")" \
	'data-png="no" data-rendered="no"' "a broken PNG: its figure says no"
like "$(grep -o '<figure id="fig-sweep"[^>]*>' "$T/bad.html")" \
	'data-rendered="yes"' "a broken PNG: the others still say yes"

# ---- report --html on the statistics of a real pipeline ----
trace-gen samples/spmv.trc.zst | trace-order | coalesce --stats="$T/co.json" \
	| tee "$T/spmv.req" | l1sim --stats="$T/l1.json" | l2sim --stats="$T/l2.json" \
	| dramsim --stats="$T/dram.json" > /dev/null
classify --stats="$T/cls.json" -o /dev/null "$T/spmv.req"
l1sim --index=linear --stats="$T/l1-linear.json" "$T/spmv.req" > /dev/null
# MeDiC's L2 components are modelled on a line L2 (l2sim(1), MEDIC);
# dramsim --sched=medic types warps by l2sim --events=all's hits.
L2LINE="--sectored=no --write-allocate=yes --events=all"
l1sim "$T/spmv.req" > "$T/l1.ev"
l2sim $L2LINE --stats="$T/l2-line.json" "$T/l1.ev" | dramsim --stats="$T/dram-frfcfs.json" > /dev/null
l2sim $L2LINE --medic=all --stats="$T/l2-medic.json" "$T/l1.ev" \
	| dramsim --sched=medic --stats="$T/dram-medic.json" > /dev/null
run report --html="$T/rep" "$T/co.json" "$T/l1.json" "$T/l1-linear.json" "$T/l2.json" \
	"$T/dram.json" "$T/cls.json" "$T/l2-line.json" "$T/l2-medic.json" \
	"$T/dram-frfcfs.json" "$T/dram-medic.json"
is "$rc" 0 "report --html exits 0"
nfig=$(ls "$T/rep"/*.svg | wc -l | tr -d ' ')
is "$nfig" 8 "eight figures: miss classes, two reuse histograms, speedup, locality, load and warp types, MeDiC"
browse --dump-dom "file://$T/rep/index.html" > "$T/rep.html"
like "$(grep -o '<body[^>]*>' "$T/rep.html")" "data-figures=\"$nfig/$nfig rendered\"" \
	"report's page: every figure rendered in Chromium"
like "$(grep -c '<table' "$T/rep.html")" '^1[0-9]$' "report's page: the tables are there too"

# The Runs section comes first and says what made each file.
tr -d '\n' < "$T/rep.html" > "$T/rep1.html"
like "$(grep -o '<h2[^>]*>[^<]*</h2>' "$T/rep1.html" | tr '\n' '|')" \
	'^<h2 id="runs">Runs</h2>\|<h2 id="tables">Tables</h2>\|<h2 id="figures">Figures</h2>\|$' \
	"report's page: Runs, Tables and Figures sections, in that order"
runs=$(sed 's/.*<table id="tab-runs">//; s/<\/table>.*//' "$T/rep1.html")
like "$runs" '<th>trace hash</th><th>machine</th><th>warp scheduler</th><th>L1 timing</th><th>command</th>' \
	"Runs: the trace, machine, scheduler, L1 timing and command columns"
like "$runs" '<td>l2-medic</td><td>l2sim</td><td>spmv</td><td>901db0bc</td><td>fermi</td><td>gto</td><td>stream</td><td>[^<]*l2sim --sectored=no --write-allocate=yes --events=all --medic=all ' \
	"Runs: a run's trace, its hash's first 8 digits, machine and command line"
is "$(printf '%s' "$runs" | grep -o '<tr>' | wc -l | tr -d ' ')" 11 "Runs: a header and a row per file"

# The per-PC table: spmv's loads, worst first, each with a verdict.
pcs=$(sed 's/.*<table id="tab-pcs">//; s/<\/table>.*//' "$T/rep1.html")
like "$pcs" '<th>PC</th>.*<th[^>]*>miss rate</th>.*<th>verdict</th>' "pcs: PC, miss rate and verdict columns"
like "$pcs" '<tr><td>l1</td><td>0x100</td><td class="num">29361</td>' "pcs: spmv's load with most misses first"
like "$pcs" '<td>streams or thrashes</td>' "pcs: a load that streams or thrashes is named"

# The MeDiC table and its figure.
medic=$(sed 's/.*<table id="tab-medic">//; s/<\/table>.*//' "$T/rep1.html")
like "$medic" '<td>l2-medic</td><td>l2sim</td><td>spmv</td><td>fermi</td><td>wbyp\+wip</td><td>l2-line</td>' \
	"MeDiC: l2sim with wbyp and wip against the line L2 without"
like "$medic" '<td>dram-medic</td><td>dramsim</td><td>spmv</td><td>fermi</td><td>wms</td><td>dram-frfcfs</td>' \
	"MeDiC: dramsim's scheduler against the nearest dramsim run without it"
like "$(grep -o '<figure id="fig-medic"[^>]*>' "$T/rep.html")" 'data-rendered="yes"' \
	"MeDiC: its stall speedup figure rendered"

# Axis labels are words, with units, not JSON keys: no text in a figure
# has an underscore or a dotted path.
like "$(cat "$T/rep/speedup.svg")" '>speedup \(baseline cycles / run cycles\)<' \
	"speedup: the y axis says what a speedup is"
like "$(cat "$T/rep/speedup.svg")" '>no change \(1\.0\)<' "speedup: a line at 1"
like "$(cat "$T/rep/miss-classes.svg")" '>L1 misses by class \(% of loads\)<' \
	"miss classes: the y axis in words and percent"
keys=$(cat "$T/rep"/*.svg | grep -o '<text>[^<]*</text>' | grep -E '[a-z]_[a-z]|total\.' | head -n 3 | tr '\n' ' ')
is "$keys" "" "no figure has a JSON key for a label"
browse --screenshot="$T/rep.png" "file://$T/rep/index.html" > /dev/null
inked=$("$PNG_STATS" --rows "$T/rep.png" | awk '$3 >= 0.015 { k++ } END { print k + 0 }')
[ "$inked" -ge 40 ]
ok $? "report's page: the screenshot has ink in $inked bands of 50 rows"

done_testing
