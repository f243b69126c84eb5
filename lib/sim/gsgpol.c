/*
 * gsgpol.c - the L1 policies that set warp limits across the SMs
 * (l1hook.h's gpu_init hooks) in gpusim: SWT's search by trials before a
 * kernel runs (kernel_search), DWT-CS's sampling as it runs
 * (sample_begin, sample_step, sample_end).  The limits are per
 * scheduler; an SM's is that times its schedulers (gspool.c admits the
 * oldest that many warps).
 *
 * SWT's trials: each runs the kernel alone in a fresh simulator of the
 * same configuration (fresh L1s, L2 slices and DRAM channels, the L2
 * policies' state made anew: a reading, as l1sim's trials on fresh L1s,
 * so that the search does not depend on what the trials left behind),
 * under the limit tried, with no policy across the SMs.  MeDiC's DRAM
 * scheduler keeps state across the run that a trial cannot copy: the
 * two are refused together.
 *
 * DWT-CS's periods are counted from the kernel's start in core cycles,
 * with each SM's L1 instructions and misses over the period, as the
 * pool counts them (the L1 model's st.instructions and st.misses).
 */
#include "simint.h"

#include "dramhook.h"
#include "l1model.h"
#include "l1policy.h"
#include "l2policy.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

int gs_gpol_make(struct wt_gpusim *g, char *err, size_t errlen)
{
	const struct wt_l1_policy *p = g->cfg->l1->pol;
	const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES];
	unsigned n = p ? wt_l1_policy_ops_of(p, ops) : 0;

	g->gpol = wt_calloc(n ? n : 1, sizeof(*g->gpol));
	for (unsigned i = 0; i < n; i++) {
		if (!ops[i]->gpu_init)
			continue;
		if (ops[i]->kernel_search && g->cfg->dram_sched) {
			wt_snprintf(err, errlen, "--l1: --policy=%s: its trials "
				    "cannot copy the DRAM scheduler's state "
				    "(--dram=--sched=%s)", p->name,
				    g->cfg->dram->sched->name);
			return -1;
		}
		if (!ops[i]->kernel_search && !ops[i]->sample_begin) {
			wt_snprintf(err, errlen, "--l1: --policy=%s: %s sets warp "
				    "limits only through l1sim's pools", p->name,
				    ops[i]->name);
			return -1;
		}
		g->gpol[g->ngpol].ops = ops[i];
		g->gpol[g->ngpol++].g = ops[i]->gpu_init(p);
	}
	return 0;
}

void gs_gpol_free(struct wt_gpusim *g)
{
	for (unsigned i = 0; i < g->ngpol; i++)
		if (g->gpol[i].ops->gpu_free)
			g->gpol[i].ops->gpu_free(g->gpol[i].g);
	free(g->gpol);
	free(g->sm_limit);
	free(g->smp_i);
	free(g->smp_m);
}

void *wt_gpusim_gpol(const struct wt_gpusim *g, const struct wt_l1_policy_ops *ops)
{
	for (unsigned i = 0; i < g->ngpol; i++)
		if (g->gpol[i].ops == ops)
			return g->gpol[i].g;
	return NULL;
}

/* What a trial runs. */
struct trial {
	const struct wt_gpusim *g;
	const struct wt_kernel *k;
	const void *recs;
	size_t n, record_size;
	int failed;
	char err[512];
};

/* The kernel's cycles alone, under limit warps per scheduler, run to the
 * end whatever cap is; *bound is always 1 (gpusim does not tell whether
 * the limit held a warp back, so every limit up to most is tried). */
static uint64_t run_trial(void *ctx, unsigned limit, uint64_t cap, int *bound)
{
	struct trial *tr = ctx;
	struct wt_gpusim_cfg c = *tr->g->cfg;
	struct wt_gpusim *t;
	uint64_t cycles = UINT64_MAX;

	(void)cap;
	*bound = 1;
	if (tr->failed)
		return UINT64_MAX;
	c.l2pols = tr->g->cfg->l2pols ? wt_l2pols_new(tr->g->cfg->l2pol) : NULL;
	t = wt_gpusim_trial(&c, limit * tr->g->sm[0].nsch, tr->err, sizeof(tr->err));
	if (!t || wt_gpusim_kernel(t, tr->k, tr->recs, tr->n, tr->record_size,
				   tr->err, sizeof(tr->err)) < 0)
		tr->failed = 1;
	else
		cycles = wt_gpusim_cycles(t);
	wt_gpusim_free(t);
	if (c.l2pols)
		wt_l2pols_free(c.l2pols);
	return cycles;
}

/* The most warps one SM holds in the kernel. */
static unsigned most_warps(const struct wt_gpusim *g)
{
	const struct gs_kernel *gk = g->kern;
	uint64_t most = (uint64_t)gk->cps * gk->wpc;

	if (most > gk->nwarps)
		most = gk->nwarps;
	return most > UINT32_MAX ? UINT32_MAX : (unsigned)most;
}

int gs_gpol_kernel_begin(struct wt_gpusim *g, const void *recs, size_t n,
			 size_t record_size)
{
	struct wt_sim_kernel *ks = g->kern->ks;
	unsigned nsch = g->sm[0].nsch;

	g->period = 0;
	for (unsigned i = 0; i < g->ngpol; i++) {
		const struct wt_l1_policy_ops *ops = g->gpol[i].ops;

		if (ops->kernel_search) {
			struct trial tr = { g, g->kern->k, recs, n, record_size, 0, "" };
			unsigned most = (most_warps(g) + nsch - 1) / nsch;
			unsigned lim = ops->kernel_search(g->gpol[i].g, most, run_trial, &tr);

			if (tr.failed) {
				gs_fail(g, "a trial of --policy=%s: %s", ops->name, tr.err);
				return -1;
			}
			ks->pol_limit = lim;
			ks->pol_chose = 1;
			if (!g->sm_limit)
				g->sm_limit = wt_calloc(g->nsm, sizeof(*g->sm_limit));
			for (unsigned s = 0; s < g->nsm; s++)
				g->sm_limit[s] = lim * nsch;
		}
		if (ops->sample_begin && !g->period) {
			g->period = ops->sample_begin(g->gpol[i].g, g->kern->k->name, g->nsm);
			g->sampler = i;
			ks->pol_chose = 1;
		}
	}
	if (g->period) {
		if (!g->sm_limit)
			g->sm_limit = wt_calloc(g->nsm, sizeof(*g->sm_limit));
		if (!g->smp_i) {
			g->smp_i = wt_calloc(g->nsm, sizeof(*g->smp_i));
			g->smp_m = wt_calloc(g->nsm, sizeof(*g->smp_m));
		}
		for (unsigned s = 0; s < g->nsm; s++) {
			g->smp_i[s] = g->sm[s].model->st.instructions;
			g->smp_m[s] = g->sm[s].model->st.misses;
		}
		g->next_sample = ks->start + g->period;
	}
	return 0;
}

void gs_gpol_sample(struct wt_gpusim *g, uint64_t t)
{
	const struct wt_l1_policy_ops *ops = g->gpol[g->sampler].ops;
	uint64_t *di = wt_calloc(g->nsm, sizeof(*di)), *dm = wt_calloc(g->nsm, sizeof(*dm));
	unsigned *lim = wt_calloc(g->nsm, sizeof(*lim));

	for (unsigned s = 0; s < g->nsm; s++) {
		const struct wt_l1 *l1 = g->sm[s].model;

		di[s] = l1->st.instructions - g->smp_i[s];
		dm[s] = l1->st.misses - g->smp_m[s];
		g->smp_i[s] = l1->st.instructions;
		g->smp_m[s] = l1->st.misses;
	}
	ops->sample_step(g->gpol[g->sampler].g, di, dm, lim);
	for (unsigned s = 0; s < g->nsm; s++) {
		struct gs_sm *sm = &g->sm[s];

		g->sm_limit[s] = lim[s] * sm->nsch;
		if (sm->begun)
			gs_pool_set_limit(sm, g->sm_limit[s]);
		if (sm->next > t + 1)
			sm->next = t + 1;	/* warps may be let in */
	}
	while (g->next_sample <= t)
		g->next_sample += g->period;
	free(di);
	free(dm);
	free(lim);
}

void gs_gpol_kernel_end(struct wt_gpusim *g)
{
	struct wt_sim_kernel *ks = g->kern->ks;

	if (g->period) {
		const struct wt_l1_policy_ops *ops = g->gpol[g->sampler].ops;

		if (ops->sample_end)
			ops->sample_end(g->gpol[g->sampler].g, &ks->pol_decided,
					&ks->pol_rounds);
	}
	g->period = 0;
	free(g->sm_limit);
	g->sm_limit = NULL;
}
