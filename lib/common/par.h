/*
 * par.h - a loop over independent items (SMs, partitions, channels) that
 * runs on threads only when asked to.
 */
#ifndef WT_PAR_H
#define WT_PAR_H

/*
 * fn(ctx, i) for every i in [0, n), on OpenMP's threads (dynamic, one
 * item at a time) if parallel and n > 1, else in this thread, in order.
 * Unlike an omp region with an if clause, the loop on one thread enters
 * no region at all: libgomp makes a team of one for it and ends it with
 * a system call, which stages that run a region per small batch paid per
 * batch.
 */
void wt_par_for(unsigned n, int parallel, void (*fn)(void *ctx, unsigned i),
		void *ctx);

#endif
