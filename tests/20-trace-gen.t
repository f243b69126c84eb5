#!/bin/sh
# trace-gen from the command line: conversions, kernels, compression of the
# input, determinism, and every kind of bad input.
. "$(dirname "$0")/lib.sh"

printf 'blocksize: 4 1 1\n0 0 100 4\n1 0 104 4\n2 1 108 4\n3 0 112 8\n' > "$T/a.trc"
printf 'blocksize: 2 2 1\ngridsize: 1 1 1\nkernel: k2\n0 0 0x1000 4 0x10 3\n3 2 4096 4 0x18 1\n' > "$T/b.trc"

run trace-gen --help
is "$rc" 0 "--help exits 0"
like "$out" "usage: trace-gen" "--help prints usage"
run trace-gen --version
like "$out" "^trace-gen \(warptrace\) [0-9]" "--version"
fails_with 2 "option .--bogus. is unknown" "unknown option" trace-gen --bogus
fails_with 2 "--level=99: expected a zstd level" "bad level" trace-gen --level=99 "$T/a.trc"
fails_with 2 "--stats=- and the stream cannot both go to stdout" "stats and stream on stdout" \
	trace-gen --stats=- "$T/a.trc"

trace-gen -o "$T/a.wt" "$T/a.trc"
ok $? "converts an Ocelot dump"
run trace-dump "$T/a.wt"
is "$(printf '%s\n' "$out" | grep -v '^#')" "0 0 load global 0x64 4 0x0 0
0 1 load global 0x68 4 0x0 0
0 2 store global 0x6c 4 0x0 0
0 3 load global 0x70 8 0x0 0" "records read back exactly"
like "$out" "# kernel 0 a grid 0 0 0 block 4 1 1 from .*/a.trc:1" "kernel named after the file"
like "$out" "# stage: trace-gen [0-9.]+ -o .*a.wt .*a.trc" "provenance recorded"

trace-gen "$T/a.trc" "$T/b.trc" > "$T/ab.wt"
run trace-dump --summary --format=csv "$T/ab.wt"
is "$(printf '%s\n' "$out" | cut -d, -f2-13 | tail -2)" \
'0,"a",0,0,0,4,1,1,4,3,1,0
1,"k2",1,1,1,2,2,1,2,1,0,1' "two files become two kernels"

# compressed and piped inputs give the same stream contents
zstd -q -c "$T/a.trc" > "$T/a.trc.zst"
gzip -c "$T/a.trc" > "$T/a.trc.gz"
trace-dump "$T/a.wt" | grep -v '^#' > "$T/plain.txt"
trace-gen "$T/a.trc.zst" | trace-dump | grep -v '^#' > "$T/zst.txt"
trace-gen "$T/a.trc.gz" | trace-dump | grep -v '^#' > "$T/gz.txt"
trace-gen < "$T/a.trc" | trace-dump | grep -v '^#' > "$T/stdin.txt"
cmp -s "$T/plain.txt" "$T/zst.txt"; ok $? ".zst input"
cmp -s "$T/plain.txt" "$T/gz.txt"; ok $? ".gz input"
cmp -s "$T/plain.txt" "$T/stdin.txt"; ok $? "stdin input"
head -c 20 "$T/a.trc.zst" > "$T/cut.trc.zst"
fails_with 1 "cut.trc.zst: truncated zstd data" "truncated .zst input" trace-gen "$T/cut.trc.zst" -o "$T/x.wt"

# determinism: the same input gives the same bytes, at every level
for level in 0 1 19; do
	trace-gen --level=$level -o "$T/d.wt" "$T/a.trc" "$T/b.trc"
	mv "$T/d.wt" "$T/d1.wt"
	trace-gen --level=$level -o "$T/d.wt" "$T/a.trc" "$T/b.trc"
	cmp -s "$T/d.wt" "$T/d1.wt"; ok $? "byte-identical output twice (level $level)"
done

# determinism of a stream long enough for several zstd jobs, on one CPU
# and on all of them
"$BUILD/tools/gen-dump" --accesses=1M --pattern=conflict > "$T/big.trc"
trace-gen -o "$T/d.wt" "$T/big.trc" && mv "$T/d.wt" "$T/d1.wt"
if command -v taskset >/dev/null 2>&1; then
	taskset -c 0 trace-gen -o "$T/d.wt" "$T/big.trc"
else
	trace-gen -o "$T/d.wt" "$T/big.trc"
fi
cmp -s "$T/d.wt" "$T/d1.wt"; ok $? "1M accesses: byte-identical output, any CPU count"
rm -f "$T/big.trc"

# a bigger dump through the whole path
"$BUILD/tools/gen-dump" --accesses=300000 --pattern=reuse | trace-gen --stats "$T/s.json" | trace-dump --check
ok $? "300k accesses: stream checks"
like "$(cat "$T/s.json")" '"accesses": 300000' "stats count every access"

# the bench's dumps: fewer accesses a thread, more warps
warps() {	# warps K: warps of a 4096-access stream dump, K accesses a thread
	"$BUILD/tools/gen-dump" --accesses=4096 --per-thread="$1" | trace-gen |
		trace-order | trace-dump --summary | awk '$1 == "0" { print $(NF - 3) }'
}
is "$(warps 16)" 8 "gen-dump: 16 accesses a thread, 8 warps"
is "$(warps 1)" 128 "gen-dump --per-thread=1: 128 warps"
"$BUILD/tools/gen-dump" --per-thread=17 > /dev/null 2>&1
is $? 2 "gen-dump --per-thread=17: a usage error"
kernels=$("$BUILD/tools/gen-dump" --accesses=4096 --per-thread=1 --kernels=3 |
	trace-gen | trace-order | trace-dump --summary)
is "$(echo "$kernels" | awk '$1 ~ /^[0-9]+$/ { print $1 ":" $(NF - 3) }' | tr '\n' ' ')" \
	"0:43 1:43 2:43 " "gen-dump --kernels=3: 3 launches of 1366, 1365 and 1365 accesses"
like "$(echo "$kernels" | tail -n 1)" "3 kernels, 129 records" \
	"gen-dump --kernels=3: trace-gen reads the 3 kernels"
"$BUILD/tools/gen-dump" --accesses=2 --kernels=3 > /dev/null 2>&1
is $? 2 "gen-dump --kernels=3 of 2 accesses: a usage error"

# bad input: file:line, exit 1, no output file left behind
bad() {	# bad NAME PATTERN DUMP-TEXT
	printf "$3" > "$T/bad.trc"
	fails_with 1 "$2" "$1" trace-gen -o "$T/out.wt" "$T/bad.trc"
	[ ! -e "$T/out.wt" ] && [ -z "$(ls "$T" | grep 'out.wt.tmp')" ]
	ok $? "$1: no output file left"
}
bad "bad number" "bad.trc:2: address '12a': not a number" 'blocksize: 1 1 1\n0 0 12a 4\n'
bad "missing field" "bad.trc:3: expected 'gid rw address size' .* got 3 fields" 'blocksize: 1 1 1\n0 0 1 4\n0 0 1\n'
bad "negative" "bad.trc:2: size '-4': negative number" 'blocksize: 1 1 1\n0 0 1 -4\n'
bad "overflow" "bad.trc:2: address '99999999999999999999': number too large" 'blocksize: 1 1 1\n0 0 99999999999999999999 4\n'
bad "missing header" "bad.trc:1: access before any 'blocksize: X Y Z' header" '0 0 1 4\n'
bad "empty file" "bad.trc:0: empty dump" ''
bad "zero-byte access" "bad.trc:2: size 0" 'blocksize: 1 1 1\n0 0 1 0\n'
long=$(head -c 5000 /dev/zero | tr '\0' 7)
bad "overlong line" "bad.trc:2: line longer than 4096 bytes" "blocksize: 1 1 1\n$long\n"
bad "binary junk" "bad.trc:1: NUL byte" 'blocksize\000\001\002\n'
fails_with 1 "nonexistent.trc: No such file" "missing file" trace-gen -o "$T/out.wt" "$T/nonexistent.trc"

# a FIFO or device as output is written to, not replaced
mkfifo "$T/out.fifo"
cat "$T/out.fifo" > "$T/from-fifo.wt" &
trace-gen -o "$T/out.fifo" --stats="$T/out.fifo.json" "$T/a.trc"
wait
[ -p "$T/out.fifo" ]; ok $? "-o FIFO: the FIFO is still a FIFO"
trace-dump --check "$T/from-fifo.wt"; ok $? "-o FIFO: the stream went through it"

# write errors
run sh -c "trace-gen '$T/a.trc' > /dev/full"
is "$rc" 1 "disk full: exit 1"
like "$err" "stdout: write error: No space left on device" "disk full: says so"
fails_with 1 "cannot create" "unwritable output directory" trace-gen -o "$T/no/such/dir/x.wt" "$T/a.trc"
if command -v script >/dev/null 2>&1; then
	run script -qec "trace-gen '$T/a.trc'" /dev/null
	like "$out" "refusing to write a binary stream to a terminal" "refuses a terminal"
fi

# the trace's content hash: in the header and the stats, the same for the
# same bytes under any name, different for other bytes, none from stdin
hash_of() { trace-gen "$@" | trace-dump --header | sed -n 's/^# trace_hash: //p'; }
h1=$(hash_of "$T/a.trc")
like "$h1" "^[0-9a-f]{16}$" "trace_hash: 16 hex digits in the header"
cp "$T/a.trc" "$T/copy-of-a.trc"
is "$(hash_of "$T/copy-of-a.trc")" "$h1" "trace_hash: the same bytes under another name"
isnt_h=$(hash_of "$T/b.trc")
[ -n "$isnt_h" ] && [ "$isnt_h" != "$h1" ]
ok $? "trace_hash: other bytes, another hash"
hab=$(hash_of "$T/a.trc" "$T/b.trc")
hba=$(hash_of "$T/b.trc" "$T/a.trc")
like "$hab" "^[0-9a-f]{16}$" "trace_hash: of two inputs"
[ "$hab" != "$h1" ] && [ "$hab" != "$hba" ]
ok $? "trace_hash: two inputs chain in order"
is "$(trace-gen < "$T/a.trc" | trace-dump --header | grep -c trace_hash)" 0 \
	"trace_hash: none for standard input"
trace-gen --stats="$T/h.json" "$T/a.trc" > /dev/null
like "$(tr -d ' \n' < "$T/h.json")" "\"trace\":\"a\",\"trace_hash\":\"$h1\",\"machine\":null,\"warp_scheduler\":null" \
	"trace_hash: in the stats, with the trace's name"
trace-gen --stats="$T/h.json" < "$T/a.trc" > /dev/null
like "$(tr -d ' \n' < "$T/h.json")" "\"trace\":\"\",\"trace_hash\":null" \
	"trace_hash: null in the stats for standard input"
trace-gen "$T/a.trc" | trace-order | coalesce --stats="$T/co.json" > /dev/null
like "$(tr -d ' \n' < "$T/co.json")" "\"trace_hash\":\"$h1\",\"machine\":\"fermi\",\"warp_scheduler\":\"gto\"" \
	"trace_hash: carried to a later stage's stats, with machine and scheduler"

# the trace's name: the last argument that is no option or option value
name_of() { trace-gen "$@" --stats="$T/n.json" > "$T/n.wt"; sed -n 's/^  "trace": "\(.*\)",$/\1/p' "$T/n.json"; }
is "$(name_of -o "$T/o.wt" "$T/a.trc"; )" "a" "trace name: after -o FILE"
is "$(trace-gen "$T/a.trc" -o "$T/o.wt" --stats="$T/n.json"; tr -d ' \n' < "$T/n.json" | sed 's/.*"trace":"\([^"]*\)".*/\1/')" "a" \
	"trace name: with -o FILE after it"
is "$(trace-gen --level 3 "$T/a.trc" --stats "$T/n.json" > /dev/null; tr -d ' \n' < "$T/n.json" | sed 's/.*"trace":"\([^"]*\)".*/\1/')" "a" \
	"trace name: options with their values as the next word"
cp "$T/a.trc" "$T/my trace.trc"
is "$(name_of "$T/my trace.trc")" "my trace" "trace name: a file name with a space"
is "$(trace-gen --stats="$T/n.json" < "$T/a.trc" > /dev/null; tr -d ' \n' < "$T/n.json" | sed 's/.*"trace":"\([^"]*\)".*/\1/')" "" \
	"trace name: none for standard input (not the version's digits)"

done_testing
