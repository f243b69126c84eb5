/*
 * falru.c - an exact fully associative LRU of n lines; see falru.h.
 *
 * The lines held are nodes of a circular doubly linked list in recency
 * order, head the most recently used, so that the least recently used is
 * the head's predecessor.  A chained hash table of the lines held finds a
 * line's node, and a set of every line seen tells a first access from a
 * miss.  Choices:
 *   - Two tables, not one map of every line seen to its node: the table
 *     of lines held is as small as the cache (a few hundred lines, a few
 *     kilobytes), so a hit is found without touching the map of lines
 *     seen, which grows with the trace and misses the processor's caches.
 *     That map is probed on a miss alone: a line held has been seen.
 *   - Chaining through the nodes, with a power of two of buckets at least
 *     n: a lookup is one bucket and a chain of about one node, and taking
 *     the evicted line out is unlinking it from its short chain, where
 *     open addressing would need deletion with backward shifts.
 *   - The list is circular, so evicting the least recently used line and
 *     inserting the new one at the front is only moving the head back by
 *     one: the node keeps its place in the list and takes the new key.
 *   - Nodes are indices into one array of n; index n means none.
 */
#include "falru.h"
#include "hash.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>

struct node {
	uint64_t key;
	uint32_t prev, next;	/* recency list, circular */
	uint32_t chain;		/* the next node of its bucket, or none */
};

struct wt_falru {
	struct node *node;	/* cap nodes, n of them in use */
	uint32_t cap, n;
	uint32_t head;		/* the most recently used line's node */
	uint32_t *bucket;	/* first node of each bucket, or none */
	uint32_t bmask;		/* buckets - 1 */
	/* Every line seen: key >> shift >> 6 maps to a mask of the 64 keys
	 * of its run, bit (key >> shift) % 64 set for those seen. */
	struct wt_u64map *seen;
	/* The mask of the run looked up last, and that run: misses come in
	 * sweeps, most in the run of the one before, and find its mask
	 * without the map.  Valid until the map next grows, which only
	 * first_seen's lookup of another run can make it do. */
	uint64_t *last_mask, last_run;
	unsigned shift;
	uint64_t distinct;
};

struct wt_falru *wt_falru_new(uint32_t lines, unsigned key_shift)
{
	struct wt_falru *f = wt_calloc(1, sizeof(*f));
	uint32_t b = 1;

	while (b < lines)
		b *= 2;
	f->cap = lines;
	f->node = wt_calloc(lines ? lines : 1, sizeof(*f->node));
	f->bucket = wt_malloc(b * sizeof(*f->bucket));
	for (uint32_t i = 0; i < b; i++)
		f->bucket[i] = lines;		/* none */
	f->bmask = b - 1;
	f->seen = wt_u64map_new();
	f->shift = key_shift < 64 ? key_shift : 63;
	return f;
}

struct wt_falru *wt_falru_new_hits(uint32_t lines, unsigned key_shift)
{
	struct wt_falru *f = wt_falru_new(lines, key_shift);

	wt_u64map_free(f->seen);
	f->seen = NULL;
	return f;
}

void wt_falru_free(struct wt_falru *f)
{
	if (!f)
		return;
	free(f->node);
	free(f->bucket);
	wt_u64map_free(f->seen);
	free(f);
}

uint64_t wt_falru_distinct(const struct wt_falru *f)
{
	return f->distinct;
}

size_t wt_falru_bytes(const struct wt_falru *f)
{
	return sizeof(*f) + (f->cap ? f->cap : 1) * sizeof(*f->node) +
	       (f->bmask + 1) * sizeof(*f->bucket) +
	       (f->seen ? wt_u64map_bytes(f->seen) : 0);
}

static inline uint32_t *bucket_of(struct wt_falru *f, uint64_t key)
{
	return &f->bucket[wt_mix64(key) & f->bmask];
}

/* Put node i, not in the list, at its front. */
static void push_front(struct wt_falru *f, uint32_t i)
{
	struct node *x = &f->node[i];
	uint32_t h = f->head, t;

	if (f->n == 1) {	/* i is the only one */
		x->prev = x->next = i;
	} else {
		t = f->node[h].prev;
		x->next = h;
		x->prev = t;
		f->node[t].next = i;
		f->node[h].prev = i;
	}
	f->head = i;
}

/* Make node i, in the list and not at its front, the most recent. */
static void move_to_front(struct wt_falru *f, uint32_t i)
{
	struct node *x = &f->node[i];

	f->node[x->prev].next = x->next;
	f->node[x->next].prev = x->prev;
	push_front(f, i);
}

/* Take node i out of its bucket's chain. */
static void unchain(struct wt_falru *f, uint32_t i)
{
	uint32_t *p = bucket_of(f, f->node[i].key);

	while (*p != i)
		p = &f->node[*p].chain;
	*p = f->node[i].chain;
}

/* Node i takes key, at the head of key's bucket. */
static void chain(struct wt_falru *f, uint32_t i, uint64_t key)
{
	uint32_t *b = bucket_of(f, key);

	f->node[i].key = key;
	f->node[i].chain = *b;
	*b = i;
}

/* Whether key is seen for the first time; it is seen from now on. */
static int first_seen(struct wt_falru *f, uint64_t key)
{
	uint64_t k = key >> f->shift, bit = 1ULL << (k % 64), *mask;
	int added;

	if (!f->seen)
		return 0;
	if (!f->last_mask || f->last_run != k / 64) {
		f->last_mask = wt_u64map_get(f->seen, k / 64, &added);
		f->last_run = k / 64;
	}
	mask = f->last_mask;
	if (*mask & bit)
		return 0;
	*mask |= bit;
	f->distinct++;
	return 1;
}

enum wt_falru_result wt_falru_access(struct wt_falru *f, uint64_t key)
{
	uint32_t i;
	int added;

	for (i = *bucket_of(f, key); i != f->cap; i = f->node[i].chain)
		if (f->node[i].key == key) {
			if (i != f->head)
				move_to_front(f, i);
			return WT_FALRU_HIT;
		}
	added = first_seen(f, key);
	if (!f->cap)
		return added ? WT_FALRU_FIRST : WT_FALRU_MISS;
	if (f->n < f->cap) {
		i = f->n++;
		push_front(f, i);
	} else {
		/* The least recently used node becomes the front. */
		i = f->head = f->node[f->head].prev;
		unchain(f, i);
	}
	chain(f, i, key);
	return added ? WT_FALRU_FIRST : WT_FALRU_MISS;
}
