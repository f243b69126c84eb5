/*
 * l2model.c - one L2 memory partition (the timing model is in l2model.h),
 * and the calls of its policies (l2hook.h).
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
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *wt_l2_fail_name(unsigned fail)
{
	static const char *const t[] = { "mshr_entry", "mshr_merge", "line_alloc" };

	return fail < WT_L2_FAIL_MAX ? t[fail] : "unknown";
}

/* ---- histograms ---- */

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
	free(l2->sready);
	free(l2->wait);
	free(l2->woke);
	for (unsigned i = 0; i < l2->npol; i++)
		if (l2->pol[i].ops->free)
			l2->pol[i].ops->free(l2->pol[i].p);
	wt_l2_stats_free(&l2->st);
}

/* ---- the policies (l2hook.h) ---- */

void wt_l2_add_policy(struct wt_l2 *l2, const struct wt_l2_hooks *ops, void *p,
		      int bypass)
{
	if (l2->npol == WT_L2_POLICIES)
		wt_die(WT_EXIT_USAGE, "more than %d L2 policies at once",
		       WT_L2_POLICIES);
	l2->pol[l2->npol++] = (struct wt_l2_policy){ ops, p };
	l2->bypassing |= bypass;
}

/* A tag lookup at cycle t found `look` (way: the line's, on a hit). */
static void look(struct wt_l2 *l2, const struct wt_l2_req *r, int way,
		 enum wt_l2_look what, uint64_t t)
{
	for (unsigned i = 0; i < l2->npol; i++)
		if (l2->pol[i].ops->lookup)
			l2->pol[i].ops->lookup(l2->pol[i].p, l2, r, way, what, t);
}

/* The victim for a new line: the first policy's that chooses, or the
 * cache's; the policies learn of a valid line that goes. */
static int victim(struct wt_l2 *l2, unsigned set, struct wt_cache_line *ev)
{
	unsigned i;
	int way;

	for (i = 0; i < l2->npol && !l2->pol[i].ops->victim; i++)
		;
	way = i < l2->npol ? l2->pol[i].ops->victim(l2->pol[i].p, l2, set, ev) :
			     wt_cache_victim(&l2->cache, set, ev);
	if (way >= 0 && ev->state == WT_LINE_VALID)
		for (i = 0; i < l2->npol; i++)
			if (l2->pol[i].ops->evicted)
				l2->pol[i].ops->evicted(l2->pol[i].p, ev->addr);
	return way;
}

/* Put a new line in, for request r (NULL: none): at the position the
 * first policy that has one says, else the cache's insertion position. */
static void insert(struct wt_l2 *l2, const struct wt_l2_req *r, unsigned set,
		   int way, uint64_t line, enum wt_line_state state, uint64_t ready)
{
	int pos = -1;

	for (unsigned i = 0; i < l2->npol; i++)
		if (l2->pol[i].ops->insert) {
			int at = l2->pol[i].ops->insert(l2->pol[i].p, l2, r, set,
							way, line);

			if (pos < 0)
				pos = at;
		}
	if (state == WT_LINE_RESERVED && ready < l2->fill[set])
		l2->fill[set] = ready;
	if (pos >= 0)
		wt_cache_insert_at(&l2->cache, set, way, line, state, ready,
				   (unsigned)pos);
	else
		wt_cache_insert(&l2->cache, set, way, line, state, ready);
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

void wt_l2i_grow_outcomes(struct wt_l2_out *out)
{
	out->capoc = out->capoc ? 2 * out->capoc : 64;
	out->oc = wt_realloc(out->oc, out->capoc * sizeof(*out->oc));
}

/* ---- MSHRs ---- */

/*
 * The MSHR entries, mshr[mshr_head .. nmshr-1], are kept sorted by the
 * cycle they were allocated (they come nearly in order; mshr_add puts
 * each in place from the end).  An entry is in use at cycle t when it
 * was allocated by t and fills after t.  In the model's own timing every
 * entry lasts tag_latency + miss_latency cycles, so this is also their
 * order by ready, and the entries in use at cycle t are one run: from
 * the first that is ready after t, as long as they were allocated by t.
 * External fills come in any order (and pending entries have no ready):
 * then the entries are looked through one by one, the few there are in
 * flight.
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
	size_t gone, k;

	if (l2->cfg->external_fill) {	/* any may have filled */
		k = l2->mshr_head;
		for (size_t i = l2->mshr_head; i < l2->nmshr; i++)
			if (l2->mshr[i].ready > t)
				l2->mshr[k++] = l2->mshr[i];
		l2->nmshr = k;
		return;
	}
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

/* The first entry that may be in use at cycle t, from `hint` (where a
 * search of the same bank ended): the first ready after t, or with
 * external fills the first entry. */
static size_t mshr_from(const struct wt_l2 *l2, size_t hint, uint64_t t)
{
	return l2->cfg->external_fill ? l2->mshr_head : mshr_ready_after(l2, t, hint);
}

/* The same for a lookup of bank b: its own accesses move on in time, and
 * so does the entry. */
static size_t mshr_first(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t)
{
	b->mshr_at = mshr_from(l2, b->mshr_at, t);
	return b->mshr_at;
}

/* The entry of line in use at cycle t, from first (mshr_from), or
 * SIZE_MAX. */
static size_t mshr_index(const struct wt_l2 *l2, size_t first, uint64_t line,
			 uint64_t t)
{
	for (size_t i = first; i < l2->nmshr && l2->mshr[i].alloc <= t; i++)
		if (l2->mshr[i].line == line && l2->mshr[i].ready > t)
			return i;
	return SIZE_MAX;
}

/*
 * Whether `limit` entries are in use at cycle t, with `extra` more not
 * held yet (wt_l2_fails: pending), and if so the first cycle one of them
 * frees (WT_L2_PENDING: none known).  In the model's own timing those in
 * use are a run from the first ready after t, sorted by allocation:
 * there are `limit` of them when the limit-th of the run was allocated
 * by t, and there is no need to count them all.
 */
static int mshr_full(const struct wt_l2 *l2, size_t first, uint64_t t,
		     unsigned limit, unsigned extra, uint64_t *free_at)
{
	size_t last = first + limit - 1, n = extra;
	uint64_t r = WT_L2_PENDING;

	if (!l2->cfg->external_fill) {
		if (last >= l2->nmshr || l2->mshr[last].alloc > t)
			return 0;
		*free_at = l2->mshr[first].ready;
		return 1;
	}
	for (size_t i = first; i < l2->nmshr && l2->mshr[i].alloc <= t; i++)
		if (l2->mshr[i].ready > t) {
			n++;
			if (l2->mshr[i].ready < r)
				r = l2->mshr[i].ready;
		}
	if (n < limit)
		return 0;
	*free_at = r;
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

static const struct wt_cache_line *line_at(const struct wt_l2 *l2, unsigned set,
					   int way)
{
	return &l2->cache.lines[(size_t)set * l2->cache.g.assoc + (unsigned)way];
}

/*
 * The first cycle after t that data in flight at t of the way of set
 * comes (WT_L2_PENDING: not known yet), or 0 when it has none in flight
 * then: its line (l2model.c's lines), or the first of its sectors
 * (l2sector.c's).  What settling the set at t leaves (settle: the fills
 * by t have come), whether it has been settled or not.
 */
static uint64_t fill_after(const struct wt_l2 *l2, unsigned set, int way, uint64_t t)
{
	const struct wt_cache_line *l = line_at(l2, set, way);
	const uint64_t *r;
	uint64_t next = 0;

	if (l->state != WT_LINE_RESERVED)
		return 0;
	if (!wt_l2s_on(l2->cfg))
		return l->ready > t ? l->ready : 0;
	r = wt_l2i_sready(l2, set, way);
	for (unsigned u = 0; u < 8; u++)
		if ((l->pending & 1u << u) && r[u] > t && (!next || r[u] < next))
			next = r[u];
	return next;
}

int wt_l2i_reserved_at(const struct wt_l2 *l2, unsigned set, int way, uint64_t t)
{
	return fill_after(l2, set, way, t) != 0;
}

/* Whether every way of set is reserved at cycle t (a new line has none
 * to take), and if so the first cycle after t that one fills. */
static int set_full(const struct wt_l2 *l2, unsigned set, uint64_t t, uint64_t *next)
{
	uint64_t r = WT_L2_PENDING, f;

	for (unsigned w = 0; w < l2->cfg->geom.assoc; w++) {
		if ((f = fill_after(l2, set, (int)w, t)) == 0)
			return 0;
		if (f < r)
			r = f;
	}
	*next = r;
	return 1;
}

int wt_l2i_fails(const struct wt_l2 *l2, size_t first, uint64_t key, unsigned set,
		 uint64_t t, unsigned what, unsigned extra, uint64_t *retry,
		 size_t *entry)
{
	const struct wt_l2_cfg *c = l2->cfg;
	size_t i;

	*entry = SIZE_MAX;
	if (what & WT_L2I_THERE)
		return -1;
	if ((what & WT_L2I_FETCH) && (what & WT_L2I_PEND)) {
		i = mshr_index(l2, first, key, t);
		if (i != SIZE_MAX && c->mshr_merge && l2->mshr[i].merges >= c->mshr_merge) {
			*retry = l2->mshr[i].ready;
			return WT_L2_FAIL_MSHR_MERGE;
		}
		*entry = i;
	} else if ((what & WT_L2I_FETCH) && c->mshr_entries &&
		   mshr_full(l2, first, t, c->mshr_entries, extra, retry)) {
		return WT_L2_FAIL_MSHR_ENTRY;
	}
	/* the cache's victim choice (and every policy's) finds no way
	 * exactly when every way is reserved */
	if (!(what & WT_L2I_LINE) && (what & WT_L2I_ALLOC) && set_full(l2, set, t, retry))
		return WT_L2_FAIL_LINE_ALLOC;
	return -1;
}

/* What a load or atomic of line finds at a tag access at cycle t
 * (wt_l2i_fails's flags); noalloc: a policy keeps it from a line. */
static unsigned read_what(const struct wt_l2 *l2, unsigned set, uint64_t line,
			  uint64_t t, int noalloc)
{
	int way = wt_cache_find(&l2->cache, set, line);
	unsigned what = noalloc ? 0 : WT_L2I_FETCH | WT_L2I_ALLOC;

	if (way < 0)
		return what;
	if (!wt_l2i_reserved_at(l2, set, way, t))
		return what | WT_L2I_LINE | WT_L2I_THERE;
	return what | WT_L2I_LINE | WT_L2I_PEND | WT_L2I_FETCH;	/* merges */
}

/* ---- external fills ---- */

void wt_l2i_wait(struct wt_l2 *l2, const struct wt_l2_out *out, uint64_t key,
		 uint64_t floor)
{
	if (l2->nwait == l2->capwait) {
		l2->capwait = l2->capwait ? 2 * l2->capwait : 16;
		l2->wait = wt_realloc(l2->wait, l2->capwait * sizeof(*l2->wait));
	}
	l2->wait[l2->nwait++] = (struct wt_l2_wait){ key, floor, out->tag };
}

uint64_t wt_l2i_fill_entry(struct wt_l2 *l2, uint64_t key, uint64_t t)
{
	struct wt_l2_mshr *m = NULL;
	size_t k = 0;

	for (size_t i = l2->mshr_head; i < l2->nmshr && !m; i++)
		if (l2->mshr[i].line == key && l2->mshr[i].ready == WT_L2_PENDING)
			m = &l2->mshr[i];
	if (!m)
		return WT_L2_PENDING;
	if (t < m->alloc + l2->cfg->tag_latency)	/* before its miss left */
		t = m->alloc + l2->cfg->tag_latency;
	m->ready = t;
	for (size_t i = 0; i < l2->nwait; i++) {
		const struct wt_l2_wait *w = &l2->wait[i];

		if (w->key != key) {
			l2->wait[k++] = *w;
			continue;
		}
		if (l2->nwoke == l2->capwoke) {
			l2->capwoke = l2->capwoke ? 2 * l2->capwoke : 16;
			l2->woke = wt_realloc(l2->woke, l2->capwoke * sizeof(*l2->woke));
		}
		l2->woke[l2->nwoke++] = (struct wt_l2_wake){
			w->floor > t ? w->floor : t, w->tag };
	}
	l2->nwait = k;
	return t;
}

uint64_t wt_l2i_retry(const struct wt_l2 *l2, uint64_t t, uint64_t retry)
{
	if (retry == WT_L2_PENDING)
		wt_die(WT_EXIT_USAGE, "L2 partition %u: a request waits for a fill "
		       "that is not known (wt_l2_fails refuses it)", l2->partition);
	return retry > t + l2->cfg->bank_cycle ? retry : t + l2->cfg->bank_cycle;
}

/*
 * A load or atomic looked up at cycle t.  -1 when done (*done: its data
 * is ready), or the reservation fail with *retry.
 */
static int read_access(struct wt_l2 *l2, struct wt_l2_bank *b,
		       const struct wt_l2_req *r, uint64_t t,
		       uint64_t *done, uint64_t *retry)
{
	const struct wt_l2_cfg *c = l2->cfg;
	const struct wt_event *in = r->in;
	struct wt_l2_out *out = r->out;
	uint64_t line = r->line, arrival = r->arrival;
	unsigned set = r->set;
	uint64_t lookup = t + c->tag_latency, ready;
	int way = wt_cache_find(&l2->cache, set, line), rc;
	int dirty = c->write_back && in->op == WT_OP_ATOMIC;
	struct wt_cache_line *l = way >= 0 ? wt_cache_at(&l2->cache, set, way) : NULL;
	struct wt_cache_line ev;
	struct wt_l2_mshr *m;
	struct wt_event *e;
	size_t entry;

	if (l && l->state == WT_LINE_VALID) {
		wt_cache_touch(&l2->cache, set, way);
		look(l2, r, way, WT_L2_LOOK_HIT, t);
		l->dirty |= (uint8_t)dirty;
		l2->st.hits++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_HIT);
		*done = lookup;
		if (c->emit_all)
			emit(l2, out, in, WT_EV_HIT, lookup, arrival);
		wt_l2i_outcome(l2, out, in, lookup - arrival, 1, 0);
		return -1;
	}
	/* only a miss looks at the MSHRs: the time to drop those done */
	mshr_prune(l2, prune_floor(l2, arrival));
	rc = wt_l2i_fails(l2, mshr_first(l2, b, t), line, set, t,
			  read_what(l2, set, line, t, r->noalloc), 0, retry, &entry);
	if (rc >= 0)
		return rc;
	if (l) {			/* in flight: merge */
		m = entry != SIZE_MAX ? &l2->mshr[entry] : NULL;
		if (m)
			m->merges++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_HIT_RESERVED);
		if (m)
			wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MSHR_HIT);
		wt_cache_touch(&l2->cache, set, way);
		look(l2, r, -1, WT_L2_LOOK_PENDING, t);
		l->dirty |= (uint8_t)dirty;
		l2->st.misses++;
		l2->st.merged++;
		if (l->ready == WT_L2_PENDING) {	/* waits for its fill */
			*done = WT_L2_PENDING;
			wt_l2i_wait(l2, out, line, lookup);
		} else {
			*done = l->ready > lookup ? l->ready : lookup;
		}
		if (c->emit_all) {
			e = emit(l2, out, in, WT_EV_MISS,
				 *done == WT_L2_PENDING ? lookup : *done, arrival);
			e->miss_class = WT_MISS_LATENCY;
			if (*done == WT_L2_PENDING)
				e->latency = 0;
		}
		if (*done == WT_L2_PENDING)
			wt_l2i_outcome(l2, out, in, lookup - arrival, 0, 1);
		else
			wt_l2i_outcome(l2, out, in, *done - arrival, 0, 0);
		return -1;
	}
	if (r->noalloc) {	/* a policy said: no line */
		look(l2, r, -1, WT_L2_LOOK_NOALLOC, t);
		l2->st.misses++;
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MISS);
		*done = lookup + c->miss_latency;
		emit(l2, out, in, WT_EV_MISS, lookup, arrival);
		if (in->op == WT_OP_ATOMIC) {	/* its write has no line to stay in */
			emit(l2, out, in, WT_EV_WRITE_THROUGH, lookup, arrival)->op =
				WT_OP_STORE;
			l2->st.write_throughs++;
		}
		if (c->external_fill)	/* its DRAM read answers it */
			wt_l2i_outcome(l2, out, in, lookup - arrival, 0, 1);
		else
			wt_l2i_outcome(l2, out, in, *done - arrival, 0, 0);
		return -1;
	}
	way = victim(l2, set, &ev);	/* one there is: wt_l2i_fails */
	if (way < 0)
		wt_die(WT_EXIT_USAGE, "L2 partition %u: a policy found no victim "
		       "in a set with a way not reserved", l2->partition);
	if (ev.state == WT_LINE_VALID && ev.dirty)
		write_back(l2, out, in, lookup, arrival, ev.addr);
	ready = c->external_fill ? WT_L2_PENDING : lookup + c->miss_latency;
	*done = ready;
	insert(l2, r, set, way, line, WT_LINE_RESERVED, ready);
	look(l2, r, -1, WT_L2_LOOK_MISS, t);
	wt_cache_at(&l2->cache, set, way)->dirty = (uint8_t)dirty;
	mshr_add(l2, line, t, ready);
	l2->st.misses++;
	wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_MISS);
	emit(l2, out, in, WT_EV_MISS, lookup, arrival);
	if (ready == WT_L2_PENDING) {
		wt_l2i_wait(l2, out, line, lookup);
		wt_l2i_outcome(l2, out, in, lookup - arrival, 0, 1);
	} else {
		wt_l2i_outcome(l2, out, in, *done - arrival, 0, 0);
	}
	return -1;
}

/* A store (an L1 write-through or write-back) looked up at cycle t. */
static void write_access(struct wt_l2 *l2, const struct wt_l2_req *r, uint64_t t)
{
	const struct wt_l2_cfg *c = l2->cfg;
	const struct wt_event *in = r->in;
	struct wt_l2_out *out = r->out;
	uint64_t line = r->line, arrival = r->arrival;
	unsigned set = r->set;
	uint64_t lookup = t + c->tag_latency;
	int way = wt_cache_find(&l2->cache, set, line);
	struct wt_cache_line ev;

	if (way >= 0) {			/* valid, or in flight */
		wt_gs_count(&l2->st.gs, gs_type(in),
			    wt_cache_at(&l2->cache, set, way)->state == WT_LINE_VALID ?
			    WT_GS_HIT : WT_GS_HIT_RESERVED);
		wt_cache_touch(&l2->cache, set, way);
		look(l2, r, way, WT_L2_LOOK_HIT, t);
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
		look(l2, r, -1, WT_L2_LOOK_MISS, t);
		if (c->emit_all)	/* a store miss: no fetch follows */
			emit(l2, out, in, WT_EV_MISS, lookup, arrival);
		way = c->write_allocate ? victim(l2, set, &ev) : -1;
		if (way >= 0) {		/* allocate without a fetch */
			if (ev.state == WT_LINE_VALID && ev.dirty)
				write_back(l2, out, in, lookup, arrival, ev.addr);
			insert(l2, r, set, way, line, WT_LINE_VALID, 0);
			if (c->write_back) {
				wt_cache_at(&l2->cache, set, way)->dirty = 1;
				return;
			}
		}
	}
	emit(l2, out, in, WT_EV_WRITE_THROUGH, lookup, arrival)->op = WT_OP_STORE;
	l2->st.write_throughs++;
}

/* ---- for the policies (l2hook.h) ---- */

int wt_l2_tags_only(struct wt_l2 *l2, const struct wt_l2_req *r, int *taken)
{
	unsigned set = r->set;
	uint64_t t = r->arrival;
	int way, hit;
	struct wt_cache_line ev;

	*taken = -1;
	settle(l2, set, t);
	way = wt_cache_find(&l2->cache, set, r->line);
	if (way >= 0) {
		hit = wt_cache_at(&l2->cache, set, way)->state == WT_LINE_VALID;
		wt_cache_touch(&l2->cache, set, way);
		look(l2, r, hit ? way : -1, hit ? WT_L2_LOOK_HIT : WT_L2_LOOK_PENDING, t);
		return hit;
	}
	look(l2, r, -1, WT_L2_LOOK_MISS, t);
	if (r->noalloc)
		return 0;
	way = victim(l2, set, &ev);
	if (way < 0)
		return 0;	/* every way reserved: no tag kept */
	if (ev.state == WT_LINE_VALID && ev.dirty)
		write_back(l2, r->out, r->in, t, t, ev.addr);
	insert(l2, r, set, way, r->line, WT_LINE_VALID, 0);
	*taken = way;
	return 0;
}

/*
 * The bank's requests whose tag access starts after cycle e: those still
 * in its queue then.  A bank starts its accesses one at a time, in order,
 * so the starts in the ring grow from its head, and those after e are
 * the newest few: none when the bank keeps up, found at once from the
 * newest; else a binary search over the ring finds the first after e (a
 * long queue is scanned in log time, not entry by entry).
 */
unsigned wt_l2i_queued_after(const struct wt_l2_bank *b, unsigned q, uint64_t e)
{
	unsigned newest = b->head + b->n - 1, lo = 0, hi = b->n;

	if (b->n == 0 || b->start[newest >= q ? newest - q : newest] <= e)
		return 0;
	/* the first of the n (from the head) whose start is after e */
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2, i = b->head + mid;

		if (b->start[i >= q ? i - q : i] <= e)
			lo = mid + 1;
		else
			hi = mid;
	}
	return b->n - lo;
}

/* ---- for l2sector.c (l2internal.h) ---- */

int wt_l2i_victim(struct wt_l2 *l2, unsigned set, struct wt_cache_line *ev)
{
	return victim(l2, set, ev);
}

void wt_l2i_insert(struct wt_l2 *l2, unsigned set, int way, uint64_t line,
		   enum wt_line_state state, uint64_t ready)
{
	insert(l2, NULL, set, way, line, state, ready);
}

struct wt_event *wt_l2i_emit(struct wt_l2 *l2, struct wt_l2_out *out,
			     const struct wt_event *in, unsigned type,
			     uint64_t t, uint64_t arrival)
{
	return emit(l2, out, in, type, t, arrival);
}

void wt_l2i_mshr_prune(struct wt_l2 *l2, uint64_t arrival)
{
	mshr_prune(l2, prune_floor(l2, arrival));
}

size_t wt_l2i_mshr_first(struct wt_l2 *l2, struct wt_l2_bank *b, uint64_t t)
{
	return mshr_first(l2, b, t);
}

size_t wt_l2i_mshr_from(const struct wt_l2 *l2, const struct wt_l2_bank *b,
			uint64_t t)
{
	return mshr_from(l2, b->mshr_at, t);
}

void wt_l2i_mshr_add(struct wt_l2 *l2, uint64_t key, uint64_t alloc, uint64_t ready)
{
	mshr_add(l2, key, alloc, ready);
}

void wt_l2i_lanes_copy(const struct wt_l2 *l2, const struct wt_l2_bank *b,
		       struct wt_l2i_lanes *x)
{
	const struct wt_l2_cfg *c = l2->cfg;

	x->port_free = wt_malloc(((size_t)c->ports + c->bank_queue) *
				 sizeof(*x->port_free));
	memcpy(x->port_free, l2->port_free, c->ports * sizeof(*x->port_free));
	x->b = *b;
	x->b.start = x->port_free + c->ports;
	memcpy(x->b.start, b->start, c->bank_queue * sizeof(*b->start));
	memset(&x->bs, 0, sizeof(x->bs));
}

void wt_l2i_lanes_free(struct wt_l2i_lanes *x)
{
	free(x->port_free);
}

int wt_l2_fails(const struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		uint64_t arrival)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t line = in->addr & ~(uint64_t)(c->geom.line - 1);
	uint64_t lline = local & ~(uint64_t)(c->geom.line - 1);
	unsigned bank = (unsigned)(lline >> c->bank_bit) & (c->banks - 1);
	unsigned set = wt_index_set(&c->ix, lline);
	const struct wt_l2_bank *b = &l2->bank[bank];
	struct wt_l2i_lanes x;
	uint64_t t, retry;
	size_t entry;
	int rc;

	if (!c->external_fill || c->disabled)
		return -1;
	if (wt_l2s_on(c))
		return wt_l2s_fails(l2, in, local, arrival);
	if (in->op == WT_OP_STORE)
		return -1;	/* write_access: no MSHR, no fail */
	wt_l2i_lanes_copy(l2, b, &x);
	t = wt_l2i_enter_bank(c, x.port_free, &x.b, &x.bs, arrival);
	wt_l2i_lanes_free(&x);
	/* wt_l2_request's loop, on the state settling would leave at t */
	while ((rc = wt_l2i_fails(l2, mshr_from(l2, b->mshr_at, t), line, set, t,
				  read_what(l2, set, line, t, 0), 0, &retry,
				  &entry)) >= 0 && retry != WT_L2_PENDING)
		t = wt_l2i_retry(l2, t, retry);
	return rc;
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
	struct wt_l2_bank_stats *bs;
	uint64_t t, done = 0, retry = 0, hits = l2->st.hits;
	struct wt_l2_req r = { in, line, set, arrival, l2->kernel, 0, out };
	int rc = -1;

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
	for (unsigned i = 0; i < l2->npol; i++) {
		const struct wt_l2_policy *p = &l2->pol[i];

		if (p->ops->arrive && p->ops->arrive(p->p, l2, &r)) {
			emit(l2, out, in, WT_EV_BYPASS, arrival, arrival);
			l2->st.bypasses++;
			/* no queue, no lookup: the DRAM round trip (with
			 * external fills, the driver answers it when its
			 * DRAM read is done) */
			wt_l2i_outcome(l2, out, in, c->external_fill ? 0 : c->miss_latency,
				0, c->external_fill ? 1 : 0);
			return;
		}
	}
	if (wt_l2s_on(c)) {
		wt_l2s_request(l2, in, bank, set, arrival, out);
		return;
	}
	bs = wt_l2i_bank_stats(l2, bank);
	t = wt_l2i_enter_bank(c, l2->port_free, b, bs, arrival);
	for (;;) {
		settle(l2, set, t);
		if (in->op == WT_OP_STORE) {
			write_access(l2, &r, t);
			break;
		}
		rc = read_access(l2, b, &r, t, &done, &retry);
		if (rc < 0)
			break;
		l2->st.fails[rc]++;	/* the bank stalls, then tries again */
		wt_gs_count(&l2->st.gs, gs_type(in), WT_GS_RESERVATION_FAIL);
		t = wt_l2i_retry(l2, t, retry);
	}
	if (rc < 0 && in->op == WT_OP_ATOMIC && !c->write_back) {
		/* write-through: the atomic's result goes on (its data
		 * pending: at the tag access's end) */
		if (done == WT_L2_PENDING)
			emit(l2, out, in, WT_EV_WRITE_THROUGH, t + c->tag_latency,
			     arrival)->latency = 0;
		else
			emit(l2, out, in, WT_EV_WRITE_THROUGH, done, arrival);
		l2->st.write_throughs++;
	}
	for (unsigned i = 0; i < l2->npol; i++)
		if (l2->pol[i].ops->served)
			l2->pol[i].ops->served(l2->pol[i].p, l2, &r,
					       l2->st.hits != hits);
	wt_l2i_leave_queue(c, b, t);
	wt_l2i_count_delay(l2, bs, t, arrival);
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/*
 * Every event of wt_l2_request is at or after the arrival: a bypass's
 * (--disable, a policy's bypass and the write-backs that the tags
 * alone make) at the arrival itself; any other at a tag
 * access's end, t + tag_latency, where t >= e >= s + 1 (wt_l2i_enter_bank) and
 * s >= the arrival and the port that is free first, and t >= its bank's
 * next start, not before the earliest bank's.  Ports and banks only
 * move on, so the bound holds for every later request.
 */
uint64_t wt_l2_event_floor(const struct wt_l2 *l2, uint64_t arrival)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t s = arrival, t = UINT64_MAX;

	if (c->disabled || l2->bypassing)
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
	for (int i = 0; i < WT_L2_POLICY_COUNTERS; i++)
		dst->policy[i] += src->policy[i];
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
