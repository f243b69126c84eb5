/*
 * medic.h - MeDiC's warp-type identification at the L2 (Ausavarungnirun
 * et al., section 4.1), the state behind its bypassing (WByp, 4.2),
 * insertion (WIP, 4.3) and memory scheduling (WMS, 4.4).
 *
 * Each warp has two counters, hits and accesses, of its L2 lookups.  They
 * are reset every `reset` cycles (100 000): the cycles are cut into
 * epochs, and a warp's first lookup in a new epoch starts from zero.
 * After a reset the warp is profiled for its first `profile` (30)
 * lookups, during which it is never bypassed; at the end of profiling its
 * type is set from its hit ratio (warptype.h) and kept until the next
 * reset.  Before its first profiling ends a warp has no type.
 *
 * The boundary between mostly-miss and balanced starts at 20 % and is
 * tuned at each epoch from the L2 miss rate of the epoch just ended: it is
 * lowered by `step` (5 %) for every `step` of miss rate above the miss
 * rate of the first complete epoch, and never below 0 (footnote 3: "we
 * reduce the threshold ... by 5% for every 5% increase in cache miss
 * rate").  A miss rate at or below the first epoch's restores 20 %.
 *
 * One instance serves every L2 partition: a warp's counters take its
 * lookups in all slices, in arrival order (a reading: the paper keeps the
 * counters in "the metadata stored for each warp", one set per warp).
 * Counted per slice, a warp would seldom finish its 30-lookup profiling
 * on short kernels.
 */
#ifndef WT_MEDIC_H
#define WT_MEDIC_H

#include <stdint.h>

#include "warptype.h"

struct wt_medic_cfg {
	uint64_t reset;		/* cycles between resets; 100000 */
	uint32_t profile;	/* lookups profiled after a reset; 30 */
	struct wt_wt_bounds bounds;	/* 70 %, 20 % (ppm) */
	uint32_t step;		/* boundary tuning step, ppm; 50000; 0: off */
};

struct wt_medic_warp {
	uint64_t epoch;		/* of the counters */
	uint32_t hits, accesses;
	uint8_t type;		/* enum wt_wtype; WT_WT_MAX: none yet */
};

struct wt_medic {
	struct wt_medic_cfg cfg;
	struct wt_u64map *ix;	/* warp key -> index + 1 */
	struct wt_medic_warp *w;
	size_t n, cap;
	uint64_t epoch;		/* of the miss-rate counts below */
	uint64_t ep_hits, ep_lookups;
	int have_ref;
	uint32_t ref_miss;	/* ppm: the first complete epoch's miss rate */
	uint32_t mostly_miss;	/* the boundary now, ppm */
};

void wt_medic_default(struct wt_medic_cfg *c);
/* The options --medic-reset=N (cycles, 0: never), --medic-profile=N
 * (lookups, 1 or more) and --medic-step=P (percent, 0: no tuning), each
 * applied when not NULL; a usage error otherwise. */
void wt_medic_options(struct wt_medic_cfg *c, const char *reset,
		      const char *profile, const char *step);
void wt_medic_init(struct wt_medic *m, const struct wt_medic_cfg *c);
void wt_medic_free(struct wt_medic *m);
/* A warp's key: kernel << 32 | warp id. */
static inline uint64_t wt_medic_key(uint32_t kernel, uint32_t warp)
{
	return (uint64_t)kernel << 32 | warp;
}
/*
 * The type of the warp at cycle t (opening a new epoch if t is in one),
 * WT_WT_MAX if it has none yet; *profiling says whether it is being
 * profiled (and so must not be bypassed).
 */
enum wt_wtype wt_medic_type(struct wt_medic *m, uint64_t key, uint64_t t,
			    int *profiling);
/* A lookup by the warp at cycle t, a hit or not. */
void wt_medic_lookup(struct wt_medic *m, uint64_t key, uint64_t t, int hit);
/* The kernel has ended: its warps (or PCs), whose keys no later kernel
 * has, are forgotten, so that memory follows one kernel's warps, not the
 * trace's.  The epoch and the boundary's tuning go on. */
void wt_medic_kernel_end(struct wt_medic *m);

#endif
