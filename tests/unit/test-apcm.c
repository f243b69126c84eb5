/*
 * test-apcm.c - APCM's per-SM state (Koo et al., ISCA 2017): hand-made
 * streams of instructions and load requests drive LAT, MTA, CAIT and PSB
 * through the locality types of Table 2, the CAIT overwrite rule, the
 * uncoalesced and full-LAT cases, the PSB's releases and the example of
 * section 5.3 (Figure 11).
 */
#include "apcm.h"
#include "tap.h"

#define LINE(n)	((uint64_t)(n) * 128)

/* A one-request load instruction of warp at pc reading line. */
static enum wt_apcm_method load(struct wt_apcm *a, uint32_t warp, uint32_t pc,
				uint64_t line)
{
	enum wt_apcm_method m;

	wt_apcm_instruction(a, warp, pc);
	m = wt_apcm_load(a, warp, pc, line, 0, 0);
	wt_apcm_after_load(a, warp, pc);
	return m;
}

static struct wt_apcm *new_apcm(int bypass, int protect, unsigned mta)
{
	struct wt_apcm_cfg c;

	wt_apcm_default(&c);
	c.bypass = bypass;
	c.protect = protect;
	if (mta)
		c.mta_entries = mta;
	return wt_apcm_new(&c);
}

static const char *type_of(const struct wt_apcm *a, uint32_t pc)
{
	struct wt_apcm_entry e;
	int id = wt_apcm_load_id(a, pc);

	if (id < 0 || !wt_apcm_cait(a, (unsigned)id, &e))
		return "invalid";
	return wt_apcm_type_name(e.type);
}

static void test_names(void)
{
	is_str(wt_apcm_type_name(wt_apcm_type_of(1, 1)), "streaming", "N 1: streaming");
	is_str(wt_apcm_type_name(wt_apcm_type_of(5, 1)), "inter-warp", "N 5, M 1: inter-warp");
	is_str(wt_apcm_type_name(wt_apcm_type_of(5, 5)), "intra-warp", "N 5, M 5: intra-warp");
	is_str(wt_apcm_type_name(wt_apcm_type_of(5, 3)), "inter+intra-warp",
	       "N 5, M 3: inter+intra-warp");
	is_str(wt_apcm_method_name(WT_APCM_PROTECT), "protect", "method names");
}

/*
 * The monitored warp 0 runs: 0x080 (a load before the loop), then three
 * times the loop 0x0f0 (a store), 0x100 L (the same line each time), 0x110
 * M (a new line each time), then 0x200 after the loop, and ends.
 */
static void monitor_loop(struct wt_apcm *a)
{
	wt_apcm_kernel_begin(a, 0);
	load(a, 0, 0x080, LINE(100));
	for (unsigned i = 0; i < 3; i++) {
		wt_apcm_instruction(a, 0, 0x0f0);
		load(a, 0, 0x100, LINE(32));
		load(a, 0, 0x110, LINE(65 + i));
	}
	load(a, 0, 0x200, LINE(292));
}

static void test_intra_loop(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_entry e;
	struct wt_apcm_tag t;
	int id;
	uint32_t life;

	monitor_loop(a);
	ok(wt_apcm_mta(a, LINE(32), &t) && t.count == 3 && t.intra == 3 &&
	   t.first_pc == 0x100 && t.last_pc == 0x100,
	   "loop: L's line is in the MTA, counts 3 and 3, first = last = L");
	is_str(type_of(a, 0x100), "invalid", "before the warp ends L has no CAIT entry");
	is_u64(load(a, 5, 0x100, LINE(500)), WT_APCM_NORMAL, "so other warps get normal");
	wt_apcm_warp_end(a, 0);
	ok(!wt_apcm_monitoring(a) && !wt_apcm_mta(a, LINE(32), &t),
	   "monitored warp ends: MTA invalidated, monitoring stops");
	id = wt_apcm_load_id(a, 0x100);
	ok(id == 1 && wt_apcm_cait(a, (unsigned)id, &e), "L has load id 1 and a CAIT entry");
	is_str(wt_apcm_type_name(e.type), "intra-warp", "L is intra-warp");
	is_u64(e.method, WT_APCM_PROTECT, "and protected");
	ok(e.loop && e.count == 3 && e.last_pc == 0x100, "loop bit set, count 3, last load L");
	ok(e.body && e.lo == 0x0f0 && e.hi == 0x110,
	   "L's loop body is [0x0f0, 0x110], not the load before the loop");
	is_str(type_of(a, 0x110), "streaming", "M, a new line each time, is streaming");
	is_u64(load(a, 1, 0x110, LINE(700)), WT_APCM_BYPASS, "M is bypassed");
	is_u64(wt_apcm_stats(a)->cait_updates, 4,
	       "four CAIT writes, one per load: of M's three lines (count 1 each) only the first");

	/* warp 1 runs the loop: its PSB entry holds L until it leaves */
	wt_apcm_instruction(a, 1, 0x0f0);
	wt_apcm_instruction(a, 1, 0x100);
	is_u64(wt_apcm_load(a, 1, 0x100, LINE(900), 0, 0), WT_APCM_PROTECT, "warp 1: L is protected");
	is_u64(wt_apcm_lifetime(a, 1), 0, "no lifetime before a pin");
	ok(wt_apcm_pin(a, 1, 0x100), "warp 1 may pin its line");
	ok(wt_apcm_protected(a, 1), "its PSB entry is set");
	life = wt_apcm_lifetime(a, 1);
	ok(life != 0, "a pin starts a lifetime");
	wt_apcm_after_load(a, 1, 0x100);
	load(a, 1, 0x110, LINE(901));
	wt_apcm_instruction(a, 1, 0x0f0);
	wt_apcm_instruction(a, 1, 0x100);
	ok(wt_apcm_protected(a, 1), "still protected inside the loop body");
	ok(wt_apcm_pin(a, 1, 0x100), "the same load pins again");
	is_u64(wt_apcm_lifetime(a, 1), life, "in the same lifetime");
	is_u64(wt_apcm_stats(a)->pins, 2, "two pins allowed");
	wt_apcm_instruction(a, 1, 0x200);
	ok(!wt_apcm_protected(a, 1), "an instruction past the body releases it");
	is_u64(wt_apcm_lifetime(a, 1), 0, "the lifetime is over");
	wt_apcm_instruction(a, 1, 0x100);
	ok(wt_apcm_pin(a, 1, 0x100) && wt_apcm_lifetime(a, 1) != life,
	   "a new pin of the same warp is a new lifetime: old lines stay unprotected");
	wt_apcm_instruction(a, 1, 0x200);
	is_u64(wt_apcm_stats(a)->released_loop_exit, 2, "counted as loop exits, both");
	wt_apcm_load(a, 0, 0x100, LINE(1000), 0, 0);
	ok(!wt_apcm_mta(a, LINE(1000), &t), "the monitored warp's id is followed no more");
	wt_apcm_free(a);
}

static void test_inter(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_entry e;
	struct wt_apcm_tag t;

	wt_apcm_kernel_begin(a, 3);
	load(a, 3, 0x100, LINE(7));
	load(a, 4, 0x100, LINE(7));
	load(a, 5, 0x180, LINE(7));
	ok(wt_apcm_mta(a, LINE(7), &t) && t.count == 3 && t.intra == 1,
	   "two other warps: access count 3, intra-warp count 1");
	is_u64(t.last_pc, 0x100, "other warps leave the last load id alone");
	wt_apcm_warp_end(a, 3);
	is_str(type_of(a, 0x100), "inter-warp", "read once by the monitored warp, then by others: inter-warp");
	is_u64(load(a, 6, 0x100, LINE(8)), WT_APCM_NORMAL, "inter-warp loads are cached normally");
	is_str(type_of(a, 0x180), "invalid", "a load that only hit another's MTA entry has no CAIT entry");

	/* inter+intra: the monitored warp twice, another warp once */
	wt_apcm_kernel_begin(a, 3);
	load(a, 3, 0x100, LINE(7));
	load(a, 4, 0x100, LINE(7));
	load(a, 3, 0x100, LINE(7));
	wt_apcm_warp_end(a, 3);
	ok(wt_apcm_cait(a, 0, &e) && e.count == 3, "N 3");
	is_str(wt_apcm_type_name(e.type), "inter+intra-warp", "M 2 < N 3: inter+intra-warp");
	is_u64(e.method, WT_APCM_NORMAL, "cached normally");

	/* a line another warp brought in: the L1 tag's count starts the MTA's */
	wt_apcm_kernel_begin(a, 3);
	wt_apcm_instruction(a, 3, 0x100);
	wt_apcm_load(a, 3, 0x100, LINE(7), 0, 3);
	ok(wt_apcm_mta(a, LINE(7), &t) && t.count == 4 && t.intra == 1,
	   "L1 hit with count 3, MTA miss: access count 4, intra 1");
	wt_apcm_warp_end(a, 3);
	is_str(type_of(a, 0x100), "inter-warp", "so inter-warp");
	wt_apcm_free(a);
}

/* A one-entry MTA: every new line evicts the one before. */
static void test_overwrite(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 1);
	struct wt_apcm_entry e;

	wt_apcm_kernel_begin(a, 0);
	for (unsigned i = 0; i < 3; i++)
		load(a, 0, 0x100, LINE(1));
	load(a, 0, 0x200, LINE(2));
	is_u64(wt_apcm_stats(a)->mta_evictions, 1, "a conflict evicts the MTA entry");
	ok(wt_apcm_cait(a, 0, &e) && e.count == 3, "the eviction writes the CAIT: count 3");
	is_str(wt_apcm_type_name(e.type), "intra-warp", "intra-warp, before the warp ends");
	load(a, 0, 0x100, LINE(3));	/* evicts line 2: 0x200 streaming */
	load(a, 0, 0x200, LINE(4));	/* evicts line 3: 0x100, count 1 */
	ok(wt_apcm_cait(a, 0, &e) && e.count == 3 && e.type == WT_APCM_INTRA,
	   "a smaller count (1) does not overwrite");
	load(a, 0, 0x100, LINE(5));
	for (uint32_t w = 1; w <= 4; w++)
		load(a, w, 0x100, LINE(5));
	load(a, 0, 0x200, LINE(6));	/* evicts line 5: count 5, intra 1 */
	ok(wt_apcm_cait(a, 0, &e) && e.count == 5, "a larger count (5) overwrites");
	is_str(wt_apcm_type_name(e.type), "inter-warp", "now inter-warp");
	is_u64(wt_apcm_stats(a)->mta_evictions, 5, "five evictions: one per new line after the first");
	wt_apcm_free(a);
}

static void test_threshold(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_entry e;
	struct wt_apcm_tag t;
	unsigned i;

	wt_apcm_kernel_begin(a, 0);
	for (i = 0; i < 14; i++)
		load(a, 0, 0x100, LINE(1));
	is_str(type_of(a, 0x100), "invalid", "14 accesses: not settled");
	load(a, 0, 0x100, LINE(1));
	ok(wt_apcm_cait(a, 0, &e) && e.count == 15 && e.type == WT_APCM_INTRA,
	   "the 15th access settles the CAIT: intra-warp, count 15");
	ok(wt_apcm_mta(a, LINE(1), &t) && t.settled, "the MTA entry stays, settled");
	is_u64(load(a, 0, 0x100, LINE(1)), WT_APCM_PROTECT,
	       "the 16th access of the monitored warp is already protected");
	ok(wt_apcm_mta(a, LINE(1), &t) && t.count == 15 && t.intra == 15,
	   "counts saturate at 15");
	wt_apcm_warp_end(a, 0);
	is_u64(wt_apcm_stats(a)->cait_updates, 1, "the flush at warp end, with equal count, writes nothing");

	/* settled by other warps' accesses */
	wt_apcm_kernel_begin(a, 0);
	load(a, 0, 0x100, LINE(1));
	for (i = 0; i < 14; i++)
		load(a, 10 + i, 0x100, LINE(1));
	is_str(type_of(a, 0x100), "inter-warp", "14 other warps bring it to 15: inter-warp settled");
	wt_apcm_free(a);
}

static void test_uncoalesced(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_tag t;

	wt_apcm_kernel_begin(a, 0);
	wt_apcm_instruction(a, 0, 0x100);
	for (unsigned i = 0; i < 4; i++)
		wt_apcm_load(a, 0, 0x100, LINE(i), i, 0);
	ok(wt_apcm_mta(a, LINE(0), &t) && wt_apcm_mta(a, LINE(1), &t),
	   "uncoalesced: requests 0 and 1 allocate");
	ok(!wt_apcm_mta(a, LINE(2), &t) && !wt_apcm_mta(a, LINE(3), &t),
	   "requests 2 and 3 are dropped");
	wt_apcm_instruction(a, 0, 0x100);
	wt_apcm_load(a, 0, 0x100, LINE(9), 0, 0);
	wt_apcm_load(a, 0, 0x100, LINE(9), 1, 0);
	wt_apcm_load(a, 0, 0x100, LINE(1), 2, 0);
	ok(wt_apcm_mta(a, LINE(1), &t) && t.count == 1 && t.intra == 1,
	   "request 2 of the monitored warp does not count a hit either");
	wt_apcm_instruction(a, 1, 0x100);
	wt_apcm_load(a, 1, 0x100, LINE(1), 2, 0);
	ok(wt_apcm_mta(a, LINE(1), &t) && t.count == 2, "another warp's request 2 counts");
	wt_apcm_free(a);
}

static void test_lat_full(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_tag t;
	uint32_t pc;

	wt_apcm_kernel_begin(a, 0);
	for (pc = 0; pc < 16; pc++)
		load(a, 0, 0x1000 + 16 * pc, LINE(pc));
	is_u64((uint64_t)wt_apcm_load_id(a, 0x1000 + 16 * 15), 15, "16 PCs: load ids 0 to 15");
	is_u64(load(a, 0, 0x2000, LINE(20)), WT_APCM_NORMAL, "the 17th PC is normal");
	ok(wt_apcm_load_id(a, 0x2000) < 0 && !wt_apcm_mta(a, LINE(20), &t),
	   "untracked: no load id, not monitored");
	is_u64(wt_apcm_stats(a)->untracked_loads, 1, "counted as untracked");
	wt_apcm_warp_end(a, 0);
	is_u64(load(a, 1, 0x1000, LINE(40)), WT_APCM_BYPASS, "the first PC is tracked: streaming, bypassed");
	wt_apcm_free(a);
}

/* The monitored warp 9 loops over A (0x100) and B (0x110), each on its own
 * line: both intra-warp loop loads. */
static void two_protected(struct wt_apcm *a)
{
	wt_apcm_kernel_begin(a, 9);
	for (unsigned i = 0; i < 4; i++) {
		load(a, 9, 0x100, LINE(1));
		load(a, 9, 0x110, LINE(2));
	}
	wt_apcm_warp_end(a, 9);
}

static void test_one_per_warp(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);

	two_protected(a);
	wt_apcm_instruction(a, 1, 0x100);
	is_u64(wt_apcm_load(a, 1, 0x100, LINE(50), 0, 0), WT_APCM_PROTECT, "A is protected");
	ok(wt_apcm_pin(a, 1, 0x100), "warp 1 pins for A");
	wt_apcm_instruction(a, 1, 0x110);
	is_u64(wt_apcm_load(a, 1, 0x110, LINE(51), 0, 0), WT_APCM_PROTECT, "B is protected");
	ok(!wt_apcm_pin(a, 1, 0x110), "but warp 1's PSB holds A: B's pin is refused");
	is_u64(wt_apcm_stats(a)->pin_refused, 1, "counted");
	ok(wt_apcm_pin(a, 2, 0x110), "warp 2 may pin for B");
	wt_apcm_warp_end(a, 1);
	ok(!wt_apcm_protected(a, 1) && wt_apcm_protected(a, 2),
	   "warp 1 ends: its entry is released, warp 2's stays");
	is_u64(wt_apcm_stats(a)->released_warp_end, 1, "counted as a warp end");
	wt_apcm_free(a);
}

/* A first reads a line, B reads it again: A is protected until B. */
static void test_last_load(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_entry e;

	wt_apcm_kernel_begin(a, 0);
	load(a, 0, 0x100, LINE(1));
	load(a, 0, 0x180, LINE(1));
	load(a, 0, 0x200, LINE(2));
	wt_apcm_warp_end(a, 0);
	ok(wt_apcm_cait(a, 0, &e) && e.type == WT_APCM_INTRA && !e.loop &&
	   e.last_pc == 0x180, "A then B on one line: intra-warp, no loop, last load B");
	wt_apcm_instruction(a, 1, 0x100);
	wt_apcm_load(a, 1, 0x100, LINE(10), 0, 0);
	ok(wt_apcm_pin(a, 1, 0x100), "warp 1 pins for A");
	wt_apcm_after_load(a, 1, 0x100);
	wt_apcm_instruction(a, 1, 0x900);
	load(a, 1, 0x200, LINE(11));
	ok(wt_apcm_protected(a, 1), "A itself, a far pc, another load: still protected");
	is_u64(load(a, 1, 0x180, LINE(10)), WT_APCM_NORMAL, "B, never first, is normal");
	ok(!wt_apcm_protected(a, 1), "after B the entry is released");
	is_u64(wt_apcm_stats(a)->released_last_load, 1, "counted as last load");
	wt_apcm_free(a);
}

/* A loop entry whose body was never learned holds only its own pc. */
static void test_unknown_body(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_entry e;

	wt_apcm_kernel_begin(a, 0);
	wt_apcm_load(a, 0, 0x100, LINE(1), 0, 0);
	wt_apcm_load(a, 0, 0x100, LINE(1), 1, 0);
	wt_apcm_warp_end(a, 0);
	ok(wt_apcm_cait(a, 0, &e) && e.type == WT_APCM_INTRA && e.loop && !e.body,
	   "no instructions seen: a loop load with no body");
	wt_apcm_pin(a, 1, 0x100);
	wt_apcm_instruction(a, 1, 0x100);
	ok(wt_apcm_protected(a, 1), "its own pc stays in");
	wt_apcm_instruction(a, 1, 0x108);
	ok(!wt_apcm_protected(a, 1), "the next pc leaves");
	wt_apcm_free(a);
}

static void test_methods(void)
{
	struct wt_apcm *a = new_apcm(1, 0, 0);
	struct wt_apcm_entry e;

	monitor_loop(a);
	wt_apcm_warp_end(a, 0);
	ok(wt_apcm_cait(a, 1, &e) && e.type == WT_APCM_INTRA && e.method == WT_APCM_NORMAL,
	   "bypass-only: L is intra-warp but normal");
	is_u64(load(a, 1, 0x100, LINE(500)), WT_APCM_NORMAL, "bypass-only: never protect");
	is_u64(load(a, 1, 0x110, LINE(501)), WT_APCM_BYPASS, "bypass-only: M bypassed");
	wt_apcm_free(a);

	a = new_apcm(0, 1, 0);
	monitor_loop(a);
	wt_apcm_warp_end(a, 0);
	is_u64(load(a, 1, 0x100, LINE(500)), WT_APCM_PROTECT, "protect-only: L protected");
	is_u64(load(a, 1, 0x110, LINE(501)), WT_APCM_NORMAL, "protect-only: never bypass");
	is_u64(wt_apcm_stats(a)->bypassed, 0, "no bypass counted");
	wt_apcm_free(a);
}

static void test_kernel_begin(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);
	struct wt_apcm_entry e;
	struct wt_apcm_tag t;
	unsigned valid = 0;

	monitor_loop(a);
	wt_apcm_warp_end(a, 0);
	wt_apcm_pin(a, 1, 0x100);
	wt_apcm_kernel_begin(a, 0);
	load(a, 0, 0x300, LINE(32));
	for (unsigned i = 0; i < wt_apcm_entries(a); i++)
		valid += wt_apcm_cait(a, i, &e) != 0;
	is_u64(valid, 0, "a new kernel: no valid CAIT entry");
	ok(wt_apcm_load_id(a, 0x100) < 0 && wt_apcm_load_id(a, 0x300) == 0,
	   "the LAT starts again");
	ok(!wt_apcm_protected(a, 1), "the PSB is clear");
	ok(wt_apcm_monitoring(a) && wt_apcm_mta(a, LINE(32), &t) && t.count == 1,
	   "the warp is monitored again, from an empty MTA");
	wt_apcm_free(a);
}

/*
 * Section 5.3: load A is an intra-warp loop load.  Warp 0 pins a line;
 * warp 1's load A finds it protected (owner warp 0) and bypasses, while
 * warp 1 may still pin lines of its own.  When warp 0 leaves the loop the
 * line is free, and warp 1 takes it.
 */
static void test_figure11(void)
{
	struct wt_apcm *a = new_apcm(1, 1, 0);

	wt_apcm_kernel_begin(a, 7);
	for (unsigned i = 0; i < 3; i++) {
		load(a, 7, 0x100, LINE(1));
		wt_apcm_instruction(a, 7, 0x120);
	}
	wt_apcm_warp_end(a, 7);

	wt_apcm_instruction(a, 0, 0x100);
	is_u64(wt_apcm_load(a, 0, 0x100, LINE(40), 0, 0), WT_APCM_PROTECT, "Fig. 11a: warp 0's load A: protect");
	ok(wt_apcm_pin(a, 0, 0x100), "warp 0 pins the line");
	wt_apcm_instruction(a, 1, 0x100);
	is_u64(wt_apcm_load(a, 1, 0x100, LINE(72), 0, 0), WT_APCM_PROTECT, "Fig. 11b: warp 1's load A: protect");
	ok(wt_apcm_protected(a, 0), "the line owned by warp 0 is protected: warp 1 bypasses");
	ok(!wt_apcm_protected(a, 1), "warp 1's PSB entry is not set");
	ok(wt_apcm_pin(a, 1, 0x100), "warp 1 may pin a line elsewhere for itself");
	wt_apcm_instruction(a, 0, 0x120);
	load(a, 0, 0x100, LINE(40));
	ok(wt_apcm_protected(a, 0), "Fig. 11c: warp 0 loops, its line stays protected");
	wt_apcm_instruction(a, 0, 0x140);
	ok(!wt_apcm_protected(a, 0), "warp 0 leaves the loop: its line is no longer protected");
	ok(wt_apcm_protected(a, 1) && wt_apcm_pin(a, 1, 0x100),
	   "Fig. 11d: warp 1 takes the line and pins it");
	wt_apcm_free(a);
}

int main(void)
{
	test_names();
	test_intra_loop();
	test_inter();
	test_overwrite();
	test_threshold();
	test_uncoalesced();
	test_lat_full();
	test_one_per_warp();
	test_last_load();
	test_unknown_body();
	test_methods();
	test_kernel_begin();
	test_figure11();
	return tap_done();
}
