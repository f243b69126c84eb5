/*
 * test-classify.c - the classifiers of classify(1), one rule at a time:
 * Khairy et al.'s locality relations, Koo et al.'s Table 2 and Equation 1,
 * MeDiC's warp-type boundaries, the application-category rules, the
 * u64map they all stand on, classify --sample's estimates, and that
 * classify's batches give what one request at a time gives, for any
 * number of threads.
 */
#include "appcat.h"
#include "classify.h"
#include "loadtype.h"
#include "locality.h"
#include "shards.h"
#include "u64map.h"
#include "warptype.h"
#include "tap.h"
#include "rnd.h"

#include <math.h>
#include "par.h"
#include <stdlib.h>
#include <string.h>

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
	struct wt_loadtypes *t = wt_lt_new(WT_SHARDS_MODULUS);
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

/* The line's last reference kept with its load type: the previous load
 * on the same SM in this kernel, whoever made it, with the current
 * kernel and SM; none for a first load, on another SM, or after the
 * kernel ends. */
static void test_loadtype_ref(void)
{
	struct wt_loadtypes *t = wt_lt_new(WT_SHARDS_MODULUS);
	struct wt_ref a = { 0x0f, 3, 10, 20, 1 }, b = { 0xf0, 3, 11, 21, 1 };
	struct wt_ref c = { 0x01, 3, 12, 22, 2 }, prev;
	struct wt_lt_result r;

	ok(wt_lt_load_ref(t, &a, 0x80, 0x10, &prev) == 0, "ref: a first load has none");
	ok(wt_lt_load_ref(t, &c, 0x80, 0x10, &prev) == 0,
	   "ref: the first load on another SM has none");
	ok(wt_lt_load_ref(t, &b, 0x80, 0x18, &prev) == 1, "ref: a second load has one");
	ok(prev.lanes == 0x0f && prev.cta == 10 && prev.warp == 20 &&
	   prev.kernel == 3 && prev.sm == 1, "ref: the first load's threads, CTA and warp");
	is_str(wt_loc_name(wt_loc_relation(&prev, &b)), "intra-core",
	       "ref: another CTA on the SM: intra-core");
	ok(wt_lt_load_ref(t, &a, 0x80, 0x10, &prev) == 1 && prev.lanes == 0xf0 &&
	   prev.cta == 11 && prev.warp == 21, "ref: then the second load's");
	wt_lt_kernel_end(t, &r);
	/* the line's load type is as wt_lt_load would make it: three loads,
	 * two by the allocating warp */
	is_u64(r.lines[WT_LT_INTER_INTRA_WARP], 1, "ref: SM 1's line is inter+intra-warp");
	is_u64(r.lines[WT_LT_STREAMING], 1, "ref: SM 2's line is streaming");
	wt_lt_result_free(&r);
	a.kernel = 4;
	ok(wt_lt_load_ref(t, &a, 0x80, 0x10, &prev) == 0,
	   "ref: none after the kernel ends");
	wt_lt_kernel_end(t, &r);
	wt_lt_result_free(&r);
	wt_lt_free(t);
}

/* Reuse histograms past their 16-bit bins and their pool's chunks: a line
 * reloaded 140000 times at distance 1 carries twice into its wide
 * record, and counts exactly; 5000 lines each loaded twice take more than
 * a chunk of histograms; the next kernel starts every count at zero. */
static void test_loadtype_bins(void)
{
	struct wt_loadtypes *t = wt_lt_new(WT_SHARDS_MODULUS);
	struct wt_lt_result r;
	uint64_t all;

	for (unsigned k = 0; k < 2; k++) {
		unsigned loads = k ? 2 : 140000;

		for (unsigned i = 0; i < loads; i++)
			wt_lt_load(t, 3, 0x1000, 7, 0x10);
		for (uint64_t line = 0; line < 5000; line++)
			wt_lt_load(t, 3, 0x100000 + line * 128, 8, 0x20);
		for (uint64_t line = 0; line < 5000; line++)
			wt_lt_load(t, 3, 0x100000 + line * 128, 8, 0x20);
		wt_lt_kernel_end(t, &r);
		is_u64(r.rd[WT_LT_INTRA_WARP][0], loads - 1, "kernel %u: a line "
		       "loaded %u times back to back, %u reuses at distance 1",
		       k, loads, loads - 1);
		is_u64(r.rd[WT_LT_INTRA_WARP][wt_lt_rd_bin(5000)], 5000,
		       "kernel %u: 5000 lines reloaded 5000 loads later", k);
		all = 0;
		for (unsigned ty = 0; ty < WT_LT_MAX; ty++)
			for (unsigned b = 0; b < WT_LT_RD_BINS; b++)
				all += r.rd[ty][b];
		is_u64(all, loads - 1 + 5000, "kernel %u: no other distance", k);
		is_u64(r.loads[WT_LT_INTRA_WARP], loads + 10000,
		       "kernel %u: every load counted", k);
		wt_lt_result_free(&r);
	}
	wt_lt_free(t);
}

/* Load types of sampled lines: 4000 lines loaded twice, round robin, the
 * even ones by one warp (intra-warp), the odd ones by two (inter-warp).
 * At rate 1/4 the sampled lines alone are typed, each standing for 4;
 * the other lines' loads go to wt_lt_skip, which still advances the SM's
 * clock, so each reuse distance is 4000 loads as in the exact run. */
static void test_loadtype_sampled(void)
{
	const uint64_t thr = WT_SHARDS_MODULUS / 4, n = 4000;
	struct wt_loadtypes *all = wt_lt_new(WT_SHARDS_MODULUS), *smp = wt_lt_new(thr);
	struct wt_lt_result ra, rs;
	uint64_t even = 0, odd = 0;

	for (uint64_t pass = 0; pass < 2; pass++)
		for (uint64_t i = 0; i < n; i++) {
			uint32_t warp = i % 2 ? (uint32_t)pass : 7;

			wt_lt_load(all, 0, i, warp, 0x40);
			if (wt_shards_keep(thr, i))
				wt_lt_load(smp, 0, i, warp, 0x40);
			else
				wt_lt_skip(smp, 0);
		}
	for (uint64_t i = 0; i < n; i++)
		if (wt_shards_keep(thr, i))
			*(i % 2 ? &odd : &even) += 1;
	wt_lt_kernel_end(all, &ra);
	wt_lt_kernel_end(smp, &rs);
	is_u64(ra.lines[WT_LT_INTRA_WARP], n / 2, "exact: 2000 intra-warp lines");
	ok(even > 300 && odd > 300, "rate 1/4: %llu even and %llu odd lines sampled",
	   (unsigned long long)even, (unsigned long long)odd);
	is_u64(rs.lines[WT_LT_INTRA_WARP], 4 * even, "sampled: intra-warp lines weighted by 4");
	is_u64(rs.lines[WT_LT_INTER_WARP], 4 * odd, "sampled: inter-warp lines weighted by 4");
	is_u64(rs.loads[WT_LT_INTER_WARP], 8 * odd, "sampled: their loads weighted by 4");
	is_u64(rs.count_inf[1], 4 * (even + odd), "sampled: Fig. 4, lines loaded twice");
	is_u64(ra.rd[WT_LT_INTRA_WARP][wt_lt_rd_bin(n)], n / 2,
	       "exact: every reuse 4000 loads apart");
	is_u64(rs.rd[WT_LT_INTRA_WARP][wt_lt_rd_bin(n)], 4 * even,
	       "sampled: the distances count the unsampled lines' loads too");
	is_u64(rs.npcs, 1, "sampled: one PC");
	is_u64(rs.pcs[0].lines[WT_LT_INTER_WARP], 4 * odd, "sampled: the PC's lines weighted");
	wt_lt_result_free(&ra);
	wt_lt_result_free(&rs);
	wt_lt_free(all);
	wt_lt_free(smp);
}

/* A classifier of a fermi L1, a 768 KB 16-way L2 in six partitions and
 * MeDiC's warp-type bounds over windows of window cycles; rate: the
 * sample of lines. */
static struct wt_cls *cls_fermi(double rate, uint64_t window)
{
	struct wt_cls_cfg cfg = { 0 };

	wt_l1_preset("fermi", &cfg.l1);
	wt_l1_geometry(&cfg.l1);
	cfg.l2_size = 768 * 1024;
	cfg.l2_assoc = 16;
	cfg.l2_parts = 6;
	cfg.bounds = wt_wt_medic;
	cfg.window = window;
	cfg.window_min = 3;
	cfg.series = 6;
	cfg.sample = rate;
	return wt_cls_new(&cfg);
}

/* classify's views on one random trace of two kernels, every line and a
 * quarter of them: what is exact stays so, the estimates add up to the
 * exact totals and are near the exact splits (the L2 view's inter-kernel
 * share too, from the lines it keeps across kernels). */
static void cls_run(double rate, struct wt_cls_result *res, uint64_t *kept)
{
	struct wt_cls *c = cls_fermi(rate, 10000);
	uint64_t thr = wt_shards_threshold(rate > 0 ? rate : 1);

	rng_state = 0x9E3779B97F4A7C15ULL;
	*kept = 0;
	memset(res, 0, sizeof(*res));
	for (uint64_t i = 0; i < 400000; i++) {
		uint64_t x = rnd();
		uint64_t line = x % 4 ? (x >> 8) % 600 : (x >> 8) % 30000;
		struct wt_request r = { 0 };

		r.time = i;
		r.addr = line * 128;
		r.warp = (uint32_t)(x >> 40) % 48;
		r.cta = r.warp / 8;
		r.lanes = 1ull << ((x >> 50) % 32);
		r.sm = (uint16_t)((x >> 56) % 2);
		r.pc = 0x100 + 16 * (uint32_t)(line % 5);
		r.instr = (uint32_t)i;
		r.count = 1;
		r.op = WT_OP_LOAD;
		*kept += (uint64_t)wt_shards_keep(thr, r.addr);
		wt_cls_request(c, i < 200000 ? 1 : 2, &r);
		if (i + 1 == 200000 || i + 1 == 400000) {	/* two kernels */
			struct wt_cls_result k;

			wt_cls_kernel_end(c, &k);
			wt_cls_result_add(res, &k);
			wt_cls_result_free(&k);
		}
	}
	wt_cls_free(c);
}

static uint64_t sum_cat(const uint64_t *cat)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < WT_LOC_MAX; i++)
		n += cat[i];
	return n;
}

static void test_cls_sampled(void)
{
	struct wt_cls_result ex, sm;
	uint64_t kept_all, kept;
	double worst = 0, lines_ex = 0, lines_sm = 0;

	cls_run(1, &ex, &kept_all);
	cls_run(0.25, &sm, &kept);
	is_u64(ex.l1.sampled, ex.l1.refs, "every line: all references sampled");
	is_u64(sm.l1.sampled, kept, "rate 1/4: the references to lines that pass the test");
	ok(kept > 60000 && kept < 140000, "about a quarter of 400000 (%llu)",
	   (unsigned long long)kept);
	is_u64(sm.l1.refs, ex.l1.refs, "L1 references stay exact");
	is_u64(sm.l1.bnd[WT_LOC_MISS], ex.l1.bnd[WT_LOC_MISS], "L1 bounded misses stay exact");
	is_u64(sm.l2.refs, ex.l2.refs, "L2 references stay exact");
	is_u64(sm.l2.bnd[WT_LOC_MISS], ex.l2.bnd[WT_LOC_MISS], "L2 bounded misses stay exact");
	is_u64(sm.hits_fa, ex.hits_fa, "fully associative hits stay exact");
	is_u64(sm.tm_misses, ex.tm_misses, "the timing model's misses stay exact");
	is_u64(sum_cat(sm.l1.unb), sm.l1.refs, "L1 unbounded estimates add up to the references");
	is_u64(sum_cat(sm.l1.bnd), sm.l1.refs, "L1 bounded estimates add up to the references");
	is_u64(sum_cat(sm.l2.unb), sm.l2.refs, "L2 unbounded estimates add up to the references");
	for (unsigned i = 0; i < WT_LOC_MAX; i++) {
		double a = (double)ex.l1.unb[i] / (double)ex.l1.refs;
		double b = (double)sm.l1.unb[i] / (double)sm.l1.refs;

		if (fabs(a - b) > worst)
			worst = fabs(a - b);
	}
	ok(worst < 0.02, "L1 unbounded shares within 0.02 of the exact ones (%.4f)", worst);
	ok(ex.l2.unb[WT_LOC_INTER_KERNEL] > 0, "exact: inter-kernel references at the L2 view");
	ok(fabs((double)sm.l2.unb[WT_LOC_INTER_KERNEL] / (double)sm.l2.refs -
		(double)ex.l2.unb[WT_LOC_INTER_KERNEL] / (double)ex.l2.refs) < 0.02,
	   "L2 inter-kernel share within 0.02: %llu estimated, %llu exact",
	   (unsigned long long)sm.l2.unb[WT_LOC_INTER_KERNEL],
	   (unsigned long long)ex.l2.unb[WT_LOC_INTER_KERNEL]);
	for (unsigned t = 0; t < WT_LT_MAX; t++) {
		lines_ex += (double)ex.lt.lines[t];
		lines_sm += (double)sm.lt.lines[t];
	}
	ok(fabs(lines_sm / lines_ex - 1) < 0.05, "lines typed: %.0f estimated, %.0f exact",
	   lines_sm, lines_ex);
	ok(fabs(wt_lt_aps(&sm.lt) - wt_lt_aps(&ex.lt)) < 0.05, "APS %.3f estimated, %.3f exact",
	   wt_lt_aps(&sm.lt), wt_lt_aps(&ex.lt));
	wt_cls_result_free(&ex);
	wt_cls_result_free(&sm);
}

static void test_warptype(void)
{
	struct wt_wt_bounds b = { 700000, 200000 };
	struct wt_warptypes w;
	struct wt_wt_census c = { 0 };
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

	wt_wt_init(&w, &b, 100, 10, 6);
	/* warp 0: all hits; warp 1: 7 of 10 in the first window, then 0 of 10 */
	for (int i = 0; i < 10; i++)
		wt_wt_access(&w, 0, 0, 0, 0, (uint32_t)i, (uint64_t)i, 1, 1);
	for (int i = 0; i < 10; i++)
		wt_wt_access(&w, 0, 1, 0, 0, 0, (uint64_t)i, i < 7, i == 9);
	/* the last instruction's end is not known: the kernel's end folds it */
	for (int i = 0; i < 10; i++)
		wt_wt_access(&w, 0, 1, 0, 0, 1, 100 + (uint64_t)i, 0, 0);
	is_u64(w.ninstr, 1, "divergence: only the instruction left open is held");
	wt_wt_kernel_end(&w, &d, &c);
	is_u64(c.warps[WT_WT_ALL_HIT], 1, "census: one all-hit warp");
	is_u64(c.warps[WT_WT_BALANCED], 1, "census: warp 1 hits 7 of 20 (35 %%): balanced");
	is_u64(c.windows, 3, "census: three windows of at least 10 accesses");
	is_u64(c.stable, 1, "census: only warp 0's window has its warp's type");
	is_u64(d.instrs[WT_WT_ALL_HIT], 10, "divergence: warp 0's ten one-request hits");
	is_u64(d.instrs[WT_WT_MOSTLY_HIT], 1, "divergence: 7 of 10 requests hit");
	is_u64(d.instrs[WT_WT_ALL_MISS], 1, "divergence: 0 of 10 hit");
	is_u64(d.by_requests[10], 2, "divergence: two instructions of 10 requests");
	is_u64(d.by_requests[1], 10, "divergence: ten of 1 request");
	wt_wt_free(&w);

	/* Instructions open side by side: closing one moves the last one
	 * held into its place, which must keep counting. */
	wt_wt_init(&w, &b, 100, 10, 6);
	memset(&d, 0, sizeof(d));
	for (uint32_t warp = 0; warp < 3; warp++)	/* A, B, C: 2 hits each */
		for (int i = 0; i < 2; i++)
			wt_wt_access(&w, 0, warp, 0, 0, 5, 0, 1, 0);
	wt_wt_access(&w, 0, 0, 0, 0, 5, 1, 1, 1);	/* A: 3 of 3, closed */
	wt_wt_access(&w, 0, 2, 0, 0, 5, 1, 0, 0);	/* C, moved: 2 of 3 */
	wt_wt_access(&w, 0, 2, 0, 0, 5, 2, 0, 1);	/* C: 2 of 4, closed */
	is_u64(w.ninstr, 1, "open instructions: B is held, A and C are not");
	wt_wt_access(&w, 0, 1, 0, 0, 5, 3, 0, 0);	/* B: 2 of 3 */
	memset(&c, 0, sizeof(c));
	wt_wt_kernel_end(&w, &d, &c);
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

/*
 * Warps across kernels: each kernel's census is its own, its warps leave
 * when it ends, and the series keeps the warps with the most accesses of
 * all kernels, the first seen first among equals, as one list over the
 * whole trace would.
 */
static void test_warptype_kernels(void)
{
	/* accesses of warps 0.. in kernel 0, then in kernel 1 */
	static const unsigned k0[] = { 3, 5, 5, 5 }, k1[] = { 7, 5, 2 };
	static const struct { uint32_t kernel, warp; uint64_t accesses; } want[] = {
		{ 1, 0, 7 }, { 0, 1, 5 }, { 0, 2, 5 },
	};
	struct wt_wt_bounds b = { 700000, 200000 };
	struct wt_warptypes w;
	struct wt_wt_census c0 = { 0 }, c1 = { 0 }, all = { 0 };
	struct wt_divergence d = { 0 };
	int same = 1;

	wt_wt_init(&w, &b, 1000, 1, 3);
	for (uint32_t warp = 0; warp < 4; warp++)
		for (unsigned i = 0; i < k0[warp]; i++)	/* kernel 0: all hits */
			wt_wt_access(&w, 0, warp, 0, 0, i, i, 1, 1);
	wt_wt_kernel_end(&w, &d, &c0);
	is_u64(w.nwarps, 0, "kernels: the warps of an ended kernel leave");
	for (uint32_t warp = 0; warp < 3; warp++)
		for (unsigned i = 0; i < k1[warp]; i++)	/* kernel 1: all misses */
			wt_wt_access(&w, 1, warp, 0, 0, i, i, 0, 1);
	is_u64(w.nwarps, 3, "kernels: the kernel under way holds its own warps");
	wt_wt_kernel_end(&w, &d, &c1);
	is_u64(c0.warps[WT_WT_ALL_HIT], 4, "kernels: kernel 0's census, 4 all-hit warps");
	is_u64(c0.warps[WT_WT_ALL_MISS], 0, "kernels: no miss in kernel 0's census");
	is_u64(c1.warps[WT_WT_ALL_MISS], 3, "kernels: kernel 1's census, 3 all-miss warps");
	is_u64(c1.accesses[WT_WT_ALL_MISS], 14, "kernels: kernel 1's 14 accesses");
	wt_wt_census_add(&all, &c0);
	wt_wt_census_add(&all, &c1);
	is_u64(all.warps[WT_WT_ALL_HIT] + all.warps[WT_WT_ALL_MISS], 7,
	       "kernels: the censuses add up to the trace's 7 warps");
	is_u64(all.windows, 7, "kernels: one window a warp");
	is_u64(w.ntop, 3, "kernels: the series keeps 3 warps");
	for (size_t i = 0; i < 3 && i < w.ntop; i++)
		same &= w.top[i].kernel == want[i].kernel &&
			w.top[i].warp == want[i].warp &&
			w.top[i].accesses == want[i].accesses &&
			w.top[i].nwin == 1;
	ok(same, "kernels: series 1/0 (7), then 0/1 and 0/2 (5 each, first seen "
	   "first) ahead of 0/3 and 1/1 (5, seen later)");
	wt_wt_free(&w);

	wt_wt_init(&w, &b, 1000, 1, 0);
	wt_wt_access(&w, 0, 0, 0, 0, 0, 0, 1, 1);
	memset(&c0, 0, sizeof(c0));
	wt_wt_kernel_end(&w, &d, &c0);
	ok(w.ntop == 0 && c0.warps[WT_WT_ALL_HIT] == 1,
	   "kernels: no series kept with series 0, the census the same");
	wt_wt_free(&w);
}

/* A random stream of two kernels on four SMs: loads, stores and atomics,
 * instructions of one to four requests, each warp's in order. */
enum { MIX_N = 60000, MIX_WARPS = 64 };

static void mix_stream(struct wt_request *r)
{
	uint32_t instr[MIX_WARPS] = { 0 };

	rng_state = 0x5DEECE66DULL;
	for (size_t i = 0; i < MIX_N;) {
		uint64_t x = rnd();
		uint32_t warp = (uint32_t)(x % MIX_WARPS);
		unsigned count = 1 + (unsigned)((x >> 8) % 4);
		uint8_t op = (x >> 12) % 8 == 0 ? WT_OP_STORE :
			     (x >> 12) % 16 == 1 ? WT_OP_ATOMIC : WT_OP_LOAD;

		for (unsigned k = 0; k < count && i < MIX_N; k++, i++) {
			uint64_t y = rnd();
			uint64_t line = y % 3 ? (y >> 8) % 900 : (y >> 8) % 40000;

			memset(&r[i], 0, sizeof(r[i]));
			r[i].time = i / 2;
			r[i].addr = line * 128;
			r[i].lanes = 1ull << ((y >> 40) % 32);
			r[i].warp = warp;
			r[i].cta = warp / 8;
			r[i].sm = (uint16_t)(warp % 4);
			r[i].pc = 0x100 + 8 * (uint32_t)((x >> 20) % 7);
			r[i].instr = instr[warp];
			r[i].index = (uint8_t)k;
			r[i].count = (uint8_t)count;
			r[i].op = op;
		}
		instr[warp]++;
	}
}

/* The stream through a classifier in batches of 1 to most requests (1:
 * wt_cls_request one by one), a kernel end half way and at the end. */
static void mix_run(const struct wt_request *r, size_t most, int threads,
		    double rate, struct wt_cls_result res[2])
{
	struct wt_cls *c = cls_fermi(rate, 100);
	size_t i = 0, refused = 0;
	uint64_t x = 99;

	wt_par_set_threads((unsigned)threads);
	for (int k = 0; k < 2; k++) {
		size_t end = (size_t)(k + 1) * MIX_N / 2;

		while (i < end) {
			size_t n = most == 1 ? 1 : 1 + (size_t)((x = x * 6364136223846793005ULL +
							 1442695040888963407ULL) >> 33) % most;

			if (n > end - i)
				n = end - i;
			if (most == 1)
				refused += wt_cls_request(c, (uint32_t)k, &r[i]) != 0;
			else
				refused += wt_cls_requests(c, (uint32_t)k, &r[i], n) != n;
			i += n;
		}
		wt_cls_kernel_end(c, &res[k]);
	}
	ok(refused == 0, "batches of up to %zu, %d thread%s: none refused", most,
	   threads, threads == 1 ? "" : "s");
	wt_cls_free(c);
	wt_par_set_threads(0);
}

/* Every count of two results alike, the per-PC tables too. */
static int same_result(const struct wt_cls_result *a, const struct wt_cls_result *b)
{
	struct wt_cls_result x = *a, y = *b;

	if (a->lt.npcs != b->lt.npcs ||
	    (a->lt.npcs && memcmp(a->lt.pcs, b->lt.pcs, a->lt.npcs * sizeof(*a->lt.pcs))))
		return 0;
	x.lt.pcs = y.lt.pcs = NULL;
	return memcmp(&x, &y, sizeof(x)) == 0;
}

static void test_cls_batches(void)
{
	struct wt_request *r = calloc(MIX_N, sizeof(*r));
	static const struct { size_t most; int threads; double rate; } runs[] = {
		{ 5000, 1, 1 }, { 5000, 3, 1 }, { 300, 2, 1 }, { 20000, 4, 0.25 },
	};
	struct wt_cls_result one[2], one_smp[2];

	mix_stream(r);
	mix_run(r, 1, 1, 1, one);
	mix_run(r, 1, 1, 0.25, one_smp);
	ok(one[0].l2.refs > 10000 && one[1].stores > 1000 && one[1].atomics > 100 &&
	   one[0].hits_fa > 1000 && one[0].census.windows > 1000,
	   "the mixed stream reaches the L2 view, stores, atomics and warp types");
	for (size_t k = 0; k < sizeof(runs) / sizeof(runs[0]); k++) {
		struct wt_cls_result b[2];
		const struct wt_cls_result *want = runs[k].rate < 1 ? one_smp : one;

		mix_run(r, runs[k].most, runs[k].threads, runs[k].rate, b);
		ok(same_result(&b[0], &want[0]) && same_result(&b[1], &want[1]),
		   "batches of up to %zu, %d thread%s%s: the results of one request "
		   "at a time", runs[k].most, runs[k].threads,
		   runs[k].threads == 1 ? "" : "s", runs[k].rate < 1 ? ", sampled" : "");
		for (int i = 0; i < 2; i++)
			wt_cls_result_free(&b[i]);
	}
	for (int i = 0; i < 2; i++) {
		wt_cls_result_free(&one[i]);
		wt_cls_result_free(&one_smp[i]);
	}

	/* a request of a warp after its end, in a batch that runs on
	 * threads: refused at its index */
	{
		struct wt_cls *c = cls_fermi(1, 100);

		r[10].flags = WT_REQ_WARP_LAST;
		r[10].index = 0;
		r[10].count = 1;
		for (size_t i = 11; i < 1000; i++)
			if (r[i].warp == r[10].warp) {
				is_u64(wt_cls_requests(c, 0, r, 1000), i,
				       "a request after its warp's last: refused at its index");
				break;
			}
		wt_cls_free(c);
	}
	free(r);
}

/*
 * Warps that end as the stream says (wt_wt_warp_end) are counted as they
 * would be at their kernel's end: the same census and series, ties
 * included, with only the warps under way held.
 */
static void test_warptype_warp_end(void)
{
	enum { WARPS = 300, LIVE = 20, SERIES = 25 };
	struct wt_wt_bounds b = { 700000, 200000 };
	struct wt_warptypes at_end, as_said;
	struct wt_wt_census c_end = { 0 }, c_said = { 0 };
	struct wt_divergence d = { 0 };
	size_t most = 0;
	int same = 1, refused;

	wt_wt_init(&at_end, &b, 50, 3, SERIES);
	wt_wt_init(&as_said, &b, 50, 3, SERIES);
	rng_state = 12345;
	for (uint32_t kernel = 0; kernel < 2; kernel++) {
		uint32_t left[WARPS], next[WARPS], live[LIVE], nlive = 0, warp = 0;
		uint64_t t = 0;

		for (uint32_t i = 0; i < WARPS; i++) {
			left[i] = 1 + (uint32_t)(rnd() % 4);	/* accesses: ties */
			next[i] = 0;
		}
		/* up to LIVE warps at once, in turns at random, a new one
		 * taking the place of each that ends */
		while (nlive || warp < WARPS) {
			uint32_t k, wp;
			int hit = (int)(rnd() % 3 == 0);

			while (nlive < LIVE && warp < WARPS)
				live[nlive++] = warp++;
			k = (uint32_t)(rnd() % nlive);
			wp = live[k];
			t += rnd() % 40;
			wt_wt_access(&at_end, kernel, wp, wp / 8, 0, next[wp], t, hit, 1);
			wt_wt_access(&as_said, kernel, wp, wp / 8, 0, next[wp], t, hit, 1);
			next[wp]++;
			if (--left[wp] == 0) {
				wt_wt_warp_end(&as_said, wp);
				live[k] = live[--nlive];
			}
			if (as_said.nwarps > most)
				most = as_said.nwarps;
		}
		wt_wt_kernel_end(&at_end, &d, &c_end);
		wt_wt_kernel_end(&as_said, &d, &c_said);
	}
	ok(memcmp(&c_end, &c_said, sizeof(c_end)) == 0,
	   "warp ends: the censuses of two kernels the same as at their ends");
	ok(most <= LIVE, "warp ends: at most the %d warps under way held (%zu)",
	   LIVE, most);
	same = at_end.ntop == SERIES && as_said.ntop == SERIES;
	for (size_t i = 0; same && i < SERIES; i++) {
		const struct wt_wt_warp *x = &at_end.top[i], *y = &as_said.top[i];

		same = x->kernel == y->kernel && x->warp == y->warp &&
		       x->accesses == y->accesses && x->hits == y->hits &&
		       x->nwin == y->nwin &&
		       memcmp(x->win, y->win, x->nwin * sizeof(*x->win)) == 0;
	}
	ok(same, "warp ends: the same series of %d, ties among 1 to 4 accesses "
	   "broken by first seen", SERIES);
	wt_wt_free(&at_end);

	refused = wt_wt_access(&as_said, 2, 7, 0, 0, 0, 0, 1, 1) == 0 &&
		  wt_wt_warp_end(&as_said, 7) == 0 &&
		  wt_wt_access(&as_said, 2, 7, 0, 0, 1, 1, 1, 1) < 0 &&
		  wt_wt_warp_end(&as_said, 7) < 0 &&
		  wt_wt_warp_end(&as_said, 8) == 0 &&	/* no load: ends */
		  wt_wt_access(&as_said, 2, 8, 0, 0, 1, 1, 1, 1) < 0;
	ok(refused, "warp ends: an access or an end after the warp's end is refused");
	wt_wt_free(&as_said);
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
	test_loadtype_ref();
	test_loadtype_bins();
	test_loadtype_sampled();
	test_cls_sampled();
	test_cls_batches();
	test_warptype();
	test_warptype_kernels();
	test_warptype_warp_end();
	test_appcat();
	return tap_done();
}
