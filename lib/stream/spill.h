/*
 * spill.h - a first-in, first-out queue of records kept on a temporary
 * file, for a stage with a backlog that grows with the trace: events
 * whose output lags far behind (l2sim, partitions far behind their
 * arrivals: the events that nothing new can come before go to the queue,
 * in time order, and come back a chunk at a time as the output reaches
 * them), or requests waiting for room in a queue (dramsim).  Memory is
 * then the chunk, not the backlog.
 *
 * The queue's first records are in memory, buf[first..n-1]; the rest are
 * on the file.  The file is made in $TMPDIR (else /tmp) by the first push
 * that needs it and unlinked at once, so that nothing is left behind.
 * An error writing or reading it ends the program with a message.
 */
#ifndef WT_SPILL_H
#define WT_SPILL_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

struct wt_spill {
	const char *prog;	/* names the file */
	size_t rec;		/* bytes a record */
	int by_time;		/* records are events: fills end on a cycle */
	int fd;			/* -1 until the first record goes to it */
	uint64_t rd, wr;	/* records read back from the file, and put */
	char *buf;		/* the head: records first..n-1 */
	size_t first, n, cap;
	char *wbuf;		/* records put, not written yet: nw of them,
				   room for a block */
	size_t nw;
};

/* A queue of events (struct wt_event), in time order. */
void wt_spill_init(struct wt_spill *s, const char *prog);
/* A queue of records of rec bytes, in the order put. */
void wt_spill_init_records(struct wt_spill *s, const char *prog, size_t rec);
void wt_spill_free(struct wt_spill *s);

/* Put recs[0..n-1] (events: no earlier than anything in the queue) at
 * its end. */
void wt_spill_push(struct wt_spill *s, const void *recs, size_t n);

/* Records in the queue, in memory and on the file. */
uint64_t wt_spill_count(const struct wt_spill *s);

/* The head's records, buf[0..n-1] (first..n-1 not taken yet). */
static inline void *wt_spill_buf(const struct wt_spill *s)
{
	return s->buf;
}

/* The same for a queue of events. */
static inline struct wt_event *wt_spill_events(const struct wt_spill *s)
{
	return (struct wt_event *)(void *)s->buf;
}

/* Whether some of the queue is after the head (on the file, or on its
 * way there). */
static inline int wt_spill_on_file(const struct wt_spill *s)
{
	return s->wr > s->rd || s->nw;
}

/*
 * Read the file into the head until the head holds want records or the
 * file is empty; for events, then on while the file's next event has the
 * time of the head's last: the events of one cycle are all in the head or
 * all after it, so that every queued event before the head's last time +
 * 1 is in the head.
 */
void wt_spill_fill(struct wt_spill *s, size_t want);

/* The head's first n records are gone (taken). */
void wt_spill_take(struct wt_spill *s, size_t n);

#endif
