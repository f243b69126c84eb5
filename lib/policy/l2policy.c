/*
 * l2policy.c - MeDiC's comparison points at the L2; see l2policy.h.
 */
#include "l2policy.h"
#include "hash.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

int wt_rand_bypass(uint64_t seed, double fraction, uint64_t period, uint64_t key,
		   uint64_t t)
{
	/* period 0: drawn once, never again */
	uint64_t h = wt_mix64(wt_mix64(seed ^ key) ^ (period ? t / period : 0));

	h = wt_mix64(h + 0x9E3779B97F4A7C15ULL);
	return (double)(h >> 11) * 0x1p-53 < fraction;
}

void wt_eaf_init(struct wt_eaf *f, uint64_t lines)
{
	f->capacity = lines ? lines : 1;
	f->nbits = 8 * f->capacity;
	f->bits = wt_calloc((f->nbits + 63) / 64, sizeof(*f->bits));
	f->inserted = 0;
}

void wt_eaf_free(struct wt_eaf *f)
{
	free(f->bits);
	memset(f, 0, sizeof(*f));
}

static uint64_t eaf_hash(const struct wt_eaf *f, uint64_t line, unsigned k)
{
	return wt_mix64(line * 0xC2B2AE3D27D4EB4FULL + k + 1) % f->nbits;
}

void wt_eaf_evicted(struct wt_eaf *f, uint64_t line)
{
	if (f->inserted == f->capacity) {	/* full: start again */
		memset(f->bits, 0, (f->nbits + 63) / 64 * sizeof(*f->bits));
		f->inserted = 0;
	}
	for (unsigned k = 0; k < 2; k++) {
		uint64_t b = eaf_hash(f, line, k);

		f->bits[b / 64] |= 1ULL << (b % 64);
	}
	f->inserted++;
}

int wt_eaf_test(const struct wt_eaf *f, uint64_t line)
{
	for (unsigned k = 0; k < 2; k++) {
		uint64_t b = eaf_hash(f, line, k);

		if (!(f->bits[b / 64] >> (b % 64) & 1))
			return 0;
	}
	return 1;
}

struct pcal_warp {
	uint64_t key;
	uint64_t last;		/* last cycle it used the L2 */
	uint64_t token;		/* the period it holds a token for, + 1 */
};

void wt_pcal_init(struct wt_pcal *p, unsigned tokens, uint64_t period)
{
	memset(p, 0, sizeof(*p));
	p->tokens = tokens;
	p->period = period ? period : UINT64_MAX;
	p->ix = wt_u64map_new();
}

void wt_pcal_free(struct wt_pcal *p)
{
	wt_u64map_free(p->ix);
	free(p->w);
	memset(p, 0, sizeof(*p));
}

static int by_recent(const void *a, const void *b)
{
	const struct pcal_warp *x = *(struct pcal_warp *const *)a;
	const struct pcal_warp *y = *(struct pcal_warp *const *)b;

	if (x->last != y->last)
		return x->last < y->last ? 1 : -1;
	return (x->key > y->key) - (x->key < y->key);
}

/* A new period: its tokens go first to the warps that used the L2 in the
 * last one, the most recent first. */
static void new_period(struct wt_pcal *p, uint64_t epoch)
{
	struct pcal_warp **recent = wt_calloc(p->n ? p->n : 1, sizeof(*recent));
	size_t m = 0;

	for (size_t i = 0; i < p->n; i++)
		if (epoch && p->w[i].last / p->period == epoch - 1)
			recent[m++] = &p->w[i];
	qsort(recent, m, sizeof(*recent), by_recent);
	p->epoch = epoch;
	p->granted = 0;
	for (size_t i = 0; i < m && p->granted < p->tokens; i++) {
		recent[i]->token = epoch + 1;
		p->granted++;
	}
	free(recent);
}

void wt_pcal_kernel_end(struct wt_pcal *p)
{
	p->granted = 0;
	p->n = 0;
	wt_u64map_clear(p->ix);
}

int wt_pcal_token(struct wt_pcal *p, uint64_t key, uint64_t t)
{
	uint64_t epoch = t / p->period, *ix;
	struct pcal_warp *w;
	int added;

	if (epoch > p->epoch || (!p->n && !p->granted))
		new_period(p, epoch);
	ix = wt_u64map_get(p->ix, key, &added);
	if (added) {
		if (p->n == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 256;
			p->w = wt_realloc(p->w, p->cap * sizeof(*p->w));
		}
		p->w[p->n] = (struct pcal_warp){ key, t, 0 };
		*ix = ++p->n;
	}
	w = &p->w[*ix - 1];
	w->last = t;
	if (w->token != epoch + 1 && p->granted < p->tokens) {
		w->token = epoch + 1;	/* in order of arrival */
		p->granted++;
	}
	return w->token == epoch + 1;
}
