/*
 * rpolicy.h - report(1)'s comparison of L1 management policies: the
 * policy-ipc, policy-miss-rate, policy-mpki and policy-fails tables, a
 * row per trace and a column per l1sim --policy, grouped by the trace's
 * classify category (Khairy et al. Fig. 8-11; Koo et al. Fig. 12-13).
 */
#ifndef WT_RPOLICY_H
#define WT_RPOLICY_H

#include "rep.h"

/* Add the policy tables of runs s[0..n-1] that o asks for (or, without
 * --tables, those of two or more policies) to r, with the figure of
 * policy-ipc and a note for the traces without a baseline run; 0, or an
 * exit status with a one-line reason in err (see wt_rep_build). */
int wt_rep_policies(struct wt_rep *r, struct wt_stats *s, size_t n,
		    const struct wt_rep_opts *o, char *err, size_t len);

#endif
