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

int wt_events_write_merged(struct wt_writer *w, struct wt_event *const *lists,
			   const size_t *counts, unsigned k)
{
	size_t *pos = wt_calloc(k ? k : 1, sizeof(*pos));
	int rc = 0;

	for (;;) {
		unsigned best = k;

		for (unsigned i = 0; i < k; i++)
			if (pos[i] < counts[i] && (best == k ||
			    lists[i][pos[i]].time < lists[best][pos[best]].time))
				best = i;
		if (best == k)
			break;
		if (wt_writer_put(w, &lists[best][pos[best]++]) < 0) {
			rc = -1;
			break;
		}
	}
	free(pos);
	return rc;
}
