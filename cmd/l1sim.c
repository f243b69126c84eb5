/*
 * l1sim - the per-SM L1 data caches: requests in, L1 outcomes out (the
 * misses, bypasses and write traffic that go on to L2), with hit and miss
 * statistics, miss classes, reservation fails and reuse distances.  The
 * engine is lib/stage/l1stage.c, run by the stage loop (stage.h); its
 * options are parsed in l1opt.c, its --stats written by l1stats.c.
 */
#include "l1opt.h"
#include "l1policy.h"
#include "l1stage.h"
#include "output.h"
#include "stage.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <string.h>

/* --help: these, with the policies' lines (l1policy.h) between. */
static const char usage_head[] =
"usage: l1sim [options] [FILE]\n"
"Simulate the L1 data cache of every SM on a stream of memory requests\n"
"(from coalesce).  Writes the L1 outcomes that go on to L2 (misses,\n"
"bypasses, write-throughs, write-backs) as event records.  No FILE, or -,\n"
"reads stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (nugteren: the model of Nugteren et al., HPCA\n"
"                          2014; the machine's L1 gives the defaults below)\n"
"      --config=STRING     a GPGPU-Sim cache configuration, e.g. the GTX 480\n"
"                          L1 N:32:128:4,L:L:m:N:H,S:64:8,8; applied after\n"
"                          the preset, before the options below\n"
"      --size=N            capacity in bytes (K, M suffixes)\n"
"      --assoc=N           ways per set, or full\n"
"      --line=N            line size in bytes\n"
"      --sectored=B        yes: lines of 32-byte sectors, each with its own\n"
"                          state, fetched alone (GPGPU-Sim's 'S' caches;\n"
"                          --config sets it); no: whole lines\n"
"      --skip-global=B     yes: global accesses go around the L1 (GPGPU-Sim's\n"
"                          -gpgpu_gmem_skip_L1D; default: the machine's)\n"
"      --unified=KB        the adaptive L1: at each kernel, the L1 takes what\n"
"                          the shared memory its CTAs need (the first of\n"
"                          --shmem-options that holds it) leaves of KB\n"
"                          (GPGPU-Sim's -gpgpu_unified_l1d_size; 0: off)\n"
"      --shmem-options=LIST  the carve-outs, KB (-gpgpu_shmem_option)\n"
"      --flush=B           yes: every L1 is invalidated at each kernel's end\n"
"                          (-gpgpu_flush_l1_cache; default: the machine's)\n"
"      --cache-ops=C       what cache operators do: hardware (default: .CG,\n"
"                          .CV, .STRONG go around the L1, .CA loads stay\n"
"                          with --skip-global), accelsim (only .STRONG.GPU\n"
"                          loads go around, as Accel-Sim) or ignore\n"
"      --index=SPEC        linear, xor, fermi, ipoly, ipolyNN, matrix:FILE,\n"
"                          gpgpusim-ipoly or zero (GPGPU-Sim's P and C)\n"
"      --repl=P            lru, fifo or random\n"
"      --insert=POS        mru, lru, or a recency position 0..assoc-1\n"
"      --write=P           write-back, write-through, write-evict or\n"
"                          local-write-back (global write-evict)\n"
"      --write-allocate=P  no, yes (allocate without a fetch), or\n"
"                          GPGPU-Sim's naive (W), fetch-on-write (F) or\n"
"                          lazy-fetch-on-read (L), sectored L1s only\n"
"      --alloc=WHEN        miss (reserve the line on a miss) or fill\n"
"      --mshr=N            MSHR entries (0: unlimited)\n"
"      --mshr-merge=N      requests merged per entry (0: unlimited)\n"
"      --mshr-per-warp=N   entries one warp may hold (0: unlimited)\n"
"      --miss-queue=N      miss queue entries (0: unlimited)\n"
"      --hit-latency=N     cycles of a hit\n"
"      --miss-latency=N    minimum miss latency, lambda\n"
"      --sigma=X           spread of the miss latency, |N(0, sigma^2)|\n"
"      --seed=N            seed of random replacement and latencies\n"
"      --mode=M            bounded (default), unbounded or bypass\n"
"      --events=E          misses (default: what goes to L2) or all\n"
"      --sched=S           stream: requests in the order given; pool: the\n"
"                          warp pool of Nugteren et al. reorders them\n"
"      --ctas=N            pool: CTAs active per SM (default: the stream's\n"
"                          ctas_per_sm, from trace-order; 0: all)\n"
"      --refill=R          pool: cta (a new CTA as one ends) or set (when\n"
"                          all active CTAs are done)\n"
"      --warp-delay=B      pool: yes (a warp waits for its data) or no\n"
"      --icount=B          pool: yes (non-memory instructions take issue\n"
"                          cycles) or no\n"
"      --mshr-check=C      pool: request (each new miss needs a free MSHR\n"
"                          entry) or instruction (only the first request,\n"
"                          if it has lane 0; Nugteren et al.'s code)\n"
"      --request-order=O   pool: stream, or lane (an instruction's requests\n"
"                          by first lane, as Nugteren et al.'s code)\n"
"      --exit-slot=B       pool: a warp takes an issue slot to leave (yes,\n"
"                          Nugteren et al.'s code) or not (no)\n"
"      --stores=S          pool: cache (stores go through the L1) or drop\n"
"                          (left out, as Nugteren et al.'s model)\n"
"      --pending=P         a load to a line in flight: merge (into its\n"
"                          MSHR) or miss (its own fetch and latency, as\n"
"                          Nugteren et al.'s code)\n"
"      --reuse=HOW         reuse-distance histograms: exact (default),\n"
"                          sampled:R (SHARDS: the lines sampled at rate R,\n"
"                          2^-24 <= R <= 1, scaled by 1/R) or off; the miss\n"
"                          classes are exact in every case\n"
"      --batch=N           stream mode: requests held before the SMs run\n"
"                          and their events are written (default 1M; 0: a\n"
"                          whole kernel); memory follows N, not the kernel\n";

static const char usage_pool[] =
"      --warp-limit=N      active warps per scheduler (0: no limit)\n"
"      --schedulers=N      warp schedulers per SM (the machine's)\n"
"      --max-warps=N       warps per scheduler (the machine's)\n";

static const char usage_tail[] =
"  -o, --output=FILE       write the event stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

/* l1sim's options, before and after the policies' own (l1policy.h),
 * which main puts between them into longopts. */
static const struct option opts_head[] = {
	{ "config", required_argument, NULL, O_CONFIG },
	{ "size", required_argument, NULL, O_SIZE },
	{ "assoc", required_argument, NULL, O_ASSOC },
	{ "line", required_argument, NULL, O_LINE },
	{ "index", required_argument, NULL, O_INDEX },
	{ "repl", required_argument, NULL, O_REPL },
	{ "insert", required_argument, NULL, O_INSERT },
	{ "write", required_argument, NULL, O_WRITE },
	{ "write-allocate", required_argument, NULL, O_WALLOC },
	{ "alloc", required_argument, NULL, O_ALLOC },
	{ "mshr", required_argument, NULL, O_MSHR },
	{ "mshr-merge", required_argument, NULL, O_MERGE },
	{ "mshr-per-warp", required_argument, NULL, O_PERWARP },
	{ "miss-queue", required_argument, NULL, O_MISSQ },
	{ "hit-latency", required_argument, NULL, O_HITLAT },
	{ "miss-latency", required_argument, NULL, O_MISSLAT },
	{ "sigma", required_argument, NULL, O_SIGMA },
	{ "seed", required_argument, NULL, O_SEED },
	{ "mode", required_argument, NULL, O_MODE },
	{ "events", required_argument, NULL, O_EVENTS },
	{ "sched", required_argument, NULL, O_SCHED },
	{ "ctas", required_argument, NULL, O_CTAS },
	{ "refill", required_argument, NULL, O_REFILL },
	{ "warp-delay", required_argument, NULL, O_WDELAY },
	{ "icount", required_argument, NULL, O_ICOUNT },
	{ "mshr-check", required_argument, NULL, O_MSHRCHK },
	{ "pending", required_argument, NULL, O_PENDING },
	{ "request-order", required_argument, NULL, O_RORDER },
	{ "exit-slot", required_argument, NULL, O_EXITSLOT },
	{ "stores", required_argument, NULL, O_STORES },
	{ "policy", required_argument, NULL, O_POLICY },
	{ "warp-limit", required_argument, NULL, O_WLIMIT },
	{ "schedulers", required_argument, NULL, O_SCHEDS },
	{ "max-warps", required_argument, NULL, O_MAXW },
};

static const struct option opts_tail[] = {
	{ "reuse", required_argument, NULL, O_REUSE },
	{ "batch", required_argument, NULL, O_BATCH },
	{ "sectored", required_argument, NULL, O_SECTORED },
	{ "skip-global", required_argument, NULL, O_SKIPG },
	{ "cache-ops", required_argument, NULL, O_COPS },
	{ "flush", required_argument, NULL, O_FLUSH },
	{ "unified", required_argument, NULL, O_UNIFIED },
	{ "shmem-options", required_argument, NULL, O_SHOPTS },
	{ "output", required_argument, NULL, 'o' },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define N(a) (sizeof(a) / sizeof(a[0]))

static struct option longopts[N(opts_head) + WT_L1_MAX_OPTIONS + N(opts_tail) + 1];
static char usage[4096 + sizeof(usage_head) + sizeof(usage_pool) + sizeof(usage_tail)];

/* The table and the help, the policies' options in their places. */
static void make_options(void)
{
	wt_stage_longopts(longopts, opts_head, N(opts_head), wt_l1_policy_longopts, WT_L1_MAX_OPTIONS,
			  O_POLOPT, opts_tail, N(opts_tail));
	wt_snprintf(usage, sizeof(usage), "%s%s%s%s%s", usage_head,
		    wt_l1_policy_help_names(), usage_pool,
		    wt_l1_policy_help_options(), usage_tail);
}

/* The engine and the stage loop that runs it. */
static struct wt_l1stage Sim;
static struct wt_stage S;

/* The configuration, as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	wt_l1stage_options(&Sim, c->args, c->set, stream, longopts);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
	struct wt_header h;
	int level;

	wt_set_progname(argv[0]);
	wt_big_blocks_mapped();
	make_options();
	wt_stage_parse(argc, argv, "l1sim", usage, longopts, O_SIZE, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&Sim.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);
	Sim.su.cfg.no_warp_stats = !stats;	/* only --stats shows them */

	S.r = wt_stage_input(&args, WT_KIND_REQUEST, "run coalesce first",
			     configure_cb, &cmd);
	Sim.su.cfg.no_warp_stats = !stats;
	wt_l1stage_upstream(&Sim, S.r);

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(S.r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_l1stage_header(&Sim, &h.meta);
	S.w = wt_output_open(output, &h, level);
	wt_meta_init(&Sim.meta);
	wt_meta_copy(&Sim.meta, &h.meta);
	wt_header_free(&h);

	wt_l1stage_start(&Sim, &S);
	wt_stage_loop(&S);
	wt_l1stage_finish(&Sim);
	wt_reader_close(S.r);
	wt_output_close();
	if (stats)
		wt_l1stage_stats(&Sim, stats, argc, argv);
	wt_l1stage_free(&Sim);
	return WT_EXIT_OK;
}
