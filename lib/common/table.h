/*
 * table.h - the tables of report(1): named columns, rows of numbers and
 * text, printed for a terminal, as CSV (through libcsv), as Markdown or
 * as JSON.  Plots (plot.h) and the HTML page (html.h) are made from the
 * same tables, so every figure has its numbers beside it.
 */
#ifndef WT_TABLE_H
#define WT_TABLE_H

#include <stddef.h>
#include <stdio.h>

enum wt_cell_kind { WT_CELL_EMPTY, WT_CELL_NUM, WT_CELL_TEXT };

struct wt_cell {
	enum wt_cell_kind kind;
	double num;
	int prec;		/* digits after the point when printed; -1: %g */
	char *text;
};

struct wt_table {
	char *name;		/* identifier: "miss-classes"; file names */
	char *title;		/* a line for people */
	unsigned ncols;
	char **cols;		/* column names */
	size_t nrows, caprows;
	struct wt_cell *cells;	/* nrows * ncols, row by row */
};

enum wt_table_format {
	WT_FMT_TEXT,		/* aligned columns with a title line */
	WT_FMT_CSV,		/* RFC 4180, a header row; no title */
	WT_FMT_MARKDOWN,	/* a heading and a pipe table */
	WT_FMT_JSON,		/* {"name","title","columns":[],"rows":[[...]]} */
};

/* A table with ncols columns named by the strings after ncols. */
struct wt_table *wt_table_new(const char *name, const char *title,
			      unsigned ncols, ...);
/* The same with the names in an array. */
struct wt_table *wt_table_newv(const char *name, const char *title,
			       unsigned ncols, const char *const *cols);
void wt_table_free(struct wt_table *t);
/* Append an empty row; its index. */
size_t wt_table_add_row(struct wt_table *t);
void wt_table_num(struct wt_table *t, size_t row, unsigned col, double v, int prec);
void wt_table_text(struct wt_table *t, size_t row, unsigned col, const char *s);
const struct wt_cell *wt_table_cell(const struct wt_table *t, size_t row,
				    unsigned col);
/* The column named name, or -1. */
int wt_table_col(const struct wt_table *t, const char *name);
/* A cell as text, as the text and CSV formats print it ("" if empty). */
const char *wt_cell_str(const struct wt_cell *c, char *buf, size_t len);

/* Print t; 0, or -1 on a write error (errno set). */
int wt_table_print(FILE *f, const struct wt_table *t, enum wt_table_format fmt);
/* "text", "csv", "markdown", "json", or -1. */
int wt_table_format_parse(const char *s);

#endif
