/*
 * l2stage.h - l2sim's engine behind the stage loop (stage.h): the L1
 * events bucketed by memory partition (partition.h), the partitions' L2
 * models (l2model.h) run batch by batch, alone in parallel or together
 * in arrival order where a policy shares state between them, their
 * events merged in time order up to the horizon (later ones waiting on a
 * file past --spill), the copies before a kernel warming the L2, and the
 * warp instructions' outcomes.  cmd/l2sim.c fills the configuration
 * (wt_l2stage_options, l2opt.h), then wt_l2stage_upstream (both in one,
 * wt_l2stage_configure, for a program that configures its L2 from an
 * option string) and wt_l2stage_start; the loop runs it through its
 * ops; wt_l2stage_stats writes --stats (l2stats.c).
 */
#ifndef WT_L2STAGE_H
#define WT_L2STAGE_H

#include <stddef.h>
#include <stdint.h>

#include "l2instr.h"
#include "l2model.h"
#include "l2policy.h"
#include "machine.h"
#include "partition.h"
#include "stage.h"

struct wt_l2_bucket;		/* a partition and its requests, events */

/* --memcpy: what the copies before a kernel do. */
enum memcpy_mode { MEMCPY_IGNORE, MEMCPY_WARM, MEMCPY_WARM_FULL };

struct wt_l2stage {
	/* The configuration (l2opt.c). */
	struct wt_l2_cfg cfg;
	struct wt_l2pol_cfg pol;	/* the policies' options (l2policy.h) */
	enum memcpy_mode memcpy;
	struct wt_pmap map;
	unsigned nparts, icnt;
	uint64_t size, interleave;
	const char *arch, *index, *mapspec;
	struct wt_machine machine;
	size_t batch;		/* --batch: requests held before a run */
	int no_warp_table;	/* --stats-warps=no: no warps in the stats */
	uint64_t spill;		/* --spill: bytes of events waiting in
				   memory before some go to a file */
	struct wt_meta meta;	/* the output header's, for the stats */

	/* The run. */
	struct wt_stage *st;
	struct wt_l2_bucket *b;	/* per partition */
	uint64_t not_for_l2;
	struct wt_pmap_memo *memo;	/* the events' places (partition.h) */
	struct wt_l2_instr_stats is;
	struct wt_l2pols *pols;		/* the policies pol turns on */
	int shared;		/* partitions share state: run in arrival order */
};

/* What the L1 events are made of, from the input's header m (its
 * sector_size, l1_sectored, l1_line); a data error naming name (the
 * input's) where a sectored L2's lines are shorter than the L1's. */
void wt_l2stage_upstream(struct wt_l2stage *sim, const struct wt_meta *m,
			 const char *name);
/* Make the partitions and the policies' shared state, for the stage st
 * (whose model sim becomes).  A usage error where the L2 cannot be. */
void wt_l2stage_start(struct wt_l2stage *sim, struct wt_stage *st);
/* --stats: settings, totals, each partition's, the instructions'. */
void wt_l2stage_stats(struct wt_l2stage *sim, const char *path, int argc,
		      char **argv);
/* The pieces of --stats, for gpusim's: s's counts into the open object
 * of j, and the member "settings" (sim's configuration). */
struct wt_json;
void wt_l2stats_json(struct wt_l2stage *sim, struct wt_json *j,
		     const struct wt_l2_stats *s);
void wt_l2stats_settings_json(struct wt_l2stage *sim, struct wt_json *j);
/* A log2 histogram's "mean", "max" and "histogram" ([from, to, count]
 * of each bin that is not empty) into the open object of j. */
void wt_l2stats_hist_json(struct wt_json *j, const struct wt_l2_hist *h);
/* Partition p's model. */
const struct wt_l2 *wt_l2stage_part(const struct wt_l2stage *sim, unsigned p);
void wt_l2stage_free(struct wt_l2stage *sim);

#endif
