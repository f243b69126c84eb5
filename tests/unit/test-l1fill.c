/*
 * test-l1fill.c - the L1's external fills (l1model.h, EXTERNAL FILLS;
 * l1comp.h): a miss waits, pending, for the fill a driver brings, in a
 * line L1 and a sectored L1, allocating on miss and on fill.
 *
 * The expected values are worked out in the comments from the rules the
 * headers give: a miss under external fills takes its MSHR entry with no
 * ready cycle (*done and wt_l1_ready UINT64_MAX, its event's latency 0);
 * wt_l1_fill(line, sectors, t) makes the line's (sectors') entries due at
 * t, retired by the first call at or after t (at once when the L1 has run
 * to t); hits take hit_latency, 20 here.  The L1s are those of
 * test-l1comp.c: 4 sets x 2 ways of 128-byte lines, linear index (line
 * addr / 128 mod 4 is the set: 0x0, 0x200, 0x400, 0x1000 and 0x2000 are
 * all in set 0), LRU with new lines most recent, lambda 100.
 */
#include "cacheindex.h"
#include "l1comp.h"
#include "rnd.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#define LINE 128
#define SETS 4
#define SET_STRIDE ((uint64_t)LINE * SETS)	/* 0x200: same set, next tag */
#define PENDING UINT64_MAX

/* The L1 described above, external fills on (ext); write-evict lines, or
 * write-through sectors with lazy write-allocate; MSHRs as asked. */
static void setup(struct wt_l1_cfg *c, int sectored, int alloc_on_fill,
		  unsigned mshr, unsigned merge, int ext)
{
	char err[256];

	memset(c, 0, sizeof(*c));
	c->geom = (struct wt_cache_geom){ SETS, 2, LINE, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", SETS, LINE, &c->ix, err, sizeof(err)) < 0)
		abort();
	c->sector = 32;
	c->sectored = sectored;
	c->write = sectored ? WT_WRITE_THROUGH : WT_WRITE_EVICT;
	c->write_allocate = sectored ? WT_WALLOC_LAZY : WT_WALLOC_NO;
	c->alloc_on_fill = alloc_on_fill;
	c->mshr_entries = mshr;
	c->mshr_merge = merge;
	c->hit_latency = 20;
	c->miss_latency = 100;
	c->mode = WT_L1_BOUNDED;
	c->reuse = WT_L1_REUSE_OFF;
	c->no_warp_stats = 1;
	c->external_fill = ext;
}

static struct wt_component *l1(const struct wt_l1_cfg *c)
{
	char err[256];
	struct wt_component *comp = wt_l1_component(c, 0, err, sizeof(err));

	if (!comp) {
		printf("Bail out! %s\n", err);
		exit(1);
	}
	return comp;
}

static struct wt_request req(uint32_t warp, unsigned op, uint64_t addr,
			     unsigned sectors)
{
	struct wt_request r;

	memset(&r, 0, sizeof(r));
	r.warp = warp;
	r.pc = 0x100;
	r.addr = addr;
	r.count = 1;
	r.op = (uint8_t)op;
	r.space = WT_SPACE_GLOBAL;
	r.sectors = (uint8_t)sectors;
	r.bytes = (uint16_t)(wt_sectors_count(sectors) * 32);
	return r;
}

static struct wt_request load(uint32_t warp, uint64_t addr, unsigned sectors)
{
	return req(warp, WT_OP_LOAD, addr, sectors);
}

/* r offered at cycle: taken, its warp going on at done. */
static void taken(struct wt_component *c, const struct wt_request *r, uint64_t cycle,
		  uint64_t done, const char *what)
{
	enum wt_refusal why = WT_REFUSE_NONE;
	uint64_t d = 0;
	int rc = wt_comp_accept_request(c, r, cycle, &d, &why);

	ok(rc == 0 && d == done, "%s (%s, done %llu)", what, wt_refusal_name(why),
	   (unsigned long long)d);
}

/* r offered at cycle: refused for want. */
static void refused(struct wt_component *c, const struct wt_request *r,
		    uint64_t cycle, enum wt_refusal want, const char *what)
{
	enum wt_refusal why = WT_REFUSE_NONE;
	uint64_t d;
	int rc = wt_comp_accept_request(c, r, cycle, &d, &why);

	ok(rc < 0 && why == want, "%s (%s)", what, wt_refusal_name(why));
}

/* The model's bookkeeping holds. */
static void checked(const struct wt_l1 *m, const char *what)
{
	char err[256] = "";

	ok(wt_l1_check(m, err, sizeof(err)) == 0, "%s: wt_l1_check %s", what, err);
}

/* A level-1 miss of SM 0 at time t, of line addr and sector mask, its
 * latency lat. */
static int is_miss(const struct wt_event *e, uint64_t t, uint64_t addr,
		   unsigned sectors, unsigned cls, uint32_t lat)
{
	return e->time == t && e->addr == addr && e->type == WT_EV_MISS &&
	       e->level == 1 && e->sm == 0 && e->sectors == sectors &&
	       e->miss_class == cls && e->latency == lat;
}

/*
 * A line cache of one MSHR entry of 2 merges (as test-l1comp's
 * line_cache, whose model-timed miss at 10 is filled at 110).
 *   cycle 10: warp 0 loads 0x1000: a compulsory miss, its entry pending:
 *             done and ready UINT64_MAX; its event at 10, latency 0.
 *             After the drain nothing is next (a pending entry changes
 *             nothing until its fill).
 *   cycle 11: warp 1 loads 0x2000: the one entry taken: refused.
 *   cycle 12: warp 2 loads 0x1000: merges (2 of 2), pending too.
 *   cycle 13: warp 3 loads 0x1000: no merge slot: refused.
 *   cycle 500: warp 1 again: the entry still busy (no model timing).
 *   Fills: of 0x2000, nothing pending: -1; of 0x1000 at 499, before the
 *             cycle the L1 has run to (500): -1; at 600: 0, the loads of
 *             0x1000 ready at 600, next_event 600; again: -1 (the entry
 *             has its cycle, nothing of the line pending).
 *   cycle 599: warp 1: the entry due at 600, still busy: refused.
 *   cycle 600: warp 1 taken (the fill retired first), pending; warp 0's
 *             data retired: ready 0; warp 3 hits 0x1000: done 620.
 *   The warps' statistics (one record for all, no_warp_stats) take no
 *   UINT64_MAX for their last completion: 0, then the hit's 620.
 *   drain(601): 0x2000's miss at 600, compulsory, latency 0.
 */
static void line_pending(int alloc_on_fill)
{
	const char *what = alloc_on_fill ? "line, on fill" : "line, on miss";
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0x1000, 0xf), b = load(1, 0x2000, 0xf);
	struct wt_request m = load(2, 0x1000, 0xf), h = load(3, 0x1000, 0xf);
	struct wt_event out[8];
	struct wt_l1 *model;
	size_t n;

	setup(&cfg, 0, alloc_on_fill, 1, 2, 1);
	c = l1(&cfg);
	model = wt_l1_component_model(c);
	printf("# %s\n", what);
	taken(c, &a, 10, PENDING, "a miss at 10 is pending");
	is_u64(wt_l1_component_ready(c, &a), PENDING, "its data: pending");
	is_u64(wt_l1_warp(model, &a)->last, 0,
	       "the warps' last completion leaves the pending load out");
	checked(model, "a pending miss");
	is_u64(wt_comp_next_event(c), 10, "next, the miss event at 10");
	n = wt_comp_drain(c, 11, out, 8);
	ok(n == 1 && is_miss(&out[0], 10, 0x1000, 0xf, WT_MISS_COMPULSORY, 0) &&
	   out[0].warp == 0, "drain(11): the compulsory miss at 10, latency 0");
	is_u64(wt_comp_next_event(c), UINT64_MAX, "a pending entry: nothing next");
	refused(c, &b, 11, WT_REFUSE_MSHR_FULL, "another line at 11: the entry busy");
	taken(c, &m, 12, PENDING, "a second load of the line merges, pending");
	is_u64(wt_l1_component_ready(c, &m), PENDING, "the merged load: pending");
	refused(c, &h, 13, WT_REFUSE_MSHR_MERGE, "a third at 13: merge slots full");
	refused(c, &b, 500, WT_REFUSE_MSHR_FULL, "another line at 500: still busy");
	checked(model, "refusals");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x2000, 0xf, 500), (uint64_t)-1,
	       "a fill of a line with nothing pending: -1");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0xf, 499), (uint64_t)-1,
	       "a fill at 499, before the cycle the L1 has run to: -1");
	is_u64(wt_l1_component_ready(c, &a), PENDING, "still pending after the -1s");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0xf, 600), 0, "fill at 600");
	is_u64(wt_l1_component_ready(c, &a), 600, "the first load's data at 600");
	is_u64(wt_l1_component_ready(c, &m), 600, "the merged load's at 600 too");
	is_u64(wt_comp_next_event(c), 600, "next, the fill at 600");
	checked(model, "filled");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0xf, 600), (uint64_t)-1,
	       "a second fill of the line: nothing pending, -1");
	refused(c, &b, 599, WT_REFUSE_MSHR_FULL, "another line at 599: busy to 600");
	taken(c, &b, 600, PENDING, "another line at 600: taken, pending");
	is_u64(wt_l1_component_ready(c, &a), 0, "the first load's data retired: 0");
	taken(c, &h, 600, 620, "the filled line hits at 600");
	is_u64(wt_l1_warp(model, &h)->last, 620, "the warps' last completion: the hit's");
	n = wt_comp_drain(c, 601, out, 8);
	ok(n == 1 && is_miss(&out[0], 600, 0x2000, 0xf, WT_MISS_COMPULSORY, 0) &&
	   out[0].warp == 1, "drain(601): the second miss at 600, latency 0");
	checked(model, "the end");
	ok(model->st.loads == 4 && model->st.misses == 3 && model->st.hits == 1 &&
	   model->st.merged == 1, "4 loads: 3 misses (1 merged), 1 hit");
	wt_comp_free(c);
}

/*
 * The same L1 without external fills times its misses itself: the miss
 * at 10 is done at 10 + 100, its event's latency 100, the merge at 12
 * done at the same 110, the other line taken at 110.
 */
static void line_timed(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0x1000, 0xf), b = load(1, 0x2000, 0xf);
	struct wt_request m = load(2, 0x1000, 0xf);
	struct wt_event out[8];
	size_t n;

	setup(&cfg, 0, 0, 1, 2, 0);
	c = l1(&cfg);
	taken(c, &a, 10, 110, "timed: a miss at 10, done 110");
	n = wt_comp_drain(c, 11, out, 8);
	ok(n == 1 && is_miss(&out[0], 10, 0x1000, 0xf, WT_MISS_COMPULSORY, 100),
	   "timed: its event's latency 100");
	taken(c, &m, 12, 110, "timed: the merge done at 110");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0xf, 50), (uint64_t)-1,
	       "timed: a fill without external fills: -1");
	refused(c, &b, 109, WT_REFUSE_MSHR_FULL, "timed: another line at 109 refused");
	taken(c, &b, 110, 210, "timed: taken at 110");
	wt_comp_free(c);
}

/*
 * No random draw for an external miss: with sigma 20, an atomic (sent
 * around, its latency drawn) at 3 after three misses at 0, 1, 2 gets the
 * same done as an atomic at 3 in a fresh L1 (the generator's first draw
 * in both): at least 3 + 100.
 */
static void no_draw(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *x, *y;
	struct wt_request at = req(9, WT_OP_ATOMIC, 0x3000, 0xf);
	enum wt_refusal why;
	uint64_t dx = 0, dy = 1;

	setup(&cfg, 0, 0, 8, 0, 1);
	cfg.sigma = 20;
	x = l1(&cfg);
	y = l1(&cfg);
	for (unsigned i = 0; i < 3; i++) {
		struct wt_request r = load(i, 0x80 * i, 0xf);

		taken(x, &r, i, PENDING, "no draw: a pending miss");
	}
	wt_comp_accept_request(x, &at, 3, &dx, &why);
	wt_comp_accept_request(y, &at, 3, &dy, &why);
	ok(dx == dy && dx >= 103, "no draw: the atomic's done %llu, as in a fresh L1 (%llu)",
	   (unsigned long long)dx, (unsigned long long)dy);
	wt_comp_free(x);
	wt_comp_free(y);
}

/*
 * Reserved ways and per-warp entries stay taken while pending.
 * Ways (allocation on miss, 8 entries): 0x0 at 0 and 0x200 at 1 reserve
 *   both ways of set 0; 0x400 at 2 and at 1000 is refused no-line.  A
 *   fill of 0x200 at 1000, the cycle the L1 has run to, is taken at once:
 *   0x200's load ready 0, its way valid; 0x400 then taken at 1000 (0x200
 *   its victim); 0x200 again at 1001 finds both ways reserved (0x0's,
 *   0x400's): refused.
 * Per warp (1 entry a warp): warp 0's 0x0 at 0 pending; its 0x80 at 1
 *   refused mshr-full, warp 1's 0x80 at 1 taken; 0x0 filled at 5: warp
 *   0's 0x100 at 4 refused, at 5 taken.
 */
static void busy(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0, 0xf), b = load(1, SET_STRIDE, 0xf);
	struct wt_request d = load(2, 2 * SET_STRIDE, 0xf);
	struct wt_request w0 = load(0, 0x80, 0xf), w1 = load(1, 0x80, 0xf);
	struct wt_request w2 = load(0, 0x100, 0xf);

	setup(&cfg, 0, 0, 8, 0, 1);
	c = l1(&cfg);
	taken(c, &a, 0, PENDING, "ways: 0x0 at 0");
	taken(c, &b, 1, PENDING, "ways: 0x200 at 1");
	refused(c, &d, 2, WT_REFUSE_NO_LINE, "ways: 0x400 at 2, both ways reserved");
	refused(c, &d, 1000, WT_REFUSE_NO_LINE, "ways: 0x400 at 1000, still reserved");
	is_u64((uint64_t)wt_l1_component_fill(c, SET_STRIDE, 0xf, 1000), 0,
	       "ways: 0x200 filled at 1000");
	is_u64(wt_l1_component_ready(c, &b), 0, "ways: retired at once (the L1 is at 1000)");
	taken(c, &d, 1000, PENDING, "ways: 0x400 at 1000 takes 0x200's way");
	refused(c, &b, 1001, WT_REFUSE_NO_LINE, "ways: 0x200 at 1001, both reserved again");
	checked(wt_l1_component_model(c), "ways");
	wt_comp_free(c);

	setup(&cfg, 0, 0, 8, 0, 1);
	cfg.mshr_per_warp = 1;
	c = l1(&cfg);
	taken(c, &a, 0, PENDING, "per warp: warp 0's 0x0 at 0");
	refused(c, &w0, 1, WT_REFUSE_MSHR_FULL, "per warp: warp 0's 0x80 at 1");
	taken(c, &w1, 1, PENDING, "per warp: warp 1's 0x80 at 1");
	is_u64((uint64_t)wt_l1_component_fill(c, 0, 0xf, 5), 0, "per warp: 0x0 filled at 5");
	refused(c, &w2, 4, WT_REFUSE_MSHR_FULL, "per warp: warp 0's 0x100 at 4");
	taken(c, &w2, 5, PENDING, "per warp: warp 0's 0x100 at 5");
	checked(wt_l1_component_model(c), "per warp");
	wt_comp_free(c);
}

/*
 * A sectored L1 (write-through, lazy write-allocate), 4 entries (one a
 * sector), line 0x1000 (set 0).
 *   cycle 0: warp 0 loads sectors 0 and 1 (0x3): 2 entries pending; one
 *            event, mask 0x3, compulsory, latency 0.
 *   cycle 1: warp 1 loads sector 1 (0x2): merges into its entry: pending.
 *   cycle 2: warp 2 loads sector 2 (0x4): 1 entry, 3 of 4.  On miss the
 *            line is there (a way reserved at 0): a sector miss, of no
 *            class; on fill it is not: a miss, not the line's first load
 *            and held by an LRU of 8 lines: associativity.
 *   cycle 3: warp 4 loads line 0x2000's 0x3: 3 + 2 entries of 4: refused.
 *   Fills: sector 0 at 10: 0; warp 0 still pending (sector 1).  Sector 0
 *            again: -1; sectors 0 and 1: -1 (sector 0 has no pending
 *            entry), nothing changed (warp 1 pending).  Sector 1 at 12:
 *            warps 0 and 1 ready at 12 (the later of 10 and 12); warp 2
 *            still pending.
 *   cycle 11: sector 0's entry (due 10) retired: warp 3's load of sector
 *            0 hits, done 31; warp 0 ready at 12 (sector 1's).  Warp 4
 *            again: 2 + 2 entries of 4: taken, pending, compulsory.
 *   Fill sector 2 at 20, 0x2000's 0x3 at 30.  drain(21): the misses at 0,
 *            2 and 11; all of 0x1000 retired (ready 0); next, 30.
 *            drain(31): warp 4's data retired, ready 0; nothing next.
 *   Sectors fetched 0, 1, 2 and 0x2000's 2: 5; merged 1; hit 1.
 */
static void sectored(int alloc_on_fill)
{
	const char *what = alloc_on_fill ? "sectors, on fill" : "sectors, on miss";
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0x1000, 0x3), b = load(1, 0x1000, 0x2);
	struct wt_request s = load(2, 0x1000, 0x4), h = load(3, 0x1000, 0x1);
	struct wt_request x = load(4, 0x2000, 0x3);
	struct wt_event out[8];
	struct wt_l1 *model;
	unsigned cls = alloc_on_fill ? WT_MISS_ASSOCIATIVITY : WT_MISS_NONE;
	size_t n;

	setup(&cfg, 1, alloc_on_fill, 4, 0, 1);
	c = l1(&cfg);
	model = wt_l1_component_model(c);
	printf("# %s\n", what);
	taken(c, &a, 0, PENDING, "two sectors miss at 0, pending");
	taken(c, &b, 1, PENDING, "sector 1 at 1 merges, pending");
	taken(c, &s, 2, PENDING, "sector 2 at 2, pending");
	refused(c, &x, 3, WT_REFUSE_MSHR_FULL, "two sectors of another line: 5 of 4");
	checked(model, "three entries pending");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0x1, 10), 0, "sector 0 at 10");
	is_u64(wt_l1_component_ready(c, &a), PENDING, "warp 0: sector 1 still pending");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0x1, 10), (uint64_t)-1,
	       "sector 0 again: -1");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0x3, 10), (uint64_t)-1,
	       "sectors 0 and 1: -1 (sector 0 not pending)");
	is_u64(wt_l1_component_ready(c, &b), PENDING, "warp 1: still pending");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0x2, 12), 0, "sector 1 at 12");
	is_u64(wt_l1_component_ready(c, &a), 12, "warp 0: ready at 12");
	is_u64(wt_l1_component_ready(c, &b), 12, "warp 1: ready at 12");
	is_u64(wt_l1_component_ready(c, &s), PENDING, "warp 2: still pending");
	checked(model, "two sectors filled");
	taken(c, &h, 11, 31, "sector 0 at 11: filled at 10, a hit");
	is_u64(wt_l1_component_ready(c, &a), 12, "warp 0: sector 1's 12 left");
	taken(c, &x, 11, PENDING, "the other line at 11: 4 of 4, pending");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x1000, 0x4, 20), 0, "sector 2 at 20");
	is_u64((uint64_t)wt_l1_component_fill(c, 0x2000, 0x3, 30), 0, "0x2000 at 30");
	is_u64(wt_l1_component_ready(c, &x), 30, "warp 4: ready at 30");
	n = wt_comp_drain(c, 21, out, 8);
	ok(n == 3 && is_miss(&out[0], 0, 0x1000, 0x3, WT_MISS_COMPULSORY, 0) &&
	   is_miss(&out[1], 2, 0x1000, 0x4, cls, 0) &&
	   is_miss(&out[2], 11, 0x2000, 0x3, WT_MISS_COMPULSORY, 0),
	   "drain(21): the misses at 0, 2 and 11, latency 0");
	ok(wt_l1_component_ready(c, &a) == 0 && wt_l1_component_ready(c, &s) == 0,
	   "0x1000's sectors all retired");
	is_u64(wt_comp_next_event(c), 30, "next, 0x2000's data at 30");
	is_u64(wt_comp_drain(c, 31, out, 8), 0, "drain(31): no event");
	is_u64(wt_l1_component_ready(c, &x), 0, "warp 4's data retired");
	is_u64(wt_comp_next_event(c), UINT64_MAX, "nothing next");
	checked(model, "the end");
	ok(model->st.sector_fetched == 5 && model->st.sector_merged == 1 &&
	   model->st.sector_hits == 1, "5 sectors fetched, 1 merged, 1 hit");
	wt_comp_free(c);
}

/*
 * Allocation on fill, write-back with write-allocate: the fill places the
 * line and writes its dirty victim back at the fill's cycle.
 *   cycle 0: warp 0 stores 0x0: allocated, dirty (no event).
 *   cycle 1: warp 1 stores 0x200: the other way of set 0, dirty.
 *   cycle 2: warp 2 loads 0x400: a miss, pending (no way reserved).
 * Component: drain(3): the miss.  0x400 filled at 50 (the L1 is at 2:
 *   not retired yet); next 50; drain(51) retires it: 0x0, least recently
 *   used, is written back at 50 (128 bytes, all 4 sectors, carrying the
 *   last request's warp, 2).  0x400 hits at 51 (done 71), 0x0 misses at
 *   52.
 * Model alone: the same, run to 50 first (wt_l1_retire), then the fill
 *   at 50 retires at once: the write-back in the fill's out, at 50, of
 *   the entry's warp 2; the load's data retired (ready 0).
 */
static void fill_write_back(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request s0 = req(0, WT_OP_STORE, 0, 0xf);
	struct wt_request s1 = req(1, WT_OP_STORE, SET_STRIDE, 0xf);
	struct wt_request ld = load(2, 2 * SET_STRIDE, 0xf);
	struct wt_request h = load(3, 2 * SET_STRIDE, 0xf), v = load(4, 0, 0xf);
	struct wt_event out[8];
	struct wt_l1 m;
	struct wt_l1_out o = { 0 };
	char err[256];
	uint64_t done, retry;
	size_t n;

	setup(&cfg, 0, 1, 4, 0, 1);
	cfg.write = WT_WRITE_BACK;
	cfg.write_allocate = WT_WALLOC_YES;
	c = l1(&cfg);
	taken(c, &s0, 0, 20, "wb: a store at 0 allocates 0x0");
	taken(c, &s1, 1, 21, "wb: a store at 1 allocates 0x200");
	taken(c, &ld, 2, PENDING, "wb: 0x400 at 2, pending");
	n = wt_comp_drain(c, 3, out, 8);
	ok(n == 1 && is_miss(&out[0], 2, 2 * SET_STRIDE, 0xf, WT_MISS_COMPULSORY, 0),
	   "wb: drain(3): the miss");
	is_u64((uint64_t)wt_l1_component_fill(c, 2 * SET_STRIDE, 0xf, 50), 0,
	       "wb: 0x400 filled at 50");
	is_u64(wt_comp_next_event(c), 50, "wb: next, 50");
	n = wt_comp_drain(c, 51, out, 8);
	ok(n == 1 && out[0].type == WT_EV_WRITE_BACK && out[0].time == 50 &&
	   out[0].addr == 0 && out[0].op == WT_OP_STORE && out[0].bytes == LINE &&
	   out[0].sectors == 0xf && out[0].level == 1 && out[0].warp == 2,
	   "wb: drain(51): 0x0 written back at 50");
	taken(c, &h, 51, 71, "wb: 0x400 hits at 51");
	taken(c, &v, 52, PENDING, "wb: 0x0 misses at 52");
	checked(wt_l1_component_model(c), "wb");
	wt_comp_free(c);

	if (wt_l1_init(&m, &cfg, 0, err, sizeof(err)) < 0)
		abort();
	wt_l1_access(&m, &s0, 0, 0, &o, &done, &retry);
	wt_l1_access(&m, &s1, 1, 0, &o, &done, &retry);
	wt_l1_access(&m, &ld, 2, 0, &o, &done, &retry);
	wt_l1_retire(&m, &ld, 50, &o);
	o.n = 0;
	is_u64((uint64_t)wt_l1_fill(&m, 2 * SET_STRIDE, 0xf, 50, &o), 0,
	       "wb, model: 0x400 filled at 50, where the L1 is");
	ok(o.n == 1 && o.ev[0].type == WT_EV_WRITE_BACK && o.ev[0].time == 50 &&
	   o.ev[0].addr == 0 && o.ev[0].warp == 2 && o.ev[0].pc == 0x100,
	   "wb, model: 0x0's write-back in the fill's out, at 50, the entry's warp");
	is_u64(wt_l1_ready(&m, &ld), 0, "wb, model: the load's data retired");
	checked(&m, "wb, model");
	wt_l1_free(&m);
	free(o.ev);
}

/* wt_l1_init takes external fills in the bounded mode alone, without
 * pending_miss. */
static void refusals(void)
{
	struct wt_l1_cfg cfg;
	struct wt_l1 m;
	char err[256];

	setup(&cfg, 0, 0, 4, 0, 1);
	cfg.mode = WT_L1_UNBOUNDED;
	err[0] = 0;
	ok(wt_l1_init(&m, &cfg, 0, err, sizeof(err)) < 0 && strstr(err, "unbounded"),
	   "init: the unbounded mode refused (%s)", err);
	cfg.mode = WT_L1_BYPASS;
	err[0] = 0;
	ok(wt_l1_init(&m, &cfg, 0, err, sizeof(err)) < 0 && strstr(err, "bypass"),
	   "init: the bypass mode refused (%s)", err);
	cfg.mode = WT_L1_BOUNDED;
	cfg.pending_miss = 1;
	err[0] = 0;
	ok(wt_l1_init(&m, &cfg, 0, err, sizeof(err)) < 0 && strstr(err, "pending"),
	   "init: pending_miss refused (%s)", err);
	setup(&cfg, 1, 1, 4, 0, 1);
	ok(wt_l1_init(&m, &cfg, 0, err, sizeof(err)) == 0, "init: sectored, on fill: taken");
	wt_l1_free(&m);
}

/*
 * External fills brought at the model's own cycles change nothing: the
 * same random requests (loads, stores, atomics of 8 warps to 24 lines at
 * rising cycles, hits and merges in the events) go to an L1 that times its
 * misses (sigma 0: each filled 100 cycles after it leaves) and to one
 * with external fills, each of whose misses is filled at its event's
 * cycle + 100 as soon as it is made.  Every answer (fail, retry, done;
 * for a pending load wt_l1_ready after its fill), every event (a miss's
 * latency apart: 0 against 100) and the counts must be the same.
 */
static void same_as_timed(const char *what, int sectored, int alloc_on_fill,
			  unsigned walloc)
{
	struct wt_l1_cfg ct, ce;
	struct wt_l1 lt, le;
	struct wt_l1_out ot = { 0 }, oe = { 0 };
	char err[256] = "";
	unsigned differ = 0, fails = 0, pending = 0, bad_check = 0;
	uint64_t t = 0;

	setup(&ct, sectored, alloc_on_fill, 6, 3, 0);
	ct.write = WT_WRITE_BACK;
	ct.write_allocate = (int)walloc;
	ct.emit_all = 1;
	ce = ct;
	ce.external_fill = 1;
	if (wt_l1_init(&lt, &ct, 0, err, sizeof(err)) < 0 ||
	    wt_l1_init(&le, &ce, 0, err, sizeof(err)) < 0)
		abort();
	for (int i = 0; i < 4000; i++) {
		struct wt_request r = load((uint32_t)(rnd() % 8), (rnd() % 24) * LINE,
					   (unsigned)(rnd() % 15) + 1);
		unsigned op = (unsigned)(rnd() % 20);
		uint64_t rt = 0, re = 0, dt = 0, de = 0;
		int ft, fe;

		r.op = op < 13 ? WT_OP_LOAD : op < 19 ? WT_OP_STORE : WT_OP_ATOMIC;
		r.bytes = (uint16_t)(wt_sectors_count(r.sectors) * 32);
		t += rnd() % 3;
		ot.n = oe.n = 0;
		ft = wt_l1_access(&lt, &r, t, 0, &ot, &dt, &rt);
		fe = wt_l1_access(&le, &r, t, 0, &oe, &de, &re);
		for (unsigned k = 0; k < oe.n; k++) {
			struct wt_event *e = &oe.ev[k];

			/* a miss that fetched: latency 0, filled now for
			 * its cycle + 100 */
			if (e->type == WT_EV_MISS && e->latency == 0) {
				differ += wt_l1_fill(&le, e->addr, e->sectors,
						     e->time + 100, &oe) != 0;
				e->latency = 100;
			}
		}
		if (ft < 0 && de == PENDING) {
			de = wt_l1_ready(&le, &r);
			pending++;
		}
		differ += ft != fe || (ft >= 0 ? rt != re : dt != de);
		differ += ot.n != oe.n ||
			  memcmp(ot.ev, oe.ev, ot.n * sizeof(*ot.ev)) != 0;
		fails += ft >= 0;
		bad_check += wt_l1_check(&le, err, sizeof(err)) != 0;
	}
	differ += lt.st.hits != le.st.hits || lt.st.misses != le.st.misses ||
		  lt.st.merged != le.st.merged || lt.st.write_backs != le.st.write_backs ||
		  memcmp(lt.st.fails, le.st.fails, sizeof(lt.st.fails)) != 0;
	ok(differ == 0 && fails > 0 && pending > 0 && bad_check == 0,
	   "as timed: %s (%u differ, %u fails, %u pending, %u failed checks)",
	   what, differ, fails, pending, bad_check);
	if (bad_check)
		printf("# %s\n", err);
	wt_l1_free(&lt);
	wt_l1_free(&le);
	free(ot.ev);
	free(oe.ev);
}

int main(void)
{
	line_pending(0);
	line_pending(1);
	line_timed();
	no_draw();
	busy();
	sectored(0);
	sectored(1);
	fill_write_back();
	refusals();
	same_as_timed("lines, allocation on miss", 0, 0, WT_WALLOC_NO);
	same_as_timed("lines, allocation on fill", 0, 1, WT_WALLOC_YES);
	same_as_timed("sectors, lazy fetch", 1, 0, WT_WALLOC_LAZY);
	same_as_timed("sectors, fetch on write", 1, 0, WT_WALLOC_FETCH);
	same_as_timed("sectors, naive, allocation on fill", 1, 1, WT_WALLOC_NAIVE);
	return tap_done();
}
