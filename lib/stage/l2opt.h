/*
 * l2opt.h - l2sim's options, parsed into the engine's configuration
 * (l2stage.h): the machine's defaults already filled in by stageopt.h,
 * then --config, then the others; l2sim's getopt table and --help text,
 * which l2sim and gpusim (wt_l2stage_configure) both parse with.
 */
#ifndef WT_L2OPT_H
#define WT_L2OPT_H

#include "l2stage.h"
#include "stageopt.h"


/* l2sim's getopt table, the policies' options in their places, and its
 * --help text (made on the first call; stageopt.h's common options are
 * wt_stage_parse's). */
const struct option *wt_l2opt_longopts(void);
const char *wt_l2opt_usage(void);

/*
 * The configuration: the machine's L2 (stageopt.h) for every option the
 * command line does not give (explicit[], by l2optnum.h's numbers; the
 * machine's address mapping dropped whole where one of its options is
 * given), then what no machine
 * sets, then --config, then the other options, checked together; a
 * usage error where they do not fit.  stream: the input's metadata, or
 * NULL before it is read.
 */
void wt_l2stage_options(struct wt_l2stage *sim, const struct wt_stage_args *a,
			const char *const *explicit, const struct wt_meta *stream);

/*
 * The L2 of a program that runs it itself (gpusim --l2='...'): configure
 * sim as `l2sim argv[1..argc-1]` would for an input stream whose header
 * metadata is stream (wt_l2stage_options, then wt_l2stage_upstream),
 * ready for the caller to build its partitions from sim->cfg, sim->map
 * and sim->pol (sim->nparts of them, partition.h's slices).  sim is
 * zeroed first (what it held is not freed).  argv[0] names the options
 * in messages ("gpusim --l2"; no '/' in it after the program's name): a
 * usage error is one line that begins with it, and exit 2, as l2sim's;
 * a bad machine in stream, or a sectored L2 of shorter lines than the
 * L1's, a data error (exit 1) as in the pipeline.  Returns on success;
 * wt_die's program name is put back as it was.
 *
 * Taken as l2sim takes them: every option of the L2 and its policies,
 * --memcpy, -a/--arch, --gpgpusim-config and --override.  Refused with a
 * usage error, as they are l2sim's own streams and files: -o/--output,
 * --stats, --level, --batch, --spill, --events (what an L2 passes on is
 * the caller's business), --show-machine, -h/--help, -V/--version and an
 * operand.  getopt as wt_l1stage_configure (l1opt.h): reset before, optind
 * put back after; argv's strings outlive sim.  Each call parses afresh.
 *
 * What it reads of stream (NULL: none; the fermi preset unless --arch):
 *   machine, machine_origin, machine_default and every machine key,
 *     as wt_machine_to_meta writes them: the machine (its L2: --config,
 *     partitions, sub-partitions, map, partition-indexing, banks, ports,
 *     bank-queue, tag-, icnt- and miss-latency, memcpy).
 *   l1_line  the L1's line, bytes (l1sim's; wt_l1stage_header writes it):
 *     cfg.l1_line, what one L1 miss fetches; absent, the L2's line.
 *   l1_sectored  "yes" where the L1 is sectored (l1sim's): its misses
 *     fetch sectors, cfg.l1_line = 0.
 *   sector_size  the events' sector, bytes (coalesce's, or a sectored
 *     L1's as l1sim writes it): cfg.ev_sector; absent, the L2's own.
 */
void wt_l2stage_configure(struct wt_l2stage *sim, int argc, char **argv,
			  const struct wt_meta *stream);
#endif
