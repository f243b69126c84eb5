#!/bin/sh
# Input limits through the whole pipeline: addresses at the top of the
# address space, thread ids near 2^32, grids too large to schedule, block
# dimensions whose product overflows, empty kernels, a kernel of one
# thread, 0-byte accesses, a thousand kernels.  Each is a clear one-line
# error or a correct result.
. "$(dirname "$0")/lib.sh"

dump() {	# dump TEXT: a dump file from printf-style text
	printf "$1" > "$T/d.trc"
}
pipeline() {	# the whole pipeline on $T/d.trc; its output summary in $T/sum
	trace-gen "$T/d.trc" | trace-order | coalesce | l1sim --events=all \
		| l2sim --events=all | dramsim > "$T/dram.wt" && \
	trace-gen "$T/d.trc" | trace-order | coalesce | classify --format=json -o "$T/cls.json" && \
	trace-dump --summary "$T/dram.wt" > "$T/sum"
}

# the last bytes of the address space
dump 'blocksize: 2 1 1\n0 0 0xfffffffffffffffc 4\n1 0 0xffffffffffffff80 4\n0 1 0xffffffffffffff00 8\n'
pipeline
is "$?" 0 "accesses in the last line of the address space: the pipeline runs"
like "$(trace-gen "$T/d.trc" | trace-order | coalesce | trace-dump --format=csv | cut -d, -f12 | sort -u | tr '\n' ' ')" \
	"0xffffffffffffff00 0xffffffffffffff80" "their lines are the last two"
fails_with 1 "w.trc:2: access of 4 bytes at 18446744073709551614 wraps past the end of the address space" \
	"an access across 2^64" sh -c "printf 'blocksize: 1 1 1\n0 0 0xfffffffffffffffe 4\n' > '$T/w.trc'; trace-gen -o /dev/null '$T/w.trc'"
fails_with 1 "w.trc:2: address '0x10000000000000000': number too large" "an address of 2^64" \
	sh -c "printf 'blocksize: 1 1 1\n0 0 0x10000000000000000 4\n' > '$T/w.trc'; trace-gen -o /dev/null '$T/w.trc'"

# thread ids
dump 'blocksize: 32 1 1\n4294967295 0 0x1000 4\n0 0 0x1000 4\n'
fails_with 1 "record 0: CTA 134217727: trace-order schedules at most 16777216 CTAs a kernel" \
	"thread 2^32-1 in blocks of 32: too many CTAs, said" sh -c "trace-gen '$T/d.trc' | trace-order -o /dev/null"
dump 'blocksize: 1024 1 1\n16777215 0 0x1000 4\n0 0 0x2000 4\n'
pipeline
is "$?" 0 "thread 2^24-1 in blocks of 1024: 16384 CTAs, scheduled"
fails_with 1 "w.trc:2: thread id '4294967296': number too large" "thread id 2^32" \
	sh -c "printf 'blocksize: 1 1 1\n4294967296 0 0x100 4\n' > '$T/w.trc'; trace-gen -o /dev/null '$T/w.trc'"

# block dimensions
fails_with 1 "w.trc:1: blocksize of 8589934592 threads is too large" "a block of 2^33 threads" \
	sh -c "printf 'blocksize: 65536 65536 2\n0 0 0x100 4\n' > '$T/w.trc'; trace-gen -o /dev/null '$T/w.trc'"
fails_with 1 "w.trc:1: blocksize: dimension 0 is 0" "a block dimension of 0" \
	sh -c "printf 'blocksize: 0 1 1\n0 0 0x100 4\n' > '$T/w.trc'; trace-gen -o /dev/null '$T/w.trc'"

# sizes
fails_with 1 "w.trc:2: size 0: expected a power of two from 1 to 128 bytes" "a 0-byte access" \
	sh -c "printf 'blocksize: 1 1 1\n0 0 0x100 0\n' > '$T/w.trc'; trace-gen -o /dev/null '$T/w.trc'"

# an empty kernel and a kernel of one thread
dump 'blocksize: 32 1 1\n'
pipeline
is "$?" 0 "an empty kernel: the pipeline runs"
like "$(cat "$T/sum")" "total: 1 kernel, 0 records" "an empty kernel stays a kernel, with no record"
dump 'blocksize: 1 1 1\n0 0 0x100 4\n0 0 0x100 4\n'
pipeline
is "$?" 0 "a kernel of one thread: the pipeline runs"
like "$(tr -d ' \n' < "$T/cls.json")" '"l1":\{"references":2,"unbounded":\{"miss":1,"intra-thread":1,' \
	"one thread, one line twice: intra-thread reuse"

# a thousand kernels of one access each
printf 'blocksize: 1 1 1\n0 0 0x100 4\n' > "$T/one.trc"
set --
i=0
while [ $i -lt 1000 ]; do set -- "$@" "$T/one.trc"; i=$((i + 1)); done
trace-gen "$@" | trace-order | coalesce | l1sim | l2sim | dramsim > "$T/many.wt"
is "$?" 0 "a thousand kernels: the pipeline runs"
like "$(trace-dump --summary "$T/many.wt" | tail -n 1)" "total: 1000 kernels" "a thousand kernels come out"

done_testing
