/*
 * loadtype.c - Koo et al.'s per-load locality types; see loadtype.h.
 *
 * One table per SM of an entry by line address; an entry keeps the
 * counts Table 2 needs, the line's last load (for its reuse distance and
 * for wt_lt_load_ref's reference) and, from the line's second load on, a
 * histogram of its reuse distances, so that the distances can count under
 * the type the line turns out to have.
 *
 * The histograms are the memory of a reused line: 16-bit bins (48 bytes)
 * handed out from a pool per SM, where 32-bit bins from malloc took 112.
 * A bin that reaches 65535 carries that count to the line's record in a
 * second table (wide), which only lines reused as often at one distance
 * have.
 */
#include "loadtype.h"
#include "linetab.h"
#include "shards.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct entry {
	uint64_t n, m;		/* loads; loads by the allocating warp */
	uint64_t last;		/* the SM's load number of the last load */
	uint32_t warp, pc;	/* the allocating load's */
	uint64_t last_lanes;	/* the last load's threads, */
	uint32_t last_warp, last_cta;	/* warp and CTA */
	uint16_t *rd;		/* WT_LT_RD_BINS, from the second load on */
};

/* Counts carried out of a line's 16-bit bins. */
struct wide {
	uint64_t line;
	uint64_t rd[WT_LT_RD_BINS];
};

enum { RD_CHUNK = 4096 };	/* histograms in a chunk of the pool */

/* One SM's histograms: chunks of RD_CHUNK, handed out in turn; at kernel
 * end they are zeroed and kept for the next kernel. */
struct rd_pool {
	uint16_t **chunk;
	size_t nchunks, used;	/* histograms handed out */
};

/* On cache lines of its own: threads may load on different SMs at once
 * (wt_lt_sms). */
struct sm_state {
	/* struct entry by line, and struct wide by line */
	_Alignas(WT_CACHE_LINE) struct wt_linetab *lines;
	struct wt_linetab *wide;
	struct rd_pool pool;
	uint64_t loads;
};

struct wt_loadtypes {
	struct sm_state *sm;
	unsigned nsm;
	uint64_t thr;		/* the sample's threshold */
};

enum wt_ltype wt_ltype_of(uint64_t n, uint64_t m)
{
	if (n <= 1)
		return WT_LT_STREAMING;
	if (m <= 1)
		return WT_LT_INTER_WARP;
	return m >= n ? WT_LT_INTRA_WARP : WT_LT_INTER_INTRA_WARP;
}

const char *wt_ltype_name(unsigned t)
{
	static const char *const names[] = {
		"streaming", "inter-warp", "intra-warp", "inter+intra-warp"
	};
	return t < WT_LT_MAX ? names[t] : "unknown";
}

unsigned wt_lt_count_bucket(uint64_t n)
{
	if (n <= 2)
		return n ? (unsigned)n - 1 : 0;
	if (n <= 4)
		return 2;
	if (n <= 8)
		return 3;
	if (n <= 16)
		return 4;
	return n <= 32 ? 5 : 6;
}

const char *wt_lt_count_bucket_name(unsigned b)
{
	static const char *const names[] = {
		"1", "2", "3-4", "5-8", "9-16", "17-32", ">32"
	};
	return b < WT_LT_COUNT_BUCKETS ? names[b] : "unknown";
}

unsigned wt_lt_rd_bin(uint64_t d)
{
	unsigned k = wt_log2(d);

	return k < WT_LT_RD_BINS ? k : WT_LT_RD_BINS - 1;
}

struct wt_loadtypes *wt_lt_new(uint64_t threshold)
{
	struct wt_loadtypes *t = wt_calloc(1, sizeof(*t));

	t->thr = threshold;
	return t;
}

static uint16_t *rd_alloc(struct rd_pool *p)
{
	size_t c = p->used / RD_CHUNK, i = p->used % RD_CHUNK;

	if (c == p->nchunks) {
		p->chunk = wt_realloc(p->chunk, (c + 1) * sizeof(*p->chunk));
		p->chunk[c] = wt_calloc((size_t)RD_CHUNK * WT_LT_RD_BINS,
					sizeof(**p->chunk));
		p->nchunks++;
	}
	p->used++;
	return p->chunk[c] + i * WT_LT_RD_BINS;
}

/* Take back every histogram, zeroed: those handed out only (a kernel of
 * few loads on an SM used a few of the last chunk's 4096, and zeroing
 * the whole chunk at each kernel's end cost classify more than its
 * model). */
static void rd_reset(struct rd_pool *p)
{
	for (size_t c = 0; c * RD_CHUNK < p->used; c++) {
		size_t n = p->used - c * RD_CHUNK;

		memset(p->chunk[c], 0, (n < RD_CHUNK ? n : RD_CHUNK) * WT_LT_RD_BINS *
		       sizeof(**p->chunk));
	}
	p->used = 0;
}

static void drop_entries(struct wt_loadtypes *t)
{
	for (unsigned s = 0; s < t->nsm; s++) {
		wt_linetab_clear(t->sm[s].lines);
		wt_linetab_clear(t->sm[s].wide);
		rd_reset(&t->sm[s].pool);
		t->sm[s].loads = 0;
	}
}

void wt_lt_free(struct wt_loadtypes *t)
{
	if (!t)
		return;
	for (unsigned s = 0; s < t->nsm; s++) {
		struct rd_pool *p = &t->sm[s].pool;

		wt_linetab_free(t->sm[s].lines);
		wt_linetab_free(t->sm[s].wide);
		for (size_t c = 0; c < p->nchunks; c++)
			free(p->chunk[c]);
		free(p->chunk);
	}
	free(t->sm);
	free(t);
}

void wt_lt_sms(struct wt_loadtypes *t, unsigned n)
{
	if (n <= t->nsm)
		return;
	t->sm = wt_grow_lines(t->sm, t->nsm, n - t->nsm, sizeof(*t->sm));
	for (unsigned i = t->nsm; i < n; i++) {
		t->sm[i].lines = wt_linetab_new(sizeof(struct entry));
		t->sm[i].wide = wt_linetab_new(sizeof(struct wide));
	}
	t->nsm = n;
}

/* SM sm's state, made if new; its clock advanced by a load. */
static struct sm_state *tick(struct wt_loadtypes *t, uint16_t sm)
{
	wt_lt_sms(t, sm + 1u);
	t->sm[sm].loads++;
	return &t->sm[sm];
}

void wt_lt_skip(struct wt_loadtypes *t, uint16_t sm)
{
	tick(t, sm);
}

int wt_lt_load_ref(struct wt_loadtypes *t, const struct wt_ref *ref,
		   uint64_t line, uint32_t pc, struct wt_ref *prev)
{
	struct sm_state *s = tick(t, ref->sm);
	struct entry *e;
	unsigned bin;
	int added;

	e = wt_linetab_get(s->lines, line, &added);
	if (added) {
		*e = (struct entry){ 1, 1, s->loads, ref->warp, pc,
				     ref->lanes, ref->warp, ref->cta, NULL };
		return 0;
	}
	*prev = (struct wt_ref){ e->last_lanes, ref->kernel, e->last_cta,
				 e->last_warp, ref->sm };
	if (!e->rd)
		e->rd = rd_alloc(&s->pool);
	bin = wt_lt_rd_bin(s->loads - e->last);
	if (++e->rd[bin] == UINT16_MAX) {
		struct wide *w = wt_linetab_get(s->wide, line, &added);

		w->line = line;
		w->rd[bin] += UINT16_MAX;
		e->rd[bin] = 0;
	}
	e->last = s->loads;
	e->n++;
	if (ref->warp == e->warp)
		e->m++;
	e->last_lanes = ref->lanes;
	e->last_warp = ref->warp;
	e->last_cta = ref->cta;
	return 1;
}

void wt_lt_prefetch(const struct wt_loadtypes *t, uint16_t sm, uint64_t line)
{
	if (sm < t->nsm)
		wt_linetab_prefetch(t->sm[sm].lines, line);
}

void wt_lt_load(struct wt_loadtypes *t, uint16_t sm, uint64_t line,
		uint32_t warp, uint32_t pc)
{
	struct wt_ref ref = { 0, 0, 0, warp, sm }, prev;

	wt_lt_load_ref(t, &ref, line, pc, &prev);
}

static int by_pc(const void *a, const void *b)
{
	uint32_t x = ((const struct wt_lt_pc *)a)->pc;
	uint32_t y = ((const struct wt_lt_pc *)b)->pc;

	return (x > y) - (x < y);
}

/* Line e into res: its type's lines, loads and distances, and its PC's
 * (pcix: pc -> index + 1 in res->pcs, of *cap). */
static void count_line(struct wt_lt_result *res, struct wt_u64map *pcix,
		       size_t *cap, const struct entry *e)
{
	enum wt_ltype ty = wt_ltype_of(e->n, e->m);
	struct wt_lt_pc *p;
	uint64_t *ix;
	int added;

	res->lines[ty]++;
	res->loads[ty] += e->n;
	res->count_inf[wt_lt_count_bucket(e->n)]++;
	if (e->rd)
		for (unsigned b = 0; b < WT_LT_RD_BINS; b++)
			res->rd[ty][b] += e->rd[b];
	ix = wt_u64map_get(pcix, e->pc, &added);
	if (added) {
		if (res->npcs == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			res->pcs = wt_realloc(res->pcs, *cap * sizeof(*res->pcs));
		}
		memset(&res->pcs[res->npcs], 0, sizeof(*res->pcs));
		res->pcs[res->npcs].pc = e->pc;
		*ix = ++res->npcs;
	}
	p = &res->pcs[*ix - 1];
	p->lines[ty]++;
	p->loads += e->n;
}

/* The counts w carried out of its line's bins, under the line's type. */
static void count_wide(struct wt_lt_result *res, struct wt_linetab *lines,
		       const struct wide *w)
{
	int added;
	const struct entry *e = wt_linetab_get(lines, w->line, &added);
	enum wt_ltype ty = wt_ltype_of(e->n, e->m);

	for (unsigned b = 0; b < WT_LT_RD_BINS; b++)
		res->rd[ty][b] += w->rd[b];
}

/* Counts a[0..n) of sampled lines weighted by 1/R: each is the growth of
 * the weighted running sum, rounded, so that they add up to the weighted
 * total. */
static void weigh(uint64_t *a, size_t n, uint64_t thr)
{
	uint64_t sum = 0, done = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t upto;

		sum += a[i];
		upto = wt_shards_weight(sum, thr);
		a[i] = upto - done;
		done = upto;
	}
}

static void weigh_result(struct wt_lt_result *res, uint64_t thr)
{
	weigh(res->lines, WT_LT_MAX, thr);
	weigh(res->loads, WT_LT_MAX, thr);
	weigh(res->count_inf, WT_LT_COUNT_BUCKETS, thr);
	for (unsigned ty = 0; ty < WT_LT_MAX; ty++)
		weigh(res->rd[ty], WT_LT_RD_BINS, thr);
	for (size_t i = 0; i < res->npcs; i++) {
		weigh(res->pcs[i].lines, WT_LT_MAX, thr);
		weigh(&res->pcs[i].loads, 1, thr);
	}
}

void wt_lt_kernel_end(struct wt_loadtypes *t, struct wt_lt_result *res)
{
	struct wt_u64map *pcix = wt_u64map_new();
	size_t cap = 0;

	memset(res, 0, sizeof(*res));
	for (unsigned s = 0; s < t->nsm; s++) {
		const struct entry *e;
		const struct wide *w;
		size_t pos = 0;

		while ((e = wt_linetab_next(t->sm[s].lines, &pos)))
			count_line(res, pcix, &cap, e);
		pos = 0;
		while ((w = wt_linetab_next(t->sm[s].wide, &pos)))
			count_wide(res, t->sm[s].lines, w);
	}
	wt_u64map_free(pcix);
	if (res->npcs)
		qsort(res->pcs, res->npcs, sizeof(*res->pcs), by_pc);
	if (t->thr < WT_SHARDS_MODULUS)
		weigh_result(res, t->thr);
	for (size_t i = 0; i < res->npcs; i++) {
		const struct wt_lt_pc *p = &res->pcs[i];

		res->aps_num += p->lines[wt_lt_pc_type(p)];
		for (unsigned ty = 0; ty < WT_LT_MAX; ty++)
			res->aps_den += p->lines[ty];
	}
	drop_entries(t);
}

void wt_lt_result_add(struct wt_lt_result *dst, const struct wt_lt_result *src)
{
	for (unsigned ty = 0; ty < WT_LT_MAX; ty++) {
		dst->lines[ty] += src->lines[ty];
		dst->loads[ty] += src->loads[ty];
		for (unsigned b = 0; b < WT_LT_RD_BINS; b++)
			dst->rd[ty][b] += src->rd[ty][b];
	}
	for (unsigned b = 0; b < WT_LT_COUNT_BUCKETS; b++)
		dst->count_inf[b] += src->count_inf[b];
	dst->aps_num += src->aps_num;
	dst->aps_den += src->aps_den;
}

void wt_lt_result_free(struct wt_lt_result *res)
{
	free(res->pcs);
	res->pcs = NULL;
	res->npcs = 0;
}

double wt_lt_aps(const struct wt_lt_result *res)
{
	return res->aps_den ? (double)res->aps_num / (double)res->aps_den : 0;
}

enum wt_ltype wt_lt_pc_type(const struct wt_lt_pc *p)
{
	unsigned best = 0;

	for (unsigned ty = 1; ty < WT_LT_MAX; ty++)
		if (p->lines[ty] > p->lines[best])
			best = ty;
	return (enum wt_ltype)best;
}
