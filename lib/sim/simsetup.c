/*
 * simsetup.c - gpusim's configuration (simsetup.h).
 */
#include "simsetup.h"

#include "dramhook.h"
#include "l1comp.h"
#include "l1policy.h"
#include "l1stats.h"
#include "l2comp.h"
#include "dramcomp.h"
#include "provenance.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char *const part_opt[WT_SIM_PARTS] = {
	"gpusim --coalesce", "gpusim --l1", "gpusim --l2", "gpusim --dram",
};

/* s split at blanks, after name: a NULL-ended argv; *argc its count. */
static char **split(const char *name, const char *s, int *argc)
{
	size_t cap = 4, n = 0;
	char **v = wt_calloc(cap, sizeof(*v));

	v[n++] = wt_strdup(name);
	while (s && *s) {
		size_t len;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		len = strcspn(s, " \t\n");
		if (n + 2 > cap) {
			cap *= 2;
			v = wt_realloc(v, cap * sizeof(*v));
		}
		v[n] = wt_calloc(len + 1, 1);
		memcpy(v[n++], s, len);
		s += len;
	}
	v[n] = NULL;
	*argc = (int)n;
	return v;
}

static void set_u(struct wt_meta *m, const char *key, unsigned v)
{
	char buf[32];

	wt_meta_set(m, key, wt_snprintf(buf, sizeof(buf), "%u", v));
}

/* What gpusim does not model: a usage error that says so.  (The L1
 * model refuses external fills itself in the unbounded and bypass modes
 * and with pending misses: wt_gpusim_new says so.) */
static void l1_limits(const struct wt_sim_setup *su)
{
	const struct wt_l1stage *l = &su->l1;

	/* a policy that needs the pool runs its hooks on gpusim's SMs */
	if (l->pool_asked || (l->su.pool && !wt_l1_policy_needs_pool(&l->pol)))
		wt_die(WT_EXIT_USAGE, "--l1: --sched=pool: gpusim's SMs schedule "
		       "the warps themselves (see gpusim's --policy)");
	if (l->req_sector)
		wt_die(WT_EXIT_USAGE, "--l1: the L1's sectors (%u bytes) "
		       "differ from the coalescer's (%u): give both one size",
		       l->su.cfg.sector, l->req_sector);
}

static void sm_options(struct wt_sim_setup *su, const struct wt_sim_opts *o)
{
	struct wt_order_cfg *oc = &su->cfg.order;
	int p;

	wt_order_cfg_machine(oc, &su->machine);
	if (su->l1.sms)
		oc->sms = su->l1.sms;	/* trace-order's, as the stream says */
	if (su->l1.warp_size)
		oc->warp_size = su->l1.warp_size;
	if (o->sms)
		oc->sms = o->sms;
	if (o->schedulers)
		oc->schedulers = o->schedulers;
	if (o->policy) {
		if ((p = wt_policy_parse(o->policy)) < 0)
			wt_die(WT_EXIT_USAGE, "--policy=%s: expected lrr, gto or "
			       "two-level", o->policy);
		oc->policy = (enum wt_policy)p;
	}
	if (o->active_warps)
		oc->active_warps = o->active_warps;
	oc->warp_limit = o->warp_limit;
	oc->cta_limit = o->cta_limit;
	/* the L1 policies' limits are per scheduler: gpusim's */
	su->l1.pol.schedulers = oc->schedulers ? oc->schedulers : 1;
}

/* Each class's latency: the machine's (Accel-Sim's latency of the
 * class's unit), or --alu-latency's for all. */
static void latencies(struct wt_gpusim_cfg *c, const struct wt_machine *m,
		      const struct wt_sim_opts *o)
{
	char key[64];

	c->latency_set = o->alu_latency_set;
	/* Accel-Sim's dependent instructions issue their unit's latency
	 * plus 5 cycles apart on its QV100 configuration, 6 on the GTX
	 * 1080's (with a perfect instruction cache), in every class: its
	 * operand collector, dispatch and write-back stages */
	c->pipeline_latency = o->pipeline_latency_set ? o->pipeline_latency : 5;
	for (unsigned k = 0; k < WT_LAT_CLASSES; k++) {
		wt_snprintf(key, sizeof(key), "trace_opcode_latency_initiation_%s",
			    wt_lat_class_name(k));
		c->latency[k] = o->alu_latency_set ? o->alu_latency :
			(unsigned)atoi(wt_machine_get(m, key));
	}
}

void wt_sim_setup(struct wt_sim_setup *su, const struct wt_stage_args *a,
		  const char *const parts[WT_SIM_PARTS], const struct wt_sim_opts *o,
		  const struct wt_meta *stream)
{
	struct wt_gpusim_cfg *c = &su->cfg;
	int argc[WT_SIM_PARTS];
	struct wt_meta m, opts;

	/* every argv is made before the first configure (l1opt.h) */
	for (unsigned i = 0; i < WT_SIM_PARTS; i++)
		su->argv[i] = split(part_opt[i], parts[i], &argc[i]);
	wt_machine_init(&su->machine);
	wt_meta_init(&opts);
	wt_stage_machine("trace-order", a, stream, &su->machine, &opts);
	wt_meta_free(&opts);
	/* each stage sees the header its upstream stage would write */
	wt_meta_init(&m);
	if (stream)
		wt_meta_copy(&m, stream);
	wt_machine_to_meta(&su->machine, &m);
	wt_coalopt_configure_argv(&su->co, argc[WT_SIM_COALESCE],
				  su->argv[WT_SIM_COALESCE], &m);
	wt_meta_set(&m, "coalesce_rules", wt_coalesce_rules_name(su->co.cfg.rules));
	set_u(&m, "line_size", su->co.cfg.line);
	set_u(&m, "sector_size", su->co.cfg.sector);
	wt_l1stage_configure(&su->l1, argc[WT_SIM_L1], su->argv[WT_SIM_L1], &m);
	l1_limits(su);
	wt_l1stage_header(&su->l1, &m);
	wt_l2stage_configure(&su->l2, argc[WT_SIM_L2], su->argv[WT_SIM_L2], &m);
	wt_dramstage_configure(&su->dram, argc[WT_SIM_DRAM], su->argv[WT_SIM_DRAM], &m);

	su->l1.su.cfg.external_fill = 1;
	su->l1.su.cfg.no_warp_stats = 1;
	su->l2.cfg.external_fill = 1;
	/* a DRAM scheduler that learns from the L2's hits (MeDiC's) sees
	 * them, as dramsim does behind l2sim --events=all */
	if (su->dram.cfg.sched->event)
		su->l2.cfg.emit_all = 1;
	if (wt_l2pol_any(&su->l2.pol))
		su->l2pols = wt_l2pols_new(&su->l2.pol);
	sm_options(su, o);
	c->coal = &su->co.cfg;
	c->shmem = &su->co.sh;
	c->l1 = &su->l1.su.cfg;
	c->l1_flush = su->l1.flush;
	c->l2 = &su->l2.cfg;
	c->l2pols = su->l2pols;
	c->l2pol = &su->l2.pol;
	c->pmap = &su->l2.map;
	c->dram = &su->dram.cfg;
	c->dmap = &su->dram.map;
	c->clk = &su->dram.clk;
	c->dram_sched = su->dram.sched;
	c->line = su->dram.line;
	c->sector = su->dram.sector;
	c->dram_latency = su->dram.latency_in;
	c->rop_latency = o->rop_latency_set ? o->rop_latency :
		(unsigned)atoi(wt_machine_get(&su->l2.machine, "gpgpu_l2_rop_latency"));
	c->launch_latency = o->launch_latency;
	c->icnt_latency = o->icnt_latency_set ? o->icnt_latency : su->l2.icnt;
	c->flit = o->flit ? o->flit : 32;
	c->credits = o->credits ? o->credits : 16;
	c->issue_interval = o->issue_interval ? o->issue_interval : 1;
	c->shmem_latency = o->shmem_latency ? o->shmem_latency : 20;
	c->all_loads = o->all_loads;
	latencies(c, &su->machine, o);
	c->l2_queue = 1024;
	/* the first of GPGPU-Sim's partition queues: interconnect to L2 */
	c->l2_in_queue = (unsigned)atoi(wt_machine_get(&su->l2.machine,
						      "gpgpu_dram_partition_queues"));
	if (c->l2_in_queue < 4)
		c->l2_in_queue = 4;	/* one line's sectors at least */

	/* provenance: gpusim's timing, never compared with l1sim's */
	wt_meta_init(&su->meta);
	wt_meta_copy(&su->meta, &m);
	wt_meta_set(&su->meta, "l1_sched", "closed");
	wt_meta_set(&su->meta, "policy", wt_policy_name(c->order.policy));
	wt_meta_free(&m);
}

static void settings_json(const struct wt_sim_setup *su, struct wt_json *j)
{
	const struct wt_gpusim_cfg *c = &su->cfg;
	const struct wt_order_cfg *oc = &c->order;

	wt_json_key(j, "timing");
	wt_json_string(j, "closed-loop: SMs, L1, interconnect, L2 and DRAM on one "
		       "clock (gpusim), core cycles");
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "sms", oc->sms);
	wt_json_key_u64(j, "warp_size", oc->warp_size);
	wt_json_key_u64(j, "schedulers", oc->schedulers);
	wt_json_key(j, "warp_scheduler");
	wt_json_string(j, wt_policy_name(oc->policy));
	wt_json_key_u64(j, "active_warps", oc->active_warps);
	wt_json_key_u64(j, "warp_limit", oc->warp_limit);
	wt_json_key_u64(j, "cta_limit", oc->cta_limit);
	wt_json_key_u64(j, "issue_interval", c->issue_interval);
	wt_json_key_u64(j, "shmem_latency", c->shmem_latency);
	wt_json_key(j, "instruction_latency");
	wt_json_begin_object(j);
	for (unsigned k = 0; k < WT_LAT_CLASSES; k++)
		wt_json_key_u64(j, wt_lat_class_name(k), c->latency[k]);
	wt_json_key(j, "from");
	wt_json_string(j, c->latency_set ? "--alu-latency" :
		       "the machine (trace_opcode_latency_initiation_*)");
	wt_json_key_u64(j, "pipeline", c->pipeline_latency);
	wt_json_end_object(j);
	wt_json_key(j, "deps");
	wt_json_string(j, c->all_loads ? "loads" : "trace");
	wt_json_key_u64(j, "icnt_latency", c->icnt_latency);
	wt_json_key_u64(j, "flit_bytes", c->flit);
	wt_json_key_u64(j, "credits", c->credits);
	wt_json_key_u64(j, "dram_latency", c->dram_latency);
	wt_json_key_u64(j, "rop_latency", c->rop_latency);
	wt_json_key_u64(j, "l2_in_queue", c->l2_in_queue);
	wt_json_key_u64(j, "launch_latency", c->launch_latency);
	wt_json_key_u64(j, "l2_slices", c->pmap->slices);
	wt_json_key_u64(j, "dram_channels", c->dram->channels);
	wt_json_key(j, "l1_index");
	wt_json_string(j, c->l1->ix.name);
	wt_json_key_u64(j, "l1_size", su->l1.su.size);
	wt_json_key(j, "l1_policy");
	wt_json_string(j, su->l1.pol.name ? su->l1.pol.name : "none");
	wt_json_end_object(j);
}

/* A policy's state across the SMs, as wt_l1_policy_stats_json asks. */
static void *gstate(const void *g, const struct wt_l1_policy_ops *ops)
{
	return wt_gpusim_gpol(g, ops);
}

static void l1_json(struct wt_sim_setup *su, struct wt_gpusim *g, struct wt_json *j)
{
	struct wt_l1_stats tot;
	unsigned n = su->cfg.order.sms;
	struct wt_l1 **l1 = wt_calloc(n ? n : 1, sizeof(*l1));

	memset(&tot, 0, sizeof(tot));
	wt_rdhist_init(&tot.fa, 4096);	/* as l1sim's total */
	wt_rdhist_init(&tot.set, 256);
	for (unsigned s = 0; s < n; s++) {
		l1[s] = wt_l1_component_model(wt_gpusim_l1(g, s));
		wt_l1_stats_merge(&tot, &l1[s]->st);
	}
	wt_json_key(j, "l1");
	wt_json_begin_object(j);
	wt_l1stats_settings_json(&su->l1, j, "closed");
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_l1stats_json(j, &su->l1.su, &tot, 0);
	wt_json_end_object(j);
	/* what the policies did, as l1sim's "policy" */
	if (su->l1.pol.flags)
		wt_l1_policy_stats_json(j, &su->l1.pol, &tot.pol, l1, n, gstate, g);
	wt_json_end_object(j);
	wt_l1_stats_free(&tot);
	free(l1);
}

static void l2_json(struct wt_sim_setup *su, struct wt_gpusim *g, struct wt_json *j)
{
	unsigned n = su->cfg.pmap->slices;
	struct wt_l2_stats tot;

	wt_l2_stats_init(&tot, su->l2.cfg.banks);
	for (unsigned p = 0; p < n; p++)
		wt_l2_stats_merge(&tot, &wt_l2_component_model(wt_gpusim_l2(g, p))->st);
	wt_json_key(j, "l2");
	wt_json_begin_object(j);
	wt_l2stats_settings_json(&su->l2, j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_l2stats_json(&su->l2, j, &tot);
	wt_json_end_object(j);
	wt_json_key(j, "partitions");
	wt_json_begin_array(j);
	for (unsigned p = 0; p < n; p++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "partition", p);
		wt_l2stats_json(&su->l2, j, &wt_l2_component_model(wt_gpusim_l2(g, p))->st);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_end_object(j);
	wt_l2_stats_free(&tot);
}

static void dram_json(struct wt_sim_setup *su, struct wt_gpusim *g, struct wt_json *j)
{
	unsigned n = su->cfg.dram->channels;
	struct wt_dram_stats tot;

	memset(&tot, 0, sizeof(tot));
	tot.first = UINT64_MAX;
	for (unsigned i = 0; i < n; i++) {
		const struct wt_dram_chan *ch = wt_dram_component_chan(wt_gpusim_dram(g, i));

		wt_dram_stats_add(&tot, &ch->st);
		wt_dram_stats_add_lat(&tot, &ch->st);
	}
	wt_json_key(j, "dram");
	wt_json_begin_object(j);
	wt_dramstats_settings_json(&su->dram, j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_dramstats_json(&su->dram, j, &tot, 0, n, 1);
	wt_json_end_object(j);
	wt_json_key(j, "channels");
	wt_json_begin_array(j);
	for (unsigned i = 0; i < n; i++) {
		const struct wt_dram_chan *ch = wt_dram_component_chan(wt_gpusim_dram(g, i));

		wt_json_begin_object(j);
		wt_json_key_u64(j, "channel", i);
		wt_dramstats_json(&su->dram, j, &ch->st, 0, 1, 0);
		wt_dramstats_banks_json(&su->dram, j, ch);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_end_object(j);
	wt_dram_stats_free(&tot);
}

void wt_sim_setup_json(struct wt_sim_setup *su, struct wt_gpusim *g,
		       struct wt_json *j)
{
	wt_json_provenance(j, &su->meta);
	settings_json(su, j);
	wt_gpusim_json(g, j);
	l1_json(su, g, j);
	l2_json(su, g, j);
	dram_json(su, g, j);
}

void wt_sim_setup_free(struct wt_sim_setup *su)
{
	if (su->l2pols)
		wt_l2pols_free(su->l2pols);
	wt_meta_free(&su->meta);
	wt_machine_free(&su->machine);
	wt_machine_free(&su->co.machine);
	for (unsigned i = 0; i < WT_SIM_PARTS; i++) {
		for (size_t k = 0; su->argv[i] && su->argv[i][k]; k++)
			free(su->argv[i][k]);
		free(su->argv[i]);
	}
}
