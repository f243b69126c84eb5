/*
 * appcat.h - application categories: Khairy et al.'s (GPGPU-8 2015,
 * section 3.2) and Koo et al.'s cache sensitivity (ISCA 2017, section 3).
 *
 * Khairy et al. sort kernels by how their L1 behaves when bounded (the
 * configured cache), unbounded (cold misses only) and bypassed.  With the
 * L1 miss rates of loads
 *
 *   mb  the configured cache         mu  an unbounded cache
 *   mf  a fully associative LRU cache of the same size
 *
 * the rules, applied in order, are
 *
 *   streaming             mu >= streaming (0.90): the data is hardly
 *                         reused at all, so caching cannot beat bypassing
 *   cache-friendly        mb - mu <= friendly (0.10): the bounded cache
 *                         keeps nearly all the reuse there is
 *   conflict-contention   otherwise, when set conflicts are at least
 *                         conflict (0.50) of the problem: either the
 *                         misses lost to conflicts between warps, mb - mf,
 *                         are that share of the lost reuse
 *                         (mb - mf) + (mf - mu), or that fraction of the
 *                         loads come from warp instructions that put
 *                         max(2, assoc) or more distinct lines of their
 *                         own into one set
 *                         (intra-warp conflicts, which a fully
 *                         associative cache of the same size would not
 *                         have); higher associativity or a better index
 *                         would help
 *   thrashing-contention  otherwise: the lost reuse is capacity, which
 *                         only a larger cache (or fewer warps) recovers
 *
 * A contention kernel also has the other trait when its measure is at
 * least also (0.25): Khairy et al.'s SYRK and GESUMMV have both.  Misses
 * per kilo-instruction (MPKI) at or above mpki (10) mark thrashing as
 * Khairy et al.'s Figure 4b does; the reservation-fail profile is
 * reported beside them.
 *
 * Koo et al. call a kernel cache sensitive when four times the cache
 * speeds it up by 1.5x or more, insensitive below 1.1x.  Without a
 * timing model of the whole GPU, the speedup estimated here is that of a
 * memory-bound kernel, the ratio of average L1 access times
 *
 *   (hit + mb * miss) / (hit + m4 * miss)
 *
 * where m4 is the miss rate with four times the ways (four times the
 * capacity, same sets and index) and hit and miss are the L1 latencies.
 */
#ifndef WT_APPCAT_H
#define WT_APPCAT_H

#include <stdint.h>

enum wt_cat {
	WT_CAT_NONE,		/* no loads */
	WT_CAT_STREAMING,
	WT_CAT_FRIENDLY,
	WT_CAT_CONFLICT,
	WT_CAT_THRASHING,
	WT_CAT_MAX
};

enum wt_sens { WT_SENS_NONE, WT_SENS_CS, WT_SENS_CM, WT_SENS_CI, WT_SENS_MAX };

struct wt_cat_limits {
	double streaming, friendly, conflict, also, mpki;
	double cs_speedup, ci_speedup;
};

/* The defaults above. */
void wt_cat_limits_default(struct wt_cat_limits *l);

struct wt_cat_input {
	uint64_t loads;			/* L1 view loads */
	uint64_t hits_b, hits_u, hits_fa, hits_4x;
	uint64_t set_fill_reqs;		/* loads of set-filling instructions */
	uint64_t misses, instructions;	/* timing model, for MPKI */
	unsigned hit_latency, miss_latency;
};

struct wt_cat_result {
	enum wt_cat cat;
	int also;			/* conflict or thrashing: has the other too */
	double mb, mu, mf, m4;		/* miss rates */
	double conflict_share, capacity_share;	/* of the lost reuse */
	double intra_conflict;		/* loads of set-filling instructions,
					   as a fraction of loads */
	double mpki;			/* -1 without instructions */
	uint64_t instructions;		/* the warp instructions it is over */
	double speedup4x;
	enum wt_sens sens;
};

void wt_cat_decide(const struct wt_cat_input *in, const struct wt_cat_limits *l,
		   struct wt_cat_result *out);
const char *wt_cat_name(unsigned c);
/* "sensitive", "moderate", "insensitive". */
const char *wt_sens_name(unsigned s);

#endif
