/*
 * gpusim.c - the closed-loop simulator's loop (gpusim.h): one cycle after
 * another where something happens, the idle ones skipped.
 */
#include "simint.h"

#include "dramcomp.h"
#include "l1comp.h"
#include "l2comp.h"
#include "l2policy.h"
#include "dramhook.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char *const stall_names[WT_SIM_STALLS] = {
	"idle", "memory", "mshr_full", "mshr_merge", "no_line",
	"miss_queue_full", "icnt_full", "ldst_busy", "pipeline", "throttled",
	"barrier",
};

const char *wt_sim_stall_name(enum wt_sim_stall s)
{
	return s < WT_SIM_STALLS ? stall_names[s] : "?";
}

static struct wt_gpusim *make(const struct wt_gpusim_cfg *cfg, int trial,
			      char *err, size_t errlen)
{
	struct wt_gpusim *g = wt_calloc(1, sizeof(*g));

	g->cfg = cfg;
	if (!cfg->l1->external_fill || !cfg->l2->external_fill) {
		wt_snprintf(err, errlen, "the L1 and L2 must take their fills "
			    "from outside (external_fill)");
		free(g);
		return NULL;
	}
	g->nsm = cfg->order.sms;
	g->sm = wt_calloc(g->nsm, sizeof(*g->sm));
	for (unsigned s = 0; s < g->nsm; s++) {
		gs_sm_init(g, &g->sm[s], s);
		g->sm[s].l1 = wt_l1_component(cfg->l1, s, err, errlen);
		if (!g->sm[s].l1) {
			g->nsm = s;
			wt_gpusim_free(g);
			return NULL;
		}
		g->sm[s].model = wt_l1_component_model(g->sm[s].l1);
	}
	g->nsl = cfg->pmap->slices;
	g->sl = wt_calloc(g->nsl, sizeof(*g->sl));
	for (unsigned p = 0; p < g->nsl; p++) {
		g->sl[p].c = wt_l2_component(cfg->l2, cfg->pmap, p, cfg->l2_queue,
					     err, errlen);
		if (!g->sl[p].c) {
			g->nsl = p;
			wt_gpusim_free(g);
			return NULL;
		}
		if (cfg->l2pols)
			wt_l2pols_attach(cfg->l2pols, wt_l2_component_l2(g->sl[p].c));
	}
	g->nch = cfg->dram->channels;
	g->dram = wt_calloc(g->nch, sizeof(*g->dram));
	g->dram_in = wt_calloc(g->nch, sizeof(*g->dram_in));
	for (unsigned ch = 0; ch < g->nch; ch++)
	{
		g->dram[ch] = wt_dram_component(cfg->dram, cfg->dmap, cfg->clk, ch,
						cfg->line, cfg->sector);
		if (cfg->dram_sched)
			wt_dram_component_sched(g->dram[ch], cfg->dram_sched,
						&g->kernel_id);
	}
	wt_icnt_init(&g->up, g->nsm, g->nsl, cfg->icnt_latency, cfg->flit);
	wt_icnt_init(&g->down, g->nsl, g->nsm, cfg->icnt_latency, cfg->flit);
	g->cs = wt_cstream_new(cfg->coal, cfg->shmem);
	if (!trial && gs_gpol_make(g, err, errlen) < 0) {
		wt_gpusim_free(g);
		return NULL;
	}
	return g;
}

struct wt_gpusim *wt_gpusim_new(const struct wt_gpusim_cfg *cfg, char *err,
				size_t errlen)
{
	return make(cfg, 0, err, errlen);
}

struct wt_gpusim *wt_gpusim_trial(const struct wt_gpusim_cfg *cfg, unsigned sm_limit,
				  char *err, size_t errlen)
{
	struct wt_gpusim *g = make(cfg, 1, err, errlen);

	if (g && sm_limit) {
		g->sm_limit = wt_calloc(g->nsm, sizeof(*g->sm_limit));
		for (unsigned s = 0; s < g->nsm; s++)
			g->sm_limit[s] = sm_limit;
	}
	return g;
}

void wt_gpusim_events(struct wt_gpusim *g, wt_sim_events_fn fn, void *ctx)
{
	g->events = fn;
	g->events_ctx = ctx;
}

static void counts_add(struct wt_sim_counts *d, const struct wt_sim_counts *s)
{
	d->instrs += s->instrs;
	d->thread_instrs += s->thread_instrs;
	d->mem_instrs += s->mem_instrs;
	d->requests += s->requests;
	for (unsigned i = 0; i < WT_REFUSE_MAX; i++)
		d->refusals[i] += s->refusals[i];
	d->issue_cycles += s->issue_cycles;
	for (unsigned i = 0; i < WT_SIM_STALLS; i++)
		d->stall[i] += s->stall[i];
	d->ctas += s->ctas;
	d->warps += s->warps;
	wt_l2_hist_merge(&d->latency, &s->latency);
}

/* The first cycle after t at which anything happens: UINT64_MAX when
 * nothing will. */
static uint64_t next_cycle(const struct wt_gpusim *g, uint64_t t)
{
	const struct gs_kernel *gk = g->kern;
	uint64_t n = gs_mem_next(g, t);

	if (g->period && g->next_sample > t && g->next_sample < n)
		n = g->next_sample;	/* a sampling period ends */

	for (unsigned s = 0; s < g->nsm; s++)
		if (g->sm[s].next < n)
			n = g->sm[s].next > t ? g->sm[s].next : t + 1;
	/* a CTA waits for its launch, or a slot that has freed */
	if (gk && gk->next_cta < gk->nctas && g->dispatch_from > t && g->dispatch_from < n)
		return g->dispatch_from;
	if (gk && gk->next_cta < gk->nctas && n > t + 1 && g->dispatch_from <= t + 1)
		for (unsigned s = 0; s < g->nsm; s++)
			if (g->sm[s].ctas < gk->cps)
				return t + 1;
	return n;
}

/* One cycle: the memory side's arrivals, the SMs, the memory side's
 * departures. */
static void cycle(struct wt_gpusim *g, uint64_t t)
{
	g->now = t;
	gs_mem_before(g, t);
	gs_dispatch(g, t);
	for (unsigned s = 0; s < g->nsm; s++)
		if (g->sm[s].next <= t)
			gs_sm_cycle(g, &g->sm[s], t);
	gs_mem_after(g, t);
}

static struct wt_sim_kernel *new_kernel(struct wt_gpusim *g, const struct wt_kernel *k)
{
	struct wt_sim_kernel *ks;

	if (g->nks == g->capks) {
		g->capks = g->capks ? 2 * g->capks : 8;
		g->ks = wt_realloc(g->ks, g->capks * sizeof(*g->ks));
	}
	ks = &g->ks[g->nks++];
	memset(ks, 0, sizeof(*ks));
	ks->id = k->id;
	ks->name = wt_strdup(k->name);
	return ks;
}

/* The kernel is over at end: count every SM's cycles to it, fold its
 * counts into the run's. */
static void kernel_done(struct wt_gpusim *g, struct wt_sim_kernel *ks, uint64_t end)
{
	const struct wt_request *rest;
	struct wt_coalesce_stats cst;

	memset(&cst, 0, sizeof(cst));
	wt_cstream_kernel_end(g->cs, &rest, &cst);
	if (g->cfg->l2pols)
		wt_l2pols_kernel_end(g->cfg->l2pols);
	if (g->cfg->dram_sched && g->cfg->dram->sched->kernel_end)
		g->cfg->dram->sched->kernel_end(g->cfg->dram_sched);
	for (unsigned s = 0; s < g->nsm; s++) {
		struct gs_sm *sm = &g->sm[s];

		gs_sm_count_to(sm, end + 1);
		gs_pool_end(sm);
		counts_add(&ks->c, &sm->c);
		counts_add(&sm->tot, &sm->c);
		memset(&sm->c, 0, sizeof(sm->c));
		if (g->cfg->l1_flush)
			wt_l1_flush_at(sm->model, end + 1);
	}
}

int wt_gpusim_kernel(struct wt_gpusim *g, const struct wt_kernel *k,
		     const void *recs, size_t n, size_t record_size,
		     char *err, size_t errlen)
{
	struct gs_kernel gk;
	uint64_t t = g->nks ? g->now + 1 : 0;

	if (gs_kernel_build(&gk, g->cfg, k, recs, n, record_size, err,
			    errlen) < 0) {
		gs_kernel_free(&gk);
		return -1;
	}
	gk.ks = new_kernel(g, k);
	g->kernel_id = k->id;
	gk.ks->start = t;	/* its launch: its CTAs wait launch_latency */
	g->dispatch_from = t + g->cfg->launch_latency;
	gk.ks->ctas_per_sm = gk.cps;
	gk.ks->limited_by = gk.limited_by;
	g->kern = &gk;
	g->err = err;
	g->errlen = errlen;
	for (unsigned s = 0; s < g->nsm; s++) {
		g->sm[s].counted = t;
		g->sm[s].dispatched = 0;
		g->sm[s].begun = 0;
	}
	if (gs_gpol_kernel_begin(g, recs, n, record_size) < 0)
		gk.ctas_left = 0;
	while (gk.ctas_left) {
		uint64_t nt;

		if (g->period && t >= g->next_sample)
			gs_gpol_sample(g, t);
		cycle(g, t);
		if (g->failed)
			break;
		if (!gk.ctas_left)
			break;
		nt = next_cycle(g, t);
		if (nt == UINT64_MAX) {
			gs_fail(g, "kernel %u (%s): nothing can move at cycle %llu "
				"with %zu CTAs left (a deadlock in the model)",
				k->id, k->name, (unsigned long long)t, gk.ctas_left);
			break;
		}
		t = nt;
	}
	if (gk.ks->end < gk.ks->start)
		gk.ks->end = t;
	gs_gpol_kernel_end(g);
	kernel_done(g, gk.ks, gk.ks->end);
	g->now = gk.ks->end > g->now ? gk.ks->end : g->now;
	g->kern = NULL;
	gs_kernel_free(&gk);
	return g->failed ? -1 : 0;
}

int wt_gpusim_finish(struct wt_gpusim *g, char *err, size_t errlen)
{
	uint64_t t = g->now + 1, nt;

	g->err = err;
	g->errlen = errlen;
	for (;;) {
		cycle(g, t);
		if (g->failed)
			return -1;
		nt = next_cycle(g, t);
		if (nt == UINT64_MAX)
			break;
		t = nt;
	}
	g->drained = t;
	return 0;
}

uint64_t wt_gpusim_cycles(const struct wt_gpusim *g)
{
	uint64_t n = 0;

	for (size_t i = 0; i < g->nks; i++)
		n += g->ks[i].end - g->ks[i].start + 1;
	return n;
}

const struct wt_sim_kernel *wt_gpusim_kernels(const struct wt_gpusim *g, size_t *n)
{
	*n = g->nks;
	return g->ks;
}

const struct wt_sim_counts *wt_gpusim_sm(const struct wt_gpusim *g, unsigned sm)
{
	return &g->sm[sm].tot;
}

void wt_gpusim_total(const struct wt_gpusim *g, struct wt_sim_counts *c)
{
	memset(c, 0, sizeof(*c));
	for (unsigned s = 0; s < g->nsm; s++)
		counts_add(c, &g->sm[s].tot);
}

struct wt_component *wt_gpusim_l1(struct wt_gpusim *g, unsigned sm)
{
	return g->sm[sm].l1;
}

struct wt_component *wt_gpusim_l2(struct wt_gpusim *g, unsigned slice)
{
	return g->sl[slice].c;
}

struct wt_component *wt_gpusim_dram(struct wt_gpusim *g, unsigned channel)
{
	return g->dram[channel];
}

const struct wt_icnt *wt_gpusim_icnt(const struct wt_gpusim *g, int dir)
{
	return dir ? &g->down : &g->up;
}

void wt_gpusim_free(struct wt_gpusim *g)
{
	if (!g)
		return;
	for (unsigned s = 0; s < g->nsm; s++) {
		if (g->sm[s].l1)
			wt_comp_free(g->sm[s].l1);
		gs_sm_free(&g->sm[s]);
	}
	free(g->sm);
	for (unsigned p = 0; p < g->nsl; p++) {
		wt_comp_free(g->sl[p].c);
		gs_fifo_free(&g->sl[p].in);
		gs_fifo_free(&g->sl[p].net);
		free(g->sl[p].wait);
	}
	free(g->sl);
	for (unsigned ch = 0; ch < g->nch; ch++) {
		wt_comp_free(g->dram[ch]);
		gs_fifo_free(&g->dram_in[ch]);
	}
	free(g->dram);
	free(g->dram_in);
	if (g->up.src_free)
		wt_icnt_free(&g->up);
	if (g->down.src_free)
		wt_icnt_free(&g->down);
	if (g->cs)
		wt_cstream_free(g->cs);
	free(g->heap);
	free(g->buf);
	for (size_t i = 0; i < g->nks; i++)
		free(g->ks[i].name);
	free(g->ks);
	gs_gpol_free(g);
	free(g);
}

uint64_t wt_gpusim_drained(const struct wt_gpusim *g)
{
	return g->drained;
}
