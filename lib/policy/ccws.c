/*
 * ccws.c - Cache-Conscious Wavefront Scheduling's lost-locality detector
 * and load throttling; see ccws.h.
 */
#include "ccws.h"
#include "hash.h"
#include "util.h"

#include <stdlib.h>

struct vta_entry {
	uint64_t line;
	uint64_t stamp;		/* last use, for LRU; 0: empty */
};

struct ccws_warp {
	uint64_t score, at;	/* the score at cycle `at`, its last hit */
	uint64_t cur;		/* the score when the set was worked out */
	int active;
	int may;		/* in the eligible set */
};

struct wt_ccws {
	struct wt_ccws_cfg cfg;
	unsigned nwarps, sets, nactive;
	uint64_t now;		/* the latest cycle seen */
	uint64_t clock;		/* VTA use stamps */
	struct ccws_warp *w;
	struct vta_entry *vta;	/* nwarps x vta_entries, set after set */
	unsigned *order;	/* active warps, stacked; scratch */
	int dirty;		/* a score or the active set changed */
	uint64_t until;		/* the eligible set holds before this cycle */
	struct wt_ccws_stats st;
};

void wt_ccws_default(struct wt_ccws_cfg *c)
{
	c->vta_entries = 16;
	c->vta_assoc = 8;
	c->kthrottle = 8;
	c->base = 100;
}

struct wt_ccws *wt_ccws_new(const struct wt_ccws_cfg *cfg, unsigned nwarps)
{
	struct wt_ccws *c;

	if (!cfg->vta_assoc || !cfg->vta_entries ||
	    cfg->vta_entries % cfg->vta_assoc)
		wt_die(WT_EXIT_USAGE, "a CCWS victim tag array of %u entries "
		       "does not split into %u-way sets", cfg->vta_entries,
		       cfg->vta_assoc);
	if (!cfg->base)
		wt_die(WT_EXIT_USAGE, "a CCWS base score of 0");
	c = wt_calloc(1, sizeof(*c));
	c->cfg = *cfg;
	c->nwarps = nwarps;
	c->sets = cfg->vta_entries / cfg->vta_assoc;
	c->w = wt_calloc(nwarps, sizeof(*c->w));
	c->vta = wt_calloc((size_t)nwarps * cfg->vta_entries, sizeof(*c->vta));
	c->order = wt_calloc(nwarps, sizeof(*c->order));
	c->dirty = 1;
	return c;
}

void wt_ccws_free(struct wt_ccws *c)
{
	if (!c)
		return;
	free(c->w);
	free(c->vta);
	free(c->order);
	free(c);
}

static struct ccws_warp *warp_of(struct wt_ccws *c, unsigned warp)
{
	if (warp >= c->nwarps)
		wt_die(WT_EXIT_DATA, "internal error: CCWS warp %u of %u",
		       warp, c->nwarps);
	return &c->w[warp];
}

/* Time never goes back: the latest cycle seen. */
static uint64_t advance(struct wt_ccws *c, uint64_t t)
{
	if (t > c->now)
		c->now = t;
	return c->now;
}

/* The warp's score at t (not before its last hit). */
static uint64_t score_at(const struct wt_ccws *c, const struct ccws_warp *w,
			 uint64_t t)
{
	uint64_t above = w->score - c->cfg.base, gone = t - w->at;

	return gone >= above ? c->cfg.base : w->score - gone;
}

unsigned wt_ccws_vta_set(const struct wt_ccws *c, uint64_t line)
{
	return (unsigned)(wt_mix64(line) % c->sets);
}

/* The first entry of line's set in warp's VTA. */
static struct vta_entry *vta_set(struct wt_ccws *c, unsigned warp, uint64_t line)
{
	size_t at = (size_t)warp * c->cfg.vta_entries +
		    (size_t)wt_ccws_vta_set(c, line) * c->cfg.vta_assoc;

	return &c->vta[at];
}

static struct vta_entry *vta_find(struct wt_ccws *c, unsigned warp, uint64_t line)
{
	struct vta_entry *e = vta_set(c, warp, line);

	for (unsigned i = 0; i < c->cfg.vta_assoc; i++)
		if (e[i].stamp && e[i].line == line)
			return &e[i];
	return NULL;
}

static void vta_clear(struct wt_ccws *c, unsigned warp)
{
	struct vta_entry *e = &c->vta[(size_t)warp * c->cfg.vta_entries];

	for (unsigned i = 0; i < c->cfg.vta_entries; i++)
		e[i].stamp = 0;
}

void wt_ccws_set_active(struct wt_ccws *c, unsigned warp, int active)
{
	struct ccws_warp *w = warp_of(c, warp);

	active = active != 0;
	if (w->active == active)
		return;
	w->active = active;
	w->score = c->cfg.base;
	w->at = c->now;
	w->may = 1;
	vta_clear(c, warp);
	if (active)
		c->nactive++;
	else
		c->nactive--;
	c->dirty = 1;
}

void wt_ccws_evict(struct wt_ccws *c, unsigned owner, uint64_t line)
{
	struct vta_entry *set, *e;

	if (!warp_of(c, owner)->active)
		return;
	e = vta_find(c, owner, line);
	if (!e) {	/* an empty way, else the least recently used */
		set = vta_set(c, owner, line);
		e = &set[0];
		for (unsigned i = 0; i < c->cfg.vta_assoc; i++) {
			if (!set[i].stamp) {
				e = &set[i];
				break;
			}
			if (set[i].stamp < e->stamp)
				e = &set[i];
		}
	}
	e->line = line;
	e->stamp = ++c->clock;
	c->st.evictions++;
}

int wt_ccws_miss(struct wt_ccws *c, unsigned warp, uint64_t line, uint64_t t)
{
	struct ccws_warp *w = warp_of(c, warp);
	struct vta_entry *e;

	t = advance(c, t);
	if (!w->active)
		return 0;
	c->st.probes++;
	e = vta_find(c, warp, line);
	if (!e)
		return 0;
	e->stamp = 0;
	w->score = score_at(c, w, t) + (uint64_t)c->cfg.kthrottle * c->cfg.base;
	w->at = t;
	c->st.vta_hits++;
	c->dirty = 1;
	return 1;
}

/* Stack the active warps by their scores now: highest first, ties by the
 * lower index.  An insertion sort of a list in index order keeps ties in
 * index order. */
static unsigned stack(struct wt_ccws *c, uint64_t t)
{
	unsigned n = 0;

	for (unsigned i = 0; i < c->nwarps; i++) {
		struct ccws_warp *w = &c->w[i];
		unsigned j;

		if (!w->active)
			continue;
		w->cur = score_at(c, w, t);
		for (j = n; j > 0 && c->w[c->order[j - 1]].cur < w->cur; j--)
			c->order[j] = c->order[j - 1];
		c->order[j] = i;
		n++;
	}
	return n;
}

/* Work out the eligible set at t, and the cycle until which it holds. */
static void eligible(struct wt_ccws *c, uint64_t t)
{
	uint64_t base = c->cfg.base, cutoff = (uint64_t)c->nactive * base;
	uint64_t sum = 0, until = UINT64_MAX;
	unsigned n = stack(c, t), fit = 0, decaying = 0;

	for (unsigned k = 0; k < n; k++) {
		struct ccws_warp *w = &c->w[c->order[k]];

		sum += w->cur;
		if (w->cur > base) {
			decaying++;
			if (t + (w->cur - base) < until)
				until = t + (w->cur - base);
		}
		w->may = k == 0 || (fit == k && sum <= cutoff);
		if (w->may) {
			fit++;
		} else if (fit == k && decaying) {
			/* the first left out: when does its stack fit? */
			uint64_t d = (sum - cutoff + decaying - 1) / decaying;

			if (t + d < until)
				until = t + d;
		}
	}
	if (n - fit > c->st.max_descheduled)
		c->st.max_descheduled = n - fit;
	c->until = until;
	c->dirty = 0;
}

int wt_ccws_may_issue(struct wt_ccws *c, unsigned warp, uint64_t t)
{
	struct ccws_warp *w = warp_of(c, warp);

	t = advance(c, t);
	if (!w->active)
		return 1;
	if (c->dirty || t >= c->until)
		eligible(c, t);
	c->st.checks++;
	if (!w->may)
		c->st.throttled++;
	return w->may;
}

uint64_t wt_ccws_held_until(const struct wt_ccws *c, unsigned warp, uint64_t t)
{
	const struct ccws_warp *w;

	if (warp >= c->nwarps)
		return t;
	w = &c->w[warp];
	if (!w->active || w->may || c->dirty || t < c->now || t >= c->until)
		return t;
	return c->until;
}

void wt_ccws_held(struct wt_ccws *c, unsigned warp, uint64_t n)
{
	if (!warp_of(c, warp)->active)
		return;
	c->st.checks += n;
	c->st.throttled += n;
}

uint64_t wt_ccws_score(struct wt_ccws *c, unsigned warp, uint64_t t)
{
	struct ccws_warp *w = warp_of(c, warp);

	return w->active ? score_at(c, w, advance(c, t)) : 0;
}

int wt_ccws_active(const struct wt_ccws *c, unsigned warp)
{
	return warp < c->nwarps && c->w[warp].active;
}

unsigned wt_ccws_nactive(const struct wt_ccws *c)
{
	return c->nactive;
}

const struct wt_ccws_stats *wt_ccws_stats(const struct wt_ccws *c)
{
	return &c->st;
}
