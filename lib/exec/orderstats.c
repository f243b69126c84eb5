/*
 * orderstats.c - trace-order's statistics file.
 */
#include "orderstats.h"

#include "json.h"
#include "provenance.h"
#include "util.h"

static void u64_array(struct wt_json *j, const char *key, const uint64_t *v,
		      unsigned n)
{
	wt_json_key(j, key);
	wt_json_begin_array(j);
	for (unsigned i = 0; i < n; i++)
		wt_json_u64(j, v[i]);
	wt_json_end_array(j);
}

void wt_orderstats_write(const char *path, const struct wt_orderrun *o,
			 const struct wt_machine *m, const struct wt_meta *meta,
			 int argc, char **argv)
{
	const struct wt_order_cfg *cfg = o->cfg;
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	uint64_t instrs = 0, lanes = 0, split = 0, ctas = 0, warps = 0;
	uint64_t tails = 0, all = 0, dropped = 0;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_json_stats_begin(j, "trace-order", argc, argv);
	wt_json_provenance(j, meta);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, m->name);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, m->origin);
	wt_json_key_u64(j, "sms", cfg->sms);
	wt_json_key_u64(j, "warp_size", cfg->warp_size);
	wt_json_key_u64(j, "max_threads", cfg->max_threads);
	wt_json_key_u64(j, "max_ctas", cfg->max_ctas);
	wt_json_key_u64(j, "max_warps", cfg->max_warps);
	wt_json_key_u64(j, "regs", cfg->regs);
	wt_json_key_u64(j, "shmem", cfg->shmem);
	wt_json_key_u64(j, "cta_threads", cfg->cta_threads);
	wt_json_key_u64(j, "reg_unit", cfg->reg_unit);
	wt_json_key_u64(j, "shmem_unit", cfg->shmem_unit);
	wt_json_key_u64(j, "schedulers", cfg->schedulers);
	wt_json_key(j, "policy");
	wt_json_string(j, wt_policy_name(cfg->policy));
	wt_json_key_u64(j, "active_warps", cfg->active_warps);
	wt_json_key_u64(j, "warp_limit", cfg->warp_limit);
	wt_json_key_u64(j, "cta_limit", cfg->cta_limit);
	wt_json_key_u64(j, "latency", cfg->latency);
	wt_json_key(j, "stores");
	wt_json_string(j, cfg->drop_stores ? "drop" : "keep");
	wt_json_key(j, "match");
	wt_json_string(j, cfg->match_position ? "position" : "exact");
	wt_json_end_object(j);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < o->nres; i++) {
		const struct wt_orderrun_kernel *r = &o->res[i];
		const struct wt_order_stats *st = &r->st;

		wt_json_begin_object(j);
		wt_json_key_u64(j, "id", r->k.id);
		wt_json_key(j, "name");
		wt_json_string(j, r->k.name);
		u64_array(j, "grid", (uint64_t[]){ r->k.grid[0], r->k.grid[1],
						   r->k.grid[2] }, 3);
		wt_json_key(j, "grid_inferred");
		wt_json_bool(j, r->inferred);
		u64_array(j, "block", (uint64_t[]){ r->k.block[0], r->k.block[1],
						    r->k.block[2] }, 3);
		wt_json_key_u64(j, "ctas", st->ctas);
		wt_json_key_u64(j, "warps", st->warps);
		wt_json_key_u64(j, "ctas_per_sm", st->ctas_per_sm);
		wt_json_key(j, "ctas_limited_by");
		wt_json_string(j, st->limited_by);
		wt_json_key_u64(j, "instructions", st->instrs);
		wt_json_key_u64(j, "no_access_records", st->tails);
		wt_json_key_u64(j, "all_instructions", st->instrs + st->nonmem);
		wt_json_key_u64(j, "split_instructions", st->split);
		if (cfg->drop_stores)
			wt_json_key_u64(j, "stores_dropped", st->stores_dropped);
		wt_json_key_u64(j, "active_lanes", st->lanes);
		wt_json_key(j, "mean_active_lanes");
		wt_json_double(j, st->instrs ? (double)st->lanes / st->instrs : 0);
		wt_json_key_u64(j, "start_cycle", st->start);
		wt_json_key_u64(j, "end_cycle", st->end);
		u64_array(j, "sm_instructions", st->sm_instrs, cfg->sms);
		u64_array(j, "sm_ctas", st->sm_ctas, cfg->sms);
		wt_json_end_object(j);
		instrs += st->instrs;
		tails += st->tails;
		all += st->instrs + st->nonmem;
		lanes += st->lanes;
		split += st->split;
		dropped += st->stores_dropped;
		ctas += st->ctas;
		warps += st->warps;
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "kernels", o->nres);
	wt_json_key_u64(j, "ctas", ctas);
	wt_json_key_u64(j, "warps", warps);
	wt_json_key_u64(j, "instructions", instrs);
	wt_json_key_u64(j, "no_access_records", tails);
	wt_json_key_u64(j, "all_instructions", all);
	wt_json_key_u64(j, "split_instructions", split);
	if (cfg->drop_stores)
		wt_json_key_u64(j, "stores_dropped", dropped);
	wt_json_key_u64(j, "active_lanes", lanes);
	wt_json_key_u64(j, "cycles", wt_orderrun_cycles(o));
	wt_json_end_object(j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

