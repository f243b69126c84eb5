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
#include "l1policy.h"
#include "l1setup.h"
#include "l1stats.h"
#include "progress.h"
#include "provenance.h"
#include "reuse.h"
#include "shards.h"
#include "machine.h"
#include "stageopt.h"
#include "stream.h"
#include "u64map.h"
#include "util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
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
"                          whole kernel); memory follows N, not the kernel\n"
"      --policy=LIST       L1 management: none, sbyp, dwt-cs, dwt-pric,\n"
"                          swt, ccws, mrpb, pcal, abyp, pd, apcm,\n"
"                          apcm-bypass, apcm-protect, apcm-pd, apcm-swl,\n"
"                          rand-byp;\n"
"                          comma-separated to combine (see l1sim(1))\n"
"      --warp-limit=N      active warps per scheduler (0: no limit)\n"
"      --schedulers=N      warp schedulers per SM (the machine's)\n"
"      --max-warps=N       warps per scheduler (the machine's)\n"
"      --period=N          sbyp and dwt-cs sampling period, cycles (10000)\n"
"      --sbyp-threshold=X  sbyp: miss rate that closes the L1 (0.9)\n"
"      --mpki-threshold=X  dwt-cs: L1 MPKI that starts sampling (10)\n"
"      --dwt-n=N           dwt-cs: periods over the MPKI threshold (3)\n"
"      --dwt-m=N           dwt-cs: periods of a sampling round (3)\n"
"      --kthrottle=N       ccws: a lost-locality hit's weight (8)\n"
"      --vta=N             ccws: victim tags per warp, 8-way (16)\n"
"      --mrpb-size=N       mrpb: requests in the reorder buffer (32)\n"
"      --pcal-tokens=N     pcal: warps per SM that may allocate (8)\n"
"      --abyp-threshold=N  abyp: dead evictions before a load bypasses (8)\n"
"      --pd=N              pd, apcm-pd: protecting distance in set\n"
"                          accesses (16)\n"
"      --mta=N             apcm: monitor tag array entries (32)\n"
"      --lat=N             apcm: load alias table and CAIT entries (16)\n"
"      --bypass-fraction=X rand-byp: of the loads sent around, 0 to 1 (0.5)\n"
"  -o, --output=FILE       write the event stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SIZE = 256, O_ASSOC, O_LINE, O_INDEX, O_REPL, O_INSERT, O_WRITE,
	O_WALLOC, O_ALLOC, O_MSHR, O_MERGE, O_PERWARP, O_MISSQ, O_HITLAT,
	O_MISSLAT, O_SIGMA, O_SEED, O_MODE, O_EVENTS, O_SCHED, O_STATS,
	O_LEVEL, O_CONFIG, O_CTAS, O_REFILL, O_WDELAY, O_ICOUNT, O_POLICY,
	O_WLIMIT, O_SCHEDS, O_MAXW, O_PERIOD, O_SBYPT, O_MPKIT, O_DWTN, O_DWTM,
	O_KTHR, O_VTA, O_MRPB, O_PCALT, O_ABYPT, O_PD, O_MTA, O_LAT, O_RANDF,
	O_REUSE, O_BATCH, O_SECTORED, O_SKIPG, O_COPS, O_FLUSH, O_UNIFIED, O_SHOPTS,
	O_MSHRCHK, O_PENDING, O_RORDER, O_EXITSLOT, O_STORES,
	O_NOPTS
};

/*
 * An SM's model (struct sm) and its requests and events of the batch
 * (struct sm_bucket): threads run the SMs (#pragma omp below), so each is
 * on cache lines of its own (wt_calloc_lines).
 */
struct sm {
	_Alignas(WT_CACHE_LINE) struct wt_l1 l1;
	struct wt_l1_stats past;	/* of the L1s a carve-out replaced */
	int has_past;
};

struct sm_bucket {
	_Alignas(WT_CACHE_LINE) struct wt_request *r;
	size_t n, cap;
	struct wt_l1_out out;
	size_t written;		/* out.ev[0..written-1] are written */
	size_t sorted;		/* out.ev[0..sorted-1] are in time order */
	uint64_t end;		/* pool: when the SM finished the kernel */
};

static struct {
	struct wt_writer *w;
	struct sm *sm;
	unsigned nsm;
	struct wt_l1_setup su;	/* the configuration; su.pool: --sched=pool */
	struct wt_machine machine;
	int flush;		/* --flush: invalidate the L1s at kernel ends */
	unsigned unified;	/* --unified: L1 and shared memory, KB; 0: off */
	unsigned shopt[32], nshopt;	/* --shmem-options, KB, ascending */
	unsigned base_assoc;	/* the L1 of --config and --size, whose */
	uint64_t base_size;	/* ways the carve-out multiplies */
	uint64_t kernel_l1;	/* the carve-out's L1 of this kernel, bytes */
	uint64_t *l1_sizes;	/* per kernel, with --unified */
	const char *arch;
	int ctas_set;		/* --ctas given */
	unsigned warp_size;	/* the stream's, or 0 */
	int wpc_noted;		/* said that warps per CTA are unknown */
	uint64_t start;		/* pool: the cycle the next kernel starts */
	char **names;		/* kernel names, by id */
	size_t nnames;
	struct wt_l1_policy pol;
	struct gpol {		/* the policies' states across SMs (l1hook.h) */
		const struct wt_l1_policy_ops *ops;
		void *g;
	} gpol[WT_L1_MAX_POLICIES];
	unsigned ngpol;
	int gpol_made;
	unsigned sms;		/* the stream's SMs (trace-order --sms) */
	struct choice {		/* per kernel: what the policy chose */
		unsigned swt;	/* swt: the best static limit */
		unsigned dwt;	/* dwt-cs: the limit decided, or 0 */
		unsigned rounds;	/* dwt-cs: sampling rounds */
	} *choices;
	size_t batch;		/* stream mode: requests held before a run */
	size_t held;		/* requests held now */
	uint64_t last_time;	/* of the last request read in this kernel */
	unsigned req_sector;	/* the requests' sector size (sector_size) */
	int unsorted;		/* this kernel's requests are not in time order */
	struct wt_meta meta;	/* the output header's, for the stats */
} G;

static void put(struct sm_bucket *b, const struct wt_request *r)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->r = wt_realloc(b->r, b->cap * sizeof(*b->r));
	}
	b->r[b->n++] = *r;
	if (G.req_sector)	/* a sectored L1's sectors are of another size */
		b->r[b->n - 1].sectors = (uint8_t)wt_sectors_rescale(r->sectors,
					G.req_sector, G.su.cfg.sector);
}

static void ensure_sms(unsigned n)
{
	char err[512];

	if (n <= G.nsm)
		return;
	G.sm = wt_grow_lines(G.sm, G.nsm, n - G.nsm, sizeof(*G.sm));
	for (unsigned i = G.nsm; i < n; i++)
		if (wt_l1_init(&G.sm[i].l1, &G.su.cfg, i, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	G.nsm = n;
}

/* SM s's statistics, over every L1 a carve-out gave it. */
static struct wt_l1_stats *sm_stats(unsigned s)
{
	struct sm *m = &G.sm[s];

	if (!m->has_past)
		return &m->l1.st;
	wt_l1_stats_merge(&m->past, &m->l1.st);
	wt_l1_stats_free(&m->l1.st);
	memset(&m->l1.st, 0, sizeof(m->l1.st));
	wt_rdhist_init(&m->l1.st.fa, 4096);
	wt_rdhist_init(&m->l1.st.set, 256);
	m->l1.st.first = UINT64_MAX;
	return &m->past;
}

/*
 * Threads run the SMs only when there are enough requests to share: on a
 * few thousand, waking them (and their spinning after the region, unless
 * OMP_WAIT_POLICY=passive) costs more than it saves, and small batches
 * would make a busy machine's CPU time many times a quiet one's.
 */
enum { PARALLEL_MIN = 4096 };

static size_t requests_held(const struct sm_bucket *b, unsigned nb)
{
	size_t n = 0;

	for (unsigned s = 0; s < nb; s++)
		n += b[s].n;
	return n;
}

/*
 * The adaptive L1 (--unified): at each kernel, as GPGPU-Sim's
 * shader_core_config::max_cta does at launch with
 * -gpgpu_adaptive_cache_config, the shared memory its resident CTAs need
 * (the kernel's per CTA, times the CTAs an SM holds: trace-order's
 * ctas_per_sm, or fewer where the grid does not fill the SMs) picks the
 * first carve-out of --shmem-options that holds it, and the L1 gets what
 * is left of the unified size: of the base L1's ways times unified /
 * base size, the fraction 1 - carve-out / unified, rounded to nearest.
 * The SMs' L1s are made again where that changes their ways.
 */
static void carve(const struct wt_kernel *k)
{
	uint64_t grid = wt_kernel_grid_threads(k) && wt_kernel_block_threads(k) ?
			wt_kernel_grid_threads(k) / wt_kernel_block_threads(k) : 0;
	uint64_t ctas = 0, total, unified = (uint64_t)G.unified * 1024, n;
	unsigned max_assoc, assoc, opt = G.shopt[G.nshopt - 1];
	const char *v = wt_meta_get(&k->extra, "ctas_per_sm"), *why;
	char err[512];

	if (v && wt_parse_u64(v, UINT32_MAX, &n, &why) == 0)
		ctas = n;
	if (G.sms && grid && grid < ctas * G.sms)
		ctas = (grid + G.sms - 1) / G.sms;
	total = (uint64_t)k->shmem * ctas;
	for (unsigned i = 0; i < G.nshopt; i++)
		if (total <= (uint64_t)G.shopt[i] * 1024) {
			opt = G.shopt[i];
			break;
		}
	max_assoc = (unsigned)(G.base_assoc * unified / G.base_size);
	assoc = (unsigned)((float)max_assoc * (1.0f - (float)opt * 1024 /
					      (float)unified) + 0.5f);
	if (assoc < 1)
		assoc = 1;
	G.kernel_l1 = (uint64_t)assoc * G.su.cfg.geom.sets * G.su.cfg.geom.line;
	if (assoc == G.su.cfg.geom.assoc)
		return;
	G.su.cfg.geom.assoc = assoc;
	G.su.size = (unsigned)G.kernel_l1;
	for (unsigned s = 0; s < G.nsm; s++) {
		struct sm *m = &G.sm[s];

		if (!m->has_past) {
			memset(&m->past, 0, sizeof(m->past));
			wt_rdhist_init(&m->past.fa, 4096);
			wt_rdhist_init(&m->past.set, 256);
			m->past.first = UINT64_MAX;
			m->has_past = 1;
		}
		wt_l1_stats_merge(&m->past, &m->l1.st);
		wt_l1_free(&m->l1);
		if (wt_l1_init(&m->l1, &G.su.cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	}
}

/* One SM's kernel through the warp pool, with a warp limit (0: none). */
static uint64_t run_pool(struct wt_l1 *l1, const struct wt_pool_cfg *pc,
			 const struct sm_bucket *b, struct wt_l1_out *out,
			 unsigned limit)
{
	struct wt_pool *p = wt_pool_new(l1, pc, b->r, b->n, G.start, out);

	if (limit)
		wt_pool_set_limit(p, limit);
	wt_pool_step(p, UINT64_MAX);
	return wt_pool_finish(p);
}

/*
 * Stream mode writes a batch's events on a thread of its own while the
 * main thread reads the next batch's requests: reading and writing are
 * the part of a batch that the SMs do not split, and they share nothing
 * -- the writer reads the SMs' event lists and owns the output, the
 * reader fills the request buckets.  Whatever touches the lists or the
 * output first waits for the writer (write_wait); so does wt_die, before
 * the output is aborted under the writer's feet.
 */
static struct {
	pthread_t thread;
	int running;		/* the thread is writing */
	int pending;		/* lists[0..n-1] are written or being written */
	int failed;
	struct wt_event **lists;
	size_t *counts;
	unsigned n, cap;
} W;

static void *write_lists(void *unused)
{
	(void)unused;
	W.failed = wt_events_write_merged(G.w, W.lists, W.counts, W.n) < 0;
	return NULL;
}

/* The writer is done, even if the program is dying (a wt_atdie hook). */
static void write_join(void)
{
	if (W.running) {
		pthread_join(W.thread, NULL);
		W.running = 0;
	}
}

/* The events written leave the front of their lists, in
 * wt_events_drop_written's time. */
static void write_wait(struct sm_bucket *b)
{
	write_join();
	if (W.failed)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
	if (!W.pending)
		return;
	W.pending = 0;
	for (unsigned s = 0; s < W.n; s++) {
		struct sm_bucket *k = &b[s];

		k->written += W.counts[s];
		k->out.n = (unsigned)wt_events_drop_written(k->out.ev, k->out.n,
							    &k->written);
		k->sorted = k->out.n;
	}
}

/* The SMs' events up to (not including) cycle horizon, merged by (time,
 * SM), are written, by the writer thread if async (where it can start),
 * else before the return; the later ones stay.  Each SM's list is
 * sorted. */
static void write_events(struct sm_bucket *b, unsigned nb, uint64_t horizon,
			 int async)
{
	write_wait(b);
	if (nb > W.cap) {
		W.cap = nb;
		W.lists = wt_realloc(W.lists, nb * sizeof(*W.lists));
		W.counts = wt_realloc(W.counts, nb * sizeof(*W.counts));
	}
	W.n = nb;
	for (unsigned s = 0; s < nb; s++) {
		size_t left = b[s].out.n - b[s].written;

		W.lists[s] = b[s].out.ev + b[s].written;
		W.counts[s] = horizon == UINT64_MAX ? left :
			      wt_events_before(W.lists[s], left, horizon);
	}
	W.pending = 1;
	if (async && pthread_create(&W.thread, NULL, write_lists, NULL) == 0) {
		W.running = 1;
		return;
	}
	write_lists(NULL);
	write_wait(b);
}

/*
 * The cycle before which no SM can make another event: the stream is in
 * time order (trace-order writes it so), so a later request of SM s comes
 * at or after the last time read plus the stall s has built up, and not
 * before s's clock; so does every event it makes, but the write-back of a
 * line filled on arrival (--alloc=fill), which comes at the fill's cycle:
 * not before the earliest data s still waits for.  An SM not seen yet
 * has no stall.  A stream out of time order has no such cycle.
 */
static uint64_t horizon(unsigned nb)
{
	unsigned n = G.sms > nb ? G.sms : nb;
	uint64_t h = UINT64_MAX;

	if (G.unsorted)
		return 0;
	for (unsigned s = 0; s < n; s++) {
		uint64_t t = G.last_time;

		if (s < G.nsm) {
			const struct wt_l1 *l1 = &G.sm[s].l1;

			if (l1->shift > UINT64_MAX - t)
				t = UINT64_MAX;
			else
				t += l1->shift;
			if (l1->clock > t)
				t = l1->clock;
			if (G.su.cfg.alloc_on_fill && l1->nmshr && l1->next_ready < t)
				t = l1->next_ready;
		}
		if (t < h)
			h = t;
	}
	return h;
}

/*
 * Stream mode in batches (--batch): the SMs run over the requests held so
 * far, and the events before horizon() are written.  final: the kernel
 * has ended, every event goes.
 */
static void run_batch(struct sm_bucket *b, unsigned nb, const struct wt_kernel *k,
		      int final)
{

	size_t held = requests_held(b, nb);

	write_wait(b);
	ensure_sms(nb);
	#pragma omp parallel for schedule(dynamic, 1) if (held >= PARALLEL_MIN)
	for (unsigned s = 0; s < nb; s++) {
		G.sm[s].l1.kernel = k->id;
		wt_l1_requests(&G.sm[s].l1, b[s].r, b[s].n, &b[s].out);
		b[s].n = 0;
		/* fill write-backs carry earlier cycles: put them in place;
		 * the events held from the last batch are in order already */
		wt_events_sort_tail(b[s].out.ev + b[s].written,
				    b[s].sorted - b[s].written,
				    b[s].out.n - b[s].written);
	}
	G.held = 0;
	write_events(b, nb, final ? UINT64_MAX : horizon(nb), !final);
}

/* Whether stream mode runs in batches: the pool and the policies need the
 * whole kernel at once (the warps' order, their last requests). */
static int batching(void)
{
	return G.batch && !G.su.pool && !G.pol.flags;
}

/* The policies that throttle across SMs: their states, made once. */
static void gpol_make(void)
{
	const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES];
	unsigned n = wt_l1_policy_ops_of(&G.pol, ops);

	G.gpol_made = 1;
	for (unsigned i = 0; i < n; i++)
		if (ops[i]->gpu_init) {
			G.gpol[G.ngpol].ops = ops[i];
			G.gpol[G.ngpol++].g = ops[i]->gpu_init(&G.pol);
		}
}

/* The state of the policy of ops across SMs, or NULL. */
static void *gpol_state(const struct wt_l1_policy_ops *ops)
{
	for (unsigned i = 0; i < G.ngpol; i++)
		if (G.gpol[i].ops == ops)
			return G.gpol[i].g;
	return NULL;
}

/*
 * The kernel's pools under the policies that throttle across SMs
 * (l1hook.h): a warp limit they choose before it runs (*limit, per SM),
 * or a run of theirs that sets the limits as it goes.  1 when they ran
 * it, b[s].end filled; what they chose goes in ch.
 */
static int throttle(struct sm_bucket *b, unsigned nb, const struct wt_pool_cfg *pc,
		    const struct wt_kernel *k, struct choice *ch, unsigned *limit)
{
	struct wt_l1 **l1 = wt_calloc(nb ? nb : 1, sizeof(*l1));
	const struct wt_request **r = wt_calloc(nb ? nb : 1, sizeof(*r));
	size_t *nr = wt_calloc(nb ? nb : 1, sizeof(*nr));
	struct wt_l1_out **out = wt_calloc(nb ? nb : 1, sizeof(*out));
	uint64_t *end = wt_calloc(nb ? nb : 1, sizeof(*end));
	struct wt_l1_kernel kr = {
		.n = nb, .l1 = l1, .r = r, .nr = nr, .out = out, .end = end,
		.pc = pc, .start = G.start, .name = k->name, .sms = G.sms,
		.parallel = requests_held(b, nb) >= PARALLEL_MIN,
	};
	int ran = 0;

	if (!G.gpol_made)
		gpol_make();
	for (unsigned s = 0; s < nb; s++) {
		l1[s] = &G.sm[s].l1;
		r[s] = b[s].r;
		nr[s] = b[s].n;
		out[s] = &b[s].out;
	}
	for (unsigned i = 0; i < G.ngpol; i++)
		if (G.gpol[i].ops->kernel_limit) {
			*limit = G.gpol[i].ops->kernel_limit(G.gpol[i].g, &kr);
			ch->swt = kr.limit;
		}
	for (unsigned i = 0; i < G.ngpol && !ran; i++)
		if (G.gpol[i].ops->kernel_run &&
		    (ran = G.gpol[i].ops->kernel_run(G.gpol[i].g, &kr))) {
			for (unsigned s = 0; s < nb; s++)
				b[s].end = end[s];
			ch->dwt = kr.decided;
			ch->rounds = kr.rounds;
		}
	free(l1);
	free(r);
	free(nr);
	free(out);
	free(end);
	return ran;
}

/* Simulate one kernel's requests, SM by SM in parallel, and write its
 * events in time order (then SM, then each SM's own order). */
static void run_kernel(struct sm_bucket *b, unsigned nb, const struct wt_kernel *k)
{
	unsigned ctas = G.su.pc.ctas, limit = 0;
	struct wt_pool_cfg pc = G.su.pc;
	size_t held = requests_held(b, nb);
	struct choice *ch;

	write_wait(b);
	ensure_sms(nb);
	G.choices = wt_realloc(G.choices, G.nnames * sizeof(*G.choices));
	ch = &G.choices[G.nnames - 1];
	memset(ch, 0, sizeof(*ch));
	if (G.su.pool && !G.ctas_set) {
		const char *v = wt_meta_get(&k->extra, "ctas_per_sm");
		uint64_t n;
		const char *why;

		ctas = 0;
		if (v && wt_parse_u64(v, UINT32_MAX, &n, &why) == 0)
			ctas = (unsigned)n;
	}
	pc.ctas = ctas;
	pc.pol = &G.pol;
	pc.wpc = G.warp_size && wt_kernel_block_threads(k) ?
		 (unsigned)((wt_kernel_block_threads(k) + G.warp_size - 1) / G.warp_size) : 0;
	if (G.su.pool && pc.exit_slot && !pc.wpc && !G.wpc_noted) {
		wt_warn("note: the stream gives no warp size or CTA size: --exit-slot "
			"takes in no warp without requests");
		G.wpc_noted = 1;
	}
	for (unsigned s = 0; s < nb; s++) {
		wt_l1_kernel_begin(&G.sm[s].l1, k->id, b[s].r, b[s].n);
		b[s].out.n = 0;
		b[s].written = b[s].sorted = 0;
	}
	if (!G.su.pool || !throttle(b, nb, &pc, k, ch, &limit)) {
		#pragma omp parallel for schedule(dynamic, 1) if (held >= PARALLEL_MIN)
		for (unsigned s = 0; s < nb; s++) {
			if (G.su.pool) {
				b[s].end = run_pool(&G.sm[s].l1, &pc, &b[s], &b[s].out,
						    limit);
			} else {
				wt_l1_requests(&G.sm[s].l1, b[s].r, b[s].n,
					       &b[s].out);
			}
		}
	}
	for (unsigned s = 0; s < nb; s++) {
		b[s].n = 0;
		/* fill write-backs carry earlier cycles: put them in place */
		wt_events_sort(b[s].out.ev, b[s].out.n);
	}
	/* The next kernel starts when every SM is done with this one. */
	for (unsigned s = 0; s < nb; s++)
		if (G.su.pool && b[s].end > G.start)
			G.start = b[s].end;
	write_events(b, nb, UINT64_MAX, 0);
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
		if (G.l1_sizes)
			wt_json_key_u64(j, "l1_size", G.l1_sizes[k]);
		if (G.choices && (G.pol.flags & WT_POL_SWT))
			wt_json_key_u64(j, "swt_limit", G.choices[k].swt);
		if (G.choices && (G.pol.flags & WT_POL_DWTCS)) {
			wt_json_key_u64(j, "dwt_limit", G.choices[k].dwt);
			wt_json_key_u64(j, "dwt_rounds", G.choices[k].rounds);
		}
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

/* The policy and the parameters its mechanisms use. */
static void policy_settings_json(struct wt_json *j)
{
	wt_l1_policy_settings_json(j, &G.pol, G.su.pool);
}

/* What the mechanisms did, summed over SMs. */
static void policy_json(struct wt_json *j, const struct wt_pol_stats *ps)
{
	struct wt_l1 **l1 = wt_calloc(G.nsm ? G.nsm : 1, sizeof(*l1));

	for (unsigned s = 0; s < G.nsm; s++)
		l1[s] = &G.sm[s].l1;
	wt_l1_policy_stats_json(j, &G.pol, ps, l1, G.nsm, gpol_state);
	free(l1);
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
	for (unsigned s = 0; s < G.nsm; s++) {
		struct wt_l1_stats *st = sm_stats(s);

		wt_l1_stats_merge(&tot, st);
		free(st->warps);	/* tot has them now */
		st->warps = NULL;
		st->nwarps = st->capwarps = 0;
	}
	wt_l1stats_sort(&tot);
	wt_json_stats_begin(j, "l1sim", argc, argv);
	wt_json_provenance(j, &G.meta);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, G.arch);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, G.machine.origin);
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
	wt_json_key(j, "write_allocate_policy");
	wt_json_string(j, wt_walloc_name((unsigned)c->write_allocate));
	wt_json_key(j, "sectored");
	wt_json_bool(j, c->sectored && c->mode == WT_L1_BOUNDED);
	wt_json_key_u64(j, "sector", c->sector);
	wt_json_key(j, "skip_global");
	wt_json_bool(j, c->skip_global);
	wt_json_key(j, "flush");
	wt_json_bool(j, G.flush);
	wt_json_key_u64(j, "unified", G.unified);
	wt_json_key(j, "cache_ops");
	wt_json_string(j, (const char *[]){ "hardware", "accelsim", "ignore" }[c->cacheops]);
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
		wt_json_key(j, "mshr_check");
		wt_json_string(j, G.su.pc.mshr_instr ? "instruction" : "request");
		wt_json_key(j, "request_order");
		wt_json_string(j, G.su.pc.lane_order ? "lane" : "stream");
		wt_json_key(j, "exit_slot");
		wt_json_bool(j, G.su.pc.exit_slot);
		wt_json_key(j, "stores");
		wt_json_string(j, G.su.pc.drop_stores ? "drop" : "cache");
	}
	wt_json_key(j, "pending");
	wt_json_string(j, c->pending_miss ? "miss" : "merge");
	wt_json_key(j, "reuse");
	wt_json_string(j, wt_l1_reuse_name(c->reuse));
	if (c->reuse == WT_L1_REUSE_SAMPLED) {
		wt_json_key(j, "reuse_rate");
		wt_json_double(j, c->reuse_rate);
	}
	policy_settings_json(j);
	wt_json_end_object(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_l1stats_json(j, &G.su, &tot, 1);
	if (G.pol.flags)
		policy_json(j, &tot.pol);
	wt_json_end_object(j);
	kernels_json(j, &tot);
	wt_json_key(j, "sms");
	wt_json_begin_array(j);
	for (unsigned s = 0; s < G.nsm; s++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "sm", s);
		wt_l1stats_json(j, &G.su, sm_stats(s), 0);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_l1stats_warps_json(j, &tot);
	wt_json_end_object(j);
	wt_l1_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
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
static void sector_options(const char **set)
{
	struct wt_l1_cfg *c = &G.su.cfg;
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
	if (G.pol.flags)
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

static const struct option longopts[] = {
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
	{ "period", required_argument, NULL, O_PERIOD },
	{ "sbyp-threshold", required_argument, NULL, O_SBYPT },
	{ "mpki-threshold", required_argument, NULL, O_MPKIT },
	{ "dwt-n", required_argument, NULL, O_DWTN },
	{ "dwt-m", required_argument, NULL, O_DWTM },
	{ "kthrottle", required_argument, NULL, O_KTHR },
	{ "vta", required_argument, NULL, O_VTA },
	{ "mrpb-size", required_argument, NULL, O_MRPB },
	{ "pcal-tokens", required_argument, NULL, O_PCALT },
	{ "abyp-threshold", required_argument, NULL, O_ABYPT },
	{ "pd", required_argument, NULL, O_PD },
	{ "mta", required_argument, NULL, O_MTA },
	{ "lat", required_argument, NULL, O_LAT },
	{ "bypass-fraction", required_argument, NULL, O_RANDF },
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
	{ NULL, 0, NULL, 0 },
};

/* --policy and its parameters. */
static void policy_options(const char **set)
{
	wt_l1_policy_options(&G.pol, longopts, set);
}

/* --unified and --shmem-options: the adaptive L1 (carve). */
static void unified_options(const char *const *set)
{
	const char *p = set[O_SHOPTS];

	G.unified = set[O_UNIFIED] ? (unsigned)wt_opt_num("unified", set[O_UNIFIED],
							  0, 1u << 20) : 0;
	G.base_assoc = G.su.cfg.geom.assoc;
	G.base_size = G.su.size;
	G.nshopt = 0;
	if (!G.unified) {
		/* the machine's carve-outs stay unused with --unified=0 */
		if (p && !wt_opt_whence(p)[0])
			wt_die(WT_EXIT_USAGE, "--shmem-options=%s: only with an "
			       "adaptive L1 (--unified=KB, not 0)", p);
		return;
	}
	if (!p)
		wt_die(WT_EXIT_USAGE, "--unified=%u needs --shmem-options (the shared "
		       "memory carve-outs, KB)", G.unified);
	while (*p) {
		char num[32];
		size_t n = strcspn(p, ",");

		if (n == 0 || n >= sizeof(num) || G.nshopt == 32)
			goto bad;
		memcpy(num, p, n);
		num[n] = 0;
		G.shopt[G.nshopt] = (unsigned)wt_opt_num("shmem-options", num, 0,
							 G.unified);
		if (G.nshopt && G.shopt[G.nshopt] <= G.shopt[G.nshopt - 1])
			goto bad;
		G.nshopt++;
		p += n + (p[n] == ',');
	}
	if (!G.nshopt)
		goto bad;
	if (((uint64_t)G.unified * 1024) % G.base_size)
		wt_die(WT_EXIT_USAGE, "--unified=%u: not a multiple of the %llu-byte "
		       "L1 it takes its ways from (GPGPU-Sim asserts it is)",
		       G.unified, (unsigned long long)G.base_size);
	if ((uint64_t)G.base_assoc * G.unified * 1024 / G.base_size > WT_CACHE_MAX_ASSOC)
		wt_die(WT_EXIT_USAGE, "--unified=%u: %llu ways of the %llu-byte, "
		       "%u-way L1; at most %u", G.unified,
		       (unsigned long long)((uint64_t)G.base_assoc * G.unified * 1024 /
					    G.base_size),
		       (unsigned long long)G.base_size, G.base_assoc,
		       (unsigned)WT_CACHE_MAX_ASSOC);
	if (G.pol.flags)
		wt_die(WT_EXIT_USAGE, "--unified: the management policies are "
		       "modelled on one L1 for the whole run");
	return;
bad:
	wt_die(WT_EXIT_USAGE, "--shmem-options=%s: expected up to 32 sizes in "
	       "KB, ascending, comma-separated, none above --unified",
	       set[O_SHOPTS]);
}

/*
 * The configuration: the machine's L1 (stageopt.h) for every option the
 * command line does not give (explicit[]), then the options.  The
 * requests' line size is a fact of the stream (coalesce's line_size): an
 * L1 line given otherwise is a usage error unless --override, and the
 * machine's gives way to it.  stream: the input's metadata, or NULL
 * before it is read.
 */
static void configure(const struct wt_stage_args *a, const char *const *explicit,
		      const struct wt_meta *stream, const struct option *lopts)
{
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
	struct wt_l1_cfg *c = &G.su.cfg;
	const char *line = stream ? wt_meta_get(stream, "line_size") : NULL;
	const char *ws = stream ? wt_meta_get(stream, "warp_size") : NULL;
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("l1sim", a, stream, &G.machine, &opts);
	G.arch = G.machine.name;
	if (ws) {
		uint64_t v;
		const char *why;

		if (wt_parse_u64(ws, WT_MAX_LANES, &v, &why) == 0)
			G.warp_size = (unsigned)v;
	}
	wt_stage_defaults(lopts, set, &opts);
	if (line && explicit[O_LINE])
		wt_stage_agree("line", explicit[O_LINE], line,
			       "its requests (coalesce's line_size)", a->override);
	else if (line)
		set[O_LINE] = line;
	/* The preset first, then --config, then every other option. */
	wt_l1_preset(strcmp(wt_machine_get(&G.machine, "wt_l1_model"),
			    "nugteren") == 0 ? "nugteren" : "fermi", &G.su);
	if (set[O_CONFIG])
		wt_l1_apply_config(set[O_CONFIG], &G.su);
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
	policy_options(set);
	wt_l1_options(&G.su, set[O_SIZE], set[O_ASSOC], WT_CACHE_MAX_ASSOC,
		      set[O_LINE], set[O_INDEX] ? set[O_INDEX] :
		      set[O_POLICY] && wt_l1_policy_wants_pric(set[O_POLICY]) ?
		      "ipoly" : NULL);
	/* the machine's index, neither given nor in a --config given */
	G.su.index_follows = !set[O_INDEX] && !explicit[O_CONFIG] &&
			     !(set[O_POLICY] && wt_l1_policy_wants_pric(set[O_POLICY]));
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
	G.flush = set[O_FLUSH] ? wt_opt_choice("flush", set[O_FLUSH], yes_no, 2) : 0;
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
	if (set[O_MSHRCHK])
		G.su.pc.mshr_instr = wt_opt_choice("mshr-check", set[O_MSHRCHK],
						   check_names, 2);
	if (set[O_RORDER])
		G.su.pc.lane_order = wt_opt_choice("request-order", set[O_RORDER],
						   order_names, 2);
	if (set[O_EXITSLOT])
		G.su.pc.exit_slot = wt_opt_choice("exit-slot", set[O_EXITSLOT], yes_no, 2);
	if (set[O_STORES])
		G.su.pc.drop_stores = wt_opt_choice("stores", set[O_STORES], stores_names, 2);
	if (set[O_PENDING])
		c->pending_miss = wt_opt_choice("pending", set[O_PENDING], pending_names, 2);
	if (G.su.pc.mshr_instr && G.pol.flags) {
		/* the policies decide per request; the code's check knows none */
		if (set[O_MSHRCHK])
			wt_die(WT_EXIT_USAGE, "--mshr-check=instruction: Nugteren et "
			       "al.'s check, not with --policy (give "
			       "--mshr-check=request)");
		wt_warn("note: --policy: the MSHRs are checked per request "
			"(--mshr-check=request), not as Nugteren et al.'s code does");
		G.su.pc.mshr_instr = 0;
	}
	if ((G.pol.flags & WT_POL_ISSUE) || G.pol.warp_limit) {
		if (set[O_SCHED] && !G.su.pool)
			wt_die(WT_EXIT_USAGE, "--%s decides which warp issues: it "
			       "needs --sched=pool", G.pol.warp_limit && !G.pol.flags ?
			       "warp-limit" : "policy");
		G.su.pool = 1;
	}
	if (!G.su.pool && (set[O_CTAS] || set[O_REFILL] || set[O_WDELAY] || set[O_ICOUNT] ||
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
	G.batch = 1u << 20;
	if (set[O_BATCH])
		G.batch = (size_t)wt_opt_num("batch", set[O_BATCH], 0, 1u << 30);
	wt_l1_geometry(&G.su);
	sector_options(set);
	unified_options(set);
	c->pol = &G.pol;
	wt_meta_free(&opts);
}

/* configure as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	configure(c->args, c->set, stream, longopts);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
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
	wt_big_blocks_mapped();
	wt_stage_parse(argc, argv, "l1sim", usage, longopts, O_SIZE, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&G.machine);

	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);
	c->no_warp_stats = !stats;	/* only --stats shows them */

	wt_kernel_init(&kern);
	r = wt_stage_input(&args, WT_KIND_REQUEST, "run coalesce first", configure_cb, &cmd);
	c->no_warp_stats = !stats;
	G.sms = wt_reader_sms(r);
	if (c->sectored && c->mode == WT_L1_BOUNDED) {
		const char *v = wt_meta_get(&wt_reader_header(r)->meta, "sector_size");
		uint64_t n;
		const char *why;

		if (v && wt_parse_u64(v, 4096, &n, &why) == 0 && n && n != c->sector)
			G.req_sector = (unsigned)n;
	}
	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&G.machine, &h.meta);
	wt_meta_set(&h.meta, "l1_size", wt_snprintf(err, sizeof(err), "%u", G.su.size));
	wt_meta_set(&h.meta, "l1_line", wt_snprintf(err, sizeof(err), "%u", c->geom.line));
	wt_meta_set(&h.meta, "l1_index", c->ix.name);
	wt_meta_set(&h.meta, "l1_mode", wt_l1_mode_name(c->mode));
	/* the L1 timing model, for report: runs downstream compare only
	 * over one (provenance.h) */
	wt_meta_set(&h.meta, "l1_sched", G.su.pool ? "pool" : "stream");
	if (c->sectored && c->mode == WT_L1_BOUNDED) {
		/* l2sim: misses fetch their sectors, of this size */
		wt_meta_set(&h.meta, "l1_sectored", "yes");
		wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
								c->sector));
	}
	G.w = wt_output_open(output, &h, level);
	wt_atdie(write_join);
	wt_meta_init(&G.meta);
	wt_meta_copy(&G.meta, &h.meta);
	wt_header_free(&h);

	while (wt_reader_next(r, &it) > 0) {
		const struct wt_request *q = it.recs;

		switch (it.type) {
		case WT_ITEM_KERNEL:
			write_wait(b);
			wt_kernel_free(&kern);
			wt_kernel_copy(&kern, it.kernel);
			G.names = wt_realloc(G.names, (G.nnames + 1) * sizeof(*G.names));
			G.names[G.nnames++] = wt_strdup(kern.name ? kern.name : "");
			if (G.unified) {
				carve(&kern);
				G.l1_sizes = wt_realloc(G.l1_sizes, G.nnames *
							sizeof(*G.l1_sizes));
				G.l1_sizes[G.nnames - 1] = G.kernel_l1;
			}
			if (wt_writer_kernel_begin(G.w, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				unsigned s = q[i].sm;

				if (s >= nb) {
					if (wt_reader_sms(r) && s >= wt_reader_sms(r))
						wt_reader_die_sm(r, it.first + i, s);
					b = wt_grow_lines(b, nb, s + 1 - nb, sizeof(*b));
					nb = s + 1;
				}
				put(&b[s], &q[i]);
				G.unsorted |= q[i].time < G.last_time;
				G.last_time = q[i].time;
				if (batching() && ++G.held >= G.batch)
					run_batch(b, nb, &kern, 0);
			}
			wt_progress(wt_reader_name(r), it.first + it.count);
			break;
		case WT_ITEM_KERNEL_END:
			if (batching())
				run_batch(b, nb, &kern, 1);
			else
				run_kernel(b, nb, &kern);
			if (G.flush)
				for (unsigned s = 0; s < G.nsm; s++)
					wt_l1_flush_at(&G.sm[s].l1,
						       G.su.pool ? G.start : 0);
			G.last_time = 0;
			G.unsorted = 0;
			if (wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	write_wait(b);
	wt_progress_done(wt_reader_name(r), wt_reader_records(r));
	wt_reader_close(r);
	wt_output_close();
	free(W.lists);
	free(W.counts);
	for (unsigned s = 0; s < nb; s++) {
		free(b[s].r);
		free(b[s].out.ev);
	}
	free(b);
	for (unsigned s = 0; s < G.nsm; s++)
		wt_l1_drop_reuse(&G.sm[s].l1);
	if (stats)
		write_stats(stats, argc, argv);
	wt_kernel_free(&kern);
	for (size_t k = 0; k < G.nnames; k++)
		free(G.names[k]);
	free(G.names);
	for (unsigned s = 0; s < G.nsm; s++) {
		wt_l1_free(&G.sm[s].l1);
		if (G.sm[s].has_past)
			wt_l1_stats_free(&G.sm[s].past);
	}
	free(G.sm);
	free(G.choices);
	for (unsigned i = 0; i < G.ngpol; i++)
		if (G.gpol[i].ops->gpu_free)
			G.gpol[i].ops->gpu_free(G.gpol[i].g);
	wt_machine_free(&G.machine);
	return WT_EXIT_OK;
}
