/*
 * l2policy.c - the L2 policies by name, in the order a partition calls
 * them, and what l2sim needs of them together; see l2policy.h.
 */
#include "l2policy.h"
#include "json.h"
#include "l2model.h"
#include "util.h"

#include <stdlib.h>

/*
 * The order matters where two policies act on the same request: a
 * bypass of Rand or PC-Byp comes before PCAL asks for a token, which
 * comes before MeDiC's warp type (and its bypass), which comes before the
 * streaming bypass, whose tags alone then take MeDiC's insertion.
 */
static const struct wt_l2pol_def *const policies[] = {
	&wt_l2pol_rand, &wt_l2pol_pc, &wt_l2pol_pcal, &wt_l2pol_medic,
	&wt_l2pol_sbyp, &wt_l2pol_eaf
};
#define NPOLICIES (sizeof(policies) / sizeof(policies[0]))

_Static_assert(WT_L2C_MAX <= WT_L2_POLICY_COUNTERS, "L2 policy counters");
_Static_assert(NPOLICIES <= WT_L2_POLICIES, "L2 policies");

/* The counters' names in l2sim's statistics, in their order there. */
static const char *const counter_names[WT_L2C_MAX] = {
	[WT_L2C_MEDIC_BYPASSES] = "medic_bypasses",
	[WT_L2C_BASELINE_BYPASSES] = "baseline_bypasses",
	[WT_L2C_PCAL_NOALLOC] = "pcal_noalloc",
	[WT_L2C_SBYP_LOADS] = "sbyp_loads",
	[WT_L2C_SBYP_PERIODS] = "sbyp_periods",
	[WT_L2C_SBYP_PERIODS_ON] = "sbyp_periods_closed",
	[WT_L2C_SBYP_SWITCHES] = "sbyp_switches",
};

struct wt_l2pols {
	struct wt_l2pol_cfg cfg;
	const struct wt_l2pol_def *def[NPOLICIES];
	void *shared[NPOLICIES];
	unsigned n;
};

void wt_l2pol_default(struct wt_l2pol_cfg *c)
{
	*c = (struct wt_l2pol_cfg){ 0 };
	wt_medic_default(&c->medic_cfg);
	c->seed = 1;
	/* Khairy et al.'s Table 4: periods of 10K cycles, a 90 % miss rate */
	c->sbyp_period = 10000;
	c->sbyp_threshold = 0.9;
}

int wt_l2pol_any(const struct wt_l2pol_cfg *c)
{
	for (size_t i = 0; i < NPOLICIES; i++)
		if (policies[i]->on(c))
			return 1;
	return 0;
}

struct wt_l2pols *wt_l2pols_new(const struct wt_l2pol_cfg *c)
{
	struct wt_l2pols *s = wt_calloc(1, sizeof(*s));

	s->cfg = *c;
	for (size_t i = 0; i < NPOLICIES; i++) {
		if (!policies[i]->on(c))
			continue;
		s->def[s->n] = policies[i];
		s->shared[s->n] = policies[i]->begin ? policies[i]->begin(&s->cfg) : NULL;
		s->n++;
	}
	return s;
}

void wt_l2pols_attach(struct wt_l2pols *s, struct wt_l2 *l2)
{
	for (unsigned i = 0; i < s->n; i++)
		s->def[i]->attach(s->shared[i], &s->cfg, l2);
}

int wt_l2pols_shared(const struct wt_l2pols *s)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->def[i]->shared)
			return 1;
	return 0;
}

void wt_l2pols_kernel_end(struct wt_l2pols *s)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->def[i]->kernel_end)
			s->def[i]->kernel_end(s->shared[i]);
}

void wt_l2pols_free(struct wt_l2pols *s)
{
	if (!s)
		return;
	for (unsigned i = 0; i < s->n; i++)
		if (s->def[i]->end)
			s->def[i]->end(s->shared[i]);
	free(s);
}

void wt_l2pol_counters_json(struct wt_json *j, const uint64_t *counters)
{
	for (unsigned i = 0; i < WT_L2C_MAX; i++)
		wt_json_key_u64(j, counter_names[i], counters[i]);
}

void wt_l2pol_settings_json(struct wt_json *j, const struct wt_l2pol_cfg *pc)
{
	wt_json_key(j, "medic");
	wt_json_begin_array(j);
	if (pc->medic & WT_MEDIC_WBYP)
		wt_json_string(j, "wbyp");
	if (pc->medic & WT_MEDIC_WIP)
		wt_json_string(j, "wip");
	wt_json_end_array(j);
	wt_json_key(j, "bypass");
	if (pc->pc_bypass)
		wt_json_string(j, "pc");
	else if (pc->rand_bypass > 0)
		wt_json_double(j, pc->rand_bypass);
	else if (pc->sbyp)
		wt_json_string(j, "streaming");
	else
		wt_json_null(j);
	if (pc->sbyp) {
		wt_json_key_u64(j, "sbyp_period", pc->sbyp_period);
		wt_json_key(j, "sbyp_threshold");
		wt_json_double(j, pc->sbyp_threshold);
	}
	wt_json_key(j, "eaf");
	wt_json_bool(j, pc->eaf);
	wt_json_key_u64(j, "pcal", pc->pcal_tokens);
	if (pc->medic || pc->pc_bypass || pc->rand_bypass > 0 || pc->pcal_tokens) {
		wt_json_key_u64(j, "medic_reset", pc->medic_cfg.reset);
		wt_json_key_u64(j, "medic_profile", pc->medic_cfg.profile);
		wt_json_key(j, "medic_step");
		wt_json_double(j, pc->medic_cfg.step / 1e6);
	}
}
