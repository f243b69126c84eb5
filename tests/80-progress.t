#!/bin/sh
# Progress on stderr (warptrace(7), PROGRESS): quiet unless stderr is a
# terminal; one live line, drawn only by the stage that reads its input
# itself, with a percentage and an ETA when that input is a regular file;
# a summary line per stage at the end.  WARPTRACE_PROGRESS=1 forces it on
# (every update, every summary) so that it can be seen here.
. "$(dirname "$0")/lib.sh"

unset WARPTRACE_PROGRESS
S=samples/spmv.trc.zst
N='[0-9]+(\.[0-9] [kMG])?'

# The lines of $T/err, one per \r-drawn update or summary, the erase
# sequences gone.
lines() {
	tr '\r' '\n' < "$T/err" | sed 's/\x1b\[K//g' | grep -v '^$'
}

# quiet by default: stderr here is a file
trace-gen "$S" 2> "$T/err" | trace-order 2>> "$T/err" | coalesce > /dev/null 2>> "$T/err"
is "$(cat "$T/err")" "" "no progress when stderr is not a terminal"

WARPTRACE_PROGRESS=0 trace-gen "$S" > /dev/null 2> "$T/err"
is "$(cat "$T/err")" "" "WARPTRACE_PROGRESS=0: none"

# the first stage, reading a file: records, rate, percentage and ETA
WARPTRACE_PROGRESS=1 trace-gen "$S" > "$T/a.wt" 2> "$T/err"
ok $? "trace-gen with progress forced on"
like "$(lines | head -1)" \
	"^trace-gen: $S: $N records, $N/s, [0-9]+%, ETA [0-9]+:[0-9]{2}\$" \
	"live line: records, rate, percentage, ETA"
like "$(lines | tail -1)" "^trace-gen: $S: $N records in [0-9.]+ s, $N/s\$" \
	"summary line at the end"
is "$(lines | grep -c -v '^trace-gen: ')" 0 "nothing else"
like "$(lines | grep % | tail -1)" " (9[0-9]|100)%, " "near 100% at the end"
trace-gen "$S" > "$T/b.wt"
cmp -s "$T/a.wt" "$T/b.wt"
ok $? "progress does not change the stream"

# a compressed file's percentage is of its compressed bytes
zstd -q -dc "$S" > "$T/s.trc"
WARPTRACE_PROGRESS=1 trace-gen "$T/s.trc" > /dev/null 2> "$T/err"
like "$(lines | head -1)" ", [0-9]+%, ETA " "a plain (mapped) dump: percentage too"

# trace-gen from a pipe is still the first stage, but knows no size
zstd -q -dc "$S" | WARPTRACE_PROGRESS=1 trace-gen > /dev/null 2> "$T/err"
like "$(lines | head -1)" "^trace-gen: -: $N records, $N/s\$" \
	"trace-gen on a pipe: records and rate, no percentage"

# a pipeline: only the first stage draws; each leaves one summary
WARPTRACE_PROGRESS=1
export WARPTRACE_PROGRESS
trace-gen "$S" 2> "$T/err" | trace-order 2>> "$T/err" | coalesce 2>> "$T/err" > /dev/null
unset WARPTRACE_PROGRESS
is "$(lines | grep -v '^trace-gen: ' | grep -c -v ' records in ')" 0 \
	"stages reading a pipe do not draw"
is "$(lines | grep -c '^trace-order: stdin: .* records in .* s, ')" 1 \
	"trace-order: one summary"
is "$(lines | grep -c '^coalesce: stdin: .* records in .* s, ')" 1 \
	"coalesce: one summary"
is "$(lines | sed -n '$!d; s/:.*//p')" coalesce "summaries in pipeline order"

# a stage reading a file (named or redirected) is first: it draws
trace-gen "$S" | trace-order -o "$T/w.wt"
WARPTRACE_PROGRESS=1 coalesce "$T/w.wt" > /dev/null 2> "$T/err"
like "$(lines | head -1)" "^coalesce: .*w.wt: $N records, $N/s, [0-9]+%, ETA " \
	"coalesce on a file draws, with a percentage"
WARPTRACE_PROGRESS=1 coalesce < "$T/w.wt" > /dev/null 2> "$T/err"
like "$(lines | head -1)" "^coalesce: stdin: $N records, $N/s, [0-9]+%, ETA " \
	"coalesce on stdin redirected from a file draws too"
cat "$T/w.wt" | WARPTRACE_PROGRESS=1 coalesce > /dev/null 2> "$T/err"
is "$(lines | grep -c .)" 1 "coalesce on a pipe: the summary only"

# l1sim, l2sim and dramsim count the records they read
trace-gen "$S" | trace-order | coalesce -o "$T/r.wt"
WARPTRACE_PROGRESS=1 l1sim "$T/r.wt" 2> "$T/err" | WARPTRACE_PROGRESS=1 \
	l2sim 2>> "$T/err" | WARPTRACE_PROGRESS=1 dramsim > /dev/null 2>> "$T/err"
is "$(lines | sed 's/:.*//' | sort -u | tr '\n' ' ')" "dramsim l1sim l2sim " \
	"l1sim, l2sim and dramsim report"
like "$(lines | head -1)" "^l1sim: .*r.wt: $N records, $N/s, [0-9]+%, ETA " \
	"l1sim, reading the file, draws"
is "$(lines | grep -v '^l1sim: ' | grep -c -v ' records in ')" 0 \
	"l2sim and dramsim, on pipes, only sum up"

# a message takes the live line away first
{ echo 'blocksize: 32 1 1'
  awk 'BEGIN { for (i = 0; i < 300; i++) print i % 32, 0, 4 * i, 4 }'
  echo '0 0 1200 3'; } > "$T/bad.trc"
WARPTRACE_PROGRESS=1 trace-gen "$T/bad.trc" > /dev/null 2> "$T/err"
like "$(tr '\r' '\n' < "$T/err" | tail -1)" \
	"^.\[Ktrace-gen: .*bad.trc:302: size 3" "an error clears the line first"

# a real terminal, when script(1) can make one
if command -v script > /dev/null 2>&1 &&
   script -qc true /dev/null > /dev/null 2>&1; then
	script -qc "trace-gen $S > /dev/null" /dev/null > "$T/tty" 2>&1
	is "$(tr -d '\r' < "$T/tty")" "" "a short run on a terminal leaves nothing"
	head -c 50000 "$T/w.wt" > "$T/cut.wt"
	script -qc "coalesce $T/cut.wt > /dev/null" /dev/null > "$T/tty" 2>&1
	like "$(tr '\r' '\n' < "$T/tty" | grep truncated)" "^.\[Kcoalesce: " \
		"on a terminal a message clears the line first"
	script -qc "WARPTRACE_PROGRESS=0 coalesce $T/cut.wt > /dev/null" \
		/dev/null > "$T/tty" 2>&1
	like "$(tr '\r' '\n' < "$T/tty" | grep truncated)" "^coalesce: " \
		"WARPTRACE_PROGRESS=0 on a terminal: off"
else
	for i in 1 2 3; do
		_n=$((_n + 1))
		echo "ok $_n - # SKIP script(1) cannot make a terminal here"
	done
fi

done_testing
