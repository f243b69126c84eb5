/*
 * appcat.c - application categories; see appcat.h.
 */
#include "appcat.h"

#include <math.h>
#include <string.h>

void wt_cat_limits_default(struct wt_cat_limits *l)
{
	l->streaming = 0.90;
	l->friendly = 0.10;
	l->conflict = 0.50;
	l->also = 0.25;
	l->mpki = 10;
	l->cs_speedup = 1.5;
	l->ci_speedup = 1.1;
}

static double rate(uint64_t misses, uint64_t n)
{
	return n ? (double)misses / (double)n : 0;
}

void wt_cat_decide(const struct wt_cat_input *in, const struct wt_cat_limits *l,
		   struct wt_cat_result *out)
{
	double conflict, capacity, lost, tb, t4;

	memset(out, 0, sizeof(*out));
	out->instructions = in->instructions;
	out->mpki = in->instructions ? 1000.0 * (double)in->misses /
				       (double)in->instructions : -1;
	if (!in->loads) {
		out->cat = WT_CAT_NONE;
		out->sens = WT_SENS_NONE;
		out->speedup4x = NAN;	/* none to estimate */
		return;
	}
	out->mb = rate(in->loads - in->hits_b, in->loads);
	out->mu = rate(in->loads - in->hits_u, in->loads);
	out->mf = rate(in->loads - in->hits_fa, in->loads);
	out->m4 = rate(in->loads - in->hits_4x, in->loads);
	/* in loads, so that shares on a boundary come out exact */
	conflict = in->hits_fa > in->hits_b ? (double)(in->hits_fa - in->hits_b) : 0;
	capacity = in->hits_u > in->hits_fa ? (double)(in->hits_u - in->hits_fa) : 0;
	lost = conflict + capacity;
	if (lost > 0) {
		out->conflict_share = conflict / lost;
		out->capacity_share = capacity / lost;
	}
	out->intra_conflict = (double)in->set_fill_reqs / (double)in->loads;
	if (out->mu >= l->streaming) {
		out->cat = WT_CAT_STREAMING;
	} else if ((double)(in->hits_u > in->hits_b ? in->hits_u - in->hits_b : 0) /
		   (double)in->loads <= l->friendly) {	/* in loads: exact */
		out->cat = WT_CAT_FRIENDLY;
	} else if (out->conflict_share >= l->conflict ||
		   out->intra_conflict >= l->conflict) {
		out->cat = WT_CAT_CONFLICT;
		out->also = out->capacity_share >= l->also;
	} else {
		out->cat = WT_CAT_THRASHING;
		out->also = out->conflict_share >= l->also ||
			    out->intra_conflict >= l->also;
	}
	tb = in->hit_latency + out->mb * in->miss_latency;
	t4 = in->hit_latency + out->m4 * in->miss_latency;
	out->speedup4x = t4 > 0 ? tb / t4 : tb > 0 ? INFINITY : 1;
	if (out->speedup4x >= l->cs_speedup)
		out->sens = WT_SENS_CS;
	else if (out->speedup4x < l->ci_speedup)
		out->sens = WT_SENS_CI;
	else
		out->sens = WT_SENS_CM;
}

const char *wt_cat_name(unsigned c)
{
	static const char *const names[] = {
		"none", "streaming", "cache-friendly", "conflict-contention",
		"thrashing-contention"
	};
	return c < WT_CAT_MAX ? names[c] : "unknown";
}

const char *wt_sens_name(unsigned s)
{
	static const char *const names[] = {
		"none", "sensitive", "moderate", "insensitive"
	};
	return s < WT_SENS_MAX ? names[s] : "unknown";
}
