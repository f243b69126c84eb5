/*
 * l1policy.h - the L1 management policies of the papers and their
 * baselines, as l1sim --policy names them: which mechanisms run, and
 * their parameters (the papers' values by default).
 *
 * A policy is a set of mechanisms.  Those that decide what the L1 does
 * with one request live in l1model.c (streaming bypass, APCM, ABYP, PD,
 * PCAL's non-polluting warps, MRPB's bypass on a line-allocation stall);
 * those that decide which warp issues live in l1pool.c (DWT-CS, SWT,
 * CCWS, PCAL's and a static warp limit, MRPB's fixed-order drain).  The
 * state machines are in sbyp, abyp (this file's .c), apcm.c, ccws.c and
 * dwtcs.c; man l1sim(1), "Management policies", gives every reading.
 */
#ifndef WT_L1POLICY_H
#define WT_L1POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "abyp.h"
#include "apcm.h"
#include "ccws.h"
#include "dwtcs.h"
#include "sbyp.h"

enum {
	WT_POL_SBYP = 1 << 0,	/* Khairy 4.1: bypass a streaming L1 */
	WT_POL_DWTCS = 1 << 1,	/* Khairy 4.2: warp throttling by core sampling */
	WT_POL_SWT = 1 << 2,	/* best static warp limit, searched per kernel */
	WT_POL_CCWS = 1 << 3,	/* Rogers et al.: lost-locality throttling */
	WT_POL_MRPB = 1 << 4,	/* Jia et al.: reorder buffer, bypass on stall */
	WT_POL_PCAL = 1 << 5,	/* Li et al.: token-based allocation */
	WT_POL_ABYP = 1 << 6,	/* Tian et al.: PC-based bypass prediction */
	WT_POL_PD = 1 << 7,	/* Duong et al.: static protecting distance */
	WT_POL_APCM = 1 << 8,	/* Koo et al.: per-load bypass and protection */
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
};

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
extern const char wt_l1_policy_names[];

#endif
