/*
 * simsetup.h - gpusim's configuration, made the way the pipeline makes
 * its stages': the machine (of --arch, --gpgpusim-config or the stream),
 * then coalesce's, l1sim's, l2sim's and dramsim's own option parsing and
 * configuration code on the option strings gpusim was given (--coalesce,
 * --l1, --l2, --dram), each stage seeing the header keys its upstream
 * stage would have written.  So the same machine and the same options
 * give the same L1s, L2 slices and DRAM channels in both.
 */
#ifndef WT_SIMSETUP_H
#define WT_SIMSETUP_H

#include "coalopt.h"
#include "dramopt.h"
#include "dramstage.h"
#include "gpusim.h"
#include "l1opt.h"
#include "l1stage.h"
#include "l2opt.h"
#include "l2policy.h"
#include "l2stage.h"

/* The stages gpusim configures from option strings. */
enum wt_sim_part { WT_SIM_COALESCE, WT_SIM_L1, WT_SIM_L2, WT_SIM_DRAM, WT_SIM_PARTS };

/* gpusim's own settings of the SMs and the network; 0 (or NULL): the
 * machine's, or the default. */
struct wt_sim_opts {
	unsigned sms, schedulers, active_warps, warp_limit, cta_limit;
	const char *policy;		/* lrr, gto, two-level */
	unsigned icnt_latency;		/* 0: l2sim's --icnt-latency */
	int icnt_latency_set;
	unsigned flit, credits, issue_interval, shmem_latency;
	int all_loads;		/* --deps=loads */
	unsigned alu_latency;
	int alu_latency_set;
	unsigned pipeline_latency;	/* with pipeline_latency_set; else 5 */
	int pipeline_latency_set;
	unsigned rop_latency;		/* with rop_latency_set; else the L2's
					   machine's gpgpu_l2_rop_latency */
	int rop_latency_set;
	unsigned launch_latency;
};

struct wt_sim_setup {
	struct wt_machine machine;	/* the SMs' (trace-order's) */
	struct wt_coalsetup co;
	struct wt_l1stage l1;
	struct wt_l2stage l2;
	struct wt_dramstage dram;
	struct wt_l2pols *l2pols;	/* the L2's policies, or NULL */
	struct wt_gpusim_cfg cfg;
	struct wt_meta meta;		/* for the statistics' provenance */
	char **argv[WT_SIM_PARTS];	/* the option strings, split */
};

/*
 * Configure su from gpusim's command line (a: the machine options; parts:
 * the strings of --coalesce, --l1, --l2, --dram, NULL where not given;
 * o: its own options) and the input's header metadata (NULL before it
 * is read).  A usage error where a part's options do not work, or ask
 * for what gpusim does not model yet (it says what).
 */
void wt_sim_setup(struct wt_sim_setup *su, const struct wt_stage_args *a,
		  const char *const parts[WT_SIM_PARTS], const struct wt_sim_opts *o,
		  const struct wt_meta *stream);
/* The members "settings" (gpusim's own and the timing), "l1", "l2" and
 * "dram" of the statistics, from g's models. */
void wt_sim_setup_json(struct wt_sim_setup *su, struct wt_gpusim *g,
		       struct wt_json *j);
void wt_sim_setup_free(struct wt_sim_setup *su);

#endif
