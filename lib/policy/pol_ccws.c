/*
 * pol_ccws.c - Rogers et al.'s cache-conscious wavefront scheduling
 * (CCWS) in the pool: the lines the L1 evicts go into their warps' victim
 * tags, a load miss that finds its line there raises its warp's
 * lost-locality score, and the warps the scores push past the cutoff are
 * held back from their loads.  The scoring is ccws.c's.
 */
#include "ccws.h"
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_ccws_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params): the scoring's,
 * the paper's by default. */
static void params_default(void *params)
{
	wt_ccws_default(params);
}

struct ccws {
	struct wt_ccws *c;
	struct wt_u64map *local;	/* the active warps: kernel warp id ->
					   index + 1 */
	uint64_t *vta_hits, *blocked;	/* its counters in the L1's stats */
};

/* The L1 side: the lines that leave, with their owners, for the pool. */
static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	(void)p;
	(void)l1;
	return NULL;
}

static void evict(void *s, struct wt_l1 *l1, const struct wt_l1_meta *m,
		  uint64_t line)
{
	(void)s;
	if (l1->nevicted == l1->capevicted) {
		l1->capevicted = l1->capevicted ? 2 * l1->capevicted : 8;
		l1->evicted = wt_realloc(l1->evicted, l1->capevicted *
					 sizeof(*l1->evicted));
	}
	l1->evicted[l1->nevicted++] = (struct wt_l1_evicted){ m->warp, line };
}

static void *pool_init(const struct wt_l1_policy *p, struct wt_pool *pool,
		       void *l1s)
{
	struct ccws *s = wt_calloc(1, sizeof(*s));

	(void)l1s;
	s->c = wt_ccws_new(wt_l1_params(p, &wt_pol_ccws_ops),
			   (unsigned)wt_pool_nwarps(pool));
	s->local = wt_u64map_new();
	s->vta_hits = wt_pol_counter(&wt_pool_l1(pool)->st.pol, &wt_pol_ccws_ops, 0);
	s->blocked = wt_pol_counter(&wt_pool_l1(pool)->st.pol, &wt_pol_ccws_ops, 1);
	return s;
}

static void pool_free(void *s)
{
	struct ccws *x = s;

	wt_ccws_free(x->c);
	wt_u64map_free(x->local);
	free(x);
}

/* A warp's evictions count for it while it is active (an inactive
 * warp's are not recorded: ccws.h), so only the active are mapped; in
 * gpusim another warp takes the index later. */
static void active(void *s, struct wt_pool *pool, size_t wi, int on)
{
	struct ccws *x = s;
	uint32_t id = wt_pool_warp(pool, wi);
	int added;

	wt_ccws_set_active(x->c, (unsigned)wi, on);
	if (on) {
		*wt_u64map_get(x->local, id, &added) = wi + 1;
	} else {
		const uint64_t *ix = wt_u64map_find(x->local, id);

		if (ix && *ix == wi + 1)
			wt_u64map_del(x->local, id);
	}
}

/* Loads of the warps past the cutoff wait, instruction by instruction. */
static int may_issue(void *s, struct wt_pool *pool, size_t wi)
{
	unsigned left;
	int first;
	const struct wt_request *q = wt_pool_next(pool, wi, &first, &left);

	if (!q || !first || q->op != WT_OP_LOAD)
		return 1;
	if (wt_ccws_may_issue(((struct ccws *)s)->c, (unsigned)wi, wt_pool_time(pool)))
		return 1;
	(*((struct ccws *)s)->blocked)++;
	return 0;
}

/* The cycle may_issue's answer 0 for warp wi can change: none for a
 * warp it would not hold back. */
static uint64_t held_until(void *s, const struct wt_pool *pool, size_t wi)
{
	unsigned left;
	int first;
	const struct wt_request *q = wt_pool_next(pool, wi, &first, &left);
	uint64_t t = wt_pool_time(pool);

	if (!q || !first || q->op != WT_OP_LOAD)
		return t;
	return wt_ccws_held_until(((struct ccws *)s)->c, (unsigned)wi, t);
}

/* n answers 0 of may_issue, counted as if asked. */
static void held(void *s, struct wt_pool *pool, size_t wi, uint64_t n)
{
	(void)pool;
	wt_ccws_held(((struct ccws *)s)->c, (unsigned)wi, n);
	*((struct ccws *)s)->blocked += n;
}

/* Learn from the L1: the lines it evicted go into their warps' victim
 * tags, and a load miss of warp wi looks in wi's. */
static void accessed(void *s, struct wt_pool *pool, size_t wi,
		     const struct wt_request *q, int missed)
{
	struct ccws *x = s;
	struct wt_l1 *l1 = wt_pool_l1(pool);

	for (unsigned i = 0; i < l1->nevicted; i++) {
		const uint64_t *ix = wt_u64map_find(x->local, l1->evicted[i].warp);

		if (ix)
			wt_ccws_evict(x->c, (unsigned)(*ix - 1), l1->evicted[i].line);
	}
	l1->nevicted = 0;
	if (missed && wt_ccws_miss(x->c, (unsigned)wi,
				   wt_cache_line_addr(&l1->cache, q->addr),
				   wt_pool_time(pool)))
		(*x->vta_hits)++;
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"ccws_vta_hits", "ccws_blocked", NULL
};

/* --kthrottle, --vta. */
static const struct wt_l1_option opts[] = {
	{ "kthrottle", "      --kthrottle=N       ccws: a lost-locality hit's "
	  "weight (8)\n" },
	{ "vta", "      --vta=N             ccws: victim tags per warp, 8-way "
	  "(16)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct wt_ccws_cfg *q = wt_l1_params(p, &wt_pol_ccws_ops);

	if (opt(ctx, "kthrottle"))
		q->kthrottle = (unsigned)wt_opt_num("kthrottle",
						    opt(ctx, "kthrottle"), 0, 1000);
	if (opt(ctx, "vta")) {
		q->vta_entries = (unsigned)wt_opt_num("vta", opt(ctx, "vta"),
						      1, 4096);
		if (q->vta_entries % q->vta_assoc)
			wt_die(WT_EXIT_USAGE, "--vta=%u: a whole number of %u-way sets",
			       q->vta_entries, q->vta_assoc);
	}
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct wt_ccws_cfg *q = wt_l1_params(p, &wt_pol_ccws_ops);

	wt_json_key_u64(j, "kthrottle", q->kthrottle);
	wt_json_key_u64(j, "vta", q->vta_entries);
	wt_json_key_u64(j, "vta_assoc", q->vta_assoc);
	wt_json_key_u64(j, "base_score", q->base);
}

const struct wt_l1_policy_ops wt_pol_ccws_ops = {
	.name = "ccws",
	.params_size = sizeof(struct wt_ccws_cfg),
	.params_default = params_default,
	.opts = opts,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.evict = evict,
	.pool_init = pool_init,
	.pool_free = pool_free,
	.active = active,
	.may_issue = may_issue,
	.held_until = held_until,
	.held = held,
	.accessed = accessed,
};
