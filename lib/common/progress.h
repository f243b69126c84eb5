/*
 * progress.h - a progress line on stderr, only when stderr is a terminal.
 *
 * The stages of a pipeline share one terminal and cannot otherwise
 * coordinate, so one rule keeps their lines apart (warptrace(7),
 * PROGRESS): only a stage that reads its input itself, from a file or
 * as trace-gen, draws a live line; a stage reading a pipe, which may come
 * from another stage, stays quiet until its end.  At its end a stage
 * that ran a second or more leaves a one-line summary: the stages end in
 * pipeline order, each after the one before it closed its output, so
 * the summaries come one under the other and no live line is drawn
 * among them.
 *
 * $WARPTRACE_PROGRESS=0 turns it all off; =1 turns it on whatever stderr
 * is, with an update at every call and a summary however short the run
 * (for tests).
 */
#ifndef WT_PROGRESS_H
#define WT_PROGRESS_H

#include <stdint.h>

/*
 * Where a stage is in its input: 0, with *at bytes read of *total (0 when
 * the size is not known), for an input the stage reads itself; -1 for a
 * pipe, which may come from another stage drawing its own line.
 */
typedef int (*wt_progress_where)(const void *ctx, uint64_t *at,
				 uint64_t *total);

/* The input (ctx for fn) from now on; the percentage and the ETA are of
 * it.  Without one, a stage is taken to read its input itself. */
void wt_progress_input(wt_progress_where fn, const void *ctx);

/*
 * done records so far, of the input named what.  Cheap between updates
 * (a compare, then a clock read every 4096 records), so a caller may
 * call it for every block of records; one in a loop over single records
 * calls it when done & WT_PROGRESS_EVERY is 0.
 */
#define WT_PROGRESS_EVERY 0xfff
void wt_progress(const char *what, uint64_t done);

/* Take the live line away before a message, so that the message does not
 * run into it (wt_warn, wt_die). */
void wt_progress_clear(void);

/* The end, after done records of the input named what: the live line
 * goes, and the summary is written.  Called before the output is closed,
 * as the next stage ends only after that: its summary comes below. */
void wt_progress_done(const char *what, uint64_t done);

#endif
