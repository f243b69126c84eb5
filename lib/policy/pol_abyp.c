/*
 * pol_abyp.c - Tian et al.'s adaptive bypass in the L1: a load whose
 * lines keep leaving unused is predicted dead and sent around the L1; a
 * later load of a line it sent around corrects the prediction.  The
 * predictor is abyp.c's.
 */
#include "abyp.h"
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "util.h"

extern const struct wt_l1_policy_ops wt_pol_abyp_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params). */
struct params {
	unsigned threshold;	/* dead evictions that make a load bypass: 8 */
	unsigned max;		/* the counter saturates here: 15 */
};

static void params_default(void *params)
{
	struct params *q = params;

	q->threshold = 8;
	q->max = 15;
}

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	const struct wt_cache_geom *g = &l1->cfg->geom;

	const struct params *q = wt_l1_params(p, &wt_pol_abyp_ops);

	return wt_abyp_new(q->threshold, q->max, g->sets * g->assoc);
}

static void fini(void *s)
{
	wt_abyp_free(s);
}

/* A load of a line it sent around: the prediction was wrong (done again
 * on a retry, it finds nothing the second time). */
static void tick(void *s, struct wt_l1 *l1, const struct wt_request *r,
		 uint64_t line, uint64_t t)
{
	(void)r;
	(void)t;
	if (wt_abyp_check(s, line))
		(*wt_pol_counter(&l1->st.pol, &wt_pol_abyp_ops, 1))++;
}

static int route(void *s, struct wt_l1 *l1, const struct wt_request *r,
		 uint64_t line, int *protect)
{
	(void)protect;
	if (!wt_abyp_bypass(s, r->pc))
		return WT_L1_LOOKUP;
	wt_abyp_note_bypass(s, r->pc, line);
	(*wt_pol_counter(&l1->st.pol, &wt_pol_abyp_ops, 0))++;
	return WT_L1_AROUND;
}

static void hit(void *s, struct wt_l1_meta *m, int first)
{
	if (first)
		wt_abyp_reused(s, m->pc);
}

static void evict(void *s, struct wt_l1 *l1, const struct wt_l1_meta *m,
		  uint64_t line)
{
	(void)l1;
	(void)line;
	wt_abyp_evicted(s, m->pc, m->reused);
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"abyp_loads", "abyp_corrections", NULL
};

/* --abyp-threshold, up to where the counter saturates. */
static const struct wt_l1_option opts[] = {
	{ "abyp-threshold", "      --abyp-threshold=N  abyp: dead evictions before a "
	  "load bypasses (8)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_abyp_ops);

	if (opt(ctx, "abyp-threshold"))
		q->threshold = (unsigned)wt_opt_num("abyp-threshold",
						    opt(ctx, "abyp-threshold"),
						    1, q->max);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_abyp_ops);

	wt_json_key_u64(j, "abyp_threshold", q->threshold);
}

const struct wt_l1_policy_ops wt_pol_abyp_ops = {
	.name = "abyp",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.free = fini,
	.tick = tick,
	.route = route,
	.hit = hit,
	.evict = evict,
};
