/*
 * output.c - open, abort-on-death and close of a program's output stream.
 */
#include "output.h"
#include "util.h"

#include <string.h>

static struct wt_writer *out;

static void abort_output(void)
{
	wt_writer_abort(out);
	out = NULL;
}

struct wt_writer *wt_output_open(const char *path, const struct wt_header *h,
				 int level)
{
	char err[768];

	out = wt_writer_open(path, h, level, err, sizeof(err));
	if (!out)
		wt_die(strstr(err, "terminal") ? WT_EXIT_USAGE : WT_EXIT_DATA,
		       "%s", err);
	wt_atdie(abort_output);
	return out;
}

void wt_output_close(void)
{
	struct wt_writer *w = out;
	char err[768];

	out = NULL;
	if (w && wt_writer_close(w, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}
