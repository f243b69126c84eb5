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
};

struct warp {
	size_t cur, end;	/* next request (into the sorted keys), end */
	uint32_t cta;		/* index into ctas[] */
	uint64_t ready;		/* when its instruction's data is all there */
	uint64_t retry;		/* after a fail: when it may go through */
	uint8_t fail;		/* the last fail's reason */
	uint8_t refused;	/* its request was refused an MSHR entry */
	uint8_t charged;	/* its non-memory instructions are issued */
};

struct cta {
	size_t first, n;	/* its warps in warps[] */
	size_t left;		/* warps not done */
	size_t seen;		/* first position in the stream */
	uint64_t done;		/* when its last warp was done */
};

struct wake {
	uint64_t at, seq;
	size_t warp;
};

struct pool {
	const struct wt_pool_cfg *c;
	struct wt_l1 *l1;
	const struct wt_request *r;
	const struct key *k;
	struct warp *w;
	struct cta *cta;
	size_t nwarps, nctas;
	size_t *q, qhead, qn;		/* ring of warp indices */
	struct wake *heap;		/* warps waiting for data */
	size_t nheap;
	uint64_t seq;
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

static int by_seen(const void *a, const void *b)
{
	const struct cta *x = a, *y = b;

	return x->seen < y->seen ? -1 : x->seen > y->seen;
}

/* ---- the queue and the waiting warps ---- */

static void q_push(struct pool *p, size_t w)
{
	p->q[(p->qhead + p->qn++) % p->nwarps] = w;
}

static size_t q_pop(struct pool *p)
{
	size_t w = p->q[p->qhead];

	p->qhead = (p->qhead + 1) % p->nwarps;
	p->qn--;
	return w;
}

static int wake_before(const struct wake *a, const struct wake *b)
{
	return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

static void heap_push(struct pool *p, size_t w, uint64_t at)
{
	size_t i = p->nheap++;

	p->heap[i] = (struct wake){ at, p->seq++, w };
	while (i > 0 && wake_before(&p->heap[i], &p->heap[(i - 1) / 2])) {
		struct wake t = p->heap[i];

		p->heap[i] = p->heap[(i - 1) / 2];
		p->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static size_t heap_pop(struct pool *p)
{
	size_t w = p->heap[0].warp, i = 0;

	p->heap[0] = p->heap[--p->nheap];
	for (;;) {
		size_t l = 2 * i + 1, m = i;

		if (l < p->nheap && wake_before(&p->heap[l], &p->heap[m]))
			m = l;
		if (l + 1 < p->nheap && wake_before(&p->heap[l + 1], &p->heap[m]))
			m = l + 1;
		if (m == i)
			return w;
		{
			struct wake t = p->heap[i];

			p->heap[i] = p->heap[m];
			p->heap[m] = t;
		}
		i = m;
	}
}

/* A CTA becomes active: its warps join, in warp order, at cycle at. */
static void launch(struct pool *p, size_t cta, uint64_t at)
{
	for (size_t i = 0; i < p->cta[cta].n; i++)
		heap_push(p, p->cta[cta].first + i, at);
}

/* ---- building: warps in program order, CTAs in order of arrival ---- */

static struct key *build(struct pool *p, const struct wt_request *r, size_t n)
{
	struct key *k = wt_calloc(n, sizeof(*k));
	size_t i, nw = 0, nc = 0;

	for (i = 0; i < n; i++)
		k[i] = (struct key){ r[i].cta, r[i].warp, (uint32_t)i };
	qsort(k, n, sizeof(*k), by_cta_warp);
	for (i = 0; i < n; i++) {
		nw += i == 0 || k[i].warp != k[i - 1].warp || k[i].cta != k[i - 1].cta;
		nc += i == 0 || k[i].cta != k[i - 1].cta;
	}
	p->w = wt_calloc(nw, sizeof(*p->w));
	p->cta = wt_calloc(nc, sizeof(*p->cta));
	nw = nc = 0;
	for (i = 0; i < n; i++) {
		if (i == 0 || k[i].cta != k[i - 1].cta) {
			p->cta[nc] = (struct cta){ nw, 0, 0, k[i].pos, 0 };
			nc++;
		}
		if (i == 0 || k[i].warp != k[i - 1].warp || k[i].cta != k[i - 1].cta) {
			if (nw)
				p->w[nw - 1].end = i;
			p->w[nw].cur = i;
			nw++;
			p->cta[nc - 1].n++;
		}
		if (k[i].pos < p->cta[nc - 1].seen)
			p->cta[nc - 1].seen = k[i].pos;
	}
	if (nw)
		p->w[nw - 1].end = n;
	p->nwarps = nw;
	p->nctas = nc;
	/* CTAs in the order the SM received them; warps keep theirs. */
	qsort(p->cta, nc, sizeof(*p->cta), by_seen);
	for (i = 0; i < nc; i++) {
		p->cta[i].left = p->cta[i].n;
		for (size_t j = 0; j < p->cta[i].n; j++)
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
static uint64_t skip(struct pool *p, uint64_t t)
{
	struct wt_l1_stats *st = &p->l1->st;
	uint64_t until = p->nheap ? p->heap[0].at : UINT64_MAX, k;
	size_t L = p->qn;

	for (size_t i = 0; i < L; i++) {
		const struct warp *w = &p->w[p->q[(p->qhead + i) % p->nwarps]];

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
		const struct warp *w = &p->w[p->q[(p->qhead + i) % p->nwarps]];
		uint64_t tries = k / L + (i < k % L);

		st->fails[w->fail] += tries;
		wt_l1_warp(p->l1, &p->r[p->k[w->cur].pos])->fails += tries;
	}
	/* the queue turns as it would have */
	for (uint64_t i = 0; i < k % L; i++)
		q_push(p, q_pop(p));
	return until;
}

uint64_t wt_pool_run(struct wt_l1 *l1, const struct wt_pool_cfg *c,
		     const struct wt_request *r, size_t n, uint64_t start,
		     struct wt_l1_out *out)
{
	struct pool p = { .c = c, .l1 = l1 };
	struct key *k;
	size_t done = 0, next_cta = 0, active = 0, failed = 0;
	uint64_t t = start, end = start;

	if (n == 0)
		return start;
	k = build(&p, r, n);
	p.r = r;
	p.k = k;
	p.q = wt_calloc(p.nwarps, sizeof(*p.q));
	p.heap = wt_calloc(p.nwarps, sizeof(*p.heap));
	while (next_cta < p.nctas && (!c->ctas || next_cta < c->ctas)) {
		launch(&p, next_cta++, t);
		active++;
	}
	while (done < p.nwarps) {
		struct warp *w;
		size_t wi;
		int rc = -1, made = 0;

		while (p.nheap && p.heap[0].at <= t) {
			q_push(&p, heap_pop(&p));
			failed = 0;
		}
		if (!p.qn && !p.nheap)
			wt_die(WT_EXIT_DATA, "SM %u: the warp pool has no warp to run "
			       "and %zu not done; this is a bug", l1->sm,
			       p.nwarps - done);
		if (!p.qn) {		/* nothing ready: idle until a warp is */
			l1->st.idle_cycles += p.heap[0].at - t;
			l1->st.stall_cycles += p.heap[0].at - t;
			t = p.heap[0].at;
			continue;
		}
		if (failed >= p.qn) {
			uint64_t t2 = skip(&p, t);

			l1->st.stall_cycles += t2 - t;
			t = t2;
			failed = 0;
			continue;
		}
		wi = p.q[p.qhead];
		w = &p.w[wi];
		if (c->icount && !w->charged) {
			/* its non-memory instructions issue first, back to back */
			t += r[k[w->cur].pos].icount;
			w->charged = 1;
		}
		do {
			const struct wt_request *q = &r[k[w->cur].pos];
			uint64_t ready, retry;

			rc = wt_l1_access(l1, q, t, w->refused, out, &ready, &retry);
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
		} while (w->cur < w->end && r[k[w->cur].pos].index != 0);
		q_pop(&p);
		if (rc >= 0) {		/* to the back; resume at that request */
			q_push(&p, wi);
			/* fails since the last request made: see skip() */
			failed = made ? 1 : failed + 1;
			l1->st.stall_cycles++;
			t++;
			continue;
		}
		failed = 0;
		w->charged = 0;
		if (!c->delay || w->ready <= t)
			w->ready = t + 1;
		if (w->cur < w->end) {
			heap_push(&p, wi, w->ready);
		} else {
			struct cta *a = &p.cta[w->cta];

			done++;
			if (w->ready > a->done)
				a->done = w->ready;
			if (a->done > end)
				end = a->done;
			if (--a->left == 0) {
				active--;
				if (!c->refill_set || active == 0) {
					while (next_cta < p.nctas &&
					       (!c->ctas || active < c->ctas)) {
						launch(&p, next_cta++,
						       c->refill_set ? end : a->done);
						active++;
					}
				}
			}
		}
		w->ready = 0;
		t++;
	}
	free(k);
	free(p.w);
	free(p.cta);
	free(p.q);
	free(p.heap);
	if (end < t)
		end = t;
	if (end > l1->st.last)
		l1->st.last = end;
	if (start < l1->st.first)
		l1->st.first = start;
	return end;
}
