/*
 * l1stats.h - the counts in l1sim's --stats file, as JSON: an L1's (or
 * the SMs' total) requests, hits, misses and their classes, reservation
 * fails, sectors, reuse histograms and per-PC loads; and each warp's.
 */
#ifndef WT_L1STATS_H
#define WT_L1STATS_H

#include "json.h"
#include "l1model.h"
#include "l1setup.h"

struct wt_l1stage;

/* Write s's counts into the open object of j; su is the configuration
 * (what is modelled decides which counts appear); pcs: with per-PC loads. */
void wt_l1stats_json(struct wt_json *j, const struct wt_l1_setup *su,
		     const struct wt_l1_stats *s, int pcs);

/* Write s's warps as the array "warps". */
/* The "settings" member as l1sim writes it; sched: "stream", "pool" or
 * (gpusim) "closed". */
void wt_l1stats_settings_json(const struct wt_l1stage *sim, struct wt_json *j,
			      const char *sched);
void wt_l1stats_warps_json(struct wt_json *j, const struct wt_l1_stats *s);

/* Sort tot's PCs by PC and its warps by kernel and warp, as written. */
void wt_l1stats_sort(struct wt_l1_stats *tot);

#endif
