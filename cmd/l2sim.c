/*
 * l2sim - the shared L2, split into memory partitions with ports, banks
 * and request queues: L1 events in, L2 outcomes out (the misses and write
 * traffic that go on to DRAM), with hit ratios per partition, PC, warp
 * and warp instruction, queueing delays and MeDiC's inter-bank divergence
 * penalty.
 */
#include "cachecfg.h"
#include "cacheindex.h"
#include "events.h"
#include "json.h"
#include "l2instr.h"
#include "l2model.h"
#include "l2policy.h"
#include "output.h"
#include "partition.h"
#include "progress.h"
#include "provenance.h"
#include "spill.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
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
"                          a temporary file in $TMPDIR (default 64M)\n"
"      --medic=LIST        MeDiC's L2 components: wbyp (warp-type-aware\n"
"                          bypassing), wip (warp-type-aware insertion),\n"
"                          all, or none; its scheduler is dramsim\n"
"                          --sched=medic.  --medic, --bypass, --eaf and\n"
"                          --pcal need a line L2 (--sectored=no) with\n"
"                          --write-allocate=yes or no\n"
"      --medic-reset=N     cycles between warp-type resets (100000); also\n"
"                          the period of Rand, PC-Byp and PCAL\n"
"      --medic-profile=N   lookups profiled after a reset (30)\n"
"      --medic-step=P      mostly-miss boundary tuning step, percent (5)\n"
"      --bypass=B          MeDiC's comparison points: rand:F (a fraction F\n"
"                          of the warps bypass, drawn each period) or pc\n"
"                          (PC-Byp: loads of mostly-miss PCs bypass); or\n"
"                          streaming (Khairy et al.: a partition whose\n"
"                          load miss rate in a period is above the\n"
"                          threshold sends its loads around itself)\n"
"      --sbyp-period=N     cycles of a streaming-bypass period (10000)\n"
"      --sbyp-threshold=X  load miss rate above which a partition closes,\n"
"                          0 to 1 (0.9)\n"
"      --eaf               insertion by an evicted-address filter (EAF)\n"
"      --pcal=N            PCAL: N tokens a period; a warp without one\n"
"                          does not allocate on a miss\n"
"      --seed=N            seed of Rand's draws (1)\n"
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

enum {
	O_CONFIG = 256, O_PARTS, O_MAP, O_INTERLEAVE, O_SIZE, O_ASSOC, O_LINE,
	O_INDEX, O_REPL, O_WRITE, O_WALLOC, O_BANKS, O_PORTS, O_BANKQ,
	O_BANKCYC, O_TAGLAT, O_ICNT, O_MSHR, O_MERGE, O_MISSLAT, O_DISABLE,
	O_EVENTS, O_STATS, O_LEVEL, O_MEDIC, O_MRESET, O_MPROFILE, O_MSTEP,
	O_BYPASS, O_EAF, O_PCAL, O_SEED, O_SBYPP, O_SBYPT, O_BATCH,
	O_SPILL, O_SUB, O_PIDX, O_SECTORED, O_MEMCPY, O_NOPTS
};

struct req {
	struct wt_event ev;
	uint64_t local, arrival;
	uint32_t tag;		/* its instruction's (wt_l2_instr_read) */
};

/* A partition: its model, and its requests and events of the batch.  A
 * thread runs each (run_parts), so each is on cache lines of its own
 * (wt_calloc_lines). */
struct part_bucket {
	_Alignas(WT_CACHE_LINE) struct wt_l2 l2;
	struct req *r;
	size_t n, cap;
	struct wt_l2_out out;
	size_t sorted;		/* out.ev[out.first..sorted-1]: in time
				   order, left from the last batch */
	struct wt_spill spill;	/* its events that wait before those of
				   out (spill_events) */
};

/* --memcpy: what the copies before a kernel do. */
enum memcpy_mode { MEMCPY_IGNORE, MEMCPY_WARM, MEMCPY_WARM_FULL };

static struct {
	struct wt_writer *w;
	struct wt_l2_cfg cfg;
	enum memcpy_mode memcpy;
	struct wt_pmap map;
	struct part_bucket *b;
	unsigned nparts, icnt;
	uint64_t size, interleave;
	const char *arch, *index, *mapspec;
	uint64_t not_for_l2;
	struct wt_machine machine;
	struct wt_l2_instr_stats is;
	struct wt_l2pol_cfg pol;	/* --medic, --bypass, --eaf, --pcal */
	struct wt_l2pols *pols;		/* the policies they turn on */
	int shared;		/* partitions share state: run in arrival order */
	size_t batch;		/* --batch: requests held before a run */
	size_t held;		/* requests taken since the last run */
	uint64_t spill;		/* --spill: bytes of events waiting in
				   memory before some go to a file */
	uint64_t last_time;	/* of the last L1 event read in this kernel */
	int unsorted;		/* this kernel's events are not in time order */
	struct wt_meta meta;	/* the output header's, for the stats */
} G;

/* --medic=LIST: wbyp, wip or all, comma-separated. */
static unsigned medic_components(const char *list)
{
	unsigned m = 0;
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == 4 && strncmp(p, "wbyp", 4) == 0)
			m |= WT_MEDIC_WBYP;
		else if (n == 3 && strncmp(p, "wip", 3) == 0)
			m |= WT_MEDIC_WIP;
		else if (n == 3 && strncmp(p, "all", 3) == 0)
			m |= WT_MEDIC_WBYP | WT_MEDIC_WIP;
		else if (n == 4 && strncmp(p, "none", 4) == 0)
			;		/* for sweeps: the baseline */
		else
			wt_die(WT_EXIT_USAGE, "--medic=%s: expected wbyp, wip, all or "
			       "none (comma-separated)", list);
		p += n + (p[n] == ',');
	}
	return m;
}

/*
 * What no machine sets: LRU, a linear index, write-back with
 * write-allocate, 32-byte sectors, banks chosen from the lowest
 * line-address bit, a bank cycle of 1, partitions interleaved every 256
 * bytes (GPGPU-Sim's dramid@8) with a linear map.  The machine
 * (machinestage.c) and the options set the rest, and may change these.
 */
static void base(struct wt_l2_cfg *c)
{
	memset(c, 0, sizeof(*c));
	G.nparts = 6;
	G.mapspec = "linear";
	G.interleave = 256;
	G.size = 128 * 1024;
	G.index = "linear";
	G.icnt = 10;
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
static void apply_config(const char *s, struct wt_l2_cfg *c)
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
	G.size = (uint64_t)g.sets * g.line * g.assoc;
	c->geom.repl = g.replacement == 'F' ? WT_REPL_FIFO : WT_REPL_LRU;
	if (g.write != 'B' && g.write != 'T')
		wt_die(WT_EXIT_USAGE, "--config=%s: write policy '%c': l2sim "
		       "models B (write-back) and T (write-through)", s, g.write);
	c->write_back = g.write == 'B';
	c->write_allocate = wt_walloc_letter(g.write_alloc);
	c->sectored = g.sectored;
	/* GPGPU-Sim's function for the letter, at the final geometry, on
	 * the partition address (wt_pmap_local) as l2_cache_config's */
	G.index = wt_index_gpgpusim_spec(g.index, g.sets, g.line, err, sizeof(err));
	if (!G.index)
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

static void put(struct part_bucket *b, const struct wt_event *e, uint64_t local,
		uint64_t arrival, uint32_t tag)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->r = wt_realloc(b->r, b->cap * sizeof(*b->r));
	}
	b->r[b->n].ev = *e;
	b->r[b->n].local = local;
	b->r[b->n].arrival = arrival;
	b->r[b->n].tag = tag;
	b->n++;
}

/* Whether the L2 serves an L1 event: misses other than those merged in
 * the L1, bypasses, and write traffic. */
static int for_l2(const struct wt_event *e)
{
	switch (e->type) {
	case WT_EV_MISS:
		return e->miss_class != WT_MISS_LATENCY;
	case WT_EV_BYPASS:
	case WT_EV_WRITE_THROUGH:
	case WT_EV_WRITE_BACK:
		return 1;
	default:
		return 0;
	}
}

/*
 * MeDiC's partitions share the warp types (and PC-Byp's the PC types,
 * PCAL's the tokens), so they take their requests
 * together, in arrival order (the lower partition first on a tie): one
 * thread, and each partition still sees its own requests in its order.
 * Only those that arrive before cut run; the others stay for the next
 * batch.  No request read later arrives before cut (run_batch), so the
 * ones that run are the first of the whole kernel's order, in that order.
 */
static void run_shared(uint64_t cut)
{
	unsigned np = G.nparts;
	size_t *next = wt_calloc(np ? np : 1, sizeof(*next));

	for (;;) {
		unsigned best = np;

		for (unsigned p = 0; p < np; p++)
			if (next[p] < G.b[p].n && G.b[p].r[next[p]].arrival < cut &&
			    (best == np || G.b[p].r[next[p]].arrival <
					   G.b[best].r[next[best]].arrival))
				best = p;
		if (best == np)
			break;
		{
			struct req *q = &G.b[best].r[next[best]++];

			G.b[best].out.tag = q->tag;
			wt_l2_request(&G.b[best].l2, &q->ev, q->local, q->arrival,
				      &G.b[best].out);
		}
	}
	for (unsigned p = 0; p < np; p++) {
		G.b[p].n -= next[p];
		if (G.b[p].n)	/* none: r may be NULL */
			memmove(G.b[p].r, G.b[p].r + next[p],
				G.b[p].n * sizeof(*G.b[p].r));
	}
	free(next);
}

/* Partitions that share nothing run in parallel, each over every request
 * it holds (a batch of a few requests on one thread: starting the threads
 * costs more than it saves). */
static void run_parts(void)
{
	#pragma omp parallel for schedule(dynamic, 1) if (G.held >= 4096)
	for (unsigned p = 0; p < G.nparts; p++) {
		struct part_bucket *b = &G.b[p];

		for (size_t i = 0; i < b->n; i++) {
			b->out.tag = b->r[i].tag;
			wt_l2_request(&b->l2, &b->r[i].ev, b->r[i].local,
				      b->r[i].arrival, &b->out);
		}
		b->n = 0;
	}
}

/* Events read back from a spill queue at a time. */
enum { SPILL_CHUNK = 4096 };

/*
 * The partitions' events before cycle horizon, merged by (time,
 * partition), are written; the later ones stay.  A partition's events
 * waiting are its spill queue's, then out.ev[out.first..out.n-1], each
 * part in time order and before the next.  A queue whose head is not the
 * whole of it gives a cut, the head's last cycle + 1, before which all
 * its events are in the head (wt_spill_fill): the merge goes in rounds,
 * to the nearest cut and on, until the horizon.  The lists of the merge
 * are each partition's head and its out, in that order, so that equal
 * times go as one list a partition would.
 */
static void write_events(uint64_t horizon)
{
	unsigned np = G.nparts;
	struct wt_event **lists = wt_calloc(2 * (size_t)(np ? np : 1), sizeof(*lists));
	size_t *counts = wt_calloc(2 * (size_t)(np ? np : 1), sizeof(*counts));
	uint64_t cut;

	do {
		cut = horizon;
		for (unsigned p = 0; p < np; p++) {
			struct wt_spill *s = &G.b[p].spill;

			if (!wt_spill_on_file(s))
				continue;
			if (s->n - s->first < SPILL_CHUNK / 2)
				wt_spill_fill(s, SPILL_CHUNK);
			if (wt_spill_on_file(s)) {
				uint64_t t = wt_spill_events(s)[s->n - 1].time;

				if (t < cut)
					cut = t + 1;
			}
		}
		for (unsigned p = 0; p < np; p++) {
			const struct wt_spill *s = &G.b[p].spill;
			const struct wt_l2_out *o = &G.b[p].out;

			lists[2 * p] = s->buf ? wt_spill_events(s) + s->first : NULL;
			counts[2 * p] = wt_events_before(lists[2 * p],
							 s->n - s->first, cut);
			lists[2 * p + 1] = o->ev + o->first;
			counts[2 * p + 1] = wt_events_before(lists[2 * p + 1],
							     o->n - o->first, cut);
		}
		if (wt_events_write_merged(G.w, lists, counts, 2 * np) < 0)
			wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
		for (unsigned p = 0; p < np; p++) {
			wt_spill_take(&G.b[p].spill, counts[2 * p]);
			G.b[p].out.first += counts[2 * p + 1];
		}
	} while (cut < horizon);
	for (unsigned p = 0; p < np; p++) {
		struct wt_l2_out *o = &G.b[p].out;

		o->n = wt_events_drop_written(o->ev, o->n, &o->first);
		G.b[p].sorted = o->n;
	}
	free(lists);
	free(counts);
}

/*
 * The partitions' new outcomes join their warp instructions, whose
 * statistics close as each instruction completes (wt_l2_instr_fold):
 * memory follows the instructions open, not the kernel's.
 */
static void fold_outcomes(void)
{
	for (unsigned p = 0; p < G.nparts; p++) {
		struct wt_l2_out *o = &G.b[p].out;

		wt_l2_instr_fold(&G.is, o->oc, o->noc);
		o->noc = 0;
	}
}

/* The earliest arrival of an L1 event not read yet: the input is in time
 * order (l1sim writes it so), so it is no earlier than the last read. */
static uint64_t next_arrival(void)
{
	return G.last_time > UINT64_MAX - G.icnt ? UINT64_MAX : G.last_time + G.icnt;
}

/*
 * The cycle before which no request not run yet can make an event: each
 * one arrives at next_arrival() or later (those held back by run_shared
 * too), and its partition's ports, banks and bypasses bound its events
 * from there (wt_l2_event_floor).  The events of the requests already
 * run are all known.  A stream out of time order has no such cycle.
 */
static uint64_t horizon(void)
{
	uint64_t a = next_arrival(), h = UINT64_MAX;

	if (G.unsorted)
		return 0;
	for (unsigned p = 0; p < G.nparts; p++) {
		uint64_t f = wt_l2_event_floor(&G.b[p].l2, a);

		if (f < h)
			h = f;
	}
	return h;
}

/*
 * With more than --spill bytes of events waiting in memory, each
 * partition's that no later request can go before (those before its
 * event floor, wt_l2_event_floor) join its spill queue: a partition far
 * behind its arrivals keeps its backlog there, not in memory, while one
 * that is not holds back the output.  Out of time order nothing more
 * goes; what went stays right, as a request that arrives early makes no
 * event before its partition's floor either: a partition has events
 * between the horizon and its floor only while its ports or banks are
 * busy past the arrival (the horizon is at least the arrival plus a tag
 * access, or, with bypasses, the arrival, which is every floor then),
 * and an earlier arrival waits for them all the same.
 */
static void spill_events(void)
{
	uint64_t a = next_arrival(), waiting = 0;

	for (unsigned p = 0; p < G.nparts; p++)
		waiting += G.b[p].out.n - G.b[p].out.first;
	if (G.unsorted || waiting * sizeof(struct wt_event) <= G.spill)
		return;
	for (unsigned p = 0; p < G.nparts; p++) {
		struct part_bucket *b = &G.b[p];
		struct wt_l2_out *o = &b->out;
		uint64_t floor = wt_l2_event_floor(&b->l2, a);
		size_t k = wt_events_before(o->ev + o->first, o->n - o->first,
					    floor);

		wt_spill_push(&b->spill, o->ev + o->first, k);
		o->first += k;
		o->n = wt_events_drop_written(o->ev, o->n, &o->first);
		b->sorted = o->n;
	}
}

/*
 * Run the partitions over the requests held and write the events before
 * horizon() (final: the kernel has ended; everything runs and goes, and
 * the kernel's warp instructions are counted).  A batch gives each
 * partition the requests of the whole kernel's run in the same order, so
 * the model's state, the statistics and, through the horizon, the output
 * are those of one run over the whole kernel.
 */
static void run_batch(uint32_t kernel, int final)
{
	for (unsigned p = 0; p < G.nparts; p++)
		G.b[p].l2.kernel = kernel;
	if (G.shared)
		run_shared(final ? UINT64_MAX : next_arrival());
	else
		run_parts();
	/* The model keeps each list in time order, unless an event came
	 * far out of it (struct wt_l2_out).  Then it is sorted: stable, and
	 * what is left from the last batch first, the kernel's order. */
	#pragma omp parallel for schedule(dynamic, 1) if (G.held >= 4096)
	for (unsigned p = 0; p < G.nparts; p++) {
		struct wt_l2_out *o = &G.b[p].out;

		if (o->unsorted)
			wt_events_sort_tail(o->ev + o->first,
					    G.b[p].sorted - o->first,
					    o->n - o->first);
		o->unsorted = 0;
	}
	write_events(final ? UINT64_MAX : horizon());
	if (!final)
		spill_events();
	fold_outcomes();
	G.held = 0;
	if (!final)
		return;
	wt_l2pols_kernel_end(G.pols);
	wt_l2_instr_end(&G.is);
}

/* Whether to run a batch now: --batch requests taken, and the stream in
 * time order so far (out of order, the kernel is held whole). */
static int batch_due(void)
{
	return G.batch && G.held >= G.batch && !G.unsorted;
}

/* ---- statistics ---- */

static void hist_json(struct wt_json *j, const struct wt_l2_hist *h)
{
	wt_json_key(j, "mean");
	wt_json_double(j, h->n ? (double)h->sum / (double)h->n : 0);
	wt_json_key_u64(j, "max", h->max);
	wt_json_key(j, "histogram");
	wt_json_begin_array(j);
	for (unsigned i = 0; i < WT_L2_HIST_BINS; i++) {
		uint64_t lo, hi;

		if (!h->bins[i])
			continue;
		wt_l2_hist_range(i, &lo, &hi);
		wt_json_begin_array(j);
		wt_json_u64(j, lo);
		wt_json_u64(j, hi);
		wt_json_u64(j, h->bins[i]);
		wt_json_end_array(j);
	}
	wt_json_end_array(j);
}

/* The sector counts of l2sector.c's way (lines, in a line L2). */
static void sectors_json(struct wt_json *j, const struct wt_l2_stats *s)
{
	wt_json_key(j, "sectors");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "sector_bytes", G.cfg.sectored ? G.cfg.sector : G.cfg.geom.line);
	wt_json_key_u64(j, "reads", s->sector_reads);
	wt_json_key_u64(j, "read_hits", s->sector_read_hits);
	wt_json_key_u64(j, "merged", s->sector_merged);
	wt_json_key_u64(j, "fetched", s->sector_fetched);
	wt_json_key_u64(j, "sector_misses", s->sector_misses);
	wt_json_key_ratio(j, "read_miss_rate", s->sector_reads - s->sector_read_hits,
			  s->sector_reads);
	wt_json_key_u64(j, "writes", s->sector_writes);
	wt_json_key_u64(j, "write_hits", s->sector_write_hits);
	wt_json_end_object(j);
}

static void stats_json(struct wt_json *j, const struct wt_l2_stats *s)
{
	wt_json_key_u64(j, "requests", s->requests);
	wt_json_key_u64(j, "reads", s->loads);
	wt_json_key_u64(j, "writes", s->stores);
	wt_json_key_u64(j, "atomics", s->atomics);
	wt_json_key_u64(j, "hits", s->hits);
	wt_json_key_u64(j, "misses", s->misses);
	wt_json_key_u64(j, "merged", s->merged);
	wt_json_key_ratio(j, "hit_rate", s->hits, s->hits + s->misses);
	wt_gs_miss_rate_json(j, &s->gs);
	wt_json_key_u64(j, "write_hits", s->store_hits);
	wt_json_key_u64(j, "write_misses", s->store_misses);
	wt_json_key_u64(j, "write_backs", s->write_backs);
	wt_json_key_u64(j, "write_throughs", s->write_throughs);
	wt_json_key_u64(j, "bypasses", s->bypasses);
	wt_l2pol_counters_json(j, s->policy);
	wt_json_key(j, "reservation_fails");
	wt_json_begin_object(j);
	for (unsigned f = 0; f < WT_L2_FAIL_MAX; f++)
		wt_json_key_u64(j, wt_l2_fail_name(f), s->fails[f]);
	wt_json_end_object(j);
	if (G.cfg.sectored || G.cfg.write_allocate > WT_WALLOC_YES)
		sectors_json(j, s);
	wt_json_key_u64(j, "memcpy_sectors", s->memcpy_sectors);
	wt_gs_json(j, &s->gs, G.cfg.sectored ? "sector" : "line",
		   1u << WT_GS_LOAD | 1u << WT_GS_STORE | 1u << WT_GS_ATOMIC |
		   1u << WT_GS_WRITE_BACK);
	wt_json_key(j, "queueing_delay");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "requests", s->delay.n);
	hist_json(j, &s->delay);
	wt_json_end_object(j);
	wt_json_key(j, "banks");
	wt_json_begin_array(j);
	for (unsigned b = 0; b < s->nbanks; b++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "bank", b);
		wt_json_key_u64(j, "accesses", s->bank[b].accesses);
		wt_json_key_ratio(j, "mean_queue_delay", s->bank[b].delay_sum,
				  s->bank[b].accesses);
		wt_json_key_u64(j, "max_queue_length", s->bank[b].max_queue);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

static void types_json(struct wt_json *j, const uint64_t *n)
{
	for (unsigned t = 0; t < WT_WT_MAX; t++)
		wt_json_key_u64(j, wt_warp_type_name(t), n[t]);
}

static void instr_json(struct wt_json *j, const struct wt_l2_instr_stats *s)
{
	wt_json_key(j, "inter_bank_divergence");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "all_hit_instructions", s->divergence.n);
	hist_json(j, &s->divergence);
	wt_json_end_object(j);
	wt_json_key(j, "warp_instructions");
	wt_json_begin_object(j);
	types_json(j, s->instructions);
	wt_json_end_object(j);
	wt_json_key_u64(j, "stall_cycles", s->stall);
	wt_json_key_ratio(j, "mean_stall", (double)s->stall, (double)s->ninstr);
	wt_json_key(j, "pcs");
	wt_json_begin_array(j);
	for (size_t i = 0; i < s->npcs; i++) {
		char buf[16];

		wt_json_begin_object(j);
		wt_json_key(j, "pc");
		wt_json_string(j, wt_snprintf(buf, sizeof(buf), "0x%x", s->pcs[i].pc));
		wt_json_key_u64(j, "accesses", s->pcs[i].accesses);
		wt_json_key_u64(j, "hits", s->pcs[i].hits);
		wt_json_key_ratio(j, "hit_rate", s->pcs[i].hits, s->pcs[i].accesses);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_key(j, "warps");
	wt_json_begin_array(j);
	for (size_t i = 0; i < s->nwarps; i++) {
		const struct wt_l2_warp *w = &s->warps[i];

		wt_json_begin_object(j);
		wt_json_key_u64(j, "kernel", w->kernel);
		wt_json_key_u64(j, "warp", w->warp);
		wt_json_key_u64(j, "cta", w->cta);
		wt_json_key_u64(j, "sm", w->sm);
		wt_json_key_u64(j, "accesses", w->accesses);
		wt_json_key_u64(j, "hits", w->hits);
		wt_json_key_ratio(j, "hit_rate", w->hits, w->accesses);
		wt_json_key(j, "instructions");
		wt_json_begin_object(j);
		types_json(j, w->instructions);
		wt_json_end_object(j);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

static void settings_json(struct wt_json *j)
{
	const struct wt_l2_cfg *c = &G.cfg;
	const struct wt_l2pol_cfg *pc = &G.pol;

	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, G.arch);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, G.machine.origin);
	wt_json_key_u64(j, "partitions", G.map.n);
	wt_json_key_u64(j, "sub_partitions", G.map.sub);
	wt_json_key(j, "map");
	wt_json_string(j, G.map.name);
	wt_json_key_u64(j, "size", G.size);
	wt_json_key_u64(j, "sets", c->geom.sets);
	wt_json_key_u64(j, "assoc", c->geom.assoc);
	wt_json_key_u64(j, "line", c->geom.line);
	wt_json_key(j, "index");
	wt_json_string(j, c->ix.name);
	wt_json_key(j, "replacement");
	wt_json_string(j, (const char *[]){ "lru", "fifo", "random" }[c->geom.repl]);
	wt_json_key(j, "write");
	wt_json_string(j, c->write_back ? "write-back" : "write-through");
	wt_json_key(j, "write_allocate");
	wt_json_bool(j, c->write_allocate);
	wt_json_key(j, "write_allocate_policy");
	wt_json_string(j, wt_walloc_name((unsigned)c->write_allocate));
	wt_json_key(j, "sectored");
	wt_json_bool(j, c->sectored);
	wt_json_key_u64(j, "sector", c->sector);
	wt_json_key(j, "memcpy");
	wt_json_string(j, (const char *[]){ "ignore", "warm", "warm-full" }[G.memcpy]);
	wt_json_key_u64(j, "banks", c->banks);
	wt_json_key_u64(j, "bank_bit", c->bank_bit);
	wt_json_key_u64(j, "ports", c->ports);
	wt_json_key_u64(j, "bank_queue", c->bank_queue);
	wt_json_key_u64(j, "bank_cycle", c->bank_cycle);
	wt_json_key_u64(j, "tag_latency", c->tag_latency);
	wt_json_key_u64(j, "icnt_latency", G.icnt);
	wt_json_key_u64(j, "mshr", c->mshr_entries);
	wt_json_key_u64(j, "mshr_merge", c->mshr_merge);
	wt_json_key_u64(j, "miss_latency", c->miss_latency);
	wt_json_key(j, "disabled");
	wt_json_bool(j, c->disabled);
	wt_json_key(j, "medic");
	wt_json_begin_array(j);
	if (pc->medic & WT_MEDIC_WBYP)
		wt_json_string(j, "wbyp");
	if (pc->medic & WT_MEDIC_WIP)
		wt_json_string(j, "wip");
	wt_json_end_array(j);
	wt_json_key(j, "bypass");
	if (pc->pc_bypass)
		wt_json_string(j, "pc");
	else if (pc->rand_bypass > 0)
		wt_json_double(j, pc->rand_bypass);
	else if (pc->sbyp)
		wt_json_string(j, "streaming");
	else
		wt_json_null(j);
	if (pc->sbyp) {
		wt_json_key_u64(j, "sbyp_period", pc->sbyp_period);
		wt_json_key(j, "sbyp_threshold");
		wt_json_double(j, pc->sbyp_threshold);
	}
	wt_json_key(j, "eaf");
	wt_json_bool(j, pc->eaf);
	wt_json_key_u64(j, "pcal", pc->pcal_tokens);
	if (pc->medic || pc->pc_bypass || pc->rand_bypass > 0 || pc->pcal_tokens) {
		wt_json_key_u64(j, "medic_reset", pc->medic_cfg.reset);
		wt_json_key_u64(j, "medic_profile", pc->medic_cfg.profile);
		wt_json_key(j, "medic_step");
		wt_json_double(j, pc->medic_cfg.step / 1e6);
	}
	wt_json_key(j, "events");
	wt_json_string(j, c->emit_all ? "all" : "misses");
	wt_json_end_object(j);
}

static void write_stats(const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_l2_stats tot;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_l2_stats_init(&tot, G.cfg.banks);
	for (unsigned p = 0; p < G.nparts; p++)
		wt_l2_stats_merge(&tot, &G.b[p].l2.st);
	wt_json_stats_begin(j, "l2sim", argc, argv);
	wt_json_provenance(j, &G.meta);
	settings_json(j);
	wt_json_key_u64(j, "not_for_l2", G.not_for_l2);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	stats_json(j, &tot);
	wt_json_end_object(j);
	wt_json_key(j, "partitions");
	wt_json_begin_array(j);
	for (unsigned p = 0; p < G.nparts; p++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "partition", p);
		stats_json(j, &G.b[p].l2.st);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	instr_json(j, &G.is);
	wt_json_end_object(j);
	wt_l2_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/* ---- setup ---- */

/* --map, --sub-partitions, --partition-indexing: G.map, whose N * K
 * slices are the partitions l2sim runs (G.nparts). */
static void map_options(const char **set, char *err, size_t errlen)
{
	struct wt_pmap_opts o = { G.nparts, 1, G.interleave, WT_PIDX_CONSECUTIVE };

	if (set[O_SUB])
		o.sub = (unsigned)wt_opt_num("sub-partitions", set[O_SUB], 1, 64);
	if (set[O_PIDX] && wt_pidx_parse(set[O_PIDX], &o.indexing, err, errlen) < 0)
		wt_die(WT_EXIT_USAGE, "--partition-indexing=%s: %s", set[O_PIDX], err);
	if (wt_pmap_setup(G.mapspec, &o, &G.map, err, errlen) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	G.nparts = G.map.slices;
}

/* Every option after the preset and --config, checked together. */
static void apply_options(const char **set)
{
	static const char *const repl_names[] = { "lru", "fifo", "random" };
	static const char *const write_names[] = { "write-through", "write-back" };
	static const char *const yes_no[] = { "no", "yes" };
	static const char *const walloc_names[] = {
		"no", "yes", "naive", "fetch-on-write", "lazy-fetch-on-read"
	};
	static const char *const memcpy_names[] = { "ignore", "warm", "warm-full" };
	static const char *const event_names[] = { "misses", "all" };
	struct wt_l2_cfg *c = &G.cfg;
	struct wt_l2pol_cfg *pc = &G.pol;
	int bit_set = 0;
	uint64_t lines;
	char err[512];

	if (set[O_PARTS])
		G.nparts = (unsigned)wt_opt_num("partitions", set[O_PARTS], 1,
						WT_MAX_PARTITIONS);
	if (set[O_MAP])
		G.mapspec = set[O_MAP];
	if (set[O_INTERLEAVE])
		G.interleave = wt_opt_num("interleave", set[O_INTERLEAVE], 1, 1u << 30);
	if (set[O_SIZE])
		G.size = wt_opt_num("size", set[O_SIZE], 1, 1u << 30);
	if (set[O_ASSOC])
		c->geom.assoc = (unsigned)wt_opt_num("assoc", set[O_ASSOC], 1,
							     WT_CACHE_MAX_ASSOC);
	if (set[O_LINE])
		c->geom.line = (unsigned)wt_opt_num("line", set[O_LINE], 32, 4096);
	if (set[O_INDEX])
		G.index = set[O_INDEX];
	if (set[O_REPL])
		c->geom.repl = (enum wt_repl)wt_opt_choice("repl", set[O_REPL], repl_names, 3);
	if (set[O_WRITE])
		c->write_back = wt_opt_choice("write", set[O_WRITE], write_names, 2);
	if (set[O_WALLOC])
		c->write_allocate = wt_opt_choice("write-allocate", set[O_WALLOC],
						  walloc_names, 5);
	if (set[O_SECTORED])
		c->sectored = wt_opt_choice("sectored", set[O_SECTORED], yes_no, 2);
	G.memcpy = set[O_MEMCPY] ? (enum memcpy_mode)wt_opt_choice("memcpy",
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
		G.icnt = (unsigned)wt_opt_num("icnt-latency", set[O_ICNT], 0, 1u << 20);
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
	wt_l2pol_default(pc);
	if (set[O_MEDIC])
		pc->medic = medic_components(set[O_MEDIC]);
	if (set[O_SEED])
		pc->seed = wt_opt_num("seed", set[O_SEED], 0, UINT32_MAX);
	if (set[O_BYPASS]) {
		const char *b = set[O_BYPASS];

		if (strcmp(b, "pc") == 0)
			pc->pc_bypass = 1;
		else if (strncmp(b, "rand:", 5) == 0)
			pc->rand_bypass = wt_opt_real("bypass=rand", b + 5, 0, 1);
		else if (strcmp(b, "streaming") == 0)
			pc->sbyp = 1;
		else
			wt_die(WT_EXIT_USAGE, "--bypass=%s: expected rand:FRACTION, pc "
			       "or streaming", b);
		if (pc->medic & WT_MEDIC_WBYP)
			wt_die(WT_EXIT_USAGE, "--bypass and --medic=wbyp are two bypass "
			       "policies: choose one");
	}
	pc->eaf = set[O_EAF] != NULL;
	if (pc->eaf && (pc->medic & WT_MEDIC_WIP))
		wt_die(WT_EXIT_USAGE, "--eaf and --medic=wip are two insertion "
		       "policies: choose one");
	if (set[O_PCAL])
		pc->pcal_tokens = (unsigned)wt_opt_num("pcal", set[O_PCAL], 1, 1u << 24);
	/* the tuning options are taken, without effect, when every policy is
	 * off: a sweep's baseline point keeps its fixed options */
	wt_medic_options(&pc->medic_cfg, set[O_MRESET], set[O_MPROFILE], set[O_MSTEP]);
	if (set[O_SBYPP])
		pc->sbyp_period = wt_opt_num("sbyp-period", set[O_SBYPP], 1, UINT32_MAX);
	if (set[O_SBYPT])
		pc->sbyp_threshold = wt_opt_real("sbyp-threshold", set[O_SBYPT], 0, 1);
	if (wt_l2pol_any(pc) && c->disabled)
		wt_die(WT_EXIT_USAGE, "--medic, --bypass, --eaf and --pcal need an L2 "
		       "(not --disable)");
	if (wt_l2pol_any(pc) && (c->sectored || c->write_allocate > WT_WALLOC_YES))
		wt_die(WT_EXIT_USAGE, "--medic, --bypass, --eaf and --pcal are "
		       "modelled on line L2s with --write-allocate=yes or no, not "
		       "with %s%s", c->sectored ? "--sectored=yes" :
		       "--write-allocate=", c->sectored ? "" :
		       wt_walloc_name((unsigned)c->write_allocate));

	if (c->geom.line & (c->geom.line - 1))
		wt_die(WT_EXIT_USAGE, "--line=%u: expected a power of two", c->geom.line);
	lines = G.size / c->geom.line;
	if (G.size % ((uint64_t)c->geom.line * c->geom.assoc) || lines < c->geom.assoc)
		wt_die(WT_EXIT_USAGE, "a %llu-byte partition is not a whole number "
		       "of %u-way sets of %u-byte lines", (unsigned long long)G.size,
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
	if (wt_index_parse(G.index, c->geom.sets, c->geom.line, &c->ix, err,
			   sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	map_options(set, err, sizeof(err));
	if (wt_pmap_check_line(&G.map, c->geom.line, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if (c->sector > c->geom.line)
		c->sector = c->geom.line;
	if (c->sectored && (c->geom.line % c->sector || c->geom.line / c->sector > 8))
		wt_die(WT_EXIT_USAGE, "--sectored=yes: %u-byte lines of %u-byte "
		       "sectors; a sectored line holds 1 to 8 sectors",
		       c->geom.line, c->sector);
	/* 1M requests, as l1sim: 64 MB of them held, and batches long enough
	 * that running them costs nothing */
	G.batch = set[O_BATCH] ? (size_t)wt_opt_num("batch", set[O_BATCH], 0,
						    1u << 30) : 1u << 20;
	G.spill = set[O_SPILL] ? wt_opt_num("spill", set[O_SPILL], 0,
					    UINT64_MAX) : (uint64_t)64 << 20;
	/* whole kernels hold their instructions too: any order goes */
	G.is.early = G.batch != 0;
}

static void check_event(struct wt_reader *r, const struct wt_event *e, uint64_t n)
{
	if (e->level != 1)
		wt_die(WT_EXIT_DATA, "%s: record %llu: a level-%u event; l2sim "
		       "takes the L1 events of l1sim (level 1)", wt_reader_name(r),
		       (unsigned long long)n, e->level);
}

/*
 * A load or atomic opens its warp instruction, or joins it: the slot it
 * returns tags the request, and so its outcome.  With batches, an
 * instruction closes once it is complete and a later one of its warp has
 * been read: a warp issues in order and l1sim keeps it, so nothing of it
 * comes after.  A stream where something does could count it twice, and
 * is refused; --batch=0 closes them all at the kernel's end.
 */
static uint32_t open_instr(struct wt_reader *r, const struct wt_event *e,
			   uint64_t n, uint32_t kernel)
{
	uint32_t slot;

	if (!wt_l2_makes_outcome(&G.cfg, e))
		return 0;
	if (wt_l2_instr_read(&G.is, kernel, e, &slot) < 0)
		wt_die(WT_EXIT_DATA, "%s: record %llu: warp %u's instruction "
		       "%u comes after its instruction %u, when it may be "
		       "closed already: this input is not in each warp's "
		       "order; run l2sim --batch=0, which holds whole kernels",
		       wt_reader_name(r), (unsigned long long)n, e->warp,
		       e->instr, slot);
	return slot;
}

static void add_event(struct wt_reader *r, const struct wt_event *e, uint64_t n,
		      uint32_t kernel)
{
	uint64_t local;
	uint32_t tag;
	unsigned p;

	G.unsorted |= e->time < G.last_time;
	G.last_time = e->time;
	if (!for_l2(e)) {
		G.not_for_l2++;
		return;
	}
	tag = open_instr(r, e, n, kernel);
	p = wt_pmap_partition(&G.map, e->addr);
	local = wt_pmap_local(&G.map, e->addr);
	put(&G.b[p], e, local, e->time + G.icnt, tag);
	G.held++;
}

/*
 * What the L1 events are made of, from the stream's header: the sector
 * size of their masks (sector_size), and whether the L1 was sectored
 * (l1sim writes l1_sectored=yes): a line L1's load misses fetch its whole
 * line (l1_line), a sectored L1's their masks.
 */
static void upstream(struct wt_reader *r)
{
	const struct wt_meta *m = &wt_reader_header(r)->meta;
	const char *v;
	uint64_t n;
	const char *why;

	G.cfg.ev_sector = G.cfg.sector;
	if ((v = wt_meta_get(m, "sector_size")) && wt_parse_u64(v, 4096, &n, &why) == 0 && n)
		G.cfg.ev_sector = (unsigned)n;
	G.cfg.l1_line = 0;
	if (!(v = wt_meta_get(m, "l1_sectored")) || strcmp(v, "yes") != 0) {
		G.cfg.l1_line = G.cfg.geom.line;
		if ((v = wt_meta_get(m, "l1_line")) && wt_parse_u64(v, 1u << 20, &n, &why) == 0 && n)
			G.cfg.l1_line = (unsigned)n;
	}
	if (G.cfg.sectored && G.cfg.l1_line > G.cfg.geom.line)
		wt_die(WT_EXIT_DATA, "%s: the L1's %u-byte lines are longer than the "
		       "sectored L2's %u-byte lines", wt_reader_name(r), G.cfg.l1_line,
		       G.cfg.geom.line);
}

/*
 * The copies listed before a kernel (trace-gen's "memcpy" keys of the
 * kernel chunk, "MemcpyHtoD,0xADDRESS,BYTES") mark their sectors present
 * in L2, as GPGPU-Sim's perf_memcpy_to_gpu with -gpgpu_perf_sim_memcpy 1
 * (its default): every 32 bytes from the address, the sector of that
 * address, filled in its partition.  GPGPU-Sim keeps the address in an
 * unsigned (32 bits): --memcpy=warm cuts it so too, warm-full does not.
 * A copy of more than WARM_SPAN bytes warms its last WARM_SPAN, with a
 * note: cut to 32 bits, those hold every address the cut leaves, in the
 * same order, so an LRU L2 ends the same; whole, they are some hundred
 * times any L2.  (GPGPU-Sim's own loop, an unsigned counter, never ends
 * on such a copy.)
 */
#define WARM_SPAN (UINT64_C(1) << 32)

static void warm_copies(struct wt_reader *r, const struct wt_kernel *k)
{
	const struct wt_l2_cfg *c = &G.cfg;
	uint64_t from;

	for (size_t i = 0; i < k->extra.n; i++) {
		const char *v = k->extra.val[i], *c1, *c2;
		uint64_t addr, bytes;
		char *end;

		if (strcmp(k->extra.key[i], "memcpy") != 0)
			continue;
		c1 = strchr(v, ',');
		c2 = c1 ? strchr(c1 + 1, ',') : NULL;
		errno = 0;
		addr = c2 ? strtoull(c1 + 1, &end, 16) : 0;
		if (!c2 || strncmp(c1 + 1, "0x", 2) != 0 || end != c2 || errno ||
		    wt_parse_u64(c2 + 1, UINT64_MAX, &bytes, &c1) < 0)
			wt_die(WT_EXIT_DATA, "%s: kernel %u: memcpy '%s': expected "
			       "MemcpyHtoD,0xADDRESS,BYTES", wt_reader_name(r), k->id, v);
		from = 0;
		if (bytes > WARM_SPAN) {
			from = (bytes - WARM_SPAN + 31) & ~(uint64_t)31;
			wt_warn("note: %s: kernel %u: a copy of %" PRIu64 " bytes warms "
				"the L2 with its last %" PRIu64 " bytes (see l2sim(1), "
				"COPIES)", wt_reader_name(r), k->id, bytes,
				bytes - from);
		}
		/* counted, not off < bytes: off + 32 may wrap past 2^64 */
		for (uint64_t n = (bytes - from + 31) / 32, off = from; n; n--, off += 32) {
			uint64_t a = addr + off;
			unsigned p;

			if (G.memcpy == MEMCPY_WARM)
				a = (uint32_t)a;
			p = wt_pmap_partition(&G.map, a);
			wt_l2_warm(&G.b[p].l2, a & ~(uint64_t)(c->geom.line - 1),
				   wt_pmap_local(&G.map, a),
				   c->sectored ? 1u << (a % c->geom.line / c->sector) : 1u);
		}
	}
}

static const struct option longopts[] = {
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
	{ "medic", required_argument, NULL, O_MEDIC },
	{ "medic-reset", required_argument, NULL, O_MRESET },
	{ "medic-profile", required_argument, NULL, O_MPROFILE },
	{ "medic-step", required_argument, NULL, O_MSTEP },
	{ "bypass", required_argument, NULL, O_BYPASS },
	{ "eaf", no_argument, NULL, O_EAF },
	{ "pcal", required_argument, NULL, O_PCAL },
	{ "seed", required_argument, NULL, O_SEED },
	{ "sbyp-period", required_argument, NULL, O_SBYPP },
	{ "sbyp-threshold", required_argument, NULL, O_SBYPT },
	{ "batch", required_argument, NULL, O_BATCH },
	{ "spill", required_argument, NULL, O_SPILL },
	{ "sectored", required_argument, NULL, O_SECTORED },
	{ "memcpy", required_argument, NULL, O_MEMCPY },
	{ "output", required_argument, NULL, 'o' },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

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
	wt_stage_machine("l2sim", a, stream, &G.machine, &opts);
	G.arch = G.machine.name;
	wt_stage_group(&opts, longopts, explicit, mapping);
	wt_stage_defaults(longopts, set, &opts);
	base(&G.cfg);
	if (set[O_CONFIG])
		apply_config(set[O_CONFIG], &G.cfg);
	apply_options(set);
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
	struct wt_reader *r;
	struct wt_header h;
	struct wt_item it;
	uint32_t kernel = 0;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "l2sim", usage, longopts, O_CONFIG, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&G.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	r = wt_stage_input(&args, WT_KIND_EVENT, "run l1sim first", configure_cb, &cmd);
	upstream(r);
	G.is.no_warp_stats = !stats;	/* only --stats shows them */

	G.b = wt_calloc_lines(G.nparts, sizeof(*G.b));
	G.pols = wt_l2pols_new(&G.pol);
	for (unsigned p = 0; p < G.nparts; p++) {
		if (wt_l2_init(&G.b[p].l2, &G.cfg, p, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		wt_l2pols_attach(G.pols, &G.b[p].l2);
		wt_spill_init(&G.b[p].spill, "l2sim");
	}
	G.shared = wt_l2pols_shared(G.pols);

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&G.machine, &h.meta);
	wt_meta_set(&h.meta, "l2_partitions", wt_snprintf(err, sizeof(err), "%u",
							  G.map.n));
	if (G.map.sub > 1)
		wt_meta_set(&h.meta, "l2_sub_partitions",
			    wt_snprintf(err, sizeof(err), "%u", G.map.sub));
	wt_meta_set(&h.meta, "l2_map", G.map.name);
	wt_meta_set(&h.meta, "l2_size", wt_snprintf(err, sizeof(err), "%llu",
						    (unsigned long long)G.size));
	wt_meta_set(&h.meta, "l2_line", wt_snprintf(err, sizeof(err), "%u",
						    G.cfg.geom.line));
	wt_meta_set(&h.meta, "l2_mode", G.cfg.disabled ? "disabled" :
		    G.cfg.write_back ? "write-back" : "write-through");
	if (G.cfg.sectored && !G.cfg.disabled) {	/* its events' masks */
		wt_meta_set(&h.meta, "l2_sectored", "yes");
		wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
								G.cfg.sector));
	}
	G.w = wt_output_open(output, &h, level);
	wt_meta_init(&G.meta);
	wt_meta_copy(&G.meta, &h.meta);
	wt_header_free(&h);

	while (wt_reader_next(r, &it) > 0) {
		const struct wt_event *e = it.recs;

		switch (it.type) {
		case WT_ITEM_KERNEL:
			kernel = it.kernel->id;
			if (G.memcpy != MEMCPY_IGNORE)
				warm_copies(r, it.kernel);
			if (wt_writer_kernel_begin(G.w, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				check_event(r, &e[i], it.first + i);
				add_event(r, &e[i], it.first + i, kernel);
				if (batch_due())
					run_batch(kernel, 0);
			}
			wt_progress(wt_reader_name(r), it.first + it.count);
			break;
		case WT_ITEM_KERNEL_END:
			run_batch(kernel, 1);
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
	wt_progress_done(wt_reader_name(r), wt_reader_records(r));
	wt_reader_close(r);
	wt_output_close();
	if (stats)
		write_stats(stats, argc, argv);
	for (unsigned p = 0; p < G.nparts; p++) {
		free(G.b[p].r);
		free(G.b[p].out.ev);
		free(G.b[p].out.oc);
		wt_spill_free(&G.b[p].spill);
		wt_l2_free(&G.b[p].l2);
	}
	free(G.b);
	wt_l2pols_free(G.pols);
	wt_l2_instr_free(&G.is);
	wt_machine_free(&G.machine);
	wt_pmap_free(&G.map);
	return WT_EXIT_OK;
}
