/*
 * l1policy.c - the table of policies: names, parameters, and which hooks
 * (l1hook.h) run in what order.  The mechanisms are in files of their
 * own, pol_*.c (l1policy.h lists them).
 */
#include "l1policy.h"
#include "json.h"
#include "util.h"

#include <getopt.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wt_l1_policy_default(struct wt_l1_policy *p)
{
	memset(p, 0, sizeof(*p));
	p->name = "none";
	p->sbyp_period = 10000;
	p->sbyp_threshold = 0.9;
	p->schedulers = 2;
	p->max_warps = 24;
	wt_dwtcs_default(&p->dwtcs);
	wt_ccws_default(&p->ccws);
	p->mrpb_size = 32;
	p->pcal_tokens = 8;
	p->abyp_threshold = 8;
	p->abyp_max = 15;
	p->pd = 16;
	wt_apcm_default(&p->apcm);
	p->apcm.bypass = p->apcm.protect = 0;	/* the names choose */
	p->rand_fraction = 0.5;
}

/*
 * The policies, in the order their hooks are called: adding one is its
 * file and its line here.  The order is part of what a combination does:
 * the streaming bypass routes a load before APCM and APCM before ABYP; a
 * protecting distance shields a line before APCM's board is asked.  The
 * policy at place i is bit 1 << i of struct wt_l1_policy's flags (the
 * WT_POL_* of l1policy.h say so for the first ones); a warp limit
 * (wt_pol_wlimit_ops) is not named by --policy and runs with any policy.
 */
static const struct wt_l1_policy_ops *const table[] = {
	&wt_pol_sbyp_ops,
	&wt_pol_dwtcs_ops,
	&wt_pol_swt_ops,
	&wt_pol_ccws_ops,
	&wt_pol_mrpb_ops,
	&wt_pol_pcal_ops,
	&wt_pol_pd_ops,
	&wt_pol_apcm_ops,
	&wt_pol_abyp_ops,
	&wt_pol_randbyp_ops,
};
#define NTABLE (sizeof(table) / sizeof(table[0]))

/*
 * The orders the stats files have had since before the table: its
 * policies print their settings, options and statistics in these orders,
 * and a policy listed in none of them after these, in table order.
 * NULL in settings_order: the pool's keys; in counters_always: the
 * model's protect_bypass.  The policies of counters_always print their
 * counters whatever runs (as they always have); any other policy prints
 * its counters only when it runs, so that the others' statistics stay
 * as they were.
 */
static const struct wt_l1_policy_ops *const options_order[] = {
	&wt_pol_sbyp_ops, &wt_pol_dwtcs_ops, &wt_pol_ccws_ops, &wt_pol_mrpb_ops,
	&wt_pol_pcal_ops, &wt_pol_abyp_ops, &wt_pol_pd_ops, &wt_pol_apcm_ops,
	&wt_pol_randbyp_ops,
};
static const struct wt_l1_policy_ops *const settings_order[] = {
	&wt_pol_sbyp_ops, NULL, &wt_pol_dwtcs_ops, &wt_pol_ccws_ops,
	&wt_pol_mrpb_ops, &wt_pol_pcal_ops, &wt_pol_abyp_ops, &wt_pol_pd_ops,
	&wt_pol_randbyp_ops, &wt_pol_apcm_ops,
};
static const struct wt_l1_policy_ops *const counters_always[] = {
	&wt_pol_sbyp_ops, &wt_pol_abyp_ops, &wt_pol_apcm_ops, NULL,
	&wt_pol_pcal_ops, &wt_pol_mrpb_ops, &wt_pol_ccws_ops,
};
static const struct wt_l1_policy_ops *const stats_order[] = {
	&wt_pol_randbyp_ops, &wt_pol_apcm_ops, &wt_pol_dwtcs_ops,
};
#define N(a) (sizeof(a) / sizeof(a[0]))

/* The names of --policy that are combinations of the table's, or set
 * the parameters of one (APCM's methods); every other name is a
 * policy's own (its ops' name). */
static const struct {
	const char *name;
	unsigned flags;
	int bypass, protect, pd;
} combined[] = {
	{ "none", 0, 0, 0, 0 },
	{ "dwt-pric", WT_POL_SBYP | WT_POL_DWTCS, 0, 0, 0 },
	{ "apcm", WT_POL_APCM, 1, 1, 0 },
	{ "apcm-bypass", WT_POL_APCM, 1, 0, 0 },
	{ "apcm-protect", WT_POL_APCM, 0, 1, 0 },
	{ "apcm-pd", WT_POL_APCM, 0, 1, 1 },
	{ "apcm-swl", WT_POL_APCM | WT_POL_SWT, 1, 1, 0 },
};

/* The names as messages have listed them; the table's policies past
 * the first NAMED follow them. */
static const char names_before[] =
	"none, sbyp, dwt-cs, dwt-pric, swt, ccws, mrpb, pcal, abyp, pd, apcm, "
	"apcm-bypass, apcm-protect, apcm-pd, apcm-swl, rand-byp";
#define NAMED 10

const char *wt_l1_policy_names(void)
{
	static char buf[sizeof(names_before) + 64 * NTABLE];

	if (!buf[0]) {
		strcpy(buf, names_before);
		for (size_t i = NAMED; i < NTABLE; i++) {
			strcat(buf, ", ");
			strncat(buf, table[i]->name, 60);
		}
	}
	return buf;
}

unsigned wt_l1_policy_ops_of(const struct wt_l1_policy *p,
			     const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES])
{
	unsigned on = p->flags, n = 0;

	/* apcm-pd is APCM with pd for its protected loads */
	if ((on & WT_POL_APCM) && p->apcm_pd)
		on |= WT_POL_PD;
	for (size_t i = 0; i < NTABLE; i++)
		if (on & (1u << i))
			ops[n++] = table[i];
	if (p->warp_limit)
		ops[n++] = &wt_pol_wlimit_ops;
	return n;
}

/* Whether ops is in the list a[0..n-1]. */
static int listed(const struct wt_l1_policy_ops *const *a, size_t n,
		  const struct wt_l1_policy_ops *ops)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] == ops)
			return 1;
	return 0;
}

/* Whether the policy of ops runs under p. */
static int runs(const struct wt_l1_policy *p, const struct wt_l1_policy_ops *ops)
{
	const struct wt_l1_policy_ops *on[WT_L1_MAX_POLICIES];

	return listed(on, wt_l1_policy_ops_of(p, on), ops);
}

static unsigned ncounters(const struct wt_l1_policy_ops *ops)
{
	unsigned n = 0;

	while (ops->counters && ops->counters[n])
		n++;
	return n;
}

uint64_t *wt_pol_counter(struct wt_pol_stats *st,
			 const struct wt_l1_policy_ops *ops, unsigned i)
{
	unsigned base = 0;

	for (size_t k = 0; k < NTABLE && table[k] != ops; k++)
		base += ncounters(table[k]);
	if (base + i >= WT_POL_MAX_COUNTERS)
		wt_die(WT_EXIT_DATA, "%s: counter %u past WT_POL_MAX_COUNTERS",
		       ops->name, i);
	return &st->n[base + i];
}

uint64_t wt_pol_stats_get(const struct wt_pol_stats *st, const char *key)
{
	unsigned base = 0;

	if (strcmp(key, "protect_bypass") == 0)
		return st->protect_bypass;
	for (size_t k = 0; k < NTABLE; k++)
		for (unsigned i = 0; i < ncounters(table[k]); i++, base++)
			if (strcmp(table[k]->counters[i], key) == 0)
				return st->n[base];
	return 0;
}

void wt_pol_stats_add(struct wt_pol_stats *d, const struct wt_pol_stats *s)
{
	d->protect_bypass += s->protect_bypass;
	for (size_t i = 0; i < WT_POL_MAX_COUNTERS; i++)
		d->n[i] += s->n[i];
}

/* One name of the list. */
static int add(struct wt_l1_policy *p, const char *s, size_t n)
{
	for (size_t i = 0; i < N(combined); i++) {
		if (strlen(combined[i].name) != n ||
		    memcmp(combined[i].name, s, n) != 0)
			continue;
		p->flags |= combined[i].flags;
		if (combined[i].flags & WT_POL_APCM) {
			p->apcm.bypass |= combined[i].bypass;
			p->apcm.protect |= combined[i].protect;
			p->apcm_pd |= combined[i].pd;
		}
		return 0;
	}
	for (size_t i = 0; i < NTABLE; i++)
		if (strlen(table[i]->name) == n && memcmp(table[i]->name, s, n) == 0) {
			p->flags |= 1u << i;
			return 0;
		}
	return -1;
}

int wt_l1_policy_parse(struct wt_l1_policy *p, const char *list, char *err,
		       size_t errlen)
{
	const char *s = list;

	p->name = list;
	for (;;) {
		size_t n = strcspn(s, ",");

		if (add(p, s, n) < 0) {
			snprintf(err, errlen, "--policy=%s: unknown policy '%.*s' "
				 "(expected %s)", list, (int)n, s, wt_l1_policy_names());
			return -1;
		}
		if (!s[n])
			break;
		s += n + 1;
	}
	if ((p->flags & WT_POL_DWTCS) && (p->flags & WT_POL_SWT)) {
		snprintf(err, errlen, "--policy=%s: dwt-cs and swt both set the "
			 "warp limit; choose one", list);
		return -1;
	}
	if ((p->flags & WT_POL_PD) && (p->flags & WT_POL_APCM) && p->apcm.protect) {
		snprintf(err, errlen, "--policy=%s: pd and APCM's protection both "
			 "protect lines; choose one (apcm-pd is APCM with a "
			 "protecting distance)", list);
		return -1;
	}
	return 0;
}

int wt_l1_policy_wants_pric(const char *list)
{
	const char *s = list;

	for (;;) {
		size_t n = strcspn(s, ",");

		if (n == 8 && memcmp(s, "dwt-pric", 8) == 0)
			return 1;
		if (!s[n])
			return 0;
		s += n + 1;
	}
}

/* --name's argument, from getopt_long's options and what they set. */
struct optset {
	const struct option *lo;
	const char *const *set;
};

static const char *opt_of(const void *ctx, const char *name)
{
	const struct optset *o = ctx;

	for (const struct option *q = o->lo; q->name; q++)
		if (strcmp(q->name, name) == 0)
			return o->set[q->val];
	return NULL;
}

/* ops, then each of the table's policies that a is not listing. */
#define EACH(a, i, ops) \
	for (size_t i = 0; i < N(a) + NTABLE; i++) \
		if (i < N(a) ? ((ops) = a[i], 1) : \
		    ((ops) = table[i - N(a)], !listed(a, N(a), ops)))

void wt_l1_policy_options(struct wt_l1_policy *p, const struct option *lo,
			  const char *const *set)
{
	struct optset o = { lo, set };
	const struct wt_l1_policy_ops *ops;
	const char *a;
	char err[512];

	wt_l1_policy_default(p);
	a = opt_of(&o, "policy");
	if (a && wt_l1_policy_parse(p, a, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if ((a = opt_of(&o, "schedulers")))
		p->schedulers = (unsigned)wt_opt_num("schedulers", a, 1, 64);
	if ((a = opt_of(&o, "max-warps")))
		p->max_warps = (unsigned)wt_opt_num("max-warps", a, 1, 1024);
	if ((a = opt_of(&o, "warp-limit"))) {
		p->warp_limit = (unsigned)wt_opt_num("warp-limit", a, 0, p->max_warps);
		if (p->warp_limit && (p->flags & (WT_POL_DWTCS | WT_POL_SWT)))
			wt_die(WT_EXIT_USAGE, "--warp-limit: dwt-cs and swt choose "
			       "the warp limit themselves");
	}
	EACH(options_order, i, ops)
		if (ops->options)
			ops->options(p, opt_of, &o);
}

void wt_l1_policy_settings_json(struct wt_json *j, const struct wt_l1_policy *p,
				int pool)
{
	const struct wt_l1_policy_ops *ops;

	wt_json_key(j, "policy");
	wt_json_string(j, p->name);
	EACH(settings_order, i, ops) {
		if (!ops) {
			if (pool) {
				wt_json_key_u64(j, "schedulers", p->schedulers);
				wt_json_key_u64(j, "max_warps", p->max_warps);
				wt_json_key_u64(j, "warp_limit", p->warp_limit);
			}
		} else if (ops->settings_json && runs(p, ops)) {
			ops->settings_json(p, j);
		}
	}
}

/* The counters of ops in ps. */
static void counters_json(struct wt_json *j, const struct wt_pol_stats *ps,
			  const struct wt_l1_policy_ops *ops)
{
	struct wt_pol_stats *st = (struct wt_pol_stats *)ps;

	for (unsigned i = 0; i < ncounters(ops); i++)
		wt_json_key_u64(j, ops->counters[i], *wt_pol_counter(st, ops, i));
}

void wt_l1_policy_stats_json(struct wt_json *j, const struct wt_l1_policy *p,
			     const struct wt_pol_stats *ps, struct wt_l1 *const *l1,
			     unsigned n,
			     void *(*gstate)(const void *ctx,
					     const struct wt_l1_policy_ops *ops),
			     const void *ctx)
{
	const struct wt_l1_policy_ops *ops;

	wt_json_key(j, "policy");
	wt_json_begin_object(j);
	for (size_t i = 0; i < N(counters_always); i++)
		if (counters_always[i])
			counters_json(j, ps, counters_always[i]);
		else
			wt_json_key_u64(j, "protect_bypass", ps->protect_bypass);
	EACH(stats_order, i, ops) {
		if (!runs(p, ops))
			continue;
		if (!listed(counters_always, N(counters_always), ops))
			counters_json(j, ps, ops);
		if (ops->stats_json)
			ops->stats_json(j, l1, n, gstate(ctx, ops));
	}
	wt_json_end_object(j);
}
