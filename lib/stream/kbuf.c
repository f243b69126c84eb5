/*
 * kbuf.c - per-CTA access buffers.
 */
#include "kbuf.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_kbuf_init(struct wt_kbuf *kb, uint32_t block_threads)
{
	memset(kb, 0, sizeof(*kb));
	kb->block_threads = block_threads;
}

/* CTA c's buffer, the table grown to hold it. */
static struct wt_kbuf_cta *cta_entry(struct wt_kbuf *kb, uint32_t c)
{
	if (c >= kb->cap) {
		size_t n = kb->cap ? kb->cap : 64;

		while (n <= c)
			n *= 2;
		kb->cta = wt_realloc(kb->cta, n * sizeof(*kb->cta));
		memset(kb->cta + kb->cap, 0, (n - kb->cap) * sizeof(*kb->cta));
		kb->cap = n;
	}
	if (c >= kb->nctas)
		kb->nctas = c + 1;
	return &kb->cta[c];
}

/* Take the larger spare buffer into x, which has none, if there is one. */
static void take_spare(struct wt_kbuf *kb, struct wt_kbuf_cta *x)
{
	struct wt_kbuf_cta *s = &kb->spare[kb->spare[1].cap > kb->spare[0].cap];

	x->a = s->a;
	x->cap = s->cap;
	memset(s, 0, sizeof(*s));
}

/* Keep the buffer of x as a spare, in place of a smaller one. */
static void give_spare(struct wt_kbuf *kb, struct wt_kbuf_cta *x)
{
	struct wt_kbuf_cta *s = &kb->spare[kb->spare[1].cap < kb->spare[0].cap];

	if (x->cap > s->cap) {
		free(s->a);
		s->a = x->a;
		s->cap = x->cap;
	} else {
		free(x->a);
	}
	memset(x, 0, sizeof(*x));
}

/* Room in x's own buffer for n accesses in all. */
static void reserve(struct wt_kbuf *kb, struct wt_kbuf_cta *x, size_t n)
{
	size_t cap;

	if (x->cap == 0)
		take_spare(kb, x);
	if (n <= x->cap)
		return;
	for (cap = x->cap ? x->cap : 8; cap < n; cap += cap / 2)
		;
	x->a = wt_realloc(x->a, cap * sizeof(*x->a));
	x->cap = cap;
}

/* Copy x's accesses into its own buffer if they are lent. */
static void own(struct wt_kbuf *kb, struct wt_kbuf_cta *x)
{
	if (x->n == 0 || x->at == x->a)
		return;
	reserve(kb, x, x->n);
	memcpy(x->a, x->at, x->n * sizeof(*x->a));
	x->at = x->a;
}

void wt_kbuf_own(struct wt_kbuf *kb)
{
	for (size_t i = 0; i < kb->nlent; i++)
		if (kb->lent[i] < kb->nctas)
			own(kb, &kb->cta[kb->lent[i]]);
	kb->nlent = 0;
}

/* Append a[0 .. n) to x, CTA c's. */
static void append(struct wt_kbuf *kb, struct wt_kbuf_cta *x, uint32_t c,
		   const struct wt_access *a, size_t n)
{
	if (kb->lend && x->n == 0) {
		if (kb->nlent == kb->caplent) {
			kb->caplent = kb->caplent ? 2 * kb->caplent : 8;
			kb->lent = wt_realloc(kb->lent,
					      kb->caplent * sizeof(*kb->lent));
		}
		kb->lent[kb->nlent++] = c;
		x->at = a;
	} else if (x->at != x->a && x->at + x->n == a) {
		/* the lent run goes on */
	} else {
		own(kb, x);
		reserve(kb, x, x->n + n);
		memcpy(x->a + x->n, a, n * sizeof(*a));
		x->at = x->a;
	}
	x->n += n;
}

size_t wt_kbuf_add_run(struct wt_kbuf *kb, uint32_t c,
		       const struct wt_access *a, size_t n)
{
	uint32_t bt = kb->block_threads, lo = c * bt, max = kb->max_thread;
	struct wt_kbuf_cta *x;
	int mixed = 0;
	size_t i;

	/* c * bt does not wrap: it is at most a thread id of CTA c.  For
	 * wt_kbuf_sort_cta, while the accesses are in cache: a thread below
	 * the highest added before it, of any CTA, may be out of order.
	 * (CTAs added in id order then find only their own out of order.) */
	for (i = 0; i < n && a[i].thread - lo < bt; i++) {
		if (a[i].thread == max)
			continue;	/* the most of a thread's run */
		if (a[i].thread > max)
			max = a[i].thread;
		else
			mixed = 1;
	}
	if (i == 0)
		return 0;
	x = cta_entry(kb, c);
	x->mixed |= mixed;
	append(kb, x, c, a, i);
	kb->accesses += i;
	kb->max_thread = max;
	return i;
}

void wt_kbuf_add(struct wt_kbuf *kb, const struct wt_access *a)
{
	wt_kbuf_add_run(kb, a->thread / kb->block_threads, a, 1);
}

void wt_kbuf_skip(struct wt_kbuf *kb, const struct wt_access *a)
{
	if (a->thread > kb->max_thread)
		kb->max_thread = a->thread;
}

/*
 * The end of the run of thread a[i].thread's accesses in a[0 .. n),
 * whose threads do not go down: found by doubling steps, then halving,
 * so that a long run is not read through.
 */
static size_t run_end(const struct wt_access *a, size_t i, size_t n)
{
	uint32_t t = a[i].thread;
	size_t lo = i, hi, step = 1;

	/* a[lo] is of thread t; a[lo + step] (or a[n]) of a higher one */
	while (step < n - lo && a[lo + step].thread == t) {
		lo += step;
		step *= 2;
	}
	hi = step < n - lo ? lo + step : n;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (a[mid].thread == t)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/*
 * Count into off[t + 1] the accesses of each thread t (from lo) in
 * a[0 .. n), whose threads do not go down: each thread's are one run.
 * Threads mostly make as many accesses each: a run is first tried at
 * the length of the one before.
 */
static void count_sorted(const struct wt_access *a, size_t n, uint32_t lo,
			 uint32_t *off)
{
	size_t run = 0;

	for (size_t i = 0, j; i < n; i = j) {
		uint32_t t = a[i].thread;

		j = i + run;
		if (run == 0 || j > n || a[j - 1].thread != t ||
		    (j < n && a[j].thread == t))
			j = run_end(a, i, n);
		run = j - i;
		off[t - lo + 1] = (uint32_t)run;
	}
}

void wt_kbuf_sort_cta(struct wt_kbuf *kb, uint32_t c, uint32_t *off)
{
	uint32_t nt = kb->block_threads, lo = c * nt, t, prev = 0;
	struct wt_kbuf_cta *x, sorted = { 0 };
	const struct wt_access *a;
	int in_order = 1;

	memset(off, 0, ((size_t)nt + 1) * sizeof(*off));
	if (c >= kb->nctas || kb->cta[c].n == 0)
		return;
	x = &kb->cta[c];
	a = x->at;
	if (!x->mixed) {
		/* added thread by thread */
		count_sorted(a, x->n, lo, off);
		for (t = 0; t < nt; t++)
			off[t + 1] += off[t];
		return;
	}
	/* Counted one by one: the threads come mixed, as Ocelot writes
	 * them, or (rarely) after a higher CTA's, in order. */
	for (size_t i = 0; i < x->n; i++) {
		t = a[i].thread - lo;
		off[t + 1]++;
		in_order &= t >= prev;
		prev = t;
	}
	for (t = 0; t < nt; t++)
		off[t + 1] += off[t];
	if (in_order)
		return;
	/* A counting sort into a spare buffer: stable, so each thread
	 * keeps its program order. */
	if (!kb->pos)
		kb->pos = wt_malloc((size_t)nt * sizeof(*kb->pos));
	memcpy(kb->pos, off, (size_t)nt * sizeof(*kb->pos));
	reserve(kb, &sorted, x->n);
	for (size_t i = 0; i < x->n; i++)
		sorted.a[kb->pos[a[i].thread - lo]++] = a[i];
	sorted.at = sorted.a;
	sorted.n = x->n;
	give_spare(kb, x);
	*x = sorted;
}

const struct wt_access *wt_kbuf_cta(const struct wt_kbuf *kb, uint32_t c)
{
	return c < kb->nctas ? kb->cta[c].at : NULL;
}

struct wt_access *wt_kbuf_cta_own(struct wt_kbuf *kb, uint32_t c)
{
	if (c >= kb->nctas || kb->cta[c].n == 0 || kb->cta[c].at != kb->cta[c].a)
		return NULL;
	return kb->cta[c].a;
}

void wt_kbuf_release_cta(struct wt_kbuf *kb, uint32_t c)
{
	if (c < kb->nctas)
		give_spare(kb, &kb->cta[c]);
}

void wt_kbuf_reset(struct wt_kbuf *kb, uint32_t block_threads)
{
	for (size_t c = 0; c < kb->nctas; c++)
		give_spare(kb, &kb->cta[c]);
	if (block_threads != kb->block_threads) {
		free(kb->pos);
		kb->pos = NULL;
	}
	kb->block_threads = block_threads;
	kb->nctas = 0;
	kb->accesses = 0;
	kb->max_thread = 0;
	kb->lend = 0;
	kb->nlent = 0;
}

void wt_kbuf_free(struct wt_kbuf *kb)
{
	for (size_t c = 0; c < kb->nctas; c++)
		free(kb->cta[c].a);
	free(kb->spare[0].a);
	free(kb->spare[1].a);
	free(kb->cta);
	free(kb->pos);
	free(kb->lent);
	memset(kb, 0, sizeof(*kb));
}
