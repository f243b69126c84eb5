/*
 * coalstats.h - coalesce's statistics file: the settings (machine, rules,
 * line, sector, shared memory), and per kernel and in total the warp
 * instructions, the requests by operation and per instruction, the bytes
 * requested and used, the shared memory's bank conflicts and what made
 * no request, as JSON.
 */
#ifndef WT_COALSTATS_H
#define WT_COALSTATS_H

#include "coalrun.h"
#include "machine.h"
#include "meta.h"

/* Write c's statistics, on machine m, to path; meta is the output
 * stream's header (its provenance), argv the command line.  Dies on a
 * write error. */
void wt_coalstats_write(const char *path, const struct wt_coalrun *c,
			const struct wt_machine *m, const struct wt_meta *meta,
			int argc, char **argv);

#endif
