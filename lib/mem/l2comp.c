/*
 * l2comp.c - an L2 partition as a component (l2comp.h), over the same
 * model calls as l2sim's engine (l2stage.c): wt_l2_request as requests
 * come, and the events before wt_l2_event_floor handed out in time
 * order.
 */
#include "l2comp.h"

#include "events.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct l2_comp {
	struct wt_component c;
	struct wt_l2 l2;
	const struct wt_pmap *map;
	struct wt_l2_out out;
	size_t limit;
	uint64_t last;		/* the latest cycle accepted or drained */
};

int wt_l2_takes(const struct wt_event *e)
{
	switch (e->type) {
	case WT_EV_MISS:
		return e->miss_class != WT_MISS_LATENCY;
	case WT_EV_BYPASS:
	case WT_EV_WRITE_THROUGH:
	case WT_EV_WRITE_BACK:
		return 1;
	default:
		return 0;
	}
}

static int accept(struct wt_component *c, const struct wt_event *e, uint64_t cycle,
		  enum wt_refusal *why)
{
	struct l2_comp *l = (struct l2_comp *)c;
	struct wt_l2_out *o = &l->out;

	*why = cycle < l->last ? WT_REFUSE_PAST :
	       !wt_l2_takes(e) || wt_pmap_partition(l->map, e->addr) != c->id ?
	       WT_REFUSE_NOT_MINE :
	       o->n - o->first >= l->limit ? WT_REFUSE_QUEUE_FULL : WT_REFUSE_NONE;
	if (*why != WT_REFUSE_NONE)
		return -1;
	o->tag = 0;
	wt_l2_request(&l->l2, e, wt_pmap_local(l->map, e->addr), cycle, o);
	o->noc = 0;		/* the outcomes: not kept */
	l->last = cycle;
	return 0;
}

/* The model keeps its events in time order unless one came far out of
 * it; then a stable sort puts them back (as l2sim's batches do). */
static void sort_out(struct wt_l2_out *o)
{
	if (o->unsorted)
		wt_events_sort_tail(o->ev + o->first, 0, o->n - o->first);
	o->unsorted = 0;
}

static uint64_t next_event(const struct wt_component *c)
{
	const struct l2_comp *l = (const struct l2_comp *)c;
	const struct wt_l2_out *o = &l->out;
	uint64_t t = UINT64_MAX;

	for (size_t i = o->first; i < o->n; i++)
		if (o->ev[i].time < t)
			t = o->ev[i].time;
	return t;
}

static size_t drain(struct wt_component *c, uint64_t upto, struct wt_event *out,
		    size_t max)
{
	struct l2_comp *l = (struct l2_comp *)c;
	struct wt_l2_out *o = &l->out;
	uint64_t h;
	size_t k;

	if (upto < l->last)
		upto = l->last;
	l->last = upto;
	/* no request still to come (at upto or later) makes an event
	 * before h */
	h = wt_l2_event_floor(&l->l2, upto);
	if (upto < h)
		h = upto;
	sort_out(o);
	k = wt_events_before(o->ev + o->first, o->n - o->first, h);
	if (k > max)
		k = max;
	memcpy(out, o->ev + o->first, k * sizeof(*out));
	o->first += k;
	o->n = wt_events_drop_written(o->ev, o->n, &o->first);
	return k;
}

static void comp_free(struct wt_component *c)
{
	struct l2_comp *l = (struct l2_comp *)c;

	wt_l2_free(&l->l2);
	free(l->out.ev);
	free(l->out.oc);
	free(l);
}

static const struct wt_component_ops ops = {
	.accept = accept,
	.next_event = next_event,
	.drain = drain,
	.free = comp_free,
};

struct wt_component *wt_l2_component(const struct wt_l2_cfg *cfg,
				     const struct wt_pmap *map, unsigned p,
				     size_t limit, char *err, size_t errlen)
{
	struct l2_comp *l = wt_calloc(1, sizeof(*l));

	if (wt_l2_init(&l->l2, cfg, p, err, errlen) < 0) {
		free(l);
		return NULL;
	}
	l->c.ops = &ops;
	l->c.name = "l2";
	l->c.id = p;
	l->map = map;
	l->limit = limit;
	return &l->c;
}

const struct wt_l2 *wt_l2_component_model(const struct wt_component *c)
{
	return &((const struct l2_comp *)c)->l2;
}
