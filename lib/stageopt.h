/*
 * stageopt.h - the command line the simulator stages share (l1sim, l2sim,
 * dramsim): -a/--arch NAME, -o/--output FILE, -h/--help, -V/--version,
 * long options numbered first .. last-1 whose values are kept in set[] by
 * number (flags get ""), and at most one input stream.
 */
#ifndef WT_STAGEOPT_H
#define WT_STAGEOPT_H

#include <getopt.h>

struct wt_stage_args {
	const char *arch;	/* -a, default "fermi" */
	const char *output;	/* -o, default "-" */
	const char *input;	/* the operand, default "-" */
};

/* Parse argv.  -h prints usage and -V "NAME (warptrace) VERSION" on
 * standard output and exit 0; anything else wrong is a usage error. */
void wt_stage_parse(int argc, char **argv, const char *name, const char *usage,
		    const struct option *longopts, int first, int last,
		    const char **set, struct wt_stage_args *a);

#endif
