/*
 * test-stagecfg.c - the stages' configuration from an option string, as
 * gpusim calls it (wt_l1stage_configure, wt_l2stage_configure,
 * wt_dramstage_configure): a stream header made as gpusim makes it (the
 * preset's machine, wt_machine_to_meta, and the keys of coalesce and
 * trace-order), a few command lines, the fields they give; a getopt
 * left in the middle of another parse, and configures one after another,
 * that do not disturb each other; and the command lines refused, each
 * with its one line under the caller's name and exit 2.
 *
 * The expected numbers, by hand from lib/machine/presets.c (the gtx480
 * preset, which fermi names, and qv100) and what machinestage.c makes of
 * its keys for each stage:
 *
 * L1 (l1_options: --config is gpgpu_cache:dl1, --hit-latency
 * gpgpu_l1_latency, --miss-latency wt_l1_miss_latency, --flush
 * gpgpu_flush_l1_cache, --schedulers gpgpu_num_sched_per_core,
 * --max-warps ceil(threads / warp size / schedulers) from
 * gpgpu_shader_core_pipeline THREADS:WARP, --unified and --shmem-options
 * where gpgpu_adaptive_cache_config is 1):
 *   fermi  dl1 N:32:128:4,L:L:m:N:H,S:64:8,8: a line cache (N) of 32 sets
 *          of 4 ways of 128 bytes, 32 * 128 * 4 = 16384 bytes; write L
 *          (local write-back), allocate on miss (m), no write-allocate
 *          (N), index H (the Fermi hash, "fermi", which has 32 or 64
 *          sets); MSHRs S:64:8 (64 entries of 8 merges), miss queue 8.
 *          Hit 35 cycles, miss 100, flush yes, 2 schedulers, 1536:32 is
 *          48 warps, 24 a scheduler.  No adaptive L1.
 *          --size=48K --assoc=6: 49152 / (128 * 6) = 64 sets, which the
 *          Fermi hash takes; the rest as the machine's.
 *   qv100  dl1 S:4:128:64,L:T:m:L:L,A:512:8,16:0,32: sectored (S), 4 sets
 *          of 64 ways of 128 bytes, 4 * 128 * 64 = 32768 bytes;
 *          write-through (T), write-allocate L (lazy-fetch-on-read),
 *          index L (linear); MSHRs 512 of 8 merges, miss queue 16; a
 *          sector of 32 bytes.  Hit 20, miss 180, 4 schedulers, 2048:32 is
 *          64 warps, 16 a scheduler.  Adaptive: --unified=128 and
 *          --shmem-options=0,8,16,32,64,96, six carve-outs.
 * L2 (l2_options: --config gpgpu_cache:dl2 for one slice, --partitions
 * gpgpu_n_mem, --sub-partitions gpgpu_n_sub_partition_per_mchannel,
 * --bank-queue the first of gpgpu_dram_partition_queues, --banks
 * wt_l2_banks, --ports wt_l2_ports, --tag-latency wt_l2_tag_latency,
 * --icnt-latency wt_icnt_latency, --miss-latency wt_l2_miss_latency):
 *   fermi  dl2 S:64:128:8,L:B:m:L:L,A:256:4,4:0,32: sectored, 64 sets of 8
 *          ways of 128 bytes, 65536 bytes a slice; write-back (B),
 *          write-allocate L, index L (linear); MSHRs 256 of 4 merges.  6
 *          partitions of 2 slices: 12 slices.  Banks 2, ports 2, queue 64,
 *          tag 10, icnt 10, miss 200.
 *   qv100  dl2 S:32:128:24,L:B:m:L:P,A:192:4,32:0,32: sectored, 32 sets of
 *          24 ways of 128 bytes, 98304 bytes a slice; index P with 32 sets
 *          (GPGPU-Sim's IPOLY, "gpgpusim-ipoly"); MSHRs 192 of 4.  32
 *          partitions of 2 slices: 64.
 *   --sectored=no: a line L2 though the string's is sectored; a string of
 *   N with --sectored=yes: a sectored one (the option comes after it).
 *   From the stream: l1_line 128 (an L1 of lines) makes cfg.l1_line 128;
 *   sector_size 32, cfg.ev_sector 32.
 * DRAM (dram_options: --channels gpgpu_n_mem, --banks nbk of
 * gpgpu_dram_timing_opt and tCL ... tCCD its CL ... CCD, --burst
 * gpgpu_dram_burst_length, --bus-width gpgpu_dram_buswidth *
 * gpgpu_n_mem_per_ctrlr, --data-rate dram_data_command_freq_ratio,
 * --clock the 4th of gpgpu_clock_domains, --core-clock the 1st,
 * --latency-in dram_latency, --queue gpgpu_frfcfs_dram_sched_queue_size,
 * --sched frfcfs for gpgpu_dram_scheduler 1):
 *   fermi  6 channels, 16 banks, CL 12 RP 12 RC 40 RAS 28 RCD 12 RRD 6
 *          WR 12 WL 4 CCD 2, burst 8, 4 * 2 = 8 bytes a transfer, rate 4,
 *          924 MHz, core 700 MHz, latency in 100, queue 64, FR-FCFS.
 *   qv100  32 channels, 16 banks, CL 12 RP 12 RC 40 RAS 28 RCD 12 RRD 3
 *          WR 10 WL 2 CCD 1, burst 2, 16 * 1 = 16 bytes, rate 2, 850 MHz,
 *          core 1132 MHz, latency in 100, queue 64.
 *   From the stream: line_size 128 and sector_size 32 (no l2_line, no
 *   l1_line): d->line 128, d->sector 32.
 */
#include "dramopt.h"
#include "l1opt.h"
#include "l2opt.h"
#include "tap.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The stream gpusim makes for a preset: its machine, and what coalesce
 * (line_size, sector_size) and trace-order (sms, warp_size) would say.
 * l1_line where an L1 of lines comes before (l1sim's). */
static void stream_of(const char *preset, const char *sms, struct wt_meta *s)
{
	struct wt_machine m;
	char err[256];

	wt_machine_init(&m);
	if (wt_machine_preset(&m, preset, err, sizeof(err)) < 0) {
		printf("Bail out! %s\n", err);
		exit(1);
	}
	wt_meta_init(s);
	wt_machine_to_meta(&m, s);
	wt_meta_set(s, "line_size", "128");
	wt_meta_set(s, "sector_size", "32");
	wt_meta_set(s, "warp_size", "32");
	wt_meta_set(s, "sms", sms);
	wt_machine_free(&m);
}

/* The words of a NULL-ended argv. */
#define ARGC(v) ((int)(sizeof(v) / sizeof(char *)) - 1)

static struct wt_l1stage L1;
static struct wt_l2stage L2;
static struct wt_dramstage D;

static void l1(char **argv, int argc, const struct wt_meta *s)
{
	wt_l1stage_configure(&L1, argc, argv, s);
}

static void l1_fermi(const struct wt_meta *s)
{
	char *none[] = { "gpusim --l1", NULL };
	char *size[] = { "gpusim --l1", "--size=48K", "--assoc=6", NULL };
	char *pol[] = { "gpusim --l1", "--policy=ccws", NULL };
	const struct wt_l1_cfg *c = &L1.su.cfg;

	l1(none, 1, s);
	is_str(L1.arch, "fermi", "fermi L1: the stream's machine");
	is_u64(L1.su.size, 16384, "fermi L1: 16 KB");
	is_u64(c->geom.sets, 32, "  32 sets");
	is_u64(c->geom.assoc, 4, "  4 ways");
	is_u64(c->geom.line, 128, "  128-byte lines");
	is_str(c->ix.name, "fermi", "  the Fermi hash");
	is_u64(c->write, WT_WRITE_LOCAL_WB, "  local write-back");
	is_u64(c->write_allocate, WT_WALLOC_NO, "  no write-allocate");
	is_u64(c->alloc_on_fill, 0, "  allocation on miss");
	is_u64(c->sectored, 0, "  not sectored");
	is_u64(c->mshr_entries, 64, "  64 MSHRs");
	is_u64(c->mshr_merge, 8, "  of 8 merges");
	is_u64(c->miss_queue, 8, "  a miss queue of 8");
	is_u64(c->hit_latency, 35, "  hits 35 cycles");
	is_u64(c->miss_latency, 100, "  misses 100");
	is_u64(L1.flush, 1, "  flushed at kernel ends");
	is_u64(L1.unified, 0, "  no carve-out");
	is_u64(L1.pol.schedulers, 2, "  2 schedulers");
	is_u64(L1.pol.max_warps, 24, "  24 warps a scheduler");
	is_u64(L1.su.pool, 0, "  stream mode");
	is_u64(L1.sms, 15, "  the stream's 15 SMs");
	is_u64(L1.warp_size, 32, "  warps of 32");

	l1(size, 3, s);
	is_u64(L1.su.size, 49152, "fermi L1 --size=48K --assoc=6: 48 KB");
	is_u64(c->geom.assoc, 6, "  6 ways");
	is_u64(c->geom.sets, 64, "  64 sets");
	is_str(c->ix.name, "fermi", "  the Fermi hash still");
	is_u64(c->hit_latency, 35, "  hits 35 cycles still");

	l1(pol, 2, s);
	is_str(L1.pol.name, "ccws", "fermi L1 --policy=ccws: named");
	ok(L1.pol.flags != 0, "  a policy on");
	is_u64(L1.su.pool, 1, "  the warp pool, which it needs");
	is_u64(L1.su.size, 16384, "  16 KB again: nothing kept of the last");
}

static void l1_qv100(const struct wt_meta *s)
{
	char *none[] = { "gpusim --l1", NULL };
	char *nosec[] = { "gpusim --l1", "--sectored=no", "--unified=0", NULL };
	const struct wt_l1_cfg *c = &L1.su.cfg;

	l1(none, 1, s);
	is_str(L1.arch, "qv100", "qv100 L1: the stream's machine");
	is_u64(L1.su.size, 32768, "qv100 L1: 32 KB");
	is_u64(c->geom.sets, 4, "  4 sets");
	is_u64(c->geom.assoc, 64, "  64 ways");
	is_str(c->ix.name, "linear", "  linear index");
	is_u64(c->sectored, 1, "  sectored");
	is_u64(c->sector, 32, "  of 32-byte sectors");
	is_u64(c->write, WT_WRITE_THROUGH, "  write-through");
	is_u64(c->write_allocate, WT_WALLOC_LAZY, "  lazy-fetch-on-read");
	is_u64(c->mshr_entries, 512, "  512 MSHRs");
	is_u64(c->mshr_merge, 8, "  of 8 merges");
	is_u64(c->miss_queue, 16, "  a miss queue of 16");
	is_u64(c->hit_latency, 20, "  hits 20 cycles");
	is_u64(c->miss_latency, 180, "  misses 180");
	is_u64(L1.unified, 128, "  adaptive, 128 KB");
	is_u64(L1.nshopt, 6, "  six carve-outs");
	is_u64(L1.shopt[5], 96, "  the last 96 KB");
	is_u64(L1.pol.schedulers, 4, "  4 schedulers");
	is_u64(L1.pol.max_warps, 16, "  16 warps a scheduler");
	is_u64(L1.sms, 80, "  the stream's 80 SMs");
	is_u64(L1.req_sector, 0, "  the requests' sectors its own");

	l1(nosec, 3, s);
	is_u64(c->sectored, 0, "qv100 L1 --sectored=no: of lines");
	is_u64(L1.unified, 0, "  --unified=0: no carve-out");
	is_u64(L1.su.size, 32768, "  32 KB");
}

static void l2_checks(const struct wt_meta *fermi, const struct wt_meta *qv)
{
	char *none[] = { "gpusim --l2", NULL };
	char *no[] = { "gpusim --l2", "--sectored=no", NULL };
	char *yes[] = { "gpusim --l2", "--config=N:64:128:8,L:B:m:N:L,A:256:4,4:0,32",
			"--sectored=yes", NULL };
	const struct wt_l2_cfg *c = &L2.cfg;

	wt_l2stage_configure(&L2, 1, none, fermi);
	is_str(L2.arch, "fermi", "fermi L2: the stream's machine");
	is_u64(L2.size, 65536, "fermi L2: 64 KB a slice");
	is_u64(c->geom.sets, 64, "  64 sets");
	is_u64(c->geom.assoc, 8, "  8 ways");
	is_u64(c->geom.line, 128, "  128-byte lines");
	is_u64(c->sectored, 1, "  sectored");
	is_u64(c->write_back, 1, "  write-back");
	is_u64(c->write_allocate, WT_WALLOC_LAZY, "  lazy-fetch-on-read");
	is_str(c->ix.name, "linear", "  linear index");
	is_u64(c->mshr_entries, 256, "  256 MSHRs");
	is_u64(c->mshr_merge, 4, "  of 4 merges");
	is_u64(L2.nparts, 12, "  6 partitions of 2 slices: 12");
	is_u64(L2.map.sub, 2, "  2 slices a partition");
	is_u64(c->banks, 2, "  2 banks");
	is_u64(c->ports, 2, "  2 ports");
	is_u64(c->bank_queue, 64, "  queues of 64");
	is_u64(c->tag_latency, 10, "  tags 10 cycles");
	is_u64(L2.icnt, 10, "  interconnect 10");
	is_u64(c->miss_latency, 200, "  misses 200");
	is_u64(L2.memcpy, MEMCPY_WARM, "  copies warm it");
	is_u64(c->l1_line, 128, "  the L1's 128-byte lines (l1_line)");
	is_u64(c->ev_sector, 32, "  32-byte sectors in the events");

	wt_l2stage_configure(&L2, 2, no, fermi);
	is_u64(c->sectored, 0, "fermi L2 --sectored=no: of lines");
	is_u64(L2.size, 65536, "  64 KB a slice");

	wt_l2stage_configure(&L2, 3, yes, fermi);
	is_u64(c->sectored, 1, "fermi L2 --config=N:... --sectored=yes: sectored");
	is_u64(c->write_allocate, WT_WALLOC_NO, "  no write-allocate (the string's N)");

	wt_l2stage_configure(&L2, 1, none, qv);
	is_str(L2.arch, "qv100", "qv100 L2: the stream's machine");
	is_u64(L2.size, 98304, "qv100 L2: 96 KB a slice");
	is_u64(c->geom.sets, 32, "  32 sets");
	is_u64(c->geom.assoc, 24, "  24 ways");
	is_str(L2.index, "gpgpusim-ipoly", "  GPGPU-Sim's IPOLY");
	is_u64(c->mshr_entries, 192, "  192 MSHRs");
	is_u64(L2.nparts, 64, "  32 partitions of 2 slices: 64");
}

static void dram_checks(const struct wt_meta *fermi, const struct wt_meta *qv)
{
	char *none[] = { "gpusim --dram", NULL };
	char *fcfs[] = { "gpusim --dram", "--sched=fcfs", NULL };
	const struct wt_dram_cfg *c = &D.cfg;

	wt_dramstage_configure(&D, 1, none, fermi);
	is_str(D.arch, "fermi", "fermi DRAM: the stream's machine");
	is_u64(c->channels, 6, "fermi DRAM: 6 channels");
	is_u64(c->banks, 16, "  16 banks");
	is_u64(c->t.tCL, 12, "  tCL 12");
	is_u64(c->t.tRP, 12, "  tRP 12");
	is_u64(c->t.tRC, 40, "  tRC 40");
	is_u64(c->t.tRAS, 28, "  tRAS 28");
	is_u64(c->t.tRCD, 12, "  tRCD 12");
	is_u64(c->t.tRRD, 6, "  tRRD 6");
	is_u64(c->t.tWR, 12, "  tWR 12");
	is_u64(c->t.tWL, 4, "  tWL 4");
	is_u64(c->t.tCCD, 2, "  tCCD 2");
	is_u64(c->burst, 8, "  bursts of 8");
	is_u64(c->bus_width, 8, "  8 bytes a transfer");
	is_u64(c->data_rate, 4, "  4 transfers a cycle");
	is_u64(D.clk.dram_mhz, 924, "  924 MHz");
	is_u64(D.clk.core_mhz, 700, "  core 700 MHz");
	is_u64(D.latency_in, 100, "  100 cycles in");
	is_u64(c->queue, 64, "  queues of 64");
	is_str(c->sched->name, "frfcfs", "  FR-FCFS");
	is_u64(D.line, 128, "  128-byte requests (line_size)");
	is_u64(D.sector, 32, "  32-byte sectors");

	wt_dramstage_configure(&D, 2, fcfs, fermi);
	is_str(c->sched->name, "fcfs", "fermi DRAM --sched=fcfs: FCFS");
	is_u64(c->channels, 6, "  6 channels");

	wt_dramstage_configure(&D, 1, none, qv);
	is_u64(c->channels, 32, "qv100 DRAM: 32 channels");
	is_u64(c->t.tRRD, 3, "  tRRD 3");
	is_u64(c->t.tWR, 10, "  tWR 10");
	is_u64(c->t.tWL, 2, "  tWL 2");
	is_u64(c->t.tCCD, 1, "  tCCD 1");
	is_u64(c->burst, 2, "  bursts of 2");
	is_u64(c->bus_width, 16, "  16 bytes a transfer");
	is_u64(c->data_rate, 2, "  2 transfers a cycle");
	is_u64(D.clk.dram_mhz, 850, "  850 MHz");
	is_u64(D.clk.core_mhz, 1132, "  core 1132 MHz");
}

/*
 * A caller whose own getopt loop stopped in the middle of "-xy" (getopt
 * keeps its place inside the word): a configure after it still parses
 * its whole argv, and gives the caller's optind back.  Then the three
 * configures in a row, each with options, each parsed whole.
 */
static void in_a_row(const struct wt_meta *fermi)
{
	char *own[] = { "gpusim", "-xy", "--arch=qv100", NULL };
	char *a1[] = { "gpusim --l1", "--assoc=8", "--size=32K", NULL };
	char *a2[] = { "gpusim --l2", "--size=128K", "--assoc=16", NULL };
	char *a3[] = { "gpusim --dram", "--sched=fcfs", "--channels=12", NULL };
	int ch, before;

	opterr = 0;
	ch = getopt(ARGC(own), own, "xy");
	is_u64((uint64_t)ch, 'x', "the caller's getopt: -x of -xy");
	before = optind;
	wt_l1stage_configure(&L1, 3, a1, fermi);
	is_u64(L1.su.cfg.geom.assoc, 8, "a configure after it: --assoc=8");
	is_u64(L1.su.size, 32768, "  --size=32K");
	is_u64(L1.su.cfg.geom.sets, 32, "  32 sets");
	is_u64((uint64_t)optind, (uint64_t)before, "  the caller's optind back");

	wt_l2stage_configure(&L2, 3, a2, fermi);
	wt_dramstage_configure(&D, 3, a3, fermi);
	wt_l1stage_configure(&L1, 3, a1, fermi);
	is_u64(L2.size, 131072, "L2 after L1: --size=128K");
	is_u64(L2.cfg.geom.assoc, 16, "  --assoc=16");
	is_u64(L2.cfg.geom.sets, 64, "  64 sets");
	is_str(D.cfg.sched->name, "fcfs", "DRAM after L2: --sched=fcfs");
	is_u64(D.cfg.channels, 12, "  --channels=12");
	is_u64(L1.su.cfg.geom.assoc, 8, "L1 again after both: --assoc=8");
	is_u64(L1.su.size, 32768, "  --size=32K");
}

/* Nothing for LeakSanitizer to report (it calls this hook, when the test
 * is built with it; otherwise nothing does): each configure zeroes the
 * engine it is given without freeing what it held (l1opt.h), and a child
 * that configure ends exits with the parent's allocations held. */
int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
	return 1;
}

/*
 * A command line configure refuses: in a child, whose standard error
 * comes back through a pipe; it must exit 2 with the one line want.
 */
static void refused(void (*configure)(int argc, char **argv,
				      const struct wt_meta *s),
		    int argc, char **argv, const struct wt_meta *s,
		    const char *want)
{
	char buf[512];
	int fd[2], status;
	ssize_t n, got = 0;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) < 0 || (pid = fork()) < 0) {
		printf("Bail out! pipe or fork\n");
		exit(1);
	}
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], 2);
		configure(argc, argv, s);
		_exit(0);
	}
	close(fd[1]);
	while ((n = read(fd[0], buf + got, sizeof(buf) - 1 - (size_t)got)) > 0)
		got += n;
	buf[got] = 0;
	close(fd[0]);
	waitpid(pid, &status, 0);
	is_u64(WIFEXITED(status) ? (uint64_t)WEXITSTATUS(status) : 999, 2,
	       "%s %s: exit 2", argv[0], argv[1]);
	is_str(buf, want, "  its line");
}

static void c1(int argc, char **argv, const struct wt_meta *s)
{
	wt_l1stage_configure(&L1, argc, argv, s);
}

static void c2(int argc, char **argv, const struct wt_meta *s)
{
	wt_l2stage_configure(&L2, argc, argv, s);
}

static void cd(int argc, char **argv, const struct wt_meta *s)
{
	wt_dramstage_configure(&D, argc, argv, s);
}

/* What the stages' own streams and files need is refused; bad options
 * are the stage's usage errors, under the caller's name. */
static void refusals(const struct wt_meta *fermi)
{
	char *stats[] = { "gpusim --l1", "--stats=x.json", NULL };
	char *out[] = { "gpusim --l1", "-o", "x", NULL };
	char *operand[] = { "gpusim --l1", "in.req", NULL };
	char *help[] = { "gpusim --l2", "--help", NULL };
	char *spill[] = { "gpusim --l2", "--spill=1M", NULL };
	char *events[] = { "gpusim --l2", "--events=all", NULL };
	char *batch[] = { "gpusim --dram", "--batch=0", NULL };
	char *unknown[] = { "gpusim --l1", "--bogus", NULL };
	char *assoc[] = { "gpusim --l1", "--assoc=0", NULL };
	char *sched[] = { "gpusim --dram", "--sched=nonesuch", NULL };
	char *banks[] = { "gpusim --l2", "--banks=3", NULL };

	refused(c1, 2, stats, fermi, "gpusim --l1: --stats: an option of the "
		"l1sim program's own streams and files; not taken here\n");
	refused(c1, 3, out, fermi, "gpusim --l1: --output: an option of the "
		"l1sim program's own streams and files; not taken here\n");
	refused(c1, 2, operand, fermi, "gpusim --l1: in.req: an input stream is "
		"the l1sim program's; not taken here\n");
	refused(c2, 2, help, fermi, "gpusim --l2: --help: an option of the "
		"l2sim program's own streams and files; not taken here\n");
	refused(c2, 2, spill, fermi, "gpusim --l2: --spill: an option of the "
		"l2sim program's own streams and files; not taken here\n");
	refused(c2, 2, events, fermi, "gpusim --l2: --events: an option of the "
		"l2sim program's own streams and files; not taken here\n");
	refused(cd, 2, batch, fermi, "gpusim --dram: --batch: an option of the "
		"dramsim program's own streams and files; not taken here\n");
	refused(c1, 2, unknown, fermi, "gpusim --l1: option '--bogus' is unknown "
		"or needs a value (try 'l1sim --help')\n");
	refused(c1, 2, assoc, fermi, "gpusim --l1: --assoc=0: expected a number "
		"from 1 to 65535\n");
	refused(cd, 2, sched, fermi, "gpusim --dram: --sched=nonesuch: expected "
		"frfcfs, fcfs or medic\n");
	refused(c2, 2, banks, fermi, "gpusim --l2: --banks=3: expected a power "
		"of two from 1 to 64, optionally @BIT (an address bit 0 to 63)\n");
}

int main(void)
{
	struct wt_meta fermi, qv;

	wt_set_progname("test-stagecfg");
	stream_of("fermi", "15", &fermi);
	stream_of("qv100", "80", &qv);
	/* l2sim's input: an L1 of 128-byte lines before it */
	wt_meta_set(&fermi, "l1_line", "128");
	wt_meta_set(&qv, "l1_line", "128");
	l1_fermi(&fermi);
	l1_qv100(&qv);
	l2_checks(&fermi, &qv);
	dram_checks(&fermi, &qv);
	in_a_row(&fermi);
	refusals(&fermi);
	is_str(wt_progname(), "test-stagecfg", "the program's name back");
	wt_meta_free(&fermi);
	wt_meta_free(&qv);
	return tap_done();
}
