/*
 * pol_sbyp.c - Khairy et al.'s streaming bypass (section 4.1) in the L1:
 * at the end of each period the L1 closes when its miss rate was above
 * the threshold, and a closed L1 sends every load around it while its
 * tags go on being looked up (WT_L1_TAGS_ONLY), to see when to open
 * again.  A closed L1 takes no new lines for stores either.  The state
 * machine is sbyp.c's, which the L2 shares.
 */
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "polstate.h"
#include "sbyp.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_sbyp_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params). */
struct params {
	uint64_t period;	/* cycles: 10 000 */
	double threshold;	/* miss rate: 0.9 */
};

/* Khairy et al.'s Table 4: periods of 10K cycles, a 90 % miss rate. */
static void params_default(void *params)
{
	struct params *q = params;

	q->period = 10000;
	q->threshold = 0.9;
}

static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	struct wt_sbyp *sb = wt_calloc(1, sizeof(*sb));
	const struct params *q = wt_l1_params(p, &wt_pol_sbyp_ops);

	(void)l1;
	wt_sbyp_init(sb, q->period, q->threshold);
	return sb;
}

/* A period ended: the L1 closes or opens; opened, the lines the tags
 * took have no data and go. */
static void tick(void *s, struct wt_l1 *l1, const struct wt_request *r,
		 uint64_t line, uint64_t t)
{
	struct wt_sbyp *sb = s;

	(void)r;
	(void)line;
	if (t < sb->end)
		return;
	if (wt_sbyp_tick(sb, t))
		wt_l1_drop_tagonly(l1);
	(*wt_pol_counter(&l1->st.pol, &wt_pol_sbyp_ops, 1)) = sb->periods;
	(*wt_pol_counter(&l1->st.pol, &wt_pol_sbyp_ops, 2)) = sb->periods_on;
	(*wt_pol_counter(&l1->st.pol, &wt_pol_sbyp_ops, 3)) = sb->switches;
}

static int route(void *s, struct wt_l1 *l1, const struct wt_request *r,
		 uint64_t line, int *protect)
{
	const struct wt_sbyp *sb = s;

	(void)r;
	(void)line;
	(void)protect;
	if (!sb->on)
		return WT_L1_LOOKUP;
	(*wt_pol_counter(&l1->st.pol, &wt_pol_sbyp_ops, 0))++;
	return WT_L1_TAGS_ONLY;
}

/* The miss rate: of the loads looked up, or of the tags while closed. */
static void load_done(void *s, struct wt_l1 *l1, const struct wt_request *r,
		      uint64_t line, unsigned seed, int looked_up, int hit,
		      int protect)
{
	struct wt_sbyp *sb = s;

	(void)l1;
	(void)r;
	(void)line;
	(void)seed;
	(void)protect;
	if (looked_up || sb->on)
		wt_sbyp_count(sb, !hit);
}

static int store_alloc(void *s)
{
	return !((const struct wt_sbyp *)s)->on;
}

/* Its counters, in the order of the "policy" object. */
static const char *const counters[] = {
	"sbyp_loads", "sbyp_periods", "sbyp_periods_closed", "sbyp_switches", NULL
};

/* --period (dwt-cs reads it too), --sbyp-threshold. */
static const struct wt_l1_option opts[] = {
	{ "period", "      --period=N          sbyp and dwt-cs sampling period, "
	  "cycles (10000)\n" },
	{ "sbyp-threshold", "      --sbyp-threshold=X  sbyp: miss rate that closes "
	  "the L1 (0.9)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct params *q = wt_l1_params(p, &wt_pol_sbyp_ops);

	if (opt(ctx, "period"))
		q->period = wt_opt_num("period", opt(ctx, "period"), 1, UINT32_MAX);
	if (opt(ctx, "sbyp-threshold"))
		q->threshold = wt_opt_real("sbyp-threshold",
					   opt(ctx, "sbyp-threshold"), 0, 1);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct params *q = wt_l1_params(p, &wt_pol_sbyp_ops);

	wt_json_key_u64(j, "sbyp_period", q->period);
	wt_json_key(j, "sbyp_threshold");
	wt_json_double(j, q->threshold);
}

const struct wt_l1_policy_ops wt_pol_sbyp_ops = {
	.name = "sbyp",
	.params_size = sizeof(struct params),
	.params_default = params_default,
	.opts = opts,
	.counters = counters,
	.options = options,
	.settings_json = settings_json,
	.init = init,
	.free = free,
	.tick = tick,
	.route = route,
	.load_done = load_done,
	.store_alloc = store_alloc,
};

struct wt_sbyp *wt_pol_sbyp(const struct wt_l1 *l1)
{
	return wt_l1_pol_state(l1, &wt_pol_sbyp_ops);
}
