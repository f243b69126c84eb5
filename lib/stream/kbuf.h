/*
 * kbuf.h - one kernel's thread accesses, held per CTA until the CTA is
 * dispatched, then ordered thread by thread.
 *
 * trace-order needs every access of a CTA before it can form its warps
 * (dumps interleave a CTA's threads in any order): 24 bytes per access
 * plus growth slack (buffers grow by half, from 8 accesses), and 40
 * bytes per CTA id for the table.  Dumps are usually written CTA by CTA,
 * and CTAs are dispatched in id order: then trace-order reads a CTA only
 * as it is dispatched and releases it once its warps are formed, so a
 * kbuf holds the CTA being read and the next one begun.  Dumps whose CTA
 * ids go back down (any order is allowed) are held whole, a kernel at a
 * time.  Released buffers are kept for the next CTAs (two at most), so
 * that streaming allocates nothing once it has begun.
 *
 * A reader of a stream may lend its block rather than have runs copied
 * out of it (see wt_kbuf_own): a CTA's accesses are then copied only if
 * the block moves on before the CTA is dispatched.
 */
#ifndef WT_KBUF_H
#define WT_KBUF_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

struct wt_kbuf_cta {
	const struct wt_access *at;	/* the accesses: a, or lent */
	struct wt_access *a;		/* its own buffer */
	size_t n, cap;
	int mixed;			/* a thread's access may have come
					   after a higher thread's */
};

struct wt_kbuf {
	uint32_t block_threads;
	uint32_t nctas;		/* highest CTA id seen + 1 */
	struct wt_kbuf_cta *cta;
	size_t cap;
	uint64_t accesses;
	uint32_t max_thread;
	struct wt_kbuf_cta spare[2];	/* released buffers, n unused */
	uint32_t *pos;		/* block_threads places, for sorting */
	int lend;		/* runs added are lent, until wt_kbuf_own */
	uint32_t *lent;		/* CTAs that may hold lent runs */
	size_t nlent, caplent;
};

void wt_kbuf_init(struct wt_kbuf *kb, uint32_t block_threads);
void wt_kbuf_add(struct wt_kbuf *kb, const struct wt_access *a);
/*
 * Add the leading accesses of a[0 .. n) that belong to CTA c, as many
 * wt_kbuf_add calls would, and return how many: a dump's run of one
 * CTA's accesses is copied at once.  With kb->lend set, they are not
 * copied but kept where they are, while the CTA's accesses lie in one
 * run there, until wt_kbuf_own.
 */
size_t wt_kbuf_add_run(struct wt_kbuf *kb, uint32_t c,
		       const struct wt_access *a, size_t n);
/* Copy every lent run into the kbuf: what they lie in is to change. */
void wt_kbuf_own(struct wt_kbuf *kb);
/* Count an access that will not be held, only for max_thread: the rest
 * of a kernel that has failed, read for the error message. */
void wt_kbuf_skip(struct wt_kbuf *kb, const struct wt_access *a);
/*
 * Order CTA c's accesses by thread within the CTA, keeping each thread's
 * program order, and fill off[0 .. block_threads] (thread t's accesses
 * are [off[t], off[t+1]) of wt_kbuf_cta).  Accesses written thread by
 * thread are in order already, as they were added: then only the ends of
 * the threads' runs are searched for.
 */
void wt_kbuf_sort_cta(struct wt_kbuf *kb, uint32_t c, uint32_t *off);
const struct wt_access *wt_kbuf_cta(const struct wt_kbuf *kb, uint32_t c);
/* CTA c's accesses, to be changed in place before it is released, or
 * NULL where they are lent (or none). */
struct wt_access *wt_kbuf_cta_own(struct wt_kbuf *kb, uint32_t c);
void wt_kbuf_release_cta(struct wt_kbuf *kb, uint32_t c);
/* Begin another kernel, of block_threads threads a CTA, in kb: its
 * buffers are kept for it (two at most, as released ones), so that the
 * memory of one kernel serves the next. */
void wt_kbuf_reset(struct wt_kbuf *kb, uint32_t block_threads);
void wt_kbuf_free(struct wt_kbuf *kb);

#endif
