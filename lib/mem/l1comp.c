/*
 * l1comp.c - one SM's L1 as a component (l1comp.h), over the model calls
 * of the pool's scheduler (l1pool.c): wt_l1_access at the cycle offered,
 * after wt_l1_fails has said whether it would fail.  The events the
 * model appends are handed out in time order.
 */
#include "l1comp.h"

#include "events.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct l1_comp {
	struct wt_component c;
	struct wt_l1 l1;
	struct wt_l1_out out;	/* ev[first .. n - 1]: not drained yet */
	size_t first;
	struct wt_u64map *refused;	/* warps refused an MSHR entry */
	struct wt_request req;	/* the last request taken, */
	int any;		/* if any */
	uint64_t last;		/* the latest cycle offered or drained */
};

static enum wt_refusal refusal(int fail)
{
	switch (fail) {
	case WT_FAIL_MSHR_ENTRY:
		return WT_REFUSE_MSHR_FULL;
	case WT_FAIL_MSHR_MERGE:
		return WT_REFUSE_MSHR_MERGE;
	case WT_FAIL_LINE_ALLOC:
		return WT_REFUSE_NO_LINE;
	default:
		return WT_REFUSE_MISS_QUEUE_FULL;
	}
}

/* The model appends its events in time order: a request's at its cycle,
 * after the write-backs of the fills it retired first (due since the
 * cycle before).  Should one come out of order, a stable sort of the
 * events not drained puts it back. */
static void keep_order(struct l1_comp *l, size_t from)
{
	struct wt_l1_out *o = &l->out;

	if (from <= l->first)
		from = l->first + 1;
	for (size_t i = from; i < o->n; i++)
		if (o->ev[i].time < o->ev[i - 1].time) {
			wt_events_sort(o->ev + l->first, o->n - l->first);
			return;
		}
}

static int accept_request(struct wt_component *c, const struct wt_request *r,
			  uint64_t cycle, uint64_t *done, enum wt_refusal *why)
{
	struct l1_comp *l = (struct l1_comp *)c;
	size_t from = l->out.n;
	uint64_t retry, *was;
	int rc = -1, added;

	*why = cycle < l->last ? WT_REFUSE_PAST :
	       r->sm != c->id ? WT_REFUSE_NOT_MINE : WT_REFUSE_NONE;
	if (*why != WT_REFUSE_NONE)
		return -1;
	/* the L1 runs to cycle, whether the request is made or not */
	l->last = cycle;
	/* With policies, wt_l1_access's own refusal (wt_l1_fails does not
	 * ask them): counted in the model's fails. */
	if (!l->l1.npol)
		rc = wt_l1_fails(&l->l1, r, cycle, &l->out, &retry);
	was = (uint64_t *)wt_u64map_find(l->refused, r->warp);
	if (rc < 0)
		rc = wt_l1_access(&l->l1, r, cycle, was != NULL, &l->out, done, &retry);
	keep_order(l, from);
	if (rc >= 0) {
		if (rc == WT_FAIL_MSHR_ENTRY)
			*wt_u64map_get(l->refused, r->warp, &added) = 1;
		*why = refusal(rc);
		return -1;
	}
	if (was)
		wt_u64map_del(l->refused, r->warp);
	l->req = *r;
	l->any = 1;
	return 0;
}

static uint64_t next_event(const struct wt_component *c)
{
	const struct l1_comp *l = (const struct l1_comp *)c;
	uint64_t t = wt_l1_next_change(&l->l1, l->last);

	if (l->first < l->out.n && l->out.ev[l->first].time < t)
		t = l->out.ev[l->first].time;
	return t;
}

static size_t drain(struct wt_component *c, uint64_t upto, struct wt_event *out,
		    size_t max)
{
	struct l1_comp *l = (struct l1_comp *)c;
	struct wt_l1_out *o = &l->out;
	size_t k, from = o->n;

	if (upto < l->last)
		upto = l->last;
	l->last = upto;
	/* The fills due before upto come now, as the next request would
	 * find them: their write-backs (allocation on fill) are due before
	 * upto too, and carry the last request's fields where l1sim's
	 * carry the next one's. */
	if (upto && l->any) {
		wt_l1_retire(&l->l1, &l->req, upto - 1, o);
		keep_order(l, from);
	}
	k = wt_events_before(o->ev + l->first, o->n - l->first, upto);
	if (k > max)
		k = max;
	memcpy(out, o->ev + l->first, k * sizeof(*out));
	l->first += k;
	o->n = (unsigned)wt_events_drop_written(o->ev, o->n, &l->first);
	return k;
}

static void comp_free(struct wt_component *c)
{
	struct l1_comp *l = (struct l1_comp *)c;

	wt_l1_free(&l->l1);
	wt_u64map_free(l->refused);
	free(l->out.ev);
	free(l);
}

static const struct wt_component_ops ops = {
	.accept_request = accept_request,
	.next_event = next_event,
	.drain = drain,
	.free = comp_free,
};

struct wt_component *wt_l1_component(const struct wt_l1_cfg *cfg, unsigned sm,
				     char *err, size_t errlen)
{
	struct l1_comp *l = wt_calloc(1, sizeof(*l));

	if (wt_l1_init(&l->l1, cfg, sm, err, errlen) < 0) {
		free(l);
		return NULL;
	}
	l->c.ops = &ops;
	l->c.name = "l1";
	l->c.id = sm;
	l->refused = wt_u64map_new();
	return &l->c;
}

struct wt_l1 *wt_l1_component_model(struct wt_component *c)
{
	return &((struct l1_comp *)c)->l1;
}

int wt_l1_component_fill(struct wt_component *c, uint64_t addr, unsigned sectors,
			 uint64_t t)
{
	struct l1_comp *l = (struct l1_comp *)c;
	size_t from = l->out.n;

	if (wt_l1_fill(&l->l1, addr, sectors, t, &l->out) < 0)
		return -1;
	keep_order(l, from);
	return 0;
}

uint64_t wt_l1_component_ready(const struct wt_component *c, const struct wt_request *r)
{
	return wt_l1_ready(&((const struct l1_comp *)c)->l1, r);
}
