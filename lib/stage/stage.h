/*
 * stage.h - the loop every simulator stage runs: read the input's
 * records, hand each to the stage's model, run the model in batches to a
 * horizon, write its events in time order, and keep the kernel
 * boundaries.  A stage program (dramsim, l2sim, l1sim) parses its options,
 * opens its input and output, and plugs its model in here as a table of
 * operations (struct wt_stage_ops); what differs between the stages,
 * their models' state, spill files and statistics, stays behind it.
 *
 * The loop, for each item of the input:
 *   a kernel        ops->kernel_begin, then its header is written;
 *   a record        ops->check (a record that does not belong here ends
 *                   the program), the time order kept (ops->unsorted the
 *                   first time a kernel's records go back in time), then
 *                   ops->take; once --batch requests are held and the
 *                   kernel is in time order so far (or run_unsorted is
 *                   set), ops->run(final 0):
 *                   the model runs to the horizon that last_time gives
 *                   (no record not read yet is earlier) and writes the
 *                   events before it (wt_stage_put, wt_stage_put_merged);
 *   a kernel's end  ops->run(final 1): everything runs and is written;
 *                   then the kernel's end is written.
 * A kernel still open at the end of the input ends there when end_open
 * is set (dramsim), else its requests are left (l2sim); the reader
 * refuses a stream that ends inside a kernel in any case (its trailer
 * would be misplaced), so this is the two programs' old guard, kept.
 *
 * l1sim plugs in the same way (l1stage.c): its records are coalesced
 * requests, its model the SMs' L1s.  It differs in two places: its
 * batches run on when a kernel's requests go out of time order
 * (run_unsorted: the horizon is then 0, so the events wait for the
 * kernel's end, but the L1s do not hold the whole kernel's requests),
 * and its run(final 1) also flushes the L1s (--flush).
 */
#ifndef WT_STAGE_H
#define WT_STAGE_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "stream.h"

struct wt_stage;

struct wt_stage_ops {
	/* Bytes of an input record, which begins with its cycle (a
	 * uint64_t: requests and events do), for the time order. */
	size_t rec_size;
	/* Refuse a record that does not belong in this stage (index: its
	 * number in the stream), with a message and an exit; may be NULL. */
	void (*check)(struct wt_stage *st, const void *rec, uint64_t index);
	/* Take a record: how many requests it adds to those held for the
	 * next run (--batch counts them). */
	size_t (*take)(struct wt_stage *st, const void *rec, uint64_t index);
	/* The kernel's records have just gone out of time order (once a
	 * kernel): nothing may wait on a file any more; may be NULL. */
	void (*unsorted)(struct wt_stage *st);
	/* A kernel begins, before its header is written; may be NULL. */
	void (*kernel_begin)(struct wt_stage *st, const struct wt_kernel *k);
	/* Run the model and write the events it is sure of (final: the
	 * kernel has ended; everything). */
	void (*run)(struct wt_stage *st, int final);
	/* Batches run on when the kernel's records go out of time order
	 * (else the rest of the kernel is held whole). */
	int run_unsorted;
};

struct wt_stage {
	const struct wt_stage_ops *ops;
	void *model;		/* the ops' own */
	struct wt_reader *r;
	struct wt_writer *w;
	size_t batch;		/* requests held before a run; 0: a whole
				   kernel */
	int end_open;		/* run a kernel left open at the input's end */
	/* Kept by the loop, read by the model: */
	size_t held;		/* requests taken since the last run */
	uint64_t last_time;	/* of the last record read in this kernel */
	int unsorted;		/* this kernel's records are out of time
				   order: it is held whole */
	uint32_t kernel;	/* the id of the kernel being read */
};

/* Run the stage over its whole input, as above; a reader error ends the
 * program.  The reader and writer stay open. */
void wt_stage_loop(struct wt_stage *st);

/* Write an event, or end the program with the writer's error. */
void wt_stage_put(struct wt_stage *st, const struct wt_event *e);

/* Write lists[i][0..counts[i]-1], each in time order, merged by time,
 * the lower list first on a tie (wt_events_write_merged). */
void wt_stage_put_merged(struct wt_stage *st, struct wt_event *const *lists,
			 const size_t *counts, size_t n);

#endif
