/*
 * rnames.h - the names report(1) gives runs in its tables.
 *
 * A run is named by its file name without the directory and .json.  Files
 * of one name (sweep's 0001/l1sim.json, 0002/l1sim.json, ...) are named
 * by what they are instead: their trace and the settings in which they
 * differ from the other runs of that name ("spmv 16K ipoly37"), and by
 * their whole path only where that does not tell them apart.
 */
#ifndef WT_RNAMES_H
#define WT_RNAMES_H

#include <stddef.h>

#include "stats.h"

void wt_rep_name_runs(struct wt_stats *s, size_t n);

#endif
