/*
 * classify.c - one pass over a request stream for classify(1); see
 * classify.h.
 */
#include "classify.h"
#include "partition.h"
#include "falru.h"
#include "linetab.h"
#include "shards.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A functional cache: hits and LRU order only, no time. */
struct fcache {
	struct wt_cache c;
	uint64_t *count;	/* loads of each resident line (Fig. 4) */
	int counted;		/* keep count[] */
};

/* The timing model's counts that a kernel's results take. */
struct tm_snap {
	uint64_t loads, misses, instructions;
	uint64_t fails[WT_FAIL_MAX];
	uint64_t miss_class[WT_MISS_MAX + 1];
};

struct sm_view {
	struct fcache bnd, x4;
	struct wt_falru *fa;	/* fully associative LRU, fa_lines lines */
	struct wt_l1 tm;	/* timing model, new for each kernel */
	unsigned iset[256];	/* sets of the instruction's requests so far */
	uint64_t iline[256];	/* and their lines */
	unsigned ni;
};

struct wt_cls {
	struct wt_cls_cfg cfg;
	struct sm_view *sm;
	unsigned nsm;
	uint64_t fa_lines;
	/* the L2 view's last reference to each line (struct wt_ref by line);
	 * the L1 view's, per SM, are kept with the load types
	 * (wt_lt_load_ref), whose lines they are */
	struct wt_linetab *l2last;
	struct wt_pmap map;
	struct fcache *l2;	/* one per partition */
	struct wt_loadtypes *lt;
	struct wt_warptypes wt;
	struct wt_l1_out out;
	struct wt_cls_result cur;	/* the kernel under way */
	uint64_t thr;			/* the sample's threshold (shards.h) */
	struct wt_cls_view smp_l1, smp_l2;	/* the sampled references */
	uint64_t t_first, t_last;	/* its timing model's cycles */
	int timed;
};

/* The line's previous reference into *prev, if it had one (the return
 * says), then cur becomes it; last: struct wt_ref by line. */
static int lastrefs_swap(struct wt_linetab *last, uint64_t line,
			 const struct wt_ref *cur, struct wt_ref *prev)
{
	int added;
	struct wt_ref *ref = wt_linetab_get(last, line, &added);

	if (!added)
		*prev = *ref;
	*ref = *cur;
	return !added;
}

static void fcache_init(struct fcache *f, unsigned sets, unsigned assoc,
			unsigned line, const struct wt_index *ix, int counted)
{
	struct wt_cache_geom g = { sets, assoc, line, WT_REPL_LRU, 0, 1 };
	char err[256];

	if (wt_cache_init(&f->c, &g, ix, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	f->counted = counted;
	f->count = counted ? wt_calloc((size_t)sets * assoc, sizeof(*f->count))
			   : NULL;
}

static void fcache_free(struct fcache *f)
{
	wt_cache_free(&f->c);
	free(f->count);
}

/* Look line up; on a miss, put it in.  Returns 1 for a hit.  The loads a
 * line had when it is evicted count into hist. */
static int fcache_access(struct fcache *f, uint64_t line, uint64_t *hist)
{
	unsigned set = wt_cache_set(&f->c, line);
	int way = wt_cache_find(&f->c, set, line);
	struct wt_cache_line old;
	size_t slot;

	if (way >= 0) {
		wt_cache_touch(&f->c, set, way);
		if (f->counted)
			f->count[(size_t)set * f->c.g.assoc + (unsigned)way]++;
		return 1;
	}
	way = wt_cache_victim(&f->c, set, &old);
	slot = (size_t)set * f->c.g.assoc + (unsigned)way;
	if (f->counted && old.state != WT_LINE_INVALID && f->count[slot])
		hist[wt_lt_count_bucket(f->count[slot])]++;
	wt_cache_insert(&f->c, set, way, line, WT_LINE_VALID, 0);
	if (f->counted)
		f->count[slot] = 1;
	return 0;
}

/* Kernel end: count the resident lines' loads and start them again. */
static void fcache_flush_counts(struct fcache *f, uint64_t *hist)
{
	size_t n = (size_t)f->c.g.sets * f->c.g.assoc;

	for (size_t i = 0; i < n; i++)
		if (f->count[i]) {
			hist[wt_lt_count_bucket(f->count[i])]++;
			f->count[i] = 0;
		}
}

/* Invalidate every line (a kernel boundary). */
static void fcache_clear(struct fcache *f)
{
	for (unsigned set = 0; set < f->c.g.sets; set++)
		for (unsigned way = 0; way < f->c.g.assoc; way++)
			if (wt_cache_at(&f->c, set, (int)way)->state != WT_LINE_INVALID)
				wt_cache_invalidate(&f->c, set, (int)way);
}

/* Whether one instruction's requests put max(2, assoc) or more distinct
 * lines into one set of the configured L1: its own threads then fight
 * over the set. */
static int fills_a_set(const unsigned *set, const uint64_t *line, unsigned n,
		       unsigned assoc)
{
	unsigned need = assoc > 2 ? assoc : 2;

	for (unsigned i = 0; i < n; i++) {
		unsigned distinct = 0;

		for (unsigned k = 0; k < n; k++) {
			int seen = 0;

			if (set[k] != set[i])
				continue;
			for (unsigned j = 0; j < k && !seen; j++)
				seen = set[j] == set[i] && line[j] == line[k];
			distinct += !seen;
		}
		if (distinct >= need)
			return 1;
	}
	return 0;
}

struct wt_cls *wt_cls_new(const struct wt_cls_cfg *cfg)
{
	struct wt_cls *c = wt_calloc(1, sizeof(*c));
	struct wt_index ix;
	unsigned line = cfg->l1.cfg.geom.line;
	unsigned sets2, slice;
	char err[512];

	c->cfg = *cfg;
	c->thr = cfg->sample > 0 && cfg->sample < 1 ? wt_shards_threshold(cfg->sample)
						    : WT_SHARDS_MODULUS;
	/* The timing model reports counts and miss classes, which are the
	 * same without reuse histograms or per-warp statistics; those would
	 * only take memory per line and per warp. */
	c->cfg.l1.cfg.reuse = WT_L1_REUSE_OFF;
	c->cfg.l1.cfg.no_warp_stats = 1;
	c->fa_lines = (uint64_t)cfg->l1.cfg.geom.sets * cfg->l1.cfg.geom.assoc;
	if (cfg->l2_parts == 0 || cfg->l2_size % cfg->l2_parts)
		wt_die(WT_EXIT_USAGE, "a %u-byte L2 does not split into %u partitions",
		       cfg->l2_size, cfg->l2_parts);
	slice = cfg->l2_size / cfg->l2_parts;
	if (slice % (line * cfg->l2_assoc) || slice < line * cfg->l2_assoc)
		wt_die(WT_EXIT_USAGE, "a %u-byte L2 slice is not a whole number of "
		       "%u-way sets of %u-byte lines", slice, cfg->l2_assoc, line);
	sets2 = slice / (line * cfg->l2_assoc);
	if (sets2 & (sets2 - 1))
		wt_die(WT_EXIT_USAGE, "%u sets per L2 slice: the number of sets "
		       "must be a power of two", sets2);
	/* slices interleave every 256 bytes, or every line if lines are
	 * longer, so that a line lies in one slice */
	if (wt_index_parse("linear", sets2, line, &ix, err, sizeof(err)) < 0 ||
	    wt_pmap_parse("linear", cfg->l2_parts, line > 256 ? line : 256, &c->map,
			  err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "the L2 view (--l2-size, --l2-assoc, "
		       "--l2-partitions): %s", err);
	c->l2last = wt_linetab_new(sizeof(struct wt_ref));
	c->l2 = wt_calloc(cfg->l2_parts, sizeof(*c->l2));
	for (unsigned p = 0; p < cfg->l2_parts; p++)
		fcache_init(&c->l2[p], sets2, cfg->l2_assoc, line, &ix, 0);
	c->lt = wt_lt_new(c->thr);
	wt_wt_init(&c->wt, &cfg->bounds, cfg->window, cfg->window_min, cfg->series);
	return c;
}

static void sm_view_free(struct sm_view *v)
{
	fcache_free(&v->bnd);
	fcache_free(&v->x4);
	wt_falru_free(v->fa);
	wt_l1_free(&v->tm);
}

void wt_cls_free(struct wt_cls *c)
{
	if (!c)
		return;
	for (unsigned s = 0; s < c->nsm; s++)
		sm_view_free(&c->sm[s]);
	free(c->sm);
	wt_linetab_free(c->l2last);
	for (unsigned p = 0; p < c->cfg.l2_parts; p++)
		fcache_free(&c->l2[p]);
	free(c->l2);
	wt_lt_free(c->lt);
	wt_wt_free(&c->wt);
	free(c->out.ev);
	wt_cls_result_free(&c->cur);
	free(c);
}

/* An SM's fully associative view: it hits exactly the loads whose reuse
 * distance is below fa_lines, in memory for fa_lines lines where a reuse
 * engine keeps every line.  Only its hits count, so it keeps no set of
 * the lines seen (half a byte to a byte a line on a sweep). */
static struct wt_falru *new_fa(const struct wt_cls *c)
{
	return wt_falru_new_hits((uint32_t)c->fa_lines,
			    wt_log2(c->cfg.l1.cfg.geom.line));
}

static struct sm_view *sm_view(struct wt_cls *c, unsigned sm)
{
	const struct wt_l1_cfg *l1 = &c->cfg.l1.cfg;
	char err[512];

	if (sm < c->nsm)
		return &c->sm[sm];
	c->sm = wt_realloc(c->sm, (sm + 1u) * sizeof(*c->sm));
	for (unsigned s = c->nsm; s <= sm; s++) {
		struct sm_view *v = &c->sm[s];

		memset(v, 0, sizeof(*v));
		fcache_init(&v->bnd, l1->geom.sets, l1->geom.assoc, l1->geom.line,
			    &l1->ix, 1);
		fcache_init(&v->x4, l1->geom.sets, 4 * l1->geom.assoc,
			    l1->geom.line, &l1->ix, 0);
		v->fa = new_fa(c);
		if (wt_l1_init(&v->tm, &c->cfg.l1.cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	}
	c->nsm = sm + 1u;
	return &c->sm[sm];
}

static int sampled(const struct wt_cls *c, uint64_t line)
{
	return c->thr >= WT_SHARDS_MODULUS || wt_shards_keep(c->thr, line);
}

/* A reference ref of a view: the exact counts into v, and if its line is
 * in the sample (keep) its categories into smp, from the line's previous
 * reference prev (NULL: none).  hit: the view's bounded cache kept the
 * line. */
static void view_ref(struct wt_cls_view *v, struct wt_cls_view *smp,
		     const struct wt_ref *prev, const struct wt_ref *ref,
		     int hit, int keep)
{
	enum wt_loc rel;

	v->refs++;
	if (!hit)
		v->bnd[WT_LOC_MISS]++;
	if (!keep)
		return;
	rel = wt_loc_relation(prev, ref);
	smp->refs++;
	smp->unb[rel]++;
	smp->bnd[hit ? rel : WT_LOC_MISS]++;
}

/* out[i] = total * w[i] / (sum of w), rounded so that the out[i] add up
 * to total: each is the growth of the rounded running share.  All zero
 * when w is. */
static void apportion(uint64_t total, const uint64_t *w, uint64_t *out, unsigned n)
{
	unsigned __int128 sum = 0, cum = 0;
	uint64_t done = 0;

	for (unsigned i = 0; i < n; i++)
		sum += w[i];
	for (unsigned i = 0; i < n; i++) {
		uint64_t upto;

		if (!sum) {
			out[i] = 0;
			continue;
		}
		cum += w[i];
		upto = (uint64_t)((total * cum + sum / 2) / sum);
		out[i] = upto - done;
		done = upto;
	}
}

/* Kernel end: the view's categories from its sampled references (with
 * every line sampled, the exact counts themselves; thr: the sample's
 * threshold).
 *   - First references: the sampled lines' first references weighted by
 *     1/R (as many as the sample's distinct lines), at most refs.  A ratio
 *     to the sampled references would be at the mercy of a few hot lines
 *     in or out of the sample; this count is not.  With no sampled line
 *     referenced twice, every reference is taken as a first one.
 *   - The other references: split as the sampled re-references are.
 *   - Bounded hits (refs less the exact misses): split as the sampled
 *     hits are, or if none of them hit, as the sampled re-references. */
static void view_estimate(struct wt_cls_view *v, struct wt_cls_view *smp, uint64_t thr)
{
	uint64_t misses = v->bnd[WT_LOC_MISS], first;
	const uint64_t *hits = wt_cls_view_hits(smp->bnd) ? smp->bnd : smp->unb;

	first = wt_shards_weight(smp->unb[WT_LOC_MISS], thr);
	if (first > v->refs || !wt_cls_view_hits(smp->unb))
		first = v->refs;
	v->unb[WT_LOC_MISS] = first;
	apportion(v->refs - first, smp->unb + 1, v->unb + 1, WT_LOC_MAX - 1);
	apportion(v->refs - misses, hits + 1, v->bnd + 1, WT_LOC_MAX - 1);
	v->sampled = smp->refs;
	memset(smp, 0, sizeof(*smp));
}

/* A request that reaches the L2 view; keep: its line is in the sample. */
static void l2_ref(struct wt_cls *c, const struct wt_ref *ref, uint64_t addr, int keep)
{
	uint64_t line = wt_cache_line_addr(&c->l2[0].c, addr);
	unsigned part = wt_pmap_partition(&c->map, line);
	uint64_t local = wt_cache_line_addr(&c->l2[0].c, wt_pmap_local(&c->map, line));
	int hit = fcache_access(&c->l2[part], local, NULL);
	struct wt_ref prev;
	int had = keep && lastrefs_swap(c->l2last, line, ref, &prev);

	view_ref(&c->cur.l2, &c->smp_l2, had ? &prev : NULL, ref, hit, keep);
}

static void timing(struct wt_cls *c, struct sm_view *v, const struct wt_request *r)
{
	c->out.n = 0;
	wt_l1_request(&v->tm, r, &c->out);
	if (!c->timed || r->time < c->t_first)
		c->t_first = r->time;
	c->timed = 1;
	if (r->time > c->t_last)
		c->t_last = r->time;
	for (unsigned i = 0; i < c->out.n; i++)
		if (c->out.ev[i].time > c->t_last)
			c->t_last = c->out.ev[i].time;
}

/* A request as wt_cls_request, but for the end of its warp. */
static int request(struct wt_cls *c, uint32_t kernel, const struct wt_request *r)
{
	struct sm_view *v = sm_view(c, r->sm);
	struct wt_ref ref = { r->lanes, kernel, r->cta, r->warp, r->sm };
	uint64_t line = wt_cache_line_addr(&v->bnd.c, r->addr);
	/* one sample test for every view: the L2 view's lines are the L1's
	 * size (wt_cls_new), so its line is this one */
	int keep = sampled(c, line), hit, had = 0;
	struct wt_ref prev;

	v->tm.kernel = kernel;
	timing(c, v, r);
	if (r->op != WT_OP_LOAD) {
		if (r->op == WT_OP_STORE)
			c->cur.stores++;
		else
			c->cur.atomics++;
		l2_ref(c, &ref, r->addr, keep);
		return 0;
	}
	c->cur.loads++;
	if (r->index == 0)
		v->ni = 0;
	if (v->ni < sizeof(v->iset) / sizeof(v->iset[0])) {
		v->iset[v->ni] = wt_cache_set(&v->bnd.c, line);
		v->iline[v->ni++] = line;
	}
	if (r->index + 1 >= r->count) {
		c->cur.load_instrs++;
		if (v->ni > 1 && fills_a_set(v->iset, v->iline, v->ni, v->bnd.c.g.assoc))
			c->cur.set_fill_reqs += v->ni;
		v->ni = 0;
	}
	hit = fcache_access(&v->bnd, line, c->cur.count_bnd);
	if (keep)
		had = wt_lt_load_ref(c->lt, &ref, line, r->pc, &prev);
	else
		wt_lt_skip(c->lt, r->sm);
	view_ref(&c->cur.l1, &c->smp_l1, had ? &prev : NULL, &ref, hit, keep);
	c->cur.hits_4x += (uint64_t)fcache_access(&v->x4, line, NULL);
	c->cur.hits_fa += wt_falru_access(v->fa, line) == WT_FALRU_HIT;
	if (!hit)
		l2_ref(c, &ref, r->addr, keep);
	return wt_wt_access(&c->wt, kernel, r->warp, r->cta, r->sm, r->instr,
			    r->time, hit, r->index + 1 >= r->count);
}

int wt_cls_request(struct wt_cls *c, uint32_t kernel, const struct wt_request *r)
{
	if (request(c, kernel, r) < 0)
		return -1;
	if ((r->flags & WT_REQ_WARP_LAST) && r->index + 1 >= r->count)
		return wt_wt_warp_end(&c->wt, r->warp);
	return 0;
}

/* With many lines, the unbounded views' records miss the cache; a few
 * requests are long enough to fetch them (as l1model.c does for its
 * reuse distances). */
enum { PREFETCH_AHEAD = 4 };

static void prefetch(const struct wt_cls *c, const struct wt_request *r)
{
	uint64_t line;

	if (r->sm >= c->nsm)
		return;
	line = wt_cache_line_addr(&c->sm[r->sm].bnd.c, r->addr);
	if (!sampled(c, line))
		return;
	if (r->op == WT_OP_LOAD)
		wt_lt_prefetch(c->lt, r->sm, line);
	wt_linetab_prefetch(c->l2last, line);
}

size_t wt_cls_requests(struct wt_cls *c, uint32_t kernel,
		       const struct wt_request *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i + PREFETCH_AHEAD < n)
			prefetch(c, &r[i + PREFETCH_AHEAD]);
		if (wt_cls_request(c, kernel, &r[i]) < 0)
			return i;
	}
	return n;
}

static void snap(const struct wt_l1_stats *st, struct tm_snap *x)
{
	x->loads = st->loads;
	x->misses = st->misses;
	x->instructions = st->instructions;
	memcpy(x->fails, st->fails, sizeof(x->fails));
	memcpy(x->miss_class, st->miss_class, sizeof(x->miss_class));
}

void wt_cls_kernel_end(struct wt_cls *c, struct wt_cls_result *res)
{
	struct wt_cls_result *k = &c->cur;
	char err[512];

	for (unsigned s = 0; s < c->nsm; s++) {
		struct sm_view *v = &c->sm[s];
		struct tm_snap now;

		snap(&v->tm.st, &now);
		k->tm_loads += now.loads;
		k->tm_misses += now.misses;
		k->tm_instructions += now.instructions;
		for (unsigned f = 0; f < WT_FAIL_MAX; f++)
			k->tm_fails[f] += now.fails[f];
		for (unsigned m = 0; m <= WT_MISS_MAX; m++)
			k->tm_miss_class[m] += now.miss_class[m];
		/* a fresh timing model for the next kernel, empty like the
		 * L1 view */
		wt_l1_free(&v->tm);
		if (wt_l1_init(&v->tm, &c->cfg.l1.cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		/* GPUs invalidate the L1, which is not coherent, when a kernel
		 * ends; the L2 keeps its data */
		fcache_flush_counts(&v->bnd, k->count_bnd);
		fcache_clear(&v->bnd);
		fcache_clear(&v->x4);
		wt_falru_free(v->fa);
		v->fa = new_fa(c);
	}
	k->tm_cycles = c->timed ? c->t_last - c->t_first + 1 : 0;
	c->timed = 0;
	c->t_last = 0;
	view_estimate(&k->l1, &c->smp_l1, c->thr);
	view_estimate(&k->l2, &c->smp_l2, c->thr);
	wt_lt_kernel_end(c->lt, &k->lt);
	wt_wt_kernel_end(&c->wt, &k->div, &k->census);
	*res = *k;
	memset(k, 0, sizeof(*k));
}

const struct wt_warptypes *wt_cls_warptypes(const struct wt_cls *c)
{
	return &c->wt;
}

static void add_view(struct wt_cls_view *d, const struct wt_cls_view *s)
{
	d->refs += s->refs;
	d->sampled += s->sampled;
	for (unsigned i = 0; i < WT_LOC_MAX; i++) {
		d->unb[i] += s->unb[i];
		d->bnd[i] += s->bnd[i];
	}
}

void wt_cls_result_add(struct wt_cls_result *dst, const struct wt_cls_result *src)
{
	add_view(&dst->l1, &src->l1);
	add_view(&dst->l2, &src->l2);
	dst->loads += src->loads;
	dst->stores += src->stores;
	dst->atomics += src->atomics;
	dst->hits_fa += src->hits_fa;
	dst->hits_4x += src->hits_4x;
	dst->load_instrs += src->load_instrs;
	dst->set_fill_reqs += src->set_fill_reqs;
	wt_lt_result_add(&dst->lt, &src->lt);
	for (unsigned b = 0; b < WT_LT_COUNT_BUCKETS; b++)
		dst->count_bnd[b] += src->count_bnd[b];
	wt_divergence_add(&dst->div, &src->div);
	wt_wt_census_add(&dst->census, &src->census);
	dst->tm_loads += src->tm_loads;
	dst->tm_misses += src->tm_misses;
	dst->tm_instructions += src->tm_instructions;
	dst->tm_cycles += src->tm_cycles;
	for (unsigned f = 0; f < WT_FAIL_MAX; f++)
		dst->tm_fails[f] += src->tm_fails[f];
	for (unsigned m = 0; m <= WT_MISS_MAX; m++)
		dst->tm_miss_class[m] += src->tm_miss_class[m];
}

void wt_cls_result_free(struct wt_cls_result *res)
{
	wt_lt_result_free(&res->lt);
}

uint64_t wt_cls_view_hits(const uint64_t cat[WT_LOC_MAX])
{
	uint64_t n = 0;

	for (unsigned i = 1; i < WT_LOC_MAX; i++)
		n += cat[i];
	return n;
}
