/*
 * measured.c - profiler CSV exports (nvprof, ncu) read with libcsv; see
 * measured.h.
 */
#include "measured.h"
#include "util.h"

#include <csv.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows as libcsv hands them over: fields gathered until the row ends. */
struct rows {
	char **f;
	size_t nf, capf;
	unsigned long line;	/* of the row being read */
	char ***row;		/* every row, each NULL-terminated */
	unsigned long *lines;
	size_t nrows, caprows;
};

static void on_field(void *s, size_t len, void *data)
{
	struct rows *r = data;

	if (r->nf + 1 >= r->capf) {
		r->capf = r->capf ? 2 * r->capf : 16;
		r->f = wt_realloc(r->f, r->capf * sizeof(*r->f));
	}
	r->f[r->nf] = wt_calloc(len + 1, 1);
	memcpy(r->f[r->nf], s, len);
	r->nf++;
}

static void on_row(int c, void *data)
{
	struct rows *r = data;

	(void)c;
	if (r->nrows == r->caprows) {
		r->caprows = r->caprows ? 2 * r->caprows : 64;
		r->row = wt_realloc(r->row, r->caprows * sizeof(*r->row));
		r->lines = wt_realloc(r->lines, r->caprows * sizeof(*r->lines));
	}
	on_field("", 0, data);		/* room for the terminator */
	free(r->f[r->nf - 1]);
	r->f[r->nf - 1] = NULL;
	r->row[r->nrows] = r->f;
	r->lines[r->nrows++] = r->line;
	r->f = NULL;
	r->nf = r->capf = 0;
}

static void free_rows(struct rows *r)
{
	for (size_t i = 0; i < r->nrows; i++) {
		for (char **f = r->row[i]; *f; f++)
			free(*f);
		free(r->row[i]);
	}
	for (size_t i = 0; i < r->nf; i++)
		free(r->f[i]);
	free(r->f);
	free(r->row);
	free(r->lines);
}

static int column(char **hdr, const char *name)
{
	for (int i = 0; hdr[i]; i++)
		if (strcmp(hdr[i], name) == 0)
			return i;
	return -1;
}

static int field_count(char **row)
{
	int n = 0;

	while (row[n])
		n++;
	return n;
}

static int contains(const char *s, const char *needle)
{
	return strstr(s, needle) != NULL;
}

/* Whether a metric is a hit rate (*hit 1) or a miss rate (*hit 0): its
 * name has "hit" or "miss", and "rate" or ".pct"; -1 for anything else
 * (a count such as ..._miss.sum). */
static int rate_kind(const char *metric, int *hit)
{
	int rate = contains(metric, "rate") || contains(metric, ".pct");

	*hit = contains(metric, "hit");
	if (!rate || (!*hit && !contains(metric, "miss")))
		return -1;
	return 0;
}

/* A number, with an optional trailing %; *pct says whether it had one. */
static int number(const char *s, double *v, int *pct)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	*v = strtod(s, &end);
	if (end == s || !isfinite(*v))
		return -1;
	while (isspace((unsigned char)*end))
		end++;
	*pct = *end == '%';
	if (*pct)
		end++;
	while (isspace((unsigned char)*end))
		end++;
	return *end ? -1 : 0;
}

static void add(struct wt_measured *m, const char *name, double miss)
{
	size_t n = strcspn(name, "(");
	size_t i;

	while (n && isspace((unsigned char)name[n - 1]))
		n--;
	for (i = 0; i < m->n; i++)
		if (strlen(m->k[i].name) == n && strncmp(m->k[i].name, name, n) == 0)
			break;
	if (i == m->n) {
		m->k = wt_realloc(m->k, (m->n + 1) * sizeof(*m->k));
		m->k[i].name = wt_calloc(n + 1, 1);
		memcpy(m->k[i].name, name, n);
		m->k[i].miss_rate = 0;
		m->k[i].rows = 0;
		m->n++;
	}
	/* running mean */
	m->k[i].rows++;
	m->k[i].miss_rate += (miss - m->k[i].miss_rate) / m->k[i].rows;
}

int wt_measured_load(const char *path, struct wt_measured *m, char *err, size_t len)
{
	struct csv_parser p;
	struct rows r = { 0 };
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	size_t h;
	int kcol, mcol, vcol, rc = -1;

	memset(m, 0, sizeof(*m));
	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	csv_init(&p, CSV_STRICT | CSV_APPEND_NULL);
	while ((got = getline(&line, &cap, f)) > 0) {
		char *text = line;

		r.line++;
		if (r.line == 1 && got >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
			text += 3;	/* a UTF-8 byte-order mark (Excel) */
			got -= 3;
		}
		/* nvprof's own lines, outside any quoted field */
		if (strncmp(text, "==", 2) == 0 && !r.nf)
			continue;
		if (csv_parse(&p, text, (size_t)got, on_field, on_row, &r) != (size_t)got) {
			snprintf(err, len, "%s: line %lu: %s", path, r.line,
				 csv_strerror(csv_error(&p)));
			goto out;
		}
	}
	if (ferror(f)) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		goto out;
	}
	csv_fini(&p, on_field, on_row, &r);
	for (h = 0; h < r.nrows && field_count(r.row[h]) < 2; h++)
		;
	if (h == r.nrows) {
		snprintf(err, len, "%s: no header row", path);
		goto out;
	}
	if ((kcol = column(r.row[h], "Kernel Name")) >= 0 &&
	    (vcol = column(r.row[h], "Metric Value")) >= 0) {
		m->layout = "ncu";
		mcol = column(r.row[h], "Metric Name");
	} else if ((kcol = column(r.row[h], "Kernel")) >= 0 &&
		   (vcol = column(r.row[h], "Avg")) >= 0) {
		m->layout = "nvprof";
		mcol = column(r.row[h], "Metric Name");
	} else if ((kcol = column(r.row[h], "kernel")) >= 0 &&
		   (vcol = column(r.row[h], "miss_rate")) >= 0) {
		m->layout = "plain";
		mcol = -1;
	} else {
		snprintf(err, len, "%s: line %lu: expected the header of nvprof "
			 "(Kernel, Metric Name, Avg), ncu (Kernel Name, Metric Name, "
			 "Metric Value) or kernel,miss_rate", path, r.lines[h]);
		goto out;
	}
	if (mcol < 0 && strcmp(m->layout, "plain") != 0) {
		snprintf(err, len, "%s: line %lu: no \"Metric Name\" column", path,
			 r.lines[h]);
		goto out;
	}
	for (size_t i = h + 1; i < r.nrows; i++) {
		char **row = r.row[i];
		int nf = field_count(row), pct, hit;
		const char *metric = mcol >= 0 && mcol < nf ? row[mcol] : "miss_rate";
		double v;

		if (nf <= 1 && (!nf || !*row[0]))
			continue;	/* a blank line */
		if (kcol >= nf || vcol >= nf) {
			snprintf(err, len, "%s: line %lu: %d fields, expected at least "
				 "%d", path, r.lines[i], nf, (kcol > vcol ? kcol : vcol) + 1);
			goto out;
		}
		if (rate_kind(metric, &hit) < 0)
			continue;	/* a count, or some other metric */
		/* one metric only: the first rate found; an export may hold
		 * L1 and L2 hit rates side by side */
		if (!m->metric)
			m->metric = wt_strdup(metric);
		else if (strcmp(m->metric, metric) != 0)
			continue;
		if (number(row[vcol], &v, &pct) < 0) {
			snprintf(err, len, "%s: line %lu: '%s' is not a number", path,
				 r.lines[i], row[vcol]);
			goto out;
		}
		if (strcmp(m->layout, "plain") != 0 || pct)
			v /= 100;	/* profilers give percent */
		if (v < 0 || v > 1) {
			snprintf(err, len, "%s: line %lu: rate %s out of range", path,
				 r.lines[i], row[vcol]);
			goto out;
		}
		add(m, row[kcol], hit ? 1 - v : v);
	}
	if (!m->n) {
		snprintf(err, len, "%s: no hit-rate or miss-rate metric in it", path);
		goto out;
	}
	rc = 0;
out:
	free(line);
	csv_free(&p);
	free_rows(&r);
	fclose(f);
	if (rc < 0)
		wt_measured_free(m);
	return rc;
}

void wt_measured_free(struct wt_measured *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->k[i].name);
	free(m->k);
	free(m->metric);
	memset(m, 0, sizeof(*m));
}
