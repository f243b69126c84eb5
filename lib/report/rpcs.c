/*
 * rpcs.c - report(1)'s pcs table: the L1 loads of each PC (l1sim's
 * total.pcs), worst first, and what each load does in the L1; see
 * rruns.h.  A kernel's miss rate is a mean over its loads, and a few
 * PCs that stream or thrash usually make most of its misses: this table
 * names them.
 */
#include "rruns.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The PCs of each run shown; the rest are summed in one row. */
#define TOP_PCS 20

/* The verdict's bounds on a PC's L1 miss rate (report(1), TABLES). */
#define HITS_BELOW 0.2
#define STREAMS_ABOVE 0.8

struct pc {
	const char *pc;
	double loads, hits, misses;
};

/* A count to sort by: one a file lacks goes last. */
static double key(double v)
{
	return isnan(v) ? -1 : v;
}

/* Most misses first; among equals, most loads, then the PC's text, so
 * the order does not hang on qsort's. */
static int by_misses(const void *a, const void *b)
{
	const struct pc *x = a, *y = b;

	if (key(x->misses) != key(y->misses))
		return key(x->misses) < key(y->misses) ? 1 : -1;
	if (key(x->loads) != key(y->loads))
		return key(x->loads) < key(y->loads) ? 1 : -1;
	return strcmp(x->pc, y->pc);
}

/*
 * What a load does in the L1, from its miss rate alone: l1sim counts a
 * PC's hits and misses, not its reuse, so a load that streams (no reuse
 * at all) and one that thrashes (reuse the cache cannot hold) look the
 * same here; classify's load types and the reuse-RUN histograms tell
 * them apart for the whole run.
 */
static const char *verdict(double rate)
{
	if (isnan(rate))
		return NULL;
	if (rate < HITS_BELOW)
		return "hits";
	if (rate > STREAMS_ABOVE)
		return "streams or thrashes";
	return "some reuse";
}

static double ratio(double a, double b)
{
	return b > 0 ? a / b : NAN;
}

static void pc_row(struct wt_table *t, const char *run, const char *pc,
		   const struct pc *p, double run_misses)
{
	size_t row = wt_table_add_row(t);
	double rate = ratio(p->misses, p->loads);

	wt_table_text(t, row, 0, run);
	wt_table_text(t, row, 1, pc);
	wt_table_num(t, row, 2, p->loads, 0);
	wt_table_num(t, row, 3, p->hits, 0);
	wt_table_num(t, row, 4, p->misses, 0);
	wt_table_num(t, row, 5, rate, 4);
	wt_table_num(t, row, 6, ratio(p->misses, run_misses), 4);
	wt_table_text(t, row, 7, verdict(rate));
}

/* Run s's rows: its TOP_PCS worst PCs and one for the others. */
static void run_rows(struct wt_table *t, const struct wt_stats *s)
{
	json_t *pcs = wt_stats_at(s, "total.pcs"), *v;
	size_t n = json_array_size(pcs), i;
	struct pc *p = wt_calloc(n ? n : 1, sizeof(*p)), rest = { 0 };
	double misses = 0;
	char what[64];

	json_array_foreach(pcs, i, v) {
		const char *pc = json_string_value(json_object_get(v, "pc"));

		p[i].pc = pc ? pc : "?";
		p[i].loads = wt_json_num(v, "loads");
		p[i].hits = wt_json_num(v, "hits");
		p[i].misses = wt_json_num(v, "misses");
		misses += isnan(p[i].misses) ? 0 : p[i].misses;
	}
	qsort(p, n, sizeof(*p), by_misses);
	for (i = 0; i < n && i < TOP_PCS; i++)
		pc_row(t, s->label, p[i].pc, &p[i], misses);
	for (; i < n; i++) {
		rest.loads += isnan(p[i].loads) ? 0 : p[i].loads;
		rest.hits += isnan(p[i].hits) ? 0 : p[i].hits;
		rest.misses += isnan(p[i].misses) ? 0 : p[i].misses;
	}
	if (n > TOP_PCS) {
		snprintf(what, sizeof(what), "%zu other PCs", n - TOP_PCS);
		pc_row(t, s->label, what, &rest, misses);
	}
	free(p);
}

void wt_rep_pcs(struct wt_rep *r, struct wt_stats *s, size_t n,
		const struct wt_rep_opts *o)
{
	struct wt_table *t;

	if (!wt_rep_wanted(o, "pcs"))
		return;
	t = wt_table_new("pcs", "L1 loads by PC, most misses first (at most 20 "
			 "PCs a run, the rest summed): which loads hit and which "
			 "stream or thrash", 8, "run", "PC", "loads", "hits",
			 "misses", "miss rate", "share of the run's misses",
			 "verdict");
	for (size_t i = 0; i < n; i++)
		if (strcmp(s[i].program, "l1sim") == 0 &&
		    json_array_size(wt_stats_at(&s[i], "total.pcs")))
			run_rows(t, &s[i]);
	/* an empty table is dropped with the others (prune) */
	wt_rep_add_table(r, t);
}
