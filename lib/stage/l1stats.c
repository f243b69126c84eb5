/*
 * l1stats.c - the counts of l1sim's --stats file: an L1's counts, its
 * sectors, reuse histograms and per-PC loads, and the warps' counts.
 * And the whole file (wt_l1stage_stats): the settings, the total, the
 * kernels, the policies' counts, each SM's, the warps'.
 */
#include "l1stats.h"
#include "keysort.h"
#include "l1stage.h"
#include "provenance.h"
#include "shards.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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

/* The warps by kernel, then warp, those of equal keys in the order they
 * came: one move of each entry in the order wt_keysort finds. */
static void sort_warps(struct wt_l1_stats *tot)
{
	size_t n = tot->nwarps;
	uint64_t *key = wt_malloc(n * sizeof(*key));
	uint32_t *order = wt_malloc(n * sizeof(*order));
	struct wt_warp_stats *sorted = wt_malloc(n * sizeof(*sorted));

	for (size_t i = 0; i < n; i++)
		key[i] = (uint64_t)tot->warps[i].kernel << 32 | tot->warps[i].warp;
	wt_keysort(key, n, order);
	for (size_t i = 0; i < n; i++)
		sorted[i] = tot->warps[order[i]];
	free(tot->warps);
	tot->warps = sorted;
	tot->capwarps = n;
	free(key);
	free(order);
}

void wt_l1stats_sort(struct wt_l1_stats *tot)
{
	if (tot->npcs)
		qsort(tot->pcs, tot->npcs, sizeof(*tot->pcs), by_pc);
	if (tot->nwarps)
		sort_warps(tot);
}

/* Loads, hits and misses of each kernel, from its warps: what a profiler
 * reports per kernel (report --compare).  The warps are sorted by kernel
 * (wt_l1stats_sort): one pass over them serves every kernel. */
static void kernels_json(const struct wt_l1stage *sim, struct wt_json *j,
			 const struct wt_l1_stats *s)
{
	size_t i = 0;

	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t k = 0; k < sim->nnames; k++) {
		uint64_t loads = 0, hits = 0, misses = 0;

		while (i < s->nwarps && s->warps[i].kernel < k)
			i++;
		for (; i < s->nwarps && s->warps[i].kernel == k; i++) {
			loads += s->warps[i].loads;
			hits += s->warps[i].hits;
			misses += s->warps[i].misses;
		}
		wt_json_begin_object(j);
		wt_json_key_u64(j, "id", k);
		wt_json_key(j, "name");
		wt_json_string(j, sim->names[k]);
		wt_json_key_u64(j, "loads", loads);
		wt_json_key_u64(j, "hits", hits);
		wt_json_key_u64(j, "misses", misses);
		wt_json_key_ratio(j, "miss_rate", (double)misses, (double)(hits + misses));
		if (sim->l1_sizes)
			wt_json_key_u64(j, "l1_size", sim->l1_sizes[k]);
		if (sim->choices)
			wt_l1_policy_kernel_json(j, &sim->pol, sim->choices[k].limit,
						 sim->choices[k].decided,
						 sim->choices[k].rounds);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

/* The state of a policy across SMs, as wt_l1_policy_stats_json asks. */
static void *gstate(const void *sim, const struct wt_l1_policy_ops *ops)
{
	return wt_l1stage_gpol(sim, ops);
}

/* What the mechanisms did, summed over SMs. */
static void policy_json(struct wt_l1stage *sim, struct wt_json *j,
			const struct wt_pol_stats *ps)
{
	struct wt_l1 **l1 = wt_calloc(sim->nsm ? sim->nsm : 1, sizeof(*l1));

	for (unsigned s = 0; s < sim->nsm; s++)
		l1[s] = wt_l1stage_l1(sim, s);
	wt_l1_policy_stats_json(j, &sim->pol, ps, l1, sim->nsm, gstate, sim);
	free(l1);
}

/* The "settings" member: the L1 as configured; sched names who orders
 * its requests (l1sim: "stream" or "pool"; gpusim: "closed"). */
void wt_l1stats_settings_json(const struct wt_l1stage *sim, struct wt_json *j,
			      const char *sched)
{
	const struct wt_l1_cfg *c = &sim->su.cfg;

	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, sim->arch);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, sim->machine.origin);
	wt_json_key_u64(j, "size", (uint64_t)c->geom.sets * c->geom.assoc * c->geom.line);
	wt_json_key_u64(j, "sets", c->geom.sets);
	wt_json_key_u64(j, "assoc", c->geom.assoc);
	wt_json_key_u64(j, "line", c->geom.line);
	wt_json_key(j, "index");
	wt_json_string(j, c->ix.name);
	wt_json_key(j, "replacement");
	wt_json_string(j, (const char *[]){ "lru", "fifo", "random" }[c->geom.repl]);
	wt_json_key_u64(j, "insert", c->geom.insert);
	wt_json_key(j, "write");
	wt_json_string(j, wt_write_policy_name(c->write));
	wt_json_key(j, "write_allocate");
	wt_json_bool(j, c->write_allocate);
	wt_json_key(j, "write_allocate_policy");
	wt_json_string(j, wt_walloc_name((unsigned)c->write_allocate));
	wt_json_key(j, "sectored");
	wt_json_bool(j, c->sectored && c->mode == WT_L1_BOUNDED);
	wt_json_key_u64(j, "sector", c->sector);
	wt_json_key(j, "skip_global");
	wt_json_bool(j, c->skip_global);
	wt_json_key(j, "flush");
	wt_json_bool(j, sim->flush);
	wt_json_key_u64(j, "unified", sim->unified);
	wt_json_key(j, "cache_ops");
	wt_json_string(j, (const char *[]){ "hardware", "accelsim", "ignore" }[c->cacheops]);
	wt_json_key(j, "alloc");
	wt_json_string(j, c->alloc_on_fill ? "fill" : "miss");
	wt_json_key_u64(j, "mshr", c->mshr_entries);
	wt_json_key_u64(j, "mshr_merge", c->mshr_merge);
	wt_json_key_u64(j, "mshr_per_warp", c->mshr_per_warp);
	wt_json_key_u64(j, "miss_queue", c->miss_queue);
	wt_json_key_u64(j, "hit_latency", c->hit_latency);
	wt_json_key_u64(j, "miss_latency", c->miss_latency);
	wt_json_key(j, "sigma");
	wt_json_double(j, c->sigma);
	wt_json_key_u64(j, "seed", c->seed);
	wt_json_key(j, "mode");
	wt_json_string(j, wt_l1_mode_name(c->mode));
	wt_json_key(j, "events");
	wt_json_string(j, c->emit_all ? "all" : "misses");
	wt_json_key(j, "sched");
	wt_json_string(j, sched);
	if (strcmp(sched, "pool") == 0) {
		wt_json_key(j, "ctas");
		if (sim->ctas_set)
			wt_json_u64(j, sim->su.pc.ctas);
		else
			wt_json_string(j, "ctas_per_sm");
		wt_json_key(j, "refill");
		wt_json_string(j, sim->su.pc.refill_set ? "set" : "cta");
		wt_json_key(j, "warp_delay");
		wt_json_bool(j, sim->su.pc.delay);
		wt_json_key(j, "icount");
		wt_json_bool(j, sim->su.pc.icount);
		wt_json_key(j, "mshr_check");
		wt_json_string(j, sim->su.pc.mshr_instr ? "instruction" : "request");
		wt_json_key(j, "request_order");
		wt_json_string(j, sim->su.pc.lane_order ? "lane" : "stream");
		wt_json_key(j, "exit_slot");
		wt_json_bool(j, sim->su.pc.exit_slot);
		wt_json_key(j, "stores");
		wt_json_string(j, sim->su.pc.drop_stores ? "drop" : "cache");
	}
	wt_json_key(j, "pending");
	wt_json_string(j, c->pending_miss ? "miss" : "merge");
	if (sim->no_warp_table) {	/* said only when left out */
		wt_json_key(j, "stats_warps");
		wt_json_bool(j, 0);
	}
	wt_json_key(j, "reuse");
	wt_json_string(j, wt_l1_reuse_name(c->reuse));
	if (c->reuse == WT_L1_REUSE_SAMPLED) {
		wt_json_key(j, "reuse_rate");
		wt_json_double(j, c->reuse_rate);
	}
	wt_l1_policy_settings_json(j, &sim->pol, sim->su.pool);
	wt_json_end_object(j);
}

void wt_l1stage_stats(struct wt_l1stage *sim, const char *path, int argc,
		      char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_l1_stats tot;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	memset(&tot, 0, sizeof(tot));
	tot.first = UINT64_MAX;
	wt_rdhist_init(&tot.fa, 4096);
	wt_rdhist_init(&tot.set, 256);
	for (unsigned s = 0; s < sim->nsm; s++) {
		struct wt_l1_stats *st = wt_l1stage_sm_stats(sim, s);

		wt_l1_stats_merge(&tot, st);
		free(st->warps);	/* tot has them now */
		st->warps = NULL;
		st->nwarps = st->capwarps = 0;
	}
	wt_l1stats_sort(&tot);
	wt_json_stats_begin(j, "l1sim", argc, argv);
	wt_json_provenance(j, &sim->meta);
	wt_l1stats_settings_json(sim, j, sim->su.pool ? "pool" : "stream");
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_l1stats_json(j, &sim->su, &tot, 1);
	if (sim->pol.flags)
		policy_json(sim, j, &tot.pol);
	wt_json_end_object(j);
	kernels_json(sim, j, &tot);
	wt_json_key(j, "sms");
	wt_json_begin_array(j);
	for (unsigned s = 0; s < sim->nsm; s++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "sm", s);
		wt_l1stats_json(j, &sim->su, wt_l1stage_sm_stats(sim, s), 0);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	if (!sim->no_warp_table)
		wt_l1stats_warps_json(j, &tot);
	wt_json_end_object(j);
	wt_l1_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}
