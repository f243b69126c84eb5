#!/bin/sh
# trace-gen on Accel-Sim (NVBit) traces: directories, kernel lists, raw
# and grouped kernel files, compression, tracer versions 3 to 5, notes,
# errors; trace-order on the warp records; the shipped synthetic trace
# through the pipeline with known request counts, and against the same
# kernel written as a dump.
. "$(dirname "$0")/lib.sh"

D=tests/data/accelsim
records() { grep -v '^#'; }	# a trace-dump listing without its comments

# ---- inputs ----
run trace-gen -o "$T/dir.wt" "$D"
is "$rc" 0 "a trace directory converts"
like "$err" "note: kernel 0 \(_Z6synth1PfS_\): thread block cluster information ignored on 6 lines" \
	"cluster lines ignored, with a note"
run trace-dump --header "$T/dir.wt"
like "$out" "'warp' records of 304 bytes, 32 lanes" "warp records of 32 lanes"
run trace-dump "$T/dir.wt"
like "$out" "# kernel 0 _Z6synth1PfS_ grid 2 1 1 block 64 1 1 regs 16 shmem 1024 format=accelsim accelsim_form=traceg tracer_version=5" \
	"kernelslist.g preferred: the .traceg files"
like "$out" "# kernel 0 .* memcpy=MemcpyHtoD,0x0000000010000000,262144 memcpy=MemcpyHtoD,0x0000000030000000,8192 from $D/kernel-1.traceg:1" \
	"memcpy lines before a kernel: its metadata"
like "$out" "# kernel 2 _Z6synth3Pf .* memcpy=MemcpyHtoD,0x0000000020000000,262144 from" \
	"a memcpy between kernels goes with the next"
like "$out" "# kernel 1 _Z6synth2Pd grid 1 2 1 block 48 1 1 regs 32 format=accelsim accelsim_form=traceg tracer_version=4 accelsim_kernel_id=2 binary_version=70 cuda_stream=0 shmem_base=0x7f1000000000 local_base=0x7f1002000000 nvbit_version=1.5.5 lineinfo=1" \
	"every header line in the kernel metadata"
run trace-dump --summary --format=csv "$T/dir.wt"
is "$(printf '%s\n' "$out" | tail -3 | cut -d, -f2,3,10,20)" '0,"_Z6synth1PfS_",28,4
1,"_Z6synth2Pd",12,3
2,"_Z6synth3Pf",20,4' "three kernels, their records: memory instructions and each warp's last of op none"

# only a raw kernelslist: the .trace files, the same warps
mkdir "$T/raw"
cp "$D"/kernelslist "$D"/*.trace "$T/raw/"
trace-gen "$T/raw" 2>/dev/null > "$T/raw.wt"
run trace-dump "$T/raw.wt"
like "$out" "accelsim_form=trace .* from $T/raw/kernel-1.trace:1" "a raw directory: the .trace files"
trace-order "$T/dir.wt" | trace-dump | records > "$T/dir.txt"
trace-order "$T/raw.wt" | trace-dump | records > "$T/raw.txt"
cmp -s "$T/dir.txt" "$T/raw.txt"; ok $? "raw and grouped traces: the same warp instructions after trace-order"
is "$(trace-dump --format=csv "$T/dir.wt" | awk -F, 'NR > 1 && $13 != 0 && $8 != "none"' | wc -l | tr -d ' ')" 0 \
	"trace-gen's memory records, not yet issued, say no warp's end"
is "$(trace-dump --format=csv "$T/dir.wt" | awk -F, 'NR > 1 && $13 == 1 && $8 == "none"' | wc -l | tr -d ' ')" 11 \
	"... its records of op none, always a warp's last, do: 11 warps end with non-memory instructions"
trace-order -o "$T/dir.o.wt" "$T/dir.wt"
is "$(last_flags "$T/dir.o.wt")" "0 11 11" \
	"after trace-order, each warp's last instruction says so, and no other"
trace-gen "$D/kernelslist" 2>/dev/null | trace-order | trace-dump | records > "$T/list.txt"
cmp -s "$T/dir.txt" "$T/list.txt"; ok $? "a kernelslist named directly"
trace-gen "$D/kernelslist.g" 2>/dev/null | trace-dump | records > "$T/listg.txt"
trace-dump "$T/dir.wt" | records > "$T/dirg.txt"
cmp -s "$T/dirg.txt" "$T/listg.txt"; ok $? "a kernelslist.g named directly"

# compression and standard input, told by content, not by name
trace-gen "$D/kernel-1.traceg" 2>/dev/null | trace-dump | records > "$T/k1.txt"
xz -c "$D/kernel-1.traceg" > "$T/k1.traceg.xz"
zstd -q -c "$D/kernel-1.traceg" > "$T/k1.traceg.zst"
gzip -c "$D/kernel-1.traceg" > "$T/k1.gz"
for f in k1.traceg.xz k1.traceg.zst k1.gz; do
	trace-gen "$T/$f" 2>/dev/null | trace-dump | records > "$T/c.txt"
	cmp -s "$T/k1.txt" "$T/c.txt"; ok $? "compressed kernel file: $f"
done
trace-gen < "$T/k1.traceg.xz" 2>/dev/null | trace-dump | records > "$T/c.txt"
cmp -s "$T/k1.txt" "$T/c.txt"; ok $? "standard input, xz, detected from its content"
trace-gen --format=accelsim - < "$D/kernel-2.trace" 2>/dev/null | trace-dump | records > "$T/c.txt"
trace-gen "$D/kernel-2.trace" 2>/dev/null | trace-dump | records > "$T/c2.txt"
cmp -s "$T/c2.txt" "$T/c.txt"; ok $? "--format=accelsim on standard input"
xz -c "$D/kernel-1.trace" > "$T/k1.trace.xz"
printf 'k1.trace.xz\n' > "$T/kernelslist"
trace-gen "$T/kernelslist" 2>/dev/null | trace-dump | records > "$T/c.txt"
trace-gen "$D/kernel-1.trace" 2>/dev/null | trace-dump | records > "$T/k1raw.txt"
cmp -s "$T/k1raw.txt" "$T/c.txt"; ok $? "a list naming an .xz raw trace (the tracer's default)"

# truncated compressed files are errors naming the file, never short traces
head -c 300 "$T/k1.traceg.xz" > "$T/cut.traceg.xz"
fails_with 1 "cut.traceg.xz: truncated xz data" "truncated .xz" trace-gen -o "$T/o.wt" "$T/cut.traceg.xz"
[ ! -e "$T/o.wt" ]; ok $? "truncated .xz: no output file left"
head -c 300 "$T/k1.traceg.zst" > "$T/cut.traceg.zst"
fails_with 1 "cut.traceg.zst: truncated zstd data" "truncated .zst" trace-gen -o "$T/o.wt" "$T/cut.traceg.zst"
mkdir "$T/cut"
cp "$T/cut.traceg.xz" "$T/cut/kernel-3.trace"
printf 'MemcpyHtoD,0x10,16\nkernel-3.trace\n' > "$T/cut/kernelslist"
fails_with 1 "kernel-3.trace: truncated xz data" "truncated .xz in a directory" trace-gen -o "$T/o.wt" "$T/cut"
printf '\375\067\172\130\132\000garbage' > "$T/bad.traceg.xz"
fails_with 1 "bad.traceg.xz: corrupt xz data" "corrupt .xz" trace-gen -o "$T/o.wt" "$T/bad.traceg.xz"

# ---- tracer versions and line forms ----
hdr() {	# hdr VERSION [LINEINFO]: a kernel header of 1 CTA of 32 threads
	printf -- '-kernel name = v%s\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n' "$1"
	[ -n "$1" ] && printf -- '-accelsim tracer version = %s\n' "$1"
	[ -n "${2:-}" ] && printf -- '-enable lineinfo = %s\n' "$2"
	printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n'
}
gen() {	# gen NAME: convert $T/NAME.traceg, dump its records
	trace-gen "$T/$1.traceg" | trace-dump | records | cut -d' ' -f7-12
}
{ hdr 3; printf '0010 ffffffff 1 R2 LDG.E 1 R4 4 2 0x1000 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4\n0020 ffffffff 0 EXIT 0 0\n#END_TB\n'; } > "$T/v3.traceg"
is "$(gen v3)" "0x10 load global 4 0 0xffffffff
0x20 none global 1 1 0x0" "version 3: no immediate, 31 deltas for 32 lanes; the EXIT after"
{ hdr 4 1; printf '7 0010 0000000f 1 R2 LDG.E.U8 1 R4 1 0 0x1 0x2 0x3 0x4\n8 0020 ffffffff 0 EXIT 0 0\n#END_TB\n'; } > "$T/v4.traceg"
is "$(gen v4)" "0x10 load global 1 0 0xf
0x20 none global 1 1 0x0" "version 4: line numbers, no immediate"
{ hdr 5 0; printf '0010 00000003 1 R2 LDG.E.64 1 R4 8 2 0x1000 8 0\n0020 ffffffff 0 EXIT 0 0 0\n#END_TB\n'; } > "$T/v5.traceg"
is "$(gen v5)" "0x10 load global 8 0 0x3
0x20 none global 1 1 0x0" "version 5: an immediate ends every line"
{ hdr 5 0; printf '0010 00000003 1 R2 LDG.E.64 1 R4 8 2 0x1000 8\n0020 ffffffff 0 EXIT 0 0\n#END_TB\n'; } > "$T/v5no.traceg"
fails_with 1 "v5no.traceg:10: base\+delta: mask 00000003 has 2 active lanes: expected 1 delta and the immediate after the base address, got 1 field" \
	"version 5 without its immediate" trace-gen -o "$T/o.wt" "$T/v5no.traceg"
{ hdr 4; printf '0010 ffffffff 1 R2 S2R 0 0 0\n0020 ffffffff 0 EXIT 0 0\n#END_TB\n'; } > "$T/v4imm.traceg"
fails_with 1 "v4imm.traceg:9: unexpected field '0' after the memory width" \
	"version 4 with an immediate" trace-gen -o "$T/o.wt" "$T/v4imm.traceg"
{ hdr ''; printf '0010 00000003 1 R2 LDG.E 1 R4 4 2 0x1000 8 0\n0020 ffffffff 0 EXIT 0 0 0\n#END_TB\n'; } | \
	sed '1a #traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate' > "$T/fmt.traceg"
is "$(gen fmt)" "0x10 load global 4 0 0x3
0x20 none global 1 1 0x0" "no version line: the format line names the immediate"
{ hdr 5 0 | sed '1a -cluster dim = (1,1,1)'; printf '0010 00000003 1 R2 LDG.E 1 R4 4 2 0x1000 8 0\n0020 ffffffff 0 EXIT 0 0 0\n#END_TB\n'; } > "$T/new.traceg"
run trace-gen -o "$T/o.wt" "$T/new.traceg"
is "$rc" 0 "an unknown header line is no error"
like "$err" "note: kernel 0 \(v5\): unknown header lines ignored: 1 \(the first: '-cluster dim'\)" "... but a note"

# ---- malformed input: file:line, exit 1, one line, nothing left behind ----
bad() {	# bad NAME PATTERN TEXT
	printf -- "$3" > "$T/bad.traceg"
	fails_with 1 "$2" "$1" trace-gen -o "$T/out.wt" "$T/bad.traceg"
	[ ! -e "$T/out.wt" ]; ok $? "$1: no output file left"
}
H='-grid dim = (1,1,1)\n-block dim = (32,1,1)\n'
G='#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n'
bad "bad PC" "bad.traceg:7: PC 'xyz': not a hexadecimal number" "$H$G"'xyz ffffffff 0 EXIT 0 0\n'
bad "bad address mode" "bad.traceg:7: address mode '5': expected 0 \(list\)" "$H$G"'0 ffffffff 0 LDG.E 0 4 5 0x0\n'
bad "an extra delta" "bad.traceg:8: base\+delta: mask 00000003 has 2 active lanes: expected 1 delta after the base address, got 2 fields" \
	"$H"'-accelsim tracer version = 4\n'"$G"'0 00000003 0 LDG.E 0 4 2 0x0 4 4\n'
bad "a missing address" "bad.traceg:7: list: mask 00000007 has 3 active lanes: expected 3 addresses, got 2 fields" \
	"$H$G"'0 00000007 0 LDG.E 0 4 0 0x0 0x4\n'
bad "no grid" "bad.traceg:2: no '-grid dim = \(X,Y,Z\)' line" '-block dim = (32,1,1)\n#BEGIN_TB\n'
bad "insts count" "bad.traceg:8: more instruction lines than 'insts = 1' at line 6" "$H$G"'0 ffffffff 0 NOP 0 0\n0 ffffffff 0 EXIT 0 0\n'
bad "warp outside the CTA" "bad.traceg:5: warp 1: a CTA of 32 threads has 1 warp" "$H"'#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\n'
bad "CTA outside the grid" "bad.traceg:3: thread block \(0,1,0\) lies outside the grid \(1,1,1\)" "$H"'0 1 0 0 0 ffffffff 0 EXIT 0 0\n'
bad "binary junk" "bad.traceg:3: NUL byte" "$H"'0 ff\000\n'
fails_with 1 "nonexistent: a trace directory needs a kernelslist.g or kernelslist file" "a directory without a list" \
	sh -c "mkdir '$T/nonexistent' && cd '$T' && trace-gen -o o.wt nonexistent"
printf 'MemcpyHtoD,0x10,16\nkernel-9.traceg\n' > "$T/kernelslist"
fails_with 1 "kernelslist:2: $T/kernel-9.traceg: No such file or directory" "a list naming a missing file" \
	trace-gen -o "$T/o.wt" "$T/kernelslist"
printf 'MemcpyHtoD,0x10\n' > "$T/kernelslist"
fails_with 1 "kernelslist:1: expected 'MemcpyHtoD,0xADDRESS,BYTES'" "a bad memcpy line" trace-gen -o "$T/o.wt" "$T/kernelslist"
printf 'MemcpyHtoD,0x10,16\n' > "$T/kernelslist"
fails_with 1 "kernelslist: no kernel file listed" "a list without kernels" trace-gen -o "$T/o.wt" "$T/kernelslist"
printf 'blocksize: 1 1 1\n0 0 0 4\n' > "$T/a.trc"
fails_with 2 "a.trc is an Ocelot dump but .*kernel-1.traceg is an Accel-Sim trace" "mixed formats" \
	trace-gen -o "$T/o.wt" "$T/a.trc" "$D/kernel-1.traceg"
fails_with 2 "--format=cuda: expected" "bad --format" trace-gen --format=cuda "$T/a.trc"
fails_with 1 "kernel-1.traceg:1: access before any 'blocksize: X Y Z' header" "--format=ocelot on an Accel-Sim trace" \
	trace-gen --format=ocelot -o "$T/o.wt" "$D/kernel-1.traceg"

# ---- statistics ----
trace-gen --stats="$T/s.json" "$D/kernel-1.traceg" 2>/dev/null > /dev/null
s=$(tr -d ' \n' < "$T/s.json")
like "$s" '"dialect":"accelsim"' "stats: the dialect"
like "$s" '"form":"traceg","tracer_version":5,"instructions":36,"memory_instructions":24' "stats: instructions of every kind, and memory ones"
like "$s" '"spaces":\{"global":17,"local":2,"shared":5,"const":0,"texture":0\}' "stats: records by space"
like "$s" '"memory_instructions":24,"no_access_records":4,' "stats: a record of op none for each of the 4 warps"
like "$s" '"empty_masks":1,"trailing_instructions":9,"generic_without_bases":0,"predicated_address_lines":0,"warps":4,"ctas":2' "stats: empty masks, trailing instructions"

# ---- trace-order on warp records ----
trace-order --stats="$T/o.json" "$T/dir.wt" > "$T/o1.wt"
ok $? "trace-order takes warp records"
s=$(tr -d ' \n' < "$T/o.json")
like "$s" '"instructions":49' "every record issued once"
like "$s" '"split_instructions":0' "... none split"
trace-order "$T/dir.wt" > "$T/o2.wt"
trace-order "$T/dir.wt" > "$T/o3.wt"
cmp -s "$T/o2.wt" "$T/o3.wt"; ok $? "deterministic"
for p in lrr gto two-level; do
	run sh -c "trace-order --policy=$p --sms=1 --warp-limit=1 '$T/dir.wt' | trace-dump --check"
	is "$rc" 0 "--policy=$p on warp records"
done
run sh -c "trace-order --sms=1 --schedulers=1 --policy=lrr '$T/dir.wt' | trace-dump | grep -v '^#' | head -2 | cut -d' ' -f2-7"
is "$out" "2 0 0 0 0 0x20
4 0 0 1 0 0x20" "one scheduler: warp 0's load after its 2 other instructions, warp 1's after its 1"
fails_with 2 "--warp-size=16: the warps of .*dir.wt are formed already, with 32 lanes" "--warp-size against formed warps" \
	trace-order --warp-size=16 "$T/dir.wt"
trace-order "$T/dir.wt" | coalesce > "$T/req.wt"
fails_with 1 "expected a stream of 'access' or 'warp' records, got 'request' records; run trace-gen first" \
	"a request stream" trace-order -o "$T/o.wt" "$T/req.wt"

# ---- the pipeline: known request counts ----
trace-gen "$D/kernel-3.traceg" > "$T/k3.wt"
trace-order "$T/k3.wt" | coalesce --stats="$T/co.json" | l1sim --stats="$T/l1.json" > /dev/null
s=$(tr -d ' \n' < "$T/co.json")
like "$s" '"requests":140' "kernel 3: 140 requests"
like "$s" '"requests_per_instruction":\{"1":12,"32":4\}' "coalesced, broadcast and store: 1 request; stride 128: 32"
like "$(tr -d ' \n' < "$T/l1.json")" '"requests":140,"loads":136,"stores":4' "l1sim sees them all"
trace-order "$T/dir.wt" | coalesce | trace-dump --format=csv | awk -F, 'NR > 1 && $1 == 0 && $8 != "none" { print $4 "/" $5, $7, $9, $11 }' | sort -u > "$T/k1req.txt"
is "$(grep -c . "$T/k1req.txt")" 19 "kernel 1: every global and local record makes requests (17 + 2), no shared one (5)"
is "$(trace-order "$T/dir.wt" | coalesce | trace-dump --format=csv | awk -F, 'NR > 1 && $1 == 0 && $8 == "none"' | wc -l | tr -d ' ')" 4 \
	"kernel 1: each of the 4 warps ends with a request of op none"
is "$(grep -E '^0/0 0x(20|30|40|50|60|70|80) ' "$T/k1req.txt" | sort -k2 | cut -d' ' -f4 | tr '\n' ' ')" "1 32 1 1 2 1 1 " \
	"stride 4, 128, 0; 16 lanes of 8 bytes; 2-lane delta; 2-lane list; 1 lane"
is "$(grep -E '^0/1 ' "$T/k1req.txt" | sort -k2 | cut -d' ' -f4 | tr '\n' ' ')" "1 1 4 " \
	"31 lanes; 32-lane delta; a 4-lane list"

# the same kernel as a dump (extended dialect): the same requests
trace-dump "$T/k3.wt" | records | awk '{
	n = split($16, a, ","); cta = $4; w = $5 % 2
	rw = $8 == "store" ? 1 : 0
	for (l = 0; l < n; l++)
		printf "%d %d %s %d %s %d\n", cta * 64 + w * 32 + l, rw, a[l + 1], $10, $7, $11
}' > "$T/acc.txt"
{ printf 'blocksize: 64 1 1\ngridsize: 2 1 1\nkernel: _Z6synth3Pf\n'; sort -s -n -k1,1 "$T/acc.txt"; } > "$T/k3.trc"
trace-gen "$T/k3.trc" | trace-order | coalesce | trace-dump | records | cut -d' ' -f1-16 > "$T/dump-req.txt"
trace-order "$T/k3.wt" | coalesce | trace-dump | records | grep -v ' none ' | cut -d' ' -f1-16 > "$T/as-req.txt"
cmp -s "$T/dump-req.txt" "$T/as-req.txt"
ok $? "kernel 3 as a dump: the same requests, at the same times (but for the flags: a dump has no warp's last non-memory instructions)"

# the content hash of an Accel-Sim trace: its list and the kernel files it
# names, the same from the directory and from its list; a kernel file
# that changes changes it
ash() { trace-gen "$@" 2> /dev/null | trace-dump --header | sed -n 's/^# trace_hash: //p'; }
hd=$(ash "$D")
like "$hd" "^[0-9a-f]{16}$" "trace_hash of a trace directory"
is "$(ash "$D/kernelslist.g")" "$hd" "trace_hash: the directory and its kernelslist.g agree"
mkdir "$T/ash" && cp "$D"/kernelslist.g "$D"/kernel-*.traceg "$T/ash/"
is "$(ash "$T/ash")" "$hd" "trace_hash: a copy of the directory"
printf '\n' >> "$T/ash/kernel-3.traceg"
h3=$(ash "$T/ash")
[ -n "$h3" ] && [ "$h3" != "$hd" ]
ok $? "trace_hash: a kernel file that changes changes it"

done_testing
