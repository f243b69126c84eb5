/*
 * l1sim - the per-SM L1 data caches: requests in, L1 outcomes out (the
 * misses, bypasses and write traffic that go on to L2), with hit and miss
 * statistics, miss classes, reservation fails and reuse distances.  The
 * engine is lib/stage/l1stage.c, run by the stage loop (stage.h); its
 * options, their --help and the configuration they make are l1opt.c's
 * (which gpusim's --l1 shares), its --stats written by l1stats.c.
 */
#include "l1opt.h"
#include "l1optnum.h"
#include "l1stage.h"
#include "output.h"
#include "stage.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

/* The engine and the stage loop that runs it. */
static struct wt_l1stage Sim;
static struct wt_stage S;

/* The configuration, as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	wt_l1stage_options(&Sim, c->args, c->set, stream);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
	struct wt_header h;
	int level;

	wt_set_progname(argv[0]);
	wt_big_blocks_mapped();
	wt_stage_parse(argc, argv, "l1sim", wt_l1opt_usage(), wt_l1opt_longopts(),
		       O_SIZE, O_NOPTS, set, &args);
	output = args.output;
	wt_machine_init(&Sim.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	/* The configuration is made here (configure_cb: the preset clears
	 * it); what only --stats shows is then not kept. */
	S.r = wt_stage_input(&args, WT_KIND_REQUEST, "run coalesce first",
			     configure_cb, &cmd);
	Sim.su.cfg.no_warp_stats = Sim.su.cfg.no_pc_stats = !stats;
	/* The reuse-distance histograms show in the statistics alone, and
	 * the miss classes are exact without them: with no --stats, the
	 * engines that make them are not run (the same events, about a
	 * seventh fewer instructions a request). */
	if (!stats)
		Sim.su.cfg.reuse = WT_L1_REUSE_OFF;
	wt_l1stage_upstream(&Sim, &wt_reader_header(S.r)->meta, wt_reader_sms(S.r));

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(S.r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_l1stage_header(&Sim, &h.meta);
	S.w = wt_output_open(output, &h, level);
	wt_meta_init(&Sim.meta);
	wt_meta_copy(&Sim.meta, &h.meta);
	wt_header_free(&h);

	wt_l1stage_start(&Sim, &S);
	wt_stage_loop(&S);
	wt_l1stage_finish(&Sim);
	wt_reader_close(S.r);
	wt_output_close();
	if (stats)
		wt_l1stage_stats(&Sim, stats, argc, argv);
	wt_l1stage_free(&Sim);
	return WT_EXIT_OK;
}
