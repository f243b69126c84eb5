/*
 * l1pool.h - the warp pool of Nugteren et al. (HPCA 2014, section 4.5):
 * the order in which one SM's warps make their requests, decided by the
 * L1's latencies and MSHRs instead of being taken from the stream
 * (l1sim --sched=pool).
 *
 * Each warp keeps its program order.  Ready warps wait in a FIFO queue;
 * each cycle the warp at its head issues its next memory instruction (one
 * request after another, all in that cycle).  A warp whose request cannot
 * get an MSHR entry, a merge slot, a way or a miss-queue slot goes to the
 * back of the queue and later resumes at that request.  A warp that
 * completes an instruction waits until its data is there (with delay on)
 * or goes straight to the back.  CTAs become active in the order the SM
 * first saw them, at most ctas at a time.
 */
#ifndef WT_L1POOL_H
#define WT_L1POOL_H

#include <stddef.h>
#include <stdint.h>

#include "l1model.h"

struct wt_pool_cfg {
	unsigned ctas;		/* CTAs active at once on the SM; 0 = all */
	int refill_set;		/* new CTAs only when every active one is done
				   (the published model); else as each ends */
	int delay;		/* a warp waits for its instruction's data */
	int icount;		/* non-memory instructions take issue cycles */
	/* Nugteren et al.'s code, where it differs from the paper's text
	 * and from the other presets (l1sim(1), THE WARP POOL): */
	int mshr_instr;		/* MSHR room checked once an instruction,
				   for its first request, if it has lane 0 */
	int lane_order;		/* an instruction's requests in the order
				   of their first lanes */
	int exit_slot;		/* a warp takes an issue slot to leave */
	int drop_stores;	/* stores are left out */
	unsigned wpc;		/* warps per CTA (warp ids are cta * wpc +
				   w): with exit_slot, the warps of a CTA
				   that make no request leave in a slot
				   each too; 0: unknown */
	const struct wt_l1_policy *pol;	/* issue policies; NULL: none */
};

/*
 * Issue policies (the pool hooks of l1hook.h).  A warp limit lets only
 * the oldest N warps that are not done issue (the others wait, in age
 * order, and are admitted as older ones finish); lowering the limit parks
 * the youngest at their next instruction.  A policy may hold a warp back
 * from its next instruction (may_issue: its non-memory instructions
 * before it still issue), choose which queue position issues (pick), and
 * watch admissions, issues and accesses.
 */

/*
 * Run one kernel's requests r[0..n-1] (one SM's, in stream order) through
 * l1, the first issue at cycle start.  Events are appended to out, in
 * cycle order but for write-backs, which carry the earlier cycle of the
 * fill that caused them.  Returns the cycle the SM's last warp is done
 * (start if n is 0).
 */
uint64_t wt_pool_run(struct wt_l1 *l1, const struct wt_pool_cfg *c,
		     const struct wt_request *r, size_t n, uint64_t start,
		     struct wt_l1_out *out);

/* The same run in steps, for a coordinator between SMs that sets the
 * warp limits as the run goes. */
struct wt_warp_pool;

struct wt_warp_pool *wt_pool_new(struct wt_l1 *l1, const struct wt_pool_cfg *c,
			    const struct wt_request *r, size_t n, uint64_t start,
			    struct wt_l1_out *out);
/* Run until cycle until (a jump may pass it) or the end: 1 when done. */
int wt_pool_step(struct wt_warp_pool *p, uint64_t until);
/* Warps that may issue at once (0: all), from the next cycle on. */
void wt_pool_set_limit(struct wt_warp_pool *p, unsigned warps);
/* Whether a warp limit has held a warp back so far (one launched had to
 * wait, or one in was parked): if not, the run is the run without it. */
int wt_pool_limited(const struct wt_warp_pool *p);
/* The cycle the SM's last warp is done; frees p. */
uint64_t wt_pool_finish(struct wt_warp_pool *p);

#endif
