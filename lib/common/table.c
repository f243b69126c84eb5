/*
 * table.c - report(1)'s tables and their four printed forms; see table.h.
 */
#include "table.h"
#include "json.h"
#include "util.h"

#include <csv.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct wt_table *wt_table_newv(const char *name, const char *title,
			       unsigned ncols, const char *const *cols)
{
	struct wt_table *t = wt_calloc(1, sizeof(*t));

	t->name = wt_strdup(name);
	t->title = wt_strdup(title);
	t->ncols = ncols;
	t->cols = wt_calloc(ncols ? ncols : 1, sizeof(*t->cols));
	for (unsigned i = 0; i < ncols; i++)
		t->cols[i] = wt_strdup(cols[i]);
	return t;
}

struct wt_table *wt_table_new(const char *name, const char *title,
			      unsigned ncols, ...)
{
	const char **cols = wt_calloc(ncols ? ncols : 1, sizeof(*cols));
	struct wt_table *t;
	va_list ap;

	va_start(ap, ncols);
	for (unsigned i = 0; i < ncols; i++)
		cols[i] = va_arg(ap, const char *);
	va_end(ap);
	t = wt_table_newv(name, title, ncols, cols);
	free(cols);
	return t;
}

void wt_table_free(struct wt_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	for (unsigned i = 0; i < t->ncols; i++)
		free(t->cols[i]);
	free(t->cols);
	free(t->cells);
	free(t->name);
	free(t->title);
	free(t);
}

size_t wt_table_add_row(struct wt_table *t)
{
	if (t->nrows == t->caprows) {
		t->caprows = t->caprows ? 2 * t->caprows : 16;
		t->cells = wt_realloc(t->cells, t->caprows * t->ncols * sizeof(*t->cells));
	}
	memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof(*t->cells));
	return t->nrows++;
}

static struct wt_cell *at(struct wt_table *t, size_t row, unsigned col)
{
	struct wt_cell *c = &t->cells[row * t->ncols + col];

	free(c->text);
	c->text = NULL;
	return c;
}

void wt_table_num(struct wt_table *t, size_t row, unsigned col, double v, int prec)
{
	struct wt_cell *c = at(t, row, col);

	c->kind = isnan(v) ? WT_CELL_EMPTY : WT_CELL_NUM;
	c->num = v;
	c->prec = prec;
}

void wt_table_text(struct wt_table *t, size_t row, unsigned col, const char *s)
{
	struct wt_cell *c = at(t, row, col);

	c->kind = s ? WT_CELL_TEXT : WT_CELL_EMPTY;
	c->text = s ? wt_strdup(s) : NULL;
}

const struct wt_cell *wt_table_cell(const struct wt_table *t, size_t row,
				    unsigned col)
{
	return &t->cells[row * t->ncols + col];
}

int wt_table_col(const struct wt_table *t, const char *name)
{
	for (unsigned i = 0; i < t->ncols; i++)
		if (strcmp(t->cols[i], name) == 0)
			return (int)i;
	return -1;
}

const char *wt_cell_str(const struct wt_cell *c, char *buf, size_t len)
{
	switch (c->kind) {
	case WT_CELL_NUM:
		if (!isfinite(c->num))
			snprintf(buf, len, "%s", c->num > 0 ? "inf" : "-inf");
		else if (c->prec >= 0 && fabs(c->num) < 1e15)
			snprintf(buf, len, "%.*f", c->prec, c->num);
		else
			snprintf(buf, len, "%.10g", c->num);
		return buf;
	case WT_CELL_TEXT:
		return c->text;
	default:
		return "";
	}
}

/* Whether column c holds numbers: its first non-empty cell is one. */
static int numeric(const struct wt_table *t, unsigned c)
{
	for (size_t r = 0; r < t->nrows; r++) {
		enum wt_cell_kind k = wt_table_cell(t, r, c)->kind;

		if (k != WT_CELL_EMPTY)
			return k == WT_CELL_NUM;
	}
	return 0;
}

/* Characters of UTF-8 text, for alignment: its bytes less continuation
 * bytes. */
static size_t width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* One aligned field: numbers to the right, text to the left, and no
 * spaces after the last. */
static void field(FILE *f, const char *s, size_t w, int right, int last)
{
	size_t n = width(s);
	size_t pad = w > n ? w - n : 0;

	if (last && !n)
		return;
	fputs("  ", f);
	if (right)
		fprintf(f, "%*s", (int)pad, "");
	fputs(s, f);
	if (!right && !last)
		fprintf(f, "%*s", (int)pad, "");
}

static int print_text(FILE *f, const struct wt_table *t)
{
	size_t *w = wt_calloc(t->ncols ? t->ncols : 1, sizeof(*w));
	int *num = wt_calloc(t->ncols ? t->ncols : 1, sizeof(*num));
	char buf[64];

	for (unsigned c = 0; c < t->ncols; c++) {
		num[c] = numeric(t, c);
		w[c] = width(t->cols[c]);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t n = width(wt_cell_str(wt_table_cell(t, r, c), buf,
						     sizeof(buf)));
			if (n > w[c])
				w[c] = n;
		}
	}
	fprintf(f, "%s\n", t->title);
	for (unsigned c = 0; c < t->ncols; c++)
		field(f, t->cols[c], w[c], num[c], c + 1 == t->ncols);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		unsigned end = t->ncols;	/* after the last non-empty cell */

		while (end > 0 && wt_table_cell(t, r, end - 1)->kind == WT_CELL_EMPTY)
			end--;
		for (unsigned c = 0; c < end; c++)
			field(f, wt_cell_str(wt_table_cell(t, r, c), buf, sizeof(buf)),
			      w[c], num[c], c + 1 == end);
		fputc('\n', f);
	}
	free(w);
	free(num);
	return 0;
}

/* A CSV field, quoted by libcsv only when it holds a comma, a quote, a
 * line break or edge spaces. */
static void csv_field(FILE *f, const char *s)
{
	size_t n = strlen(s);

	if (strpbrk(s, ",\"\r\n") || (n && (s[0] == ' ' || s[n - 1] == ' ')))
		csv_fwrite(f, s, n);
	else
		fputs(s, f);
}

static int print_csv(FILE *f, const struct wt_table *t)
{
	char buf[64];

	for (unsigned c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', f);
		csv_field(f, t->cols[c]);
	}
	fputs("\r\n", f);
	for (size_t r = 0; r < t->nrows; r++) {
		for (unsigned c = 0; c < t->ncols; c++) {
			const char *s = wt_cell_str(wt_table_cell(t, r, c), buf, sizeof(buf));

			if (c)
				fputc(',', f);
			csv_field(f, s);
		}
		fputs("\r\n", f);
	}
	return 0;
}

/* A Markdown cell: pipes escaped, newlines as spaces. */
static void md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s == '\n' ? ' ' : *s, f);
	}
}

static int print_markdown(FILE *f, const struct wt_table *t)
{
	char buf[64];

	fprintf(f, "### %s\n\n|", t->title);
	for (unsigned c = 0; c < t->ncols; c++) {
		fputc(' ', f);
		md_cell(f, t->cols[c]);
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (unsigned c = 0; c < t->ncols; c++)
		fputs(numeric(t, c) ? " ---: |" : " --- |", f);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (unsigned c = 0; c < t->ncols; c++) {
			fputc(' ', f);
			md_cell(f, wt_cell_str(wt_table_cell(t, r, c), buf, sizeof(buf)));
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
	return 0;
}

static void json_str(FILE *f, const char *s)
{
	wt_json_fputs(s, f);
}

static int print_json(FILE *f, const struct wt_table *t)
{
	fputs("{\"name\":", f);
	json_str(f, t->name);
	fputs(",\"title\":", f);
	json_str(f, t->title);
	fputs(",\"columns\":[", f);
	for (unsigned c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', f);
		json_str(f, t->cols[c]);
	}
	fputs("],\"rows\":[", f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs(r ? ",\n[" : "\n[", f);
		for (unsigned c = 0; c < t->ncols; c++) {
			const struct wt_cell *x = wt_table_cell(t, r, c);

			if (c)
				fputc(',', f);
			if (x->kind == WT_CELL_TEXT)
				json_str(f, x->text);
			else if (x->kind == WT_CELL_NUM && isfinite(x->num))
				fprintf(f, "%.17g", x->num);
			else
				fputs("null", f);
		}
		fputc(']', f);
	}
	fputs("]}", f);
	return 0;
}

int wt_table_print(FILE *f, const struct wt_table *t, enum wt_table_format fmt)
{
	switch (fmt) {
	case WT_FMT_CSV:
		print_csv(f, t);
		break;
	case WT_FMT_MARKDOWN:
		print_markdown(f, t);
		break;
	case WT_FMT_JSON:
		print_json(f, t);
		break;
	default:
		print_text(f, t);
		break;
	}
	return ferror(f) ? -1 : 0;
}

int wt_table_format_parse(const char *s)
{
	static const char *const names[] = { "text", "csv", "markdown", "json" };

	for (int i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}
