/*
 * pol_wlimit.c - a static warp limit (--warp-limit): the pool lets only
 * the oldest warp_limit warps per scheduler that are not done issue.
 * (The policies that choose a limit per kernel set it across the SMs:
 * l1hook.h's kernel_limit and kernel_run.)
 */
#include "l1model.h"
#include "l1policy.h"
#include "util.h"

#include <stdlib.h>

static void *pool_init(const struct wt_l1_policy *p, struct wt_pool *pool,
		       void *l1s)
{
	unsigned *limit = wt_malloc(sizeof(*limit));

	(void)pool;
	(void)l1s;
	*limit = p->warp_limit * p->schedulers;
	return limit;
}

static unsigned limit(void *s)
{
	return *(const unsigned *)s;
}

const struct wt_l1_policy_ops wt_pol_wlimit_ops = {
	.name = "warp-limit",
	.pool_init = pool_init,
	.pool_free = free,
	.limit = limit,
};
