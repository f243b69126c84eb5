/*
 * coalesce - turn a stream of warp memory instructions into the memory
 * requests (lines or sectors) they make, under the Fermi, the sector or
 * GPGPU-Sim's coalescing rules.  The rules are in lib/mem/coalesce.c and
 * lib/mem/gpgpucoal.c, which records go to the caches in lib/mem/cstream.c, the
 * run over a stream in lib/mem/coalrun.c, the statistics in lib/stage/coalstats.c;
 * see coalesce(1).
 */
#include "coalesce.h"
#include "coalopt.h"
#include "coaloptnum.h"
#include "coalrun.h"
#include "coalstats.h"
#include "machine.h"
#include "meta.h"
#include "output.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: coalesce [options] [FILE]\n"
"Turn a stream of warp memory instructions (from trace-order) into a stream\n"
"of memory requests: one per line (or group of sectors) each global or local\n"
"instruction touches.  Shared, constant and texture instructions make no\n"
"request (they are counted, shared ones with their bank conflicts); their\n"
"instructions travel on in the next request's icount.  No FILE, or -, reads\n"
"stdin.\n"
"\n"
"  -o, --output=FILE       write the stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
WT_STAGE_MACHINE_USAGE
"      --rules=RULES       fermi: whole lines, per half- or quarter-warp for\n"
"                          8- and 16-byte accesses; sector: whole warp, the\n"
"                          sectors touched; gpgpusim: GPGPU-Sim's coalescer,\n"
"                          a request per 32-, 64- or 128-byte segment\n"
"                          (default: the machine's; gpgpusim below\n"
"                          coalescing arch 20)\n"
"      --coalesce-arch=N   gpgpusim rules: GPGPU-Sim's -gpgpu_coalesce_arch,\n"
"                          13 to 1000 (default: the machine's)\n"
"      --skip-l1=B         gpgpusim rules: yes if global accesses skip the L1\n"
"                          (-gpgpu_gmem_skip_L1D; default: the machine's)\n"
"      --line=N            line size in bytes, a power of two from 16 to\n"
"                          4096 (default: the machine's L1 line)\n"
"      --sector=N          sector size in bytes, a power of two of at least\n"
"                          4 dividing the line, at most 8 per line\n"
"                          (default 32, or what\n"
"                          fits the line: 1 to 8 sectors)\n"
"      --shmem-banks=N     shared-memory banks of 4 bytes, 1 to 1024\n"
"                          (default: the machine's)\n"
"      --shmem-limited-broadcast=B\n"
"                          yes: one word broadcast per shared-memory\n"
"                          access; no: any number (default: the machine's)\n"
"      --shmem-warp-parts=N\n"
"                          parts of a warp whose bank conflicts are counted\n"
"                          apart, and that the gpgpusim rules coalesce\n"
"                          apart, 1 to 64 (default: the machine's)\n"
"      --level=N           zstd level from -100 to 22, 0 for an uncompressed\n"
"                          stream (default: $WARPTRACE_LEVEL, else 0 on a\n"
"                          pipe or device such as /dev/null, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n"
"\n"
"--rules, --line, --sector, --coalesce-arch and --skip-l1 must agree with a\n"
"machine that was chosen (--arch or --gpgpusim-config here or at\n"
"trace-order) unless --override is given; --rules=gpgpusim agrees with any\n"
"machine; with trace-order's default machine they are free.\n";

static struct wt_coalsetup G;

/* The configuration, as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	wt_coalopt_configure(&G, c->args, c->set, stream);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
	struct wt_coalrun run = { .cfg = &G.cfg, .sh = &G.sh };
	struct wt_writer *w;
	struct wt_reader *r;
	struct wt_header h;
	struct wt_meta meta;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "coalesce", usage, wt_coalopt_longopts, O_STATS, O_NOPTS,
		       set, &args);
	stats = set[O_STATS];
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(args.output);
	wt_machine_init(&G.machine);
	wt_check_outputs(args.output, stats);

	r = wt_stage_input(&args, WT_KIND_WARP, "run trace-order first", configure_cb, &cmd);

	wt_header_init(&h, WT_KIND_REQUEST, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_meta_set(&h.meta, "coalesce_rules", wt_coalesce_rules_name(G.cfg.rules));
	wt_meta_set(&h.meta, "line_size", wt_snprintf(err, sizeof(err), "%u",
						      G.cfg.line));
	wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
							G.cfg.sector));
	wt_machine_to_meta(&G.machine, &h.meta);
	w = wt_output_open(args.output, &h, level);
	wt_meta_init(&meta);
	wt_meta_copy(&meta, &h.meta);
	wt_header_free(&h);

	wt_coalrun(&run, r, w);
	wt_reader_close(r);
	wt_output_close();
	if (stats)
		wt_coalstats_write(stats, &run, &G.machine, &meta, argc, argv);
	wt_coalrun_free(&run);
	wt_meta_free(&meta);
	wt_machine_free(&G.machine);
	return WT_EXIT_OK;
}
