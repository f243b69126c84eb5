#!/bin/sh
# What an Accel-Sim trace says reaches the right place: every instruction
# counted through the pipeline (records of op none), the traces of tracers
# before version 3 read as the later ones, cache operators carried from
# the opcode to the requests, and shared, constant and texture
# instructions kept from the caches (no L1 access) but counted.
. "$(dirname "$0")/lib.sh"

D=tests/data/accelsim
records() { grep -v '^#'; }
json() { tr -d ' \n' < "$1"; }

# ---- vectoradd (romnn/microgpusim): 344 instructions, by hand ----
# warps 0-3 run 23 instructions (3 of them memory), warps 4-31 9 (the
# bounds check and EXIT): 4 * 23 + 28 * 9 = 344.
trace-gen --stats="$T/g.json" -o "$T/va.wt" "$D/vectoradd" 2> "$T/err"
is "$?:$(cat "$T/err")" "0:" "vectoradd: converts, quietly"
like "$(json "$T/g.json")" '"instructions":344,"memory_instructions":12,"no_access_records":32,' \
	"vectoradd: 344 instructions, 12 memory records, a record of op none for each of the 32 warps"
like "$(json "$T/g.json")" '"trailing_instructions":260,' \
	"... which hold the 344 but the 12 memory ones and the 72 before them (18 in each of warps 0-3)"
is "$(trace-dump --summary --format=csv "$T/va.wt" | tail -1 | cut -d, -f10,11,12,20,21)" "44,8,4,32,344" \
	"vectoradd: the warp records count the 344"
trace-order --stats="$T/o.json" -o "$T/va.o.wt" "$T/va.wt"
like "$(json "$T/o.json")" '"instructions":12,"no_access_records":32,"all_instructions":344,' \
	"trace-order issues them all"
is "$(last_flags "$T/va.o.wt")" "0 32 32" "... each warp's last record flagged, and no other"
coalesce --stats="$T/c.json" -o "$T/va.q.wt" "$T/va.o.wt"
like "$(json "$T/c.json")" '"no_access_records":32,"no_access_requests":32,"all_instructions":344,"instructions_lost":0' \
	"coalesce passes them on: 32 requests of op none"
is "$(trace-dump --summary --format=csv "$T/va.q.wt" | tail -1 | cut -d, -f10,20,21)" "44,32,344" \
	"... its requests count the 344"
# (its loads are LDG.E.CG, which go around the L1 on hardware; Accel-Sim
# caches them: --cache-ops=accelsim)
l1sim --cache-ops=accelsim --stats="$T/l1.json" -o "$T/va.l1.wt" "$T/va.q.wt"
like "$(json "$T/l1.json")" '"total":\{.*"requests":12,"loads":8,"stores":4,"atomics":0,"hits":0,"misses":8,' \
	"vectoradd: l1sim looks up the 12 requests only"
l1sim --stats="$T/l1h.json" "$T/va.q.wt" > /dev/null
like "$(json "$T/l1h.json")" '"total":\{.*"requests":12,"loads":8,"stores":4,"atomics":0,"hits":0,"misses":0,.*"bypasses":8,"skipped_global":0,"skipped_cacheop":8,' \
	"... its .CG loads go around the L1 (--cache-ops=hardware, the default)"
like "$(json "$T/l1.json")" '"total":\{.*"instructions":344,.*"mpki":23\.25' \
	"... and counts 344 instructions: MPKI 8 / 344 (23, not 95)"
l1sim --sched=pool --icount=yes --stats="$T/p.json" -o "$T/va.p.wt" "$T/va.q.wt"
like "$(json "$T/p.json")" '"total":\{.*"requests":12,.*"instructions":344,' "... in the warp pool too"
classify --format=json -o "$T/cls.json" "$T/va.q.wt"
like "$(json "$T/cls.json")" '"total":\{.*"requests":\{"loads":8,"stores":4,"atomics":0\}' \
	"classify: requests of op none are no atomics"
like "$(json "$T/cls.json")" '"total":\{.*"timing":\{.*"instructions":344' \
	"classify counts the 344 instructions"

# a record of op none ends its warp: trace-order refuses one that does not
sf() { "$BUILD/tests/test-format" --set-field "$@"; }
sf "$T/va.wt" 0 op 3 "$T/n1.wt" && sf "$T/n1.wt" 0 mask 0 "$T/n2.wt" &&
	sf "$T/n2.wt" 0 size 1 "$T/n3.wt" && sf "$T/n3.wt" 0 flags 1 "$T/n4.wt"
fails_with 1 "n4.wt: kernel 0 \(_Z6vecAddIfEvPT_S1_S1_i\): warp 0 has records after its record of op none \(no memory access\), which must be its last" \
	"a warp's record of op none before its others" trace-order -o "$T/o.wt" "$T/n4.wt"
[ ! -e "$T/o.wt" ]; ok $? "... no output left"

# ---- the same kernel with .CG loads: cache operators travel ----
trace-dump "$T/va.q.wt" | records | awk '$8 == "load" { print $18 }' | sort -u > "$T/cop"
is "$(cat "$T/cop")" "cg" "LDG.E.CG: cache operator cg on every load request"
trace-dump "$T/va.q.wt" | records | awk '$8 == "store" { print $18 }' | sort -u > "$T/cop"
is "$(cat "$T/cop")" "default" "STG.E: the default"
trace-dump --format=jsonl "$T/va.q.wt" | grep '"op":"none"' | head -1 > "$T/none.json"
like "$(cat "$T/none.json")" '"op":"none","space":"global","index":0,"count":1,"addr":"0x0","sectors":"0x0","bytes":0,"lanes":"0x0","icount":[0-9]+,"flags":1,"cacheop":"default"\}' \
	"trace-dump --format=jsonl: a request of op none"
trace-dump --format=csv "$T/va.wt" | sed -n 1,2p > "$T/w.csv"
is "$(head -1 "$T/w.csv")" "kernel,time,sm,cta,warp,instr,pc,op,space,size,icount,mask,flags,cacheop,deps,addresses" \
	"trace-dump --format=csv: warp columns, cacheop and deps before the addresses"
# Its chain, by hand from warp 0's lines (depth: 1 + the deepest source
# written in the record): MOV R1, S2R R0, S2R R2: 1 each; XMAD.MRG R3 <-
# R0 RZ: 2; XMAD R2 <- R0 R2: 2; XMAD.PSL.CBCC R0 <- R0 R3 R2: 3; SHL R6
# <- R0: 4; SHR R0 <- R0: 4; IADD R4 <- R6: 5; the LDG reads R4: c5.
like "$(sed -n 2p "$T/w.csv")" '^0,0,0,0,0,0,0x98,load,global,4,14,0xffffffff,0,cg,0/c5,"0x7f2b2d500000 ' \
	"... the first load: icount 14, .CG, chain 5"
run trace-dump --summary "$T/va.q.wt"
like "$out" "total: 1 kernel, 44 records \(8 loads, 4 stores, 0 atomics, 32 of op none\); 344 warp instructions in all" \
	"trace-dump --summary: records of op none and every instruction"

# ---- before tracer version 3 ----
# prev3/kernel-1.traceg: warps 0 and 1 of microgpusim's 32x32 matrixmul,
# as the tracers before version 3 wrote it: no version line, no base
# addresses, the CTA and warp on every instruction line.  Every warp runs
# 138 instructions: 2 LDG, 2 STS, 40 LDS, 1 STG, 93 others.
run trace-gen --stats="$T/p3.json" -o "$T/p3.wt" "$D/prev3"
is "$rc:$err" "0:" "before version 3: read without a note"
like "$(json "$T/p3.json")" '"tracer_version":null,"instructions":276,"memory_instructions":90,"no_access_records":2,"spaces":\{"global":6,"local":0,"shared":84,' \
	"... 2 x 138 instructions, 45 memory records a warp (3 global, 42 shared)"
like "$(json "$T/p3.json")" '"trailing_instructions":8,' "... and 4 after the STG of each"
sed -e 's/^0 0 0 [01] //' -e 's/^#traces format = threadblock_x threadblock_y threadblock_z warpid_tb /#traces format = /' \
	-e 's/^-nvbit version = 1.5.5$/&\n-accelsim tracer version = 4/' "$D/prev3/kernel-1.traceg" > "$T/v4.traceg"
trace-gen "$T/v4.traceg" | trace-order | trace-dump | records > "$T/v4.txt"
trace-order "$T/p3.wt" | trace-dump | records > "$T/p3.txt"
cmp -s "$T/v4.txt" "$T/p3.txt"; ok $? "... the warp records of the same lines without the ids (version 4)"
{ sed -n '1,/^insts/p' "$D/prev3/kernel-1.traceg"; printf '0 0 0 1 0008 ffffffff 1 R1 MOV 0 0 \n'; } > "$T/bad.traceg"
fails_with 1 "bad.traceg:21: the line names warp 1 of thread block \(0,0,0\) in the lines of warp 0 of thread block \(0,0,0\)" \
	"before version 3: a line of another warp" trace-gen -o "$T/o.wt" "$T/bad.traceg"

# ---- a kernel list as some tracers write it ----
mkdir "$T/list"
cp "$D/vectoradd/kernel-1.traceg" "$T/list/"
printf 'cudaMalloc,0x00007f2b2d500000,400\nMemcpyHtoD,0x00007f2b2d500000,400\nkernel-1.traceg\nMemcpyDtoH,0x00007f2b2d500400,400\n' \
	> "$T/list/kernelslist"
run trace-gen -o "$T/l.wt" "$T/list"
is "$rc" 0 "a list with a cudaMalloc line"
like "$err" "kernel list lines of other commands than copies passed over, as Accel-Sim passes them: 1 \(the first: cudaMalloc\)" \
	"... passed over, with a note"
like "$(trace-dump --header "$T/l.wt"; trace-dump "$T/l.wt" | grep '^# kernel')" "memcpy=MemcpyHtoD,0x00007f2b2d500000,400 from" \
	"... the copy before the kernel kept"

# ---- shared memory: no L1 access, but counted ----
# One CTA of 64 threads with the header's base addresses; warp 0: an STS
# of consecutive words, an LDS of a 2-word stride (2-way bank conflicts),
# an LDS broadcast, a generic LD in the shared window, an ATOMS, EXIT;
# warp 1: an LDS of a 32-word stride (32-way), an LDC, EXIT.
cat > "$T/sh.traceg" <<'EOF'
-kernel name = shonly
-grid dim = (1,1,1)
-block dim = (64,1,1)
-shmem base_addr = 0x00007f0000000000
-local mem base_addr = 0x00007effe0000000
-accelsim tracer version = 4
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 8
0008 ffffffff 1 R1 MOV 0 0
0010 ffffffff 0 STS 2 R0 R1 4 1 0x0 4
0018 ffffffff 0 BAR.SYNC 0 0
0020 ffffffff 1 R2 LDS.U.32 1 R0 4 1 0x0 8
0028 ffffffff 1 R3 LDS.U.32 1 R0 4 1 0x80 0
0030 ffffffff 1 R4 LD.E 1 R0 4 1 0x7f0000000100 4
0038 0000000f 0 ATOMS.ADD 2 R0 R1 4 1 0x200 4
0040 ffffffff 0 EXIT 0 0
warp = 1
insts = 3
0008 ffffffff 1 R2 LDS.U.32 1 R0 4 1 0x0 128
0010 00000001 1 R3 LDC 1 R0 4 0 0x10
0018 ffffffff 0 EXIT 0 0
#END_TB
EOF
trace-gen "$T/sh.traceg" | trace-order | coalesce --stats="$T/shc.json" -o "$T/sh.q"
like "$(json "$T/shc.json")" '"total":\{"kernels":1,"warp_instructions":0,"empty_instructions":0,"threads":0,"requests":0,' \
	"shared memory only: coalesce makes no request for the caches"
like "$(json "$T/shc.json")" '"shared":\{"warp_instructions":6,"threads":164,"bank_accesses":38,"bank_conflicts":32,"accesses_per_instruction":6\.333' \
	"... 6 shared instructions (the generic load among them), 1 + 2 + 1 + 1 + 1 + 32 bank accesses"
like "$(json "$T/shc.json")" '"constant":\{"warp_instructions":1,"threads":1\},"texture":\{"warp_instructions":0,"threads":0\},"no_access_records":2,"no_access_requests":2,"all_instructions":11,' \
	"... a constant load; the two requests of op none (the EXITs) carry the 11 instructions"
l1sim --stats="$T/shl1.json" -o "$T/sh.l1" "$T/sh.q"
like "$(json "$T/shl1.json")" '"total":\{.*"requests":0,"loads":0,"stores":0,"atomics":0,"hits":0,"misses":0,' \
	"shared memory only: zero L1 accesses"
like "$(json "$T/shl1.json")" '"total":\{.*"instructions":11,' "... and its 11 instructions counted"
is "$(trace-dump --summary --format=csv "$T/sh.l1" | tail -1 | cut -d, -f10)" 0 "... no L2 traffic"
trace-gen "$T/sh.traceg" | trace-order | coalesce --shmem-banks=64 --stats="$T/sh64.json" > /dev/null
like "$(json "$T/sh64.json")" '"shared":\{"warp_instructions":6,"threads":164,"bank_accesses":21,' \
	"--shmem-banks=64: the 32-word stride is a 16-way conflict, the 2-word one none"
trace-gen "$T/sh.traceg" | trace-order | coalesce --shmem-warp-parts=2 --stats="$T/shp.json" > /dev/null
like "$(json "$T/shp.json")" '"bank_accesses":41,' "--shmem-warp-parts=2: two half-warps each (the 4 ATOMS lanes in one)"
trace-gen "$T/sh.traceg" | trace-order | coalesce --shmem-limited-broadcast=yes --stats="$T/shb.json" > /dev/null
like "$(json "$T/shb.json")" '"bank_accesses":38,' "--shmem-limited-broadcast=yes: one broadcast word is all these need"
fails_with 2 "--shmem-banks=0: expected a number from 1 to 1024" "--shmem-banks=0" \
	coalesce --shmem-banks=0 "$T/sh.q"
fails_with 2 "--shmem-limited-broadcast=maybe: expected" "bad --shmem-limited-broadcast" \
	coalesce --shmem-limited-broadcast=maybe "$T/sh.q"

done_testing
