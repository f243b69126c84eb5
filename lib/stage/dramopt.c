/*
 * dramopt.c - dramsim's options into the engine's configuration
 * (dramopt.h): its getopt table and --help text, the configuration they
 * make (the machine's DRAM for every option not given, then the
 * options), and the same from an option string for gpusim
 * (wt_dramstage_configure).
 */
#include "dramopt.h"
#include "dramoptnum.h"

#include "util.h"

#include <stddef.h>
#include <string.h>

/* --help: these, with the schedulers' lines (dramsched.h) between. */
static const char usage_head[] =
"usage: dramsim [options] [FILE]\n"
"Simulate the GDDR5 DRAM channels behind the caches on a stream of cache\n"
"events (from l1sim or l2sim): banks, row buffers (open page), timing and\n"
"an FR-FCFS or FCFS request queue.  Writes one event record (level 3) for\n"
"every DRAM request served, in completion order.  No FILE, or -, reads\n"
"stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (the machine's DRAM gives the defaults below)\n"
"      --channels=N        DRAM channels (memory partitions)\n"
"      --ranks=N           ranks per channel\n"
"      --banks=N           banks per rank\n"
"      --rows=N            rows per bank\n"
"      --columns=N         columns per row, of --bus-width bytes\n"
"      --map=STRING        GPGPU-Sim address mapping, [dramid@BIT;]MASK\n"
"      --interleave=N      bytes per channel stripe (no --map)\n"
"      --sub-partitions=K  L2 slices per channel: l2sim's partition P\n"
"                          is channel P / K (GPGPU-Sim's\n"
"                          gpgpu_n_sub_partition_per_mchannel)\n"
"      --partition-indexing=P\n"
"                          consecutive, xor, ipoly or random,\n"
"                          with --map: GPGPU-Sim's\n"
"                          gpgpu_memory_partition_indexing 0, 1, 2, 4\n"
"      --tCL=N --tRP=N --tRC=N --tRAS=N --tRCD=N --tRRD=N --tWR=N --tWL=N\n"
"      --tCCD=N            timing in DRAM command-clock cycles\n"
"      --burst=N           burst length, transfers per column command\n"
"      --bus-width=N       bytes per transfer of a channel\n"
"      --data-rate=N       transfers per command-clock cycle\n"
"      --clock=MHZ         DRAM command clock\n"
"      --core-clock=MHZ    clock of the input's event times\n"
"      --latency-in=N      core cycles from the cache to the controller\n"
"      --queue=N           request queue entries per channel\n"
"      --batch=N           events read before the channels run and the\n"
"                          requests done are written (default 1M; 0: a\n"
"                          whole kernel); memory follows N, not the kernel\n"
"      --spill=SIZE        bytes of requests waiting for room in the\n"
"                          queues beyond which the later ones wait in a\n"
"                          temporary file in $TMPDIR (default 64M)\n";

static const char usage_tail[] =
"  -o, --output=FILE       write the event stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe or device such\n"
"                          as /dev/null, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";


/* --tCL ... --tCCD into d->cfg.t. */
static void timing_options(struct wt_dramstage *d, const char *const *set)
{
	static const struct { int opt; const char *name; size_t off; } tt[] = {
		{ O_TCL, "tCL", offsetof(struct wt_dram_timing, tCL) },
		{ O_TRP, "tRP", offsetof(struct wt_dram_timing, tRP) },
		{ O_TRC, "tRC", offsetof(struct wt_dram_timing, tRC) },
		{ O_TRAS, "tRAS", offsetof(struct wt_dram_timing, tRAS) },
		{ O_TRCD, "tRCD", offsetof(struct wt_dram_timing, tRCD) },
		{ O_TRRD, "tRRD", offsetof(struct wt_dram_timing, tRRD) },
		{ O_TWR, "tWR", offsetof(struct wt_dram_timing, tWR) },
		{ O_TWL, "tWL", offsetof(struct wt_dram_timing, tWL) },
		{ O_TCCD, "tCCD", offsetof(struct wt_dram_timing, tCCD) },
	};

	for (size_t i = 0; i < sizeof(tt) / sizeof(tt[0]); i++)
		if (set[tt[i].opt])
			*(unsigned *)((char *)&d->cfg.t + tt[i].off) =
				(unsigned)wt_opt_num(tt[i].name, set[tt[i].opt], 0, 65536);
}

/* dramsim's options, before and after the schedulers' own (dramsched.h),
 * which make_options puts between them into longopts. */
static const struct option opts_head[] = {
	{ "channels", required_argument, NULL, O_CHANNELS },
	{ "ranks", required_argument, NULL, O_RANKS },
	{ "banks", required_argument, NULL, O_BANKS },
	{ "rows", required_argument, NULL, O_ROWS },
	{ "columns", required_argument, NULL, O_COLUMNS },
	{ "map", required_argument, NULL, O_MAP },
	{ "interleave", required_argument, NULL, O_INTERLEAVE },
	{ "sub-partitions", required_argument, NULL, O_SUB },
	{ "partition-indexing", required_argument, NULL, O_PIDX },
	{ "tCL", required_argument, NULL, O_TCL },
	{ "tRP", required_argument, NULL, O_TRP },
	{ "tRC", required_argument, NULL, O_TRC },
	{ "tRAS", required_argument, NULL, O_TRAS },
	{ "tRCD", required_argument, NULL, O_TRCD },
	{ "tRRD", required_argument, NULL, O_TRRD },
	{ "tWR", required_argument, NULL, O_TWR },
	{ "tWL", required_argument, NULL, O_TWL },
	{ "tCCD", required_argument, NULL, O_TCCD },
	{ "burst", required_argument, NULL, O_BURST },
	{ "bus-width", required_argument, NULL, O_BUSW },
	{ "data-rate", required_argument, NULL, O_RATE },
	{ "clock", required_argument, NULL, O_CLOCK },
	{ "core-clock", required_argument, NULL, O_CORE },
	{ "latency-in", required_argument, NULL, O_LATIN },
	{ "queue", required_argument, NULL, O_QUEUE },
	{ "batch", required_argument, NULL, O_BATCH },
	{ "spill", required_argument, NULL, O_SPILL },
	{ "sched", required_argument, NULL, O_SCHED },
};

static const struct option opts_tail[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define N(a) (sizeof(a) / sizeof(a[0]))

static struct option longopts[N(opts_head) + WT_DRAM_MAX_OPTIONS + N(opts_tail) + 1];
static char usage[2048 + sizeof(usage_head) + sizeof(usage_tail)];

/* The table and the help, the schedulers' options in their places;
 * made once. */
static void make_options(void)
{
	if (longopts[0].name)
		return;
	wt_stage_longopts(longopts, opts_head, N(opts_head), wt_dram_sched_longopts, WT_DRAM_MAX_OPTIONS,
			  O_POLOPT, opts_tail, N(opts_tail));
	wt_snprintf(usage, sizeof(usage), "%s%s%s", usage_head,
		    wt_dram_sched_help(), usage_tail);
}

/* An option's value by its long name, for the schedulers (dramhook.h);
 * ctx: set[]. */
static const char *opt_by_name(const void *ctx, const char *name)
{
	return wt_opt_named(longopts, ctx, name);
}

const struct option *wt_dramopt_longopts(void)
{
	make_options();
	return longopts;
}

const char *wt_dramopt_usage(void)
{
	make_options();
	return usage;
}

void wt_dramstage_options(struct wt_dramstage *d, const struct wt_stage_args *a,
			  const char *const *explicit, const struct wt_meta *stream)
{
	const struct option *lopts = wt_dramopt_longopts();
	struct wt_dram_cfg *c = &d->cfg;
	unsigned dram_mhz, core_mhz, given = 0;
	static const char *const mapping[] = { "channels", "sub-partitions",
		"map", "partition-indexing", "interleave", NULL };
	const char *set[O_NOPTS];
	struct wt_meta opts;
	char err[512];

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("dramsim", a, stream, &d->machine, &opts);
	d->arch = d->machine.name;
	wt_stage_group(&opts, lopts, explicit, mapping);
	wt_stage_defaults(lopts, set, &opts);
	wt_dramstage_base(d, &dram_mhz, &core_mhz);
	if (set[O_CHANNELS])
		c->channels = (unsigned)wt_opt_num("channels", set[O_CHANNELS], 1, 1024);
	if (set[O_RANKS])
		c->ranks = (unsigned)wt_opt_num("ranks", set[O_RANKS], 1, 64);
	if (set[O_BANKS]) {
		c->banks = (unsigned)wt_opt_num("banks", set[O_BANKS], 1, 1024);
		given |= explicit[O_BANKS] || (set[O_MAP] && !explicit[O_MAP]);
	}
	if (set[O_ROWS]) {
		c->rows = wt_opt_num("rows", set[O_ROWS], 1, UINT32_MAX);
		given |= 2;
	}
	if (set[O_COLUMNS]) {
		c->columns = (unsigned)wt_opt_num("columns", set[O_COLUMNS], 1, 1u << 20);
		given |= 4;
	}
	timing_options(d, set);
	if (set[O_BURST])
		c->burst = (unsigned)wt_opt_num("burst", set[O_BURST], 1, 256);
	if (set[O_BUSW])
		c->bus_width = (unsigned)wt_opt_num("bus-width", set[O_BUSW], 1, 1024);
	if (set[O_RATE])
		c->data_rate = (unsigned)wt_opt_num("data-rate", set[O_RATE], 1, 16);
	if (set[O_CLOCK])
		dram_mhz = (unsigned)wt_opt_num("clock", set[O_CLOCK], 1, 100000);
	if (set[O_CORE])
		core_mhz = (unsigned)wt_opt_num("core-clock", set[O_CORE], 1, 100000);
	if (set[O_LATIN])
		d->latency_in = (unsigned)wt_opt_num("latency-in", set[O_LATIN], 0, 1u << 24);
	if (set[O_QUEUE])
		c->queue = (unsigned)wt_opt_num("queue", set[O_QUEUE], 1, 65536);
	/* 1M events, as l1sim and l2sim: at most 128 MB of requests held
	 * (80 bytes and their event's 48), and batches long enough that
	 * running them costs nothing */
	d->batch = set[O_BATCH] ? (size_t)wt_opt_num("batch", set[O_BATCH], 0,
						     1u << 30) : 1u << 20;
	d->spill = set[O_SPILL] ? wt_opt_num("spill", set[O_SPILL], 0,
					    UINT64_MAX) : (uint64_t)64 << 20;
	/* whole kernels hold their instructions too: no temporary file */
	d->early = d->batch != 0;
	wt_dramstage_sched(d, set[O_SCHED], opt_by_name, set);
	if (set[O_MAP]) {
		if (set[O_INTERLEAVE])
			wt_die(WT_EXIT_USAGE, "--interleave is for the default mapping; "
			       "--map sets it with dramid@N");
		if (wt_dram_map_parse(set[O_MAP], &d->map, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "--map=%s: %s", set[O_MAP], err);
	}
	if (set[O_INTERLEAVE])
		d->map.interleave = (unsigned)wt_opt_num("interleave", set[O_INTERLEAVE], 1,
							1u << 30);
	d->map.sub = set[O_SUB] ? (unsigned)wt_opt_num("sub-partitions", set[O_SUB],
						      1, 64) : 1;
	if (d->map.sub & (d->map.sub - 1))
		wt_die(WT_EXIT_USAGE, "--sub-partitions=%u: expected a power of two",
		       d->map.sub);
	if (set[O_PIDX] && wt_pidx_parse(set[O_PIDX], &d->map.indexing, err,
					 sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "--partition-indexing=%s: %s", set[O_PIDX], err);
	if (wt_dram_map_fit(&d->map, c, given, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if (wt_dram_cfg_check(c, err, sizeof(err)))
		wt_die(WT_EXIT_USAGE, "%s", err);
	wt_dram_clock_init(&d->clk, core_mhz, dram_mhz);
	wt_meta_free(&opts);
}


void wt_dramstage_configure(struct wt_dramstage *d, int argc, char **argv,
			    const struct wt_meta *stream)
{
	static const int own[] = { O_STATS, O_LEVEL, O_BATCH, O_SPILL, 0 };
	const char *set[O_NOPTS] = { 0 };
	const char *was = wt_progname();
	struct wt_stage_args a;
	struct wt_meta none;

	wt_set_progname(argv[0]);
	wt_stage_parse_inner(argc, argv, "dramsim", wt_dramopt_longopts(),
			     O_CHANNELS, O_NOPTS, own, set, &a);
	memset(d, 0, sizeof(*d));
	wt_machine_init(&d->machine);
	wt_opt_forget_machine();
	wt_dramstage_options(d, &a, set, stream);
	wt_meta_init(&none);
	wt_dramstage_sizes(d, stream ? stream : &none);
	wt_meta_free(&none);
	wt_set_progname(was);
}
