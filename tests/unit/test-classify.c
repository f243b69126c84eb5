/*
 * test-classify.c - the classifiers of classify(1), one rule at a time:
 * Khairy et al.'s locality relations, Koo et al.'s Table 2 and Equation 1,
 * MeDiC's warp-type boundaries, the application-category rules, and the
 * u64map they all stand on.
 */
#include "appcat.h"
#include "loadtype.h"
#include "locality.h"
#include "u64map.h"
#include "warptype.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>

static void test_u64map(void)
{
	struct wt_u64map *m = wt_u64map_new();
	int added, all = 1;

	*wt_u64map_get(m, 0, &added) = 10;
	ok(added, "u64map: key 0 is new");
	*wt_u64map_get(m, UINT64_MAX, &added) = 20;
	ok(added, "u64map: key UINT64_MAX is new");
	ok(wt_u64map_find(m, 0) && *wt_u64map_find(m, 0) == 10, "u64map: key 0 kept");
	ok(wt_u64map_find(m, UINT64_MAX) && *wt_u64map_find(m, UINT64_MAX) == 20,
	   "u64map: key UINT64_MAX kept apart from key 0");
	for (uint64_t k = 1; k <= 100000; k++)
		*wt_u64map_get(m, k * 0x9E3779B97F4A7C15ULL, &added) = k;
	for (uint64_t k = 1; k <= 100000; k++) {
		const uint64_t *v = wt_u64map_find(m, k * 0x9E3779B97F4A7C15ULL);

		all &= v && *v == k;
	}
	ok(all, "u64map: 100000 keys survive growing");
	is_u64(wt_u64map_count(m), 100002, "u64map: count");
	wt_u64map_get(m, 5 * 0x9E3779B97F4A7C15ULL, &added);
	ok(!added, "u64map: a present key is not added again");
	wt_u64map_clear(m);
	is_u64(wt_u64map_count(m), 0, "u64map: clear empties");
	ok(!wt_u64map_find(m, 0) && !wt_u64map_find(m, UINT64_MAX), "u64map: clear forgets");
	wt_u64map_free(m);
}

static void test_locality(void)
{
	struct wt_ref a = { 0x1, 0, 0, 0, 0 };	/* lane 0 of warp 0, CTA 0, SM 0 */
	struct wt_ref b;

	is_str(wt_loc_name(wt_loc_relation(NULL, &a)), "miss", "first reference: miss");
	b = a;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "intra-thread",
	       "the same thread again: intra-thread");
	b.lanes = 0x3;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "intra-thread",
	       "a request that serves the earlier thread too: intra-thread");
	b.lanes = 0x2;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "inter-thread",
	       "another thread of the warp: inter-thread");
	b.warp = 1;
	b.lanes = 0x1;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "intra-block",
	       "lane 0 of another warp of the CTA: intra-block, not intra-thread");
	b.cta = 1;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "intra-core",
	       "a warp of another CTA on the SM: intra-core");
	b.sm = 3;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "inter-core",
	       "a warp of another CTA on another SM: inter-core");
	b = a;
	b.kernel = 1;
	is_str(wt_loc_name(wt_loc_relation(&a, &b)), "inter-kernel",
	       "the same thread id in the next kernel: inter-kernel");
}

static void test_loadtype(void)
{
	struct wt_loadtypes *t = wt_lt_new();
	struct wt_lt_result r, sum = { 0 };

	/* APCM Table 2, row by row */
	is_str(wt_ltype_name(wt_ltype_of(1, 1)), "streaming", "Table 2: N 1, M 1");
	is_str(wt_ltype_name(wt_ltype_of(5, 1)), "inter-warp", "Table 2: N 5, M 1");
	is_str(wt_ltype_name(wt_ltype_of(5, 5)), "intra-warp", "Table 2: N 5, M 5");
	is_str(wt_ltype_name(wt_ltype_of(5, 3)), "inter+intra-warp",
	       "Table 2: N 5, M 3 (1 < M < N)");
	is_str(wt_ltype_name(wt_ltype_of(2, 1)), "inter-warp", "Table 2: N 2, M 1");
	is_str(wt_ltype_name(wt_ltype_of(3, 2)), "inter+intra-warp", "Table 2: N 3, M 2");

	is_u64(wt_lt_count_bucket(1), 0, "Fig. 4 buckets: 1");
	is_u64(wt_lt_count_bucket(2), 1, "Fig. 4 buckets: 2");
	is_u64(wt_lt_count_bucket(4), 2, "Fig. 4 buckets: 4 in 3-4");
	is_u64(wt_lt_count_bucket(5), 3, "Fig. 4 buckets: 5 in 5-8");
	is_u64(wt_lt_count_bucket(32), 5, "Fig. 4 buckets: 32 in 17-32");
	is_u64(wt_lt_count_bucket(33), 6, "Fig. 4 buckets: 33 in >32");
	is_u64(wt_lt_rd_bin(1), 0, "reuse bins: 1");
	is_u64(wt_lt_rd_bin(3), 1, "reuse bins: 3 in [2, 4)");
	is_u64(wt_lt_rd_bin(4), 2, "reuse bins: 4 in [4, 8)");
	is_u64(wt_lt_rd_bin(UINT64_MAX), WT_LT_RD_BINS - 1, "reuse bins: the last takes the rest");

	/* One line of each type; PC 0x10 allocates three, PC 0x20 one. */
	wt_lt_load(t, 0, 0x000, 0, 0x10);		/* streaming */
	wt_lt_load(t, 0, 0x100, 0, 0x10);		/* inter-warp */
	wt_lt_load(t, 0, 0x100, 1, 0x10);
	wt_lt_load(t, 0, 0x200, 0, 0x10);		/* intra-warp */
	wt_lt_load(t, 0, 0x200, 0, 0x10);
	wt_lt_load(t, 0, 0x300, 2, 0x20);		/* inter+intra-warp */
	wt_lt_load(t, 0, 0x300, 2, 0x10);
	wt_lt_load(t, 0, 0x300, 3, 0x10);
	wt_lt_load(t, 1, 0x000, 5, 0x20);		/* another SM: its own line */
	wt_lt_kernel_end(t, &r);
	is_u64(r.lines[WT_LT_STREAMING], 2, "streaming lines (one per SM)");
	is_u64(r.lines[WT_LT_INTER_WARP], 1, "inter-warp lines");
	is_u64(r.lines[WT_LT_INTRA_WARP], 1, "intra-warp lines");
	is_u64(r.lines[WT_LT_INTER_INTRA_WARP], 1, "inter+intra-warp lines");
	is_u64(r.loads[WT_LT_INTER_INTRA_WARP], 3, "loads of inter+intra-warp lines");
	is_u64(r.npcs, 2, "two allocating PCs");
	is_u64(r.pcs[0].pc, 0x10, "PCs sorted");
	is_str(wt_ltype_name(wt_lt_pc_type(&r.pcs[0])), "streaming",
	       "PC 0x10: one line of each of three types, the first wins");
	/* Eq. 1: PC 0x10 max 1 of 3 lines, PC 0x20 max 1 of 2 */
	is_u64(r.aps_num, 2, "APS numerator");
	is_u64(r.aps_den, 5, "APS denominator");
	ok(fabs(wt_lt_aps(&r) - 0.4) < 1e-12, "APS = 2/5");
	/* reuse distances: 0x100 reused after 1 load, 0x200 after 1, 0x300
	 * after 1 and 1 */
	is_u64(r.rd[WT_LT_INTER_WARP][0], 1, "inter-warp: one reuse at distance 1");
	is_u64(r.rd[WT_LT_INTER_INTRA_WARP][0], 2, "inter+intra: two at distance 1");
	is_u64(r.count_inf[0], 2, "Fig. 4 infinite: two lines loaded once");
	is_u64(r.count_inf[2], 1, "Fig. 4 infinite: one line loaded three times");
	wt_lt_result_add(&sum, &r);
	wt_lt_result_add(&sum, &r);
	is_u64(sum.aps_num, 4, "APS adds up kernel by kernel");
	wt_lt_result_free(&r);

	/* the next kernel starts from an empty cache */
	wt_lt_load(t, 0, 0x100, 7, 0x10);
	wt_lt_kernel_end(t, &r);
	is_u64(r.lines[WT_LT_STREAMING], 1, "a new kernel: the line is allocated again");
	wt_lt_result_free(&r);
	wt_lt_free(t);
}

static void test_warptype(void)
{
	struct wt_wt_bounds b = { 700000, 200000 };
	struct wt_warptypes w;
	struct wt_wt_census c;
	struct wt_divergence d = { 0 };

	is_str(wt_wtype_name(wt_wtype_of(10, 10, &b)), "all-hit", "10/10: all-hit");
	is_str(wt_wtype_name(wt_wtype_of(7, 10, &b)), "mostly-hit",
	       "exactly 70 %%: mostly-hit");
	is_str(wt_wtype_name(wt_wtype_of(69999, 100000, &b)), "balanced",
	       "69.999 %%: balanced");
	is_str(wt_wtype_name(wt_wtype_of(2, 10, &b)), "mostly-miss",
	       "exactly 20 %%: mostly-miss");
	is_str(wt_wtype_name(wt_wtype_of(20001, 100000, &b)), "balanced",
	       "20.001 %%: balanced");
	is_str(wt_wtype_name(wt_wtype_of(1, 10, &b)), "mostly-miss", "10 %%: mostly-miss");
	is_str(wt_wtype_name(wt_wtype_of(0, 10, &b)), "all-miss", "0/10: all-miss");
	is_str(wt_wtype_name(wt_wtype_of(99, 100, &b)), "mostly-hit",
	       "99 %%: mostly-hit, not all-hit");
	is_str(wt_wtype_name(wt_wtype_of(1, 1000000, &b)), "mostly-miss",
	       "one hit in a million: mostly-miss, not all-miss");

	wt_wt_init(&w, &b, 100);
	/* warp 0: all hits; warp 1: 7 of 10 in the first window, then 0 of 10 */
	for (int i = 0; i < 10; i++)
		wt_wt_access(&w, 0, 0, 0, 0, (uint32_t)i, (uint64_t)i, 1, 1);
	for (int i = 0; i < 10; i++)
		wt_wt_access(&w, 0, 1, 0, 0, 0, (uint64_t)i, i < 7, i == 9);
	/* the last instruction's end is not known: the kernel's end folds it */
	for (int i = 0; i < 10; i++)
		wt_wt_access(&w, 0, 1, 0, 0, 1, 100 + (uint64_t)i, 0, 0);
	is_u64(w.ninstr, 1, "divergence: only the instruction left open is held");
	wt_wt_census(&w, 0, 10, &c);
	is_u64(c.warps[WT_WT_ALL_HIT], 1, "census: one all-hit warp");
	is_u64(c.warps[WT_WT_BALANCED], 1, "census: warp 1 hits 7 of 20 (35 %%): balanced");
	is_u64(c.windows, 3, "census: three windows of at least 10 accesses");
	is_u64(c.stable, 1, "census: only warp 0's window has its warp's type");
	wt_wt_kernel_end(&w, &d);
	is_u64(d.instrs[WT_WT_ALL_HIT], 10, "divergence: warp 0's ten one-request hits");
	is_u64(d.instrs[WT_WT_MOSTLY_HIT], 1, "divergence: 7 of 10 requests hit");
	is_u64(d.instrs[WT_WT_ALL_MISS], 1, "divergence: 0 of 10 hit");
	is_u64(d.by_requests[10], 2, "divergence: two instructions of 10 requests");
	is_u64(d.by_requests[1], 10, "divergence: ten of 1 request");
	wt_wt_free(&w);

	/* Instructions open side by side: closing one moves the last one
	 * held into its place, which must keep counting. */
	wt_wt_init(&w, &b, 100);
	memset(&d, 0, sizeof(d));
	for (uint32_t warp = 0; warp < 3; warp++)	/* A, B, C: 2 hits each */
		for (int i = 0; i < 2; i++)
			wt_wt_access(&w, 0, warp, 0, 0, 5, 0, 1, 0);
	wt_wt_access(&w, 0, 0, 0, 0, 5, 1, 1, 1);	/* A: 3 of 3, closed */
	wt_wt_access(&w, 0, 2, 0, 0, 5, 1, 0, 0);	/* C, moved: 2 of 3 */
	wt_wt_access(&w, 0, 2, 0, 0, 5, 2, 0, 1);	/* C: 2 of 4, closed */
	is_u64(w.ninstr, 1, "open instructions: B is held, A and C are not");
	wt_wt_access(&w, 0, 1, 0, 0, 5, 3, 0, 0);	/* B: 2 of 3 */
	wt_wt_kernel_end(&w, &d);
	is_u64(d.instrs[WT_WT_ALL_HIT], 1, "open instructions: A all-hit");
	is_u64(d.instrs[WT_WT_BALANCED], 2,
	       "open instructions: B (2 of 3) and C (2 of 4) balanced");
	is_u64(d.instrs[WT_WT_MOSTLY_MISS] + d.instrs[WT_WT_MOSTLY_HIT], 0,
	       "open instructions: no mostly-hit or mostly-miss");
	is_u64(d.by_requests[3], 2, "open instructions: A and B of 3 requests");
	is_u64(d.by_requests[4], 1, "open instructions: C of 4");
	is_u64(d.hits[WT_WT_BALANCED], 2 + 2, "open instructions: B's and C's hits");
	wt_wt_free(&w);
}

static void test_appcat(void)
{
	struct wt_cat_limits l;
	struct wt_cat_input in = { .loads = 1000, .hit_latency = 1, .miss_latency = 100 };
	struct wt_cat_result r;

	wt_cat_limits_default(&l);
	in.hits_b = in.hits_u = in.hits_fa = in.hits_4x = 100;
	wt_cat_decide(&in, &l, &r);
	is_str(wt_cat_name(r.cat), "streaming", "90 %% misses unbounded: streaming");
	in.hits_u = 101;
	wt_cat_decide(&in, &l, &r);
	ok(r.cat != WT_CAT_STREAMING, "89.9 %%: not streaming");
	in.hits_b = 800;
	in.hits_u = in.hits_fa = in.hits_4x = 900;
	wt_cat_decide(&in, &l, &r);
	is_str(wt_cat_name(r.cat), "cache-friendly", "bounded 10 points from unbounded: friendly");
	{
		struct wt_cat_input x = { .loads = 10, .hits_b = 6, .hits_u = 7,
					  .hits_fa = 7, .hits_4x = 7 };

		wt_cat_decide(&x, &l, &r);
		is_str(wt_cat_name(r.cat), "cache-friendly",
		       "0.4 against 0.3 is exactly 10 points: friendly (in loads, not rates)");
	}
	in.hits_b = 500;
	in.hits_fa = 900;		/* fully associative keeps it all */
	wt_cat_decide(&in, &l, &r);
	is_str(wt_cat_name(r.cat), "conflict-contention", "lost to conflicts: conflict");
	ok(!r.also, "no capacity share: not also thrashing");
	in.hits_fa = 600;		/* 100 of 400 lost hits are conflicts */
	wt_cat_decide(&in, &l, &r);
	is_str(wt_cat_name(r.cat), "thrashing-contention", "lost to capacity: thrashing");
	ok(r.also && fabs(r.conflict_share - 0.25) < 1e-12, "25 %% conflicts: also conflicts");
	in.set_fill_reqs = 500;		/* half the loads fill a set alone */
	wt_cat_decide(&in, &l, &r);
	is_str(wt_cat_name(r.cat), "conflict-contention",
	       "half the loads from set-filling instructions: conflict");
	ok(r.also, "and also thrashing (75 %% capacity)");
	in.set_fill_reqs = 0;
	in.hits_fa = 400;		/* FA worse than the set-associative cache */
	wt_cat_decide(&in, &l, &r);
	ok(r.conflict_share == 0 && r.capacity_share == 1, "negative conflicts count as none");
	/* Koo et al.: 1 + 0.5 * 100 over 1 + 0.1 * 100 = 51 / 11 */
	in.hits_4x = 900;
	wt_cat_decide(&in, &l, &r);
	ok(fabs(r.speedup4x - 51.0 / 11) < 1e-9, "4x speedup estimate 51/11");
	is_str(wt_sens_name(r.sens), "sensitive", "4.6x: cache sensitive");
	in.hits_4x = 500;
	wt_cat_decide(&in, &l, &r);
	is_str(wt_sens_name(r.sens), "insensitive", "1.0x: insensitive");
	in.hits_4x = 560;		/* 51 / 45 = 1.133 */
	wt_cat_decide(&in, &l, &r);
	is_str(wt_sens_name(r.sens), "moderate", "1.13x: moderate");
	in.misses = 50;
	in.instructions = 1000;
	wt_cat_decide(&in, &l, &r);
	ok(fabs(r.mpki - 50) < 1e-12, "MPKI = misses per 1000 instructions");
	in.loads = 0;
	wt_cat_decide(&in, &l, &r);
	is_str(wt_cat_name(r.cat), "none", "no loads: no category");
}

int main(void)
{
	test_u64map();
	test_locality();
	test_loadtype();
	test_warptype();
	test_appcat();
	return tap_done();
}
