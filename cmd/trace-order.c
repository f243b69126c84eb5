/*
 * trace-order - the GPU execution model: turn per-thread accesses into
 * warp memory instructions on SMs, in issue order, with nominal times;
 * or schedule warp instructions whose warps were formed before (warp
 * records, as trace-gen makes them from Accel-Sim traces) the same way.
 * The run is lib/exec/orderrun.c's, its statistics lib/exec/orderstats.c's.
 */
#include "machine.h"
#include "meta.h"
#include "order.h"
#include "orderrun.h"
#include "orderstats.h"
#include "output.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: trace-order [options] [FILE]\n"
"Form warps from thread accesses (or take the warps of a stream of warp\n"
"records), dispatch CTAs onto SMs and schedule the warps, writing warp\n"
"memory instructions in issue order.  No FILE, or -, reads stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (the machine's values are the defaults of the\n"
"                          options below)\n"
"      --sms=N             SMs\n"
"      --warp-size=N       threads per warp, 1 to 64\n"
"      --max-threads=N     resident threads per SM\n"
"      --max-ctas=N        resident CTAs per SM\n"
"      --max-warps=N       resident warps per SM\n"
"      --regs=N            registers per SM\n"
"      --shmem=N           shared memory bytes per SM (K, M suffixes)\n"
"      --cta-threads=N     most threads in one CTA\n"
"      --reg-unit=N        registers are allocated per warp in units of N\n"
"      --shmem-unit=N      shared memory allocation unit, bytes\n"
"      --schedulers=N      warp schedulers per SM\n"
"      --policy=P          lrr, gto or two-level\n"
"      --active-warps=N    two-level: active warps per scheduler (8)\n"
"      --warp-limit=N      static warp limit per scheduler (SWT); 0 = none\n"
"      --cta-limit=N       CTAs per SM (multithreading degree); 0 = none\n"
"      --latency=N         cycles a warp waits after a load (100)\n"
"      --cta-start=S       where a kernel's first CTA goes: next (default:\n"
"                          the SM after the one that took the previous\n"
"                          kernel's last CTA, as GPGPU-Sim) or zero (SM 0)\n"
"      --stores=S          keep, or drop: thread accesses' stores are left\n"
"                          out (nugteren: Nugteren et al.'s model has none)\n"
"      --match=M           exact: the lanes' i-th accesses are one\n"
"                          instruction where PC, op, size and space agree;\n"
"                          position: whatever their PCs, split only by op,\n"
"                          space and coalescing group of size (nugteren)\n"
"      --hold=H            cta (default): read each CTA as it is dispatched\n"
"                          when the input is in CTA order; kernel: hold\n"
"                          each kernel whole before scheduling it\n"
"  -o, --output=FILE       write the stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for an\n"
"                          uncompressed stream (default: $WARPTRACE_LEVEL,\n"
"                          else 0 on a pipe or device such as /dev/null,\n"
"                          1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SMS = 256, O_WARP, O_THREADS, O_CTAS, O_WARPS, O_REGS, O_SHMEM,
	O_SCHED, O_POLICY, O_ACTIVE, O_WLIMIT, O_CLIMIT, O_LATENCY, O_STATS,
	O_LEVEL, O_CTHREADS, O_RUNIT, O_SUNIT, O_HOLD, O_CTASTART, O_STORES,
	O_MATCH, O_NOPTS
};

static unsigned opt_uint(const char *name, const char *arg, uint64_t lo, uint64_t hi)
{
	return (unsigned)wt_opt_num(name, arg, lo, hi < UINT32_MAX ? hi : UINT32_MAX);
}

static const struct option longopts[] = {
	{ "sms", required_argument, NULL, O_SMS },
	{ "warp-size", required_argument, NULL, O_WARP },
	{ "max-threads", required_argument, NULL, O_THREADS },
	{ "max-ctas", required_argument, NULL, O_CTAS },
	{ "max-warps", required_argument, NULL, O_WARPS },
	{ "regs", required_argument, NULL, O_REGS },
	{ "shmem", required_argument, NULL, O_SHMEM },
	{ "schedulers", required_argument, NULL, O_SCHED },
	{ "cta-threads", required_argument, NULL, O_CTHREADS },
	{ "reg-unit", required_argument, NULL, O_RUNIT },
	{ "shmem-unit", required_argument, NULL, O_SUNIT },
	{ "policy", required_argument, NULL, O_POLICY },
	{ "active-warps", required_argument, NULL, O_ACTIVE },
	{ "warp-limit", required_argument, NULL, O_WLIMIT },
	{ "cta-limit", required_argument, NULL, O_CLIMIT },
	{ "latency", required_argument, NULL, O_LATENCY },
	{ "hold", required_argument, NULL, O_HOLD },
	{ "cta-start", required_argument, NULL, O_CTASTART },
	{ "stores", required_argument, NULL, O_STORES },
	{ "match", required_argument, NULL, O_MATCH },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ NULL, 0, NULL, 0 },
};

/*
 * The configuration: the machine's values for every option the command
 * line does not give (explicit[]), then the options, each checked.
 * stream: the input's metadata, or NULL before it is read.
 */
static void configure(const struct wt_stage_args *a, const char *const *explicit,
		      const struct wt_meta *stream, struct wt_machine *m,
		      struct wt_order_cfg *cfg)
{
	const char *set[O_NOPTS];
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("trace-order", a, stream, m, &opts);
	wt_stage_defaults(longopts, set, &opts);
	memset(cfg, 0, sizeof(*cfg));
	cfg->active_warps = 8;
	cfg->latency = 100;
	cfg->sms = opt_uint("sms", set[O_SMS], 1, 65535);
	cfg->warp_size = opt_uint("warp-size", set[O_WARP], 1, WT_MAX_LANES);
	cfg->max_threads = opt_uint("max-threads", set[O_THREADS], 1, 1u << 20);
	cfg->max_ctas = opt_uint("max-ctas", set[O_CTAS], 1, 1024);
	cfg->max_warps = opt_uint("max-warps", set[O_WARPS], 1, 65536);
	cfg->regs = opt_uint("regs", set[O_REGS], 1, 1u << 24);
	cfg->shmem = opt_uint("shmem", set[O_SHMEM], 1, 1u << 30);
	cfg->cta_threads = opt_uint("cta-threads", set[O_CTHREADS], 1, 1u << 20);
	cfg->reg_unit = opt_uint("reg-unit", set[O_RUNIT], 1, 1u << 16);
	cfg->shmem_unit = opt_uint("shmem-unit", set[O_SUNIT], 1, 1u << 20);
	cfg->schedulers = opt_uint("schedulers", set[O_SCHED], 1, 64);
	{
		int p = wt_policy_parse(set[O_POLICY]);

		if (p < 0)
			wt_die(WT_EXIT_USAGE, "--policy=%s: expected lrr, gto or "
			       "two-level", set[O_POLICY]);
		cfg->policy = (enum wt_policy)p;
	}
	if (set[O_ACTIVE])
		cfg->active_warps = opt_uint("active-warps", set[O_ACTIVE], 1, 65536);
	if (set[O_WLIMIT])
		cfg->warp_limit = opt_uint("warp-limit", set[O_WLIMIT], 0, 65536);
	if (set[O_CLIMIT])
		cfg->cta_limit = opt_uint("cta-limit", set[O_CLIMIT], 0, 1024);
	if (set[O_LATENCY])
		cfg->latency = opt_uint("latency", set[O_LATENCY], 1, 1u << 30);
	{
		static const char *const stores[] = { "keep", "drop" };
		static const char *const match[] = { "exact", "position" };

		cfg->drop_stores = wt_opt_choice("stores", set[O_STORES], stores, 2);
		cfg->match_position = wt_opt_choice("match", set[O_MATCH], match, 2);
	}
	wt_meta_free(&opts);
}

/* configure as wt_stage_input calls it. */
struct order_ctx {
	struct wt_stage_cmd cmd;
	struct wt_machine *machine;
	struct wt_order_cfg *cfg;
};

static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct order_ctx *c = ctx;

	configure(c->cmd.args, c->cmd.set, stream, c->machine, c->cfg);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats = NULL;
	struct wt_stage_args args;
	struct wt_machine machine;
	struct wt_order_cfg cfg;
	struct order_ctx ctx = { { &args, set }, &machine, &cfg };
	struct wt_orderrun run = { .cfg = &cfg, .hold_cta = 1 };
	struct wt_writer *w;
	struct wt_reader *r;
	struct wt_header h;
	struct wt_meta meta;
	int level, warps;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "trace-order", usage, longopts, O_SMS, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&machine);
	if (set[O_HOLD]) {
		if (strcmp(set[O_HOLD], "kernel") != 0 &&
		    strcmp(set[O_HOLD], "cta") != 0)
			wt_die(WT_EXIT_USAGE, "--hold=%s: expected cta or kernel",
			       set[O_HOLD]);
		run.hold_cta = strcmp(set[O_HOLD], "cta") == 0;
	}
	if (set[O_CTASTART]) {
		static const char *const starts[] = { "next", "zero" };

		run.cta_zero = wt_opt_choice("cta-start", set[O_CTASTART], starts, 2);
	}
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	r = wt_stage_input(&args, 0, NULL, configure_cb, &ctx);
	warps = wt_reader_header(r)->kind == WT_KIND_WARP;
	if (!warps && wt_reader_header(r)->kind != WT_KIND_ACCESS)
		wt_die(WT_EXIT_DATA, "%s: expected a stream of 'access' or 'warp' "
		       "records, got '%s' records; run trace-gen first",
		       wt_reader_name(r), wt_kind_name(wt_reader_header(r)->kind));
	if (warps) {
		/* The warps are formed: their width is the stream's. */
		unsigned lanes = wt_reader_header(r)->lanes;

		if (set[O_WARP] && cfg.warp_size != lanes)
			wt_die(WT_EXIT_USAGE, "--warp-size=%s: the warps of %s are "
			       "formed already, with %u lanes", set[O_WARP],
			       wt_reader_name(r), lanes);
		cfg.warp_size = lanes;
	}
	wt_header_init(&h, WT_KIND_WARP, cfg.warp_size);
	/* Warp records pass on their dependence bits and classes
	 * (record.h), and so the input's format; the warps formed from
	 * thread accesses have none. */
	if (warps)
		h.version_minor = wt_reader_header(r)->version_minor;
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&machine, &h.meta);
	{
		char buf[32];

		wt_meta_set(&h.meta, "arch", machine.name);
		wt_meta_set(&h.meta, "sms", wt_snprintf(buf, sizeof(buf), "%u", cfg.sms));
		wt_meta_set(&h.meta, "warp_size",
			    wt_snprintf(buf, sizeof(buf), "%u", cfg.warp_size));
		wt_meta_set(&h.meta, "policy", wt_policy_name(cfg.policy));
	}
	w = wt_output_open(output, &h, level);
	wt_meta_init(&meta);
	wt_meta_copy(&meta, &h.meta);
	wt_header_free(&h);

	wt_orderrun(&run, r, w);
	wt_reader_close(r);
	wt_output_close();
	if (run.unbound)
		wt_warn("note: --cta-limit=%u does not bind in %zu of %zu kernels: "
			"their occupancy or grid already gives an SM no more than "
			"%u CTA%s", cfg.cta_limit, run.unbound, run.nres, run.most,
			run.most == 1 ? "" : "s");
	if (stats)
		wt_orderstats_write(stats, &run, &machine, &meta, argc, argv);
	wt_orderrun_free(&run);
	wt_meta_free(&meta);
	wt_machine_free(&machine);
	return WT_EXIT_OK;
}
