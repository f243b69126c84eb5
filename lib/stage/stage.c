/*
 * stage.c - the loop of a simulator stage (stage.h): records in, the
 * model run in batches to its horizon, events out in time order, kernel
 * by kernel.
 */
#include "stage.h"

#include "events.h"
#include "progress.h"
#include "util.h"

#include <stddef.h>
#include <string.h>

/* The records a stage reads begin with their cycles (stage.h): the loop
 * reads them there, where a call of the stage's for each cost more. */
_Static_assert(offsetof(struct wt_request, time) == 0, "a request's time first");
_Static_assert(offsetof(struct wt_event, time) == 0, "an event's time first");

static uint64_t record_time(const void *rec)
{
	uint64_t t;

	memcpy(&t, rec, sizeof(t));
	return t;
}

void wt_stage_put(struct wt_stage *st, const struct wt_event *e)
{
	if (wt_writer_put(st->w, e) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(st->w));
}

void wt_stage_put_merged(struct wt_stage *st, struct wt_event *const *lists,
			 const size_t *counts, size_t n)
{
	if (wt_events_write_merged(st->w, lists, counts, (unsigned)n) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(st->w));
}

/* A run, and the requests held start again from none. */
static void run(struct wt_stage *st, int final)
{
	st->ops->run(st, final);
	st->held = 0;
}

/* One record: checked, its time order kept, taken; a batch run when
 * --batch requests are held and the kernel is in time order so far (out
 * of order, the rest of the kernel is held whole, unless the model runs
 * on: run_unsorted). */
static void record(struct wt_stage *st, const void *rec, uint64_t index)
{
	const struct wt_stage_ops *o = st->ops;
	uint64_t t;

	if (o->check)
		o->check(st, rec, index);
	t = record_time(rec);
	if (t < st->last_time && !st->unsorted) {
		st->unsorted = 1;
		if (o->unsorted)
			o->unsorted(st);
	}
	st->last_time = t;
	st->held += o->take(st, rec, index);
	if (st->batch && st->held >= st->batch &&
	    (!st->unsorted || o->run_unsorted))
		run(st, 0);
}

void wt_stage_loop(struct wt_stage *st)
{
	const struct wt_stage_ops *o = st->ops;
	struct wt_item it;
	int in_kernel = 0;

	while (wt_reader_next(st->r, &it) > 0) {
		const char *recs = it.recs;

		switch (it.type) {
		case WT_ITEM_KERNEL:
			in_kernel = 1;
			st->kernel = it.kernel->id;
			if (o->kernel_begin)
				o->kernel_begin(st, it.kernel);
			if (wt_writer_kernel_begin(st->w, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(st->w));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++)
				record(st, recs + i * o->rec_size, it.first + i);
			wt_progress(wt_reader_name(st->r), it.first + it.count);
			break;
		case WT_ITEM_KERNEL_END:
			run(st, 1);
			st->last_time = 0;
			st->unsorted = 0;
			in_kernel = 0;
			if (wt_writer_kernel_end(st->w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(st->w));
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(st->r));
	if (in_kernel && st->end_open)
		run(st, 1);
	wt_progress_done(wt_reader_name(st->r), wt_reader_records(st->r));
}
