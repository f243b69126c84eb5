/*
 * dramsim - the DRAM behind the caches: cache events in (the misses,
 * bypasses and write traffic of l1sim or l2sim), one event out for every
 * DRAM request served, with row-buffer, latency, queue and bandwidth
 * statistics.  The model is lib/mem/dram.c's (see dram.h), run by the stage
 * loop (stage.h) through lib/stage/dramstage.c; the options, their --help
 * and the configuration they make are lib/stage/dramopt.c's (which
 * gpusim's --dram shares).
 */
#include "dramopt.h"
#include "dramoptnum.h"
#include "dramstage.h"
#include "output.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

/* The model and the stage loop that runs it. */
static struct wt_dramstage D;
static struct wt_stage S;

/* The configuration, as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	wt_dramstage_options(&D, c->args, c->set, stream);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
	struct wt_header h;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "dramsim", wt_dramopt_usage(),
		       wt_dramopt_longopts(), O_CHANNELS, O_NOPTS, set, &args);
	output = args.output;
	wt_machine_init(&D.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	S.r = wt_stage_input(&args, WT_KIND_EVENT, "run l1sim or l2sim first",
			     configure_cb, &cmd);
	wt_dramstage_sizes(&D, &wt_reader_header(S.r)->meta);
	D.no_stall_stats = D.cfg.no_lat_stats = !stats;	/* only --stats shows them */
	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(S.r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&D.machine, &h.meta);
	wt_meta_set(&h.meta, "dram_channels",
		    wt_snprintf(err, sizeof(err), "%u", D.cfg.channels));
	wt_meta_set(&h.meta, "dram_sched", D.cfg.sched->name);
	S.w = wt_output_open(output, &h, level);
	wt_meta_init(&D.meta);
	wt_meta_copy(&D.meta, &h.meta);
	wt_header_free(&h);

	wt_dramstage_start(&D, &S);
	wt_stage_loop(&S);
	wt_dramstage_finish(&D);
	wt_reader_close(S.r);
	wt_output_close();
	if (stats)
		wt_dramstage_stats(&D, stats, argc, argv);
	wt_dramstage_free(&D);
	return WT_EXIT_OK;
}
