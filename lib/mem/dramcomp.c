/*
 * dramcomp.c - a DRAM channel as a component (dramcomp.h).  The channel
 * runs with wt_dram_run_until, as dramsim's batches do, each drain one
 * batch: the requests accepted since the last are its new ones, and the
 * drain's cycle the one before which no other arrives.
 */
#include "dramcomp.h"

#include "dramhook.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct dram_comp {
	struct wt_component c;
	struct wt_dram_chan ch;
	const struct wt_dram_map *map;
	const struct wt_dram_clock *clk;
	unsigned line, sector;
	struct wt_dram_req *rq;	/* held, in arrival order */
	struct wt_event *ev;	/* rq[i]'s request at ev[rq[i].id] */
	size_t n, cap;
	struct wt_dram_req **done;	/* scratch for a drain */
	uint64_t last;		/* the latest cycle accepted or drained */
	uint64_t ran_to;	/* the last drain's cycle */
	void *sched;		/* the scheduler's state, to classify the
				   requests (wt_dram_component_sched) */
	const uint32_t *kernel;
};

static unsigned bits(unsigned v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

int wt_dram_asks(const struct wt_event *e)
{
	return !(e->type == WT_EV_HIT ||
		 (e->type == WT_EV_MISS && (e->miss_class == WT_MISS_LATENCY ||
					    e->op == WT_OP_STORE)));
}

unsigned wt_dram_request(const struct wt_dram_cfg *c, const struct wt_dram_map *m,
			 const struct wt_dram_clock *k, const struct wt_event *e,
			 uint64_t core_arrive, unsigned line, unsigned sector,
			 struct wt_dram_req *q)
{
	struct wt_dram_loc loc;

	wt_dram_map_decode(m, c, e->addr, &loc);
	return wt_dram_request_at(c, m, k, e, core_arrive, line, sector, &loc, q);
}

unsigned wt_dram_request_at(const struct wt_dram_cfg *c, const struct wt_dram_map *m,
			    const struct wt_dram_clock *k, const struct wt_event *e,
			    uint64_t core_arrive, unsigned line, unsigned sector,
			    const struct wt_dram_loc *where, struct wt_dram_req *q)
{
	unsigned bb = wt_dram_burst_bytes(c), sub = m->sub ? m->sub : 1;
	unsigned bytes = e->sectors ? bits(e->sectors) * sector : line;
	struct wt_dram_loc loc = *where;

	/* l2sim's slice says the channel: channel * K + sub-partition */
	if (e->level == 2 && e->partition < c->channels * sub)
		loc.channel = e->partition / sub;
	memset(q, 0, sizeof(*q));
	q->core_arrive = core_arrive;
	q->arrive = wt_dram_to_dram(k, core_arrive);
	q->row = loc.row;
	q->bank = loc.bank;
	q->bursts = (bytes + bb - 1) / bb;
	if (!q->bursts)
		q->bursts = 1;
	q->write = e->type == WT_EV_WRITE_THROUGH || e->type == WT_EV_WRITE_BACK ||
		   (e->type == WT_EV_BYPASS && e->op == WT_OP_STORE);
	return loc.channel;
}

static int accept(struct wt_component *c, const struct wt_event *e, uint64_t cycle,
		  enum wt_refusal *why)
{
	struct dram_comp *d = (struct dram_comp *)c;
	const struct wt_dram_cfg *cfg = d->ch.cfg;
	struct wt_dram_req q;
	unsigned ch = wt_dram_request(cfg, d->map, d->clk, e, cycle, d->line,
				      d->sector, &q);

	*why = cycle < d->last ? WT_REFUSE_PAST :
	       ch != c->id || !wt_dram_asks(e) ? WT_REFUSE_NOT_MINE :
	       d->n >= cfg->queue ? WT_REFUSE_QUEUE_FULL : WT_REFUSE_NONE;
	if (*why != WT_REFUSE_NONE)
		return -1;
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 16;
		d->rq = wt_realloc(d->rq, d->cap * sizeof(*d->rq));
		d->ev = wt_realloc(d->ev, d->cap * sizeof(*d->ev));
		d->done = wt_realloc(d->done, d->cap * sizeof(*d->done));
	}
	if (d->sched && cfg->sched->classify)
		q.cls = (uint8_t)cfg->sched->classify(d->sched, *d->kernel, e);
	q.id = (uint32_t)d->n;
	d->rq[d->n] = q;
	d->ev[d->n++] = *e;
	d->last = cycle;
	return 0;
}

/* Done, and not handed out yet. */
static int is_done(const struct wt_dram_req *q)
{
	return q->admitted && !q->left && !q->gone;
}

static uint64_t next_event(const struct wt_component *c)
{
	const struct dram_comp *d = (const struct dram_comp *)c;
	uint64_t t = UINT64_MAX;

	for (size_t i = 0; i < d->n; i++)
		if (is_done(&d->rq[i]) && d->rq[i].core_done < t)
			t = d->rq[i].core_done;
	if (d->n) {
		uint64_t f = wt_dram_floor(&d->ch, wt_dram_to_dram(d->clk, d->ran_to));

		if (f < t)
			t = f;
	}
	return t;
}

/* By completion, then admission: dramsim's order. */
static int by_done(const void *a, const void *b)
{
	const struct wt_dram_req *x = *(struct wt_dram_req *const *)a;
	const struct wt_dram_req *y = *(struct wt_dram_req *const *)b;

	if (x->core_done != y->core_done)
		return x->core_done < y->core_done ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t drain(struct wt_component *c, uint64_t upto, struct wt_event *out,
		    size_t max)
{
	struct dram_comp *d = (struct dram_comp *)c;
	uint64_t h, until;
	size_t nd = 0, k, j = 0;

	if (upto < d->last)
		upto = d->last;
	until = wt_dram_to_dram(d->clk, upto);
	wt_dram_run_until(&d->ch, d->rq, d->n, until);
	d->ran_to = d->last = upto;
	/* none done later in the channel's time can be done before h */
	h = wt_dram_floor(&d->ch, until);
	if (upto < h)
		h = upto;
	for (size_t i = 0; i < d->n; i++)
		if (is_done(&d->rq[i]) && d->rq[i].core_done < h)
			d->done[nd++] = &d->rq[i];
	qsort(d->done, nd, sizeof(*d->done), by_done);
	for (k = 0; k < nd && k < max; k++) {
		struct wt_dram_req *q = d->done[k];
		struct wt_event e = d->ev[q->id];
		uint64_t lat = q->core_done - q->core_arrive;

		e.time = q->core_done;
		e.latency = lat > UINT32_MAX ? UINT32_MAX : (uint32_t)lat;
		e.type = q->outcome == WT_DRAM_HIT ? WT_EV_HIT : WT_EV_MISS;
		e.op = q->write ? WT_OP_STORE : WT_OP_LOAD;
		e.miss_class = WT_MISS_NONE;
		e.level = 3;
		e.partition = (uint16_t)c->id;
		out[k] = e;
		q->gone = 1;
	}
	/* the events follow their requests as the channel drops the gone */
	for (size_t i = 0; i < d->n; i++) {
		if (d->rq[i].gone)
			continue;
		d->ev[j] = d->ev[d->rq[i].id];
		d->rq[i].id = (uint32_t)j++;
	}
	d->n = wt_dram_compact(&d->ch, d->rq, d->n);
	return k;
}

static void comp_free(struct wt_component *c)
{
	struct dram_comp *d = (struct dram_comp *)c;

	wt_dram_chan_free(&d->ch);
	free(d->rq);
	free(d->ev);
	free(d->done);
	free(d);
}

static const struct wt_component_ops ops = {
	.accept = accept,
	.next_event = next_event,
	.drain = drain,
	.free = comp_free,
};

struct wt_component *wt_dram_component(const struct wt_dram_cfg *cfg,
				       const struct wt_dram_map *map,
				       const struct wt_dram_clock *clk,
				       unsigned channel, unsigned line,
				       unsigned sector)
{
	struct dram_comp *d = wt_calloc(1, sizeof(*d));

	d->c.ops = &ops;
	d->c.name = "dram";
	d->c.id = channel;
	d->map = map;
	d->clk = clk;
	d->line = line;
	d->sector = sector;
	wt_dram_chan_init(&d->ch, cfg, clk, channel);
	return &d->c;
}

const struct wt_dram_chan *wt_dram_component_chan(const struct wt_component *c)
{
	return &((const struct dram_comp *)c)->ch;
}

void wt_dram_component_sched(struct wt_component *c, void *state,
			     const uint32_t *kernel)
{
	struct dram_comp *d = (struct dram_comp *)c;

	d->sched = state;
	d->kernel = kernel;
}
