/*
 * classify - why a kernel behaves as it does: locality categories, load
 * locality types, warp types, memory divergence and application
 * categories, from a request stream (coalesce) or an event stream (l1sim
 * or l2sim with --events=all).  The analyses are lib/analysis/classify.c's, the
 * run over a stream lib/analysis/clsrun.c's, the report lib/analysis/clsreport.c's.
 */
#include "classify.h"
#include "clsreport.h"
#include "clsrun.h"
#include "shards.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: classify [options] [FILE]\n"
"Explain a kernel's memory behaviour: the locality categories of Khairy et\n"
"al., the load locality types and APS of Koo et al. (APCM), the warp\n"
"types of MeDiC, the memory divergence of warp instructions, and the\n"
"application category.  FILE (default: stdin) is a request stream from\n"
"coalesce, for every analysis (warp types then at a functional L1), or an\n"
"event stream from l1sim or l2sim run with --events=all, for warp types\n"
"and divergence at that level.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (the machine's L1 and L2 are the views' defaults)\n"
"      --config=STRING     a GPGPU-Sim L1 configuration, as in l1sim\n"
"      --size=N            L1 capacity in bytes (K, M suffixes)\n"
"      --assoc=N           L1 ways per set\n"
"      --line=N            L1 line size in bytes\n"
"      --index=SPEC        L1 index: linear, xor, fermi, ipoly, ipolyNN, ...\n"
"      --l2-size=N         L2 view capacity, its slices together\n"
"      --l2-assoc=N        L2 view ways per set\n"
"      --l2-partitions=N   L2 view slices, interleaved every 256 bytes\n"
"      --analyses=LIST     comma-separated: locality, loads, warps,\n"
"                          divergence, category, or all (default: all\n"
"                          the input allows)\n"
"      --mostly-hit=P      warp-type boundary, percent (default 70)\n"
"      --mostly-miss=P     warp-type boundary, percent (default 20)\n"
"      --window=N          warp-type time window in cycles (default 10000)\n"
"      --window-min=N      accesses a window needs to count (default 30)\n"
"      --series=N          warps whose windows the JSON lists (default 6)\n"
"      --streaming=X       category limits, as fractions: mu >= X is\n"
"      --friendly=X        streaming (0.9); mb - mu <= X cache-friendly\n"
"      --conflict=X        (0.1); conflict share >= X conflict (0.5);\n"
"      --also=X            the other share >= X also (0.25)\n"
"      --mpki=X            MPKI that marks thrashing (10)\n"
"      --cs-speedup=X      4x-capacity speedup for cache sensitive (1.5)\n"
"      --ci-speedup=X      ... below which insensitive (1.1)\n"
"      --sample=R          follow only a sample of about R of the lines\n"
"                          (SHARDS' hash test, R from 2^-24 to 1; default\n"
"                          1: every line) in the unbounded views and the\n"
"                          load types, which then are estimates, in\n"
"                          memory about R times theirs\n"
"      --format=F          table (default) or json\n"
"  -o, --output=FILE       write the report to FILE (default: stdout)\n"
"      --stats=FILE        also write the results as JSON to FILE\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_CONFIG = 256, O_SIZE, O_ASSOC, O_LINE, O_INDEX, O_L2SIZE, O_L2ASSOC, O_L2PARTS,
	O_ANALYSES, O_MHIT, O_MMISS, O_WINDOW, O_WMIN, O_SERIES, O_STREAMING,
	O_FRIENDLY, O_CONFLICT, O_ALSO, O_MPKI, O_CS, O_CI, O_FORMAT, O_STATS,
	O_SAMPLE, O_NOPTS
};

static unsigned parse_analyses(const char *s)
{
	static const char *const names[] = {
		"locality", "loads", "warps", "divergence", "category"
	};
	unsigned m = 0;
	char *copy = wt_strdup(s), *save = NULL;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int i;

		if (strcmp(t, "all") == 0) {
			m |= WT_AN_ALL;
			continue;
		}
		for (i = 0; i < 5 && strcmp(t, names[i]); i++)
			;
		if (i == 5)
			wt_die(WT_EXIT_USAGE, "--analyses=%s: unknown analysis '%s'; "
			       "expected locality, loads, warps, divergence, "
			       "category or all", s, t);
		m |= 1u << i;
	}
	free(copy);
	if (!m)
		wt_die(WT_EXIT_USAGE, "--analyses=%s: expected at least one analysis", s);
	return m;
}

static uint32_t ppm(const char *name, const char *s)
{
	return (uint32_t)(wt_opt_real(name, s, 0, 100) * 10000 + 0.5);
}

/* --sample=R: the rate in force, a multiple of 2^-24 (shards.h). */
static double sample_rate(const char *s)
{
	double r;

	if (wt_shards_parse_rate(s, &r) < 0)
		wt_die(WT_EXIT_USAGE, "--sample=%s: expected a rate from 2^-24 to 1", s);
	return r;
}

static const struct option longopts[] = {
	{ "config", required_argument, NULL, O_CONFIG },
	{ "size", required_argument, NULL, O_SIZE },
	{ "assoc", required_argument, NULL, O_ASSOC },
	{ "line", required_argument, NULL, O_LINE },
	{ "index", required_argument, NULL, O_INDEX },
	{ "l2-size", required_argument, NULL, O_L2SIZE },
	{ "l2-assoc", required_argument, NULL, O_L2ASSOC },
	{ "l2-partitions", required_argument, NULL, O_L2PARTS },
	{ "analyses", required_argument, NULL, O_ANALYSES },
	{ "mostly-hit", required_argument, NULL, O_MHIT },
	{ "mostly-miss", required_argument, NULL, O_MMISS },
	{ "window", required_argument, NULL, O_WINDOW },
	{ "window-min", required_argument, NULL, O_WMIN },
	{ "series", required_argument, NULL, O_SERIES },
	{ "streaming", required_argument, NULL, O_STREAMING },
	{ "friendly", required_argument, NULL, O_FRIENDLY },
	{ "conflict", required_argument, NULL, O_CONFLICT },
	{ "also", required_argument, NULL, O_ALSO },
	{ "mpki", required_argument, NULL, O_MPKI },
	{ "cs-speedup", required_argument, NULL, O_CS },
	{ "ci-speedup", required_argument, NULL, O_CI },
	{ "sample", required_argument, NULL, O_SAMPLE },
	{ "format", required_argument, NULL, O_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	{ "stats", required_argument, NULL, O_STATS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/*
 * The machine (stageopt.h), and the views of its L1 and L2 classify looks
 * through: the machine's for every option the command line does not give
 * (explicit[]), the L1 line the stream's requests have (coalesce's
 * line_size; another given is a usage error unless --override).  stream:
 * the input's metadata, or NULL before it is read.
 */
static void views(const struct wt_stage_args *a, const char *const *explicit,
		  const struct wt_meta *stream, const struct option *lopts,
		  struct wt_cls_cfg *cfg, struct wt_machine *m)
{
	const char *line = stream ? wt_meta_get(stream, "line_size") : NULL;
	const char *set[O_NOPTS];
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("classify", a, stream, m, &opts);
	wt_stage_defaults(lopts, set, &opts);
	if (line && explicit[O_LINE])
		wt_stage_agree("line", explicit[O_LINE], line, "its requests "
			       "(coalesce's line_size)", a->override);
	else if (line)
		set[O_LINE] = line;
	wt_l1_preset(strcmp(wt_machine_get(m, "wt_l1_model"), "nugteren") == 0 ?
		     "nugteren" : "fermi", &cfg->l1);
	if (set[O_CONFIG])
		wt_l1_apply_config(set[O_CONFIG], &cfg->l1);
	if (cfg->l1.cfg.mode == WT_L1_BYPASS)
		wt_die(WT_EXIT_USAGE, "--config=%s: a disabled L1 has nothing to "
		       "classify", set[O_CONFIG]);
	/* the view with four times the ways must fit in a set */
	wt_l1_options(&cfg->l1, set[O_SIZE], set[O_ASSOC], WT_CACHE_MAX_ASSOC / 4,
		      set[O_LINE], set[O_INDEX]);
	/* the machine's index, neither given nor in a --config given */
	cfg->l1.index_follows = !set[O_INDEX] && !explicit[O_CONFIG];
	wt_l1_geometry(&cfg->l1);
	if (cfg->l1.cfg.geom.assoc > WT_CACHE_MAX_ASSOC / 4)
		wt_die(WT_EXIT_USAGE, "a %u-way L1: classify takes at most %u ways "
		       "(its view with four times the ways must fit in a set)",
		       cfg->l1.cfg.geom.assoc, WT_CACHE_MAX_ASSOC / 4);
	cfg->l2_size = (unsigned)wt_opt_num("l2-size", set[O_L2SIZE], 1, 1u << 30);
	cfg->l2_parts = (unsigned)wt_opt_num("l2-partitions", set[O_L2PARTS], 1,
					     1024);
	cfg->l2_assoc = (unsigned)wt_opt_num("l2-assoc", set[O_L2ASSOC], 1,
					     WT_CACHE_MAX_ASSOC);
	wt_meta_free(&opts);
}

/*
 * wt_stage_input's call: without a stream, the views of the command line
 * alone, for its usage errors (wt_cls_new checks the L2 view's) or
 * --show-machine; with one, nothing yet: the views wait for its kind.
 */
struct cls_ctx {
	struct wt_stage_cmd cmd;
	struct wt_cls_cfg *cfg;
	struct wt_machine *machine;
};

static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct cls_ctx *c = ctx;

	if (stream)
		return;
	views(c->cmd.args, c->cmd.set, NULL, longopts, c->cfg, c->machine);
	wt_cls_free(wt_cls_new(c->cfg));
}

int main(int argc, char **argv)
{
	static const char *const formats[] = { "table", "json" };
	const char *set[O_NOPTS] = { 0 };
	struct wt_stage_args args;
	struct wt_cls_cfg cfg;
	struct wt_clsrep rep;
	struct wt_clsrun run;
	struct wt_machine machine;
	struct cls_ctx ctx = { { &args, set }, &cfg, &machine };
	enum wt_kind kind;
	struct wt_reader *r;
	int json = 0;

	wt_set_progname(argv[0]);
	wt_big_blocks_mapped();
	wt_stage_parse(argc, argv, "classify", usage, longopts, O_CONFIG, O_NOPTS,
		       set, &args);

	memset(&cfg, 0, sizeof(cfg));
	memset(&rep, 0, sizeof(rep));
	memset(&run, 0, sizeof(run));
	wt_machine_init(&machine);
	cfg.bounds.mostly_hit = set[O_MHIT] ? ppm("mostly-hit", set[O_MHIT]) : 700000;
	cfg.bounds.mostly_miss = set[O_MMISS] ? ppm("mostly-miss", set[O_MMISS]) : 200000;
	if (cfg.bounds.mostly_miss >= cfg.bounds.mostly_hit)
		wt_die(WT_EXIT_USAGE, "--mostly-miss must be below --mostly-hit");
	cfg.window = set[O_WINDOW] ? wt_opt_num("window", set[O_WINDOW], 1,
						UINT32_MAX) : 10000;
	cfg.window_min = set[O_WMIN] ? (uint32_t)wt_opt_num("window-min", set[O_WMIN],
							   1, UINT32_MAX) : 30;
	cfg.series = set[O_SERIES] ? (unsigned)wt_opt_num("series", set[O_SERIES],
							  0, 1u << 20) : 6;
	wt_cat_limits_default(&rep.limits);
	if (set[O_STREAMING])
		rep.limits.streaming = wt_opt_real("streaming", set[O_STREAMING], 0, 1);
	if (set[O_FRIENDLY])
		rep.limits.friendly = wt_opt_real("friendly", set[O_FRIENDLY], 0, 1);
	if (set[O_CONFLICT])
		rep.limits.conflict = wt_opt_real("conflict", set[O_CONFLICT], 0, 1);
	if (set[O_ALSO])
		rep.limits.also = wt_opt_real("also", set[O_ALSO], 0, 1);
	if (set[O_MPKI])
		rep.limits.mpki = wt_opt_real("mpki", set[O_MPKI], 0, 1e9);
	if (set[O_CS])
		rep.limits.cs_speedup = wt_opt_real("cs-speedup", set[O_CS], 1, 1e9);
	if (set[O_CI])
		rep.limits.ci_speedup = wt_opt_real("ci-speedup", set[O_CI], 1, 1e9);
	if (rep.limits.ci_speedup > rep.limits.cs_speedup)
		wt_die(WT_EXIT_USAGE, "--ci-speedup must not exceed --cs-speedup");
	/* the rate in force, a multiple of 2^-24, is the one reported */
	cfg.sample = set[O_SAMPLE] ? sample_rate(set[O_SAMPLE]) : 1;
	if (set[O_FORMAT])
		json = wt_opt_choice("format", set[O_FORMAT], formats, 2);
	wt_check_outputs(args.output, set[O_STATS]);
	if (set[O_ANALYSES])
		rep.analyses = parse_analyses(set[O_ANALYSES]);
	r = wt_stage_input(&args, 0, NULL, configure_cb, &ctx);
	/* the stream's machine, for the kinds classify reads (no note for
	 * the others, which are refused below) */
	kind = wt_reader_header(r)->kind;
	views(&args, set, kind == WT_KIND_REQUEST || kind == WT_KIND_EVENT ?
	      &wt_reader_header(r)->meta : NULL, longopts, &cfg, &machine);
	run.cfg = &cfg;
	run.rep = &rep;
	wt_clsrun(&run, r);
	wt_reader_close(r);

	wt_clsrun_write(&run, args.output, json, argc, argv);
	if (set[O_STATS])
		wt_clsrun_write(&run, set[O_STATS], 1, argc, argv);
	wt_clsrun_free(&run);
	wt_machine_free(&machine);
	return WT_EXIT_OK;
}
