/*
 * test-events.c - the sorts of a stage's event lists (events.c): by time,
 * stable, and wt_events_sort_tail's merge of a sorted head with a new
 * tail, against a plain insertion sort on random lists, in order and not;
 * wt_events_before against a count.
 */
#include "events.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A stable insertion sort by time: the reference. */
static void reference(struct wt_event *ev, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct wt_event x = ev[i];
		size_t j = i;

		for (; j > 0 && ev[j - 1].time > x.time; j--)
			ev[j] = ev[j - 1];
		ev[j] = x;
	}
}

/* n events with times drawn below span (ties when span is small), each
 * with its place in addr so that a sort's order of ties shows. */
static void fill(struct wt_event *ev, size_t n, uint64_t span, int ordered,
		 uint64_t *seed)
{
	uint64_t t = 0;

	memset(ev, 0, n * sizeof(*ev));
	for (size_t i = 0; i < n; i++) {
		t = ordered ? t + xorshift(seed) % 3 : xorshift(seed) % span;
		ev[i].time = t;
		ev[i].addr = i;
	}
}

static int same(const struct wt_event *a, const struct wt_event *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i].time != b[i].time || a[i].addr != b[i].addr)
			return 0;
	return 1;
}

int main(void)
{
	enum { N = 3000 };
	struct wt_event *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));
	uint64_t seed = 88172645463325252ULL;
	static const size_t sizes[] = { 0, 1, 2, 17, 1000, N };
	static const uint64_t spans[] = { 1, 5, 1000000 };
	int ok_sort = 1, ok_tail = 1, ok_ordered = 1, ok_before = 1;

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (size_t p = 0; p < sizeof(spans) / sizeof(spans[0]); p++) {
			size_t n = sizes[s];

			fill(a, n, spans[p], 0, &seed);
			memcpy(b, a, n * sizeof(*a));
			wt_events_sort(a, n);
			reference(b, n);
			ok_sort &= same(a, b, n);
			for (int q = 0; q < 20; q++) {	/* at, between, beyond times */
				uint64_t t = q == 0 ? 0 : q == 1 ? UINT64_MAX :
					     xorshift(&seed) % (spans[p] + 2);
				size_t before = 0;

				while (before < n && a[before].time < t)
					before++;
				ok_before &= wt_events_before(a, n, t) == before;
			}
			/* a sorted head of k, then a tail: in order or not */
			for (size_t k = 0; k <= n; k += n / 7 + 1)
				for (int ordered = 0; ordered < 2; ordered++) {
					fill(a, n, spans[p], 0, &seed);
					reference(a, k);
					if (ordered) {
						fill(a + k, n - k, spans[p], 1, &seed);
						for (size_t i = k; i < n; i++) {
							a[i].time += k ? a[k - 1].time : 0;
							a[i].addr = i;
						}
					}
					memcpy(b, a, n * sizeof(*a));
					wt_events_sort_tail(a, k, n);
					reference(b, n);
					if (ordered)
						ok_ordered &= same(a, b, n);
					else
						ok_tail &= same(a, b, n);
				}
		}
	{	/* written events leave once they are as many as those left */
		int ok_drop = 1;

		for (size_t n = 0; n < 40; n++)
			for (size_t first = 0; first <= n; first++) {
				size_t f = first, m;

				for (size_t i = 0; i < n; i++)
					a[i].addr = i;
				m = wt_events_drop_written(a, n, &f);
				if (first < n - first)	/* kept as they are */
					ok_drop &= m == n && f == first;
				else
					ok_drop &= m == n - first && f == 0;
				for (size_t i = f; i < m; i++)	/* the unwritten, in order */
					ok_drop &= a[i].addr == first + (i - f);
			}
		ok(ok_drop, "wt_events_drop_written: drops the written ones when "
		   "they are as many as those left, keeps the rest in order");
	}
	ok(ok_sort, "wt_events_sort: by time, ties in their order, on random lists");
	ok(ok_before, "wt_events_before: the count of events before a cycle");
	ok(ok_tail, "wt_events_sort_tail: a sorted head and a random tail, merged "
	   "as a stable sort of the whole");
	ok(ok_ordered, "wt_events_sort_tail: a tail already in order after the "
	   "head is left as it is");
	free(a);
	free(b);
	return tap_done();
}
