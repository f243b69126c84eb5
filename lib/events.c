/*
 * events.c - sorting and merging a stage's event lists; see events.h.
 */
#include "events.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void merge_sort(struct wt_event *ev, struct wt_event *tmp, size_t n)
{
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	merge_sort(ev, tmp, h);
	merge_sort(ev + h, tmp, n - h);
	if (ev[h - 1].time <= ev[h].time)
		return;		/* in order already: stages make runs of them */
	while (i < h && j < n)
		tmp[k++] = ev[j].time < ev[i].time ? ev[j++] : ev[i++];
	while (i < h)
		tmp[k++] = ev[i++];
	while (j < n)
		tmp[k++] = ev[j++];
	memcpy(ev, tmp, n * sizeof(*ev));
}

void wt_events_sort(struct wt_event *ev, size_t n)
{
	struct wt_event *tmp;

	if (n < 2)
		return;
	tmp = wt_malloc(n * sizeof(*tmp));
	merge_sort(ev, tmp, n);
	free(tmp);
}

/* Whether ev[k..n-1] is in time order, and after ev[k-1]. */
static int tail_in_order(const struct wt_event *ev, size_t k, size_t n)
{
	for (size_t i = k ? k : 1; i < n; i++)
		if (ev[i - 1].time > ev[i].time)
			return 0;
	return 1;
}

void wt_events_sort_tail(struct wt_event *ev, size_t k, size_t n)
{
	struct wt_event *tmp;
	size_t i = k, j = n - k, o = n;

	/* The stages' new events are mostly in order: then there is nothing
	 * to sort, nothing to move and no copy to make. */
	if (tail_in_order(ev, k, n))
		return;
	tmp = wt_malloc((n - k) * sizeof(*tmp));
	merge_sort(ev + k, tmp, n - k);
	memcpy(tmp, ev + k, (n - k) * sizeof(*tmp));
	/* from the end: the larger time, the new part's on a tie */
	while (j > 0)
		ev[--o] = i > 0 && ev[i - 1].time > tmp[j - 1].time ? ev[--i] :
								 tmp[--j];
	free(tmp);
}

size_t wt_events_before(const struct wt_event *ev, size_t n, uint64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ev[mid].time < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t wt_events_drop_written(struct wt_event *ev, size_t n, size_t *first)
{
	size_t left = n - *first;

	if (*first < left)
		return n;
	if (left)	/* none: ev may be NULL */
		memmove(ev, ev + *first, left * sizeof(*ev));
	*first = 0;
	return left;
}

/* A list in the merge's heap, by the time of its head. */
struct head {
	uint64_t time;
	unsigned list;
};

/* Earlier, or as early and a lower list. */
static inline int before(const struct head *a, const struct head *b)
{
	return a->time < b->time || (a->time == b->time && a->list < b->list);
}

/* Restore the heap order of heap[0..n-1] below slot i. */
static void sift_down(struct head *heap, unsigned n, unsigned i)
{
	struct head x = heap[i];

	for (;;) {
		unsigned c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && before(&heap[c + 1], &heap[c]))
			c++;
		if (!before(&heap[c], &x))
			break;
		heap[i] = heap[c];
		i = c;
	}
	heap[i] = x;
}

/*
 * A binary heap of the lists by their heads: log k comparisons an event
 * where a scan of the heads took k (15 to 80 SMs, and l1sim writes every
 * event through here).  The order is the scan's: (time, list) is a total
 * order, so the heap's least is the scan's choice.
 */
int wt_events_write_merged(struct wt_writer *w, struct wt_event *const *lists,
			   const size_t *counts, unsigned k)
{
	size_t *pos = wt_calloc(k ? k : 1, sizeof(*pos));
	struct head *heap = wt_calloc(k ? k : 1, sizeof(*heap));
	unsigned n = 0;
	int rc = 0;

	for (unsigned i = 0; i < k; i++)
		if (counts[i])
			heap[n++] = (struct head){ lists[i][0].time, i };
	for (unsigned i = n / 2; i-- > 0;)
		sift_down(heap, n, i);
	while (n) {
		unsigned best = heap[0].list;

		if (wt_writer_put(w, &lists[best][pos[best]++]) < 0) {
			rc = -1;
			break;
		}
		if (pos[best] == counts[best])
			heap[0] = heap[--n];
		else
			heap[0].time = lists[best][pos[best]].time;
		sift_down(heap, n, 0);
	}
	free(heap);
	free(pos);
	return rc;
}
