/*
 * reuse.c - exact reuse distances in O(log T) per access, memory O(T) for
 * T distinct keys.
 *
 * The slots and their marks are rclock.h's: every access takes the next
 * time slot, each key keeps a mark in the slot of its most recent access,
 * and the distance is the number of marks after the key's previous slot.
 * What is here is the hash table that finds that slot.
 *
 * What is left for a cold key is the hash probe, a cache miss into a table
 * of 12-byte entries, at most three quarters full: 16 to 32 bytes per
 * distinct key all told (with 16-byte entries at most half full it was 32
 * to 64, and no faster).  The table is on huge pages, so the miss needs no
 * page walk, and wt_reuse_access_many prefetches the entries of keys ahead
 * (on a million keys drawn at random that took reuse-bench from 4.3 to
 * 18-19 M accesses/s; a three-level tree of counts with vector sums,
 * tried instead of the Fenwick tree, ran at 7).  Renumbering needs no
 * map from slot back to key: it walks the table and gives each key the
 * rank of its old slot.
 */
#include "reuse.h"
#include "rclock.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum {
	TABLE_MIN = 64,		/* hash table size before growth, power of 2 */
	PREFETCH = 32,		/* accesses ahead to prefetch table entries */
};

/* A hash entry; slot 0 marks it empty (slots count from 1).  Slots stay
 * below 2^32, so an entry is 12 bytes. */
struct __attribute__((packed)) entry {
	uint64_t key;
	uint32_t slot;
};

struct wt_reuse {
	struct entry *table;
	uint64_t mask;		/* table size - 1 */
	struct wt_rclock clock;	/* its marks are the distinct keys */
};

struct wt_reuse *wt_reuse_new(void)
{
	struct wt_reuse *r = wt_calloc(1, sizeof(*r));

	r->mask = TABLE_MIN - 1;
	r->table = wt_calloc_big(TABLE_MIN, sizeof(*r->table));
	wt_rclock_init(&r->clock);
	return r;
}

void wt_reuse_free(struct wt_reuse *r)
{
	if (!r)
		return;
	wt_free_big(r->table, r->mask + 1, sizeof(*r->table));
	wt_rclock_free(&r->clock);
	free(r);
}

void wt_reuse_reset(struct wt_reuse *r)
{
	memset(r->table, 0, (r->mask + 1) * sizeof(*r->table));
	wt_rclock_clear(&r->clock);
}

uint64_t wt_reuse_distinct(const struct wt_reuse *r)
{
	return r->clock.marks;
}

size_t wt_reuse_bytes(const struct wt_reuse *r)
{
	return sizeof(*r) + (r->mask + 1) * sizeof(*r->table) +
	       wt_rclock_bytes(&r->clock);
}

uint64_t wt_reuse_compactions(const struct wt_reuse *r)
{
	return r->clock.renumbered;
}

/* Rare paths stay out of line, so that wt_reuse_access saves few registers. */
#define COLD __attribute__((noinline, cold))

static COLD void grow_table(struct wt_reuse *r)
{
	uint64_t size = 2 * (r->mask + 1), mask = size - 1;
	struct entry *t = wt_calloc_big(size, sizeof(*t));

	for (uint64_t i = 0; i <= r->mask; i++) {
		uint64_t j;

		if (!r->table[i].slot)
			continue;
		for (j = wt_reuse_mix(r->table[i].key) & mask; t[j].slot;
		     j = (j + 1) & mask)
			;
		t[j] = r->table[i];
	}
	wt_free_big(r->table, r->mask + 1, sizeof(*r->table));
	r->table = t;
	r->mask = mask;
}

/* The slots are used up: renumber the keys' slots 1..distinct in order. */
static COLD void compact(struct wt_reuse *r)
{
	wt_rclock_rank_begin(&r->clock);
	for (uint64_t i = 0; i <= r->mask; i++)
		if (r->table[i].slot)
			r->table[i].slot = wt_rclock_rank(&r->clock,
							  r->table[i].slot);
	wt_rclock_rank_end(&r->clock);
}

uint64_t wt_reuse_access(struct wt_reuse *r, uint64_t key)
{
	uint64_t i;
	struct entry *e;

	if (wt_rclock_full(&r->clock))
		compact(r);
	for (i = wt_reuse_mix(key) & r->mask;; i = (i + 1) & r->mask) {
		e = &r->table[i];
		if (!e->slot)
			break;
		if (e->key == key) {
			uint32_t slot;
			uint64_t d = wt_rclock_again(&r->clock, e->slot, &slot);

			e->slot = slot;
			return d;
		}
	}

	/* A new key: at most three quarters of the table in use keeps
	 * probes short (2.5 on average for a key found, at most). */
	if (4 * (r->clock.marks + 1) > 3 * (r->mask + 1)) {
		grow_table(r);
		for (i = wt_reuse_mix(key) & r->mask; r->table[i].slot;
		     i = (i + 1) & r->mask)
			;
		e = &r->table[i];
	}
	e->key = key;
	e->slot = wt_rclock_take(&r->clock);
	return WT_REUSE_INF;
}

/*
 * The start of key's probe: its home entry and the next, 24 bytes, which
 * can lie across two cache lines (an entry is 12 bytes), so both are
 * fetched.  Fetching the home entry's line alone left about one probe in
 * six to miss on the other line, without a prefetch; fetching both took
 * reuse-bench from 12 to 18-19 M accesses/s on a million keys drawn at
 * random.  A macro, not a function: GCC takes a function that only
 * prefetches for one without effects, and drops calls of it that it can
 * see (12.2 did, halving wt_reuse_access_many's speed).
 */
#define PREFETCH_PROBE(r, key) do {					\
		const char *home_ = (const char *)			\
			&(r)->table[wt_reuse_mix(key) & (r)->mask];	\
									\
		__builtin_prefetch(home_);				\
		__builtin_prefetch(home_ + 2 * sizeof(struct entry) - 1); \
	} while (0)

void wt_reuse_prefetch(const struct wt_reuse *r, uint64_t key)
{
	PREFETCH_PROBE(r, key);
}

void wt_reuse_access_many(struct wt_reuse *r, const uint64_t *keys,
			  size_t n, uint64_t *dist)
{
	/* The probe of a key PREFETCH accesses ahead is fetched while this
	 * one is counted: those are the cache misses, and they are
	 * independent of each other.  A prefetch made stale by a table that
	 * grew or a key accessed in between is only wasted.  (Prefetching
	 * the bitmap word each access clears as well, found by a probe of a
	 * key 8 ahead, cost more than it saved: without it 12.4 against 10.9
	 * M accesses/s with one line of the probe fetched, 17.8 against 16.0
	 * with both.) */
	for (size_t i = 0; i < n; i++) {
		if (i + PREFETCH < n)
			PREFETCH_PROBE(r, keys[i + PREFETCH]);
		dist[i] = wt_reuse_access(r, keys[i]);
	}
}

/* ---- histograms ---- */

void wt_rdhist_init(struct wt_rdhist *h, uint64_t exact_max)
{
	if (exact_max == 0)
		exact_max = 1;
	h->exact_max = exact_max;
	h->nbins = (size_t)(exact_max + 64 - wt_log2(exact_max));
	h->bins = wt_calloc(h->nbins, sizeof(*h->bins));
	h->inf = h->total = 0;
}

void wt_rdhist_free(struct wt_rdhist *h)
{
	free(h->bins);
	memset(h, 0, sizeof(*h));
}

static size_t bin_of(const struct wt_rdhist *h, uint64_t d)
{
	if (d < h->exact_max)
		return (size_t)d;
	return (size_t)(h->exact_max + wt_log2(d) - wt_log2(h->exact_max));
}

void wt_rdhist_add(struct wt_rdhist *h, uint64_t d)
{
	h->total++;
	if (d == WT_REUSE_INF)
		h->inf++;
	else
		h->bins[bin_of(h, d)]++;
}

void wt_rdhist_bin_range(const struct wt_rdhist *h, size_t i, uint64_t *lo,
			 uint64_t *hi)
{
	unsigned k;

	if (i < h->exact_max) {
		*lo = *hi = i;
		return;
	}
	k = wt_log2(h->exact_max) + (unsigned)(i - h->exact_max);
	*lo = 1ULL << k;
	if (*lo < h->exact_max)
		*lo = h->exact_max;
	/* The last bin stops short of UINT64_MAX, which means infinity. */
	*hi = k == 63 ? UINT64_MAX - 1 : (2ULL << k) - 1;
}

uint64_t wt_rdhist_below(const struct wt_rdhist *h, uint64_t n)
{
	uint64_t sum = 0, lo, hi;

	for (size_t i = 0; i < h->nbins; i++) {
		wt_rdhist_bin_range(h, i, &lo, &hi);
		if (lo >= n)
			break;
		if (hi < n) {
			sum += h->bins[i];
		} else {
			unsigned __int128 part = h->bins[i];

			sum += (uint64_t)(part * (n - lo) / (hi - lo + 1));
			break;
		}
	}
	return sum;
}

uint64_t wt_rdhist_capacity(const struct wt_rdhist *h, uint64_t n)
{
	return h->total - h->inf - wt_rdhist_below(h, n);
}

void wt_rdhist_merge(struct wt_rdhist *dst, const struct wt_rdhist *src)
{
	uint64_t lo, hi;

	for (size_t i = 0; i < src->nbins; i++) {
		size_t j;

		if (!src->bins[i])
			continue;
		wt_rdhist_bin_range(src, i, &lo, &hi);
		j = bin_of(dst, lo);
		if (j != bin_of(dst, hi))
			wt_die(WT_EXIT_DATA, "reuse histogram merge: "
			       "exact_max %llu into finer %llu",
			       (unsigned long long)src->exact_max,
			       (unsigned long long)dst->exact_max);
		dst->bins[j] += src->bins[i];
	}
	dst->inf += src->inf;
	dst->total += src->total;
}
