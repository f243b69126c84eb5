/*
 * medic.c - MeDiC's warp-type identification; see medic.h.
 */
#include "medic.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_medic_default(struct wt_medic_cfg *c)
{
	c->reset = 100000;
	c->profile = 30;
	c->bounds = wt_wt_medic;
	c->step = 50000;
}

void wt_medic_options(struct wt_medic_cfg *c, const char *reset,
		      const char *profile, const char *step)
{
	if (reset)
		c->reset = wt_opt_num("medic-reset", reset, 0, UINT32_MAX);
	if (profile)
		c->profile = (uint32_t)wt_opt_num("medic-profile", profile, 1, 1u << 20);
	if (step)
		c->step = (uint32_t)(wt_opt_real("medic-step", step, 0, 100) * 10000 + 0.5);
}

void wt_medic_init(struct wt_medic *m, const struct wt_medic_cfg *c)
{
	memset(m, 0, sizeof(*m));
	m->cfg = *c;
	if (!m->cfg.reset)
		m->cfg.reset = UINT64_MAX;
	m->ix = wt_u64map_new();
	m->mostly_miss = c->bounds.mostly_miss;
}

void wt_medic_free(struct wt_medic *m)
{
	wt_u64map_free(m->ix);
	free(m->w);
	memset(m, 0, sizeof(*m));
}

/* A new epoch: tune the boundary from the one that ended. */
static void next_epoch(struct wt_medic *m, uint64_t epoch)
{
	const struct wt_medic_cfg *c = &m->cfg;

	if (m->ep_lookups && epoch == m->epoch + 1) {
		uint32_t miss = (uint32_t)((m->ep_lookups - m->ep_hits) * 1000000 /
					   m->ep_lookups);

		if (!m->have_ref) {
			m->have_ref = 1;
			m->ref_miss = miss;
		} else if (c->step) {
			uint32_t steps = miss > m->ref_miss ? (miss - m->ref_miss) / c->step : 0;
			uint64_t down = (uint64_t)steps * c->step;

			m->mostly_miss = down >= c->bounds.mostly_miss ? 0 :
					 c->bounds.mostly_miss - (uint32_t)down;
		}
	}
	/* an epoch without lookups, or a gap, measures nothing */
	m->epoch = epoch;
	m->ep_hits = m->ep_lookups = 0;
}

static struct wt_medic_warp *warp(struct wt_medic *m, uint64_t key, uint64_t t)
{
	uint64_t epoch = t / m->cfg.reset, *ix;
	struct wt_medic_warp *w;
	int added;

	if (epoch > m->epoch)
		next_epoch(m, epoch);
	ix = wt_u64map_get(m->ix, key, &added);
	if (added) {
		if (m->n == m->cap) {
			m->cap = m->cap ? 2 * m->cap : 256;
			m->w = wt_realloc(m->w, m->cap * sizeof(*m->w));
		}
		m->w[m->n] = (struct wt_medic_warp){ epoch, 0, 0, WT_WT_MAX };
		*ix = ++m->n;
	}
	w = &m->w[*ix - 1];
	if (w->epoch < epoch) {		/* the periodic reset */
		w->epoch = epoch;
		w->hits = w->accesses = 0;
	}
	return w;
}

void wt_medic_kernel_end(struct wt_medic *m)
{
	wt_u64map_clear(m->ix);
	m->n = 0;
}

enum wt_wtype wt_medic_type(struct wt_medic *m, uint64_t key, uint64_t t,
			    int *profiling)
{
	struct wt_medic_warp *w = warp(m, key, t);

	*profiling = w->accesses < m->cfg.profile;
	return (enum wt_wtype)w->type;
}

void wt_medic_lookup(struct wt_medic *m, uint64_t key, uint64_t t, int hit)
{
	struct wt_medic_warp *w = warp(m, key, t);

	m->ep_lookups++;
	m->ep_hits += hit != 0;
	if (w->accesses >= m->cfg.profile)
		return;		/* typed until the next reset */
	w->accesses++;
	w->hits += hit != 0;
	if (w->accesses == m->cfg.profile) {
		struct wt_wt_bounds b = { m->cfg.bounds.mostly_hit, m->mostly_miss };

		w->type = (uint8_t)wt_wtype_of(w->hits, w->accesses, &b);
	}
}
