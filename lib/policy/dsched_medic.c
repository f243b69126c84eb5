/*
 * dsched_medic.c - MeDiC's warp-type-aware memory scheduler (WMS,
 * Ausavarungnirun et al., section 4.4), dramsim --sched=medic: two
 * queues of `queue` entries each, one for the requests of mostly-hit and
 * all-hit warps (high, class 1) and one for the rest; FR-FCFS within
 * each, and a request of the high queue whose command is legal always
 * goes before any of the low queue.  A full low queue does not hold up
 * high requests arriving behind it.
 *
 * The warp types are learnt as l2sim's MeDiC learns them (medic.h), from
 * the L2 hits and misses passing by (l2sim --events=all), keyed by
 * kernel and warp.  A write-back is no warp's request: low priority.
 * MeDiC's other two components, WByp and WIP, are l2sim's
 * (l2pol_medic.c).
 */
#include "dramsched.h"
#include "json.h"
#include "medic.h"
#include "record.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

struct wms {
	struct wt_medic m;
	uint64_t lookups, hits;		/* L2 lookups seen, and hits */
	uint64_t high;			/* requests in the high queue */
};

/* FR-FCFS in the high queue, then in the low one. */
static int wms_pick(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake)
{
	uint64_t high = UINT64_MAX;
	int i = ch->nq_cls1 ? wt_dram_pick_frfcfs_in(ch, now, 1, &high) : -1;

	if (i >= 0)
		return i;
	i = wt_dram_pick_frfcfs_in(ch, now, 0, wake);
	if (i < 0 && high < *wake)
		*wake = high;
	return i;
}

static void *wms_begin(wt_dram_opt_fn opt, const void *ctx)
{
	struct wms *w = wt_calloc(1, sizeof(*w));
	struct wt_medic_cfg mc;

	wt_medic_default(&mc);
	wt_medic_options(&mc, opt(ctx, "medic-reset"), opt(ctx, "medic-profile"),
			 opt(ctx, "medic-step"));
	wt_medic_init(&w->m, &mc);
	return w;
}

/* L2 hits and misses type the warps as l2sim does. */
static void wms_event(void *s, uint32_t kernel, const struct wt_event *e)
{
	struct wms *w = s;

	if (e->level != 2 || (e->type != WT_EV_HIT && e->type != WT_EV_MISS))
		return;
	wt_medic_lookup(&w->m, wt_medic_key(kernel, e->warp), e->time,
			e->type == WT_EV_HIT);
	w->lookups++;
	w->hits += e->type == WT_EV_HIT;
}

static unsigned wms_classify(void *s, uint32_t kernel, const struct wt_event *e)
{
	struct wms *w = s;
	enum wt_wtype t;
	int profiling;
	unsigned high;

	if (e->type == WT_EV_WRITE_BACK)
		return 0;
	t = wt_medic_type(&w->m, wt_medic_key(kernel, e->warp), e->time, &profiling);
	high = t == WT_WT_MOSTLY_HIT || t == WT_WT_ALL_HIT;
	w->high += high;
	return high;
}

static void wms_kernel_end(void *s)
{
	wt_medic_kernel_end(&((struct wms *)s)->m);
}

static void wms_stats_json(void *s, struct wt_json *j)
{
	const struct wms *w = s;

	wt_json_key_u64(j, "medic_lookups", w->lookups);
	wt_json_key_u64(j, "high_priority", w->high);
}

static void wms_finish(void *s)
{
	const struct wms *w = s;

	if (!w->hits)
		fprintf(stderr, "%s: note: --sched=medic saw no L2 hit, so no warp "
			"is mostly-hit: was l2sim run with --events=all?\n",
			wt_progname());
}

static void wms_free(void *s)
{
	struct wms *w = s;

	wt_medic_free(&w->m);
	free(w);
}

const struct wt_dram_sched_ops wt_dsched_medic = {
	.name = "medic",
	.queues = 2,
	.pick = wms_pick,
	.begin = wms_begin,
	.event = wms_event,
	.classify = wms_classify,
	.kernel_end = wms_kernel_end,
	.stats_json = wms_stats_json,
	.finish = wms_finish,
	.free = wms_free,
};
