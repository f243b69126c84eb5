#!/bin/sh
# One machine through the pipeline (warptrace(7), MACHINES): presets and
# gpgpusim.config files, the header, contradictions refused unless
# --override, and every tested configuration of gpgpu-sim_distribution
# (from ../shared, when it is there) loading as its preset.
. "$(dirname "$0")/lib.sh"

json() {	# json FILE: the file on one line, without spaces
	tr -d ' \n' < "$1"
}
values() {	# values ARGS...: the machine's GPGPU-Sim values, one a line
	trace-order "$@" --show-machine 2> /dev/null | sed 's/	#.*//' | grep '^-gpgpu\|^-dram'
}

# The machine goes into the header and every stage takes it.
trace-gen samples/vectoradd.trc.zst | trace-order --arch=volta > "$T/v.w"
run trace-dump --header "$T/v.w"
like "$out" "# machine: volta" "trace-order writes the machine"
like "$out" "# machine.gpgpu_cache.dl1: S:4:128:64,L:T:m:L:L,A:512:8,16:0,32" "  with its L1"
like "$out" "# machine_default: no" "  chosen"
coalesce --stats="$T/co.json" "$T/v.w" | l1sim --stats="$T/l1.json" \
	| l2sim --stats="$T/l2.json" | dramsim --stats="$T/dr.json" > /dev/null
ok $? "volta: the pipeline runs"
like "$(json "$T/co.json")" '"arch":"volta","machine_origin":"--arch=volta","rules":"sector"' \
	"coalesce: volta's sector rules"
like "$(json "$T/l1.json")" '"arch":"volta","machine_origin":"--arch=volta"' "l1sim: volta"
like "$(json "$T/l1.json")" '"size":131072,"sets":4,"assoc":256,"line":128' \
	"l1sim: volta's dl1 of 64 ways, 256 in its 128 KB unified L1 beside no shared memory"
like "$(json "$T/l2.json")" '"arch":"volta"' "l2sim: volta"
like "$(json "$T/l2.json")" '"partitions":32,"sub_partitions":2,"map":"dramid@8;[0.]*0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS,sub-partitions=2,indexing=ipoly","size":98304,"sets":32,"assoc":24,"line":128,"index":"ipoly37,bits=27"' \
	"l2sim: 32 channels x 2 slices, QV100's mapping, IPOLY channels and IPOLY sets"
like "$(json "$T/dr.json")" '"machine_origin":"--arch=volta","arch":"volta"' "dramsim: volta"
like "$(json "$T/dr.json")" '"channels":32' "dramsim: 32 channels"

# --show-machine: the stream's, or the one given; a config that gives it back.
run coalesce --show-machine "$T/v.w"
like "$out" "^# machine volta" "--show-machine on a stream: the stream's machine"
trace-order --arch=qv100 --show-machine > "$T/qv100.config"
is "$(values --gpgpusim-config="$T/qv100.config")" "$(values --arch=qv100)" \
	"a printed machine read back: the same values"

# Contradictions: a usage error naming both, unless --override.
coalesce "$T/v.w" > "$T/v.req"
fails_with 2 "--arch=fermi: the stream's machine is volta .--arch=volta.; give the machine to trace-order, or --override" \
	"l1sim --arch=fermi on volta's requests" l1sim --arch=fermi "$T/v.req"
l1sim --arch=fermi --override --stats="$T/o.json" "$T/v.req" > /dev/null
like "$(json "$T/o.json")" '"arch":"fermi","machine_origin":"--arch=fermioverthestream.svolta\(--override\)"' \
	"  --override: fermi, and the stats say so"
l1sim --arch=qv100 "$T/v.req" > /dev/null
ok $? "  qv100 is volta: no contradiction"
fails_with 2 "--line=64 contradicts the stream: its machine volta .--arch=volta. says 128" \
	"coalesce --line=64 on volta's warps" coalesce --line=64 "$T/v.w"
fails_with 2 "--line=64 contradicts the stream: its requests .coalesce's line_size. says 128" \
	"l1sim --line=64 on 128-byte requests" l1sim --line=64 "$T/v.req"
fails_with 2 "--config=N:32:64:4,L:L:m:N:L,A:32:8,8: its 64-byte lines contradict the stream's requests of 128 bytes" \
	"l1sim --config of 64-byte lines on 128-byte requests" l1sim --config=N:32:64:4,L:L:m:N:L,A:32:8,8 "$T/v.req"

# trace-order's default machine: options change it freely, and l1sim takes
# the requests' line.
trace-gen samples/vectoradd.trc.zst | trace-order | coalesce --line=64 > "$T/d64.req"
ok $? "coalesce --line=64 on trace-order's default machine"
run l1sim "$T/d64.req"
like "$err" "note: the requests are of 64-byte lines .coalesce's line_size., the machine's L1 of 128: modelling 64-byte lines" \
	"l1sim takes the requests' 64-byte lines, and says so"
l1sim --stats="$T/d64.json" "$T/d64.req" > /dev/null 2>&1
like "$(json "$T/d64.json")" '"line":64,"index":"fermi"' "  with fermi's hashed index, as GPGPU-Sim's H takes any line"
run sh -c "l1sim --arch=volta '$T/d64.req' > /dev/null"
like "$err" "note: the stream was made for fermi, trace-order's default; modelling volta from here on" \
	"l1sim --arch=volta over the default machine: a note"

# A stream that names no machine: fermi, with one note.
"$BUILD/tests/test-coalesce" --make-warp-stream "$T/nm.w"
run sh -c "coalesce '$T/nm.w' > /dev/null"
like "$err" "^coalesce: note: the stream names no machine; modelling the fermi preset" \
	"no machine: fermi, said"


# The L1 of a machine, kernel by kernel.  Two kernels of one CTA, each
# loading the same line twice, the second kernel's CTA with 48 KB of
# shared memory; a .CA load, a .CG load and a .STRONG.GPU load.
mkdir "$T/k2"
kern() {	# kern ID SHMEM: a kernel file of one warp
	cat <<E
-kernel name = k$1
-kernel id = $1
-grid dim = (1,1,1)
-block dim = (32,1,1)
-shmem = $2
-nregs = 16
-binary version = 70
-cuda stream id = 0
-shmem base_addr = 0x00007f0000000000
-local mem base_addr = 0x00007f0002000000
-accelsim tracer version = 4

#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]

#BEGIN_TB

thread block = 0,0,0

warp = 0
insts = 6
0000 ffffffff 1 R2 LDG.E 1 R4 4 1 0x10000 4
0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x10000 4
0020 ffffffff 1 R2 LDG.E.CA 1 R4 4 1 0x20000 4
0030 ffffffff 1 R2 LDG.E.CG 1 R4 4 1 0x30000 4
0040 ffffffff 1 R2 LDG.E.STRONG.GPU 1 R4 4 1 0x40000 4
0050 ffffffff 0 EXIT 0 0

#END_TB
E
}
kern 1 0 > "$T/k2/kernel-1.traceg"
kern 2 49152 > "$T/k2/kernel-2.traceg"
printf 'kernel-1.traceg\nkernel-2.traceg\n' > "$T/k2/kernelslist.g"
# (every kernel from SM 0, and 300 cycles after a load: the second load
# of a line finds it there)
trace-gen "$T/k2" 2> /dev/null | trace-order --arch=volta --cta-start=zero --latency=300 \
	| coalesce > "$T/k2v.req"
ok $? "two kernels, with and without shared memory, ordered for volta"
l1sim --stats="$T/k2v.json" "$T/k2v.req" > /dev/null
like "$(json "$T/k2v.json")" '"kernels":\[\{"id":0,"name":"k1",[^}]*"l1_size":131072\},\{"id":1,"name":"k2",[^}]*"l1_size":65536\}' \
	"the adaptive L1: 128 KB beside no shared memory, 64 KB beside 48 KB of it (carve-out 64 of 128)"
like "$(json "$T/k2v.json")" '"total":\{"requests":10,"loads":10,.*"hits":2,"misses":4,' \
	"each kernel hits its line's second load only: the L1s are flushed at a kernel's end"
like "$(json "$T/k2v.json")" '"skipped_global":0,"skipped_cacheop":4,"flushes":' \
	".CG and .STRONG.GPU loads go around the L1 (hardware)"
l1sim --flush=no --unified=0 --stats="$T/k2n.json" "$T/k2v.req" > /dev/null
like "$(json "$T/k2n.json")" '"total":\{"requests":10,"loads":10,.*"hits":4,"misses":2,' \
	"--flush=no: the second kernel hits what the first left"
l1sim --cache-ops=accelsim --stats="$T/k2a.json" "$T/k2v.req" > /dev/null
like "$(json "$T/k2a.json")" '"skipped_global":0,"skipped_cacheop":2,' \
	"--cache-ops=accelsim: only .STRONG.GPU loads go around, as Accel-Sim's CACHE_GLOBAL"
trace-gen "$T/k2" 2> /dev/null | trace-order --arch=pascal | coalesce | l1sim --stats="$T/k2p.json" > /dev/null
like "$(json "$T/k2p.json")" '"total":\{"requests":10,"loads":10,.*"hits":0,"misses":2,.*"skipped_global":4,"skipped_cacheop":4,' \
	"pascal: global loads skip the L1 (-gpgpu_gmem_skip_L1D), but .CA ones"
fails_with 2 "--shmem-options=8,4: expected up to 32 sizes in KB, ascending" \
	"carve-outs out of order" l1sim --unified=128 --shmem-options=8,4 "$T/k2v.req"
fails_with 2 "--unified=100: not a multiple of the 32768-byte L1" \
	"a unified size the L1 does not divide" l1sim --unified=100 --shmem-options=0,8 "$T/k2v.req"
fails_with 2 "--unified=1048576: 262144 ways of the 16384-byte, 4-way L1; at most 65535" \
	"a unified size of too many ways, before any kernel" \
	l1sim --config=N:32:128:4,L:L:m:N:H,S:64:8,8 --unified=1048576 --shmem-options=0 "$T/k2v.req"
fails_with 2 "--shmem-options=8: only with an adaptive L1" \
	"carve-outs without --unified" l1sim --unified=0 --shmem-options=8 "$T/k2v.req"
l1sim --unified=0 --stats="$T/k2u.json" "$T/k2v.req" > /dev/null
ok $? "--unified=0 leaves the machine's carve-outs unused"
fails_with 2 "--sectored=yes: only the bounded mode is sectored, not --mode=unbounded" \
	"a sectored unbounded L1" l1sim --sectored=yes --mode=unbounded "$T/k2v.req"
run l1sim --mode=unbounded --stats="$T/k2m.json" "$T/k2v.req"
like "$err" "note: the sectored L1 of the machine or --config is simulated with whole lines in --mode=unbounded" \
	"volta's sectored L1 in --mode=unbounded: a note"
like "$(json "$T/k2m.json")" '"sectored":false,' "  and the settings say whole lines"

# Bad configurations: one line naming the file, the line and the option.
printf -- '-gpgpu_n_clusters 15\n-gpgpu_n_mem x\n' > "$T/bad.config"
fails_with 2 "--gpgpusim-config: $T/bad.config:2: -gpgpu_n_mem 'x': expected a number from 1 to 1024" \
	"a malformed value" trace-order --gpgpusim-config="$T/bad.config"
printf -- '-gpgpu_n_clusters 15\n-gpgpu_n_mem\n' > "$T/bad2.config"
fails_with 2 "$T/bad2.config:2: -gpgpu_n_mem: expected a value after it" \
	"an option without a value" trace-order --gpgpusim-config="$T/bad2.config"
fails_with 2 "--gpgpusim-config: $T/none.config: No such file" \
	"a missing file" trace-order --gpgpusim-config="$T/none.config"
fails_with 2 "--arch=volta and --gpgpusim-config=x: give one machine" \
	"two machines" trace-order --arch=volta --gpgpusim-config=x
# values a stage could not take are refused where the config says them
trace-order --arch=volta --show-machine > "$T/v.config"
sed 's/^-gpgpu_dram_timing_opt .*/-gpgpu_dram_timing_opt "CL=12:WL=2"/' "$T/v.config" > "$T/t.config"
fails_with 2 "$T/t.config:[0-9]*: -gpgpu_dram_timing_opt 'CL=12:WL=2': no nbk" \
	"a timing without banks" trace-order --gpgpusim-config="$T/t.config"
sed 's/^-gpgpu_clock_domains .*/-gpgpu_clock_domains 1000:1000:1000:0.4/' "$T/v.config" > "$T/t.config"
fails_with 2 "$T/t.config:[0-9]*: -gpgpu_clock_domains '1000:1000:1000:0.4': expected four clocks in MHz from 1 to 100000" \
	"a DRAM clock below 1 MHz" trace-order --gpgpusim-config="$T/t.config"
sed 's/^-gpgpu_n_clusters .*/-gpgpu_n_clusters 1000000/' "$T/v.config" > "$T/t.config"
fails_with 2 "^trace-order: --sms=1000000 .the machine's value, not given here: --show-machine prints the machine.: expected a number from 1 to 65535" \
	"an SM count too large: the error says it is the machine's" \
	trace-order --gpgpusim-config="$T/t.config"
# GPGPU-Sim reads a timing's names in order: the last of two counts
sed 's/^\(-gpgpu_dram_timing_opt [^	]*\)/\1:RCD=99/' "$T/v.config" > "$T/t.config"
trace-gen samples/vectoradd.trc.zst | trace-order --gpgpusim-config="$T/t.config" | coalesce \
	| l1sim | l2sim | dramsim --stats="$T/t.json" > /dev/null
like "$(json "$T/t.json")" '"tRCD":99,' "a timing given twice: the last counts, as in GPGPU-Sim"
# GPGPU-Sim's coalescer (arch 13) makes 128-byte lines whatever the L1's
sed -e 's/^-gpgpu_coalesce_arch .*/-gpgpu_coalesce_arch 13/' \
	-e 's/^-gpgpu_cache:dl1 [^	]*/-gpgpu_cache:dl1 N:64:64:4,L:L:m:N:L,A:512:8,16:0,32/' \
	"$T/v.config" > "$T/t.config"
trace-gen samples/vectoradd.trc.zst | trace-order --gpgpusim-config="$T/t.config" > "$T/c13.wt"
run coalesce "$T/c13.wt"
is "$rc" 0 "coalescing arch 13 with a 64-byte L1: the gpgpusim rules run"
# a machine agrees with the stream's when its values are the same
trace-gen samples/vectoradd.trc.zst | trace-order --gpgpusim-config="$T/v.config" > "$T/vc.wt"
coalesce --arch=volta "$T/vc.wt" > /dev/null
ok $? "--arch=volta on a stream of volta's --show-machine config: the same values agree"
mkdir -p "$T/qv100"
sed 's/^-gpgpu_l1_latency .*/-gpgpu_l1_latency 99/' "$T/v.config" > "$T/qv100/gpgpusim.config"
trace-gen samples/vectoradd.trc.zst | trace-order --gpgpusim-config="$T/qv100/gpgpusim.config" \
	2> /dev/null > "$T/vq.wt"
fails_with 2 "--arch=qv100: the stream's machine is qv100 .--gpgpusim-config=" \
	"a config in a directory called qv100 is not the qv100 preset" coalesce --arch=qv100 "$T/vq.wt"
trace-gen samples/vectoradd.trc.zst | trace-order --arch=volta > "$T/va.wt"
fails_with 2 "--arch=titanv: the stream's machine is volta" \
	"titanv is not volta's GPU" coalesce --arch=titanv "$T/va.wt"
trace-order --arch=fermi --show-machine > "$T/f.config"
printf -- '-gpuwattch_xml_file x.xml\n-gpgpu_ptx_sim_mode 0\n' >> "$T/f.config"
run trace-order --gpgpusim-config="$T/f.config" --show-machine
like "$err" "note: $T/f.config: options GPGPU-Sim does not know either were ignored: gpuwattch_xml_file" \
	"an unknown option: a note naming it"
like "$err" "note: $T/f.config: 1 GPGPU-Sim option the warptrace stages do not model was ignored .warptrace.7., MACHINES.: gpgpu_ptx_sim_mode$" \
	"an option not modelled: named in a note"

# Every tested configuration of gpgpu-sim_distribution loads, and those
# the presets are made of give the presets' values.
tarball=$(ls ../shared/accelsim/gpgpu-sim_distribution-*.tar.gz 2> /dev/null | head -n 1)
if [ -n "$tarball" ] && tar xzf "$tarball" -C "$T" --wildcards '*/configs/tested-cfgs/*' 2> /dev/null; then
	cfgs=$(find "$T" -path '*tested-cfgs/*/gpgpusim.config' | sort)
	for c in $cfgs; do
		name=$(basename "$(dirname "$c")")
		trace-order --gpgpusim-config="$c" --show-machine > /dev/null 2>&1
		ok $? "$name loads"
		case $name in
		SM2_GTX480) p=gtx480 ;; SM3_KEPLER_TITAN) p=kepler-titan ;;
		SM6_TITANX) p=titanx ;; SM7_QV100) p=qv100 ;; SM7_TITANV) p=titanv ;;
		SM75_RTX2060) p=rtx2060 ;; SM86_RTX3070) p=rtx3070 ;; *) p= ;;
		esac
		[ -n "$p" ] && is "$(values --gpgpusim-config="$c")" "$(values --arch=$p)" \
			"$name: every value the preset $p has"
	done
	c=$(find "$T" -path '*tested-cfgs/SM7_QV100/gpgpusim.config')
	trace-gen samples/vectoradd.trc.zst | trace-order --gpgpusim-config="$c" 2> /dev/null \
		| coalesce | l1sim --stats="$T/c.json" > /dev/null
	like "$(json "$T/c.json")" '"arch":"SM7_QV100","machine_origin":"--gpgpusim-config=' \
		"a config's machine is named for its directory and flows down"
else
	ok 0 "# SKIP no ../shared/accelsim tarball: the tested configurations are not checked"
fi

done_testing
