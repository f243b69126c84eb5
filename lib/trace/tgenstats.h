/*
 * tgenstats.h - trace-gen's statistics file: per kernel its source,
 * dialect, grid, block, accesses by operation, bytes and address range
 * (and for an Accel-Sim trace its instructions, spaces, warps and CTAs),
 * and the totals, as JSON.
 */
#ifndef WT_TGENSTATS_H
#define WT_TGENSTATS_H

#include "meta.h"
#include "tgen.h"

/* Write g's statistics to path; meta is the stream's header (its
 * provenance), argv the command line.  Dies on a write error. */
void wt_tgenstats_write(const char *path, const struct wt_tgen *g,
			const struct wt_meta *meta, int argc, char **argv);

#endif
