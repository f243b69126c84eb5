#!/bin/sh
# wt2accelsim: the Accel-Sim trace it writes, line for line on a small
# kernel; the opcodes, widths, partial warps and empty CTAs; trace-gen
# reads it back into the same warp records (samples through trace-order,
# and Accel-Sim traces); its errors, after which nothing is left behind.
# Whether Accel-Sim itself accepts the output is checked by
# bench/accelsim-validate.sh, which needs Accel-Sim; this test does not.
. "$(dirname "$0")/lib.sh"
w2a="$BUILD/tools/wt2accelsim"

# The warp records of a stream as CSV, without what the conversion does
# not keep (time, SM, the last-instruction flag, the register
# dependences: it writes registers of its own), in warp order.
records() {
	trace-dump --format=csv "$1" | awk -F, -v OFS=, 'NR > 1 {
		$2 = ""; $3 = ""; $13 = ""; $15 = ""; print }' | sort -t, -k1,1n -k5,5n -k6,6n
}

# ---- the format, line for line ----
# trace-gen(1)'s example: one CTA of 32 threads, one load after two other
# instructions, then an EXIT.
mkdir "$T/in"
cat > "$T/in/k.traceg" <<'E'
-kernel name = _Z4copyPf
-grid dim = (1,1,1)
-block dim = (32,1,1)
-accelsim tracer version = 5
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 4
0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 0
0010 ffffffff 1 R0 S2R 0 0 0
0020 ffffffff 1 R2 LDG.E 1 R4 4 1 0x7f0000000000 4 0
0030 ffffffff 0 EXIT 0 0 0
#END_TB
E
trace-gen "$T/in/k.traceg" > "$T/k.wt" 2>/dev/null
run "$w2a" -o "$T/k" "$T/k.wt"
is "$rc" 0 "a one-warp kernel converts"
is "$err" "" "quietly"
is "$(cat "$T/k/kernelslist.g")" "kernel-1.traceg" "kernelslist.g names the kernel file"
addrs=$(for i in $(seq 0 31); do printf ' 0x%x' $((0x7f0000000000 + 4 * i)); done)
cat > "$T/want" <<E
-kernel name = _Z4copyPf
-kernel id = 1
-grid dim = (1,1,1)
-block dim = (32,1,1)
-shmem = 0
-nregs = 0
-binary version = 70
-cuda stream id = 0
-accelsim tracer version = 4
-enable lineinfo = 0

#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]

#BEGIN_TB

thread block = 0,0,0

warp = 0
insts = 4
0020 ffffffff 0 NOP 0 0
0020 ffffffff 0 NOP 0 0
0020 ffffffff 1 R2 LDG.E 1 R4 4 0$addrs
0030 ffffffff 0 EXIT 1 R2 0

#END_TB
E
cmp -s "$T/want" "$T/k/kernel-1.traceg"
ok $? "the kernel file, line for line: header, format comment, NOPs, the load in list mode, EXIT reading the load's register"
[ -z "$(ls -d "$T"/k.tmp* 2>/dev/null)" ]
ok $? "no temporary directory left"
run "$w2a" --binary-version=61 -o "$T/k61" "$T/k.wt"
like "$(grep '^-binary' "$T/k61/kernel-1.traceg")" "^-binary version = 61$" "--binary-version sets the version"

# ---- opcodes, widths, spaces, partial warps, empty CTAs ----
# A 2-CTA grid of 40-thread CTAs (a full warp and an 8-lane one); CTA 1
# makes no memory access.
cat > "$T/in/w.traceg" <<'E'
-kernel name = widths
-grid dim = (2,1,1)
-block dim = (40,1,1)
-binary version = 61
-shmem base_addr = 0x7f0000000000
-local mem base_addr = 0x7f0002000000
-accelsim tracer version = 4
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 7
0000 ffffffff 1 R2 LDG.E.U8 1 R4 1 1 0x1000 1
0010 0000ffff 0 STG.E.U16 2 R4 R6 2 1 0x2000 2
0020 00000003 1 R2 ATOMG.E.ADD.64.STRONG.GPU 2 R4 R6 8 0 0x3000 0x3008
0030 ffffffff 1 R2 LDS.U.128 1 R4 16 1 0x100 16
0050 00000000 1 R2 LDG.E 1 R4 4 1 0x0 0
0040 00000001 0 STL 2 R4 R6 4 0 0x7f0002000010
0060 ffffffff 0 EXIT 0 0
warp = 1
insts = 2
0000 000000ff 1 R2 LDG.E.64 1 R4 8 1 0x4000 8
0060 000000ff 0 EXIT 0 0
#END_TB
#BEGIN_TB
thread block = 1,0,0
warp = 0
insts = 1
0060 ffffffff 0 EXIT 0 0
warp = 1
insts = 1
0060 000000ff 0 EXIT 0 0
#END_TB
E
trace-gen "$T/in/w.traceg" > "$T/w.wt" 2>/dev/null
run "$w2a" -o "$T/w" "$T/w.wt"
is "$rc" 0 "widths and spaces convert"
f="$T/w/kernel-1.traceg"
ops=$(grep -v '^[-#]' "$f" | awk 'NF > 4 { for (i = 3; i <= NF; i++) if ($i ~ /^[A-Z][A-Z]/) { print $i; break } }' | tr '\n' ' ')
is "$ops" "LDG.E.U8 STG.E.U16 ATOMG.E.ADD.STRONG.GPU.64 LDS.128 NOP STL EXIT LDG.E.64 EXIT EXIT EXIT " \
	"opcodes by op, space and width; a load without active lane is a NOP (trace-gen counts it in icount); every warp exits"
is "$(grep '^-binary' "$f")" "-binary version = 61" "the stream's binary version is kept"
is "$(grep 'base_addr' "$f" | tr '\n' ' ')" "-shmem base_addr = 0x7f0000000000 -local mem base_addr = 0x7f0002000000 " \
	"the shared and local windows are kept"
is "$(grep -c '^#BEGIN_TB' "$f") $(grep -c '^#END_TB' "$f")" "2 2" "every CTA of the grid, the empty one too"
is "$(grep -c '^thread block = 1,0,0$' "$f")" 1 "CTAs by their x, y, z"
is "$(grep ' EXIT ' "$f" | awk '{ print $2 }' | tr '\n' ' ')" "ffffffff 000000ff ffffffff 000000ff " \
	"an EXIT's mask is the warp's threads: 8 in the second warp"
is "$(grep ' STG.E.U16 ' "$f" | awk '{ print $2, $(NF - 15), NF }')" "0000ffff 0x2000 26" \
	"a store: its mask, sources and one address per active lane"
is "$(grep ' ATOMG' "$f" | cut -d' ' -f1-11)" "0020 00000003 1 R2 ATOMG.E.ADD.STRONG.GPU.64 2 R4 R6 8 0 0x3000" \
	"an atomic after a store: writes R2, reads its address and data"
is "$(grep ' LDS' "$f" | cut -d' ' -f1-10)" "0030 ffffffff 1 R2 LDS.128 2 R2 R4 16 0" \
	"the line after an atomic reads R2: the warp waits for it"
awk '/^insts = / { want = $3; n = 0; next } /^[0-9a-f]+ [0-9a-f]+ / { n++; if (n == want) ok++ } /^warp = / { warps++ } END { exit !(ok == warps) }' "$f"
ok $? "each warp's insts count is the number of its lines"
trace-gen "$T/w" > "$T/w2.wt" 2>/dev/null
records "$T/w.wt" > "$T/w.csv"
records "$T/w2.wt" > "$T/w2.csv"
cmp -s "$T/w.csv" "$T/w2.csv"
ok $? "trace-gen reads the same records back (the empty-mask load makes none either way)"

# ---- round trips: samples through trace-order ----
for s in vectoradd gemm spmv bfs nw; do
	trace-gen "samples/$s.trc.zst" | trace-order --arch=volta > "$T/$s.wt"
	rm -rf "$T/$s"
	"$w2a" -o "$T/$s" "$T/$s.wt" && trace-gen "$T/$s" > "$T/$s.back" 2>/dev/null
	ok $? "$s: converts and trace-gen reads it"
	# (a dump has no warp ends: the EXIT the converter ends each warp
	# with comes back as a record of op none, of one instruction)
	records "$T/$s.wt" > "$T/a.csv"
	records "$T/$s.back" | grep -v ',none,' > "$T/b.csv"
	cmp -s "$T/a.csv" "$T/b.csv"
	ok $? "$s: the same warp records back: CTA, warp, instruction, PC, op, space, size, icount, mask, addresses"
	is "$(records "$T/$s.back" | grep -c ',none,global,1,1,')" "$(trace-dump --summary --format=json "$T/$s.wt" \
		| tr -d ' \n' | grep -o '"warps":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')" \
		"$s: and one record of op none, the EXIT, a warp"
done
is "$(grep -c traceg "$T/nw/kernelslist.g")" 31 "nw: one kernel file per launch, 31"
is "$(ls "$T/nw" | grep -c '^kernel-[0-9]*\.traceg$')" 31 "nw: 31 kernel files"

# ---- round trip: an Accel-Sim trace ----
trace-gen tests/data/accelsim > "$T/as.wt" 2>/dev/null
run "$w2a" -o "$T/as" "$T/as.wt"
is "$rc" 0 "the test Accel-Sim trace converts"
like "$err" "note: 2 const or texture records written as NOPs" "const and texture records become NOPs, with a note"
is "$(cat "$T/as/kernelslist.g" | tr '\n' ' ')" \
	"MemcpyHtoD,0x0000000010000000,262144 MemcpyHtoD,0x0000000030000000,8192 kernel-1.traceg kernel-2.traceg MemcpyHtoD,0x0000000020000000,262144 kernel-3.traceg " \
	"the copies go back into kernelslist.g before their kernels"
trace-gen "$T/as" > "$T/as.back" 2>/dev/null
# (a warp whose last instructions were const or texture ones ends in NOPs
# there: they come back as a record of op none)
records "$T/as.wt" | grep -v ',texture,\|,const,\|,none,' | cut -d, -f1,4,5,7-10,12,14 > "$T/a.csv"
records "$T/as.back" | grep -v ',none,' | cut -d, -f1,4,5,7-10,12,14 > "$T/b.csv"
cmp -s "$T/a.csv" "$T/b.csv"
ok $? "the same records back but const and texture (whose NOPs join the next record's icount)"
records "$T/as.wt" | grep '^[02],' > "$T/a.csv"
records "$T/as.back" | grep '^[02],' > "$T/b.csv"
cmp -s "$T/a.csv" "$T/b.csv"
ok $? "kernels without const or texture records: exactly the same, icount too"

# ---- errors; nothing left behind ----
fails_with 2 "expected -o DIR" "no -o" "$w2a" "$T/k.wt"
fails_with 2 "--frobnicate.* is unknown" "a bad option" "$w2a" --frobnicate -o "$T/x" "$T/k.wt"
fails_with 2 "binary-version" "a bad --binary-version" "$w2a" --binary-version=abc -o "$T/x" "$T/k.wt"
fails_with 1 "k: exists and is not empty" "a directory with files" "$w2a" -o "$T/k" "$T/k.wt"
trace-gen samples/stride-s1.trc.zst > "$T/acc.wt"
fails_with 1 "run trace-order first" "access records" "$w2a" -o "$T/x" "$T/acc.wt"
trace-gen samples/stride-s1.trc.zst | trace-order --warp-size=64 > "$T/w64.wt"
fails_with 1 "warps of 64 lanes; Accel-Sim's are 32" "64-lane warps" "$w2a" -o "$T/x" "$T/w64.wt"
head -c 3000 "$T/gemm.wt" > "$T/cut.wt"
run "$w2a" -o "$T/x" "$T/cut.wt"
is "$rc" 1 "a truncated stream: exit 1"
[ ! -e "$T/x" ] && [ -z "$(ls -d "$T"/x.tmp* 2>/dev/null)" ]
ok $? "after every error, neither DIR nor a temporary directory"
# killed while it writes: the temporary directory goes too
trace-gen samples/gemm.trc.zst | trace-order --level=0 > "$T/gemm0.wt"
mkfifo "$T/fifo"
"$w2a" -o "$T/sig" < "$T/fifo" 2> /dev/null &
pid=$!
( head -c 100000 "$T/gemm0.wt"; exec sleep 30 ) > "$T/fifo" 2> /dev/null &
feeder=$!
i=0
while [ -z "$(ls -d "$T"/sig.tmp* 2>/dev/null)" ] && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done
[ -n "$(ls -d "$T"/sig.tmp* 2>/dev/null)" ]
ok $? "a stalled conversion has its temporary directory"
kill -TERM $pid
wait $pid
is "$?" 143 "SIGTERM ends it, by the signal"
[ ! -e "$T/sig" ] && [ -z "$(ls -d "$T"/sig.tmp* 2>/dev/null)" ]
ok $? "and removes the temporary directory"
kill $feeder 2> /dev/null
wait $feeder 2> /dev/null
mkdir "$T/empty"
run "$w2a" -o "$T/empty/" "$T/k.wt"
is "$rc" 0 "an empty directory is filled"
is "$(ls "$T/empty" | tr '\n' ' ')" "kernel-1.traceg kernelslist.g " "with the two files"

done_testing
