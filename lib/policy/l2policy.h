/*
 * l2policy.h - the L2 policies MeDiC is compared with (Ausavarungnirun et
 * al., section 5, "Comparisons"), as l2sim options:
 *
 *   Rand     a fraction of the warps, drawn again every `period` cycles
 *            (100 000), bypass the L2 with their loads; a warp is drawn
 *            when hash(seed, kernel, warp, period number) falls below the
 *            fraction, so the draw is the same in every run.
 *   PC-Byp   MeDiC's identification (medic.h) keyed by the load's PC
 *            instead of its warp: loads of a mostly-miss or all-miss PC
 *            bypass.
 *   EAF      the Evicted-Address Filter (Seshadri et al., PACT 2012): the
 *            addresses the L2 evicts go into a Bloom filter of 8 bits per
 *            line of the partition, with two hash functions, cleared once
 *            it has taken as many addresses as the partition has lines; a
 *            missing line found in the filter (evicted too early) goes in
 *            at MRU, any other at LRU.
 *   PCAL     token-based allocation (Li et al., HPCA 2015) applied at the
 *            L2: each period has `tokens` tokens; they go first to the
 *            warps that used the L2 in the period before, the most recent
 *            first, then to warps in the order they come; a miss of a warp
 *            without a token does not allocate its line.
 */
#ifndef WT_L2POLICY_H
#define WT_L2POLICY_H

#include <stddef.h>
#include <stdint.h>

/* Rand: whether warp key bypasses in the period of cycle t. */
int wt_rand_bypass(uint64_t seed, double fraction, uint64_t period, uint64_t key,
		   uint64_t t);

/* EAF, one per partition. */
struct wt_eaf {
	uint64_t *bits;
	uint64_t nbits, inserted, capacity;
};
void wt_eaf_init(struct wt_eaf *f, uint64_t lines);
void wt_eaf_free(struct wt_eaf *f);
void wt_eaf_evicted(struct wt_eaf *f, uint64_t line);
int wt_eaf_test(const struct wt_eaf *f, uint64_t line);

/* PCAL, shared by the partitions. */
struct wt_pcal {
	unsigned tokens;		/* per period */
	uint64_t period, epoch;
	struct wt_u64map *ix;		/* warp key -> index + 1 */
	struct pcal_warp *w;
	size_t n, cap;
	unsigned granted;		/* tokens given out this period */
};
void wt_pcal_init(struct wt_pcal *p, unsigned tokens, uint64_t period);
void wt_pcal_free(struct wt_pcal *p);
/* A kernel ended: its warps give their tokens back and are forgotten
 * (warp keys name the kernel, so they never ask again), so that the next
 * period's tokens go to the warps of the kernel under way only. */
void wt_pcal_kernel_end(struct wt_pcal *p);
/* Whether warp key holds a token at cycle t (asking for one if it has
 * none and some are left); its use of the L2 is noted. */
int wt_pcal_token(struct wt_pcal *p, uint64_t key, uint64_t t);

#endif
