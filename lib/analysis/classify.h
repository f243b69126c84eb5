/*
 * classify.h - the analyses of classify(1) over a request stream: one pass
 * that feeds every request to
 *
 *   - the L1 view: per-SM caches that see the loads (a functional copy of
 *     the configured L1, the same with four times the ways, a fully
 *     associative LRU cache of the same size, and an unbounded one), with
 *     Khairy et al.'s locality category of each re-reference and Koo et
 *     al.'s load types;
 *   - the L2 view: one shared cache that sees what the configured L1 view
 *     misses and every store and atomic, bounded (split into partitions
 *     as l2sim's default is: linear interleave of 256 bytes) and
 *     unbounded;
 *   - MeDiC's warp types and the instructions' memory divergence, from the
 *     configured L1's hits and misses;
 *   - l1sim's timing model (stream scheduling) for the reservation fails
 *     and misses per kilo-instruction that the application categories use.
 *
 * The L1 view is emptied when a kernel ends, as GPUs invalidate their
 * non-coherent L1 at kernel boundaries; the L2 view keeps its contents,
 * so re-references across kernels are inter-kernel locality there.
 * The timing model, too, starts each kernel empty.
 *
 * Sampling (cfg.sample < 1).  What is kept for every line seen, and so
 * grows with the trace's lines, is the unbounded views (each line's last
 * reference at the L1 and at the L2 view) and the load types.  With a
 * rate R, only the lines that SHARDS' test puts in the sample (shards.h:
 * a hash of the line address, about R of the lines) go into those; every
 * other analysis sees every request.  Then:
 *   - a view's references and its bounded misses stay exact counts;
 *   - its first references are the sampled lines' weighted by 1/R, the
 *     other references split among the categories as the sampled
 *     re-references are, and the bounded hits as the sampled hits are
 *     (apportioned so that each row adds up to the exact references);
 *   - the load types' counts are the sampled lines' weighted by 1/R.
 * Each view says how many of its references were sampled.
 */
#ifndef WT_CLASSIFY_H
#define WT_CLASSIFY_H

#include "l1setup.h"
#include "loadtype.h"
#include "locality.h"
#include "warptype.h"

struct wt_cls_cfg {
	struct wt_l1_setup l1;		/* after wt_l1_geometry() */
	unsigned l2_size, l2_assoc;	/* the L2 view: l2_parts slices of
					   l2_size / l2_parts bytes, LRU, l1's
					   line size, linear set index */
	unsigned l2_parts;		/* interleaved every 256 bytes */
	struct wt_wt_bounds bounds;
	uint64_t window;		/* warp-type time window, cycles */
	uint32_t window_min;		/* accesses a window needs to count */
	unsigned series;		/* warps whose windows are kept for
					   the report: the most accesses */
	double sample;			/* rate of lines sampled; 0 or 1:
					   every line */
};

/* References of one view: how many, and the category of each in the
 * unbounded and in the bounded cache (WT_LOC_MISS: a miss). */
struct wt_cls_view {
	uint64_t refs;
	uint64_t unb[WT_LOC_MAX], bnd[WT_LOC_MAX];
	uint64_t sampled;	/* references to sampled lines (refs when
				   every line is) */
};

/* What one kernel showed, or several added up. */
struct wt_cls_result {
	struct wt_cls_view l1, l2;
	uint64_t loads, stores, atomics;	/* requests */
	uint64_t hits_fa, hits_4x;		/* L1 view loads that hit */
	uint64_t load_instrs;			/* warp load instructions */
	uint64_t set_fill_reqs;			/* load requests of instructions
						   that fill a set alone */
	struct wt_lt_result lt;
	uint64_t count_bnd[WT_LT_COUNT_BUCKETS];	/* Fig. 4, bounded L1 */
	struct wt_divergence div;
	struct wt_wt_census census;		/* warp types */
	/* l1sim's timing model, stream scheduling */
	uint64_t tm_loads, tm_misses, tm_instructions, tm_cycles;
	uint64_t tm_fails[WT_FAIL_MAX];
	uint64_t tm_miss_class[WT_MISS_MAX + 1];
};

struct wt_cls;

struct wt_cls *wt_cls_new(const struct wt_cls_cfg *cfg);
void wt_cls_free(struct wt_cls *c);
/* One request of kernel (ids in stream order); the last request of its
 * warp's last instruction (WT_REQ_WARP_LAST) ends the warp.  -1 for a
 * request of a warp that has ended (a stream not in each warp's order),
 * whose warp types are then not counted; 0 otherwise. */
int wt_cls_request(struct wt_cls *c, uint32_t kernel, const struct wt_request *r);
/* n of them, with the results of taking them one by one: the SMs' views
 * run on threads (par.h), then the L2 view's partitions (each in stream
 * order) and the warp types.  Returns n, or the index of the first that
 * wt_cls_request would refuse; the views have then taken all n, and c is
 * good only for wt_cls_free. */
size_t wt_cls_requests(struct wt_cls *c, uint32_t kernel,
		       const struct wt_request *r, size_t n);
/* End the kernel: its results into *res (zeroed first). */
void wt_cls_kernel_end(struct wt_cls *c, struct wt_cls_result *res);
/* The warp types: the series of the kernels ended (their census is in
 * each kernel's result). */
const struct wt_warptypes *wt_cls_warptypes(const struct wt_cls *c);

/* Add src's counts into dst (not its per-PC table). */
void wt_cls_result_add(struct wt_cls_result *dst, const struct wt_cls_result *src);
void wt_cls_result_free(struct wt_cls_result *res);
/* Hits of a view's cache: references not counted as misses. */
uint64_t wt_cls_view_hits(const uint64_t cat[WT_LOC_MAX]);

#endif
