/*
 * l2pol_rand.c - Rand, MeDiC's comparison point for its bypassing: a
 * fraction of the warps, drawn again each period, bypass the L2 with
 * their loads (l2policy.h).
 */
#include "l2policy.h"
#include "hash.h"
#include "l2model.h"
#include "util.h"

#include <stdlib.h>

int wt_rand_bypass(uint64_t seed, double fraction, uint64_t period, uint64_t key,
		   uint64_t t)
{
	/* period 0: drawn once, never again */
	uint64_t h = wt_mix64(wt_mix64(seed ^ key) ^ (period ? t / period : 0));

	h = wt_mix64(h + 0x9E3779B97F4A7C15ULL);
	return (double)(h >> 11) * 0x1p-53 < fraction;
}

/* The draws need nothing but the settings: one copy for every partition. */
struct rand {
	uint64_t seed, period;
	double fraction;
};

static int rand_arrive(void *p, struct wt_l2 *l2, struct wt_l2_req *r)
{
	const struct rand *d = p;

	if (r->in->op != WT_OP_LOAD ||
	    !wt_rand_bypass(d->seed, d->fraction, d->period,
			    wt_medic_key(r->kernel, r->in->warp), r->arrival))
		return 0;
	l2->st.policy[WT_L2C_BASELINE_BYPASSES]++;
	return 1;
}

static const struct wt_l2_hooks rand_hooks = { .arrive = rand_arrive };

static int rand_on(const struct wt_l2pol_cfg *c)
{
	return c->rand_bypass > 0;
}

static void *rand_begin(const struct wt_l2pol_cfg *c)
{
	struct rand *d = wt_calloc(1, sizeof(*d));

	d->seed = c->seed;
	d->period = c->medic_cfg.reset;
	d->fraction = c->rand_bypass;
	return d;
}

static void rand_attach(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2)
{
	(void)c;
	wt_l2_add_policy(l2, &rand_hooks, shared, 1);
}

const struct wt_l2pol_def wt_l2pol_rand = {
	.name = "rand",
	.on = rand_on,
	.begin = rand_begin,
	.attach = rand_attach,
	.end = free,
};
