/*
 * falru.h - an exact fully associative LRU cache of n lines, tags only,
 * that also knows every line it has ever seen.
 *
 * Each access says whether the cache held the line (a hit), whether this
 * is the line's first access (compulsory), or neither (a miss of a line
 * seen before).  By Mattson et al. (1970) an access hits exactly when its
 * reuse distance is less than n, so for one cache size this answers what
 * the exact reuse engine (reuse.h) answers, in O(1) per access instead of
 * O(log T): l1sim classes its misses with it when it does not need the
 * distances themselves (l1sim --reuse=sampled or off).
 *
 * Memory: about 28 bytes per line of the cache, and the map of the lines
 * seen, 32 to 64 bytes per distinct line (as the reuse engine's).
 */
#ifndef WT_FALRU_H
#define WT_FALRU_H

#include <stddef.h>
#include <stdint.h>

enum wt_falru_result {
	WT_FALRU_FIRST,		/* never seen before: a compulsory miss */
	WT_FALRU_MISS,		/* seen, but evicted since */
	WT_FALRU_HIT,		/* in the cache */
};

struct wt_falru;

/* A cache of lines lines (0: nothing is ever held). */
struct wt_falru *wt_falru_new(uint32_t lines);
void wt_falru_free(struct wt_falru *f);
/* Look key up and make it the most recently used line, evicting the
 * least recently used one when the cache is full.  Any 64-bit key. */
enum wt_falru_result wt_falru_access(struct wt_falru *f, uint64_t key);
/* Distinct keys seen, and the bytes held. */
uint64_t wt_falru_distinct(const struct wt_falru *f);
size_t wt_falru_bytes(const struct wt_falru *f);

#endif
