/*
 * test-sector.c - sectored caches and GPGPU-Sim's counting and write
 * policies in the L1 (l1sector.c) and the L2 (l2sector.c), on hand-made
 * request streams whose answers are worked out in the comments from
 * GPGPU-Sim's rules (gpu-cache.cc: tag_array::probe and access, the
 * data_cache rd_/wr_ functions, cache_stats::get_sub_stats;
 * l2cache.cc: breakdown_request_to_sector_requests): a sector miss on a
 * line that is there, fills sector by sector, merging and its limit, both
 * miss rates, a Volta L1's store hits (write-through, lazy fetch on
 * read), the L2's W (write on and fetch) against warptrace's "yes", a
 * line L1's miss broken into four sector accesses, and a copy's sectors
 * marked present (memcpy).
 */
#include "gscount.h"
#include "l1model.h"
#include "l2model.h"
#include "tap.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define LINE 128
#define SETS 4

/* ---- L1 ---- */

/* 4 sets x 4 ways of 128-byte lines of 4 sectors, linear index, LRU;
 * write-through, lazy fetch on read (Volta's T and L), allocation on
 * miss; 8 MSHR entries of 2 merges, no miss queue; hits 1 cycle, misses
 * 100. */
static void l1_setup(struct wt_l1 *l1, struct wt_l1_cfg *c)
{
	char err[256];

	memset(c, 0, sizeof(*c));
	c->geom = (struct wt_cache_geom){ SETS, 4, LINE, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", SETS, LINE, &c->ix, err, sizeof(err)) < 0)
		abort();
	c->sector = 32;
	c->sectored = 1;
	c->write = WT_WRITE_THROUGH;
	c->write_allocate = WT_WALLOC_LAZY;
	c->mshr_entries = 8;
	c->mshr_merge = 2;
	c->hit_latency = 1;
	c->miss_latency = 100;
	c->mode = WT_L1_BOUNDED;
	c->reuse = WT_L1_REUSE_OFF;
	c->no_warp_stats = 1;
	if (wt_l1_init(l1, c, 0, err, sizeof(err)) < 0)
		abort();
}

static struct wt_request req(unsigned op, uint64_t addr, unsigned sectors,
			     unsigned bytes)
{
	struct wt_request r;

	memset(&r, 0, sizeof(r));
	r.addr = addr;
	r.count = 1;
	r.op = (uint8_t)op;
	r.space = WT_SPACE_GLOBAL;
	r.sectors = (uint8_t)sectors;
	r.bytes = (uint16_t)bytes;
	return r;
}

/* What one request did: its return (-1 made, else the fail), when its
 * warp goes on, and its events. */
struct res {
	int rc;
	uint64_t done, retry;
	unsigned n;
	struct wt_event ev[4];
};

static struct res l1_at(struct wt_l1 *l1, unsigned op, uint64_t addr,
			unsigned sectors, unsigned bytes, uint64_t t)
{
	struct wt_request r = req(op, addr, sectors, bytes);
	struct wt_l1_out out = { 0 };
	struct res x;

	memset(&x, 0, sizeof(x));
	x.rc = wt_l1_access(l1, &r, t, 0, &out, &x.done, &x.retry);
	x.n = out.n;
	if (out.n)	/* out.ev is NULL while no event was made */
		memcpy(x.ev, out.ev, (out.n < 4 ? out.n : 4) * sizeof(*out.ev));
	free(out.ev);
	return x;
}

static uint64_t gs(const struct wt_l1 *l1, unsigned type, unsigned status)
{
	return l1->st.gs.n[type][status];
}

static void test_l1_loads(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct res x;
	char err[256];

	l1_setup(&l1, &c);
	/* t=0: sector 0 of line A: the line is not there, a MISS; one
	 * fetch, of sector 0 only, ready at 100. */
	x = l1_at(&l1, WT_OP_LOAD, 0, 0x1, 32, 0);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].type == WT_EV_MISS && x.ev[0].sectors == 0x1,
	   "a miss fetches the sector asked for, not the line");
	is_u64(x.ev[0].miss_class, WT_MISS_COMPULSORY, "its line's first load: compulsory");
	is_u64(l1.nmshr, 1, "one MSHR entry: a sector's");
	/* t=200: sectors 0 and 1: 0 is there (HIT), 1 is not: a
	 * SECTOR_MISS that fetches sector 1 alone. */
	x = l1_at(&l1, WT_OP_LOAD, 0, 0x3, 64, 200);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].sectors == 0x2,
	   "a sector miss on a line that is there fetches the missing sector only");
	is_u64(x.ev[0].miss_class, WT_MISS_NONE, "a sector miss is none of Nugteren's classes");
	is_u64(l1.st.sector_misses, 1, "counted as a sector miss");
	/* t=250: sector 1 again, in flight until 300: a pending hit
	 * (HIT_RESERVED, merged into its entry), ready with its fill. */
	x = l1_at(&l1, WT_OP_LOAD, 0, 0x2, 32, 250);
	ok(x.rc < 0 && x.n == 0 && x.done == 300,
	   "a load of a sector in flight merges and waits for its fill (done %llu)",
	   (unsigned long long)x.done);
	/* t=400: every sector: 0 and 1 have come (each its own fill), 2
	 * and 3 are fetched, one event for both. */
	x = l1_at(&l1, WT_OP_LOAD, 0, 0xf, 128, 400);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].sectors == 0xc,
	   "sectors fill one by one: 0 and 1 hit, 2 and 3 are fetched together");
	/* t=600: all four there: a hit. */
	x = l1_at(&l1, WT_OP_LOAD, 0, 0xf, 128, 600);
	ok(x.rc < 0 && x.n == 0 && x.done == 601, "then the whole line hits");
	/*
	 * Requests: 5 loads, 1 hit, 4 misses (the merged one a miss, as
	 * Nugteren counts it): warptrace's miss rate 4/5.  GPGPU-Sim's
	 * accesses are sectors: 1 + 2 + 1 + 4 + 4 = 12, of them HIT 1 + 2
	 * + 4 = 7, HIT_RESERVED 1, MISS 1, SECTOR_MISS 1 + 2 = 3: its miss
	 * rate (MISS + SECTOR_MISS) / accesses = 4/12.
	 */
	is_u64(l1.st.loads, 5, "5 load requests");
	is_u64(l1.st.hits, 1, "1 hit");
	is_u64(l1.st.misses, 4, "4 misses");
	is_u64(l1.st.merged, 1, "1 merged");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_HIT), 7, "GPGPU-Sim: 7 HIT");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_HIT_RESERVED), 1, "GPGPU-Sim: 1 HIT_RESERVED");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_MSHR_HIT), 1, "GPGPU-Sim: 1 MSHR_HIT");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_MISS), 1, "GPGPU-Sim: 1 MISS");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_SECTOR_MISS), 3, "GPGPU-Sim: 3 SECTOR_MISS");
	is_u64(wt_gs_accesses(&l1.st.gs), 12, "GPGPU-Sim: 12 accesses");
	is_u64(wt_gs_misses(&l1.st.gs), 4, "GPGPU-Sim: 4 misses (MISS + SECTOR_MISS)");
	is_u64(l1.st.sector_loads, 12, "12 sectors asked for");
	is_u64(l1.st.sector_fetched, 4, "4 fetched");
	ok(wt_l1_check(&l1, err, sizeof(err)) == 0, "MSHRs consistent");

	/* Merging and its limit: line B (set 1) sector 0 at t=1000; twice
	 * more before its fill at 1100: the first merges (2 of 2), the
	 * second finds the entry full: a reservation fail until 1100. */
	l1_at(&l1, WT_OP_LOAD, LINE, 0x1, 32, 1000);
	x = l1_at(&l1, WT_OP_LOAD, LINE, 0x1, 32, 1010);
	ok(x.rc < 0 && x.done == 1100, "a second load merges (merge slot 2 of 2)");
	x = l1_at(&l1, WT_OP_LOAD, LINE, 0x1, 32, 1020);
	ok(x.rc == WT_FAIL_MSHR_MERGE && x.retry == 1100,
	   "a third finds no merge slot: a reservation fail until the fill");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_RESERVATION_FAIL), 1, "GPGPU-Sim: 1 RESERVATION_FAIL");
	is_u64(wt_gs_accesses(&l1.st.gs), 14, "a fail is not an access");
	/* A request of sectors 0 and 1 of a new line C (set 2) needs two
	 * entries: with 7 of 8 taken it must wait. */
	for (unsigned i = 0; i < 7; i++)	/* sets 3: lines 3, 7, ... */
		l1_at(&l1, WT_OP_LOAD, (3 + 4 * (uint64_t)(i % 4)) * LINE, 1u << (i / 4),
		      32, 2000);
	is_u64(l1.nmshr, 7, "7 entries in flight");
	x = l1_at(&l1, WT_OP_LOAD, 2 * LINE, 0x3, 64, 2000);
	ok(x.rc == WT_FAIL_MSHR_ENTRY, "two sectors need two entries: a fail with one free");
	x = l1_at(&l1, WT_OP_LOAD, 2 * LINE, 0x3, 64, 2100);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].sectors == 0x3, "and both go once entries free");
	wt_l1_free(&l1);
}

static void test_l1_stores(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct res x;

	l1_setup(&l1, &c);
	/* Volta's L1, write-through with lazy fetch on read: a store to a
	 * line not there writes through, and allocates the line with its
	 * sectors MODIFIED (a MISS for the first, SECTOR_MISS for the
	 * others, which find the line the first allocated). */
	x = l1_at(&l1, WT_OP_STORE, 0, 0xf, 128, 0);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].type == WT_EV_WRITE_THROUGH &&
	   x.ev[0].sectors == 0xf, "a store miss writes through");
	ok(wt_cache_find(&l1.cache, 0, 0) >= 0, "and allocates the line (lazy fetch on read)");
	is_u64(gs(&l1, WT_GS_STORE, WT_GS_MISS), 1, "GPGPU-Sim: 1 store MISS");
	is_u64(gs(&l1, WT_GS_STORE, WT_GS_SECTOR_MISS), 3, "GPGPU-Sim: 3 store SECTOR_MISS");
	/* the same store again: 4 HIT (write-through hits), written on */
	x = l1_at(&l1, WT_OP_STORE, 0, 0xf, 128, 10);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].type == WT_EV_WRITE_THROUGH,
	   "a store to the line written before hits and writes through");
	is_u64(gs(&l1, WT_GS_STORE, WT_GS_HIT), 4, "GPGPU-Sim: 4 store HIT");
	is_u64(l1.st.store_hits, 1, "1 store hit (a request)");
	is_u64(l1.st.store_misses, 1, "1 store miss");
	/* a load of what the stores wrote whole: a hit, no fetch */
	x = l1_at(&l1, WT_OP_LOAD, 0, 0x3, 64, 20);
	ok(x.rc < 0 && x.n == 0 && l1.st.hits == 1, "a load of sectors written whole hits");
	/* a store of 4 bytes to line D: written in part, not readable... */
	x = l1_at(&l1, WT_OP_STORE, LINE, 0x1, 4, 30);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].type == WT_EV_WRITE_THROUGH, "a partial store writes through");
	/* ...so a load of it is a SECTOR_MISS that fetches the sector */
	x = l1_at(&l1, WT_OP_LOAD, LINE, 0x1, 4, 40);
	ok(x.rc < 0 && x.n == 1 && x.ev[0].type == WT_EV_MISS && x.ev[0].sectors == 0x1,
	   "a load of a sector written in part fetches it");
	is_u64(gs(&l1, WT_GS_LOAD, WT_GS_SECTOR_MISS), 1, "GPGPU-Sim: a load SECTOR_MISS");
	/* a load, then a store to the sector loaded: a store hit */
	l1_at(&l1, WT_OP_LOAD, 2 * LINE, 0x1, 32, 50);
	x = l1_at(&l1, WT_OP_STORE, 2 * LINE, 0x1, 32, 200);
	is_u64(gs(&l1, WT_GS_STORE, WT_GS_HIT), 5, "a store to a loaded sector hits");
	/* write-through L1: the modified lines leave without a write-back */
	for (unsigned i = 1; i <= 4; i++)
		l1_at(&l1, WT_OP_LOAD, (uint64_t)i * SETS * LINE, 0x1, 32, 300 + i);
	is_u64(l1.st.write_backs, 0, "a write-through L1 writes nothing back");
	wt_l1_free(&l1);

	/* Write-back, write-evict and no write-allocate (GPGPU-Sim's
	 * 'L' policy on a global store is write-evict) */
	l1_setup(&l1, &c);
	c.write = WT_WRITE_LOCAL_WB;
	c.write_allocate = WT_WALLOC_NO;
	l1_at(&l1, WT_OP_LOAD, 0, 0x3, 64, 0);
	x = l1_at(&l1, WT_OP_STORE, 0, 0x1, 32, 200);
	ok(x.n == 1 && x.ev[0].type == WT_EV_WRITE_THROUGH &&
	   gs(&l1, WT_GS_STORE, WT_GS_HIT) == 1, "a global store hit evicts and writes on");
	x = l1_at(&l1, WT_OP_LOAD, 0, 0x3, 64, 210);
	ok(x.n == 1 && x.ev[0].sectors == 0x1, "its sector alone left the line");
	x = l1_at(&l1, WT_OP_STORE, 5 * LINE, 0xf, 128, 220);
	ok(x.n == 1 && gs(&l1, WT_GS_STORE, WT_GS_MISS) == 4 &&
	   wt_cache_find(&l1.cache, 1, 5 * LINE) < 0,
	   "without write-allocate a store miss allocates nothing: 4 MISS");
	wt_l1_free(&l1);
}

/* ---- L2 ---- */

/* One partition of 4 sets x 2 ways, one bank and port, tag accesses of
 * 10 cycles, misses 200, write-back, no MSHR limits. */
static void l2_setup(struct wt_l2 *l2, struct wt_l2_cfg *c, int sectored,
		     int walloc)
{
	char err[256];

	memset(c, 0, sizeof(*c));
	c->geom = (struct wt_cache_geom){ SETS, 2, LINE, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", SETS, LINE, &c->ix, err, sizeof(err)) < 0)
		abort();
	c->sector = 32;
	c->sectored = sectored;
	c->write_back = 1;
	c->write_allocate = walloc;
	c->banks = 1;
	c->bank_bit = 7;
	c->ports = 1;
	c->bank_queue = 8;
	c->bank_cycle = 1;
	c->tag_latency = 10;
	c->miss_latency = 200;
	if (wt_l2_init(l2, c, 0, err, sizeof(err)) < 0)
		abort();
}

/* An L1 event: type, op, line address, sector mask, bytes. */
static struct wt_event l1ev(unsigned type, unsigned op, uint64_t addr,
			    unsigned sectors, unsigned bytes)
{
	struct wt_event e;

	memset(&e, 0, sizeof(e));
	e.type = (uint8_t)type;
	e.op = (uint8_t)op;
	e.addr = addr;
	e.sectors = (uint8_t)sectors;
	e.bytes = (uint16_t)bytes;
	e.level = 1;
	return e;
}

/* Serve e arriving at t; its DRAM events in *out (freed by the caller). */
static void l2_at(struct wt_l2 *l2, const struct wt_event *e, uint64_t t,
		  struct wt_l2_out *out)
{
	out->n = out->first = out->noc = 0;
	out->unsorted = 0;
	wt_l2_request(l2, e, e->addr, t, out);
}

static unsigned count_type(const struct wt_l2_out *o, unsigned type, unsigned op)
{
	unsigned n = 0;

	for (size_t i = 0; i < o->n; i++)
		n += o->ev[i].type == type && o->ev[i].op == op;
	return n;
}

static void test_l2_write_allocate(void)
{
	struct wt_l2 l2;
	struct wt_l2_cfg c;
	struct wt_l2_out out = { 0 };
	struct wt_event e;

	/* GPGPU-Sim's W on a line L2 (gtx1080's N:64:128:16,L:B:m:W:L): a
	 * write miss goes on to DRAM and fetches the line: two DRAM
	 * events.  The port takes the request at 0, the bank at 1, the tag
	 * access ends at 11; the fill comes at 211. */
	l2_setup(&l2, &c, 0, WT_WALLOC_NAIVE);
	e = l1ev(WT_EV_WRITE_THROUGH, WT_OP_STORE, 0, 0xf, 128);
	l2_at(&l2, &e, 0, &out);
	ok(out.n == 2 && count_type(&out, WT_EV_WRITE_THROUGH, WT_OP_STORE) == 1 &&
	   count_type(&out, WT_EV_MISS, WT_OP_LOAD) == 1 && out.ev[0].time == 11,
	   "W: a write miss writes on to DRAM and fetches the line (at cycle 11)");
	is_u64(l2.st.gs.n[WT_GS_STORE][WT_GS_MISS], 1, "GPGPU-Sim: a store MISS");
	/* a load of it at 100 waits for the fill: a pending hit, done 211 */
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 0, 0xf, 128);
	l2_at(&l2, &e, 100, &out);
	ok(out.n == 0 && out.noc == 1 && out.oc[0].latency == 111,
	   "a load of the line in flight waits for it (latency %u)", out.noc ? out.oc[0].latency : 0);
	is_u64(l2.st.gs.n[WT_GS_LOAD][WT_GS_HIT_RESERVED], 1, "GPGPU-Sim: a load HIT_RESERVED");
	/* after the fill the line is clean: its eviction writes nothing */
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 4 * LINE, 0xf, 128);
	l2_at(&l2, &e, 300, &out);
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 8 * LINE, 0xf, 128);
	l2_at(&l2, &e, 310, &out);
	is_u64(l2.st.write_backs, 0, "the line W fetched is clean: no write-back");
	wt_l2_free(&l2);

	/* warptrace's yes: the write miss takes the line, dirty, no DRAM
	 * traffic until its eviction writes it back */
	l2_setup(&l2, &c, 0, WT_WALLOC_YES);
	e = l1ev(WT_EV_WRITE_THROUGH, WT_OP_STORE, 0, 0xf, 128);
	l2_at(&l2, &e, 0, &out);
	is_u64(out.n, 0, "yes: the write miss sends nothing to DRAM");
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 4 * LINE, 0xf, 128);
	l2_at(&l2, &e, 300, &out);
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 8 * LINE, 0xf, 128);
	l2_at(&l2, &e, 310, &out);
	is_u64(l2.st.write_backs, 1, "and writes the line back when it leaves");
	wt_l2_free(&l2);

	/* F on a sectored L2: a sector written whole is taken MODIFIED with
	 * no DRAM traffic; one written in part is fetched */
	l2_setup(&l2, &c, 1, WT_WALLOC_FETCH);
	e = l1ev(WT_EV_WRITE_THROUGH, WT_OP_STORE, 0, 0x1, 32);
	l2_at(&l2, &e, 0, &out);
	is_u64(out.n, 0, "F: a whole sector written: no DRAM traffic");
	e = l1ev(WT_EV_WRITE_THROUGH, WT_OP_STORE, 0, 0x2, 4);
	l2_at(&l2, &e, 10, &out);
	ok(out.n == 1 && out.ev[0].type == WT_EV_MISS && out.ev[0].sectors == 0x2,
	   "F: a sector written in part is fetched");
	is_u64(l2.st.gs.n[WT_GS_STORE][WT_GS_SECTOR_MISS], 1, "GPGPU-Sim: a store SECTOR_MISS");
	wt_l2_free(&l2);
	free(out.ev);
	free(out.oc);
}

static void test_l2_sectors(void)
{
	struct wt_l2 l2;
	struct wt_l2_cfg c;
	struct wt_l2_out out = { 0 };
	struct wt_event e;

	/* Volta's L2: sectored, lazy fetch on read, write-back.  A line L1's
	 * load miss asks for its whole line: four sector accesses, one MISS
	 * and three SECTOR_MISS, four 32-byte fetches, four tag accesses. */
	l2_setup(&l2, &c, 1, WT_WALLOC_LAZY);
	c.l1_line = LINE;
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 0, 0x1, 4);
	l2_at(&l2, &e, 0, &out);
	ok(out.n == 4 && count_type(&out, WT_EV_MISS, WT_OP_LOAD) == 4 &&
	   out.ev[3].sectors == 0x8, "a line L1's miss: four sector fetches");
	is_u64(l2.st.gs.n[WT_GS_LOAD][WT_GS_MISS], 1, "GPGPU-Sim: 1 MISS");
	is_u64(l2.st.gs.n[WT_GS_LOAD][WT_GS_SECTOR_MISS], 3, "GPGPU-Sim: 3 SECTOR_MISS");
	is_u64(l2.st.bank[0].accesses, 4, "four tag accesses");
	is_u64(l2.st.misses, 1, "one read request, a miss");
	/* a sectored L1's miss asks for its mask: two sectors of line 1 */
	c.l1_line = 0;
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, LINE, 0x6, 64);
	l2_at(&l2, &e, 10, &out);
	ok(out.n == 2 && out.ev[0].sectors == 0x2 && out.ev[1].sectors == 0x4,
	   "a sectored L1's miss: its two sectors");
	/* the same sector again before its fill: a pending hit */
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, LINE, 0x2, 32);
	l2_at(&l2, &e, 20, &out);
	ok(out.n == 0 && out.noc == 1 && out.oc[0].hit == 0,
	   "a sector in flight: merged, no DRAM traffic");
	is_u64(l2.st.gs.n[WT_GS_LOAD][WT_GS_HIT_RESERVED], 1, "GPGPU-Sim: 1 HIT_RESERVED");
	/* an L1 write-back of sectors 0 and 2 of line 2 (lazy: written in,
	 * MODIFIED, no DRAM traffic) */
	e = l1ev(WT_EV_WRITE_BACK, WT_OP_STORE, 2 * LINE, 0x5, 64);
	l2_at(&l2, &e, 30, &out);
	is_u64(out.n, 0, "L: written in, nothing to DRAM");
	is_u64(l2.st.gs.n[WT_GS_WRITE_BACK][WT_GS_MISS], 1, "GPGPU-Sim: write-back MISS");
	is_u64(l2.st.gs.n[WT_GS_WRITE_BACK][WT_GS_SECTOR_MISS], 1,
	       "GPGPU-Sim: write-back SECTOR_MISS");
	/* line 2 leaves (two more lines of set 2): its two modified
	 * sectors go back, one write-back of mask 0x5 */
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 6 * LINE, 0x1, 32);
	l2_at(&l2, &e, 40, &out);
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 10 * LINE, 0x1, 32);
	l2_at(&l2, &e, 50, &out);
	ok(l2.st.write_backs == 1 && count_type(&out, WT_EV_WRITE_BACK, WT_OP_STORE) == 1,
	   "its eviction writes the modified sectors back");
	{
		unsigned m = 0;

		for (size_t i = 0; i < out.n; i++)
			if (out.ev[i].type == WT_EV_WRITE_BACK)
				m = out.ev[i].sectors;
		is_u64(m, 0x5, "sectors 0 and 2 alone");
	}
	/* a copy before the kernel marks sector 0 of line 3 present */
	wt_l2_warm(&l2, 3 * LINE, 3 * LINE, 0x1);
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 3 * LINE, 0x1, 32);
	l2_at(&l2, &e, 1000, &out);
	ok(out.n == 0 && out.oc[0].hit, "a sector a copy warmed hits");
	e = l1ev(WT_EV_MISS, WT_OP_LOAD, 3 * LINE, 0x2, 32);
	l2_at(&l2, &e, 1010, &out);
	ok(out.n == 1 && out.ev[0].sectors == 0x2, "the next sector of its line does not");
	is_u64(l2.st.memcpy_sectors, 1, "one sector warmed");
	wt_l2_free(&l2);
	free(out.ev);
	free(out.oc);
}

int main(void)
{
	test_l1_loads();
	test_l1_stores();
	test_l2_write_allocate();
	test_l2_sectors();
	return tap_done();
}
