#!/bin/sh
# trace-dump: views of a stream, and every way a stream can arrive broken.
. "$(dirname "$0")/lib.sh"

printf 'blocksize: 4 1 1\nkernel: k\n0 0 0x100 4 0x8 2\n1 1 0x104 4 0x8 2\n2 2 0x108 8 0x10 0\n' > "$T/a.trc"
trace-gen -o "$T/a.wt" "$T/a.trc"

run trace-dump --format=csv "$T/a.wt"
is "$out" "kernel,thread,op,space,addr,size,pc,icount
0,0,load,global,0x100,4,0x8,2
0,1,store,global,0x104,4,0x8,2
0,2,atomic,global,0x108,8,0x10,0" "CSV view"
run trace-dump --format=jsonl "$T/a.wt"
like "$out" '^\{"kernel":0,"thread":2,"op":"atomic","space":"global","addr":"0x108","size":8,"pc":"0x10","icount":0\}$' "JSON lines view"
run trace-dump --summary --format=json "$T/a.wt"
like "$out" '"kernels":\[\{"id":0,"name":"k",.*"records":3,"loads":1,"stores":1,"atomics":1,"bytes":16,"threads":3' "JSON summary"
run trace-dump --summary "$T/a.wt"
like "$out" "total: 1 kernel, 3 records \(1 loads, 1 stores, 1 atomics\)" "text summary"
run trace-dump --header "$T/a.wt"
like "$out" "'access' records of 24 bytes" "header view"
run trace-dump --check "$T/a.wt"
is "$rc/$out/$err" "0//" "--check of a sound stream: silent, exit 0"
fails_with 2 "--format=xml: expected" "bad format" trace-dump --format=xml "$T/a.wt"
fails_with 2 "--format=json is for --summary" "json records" trace-dump --format=json "$T/a.wt"

# concatenated streams read as one
cat "$T/a.wt" "$T/a.wt" "$T/a.wt" > "$T/aaa.wt"
run trace-dump --summary --format=csv "$T/aaa.wt"
is "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f2,10)" "0,3
1,3
2,3" "three concatenated streams: three kernels"

# a big stream cut, flipped, or made of something else
"$BUILD/tools/gen-dump" --accesses=200000 > "$T/big.trc"
trace-gen -o "$T/big.wt" "$T/big.trc"
size=$(wc -c < "$T/big.wt")
head -c $((size / 2)) "$T/big.wt" > "$T/cut.wt"
fails_with 1 "cut.wt: truncated" "stream cut in half" trace-dump --check "$T/cut.wt"
head -c $((size - 40)) "$T/big.wt" > "$T/cut.wt"
fails_with 1 "cut.wt: truncated" "stream missing its end" trace-dump --check "$T/cut.wt"

trace-gen --level=0 -o "$T/raw.wt" "$T/big.trc"
rsize=$(wc -c < "$T/raw.wt")
head -c $((rsize - 48)) "$T/raw.wt" > "$T/rawcut.wt"
fails_with 1 "rawcut.wt: truncated stream" "raw stream without trailer" trace-dump --check "$T/rawcut.wt"
cp "$T/raw.wt" "$T/flip.wt"
printf '\377' | dd of="$T/flip.wt" bs=1 seek=$((rsize / 2)) conv=notrunc 2>/dev/null
fails_with 1 "flip.wt: corrupt stream: checksum mismatch in chunk" "flipped byte" trace-dump --check "$T/flip.wt"

printf 'WARPTRAX0123456789abcdef' > "$T/magic.wt"
fails_with 1 "magic.wt: not a warptrace stream \(bad magic" "wrong magic" trace-dump "$T/magic.wt"
fails_with 1 "a.trc: not a warptrace stream: this looks like a text dump; convert it with trace-gen first" \
	"text dump given" trace-dump "$T/a.trc"
fails_with 1 "v1-access.wt: unsupported stream format version 1.0 \(this is warptrace [0-9.]+, which reads version 4.x\): make it again from its dump or trace" \
	"a format 1.0 stream (another checksum): refused, saying which" trace-dump --check tests/data/format/v1-access.wt
fails_with 1 "v2-access.wt: unsupported stream format version 2.0 \(this is warptrace [0-9.]+, which reads version 4.x\): make it again" \
	"a format 2.0 stream (XXH64): refused, saying which" trace-dump --check tests/data/format/v2-access.wt
fails_with 1 "v3-access.wt: unsupported stream format version 3.1 \(this is warptrace [0-9.]+, which reads version 4.x\): make it again from its dump or trace with this version's trace-gen and the stages after it" \
	"a format 3.1 stream (no records of op none): refused, saying to make it again" trace-dump --check tests/data/format/v3-access.wt
fails_with 1 "v3-access.wt: unsupported stream format version 3.1" \
	"... by every stage" trace-order tests/data/format/v3-access.wt
: > "$T/empty.wt"
fails_with 1 "empty.wt: empty input: expected a warptrace stream" "empty file" trace-dump "$T/empty.wt"
run sh -c "trace-dump < /dev/null"
is "$rc" 1 "empty stdin: exit 1"
like "$err" "stdin: empty input" "empty stdin: says so"

# an upstream stage killed mid-stream: the next stage reports truncation
mkfifo "$T/fifo"
: > "$T/partial.wt"
"$BUILD/tools/gen-dump" --accesses=50M > "$T/fifo" 2>/dev/null &
gen=$!
trace-gen "$T/fifo" > "$T/partial.wt" &
pid=$!
i=0
while [ "$(wc -c < "$T/partial.wt")" -lt 100000 ] && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -9 $pid 2>/dev/null
kill $gen 2>/dev/null
wait 2>/dev/null
fails_with 1 "partial.wt: truncated" "killed upstream (stream cut mid-chunk)" trace-dump --check "$T/partial.wt"

# downstream exits early: upstream ends quietly
run sh -c "trace-gen '$T/big.trc' | trace-dump | head -c 100 > /dev/null"
is "$err" "" "early-exiting reader: no noise from upstream"

run sh -c "trace-dump '$T/big.wt' > /dev/full"
is "$rc" 1 "trace-dump to a full disk: exit 1"
like "$err" "write error" "trace-dump to a full disk: says so"

done_testing
