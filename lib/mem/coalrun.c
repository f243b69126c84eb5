/*
 * coalrun.c - coalesce's run over a stream of warp records.
 */
#include "coalrun.h"

#include "cstream.h"
#include "progress.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static struct wt_coalrun_kernel *new_kstats(struct wt_coalrun *c,
					     const struct wt_kernel *k)
{
	struct wt_coalrun_kernel *s;

	if (c->nks == c->capks) {
		c->capks = c->capks ? 2 * c->capks : 16;
		c->ks = wt_realloc(c->ks, c->capks * sizeof(*c->ks));
	}
	s = &c->ks[c->nks++];
	memset(s, 0, sizeof(*s));
	s->id = (uint32_t)(c->nks - 1);
	s->name = wt_strdup(k->name);
	return s;
}

void wt_coalrun(struct wt_coalrun *c, struct wt_reader *r, struct wt_writer *wr)
{
	static struct wt_request reqs[WT_COALESCE_MAX_REQUESTS];
	const struct wt_header *h = wt_reader_header(r);
	struct wt_cstream *cs = wt_cstream_new(c->cfg, c->sh);
	const struct wt_request *end;
	struct wt_coalrun_kernel *ks = NULL;
	struct wt_item it;
	char why[256];
	size_t n;

	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			ks = new_kstats(c, it.kernel);
			if (wt_writer_kernel_begin(wr, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(wr));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				const struct wt_warp *w = (const void *)
					((const char *)it.recs + i * h->record_size);

				/* the reader has checked the fields */
				if (wt_coalesce_valid(c->cfg, w, why, sizeof(why)) < 0)
					wt_die(WT_EXIT_DATA, "%s: record %llu: %s",
					       wt_reader_name(r),
					       (unsigned long long)(it.first + i), why);
				n = wt_cstream_warp(cs, w, reqs, &ks->s);
				if (wt_writer_put_many(wr, reqs, n) < 0)
					wt_die(WT_EXIT_DATA, "%s", wt_writer_error(wr));
			}
			wt_progress(wt_reader_name(r), it.first + it.count);
			break;
		case WT_ITEM_KERNEL_END:
			n = wt_cstream_kernel_end(cs, &end, &ks->s);
			if (wt_writer_put_many(wr, end, n) < 0 ||
			    wt_writer_kernel_end(wr) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(wr));
			break;
		default:
			break;
		}
	}
	wt_progress_done(wt_reader_name(r), wt_reader_records(r));
	wt_cstream_free(cs);
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
}

void wt_coalrun_free(struct wt_coalrun *c)
{
	for (size_t i = 0; i < c->nks; i++)
		free(c->ks[i].name);
	free(c->ks);
	c->ks = NULL;
	c->nks = c->capks = 0;
}
