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

#include "rep.h"

/* Build the tables and figures of runs s[0..n-1]; 0, or an exit status
 * with a one-line reason in err: WT_EXIT_USAGE for an option that names
 * nothing given, WT_EXIT_DATA for a file that lacks what a table needs. */
int wt_rep_build(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o, char *err, size_t len);

#endif
