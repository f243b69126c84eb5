/*
 * shards.h - sampled reuse distances: SHARDS with a fixed sampling rate
 * (Waldspurger, Park, Garthwaite and Ahmad, "Efficient MRC Construction
 * with SHARDS", FAST 2015).
 *
 * Keys are sampled in space, not in time: a key is in the sample iff
 * hash(key) mod P < T, for a fixed P = 2^24 and T = R * P rounded, so the
 * sample is a fixed set of about R of the keys, and every access to a
 * sampled key is seen while those to the others are not.  The sampled
 * accesses go through an exact engine (reuse.h), which then counts the
 * distinct sampled keys since the previous access to the same key: about
 * R times the true distance.  That distance scaled by 1/R is the
 * estimate.  A miss-ratio curve made from the sampled accesses alone
 * (each standing for 1/R accesses) estimates the whole trace's.
 *
 * Time is one hash per access plus the exact engine's O(log T') for the
 * sampled ones; memory is that of the engine, proportional to the T'
 * sampled distinct keys, about R times the trace's distinct keys.
 *
 * Error.  The estimate has two sources of error: which keys happen to be
 * sampled (a hot key sampled or missed shifts the curve by its own share
 * of the accesses), and the distance's granularity: distances come in
 * steps of 1/R lines, so a cache of fewer than a few times 1/R lines is
 * seen poorly.  The paper reports a mean absolute error of the miss
 * ratio about 0.002 at R = 0.001 on its block traces; tests/unit/
 * test-shards.c and bench/reuse-bench.c measure it on this project's
 * traces.
 *
 * At R = 1 every key is sampled and the distances are the exact ones.
 */
#ifndef WT_SHARDS_H
#define WT_SHARDS_H

#include <stddef.h>
#include <stdint.h>

#include "reuse.h"

/* The hash modulus P: rates are multiples of 1/P. */
#define WT_SHARDS_MODULUS (1u << 24)

struct wt_shards;

/*
 * The sample test alone, for callers that keep their own state for the
 * sampled keys (classify --sample): the threshold T of a rate (rounded as
 * below), and whether key is in the sample of threshold T.  The hash is
 * MurmurHash3's 64-bit finaliser, whose top 24 bits are compared with T.
 */
uint64_t wt_shards_threshold(double rate);
static inline int wt_shards_keep(uint64_t threshold, uint64_t key)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	key *= 0xc4ceb9fe1a85ec53ULL;
	key ^= key >> 33;
	return (key >> 40) < threshold;
}

/* n counts of sampled keys weighted by 1/R (R = threshold / P): n * P /
 * threshold, rounded to nearest. */
static inline uint64_t wt_shards_weight(uint64_t n, uint64_t threshold)
{
	return (uint64_t)(((unsigned __int128)n * WT_SHARDS_MODULUS + threshold / 2)
			  / threshold);
}

/* rate in [1/P, 1]; outside that is a programming error and dies. */
struct wt_shards *wt_shards_new(double rate);
/* A rate given as text (an option's value): 0 with the rate in force,
 * rounded as below, in *rate; -1 unless s is a number from 1/P to 1. */
int wt_shards_parse_rate(const char *s, double *rate);
/* The rate that wt_shards_new(rate) puts in force: rate rounded to the
 * nearest multiple of 1/P. */
double wt_shards_round_rate(double rate);
void wt_shards_free(struct wt_shards *s);
/* The rate in force, T/P: the requested one rounded to a multiple of 1/P. */
double wt_shards_rate(const struct wt_shards *s);
/* Whether key is in the sample. */
int wt_shards_sampled(const struct wt_shards *s, uint64_t key);
/* 0 when key is not sampled (nothing is recorded); otherwise 1, with
 * *scaled the distance since key's previous access scaled by 1/R and
 * rounded, or WT_REUSE_INF for its first access. */
int wt_shards_access(struct wt_shards *s, uint64_t key, uint64_t *scaled);
/* Sampled distinct keys, and the bytes held: both grow with the sampled
 * keys alone. */
uint64_t wt_shards_distinct(const struct wt_shards *s);
size_t wt_shards_bytes(const struct wt_shards *s);

/*
 * A histogram of sampled accesses (of scaled distances, as
 * wt_shards_access gives them) made comparable with an exact one: dst
 * (initialised with the same exact_max, and empty) gets src's counts
 * weighted by 1/rate.  The weighting is done on running sums, each
 * rounded, so that the bins add up to the total and wt_rdhist_below()
 * at any bin's edge is within one of src's weighted by 1/rate.
 */
void wt_shards_hist(struct wt_rdhist *dst, const struct wt_rdhist *src,
		    double rate);

#endif
