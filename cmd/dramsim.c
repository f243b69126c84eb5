/*
 * dramsim - the DRAM behind the caches: cache events in (the misses,
 * bypasses and write traffic of l1sim or l2sim), one event out for every
 * DRAM request served, with row-buffer, latency, queue and bandwidth
 * statistics.  The model is lib/mem/dram.c's (see dram.h).
 */
#include "dram.h"
#include "medic.h"
#include "json.h"
#include "output.h"
#include "progress.h"
#include "provenance.h"
#include "stageopt.h"
#include "stream.h"
#include "u64map.h"
#include "spill.h"
#include "util.h"
#include "warpix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
"usage: dramsim [options] [FILE]\n"
"Simulate the GDDR5 DRAM channels behind the caches on a stream of cache\n"
"events (from l1sim or l2sim): banks, row buffers (open page), timing and\n"
"an FR-FCFS or FCFS request queue.  Writes one event record (level 3) for\n"
"every DRAM request served, in completion order.  No FILE, or -, reads\n"
"stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (the machine's DRAM gives the defaults below)\n"
"      --channels=N        DRAM channels (memory partitions)\n"
"      --ranks=N           ranks per channel\n"
"      --banks=N           banks per rank\n"
"      --rows=N            rows per bank\n"
"      --columns=N         columns per row, of --bus-width bytes\n"
"      --map=STRING        GPGPU-Sim address mapping, [dramid@BIT;]MASK\n"
"      --interleave=N      bytes per channel stripe (no --map)\n"
"      --sub-partitions=K  L2 slices per channel: l2sim's partition P\n"
"                          is channel P / K (GPGPU-Sim's\n"
"                          gpgpu_n_sub_partition_per_mchannel)\n"
"      --partition-indexing=P\n"
"                          consecutive, xor, ipoly or random,\n"
"                          with --map: GPGPU-Sim's\n"
"                          gpgpu_memory_partition_indexing 0, 1, 2, 4\n"
"      --tCL=N --tRP=N --tRC=N --tRAS=N --tRCD=N --tRRD=N --tWR=N --tWL=N\n"
"      --tCCD=N            timing in DRAM command-clock cycles\n"
"      --burst=N           burst length, transfers per column command\n"
"      --bus-width=N       bytes per transfer of a channel\n"
"      --data-rate=N       transfers per command-clock cycle\n"
"      --clock=MHZ         DRAM command clock\n"
"      --core-clock=MHZ    clock of the input's event times\n"
"      --latency-in=N      core cycles from the cache to the controller\n"
"      --queue=N           request queue entries per channel\n"
"      --batch=N           events read before the channels run and the\n"
"                          requests done are written (default 1M; 0: a\n"
"                          whole kernel); memory follows N, not the kernel\n"
"      --spill=SIZE        bytes of requests waiting for room in the\n"
"                          queues beyond which the later ones wait in a\n"
"                          temporary file in $TMPDIR (default 64M)\n"
"      --sched=S           frfcfs (default), fcfs, or medic (MeDiC's two\n"
"                          queues: mostly-hit warps first; needs the L2\n"
"                          hits of l2sim --events=all)\n"
"      --medic-reset=N     medic: cycles between warp-type resets (100000)\n"
"      --medic-profile=N   medic: lookups profiled after a reset (30)\n"
"      --medic-step=P      medic: boundary tuning step, percent (5)\n"
"  -o, --output=FILE       write the event stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for none (default:\n"
"                          $WARPTRACE_LEVEL, else 0 on a pipe, 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_CHANNELS = 256, O_RANKS, O_BANKS, O_ROWS, O_COLUMNS, O_MAP, O_INTERLEAVE,
	O_TCL, O_TRP, O_TRC, O_TRAS, O_TRCD, O_TRRD, O_TWR, O_TWL, O_TCCD,
	O_BURST, O_BUSW, O_RATE, O_CLOCK, O_CORE, O_LATIN, O_QUEUE, O_SCHED, O_MRESET, O_MPROFILE, O_MSTEP,
	O_BATCH, O_SPILL, O_STATS, O_LEVEL, O_SUB, O_PIDX, O_NOPTS
};

/* A channel: its model, and its requests and their events.  A thread
 * runs each (run_batch), so each is on cache lines of its own
 * (wt_calloc_lines). */
struct chan_work {
	_Alignas(WT_CACHE_LINE) struct wt_dram_chan ch;
	struct wt_event *ev;	/* the events of the requests, rq[i]'s at
				   ev[rq[i].id] */
	uint32_t *wait;		/* and their instructions' in G.wait */
	struct wt_dram_req *rq;	/* the channel's requests not written yet,
				   in arrival order */
	size_t n, cap;
	size_t ran;		/* rq[0..ran-1] have been run */
	size_t low;		/* rq[0..low-1] are gone */
	size_t ngone;		/* requests of rq gone, not dropped yet */
	struct wt_dram_req **done;	/* the requests to write now */
	size_t ndone, capdone;
	struct wt_dram_req **tmp;	/* sort_done's, capdone of them */
	uint64_t ignored;
	/* Requests waiting after rq's (struct kept_req), by queue class
	 * (wt_dram_class: MeDiC's high ones in kept[1]), in arrival order;
	 * added[c]: requests of class c put in rq, ever, so that with the
	 * channel's admits[c], those waiting in rq are known. */
	struct wt_spill kept[2];
	uint64_t added[2];
};

/* A request waiting on the file, with its event and instruction.  Only
 * what take() decoded is kept (row, bank, bursts, write, high): its
 * arrival comes from the event again (set_arrival), and a request still
 * waiting has no order, outcome or time done yet.  full: counted in
 * queue_full; ran: the channel had seen it (it went there from rq), else
 * it was read since. */
struct kept_req {
	struct wt_event e;
	uint64_t row;
	uint32_t bank, bursts, wait;
	uint8_t write, high, full, ran;
};

/* The bytes of a request waiting in memory, with its event and
 * instruction: what --spill counts. */
enum { WAITING_BYTES = sizeof(struct wt_dram_req) + sizeof(struct wt_event) +
		       sizeof(uint32_t) };

/* Requests brought back from the file at a time. */
enum { KEPT_CHUNK = 4096 };

/* Request q, its event e and instruction wait to its class's file. */
static void keep(struct chan_work *w, const struct wt_dram_req *q,
		 const struct wt_event *e, uint32_t wait, int ran)
{
	unsigned cls = wt_dram_class(&w->ch, q);
	struct kept_req k;

	memset(&k, 0, sizeof(k));	/* padding too: it is written */
	k.e = *e;
	k.row = q->row;
	k.bank = q->bank;
	k.bursts = q->bursts;
	k.wait = wait;
	k.write = q->write;
	k.high = q->high;
	k.full = q->full;
	k.ran = (uint8_t)ran;
	wt_spill_push(&w->kept[cls], &k, 1);
	w->ch.more |= 1u << cls;
}

/* Requests of a channel on its files. */
static uint64_t kept_count(const struct chan_work *w)
{
	return wt_spill_count(&w->kept[0]) + wt_spill_count(&w->kept[1]);
}

static struct {
	struct wt_writer *w;
	struct wt_dram_cfg cfg;
	struct wt_dram_map map;
	struct wt_dram_clock clk;
	struct chan_work *cw;
	const char *arch;
	struct wt_machine machine;
	unsigned latency_in;
	unsigned line;		/* bytes of a request without sectors */
	unsigned sector;
	uint64_t ignored;
	uint32_t kernel;	/* of the events being read */
	struct wt_medic medic;	/* --sched=medic: warp types from L2 lookups */
	uint64_t lookups, hits;	/* medic: L2 lookups seen, and hits */
	uint64_t high;		/* medic: requests in the high queue */
	/* Warp instructions wait for their slowest load: the latency from
	 * the L2 on of each load of this kernel (an L2 hit's own, a miss's
	 * L2 time plus its DRAM round trip), by warp and instruction.  The
	 * open ones (see wait_read), where they stay until they close; the
	 * requests know theirs. */
	struct waiter {
		uint64_t key, lat;	/* warp << 32 | instr; the slowest */
		uint32_t pending;	/* loads read, not served yet */
		uint8_t newest;		/* its warp's newest */
		uint8_t late;		/* read after a later one of its
					   warp, and not open then */
		uint8_t open;		/* else a free slot */
	} *wait;
	size_t nwait, capwait;
	uint32_t *freed;		/* free slots of wait */
	size_t nfreed, capfreed;
	struct wt_warpix *newest;	/* warp -> index + 1 of its newest */
	struct wt_u64map *older;	/* key -> index + 1 of the others */
	int early;		/* close instructions before the end */
	FILE *closed;		/* this kernel's closed: struct closed */
	uint64_t nclosed, nlate;
	uint64_t stall, ninstr;	/* the sum of each instruction's largest */
	size_t batch;		/* --batch: events read before a run */
	uint64_t spill;		/* --spill: bytes of waiting requests kept
				   in memory */
	size_t held;		/* events read since the last run */
	uint64_t last_time;	/* of the last event read in this kernel */
	int unsorted;		/* this kernel's events are not in time order */
	struct wt_meta meta;	/* the output header's, for the stats */
} G;

/*
 * What no machine sets: 1 rank, and for a mapping without a mask 8192
 * rows of 256 columns (2 KB rows of 8-byte columns, the GTX 480's in
 * GPGPU-Sim).  Everything else comes from the machine (machinestage.c)
 * or the options; these values are overwritten by them.
 */
static void base(struct wt_dram_cfg *c, unsigned *dram_mhz, unsigned *core_mhz)
{
	memset(c, 0, sizeof(*c));
	c->channels = 6;
	c->ranks = 1;
	c->banks = 16;
	c->rows = 8192;
	c->columns = 256;
	c->bus_width = 8;
	c->burst = 8;
	c->data_rate = 4;
	c->t = (struct wt_dram_timing){ .tCL = 12, .tRP = 12, .tRC = 40,
		.tRAS = 28, .tRCD = 12, .tRRD = 6, .tWR = 12, .tWL = 4, .tCCD = 2 };
	c->queue = 16;
	c->sched = WT_DRAM_FRFCFS;
	*dram_mhz = 924;
	*core_mhz = 700;
	memset(&G.map, 0, sizeof(G.map));
	G.map.interleave = 256;
}

static void ensure(struct chan_work *w)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 1024;
		w->ev = wt_realloc(w->ev, w->cap * sizeof(*w->ev));
		w->wait = wt_realloc(w->wait, w->cap * sizeof(*w->wait));
		w->rq = wt_realloc(w->rq, w->cap * sizeof(*w->rq));
	}
}

static unsigned bits(unsigned v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

/*
 * Per warp instruction, its slowest load.  With batches, an instruction
 * closes, its slowest added to the stall and forgotten, once a later
 * instruction of its warp has been read and every load of it read has
 * been served: memory follows the instructions open, not the kernel's.
 * An open instruction keeps its slot in G.wait until it closes, so each
 * request carries its slot, and a load served finds its instruction at
 * once; a load read finds its warp's newest by warp, an older one by
 * warp << 32 | instr.
 *
 * A warp issues in order, but the L2's partitions and banks serve its
 * loads in their own time, and l2sim writes its events in time order,
 * so an instruction's loads may still come after a later one's: the
 * order that would let l2sim refuse such a stream is not there.  A late
 * load whose instruction is not open any more, closed or never seen, is
 * held apart; the closed instructions go to a temporary file, read back
 * at the kernel's end only when there are late loads, to add what they
 * add.  --batch=0 closes them all at the kernel's end, in memory.
 */
struct closed {
	uint64_t key, lat;
};

static int counted(const struct wt_event *e)
{
	return e->level == 2 &&
	       (e->op == WT_OP_LOAD || e->op == WT_OP_ATOMIC) &&
	       e->type != WT_EV_WRITE_BACK && e->type != WT_EV_WRITE_THROUGH;
}

static uint64_t wait_key(uint32_t warp, uint32_t instr)
{
	return (uint64_t)warp << 32 | instr;
}

/* A new open instruction: its index in G.wait. */
static uint32_t new_waiter(uint64_t key, int newest)
{
	struct waiter *w;
	uint32_t i;

	if (G.nfreed) {
		i = G.freed[--G.nfreed];
	} else {
		if (G.nwait == G.capwait) {
			G.capwait = G.capwait ? 2 * G.capwait : 4096;
			G.wait = wt_realloc(G.wait,
					    G.capwait * sizeof(*G.wait));
		}
		i = (uint32_t)G.nwait++;
	}
	w = &G.wait[i];
	memset(w, 0, sizeof(*w));
	w->key = key;
	w->newest = (uint8_t)newest;
	w->open = 1;
	return i;
}

static void free_waiter(uint32_t i)
{
	if (G.nfreed == G.capfreed) {
		G.capfreed = G.capfreed ? 2 * G.capfreed : 4096;
		G.freed = wt_realloc(G.freed, G.capfreed * sizeof(*G.freed));
	}
	G.wait[i].open = 0;
	G.freed[G.nfreed++] = i;
}

/* An older open instruction (or a late one), or -1. */
static int64_t find_older(uint64_t key)
{
	const uint64_t *ix = wt_u64map_find(G.older, key);

	return ix ? (int64_t)*ix - 1 : -1;
}

static void add_older(uint64_t key, uint32_t i)
{
	int added;

	*wt_u64map_get(G.older, key, &added) = (uint64_t)i + 1;
}

/* A temporary file, gone when closed: in $TMPDIR, else /tmp. */
static FILE *temp_file(void)
{
	const char *dir;
	FILE *f = NULL;
	int fd = wt_temp_fd("dramsim", &dir);

	if (fd < 0 || !(f = fdopen(fd, "w+")))
		wt_die(WT_EXIT_DATA, "%s: no temporary file: %s (the closed "
		       "warp instructions of a kernel go there; --batch=0 "
		       "needs none)", dir, strerror(errno));
	return f;
}

/* An instruction's slowest is counted (kept in the file for the late
 * loads, but at the kernel's end: nothing late can be of those). */
static void count_stall(uint64_t key, uint64_t lat, int fin)
{
	struct closed c = { key, lat };

	G.stall += lat;
	G.ninstr++;
	if (fin)
		return;
	if (!G.closed)
		G.closed = temp_file();
	if (fwrite(&c, sizeof(c), 1, G.closed) != 1)
		wt_die(WT_EXIT_DATA, "the temporary file: %s (--batch=0 "
		       "needs none)", strerror(errno));
	G.nclosed++;
}

/* Count an older instruction and forget it. */
static void close_waiter(uint32_t i)
{
	count_stall(G.wait[i].key, G.wait[i].lat, 0);
	wt_u64map_del(G.older, G.wait[i].key);
	free_waiter(i);
}

/* The warp's newest instruction i is superseded: it closes if every load
 * of it has been served (with batches), or joins the older ones. */
static void supersede(uint32_t i)
{
	struct waiter *w = &G.wait[i];

	w->newest = 0;
	if (G.early && !w->pending) {
		count_stall(w->key, w->lat, 0);
		free_waiter(i);
	} else {
		add_older(w->key, i);
	}
}

/*
 * A load read: of its warp's newest instruction, or of a new one that
 * supersedes it, or of an older one still open; else it is late (with
 * batches: its instruction may have closed) and held apart.  dram: its
 * latency is known when the DRAM has served it (wait_done); else now,
 * its L2 latency.  Returns its instruction's index in G.wait.
 */
static uint32_t wait_read(const struct wt_event *e, int dram)
{
	uint64_t key = wait_key(e->warp, e->instr);
	uint64_t *newest;
	uint32_t i;
	int64_t o;
	int added;

	newest = wt_warpix_get(G.newest, e->warp, &added);
	if (added) {
		*newest = (uint64_t)new_waiter(key, 1) + 1;
	} else if (e->instr > (uint32_t)G.wait[*newest - 1].key) {
		supersede((uint32_t)(*newest - 1));
		*newest = (uint64_t)new_waiter(key, 1) + 1;
	}
	i = (uint32_t)(*newest - 1);
	if (G.wait[i].key != key) {
		if ((o = find_older(key)) >= 0) {
			i = (uint32_t)o;
		} else {
			i = new_waiter(key, 0);
			G.wait[i].late = (uint8_t)G.early;
			G.nlate += G.early;
			add_older(key, i);
		}
	}
	if (dram)
		G.wait[i].pending++;
	else if (e->latency > G.wait[i].lat)
		G.wait[i].lat = e->latency;
	return i;
}

/* The DRAM has served a load of instruction i, lat cycles after its L2
 * arrival. */
static void wait_done(uint32_t i, uint64_t lat)
{
	struct waiter *w = &G.wait[i];

	if (lat > w->lat)
		w->lat = lat;
	if (!--w->pending && !w->newest && G.early && !w->late)
		close_waiter(i);
}

/* What the late loads add: to a closed instruction, what its slowest
 * exceeds the one counted; a new one, itself. */
static void add_late(void)
{
	struct closed buf[1024];
	size_t n;

	if (G.nclosed && (fflush(G.closed) || fseeko(G.closed, 0, SEEK_SET)))
		wt_die(WT_EXIT_DATA, "the temporary file: %s", strerror(errno));
	while (G.nclosed && (n = fread(buf, sizeof(*buf), 1024, G.closed)) > 0)
		for (size_t i = 0; i < n; i++) {
			int64_t o = find_older(buf[i].key);
			struct waiter *w = o >= 0 ? &G.wait[o] : NULL;

			if (!w || !w->late)
				continue;
			if (w->lat > buf[i].lat)
				G.stall += w->lat - buf[i].lat;
			w->late = 2;		/* counted already */
		}
	if (G.nclosed && ferror(G.closed))
		wt_die(WT_EXIT_DATA, "the temporary file: %s", strerror(errno));
	for (size_t i = 0; i < G.nwait; i++)
		if (G.wait[i].open && G.wait[i].late == 1) {
			G.stall += G.wait[i].lat;
			G.ninstr++;
		}
}

/* The kernel has ended, every load served: its instructions close. */
static void add_stalls(void)
{
	for (size_t i = 0; i < G.nwait; i++)
		if (G.wait[i].open && !G.wait[i].late)
			count_stall(G.wait[i].key, G.wait[i].lat, 1);
	if (G.nlate)
		add_late();
	G.nwait = 0;
	G.nfreed = 0;
	G.nlate = 0;
	wt_warpix_clear(G.newest);
	wt_u64map_clear(G.older);
	if (G.nclosed && (fflush(G.closed) || fseeko(G.closed, 0, SEEK_SET) ||
			  ftruncate(fileno(G.closed), 0)))
		wt_die(WT_EXIT_DATA, "the temporary file: %s", strerror(errno));
	G.nclosed = 0;
}

/* A request's arrival at the controller, from its event's time: core
 * cycles after the latency in, and DRAM cycles. */
static void set_arrival(struct wt_dram_req *q, const struct wt_event *e)
{
	q->core_arrive = e->time + G.latency_in;
	q->arrive = wt_dram_to_dram(&G.clk, q->core_arrive);
}

/*
 * Bring up to want requests back from the channel's file of class cls to
 * the end of its lists, in order (a stop of its run, or between runs: see
 * wt_dram_count_full).  Those the channel had seen before they went
 * join rq[0..ran-1] if nothing it has not seen is there before them.
 */
static void take_back(struct chan_work *w, unsigned cls, size_t want)
{
	struct wt_spill *s = &w->kept[cls];
	const struct kept_req *k;
	size_t got;

	wt_spill_fill(s, want);
	k = wt_spill_buf(s);
	got = s->n - s->first;
	for (size_t i = s->first; i < s->n; i++) {
		struct wt_dram_req *q;

		ensure(w);
		q = &w->rq[w->n];
		memset(q, 0, sizeof(*q));
		set_arrival(q, &k[i].e);
		q->row = k[i].row;
		q->bank = k[i].bank;
		q->bursts = k[i].bursts;
		q->write = k[i].write;
		q->high = k[i].high;
		q->full = k[i].full;
		q->id = (uint32_t)w->n;
		w->ev[w->n] = k[i].e;
		w->wait[w->n] = k[i].wait;
		wt_dram_count_full(&w->ch, q);
		if (k[i].ran && w->ran == w->n)
			w->ran++;
		w->n++;
	}
	w->added[cls] += got;
	wt_spill_take(s, got);
	if (!wt_spill_count(s))
		w->ch.more &= ~(1u << cls);
}

/* A kernel out of time order sorts the requests read since the last run
 * (run_batch), so none may wait on a file: every channel's come back. */
static void take_all_back(void)
{
	for (unsigned i = 0; i < G.cfg.channels; i++)
		for (unsigned c = 0; c < 2; c++)
			while (wt_spill_count(&G.cw[i].kept[c]))
				take_back(&G.cw[i], c, KEPT_CHUNK);
}

/* Take one input event: a DRAM request into its channel, or ignored. */
static void take(const struct wt_reader *r, const struct wt_event *e, uint64_t index)
{
	const struct wt_dram_cfg *c = &G.cfg;
	struct wt_dram_loc loc;
	struct chan_work *w;
	struct wt_dram_req *q;
	unsigned bytes, bb = wt_dram_burst_bytes(c), cls;
	int write, ignore;
	uint32_t wix;

	if (e->level > 2)
		wt_die(WT_EXIT_DATA, "%s: record %llu: a level-%u event (DRAM); "
		       "expected the events of l1sim or l2sim (level 1 or 2)",
		       wt_reader_name(r), (unsigned long long)index, e->level);
	if (e->time < G.last_time && !G.unsorted) {
		G.unsorted = 1;
		take_all_back();
	}
	G.last_time = e->time;
	G.held++;
	wt_dram_map_decode(&G.map, c, e->addr, &loc);
	/* l2sim's slice says the channel: channel * K + sub-partition */
	if (e->level == 2 && e->partition < c->channels * G.map.sub)
		loc.channel = e->partition / G.map.sub;
	w = &G.cw[loc.channel];
	/* MeDiC's WMS: L2 hits and misses type the warps as l2sim does */
	if (c->sched == WT_DRAM_MEDIC && e->level == 2 &&
	    (e->type == WT_EV_HIT || e->type == WT_EV_MISS)) {
		wt_medic_lookup(&G.medic, wt_medic_key(G.kernel, e->warp), e->time,
				e->type == WT_EV_HIT);
		G.lookups++;
		G.hits += e->type == WT_EV_HIT;
	}
	/* hits, misses merged into a fetch under way and L2 store misses
	 * (l2sim --events=all) ask nothing of the DRAM */
	ignore = e->type == WT_EV_HIT ||
		 (e->type == WT_EV_MISS && (e->miss_class == WT_MISS_LATENCY ||
					    e->op == WT_OP_STORE));
	wix = counted(e) ? wait_read(e, !ignore) : 0;
	if (ignore) {
		w->ignored++;
		return;
	}
	write = e->type == WT_EV_WRITE_THROUGH || e->type == WT_EV_WRITE_BACK ||
		(e->type == WT_EV_BYPASS && e->op == WT_OP_STORE);
	bytes = e->sectors ? bits(e->sectors) * G.sector : G.line;
	ensure(w);
	w->ev[w->n] = *e;
	q = &w->rq[w->n];
	memset(q, 0, sizeof(*q));
	set_arrival(q, e);
	q->row = loc.row;
	q->bank = loc.bank;
	q->bursts = (bytes + bb - 1) / bb;
	if (!q->bursts)
		q->bursts = 1;
	q->write = (uint8_t)write;
	if (c->sched == WT_DRAM_MEDIC && e->type != WT_EV_WRITE_BACK) {
		/* a write-back is no warp's request: low priority */
		int profiling;
		enum wt_wtype t = wt_medic_type(&G.medic, wt_medic_key(G.kernel, e->warp),
						e->time, &profiling);

		q->high = t == WT_WT_MOSTLY_HIT || t == WT_WT_ALL_HIT;
		G.high += q->high;
	}
	w->wait[w->n] = wix;
	q->id = (uint32_t)w->n;
	cls = wt_dram_class(&w->ch, q);
	if (wt_spill_count(&w->kept[cls])) {
		keep(w, q, e, wix, 0);	/* behind the ones on the file */
		return;
	}
	w->added[cls]++;
	w->n++;
}

static int by_arrival(const void *a, const void *b)
{
	const struct wt_dram_req *x = a, *y = b;

	if (x->arrive != y->arrive)
		return x->arrive < y->arrive ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Whether a channel's requests q[k..n-1] are in arrival order, as those
 * read in time order are: then they need no sort. */
static int in_arrival_order(const struct wt_dram_req *q, size_t k, size_t n)
{
	for (k++; k < n; k++)
		if (by_arrival(&q[k - 1], &q[k]) > 0)
			return 0;
	return 1;
}

/* Whether request x is written after y: by completion, then admission. */
static int done_after(const struct wt_dram_req *x, const struct wt_dram_req *y)
{
	return x->core_done != y->core_done ? x->core_done > y->core_done :
	       x->seq > y->seq;
}

/*
 * Sort a channel's done list (a[0..n-1], with tmp for n / 2) for writing.
 * The list is in admission order and the channel serves its requests in
 * about that order, so it is mostly sorted: out of order only where the
 * scheduler passed a request over, near it.  A merge sort that merges
 * two sorted halves only where they overlap (the left's tail after the
 * right's first, and the right's head before the left's last, found by
 * binary search) is near linear on it, and n log n at worst.
 */
static void sort_done(struct wt_dram_req **a, struct wt_dram_req **tmp, size_t n)
{
	size_t h = n / 2, lo, hi, i, j, k;

	if (n <= 16) {		/* by insertion, stable: linear when sorted */
		for (i = 1; i < n; i++) {
			struct wt_dram_req *x = a[i];

			for (j = i; j > 0 && done_after(a[j - 1], x); j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
		return;
	}
	sort_done(a, tmp, h);
	sort_done(a + h, tmp, n - h);
	if (!done_after(a[h - 1], a[h]))
		return;
	/* a[lo..h-1]: the left's written after a[h]; a[h..hi-1]: the
	 * right's written before a[h-1] */
	for (lo = 0, k = h - 1; lo < k;) {
		size_t m = lo + (k - lo) / 2;

		if (done_after(a[m], a[h]))
			k = m;
		else
			lo = m + 1;
	}
	for (hi = h + 1, k = n; hi < k;) {
		size_t m = hi + (k - hi) / 2;

		if (done_after(a[h - 1], a[m]))
			hi = m + 1;
		else
			k = m;
	}
	memcpy(tmp, a + lo, (h - lo) * sizeof(*a));
	i = 0, j = h, k = lo;
	while (i < h - lo && j < hi)	/* stable: the left one on a tie */
		a[k++] = done_after(tmp[i], a[j]) ? a[j++] : tmp[i++];
	while (i < h - lo)
		a[k++] = tmp[i++];
}

static void put_event(const struct chan_work *w, const struct wt_dram_req *q,
		      unsigned channel)
{
	struct wt_event e = w->ev[q->id];
	uint64_t lat = q->core_done - e.time;

	if (counted(&e))
		wait_done(w->wait[q->id], (uint64_t)e.latency + lat);

	e.time = q->core_done;
	e.latency = lat > UINT32_MAX ? UINT32_MAX : (uint32_t)lat;
	e.type = q->outcome == WT_DRAM_HIT ? WT_EV_HIT : WT_EV_MISS;
	e.op = q->write ? WT_OP_STORE : WT_OP_LOAD;
	e.miss_class = WT_MISS_NONE;
	e.level = 3;
	e.partition = (uint16_t)channel;
	if (wt_writer_put(G.w, &e) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
}

/* The earliest DRAM arrival of a request not read yet: the input is in
 * time order (l1sim and l2sim write it so), so its core arrival is no
 * earlier than the last event's time plus the latency in. */
static uint64_t next_arrival(void)
{
	uint64_t t = G.last_time > UINT64_MAX - G.latency_in ? UINT64_MAX :
		     G.last_time + G.latency_in;

	return t == UINT64_MAX ? t : wt_dram_to_dram(&G.clk, t);
}

/* The end of the requests a channel has admitted: none at or past it
 * has been (with MeDiC's two queues, neither head bounds them: a queue
 * with none waiting has its head at the end). */
static size_t admitted_end(const struct wt_dram_chan *ch, size_t n)
{
	return ch->adm_end < n ? ch->adm_end : n;
}

/* A channel's requests done before core cycle h, in the order they are
 * written: by completion, then by admission (seq).  Only those between
 * the gone ones in front and the ones not admitted yet are looked at, so
 * a backlog waiting for room in the queue costs nothing per batch. */
static void done_before(struct chan_work *w, uint64_t h)
{
	size_t end = admitted_end(&w->ch, w->n);

	w->ndone = 0;
	for (size_t k = w->low; k < end; k++) {
		struct wt_dram_req *q = &w->rq[k];

		if (q->gone || !q->admitted || q->left || q->core_done >= h)
			continue;
		if (w->ndone == w->capdone) {
			w->capdone = w->capdone ? 2 * w->capdone : 1024;
			w->done = wt_realloc(w->done, w->capdone * sizeof(*w->done));
			w->tmp = wt_realloc(w->tmp, w->capdone * sizeof(*w->tmp));
		}
		w->done[w->ndone++] = q;
	}
	if (w->ndone)
		sort_done(w->done, w->tmp, w->ndone);
}

/* Drop the requests written from a channel's lists.  Their events follow
 * them: rq is in ev's order (ids ascending) whenever some request stays,
 * as only a kernel out of time order sorts rq, and its end takes all.
 * The lists are moved only once half of them is gone (or at the end), so
 * that moving them costs O(1) a request however small the batches and
 * however long the backlog; until then written requests stay, marked. */
static void compact(unsigned channel, int final)
{
	struct chan_work *w = &G.cw[channel];
	size_t j = 0;

	while (w->low < w->n && w->rq[w->low].gone)
		w->low++;
	if (!final && 2 * w->ngone < w->n)
		return;
	w->low = w->ngone = 0;
	for (size_t k = 0; k < w->n; k++) {
		if (w->rq[k].gone)
			continue;
		w->ev[j] = w->ev[w->rq[k].id];
		w->wait[j] = w->wait[w->rq[k].id];
		w->rq[k].id = (uint32_t)j++;
	}
	w->n = wt_dram_compact(&w->ch, w->rq, w->n);
	w->ran = w->n;
}

/*
 * With more than --spill bytes of requests waiting outside a channel's
 * queues (its share of them), those of a class past its first KEPT_CHUNK
 * waiting go to the class's file, and every request of the class read
 * for the channel after them, until the run has taken them all back (the
 * file empty, more requests may go).  A run stops when a queue would
 * take a request that is on its file (wt_dram_run_until), and they come
 * back a chunk at a time.  Each class has its own file, so that MeDiC's
 * high requests still pass a low backlog on the file.
 */
static void keep_waiting(struct chan_work *w)
{
	struct wt_dram_chan *ch = &w->ch;
	uint64_t share = G.spill / G.cfg.channels, waiting[2];
	int moved = 0;

	if (G.unsorted)
		return;
	for (unsigned c = 0; c < 2; c++)
		waiting[c] = w->added[c] - ch->admits[c];
	if ((waiting[0] + waiting[1]) * WAITING_BYTES <= share)
		return;
	for (unsigned c = 0; c < 2; c++) {
		uint64_t seen = 0;

		if (wt_spill_count(&w->kept[c]) || waiting[c] <= KEPT_CHUNK)
			continue;
		/* a class's requests from its head on wait, in order */
		for (size_t i = ch->head[c]; i < w->n; i++) {
			struct wt_dram_req *q = &w->rq[i];

			if (wt_dram_class(ch, q) != c || ++seen <= KEPT_CHUNK)
				continue;
			keep(w, q, &w->ev[q->id], w->wait[q->id], 1);
			q->gone = 1;	/* dropped from the lists below */
			w->added[c]--;
			moved = 1;
		}
	}
	if (moved)
		compact((unsigned)(w - G.cw), 1);
}

/*
 * Run the channels over the requests read (up to the next arrival; all
 * of them at the kernel's end, final) and write those done before every
 * later completion: no channel can finish a request before its clock,
 * nor one not read before its arrival (wt_dram_floor).  The channels see
 * the requests of one whole-kernel run in the same order, cycle by cycle
 * (wt_dram_run_until), so the output and statistics are those of the
 * whole kernel.
 */
static void run_to(uint64_t until, int final)
{
	unsigned nc = G.cfg.channels;
	uint64_t h = UINT64_MAX;
	size_t *pos = wt_calloc(nc, sizeof(*pos));
	uint64_t *head = wt_calloc(nc, sizeof(*head));

	/* a batch of a few events on one thread: starting the threads costs
	 * more than it saves */
	#pragma omp parallel for schedule(dynamic, 1) if (G.held >= 4096)
	for (unsigned i = 0; i < nc; i++) {
		struct chan_work *w = &G.cw[i];

		/* in arrival order: those read in time order are already */
		if (!in_arrival_order(w->rq, w->ran, w->n))
			qsort(w->rq + w->ran, w->n - w->ran, sizeof(*w->rq), by_arrival);
		for (;;) {
			wt_dram_run_until(&w->ch, w->rq, w->n, until);
			if (!w->ch.wants_more)
				break;
			take_back(w, w->ch.wants_more >> 1, KEPT_CHUNK);
		}
		w->ran = w->n;
	}
	for (unsigned i = 0; i < nc; i++) {
		uint64_t f = wt_dram_floor(&G.cw[i].ch, until);

		if (f < h)
			h = f;
	}
	#pragma omp parallel for schedule(dynamic, 1) if (G.held >= 4096)
	for (unsigned i = 0; i < nc; i++)
		done_before(&G.cw[i], h);
	/* merged by completion, the lower channel on a tie; head[i] is the
	 * completion of channel i's next, UINT64_MAX when it has none (none
	 * is done then: h bounds them) */
	for (unsigned i = 0; i < nc; i++)
		head[i] = G.cw[i].ndone ? G.cw[i].done[0]->core_done : UINT64_MAX;
	for (;;) {
		struct chan_work *w;
		unsigned best = 0;

		for (unsigned i = 1; i < nc; i++)
			best = head[i] < head[best] ? i : best;
		if (head[best] == UINT64_MAX)
			break;
		w = &G.cw[best];
		put_event(w, w->done[pos[best]], best);
		w->done[pos[best]++]->gone = 1;
		w->ngone++;
		head[best] = pos[best] < w->ndone ? w->done[pos[best]]->core_done :
			     UINT64_MAX;
	}
	for (unsigned i = 0; i < nc; i++) {
		compact(i, final);
		if (!final)
			keep_waiting(&G.cw[i]);
	}
	free(pos);
	free(head);
}

/* DRAM cycles of a slice of a kernel's end (run_batch). */
enum { KEPT_SLICE = 1 << 16 };

/* The end of the next slice: KEPT_SLICE cycles past the channel furthest
 * behind of those with requests on a file; 0 when none has. */
static uint64_t slice_end(void)
{
	uint64_t t = UINT64_MAX;

	for (unsigned i = 0; i < G.cfg.channels; i++)
		if (kept_count(&G.cw[i]) && G.cw[i].ch.now < t)
			t = G.cw[i].ch.now;
	return t == UINT64_MAX ? 0 : t + KEPT_SLICE;
}

/*
 * A batch: the channels run to the next arrival.  At a kernel's end
 * (final) every request has been given, so they may stop at any cycle:
 * while some wait on a file they run a slice at a time, each slice's
 * requests written and dropped before the next, so that a backlog comes
 * back from the file a slice at a time, not whole; then to the end.
 */
static void run_batch(int final)
{
	uint64_t t, prev = 0;

	/* each slice moves the slowest channel with a file on; should one
	 * not, the files come back whole rather than the loop going on */
	while (final && (t = slice_end()) != 0) {
		if (t == prev) {
			take_all_back();
			break;
		}
		run_to(t, 0);
		prev = t;
	}
	run_to(final ? UINT64_MAX : next_arrival(), final);
	G.held = 0;
	if (final) {
		add_stalls();
		wt_medic_kernel_end(&G.medic);
	}
}

/* Whether to run a batch now: --batch events read, and the stream in time
 * order so far (out of order, the rest of the kernel is held whole). */
static int batch_due(void)
{
	return G.batch && G.held >= G.batch && !G.unsorted;
}

static void stats_json(struct wt_json *j, const struct wt_dram_stats *s, uint64_t ignored,
		       unsigned nchan, int total)
{
	const struct wt_dram_cfg *c = &G.cfg;
	uint64_t req = s->reads + s->writes, n, sum, lo, hi;
	uint64_t cycles = s->last > s->first && s->first != UINT64_MAX ?
			  s->last - s->first : 0;
	static const unsigned pct[] = { 50, 90, 95, 99 };

	wt_json_key_u64(j, "requests", req);
	wt_json_key_u64(j, "reads", s->reads);
	wt_json_key_u64(j, "writes", s->writes);
	wt_json_key_u64(j, "ignored", ignored);
	if (G.cfg.sched == WT_DRAM_MEDIC && total) {
		wt_json_key_u64(j, "medic_lookups", G.lookups);
		wt_json_key_u64(j, "high_priority", G.high);
	}
	if (total) {
		wt_json_key_u64(j, "stall_cycles", G.stall);
		wt_json_key_ratio(j, "mean_stall", (double)G.stall, (double)G.ninstr);
	}
	wt_json_key_u64(j, "row_hits", s->outcome[WT_DRAM_HIT]);
	wt_json_key_u64(j, "row_misses", s->outcome[WT_DRAM_MISS]);
	wt_json_key_u64(j, "row_conflicts", s->outcome[WT_DRAM_CONFLICT]);
	wt_json_key_ratio(j, "row_buffer_hit_rate", (double)s->outcome[WT_DRAM_HIT], (double)req);
	wt_dram_lat_summary(s, &n, &sum, &lo, &hi);
	wt_json_key(j, "latency");
	wt_json_begin_object(j);
	if (n) {
		wt_json_key(j, "mean");
		wt_json_double(j, (double)sum / (double)n);
		wt_json_key_u64(j, "min", lo);
		wt_json_key_u64(j, "max", hi);
		for (int k = 0; k < 4; k++) {
			char key[8];

			wt_json_key_u64(j, wt_snprintf(key, sizeof(key), "p%u", pct[k]),
					wt_dram_lat_percentile(s, pct[k]));
		}
	}
	wt_json_end_object(j);
	wt_json_key_u64(j, "queue_full", s->queue_full);
	wt_json_key_ratio(j, "queue_occupancy", (double)s->occupancy, (double)cycles * nchan);
	wt_json_key_u64(j, "bursts", s->bursts);
	wt_json_key_u64(j, "bytes", s->bursts * wt_dram_burst_bytes(c));
	wt_json_key_u64(j, "bus_busy_cycles", s->busy);
	wt_json_key_u64(j, "cycles", cycles);
	wt_json_key_u64(j, "core_cycles", wt_dram_to_core(&G.clk, cycles));
	wt_json_key_ratio(j, "bus_utilization", (double)s->busy, (double)cycles * nchan);
	wt_json_key_ratio(j, "bandwidth_utilization",
			  (double)s->bursts * wt_dram_burst_bytes(c),
		  (double)cycles * nchan * c->bus_width * c->data_rate);
	wt_json_key_ratio(j, "bandwidth_gbps",
			  (double)s->bursts * wt_dram_burst_bytes(c) * G.clk.dram_mhz,
		  (double)cycles * 1000.0);
}

static void banks_json(struct wt_json *j, const struct wt_dram_chan *ch)
{
	const struct wt_dram_cfg *c = &G.cfg;

	wt_json_key(j, "banks");
	wt_json_begin_array(j);
	for (unsigned b = 0; b < c->ranks * c->banks; b++) {
		const struct wt_dram_bank *k = &ch->bank[b];

		wt_json_begin_object(j);
		wt_json_key_u64(j, "rank", b / c->banks);
		wt_json_key_u64(j, "bank", b % c->banks);
		wt_json_key_u64(j, "accesses", k->accesses);
		wt_json_key_u64(j, "activates", k->activates);
		wt_json_key_u64(j, "precharges", k->precharges);
		wt_json_key_u64(j, "row_hits", k->row_hits);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
}

static void settings_json(struct wt_json *j)
{
	const struct wt_dram_cfg *c = &G.cfg;
	const struct wt_dram_timing *t = &c->t;

	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, G.machine.origin);
	wt_json_key(j, "arch");
	wt_json_string(j, G.arch);
	wt_json_key_u64(j, "channels", c->channels);
	wt_json_key_u64(j, "ranks", c->ranks);
	wt_json_key_u64(j, "banks", c->banks);
	wt_json_key_u64(j, "rows", c->rows);
	wt_json_key_u64(j, "columns", c->columns);
	wt_json_key(j, "map");
	if (G.map.masked)
		wt_json_string(j, G.map.text);
	else
		wt_json_null(j);
	wt_json_key_u64(j, "interleave", G.map.interleave);
	wt_json_key_u64(j, "sub_partitions", G.map.sub);
	wt_json_key(j, "partition_indexing");
	wt_json_string(j, wt_pidx_name(G.map.indexing));
	wt_json_key_u64(j, "tCL", t->tCL);
	wt_json_key_u64(j, "tRP", t->tRP);
	wt_json_key_u64(j, "tRC", t->tRC);
	wt_json_key_u64(j, "tRAS", t->tRAS);
	wt_json_key_u64(j, "tRCD", t->tRCD);
	wt_json_key_u64(j, "tRRD", t->tRRD);
	wt_json_key_u64(j, "tWR", t->tWR);
	wt_json_key_u64(j, "tWL", t->tWL);
	wt_json_key_u64(j, "tCCD", t->tCCD);
	wt_json_key_u64(j, "burst", c->burst);
	wt_json_key_u64(j, "bus_width", c->bus_width);
	wt_json_key_u64(j, "data_rate", c->data_rate);
	wt_json_key_u64(j, "burst_bytes", wt_dram_burst_bytes(c));
	wt_json_key_u64(j, "clock_mhz", G.clk.dram_mhz);
	wt_json_key_u64(j, "core_clock_mhz", G.clk.core_mhz);
	wt_json_key_u64(j, "latency_in", G.latency_in);
	wt_json_key_u64(j, "queue", c->queue);
	wt_json_key(j, "sched");
	wt_json_string(j, wt_dram_sched_name(c->sched));
	wt_json_key_u64(j, "request_bytes", G.line);
	wt_json_key_u64(j, "sector_bytes", G.sector);
	wt_json_end_object(j);
}

static void write_stats(const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_dram_stats tot;
	unsigned nc = G.cfg.channels;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	memset(&tot, 0, sizeof(tot));
	tot.first = UINT64_MAX;
	for (unsigned i = 0; i < nc; i++) {
		wt_dram_stats_add(&tot, &G.cw[i].ch.st);
		wt_dram_stats_add_lat(&tot, &G.cw[i].ch.st);
	}
	wt_json_stats_begin(j, "dramsim", argc, argv);
	wt_json_provenance(j, &G.meta);
	settings_json(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	stats_json(j, &tot, G.ignored, nc, 1);
	wt_json_end_object(j);
	wt_json_key(j, "channels");
	wt_json_begin_array(j);
	for (unsigned i = 0; i < nc; i++) {
		wt_json_begin_object(j);
		wt_json_key_u64(j, "channel", i);
		stats_json(j, &G.cw[i].ch.st, G.cw[i].ignored, 1, 0);
		banks_json(j, &G.cw[i].ch);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_end_object(j);
	wt_dram_stats_free(&tot);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/* The size of a request without a sector mask: the line size the
 * upstream stages name, else 128 bytes. */
static void request_sizes(const struct wt_meta *m)
{
	static const char *const keys[] = { "l2_line", "l1_line", "line_size" };
	uint64_t v;
	const char *why, *s;

	G.line = 128;
	G.sector = 32;
	for (int i = 0; i < 3; i++) {
		s = wt_meta_get(m, keys[i]);
		if (s && wt_parse_u64(s, 65536, &v, &why) == 0 && v) {
			G.line = (unsigned)v;
			break;
		}
	}
	s = wt_meta_get(m, "sector_size");
	if (s && wt_parse_u64(s, 65536, &v, &why) == 0 && v)
		G.sector = (unsigned)v;
}

static void timing_options(const char *const *set)
{
	static const struct { int opt; const char *name; size_t off; } tt[] = {
		{ O_TCL, "tCL", offsetof(struct wt_dram_timing, tCL) },
		{ O_TRP, "tRP", offsetof(struct wt_dram_timing, tRP) },
		{ O_TRC, "tRC", offsetof(struct wt_dram_timing, tRC) },
		{ O_TRAS, "tRAS", offsetof(struct wt_dram_timing, tRAS) },
		{ O_TRCD, "tRCD", offsetof(struct wt_dram_timing, tRCD) },
		{ O_TRRD, "tRRD", offsetof(struct wt_dram_timing, tRRD) },
		{ O_TWR, "tWR", offsetof(struct wt_dram_timing, tWR) },
		{ O_TWL, "tWL", offsetof(struct wt_dram_timing, tWL) },
		{ O_TCCD, "tCCD", offsetof(struct wt_dram_timing, tCCD) },
	};

	for (size_t i = 0; i < sizeof(tt) / sizeof(tt[0]); i++)
		if (set[tt[i].opt])
			*(unsigned *)((char *)&G.cfg.t + tt[i].off) =
				(unsigned)wt_opt_num(tt[i].name, set[tt[i].opt], 0, 65536);
}

static const struct option longopts[] = {
	{ "channels", required_argument, NULL, O_CHANNELS },
	{ "ranks", required_argument, NULL, O_RANKS },
	{ "banks", required_argument, NULL, O_BANKS },
	{ "rows", required_argument, NULL, O_ROWS },
	{ "columns", required_argument, NULL, O_COLUMNS },
	{ "map", required_argument, NULL, O_MAP },
	{ "interleave", required_argument, NULL, O_INTERLEAVE },
	{ "sub-partitions", required_argument, NULL, O_SUB },
	{ "partition-indexing", required_argument, NULL, O_PIDX },
	{ "tCL", required_argument, NULL, O_TCL },
	{ "tRP", required_argument, NULL, O_TRP },
	{ "tRC", required_argument, NULL, O_TRC },
	{ "tRAS", required_argument, NULL, O_TRAS },
	{ "tRCD", required_argument, NULL, O_TRCD },
	{ "tRRD", required_argument, NULL, O_TRRD },
	{ "tWR", required_argument, NULL, O_TWR },
	{ "tWL", required_argument, NULL, O_TWL },
	{ "tCCD", required_argument, NULL, O_TCCD },
	{ "burst", required_argument, NULL, O_BURST },
	{ "bus-width", required_argument, NULL, O_BUSW },
	{ "data-rate", required_argument, NULL, O_RATE },
	{ "clock", required_argument, NULL, O_CLOCK },
	{ "core-clock", required_argument, NULL, O_CORE },
	{ "latency-in", required_argument, NULL, O_LATIN },
	{ "queue", required_argument, NULL, O_QUEUE },
	{ "batch", required_argument, NULL, O_BATCH },
	{ "spill", required_argument, NULL, O_SPILL },
	{ "sched", required_argument, NULL, O_SCHED },
	{ "medic-reset", required_argument, NULL, O_MRESET },
	{ "medic-profile", required_argument, NULL, O_MPROFILE },
	{ "medic-step", required_argument, NULL, O_MSTEP },
	{ "output", required_argument, NULL, 'o' },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/*
 * The machine's DRAM (stageopt.h) for every option the command line does
 * not give (explicit[]), then the options; a usage error if they do not
 * fit.  stream: the input's metadata, or NULL before it is read.
 */
static void configure(const struct wt_stage_args *a, const char *const *explicit,
		      const struct wt_meta *stream, const struct option *lopts)
{
	struct wt_dram_cfg *c = &G.cfg;
	unsigned dram_mhz, core_mhz, given = 0;
	static const char *const mapping[] = { "channels", "sub-partitions",
		"map", "partition-indexing", "interleave", NULL };
	const char *set[O_NOPTS];
	struct wt_meta opts;
	char err[512];

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("dramsim", a, stream, &G.machine, &opts);
	G.arch = G.machine.name;
	wt_stage_group(&opts, lopts, explicit, mapping);
	wt_stage_defaults(lopts, set, &opts);
	base(c, &dram_mhz, &core_mhz);
	if (set[O_CHANNELS])
		c->channels = (unsigned)wt_opt_num("channels", set[O_CHANNELS], 1, 1024);
	if (set[O_RANKS])
		c->ranks = (unsigned)wt_opt_num("ranks", set[O_RANKS], 1, 64);
	if (set[O_BANKS]) {
		c->banks = (unsigned)wt_opt_num("banks", set[O_BANKS], 1, 1024);
		given |= explicit[O_BANKS] || (set[O_MAP] && !explicit[O_MAP]);
	}
	if (set[O_ROWS]) {
		c->rows = wt_opt_num("rows", set[O_ROWS], 1, UINT32_MAX);
		given |= 2;
	}
	if (set[O_COLUMNS]) {
		c->columns = (unsigned)wt_opt_num("columns", set[O_COLUMNS], 1, 1u << 20);
		given |= 4;
	}
	timing_options(set);
	if (set[O_BURST])
		c->burst = (unsigned)wt_opt_num("burst", set[O_BURST], 1, 256);
	if (set[O_BUSW])
		c->bus_width = (unsigned)wt_opt_num("bus-width", set[O_BUSW], 1, 1024);
	if (set[O_RATE])
		c->data_rate = (unsigned)wt_opt_num("data-rate", set[O_RATE], 1, 16);
	if (set[O_CLOCK])
		dram_mhz = (unsigned)wt_opt_num("clock", set[O_CLOCK], 1, 100000);
	if (set[O_CORE])
		core_mhz = (unsigned)wt_opt_num("core-clock", set[O_CORE], 1, 100000);
	if (set[O_LATIN])
		G.latency_in = (unsigned)wt_opt_num("latency-in", set[O_LATIN], 0, 1u << 24);
	if (set[O_QUEUE])
		c->queue = (unsigned)wt_opt_num("queue", set[O_QUEUE], 1, 65536);
	/* 1M events, as l1sim and l2sim: at most 128 MB of requests held
	 * (80 bytes and their event's 48), and batches long enough that
	 * running them costs nothing */
	G.batch = set[O_BATCH] ? (size_t)wt_opt_num("batch", set[O_BATCH], 0,
						    1u << 30) : 1u << 20;
	G.spill = set[O_SPILL] ? wt_opt_num("spill", set[O_SPILL], 0,
					    UINT64_MAX) : (uint64_t)64 << 20;
	/* whole kernels hold their instructions too: no temporary file */
	G.early = G.batch != 0;
	if (set[O_SCHED]) {
		if (strcmp(set[O_SCHED], "fcfs") == 0)
			c->sched = WT_DRAM_FCFS;
		else if (strcmp(set[O_SCHED], "frfcfs") == 0)
			c->sched = WT_DRAM_FRFCFS;
		else if (strcmp(set[O_SCHED], "medic") == 0)
			c->sched = WT_DRAM_MEDIC;
		else
			wt_die(WT_EXIT_USAGE, "--sched=%s: expected frfcfs, fcfs or medic",
			       set[O_SCHED]);
	}
	{
		struct wt_medic_cfg mc;

		/* taken, without effect, by the other schedulers (sweeps) */
		wt_medic_default(&mc);
		wt_medic_options(&mc, set[O_MRESET], set[O_MPROFILE], set[O_MSTEP]);
		wt_medic_init(&G.medic, &mc);
	}
	if (set[O_MAP]) {
		if (set[O_INTERLEAVE])
			wt_die(WT_EXIT_USAGE, "--interleave is for the default mapping; "
			       "--map sets it with dramid@N");
		if (wt_dram_map_parse(set[O_MAP], &G.map, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "--map=%s: %s", set[O_MAP], err);
	}
	if (set[O_INTERLEAVE])
		G.map.interleave = (unsigned)wt_opt_num("interleave", set[O_INTERLEAVE], 1,
							1u << 30);
	G.map.sub = set[O_SUB] ? (unsigned)wt_opt_num("sub-partitions", set[O_SUB],
						      1, 64) : 1;
	if (G.map.sub & (G.map.sub - 1))
		wt_die(WT_EXIT_USAGE, "--sub-partitions=%u: expected a power of two",
		       G.map.sub);
	if (set[O_PIDX] && wt_pidx_parse(set[O_PIDX], &G.map.indexing, err,
					 sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "--partition-indexing=%s: %s", set[O_PIDX], err);
	if (wt_dram_map_fit(&G.map, c, given, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if (wt_dram_cfg_check(c, err, sizeof(err)))
		wt_die(WT_EXIT_USAGE, "%s", err);
	wt_dram_clock_init(&G.clk, core_mhz, dram_mhz);
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
	struct wt_reader *r;
	struct wt_header h;
	struct wt_item it;
	char err[768];
	int level, in_kernel = 0;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "dramsim", usage, longopts, O_CHANNELS, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&G.machine);
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	r = wt_stage_input(&args, WT_KIND_EVENT, "run l1sim or l2sim first", configure_cb, &cmd);
	request_sizes(&wt_reader_header(r)->meta);
	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&G.machine, &h.meta);
	wt_meta_set(&h.meta, "dram_channels",
		    wt_snprintf(err, sizeof(err), "%u", G.cfg.channels));
	wt_meta_set(&h.meta, "dram_sched", wt_dram_sched_name(G.cfg.sched));
	G.w = wt_output_open(output, &h, level);
	wt_meta_init(&G.meta);
	wt_meta_copy(&G.meta, &h.meta);
	wt_header_free(&h);

	G.cw = wt_calloc_lines(G.cfg.channels, sizeof(*G.cw));
	G.newest = wt_warpix_new();
	G.older = wt_u64map_new();
	for (unsigned i = 0; i < G.cfg.channels; i++) {
		wt_dram_chan_init(&G.cw[i].ch, &G.cfg, &G.clk, i);
		for (unsigned c = 0; c < 2; c++)
			wt_spill_init_records(&G.cw[i].kept[c], "dramsim",
					      sizeof(struct kept_req));
	}
	while (wt_reader_next(r, &it) > 0) {
		const struct wt_event *e = it.recs;

		switch (it.type) {
		case WT_ITEM_KERNEL:
			in_kernel = 1;
			G.kernel = it.kernel->id;
			if (wt_writer_kernel_begin(G.w, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				take(r, &e[i], it.first + i);
				if (batch_due())
					run_batch(0);
			}
			wt_progress(wt_reader_name(r), it.first + it.count);
			break;
		case WT_ITEM_KERNEL_END:
			run_batch(1);
			G.last_time = 0;
			G.unsorted = 0;
			in_kernel = 0;
			if (wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	if (in_kernel)
		run_batch(1);
	wt_progress_done(wt_reader_name(r), wt_reader_records(r));
	if (G.cfg.sched == WT_DRAM_MEDIC && !G.hits)
		fprintf(stderr, "%s: note: --sched=medic saw no L2 hit, so no warp "
			"is mostly-hit: was l2sim run with --events=all?\n",
			wt_progname());
	wt_reader_close(r);
	wt_output_close();
	for (unsigned i = 0; i < G.cfg.channels; i++)
		G.ignored += G.cw[i].ignored;
	if (stats)
		write_stats(stats, argc, argv);
	for (unsigned i = 0; i < G.cfg.channels; i++) {
		wt_dram_chan_free(&G.cw[i].ch);
		wt_spill_free(&G.cw[i].kept[0]);
		wt_spill_free(&G.cw[i].kept[1]);
		free(G.cw[i].ev);
		free(G.cw[i].wait);
		free(G.cw[i].rq);
		free(G.cw[i].done);
		free(G.cw[i].tmp);
	}
	free(G.wait);
	free(G.freed);
	wt_warpix_free(G.newest);
	wt_u64map_free(G.older);
	if (G.closed)
		fclose(G.closed);
	wt_medic_free(&G.medic);
	free(G.cw);
	wt_machine_free(&G.machine);
	wt_dram_map_free(&G.map);
	return WT_EXIT_OK;
}
