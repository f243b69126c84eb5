/*
 * clsreport.c - classify(1)'s JSON and readable output; see clsreport.h.
 */
#include "clsreport.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double pct(uint64_t a, uint64_t b)
{
	return b ? 100.0 * (double)a / (double)b : 0;
}

void wt_clsrep_category(const struct wt_clsrep *p, const struct wt_cls_result *r,
			struct wt_cat_result *cat)
{
	struct wt_cat_input in = {
		.loads = r->l1.refs,
		.hits_b = wt_cls_view_hits(r->l1.bnd),
		.hits_u = wt_cls_view_hits(r->l1.unb),
		.hits_fa = r->hits_fa,
		.hits_4x = r->hits_4x,
		.set_fill_reqs = r->set_fill_reqs,
		.misses = r->tm_misses,
		.instructions = r->tm_instructions,
		.hit_latency = p->cfg->l1.cfg.hit_latency,
		.miss_latency = p->cfg->l1.cfg.miss_latency,
	};

	wt_cat_decide(&in, &p->limits, cat);
}

/* ---- words ---- */

/* Locality groups of the verdict: intra-warp is two categories. */
enum { G_WARP, G_BLOCK, G_CORE, G_KERNEL, G_MAX };

static uint64_t group(const uint64_t *cat, unsigned g)
{
	switch (g) {
	case G_WARP: return cat[WT_LOC_INTRA_THREAD] + cat[WT_LOC_INTER_THREAD];
	case G_BLOCK: return cat[WT_LOC_INTRA_BLOCK];
	case G_CORE: return cat[WT_LOC_INTRA_CORE] + cat[WT_LOC_INTER_CORE];
	default: return cat[WT_LOC_INTER_KERNEL];
	}
}

static const char *const group_name[] = {
	"intra-warp", "intra-block", "intra-core", "inter-kernel"
};

#define ADD(...) (n += (size_t)snprintf(buf + n, n < len ? len - n : 0, __VA_ARGS__))

const char *wt_clsrep_verdict(const struct wt_clsrep *p, const struct wt_cls_result *r,
			      char *buf, size_t len)
{
	struct wt_cat_result c;
	const struct wt_cls_view *v = &r->l1;
	size_t n = 0;
	unsigned best = G_WARP;
	uint64_t reuse, g, kept;

	wt_clsrep_category(p, r, &c);
	buf[0] = 0;
	if (c.cat == WT_CAT_NONE) {
		ADD("no loads");
		return buf;
	}
	switch (c.cat) {
	case WT_CAT_STREAMING:
		ADD("streaming: %.1f%% of loads miss even in an unbounded L1, so "
		    "the L1 has next to nothing to keep and bypassing it loses "
		    "little", 100 * c.mu);
		break;
	case WT_CAT_FRIENDLY:
		ADD("cache-friendly: loads hit %.1f%% in the configured L1, close "
		    "to the %.1f%% of an unbounded one", 100 * (1 - c.mb),
		    100 * (1 - c.mu));
		break;
	case WT_CAT_CONFLICT:
		ADD("conflict contention%s: loads hit %.1f%% in the configured L1 "
		    "against %.1f%% in an unbounded one", c.also ?
		    " (and thrashing)" : "", 100 * (1 - c.mb), 100 * (1 - c.mu));
		if (c.conflict_share >= p->limits.conflict)
			ADD("; %.0f%% of the lost hits are set conflicts between "
			    "warps, which a fully associative L1 of the same size "
			    "keeps (it hits %.1f%%)", 100 * c.conflict_share,
			    100 * (1 - c.mf));
		if (c.intra_conflict >= p->limits.also)
			ADD("; %.0f%% of the loads come from instructions that put "
			    "%u or more of their own lines into one set (intra-warp "
			    "conflicts)", 100 * c.intra_conflict,
			    p->cfg->l1.cfg.geom.assoc > 2 ? p->cfg->l1.cfg.geom.assoc : 2);
		break;
	default:
		ADD("thrashing contention%s: loads hit %.1f%% in the configured L1 "
		    "against %.1f%% in an unbounded one; %.0f%% of the lost hits "
		    "are capacity misses, which even a fully associative L1 of the "
		    "same size has", c.also ? " (and conflicts)" : "",
		    100 * (1 - c.mb), 100 * (1 - c.mu), 100 * c.capacity_share);
		break;
	}
	reuse = wt_cls_view_hits(v->unb);
	for (unsigned k = 1; k < G_MAX; k++)
		if (group(v->unb, k) > group(v->unb, best))
			best = k;
	g = group(v->unb, best);
	kept = group(v->bnd, best);
	if (reuse && g) {
		ADD(". Most reuse is %s (%.1f%% of loads", group_name[best],
		    pct(g, v->refs));
		if (best == G_WARP)
			ADD(", %.1f%% intra-thread", pct(v->unb[WT_LOC_INTRA_THREAD],
							 v->refs));
		ADD("); the configured L1 keeps %.0f%% of it", pct(kept, g));
		if (pct(kept, g) < 50 && (c.cat == WT_CAT_THRASHING ||
					  c.cat == WT_CAT_CONFLICT))
			ADD(", the rest is lost to %s", c.cat == WT_CAT_THRASHING ?
			    "thrashing" : "set conflicts");
	}
	if (c.mpki >= 0)
		ADD(". MPKI %.1f (L1 misses per 1000 of its %llu warp "
		    "instructions)%s", c.mpki, (unsigned long long)c.instructions,
		    c.mpki >= p->limits.mpki && c.cat == WT_CAT_THRASHING ?
		    ", high: thrashing" : "");
	ADD("; cache %s (with 4x the ways, the mean L1 access time is %.2fx "
	    "shorter)", wt_sens_name(c.sens),
	    isfinite(c.speedup4x) ? c.speedup4x : 99.99);
	ADD(".");
	return buf;
}

/* ---- JSON ---- */

static void loc_json(struct wt_json *j, const char *key, const uint64_t *cat)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	for (unsigned i = 0; i < WT_LOC_MAX; i++)
		wt_json_key_u64(j, wt_loc_name(i), cat[i]);
	wt_json_end_object(j);
}

static void view_json(struct wt_json *j, const char *key, const struct wt_cls_view *v,
		      int sampling)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "references", v->refs);
	if (sampling)
		wt_json_key_u64(j, "sampled_references", v->sampled);
	loc_json(j, "unbounded", v->unb);
	loc_json(j, "bounded", v->bnd);
	wt_json_end_object(j);
}

static void types_json(struct wt_json *j, const char *key, const uint64_t *t)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	for (unsigned i = 0; i < WT_LT_MAX; i++)
		wt_json_key_u64(j, wt_ltype_name(i), t[i]);
	wt_json_end_object(j);
}

static void counts_json(struct wt_json *j, const char *key, const uint64_t *b)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	for (unsigned i = 0; i < WT_LT_COUNT_BUCKETS; i++)
		wt_json_key_u64(j, wt_lt_count_bucket_name(i), b[i]);
	wt_json_end_object(j);
}

static void loads_json(struct wt_json *j, const struct wt_lt_result *lt,
		       const uint64_t *count_bnd, int pcs)
{
	char pc[16];

	wt_json_key(j, "loads");
	wt_json_begin_object(j);
	types_json(j, "lines", lt->lines);
	types_json(j, "loads", lt->loads);
	wt_json_key_ratio(j, "aps", (double)lt->aps_num, (double)lt->aps_den);
	wt_json_key(j, "loads_per_line");
	wt_json_begin_object(j);
	counts_json(j, "infinite", lt->count_inf);
	counts_json(j, "bounded", count_bnd);
	wt_json_end_object(j);
	/* bin 0: distance 1; bin k: [2^k, 2^(k+1)) */
	wt_json_key(j, "reuse_distance");
	wt_json_begin_object(j);
	for (unsigned t = 0; t < WT_LT_MAX; t++) {
		wt_json_key(j, wt_ltype_name(t));
		wt_json_begin_array(j);
		for (unsigned b = 0; b < WT_LT_RD_BINS; b++)
			wt_json_u64(j, lt->rd[t][b]);
		wt_json_end_array(j);
	}
	wt_json_end_object(j);
	if (pcs) {
		wt_json_key(j, "pcs");
		wt_json_begin_array(j);
		for (size_t i = 0; i < lt->npcs; i++) {
			const struct wt_lt_pc *p = &lt->pcs[i];

			wt_json_begin_object(j);
			wt_json_key(j, "pc");
			wt_json_string(j, wt_snprintf(pc, sizeof(pc), "0x%x", p->pc));
			wt_json_key_u64(j, "loads", p->loads);
			types_json(j, "lines", p->lines);
			wt_json_key(j, "type");
			wt_json_string(j, wt_ltype_name(wt_lt_pc_type(p)));
			wt_json_end_object(j);
		}
		wt_json_end_array(j);
	}
	wt_json_end_object(j);
}

static void wtypes_json(struct wt_json *j, const char *key, const uint64_t *t)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	for (unsigned i = 0; i < WT_WT_MAX; i++)
		wt_json_key_u64(j, wt_wtype_name(i), t[i]);
	wt_json_end_object(j);
}

static void warps_json(struct wt_json *j, const struct wt_clsrep *p,
		       const struct wt_wt_census *c, int all)
{
	wt_json_key(j, "warps");
	wt_json_begin_object(j);
	wt_json_key(j, "level");
	wt_json_string(j, p->level);
	wtypes_json(j, "warps", c->warps);
	wtypes_json(j, "accesses", c->accesses);
	wtypes_json(j, "hits", c->hits);
	wt_json_key_u64(j, "windows", c->windows);
	wt_json_key_u64(j, "stable_windows", c->stable);
	wt_json_key_ratio(j, "stability", (double)c->stable, (double)c->windows);
	if (all) {
		/* the most accesses first, then the first seen */
		wt_json_key(j, "series");
		wt_json_begin_array(j);
		for (size_t i = 0; i < p->wt->ntop; i++) {
			const struct wt_wt_warp *w = &p->wt->top[i];

			wt_json_begin_object(j);
			wt_json_key_u64(j, "kernel", w->kernel);
			wt_json_key_u64(j, "warp", w->warp);
			wt_json_key_u64(j, "cta", w->cta);
			wt_json_key_u64(j, "sm", w->sm);
			wt_json_key_u64(j, "accesses", w->accesses);
			wt_json_key_u64(j, "hits", w->hits);
			wt_json_key(j, "type");
			wt_json_string(j, wt_wtype_name(wt_wtype_of(w->hits, w->accesses,
								    &p->wt->b)));
			wt_json_key(j, "windows");
			wt_json_begin_array(j);
			for (size_t k = 0; k < w->nwin; k++) {
				wt_json_begin_array(j);
				wt_json_u64(j, w->win[k].index * p->wt->window);
				wt_json_u64(j, w->win[k].hits);
				wt_json_u64(j, w->win[k].accesses);
				wt_json_end_array(j);
			}
			wt_json_end_array(j);
			wt_json_end_object(j);
		}
		wt_json_end_array(j);
	}
	wt_json_end_object(j);
}

static void divergence_json(struct wt_json *j, const struct wt_divergence *d)
{
	char k[8];

	wt_json_key(j, "divergence");
	wt_json_begin_object(j);
	wtypes_json(j, "instructions", d->instrs);
	wtypes_json(j, "requests", d->requests);
	wtypes_json(j, "hits", d->hits);
	wt_json_key(j, "by_requests");
	wt_json_begin_object(j);
	for (unsigned i = 1; i <= 32; i++)
		if (d->by_requests[i])
			wt_json_key_u64(j, wt_snprintf(k, sizeof(k), "%u", i),
					d->by_requests[i]);
	if (d->by_requests[0])
		wt_json_key_u64(j, ">32", d->by_requests[0]);
	wt_json_end_object(j);
	wt_json_end_object(j);
}

static void category_json(struct wt_json *j, const struct wt_clsrep *p,
			  const struct wt_cls_result *r)
{
	struct wt_cat_result c;
	char buf[2048];

	wt_clsrep_category(p, r, &c);
	wt_json_key(j, "category");
	wt_json_begin_object(j);
	wt_json_key(j, "category");
	wt_json_string(j, wt_cat_name(c.cat));
	wt_json_key(j, "also");
	wt_json_bool(j, c.also);
	wt_json_key(j, "miss_rate");
	wt_json_begin_object(j);
	wt_json_key(j, "bounded");
	wt_json_double(j, c.mb);
	wt_json_key(j, "unbounded");
	wt_json_double(j, c.mu);
	wt_json_key(j, "fully_associative");
	wt_json_double(j, c.mf);
	wt_json_key(j, "ways_x4");
	wt_json_double(j, c.m4);
	wt_json_end_object(j);
	wt_json_key(j, "conflict_share");
	wt_json_double(j, c.conflict_share);
	wt_json_key(j, "capacity_share");
	wt_json_double(j, c.capacity_share);
	wt_json_key_u64(j, "load_instructions", r->load_instrs);
	wt_json_key_u64(j, "set_filling_loads", r->set_fill_reqs);
	wt_json_key(j, "intra_warp_conflict");
	wt_json_double(j, c.intra_conflict);
	wt_json_key(j, "timing");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "loads", r->tm_loads);
	wt_json_key_u64(j, "misses", r->tm_misses);
	wt_json_key_u64(j, "instructions", r->tm_instructions);
	wt_json_key_u64(j, "cycles", r->tm_cycles);
	wt_json_key(j, "mpki");
	if (c.mpki >= 0)
		wt_json_double(j, c.mpki);
	else
		wt_json_null(j);
	wt_json_key(j, "fails");
	wt_json_begin_object(j);
	for (unsigned f = 0; f < WT_FAIL_MAX; f++)
		wt_json_key_u64(j, wt_fail_name(f), r->tm_fails[f]);
	wt_json_end_object(j);
	wt_json_key(j, "fails_per_kcycle");
	wt_json_begin_object(j);
	for (unsigned f = 0; f < WT_FAIL_MAX; f++)
		wt_json_key_ratio(j, wt_fail_name(f), 1000.0 * (double)r->tm_fails[f],
				  (double)r->tm_cycles);
	wt_json_end_object(j);
	wt_json_key(j, "miss_classes");
	wt_json_begin_object(j);
	for (unsigned m = 1; m <= WT_MISS_MAX; m++)
		wt_json_key_u64(j, wt_miss_class_name(m), r->tm_miss_class[m]);
	wt_json_end_object(j);
	wt_json_end_object(j);
	wt_json_key(j, "speedup_4x");
	wt_json_double(j, c.speedup4x);
	wt_json_key(j, "sensitivity");
	wt_json_string(j, wt_sens_name(c.sens));
	wt_json_key(j, "verdict");
	wt_json_string(j, wt_clsrep_verdict(p, r, buf, sizeof(buf)));
	wt_json_end_object(j);
}

static void result_json(struct wt_json *j, const struct wt_clsrep *p,
			const struct wt_cls_result *r, uint32_t kernel)
{
	if (p->requests) {
		wt_json_key(j, "requests");
		wt_json_begin_object(j);
		wt_json_key_u64(j, "loads", r->loads);
		wt_json_key_u64(j, "stores", r->stores);
		wt_json_key_u64(j, "atomics", r->atomics);
		wt_json_end_object(j);
	}
	if (p->analyses & WT_AN_LOCALITY) {
		wt_json_key(j, "locality");
		wt_json_begin_object(j);
		view_json(j, "l1", &r->l1, p->cfg->sample < 1);
		view_json(j, "l2", &r->l2, p->cfg->sample < 1);
		wt_json_end_object(j);
	}
	if (p->analyses & WT_AN_LOADS)
		loads_json(j, &r->lt, r->count_bnd, kernel != UINT32_MAX);
	if (p->analyses & WT_AN_WARPS)
		warps_json(j, p, &r->census, kernel == UINT32_MAX);
	if (p->analyses & WT_AN_DIVERGENCE)
		divergence_json(j, &r->div);
	if (p->analyses & WT_AN_CATEGORY)
		category_json(j, p, r);
}

void wt_clsrep_json(struct wt_json *j, const struct wt_clsrep *p)
{
	const struct wt_l1_cfg *l1 = &p->cfg->l1.cfg;
	static const char *const an[] = {
		"locality", "loads", "warps", "divergence", "category"
	};

	wt_json_key(j, "input");
	wt_json_string(j, p->requests ? "request" : "event");
	wt_json_key(j, "analyses");
	wt_json_begin_array(j);
	for (unsigned i = 0; i < 5; i++)
		if (p->analyses & 1u << i)
			wt_json_string(j, an[i]);
	wt_json_end_array(j);
	wt_json_key(j, "config");
	wt_json_begin_object(j);
	if (p->requests) {
		wt_json_key(j, "l1");
		wt_json_begin_object(j);
		wt_json_key_u64(j, "size", p->cfg->l1.size);
		wt_json_key_u64(j, "assoc", l1->geom.assoc);
		wt_json_key_u64(j, "line", l1->geom.line);
		wt_json_key(j, "index");
		wt_json_string(j, l1->ix.name);
		wt_json_key_u64(j, "hit_latency", l1->hit_latency);
		wt_json_key_u64(j, "miss_latency", l1->miss_latency);
		wt_json_end_object(j);
		wt_json_key(j, "l2");
		wt_json_begin_object(j);
		wt_json_key_u64(j, "size", p->cfg->l2_size);
		wt_json_key_u64(j, "assoc", p->cfg->l2_assoc);
		wt_json_key_u64(j, "partitions", p->cfg->l2_parts);
		wt_json_key_u64(j, "line", l1->geom.line);
		wt_json_key(j, "index");
		wt_json_string(j, "linear");
		wt_json_end_object(j);
		wt_json_key(j, "sample_rate");
		wt_json_double(j, p->cfg->sample);
	}
	wt_json_key(j, "mostly_hit");
	wt_json_double(j, p->cfg->bounds.mostly_hit / 1e6);
	wt_json_key(j, "mostly_miss");
	wt_json_double(j, p->cfg->bounds.mostly_miss / 1e6);
	wt_json_key_u64(j, "window", p->cfg->window);
	wt_json_key_u64(j, "window_min", p->cfg->window_min);
	if (p->analyses & WT_AN_CATEGORY) {
		wt_json_key(j, "limits");
		wt_json_begin_object(j);
		wt_json_key(j, "streaming");
		wt_json_double(j, p->limits.streaming);
		wt_json_key(j, "friendly");
		wt_json_double(j, p->limits.friendly);
		wt_json_key(j, "conflict");
		wt_json_double(j, p->limits.conflict);
		wt_json_key(j, "also");
		wt_json_double(j, p->limits.also);
		wt_json_key(j, "mpki");
		wt_json_double(j, p->limits.mpki);
		wt_json_key(j, "cs_speedup");
		wt_json_double(j, p->limits.cs_speedup);
		wt_json_key(j, "ci_speedup");
		wt_json_double(j, p->limits.ci_speedup);
		wt_json_end_object(j);
	}
	wt_json_end_object(j);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < p->nk; i++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "id", p->k[i].id);
		wt_json_key(j, "name");
		wt_json_string(j, p->k[i].name);
		result_json(j, p, &p->k[i].r, p->k[i].id);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	result_json(j, p, &p->total, UINT32_MAX);
	wt_json_end_object(j);
}

/* ---- the readable report ---- */

/* Kernels whose per-PC tables the text shows: a program of many launches
 * would bury the rest of the report. */
#define PCS_KERNELS 8u

static void loc_row(FILE *f, const char *view, const char *cache,
		    const struct wt_cls_view *v, const uint64_t *cat)
{
	fprintf(f, "  %-3s %-10s %10llu", view, cache, (unsigned long long)v->refs);
	for (unsigned i = 0; i < WT_LOC_MAX; i++)
		fprintf(f, " %7.1f", pct(cat[i], v->refs));
	fputc('\n', f);
}

static void locality_table(FILE *f, const struct wt_cls_result *r)
{
	fputs("\nLocality of references (Khairy et al. section 3.1), % of "
	      "references:\n", f);
	fprintf(f, "  %-3s %-10s %10s %7s %7s %7s %7s %7s %7s %7s\n", "", "cache",
		"refs", "miss", "i-thrd", "x-thrd", "i-block", "i-core",
		"x-core", "x-kern");
	loc_row(f, "L1", "unbounded", &r->l1, r->l1.unb);
	loc_row(f, "L1", "bounded", &r->l1, r->l1.bnd);
	loc_row(f, "L2", "unbounded", &r->l2, r->l2.unb);
	loc_row(f, "L2", "bounded", &r->l2, r->l2.bnd);
}

static void loads_table(FILE *f, const struct wt_lt_result *lt, const uint64_t *cb)
{
	uint64_t lines = 0, inf = 0, bnd = 0;

	for (unsigned t = 0; t < WT_LT_MAX; t++)
		lines += lt->lines[t];
	fputs("\nLoad locality types in an infinite L1 (Koo et al. Table 2):\n", f);
	fprintf(f, "  %-17s %10s %7s %10s\n", "type", "lines", "%lines", "loads");
	for (unsigned t = 0; t < WT_LT_MAX; t++)
		fprintf(f, "  %-17s %10llu %7.1f %10llu\n", wt_ltype_name(t),
			(unsigned long long)lt->lines[t], pct(lt->lines[t], lines),
			(unsigned long long)lt->loads[t]);
	fprintf(f, "  access pattern similarity (APS, Eq. 1): %.3f\n", wt_lt_aps(lt));
	for (unsigned b = 0; b < WT_LT_COUNT_BUCKETS; b++) {
		inf += lt->count_inf[b];
		bnd += cb[b];
	}
	fputs("  loads per line before eviction (Fig. 4), % of lines:\n", f);
	fprintf(f, "  %-17s", "");
	for (unsigned b = 0; b < WT_LT_COUNT_BUCKETS; b++)
		fprintf(f, " %6s", wt_lt_count_bucket_name(b));
	fprintf(f, "\n  %-17s", "bounded L1");
	for (unsigned b = 0; b < WT_LT_COUNT_BUCKETS; b++)
		fprintf(f, " %6.1f", pct(cb[b], bnd));
	fprintf(f, "\n  %-17s", "infinite L1");
	for (unsigned b = 0; b < WT_LT_COUNT_BUCKETS; b++)
		fprintf(f, " %6.1f", pct(lt->count_inf[b], inf));
	fputc('\n', f);
}

static void pcs_table(FILE *f, const struct wt_lt_result *lt)
{
	if (!lt->npcs)
		return;
	fprintf(f, "  %-10s %8s %9s %10s %10s %11s  %s\n", "pc", "lines",
		"streaming", "inter-warp", "intra-warp", "inter+intra", "type");
	for (size_t i = 0; i < lt->npcs; i++) {
		const struct wt_lt_pc *p = &lt->pcs[i];
		uint64_t n = 0;

		for (unsigned t = 0; t < WT_LT_MAX; t++)
			n += p->lines[t];
		fprintf(f, "  0x%-8x %8llu %9.1f %10.1f %10.1f %11.1f  %s\n", p->pc,
			(unsigned long long)n, pct(p->lines[0], n), pct(p->lines[1], n),
			pct(p->lines[2], n), pct(p->lines[3], n),
			wt_ltype_name(wt_lt_pc_type(p)));
	}
}

static void warps_table(FILE *f, const struct wt_clsrep *p)
{
	const struct wt_wt_census *c;
	uint64_t warps = 0;

	fprintf(f, "\nWarp types at %s (MeDiC Fig. 4, Table II), %% of warps:\n",
		p->level);
	fprintf(f, "  %-6s %-28s %8s", "kernel", "name", "warps");
	for (unsigned t = 0; t < WT_WT_MAX; t++)
		fprintf(f, " %11s", wt_wtype_name(t));
	fprintf(f, " %9s\n", "stable");
	for (size_t i = 0; i <= p->nk; i++) {
		uint32_t id = i < p->nk ? p->k[i].id : UINT32_MAX;

		if (i == p->nk && p->nk == 1)
			break;
		c = i < p->nk ? &p->k[i].r.census : &p->total.census;
		warps = 0;
		for (unsigned t = 0; t < WT_WT_MAX; t++)
			warps += c->warps[t];
		if (i < p->nk)
			fprintf(f, "  %-6u %-28.28s", id, p->k[i].name);
		else
			fprintf(f, "  %-6s %-28s", "all", "");
		fprintf(f, " %8llu", (unsigned long long)warps);
		for (unsigned t = 0; t < WT_WT_MAX; t++)
			fprintf(f, " %11.1f", pct(c->warps[t], warps));
		if (c->windows)
			fprintf(f, " %8.1f%%\n", pct(c->stable, c->windows));
		else
			fprintf(f, " %9s\n", "-");
	}
	fprintf(f, "  stable: windows of %llu cycles with at least %u accesses in "
		"which the warp has its whole-kernel type\n",
		(unsigned long long)p->wt->window, p->cfg->window_min);
}

static void divergence_table(FILE *f, const struct wt_clsrep *p,
			     const struct wt_divergence *d)
{
	uint64_t n = 0, reqs = 0;

	for (unsigned t = 0; t < WT_WT_MAX; t++) {
		n += d->instrs[t];
		reqs += d->requests[t];
	}
	fprintf(f, "\nMemory divergence of warp instructions at %s:\n", p->level);
	fprintf(f, "  %-12s %12s %8s %10s %8s\n", "type", "instructions", "%",
		"requests", "hit%");
	for (unsigned t = 0; t < WT_WT_MAX; t++)
		fprintf(f, "  %-12s %12llu %8.1f %10llu %8.1f\n", wt_wtype_name(t),
			(unsigned long long)d->instrs[t], pct(d->instrs[t], n),
			(unsigned long long)d->requests[t],
			pct(d->hits[t], d->requests[t]));
	fprintf(f, "  requests per instruction: %.2f\n", n ? (double)reqs / (double)n : 0);
}

static void category_table(FILE *f, const struct wt_clsrep *p,
			   const struct wt_cls_result *r)
{
	struct wt_cat_result c;

	wt_clsrep_category(p, r, &c);
	fputs("\nApplication category (Khairy et al. section 3.2; Koo et al. "
	      "section 3):\n", f);
	fprintf(f, "  L1 load miss rate (functional: no latency or MSHR misses, "
		"which l1sim's miss rate counts): configured %.1f%%, unbounded "
		"%.1f%%, fully associative %.1f%%, 4x ways %.1f%%\n", 100 * c.mb, 100 * c.mu,
		100 * c.mf, 100 * c.m4);
	fprintf(f, "  lost reuse: %.0f%% set conflicts between warps, %.0f%% "
		"capacity; %.1f%% of loads come from instructions that fill a set alone\n",
		100 * c.conflict_share, 100 * c.capacity_share,
		100 * c.intra_conflict);
	fprintf(f, "  timing model: MPKI (L1 misses per 1000 warp instructions, "
		"of %llu) ", (unsigned long long)c.instructions);
	if (c.mpki >= 0)
		fprintf(f, "%.1f", c.mpki);
	else
		fputs("-", f);
	fputs(", reservation fails per kilo-cycle:", f);
	for (unsigned k = 0; k < WT_FAIL_MAX; k++)
		fprintf(f, " %s %.1f", wt_fail_name(k), r->tm_cycles ?
			1000.0 * (double)r->tm_fails[k] / (double)r->tm_cycles : 0);
	fprintf(f, "\n  category: %s%s; cache %s (mean L1 access time, "
		"configured over 4x ways: ",
		wt_cat_name(c.cat), c.also ? (c.cat == WT_CAT_CONFLICT ?
		" and thrashing" : " and conflicts") : "", wt_sens_name(c.sens));
	if (isnan(c.speedup4x))
		fputs("-)\n", f);
	else
		fprintf(f, "%.2f)\n", isfinite(c.speedup4x) ? c.speedup4x : 99.99);
}

void wt_clsrep_table(FILE *f, const struct wt_clsrep *p)
{
	const struct wt_l1_cfg *l1 = &p->cfg->l1.cfg;
	char buf[2048];

	if (p->requests)
		fprintf(f, "L1 view: %u bytes, %u-way, %u-byte lines, index %s; "
			"L2 view: %u bytes in %u partitions, %u-way, linear index\n",
			p->cfg->l1.size, l1->geom.assoc, l1->geom.line, l1->ix.name,
			p->cfg->l2_size, p->cfg->l2_parts, p->cfg->l2_assoc);
	else
		fprintf(f, "events at %s\n", p->level);
	if (p->requests && p->cfg->sample < 1 &&
	    (p->analyses & (WT_AN_LOCALITY | WT_AN_LOADS | WT_AN_CATEGORY)))
		fprintf(f, "lines sampled at rate %.7g: the unbounded views' "
			"categories, the hits' categories and the load types are "
			"estimates\n", p->cfg->sample);
	if (p->requests && (p->analyses & (WT_AN_WARPS | WT_AN_DIVERGENCE)))
		fputs("warp types and divergence at the L1 view: the configured "
		      "L1, functional\n", f);
	if (p->requests && (p->analyses & WT_AN_CATEGORY)) {
		fputs("\nKernels:\n", f);
		for (size_t i = 0; i < p->nk; i++)
			fprintf(f, "  %u %s: %s\n", p->k[i].id, p->k[i].name,
				wt_clsrep_verdict(p, &p->k[i].r, buf, sizeof(buf)));
		if (p->nk > 1)
			fprintf(f, "  all: %s\n", wt_clsrep_verdict(p, &p->total, buf,
								    sizeof(buf)));
	}
	if (p->analyses & WT_AN_LOCALITY)
		locality_table(f, &p->total);
	if (p->analyses & WT_AN_LOADS) {
		size_t shown = 0;

		loads_table(f, &p->total.lt, p->total.count_bnd);
		for (size_t i = 0; i < p->nk && shown < PCS_KERNELS; i++) {
			if (!p->k[i].r.lt.npcs)
				continue;
			fprintf(f, "  kernel %u %s, per load PC, %% of its lines:\n",
				p->k[i].id, p->k[i].name);
			pcs_table(f, &p->k[i].r.lt);
			shown++;
		}
		if (shown == PCS_KERNELS && p->nk > PCS_KERNELS)
			fprintf(f, "  (per-PC tables of the first %u kernels with "
				"loads; --format=json has every kernel's)\n", PCS_KERNELS);
	}
	if (p->analyses & WT_AN_WARPS)
		warps_table(f, p);
	if (p->analyses & WT_AN_DIVERGENCE)
		divergence_table(f, p, &p->total.div);
	if (p->analyses & WT_AN_CATEGORY)
		category_table(f, p, &p->total);
}
