/*
 * reuse.c - exact reuse distances in O(log T) per access, memory O(T) for
 * T distinct keys.
 *
 * The method is Bennett and Kruskal's (1975) as refined by Almasi, Cascaval
 * and Padua (2002): every access takes the next time slot; each key keeps a
 * mark in the slot of its most recent access, and nowhere else.  The
 * distance of an access to a key last seen at slot p is then the number of
 * marks in the slots after p, since each of them is a distinct key accessed
 * since.  A hash map finds p; a tree of counts over the slots counts the
 * marks.
 *
 * Slots are used up at one per access, so on their own they would grow with
 * the trace.  Instead there are SPREAD times as many slots as distinct keys
 * (at least SLOTS_MIN), and when they are used up the marks, which are
 * exactly the distinct keys, are renumbered 1..T in order.  Order is all
 * distances depend on, so no distance changes.  The next renumbering is at
 * least (SPREAD - 1) T accesses away, and one costs O(T), so O(1)
 * amortised per access.  SPREAD 4 rather than 2 cut the renumbering's
 * share of the engine's time from 14 % to 6 % on a million keys drawn at
 * random (perf on reuse-bench).
 *
 * The marks are a bitmap, one bit per slot, and the tree is a Fenwick
 * (binary indexed) tree over the bitmap's 64-bit words holding their
 * popcounts.  For a million distinct keys that is 512 KiB of bitmap and
 * 256 KiB of tree, which stay in the L2 cache, where a Fenwick tree over
 * single slots would be 32 times larger and miss on every level.  The
 * marks after p are all marks (the distinct keys) less a prefix sum of
 * the tree up to p's word and a popcount within it.  Further:
 *   - only the words wholly before now ("closed") are in the tree; a word
 *     enters it when now leaves it, its node computed from its children
 *     (on average one), as a Fenwick tree is built in linear time;
 *   - removing a mark updates only the nodes of closed words, so
 *     O(log(now - p)) of them.
 * What is left for a cold key is the hash probe, a cache miss into a table
 * of 12-byte entries, at most three quarters full: 16 to 32 bytes per
 * distinct key all told (with 16-byte entries at most half full it was 32
 * to 64, and no faster).  The table is on huge pages, so the miss needs no page walk,
 * and wt_reuse_access_many prefetches the entries of keys ahead and then
 * the bitmap words they will clear (on a million keys drawn at random that
 * took reuse-bench from 4.3 to 11-12 M accesses/s; a three-level tree of
 * counts with vector sums, tried instead of the Fenwick tree, ran at 7).
 * Renumbering needs no map from slot back to key: it walks the table and
 * gives each key the rank of its old slot.
 */
#include "reuse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum {
	SLOTS_MIN = 64,		/* slots before growth */
	SPREAD = 4,		/* slots per distinct key after renumbering */
	TABLE_MIN = 64,		/* hash table size before growth, power of 2 */
	PREFETCH = 32,		/* accesses ahead to prefetch table entries */
	PREFETCH_MARK = 8,	/* accesses ahead to prefetch bitmap words */
};

/* A hash entry; slot 0 marks it empty (slots count from 1).  Slots stay
 * below 2^32 (compact() sees to it), so an entry is 12 bytes. */
struct __attribute__((packed)) entry {
	uint64_t key;
	uint32_t slot;
};

struct wt_reuse {
	struct entry *table;
	uint64_t mask;		/* table size - 1 */
	uint64_t distinct;	/* entries in use = marks */

	uint64_t cap;		/* slots 1..cap */
	uint64_t now;		/* the next slot to take */
	uint64_t *live;		/* bitmap of marks; bit 0 unused */
	uint32_t *tree;		/* Fenwick tree: node k for word k-1, */
				/* kept for words 0 .. now/64 - 1 */
	uint64_t compactions;
};

static inline uint64_t lowbit(uint64_t i)
{
	return i & (~i + 1);
}

/* A 64-bit finaliser (the SplitMix64 one): every key bit moves about half
 * the output bits, so strided line addresses spread over the table. */
static inline uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

/* Without -mpopcnt GCC calls a libgcc routine for __builtin_popcountll;
 * the bit-parallel sum is shorter and inline. */
static inline unsigned popcount(uint64_t x)
{
#ifdef __POPCNT__
	return (unsigned)__builtin_popcountll(x);
#else
	x -= (x >> 1) & 0x5555555555555555ULL;
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Words of the bitmap for slots 0..cap; the tree has one node more. */
static size_t words_for(uint64_t cap)
{
	return (size_t)(cap / 64 + 1);
}

struct wt_reuse *wt_reuse_new(void)
{
	struct wt_reuse *r = wt_calloc(1, sizeof(*r));

	r->mask = TABLE_MIN - 1;
	r->table = wt_calloc_big(TABLE_MIN, sizeof(*r->table));
	r->cap = SLOTS_MIN;
	r->live = wt_calloc(words_for(SLOTS_MIN), sizeof(*r->live));
	r->tree = wt_calloc(words_for(SLOTS_MIN) + 1, sizeof(*r->tree));
	r->now = 1;
	return r;
}

void wt_reuse_free(struct wt_reuse *r)
{
	if (!r)
		return;
	wt_free_big(r->table, r->mask + 1, sizeof(*r->table));
	free(r->live);
	free(r->tree);
	free(r);
}

void wt_reuse_reset(struct wt_reuse *r)
{
	memset(r->table, 0, (r->mask + 1) * sizeof(*r->table));
	memset(r->live, 0, words_for(r->cap) * sizeof(*r->live));
	r->distinct = 0;
	r->now = 1;		/* no closed words: the tree is unused */
}

uint64_t wt_reuse_distinct(const struct wt_reuse *r)
{
	return r->distinct;
}

size_t wt_reuse_bytes(const struct wt_reuse *r)
{
	size_t words = words_for(r->cap);

	return sizeof(*r) + (r->mask + 1) * sizeof(*r->table) +
	       words * sizeof(*r->live) + (words + 1) * sizeof(*r->tree);
}

uint64_t wt_reuse_compactions(const struct wt_reuse *r)
{
	return r->compactions;
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
		for (j = mix(r->table[i].key) & mask; t[j].slot;
		     j = (j + 1) & mask)
			;
		t[j] = r->table[i];
	}
	wt_free_big(r->table, r->mask + 1, sizeof(*r->table));
	r->table = t;
	r->mask = mask;
}

/*
 * The slots are used up: renumber the marks 1..distinct in order, with
 * twice as many slots as keys if there were fewer, and rebuild the tree.
 */
static COLD void compact(struct wt_reuse *r)
{
	uint64_t n = r->distinct, closed;
	size_t words = words_for(r->cap);
	uint32_t *before = r->tree;	/* marks in the words before w */

	before[0] = 0;
	for (size_t w = 0; w < words; w++)
		before[w + 1] = before[w] + popcount(r->live[w]);
	if (before[words] != n)
		wt_die(WT_EXIT_DATA, "reuse: %llu marks for %llu keys",
		       (unsigned long long)before[words],
		       (unsigned long long)n);
	/* A key's new slot is the number of marks up to its old one. */
	for (uint64_t i = 0; i <= r->mask; i++) {
		uint64_t s = r->table[i].slot, w = s / 64;

		if (s)
			r->table[i].slot = before[w] +
			    popcount(r->live[w] & ((2ULL << (s % 64)) - 1));
	}

	if (SPREAD * n > r->cap) {
		/* Slots are 32 bits: past 2^30 keys fewer than SPREAD per
		 * key, down to 2, renumbered more often. */
		if (n > UINT32_MAX / 2)
			wt_die(WT_EXIT_DATA, "reuse: more than %u distinct keys",
			       UINT32_MAX / 2);
		r->cap = n > UINT32_MAX / SPREAD ? UINT32_MAX : SPREAD * n;
		words = words_for(r->cap);
		free(r->live);
		free(r->tree);
		r->live = wt_malloc(words * sizeof(*r->live));
		r->tree = wt_malloc((words + 1) * sizeof(*r->tree));
	}
	/* Bits 1..n set; bit 0 and the rest clear. */
	memset(r->live, 0, words * sizeof(*r->live));
	for (uint64_t w = 0; w < (n + 1) / 64; w++)
		r->live[w] = ~0ULL;
	if ((n + 1) % 64)
		r->live[(n + 1) / 64] = (1ULL << ((n + 1) % 64)) - 1;
	r->live[0] &= ~1ULL;
	r->now = n + 1;

	/* The tree over the closed words, in linear time. */
	closed = r->now / 64;
	for (uint64_t k = 1; k <= closed; k++)
		r->tree[k] = popcount(r->live[k - 1]);
	for (uint64_t k = 1; k <= closed; k++)
		if (k + lowbit(k) <= closed)
			r->tree[k + lowbit(k)] += r->tree[k];
	r->compactions++;
}

/* Marks in the closed words 0..w-1: a Fenwick prefix sum. */
static inline uint64_t marks_before(const uint32_t *tree, uint64_t w)
{
	uint64_t sum = 0;

	for (; w; w &= w - 1)
		sum += tree[w];
	return sum;
}

/* Mark slot now for the key at table index idx; close its word if full. */
static inline void take_slot(struct wt_reuse *r, struct entry *e)
{
	uint32_t t = (uint32_t)r->now++;
	uint64_t k, lo;
	uint32_t sum;

	r->live[t / 64] |= 1ULL << (t % 64);
	e->slot = t;
	if (r->now % 64)
		return;
	k = r->now / 64;		/* node of word k-1, now closed */
	lo = k - lowbit(k);
	sum = popcount(r->live[k - 1]);
	for (uint64_t c = k - 1; c > lo; c -= lowbit(c))
		sum += r->tree[c];
	r->tree[k] = sum;
}

uint64_t wt_reuse_access(struct wt_reuse *r, uint64_t key)
{
	uint64_t i, p, pw, nw, d;
	struct entry *e;

	if (r->now > r->cap)
		compact(r);
	for (i = mix(key) & r->mask;; i = (i + 1) & r->mask) {
		e = &r->table[i];
		if (!e->slot)
			break;
		if (e->key == key)
			goto seen;
	}

	/* A new key: at most three quarters of the table in use keeps
	 * probes short (2.5 on average for a key found, at most). */
	if (4 * (r->distinct + 1) > 3 * (r->mask + 1)) {
		grow_table(r);
		for (i = mix(key) & r->mask; r->table[i].slot;
		     i = (i + 1) & r->mask)
			;
		e = &r->table[i];
	}
	e->key = key;
	r->distinct++;
	take_slot(r, e);
	return WT_REUSE_INF;

seen:
	/* Marks after p: within p's word if that is the one holding now
	 * (nothing is marked at or after now), else all marks less those
	 * in the words before p's and those in p's up to p. */
	p = e->slot;
	pw = p / 64;
	nw = r->now / 64;
	if (pw == nw) {
		d = popcount(r->live[pw] >> (p % 64) >> 1);
	} else {
		d = r->distinct - marks_before(r->tree, pw) -
		    popcount(r->live[pw] & ((2ULL << (p % 64)) - 1));
		for (uint64_t k = pw + 1; k <= nw; k += lowbit(k))
			r->tree[k]--;
	}
	r->live[pw] &= ~(1ULL << (p % 64));
	take_slot(r, e);
	return d;
}

void wt_reuse_prefetch(const struct wt_reuse *r, uint64_t key)
{
	__builtin_prefetch(&r->table[mix(key) & r->mask]);
}

/* Prefetch the bitmap word that the access of key will clear, if its
 * table entry is in the cache by now. */
static inline void prefetch_mark(const struct wt_reuse *r, uint64_t key)
{
	uint64_t i;

	for (i = mix(key) & r->mask; r->table[i].slot; i = (i + 1) & r->mask)
		if (r->table[i].key == key) {
			__builtin_prefetch(&r->live[r->table[i].slot / 64]);
			return;
		}
}

void wt_reuse_access_many(struct wt_reuse *r, const uint64_t *keys,
			  size_t n, uint64_t *dist)
{
	/* The table entry of a key PREFETCH accesses ahead is fetched while
	 * this one is counted, and the bitmap word of a key PREFETCH_MARK
	 * ahead, whose entry is in the cache by then: those are the cache
	 * misses, and they are independent of each other.  A prefetch made
	 * stale by a table that grew or a key accessed in between is only
	 * wasted. */
	for (size_t i = 0; i < n; i++) {
		/* The prefetch is written out, not a call of wt_reuse_prefetch:
		 * GCC takes a function that only prefetches for one without
		 * effects, and drops calls of it that it can see (12.2 did,
		 * halving this loop's speed). */
		if (i + PREFETCH < n)
			__builtin_prefetch(&r->table[mix(keys[i + PREFETCH]) &
						     r->mask]);
		if (i + PREFETCH_MARK < n)
			prefetch_mark(r, keys[i + PREFETCH_MARK]);
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
