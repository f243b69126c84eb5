/*
 * l2opt.c - l2sim's options into the engine's configuration (l2opt.h):
 * its getopt table and --help text, the configuration they make, and
 * the same from an option string for gpusim (wt_l2stage_configure).
 */
#include "l2opt.h"
#include "l2optnum.h"

#include "cachecfg.h"
#include "cacheindex.h"
#include "util.h"

#include <stdlib.h>
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
"      --stats-warps=B     no: leave each warp's row out of --stats (most of\n"
"                          its size on a big run; default yes)\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe or device such\n"
"                          as /dev/null, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

/* l2sim's options, before and after the policies' own (l2policy.h),
 * which make_options puts between them into longopts. */
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
	{ "stats-warps", required_argument, NULL, O_SWARPS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define N(a) (sizeof(a) / sizeof(a[0]))

static struct option longopts[N(opts_head) + WT_L2_MAX_OPTIONS + N(opts_tail) + 1];
static char usage[4096 + sizeof(usage_head) + sizeof(usage_tail)];

/* The table and the help, the policies' options in their places; made
 * once. */
static void make_options(void)
{
	if (longopts[0].name)
		return;
	wt_stage_longopts(longopts, opts_head, N(opts_head), wt_l2pol_longopts, WT_L2_MAX_OPTIONS,
			  O_POLOPT, opts_tail, N(opts_tail));
	wt_snprintf(usage, sizeof(usage), "%s%s%s", usage_head, wt_l2pol_help(),
		    usage_tail);
}

const struct option *wt_l2opt_longopts(void)
{
	make_options();
	return longopts;
}

const char *wt_l2opt_usage(void)
{
	make_options();
	return usage;
}

/*
 * What no machine sets: LRU, a linear index, write-back with
 * write-allocate, 32-byte sectors, banks chosen from the lowest
 * line-address bit, a bank cycle of 1, partitions interleaved every 256
 * bytes (GPGPU-Sim's dramid@8) with a linear map.  The machine
 * (machinestage.c) and the options set the rest, and may change these.
 */
static void base(struct wt_l2stage *sim, struct wt_l2_cfg *c)
{
	memset(c, 0, sizeof(*c));
	sim->nparts = 6;
	sim->mapspec = "linear";
	sim->interleave = 256;
	sim->size = 128 * 1024;
	sim->index = "linear";
	sim->icnt = 10;
	c->geom.assoc = 16;
	c->geom.line = 128;
	c->geom.repl = WT_REPL_LRU;
	c->sector = 32;
	c->write_back = 1;
	c->write_allocate = 1;
	c->banks = 2;
	c->bank_bit = 7;
	c->ports = 2;
	c->bank_queue = 8;
	c->bank_cycle = 1;
	c->tag_latency = 10;
	c->mshr_entries = 32;
	c->mshr_merge = 4;
	c->miss_latency = 200;
}

/* A GPGPU-Sim cache configuration string for one partition. */
static void apply_config(struct wt_l2stage *sim, const char *s, struct wt_l2_cfg *c)
{
	struct wt_cachecfg g;
	char err[512];

	if (wt_cachecfg_parse(s, &g, err, sizeof(err)) < 0 ||
	    wt_cachecfg_check_data(&g, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "--config=%s: %s", s, err);
	if (g.disabled) {
		c->disabled = 1;
		return;
	}
	c->geom.assoc = g.assoc;
	c->geom.line = g.line;
	sim->size = (uint64_t)g.sets * g.line * g.assoc;
	c->geom.repl = g.replacement == 'F' ? WT_REPL_FIFO : WT_REPL_LRU;
	if (g.write != 'B' && g.write != 'T')
		wt_die(WT_EXIT_USAGE, "--config=%s: write policy '%c': l2sim "
		       "models B (write-back) and T (write-through)", s, g.write);
	c->write_back = g.write == 'B';
	c->write_allocate = wt_walloc_letter(g.write_alloc);
	c->sectored = g.sectored;
	/* GPGPU-Sim's function for the letter, at the final geometry, on
	 * the partition address (wt_pmap_local) as l2_cache_config's */
	sim->index = wt_index_gpgpusim_spec(g.index, g.sets, g.line, err, sizeof(err));
	if (!sim->index)
		wt_die(WT_EXIT_USAGE, "--config=%s: %s", s, err);
	c->mshr_entries = g.mshr_entries;
	c->mshr_merge = g.mshr_max_merge;
}

static void banks_arg(const char *arg, struct wt_l2_cfg *c, int *bit_set)
{
	const char *at = strchr(arg, '@');
	char num[32];
	size_t len = at ? (size_t)(at - arg) : strlen(arg);
	uint64_t v, bit;
	const char *why;

	if (len >= sizeof(num) || (memcpy(num, arg, len), num[len] = 0,
	    wt_parse_u64(num, 64, &v, &why) < 0) || !v || (v & (v - 1)) ||
	    (at && wt_parse_u64(at + 1, 63, &bit, &why) < 0))
		wt_die(WT_EXIT_USAGE, "--banks=%s: expected a power of two from 1 "
		       "to 64, optionally @BIT (an address bit 0 to 63)", arg);
	c->banks = (unsigned)v;
	if (at) {
		c->bank_bit = (unsigned)bit;
		*bit_set = 1;
	}
}

/* --map, --sub-partitions, --partition-indexing: sim->map, whose N * K
 * slices are the partitions l2sim runs (sim->nparts). */
static void map_options(struct wt_l2stage *sim, const char **set, char *err, size_t errlen)
{
	struct wt_pmap_opts o = { sim->nparts, 1, sim->interleave, WT_PIDX_CONSECUTIVE };

	if (set[O_SUB])
		o.sub = (unsigned)wt_opt_num("sub-partitions", set[O_SUB], 1, 64);
	if (set[O_PIDX] && wt_pidx_parse(set[O_PIDX], &o.indexing, err, errlen) < 0)
		wt_die(WT_EXIT_USAGE, "--partition-indexing=%s: %s", set[O_PIDX], err);
	if (wt_pmap_setup(sim->mapspec, &o, &sim->map, err, errlen) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	sim->nparts = sim->map.slices;
}

/* Every option after the preset and --config, checked together. */
static void apply_options(struct wt_l2stage *sim, const char **set,
			  const struct option *lo)
{
	static const char *const repl_names[] = { "lru", "fifo", "random" };
	static const char *const write_names[] = { "write-through", "write-back" };
	static const char *const yes_no[] = { "no", "yes" };
	static const char *const walloc_names[] = {
		"no", "yes", "naive", "fetch-on-write", "lazy-fetch-on-read"
	};
	static const char *const memcpy_names[] = { "ignore", "warm", "warm-full" };
	static const char *const event_names[] = { "misses", "all" };
	struct wt_l2_cfg *c = &sim->cfg;
	struct wt_l2pol_cfg *pc = &sim->pol;
	int bit_set = 0;
	uint64_t lines;
	char err[512];

	if (set[O_PARTS])
		sim->nparts = (unsigned)wt_opt_num("partitions", set[O_PARTS], 1,
						WT_MAX_PARTITIONS);
	if (set[O_MAP])
		sim->mapspec = set[O_MAP];
	if (set[O_INTERLEAVE])
		sim->interleave = wt_opt_num("interleave", set[O_INTERLEAVE], 1, 1u << 30);
	if (set[O_SIZE])
		sim->size = wt_opt_num("size", set[O_SIZE], 1, 1u << 30);
	if (set[O_ASSOC])
		c->geom.assoc = (unsigned)wt_opt_num("assoc", set[O_ASSOC], 1,
							     WT_CACHE_MAX_ASSOC);
	if (set[O_LINE])
		c->geom.line = (unsigned)wt_opt_num("line", set[O_LINE], 32, 4096);
	if (set[O_INDEX])
		sim->index = set[O_INDEX];
	if (set[O_REPL])
		c->geom.repl = (enum wt_repl)wt_opt_choice("repl", set[O_REPL], repl_names, 3);
	if (set[O_WRITE])
		c->write_back = wt_opt_choice("write", set[O_WRITE], write_names, 2);
	if (set[O_WALLOC])
		c->write_allocate = wt_opt_choice("write-allocate", set[O_WALLOC],
						  walloc_names, 5);
	if (set[O_SECTORED])
		c->sectored = wt_opt_choice("sectored", set[O_SECTORED], yes_no, 2);
	sim->no_warp_table = set[O_SWARPS] &&
			     !wt_opt_choice("stats-warps", set[O_SWARPS], yes_no, 2);
	sim->memcpy = set[O_MEMCPY] ? (enum memcpy_mode)wt_opt_choice("memcpy",
			set[O_MEMCPY], memcpy_names, 3) : MEMCPY_WARM;
	if (set[O_BANKS])
		banks_arg(set[O_BANKS], c, &bit_set);
	if (set[O_PORTS])
		c->ports = (unsigned)wt_opt_num("ports", set[O_PORTS], 1, 64);
	if (set[O_BANKQ])
		c->bank_queue = (unsigned)wt_opt_num("bank-queue", set[O_BANKQ], 1, 4096);
	if (set[O_BANKCYC])
		c->bank_cycle = (unsigned)wt_opt_num("bank-cycle", set[O_BANKCYC], 1, 1024);
	if (set[O_TAGLAT])
		c->tag_latency = (unsigned)wt_opt_num("tag-latency", set[O_TAGLAT], 0, 1u << 20);
	if (set[O_ICNT])
		sim->icnt = (unsigned)wt_opt_num("icnt-latency", set[O_ICNT], 0, 1u << 20);
	if (set[O_MSHR])
		c->mshr_entries = (unsigned)wt_opt_num("mshr", set[O_MSHR], 0, 65536);
	if (set[O_MERGE])
		c->mshr_merge = (unsigned)wt_opt_num("mshr-merge", set[O_MERGE], 0, 65536);
	if (set[O_MISSLAT])
		c->miss_latency = (unsigned)wt_opt_num("miss-latency", set[O_MISSLAT], 1,
						       1u << 24);
	if (set[O_DISABLE])
		c->disabled = 1;
	if (set[O_EVENTS])
		c->emit_all = wt_opt_choice("events", set[O_EVENTS], event_names, 2);
	wt_l2pol_options(pc, lo, set);
	if (wt_l2pol_any(pc) && c->disabled)
		wt_die(WT_EXIT_USAGE, "%s need an L2 (not --disable)",
		       wt_l2pol_option_list());
	if (wt_l2pol_any(pc) && (c->sectored || c->write_allocate > WT_WALLOC_YES))
		wt_die(WT_EXIT_USAGE, "%s are modelled on line L2s with "
		       "--write-allocate=yes or no, not with %s%s",
		       wt_l2pol_option_list(), c->sectored ? "--sectored=yes" :
		       "--write-allocate=", c->sectored ? "" :
		       wt_walloc_name((unsigned)c->write_allocate));

	if (c->geom.line & (c->geom.line - 1))
		wt_die(WT_EXIT_USAGE, "--line=%u: expected a power of two", c->geom.line);
	lines = sim->size / c->geom.line;
	if (sim->size % ((uint64_t)c->geom.line * c->geom.assoc) || lines < c->geom.assoc)
		wt_die(WT_EXIT_USAGE, "a %llu-byte partition is not a whole number "
		       "of %u-way sets of %u-byte lines", (unsigned long long)sim->size,
		       c->geom.assoc, c->geom.line);
	c->geom.sets = (unsigned)(lines / c->geom.assoc);
	if (c->geom.sets & (c->geom.sets - 1))
		wt_die(WT_EXIT_USAGE, "%u sets: the number of sets must be a power "
		       "of two", c->geom.sets);
	c->geom.seed = 1;
	if (!bit_set)
		c->bank_bit = wt_log2(c->geom.line);
	if (c->bank_bit < wt_log2(c->geom.line) || c->bank_bit + wt_log2(c->banks) > 64)
		wt_die(WT_EXIT_USAGE, "--banks=%s: the bank bits must lie in the "
		       "line address (bit %u and up)", set[O_BANKS] ? set[O_BANKS] : "",
		       wt_log2(c->geom.line));
	if (wt_index_parse(sim->index, c->geom.sets, c->geom.line, &c->ix, err,
			   sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	map_options(sim, set, err, sizeof(err));
	if (wt_pmap_check_line(&sim->map, c->geom.line, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if (c->sector > c->geom.line)
		c->sector = c->geom.line;
	if (c->sectored && (c->geom.line % c->sector || c->geom.line / c->sector > 8))
		wt_die(WT_EXIT_USAGE, "--sectored=yes: %u-byte lines of %u-byte "
		       "sectors; a sectored line holds 1 to 8 sectors",
		       c->geom.line, c->sector);
	/* 1M requests, as l1sim: 64 MB of them held, and batches long enough
	 * that running them costs nothing */
	sim->batch = set[O_BATCH] ? (size_t)wt_opt_num("batch", set[O_BATCH], 0,
						    1u << 30) : 1u << 20;
	sim->spill = set[O_SPILL] ? wt_opt_num("spill", set[O_SPILL], 0,
					    UINT64_MAX) : (uint64_t)64 << 20;
	/* whole kernels hold their instructions too: any order goes */
	sim->is.early = sim->batch != 0;
}

void wt_l2stage_options(struct wt_l2stage *sim, const struct wt_stage_args *a,
			const char *const *explicit, const struct wt_meta *stream)
{
	static const char *const mapping[] = { "partitions", "sub-partitions",
		"map", "partition-indexing", "interleave", NULL };
	const struct option *lo = wt_l2opt_longopts();
	const char *set[O_NOPTS];
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("l2sim", a, stream, &sim->machine, &opts);
	sim->arch = sim->machine.name;
	wt_stage_group(&opts, lo, explicit, mapping);
	wt_stage_defaults(lo, set, &opts);
	base(sim, &sim->cfg);
	if (set[O_CONFIG])
		apply_config(sim, set[O_CONFIG], &sim->cfg);
	apply_options(sim, set, lo);
	wt_meta_free(&opts);
}

void wt_l2stage_configure(struct wt_l2stage *sim, int argc, char **argv,
			  const struct wt_meta *stream)
{
	static const int own[] = { O_STATS, O_SWARPS, O_LEVEL, O_BATCH, O_SPILL, O_EVENTS, 0 };
	const char *set[O_NOPTS] = { 0 };
	const char *was = wt_progname();
	struct wt_stage_args a;

	wt_set_progname(argv[0]);
	wt_stage_parse_inner(argc, argv, "l2sim", wt_l2opt_longopts(), O_CONFIG,
			     O_NOPTS, own, set, &a);
	memset(sim, 0, sizeof(*sim));
	wt_machine_init(&sim->machine);
	wt_opt_forget_machine();
	wt_l2stage_options(sim, &a, set, stream);
	if (stream)
		wt_l2stage_upstream(sim, stream, "the stream");
	wt_set_progname(was);
}

