/*
 * l2comp.c - an L2 partition as a component (l2comp.h), over the same
 * model calls as l2sim's engine (l2stage.c): wt_l2_request as requests
 * come, and the events before wt_l2_event_floor handed out in time
 * order.  With external fills, wt_l2_fails first, and the loads and
 * atomics kept (struct load) until their data's cycle is known and past.
 */
#include "l2comp.h"

#include "events.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* External fill: a load or atomic accepted, by its event's fields
 * (same_load), until its data's cycle is known and past. */
struct load {
	uint64_t addr, time;
	uint32_t warp, instr;
	uint16_t sm;
	uint8_t sectors, op;
	uint32_t tag;		/* its outcome's, and its waits' */
	unsigned waits;		/* pending fills it waits for */
	uint64_t ready;		/* when waits is 0; else the latest part
				   known so far */
};

struct l2_comp {
	struct wt_component c;
	struct wt_l2 l2;
	const struct wt_pmap *map;
	struct wt_l2_out out;
	size_t limit;
	uint64_t last;		/* the latest cycle accepted or drained */
	struct load *load;	/* in the order accepted */
	size_t nload, capload;
	uint32_t seq;		/* the last tag given */
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

static enum wt_refusal refusal(int fail)
{
	switch (fail) {
	case WT_L2_FAIL_MSHR_ENTRY:
		return WT_REFUSE_MSHR_FULL;
	case WT_L2_FAIL_MSHR_MERGE:
		return WT_REFUSE_MSHR_MERGE;
	default:
		return WT_REFUSE_NO_LINE;
	}
}

/* Whether load k is the request of event e (l2comp.h says which fields). */
static int same_load(const struct load *k, const struct wt_event *e)
{
	return k->addr == e->addr && k->time == e->time && k->warp == e->warp &&
	       k->instr == e->instr && k->sm == e->sm && k->sectors == e->sectors &&
	       k->op == e->op;
}

/* The loads whose data was ready before the component's cycle go. */
static void forget(struct l2_comp *l)
{
	size_t k = 0;

	for (size_t i = 0; i < l->nload; i++)
		if (l->load[i].waits || l->load[i].ready >= l->last)
			l->load[k++] = l->load[i];
	l->nload = k;
}

/* Keep the outcomes of the request e accepted at cycle: at most one. */
static void keep_loads(struct l2_comp *l, const struct wt_event *e, uint64_t cycle)
{
	struct wt_l2_out *o = &l->out;

	for (size_t i = 0; i < o->noc; i++) {
		const struct wt_l2_outcome *oc = &o->oc[i];

		if (l->nload == l->capload) {
			l->capload = l->capload ? 2 * l->capload : 16;
			l->load = wt_realloc(l->load, l->capload * sizeof(*l->load));
		}
		l->load[l->nload++] = (struct load){
			.addr = e->addr, .time = e->time, .warp = e->warp,
			.instr = e->instr, .sm = e->sm, .sectors = e->sectors,
			.op = e->op, .tag = oc->tag, .waits = oc->waits,
			.ready = cycle + oc->latency };
	}
}

static int accept(struct wt_component *c, const struct wt_event *e, uint64_t cycle,
		  enum wt_refusal *why)
{
	struct l2_comp *l = (struct l2_comp *)c;
	struct wt_l2_out *o = &l->out;
	int external = l->l2.cfg->external_fill, fail;
	uint64_t local = wt_pmap_local(l->map, e->addr);

	*why = cycle < l->last ? WT_REFUSE_PAST :
	       !wt_l2_takes(e) || wt_pmap_partition(l->map, e->addr) != c->id ?
	       WT_REFUSE_NOT_MINE :
	       o->n - o->first >= l->limit ? WT_REFUSE_QUEUE_FULL : WT_REFUSE_NONE;
	if (*why == WT_REFUSE_NONE && external &&
	    (fail = wt_l2_fails(&l->l2, e, local, cycle)) >= 0)
		*why = refusal(fail);
	if (*why != WT_REFUSE_NONE)
		return -1;
	o->tag = external ? ++l->seq : 0;
	wt_l2_request(&l->l2, e, local, cycle, o);
	l->last = cycle;
	if (external) {
		forget(l);
		keep_loads(l, e, cycle);
	}
	o->noc = 0;		/* the outcomes: kept no further */
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
	forget(l);
	/* no request still to come (at upto or later) makes an event
	 * before h */
	h = wt_l2_event_floor(&l->l2, upto);
	if (upto < h)
		h = upto;
	sort_out(o);
	k = wt_events_before(o->ev + o->first, o->n - o->first, h);
	if (k > max)
		k = max;
	if (k)		/* none made yet: ev is NULL */
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
	free(l->load);
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

uint64_t wt_l2_component_ready(const struct wt_component *c, const struct wt_event *in)
{
	const struct l2_comp *l = (const struct l2_comp *)c;

	for (size_t i = 0; i < l->nload; i++)
		if (same_load(&l->load[i], in))
			return l->load[i].waits ? UINT64_MAX : l->load[i].ready;
	return UINT64_MAX;
}

int wt_l2_component_answered(struct wt_component *c, const struct wt_event *in)
{
	struct l2_comp *l = (struct l2_comp *)c;

	for (size_t i = 0; i < l->nload; i++)
		if (l->load[i].waits && same_load(&l->load[i], in)) {
			memmove(l->load + i, l->load + i + 1,
				(l->nload - i - 1) * sizeof(*l->load));
			l->nload--;
			return 0;
		}
	return -1;
}

int wt_l2_component_fill(struct wt_component *c, uint64_t line, unsigned sectors,
			 uint64_t t)
{
	struct l2_comp *l = (struct l2_comp *)c;
	struct wt_l2 *l2 = &l->l2;
	int rc;

	if (wt_pmap_partition(l->map, line) != c->id)
		return -1;
	rc = wt_l2_fill(l2, line, wt_pmap_local(l->map, line), sectors, t);
	/* each wait it ended: the load's, found by its tag (the loads are
	 * in tag order, and the oldest wait longest) */
	for (size_t w = 0; w < l2->nwoke; w++)
		for (size_t i = 0; i < l->nload; i++) {
			struct load *k = &l->load[i];

			if (k->tag != l2->woke[w].tag || !k->waits)
				continue;
			if (l2->woke[w].ready > k->ready)
				k->ready = l2->woke[w].ready;
			k->waits--;
			break;
		}
	l2->nwoke = 0;
	return rc;
}

struct wt_l2 *wt_l2_component_l2(struct wt_component *c)
{
	return &((struct l2_comp *)c)->l2;
}
