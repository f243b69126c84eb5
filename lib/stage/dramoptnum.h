/*
 * dramoptnum.h - the numbers of dramsim's options (set[] of
 * stageopt.h), for dramopt.c and cmd/dramsim.c.  They are not in
 * dramopt.h, so that a program that configures every stage (gpusim)
 * includes dramopt.h beside the other stages' headers, whose numbers
 * overlap these.
 */
#ifndef WT_DRAMOPTNUM_H
#define WT_DRAMOPTNUM_H

#include "dramsched.h"

/* The options dramsim gives, by number (set[] of stageopt.h); the
 * schedulers' own (dramsched.h) take the numbers from O_POLOPT. */
enum {
	O_CHANNELS = 256, O_RANKS, O_BANKS, O_ROWS, O_COLUMNS, O_MAP, O_INTERLEAVE,
	O_TCL, O_TRP, O_TRC, O_TRAS, O_TRCD, O_TRRD, O_TWR, O_TWL, O_TCCD,
	O_BURST, O_BUSW, O_RATE, O_CLOCK, O_CORE, O_LATIN, O_QUEUE, O_SCHED,
	O_BATCH, O_SPILL, O_STATS, O_LEVEL, O_SUB, O_PIDX,
	O_POLOPT,
	O_NOPTS = O_POLOPT + WT_DRAM_MAX_OPTIONS
};

#endif
