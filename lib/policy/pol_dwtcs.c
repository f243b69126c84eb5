/*
 * pol_dwtcs.c - Khairy et al.'s dynamic warp throttling by core sampling
 * (DWT-CS, section 4.2) across the SMs: they run in step, a period at a
 * time, and at the end of each the coordinator (dwtcs.c, one for the
 * GPU, for the whole run: it remembers kernels by name) sees what each
 * did and sets every SM's warp limit for the next (the hook kernel_run;
 * in gpusim, which runs the SMs itself, the hooks sample_begin,
 * sample_step and sample_end, which kernel_run is made of).
 */
#include "dwtcs.h"
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "l1pool.h"
#include "par.h"
#include "polstate.h"
#include "util.h"

#include <stdlib.h>

extern const struct wt_l1_policy_ops wt_pol_dwtcs_ops;

/* Its parameters (in struct wt_l1_policy: wt_l1_params): the
 * coordinator's, the paper's by default. */
static void params_default(void *params)
{
	wt_dwtcs_default(params);
}

struct dwt {
	struct wt_dwtcs_cfg cfg;
	unsigned per;		/* schedulers per SM */
	struct wt_dwtcs *d;	/* made at the first kernel */
	unsigned n;		/* its SMs */
};

/* No hook in the L1, but an instance there all the same: an L1 under
 * any named policy keeps the fields beside its lines and takes the
 * policies' path for its loads (a victim chosen before the other checks),
 * as it always has. */
static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	(void)p;
	(void)l1;
	return NULL;
}

static void *gpu_init(const struct wt_l1_policy *p)
{
	struct dwt *g = wt_calloc(1, sizeof(*g));

	g->cfg = *(const struct wt_dwtcs_cfg *)wt_l1_params(p, &wt_pol_dwtcs_ops);
	g->per = p->schedulers;
	return g;
}

static void gpu_free(void *gs)
{
	struct dwt *g = gs;

	if (g->d)
		wt_dwtcs_free(g->d);
	free(g);
}

/* A kernel starts on sms SMs: the coordinator's periods, in cycles. */
static uint64_t sample_begin(void *gs, const char *name, unsigned sms)
{
	struct dwt *g = gs;

	if (!g->d) {
		g->d = wt_dwtcs_new(&g->cfg, sms);
		g->n = sms;
	}
	wt_dwtcs_kernel_begin(g->d, name);
	return g->cfg.period;
}

/* A period ended: what each SM did in it; each one's limit per scheduler
 * for the next. */
static void sample_step(void *gs, const uint64_t *instrs, const uint64_t *misses,
			  unsigned *limit)
{
	struct dwt *g = gs;

	wt_dwtcs_period(g->d, instrs, misses);
	for (unsigned s = 0; s < g->n; s++)
		limit[s] = wt_dwtcs_limit(g->d, s);
}

static void sample_end(void *gs, unsigned *decided, unsigned *rounds)
{
	const struct dwt *g = gs;

	*decided = wt_dwtcs_decided(g->d);
	*rounds = wt_dwtcs_rounds(g->d);
}

/* One period of the pools: each runs to until, left[s] 1 if not done. */
struct period_run {
	struct wt_warp_pool **p;
	uint64_t until;
	unsigned char *left;
};

static void period_sm(void *ctx, unsigned s)
{
	struct period_run *pr = ctx;

	pr->left[s] = !wt_pool_step(pr->p[s], pr->until);
}

/* The pools of the kernel in step, a period at a time. */
static int kernel_run(void *gs, struct wt_l1_kernel *k)
{
	struct dwt *g = gs;
	unsigned nb = k->n, n = k->sms > nb ? k->sms : nb;
	struct wt_warp_pool **p = wt_calloc(nb ? nb : 1, sizeof(*p));
	uint64_t *i0 = wt_calloc(n, sizeof(*i0)), *m0 = wt_calloc(n, sizeof(*m0));
	uint64_t *di = wt_calloc(n, sizeof(*di)), *dm = wt_calloc(n, sizeof(*dm));
	unsigned *lim;
	uint64_t until = k->start, period = sample_begin(g, k->name, n);
	int left = 1;
	struct period_run pr = { p, 0, wt_calloc(nb ? nb : 1, 1) };

	lim = wt_calloc(g->n, sizeof(*lim));
	for (unsigned s = 0; s < nb; s++)
		p[s] = wt_pool_new(k->l1[s], k->pc, k->r[s], k->nr[s], k->start, k->out[s]);
	while (left) {
		until += period;
		for (unsigned s = 0; s < nb; s++) {
			i0[s] = k->l1[s]->st.instructions;
			m0[s] = k->l1[s]->st.misses;
		}
		pr.until = until;
		wt_par_for(nb, k->parallel, period_sm, &pr);
		left = 0;
		for (unsigned s = 0; s < nb; s++)
			left |= pr.left[s];
		for (unsigned s = 0; s < nb && s < n; s++) {
			di[s] = k->l1[s]->st.instructions - i0[s];
			dm[s] = k->l1[s]->st.misses - m0[s];
		}
		sample_step(g, di, dm, lim);
		for (unsigned s = 0; s < nb; s++)
			wt_pool_set_limit(p[s], s < g->n ? lim[s] * g->per : 0);
	}
	for (unsigned s = 0; s < nb; s++)
		k->end[s] = wt_pool_finish(p[s]);
	sample_end(g, &k->decided, &k->rounds);
	free(p);
	free(i0);
	free(m0);
	free(di);
	free(dm);
	free(lim);
	free(pr.left);
	return 1;
}

/* --period (sbyp's option), --mpki-threshold, --dwt-n, --dwt-m (and
 * --max-warps). */
static const struct wt_l1_option opts[] = {
	{ "mpki-threshold", "      --mpki-threshold=X  dwt-cs: L1 MPKI that starts "
	  "sampling (10)\n" },
	{ "dwt-n", "      --dwt-n=N           dwt-cs: periods over the MPKI "
	  "threshold (3)\n" },
	{ "dwt-m", "      --dwt-m=N           dwt-cs: periods of a sampling "
	  "round (3)\n" },
	{ NULL, NULL },
};

static void options(struct wt_l1_policy *p,
		    const char *(*opt)(const void *ctx, const char *name),
		    const void *ctx)
{
	struct wt_dwtcs_cfg *q = wt_l1_params(p, &wt_pol_dwtcs_ops);

	q->max_warps = p->max_warps;
	if (opt(ctx, "period"))
		q->period = wt_opt_num("period", opt(ctx, "period"), 1, UINT32_MAX);
	if (opt(ctx, "mpki-threshold"))
		q->mpki = wt_opt_real("mpki-threshold",
				      opt(ctx, "mpki-threshold"), 0, 1e9);
	if (opt(ctx, "dwt-n"))
		q->n = (unsigned)wt_opt_num("dwt-n", opt(ctx, "dwt-n"), 1, 1000);
	if (opt(ctx, "dwt-m"))
		q->m = (unsigned)wt_opt_num("dwt-m", opt(ctx, "dwt-m"), 1, 1000);
}

static void settings_json(const struct wt_l1_policy *p, struct wt_json *j)
{
	const struct wt_dwtcs_cfg *q = wt_l1_params(p, &wt_pol_dwtcs_ops);

	wt_json_key_u64(j, "dwt_period", q->period);
	wt_json_key(j, "mpki_threshold");
	wt_json_double(j, q->mpki);
	wt_json_key_u64(j, "dwt_n", q->n);
	wt_json_key_u64(j, "dwt_m", q->m);
}

/* The coordinator's statistics, once it has run a kernel. */
static void stats_json(struct wt_json *j, struct wt_l1 *const *l1, unsigned n,
		       const void *g)
{
	const struct wt_dwtcs_stats *d = wt_pol_dwtcs_stats(g);

	(void)l1;
	(void)n;
	if (!d)
		return;
	wt_json_key_u64(j, "dwt_periods", d->periods);
	wt_json_key_u64(j, "dwt_periods_over", d->over);
	wt_json_key_u64(j, "dwt_samplings", d->samplings);
	wt_json_key_u64(j, "dwt_relaunches", d->relaunches);
	wt_json_key_u64(j, "dwt_reused", d->reused);
}

/* The limit it decided for a kernel, and its sampling rounds. */
static void kernel_json(struct wt_json *j, unsigned limit, unsigned decided,
			unsigned rounds)
{
	(void)limit;
	wt_json_key_u64(j, "dwt_limit", decided);
	wt_json_key_u64(j, "dwt_rounds", rounds);
}

const struct wt_l1_policy_ops wt_pol_dwtcs_ops = {
	.kernel_json = kernel_json,
	.name = "dwt-cs",
	.params_size = sizeof(struct wt_dwtcs_cfg),
	.params_default = params_default,
	.opts = opts,
	.options = options,
	.settings_json = settings_json,
	.stats_json = stats_json,
	.init = init,
	.gpu_init = gpu_init,
	.gpu_free = gpu_free,
	.kernel_run = kernel_run,
	.sample_begin = sample_begin,
	.sample_step = sample_step,
	.sample_end = sample_end,
};

const struct wt_dwtcs_stats *wt_pol_dwtcs_stats(const void *g)
{
	const struct dwt *x = g;

	return x && x->d ? wt_dwtcs_stats(x->d) : NULL;
}
