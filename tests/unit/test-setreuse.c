/*
 * test-setreuse.c - the distances over all lines and within each set from
 * one engine: a worked example, agreement with separate wt_reuse engines
 * (one for all keys, one per set; test-reuse checks those against a naive
 * LRU stack) on long random traces across growths and renumberings, and
 * the memory it was written to save.
 */
#include "reuse.h"
#include "setreuse.h"
#include "util.h"
#include "tap.h"
#include "rnd.h"

#include <stdlib.h>

#define INF WT_REUSE_INF

/* Lines 0, 1, 2, 0, 3, 2, 1, 0 in a 2-set cache, line n in set n % 2. */
static void worked_example(void)
{
	static const uint64_t line[] = { 0, 1, 2, 0, 3, 2, 1, 0 };
	static const uint64_t all[] = { INF, INF, INF, 2, INF, 2, 3, 3 };
	static const uint64_t in_set[] = { INF, INF, INF, 1, INF, 1, 1, 1 };
	struct wt_setreuse *r = wt_setreuse_new(2);
	int good = 1;

	for (int i = 0; i < 8; i++) {
		uint64_t a, s;

		wt_setreuse_access(r, line[i], (unsigned)(line[i] % 2), &a, &s);
		if (a != all[i] || s != in_set[i]) {
			printf("#   access %d (line %llu): got %llu/%llu, want "
			       "%llu/%llu\n", i, (unsigned long long)line[i],
			       (unsigned long long)a, (unsigned long long)s,
			       (unsigned long long)all[i],
			       (unsigned long long)in_set[i]);
			good = 0;
		}
	}
	ok(good, "worked example: distances over all lines and in the set");
	is_u64(wt_setreuse_distinct(r), 4, "worked example: 4 distinct lines");
	wt_setreuse_free(r);
}

enum spread { EVEN, HOT_SET, ONE_SET };

/* The set of key: the low bits above a 128-byte line, or for HOT_SET
 * mostly set 0. */
static unsigned set_of(uint64_t key, unsigned sets, enum spread how)
{
	uint64_t h = key * 0x9E3779B97F4A7C15ULL >> 32;

	if (how == ONE_SET)
		return 0;
	if (how == HOT_SET && h % 4)
		return 0;
	return (unsigned)((key >> 7) % sets);
}

/*
 * n accesses over a pool of keys that grows by one every grow_every
 * accesses (to npool at most); a quarter of the accesses go to a few hot
 * keys, so short distances and whole-table renumberings both happen.
 */
static void compare(const char *name, size_t n, size_t npool, unsigned sets,
		    enum spread how)
{
	struct wt_setreuse *r = wt_setreuse_new(sets);
	struct wt_reuse *all = wt_reuse_new();
	struct wt_reuse **per = wt_calloc(sets, sizeof(*per));
	uint64_t *pool = wt_malloc(npool * sizeof(*pool));
	size_t have = 0, bad = 0;
	size_t grow_every = n / npool ? n / npool : 1;

	for (unsigned s = 0; s < sets; s++)
		per[s] = wt_reuse_new();
	for (size_t t = 0; t < n; t++) {
		uint64_t key, a, in, want_a, want_in;
		unsigned set;

		if (have < npool && (have == 0 || t % grow_every == 0)) {
			key = rnd() % 4 ? (uint64_t)have << 7 : rnd();
			pool[have++] = key;
		} else if (rnd() % 4 == 0) {
			key = pool[rnd() % (have < 8 ? have : 8)];
		} else {
			key = pool[rnd() % have];
		}
		set = set_of(key, sets, how);
		wt_setreuse_access(r, key, set, &a, &in);
		want_a = wt_reuse_access(all, key);
		want_in = wt_reuse_access(per[set], key);
		if ((a != want_a || in != want_in) && bad++ < 5)
			printf("#   %s: access %zu key %llx set %u: got %llu/%llu,"
			       " want %llu/%llu\n", name, t,
			       (unsigned long long)key, set,
			       (unsigned long long)a, (unsigned long long)in,
			       (unsigned long long)want_a,
			       (unsigned long long)want_in);
	}
	ok(bad == 0, "%s: %zu accesses agree with separate engines", name, n);
	is_u64(wt_setreuse_distinct(r), wt_reuse_distinct(all),
	       "%s: %llu distinct keys", name,
	       (unsigned long long)wt_reuse_distinct(all));
	ok(wt_setreuse_compactions(r) >= 3, "%s: %llu renumberings of all keys",
	   name, (unsigned long long)wt_setreuse_compactions(r));
	for (unsigned s = 0; s < sets; s++)
		wt_reuse_free(per[s]);
	free(per);
	free(pool);
	wt_reuse_free(all);
	wt_setreuse_free(r);
}

static void randomised(void)
{
	compare("1 set, 50 keys", 100000, 50, 1, EVEN);
	compare("4 sets, 3000 keys", 300000, 3000, 4, EVEN);
	compare("32 sets, 20000 keys", 300000, 20000, 32, EVEN);
	compare("32 sets, most keys in set 0", 300000, 20000, 32, HOT_SET);
	compare("32 sets, all keys in set 0", 200000, 5000, 32, ONE_SET);
	compare("3 sets, keys growing to 60000", 200000, 60000, 3, EVEN);
}

/* What the engine is for: less memory than the separate engines. */
static void memory(void)
{
	enum { KEYS = 300000, SETS = 32 };
	struct wt_setreuse *r = wt_setreuse_new(SETS);
	struct wt_reuse *all = wt_reuse_new();
	struct wt_reuse *per[SETS];
	size_t separate;
	uint64_t a, in;

	for (unsigned s = 0; s < SETS; s++)
		per[s] = wt_reuse_new();
	for (uint64_t i = 0; i < KEYS; i++) {
		uint64_t key = i << 7;

		wt_setreuse_access(r, key, (unsigned)(i % SETS), &a, &in);
		wt_reuse_access(all, key);
		wt_reuse_access(per[i % SETS], key);
	}
	separate = wt_reuse_bytes(all);
	for (unsigned s = 0; s < SETS; s++)
		separate += wt_reuse_bytes(per[s]);
	ok(wt_setreuse_bytes(r) < 32 * KEYS,
	   "300000 keys in 32 sets: %.1f bytes a key (separate engines %.1f)",
	   (double)wt_setreuse_bytes(r) / KEYS, (double)separate / KEYS);
	ok(wt_setreuse_bytes(r) * 4 < separate * 3,
	   "less than three quarters of the separate engines' memory");
	wt_setreuse_access(r, 0, 0, &a, &in);
	is_u64(a, KEYS - 1, "the oldest key: distance 299999");
	is_u64(in, KEYS / SETS - 1, "and 9374 in its set");
	for (unsigned s = 0; s < SETS; s++)
		wt_reuse_free(per[s]);
	wt_reuse_free(all);
	wt_setreuse_free(r);
}

int main(int argc, char **argv)
{
	rng_state = 0x9E3779B97F4A7C15ULL;
	(void)argc;
	wt_set_progname(argv[0]);
	worked_example();
	randomised();
	memory();
	return tap_done();
}
