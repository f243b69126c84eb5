/*
 * l2model.c - one L2 memory partition (the timing model is in l2model.h)
 * and MeDiC's per warp-instruction statistics.
 *
 * Requests are served in arrival order.  Every request of a bank is
 * served in order, so what happens to one line (the same line is always
 * in the same bank) happens in time order; only the MSHR count is shared
 * between banks whose accesses interleave, so an MSHR entry is counted
 * at time t when it was allocated at or before t and fills after t.
 *
 * The tag store keeps global line addresses as tags and takes its set
 * from the partition-local address: the two are one-to-one within a
 * partition, and events need the global address.
 */
#include "l2internal.h"
#include "u64map.h"
#include "util.h"
#include "warpix.h"

#include <stdlib.h>
#include <string.h>

const char *wt_l2_fail_name(unsigned fail)
{
	static const char *const t[] = { "mshr_entry", "mshr_merge", "line_alloc" };

	return fail < WT_L2_FAIL_MAX ? t[fail] : "unknown";
}

/* ---- histograms ---- */

void wt_l2_hist_add(struct wt_l2_hist *h, uint64_t v)
{
	unsigned bin = v ? 64 - (unsigned)__builtin_clzll(v) : 0;

	if (bin >= WT_L2_HIST_BINS)
		bin = WT_L2_HIST_BINS - 1;
	h->bins[bin]++;
	h->n++;
	h->sum += v;
	if (v > h->max)
		h->max = v;
}

void wt_l2_hist_merge(struct wt_l2_hist *dst, const struct wt_l2_hist *src)
{
	for (unsigned i = 0; i < WT_L2_HIST_BINS; i++)
		dst->bins[i] += src->bins[i];
	dst->n += src->n;
	dst->sum += src->sum;
	if (src->max > dst->max)
		dst->max = src->max;
}

void wt_l2_hist_range(unsigned bin, uint64_t *lo, uint64_t *hi)
{
	*lo = bin ? 1ULL << (bin - 1) : 0;
	*hi = bin ? (bin < 64 ? (1ULL << bin) - 1 : UINT64_MAX) : 0;
	if (bin == WT_L2_HIST_BINS - 1)
		*hi = UINT64_MAX;
}

/* ---- setup ---- */

void wt_l2_stats_init(struct wt_l2_stats *st, unsigned banks)
{
	memset(st, 0, sizeof(*st));
	st->nbanks = banks;
	st->bank = wt_calloc(banks, sizeof(*st->bank));
	st->first = UINT64_MAX;
}

void wt_l2_stats_free(struct wt_l2_stats *st)
{
	free(st->bank);
	st->bank = NULL;
}

int wt_l2_init(struct wt_l2 *l2, const struct wt_l2_cfg *cfg, unsigned partition,
	       char *err, size_t errlen)
{
	memset(l2, 0, sizeof(*l2));
	l2->cfg = cfg;
	l2->partition = partition;
	if (wt_cache_init(&l2->cache, &cfg->geom, &cfg->ix, err, errlen) < 0)
		return -1;
	l2->cache.rng ^= 0x9E3779B97F4A7C15ULL * (partition + 1);
	l2->fill = wt_malloc((size_t)cfg->geom.sets * sizeof(*l2->fill));
	for (unsigned i = 0; i < cfg->geom.sets; i++)
		l2->fill[i] = UINT64_MAX;	/* nothing reserved */
	l2->port_free = wt_calloc(cfg->ports, sizeof(*l2->port_free));
	l2->bank = wt_calloc(cfg->banks, sizeof(*l2->bank));
	for (unsigned b = 0; b < cfg->banks; b++)
		l2->bank[b].start = wt_calloc(cfg->bank_queue,
					      sizeof(*l2->bank[b].start));
	wt_l2_stats_init(&l2->st, cfg->banks);
	if (cfg->medic & WT_MEDIC_WIP)
		l2->rank = wt_calloc((size_t)cfg->geom.sets * cfg->geom.assoc, 1);
	if (cfg->eaf)
		wt_eaf_init(&l2->eaf, (uint64_t)cfg->geom.sets * cfg->geom.assoc);
	if (cfg->sbyp) {
		wt_sbyp_init(&l2->sbyp, cfg->sbyp_period, cfg->sbyp_threshold);
		l2->tagonly = wt_calloc((size_t)cfg->geom.sets * cfg->geom.assoc, 1);
	}
	if (wt_l2s_on(cfg))
		l2->sready = wt_calloc((size_t)cfg->geom.sets * cfg->geom.assoc *
				       (cfg->sectored ? cfg->geom.line / cfg->sector : 1),
				       sizeof(*l2->sready));
	return 0;
}

void wt_l2_free(struct wt_l2 *l2)
{
	wt_cache_free(&l2->cache);
	free(l2->fill);
	free(l2->port_free);
	for (unsigned b = 0; b < l2->cfg->banks; b++)
		free(l2->bank[b].start);
	free(l2->bank);
	free(l2->mshr);
	free(l2->rank);
	free(l2->tagonly);
	free(l2->sready);
	if (l2->cfg->eaf)
		wt_eaf_free(&l2->eaf);
	wt_l2_stats_free(&l2->st);
}

/* ---- MeDiC ---- */

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

/* The victim for a new line: WIP's ranked choice, or the plain one. */
static int victim(struct wt_l2 *l2, unsigned set, struct wt_cache_line *ev)
{
	int way = l2->rank ? wt_cache_victim_ranked(&l2->cache, set,
				&l2->rank[(size_t)set * l2->cfg->geom.assoc], ev) :
			     wt_cache_victim(&l2->cache, set, ev);

	if (way >= 0 && l2->cfg->eaf && ev->state == WT_LINE_VALID)
		wt_eaf_evicted(&l2->eaf, ev->addr);
	return way;
}

/* Put a new line in: WIP's position for the warp's class, or the plain
 * insertion position. */
static void insert(struct wt_l2 *l2, unsigned set, int way, uint64_t line,
		   enum wt_line_state state, uint64_t ready, unsigned type)
{
	unsigned assoc = l2->cfg->geom.assoc;

	if (l2->tagonly)	/* a real line, until the caller says not */
		l2->tagonly[(size_t)set * assoc + (unsigned)way] = 0;
	if (state == WT_LINE_RESERVED && ready < l2->fill[set])
		l2->fill[set] = ready;
	if (l2->cfg->eaf) {	/* evicted too early: MRU; else LRU */
		wt_cache_insert_at(&l2->cache, set, way, line, state, ready,
				   wt_eaf_test(&l2->eaf, line) ? 0 : assoc - 1);
		return;
	}
	if (!l2->rank) {
		wt_cache_insert(&l2->cache, set, way, line, state, ready);
		return;
	}
	l2->rank[(size_t)set * assoc + (unsigned)way] = wip_class(type);
	wt_cache_insert_at(&l2->cache, set, way, line, state, ready,
			   wip_class(type) == 0 ? assoc - 1 :
			   wip_class(type) == 1 ? assoc / 2 : 0);
}

/* A hit: the line takes the class of the warp that reused it. */
static void rerank(struct wt_l2 *l2, unsigned set, int way, unsigned type)
{
	if (l2->rank)
		l2->rank[(size_t)set * l2->cfg->geom.assoc + (unsigned)way] =
			wip_class(type);
}

/* Rand and PC-Byp: whether a load bypasses the L2. */
static int baseline_bypass(struct wt_l2 *l2, const struct wt_event *in, uint64_t t)
{
	const struct wt_l2_cfg *c = l2->cfg;

	if (c->rand_bypass > 0 &&
	    wt_rand_bypass(c->seed, c->rand_bypass, c->medic_cfg.reset,
			   wt_medic_key(l2->kernel, in->warp), t))
		return 1;
	if (l2->pcmedic) {
		int profiling;
		enum wt_wtype type = wt_medic_type(l2->pcmedic,
						   wt_medic_key(l2->kernel, in->pc), t,
						   &profiling);

		return !profiling && (type == WT_WT_MOSTLY_MISS || type == WT_WT_ALL_MISS);
	}
	return 0;
}

static void medic_lookup(struct wt_l2 *l2, const struct wt_event *in, uint64_t t,
			 int hit)
{
	if (l2->medic)
		wt_medic_lookup(l2->medic, wt_medic_key(l2->kernel, in->warp), t, hit);
	if (l2->pcmedic)
		wt_medic_lookup(l2->pcmedic, wt_medic_key(l2->kernel, in->pc), t, hit);
}

/* GPGPU-Sim's type of an access (gscount.h). */
static unsigned gs_type(const struct wt_event *in)
{
	if (in->type == WT_EV_WRITE_BACK)
		return WT_GS_WRITE_BACK;
	return in->op == WT_OP_STORE ? WT_GS_STORE :
	       in->op == WT_OP_ATOMIC ? WT_GS_ATOMIC : WT_GS_LOAD;
}

/* ---- events ---- */

/*
 * The place of a new event at cycle t in out->ev, kept in time order
 * (equal times in the order made) so that the caller need not sort it:
 * most events come in order, or a few places early, as the banks of a
 * partition run a little apart.  One that would go back further than
 * WT_L2_OUT_REACH places goes last instead, and the list is marked
 * unsorted (and so stays, every later event going last): a stable sort
 * by time then puts it in the same order.
 */
static struct wt_event *place_event(struct wt_l2_out *out, uint64_t t)
{
	size_t i = out->n;

	if (out->n == out->cap) {
		out->cap = out->cap ? 2 * out->cap : 64;
		out->ev = wt_realloc(out->ev, out->cap * sizeof(*out->ev));
	}
	if (!out->unsorted) {
		while (i > out->first && out->ev[i - 1].time > t &&
		       out->n - i < WT_L2_OUT_REACH)
			i--;
		if (i > out->first && out->ev[i - 1].time > t) {
			i = out->n;
			out->unsorted = 1;
		} else if (i < out->n) {
			memmove(&out->ev[i + 1], &out->ev[i],
				(out->n - i) * sizeof(*out->ev));
		}
	}
	out->n++;
	return &out->ev[i];
}

static struct wt_event *emit(struct wt_l2 *l2, struct wt_l2_out *out,
			     const struct wt_event *in, unsigned type,
			     uint64_t t, uint64_t arrival)
{
	struct wt_event *e = place_event(out, t);

	*e = *in;
	e->time = t;
	e->latency = (uint32_t)(t - arrival);
	e->type = (uint8_t)type;
	e->miss_class = WT_MISS_NONE;
	e->level = 2;
	e->partition = (uint16_t)l2->partition;
	return e;
}

static void write_back(struct wt_l2 *l2, struct wt_l2_out *out,
		       const struct wt_event *in, uint64_t t, uint64_t arrival,
		       uint64_t line)
{
	const struct wt_l2_cfg *c = l2->cfg;
	struct wt_event *e = emit(l2, out, in, WT_EV_WRITE_BACK, t, arrival);
	unsigned nsec = c->geom.line / c->sector;

	e->addr = line;
	e->op = WT_OP_STORE;
	e->bytes = (uint16_t)c->geom.line;
	e->sectors = (uint8_t)(nsec >= 8 ? 0xff : (1u << nsec) - 1);
	l2->st.write_backs++;
}

static void outcome(struct wt_l2 *l2, struct wt_l2_out *out,
		    const struct wt_event *in, uint64_t latency, int hit)
{
	struct wt_l2_outcome *o;

	if (out->noc == out->capoc) {
		out->capoc = out->capoc ? 2 * out->capoc : 64;
		out->oc = wt_realloc(out->oc, out->capoc * sizeof(*out->oc));
	}
	o = &out->oc[out->noc++];
	o->warp = in->warp;
	o->instr = in->instr;
	o->pc = in->pc;
	o->cta = in->cta;
	o->sm = in->sm;
	o->partition = (uint16_t)l2->partition;
	o->latency = (uint32_t)latency;
	o->tag = out->tag;
	o->hit = (uint8_t)hit;
}

/* ---- MSHRs ---- */

/* Entries that filled by cycle t are gone for every later request. */
/*
 * The MSHR entries, mshr[mshr_head .. nmshr-1], are kept sorted by the
 * cycle they were allocated (they come nearly in order; mshr_add puts
 * each in place from the end).  Every entry lasts tag_latency +
 * miss_latency cycles, so this is also their order by ready, and the
 * entries in use at cycle t are one run: from the first that is ready
 * after t, as long as they were allocated by t.
 */
static size_t mshr_ready_after(const struct wt_l2 *l2, uint64_t t, size_t from)
{
	const struct wt_l2_mshr *m = l2->mshr;
	size_t lo = l2->mshr_head, hi = l2->nmshr, step = 1;

	/*
	 * Gallop from entry `from`, in steps that double, to a range that
	 * holds the answer, then bisect it.  Searches start where the last
	 * one of the same kind ended, and the answer is rarely far from
	 * there; but the list can be long (one bank far ahead of the other
	 * keeps its entries), and a plain bisection of all of it costs more.
	 */
	if (from < lo)
		from = lo;
	if (from > hi)
		from = hi;
	if (from < hi && m[from].ready <= t) {		/* after from */
		lo = from + 1;
		while (step <= hi - lo) {
			size_t p = lo + step - 1;

			if (m[p].ready > t) {
				hi = p;
				break;
			}
			lo = p + 1;
			step *= 2;
		}
	} else {					/* at or before from */
		hi = from;
		while (step <= hi - lo) {
			size_t p = hi - step;

			if (m[p].ready <= t) {
				lo = p + 1;
				break;
			}
			hi = p;
			step *= 2;
		}
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m[mid].ready > t)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Drop the entries done by cycle t; move the rest down now and then. */
static void mshr_prune(struct wt_l2 *l2, uint64_t t)
{
	size_t gone;

	l2->mshr_head = mshr_ready_after(l2, t, l2->mshr_head);
	if (l2->mshr_head < 1024 || l2->mshr_head <= l2->nmshr / 2)
		return;
	gone = l2->mshr_head;
	memmove(l2->mshr, l2->mshr + gone,
		(l2->nmshr - gone) * sizeof(*l2->mshr));
	l2->nmshr -= gone;
	l2->mshr_head = 0;
	for (unsigned i = 0; i < l2->cfg->banks; i++)	/* they moved too */
		l2->bank[i].mshr_at -= l2->bank[i].mshr_at > gone ?
				       gone : l2->bank[i].mshr_at;
}

/* No later request of the partition is looked up before this cycle: it
 * arrives no earlier than this one, and its bank starts no earlier than
 * the earliest bank can.  MSHR entries done by then can go. */
static uint64_t prune_floor(const struct wt_l2 *l2, uint64_t arrival)
{
	uint64_t m = UINT64_MAX;

	for (unsigned i = 0; i < l2->cfg->banks; i++)
		if (l2->bank[i].next < m)
			m = l2->bank[i].next;
	return m > arrival && m != UINT64_MAX ? m : arrival;
}

/* The first entry in use at cycle t, for a lookup of bank b: its own
 * accesses move on in time, and so does the entry. */
static size_t mshr_first(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t)
{
	b->mshr_at = mshr_ready_after(l2, t, b->mshr_at);
	return b->mshr_at;
}

static struct wt_l2_mshr *mshr_find(struct wt_l2 *l2, struct wt_l2_bank *b,
				    uint64_t line, uint64_t t)
{
	for (size_t i = mshr_first(l2, b, t); i < l2->nmshr && l2->mshr[i].alloc <= t; i++)
		if (l2->mshr[i].line == line)
			return &l2->mshr[i];
	return NULL;
}

/*
 * Whether `limit` entries are in use at cycle t, and if so the first
 * cycle one of them frees.  Those in use are a run from the first ready
 * after t, sorted by allocation: there are `limit` of them when the
 * limit-th of the run was allocated by t, and there is no need to count
 * them all.
 */
static int mshr_full(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t,
		     unsigned limit, uint64_t *free_at)
{
	size_t first = mshr_first(l2, b, t), last = first + limit - 1;

	if (last >= l2->nmshr || l2->mshr[last].alloc > t)
		return 0;
	*free_at = l2->mshr[first].ready;
	return 1;
}

static void mshr_add(struct wt_l2 *l2, uint64_t line, uint64_t alloc, uint64_t ready)
{
	size_t i;

	if (l2->nmshr == l2->capmshr) {
		l2->capmshr = l2->capmshr ? 2 * l2->capmshr : 64;
		l2->mshr = wt_realloc(l2->mshr, l2->capmshr * sizeof(*l2->mshr));
	}
	for (i = l2->nmshr++; i > l2->mshr_head && l2->mshr[i - 1].alloc > alloc; i--)
		l2->mshr[i] = l2->mshr[i - 1];
	l2->mshr[i] = (struct wt_l2_mshr){ line, alloc, ready, 1 };
}

/* ---- the tag access ---- */

/*
 * Fills that have arrived by cycle t make their lines valid.  Before the
 * set's first fill there is none: most lookups look no further.
 */
static void settle(struct wt_l2 *l2, unsigned set, uint64_t t)
{
	uint64_t next = UINT64_MAX;

	if (t < l2->fill[set])
		return;
	for (unsigned w = 0; w < l2->cfg->geom.assoc; w++) {
		struct wt_cache_line *l = wt_cache_at(&l2->cache, set, (int)w);

		if (l->state != WT_LINE_RESERVED)
			continue;
		if (l->ready <= t)
			l->state = WT_LINE_VALID;
		else if (l->ready < next)
			next = l->ready;
	}
	l2->fill[set] = next;
}

/* The first cycle a reserved way of set fills. */
static uint64_t set_free_at(struct wt_l2 *l2, unsigned set)
{
	uint64_t r = UINT64_MAX;

	for (unsigned w = 0; w < l2->cfg->geom.assoc; w++) {
		struct wt_cache_line *l = wt_cache_at(&l2->cache, set, (int)w);

		if (l->state == WT_LINE_RESERVED && l->ready < r)
			r = l->ready;
	}
	return r;
}

/*
 * A load or atomic looked up at cycle t.  -1 when done (*done: its data
 * is ready), or the reservation fail with *retry.
 */
static int read_access(struct wt_l2 *l2, struct wt_l2_bank *b,
		       const struct wt_event *in, uint64_t line, unsigned set,
		       uint64_t t, uint64_t arrival, unsigned type, int noalloc,
		       struct wt_l2_out *out, uint64_t *done, uint64_t *retry)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lookup = t + c->tag_latency, free_at;
	int way = wt_cache_find(&l2->cache, set, line);
	int dirty = c->write_back && in->op == WT_OP_ATOMIC;
	struct wt_cache_line *l = way >= 0 ? wt_cache_at(&l2->cache, set, way) : NULL;
	struct wt_cache_line ev;
	struct wt_l2_mshr *m;

	if (l && l->state == WT_LINE_VALID) {
		wt_cache_touch(&l2->cache, set, way);
		rerank(l2, set, way, type);
		medic_lookup(l2, in, t, 1);
		l->dirty |= (uint8_t)dirty;
		l2->st.hits++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_HIT);
		*done = lookup;
		if (c->emit_all)
			emit(l2, out, in, WT_EV_HIT, lookup, arrival);
		outcome(l2, out, in, lookup - arrival, 1);
		return -1;
	}
	/* only a miss looks at the MSHRs: the time to drop those done */
	mshr_prune(l2, prune_floor(l2, arrival));
	if (l) {			/* in flight: merge */
		m = mshr_find(l2, b, line, t);
		if (m && c->mshr_merge && m->merges >= c->mshr_merge) {
			*retry = m->ready;
			return WT_L2_FAIL_MSHR_MERGE;
		}
		if (m)
			m->merges++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_HIT_RESERVED);
		if (m)
			wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MSHR_HIT);
		wt_cache_touch(&l2->cache, set, way);
		medic_lookup(l2, in, t, 0);
		l->dirty |= (uint8_t)dirty;
		l2->st.misses++;
		l2->st.merged++;
		*done = l->ready > lookup ? l->ready : lookup;
		if (c->emit_all)
			emit(l2, out, in, WT_EV_MISS, *done, arrival)->miss_class =
				WT_MISS_LATENCY;
		outcome(l2, out, in, *done - arrival, 0);
		return -1;
	}
	if (noalloc) {	/* WByp's atomics, PCAL without a token: no line */
		medic_lookup(l2, in, t, 0);
		l2->st.pcal_noalloc += l2->pcal != NULL;
		l2->st.misses++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MISS);
		*done = lookup + c->miss_latency;
		emit(l2, out, in, WT_EV_MISS, lookup, arrival);
		if (in->op == WT_OP_ATOMIC) {	/* its write has no line to stay in */
			emit(l2, out, in, WT_EV_WRITE_THROUGH, lookup, arrival)->op =
				WT_OP_STORE;
			l2->st.write_throughs++;
		}
		outcome(l2, out, in, *done - arrival, 0);
		return -1;
	}
	if (c->mshr_entries && mshr_full(l2, b, t, c->mshr_entries, &free_at)) {
		*retry = free_at;
		return WT_L2_FAIL_MSHR_ENTRY;
	}
	way = victim(l2, set, &ev);
	if (way < 0) {
		*retry = set_free_at(l2, set);
		return WT_L2_FAIL_LINE_ALLOC;
	}
	if (ev.state == WT_LINE_VALID && ev.dirty)
		write_back(l2, out, in, lookup, arrival, ev.addr);
	*done = lookup + c->miss_latency;
	insert(l2, set, way, line, WT_LINE_RESERVED, *done, type);
	medic_lookup(l2, in, t, 0);
	wt_cache_at(&l2->cache, set, way)->dirty = (uint8_t)dirty;
	mshr_add(l2, line, t, *done);
	l2->st.misses++;
	wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MISS);
	emit(l2, out, in, WT_EV_MISS, lookup, arrival);
	outcome(l2, out, in, *done - arrival, 0);
	return -1;
}

/* A store (an L1 write-through or write-back) looked up at cycle t. */
static void write_access(struct wt_l2 *l2, const struct wt_event *in, uint64_t line,
			 unsigned set, uint64_t t, uint64_t arrival, unsigned type,
			 struct wt_l2_out *out)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lookup = t + c->tag_latency;
	int way = wt_cache_find(&l2->cache, set, line);
	struct wt_cache_line ev;

	if (way >= 0) {			/* valid, or in flight */
		wt_gs_count(&l2->st.gs, gs_type(in),
			    wt_cache_at(&l2->cache, set, way)->state == WT_LINE_VALID ?
			    WT_GS_HIT : WT_GS_HIT_RESERVED);
		wt_cache_touch(&l2->cache, set, way);
		rerank(l2, set, way, type);
		medic_lookup(l2, in, t, 1);
		l2->st.store_hits++;
		if (c->emit_all)
			emit(l2, out, in, WT_EV_HIT, lookup, arrival);
		if (c->write_back) {
			wt_cache_at(&l2->cache, set, way)->dirty = 1;
			return;
		}
	} else {
		l2->st.store_misses++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MISS);
		medic_lookup(l2, in, t, 0);
		if (c->emit_all)	/* a store miss: no fetch follows */
			emit(l2, out, in, WT_EV_MISS, lookup, arrival);
		way = c->write_allocate ? victim(l2, set, &ev) : -1;
		if (way >= 0) {		/* allocate without a fetch */
			if (ev.state == WT_LINE_VALID && ev.dirty)
				write_back(l2, out, in, lookup, arrival, ev.addr);
			insert(l2, set, way, line, WT_LINE_VALID, 0, type);
			if (c->write_back) {
				wt_cache_at(&l2->cache, set, way)->dirty = 1;
				return;
			}
		}
	}
	emit(l2, out, in, WT_EV_WRITE_THROUGH, lookup, arrival)->op = WT_OP_STORE;
	l2->st.write_throughs++;
}

/* ---- Khairy's streaming bypass (l2model.h) ---- */

static uint8_t *tagonly_at(struct wt_l2 *l2, unsigned set, int way)
{
	return &l2->tagonly[(size_t)set * l2->cfg->geom.assoc + (unsigned)way];
}

/*
 * The partition is closed: load in, arriving at cycle t, goes around it,
 * and its tags alone are looked up and updated as read_access would, with
 * the same victim, insertion and MeDiC counters (so that --medic=wip,
 * --eaf and --pcal shape the tags as in an open L2), but no MSHR, no
 * fill and no data.  A line in flight is a miss, as a merge is.
 */
static void tags_only(struct wt_l2 *l2, const struct wt_event *in,
		      uint64_t line, unsigned set, uint64_t t, unsigned type,
		      int noalloc, struct wt_l2_out *out)
{
	int way, hit;
	struct wt_cache_line ev;

	settle(l2, set, t);
	way = wt_cache_find(&l2->cache, set, line);
	if (way >= 0) {
		hit = wt_cache_at(&l2->cache, set, way)->state == WT_LINE_VALID;
		wt_cache_touch(&l2->cache, set, way);
		if (hit)
			rerank(l2, set, way, type);
		medic_lookup(l2, in, t, hit);
		wt_sbyp_count(&l2->sbyp, !hit);
		return;
	}
	medic_lookup(l2, in, t, 0);
	wt_sbyp_count(&l2->sbyp, 1);
	if (noalloc)
		return;
	way = victim(l2, set, &ev);
	if (way < 0)
		return;		/* every way reserved: no tag kept */
	if (ev.state == WT_LINE_VALID && ev.dirty)
		write_back(l2, out, in, t, t, ev.addr);
	insert(l2, set, way, line, WT_LINE_VALID, 0, type);
	*tagonly_at(l2, set, way) = 1;
}

/* The partition opens again: the lines the tags took while it was closed
 * have no data.  (They are never dirty: a write drops them first.) */
static void drop_tagonly(struct wt_l2 *l2)
{
	unsigned assoc = l2->cfg->geom.assoc;
	size_t n = (size_t)l2->cfg->geom.sets * assoc;

	for (size_t i = 0; i < n; i++) {
		if (!l2->tagonly[i])
			continue;
		l2->tagonly[i] = 0;
		wt_cache_invalidate(&l2->cache, (unsigned)(i / assoc),
				    (int)(i % assoc));
	}
}

/* A store or atomic served while the partition is closed finds a line the
 * tags took: nothing to write into or read, so it goes and the request
 * misses. */
static void drop_tagonly_line(struct wt_l2 *l2, unsigned set, uint64_t line)
{
	int way = wt_cache_find(&l2->cache, set, line);

	if (way >= 0 && *tagonly_at(l2, set, way)) {
		*tagonly_at(l2, set, way) = 0;
		wt_cache_invalidate(&l2->cache, set, way);
	}
}

/*
 * A load arriving at cycle t: close the periods that ended (dropping the
 * tags' lines when the partition opens at one), then, if the partition
 * is closed, send the load to DRAM as a bypass event with its tags alone
 * looked up: 1.  The caller counts an open partition's loads.
 */
static int sbyp_load(struct wt_l2 *l2, const struct wt_event *in, uint64_t line,
		     unsigned set, uint64_t t, unsigned type, int noalloc,
		     struct wt_l2_out *out)
{
	if (wt_sbyp_tick(&l2->sbyp, t))
		drop_tagonly(l2);
	l2->st.sbyp_periods = l2->sbyp.periods;
	l2->st.sbyp_periods_on = l2->sbyp.periods_on;
	l2->st.sbyp_switches = l2->sbyp.switches;
	if (!l2->sbyp.on)
		return 0;
	tags_only(l2, in, line, set, t, type, noalloc, out);
	emit(l2, out, in, WT_EV_BYPASS, t, t);
	l2->st.bypasses++;
	l2->st.sbyp_loads++;
	/* no queue, no lookup: the DRAM round trip */
	outcome(l2, out, in, l2->cfg->miss_latency, 0);
	return 1;
}

/*
 * The bank's requests whose tag access starts after cycle e: those still
 * in its queue then.  A bank starts its accesses one at a time, in order,
 * so the starts in the ring grow from its head, and those after e are
 * the newest few: none when the bank keeps up, found at once from the
 * newest; else most, counted from the oldest.
 */
static unsigned queued_after(const struct wt_l2_bank *b, unsigned q, uint64_t e)
{
	unsigned newest = b->head + b->n - 1, i = b->head, done = 0;

	if (b->n == 0 || b->start[newest >= q ? newest - q : newest] <= e)
		return 0;
	while (b->start[i] <= e) {	/* stops at the newest at the latest */
		done++;
		i = i + 1 == q ? 0 : i + 1;
	}
	return b->n - done;
}

/* Port and bank queue: the cycle the request's tag access may start. */
static inline uint64_t enter_bank(struct wt_l2 *l2, struct wt_l2_bank *b,
			   struct wt_l2_bank_stats *bs, uint64_t arrival)
{
	const struct wt_l2_cfg *c = l2->cfg;
	unsigned p = 0, q = c->bank_queue, len;
	uint64_t s, e;

	for (unsigned i = 1; i < c->ports; i++)
		if (l2->port_free[i] < l2->port_free[p])
			p = i;
	s = arrival > l2->port_free[p] ? arrival : l2->port_free[p];
	e = s + 1 > b->last_enter ? s + 1 : b->last_enter;
	if (b->n == q && b->start[b->head] > e)
		e = b->start[b->head];	/* full: wait at the port */
	len = 1 + queued_after(b, q, e);
	if (len > bs->max_queue)
		bs->max_queue = len;
	l2->port_free[p] = e;
	b->last_enter = e;
	return e > b->next ? e : b->next;
}

static inline void leave_queue(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t)
{
	unsigned q = l2->cfg->bank_queue, i = b->head + b->n;

	b->next = t + l2->cfg->bank_cycle;
	if (b->n < q) {
		b->start[i >= q ? i - q : i] = t;
		b->n++;
	} else {
		b->start[b->head] = t;
		b->head = b->head + 1 == q ? 0 : b->head + 1;
	}
}

/* ---- for l2sector.c (l2internal.h) ---- */

int wt_l2i_victim(struct wt_l2 *l2, unsigned set, struct wt_cache_line *ev)
{
	return victim(l2, set, ev);
}

void wt_l2i_insert(struct wt_l2 *l2, unsigned set, int way, uint64_t line,
		   enum wt_line_state state, uint64_t ready)
{
	insert(l2, set, way, line, state, ready, WT_WT_MAX);
}

struct wt_event *wt_l2i_emit(struct wt_l2 *l2, struct wt_l2_out *out,
			     const struct wt_event *in, unsigned type,
			     uint64_t t, uint64_t arrival)
{
	return emit(l2, out, in, type, t, arrival);
}

void wt_l2i_outcome(struct wt_l2 *l2, struct wt_l2_out *out,
		    const struct wt_event *in, uint64_t latency, int hit)
{
	outcome(l2, out, in, latency, hit);
}

void wt_l2i_mshr_prune(struct wt_l2 *l2, uint64_t arrival)
{
	mshr_prune(l2, prune_floor(l2, arrival));
}

struct wt_l2_mshr *wt_l2i_mshr_find(struct wt_l2 *l2, struct wt_l2_bank *b,
				    uint64_t key, uint64_t t)
{
	return mshr_find(l2, b, key, t);
}

int wt_l2i_mshr_full(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t,
		     unsigned limit, uint64_t *free_at)
{
	return mshr_full(l2, b, t, limit, free_at);
}

void wt_l2i_mshr_add(struct wt_l2 *l2, uint64_t key, uint64_t alloc, uint64_t ready)
{
	mshr_add(l2, key, alloc, ready);
}

uint64_t wt_l2i_enter_bank(struct wt_l2 *l2, struct wt_l2_bank *b,
			   struct wt_l2_bank_stats *bs, uint64_t arrival)
{
	return enter_bank(l2, b, bs, arrival);
}

void wt_l2i_leave_queue(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t)
{
	leave_queue(l2, b, t);
}

void wt_l2_request(struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		   uint64_t arrival, struct wt_l2_out *out)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t line = in->addr & ~(uint64_t)(c->geom.line - 1);
	uint64_t lline = local & ~(uint64_t)(c->geom.line - 1);
	unsigned bank = (unsigned)(lline >> c->bank_bit) & (c->banks - 1);
	unsigned set = wt_index_set(&c->ix, lline);
	struct wt_l2_bank *b = &l2->bank[bank];
	struct wt_l2_bank_stats *bs = &l2->st.bank[bank];
	uint64_t t, done = 0, retry = 0, hits = l2->st.hits;
	unsigned type = WT_WT_MAX;	/* MeDiC: the warp's type */
	int rc = -1, noalloc = 0;

	l2->st.requests++;
	if (in->op == WT_OP_ATOMIC)
		l2->st.atomics++;
	else if (in->op == WT_OP_STORE)
		l2->st.stores++;
	else
		l2->st.loads++;
	if (arrival < l2->st.first)
		l2->st.first = arrival;
	if (arrival > l2->st.last)
		l2->st.last = arrival;
	if (c->disabled) {
		emit(l2, out, in, WT_EV_BYPASS, arrival, arrival);
		l2->st.bypasses++;
		return;
	}
	if (in->op == WT_OP_LOAD && baseline_bypass(l2, in, arrival)) {
		emit(l2, out, in, WT_EV_BYPASS, arrival, arrival);
		l2->st.bypasses++;
		l2->st.baseline_bypasses++;
		outcome(l2, out, in, c->miss_latency, 0);
		return;
	}
	if (l2->pcal && in->op != WT_OP_STORE &&
	    !wt_pcal_token(l2->pcal, wt_medic_key(l2->kernel, in->warp), arrival))
		noalloc = 1;
	if (l2->medic) {
		int profiling;

		type = wt_medic_type(l2->medic, wt_medic_key(l2->kernel, in->warp),
				     arrival, &profiling);
		if ((c->medic & WT_MEDIC_WBYP) && !profiling &&
		    (type == WT_WT_MOSTLY_MISS || type == WT_WT_ALL_MISS)) {
			if (in->op == WT_OP_LOAD) {
				emit(l2, out, in, WT_EV_BYPASS, arrival, arrival);
				l2->st.bypasses++;
				l2->st.medic_bypasses++;
				/* no queue, no lookup: the DRAM round trip */
				outcome(l2, out, in, c->miss_latency, 0);
				return;
			}
			noalloc |= in->op == WT_OP_ATOMIC;
		}
	}
	if (c->sbyp && in->op == WT_OP_LOAD &&
	    sbyp_load(l2, in, line, set, arrival, type, noalloc, out))
		return;
	if (wt_l2s_on(c)) {
		wt_l2s_request(l2, in, local, arrival, out);
		return;
	}
	t = enter_bank(l2, b, bs, arrival);
	if (c->sbyp && in->op != WT_OP_LOAD)
		drop_tagonly_line(l2, set, line);
	for (;;) {
		settle(l2, set, t);
		if (in->op == WT_OP_STORE) {
			write_access(l2, in, line, set, t, arrival, type, out);
			break;
		}
		rc = read_access(l2, b, in, line, set, t, arrival, type, noalloc,
				 out, &done, &retry);
		if (rc < 0)
			break;
		l2->st.fails[rc]++;	/* the bank stalls, then tries again */
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_RESERVATION_FAIL);
		t = retry > t + c->bank_cycle ? retry : t + c->bank_cycle;
	}
	if (rc < 0 && in->op == WT_OP_ATOMIC && !c->write_back) {
		/* write-through: the atomic's result goes on */
		emit(l2, out, in, WT_EV_WRITE_THROUGH, done, arrival);
		l2->st.write_throughs++;
	}
	if (c->sbyp && in->op == WT_OP_LOAD)	/* the partition is open */
		wt_sbyp_count(&l2->sbyp, l2->st.hits == hits);
	leave_queue(l2, b, t);
	bs->accesses++;
	bs->delay_sum += t - arrival - 1;
	wt_l2_hist_add(&l2->st.delay, t - arrival - 1);
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/*
 * Every event of wt_l2_request is at or after the arrival: a bypass's
 * (--disable, Rand, PC-Byp, WByp, a closed partition's load and the
 * write-back its tags make) at the arrival itself; any other at a tag
 * access's end, t + tag_latency, where t >= e >= s + 1 (enter_bank) and
 * s >= the arrival and the port that is free first, and t >= its bank's
 * next start, not before the earliest bank's.  Ports and banks only
 * move on, so the bound holds for every later request.
 */
uint64_t wt_l2_event_floor(const struct wt_l2 *l2, uint64_t arrival)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t s = arrival, t = UINT64_MAX;

	if (c->disabled || c->rand_bypass > 0 || c->pc_bypass ||
	    (c->medic & WT_MEDIC_WBYP) || c->sbyp)
		return arrival;
	for (unsigned i = 0; i < c->ports; i++)
		if (l2->port_free[i] < t)
			t = l2->port_free[i];
	if (t > s)
		s = t;
	s = add_sat(s, 1);
	t = UINT64_MAX;
	for (unsigned i = 0; i < c->banks; i++)
		if (l2->bank[i].next < t)
			t = l2->bank[i].next;
	if (t < s)
		t = s;
	return add_sat(t, c->tag_latency);
}

void wt_l2_stats_merge(struct wt_l2_stats *dst, const struct wt_l2_stats *src)
{
	dst->requests += src->requests;
	dst->loads += src->loads;
	dst->stores += src->stores;
	dst->atomics += src->atomics;
	dst->hits += src->hits;
	dst->misses += src->misses;
	dst->merged += src->merged;
	dst->store_hits += src->store_hits;
	dst->store_misses += src->store_misses;
	dst->write_backs += src->write_backs;
	dst->medic_bypasses += src->medic_bypasses;
	dst->baseline_bypasses += src->baseline_bypasses;
	dst->pcal_noalloc += src->pcal_noalloc;
	dst->sbyp_loads += src->sbyp_loads;
	dst->sbyp_periods += src->sbyp_periods;
	dst->sbyp_periods_on += src->sbyp_periods_on;
	dst->sbyp_switches += src->sbyp_switches;
	dst->write_throughs += src->write_throughs;
	dst->bypasses += src->bypasses;
	dst->sector_reads += src->sector_reads;
	dst->sector_read_hits += src->sector_read_hits;
	dst->sector_merged += src->sector_merged;
	dst->sector_fetched += src->sector_fetched;
	dst->sector_writes += src->sector_writes;
	dst->sector_write_hits += src->sector_write_hits;
	dst->sector_misses += src->sector_misses;
	dst->memcpy_sectors += src->memcpy_sectors;
	wt_gs_add(&dst->gs, &src->gs);
	for (int i = 0; i < WT_L2_FAIL_MAX; i++)
		dst->fails[i] += src->fails[i];
	wt_l2_hist_merge(&dst->delay, &src->delay);
	for (unsigned b = 0; b < dst->nbanks && b < src->nbanks; b++) {
		dst->bank[b].accesses += src->bank[b].accesses;
		dst->bank[b].delay_sum += src->bank[b].delay_sum;
		if (src->bank[b].max_queue > dst->bank[b].max_queue)
			dst->bank[b].max_queue = src->bank[b].max_queue;
	}
	if (src->first < dst->first)
		dst->first = src->first;
	if (src->last > dst->last)
		dst->last = src->last;
}

/* ---- warp instructions ---- */

const char *wt_warp_type_name(unsigned t)
{
	static const char *const n[] = {
		"all_hit", "mostly_hit", "balanced", "mostly_miss", "all_miss"
	};
	return t < WT_WT_MAX ? n[t] : "unknown";
}

static struct wt_l2_pc *pc_of(struct wt_l2_instr_stats *s, uint32_t pc)
{
	size_t lo = 0, hi = s->npcs;

	/* outcomes come in runs of one PC: the last one first */
	if (s->lastpc < s->npcs && s->pcs[s->lastpc].pc == pc)
		return &s->pcs[s->lastpc];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->pcs[mid].pc < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	s->lastpc = lo;
	if (lo < s->npcs && s->pcs[lo].pc == pc)
		return &s->pcs[lo];
	if (s->npcs == s->cappcs) {
		s->cappcs = s->cappcs ? 2 * s->cappcs : 16;
		s->pcs = wt_realloc(s->pcs, s->cappcs * sizeof(*s->pcs));
	}
	memmove(&s->pcs[lo + 1], &s->pcs[lo], (s->npcs - lo) * sizeof(*s->pcs));
	s->npcs++;
	memset(&s->pcs[lo], 0, sizeof(s->pcs[lo]));
	s->pcs[lo].pc = pc;
	return &s->pcs[lo];
}

int wt_l2_makes_outcome(const struct wt_l2_cfg *c, const struct wt_event *in)
{
	return !c->disabled && in->op != WT_OP_STORE;
}

static uint64_t instr_key(uint32_t warp, uint32_t instr)
{
	return (uint64_t)warp << 32 | instr;
}

/* A new open instruction, in a free slot or a new one: its slot. */
static uint32_t new_group(struct wt_l2_instr_stats *s, uint32_t warp,
			  uint32_t instr, uint32_t live, int newest)
{
	struct wt_l2_group *g;
	uint32_t i;

	if (s->nfreed) {
		i = s->freed[--s->nfreed];
	} else {
		if (s->ngrp == s->capgrp) {
			s->capgrp = s->capgrp ? 2 * s->capgrp : 1024;
			s->grp = wt_realloc(s->grp,
					    s->capgrp * sizeof(*s->grp));
		}
		i = (uint32_t)s->ngrp++;
	}
	g = &s->grp[i];
	memset(g, 0, sizeof(*g));
	g->warp = warp;
	g->instr = instr;
	g->lo = UINT32_MAX;
	g->cta = UINT32_MAX;
	g->sm = UINT16_MAX;
	g->live = live;
	g->open = 1;
	g->newest = (uint8_t)newest;
	return i;
}

/* The warp's entry, made (the kernel's next, in live and, unless
 * no_warp_stats, in warps; its newest instruction instr) if it is new:
 * *added. */
static uint32_t live_of(struct wt_l2_instr_stats *s, uint32_t kernel,
			uint32_t warp, uint32_t instr, int *added)
{
	uint64_t *ix = wt_warpix_get(s->wmap, warp, added);
	uint32_t l;

	if (!*added)
		return (uint32_t)(*ix - 1);
	if (!s->no_warp_stats) {
		struct wt_l2_warp *w;

		if (s->nwarps == s->capwarps) {
			s->capwarps = s->capwarps ? 2 * s->capwarps : 64;
			s->warps = wt_realloc(s->warps,
					      s->capwarps * sizeof(*s->warps));
		}
		w = &s->warps[s->nwarps++];
		memset(w, 0, sizeof(*w));
		w->kernel = kernel;
		w->warp = warp;
	}
	l = (uint32_t)s->nlive++;
	if (l == s->caplive) {
		s->caplive = s->caplive ? 2 * s->caplive : 64;
		s->live = wt_realloc(s->live, s->caplive * sizeof(*s->live));
	}
	*ix = l + 1;
	s->live[l].first = UINT32_MAX;
	s->live[l].newest = new_group(s, warp, instr, l, 1);
	return l;
}

/*
 * Count the instruction in the totals and its warp.  Sums and counts
 * only, so the order in which instructions close changes nothing; the
 * warp's CTA and SM are those of its lowest instruction, whenever that
 * one closes.
 */
static void count_group(struct wt_l2_instr_stats *s,
			const struct wt_l2_group *g)
{
	enum wt_wtype type = wt_wtype_of(g->hits, g->n, &wt_wt_medic);

	s->instructions[type]++;
	s->stall += g->hi;
	s->ninstr++;
	if (type == WT_WT_ALL_HIT && g->n >= 2)
		wt_l2_hist_add(&s->divergence, g->hi - g->lo);
	if (!s->no_warp_stats) {
		struct wt_l2_warp *w = &s->warps[s->kwarps + g->live];
		struct wt_l2_live *l = &s->live[g->live];

		w->instructions[type]++;
		w->accesses += g->n;
		w->hits += g->hits;
		if (g->instr < l->first) {
			l->first = g->instr;
			w->cta = g->cta;
			w->sm = g->sm;
		}
	}
}

/* Count a superseded instruction and forget it: its slot is free. */
static void close_group(struct wt_l2_instr_stats *s, uint32_t i)
{
	count_group(s, &s->grp[i]);
	if (s->nfreed == s->capfreed) {
		s->capfreed = s->capfreed ? 2 * s->capfreed : 1024;
		s->freed = wt_realloc(s->freed,
				      s->capfreed * sizeof(*s->freed));
	}
	s->grp[i].open = 0;
	s->freed[s->nfreed++] = i;
}

/*
 * The warp's newest instruction, slot i, is superseded: it closes if it
 * is complete (and s->early).  Without early it stays, found by its key
 * should the warp come back to it.
 */
static void supersede(struct wt_l2_instr_stats *s, uint32_t i)
{
	struct wt_l2_group *g = &s->grp[i];
	int added;

	g->newest = 0;
	if (s->early) {
		if (g->n == g->reads)
			close_group(s, i);
	} else {
		*wt_u64map_get(s->gmap, instr_key(g->warp, g->instr), &added) =
			(uint64_t)i + 1;
	}
}

/* Without early: an instruction earlier than its warp's newest, open
 * already or new. */
static uint32_t older(struct wt_l2_instr_stats *s, uint32_t warp,
		      uint32_t instr, uint32_t live)
{
	int added;
	uint64_t *ix = wt_u64map_get(s->gmap, instr_key(warp, instr), &added);

	if (added)
		*ix = (uint64_t)new_group(s, warp, instr, live, 0) + 1;
	return (uint32_t)(*ix - 1);
}

int wt_l2_instr_read(struct wt_l2_instr_stats *s, uint32_t kernel,
		     const struct wt_event *in, uint32_t *slot)
{
	struct wt_l2_live *l;
	uint32_t live, i;
	int added;

	if (!s->wmap) {
		s->wmap = wt_warpix_new();
		s->gmap = wt_u64map_new();
	}
	live = live_of(s, kernel, in->warp, in->instr, &added);
	l = &s->live[live];
	i = l->newest;
	if (in->instr > s->grp[i].instr) {
		supersede(s, i);
		i = l->newest = new_group(s, in->warp, in->instr, live, 1);
	} else if (in->instr < s->grp[i].instr) {
		/* earlier than the newest: it may have closed */
		if (s->early) {
			*slot = s->grp[i].instr;
			return -1;
		}
		i = older(s, in->warp, in->instr, live);
	}
	s->grp[i].reads++;
	*slot = i;
	return 0;
}

void wt_l2_instr_fold(struct wt_l2_instr_stats *s,
		      const struct wt_l2_outcome *oc, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		const struct wt_l2_outcome *o = &oc[k];
		struct wt_l2_pc *p = pc_of(s, o->pc);
		struct wt_l2_group *g = o->tag < s->ngrp ? &s->grp[o->tag] :
					NULL;

		p->accesses++;
		p->hits += o->hit;
		if (!g || !g->open || g->warp != o->warp ||
		    g->instr != o->instr || g->n == g->reads)
			wt_die(WT_EXIT_DATA, "internal error: an L2 outcome "
			       "of warp %u instruction %u that no request read",
			       o->warp, o->instr);
		g->n++;
		g->hits += o->hit;
		if (o->latency < g->lo)
			g->lo = o->latency;
		if (o->latency > g->hi)
			g->hi = o->latency;
		if (o->cta < g->cta || (o->cta == g->cta && o->sm < g->sm)) {
			g->cta = o->cta;
			g->sm = o->sm;
		}
		if (s->early && !g->newest && g->n == g->reads)
			close_group(s, o->tag);
	}
}

static int by_warp(const void *a, const void *b)
{
	const struct wt_l2_warp *x = a, *y = b;

	return x->warp < y->warp ? -1 : x->warp > y->warp;
}

void wt_l2_instr_end(struct wt_l2_instr_stats *s)
{
	for (size_t i = 0; i < s->ngrp; i++)
		if (s->grp[i].open)
			count_group(s, &s->grp[i]);
	s->ngrp = 0;
	s->nfreed = 0;
	if (s->gmap)
		wt_u64map_clear(s->gmap);
	if (s->nwarps > s->kwarps)	/* none: warps may be NULL */
		qsort(s->warps + s->kwarps, s->nwarps - s->kwarps,
		      sizeof(*s->warps), by_warp);
	s->kwarps = s->nwarps;
	s->nlive = 0;
	if (s->wmap)
		wt_warpix_clear(s->wmap);
}

void wt_l2_instr_free(struct wt_l2_instr_stats *s)
{
	free(s->pcs);
	free(s->warps);
	free(s->live);
	free(s->grp);
	free(s->freed);
	wt_warpix_free(s->wmap);
	wt_u64map_free(s->gmap);
	memset(s, 0, sizeof(*s));
}
