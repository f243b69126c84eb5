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
 * Memory: about 28 bytes per line of the cache, and the set of the lines
 * seen: a 64-bit mask for each aligned run of 64 keys any of which was
 * seen, in a map, 32 to 64 bytes a mask.  A trace that sweeps its data,
 * as GPU kernels do, costs half a byte to a byte per distinct line (was
 * 32 to 64 with a map entry per line); one whose lines are all far
 * apart, up to 64 bytes a line.
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

/* A cache of lines lines (0: nothing is ever held), for keys that are
 * multiples of 2^key_shift (line addresses: log2 of the line size). */
struct wt_falru *wt_falru_new(uint32_t lines, unsigned key_shift);
/* The same cache without the set of lines seen, for callers that need
 * hits alone (classify's fully associative view): every miss is then
 * WT_FALRU_MISS, wt_falru_distinct() is 0, and memory is the cache's. */
struct wt_falru *wt_falru_new_hits(uint32_t lines, unsigned key_shift);
void wt_falru_free(struct wt_falru *f);
/* Look key up and make it the most recently used line, evicting the
 * least recently used one when the cache is full.  Any 64-bit multiple
 * of 2^key_shift. */
enum wt_falru_result wt_falru_access(struct wt_falru *f, uint64_t key);
/* Distinct keys seen, and the bytes held. */
uint64_t wt_falru_distinct(const struct wt_falru *f);
size_t wt_falru_bytes(const struct wt_falru *f);

#endif
