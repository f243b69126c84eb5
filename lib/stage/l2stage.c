/*
 * l2stage.c - l2sim's engine (l2stage.h): the L1 events to their
 * partitions, the partitions run batch by batch, and their events
 * written in time order through the horizon.
 */
#include "l2stage.h"

#include "events.h"
#include "l2comp.h"
#include "par.h"
#include "spill.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct req {
	struct wt_event ev;
	uint64_t local, arrival;
	uint32_t tag;		/* its instruction's (wt_l2_instr_read) */
};

/* A partition: its model, and its requests and events of the batch.  A
 * thread runs each (run_part), so each is on cache lines of its own
 * (wt_calloc_lines). */
struct wt_l2_bucket {
	_Alignas(WT_CACHE_LINE) struct wt_l2 l2;
	struct req *r;
	size_t n, cap;
	struct wt_l2_out out;
	size_t sorted;		/* out.ev[out.first..sorted-1]: in time
				   order, left from the last batch */
	struct wt_spill spill;	/* its events that wait before those of
				   out (spill_events) */
};


static void put(struct wt_l2_bucket *b, const struct wt_event *e, uint64_t local,
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

/*
 * Where the policies' partitions share state (warp types, PC types,
 * tokens: wt_l2pols_shared), they take their requests together, in
 * arrival order (the lower partition first on a tie): one
 * thread, and each partition still sees its own requests in its order.
 * Only those that arrive before cut run; the others stay for the next
 * batch.  No request read later arrives before cut (run_batch), so the
 * ones that run are the first of the whole kernel's order, in that order.
 */
static void run_shared(struct wt_l2stage *sim, uint64_t cut)
{
	unsigned np = sim->nparts;
	size_t *next = wt_calloc(np ? np : 1, sizeof(*next));

	for (;;) {
		unsigned best = np;

		for (unsigned p = 0; p < np; p++)
			if (next[p] < sim->b[p].n && sim->b[p].r[next[p]].arrival < cut &&
			    (best == np || sim->b[p].r[next[p]].arrival <
					   sim->b[best].r[next[best]].arrival))
				best = p;
		if (best == np)
			break;
		{
			struct req *q = &sim->b[best].r[next[best]++];

			sim->b[best].out.tag = q->tag;
			wt_l2_request(&sim->b[best].l2, &q->ev, q->local, q->arrival,
				      &sim->b[best].out);
		}
	}
	for (unsigned p = 0; p < np; p++) {
		sim->b[p].n -= next[p];
		if (sim->b[p].n)	/* none: r may be NULL */
			memmove(sim->b[p].r, sim->b[p].r + next[p],
				sim->b[p].n * sizeof(*sim->b[p].r));
	}
	free(next);
}

/* A batch of a few requests runs on one thread: starting the threads
 * costs more than it saves. */
static int parallel(const struct wt_l2stage *sim)
{
	return sim->st->held >= 4096;
}

/* Partition p runs over every request it holds. */
static void run_part(void *ctx, unsigned p)
{
	struct wt_l2stage *sim = ctx;
	struct wt_l2_bucket *b = &sim->b[p];

	for (size_t i = 0; i < b->n; i++) {
		b->out.tag = b->r[i].tag;
		wt_l2_request(&b->l2, &b->r[i].ev, b->r[i].local,
			      b->r[i].arrival, &b->out);
	}
	b->n = 0;
}

/* The model keeps each list in time order, unless an event came far out
 * of it (struct wt_l2_out).  Then it is sorted: stable, and what is left
 * from the last batch first, the kernel's order. */
static void sort_part(void *ctx, unsigned p)
{
	struct wt_l2stage *sim = ctx;
	struct wt_l2_out *o = &sim->b[p].out;

	if (o->unsorted)
		wt_events_sort_tail(o->ev + o->first, sim->b[p].sorted - o->first,
				    o->n - o->first);
	o->unsorted = 0;
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
static void write_events(struct wt_l2stage *sim, uint64_t horizon)
{
	unsigned np = sim->nparts;
	struct wt_event **lists = wt_calloc(2 * (size_t)(np ? np : 1), sizeof(*lists));
	size_t *counts = wt_calloc(2 * (size_t)(np ? np : 1), sizeof(*counts));
	uint64_t cut;

	do {
		cut = horizon;
		for (unsigned p = 0; p < np; p++) {
			struct wt_spill *s = &sim->b[p].spill;

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
			const struct wt_spill *s = &sim->b[p].spill;
			const struct wt_l2_out *o = &sim->b[p].out;

			lists[2 * p] = s->buf ? wt_spill_events(s) + s->first : NULL;
			counts[2 * p] = wt_events_before(lists[2 * p],
							 s->n - s->first, cut);
			lists[2 * p + 1] = o->ev + o->first;
			counts[2 * p + 1] = wt_events_before(lists[2 * p + 1],
							     o->n - o->first, cut);
		}
		wt_stage_put_merged(sim->st, lists, counts, 2 * (size_t)np);
		for (unsigned p = 0; p < np; p++) {
			wt_spill_take(&sim->b[p].spill, counts[2 * p]);
			sim->b[p].out.first += counts[2 * p + 1];
		}
	} while (cut < horizon);
	for (unsigned p = 0; p < np; p++) {
		struct wt_l2_out *o = &sim->b[p].out;

		o->n = wt_events_drop_written(o->ev, o->n, &o->first);
		sim->b[p].sorted = o->n;
	}
	free(lists);
	free(counts);
}

/*
 * The partitions' new outcomes join their warp instructions, whose
 * statistics close as each instruction completes (wt_l2_instr_fold):
 * memory follows the instructions open, not the kernel's.
 */
static void fold_outcomes(struct wt_l2stage *sim)
{
	for (unsigned p = 0; p < sim->nparts; p++) {
		struct wt_l2_out *o = &sim->b[p].out;

		wt_l2_instr_fold(&sim->is, o->oc, o->noc);
		o->noc = 0;
	}
}

/* The earliest arrival of an L1 event not read yet: the input is in time
 * order (l1sim writes it so), so it is no earlier than the last read. */
static uint64_t next_arrival(struct wt_l2stage *sim)
{
	return sim->st->last_time > UINT64_MAX - sim->icnt ? UINT64_MAX : sim->st->last_time + sim->icnt;
}

/*
 * The cycle before which no request not run yet can make an event: each
 * one arrives at next_arrival(sim) or later (those held back by run_shared
 * too), and its partition's ports, banks and bypasses bound its events
 * from there (wt_l2_event_floor).  The events of the requests already
 * run are all known.  A stream out of time order has no such cycle.
 */
static uint64_t horizon(struct wt_l2stage *sim)
{
	uint64_t a = next_arrival(sim), h = UINT64_MAX;

	if (sim->st->unsorted)
		return 0;
	for (unsigned p = 0; p < sim->nparts; p++) {
		uint64_t f = wt_l2_event_floor(&sim->b[p].l2, a);

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
static void spill_events(struct wt_l2stage *sim)
{
	uint64_t a = next_arrival(sim), waiting = 0;

	for (unsigned p = 0; p < sim->nparts; p++)
		waiting += sim->b[p].out.n - sim->b[p].out.first;
	if (sim->st->unsorted || waiting * sizeof(struct wt_event) <= sim->spill)
		return;
	for (unsigned p = 0; p < sim->nparts; p++) {
		struct wt_l2_bucket *b = &sim->b[p];
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
static void run_batch(struct wt_l2stage *sim, int final)
{
	uint32_t kernel = sim->st->kernel;

	for (unsigned p = 0; p < sim->nparts; p++)
		sim->b[p].l2.kernel = kernel;
	if (sim->shared)
		run_shared(sim, final ? UINT64_MAX : next_arrival(sim));
	else
		wt_par_for(sim->nparts, parallel(sim), run_part, sim);
	wt_par_for(sim->nparts, parallel(sim), sort_part, sim);
	write_events(sim, final ? UINT64_MAX : horizon(sim));
	if (!final)
		spill_events(sim);
	fold_outcomes(sim);
	if (!final)
		return;
	wt_l2pols_kernel_end(sim->pols);
	wt_l2_instr_end(&sim->is);
}


/*
 * A load or atomic opens its warp instruction, or joins it: the slot it
 * returns tags the request, and so its outcome.  With batches, an
 * instruction closes once it is complete and a later one of its warp has
 * been read: a warp issues in order and l1sim keeps it, so nothing of it
 * comes after.  A stream where something does could count it twice, and
 * is refused; --batch=0 closes them all at the kernel's end.  Without
 * outcomes (cfg.no_outcomes: l2sim without --stats) the instructions
 * have nothing to count, and none opens: nothing can be counted twice.
 */
static uint32_t open_instr(struct wt_l2stage *sim, const struct wt_event *e,
			   uint64_t n, uint32_t kernel)
{
	uint32_t slot;

	if (sim->cfg.no_outcomes || !wt_l2_makes_outcome(&sim->cfg, e))
		return 0;
	if (wt_l2_instr_read(&sim->is, kernel, e, &slot) < 0)
		wt_die(WT_EXIT_DATA, "%s: record %llu: warp %u's instruction "
		       "%u comes after its instruction %u, when it may be "
		       "closed already: this input is not in each warp's "
		       "order; run l2sim --batch=0, which holds whole kernels",
		       wt_reader_name(sim->st->r), (unsigned long long)n, e->warp,
		       e->instr, slot);
	return slot;
}

static size_t add_event(struct wt_l2stage *sim, const struct wt_event *e, uint64_t n,
		      uint32_t kernel)
{
	uint64_t local;
	uint32_t tag;
	unsigned p;

	if (e->level != 1)	/* checked here: the stage's check op is a call */
		wt_die(WT_EXIT_DATA, "%s: record %llu: a level-%u event; l2sim "
		       "takes the L1 events of l1sim (level 1)",
		       wt_reader_name(sim->st->r), (unsigned long long)n, e->level);
	if (!wt_l2_takes(e)) {
		sim->not_for_l2++;
		return 0;
	}
	tag = open_instr(sim, e, n, kernel);
	p = wt_pmap_memo_place(sim->memo, &sim->map, e->addr, &local);
	put(&sim->b[p], e, local, e->time + sim->icnt, tag);
	return 1;
}

/*
 * What the L1 events are made of, from the stream's header: the sector
 * size of their masks (sector_size), and whether the L1 was sectored
 * (l1sim writes l1_sectored=yes): a line L1's load misses fetch its whole
 * line (l1_line), a sectored L1's their masks.
 */
void wt_l2stage_upstream(struct wt_l2stage *sim, const struct wt_meta *m,
			 const char *name)
{
	const char *v;
	uint64_t n;
	const char *why;

	sim->cfg.ev_sector = sim->cfg.sector;
	if ((v = wt_meta_get(m, "sector_size")) && wt_parse_u64(v, 4096, &n, &why) == 0 && n)
		sim->cfg.ev_sector = (unsigned)n;
	sim->cfg.l1_line = 0;
	if (!(v = wt_meta_get(m, "l1_sectored")) || strcmp(v, "yes") != 0) {
		sim->cfg.l1_line = sim->cfg.geom.line;
		if ((v = wt_meta_get(m, "l1_line")) && wt_parse_u64(v, 1u << 20, &n, &why) == 0 && n)
			sim->cfg.l1_line = (unsigned)n;
	}
	if (sim->cfg.sectored && sim->cfg.l1_line > sim->cfg.geom.line)
		wt_die(WT_EXIT_DATA, "%s: the L1's %u-byte lines are longer than the "
		       "sectored L2's %u-byte lines", name, sim->cfg.l1_line,
		       sim->cfg.geom.line);
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

static void warm_copies(struct wt_l2stage *sim, struct wt_reader *r, const struct wt_kernel *k)
{
	const struct wt_l2_cfg *c = &sim->cfg;
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

			if (sim->memcpy == MEMCPY_WARM)
				a = (uint32_t)a;
			p = wt_pmap_partition(&sim->map, a);
			wt_l2_warm(&sim->b[p].l2, a & ~(uint64_t)(c->geom.line - 1),
				   wt_pmap_local(&sim->map, a),
				   c->sectored ? 1u << (a % c->geom.line / c->sector) : 1u);
		}
	}
}

/* ---- the stage's operations ---- */

static size_t take_op(struct wt_stage *st, const void *rec, uint64_t index)
{
	return add_event(st->model, rec, index, st->kernel);
}

static void kernel_op(struct wt_stage *st, const struct wt_kernel *k)
{
	struct wt_l2stage *sim = st->model;

	if (sim->memcpy != MEMCPY_IGNORE)
		warm_copies(sim, st->r, k);
}

static void run_op(struct wt_stage *st, int final)
{
	run_batch(st->model, final);
}

static const struct wt_stage_ops ops = {
	.rec_size = sizeof(struct wt_event),
	.take = take_op,
	.kernel_begin = kernel_op,
	.run = run_op,
};

void wt_l2stage_start(struct wt_l2stage *sim, struct wt_stage *st)
{
	char err[768];

	sim->st = st;
	st->model = sim;
	st->ops = &ops;
	st->batch = sim->batch;
	sim->b = wt_calloc_lines(sim->nparts, sizeof(*sim->b));
	sim->pols = wt_l2pols_new(&sim->pol);
	for (unsigned p = 0; p < sim->nparts; p++) {
		if (wt_l2_init(&sim->b[p].l2, &sim->cfg, p, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		wt_l2pols_attach(sim->pols, &sim->b[p].l2);
		wt_spill_init(&sim->b[p].spill, "l2sim");
	}
	sim->shared = wt_l2pols_shared(sim->pols);
	sim->memo = wt_malloc(sizeof(*sim->memo));
	wt_pmap_memo_init(sim->memo, &sim->map);
}

const struct wt_l2 *wt_l2stage_part(const struct wt_l2stage *sim, unsigned p)
{
	return &sim->b[p].l2;
}

void wt_l2stage_free(struct wt_l2stage *sim)
{
	for (unsigned p = 0; sim->b && p < sim->nparts; p++) {
		free(sim->b[p].r);
		free(sim->b[p].out.ev);
		free(sim->b[p].out.oc);
		wt_spill_free(&sim->b[p].spill);
		wt_l2_free(&sim->b[p].l2);
	}
	free(sim->b);
	wt_l2pols_free(sim->pols);
	wt_l2_instr_free(&sim->is);
	wt_machine_free(&sim->machine);
	wt_pmap_free(&sim->map);
	free(sim->memo);
}
