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

void wt_events_sort_tail(struct wt_event *ev, size_t k, size_t n)
{
	struct wt_event *tmp;
	size_t i = k, j = n - k, o = n;

	if (n - k < 2 && (n == k || !k || ev[k - 1].time <= ev[k].time))
		return;		/* nothing to sort, nothing to move */
	tmp = wt_malloc((n - k) * sizeof(*tmp));
	merge_sort(ev + k, tmp, n - k);
	memcpy(tmp, ev + k, (n - k) * sizeof(*tmp));
	/* from the end: the larger time, the new part's on a tie */
	while (j > 0)
		ev[--o] = i > 0 && ev[i - 1].time > tmp[j - 1].time ? ev[--i] :
								 tmp[--j];
	free(tmp);
}

/* Whether list a's head goes before list b's: earlier, or as early and
 * a lower list. */
static int before(struct wt_event *const *lists, const size_t *pos,
		  unsigned a, unsigned b)
{
	uint64_t ta = lists[a][pos[a]].time, tb = lists[b][pos[b]].time;

	return ta < tb || (ta == tb && a < b);
}

/* Restore the heap order of heap[0..n-1] below slot i. */
static void sift_down(unsigned *heap, unsigned n, unsigned i,
		      struct wt_event *const *lists, const size_t *pos)
{
	for (;;) {
		unsigned l = 2 * i + 1, m = i;

		if (l < n && before(lists, pos, heap[l], heap[m]))
			m = l;
		if (l + 1 < n && before(lists, pos, heap[l + 1], heap[m]))
			m = l + 1;
		if (m == i)
			return;
		unsigned t = heap[i];

		heap[i] = heap[m];
		heap[m] = t;
		i = m;
	}
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
	unsigned *heap = wt_calloc(k ? k : 1, sizeof(*heap)), n = 0;
	int rc = 0;

	for (unsigned i = 0; i < k; i++)
		if (counts[i])
			heap[n++] = i;
	for (unsigned i = n / 2; i-- > 0;)
		sift_down(heap, n, i, lists, pos);
	while (n) {
		unsigned best = heap[0];

		if (wt_writer_put(w, &lists[best][pos[best]++]) < 0) {
			rc = -1;
			break;
		}
		if (pos[best] == counts[best])
			heap[0] = heap[--n];
		sift_down(heap, n, 0, lists, pos);
	}
	free(heap);
	free(pos);
	return rc;
}
