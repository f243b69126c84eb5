/*
 * rcompare.h - report(1)'s compare table: the L1 miss rate a profiler
 * measured for each kernel beside the one l1sim modelled (Nugteren et al.
 * Fig. 11), kernels matched by name across manglings (see kname.h).
 */
#ifndef WT_RCOMPARE_H
#define WT_RCOMPARE_H

#include "measured.h"
#include "rep.h"

/* Add the compare table of m against the l1sim runs among s[0..n-1] to r,
 * and its figure, with a note for every kernel matched on one side only;
 * 0, or WT_EXIT_DATA with a one-line reason in err when no kernel matches
 * at all, or when the runs model different L1s (machine, timing model or
 * settings; force pools them with a note). */
int wt_rep_compare(struct wt_rep *r, struct wt_stats *s, size_t n,
		   const struct wt_measured *m, int force, char *err, size_t len);

#endif
