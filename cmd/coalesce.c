/*
 * coalesce - turn a stream of warp memory instructions into the memory
 * requests (lines or sectors) they make, under the Fermi, the sector or
 * GPGPU-Sim's coalescing rules.  The rules are in lib/mem/coalesce.c and
 * lib/mem/gpgpucoal.c, which records go to the caches in lib/mem/cstream.c, the
 * run over a stream in lib/mem/coalrun.c, the statistics in lib/stage/coalstats.c;
 * see coalesce(1).
 */
#include "coalesce.h"
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
"                          pipe and 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n"
"\n"
"--rules, --line, --sector, --coalesce-arch and --skip-l1 must agree with a\n"
"machine that was chosen (--arch or --gpgpusim-config here or at\n"
"trace-order) unless --override is given; --rules=gpgpusim agrees with any\n"
"machine; with trace-order's default machine they are free.\n";

static struct {
	struct wt_coalesce_cfg cfg;
	struct wt_shmem_cfg sh;
	struct wt_machine machine;
} G;

static unsigned parse_bytes(const char *opt, const char *arg)
{
	const char *why;
	uint64_t v;

	if (wt_parse_u64(arg, 1u << 20, &v, &why) < 0)
		wt_die(WT_EXIT_USAGE, "--%s=%s%s: %s (expected a number of bytes, "
		       "a power of two)", opt, arg, wt_opt_whence(arg), why);
	return (unsigned)v;
}

enum {
	O_STATS = 256, O_LEVEL, O_RULES, O_LINE, O_SECTOR, O_BANKS, O_BCAST,
	O_PARTS, O_CARCH, O_SKIP, O_NOPTS
};

static const struct option longopts[] = {
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "rules", required_argument, NULL, O_RULES },
	{ "line", required_argument, NULL, O_LINE },
	{ "sector", required_argument, NULL, O_SECTOR },
	{ "shmem-banks", required_argument, NULL, O_BANKS },
	{ "shmem-limited-broadcast", required_argument, NULL, O_BCAST },
	{ "shmem-warp-parts", required_argument, NULL, O_PARTS },
	{ "coalesce-arch", required_argument, NULL, O_CARCH },
	{ "skip-l1", required_argument, NULL, O_SKIP },
	{ NULL, 0, NULL, 0 },
};

/*
 * The gpgpusim rules' settings: the machine's coalescing arch and skip-L1
 * setting, or the options over them, which must agree with a machine
 * somebody chose as --rules does.  The other rules take neither option.
 */
static void gpgpusim_cfg(const struct wt_stage_args *a, const char *const *set,
			 const struct wt_meta *opts)
{
	static const char *const yesno[] = { "no", "yes" };
	const char *v;

	if (G.cfg.rules != WT_COALESCE_GPGPUSIM) {
		if (set[O_CARCH] || set[O_SKIP])
			wt_die(WT_EXIT_USAGE, "--%s: only the gpgpusim rules take "
			       "it (--rules=gpgpusim)", set[O_CARCH] ?
			       "coalesce-arch" : "skip-l1");
		return;
	}
	wt_stage_bind("coalesce-arch", set[O_CARCH], opts, &G.machine, a);
	wt_stage_bind("skip-l1", set[O_SKIP], opts, &G.machine, a);
	v = set[O_CARCH] ? set[O_CARCH] : wt_meta_get(opts, "coalesce-arch");
	if (v)
		G.cfg.coalesce_arch = (unsigned)wt_opt_num("coalesce-arch", v,
							   WT_GPGPUSIM_ARCH_MIN,
							   WT_GPGPUSIM_ARCH_MAX);
	v = set[O_SKIP] ? set[O_SKIP] : wt_meta_get(opts, "skip-l1");
	if (v)
		G.cfg.skip_l1 = wt_opt_choice("skip-l1", v, yesno, 2);
}

/*
 * The machine's rules, line and sector, then the explicit options over
 * them: those must agree with a machine somebody chose (stageopt.h,
 * wt_stage_bind), and a combination that does not work is a usage error.
 * The gpgpusim rules agree with every machine: they are its own
 * coalescer, where the machine's fermi or sector rules are warptrace's
 * view of it.  stream: the input's metadata, or NULL before it is read.
 */
static void make_cfg(const struct wt_stage_args *a, const char *const *set,
		     const struct wt_meta *stream)
{
	static const char *const yesno[] = { "no", "yes" };
	struct wt_meta opts;
	const char *why, *v;
	int rules;

	/* a value that is no value is said so before any contradiction */
	if (set[O_RULES] && wt_coalesce_rules_parse(set[O_RULES]) < 0)
		wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi, sector or "
		       "gpgpusim", set[O_RULES]);
	if (set[O_LINE])
		parse_bytes("line", set[O_LINE]);
	if (set[O_SECTOR])
		parse_bytes("sector", set[O_SECTOR]);
	if (set[O_CARCH])
		wt_opt_num("coalesce-arch", set[O_CARCH], WT_GPGPUSIM_ARCH_MIN,
			   WT_GPGPUSIM_ARCH_MAX);
	if (set[O_SKIP])
		wt_opt_choice("skip-l1", set[O_SKIP], yesno, 2);
	wt_meta_init(&opts);
	wt_stage_machine("coalesce", a, stream, &G.machine, &opts);
	if (!set[O_RULES] || strcmp(set[O_RULES], "gpgpusim") != 0)
		wt_stage_bind("rules", set[O_RULES], &opts, &G.machine, a);
	wt_stage_bind("line", set[O_LINE], &opts, &G.machine, a);
	wt_stage_bind("sector", set[O_SECTOR], &opts, &G.machine, a);
	wt_coalesce_cfg_init(&G.cfg);
	v = set[O_RULES] ? set[O_RULES] : wt_meta_get(&opts, "rules");
	if ((rules = wt_coalesce_rules_parse(v)) < 0)
		wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi, sector or "
		       "gpgpusim", v);
	G.cfg.rules = (enum wt_coalesce_rules)rules;
	gpgpusim_cfg(a, set, &opts);
	G.cfg.line = parse_bytes("line", set[O_LINE] ? set[O_LINE] :
				 wt_meta_get(&opts, "line"));
	G.cfg.sector = 32;
	if (set[O_SECTOR])
		G.cfg.sector = parse_bytes("sector", set[O_SECTOR]);
	else
		wt_coalesce_fit_sector(&G.cfg);
	if ((why = wt_coalesce_cfg_check(&G.cfg)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
	/* shared memory: the machine's banks, unless given */
	wt_shmem_cfg_init(&G.sh);
	v = set[O_BANKS] ? set[O_BANKS] : wt_meta_get(&opts, "shmem-banks");
	if (v)
		G.sh.banks = (unsigned)wt_opt_num("shmem-banks", v, 1,
						  WT_SHMEM_BANKS_MAX);
	v = set[O_BCAST] ? set[O_BCAST] : wt_meta_get(&opts, "shmem-limited-broadcast");
	if (v)
		G.sh.limited_broadcast = wt_opt_choice("shmem-limited-broadcast", v,
						       yesno, 2);
	v = set[O_PARTS] ? set[O_PARTS] : wt_meta_get(&opts, "shmem-warp-parts");
	if (v)
		G.sh.warp_parts = (unsigned)wt_opt_num("shmem-warp-parts", v, 1,
						       WT_MAX_LANES);
	if ((why = wt_shmem_cfg_check(&G.sh)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
	/* one GPGPU-Sim setting, mem_warp_parts, for both */
	G.cfg.warp_parts = G.sh.warp_parts;
	wt_meta_free(&opts);
}

/* make_cfg as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	make_cfg(c->args, c->set, stream);
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
	wt_stage_parse(argc, argv, "coalesce", usage, longopts, O_STATS, O_NOPTS,
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
