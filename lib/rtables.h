/*
 * rtables.h - report(1)'s tables and figures, made from stats files.
 *
 * Tables, each made only when some file can fill it:
 *
 *   trace-gen, trace-order, coalesce, l1sim, l2sim, dramsim, classify
 *                  one row per stats file of that program (per kernel for
 *                  classify): its settings and totals
 *   miss-classes   l1sim: loads and the share of each miss class
 *                  (Nugteren et al. Fig. 10)
 *   reuse-RUN      l1sim: reuse distances in power-of-two bins, each bin a
 *                  hit or a miss of the fully associative cache of the
 *                  run's size (Nugteren et al. Fig. 1)
 *   locality       classify: the share of each locality category, L1 and
 *                  L2 views, unbounded and bounded (Khairy et al. Fig. 3)
 *   load-types     classify: the share of lines of each load locality type
 *                  and the APS (Koo et al. Fig. 3 and 5)
 *   warp-types     classify: the share of warps of each type (MeDiC
 *                  Table II)
 *   speedup        l1sim runs with cycles, two or more: each run's speedup
 *                  over the baseline, and their harmonic mean
 *   compare        with measured miss rates: measured, modelled and the
 *                  absolute error per kernel, and the mean absolute error
 *                  (Nugteren et al. Fig. 11)
 */
#ifndef WT_RTABLES_H
#define WT_RTABLES_H

#include "measured.h"
#include "plot.h"
#include "stats.h"
#include "table.h"

struct wt_rep {
	struct wt_table **t;
	size_t nt;
	struct wt_plot *p;
	size_t np;
};

struct wt_rep_opts {
	const char *only;		/* comma-separated table names, or NULL */
	const char *baseline;		/* a run's label or path, or NULL: the
					   first l1sim run */
	const struct wt_measured *measured;	/* or NULL */
};

/* Build the tables and figures of runs s[0..n-1]; 0, or -1 with a reason
 * (an unknown baseline) in err. */
int wt_rep_build(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o, char *err, size_t len);
void wt_rep_free(struct wt_rep *r);

#endif
