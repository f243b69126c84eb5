/*
 * pol_apcm.c - Koo et al.'s access pattern-aware cache management
 * (APCM) in the L1: a monitored warp profiles each load (apcm.c, the
 * state machine); a load classed streaming goes around the L1, one
 * classed for protection (intra-warp reuse) allocates its line pinned
 * for its warp while the warp's protection board holds it.  Variants
 * (l1policy.c): apcm-bypass and apcm-protect use one method; apcm-pd
 * protects with a protecting distance instead of the board (with
 * pol_pd.c for its protected loads); apcm-swl adds a static warp limit.
 */
#include "apcm.h"
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "polstate.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct wt_l1_policy_ops wt_pol_apcm_ops, wt_pol_pd_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params): the board's,
 * and its methods, which the names of --policy choose (variant). */
struct params {
	struct wt_apcm_cfg cfg;
	int pd;			/* apcm-pd: a protecting distance (pd, run
				   with it) for its protected loads */
};

static void params_default(void *params)
{
	struct params *q = params;

	wt_apcm_default(&q->cfg);
	q->cfg.bypass = q->cfg.protect = 0;	/* the names choose */
	q->pd = 0;
}

/* The methods a name of --policy chose: bypass, protect, pd. */
static void variant(void *params, const char *words)
{
	struct params *q = params;

	for (const char *w = words; *w; ) {
		size_t n = strcspn(w, ",");

		if (n == 6 && strncmp(w, "bypass", n) == 0)
			q->cfg.bypass = 1;
		else if (n == 7 && strncmp(w, "protect", n) == 0)
			q->cfg.protect = 1;
		else if (n == 2 && strncmp(w, "pd", n) == 0)
			q->pd = 1;
		w += n + (w[n] == ',');
	}
}

/* apcm-pd runs a protecting distance beside it. */
static const struct wt_l1_policy_ops *companion(const void *params)
{
	return ((const struct params *)params)->pd ? &wt_pol_pd_ops : NULL;
}

static int check(const struct wt_l1_policy *p, const char *list, char *err,
		 size_t errlen)
{
	const struct params *q = wt_l1_params(p, &wt_pol_apcm_ops);

	if (wt_l1_policy_named(p, &wt_pol_pd_ops) && q->cfg.protect) {
		snprintf(err, errlen, "--policy=%s: pd and APCM's protection both "
			 "protect lines; choose one (apcm-pd is APCM with a "
			 "protecting distance)", list);
		return -1;
	}
	return 0;
}

struct apcm {
	struct wt_apcm *a;
	int pd;			/* a protecting distance pins, not the board */
};

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	struct apcm *s = wt_calloc(1, sizeof(*s));
	const struct params *q = wt_l1_params(p, &wt_pol_apcm_ops);
	struct wt_apcm_cfg ac = q->cfg;

	ac.line = l1->cfg->geom.line;
	s->a = wt_apcm_new(&ac);
	s->pd = q->pd;
	return s;
}

static void fini(void *s)
{
	wt_apcm_free(((struct apcm *)s)->a);
	free(s);
}

/* The warp the SM runs first: the lowest of the first CTA it received
 * (the pool starts a CTA's warps in order).  It is the monitored one. */
static uint32_t first_warp(const struct wt_request *r, size_t n)
{
	uint32_t w = n ? r[0].warp : 0;

	for (size_t i = 1; i < n; i++)
		if (r[i].cta == r[0].cta && r[i].warp < w)
			w = r[i].warp;
	return w;
}

static void kernel_begin(void *s, const struct wt_request *r, size_t n)
{
	wt_apcm_kernel_begin(((struct apcm *)s)->a, first_warp(r, n));
}

static void instruction(void *s, const struct wt_request *r)
{
	wt_apcm_instruction(((struct apcm *)s)->a, r->warp, r->pc);
}

static int route(void *s, struct wt_l1 *l1, const struct wt_request *r,
		 uint64_t line, int *protect)
{
	enum wt_apcm_method how = wt_apcm_method(((struct apcm *)s)->a, r->pc);

	(void)line;
	if (how == WT_APCM_BYPASS) {
		(*wt_pol_counter(&l1->st.pol, &wt_pol_apcm_ops, 0))++;
		return WT_L1_AROUND;
	}
	*protect = how == WT_APCM_PROTECT;
	return WT_L1_LOOKUP;
}

/* The line is pinned when the warp's protection board lets it (with a
 * protecting distance instead, apcm-pd, there is no board). */
static int pin(void *s, uint32_t warp, uint32_t pc)
{
	struct apcm *x = s;

	return x->pd ? 1 : wt_apcm_pin(x->a, warp, pc);
}

static void arrive(void *s, struct wt_l1 *l1, struct wt_l1_meta *m, int protect)
{
	if (!protect)
		return;
	m->lifetime = wt_apcm_lifetime(((struct apcm *)s)->a, m->warp);
	(*wt_pol_counter(&l1->st.pol, &wt_pol_apcm_ops, 2))++;
}

/* A pinned line is shielded while its owner's protection lifetime is
 * the one it was pinned under. */
static int shield(void *s, struct wt_l1_meta *m)
{
	struct apcm *x = s;

	if (!m->prot || x->pd)
		return 0;
	if (wt_apcm_lifetime(x->a, m->warp) == m->lifetime)
		return 1;
	m->prot = 0;	/* the owner's protection ended */
	return 0;
}

/* The monitored warp tracks the load in its tag array (seed: the L1
 * tag's count when another warp brought the line in), and a load that
 * ends a protection lifetime releases it. */
static void load_done(void *s, struct wt_l1 *l1, const struct wt_request *r,
		      uint64_t line, unsigned seed, int looked_up, int hit,
		      int protect)
{
	struct apcm *x = s;

	(void)hit;
	if (looked_up && protect)
		(*wt_pol_counter(&l1->st.pol, &wt_pol_apcm_ops, 1))++;
	wt_apcm_load(x->a, r->warp, r->pc, line, r->index, seed);
	if (r->index + 1u >= r->count)
		wt_apcm_after_load(x->a, r->warp, r->pc);
}

/* The board lets the warp go, and the monitored warp's profile is
 * final. */
static void warp_end(void *s, uint32_t warp)
{
	wt_apcm_warp_end(((struct apcm *)s)->a, warp);
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"apcm_bypass", "apcm_protect", "pins", NULL
};

/* --mta, --lat. */
static const struct wt_l1_option opts[] = {
	{ "mta", "      --mta=N             apcm: monitor tag array entries (32)\n" },
	{ "lat", "      --lat=N             apcm: load alias table and CAIT "
	  "entries (16)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_apcm_ops);

	if (opt(ctx, "mta"))
		q->cfg.mta_entries = (unsigned)wt_opt_num("mta", opt(ctx, "mta"),
							  1, 65536);
	if (opt(ctx, "lat"))
		q->cfg.lat_entries = (unsigned)wt_opt_num("lat", opt(ctx, "lat"),
							  1, 4096);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_apcm_ops);

	wt_json_key_u64(j, "mta", q->cfg.mta_entries);
	wt_json_key_u64(j, "lat", q->cfg.lat_entries);
	wt_json_key(j, "apcm_methods");
	wt_json_string(j, q->cfg.bypass && q->cfg.protect ? "bypass,protect" :
		       q->cfg.bypass ? "bypass" : "protect");
}

/* The boards' statistics, summed over the SMs. */
static void stats_json(struct wt_json *j, struct wt_l1 *const *l1, unsigned n,
		       const void *g)
{
	struct wt_apcm_stats a = { 0 };

	(void)g;
	for (unsigned s = 0; s < n; s++)
		wt_pol_apcm_stats(l1[s], &a);
	wt_json_key_u64(j, "apcm_pins", a.pins);
	wt_json_key_u64(j, "apcm_pins_refused", a.pin_refused);
	wt_json_key_u64(j, "apcm_cait_updates", a.cait_updates);
	wt_json_key_u64(j, "apcm_mta_evictions", a.mta_evictions);
	wt_json_key_u64(j, "apcm_released_loop_exit", a.released_loop_exit);
	wt_json_key_u64(j, "apcm_released_last_load", a.released_last_load);
	wt_json_key_u64(j, "apcm_released_warp_end", a.released_warp_end);
	wt_json_key_u64(j, "apcm_untracked_loads", a.untracked_loads);
}

const struct wt_l1_policy_ops wt_pol_apcm_ops = {
	.name = "apcm",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.variant = variant,
	.companion = companion,
	.check = check,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.stats_json = stats_json,
	.init = init,
	.free = fini,
	.kernel_begin = kernel_begin,
	.instruction = instruction,
	.route = route,
	.pin = pin,
	.arrive = arrive,
	.shield = shield,
	.load_done = load_done,
	.warp_end = warp_end,
};

void wt_pol_apcm_stats(const struct wt_l1 *l1, struct wt_apcm_stats *sum)
{
	const struct apcm *x = wt_l1_pol_state(l1, &wt_pol_apcm_ops);
	const struct wt_apcm_stats *a;

	if (!x)
		return;
	a = wt_apcm_stats(x->a);
	sum->pins += a->pins;
	sum->pin_refused += a->pin_refused;
	sum->cait_updates += a->cait_updates;
	sum->mta_evictions += a->mta_evictions;
	sum->released_loop_exit += a->released_loop_exit;
	sum->released_last_load += a->released_last_load;
	sum->released_warp_end += a->released_warp_end;
	sum->untracked_loads += a->untracked_loads;
}

struct wt_apcm *wt_pol_apcm(const struct wt_l1 *l1)
{
	const struct apcm *x = wt_l1_pol_state(l1, &wt_pol_apcm_ops);

	return x ? x->a : NULL;
}
