/*
 * l2pol_pcal.c - PCAL's token-based allocation (Li et al., HPCA 2015) at
 * the L2, as MeDiC's comparison point: a load or atomic of a warp without
 * a token takes no line on a miss (l2policy.h).  The tokens are shared
 * by the partitions.
 */
#include "l2policy.h"
#include "l2model.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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

static int pcal_arrive(void *p, struct wt_l2 *l2, struct wt_l2_req *r)
{
	(void)l2;
	if (r->in->op != WT_OP_STORE &&
	    !wt_pcal_token(p, wt_medic_key(r->kernel, r->in->warp), r->arrival))
		r->noalloc = 1;
	return 0;
}

/* Every miss that takes no line, whichever policy said so. */
static void pcal_lookup(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
			int way, enum wt_l2_look look, uint64_t t)
{
	(void)p;
	(void)r;
	(void)way;
	(void)t;
	l2->st.policy[WT_L2C_PCAL_NOALLOC] += look == WT_L2_LOOK_NOALLOC;
}

static const struct wt_l2_hooks pcal_hooks = {
	.arrive = pcal_arrive,
	.lookup = pcal_lookup,
};

static int pcal_on(const struct wt_l2pol_cfg *c)
{
	return c->pcal_tokens != 0;
}

static void *pcal_begin(const struct wt_l2pol_cfg *c)
{
	struct wt_pcal *p = wt_calloc(1, sizeof(*p));

	wt_pcal_init(p, c->pcal_tokens, c->medic_cfg.reset);
	return p;
}

static void pcal_attach(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2)
{
	(void)c;
	wt_l2_add_policy(l2, &pcal_hooks, shared, 0);
}

static void pcal_kernel_end(void *shared)
{
	wt_pcal_kernel_end(shared);
}

static void pcal_end(void *shared)
{
	wt_pcal_free(shared);
	free(shared);
}

const struct wt_l2pol_def wt_l2pol_pcal = {
	.name = "pcal",
	.on = pcal_on,
	.shared = 1,
	.begin = pcal_begin,
	.attach = pcal_attach,
	.kernel_end = pcal_kernel_end,
	.end = pcal_end,
};
