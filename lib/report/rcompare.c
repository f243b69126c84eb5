/*
 * rcompare.c - report(1)'s compare table; see rcompare.h.
 *
 * A measured kernel is matched to the l1sim kernels, in this order, by
 *   1. its short name (templates kept: foo<float, 4>), spaces ignored,
 *   2. its key (templates dropped: foo), when 1 finds none,
 *   3. its key as the last component of theirs, when it has no namespace
 *      of its own (ncu's --print-kernel-base=function) and 2 finds none;
 *      kernels of one name in two namespaces make it ambiguous, left out.
 * Every l1sim kernel it matches counts: their hits and misses are summed
 * over the runs and launches (the miss rate is weighted by loads).
 */
#include "rcompare.h"
#include "kname.h"
#include "rsame.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A kernel name of the l1sim runs, its launches in every run summed. */
struct modelled {
	const char *raw;	/* as the stats files write it */
	char *readable, *shortname, *key;
	double hits, misses;
	int matched;
};

struct kernels {
	struct modelled *k;
	size_t n;
};

/*
 * The l1sim runs' kernels are pooled, so they must model one L1: the
 * same machine, timing model and settings (traces may differ: their
 * kernels are other kernels).  0; else an error, or with force a note.
 */
static int one_model(struct wt_rep *r, const struct wt_stats *s, size_t n,
		     int force, char *err, size_t len)
{
	const struct wt_stats *first = NULL;
	char why[512];

	for (size_t i = 0; i < n; i++) {
		unsigned d;
		const char *what;

		if (strcmp(s[i].program, "l1sim") != 0)
			continue;
		if (!first) {
			first = &s[i];
			continue;
		}
		d = wt_run_differs(&s[i], first) &
		    ~(unsigned)(WT_DIFF_TRACE | WT_DIFF_UNKNOWN);
		what = d ? wt_run_diff_text(&s[i], first, d, why, sizeof(why)) :
		       wt_run_settings_diff(&s[i], first, why, sizeof(why));
		if (!what)
			continue;
		if (!force) {
			snprintf(err, len, "compare: l1sim runs %s and %s model "
				 "different L1s (%s), whose kernels would be pooled; "
				 "give the runs of one configuration, or --force",
				 s[i].label, first->label, what);
			return WT_EXIT_DATA;
		}
		wt_rep_note(r, "compare: l1sim runs %s and %s model different L1s "
			    "(%s); their kernels are pooled (--force)", s[i].label,
			    first->label, what);
	}
	return 0;
}

static void collect(struct kernels *ks, struct wt_stats *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		json_t *arr = wt_stats_at(&s[i], "kernels"), *k;
		size_t j, x;

		if (strcmp(s[i].program, "l1sim") != 0)
			continue;
		json_array_foreach(arr, j, k) {
			const char *name = json_string_value(json_object_get(k, "name"));

			if (!name)
				continue;
			for (x = 0; x < ks->n; x++)
				if (strcmp(ks->k[x].raw, name) == 0)
					break;
			if (x == ks->n) {
				ks->k = wt_realloc(ks->k, (ks->n + 1) * sizeof(*ks->k));
				memset(&ks->k[x], 0, sizeof(ks->k[x]));
				ks->k[x].raw = name;
				ks->n++;
			}
			ks->k[x].hits += wt_json_num(k, "hits");
			ks->k[x].misses += wt_json_num(k, "misses");
		}
	}
}

/* Both sides demangled by one c++filt: measured names first. */
static char **demangle_all(struct wt_rep *r, const struct wt_measured *m,
			   struct kernels *ks, char *why, size_t len)
{
	size_t total = m->n + ks->n;
	const char **names = wt_calloc(total ? total : 1, sizeof(*names));
	char **out = wt_calloc(total ? total : 1, sizeof(*out));

	for (size_t i = 0; i < m->n; i++)
		names[i] = m->k[i].name;
	for (size_t i = 0; i < ks->n; i++)
		names[m->n + i] = ks->k[i].raw;
	*why = '\0';
	if (wt_demangle(names, total, out, why, len) < 0)
		wt_rep_note(r, "compare: %s: mangled kernel names are matched as "
			    "they are", why);
	free(names);
	return out;
}

/* a and b, spaces aside: ncu writes "float *", c++filt "float*". */
static int same(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ')
			a++;
		while (*b == ' ')
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

/* Mark the l1sim kernels that measured kernel (short name sn, key) is
 * matched to, by the first rule that finds any (see the top); their
 * count, or -1 (and a note) when rule 3 finds kernels of two keys. */
static int match(struct wt_rep *r, struct kernels *ks, const char *sn,
		 const char *key, int *mark)
{
	int found = 0;
	const char *first = NULL;

	for (size_t x = 0; x < ks->n; x++)
		found += mark[x] = same(ks->k[x].shortname, sn);
	if (!found)
		for (size_t x = 0; x < ks->n; x++)
			found += mark[x] = same(ks->k[x].key, key);
	if (found || strstr(key, "::"))
		return found;
	for (size_t x = 0; x < ks->n; x++) {
		found += mark[x] = same(wt_kname_base(ks->k[x].key), key);
		if (!mark[x])
			continue;
		if (!first)
			first = ks->k[x].key;
		else if (!same(first, ks->k[x].key)) {
			wt_rep_note(r, "compare: measured kernel '%s' is both %s and %s "
				    "of the l1sim runs: left out (give it its "
				    "namespace)", sn, first, ks->k[x].key);
			memset(mark, 0, ks->n * sizeof(*mark));
			return -1;
		}
	}
	return found;
}

/* Up to three names of a list, for a one-line message. */
static void some(char *buf, size_t len, char *const *names, size_t n)
{
	size_t at = 0;

	*buf = '\0';
	for (size_t i = 0; i < n && i < 3 && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
				       names[i]);
	if (n > 3 && at < len)
		snprintf(buf + at, len - at, ", ...");
}

static void no_match(const struct wt_measured *m, const struct kernels *ks,
		     char *const *msn, const char *why, char *err, size_t len)
{
	char mine[256], theirs[256];
	char **kn = wt_calloc(ks->n ? ks->n : 1, sizeof(*kn));

	for (size_t x = 0; x < ks->n; x++)
		kn[x] = ks->k[x].shortname;
	some(mine, sizeof(mine), msn, m->n);
	some(theirs, sizeof(theirs), kn, ks->n);
	if (!ks->n)
		snprintf(err, len, "%s: no l1sim stats file has kernels to compare "
			 "its kernels (%s) with", m->path, mine);
	else
		snprintf(err, len, "%s: none of its kernels (%s) is a kernel of the "
			 "l1sim runs; expected one of %s%s%s", m->path, mine,
			 theirs, *why ? "; " : "", why);
	free(kn);
}

static void free_all(struct kernels *ks, char **dm, size_t ndm, char **msn,
		     char **mkey, size_t nm, int *mark)
{
	for (size_t x = 0; x < ks->n; x++) {
		free(ks->k[x].shortname);
		free(ks->k[x].key);
	}
	for (size_t i = 0; i < ndm; i++)
		free(dm[i]);
	for (size_t i = 0; i < nm; i++) {
		free(msn[i]);
		free(mkey[i]);
	}
	free(ks->k);
	free(dm);
	free(msn);
	free(mkey);
	free(mark);
}

/* The table's row of measured kernel i, matched to the l1sim kernels
 * mark says; whether it had both rates. */
static int row_of(struct wt_table *t, const struct wt_measured_kernel *mk,
		  const char *sn, struct kernels *ks, const int *mark, double *err)
{
	double hits = 0, misses = 0, mod;
	size_t row = wt_table_add_row(t);

	for (size_t x = 0; x < ks->n; x++)
		if (mark[x]) {
			hits += ks->k[x].hits;
			misses += ks->k[x].misses;
			ks->k[x].matched = 1;
		}
	mod = hits + misses > 0 ? misses / (hits + misses) : NAN;
	wt_table_text(t, row, 0, sn);
	wt_table_num(t, row, 1, mk->miss_rate, 4);
	wt_table_num(t, row, 2, mod, 4);
	if (isnan(mod))
		return 0;
	*err = fabs(mod - mk->miss_rate);
	wt_table_num(t, row, 3, *err, 4);
	return 1;
}

int wt_rep_compare(struct wt_rep *r, struct wt_stats *s, size_t n,
		   const struct wt_measured *m, int force, char *err, size_t len)
{
	struct kernels ks = { 0 };
	struct wt_table *t;
	char title[512], why[256];
	char **dm, **msn, **mkey;
	double sum = 0, e;
	size_t both = 0, matched = 0, row;
	int *mark, rc;

	if ((rc = one_model(r, s, n, force, err, len)) != 0)
		return rc;
	collect(&ks, s, n);
	dm = demangle_all(r, m, &ks, why, sizeof(why));
	msn = wt_calloc(m->n ? m->n : 1, sizeof(*msn));
	mkey = wt_calloc(m->n ? m->n : 1, sizeof(*mkey));
	mark = wt_calloc(ks.n ? ks.n : 1, sizeof(*mark));
	for (size_t i = 0; i < m->n; i++) {
		msn[i] = wt_kname_short(dm[i]);
		mkey[i] = wt_kname_key(dm[i]);
	}
	for (size_t x = 0; x < ks.n; x++) {
		ks.k[x].readable = dm[m->n + x];
		ks.k[x].shortname = wt_kname_short(dm[m->n + x]);
		ks.k[x].key = wt_kname_key(dm[m->n + x]);
	}
	snprintf(title, sizeof(title), "L1 miss rates: measured (%s, %s) against "
		 "modelled, absolute error (Nugteren et al. Fig. 11)", m->layout,
		 m->metric);
	t = wt_table_new("compare", title, 4, "kernel", "measured", "modelled",
			 "absolute error");
	for (size_t i = 0; i < m->n; i++) {
		int found = match(r, &ks, msn[i], mkey[i], mark);

		if (found > 0)
			matched++;
		else if (found == 0)
			wt_rep_note(r, "compare: measured kernel '%s' has no l1sim run",
				    dm[i]);
		if (row_of(t, &m->k[i], msn[i], &ks, mark, &e)) {
			sum += e;
			both++;
		} else if (found > 0) {
			wt_rep_note(r, "compare: kernel '%s' made no loads in the l1sim "
				    "runs", dm[i]);
		}
	}
	if (!matched) {
		no_match(m, &ks, msn, why, err, len);
		wt_table_free(t);
		free_all(&ks, dm, m->n + ks.n, msn, mkey, m->n, mark);
		return WT_EXIT_DATA;
	}
	for (size_t x = 0; x < ks.n; x++)
		if (!ks.k[x].matched)
			wt_rep_note(r, "compare: kernel '%s' of the l1sim runs has no "
				    "measurement in %s", ks.k[x].readable, m->path);
	row = wt_table_add_row(t);
	wt_table_text(t, row, 0, "mean absolute error");
	wt_table_num(t, row, 3, both ? sum / (double)both : NAN, 4);
	wt_rep_add_table(r, t);
	wt_rep_add_plot(r, WT_PLOT_BARS, t, 0, 1, 2)->percent = 1;
	r->p[r->np - 1].ylabel = "L1 miss rate (% of loads)";
	r->p[r->np - 1].xlabel = "kernel";
	r->p[r->np - 1].title = "Measured and modelled (Nugteren et al. Fig. 11)";
	free_all(&ks, dm, m->n + ks.n, msn, mkey, m->n, mark);
	return 0;
}
