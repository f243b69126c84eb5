/*
 * pol_randbyp.c - rand-byp, a baseline and the smallest example of a
 * policy (HACKING, "Adding a policy"): each load goes around the L1 with
 * probability fraction (--bypass-fraction), drawn from a generator of
 * the L1's own, seeded from --seed and its SM, so that runs repeat.  (A
 * load refused for a resource draws again when it is retried.)
 */
#include "hash.h"
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_randbyp_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params). */
struct params {
	double fraction;	/* of the loads sent around: 0.5 */
};

static void params_default(void *params)
{
	((struct params *)params)->fraction = 0.5;
}

struct randbyp {
	uint64_t rng;		/* xorshift64*: never 0 */
	double fraction;
};

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	struct randbyp *s = wt_calloc(1, sizeof(*s));

	s->rng = wt_mix64(l1->cfg->seed ^ wt_mix64(l1->sm + 0xB1A5ULL));
	if (!s->rng)
		s->rng = 1;
	s->fraction = ((const struct params *)wt_l1_params(p, &wt_pol_randbyp_ops))->fraction;
	return s;
}

static int route(void *s, struct wt_l1 *l1, const struct wt_request *r,
		 uint64_t line, int *protect)
{
	struct randbyp *x = s;
	uint64_t h;

	(void)r;
	(void)line;
	(void)protect;
	x->rng ^= x->rng >> 12;
	x->rng ^= x->rng << 25;
	x->rng ^= x->rng >> 27;
	h = x->rng * 0x2545F4914F6CDD1DULL;
	/* the top 53 bits, uniform in [0, 1) */
	if ((double)(h >> 11) * 0x1p-53 >= x->fraction)
		return WT_L1_LOOKUP;
	(*wt_pol_counter(&l1->st.pol, &wt_pol_randbyp_ops, 0))++;
	return WT_L1_AROUND;
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"rand_bypass", NULL
};

static const struct wt_l1_option opts[] = {
	{ "bypass-fraction", "      --bypass-fraction=X rand-byp: of the loads sent "
	  "around, 0 to 1 (0.5)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_randbyp_ops);

	if (opt(ctx, "bypass-fraction"))
		q->fraction = wt_opt_real("bypass-fraction",
					  opt(ctx, "bypass-fraction"), 0, 1);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_randbyp_ops);

	wt_json_key(j, "bypass_fraction");
	wt_json_double(j, q->fraction);
}

const struct wt_l1_policy_ops wt_pol_randbyp_ops = {
	.name = "rand-byp",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.free = free,
	.route = route,
};
