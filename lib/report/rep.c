/*
 * rep.c - a report(1) under construction; see rep.h.
 */
#include "rep.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wt_rep_wanted(const struct wt_rep_opts *o, const char *name)
{
	const char *p = o->only;
	size_t n = strlen(name);

	if (!p)
		return 1;
	while (*p) {
		size_t k = strcspn(p, ",");

		/* "reuse" selects every reuse-RUN table */
		if ((k == n && strncmp(p, name, n) == 0) ||
		    (k == 5 && strncmp(p, "reuse", 5) == 0 && strncmp(name, "reuse-", 6) == 0))
			return 1;
		p += k + (p[k] == ',');
	}
	return 0;
}

void wt_rep_add_table(struct wt_rep *r, struct wt_table *t)
{
	r->t = wt_realloc(r->t, (r->nt + 1) * sizeof(*r->t));
	r->t[r->nt++] = t;
}

struct wt_plot *wt_rep_add_plot(struct wt_rep *r, enum wt_plot_kind kind,
				const struct wt_table *t, unsigned xcol,
				unsigned first, unsigned n)
{
	struct wt_plot *p;
	unsigned *y = wt_calloc(n ? n : 1, sizeof(*y));

	for (unsigned i = 0; i < n; i++)
		y[i] = first + i;
	r->p = wt_realloc(r->p, (r->np + 1) * sizeof(*r->p));
	p = &r->p[r->np++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->t = t;
	p->name = t->name;
	p->title = t->title;
	p->xcol = xcol;
	p->ycols = y;
	p->nycols = n;
	p->series_col = -1;
	p->cutoff = NAN;
	return p;
}

void wt_rep_note(struct wt_rep *r, const char *fmt, ...)
{
	va_list ap, again;
	char *line;
	int n;

	/* measured first: a note may list any number of traces */
	va_start(ap, fmt);
	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	line = wt_malloc(n > 0 ? (size_t)n + 1 : 1);
	vsnprintf(line, n > 0 ? (size_t)n + 1 : 1, fmt, again);
	va_end(again);
	va_end(ap);
	r->notes = wt_realloc(r->notes, (r->nnotes + 1) * sizeof(*r->notes));
	r->notes[r->nnotes++] = line;
}

void wt_rep_free(struct wt_rep *r)
{
	for (size_t i = 0; i < r->nt; i++)
		wt_table_free(r->t[i]);
	for (size_t i = 0; i < r->np; i++)
		free((void *)r->p[i].ycols);
	for (size_t i = 0; i < r->nnotes; i++)
		free(r->notes[i]);
	free(r->t);
	free(r->p);
	free(r->notes);
	memset(r, 0, sizeof(*r));
}
