/*
 * warptype.c - MeDiC's warp types and per-instruction divergence; see
 * warptype.h.
 */
#include "warptype.h"
#include "u64map.h"
#include "warpix.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const struct wt_wt_bounds wt_wt_medic = { 700000, 200000 };

enum wt_wtype wt_wtype_of(uint64_t hits, uint64_t accesses,
			  const struct wt_wt_bounds *b)
{
	/* hits / accesses >= ppm / 10^6, without rounding */
	unsigned __int128 h = (unsigned __int128)hits * 1000000u;

	if (hits >= accesses)
		return WT_WT_ALL_HIT;
	if (hits == 0)
		return WT_WT_ALL_MISS;
	if (h >= (unsigned __int128)accesses * b->mostly_hit)
		return WT_WT_MOSTLY_HIT;
	if (h <= (unsigned __int128)accesses * b->mostly_miss)
		return WT_WT_MOSTLY_MISS;
	return WT_WT_BALANCED;
}

const char *wt_wtype_name(unsigned t)
{
	static const char *const names[] = {
		"all-hit", "mostly-hit", "balanced", "mostly-miss", "all-miss"
	};
	return t < WT_WT_MAX ? names[t] : "unknown";
}

void wt_wt_init(struct wt_warptypes *w, const struct wt_wt_bounds *b,
		uint64_t window, uint32_t min_access, size_t series)
{
	memset(w, 0, sizeof(*w));
	w->b = *b;
	w->window = window ? window : 1;
	w->min_access = min_access;
	w->series = series;
	w->warp_ix = wt_warpix_new();
	w->instr_ix = wt_u64map_new();
}

void wt_wt_free(struct wt_warptypes *w)
{
	for (size_t i = 0; i < w->nwarps; i++)
		free(w->warps[i].win);
	for (size_t i = 0; i < w->ntop; i++)
		free(w->top[i].win);
	free(w->warps);
	free(w->top);
	free(w->instr);
	wt_warpix_free(w->warp_ix);
	wt_u64map_free(w->instr_ix);
	memset(w, 0, sizeof(*w));
}

/* warp's record, made if it is new; NULL if it has ended. */
static struct wt_wt_warp *warp_of(struct wt_warptypes *w, uint32_t kernel,
				  uint32_t warp, uint32_t cta, uint16_t sm)
{
	int added;
	uint64_t *ix = wt_warpix_get(w->warp_ix, warp, &added);

	if (added) {
		if (w->nwarps == w->capwarps) {
			w->capwarps = w->capwarps ? 2 * w->capwarps : 256;
			w->warps = wt_realloc(w->warps, w->capwarps * sizeof(*w->warps));
		}
		w->warps[w->nwarps] = (struct wt_wt_warp){ .kernel = kernel,
			.warp = warp, .cta = cta, .sm = sm, .seq = w->seen++ };
		*ix = ++w->nwarps;
	}
	return *ix ? &w->warps[*ix - 1] : NULL;
}

/* The window of index wi in p's series, made if needed.  Accesses come
 * nearly in time order, so the search starts from the end. */
static struct wt_wt_window *window_of(struct wt_wt_warp *p, uint64_t wi)
{
	size_t i = p->nwin;

	while (i > 0 && p->win[i - 1].index > wi)
		i--;
	if (i > 0 && p->win[i - 1].index == wi)
		return &p->win[i - 1];
	/* most warps of a long kernel live within one window or two: room
	 * for one at first (a 16-byte block, where room for eight took 128
	 * bytes a warp) */
	if (p->nwin == p->capwin) {
		p->capwin = p->capwin ? 2 * p->capwin : 1;
		p->win = wt_realloc(p->win, p->capwin * sizeof(*p->win));
	}
	memmove(&p->win[i + 1], &p->win[i], (p->nwin - i) * sizeof(*p->win));
	p->nwin++;
	p->win[i] = (struct wt_wt_window){ wi, 0, 0 };
	return &p->win[i];
}

/* An instruction's type by its requests' hits, counted into d. */
static void fold(const struct wt_warptypes *w, const struct wt_wt_instr *in,
		 struct wt_divergence *d)
{
	enum wt_wtype t = wt_wtype_of(in->hits, in->requests, &w->b);

	d->instrs[t]++;
	d->requests[t] += in->requests;
	d->hits[t] += in->hits;
	d->by_requests[in->requests <= 32 ? in->requests : 0]++;
}

int wt_wt_access(struct wt_warptypes *w, uint32_t kernel, uint32_t warp,
		 uint32_t cta, uint16_t sm, uint32_t instr, uint64_t time,
		 int hit, int last)
{
	struct wt_wt_warp *p = warp_of(w, kernel, warp, cta, sm);
	struct wt_wt_window *win;
	struct wt_wt_instr *in;
	uint64_t key, *ix;
	int added;

	if (!p)
		return -1;
	win = window_of(p, time / w->window);
	p->accesses++;
	p->hits += hit != 0;
	win->accesses++;
	win->hits += hit != 0;
	key = (uint64_t)warp << 32 | instr;
	if (!p->open || p->open > w->ninstr || w->instr[p->open - 1].key != key) {
		ix = wt_u64map_get(w->instr_ix, key, &added);
		if (added) {
			if (w->ninstr == w->capinstr) {
				w->capinstr = w->capinstr ? 2 * w->capinstr : 1024;
				w->instr = wt_realloc(w->instr, w->capinstr * sizeof(*w->instr));
			}
			w->instr[w->ninstr] = (struct wt_wt_instr){ .key = key };
			*ix = ++w->ninstr;
		}
		p->open = (size_t)*ix;
	}
	in = &w->instr[p->open - 1];
	in->hits += hit != 0;
	in->requests++;
	if (!last)
		return 0;
	/* Closed: fold it, and the last open one takes its place. */
	fold(w, in, &w->closed);
	*in = w->instr[--w->ninstr];
	wt_u64map_del(w->instr_ix, key);
	if (in != &w->instr[w->ninstr])
		*wt_u64map_get(w->instr_ix, in->key, &added) = (uint64_t)(in - w->instr) + 1;
	return 0;
}

/* p's type, windows and accesses into c. */
static void census_add_warp(const struct wt_warptypes *w,
			    const struct wt_wt_warp *p, struct wt_wt_census *c)
{
	enum wt_wtype t = wt_wtype_of(p->hits, p->accesses, &w->b);

	c->warps[t]++;
	c->accesses[t] += p->accesses;
	c->hits[t] += p->hits;
	for (size_t k = 0; k < p->nwin; k++) {
		const struct wt_wt_window *x = &p->win[k];

		if (x->accesses < w->min_access || !x->accesses)
			continue;
		c->windows++;
		c->stable += wt_wtype_of(x->hits, x->accesses, &w->b) == t;
	}
}

/* Whether a goes before b in the top: more accesses, or as many and
 * seen first. */
static int ahead(const struct wt_wt_warp *a, const struct wt_wt_warp *b)
{
	return a->accesses > b->accesses ||
	       (a->accesses == b->accesses && a->seq < b->seq);
}

/* p (which has ended) into the top, or its windows freed. */
static void keep_if_top(struct wt_warptypes *w, struct wt_wt_warp *p)
{
	size_t k;

	if (w->ntop == w->series) {
		if (!w->ntop || ahead(&w->top[w->ntop - 1], p)) {
			free(p->win);
			return;
		}
		free(w->top[--w->ntop].win);	/* the last one drops out */
	}
	if (w->ntop == w->captop) {
		w->captop = w->captop ? 2 * w->captop : 8;
		if (w->captop > w->series)
			w->captop = w->series;
		w->top = wt_realloc(w->top, w->captop * sizeof(*w->top));
	}
	for (k = w->ntop++; k > 0 && ahead(p, &w->top[k - 1]); k--)
		w->top[k] = w->top[k - 1];
	w->top[k] = *p;
}

/* p has ended: it counts in its kernel's census and is kept if it is of
 * the top, else its windows are freed. */
static void retire(struct wt_warptypes *w, struct wt_wt_warp *p)
{
	census_add_warp(w, p, &w->census);
	keep_if_top(w, p);
}

int wt_wt_warp_end(struct wt_warptypes *w, uint32_t warp)
{
	int added;
	uint64_t *ix = wt_warpix_get(w->warp_ix, warp, &added), i;

	if (added)		/* no load: nothing to count, but it has ended */
		return 0;
	if (!*ix)
		return -1;
	i = *ix - 1;
	*ix = 0;
	retire(w, &w->warps[i]);
	/* the last one takes its place */
	if (i != --w->nwarps) {
		w->warps[i] = w->warps[w->nwarps];
		*wt_warpix_get(w->warp_ix, w->warps[i].warp, &added) = i + 1;
	}
	return 0;
}

void wt_wt_kernel_end(struct wt_warptypes *w, struct wt_divergence *d,
		      struct wt_wt_census *c)
{
	for (size_t i = 0; i < w->ninstr; i++)
		fold(w, &w->instr[i], &w->closed);
	wt_divergence_add(d, &w->closed);
	memset(&w->closed, 0, sizeof(w->closed));
	w->ninstr = 0;
	wt_u64map_clear(w->instr_ix);
	for (size_t i = 0; i < w->nwarps; i++)
		retire(w, &w->warps[i]);
	w->nwarps = 0;
	wt_warpix_clear(w->warp_ix);
	wt_wt_census_add(c, &w->census);
	memset(&w->census, 0, sizeof(w->census));
}

void wt_wt_census_add(struct wt_wt_census *dst, const struct wt_wt_census *src)
{
	for (unsigned t = 0; t < WT_WT_MAX; t++) {
		dst->warps[t] += src->warps[t];
		dst->accesses[t] += src->accesses[t];
		dst->hits[t] += src->hits[t];
	}
	dst->windows += src->windows;
	dst->stable += src->stable;
}

void wt_divergence_add(struct wt_divergence *dst, const struct wt_divergence *src)
{
	for (unsigned t = 0; t < WT_WT_MAX; t++) {
		dst->instrs[t] += src->instrs[t];
		dst->requests[t] += src->requests[t];
		dst->hits[t] += src->hits[t];
	}
	for (unsigned k = 0; k < 33; k++)
		dst->by_requests[k] += src->by_requests[k];
}
