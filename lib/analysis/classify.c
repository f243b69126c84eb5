/*
 * classify.c - one pass over a request stream for classify(1); see
 * classify.h.
 */
#include "classify.h"
#include "partition.h"
#include "falru.h"
#include "linetab.h"
#include "par.h"
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

/* A list of a batch's requests, by index, in stream order. */
struct idxlist {
	uint32_t *i;
	size_t n, cap;
};

/*
 * Threads run the SMs' views, and then the L2 view's partitions, of a
 * batch of requests (wt_cls_requests), so each SM and each partition
 * keeps its own counts of the kernel under way, on cache lines of its own;
 * the kernel's result is their sum.
 */
struct sm_view {
	_Alignas(WT_CACHE_LINE) struct fcache bnd, x4;
	struct wt_falru *fa;	/* fully associative LRU, fa_lines lines */
	struct wt_l1 tm;	/* timing model, new for each kernel */
	struct wt_l1_out out;	/* its events (only their times are used) */
	uint64_t t_first, t_last;	/* its cycles in this kernel */
	int timed;
	unsigned iset[256];	/* sets of the instruction's requests so far */
	uint64_t iline[256];	/* and their lines */
	unsigned ni;
	struct wt_cls_result cur;	/* its counts of the L1 view */
	struct wt_cls_view smp;		/* its sampled references */
	struct idxlist reqs;		/* its requests of the batch */
};

/* A partition of the L2 view: one slice of the shared cache, and the
 * last reference to each of its lines (struct wt_ref by line). */
struct l2_part {
	_Alignas(WT_CACHE_LINE) struct fcache c;
	struct wt_linetab *last;
	struct wt_cls_view v, smp;	/* its references, and the sampled */
	struct idxlist reqs;		/* the batch's requests it sees */
};

/* What a request of the batch did in the L1 view, for the later steps:
 * TO_L2 or L1_HIT, with KEPT if its line is in the sample. */
enum {
	TO_L2 = 1,	/* a store, an atomic or a load the L1 view missed */
	L1_HIT = 2,	/* a load the L1 view hit */
	KEPT = 4,	/* sampled(): one test a request, for every view */
};

struct wt_cls {
	struct wt_cls_cfg cfg;
	struct sm_view *sm;
	unsigned nsm;
	uint64_t fa_lines;
	/* the L1 view's last references, per SM, are kept with the load
	 * types (wt_lt_load_ref), whose lines they are */
	struct wt_pmap map;
	struct l2_part *l2;	/* one per partition */
	struct wt_loadtypes *lt;
	struct wt_warptypes wt;
	uint64_t stores, atomics;	/* of the kernel under way */
	uint64_t thr;			/* the sample's threshold (shards.h) */
	uint8_t *did;			/* TO_L2 or L1_HIT, and KEPT, by request
					   of the batch */
	size_t did_cap;
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
	c->l2 = wt_calloc_lines(cfg->l2_parts, sizeof(*c->l2));
	for (unsigned p = 0; p < cfg->l2_parts; p++) {
		fcache_init(&c->l2[p].c, sets2, cfg->l2_assoc, line, &ix, 0);
		c->l2[p].last = wt_linetab_new(sizeof(struct wt_ref));
	}
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
	free(v->out.ev);
	free(v->reqs.i);
	wt_cls_result_free(&v->cur);
}

void wt_cls_free(struct wt_cls *c)
{
	if (!c)
		return;
	for (unsigned s = 0; s < c->nsm; s++)
		sm_view_free(&c->sm[s]);
	free(c->sm);
	for (unsigned p = 0; p < c->cfg.l2_parts; p++) {
		fcache_free(&c->l2[p].c);
		wt_linetab_free(c->l2[p].last);
		free(c->l2[p].reqs.i);
	}
	free(c->l2);
	wt_lt_free(c->lt);
	wt_wt_free(&c->wt);
	free(c->did);
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

/* Make the views of SMs 0..n-1 (and their load types' state). */
static void sm_views(struct wt_cls *c, unsigned n)
{
	const struct wt_l1_cfg *l1 = &c->cfg.l1.cfg;
	char err[512];

	if (n <= c->nsm)
		return;
	c->sm = wt_grow_lines(c->sm, c->nsm, n - c->nsm, sizeof(*c->sm));
	for (unsigned s = c->nsm; s < n; s++) {
		struct sm_view *v = &c->sm[s];

		fcache_init(&v->bnd, l1->geom.sets, l1->geom.assoc, l1->geom.line,
			    &l1->ix, 1);
		fcache_init(&v->x4, l1->geom.sets, 4 * l1->geom.assoc,
			    l1->geom.line, &l1->ix, 0);
		v->fa = new_fa(c);
		if (wt_l1_init(&v->tm, &c->cfg.l1.cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	}
	c->nsm = n;
	wt_lt_sms(c->lt, n);
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

static void add_view(struct wt_cls_view *d, const struct wt_cls_view *s)
{
	d->refs += s->refs;
	d->sampled += s->sampled;
	for (unsigned i = 0; i < WT_LOC_MAX; i++) {
		d->unb[i] += s->unb[i];
		d->bnd[i] += s->bnd[i];
	}
}

static void idx_put(struct idxlist *l, size_t i)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		l->i = wt_realloc(l->i, l->cap * sizeof(*l->i));
	}
	l->i[l->n++] = (uint32_t)i;
}

static struct wt_ref ref_of(uint32_t kernel, const struct wt_request *r)
{
	return (struct wt_ref){ r->lanes, kernel, r->cta, r->warp, r->sm };
}

static void timing(struct sm_view *v, const struct wt_request *r)
{
	v->out.n = 0;
	wt_l1_request(&v->tm, r, &v->out);
	if (!v->timed || r->time < v->t_first)
		v->t_first = r->time;
	v->timed = 1;
	if (r->time > v->t_last)
		v->t_last = r->time;
	for (unsigned i = 0; i < v->out.n; i++)
		if (v->out.ev[i].time > v->t_last)
			v->t_last = v->out.ev[i].time;
}

/* A request of SM v in its L1 view: what it did, TO_L2 or L1_HIT, and
 * KEPT. */
static uint8_t sm_request(struct wt_cls *c, struct sm_view *v, uint32_t kernel,
			  const struct wt_request *r)
{
	struct wt_ref ref = ref_of(kernel, r), prev;
	uint64_t line = wt_cache_line_addr(&v->bnd.c, r->addr);
	/* one sample test for every view: the L2 view's lines are the L1's
	 * size (wt_cls_new), so its line is this one */
	int keep = sampled(c, line), hit, had = 0;

	v->tm.kernel = kernel;
	timing(v, r);
	if (r->op == WT_OP_NONE)	/* no access: its instructions counted */
		return 0;
	if (r->op != WT_OP_LOAD)
		return TO_L2 | (keep ? KEPT : 0);
	v->cur.loads++;
	if (r->index == 0)
		v->ni = 0;
	if (v->ni < sizeof(v->iset) / sizeof(v->iset[0])) {
		v->iset[v->ni] = wt_cache_set(&v->bnd.c, line);
		v->iline[v->ni++] = line;
	}
	if (r->index + 1 >= r->count) {
		v->cur.load_instrs++;
		if (v->ni > 1 && fills_a_set(v->iset, v->iline, v->ni, v->bnd.c.g.assoc))
			v->cur.set_fill_reqs += v->ni;
		v->ni = 0;
	}
	hit = fcache_access(&v->bnd, line, v->cur.count_bnd);
	if (keep)
		had = wt_lt_load_ref(c->lt, &ref, line, r->pc, &prev);
	else
		wt_lt_skip(c->lt, r->sm);
	view_ref(&v->cur.l1, &v->smp, had ? &prev : NULL, &ref, hit, keep);
	v->cur.hits_4x += (uint64_t)fcache_access(&v->x4, line, NULL);
	v->cur.hits_fa += wt_falru_access(v->fa, line) == WT_FALRU_HIT;
	return (hit ? L1_HIT : TO_L2) | (keep ? KEPT : 0);
}

/* With many lines, the unbounded views' records miss the cache; a few
 * requests are long enough to fetch them (as l1model.c does for its
 * reuse distances). */
enum { PREFETCH_AHEAD = 4 };

/* Fewer requests than this are not worth starting threads for. */
enum { PARALLEL_MIN = 256 };

/* SM v's requests of the batch r, in order. */
static void sm_run(struct wt_cls *c, struct sm_view *v, uint32_t kernel,
		   const struct wt_request *r)
{
	const uint32_t *ix = v->reqs.i;
	size_t n = v->reqs.n;

	for (size_t k = 0; k < n; k++) {
		if (k + PREFETCH_AHEAD < n) {
			const struct wt_request *a = &r[ix[k + PREFETCH_AHEAD]];
			uint64_t line = wt_cache_line_addr(&v->bnd.c, a->addr);

			if (a->op == WT_OP_LOAD && sampled(c, line))
				wt_lt_prefetch(c->lt, a->sm, line);
		}
		c->did[ix[k]] = sm_request(c, v, kernel, &r[ix[k]]);
	}
}

/* Partition p's requests of the batch r (those that reach the L2 view),
 * in order. */
static void l2_run(struct wt_cls *c, struct l2_part *p, uint32_t kernel,
		   const struct wt_request *r)
{
	const uint32_t *ix = p->reqs.i;
	size_t n = p->reqs.n;

	for (size_t k = 0; k < n; k++) {
		const struct wt_request *q = &r[ix[k]];
		uint64_t line = wt_cache_line_addr(&p->c.c, q->addr);
		uint64_t local = wt_cache_line_addr(&p->c.c,
						    wt_pmap_local(&c->map, line));
		struct wt_ref ref = ref_of(kernel, q), prev;
		int keep = (c->did[ix[k]] & KEPT) != 0, hit, had;

		if (k + PREFETCH_AHEAD < n) {
			size_t a = ix[k + PREFETCH_AHEAD];

			if (c->did[a] & KEPT)
				wt_linetab_prefetch(p->last,
						    wt_cache_line_addr(&p->c.c, r[a].addr));
		}
		hit = fcache_access(&p->c, local, NULL);
		had = keep && lastrefs_swap(p->last, line, &ref, &prev);
		view_ref(&p->v, &p->smp, had ? &prev : NULL, &ref, hit, keep);
	}
}

/* The warp types of the batch r, in stream order: n, or the index of the
 * first request refused (see wt_cls_request). */
static size_t warps_run(struct wt_cls *c, uint32_t kernel,
			const struct wt_request *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct wt_request *q = &r[i];
		int last = q->index + 1 >= q->count;

		if (q->op == WT_OP_LOAD &&
		    wt_wt_access(&c->wt, kernel, q->warp, q->cta, q->sm, q->instr,
				 q->time, (c->did[i] & L1_HIT) != 0, last) < 0)
			return i;
		if ((q->flags & WT_REQ_WARP_LAST) && last &&
		    wt_wt_warp_end(&c->wt, q->warp) < 0)
			return i;
	}
	return n;
}

/* A batch's run: its steps' tasks (wt_par_for items) and what they
 * share. */
struct batch_run {
	struct wt_cls *c;
	uint32_t kernel;
	const struct wt_request *r;
	size_t n;
	size_t refused;		/* warps_run's */
};

/* Step 1: SM s's requests. */
static void sm_task(void *ctx, unsigned s)
{
	struct batch_run *b = ctx;

	if (b->c->sm[s].reqs.n)
		sm_run(b->c, &b->c->sm[s], b->kernel, b->r);
}

/* Step 2: task 0 the warp types (the longest, first), task p + 1 L2
 * partition p. */
static void l2_task(void *ctx, unsigned t)
{
	struct batch_run *b = ctx;
	struct wt_cls *c = b->c;

	if (t == 0)
		b->refused = warps_run(c, b->kernel, b->r, b->n);
	else if (c->l2[t - 1].reqs.n)
		l2_run(c, &c->l2[t - 1], b->kernel, b->r);
}

/*
 * The batch in two steps, each of which keeps the stream's order where
 * it matters:
 *   1. each SM's requests through its L1 view and timing model (threads
 *      run the SMs: nothing is shared between them);
 *   2. the requests that reach the L2 view, each partition's in stream
 *      order (threads run the partitions, and one thread the warp types,
 *      which need step 1's hits);
 * so the results are those of taking the requests one by one, for any
 * number of threads.
 */
size_t wt_cls_requests(struct wt_cls *c, uint32_t kernel,
		       const struct wt_request *r, size_t n)
{
	unsigned parts = c->cfg.l2_parts, most = 0;
	struct batch_run b = { c, kernel, r, n, n };

	if (n > UINT32_MAX) {		/* the lists hold 32-bit indices */
		size_t done = wt_cls_requests(c, kernel, r, UINT32_MAX);

		return done < UINT32_MAX ? done :
		       done + wt_cls_requests(c, kernel, r + done, n - done);
	}
	for (size_t i = 0; i < n; i++)
		if (r[i].sm >= most)
			most = r[i].sm + 1u;
	sm_views(c, most);
	if (n > c->did_cap) {
		c->did_cap = n;
		c->did = wt_realloc(c->did, n);
	}
	for (unsigned s = 0; s < c->nsm; s++)
		c->sm[s].reqs.n = 0;
	for (size_t i = 0; i < n; i++)
		idx_put(&c->sm[r[i].sm].reqs, i);

	wt_par_for(c->nsm, n >= PARALLEL_MIN, sm_task, &b);

	for (unsigned p = 0; p < parts; p++)
		c->l2[p].reqs.n = 0;
	for (size_t i = 0; i < n; i++) {
		if (r[i].op == WT_OP_STORE)
			c->stores++;
		else if (r[i].op == WT_OP_ATOMIC)
			c->atomics++;
		if (c->did[i] & TO_L2) {
			uint64_t line = wt_cache_line_addr(&c->l2[0].c.c, r[i].addr);

			idx_put(&c->l2[wt_pmap_partition(&c->map, line)].reqs, i);
		}
	}
	/* the warp types, one task over the whole batch, go first */
	wt_par_for(parts + 1, n >= PARALLEL_MIN, l2_task, &b);
	return b.refused;
}

int wt_cls_request(struct wt_cls *c, uint32_t kernel, const struct wt_request *r)
{
	return wt_cls_requests(c, kernel, r, 1) == 1 ? 0 : -1;
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
	struct wt_cls_result k;
	struct wt_cls_view smp_l1 = { 0 }, smp_l2 = { 0 };
	uint64_t t_first = UINT64_MAX, t_last = 0;
	char err[512];

	memset(&k, 0, sizeof(k));
	k.stores = c->stores;
	k.atomics = c->atomics;
	c->stores = c->atomics = 0;
	for (unsigned s = 0; s < c->nsm; s++) {
		struct sm_view *v = &c->sm[s];
		struct tm_snap now;

		wt_cls_result_add(&k, &v->cur);
		add_view(&smp_l1, &v->smp);
		memset(&v->cur, 0, sizeof(v->cur));
		memset(&v->smp, 0, sizeof(v->smp));
		snap(&v->tm.st, &now);
		k.tm_loads += now.loads;
		k.tm_misses += now.misses;
		k.tm_instructions += now.instructions;
		for (unsigned f = 0; f < WT_FAIL_MAX; f++)
			k.tm_fails[f] += now.fails[f];
		for (unsigned m = 0; m <= WT_MISS_MAX; m++)
			k.tm_miss_class[m] += now.miss_class[m];
		if (v->timed) {
			if (v->t_first < t_first)
				t_first = v->t_first;
			if (v->t_last > t_last)
				t_last = v->t_last;
		}
		v->timed = 0;
		v->t_first = v->t_last = 0;
		/* a fresh timing model for the next kernel, empty like the
		 * L1 view */
		wt_l1_free(&v->tm);
		if (wt_l1_init(&v->tm, &c->cfg.l1.cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		/* GPUs invalidate the L1, which is not coherent, when a kernel
		 * ends; the L2 keeps its data */
		fcache_flush_counts(&v->bnd, k.count_bnd);
		fcache_clear(&v->bnd);
		fcache_clear(&v->x4);
		wt_falru_free(v->fa);
		v->fa = new_fa(c);
	}
	for (unsigned p = 0; p < c->cfg.l2_parts; p++) {
		add_view(&k.l2, &c->l2[p].v);
		add_view(&smp_l2, &c->l2[p].smp);
		memset(&c->l2[p].v, 0, sizeof(c->l2[p].v));
		memset(&c->l2[p].smp, 0, sizeof(c->l2[p].smp));
	}
	k.tm_cycles = t_first <= t_last ? t_last - t_first + 1 : 0;
	view_estimate(&k.l1, &smp_l1, c->thr);
	view_estimate(&k.l2, &smp_l2, c->thr);
	wt_lt_kernel_end(c->lt, &k.lt);
	wt_wt_kernel_end(&c->wt, &k.div, &k.census);
	*res = k;
}

const struct wt_warptypes *wt_cls_warptypes(const struct wt_cls *c)
{
	return &c->wt;
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
