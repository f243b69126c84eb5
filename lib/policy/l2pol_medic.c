/*
 * l2pol_medic.c - MeDiC at the L2 (Ausavarungnirun et al., section 4):
 * its warp-type-aware bypassing and insertion, per partition, and PC-Byp,
 * its comparison point that types the loads' PCs instead of their warps.
 *
 *   WT_MEDIC_WBYP  a load of a mostly-miss or all-miss warp (after its
 *                  profiling, medic.h) bypasses the L2: it goes on to DRAM
 *                  at its arrival cycle, as a bypass event, without a
 *                  port, bank or lookup.  Its atomics still look the line
 *                  up but do not allocate it on a miss.  Stores are not
 *                  bypassed: this L2 is write-back, where MeDiC assumes
 *                  write-through (section 4.2).
 *   WT_MEDIC_WIP   each line keeps its inserting warp's class (mostly-
 *                  and all-miss 0, balanced or untyped 1, mostly- and
 *                  all-hit 2), updated by each hit; victims are taken from
 *                  the lowest class first, least recently used first
 *                  within it; lines of class 0 are inserted at the LRU
 *                  position, 1 in the middle, 2 at MRU (section 4.3).
 *
 * Warp types come from the lookups of every partition (medic.h): all
 * partitions share one wt_medic, and take their requests in arrival
 * order.  The third component, WMS, is dramsim's (dramsim --sched=medic).
 */
#include "l2policy.h"
#include "l2model.h"
#include "util.h"

#include <stdlib.h>

/* MeDiC in one partition. */
struct medic {
	struct wt_medic *m;		/* the warp types, shared */
	unsigned components;		/* WT_MEDIC_* */
	uint8_t *rank;			/* WIP: each line's class */
	unsigned type;			/* the request under way's warp's */
};

static int miss_type(unsigned type)
{
	return type == WT_WT_MOSTLY_MISS || type == WT_WT_ALL_MISS;
}

/* WIP's class of a warp type: the order lines are evicted in. */
static uint8_t wip_class(unsigned type)
{
	switch (type) {
	case WT_WT_MOSTLY_MISS:
	case WT_WT_ALL_MISS:
		return 0;
	case WT_WT_MOSTLY_HIT:
	case WT_WT_ALL_HIT:
		return 2;
	default:
		return 1;	/* balanced, or not typed yet */
	}
}

static uint8_t *rank_at(struct medic *d, struct wt_l2 *l2, unsigned set, int way)
{
	return &d->rank[(size_t)set * l2->cfg->geom.assoc + (unsigned)way];
}

/* The warp's type; WByp: a load of a mostly- or all-miss warp bypasses,
 * an atomic takes no line. */
static int medic_arrive(void *p, struct wt_l2 *l2, struct wt_l2_req *r)
{
	struct medic *d = p;
	int profiling;

	d->type = wt_medic_type(d->m, wt_medic_key(r->kernel, r->in->warp),
				r->arrival, &profiling);
	if (!(d->components & WT_MEDIC_WBYP) || profiling || !miss_type(d->type))
		return 0;
	if (r->in->op == WT_OP_LOAD) {
		l2->st.policy[WT_L2C_MEDIC_BYPASSES]++;
		return 1;
	}
	r->noalloc |= r->in->op == WT_OP_ATOMIC;
	return 0;
}

/* The warp's lookups type it; WIP: a hit gives the line the class of
 * the warp that reused it. */
static void medic_lookup(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
			 int way, enum wt_l2_look look, uint64_t t)
{
	struct medic *d = p;

	if (d->rank && look == WT_L2_LOOK_HIT)
		*rank_at(d, l2, r->set, way) = wip_class(d->type);
	wt_medic_lookup(d->m, wt_medic_key(r->kernel, r->in->warp), t,
			look == WT_L2_LOOK_HIT);
}

/* WIP: the lowest class first, the least recently used within it. */
static int medic_victim(void *p, struct wt_l2 *l2, unsigned set,
			struct wt_cache_line *ev)
{
	return wt_cache_victim_ranked(&l2->cache, set, rank_at(p, l2, set, 0), ev);
}

/* WIP: the position of the warp's class (a line no request brings: 1). */
static int medic_insert(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
			unsigned set, int way, uint64_t line)
{
	struct medic *d = p;
	unsigned assoc = l2->cfg->geom.assoc;
	uint8_t cls = wip_class(r ? d->type : WT_WT_MAX);

	(void)line;
	*rank_at(d, l2, set, way) = cls;
	return cls == 0 ? (int)assoc - 1 : cls == 1 ? (int)assoc / 2 : 0;
}

static void medic_free(void *p)
{
	struct medic *d = p;

	free(d->rank);
	free(d);
}

static const struct wt_l2_hooks wbyp_hooks = {
	.arrive = medic_arrive,
	.lookup = medic_lookup,
	.free = medic_free,
};

static const struct wt_l2_hooks wip_hooks = {
	.arrive = medic_arrive,
	.lookup = medic_lookup,
	.victim = medic_victim,
	.insert = medic_insert,
	.free = medic_free,
};

static int medic_on(const struct wt_l2pol_cfg *c)
{
	return c->medic != 0;
}

static void *types_begin(const struct wt_l2pol_cfg *c)
{
	struct wt_medic *m = wt_calloc(1, sizeof(*m));

	wt_medic_init(m, &c->medic_cfg);
	return m;
}

static void types_kernel_end(void *shared)
{
	wt_medic_kernel_end(shared);
}

static void types_end(void *shared)
{
	wt_medic_free(shared);
	free(shared);
}

static void medic_attach(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2)
{
	struct medic *d = wt_calloc(1, sizeof(*d));

	d->m = shared;
	d->components = c->medic;
	d->type = WT_WT_MAX;
	if (c->medic & WT_MEDIC_WIP)
		d->rank = wt_calloc((size_t)l2->cfg->geom.sets * l2->cfg->geom.assoc, 1);
	wt_l2_add_policy(l2, d->rank ? &wip_hooks : &wbyp_hooks, d,
			 (c->medic & WT_MEDIC_WBYP) != 0);
}

const struct wt_l2pol_def wt_l2pol_medic = {
	.name = "medic",
	.on = medic_on,
	.shared = 1,
	.begin = types_begin,
	.attach = medic_attach,
	.kernel_end = types_kernel_end,
	.end = types_end,
};

/* ---- PC-Byp ---- */

/* A load of a mostly- or all-miss PC bypasses. */
static int pc_arrive(void *p, struct wt_l2 *l2, struct wt_l2_req *r)
{
	int profiling;
	unsigned type;

	if (r->in->op != WT_OP_LOAD)
		return 0;
	type = wt_medic_type(p, wt_medic_key(r->kernel, r->in->pc), r->arrival,
			     &profiling);
	if (profiling || !miss_type(type))
		return 0;
	l2->st.policy[WT_L2C_BASELINE_BYPASSES]++;
	return 1;
}

static void pc_lookup(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
		      int way, enum wt_l2_look look, uint64_t t)
{
	(void)l2;
	(void)way;
	wt_medic_lookup(p, wt_medic_key(r->kernel, r->in->pc), t,
			look == WT_L2_LOOK_HIT);
}

static const struct wt_l2_hooks pc_hooks = {
	.arrive = pc_arrive,
	.lookup = pc_lookup,
};

static int pc_on(const struct wt_l2pol_cfg *c)
{
	return c->pc_bypass;
}

static void pc_attach(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2)
{
	(void)c;
	wt_l2_add_policy(l2, &pc_hooks, shared, 1);
}

const struct wt_l2pol_def wt_l2pol_pc = {
	.name = "pc",
	.on = pc_on,
	.shared = 1,
	.begin = types_begin,
	.attach = pc_attach,
	.kernel_end = types_kernel_end,
	.end = types_end,
};
