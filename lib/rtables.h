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
 *                  over its baseline (--baseline, else the first run of
 *                  its trace), and their harmonic mean; runs that do not
 *                  compare (rsame.h) refused without --force
 *   compare        with measured miss rates: measured, modelled and the
 *                  absolute error per kernel, and the mean absolute error
 *                  (Nugteren et al. Fig. 11); see rcompare.c
 *   policy-ipc, policy-miss-rate, policy-mpki, policy-fails
 *                  l1sim runs of two or more L1 policies: a row per trace,
 *                  a column per policy, grouped by the trace's category
 *                  (Khairy et al. Fig. 8-11; Koo et al. Fig. 12-13); see
 *                  rpolicy.c
 *   pcs, medic, runs
 *                  l1sim loads by PC, MeDiC runs against runs without,
 *                  and what made each file; see rruns.h
 */
#ifndef WT_RTABLES_H
#define WT_RTABLES_H

#include "measured.h"
#include "plot.h"
#include "stats.h"
#include "table.h"
#include "util.h"

struct wt_rep {
	struct wt_table **t;
	size_t nt;
	struct wt_plot *p;
	size_t np;
	char **notes;		/* lines for the user: what a table leaves out */
	size_t nnotes;
};

/* How the policy tables group their traces: by classify's application
 * category (Khairy et al.) or by its cache sensitivity (Koo et al.). */
enum wt_rep_grouping { WT_GROUP_KHAIRY, WT_GROUP_APCM };

struct wt_rep_opts {
	const char *only;		/* comma-separated table names, or NULL */
	const char *baseline;		/* a run's label or path, or NULL: the
					   first l1sim run */
	const struct wt_measured *measured;	/* or NULL */
	const char *baseline_policy;	/* the policy tables' baseline, or
					   NULL: "none", else the first */
	enum wt_rep_grouping grouping;
	int force;			/* compare runs that rsame.h says do
					   not compare, saying what differs */
};

/* Build the tables and figures of runs s[0..n-1]; 0, or an exit status
 * with a one-line reason in err: WT_EXIT_USAGE for an option that names
 * nothing given, WT_EXIT_DATA for a file that lacks what a table needs. */
int wt_rep_build(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o, char *err, size_t len);
void wt_rep_free(struct wt_rep *r);

/* For the makers of tables (rtables.c, rpolicy.c): whether --tables asks
 * for the table name (every table when it is not given); add t, and
 * hand it over; add a figure of t, x from xcol and y from the n columns
 * from first on; add a note, a line of text. */
int wt_rep_wanted(const struct wt_rep_opts *o, const char *name);
void wt_rep_add_table(struct wt_rep *r, struct wt_table *t);
struct wt_plot *wt_rep_add_plot(struct wt_rep *r, enum wt_plot_kind kind,
				const struct wt_table *t, unsigned xcol,
				unsigned first, unsigned n);
void wt_rep_note(struct wt_rep *r, const char *fmt, ...) WT_PRINTF(2, 3);

#endif
