/*
 * l2policy.c - the L2 policies by name, in the order a partition calls
 * them, and what l2sim needs of them together; see l2policy.h.
 */
#include "l2policy.h"
#include "json.h"
#include "l2model.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * The policies' options on l2sim's command line, in --help's order: the
 * L2's policies are chosen by these (--bypass among three), not by one
 * --policy list as the L1's.
 */
static const struct {
	const char *name;
	int has_arg;
	const char *help;		/* its lines of --help */
} options[] = {
	{ "medic", required_argument,
	  "      --medic=LIST        MeDiC's L2 components: wbyp (warp-type-aware\n"
	  "                          bypassing), wip (warp-type-aware insertion),\n"
	  "                          all, or none; its scheduler is dramsim\n"
	  "                          --sched=medic.  --medic, --bypass, --eaf and\n"
	  "                          --pcal need a line L2 (--sectored=no) with\n"
	  "                          --write-allocate=yes or no\n" },
	{ "medic-reset", required_argument,
	  "      --medic-reset=N     cycles between warp-type resets (100000); also\n"
	  "                          the period of Rand, PC-Byp and PCAL\n" },
	{ "medic-profile", required_argument,
	  "      --medic-profile=N   lookups profiled after a reset (30)\n" },
	{ "medic-step", required_argument,
	  "      --medic-step=P      mostly-miss boundary tuning step, percent (5)\n" },
	{ "bypass", required_argument,
	  "      --bypass=B          MeDiC's comparison points: rand:F (a fraction F\n"
	  "                          of the warps bypass, drawn each period) or pc\n"
	  "                          (PC-Byp: loads of mostly-miss PCs bypass); or\n"
	  "                          streaming (Khairy et al.: a partition whose\n"
	  "                          load miss rate in a period is above the\n"
	  "                          threshold sends its loads around itself)\n" },
	{ "sbyp-period", required_argument,
	  "      --sbyp-period=N     cycles of a streaming-bypass period (10000)\n" },
	{ "sbyp-threshold", required_argument,
	  "      --sbyp-threshold=X  load miss rate above which a partition closes,\n"
	  "                          0 to 1 (0.9)\n" },
	{ "eaf", no_argument,
	  "      --eaf               insertion by an evicted-address filter (EAF)\n" },
	{ "pcal", required_argument,
	  "      --pcal=N            PCAL: N tokens a period; a warp without one\n"
	  "                          does not allocate on a miss\n" },
	{ "seed", required_argument,
	  "      --seed=N            seed of Rand's draws (1)\n" },
};

size_t wt_l2pol_longopts(struct option *out, size_t max, int first)
{
	size_t n = sizeof(options) / sizeof(options[0]);

	if (n > max)
		wt_die(WT_EXIT_DATA, "the L2 policies have more than %zu options", max);
	for (size_t i = 0; i < n; i++)
		out[i] = (struct option){ options[i].name, options[i].has_arg, NULL,
					  first + (int)i };
	return n;
}

const char *wt_l2pol_help(void)
{
	static char buf[4096];
	size_t len = 0;

	if (buf[0])
		return buf;
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		size_t n = strlen(options[i].help);

		if (len + n >= sizeof(buf))
			wt_die(WT_EXIT_DATA, "the L2 policies' --help is longer "
			       "than %zu bytes", sizeof(buf));
		memcpy(buf + len, options[i].help, n + 1);
		len += n;
	}
	return buf;
}

const char *wt_l2pol_option_list(void)
{
	return "--medic, --bypass, --eaf and --pcal";
}

/* --medic=LIST: wbyp, wip or all, comma-separated. */
static unsigned medic_components(const char *list)
{
	unsigned m = 0;
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == 4 && strncmp(p, "wbyp", 4) == 0)
			m |= WT_MEDIC_WBYP;
		else if (n == 3 && strncmp(p, "wip", 3) == 0)
			m |= WT_MEDIC_WIP;
		else if (n == 3 && strncmp(p, "all", 3) == 0)
			m |= WT_MEDIC_WBYP | WT_MEDIC_WIP;
		else if (n == 4 && strncmp(p, "none", 4) == 0)
			;		/* for sweeps: the baseline */
		else
			wt_die(WT_EXIT_USAGE, "--medic=%s: expected wbyp, wip, all or "
			       "none (comma-separated)", list);
		p += n + (p[n] == ',');
	}
	return m;
}

void wt_l2pol_options(struct wt_l2pol_cfg *pc, const struct option *lo,
		      const char *const *set)
{
	const char *medic = wt_opt_named(lo, set, "medic");
	const char *seed = wt_opt_named(lo, set, "seed");
	const char *b = wt_opt_named(lo, set, "bypass");
	const char *pcal = wt_opt_named(lo, set, "pcal");
	const char *period = wt_opt_named(lo, set, "sbyp-period");
	const char *threshold = wt_opt_named(lo, set, "sbyp-threshold");

	wt_l2pol_default(pc);
	if (medic)
		pc->medic = medic_components(medic);
	if (seed)
		pc->seed = wt_opt_num("seed", seed, 0, UINT32_MAX);
	if (b) {
		if (strcmp(b, "pc") == 0)
			pc->pc_bypass = 1;
		else if (strncmp(b, "rand:", 5) == 0)
			pc->rand_bypass = wt_opt_real("bypass=rand", b + 5, 0, 1);
		else if (strcmp(b, "streaming") == 0)
			pc->sbyp = 1;
		else
			wt_die(WT_EXIT_USAGE, "--bypass=%s: expected rand:FRACTION, pc "
			       "or streaming", b);
		if (pc->medic & WT_MEDIC_WBYP)
			wt_die(WT_EXIT_USAGE, "--bypass and --medic=wbyp are two bypass "
			       "policies: choose one");
	}
	pc->eaf = wt_opt_named(lo, set, "eaf") != NULL;
	if (pc->eaf && (pc->medic & WT_MEDIC_WIP))
		wt_die(WT_EXIT_USAGE, "--eaf and --medic=wip are two insertion "
		       "policies: choose one");
	if (pcal)
		pc->pcal_tokens = (unsigned)wt_opt_num("pcal", pcal, 1, 1u << 24);
	/* the tuning options are taken, without effect, when every policy is
	 * off: a sweep's baseline point keeps its fixed options */
	wt_medic_options(&pc->medic_cfg, wt_opt_named(lo, set, "medic-reset"),
			 wt_opt_named(lo, set, "medic-profile"),
			 wt_opt_named(lo, set, "medic-step"));
	if (period)
		pc->sbyp_period = wt_opt_num("sbyp-period", period, 1, UINT32_MAX);
	if (threshold)
		pc->sbyp_threshold = wt_opt_real("sbyp-threshold", threshold, 0, 1);
}
