/*
 * reuse-bench - the exact reuse engine against SHARDS on one trace.
 *
 *   reuse-bench N PATTERN [RATE...]
 *
 * N accesses (K, M, G suffixes) to line addresses over 2^20 distinct
 * lines: a first sweep touches each line once, then each access draws its
 * line, by PATTERN:
 *   skewed   the product of two uniform numbers (density -ln x: the
 *            lowest 1 % of lines take about 6 % of the accesses, the
 *            lowest 10 % about 33 %);
 *   uniform  uniform: the exact engine's worst case.
 * The trace is generated a chunk at a time outside the timed loops, the
 * same for every run.  The exact engine (reuse.h) runs first, then SHARDS
 * (shards.h) at each RATE.
 *
 * Prints one JSON object a line per run: {"engine", "pattern", "accesses",
 * "distinct", "rate", "seconds", "accesses_per_s", "bytes"}, where
 * distinct is the keys the engine held and bytes its memory at the end;
 * for SHARDS also "sampled" (accesses sampled) and the miss-ratio curve's
 * error against the exact one: "mrc_sizes" (16 fully associative LRU
 * cache sizes from 2^10 to 2^20 lines, evenly spaced in log), "mrc_mae"
 * (the mean absolute error of the miss ratio over them) and
 * "mrc_max_error".  A curve is 1 - (accesses with distance < size) /
 * accesses, counted from the distances directly, so that both are exact
 * for their distances.
 */
#include "reuse.h"
#include "shards.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { LINES = 1 << 20, CHUNK = 1 << 16, NSIZES = 16 };

static uint64_t sizes[NSIZES];
static uint64_t rng_state;

/* xorshift64*: fast and deterministic. */
static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Access j's key. */
static uint64_t key_of(uint64_t j, int skewed)
{
	uint64_t line;

	if (j < LINES)
		line = j;
	else if (skewed)
		line = ((rnd() >> 44) * (rnd() >> 44)) >> 20;
	else
		line = rnd() >> 44;
	return 0x7f0000000000ULL + line * 128;
}

/* A miss-ratio curve in counts: hits[k] accesses with d < sizes[k]. */
struct mrc {
	uint64_t hits[NSIZES], total;
};

static void mrc_add(struct mrc *m, uint64_t d)
{
	m->total++;
	for (int k = NSIZES - 1; k >= 0 && d < sizes[k]; k--)
		m->hits[k]++;
}

static double miss_ratio(const struct mrc *m, int k)
{
	return m->total ? 1 - (double)m->hits[k] / (double)m->total : 0;
}

/*
 * One run over the trace: the exact engine when rate is 0, else SHARDS.
 * m gets the curve.
 */
static void run(uint64_t n, int skewed, double rate, struct mrc *m)
{
	static uint64_t keys[CHUNK], dist[CHUNK];
	static unsigned char got[CHUNK];
	struct wt_reuse *r = rate ? NULL : wt_reuse_new();
	struct wt_shards *s = rate ? wt_shards_new(rate) : NULL;
	uint64_t done = 0;
	double t = 0, start;

	rng_state = 0x243F6A8885A308D3ULL;
	memset(m, 0, sizeof(*m));
	while (done < n) {
		size_t c = n - done < CHUNK ? (size_t)(n - done) : CHUNK;

		for (size_t i = 0; i < c; i++)
			keys[i] = key_of(done + i, skewed);
		start = now();
		if (r) {
			wt_reuse_access_many(r, keys, c, dist);
		} else {
			for (size_t i = 0; i < c; i++)
				got[i] = (unsigned char)wt_shards_access(s, keys[i],
									&dist[i]);
		}
		t += now() - start;
		for (size_t i = 0; i < c; i++)
			if (r || got[i])
				mrc_add(m, dist[i]);
		done += c;
	}
	printf("{\"engine\": \"%s\", \"pattern\": \"%s\", \"accesses\": %llu, "
	       "\"distinct\": %llu, \"rate\": %.9g, \"seconds\": %.3f, "
	       "\"accesses_per_s\": %.0f, \"bytes\": %zu",
	       r ? "exact" : "shards", skewed ? "skewed" : "uniform",
	       (unsigned long long)n,
	       (unsigned long long)(r ? wt_reuse_distinct(r) : wt_shards_distinct(s)),
	       r ? 1.0 : wt_shards_rate(s), t, t > 0 ? (double)n / t : 0,
	       r ? wt_reuse_bytes(r) : wt_shards_bytes(s));
	wt_reuse_free(r);
	wt_shards_free(s);
}

int main(int argc, char **argv)
{
	struct mrc exact, sampled;
	const char *why;
	uint64_t n;
	int skewed;

	wt_set_progname(argv[0]);
	if (argc < 3 || (strcmp(argv[2], "skewed") != 0 &&
			 strcmp(argv[2], "uniform") != 0))
		wt_die(WT_EXIT_USAGE, "usage: reuse-bench N skewed|uniform [RATE...]");
	if (wt_parse_size(argv[1], UINT64_MAX, &n, &why) < 0)
		wt_die(WT_EXIT_USAGE, "N %s: %s", argv[1], why);
	skewed = strcmp(argv[2], "skewed") == 0;
	for (int k = 0; k < NSIZES; k++)
		sizes[k] = (uint64_t)llround(1024 * pow(2, 10.0 * k / (NSIZES - 1)));

	run(n, skewed, 0, &exact);
	printf("}\n");
	for (int i = 3; i < argc; i++) {
		double rate, sum = 0, worst = 0;

		if (wt_shards_parse_rate(argv[i], &rate) < 0)
			wt_die(WT_EXIT_USAGE, "RATE %s: expected 2^-24 to 1", argv[i]);
		run(n, skewed, rate, &sampled);
		for (int k = 0; k < NSIZES; k++) {
			double e = fabs(miss_ratio(&sampled, k) - miss_ratio(&exact, k));

			sum += e;
			if (e > worst)
				worst = e;
		}
		printf(", \"sampled\": %llu, \"mrc_sizes\": %d, \"mrc_mae\": %.4f, "
		       "\"mrc_max_error\": %.4f}\n",
		       (unsigned long long)sampled.total, NSIZES, sum / NSIZES,
		       worst);
	}
	return 0;
}
