/*
 * pol_pd.c - Duong et al.'s protecting distance in the L1, static: a line
 * is shielded from replacement for pd accesses to its set after it came
 * in or was last hit.  For every line, or, beside a policy that
 * protects lines, only for the protected ones (l1policy.c combines them).
 */
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_pd_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params). */
struct params {
	unsigned pd;		/* set accesses a line is protected for: 16 */
};

static void params_default(void *params)
{
	struct params *q = params;

	q->pd = 16;
}

struct pd {
	uint16_t pd;
	int all;		/* every line; else only protected ones */
};

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	struct pd *s = wt_calloc(1, sizeof(*s));

	(void)l1;
	s->pd = (uint16_t)((const struct params *)wt_l1_params(p, &wt_pol_pd_ops))->pd;
	s->all = wt_l1_policy_named(p, &wt_pol_pd_ops);
	return s;
}

static void arrive(void *s, struct wt_l1 *l1, struct wt_l1_meta *m, int protect)
{
	const struct pd *x = s;

	(void)l1;
	if (x->all || protect)
		m->rpd = x->pd;
}

/* The distance counts accesses to the set: every line of it comes one
 * access nearer its end. */
static void set_access(void *s, struct wt_l1_meta *m, unsigned assoc)
{
	(void)s;
	for (unsigned w = 0; w < assoc; w++)
		if (m[w].rpd)
			m[w].rpd--;
}

static void hit(void *s, struct wt_l1_meta *m, int first)
{
	const struct pd *x = s;

	(void)first;
	if (x->all || m->prot)
		m->rpd = x->pd;
}

static int shield(void *s, struct wt_l1_meta *m)
{
	(void)s;
	return m->rpd != 0;
}

/* --pd. */
static const struct wt_l1_option opts[] = {
	{ "pd", "      --pd=N              pd, apcm-pd: protecting distance in set\n"
	  "                          accesses (16)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_pd_ops);

	if (opt(ctx, "pd"))
		q->pd = (unsigned)wt_opt_num("pd", opt(ctx, "pd"), 1, UINT16_MAX);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_pd_ops);

	wt_json_key_u64(j, "pd", q->pd);
}

const struct wt_l1_policy_ops wt_pol_pd_ops = {
	.name = "pd",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.free = free,
	.arrive = arrive,
	.set_access = set_access,
	.hit = hit,
	.shield = shield,
};
