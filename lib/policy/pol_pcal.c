/*
 * pol_pcal.c - Li et al.'s priority-based cache allocation (PCAL): of the
 * warps the pool admits, the oldest pcal_tokens hold tokens, and a miss
 * of a warp without one allocates no line (it goes around the L1).
 * Under a warp limit the admitted warps are fewer.
 */
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_pcal_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params). */
struct params {
	unsigned tokens;	/* warps per SM that may allocate: 8 */
};

static void params_default(void *params)
{
	struct params *q = params;

	q->tokens = 8;
}

struct pcal {
	unsigned tokens;
	uint8_t *token;		/* per warp of the pool: may allocate */
};

/* The L1 side: the pool sets l1->noalloc for a warp with no token. */
static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	(void)p;
	(void)l1;
	return NULL;
}

static uint64_t *no_line(void *s, struct wt_l1 *l1, int stalled)
{
	(void)s;
	return !stalled && l1->noalloc ? wt_pol_counter(&l1->st.pol, &wt_pol_pcal_ops, 0) : NULL;
}

static void *pool_init(const struct wt_l1_policy *p, struct wt_pool *pool,
		       void *l1s)
{
	struct pcal *s = wt_calloc(1, sizeof(*s));

	(void)l1s;
	s->tokens = ((const struct params *)wt_l1_params(p, &wt_pol_pcal_ops))->tokens;
	s->token = wt_calloc(wt_pool_nwarps(pool), 1);
	return s;
}

static void pool_free(void *s)
{
	free(((struct pcal *)s)->token);
	free(s);
}

/* The oldest admitted warps hold the tokens. */
static void admitted(void *s, struct wt_pool *pool)
{
	struct pcal *x = s;
	unsigned left = x->tokens;
	size_t lo, hi;

	wt_pool_range(pool, &lo, &hi);
	for (size_t i = lo; i < hi; i++) {
		size_t wi = wt_pool_by_age(pool, i);

		x->token[wi] = wt_pool_admitted(pool, wi) && left > 0;
		left -= x->token[wi];
	}
}

static void issue(void *s, struct wt_pool *pool, size_t wi)
{
	wt_pool_l1(pool)->noalloc = !((struct pcal *)s)->token[wi];
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"pcal_noalloc", NULL
};

/* --pcal-tokens. */
static const struct wt_l1_option opts[] = {
	{ "pcal-tokens", "      --pcal-tokens=N     pcal: warps per SM that may "
	  "allocate (8)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_pcal_ops);

	if (opt(ctx, "pcal-tokens"))
		q->tokens = (unsigned)wt_opt_num("pcal-tokens",
						 opt(ctx, "pcal-tokens"), 0, 65536);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_pcal_ops);

	wt_json_key_u64(j, "pcal_tokens", q->tokens);
}

const struct wt_l1_policy_ops wt_pol_pcal_ops = {
	.name = "pcal",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.no_line = no_line,
	.pool_init = pool_init,
	.pool_free = pool_free,
	.admitted = admitted,
	.issue = issue,
};
