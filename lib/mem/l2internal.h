/*
 * l2internal.h - what l2model.c (one L2 partition) and l2sector.c (its
 * sectored caches and GPGPU-Sim's write-allocate policies) share.  Not
 * for other users: l2model.h is the interface.
 */
#ifndef WT_L2INTERNAL_H
#define WT_L2INTERNAL_H

#include "l2model.h"

struct wt_l2_bank {
	uint64_t next;		/* first cycle a new tag access may start */
	uint64_t last_enter;	/* when the last request entered the queue */
	uint64_t *start;	/* ring: tag-access starts of the last
				   bank_queue requests */
	unsigned head, n;
	size_t mshr_at;		/* where its last MSHR search ended */
};

struct wt_l2_mshr {
	uint64_t line, alloc, ready;	/* line: the line or sector fetched */
	unsigned merges;
};

/* ---- l2model.c's helpers, for l2sector.c ---- */

/* The victim for a new line (the policies learn of it), and its
 * insertion, with no request (l2hook.h). */
int wt_l2i_victim(struct wt_l2 *l2, unsigned set, struct wt_cache_line *ev);
void wt_l2i_insert(struct wt_l2 *l2, unsigned set, int way, uint64_t line,
		   enum wt_line_state state, uint64_t ready);
/* A level-2 event of in's at cycle t, in its place in out. */
struct wt_event *wt_l2i_emit(struct wt_l2 *l2, struct wt_l2_out *out,
			     const struct wt_event *in, unsigned type,
			     uint64_t t, uint64_t arrival);
void wt_l2i_outcome(struct wt_l2 *l2, struct wt_l2_out *out,
		    const struct wt_event *in, uint64_t latency, int hit);
/* MSHR entries (their line is a sector's address in a sectored L2). */
void wt_l2i_mshr_prune(struct wt_l2 *l2, uint64_t arrival);
struct wt_l2_mshr *wt_l2i_mshr_find(struct wt_l2 *l2, struct wt_l2_bank *b,
				    uint64_t key, uint64_t t);
int wt_l2i_mshr_full(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t,
		     unsigned limit, uint64_t *free_at);
void wt_l2i_mshr_add(struct wt_l2 *l2, uint64_t key, uint64_t alloc, uint64_t ready);
/* Port and bank queue: the cycle a tag access may start; and its start. */
uint64_t wt_l2i_enter_bank(struct wt_l2 *l2, struct wt_l2_bank *b,
			   struct wt_l2_bank_stats *bs, uint64_t arrival);
void wt_l2i_leave_queue(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t);

/* ---- l2sector.c ---- */

/* Whether requests take l2sector.c's way: a sectored L2, or one of
 * GPGPU-Sim's write-allocate policies W, F and L. */
static inline int wt_l2s_on(const struct wt_l2_cfg *c)
{
	return c->sectored || c->write_allocate > WT_WALLOC_YES;
}

/* wt_l2_request's work past the bypasses, that way. */
void wt_l2s_request(struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		    uint64_t arrival, struct wt_l2_out *out);

#endif
