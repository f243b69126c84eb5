/*
 * l1stats.c - the counts of l1sim's --stats file: an L1's counts, its
 * sectors, reuse histograms and per-PC loads, and the warps' counts.
 * The settings, kernels and policy parts stay with l1sim, which knows them.
 */
#include "l1stats.h"
#include "shards.h"
#include "util.h"

#include <stdlib.h>

/*
 * A reuse-distance histogram, or nothing with --reuse=off.  Sampled, the
 * counts are the sample's weighted by 1/R (estimates of every load's),
 * and the histogram says its rate and how many loads were sampled.
 */
static void hist_json(struct wt_json *j, const struct wt_l1_cfg *c, const char *key,
		      const struct wt_rdhist *sample, uint64_t cutoff)
{
	const struct wt_rdhist *h = sample;
	struct wt_rdhist w;

	if (c->reuse == WT_L1_REUSE_OFF)
		return;
	if (c->reuse == WT_L1_REUSE_SAMPLED) {
		wt_rdhist_init(&w, sample->exact_max);
		wt_shards_hist(&w, sample, c->reuse_rate);
		h = &w;
	}
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "cutoff", cutoff);
	wt_json_key_u64(j, "accesses", h->total);
	wt_json_key_u64(j, "infinite", h->inf);
	wt_json_key_u64(j, "below_cutoff", wt_rdhist_below(h, cutoff));
	wt_json_key(j, "bins");
	wt_json_begin_array(j);
	for (size_t i = 0; i < h->nbins; i++) {
		uint64_t lo, hi;

		if (!h->bins[i])
			continue;
		wt_rdhist_bin_range(h, i, &lo, &hi);
		wt_json_begin_array(j);
		wt_json_u64(j, lo);
		wt_json_u64(j, hi);
		wt_json_u64(j, h->bins[i]);
		wt_json_end_array(j);
	}
	wt_json_end_array(j);
	if (h != sample) {
		wt_json_key(j, "rate");
		wt_json_double(j, c->reuse_rate);
		wt_json_key_u64(j, "sampled_accesses", sample->total);
		wt_rdhist_free(&w);
	}
	wt_json_end_object(j);
}

/* Whether the L1 is modelled in sectors (a bounded sectored cache). */
static int sectored(const struct wt_l1_cfg *c)
{
	return c->sectored && c->mode == WT_L1_BOUNDED;
}

/* A sectored L1's sector counts (struct wt_l1_stats). */
static void sectors_json(struct wt_json *j, const struct wt_l1_cfg *c,
			 const struct wt_l1_stats *s)
{
	wt_json_key(j, "sectors");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "sector_bytes", c->sector);
	wt_json_key_u64(j, "loads", s->sector_loads);
	wt_json_key_u64(j, "hits", s->sector_hits);
	wt_json_key_u64(j, "merged", s->sector_merged);
	wt_json_key_u64(j, "fetched", s->sector_fetched);
	wt_json_key_ratio(j, "miss_rate", s->sector_loads - s->sector_hits,
			  s->sector_loads);
	wt_json_key_u64(j, "stores", s->sector_stores);
	wt_json_key_u64(j, "store_fetches", s->sector_store_fetches);
	wt_json_end_object(j);
}

void wt_l1stats_json(struct wt_json *j, const struct wt_l1_setup *su,
		     const struct wt_l1_stats *s, int pcs)
{
	const struct wt_l1_cfg *cf = &su->cfg;
	uint64_t cycles = s->last >= s->first && s->requests ? s->last - s->first + 1 : 0;

	wt_json_key_u64(j, "requests", s->requests);
	wt_json_key_u64(j, "loads", s->loads);
	wt_json_key_u64(j, "stores", s->stores);
	wt_json_key_u64(j, "atomics", s->atomics);
	wt_json_key_u64(j, "hits", s->hits);
	wt_json_key_u64(j, "misses", s->misses);
	wt_json_key_ratio(j, "miss_rate", s->misses, s->hits + s->misses);
	wt_json_key_ratio(j, "miss_rate_without_latency",
			  s->misses - s->miss_class[WT_MISS_LATENCY], s->hits + s->misses);
	wt_gs_miss_rate_json(j, &s->gs);
	wt_json_key_u64(j, "store_hits", s->store_hits);
	wt_json_key_u64(j, "store_misses", s->store_misses);
	wt_json_key(j, "miss_classes");
	wt_json_begin_object(j);
	for (int c = WT_MISS_COMPULSORY; c <= WT_MISS_MAX; c++)
		wt_json_key_u64(j, wt_miss_class_name((unsigned)c), s->miss_class[c]);
	wt_json_end_object(j);
	wt_json_key_u64(j, "merged", s->merged);
	if (cf->pending_miss)
		wt_json_key_u64(j, "refetches", s->refetches);
	if (su->pool && su->pc.drop_stores)
		wt_json_key_u64(j, "stores_dropped", s->stores_dropped);
	if (sectored(cf)) {
		wt_json_key_u64(j, "sector_misses", s->sector_misses);
		sectors_json(j, cf, s);
	}
	wt_json_key_u64(j, "bypasses", s->bypasses);
	wt_json_key_u64(j, "skipped_global", s->skipped_global);
	wt_json_key_u64(j, "skipped_cacheop", s->skipped_cacheop);
	wt_json_key_u64(j, "flushes", s->flushes);
	wt_json_key_u64(j, "write_throughs", s->write_throughs);
	wt_json_key_u64(j, "write_backs", s->write_backs);
	wt_json_key(j, "reservation_fails");
	wt_json_begin_object(j);
	for (int f = 0; f < WT_FAIL_MAX; f++)
		wt_json_key_u64(j, wt_fail_name((unsigned)f), s->fails[f]);
	wt_json_end_object(j);
	{
		uint64_t fails = 0;

		for (int f = 0; f < WT_FAIL_MAX; f++)
			fails += s->fails[f];
		wt_json_key(j, "reservation_fails_per_kilocycle");
		wt_json_double(j, cycles ? 1000.0 * (double)fails / (double)cycles : 0);
	}
	wt_json_key_u64(j, "stall_cycles", s->stall_cycles);
	wt_json_key_u64(j, "idle_cycles", s->idle_cycles);
	wt_json_key_u64(j, "instructions", s->instructions);
	wt_json_key_u64(j, "cycles", cycles);
	wt_json_key_ratio(j, "ipc", s->instructions, cycles);
	wt_json_key(j, "mpki");
	wt_json_double(j, s->instructions ? 1000.0 * (double)s->misses /
		       (double)s->instructions : 0);
	wt_gs_json(j, &s->gs, sectored(cf) ? "sector" : "line",
		   1u << WT_GS_LOAD | 1u << WT_GS_STORE);
	hist_json(j, cf, "reuse_fully_associative", &s->fa,
		  (uint64_t)cf->geom.sets * cf->geom.assoc);
	hist_json(j, cf, "reuse_in_set", &s->set, cf->geom.assoc);
	if (pcs) {
		wt_json_key(j, "pcs");
		wt_json_begin_array(j);
		for (size_t i = 0; i < s->npcs; i++) {
			char buf[16];

			wt_json_begin_object(j);
			wt_json_key(j, "pc");
			wt_json_string(j, wt_snprintf(buf, sizeof(buf), "0x%x", s->pcs[i].pc));
			wt_json_key_u64(j, "loads", s->pcs[i].accesses);
			wt_json_key_u64(j, "hits", s->pcs[i].hits);
			wt_json_key_u64(j, "misses", s->pcs[i].misses);
			wt_json_key_ratio(j, "miss_rate", s->pcs[i].misses,
					  s->pcs[i].hits + s->pcs[i].misses);
			wt_json_end_object(j);
		}
		wt_json_end_array(j);
	}
}

static int by_pc(const void *a, const void *b)
{
	const struct wt_pc_stats *x = a, *y = b;

	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static int by_kernel_warp(const void *a, const void *b)
{
	const struct wt_warp_stats *x = a, *y = b;

	if (x->kernel != y->kernel)
		return x->kernel < y->kernel ? -1 : 1;
	return x->warp < y->warp ? -1 : x->warp > y->warp;
}

void wt_l1stats_warps_json(struct wt_json *j, const struct wt_l1_stats *s)
{
	wt_json_key(j, "warps");
	wt_json_begin_array(j);
	for (size_t i = 0; i < s->nwarps; i++) {
		const struct wt_warp_stats *w = &s->warps[i];

		wt_json_begin_object(j);
		wt_json_key_u64(j, "kernel", w->kernel);
		wt_json_key_u64(j, "warp", w->warp);
		wt_json_key_u64(j, "cta", w->cta);
		wt_json_key_u64(j, "sm", w->sm);
		wt_json_key_u64(j, "instructions", w->instructions);
		wt_json_key_u64(j, "memory_instructions", w->mem_instructions);
		wt_json_key_u64(j, "requests", w->requests);
		wt_json_key_u64(j, "loads", w->loads);
		wt_json_key_u64(j, "hits", w->hits);
		wt_json_key_u64(j, "misses", w->misses);
		wt_json_key_ratio(j, "miss_rate", w->misses, w->hits + w->misses);
		wt_json_key_u64(j, "reservation_fails", w->fails);
		if (w->requests) {
			wt_json_key_u64(j, "first", w->first);
			wt_json_key_u64(j, "last", w->last);
		}
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

void wt_l1stats_sort(struct wt_l1_stats *tot)
{
	if (tot->npcs)
		qsort(tot->pcs, tot->npcs, sizeof(*tot->pcs), by_pc);
	if (tot->nwarps)
		qsort(tot->warps, tot->nwarps, sizeof(*tot->warps), by_kernel_warp);
}
