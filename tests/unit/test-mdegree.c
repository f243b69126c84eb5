/*
 * test-mdegree.c - Yen's multithreading degree: equation (2) on the
 * thesis's own numbers (Tables 4 and 5), the 0.05 boundary between
 * compute- and memory-bound, each rule of §5.1 on hand-made profiles, the
 * choice of MD on a memory-bound and a compute-bound profile, the best MD
 * of a sweep and the CTA execution times.
 */
#include "mdegree.h"
#include "tap.h"

#include <math.h>

static int near(double got, double want, double tol)
{
	int good = fabs(got - want) <= tol;

	if (!good)
		printf("#   got %.6f, want %.6f (within %g)\n", got, want, tol);
	return good;
}

/* Table 5: the miss rate, dram_r (DRAM reads per CTA) and dr_inc_rate of
 * bfs, nbf and unstructured at 1 to 8 CTAs. */
static void eq2_table5(void)
{
	static const struct {
		const char *name;
		double dram[8], inc[8];
	} t5[] = {
		{ "bfs", { 72.94, 71.12, 71.16, 71.64, 73.03, 77.90, 83.01, 89.29 },
		  { 0, 0.98, 1.00, 1.01, 1.02, 1.07, 1.07, 1.08 } },
		{ "nbf", { 169.39, 439.13, 763.62, 1125.74, 1419.73, 1545.29,
			   1570.32, 1570.32 },
		  { 0, 2.59, 1.74, 1.47, 1.26, 1.09, 1.02, 1.00 } },
		{ "unstructured", { 1557.52, 3406.75, 4384.41, 5007.40, 5341.11,
				    5341.11, 5341.11, 5341.11 },
		  { 0, 2.19, 1.29, 1.14, 1.07, 1.00, 1.00, 1.00 } },
	};

	for (size_t b = 0; b < 3; b++) {
		int good = 1;

		for (int n = 1; n < 8; n++)
			good &= near(wt_md_eq2(t5[b].dram[n], t5[b].dram[n - 1]),
				     t5[b].inc[n], 0.005);
		ok(good, "Eq. 2 gives Table 5's dr_inc_rate of %s at 2 to 8 CTAs",
		   t5[b].name);
	}
	/* Table 4: vector addition reads 1280 lines at every MD */
	ok(wt_md_eq2(1280, 1280) == 1, "Eq. 2: Table 4's constant DRAM reads give 1");
	ok(near(wt_md_eq2(439.13, 169.39), 439.13 / 169.39, 0),
	   "Eq. 2 is reads at N over reads at N-1, not the other way round");
	ok(isnan(wt_md_eq2(10, 0)) && isnan(wt_md_eq2(0, 0)),
	   "Eq. 2 from no reads at N-1 is undefined (NAN)");
}

static void classification(void)
{
	struct wt_md_profile p = { .loads = 50, .reads = 5, .instructions = 100 };

	ok(wt_md_reads_per_inst(&p) == 0.05, "5 reads in 100 warp instructions: 0.05");
	ok(wt_md_memory_bound(&p, WT_MD_BOUND_RATIO),
	   "exactly 0.05 is memory-bound (the boundary's side)");
	p.reads = 4.99;
	ok(!wt_md_memory_bound(&p, WT_MD_BOUND_RATIO), "0.0499 is compute-bound");
	p.reads = 5.01;
	ok(wt_md_memory_bound(&p, WT_MD_BOUND_RATIO), "0.0501 is memory-bound");
	ok(!wt_md_memory_bound(&p, 0.1), "--threshold=0.1 makes 0.0501 compute-bound");
	p.instructions = 0;
	ok(wt_md_reads_per_inst(&p) == 0 && !wt_md_memory_bound(&p, 0.05),
	   "no instructions: ratio 0, compute-bound");
	ok(WT_MD_BOUND_RATIO == 0.05, "the thesis's ratio is the default");
}

static void miss_rate(void)
{
	struct wt_md_profile p = { .loads = 178, .reads = 72.94 };

	ok(near(wt_md_miss_rate(&p), 0.41, 0.001),
	   "miss rate is DRAM reads over accesses (bfs: 72.94 / 178 = 0.41)");
	p.reads = 200;
	ok(wt_md_miss_rate(&p) == 1, "reads past the accesses: at most 1");
	p.loads = 0;
	ok(wt_md_miss_rate(&p) == 0, "no accesses: 0");
}

/* Stage 1: 1000 loads, 200 reads (miss rate 0.2), 128 lines of L1. */
static void dram_rule(void)
{
	struct wt_md_profile p = { .loads = 1000, .reads = 200,
				   .working_set = 100, .capacity = 128 };

	ok(wt_md_predict_reads(&p, 1) == 200, "MD 1: the profile's reads");
	ok(near(wt_md_reuse_kept(&p, 2), 0.64, 1e-12),
	   "100 lines in a share of 64: 64 %% of the reuses still hit");
	ok(near(wt_md_predict_reads(&p, 2), 200 + 800 * 0.36, 1e-9),
	   "MD 2: every hit lost is a read (488)");
	ok(near(wt_md_predict_miss_rate(&p, 2), 0.488, 1e-12), "MD 2: miss rate 0.488");
	ok(near(wt_md_predict_reads(&p, 4), 200 + 800 * 0.68, 1e-9), "MD 4: 744 reads");
	p.working_set = 32;
	ok(wt_md_predict_reads(&p, 4) == 200,
	   "4 working sets of 32 lines fit 128 lines: no more reads");
	ok(wt_md_predict_reads(&p, 5) > 200, "5 do not");
	p.working_set = 256;
	ok(near(wt_md_reuse_kept(&p, 2), 0.5, 1e-12),
	   "a working set twice the cache: MD 2 keeps half of MD 1's hits");
	p.working_set = 100;
	p.reads = 1000;
	ok(wt_md_predict_reads(&p, 8) == 1000,
	   "miss rate 1 (streaming, Table 4): the reads do not grow");
	p.reads = 200;
	{
		struct wt_md_profile lo = p, big = p, ws = p;

		big.capacity = 256;
		ws.working_set = 50;
		p.loads = 400;		/* miss rate 0.5 */
		ok(near(wt_md_eq2(wt_md_predict_reads(&lo, 2), 200), 2.44, 1e-12) &&
		   near(wt_md_eq2(wt_md_predict_reads(&p, 2), 200), 1.36, 1e-12),
		   "the same reads at a lower miss rate grow more (Figure 9)");
		ok(wt_md_predict_reads(&big, 2) == 200,
		   "a bigger cache: no more reads at MD 2 (Figure 10)");
		ok(wt_md_predict_reads(&ws, 3) < wt_md_predict_reads(&lo, 3),
		   "a smaller working set: fewer reads (Figure 11)");
	}
}

/* Stage 2, every branch and boundary; C = 10 lines. */
static void latency_rule(void)
{
	static const struct {
		double m, dm, ws, want;
		const char *why;
	} c[] = {
		{ 0.10, 0.5, 1000, 1.03, "miss rate < 0.15: 1.03" },
		{ 0.90, 0.5, 1000, 1.03, "miss rate > 0.85: 1.03" },
		{ 0.15, 0.5, 1000, 1.1, "miss rate 0.15 (left open): the 1.1 band" },
		{ 0.20, 0.5, 1000, 1.1, "0.15 < miss rate < 0.3: 1.1" },
		{ 0.30, 0.2, 60, 1.9, "0.3 is other cases: ws > 5C, delta > 0.1: 1.9" },
		{ 0.85, 0.2, 60, 1.9, "0.85 is other cases too" },
		{ 0.50, 0.1, 60, 1.1, "ws > 5C, delta 0.1 (not larger): 1.1" },
		{ 0.50, 0.2, 50, 1.1, "ws = 5C (not larger): 1.1" },
		{ 0.50, 0.05, 160, 1.75, "ws > 15C, delta > 0.04: 1.75" },
		{ 0.50, 0.2, 160, 1.9, "ws > 15C, delta > 0.1: the 1.9 rule first" },
		{ 0.50, 0.04, 160, 1.1, "ws > 15C, delta 0.04 (not larger): 1.1" },
		{ 0.50, 0.05, 150, 1.1, "ws = 15C, delta 0.05: 1.1" },
		{ 0.50, -0.2, 1000, 1.1, "a falling miss rate: 1.1" },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		ok(wt_md_latency_growth(c[i].m, c[i].dm, c[i].ws, 10) == c[i].want,
		   "latency: %s", c[i].why);
}

static void pipeline_rule(void)
{
	ok(wt_md_pipeline_effect(100, 1000, 128) == 1.05,
	   "pipeline: the working set at the MD fits: 1.05");
	ok(wt_md_pipeline_effect(128, 1000, 128) == 1.05,
	   "pipeline: exactly the capacity fits: 1.05");
	ok(wt_md_pipeline_effect(129, 641, 128) == 1.2,
	   "pipeline: does not fit, reads > 5C: 1.2");
	ok(wt_md_pipeline_effect(129, 640, 128) == 1.1,
	   "pipeline: does not fit, reads = 5C: 1.1");
	ok(wt_md_pipeline_effect(1000, 10, 128) == 1.1,
	   "pipeline: does not fit, few reads: 1.1");
}

/* A memory-bound CTA whose working set of 40 lines fits 3 times in 128
 * lines: the scheme stops at 3, where a fourth CTA would evict. */
static void choice_memory(void)
{
	struct wt_md_profile p = { .loads = 1000, .reads = 200,
				   .instructions = 2000, .cta_time = 1000,
				   .working_set = 40, .capacity = 128 };
	struct wt_md_pred pr[5];
	int mem = wt_md_predict(&p, 5, WT_MD_BOUND_RATIO, pr);

	ok(mem, "0.1 reads per instruction: memory-bound");
	ok(pr[0].md == 1 && pr[0].speedup == 1 && pr[0].cta_time == 1000 &&
	   isnan(pr[0].inc) && isnan(pr[0].cta_rate), "MD 1 is the profile");
	ok(pr[1].inc == 1 && pr[1].latency == 1.1 && pr[1].pipeline == 1.05 &&
	   near(pr[1].cta_rate, 1.155, 1e-12) && near(pr[1].speedup, 2 / 1.155, 1e-12),
	   "MD 2: reads 1, latency 1.1 (miss rate 0.2), pipeline 1.05");
	ok(near(pr[2].speedup, 3 / (1.155 * 1.155), 1e-12) &&
	   near(pr[2].cta_time, 1000 * 1.155 * 1.155, 1e-9), "MD 3: 3 / 1.155^2");
	ok(near(pr[3].reads, 360, 1e-9) && near(pr[3].inc, 1.8, 1e-12) &&
	   pr[3].latency == 1.1 && pr[3].pipeline == 1.1 &&
	   near(pr[3].cta_rate, 1.8 * 1.21, 1e-12), "MD 4: 360 reads, rate 1.8 x 1.1 x 1.1");
	ok(pr[4].speedup < pr[3].speedup && pr[3].speedup < pr[2].speedup,
	   "past MD 3 the predicted performance falls");
	is_u64(wt_md_choose(pr, 5), 3, "memory-bound: the scheme chooses MD 3");

	/* a bigger working set, 100 lines, never fits twice */
	p.working_set = 100;
	wt_md_predict(&p, 5, WT_MD_BOUND_RATIO, pr);
	is_u64(wt_md_choose(pr, 5), 1, "memory-bound, 100 lines: MD 1");
}

/* The same CTA with 100000 instructions: compute-bound, the pipeline's
 * effect alone, and the scheme tends to the highest MD. */
static void choice_compute(void)
{
	struct wt_md_profile p = { .loads = 1000, .reads = 200,
				   .instructions = 100000, .cta_time = 1000,
				   .working_set = 40, .capacity = 128 };
	struct wt_md_pred pr[8];
	int mem = wt_md_predict(&p, 8, WT_MD_BOUND_RATIO, pr);

	ok(!mem, "0.002 reads per instruction: compute-bound");
	ok(pr[3].latency == 1 && pr[3].cta_rate == pr[3].pipeline &&
	   pr[3].pipeline == 1.1, "compute-bound: the CTA time grows by the pipeline alone");
	ok(pr[3].inc > 1, "... though the reads still grow");
	is_u64(wt_md_choose(pr, 6), 6, "compute-bound, 6 MDs: the scheme chooses MD 6");
	ok(pr[6].pipeline == 1.1 && pr[7].pipeline == 1.2 && pr[7].reads > 640,
	   "MD 8 reads more than 5 caches a CTA: pipeline 1.2");
	is_u64(wt_md_choose(pr, 8), 7, "compute-bound, 8 MDs: MD 7, as 8/7 < 1.2");
	mem = wt_md_predict(&p, 8, 0.001, pr);
	is_u64(wt_md_choose(pr, 8), 3, "with --threshold=0.001 it is memory-bound: MD 3");
}

static void choose_and_best(void)
{
	struct wt_md_pred pr[4] = {
		{ .md = 1, .speedup = 1 }, { .md = 2, .speedup = 1.5 },
		{ .md = 3, .speedup = 1.5 }, { .md = 4, .speedup = NAN },
	};
	struct wt_md_point pt[4] = {
		{ .md = 1, .ipc = NAN }, { .md = 2, .ipc = 0.9 },
		{ .md = 3, .ipc = 1.2 }, { .md = 4, .ipc = 1.2 },
	};

	is_u64(wt_md_choose(pr, 4), 2, "choice: a tie goes to the smaller MD, NAN loses");
	is_u64(wt_md_best(pt, 4), 3, "best of the sweep: highest IPC, smaller on a tie");
	pt[1].ipc = pt[2].ipc = pt[3].ipc = NAN;
	is_u64(wt_md_best(pt, 4), 0, "no IPC at all: 0");
}

static void cta_times(void)
{
	struct wt_md_ctas *c = wt_md_ctas_new();

	ok(isnan(wt_md_ctas_mean(c)) && wt_md_ctas_count(c) == 0, "no CTA: NAN");
	wt_md_ctas_add(c, 0, 0, 10, 50);
	wt_md_ctas_add(c, 0, 0, 5, 40);		/* same CTA: 5 to 50 */
	wt_md_ctas_add(c, 0, 1, 100, 300);
	wt_md_ctas_add(c, 1, 0, 0, 10);		/* kernel 1's CTA 0 */
	is_u64(wt_md_ctas_count(c), 3, "CTAs are told apart by kernel and id");
	ok(wt_md_ctas_mean(c) == (45 + 200 + 10) / 3.0,
	   "a CTA's time is its warps' last minus their first; the mean");
	for (uint32_t i = 0; i < 1000; i++)
		wt_md_ctas_add(c, 2, i, i, 2 * i);
	is_u64(wt_md_ctas_count(c), 1003, "many CTAs");
	wt_md_ctas_free(c);
}

/* Table 4's first three columns as a sweep: the table of Tables 4-7. */
static void tables(void)
{
	struct wt_md_point pt[3] = {
		{ .md = 1, .miss_rate = 1, .reads = 1280, .cta_time = 100,
		  .cycles = 197157, .ipc = 1, .latency = 264 },
		{ .md = 2, .miss_rate = 1, .reads = 1280, .cta_time = 110,
		  .cycles = 100867, .ipc = 2, .latency = 269 },
		{ .md = 3, .miss_rate = 1, .reads = 2560, .cta_time = 0,
		  .cycles = 67506, .ipc = 3, .latency = NAN },
	};
	struct wt_md_pred pr[3];
	struct wt_md_profile p = { .loads = 10, .reads = 10, .instructions = 60,
				   .cta_time = 100, .working_set = 10,
				   .capacity = 128 };
	struct wt_table *t = wt_md_sweep_table("sweep-16K", "t", pt, 3, 2);
	char buf[64];

	is_u64(t->nrows, 3, "sweep table: a row per MD");
	is_str(t->cols[4], "dram_read_inc_rate", "sweep table: Eq. 2's column");
	ok(wt_table_cell(t, 0, 4)->kind == WT_CELL_EMPTY &&
	   wt_table_cell(t, 0, 7)->kind == WT_CELL_EMPTY, "no rate at MD 1");
	is_str(wt_cell_str(wt_table_cell(t, 2, 4), buf, sizeof(buf)), "2.000",
	       "Eq. 2 at MD 3: 2560 / 1280");
	is_str(wt_cell_str(wt_table_cell(t, 1, 1), buf, sizeof(buf)), "4",
	       "MD 2 of 2-warp CTAs is 4 warps (Table 4)");
	is_str(wt_cell_str(wt_table_cell(t, 1, 7), buf, sizeof(buf)), "1.100",
	       "the CTA time rate");
	ok(wt_table_cell(t, 2, 5)->kind == WT_CELL_EMPTY,
	   "a latency not measured: empty");
	is_str(wt_cell_str(wt_table_cell(t, 2, 10), buf, sizeof(buf)), "3.000",
	       "speedup over MD 1");
	wt_table_free(t);
	t = wt_md_sweep_table("s", "t", pt, 3, 0);
	ok(wt_table_cell(t, 0, 1)->kind == WT_CELL_EMPTY,
	   "CTAs of different sizes: no warps");
	wt_table_free(t);
	wt_md_predict(&p, 3, WT_MD_BOUND_RATIO, pr);
	t = wt_md_pred_table("predict-16K", "t", pr, pt, 3, 2);
	is_str(t->cols[10], "measured_speedup", "prediction table: the measured beside");
	is_str(wt_cell_str(wt_table_cell(t, 1, 6), buf, sizeof(buf)), "1.05",
	       "prediction table: the pipeline effect");
	wt_table_free(t);
}

int main(void)
{
	eq2_table5();
	classification();
	miss_rate();
	dram_rule();
	latency_rule();
	pipeline_rule();
	choice_memory();
	choice_compute();
	choose_and_best();
	cta_times();
	tables();
	return tap_done();
}
