/*
 * l2sim - the shared L2, split into memory partitions with ports, banks
 * and request queues: L1 events in, L2 outcomes out (the misses and write
 * traffic that go on to DRAM), with hit ratios per partition, PC, warp
 * and warp instruction, queueing delays and the inter-bank divergence
 * penalty (Ausavarungnirun et al.).  The engine is lib/stage/l2stage.c's, run by the stage loop
 * (stage.h); the options go into it through lib/stage/l2opt.c.
 */
#include "l2opt.h"
#include "output.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <string.h>

/* --help: these, with the policies' lines (l2policy.h) between. */
static const char usage_head[] =
"usage: l2sim [options] [FILE]\n"
"Simulate the shared L2 cache, split into memory partitions with ports,\n"
"banks and request queues, on the L1 events of l1sim.  Writes what goes\n"
"on to DRAM (misses, write-backs, write-throughs) as level-2 event\n"
"records.  No FILE, or -, reads stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (the machine's L2 gives the defaults below)\n"
"      --config=STRING     a GPGPU-Sim cache configuration for one\n"
"                          partition, e.g. 64:128:8,L:B:m:W:L,A:32:4,4:0,32;\n"
"                          applied after the preset, before the options\n"
"      --partitions=N      memory partitions (GPGPU-Sim's gpgpu_n_mem)\n"
"      --sub-partitions=K  L2 slices per memory partition, with a GPGPU-Sim\n"
"                          --map: N * K slices (GPGPU-Sim's\n"
"                          gpgpu_n_sub_partition_per_mchannel)\n"
"      --map=SPEC          address to slice: linear, xor, ipoly, ipolyNN\n"
"                          or a GPGPU-Sim mapping [dramid@BIT;]MASK\n"
"      --partition-indexing=P\n"
"                          consecutive, xor, ipoly or random,\n"
"                          with a GPGPU-Sim --map: GPGPU-Sim's\n"
"                          gpgpu_memory_partition_indexing 0, 1, 2, 4\n"
"      --interleave=N      bytes of one partition before the next\n"
"      --size=N            capacity of one slice in bytes (K, M)\n"
"      --assoc=N           ways per set\n"
"      --line=N            line size in bytes\n"
"      --sectored=B        yes: lines of 32-byte sectors, each with its own\n"
"                          state, fetched alone, one access a sector\n"
"                          (GPGPU-Sim's 'S' caches; --config sets it)\n"
"      --index=SPEC        set index: linear, xor, fermi, ipoly, ipolyNN,\n"
"                          gpgpusim-ipoly, zero or matrix:FILE (on the\n"
"                          partition address, as GPGPU-Sim)\n"
"      --repl=P            lru, fifo or random\n"
"      --write=P           write-back or write-through\n"
"      --write-allocate=P  no, yes (allocate without a fetch), or\n"
"                          GPGPU-Sim's naive (W: write on and fetch),\n"
"                          fetch-on-write (F) or lazy-fetch-on-read (L)\n"
"      --banks=N[@BIT]     banks per partition (a power of two), chosen by\n"
"                          the local address bits from BIT (default: the\n"
"                          lowest line-address bit)\n"
"      --ports=N           ports per partition\n"
"      --bank-queue=N      request queue entries per bank\n"
"      --bank-cycle=N      cycles between tag accesses of a bank\n"
"      --tag-latency=N     cycles of a tag access (a hit's latency)\n"
"      --icnt-latency=N    interconnect cycles from L1 to the partition\n"
"      --mshr=N            MSHR entries per partition (0: unlimited)\n"
"      --mshr-merge=N      requests merged per entry (0: unlimited)\n"
"      --miss-latency=N    assumed cycles from a miss to its fill\n"
"      --disable           no L2: every request goes on to DRAM\n"
"      --events=E          misses (default: what goes to DRAM) or all\n"
"      --batch=N           requests held before the partitions run and\n"
"                          their events are written (default 1M; 0: a\n"
"                          whole kernel); memory follows N, not the kernel\n"
"      --spill=SIZE        bytes of events waiting to be written beyond\n"
"                          which those that are sure to come first go to\n"
"                          a temporary file in $TMPDIR (default 64M)\n";

static const char usage_tail[] =
"      --memcpy=M          the host-to-device copies before each kernel\n"
"                          (Accel-Sim traces): warm (default) marks their\n"
"                          sectors present as GPGPU-Sim does, its 32-bit\n"
"                          cut of the address included; warm-full the\n"
"                          same at the whole address; ignore\n"
"  -o, --output=FILE       write the event stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

/* The engine and the stage loop that runs it. */
static struct wt_l2stage Sim;
static struct wt_stage S;

/* l2sim's options, before and after the policies' own (l2policy.h),
 * which main puts between them into longopts. */
static const struct option opts_head[] = {
	{ "config", required_argument, NULL, O_CONFIG },
	{ "partitions", required_argument, NULL, O_PARTS },
	{ "map", required_argument, NULL, O_MAP },
	{ "sub-partitions", required_argument, NULL, O_SUB },
	{ "partition-indexing", required_argument, NULL, O_PIDX },
	{ "interleave", required_argument, NULL, O_INTERLEAVE },
	{ "size", required_argument, NULL, O_SIZE },
	{ "assoc", required_argument, NULL, O_ASSOC },
	{ "line", required_argument, NULL, O_LINE },
	{ "index", required_argument, NULL, O_INDEX },
	{ "repl", required_argument, NULL, O_REPL },
	{ "write", required_argument, NULL, O_WRITE },
	{ "write-allocate", required_argument, NULL, O_WALLOC },
	{ "banks", required_argument, NULL, O_BANKS },
	{ "ports", required_argument, NULL, O_PORTS },
	{ "bank-queue", required_argument, NULL, O_BANKQ },
	{ "bank-cycle", required_argument, NULL, O_BANKCYC },
	{ "tag-latency", required_argument, NULL, O_TAGLAT },
	{ "icnt-latency", required_argument, NULL, O_ICNT },
	{ "mshr", required_argument, NULL, O_MSHR },
	{ "mshr-merge", required_argument, NULL, O_MERGE },
	{ "miss-latency", required_argument, NULL, O_MISSLAT },
	{ "disable", no_argument, NULL, O_DISABLE },
	{ "events", required_argument, NULL, O_EVENTS },
};

static const struct option opts_tail[] = {
	{ "batch", required_argument, NULL, O_BATCH },
	{ "spill", required_argument, NULL, O_SPILL },
	{ "sectored", required_argument, NULL, O_SECTORED },
	{ "memcpy", required_argument, NULL, O_MEMCPY },
	{ "output", required_argument, NULL, 'o' },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define N(a) (sizeof(a) / sizeof(a[0]))

static struct option longopts[N(opts_head) + WT_L2_MAX_OPTIONS + N(opts_tail) + 1];
static char usage[4096 + sizeof(usage_head) + sizeof(usage_tail)];

/* The table and the help, the policies' options in their places. */
static void make_options(void)
{
	wt_stage_longopts(longopts, opts_head, N(opts_head), wt_l2pol_longopts, WT_L2_MAX_OPTIONS,
			  O_POLOPT, opts_tail, N(opts_tail));
	wt_snprintf(usage, sizeof(usage), "%s%s%s", usage_head, wt_l2pol_help(),
		    usage_tail);
}

/*
 * The machine's L2 (stageopt.h) for every option the command line does
 * not give (explicit[]), then --config, then the other options.  stream:
 * the input's metadata, or NULL before it is read.
 */
static void configure(const struct wt_stage_args *a, const char *const *explicit,
		      const struct wt_meta *stream)
{
	static const char *const mapping[] = { "partitions", "sub-partitions",
		"map", "partition-indexing", "interleave", NULL };
	const char *set[O_NOPTS];
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("l2sim", a, stream, &Sim.machine, &opts);
	Sim.arch = Sim.machine.name;
	wt_stage_group(&opts, longopts, explicit, mapping);
	wt_stage_defaults(longopts, set, &opts);
	wt_l2stage_options(&Sim, set, longopts);
	wt_meta_free(&opts);
}

/* configure as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	configure(c->args, c->set, stream);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
	struct wt_header h;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	make_options();
	wt_stage_parse(argc, argv, "l2sim", usage, longopts, O_CONFIG, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&Sim.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	S.r = wt_stage_input(&args, WT_KIND_EVENT, "run l1sim first", configure_cb, &cmd);
	wt_l2stage_upstream(&Sim, S.r);
	Sim.is.no_warp_stats = !stats;	/* only --stats shows them */
	wt_l2stage_start(&Sim, &S);

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(S.r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&Sim.machine, &h.meta);
	wt_meta_set(&h.meta, "l2_partitions", wt_snprintf(err, sizeof(err), "%u",
							  Sim.map.n));
	if (Sim.map.sub > 1)
		wt_meta_set(&h.meta, "l2_sub_partitions",
			    wt_snprintf(err, sizeof(err), "%u", Sim.map.sub));
	wt_meta_set(&h.meta, "l2_map", Sim.map.name);
	wt_meta_set(&h.meta, "l2_size", wt_snprintf(err, sizeof(err), "%llu",
						    (unsigned long long)Sim.size));
	wt_meta_set(&h.meta, "l2_line", wt_snprintf(err, sizeof(err), "%u",
						    Sim.cfg.geom.line));
	wt_meta_set(&h.meta, "l2_mode", Sim.cfg.disabled ? "disabled" :
		    Sim.cfg.write_back ? "write-back" : "write-through");
	if (Sim.cfg.sectored && !Sim.cfg.disabled) {	/* its events' masks */
		wt_meta_set(&h.meta, "l2_sectored", "yes");
		wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
								Sim.cfg.sector));
	}
	S.w = wt_output_open(output, &h, level);
	wt_meta_init(&Sim.meta);
	wt_meta_copy(&Sim.meta, &h.meta);
	wt_header_free(&h);

	wt_stage_loop(&S);
	wt_reader_close(S.r);
	wt_output_close();
	if (stats)
		wt_l2stage_stats(&Sim, stats, argc, argv);
	wt_l2stage_free(&Sim);
	return WT_EXIT_OK;
}
