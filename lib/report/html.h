/*
 * html.h - report(1)'s HTML page: one self-contained file (no external
 * resources) with every table and every figure, the SVGs inline and the
 * PNGs as data: URLs.
 */
#ifndef WT_HTML_H
#define WT_HTML_H

#include <stddef.h>

#include "plot.h"
#include "table.h"

/* Write DIR/index.html: title, the table named "runs" if there is one,
 * then, in order, each other table and each figure
 * (figures read DIR/NAME.svg and DIR/NAME.png, which wt_plot_write made).
 * 0, or -1 with a one-line reason in err. */
int wt_html_write(const char *dir, const char *title,
		  struct wt_table *const *tables, size_t ntables,
		  const struct wt_plot *plots, size_t nplots,
		  char *err, size_t len);

#endif
