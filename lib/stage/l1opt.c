/*
 * l1opt.c - l1sim's options into the engine's configuration (l1opt.h):
 * its getopt table and --help text, the configuration they make, and
 * the same from an option string for gpusim (wt_l1stage_configure).
 */
#include "l1opt.h"
#include "l1optnum.h"

#include "shards.h"
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
"                          classes are exact in every case; only --stats\n"
"                          shows them, so without it they are off\n"
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
"      --stats-warps=B     no: leave each warp's row out of --stats (most of\n"
"                          its size on a big run; default yes)\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe or device such\n"
"                          as /dev/null, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

/* l1sim's options, before and after the policies' own (l1policy.h),
 * which make_options puts between them into longopts. */
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
	{ "stats-warps", required_argument, NULL, O_SWARPS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define N(a) (sizeof(a) / sizeof(a[0]))

static struct option longopts[N(opts_head) + WT_L1_MAX_OPTIONS + N(opts_tail) + 1];
static char usage[4096 + sizeof(usage_head) + sizeof(usage_pool) + sizeof(usage_tail)];

/* The table and the help, the policies' options in their places; made
 * once. */
static void make_options(void)
{
	if (longopts[0].name)
		return;
	wt_stage_longopts(longopts, opts_head, N(opts_head), wt_l1_policy_longopts, WT_L1_MAX_OPTIONS,
			  O_POLOPT, opts_tail, N(opts_tail));
	wt_snprintf(usage, sizeof(usage), "%s%s%s%s%s", usage_head,
		    wt_l1_policy_help_names(), usage_pool,
		    wt_l1_policy_help_options(), usage_tail);
}

const struct option *wt_l1opt_longopts(void)
{
	make_options();
	return longopts;
}

const char *wt_l1opt_usage(void)
{
	make_options();
	return usage;
}

/*
 * --reuse=exact, off or sampled:R.  R is rounded to the rate SHARDS puts
 * in force (a multiple of 2^-24), which the statistics then report.
 */
static void reuse_option(const char *arg, struct wt_l1_cfg *c)
{
	if (strcmp(arg, "exact") == 0) {
		c->reuse = WT_L1_REUSE_EXACT;
		return;
	}
	if (strcmp(arg, "off") == 0) {
		c->reuse = WT_L1_REUSE_OFF;
		return;
	}
	if (strncmp(arg, "sampled:", 8) == 0 &&
	    wt_shards_parse_rate(arg + 8, &c->reuse_rate) == 0) {
		c->reuse = WT_L1_REUSE_SAMPLED;
		return;
	}
	wt_die(WT_EXIT_USAGE, "--reuse=%s: expected exact, off or sampled:R with "
	       "R from 2^-24 to 1", arg);
}

/*
 * What a sectored L1 needs: lines of 1 to 8 sectors (a request's mask),
 * no management policy (they are modelled on line caches), and, as
 * GPGPU-Sim asserts, allocation on miss for the write-allocate policies
 * that write into a line (F, L and yes).
 */
static void sector_options(struct wt_l1stage *sim, const char **set)
{
	struct wt_l1_cfg *c = &sim->su.cfg;
	unsigned n = c->geom.line / c->sector;
	const char *mode = c->mode == WT_L1_UNBOUNDED ? "unbounded" : "bypass";

	if (c->sectored && c->mode != WT_L1_BOUNDED) {
		if (set[O_SECTORED] && !wt_opt_whence(set[O_SECTORED])[0])
			wt_die(WT_EXIT_USAGE, "--sectored=yes: only the bounded mode "
			       "is sectored, not --mode=%s", mode);
		wt_warn("note: the sectored L1 of the machine or --config is "
			"simulated with whole lines in --mode=%s", mode);
		c->sectored = 0;
	}
	if (c->sectored && c->pending_miss)
		wt_die(WT_EXIT_USAGE, "--pending=miss: line L1s only, and this L1 is "
		       "sectored (give --sectored=no or --pending=merge)");
	if (!c->sectored || c->mode != WT_L1_BOUNDED) {
		if (set[O_WALLOC] && c->write_allocate > WT_WALLOC_YES)
			wt_die(WT_EXIT_USAGE, "--write-allocate=%s: GPGPU-Sim's "
			       "write-allocate policies are modelled in sectored "
			       "L1s (--sectored=yes); a line L1 takes yes or no",
			       set[O_WALLOC]);
		return;
	}
	if (c->geom.line % c->sector || n < 1 || n > 8)
		wt_die(WT_EXIT_USAGE, "--sectored=yes: %u-byte lines of %u-byte "
		       "sectors; a sectored line holds 1 to 8 sectors",
		       c->geom.line, c->sector);
	if (sim->pol.flags)
		wt_die(WT_EXIT_USAGE, "--policy=%s: the management policies are "
		       "modelled on line caches, not with --sectored=yes",
		       set[O_POLICY]);
	if (c->alloc_on_fill && c->write_allocate != WT_WALLOC_NO &&
	    c->write_allocate != WT_WALLOC_NAIVE)
		wt_die(WT_EXIT_USAGE, "--write-allocate=%s with --alloc=fill: a "
		       "sectored L1 that writes into its lines allocates them on "
		       "a miss (GPGPU-Sim refuses the pair)",
		       wt_walloc_name((unsigned)c->write_allocate));
}

/* --unified and --shmem-options: the adaptive L1 (carve). */
static void unified_options(struct wt_l1stage *sim, const char *const *set)
{
	const char *p = set[O_SHOPTS];

	sim->unified = set[O_UNIFIED] ? (unsigned)wt_opt_num("unified", set[O_UNIFIED],
							  0, 1u << 20) : 0;
	sim->base_assoc = sim->su.cfg.geom.assoc;
	sim->base_size = sim->su.size;
	sim->nshopt = 0;
	if (!sim->unified) {
		/* the machine's carve-outs stay unused with --unified=0 */
		if (p && !wt_opt_whence(p)[0])
			wt_die(WT_EXIT_USAGE, "--shmem-options=%s: only with an "
			       "adaptive L1 (--unified=KB, not 0)", p);
		return;
	}
	if (!p)
		wt_die(WT_EXIT_USAGE, "--unified=%u needs --shmem-options (the shared "
		       "memory carve-outs, KB)", sim->unified);
	while (*p) {
		char num[32];
		size_t n = strcspn(p, ",");

		if (n == 0 || n >= sizeof(num) || sim->nshopt == 32)
			goto bad;
		memcpy(num, p, n);
		num[n] = 0;
		sim->shopt[sim->nshopt] = (unsigned)wt_opt_num("shmem-options", num, 0,
							 sim->unified);
		if (sim->nshopt && sim->shopt[sim->nshopt] <= sim->shopt[sim->nshopt - 1])
			goto bad;
		sim->nshopt++;
		p += n + (p[n] == ',');
	}
	if (!sim->nshopt)
		goto bad;
	if (((uint64_t)sim->unified * 1024) % sim->base_size)
		wt_die(WT_EXIT_USAGE, "--unified=%u: not a multiple of the %llu-byte "
		       "L1 it takes its ways from (GPGPU-Sim asserts it is)",
		       sim->unified, (unsigned long long)sim->base_size);
	if ((uint64_t)sim->base_assoc * sim->unified * 1024 / sim->base_size > WT_CACHE_MAX_ASSOC)
		wt_die(WT_EXIT_USAGE, "--unified=%u: %llu ways of the %llu-byte, "
		       "%u-way L1; at most %u", sim->unified,
		       (unsigned long long)((uint64_t)sim->base_assoc * sim->unified * 1024 /
					    sim->base_size),
		       (unsigned long long)sim->base_size, sim->base_assoc,
		       (unsigned)WT_CACHE_MAX_ASSOC);
	if (sim->pol.flags)
		wt_die(WT_EXIT_USAGE, "--unified: the management policies are "
		       "modelled on one L1 for the whole run");
	return;
bad:
	wt_die(WT_EXIT_USAGE, "--shmem-options=%s: expected up to 32 sizes in "
	       "KB, ascending, comma-separated, none above --unified",
	       set[O_SHOPTS]);
}

void wt_l1stage_options(struct wt_l1stage *sim, const struct wt_stage_args *a,
			const char *const *explicit, const struct wt_meta *stream)
{
	const struct option *lopts = wt_l1opt_longopts();
	static const char *const repl_names[] = { "lru", "fifo", "random" };
	static const char *const write_names[] = {
		"write-back", "write-through", "write-evict", "local-write-back"
	};
	static const char *const yes_no[] = { "no", "yes" };
	static const char *const walloc_names[] = {
		"no", "yes", "naive", "fetch-on-write", "lazy-fetch-on-read"
	};
	static const char *const alloc_names[] = { "miss", "fill" };
	static const char *const mode_names[] = { "bounded", "unbounded", "bypass" };
	static const char *const event_names[] = { "misses", "all" };
	static const char *const sched_names[] = { "stream", "pool" };
	static const char *const refill_names[] = { "cta", "set" };
	static const char *const check_names[] = { "request", "instruction" };
	static const char *const pending_names[] = { "merge", "miss" };
	static const char *const order_names[] = { "stream", "lane" };
	static const char *const stores_names[] = { "cache", "drop" };
	static const char *const cops_names[] = { "hardware", "accelsim", "ignore" };
	const char *set[O_NOPTS];
	struct wt_l1_cfg *c = &sim->su.cfg;
	const char *line = stream ? wt_meta_get(stream, "line_size") : NULL;
	const char *ws = stream ? wt_meta_get(stream, "warp_size") : NULL;
	const char *pindex;
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("l1sim", a, stream, &sim->machine, &opts);
	sim->arch = sim->machine.name;
	if (ws) {
		uint64_t v;
		const char *why;

		if (wt_parse_u64(ws, WT_MAX_LANES, &v, &why) == 0)
			sim->warp_size = (unsigned)v;
	}
	wt_stage_defaults(lopts, set, &opts);
	if (line && explicit[O_LINE])
		wt_stage_agree("line", explicit[O_LINE], line,
			       "its requests (coalesce's line_size)", a->override);
	else if (line)
		set[O_LINE] = line;
	/* The preset first, then --config, then every other option. */
	wt_l1_preset(strcmp(wt_machine_get(&sim->machine, "wt_l1_model"),
			    "nugteren") == 0 ? "nugteren" : "fermi", &sim->su);
	if (set[O_CONFIG])
		wt_l1_apply_config(set[O_CONFIG], &sim->su);
	if (line && !explicit[O_LINE] && !explicit[O_CONFIG]) {
		char buf[32];

		wt_snprintf(buf, sizeof(buf), "%u", c->geom.line);
		if (strcmp(buf, line) != 0)
			wt_warn("note: the requests are of %s-byte lines (coalesce's "
				"line_size), the machine's L1 of %s: modelling %s-byte "
				"lines", line, buf, line);
	}
	if (line && explicit[O_CONFIG] && !explicit[O_LINE]) {
		char buf[32];

		wt_snprintf(buf, sizeof(buf), "%u", c->geom.line);
		if (strcmp(buf, line) != 0 && !a->override)
			wt_die(WT_EXIT_USAGE, "--config=%s: its %s-byte lines "
			       "contradict the stream's requests of %s bytes "
			       "(coalesce's line_size); add --override to model "
			       "them anyway", explicit[O_CONFIG], buf, line);
	}
	wt_l1_policy_options(&sim->pol, lopts, set);
	/* a combination the paper evaluates with an index of its own */
	pindex = set[O_POLICY] ? wt_l1_policy_index(set[O_POLICY]) : NULL;
	wt_l1_options(&sim->su, set[O_SIZE], set[O_ASSOC], WT_CACHE_MAX_ASSOC,
		      set[O_LINE], set[O_INDEX] ? set[O_INDEX] : pindex);
	/* the machine's index, neither given nor in a --config given */
	sim->su.index_follows = !set[O_INDEX] && !explicit[O_CONFIG] && !pindex;
	if (set[O_REPL])
		c->geom.repl = (enum wt_repl)wt_opt_choice("repl", set[O_REPL], repl_names, 3);
	if (set[O_WRITE])
		c->write = (enum wt_write_policy)wt_opt_choice("write", set[O_WRITE],
							       write_names, 4);
	if (set[O_WALLOC])
		c->write_allocate = wt_opt_choice("write-allocate", set[O_WALLOC],
						  walloc_names, 5);
	if (set[O_SECTORED])
		c->sectored = wt_opt_choice("sectored", set[O_SECTORED], yes_no, 2);
	if (set[O_SKIPG])
		c->skip_global = wt_opt_choice("skip-global", set[O_SKIPG], yes_no, 2);
	sim->flush = set[O_FLUSH] ? wt_opt_choice("flush", set[O_FLUSH], yes_no, 2) : 0;
	sim->no_warp_table = set[O_SWARPS] &&
			     !wt_opt_choice("stats-warps", set[O_SWARPS], yes_no, 2);
	if (set[O_COPS])
		c->cacheops = (enum wt_l1_cacheops)wt_opt_choice("cache-ops",
				set[O_COPS], cops_names, 3);
	if (set[O_ALLOC])
		c->alloc_on_fill = wt_opt_choice("alloc", set[O_ALLOC], alloc_names, 2);
	if (set[O_MSHR])
		c->mshr_entries = (unsigned)wt_opt_num("mshr", set[O_MSHR], 0, 4096);
	if (set[O_MERGE])
		c->mshr_merge = (unsigned)wt_opt_num("mshr-merge", set[O_MERGE], 0, 65536);
	if (set[O_PERWARP])
		c->mshr_per_warp = (unsigned)wt_opt_num("mshr-per-warp", set[O_PERWARP], 0, 4096);
	if (set[O_MISSQ])
		c->miss_queue = (unsigned)wt_opt_num("miss-queue", set[O_MISSQ], 0, 65536);
	if (set[O_HITLAT])
		c->hit_latency = (unsigned)wt_opt_num("hit-latency", set[O_HITLAT], 0, 1u << 20);
	if (set[O_MISSLAT])
		c->miss_latency = (unsigned)wt_opt_num("miss-latency", set[O_MISSLAT], 1, 1u << 24);
	if (set[O_SIGMA])
		c->sigma = wt_opt_real("sigma", set[O_SIGMA], 0, 1e6);
	if (set[O_SEED])
		c->seed = wt_opt_num("seed", set[O_SEED], 0, UINT32_MAX);
	c->geom.seed = c->seed;		/* random replacement too */
	if (set[O_MODE])
		c->mode = (enum wt_l1_mode)wt_opt_choice("mode", set[O_MODE], mode_names, 3);
	if (set[O_EVENTS])
		c->emit_all = wt_opt_choice("events", set[O_EVENTS], event_names, 2);
	if (set[O_SCHED])
		sim->su.pool = wt_opt_choice("sched", set[O_SCHED], sched_names, 2);
	if (set[O_CTAS]) {
		sim->su.pc.ctas = (unsigned)wt_opt_num("ctas", set[O_CTAS], 0, 65536);
		sim->ctas_set = 1;
	}
	if (set[O_REFILL])
		sim->su.pc.refill_set = wt_opt_choice("refill", set[O_REFILL], refill_names, 2);
	if (set[O_WDELAY])
		sim->su.pc.delay = wt_opt_choice("warp-delay", set[O_WDELAY], yes_no, 2);
	if (set[O_ICOUNT])
		sim->su.pc.icount = wt_opt_choice("icount", set[O_ICOUNT], yes_no, 2);
	if (set[O_MSHRCHK])
		sim->su.pc.mshr_instr = wt_opt_choice("mshr-check", set[O_MSHRCHK],
						   check_names, 2);
	if (set[O_RORDER])
		sim->su.pc.lane_order = wt_opt_choice("request-order", set[O_RORDER],
						   order_names, 2);
	if (set[O_EXITSLOT])
		sim->su.pc.exit_slot = wt_opt_choice("exit-slot", set[O_EXITSLOT], yes_no, 2);
	if (set[O_STORES])
		sim->su.pc.drop_stores = wt_opt_choice("stores", set[O_STORES], stores_names, 2);
	if (set[O_PENDING])
		c->pending_miss = wt_opt_choice("pending", set[O_PENDING], pending_names, 2);
	if (sim->su.pc.mshr_instr && sim->pol.flags) {
		/* the policies decide per request; the code's check knows none */
		if (set[O_MSHRCHK])
			wt_die(WT_EXIT_USAGE, "--mshr-check=instruction: Nugteren et "
			       "al.'s check, not with --policy (give "
			       "--mshr-check=request)");
		wt_warn("note: --policy: the MSHRs are checked per request "
			"(--mshr-check=request), not as Nugteren et al.'s code does");
		sim->su.pc.mshr_instr = 0;
	}
	/* the pool asked for by name, or by its options (gpusim has none) */
	sim->pool_asked = (set[O_SCHED] && sim->su.pool) || set[O_CTAS] ||
			  set[O_REFILL] || set[O_WDELAY] || set[O_ICOUNT] ||
			  set[O_MSHRCHK] || set[O_RORDER] || set[O_EXITSLOT] ||
			  set[O_STORES];
	if (wt_l1_policy_needs_pool(&sim->pol)) {
		if (set[O_SCHED] && !sim->su.pool)
			wt_die(WT_EXIT_USAGE, "--%s decides which warp issues: it "
			       "needs --sched=pool", sim->pol.warp_limit && !sim->pol.flags ?
			       "warp-limit" : "policy");
		sim->su.pool = 1;
	}
	if (!sim->su.pool && (set[O_CTAS] || set[O_REFILL] || set[O_WDELAY] || set[O_ICOUNT] ||
			   set[O_MSHRCHK] || set[O_RORDER] || set[O_EXITSLOT] ||
			   set[O_STORES]))
		wt_die(WT_EXIT_USAGE, "--ctas, --refill, --warp-delay, --icount, "
		       "--mshr-check, --request-order, --exit-slot and --stores "
		       "are for --sched=pool");
	if (c->mshr_entries > 4096)
		wt_die(WT_EXIT_USAGE, "%u MSHR entries: at most 4096", c->mshr_entries);
	if (set[O_INSERT]) {
		if (strcmp(set[O_INSERT], "mru") == 0)
			c->geom.insert = 0;
		else if (strcmp(set[O_INSERT], "lru") == 0)
			c->geom.insert = c->geom.assoc - 1;
		else
			c->geom.insert = (unsigned)wt_opt_num("insert", set[O_INSERT], 0,
							      c->geom.assoc - 1);
	}
	if (set[O_REUSE])
		reuse_option(set[O_REUSE], c);
	sim->batch = 1u << 20;
	if (set[O_BATCH])
		sim->batch = (size_t)wt_opt_num("batch", set[O_BATCH], 0, 1u << 30);
	wt_l1_geometry(&sim->su);
	sector_options(sim, set);
	unified_options(sim, set);
	c->pol = &sim->pol;
	wt_meta_free(&opts);
}


/* A header's "sms" (trace-order's), as the reader takes it: 0 if none. */
static unsigned stream_sms(const struct wt_meta *stream)
{
	const char *v = wt_meta_get(stream, "sms"), *why;
	uint64_t n;

	if (!v || wt_parse_u64(v, 65536, &n, &why) < 0)
		return 0;
	return (unsigned)n;
}

void wt_l1stage_configure(struct wt_l1stage *sim, int argc, char **argv,
			  const struct wt_meta *stream)
{
	static const int own[] = { O_STATS, O_SWARPS, O_LEVEL, O_BATCH, O_EVENTS, 0 };
	const char *set[O_NOPTS] = { 0 };
	const char *was = wt_progname();
	struct wt_stage_args a;

	wt_set_progname(argv[0]);
	wt_stage_parse_inner(argc, argv, "l1sim", wt_l1opt_longopts(), O_SIZE,
			     O_NOPTS, own, set, &a);
	memset(sim, 0, sizeof(*sim));
	wt_machine_init(&sim->machine);
	wt_opt_forget_machine();
	wt_l1stage_options(sim, &a, set, stream);
	if (stream)
		wt_l1stage_upstream(sim, stream, stream_sms(stream));
	wt_set_progname(was);
}
