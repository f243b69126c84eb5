/*
 * spill.h - a first-in, first-out queue of events kept on a temporary
 * file, for a stage whose written output lags far behind the events it
 * has made (l2sim with partitions far behind their arrivals): the events
 * that nothing new can come before go to the queue, in time order, and
 * come back a chunk at a time as the output reaches them.  Memory is then
 * the chunk, not the backlog.
 *
 * The queue's first events are in memory, head[0..n-1]; the rest are on
 * the file.  The file is made in $TMPDIR (else /tmp) by the first push
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
	int fd;			/* -1 until the first event goes to it */
	uint64_t rd, wr;	/* events read back from the file, and put */
	struct wt_event *buf;	/* the head: buf[first..n-1] */
	size_t first, n, cap;
};

void wt_spill_init(struct wt_spill *s, const char *prog);
void wt_spill_free(struct wt_spill *s);

/* Put ev[0..n-1], no earlier than anything in the queue, at its end. */
void wt_spill_push(struct wt_spill *s, const struct wt_event *ev, size_t n);

/* Events in the queue, in memory and on the file. */
uint64_t wt_spill_count(const struct wt_spill *s);

/* Whether some of the queue is on the file, after the head. */
static inline int wt_spill_on_file(const struct wt_spill *s)
{
	return s->wr > s->rd;
}

/*
 * Read the file into the head until the head holds want events or the
 * file is empty, and then on while the file's next event has the time of
 * the head's last: the events of one cycle are all in the head or all
 * after it, so that every queued event before the head's last time + 1
 * is in the head.
 */
void wt_spill_fill(struct wt_spill *s, size_t want);

/* The head's first n events are gone (written). */
void wt_spill_take(struct wt_spill *s, size_t n);

#endif
