/*
 * l2opt.h - l2sim's options, parsed into the engine's configuration
 * (l2stage.h): the machine's defaults already filled in by stageopt.h,
 * then --config, then the others.  The numbers are cmd/l2sim.c's table.
 */
#ifndef WT_L2OPT_H
#define WT_L2OPT_H

#include "l2stage.h"

/* The options l2sim gives, by number (set[] of stageopt.h); the
 * policies' own (l2policy.h) take the numbers from O_POLOPT. */
enum {
	O_CONFIG = 256, O_PARTS, O_MAP, O_INTERLEAVE, O_SIZE, O_ASSOC, O_LINE,
	O_INDEX, O_REPL, O_WRITE, O_WALLOC, O_BANKS, O_PORTS, O_BANKQ,
	O_BANKCYC, O_TAGLAT, O_ICNT, O_MSHR, O_MERGE, O_MISSLAT, O_DISABLE,
	O_EVENTS, O_STATS, O_LEVEL, O_BATCH, O_SPILL, O_SUB, O_PIDX,
	O_SECTORED, O_MEMCPY,
	O_POLOPT,
	O_NOPTS = O_POLOPT + WT_L2_MAX_OPTIONS
};

/* The configuration: what no machine sets, then --config, then the
 * other options (set[], with the machine's defaults filled in; lo:
 * l2sim's getopt table), checked together; a usage error where they do
 * not fit (l2opt.c). */
void wt_l2stage_options(struct wt_l2stage *sim, const char **set,
			const struct option *lo);
#endif
