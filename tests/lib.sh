# lib.sh - TAP helpers for the shell tests.  Source it, call the checks,
# end with done_testing.  Binaries come from $WT_BUILD/bin (default build).
set -u
BUILD=${WT_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
BIN=$BUILD/bin
PATH=$BIN:$PATH
export PATH
T=$(mktemp -d "${TMPDIR:-/tmp}/wt-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
_n=0
_failed=0

ok() {	# ok STATUS NAME
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_n - $2"
	else
		echo "not ok $_n - $2"
		_failed=$((_failed + 1))
	fi
}

is() {	# is GOT WANT NAME
	_n=$((_n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $_n - $3"
	else
		echo "not ok $_n - $3"
		echo "#   got: '$1'"
		echo "#  want: '$2'"
		_failed=$((_failed + 1))
	fi
}

like() {	# like GOT PATTERN NAME (grep -E pattern)
	_n=$((_n + 1))
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		echo "ok $_n - $3"
	else
		echo "not ok $_n - $3"
		echo "#   got: '$1'"
		echo "#  want: /$2/"
		_failed=$((_failed + 1))
	fi
}

# run CMD...: sets $out, $err and $rc
run() {
	"$@" >"$T/.out" 2>"$T/.err"
	rc=$?
	out=$(cat "$T/.out")
	err=$(cat "$T/.err")
}

# fails_with RC PATTERN NAME CMD...: exit status RC, one stderr line
# matching PATTERN.
fails_with() {
	_rc=$1 _pat=$2 _name=$3
	shift 3
	run "$@"
	is "$rc" "$_rc" "$_name: exit $_rc"
	like "$err" "$_pat" "$_name: error message"
	is "$(printf '%s\n' "$err" | wc -l | tr -d ' ')" 1 "$_name: one line"
}

# _flat FILE: a stats file on one line, without blanks or its command
_flat() {
	tr -d ' \n' < "$1" | sed 's/"command":\[[^]]*\]//'
}

# warps_left_out STREAM WITH_STREAM JSON WITH_JSON: a run with
# --stats-warps=no (its STREAM and stats JSON) against the same run with
# the warps (WITH_...): the same records, no warps array, stats_warps
# false in the settings, and the rest of the stats file as it was.
warps_left_out() {
	is "$(trace-dump --format=csv "$1" | cksum)" "$(trace-dump --format=csv "$2" | cksum)" \
		"--stats-warps=no: the same records"
	_flat "$3" | grep -q '"warps":'
	is $? 1 "--stats-warps=no: no warps array"
	like "$(_flat "$3")" '"stats_warps":false' "--stats-warps=no: said in the settings"
	is "$(_flat "$3" | sed 's/,"stats_warps":false//')" \
	   "$(_flat "$4" | sed 's/,"warps":\[.*\]}$/}/')" \
	   "--stats-warps=no: the rest of the stats as with the warps"
}

# same_batches PROG WHAT NAME FILE [OPTION...]: PROG with --batch=1, 37
# and 4K writes the records (WHAT names them) and the statistics (but the
# command line) that --batch=0 writes, and every run succeeds.
same_batches() {
	same_batches_of "1 37 4K" "$@"
}

# same_batches_of "N..." PROG WHAT NAME FILE [OPTION...]: the same, with
# --batch=N for each N given.
same_batches_of() {
	_ns=$1 _prog=$2 _what=$3 _name=$4 _in=$5 _st=0
	shift 5
	for _b in 0 $_ns; do
		"$_prog" "$@" --batch=$_b --stats="$T/b.json" -o "$T/b.wt" "$_in" 2> /dev/null || _st=1
		trace-dump "$T/b.wt" | grep -v '^#' > "$T/b.$_b.txt"
		tr -d ' \n' < "$T/b.json" | sed 's/"command":\[[^]]*\],//' > "$T/b.$_b.json"
	done
	ok $_st "$_name${*:+ $*}: runs with --batch=0 and $_ns"
	for _b in $_ns; do
		cmp -s "$T/b.0.txt" "$T/b.$_b.txt"
		ok $? "$_name${*:+ $*}: --batch=$_b makes the $_what of --batch=0"
		cmp -s "$T/b.0.json" "$T/b.$_b.json"
		ok $? "$_name${*:+ $*}: --batch=$_b makes the statistics of --batch=0"
	done
}

# same_without_stats PROG WHAT NAME FILE [OPTION...]: PROG's records
# (WHAT) the same with and without --stats, which keeps less.
same_without_stats() {
	_prog=$1 _what=$2 _name=$3 _in=$4
	shift 4
	"$_prog" "$@" -o "$T/ns.wt" "$_in" &&
		"$_prog" "$@" --stats="$T/ns.json" -o "$T/s.wt" "$_in"
	ok $? "$_name${*:+ $*}: runs with and without --stats"
	is "$(trace-dump --format=csv "$T/ns.wt" | cksum)" \
	   "$(trace-dump --format=csv "$T/s.wt" | cksum)" \
	   "$_name${*:+ $*}: the same $_what without --stats"
}

# last_flags STREAM: "WRONG WARPS FLAGS" over a warp stream: its warps
# (kernel and warp id), the WT_WARP_LAST flags set, and the warps whose
# flag is not exactly once, on their last instruction (format 3.1).
last_flags() {
	trace-dump --format=csv "$1" | awk -F, 'NR > 1 {
		k = $1 "/" $5; n[k]++; if ($6 + 1 > top[k]) top[k] = $6 + 1
		if ($13 == 1) { flagged[k]++; at[k] = $6 }
	} END {
		for (k in n) {
			warps++
			if (flagged[k] != 1 || at[k] + 1 != top[k] || top[k] != n[k]) bad++
			lasts += flagged[k]
		}
		printf "%d %d %d\n", bad, warps, lasts
	}'
}
# as_kernel FILE NAME: a one-CTA Accel-Sim kernel file from the instruction
# lines on standard input: warp 0's, then after a line "--" warp 1's; the
# block has 32 threads a warp given.
as_kernel() {
	awk -v name="$2" '
	BEGIN { w = 0 }
	$0 == "--" { w = 1; next }
	{ line[w, n[w]++] = $0 }
	END {
		printf "-kernel name = %s\n-grid dim = (1,1,1)\n", name
		printf "-block dim = (%d,1,1)\n-accelsim tracer version = 5\n\n", w ? 64 : 32
		printf "#BEGIN_TB\nthread block = 0,0,0\n"
		for (k = 0; k <= w; k++) {
			printf "warp = %d\ninsts = %d\n", k, n[k]
			for (i = 0; i < n[k]; i++)
				print line[k, i]
		}
		printf "#END_TB\n"
	}' > "$1"
}

done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}
