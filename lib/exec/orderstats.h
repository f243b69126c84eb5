/*
 * orderstats.h - trace-order's statistics file: the settings of the run
 * (the machine and the execution model's), each kernel's grid, CTAs,
 * warps, occupancy, instructions and cycles, and the totals, as JSON.
 */
#ifndef WT_ORDERSTATS_H
#define WT_ORDERSTATS_H

#include "machine.h"
#include "meta.h"
#include "orderrun.h"

/*
 * Write the statistics of run o, on machine m, to path; meta is the
 * output stream's header (its provenance), argv the command line.  Dies
 * on a write error.
 */
void wt_orderstats_write(const char *path, const struct wt_orderrun *o,
			 const struct wt_machine *m, const struct wt_meta *meta,
			 int argc, char **argv);

#endif
