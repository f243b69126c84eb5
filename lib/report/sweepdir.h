/*
 * sweepdir.h - the directory of a sweep (sweep.h) on disk: sweep.json,
 * the grid, which --collect reads back; each point's directory with its
 * cmd.sh and point.json (its provenance, and how it ended once it ran);
 * jobs.txt, a line per point for a cluster; and results.csv, the table
 * collected.  Files are written under a temporary name and renamed into
 * place, so nobody reads half of one.  Errors are fatal (wt_die), naming
 * the file.
 */
#ifndef WT_SWEEPDIR_H
#define WT_SWEEPDIR_H

#include <stddef.h>
#include <stdio.h>

#include "sweep.h"
#include "table.h"

/*
 * Make s->dir (checked by wt_sweep_dir_ok: a usage error if not) and set
 * s->absdir; write every point's directory, without the outputs of an
 * earlier run there, with its cmd.sh and point.json; jobs.txt; and
 * sweep.json, which records the command line argv.  With closed timing
 * sweep.json and point.json say "timing": "closed"; with open, they are
 * as they were before there was a choice.
 */
void wt_sweepdir_write(struct wt_sweep *s, int argc, char **argv);
/* Point p's point.json; once it ran (wstatus >= 0, a waitpid status)
 * with how it ended and its wall time in seconds, and the requests file
 * it read in place of its upstream stages, if any (requests non-NULL). */
void wt_sweepdir_point(const struct wt_sweep *s, size_t p, int wstatus,
		       double wall, const char *requests);
/* The grid of an existing s->dir from its sweep.json (the traces, the
 * axes, --until and the timing, not the constant options: collecting
 * needs only those), checked as a grid given on the command line is.
 * A point whose point.json says another timing than sweep.json (no
 * "timing": open) is fatal: one table holds one timing. */
void wt_sweepdir_load(struct wt_sweep *s);
/* Copy jobs.txt to out. */
void wt_sweepdir_print_jobs(const struct wt_sweep *s, FILE *out);
/* Write t, the collected table, to results.csv. */
void wt_sweepdir_csv(const struct wt_sweep *s, const struct wt_table *t);

#endif
