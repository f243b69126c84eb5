/*
 * l2sim - the shared L2, split into memory partitions with ports, banks
 * and request queues: L1 events in, L2 outcomes out (the misses and write
 * traffic that go on to DRAM), with hit ratios per partition, PC, warp
 * and warp instruction, queueing delays and the inter-bank divergence
 * penalty (Ausavarungnirun et al.).  The engine is lib/stage/l2stage.c's,
 * run by the stage loop (stage.h); the options, their --help and the
 * configuration they make are lib/stage/l2opt.c's (which gpusim's --l2
 * shares).
 */
#include "l2opt.h"
#include "l2optnum.h"
#include "output.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <string.h>

/* The engine and the stage loop that runs it. */
static struct wt_l2stage Sim;
static struct wt_stage S;

/* configure as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	wt_l2stage_options(&Sim, c->args, c->set, stream);
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
	wt_stage_parse(argc, argv, "l2sim", wt_l2opt_usage(), wt_l2opt_longopts(),
		       O_CONFIG, O_NOPTS, set, &args);
	output = args.output;
	wt_machine_init(&Sim.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	S.r = wt_stage_input(&args, WT_KIND_EVENT, "run l1sim first", configure_cb, &cmd);
	wt_l2stage_upstream(&Sim, &wt_reader_header(S.r)->meta, wt_reader_name(S.r));
	Sim.is.no_warp_stats = !stats || Sim.no_warp_table;	/* only --stats shows them */
	Sim.cfg.no_queue_stats = !stats;			/* these too */
	Sim.cfg.no_outcomes = !stats;	/* nor the warp instructions' and PCs' */
	wt_l2stage_start(&Sim, &S);

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(S.r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&Sim.machine, &h.meta);
	wt_meta_set(&h.meta, "l2_partitions", wt_snprintf(err, sizeof(err), "%u",
							  Sim.map.n));
	if (Sim.map.sub > 1)
		wt_meta_set(&h.meta, "l2_sub_partitions",
			    wt_snprintf(err, sizeof(err), "%u", Sim.map.sub));
	wt_meta_set(&h.meta, "l2_map", Sim.map.name);
	wt_meta_set(&h.meta, "l2_size", wt_snprintf(err, sizeof(err), "%llu",
						    (unsigned long long)Sim.size));
	wt_meta_set(&h.meta, "l2_line", wt_snprintf(err, sizeof(err), "%u",
						    Sim.cfg.geom.line));
	wt_meta_set(&h.meta, "l2_mode", Sim.cfg.disabled ? "disabled" :
		    Sim.cfg.write_back ? "write-back" : "write-through");
	if (Sim.cfg.sectored && !Sim.cfg.disabled) {	/* its events' masks */
		wt_meta_set(&h.meta, "l2_sectored", "yes");
		wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
								Sim.cfg.sector));
	}
	S.w = wt_output_open(output, &h, level);
	wt_meta_init(&Sim.meta);
	wt_meta_copy(&Sim.meta, &h.meta);
	wt_header_free(&h);

	wt_stage_loop(&S);
	wt_reader_close(S.r);
	wt_output_close();
	if (stats)
		wt_l2stage_stats(&Sim, stats, argc, argv);
	wt_l2stage_free(&Sim);
	return WT_EXIT_OK;
}
