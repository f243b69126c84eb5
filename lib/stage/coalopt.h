/*
 * coalopt.h - coalesce's options (their numbers, coaloptnum.h) and
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

/*
 * The coalescer of a program that runs it itself (gpusim --coalesce=
 * '...'): configure g as `coalesce argv[1..argc-1]` would for an input
 * whose header metadata is stream (the machine's keys: wt_machine_to_
 * meta's).  argv[0] names the options in messages; a usage error is one
 * line beginning with it, exit 2.  --stats, --level, -o, --help,
 * --version, --show-machine and an operand are refused (coalesce's own
 * files).  getopt as wt_l1stage_configure (l1opt.h).
 */
void wt_coalopt_configure_argv(struct wt_coalsetup *g, int argc, char **argv,
			       const struct wt_meta *stream);

#endif
