/*
 * test-events.c - the sorts of a stage's event lists (events.c): by time,
 * stable, and wt_events_sort_tail's merge of a sorted head with a new
 * tail, against a plain insertion sort on random lists, in order and not;
 * wt_events_before against a count; wt_events_write_merged, read back,
 * against a scan of the lists' heads.
 */
#include "machine.h"
#include "events.h"
#include "stream.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The merge's reference: at each step the earliest head, the lowest
 * list on a tie, found by a scan of every list. */
static void merge_by_scan(struct wt_event *const *lists, const size_t *counts,
			  unsigned k, struct wt_event *out)
{
	size_t pos[64] = { 0 }, n = 0;

	for (;;) {
		unsigned best = k;

		for (unsigned i = 0; i < k; i++)
			if (pos[i] < counts[i] &&
			    (best == k || lists[i][pos[i]].time < lists[best][pos[best]].time))
				best = i;
		if (best == k)
			return;
		out[n++] = lists[best][pos[best]++];
	}
}

/* Write the lists merged to path and read the events back into out;
 * their count, or -1 with a message. */
static long merge_through_stream(const char *path, struct wt_event *const *lists,
				 const size_t *counts, unsigned k,
				 struct wt_event *out)
{
	struct wt_header h;
	struct wt_kernel kern;
	struct wt_writer *w;
	struct wt_reader *r;
	struct wt_item it;
	char err[512];
	long n = 0;

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_machine_default_meta(&h.meta, "test-events");
	w = wt_writer_open(path, &h, 0, err, sizeof(err));
	wt_header_free(&h);
	if (!w) {
		printf("# %s\n", err);
		return -1;
	}
	wt_kernel_init(&kern);
	wt_writer_kernel_begin(w, &kern);
	wt_kernel_free(&kern);
	if (wt_events_write_merged(w, lists, counts, k) < 0 ||
	    wt_writer_kernel_end(w) < 0) {
		printf("# merge: %s\n", wt_writer_error(w));
		wt_writer_abort(w);
		return -1;
	}
	if (wt_writer_close(w, err, sizeof(err)) < 0) {
		printf("# merge: %s\n", err);
		return -1;
	}
	r = wt_reader_open(path, err, sizeof(err));
	if (!r) {
		printf("# %s\n", err);
		return -1;
	}
	while (wt_reader_next(r, &it) > 0)
		if (it.type == WT_ITEM_RECORDS) {
			memcpy(out + n, it.recs, it.count * sizeof(*out));
			n += (long)it.count;
		}
	if (it.type == WT_ITEM_ERROR) {
		printf("# %s\n", wt_reader_error(r));
		n = -1;
	}
	wt_reader_close(r);
	return n;
}

/* k sorted lists of up to max events (some empty, times below span),
 * each event marked with its list and place, merged both ways. */
static int merge_case(const char *path, unsigned k, size_t max, uint64_t span,
		      uint64_t *seed)
{
	struct wt_event *lists[64], *want, *got;
	size_t counts[64], total = 0;
	long n;
	int same_order;

	for (unsigned i = 0; i < k; i++) {
		counts[i] = max ? xorshift(seed) % (max + 1) : 0;
		if (xorshift(seed) % 5 == 0)
			counts[i] = 0;
		lists[i] = calloc(counts[i] + 1, sizeof(**lists));
		fill(lists[i], counts[i], span, 0, seed);
		reference(lists[i], counts[i]);
		for (size_t j = 0; j < counts[i]; j++) {
			lists[i][j].addr = (uint64_t)i << 32 | j;
			lists[i][j].level = 1;	/* an L1 event, as l1sim writes */
		}
		total += counts[i];
	}
	want = calloc(total + 1, sizeof(*want));
	got = calloc(total + 1, sizeof(*got));
	merge_by_scan(lists, counts, k, want);
	n = merge_through_stream(path, lists, counts, k, got);
	same_order = n == (long)total && same(got, want, total);
	for (unsigned i = 0; i < k; i++)
		free(lists[i]);
	free(want);
	free(got);
	return same_order;
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
	{	/* merged lists: 0 to 64 of them, ties and none */
		static const unsigned ks[] = { 0, 1, 2, 3, 5, 15, 16, 17, 33, 64 };
		char dir[] = "/tmp/wt-test-events.XXXXXX", path[64];
		int ok_merge = 1;

		if (!mkdtemp(dir)) {
			printf("# mkdtemp: cannot make %s\n", dir);
			return 1;
		}
		snprintf(path, sizeof(path), "%s/merged.wt", dir);
		for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++)
			for (size_t p = 0; p < sizeof(spans) / sizeof(spans[0]); p++)
				for (size_t max = 0; max <= 300; max += 100)
					ok_merge &= merge_case(path, ks[i], max,
							       spans[p], &seed);
		ok(ok_merge, "wt_events_write_merged: 0 to 64 sorted lists, some "
		   "empty, written as the earliest head first, the lowest list "
		   "on a tie");
		unlink(path);
		rmdir(dir);
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
