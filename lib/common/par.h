/*
 * par.h - a loop over independent items (SMs, partitions, channels,
 * trials) on a few threads that sleep between loops.
 */
#ifndef WT_PAR_H
#define WT_PAR_H

/*
 * fn(ctx, i) for every i in [0, n), each exactly once: on the threads
 * (wt_par_threads, this one among them, one item at a time to whichever
 * is free) if parallel and n > 1, else on this thread in order.  A loop
 * begun inside another's items, or while another thread runs one, runs
 * on its thread alone.  Returns when every item is done.  A child of
 * fork() has none of the helpers: it must exec (as sweep's and run.c's
 * children do) before it runs a parallel loop.
 */
void wt_par_for(unsigned n, int parallel, void (*fn)(void *ctx, unsigned i),
		void *ctx);

/* The threads a loop runs on, this one included: OMP_NUM_THREADS (its
 * first number) if the environment sets it, else the CPUs this process
 * may run on. */
unsigned wt_par_threads(void);

/* Later loops on n threads instead (0: wt_par_threads() again): 1 runs
 * them alone; more starts helpers up to n, and a loop uses every helper
 * started so far.  For tests that compare thread counts. */
void wt_par_set_threads(unsigned n);

#endif
