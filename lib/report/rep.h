/*
 * rep.h - a report(1) under construction: its tables, figures and notes,
 * the options that choose them, and the calls by which the makers of
 * tables (rtables.c, rpolicy.c, rcompare.c, rruns.c, rpcs.c, rmedic.c)
 * add to it.  rtables.c builds the whole report (rtables.h).
 */
#ifndef WT_REP_H
#define WT_REP_H

#include "measured.h"
#include "plot.h"
#include "stats.h"
#include "table.h"
#include "util.h"

struct wt_rep {
	struct wt_table **t;
	size_t nt;
	struct wt_plot *p;
	size_t np;
	char **notes;		/* lines for the user: what a table leaves out */
	size_t nnotes;
};

/* How the policy tables group their traces: by classify's application
 * category (Khairy et al.) or by its cache sensitivity (Koo et al.). */
enum wt_rep_grouping { WT_GROUP_KHAIRY, WT_GROUP_APCM };

struct wt_rep_opts {
	const char *only;		/* comma-separated table names, or NULL */
	const char *baseline;		/* a run's label or path, or NULL: the
					   first l1sim run */
	const struct wt_measured *measured;	/* or NULL */
	const char *baseline_policy;	/* the policy tables' baseline, or
					   NULL: "none", else the first */
	enum wt_rep_grouping grouping;
	int force;			/* compare runs that rsame.h says do
					   not compare, saying what differs */
};

void wt_rep_free(struct wt_rep *r);

/* Whether --tables asks for the table name (every table when it is not
 * given); add t, and hand it over; add a figure of t, x from xcol and y
 * from the n columns from first on; add a note, a line of text. */
int wt_rep_wanted(const struct wt_rep_opts *o, const char *name);
void wt_rep_add_table(struct wt_rep *r, struct wt_table *t);
struct wt_plot *wt_rep_add_plot(struct wt_rep *r, enum wt_plot_kind kind,
				const struct wt_table *t, unsigned xcol,
				unsigned first, unsigned n);
void wt_rep_note(struct wt_rep *r, const char *fmt, ...) WT_PRINTF(2, 3);

#endif
