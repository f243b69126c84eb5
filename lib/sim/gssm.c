/*
 * gssm.c - gpusim's SMs: CTAs dispatched onto them, warps issuing one
 * instruction a cycle per scheduler (LRR, GTO, two-level), the LD/ST
 * unit offering a memory instruction's requests to the L1 one a cycle,
 * and warps woken when their loads' data is back.
 *
 * The traces carry no register dependences: a warp's instructions issue
 * one after another, issue_interval cycles apart, and every instruction
 * after a load waits for that load's data (the load's value is taken to
 * be used at once).  A warp leaves when it has nothing left to issue
 * and no data to wait for; its CTA's slot frees when its last warp
 * leaves.
 */
#include "simint.h"

#include "l1comp.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static unsigned lanes(uint64_t mask)
{
	return (unsigned)__builtin_popcountll(mask);
}

void gs_sm_init(struct wt_gpusim *g, struct gs_sm *s, unsigned id)
{
	s->id = id;
	s->nsch = g->cfg->order.schedulers ? g->cfg->order.schedulers : 1;
	s->sch = wt_calloc(s->nsch, sizeof(*s->sch));
	s->credits = (int)g->cfg->credits;
	s->next = UINT64_MAX;
}

void gs_sm_free(struct gs_sm *s)
{
	gs_pool_end(s);
	for (unsigned k = 0; k < s->nsch; k++)
		free(s->sch[k].w);
	free(s->sch);
	free(s->wait);
}

/* Whether w has an instruction left (its op-none record is only its
 * last non-memory instructions). */
static int has_work(const struct gs_warp *w)
{
	return w->nonmem > 0 ||
	       (w->next < w->nrec && w->rec[w->next]->op != WT_OP_NONE);
}

/* Whether w may leave: nothing to issue, its loads' data there (settle
 * made it ready no sooner), its stores acknowledged. */
static int may_leave(const struct gs_warp *w, uint64_t t)
{
	return w->state == GS_READY && w->ready <= t && !has_work(w) && !w->stores;
}

static void sched_add(struct gs_sched *q, struct gs_warp *w)
{
	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 16;
		q->w = wt_realloc(q->w, q->cap * sizeof(*q->w));
	}
	q->w[q->n++] = w;
}

static void sched_remove(struct gs_sched *q, struct gs_warp *w)
{
	for (size_t i = 0; i < q->n; i++)
		if (q->w[i] == w) {
			memmove(q->w + i, q->w + i + 1, (q->n - i - 1) * sizeof(*q->w));
			q->n--;
			if (i < q->active)
				q->active--;
			break;
		}
	if (q->last == w)
		q->last = NULL;
}

/* The L1's policies see the kernel begin on s as its first CTA c
 * arrives: each warp's requests, and c's warps to watch. */
static void l1_kernel_begin(struct wt_gpusim *g, struct gs_sm *s,
			    const struct gs_cta *c)
{
	struct gs_kernel *gk = g->kern;
	struct wt_request *first;

	s->begun = 1;
	gs_pool_begin(g, s);
	if (!gk->kreq)
		return;
	first = wt_calloc(c->nwarps, sizeof(*first));
	for (uint32_t i = 0; i < c->nwarps; i++) {
		first[i].warp = gk->warps[c->first + i].id;
		first[i].cta = c->id;
		first[i].sm = (uint16_t)s->id;
	}
	wt_l1_kernel_begin_warps(s->model, gk->k->id, first, c->nwarps, gk->kwarp,
				 gk->kreq, gk->nwarps);
	free(first);
}

static void settle(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
		   uint64_t t);

static void launch(struct wt_gpusim *g, struct gs_sm *s, struct gs_cta *c,
		   uint64_t t)
{
	struct gs_kernel *gk = g->kern;

	if (!s->begun)
		l1_kernel_begin(g, s, c);
	c->sm = s->id;
	s->ctas++;
	s->c.ctas++;
	for (uint32_t i = 0; i < c->nwarps; i++) {
		struct gs_warp *w = &gk->warps[c->first + i];

		w->age = g->age++;
		w->sched = s->dispatched++ % s->nsch;
		w->ready = t + 1;	/* it issues from the next cycle */
		w->chain_from = UINT64_MAX;
		sched_add(&s->sch[w->sched], w);
		if (w->nonmem == 0)	/* a barrier first? */
			settle(g, s, w, t);
		gs_pool_arrive(s, w);
		s->nwarps++;
		s->c.warps++;
	}
	gs_pool_admit(s);
	if (s->next > t + 1)
		s->next = t + 1;
}

void gs_dispatch(struct wt_gpusim *g, uint64_t t)
{
	struct gs_kernel *gk = g->kern;
	unsigned from = g->next_sm;

	if (!gk || t < g->dispatch_from)
		return;
	for (unsigned i = 0; i < g->nsm && gk->next_cta < gk->nctas; i++) {
		struct gs_sm *s = &g->sm[(from + i) % g->nsm];

		if (s->ctas >= gk->cps)
			continue;
		launch(g, s, &gk->ctas[gk->next_cta++], t);
		g->next_sm = (s->id + 1) % g->nsm;
	}
}

/* ---- loads in flight and what waits for them ----
 *
 * A warp's loads are in flight until their data is all there.  Where its
 * records carry the trace's register dependences (record.h, WT_WARP_DEPS)
 * an instruction waits only for the loads it depends on (dep: those of
 * its records up to dep back, from its record's at-th instruction on);
 * where they do not, every instruction waits for every earlier load, as
 * if each load's value were used at once.  A warp leaves only when its
 * loads' data is there.  A shared-memory load (no request to the L1) is
 * in flight for the shared-memory latency, counted as the pipeline's.
 */

static struct gs_load *load_of(struct gs_warp *w, uint32_t rec)
{
	for (unsigned i = 0; i < w->nld; i++)
		if (w->ld[i].rec == rec)
			return &w->ld[i];
	return NULL;
}

static struct gs_load *load_add(struct gs_warp *w, uint32_t rec, uint64_t t)
{
	struct gs_load *l;

	if (w->nld == w->capld) {
		w->capld = w->capld ? 2 * w->capld : 4;
		w->ld = wt_realloc(w->ld, w->capld * sizeof(*w->ld));
	}
	l = &w->ld[w->nld++];
	memset(l, 0, sizeof(*l));
	l->rec = rec;
	l->start = t;
	return l;
}

static int load_there(const struct gs_load *l)
{
	return l->taken && !l->waiting;
}

/* The loads w's next instruction waits for: those of its records up to
 * *upto (1), or none (0).  With nothing left to issue, all of them;
 * all_loads: every earlier one, whatever the records say. */
static int needs(const struct gs_warp *w, int all_loads, uint32_t *upto)
{
	const struct wt_warp *r;
	unsigned pos, dep;

	if (!w->nld)
		return 0;
	*upto = UINT32_MAX;
	if (!has_work(w))
		return 1;
	r = w->rec[w->next];
	if (!(r->flags & WT_WARP_DEPS) || all_loads) {
		*upto = w->next - 1;	/* every earlier one */
		return w->next > 0;
	}
	pos = r->icount - w->nonmem;
	dep = WT_WARP_DEP(r->flags);
	if (dep == 0 || dep > w->next || pos < WT_WARP_AT(r->flags))
		return 0;
	*upto = w->next - dep;
	return 1;
}

/* w's data is all there at cycle at: it may go on. */
static void wake(struct gs_sm *s, struct gs_warp *w, uint64_t at)
{
	w->state = GS_READY;
	w->ready = at;
	w->memwait = 1;
	if (s->next > at)
		s->next = at;
}

/* Whether the loads w waits for are there: it wakes when they are. */
static void recheck(struct gs_sm *s, struct gs_warp *w)
{
	uint64_t at = w->ready;

	for (unsigned i = 0; i < w->nld; i++) {
		const struct gs_load *l = &w->ld[i];

		if (l->rec > w->need)
			continue;
		if (!load_there(l))
			return;
		if (l->ready > at)
			at = l->ready;
	}
	wake(s, w, at);
}

/* Load l's data is all there (at l->ready): its latency is counted. */
static void load_done(struct gs_sm *s, const struct gs_load *l)
{
	if (!l->pipe)
		wt_l2_hist_add(&s->c.latency, l->ready - l->start);
}

static void barrier_arrive(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
			   uint64_t t);

/* The cycles a record's chain takes (record.h): each of its instructions
 * its class's latency (the integer class's for those the classes byte
 * does not count) and the pipeline's, from issue to write-back. */
static uint64_t chain_cycles(const struct wt_gpusim_cfg *c, const struct wt_warp *r)
{
	unsigned n = WT_WARP_CHAIN(r->flags);
	uint64_t t = 0;

	for (unsigned k = WT_LAT_SP; k < WT_LAT_CLASSES; k++) {
		unsigned m = WT_WARP_CLASS(r->classes, k);

		if (m > n)
			m = n;		/* the stream checker refuses more */
		t += (uint64_t)m * c->latency[k];
		n -= m;
	}
	return t + (uint64_t)n * c->latency[WT_LAT_INT] +
	       (uint64_t)WT_WARP_CHAIN(r->flags) * c->pipeline_latency;
}

/* w's memory instruction, next, reads what a chain of its record's
 * instructions computed (record.h's chain): it issues no sooner than
 * the chain's latencies after the record's instructions began. */
static void chain_wait(const struct wt_gpusim *g, struct gs_warp *w)
{
	const struct wt_warp *r;
	uint64_t at;

	if (w->nonmem || w->next >= w->nrec || w->chain_from == UINT64_MAX)
		return;
	r = w->rec[w->next];
	if (!(r->flags & WT_WARP_DEPS) || r->op == WT_OP_NONE)
		return;
	at = w->chain_from + chain_cycles(g->cfg, r);
	if (at > w->ready)
		w->ready = at;
}

/*
 * w, ready at w->ready, is at its next instruction after t: a barrier
 * before it stops it; if it waits for loads, it waits for their data
 * (GS_MEM until they are all in, else ready no sooner than their data).
 * The loads whose data is there and which nothing waits for any more
 * are dropped.
 */
static void settle(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
		   uint64_t t)
{
	uint32_t upto;
	uint64_t at = 0;
	int any = 0;
	unsigned k = 0;

	for (unsigned i = 0; i < w->nld; i++)
		if (!load_there(&w->ld[i]) || w->ld[i].ready > t)
			w->ld[k++] = w->ld[i];
	w->nld = k;
	if (w->nonmem == 0 && w->next < w->nrec &&
	    (w->rec[w->next]->flags & WT_WARP_BARRIER) && w->barred != w->next + 1) {
		barrier_arrive(g, s, w, t);
		return;
	}
	chain_wait(g, w);
	if (!needs(w, g->cfg->all_loads, &upto))
		return;
	for (unsigned i = 0; i < w->nld; i++) {
		const struct gs_load *l = &w->ld[i];

		if (l->rec > upto)
			continue;
		if (!load_there(l)) {
			w->state = GS_MEM;
			w->need = upto;
			w->chain_from = UINT64_MAX;
			return;
		}
		if (l->ready > at)
			at = l->ready;
		any |= !l->pipe;
	}
	if (at > w->ready) {
		w->ready = at;
		w->chain_from = UINT64_MAX;	/* the rest runs from here */
	}
	if (any)
		w->memwait = 1;
}

static void add_wait(struct gs_sm *s, struct gs_warp *w, uint32_t rec,
		     const struct wt_request *r, int bypass)
{
	if (s->nwait == s->capwait) {
		s->capwait = s->capwait ? 2 * s->capwait : 64;
		s->wait = wt_realloc(s->wait, s->capwait * sizeof(*s->wait));
	}
	s->wait[s->nwait].w = w;
	s->wait[s->nwait].rec = rec;
	s->wait[s->nwait].r = *r;
	s->wait[s->nwait].bypass = bypass;
	s->nwait++;
	load_of(w, rec)->waiting++;
}

/* One of the responses of w's load of record rec is in, its data there
 * at at. */
static void arrived(struct gs_sm *s, struct gs_warp *w, uint32_t rec, uint64_t at)
{
	struct gs_load *l = load_of(w, rec);

	l->waiting--;
	if (l->ready < at)
		l->ready = at;
	if (load_there(l))
		load_done(s, l);
	if (w->state == GS_MEM)
		recheck(s, w);
}

/* ---- barriers ---- */

/* Every warp of c that is not done is at the barrier: they go on from
 * the next cycle. */
static void barrier_release(struct wt_gpusim *g, struct gs_sm *s, struct gs_cta *c,
			    uint64_t t)
{
	struct gs_kernel *gk = g->kern;

	if (!c->barred || c->barred < c->left)
		return;
	c->barred = 0;
	for (uint32_t i = 0; i < c->nwarps; i++) {
		struct gs_warp *w = &gk->warps[c->first + i];

		if (w->state != GS_BAR)
			continue;
		w->state = GS_READY;
		w->ready = t + 1;
		w->memwait = 0;
		settle(g, s, w, t);
	}
	if (s->limit)
		gs_pool_admit(s);
	if (s->next > t + 1)
		s->next = t + 1;
}

static void barrier_arrive(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
			   uint64_t t)
{
	struct gs_cta *c = &g->kern->ctas[w->cta];

	w->state = GS_BAR;
	w->barred = w->next + 1;
	c->barred++;
	if (s->limit)
		gs_pool_admit(s);	/* it no longer counts */
	barrier_release(g, s, c, t);
}

/* w has left at t. */
static void finish(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
		   uint64_t t)
{
	struct gs_kernel *gk = g->kern;
	struct gs_cta *c = &gk->ctas[w->cta];

	w->state = GS_DONE;
	free(w->ld);
	w->ld = NULL;
	w->nld = w->capld = 0;
	sched_remove(&s->sch[w->sched], w);
	gs_pool_leave(s, w);
	s->nwarps--;
	if (--c->left == 0) {
		s->ctas--;
		gk->ctas_left--;
		if (gk->ks->end < t)
			gk->ks->end = t;
	} else {
		barrier_release(g, s, c, t);	/* it was the last to come */
	}
}

static enum wt_sim_stall stall_of(enum wt_refusal why)
{
	switch (why) {
	case WT_REFUSE_MSHR_FULL:
		return WT_SIM_MSHR;
	case WT_REFUSE_MSHR_MERGE:
		return WT_SIM_MERGE;
	case WT_REFUSE_NO_LINE:
		return WT_SIM_LINE;
	default:
		return WT_SIM_MISSQ;
	}
}

/* The LD/ST unit offers its next request at t. */
static void ldst(struct wt_gpusim *g, struct gs_sm *s, uint64_t t)
{
	struct wt_request *r = &s->req[s->ireq];
	struct gs_warp *w = s->uw;
	enum wt_refusal why;
	uint64_t done = 0, bypasses = s->model->st.bypasses, misses, n;
	struct gs_load *l;
	int rc;

	/* a request may send two events on: a write-back and its own */
	if (s->credits < 2) {
		s->ublock = WT_SIM_ICNT;
		s->uretry = UINT64_MAX;
		return;
	}
	r->time = t;
	s->model->noalloc = s->unoalloc;
	misses = s->model->st.misses;
	rc = wt_comp_accept_request(s->l1, r, t, &done, &why);
	s->model->noalloc = 0;
	if (s->npol)
		gs_pool_accessed(s, w, r, rc == 0 && s->model->st.misses > misses);
	if (rc < 0) {
		if (why == WT_REFUSE_PAST || why == WT_REFUSE_NOT_MINE) {
			gs_fail(g, "SM %u: its L1 refused a request at cycle %llu (%s)",
				s->id, (unsigned long long)t, wt_refusal_name(why));
			return;
		}
		s->c.refusals[why]++;
		s->ublock = stall_of(why);
		n = wt_comp_next_event(s->l1);
		s->uretry = n > t ? n : t + 1;
		return;
	}
	s->c.requests++;
	if (s->uload) {
		if (s->model->st.bypasses != bypasses)
			add_wait(s, w, s->urec, r, 1);
		else if (done == UINT64_MAX)
			add_wait(s, w, s->urec, r, 0);
		else if ((l = load_of(w, s->urec))->ready < done)
			l->ready = done;
	}
	s->ublock = WT_SIM_STALLS;
	if (++s->ireq < s->nreq) {
		s->uretry = t + 1;
		return;
	}
	s->uw = NULL;
	if (s->uload) {
		l = load_of(w, s->urec);
		l->taken = 1;
		if (!l->waiting) {	/* hits: there when they say */
			if (l->ready < t + 1)
				l->ready = t + 1;
			load_done(s, l);
		}
	}
	w->state = GS_READY;
	w->ready = t + 1;
	settle(g, s, w, t);
}

void gs_sm_response(struct wt_gpusim *g, struct gs_sm *s, const struct wt_event *e,
		    uint64_t t)
{
	int miss = e->type == WT_EV_MISS;
	size_t i = 0;

	/* a store miss's answer fills what its write-allocate fetched, if
	 * it fetched anything */
	if (miss && wt_l1_component_fill(s->l1, e->addr, e->sectors, t) < 0 &&
	    e->op != WT_OP_STORE) {
		gs_fail(g, "SM %u: the L2's data for line 0x%llx came at cycle %llu, "
			"and the L1 has no miss of it", s->id,
			(unsigned long long)e->addr, (unsigned long long)t);
		return;
	}
	while (i < s->nwait) {
		struct gs_lwait *q = &s->wait[i];
		uint64_t at;

		if (q->r.addr != e->addr || q->bypass == miss ||
		    (!miss && (q->w->id != e->warp || q->r.instr != e->instr))) {
			i++;
			continue;
		}
		at = miss ? wt_l1_component_ready(s->l1, &q->r) : t;
		if (at == UINT64_MAX) {
			i++;
			continue;
		}
		arrived(s, q->w, q->rec, at > t ? at : t);
		*q = s->wait[--s->nwait];
		if (!miss)
			break;	/* a bypass answers one request */
	}
	/* a fill may have freed what the LD/ST unit waits for */
	if (s->uw && s->ublock != WT_SIM_STALLS && s->ublock != WT_SIM_ICNT)
		s->uretry = t;
	if (s->next > t)
		s->next = t;
}

struct gs_warp *gs_warp_of(struct wt_gpusim *g, const struct wt_event *e)
{
	const struct gs_kernel *gk = g->kern;
	size_t lo = 0, hi;

	if (!gk)
		return NULL;
	hi = gk->nctas;
	while (lo < hi) {	/* the CTAs are in id order */
		size_t mid = (lo + hi) / 2;

		if (gk->ctas[mid].id < e->cta)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == gk->nctas || gk->ctas[lo].id != e->cta)
		return NULL;
	for (uint32_t i = 0; i < gk->ctas[lo].nwarps; i++)
		if (gk->warps[gk->ctas[lo].first + i].id == e->warp)
			return &gk->warps[gk->ctas[lo].first + i];
	return NULL;
}

void gs_sm_store(struct gs_sm *s, struct gs_warp *w, int acked, uint64_t t)
{
	if (!acked) {
		w->stores++;
		return;
	}
	if (w->stores && --w->stores == 0 && s->next > t)
		s->next = t;	/* it may leave now */
}

void gs_sm_credit(struct gs_sm *s, uint64_t t)
{
	s->credits++;
	if (s->uw && s->ublock == WT_SIM_ICNT && s->credits >= 2) {
		s->uretry = t;
		if (s->next > t)
			s->next = t;
	}
}

static int may_issue(const struct gs_sm *s, const struct gs_warp *w, uint64_t t)
{
	return w->state == GS_READY && w->ready <= t && has_work(w) &&
	       (w->nonmem > 0 || !s->uw);
}

/* Two-level: the warps waiting for data leave the active set, the
 * oldest pending ready ones join it. */
static void two_level(struct gs_sched *q, size_t n)
{
	size_t i = 0;

	while (i < q->active) {
		struct gs_warp *w = q->w[i];

		if (w->state == GS_MEM || w->state == GS_BAR) {
			memmove(q->w + i, q->w + i + 1, (q->n - i - 1) * sizeof(*q->w));
			q->w[q->n - 1] = w;
			q->active--;
		} else {
			i++;
		}
	}
	for (i = q->active; i < q->n && q->active < n; i++) {
		struct gs_warp *w = q->w[i];

		if (w->state == GS_MEM || w->state == GS_BAR)
			continue;
		memmove(q->w + q->active + 1, q->w + q->active,
			(i - q->active) * sizeof(*q->w));
		q->w[q->active++] = w;
	}
}

/* Whether w may issue at t: ready, and the policies let it. */
static int eligible(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
		    uint64_t t)
{
	return may_issue(s, w, t) && gs_pool_allows(g, s, w);
}

/* The warp scheduler q picks at t, or NULL: the first eligible warp in
 * its order of preference (GTO: the last one issued, then the oldest;
 * LRR: from the one after the last), or, when a policy orders the issue,
 * the one it picks of all the eligible in that order. */
static struct gs_warp *pick(struct wt_gpusim *g, struct gs_sm *s,
			    struct gs_sched *q, uint64_t t)
{
	const struct wt_order_cfg *oc = &g->cfg->order;
	size_t n = q->n, from = 0, last = SIZE_MAX;

	if (oc->warp_limit && n > oc->warp_limit)
		n = oc->warp_limit;
	if (oc->policy == WT_POLICY_TWO_LEVEL) {
		two_level(q, oc->active_warps ? oc->active_warps : 1);
		if (n > q->active)
			n = q->active;
	}
	if (!n)
		return NULL;
	if (q->last)
		for (size_t i = 0; i < n; i++)
			if (q->w[i] == q->last)
				last = i;
	s->nqueue = 0;
	if (oc->policy == WT_POLICY_GTO) {
		if (last != SIZE_MAX && eligible(g, s, q->last, t)) {
			if (!s->picks)
				return q->last;
			s->queue[s->nqueue++] = q->last;
		}
	} else if (last != SIZE_MAX) {
		from = last + 1;	/* round robin: after the last one */
	}
	for (size_t k = 0; k < n; k++) {
		struct gs_warp *w = q->w[(from + k) % n];

		if (oc->policy == WT_POLICY_GTO && (from + k) % n == last)
			continue;	/* asked first */
		if (!eligible(g, s, w, t))
			continue;
		if (!s->picks)
			return w;
		s->queue[s->nqueue++] = w;
	}
	return s->nqueue ? s->queue[gs_pool_pick(s)] : NULL;
}

static void issue(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
		  uint64_t t)
{
	const struct wt_warp *r = w->rec[w->next];
	unsigned n;

	s->sch[w->sched].last = w;
	w->memwait = 0;
	if (w->chain_from == UINT64_MAX)
		w->chain_from = t;
	s->c.instrs++;
	s->c.thread_instrs += r->mask ? lanes(r->mask) : w->lanes;
	if (w->nonmem > 0) {
		w->nonmem--;
		w->ready = t + g->cfg->issue_interval;
		settle(g, s, w, t);
		return;
	}
	s->c.mem_instrs++;
	n = gs_pool_requests(g, s, w, s->req);
	s->urec = w->next++;
	w->chain_from = UINT64_MAX;	/* the next record's begin */
	if (w->next < w->nrec)
		w->nonmem = w->rec[w->next]->icount;
	if (n == 0) {
		w->ready = t + g->cfg->issue_interval;
		if (r->op != WT_OP_STORE) {	/* shared memory's latency */
			struct gs_load *l = load_add(w, s->urec, t);

			l->taken = 1;
			l->pipe = 1;
			l->ready = t + g->cfg->shmem_latency;
		}
		settle(g, s, w, t);
		return;
	}
	if (s->npol)
		gs_pool_issue(s, w);
	s->uw = w;
	s->nreq = n;
	s->ireq = 0;
	s->uload = r->op != WT_OP_STORE;
	s->uretry = t + 1;
	s->ublock = WT_SIM_STALLS;
	w->state = GS_LDST;
	if (s->uload)
		load_add(w, s->urec, t);
}

/* Why SM s issues nothing at t: what its warps wait for, the first of
 * the LD/ST unit (if a ready warp waits for it), a policy (it held a
 * ready warp back), the pipeline (a warp waits for its last
 * instruction), memory (every warp waits for data), a warp limit (the
 * only ready warps are past it). */
static enum wt_sim_stall stalled(const struct gs_sm *s, uint64_t t)
{
	int ready = 0, pipe = 0, limited = 0, bar = 0;

	if (!s->nwarps)
		return WT_SIM_IDLE;
	for (unsigned k = 0; k < s->nsch; k++)
		for (size_t i = 0; i < s->sch[k].n; i++) {
			const struct gs_warp *w = s->sch[k].w[i];

			bar |= w->state == GS_BAR;
			if (w->state != GS_READY)
				continue;
			if (w->ready <= t && !w->admitted)
				limited = 1;
			else if (w->ready <= t)
				ready = 1;
			else if (!w->memwait)
				pipe = 1;
		}
	if (ready && s->uw)
		return s->ublock != WT_SIM_STALLS ? s->ublock : WT_SIM_LDST;
	if (ready && s->held)
		return WT_SIM_THROTTLED;
	if (pipe)
		return WT_SIM_PIPE;
	if (s->uw && s->ublock != WT_SIM_STALLS)
		return s->ublock;
	return limited ? WT_SIM_THROTTLED : bar ? WT_SIM_BARRIER : WT_SIM_MEMORY;
}

void gs_sm_count_to(struct gs_sm *s, uint64_t t)
{
	if (t > s->counted) {
		s->c.stall[stalled(s, s->counted)] += t - s->counted;
		s->counted = t;
	}
}

/* The first cycle after t at which s may do something. */
static uint64_t next_of(const struct gs_sm *s, uint64_t t)
{
	uint64_t n = UINT64_MAX;

	if (s->uw)
		n = s->uretry > t ? s->uretry : t + 1;
	for (unsigned k = 0; k < s->nsch; k++)
		for (size_t i = 0; i < s->sch[k].n; i++) {
			const struct gs_warp *w = s->sch[k].w[i];
			uint64_t at;

			if (w->state != GS_READY || (!has_work(w) && w->stores))
				continue;
			/* past the limit: until a warp leaves or it changes */
			if (!w->admitted && has_work(w))
				continue;
			at = w->ready > t ? w->ready : t + 1;
			/* a memory instruction waits for the LD/ST unit */
			if (s->uw && !w->nonmem && has_work(w) && at < n)
				continue;
			if (at < n)
				n = at;
		}
	return n;
}

void gs_sm_cycle(struct wt_gpusim *g, struct gs_sm *s, uint64_t t)
{
	int issued = 0;

	gs_sm_count_to(s, t);
	s->now = t;
	s->held = 0;
	/* warps with nothing left leave once their last instruction is done */
	for (unsigned k = 0; k < s->nsch; k++)
		for (size_t i = 0; i < s->sch[k].n;) {
			struct gs_warp *w = s->sch[k].w[i];

			if (may_leave(w, t))
				finish(g, s, w, t);
			else
				i++;
		}
	if (s->uw && s->uretry <= t)
		ldst(g, s, t);
	for (unsigned k = 0; k < s->nsch; k++) {
		struct gs_warp *w = pick(g, s, &s->sch[k], t);

		if (w) {
			issue(g, s, w, t);
			issued = 1;
		}
	}
	if (issued)
		s->c.issue_cycles++;
	else
		s->c.stall[stalled(s, t)]++;
	s->counted = t + 1;
	s->next = next_of(s, t);
}
