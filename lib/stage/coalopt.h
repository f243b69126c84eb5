/*
 * coalopt.h - coalesce's options (the numbers of set[], stageopt.h) and
 * its configuration from the machine and those options; coalesce and
 * gpusim both configure their coalescers with it.
 */
#ifndef WT_COALOPT_H
#define WT_COALOPT_H

#include <getopt.h>

#include "coalesce.h"
#include "machine.h"
#include "meta.h"
#include "stageopt.h"

enum {
	O_STATS = 256, O_LEVEL, O_RULES, O_LINE, O_SECTOR, O_BANKS, O_BCAST,
	O_PARTS, O_CARCH, O_SKIP, O_NOPTS
};

/* coalesce's getopt table (but the options of stageopt.h) */
extern const struct option wt_coalopt_longopts[];

struct wt_coalsetup {
	struct wt_coalesce_cfg cfg;
	struct wt_shmem_cfg sh;
	struct wt_machine machine;	/* wt_machine_init'ed by the caller */
};

/*
 * The machine's rules, line, sector and shared memory (that of the
 * stream, NULL before it is read, or of --arch), then the options of
 * set[] over them; a usage error where they do not work together.
 */
void wt_coalopt_configure(struct wt_coalsetup *g, const struct wt_stage_args *a,
			  const char *const *set, const struct wt_meta *stream);

#endif
