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
run report --html="$T/rep" "$T/co.json" "$T/l1.json" "$T/l1-linear.json" "$T/l2.json" \
	"$T/dram.json" "$T/cls.json"
is "$rc" 0 "report --html exits 0"
nfig=$(ls "$T/rep"/*.svg | wc -l | tr -d ' ')
is "$nfig" 7 "seven figures: miss classes, two reuse histograms, speedup, locality, load and warp types"
browse --dump-dom "file://$T/rep/index.html" > "$T/rep.html"
like "$(grep -o '<body[^>]*>' "$T/rep.html")" "data-figures=\"$nfig/$nfig rendered\"" \
	"report's page: every figure rendered in Chromium"
like "$(grep -c '<table' "$T/rep.html")" '^1[0-9]$' "report's page: the tables are there too"
browse --screenshot="$T/rep.png" "file://$T/rep/index.html" > /dev/null
inked=$("$PNG_STATS" --rows "$T/rep.png" | awk '$3 >= 0.015 { k++ } END { print k + 0 }')
[ "$inked" -ge 40 ]
ok $? "report's page: the screenshot has ink in $inked bands of 50 rows"

done_testing
