/*
 * pol_swt.c - SWT, the best static warp limit: before each kernel runs,
 * it is run once for each limit from 1 warp per scheduler up (on fresh
 * L1s: a reading, the search should not depend on what earlier trials
 * left in the cache), and the limit with the fewest cycles wins, the
 * smallest of equals.  Limits at or past the most warps an SM runs are
 * all alike, and are tried once; so are the limits past one that held no
 * warp back on any SM (the runs are the same), so the search stops
 * there.  The kernel then runs under the limit
 * found (the hook kernel_limit, across the SMs).  gpusim runs the trials
 * itself, in fresh simulators (kernel_search); the search is the same.
 */
#include "json.h"
#include "l1model.h"
#include "l1policy.h"
#include "l1pool.h"
#include "par.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>

struct swt {
	unsigned per;		/* schedulers per SM */
	unsigned max_warps;	/* per scheduler */
};

/* One SM of a trial, model and events on cache lines of their own (the
 * SMs run on threads). */
struct trial {
	_Alignas(WT_CACHE_LINE) struct wt_l1 l1;
	struct wt_l1_out out;
	int held;		/* the limit held a warp back */
	int over;		/* stopped at the cap */
};

/* No hook in the L1, but an instance there all the same: an L1 under
 * any named policy keeps the fields beside its lines and takes the
 * policies' path for its loads (a victim chosen before the other checks),
 * as it always has. */
static void *init(const struct wt_l1_policy *p, struct wt_l1 *l1)
{
	(void)p;
	(void)l1;
	return NULL;
}

static void *gpu_init(const struct wt_l1_policy *p)
{
	struct swt *g = wt_calloc(1, sizeof(*g));

	g->per = p->schedulers;
	g->max_warps = p->max_warps;
	return g;
}

/* The most warps one SM runs in this kernel. */
static unsigned most_warps(const struct wt_l1_kernel *k)
{
	size_t most = 0;

	for (unsigned s = 0; s < k->n; s++) {
		struct wt_u64map *m = wt_u64map_new();

		for (size_t i = 0; i < k->nr[s]; i++) {
			int added;

			wt_u64map_get(m, k->r[s][i].warp, &added);
		}
		if (wt_u64map_count(m) > most)
			most = wt_u64map_count(m);
		wt_u64map_free(m);
	}
	return most > UINT32_MAX ? UINT32_MAX : (unsigned)most;
}

/* The limit per scheduler with the fewest cycles, the smallest of equals,
 * from 1 up to most (the most warps a scheduler holds: past it, all
 * alike) or max_warps; trial(ctx, limit, cap, &bound) runs the kernel
 * under limit, and may stop once it has taken cap cycles (the best so
 * far: it cannot win).  A limit that held no warp back ends the search:
 * the larger ones run the same, their cycles equal, and the smallest of
 * equals wins. */
static unsigned search(void *gs, unsigned most,
		       uint64_t (*trial)(void *ctx, unsigned limit, uint64_t cap,
					 int *bound),
		       void *ctx)
{
	const struct swt *g = gs;
	unsigned best = 0;
	uint64_t best_cycles = UINT64_MAX;

	for (unsigned lim = 1; lim <= g->max_warps; lim++) {
		int bound = 1;
		uint64_t cycles = trial(ctx, lim, best_cycles, &bound);

		if (cycles < best_cycles) {
			best_cycles = cycles;
			best = lim;
		}
		if (lim >= most || !bound)
			break;
	}
	return best;
}

/* SM s's share of the kernel through a fresh pool on t->l1, under limit,
 * until cycle until: t->held, whether the limit held a warp back, and
 * t->over, whether it ran out of time (its end is until or later). */
static void run_trial(struct trial *t, const struct wt_l1_kernel *k,
		      unsigned s, unsigned limit, uint64_t until)
{
	struct wt_warp_pool *p = wt_pool_new(&t->l1, k->pc, k->r[s], k->nr[s],
					     k->start, &t->out);

	if (limit)
		wt_pool_set_limit(p, limit);
	t->over = !wt_pool_step(p, until);
	t->held = wt_pool_limited(p);
	wt_pool_finish(p);
}

/* A trial of l1sim's: the kernel on fresh L1s, each SM through a pool. */
struct pool_trial {
	const struct swt *g;
	struct wt_l1_kernel *k;
	struct trial *t;
};

/* What a trial's SMs run with. */
struct trial_run {
	struct pool_trial *pt;
	unsigned lim;
	uint64_t until;
};

static void trial_sm(void *ctx, unsigned s)
{
	struct trial_run *tr = ctx;
	struct wt_l1_kernel *k = tr->pt->k;
	struct trial *t = &tr->pt->t[s];

	wt_l1_kernel_begin(&t->l1, k->l1[s]->kernel, k->r[s], k->nr[s]);
	t->out.n = 0;
	run_trial(t, k, s, tr->lim * tr->pt->g->per, tr->until);
}

static uint64_t pool_trial(void *ctx, unsigned lim, uint64_t cap, int *bound)
{
	struct pool_trial *pt = ctx;
	struct wt_l1_kernel *k = pt->k;
	struct trial *t = pt->t;
	unsigned nb = k->n;
	uint64_t end = k->start;
	uint64_t until = cap < UINT64_MAX - k->start ? k->start + cap : UINT64_MAX;
	struct trial_run tr = { pt, lim, until };
	char err[512];
	int held = 0, over = 0;

	for (unsigned s = 0; s < nb; s++)
		if (wt_l1_init(&t[s].l1, k->l1[s]->cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	wt_par_for(nb, k->parallel, trial_sm, &tr);
	for (unsigned s = 0; s < nb; s++) {
		if (t[s].l1.st.last > end)
			end = t[s].l1.st.last;
		held |= t[s].held;
		over |= t[s].over;
		wt_l1_free(&t[s].l1);
	}
	*bound = held || over;
	return over ? cap : end - k->start;
}

static unsigned kernel_limit(void *gs, struct wt_l1_kernel *k)
{
	const struct swt *g = gs;
	unsigned most = most_warps(k), best, nb = k->n;
	struct pool_trial pt = { g, k, wt_calloc_lines(nb, sizeof(struct trial)) };

	/* lim * per >= most, as a limit per scheduler */
	best = search(gs, (most + g->per - 1) / g->per, pool_trial, &pt);
	for (unsigned s = 0; s < nb; s++)
		free(pt.t[s].out.ev);
	free(pt.t);
	k->limit = best;
	return best * g->per;
}

/* The limit it chose for a kernel. */
static void kernel_json(struct wt_json *j, unsigned limit, unsigned decided,
			unsigned rounds)
{
	(void)decided;
	(void)rounds;
	wt_json_key_u64(j, "swt_limit", limit);
}

const struct wt_l1_policy_ops wt_pol_swt_ops = {
	.kernel_json = kernel_json,
	.name = "swt",
	.init = init,
	.gpu_init = gpu_init,
	.gpu_free = free,
	.kernel_limit = kernel_limit,
	.kernel_search = search,
};
