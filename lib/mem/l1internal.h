/*
 * l1internal.h - what l1model.c (the L1 of one SM) and l1sector.c (its
 * sectored caches) share: the MSHR entries and the helpers of both.  Not
 * for other users: l1model.h is the interface.
 */
#ifndef WT_L1INTERNAL_H
#define WT_L1INTERNAL_H

#include "l1model.h"
#include "util.h"

#include <string.h>

/* The ready cycle of an entry whose data has none yet: it waits for
 * wt_l1_fill (cfg->external_fill).  Above every cycle, so that it sorts
 * last, is never due (retire runs to UINT64_MAX - 1 at most) and is not
 * the earliest while another entry has a cycle. */
#define WT_L1_PENDING UINT64_MAX

/* An MSHR; its line is in mline[] beside it (struct wt_l1). */
struct mshr {
	uint64_t ready;		/* its data's cycle, or WT_L1_PENDING */
	uint32_t warp, pc;
	unsigned merges;
	int protect;		/* allocate on fill: the line comes protected */
	unsigned set;		/* allocate on miss: the line's set, */
	int way;		/* and the way reserved for it; else -1 */
	int refetch;		/* a load's to a line in flight (pending_miss) */
	int dup;		/* not counted: its line was (pending_miss) */
	uint64_t seq;		/* made after the entries of lower seq */
};

/*
 * The MSHR entries are mshr[mshr_head .. mshr_head + nmshr - 1], their
 * lines in mline[] beside them (in a sectored L1 an entry is a sector's,
 * and mline holds the sector's address), in the order their data comes:
 * of their ready cycles, and on a tie of their seq (the entry made first).
 * That is the order retire takes fills in where it shows (fills that
 * allocate lines); where it shows nowhere (fills that only mark lines
 * valid) it does no harm.  The fills due are the first entries, and
 * retire takes them by moving mshr_head on, where it scanned every entry
 * for the oldest each time some data came (600 instructions a request
 * with Nugteren et al.'s 64 MSHRs).  A new entry goes after those ready
 * no later (with a fixed latency it is the last: nothing moves); when
 * the arrays' end is reached, the entries move back to their start.
 *
 * mshr_filter counts the entries whose lines fall in each of its slots.
 * Most loads that miss have no entry (all of them, in a stream that
 * misses on every load): when their slot counts none, they skip the
 * scan of mline.  Fibonacci hashing, the top bits of the line times
 * 2^64 / phi, spreads lines a power of 2 apart (one set's lines, a
 * strided sweep) over the slots as well as neighbours.  mshr_counted
 * counts those of them not dup (pending_miss, l1model.c's line_counted):
 * an arriving line mostly has no other counted entry in its slot, and
 * skips that scan too.  1024 slots, not 256: with Nugteren et al.'s 64
 * entries a slot held another line a fifth of the time (spmv-big under
 * --arch=nugteren: 275 M -> 250 M instructions in all).
 */
static inline unsigned mshr_slot(uint64_t line)
{
	return (unsigned)((line * 0x9E3779B97F4A7C15ULL) >> (64 - WT_L1_MSHR_FILTER_BITS));
}

static inline unsigned mshr_end(const struct wt_l1 *l1)
{
	return l1->mshr_head + l1->nmshr;
}

/* The MSHR of line, if any: a scan of the lines alone (mline), 8 bytes
 * an entry, when the filter does not rule it out. */
static inline struct mshr *mshr_find(struct wt_l1 *l1, uint64_t line)
{
	if (!l1->mshr_filter[mshr_slot(line)])
		return NULL;
	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		if (l1->mline[i] == line)
			return &l1->mshr[i];
	return NULL;
}

/* Whether entry a's data comes before b's: the order of the entries. */
static inline int mshr_before(const struct mshr *a, const struct mshr *b)
{
	return a->ready < b->ready || (a->ready == b->ready && a->seq < b->seq);
}

/* Make room for an entry after the last: move the entries back to the
 * start of the arrays, or, when they fill the arrays (no limit on the
 * entries, --mshr=0), make the arrays larger. */
static inline void mshr_make_room(struct wt_l1 *l1)
{
	if (mshr_end(l1) < l1->mshr_cap)
		return;
	if (l1->mshr_head) {
		memmove(l1->mshr, l1->mshr + l1->mshr_head, l1->nmshr * sizeof(*l1->mshr));
		memmove(l1->mline, l1->mline + l1->mshr_head, l1->nmshr * sizeof(*l1->mline));
		l1->mshr_head = 0;
		return;
	}
	l1->mshr_cap *= 2;
	l1->mshr = wt_realloc(l1->mshr, l1->mshr_cap * sizeof(*l1->mshr));
	l1->mline = wt_realloc(l1->mline, l1->mshr_cap * sizeof(*l1->mline));
}

/* A new entry for line, its data ready at cycle ready, in its place (see
 * above); the caller fills in the rest. */
static inline struct mshr *mshr_add(struct wt_l1 *l1, uint64_t line, uint64_t ready)
{
	unsigned i;

	mshr_make_room(l1);
	/* Its seq is the highest: it goes after every entry ready no
	 * later. */
	for (i = mshr_end(l1); i > l1->mshr_head && l1->mshr[i - 1].ready > ready; i--) {
		l1->mshr[i] = l1->mshr[i - 1];
		l1->mline[i] = l1->mline[i - 1];
	}
	l1->nmshr++;
	l1->mshr_filter[mshr_slot(line)]++;
	l1->mshr_counted[mshr_slot(line)]++;	/* dup 0 */
	l1->mline[i] = line;
	l1->mshr[i].ready = ready;
	l1->mshr[i].dup = 0;
	l1->mshr[i].refetch = 0;
	l1->mshr[i].seq = l1->mshr_seq++;
	return &l1->mshr[i];
}

/* Entry i's data is due at ready now (a pending entry filled: ready is
 * below its cycle before).  It moves toward the head, to its place in
 * the order of ready cycles and seq; its index. */
static inline unsigned mshr_set_ready(struct wt_l1 *l1, unsigned i, uint64_t ready)
{
	struct mshr m = l1->mshr[i];
	uint64_t line = l1->mline[i];

	m.ready = ready;
	for (; i > l1->mshr_head && mshr_before(&m, &l1->mshr[i - 1]); i--) {
		l1->mshr[i] = l1->mshr[i - 1];
		l1->mline[i] = l1->mline[i - 1];
	}
	l1->mshr[i] = m;
	l1->mline[i] = line;
	if (ready < l1->next_ready)
		l1->next_ready = ready;
	return i;
}

/* The first entry, the one whose data comes first, leaves. */
static inline void mshr_remove_first(struct wt_l1 *l1)
{
	unsigned slot = mshr_slot(l1->mline[l1->mshr_head]);

	l1->ndup -= l1->mshr[l1->mshr_head].dup;
	l1->mshr_counted[slot] -= !l1->mshr[l1->mshr_head].dup;
	l1->mshr_filter[slot]--;
	l1->mshr_head++;
	l1->nmshr--;
}

static inline unsigned mshr_of_warp(const struct wt_l1 *l1, uint32_t warp)
{
	unsigned n = 0;

	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		n += l1->mshr[i].warp == warp;
	return n;
}

/* The ready cycle of the first entry, whose data comes first: the
 * earliest; UINT64_MAX with none. */
static inline uint64_t mshr_first_ready(const struct wt_l1 *l1)
{
	return l1->nmshr ? l1->mshr[l1->mshr_head].ready : UINT64_MAX;
}

/* The same by a scan of every entry, for wt_l1_check, which checks the
 * order. */
static inline uint64_t mshr_earliest(const struct wt_l1 *l1)
{
	uint64_t t = UINT64_MAX;

	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		if (l1->mshr[i].ready < t)
			t = l1->mshr[i].ready;
	return t;
}

/* mshr_earliest, once retire() has run for this request: it leaves
 * next_ready the earliest, and a new entry lowers it (load). */
static inline uint64_t mshr_next(const struct wt_l1 *l1)
{
	return l1->nmshr ? l1->next_ready : UINT64_MAX;
}

/* ---- l1model.c's helpers, for l1sector.c ---- */

/* lambda + |N(0, sigma^2)|, from the SM's own generator. */
uint64_t wt_l1i_miss_latency(struct wt_l1 *l1);
/* The ready cycle of a miss made at t that takes MSHR entries, and its
 * event's latency (*lat): t + lambda + |N(0, sigma^2)|; with external
 * fills WT_L1_PENDING and 0, and no draw. */
uint64_t wt_l1i_miss_ready(struct wt_l1 *l1, uint64_t t, uint64_t *lat);
/* A new event of r's at the end of out; the fields not named are 0. */
struct wt_event *wt_l1i_event(struct wt_l1 *l1, struct wt_l1_out *out,
			      const struct wt_request *r, uint64_t t,
			      unsigned type, uint64_t line);
/* A load takes effect: the shadow structures follow it (*compulsory,
 * *fa_hit: see note_load in l1model.c). */
void wt_l1i_note_load(struct wt_l1 *l1, uint64_t line, unsigned set,
		      int *compulsory, int *fa_hit);
struct wt_pc_stats *wt_l1i_load_pc_stats(struct wt_l1 *l1, uint32_t pc);
/* The first cycle from t at which the miss queue has room for n more
 * entries (n at most its length), and n entries leaving from t. */
uint64_t wt_l1i_missq_room(const struct wt_l1 *l1, uint64_t t, unsigned n);
void wt_l1i_missq_push(struct wt_l1 *l1, uint64_t t, unsigned n);

/* ---- l1sector.c: the sectored L1 (cfg->sectored, bounded mode) ---- */

/* A load or a store, as wt_l1_access makes it: -1 when made, else the
 * reservation fail, with *retry and nothing changed. */
int wt_l1s_load(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		uint64_t t, int refused_mshr, struct wt_l1_out *out,
		uint64_t *done, uint64_t *retry);
int wt_l1s_store(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		 uint64_t t, struct wt_l1_out *out, uint64_t *retry);
/* What wt_l1s_load or wt_l1s_store (by r's op) would answer before it
 * changes anything: -1, or the reservation fail with *retry. */
int wt_l1s_fails(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		 uint64_t t, uint64_t *retry);
/* The data of MSHR entry key (a sector's address) has come: its sector
 * of the way reserved for it (allocation on miss) holds it now. */
void wt_l1s_fill(struct wt_l1 *l1, unsigned set, int way, uint64_t key);
/* The same with allocation on fill: the line takes a way now if it has
 * none. */
void wt_l1s_fill_allocate(struct wt_l1 *l1, uint64_t key);

#endif
