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

struct pd {
	uint16_t pd;
	int all;		/* every line; else only protected ones */
};

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	struct pd *s = wt_calloc(1, sizeof(*s));

	(void)l1;
	s->pd = (uint16_t)p->pd;
	s->all = (p->flags & WT_POL_PD) != 0;
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
static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	if (opt(ctx, "pd"))
		p->pd = (unsigned)wt_opt_num("pd", opt(ctx, "pd"), 1, UINT16_MAX);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	wt_json_key_u64(j, "pd", p->pd);
}

const struct wt_l1_policy_ops wt_pol_pd_ops = {
	.name = "pd",
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.free = free,
	.arrive = arrive,
	.set_access = set_access,
	.hit = hit,
	.shield = shield,
};
