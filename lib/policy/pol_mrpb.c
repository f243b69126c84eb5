/*
 * pol_mrpb.c - Jia et al.'s memory request prioritization buffer (MRPB):
 * the pool drains its buffer in fixed order (of the warps whose next
 * instructions fit in its first mrpb_size requests, in queue order, the
 * oldest goes first), and a load that finds every way of its set
 * reserved goes around the L1 instead of stalling.
 */
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_mrpb_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params). */
struct params {
	unsigned size;		/* requests in the buffer: 32 */
};

static void params_default(void *params)
{
	struct params *q = params;

	q->size = 32;
}

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	(void)p;
	(void)l1;
	return NULL;
}

static uint64_t *no_line(void *s, struct wt_l1 *l1, int stalled)
{
	(void)s;
	return stalled ? wt_pol_counter(&l1->st.pol, &wt_pol_mrpb_ops, 0) : NULL;
}

static void *pool_init(const struct wt_l1_policy *p, struct wt_pool *pool,
		       void *l1s)
{
	unsigned *size = wt_malloc(sizeof(*size));

	(void)pool;
	(void)l1s;
	*size = ((const struct params *)wt_l1_params(p, &wt_pol_mrpb_ops))->size;
	return size;
}

static size_t pick(void *s, const struct wt_pool *pool)
{
	size_t best = 0, fill = 0, n = wt_pool_queued(pool);
	unsigned size = *(const unsigned *)s;

	for (size_t i = 0; i < n; i++) {
		size_t wi = wt_pool_queue_at(pool, i);
		unsigned left;
		int first;

		if (wt_pool_next(pool, wi, &first, &left))
			fill += left;
		if (i > 0 && fill > size)
			break;
		if (wt_pool_age(pool, wi) < wt_pool_age(pool, wt_pool_queue_at(pool, best)))
			best = i;
	}
	return best;
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"mrpb_bypass", NULL
};

/* --mrpb-size. */
static const struct wt_l1_option opts[] = {
	{ "mrpb-size", "      --mrpb-size=N       mrpb: requests in the reorder "
	  "buffer (32)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_mrpb_ops);

	if (opt(ctx, "mrpb-size"))
		q->size = (unsigned)wt_opt_num("mrpb-size", opt(ctx, "mrpb-size"),
					       1, 65536);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_mrpb_ops);

	wt_json_key_u64(j, "mrpb_size", q->size);
}

const struct wt_l1_policy_ops wt_pol_mrpb_ops = {
	.name = "mrpb",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.no_line = no_line,
	.pool_init = pool_init,
	.pool_free = free,
	.pick = pick,
};
