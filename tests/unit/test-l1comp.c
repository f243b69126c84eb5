/*
 * test-l1comp.c - one SM's L1 as a component (l1comp.h): hits, misses
 * and their events at known cycles, merges into an MSHR in flight, the
 * reservation fails as refusals (a full MSHR, a full merge slot, a full
 * miss queue, a set whose ways are all reserved) taken again once a
 * drain has gone past what frees them, and a sectored L1's sector
 * misses.  The expected values are worked out in the comments from the
 * configurations: no spread of the miss latency (sigma 0), so a miss
 * made at t is filled at t + 100.
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

/* 4 sets x 2 ways of 128-byte lines, linear index, LRU, allocation on
 * miss, write-evict; hits 20 cycles, misses 100, no spread; MSHRs as
 * asked; no policy, no hits in the events. */
static void setup(struct wt_l1_cfg *c, int sectored, unsigned mshr,
		  unsigned merge, unsigned missq)
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
	c->mshr_entries = mshr;
	c->mshr_merge = merge;
	c->miss_queue = missq;
	c->hit_latency = 20;
	c->miss_latency = 100;
	c->mode = WT_L1_BOUNDED;
	c->reuse = WT_L1_REUSE_OFF;
	c->no_warp_stats = 1;
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

static struct wt_request load(uint32_t warp, uint64_t addr, unsigned sectors)
{
	struct wt_request r;

	memset(&r, 0, sizeof(r));
	r.warp = warp;
	r.pc = 0x100;
	r.addr = addr;
	r.count = 1;
	r.op = WT_OP_LOAD;
	r.space = WT_SPACE_GLOBAL;
	r.bytes = LINE;
	r.sectors = (uint8_t)sectors;
	return r;
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

/* A level-1 miss of SM 0 at time t, of line addr and sector mask. */
static int is_miss(const struct wt_event *e, uint64_t t, uint64_t addr,
		   unsigned sectors, unsigned cls)
{
	return e->time == t && e->addr == addr && e->type == WT_EV_MISS &&
	       e->level == 1 && e->sm == 0 && e->sectors == sectors &&
	       e->miss_class == cls && e->latency == 100;
}

/*
 * A line cache of one MSHR entry of 2 merges.
 *   cycle 10: warp 0 loads line 0x1000: a compulsory miss, its MSHR the
 *             only one; one miss event at 10, latency 100; filled at 110.
 *   cycle 10: warp 1 loads line 0x2000: the entry is taken, refused.
 *   cycle 11: warp 2 loads 0x1000: merges into the entry (merges 2), done
 *             when the fill comes, 110; no event (emit_all is off).
 *   cycle 12: warp 3 loads 0x1000: the entry's merges are 2 of 2, refused.
 *   drain(111) goes past the fill at 110: the entry is free.
 *   cycle 111: warp 1 again: taken, filled at 211 (its first load of the
 *             line: compulsory, the class before mshr); warp 3 again at
 *             111: a hit on the line filled at 110, done 131.
 */
static void line_cache(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0x1000, 0xf), b = load(1, 0x2000, 0xf);
	struct wt_request m = load(2, 0x1000, 0xf), h = load(3, 0x1000, 0xf);
	struct wt_event out[8], ev;
	const struct wt_l1 *model;
	enum wt_refusal why;
	size_t n;

	setup(&cfg, 0, 1, 2, 0);
	c = l1(&cfg);
	model = wt_l1_component_model(c);
	is_u64(wt_comp_next_event(c), UINT64_MAX, "l1: empty, nothing next");
	memset(&ev, 0, sizeof(ev));
	ok(wt_comp_accept(c, &ev, 0, &why) < 0 && why == WT_REFUSE_NOT_MINE,
	   "l1: an event is not its kind of record");
	{
		struct wt_request other = a;

		other.sm = 1;
		refused(c, &other, 0, WT_REFUSE_NOT_MINE, "l1: another SM's request");
	}
	taken(c, &a, 10, 110, "l1: a miss at 10, filled at 110");
	refused(c, &b, 10, WT_REFUSE_MSHR_FULL,
		"l1: a second miss at 10 to another line: its one MSHR taken");
	is_u64(wt_comp_next_event(c), 10, "l1: next, the miss event at 10");
	is_u64(wt_comp_drain(c, 10, out, 8), 0, "l1: nothing before cycle 10");
	n = wt_comp_drain(c, 11, out, 8);
	ok(n == 1 && is_miss(&out[0], 10, 0x1000, 0xf, WT_MISS_COMPULSORY) &&
	   out[0].warp == 0, "l1: drain(11): the compulsory miss at 10, latency 100");
	is_u64(wt_comp_next_event(c), 110, "l1: next, the fill at 110");
	taken(c, &m, 11, 110, "l1: a load of the line in flight merges, done at its fill");
	refused(c, &h, 12, WT_REFUSE_MSHR_MERGE, "l1: a third, the merge slots full");
	refused(c, &a, 5, WT_REFUSE_PAST, "l1: a cycle before the last refused");
	is_u64(model->st.fails[WT_FAIL_MSHR_ENTRY] + model->st.fails[WT_FAIL_MSHR_MERGE], 0,
	       "l1: refusals are not counted as the model's fails");
	is_u64(wt_comp_drain(c, 111, out, 8), 0, "l1: drain(111): no event (a merge has none)");
	is_u64(wt_comp_next_event(c), UINT64_MAX, "l1: the fill retired, nothing next");
	taken(c, &b, 111, 211, "l1: the refused miss taken after the fill, filled at 211");
	taken(c, &h, 111, 131, "l1: a hit on the filled line, done 111 + 20");
	n = wt_comp_drain(c, 112, out, 8);
	ok(n == 1 && is_miss(&out[0], 111, 0x2000, 0xf, WT_MISS_COMPULSORY) &&
	   out[0].warp == 1, "l1: drain(112): the second miss at 111");
	is_u64(model->st.loads, 4, "l1: 4 loads made");
	is_u64(model->st.hits, 1, "l1: 1 hit");
	is_u64(model->st.misses, 3, "l1: 3 misses (the merge one of them)");
	is_u64(model->st.merged, 1, "l1: 1 merged");
	wt_comp_free(c);
}

/*
 * A line cache of 8 MSHR entries and a miss queue of 1 (an entry leaves
 * the cycle after it came).  Lines 0x0, 0x200 and 0x400 are all in set 0.
 *   cycle 0: 0x0 misses: its queue entry leaves at 1.
 *   cycle 0: 0x200: the queue full until 1, refused; next_event 0 (the
 *            miss event), then after drain(1) the fill at 100.
 *   cycle 1: 0x200 taken: the second way of set 0 reserved.
 *   cycle 2: 0x400: the queue has room (0x200's entry left at 2), but
 *            both ways of set 0 wait for fills: refused; taken at 100,
 *            once 0x0's fill has made its way valid, a victim again.
 */
static void queue_and_ways(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0, 0xf), b = load(1, SET_STRIDE, 0xf);
	struct wt_request d = load(2, 2 * SET_STRIDE, 0xf);
	struct wt_event out[8];

	setup(&cfg, 0, 8, 0, 1);
	c = l1(&cfg);
	taken(c, &a, 0, 100, "l1 queue: a miss at 0");
	refused(c, &b, 0, WT_REFUSE_MISS_QUEUE_FULL,
		"l1 queue: a second miss at 0, the queue of 1 full");
	is_u64(wt_comp_drain(c, 1, out, 8), 1, "l1 queue: drain(1): the first miss");
	is_u64(wt_comp_next_event(c), 100, "l1 queue: next, the fill at 100");
	taken(c, &b, 1, 101, "l1 queue: the second at 1, the queue empty");
	refused(c, &d, 2, WT_REFUSE_NO_LINE,
		"l1 queue: a third line of set 0 at 2: both ways reserved");
	is_u64(wt_comp_drain(c, 100, out, 8), 1, "l1 queue: drain(100): the second miss");
	taken(c, &d, 100, 200, "l1 queue: the third at 100, 0x0's way filled and free to take");
	wt_comp_free(c);
}

/*
 * The miss class of a request refused an MSHR entry: one entry; lines
 * 0x0, 0x200 and 0x400 of set 0 (2 ways), each filled 100 cycles after
 * its miss.
 *   0x0 at 0, 0x200 at 101, 0x400 at 202: the third evicts 0x0 (LRU).
 *   0x0 again at 202: the entry is 0x400's: refused.
 *   0x0 at 303, after 0x400's fill at 302: taken.  Not its first load
 *   (not compulsory), and it waited for an entry: of class mshr, as
 *   l1sim classes a request it stalled for one (unrefused, it would be
 *   an associativity miss: 3 lines of 8 in a fully associative LRU).
 */
static void mshr_class(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0, 0xf), b = load(1, SET_STRIDE, 0xf);
	struct wt_request d = load(2, 2 * SET_STRIDE, 0xf);
	struct wt_event out[8];
	size_t n;

	setup(&cfg, 0, 1, 0, 0);
	c = l1(&cfg);
	taken(c, &a, 0, 100, "mshr class: 0x0 at 0");
	wt_comp_drain(c, 101, out, 8);
	taken(c, &b, 101, 201, "mshr class: 0x200 at 101");
	wt_comp_drain(c, 202, out, 8);
	taken(c, &d, 202, 302, "mshr class: 0x400 at 202 evicts 0x0");
	refused(c, &a, 202, WT_REFUSE_MSHR_FULL, "mshr class: 0x0 at 202, no entry");
	is_u64(wt_comp_drain(c, 303, out, 8), 1, "mshr class: drain(303): 0x400's miss");
	taken(c, &a, 303, 403, "mshr class: 0x0 at 303");
	n = wt_comp_drain(c, 304, out, 8);
	ok(n == 1 && is_miss(&out[0], 303, 0, 0xf, WT_MISS_MSHR),
	   "mshr class: its miss is of class mshr");
	wt_comp_free(c);
}

/*
 * A sectored L1 (write-through, lazy write-allocate), 3 MSHR entries
 * (one a sector).  Line 0x1000, sectors 0-3.
 *   cycle 0: warp 0 loads sectors 0 and 1 (mask 0x3): the line misses,
 *            takes a way, 2 entries; one miss event, mask 0x3,
 *            compulsory, at 0; filled at 100.
 *   cycle 1: warp 1 loads sectors 2 and 3 (0xc): 2 more entries make 4
 *            of 3: refused.
 *   cycle 1: warp 2 loads sector 2 (0x4): 1 entry, 3 of 3: a sector miss
 *            (the line is there), of no miss class; filled at 101.
 *   drain(101): the two events; sectors 0 and 1 filled at 100.
 *   cycle 101: warp 1 again: sector 2 filled at 101, only sector 3
 *            fetched (mask 0x8), filled at 201.
 *   cycle 102: warp 0's sectors again: a hit, done 122.
 */
static void sectored(void)
{
	struct wt_l1_cfg cfg;
	struct wt_component *c;
	struct wt_request a = load(0, 0x1000, 0x3), b = load(1, 0x1000, 0xc);
	struct wt_request s = load(2, 0x1000, 0x4);
	struct wt_event out[8];
	size_t n;

	a.bytes = b.bytes = 64;
	s.bytes = 32;
	setup(&cfg, 1, 3, 0, 0);
	c = l1(&cfg);
	taken(c, &a, 0, 100, "sectored: two sectors miss at 0");
	refused(c, &b, 1, WT_REFUSE_MSHR_FULL,
		"sectored: two more sectors at 1: 4 entries of 3");
	taken(c, &s, 1, 101, "sectored: one more sector at 1: 3 of 3");
	n = wt_comp_drain(c, 101, out, 8);
	ok(n == 2 && is_miss(&out[0], 0, 0x1000, 0x3, WT_MISS_COMPULSORY) &&
	   is_miss(&out[1], 1, 0x1000, 0x4, WT_MISS_NONE),
	   "sectored: drain(101): the miss of 0x3 at 0, the sector miss of 0x4 at 1");
	is_u64(wt_comp_next_event(c), 101, "sectored: next, sector 2's fill at 101");
	taken(c, &b, 101, 201, "sectored: the refused load at 101 fetches sector 3 alone");
	taken(c, &a, 102, 122, "sectored: sectors 0 and 1 hit at 102");
	n = wt_comp_drain(c, 1000, out, 8);
	ok(n == 1 && is_miss(&out[0], 101, 0x1000, 0x8, WT_MISS_NONE),
	   "sectored: drain(1000): the sector miss of 0x8 at 101");
	is_u64(wt_comp_next_event(c), UINT64_MAX, "sectored: all filled, nothing next");
	is_u64(wt_l1_component_model(c)->st.sector_fetched, 4,
	       "sectored: 4 sectors fetched, each once");
	wt_comp_free(c);
}

/*
 * wt_l1_fails against wt_l1_access, on random loads, stores and atomics
 * of 8 warps to 24 lines (6 a set) at rising cycles: the check said
 * alone must be the one the access makes, fail and retry cycle, in
 * every kind of L1 (line and sectored, allocation on miss and on fill,
 * refetches of lines in flight, per-warp limits, write-allocates that
 * fetch).  A fail changes nothing, so the access may follow the check.
 */
static void agree(const char *what, int sectored, int alloc_on_fill, int pending,
		  unsigned per_warp, unsigned walloc)
{
	struct wt_l1_cfg cfg;
	struct wt_l1 l1;
	struct wt_l1_out out = { 0 };
	char err[256];
	unsigned differ = 0, fails = 0;
	uint64_t t = 0;

	setup(&cfg, sectored, 6, 2, 4);
	cfg.alloc_on_fill = alloc_on_fill;
	cfg.pending_miss = pending;
	cfg.mshr_per_warp = per_warp;
	cfg.write_allocate = (int)walloc;
	cfg.write = WT_WRITE_BACK;
	cfg.sigma = 20;
	if (wt_l1_init(&l1, &cfg, 0, err, sizeof(err)) < 0)
		abort();
	for (int i = 0; i < 4000; i++) {
		struct wt_request r = load((uint32_t)(rnd() % 8), (rnd() % 24) * LINE,
					   (unsigned)(rnd() % 15) + 1);
		unsigned op = (unsigned)(rnd() % 20);
		uint64_t rf = 0, ra = 0, done;
		int f, a;

		r.op = op < 13 ? WT_OP_LOAD : op < 19 ? WT_OP_STORE : WT_OP_ATOMIC;
		r.bytes = (uint16_t)(wt_sectors_count(r.sectors) * 32);
		t += rnd() % 3;
		f = wt_l1_fails(&l1, &r, t, &out, &rf);
		a = wt_l1_access(&l1, &r, t, 0, &out, &done, &ra);
		differ += f != a || (f >= 0 && rf != ra);
		fails += a >= 0;
		out.n = 0;
	}
	/* (wt_l1_check holds each line to one entry, which refetches of
	 * lines in flight break on purpose) */
	err[0] = 0;
	ok(differ == 0 && fails > 0 &&
	   (pending || wt_l1_check(&l1, err, sizeof(err)) == 0),
	   "agree: %s: the check alone is the access's (%u differ, %u fails)",
	   what, differ, fails);
	if (err[0])
		printf("# %s\n", err);
	wt_l1_free(&l1);
	free(out.ev);
}

int main(void)
{
	line_cache();
	queue_and_ways();
	mshr_class();
	sectored();
	agree("lines, allocation on miss", 0, 0, 0, 0, WT_WALLOC_NO);
	agree("lines, allocation on fill", 0, 1, 0, 0, WT_WALLOC_YES);
	agree("lines, refetches in flight", 0, 0, 1, 0, WT_WALLOC_NO);
	agree("lines, 2 entries a warp", 0, 0, 0, 2, WT_WALLOC_YES);
	agree("sectors, lazy fetch", 1, 0, 0, 0, WT_WALLOC_LAZY);
	agree("sectors, fetch on write", 1, 0, 0, 0, WT_WALLOC_FETCH);
	agree("sectors, naive, allocation on fill", 1, 1, 0, 2, WT_WALLOC_NAIVE);
	return tap_done();
}
