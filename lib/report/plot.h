/*
 * plot.h - report(1)'s figures: a table drawn by gnuplot as SVG and PNG.
 *
 * Each kind reads its table so:
 *
 *   WT_PLOT_STACKED  one bar per row, labelled by xcol, stacked from the
 *                    ycols (miss classes per kernel, Nugteren Fig. 10;
 *                    locality categories, Khairy Fig. 3; load types, APCM
 *                    Fig. 3; warp types, MeDiC Table II)
 *   WT_PLOT_BARS     one group per row, a bar per ycol side by side
 *                    (measured against modelled miss rates, Nugteren
 *                    Fig. 11; speedups), with a last group "hmean", the
 *                    harmonic mean of each ycol, when hmean is set, and
 *                    a dashed line at 1 when unit_line is set
 *   WT_PLOT_LINES    x from xcol (numbers or labels in row order), a line
 *                    per ycol, or, with series_col >= 0, a line per
 *                    distinct value of series_col with ycols[0] as y (a
 *                    parameter sweep, Nugteren Fig. 12)
 *   WT_PLOT_HIST     a histogram: x from xcol (a distance bin's lower end),
 *                    height from ycols[0], bars at x below cutoff in one
 *                    colour (hits) and the rest in another (misses), and a
 *                    vertical line at cutoff (the cache size in lines,
 *                    Nugteren Fig. 1); x on a log2 scale when logx
 */
#ifndef WT_PLOT_H
#define WT_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "table.h"

enum wt_plot_kind { WT_PLOT_STACKED, WT_PLOT_BARS, WT_PLOT_LINES, WT_PLOT_HIST };

struct wt_plot {
	enum wt_plot_kind kind;
	const struct wt_table *t;
	const char *name;	/* file name stem: DIR/NAME.svg, DIR/NAME.png */
	const char *title;
	const char *xlabel, *ylabel;
	unsigned xcol;
	const unsigned *ycols;
	unsigned nycols;
	int series_col;		/* LINES: -1, or the column naming each line */
	int hmean;		/* BARS: add the harmonic-mean group */
	double cutoff;		/* HIST: NAN for none */
	int logx;		/* HIST, LINES: log2 x axis */
	int percent;		/* y values are fractions shown as percent:
				   STACKED and BARS from 0 to 100 %, LINES
				   from 0 to at most 100 % */
	int unit_line;		/* BARS: a dashed line at y = 1, "no change",
				   for speedups and normalized IPC */
};

/* Write the gnuplot script that draws p to the SVG file svg and then the
 * PNG file png onto f; 0, or -1 with a one-line reason in err.  For
 * wt_plot_write, and for tests to read what a figure will be asked. */
int wt_plot_script(const struct wt_plot *p, const char *svg, const char *png,
		   FILE *f, char *err, size_t len);

/* Draw p into dir (which must exist) as NAME.svg and NAME.png by running
 * gnuplot; 0, or -1 with a one-line reason in err. */
int wt_plot_write(const struct wt_plot *p, const char *dir, char *err, size_t len);

#endif
