/*
 * rruns.h - report(1)'s tables that read runs as a whole rather than one
 * program's totals:
 *
 *   runs    a row per stats file: what was run on what (program, trace
 *           and its hash, machine, warp scheduler, L1 timing) and the
 *           command line, so that every table's numbers can be traced to
 *           the run that made them
 *   pcs     l1sim runs with total.pcs: the loads of each PC, the 20 with
 *           most misses of each run, and whether they hit, stream or
 *           thrash (rpcs.c)
 *   medic   l2sim and dramsim runs with and without MeDiC's components:
 *           stall, its speedup estimate, bypasses and warp types
 *           (rmedic.c)
 */
#ifndef WT_RRUNS_H
#define WT_RRUNS_H

#include "rep.h"

/* Each adds its table (and figure) to r when o asks for it and some run
 * fills it.  wt_rep_medic refuses runs that do not compare (rsame.h)
 * without o->force: 0, or an exit status with a reason in err. */
void wt_rep_runs(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o);
void wt_rep_pcs(struct wt_rep *r, struct wt_stats *s, size_t n,
		const struct wt_rep_opts *o);
int wt_rep_medic(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o, char *err, size_t len);

/* The command line of s as a shell would take it back ("" if none):
 * words joined by spaces, each quoted only where it must be. */
char *wt_run_command(const struct wt_stats *s);

#endif
