/*
 * dramhook.h - the hook through which a DRAM channel (dram.h) calls its
 * request scheduler, and through which dramsim's engine (dramstage.h)
 * feeds it.  The model knows no scheduler of a paper: each fills a
 * struct wt_dram_sched_ops, and lib/policy/dramsched.c lists them by
 * name.  The model's own, FCFS and FR-FCFS (dram.c), are two more such
 * tables: they are the DRAM's baselines, which the others are measured
 * against and may build on (wt_dram_pick_frfcfs_in).
 *
 * The model's side:
 *
 *   queues   1, or 2: a request of class 1 (r->cls) waits in a queue of
 *            its own, of cfg->queue entries like class 0's, and is
 *            admitted from it in its arrival order; with 1 every request
 *            is of class 0, whatever r->cls says.
 *   pick     every cycle in which a command may issue: the index in
 *            ch->q (oldest first; with the wide masks of dram.h, q has
 *            holes, and the index is a place that holds a request) of
 *            the request whose next command issues at cycle now, or -1
 *            if none.  It may only pick a request whose command is
 *            legal now (wt_dram_ready(ch, r) <= now).  When it picks
 *            none, *wake is a cycle after now no later than the first
 *            at which it could pick one with the state as it is (the
 *            earliest of its candidates' wt_dram_ready): the run skips
 *            the cycles before it.
 *
 * The engine's side (every hook may be NULL; s is what begin made):
 *
 *   begin    its state, from its options, which opt gives by their long
 *            names (NULL for one not given); a usage error if they are
 *            wrong.  Called for every scheduler, the one that runs or
 *            not, so that their options are checked in every run.
 *   event    every input event, before it is looked at as a request: what
 *            the scheduler learns from the caches' traffic.
 *   classify a request of event e: its queue class (0 or 1).
 *   kernel_end  the kernel has ended, every request served.
 *   stats_json  its counters, in the totals of the stats file.
 *   finish   the run has ended: a note on stderr if what it saw makes its
 *            result doubtful.
 *   free     its state.
 */
#ifndef WT_DRAMHOOK_H
#define WT_DRAMHOOK_H

#include <stdint.h>

#include "dram.h"

struct wt_event;
struct wt_json;

typedef const char *(*wt_dram_opt_fn)(const void *ctx, const char *name);

struct wt_dram_sched_ops {
	const char *name;		/* as --sched gives it */
	unsigned queues;		/* 1 or 2 */
	int (*pick)(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake);

	void *(*begin)(wt_dram_opt_fn opt, const void *ctx);
	void (*event)(void *s, uint32_t kernel, const struct wt_event *e);
	unsigned (*classify)(void *s, uint32_t kernel, const struct wt_event *e);
	void (*kernel_end)(void *s);
	void (*stats_json)(void *s, struct wt_json *j);
	void (*finish)(void *s);
	void (*free)(void *s);
};

/* The model's own schedulers (dram.c). */
extern const struct wt_dram_sched_ops wt_dram_fcfs, wt_dram_frfcfs;

/* FR-FCFS among the queued requests of class cls only: for a scheduler
 * that orders its queues and serves each as FR-FCFS does. */
int wt_dram_pick_frfcfs_in(const struct wt_dram_chan *ch, uint64_t now, unsigned cls,
			   uint64_t *wake);

#endif
