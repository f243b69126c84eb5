/*
 * sweeppool.h - running the points of a sweep (sweep.h), njobs at a time.
 * The points of an upstream group (wt_sweep_group) that is shared run
 * its trace-gen | trace-order | coalesce once, into DIR/requests, and
 * read the requests it saved; its notes go in front of each point's
 * stderr.txt, as a point that ran its whole pipeline has them.  A group
 * whose upstream failed runs its points whole, so that they fail with
 * their own messages.  Each point writes only its own directory, so the
 * results do not depend on njobs.
 */
#ifndef WT_SWEEPPOOL_H
#define WT_SWEEPPOOL_H

#include <stddef.h>

#include "sweep.h"

/* Point p has ended with waitpid status wstatus after wall seconds;
 * requests names the saved requests it read, or is NULL. */
typedef void wt_sweep_done_fn(void *ctx, const struct wt_sweep *s, size_t p,
			      int wstatus, double wall, const char *requests);

/*
 * Unless the environment says otherwise, give each of njobs jobs its
 * share of cpus for the stages' threads (OMP_NUM_THREADS, at least 1),
 * for the stages share the CPUs with the other jobs.
 */
void wt_sweep_share_cpus(long cpus, unsigned njobs);
/* Run every point of s, whose directory is written (s->absdir), calling
 * done(ctx, ...) as each ends, in this process.  Dies if it cannot fork
 * or wait. */
void wt_sweep_pool(const struct wt_sweep *s, unsigned njobs,
		   wt_sweep_done_fn *done, void *ctx);

#endif
