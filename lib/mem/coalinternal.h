/*
 * coalinternal.h - what coalesce.c (the fermi and sector rules, and the
 * request records of every rule set) and gpgpucoal.c (the gpgpusim rules)
 * share.  Not for other users: coalesce.h is the interface.
 */
#ifndef WT_COALINTERNAL_H
#define WT_COALINTERNAL_H

#include "coalesce.h"

/*
 * A request as the rules find it: the fields of its record that are not
 * its instruction's (coalesce.c, emit, adds those).
 */
struct wt_touched {
	uint64_t line;		/* the line's address */
	uint64_t lanes;
	uint32_t bytes;
	uint32_t sectors;	/* those touched, whatever the rules */
};

/*
 * The segment size, 32, 64 or 128 bytes, that GPGPU-Sim's coalescer
 * starts from for w under cfg (gpgpusim rules): by w's access size, and
 * by cfg's coalescing arch, skip-L1 setting and w's cache operator.
 */
unsigned wt_gpgpusim_segment(const struct wt_coalesce_cfg *cfg,
			     const struct wt_warp *w);

/* The gpgpusim rules' own limits: NULL, or why cfg breaks them, in
 * why[whylen] (for wt_coalesce_cfg_check). */
const char *wt_gpgpusim_check(const struct wt_coalesce_cfg *cfg, char *why,
			      size_t whylen);

/* A global or local record of another op than none that the gpgpusim
 * rules cannot take: -1, with why (for wt_coalesce_valid); else 0. */
int wt_gpgpusim_valid(const struct wt_coalesce_cfg *cfg,
		      const struct wt_warp *w, char *why, size_t whylen);

/*
 * The requests of w's lanes in mask (its active lanes within its warp,
 * not 0) under the gpgpusim rules, at out[] (room for
 * WT_COALESCE_MAX_REQUESTS), in GPGPU-Sim's order; returns how many.  0
 * for a record that wt_coalesce_valid refuses under them.
 */
size_t wt_gpgpusim_coalesce(const struct wt_coalesce_cfg *cfg,
			    const struct wt_warp *w, uint64_t mask,
			    struct wt_touched *out);

#endif
