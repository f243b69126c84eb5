/*
 * keysort.h - the order of n items by 64-bit keys, stable: items of equal
 * keys keep the order they came in.
 *
 * A least-significant-digit radix sort, 8 bits a pass, of (key, index)
 * pairs: linear in n, where a comparison sort of a stats file's tables
 * (every warp of a run) took 20 to 25 comparisons an item, each a call
 * (issue 46).  The counts of all eight digits are made in one walk over
 * the keys, and a pass whose digit every key shares is skipped, so keys
 * that use few bits (a kernel and a warp id) take two or three passes.
 * Digits of 8 bits keep the counts small (8 KB): 16-bit digits cost a
 * 512 KB clear a pass, more than the sort of a small run.
 */
#ifndef WT_KEYSORT_H
#define WT_KEYSORT_H

#include <stddef.h>
#include <stdint.h>

/* order[0..n-1]: the indices of key[] from the smallest key to the
 * largest, equal keys in index order.  n below 2^32. */
void wt_keysort(const uint64_t *key, size_t n, uint32_t *order);

#endif
