/*
 * l2sector.c - an L2 partition as GPGPU-Sim 4 models its data caches
 * (gpu-cache.{h,cc}; l2cache.cc for the sector requests): sectored lines,
 * and its write-allocate policies W, F and L, on the ports, banks and
 * MSHRs of l2model.c.  Requests take this way when the L2 is sectored or
 * its write-allocate policy is one of those (wt_l2s_on); the policies
 * (l2hook.h) are modelled on the other, and l2sim takes none with this.
 *
 * A sectored L2 breaks each request into one access per sector, as
 * GPGPU-Sim's memory_sub_partition::breakdown_request_to_sector_requests
 * does: the sectors of the event's mask, or, for a load miss of a line
 * L1 (cfg->l1_line), every sector of its line (GPGPU-Sim's line L1 asks
 * for the whole line, 128 bytes, which the partition breaks into four).
 * Each access takes a port cycle and a tag access of its bank of its own,
 * and each is counted.  A line L2 makes one access of the whole line,
 * its one "sector".
 *
 * An access reads or writes one sector (unit below), with GPGPU-Sim's
 * outcomes (l1sector.c has the same for the L1): a read hits a readable
 * sector; merges into the MSHR entry of one in flight (a pending hit);
 * or fetches it from DRAM, with an MSHR entry, into the line's way (a
 * sector miss) or a new way (a miss; the victim's modified sectors are
 * written back by a write-back L2).  An atomic is a read that leaves the
 * sector MODIFIED (at once on a hit, else when its data comes).  A write
 * hits on any data: write-back marks it MODIFIED, write-through also
 * sends it on; otherwise the write-allocate policy decides:
 *
 *   N  the write goes on to DRAM; nothing is allocated;
 *   W  the write goes on to DRAM and the sector is fetched (reserved,
 *      an MSHR entry): GPGPU-Sim's wr_miss_wa_naive;
 *   F  a sector written whole is allocated MODIFIED with no fetch and no
 *      write on; one written in part is fetched, to be MODIFIED when its
 *      data comes (wr_miss_wa_fetch_on_write);
 *   L  the sector is allocated MODIFIED with no fetch, readable only if
 *      written whole (a read of it is then a sector miss that fetches
 *      it); write-through also sends the write on (wr_miss_wa_lazy_
 *      fetch_on_read).  warptrace's "yes" is taken as L here.
 *
 * A sector in flight stays reserved until its data comes, even when
 * written meanwhile (GPGPU-Sim marks it MODIFIED at once, and may then
 * evict its line before the fill).
 */
#include "l2internal.h"
#include "util.h"

/*
 * A plain L2 (wt_l2s_plain) is sectored and keeps no queue statistics and no
 * outcomes, makes no events of hits and times its own misses: l2sim's
 * run of a preset without --stats.  An access's path is made twice from
 * the same code, by the last argument of the functions below: PLAIN,
 * where the tests of what a plain L2 lacks are constants the compiler
 * drops, and ANY, for every L2 (the way l1model.c's request path is
 * made).  test-l2plain compares the two on random streams; PLAIN costs
 * about 50 instructions an L1 event less (1,246 -> 1,194 on the L1
 * events of 1M gen-requests, issue 46).
 */
#define HOT static inline __attribute__((always_inline))
enum { ANY = 0, PLAIN = 1 };

/* Sectors of a line (1 in a line L2), and their size. */
static unsigned nunits(const struct wt_l2_cfg *c)
{
	return c->sectored ? c->geom.line / c->sector : 1;
}

HOT unsigned unit_bytes(const struct wt_l2_cfg *c, int plain)
{
	return plain || c->sectored ? c->sector : c->geom.line;
}

/* The address MSHR entries are kept by: the sector's, or the line's. */
HOT uint64_t unit_key(const struct wt_l2_cfg *c, uint64_t line, unsigned u, int plain)
{
	return line + (uint64_t)u * unit_bytes(c, plain);
}

static uint64_t *sready_at(const struct wt_l2 *l2, unsigned set, int way)
{
	return wt_l2i_sready(l2, set, way);
}

/* Takes the lowest unit of *m out of it into *u; 0 when none is left. */
static inline int next_unit(unsigned *m, unsigned *u)
{
	if (!*m)
		return 0;
	*u = (unsigned)__builtin_ctz(*m);
	*m &= *m - 1;
	return 1;
}

/* Each unit u of mask m, the lowest first: m is read once, and the loop
 * steps over the units, not over all 8 bits. */
#define FOR_UNITS(u, m) \
	for (unsigned u##_left = (m), u; next_unit(&u##_left, &u);)

/* The sectors of a line of bytes [lo, hi), hi past lo. */
static unsigned sectors_of(const struct wt_l2_cfg *c, uint64_t lo, uint64_t hi)
{
	unsigned first, last;

	if (hi > c->geom.line)
		hi = c->geom.line;
	if (lo >= hi)
		return 0;
	first = (unsigned)(lo / c->sector);
	last = (unsigned)((hi - 1) / c->sector);
	return ((2u << last) - 1) & ~((1u << first) - 1);
}

/*
 * The units of line that event in asks for: in a sectored L2 the sectors
 * its mask covers (of ev_sector bytes each, from its address, the L1's
 * line), every sector of the L1's line for a line L1's load miss, and
 * the whole L1 line for an event without a mask.  Always inline: GCC
 * kept it out of line, a call a request.
 */
HOT unsigned units_of(const struct wt_l2 *l2, const struct wt_event *in,
		      uint64_t line, int plain)
{
	const struct wt_l2_cfg *c = l2->cfg;
	unsigned from = c->ev_sector ? c->ev_sector : c->sector, m = 0;
	uint64_t off = in->addr - line;

	if (!plain && !c->sectored)
		return 1;
	if (c->l1_line && in->type == WT_EV_MISS)
		return sectors_of(c, off, off + c->l1_line);
	if (!in->sectors)
		return sectors_of(c, off, off + (c->l1_line ? c->l1_line : c->geom.line));
	FOR_UNITS(i, in->sectors)
		m |= sectors_of(c, off + (uint64_t)i * from,
				off + (uint64_t)(i + 1) * from);
	return m ? m : sectors_of(c, off, off + 1);
}

/* GPGPU-Sim's type of an access (gscount.h). */
static unsigned gs_type(const struct wt_event *in)
{
	if (in->type == WT_EV_WRITE_BACK)
		return WT_GS_WRITE_BACK;
	return in->op == WT_OP_STORE ? WT_GS_STORE :
	       in->op == WT_OP_ATOMIC ? WT_GS_ATOMIC : WT_GS_LOAD;
}

/* ---- sectors in flight ---- */

/* The fills of set that have come by cycle t, some fill of the set
 * being due; fill[set] becomes the first still to come (UINT64_MAX:
 * none).  Out of line, so that the lookups that need none (most) save
 * few registers. */
static __attribute__((noinline)) void settle_due(struct wt_l2 *l2, unsigned set,
						 uint64_t t)
{
	uint64_t next = UINT64_MAX;

	for (unsigned w = 0; w < l2->cfg->geom.assoc; w++) {
		struct wt_cache_line *l = wt_cache_at(&l2->cache, set, (int)w);
		const uint64_t *r = sready_at(l2, set, (int)w);

		if (!l->pending)
			continue;
		FOR_UNITS(u, l->pending) {
			if (r[u] <= t)
				wt_cache_sector_filled(l, 1u << u);
			else if (r[u] < next)
				next = r[u];
		}
		wt_cache_sector_sync(&l2->cache, set, (int)w);
	}
	l2->fill[set] = next;
}

/* The fills of set that have come by cycle t: none before fill[set]. */
static inline void settle(struct wt_l2 *l2, unsigned set, uint64_t t)
{
	if (t >= l2->fill[set])
		settle_due(l2, set, t);
}

/* ---- events ---- */

/* An event of in's about the units `mask` of line, at cycle t. */
HOT struct wt_event *unit_event(struct wt_l2 *l2, struct wt_l2_out *out,
				const struct wt_event *in, unsigned type,
				uint64_t t, uint64_t arrival, uint64_t line,
				unsigned mask, int plain)
{
	const struct wt_l2_cfg *c = l2->cfg;
	struct wt_event *e = wt_l2i_emit(l2, out, in, type, t, arrival);
	unsigned nsec = c->geom.line / c->sector;

	e->addr = line;
	if (plain || c->sectored) {
		e->sectors = (uint8_t)mask;
		e->bytes = (uint16_t)(wt_sectors_count(mask) * c->sector);
	} else {
		e->sectors = (uint8_t)(nsec >= 8 ? 0xff : (1u << nsec) - 1);
		e->bytes = (uint16_t)c->geom.line;
	}
	return e;
}

/* A write goes on to DRAM. */
HOT void forward(struct wt_l2 *l2, struct wt_l2_out *out,
		 const struct wt_event *in, uint64_t t, uint64_t arrival,
		 uint64_t line, unsigned bit, int plain)
{
	unit_event(l2, out, in, WT_EV_WRITE_THROUGH, t, arrival, line, bit, plain)->op =
		WT_OP_STORE;
	l2->st.write_throughs++;
}

/*
 * A new line takes a way of set: the victim's modified sectors are
 * written back by a write-back L2 (GPGPU-Sim: unless write-through).  -1
 * when every way is reserved.
 */
HOT int take_way(struct wt_l2 *l2, struct wt_l2_out *out,
		 const struct wt_event *in, unsigned set, uint64_t line,
		 uint64_t t, uint64_t arrival, int plain)
{
	struct wt_cache_line ev;
	int way = wt_l2i_victim(l2, set, &ev);

	if (way < 0)
		return -1;
	if (ev.state == WT_LINE_VALID && ev.modified && l2->cfg->write_back) {
		unit_event(l2, out, in, WT_EV_WRITE_BACK, t, arrival, ev.addr,
			   ev.modified, plain)->op = WT_OP_STORE;
		l2->st.write_backs++;
	}
	wt_l2i_insert(l2, set, way, line, WT_LINE_VALID, 0);
	return way;
}

/*
 * Unit u of line, in way, is fetched from DRAM at the tag access's end,
 * `lookup` (the event's op: op), and reserved until its data comes at
 * `ready`, with an MSHR entry from t.  A sector written but not readable
 * is to be MODIFIED again when it comes (GPGPU-Sim's allocate_sector).
 */
HOT void fetch_unit(struct wt_l2 *l2, struct wt_l2_out *out,
		    const struct wt_event *in, unsigned set, int way,
		    uint64_t line, unsigned u, uint64_t t, uint64_t lookup,
		    uint64_t arrival, uint64_t ready, unsigned op, int plain)
{
	struct wt_cache_line *l = wt_cache_at(&l2->cache, set, way);
	unsigned bit = 1u << u;

	l->fill_modified |= (uint8_t)(l->modified & bit);
	l->valid &= (uint8_t)~bit;
	l->modified &= (uint8_t)~bit;
	l->unreadable &= (uint8_t)~bit;
	l->pending |= (uint8_t)bit;
	sready_at(l2, set, way)[u] = ready;
	if (ready < l2->fill[set])
		l2->fill[set] = ready;
	wt_cache_sector_sync(&l2->cache, set, way);
	wt_l2i_mshr_add(l2, unit_key(l2->cfg, line, u, plain), t, ready);
	unit_event(l2, out, in, WT_EV_MISS, lookup, arrival, line, bit, plain)->op =
		(uint8_t)op;
	l2->st.sector_fetched++;
}

/* ---- one access ---- */

struct access {
	struct wt_l2_bank *b;
	const struct wt_event *in;
	unsigned type;		/* in's, gs_type: the same for each access */
	uint64_t line, t, arrival;
	unsigned set, u;
	int way;		/* where the request's last access found or
				   put its line; -1: not known */
	int full;		/* a write of the whole sector */
	uint64_t done;		/* a read: its data is ready (waiting for a
				   pending fill: its tag access's end) */
	unsigned waits;		/* the pending fills its data waits for */
	int hit;
};

/* The write-allocate policy of the writes that miss. */
static unsigned walloc(const struct wt_l2_cfg *c)
{
	return c->write_allocate == WT_WALLOC_YES ? WT_WALLOC_LAZY :
	       (unsigned)c->write_allocate;
}

/*
 * What an access (a write: write; of the whole sector: full) of unit u
 * of the line in way of set (-1: none) finds at a tag access at cycle t,
 * wt_l2i_fails's flags: what settling the set at t leaves, whether it
 * has been settled (read_unit, write_unit) or not (wt_l2s_fails).
 */
static unsigned unit_what(const struct wt_l2 *l2, unsigned set, int way, unsigned u,
			  uint64_t t, int write, int full)
{
	const struct wt_l2_cfg *c = l2->cfg;
	unsigned bit = 1u << u, wa = walloc(c), what;
	const struct wt_cache_line *l;
	int came, there;

	if (!write)
		what = WT_L2I_FETCH | WT_L2I_ALLOC;
	else
		what = (wa == WT_WALLOC_NAIVE || (wa == WT_WALLOC_FETCH && !full) ?
			WT_L2I_FETCH : 0) | (wa != WT_WALLOC_NO ? WT_L2I_ALLOC : 0);
	if (way < 0)
		return what;
	l = &l2->cache.lines[(size_t)set * c->geom.assoc + (unsigned)way];
	came = (l->pending & bit) && sready_at(l2, set, way)[u] <= t;
	/* a write hits on any data; a read on readable data */
	there = came || ((l->valid & bit) && (write || !(l->unreadable & bit)));
	what |= WT_L2I_LINE;
	if (there)
		what |= WT_L2I_THERE;
	else if (l->pending & bit)
		what |= WT_L2I_PEND;
	return what;
}

/* Set a's way for its line, or -1, after the fills due: where the
 * request's last access left it, if it is there still (the sectors of a
 * request are of one line), else searched for. */
static inline int find(struct wt_l2 *l2, struct access *a)
{
	settle(l2, a->set, a->t);
	if (a->way < 0 || !wt_cache_holds(&l2->cache, a->set, a->way, a->line))
		a->way = wt_cache_find(&l2->cache, a->set, a->line);
	return a->way;
}

/* A read (load, atomic, an L1 write-allocate's fetch): -1 when done,
 * else the reservation fail with *retry, nothing changed. */
HOT int read_unit(struct wt_l2 *l2, struct wt_l2_out *out, struct access *a,
		  uint64_t *retry, int plain)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lookup = a->t + c->tag_latency, ready;
	unsigned bit = 1u << a->u, type = a->type;
	int way = find(l2, a), atomic = a->in->op == WT_OP_ATOMIC, rc;
	struct wt_cache_line *l = way >= 0 ? wt_cache_at(&l2->cache, a->set, way) : NULL;
	struct wt_l2_mshr *m;
	struct wt_event *e;
	size_t entry;

	if (l && (l->valid & bit) && !(l->unreadable & bit)) {
		wt_cache_touch(&l2->cache, a->set, way);
		if (atomic)	/* GPGPU-Sim's rd_hit_base */
			l->modified |= (uint8_t)bit;
		wt_gs_count(&l2->st.gs, type, WT_GS_HIT);
		l2->st.sector_read_hits++;
		a->done = lookup;
		if (!plain && c->emit_all)
			unit_event(l2, out, a->in, WT_EV_HIT, lookup, a->arrival,
				   a->line, bit, plain);
		return -1;
	}
	a->hit = 0;
	wt_l2i_mshr_prune(l2, a->arrival);
	rc = wt_l2i_fails(l2, wt_l2i_mshr_first(l2, a->b, a->t),
			  unit_key(c, a->line, a->u, plain), a->set, a->t,
			  unit_what(l2, a->set, way, a->u, a->t, 0, 0), 0, retry, &entry);
	if (rc >= 0)
		return rc;
	if (l && (l->pending & bit)) {		/* in flight: merge */
		m = entry != SIZE_MAX ? &l2->mshr[entry] : NULL;
		if (m) {
			m->merges++;
			wt_gs_count(&l2->st.gs, type, WT_GS_MSHR_HIT);
		}
		wt_gs_count(&l2->st.gs, type, WT_GS_HIT_RESERVED);
		wt_cache_touch(&l2->cache, a->set, way);
		if (atomic)
			l->fill_modified |= (uint8_t)bit;
		l2->st.sector_merged++;
		a->done = sready_at(l2, a->set, way)[a->u];
		if (a->done == WT_L2_PENDING) {		/* waits for its fill */
			wt_l2i_wait(l2, out, unit_key(c, a->line, a->u, plain), lookup);
			a->waits++;
		}
		if (a->done < lookup || a->done == WT_L2_PENDING)
			a->done = lookup;
		if (!plain && c->emit_all) {
			e = unit_event(l2, out, a->in, WT_EV_MISS, a->done, a->arrival,
				       a->line, bit, plain);
			e->miss_class = WT_MISS_LATENCY;
			if (sready_at(l2, a->set, way)[a->u] == WT_L2_PENDING)
				e->latency = 0;
		}
		return -1;
	}
	if (!l) {
		way = a->way = take_way(l2, out, a->in, a->set, a->line, lookup,
					a->arrival, plain);
		wt_gs_count(&l2->st.gs, type, WT_GS_MISS);
	} else {
		wt_cache_touch(&l2->cache, a->set, way);
		wt_gs_count(&l2->st.gs, type, WT_GS_SECTOR_MISS);
		l2->st.sector_misses++;
	}
	ready = !plain && c->external_fill ? WT_L2_PENDING : lookup + c->miss_latency;
	fetch_unit(l2, out, a->in, a->set, way, a->line, a->u, a->t, lookup,
		   a->arrival, ready, atomic ? WT_OP_ATOMIC : WT_OP_LOAD, plain);
	a->done = ready;
	if (!plain && ready == WT_L2_PENDING) {
		wt_l2i_wait(l2, out, unit_key(c, a->line, a->u, plain), lookup);
		a->waits++;
		a->done = lookup;
	}
	if (atomic)	/* its MSHR entry has an atomic: MODIFIED at the fill */
		wt_cache_at(&l2->cache, a->set, way)->fill_modified |= (uint8_t)bit;
	return -1;
}

/* A write (an L1 write-through or write-back): -1 when done, else the
 * reservation fail with *retry, nothing changed. */
HOT int write_unit(struct wt_l2 *l2, struct wt_l2_out *out, struct access *a,
		   uint64_t *retry, int plain)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lookup = a->t + c->tag_latency;
	unsigned bit = 1u << a->u, type = a->type, status, wa = walloc(c);
	int way = find(l2, a), fetch, pend, rc;
	struct wt_cache_line *l = way >= 0 ? wt_cache_at(&l2->cache, a->set, way) : NULL;
	struct wt_l2_mshr *m = NULL;
	size_t entry = SIZE_MAX;

	if (l && (l->valid & bit)) {		/* a hit on any data */
		wt_cache_touch(&l2->cache, a->set, way);
		l->modified |= (uint8_t)bit;
		if (a->full)
			l->unreadable &= (uint8_t)~bit;
		wt_gs_count(&l2->st.gs, type, WT_GS_HIT);
		l2->st.sector_write_hits++;
		if (!plain && c->emit_all)
			unit_event(l2, out, a->in, WT_EV_HIT, lookup, a->arrival,
				   a->line, bit, plain);
		if (!c->write_back)
			forward(l2, out, a->in, lookup, a->arrival, a->line, bit, plain);
		return -1;
	}
	a->hit = 0;
	pend = l && (l->pending & bit);
	status = pend ? WT_GS_HIT_RESERVED : l ? WT_GS_SECTOR_MISS : WT_GS_MISS;
	fetch = wa == WT_WALLOC_NAIVE || (wa == WT_WALLOC_FETCH && !a->full);
	/* First what could stop it. */
	if (fetch)
		wt_l2i_mshr_prune(l2, a->arrival);
	rc = wt_l2i_fails(l2, wt_l2i_mshr_first(l2, a->b, a->t),
			  unit_key(c, a->line, a->u, plain), a->set, a->t,
			  unit_what(l2, a->set, way, a->u, a->t, 1, a->full), 0, retry,
			  &entry);
	if (rc >= 0)
		return rc;
	m = entry != SIZE_MAX ? &l2->mshr[entry] : NULL;
	if (!l && wa != WT_WALLOC_NO) {
		way = a->way = take_way(l2, out, a->in, a->set, a->line, lookup,
					a->arrival, plain);
		l = wt_cache_at(&l2->cache, a->set, way);
	} else if (l && wa != WT_WALLOC_NO) {
		wt_cache_touch(&l2->cache, a->set, way);
	}

	/* It goes ahead. */
	wt_gs_count(&l2->st.gs, type, status);
	if (!plain && c->emit_all)	/* a write miss: no data asked of DRAM */
		unit_event(l2, out, a->in, WT_EV_MISS, lookup, a->arrival, a->line,
			   bit, plain);
	if (wa == WT_WALLOC_NO || wa == WT_WALLOC_NAIVE ||
	    (wa == WT_WALLOC_LAZY && !c->write_back))
		forward(l2, out, a->in, lookup, a->arrival, a->line, bit, plain);
	if (fetch && pend) {
		if (m) {
			m->merges++;
			wt_gs_count(&l2->st.gs, type, WT_GS_MSHR_HIT);
		}
	} else if (fetch) {
		fetch_unit(l2, out, a->in, a->set, way, a->line, a->u, a->t, lookup,
			   a->arrival, !plain && c->external_fill ? WT_L2_PENDING :
			   lookup + c->miss_latency, WT_OP_LOAD, plain);
	} else if (wa != WT_WALLOC_NO && pend) {
		l->modified |= (uint8_t)bit;	/* kept in flight */
	} else if (wa != WT_WALLOC_NO) {
		l->valid |= (uint8_t)bit;
		l->modified |= (uint8_t)bit;
		if (a->full)
			l->unreadable &= (uint8_t)~bit;
		else
			l->unreadable |= (uint8_t)bit;
		wt_cache_sector_sync(&l2->cache, a->set, way);
	}
	if (l && ((fetch && wa == WT_WALLOC_FETCH) || (pend && wa == WT_WALLOC_LAZY)))
		l->fill_modified |= (uint8_t)bit;	/* MODIFIED when it comes */
	return -1;
}

HOT void request(struct wt_l2 *l2, const struct wt_event *in, unsigned bank,
		 unsigned set, uint64_t arrival, struct wt_l2_out *out, int plain)
{
	const struct wt_l2_cfg *c = l2->cfg;
	struct wt_l2_bank_stats *bs = plain ? NULL : wt_l2i_bank_stats(l2, bank);
	struct access a = { 0 };
	int write = in->op == WT_OP_STORE;
	unsigned units, type = gs_type(in);
	uint64_t done = arrival, fetched = l2->st.sector_fetched, retry;

	a.b = &l2->bank[bank];
	a.in = in;
	a.type = type;
	a.line = in->addr & ~(uint64_t)(c->geom.line - 1);
	a.arrival = arrival;
	a.set = set;
	a.hit = 1;
	a.waits = 0;
	a.way = -1;
	units = units_of(l2, in, a.line, plain);
	a.full = in->type == WT_EV_WRITE_BACK ||
		 in->bytes >= wt_sectors_count(units) * unit_bytes(c, plain);
	FOR_UNITS(u, units) {
		int rc;

		a.u = u;
		a.t = wt_l2i_enter_bank(c, l2->port_free, a.b, bs, arrival);
		while ((rc = write ? write_unit(l2, out, &a, &retry, plain) :
				     read_unit(l2, out, &a, &retry, plain)) >= 0) {
			l2->st.fails[rc]++;	/* the bank stalls, then tries again */
			wt_gs_count(&l2->st.gs, type, WT_GS_RESERVATION_FAIL);
			a.t = wt_l2i_retry(l2, a.t, retry);
		}
		if (!write && a.done > done)
			done = a.done;
		wt_l2i_leave_queue(c, a.b, a.t);
		wt_l2i_count_delay(l2, bs, a.t, arrival);
	}
	if (write) {
		l2->st.sector_writes += wt_sectors_count(units);
		if (a.hit)
			l2->st.store_hits++;
		else
			l2->st.store_misses++;
		return;
	}
	l2->st.sector_reads += wt_sectors_count(units);
	if (a.hit) {
		l2->st.hits++;
	} else {
		l2->st.misses++;
		l2->st.merged += l2->st.sector_fetched == fetched;
	}
	if (!plain && !c->no_outcomes)	/* here too, c at hand */
		wt_l2i_outcome(l2, out, in, done - arrival, a.hit, a.waits);
}

/* Whether l2 is plain (see PLAIN above). */
int wt_l2s_plain(const struct wt_l2 *l2)
{
	const struct wt_l2_cfg *c = l2->cfg;

	return c->sectored && c->no_queue_stats && c->no_outcomes &&
	       !c->emit_all && !c->external_fill;
}

void wt_l2s_request(struct wt_l2 *l2, const struct wt_event *in, unsigned bank,
		    unsigned set, uint64_t arrival, struct wt_l2_out *out)
{
	if (wt_l2s_plain(l2))
		request(l2, in, bank, set, arrival, out, PLAIN);
	else
		request(l2, in, bank, set, arrival, out, ANY);
}

/*
 * wt_l2s_request's accesses followed on copies of the ports and the
 * bank, each with what those before it took (MSHR entries, pending; a
 * way for a line there was not) and the fails asked as read_unit and
 * write_unit ask them, until one meets a fail that waits for a pending
 * fill (or none does).
 */
int wt_l2s_fails(const struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		 uint64_t arrival)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lline = local & ~(uint64_t)(c->geom.line - 1);
	unsigned bank = (unsigned)(lline >> c->bank_bit) & (c->banks - 1);
	const struct wt_l2_bank *b = &l2->bank[bank];
	uint64_t line = in->addr & ~(uint64_t)(c->geom.line - 1), t, retry = 0;
	unsigned set = wt_index_set(&c->ix, lline), units, extra = 0, what = 0;
	int write = in->op == WT_OP_STORE, full, way, taken = 0, rc = -1;
	struct wt_l2i_lanes x;
	size_t entry;

	units = units_of(l2, in, line, ANY);
	full = in->type == WT_EV_WRITE_BACK ||
	       in->bytes >= wt_sectors_count(units) * unit_bytes(c, ANY);
	way = wt_cache_find(&l2->cache, set, line);
	wt_l2i_lanes_copy(l2, b, &x);
	FOR_UNITS(u, units) {
		t = wt_l2i_enter_bank(c, x.port_free, &x.b, &x.bs, arrival);
		for (;;) {
			what = unit_what(l2, set, way, u, t, write, full) |
			       (taken ? WT_L2I_LINE : 0);
			rc = wt_l2i_fails(l2, wt_l2i_mshr_from(l2, b, t),
					  unit_key(c, line, u, ANY), set, t, what, extra,
					  &retry, &entry);
			if (rc < 0 || retry == WT_L2_PENDING)
				break;
			t = wt_l2i_retry(l2, t, retry);
		}
		if (rc >= 0)
			break;
		if ((what & (WT_L2I_THERE | WT_L2I_PEND | WT_L2I_FETCH)) == WT_L2I_FETCH)
			extra++;		/* it takes an entry */
		if ((what & (WT_L2I_THERE | WT_L2I_LINE | WT_L2I_ALLOC)) == WT_L2I_ALLOC)
			taken = 1;		/* and a way for its line */
		wt_l2i_leave_queue(c, &x.b, t);
	}
	wt_l2i_lanes_free(&x);
	return rc;
}

/* ---- external fills ---- */

int wt_l2_fill(struct wt_l2 *l2, uint64_t line, uint64_t local, unsigned sectors,
	       uint64_t t)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lline = local & ~(uint64_t)(c->geom.line - 1), r;
	unsigned set = wt_index_set(&c->ix, lline);
	unsigned units = c->sectored ? sectors & ((1u << nunits(c)) - 1) : 1;
	int way, any = 0;
	struct wt_cache_line *l;

	if (!c->external_fill || c->disabled)
		return -1;
	line &= ~(uint64_t)(c->geom.line - 1);
	way = wt_cache_find(&l2->cache, set, line);
	FOR_UNITS(u, units) {
		r = wt_l2i_fill_entry(l2, unit_key(c, line, u, ANY), t);
		if (r == WT_L2_PENDING)
			continue;
		any = 1;
		if (way < 0)	/* a line in flight keeps its way */
			continue;
		l = wt_cache_at(&l2->cache, set, way);
		if (!wt_l2s_on(c)) {
			if (l->state == WT_LINE_RESERVED && l->ready == WT_L2_PENDING)
				l->ready = r;
		} else if ((l->pending & 1u << u) && sready_at(l2, set, way)[u] ==
			   WT_L2_PENDING) {
			sready_at(l2, set, way)[u] = r;
		}
		if (r < l2->fill[set])
			l2->fill[set] = r;
	}
	return any ? 0 : -1;
}

/* ---- copies before a kernel ---- */

void wt_l2_warm(struct wt_l2 *l2, uint64_t line, uint64_t local, unsigned mask)
{
	const struct wt_l2_cfg *c = l2->cfg;
	uint64_t lline = local & ~(uint64_t)(c->geom.line - 1);
	unsigned set = wt_index_set(&c->ix, lline);
	int way = wt_cache_find(&l2->cache, set, line);
	struct wt_cache_line *l, ev;

	if (c->disabled)
		return;
	l2->st.memcpy_sectors += wt_sectors_count(mask);
	if (!wt_l2s_on(c)) {	/* l2model.c's line: VALID, clean */
		if (way >= 0) {
			l = wt_cache_at(&l2->cache, set, way);
			if (l->state == WT_LINE_VALID)
				l->dirty = 0;
			return;
		}
		if ((way = wt_l2i_victim(l2, set, &ev)) >= 0)
			wt_l2i_insert(l2, set, way, line, WT_LINE_VALID, 0);
		return;
	}
	if (!c->sectored)
		mask = 1;
	if (way < 0) {
		if ((way = wt_l2i_victim(l2, set, &ev)) < 0)
			return;		/* every way reserved */
		wt_l2i_insert(l2, set, way, line, WT_LINE_VALID, 0);
	} else if (mask & ~wt_cache_at(&l2->cache, set, way)->valid) {
		wt_cache_touch(&l2->cache, set, way);	/* allocate_sector */
	}
	l = wt_cache_at(&l2->cache, set, way);
	mask &= ~(unsigned)l->pending;		/* in flight: left to its fill */
	l->valid |= (uint8_t)mask;
	l->modified &= (uint8_t)~mask;
	l->unreadable &= (uint8_t)~mask;
	wt_cache_sector_sync(&l2->cache, set, way);
}
