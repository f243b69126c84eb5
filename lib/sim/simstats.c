/*
 * simstats.c - what gpusim measured, as JSON (gpusim.h): cycles, IPC,
 * the SMs' stall breakdown, the loads' latency from issue to wake-up,
 * per SM and per kernel, and the interconnect's traffic.
 */
#include "simint.h"

#include "l1policy.h"
#include "l2stage.h"
#include "util.h"

static void hist_json(struct wt_json *j, const char *key, const struct wt_l2_hist *h)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "loads", h->n);
	wt_l2stats_hist_json(j, h);	/* as l2sim writes its histograms */
	wt_json_end_object(j);
}

/* c's counts over cycles of the SMs' time (sm_cycles: cycles times SMs,
 * the population of the stall shares). */
static void counts_json(struct wt_json *j, const struct wt_sim_counts *c,
			uint64_t cycles, uint64_t sm_cycles)
{
	wt_json_key_u64(j, "instructions", c->instrs);
	wt_json_key_u64(j, "thread_instructions", c->thread_instrs);
	wt_json_key_u64(j, "memory_instructions", c->mem_instrs);
	wt_json_key_ratio(j, "ipc", (double)c->instrs, (double)cycles);
	wt_json_key_ratio(j, "thread_ipc", (double)c->thread_instrs, (double)cycles);
	wt_json_key_u64(j, "l1_requests", c->requests);
	wt_json_key_u64(j, "ctas", c->ctas);
	wt_json_key_u64(j, "warps", c->warps);
	wt_json_key(j, "l1_refusals");
	wt_json_begin_object(j);
	for (unsigned r = WT_REFUSE_QUEUE_FULL; r < WT_REFUSE_MAX; r++)
		if (r != WT_REFUSE_PAST && r != WT_REFUSE_NOT_MINE)
			wt_json_key_u64(j, wt_refusal_name((enum wt_refusal)r),
					c->refusals[r]);
	wt_json_end_object(j);
	wt_json_key_u64(j, "sm_cycles", sm_cycles);
	wt_json_key_u64(j, "issue_cycles", c->issue_cycles);
	wt_json_key(j, "stall_cycles");
	wt_json_begin_object(j);
	for (unsigned s = 0; s < WT_SIM_STALLS; s++)
		wt_json_key_u64(j, wt_sim_stall_name((enum wt_sim_stall)s), c->stall[s]);
	wt_json_end_object(j);
	hist_json(j, "load_latency", &c->latency);
}

static void icnt_json(struct wt_json *j, const char *key, const struct wt_icnt *n)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "packets", n->packets);
	wt_json_key_u64(j, "flits", n->flits);
	wt_json_key_u64(j, "port_wait_cycles", n->wait);
	wt_json_key_ratio(j, "mean_port_wait", (double)n->wait, (double)n->packets);
	wt_json_end_object(j);
}

void wt_gpusim_json(const struct wt_gpusim *g, struct wt_json *j)
{
	struct wt_sim_counts tot;
	uint64_t cycles = wt_gpusim_cycles(g);

	wt_gpusim_total(g, &tot);
	wt_json_key_u64(j, "cycles", cycles);
	wt_json_key_u64(j, "drained_at", g->drained);
	counts_json(j, &tot, cycles, cycles * g->nsm);
	wt_json_key(j, "interconnect");
	wt_json_begin_object(j);
	icnt_json(j, "requests", &g->up);
	icnt_json(j, "responses", &g->down);
	wt_json_end_object(j);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < g->nks; i++) {
		const struct wt_sim_kernel *k = &g->ks[i];
		uint64_t kc = k->end - k->start + 1;

		wt_json_begin_object(j);
		wt_json_key_u64(j, "kernel", k->id);
		wt_json_key(j, "name");
		wt_json_string(j, k->name);
		wt_json_key_u64(j, "start", k->start);
		wt_json_key_u64(j, "end", k->end);
		wt_json_key_u64(j, "cycles", kc);
		wt_json_key_u64(j, "ctas_per_sm", k->ctas_per_sm);
		wt_json_key(j, "limited_by");
		wt_json_string(j, k->limited_by ? k->limited_by : "");
		if (k->pol_chose)
			wt_l1_policy_kernel_json(j, g->cfg->l1->pol, k->pol_limit,
						 k->pol_decided, k->pol_rounds);
		counts_json(j, &k->c, kc, kc * g->nsm);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_key(j, "sms");
	wt_json_begin_array(j);
	for (unsigned s = 0; s < g->nsm; s++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "sm", s);
		counts_json(j, &g->sm[s].tot, cycles, cycles);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}
