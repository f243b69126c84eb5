/*
 * order.c - the execution model: CTA dispatch onto SMs, warp formation,
 * and warp scheduling, as a discrete-event simulation in cycles.
 *
 * The model, stated in full in trace-order(1):
 *  - CTAs are dispatched in flat order, round-robin over the SMs until each
 *    holds as many as its resources allow; after that a CTA goes to the SM
 *    where one has just ended (first done, first served).
 *  - Warp w of a CTA holds its threads w*W .. w*W+W-1 (flat thread order).
 *    Its i-th memory instruction is made of the i-th access of each of its
 *    threads; lanes whose i-th accesses differ in PC, op, size or space
 *    issue as separate instructions, lowest lane first.  A stream of warp
 *    records (warps formed before, as for Accel-Sim traces) gives each
 *    warp's instructions as they are.
 *  - A scheduler issues one instruction per cycle.  A warp's memory
 *    instruction issues after the non-memory instructions that precede it
 *    (its icount, the largest of its lanes), one per cycle; after a load
 *    or atomic the warp waits `latency` cycles, after a store one cycle.
 *  - Schedulers choose among their ready warps by policy: loose round
 *    robin, greedy-then-oldest, or two-level (an active set of warps in
 *    round robin; a warp that issues a load leaves it).
 */
#include "order.h"
#include "kbuf.h"
#include "util.h"
#include "wbuf.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT64_MAX

/* Events at one cycle run in this order. */
enum { EV_CTA_DONE = 0, EV_ISSUE = 1, EV_SCHED = 2 };

struct warp {
	int live, done, active;
	uint32_t cta, id, instr;
	unsigned slot_cta;	/* resident CTA slot on its SM */
	unsigned lanes;
	uint64_t age, ready;
	const struct wt_access *base;
	size_t rfirst;		/* warp records: index of the first in its CTA */
	uint32_t off[WT_MAX_LANES], cnt[WT_MAX_LANES];
	uint32_t step, maxcnt;
	uint64_t remaining;	/* lanes whose access at `step` is not issued */
	int charged;		/* the icount of `step` has been spent */
};

struct sched {
	unsigned *order;	/* warp slots, oldest first */
	unsigned n;
	uint64_t free_at, pending;
	uint64_t last_age;
	int have_last;
	unsigned active;	/* two-level: warps in the active set */
	int busy;		/* a picked warp's memory instruction is due */
	unsigned busy_slot;
	uint64_t busy_mask;
	uint32_t busy_icount;
};

struct cta_slot {
	int live;
	uint32_t cta;
	unsigned warps_left;
	uint64_t done_at;
	uint32_t *off;
};

struct sm {
	struct warp *w;
	struct cta_slot *c;
	struct sched *s;
};

struct event {
	uint64_t time;
	uint32_t type, sm, arg;
};

struct model {
	const struct wt_order_cfg *cfg;
	struct wt_kbuf *kb;	/* thread accesses, or */
	struct wt_wbuf *wb;	/* warp records */
	wt_order_need need;	/* streaming: completes a CTA in kb, or NULL */
	void *needctx;
	unsigned cps, wpc, bt, W;
	uint32_t nctas, next_cta;
	uint64_t ended;		/* CTAs that have ended */
	uint64_t age;
	struct sm *sm;
	struct event *heap;
	size_t nheap, capheap;
	struct wt_warp *rec;
	wt_order_emit emit;
	void *ctx;
	struct wt_order_stats *st;
	int failed;
	int need_failed;	/* need() stopped the run */
};

void wt_order_cfg_arch(struct wt_order_cfg *cfg, const struct wt_arch *a)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->sms = a->sms;
	cfg->warp_size = a->warp_size;
	cfg->max_threads = a->max_threads;
	cfg->max_ctas = a->max_ctas;
	cfg->max_warps = a->max_warps;
	cfg->regs = a->regs;
	cfg->reg_unit = a->reg_unit;
	cfg->shmem = a->shmem;
	cfg->shmem_unit = a->shmem_unit;
	cfg->cta_threads = a->cta_threads;
	cfg->schedulers = a->schedulers;
	cfg->policy = a->policy;
	cfg->active_warps = 8;
	cfg->latency = 100;
}

static uint64_t round_up(uint64_t v, uint64_t unit)
{
	return unit ? (v + unit - 1) / unit * unit : v;
}

struct limit {
	const char *name;
	uint64_t n;
};

unsigned wt_order_occupancy(const struct wt_order_cfg *cfg,
			    const struct wt_kernel *k, const char **why)
{
	uint64_t bt = wt_kernel_block_threads(k);
	uint64_t wpc = (bt + cfg->warp_size - 1) / cfg->warp_size;
	struct limit lim[6];
	unsigned nlim = 0, best = 0;

	if (bt == 0 || bt > cfg->cta_threads) {
		*why = "the most threads a CTA may have";
		return 0;
	}
	if (cfg->cta_limit)
		lim[nlim++] = (struct limit){ "cta-limit", cfg->cta_limit };
	lim[nlim++] = (struct limit){ "ctas", cfg->max_ctas };
	lim[nlim++] = (struct limit){ "threads", cfg->max_threads / bt };
	lim[nlim++] = (struct limit){ "warps", cfg->max_warps / wpc };
	if (k->regs) {
		uint64_t per_warp = round_up((uint64_t)k->regs * cfg->warp_size,
					     cfg->reg_unit);

		lim[nlim++] = (struct limit){ "registers", cfg->regs / (per_warp * wpc) };
	}
	if (k->shmem)
		lim[nlim++] = (struct limit){ "shared_memory",
			cfg->shmem / round_up(k->shmem, cfg->shmem_unit) };
	for (unsigned i = 1; i < nlim; i++)
		if (lim[i].n < lim[best].n)
			best = i;
	*why = lim[best].name;
	if (lim[best].n == 0)
		return 0;
	return lim[best].n > UINT32_MAX ? UINT32_MAX : (unsigned)lim[best].n;
}

/* ---- event heap, ordered by (time, type, sm, arg) ---- */

static int before(const struct event *a, const struct event *b)
{
	if (a->time != b->time)
		return a->time < b->time;
	if (a->type != b->type)
		return a->type < b->type;
	if (a->sm != b->sm)
		return a->sm < b->sm;
	return a->arg < b->arg;
}

static void push(struct model *m, uint64_t time, uint32_t type, uint32_t sm,
		 uint32_t arg)
{
	size_t i;

	if (m->nheap == m->capheap) {
		m->capheap = m->capheap ? 2 * m->capheap : 64;
		m->heap = wt_realloc(m->heap, m->capheap * sizeof(*m->heap));
	}
	i = m->nheap++;
	m->heap[i] = (struct event){ time, type, sm, arg };
	while (i > 0 && before(&m->heap[i], &m->heap[(i - 1) / 2])) {
		struct event t = m->heap[i];

		m->heap[i] = m->heap[(i - 1) / 2];
		m->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static struct event pop(struct model *m)
{
	struct event top = m->heap[0];
	size_t i = 0;

	m->heap[0] = m->heap[--m->nheap];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, s = i;

		if (l < m->nheap && before(&m->heap[l], &m->heap[s]))
			s = l;
		if (r < m->nheap && before(&m->heap[r], &m->heap[s]))
			s = r;
		if (s == i)
			break;
		struct event t = m->heap[i];
		m->heap[i] = m->heap[s];
		m->heap[s] = t;
		i = s;
	}
	return top;
}

/* ---- warps and schedulers ---- */

/* May warp w of scheduler s issue at all (ignoring readiness)?  The
 * static warp limit admits only the oldest unfinished warps; two-level
 * admits active warps, and others while the active set has room. */
static int issuable(const struct model *m, const struct sched *s,
		    const struct warp *w, unsigned rank)
{
	if (w->done)
		return 0;
	if (m->cfg->warp_limit && rank >= m->cfg->warp_limit)
		return 0;
	if (m->cfg->policy == WT_POLICY_TWO_LEVEL && !w->active &&
	    s->active >= m->cfg->active_warps)
		return 0;
	return 1;
}

static void resched(struct model *m, uint32_t smi, uint32_t si, uint64_t now)
{
	struct sm *sm = &m->sm[smi];
	struct sched *s = &sm->s[si];
	uint64_t best = NONE;
	unsigned rank = 0;

	if (s->busy)
		return;		/* the pending issue will reschedule */
	for (unsigned i = 0; i < s->n; i++) {
		struct warp *w = &sm->w[s->order[i]];
		uint64_t t;

		if (w->done)
			continue;
		if (issuable(m, s, w, rank++)) {
			t = w->ready;
			if (t < s->free_at)
				t = s->free_at;
			if (t < now)
				t = now;
			if (t < best)
				best = t;
		}
	}
	if (best != NONE && best != s->pending)
		push(m, best, EV_SCHED, smi, si);
	s->pending = best;
}

/* Two-level: fill the active set with the oldest ready warps outside it. */
static void fill_active(struct model *m, struct sm *sm, struct sched *s,
			uint64_t t)
{
	unsigned rank = 0;

	for (unsigned i = 0; i < s->n && s->active < m->cfg->active_warps; i++) {
		struct warp *w = &sm->w[s->order[i]];

		if (w->done)
			continue;
		if (issuable(m, s, w, rank++) && !w->active && w->ready <= t) {
			w->active = 1;
			s->active++;
		}
	}
}

/* Choose the warp slot to issue at time t, or -1. */
static int pick(struct model *m, struct sm *sm, struct sched *s, uint64_t t)
{
	int first_ready = -1, after_last = -1, last = -1;
	unsigned rank = 0;

	if (m->cfg->policy == WT_POLICY_TWO_LEVEL)
		fill_active(m, sm, s, t);

	for (unsigned i = 0; i < s->n; i++) {
		struct warp *w = &sm->w[s->order[i]];

		if (w->done)
			continue;
		if (!issuable(m, s, w, rank++) || w->ready > t)
			continue;
		if (m->cfg->policy == WT_POLICY_TWO_LEVEL && !w->active)
			continue;
		if (first_ready < 0)
			first_ready = (int)s->order[i];
		if (s->have_last && w->age == s->last_age)
			last = (int)s->order[i];
		if (after_last < 0 && s->have_last && w->age > s->last_age)
			after_last = (int)s->order[i];
	}
	switch (m->cfg->policy) {
	case WT_POLICY_GTO:
		return last >= 0 ? last : first_ready;
	default:	/* loose round robin, over the active set for two-level */
		return after_last >= 0 ? after_last : first_ready;
	}
}

static void add_to_sched(struct sched *s, unsigned slot)
{
	s->order[s->n++] = slot;
}

static void remove_from_sched(struct sched *s, unsigned slot)
{
	unsigned j = 0;

	for (unsigned i = 0; i < s->n; i++)
		if (s->order[i] != slot)
			s->order[j++] = s->order[i];
	s->n = j;
}

static void dispatch(struct model *m, uint32_t smi, unsigned cslot, uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct cta_slot *cs = &sm->c[cslot];
	uint32_t cta = m->next_cta++;
	const struct wt_access *base = NULL;

	/* Streaming: the CTA's accesses are read only now, as it is
	 * dispatched in id order. */
	if (m->need && (m->need(m->needctx, cta) != 0 ||
			m->kb->max_thread / m->bt >= m->nctas)) {
		m->failed = m->need_failed = 1;
		return;
	}
	if (m->wb)
		cs->off = wt_wbuf_sort_cta(m->wb, cta, m->wpc);
	else
		cs->off = wt_kbuf_sort_cta(m->kb, cta);
	if (!m->wb)
		base = wt_kbuf_cta(m->kb, cta);
	cs->live = 1;
	cs->cta = cta;
	cs->warps_left = 0;
	cs->done_at = t;
	for (unsigned wi = 0; wi < m->wpc; wi++) {
		unsigned ws = cslot * m->wpc + wi;
		struct warp *w = &sm->w[ws];
		unsigned first = wi * m->W;

		memset(w, 0, sizeof(*w));
		w->live = 1;
		w->cta = cta;
		w->id = cta * m->wpc + wi;
		w->slot_cta = cslot;
		w->age = m->age++;
		w->ready = t;
		w->base = base;
		w->lanes = m->bt - first < m->W ? m->bt - first : m->W;
		if (m->wb) {
			/* Records are whole instructions: step counts them. */
			w->rfirst = cs->off[wi];
			w->maxcnt = cs->off[wi + 1] - cs->off[wi];
		}
		for (unsigned l = 0; !m->wb && l < w->lanes; l++) {
			w->off[l] = cs->off[first + l];
			w->cnt[l] = cs->off[first + l + 1] - cs->off[first + l];
			if (w->cnt[l])
				w->remaining |= 1ULL << l;
			if (w->cnt[l] > w->maxcnt)
				w->maxcnt = w->cnt[l];
		}
		if (w->maxcnt == 0)
			w->done = 1;
		else
			cs->warps_left++;
		add_to_sched(&sm->s[ws % m->cfg->schedulers], ws);
	}
	m->st->ctas++;
	m->st->warps += m->wpc;
	m->st->sm_ctas[smi]++;
	if (cs->warps_left == 0)
		push(m, t, EV_CTA_DONE, smi, cslot);
}

static void cta_done(struct model *m, uint32_t smi, unsigned cslot, uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct cta_slot *cs = &sm->c[cslot];

	for (unsigned wi = 0; wi < m->wpc; wi++) {
		unsigned ws = cslot * m->wpc + wi;
		struct sched *s = &sm->s[ws % m->cfg->schedulers];

		if (sm->w[ws].active)
			s->active--;
		sm->w[ws].live = 0;
		remove_from_sched(s, ws);
	}
	free(cs->off);
	cs->off = NULL;
	if (m->wb)
		wt_wbuf_release_cta(m->wb, cs->cta);
	else
		wt_kbuf_release_cta(m->kb, cs->cta);
	cs->live = 0;
	m->ended++;
	if (t > m->st->end)
		m->st->end = t;
	if (m->next_cta < m->nctas)
		dispatch(m, smi, cslot, t);
	for (unsigned si = 0; si < m->cfg->schedulers; si++)
		resched(m, smi, si, t);
}

/*
 * The lanes of a warp's next instruction formed from its threads'
 * accesses: the lowest lane with an access at the current index, and
 * every lane whose access there matches it; and the icount to spend.
 */
static void next_from_accesses(struct model *m, struct warp *w, uint64_t *mask,
			       uint32_t *icount)
{
	const struct wt_access *a0;
	uint64_t bits;
	unsigned l0;

	while (w->remaining == 0) {
		w->step++;
		w->charged = 0;
		for (unsigned l = 0; l < w->lanes; l++)
			if (w->cnt[l] > w->step)
				w->remaining |= 1ULL << l;
	}
	l0 = (unsigned)__builtin_ctzll(w->remaining);
	a0 = &w->base[w->off[l0] + w->step];
	*mask = 0;
	*icount = 0;
	for (bits = w->remaining; bits; bits &= bits - 1) {
		unsigned l = (unsigned)__builtin_ctzll(bits);
		const struct wt_access *a = &w->base[w->off[l] + w->step];

		/* The non-memory instructions before this index run once,
		 * for the widest lane, whatever splits follow. */
		if (!w->charged && a->icount > *icount)
			*icount = a->icount;
		if (a->pc == a0->pc && a->op == a0->op && a->size == a0->size &&
		    a->space == a0->space)
			*mask |= 1ULL << l;
	}
	w->charged = 1;
	w->remaining &= ~*mask;
	if (w->remaining)
		m->st->split++;
}

/*
 * The scheduler picked warp ws at cycle t: take the lanes of its next
 * instruction (or its next record, when warps came formed), then issue
 * it after its non-memory instructions.
 */
static void issue(struct model *m, uint32_t smi, struct sched *s, unsigned ws,
		  uint64_t t)
{
	struct warp *w = &m->sm[smi].w[ws];
	uint64_t mask;
	uint32_t icount;

	if (m->wb) {
		const struct wt_warp *r = wt_wbuf_rec(m->wb, w->cta,
						       w->rfirst + w->step);

		mask = r->mask;
		icount = r->icount;
	} else {
		next_from_accesses(m, w, &mask, &icount);
	}
	s->busy = 1;
	s->busy_slot = ws;
	s->busy_mask = mask;
	s->busy_icount = icount;
	s->free_at = t + icount + 1;
	w->ready = NONE;	/* in flight until it issues */
	push(m, t + icount, EV_ISSUE, smi, (uint32_t)(s - m->sm[smi].s));
}

/* The memory instruction picked earlier issues now, at cycle t. */
static void finish_issue(struct model *m, uint32_t smi, struct sched *s,
			 uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct warp *w = &sm->w[s->busy_slot];
	struct wt_warp *r = m->rec;
	const struct wt_access *a0;
	uint64_t mask = s->busy_mask;

	s->busy = 0;
	memset(r->addr, 0, m->W * sizeof(r->addr[0]));
	if (m->wb) {
		const struct wt_warp *in = wt_wbuf_rec(m->wb, w->cta,
							w->rfirst + w->step);

		for (uint64_t bits = mask; bits; bits &= bits - 1) {
			unsigned l = (unsigned)__builtin_ctzll(bits);

			r->addr[l] = in->addr[l];
		}
		r->pc = in->pc;
		r->size = in->size;
		r->op = in->op;
		r->space = in->space;
	} else {
		a0 = &w->base[w->off[__builtin_ctzll(mask)] + w->step];
		for (uint64_t bits = mask; bits; bits &= bits - 1) {
			unsigned l = (unsigned)__builtin_ctzll(bits);

			r->addr[l] = w->base[w->off[l] + w->step].addr;
		}
		r->pc = a0->pc;
		r->size = a0->size;
		r->op = a0->op;
		r->space = a0->space;
	}
	r->time = t;
	r->mask = mask;
	r->cta = w->cta;
	r->warp = w->id;
	r->instr = w->instr++;
	r->icount = s->busy_icount;
	r->sm = (uint16_t)smi;
	r->lanes = (uint16_t)m->W;
	r->reserved = 0;
	if (m->wb)
		w->step++;
	if (m->emit(m->ctx, r) != 0)
		m->failed = 1;
	m->st->instrs++;
	m->st->lanes += (uint64_t)__builtin_popcountll(mask);
	m->st->sm_instrs[smi]++;

	w->ready = t + (r->op == WT_OP_STORE ? 1 : m->cfg->latency);
	s->last_age = w->age;
	s->have_last = 1;
	if (m->wb ? w->step >= w->maxcnt :
	    w->remaining == 0 && w->step + 1 >= w->maxcnt) {
		struct cta_slot *cs = &sm->c[w->slot_cta];

		w->done = 1;
		if (w->ready > cs->done_at)
			cs->done_at = w->ready;
		if (--cs->warps_left == 0)
			push(m, cs->done_at, EV_CTA_DONE, smi, w->slot_cta);
	}
	/* Two-level: a warp leaves the active set when it waits for a load,
	 * and when it has nothing left to issue. */
	if (m->cfg->policy == WT_POLICY_TWO_LEVEL && w->active &&
	    (r->op != WT_OP_STORE || w->done)) {
		w->active = 0;
		s->active--;
	}
}

/* A thread (or CTA, for warp records) past the kernel's grid of g CTAs. */
static void grid_error(const struct wt_kernel *k, const struct wt_kbuf *kb,
		       const struct wt_wbuf *wb, uint64_t g, char *err,
		       size_t errlen)
{
	if (wb)
		wt_snprintf(err, errlen, "kernel %u (%s): CTA %u lies outside "
			    "the grid of %llu CTAs", k->id, k->name,
			    wb->nctas - 1, (unsigned long long)g);
	else
		wt_snprintf(err, errlen, "kernel %u (%s): thread %u lies "
			    "outside the grid of %llu CTAs", k->id, k->name,
			    kb->max_thread, (unsigned long long)g);
}

static int run(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
	       struct wt_kbuf *kb, struct wt_wbuf *wb, wt_order_need need,
	       void *needctx, uint64_t start,
	       wt_order_emit emit, void *ctx, struct wt_order_stats *st,
	       char *err, size_t errlen)
{
	struct model m;
	const char *why;
	int r = 0;

	memset(st, 0, sizeof(*st));
	memset(&m, 0, sizeof(m));
	st->sm_instrs = wt_calloc(cfg->sms, sizeof(*st->sm_instrs));
	st->sm_ctas = wt_calloc(cfg->sms, sizeof(*st->sm_ctas));
	st->start = st->end = start;
	m.cps = wt_order_occupancy(cfg, k, &why);
	st->ctas_per_sm = m.cps;
	st->limited_by = why;
	if (m.cps == 0) {
		wt_snprintf(err, errlen, "kernel %u (%s): a CTA of %llu threads "
			    "does not fit on an SM (limited by %s)", k->id, k->name,
			    (unsigned long long)wt_kernel_block_threads(k), why);
		return -1;
	}
	m.cfg = cfg;
	m.kb = kb;
	m.wb = wb;
	m.W = cfg->warp_size;
	m.bt = (unsigned)wt_kernel_block_threads(k);
	m.wpc = (m.bt + m.W - 1) / m.W;
	m.nctas = wb ? wb->nctas : kb->nctas;
	if (k->grid[0]) {
		uint64_t g = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];

		if (m.nctas > g) {
			grid_error(k, kb, wb, g, err, errlen);
			return -1;
		}
		m.nctas = (uint32_t)g;
	}
	m.need = need;
	m.needctx = needctx;
	m.emit = emit;
	m.ctx = ctx;
	m.st = st;
	m.rec = wt_calloc(1, sizeof(struct wt_warp) + 8 * (size_t)m.W);
	m.sm = wt_calloc(cfg->sms, sizeof(*m.sm));
	for (unsigned i = 0; i < cfg->sms; i++) {
		struct sm *sm = &m.sm[i];

		sm->w = wt_calloc((size_t)m.cps * m.wpc, sizeof(*sm->w));
		sm->c = wt_calloc(m.cps, sizeof(*sm->c));
		sm->s = wt_calloc(cfg->schedulers, sizeof(*sm->s));
		for (unsigned j = 0; j < cfg->schedulers; j++) {
			sm->s[j].order = wt_calloc((size_t)m.cps * m.wpc, sizeof(unsigned));
			sm->s[j].free_at = start;
			sm->s[j].pending = NONE;
		}
	}

	/* Round robin over the SMs until each is full. */
	for (unsigned c = 0; c < m.cps && m.next_cta < m.nctas && !m.failed; c++)
		for (unsigned i = 0; i < cfg->sms && m.next_cta < m.nctas &&
		     !m.failed; i++)
			dispatch(&m, i, c, start);
	for (unsigned i = 0; i < cfg->sms; i++)
		for (unsigned j = 0; j < cfg->schedulers; j++)
			resched(&m, i, j, start);

	while (m.nheap > 0 && !m.failed) {
		struct event ev = pop(&m);
		struct sched *s;
		int ws;

		if (ev.type == EV_CTA_DONE) {
			cta_done(&m, ev.sm, ev.arg, ev.time);
			continue;
		}
		s = &m.sm[ev.sm].s[ev.arg];
		if (ev.type == EV_ISSUE) {
			finish_issue(&m, ev.sm, s, ev.time);
			resched(&m, ev.sm, ev.arg, s->free_at);
			continue;
		}
		if (ev.time != s->pending || s->busy)
			continue;	/* superseded */
		s->pending = NONE;
		ws = pick(&m, &m.sm[ev.sm], s, ev.time);
		if (ws >= 0)
			issue(&m, ev.sm, s, (unsigned)ws, ev.time);
		else
			resched(&m, ev.sm, ev.arg, ev.time + 1);
	}
	if (m.need_failed && kb->max_thread / m.bt >= m.nctas) {
		/* need() read past the grid: the same error as when the whole
		 * kernel is read first (it has read on to the kernel's end). */
		grid_error(k, kb, NULL, m.nctas, err, errlen);
		r = -1;
	} else if (m.need_failed) {
		wt_snprintf(err, errlen, "kernel %u (%s): input failed", k->id, k->name);
		r = -1;
	} else if (m.failed) {
		wt_snprintf(err, errlen, "kernel %u (%s): output failed", k->id, k->name);
		r = -1;
	} else if (m.next_cta < m.nctas || m.ended != m.nctas) {
		/* Every CTA must have been dispatched and ended: anything else
		 * is a bug here, and must not pass as a short result. */
		wt_snprintf(err, errlen, "kernel %u (%s): internal error: %llu of "
			    "%u CTAs ran", k->id, k->name,
			    (unsigned long long)m.ended, m.nctas);
		r = -1;
	}
	for (unsigned i = 0; i < cfg->sms; i++) {
		for (unsigned j = 0; j < cfg->schedulers; j++)
			free(m.sm[i].s[j].order);
		for (unsigned c = 0; c < m.cps; c++)
			free(m.sm[i].c[c].off);
		free(m.sm[i].w);
		free(m.sm[i].c);
		free(m.sm[i].s);
	}
	free(m.sm);
	free(m.heap);
	free(m.rec);
	return r;
}

int wt_order_run(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
		 struct wt_kbuf *kb, uint64_t start, wt_order_emit emit,
		 void *ctx, struct wt_order_stats *st, char *err, size_t errlen)
{
	return run(cfg, k, kb, NULL, NULL, NULL, start, emit, ctx, st, err,
		   errlen);
}

int wt_order_run_stream(const struct wt_order_cfg *cfg,
			const struct wt_kernel *k, struct wt_kbuf *kb,
			wt_order_need need, void *needctx, uint64_t start,
			wt_order_emit emit, void *ctx,
			struct wt_order_stats *st, char *err, size_t errlen)
{
	return run(cfg, k, kb, NULL, need, needctx, start, emit, ctx, st, err,
		   errlen);
}

int wt_order_run_warps(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
		       struct wt_wbuf *wb, uint64_t start, wt_order_emit emit,
		       void *ctx, struct wt_order_stats *st, char *err,
		       size_t errlen)
{
	return run(cfg, k, NULL, wb, NULL, NULL, start, emit, ctx, st, err,
		   errlen);
}

void wt_order_stats_free(struct wt_order_stats *st)
{
	free(st->sm_instrs);
	free(st->sm_ctas);
	st->sm_instrs = st->sm_ctas = NULL;
}
