/*
 * sweepplot.c - the plot of a sweep's table, and the metrics it may show.
 */
#include "sweepplot.h"

#include "plot.h"
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The metric to plot, checked: a usage error unless it is a number the
 * pipeline writes. */
const char *wt_sweep_plot_metric(const struct wt_sweep *s, const char *want)
{
	const char *m, *first = wt_sweep_metric(s, 0);
	char list[512] = "";

	if (!s->naxes)
		wt_die(WT_EXIT_USAGE, "--plot: no axis to plot against (--set)");
	if (strcmp(first, "classify.category") == 0)
		wt_die(WT_EXIT_USAGE, "--plot: nothing to plot: the pipeline up to "
		       "classify has no numeric metric");
	if (!want)
		want = first;
	for (unsigned i = 0; (m = wt_sweep_metric(s, i)); i++) {
		if (strcmp(m, "classify.category") == 0)
			continue;	/* words, not numbers */
		if (strcmp(m, want) == 0)
			return m;
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			 *list ? ", " : "", m);
	}
	wt_die(WT_EXIT_USAGE, "--plot-metric=%s: expected %s", want, list);
}

/*
 * x: the first axis; y: the metric; a line for each trace and combination
 * of the other axes, named in a column of its own.
 */

/* A trace as a legend names it: its file name without directory and
 * without the .trc, .zst or .gz endings; *n characters from the result. */
static const char *trace_stem(const char *path, size_t *n)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	*n = strlen(b);
	for (int again = 1; again;) {
		again = 0;
		for (const char *const *e = (const char *const[]){ ".zst", ".gz",
			".trc", NULL }; *e; e++) {
			size_t k = strlen(*e);

			if (*n > k && strncmp(b + *n - k, *e, k) == 0) {
				*n -= k;
				again = 1;
			}
		}
	}
	return b;
}

/* Whether two traces have the same legend name. */
static int same_file_name(const char *a, const char *b)
{
	size_t na, nb;
	const char *x = trace_stem(a, &na), *y = trace_stem(b, &nb);

	return na == nb && strncmp(x, y, na) == 0;
}

void wt_sweep_plot(const struct wt_sweep *s, const struct wt_table *t,
		   const char *metric)
{
	struct wt_table *pt = wt_table_new("sweep", t->title, 3, s->axes[0].name,
					   metric, "series");
	int y = wt_table_col(t, metric);
	unsigned ycol = 1;
	struct wt_plot p = {
		.kind = WT_PLOT_LINES, .t = pt, .name = "sweep", .title = t->title,
		.xlabel = s->axes[0].name, .ylabel = metric, .xcol = 0,
		.ycols = &ycol, .nycols = 1, .series_col = 2, .cutoff = NAN,
		.percent = strstr(metric, "_rate") != NULL,
	};
	char err[PATH_MAX + 256], buf[64];
	int short_names = 1;

	/* traces are named by file name in the legend, unless two share one */
	for (size_t a = 0; a < s->ntraces; a++)
		for (size_t b = a + 1; b < s->ntraces; b++)
			short_names &= same_file_name(s->traces[a].name,
						      s->traces[b].name) == 0;
	for (size_t r = 0; r < t->nrows; r++) {
		size_t q, n = 0;
		char *label = NULL;
		FILE *f;

		/* a point that failed keeps its place on x, with no y */
		const struct wt_cell *yc = wt_table_cell(t, r, (unsigned)y);

		q = wt_table_add_row(pt);
		wt_table_text(pt, q, 0, wt_table_cell(t, r, 2)->text);
		wt_table_num(pt, q, 1, yc->kind == WT_CELL_NUM ? yc->num : NAN, -1);
		f = open_memstream(&label, &n);
		if (short_names) {
			size_t k;
			const char *stem = trace_stem(wt_table_cell(t, r, 1)->text, &k);

			fprintf(f, "%.*s", (int)k, stem);
		} else
			fputs(wt_table_cell(t, r, 1)->text, f);
		for (unsigned i = 1; i < s->naxes; i++)
			fprintf(f, " %s=%s", strchr(s->axes[i].name, ':') + 1,
				wt_cell_str(wt_table_cell(t, r, 2 + i), buf, sizeof(buf)));
		fclose(f);
		wt_table_text(pt, q, 2, label);
		free(label);
	}
	if (wt_plot_write(&p, s->absdir, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_table_free(pt);
}

