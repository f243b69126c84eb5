/*
 * l2internal.h - what l2model.c (one L2 partition) and l2sector.c (its
 * sectored caches and GPGPU-Sim's write-allocate policies) share.  Not
 * for other users: l2model.h is the interface.
 */
#ifndef WT_L2INTERNAL_H
#define WT_L2INTERNAL_H

#include "l2model.h"

struct wt_l2_bank {
	uint64_t next;		/* first cycle a new tag access may start */
	uint64_t last_enter;	/* when the last request entered the queue */
	uint64_t *start;	/* ring: tag-access starts of the last
				   bank_queue requests */
	unsigned head, n;
	size_t mshr_at;		/* where its last MSHR search ended */
};

/* A fill cycle not known yet: external fill (l2model.h), until
 * wt_l2_fill.  Every cycle compared with it is earlier, and no
 * arithmetic is done on it. */
#define WT_L2_PENDING UINT64_MAX

struct wt_l2_mshr {
	uint64_t line, alloc, ready;	/* line: the line or sector fetched;
					   ready: WT_L2_PENDING until its
					   external fill */
	unsigned merges;
};

/* External fill: a load or atomic waits for the fill of MSHR key `key`
 * (the oldest pending entry of it: there is one at a time); its data is
 * ready no earlier than floor, its tag access's end. */
struct wt_l2_wait {
	uint64_t key, floor;
	uint32_t tag;
};

/* The cycles a line's sectors in flight come (l2sector.c; one "sector",
 * the line, for a line L2 on that way). */
static inline uint64_t *wt_l2i_sready(const struct wt_l2 *l2, unsigned set, int way)
{
	const struct wt_l2_cfg *c = l2->cfg;

	return &l2->sready[((size_t)set * c->geom.assoc + (unsigned)way) *
			   (c->sectored ? c->geom.line / c->sector : 1)];
}

/* ---- l2model.c's helpers, for l2sector.c ---- */

/* The victim for a new line (the policies learn of it), and its
 * insertion, with no request (l2hook.h). */
int wt_l2i_victim(struct wt_l2 *l2, unsigned set, struct wt_cache_line *ev);
void wt_l2i_insert(struct wt_l2 *l2, unsigned set, int way, uint64_t line,
		   enum wt_line_state state, uint64_t ready);
/* A level-2 event of in's at cycle t, in its place in out. */
struct wt_event *wt_l2i_emit(struct wt_l2 *l2, struct wt_l2_out *out,
			     const struct wt_event *in, unsigned type,
			     uint64_t t, uint64_t arrival);
/* Room for more of out's outcomes. */
void wt_l2i_grow_outcomes(struct wt_l2_out *out);

/* The outcome of load or atomic in (nothing without outcomes,
 * cfg->no_outcomes).  Inline: under l2sim --stats every load and atomic
 * makes one, and a call cost as much as filling it in. */
static inline void wt_l2i_outcome(struct wt_l2 *l2, struct wt_l2_out *out,
				  const struct wt_event *in, uint64_t latency,
				  int hit, unsigned waits)
{
	struct wt_l2_outcome *o;

	if (l2->cfg->no_outcomes)
		return;
	if (out->noc == out->capoc)
		wt_l2i_grow_outcomes(out);
	o = &out->oc[out->noc++];
	o->warp = in->warp;
	o->instr = in->instr;
	o->pc = in->pc;
	o->cta = in->cta;
	o->sm = in->sm;
	o->partition = (uint16_t)l2->partition;
	o->latency = (uint32_t)latency;
	o->tag = out->tag;
	o->hit = (uint8_t)hit;
	o->waits = waits;
}
/* MSHR entries (their line is a sector's address in a sectored L2). */
void wt_l2i_mshr_prune(struct wt_l2 *l2, uint64_t arrival);
/* Where the entries in use at cycle t start, for bank b's lookups (the
 * bank keeps where its last search ended; wt_l2i_mshr_from leaves it). */
size_t wt_l2i_mshr_first(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t);
size_t wt_l2i_mshr_from(const struct wt_l2 *l2, const struct wt_l2_bank *b,
			uint64_t t);
void wt_l2i_mshr_add(struct wt_l2 *l2, uint64_t key, uint64_t alloc, uint64_t ready);

/*
 * The reservation fails (enum wt_l2_fail) of an access to MSHR key `key`
 * (a line, or a sector) of set at a tag access at cycle t, decided once
 * for the model's accesses (after settling the set at t) and for
 * wt_l2_fails (before: the state "at t" is what settling would leave).
 * `first` from wt_l2i_mshr_first or _from; what: the WT_L2I_ flags.  -1
 * when it meets none, else the fail, with *retry the cycle the resource
 * frees (WT_L2_PENDING: when a pending fill comes); *entry, when it
 * merges, the index of the entry it merges into (else SIZE_MAX).
 * extra: entries the request's earlier accesses took that the MSHRs do
 * not hold (wt_l2_fails; each pending).
 */
enum {
	WT_L2I_THERE = 1,	/* its data is there: served at once */
	WT_L2I_PEND = 2,	/* its data is in flight */
	WT_L2I_LINE = 4,	/* its line is in the set */
	WT_L2I_FETCH = 8,	/* not there, it merges into the entry in
				   flight or takes an MSHR entry */
	WT_L2I_ALLOC = 16	/* with no line, it takes a way */
};
int wt_l2i_fails(const struct wt_l2 *l2, size_t first, uint64_t key, unsigned set,
		 uint64_t t, unsigned what, unsigned extra, uint64_t *retry,
		 size_t *entry);
/* Whether the way of set holds data in flight at cycle t (its line, or
 * one of its sectors). */
int wt_l2i_reserved_at(const struct wt_l2 *l2, unsigned set, int way, uint64_t t);

/* External fill: a load or atomic of out's waits for the fill of key. */
void wt_l2i_wait(struct wt_l2 *l2, const struct wt_l2_out *out, uint64_t key,
		 uint64_t floor);
/* The oldest pending entry of key fills at t (no earlier than its miss
 * left): that cycle, or WT_L2_PENDING when none is pending; its waits
 * end (l2->woke). */
uint64_t wt_l2i_fill_entry(struct wt_l2 *l2, uint64_t key, uint64_t t);

/*
 * Ports and a bank's queue: the cycle a request's tag access may start,
 * moving them (port_free: the partition's, b its bank's; bs its
 * statistics); and its start.  wt_l2_fails moves copies instead
 * (struct wt_l2i_lanes).  Inline here: every access of l2sector.c's
 * takes them, beside l2model.c's requests.
 */

/* The bank's requests whose tag access starts after cycle e (l2model.c). */
unsigned wt_l2i_queued_after(const struct wt_l2_bank *b, unsigned q, uint64_t e);

/* The bank statistics of an access to bank (NULL when the queues'
 * statistics are not kept, cfg->no_queue_stats). */
static inline struct wt_l2_bank_stats *wt_l2i_bank_stats(struct wt_l2 *l2, unsigned bank)
{
	return l2->cfg->no_queue_stats ? NULL : &l2->st.bank[bank];
}

/* Port and bank queue: the cycle the request's tag access may start
 * (port_free: the ports', the partition's or wt_l2_fails's copy; bs:
 * the statistics the queue's length goes to, or NULL). */
static inline uint64_t wt_l2i_enter_bank(const struct wt_l2_cfg *c,
					 uint64_t *port_free, struct wt_l2_bank *b,
					 struct wt_l2_bank_stats *bs, uint64_t arrival)
{
	unsigned p = 0, q = c->bank_queue, len;
	uint64_t s, e;

	for (unsigned i = 1; i < c->ports; i++)
		if (port_free[i] < port_free[p])
			p = i;
	s = arrival > port_free[p] ? arrival : port_free[p];
	e = s + 1 > b->last_enter ? s + 1 : b->last_enter;
	if (b->n == q && b->start[b->head] > e)
		e = b->start[b->head];	/* full: wait at the port */
	/* the length feeds only the maximum, m: the starts grow from the
	 * head, so a length past m needs the start m from the newest to
	 * be after e; one test, and the search only when it raises m.
	 * The length is q at most (a full queue holds the request at the
	 * port until its head's start, which is then not after e): once
	 * m is q, no test. */
	if (bs && bs->max_queue < q && (bs->max_queue == 0 ||
	    (bs->max_queue <= b->n &&
	     b->start[(b->head + b->n - bs->max_queue) % q] > e))) {
		len = 1 + wt_l2i_queued_after(b, q, e);
		if (len > bs->max_queue)
			bs->max_queue = len;
	}
	port_free[p] = e;
	b->last_enter = e;
	return e > b->next ? e : b->next;
}

static inline void wt_l2i_leave_queue(const struct wt_l2_cfg *c,
				      struct wt_l2_bank *b, uint64_t t)
{
	unsigned q = c->bank_queue, i = b->head + b->n;

	b->next = t + c->bank_cycle;
	if (b->n < q) {
		b->start[i >= q ? i - q : i] = t;
		b->n++;
	} else {
		b->start[b->head] = t;
		b->head = b->head + 1 == q ? 0 : b->head + 1;
	}
}

/* An access's wait for its tag access (t: its start), in bs and the
 * delay histogram's bins (its n and sum are the banks': struct
 * wt_l2_stats); nothing when bs is NULL (not kept). */
static inline void wt_l2i_count_delay(struct wt_l2 *l2, struct wt_l2_bank_stats *bs,
				      uint64_t t, uint64_t arrival)
{
	if (!bs)
		return;
	bs->accesses++;
	bs->delay_sum += t - arrival - 1;
	wt_l2_hist_bin(&l2->st.delay, t - arrival - 1);
}

struct wt_l2i_lanes {
	uint64_t *port_free;
	struct wt_l2_bank b;
	struct wt_l2_bank_stats bs;
};
void wt_l2i_lanes_copy(const struct wt_l2 *l2, const struct wt_l2_bank *b,
		       struct wt_l2i_lanes *x);
void wt_l2i_lanes_free(struct wt_l2i_lanes *x);

/* ---- l2sector.c ---- */

/* Whether requests take l2sector.c's way: a sectored L2, or one of
 * GPGPU-Sim's write-allocate policies W, F and L. */
static inline int wt_l2s_on(const struct wt_l2_cfg *c)
{
	return c->sectored || c->write_allocate > WT_WALLOC_YES;
}

/* Whether wt_l2s_request takes l2's accesses by the code made for a
 * plain L2 (l2sector.c, PLAIN): sectored, no queue statistics, no
 * outcomes, no events of hits, no external fills. */
int wt_l2s_plain(const struct wt_l2 *l2);
/* wt_l2_request's work past the bypasses, that way, on the bank and set
 * it found; and wt_l2_fails's. */
void wt_l2s_request(struct wt_l2 *l2, const struct wt_event *in, unsigned bank,
		    unsigned set, uint64_t arrival, struct wt_l2_out *out);
int wt_l2s_fails(const struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		 uint64_t arrival);

/* The cycle bank b's stalled access retries after a fail at t that
 * frees at retry; a fail that waits for a pending fill is the caller's
 * error (wt_l2_fails refuses it): a fatal error. */
uint64_t wt_l2i_retry(const struct wt_l2 *l2, uint64_t t, uint64_t retry);

#endif
