/*
 * l1sim - the per-SM L1 data caches: requests in, L1 outcomes out (the
 * misses, bypasses and write traffic that go on to L2), with hit and miss
 * statistics, miss classes, reservation fails and reuse distances.
 */
#include "cacheindex.h"
#include "events.h"
#include "json.h"
#include "output.h"
#include "l1model.h"
#include "l1pool.h"
#include "l1setup.h"
#include "reuse.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: l1sim [options] [FILE]\n"
"Simulate the L1 data cache of every SM on a stream of memory requests\n"
"(from coalesce).  Writes the L1 outcomes that go on to L2 (misses,\n"
"bypasses, write-throughs, write-backs) as event records.  No FILE, or -,\n"
"reads stdin.\n"
"\n"
"  -a, --arch=NAME         preset: fermi (default) or nugteren (the model\n"
"                          of Nugteren et al., HPCA 2014)\n"
"      --config=STRING     a GPGPU-Sim cache configuration, e.g. the GTX 480\n"
"                          L1 N:32:128:4,L:L:m:N:H,S:64:8,8; applied after\n"
"                          the preset, before the options below\n"
"      --size=N            capacity in bytes (K, M suffixes)\n"
"      --assoc=N           ways per set\n"
"      --line=N            line size in bytes\n"
"      --index=SPEC        linear, xor, fermi, ipoly, ipolyNN, matrix:FILE\n"
"      --repl=P            lru, fifo or random\n"
"      --insert=POS        mru, lru, or a recency position 0..assoc-1\n"
"      --write=P           write-back, write-through, write-evict or\n"
"                          local-write-back (global write-evict)\n"
"      --write-allocate=B  yes or no\n"
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
"  -o, --output=FILE       write the event stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for none\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SIZE = 256, O_ASSOC, O_LINE, O_INDEX, O_REPL, O_INSERT, O_WRITE,
	O_WALLOC, O_ALLOC, O_MSHR, O_MERGE, O_PERWARP, O_MISSQ, O_HITLAT,
	O_MISSLAT, O_SIGMA, O_SEED, O_MODE, O_EVENTS, O_SCHED, O_STATS,
	O_LEVEL, O_CONFIG, O_CTAS, O_REFILL, O_WDELAY, O_ICOUNT, O_NOPTS
};

struct sm_bucket {
	struct wt_request *r;
	size_t n, cap;
	struct wt_l1_out out;
	uint64_t end;		/* pool: when the SM finished the kernel */
};

static struct {
	struct wt_writer *w;
	struct wt_l1 *l1;
	unsigned nsm;
	struct wt_l1_setup su;	/* the configuration; su.pool: --sched=pool */
	const char *arch;
	int ctas_set;		/* --ctas given */
	uint64_t start;		/* pool: the cycle the next kernel starts */
	char **names;		/* kernel names, by id */
	size_t nnames;
} G;

static void put(struct sm_bucket *b, const struct wt_request *r)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->r = wt_realloc(b->r, b->cap * sizeof(*b->r));
	}
	b->r[b->n++] = *r;
}

static void ensure_sms(unsigned n)
{
	char err[512];

	if (n <= G.nsm)
		return;
	G.l1 = wt_realloc(G.l1, n * sizeof(*G.l1));
	for (unsigned i = G.nsm; i < n; i++)
		if (wt_l1_init(&G.l1[i], &G.su.cfg, i, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	G.nsm = n;
}

/* Simulate one kernel's requests, SM by SM in parallel, and write its
 * events in time order (then SM, then each SM's own order). */
static void run_kernel(struct sm_bucket *b, unsigned nb, const struct wt_kernel *k)
{
	struct wt_event **lists;
	size_t *counts;
	unsigned ctas = G.su.pc.ctas;
	struct wt_pool_cfg pc = G.su.pc;

	ensure_sms(nb);
	if (G.su.pool && !G.ctas_set) {
		const char *v = wt_meta_get(&k->extra, "ctas_per_sm");
		uint64_t n;
		const char *why;

		ctas = 0;
		if (v && wt_parse_u64(v, UINT32_MAX, &n, &why) == 0)
			ctas = (unsigned)n;
	}
	pc.ctas = ctas;
	#pragma omp parallel for schedule(dynamic, 1)
	for (unsigned s = 0; s < nb; s++) {
		G.l1[s].kernel = k->id;
		b[s].out.n = 0;
		if (G.su.pool) {
			b[s].end = wt_pool_run(&G.l1[s], &pc, b[s].r, b[s].n, G.start,
					       &b[s].out);
		} else {
			for (size_t i = 0; i < b[s].n; i++)
				wt_l1_request(&G.l1[s], &b[s].r[i], &b[s].out);
		}
		b[s].n = 0;
		/* fill write-backs carry earlier cycles: put them in place */
		wt_events_sort(b[s].out.ev, b[s].out.n);
	}
	/* The next kernel starts when every SM is done with this one. */
	for (unsigned s = 0; s < nb; s++)
		if (G.su.pool && b[s].end > G.start)
			G.start = b[s].end;
	/* Merge the SMs' events by (time, SM). */
	lists = wt_calloc(nb ? nb : 1, sizeof(*lists));
	counts = wt_calloc(nb ? nb : 1, sizeof(*counts));
	for (unsigned s = 0; s < nb; s++) {
		lists[s] = b[s].out.ev;
		counts[s] = b[s].out.n;
	}
	if (wt_events_write_merged(G.w, lists, counts, nb) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
	free(lists);
	free(counts);
}

static void hist_json(struct wt_json *j, const char *key, const struct wt_rdhist *h,
		      uint64_t cutoff)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "cutoff", cutoff);
	wt_json_key_u64(j, "accesses", h->total);
	wt_json_key_u64(j, "infinite", h->inf);
	wt_json_key_u64(j, "below_cutoff", wt_rdhist_below(h, cutoff));
	wt_json_key(j, "bins");
	wt_json_begin_array(j);
	for (size_t i = 0; i < h->nbins; i++) {
		uint64_t lo, hi;

		if (!h->bins[i])
			continue;
		wt_rdhist_bin_range(h, i, &lo, &hi);
		wt_json_begin_array(j);
		wt_json_u64(j, lo);
		wt_json_u64(j, hi);
		wt_json_u64(j, h->bins[i]);
		wt_json_end_array(j);
	}
	wt_json_end_array(j);
	wt_json_end_object(j);
}

static void stats_json(struct wt_json *j, const struct wt_l1_stats *s, int pcs)
{
	uint64_t cycles = s->last >= s->first && s->requests ? s->last - s->first + 1 : 0;

	wt_json_key_u64(j, "requests", s->requests);
	wt_json_key_u64(j, "loads", s->loads);
	wt_json_key_u64(j, "stores", s->stores);
	wt_json_key_u64(j, "atomics", s->atomics);
	wt_json_key_u64(j, "hits", s->hits);
	wt_json_key_u64(j, "misses", s->misses);
	wt_json_key_ratio(j, "miss_rate", s->misses, s->hits + s->misses);
	wt_json_key_ratio(j, "miss_rate_without_latency",
			  s->misses - s->miss_class[WT_MISS_LATENCY], s->hits + s->misses);
	wt_json_key_u64(j, "store_hits", s->store_hits);
	wt_json_key_u64(j, "store_misses", s->store_misses);
	wt_json_key(j, "miss_classes");
	wt_json_begin_object(j);
	for (int c = WT_MISS_COMPULSORY; c <= WT_MISS_MAX; c++)
		wt_json_key_u64(j, wt_miss_class_name((unsigned)c), s->miss_class[c]);
	wt_json_end_object(j);
	wt_json_key_u64(j, "merged", s->merged);
	wt_json_key_u64(j, "bypasses", s->bypasses);
	wt_json_key_u64(j, "write_throughs", s->write_throughs);
	wt_json_key_u64(j, "write_backs", s->write_backs);
	wt_json_key(j, "reservation_fails");
	wt_json_begin_object(j);
	for (int f = 0; f < WT_FAIL_MAX; f++)
		wt_json_key_u64(j, wt_fail_name((unsigned)f), s->fails[f]);
	wt_json_end_object(j);
	{
		uint64_t fails = 0;

		for (int f = 0; f < WT_FAIL_MAX; f++)
			fails += s->fails[f];
		wt_json_key(j, "reservation_fails_per_kilocycle");
		wt_json_double(j, cycles ? 1000.0 * (double)fails / (double)cycles : 0);
	}
	wt_json_key_u64(j, "stall_cycles", s->stall_cycles);
	wt_json_key_u64(j, "idle_cycles", s->idle_cycles);
	wt_json_key_u64(j, "instructions", s->instructions);
	wt_json_key_u64(j, "cycles", cycles);
	wt_json_key_ratio(j, "ipc", s->instructions, cycles);
	wt_json_key(j, "mpki");
	wt_json_double(j, s->instructions ? 1000.0 * (double)s->misses /
		       (double)s->instructions : 0);
	hist_json(j, "reuse_fully_associative", &s->fa,
		  (uint64_t)G.su.cfg.geom.sets * G.su.cfg.geom.assoc);
	hist_json(j, "reuse_in_set", &s->set, G.su.cfg.geom.assoc);
	if (pcs) {
		wt_json_key(j, "pcs");
		wt_json_begin_array(j);
		for (size_t i = 0; i < s->npcs; i++) {
			char buf[16];

			wt_json_begin_object(j);
			wt_json_key(j, "pc");
			wt_json_string(j, wt_snprintf(buf, sizeof(buf), "0x%x", s->pcs[i].pc));
			wt_json_key_u64(j, "loads", s->pcs[i].accesses);
			wt_json_key_u64(j, "hits", s->pcs[i].hits);
			wt_json_key_u64(j, "misses", s->pcs[i].misses);
			wt_json_key_ratio(j, "miss_rate", s->pcs[i].misses,
					  s->pcs[i].hits + s->pcs[i].misses);
			wt_json_end_object(j);
		}
		wt_json_end_array(j);
	}
}

static int by_pc(const void *a, const void *b)
{
	const struct wt_pc_stats *x = a, *y = b;

	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static int by_kernel_warp(const void *a, const void *b)
{
	const struct wt_warp_stats *x = a, *y = b;

	if (x->kernel != y->kernel)
		return x->kernel < y->kernel ? -1 : 1;
	return x->warp < y->warp ? -1 : x->warp > y->warp;
}

static void warps_json(struct wt_json *j, const struct wt_l1_stats *s)
{
	wt_json_key(j, "warps");
	wt_json_begin_array(j);
	for (size_t i = 0; i < s->nwarps; i++) {
		const struct wt_warp_stats *w = &s->warps[i];

		wt_json_begin_object(j);
		wt_json_key_u64(j, "kernel", w->kernel);
		wt_json_key_u64(j, "warp", w->warp);
		wt_json_key_u64(j, "cta", w->cta);
		wt_json_key_u64(j, "sm", w->sm);
		wt_json_key_u64(j, "instructions", w->instructions);
		wt_json_key_u64(j, "memory_instructions", w->mem_instructions);
		wt_json_key_u64(j, "requests", w->requests);
		wt_json_key_u64(j, "loads", w->loads);
		wt_json_key_u64(j, "hits", w->hits);
		wt_json_key_u64(j, "misses", w->misses);
		wt_json_key_ratio(j, "miss_rate", w->misses, w->hits + w->misses);
		wt_json_key_u64(j, "reservation_fails", w->fails);
		if (w->requests) {
			wt_json_key_u64(j, "first", w->first);
			wt_json_key_u64(j, "last", w->last);
		}
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

/* Loads, hits and misses of each kernel, from its warps: what a profiler
 * reports per kernel (report --compare). */
static void kernels_json(struct wt_json *j, const struct wt_l1_stats *s)
{
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t k = 0; k < G.nnames; k++) {
		uint64_t loads = 0, hits = 0, misses = 0;

		for (size_t i = 0; i < s->nwarps; i++)
			if (s->warps[i].kernel == k) {
				loads += s->warps[i].loads;
				hits += s->warps[i].hits;
				misses += s->warps[i].misses;
			}
		wt_json_begin_object(j);
		wt_json_key_u64(j, "id", k);
		wt_json_key(j, "name");
		wt_json_string(j, G.names[k]);
		wt_json_key_u64(j, "loads", loads);
		wt_json_key_u64(j, "hits", hits);
		wt_json_key_u64(j, "misses", misses);
		wt_json_key_ratio(j, "miss_rate", (double)misses, (double)(hits + misses));
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

static void write_stats(const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_l1_stats tot;
	const struct wt_l1_cfg *c = &G.su.cfg;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	memset(&tot, 0, sizeof(tot));
	tot.first = UINT64_MAX;
	wt_rdhist_init(&tot.fa, 4096);
	wt_rdhist_init(&tot.set, 256);
	for (unsigned s = 0; s < G.nsm; s++)
		wt_l1_stats_merge(&tot, &G.l1[s].st);
	if (tot.npcs)
		qsort(tot.pcs, tot.npcs, sizeof(*tot.pcs), by_pc);
	if (tot.nwarps)
		qsort(tot.warps, tot.nwarps, sizeof(*tot.warps), by_kernel_warp);
	wt_json_stats_begin(j, "l1sim", argc, argv);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, G.arch);
	wt_json_key_u64(j, "size", (uint64_t)c->geom.sets * c->geom.assoc * c->geom.line);
	wt_json_key_u64(j, "sets", c->geom.sets);
	wt_json_key_u64(j, "assoc", c->geom.assoc);
	wt_json_key_u64(j, "line", c->geom.line);
	wt_json_key(j, "index");
	wt_json_string(j, c->ix.name);
	wt_json_key(j, "replacement");
	wt_json_string(j, (const char *[]){ "lru", "fifo", "random" }[c->geom.repl]);
	wt_json_key_u64(j, "insert", c->geom.insert);
	wt_json_key(j, "write");
	wt_json_string(j, wt_write_policy_name(c->write));
	wt_json_key(j, "write_allocate");
	wt_json_bool(j, c->write_allocate);
	wt_json_key(j, "alloc");
	wt_json_string(j, c->alloc_on_fill ? "fill" : "miss");
	wt_json_key_u64(j, "mshr", c->mshr_entries);
	wt_json_key_u64(j, "mshr_merge", c->mshr_merge);
	wt_json_key_u64(j, "mshr_per_warp", c->mshr_per_warp);
	wt_json_key_u64(j, "miss_queue", c->miss_queue);
	wt_json_key_u64(j, "hit_latency", c->hit_latency);
	wt_json_key_u64(j, "miss_latency", c->miss_latency);
	wt_json_key(j, "sigma");
	wt_json_double(j, c->sigma);
	wt_json_key_u64(j, "seed", c->seed);
	wt_json_key(j, "mode");
	wt_json_string(j, wt_l1_mode_name(c->mode));
	wt_json_key(j, "events");
	wt_json_string(j, c->emit_all ? "all" : "misses");
	wt_json_key(j, "sched");
	wt_json_string(j, G.su.pool ? "pool" : "stream");
	if (G.su.pool) {
		wt_json_key(j, "ctas");
		if (G.ctas_set)
			wt_json_u64(j, G.su.pc.ctas);
		else
			wt_json_string(j, "ctas_per_sm");
		wt_json_key(j, "refill");
		wt_json_string(j, G.su.pc.refill_set ? "set" : "cta");
		wt_json_key(j, "warp_delay");
		wt_json_bool(j, G.su.pc.delay);
		wt_json_key(j, "icount");
		wt_json_bool(j, G.su.pc.icount);
	}
	wt_json_end_object(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	stats_json(j, &tot, 1);
	wt_json_end_object(j);
	kernels_json(j, &tot);
	wt_json_key(j, "sms");
	wt_json_begin_array(j);
	for (unsigned s = 0; s < G.nsm; s++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "sm", s);
		stats_json(j, &G.l1[s].st, 0);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	warps_json(j, &tot);
	wt_json_end_object(j);
	wt_l1_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "arch", required_argument, NULL, 'a' },
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
		{ "output", required_argument, NULL, 'o' },
		{ "stats", required_argument, NULL, O_STATS },
		{ "level", required_argument, NULL, O_LEVEL },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const repl_names[] = { "lru", "fifo", "random" };
	static const char *const write_names[] = {
		"write-back", "write-through", "write-evict", "local-write-back"
	};
	static const char *const yes_no[] = { "no", "yes" };
	static const char *const alloc_names[] = { "miss", "fill" };
	static const char *const mode_names[] = { "bounded", "unbounded", "bypass" };
	static const char *const event_names[] = { "misses", "all" };
	static const char *const sched_names[] = { "stream", "pool" };
	static const char *const refill_names[] = { "cta", "set" };
	const char *set[O_NOPTS] = { 0 };
	const char *output, *input, *stats;
	struct wt_stage_args args;
	struct wt_l1_cfg *c = &G.su.cfg;
	struct sm_bucket *b = NULL;
	unsigned nb = 0;
	struct wt_reader *r;
	struct wt_header h;
	struct wt_item it;
	struct wt_kernel kern;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "l1sim", usage, longopts, O_SIZE, O_NOPTS,
		       set, &args);
	G.arch = args.arch;
	output = args.output;
	input = args.input;

	/* The preset first, then --config, then every other option. */
	wt_l1_preset(G.arch, &G.su);
	if (set[O_CONFIG])
		wt_l1_apply_config(set[O_CONFIG], &G.su);
	wt_l1_options(&G.su, set[O_SIZE], set[O_ASSOC], 255, set[O_LINE],
		      set[O_INDEX]);
	if (set[O_REPL])
		c->geom.repl = (enum wt_repl)wt_opt_choice("repl", set[O_REPL], repl_names, 3);
	if (set[O_WRITE])
		c->write = (enum wt_write_policy)wt_opt_choice("write", set[O_WRITE],
							       write_names, 4);
	if (set[O_WALLOC])
		c->write_allocate = wt_opt_choice("write-allocate", set[O_WALLOC], yes_no, 2);
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
		G.su.pool = wt_opt_choice("sched", set[O_SCHED], sched_names, 2);
	if (set[O_CTAS]) {
		G.su.pc.ctas = (unsigned)wt_opt_num("ctas", set[O_CTAS], 0, 65536);
		G.ctas_set = 1;
	}
	if (set[O_REFILL])
		G.su.pc.refill_set = wt_opt_choice("refill", set[O_REFILL], refill_names, 2);
	if (set[O_WDELAY])
		G.su.pc.delay = wt_opt_choice("warp-delay", set[O_WDELAY], yes_no, 2);
	if (set[O_ICOUNT])
		G.su.pc.icount = wt_opt_choice("icount", set[O_ICOUNT], yes_no, 2);
	if (!G.su.pool && (set[O_CTAS] || set[O_REFILL] || set[O_WDELAY] || set[O_ICOUNT]))
		wt_die(WT_EXIT_USAGE, "--ctas, --refill, --warp-delay and --icount "
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
	wt_l1_geometry(&G.su);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level();
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	wt_kernel_init(&kern);
	r = wt_reader_open(input, err, sizeof(err));
	if (!r)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (wt_reader_expect(r, WT_KIND_REQUEST, "run coalesce first") < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_meta_set(&h.meta, "l1_size", wt_snprintf(err, sizeof(err), "%u", G.su.size));
	wt_meta_set(&h.meta, "l1_line", wt_snprintf(err, sizeof(err), "%u", c->geom.line));
	wt_meta_set(&h.meta, "l1_index", c->ix.name);
	wt_meta_set(&h.meta, "l1_mode", wt_l1_mode_name(c->mode));
	G.w = wt_output_open(output, &h, level);
	wt_header_free(&h);

	while (wt_reader_next(r, &it) > 0) {
		const struct wt_request *q = it.recs;

		switch (it.type) {
		case WT_ITEM_KERNEL:
			wt_kernel_free(&kern);
			wt_kernel_copy(&kern, it.kernel);
			G.names = wt_realloc(G.names, (G.nnames + 1) * sizeof(*G.names));
			G.names[G.nnames++] = wt_strdup(kern.name ? kern.name : "");
			if (wt_writer_kernel_begin(G.w, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				unsigned s = q[i].sm;

				if (s >= nb) {
					b = wt_realloc(b, (s + 1) * sizeof(*b));
					memset(b + nb, 0, (s + 1 - nb) * sizeof(*b));
					nb = s + 1;
				}
				put(&b[s], &q[i]);
			}
			break;
		case WT_ITEM_KERNEL_END:
			run_kernel(b, nb, &kern);
			if (wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	wt_reader_close(r);
	wt_output_close();
	if (stats)
		write_stats(stats, argc, argv);
	for (unsigned s = 0; s < nb; s++) {
		free(b[s].r);
		free(b[s].out.ev);
	}
	free(b);
	wt_kernel_free(&kern);
	for (size_t k = 0; k < G.nnames; k++)
		free(G.names[k]);
	free(G.names);
	for (unsigned s = 0; s < G.nsm; s++)
		wt_l1_free(&G.l1[s]);
	free(G.l1);
	return WT_EXIT_OK;
}
