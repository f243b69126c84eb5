/*
 * l2instr.c - l2sim's statistics per warp instruction, per warp and per
 * PC; see l2instr.h.
 */
#include "l2instr.h"
#include "u64map.h"
#include "util.h"
#include "warpix.h"

#include <stdlib.h>
#include <string.h>

const char *wt_warp_type_name(unsigned t)
{
	static const char *const n[] = {
		"all_hit", "mostly_hit", "balanced", "mostly_miss", "all_miss"
	};
	return t < WT_WT_MAX ? n[t] : "unknown";
}

/* pc's entry in pcs, which is sorted by pc: where pchint says it was
 * last, else by binary search, made if it is new. */
static struct wt_l2_pc *pc_of(struct wt_l2_instr_stats *s, uint32_t pc)
{
	/* outcomes of few PCs come interleaved (warps, partitions) */
	uint32_t *hint = &s->pchint[(pc * 0x9E3779B1u) >> 24 & (WT_L2_PC_HINTS - 1)];
	size_t lo = 0, hi = s->npcs;

	if (*hint && s->pcs[*hint - 1].pc == pc)
		return &s->pcs[*hint - 1];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->pcs[mid].pc < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < s->npcs && s->pcs[lo].pc == pc) {
		*hint = (uint32_t)lo + 1;
		return &s->pcs[lo];
	}
	if (s->npcs == s->cappcs) {
		s->cappcs = s->cappcs ? 2 * s->cappcs : 16;
		s->pcs = wt_realloc(s->pcs, s->cappcs * sizeof(*s->pcs));
	}
	memmove(&s->pcs[lo + 1], &s->pcs[lo], (s->npcs - lo) * sizeof(*s->pcs));
	s->npcs++;
	memset(&s->pcs[lo], 0, sizeof(s->pcs[lo]));
	s->pcs[lo].pc = pc;
	memset(s->pchint, 0, sizeof(s->pchint));	/* those after moved */
	return &s->pcs[lo];
}

static uint64_t instr_key(uint32_t warp, uint32_t instr)
{
	return (uint64_t)warp << 32 | instr;
}

/*
 * Room for one more open instruction, made before a request is read (it
 * opens one at most), so that opening it (new_group) and closing one
 * (close_group), on most requests, need no call and save no registers.
 * freed grows with grp: a slot is freed once at most.
 */
static void room_for_group(struct wt_l2_instr_stats *s)
{
	if (s->nfreed || s->ngrp < s->capgrp)
		return;
	s->capgrp = s->capgrp ? 2 * s->capgrp : 1024;
	s->grp = wt_realloc(s->grp, s->capgrp * sizeof(*s->grp));
	s->freed = wt_realloc(s->freed, s->capgrp * sizeof(*s->freed));
}

/* A new open instruction, in a free slot or a new one (room_for_group
 * made room): its slot. */
static uint32_t new_group(struct wt_l2_instr_stats *s, uint32_t warp,
			  uint32_t instr, uint32_t live, int newest)
{
	struct wt_l2_group *g;
	uint32_t i;

	if (s->nfreed)
		i = s->freed[--s->nfreed];
	else
		i = (uint32_t)s->ngrp++;
	g = &s->grp[i];
	memset(g, 0, sizeof(*g));
	g->warp = warp;
	g->instr = instr;
	g->lo = UINT32_MAX;
	g->cta = UINT32_MAX;
	g->sm = UINT16_MAX;
	g->live = live;
	g->open = 1;
	g->newest = (uint8_t)newest;
	return i;
}

/* The warp's entry, made (the kernel's next, in live and, unless
 * no_warp_stats, in warps; its newest instruction instr) if it is new:
 * *added. */
static uint32_t live_of(struct wt_l2_instr_stats *s, uint32_t kernel,
			uint32_t warp, uint32_t instr, int *added)
{
	uint64_t *ix = wt_warpix_get(s->wmap, warp, added);
	uint32_t l;

	if (!*added)
		return (uint32_t)(*ix - 1);
	if (!s->no_warp_stats) {
		struct wt_l2_warp *w;

		if (s->nwarps == s->capwarps) {
			s->capwarps = s->capwarps ? 2 * s->capwarps : 64;
			s->warps = wt_realloc(s->warps,
					      s->capwarps * sizeof(*s->warps));
		}
		w = &s->warps[s->nwarps++];
		memset(w, 0, sizeof(*w));
		w->kernel = kernel;
		w->warp = warp;
	}
	l = (uint32_t)s->nlive++;
	if (l == s->caplive) {
		s->caplive = s->caplive ? 2 * s->caplive : 64;
		s->live = wt_realloc(s->live, s->caplive * sizeof(*s->live));
	}
	*ix = l + 1;
	s->live[l].first = UINT32_MAX;
	s->live[l].newest = new_group(s, warp, instr, l, 1);
	return l;
}

/*
 * Count the instruction in the totals and its warp.  Sums and counts
 * only, so the order in which instructions close changes nothing; the
 * warp's CTA and SM are those of its lowest instruction, whenever that
 * one closes.
 */
static void count_group(struct wt_l2_instr_stats *s,
			const struct wt_l2_group *g)
{
	enum wt_wtype type = wt_wtype_of(g->hits, g->n, &wt_wt_medic);

	s->instructions[type]++;
	s->stall += g->hi;
	s->ninstr++;
	if (type == WT_WT_ALL_HIT && g->n >= 2)
		wt_l2_hist_add(&s->divergence, g->hi - g->lo);
	if (!s->no_warp_stats) {
		struct wt_l2_warp *w = &s->warps[s->kwarps + g->live];
		struct wt_l2_live *l = &s->live[g->live];

		w->instructions[type]++;
		w->accesses += g->n;
		w->hits += g->hits;
		if (g->instr < l->first) {
			l->first = g->instr;
			w->cta = g->cta;
			w->sm = g->sm;
		}
	}
}

/* Count a superseded instruction and forget it: its slot is free. */
static void close_group(struct wt_l2_instr_stats *s, uint32_t i)
{
	count_group(s, &s->grp[i]);
	s->grp[i].open = 0;
	s->freed[s->nfreed++] = i;
}

/*
 * The warp's newest instruction, slot i, is superseded: it closes if it
 * is complete (and s->early).  Without early it stays, found by its key
 * should the warp come back to it.
 */
static void supersede(struct wt_l2_instr_stats *s, uint32_t i)
{
	struct wt_l2_group *g = &s->grp[i];
	int added;

	g->newest = 0;
	if (s->early) {
		if (g->n == g->reads)
			close_group(s, i);
	} else {
		*wt_u64map_get(s->gmap, instr_key(g->warp, g->instr), &added) =
			(uint64_t)i + 1;
	}
}

/* Without early: an instruction earlier than its warp's newest, open
 * already or new. */
static uint32_t older(struct wt_l2_instr_stats *s, uint32_t warp,
		      uint32_t instr, uint32_t live)
{
	int added;
	uint64_t *ix = wt_u64map_get(s->gmap, instr_key(warp, instr), &added);

	if (added)
		*ix = (uint64_t)new_group(s, warp, instr, live, 0) + 1;
	return (uint32_t)(*ix - 1);
}

int wt_l2_instr_read(struct wt_l2_instr_stats *s, uint32_t kernel,
		     const struct wt_event *in, uint32_t *slot)
{
	struct wt_l2_live *l;
	uint32_t live, i;
	int added;

	if (!s->wmap) {
		s->wmap = wt_warpix_new();
		s->gmap = wt_u64map_new();
	}
	room_for_group(s);
	live = live_of(s, kernel, in->warp, in->instr, &added);
	l = &s->live[live];
	i = l->newest;
	if (in->instr > s->grp[i].instr) {
		supersede(s, i);
		i = l->newest = new_group(s, in->warp, in->instr, live, 1);
	} else if (in->instr < s->grp[i].instr) {
		/* earlier than the newest: it may have closed */
		if (s->early) {
			*slot = s->grp[i].instr;
			return -1;
		}
		i = older(s, in->warp, in->instr, live);
	}
	s->grp[i].reads++;
	*slot = i;
	return 0;
}

void wt_l2_instr_fold(struct wt_l2_instr_stats *s,
		      const struct wt_l2_outcome *oc, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		const struct wt_l2_outcome *o = &oc[k];
		struct wt_l2_pc *p = pc_of(s, o->pc);
		struct wt_l2_group *g = o->tag < s->ngrp ? &s->grp[o->tag] :
					NULL;

		p->accesses++;
		p->hits += o->hit;
		if (!g || !g->open || g->warp != o->warp ||
		    g->instr != o->instr || g->n == g->reads)
			wt_die(WT_EXIT_DATA, "internal error: an L2 outcome "
			       "of warp %u instruction %u that no request read",
			       o->warp, o->instr);
		g->n++;
		g->hits += o->hit;
		if (o->latency < g->lo)
			g->lo = o->latency;
		if (o->latency > g->hi)
			g->hi = o->latency;
		if (o->cta < g->cta || (o->cta == g->cta && o->sm < g->sm)) {
			g->cta = o->cta;
			g->sm = o->sm;
		}
		if (s->early && !g->newest && g->n == g->reads)
			close_group(s, o->tag);
	}
}

static int by_warp(const void *a, const void *b)
{
	const struct wt_l2_warp *x = a, *y = b;

	return x->warp < y->warp ? -1 : x->warp > y->warp;
}

/*
 * The kernel's warps, warps[kwarps..nwarps-1], in the order they were
 * first read, put in the order of their ids.  While the warps' map is a
 * table by id (warpix.h), it lists their entries in that order: a pass
 * over the table and a copy, in place of a sort.
 */
static void order_warps(struct wt_l2_instr_stats *s)
{
	struct wt_l2_warp *w = s->warps + s->kwarps, *sorted;
	size_t n = s->nwarps - s->kwarps;
	uint64_t *ix = wt_malloc(n * sizeof(*ix));	/* live index + 1 */

	if (wt_warpix_in_order(s->wmap, ix) < 0) {
		qsort(w, n, sizeof(*w), by_warp);
		free(ix);
		return;
	}
	sorted = wt_malloc(n * sizeof(*sorted));
	for (size_t k = 0; k < n; k++)
		sorted[k] = w[ix[k] - 1];
	memcpy(w, sorted, n * sizeof(*w));
	free(sorted);
	free(ix);
}

void wt_l2_instr_end(struct wt_l2_instr_stats *s)
{
	for (size_t i = 0; i < s->ngrp; i++)
		if (s->grp[i].open)
			count_group(s, &s->grp[i]);
	s->ngrp = 0;
	s->nfreed = 0;
	if (s->gmap)
		wt_u64map_clear(s->gmap);
	if (s->nwarps > s->kwarps)	/* none: warps may be NULL */
		order_warps(s);
	s->kwarps = s->nwarps;
	s->nlive = 0;
	if (s->wmap)
		wt_warpix_clear(s->wmap);
}

void wt_l2_instr_free(struct wt_l2_instr_stats *s)
{
	free(s->pcs);
	free(s->warps);
	free(s->live);
	free(s->grp);
	free(s->freed);
	wt_warpix_free(s->wmap);
	wt_u64map_free(s->gmap);
	memset(s, 0, sizeof(*s));
}
