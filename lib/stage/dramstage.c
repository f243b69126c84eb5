/*
 * dramstage.c - dramsim's engine (dramstage.h): DRAM requests from the
 * cache events, waiting in memory or on a file for room in the channels'
 * queues, run to the horizon batch by batch and written in completion
 * order; and the warp instructions waiting for their slowest load.
 */
#include "dramstage.h"

#include "dramcomp.h"
#include "par.h"
#include "spill.h"
#include "u64map.h"
#include "util.h"
#include "warpix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A channel: its model, and its requests and their events.  A thread
 * runs each (run_batch), so each is on cache lines of its own
 * (wt_calloc_lines). */
struct wt_dram_work {
	_Alignas(WT_CACHE_LINE) struct wt_dram_chan ch;
	struct wt_event *ev;	/* the events of the requests, rq[i]'s at
				   ev[rq[i].id] */
	uint32_t *wait;		/* and their instructions' in d->wait */
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
	 * (wt_dram_class: class 1's in kept[1]), in arrival order;
	 * added[c]: requests of class c put in rq, ever, so that with the
	 * channel's admits[c], those waiting in rq are known. */
	struct wt_spill kept[2];
	uint64_t added[2];
};

/* A request waiting on the file, with its event and instruction.  Only
 * what take() decoded is kept (row, bank, bursts, write, cls): its
 * arrival comes from the event again (set_arrival), and a request still
 * waiting has no order, outcome or time done yet.  full: counted in
 * queue_full; ran: the channel had seen it (it went there from rq), else
 * it was read since. */
struct kept_req {
	struct wt_event e;
	uint64_t row;
	uint32_t bank, bursts, wait;
	uint8_t write, cls, full, ran;
};

/* The bytes of a request waiting in memory, with its event and
 * instruction: what --spill counts. */
enum { WAITING_BYTES = sizeof(struct wt_dram_req) + sizeof(struct wt_event) +
		       sizeof(uint32_t) };

/* Requests brought back from the file at a time. */
enum { KEPT_CHUNK = 4096 };

/* Request q, its event e and instruction wait to its class's file. */
static void keep(struct wt_dram_work *w, const struct wt_dram_req *q,
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
	k.cls = q->cls;
	k.full = q->full;
	k.ran = (uint8_t)ran;
	wt_spill_push(&w->kept[cls], &k, 1);
	w->ch.more |= 1u << cls;
}

/* Requests of a channel on its files. */
static uint64_t kept_count(const struct wt_dram_work *w)
{
	return wt_spill_count(&w->kept[0]) + wt_spill_count(&w->kept[1]);
}
/* An open warp instruction (see wait_read). */
struct wt_dram_waiter {
	uint64_t key, lat;	/* warp << 32 | instr; the slowest */
	uint32_t pending;	/* loads read, not served yet */
	uint8_t newest;		/* its warp's newest */
	uint8_t late;		/* read after a later one of its warp, and
				   not open then */
	uint8_t open;		/* else a free slot */
};
/*
 * What no machine sets: 1 rank, and for a mapping without a mask 8192
 * rows of 256 columns (2 KB rows of 8-byte columns, the GTX 480's in
 * GPGPU-Sim).  Everything else comes from the machine (machinestage.c)
 * or the options; these values are overwritten by them.
 */
void wt_dramstage_base(struct wt_dramstage *d, unsigned *dram_mhz, unsigned *core_mhz)
{
	struct wt_dram_cfg *c = &d->cfg;

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
	c->sched = &wt_dram_frfcfs;
	*dram_mhz = 924;
	*core_mhz = 700;
	memset(&d->map, 0, sizeof(d->map));
	d->map.interleave = 256;
}

static void ensure(struct wt_dram_work *w)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 1024;
		w->ev = wt_realloc(w->ev, w->cap * sizeof(*w->ev));
		w->wait = wt_realloc(w->wait, w->cap * sizeof(*w->wait));
		w->rq = wt_realloc(w->rq, w->cap * sizeof(*w->rq));
	}
}

/*
 * Per warp instruction, its slowest load.  With batches, an instruction
 * closes, its slowest added to the stall and forgotten, once a later
 * instruction of its warp has been read and every load of it read has
 * been served: memory follows the instructions open, not the kernel's.
 * An open instruction keeps its slot in d->wait until it closes, so each
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

/* Whether e's warp instruction's stall is followed (wait_read): an L2
 * event's load or atomic, and only for the stats (no_stall_stats). */
static int counted(const struct wt_dramstage *d, const struct wt_event *e)
{
	return !d->no_stall_stats && e->level == 2 &&
	       (e->op == WT_OP_LOAD || e->op == WT_OP_ATOMIC) &&
	       e->type != WT_EV_WRITE_BACK && e->type != WT_EV_WRITE_THROUGH;
}

static uint64_t wait_key(uint32_t warp, uint32_t instr)
{
	return (uint64_t)warp << 32 | instr;
}

/* A new open instruction: its index in d->wait. */
static uint32_t new_waiter(struct wt_dramstage *d, uint64_t key, int newest)
{
	struct wt_dram_waiter *w;
	uint32_t i;

	if (d->nfreed) {
		i = d->freed[--d->nfreed];
	} else {
		if (d->nwait == d->capwait) {
			d->capwait = d->capwait ? 2 * d->capwait : 4096;
			d->wait = wt_realloc(d->wait,
					    d->capwait * sizeof(*d->wait));
		}
		i = (uint32_t)d->nwait++;
	}
	w = &d->wait[i];
	memset(w, 0, sizeof(*w));
	w->key = key;
	w->newest = (uint8_t)newest;
	w->open = 1;
	return i;
}

static void free_waiter(struct wt_dramstage *d, uint32_t i)
{
	if (d->nfreed == d->capfreed) {
		d->capfreed = d->capfreed ? 2 * d->capfreed : 4096;
		d->freed = wt_realloc(d->freed, d->capfreed * sizeof(*d->freed));
	}
	d->wait[i].open = 0;
	d->freed[d->nfreed++] = i;
}

/* An older open instruction (or a late one), or -1. */
static int64_t find_older(struct wt_dramstage *d, uint64_t key)
{
	const uint64_t *ix = wt_u64map_find(d->older, key);

	return ix ? (int64_t)*ix - 1 : -1;
}

static void add_older(struct wt_dramstage *d, uint64_t key, uint32_t i)
{
	int added;

	*wt_u64map_get(d->older, key, &added) = (uint64_t)i + 1;
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
static void count_stall(struct wt_dramstage *d, uint64_t key, uint64_t lat, int fin)
{
	struct closed c = { key, lat };

	d->stall += lat;
	d->ninstr++;
	if (fin)
		return;
	if (!d->closed)
		d->closed = temp_file();
	if (fwrite(&c, sizeof(c), 1, d->closed) != 1)
		wt_die(WT_EXIT_DATA, "the temporary file: %s (--batch=0 "
		       "needs none)", strerror(errno));
	d->nclosed++;
}

/* Count an older instruction and forget it. */
static void close_waiter(struct wt_dramstage *d, uint32_t i)
{
	count_stall(d, d->wait[i].key, d->wait[i].lat, 0);
	wt_u64map_del(d->older, d->wait[i].key);
	free_waiter(d, i);
}

/* The warp's newest instruction i is superseded: it closes if every load
 * of it has been served (with batches), or joins the older ones. */
static void supersede(struct wt_dramstage *d, uint32_t i)
{
	struct wt_dram_waiter *w = &d->wait[i];

	w->newest = 0;
	if (d->early && !w->pending) {
		count_stall(d, w->key, w->lat, 0);
		free_waiter(d, i);
	} else {
		add_older(d, w->key, i);
	}
}

/*
 * A load read: of its warp's newest instruction, or of a new one that
 * supersedes it, or of an older one still open; else it is late (with
 * batches: its instruction may have closed) and held apart.  dram: its
 * latency is known when the DRAM has served it (wait_done); else now,
 * its L2 latency.  Returns its instruction's index in d->wait.
 */
static uint32_t wait_read(struct wt_dramstage *d, const struct wt_event *e, int dram)
{
	uint64_t key = wait_key(e->warp, e->instr);
	uint64_t *newest;
	uint32_t i;
	int64_t o;
	int added;

	newest = wt_warpix_get(d->newest, e->warp, &added);
	if (added) {
		*newest = (uint64_t)new_waiter(d, key, 1) + 1;
	} else if (e->instr > (uint32_t)d->wait[*newest - 1].key) {
		supersede(d, (uint32_t)(*newest - 1));
		*newest = (uint64_t)new_waiter(d, key, 1) + 1;
	}
	i = (uint32_t)(*newest - 1);
	if (d->wait[i].key != key) {
		if ((o = find_older(d, key)) >= 0) {
			i = (uint32_t)o;
		} else {
			i = new_waiter(d, key, 0);
			d->wait[i].late = (uint8_t)d->early;
			d->nlate += d->early;
			add_older(d, key, i);
		}
	}
	if (dram)
		d->wait[i].pending++;
	else if (e->latency > d->wait[i].lat)
		d->wait[i].lat = e->latency;
	return i;
}

/* The DRAM has served a load of instruction i, lat cycles after its L2
 * arrival. */
static void wait_done(struct wt_dramstage *d, uint32_t i, uint64_t lat)
{
	struct wt_dram_waiter *w = &d->wait[i];

	if (lat > w->lat)
		w->lat = lat;
	if (!--w->pending && !w->newest && d->early && !w->late)
		close_waiter(d, i);
}

/* What the late loads add: to a closed instruction, what its slowest
 * exceeds the one counted; a new one, itself. */
static void add_late(struct wt_dramstage *d)
{
	struct closed buf[1024];
	size_t n;

	if (d->nclosed && (fflush(d->closed) || fseeko(d->closed, 0, SEEK_SET)))
		wt_die(WT_EXIT_DATA, "the temporary file: %s", strerror(errno));
	while (d->nclosed && (n = fread(buf, sizeof(*buf), 1024, d->closed)) > 0)
		for (size_t i = 0; i < n; i++) {
			int64_t o = find_older(d, buf[i].key);
			struct wt_dram_waiter *w = o >= 0 ? &d->wait[o] : NULL;

			if (!w || !w->late)
				continue;
			if (w->lat > buf[i].lat)
				d->stall += w->lat - buf[i].lat;
			w->late = 2;		/* counted already */
		}
	if (d->nclosed && ferror(d->closed))
		wt_die(WT_EXIT_DATA, "the temporary file: %s", strerror(errno));
	for (size_t i = 0; i < d->nwait; i++)
		if (d->wait[i].open && d->wait[i].late == 1) {
			d->stall += d->wait[i].lat;
			d->ninstr++;
		}
}

/* Empty the map of the older instructions.  It holds the open ones not
 * their warp's newest, mostly few at a kernel's end while the table has
 * grown to the kernel's busiest moment: taking them out one by one costs
 * their number, where clearing the table costs its size (a memset of
 * tens of KB a kernel, more than the kernel's requests cost on a small
 * one).  Whatever is left (none, unless a key was missed) is cleared. */
static void forget_older(struct wt_dramstage *d)
{
	size_t n = wt_u64map_count(d->older);

	if (n && n <= 256)
		for (size_t i = 0; i < d->nwait; i++)
			if (d->wait[i].open && !d->wait[i].newest)
				wt_u64map_del(d->older, d->wait[i].key);
	if (wt_u64map_count(d->older))
		wt_u64map_clear(d->older);
}

/* The kernel has ended, every load served: its instructions close. */
static void add_stalls(struct wt_dramstage *d)
{
	for (size_t i = 0; i < d->nwait; i++)
		if (d->wait[i].open && !d->wait[i].late)
			count_stall(d, d->wait[i].key, d->wait[i].lat, 1);
	if (d->nlate)
		add_late(d);
	forget_older(d);
	d->nwait = 0;
	d->nfreed = 0;
	d->nlate = 0;
	wt_warpix_clear(d->newest);
	if (d->nclosed && (fflush(d->closed) || fseeko(d->closed, 0, SEEK_SET) ||
			  ftruncate(fileno(d->closed), 0)))
		wt_die(WT_EXIT_DATA, "the temporary file: %s", strerror(errno));
	d->nclosed = 0;
}

/* A request's arrival at the controller, from its event's time: core
 * cycles after the latency in, and DRAM cycles. */
static void set_arrival(struct wt_dramstage *d, struct wt_dram_req *q, const struct wt_event *e)
{
	q->core_arrive = e->time + d->latency_in;
	q->arrive = wt_dram_to_dram(&d->clk, q->core_arrive);
}

/*
 * Bring up to want requests back from the channel's file of class cls to
 * the end of its lists, in order (a stop of its run, or between runs: see
 * wt_dram_count_full).  Those the channel had seen before they went
 * join rq[0..ran-1] if nothing it has not seen is there before them.
 */
static void take_back(struct wt_dramstage *d, struct wt_dram_work *w, unsigned cls, size_t want)
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
		set_arrival(d, q, &k[i].e);
		q->row = k[i].row;
		q->bank = k[i].bank;
		q->bursts = k[i].bursts;
		q->write = k[i].write;
		q->cls = k[i].cls;
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
static void take_all_back(struct wt_dramstage *d)
{
	for (unsigned i = 0; i < d->cfg.channels; i++)
		for (unsigned c = 0; c < 2; c++)
			while (wt_spill_count(&d->cw[i].kept[c]))
				take_back(d, &d->cw[i], c, KEPT_CHUNK);
}

/*
 * The channels, banks and rows of the addresses decoded last, by their
 * bits from wt_dram_map_low_bit up (a chunk: 256 bytes with the presets'
 * strings), direct-mapped.  A mapping string costs a few hundred
 * instructions to decode, and the requests come a few chunks at a time:
 * a line's write-back beside its miss, the sectors of a line, a warp's
 * lines side by side.
 */
enum { WHERE_SLOTS = 1024 };

struct wt_dram_where {
	uint64_t chunk[WHERE_SLOTS];	/* UINT64_MAX: none (no chunk is,
					   with a low bit above 0) */
	struct wt_dram_loc loc[WHERE_SLOTS];	/* column 0: not kept */
};

/* Where address a lives: its channel, bank and row (the column 0). */
static void locate(struct wt_dramstage *d, uint64_t a, struct wt_dram_loc *l)
{
	struct wt_dram_where *w = d->where;
	uint64_t chunk;
	size_t i;

	if (!w) {
		wt_dram_map_decode(&d->map, &d->cfg, a, l);
		return;
	}
	chunk = a >> d->where_bit;
	i = (size_t)(chunk % WHERE_SLOTS);
	if (w->chunk[i] != chunk) {
		wt_dram_map_decode(&d->map, &d->cfg, a, &w->loc[i]);
		w->loc[i].column = 0;
		w->chunk[i] = chunk;
	}
	*l = w->loc[i];
}

/* Take one input event: a DRAM request into its channel, or ignored. */
static void take(struct wt_dramstage *d, const struct wt_event *e)
{
	const struct wt_dram_cfg *c = &d->cfg;
	struct wt_dram_work *w;
	struct wt_dram_req rq, *q;
	struct wt_dram_loc loc;
	unsigned cls;
	int ignore;
	uint32_t wix;

	locate(d, e->addr, &loc);
	w = &d->cw[wt_dram_request_at(c, &d->map, &d->clk, e, e->time + d->latency_in,
				      d->line, d->sector, &loc, &rq)];
	/* what the scheduler learns from the caches' traffic */
	if (c->sched->event)
		c->sched->event(d->sched, d->st->kernel, e);
	ignore = !wt_dram_asks(e);
	wix = counted(d, e) ? wait_read(d, e, !ignore) : 0;
	if (ignore) {
		w->ignored++;
		return;
	}
	ensure(w);
	w->ev[w->n] = *e;
	q = &w->rq[w->n];
	*q = rq;
	if (c->sched->classify)
		q->cls = (uint8_t)c->sched->classify(d->sched, d->st->kernel, e);
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

static void put_event(struct wt_dramstage *d, const struct wt_dram_work *w, const struct wt_dram_req *q,
		      unsigned channel)
{
	struct wt_event e = w->ev[q->id];
	uint64_t lat = q->core_done - e.time;

	if (counted(d, &e))
		wait_done(d, w->wait[q->id], (uint64_t)e.latency + lat);

	e.time = q->core_done;
	e.latency = lat > UINT32_MAX ? UINT32_MAX : (uint32_t)lat;
	e.type = q->outcome == WT_DRAM_HIT ? WT_EV_HIT : WT_EV_MISS;
	e.op = q->write ? WT_OP_STORE : WT_OP_LOAD;
	e.miss_class = WT_MISS_NONE;
	e.level = 3;
	e.partition = (uint16_t)channel;
	wt_stage_put(d->st, &e);
}

/* The earliest DRAM arrival of a request not read yet: the input is in
 * time order (l1sim and l2sim write it so), so its core arrival is no
 * earlier than the last event's time plus the latency in. */
static uint64_t next_arrival(struct wt_dramstage *d)
{
	uint64_t t = d->st->last_time > UINT64_MAX - d->latency_in ? UINT64_MAX :
		     d->st->last_time + d->latency_in;

	return t == UINT64_MAX ? t : wt_dram_to_dram(&d->clk, t);
}

/* The end of the requests a channel has admitted: none at or past it
 * has been (with two queues, neither head bounds them: a queue with none
 * waiting has its head at the end). */
static size_t admitted_end(const struct wt_dram_chan *ch, size_t n)
{
	return ch->adm_end < n ? ch->adm_end : n;
}

/* A channel's requests done before core cycle h, in the order they are
 * written: by completion, then by admission (seq).  Only those between
 * the gone ones in front and the ones not admitted yet are looked at, so
 * a backlog waiting for room in the queue costs nothing per batch. */
static void done_before(struct wt_dram_work *w, uint64_t h)
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
static void compact(struct wt_dramstage *d, unsigned channel, int final)
{
	struct wt_dram_work *w = &d->cw[channel];
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
 * back a chunk at a time.  Each class has its own file, so that the
 * requests of one queue still pass a backlog of the other's on the file.
 */
static void keep_waiting(struct wt_dramstage *d, struct wt_dram_work *w)
{
	struct wt_dram_chan *ch = &w->ch;
	uint64_t share = d->spill / d->cfg.channels, waiting[2];
	int moved = 0;

	if (d->st->unsorted)
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
		compact(d, (unsigned)(w - d->cw), 1);
}

/*
 * The merge of the channels' completions keeps a tournament: win[j] is
 * the channel whose head comes first among the leaves under node j
 * (leaves + i is channel i's leaf; win[1] the first of all), so taking
 * one event replays only its leaf's path, log2 of the channels, not a
 * scan of them all.  The left side holds the lower channels, so it wins
 * a tie, as the lower channel must.
 */
static unsigned winner(const uint64_t *head, unsigned left, unsigned right)
{
	return head[right] < head[left] ? right : left;
}

static void replay(unsigned *win, const uint64_t *head, unsigned leaves,
		   unsigned i)
{
	for (unsigned j = (leaves + i) / 2; j > 0; j /= 2)
		win[j] = winner(head, win[2 * j], win[2 * j + 1]);
}

/* What run_to's channels run with: the stage, and the cycle they run up
 * to (run_channel) or write what is done before (channel_done). */
struct channels_to {
	struct wt_dramstage *d;
	uint64_t until;
};

/* Channel i runs over its requests read, up to c->until. */
static void run_channel(void *ctx, unsigned i)
{
	const struct channels_to *c = ctx;
	struct wt_dramstage *d = c->d;
	struct wt_dram_work *w = &d->cw[i];

	/* in arrival order: those read in time order are already */
	if (!in_arrival_order(w->rq, w->ran, w->n))
		qsort(w->rq + w->ran, w->n - w->ran, sizeof(*w->rq), by_arrival);
	for (;;) {
		wt_dram_run_until(&w->ch, w->rq, w->n, c->until);
		if (!w->ch.wants_more)
			break;
		take_back(d, w, w->ch.wants_more >> 1, KEPT_CHUNK);
	}
	w->ran = w->n;
}

/* Channel i's requests done before c->until come out. */
static void channel_done(void *ctx, unsigned i)
{
	const struct channels_to *c = ctx;

	done_before(&c->d->cw[i], c->until);
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
static void run_to(struct wt_dramstage *d, uint64_t until, int final)
{
	unsigned nc = d->cfg.channels, leaves = 1;
	uint64_t h = UINT64_MAX;
	size_t *pos = wt_calloc(nc, sizeof(*pos));
	uint64_t *head;
	unsigned *win;

	while (leaves < nc)
		leaves *= 2;
	head = wt_calloc(leaves, sizeof(*head));
	win = wt_calloc(2 * leaves, sizeof(*win));

	/* a batch of a few events on one thread: starting the threads costs
	 * more than it saves */
	wt_par_for(nc, d->st->held >= 4096, run_channel,
		   &(struct channels_to){ d, until });
	for (unsigned i = 0; i < nc; i++) {
		uint64_t f = wt_dram_floor(&d->cw[i].ch, until);

		if (f < h)
			h = f;
	}
	wt_par_for(nc, d->st->held >= 4096, channel_done,
		   &(struct channels_to){ d, h });
	/* merged by completion, the lower channel on a tie; head[i] is the
	 * completion of channel i's next, UINT64_MAX when it has none (none
	 * is done then: h bounds them) */
	for (unsigned i = 0; i < leaves; i++)
		head[i] = i < nc && d->cw[i].ndone ? d->cw[i].done[0]->core_done :
			  UINT64_MAX;
	for (unsigned i = 0; i < leaves; i++)
		win[leaves + i] = i;
	for (unsigned j = leaves - 1; j > 0; j--)
		win[j] = winner(head, win[2 * j], win[2 * j + 1]);
	for (;;) {
		struct wt_dram_work *w;
		unsigned best = win[1];

		if (head[best] == UINT64_MAX)
			break;
		w = &d->cw[best];
		put_event(d, w, w->done[pos[best]], best);
		w->done[pos[best]++]->gone = 1;
		w->ngone++;
		head[best] = pos[best] < w->ndone ? w->done[pos[best]]->core_done :
			     UINT64_MAX;
		replay(win, head, leaves, best);
	}
	for (unsigned i = 0; i < nc; i++) {
		compact(d, i, final);
		if (!final)
			keep_waiting(d, &d->cw[i]);
	}
	free(pos);
	free(head);
	free(win);
}

/* DRAM cycles of a slice of a kernel's end (run_batch). */
enum { KEPT_SLICE = 1 << 16 };

/* The end of the next slice: KEPT_SLICE cycles past the channel furthest
 * behind of those with requests on a file; 0 when none has. */
static uint64_t slice_end(struct wt_dramstage *d)
{
	uint64_t t = UINT64_MAX;

	for (unsigned i = 0; i < d->cfg.channels; i++)
		if (kept_count(&d->cw[i]) && d->cw[i].ch.now < t)
			t = d->cw[i].ch.now;
	return t == UINT64_MAX ? 0 : t + KEPT_SLICE;
}

/*
 * A batch: the channels run to the next arrival.  At a kernel's end
 * (final) every request has been given, so they may stop at any cycle:
 * while some wait on a file they run a slice at a time, each slice's
 * requests written and dropped before the next, so that a backlog comes
 * back from the file a slice at a time, not whole; then to the end.
 */
static void run_batch(struct wt_dramstage *d, int final)
{
	uint64_t t, prev = 0;

	/* each slice moves the slowest channel with a file on; should one
	 * not, the files come back whole rather than the loop going on */
	while (final && (t = slice_end(d)) != 0) {
		if (t == prev) {
			take_all_back(d);
			break;
		}
		run_to(d, t, 0);
		prev = t;
	}
	run_to(d, final ? UINT64_MAX : next_arrival(d), final);
	if (final) {
		add_stalls(d);
		if (d->cfg.sched->kernel_end)
			d->cfg.sched->kernel_end(d->sched);
	}
}

void wt_dramstage_sched(struct wt_dramstage *d, const char *name,
			wt_dram_opt_fn opt, const void *ctx)
{
	char names[256];

	if (name && !(d->cfg.sched = wt_dram_sched_find(name)))
		wt_die(WT_EXIT_USAGE, "--sched=%s: expected %s", name,
		       wt_dram_sched_names(names, sizeof(names)));
	d->sched = wt_dram_sched_begin(d->cfg.sched, opt, ctx);
}

void wt_dramstage_finish(struct wt_dramstage *d)
{
	if (d->cfg.sched->finish)
		d->cfg.sched->finish(d->sched);
}

/* The size of a request without a sector mask: the line size the
 * upstream stages name, else 128 bytes. */
void wt_dramstage_sizes(struct wt_dramstage *d, const struct wt_meta *m)
{
	static const char *const keys[] = { "l2_line", "l1_line", "line_size" };
	uint64_t v;
	const char *why, *s;

	d->line = 128;
	d->sector = 32;
	for (int i = 0; i < 3; i++) {
		s = wt_meta_get(m, keys[i]);
		if (s && wt_parse_u64(s, 65536, &v, &why) == 0 && v) {
			d->line = (unsigned)v;
			break;
		}
	}
	s = wt_meta_get(m, "sector_size");
	if (s && wt_parse_u64(s, 65536, &v, &why) == 0 && v)
		d->sector = (unsigned)v;
}
/* ---- the stage's operations ---- */

static void check(struct wt_stage *st, const void *rec, uint64_t index)
{
	const struct wt_event *e = rec;

	if (e->level > 2)
		wt_die(WT_EXIT_DATA, "%s: record %llu: a level-%u event (DRAM); "
		       "expected the events of l1sim or l2sim (level 1 or 2)",
		       wt_reader_name(st->r), (unsigned long long)index, e->level);
}

/* Every event counts towards --batch, those the DRAM ignores too. */
static size_t take_op(struct wt_stage *st, const void *rec, uint64_t index)
{
	(void)index;
	take(st->model, rec);
	return 1;
}

static void unsorted_op(struct wt_stage *st)
{
	take_all_back(st->model);
}

static void run_op(struct wt_stage *st, int final)
{
	run_batch(st->model, final);
}

const struct wt_stage_ops wt_dramstage_ops = {
	.rec_size = sizeof(struct wt_event),
	.check = check,
	.take = take_op,
	.unsorted = unsorted_op,
	.run = run_op,
};

void wt_dramstage_start(struct wt_dramstage *d, struct wt_stage *st)
{
	d->st = st;
	st->model = d;
	st->ops = &wt_dramstage_ops;
	st->batch = d->batch;
	st->end_open = 1;
	d->cw = wt_calloc_lines(d->cfg.channels, sizeof(*d->cw));
	d->newest = wt_warpix_new();
	d->older = wt_u64map_new();
	/* a low bit of 0 would leave nothing shared to look up */
	d->where_bit = wt_dram_map_low_bit(&d->map);
	if (d->where_bit > 0 && d->where_bit < 64) {
		d->where = wt_calloc(1, sizeof(*d->where));
		for (size_t i = 0; i < WHERE_SLOTS; i++)
			d->where->chunk[i] = UINT64_MAX;
	}
	for (unsigned i = 0; i < d->cfg.channels; i++) {
		wt_dram_chan_init(&d->cw[i].ch, &d->cfg, &d->clk, i);
		for (unsigned c = 0; c < 2; c++)
			wt_spill_init_records(&d->cw[i].kept[c], "dramsim",
					      sizeof(struct kept_req));
	}
}

const struct wt_dram_chan *wt_dramstage_chan(const struct wt_dramstage *d, unsigned i)
{
	return &d->cw[i].ch;
}

uint64_t wt_dramstage_ignored(const struct wt_dramstage *d, unsigned i)
{
	return d->cw[i].ignored;
}

void wt_dramstage_free(struct wt_dramstage *d)
{
	for (unsigned i = 0; d->cw && i < d->cfg.channels; i++) {
		wt_dram_chan_free(&d->cw[i].ch);
		wt_spill_free(&d->cw[i].kept[0]);
		wt_spill_free(&d->cw[i].kept[1]);
		free(d->cw[i].ev);
		free(d->cw[i].wait);
		free(d->cw[i].rq);
		free(d->cw[i].done);
		free(d->cw[i].tmp);
	}
	free(d->wait);
	free(d->freed);
	free(d->where);
	d->where = NULL;
	if (d->newest)
		wt_warpix_free(d->newest);
	if (d->older)
		wt_u64map_free(d->older);
	if (d->closed)
		fclose(d->closed);
	if (d->sched && d->cfg.sched->free)
		d->cfg.sched->free(d->sched);
	d->sched = NULL;
	free(d->cw);
	wt_machine_free(&d->machine);
	wt_dram_map_free(&d->map);
}
