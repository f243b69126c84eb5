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

/* Whether ev[k..n-1] is in time order, and after ev[k-1]. */
static int tail_in_order(const struct wt_event *ev, size_t k, size_t n)
{
	for (size_t i = k ? k : 1; i < n; i++)
		if (ev[i - 1].time > ev[i].time)
			return 0;
	return 1;
}

void wt_events_sort(struct wt_event *ev, size_t n)
{
	struct wt_event *tmp;

	/* The pool's lists come in order: one look, where merge_sort would
	 * go down to every pair to learn it. */
	if (n < 2 || tail_in_order(ev, 0, n))
		return;
	tmp = wt_malloc(n * sizeof(*tmp));
	merge_sort(ev, tmp, n);
	free(tmp);
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

/* A list's place in the merge: the time of its head, and its rank among
 * heads of that time (its number; past every list's once it runs out). */
struct key {
	uint64_t time;
	unsigned rank;
};

static inline int before(struct key a, struct key b)
{
	return a.time < b.time || (a.time == b.time && a.rank < b.rank);
}

/* The key of list i, m lists in the tree, pos[i] of its events written. */
static inline struct key key_of(struct wt_event *const *lists, const size_t *counts,
				const size_t *pos, unsigned i, unsigned m)
{
	if (pos[i] < counts[i])
		return (struct key){ lists[i][pos[i]].time, i };
	return (struct key){ UINT64_MAX, m + i };
}

/*
 * The lists' heads in a tournament tree of losers (Knuth, TAOCP 3,
 * 5.4.1): the leaves are the lists, made up to a power of two m with empty
 * ones; inner node j keeps the key of the list that lost the match there,
 * and the winner, the earliest head, is kept apart.  Once the winner's
 * head is written, only the matches on its leaf's path are played again:
 * log2 m comparisons an event, against keys held in the nodes, where a
 * binary heap's sift-down made two a level (15 to 80 SMs or partitions,
 * and l1sim and l2sim write every event through here).  A list that runs
 * out takes the time UINT64_MAX and the rank m + its number, after every
 * head still to come, so the tree needs no test of emptiness; (time,
 * rank) is a total order in which the lowest list wins a tie, as a scan
 * of the heads would choose.
 */
int wt_events_write_merged(struct wt_writer *w, struct wt_event *const *lists,
			   const size_t *counts, unsigned k)
{
	unsigned m = 1;
	size_t left = 0, *pos;
	struct key *loser, *won, win;
	int rc = 0;

	while (m < k)
		m *= 2;
	pos = wt_calloc(m, sizeof(*pos));
	loser = wt_calloc(m, sizeof(*loser));
	won = wt_calloc(2 * (size_t)m, sizeof(*won));	/* while building */
	for (unsigned i = 0; i < m; i++)
		won[m + i] = i < k ? key_of(lists, counts, pos, i, m) :
				     (struct key){ UINT64_MAX, m + i };
	for (unsigned i = 0; i < k; i++)
		left += counts[i];
	for (unsigned j = m - 1; j > 0; j--) {
		int b_wins = before(won[2 * j + 1], won[2 * j]);

		won[j] = won[2 * j + b_wins];
		loser[j] = won[2 * j + !b_wins];
	}
	win = won[1];
	free(won);
	while (left) {
		size_t room;
		unsigned char *dst = wt_writer_room(w, &room);

		if (!dst) {
			rc = -1;
			break;
		}
		if (room > left)
			room = left;
		left -= room;
		/* the winners, straight into the writer's block */
		for (size_t n = 0; n < room; n++) {
			unsigned i = win.rank;

			memcpy(dst + n * sizeof(struct wt_event), &lists[i][pos[i]++],
			       sizeof(struct wt_event));
			win = key_of(lists, counts, pos, i, m);
			for (unsigned j = (m + i) / 2; j > 0; j /= 2)
				if (before(loser[j], win)) {
					struct key t = loser[j];

					loser[j] = win;
					win = t;
				}
		}
		wt_writer_added(w, room);
	}
	free(loser);
	free(pos);
	return rc;
}
