/*
 * l1pool.c - the warp pool: see l1pool.h.
 *
 * Time advances one cycle per issue slot.  When every warp in the queue
 * has failed since the last request that went through, nothing can
 * change before the first cycle one of their resources may free or a
 * waiting warp wakes (each retry cycle was taken after the last change,
 * and fills only free resources), so the pool jumps there, counting the
 * failed tries the skipped cycles would have made (the head warp's, each
 * cycle, rotating) exactly as if it had tried.
 */
#include "l1pool.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct key {
	uint32_t cta, warp, pos;
	uint8_t first;		/* the first request of an instruction */
	uint16_t left;		/* its instruction's requests from here on */
};

struct warp {
	size_t cur, end;	/* next request (into the sorted keys), end */
	uint32_t id;		/* the kernel's warp id */
	uint32_t cta;		/* index into ctas[] */
	uint64_t ready;		/* when its instruction's data is all there */
	uint64_t retry;		/* after a fail: when it may go through */
	uint8_t fail;		/* the last fail's reason */
	uint8_t refused;	/* its request was refused an MSHR entry */
	uint8_t charged;	/* its non-memory instructions are issued */
	uint8_t launched, done;
	uint8_t admitted;	/* within the warp limit */
	uint8_t parked;		/* the limit fell: leave at the next instruction */
	uint8_t exiting;	/* made its last instruction (exit_slot) */
	uint8_t unlimited;	/* mshr_instr: this instruction passed the
				   check; the rest of it needs none */
};

struct cta {
	size_t first, n;	/* its warps in warps[] */
	size_t left;		/* warps not done */
	size_t seen;		/* first position in the stream */
	uint64_t done;		/* when its last warp was done */
};

/* 16 bytes, where 64-bit seq and warp made 24: the heap moves fewer
 * (seq is numbered again before it would wrap: see renumber()). */
struct wake {
	uint64_t at;
	uint32_t seq, warp;
};

struct wt_warp_pool {
	struct wt_pool face;		/* what the policies see: first */
	const struct wt_pool_cfg *c;
	struct wt_l1 *l1;
	const struct wt_request *r;
	struct key *k;
	struct warp *w;
	struct cta *cta;
	size_t nwarps, nctas;
	size_t *q, qhead, qn;		/* ring of warp indices */
	size_t qmask;			/* its size, a power of two, less 1 */
	struct wake *heap;		/* warps waiting for data */
	size_t nheap;
	uint32_t seq;			/* wakes so far (struct wake) */
	struct wt_l1_out *out;
	uint64_t t, start, end;
	size_t done, next_cta, active, failed, blocked;
	/* issue policies (l1hook.h): the instances with pool hooks */
	struct pol {
		const struct wt_l1_policy_ops *ops;
		void *s;
	} *pols;
	unsigned npol;
	struct pol *hold;	/* the one that holds warps back, when it can
				   say until when and none picks: held() */
	unsigned limit, admitted;	/* warp limit (0: none), warps within */
	size_t nparked;			/* warps with parked set */
	int limited;			/* the limit has held a warp back */
	size_t *waiting, nwaiting;	/* launched, not admitted: age order */
	size_t lo, hi;			/* warps not done are in [lo, hi) */
};

static int by_cta_warp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	if (x->cta != y->cta)
		return x->cta < y->cta ? -1 : 1;
	if (x->warp != y->warp)
		return x->warp < y->warp ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Whether the pool leaves request q out. */
static int dropped(const struct wt_pool_cfg *c, const struct wt_request *q)
{
	return c->drop_stores && q->op == WT_OP_STORE;
}

/* Request i's key; first, until build() marks the instructions, says
 * whether the stream starts an instruction there (index 0). */
static struct key key_of(const struct wt_request *r, size_t i)
{
	return (struct key){ r[i].cta, r[i].warp, (uint32_t)i, r[i].index == 0, 0 };
}

/*
 * The keys of the n requests the pool keeps, into k, sorted by_cta_warp,
 * the order being total (pos is unique) whatever sorts it; returns how
 * many.  A kernel's warp ids are dense (a CTA's warps numbered on from
 * the CTA before's), so a counting sort on the warp id, stable, straight
 * from the requests, leaves the keys in position order within a warp; if
 * the CTAs then come in order, that is the order.  Otherwise (warp ids
 * spread over more than four times the keys, or CTAs out of warp order),
 * qsort.
 */
static size_t sort_keys(struct wt_warp_pool *p, const struct wt_request *r,
			size_t n, struct key *k)
{
	uint32_t lo = UINT32_MAX, hi = 0;
	size_t *count, span, kept = 0, i;

	for (i = 0; i < n; i++) {
		if (dropped(p->c, &r[i])) {
			p->l1->st.stores_dropped++;
			continue;
		}
		lo = r[i].warp < lo ? r[i].warp : lo;
		hi = r[i].warp > hi ? r[i].warp : hi;
		kept++;
	}
	span = kept ? (size_t)(hi - lo) + 1 : 0;
	if (kept < 2 || span > 4 * kept) {
		for (i = 0, kept = 0; i < n; i++)
			if (!dropped(p->c, &r[i]))
				k[kept++] = key_of(r, i);
		qsort(k, kept, sizeof(*k), by_cta_warp);
		return kept;
	}
	count = wt_calloc(span + 1, sizeof(*count));
	for (i = 0; i < n; i++)
		if (!dropped(p->c, &r[i]))
			count[r[i].warp - lo + 1]++;
	for (i = 1; i <= span; i++)
		count[i] += count[i - 1];
	for (i = 0; i < n; i++)
		if (!dropped(p->c, &r[i]))
			k[count[r[i].warp - lo]++] = key_of(r, i);
	free(count);
	/* in warp order already: in order iff the CTAs are */
	for (i = 1; i < kept && k[i - 1].cta <= k[i].cta; i++)
		;
	if (i < kept)
		qsort(k, kept, sizeof(*k), by_cta_warp);
	return kept;
}

static int by_seen(const void *a, const void *b)
{
	const struct cta *x = a, *y = b;

	return x->seen < y->seen ? -1 : x->seen > y->seen;
}

/* ---- the queue and the waiting warps ---- */

/* The ring's slot of queue position i (i < nwarps): a mask, not a
 * division, on every step. */
static size_t q_slot(const struct wt_warp_pool *p, size_t i)
{
	return (p->qhead + i) & p->qmask;
}

static void q_push(struct wt_warp_pool *p, size_t w)
{
	p->q[q_slot(p, p->qn++)] = w;
}

static size_t q_pop(struct wt_warp_pool *p)
{
	size_t w = p->q[p->qhead];

	p->qhead = q_slot(p, 1);
	p->qn--;
	return w;
}

static int wake_before(const struct wake *a, const struct wake *b)
{
	return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

/* Put x in the heap's hole i, or above it where it is earlier than the
 * parents: they move down into the hole. */
static inline void sift_up(struct wake *h, size_t i, struct wake x)
{
	while (i > 0 && wake_before(&x, &h[(i - 1) / 2])) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = x;
}

static int by_wake(const void *a, const void *b)
{
	return wake_before(a, b) ? -1 : wake_before(b, a);
}

/* seq would wrap: the waiting warps' wakes numbered again from 0, in
 * their order (a sorted array is a heap). */
static void renumber(struct wt_warp_pool *p)
{
	qsort(p->heap, p->nheap, sizeof(*p->heap), by_wake);
	for (size_t i = 0; i < p->nheap; i++)
		p->heap[i].seq = (uint32_t)i;
	p->seq = (uint32_t)p->nheap;
}

static void heap_push(struct wt_warp_pool *p, size_t w, uint64_t at)
{
	if (p->seq == UINT32_MAX)
		renumber(p);
	sift_up(p->heap, p->nheap++, (struct wake){ at, p->seq++, (uint32_t)w });
}

/*
 * The warp whose wait ends first.  The top's hole goes down to a leaf
 * along the earlier children, one comparison a level, and the last wake
 * fills it from there: it was a leaf, so it rarely goes up far, where
 * sifting it down from the top costs two comparisons a level.
 */
static size_t heap_pop(struct wt_warp_pool *p)
{
	struct wake *h = p->heap;
	size_t w = h[0].warp, n = --p->nheap, i = 0, c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && wake_before(&h[c + 1], &h[c]))
			c++;
		h[i] = h[c];
		i = c;
	}
	sift_up(h, i, h[n]);
	return w;
}

/* ---- what the policies see of the pool (l1hook.h): indices are the
 * SM's warps of the kernel, in age order ---- */

static const struct wt_warp_pool *of(const struct wt_pool *f)
{
	return (const struct wt_warp_pool *)f;	/* its first member */
}

static struct wt_l1 *pool_l1(const struct wt_pool *f)
{
	return of(f)->l1;
}

static size_t pool_nwarps(const struct wt_pool *f)
{
	return of(f)->nwarps;
}

static uint64_t pool_time(const struct wt_pool *f)
{
	return of(f)->t;
}

static const struct wt_request *pool_next(const struct wt_pool *f, size_t wi,
					  int *first, unsigned *left)
{
	const struct wt_warp_pool *p = of(f);
	const struct warp *w = &p->w[wi];

	if (w->cur >= w->end)
		return NULL;
	*first = p->k[w->cur].first;
	*left = p->k[w->cur].left;
	return &p->r[p->k[w->cur].pos];
}

static uint32_t pool_warp(const struct wt_pool *f, size_t wi)
{
	return of(f)->w[wi].id;
}

static void pool_range(const struct wt_pool *f, size_t *lo, size_t *hi)
{
	*lo = of(f)->lo;
	*hi = of(f)->hi;
}

static size_t pool_by_age(const struct wt_pool *f, size_t i)
{
	(void)f;
	return i;
}

static uint64_t pool_age(const struct wt_pool *f, size_t wi)
{
	(void)f;
	return wi;
}

static int pool_admitted(const struct wt_pool *f, size_t wi)
{
	return of(f)->w[wi].admitted && !of(f)->w[wi].done;
}

static size_t pool_queued(const struct wt_pool *f)
{
	return of(f)->qn;
}

static size_t pool_queue_at(const struct wt_pool *f, size_t i)
{
	const struct wt_warp_pool *p = of(f);

	return p->q[q_slot(p, i)];
}

static const struct wt_pool_ops face_ops = {
	.l1 = pool_l1,
	.nwarps = pool_nwarps,
	.time = pool_time,
	.next = pool_next,
	.warp = pool_warp,
	.range = pool_range,
	.by_age = pool_by_age,
	.age = pool_age,
	.admitted = pool_admitted,
	.queued = pool_queued,
	.queue_at = pool_queue_at,
};

/* ---- admission: the warp limit ---- */

/* Which warps are admitted changed: the policies that care see it. */
static void retoken(struct wt_warp_pool *p)
{
	for (unsigned i = 0; i < p->npol; i++)
		if (p->pols[i].ops->admitted)
			p->pols[i].ops->admitted(p->pols[i].s, &p->face);
}

/* Warp wi is launched or done. */
static void set_active(struct wt_warp_pool *p, size_t wi, int on)
{
	for (unsigned i = 0; i < p->npol; i++)
		if (p->pols[i].ops->active)
			p->pols[i].ops->active(p->pols[i].s, &p->face, wi, on);
}

static int room(const struct wt_warp_pool *p)
{
	return !p->limit || p->admitted < p->limit;
}

/* Keep waiting[] in age (index) order. */
static void wait_add(struct wt_warp_pool *p, size_t wi)
{
	size_t i = p->nwaiting++;

	while (i > 0 && p->waiting[i - 1] > wi) {
		p->waiting[i] = p->waiting[i - 1];
		i--;
	}
	p->waiting[i] = wi;
}

/* Warp wi's parked flag, counted: admit's scan is for when any is set. */
static void set_parked(struct wt_warp_pool *p, size_t wi, int parked)
{
	if (p->w[wi].parked && !parked)
		p->nparked--;
	else if (!p->w[wi].parked && parked)
		p->nparked++;
	p->w[wi].parked = (uint8_t)parked;
}

/* Let warps in while the limit has room: parked ones first (they are
 * still in the queue or the heap), then the oldest waiting, at cycle at. */
static void admit(struct wt_warp_pool *p, uint64_t at)
{
	for (size_t i = p->lo; i < p->hi && p->nparked && room(p); i++)
		if (p->w[i].parked) {
			set_parked(p, i, 0);
			p->w[i].admitted = 1;
			p->admitted++;
		}
	while (p->nwaiting && room(p)) {
		size_t wi = p->waiting[0];

		memmove(p->waiting, p->waiting + 1, --p->nwaiting * sizeof(*p->waiting));
		p->w[wi].admitted = 1;
		p->admitted++;
		heap_push(p, wi, at);
	}
	retoken(p);
}

/* A warp was parked (the limit fell) and is at an instruction's start:
 * it leaves the queue and waits. */
static int leave_if_parked(struct wt_warp_pool *p, size_t wi)
{
	struct warp *w = &p->w[wi];

	if (!w->parked || w->cur >= w->end || !p->k[w->cur].first)
		return 0;
	set_parked(p, wi, 0);
	wait_add(p, wi);
	return 1;
}

void wt_pool_set_limit(struct wt_warp_pool *p, unsigned warps)
{
	p->limit = warps;
	/* Too many in: the youngest are parked. */
	for (size_t i = p->hi; i-- > p->lo && p->limit && p->admitted > p->limit;)
		if (p->w[i].admitted && !p->w[i].done) {
			p->w[i].admitted = 0;
			set_parked(p, i, 1);
			p->admitted--;
			p->limited = 1;
		}
	admit(p, p->t);
}

int wt_pool_limited(const struct wt_warp_pool *p)
{
	return p->limited;
}

/* A CTA becomes active: its warps join, in warp order, at cycle at (those
 * past the warp limit wait). */
static void launch(struct wt_warp_pool *p, size_t cta, uint64_t at)
{
	for (size_t i = 0; i < p->cta[cta].n; i++) {
		size_t wi = p->cta[cta].first + i;

		p->w[wi].launched = 1;
		if (wi + 1 > p->hi)
			p->hi = wi + 1;
		set_active(p, wi, 1);
		if (room(p)) {
			p->w[wi].admitted = 1;
			p->admitted++;
			heap_push(p, wi, at);
		} else {
			wait_add(p, wi);
			p->limited = 1;
		}
	}
	retoken(p);
}

/* A warp is done. */
static void finish(struct wt_warp_pool *p, size_t wi, uint64_t at)
{
	struct warp *w = &p->w[wi];

	w->done = 1;
	if (w->admitted) {
		w->admitted = 0;
		p->admitted--;
	}
	set_parked(p, wi, 0);
	while (p->lo < p->hi && p->w[p->lo].done)
		p->lo++;
	set_active(p, wi, 0);
	admit(p, at);
}

/* ---- building: warps in program order, CTAs in order of arrival ---- */

static int lowest_lane(uint64_t lanes)
{
	return lanes ? __builtin_ctzll(lanes) : 64;
}

/* Insertion sort of one instruction's requests (a few dozen at most) by
 * their first lanes, stream order on a tie. */
static void sort_by_lane(struct key *k, size_t n, const struct wt_request *r)
{
	for (size_t i = 1; i < n; i++) {
		struct key x = k[i];
		int lx = lowest_lane(r[x.pos].lanes);
		size_t j = i;

		for (; j > 0 && lowest_lane(r[k[j - 1].pos].lanes) > lx; j--)
			k[j] = k[j - 1];
		k[j] = x;
	}
}

/* The end of the instruction whose first request is k[i]: the next
 * request the stream starts an instruction at, or the next warp's. */
static size_t instruction_end(const struct key *k, size_t i, size_t n)
{
	size_t j;

	for (j = i + 1; j < n && !k[j].first && k[j].warp == k[i].warp &&
	     k[j].cta == k[i].cta; j++)
		;
	return j;
}

/* Mark k[i..j-1] as one instruction's requests, its first and what is
 * left of it at each; with lane_order, in the order of their first lanes. */
static void instruction(struct wt_warp_pool *p, struct key *k, size_t i, size_t j)
{
	/* The others' first are 0 (instruction_end() stops at a 1); the
	 * first's is whatever its index made it, and the sort may move it. */
	k[i].first = 0;
	if (p->c->lane_order && j - i > 1)
		sort_by_lane(k + i, j - i, p->r);
	k[i].first = 1;
	for (size_t m = i; m < j; m++)
		k[m].left = (uint16_t)(j - m > UINT16_MAX ? UINT16_MAX : j - m);
}

/* A new warp at the end of w[], which grows by half when full: build()
 * learns how many warps there are as it makes them. */
static struct warp *add_warp(struct wt_warp_pool *p, size_t *cap)
{
	if (p->nwarps == *cap) {
		*cap = *cap ? *cap + *cap / 2 : 64;
		p->w = wt_realloc(p->w, *cap * sizeof(*p->w));
	}
	return &p->w[p->nwarps++];
}

/* The same for a CTA at the end of cta[]. */
static struct cta *add_cta(struct wt_warp_pool *p, size_t *cap)
{
	if (p->nctas == *cap) {
		*cap = *cap ? *cap + *cap / 2 : 16;
		p->cta = wt_realloc(p->cta, *cap * sizeof(*p->cta));
	}
	return &p->cta[p->nctas++];
}

/* Warps [from, to) of the CTA being built, whose warps are [base, base +
 * wpc), have no request: with exit_slot they are there all the same, each
 * taking a slot to leave, as the warps of Nugteren et al.'s code whose
 * threads make no load.  (At most wpc a CTA, whatever its ids.)  The
 * code's threads end at the last one with a load, so the last CTA has
 * none after its last warp with a request; a CTA with no request at all
 * is not in the pool. */
static void ghosts(struct wt_warp_pool *p, size_t *cap, uint64_t from, uint64_t to,
		   uint64_t base, size_t at)
{
	if (from < base)
		from = base;
	if (to > base + p->c->wpc)
		to = base + p->c->wpc;
	for (uint64_t id = from; id < to; id++) {
		*add_warp(p, cap) = (struct warp){ .cur = at, .end = at,
						   .id = (uint32_t)id, .exiting = 1 };
		p->cta[p->nctas - 1].n++;
	}
}

/*
 * The pool's keys, warps and CTAs, in one pass over the sorted keys an
 * instruction at a time: a warp's first request is the first of an
 * instruction, and the lowest position of its warp (the keys are in
 * position order within a warp until instruction() sorts one by lanes).
 */
static struct key *build(struct wt_warp_pool *p, const struct wt_request *r, size_t n)
{
	struct key *k = wt_malloc(n * sizeof(*k));
	size_t i, j, wcap = 0, ccap = 0, real = SIZE_MAX;
	uint64_t wpc = p->c->exit_slot ? p->c->wpc : 0, next = 0;

	n = sort_keys(p, r, n, k);
	for (i = 0; i < n; i = j) {
		if (i == 0 || k[i].cta != k[i - 1].cta) {
			if (i > 0 && wpc)
				ghosts(p, &wcap, next, (uint64_t)k[i - 1].cta * wpc + wpc,
				       (uint64_t)k[i - 1].cta * wpc, i);
			*add_cta(p, &ccap) = (struct cta){ p->nwarps, 0, 0, k[i].pos, 0 };
			next = (uint64_t)k[i].cta * wpc;
		}
		if (i == 0 || k[i].warp != k[i - 1].warp || k[i].cta != k[i - 1].cta) {
			struct cta *a = &p->cta[p->nctas - 1];

			if (real != SIZE_MAX)
				p->w[real].end = i;
			/* ghosts before it (warp ids are cta * wpc + w) */
			if (wpc)
				ghosts(p, &wcap, next, k[i].warp, (uint64_t)k[i].cta * wpc, i);
			if ((uint64_t)k[i].warp + 1 > next)
				next = (uint64_t)k[i].warp + 1;
			real = p->nwarps;
			*add_warp(p, &wcap) = (struct warp){ .cur = i, .id = k[i].warp };
			a->n++;
			if (k[i].pos < a->seen)
				a->seen = k[i].pos;
		}
		j = instruction_end(k, i, n);
		instruction(p, k, i, j);
	}
	if (real != SIZE_MAX)
		p->w[real].end = n;
	/* CTAs in the order the SM received them; warps keep theirs. */
	qsort(p->cta, p->nctas, sizeof(*p->cta), by_seen);
	for (i = 0; i < p->nctas; i++) {
		p->cta[i].left = p->cta[i].n;
		for (j = 0; j < p->cta[i].n; j++)
			p->w[p->cta[i].first + j].cta = (uint32_t)i;
	}
	return k;
}

/* ---- running ---- */

/*
 * Every warp in the queue has failed since the last request went through:
 * jump to the first cycle anything can change, as if the head warp had
 * tried (and failed) each cycle in between.
 */
static uint64_t skip(struct wt_warp_pool *p, uint64_t t)
{
	struct wt_l1_stats *st = &p->l1->st;
	uint64_t until = p->nheap ? p->heap[0].at : UINT64_MAX, k;
	size_t L = p->qn;

	for (size_t i = 0; i < L; i++) {
		const struct warp *w = &p->w[p->q[q_slot(p, i)]];

		if (w->exiting)
			return t;	/* it can always leave */
		if (w->retry < until)
			until = w->retry;
	}
	if (until == UINT64_MAX)
		wt_die(WT_EXIT_DATA, "SM %u: the warp pool cannot go on (no "
		       "resource will free); this is a bug", p->l1->sm);
	if (until <= t)
		return t;
	k = until - t;
	for (size_t i = 0; i < L; i++) {
		const struct warp *w = &p->w[p->q[q_slot(p, i)]];
		uint64_t tries = k / L + (i < k % L);

		st->fails[w->fail] += tries;
		wt_l1_warp(p->l1, &p->r[p->k[w->cur].pos])->fails += tries;
	}
	/* the queue turns as it would have */
	for (uint64_t i = 0; i < k % L; i++)
		q_push(p, q_pop(p));
	return until;
}

/* The instances of the policies that have pool hooks, in call order; the
 * warp limit they start with. */
static void policies_init(struct wt_warp_pool *p)
{
	const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES];
	unsigned n, holding = 0, picks = 0;

	n = wt_l1_policy_ops_of(p->c->pol, ops);
	p->pols = wt_calloc(n ? n : 1, sizeof(*p->pols));
	for (unsigned i = 0; i < n; i++) {
		if (!ops[i]->pool_init)
			continue;
		p->pols[p->npol].ops = ops[i];
		p->pols[p->npol].s = ops[i]->pool_init(p->c->pol, &p->face,
						       wt_l1_pol_state(p->l1, ops[i]));
		if (ops[i]->limit)
			p->limit = ops[i]->limit(p->pols[p->npol].s);
		p->npol++;
	}
	for (unsigned i = 0; i < p->npol; i++) {
		const struct wt_l1_policy_ops *o = p->pols[i].ops;

		holding += o->may_issue != NULL;
		picks += o->pick != NULL;
		if (o->may_issue && o->held_until && o->held)
			p->hold = &p->pols[i];
	}
	if (holding > 1 || picks)
		p->hold = NULL;
}

struct wt_warp_pool *wt_pool_new(struct wt_l1 *l1, const struct wt_pool_cfg *c,
			    const struct wt_request *r, size_t n, uint64_t start,
			    struct wt_l1_out *out)
{
	struct wt_warp_pool *p = wt_calloc(1, sizeof(*p));
	size_t ring;

	p->face.ops = &face_ops;
	p->c = c;
	p->l1 = l1;
	p->r = r;
	p->out = out;
	p->t = p->start = p->end = start;
	if (n == 0)
		return p;
	p->k = build(p, r, n);
	if (p->nwarps == 0)
		return p;
	for (ring = 1; ring < p->nwarps; ring *= 2)
		;
	p->q = wt_calloc(ring, sizeof(*p->q));
	p->qmask = ring - 1;
	p->heap = wt_calloc(p->nwarps, sizeof(*p->heap));
	p->waiting = wt_calloc(p->nwarps, sizeof(*p->waiting));
	if (c->pol)
		policies_init(p);
	while (p->next_cta < p->nctas && (!c->ctas || p->next_cta < c->ctas)) {
		launch(p, p->next_cta++, p->t);
		p->active++;
	}
	return p;
}

/* May warp wi start its next instruction now?  A policy may hold it
 * back. */
static int may_issue(struct wt_warp_pool *p, size_t wi)
{
	for (unsigned i = 0; i < p->npol; i++)
		if (p->pols[i].ops->may_issue &&
		    !p->pols[i].ops->may_issue(p->pols[i].s, &p->face, wi))
			return 0;
	return 1;
}

/*
 * Every warp in the queue was held back in the cycle just ended, and the
 * next cycle would go the same way: each warp at the head held back and
 * sent to the back, the queue turning once, a stall cycle.  Jump over
 * such cycles to the first in which a waiting warp is ready, a warp's
 * answer may change or the step ends, counting each skipped cycle's
 * answers as made.  Not when a warp in the queue would do anything else
 * first: leave (exit_slot or parked) or issue its non-memory
 * instructions.
 */
static void held(struct wt_warp_pool *p, uint64_t until)
{
	const struct pol *h = p->hold;
	const struct wt_pool_cfg *c = p->c;
	uint64_t to = p->nheap && p->heap[0].at < until ? p->heap[0].at : until, k;

	if (p->nparked)
		return;
	for (size_t i = 0; i < p->qn && to > p->t; i++) {
		size_t wi = p->q[q_slot(p, i)];
		const struct warp *w = &p->w[wi];
		uint64_t u;

		if (w->exiting ||
		    (c->icount && !w->charged && p->r[p->k[w->cur].pos].icount))
			return;
		u = h->ops->held_until(h->s, &p->face, wi);
		if (u < to)
			to = u;
	}
	if (to <= p->t)
		return;
	k = to - p->t;
	for (size_t i = 0; i < p->qn; i++)
		h->ops->held(h->s, &p->face, p->q[q_slot(p, i)], k);
	p->l1->st.stall_cycles += k;
	p->t = to;
}

/* Warp wi made request q: the policies learn whether it missed. */
static void accessed(struct wt_warp_pool *p, size_t wi, const struct wt_request *q,
		     int missed)
{
	for (unsigned i = 0; i < p->npol; i++)
		if (p->pols[i].ops->accessed)
			p->pols[i].ops->accessed(p->pols[i].s, &p->face, wi, q, missed);
}

/* Which queue position issues: the head, or a policy's choice. */
static size_t pick(const struct wt_warp_pool *p)
{
	for (unsigned i = 0; i < p->npol; i++)
		if (p->pols[i].ops->pick)
			return p->pols[i].ops->pick(p->pols[i].s, &p->face);
	return 0;
}

/* Take the warp at queue position i out of the queue.  The warps on the
 * shorter side of it move up one: the head, which issues most, takes
 * none. */
static size_t q_take(struct wt_warp_pool *p, size_t i)
{
	size_t wi;

	if (i == 0)		/* the head, as without a policy that picks */
		return q_pop(p);
	wi = p->q[q_slot(p, i)];
	if (i < p->qn / 2) {
		for (; i > 0; i--)
			p->q[q_slot(p, i)] = p->q[q_slot(p, i - 1)];
		p->qhead = q_slot(p, 1);
	} else {
		for (; i + 1 < p->qn; i++)
			p->q[q_slot(p, i)] = p->q[q_slot(p, i + 1)];
	}
	p->qn--;
	return wi;
}

/* Warp wi is done, at its ready cycle: its CTA may be, and others start. */
static void warp_done(struct wt_warp_pool *p, size_t wi)
{
	const struct wt_pool_cfg *c = p->c;
	struct warp *w = &p->w[wi];
	struct cta *a = &p->cta[w->cta];

	p->done++;
	finish(p, wi, w->ready);
	if (w->ready > a->done)
		a->done = w->ready;
	if (a->done > p->end)
		p->end = a->done;
	if (--a->left == 0) {
		p->active--;
		if (!c->refill_set || p->active == 0) {
			while (p->next_cta < p->nctas &&
			       (!c->ctas || p->active < c->ctas)) {
				launch(p, p->next_cta++,
				       c->refill_set ? p->end : a->done);
				p->active++;
			}
		}
	}
}

/* A reservation fail of the warp at queue position pos: to the back,
 * to resume at the refused request. */
static void failed(struct wt_warp_pool *p, size_t pos, int made)
{
	q_push(p, q_take(p, pos));
	/* fails since the last request made: see skip() */
	p->failed = made ? 1 : p->failed + 1;
	p->l1->st.stall_cycles++;
	p->t++;
}

/* --mshr-check=instruction: the first request of warp wi's instruction,
 * if it has lane 0 and would need an MSHR entry, finds one free or the
 * whole instruction waits; the others take entries past the limit. */
static int mshr_refused(struct wt_warp_pool *p, size_t wi)
{
	struct warp *w = &p->w[wi];
	const struct wt_request *q = &p->r[p->k[w->cur].pos];
	uint64_t retry;

	if (!p->c->mshr_instr || w->unlimited || !p->k[w->cur].first)
		return 0;
	if ((q->lanes & 1) && wt_l1_entry_refused(p->l1, q, p->t, p->out, &retry)) {
		wt_gs_count(&p->l1->st.gs, WT_GS_LOAD, WT_GS_RESERVATION_FAIL);
		p->l1->st.fails[WT_FAIL_MSHR_ENTRY]++;
		wt_l1_warp(p->l1, q)->fails++;
		w->fail = WT_FAIL_MSHR_ENTRY;
		w->retry = retry;
		w->refused = 1;
		return 1;
	}
	w->unlimited = 1;
	return 0;
}

int wt_pool_step(struct wt_warp_pool *p, uint64_t until)
{
	const struct wt_pool_cfg *c = p->c;
	struct wt_l1 *l1 = p->l1;
	const struct wt_request *r = p->r;
	const struct key *k = p->k;

	while (p->done < p->nwarps && p->t < until) {
		struct warp *w;
		size_t wi, pos;
		int rc = -1, made = 0, now;

		/* (no warp parked, as without a warp limit: none to look at) */
		while (p->nheap && p->heap[0].at <= p->t) {
			wi = heap_pop(p);
			if (!p->nparked || !leave_if_parked(p, wi))
				q_push(p, wi);
			p->failed = 0;
		}
		while (p->nparked && p->qn && leave_if_parked(p, p->q[p->qhead]))
			q_pop(p);
		if (!p->qn && !p->nheap)
			wt_die(WT_EXIT_DATA, "SM %u: the warp pool has no warp to run "
			       "and %zu not done; this is a bug", l1->sm,
			       p->nwarps - p->done);
		if (!p->qn) {		/* nothing ready: idle until a warp is */
			l1->st.idle_cycles += p->heap[0].at - p->t;
			l1->st.stall_cycles += p->heap[0].at - p->t;
			p->t = p->heap[0].at;
			continue;
		}
		if (p->failed >= p->qn) {
			uint64_t t2 = skip(p, p->t);

			l1->st.stall_cycles += t2 - p->t;
			p->t = t2;
			p->failed = 0;
			continue;
		}
		pos = pick(p);
		wi = p->q[q_slot(p, pos)];
		w = &p->w[wi];
		if (w->exiting) {	/* exit_slot: it leaves, taking the slot */
			q_take(p, pos);
			w->ready = p->t + 1;
			warp_done(p, wi);
			w->ready = 0;
			p->failed = 0;
			p->t++;
			continue;
		}
		if (!may_issue(p, wi)) {
			/* Held back from its load: its non-memory instructions
			 * before it may still issue (a policy holds back
			 * memory instructions only); then the next warp's
			 * turn, in the same cycle.
			 * When all are held back, a cycle passes. */
			w = &p->w[wi];
			if (c->icount && !w->charged && r[k[w->cur].pos].icount) {
				p->t += r[k[w->cur].pos].icount;
				w->charged = 1;
			}
			q_push(p, q_take(p, pos));
			if (++p->blocked >= p->qn) {
				p->blocked = 0;
				l1->st.stall_cycles++;
				p->t++;
				if (p->hold)
					held(p, until);
			}
			continue;
		}
		p->blocked = 0;
		w = &p->w[wi];
		if (c->icount && !w->charged) {
			/* its non-memory instructions issue first, back to back */
			p->t += r[k[w->cur].pos].icount;
			w->charged = 1;
		}
		if (mshr_refused(p, wi)) {
			failed(p, pos, 0);
			continue;
		}
		l1->mshr_nolimit = w->unlimited;
		for (unsigned i = 0; i < p->npol; i++)
			if (p->pols[i].ops->issue)
				p->pols[i].ops->issue(p->pols[i].s, &p->face, wi);
		do {
			const struct wt_request *q = &r[k[w->cur].pos];
			uint64_t ready, retry, misses = l1->st.misses;

			rc = wt_l1_access(l1, q, p->t, w->refused, p->out, &ready, &retry);
			if (p->npol)
				accessed(p, wi, q, rc < 0 && l1->st.misses > misses);
			if (rc >= 0) {
				w->fail = (uint8_t)rc;
				w->retry = retry;
				w->refused |= rc == WT_FAIL_MSHR_ENTRY;
				break;
			}
			w->refused = 0;
			if (ready > w->ready)
				w->ready = ready;
			w->cur++;
			made = 1;
		} while (w->cur < w->end && !k[w->cur].first);
		l1->noalloc = 0;
		l1->mshr_nolimit = 0;
		if (rc >= 0) {		/* to the back; resume at that request */
			failed(p, pos, made);
			continue;
		}
		q_take(p, pos);
		p->failed = 0;
		w->charged = 0;
		w->unlimited = 0;
		/* Its data all there (hits of no latency): to the back of the
		 * queue now, ahead of the warps whose waits end at t + 1. */
		now = c->delay && w->ready <= p->t;
		if (!c->delay || w->ready <= p->t)
			w->ready = p->t + 1;
		if (w->cur < w->end || c->exit_slot) {
			w->exiting = w->cur >= w->end;
			if (now)
				q_push(p, wi);
			else
				heap_push(p, wi, w->ready);
		} else {
			warp_done(p, wi);
		}
		w->ready = 0;
		p->t++;
	}
	return p->done >= p->nwarps;
}

uint64_t wt_pool_finish(struct wt_warp_pool *p)
{
	struct wt_l1 *l1 = p->l1;
	uint64_t end = p->end;

	if (p->nwarps) {
		if (end < p->t)
			end = p->t;
		if (end > l1->st.last)
			l1->st.last = end;
		if (p->start < l1->st.first)
			l1->st.first = p->start;
	}
	free(p->k);
	free(p->w);
	free(p->cta);
	free(p->q);
	free(p->heap);
	free(p->waiting);
	for (unsigned i = 0; i < p->npol; i++)
		if (p->pols[i].ops->pool_free)
			p->pols[i].ops->pool_free(p->pols[i].s);
	free(p->pols);
	free(p);
	return end;
}

uint64_t wt_pool_run(struct wt_l1 *l1, const struct wt_pool_cfg *c,
		     const struct wt_request *r, size_t n, uint64_t start,
		     struct wt_l1_out *out)
{
	struct wt_warp_pool *p = wt_pool_new(l1, c, r, n, start, out);

	wt_pool_step(p, UINT64_MAX);
	return wt_pool_finish(p);
}
