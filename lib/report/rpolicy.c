/*
 * rpolicy.c - report(1)'s comparison of L1 management policies; see
 * rpolicy.h.
 *
 * The l1sim runs given make a grid: a row per trace, a column per policy.
 * A run's trace is its trace_hash where the runs have one, else its
 * "trace" member or, in a file from before l1sim wrote one, its file name
 * without directory and .json.  The runs of a trace must compare with its
 * baseline run in machine and timing model (rsame.h), or --force.  Its column is
 * settings.policy ("none" when absent), except that a run of no policy
 * whose settings.assoc is not the baseline run's is a column of its own,
 * "assocN", or "fa" for a single set: Khairy et al. set PRIC beside more
 * associative L1s (Fig. 12).  Columns come in the order first seen on
 * the command line, and so do the traces of a group.
 *
 * A trace is grouped by the classify file of the same trace: by its
 * application category (Khairy et al. section 3.2) or by its cache
 * sensitivity (Koo et al. section 3); "unknown" without one.
 *
 * IPC is normalized to the baseline policy's run of the same trace and
 * summed up by the harmonic mean, as both papers sum up speedups.  Miss
 * rates, MPKI and reservation fails are shown as they are and summed up
 * by their arithmetic mean, and by the mean change against the baseline
 * (value / baseline - 1), the reductions of Khairy et al. Fig. 10 and 11.
 */
#include "rpolicy.h"
#include "rsame.h"
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A table: what it shows of each run. */
struct pspec {
	const char *name, *path;
	const char *what;	/* for the title */
	const char *papers;	/* the figures it reproduces, or NULL */
	int prec;
};

static const struct pspec specs[] = {
	{ "policy-ipc", "total.ipc", "IPC",
	  "Khairy et al. Fig. 8, 9; Koo et al. Fig. 12", 3 },
	{ "policy-miss-rate", "total.miss_rate", "L1 miss rate",
	  "Khairy et al. Fig. 10; Koo et al. Fig. 13", 4 },
	{ "policy-mpki", "total.mpki", "L1 misses per thousand instructions "
	  "(MPKI)", NULL, 1 },
	{ "policy-fails", "total.reservation_fails_per_kilocycle",
	  "L1 reservation fails per thousand cycles", "Khairy et al. Fig. 11", 1 },
};
#define NSPECS (sizeof(specs) / sizeof(specs[0]))
#define IPC (&specs[0])

/* The groups in the order the tables list them; other names follow in
 * the order first seen, and "unknown" comes last. */
static const char *const khairy_groups[] = {
	"streaming", "cache-friendly", "conflict-contention",
	"conflict-contention and thrashing", "thrashing-contention",
	"thrashing-contention and conflicts", "none"
};
static const char *const apcm_groups[] = {
	"sensitive", "moderate", "insensitive", "none"
};

struct ptrace {
	char *name;		/* in the tables */
	char *first_name;	/* trace_name of its first run */
	const struct wt_stats *first;	/* its first run, which stands
					   for the trace */
	const struct wt_stats *ref;	/* the run the others must
					   compare with: the baseline's,
					   else the first */
	char *differs;		/* with --force: what differs, or NULL */
	const char *group;	/* a classify category, or "unknown" */
	size_t rank;		/* the group's place in the tables */
	size_t order;		/* the trace's place on the command line */
	const struct wt_stats **run;	/* a run per column, or NULL */
};

struct pgrid {
	char **col;		/* the columns' names */
	size_t ncols, base;	/* base: the baseline policy's column */
	size_t *col_of;		/* each file's column (l1sim runs only) */
	struct ptrace *tr;
	size_t ntr;
	int policies;		/* some run knows of policies: it has a
				   settings.policy or a trace member */
	int differs;		/* some trace's runs differ (--force) */
};

/* The columns before the policies': trace, category, machine, L1 timing
 * and warp scheduler. */
#define FIRST 5

static int is_l1sim(const struct wt_stats *s)
{
	return strcmp(s->program, "l1sim") == 0;
}

/* The file's trace: its "trace" member, or its file name without
 * directory and .json; to be freed. */
static char *trace_name(const struct wt_stats *s)
{
	const char *t = wt_stats_str(s, "trace"), *base;
	size_t n;
	char *name;

	if (t && *t)
		return wt_strdup(t);
	base = strrchr(s->path, '/');
	base = base ? base + 1 : s->path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	name = wt_calloc(n + 1, 1);
	memcpy(name, base, n);
	return name;
}

/* Whether two files are of one trace: by their hashes where both have
 * one, else by trace_name. */
static int same_trace(const struct wt_stats *a, const struct wt_stats *b)
{
	char *x, *y;
	int same;

	if (wt_run_hash(a) && wt_run_hash(b))
		return strcmp(wt_run_hash(a), wt_run_hash(b)) == 0;
	x = trace_name(a);
	y = trace_name(b);
	same = strcmp(x, y) == 0;
	free(x);
	free(y);
	return same;
}

static const char *policy_of(const struct wt_stats *s)
{
	const char *p = wt_stats_str(s, "settings.policy");

	return p && *p ? p : "none";
}

/* The associativity that makes no column of its own: the first run's of
 * the baseline policy, else the first run's of no policy; NaN if none. */
static double base_assoc(const struct wt_stats *s, size_t n, const char *base)
{
	const char *const names[] = { base, "none" };

	for (unsigned k = 0; k < 2; k++)
		for (size_t i = 0; i < n; i++)
			if (is_l1sim(&s[i]) &&
			    strcmp(policy_of(&s[i]), names[k]) == 0)
				return wt_stats_num(&s[i], "settings.assoc");
	return NAN;
}

/* The run's column name: its policy, or, for a run of no policy with
 * another associativity, assocN or fa (in buf). */
static const char *column_name(const struct wt_stats *s, double assoc,
			       char *buf, size_t len)
{
	const char *p = policy_of(s);
	double a = wt_stats_num(s, "settings.assoc");

	if (strcmp(p, "none") != 0 || isnan(a) || isnan(assoc) || a == assoc)
		return p;
	if (wt_stats_num(s, "settings.sets") == 1)
		snprintf(buf, len, "fa");
	else
		snprintf(buf, len, "assoc%.0f", a);
	return buf;
}

/* The index of name in v[0..*n-1], added at the end if it is not there. */
static size_t intern(char ***v, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], name) == 0)
			return i;
	*v = wt_realloc(*v, (*n + 1) * sizeof(**v));
	(*v)[*n] = wt_strdup(name);
	return (*n)++;
}

/* The columns of the l1sim runs and the baseline's: the column of
 * --baseline-policy (a usage error if no run has it), else that of
 * "none", else the first. */
static int columns(struct pgrid *g, struct wt_stats *s, size_t n,
		   const struct wt_rep_opts *o, char *err, size_t len)
{
	const char *base = o->baseline_policy ? o->baseline_policy : "none";
	double assoc = base_assoc(s, n, base);
	char buf[64];
	size_t i;

	g->col_of = wt_calloc(n ? n : 1, sizeof(*g->col_of));
	for (i = 0; i < n; i++) {
		if (!is_l1sim(&s[i]))
			continue;
		g->col_of[i] = intern(&g->col, &g->ncols,
				      column_name(&s[i], assoc, buf, sizeof(buf)));
		if (wt_stats_str(&s[i], "settings.policy") ||
		    wt_stats_str(&s[i], "trace"))
			g->policies = 1;
	}
	for (i = 0; i < g->ncols; i++)
		if (strcmp(g->col[i], base) == 0)
			break;
	if (i == g->ncols && o->baseline_policy) {
		snprintf(err, len, "--baseline-policy=%s: no l1sim run of that "
			 "policy", o->baseline_policy);
		return WT_EXIT_USAGE;
	}
	g->base = i < g->ncols ? i : 0;
	return 0;
}

/* The trace's group, from the first classify file of the same trace. */
static const char *group_of(struct wt_rep *r, const struct wt_stats *s,
			    size_t n, const struct wt_stats *run,
			    enum wt_rep_grouping how)
{
	const struct wt_stats *c = NULL;
	const char *v;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(s[i].program, "classify") != 0 || !same_trace(&s[i], run))
			continue;
		if (c) {
			char *name = trace_name(run);

			wt_rep_note(r, "policy tables: two classify files of trace "
				    "%s (%s, %s): the first one groups it", name,
				    c->path, s[i].path);
			free(name);
			break;
		}
		c = &s[i];
	}
	if (!c)
		return "unknown";
	if (how == WT_GROUP_APCM) {
		v = wt_stats_str(c, "total.category.sensitivity");
		return v && *v ? v : "unknown";
	}
	v = wt_stats_str(c, "total.category.category");
	if (!v || !*v)
		return "unknown";
	/* a contention kernel with the other trait too, as classify says */
	if (json_is_true(wt_stats_at(c, "total.category.also"))) {
		if (strcmp(v, "conflict-contention") == 0)
			return "conflict-contention and thrashing";
		if (strcmp(v, "thrashing-contention") == 0)
			return "thrashing-contention and conflicts";
	}
	return v;
}

/* The place of trace i's group: among the known groups, else after them
 * by its first trace, "unknown" last. */
static size_t group_rank(const struct pgrid *g, size_t i,
			 enum wt_rep_grouping how)
{
	int apcm = how == WT_GROUP_APCM;
	const char *const *known = apcm ? apcm_groups : khairy_groups;
	size_t nknown = apcm ? sizeof(apcm_groups) / sizeof(apcm_groups[0]) :
			sizeof(khairy_groups) / sizeof(khairy_groups[0]);
	const char *name = g->tr[i].group;
	size_t k;

	if (strcmp(name, "unknown") == 0)
		return SIZE_MAX;
	for (k = 0; k < nknown; k++)
		if (strcmp(name, known[k]) == 0)
			return k;
	for (k = 0; k < i; k++)
		if (strcmp(name, g->tr[k].group) == 0)
			break;
	return nknown + k;
}

static int by_group(const void *a, const void *b)
{
	const struct ptrace *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Traces of one name but other contents get their hash in their names. */
static void tell_apart(struct pgrid *g)
{
	for (size_t i = 0; i < g->ntr; i++) {
		const char *h = wt_run_hash(g->tr[i].first);
		size_t k;

		for (k = 0; k < g->ntr; k++)
			if (k != i && strcmp(g->tr[k].first_name, g->tr[i].first_name) == 0)
				break;
		if (k < g->ntr && h) {
			char buf[512];

			snprintf(buf, sizeof(buf), "%s (%.8s)", g->tr[i].first_name, h);
			free(g->tr[i].name);
			g->tr[i].name = wt_strdup(buf);
		}
	}
}

/* The rows: a trace per distinct trace (same_trace), a run per column (the
 * first of several), grouped and in command-line order within a group. */
static void rows(struct wt_rep *r, struct pgrid *g, struct wt_stats *s,
		 size_t n, enum wt_rep_grouping how)
{
	for (size_t i = 0; i < n; i++) {
		size_t k;

		if (!is_l1sim(&s[i]))
			continue;
		for (k = 0; k < g->ntr; k++)
			if (same_trace(g->tr[k].first, &s[i]))
				break;
		if (k == g->ntr) {
			g->tr = wt_realloc(g->tr, (g->ntr + 1) * sizeof(*g->tr));
			memset(&g->tr[k], 0, sizeof(g->tr[k]));
			g->tr[k].name = trace_name(&s[i]);
			g->tr[k].first_name = trace_name(&s[i]);
			g->tr[k].first = &s[i];
			g->tr[k].order = k;
			g->tr[k].run = wt_calloc(g->ncols, sizeof(*g->tr[k].run));
			g->ntr++;
		}
		if (g->tr[k].run[g->col_of[i]]) {
			wt_rep_note(r, "policy tables: two runs of trace %s with "
				    "policy %s (%s, %s): the first one is used",
				    g->tr[k].name, g->col[g->col_of[i]],
				    g->tr[k].run[g->col_of[i]]->path, s[i].path);
			continue;
		}
		g->tr[k].run[g->col_of[i]] = &s[i];
	}
	tell_apart(g);
	for (size_t k = 0; k < g->ntr; k++)
		g->tr[k].group = group_of(r, s, n, g->tr[k].first, how);
	for (size_t k = 0; k < g->ntr; k++)
		g->tr[k].rank = group_rank(g, k, how);
	qsort(g->tr, g->ntr, sizeof(*g->tr), by_group);
}

/* "POLICY: what differs" onto the trace's list of differences. */
static void append_differs(struct ptrace *t, const char *policy, const char *why)
{
	size_t had = t->differs ? strlen(t->differs) : 0;
	size_t n = had + strlen(policy) + strlen(why) + 5;
	char *d = wt_realloc(t->differs, n);

	snprintf(d + had, n - had, "%s%s: %s", had ? "; " : "", policy, why);
	t->differs = d;
}

static void grid_free(struct pgrid *g)
{
	for (size_t i = 0; i < g->ncols; i++)
		free(g->col[i]);
	for (size_t i = 0; i < g->ntr; i++) {
		free(g->tr[i].name);
		free(g->tr[i].first_name);
		free(g->tr[i].differs);
		free(g->tr[i].run);
	}
	free(g->col);
	free(g->col_of);
	free(g->tr);
}

/*
 * Each trace's runs must compare with the run that stands for it, the
 * baseline policy's (else its first): the same machine and L1 timing
 * model.  Otherwise an error naming the runs and what differs, or with
 * --force that said in the row.
 */
static int comparable(struct pgrid *g, const struct wt_rep_opts *o,
		      char *err, size_t len)
{
	char context[512];

	for (size_t k = 0; k < g->ntr; k++) {
		struct ptrace *t = &g->tr[k];

		t->ref = t->run[g->base] ? t->run[g->base] : t->first;
		snprintf(context, sizeof(context), "policy tables: trace %s", t->name);
		for (size_t c = 0; c < g->ncols; c++) {
			unsigned d;
			char why[512];

			/* the trace is one by the row's rule (same_trace) */
			if (!t->run[c])
				continue;
			if (wt_run_may_compare(t->run[c], t->ref,
					       ~(unsigned)(WT_DIFF_TRACE | WT_DIFF_UNKNOWN),
					       o->force, context, "run every policy "
					       "with one machine and --sched, or --force",
					       &d, err, len) < 0)
				return WT_EXIT_DATA;
			if (d)
				append_differs(t, g->col[c], wt_run_diff_text(t->run[c],
						t->ref, d, why, sizeof(why)));
		}
	}
	return 0;
}

/* Every l1sim run has the table's member, a number or null (which l1sim
 * writes when there is nothing to divide by); else a data error. */
static int check(const struct wt_stats *s, size_t n, const struct pspec *sp,
		 char *err, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		json_t *v;

		if (!is_l1sim(&s[i]))
			continue;
		v = wt_stats_at(&s[i], sp->path);
		if (!v) {
			snprintf(err, len, "%s: no %s, which the %s table needs",
				 s[i].path, sp->path, sp->name);
			return WT_EXIT_DATA;
		}
		if (!json_is_number(v) && !json_is_null(v)) {
			snprintf(err, len, "%s: %s is not a number (the %s table "
				 "needs it)", s[i].path, sp->path, sp->name);
			return WT_EXIT_DATA;
		}
	}
	return 0;
}

/* The run's value in column c; NaN without a run or a number. */
static double value(const struct ptrace *t, size_t c, const char *path)
{
	return t->run[c] ? wt_stats_num(t->run[c], path) : NAN;
}

/* The value over the baseline run's; NaN when the baseline has no run or
 * no positive value to divide by. */
static double over_base(const struct pgrid *g, const struct ptrace *t,
			size_t c, const char *path)
{
	double b = value(t, g->base, path);

	return b > 0 ? value(t, c, path) / b : NAN;
}

enum summary { HMEAN, MEAN, CHANGE };

static const char *const summary_names[] = {
	"harmonic mean", "mean", "change vs baseline"
};

/* Column c summed up over the traces [lo, hi): the harmonic mean of the
 * normalized values (positive ones: a zero has no harmonic mean), the
 * mean of the values, or the mean of value / baseline - 1; NaN if no
 * trace has one. */
static double summary(const struct pgrid *g, size_t lo, size_t hi, size_t c,
		      const char *path, enum summary how)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = lo; i < hi; i++) {
		const struct ptrace *t = &g->tr[i];
		double v = how == MEAN ? value(t, c, path) :
			   over_base(g, t, c, path);

		if (isnan(v) || (how == HMEAN && !(v > 0)))
			continue;
		sum += how == HMEAN ? 1 / v : how == CHANGE ? v - 1 : v;
		k++;
	}
	if (!k)
		return NAN;
	return how == HMEAN ? (double)k / sum : sum / (double)k;
}

/* A summary row of the traces [lo, hi), of the group or, with NULL, of
 * all; none when no column has a value. */
static void summary_row(struct wt_table *t, const struct pgrid *g, size_t lo,
			size_t hi, const struct pspec *sp, enum summary how,
			const char *group)
{
	int prec = how == CHANGE ? 4 : sp->prec, any = 0;
	char label[256];
	size_t row;

	for (size_t c = 0; c < g->ncols; c++)
		any |= !isnan(summary(g, lo, hi, c, sp->path, how));
	if (!any)
		return;
	/* the group in the label too, so that the figure's bars say it */
	if (group)
		snprintf(label, sizeof(label), "%s (%s)", summary_names[how],
			 group);
	else
		snprintf(label, sizeof(label), "%s", summary_names[how]);
	row = wt_table_add_row(t);
	wt_table_text(t, row, 0, label);
	wt_table_text(t, row, 1, group ? group : "all");
	for (size_t c = 0; c < g->ncols; c++)
		wt_table_num(t, row, FIRST + (unsigned)c,
			     summary(g, lo, hi, c, sp->path, how), prec);
}

static void summary_rows(struct wt_table *t, const struct pgrid *g, size_t lo,
			 size_t hi, const struct pspec *sp, const char *group)
{
	if (sp == IPC) {
		summary_row(t, g, lo, hi, sp, HMEAN, group);
	} else {
		summary_row(t, g, lo, hi, sp, MEAN, group);
		summary_row(t, g, lo, hi, sp, CHANGE, group);
	}
}

static void trace_row(struct wt_table *t, const struct pgrid *g,
		      const struct ptrace *tr, const struct pspec *sp)
{
	size_t row = wt_table_add_row(t);

	wt_table_text(t, row, 0, tr->name);
	wt_table_text(t, row, 1, tr->group);
	wt_table_text(t, row, 2, wt_run_machine(tr->ref));
	wt_table_text(t, row, 3, wt_run_timing(tr->ref));
	wt_table_text(t, row, 4, wt_run_sched(tr->ref));
	for (size_t c = 0; c < g->ncols; c++)
		wt_table_num(t, row, FIRST + (unsigned)c, sp == IPC ?
			     over_base(g, tr, c, sp->path) :
			     value(tr, c, sp->path), sp->prec);
	if (g->differs)
		wt_table_text(t, row, FIRST + (unsigned)g->ncols, tr->differs);
}

static void title_of(char *buf, size_t len, const struct pgrid *g,
		     const struct pspec *sp, enum wt_rep_grouping how)
{
	const char *by = how == WT_GROUP_APCM ? "cache sensitivity" :
			 "application category";
	char papers[128] = "";

	if (sp->papers)
		snprintf(papers, sizeof(papers), " (%s)", sp->papers);
	if (sp == IPC)
		snprintf(buf, len, "IPC of each L1 policy, normalized to the "
			 "baseline policy %s, by %s, with harmonic means%s",
			 g->col[g->base], by, papers);
	else
		snprintf(buf, len, "%s of each policy, by %s, with means and the "
			 "mean change against the baseline policy %s%s",
			 sp->what, by, g->col[g->base], papers);
}

/* A row per trace, group by group, each group's summary when there is
 * more than one group, and the summary of all traces. */
static void policy_table(struct wt_rep *r, const struct pgrid *g,
			 const struct pspec *sp, enum wt_rep_grouping how)
{
	unsigned ncols = FIRST + (unsigned)g->ncols + (g->differs ? 1 : 0);
	const char **names = wt_calloc(ncols, sizeof(*names));
	int groups = g->ntr && g->tr[0].rank != g->tr[g->ntr - 1].rank;
	char title[1024];
	struct wt_table *t;

	names[0] = "trace";
	names[1] = "category";
	names[2] = "machine";
	names[3] = "L1 timing";
	names[4] = "warp scheduler";
	for (size_t c = 0; c < g->ncols; c++)
		names[FIRST + c] = g->col[c];
	if (g->differs)
		names[ncols - 1] = "differs";
	title_of(title, sizeof(title), g, sp, how);
	t = wt_table_newv(sp->name, title, ncols, names);
	free(names);
	for (size_t lo = 0, hi; lo < g->ntr; lo = hi) {
		for (hi = lo; hi < g->ntr && g->tr[hi].rank == g->tr[lo].rank; hi++)
			trace_row(t, g, &g->tr[hi], sp);
		if (groups)
			summary_rows(t, g, lo, hi, sp, g->tr[lo].group);
	}
	summary_rows(t, g, 0, g->ntr, sp, NULL);
	wt_rep_add_table(r, t);
	if (sp == IPC) {
		struct wt_plot *p = wt_rep_add_plot(r, WT_PLOT_BARS, t, 0, FIRST,
						    (unsigned)g->ncols);

		p->ylabel = "IPC / the baseline policy's IPC";
		p->xlabel = "trace";
		p->unit_line = 1;
		p->title = "Normalized IPC (Khairy et al. Fig. 8; "
			   "Koo et al. Fig. 12)";
	}
}

/* One line for the traces that have no run of the baseline policy. */
static void note_no_base(struct wt_rep *r, const struct pgrid *g)
{
	char *list = NULL;
	size_t len = 0, k = 0;
	FILE *f = open_memstream(&list, &len);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	for (size_t i = 0; i < g->ntr; i++)
		if (!g->tr[i].run[g->base])
			fprintf(f, "%s%s", k++ ? ", " : "", g->tr[i].name);
	if (fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (k)
		wt_rep_note(r, "policy tables: no run of the baseline policy %s "
			    "for trace%s %s: left out of the normalized summaries",
			    g->col[g->base], k == 1 ? "" : "s", list);
	free(list);
}

/* Without --tables, only when the runs are of two policies or more and
 * some file knows of policies at all: the files of an older l1sim, an
 * associativity sweep say, print as they did. */
static int made(const struct wt_rep_opts *o, const struct pgrid *g,
		const struct pspec *sp)
{
	if (o->only)
		return wt_rep_wanted(o, sp->name);
	return g->ncols >= 2 && g->policies;
}

int wt_rep_policies(struct wt_rep *r, struct wt_stats *s, size_t n,
		    const struct wt_rep_opts *o, char *err, size_t len)
{
	struct pgrid g = { 0 };
	int rc, any = 0;
	size_t k;

	rc = columns(&g, s, n, o, err, len);
	for (k = 0; rc == 0 && g.ncols && k < NSPECS; k++)
		if (made(o, &g, &specs[k])) {
			rc = check(s, n, &specs[k], err, len);
			any = 1;
		}
	if (rc == 0 && any) {
		rows(r, &g, s, n, o->grouping);
		rc = comparable(&g, o, err, len);
	}
	if (rc == 0 && any) {
		for (k = 0; k < g.ntr; k++)
			g.differs |= g.tr[k].differs != NULL;
		note_no_base(r, &g);
		for (k = 0; k < NSPECS; k++)
			if (made(o, &g, &specs[k]))
				policy_table(r, &g, &specs[k], o->grouping);
	}
	grid_free(&g);
	return rc;
}
