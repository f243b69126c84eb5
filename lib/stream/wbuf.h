/*
 * wbuf.h - one kernel's warp records, for streams whose warps were formed
 * before trace-order (trace-gen of Accel-Sim traces), held per CTA until
 * the CTA is dispatched, then ordered warp by warp.
 *
 * As with thread accesses (kbuf.h), a CTA can only be scheduled once all
 * of its records are known, and records of different warps and CTAs may
 * interleave, so a kernel is held in memory: 48 + 8 * lanes bytes per
 * record plus growth slack (buffers grow by half, from 8 records).
 */
#ifndef WT_WBUF_H
#define WT_WBUF_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

struct wt_wbuf_cta {
	unsigned char *r;	/* records, recsize bytes each */
	size_t n, cap;
};

struct wt_wbuf {
	unsigned lanes;
	size_t recsize;
	uint32_t nctas;		/* highest CTA id seen + 1 */
	struct wt_wbuf_cta *cta;
	size_t cap;
	uint64_t records;
};

void wt_wbuf_init(struct wt_wbuf *wb, unsigned lanes);
/* Add a record of the stream's lane count to its CTA. */
void wt_wbuf_add(struct wt_wbuf *wb, const struct wt_warp *w);
/*
 * Order CTA c's records by warp (the CTA's warp i has id c * wpc + i),
 * keeping each warp's order; returns wpc + 1 offsets (warp i's records
 * are [off[i], off[i+1])), to be freed by the caller.  Every record must
 * belong to the CTA: the caller checks as it adds them.
 */
uint32_t *wt_wbuf_sort_cta(struct wt_wbuf *wb, uint32_t c, unsigned wpc);
/* Record i of CTA c (after sorting). */
const struct wt_warp *wt_wbuf_rec(const struct wt_wbuf *wb, uint32_t c, size_t i);
void wt_wbuf_release_cta(struct wt_wbuf *wb, uint32_t c);
void wt_wbuf_free(struct wt_wbuf *wb);

#endif
