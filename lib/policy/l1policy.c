/*
 * l1policy.c - the table of policies: which run, in what order, their
 * names and combinations, and what l1sim needs of them all together
 * (options, --help, settings, statistics), walked from each policy's
 * ops (l1hook.h).  The mechanisms are in files of their own, pol_*.c.
 */
#include "l1policy.h"
#include "json.h"
#include "util.h"

#include <getopt.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The policies, in the order their hooks are called: adding one is its
 * file and its line here.  The order is part of what a combination does:
 * the streaming bypass routes a load before APCM and APCM before ABYP; a
 * protecting distance shields a line before APCM's board is asked.  The
 * policy at place i is bit 1 << i of struct wt_l1_policy's flags; a warp
 * limit (wt_pol_wlimit_ops) is not named by --policy and runs with any
 * policy.
 */
extern const struct wt_l1_policy_ops wt_pol_sbyp_ops, wt_pol_dwtcs_ops,
	wt_pol_swt_ops, wt_pol_ccws_ops, wt_pol_mrpb_ops, wt_pol_pcal_ops,
	wt_pol_pd_ops, wt_pol_apcm_ops, wt_pol_abyp_ops, wt_pol_randbyp_ops,
	wt_pol_wlimit_ops;

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

_Static_assert(NTABLE <= 32, "a policy's bit in struct wt_l1_policy's flags");

/* Each policy's parameters, in the table's order, on 16-byte places. */
static size_t params_at(const struct wt_l1_policy_ops *ops, size_t *size)
{
	size_t at = 0;

	for (size_t i = 0; i < NTABLE; i++) {
		if (table[i] == ops) {
			*size = ops->params_size;
			return at;
		}
		at += (table[i]->params_size + 15) / 16 * 16;
	}
	*size = 0;
	return at;
}

void *wt_l1_params(const struct wt_l1_policy *p, const struct wt_l1_policy_ops *ops)
{
	size_t size, at = params_at(ops, &size);

	return size ? (void *)(p->params + at) : NULL;
}

void wt_l1_policy_default(struct wt_l1_policy *p)
{
	size_t size, end = params_at(NULL, &size);

	if (end > sizeof(p->params))
		wt_die(WT_EXIT_DATA, "the L1 policies' parameters take %zu bytes, "
		       "past WT_L1_POLICY_PARAMS", end);
	memset(p, 0, sizeof(*p));
	p->name = "none";
	p->schedulers = 2;
	p->max_warps = 24;
	for (size_t i = 0; i < NTABLE; i++)
		if (table[i]->params_default)
			table[i]->params_default(wt_l1_params(p, table[i]));
}

/* The place of ops in the table, or NTABLE. */
static size_t place(const struct wt_l1_policy_ops *ops)
{
	size_t i = 0;

	while (i < NTABLE && table[i] != ops)
		i++;
	return i;
}

int wt_l1_policy_named(const struct wt_l1_policy *p,
		       const struct wt_l1_policy_ops *ops)
{
	size_t i = place(ops);

	return i < NTABLE && (p->flags & (1u << i));
}

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

/*
 * The names of --policy that are combinations of the table's policies
 * (members, comma-separated), or choose a variant of one (words, given
 * to the members' variant hooks: APCM's methods), or come with an index
 * function, as their paper evaluates them; every other name is a
 * policy's own (its ops' name).
 */
static const struct {
	const char *name, *members, *words, *index;
} combined[] = {
	{ "none", "", NULL, NULL },
	{ "dwt-pric", "sbyp,dwt-cs", NULL, "ipoly" },
	{ "apcm", "apcm", "bypass,protect", NULL },
	{ "apcm-bypass", "apcm", "bypass", NULL },
	{ "apcm-protect", "apcm", "protect", NULL },
	{ "apcm-pd", "apcm", "protect,pd", NULL },
	{ "apcm-swl", "apcm,swt", "bypass,protect", NULL },
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

	/* a policy's companion runs at its own place (apcm-pd: pd) */
	for (size_t i = 0; i < NTABLE; i++)
		if ((p->flags & (1u << i)) && table[i]->companion) {
			size_t c = place(table[i]->companion(wt_l1_params(p, table[i])));

			if (c < NTABLE)
				on |= 1u << c;
		}
	for (size_t i = 0; i < NTABLE; i++)
		if (on & (1u << i))
			ops[n++] = table[i];
	if (p->warp_limit)
		ops[n++] = &wt_pol_wlimit_ops;
	return n;
}

/* A policy with pool hooks, or hooks across the SMs, runs in the pool. */
int wt_l1_policy_needs_pool(const struct wt_l1_policy *p)
{
	const struct wt_l1_policy_ops *on[WT_L1_MAX_POLICIES];
	unsigned n = wt_l1_policy_ops_of(p, on);

	for (unsigned i = 0; i < n; i++)
		if (on[i]->pool_init || on[i]->gpu_init)
			return 1;
	return 0;
}

/* Whether the policy at place i chooses warp limits across the SMs
 * (before a kernel, or as it runs). */
static int limits(size_t i)
{
	return table[i]->kernel_limit || table[i]->kernel_run;
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

/* The policy of the table named s[0..n-1], or NTABLE. */
static size_t find(const char *s, size_t n)
{
	size_t i = 0;

	while (i < NTABLE && !(strlen(table[i]->name) == n &&
			       memcmp(table[i]->name, s, n) == 0))
		i++;
	return i;
}

/* One name of the list: a combination's members, each with the words
 * of its variant, or a policy of the table. */
static int add(struct wt_l1_policy *p, const char *s, size_t n)
{
	size_t i;

	for (size_t c = 0; c < N(combined); c++) {
		const char *m = combined[c].members;

		if (strlen(combined[c].name) != n ||
		    memcmp(combined[c].name, s, n) != 0)
			continue;
		while (*m) {
			size_t len = strcspn(m, ",");

			i = find(m, len);
			p->flags |= 1u << i;
			if (combined[c].words && table[i]->variant)
				table[i]->variant(wt_l1_params(p, table[i]),
						  combined[c].words);
			m += len + (m[len] == ',');
		}
		return 0;
	}
	if ((i = find(s, n)) == NTABLE)
		return -1;
	p->flags |= 1u << i;
	return 0;
}

int wt_l1_policy_parse(struct wt_l1_policy *p, const char *list, char *err,
		       size_t errlen)
{
	const char *s = list;
	size_t first = NTABLE;

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
	/* one policy at most sets the warp limits across the SMs */
	for (size_t i = 0; i < NTABLE; i++) {
		if (!(p->flags & (1u << i)) || !limits(i))
			continue;
		if (first < NTABLE) {
			snprintf(err, errlen, "--policy=%s: %s and %s both set the "
				 "warp limit; choose one", list, table[first]->name,
				 table[i]->name);
			return -1;
		}
		first = i;
	}
	for (size_t i = 0; i < NTABLE; i++)
		if ((p->flags & (1u << i)) && table[i]->check &&
		    table[i]->check(p, list, err, errlen) < 0)
			return -1;
	return 0;
}

const char *wt_l1_policy_index(const char *list)
{
	const char *s = list;

	for (;;) {
		size_t n = strcspn(s, ",");

		for (size_t c = 0; c < N(combined); c++)
			if (combined[c].index && strlen(combined[c].name) == n &&
			    memcmp(combined[c].name, s, n) == 0)
				return combined[c].index;
		if (!s[n])
			return NULL;
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

	return wt_opt_named(o->lo, o->set, name);
}

/* ops, then each of the table's policies that a is not listing. */
#define EACH(a, i, ops) \
	for (size_t i = 0; i < N(a) + NTABLE; i++) \
		if (i < N(a) ? ((ops) = a[i], 1) : \
		    ((ops) = table[i - N(a)], !listed(a, N(a), ops)))

/* Whether p names a policy that sets the warp limits across the SMs. */
static int named_limits(const struct wt_l1_policy *p)
{
	for (size_t i = 0; i < NTABLE; i++)
		if ((p->flags & (1u << i)) && limits(i))
			return 1;
	return 0;
}

/* The policies that set the warp limits across the SMs: "a and b". */
static const char *limiters(void)
{
	static char buf[256];
	size_t n = 0, len = 0;

	for (size_t i = 0; i < NTABLE; i++)
		n += limits(i);
	buf[0] = 0;
	for (size_t i = 0, k = 0; i < NTABLE; i++) {
		if (!limits(i))
			continue;
		k++;
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
					k == 1 ? "" : k == n ? " and " : ", ",
					table[i]->name);
		if (len >= sizeof(buf))
			break;
	}
	return buf;
}

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
		if (p->warp_limit && named_limits(p))
			wt_die(WT_EXIT_USAGE, "--warp-limit: %s choose the warp "
			       "limit themselves", limiters());
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

void wt_l1_policy_kernel_json(struct wt_json *j, const struct wt_l1_policy *p,
			      unsigned limit, unsigned decided, unsigned rounds)
{
	const struct wt_l1_policy_ops *on[WT_L1_MAX_POLICIES];
	unsigned n = wt_l1_policy_ops_of(p, on);

	for (unsigned i = 0; i < n; i++)
		if (on[i]->kernel_json)
			on[i]->kernel_json(j, limit, decided, rounds);
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

/* Each option of the policies once, in --help's order: options_order,
 * then the table's others; fn(opt, ctx) for each. */
static void each_option(void (*fn)(const struct wt_l1_option *opt, void *ctx),
			void *ctx)
{
	const struct wt_l1_policy_ops *ops, *seen[NTABLE];
	size_t nseen = 0;

	EACH(options_order, i, ops) {
		for (const struct wt_l1_option *q = ops->opts; q && q->name; q++) {
			int dup = 0;

			/* an option is its first policy's */
			for (size_t k = 0; k < nseen && !dup; k++)
				for (const struct wt_l1_option *r = seen[k]->opts;
				     r->name && !dup; r++)
					dup = strcmp(r->name, q->name) == 0;
			if (!dup)
				fn(q, ctx);
		}
		if (ops->opts && nseen < NTABLE)
			seen[nseen++] = ops;
	}
}

struct longopts {
	struct option *out;
	size_t n, max;
	int first;
};

static void add_longopt(const struct wt_l1_option *opt, void *ctx)
{
	struct longopts *l = ctx;

	if (l->n == l->max)
		wt_die(WT_EXIT_DATA, "the L1 policies have more than %zu options",
		       l->max);
	l->out[l->n] = (struct option){ opt->name, required_argument, NULL,
					l->first + (int)l->n };
	l->n++;
}

size_t wt_l1_policy_longopts(struct option *out, size_t max, int first)
{
	struct longopts l = { out, 0, max, first };

	each_option(add_longopt, &l);
	return l.n;
}

/* Text built once for --help: s[0..len-1]. */
struct text {
	char s[8192];
	size_t len;
};

static void put(struct text *t, const char *s, size_t n)
{
	if (t->len + n >= sizeof(t->s))
		wt_die(WT_EXIT_DATA, "the L1 policies' --help is longer than %zu "
		       "bytes", sizeof(t->s));
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = 0;
}

static void add_help(const struct wt_l1_option *opt, void *ctx)
{
	put(ctx, opt->help, strlen(opt->help));
}

const char *wt_l1_policy_help_options(void)
{
	static struct text t;

	if (!t.len)
		each_option(add_help, &t);
	return t.s;
}

/*
 * --policy's lines: "L1 management: " and the names, wrapped within 72
 * columns under the description column, then how to combine them.
 */
const char *wt_l1_policy_help_names(void)
{
	static const char head[] = "      --policy=LIST       L1 management:";
	static const char indent[] = "\n                         ";
	static const char tail[] = "\n                          comma-separated "
				   "to combine (see l1sim(1))\n";
	static struct text t;
	const char *s;
	size_t col;

	if (t.len)
		return t.s;
	put(&t, head, strlen(head));
	col = strlen(head);
	for (s = wt_l1_policy_names(); *s; ) {
		size_t n = strcspn(s, ",");
		int last = !s[n];

		/* " name," or, at the end, " name;" */
		if (col + 1 + n + 1 > 72) {
			put(&t, indent, strlen(indent));
			col = strlen(indent) - 1;
		}
		put(&t, " ", 1);
		put(&t, s, n);
		put(&t, last ? ";" : ",", 1);
		col += 1 + n + 1;
		s += n + (last ? 0 : 2);
	}
	put(&t, tail, strlen(tail));
	return t.s;
}
