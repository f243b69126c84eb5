/*
 * events.h - the event lists of a simulator stage: each bucket's (an SM's,
 * a partition's) events put in time order, then all buckets written as
 * one stream in time order.
 */
#ifndef WT_EVENTS_H
#define WT_EVENTS_H

#include <stddef.h>

#include "record.h"
#include "stream.h"

/* Sort ev[0..n-1] by time, keeping the order of equal times (merge sort). */
void wt_events_sort(struct wt_event *ev, size_t n);

/* The same where ev[0..k-1] is sorted already: ev[k..n-1] is sorted and
 * merged after it (the first part first on equal times), in time linear
 * in k, for lists that keep a sorted rest between batches. */
void wt_events_sort_tail(struct wt_event *ev, size_t k, size_t n);

/* How many of the sorted ev[0..n-1] come before cycle t: the index of the
 * first at or after it (a binary search). */
size_t wt_events_before(const struct wt_event *ev, size_t n, uint64_t t);

/*
 * A list whose first *first events are written: they are dropped, and
 * the rest moved to the front, once they are as many as those left, so
 * that the moves cost O(1) an event however many stay from batch to
 * batch.  Returns the list's new length; *first follows.
 */
size_t wt_events_drop_written(struct wt_event *ev, size_t n, size_t *first);

/*
 * Write k sorted lists, lists[i] of counts[i] events, as one sequence by
 * time: always the earliest head, the lowest list on a tie.  -1 on a
 * writer error (wt_writer_error says which).
 */
int wt_events_write_merged(struct wt_writer *w, struct wt_event *const *lists,
			   const size_t *counts, unsigned k);

#endif
