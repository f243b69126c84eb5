/*
 * dramstage.h - dramsim's engine behind the stage loop (stage.h): the
 * DRAM channels of dram.h fed with the cache events of l1sim or l2sim,
 * their requests waiting for room in the queues (on a file past
 * --spill), the requests done written in completion order, and the warp
 * instructions' stalls.  wt_dramstage_options (dramopt.h) fills the
 * configuration (cfg, map, clk and the options below) from dramsim's
 * command line, wt_dramstage_sizes from its input's header
 * (wt_dramstage_configure does both for a program that configures its
 * DRAM from an option string), then wt_dramstage_start; the loop
 * runs it through wt_dramstage_ops; wt_dramstage_stats writes --stats
 * (dramstats.c).
 */
#ifndef WT_DRAMSTAGE_H
#define WT_DRAMSTAGE_H

#include <stdint.h>
#include <stdio.h>

#include "dram.h"
#include "dramsched.h"
#include "machine.h"
#include "stage.h"

struct wt_dram_work;		/* a channel and its requests */
struct wt_dram_waiter;		/* an open warp instruction */
struct wt_u64map;
struct wt_warpix;

struct wt_dramstage {
	/* The configuration, set before wt_dramstage_start. */
	struct wt_dram_cfg cfg;
	struct wt_dram_map map;
	struct wt_dram_clock clk;
	const char *arch;
	struct wt_machine machine;
	unsigned latency_in;
	size_t batch;		/* --batch: events read before a run */
	unsigned line;		/* bytes of a request without sectors */
	unsigned sector;
	uint64_t spill;		/* --spill: bytes of waiting requests kept
				   in memory */
	int early;		/* close instructions before the end (with
				   batches) */
	int no_stall_stats;	/* follow no warp instructions (wait_read):
				   their stalls show only in the stats */
	void *sched;		/* cfg.sched's state (dramhook.h), or NULL */
	struct wt_meta meta;	/* the output header's, for the stats */

	/* The run. */
	struct wt_stage *st;
	struct wt_dram_work *cw;	/* per channel */
	uint64_t ignored;
	/* Warp instructions wait for their slowest load: the latency from
	 * the L2 on of each load of this kernel (an L2 hit's own, a miss's
	 * L2 time plus its DRAM round trip), by warp and instruction.  The
	 * open ones (see wait_read), where they stay until they close; the
	 * requests know theirs. */
	struct wt_dram_waiter *wait;
	size_t nwait, capwait;
	uint32_t *freed;		/* free slots of wait */
	size_t nfreed, capfreed;
	struct wt_warpix *newest;	/* warp -> index + 1 of its newest */
	struct wt_u64map *older;	/* key -> index + 1 of the others */
	FILE *closed;		/* this kernel's closed: struct closed */
	uint64_t nclosed, nlate;
	uint64_t stall, ninstr;	/* the sum of each instruction's largest */
	/* Decoded addresses (locate in dramstage.c), with a mapping string
	 * whose decoding allows it: NULL otherwise. */
	struct wt_dram_where *where;
	unsigned where_bit;	/* wt_dram_map_low_bit */
};

/* The stage's operations: the input is events (level 1 or 2). */
extern const struct wt_stage_ops wt_dramstage_ops;

/*
 * What no machine sets: 1 rank, and for a mapping without a mask 8192
 * rows of 256 columns; the rest a GTX 480's, overwritten by the machine
 * and the options.  Clocks in MHz.
 */
void wt_dramstage_base(struct wt_dramstage *d, unsigned *dram_mhz,
		       unsigned *core_mhz);
/* --sched=name (NULL: the default), and the schedulers' options, which
 * opt gives by name (dramsched.h); a usage error for a name not known. */
void wt_dramstage_sched(struct wt_dramstage *d, const char *name,
			wt_dram_opt_fn opt, const void *ctx);
/* The run has ended: the scheduler's note, if it has one. */
void wt_dramstage_finish(struct wt_dramstage *d);
/* The sizes of the requests, from the input's header (line, sector). */
void wt_dramstage_sizes(struct wt_dramstage *d, const struct wt_meta *m);
/* Make the channels, for the stage st (whose model d becomes, with
 * d->batch its --batch). */
void wt_dramstage_start(struct wt_dramstage *d, struct wt_stage *st);
/* --stats: the settings, the totals and each channel's, as JSON. */
void wt_dramstage_stats(struct wt_dramstage *d, const char *path, int argc,
			char **argv);
/* The pieces of --stats, for gpusim's: s's counts (of nchan channels,
 * ignored events not for the DRAM; total: the run's, with the
 * scheduler's own) into the open object of j, the member "banks" of
 * channel ch, and the member "settings". */
struct wt_json;
void wt_dramstats_json(struct wt_dramstage *d, struct wt_json *j,
		       const struct wt_dram_stats *s, uint64_t ignored,
		       unsigned nchan, int total);
void wt_dramstats_banks_json(struct wt_dramstage *d, struct wt_json *j,
			     const struct wt_dram_chan *ch);
void wt_dramstats_settings_json(struct wt_dramstage *d, struct wt_json *j);
/* Channel i's model, and the events it ignored (hits and the like). */
const struct wt_dram_chan *wt_dramstage_chan(const struct wt_dramstage *d, unsigned i);
uint64_t wt_dramstage_ignored(const struct wt_dramstage *d, unsigned i);
void wt_dramstage_free(struct wt_dramstage *d);

#endif
