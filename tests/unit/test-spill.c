/*
 * test-spill.c - the record queue on a temporary file (spill.c): events
 * pushed in runs of any length come back whole and in order through
 * fills and takes of any size; a fill never splits a cycle between the
 * head and the file, on times with many ties; the file is emptied once
 * read; an empty queue is a no-op; records of any size, first in, first
 * out.
 */
#include "spill.h"
#include "rnd.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* n events in time order, ties more likely as span is small; addr is
 * each one's place, so that order and loss both show. */
static struct wt_event *make(size_t n, unsigned span)
{
	struct wt_event *ev = calloc(n ? n : 1, sizeof(*ev));
	uint64_t t = 1000;

	for (size_t i = 0; i < n; i++) {
		t += rnd() % span == 0;
		ev[i].time = t;
		ev[i].addr = i;
		ev[i].level = 2;
	}
	return ev;
}

/* Pushes in random runs, and random fills and takes between them, until
 * all n are through; whether every event came back in order, and every
 * fill ended on a cycle's end (*cut_ok). */
static int round_trip(size_t n, unsigned span, size_t max_run, size_t max_want,
		      int *cut_ok, uint64_t *peak_head)
{
	struct wt_event *ev = make(n, span);
	struct wt_spill s;
	size_t pushed = 0, out = 0;
	int in_order = 1;

	wt_spill_init(&s, "test-spill");
	*cut_ok = 1;
	*peak_head = 0;
	while (out < n) {
		if (pushed < n && (rnd() % 3 || !wt_spill_count(&s))) {
			size_t k = 1 + rnd() % max_run;

			if (k > n - pushed)
				k = n - pushed;
			wt_spill_push(&s, ev + pushed, k);
			pushed += k;
		}
		if (wt_spill_count(&s) != pushed - out)
			in_order = 0;
		wt_spill_fill(&s, rnd() % (max_want + 1));
		if (s.n - s.first > *peak_head)
			*peak_head = s.n - s.first;
		/* the next event on the file is of a later cycle */
		if (s.n > s.first && wt_spill_on_file(&s) &&
		    ev[out + s.n - s.first].time == wt_spill_events(&s)[s.n - 1].time)
			*cut_ok = 0;
		if (s.n > s.first) {
			size_t k = 1 + rnd() % (s.n - s.first);

			for (size_t i = 0; i < k; i++)
				if (wt_spill_events(&s)[s.first + i].addr != out + i ||
				    wt_spill_events(&s)[s.first + i].time != ev[out + i].time)
					in_order = 0;
			wt_spill_take(&s, k);
			out += k;
		}
	}
	in_order &= wt_spill_count(&s) == 0 && !wt_spill_on_file(&s);
	wt_spill_free(&s);
	free(ev);
	return in_order;
}

/* A queue of 124-byte records (not events): first in, first out, and a
 * fill takes what it is asked, no more, whatever the bytes. */
static void records(void)
{
	enum { REC = 124, N = 30000 };
	unsigned char rec[REC];
	struct wt_spill s;
	size_t pushed = 0, out = 0;
	int in_order = 1, exact = 1;

	wt_spill_init_records(&s, "test-spill", REC);
	while (out < N) {
		if (pushed < N && rnd() % 2) {
			size_t k = 1 + rnd() % 500;

			for (size_t i = 0; i < k && pushed < N; i++, pushed++) {
				memset(rec, 0, sizeof(rec));	/* equal "times" */
				memcpy(rec + REC - sizeof(pushed), &pushed, sizeof(pushed));
				wt_spill_push(&s, rec, 1);
			}
		}
		{
			size_t want = rnd() % 300, had = s.n - s.first;
			uint64_t queued = wt_spill_count(&s);

			wt_spill_fill(&s, want);
			if (s.n - s.first != (want > had ? (want < queued ? want : queued) : had))
				exact = 0;
		}
		while (s.n > s.first && rnd() % 4) {
			size_t got;

			memcpy(&got, (char *)wt_spill_buf(&s) + s.first * REC + REC - sizeof(got),
			       sizeof(got));
			in_order &= got == out++;
			wt_spill_take(&s, 1);
		}
	}
	ok(in_order && wt_spill_count(&s) == 0, "30000 records of 124 bytes: all back, in order");
	ok(exact, "  each fill took what it was asked, or all there was");
	wt_spill_free(&s);
}

int main(void)
{
	static const unsigned spans[] = { 1, 2, 50 };
	struct wt_spill s;
	struct wt_event *ev;
	struct stat st;
	uint64_t peak;
	int cut_ok;

	for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++) {
		ok(round_trip(20000, spans[i], 3000, 700, &cut_ok, &peak),
		   "20000 events, a new cycle 1 in %u: all back, in order", spans[i]);
		ok(cut_ok, "  no fill ends inside a cycle");
	}
	ok(round_trip(5000, 1000, 1, 1, &cut_ok, &peak) && cut_ok,
	   "runs of one event, fills of one");
	ok(round_trip(3000, 1u << 30, 3000, 10, &cut_ok, &peak) && cut_ok,
	   "one cycle of 3000 events: back whole, in order");

	/* A fill for 10 takes a whole cycle of 3000 (the head grows), and
	 * stops at the next. */
	ev = make(3001, 1u << 30);
	ev[3000].time++;
	wt_spill_init(&s, "test-spill");
	wt_spill_push(&s, ev, 3001);
	wt_spill_fill(&s, 10);
	ok(s.n - s.first == 3000 && wt_spill_on_file(&s),
	   "a fill for 10 takes the 3000 events of its last cycle (%zu)",
	   s.n - s.first);
	wt_spill_free(&s);
	free(ev);

	/* The file gives its blocks back once read. */
	ev = make(10000, 7);
	wt_spill_init(&s, "test-spill");
	wt_spill_fill(&s, 100);
	ok(s.fd < 0 && s.n == 0, "an empty queue: a fill makes no file");
	for (int i = 0; i < 10000; i++)
		wt_spill_push(&s, ev + i, 1);
	ok(wt_spill_count(&s) == 10000 && wt_spill_on_file(&s) && s.nw == 10000,
	   "10000 pushed one by one: gathered, not written yet (a block is 1 MiB)");
	wt_spill_fill(&s, 1);
	ok(s.fd >= 0 && fstat(s.fd, &st) == 0 &&
	   st.st_size == (off_t)(10000 * sizeof(*ev)) && s.n >= 1,
	   "a fill writes them out, and reads one back (and its cycle)");
	wt_spill_fill(&s, 20000);
	ok(s.n == 10000 && s.rd == 0 && s.wr == 0 && fstat(s.fd, &st) == 0 &&
	   st.st_size == 0, "read whole: the file is empty again");
	wt_spill_take(&s, 10000);
	is_u64(wt_spill_count(&s), 0, "taken: nothing left");
	wt_spill_push(&s, NULL, 0);	/* as l2sim does with an empty list */
	is_u64(wt_spill_count(&s), 0, "a push of nothing");
	wt_spill_free(&s);
	free(ev);
	records();
	return tap_done();
}
