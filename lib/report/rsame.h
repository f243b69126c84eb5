/*
 * rsame.h - which runs report(1) may compare: a speedup, a normalized IPC
 * or a policy table divides one run's numbers by another's, and that
 * means something only for runs of the same trace, on the same machine,
 * timed by the same model.
 *
 * A run's trace is its trace_hash (provenance.h) where both runs have
 * one, else its trace name where both have one; runs with neither cannot
 * be told apart from runs of other traces.  Its machine is l1sim's
 * settings.arch, else the "machine" member; its timing model is l1sim's
 * settings.sched (stream or pool: the warp pool's cycles are not the
 * stream's), for the stages after l1sim that of the l1sim upstream
 * ("l1_timing"), and for l2sim and dramsim runs the L1 upstream's size
 * ("l1_size") must agree too.  A member that one of the two files lacks (a file of an
 * older warptrace) is not compared.
 */
#ifndef WT_RSAME_H
#define WT_RSAME_H

#include <stddef.h>

#include "stats.h"

/* What differs between two runs, bits of: */
enum {
	WT_DIFF_TRACE = 1,	/* other trace hashes or names */
	WT_DIFF_UNKNOWN = 2,	/* no hash or name to tell */
	WT_DIFF_MACHINE = 4,
	WT_DIFF_TIMING = 8,
	WT_DIFF_L1 = 16,	/* l2sim, dramsim: another L1 size upstream */
};

/* The run's trace name ("" if none), hash, machine, L1 timing model and
 * warp scheduler (NULL where the file does not say). */
const char *wt_run_trace(const struct wt_stats *s);
const char *wt_run_hash(const struct wt_stats *s);
const char *wt_run_machine(const struct wt_stats *s);
const char *wt_run_timing(const struct wt_stats *s);
const char *wt_run_sched(const struct wt_stats *s);

/* Whether a and b are runs of one trace, by the rule above (a run is of
 * its own trace even when it cannot be told). */
int wt_run_same_trace(const struct wt_stats *a, const struct wt_stats *b);

/* The WT_DIFF_ bits of a against b; 0 where they compare. */
unsigned wt_run_differs(const struct wt_stats *a, const struct wt_stats *b);

/*
 * Whether a table may set run a against b: the WT_DIFF_ bits of a
 * against b, within mask, into *diff.  0; or, where they differ and
 * force is not given, -1 with "CONTEXT: runs A and B do not compare:
 * WHAT; ADVICE" in err.
 */
int wt_run_may_compare(const struct wt_stats *a, const struct wt_stats *b,
		       unsigned mask, int force, const char *context,
		       const char *advice, unsigned *diff, char *err, size_t len);

/* The first member of the two runs' "settings" objects that differs (or
 * that one of them lacks), in words ("settings.size 16384 against
 * 65536"), into buf; NULL where they are equal. */
const char *wt_run_settings_diff(const struct wt_stats *a,
				 const struct wt_stats *b, char *buf, size_t len);

/* What differs, in words, for a table cell or an error: "trace spmv
 * (901db0bc) against atax (3d18a8ca); L1 timing pool against stream". */
const char *wt_run_diff_text(const struct wt_stats *a, const struct wt_stats *b,
			     unsigned diff, char *buf, size_t len);

#endif
