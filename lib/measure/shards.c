/*
 * shards.c - sampled reuse distances (SHARDS, fixed rate); see shards.h.
 *
 * Choices:
 *   - P = 2^24, the paper's modulus: rates down to 6e-8, in steps fine
 *     enough that the rate in force is the one asked for to 7 digits.
 *   - The sampling hash is MurmurHash3's 64-bit finaliser, and the sample
 *     test (wt_shards_keep, in shards.h) uses its top 24 bits.  The exact
 *     engine indexes its table by the low bits of a different finaliser
 *     (SplitMix64's), so the keys that pass the test do not crowd into
 *     part of the engine's table, as they would if both used the same
 *     bits of the same hash.  (classify's tables hash with wt_mix64, a
 *     different function again.)
 *   - The scaled distance is d / R = d * P / T rounded to nearest, in
 *     integers: d is below 2^31 (the engine's limit), so d * P fits.
 *     An unbiased estimate: d counts each of the D distinct keys in
 *     between with probability R.
 *   - No adjustment of the first bin for the difference between the
 *     expected and the actual number of sampled accesses (the paper's
 *     SHARDS_adj): the histogram's total is then an estimate too, and a
 *     miss ratio taken from it is the ratio of two estimates from the
 *     same sample, whose errors partly cancel.  On test-shards.c's trace
 *     at rate 0.01, over ten samples, the curve's mean absolute error
 *     was 0.004 to 0.015 without the adjustment, 0.004 to 0.061 with it.
 */
#include "shards.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

struct wt_shards {
	struct wt_reuse *exact;		/* the sampled keys' distances */
	uint64_t threshold;		/* T: sampled iff hash mod P < T */
};

/* T for a rate: the rate times P, rounded. */
static uint64_t threshold_of(double rate)
{
	double t = rate * WT_SHARDS_MODULUS;

	if (!(t >= 1 && rate <= 1))
		wt_die(WT_EXIT_DATA, "shards: rate %g outside [2^-24, 1]", rate);
	return (uint64_t)(t + 0.5);
}

struct wt_shards *wt_shards_new(double rate)
{
	struct wt_shards *s = wt_calloc(1, sizeof(*s));

	s->threshold = threshold_of(rate);
	s->exact = wt_reuse_new();
	return s;
}

uint64_t wt_shards_threshold(double rate)
{
	return threshold_of(rate);
}

double wt_shards_round_rate(double rate)
{
	return (double)threshold_of(rate) / WT_SHARDS_MODULUS;
}

int wt_shards_parse_rate(const char *s, double *rate)
{
	char *end;
	double r = strtod(s, &end);

	if (end == s || *end || !(r >= 1.0 / WT_SHARDS_MODULUS && r <= 1))
		return -1;
	*rate = wt_shards_round_rate(r);
	return 0;
}

void wt_shards_free(struct wt_shards *s)
{
	if (!s)
		return;
	wt_reuse_free(s->exact);
	free(s);
}

double wt_shards_rate(const struct wt_shards *s)
{
	return (double)s->threshold / WT_SHARDS_MODULUS;
}

int wt_shards_sampled(const struct wt_shards *s, uint64_t key)
{
	return wt_shards_keep(s->threshold, key);
}

int wt_shards_access(struct wt_shards *s, uint64_t key, uint64_t *scaled)
{
	uint64_t d;

	if (!wt_shards_sampled(s, key))
		return 0;
	d = wt_reuse_access(s->exact, key);
	if (d == WT_REUSE_INF)
		*scaled = WT_REUSE_INF;
	else
		*scaled = wt_shards_weight(d, s->threshold);
	return 1;
}

uint64_t wt_shards_distinct(const struct wt_shards *s)
{
	return wt_reuse_distinct(s->exact);
}

size_t wt_shards_bytes(const struct wt_shards *s)
{
	return sizeof(*s) + wt_reuse_bytes(s->exact);
}

/* ---- histograms ---- */

/* n sampled accesses weighted by 1/rate, rounded. */
static uint64_t weigh(uint64_t n, double rate)
{
	return (uint64_t)llround((double)n / rate);
}

void wt_shards_hist(struct wt_rdhist *dst, const struct wt_rdhist *src,
		    double rate)
{
	uint64_t sum = 0, done = 0;

	if (dst->exact_max != src->exact_max || dst->total)
		wt_die(WT_EXIT_DATA, "shards: histogram of exact_max %llu into "
		       "%llu, or not empty", (unsigned long long)src->exact_max,
		       (unsigned long long)dst->exact_max);
	/* Each bin is the growth of the weighted running sum across it. */
	for (size_t i = 0; i < src->nbins; i++) {
		sum += src->bins[i];
		dst->bins[i] = weigh(sum, rate) - done;
		done += dst->bins[i];
	}
	sum += src->inf;
	dst->inf = weigh(sum, rate) - done;
	dst->total = weigh(src->total, rate);
}
