#!/bin/sh
# accelsim-validate.sh - warptrace against Accel-Sim, trace by trace and
# configuration by configuration: the L1, L2 and DRAM counts of both, one
# markdown table row each.  A tool for measuring warptrace; make check and
# CI never run it (Accel-Sim is no dependency of the project).
#
#   sh bench/accelsim-validate.sh [options] ACCEL_SIM CONFIG_DIR[,CONFIG_DIR...] TRACE...
#
#   ACCEL_SIM    accel-sim.out, as /work/shared/accelsim/build.sh builds it
#   CONFIG_DIR   a directory with gpgpusim.config (and the trace.config or
#                gpgpusim.trace.config and interconnect files it names), as
#                Accel-Sim's tested configurations are laid out; several,
#                separated by commas
#   TRACE        an Accel-Sim trace directory (kernelslist.g and .traceg
#                files), or anything else trace-gen reads (a sample dump,
#                samples/gemm.trc.zst): that is converted first, by
#                trace-gen | trace-order | wt2accelsim, into DIR/traces/NAME
#
#   -b BUILD     warptrace's build directory (default: build)
#   -o DIR       where everything goes (default: accelsim-validate): the
#                converted traces, and per configuration and trace
#                DIR/runs/CONFIG/NAME/accel-sim (Accel-Sim's log.txt and
#                the config files it ran with) and .../warptrace (cmd.sh,
#                the pipeline as run, each stage's --stats JSON, dramsim's
#                output stream dram.wt); DIR/results.csv has every number
#   -r           reuse: an Accel-Sim log that ran to its end and a trace
#                converted before are kept, so that a later build of
#                warptrace is measured by one command, in seconds
#   -k           keep instruction fetches: run the configuration as it is
#                (see below)
#   -d           print a second table, of the counts behind each row
#
# Both sides run the same trace: the Accel-Sim trace directory, which
# warptrace's trace-gen reads into the same warp records (tests/69-
# wt2accelsim.t).
#
# THE COLUMNS.  Like with like: global memory only, no instruction
# fetches, misses that go on to the next level.  Each cell is
# "Accel-Sim / warptrace".
#
#   L1 acc    global loads looked up in the L1.  Accel-Sim: the last
#             Total_core_cache_stats_breakdown[GLOBAL_ACC_R][S] summed over
#             S = HIT, HIT_RESERVED, MISS, SECTOR_MISS (the statuses its
#             L1D_total_cache_accesses counts; RESERVATION_FAIL tries are
#             retried and counted then).  warptrace: l1sim's
#             total.gpgpusim.loads, the same statuses counted as GPGPU-Sim
#             counts them (per sector in a sectored L1); where the stats
#             have no gpgpusim object, total.hits + total.misses (loads; 0
#             in bypass mode).  Stores are not in
#             it: both write them through to L2 (see -d).
#   L1 miss   Accel-Sim: [GLOBAL_ACC_R][MISS] + [SECTOR_MISS]: HIT_RESERVED,
#             a load merged into a line in flight, is a pending hit, no
#             miss.  warptrace: gpgpusim.loads miss + sector_miss; else
#             total.misses - total.merged, the loads that went to L2
#             (merged loads are latency misses there).
#   L1 mr     L1 miss / L1 acc, in percent.
#   L2 acc    global loads and atomics at L2.  Accel-Sim: the last
#             L2_cache_stats_breakdown[GLOBAL_ACC_R][S] over the same S;
#             INST_ACC_R (instruction fetches, which L2_total_cache_*
#             count), GLOBAL_ACC_W and L2_WR_ALLOC_R are not in it.
#             warptrace: l2sim's total.gpgpusim loads and atomics, as
#             for L1; else total.hits + total.misses (reads and atomics).
#   L2 miss   Accel-Sim: [GLOBAL_ACC_R][MISS] + [SECTOR_MISS].  warptrace:
#             gpgpusim miss + sector_miss; else
#             total.misses - total.merged.
#   L2 mr     L2 miss / L2 acc, in percent.
#   DRAM rd   data read from DRAM, in 32-byte units.  Accel-Sim: the sum
#             over channels of n_rd + n_rd_L2_A of the last per-channel
#             lines (column reads of dram_atom_size = bus width x burst
#             length, 32 bytes in the configurations here; n_rd_L2_A are
#             the reads of the L2's fetch on a write miss).  warptrace:
#             dramsim's JSON counts requests (total.reads) and bursts of
#             reads and writes together (total.bursts), so the column sums
#             the 32-byte sectors of dramsim's output records whose op is
#             load (a record with no sector mask moves a whole line).
#   DRAM wr   Accel-Sim: n_write + n_wr_bk over channels.  warptrace: the
#             sectors of the output records whose op is store.
#
# INSTRUCTION FETCHES.  warptrace models no instruction or constant
# cache; Accel-Sim's instruction fetch misses go to L2 and DRAM.  By
# default Accel-Sim runs with -gpgpu_perfect_inst_const_cache 1 added
# (the qv100 configuration sets it already), so that no fetch reaches L2
# or DRAM: the columns above exclude INST_ACC_R anyway, but DRAM n_rd has
# no breakdown by type.  This changes Accel-Sim's cycles, not what its
# data caches see in a given order.  -k runs the configuration unchanged
# (its published numbers can then be reproduced); DRAM rd then includes
# the fetches, and the row says so.
#
# THE WARPTRACE PIPELINE.
#   trace-gen TRACE | trace-order ARGS | coalesce ARGS | l1sim ARGS |
#   l2sim ARGS | dramsim ARGS -o dram.wt
# By default trace-order's ARGS are --gpgpusim-config=CONFIG (the
# configuration's gpgpusim.config: the machine, which the stream carries
# to every later stage) and l1sim's --cache-ops=accelsim (cache operators
# as Accel-Sim's trace mode takes them); the others have none.  The
# environment variable WT_ARGS_TRACE_ORDER, WT_ARGS_COALESCE,
# WT_ARGS_L1SIM, WT_ARGS_L2SIM or WT_ARGS_DRAMSIM, when set (even empty),
# replaces that stage's ARGS (words split at blanks), with {config}
# replaced by the path of gpgpusim.config; for example, to measure
# warptrace's own sector rules:
#   WT_ARGS_COALESCE=--rules=sector sh bench/accelsim-validate.sh ...
# The converter, build/tools/wt2accelsim, is needed only for a TRACE that
# is not converted yet (with -r, one converted before is kept).
# AS_TIMEOUT limits one Accel-Sim run, in seconds (default 3600).
#
# Exit status: 0 when every run gave its numbers, 1 when one failed (its
# row says so), 2 for a usage error.
set -eu
set -f		# options like N:64:128:6,... and masks are never globs

prog=accelsim-validate
usage() {
	echo "usage: sh bench/accelsim-validate.sh [-b BUILD] [-o DIR] [-r] [-k] [-d] ACCEL_SIM CONFIG_DIR[,CONFIG_DIR...] TRACE..." >&2
	exit 2
}
build=build out=accelsim-validate reuse=0 keep_ifetch=0 details=0
while getopts b:o:rkdh opt; do
	case $opt in
	b) build=$OPTARG ;;
	o) out=$OPTARG ;;
	r) reuse=1 ;;
	k) keep_ifetch=1 ;;
	d) details=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || usage
sim=$1 configs=$2
shift 2
run_sh=${ACCELSIM_RUN:-/work/shared/accelsim/run.sh}
[ -x "$sim" ] || { echo "$prog: $sim: not an executable (accel-sim.out expected)" >&2; exit 2; }
[ -f "$run_sh" ] || { echo "$prog: $run_sh: not found (set ACCELSIM_RUN to Accel-Sim's run.sh)" >&2; exit 2; }
bin=$(cd "$build" 2>/dev/null && pwd)/bin || { echo "$prog: $build: no build directory" >&2; exit 2; }
w2a=$(dirname "$bin")/tools/wt2accelsim
for p in trace-gen trace-order coalesce l1sim l2sim dramsim trace-dump; do
	[ -x "$bin/$p" ] || { echo "$prog: $bin/$p: not found; run make" >&2; exit 2; }
done
old_ifs=$IFS; IFS=,
for c in $configs; do
	[ -f "$c/gpgpusim.config" ] || { echo "$prog: $c/gpgpusim.config: not found" >&2; exit 2; }
done
IFS=$old_ifs
mkdir -p "$out/traces" "$out/runs"
out=$(cd "$out" && pwd)
csv=$out/results.csv

# stage_args STAGE: the options of one warptrace stage by default: the
# configuration's gpgpusim.config is the machine (trace-order puts it in
# the stream, every later stage takes it from there), and l1sim takes
# cache operators as Accel-Sim does (the hook: WT_ARGS_<STAGE> replaces
# it; see the head of this file).
stage_args() {
	case $1 in
	trace-order) echo "--gpgpusim-config=$conf" ;;
	l1sim) echo "--cache-ops=accelsim" ;;
	esac
}

# args STAGE: WT_ARGS_<STAGE> if set, else stage_args; its words (split
# at blanks) each quoted for cmd.sh, since mappings hold a ';'.
args() {
	var=WT_ARGS_$(echo "$1" | tr 'a-z-' 'A-Z_')
	if eval "[ \"\${$var+set}\" = set ]"; then
		words=$(eval "printf '%s\n' \"\$$var\"" | sed "s|{config}|$conf|g")
	else
		words=$(stage_args "$1")
	fi
	for word in $words; do
		printf " '%s'" "$word"
	done
}

# ---- the numbers ----

# numbers LOG WTDIR: one CSV line of both sides' counts (see COLUMNS).
numbers() {
	perl -MJSON::PP -e '
	my ($log, $wt) = @ARGV;
	my (%core, %l2, %ch, $ch, $cycles, $done);
	open(my $f, "<", $log) or die "$log: $!\n";
	while (<$f>) {
		$core{"$1/$2"} = $3 if /^\s*Total_core_cache_stats_breakdown\[(\w+)\]\[(\w+)\] = (\d+)/;
		$l2{"$1/$2"} = $3 if /^\s*L2_cache_stats_breakdown\[(\w+)\]\[(\w+)\] = (\d+)/;
		$ch = $1 if /^DRAM\[(\d+)\]: /;
		$ch{$ch} = [$1, $2, $3, $4] if defined $ch &&
			/^n_cmd=.* n_rd=(\d+) n_rd_L2_A=(\d+) n_write=(\d+) n_wr_bk=(\d+)/;
		$cycles = $1 if /^gpu_tot_sim_cycle = (\d+)/;
		$done = 1 if /GPGPU-Sim: \*\*\* exit detected \*\*\*/;
	}
	die "$log: Accel-Sim did not run to its end\n" unless $done;
	my @acc = qw(HIT HIT_RESERVED MISS SECTOR_MISS);
	sub sum { my ($h, $t, @s) = @_; my $n = 0; $n += $h->{"$t/$_"} // 0 for @s; $n }
	my @as = (sum(\%core, "GLOBAL_ACC_R", @acc), sum(\%core, "GLOBAL_ACC_R", qw(MISS SECTOR_MISS)),
		  sum(\%l2, "GLOBAL_ACC_R", @acc), sum(\%l2, "GLOBAL_ACC_R", qw(MISS SECTOR_MISS)));
	my ($rd, $rda, $wr, $wb) = (0, 0, 0, 0);
	for (values %ch) { $rd += $_->[0]; $rda += $_->[1]; $wr += $_->[2]; $wb += $_->[3] }
	push @as, $rd + $rda, $wr + $wb;
	my @asx = (map({ $core{"GLOBAL_ACC_R/$_"} // 0 } @acc, "RESERVATION_FAIL"),
		   sum(\%core, "GLOBAL_ACC_W", @acc), sum(\%core, "GLOBAL_ACC_W", qw(MISS SECTOR_MISS)),
		   map({ $l2{"GLOBAL_ACC_R/$_"} // 0 } @acc),
		   sum(\%l2, "GLOBAL_ACC_W", @acc), sum(\%l2, "GLOBAL_ACC_W", qw(MISS SECTOR_MISS)),
		   sum(\%l2, "INST_ACC_R", @acc), sum(\%l2, "L2_WR_ALLOC_R", @acc), $rd, $rda, $cycles // 0);

	sub js { my $p = shift; open(my $j, "<", $p) or die "$p: $!\n"; local $/; decode_json(<$j>) }
	my $l1 = js("$wt/l1.json")->{total};
	my $l2s = js("$wt/l2.json")->{total};
	my $dj = js("$wt/dram.json");
	my $per_line = $dj->{settings}{request_bytes} / 32;
	my ($drd, $dwr) = (0, 0);
	open(my $d, "-|", "trace-dump", "--format=csv", "$wt/dram.wt") or die "trace-dump: $!\n";
	my $head = <$d>;
	my @cols = split /,/, $head; chomp $cols[-1];
	my %at; @at{@cols} = 0 .. $#cols;
	while (<$d>) {
		my @v = split /,/;
		my $s = hex($v[$at{sectors}]);
		my $n = $s ? unpack("%32b*", pack("N", $s)) : $per_line;
		if ($v[$at{op}] eq "store") { $dwr += $n } else { $drd += $n }
	}
	close($d) or die "trace-dump $wt/dram.wt failed\n";
	# GPGPU-Sim'\''s own counts (l1sim and l2sim "gpgpusim": per sector in
	# a sectored cache) where the stats have them, else warptrace'\''s
	sub gs { my ($t, @types) = @_; my $g = $t->{gpgpusim} or return;
		 my ($a, $m) = (0, 0);
		 for my $ty (@types) { my $c = $g->{$ty} or next;
			$a += $c->{$_} for qw(hit hit_reserved miss sector_miss);
			$m += $c->{$_} for qw(miss sector_miss); }
		 return ($a, $m) }
	my @g1 = gs($l1, "loads");
	my @g2 = gs($l2s, "loads", "atomics");
	my @w = (@g1 ? @g1 : ($l1->{hits} + $l1->{misses}, $l1->{misses} - $l1->{merged}),
		 @g2 ? @g2 : ($l2s->{hits} + $l2s->{misses}, $l2s->{misses} - $l2s->{merged}),
		 $drd, $dwr);
	my @wx = ($l1->{hits}, $l1->{merged}, $l1->{misses} - $l1->{merged}, $l1->{stores},
		  $l1->{store_misses}, $l2s->{hits}, $l2s->{merged}, $l2s->{writes}, $l2s->{write_misses},
		  $l2s->{write_backs}, $dj->{total}{reads}, $dj->{total}{writes}, $dj->{total}{bursts});
	print join(",", @as, @w, @asx, @wx), "\n";
	' "$1" "$2"
}

header() {
	echo "| trace | config | L1 acc | L1 miss | L1 mr % | L2 acc | L2 miss | L2 mr % | DRAM rd (32 B) | DRAM wr (32 B) |"
	echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
}

# ---- the runs ----

echo "trace,config,as_l1_acc,as_l1_miss,as_l2_acc,as_l2_miss,as_dram_rd32,as_dram_wr32,wt_l1_acc,wt_l1_miss,wt_l2_acc,wt_l2_miss,wt_dram_rd32,wt_dram_wr32,as_l1_hit,as_l1_hit_reserved,as_l1_miss_only,as_l1_sector_miss,as_l1_reservation_fail,as_l1_w_acc,as_l1_w_miss,as_l2_hit,as_l2_hit_reserved,as_l2_miss_only,as_l2_sector_miss,as_l2_w_acc,as_l2_w_miss,as_l2_inst_acc,as_l2_wr_alloc_acc,as_n_rd,as_n_rd_l2_a,as_cycles,wt_l1_hits,wt_l1_merged,wt_l1_miss_events,wt_l1_stores,wt_l1_store_misses,wt_l2_hits,wt_l2_merged,wt_l2_writes,wt_l2_write_misses,wt_l2_write_backs,wt_dram_reads,wt_dram_writes,wt_dram_bursts,ifetch" > "$csv.tmp"
header
status=0
PATH=$bin:$PATH
export PATH
for tr in "$@"; do
	name=$(basename "$tr"); name=${name%%.*}
	if [ -d "$tr" ]; then
		tdir=$(cd "$tr" && pwd)
	else
		tdir=$out/traces/$name
		if [ $reuse = 0 ] || [ ! -f "$tdir/kernelslist.g" ]; then
			[ -x "$w2a" ] || { echo "$prog: $w2a: not found; run make" >&2; exit 2; }
			rm -rf "$tdir"
			trace-gen "$tr" | trace-order | "$w2a" -o "$tdir" ||
				{ echo "$prog: $tr: conversion failed" >&2; status=1; continue; }
		fi
	fi
	IFS=,
	for c in $configs; do
		IFS=$old_ifs
		cname=$(basename "$c")
		conf=$(cd "$c" && pwd)/gpgpusim.config
		rd=$out/runs/$cname/$name
		log=$rd/accel-sim/log.txt
		mkdir -p "$rd/warptrace"
		if [ $reuse = 0 ] || ! grep -q 'exit detected' "$log" 2>/dev/null; then
			rm -rf "$rd/accel-sim"
			extra=	# two words or none: split on purpose below
			[ $keep_ifetch = 1 ] || extra="-gpgpu_perfect_inst_const_cache 1"
			# shellcheck disable=SC2086
			timeout "${AS_TIMEOUT:-3600}" bash "$run_sh" "$sim" "$c" "$tdir" "$rd/accel-sim" $extra ||
				echo "$prog: $cname/$name: Accel-Sim failed; see $log" >&2
		fi
		w=$rd/warptrace
		{
			echo "# $name on $cname: made by bench/accelsim-validate.sh"
			echo "trace-gen '$tdir' | trace-order$(args trace-order) --stats='$w/order.json' \\"
			echo "| coalesce$(args coalesce) --stats='$w/coalesce.json' \\"
			echo "| l1sim$(args l1sim) --stats='$w/l1.json' \\"
			echo "| l2sim$(args l2sim) --stats='$w/l2.json' \\"
			echo "| dramsim$(args dramsim) --stats='$w/dram.json' -o '$w/dram.wt'"
		} > "$w/cmd.sh"
		# A stage that fails cuts its stream short, which the next
		# stage reports: dramsim's status is the pipeline's.
		if ! sh "$w/cmd.sh" 2> "$w/stderr.txt" ||
		   ! row=$(numbers "$log" "$w" 2>> "$w/stderr.txt"); then
			echo "| $name | $cname | failed: see $w/stderr.txt and $log | | | | | | | |"
			sed "s|^|$prog: $cname/$name: |" "$w/stderr.txt" >&2
			status=1
			continue
		fi
		echo "$name,$cname,$row,$((1 - keep_ifetch))" | sed 's/,1$/,perfect/; s/,0$/,kept/' >> "$csv.tmp"
		echo "$row" | awk -F, -v t="$name" -v c="$cname" -v k=$keep_ifetch '
		function pct(n, d) { return d > 0 ? sprintf("%.1f", 100 * n / d) : "-" }
		{
			printf "| %s | %s | %d / %d | %d / %d | %s / %s | %d / %d | %d / %d | %s / %s | %d%s / %d | %d / %d |\n",
			    t, c, $1, $7, $2, $8, pct($2, $1), pct($8, $7), $3, $9, $4, $10,
			    pct($4, $3), pct($10, $9), $5, k ? " (with fetches)" : "", $11, $6, $12
		}'
	done
	IFS=$old_ifs
done
mv "$csv.tmp" "$csv"

if [ $details = 1 ]; then
	echo
	echo "| trace | config | AS L1 R hit/hit_res/miss/sect/resfail | AS L1 W acc/miss | wt L1 hit/merged/miss | wt L1 st/st miss | AS L2 R hit/hit_res/miss/sect | AS L2 W acc/miss | AS L2 inst/wr_alloc | wt L2 hit/merged | wt L2 wr/wr miss/wb | AS n_rd/n_rd_L2_A | wt DRAM req rd/wr, bursts | AS cycles |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|--:|"
	awk -F, 'NR > 1 {
		printf "| %s | %s | %s/%s/%s/%s/%s | %s/%s | %s/%s/%s | %s/%s | %s/%s/%s/%s | %s/%s | %s/%s | %s/%s | %s/%s/%s | %s/%s | %s/%s, %s | %s |\n",
		    $1, $2, $15, $16, $17, $18, $19, $20, $21, $33, $34, $35, $36, $37,
		    $22, $23, $24, $25, $26, $27, $28, $29, $38, $39, $40, $41, $42,
		    $30, $31, $43, $44, $45, $32
	}' "$csv"
fi
exit $status
