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
#include <strings.h>

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
	return strcasestr(s, needle) != NULL;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && strcasecmp(s + n - k, tail) == 0;
}

/* Whether a metric is a hit rate (*hit 1) or a miss rate (*hit 0): its
 * name has "hit" or "miss", and "rate" or ".pct", in any case (nvprof's
 * trace heads its columns "L1 Global Hit Rate"); -1 for anything else (a
 * count such as ..._miss.sum). */
static int rate_kind(const char *metric, int *hit)
{
	int rate = contains(metric, "rate") || contains(metric, ".pct");

	*hit = contains(metric, "hit");
	if (!rate || (!*hit && !contains(metric, "miss")))
		return -1;
	return 0;
}

/* The L2's rates (nvprof's l2_l1_read_hit_rate, ncu's lts__t_sector_
 * hit_rate.pct and "L2 Hit Rate") count only in a file without another:
 * an export often holds both, and the model is of the L1. */
static int of_l2(const char *metric)
{
	return strncasecmp(metric, "l2", 2) == 0 || strncmp(metric, "lts__", 5) == 0;
}

/* Whether metric should be used rather than best (NULL: none yet). */
static int better(const char *metric, const char *best)
{
	int hit;

	if (rate_kind(metric, &hit) < 0)
		return 0;
	return !best || (of_l2(best) && !of_l2(metric));
}

/* s without the thousands separators ncu writes ("1,234,567.5") in buf:
 * 0, or -1 for a comma anywhere but between groups of three digits
 * after the first one to three. */
static int ungroup(const char *s, char *buf, size_t len)
{
	size_t o = 0, d;

	if (strlen(s) >= len)
		return -1;
	if (!strchr(s, ',')) {
		strcpy(buf, s);
		return 0;
	}
	while (isspace((unsigned char)*s) || *s == '+' || *s == '-')
		buf[o++] = *s++;
	for (d = 0; isdigit((unsigned char)s[d]); d++)
		buf[o++] = s[d];
	if (d < 1 || d > 3)
		return -1;
	for (s += d; *s == ','; s += 4) {
		for (d = 1; d <= 3 && isdigit((unsigned char)s[d]); d++)
			buf[o++] = s[d];
		if (d != 4 || isdigit((unsigned char)s[4]))
			return -1;
	}
	if (strchr(s, ','))
		return -1;
	strcpy(buf + o, s);
	return 0;
}

/* A number, with an optional trailing %; *pct says whether it had one. */
static int number(const char *text, double *v, int *pct)
{
	char buf[128], *end;
	const char *s = buf;

	if (ungroup(text, buf, sizeof(buf)) < 0)
		return -1;
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

/* No measurement: a launch the metric was not collected for. */
static int no_value(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return !*s || strcasecmp(s, "n/a") == 0;
}

/* The kernel's name in a field: trimmed, and without the " [118]" (the
 * correlation id) nvprof's trace adds; the signature stays for report to
 * demangle and match (kname.h). */
static size_t kernel_name(const char *field, const char **start)
{
	size_t n;

	while (isspace((unsigned char)*field))
		field++;
	n = strlen(field);
	while (n && isspace((unsigned char)field[n - 1]))
		n--;
	if (n && field[n - 1] == ']') {
		size_t k = n - 1;

		while (k && isdigit((unsigned char)field[k - 1]))
			k--;
		if (k < n - 1 && k >= 2 && field[k - 1] == '[' && field[k - 2] == ' ')
			n = k - 2;
	}
	*start = field;
	return n;
}

static void add(struct wt_measured *m, const char *name, size_t n, double miss)
{
	size_t i;

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

/* Where a layout keeps the kernel (kcol), the metric's name (mcol: -1
 * when the header names it, or for plain) and its value (vcol). */
struct layout {
	const char *name;
	int kcol, mcol, vcol;
	int wide;		/* a column per metric, a row per launch */
};

/* The layout whose header hdr is; -1 when it is none. */
static int layout_of(char **hdr, struct layout *l)
{
	const char *best = NULL;

	memset(l, 0, sizeof(*l));
	l->mcol = column(hdr, "Metric Name");
	if ((l->kcol = column(hdr, "Kernel Name")) >= 0 &&
	    (l->vcol = column(hdr, "Metric Value")) >= 0 && l->mcol >= 0) {
		l->name = "ncu";
		return 0;
	}
	if ((l->kcol = column(hdr, "Kernel")) >= 0 &&
	    (l->vcol = column(hdr, "Avg")) >= 0 && l->mcol >= 0) {
		l->name = "nvprof";
		return 0;
	}
	if ((l->kcol = column(hdr, "kernel")) >= 0 &&
	    (l->vcol = column(hdr, "miss_rate")) >= 0) {
		l->name = "plain";
		l->mcol = -1;
		return 0;
	}
	/* ncu --page raw; nvprof --print-gpu-trace (its "Kernel", or the
	 * "Name" of a trace without metrics, which fails below) */
	l->name = "ncu-raw";
	if ((l->kcol = column(hdr, "Kernel Name")) < 0) {
		l->name = "nvprof-trace";
		if ((l->kcol = column(hdr, "Kernel")) < 0 &&
		    (l->kcol = column(hdr, "Name")) < 0)
			return -1;
	}
	l->mcol = -1;
	l->vcol = -1;
	l->wide = 1;
	for (int i = 0; hdr[i]; i++)
		if (i != l->kcol && better(hdr[i], best)) {
			best = hdr[i];
			l->vcol = i;
		}
	return l->vcol >= 0 ? 0 : -1;
}

/* The metric a long layout's rows use: the first rate, but an L2 one. */
static const char *metric_of(struct rows *r, size_t h, const struct layout *l)
{
	const char *best = NULL;

	if (l->wide)
		return r->row[h][l->vcol];
	if (l->mcol < 0)
		return "miss_rate";
	for (size_t i = h + 1; i < r->nrows; i++)
		if (l->mcol < field_count(r->row[i]) && better(r->row[i][l->mcol], best))
			best = r->row[i][l->mcol];
	return best;
}

/* Whether the n bytes of a name hold a control character. */
static int has_control(const char *name, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return 1;
	return 0;
}

/* Read the rows of r below header h into m. */
static int gather(struct wt_measured *m, struct rows *r, size_t h,
		  const struct layout *l, char *err, size_t len)
{
	const char *path = m->path;

	for (size_t i = h + 1; i < r->nrows; i++) {
		char **row = r->row[i];
		int nf = field_count(row), pct, hit;
		const char *name;
		size_t n;
		double v;

		if (nf <= 1 && (!nf || !*row[0]))
			continue;	/* a blank line */
		if (l->kcol >= nf || l->vcol >= nf || l->mcol >= nf) {
			int need = l->kcol > l->vcol ? l->kcol : l->vcol;

			snprintf(err, len, "%s: line %lu: %d fields, expected at least "
				 "%d", path, r->lines[i], nf,
				 (need > l->mcol ? need : l->mcol) + 1);
			return -1;
		}
		n = kernel_name(row[l->kcol], &name);
		if (!n && l->wide && i == h + 1)
			continue;	/* the units row ("", ..., "%") */
		if (l->mcol >= 0 && strcmp(row[l->mcol], m->metric) != 0)
			continue;	/* a count, or some other metric */
		if (no_value(row[l->vcol]))
			continue;
		if (!n) {
			snprintf(err, len, "%s: line %lu: no kernel name", path,
				 r->lines[i]);
			return -1;
		}
		if (has_control(name, n)) {	/* it would break every line naming it */
			snprintf(err, len, "%s: line %lu: a control character "
				 "(a line break?) in the kernel name", path,
				 r->lines[i]);
			return -1;
		}
		if (number(row[l->vcol], &v, &pct) < 0) {
			snprintf(err, len, "%s: line %lu: '%s' is not a number", path,
				 r->lines[i], row[l->vcol]);
			return -1;
		}
		rate_kind(m->metric, &hit);
		/* profilers give percent, but for ncu's .ratio metrics */
		if (strcmp(l->name, "plain") == 0 ? pct : !ends_with(m->metric, ".ratio"))
			v /= 100;
		if (v < 0 || v > 1) {
			snprintf(err, len, "%s: line %lu: rate %s out of range", path,
				 r->lines[i], row[l->vcol]);
			return -1;
		}
		add(m, name, n, hit ? 1 - v : v);
	}
	return 0;
}

int wt_measured_load(const char *path, struct wt_measured *m, char *err, size_t len)
{
	struct csv_parser p;
	struct rows r = { 0 };
	struct layout l;
	FILE *f = fopen(path, "r");
	char *line = NULL;
	const char *metric;
	size_t cap = 0;
	ssize_t got;
	size_t h, first = (size_t)-1;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	m->path = path;
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
		/* the profilers' own lines (==PROF==, ==1234==), outside any
		 * quoted field */
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
	/* the header: the first row of a layout, past what the application
	 * itself printed */
	for (h = 0; h < r.nrows; h++) {
		if (field_count(r.row[h]) < 2)
			continue;
		if (first == (size_t)-1)
			first = h;
		if (layout_of(r.row[h], &l) == 0)
			break;
	}
	if (first == (size_t)-1) {
		snprintf(err, len, "%s: no header row", path);
		goto out;
	}
	if (h == r.nrows) {
		snprintf(err, len, "%s: line %lu: expected the header of nvprof "
			 "(Kernel, Metric Name, Avg; or --print-gpu-trace: Kernel and "
			 "a hit-rate column), ncu (Kernel Name, Metric Name, Metric "
			 "Value; or --page raw: Kernel Name and a hit-rate column) or "
			 "kernel,miss_rate", path, r.lines[first]);
		goto out;
	}
	m->layout = l.name;
	if (!(metric = metric_of(&r, h, &l))) {
		snprintf(err, len, "%s: no hit-rate or miss-rate metric in it", path);
		goto out;
	}
	m->metric = wt_strdup(metric);
	if (gather(m, &r, h, &l, err, len) < 0)
		goto out;
	if (!m->n) {
		snprintf(err, len, "%s: no value of %s in it", path, m->metric);
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
