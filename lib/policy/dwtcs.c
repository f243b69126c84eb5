/*
 * dwtcs.c - Dynamic Warp Throttling via Cores Sampling; see dwtcs.h.
 */
#include "dwtcs.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct decision {
	char *kernel;
	unsigned limit;
};

struct wt_dwtcs {
	struct wt_dwtcs_cfg cfg;
	unsigned nsm;
	enum wt_dwtcs_state state;
	char *kernel;		/* this kernel's name; NULL: none */
	unsigned run;		/* consecutive periods over the threshold */
	unsigned limit;		/* decided */
	unsigned rounds;	/* sampling rounds in this kernel */
	unsigned base;		/* of the current round */
	unsigned sampled;	/* periods of the current round so far */
	uint64_t *sum;		/* instructions per SM in the current round */
	unsigned best;		/* the best warp count of the rounds so far */
	uint64_t best_sum;	/* and its instructions */
	double mpki;		/* of the last period with instructions */
	struct decision *done;	/* decisions stored by kernel name */
	size_t ndone;
	struct wt_dwtcs_stats st;
};

void wt_dwtcs_default(struct wt_dwtcs_cfg *c)
{
	c->period = 10000;
	c->mpki = 10;
	c->n = 3;
	c->m = 3;
	c->max_warps = 24;
}

struct wt_dwtcs *wt_dwtcs_new(const struct wt_dwtcs_cfg *c, unsigned nsm)
{
	struct wt_dwtcs *d;

	if (!nsm)
		wt_die(WT_EXIT_USAGE, "DWT-CS needs at least one SM to sample");
	if (!c->n || !c->m || !c->max_warps)
		wt_die(WT_EXIT_USAGE, "DWT-CS needs at least one period over the "
		       "threshold, one sampling period and one warp");
	d = wt_calloc(1, sizeof(*d));
	d->cfg = *c;
	d->nsm = nsm;
	d->sum = wt_calloc(nsm, sizeof(*d->sum));
	return d;
}

void wt_dwtcs_free(struct wt_dwtcs *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->ndone; i++)
		free(d->done[i].kernel);
	free(d->done);
	free(d->sum);
	free(d->kernel);
	free(d);
}

/* The decision stored for this kernel's name, or NULL. */
static const struct decision *stored(const struct wt_dwtcs *d)
{
	if (!d->kernel)
		return NULL;
	for (size_t i = 0; i < d->ndone; i++)
		if (strcmp(d->done[i].kernel, d->kernel) == 0)
			return &d->done[i];
	return NULL;
}

static void store(struct wt_dwtcs *d)
{
	if (!d->kernel || stored(d))
		return;
	d->done = wt_realloc(d->done, (d->ndone + 1) * sizeof(*d->done));
	d->done[d->ndone].kernel = wt_strdup(d->kernel);
	d->done[d->ndone].limit = d->limit;
	d->ndone++;
}

void wt_dwtcs_kernel_begin(struct wt_dwtcs *d, const char *kernel_name)
{
	free(d->kernel);
	d->kernel = kernel_name ? wt_strdup(kernel_name) : NULL;
	d->state = WT_DWTCS_MONITORING;
	d->run = 0;
	d->limit = 0;
	d->rounds = 0;
}

/* The warps per scheduler SM sm samples in the current round. */
static unsigned sample_count(const struct wt_dwtcs *d, unsigned sm)
{
	uint64_t w = (uint64_t)d->base + sm + 1;

	return w < d->cfg.max_warps ? (unsigned)w : d->cfg.max_warps;
}

static void start_round(struct wt_dwtcs *d, unsigned base)
{
	d->state = WT_DWTCS_SAMPLING;
	d->base = base;
	d->sampled = 0;
	memset(d->sum, 0, d->nsm * sizeof(*d->sum));
	d->rounds++;
	if (d->rounds == 1) {
		d->best = 0;
		d->best_sum = 0;
		d->st.samplings++;
	} else {
		d->st.relaunches++;
	}
}

static void decide(struct wt_dwtcs *d, unsigned limit)
{
	d->state = WT_DWTCS_DECIDED;
	d->limit = limit;
}

/* Whether count warps committing sum instructions beat the best so far:
 * more instructions, or as many with fewer warps. */
static int better(unsigned count, uint64_t sum, unsigned best, uint64_t best_sum)
{
	return !best || sum > best_sum || (sum == best_sum && count < best);
}

/* The end of a round: its winner, then another round or the decision. */
static void end_round(struct wt_dwtcs *d)
{
	unsigned win = 0;

	for (unsigned s = 1; s < d->nsm; s++)
		if (better(sample_count(d, s), d->sum[s], sample_count(d, win),
			   d->sum[win]))
			win = s;
	if (better(sample_count(d, win), d->sum[win], d->best, d->best_sum)) {
		d->best = sample_count(d, win);
		d->best_sum = d->sum[win];
	}
	if (win == d->nsm - 1 && (uint64_t)d->base + d->nsm < d->cfg.max_warps) {
		start_round(d, d->base + d->nsm);
		return;
	}
	decide(d, d->best);
	d->st.decisions++;
	store(d);
}

static void monitor(struct wt_dwtcs *d, int over)
{
	const struct decision *k;

	if (!over) {
		d->run = 0;
		return;
	}
	if (++d->run < d->cfg.n)
		return;
	d->run = 0;
	k = stored(d);
	if (k) {
		decide(d, k->limit);
		d->st.reused++;
	} else {
		start_round(d, 0);
	}
}

void wt_dwtcs_period(struct wt_dwtcs *d, const uint64_t *instructions,
		     const uint64_t *misses)
{
	uint64_t insns = 0, miss = 0;
	int idle, over = 0;

	for (unsigned s = 0; s < d->nsm; s++) {
		insns += instructions[s];
		miss += misses[s];
	}
	d->st.periods++;
	idle = insns == 0;
	if (idle) {
		d->st.idle++;
	} else {
		d->mpki = 1000.0 * (double)miss / (double)insns;
		over = d->mpki > d->cfg.mpki;
		if (over)
			d->st.over++;
	}
	switch (d->state) {
	case WT_DWTCS_MONITORING:
		if (!idle)
			monitor(d, over);
		break;
	case WT_DWTCS_SAMPLING:
		for (unsigned s = 0; s < d->nsm; s++)
			d->sum[s] += instructions[s];
		if (++d->sampled == d->cfg.m)
			end_round(d);
		break;
	case WT_DWTCS_DECIDED:
		break;
	}
}

unsigned wt_dwtcs_limit(const struct wt_dwtcs *d, unsigned sm)
{
	switch (d->state) {
	case WT_DWTCS_SAMPLING:
		return sm < d->nsm ? sample_count(d, sm) : 0;
	case WT_DWTCS_DECIDED:
		return d->limit;
	default:
		return 0;
	}
}

enum wt_dwtcs_state wt_dwtcs_state(const struct wt_dwtcs *d)
{
	return d->state;
}

unsigned wt_dwtcs_decided(const struct wt_dwtcs *d)
{
	return d->limit;
}

unsigned wt_dwtcs_rounds(const struct wt_dwtcs *d)
{
	return d->rounds;
}

double wt_dwtcs_mpki(const struct wt_dwtcs *d)
{
	return d->mpki;
}

const struct wt_dwtcs_stats *wt_dwtcs_stats(const struct wt_dwtcs *d)
{
	return &d->st;
}
