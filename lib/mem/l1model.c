/*
 * l1model.c - the L1 of one SM, requests taken in the order given.
 *
 * Time: a request is looked up at its issue cycle plus the stall this SM
 * has accumulated.  A miss holds an MSHR entry until its data returns,
 * lambda + |N(0, sigma^2)| cycles later (Nugteren et al. section 4.2);
 * later requests to the line merge into the entry while it has merge
 * slots.  When a request cannot get what it needs (an MSHR entry, a merge
 * slot, a way to reserve, a miss-queue slot), that is a reservation fail:
 * the request waits until the resource frees, and every later request of
 * the SM waits as long (the SM's pipeline is in order).
 *
 * Miss classes (Nugteren et al.): compulsory (the line's first access on
 * this SM), latency (the line is in flight), MSHR (the request had to
 * wait for an MSHR, and missed), associativity (a fully associative LRU
 * cache of the same size would have hit: reuse distance below its size),
 * capacity (the rest).
 *
 * Reuse distances (cfg->reuse): exact, two exact engines (reuse.h), one
 * over the whole cache and one per set, fill the histograms, and the
 * whole-cache distance classes the misses.  Sampled or off, the classes
 * come from an exact fully associative LRU of sets * assoc lines that
 * also knows the lines seen (falru.h): the same answers, since an access
 * hits there exactly when its distance is below sets * assoc, in O(1).
 * Sampled, SHARDS (shards.h) fills the histograms from a sample of the
 * lines, the same sample for the whole cache and the sets; off, nothing
 * does.
 */
#include "l1internal.h"
#include "hash.h"
#include "linetab.h"
#include "u64map.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The functions of a request's path (load and what it calls), made part
 * of their callers: each is small or mostly returns at its first test
 * (no policies, no meta), and as calls their arguments, saved registers
 * and returns cost more than their work.  1,176 -> 1,029 instructions a
 * request (cachegrind, l1sim's defaults on 1M gen-requests).
 */
#define HOT static inline __attribute__((always_inline))

/*
 * A plain L1 (wt_l1_plain) is a line cache in the bounded mode that
 * allocates on miss and caches what the hardware would (cache operators
 * as the hardware takes them, global accesses too), without policies,
 * exact or sampled reuse engines, external fills, pending misses, events
 * for hits, or warp and load statistics: l1sim's stream run of the fermi
 * preset (the default) without --stats; the later presets' sectored L1s
 * go by l1sector.c.  The request path is made twice from the same code,
 * by the HOT functions' last argument: PLAIN, where every test of what a
 * plain L1 lacks is a constant the compiler drops, and ANY, for every
 * L1.  A plain L1 takes none of the branches that PLAIN drops, and the
 * warp and load statistics it skips are the sinks no_warp and no_pc,
 * which nothing reads; so the two give the same results (test-l1plain
 * compares them on random streams).  PLAIN costs about 170 instructions
 * a request less (875 -> 705 on 1M gen-requests, issue 46).
 */
enum { ANY = 0, PLAIN = 1 };

/* ---- setup ---- */

const char *wt_fail_name(unsigned fail)
{
	static const char *const t[] = {
		"mshr_entry", "mshr_merge", "line_alloc", "miss_queue"
	};
	return fail < WT_FAIL_MAX ? t[fail] : "unknown";
}

const char *wt_write_policy_name(enum wt_write_policy w)
{
	static const char *const t[] = {
		"write-back", "write-through", "write-evict", "local-write-back"
	};
	return (unsigned)w < 4 ? t[w] : "unknown";
}

const char *wt_l1_mode_name(enum wt_l1_mode m)
{
	static const char *const t[] = { "bounded", "unbounded", "bypass" };
	return (unsigned)m < 3 ? t[m] : "unknown";
}

const char *wt_l1_reuse_name(enum wt_l1_reuse r)
{
	static const char *const t[] = { "exact", "sampled", "off" };
	return (unsigned)r < 3 ? t[r] : "unknown";
}

/* The shadow structures of cfg->reuse. */
static void reuse_init(struct wt_l1 *l1)
{
	const struct wt_l1_cfg *c = l1->cfg;
	unsigned sets = c->geom.sets;

	if (c->reuse == WT_L1_REUSE_EXACT) {
		l1->exact = wt_setreuse_new(sets);
		return;
	}
	l1->falru = wt_falru_new(sets * c->geom.assoc, wt_log2(c->geom.line));
	if (c->reuse == WT_L1_REUSE_SAMPLED) {
		l1->sfa = wt_shards_new(c->reuse_rate);
		l1->sset = wt_calloc(sets, sizeof(*l1->sset));
		for (unsigned s = 0; s < sets; s++)
			l1->sset[s] = wt_shards_new(c->reuse_rate);
	}
}

void wt_l1_drop_reuse(struct wt_l1 *l1)
{
	unsigned sets = l1->cfg->geom.sets;

	wt_setreuse_free(l1->exact);
	wt_falru_free(l1->falru);
	wt_shards_free(l1->sfa);
	for (unsigned s = 0; l1->sset && s < sets; s++)
		wt_shards_free(l1->sset[s]);
	free(l1->sset);
	l1->exact = NULL;
	l1->falru = NULL;
	l1->sfa = NULL;
	l1->sset = NULL;
}

/* The instances of the policies that have L1 hooks, in call order; the
 * fields beside the lines when there are any. */
static void policies_init(struct wt_l1 *l1)
{
	const struct wt_l1_cfg *cfg = l1->cfg;
	const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES];
	unsigned n;

	n = wt_l1_policy_ops_of(cfg->pol, ops);
	l1->pols = wt_calloc(n ? n : 1, sizeof(*l1->pols));
	for (unsigned i = 0; i < n; i++) {
		if (!ops[i]->init)
			continue;
		l1->pols[l1->npol].ops = ops[i];
		l1->pols[l1->npol++].s = ops[i]->init(cfg->pol, l1);
		l1->shields |= ops[i]->shield != NULL;
	}
	if (!l1->npol)
		return;
	l1->meta = wt_calloc((size_t)cfg->geom.sets * cfg->geom.assoc,
			     sizeof(*l1->meta));
	l1->allowed = wt_malloc(cfg->geom.assoc);
	l1->left = wt_u64map_new();
}

int wt_l1_init(struct wt_l1 *l1, const struct wt_l1_cfg *cfg, unsigned sm,
	       char *err, size_t errlen)
{
	memset(l1, 0, sizeof(*l1));
	l1->cfg = cfg;
	l1->sm = sm;
	if (cfg->external_fill && cfg->mode != WT_L1_BOUNDED) {
		wt_snprintf(err, errlen, "l1: external fills need the bounded mode, not %s",
			    wt_l1_mode_name(cfg->mode));
		return -1;
	}
	if (cfg->external_fill && cfg->pending_miss) {
		wt_snprintf(err, errlen, "l1: external fills and pending misses "
			    "(a refetch's second entry of a line in flight) do not go together");
		return -1;
	}
	if (wt_cache_init(&l1->cache, &cfg->geom, &cfg->ix, err, errlen) < 0)
		return -1;
	l1->cache.rng ^= wt_mix64(sm + 1);
	/* twice the entries, so that moving them back to the start of the
	 * arrays (mshr_make_room) is rare */
	l1->mshr_cap = 2 * (cfg->mshr_entries ? cfg->mshr_entries : 4096);
	l1->mshr = wt_calloc(l1->mshr_cap, sizeof(*l1->mshr));
	l1->mline = wt_calloc(l1->mshr_cap, sizeof(*l1->mline));
	if (cfg->miss_queue)
		l1->missq = wt_calloc(cfg->miss_queue, sizeof(*l1->missq));
	l1->rng = wt_mix64(cfg->seed ^ wt_mix64(sm + 0x5EED));
	if (!l1->rng)
		l1->rng = 1;
	l1->warp_ix = wt_linetab_new(sizeof(uint64_t));
	if (cfg->mode == WT_L1_UNBOUNDED)
		l1->flight = wt_u64map_new();
	reuse_init(l1);
	/* --reuse=off keeps no histograms: none is made (33 KB zeroed per
	 * SM, and classify makes its SMs' L1s afresh at each kernel). */
	if (cfg->reuse != WT_L1_REUSE_OFF) {
		wt_rdhist_init(&l1->st.fa, 4096);
		wt_rdhist_init(&l1->st.set, 256);
	}
	l1->st.first = UINT64_MAX;
	if (cfg->pol)
		policies_init(l1);
	return 0;
}

void wt_l1_free(struct wt_l1 *l1)
{
	wt_cache_free(&l1->cache);
	free(l1->mshr);
	free(l1->mline);
	free(l1->missq);
	wt_linetab_free(l1->warp_ix);
	wt_u64map_free(l1->flight);
	wt_l1_drop_reuse(l1);
	wt_l1_stats_free(&l1->st);
	free(l1->meta);
	free(l1->allowed);
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->free)
			l1->pols[i].ops->free(l1->pols[i].s);
	free(l1->pols);
	wt_u64map_free(l1->left);
	free(l1->evicted);
}

/* ---- helpers ---- */

static uint64_t next_random(struct wt_l1 *l1)
{
	l1->rng ^= l1->rng >> 12;
	l1->rng ^= l1->rng << 25;
	l1->rng ^= l1->rng >> 27;
	return l1->rng * 0x2545F4914F6CDD1DULL;
}

/* lambda + |N(0, sigma^2)|, by Box-Muller on the SM's own generator. */
static uint64_t miss_latency(struct wt_l1 *l1)
{
	const struct wt_l1_cfg *c = l1->cfg;
	double u1, u2, n;

	if (c->sigma <= 0)
		return c->miss_latency;
	u1 = ((next_random(l1) >> 11) + 1) * (1.0 / 9007199254740993.0);
	u2 = (next_random(l1) >> 11) * (1.0 / 9007199254740992.0);
	n = sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2) * c->sigma;
	return c->miss_latency + (uint64_t)llround(fabs(n));
}

/* A new event at the end of out, for the caller to fill in. */
HOT struct wt_event *emit(struct wt_l1_out *out)
{
	if (out->n == out->cap) {
		out->cap = out->cap ? 2 * out->cap : 8;
		out->ev = wt_realloc(out->ev, out->cap * sizeof(*out->ev));
	}
	return &out->ev[out->n++];
}

/* An event of r's; the fields not named are 0.  (Assigned whole: the
 * compiler stores each field once, where a memset of the record and then
 * the fields stored them twice.) */
HOT struct wt_event *event(struct wt_l1 *l1, struct wt_l1_out *out,
			   const struct wt_request *r, uint64_t t,
			   unsigned type, uint64_t line)
{
	struct wt_event *e = emit(out);

	*e = (struct wt_event){
		.time = t,
		.addr = line,
		.pc = r->pc,
		.cta = r->cta,
		.warp = r->warp,
		.instr = r->instr,
		.sm = (uint16_t)l1->sm,
		.bytes = r->bytes,
		.type = (uint8_t)type,
		.op = r->op,
		.space = r->space,
		.sectors = r->sectors,
		.level = 1,
	};
	return e;
}

static void write_back(struct wt_l1 *l1, struct wt_l1_out *out,
		       const struct wt_request *r, uint64_t t, uint64_t line)
{
	struct wt_event *e = event(l1, out, r, t, WT_EV_WRITE_BACK, line);

	e->op = WT_OP_STORE;
	e->bytes = (uint16_t)l1->cfg->geom.line;
	e->sectors = (uint8_t)((1u << (l1->cfg->geom.line / l1->cfg->sector)) - 1);
	l1->st.write_backs++;
}

uint64_t wt_l1i_miss_latency(struct wt_l1 *l1)
{
	return miss_latency(l1);
}

/* The cycle a miss's data comes (*lat: its latency), or WT_L1_PENDING
 * with external fills. */
HOT uint64_t miss_ready(struct wt_l1 *l1, uint64_t t, uint64_t *lat, int plain)
{
	if (!plain && l1->cfg->external_fill) {
		*lat = 0;
		return WT_L1_PENDING;
	}
	*lat = miss_latency(l1);
	return t + *lat;
}

uint64_t wt_l1i_miss_ready(struct wt_l1 *l1, uint64_t t, uint64_t *lat)
{
	return miss_ready(l1, t, lat, ANY);
}

struct wt_event *wt_l1i_event(struct wt_l1 *l1, struct wt_l1_out *out,
			      const struct wt_request *r, uint64_t t,
			      unsigned type, uint64_t line)
{
	return event(l1, out, r, t, type, line);
}

/* What is wrong with MSHR i, or NULL: it must be its line's only entry,
 * in order (l1internal.h), and the way it reserved must hold its line.
 * (wt_l1_check counts the filter's slots.) */
static const char *mshr_entry_check(const struct wt_l1 *l1, unsigned i)
{
	const struct mshr *m = &l1->mshr[i];
	const struct wt_cache_line *l;

	for (unsigned j = l1->mshr_head; j < i; j++)
		if (l1->mline[j] == l1->mline[i])
			return "two entries for one line";
	if (m->ready == WT_L1_PENDING && !l1->cfg->external_fill)
		return "data pending without external fills";
	if (i > l1->mshr_head && !mshr_before(&l1->mshr[i - 1], m))
		return "not in the order of ready cycles and seq";
	if (m->way < 0)
		return !l1->cfg->alloc_on_fill && l1->cfg->mode == WT_L1_BOUNDED ?
		       "no way reserved" : NULL;
	if (m->set != wt_cache_set(&l1->cache, l1->mline[i]) ||
	    (unsigned)m->way >= l1->cfg->geom.assoc)
		return "the reserved way is not in the line's set";
	l = &l1->cache.lines[(size_t)m->set * l1->cfg->geom.assoc + (unsigned)m->way];
	if (l1->cfg->sectored) {	/* the entry is a sector's */
		uint64_t line = wt_cache_line_addr(&l1->cache, l1->mline[i]);
		unsigned s = (unsigned)(l1->mline[i] - line) / l1->cfg->sector;

		if (l->addr != line || !(l->pending & 1u << s) ||
		    l->state != WT_LINE_RESERVED)
			return "the reserved way does not hold the sector in flight";
		return NULL;
	}
	if (l->addr != l1->mline[i] || l->state != WT_LINE_RESERVED)
		return "the reserved way does not hold the line";
	return NULL;
}

int wt_l1_check(const struct wt_l1 *l1, char *err, size_t errlen)
{
	uint32_t count[1u << WT_L1_MSHR_FILTER_BITS] = { 0 };
	uint32_t counted[1u << WT_L1_MSHR_FILTER_BITS] = { 0 };
	uint64_t earliest = mshr_earliest(l1);

	if (mshr_end(l1) > l1->mshr_cap) {
		wt_snprintf(err, errlen, "MSHRs %u..%u past the arrays' %u",
			    l1->mshr_head, mshr_end(l1), l1->mshr_cap);
		return -1;
	}
	if (l1->nmshr && l1->next_ready != earliest) {
		wt_snprintf(err, errlen, "next_ready %llu, the earliest entry %llu",
			    (unsigned long long)l1->next_ready,
			    (unsigned long long)earliest);
		return -1;
	}
	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++) {
		const char *why = mshr_entry_check(l1, i);

		if (why) {
			wt_snprintf(err, errlen, "MSHR %u, line 0x%llx: %s", i,
				    (unsigned long long)l1->mline[i], why);
			return -1;
		}
		count[mshr_slot(l1->mline[i])]++;
		counted[mshr_slot(l1->mline[i])] += !l1->mshr[i].dup;
	}
	for (unsigned s = 0; s < 1u << WT_L1_MSHR_FILTER_BITS; s++) {
		if (count[s] != l1->mshr_filter[s]) {
			wt_snprintf(err, errlen, "filter slot %u counts %u, %u entries there",
				    s, l1->mshr_filter[s], count[s]);
			return -1;
		}
		if (counted[s] != l1->mshr_counted[s]) {
			wt_snprintf(err, errlen, "filter slot %u counts %u counted "
				    "entries, %u there", s, l1->mshr_counted[s], counted[s]);
			return -1;
		}
	}
	return 0;
}

/* ---- policies: the fields beside each line (l1hook.h) ---- */

void *wt_l1_pol_state(const struct wt_l1 *l1, const struct wt_l1_policy_ops *ops)
{
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops == ops)
			return l1->pols[i].s;
	return NULL;
}

static struct wt_l1_meta *meta_at(struct wt_l1 *l1, unsigned set, int way)
{
	return &l1->meta[(size_t)set * l1->cfg->geom.assoc + (unsigned)way];
}

/* A valid line leaves the L1, replaced or invalidated: the policies that
 * watch evictions see it, unless the tags alone held it. */
HOT void leave(struct wt_l1 *l1, unsigned set, int way, int plain)
{
	const struct wt_cache_line *l = wt_cache_at(&l1->cache, set, way);
	const struct wt_l1_meta *m;

	if (plain || !l1->meta || l->state != WT_LINE_VALID)
		return;
	m = meta_at(l1, set, way);
	if (m->tagonly)
		return;
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->evict)
			l1->pols[i].ops->evict(l1->pols[i].s, l1, m, l->addr);
}

/* A line comes in for load pc of warp (allocated on its miss, or filled). */
HOT void arrive(struct wt_l1 *l1, unsigned set, int way, uint32_t pc,
		uint32_t warp, int protect, int tagonly, int plain)
{
	struct wt_l1_meta *m;

	if (plain || !l1->meta)
		return;
	m = meta_at(l1, set, way);
	memset(m, 0, sizeof(*m));
	m->pc = pc;
	m->warp = warp;
	m->count = 1;
	m->prot = (uint8_t)protect;
	m->tagonly = (uint8_t)tagonly;
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->arrive)
			l1->pols[i].ops->arrive(l1->pols[i].s, l1, m, protect);
}

/* A protected load's line is allocated: whether it stays protected. */
static int pin(struct wt_l1 *l1, uint32_t warp, uint32_t pc)
{
	int protect = 1;

	for (unsigned i = 0; i < l1->npol && protect; i++)
		if (l1->pols[i].ops->pin)
			protect = l1->pols[i].ops->pin(l1->pols[i].s, warp, pc);
	return protect;
}

/* A load looks up set. */
HOT void age_set(struct wt_l1 *l1, unsigned set, int plain)
{
	if (plain || !l1->meta)
		return;
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->set_access)
			l1->pols[i].ops->set_access(l1->pols[i].s, meta_at(l1, set, 0),
						    l1->cfg->geom.assoc);
}

HOT void hit_meta(struct wt_l1 *l1, unsigned set, int way, int plain)
{
	struct wt_l1_meta *m;
	int first;

	if (plain || !l1->meta)
		return;
	m = meta_at(l1, set, way);
	if (m->count < UINT16_MAX)
		m->count++;
	first = !m->reused;
	m->reused = 1;
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->hit)
			l1->pols[i].ops->hit(l1->pols[i].s, m, first);
}

/* Is the line in way shielded from replacement?  The first policy that
 * says so decides. */
static int shielded(struct wt_l1 *l1, unsigned set, int way)
{
	struct wt_l1_meta *m = meta_at(l1, set, way);

	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->shield && l1->pols[i].ops->shield(l1->pols[i].s, m))
			return 1;
	return 0;
}

/*
 * The way a new line takes in set: an invalid way, else the replacement
 * policy's choice among valid ways (with protection: among the valid ways
 * that are not shielded).  -1 when every way is
 * reserved, or (*all_shielded) when every valid way is shielded: the
 * request then goes around the L1.
 */
HOT int victim(struct wt_l1 *l1, unsigned set, struct wt_cache_line *ev,
	       int *all_shielded, int plain)
{
	uint8_t *allowed = l1->allowed;
	unsigned valid = 0, kept = 0;
	int way;

	*all_shielded = 0;
	if (plain || !l1->meta || !l1->shields)
		return wt_cache_victim(&l1->cache, set, ev);
	for (unsigned w = 0; w < l1->cfg->geom.assoc; w++) {
		int v = wt_cache_at(&l1->cache, set, (int)w)->state == WT_LINE_VALID;

		allowed[w] = (uint8_t)!(v && shielded(l1, set, (int)w));
		valid += v;
		kept += !allowed[w];
	}
	if (!kept)	/* nothing shielded: the replacement policy alone */
		return wt_cache_victim(&l1->cache, set, ev);
	way = wt_cache_victim_allowed(&l1->cache, set, allowed, ev);
	if (way < 0 && valid)
		*all_shielded = 1;
	return way;
}

/* Replace the line in way (if valid) by line; write back a dirty victim. */
HOT void replace(struct wt_l1 *l1, struct wt_l1_out *out,
		 const struct wt_request *r, uint64_t t, unsigned set, int way,
		 const struct wt_cache_line *ev, uint64_t line,
		 enum wt_line_state state, uint64_t ready, int plain)
{
	if (ev->state == WT_LINE_VALID) {
		leave(l1, set, way, plain);
		if (ev->dirty)
			write_back(l1, out, r, t, ev->addr);
	}
	wt_cache_insert(&l1->cache, set, way, line, state, ready);
}

/*
 * pending_miss counts a line's entries as Nugteren et al.'s code counts
 * its outstanding requests: a set of lines, which a request puts its line
 * in and an arrival takes it out of, whatever else is still on its way.
 * The entries of line not counted (dup) are the ones made while it was
 * in the set; when one of them arrives, every other is out of the set.
 */
static int line_counted(const struct wt_l1 *l1, uint64_t line)
{
	/* Most lines arrive with no other counted entry in their slot (a
	 * refetch made while its line was counted is not counted): then
	 * neither function scans the entries. */
	if (!l1->mshr_counted[mshr_slot(line)])
		return 0;
	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		if (l1->mline[i] == line && !l1->mshr[i].dup)
			return 1;
	return 0;
}

static void line_uncount(struct wt_l1 *l1, uint64_t line)
{
	if (!l1->cfg->pending_miss || !l1->mshr_counted[mshr_slot(line)])
		return;
	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		if (l1->mline[i] == line && !l1->mshr[i].dup) {
			l1->mshr[i].dup = 1;
			l1->ndup++;
			l1->mshr_counted[mshr_slot(line)]--;
		}
}

/*
 * retire() when fills only mark lines valid (allocation on miss, or no
 * tags): the order the arrivals are taken in shows nowhere, nor does the
 * order of the entries left.
 */
HOT void retire_unordered(struct wt_l1 *l1, uint64_t t, int plain)
{
	while (l1->nmshr && l1->mshr[l1->mshr_head].ready <= t) {
		const struct mshr *m = &l1->mshr[l1->mshr_head];
		uint64_t line;

		if (m->way >= 0 && !plain && l1->cfg->sectored) {
			wt_l1s_fill(l1, m->set, m->way, l1->mline[l1->mshr_head]);
		} else if (m->way >= 0) {
			/* The way reserved on the miss: a reserved line is
			 * neither replaced nor invalidated, and a line is in
			 * its set once, so this is what wt_cache_find would
			 * find, without the index function and the scan. */
			struct wt_cache_line *l = wt_cache_at(&l1->cache, m->set, m->way);

			if (l->state != WT_LINE_INVALID && l->addr == l1->mline[l1->mshr_head])
				l->state = WT_LINE_VALID;
		}
		line = l1->mline[l1->mshr_head];
		mshr_remove_first(l1);
		if (!plain)	/* a plain L1 has no pending misses */
			line_uncount(l1, line);
	}
	l1->next_ready = mshr_first_ready(l1);
}

/* A fill that allocates its line (allocate on fill), of the entry m for
 * line, which has left the MSHRs. */
static void fill_allocate(struct wt_l1 *l1, struct wt_l1_out *out,
			  const struct wt_request *r, struct mshr m, uint64_t line)
{
	unsigned set;
	int way, all;
	struct wt_cache_line ev;

	if (l1->cfg->sectored) {
		wt_l1s_fill_allocate(l1, line);
		return;
	}
	set = wt_cache_set(&l1->cache, line);
	way = wt_cache_find(&l1->cache, set, line);
	if (way >= 0) {		/* allocated on miss, or a refetch's line, there */
		wt_cache_at(&l1->cache, set, way)->state = WT_LINE_VALID;
		/* a refetch's data: the line is used again */
		if (m.refetch)
			wt_cache_touch(&l1->cache, set, way);
		return;
	}
	way = victim(l1, set, &ev, &all, ANY);
	if (way < 0)
		return;		/* every way shielded: not kept */
	replace(l1, out, r, m.ready, set, way, &ev, line, WT_LINE_VALID, 0, ANY);
	/* a protected line is pinned when the data comes */
	if (m.protect)
		m.protect = pin(l1, m.warp, m.pc);
	arrive(l1, set, way, m.pc, m.warp, m.protect, 0, ANY);
}

/* retire() when some data has arrived by t. */
static void retire_due(struct wt_l1 *l1, struct wt_l1_out *out,
		       const struct wt_request *r, uint64_t t)
{
	if (!l1->cfg->alloc_on_fill || l1->cfg->mode != WT_L1_BOUNDED) {
		retire_unordered(l1, t, ANY);
		return;
	}
	while (l1->nmshr && l1->mshr[l1->mshr_head].ready <= t) {
		struct mshr m = l1->mshr[l1->mshr_head];
		uint64_t line = l1->mline[l1->mshr_head];

		mshr_remove_first(l1);
		line_uncount(l1, line);
		fill_allocate(l1, out, r, m, line);
	}
	l1->next_ready = mshr_first_ready(l1);
}

/* Data that has arrived by cycle t fills its lines and frees its MSHRs,
 * in the order it arrives (the entry made first on a tie): the order the
 * entries are kept in.  Inline, as it runs for every request and mostly
 * finds nothing due. */
static inline void retire(struct wt_l1 *l1, struct wt_l1_out *out,
			  const struct wt_request *r, uint64_t t, int plain)
{
	if (t == WT_L1_PENDING)
		t--;		/* a pending entry is never due */
	if (t > l1->run_to)
		l1->run_to = t;
	if (t < l1->next_ready)
		return;
	if (plain)	/* allocation on miss: fills only mark lines valid */
		retire_unordered(l1, t, PLAIN);
	else
		retire_due(l1, out, r, t);
}

HOT uint64_t missq_free_at(const struct wt_l1 *l1, uint64_t t)
{
	/* Entries leave one per cycle; the queue is full at t when its
	 * oldest entry has not left yet. */
	if (!l1->cfg->miss_queue || l1->missq_n < l1->cfg->miss_queue)
		return t;
	return l1->missq[l1->missq_head] > t ? l1->missq[l1->missq_head] : t;
}

/* Ring position i, below twice the queue's length q, brought below q
 * (without a division: this runs on every miss). */
static unsigned missq_wrap(unsigned i, unsigned q)
{
	return i >= q ? i - q : i;
}

HOT void missq_push(struct wt_l1 *l1, uint64_t t)
{
	unsigned q = l1->cfg->miss_queue;
	uint64_t last, depart;

	if (!q)
		return;
	while (l1->missq_n && l1->missq[l1->missq_head] <= t) {
		l1->missq_head = missq_wrap(l1->missq_head + 1, q);
		l1->missq_n--;
	}
	/* An entry leaves a cycle after the one before it, or after t. */
	last = l1->missq_n ?
	       l1->missq[missq_wrap(l1->missq_head + l1->missq_n - 1, q)] : t;
	depart = (last > t ? last : t) + 1;
	l1->missq[missq_wrap(l1->missq_head + l1->missq_n, q)] = depart;
	l1->missq_n++;
}

uint64_t wt_l1i_missq_room(const struct wt_l1 *l1, uint64_t t, unsigned n)
{
	unsigned q = l1->cfg->miss_queue, left = l1->missq_n, i = l1->missq_head;

	if (!q)
		return t;
	while (left && l1->missq[i] <= t) {	/* gone by t */
		i = missq_wrap(i + 1, q);
		left--;
	}
	if (left + n <= q)
		return t;
	/* the (left + n - q)-th oldest must leave first */
	return l1->missq[missq_wrap(i + (left + n - q - 1), q)];
}

void wt_l1i_missq_push(struct wt_l1 *l1, uint64_t t, unsigned n)
{
	while (n--)
		missq_push(l1, t);
}

static struct wt_pc_stats *pc_stats(struct wt_l1_stats *st, uint32_t pc)
{
	for (size_t i = 0; i < st->npcs; i++)
		if (st->pcs[i].pc == pc)
			return &st->pcs[i];
	if (st->npcs == st->cappcs) {
		st->cappcs = st->cappcs ? 2 * st->cappcs : 16;
		st->pcs = wt_realloc(st->pcs, st->cappcs * sizeof(*st->pcs));
	}
	memset(&st->pcs[st->npcs], 0, sizeof(st->pcs[0]));
	st->pcs[st->npcs].pc = pc;
	return &st->pcs[st->npcs++];
}

/* The statistics of load pc, through pc_cache (l1model.h).  Fibonacci
 * hashing picks the slot: pcs are multiples of the instruction size, and
 * their low bits alone would leave most slots empty. */
HOT struct wt_pc_stats *load_pc_stats(struct wt_l1 *l1, uint32_t pc, int plain)
{
	struct wt_l1_stats *st = &l1->st;
	uint32_t *slot = &l1->pc_cache[(pc * 0x9E3779B1u) >> (32 - WT_L1_PC_CACHE_BITS)];
	struct wt_pc_stats *p;

	if (plain || l1->cfg->no_pc_stats)
		return &l1->no_pc;
	if (*slot && st->pcs[*slot - 1].pc == pc)
		return &st->pcs[*slot - 1];
	p = pc_stats(st, pc);
	*slot = (uint32_t)(p - st->pcs) + 1;
	return p;
}

struct wt_pc_stats *wt_l1i_load_pc_stats(struct wt_l1 *l1, uint32_t pc)
{
	return load_pc_stats(l1, pc, ANY);
}

/* ---- loads ---- */

/*
 * A load takes effect: the shadow structures follow it.  Loads are what
 * fills an L1 that does not allocate on writes, so first loads are the
 * compulsory misses, and the fully associative shadow and the reuse
 * distances follow loads only.  set: the line's set, which the caller
 * has (the index function is not free).  *compulsory: the line's first
 * load on this SM; *fa_hit: a fully associative LRU cache of the L1's
 * lines would have hit (reuse distance below sets * assoc).
 */
HOT void note_load(struct wt_l1 *l1, uint64_t line, unsigned set,
		   int *compulsory, int *fa_hit, int plain)
{
	const struct wt_cache_geom *g = &l1->cfg->geom;
	uint64_t d, d_set;

	if (!plain && l1->exact) {
		wt_setreuse_access(l1->exact, line, set, &d, &d_set);
		*compulsory = d == WT_REUSE_INF;
		*fa_hit = d < (uint64_t)g->sets * g->assoc;
		wt_rdhist_add(&l1->st.fa, d);
		wt_rdhist_add(&l1->st.set, d_set);
		return;
	}
	switch (wt_falru_access(l1->falru, line)) {
	case WT_FALRU_FIRST:
		*compulsory = 1;
		*fa_hit = 0;
		break;
	case WT_FALRU_MISS:
		*compulsory = *fa_hit = 0;
		break;
	case WT_FALRU_HIT:
		*compulsory = 0;
		*fa_hit = 1;
		break;
	}
	/* The sets' engines sample the same lines as the whole cache's. */
	if (!plain && l1->sfa && wt_shards_access(l1->sfa, line, &d)) {
		wt_shards_access(l1->sset[set], line, &d_set);
		wt_rdhist_add(&l1->st.fa, d);
		wt_rdhist_add(&l1->st.set, d_set);
	}
}

void wt_l1i_note_load(struct wt_l1 *l1, uint64_t line, unsigned set,
		      int *compulsory, int *fa_hit)
{
	note_load(l1, line, set, compulsory, fa_hit, ANY);
}

/* A load goes to L2 without the L1 (a policy's bypass): its warp waits
 * for the value. */
static void around(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		   uint64_t t, struct wt_l1_out *out, uint64_t *done)
{
	uint64_t lat = miss_latency(l1);

	event(l1, out, r, t, WT_EV_BYPASS, line)->latency = (uint32_t)lat;
	l1->st.bypasses++;
	*done = t + lat;
}

/* The policies' reason for a miss to get no line (l1hook.h's no_line). */
static uint64_t *policy_no_line(struct wt_l1 *l1, int stalled)
{
	for (unsigned i = 0; i < l1->npol; i++) {
		uint64_t *why;

		if (l1->pols[i].ops->no_line &&
		    (why = l1->pols[i].ops->no_line(l1->pols[i].s, l1, stalled)))
			return why;
	}
	return NULL;
}

/*
 * Whether a miss that needs a new line gets none and goes around the L1:
 * a policy may keep it from allocating, a set whose valid ways are all
 * shielded takes no new line, and a policy may send around a request
 * that finds every way reserved instead of stalling it.  0, or the
 * counter of the reason.  *v and *ev: the victim, when one was chosen.
 */
static uint64_t *no_line(struct wt_l1 *l1, unsigned set, int *v,
			 struct wt_cache_line *ev)
{
	uint64_t *why = policy_no_line(l1, 0);
	int all;

	if (why)
		return why;
	if (l1->cfg->alloc_on_fill) {
		/* The line is placed when its data comes (there are no
		 * reserved ways); a set whose ways are all shielded now
		 * sends the load around instead of keeping nothing later. */
		if (!l1->shields)
			return NULL;
		for (unsigned w = 0; w < l1->cfg->geom.assoc; w++)
			if (wt_cache_at(&l1->cache, set, (int)w)->state != WT_LINE_VALID ||
			    !shielded(l1, set, (int)w))
				return NULL;
		return &l1->st.pol.protect_bypass;
	}
	*v = victim(l1, set, ev, &all, ANY);
	if (all)
		return &l1->st.pol.protect_bypass;
	if (*v < 0)
		return policy_no_line(l1, 1);
	return NULL;
}

/* Is line's data in the L1 at cycle t?  *way: its way in the set, or -1
 * (none, or the unbounded mode's map of lines in flight). */
HOT int resident_at(struct wt_l1 *l1, uint64_t line, unsigned set, uint64_t t,
		    int *way, int plain)
{
	*way = -1;
	if (!plain && l1->cfg->mode == WT_L1_UNBOUNDED) {
		const uint64_t *ready = wt_u64map_find(l1->flight, line);

		return ready && *ready <= t;
	}
	*way = wt_cache_find(&l1->cache, set, line);
	return *way >= 0 && wt_cache_at(&l1->cache, set, *way)->state == WT_LINE_VALID;
}

/*
 * What could stop a load of line (in set) that is not in the L1 at cycle
 * t, changing nothing: -1, or the reservation fail with *retry.  m: its
 * line's MSHR, if any.  load() asks it before it changes anything, and
 * wt_l1_fails asks it alone.
 */
HOT int load_fail(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		  unsigned set, uint64_t t, const struct mshr *m, uint64_t *retry,
		  int plain)
{
	const struct wt_l1_cfg *c = l1->cfg;

	if (m && (plain || !c->pending_miss)) {
		if (c->mshr_merge && m->merges >= c->mshr_merge) {
			/* merges counts the entry's first request too */
			*retry = m->ready;
			return WT_FAIL_MSHR_MERGE;
		}
	} else {
		/* a refetch of a line counted in flight takes no entry */
		int entry = plain || !m || !line_counted(l1, line);

		if ((c->mshr_entries && !l1->mshr_nolimit && entry &&
		     l1->nmshr - l1->ndup >= c->mshr_entries) ||
		    (c->mshr_per_warp && mshr_of_warp(l1, r->warp) >= c->mshr_per_warp)) {
			*retry = mshr_next(l1);
			return WT_FAIL_MSHR_ENTRY;
		}
		if (missq_free_at(l1, t) > t) {
			*retry = missq_free_at(l1, t);
			return WT_FAIL_MISS_QUEUE;
		}
		if ((plain || (c->mode == WT_L1_BOUNDED && !c->alloc_on_fill)) &&
		    !wt_cache_has_room(&l1->cache, set)) {
			*retry = mshr_next(l1);
			return WT_FAIL_LINE_ALLOC;
		}
	}
	return -1;
}

HOT int load(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
	     uint64_t t, int refused_mshr, int protect, struct wt_l1_out *out,
	     uint64_t *done, uint64_t *retry, int plain)
{
	const struct wt_l1_cfg *c = l1->cfg;
	unsigned set = wt_cache_set(&l1->cache, line);
	/* what a plain L1 is, as constants where plain is */
	int bounded = plain || c->mode == WT_L1_BOUNDED;
	int unbounded = !plain && c->mode == WT_L1_UNBOUNDED;
	int alloc_on_fill = !plain && c->alloc_on_fill;
	struct mshr *m = NULL;
	int way, resident = resident_at(l1, line, set, t, &way, plain);
	int compulsory = 0, fa_hit = 0;
	int v = -2, reserved = -1, refetch, counted = 0, rc;
	uint64_t lat, ready, *why = NULL;
	struct wt_pc_stats *pcs;
	struct wt_cache_line ev;

	if (!resident)		/* a hit needs no MSHR: the scan is for misses */
		m = mshr_find(l1, line);
	if (!resident && !m && !plain && l1->npol && bounded)
		why = no_line(l1, set, &v, &ev);
	if (why) {			/* around the L1: it needs nothing */
		note_load(l1, line, set, &compulsory, &fa_hit, plain);
		age_set(l1, set, plain);
		(*why)++;
		around(l1, r, line, t, out, done);
		return -1;
	}
	/* First what could stop it, changing nothing. */
	if (!resident && (rc = load_fail(l1, r, line, set, t, m, retry, plain)) >= 0)
		return rc;

	/* It goes ahead. */
	note_load(l1, line, set, &compulsory, &fa_hit, plain);
	if (bounded)
		age_set(l1, set, plain);
	/* a plain L1 keeps no load statistics: its pcs is no_pc, which
	 * nothing reads, left alone */
	pcs = load_pc_stats(l1, r->pc, plain);
	if (!plain)
		pcs->accesses++;
	if (resident) {
		if (way >= 0) {
			wt_cache_touch(&l1->cache, set, way);
			hit_meta(l1, set, way, plain);
		}
		wt_gs_count(&l1->st.gs, WT_GS_LOAD, WT_GS_HIT);
		l1->st.hits++;
		if (!plain)
			pcs->hits++;
		*done = t + c->hit_latency;
		if (!plain && c->emit_all)
			event(l1, out, r, t, WT_EV_HIT, line)->latency = c->hit_latency;
		return -1;
	}
	l1->st.misses++;
	if (!plain)
		pcs->misses++;
	/* In flight: with pending_miss a miss of its own (a refetch: its own
	 * latency and fill, no entry while its line is counted); else it
	 * merges. */
	refetch = m && !plain && c->pending_miss;
	if (m && !refetch) {		/* in flight: merge */
		/* GPGPU-Sim: a pending hit on the line reserved for the
		 * fill; without one (allocation on fill), a miss */
		wt_gs_count(&l1->st.gs, WT_GS_LOAD, way >= 0 ? WT_GS_HIT_RESERVED :
			    WT_GS_MISS);
		wt_gs_count(&l1->st.gs, WT_GS_LOAD, WT_GS_MSHR_HIT);
		m->merges++;
		l1->st.merged++;
		l1->st.miss_class[WT_MISS_LATENCY]++;
		*done = m->ready;
		if (!plain && c->emit_all) {
			struct wt_event *e = event(l1, out, r, t, WT_EV_MISS, line);

			e->miss_class = WT_MISS_LATENCY;
			/* none yet while the data is pending */
			e->latency = m->ready == WT_L1_PENDING ? 0 :
				     (uint32_t)(m->ready - t);
		}
		return -1;
	}
	if (refetch) {
		counted = line_counted(l1, line);
		l1->st.refetches++;
		protect = 0;
	} else if (protect && !alloc_on_fill) {
		/* the line is pinned if the policies let it */
		protect = pin(l1, r->warp, r->pc);
	}
	wt_gs_count(&l1->st.gs, WT_GS_LOAD, WT_GS_MISS);
	ready = miss_ready(l1, t, &lat, plain);
	if (refetch) {
		/* the line keeps its place and its reservation, if any */
	} else if (unbounded) {
		int added;

		*wt_u64map_get(l1->flight, line, &added) = ready;
	} else if (!alloc_on_fill) {
		if (v == -2) {
			int all;

			v = victim(l1, set, &ev, &all, plain);
		}
		replace(l1, out, r, t, set, v, &ev, line, WT_LINE_RESERVED, ready, plain);
		arrive(l1, set, v, r->pc, r->warp, protect, 0, plain);
		reserved = v;
	}
	m = mshr_add(l1, line, ready);
	if (m->ready < l1->next_ready)
		l1->next_ready = m->ready;
	m->warp = r->warp;
	m->pc = r->pc;
	m->protect = protect;
	m->merges = 1;
	m->set = set;
	m->way = reserved;
	m->refetch = refetch;
	m->dup = refetch && counted;
	l1->ndup += (unsigned)m->dup;
	l1->mshr_counted[mshr_slot(line)] -= (unsigned)m->dup;
	missq_push(l1, t);
	*done = ready;
	{
		struct wt_event *e = event(l1, out, r, t, WT_EV_MISS, line);
		unsigned cls = refetch ? WT_MISS_LATENCY :
			       compulsory ? WT_MISS_COMPULSORY :
			       refused_mshr ? WT_MISS_MSHR :
			       fa_hit ? WT_MISS_ASSOCIATIVITY : WT_MISS_CAPACITY;

		e->miss_class = (uint8_t)cls;
		e->latency = (uint32_t)lat;
		l1->st.miss_class[cls]++;
	}
	return -1;
}

/*
 * A policy sends the load around but keeps the tags as if it had not
 * (WT_L1_TAGS_ONLY), so that it goes on measuring what the L1 would do:
 * the tags are looked up and kept, a line they take gets no data.  1 when
 * the tags missed.
 */
static int tags_only(struct wt_l1 *l1, const struct wt_request *r,
		     uint64_t line, uint64_t t, struct wt_l1_out *out)
{
	unsigned set = wt_cache_set(&l1->cache, line);
	int way = wt_cache_find(&l1->cache, set, line);
	struct wt_cache_line ev;

	if (way >= 0) {
		wt_cache_touch(&l1->cache, set, way);
		hit_meta(l1, set, way, ANY);
		return 0;
	}
	way = wt_cache_victim(&l1->cache, set, &ev);
	if (way < 0)
		return 1;	/* every way reserved: no tag kept */
	replace(l1, out, r, t, set, way, &ev, line, WT_LINE_VALID, 0, ANY);
	arrive(l1, set, way, r->pc, r->warp, 0, 1, ANY);
	return 1;
}

void wt_l1_drop_tagonly(struct wt_l1 *l1)
{
	unsigned n = l1->cfg->geom.sets * l1->cfg->geom.assoc;

	for (unsigned i = 0; i < n; i++) {
		unsigned set = i / l1->cfg->geom.assoc;
		int way = (int)(i % l1->cfg->geom.assoc);

		if (l1->meta[i].tagonly &&
		    wt_cache_at(&l1->cache, set, way)->state == WT_LINE_VALID) {
			l1->meta[i].tagonly = 0;
			wt_cache_invalidate(&l1->cache, set, way);
		}
	}
}

/*
 * A load under policies that may send it around the L1 before any lookup
 * (l1hook.h: tick, then route).  Otherwise the normal lookup, protected
 * if a policy says so.  Nothing changes when the load fails (a
 * reservation fail), as load() promises, but what the tick hooks do,
 * which a retry finds done.  *looked_up, *hit, *protect: for load_done.
 */
static int policy_load(struct wt_l1 *l1, const struct wt_request *r,
		       uint64_t line, uint64_t t, int refused_mshr,
		       struct wt_l1_out *out, uint64_t *done, uint64_t *retry,
		       int *looked_up, int *hit, int *protect)
{
	uint64_t hits = l1->st.hits;
	int compulsory, fa_hit, rc, route = WT_L1_LOOKUP;

	*protect = 0;
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->tick)
			l1->pols[i].ops->tick(l1->pols[i].s, l1, r, line, t);
	for (unsigned i = 0; i < l1->npol && route == WT_L1_LOOKUP; i++)
		if (l1->pols[i].ops->route)
			route = l1->pols[i].ops->route(l1->pols[i].s, l1, r, line,
						       protect);
	*looked_up = route == WT_L1_LOOKUP;
	if (route == WT_L1_LOOKUP) {
		rc = load(l1, r, line, t, refused_mshr, *protect, out, done, retry, ANY);
		if (rc >= 0)
			return rc;
		*hit = l1->st.hits != hits;
		return -1;
	}
	*hit = route == WT_L1_TAGS_ONLY && !tags_only(l1, r, line, t, out);
	note_load(l1, line, wt_cache_set(&l1->cache, line), &compulsory, &fa_hit, ANY);
	around(l1, r, line, t, out, done);
	return -1;
}

/* ---- stores and atomics ---- */

static void store(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		  uint64_t t, struct wt_l1_out *out)
{
	const struct wt_l1_cfg *c = l1->cfg;
	enum wt_write_policy w = c->write;
	unsigned set = wt_cache_set(&l1->cache, line);
	int way = c->mode == WT_L1_BOUNDED ? wt_cache_find(&l1->cache, set, line) : -1;
	struct wt_cache_line *l = way >= 0 ? wt_cache_at(&l1->cache, set, way) : NULL;
	int allocate = c->write_allocate;

	if (w == WT_WRITE_LOCAL_WB) {
		w = r->space == WT_SPACE_LOCAL ? WT_WRITE_BACK : WT_WRITE_EVICT;
		allocate = r->space == WT_SPACE_LOCAL && c->write_allocate;
	}
	if (l1->meta) {
		/* A line the tags alone took has no data: the store drops
		 * it and misses.  A policy may keep stores from allocating. */
		if (l && l->state == WT_LINE_VALID && meta_at(l1, set, way)->tagonly) {
			meta_at(l1, set, way)->tagonly = 0;
			wt_cache_invalidate(&l1->cache, set, way);
			l = NULL;
		}
		for (unsigned i = 0; i < l1->npol; i++)
			if (l1->pols[i].ops->store_alloc &&
			    !l1->pols[i].ops->store_alloc(l1->pols[i].s))
				allocate = 0;
	}
	wt_gs_count(&l1->st.gs, WT_GS_STORE, !l ? WT_GS_MISS :
		    l->state == WT_LINE_VALID ? WT_GS_HIT : WT_GS_HIT_RESERVED);
	if (l && l->state == WT_LINE_VALID) {
		l1->st.store_hits++;
		if (w == WT_WRITE_EVICT) {
			leave(l1, set, way, ANY);
			wt_cache_invalidate(&l1->cache, set, way);
		} else {
			wt_cache_touch(&l1->cache, set, way);
			if (w == WT_WRITE_BACK) {
				l->dirty = 1;
				if (c->emit_all)
					event(l1, out, r, t, WT_EV_HIT, line);
				return;
			}
		}
	} else if (w == WT_WRITE_BACK && allocate && c->mode == WT_L1_BOUNDED &&
		   !l) {
		/* Write-allocate without a fetch: the store fills the line. */
		struct wt_cache_line ev;
		int all, v = victim(l1, set, &ev, &all, ANY);

		l1->st.store_misses++;
		if (v >= 0) {
			replace(l1, out, r, t, set, v, &ev, line, WT_LINE_VALID, 0, ANY);
			arrive(l1, set, v, r->pc, r->warp, 0, 0, ANY);
			wt_cache_at(&l1->cache, set, v)->dirty = 1;
			return;
		}
	} else {
		l1->st.store_misses++;
	}
	event(l1, out, r, t, WT_EV_WRITE_THROUGH, line);
	l1->st.write_throughs++;
}

/*
 * Whether r goes around the L1 by its cache operator or its space (see
 * enum wt_l1_cacheops): the counter of the reason, or NULL.  Atomics and
 * bypass mode are the caller's.
 */
HOT uint64_t *skip_counter(struct wt_l1 *l1, const struct wt_request *r,
			  int plain)
{
	const struct wt_l1_cfg *c = l1->cfg;
	unsigned cop = WT_FLAGS_COP(r->flags);
	int global = r->space == WT_SPACE_GLOBAL;

	switch (plain ? WT_L1_COPS_HARDWARE : c->cacheops) {
	case WT_L1_COPS_HARDWARE:
		if (cop == WT_COP_CG || cop == WT_COP_CV ||
		    cop == WT_COP_STRONG_GPU || cop == WT_COP_STRONG_SYS)
			return &l1->st.skipped_cacheop;
		if (global && !plain && c->skip_global && !(cop == WT_COP_CA &&
						  r->op == WT_OP_LOAD))
			return &l1->st.skipped_global;
		return NULL;
	case WT_L1_COPS_ACCELSIM:
		if (cop == WT_COP_STRONG_GPU && r->op == WT_OP_LOAD)
			return &l1->st.skipped_cacheop;
		break;
	case WT_L1_COPS_IGNORE:
		break;
	}
	if (global && c->skip_global)
		return &l1->st.skipped_global;
	return NULL;
}

/* skip_counter, counted. */
HOT int skips(struct wt_l1 *l1, const struct wt_request *r, int plain)
{
	uint64_t *why = skip_counter(l1, r, plain);

	if (why)
		(*why)++;
	return why != NULL;
}

/* Atomics (done at L2), requests whose operator or space sends them
 * around the L1 (skips), and everything in bypass mode: sent on
 * unlooked.  An atomic invalidates the line it finds, writing it back if
 * dirty. */
static void bypass(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		   uint64_t t, struct wt_l1_out *out, uint64_t *done)
{
	const struct wt_l1_cfg *c = l1->cfg;

	if (r->op == WT_OP_ATOMIC)
		l1->st.atomics++;
	else if (r->op == WT_OP_STORE)
		l1->st.stores++;
	else
		l1->st.loads++;
	if (r->op == WT_OP_STORE) {
		event(l1, out, r, t, WT_EV_WRITE_THROUGH, line);
		l1->st.write_throughs++;
	} else {
		uint64_t lat = miss_latency(l1);

		event(l1, out, r, t, WT_EV_BYPASS, line)->latency = (uint32_t)lat;
		l1->st.bypasses++;
		*done = t + lat;	/* the warp waits for the value */
	}
	/* GPGPU-Sim's atomics go around the L1 without a look at it (their
	 * cache operator is CACHE_GLOBAL); a sectored L1 follows it */
	if (r->op == WT_OP_ATOMIC && c->mode == WT_L1_BOUNDED && !c->sectored) {
		unsigned set = wt_cache_set(&l1->cache, line);
		int way = wt_cache_find(&l1->cache, set, line);

		if (way >= 0 && wt_cache_at(&l1->cache, set, way)->state ==
				WT_LINE_VALID) {
			if (wt_cache_at(&l1->cache, set, way)->dirty)
				write_back(l1, out, r, t, line);
			leave(l1, set, way, ANY);
			wt_cache_invalidate(&l1->cache, set, way);
		}
	}
}

/* ---- what the policies learn after a request ---- */

/* The L1 tag's access count of line before r, when another warp brought
 * the line in (a policy that profiles loads may seed its count with it). */
static unsigned seed_count(struct wt_l1 *l1, const struct wt_request *r,
			   uint64_t line)
{
	unsigned set = wt_cache_set(&l1->cache, line);
	int way = wt_cache_find(&l1->cache, set, line);
	const struct wt_l1_meta *m;

	if (way < 0 || wt_cache_at(&l1->cache, set, way)->state != WT_LINE_VALID)
		return 0;
	m = meta_at(l1, set, way);
	return m->tagonly || m->warp == r->warp ? 0 : m->count;
}

/* A load was made (count: see seed_count). */
static void after_load(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		       unsigned count, int looked_up, int hit, int protect)
{
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->load_done)
			l1->pols[i].ops->load_done(l1->pols[i].s, l1, r, line, count,
						   looked_up, hit, protect);
}

/* A warp's last request of the kernel: the policies see its end. */
static void after_request(struct wt_l1 *l1, const struct wt_request *r)
{
	uint64_t *left = l1->left ? (uint64_t *)wt_u64map_find(l1->left, r->warp) : NULL;

	if (!left || !*left || --*left)
		return;
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->warp_end)
			l1->pols[i].ops->warp_end(l1->pols[i].s, r->warp);
}

void wt_l1_invalidate_all(struct wt_l1 *l1)
{
	const struct wt_cache_geom *g = &l1->cfg->geom;

	for (unsigned set = 0; set < g->sets; set++)
		for (unsigned way = 0; way < g->assoc; way++)
			if (wt_cache_at(&l1->cache, set, (int)way)->state ==
			    WT_LINE_VALID) {
				leave(l1, set, (int)way, ANY);
				wt_cache_invalidate(&l1->cache, set, (int)way);
			}
	l1->st.flushes++;
}

void wt_l1_flush_at(struct wt_l1 *l1, uint64_t t)
{
	if (t > l1->run_to)
		l1->run_to = t;
	/* The entries due by t are the first (l1internal.h). */
	while (t && !l1->cfg->sectored && l1->nmshr &&
	       l1->mshr[l1->mshr_head].ready <= t) {
		const struct mshr *m = &l1->mshr[l1->mshr_head];
		uint64_t line = l1->mline[l1->mshr_head];

		/* its line is filled, then invalidated: never there */
		if (m->way >= 0) {
			struct wt_cache_line *l = wt_cache_at(&l1->cache, m->set, m->way);

			if (l->state != WT_LINE_INVALID && l->addr == line) {
				leave(l1, m->set, m->way, ANY);
				wt_cache_invalidate(&l1->cache, m->set, m->way);
			}
		}
		mshr_remove_first(l1);
		line_uncount(l1, line);
	}
	l1->next_ready = mshr_first_ready(l1);
	wt_l1_invalidate_all(l1);
}

/* A kernel begins: the lines of the last one belong to no warp now (warp
 * ids start again with each kernel: no pin, no victim tags), and the
 * policies see the requests r[0..n-1] that tell them its warps. */
static void kernel_begin(struct wt_l1 *l1, const struct wt_request *r, size_t n)
{
	for (size_t i = 0; i < (size_t)l1->cfg->geom.sets * l1->cfg->geom.assoc; i++) {
		l1->meta[i].warp = UINT32_MAX;
		l1->meta[i].prot = 0;
	}
	for (unsigned i = 0; i < l1->npol; i++)
		if (l1->pols[i].ops->kernel_begin)
			l1->pols[i].ops->kernel_begin(l1->pols[i].s, r, n);
}

void wt_l1_kernel_begin(struct wt_l1 *l1, uint32_t kernel,
			const struct wt_request *r, size_t n)
{
	l1->kernel = kernel;
	if (!l1->npol)
		return;
	wt_u64map_clear(l1->left);
	for (size_t i = 0; i < n; i++) {
		int added;

		(*wt_u64map_get(l1->left, r[i].warp, &added))++;
	}
	kernel_begin(l1, r, n);
}

void wt_l1_kernel_begin_warps(struct wt_l1 *l1, uint32_t kernel,
			      const struct wt_request *first, size_t nfirst,
			      const uint32_t *warp, const uint64_t *requests,
			      size_t nwarps)
{
	l1->kernel = kernel;
	if (!l1->npol)
		return;
	wt_u64map_clear(l1->left);
	for (size_t i = 0; i < nwarps; i++) {
		int added;

		if (requests[i])
			*wt_u64map_get(l1->left, warp[i], &added) = requests[i];
	}
	kernel_begin(l1, first, nfirst);
}

enum { WARP_IX_KEEP = 1 << 20 };	/* bytes of warp_ix cleared, not remade */

/* A new entry in st.warps for r's warp; its index. */
static size_t new_warp(struct wt_l1 *l1, const struct wt_request *r)
{
	struct wt_l1_stats *st = &l1->st;
	struct wt_warp_stats *w;

	if (st->nwarps == st->capwarps) {
		st->capwarps = st->capwarps ? 2 * st->capwarps : 64;
		st->warps = wt_realloc(st->warps, st->capwarps * sizeof(*st->warps));
	}
	w = &st->warps[st->nwarps];
	memset(w, 0, sizeof(*w));
	w->kernel = l1->kernel;
	w->warp = r->warp;
	w->cta = r->cta;
	w->sm = l1->sm;
	w->first = UINT64_MAX;
	return st->nwarps++;
}

/*
 * warp_ix for the kernel now running: emptied when the kernel changes.
 * A stream's kernels come one after another with rising ids, so a new
 * kernel has no warps yet; a kernel met before (a caller that goes back)
 * gets its warps back from st.warps.  Keeping one kernel's warps, not
 * every warp of the run, keeps the map small: a map of every warp cost
 * 500 instructions a warp, growing (issue 46).  A map a big kernel grew
 * past WARP_IX_KEEP bytes is made afresh, not cleared: clearing it for
 * each small kernel after would cost its whole size.
 */
static void warp_ix_for(struct wt_l1 *l1)
{
	if (wt_linetab_bytes(l1->warp_ix) > WARP_IX_KEEP) {
		wt_linetab_free(l1->warp_ix);
		l1->warp_ix = wt_linetab_new(sizeof(uint64_t));
	} else {
		wt_linetab_clear(l1->warp_ix);
	}
	l1->warp_ix_kernel = l1->kernel;
	if (!l1->warp_ix_used || l1->kernel > l1->warp_ix_newest) {
		l1->warp_ix_used = 1;
		l1->warp_ix_newest = l1->kernel;
		return;
	}
	for (size_t i = 0; i < l1->st.nwarps; i++) {
		int added;

		if (l1->st.warps[i].kernel == l1->kernel)
			*(uint64_t *)wt_linetab_get(l1->warp_ix, l1->st.warps[i].warp,
						    &added) = i;
	}
}

/* warp_stats() when r's warp is not in its slot of warp_cache: the map,
 * and the slot takes it.  Apart, so that the common case stays small
 * enough to inline. */
static __attribute__((noinline)) struct wt_warp_stats *
warp_stats_lookup(struct wt_l1 *l1, const struct wt_request *r)
{
	uint64_t key = (uint64_t)l1->kernel << 32 | r->warp, *ix;
	struct wt_l1_warp_slot *c = &l1->warp_cache[r->warp % WT_L1_WARP_CACHE];
	int added;

	if (!l1->warp_ix_used || l1->warp_ix_kernel != l1->kernel)
		warp_ix_for(l1);
	ix = wt_linetab_get(l1->warp_ix, r->warp, &added);
	if (added)
		*ix = new_warp(l1, r);
	c->key = key;
	c->ix = *ix + 1;
	return &l1->st.warps[*ix];
}

/* The statistics of r's warp (see warp_cache in l1model.h). */
HOT struct wt_warp_stats *warp_stats(struct wt_l1 *l1, const struct wt_request *r,
				     int plain)
{
	uint64_t key = (uint64_t)l1->kernel << 32 | r->warp;
	const struct wt_l1_warp_slot *c = &l1->warp_cache[r->warp % WT_L1_WARP_CACHE];

	if (plain || l1->cfg->no_warp_stats)
		return &l1->no_warp;
	if (c->ix && c->key == key)
		return &l1->st.warps[c->ix - 1];
	return warp_stats_lookup(l1, r);
}

struct wt_warp_stats *wt_l1_warp(struct wt_l1 *l1, const struct wt_request *r)
{
	return warp_stats(l1, r, ANY);
}

/* A request of op none: no access, only its warp's last instructions to
 * count; the warp ends with it. */
static void no_access(struct wt_l1 *l1, const struct wt_request *r)
{
	struct wt_warp_stats *w = warp_stats(l1, r, ANY);

	l1->st.instructions += r->icount;
	w->instructions += r->icount;
	if (l1->npol)
		after_request(l1, r);
}

int wt_l1_entry_refused(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
			struct wt_l1_out *out, uint64_t *retry)
{
	const struct wt_l1_cfg *c = l1->cfg;
	uint64_t line = wt_cache_line_addr(&l1->cache, r->addr);
	int way;

	if (r->op != WT_OP_LOAD || !c->mshr_entries || c->mode == WT_L1_BYPASS ||
	    skips(l1, r, ANY))
		return 0;
	retire(l1, out, r, t, ANY);
	if (l1->nmshr - l1->ndup < c->mshr_entries)
		return 0;
	if (resident_at(l1, line, wt_cache_set(&l1->cache, line), t, &way, ANY) ||
	    (!c->pending_miss && mshr_find(l1, line)))
		return 0;
	*retry = mshr_next(l1);
	return 1;
}

void wt_l1_retire(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		  struct wt_l1_out *out)
{
	retire(l1, out, r, t, ANY);
}

int wt_l1_fails(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		struct wt_l1_out *out, uint64_t *retry)
{
	const struct wt_l1_cfg *c = l1->cfg;
	uint64_t line = wt_cache_line_addr(&l1->cache, r->addr);
	unsigned set;
	int way;

	if (r->op == WT_OP_NONE)
		return -1;
	retire(l1, out, r, t, ANY);
	/* wt_l1_access's ways, in its order */
	if (r->op == WT_OP_ATOMIC || c->mode == WT_L1_BYPASS || skip_counter(l1, r, ANY))
		return -1;
	if (c->sectored && c->mode == WT_L1_BOUNDED)
		return wt_l1s_fails(l1, r, line, t, retry);
	if (r->op == WT_OP_STORE)
		return -1;	/* a line cache's store never waits */
	set = wt_cache_set(&l1->cache, line);
	if (resident_at(l1, line, set, t, &way, ANY))
		return -1;
	return load_fail(l1, r, line, set, t, mshr_find(l1, line), retry, ANY);
}

uint64_t wt_l1_next_change(const struct wt_l1 *l1, uint64_t t)
{
	/* next_ready is the earliest entry's (wt_l1_check holds it so) */
	uint64_t next = l1->nmshr ? l1->next_ready : UINT64_MAX;
	unsigned q = l1->cfg->miss_queue;

	/* the departures are in order: the first after t */
	for (unsigned k = 0, i = l1->missq_head; q && k < l1->missq_n;
	     k++, i = missq_wrap(i + 1, q))
		if (l1->missq[i] > t) {
			if (l1->missq[i] < next)
				next = l1->missq[i];
			break;
		}
	return next;
}

/* ---- external fills (cfg->external_fill) ---- */

/*
 * The MSHR entries a fill of line brings the data of, or a load of line
 * waits for: the line's, or in a sectored L1 those of the sectors of
 * mask (an entry is a sector's, under its address).  In keys[]; their
 * number.
 */
static unsigned entry_keys(const struct wt_l1 *l1, uint64_t line, unsigned mask,
			   uint64_t keys[8])
{
	const struct wt_l1_cfg *c = l1->cfg;
	unsigned n = 0;

	if (!c->sectored) {
		keys[0] = line;
		return 1;
	}
	mask &= (1u << (c->geom.line / c->sector)) - 1;
	for (unsigned s = 0; s < 8; s++)
		if (mask & 1u << s)
			keys[n++] = line + (uint64_t)s * c->sector;
	return n;
}

/* The oldest pending entry of key (the lowest seq): its index, or
 * mshr_end when it has none. */
static unsigned oldest_pending(const struct wt_l1 *l1, uint64_t key)
{
	unsigned best = mshr_end(l1);

	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		if (l1->mline[i] == key && l1->mshr[i].ready == WT_L1_PENDING &&
		    (best == mshr_end(l1) || l1->mshr[i].seq < l1->mshr[best].seq))
			best = i;
	return best;
}

int wt_l1_fill(struct wt_l1 *l1, uint64_t addr, unsigned sectors, uint64_t t,
	       struct wt_l1_out *out)
{
	uint64_t line = wt_cache_line_addr(&l1->cache, addr), keys[8];
	unsigned n = entry_keys(l1, line, sectors, keys);
	struct wt_request r;

	if (!l1->cfg->external_fill || !n || t < l1->run_to || t == WT_L1_PENDING)
		return -1;
	for (unsigned k = 0; k < n; k++)
		if (oldest_pending(l1, keys[k]) == mshr_end(l1))
			return -1;	/* nothing changed yet */
	memset(&r, 0, sizeof(r));
	for (unsigned k = 0; k < n; k++) {
		unsigned i = mshr_set_ready(l1, oldest_pending(l1, keys[k]), t);
		const struct mshr *m = &l1->mshr[i];

		/* a line cache's reserved way says when its data comes */
		if (!l1->cfg->sectored && m->way >= 0)
			wt_cache_at(&l1->cache, m->set, m->way)->ready = t;
		r.warp = m->warp;
		r.pc = m->pc;
	}
	/* The L1 has run to t already: the data is taken now, as a call at
	 * t would take it (a write-back carries the entry's warp and pc).
	 * Else the next call at or after t takes it. */
	if (t <= l1->run_to)
		retire(l1, out, &r, t, ANY);
	return 0;
}

uint64_t wt_l1_ready(const struct wt_l1 *l1, const struct wt_request *r)
{
	const struct wt_l1_cfg *c = l1->cfg;
	uint64_t line = wt_cache_line_addr(&l1->cache, r->addr), keys[8], latest = 0;
	unsigned all = c->sectored ? (1u << (c->geom.line / c->sector)) - 1 : 0;
	unsigned n = entry_keys(l1, line, r->sectors & all ? r->sectors & all : all,
				keys);

	for (unsigned i = l1->mshr_head; i < mshr_end(l1); i++)
		for (unsigned k = 0; k < n; k++) {
			if (l1->mline[i] != keys[k])
				continue;
			if (l1->mshr[i].ready == WT_L1_PENDING)
				return WT_L1_PENDING;
			if (l1->mshr[i].ready > latest)
				latest = l1->mshr[i].ready;
		}
	return latest;
}

/* A load was made: counted, and in its warp's statistics as a hit or a
 * miss by the L1's counts before it (misses, hits). */
HOT void load_made(struct wt_l1 *l1, struct wt_warp_stats *w, uint64_t misses,
		   uint64_t hits, int plain)
{
	l1->st.loads++;
	if (plain)	/* no warp statistics */
		return;
	w->loads++;
	if (l1->st.misses > misses)
		w->misses++;
	else if (l1->st.hits > hits)
		w->hits++;
}

/* wt_l1_access, which the stream mode's wt_l1_request makes part of
 * itself (HOT: the call was 30 instructions of a request's). */
HOT int try_access(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		   int refused_mshr, struct wt_l1_out *out, uint64_t *done,
		   uint64_t *retry, int plain)
{
	const struct wt_l1_cfg *c = l1->cfg;
	uint64_t line = wt_cache_line_addr(&l1->cache, r->addr);
	unsigned npol = plain ? 0 : l1->npol;
	struct wt_warp_stats *w;
	int rc = -1;

	if (r->op == WT_OP_NONE) {
		no_access(l1, r);
		*done = t;
		return -1;
	}
	w = warp_stats(l1, r, plain);

	retire(l1, out, r, t, plain);
	*done = t + c->hit_latency;
	for (unsigned i = 0; i < npol && r->index == 0; i++)
		if (l1->pols[i].ops->instruction)	/* repeatable */
			l1->pols[i].ops->instruction(l1->pols[i].s, r);
	if (r->op == WT_OP_ATOMIC || (!plain && c->mode == WT_L1_BYPASS) ||
	    skips(l1, r, plain)) {
		bypass(l1, r, line, t, out, done);
	} else if (!plain && c->sectored && c->mode == WT_L1_BOUNDED) {
		uint64_t misses = l1->st.misses, hits = l1->st.hits;
		int store = r->op == WT_OP_STORE;

		rc = store ? wt_l1s_store(l1, r, line, t, out, retry) :
			     wt_l1s_load(l1, r, line, t, refused_mshr, out, done, retry);
		if (rc >= 0) {
			wt_gs_count(&l1->st.gs, store ? WT_GS_STORE : WT_GS_LOAD,
				    WT_GS_RESERVATION_FAIL);
			l1->st.fails[rc]++;
			w->fails++;
			return rc;
		}
		if (store)
			l1->st.stores++;
		else
			load_made(l1, w, misses, hits, ANY);
	} else if (r->op == WT_OP_STORE) {
		l1->st.stores++;
		store(l1, r, line, t, out);
	} else {
		uint64_t misses = l1->st.misses, hits = l1->st.hits;
		unsigned seed = npol ? seed_count(l1, r, line) : 0;
		int looked_up = 0, hit = 0, protect = 0;

		if (npol)
			rc = policy_load(l1, r, line, t, refused_mshr, out, done, retry,
					 &looked_up, &hit, &protect);
		else
			rc = load(l1, r, line, t, refused_mshr, 0, out, done, retry,
				  plain);
		if (rc >= 0) {
			wt_gs_count(&l1->st.gs, WT_GS_LOAD, WT_GS_RESERVATION_FAIL);
			l1->st.fails[rc]++;
			if (!plain)
				w->fails++;
			return rc;
		}
		load_made(l1, w, misses, hits, plain);
		if (npol)
			after_load(l1, r, line, seed, looked_up, hit, protect);
	}
	if (npol)
		after_request(l1, r);
	l1->st.requests++;
	if (r->index == 0)
		l1->st.instructions += (uint64_t)r->icount + 1;
	if (!plain) {	/* a plain L1 keeps no warp statistics */
		w->requests++;
		if (r->index == 0) {
			w->instructions += (uint64_t)r->icount + 1;
			w->mem_instructions++;
		}
		if (t < w->first)
			w->first = t;
		if (*done > w->last && *done != WT_L1_PENDING)	/* not known yet */
			w->last = *done;
	}
	if (t < l1->st.first)
		l1->st.first = t;
	if (t > l1->st.last)
		l1->st.last = t;
	return rc;
}

int wt_l1_access(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		 int refused_mshr, struct wt_l1_out *out, uint64_t *done,
		 uint64_t *retry)
{
	return try_access(l1, r, t, refused_mshr, out, done, retry, ANY);
}

/* wt_l1_request, which wt_l1_requests makes part of its loop. */
HOT void request(struct wt_l1 *l1, const struct wt_request *r,
		 struct wt_l1_out *out, int plain)
{
	uint64_t t = r->time + l1->shift, t0, done, retry;
	int rc, refused = 0;

	if (r->op == WT_OP_NONE) {	/* no access: the clock stays */
		no_access(l1, r);
		return;
	}
	if (t < l1->clock)
		t = l1->clock;
	t0 = t;
	while ((rc = try_access(l1, r, t, refused, out, &done, &retry, plain)) >= 0) {
		/* A reservation fail: wait for the resource. */
		if (retry == WT_L1_PENDING && !plain && l1->cfg->external_fill)
			wt_die(1, "l1: the stream mode has nobody to fill its misses "
			       "(external fills)");
		refused |= rc == WT_FAIL_MSHR_ENTRY;
		t = retry > t ? retry : t + 1;
	}
	if (t > t0) {
		l1->st.stall_cycles += t - t0;
		l1->shift += t - t0;
	}
	l1->clock = t;
}

void wt_l1_request(struct wt_l1 *l1, const struct wt_request *r,
		   struct wt_l1_out *out)
{
	request(l1, r, out, ANY);
}

/* With many lines, the exact engines' hash entries miss the cache, and
 * they are the larger part of note_load's time; a few requests are long
 * enough to fetch them. */
enum { PREFETCH_AHEAD = 4 };

static void prefetch_load(const struct wt_l1 *l1, const struct wt_request *r)
{
	uint64_t line = wt_cache_line_addr(&l1->cache, r->addr);

	if (r->op != WT_OP_LOAD)
		return;
	wt_setreuse_prefetch(l1->exact, line, wt_cache_set(&l1->cache, line));
}

/* Whether l1 is plain (see PLAIN above) now: its policies and reuse
 * engines may change between calls (wt_l1_drop_reuse). */
int wt_l1_plain(const struct wt_l1 *l1)
{
	const struct wt_l1_cfg *c = l1->cfg;

	return c->mode == WT_L1_BOUNDED && !c->sectored && !c->alloc_on_fill &&
	       !c->pending_miss && !c->external_fill && !c->emit_all &&
	       c->cacheops == WT_L1_COPS_HARDWARE && !c->skip_global &&
	       c->no_warp_stats && c->no_pc_stats && !l1->npol && !l1->meta &&
	       !l1->exact && !l1->sfa;
}

void wt_l1_requests(struct wt_l1 *l1, const struct wt_request *r, size_t n,
		    struct wt_l1_out *out)
{
	if (wt_l1_plain(l1)) {
		for (size_t i = 0; i < n; i++)
			request(l1, &r[i], out, PLAIN);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (l1->exact && i + PREFETCH_AHEAD < n)
			prefetch_load(l1, &r[i + PREFETCH_AHEAD]);
		request(l1, &r[i], out, ANY);
	}
}


void wt_l1_stats_merge(struct wt_l1_stats *dst, const struct wt_l1_stats *src)
{
	dst->requests += src->requests;
	dst->loads += src->loads;
	dst->stores += src->stores;
	dst->atomics += src->atomics;
	dst->hits += src->hits;
	dst->misses += src->misses;
	dst->store_hits += src->store_hits;
	dst->store_misses += src->store_misses;
	dst->bypasses += src->bypasses;
	dst->skipped_global += src->skipped_global;
	dst->skipped_cacheop += src->skipped_cacheop;
	dst->refetches += src->refetches;
	dst->stores_dropped += src->stores_dropped;
	dst->flushes += src->flushes;
	dst->write_throughs += src->write_throughs;
	dst->write_backs += src->write_backs;
	for (int i = 0; i <= WT_MISS_MAX; i++)
		dst->miss_class[i] += src->miss_class[i];
	dst->merged += src->merged;
	dst->sector_loads += src->sector_loads;
	dst->sector_hits += src->sector_hits;
	dst->sector_merged += src->sector_merged;
	dst->sector_fetched += src->sector_fetched;
	dst->sector_stores += src->sector_stores;
	dst->sector_store_fetches += src->sector_store_fetches;
	dst->sector_misses += src->sector_misses;
	wt_gs_add(&dst->gs, &src->gs);
	wt_pol_stats_add(&dst->pol, &src->pol);
	for (int i = 0; i < WT_FAIL_MAX; i++)
		dst->fails[i] += src->fails[i];
	dst->stall_cycles += src->stall_cycles;
	dst->idle_cycles += src->idle_cycles;
	dst->instructions += src->instructions;
	if (src->first < dst->first)
		dst->first = src->first;
	if (src->last > dst->last)
		dst->last = src->last;
	wt_rdhist_merge(&dst->fa, &src->fa);
	wt_rdhist_merge(&dst->set, &src->set);
	for (size_t i = 0; i < src->npcs; i++) {
		struct wt_pc_stats *p = pc_stats(dst, src->pcs[i].pc);

		p->accesses += src->pcs[i].accesses;
		p->hits += src->pcs[i].hits;
		p->misses += src->pcs[i].misses;
	}
	if (src->nwarps) {	/* a warp runs on one SM: no sums */
		if (dst->nwarps + src->nwarps > dst->capwarps) {
			dst->capwarps = dst->nwarps + src->nwarps;
			dst->warps = wt_realloc(dst->warps, dst->capwarps *
						sizeof(*dst->warps));
		}
		memcpy(dst->warps + dst->nwarps, src->warps,
		       src->nwarps * sizeof(*src->warps));
		dst->nwarps += src->nwarps;
	}
}

void wt_l1_stats_free(struct wt_l1_stats *st)
{
	wt_rdhist_free(&st->fa);
	wt_rdhist_free(&st->set);
	free(st->pcs);
	st->pcs = NULL;
	st->npcs = st->cappcs = 0;
	free(st->warps);
	st->warps = NULL;
	st->nwarps = st->capwarps = 0;
}
