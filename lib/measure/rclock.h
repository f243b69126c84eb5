/*
 * rclock.h - the time slots of an exact reuse-distance engine: which slot
 * holds each key's most recent access, and how many such marks lie after a
 * given slot.  The engines (reuse.c, setreuse.c) keep the keys and their
 * slots in hash tables of their own; this is the part they share.
 *
 * Every access takes the next slot and marks it; a key's previous mark is
 * cleared, so the marks are exactly the distinct keys, and the distance of
 * an access to a key last marked at slot p is the number of marks after p
 * (Bennett and Kruskal 1975; Almasi, Cascaval and Padua 2002).
 *
 * The marks are a bitmap, and a Fenwick tree over the bitmap's 64-bit
 * words holds their popcounts: for a million keys 512 KiB of bitmap and
 * 256 KiB of tree, which stay in the L2 cache where a tree over single
 * slots would be 32 times larger.  Only the words wholly before now
 * ("closed") are in the tree; a word enters it when now leaves it, its
 * node computed from its children (on average one), as a Fenwick tree is
 * built in linear time, and clearing a mark updates the nodes of closed
 * words only, O(log(now - p)) of them.
 *
 * Slots are used up at one per access.  When they run out (wt_rclock_full)
 * the engine renumbers its keys' slots 1..marks in order: it calls
 * wt_rclock_rank_begin, replaces each key's slot s by wt_rclock_rank(c, s),
 * and calls wt_rclock_rank_end, which leaves SPREAD times as many slots as
 * marks.  Order is all distances depend on, so no distance changes, and
 * the next renumbering is (SPREAD - 1) * marks accesses away: O(1)
 * amortised per access.  Slots stay below 2^32.
 */
#ifndef WT_RCLOCK_H
#define WT_RCLOCK_H

#include <stddef.h>
#include <stdint.h>

struct wt_rclock {
	uint64_t marks;		/* slots marked = distinct keys */
	uint64_t cap;		/* slots 1..cap */
	uint64_t now;		/* the next slot to take */
	uint64_t *live;		/* bitmap of marks; bit 0 unused */
	uint32_t *tree;		/* Fenwick tree: node k for word k-1, */
				/* kept for words 0 .. now/64 - 1 */
	uint64_t renumbered;	/* times wt_rclock_rank_end ran */
};

void wt_rclock_init(struct wt_rclock *c);
void wt_rclock_free(struct wt_rclock *c);
/* No marks; keeps the memory. */
void wt_rclock_clear(struct wt_rclock *c);
size_t wt_rclock_bytes(const struct wt_rclock *c);

/* Renumbering: every marked slot s of the engine's keys becomes
 * wt_rclock_rank(c, s) between the two calls. */
void wt_rclock_rank_begin(struct wt_rclock *c);
void wt_rclock_rank_end(struct wt_rclock *c);

/* The hash of the engines' tables: a 64-bit finaliser (SplitMix64's), in
 * which every key bit moves about half the output bits, so strided line
 * addresses spread over a table. */
static inline uint64_t wt_reuse_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

static inline int wt_rclock_full(const struct wt_rclock *c)
{
	return c->now > c->cap;
}

static inline uint64_t wt_rclock_lowbit(uint64_t i)
{
	return i & (~i + 1);
}

/* Without -mpopcnt GCC calls a libgcc routine for __builtin_popcountll;
 * the bit-parallel sum is shorter and inline. */
static inline unsigned wt_rclock_popcount(uint64_t x)
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

/* The new slot of old slot s: the marks up to it.  Between rank_begin
 * and rank_end the tree holds the marks before each word. */
static inline uint32_t wt_rclock_rank(const struct wt_rclock *c, uint32_t s)
{
	uint64_t w = s / 64;

	return c->tree[w] + wt_rclock_popcount(c->live[w] &
						((2ULL << (s % 64)) - 1));
}

/* A new key's first access: mark the slot now and return it.  The caller
 * has renumbered first if the clock was full. */
static inline uint32_t wt_rclock_take(struct wt_rclock *c)
{
	uint32_t t = (uint32_t)c->now++;
	uint64_t k, lo;
	uint32_t sum;

	c->marks++;
	c->live[t / 64] |= 1ULL << (t % 64);
	if (c->now % 64)
		return t;
	k = c->now / 64;		/* node of word k-1, now closed */
	lo = k - wt_rclock_lowbit(k);
	sum = wt_rclock_popcount(c->live[k - 1]);
	for (uint64_t j = k - 1; j > lo; j -= wt_rclock_lowbit(j))
		sum += c->tree[j];
	c->tree[k] = sum;
	return t;
}

/*
 * A key marked at p is accessed again: return the marks after p (its
 * distance), move its mark to slot now and return that slot in *slot.
 * Marks after p: within p's word if that is the one holding now (nothing
 * is marked at or after now), else all marks less those in the words
 * before p's (a Fenwick prefix sum) and those in p's up to p.
 */
static inline uint64_t wt_rclock_again(struct wt_rclock *c, uint32_t p,
				       uint32_t *slot)
{
	uint64_t pw = p / 64, nw = c->now / 64, d;

	if (pw == nw) {
		d = wt_rclock_popcount(c->live[pw] >> (p % 64) >> 1);
	} else {
		uint64_t before = 0;

		for (uint64_t w = pw; w; w &= w - 1)
			before += c->tree[w];
		d = c->marks - before -
		    wt_rclock_popcount(c->live[pw] & ((2ULL << (p % 64)) - 1));
		for (uint64_t k = pw + 1; k <= nw; k += wt_rclock_lowbit(k))
			c->tree[k]--;
	}
	c->live[pw] &= ~(1ULL << (p % 64));
	c->marks--;
	*slot = wt_rclock_take(c);
	return d;
}

#endif
