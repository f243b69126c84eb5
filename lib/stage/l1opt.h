/*
 * l1opt.h - l1sim's options, parsed into the engine's configuration
 * (l1stage.h): the machine's L1 for every option the command line does
 * not give, the preset, then --config, then the others; l1sim's getopt
 * table and --help text, which l1sim and gpusim (wt_l1stage_configure)
 * both parse with.
 */
#ifndef WT_L1OPT_H
#define WT_L1OPT_H

#include "l1stage.h"
#include "stageopt.h"


/* l1sim's getopt table, the policies' options in their places, and its
 * --help text (made on the first call; stageopt.h's common options are
 * wt_stage_parse's). */
const struct option *wt_l1opt_longopts(void);
const char *wt_l1opt_usage(void);

/*
 * The configuration: the machine's L1 (stageopt.h) for every option the
 * command line does not give (explicit[], by l1optnum.h's numbers),
 * then the options, checked together; a usage error where they do not
 * fit.  The requests' line size is a fact of the stream (coalesce's
 * line_size): an L1 line given otherwise is a usage error unless
 * --override, and the machine's gives way to it.  stream: the input's
 * metadata, or NULL before it is read.
 */
void wt_l1stage_options(struct wt_l1stage *sim, const struct wt_stage_args *a,
			const char *const *explicit, const struct wt_meta *stream);

/*
 * The L1s of a program that runs them itself (gpusim --l1='...'):
 * configure sim as `l1sim argv[1..argc-1]` would for an input stream
 * whose header metadata is stream (wt_l1stage_options, then
 * wt_l1stage_upstream), ready for the caller to build its L1s from
 * sim->su and sim->pol (l1setup.h).  sim is zeroed first (what it held is
 * not freed).  argv[0] names the options in messages ("gpusim --l1"; no
 * '/' in it after the program's name): a usage error is one line that
 * begins with it, and exit 2, as l1sim's; a bad machine in stream is a
 * data error (exit 1).  Returns on success, once the configuration is
 * whole; wt_die's program name is put back as it was.
 *
 * Taken as l1sim takes them: every option of the L1 and its policies,
 * -a/--arch, --gpgpusim-config and --override (a machine that contradicts
 * stream's needs --override, as in the pipeline, and the error says to
 * give the machine to trace-order: gpusim's own --arch, there).  Refused with a usage
 * error, as they are l1sim's own streams and files: -o/--output, --stats,
 * --level, --batch, --events (what an L1 passes on is the caller's
 * business), --show-machine, -h/--help, -V/--version and an operand.
 * getopt is reset before the parse and optind put back after it
 * (stageopt.h, wt_stage_parse_inner): call it after the caller's own
 * parse has ended, not from inside its getopt loop.  argv may be
 * permuted, as getopt_long does; its strings must outlive sim (the
 * configuration keeps pointers into them).  Each call parses afresh:
 * the L1's, the L2's and the DRAM's configure may follow one another in
 * a process, and notes of the machine's values in usage errors
 * (wt_opt_whence) start afresh with each.  Notes on standard error
 * (wt_warn) begin with argv[0] too.
 *
 * What it reads of stream (NULL: none, as a stage with no stream header,
 * so the fermi preset unless --arch; no line size, no SMs):
 *   machine, machine_origin, machine_default and every machine key,
 *     as wt_machine_to_meta writes them: the machine (its L1: --config,
 *     hit and miss latency, sigma, skip-global, flush, the carve-out,
 *     schedulers, max-warps).  Without "machine", the fermi preset with
 *     a note.
 *   line_size  the requests' line, bytes (coalesce's): the L1's line
 *     where the machine's differs (with a note); --line or --config must
 *     agree unless --override.  Coalesce's own default is the machine's
 *     L1 line (its L2's where the L1 is off; 128 below coalescing arch
 *     20): wt_machine_stage_options(m, "coalesce", ...) gives it as "line".
 *   sector_size  the requests' sector, bytes (coalesce's: 32, or the line
 *     if shorter): read only for a sectored L1, whose own sector it
 *     replaces in the requests' masks (sim->req_sector) where it differs.
 *   warp_size  threads per warp (trace-order's): the pool's warps per CTA.
 *   sms  SMs (trace-order's): sim->sms; 0 if absent.
 */
void wt_l1stage_configure(struct wt_l1stage *sim, int argc, char **argv,
			  const struct wt_meta *stream);

#endif
