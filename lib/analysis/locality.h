/*
 * locality.h - the data-locality categories of Khairy et al. (GPGPU-8
 * 2015, section 3.1): which relation links a re-reference of a cache line
 * to the reference before it.
 *
 * A reference is one memory request (a line, after coalescing) of one warp
 * instruction; it serves the threads in its lane mask.  A re-reference is
 * classified against the most recent earlier reference to the same line in
 * the same cache (for a per-SM L1, the same SM), by the first rule that
 * holds:
 *
 *   inter-kernel   the earlier reference was made by another kernel
 *   intra-thread   same warp, and a thread of this request made it
 *   inter-thread   same warp, other threads only
 *   intra-block    another warp of the same CTA
 *   intra-core     a warp of another CTA on the same SM
 *   inter-core     a warp of another CTA on another SM (only a shared
 *                  cache, the L2, can see it)
 *
 * Intra-thread and inter-thread together are Khairy's intra-warp locality.
 */
#ifndef WT_LOCALITY_H
#define WT_LOCALITY_H

#include <stdint.h>

enum wt_loc {
	WT_LOC_MISS,		/* not a re-reference, or not kept by the cache */
	WT_LOC_INTRA_THREAD,
	WT_LOC_INTER_THREAD,
	WT_LOC_INTRA_BLOCK,
	WT_LOC_INTRA_CORE,
	WT_LOC_INTER_CORE,
	WT_LOC_INTER_KERNEL,
	WT_LOC_MAX
};

/* Who made a reference. */
struct wt_ref {
	uint64_t lanes;		/* threads of the warp it served */
	uint32_t kernel, cta, warp;
	uint16_t sm;
};

/* The category of reference cur, given the line's previous reference
 * prev; prev NULL (a first reference) gives WT_LOC_MISS. */
enum wt_loc wt_loc_relation(const struct wt_ref *prev, const struct wt_ref *cur);

/* "miss", "intra-thread", ..., "inter-kernel". */
const char *wt_loc_name(unsigned loc);

#endif
