/*
 * l1optnum.h - the numbers of l1sim's options (set[] of stageopt.h),
 * for l1opt.c and cmd/l1sim.c.  They are not in l1opt.h, so that a
 * program that configures every stage (gpusim) includes l1opt.h beside
 * the other stages' headers, whose numbers overlap these.
 */
#ifndef WT_L1OPTNUM_H
#define WT_L1OPTNUM_H

#include "l1policy.h"

/* The options l1sim gives, by number (set[] of stageopt.h); the
 * policies' own options (l1policy.h) take the numbers from O_POLOPT. */
enum {
	O_SIZE = 256, O_ASSOC, O_LINE, O_INDEX, O_REPL, O_INSERT, O_WRITE,
	O_WALLOC, O_ALLOC, O_MSHR, O_MERGE, O_PERWARP, O_MISSQ, O_HITLAT,
	O_MISSLAT, O_SIGMA, O_SEED, O_MODE, O_EVENTS, O_SCHED, O_STATS,
	O_LEVEL, O_CONFIG, O_CTAS, O_REFILL, O_WDELAY, O_ICOUNT, O_POLICY,
	O_WLIMIT, O_SCHEDS, O_MAXW, O_REUSE, O_BATCH, O_SECTORED, O_SKIPG,
	O_COPS, O_FLUSH, O_UNIFIED, O_SHOPTS, O_MSHRCHK, O_PENDING, O_RORDER,
	O_EXITSLOT, O_STORES, O_SWARPS,
	O_POLOPT,
	O_NOPTS = O_POLOPT + WT_L1_MAX_OPTIONS
};

#endif
