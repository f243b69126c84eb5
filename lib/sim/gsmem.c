/*
 * gsmem.c - gpusim's memory side: the L1s' events into the network, the
 * slices' input queues and their L2s, the DRAM channels' input queues,
 * and the data coming back: a DRAM read fills its slice, the L2 answers
 * the L1 loads that waited for the line, the answer crosses the network
 * and fills the L1.
 *
 * Packet sizes, as GPGPU-Sim's mem_fetch: a read request is 8 bytes of
 * control, a write carries its data too; a read's answer is 8 bytes and
 * its data (the sectors of the request's mask, or the whole line).
 */
#include "simint.h"

#include "dramcomp.h"
#include "dramhook.h"
#include "events.h"
#include "l1comp.h"
#include "l2comp.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONTROL_BYTES 8
/* A line's sectors: the room a slice's input queue must have to take a
 * request off the network (GPGPU-Sim's SECTOR_CHUNCK_SIZE). */
#define SECTOR_CHUNK 4

void gs_fail(struct wt_gpusim *g, const char *fmt, ...)
{
	va_list ap;

	if (g->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(g->err, g->errlen, fmt, ap);
	va_end(ap);
	g->failed = 1;
}

/* ---- the items in flight: a heap by (time, seq) ---- */

static int before(const struct gs_item *a, const struct gs_item *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

void gs_push(struct wt_gpusim *g, uint64_t time, enum gs_act act, unsigned where,
	     const struct wt_event *e)
{
	struct gs_item x = { time, g->seq++, act, where, *e };
	size_t i;

	if (g->nheap == g->capheap) {
		g->capheap = g->capheap ? 2 * g->capheap : 256;
		g->heap = wt_realloc(g->heap, g->capheap * sizeof(*g->heap));
	}
	i = g->nheap++;
	while (i > 0 && before(&x, &g->heap[(i - 1) / 2])) {
		g->heap[i] = g->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	g->heap[i] = x;
}

static struct gs_item pop(struct wt_gpusim *g)
{
	struct gs_item top = g->heap[0], x = g->heap[--g->nheap];
	size_t i = 0, n = g->nheap;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && before(&g->heap[c + 1], &g->heap[c]))
			c++;
		if (!before(&g->heap[c], &x))
			break;
		g->heap[i] = g->heap[c];
		i = c;
	}
	if (n)
		g->heap[i] = x;
	return top;
}

/* ---- FIFOs ---- */

void gs_fifo_push(struct gs_fifo *f, const struct wt_event *e)
{
	if (f->head + f->n == f->cap) {
		if (f->head > f->cap / 2) {
			memmove(f->e, f->e + f->head, f->n * sizeof(*f->e));
			f->head = 0;
		} else {
			f->cap = f->cap ? 2 * f->cap : 64;
			f->e = wt_realloc(f->e, f->cap * sizeof(*f->e));
		}
	}
	f->e[f->head + f->n++] = *e;
}

static void fifo_pop(struct gs_fifo *f)
{
	f->head++;
	if (--f->n == 0)
		f->head = 0;
}

void gs_fifo_free(struct gs_fifo *f)
{
	free(f->e);
	memset(f, 0, sizeof(*f));
}

/* ---- sizes ---- */

static unsigned data_bytes(const struct wt_gpusim *g, const struct wt_event *e)
{
	return e->sectors ? (unsigned)__builtin_popcount(e->sectors) * g->cfg->sector :
	       g->cfg->line;
}

/* A load or atomic whose warp waits for the answer. */
static int wants_answer(const struct wt_event *e)
{
	return (e->type == WT_EV_MISS || e->type == WT_EV_BYPASS) &&
	       e->op != WT_OP_STORE;
}

/* A warp's store, which the L2 acknowledges (not a write-back: that is
 * the L1's eviction, no warp waits for it). */
static int warp_store(const struct wt_event *e)
{
	return e->op == WT_OP_STORE && e->type != WT_EV_WRITE_BACK && e->type != WT_EV_HIT;
}

/* A store miss of a sectored L1 fetches the sectors it does not write
 * (write-allocate): its entry waits for them, and the L2 answers it as
 * it takes the store. */
static int store_fetch(const struct wt_gpusim *g, const struct wt_event *e)
{
	return e->type == WT_EV_MISS && e->op == WT_OP_STORE && g->cfg->l1->sectored;
}

static unsigned request_bytes(const struct wt_gpusim *g, const struct wt_event *e)
{
	if (e->op == WT_OP_ATOMIC)
		return CONTROL_BYTES + e->bytes;
	return wants_answer(e) ? CONTROL_BYTES : CONTROL_BYTES + data_bytes(g, e);
}

/* ---- events ---- */

/* Drain c to upto, appending to g->buf at *off: the number drained.  A
 * component with nothing due before upto is left alone (it runs on at
 * its next drain or request). */
static size_t drain(struct wt_gpusim *g, struct wt_component *c, uint64_t upto,
		    size_t *off)
{
	size_t n, total = 0;

	if (wt_comp_next_event(c) >= upto)
		return 0;
	do {
		if (*off + 256 > g->capbuf) {
			g->capbuf = g->capbuf ? 2 * g->capbuf : 1024;
			g->buf = wt_realloc(g->buf, g->capbuf * sizeof(*g->buf));
		}
		n = wt_comp_drain(c, upto, g->buf + *off, 256);
		*off += n;
		total += n;
	} while (n == 256);
	return total;
}

/* A level's events of one cycle's drains, put in time order (equal
 * times: SMs, slices or channels in order) and handed to the writer. */
static void emit(struct wt_gpusim *g, unsigned level, struct wt_event *e,
		 size_t n)
{
	wt_events_sort(e, n);
	if (g->events && n && g->events(g->events_ctx, level, e, n) < 0)
		gs_fail(g, "cannot write the level-%u events", level);
}

/* ---- the L2's answers ---- */

static void answer(struct wt_gpusim *g, unsigned slice, const struct wt_event *e,
		   uint64_t ready, uint64_t t)
{
	gs_push(g, ready > t ? ready : t, GS_SEND_DOWN, slice, e);
}

static void slice_wait(struct gs_slice *s, const struct wt_event *e)
{
	if (s->nwait == s->capwait) {
		s->capwait = s->capwait ? 2 * s->capwait : 64;
		s->wait = wt_realloc(s->wait, s->capwait * sizeof(*s->wait));
	}
	s->wait[s->nwait++] = *e;
}

/* The DRAM's read d for slice p is done at t. */
static void filled(struct wt_gpusim *g, unsigned p, const struct wt_event *d,
		   uint64_t t)
{
	struct gs_slice *s = &g->sl[p];
	uint64_t line = g->cfg->l2->geom.line;
	int fill = wt_l2_component_fill(s->c, d->addr, d->sectors, t) == 0;

	for (size_t i = 0; i < s->nwait;) {
		const struct wt_event *e = &s->wait[i];
		uint64_t ready;

		if (e->addr / line != d->addr / line) {
			i++;
			continue;
		}
		/* A read the L2 sent around itself (a policy's bypass, a miss
		 * that takes no line) fills nothing: it is answered as its
		 * data comes. */
		ready = fill ? wt_l2_component_ready(s->c, e) : t;
		if (ready == UINT64_MAX) {
			i++;
			continue;
		}
		if (!fill)
			wt_l2_component_answered(s->c, e);
		answer(g, p, e, ready, t);
		s->wait[i] = s->wait[--s->nwait];
	}
	s->in.blocked = 0;
}

/* Slice p takes what waits at its input, at t, until it refuses. */
static void feed_slice(struct wt_gpusim *g, unsigned p, uint64_t t)
{
	struct gs_slice *s = &g->sl[p];
	enum wt_refusal why;

	while (s->in.n && !s->in.blocked) {
		const struct wt_event *e = &s->in.e[s->in.head];

		if (wt_comp_accept(s->c, e, t, &why) < 0) {
			if (why == WT_REFUSE_PAST || why == WT_REFUSE_NOT_MINE)
				gs_fail(g, "L2 slice %u refused an L1 event at cycle "
					"%llu (%s)", p, (unsigned long long)t,
					wt_refusal_name(why));
			/* a full queue of events drains after this cycle;
			 * an MSHR waits for a fill */
			if (why != WT_REFUSE_QUEUE_FULL)
				s->in.blocked = 1;
			return;
		}
		if (store_fetch(g, e))
			answer(g, p, e, t, t);
		if (warp_store(e))	/* GPGPU-Sim's write ack, control only */
			gs_push(g, wt_icnt_send(&g->down, p, e->sm, CONTROL_BYTES, t),
				GS_ACK, e->sm, e);
		if (wants_answer(e)) {
			uint64_t ready = wt_l2_component_ready(s->c, e);

			if (ready == UINT64_MAX)
				slice_wait(s, e);
			else
				answer(g, p, e, ready, t);
		}
		fifo_pop(&s->in);
	}
}

static void feed_dram(struct wt_gpusim *g, unsigned ch, uint64_t t)
{
	struct gs_fifo *f = &g->dram_in[ch];
	enum wt_refusal why;

	while (f->n && !f->blocked) {
		if (wt_comp_accept(g->dram[ch], &f->e[f->head], t, &why) < 0) {
			if (why != WT_REFUSE_QUEUE_FULL)
				gs_fail(g, "DRAM channel %u refused a request at "
					"cycle %llu (%s)", ch, (unsigned long long)t,
					wt_refusal_name(why));
			f->blocked = 1;		/* until the channel drains */
			return;
		}
		fifo_pop(f);
	}
}

/*
 * A request at its slice's end of the network leaves the network (its
 * SM's credit comes back) when the slice's input queue has room for a
 * whole line's sectors, as GPGPU-Sim's partition pops the network when
 * its interconnect-to-L2 queue is not full; it then waits the ROP
 * latency (an unbounded delay line) before it joins that queue.
 */
static int has_room(const struct wt_gpusim *g, unsigned p)
{
	return g->sl[p].in.n + SECTOR_CHUNK <= g->cfg->l2_in_queue;
}

static void eject(struct wt_gpusim *g, unsigned p, const struct wt_event *e,
		  uint64_t t)
{
	gs_sm_credit(&g->sm[e->sm], t);
	gs_push(g, t + g->cfg->rop_latency, GS_TO_SLICE, p, e);
}

/* The requests held in the network for slice p leave while it has room. */
static void eject_held(struct wt_gpusim *g, unsigned p, uint64_t t)
{
	struct gs_fifo *f = &g->sl[p].net;

	while (f->n && has_room(g, p)) {
		eject(g, p, &f->e[f->head], t);
		fifo_pop(f);
	}
}

/* The items due by t. */
static void arrivals(struct wt_gpusim *g, uint64_t t)
{
	while (g->nheap && g->heap[0].time <= t) {
		struct gs_item x = pop(g);

		switch (x.act) {
		case GS_EJECT:
			if (g->sl[x.where].net.n || !has_room(g, x.where))
				gs_fifo_push(&g->sl[x.where].net, &x.e);
			else
				eject(g, x.where, &x.e, t);
			break;
		case GS_TO_SLICE:
			gs_fifo_push(&g->sl[x.where].in, &x.e);
			break;
		case GS_TO_SM:
			gs_sm_response(g, &g->sm[x.where], &x.e, t);
			break;
		case GS_SEND_DOWN:
			gs_push(g, wt_icnt_send(&g->down, x.where, x.e.sm,
						CONTROL_BYTES + data_bytes(g, &x.e), t),
				GS_TO_SM, x.e.sm, &x.e);
			break;
		case GS_TO_DRAM:
			gs_fifo_push(&g->dram_in[x.where], &x.e);
			break;
		case GS_ACK: {
			struct gs_warp *w = gs_warp_of(g, &x.e);

			if (w)
				gs_sm_store(&g->sm[x.where], w, 1, t);
			break;
		}
		}
	}
}

/*
 * The arrivals due by t; the DRAM channels take theirs and run to t, the
 * reads done by t fill their slices (whose answers due at t go on at
 * once); then the slices take theirs.  A channel is drained only after
 * it has taken t's requests: a drain to t + 1 says none comes before.
 */
void gs_mem_before(struct wt_gpusim *g, uint64_t t)
{
	size_t n = 0;

	arrivals(g, t);
	for (unsigned ch = 0; ch < g->nch; ch++) {
		feed_dram(g, ch, t);
		if (drain(g, g->dram[ch], t + 1, &n))
			g->dram_in[ch].blocked = 0;
	}
	emit(g, 3, g->buf, n);
	for (size_t i = 0; i < n; i++)
		if (g->buf[i].op == WT_OP_LOAD)
			filled(g, wt_pmap_partition(g->cfg->pmap, g->buf[i].addr),
			       &g->buf[i], t);
	arrivals(g, t);
	for (unsigned p = 0; p < g->nsl; p++) {
		feed_slice(g, p, t);
		eject_held(g, p, t);
	}
}

void gs_mem_after(struct wt_gpusim *g, uint64_t t)
{
	const struct wt_gpusim_cfg *c = g->cfg;
	struct wt_dram_req q;

	size_t n = 0;

	for (unsigned s = 0; s < g->nsm; s++)
		drain(g, g->sm[s].l1, t + 1, &n);
	emit(g, 1, g->buf, n);
	for (size_t i = 0; i < n; i++) {
		const struct wt_event *e = &g->buf[i];
		struct gs_warp *w;
		unsigned p;

		if (!wt_l2_takes(e))
			continue;
		/* sent when it left the L1, which may be an earlier cycle
		 * than t when no SM ran between */
		p = wt_pmap_partition(c->pmap, e->addr);
		g->sm[e->sm].credits--;
		if (warp_store(e) && (w = gs_warp_of(g, e)) != NULL)
			gs_sm_store(&g->sm[e->sm], w, 0, t);
		/* at the slice's end of the network: eject() */
		gs_push(g, wt_icnt_send(&g->up, e->sm, p, request_bytes(g, e), e->time),
			GS_EJECT, p, e);
	}
	n = 0;
	for (unsigned p = 0; p < g->nsl; p++)
		drain(g, g->sl[p].c, t + 1, &n);
	emit(g, 2, g->buf, n);
	for (size_t i = 0; i < n; i++) {
		const struct wt_event *e = &g->buf[i];
		unsigned ch;

		/* what the DRAM's scheduler learns from the L2's traffic */
		if (c->dram_sched && c->dram->sched->event)
			c->dram->sched->event(c->dram_sched, g->kernel_id, e);
		if (!wt_dram_asks(e))
			continue;
		ch = wt_dram_request(c->dram, c->dmap, c->clk, e, 0, c->line,
				     c->sector, &q);
		gs_push(g, e->time + c->dram_latency, GS_TO_DRAM, ch, e);
	}
}

static uint64_t soonest(uint64_t a, uint64_t b, uint64_t t)
{
	if (b <= t)
		b = t + 1;
	return b < a ? b : a;
}

uint64_t gs_mem_next(const struct wt_gpusim *g, uint64_t t)
{
	uint64_t n = UINT64_MAX;

	if (g->nheap)
		n = soonest(n, g->heap[0].time, t);
	for (unsigned p = 0; p < g->nsl; p++) {
		if (g->sl[p].in.n && !g->sl[p].in.blocked)
			n = soonest(n, t + 1, t);
		n = soonest(n, wt_comp_next_event(g->sl[p].c), t);
	}
	for (unsigned ch = 0; ch < g->nch; ch++) {
		if (g->dram_in[ch].n && !g->dram_in[ch].blocked)
			n = soonest(n, t + 1, t);
		n = soonest(n, wt_comp_next_event(g->dram[ch]), t);
	}
	for (unsigned s = 0; s < g->nsm; s++)
		n = soonest(n, wt_comp_next_event(g->sm[s].l1), t);
	return n;
}
