/*
 * test-reuse.c - reuse distances: the worked examples of Nugteren et al.
 * (HPCA 2014, tables 1 and 2), agreement with a naive LRU stack on long
 * random traces across many renumberings, and the histograms.
 *
 * "test-reuse --bench N" instead times N accesses over 1 M distinct keys
 * and prints the rate and peak memory as "# " lines.
 */
#include "reuse.h"
#include "util.h"
#include "tap.h"
#include "rnd.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define INF WT_REUSE_INF

static int check_seq(const uint64_t *keys, const uint64_t *want, size_t n,
		     const char *name)
{
	struct wt_reuse *r = wt_reuse_new();
	int good = 1;

	for (size_t i = 0; i < n; i++) {
		uint64_t d = wt_reuse_access(r, keys[i]);

		if (d != want[i]) {
			printf("#   %s: access %zu (key %llu): got %llu, "
			       "want %llu\n", name, i,
			       (unsigned long long)keys[i],
			       (unsigned long long)d,
			       (unsigned long long)want[i]);
			good = 0;
		}
	}
	wt_reuse_free(r);
	return ok(good, "%s", name);
}

/* Nugteren et al. table 1 and the 2-line cache of section 3.3. */
static void nugteren_table1(void)
{
	static const uint64_t addr[] = { 0, 5, 3, 9, 3, 3, 5 };
	static const uint64_t d_addr[] = { INF, INF, INF, INF, 1, 0, 2 };
	static const uint64_t d_line[] = { INF, INF, 1, INF, 1, 0, 2 };
	uint64_t line[7];
	struct wt_reuse *r = wt_reuse_new();
	struct wt_rdhist h;

	check_seq(addr, d_addr, 7, "table 1, address granularity");
	for (int i = 0; i < 7; i++)
		line[i] = addr[i] / 4;
	is_u64(line[2], 0, "x[3] is in line 0");
	is_u64(line[3], 2, "x[9] is in line 2");
	check_seq(line, d_line, 7, "table 1, cache-line granularity");

	wt_rdhist_init(&h, 4);
	for (int i = 0; i < 7; i++)
		wt_rdhist_add(&h, wt_reuse_access(r, line[i]));
	is_u64(wt_reuse_distinct(r), 3, "table 1: 3 distinct lines");
	is_u64(h.total, 7, "table 1: 7 accesses");
	is_u64(h.inf, 3, "2-line cache: 3 compulsory misses");
	is_u64(wt_rdhist_capacity(&h, 2), 1, "2-line cache: 1 capacity miss");
	is_u64(wt_rdhist_below(&h, 2), 3, "2-line cache: 3 hits");
	is_u64(100 * h.inf / h.total, 42, "compulsory miss rate 42 %%");
	is_u64(100 * wt_rdhist_capacity(&h, 2) / h.total, 14,
	       "capacity miss rate 14 %%");
	is_u64(h.bins[0], 1, "figure 1: one distance 0");
	is_u64(h.bins[1], 2, "figure 1: two distances 1");
	is_u64(h.bins[2], 1, "figure 1: one distance 2");
	wt_rdhist_free(&h);
	wt_reuse_free(r);
}

/* Nugteren et al. table 2: the line sequence of the GPU example. */
static void nugteren_table2(void)
{
	static const uint64_t line[] = { 0, 0, 1, 1, 0, 0, 1, 1 };
	static const uint64_t want[] = { INF, 0, INF, 0, 1, 0, 1, 0 };

	check_seq(line, want, 8, "table 2 line sequence");
}

/*
 * The definition, directly: an LRU stack as a move-to-front array; the
 * distance is the key's depth.  O(distinct) per access.
 */
struct naive {
	uint64_t *stack;
	size_t n, cap;
};

static uint64_t naive_access(struct naive *s, uint64_t key)
{
	size_t i;
	uint64_t d;

	for (i = 0; i < s->n && s->stack[i] != key; i++)
		;
	if (i == s->n) {
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 64;
			s->stack = wt_realloc(s->stack,
					      s->cap * sizeof(*s->stack));
		}
		s->n++;
		d = INF;
	} else {
		d = i;
	}
	memmove(s->stack + 1, s->stack, i * sizeof(*s->stack));
	s->stack[0] = key;
	return d;
}

/*
 * A random trace of n accesses over a pool of keys that grows with
 * probability grow_pct %; reuse favours recently added keys when skew is
 * set.  The pool starts with the awkward keys 0, UINT64_MAX, 2^63 and 1
 * (as many as pool_max allows).
 */
static void compare(const char *name, size_t n, size_t pool_max,
		    unsigned grow_pct, int skew)
{
	static const uint64_t awkward[] = { 0, UINT64_MAX, 1ULL << 63, 1 };
	uint64_t *pool = wt_malloc(pool_max * sizeof(*pool));
	size_t npool = pool_max < 4 ? pool_max : 4, bad = 0;
	struct naive s = { 0 };
	struct wt_reuse *r = wt_reuse_new();
	uint64_t maxd = 0;

	memcpy(pool, awkward, npool * sizeof(*pool));
	for (size_t t = 0; t < n; t++) {
		uint64_t key, want, got;

		if (npool < pool_max && rnd() % 100 < grow_pct) {
			/* Strided, sequential or random, like addresses. */
			switch (rnd() % 3) {
			case 0: key = npool * 128; break;
			case 1: key = UINT64_MAX - npool; break;
			default: key = rnd(); break;
			}
			pool[npool++] = key;
		} else if (skew) {
			uint64_t a = rnd() % npool, b = rnd() % npool;

			key = pool[npool - 1 - a * b / npool];
		} else {
			key = pool[rnd() % npool];
		}
		want = naive_access(&s, key);
		got = wt_reuse_access(r, key);
		if (want != INF && want > maxd)
			maxd = want;
		if (got != want && bad++ < 5)
			printf("#   %s: access %zu key %llx: got %llu, want "
			       "%llu\n", name, t, (unsigned long long)key,
			       (unsigned long long)got,
			       (unsigned long long)want);
	}
	ok(bad == 0, "%s: %zu accesses agree with the naive stack", name, n);
	is_u64(wt_reuse_distinct(r), s.n, "%s: %zu distinct keys", name, s.n);
	ok(wt_reuse_compactions(r) >= 5, "%s: %llu renumberings, max d %llu",
	   name, (unsigned long long)wt_reuse_compactions(r),
	   (unsigned long long)maxd);
	free(s.stack);
	free(pool);
	wt_reuse_free(r);
}

static void randomised(void)
{
	compare("one key", 2000, 1, 0, 0);
	compare("4 awkward keys", 20000, 4, 0, 0);
	compare("30 keys uniform", 50000, 30, 1, 0);
	compare("2000 keys uniform", 200000, 2000, 2, 0);
	compare("2000 keys skewed", 200000, 2000, 2, 1);
	compare("growing to 20000 keys", 60000, 20000, 40, 1);
}

/* The batch form gives the same distances as one access at a time. */
static void batch(void)
{
	enum { N = 300000 };
	uint64_t *keys = wt_malloc(N * sizeof(*keys));
	uint64_t *d1 = wt_malloc(N * sizeof(*d1));
	uint64_t *d2 = wt_malloc(N * sizeof(*d2));
	struct wt_reuse *a = wt_reuse_new(), *b = wt_reuse_new();
	size_t same = 0, done = 0;

	for (size_t i = 0; i < N; i++)
		keys[i] = (rnd() % (i / 4 + 1)) * 4096;
	for (size_t i = 0; i < N; i++)
		d1[i] = wt_reuse_access(a, keys[i]);
	/* Uneven chunks, the first shorter than the prefetch distance. */
	for (size_t m = 3; done < N; m = m * 3 + 1) {
		size_t k = N - done < m ? N - done : m;

		wt_reuse_access_many(b, keys + done, k, d2 + done);
		done += k;
	}
	for (size_t i = 0; i < N; i++)
		same += d1[i] == d2[i];
	is_u64(same, N, "wt_reuse_access_many agrees with wt_reuse_access");
	is_u64(wt_reuse_distinct(b), wt_reuse_distinct(a),
	       "batch: same distinct count (%llu)",
	       (unsigned long long)wt_reuse_distinct(a));
	wt_reuse_free(a);
	wt_reuse_free(b);
	free(keys);
	free(d1);
	free(d2);
}

static void reset_and_memory(void)
{
	struct wt_reuse *r = wt_reuse_new();
	size_t small;

	for (uint64_t i = 0; i < 100; i++)
		wt_reuse_access(r, i);
	is_u64(wt_reuse_distinct(r), 100, "100 distinct keys");
	for (uint64_t i = 0; i < 1000000; i++)
		if (wt_reuse_access(r, i % 100) != 99)
			break;
	is_u64(wt_reuse_access(r, 0), 99, "cyclic 100 keys: distance 99");
	small = wt_reuse_bytes(r);
	ok(small < 16384, "memory after 1 M accesses to 100 keys: %zu bytes",
	   small);
	ok(wt_reuse_compactions(r) > 1000, "renumbered %llu times",
	   (unsigned long long)wt_reuse_compactions(r));

	wt_reuse_reset(r);
	is_u64(wt_reuse_distinct(r), 0, "reset: no keys");
	is_u64(wt_reuse_access(r, 5), INF, "reset: first access infinite");
	is_u64(wt_reuse_access(r, 7), INF, "reset: another new key");
	is_u64(wt_reuse_access(r, 5), 1, "reset: distance 1");
	is_u64(wt_reuse_distinct(r), 2, "reset: 2 distinct keys");

	wt_reuse_reset(r);
	for (uint64_t i = 0; i < 100000; i++)
		wt_reuse_access(r, i * 0x100000001ULL);
	is_u64(wt_reuse_access(r, 0), 99999, "100000 keys: oldest at 99999");
	is_u64(wt_reuse_access(r, 99999 * 0x100000001ULL), 1,
	       "100000 keys: newest at 1");
	ok(wt_reuse_bytes(r) < 100000 * 64, "100000 keys in %zu bytes",
	   wt_reuse_bytes(r));
	wt_reuse_free(r);
	wt_reuse_free(NULL);
}

static void histogram(void)
{
	struct wt_rdhist h, g, c;
	uint64_t lo, hi;
	int good;

	wt_rdhist_init(&h, 6);
	is_u64(h.nbins, 6 + 64 - 2, "exact_max 6: 6 exact + 62 log bins");
	wt_rdhist_bin_range(&h, 5, &lo, &hi);
	ok(lo == 5 && hi == 5, "bin 5 is [5, 5]");
	wt_rdhist_bin_range(&h, 6, &lo, &hi);
	ok(lo == 6 && hi == 7, "bin 6 is [6, 7]: starts at exact_max");
	wt_rdhist_bin_range(&h, 7, &lo, &hi);
	ok(lo == 8 && hi == 15, "bin 7 is [8, 15]");
	wt_rdhist_bin_range(&h, h.nbins - 1, &lo, &hi);
	ok(lo == 1ULL << 63 && hi == UINT64_MAX - 1, "last bin [2^63, inf)");

	/* Every bin's ends land in it; ranges tile 0 .. UINT64_MAX-1. */
	good = 1;
	for (size_t i = 0, next = 0; i < h.nbins; i++) {
		wt_rdhist_bin_range(&h, i, &lo, &hi);
		good &= lo == next && lo <= hi;
		next = hi + 1;
		wt_rdhist_add(&h, lo);
		wt_rdhist_add(&h, hi);
		good &= h.bins[i] == 2 || (lo == hi && h.bins[i] == 2);
	}
	ok(good, "bins tile the finite distances; ends land in their bin");
	wt_rdhist_free(&h);

	wt_rdhist_init(&h, 4);
	for (uint64_t d = 0; d < 100; d++)
		wt_rdhist_add(&h, d);
	wt_rdhist_add(&h, INF);
	wt_rdhist_add(&h, INF);
	is_u64(h.total, 102, "total counts infinite distances");
	is_u64(h.inf, 2, "two infinite");
	good = 1;
	for (uint64_t n = 0; n <= 4; n++)
		good &= wt_rdhist_below(&h, n) == n;
	for (uint64_t n = 4; n <= 64; n *= 2)
		good &= wt_rdhist_below(&h, n) == n;
	ok(good, "below(n) exact for n <= exact_max and powers of two");
	is_u64(wt_rdhist_below(&h, 128), 100, "below(128): every finite one");
	is_u64(wt_rdhist_below(&h, UINT64_MAX), 100, "below(inf): every "
	       "finite one");
	is_u64(wt_rdhist_below(&h, 48), 48, "below(48) interpolated (uniform)");
	is_u64(wt_rdhist_capacity(&h, 16), 84, "capacity misses of 16 lines");

	wt_rdhist_init(&g, 4);
	wt_rdhist_add(&g, 0);
	wt_rdhist_add(&g, 1000);
	wt_rdhist_add(&g, INF);
	wt_rdhist_merge(&h, &g);
	is_u64(h.total, 105, "merge: totals add");
	is_u64(h.inf, 3, "merge: infinities add");
	is_u64(h.bins[0], 2, "merge: exact bins add");
	is_u64(wt_rdhist_below(&h, 1024) - wt_rdhist_below(&h, 512), 1,
	       "merge: log bins add");

	wt_rdhist_init(&c, 2);
	wt_rdhist_merge(&c, &h);
	is_u64(c.total, 105, "merge into coarser: totals");
	is_u64(wt_rdhist_below(&c, 2), 3, "merge into coarser: d < 2");
	is_u64(wt_rdhist_below(&c, 64), 65, "merge into coarser: d < 64");
	is_u64(wt_rdhist_below(&c, 2048), 102, "merge into coarser: d < 2048");

	wt_rdhist_free(&c);
	wt_rdhist_init(&c, 0);
	is_u64(c.exact_max, 1, "exact_max 0 taken as 1");
	wt_rdhist_add(&c, 0);
	wt_rdhist_add(&c, 1);
	wt_rdhist_add(&c, UINT64_MAX - 1);
	is_u64(wt_rdhist_below(&c, 1), 1, "exact_max 1: below(1)");
	is_u64(c.bins[c.nbins - 1], 1, "largest finite distance in last bin");
	wt_rdhist_free(&c);
	wt_rdhist_free(&g);
	wt_rdhist_free(&h);
	ok(h.bins == NULL && h.nbins == 0, "free clears");
}

/* Peak resident set in MiB. */
static double peak_mib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024.0;
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*
 * n accesses to line addresses over 1 M (2^20) distinct lines: a first
 * sweep touches each once, then the line index is the product of two
 * uniform numbers (density -ln x: the lowest 1 % of lines take about 6 %
 * of accesses, the lowest 10 % about 33 %), or uniform for the worst case.
 * Keys are generated a chunk at a time, outside the timed loop.
 */
static void bench_one(uint64_t n, int skew, int many)
{
	enum { LINES = 1 << 20, CHUNK = 1 << 16 };
	static uint64_t keys[CHUNK], dist[CHUNK];
	struct wt_reuse *r = wt_reuse_new();
	uint64_t done = 0, finite = 0, sum = 0;
	double t = 0, start;

	while (done < n) {
		size_t m = n - done < CHUNK ? (size_t)(n - done) : CHUNK;

		for (size_t i = 0; i < m; i++) {
			uint64_t line, j = done + i;

			if (j < LINES)
				line = j;
			else if (skew)
				line = ((rnd() >> 44) * (rnd() >> 44)) >> 20;
			else
				line = rnd() >> 44;
			keys[i] = 0x7f0000000000ULL + line * 128;
		}
		start = seconds();
		if (many) {
			wt_reuse_access_many(r, keys, m, dist);
		} else {
			for (size_t i = 0; i < m; i++)
				dist[i] = wt_reuse_access(r, keys[i]);
		}
		t += seconds() - start;
		for (size_t i = 0; i < m; i++) {
			if (dist[i] != INF) {
				finite++;
				sum += dist[i];
			}
		}
		done += m;
	}
	printf("# %s, %s: %llu accesses, %llu distinct, mean distance %.0f: "
	       "%.1f M accesses/s, %.1f ns each; engine %.1f MiB, "
	       "%llu renumberings\n", skew ? "skewed" : "uniform",
	       many ? "wt_reuse_access_many" : "wt_reuse_access",
	       (unsigned long long)n,
	       (unsigned long long)wt_reuse_distinct(r),
	       finite ? (double)sum / finite : 0.0, n / t / 1e6, t / n * 1e9,
	       wt_reuse_bytes(r) / 1048576.0,
	       (unsigned long long)wt_reuse_compactions(r));
	wt_reuse_free(r);
}

static int bench(const char *arg)
{
	uint64_t n;
	const char *why;

	if (wt_parse_u64(arg, UINT64_MAX, &n, &why) < 0)
		wt_die(WT_EXIT_USAGE, "--bench %s: %s", arg, why);
	for (int many = 0; many < 2; many++) {
		bench_one(n, 1, many);
		bench_one(n, 0, many);
	}
	printf("# peak resident memory %.1f MiB\n", peak_mib());
	return 0;
}

int main(int argc, char **argv)
{
	wt_set_progname(argv[0]);
	if (argc == 3 && strcmp(argv[1], "--bench") == 0)
		return bench(argv[2]);
	if (argc != 1)
		wt_die(WT_EXIT_USAGE, "usage: test-reuse [--bench N]");
	nugteren_table1();
	nugteren_table2();
	randomised();
	batch();
	reset_and_memory();
	histogram();
	return tap_done();
}
