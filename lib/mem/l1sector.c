/*
 * l1sector.c - the sectored L1 (GPGPU-Sim's 'S' caches, every GPU since
 * Volta), as GPGPU-Sim 4 models it (gpu-cache.{h,cc}: sector_cache_block,
 * tag_array::probe and access, data_cache's rd_/wr_ functions).
 *
 * A line is cfg->geom.line / cfg->sector sectors (4 of 32 bytes in
 * GPGPU-Sim), each with its own state in the masks of struct
 * wt_cache_line.  GPGPU-Sim sends each sector a warp instruction touches
 * to the L1 as an access of its own; here a request's sectors are made
 * together, each with the outcome GPGPU-Sim gives it, in ascending order:
 *
 *   - HIT: the sector holds readable data (a write hits on any data);
 *   - HIT_RESERVED: it is in flight: the load merges into its MSHR entry;
 *   - SECTOR_MISS: the line is there, the sector is not (or is written
 *     in part, not readable): only it is fetched;
 *   - MISS: the line is not there; with allocation on miss, the first
 *     such sector takes a way for the line and the others of the request
 *     are then sector misses (allocation on fill takes none: each is a
 *     miss).
 *
 * MSHR entries are per sector (GPGPU-Sim's mshr_addr is the sector's
 * address), and so are the fills: a sector in flight is RESERVED and its
 * line cannot be evicted; the data of each makes it VALID (or MODIFIED).
 * The sectors a request fetches go to L2 as one miss event whose sector
 * mask names them, with one miss latency; l2sim breaks it up again.
 *
 * The request is made whole or not at all: a reservation fail (an MSHR
 * entry or merge slot, a way, miss-queue slots for every sector fetched)
 * holds all of it, where GPGPU-Sim makes the sectors that fit and tries
 * the others again each cycle.
 *
 * Stores follow GPGPU-Sim's write policies (cfg->write) on hits and its
 * write-allocate policies (cfg->write_allocate) on the rest, sector by
 * sector (l1sim(1), WRITE POLICIES).  Whether a store writes a sector
 * whole (which F and L ask) is taken from its bytes: all its sectors when
 * they are as many bytes as the request uses, none otherwise.
 */
#include "l1internal.h"

/* The sectors of a line, as a mask. */
static unsigned all_sectors(const struct wt_l1 *l1)
{
	return (1u << (l1->cfg->geom.line / l1->cfg->sector)) - 1;
}

/* The sectors r asks for: its mask, or the whole line without one. */
static unsigned wanted(const struct wt_l1 *l1, const struct wt_request *r)
{
	unsigned m = r->sectors & all_sectors(l1);

	return m ? m : all_sectors(l1);
}

static uint64_t sector_addr(const struct wt_l1 *l1, uint64_t line, unsigned s)
{
	return line + (uint64_t)s * l1->cfg->sector;
}

/* Each sector s of mask m, the lowest first. */
#define FOR_SECTORS(s, m) \
	for (unsigned s = 0; s < 8; s++) if ((m) & 1u << s)

/* Whether r writes the sectors of mask whole: its bytes fill them. */
static int whole(const struct wt_l1 *l1, const struct wt_request *r, unsigned mask)
{
	return r->bytes >= wt_sectors_count(mask) * l1->cfg->sector;
}

/*
 * The victim ev of a new line leaves: GPGPU-Sim writes its modified
 * sectors back, unless the L1 is write-through, whose writes went on
 * already.
 */
static void evict(struct wt_l1 *l1, struct wt_l1_out *out,
		  const struct wt_request *r, uint64_t t,
		  const struct wt_cache_line *ev)
{
	struct wt_event *e;

	if (ev->state != WT_LINE_VALID || !ev->modified ||
	    l1->cfg->write == WT_WRITE_THROUGH)
		return;
	e = wt_l1i_event(l1, out, r, t, WT_EV_WRITE_BACK, ev->addr);
	e->op = WT_OP_STORE;
	e->bytes = (uint16_t)(wt_sectors_count(ev->modified) * l1->cfg->sector);
	e->sectors = ev->modified;
	l1->st.write_backs++;
}

/* Line takes a way of set (the caller knows one is free of fills): the
 * victim's write-back, then the line in `state`. */
static int allocate(struct wt_l1 *l1, struct wt_l1_out *out,
		    const struct wt_request *r, uint64_t t, unsigned set,
		    uint64_t line, enum wt_line_state state)
{
	struct wt_cache_line ev;
	int way = wt_cache_victim(&l1->cache, set, &ev);

	evict(l1, out, r, t, &ev);
	wt_cache_insert(&l1->cache, set, way, line, state, 0);
	return way;
}

/*
 * Sectors `fetch` of line are fetched for r, their data ready at `ready`:
 * with allocation on miss the line takes a way if it has none (*way < 0)
 * and the sectors are reserved in it; an MSHR entry each; a miss-queue
 * slot each.  A sector written but not readable is fetched to be
 * MODIFIED again when its data comes (GPGPU-Sim's allocate_sector).
 */
static void fetch_sectors(struct wt_l1 *l1, struct wt_l1_out *out,
			  const struct wt_request *r, uint64_t t, unsigned set,
			  int *way, uint64_t line, unsigned fetch, uint64_t ready)
{
	const struct wt_l1_cfg *c = l1->cfg;
	unsigned n = wt_sectors_count(fetch);

	if (!c->alloc_on_fill) {
		struct wt_cache_line *l;

		if (*way < 0)
			*way = allocate(l1, out, r, t, set, line, WT_LINE_RESERVED);
		l = wt_cache_at(&l1->cache, set, *way);
		l->fill_modified |= (uint8_t)(fetch & l->modified);
		l->valid &= (uint8_t)~fetch;
		l->modified &= (uint8_t)~fetch;
		l->unreadable &= (uint8_t)~fetch;
		l->pending |= (uint8_t)fetch;
		l->ready = ready;
		wt_cache_sector_sync(&l1->cache, set, *way);
	}
	FOR_SECTORS(s, fetch) {
		struct mshr *m = mshr_add(l1, sector_addr(l1, line, s), ready);

		m->warp = r->warp;
		m->pc = r->pc;
		m->protect = 0;
		m->merges = 1;
		m->set = set;
		m->way = c->alloc_on_fill ? -1 : *way;
	}
	if (ready < l1->next_ready)
		l1->next_ready = ready;
	if (c->miss_queue && n > c->miss_queue)
		n = c->miss_queue;
	wt_l1i_missq_push(l1, t, n);
}

/*
 * What could stop the fetch of `fetch` and the merges of `merged` (their
 * entries in ms[]), changing nothing: a full merge slot, too few MSHR
 * entries or miss-queue slots, or, when the line is not there (present
 * 0) and takes a way now, no way free of fills.  -1, or the fail.  An
 * empty table takes a request of more sectors than it has entries (it
 * would wait for ever), and the queue's length is enough for any.
 */
static int check(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		 unsigned set, int present, int takes_way, unsigned fetch,
		 unsigned merged, struct mshr *const *ms, uint64_t *retry)
{
	const struct wt_l1_cfg *c = l1->cfg;
	unsigned k = wt_sectors_count(fetch), q;
	uint64_t free_at;

	FOR_SECTORS(s, merged)
		if (c->mshr_merge && ms[s]->merges >= c->mshr_merge) {
			*retry = ms[s]->ready;
			return WT_FAIL_MSHR_MERGE;
		}
	if (k) {
		unsigned mine = c->mshr_per_warp ? mshr_of_warp(l1, r->warp) : 0;

		if ((c->mshr_entries && l1->nmshr && l1->nmshr + k > c->mshr_entries) ||
		    (c->mshr_per_warp && mine && mine + k > c->mshr_per_warp)) {
			*retry = mshr_next(l1);
			return WT_FAIL_MSHR_ENTRY;
		}
		q = c->miss_queue && k > c->miss_queue ? c->miss_queue : k;
		if ((free_at = wt_l1i_missq_room(l1, t, q)) > t) {
			*retry = free_at;
			return WT_FAIL_MISS_QUEUE;
		}
	}
	if (!present && takes_way && !c->alloc_on_fill &&
	    !wt_cache_has_room(&l1->cache, set)) {
		*retry = mshr_next(l1);
		return WT_FAIL_LINE_ALLOC;
	}
	return -1;
}

/* ---- loads ---- */

/*
 * GPGPU-Sim's outcome of each sector of a load: hit, pending (reserved
 * for a fill), merged into an MSHR entry without a reservation
 * (allocation on fill), or fetched.  present: the line was there.
 */
static void count_load(struct wt_l1 *l1, unsigned want, unsigned hit,
		       unsigned pending, unsigned merged, int present)
{
	struct wt_gs_counts *gs = &l1->st.gs;

	FOR_SECTORS(s, want) {
		unsigned bit = 1u << s;

		if (hit & bit) {
			wt_gs_count(gs, WT_GS_LOAD, WT_GS_HIT);
		} else if (pending & bit) {
			wt_gs_count(gs, WT_GS_LOAD, WT_GS_HIT_RESERVED);
			wt_gs_count(gs, WT_GS_LOAD, WT_GS_MSHR_HIT);
		} else if (merged & bit) {
			wt_gs_count(gs, WT_GS_LOAD, present ? WT_GS_SECTOR_MISS :
				    WT_GS_MISS);
			wt_gs_count(gs, WT_GS_LOAD, WT_GS_MSHR_HIT);
		} else {
			wt_gs_count(gs, WT_GS_LOAD, present ? WT_GS_SECTOR_MISS :
				    WT_GS_MISS);
			present |= !l1->cfg->alloc_on_fill;
		}
	}
}

/*
 * What a load of line would do to its sectors, changing nothing: those
 * it wants, those that hit, are pending (reserved for a fill), merge into
 * an MSHR entry (ms[] holds them) and are fetched.
 */
struct load_plan {
	unsigned set;
	int way;
	const struct wt_cache_line *l;	/* the line, if there */
	unsigned want, hit, pending, merged, fetch;
	struct mshr *ms[8];
};

static void plan_load(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		      struct load_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->set = wt_cache_set(&l1->cache, line);
	p->way = wt_cache_find(&l1->cache, p->set, line);
	p->l = p->way >= 0 ? wt_cache_at(&l1->cache, p->set, p->way) : NULL;
	p->want = wanted(l1, r);
	if (p->l) {
		p->hit = p->want & p->l->valid & ~p->l->unreadable & ~p->l->pending;
		p->pending = p->want & p->l->pending;
	}
	FOR_SECTORS(s, p->want & ~p->hit)
		if ((p->ms[s] = mshr_find(l1, sector_addr(l1, line, s))) != NULL)
			p->merged |= 1u << s;
	p->pending &= p->merged;	/* every sector in flight has its entry */
	p->fetch = p->want & ~p->hit & ~p->merged;
}

/* What could stop the load planned as p: check's answer. */
static int load_fail(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		     struct load_plan *p, uint64_t *retry)
{
	return check(l1, r, t, p->set, p->l != NULL, p->fetch != 0, p->fetch,
		     p->merged, p->ms, retry);
}

int wt_l1s_load(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		uint64_t t, int refused_mshr, struct wt_l1_out *out,
		uint64_t *done, uint64_t *retry)
{
	const struct wt_l1_cfg *c = l1->cfg;
	struct load_plan p;
	int rc, compulsory, fa_hit;
	struct wt_pc_stats *pcs;
	struct wt_event *e;
	uint64_t lat, ready;

	plan_load(l1, r, line, &p);
	rc = load_fail(l1, r, t, &p, retry);
	if (rc >= 0)
		return rc;

	/* It goes ahead. */
	wt_l1i_note_load(l1, line, p.set, &compulsory, &fa_hit);
	pcs = wt_l1i_load_pc_stats(l1, r->pc);
	pcs->accesses++;
	if (p.l)		/* GPGPU-Sim renews a line's time at every access */
		wt_cache_touch(&l1->cache, p.set, p.way);
	count_load(l1, p.want, p.hit, p.pending, p.merged, p.l != NULL);
	l1->st.sector_loads += wt_sectors_count(p.want);
	l1->st.sector_hits += wt_sectors_count(p.hit);
	l1->st.sector_merged += wt_sectors_count(p.merged);
	l1->st.sector_fetched += wt_sectors_count(p.fetch);
	*done = t + c->hit_latency;
	FOR_SECTORS(s, p.merged) {
		p.ms[s]->merges++;
		if (p.ms[s]->ready > *done)
			*done = p.ms[s]->ready;
	}
	if (!p.merged && !p.fetch) {
		l1->st.hits++;
		pcs->hits++;
		if (c->emit_all)
			wt_l1i_event(l1, out, r, t, WT_EV_HIT, line)->latency =
				c->hit_latency;
		return -1;
	}
	l1->st.misses++;
	pcs->misses++;
	if (!p.fetch) {		/* all in flight: merged */
		l1->st.merged++;
		l1->st.miss_class[WT_MISS_LATENCY]++;
		if (c->emit_all) {
			e = wt_l1i_event(l1, out, r, t, WT_EV_MISS, line);
			e->miss_class = WT_MISS_LATENCY;
			/* none yet while the data is pending */
			e->latency = *done == WT_L1_PENDING ? 0 : (uint32_t)(*done - t);
		}
		return -1;
	}
	ready = wt_l1i_miss_ready(l1, t, &lat);
	if (ready > *done)
		*done = ready;
	{
		int present = p.l != NULL;

		fetch_sectors(l1, out, r, t, p.set, &p.way, line, p.fetch, ready);
		e = wt_l1i_event(l1, out, r, t, WT_EV_MISS, line);
		e->sectors = (uint8_t)p.fetch;
		e->latency = (uint32_t)lat;
		if (present) {	/* a sector miss: not one of Nugteren's */
			l1->st.sector_misses++;
		} else {
			unsigned cls = compulsory ? WT_MISS_COMPULSORY :
				       refused_mshr ? WT_MISS_MSHR :
				       fa_hit ? WT_MISS_ASSOCIATIVITY : WT_MISS_CAPACITY;

			e->miss_class = (uint8_t)cls;
			l1->st.miss_class[cls]++;
		}
	}
	return -1;
}

/* ---- stores ---- */

/*
 * GPGPU-Sim's outcome of each sector of a store: a hit (any data), a
 * pending hit (in flight; merged too when it is fetched), else a sector
 * miss when the line is there and a miss when not; the first miss
 * allocates the line unless nothing is (no write-allocate, allocation on
 * fill), and makes the others sector misses.
 */
static void count_store(struct wt_l1 *l1, unsigned want, unsigned hit,
			unsigned pending, unsigned merged, int present,
			int allocates)
{
	struct wt_gs_counts *gs = &l1->st.gs;

	FOR_SECTORS(s, want) {
		unsigned bit = 1u << s;

		if (hit & bit) {
			wt_gs_count(gs, WT_GS_STORE, WT_GS_HIT);
			continue;
		}
		if (merged & bit)
			wt_gs_count(gs, WT_GS_STORE, WT_GS_MSHR_HIT);
		if (pending & bit) {
			wt_gs_count(gs, WT_GS_STORE, WT_GS_HIT_RESERVED);
			continue;
		}
		wt_gs_count(gs, WT_GS_STORE, present ? WT_GS_SECTOR_MISS : WT_GS_MISS);
		present |= allocates;
	}
}

/* A store's write policy: GPGPU-Sim's LOCAL_WB_GLOBAL_WT evicts on a
 * global write and writes local ones back. */
static enum wt_write_policy write_policy(const struct wt_l1 *l1,
					 const struct wt_request *r)
{
	enum wt_write_policy w = l1->cfg->write;

	if (w == WT_WRITE_LOCAL_WB)
		w = r->space == WT_SPACE_GLOBAL ? WT_WRITE_EVICT : WT_WRITE_BACK;
	return w;
}

/* The write-allocate policy: warptrace's "yes" is GPGPU-Sim's L here. */
static unsigned walloc(const struct wt_l1 *l1)
{
	unsigned wa = (unsigned)l1->cfg->write_allocate;

	return wa == WT_WALLOC_YES ? WT_WALLOC_LAZY : wa;
}

/*
 * The sectors `written` of line l take the write: they hold data, written
 * (MODIFIED), readable when written whole.  A sector in flight stays so,
 * to be MODIFIED when its data comes when mod_on_fill is set (L: GPGPU-
 * Sim's set_modified_on_fill; F's whole-sector write on a sector in
 * flight sets only its ignore-on-fill flag, which GPGPU-Sim's fill does
 * not read: the sector ends VALID).
 */
static void write_sectors(struct wt_cache_line *l, unsigned written, int whole_write,
			  int mod_on_fill)
{
	unsigned flight = written & l->pending, now = written & ~l->pending;

	l->valid |= (uint8_t)now;
	l->modified |= (uint8_t)written;
	if (whole_write)
		l->unreadable &= (uint8_t)~written;
	else
		l->unreadable |= (uint8_t)now;
	if (mod_on_fill)
		l->fill_modified |= (uint8_t)flight;
}

/*
 * What a store to line would do to its sectors, changing nothing: by its
 * write and write-allocate policies (w, wa), those it wants, that hit,
 * are pending, miss; those written on to L2, written into the line
 * without a fetch (alloc), that need a fetch first, merge into an MSHR
 * entry (ms[] holds them) and are fetched.  full: it writes them whole.
 */
struct store_plan {
	enum wt_write_policy w;
	unsigned wa, set;
	int way, present, full;
	struct wt_cache_line *l;	/* the line, if there */
	unsigned want, hit, pending, miss, merged, need, fetch, on, alloc;
	struct mshr *ms[8];
};

static void plan_store(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		       struct store_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->w = write_policy(l1, r);
	p->wa = walloc(l1);
	p->set = wt_cache_set(&l1->cache, line);
	p->way = wt_cache_find(&l1->cache, p->set, line);
	p->present = p->way >= 0;
	p->l = p->present ? wt_cache_at(&l1->cache, p->set, p->way) : NULL;
	p->want = wanted(l1, r);
	p->full = whole(l1, r, p->want);
	if (p->l) {
		p->hit = p->want & p->l->valid & ~p->l->pending;
		p->pending = p->want & p->l->pending;
	}
	p->miss = p->want & ~p->hit;
	if (p->w == WT_WRITE_THROUGH || p->w == WT_WRITE_EVICT)
		p->on |= p->hit;
	switch (p->wa) {
	case WT_WALLOC_NO:
		p->on |= p->miss;
		break;
	case WT_WALLOC_NAIVE:	/* write on, and fetch */
		p->on |= p->miss;
		p->need = p->miss;
		break;
	case WT_WALLOC_FETCH:	/* fetch unless written whole; no write on */
		if (p->full)
			p->alloc = p->miss;
		else
			p->need = p->miss;
		break;
	default:		/* lazy: write in, fetch on a read */
		if (p->w == WT_WRITE_THROUGH)
			p->on |= p->miss;
		p->alloc = p->miss;
		break;
	}
	FOR_SECTORS(s, p->need)
		if ((p->ms[s] = mshr_find(l1, sector_addr(l1, line, s))) != NULL)
			p->merged |= 1u << s;
	p->fetch = p->need & ~p->merged;
}

/* What could stop the store planned as p: check's answer. */
static int store_fail(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		      struct store_plan *p, uint64_t *retry)
{
	return check(l1, r, t, p->set, p->present, (p->need | p->alloc) != 0,
		     p->fetch, p->merged, p->ms, retry);
}

int wt_l1s_store(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		 uint64_t t, struct wt_l1_out *out, uint64_t *retry)
{
	const struct wt_l1_cfg *c = l1->cfg;
	struct store_plan p;
	struct wt_event *e;
	size_t first = out->n;
	int rc;

	plan_store(l1, r, line, &p);
	rc = store_fail(l1, r, t, &p, retry);
	if (rc >= 0)
		return rc;

	/* It goes ahead. */
	count_store(l1, p.want, p.hit, p.pending, p.merged, p.present,
		    p.wa != WT_WALLOC_NO && !c->alloc_on_fill);
	l1->st.sector_stores += wt_sectors_count(p.want);
	if (p.miss)
		l1->st.store_misses++;
	else
		l1->st.store_hits++;
	/* GPGPU-Sim's tag access renews the line's time: write-back and
	 * write-through hits, and every write-allocate miss */
	if (p.l && ((p.hit && p.w != WT_WRITE_EVICT) || (p.miss && p.wa != WT_WALLOC_NO)))
		wt_cache_touch(&l1->cache, p.set, p.way);
	if (p.hit && p.w == WT_WRITE_EVICT) {
		p.l->valid &= (uint8_t)~p.hit;
		p.l->modified &= (uint8_t)~p.hit;
		p.l->unreadable &= (uint8_t)~p.hit;
	} else if (p.hit) {
		write_sectors(p.l, p.hit, p.full, 0);
	}
	if (p.alloc) {
		if (p.way < 0)
			p.way = allocate(l1, out, r, t, p.set, line, WT_LINE_VALID);
		p.l = wt_cache_at(&l1->cache, p.set, p.way);
		write_sectors(p.l, p.alloc, p.full, p.wa == WT_WALLOC_LAZY);
	}
	if (p.l)
		wt_cache_sector_sync(&l1->cache, p.set, p.way);
	if (p.on) {
		e = wt_l1i_event(l1, out, r, t, WT_EV_WRITE_THROUGH, line);
		e->sectors = (uint8_t)p.on;
		l1->st.write_throughs++;
	}
	FOR_SECTORS(s, p.merged)
		p.ms[s]->merges++;
	if (p.fetch) {	/* the write-allocate's read: a load miss to L2 */
		uint64_t lat, ready = wt_l1i_miss_ready(l1, t, &lat);

		fetch_sectors(l1, out, r, t, p.set, &p.way, line, p.fetch, ready);
		e = wt_l1i_event(l1, out, r, t, WT_EV_MISS, line);
		e->op = WT_OP_LOAD;
		e->sectors = (uint8_t)p.fetch;
		e->latency = (uint32_t)lat;
		l1->st.sector_store_fetches += wt_sectors_count(p.fetch);
	}
	if (p.need && p.wa == WT_WALLOC_FETCH && p.way >= 0)	/* F: written when it comes */
		wt_cache_at(&l1->cache, p.set, p.way)->fill_modified |= (uint8_t)p.need;
	if (c->emit_all && out->n == first && !p.miss)	/* a write-back hit */
		wt_l1i_event(l1, out, r, t, WT_EV_HIT, line);
	return -1;
}

int wt_l1s_fails(struct wt_l1 *l1, const struct wt_request *r, uint64_t line,
		 uint64_t t, uint64_t *retry)
{
	if (r->op == WT_OP_STORE) {
		struct store_plan p;

		plan_store(l1, r, line, &p);
		return store_fail(l1, r, t, &p, retry);
	} else {
		struct load_plan p;

		plan_load(l1, r, line, &p);
		return load_fail(l1, r, t, &p, retry);
	}
}

/* ---- fills ---- */

void wt_l1s_fill(struct wt_l1 *l1, unsigned set, int way, uint64_t key)
{
	struct wt_cache_line *l = wt_cache_at(&l1->cache, set, way);
	uint64_t line = wt_cache_line_addr(&l1->cache, key);
	unsigned bit = 1u << ((key - line) / l1->cfg->sector);

	if (l->addr != line || !(l->pending & bit))
		return;
	wt_cache_sector_filled(l, bit);
	wt_cache_sector_sync(&l1->cache, set, way);
}

/*
 * GPGPU-Sim's fill with allocation on fill (tag_array::fill): the line
 * takes the victim's way if it is not there, and the victim's modified
 * sectors are dropped without a write-back, as GPGPU-Sim drops them; a
 * line that is there has its time renewed.
 */
void wt_l1s_fill_allocate(struct wt_l1 *l1, uint64_t key)
{
	uint64_t line = wt_cache_line_addr(&l1->cache, key);
	unsigned set = wt_cache_set(&l1->cache, line);
	unsigned bit = 1u << ((key - line) / l1->cfg->sector);
	int way = wt_cache_find(&l1->cache, set, line);
	struct wt_cache_line *l, ev;

	if (way >= 0) {
		wt_cache_touch(&l1->cache, set, way);
	} else {
		way = wt_cache_victim(&l1->cache, set, &ev);
		if (way < 0)
			return;		/* every way reserved: GPGPU-Sim keeps none */
		wt_cache_insert(&l1->cache, set, way, line, WT_LINE_VALID, 0);
	}
	l = wt_cache_at(&l1->cache, set, way);
	l->valid |= (uint8_t)bit;
	l->modified &= (uint8_t)~bit;
	l->unreadable &= (uint8_t)~bit;
	wt_cache_sector_sync(&l1->cache, set, way);
}
