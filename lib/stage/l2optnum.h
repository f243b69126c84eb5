/*
 * l2optnum.h - the numbers of l2sim's options (set[] of stageopt.h),
 * for l2opt.c and cmd/l2sim.c.  They are not in l2opt.h, so that a
 * program that configures every stage (gpusim) includes l2opt.h beside
 * the other stages' headers, whose numbers overlap these.
 */
#ifndef WT_L2OPTNUM_H
#define WT_L2OPTNUM_H

#include "l2policy.h"

/* The options l2sim gives, by number (set[] of stageopt.h); the
 * policies' own (l2policy.h) take the numbers from O_POLOPT. */
enum {
	O_CONFIG = 256, O_PARTS, O_MAP, O_INTERLEAVE, O_SIZE, O_ASSOC, O_LINE,
	O_INDEX, O_REPL, O_WRITE, O_WALLOC, O_BANKS, O_PORTS, O_BANKQ,
	O_BANKCYC, O_TAGLAT, O_ICNT, O_MSHR, O_MERGE, O_MISSLAT, O_DISABLE,
	O_EVENTS, O_STATS, O_LEVEL, O_BATCH, O_SPILL, O_SUB, O_PIDX,
	O_SECTORED, O_MEMCPY, O_SWARPS,
	O_POLOPT,
	O_NOPTS = O_POLOPT + WT_L2_MAX_OPTIONS
};

#endif
