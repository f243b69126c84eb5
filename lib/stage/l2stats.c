/*
 * l2stats.c - l2sim's --stats (l2stage.h): the settings, the outcomes
 * of all partitions together and of each, their banks and queueing
 * delays, and the warp instructions, PCs and warps.
 */
#include "l2stage.h"

#include "gscount.h"
#include "json.h"
#include "provenance.h"
#include "util.h"

void wt_l2stats_hist_json(struct wt_json *j, const struct wt_l2_hist *h)
{
	wt_json_key(j, "mean");
	wt_json_double(j, h->n ? (double)h->sum / (double)h->n : 0);
	wt_json_key_u64(j, "max", h->max);
	wt_json_key(j, "histogram");
	wt_json_begin_array(j);
	for (unsigned i = 0; i < WT_L2_HIST_BINS; i++) {
		uint64_t lo, hi;

		if (!h->bins[i])
			continue;
		wt_l2_hist_range(i, &lo, &hi);
		wt_json_begin_array(j);
		wt_json_u64(j, lo);
		wt_json_u64(j, hi);
		wt_json_u64(j, h->bins[i]);
		wt_json_end_array(j);
	}
	wt_json_end_array(j);
}

/* The sector counts of l2sector.c's way (lines, in a line L2). */
static void sectors_json(struct wt_l2stage *sim, struct wt_json *j, const struct wt_l2_stats *s)
{
	wt_json_key(j, "sectors");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "sector_bytes", sim->cfg.sectored ? sim->cfg.sector : sim->cfg.geom.line);
	wt_json_key_u64(j, "reads", s->sector_reads);
	wt_json_key_u64(j, "read_hits", s->sector_read_hits);
	wt_json_key_u64(j, "merged", s->sector_merged);
	wt_json_key_u64(j, "fetched", s->sector_fetched);
	wt_json_key_u64(j, "sector_misses", s->sector_misses);
	wt_json_key_ratio(j, "read_miss_rate", s->sector_reads - s->sector_read_hits,
			  s->sector_reads);
	wt_json_key_u64(j, "writes", s->sector_writes);
	wt_json_key_u64(j, "write_hits", s->sector_write_hits);
	wt_json_end_object(j);
}

/* The queueing delays' histogram with their count and sum, which the
 * statistics keep in the banks alone (struct wt_l2_stats). */
static struct wt_l2_hist queueing_delay(const struct wt_l2_stats *s)
{
	struct wt_l2_hist h = s->delay;

	for (unsigned b = 0; b < s->nbanks; b++) {
		h.n += s->bank[b].accesses;
		h.sum += s->bank[b].delay_sum;
	}
	return h;
}

void wt_l2stats_json(struct wt_l2stage *sim, struct wt_json *j,
		     const struct wt_l2_stats *s)
{
	struct wt_l2_hist delay;

	wt_json_key_u64(j, "requests", s->requests);
	wt_json_key_u64(j, "reads", s->loads);
	wt_json_key_u64(j, "writes", s->stores);
	wt_json_key_u64(j, "atomics", s->atomics);
	wt_json_key_u64(j, "hits", s->hits);
	wt_json_key_u64(j, "misses", s->misses);
	wt_json_key_u64(j, "merged", s->merged);
	wt_json_key_ratio(j, "hit_rate", s->hits, s->hits + s->misses);
	wt_gs_miss_rate_json(j, &s->gs);
	wt_json_key_u64(j, "write_hits", s->store_hits);
	wt_json_key_u64(j, "write_misses", s->store_misses);
	wt_json_key_u64(j, "write_backs", s->write_backs);
	wt_json_key_u64(j, "write_throughs", s->write_throughs);
	wt_json_key_u64(j, "bypasses", s->bypasses);
	wt_l2pol_counters_json(j, s->policy);
	wt_json_key(j, "reservation_fails");
	wt_json_begin_object(j);
	for (unsigned f = 0; f < WT_L2_FAIL_MAX; f++)
		wt_json_key_u64(j, wt_l2_fail_name(f), s->fails[f]);
	wt_json_end_object(j);
	if (sim->cfg.sectored || sim->cfg.write_allocate > WT_WALLOC_YES)
		sectors_json(sim, j, s);
	wt_json_key_u64(j, "memcpy_sectors", s->memcpy_sectors);
	wt_gs_json(j, &s->gs, sim->cfg.sectored ? "sector" : "line",
		   1u << WT_GS_LOAD | 1u << WT_GS_STORE | 1u << WT_GS_ATOMIC |
		   1u << WT_GS_WRITE_BACK);
	delay = queueing_delay(s);
	wt_json_key(j, "queueing_delay");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "requests", delay.n);
	wt_l2stats_hist_json(j, &delay);
	wt_json_end_object(j);
	wt_json_key(j, "banks");
	wt_json_begin_array(j);
	for (unsigned b = 0; b < s->nbanks; b++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "bank", b);
		wt_json_key_u64(j, "accesses", s->bank[b].accesses);
		wt_json_key_ratio(j, "mean_queue_delay", s->bank[b].delay_sum,
				  s->bank[b].accesses);
		wt_json_key_u64(j, "max_queue_length", s->bank[b].max_queue);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

static void types_json(struct wt_json *j, const uint64_t *n)
{
	for (unsigned t = 0; t < WT_WT_MAX; t++)
		wt_json_key_u64(j, wt_warp_type_name(t), n[t]);
}

static void instr_json(struct wt_json *j, const struct wt_l2_instr_stats *s,
		       int warps)
{
	wt_json_key(j, "inter_bank_divergence");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "all_hit_instructions", s->divergence.n);
	wt_l2stats_hist_json(j, &s->divergence);
	wt_json_end_object(j);
	wt_json_key(j, "warp_instructions");
	wt_json_begin_object(j);
	types_json(j, s->instructions);
	wt_json_end_object(j);
	wt_json_key_u64(j, "stall_cycles", s->stall);
	wt_json_key_ratio(j, "mean_stall", (double)s->stall, (double)s->ninstr);
	wt_json_key(j, "pcs");
	wt_json_begin_array(j);
	for (size_t i = 0; i < s->npcs; i++) {
		char buf[16];

		wt_json_begin_object(j);
		wt_json_key(j, "pc");
		wt_json_string(j, wt_snprintf(buf, sizeof(buf), "0x%x", s->pcs[i].pc));
		wt_json_key_u64(j, "accesses", s->pcs[i].accesses);
		wt_json_key_u64(j, "hits", s->pcs[i].hits);
		wt_json_key_ratio(j, "hit_rate", s->pcs[i].hits, s->pcs[i].accesses);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	if (!warps)
		return;
	wt_json_key(j, "warps");
	wt_json_begin_array(j);
	for (size_t i = 0; i < s->nwarps; i++) {
		const struct wt_l2_warp *w = &s->warps[i];

		wt_json_begin_object(j);
		wt_json_key_u64(j, "kernel", w->kernel);
		wt_json_key_u64(j, "warp", w->warp);
		wt_json_key_u64(j, "cta", w->cta);
		wt_json_key_u64(j, "sm", w->sm);
		wt_json_key_u64(j, "accesses", w->accesses);
		wt_json_key_u64(j, "hits", w->hits);
		wt_json_key_ratio(j, "hit_rate", w->hits, w->accesses);
		wt_json_key(j, "instructions");
		wt_json_begin_object(j);
		types_json(j, w->instructions);
		wt_json_end_object(j);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

void wt_l2stats_settings_json(struct wt_l2stage *sim, struct wt_json *j)
{
	const struct wt_l2_cfg *c = &sim->cfg;
	const struct wt_l2pol_cfg *pc = &sim->pol;

	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, sim->arch);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, sim->machine.origin);
	wt_json_key_u64(j, "partitions", sim->map.n);
	wt_json_key_u64(j, "sub_partitions", sim->map.sub);
	wt_json_key(j, "map");
	wt_json_string(j, sim->map.name);
	wt_json_key_u64(j, "size", sim->size);
	wt_json_key_u64(j, "sets", c->geom.sets);
	wt_json_key_u64(j, "assoc", c->geom.assoc);
	wt_json_key_u64(j, "line", c->geom.line);
	wt_json_key(j, "index");
	wt_json_string(j, c->ix.name);
	wt_json_key(j, "replacement");
	wt_json_string(j, (const char *[]){ "lru", "fifo", "random" }[c->geom.repl]);
	wt_json_key(j, "write");
	wt_json_string(j, c->write_back ? "write-back" : "write-through");
	wt_json_key(j, "write_allocate");
	wt_json_bool(j, c->write_allocate);
	wt_json_key(j, "write_allocate_policy");
	wt_json_string(j, wt_walloc_name((unsigned)c->write_allocate));
	wt_json_key(j, "sectored");
	wt_json_bool(j, c->sectored);
	wt_json_key_u64(j, "sector", c->sector);
	wt_json_key(j, "memcpy");
	wt_json_string(j, (const char *[]){ "ignore", "warm", "warm-full" }[sim->memcpy]);
	wt_json_key_u64(j, "banks", c->banks);
	wt_json_key_u64(j, "bank_bit", c->bank_bit);
	wt_json_key_u64(j, "ports", c->ports);
	wt_json_key_u64(j, "bank_queue", c->bank_queue);
	wt_json_key_u64(j, "bank_cycle", c->bank_cycle);
	wt_json_key_u64(j, "tag_latency", c->tag_latency);
	wt_json_key_u64(j, "icnt_latency", sim->icnt);
	wt_json_key_u64(j, "mshr", c->mshr_entries);
	wt_json_key_u64(j, "mshr_merge", c->mshr_merge);
	wt_json_key_u64(j, "miss_latency", c->miss_latency);
	wt_json_key(j, "disabled");
	wt_json_bool(j, c->disabled);
	wt_l2pol_settings_json(j, pc);
	wt_json_key(j, "events");
	wt_json_string(j, c->emit_all ? "all" : "misses");
	if (sim->no_warp_table) {	/* said only when left out */
		wt_json_key(j, "stats_warps");
		wt_json_bool(j, 0);
	}
	wt_json_end_object(j);
}

void wt_l2stage_stats(struct wt_l2stage *sim, const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_l2_stats tot;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_l2_stats_init(&tot, sim->cfg.banks);
	for (unsigned p = 0; p < sim->nparts; p++)
		wt_l2_stats_merge(&tot, &wt_l2stage_part(sim, p)->st);
	wt_json_stats_begin(j, "l2sim", argc, argv);
	wt_json_provenance(j, &sim->meta);
	wt_l2stats_settings_json(sim, j);
	wt_json_key_u64(j, "not_for_l2", sim->not_for_l2);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_l2stats_json(sim, j, &tot);
	wt_json_end_object(j);
	wt_json_key(j, "partitions");
	wt_json_begin_array(j);
	for (unsigned p = 0; p < sim->nparts; p++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "partition", p);
		wt_l2stats_json(sim, j, &wt_l2stage_part(sim, p)->st);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	instr_json(j, &sim->is, !sim->no_warp_table);
	wt_json_end_object(j);
	wt_l2_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/* ---- setup ---- */