/*
 * kbuf.h - one kernel's thread accesses, held per CTA until the CTA is
 * dispatched, then ordered thread by thread.
 *
 * trace-order needs every access of a CTA before it can form its warps
 * (dumps interleave a CTA's threads in any order): 24 bytes per access
 * plus growth slack (buffers grow by half, from 8 accesses), and 24
 * bytes per CTA id for the table.  Dumps are usually written CTA by CTA,
 * and CTAs are dispatched in id order: then trace-order reads a CTA only
 * as it is dispatched and releases it when it ends, so a kbuf holds the
 * CTAs resident on the SMs and the one being read.  Dumps whose CTA ids
 * go back down (any order is allowed) are held whole, a kernel at a time.
 */
#ifndef WT_KBUF_H
#define WT_KBUF_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

struct wt_kbuf_cta {
	struct wt_access *a;
	size_t n, cap;
};

struct wt_kbuf {
	uint32_t block_threads;
	uint32_t nctas;		/* highest CTA id seen + 1 */
	struct wt_kbuf_cta *cta;
	size_t cap;
	uint64_t accesses;
	uint32_t max_thread;
};

void wt_kbuf_init(struct wt_kbuf *kb, uint32_t block_threads);
void wt_kbuf_add(struct wt_kbuf *kb, const struct wt_access *a);
/* Count an access that will not be held, only for max_thread: the rest
 * of a kernel that has failed, read for the error message. */
void wt_kbuf_skip(struct wt_kbuf *kb, const struct wt_access *a);
/*
 * Order CTA c's accesses by thread within the CTA, keeping each thread's
 * program order; returns block_threads + 1 offsets (thread t's accesses
 * are [off[t], off[t+1])), to be freed by the caller.
 */
uint32_t *wt_kbuf_sort_cta(struct wt_kbuf *kb, uint32_t c);
const struct wt_access *wt_kbuf_cta(const struct wt_kbuf *kb, uint32_t c);
void wt_kbuf_release_cta(struct wt_kbuf *kb, uint32_t c);
void wt_kbuf_free(struct wt_kbuf *kb);

#endif
