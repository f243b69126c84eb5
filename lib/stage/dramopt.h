/*
 * dramopt.h - dramsim's options, parsed into the engine's configuration
 * (dramstage.h): the machine's DRAM for every option the command line
 * does not give, then the options; dramsim's getopt table and --help
 * text, which dramsim and gpusim (wt_dramstage_configure) both parse
 * with.
 */
#ifndef WT_DRAMOPT_H
#define WT_DRAMOPT_H

#include "dramstage.h"
#include "stageopt.h"


/* dramsim's getopt table, the schedulers' options in their places, and
 * its --help text (made on the first call; stageopt.h's common options
 * are wt_stage_parse's). */
const struct option *wt_dramopt_longopts(void);
const char *wt_dramopt_usage(void);

/*
 * The configuration: the machine's DRAM (stageopt.h) for every option
 * the command line does not give (explicit[], by dramoptnum.h's numbers;
 * the machine's address mapping dropped whole where one of its options
 * is given), over what
 * no machine sets (wt_dramstage_base), then the options: d->cfg, map,
 * clk, latency_in, batch, spill, early and the scheduler; a usage error
 * if they do not fit.  stream: the input's metadata, or NULL before it
 * is read.
 */
void wt_dramstage_options(struct wt_dramstage *d, const struct wt_stage_args *a,
			  const char *const *explicit, const struct wt_meta *stream);

/*
 * The DRAM of a program that runs it itself (gpusim --dram='...'):
 * configure d as `dramsim argv[1..argc-1]` would for an input stream
 * whose header metadata is stream (wt_dramstage_options, then
 * wt_dramstage_sizes), ready for the caller to build its channels from
 * d->cfg (d->cfg.channels of them, d->cfg.sched their scheduler, d->sched
 * its state), d->map and d->clk.  d is zeroed first (what it held is not
 * freed).  argv[0] names the options in messages ("gpusim --dram"; no
 * '/' in it after the program's name): a usage error is one line that
 * begins with it, and exit 2, as dramsim's; a bad machine in stream a
 * data error (exit 1).  Returns on success; wt_die's program name is put
 * back as it was.
 *
 * Taken as dramsim takes them: every option of the DRAM and its
 * schedulers (--sched and theirs), -a/--arch, --gpgpusim-config and
 * --override.  Refused with a usage error, as they are dramsim's own
 * streams and files: -o/--output, --stats, --level, --batch, --spill,
 * --show-machine, -h/--help, -V/--version and an operand.  getopt as
 * wt_l1stage_configure (l1opt.h): reset before, optind put back after;
 * argv's strings outlive d.  Each call parses afresh.
 *
 * What it reads of stream (NULL: none; the fermi preset unless --arch,
 * 128-byte requests of 32-byte sectors):
 *   machine, machine_origin, machine_default and every machine key,
 *     as wt_machine_to_meta writes them: the machine (its DRAM: channels,
 *     sub-partitions, map, partition-indexing, banks and timing of
 *     gpgpu_dram_timing_opt, burst, bus width, data rate, clocks,
 *     latency-in, queue, scheduler).
 *   l2_line, else l1_line, else line_size  bytes of a request without
 *     sectors (l2sim's, l1sim's, coalesce's): d->line; none, 128.
 *   sector_size  bytes of a sector (coalesce's, or a sectored cache's):
 *     d->sector; none, 32.
 */
void wt_dramstage_configure(struct wt_dramstage *d, int argc, char **argv,
			    const struct wt_meta *stream);

#endif
