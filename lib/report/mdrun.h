/*
 * mdrun.h - the experiment of mdegree(1): read a dump's kernels and write
 * the dump of its profile (the first CTAs of each kernel), run the sweep
 * of the multithreading degree (MD 1 to the limit, per L1 size) and the
 * profile (one CTA at a time on one SM) as pipelines through sweep.h,
 * and measure each point from the stages' statistics, for the arithmetic
 * of mdegree.h.  mdreport.h turns the result into tables.
 *
 * With closed timing (wt_md_settings.closed) the sweep's points are
 * gpusim's runs and their measures gpusim's (its cycles, IPC, L1 miss
 * rate, DRAM reads and latency; no CTA times, which gpusim does not
 * write); the profile is the pipeline's either way.
 *
 * Errors are fatal (wt_die), with the messages of mdegree(1): the
 * experiment is that program's, and a failed pipeline ends it.
 */
#ifndef WT_MDRUN_H
#define WT_MDRUN_H

#include <stddef.h>
#include <stdint.h>

#include "mdegree.h"

/* The line of coalesce and l1sim, and l1sim's ways (the fermi preset):
 * the working set is counted in these lines, the capacity too. */
#define WT_MD_LINE 128
#define WT_MD_ASSOC 4
/* The CTAs profiled per kernel are bits of a mask. */
#define WT_MD_MAX_PROFILE 64

/* What to run, as checked by the caller. */
struct wt_md_settings {
	const char *dump;
	const char *arch;	/* trace-order's and coalesce's, NULL: fermi */
	const char *sms;	/* trace-order's SMs as given, NULL: preset's */
	const char *max_ctas;	/* the sweep's limit as given, NULL: preset's */
	const char *index;	/* l1sim's set index, a matrix file absolute */
	const char *size_list;	/* the L1 sizes, as given ("8K,16K") */
	char *const *sizes;	/* each of them as given */
	const uint64_t *bytes;	/* and in bytes, nsizes of them */
	unsigned nsizes;
	unsigned nprof;		/* CTAs of each kernel profiled, 1 to 64 */
	unsigned jobs;		/* pipelines run at a time */
	int no_l2;		/* l2sim --disable */
	double threshold;	/* of wt_md_memory_bound */
	/* the sweep's points by gpusim (trace-gen | trace-order | gpusim
	 * --cta-limit=MD --l1=...), not the open-loop pipeline; the profile
	 * stays the pipeline's, the input of Yen's scheme */
	int closed;
};

/* A kernel of the dump, as trace-order will run it. */
struct wt_md_kernel {
	char *name;
	uint64_t ctas;
	unsigned hw;		/* CTAs an SM holds without --cta-limit */
	unsigned wpc;		/* warps per CTA */
};

/* What one L1 size gives. */
struct wt_md_result {
	struct wt_md_point *pts;	/* MD 1 to limit, measured */
	struct wt_md_pred *pred;	/* the same MDs, predicted */
	struct wt_md_profile prof;
	double ctas;			/* CTAs profiled */
	int mem;			/* memory-bound */
	unsigned chosen;		/* the scheme's MD */
	unsigned best;			/* the sweep's, 0 if none */
};

/* The experiment's outcome. */
struct wt_md_run {
	struct wt_md_kernel *k;
	size_t nk;
	uint64_t profiled;	/* profiled CTAs that made an access */
	double lines;		/* the lines each of those loads, summed */
	unsigned limit;		/* the largest MD worth running */
	unsigned wpc;		/* warps per CTA, 0 if kernels differ */
	struct wt_md_result *res;	/* one per L1 size */
};

/*
 * --l1-size's list ("8K,16K"): sizes l1sim takes with WT_MD_ASSOC ways
 * of WT_MD_LINE-byte lines, each once, into *sizes (as given) and *bytes;
 * returns how many.  A bad one is a usage error (wt_die), before
 * anything runs.
 */
unsigned wt_md_parse_sizes(const char *list, char ***sizes, uint64_t **bytes);

/*
 * Run the experiment of s in the existing directory dir (its profile.trc,
 * sweep/ and profile/), the pipelines' programs beside the running one's
 * or on PATH, into *r.  Dies on an error.
 */
void wt_md_run(const struct wt_md_settings *s, const char *dir,
	       struct wt_md_run *r);
void wt_md_run_free(struct wt_md_run *r, unsigned nsizes);

#endif
