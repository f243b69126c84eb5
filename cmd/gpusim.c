/*
 * gpusim - the closed-loop simulator: the machine's SMs, L1s,
 * interconnect, L2 slices and DRAM channels on one clock over a stream of
 * warp records (trace-order's), the memory side pushing back on the
 * cores.  The loop is lib/sim/gpusim.c, the configuration (the pipeline
 * stages' own, from option strings) lib/sim/simsetup.c; see gpusim(1).
 */
#include "gpusim.h"
#include "output.h"
#include "simsetup.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: gpusim [options] [FILE]\n"
"Run the SMs (warp schedulers, LD/ST units), L1s, interconnect, L2 slices\n"
"and DRAM channels of a machine on one clock over a stream of warp records\n"
"(from trace-order): a load's warp waits until its data has come back\n"
"through every level, and full MSHRs, queues and network ports stall the\n"
"SMs.  Writes statistics as JSON: cycles, IPC, stalls, load latencies and\n"
"the L1's, L2's and DRAM's counts.  No FILE, or -, reads stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"      --coalesce=OPTS     coalesce's options for the coalescer (coalesce(1))\n"
"      --l1=OPTS           l1sim's options for every SM's L1 (l1sim(1)),\n"
"                          e.g. --l1='--size=48K --policy=pd'\n"
"      --l2=OPTS           l2sim's options for the L2 slices (l2sim(1))\n"
"      --dram=OPTS         dramsim's options for the DRAM channels (dramsim(1))\n"
"                          (OPTS: words split at blanks; each stage starts\n"
"                          from the machine, as in the pipeline)\n"
"      --sms=N             SMs (default: the stream's, else the machine's)\n"
"      --schedulers=N      warp schedulers per SM\n"
"      --policy=P          the warp schedulers: lrr, gto or two-level\n"
"      --active-warps=N    two-level: active warps per scheduler (8)\n"
"      --warp-limit=N      static warp limit per scheduler (SWT); 0 = none\n"
"      --cta-limit=N       CTAs per SM (multithreading degree); 0 = none\n"
"      --issue-interval=N  cycles between two instructions of a warp (1)\n"
"      --shmem-latency=N   cycles of a load that makes no request: shared,\n"
"                          constant and texture memory (20)\n"
"      --alu-latency=N     cycles each instruction of a record's chain\n"
"                          (record.h) delays its memory instruction,\n"
"                          whatever its class (default: its class's\n"
"                          latency, the machine's\n"
"                          trace_opcode_latency_initiation_*)\n"
"      --pipeline-latency=N  cycles each instruction of a chain adds to its\n"
"                          class's latency: GPGPU-Sim's stages from issue\n"
"                          to write-back (5, measured on Accel-Sim's QV100;\n"
"                          6 on its GTX 1080); with --alu-latency=0, 0: the\n"
"                          chains delay nothing\n"
"      --deps=D            what an instruction waits for: trace (the loads\n"
"                          the records' register dependences name, where\n"
"                          they have them; default) or loads (every earlier\n"
"                          load, always)\n"
"      --icnt-latency=N    cycles a packet's head crosses the network\n"
"                          (default: l2sim's --icnt-latency)\n"
"      --flit=N            bytes a network port moves a cycle (32)\n"
"      --credits=N         requests an SM may have in the network (16)\n"
"      --rop-latency=N     cycles a request waits before its L2 slice's queue\n"
"                          (default: the machine's gpgpu_l2_rop_latency)\n"
"      --launch-latency=N  cycles before a kernel's first CTA (0)\n"
"      --l1-events=FILE    write the L1s' events as l1sim writes them\n"
"      --l2-events=FILE    the L2 slices' events, as l2sim\n"
"      --dram-events=FILE  the DRAM's done requests, as dramsim\n"
"      --level=N           zstd level of the event streams\n"
"  -o, --output=FILE       write the statistics to FILE (default: stdout)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_COAL = 256, O_L1, O_L2, O_DRAM, O_SMS, O_SCHEDS, O_POLICY, O_ACTIVE,
	O_WLIMIT, O_CLIMIT, O_ISSUE, O_SHLAT, O_ICNT, O_FLIT, O_CREDITS,
	O_ROP, O_LAUNCH, O_L1EV, O_L2EV, O_DREV, O_LEVEL, O_DEPS, O_ALU, O_PIPE, O_NOPTS
};

static const struct option longopts[] = {
	{ "coalesce", required_argument, NULL, O_COAL },
	{ "l1", required_argument, NULL, O_L1 },
	{ "l2", required_argument, NULL, O_L2 },
	{ "dram", required_argument, NULL, O_DRAM },
	{ "sms", required_argument, NULL, O_SMS },
	{ "schedulers", required_argument, NULL, O_SCHEDS },
	{ "policy", required_argument, NULL, O_POLICY },
	{ "active-warps", required_argument, NULL, O_ACTIVE },
	{ "warp-limit", required_argument, NULL, O_WLIMIT },
	{ "cta-limit", required_argument, NULL, O_CLIMIT },
	{ "issue-interval", required_argument, NULL, O_ISSUE },
	{ "shmem-latency", required_argument, NULL, O_SHLAT },
	{ "icnt-latency", required_argument, NULL, O_ICNT },
	{ "flit", required_argument, NULL, O_FLIT },
	{ "credits", required_argument, NULL, O_CREDITS },
	{ "rop-latency", required_argument, NULL, O_ROP },
	{ "launch-latency", required_argument, NULL, O_LAUNCH },
	{ "l1-events", required_argument, NULL, O_L1EV },
	{ "l2-events", required_argument, NULL, O_L2EV },
	{ "dram-events", required_argument, NULL, O_DREV },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "deps", required_argument, NULL, O_DEPS },
	{ "alu-latency", required_argument, NULL, O_ALU },
	{ "pipeline-latency", required_argument, NULL, O_PIPE },
	{ NULL, 0, NULL, 0 },
};

static struct wt_sim_setup Su;

/* gpusim's own options into o; a bad value is a usage error. */
static void own_options(const char *const *set, struct wt_sim_opts *o)
{
	memset(o, 0, sizeof(*o));
	if (set[O_SMS])
		o->sms = (unsigned)wt_opt_num("sms", set[O_SMS], 1, 65535);
	if (set[O_SCHEDS])
		o->schedulers = (unsigned)wt_opt_num("schedulers", set[O_SCHEDS], 1, 64);
	o->policy = set[O_POLICY];
	if (set[O_ACTIVE])
		o->active_warps = (unsigned)wt_opt_num("active-warps", set[O_ACTIVE], 1, 4096);
	if (set[O_WLIMIT])
		o->warp_limit = (unsigned)wt_opt_num("warp-limit", set[O_WLIMIT], 0, 4096);
	if (set[O_CLIMIT])
		o->cta_limit = (unsigned)wt_opt_num("cta-limit", set[O_CLIMIT], 0, 4096);
	if (set[O_ISSUE])
		o->issue_interval = (unsigned)wt_opt_num("issue-interval", set[O_ISSUE], 1, 1u << 16);
	if (set[O_SHLAT])
		o->shmem_latency = (unsigned)wt_opt_num("shmem-latency", set[O_SHLAT], 1, 1u << 16);
	if (set[O_ICNT]) {
		o->icnt_latency = (unsigned)wt_opt_num("icnt-latency", set[O_ICNT], 0, 1u << 20);
		o->icnt_latency_set = 1;
	}
	if (set[O_FLIT])
		o->flit = (unsigned)wt_opt_num("flit", set[O_FLIT], 1, 4096);
	if (set[O_ROP]) {
		o->rop_latency = (unsigned)wt_opt_num("rop-latency", set[O_ROP], 0, 1u << 20);
		o->rop_latency_set = 1;
	}
	if (set[O_LAUNCH])
		o->launch_latency = (unsigned)wt_opt_num("launch-latency", set[O_LAUNCH], 0, 1u << 24);
	if (set[O_CREDITS])
		o->credits = (unsigned)wt_opt_num("credits", set[O_CREDITS], 2, 1u << 20);
	if (set[O_ALU]) {
		o->alu_latency = (unsigned)wt_opt_num("alu-latency", set[O_ALU], 0, 1u << 16);
		o->alu_latency_set = 1;
	}
	if (set[O_PIPE]) {
		o->pipeline_latency = (unsigned)wt_opt_num("pipeline-latency", set[O_PIPE],
							   0, 1u << 16);
		o->pipeline_latency_set = 1;
	}
	if (set[O_DEPS])
		o->all_loads = wt_opt_choice("deps", set[O_DEPS],
					     (const char *[]){ "trace", "loads" }, 2);
}

struct cmd {
	const struct wt_stage_args *args;
	const char *const *set;
	struct wt_sim_opts o;
};

static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	struct cmd *c = ctx;
	const char *parts[WT_SIM_PARTS] = {
		c->set[O_COAL], c->set[O_L1], c->set[O_L2], c->set[O_DRAM],
	};

	wt_sim_setup(&Su, c->args, parts, &c->o, stream);
}

/* The event streams, one a level. */
static struct wt_writer *Ev[4];

static int put_events(void *ctx, unsigned level, const struct wt_event *e, size_t n)
{
	(void)ctx;
	return Ev[level] ? wt_writer_put_many(Ev[level], e, n) : 0;
}

/* level: --level's, below -100 when not given. */
static void open_events(const char *const *set, const struct wt_meta *in,
			int argc, char **argv, int level)
{
	static const int opt[4] = { 0, O_L1EV, O_L2EV, O_DREV };
	char err[768];

	for (unsigned l = 1; l <= 3; l++) {
		struct wt_header h;

		if (!set[opt[l]])
			continue;
		if (strcmp(set[opt[l]], "-") == 0)
			wt_die(WT_EXIT_USAGE, "--%s=-: the statistics go to standard "
			       "output; name a file", longopts[opt[l] - O_COAL].name);
		wt_header_init(&h, WT_KIND_EVENT, 0);
		wt_meta_copy(&h.meta, in);
		wt_meta_add_stage(&h.meta, argc, argv);
		Ev[l] = wt_writer_open(set[opt[l]], &h, level < -100 ?
				       wt_env_level(set[opt[l]]) : level, err, sizeof(err));
		wt_header_free(&h);
		if (!Ev[l])
			wt_die(WT_EXIT_DATA, "%s", err);
	}
}

static void fail(const char *what, const char *err)
{
	for (unsigned l = 1; l <= 3; l++)
		if (Ev[l])
			wt_writer_abort(Ev[l]);
	wt_die(WT_EXIT_DATA, "%s: %s", what, err);
}

/* The event streams' kernels: each kernel's events are those made while
 * it ran (the last's, until the memory side has emptied). */
static void events_kernel(const struct wt_kernel *k, int end)
{
	char err[768];

	for (unsigned l = 1; l <= 3; l++) {
		if (!Ev[l])
			continue;
		if ((end ? wt_writer_kernel_end(Ev[l]) :
		     wt_writer_kernel_begin(Ev[l], k)) < 0) {
			wt_snprintf(err, sizeof(err), "%s", wt_writer_error(Ev[l]));
			fail("the event streams", err);
		}
	}
}

/* Every kernel of r through g, each held whole (its records copied, as
 * the reader's buffer moves on). */
static void run(struct wt_gpusim *g, struct wt_reader *r)
{
	int open = 0;
	const struct wt_header *h = wt_reader_header(r);
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;
	struct wt_item it;
	char err[768];

	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			if (open)
				events_kernel(NULL, 1);
			events_kernel(it.kernel, 0);
			open = 1;
			n = 0;
			break;
		case WT_ITEM_RECORDS:
			if (n + it.count > cap) {
				cap = (n + it.count) * 2;
				buf = wt_realloc(buf, cap * h->record_size);
			}
			memcpy(buf + n * h->record_size, it.recs,
			       it.count * h->record_size);
			n += it.count;
			break;
		case WT_ITEM_KERNEL_END:
			if (wt_gpusim_kernel(g, it.kernel, buf, n, h->record_size,
					     err, sizeof(err)) < 0)
				fail(wt_reader_name(r), err);
			break;
		default:
			break;
		}
	}
	free(buf);
	if (it.type == WT_ITEM_ERROR)
		fail(wt_reader_name(r), wt_reader_error(r));
	if (wt_gpusim_finish(g, err, sizeof(err)) < 0)
		fail(wt_reader_name(r), err);
	if (open)
		events_kernel(NULL, 1);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	struct wt_stage_args args;
	struct cmd cmd = { &args, set, { 0 } };
	struct wt_gpusim *g;
	struct wt_reader *r;
	struct wt_json *j;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "gpusim", usage, longopts, O_COAL, O_NOPTS,
		       set, &args);
	own_options(set, &cmd.o);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : -1000;
	r = wt_stage_input(&args, WT_KIND_WARP, "run trace-order first",
			   configure_cb, &cmd);
	if (!(g = wt_gpusim_new(&Su.cfg, err, sizeof(err))))
		wt_die(WT_EXIT_USAGE, "%s", err);
	open_events(set, &Su.meta, argc, argv, level);
	wt_gpusim_events(g, put_events, NULL);
	run(g, r);
	wt_reader_close(r);
	for (unsigned l = 1; l <= 3; l++)
		if (Ev[l] && wt_writer_close(Ev[l], err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	if (!(j = wt_json_open(args.output, err, sizeof(err))))
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_json_stats_begin(j, "gpusim", argc, argv);
	wt_sim_setup_json(&Su, g, j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_dramstage_finish(&Su.dram);	/* the scheduler's note, if any */
	wt_gpusim_free(g);
	wt_sim_setup_free(&Su);
	return WT_EXIT_OK;
}
