#!/bin/sh
# coalesce: the command line, its output on a small warp stream made by
# tests/unit/test-coalesce.c, statistics, provenance, and broken inputs.
# The rules themselves are tested in tests/unit/test-coalesce.c.
. "$(dirname "$0")/lib.sh"

run coalesce --help
is "$rc" 0 "--help: exit 0"
like "$out" "^usage: coalesce " "--help: usage line"
run coalesce --version
is "$rc:$out" "0:coalesce (warptrace) 0.1.0" "--version"

fails_with 2 "option '--bogus' is unknown" "unknown option" coalesce --bogus
fails_with 2 "option '--line' is unknown or needs a value" "--line without value" coalesce --line
fails_with 2 "line size 100: expected a power of two from 16 to 4096" "--line=100" coalesce --line=100
fails_with 2 "--line=abc: not a number" "--line=abc" coalesce --line=abc
fails_with 2 "sector size 3: expected a power of two" "--sector=3" coalesce --sector=3
fails_with 2 "16 sectors; a request's sector mask holds at most 8" "--sector=8" coalesce --sector=8
fails_with 2 "--rules=kepler: expected fermi, sector or gpgpusim" "--rules=kepler" coalesce --rules=kepler
fails_with 2 "--arch=tesla: no machine called .tesla.: expected fermi, kepler, pascal, volta" "--arch=tesla" coalesce --arch=tesla
fails_with 2 "one input stream at most .got 2." "two files" coalesce a.wt b.wt
fails_with 2 "cannot both go to stdout" "--stats=- without -o" coalesce --stats=-

# On a stream whose machine somebody chose, a bad value is still a bad
# value, not a contradiction of the machine
trace-gen samples/vectoradd.trc.zst | trace-order --arch=volta > "$T/va.wt"
fails_with 2 "^coalesce: --rules=bogus: expected fermi, sector or gpgpusim" \
	"--rules=bogus on a volta stream" coalesce --rules=bogus "$T/va.wt"
fails_with 2 "^coalesce: --skip-l1=maybe: expected no or yes" \
	"--skip-l1=maybe on a volta stream" coalesce --skip-l1=maybe "$T/va.wt"
fails_with 2 "^coalesce: --line=abc: not a number" \
	"--line=abc on a volta stream" coalesce --line=abc "$T/va.wt"

# Inputs that are not a warp stream.
printf 'blocksize: 4 1 1\n0 0 0x100 4\n' > "$T/a.trc"
trace-gen -o "$T/a.wt" "$T/a.trc"
fails_with 1 "a.wt: expected a stream of 'warp' records, got 'access' records; run trace-order first" \
	"access stream" coalesce "$T/a.wt"
fails_with 1 "stdin: empty input: expected a warptrace stream" "empty input" \
	sh -c "coalesce < /dev/null"
fails_with 1 "missing.wt: " "missing file" coalesce "$T/missing.wt"

# A small warp stream: see make_warp_stream() in tests/unit/test-coalesce.c.
"$BUILD/tests/test-coalesce" --make-warp-stream "$T/w.wt"
ok $? "test-coalesce --make-warp-stream writes a warp stream"

run sh -c "coalesce --arch=volta < '$T/w.wt' | trace-dump --format=csv"
is "$rc:$err" "0:" "sector rules (volta): exit 0, quiet"
is "$out" "kernel,time,sm,cta,warp,instr,pc,op,space,index,count,addr,sectors,bytes,lanes,icount,flags,cacheop
0,10,0,0,0,0,0x10,load,global,0,1,0x1000,0xf,128,0xffffffff,2,0,default
0,11,0,0,1,0,0x10,store,global,0,2,0x1000,0xf,124,0x7fffffff,2,1,default
0,11,0,0,1,0,0x10,store,global,1,2,0x1080,0x1,4,0x80000000,2,1,default
0,12,0,0,0,1,0x18,none,global,0,1,0x0,0x0,0,0x0,3,1,default
0,13,1,1,2,0,0x20,atomic,global,0,1,0x2000,0x1,8,0xffffffff,2,1,default
1,20,0,0,0,0,0x30,load,global,0,4,0x3000,0x1,4,0x1,2,1,default
1,20,0,0,0,0,0x30,load,global,1,4,0x3080,0x1,4,0x2,2,1,default
1,20,0,0,0,0,0x30,load,global,2,4,0x3100,0x1,4,0x4,2,1,default
1,20,0,0,0,0,0x30,load,global,3,4,0x3180,0x1,4,0x8,2,1,default" "sector rules: the requests"

run sh -c "coalesce --rules=fermi '$T/w.wt' | trace-dump --format=csv"
is "$out" "kernel,time,sm,cta,warp,instr,pc,op,space,index,count,addr,sectors,bytes,lanes,icount,flags,cacheop
0,10,0,0,0,0,0x10,load,global,0,1,0x1000,0xf,128,0xffffffff,2,0,default
0,11,0,0,1,0,0x10,store,global,0,2,0x1000,0xf,124,0x7fffffff,2,1,default
0,11,0,0,1,0,0x10,store,global,1,2,0x1080,0xf,4,0x80000000,2,1,default
0,12,0,0,0,1,0x18,none,global,0,1,0x0,0x0,0,0x0,3,1,default
0,13,1,1,2,0,0x20,atomic,global,0,2,0x2000,0xf,8,0xffff,2,1,default
0,13,1,1,2,0,0x20,atomic,global,1,2,0x2000,0xf,8,0xffff0000,2,1,default
1,20,0,0,0,0,0x30,load,global,0,4,0x3000,0xf,4,0x1,2,1,default
1,20,0,0,0,0,0x30,load,global,1,4,0x3080,0xf,4,0x2,2,1,default
1,20,0,0,0,0,0x30,load,global,2,4,0x3100,0xf,4,0x4,2,1,default
1,20,0,0,0,0,0x30,load,global,3,4,0x3180,0xf,4,0x8,2,1,default" "fermi rules: whole lines, 8-byte accesses per half-warp"

run sh -c "coalesce --line=64 --sector=16 '$T/w.wt' | trace-dump --format=csv | sed -n 2,5p"
is "$out" "0,10,0,0,0,0,0x10,load,global,0,2,0x1000,0xf,64,0xffff,2,0,default
0,10,0,0,0,0,0x10,load,global,1,2,0x1040,0xf,64,0xffff0000,2,0,default
0,11,0,0,1,0,0x10,store,global,0,3,0x1000,0xf,60,0x7fff,2,1,default
0,11,0,0,1,0,0x10,store,global,1,3,0x1040,0xf,64,0x7fff8000,2,1,default" "--line=64 --sector=16"

run sh -c "coalesce --arch=volta '$T/w.wt' | trace-dump --check"
is "$rc:$out$err" "0:" "the output passes trace-dump --check"
run sh -c "coalesce --arch=volta '$T/w.wt' | trace-dump --summary --format=csv | cut -d, -f2,10-13"
is "$out" "kernel,records,loads,stores,atomics
0,5,1,2,1
1,4,4,0,0" "kernels pass through, with their requests"

# The gpgpusim rules (GPGPU-Sim's coalescer; worked out by hand, and in
# tests/unit/test-gpgpucoal.c): volta's arch 70 makes 32-byte segments,
# and each of the 32 atomics on one 8-byte word its own request.
run sh -c "coalesce --arch=volta --rules=gpgpusim '$T/w.wt' | trace-dump --format=csv"
is "$rc:$err" "0:" "gpgpusim rules (volta): exit 0, quiet"
is "$(printf '%s\n' "$out" | sed -n 2,12p)" "0,10,0,0,0,0,0x10,load,global,0,4,0x1000,0x1,32,0xff,2,0,default
0,10,0,0,0,0,0x10,load,global,1,4,0x1000,0x2,32,0xff00,2,0,default
0,10,0,0,0,0,0x10,load,global,2,4,0x1000,0x4,32,0xff0000,2,0,default
0,10,0,0,0,0,0x10,load,global,3,4,0x1000,0x8,32,0xff000000,2,0,default
0,11,0,0,1,0,0x10,store,global,0,5,0x1000,0x1,28,0x7f,2,1,default
0,11,0,0,1,0,0x10,store,global,1,5,0x1000,0x2,32,0x7f80,2,1,default
0,11,0,0,1,0,0x10,store,global,2,5,0x1000,0x4,32,0x7f8000,2,1,default
0,11,0,0,1,0,0x10,store,global,3,5,0x1000,0x8,32,0x7f800000,2,1,default
0,11,0,0,1,0,0x10,store,global,4,5,0x1080,0x1,4,0x80000000,2,1,default
0,12,0,0,0,1,0x18,none,global,0,1,0x0,0x0,0,0x0,3,1,default
0,13,1,1,2,0,0x20,atomic,global,0,32,0x2000,0x1,8,0x1,2,1,default" \
	"gpgpusim rules (volta): a request per 32-byte segment"
is "$(printf '%s\n' "$out" | grep -c ',atomic,global,.*,0x2000,0x1,8,')" 32 \
	"gpgpusim rules: 32 atomics on one word, 32 requests"
run sh -c "coalesce --rules=gpgpusim '$T/w.wt' 2>/dev/null | trace-dump --format=csv | sed -n 2,4p"
is "$out" "0,10,0,0,0,0,0x10,load,global,0,1,0x1000,0xf,128,0xffffffff,2,0,default
0,11,0,0,1,0,0x10,store,global,0,2,0x1000,0xf,124,0x7fffffff,2,1,default
0,11,0,0,1,0,0x10,store,global,1,2,0x1080,0x1,4,0x80000000,2,1,default" \
	"gpgpusim rules, fermi's arch 20 through the L1: 128-byte segments, one reduced to 32"
run sh -c "coalesce --rules=gpgpusim --skip-l1=yes '$T/w.wt' 2>/dev/null | trace-dump --summary --format=csv | cut -d, -f2,10"
is "$out" "kernel,records
0,42
1,4" "--skip-l1=yes: 32-byte segments under arch 20"
run sh -c "coalesce --rules=gpgpusim --coalesce-arch=13 --shmem-warp-parts=2 '$T/w.wt' 2>/dev/null | trace-dump --format=csv | sed -n 2,3p"
is "$out" "0,10,0,0,0,0,0x10,load,global,0,2,0x1000,0x3,64,0xffff,2,0,default
0,10,0,0,0,0,0x10,load,global,1,2,0x1000,0xc,64,0xffff0000,2,0,default" \
	"--coalesce-arch=13 --shmem-warp-parts=2: a 64-byte half of the line per half-warp"
coalesce --rules=gpgpusim --arch=volta --stats=- -o "$T/g.wt" "$T/w.wt" > "$T/g.json"
json=$(tr -d ' \n' < "$T/g.json")
like "$json" '"rules":"gpgpusim","line":128,"sector":32,"shmem_banks":32,"shmem_limited_broadcast":false,"shmem_warp_parts":1,"coalesce_arch":70,"skip_l1":false\}' \
	"gpgpusim stats: the machine's coalescing arch and skip-L1 setting"
like "$json" '"id":0,"name":"k0","warp_instructions":4,"empty_instructions":1,"threads":96,"requests":41,"requests_by_op":\{"loads":4,"stores":5,"atomics":32\}' \
	"gpgpusim stats: requests by op"
like "$(trace-dump --header "$T/g.wt")" "# coalesce_rules: gpgpusim" "header: coalesce_rules gpgpusim"
coalesce --rules=gpgpusim --arch=kepler --stats=- -o "$T/g.wt" "$T/w.wt" > "$T/g.json"
like "$(tr -d ' \n' < "$T/g.json")" '"shmem_warp_parts":1,"coalesce_arch":35,"skip_l1":true\}' \
	"gpgpusim stats: kepler's machine skips the L1 (gpgpu_gmem_skip_L1D 1)"
like "$(tr -d ' \n' < "$T/g.json")" '"total":\{"kernels":2,"warp_instructions":5,"empty_instructions":1,"threads":100,"requests":45,' \
	"... 32-byte segments under arch 35 then"
fails_with 2 "--coalesce-arch: only the gpgpusim rules take it" "--coalesce-arch without the gpgpusim rules" \
	coalesce --arch=volta --coalesce-arch=20 "$T/w.wt"
fails_with 2 "--skip-l1: only the gpgpusim rules take it" "--skip-l1 without the gpgpusim rules" \
	coalesce --arch=fermi --rules=sector --skip-l1=no "$T/w.wt"
fails_with 2 "--coalesce-arch=12: expected a number from 13 to 1000" "--coalesce-arch=12" \
	coalesce --arch=fermi --rules=gpgpusim --coalesce-arch=12 "$T/w.wt"
fails_with 2 "--skip-l1=maybe: expected" "--skip-l1=maybe" \
	coalesce --arch=fermi --rules=gpgpusim --skip-l1=maybe "$T/w.wt"
fails_with 2 "the gpgpusim rules make requests in 128-byte lines of 32-byte sectors, as GPGPU-Sim's coalescer does; got 64-byte lines" \
	"gpgpusim rules: 128-byte lines only" coalesce --arch=fermi --rules=gpgpusim --line=64 "$T/w.wt"

# On a stream whose machine was chosen: --rules=gpgpusim agrees with it,
# its own settings must (as --rules=sector must).
printf 'blocksize: 32 1 1\n' > "$T/g.trc"
i=0; while [ $i -lt 32 ]; do printf '%d 0 0x%x 4\n' $i $((0x1000 + 4 * i)); i=$((i + 1)); done >> "$T/g.trc"
trace-gen "$T/g.trc" | trace-order --arch=volta -o "$T/gv.wt"
run sh -c "coalesce --rules=gpgpusim '$T/gv.wt' | trace-dump --summary --format=csv | cut -d, -f2,10"
is "$rc:$out" "0:kernel,records
0,4" "a volta stream: --rules=gpgpusim needs no --override, 4 sectors of one line"
fails_with 2 "--rules=fermi contradicts the stream" "a volta stream: --rules=fermi does" \
	coalesce --rules=fermi "$T/gv.wt"
fails_with 2 "--coalesce-arch=13 contradicts the stream: its machine volta" \
	"a volta stream: --coalesce-arch=13 contradicts it" coalesce --rules=gpgpusim --coalesce-arch=13 "$T/gv.wt"
run sh -c "coalesce --override --rules=gpgpusim --coalesce-arch=13 '$T/gv.wt' | trace-dump --summary --format=csv | cut -d, -f2,10"
is "$rc:$out" "0:kernel,records
0,1" "... --override: one 128-byte segment"

# A record the gpgpusim rules cannot take: a data error naming it.
printf 'blocksize: 1 1 1\n0 0 0x1000 32\n' > "$T/g32.trc"
trace-gen "$T/g32.trc" | trace-order -o "$T/g32.wt" 2>/dev/null
fails_with 1 "g32.wt: record 0: access size 32: the gpgpusim rules take 1 to 16 bytes" \
	"gpgpusim rules: a 32-byte access is a data error" coalesce --rules=gpgpusim -o "$T/out.wt" "$T/g32.wt"
[ ! -e "$T/out.wt" ]
ok $? "... and leaves no output file"

# Statistics.
coalesce --arch=fermi --stats="$T/s.json" -o "$T/r.wt" "$T/w.wt"
ok $? "--stats: exit 0"
json=$(tr -d ' \n' < "$T/s.json")
like "$json" '^\{"program":"coalesce","version":"0\.1\.0","command":\[' "stats: program, version, command"
like "$json" '"settings":\{"arch":"fermi","machine_origin":"--arch=fermi","rules":"fermi","line":128,"sector":32,"shmem_banks":32,"shmem_limited_broadcast":false,"shmem_warp_parts":1\}' "stats: settings (SM2_GTX480's shared memory)"
like "$json" '"id":0,"name":"k0","warp_instructions":4,"empty_instructions":1,"threads":96,"requests":5,"requests_by_op":\{"loads":1,"stores":2,"atomics":2\},"requests_per_instruction":\{"1":1,"2":2\}' \
	"stats: kernel 0 counts and histogram"
like "$json" '"total":\{"kernels":2,"warp_instructions":5,"empty_instructions":1,"threads":100,"requests":9,.*"requests_per_instruction":\{"1":1,"2":2,"4":1\},"mean_requests":2\.25,"bytes_requested":1152,"bytes_used":288,"efficiency":0\.25,.*"no_access_requests":1,"all_instructions":15,' \
	"stats: totals, histogram, mean, bytes, efficiency"
coalesce --arch=volta --stats=- -o "$T/r2.wt" "$T/w.wt" > "$T/s2.json"
json=$(tr -d ' \n' < "$T/s2.json")
like "$json" '"settings":\{"arch":"volta","machine_origin":"--arch=volta","rules":"sector","line":128,"sector":32,.*"total":\{.*"bytes_requested":448,"bytes_used":280,' \
	"--stats=- with -o; sector rules count sectors"

# A stream that names no machine: fermi, said once on stderr.
run sh -c "coalesce --stats=- -o '$T/r3.wt' '$T/w.wt' | tr -d ' \n'"
like "$err" "^coalesce: note: the stream names no machine; modelling the fermi preset" "no machine: a note"
is "$(printf '%s\n' "$err" | wc -l)" 1 "no machine: one line"
like "$out" '"settings":\{"arch":"fermi","machine_origin":"thefermipreset:thestreamnamesnomachine' "no machine: fermi, and the stats say why"

# The machine given first, explicit options after, whatever their order.
coalesce --line=64 --arch=fermi --sector=16 -o "$T/p.wt" "$T/w.wt"
run trace-dump --header "$T/p.wt"
like "$out" "# stage: test-coalesce --make-warp-stream" "provenance: the input's stage line is kept"
like "$out" "# stage: coalesce 0\.1\.0 --line=64 --arch=fermi --sector=16 -o " "provenance: this stage is added"
like "$out" "# line_size: 64" "--line after the preset wins: line_size 64"
like "$out" "# sector_size: 16" "header: sector_size"
like "$out" "# coalesce_rules: fermi" "header: coalesce_rules from the preset"
is "$(printf '%s\n' "$out" | grep -c 'line_size')" 1 "header: line_size replaced, not repeated"
coalesce --rules=sector --arch=fermi -o "$T/p.wt" "$T/w.wt"
like "$(trace-dump --header "$T/p.wt")" "# coalesce_rules: sector" "--rules before --arch still wins"

# A default sector size follows the line; an explicit one must fit.
coalesce --arch=volta --line=16 -o "$T/p.wt" "$T/w.wt"
ok $? "--line=16 alone: the default sector shrinks to the line"
like "$(trace-dump --header "$T/p.wt")" "# sector_size: 16" "--line=16: sector_size 16"
coalesce --arch=volta --line=4096 -o "$T/p.wt" "$T/w.wt"
like "$(trace-dump --header "$T/p.wt")" "# sector_size: 512" "--line=4096: sector_size 512"
fails_with 2 "sector size 32 is larger than the line size 16" "--line=16 --sector=32" \
	coalesce --arch=volta --line=16 --sector=32 "$T/w.wt"

# Deterministic: the same bytes twice.
coalesce --arch=volta -o "$T/d.wt" "$T/w.wt" && mv "$T/d.wt" "$T/d1.wt" &&
	coalesce --arch=volta -o "$T/d.wt" "$T/w.wt"
ok $? "two runs"
cmp -s "$T/d1.wt" "$T/d.wt"
ok $? "deterministic: byte-identical output"

# Concatenated input: kernels of both segments.
cat "$T/w.wt" "$T/w.wt" > "$T/ww.wt"
run sh -c "coalesce --arch=volta '$T/ww.wt' | trace-dump --summary --format=csv | tail -n +2 | cut -d, -f2,10"
is "$out" "0,5
1,4
2,5
3,4" "concatenated warp streams: four kernels"

# Broken streams: an error, and no output file left behind.
size=$(wc -c < "$T/w.wt")
head -c $((size - 20)) "$T/w.wt" > "$T/cut.wt"
fails_with 1 "cut.wt: truncated" "truncated zstd stream" coalesce --arch=volta -o "$T/out.wt" "$T/cut.wt"
[ ! -e "$T/out.wt" ]
ok $? "truncated input: no output file left behind"
WARPTRACE_LEVEL=0 "$BUILD/tests/test-coalesce" --make-warp-stream "$T/raw.wt"
rsize=$(wc -c < "$T/raw.wt")
head -c $((rsize - 48)) "$T/raw.wt" > "$T/rawcut.wt"
fails_with 1 "rawcut.wt: truncated stream" "raw stream without trailer" \
	coalesce --arch=volta -o "$T/out.wt" "$T/rawcut.wt"
[ ! -e "$T/out.wt" ]
ok $? "raw stream without trailer: no output file left behind"
run sh -c "coalesce '$T/rawcut.wt' | trace-dump --check"
like "$err" "truncated" "a stream cut upstream is reported downstream as truncated"

done_testing
