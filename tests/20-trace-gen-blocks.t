#!/bin/sh
# trace-gen on a dump longer than the windows it maps of a file and the
# blocks it reads of a pipe (lines.c: both 4 MiB; a pipe's first block
# 4 KiB longer): access lines go by a fast path that leaves the lines cut
# by a window's or block's end, and every unusual line, to the general
# path.  The records must be those the general path alone makes, however
# the input comes and on however many threads blocks of access lines are
# parsed, and a bad line anywhere must be named by its number.
. "$(dirname "$0")/lib.sh"

"$BUILD/tools/gen-dump" --accesses=320K --pattern=reuse > "$T/big.trc"
lines=$(wc -l < "$T/big.trc")
[ "$(wc -c < "$T/big.trc")" -gt $((2 * (4 << 20) + 8192)) ]
ok $? "the dump spans more than two blocks"

records() {	# records FILE.wt: the records as text
	trace-dump "$1" | grep -v '^#'
}

# Thread ids of more than 19 digits, leading zeros, keep every line off
# the fast path.
sed 's/^[0-9]/00000000000000000000&/' "$T/big.trc" > "$T/slow.trc"
trace-gen -o "$T/slow.wt" "$T/slow.trc"
ok $? "the general path alone converts the dump"
records "$T/slow.wt" > "$T/slow.txt"
is "$(wc -l < "$T/slow.txt")" 327680 "the general path alone: every access"

same() {	# same NAME FILE.wt: FILE.wt holds the records of slow.wt
	records "$2" > "$T/same.txt"
	cmp -s "$T/slow.txt" "$T/same.txt"
	ok $? "$1: the records of the general path"
}

trace-gen -o "$T/fast.wt" "$T/big.trc"
same "a file" "$T/fast.wt"
dd if="$T/big.trc" bs=4093 status=none | trace-gen --level=0 > "$T/pipe.wt"
same "a pipe, in pieces of 4093 bytes" "$T/pipe.wt"
trace-gen --level=0 < "$T/big.trc" > "$T/stdin.wt"
same "a file as standard input" "$T/stdin.wt"
sed 's/$/\r/' "$T/big.trc" > "$T/crlf.trc"
trace-gen -o "$T/crlf.wt" "$T/crlf.trc"
same "CRLF line ends" "$T/crlf.wt"
# Other lines across the ends of the blocks.
{ echo "# $(printf '%037d' 0)"; cat "$T/big.trc"; } > "$T/shifted.trc"
trace-gen -o "$T/shifted.wt" "$T/shifted.trc"
same "the lines shifted by 40 bytes" "$T/shifted.wt"
# Blocks of access lines parsed on several threads (dump.c's
# wt_dump_block): the same records on one thread as on two and four.
for n in 1 2 4; do
	OMP_NUM_THREADS=$n trace-gen -o "$T/threads.wt" "$T/big.trc"
	same "$n thread(s)" "$T/threads.wt"
done
rm -f "$T"/*.wt "$T/crlf.trc" "$T/shifted.trc" "$T/slow.trc"

# The numbers of the lines that the end of the first window of a file
# (4 MiB) and of the first block of a pipe (4 MiB and 4 KiB) cut.
cut_at() {	# cut_at BYTES
	awk -v end="$1" '{ n += length($0) + 1 } n > end { print NR; exit }' \
		"$T/big.trc"
}
window=$(cut_at $((4 << 20)))
block=$(cut_at $(((4 << 20) + 4096)))

bad_at() {	# bad_at LINE: a bad address on LINE is named there
	sed "$1s/^\([0-9]* [0-9]*\) [0-9]*/\1 12a/" "$T/big.trc" > "$T/bad.trc"
	fails_with 1 "bad.trc:$1: address '12a': not a number" \
		"a bad line $2" trace-gen -o "$T/out.wt" "$T/bad.trc"
	run sh -c "trace-gen --level=0 < '$T/bad.trc' > /dev/null"
	like "$err" "stdin:$1: address '12a': not a number" \
		"a bad line $2, from standard input"
	run sh -c "cat '$T/bad.trc' | trace-gen --level=0 > /dev/null"
	like "$err" "stdin:$1: address '12a': not a number" \
		"a bad line $2, from a pipe"
}
bad_at $((window - 1)) "before the end of the first window"
bad_at "$window" "cut by the end of the first window"
bad_at $((window + 1)) "after the end of the first window"
bad_at $((block - 1)) "before the end of the first block"
bad_at "$block" "cut by the end of the first block"
bad_at $((block + 1)) "after the end of the first block"
bad_at "$lines" "at the end of the dump"
# past the first 262,144 lines, which are parsed on one thread: in
# blocks of lines parsed on four threads
export OMP_NUM_THREADS=4
bad_at $((lines - 50000)) "in a block parsed on four threads"
bad_at $((lines - 30011)) "in another block parsed on four threads"
unset OMP_NUM_THREADS

done_testing
