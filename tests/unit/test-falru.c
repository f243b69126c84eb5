/*
 * test-falru.c - the fully associative LRU: a hand-worked sequence, then
 * agreement with the exact reuse engine on random traces (an access hits
 * exactly when its reuse distance is below the cache's lines, and is a
 * first access exactly when the distance is infinite), for cache sizes
 * from none to more lines than the trace has.
 */
#include "falru.h"
#include "reuse.h"
#include "util.h"
#include "tap.h"
#include "rnd.h"

#include <stdlib.h>
#include <string.h>

enum { F = WT_FALRU_FIRST, M = WT_FALRU_MISS, H = WT_FALRU_HIT };

/* Two lines: a b c a b c misses throughout, a b a b hits. */
static void by_hand(void)
{
	static const uint64_t key[] = { 1, 2, 3, 1, 2, 3, 2, 3, 2, 2, 0,
					UINT64_MAX, 0, UINT64_MAX, 3 };
	static const int want[] = { F, F, F, M, M, M, H, H, H, H, F,
				    F, H, H, M };
	struct wt_falru *f = wt_falru_new(2, 0);
	int good = 1;

	for (size_t i = 0; i < sizeof(key) / sizeof(key[0]); i++) {
		int got = (int)wt_falru_access(f, key[i]);

		if (got != want[i]) {
			printf("#   access %zu (key %llu): got %d, want %d\n", i,
			       (unsigned long long)key[i], got, want[i]);
			good = 0;
		}
	}
	ok(good, "2 lines: cyclic misses, alternating hits, keys 0 and max");
	is_u64(wt_falru_distinct(f), 5, "5 distinct keys");
	wt_falru_free(f);

	f = wt_falru_new(0, 0);
	is_u64(wt_falru_access(f, 7), F, "no lines: first access");
	is_u64(wt_falru_access(f, 7), M, "no lines: then a miss");
	wt_falru_free(f);
	wt_falru_free(NULL);
}

/*
 * n accesses over a pool of up to pool keys: half the time one of the
 * last few dozen keys used (short distances), otherwise one drawn from
 * the whole pool, skewed to the most recently added, or a new key.
 */
static void against_reuse(uint32_t lines, size_t n, size_t pool,
			  unsigned shift)
{
	uint64_t *keys = wt_malloc(pool * sizeof(*keys));
	uint64_t recent[64] = { 0 };
	size_t npool = 0, bad = 0, count[3] = { 0 };
	struct wt_falru *f = wt_falru_new(lines, shift);
	struct wt_reuse *r = wt_reuse_new();
	uint64_t align = ~((1ULL << shift) - 1);

	for (size_t t = 0; t < n; t++) {
		uint64_t key, d;
		int want, got;

		if (npool == 0 || (npool < pool && rnd() % 100 < 5)) {
			key = (rnd() % 3 ? rnd() : npool * 128) & align;
			keys[npool++] = key;
		} else if (t > 64 && rnd() % 2) {
			key = recent[rnd() % 64];
		} else {
			uint64_t a = rnd() % npool, b = rnd() % npool;

			key = keys[npool - 1 - a * b / npool];
		}
		recent[t % 64] = key;
		d = wt_reuse_access(r, key);
		want = d == WT_REUSE_INF ? F : d < lines ? H : M;
		got = (int)wt_falru_access(f, key);
		count[got]++;
		if (got != want && bad++ < 5)
			printf("#   access %zu: distance %llu, got %d, want %d\n",
			       t, (unsigned long long)d, got, want);
	}
	ok(bad == 0, "%u lines, keys of 2^%u: %zu accesses agree with the "
	   "reuse distances (%zu first, %zu misses, %zu hits)", lines, shift,
	   n, count[F], count[M], count[H]);
	is_u64(wt_falru_distinct(f), wt_reuse_distinct(r),
	       "%u lines, keys of 2^%u: distinct keys", lines, shift);
	wt_falru_free(f);
	wt_reuse_free(r);
	free(keys);
}

/* Memory: the nodes, and the map of the keys seen. */
static void memory(void)
{
	struct wt_falru *f = wt_falru_new(384, 0);
	size_t before = wt_falru_bytes(f);

	for (uint64_t i = 0; i < 1000000; i++)
		wt_falru_access(f, i % 1000);
	ok(wt_falru_bytes(f) - before < 1000 * 64,
	   "1 M accesses to 1000 keys: %zu bytes more", wt_falru_bytes(f) - before);
	wt_falru_free(f);

	/* A sweep over 1 M lines of 128 bytes: a mask per 64 of them. */
	f = wt_falru_new(384, 7);
	before = wt_falru_bytes(f);
	for (uint64_t i = 0; i < 1000000; i++)
		wt_falru_access(f, 0x7f0000000000ULL + i * 128);
	ok(wt_falru_bytes(f) - before < 1000000,
	   "a sweep of 1 M lines: %zu bytes more", wt_falru_bytes(f) - before);
	is_u64(wt_falru_distinct(f), 1000000, "a sweep of 1 M lines: distinct");
	wt_falru_free(f);
}

/* The cache without its set of lines seen hits exactly where the full one
 * does, calls every miss a plain miss, and keeps no memory per line. */
static void hits_only(void)
{
	struct wt_falru *full = wt_falru_new(256, 7), *h = wt_falru_new_hits(256, 7);
	size_t before = wt_falru_bytes(h), same = 0, firsts = 0;

	for (size_t i = 0; i < 300000; i++) {
		uint64_t key = (rnd() % (i < 150000 ? 600 : 200000)) * 128;
		enum wt_falru_result a = wt_falru_access(full, key);
		enum wt_falru_result b = wt_falru_access(h, key);

		same += (a == WT_FALRU_HIT) == (b == WT_FALRU_HIT);
		firsts += b == WT_FALRU_FIRST;
	}
	is_u64(same, 300000, "hits only: the same hits as the full cache");
	is_u64(firsts, 0, "hits only: no miss is called compulsory");
	is_u64(wt_falru_distinct(h), 0, "hits only: no distinct lines counted");
	is_u64(wt_falru_bytes(h), before, "hits only: no memory per line seen");
	wt_falru_free(full);
	wt_falru_free(h);
}

int main(void)
{
	rng_state = 0x9E3779B97F4A7C15ULL;
	wt_set_progname("test-falru");
	by_hand();
	against_reuse(1, 200000, 5000, 0);
	against_reuse(2, 200000, 5000, 0);
	against_reuse(7, 200000, 5000, 0);
	against_reuse(128, 300000, 20000, 0);
	against_reuse(384, 300000, 20000, 0);
	against_reuse(4096, 300000, 20000, 0);
	against_reuse(30000, 100000, 20000, 0);	/* more than every key */
	against_reuse(384, 300000, 20000, 7);	/* line addresses */
	against_reuse(4096, 300000, 20000, 7);
	memory();
	hits_only();
	return tap_done();
}
