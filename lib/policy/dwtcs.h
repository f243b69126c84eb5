/*
 * dwtcs.h - Dynamic Warp Throttling via Cores Sampling (Khairy, Zahran
 * and Wassal, GPGPU-8 2015, section 4.2 and Table 4): the coordinator
 * that finds, while a kernel runs, how many warps per scheduler each SM
 * should keep active.  One instance for the whole GPU; the simulator
 * calls wt_dwtcs_period at the end of every period (10 000 cycles) with
 * what each SM did in it, and throttles SM s to wt_dwtcs_limit(s) active
 * warps per scheduler in the next one.
 *
 * Monitoring.  The L1 MPKI of a period is 1000 x (the L1 load misses of
 * all SMs) / (the warp instructions all SMs committed): the coordinator's
 * view, one figure for the GPU.  A period with no instructions has no
 * MPKI: it neither counts nor breaks a run.  When the MPKI is above the
 * threshold (10) for n (3) consecutive periods, sampling starts, unless a
 * decision for this kernel's name is stored from an earlier launch: that
 * limit is then taken at once, without sampling ("when the same kernel is
 * relaunched and MPKI exceeds the threshold, it doesn't sample the cores
 * again").  A period at or below the threshold starts the run again.
 *
 * Sampling.  A round has a base b, 0 in the first: SM s (counted from 0)
 * runs with b + s + 1 active warps per scheduler, capped at max_warps
 * (24), for m (3) periods, so that with more SMs than max_warps those
 * past it all sample max_warps (the paper's core #k runs k warps).  The
 * instructions each SM commits in those m periods are summed; every
 * period counts, one without instructions too, since the sums compare
 * equal stretches of time.  The SM with the most wins, ties going to the
 * fewer warps (then to the lower SM).  If the winner is the last SM and
 * b + nsm < max_warps, the counts above it are untested: another round
 * starts with b + nsm as its base (the paper's relaunch for 16-24 warps).
 * The final pick is the best winner of all the rounds by the same rule,
 * each round being as long as the others.  Its count is then every SM's
 * limit for the rest of the kernel, and is stored under the kernel's
 * name.
 *
 * Other readings:
 *  - a kernel launch (wt_dwtcs_kernel_begin) ends the one before: a
 *    kernel that ends while monitoring or sampling stores nothing, and
 *    the new one starts monitoring with no limit.  A kernel without a
 *    name (NULL) is never matched, so its decisions are not stored.
 *  - once decided, periods are still counted in the statistics, and the
 *    limit holds whatever the MPKI does (the paper keeps it "till the
 *    end of kernel execution").
 *  - the period length is the caller's: this state machine counts calls.
 */
#ifndef WT_DWTCS_H
#define WT_DWTCS_H

#include <stdint.h>

struct wt_dwtcs_cfg {
	uint64_t period;	/* cycles per period; 10000 */
	double mpki;		/* L1 MPKI threshold; 10 */
	unsigned n;		/* consecutive periods over it; 3 */
	unsigned m;		/* periods per sampling round; 3 */
	unsigned max_warps;	/* active warps per scheduler; 24 */
};

enum wt_dwtcs_state {
	WT_DWTCS_MONITORING,	/* no limit; watching the MPKI */
	WT_DWTCS_SAMPLING,	/* SM s runs with base + s + 1 warps */
	WT_DWTCS_DECIDED,	/* every SM runs with the decided limit */
};

struct wt_dwtcs_stats {
	uint64_t periods;	/* wt_dwtcs_period calls */
	uint64_t idle;		/* of those, without instructions */
	uint64_t over;		/* of those, with the MPKI over the threshold */
	uint64_t samplings;	/* sampling started (first rounds) */
	uint64_t relaunches;	/* further rounds for higher counts */
	uint64_t decisions;	/* limits decided by sampling */
	uint64_t reused;	/* limits taken from an earlier launch */
};

struct wt_dwtcs;

void wt_dwtcs_default(struct wt_dwtcs_cfg *c);
/* A coordinator for nsm SMs.  No SMs, or an n, m or max_warps of 0, is a
 * usage error. */
struct wt_dwtcs *wt_dwtcs_new(const struct wt_dwtcs_cfg *c, unsigned nsm);
void wt_dwtcs_free(struct wt_dwtcs *d);

/* A kernel launch: back to monitoring, no limit. */
void wt_dwtcs_kernel_begin(struct wt_dwtcs *d, const char *kernel_name);
/* The end of one period: instructions[s] warp instructions committed and
 * misses[s] L1 load misses by SM s in it, for s in 0..nsm-1. */
void wt_dwtcs_period(struct wt_dwtcs *d, const uint64_t *instructions,
		     const uint64_t *misses);
/* Active warps per scheduler for SM sm in the next period; 0: no limit. */
unsigned wt_dwtcs_limit(const struct wt_dwtcs *d, unsigned sm);

enum wt_dwtcs_state wt_dwtcs_state(const struct wt_dwtcs *d);
/* The limit decided for this kernel (0 before). */
unsigned wt_dwtcs_decided(const struct wt_dwtcs *d);
/* Sampling rounds in this kernel so far, the current one included. */
unsigned wt_dwtcs_rounds(const struct wt_dwtcs *d);
/* The MPKI of the last period with instructions (0 before). */
double wt_dwtcs_mpki(const struct wt_dwtcs *d);
const struct wt_dwtcs_stats *wt_dwtcs_stats(const struct wt_dwtcs *d);

#endif
