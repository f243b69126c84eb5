/*
 * sweepplot.h - the plot of a sweep's collected table (sweep.h): x the
 * first axis, y one metric, a line for each trace and combination of the
 * other axes, drawn into DIR/sweep.svg and DIR/sweep.png (plot.h).
 */
#ifndef WT_SWEEPPLOT_H
#define WT_SWEEPPLOT_H

#include "sweep.h"
#include "table.h"

/* The metric to plot: want, or the pipeline's first if want is NULL;
 * a usage error (wt_die) unless it is a number the pipeline writes and
 * the grid has an axis to plot it against. */
const char *wt_sweep_plot_metric(const struct wt_sweep *s, const char *want);
/* Draw t's metric; traces are named by file name in the legend unless
 * two share one.  Dies on an error. */
void wt_sweep_plot(const struct wt_sweep *s, const struct wt_table *t,
		   const char *metric);

#endif
