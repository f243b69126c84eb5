#!/bin/sh
# gpusim-validate.sh - gpusim, the closed-loop simulator, against
# Accel-Sim: cycles, IPC, L1 and L2 miss rates, DRAM traffic and wall
# time, trace by trace and configuration by configuration, one markdown
# table per configuration with the mean absolute errors and the speed
# ratio; and the open-loop pipeline's cycles beside them.  A tool for
# measuring warptrace; make check and CI never run it (Accel-Sim is no
# dependency of the project, and this script does not run it).
#
#   sh bench/gpusim-validate.sh [options] CONFIG_DIR[,CONFIG_DIR...] TRACE_DIR...
#
#   CONFIG_DIR   a directory with gpgpusim.config, as for
#                bench/accelsim-validate.sh, and Accel-Sim's trace.config
#                (or gpgpusim.trace.config: the instruction latencies)
#                where it has one; several, separated by commas
#   TRACE_DIR    an Accel-Sim trace directory (kernelslist.g and .traceg
#                files): the trace both sides ran (accelsim-validate.sh
#                converts a warptrace sample into one)
#
#   -a RUNS      where Accel-Sim's logs are: RUNS/CONFIG/NAME/accel-sim/
#                log.txt, NAME the trace directory's base name, as
#                accelsim-validate.sh -o DIR leaves them in DIR/runs
#                (default: accelsim-validate/runs)
#   -b BUILD     warptrace's build directory (default: build)
#   -o DIR       where the results go (default: gpusim-validate):
#                DIR/runs/CONFIG/NAME/ (cmd.sh and gpusim.json, pipe.sh
#                and the open-loop stages' statistics, stderr.txt) and
#                DIR/results.csv
#   -n N         time each run N times and keep the fastest (default 3)
#
# THE RUNS.
#   gpusim:   trace-gen TRACE | trace-order --gpgpusim-config=CONFIG
#             | gpusim --l1=GPUSIM_L1 GPUSIM_ARGS
#   pipeline: trace-gen TRACE | trace-order --gpgpusim-config=CONFIG
#             | coalesce | l1sim --cache-ops=accelsim | l2sim | dramsim
# as accelsim-validate.sh runs the pipeline: the configuration's
# gpgpusim.config (with its trace.config) is the machine, which
# trace-order puts in the stream
# and gpusim takes from there; the L1 takes cache operators as
# Accel-Sim's trace mode does.  GPUSIM_ARGS, from the environment
# (words split at blanks; {config} becomes the path of gpgpusim.config,
# with its trace.config's after a comma),
# adds gpusim options, one setting for every configuration and trace of
# a run, e.g. GPUSIM_ARGS='--issue-interval=2'.  GPUSIM_L1 replaces
# the L1's options, --cache-ops=accelsim by default (a second --l1 in
# GPUSIM_ARGS would replace the first, not add to it), e.g.
# GPUSIM_L1='--cache-ops=accelsim --size=128K'.  Wall time is the whole
# command line's (trace-gen and trace-order included), the fastest of N.
#
# THE COLUMNS.  Each cell is "Accel-Sim / gpusim".
#   cycles    AS: the last gpu_tot_sim_cycle (all kernels).  gpusim:
#             cycles (all kernels, launch to the last warp's end).
#   drained   gpusim's drained_at: the cycle its memory system emptied
#             (the last store done); its warps do not wait for stores,
#             GPGPU-Sim's wait for their acknowledgements before exiting.
#   warp IPC  warp instructions per cycle.  AS: the last
#             gpgpu_n_tot_w_icount / gpu_tot_sim_cycle.  gpusim: ipc.
#             Both count the trace's instructions, the same number.
#   thread IPC  thread instructions per cycle.  AS: the last gpu_tot_ipc
#             (gpu_tot_sim_insn, which counts the active lanes of every
#             instruction, over cycles).  gpusim: thread_ipc, whose
#             count takes a non-memory instruction's lanes from the warp
#             record that follows (the stream keeps no mask for them), so
#             it differs where masks change.  The instruction counts are
#             in results.csv.
#   L1 mr     global loads: AS Total_core_cache_stats_breakdown
#             [GLOBAL_ACC_R] (MISS + SECTOR_MISS) / (HIT + HIT_RESERVED +
#             MISS + SECTOR_MISS), as accelsim-validate.sh counts;
#             gpusim the same statuses of l1.total.gpgpusim.loads.
#             "-" where no global load reaches the L1.
#   L2 mr     the same for L2_cache_stats_breakdown[GLOBAL_ACC_R] and
#             l2.total.gpgpusim loads + atomics.
#   DRAM      bytes.  AS: 32 x (n_rd + n_rd_L2_A) read, 32 x (n_write +
#             n_wr_bk) written, summed over channels.  gpusim: dram.total
#             bytes (reads and writes together: its statistics do not
#             split bytes by direction) and its read and write requests.
#   wall s    AS: the last gpgpu_simulation_time of its log (whole
#             seconds, as it prints them; the simulation, without the
#             start-up).  gpusim: the command line's, best of N.
#   speed     AS seconds / gpusim seconds.
# Per configuration: the mean absolute relative error, in percent, of
# cycles, IPC and each miss rate (rows where AS's value is 0 or "-" left
# out; for the rates also in percentage points; cycles also against
# gpusim's drained_at, and against AS's cycles less
# gpgpu_kernel_launch_latency x kernels, a delay gpusim does not
# model), and the geometric mean
# of the speed ratios.  The open-loop pipeline has no cycle count of a
# run: its second table gives trace-order's cycles (nominal: issue
# order with one fixed latency, trace-order(1)), l1sim's (first to last
# lookup) and dramsim's core_cycles (first arrival to last data); it has
# no thread IPC (l1sim's ipc counts warp instructions over its lookup
# span), so none is compared.
#
# Exit status: 0 when every run gave its numbers, 1 when one failed (its
# row says so), 2 for a usage error.
set -eu
set -f

prog=gpusim-validate
usage() {
	echo "usage: sh bench/gpusim-validate.sh [-a RUNS] [-b BUILD] [-o DIR] [-n N] CONFIG_DIR[,CONFIG_DIR...] TRACE_DIR..." >&2
	exit 2
}
build=build out=gpusim-validate asruns=accelsim-validate/runs repeat=3
while getopts a:b:o:n:h opt; do
	case $opt in
	a) asruns=$OPTARG ;;
	b) build=$OPTARG ;;
	o) out=$OPTARG ;;
	n) repeat=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
case $repeat in ''|*[!0-9]*|0) usage ;; esac
configs=$1
shift
bin=$(cd "$build" 2>/dev/null && pwd)/bin || { echo "$prog: $build: no build directory" >&2; exit 2; }
for p in trace-gen trace-order gpusim coalesce l1sim l2sim dramsim; do
	[ -x "$bin/$p" ] || { echo "$prog: $bin/$p: not found; run make" >&2; exit 2; }
done
old_ifs=$IFS; IFS=,
for c in $configs; do
	[ -f "$c/gpgpusim.config" ] || { echo "$prog: $c/gpgpusim.config: not found" >&2; exit 2; }
done
IFS=$old_ifs
for t in "$@"; do
	[ -f "$t/kernelslist.g" ] || { echo "$prog: $t: no kernelslist.g (an Accel-Sim trace directory expected)" >&2; exit 2; }
done
asruns=$(cd "$asruns" 2>/dev/null && pwd) || { echo "$prog: $asruns: no directory" >&2; exit 2; }
mkdir -p "$out/runs"
out=$(cd "$out" && pwd)
csv=$out/results.csv
l1opts=${GPUSIM_L1:---cache-ops=accelsim}
PATH=$bin:$PATH
export PATH

# quoted WORDS: each word of GPUSIM_ARGS quoted for a script, {config}
# replaced
gpusim_args() {
	for word in $(printf '%s\n' "${GPUSIM_ARGS:-}" | sed "s|{config}|$conf|g"); do
		printf " '%s'" "$word"
	done
}

# besttime N SCRIPT: runs sh SCRIPT N times; prints the fastest wall
# time in seconds, or fails with the first failing run's status.
besttime() {
	perl -MTime::HiRes=time -e '
	my ($n, $s) = @ARGV; my $best;
	for (1 .. $n) {
		my $t0 = time;
		system("sh", $s) == 0 or exit 1;
		my $dt = time - $t0;
		$best = $dt if !defined $best || $dt < $best;
	}
	printf "%.4f\n", $best;
	' "$1" "$2"
}

# numbers LOG DIR PIPE_SECONDS GPUSIM_SECONDS: one CSV line (see the
# header below) from Accel-Sim's log and the statistics in DIR.
numbers() {
	perl -MJSON::PP -e '
	my ($log, $d, $pt, $gt) = @ARGV;
	my (%core, %l2, %ch, $ch, %v, $done);
	open(my $f, "<", $log) or die "$log: $!\n";
	while (<$f>) {
		$core{"$1/$2"} = $3 if /^\s*Total_core_cache_stats_breakdown\[(\w+)\]\[(\w+)\] = (\d+)/;
		$l2{"$1/$2"} = $3 if /^\s*L2_cache_stats_breakdown\[(\w+)\]\[(\w+)\] = (\d+)/;
		$ch = $1 if /^DRAM\[(\d+)\]: /;
		$ch{$ch} = [$1, $2, $3, $4] if defined $ch &&
			/^n_cmd=.* n_rd=(\d+) n_rd_L2_A=(\d+) n_write=(\d+) n_wr_bk=(\d+)/;
		$v{$1} = $2 if /^(gpu_tot_sim_cycle|gpu_tot_sim_insn|gpu_tot_ipc|gpgpu_n_tot_w_icount) =\s*([\d.]+)/;
		$v{secs} = $1 if /^gpgpu_simulation_time = .*\((\d+) sec\)/;
		$v{launch} = $1 if /^-gpgpu_kernel_launch_latency\s+(\d+)/;
		$v{kernels}++ if /^gpu_sim_cycle = /;
		$done = 1 if /GPGPU-Sim: \*\*\* exit detected \*\*\*/;
	}
	die "$log: Accel-Sim did not run to its end\n" unless $done;
	sub sum { my ($h, $t, @s) = @_; my $n = 0; $n += $h->{"$t/$_"} // 0 for @s; $n }
	my @acc = qw(HIT HIT_RESERVED MISS SECTOR_MISS);
	my ($rd, $rda, $wr, $wb) = (0, 0, 0, 0);
	for (values %ch) { $rd += $_->[0]; $rda += $_->[1]; $wr += $_->[2]; $wb += $_->[3] }
	my @as = ($v{gpu_tot_sim_cycle}, $v{gpu_tot_sim_insn}, $v{gpu_tot_ipc},
		  sum(\%core, "GLOBAL_ACC_R", @acc), sum(\%core, "GLOBAL_ACC_R", qw(MISS SECTOR_MISS)),
		  sum(\%l2, "GLOBAL_ACC_R", @acc), sum(\%l2, "GLOBAL_ACC_R", qw(MISS SECTOR_MISS)),
		  32 * ($rd + $rda), 32 * ($wr + $wb), $v{secs}, $v{gpgpu_n_tot_w_icount},
		  $v{launch} // 0, $v{kernels} // 0);

	sub js { my $p = shift; open(my $j, "<", $p) or die "$p: $!\n"; local $/; decode_json(<$j>) }
	my $g = js("$d/gpusim.json");
	sub gs { my ($t, @types) = @_; my ($a, $m) = (0, 0);
		 my $s = $t->{gpgpusim} or return (0, 0);
		 for my $ty (@types) { my $c = $s->{$ty} or next;
			$a += $c->{$_} for qw(hit hit_reserved miss sector_miss);
			$m += $c->{$_} for qw(miss sector_miss); }
		 return ($a, $m) }
	my $dt = $g->{dram}{total};
	my @gs = ($g->{cycles}, $g->{thread_instructions}, $g->{thread_ipc},
		  gs($g->{l1}{total}, "loads"), gs($g->{l2}{total}, "loads", "atomics"),
		  $dt->{bytes}, $dt->{reads}, $dt->{writes}, $gt,
		  $g->{instructions}, $g->{ipc}, $g->{drained_at});
	my $o = js("$d/order.json")->{total};
	my $l1 = js("$d/l1.json")->{total};
	my $dr = js("$d/dram.json")->{total};
	my @pl = ($o->{cycles}, $l1->{cycles}, $dr->{core_cycles}, $pt);
	print join(",", @as, @gs, @pl), "\n";
	' "$@"
}

echo "trace,config,as_cycles,as_thread_insn,as_thread_ipc,as_l1_acc,as_l1_miss,as_l2_acc,as_l2_miss,as_dram_rd_bytes,as_dram_wr_bytes,as_seconds,as_warp_insn,as_launch_latency,as_kernels,gs_cycles,gs_thread_insn,gs_thread_ipc,gs_l1_acc,gs_l1_miss,gs_l2_acc,gs_l2_miss,gs_dram_bytes,gs_dram_reads,gs_dram_writes,gs_seconds,gs_warp_insn,gs_warp_ipc,gs_drained_at,pl_order_cycles,pl_l1_cycles,pl_dram_core_cycles,pl_seconds,gpusim_args" > "$csv.tmp"
status=0
IFS=,
for c in $configs; do
	IFS=$old_ifs
	cname=$(basename "$c")
	conf=$(cd "$c" && pwd)/gpgpusim.config
	# Accel-Sim's trace mode reads its instruction latencies from a
	# file of its own beside the config, as run.sh gives it
	for t in trace.config gpgpusim.trace.config; do
		[ -f "$c/$t" ] && conf="$conf,$(cd "$c" && pwd)/$t"
	done
	for tr in "$@"; do
		tdir=$(cd "$tr" && pwd)
		name=$(basename "$tdir")
		log=$asruns/$cname/$name/accel-sim/log.txt
		w=$out/runs/$cname/$name
		mkdir -p "$w"
		{
			echo "# $name on $cname: gpusim, made by bench/gpusim-validate.sh"
			echo "trace-gen '$tdir' | trace-order '--gpgpusim-config=$conf' \\"
			echo "| gpusim '--l1=$l1opts'$(gpusim_args) -o '$w/gpusim.json'"
		} > "$w/cmd.sh"
		{
			echo "# $name on $cname: the open-loop pipeline, made by bench/gpusim-validate.sh"
			echo "trace-gen '$tdir' | trace-order '--gpgpusim-config=$conf' --stats='$w/order.json' \\"
			echo "| coalesce --stats='$w/coalesce.json' \\"
			echo "| l1sim --cache-ops=accelsim --stats='$w/l1.json' \\"
			echo "| l2sim --stats='$w/l2.json' \\"
			echo "| dramsim --stats='$w/dram.json' -o /dev/null"
		} > "$w/pipe.sh"
		if [ ! -f "$log" ]; then
			echo "$prog: $cname/$name: no Accel-Sim log $log; skipped" >&2
			continue
		fi
		if ! grep -q 'exit detected' "$log"; then
			echo "$prog: $cname/$name: Accel-Sim did not run to its end ($log); skipped" >&2
			continue
		fi
		# trace-order notes the options no stage models: kept, not shown
		if ! gt=$(besttime "$repeat" "$w/cmd.sh" 2> "$w/stderr.txt") ||
		   ! pt=$(besttime "$repeat" "$w/pipe.sh" 2>> "$w/stderr.txt") ||
		   ! row=$(numbers "$log" "$w" "$pt" "$gt" 2>> "$w/stderr.txt"); then
			echo "$prog: $cname/$name: failed:" >&2
			grep -v ': note: ' "$w/stderr.txt" | sed "s|^|$prog: $cname/$name: |" >&2
			echo "$name,$cname,failed" >> "$csv.tmp"
			status=1
			continue
		fi
		echo "$name,$cname,$row,--l1=$l1opts ${GPUSIM_ARGS:-}" >> "$csv.tmp"
	done
	IFS=,
done
IFS=$old_ifs
mv "$csv.tmp" "$csv"

# ---- the tables ----
perl -e '
my (%rows, @configs);
open(my $f, "<", $ARGV[0]) or die "$ARGV[0]: $!\n";
my $head = <$f>; chomp $head;
my @cols = split /,/, $head;
while (<$f>) {
	chomp;
	my @v = split /,/, $_, -1;
	my %r; @r{@cols} = @v;
	push @configs, $r{config} unless $rows{$r{config}};
	push @{$rows{$r{config}}}, \%r;
}
sub rate { my ($m, $a) = @_; $a > 0 ? 100 * $m / $a : undef }
sub f1 { defined $_[0] ? sprintf("%.1f", $_[0]) : "-" }
sub relerr { my ($as, $x) = @_; defined $as && defined $x && $as != 0 ? 100 * abs($x - $as) / abs($as) : undef }
sub mean { my @x = grep { defined } @_; @x ? sprintf("%.1f", (eval { my $s = 0; $s += $_ for @x; $s }) / @x) . " (n=" . @x . ")" : "-" }
sub gmean { my @x = grep { defined && $_ > 0 } @_; return "-" unless @x; my $s = 0; $s += log for @x; sprintf("%.0f", exp($s / @x)) }
for my $c (@configs) {
	print "### $c: gpusim\n\n";
	print "| trace | cycles AS / gpusim | err % | gpusim drained | warp IPC AS / gpusim | thread IPC AS / gpusim | L1 mr % AS / gpusim | L2 mr % AS / gpusim | DRAM rd / wr B AS | DRAM B AS / gpusim (gpusim rd / wr req) | wall s AS / gpusim | speed |\n";
	print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
	my (@el0, @ed0, @ew, @ec, @ei, @e1, @e2, @p1, @p2, @sp);
	for my $r (@{$rows{$c}}) {
		if (($r->{as_cycles} // "") eq "failed") {
			print "| $r->{trace} | failed | | | | | | | | | | |\n";
			next;
		}
		my ($a1, $g1) = (rate($r->{as_l1_miss}, $r->{as_l1_acc}), rate($r->{gs_l1_miss}, $r->{gs_l1_acc}));
		my ($a2, $g2) = (rate($r->{as_l2_miss}, $r->{as_l2_acc}), rate($r->{gs_l2_miss}, $r->{gs_l2_acc}));
		my $ec = relerr($r->{as_cycles}, $r->{gs_cycles});
		push @ec, $ec;
		push @ed0, relerr($r->{as_cycles}, $r->{gs_drained_at});
		push @el0, relerr($r->{as_cycles} - $r->{as_launch_latency} * $r->{as_kernels}, $r->{gs_cycles});
		push @ei, relerr($r->{as_thread_ipc}, $r->{gs_thread_ipc});
		my $awi = $r->{as_cycles} > 0 ? $r->{as_warp_insn} / $r->{as_cycles} : undef;
		push @ew, relerr($awi, $r->{gs_warp_ipc});
		push @e1, relerr($a1, $g1); push @e2, relerr($a2, $g2);
		push @p1, abs($g1 - $a1) if defined $a1 && defined $g1;
		push @p2, abs($g2 - $a2) if defined $a2 && defined $g2;
		my $sp = $r->{gs_seconds} > 0 ? $r->{as_seconds} / $r->{gs_seconds} : undef;
		push @sp, $sp;
		printf "| %s | %d / %d | %.1f | %d | %.2f / %.2f | %.1f / %.1f | %s / %s | %s / %s | %d / %d | %d / %d (%d / %d) | %d / %.3f | %s |\n",
		    $r->{trace}, $r->{as_cycles}, $r->{gs_cycles}, $ec, $r->{gs_drained_at}, $awi, $r->{gs_warp_ipc},
		    $r->{as_thread_ipc}, $r->{gs_thread_ipc}, f1($a1), f1($g1), f1($a2), f1($g2),
		    $r->{as_dram_rd_bytes}, $r->{as_dram_wr_bytes},
		    $r->{as_dram_rd_bytes} + $r->{as_dram_wr_bytes}, $r->{gs_dram_bytes},
		    $r->{gs_dram_reads}, $r->{gs_dram_writes},
		    $r->{as_seconds}, $r->{gs_seconds}, defined $sp ? sprintf("%.0f", $sp) : "-";
	}
	print "\nMAE (relative, %): cycles ", mean(@ec), ", cycles to drained ", mean(@ed0),
	    ", cycles against AS less its kernel launch latency ", mean(@el0), ", warp IPC ", mean(@ew), ", thread IPC ", mean(@ei),
	    ", L1 miss rate ", mean(@e1), ", L2 miss rate ", mean(@e2),
	    "; in points: L1 ", mean(@p1), ", L2 ", mean(@p2),
	    ".  Speed ratio (AS s / gpusim s), geometric mean: ", gmean(@sp), "\n\n";

	print "### $c: the open-loop pipeline (no IPC)\n\n";
	print "| trace | cycles AS | trace-order | l1sim | dramsim core | err % (l1sim) | wall s pipeline |\n";
	print "|---|--:|--:|--:|--:|--:|--:|\n";
	my (@eo, @el, @ed);
	for my $r (@{$rows{$c}}) {
		next if ($r->{as_cycles} // "") eq "failed";
		my $el = relerr($r->{as_cycles}, $r->{pl_l1_cycles});
		push @eo, relerr($r->{as_cycles}, $r->{pl_order_cycles});
		push @el, $el;
		push @ed, relerr($r->{as_cycles}, $r->{pl_dram_core_cycles});
		printf "| %s | %d | %d | %d | %d | %s | %.3f |\n", $r->{trace}, $r->{as_cycles},
		    $r->{pl_order_cycles}, $r->{pl_l1_cycles}, $r->{pl_dram_core_cycles}, f1($el), $r->{pl_seconds};
	}
	print "\nMAE of cycles (relative, %): trace-order ", mean(@eo), ", l1sim ", mean(@el),
	    ", dramsim core_cycles ", mean(@ed), "\n\n";
}
' "$csv"
exit $status
