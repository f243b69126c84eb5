/*
 * l1opt.h - l1sim's options, parsed into the engine's configuration
 * (l1stage.h): the machine's L1 for every option the command line does
 * not give, the preset, then --config, then the others.  The numbers are
 * cmd/l1sim.c's table.
 */
#ifndef WT_L1OPT_H
#define WT_L1OPT_H

#include "l1stage.h"
#include "stageopt.h"

/* The options l1sim gives, by number (set[] of stageopt.h); the
 * policies' own options (l1policy.h) take the numbers from O_POLOPT. */
enum {
	O_SIZE = 256, O_ASSOC, O_LINE, O_INDEX, O_REPL, O_INSERT, O_WRITE,
	O_WALLOC, O_ALLOC, O_MSHR, O_MERGE, O_PERWARP, O_MISSQ, O_HITLAT,
	O_MISSLAT, O_SIGMA, O_SEED, O_MODE, O_EVENTS, O_SCHED, O_STATS,
	O_LEVEL, O_CONFIG, O_CTAS, O_REFILL, O_WDELAY, O_ICOUNT, O_POLICY,
	O_WLIMIT, O_SCHEDS, O_MAXW, O_REUSE, O_BATCH, O_SECTORED, O_SKIPG,
	O_COPS, O_FLUSH, O_UNIFIED, O_SHOPTS, O_MSHRCHK, O_PENDING, O_RORDER,
	O_EXITSLOT, O_STORES,
	O_POLOPT,
	O_NOPTS = O_POLOPT + WT_L1_MAX_OPTIONS
};

/*
 * The configuration: the machine's L1 (stageopt.h) for every option the
 * command line does not give (explicit[]), then the options, checked
 * together; a usage error where they do not fit.  The requests' line
 * size is a fact of the stream (coalesce's line_size): an L1 line given
 * otherwise is a usage error unless --override, and the machine's gives
 * way to it.  stream: the input's metadata, or NULL before it is read;
 * lopts: l1sim's getopt table.
 */
void wt_l1stage_options(struct wt_l1stage *sim, const struct wt_stage_args *a,
			const char *const *explicit, const struct wt_meta *stream,
			const struct option *lopts);

#endif
