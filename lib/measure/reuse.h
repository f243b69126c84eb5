/*
 * reuse.h - exact LRU stack (reuse) distances, and histograms of them.
 *
 * The reuse distance of an access is the number of distinct keys accessed
 * since the previous access to the same key; the first access to a key has
 * distance infinity.  A fully associative LRU cache of n lines hits exactly
 * the accesses with distance < n (Mattson et al. 1970), so one pass over a
 * line-address stream answers every cache size at once: compulsory misses
 * are the infinite distances, capacity misses the finite ones >= n
 * (Nugteren et al., HPCA 2014, section 3.3).
 *
 * The engine takes O(log T) time per access, where T is the number of
 * distinct keys (less for keys reused soon after their last access), and
 * memory proportional to the number of distinct keys, not to the length of
 * the trace: rclock.h explains how.  setreuse.h gives the distances over
 * all keys and within each cache set at once, in less memory than an
 * engine for each; shards.h estimates them from a sample of the keys, in
 * a fraction of the time and memory.
 */
#ifndef WT_REUSE_H
#define WT_REUSE_H

#include <stddef.h>
#include <stdint.h>

#define WT_REUSE_INF UINT64_MAX

struct wt_reuse;

struct wt_reuse *wt_reuse_new(void);
/* Distance since key's previous access; WT_REUSE_INF for its first.  Any
 * 64-bit key, 0 and UINT64_MAX included. */
uint64_t wt_reuse_access(struct wt_reuse *r, uint64_t key);
/* A hint that key's access comes soon: its table entry is fetched into
 * the cache meanwhile (for a caller that knows its keys a little ahead
 * but cannot take them as a batch). */
void wt_reuse_prefetch(const struct wt_reuse *r, uint64_t key);
/* The same for keys[0..n-1], distances into dist[0..n-1]; faster for
 * many distinct keys, as it prefetches the hash entries of keys ahead. */
void wt_reuse_access_many(struct wt_reuse *r, const uint64_t *keys,
			  size_t n, uint64_t *dist);
/* Distinct keys seen since creation or the last reset. */
uint64_t wt_reuse_distinct(const struct wt_reuse *r);
/* Forget every key; keeps the allocated memory. */
void wt_reuse_reset(struct wt_reuse *r);
void wt_reuse_free(struct wt_reuse *r);

/* Diagnostics: bytes held by the engine, and how many times it has
 * renumbered its time slots. */
size_t wt_reuse_bytes(const struct wt_reuse *r);
uint64_t wt_reuse_compactions(const struct wt_reuse *r);

/*
 * A histogram of distances: exact bins for 0 .. exact_max-1, then
 * power-of-two bins [2^k, 2^(k+1)) (the first of them starting at
 * exact_max when that is not a power of two), plus a count of infinite
 * distances.  total counts every access, infinite ones included.
 *
 * For a fully associative LRU cache of n lines:
 *     hits       = wt_rdhist_below(h, n)
 *     compulsory = h->inf
 *     capacity   = wt_rdhist_capacity(h, n) = total - inf - hits
 */
struct wt_rdhist {
	uint64_t exact_max;
	uint64_t *bins;
	size_t nbins;
	uint64_t inf, total;
};

/* exact_max 0 is taken as 1: distance 0 always has a bin of its own. */
void wt_rdhist_init(struct wt_rdhist *h, uint64_t exact_max);
void wt_rdhist_add(struct wt_rdhist *h, uint64_t d);
/* Accesses with d < n.  Exact when n <= exact_max or n is a power of two;
 * otherwise the bin holding n-1 is split in proportion to its width. */
uint64_t wt_rdhist_below(const struct wt_rdhist *h, uint64_t n);
/* Accesses with a finite d >= n, with the same exactness. */
uint64_t wt_rdhist_capacity(const struct wt_rdhist *h, uint64_t n);
/* Add src's counts to dst.  Exact when dst->exact_max <= src->exact_max
 * (every src bin then lies inside one dst bin); a finer dst is a
 * programming error and dies. */
void wt_rdhist_merge(struct wt_rdhist *dst, const struct wt_rdhist *src);
void wt_rdhist_free(struct wt_rdhist *h);
/* Bin i's range [lo, hi] for printing. */
void wt_rdhist_bin_range(const struct wt_rdhist *h, size_t i, uint64_t *lo,
			 uint64_t *hi);

#endif
