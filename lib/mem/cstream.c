/*
 * cstream.c - coalesce's stream: see cstream.h.
 *
 * What a warp carries (the instructions of its records kept from the
 * caches, and the non-memory instructions before them) waits in a map
 * from warp id to an entry, until its next request takes it.  Most
 * streams keep nothing from the caches: then no warp carries anything,
 * and no record looks in the map.
 */
#include "cstream.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct carry {
	uint64_t n;		/* instructions carried; 0: none */
	uint64_t time;		/* of the last record kept, for a request */
	uint32_t pc, cta, warp, instr;	/* of op none at the kernel's end */
	uint16_t sm;
};

struct wt_cstream {
	const struct wt_coalesce_cfg *cfg;
	const struct wt_shmem_cfg *sh;
	struct wt_u64map *map;	/* warp id -> index in carry[] + 1 */
	struct carry *carry;
	size_t ncarry, capcarry;
	size_t pending;		/* entries with n > 0 */
	struct wt_request *end;	/* the requests of wt_cstream_kernel_end */
	size_t capend;
};

struct wt_cstream *wt_cstream_new(const struct wt_coalesce_cfg *cfg,
				  const struct wt_shmem_cfg *sh)
{
	struct wt_cstream *c = wt_calloc(1, sizeof(*c));

	c->cfg = cfg;
	c->sh = sh;
	c->map = wt_u64map_new();
	return c;
}

void wt_cstream_free(struct wt_cstream *c)
{
	if (!c)
		return;
	wt_u64map_free(c->map);
	free(c->carry);
	free(c->end);
	free(c);
}

/* Record w's n instructions as carried by its warp. */
static void keep(struct wt_cstream *c, const struct wt_warp *w, uint64_t n)
{
	int added;
	uint64_t *ix = wt_u64map_get(c->map, w->warp, &added);
	struct carry *k;

	if (added) {
		if (c->ncarry == c->capcarry) {
			c->capcarry = c->capcarry ? 2 * c->capcarry : 64;
			c->carry = wt_realloc(c->carry, c->capcarry * sizeof(*c->carry));
		}
		memset(&c->carry[c->ncarry], 0, sizeof(c->carry[0]));
		*ix = ++c->ncarry;
	}
	k = &c->carry[*ix - 1];
	c->pending += k->n == 0;
	k->n += n;
	k->time = w->time;
	k->pc = w->pc;
	k->cta = w->cta;
	k->warp = w->warp;
	k->instr = w->instr;
	k->sm = w->sm;
}

/* What warp carries, taken from it. */
static uint64_t take(struct wt_cstream *c, uint32_t warp)
{
	const uint64_t *ix;
	uint64_t n;

	if (!c->pending || !(ix = wt_u64map_find(c->map, warp)))
		return 0;
	n = c->carry[*ix - 1].n;
	c->carry[*ix - 1].n = 0;
	c->pending -= n != 0;
	return n;
}

/* An icount that holds n, or as much of it as it can. */
static uint32_t icount_of(uint64_t n, struct wt_coalesce_stats *st)
{
	if (n <= UINT32_MAX)
		return (uint32_t)n;
	st->lost += n - UINT32_MAX;
	return UINT32_MAX;
}

/* A request of op none: the last of its warp, counting n instructions. */
static void none(struct wt_request *r, uint64_t time, uint32_t pc, uint32_t cta,
		 uint32_t warp, uint32_t instr, uint16_t sm, uint64_t n,
		 struct wt_coalesce_stats *st)
{
	memset(r, 0, sizeof(*r));
	r->time = time;
	r->pc = pc;
	r->cta = cta;
	r->warp = warp;
	r->instr = instr;
	r->sm = sm;
	r->count = 1;
	r->op = WT_OP_NONE;
	r->space = WT_SPACE_GLOBAL;
	r->flags = WT_REQ_WARP_LAST;
	r->icount = icount_of(n, st);
	st->none_out++;
}

/* w makes no request: its instructions are carried, or end its warp. */
static size_t kept(struct wt_cstream *c, const struct wt_warp *w,
		   struct wt_request *out, struct wt_coalesce_stats *st)
{
	uint64_t n = (uint64_t)w->icount + 1;

	if (!(w->flags & WT_WARP_LAST)) {
		keep(c, w, n);
		return 0;
	}
	none(out, w->time, w->pc, w->cta, w->warp, w->instr, w->sm,
	     n + take(c, w->warp), st);
	return 1;
}

static void count_space(struct wt_space_stats *s, const struct wt_warp *w)
{
	uint64_t mask = w->mask;

	if (w->lanes < 64)
		mask &= ((uint64_t)1 << w->lanes) - 1;
	s->instructions++;
	s->threads += (uint64_t)__builtin_popcountll(mask);
}

size_t wt_cstream_warp(struct wt_cstream *c, const struct wt_warp *w,
		       struct wt_request *out, struct wt_coalesce_stats *st)
{
	uint64_t carried;
	size_t n;

	st->all_instructions += (uint64_t)w->icount + (w->op != WT_OP_NONE);
	if (w->op == WT_OP_NONE) {
		st->none_in++;
		none(out, w->time, w->pc, w->cta, w->warp, w->instr, w->sm,
		     w->icount + take(c, w->warp), st);
		return 1;
	}
	switch (w->space) {
	case WT_SPACE_SHARED:
		count_space(&st->shared, w);
		st->shared.accesses += wt_shmem_accesses(c->sh, w);
		return kept(c, w, out, st);
	case WT_SPACE_CONST:
		count_space(&st->constant, w);
		return kept(c, w, out, st);
	case WT_SPACE_TEXTURE:
		count_space(&st->texture, w);
		return kept(c, w, out, st);
	}
	n = wt_coalesce(c->cfg, w, out);
	wt_coalesce_stats_add(st, c->cfg, w, out, n);
	if (n == 0)		/* no active lane: no request, but it ran */
		return kept(c, w, out, st);
	if ((carried = take(c, w->warp)) != 0) {
		uint32_t icount = icount_of(w->icount + carried, st);

		for (size_t i = 0; i < n; i++)
			out[i].icount = icount;
	}
	return n;
}

static int by_warp(const void *a, const void *b)
{
	const struct wt_request *x = a, *y = b;

	return x->warp < y->warp ? -1 : x->warp > y->warp;
}

size_t wt_cstream_kernel_end(struct wt_cstream *c, const struct wt_request **out,
			     struct wt_coalesce_stats *st)
{
	size_t n = 0;

	if (c->pending > c->capend) {
		c->capend = c->pending;
		c->end = wt_realloc(c->end, c->capend * sizeof(*c->end));
	}
	for (size_t i = 0; i < c->ncarry; i++) {
		const struct carry *k = &c->carry[i];

		if (k->n)
			none(&c->end[n++], k->time, k->pc, k->cta, k->warp,
			     k->instr, k->sm, k->n, st);
	}
	if (n > 1)	/* c->end is NULL until a kernel carries something */
		qsort(c->end, n, sizeof(*c->end), by_warp);
	wt_u64map_clear(c->map);
	c->ncarry = 0;
	c->pending = 0;
	*out = c->end;
	return n;
}
