/*
 * l2pol_sbyp.c - the streaming bypass of Khairy et al. (section 4.1, "We
 * implement the same method for L2 caches") at the L2, with the L1's
 * state machine (struct wt_sbyp, sbyp.h), one per partition: each
 * slice's controller measures its own load miss rate.
 *
 *   - A load belongs to the period of its arrival at the partition; the
 *     periods that ended by then are closed first.  Only loads count in
 *     the miss rate (a merged miss is a miss); stores and atomics are
 *     never bypassed and do not count.
 *   - At the end of a period whose miss rate is above the threshold the
 *     partition closes; at the end of one at or below it, it opens.
 *   - While closed, a load goes on to DRAM at its arrival cycle as a
 *     bypass event, without a port, bank, MSHR or data access, as the
 *     other bypasses do.  Its tags alone are looked up and updated, at
 *     that cycle, as an open L2's lookup would (recency, victim,
 *     insertion, a dirty victim's write-back: wt_l2_tags_only, with the
 *     other policies' hooks, so that MeDiC's insertion, EAF and PCAL
 *     shape the tags as in an open L2), so that the miss rate is still
 *     measured; a line they take has no data and is marked so.
 *   - A store or atomic that finds a marked line drops it first (there
 *     is nothing to write into or read), and is then served as a miss.
 *     When the partition opens again, every marked line is dropped.
 */
#include "l2policy.h"
#include "l2model.h"
#include "sbyp.h"
#include "util.h"

#include <stdlib.h>

struct sbyp {
	struct wt_sbyp s;
	uint8_t *tagonly;		/* the lines that the tags alone took */
};

static uint8_t *tagonly_at(struct sbyp *d, struct wt_l2 *l2, unsigned set, int way)
{
	return &d->tagonly[(size_t)set * l2->cfg->geom.assoc + (unsigned)way];
}

/* The partition opens again: the lines the tags took while it was closed
 * have no data.  (They are never dirty: a write drops them first.) */
static void drop_all(struct sbyp *d, struct wt_l2 *l2)
{
	unsigned assoc = l2->cfg->geom.assoc;
	size_t n = (size_t)l2->cfg->geom.sets * assoc;

	for (size_t i = 0; i < n; i++) {
		if (!d->tagonly[i])
			continue;
		d->tagonly[i] = 0;
		wt_cache_invalidate(&l2->cache, (unsigned)(i / assoc),
				    (int)(i % assoc));
	}
}

/* A store or atomic finds a line the tags took: nothing to write into or
 * read, so it goes and the request misses. */
static void drop_line(struct sbyp *d, struct wt_l2 *l2, unsigned set, uint64_t line)
{
	int way = wt_cache_find(&l2->cache, set, line);

	if (way >= 0 && *tagonly_at(d, l2, set, way)) {
		*tagonly_at(d, l2, set, way) = 0;
		wt_cache_invalidate(&l2->cache, set, way);
	}
}

/*
 * A load: close the periods that ended (dropping the tags' lines when the
 * partition opens at one), then, if the partition is closed, look its
 * tags alone up and send it around: 1.  The partition counts an open
 * partition's loads when they are served.
 */
static int sbyp_arrive(void *p, struct wt_l2 *l2, struct wt_l2_req *r)
{
	struct sbyp *d = p;
	int hit, way;

	if (r->in->op != WT_OP_LOAD) {
		drop_line(d, l2, r->set, r->line);
		return 0;
	}
	if (wt_sbyp_tick(&d->s, r->arrival))
		drop_all(d, l2);
	l2->st.policy[WT_L2C_SBYP_PERIODS] = d->s.periods;
	l2->st.policy[WT_L2C_SBYP_PERIODS_ON] = d->s.periods_on;
	l2->st.policy[WT_L2C_SBYP_SWITCHES] = d->s.switches;
	if (!d->s.on)
		return 0;
	hit = wt_l2_tags_only(l2, r, &way);
	wt_sbyp_count(&d->s, !hit);
	if (way >= 0)
		*tagonly_at(d, l2, r->set, way) = 1;
	l2->st.policy[WT_L2C_SBYP_LOADS]++;
	return 1;
}

/* A new line is a real one, until the tags alone say not. */
static int sbyp_insert(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
		       unsigned set, int way, uint64_t line)
{
	(void)r;
	(void)line;
	*tagonly_at(p, l2, set, way) = 0;
	return -1;
}

/* A load served by the open partition. */
static void sbyp_served(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
			int hit)
{
	struct sbyp *d = p;

	(void)l2;
	if (r->in->op == WT_OP_LOAD)
		wt_sbyp_count(&d->s, !hit);
}

static void sbyp_free(void *p)
{
	struct sbyp *d = p;

	free(d->tagonly);
	free(d);
}

static const struct wt_l2_hooks sbyp_hooks = {
	.arrive = sbyp_arrive,
	.insert = sbyp_insert,
	.served = sbyp_served,
	.free = sbyp_free,
};

static int sbyp_on(const struct wt_l2pol_cfg *c)
{
	return c->sbyp;
}

static void sbyp_attach(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2)
{
	struct sbyp *d = wt_calloc(1, sizeof(*d));

	(void)shared;
	wt_sbyp_init(&d->s, c->sbyp_period, c->sbyp_threshold);
	d->tagonly = wt_calloc((size_t)l2->cfg->geom.sets * l2->cfg->geom.assoc, 1);
	wt_l2_add_policy(l2, &sbyp_hooks, d, 1);
}

const struct wt_l2pol_def wt_l2pol_sbyp = {
	.name = "sbyp",
	.on = sbyp_on,
	.attach = sbyp_attach,
};
