/*
 * l1policy.h - the L1 management policies of the papers and their
 * baselines, as l1sim --policy names them: which mechanisms run, and
 * their parameters (the papers' values by default).
 *
 * A policy is a set of mechanisms, each a file that fills the hooks of
 * l1hook.h, through which the L1 model and the warp pool call them:
 * pol_sbyp.c, pol_abyp.c, pol_pd.c, pol_apcm.c, pol_pcal.c, pol_mrpb.c,
 * pol_ccws.c, pol_dwtcs.c, pol_swt.c, pol_wlimit.c (a static warp
 * limit) and pol_randbyp.c; the state machines they drive are in sbyp.c,
 * abyp.c, apcm.c, ccws.c and dwtcs.c.  l1policy.c lists them
 * (wt_l1_policy_ops_of); man l1sim(1), "Management policies", gives
 * every reading.
 */
#ifndef WT_L1POLICY_H
#define WT_L1POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "apcm.h"
#include "ccws.h"
#include "dwtcs.h"
#include "l1hook.h"

/* The bits of struct wt_l1_policy's flags: bit i is the policy at place i
 * of l1policy.c's table (a policy added there needs none of these). */
enum {
	WT_POL_SBYP = 1 << 0,	/* Khairy 4.1: bypass a streaming L1 */
	WT_POL_DWTCS = 1 << 1,	/* Khairy 4.2: warp throttling by core sampling */
	WT_POL_SWT = 1 << 2,	/* best static warp limit, searched per kernel */
	WT_POL_CCWS = 1 << 3,	/* Rogers et al.: lost-locality throttling */
	WT_POL_MRPB = 1 << 4,	/* Jia et al.: reorder buffer, bypass on stall */
	WT_POL_PCAL = 1 << 5,	/* Li et al.: token-based allocation */
	WT_POL_PD = 1 << 6,	/* Duong et al.: static protecting distance */
	WT_POL_APCM = 1 << 7,	/* Koo et al.: per-load bypass and protection */
	WT_POL_ABYP = 1 << 8,	/* Tian et al.: PC-based bypass prediction */
	WT_POL_RANDBYP = 1 << 9,	/* a baseline: bypass a random fraction */
};

/* The mechanisms that reorder or throttle issue: they need the pool. */
#define WT_POL_ISSUE (WT_POL_DWTCS | WT_POL_SWT | WT_POL_CCWS | WT_POL_MRPB | \
		      WT_POL_PCAL)

struct wt_l1_policy {
	unsigned flags;
	const char *name;		/* as given to --policy */
	/* streaming bypass */
	uint64_t sbyp_period;		/* cycles: 10 000 */
	double sbyp_threshold;		/* miss rate: 0.9 */
	/* throttling */
	unsigned schedulers;		/* warp schedulers per SM: 2 */
	unsigned max_warps;		/* warps per scheduler: 24 */
	unsigned warp_limit;		/* static limit per scheduler; 0: none */
	struct wt_dwtcs_cfg dwtcs;
	struct wt_ccws_cfg ccws;
	/* MRPB */
	unsigned mrpb_size;		/* requests in the buffer: 32 */
	/* PCAL */
	unsigned pcal_tokens;		/* warps that may allocate, per SM */
	/* ABYP */
	unsigned abyp_threshold;	/* dead evictions that make a load bypass */
	unsigned abyp_max;		/* the counter saturates here */
	/* protecting distance */
	unsigned pd;			/* set accesses a line is protected for */
	int apcm_pd;			/* APCM-pN: PD, only for APCM's protected loads */
	struct wt_apcm_cfg apcm;
	/* rand-byp */
	double rand_fraction;		/* of the loads sent around: 0.5 */
};

/* The policies' hooks (pol_*.c), listed by wt_l1_policy_ops_of. */
extern const struct wt_l1_policy_ops wt_pol_sbyp_ops, wt_pol_dwtcs_ops,
	wt_pol_swt_ops, wt_pol_ccws_ops,
	wt_pol_mrpb_ops, wt_pol_pcal_ops, wt_pol_pd_ops, wt_pol_apcm_ops,
	wt_pol_abyp_ops, wt_pol_randbyp_ops, wt_pol_wlimit_ops;

struct wt_l1;
struct wt_sbyp;
/* The state of l1's streaming bypass, or NULL (for tests). */
struct wt_sbyp *wt_pol_sbyp(const struct wt_l1 *l1);
/* l1's APCM, or NULL; sum += its statistics (none: nothing added). */
struct wt_apcm *wt_pol_apcm(const struct wt_l1 *l1);
void wt_pol_apcm_stats(const struct wt_l1 *l1, struct wt_apcm_stats *sum);
/* The DWT-CS coordinator's statistics, from its state across SMs (g), or
 * NULL before its first kernel. */
const struct wt_dwtcs_stats *wt_pol_dwtcs_stats(const void *g);

/* No policy, the papers' parameters. */
void wt_l1_policy_default(struct wt_l1_policy *p);
/*
 * Set p from --policy=LIST: comma-separated names, each a mechanism or a
 * paper's combination (dwt-pric is sbyp,dwt-cs; its index is the
 * caller's to set).  0, or -1 with a one-line reason in err.
 */
int wt_l1_policy_parse(struct wt_l1_policy *p, const char *list, char *err,
		       size_t errlen);
/* Whether the list names dwt-pric (which also sets the index to ipoly). */
int wt_l1_policy_wants_pric(const char *list);
/* The names --policy takes, for messages and the man page. */
const char *wt_l1_policy_names(void);

struct option;
struct wt_json;
/*
 * Set p from the defaults, --policy and the policies' options: set[val]
 * is the argument of the option of lo (getopt_long's) whose val is val,
 * or NULL.  A bad one is fatal, with a one-line reason.
 */
void wt_l1_policy_options(struct wt_l1_policy *p, const struct option *lo,
			  const char *const *set);
/* The policy and its mechanisms' parameters, into the stats file's
 * settings; pool: the warp pool runs (its warp limits are printed). */
void wt_l1_policy_settings_json(struct wt_json *j, const struct wt_l1_policy *p,
				int pool);
/* What the mechanisms did, ps summed over the SMs, as the object
 * "policy": l1[0..n-1] the SMs' L1s, gstate(ctx, ops) a policy's
 * state across them (or NULL). */
void wt_l1_policy_stats_json(struct wt_json *j, const struct wt_l1_policy *p,
			     const struct wt_pol_stats *ps, struct wt_l1 *const *l1,
			     unsigned n,
			     void *(*gstate)(const void *ctx,
					     const struct wt_l1_policy_ops *ops),
			     const void *ctx);

#endif
