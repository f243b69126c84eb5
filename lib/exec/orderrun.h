/*
 * orderrun.h - trace-order's run over a stream: every kernel of a stream
 * of thread accesses or of warp records, in order, through the execution
 * model (order.h) into a writer of warp records, each kernel starting at
 * the cycle the last one ended and its CTAs going round the SMs from the
 * one after the SM that took the last kernel's last CTA (GPGPU-Sim's
 * m_last_cluster_issue).
 *
 * Thread accesses are read as their CTAs are dispatched when the input
 * is in CTA order (hold_cta), else a kernel is held whole; both give the
 * same output.  Warp records are held a kernel at a time (wbuf.h).  A
 * kernel without a grid (an Ocelot dump) gets the one its largest thread
 * id needs.
 *
 * Bad input and write errors are fatal (wt_die), naming the stream and
 * the record, as trace-order(1) documents them.
 */
#ifndef WT_ORDERRUN_H
#define WT_ORDERRUN_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"
#include "order.h"
#include "stream.h"

/* What one kernel gave. */
struct wt_orderrun_kernel {
	struct wt_kernel k;	/* with ctas_per_sm, ctas_limited_by and, if
				   inferred, grid_inferred in its extra */
	struct wt_order_stats st;
	int inferred;		/* its grid was inferred */
};

struct wt_orderrun {
	/* settings, the caller's */
	const struct wt_order_cfg *cfg;	/* warp_size: the stream's lanes
					   for warp records */
	int hold_cta;		/* read a kernel as its CTAs are dispatched */
	int cta_zero;		/* every kernel's first CTA on SM 0 */
	/* results */
	struct wt_orderrun_kernel *res;	/* a kernel each, in order */
	size_t nres;
	uint64_t records;	/* warp records written */
	size_t unbound;		/* kernels cfg->cta_limit does not limit */
	unsigned most;		/* the most CTAs per SM one of them runs */
	/* private */
	size_t capres;
	struct wt_writer *w;
	const char *input;	/* the reader's name, for wt_progress */
	unsigned next_sm;
};

/*
 * Read r, a stream of 'access' or 'warp' records (the caller checks
 * which), to its end, writing each kernel's warp instructions to w,
 * with wt_progress reports; o's settings are set, its results zero.
 */
void wt_orderrun(struct wt_orderrun *o, struct wt_reader *r,
		 struct wt_writer *w);
/* The cycle the last kernel ended, 0 without kernels. */
uint64_t wt_orderrun_cycles(const struct wt_orderrun *o);
void wt_orderrun_free(struct wt_orderrun *o);

#endif
