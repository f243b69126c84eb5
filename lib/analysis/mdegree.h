/*
 * mdegree.h - the multithreading degree (MD) of Yen's thesis, "A Cache
 * Behavior Aware Multithreading Degree Decision Scheme on GPGPUs" (NCTU):
 * the measures of an MD sweep (Tables 4 to 7 and equation (2)) and the
 * decision scheme of its section 5.1, which profiles one CTA on one core,
 * predicts the DRAM reads, the growth of the memory latency and the
 * effect of the pipeline at each MD, and chooses the MD with the best
 * predicted performance.
 *
 * Arithmetic, and the tables of its results: mdrun.h runs the pipelines
 * and reads their statistics.  An MD counts CTAs per SM, as the thesis's tables do
 * ("#CTAs"); in warps it is that times the warps of a CTA (equation (1)).
 * mdegree(1) documents every rule and each reading chosen where the
 * thesis leaves a detail open.
 */
#ifndef WT_MDEGREE_H
#define WT_MDEGREE_H

#include <stddef.h>
#include <stdint.h>

#include "table.h"

/* §5.1: "the ratio is set to 0.05", DRAM reads per warp instruction. */
#define WT_MD_BOUND_RATIO 0.05

/* One MD of a sweep, as measured. */
struct wt_md_point {
	unsigned md;		/* CTAs per SM */
	double miss_rate;	/* L1 load miss rate */
	double reads;		/* DRAM reads, all of the kernel's */
	double instructions;	/* warp instructions, all of the kernel's */
	double cta_time;	/* mean CTA execution time, cycles */
	double cycles;
	double ipc;		/* the IPC estimate: instructions / cycles */
	double latency;		/* mean DRAM latency, cycles */
};

/*
 * What the profile of §5.1 measures, per CTA: the CTAs profiled run one
 * at a time on one SM ("the multithreading degree of the shader core
 * with predictor is set as one CTA", §5.2).
 */
struct wt_md_profile {
	double loads;		/* L1 load accesses */
	double reads;		/* DRAM reads: the reads that leave the L1 */
	double instructions;	/* warp instructions */
	double cta_time;	/* cycles */
	double working_set;	/* distinct lines loaded */
	double capacity;	/* lines the L1 holds */
};

/* The scheme's prediction at one MD.  The rates are against MD - 1, and
 * NAN at MD 1, the profile itself. */
struct wt_md_pred {
	unsigned md;
	double miss_rate;	/* L1 miss rate: DRAM reads over accesses */
	double reads;		/* DRAM reads per CTA */
	double inc;		/* their increasing rate, equation (2) */
	double latency;		/* the growing rate of the memory latency */
	double pipeline;	/* the effect of the pipeline */
	double cta_rate;	/* the growth of the CTA execution time */
	double cta_time;	/* the CTA execution time, cycles */
	double speedup;		/* performance over MD 1 */
};

/* Equation (2): reads at MD N over reads at MD N-1; NAN when the latter
 * is 0 (no increase can be measured from nothing). */
double wt_md_eq2(double reads, double prev);

/* §5.1: "the cache miss rate is set to DRAM reads over total cache
 * accesses"; 0 without accesses, at most 1. */
double wt_md_miss_rate(const struct wt_md_profile *p);
/* §5.1's ratio, DRAM reads per warp instruction (0 without any). */
double wt_md_reads_per_inst(const struct wt_md_profile *p);
/* Memory-bound: the ratio is threshold or more. */
int wt_md_memory_bound(const struct wt_md_profile *p, double threshold);

/* The share of the profile's cache hits that still hit at MD md. */
double wt_md_reuse_kept(const struct wt_md_profile *p, unsigned md);
/* The predicted miss rate and DRAM reads per CTA at MD md (stage 1). */
double wt_md_predict_miss_rate(const struct wt_md_profile *p, unsigned md);
double wt_md_predict_reads(const struct wt_md_profile *p, unsigned md);
/* Stage 2: the growing rate of the memory latency from MD N-1 to N, from
 * the predicted miss rate at N, its delta from N-1, and one CTA's working
 * set and the cache capacity in lines. */
double wt_md_latency_growth(double miss_rate, double delta, double working_set,
			    double capacity);
/* Stage 3: the effect of the pipeline at MD N, from the working set of
 * all N CTAs, the predicted DRAM reads per CTA and the capacity. */
double wt_md_pipeline_effect(double working_set_md, double reads,
			     double capacity);

/*
 * The three stages for MD 1 to maxmd into out[0..maxmd-1], with a
 * kernel that is memory-bound at threshold; returns that verdict (1
 * memory-bound, 0 compute-bound).
 */
int wt_md_predict(const struct wt_md_profile *p, unsigned maxmd,
		  double threshold, struct wt_md_pred *out);
/* The MD with the best predicted performance (the smallest on a tie). */
unsigned wt_md_choose(const struct wt_md_pred *pred, unsigned n);
/* The MD of the sweep with the highest IPC estimate (the smallest on a
 * tie), or 0 when no point has one. */
unsigned wt_md_best(const struct wt_md_point *pts, unsigned n);

/*
 * Tables 4 to 7: a row per MD of pts[0..n-1], with the columns md, warps
 * (md times wpc, the warps per CTA; empty when wpc is 0), l1_miss_rate,
 * dram_reads, dram_read_inc_rate (equation (2)), dram_latency, cta_time,
 * cta_time_rate, cycles, ipc and speedup (over MD 1).  Rates are empty at
 * MD 1 and where undefined.
 */
struct wt_table *wt_md_sweep_table(const char *name, const char *title,
				   const struct wt_md_point *pts, unsigned n,
				   unsigned wpc);
/* The scheme: md, warps, miss_rate, dram_reads_per_cta,
 * dram_read_inc_rate, latency_growth, pipeline_effect, cta_time_rate,
 * cta_time, speedup and measured_speedup (from pts, which may be NULL). */
struct wt_table *wt_md_pred_table(const char *name, const char *title,
				  const struct wt_md_pred *pred,
				  const struct wt_md_point *pts, unsigned n,
				  unsigned wpc);

/*
 * CTA execution times, from the warps of l1sim's statistics: a CTA runs
 * from the first request of its first warp to the last data of its last
 * warp.
 */
struct wt_md_ctas;

struct wt_md_ctas *wt_md_ctas_new(void);
void wt_md_ctas_free(struct wt_md_ctas *c);
void wt_md_ctas_add(struct wt_md_ctas *c, uint32_t kernel, uint32_t cta,
		    double first, double last);
size_t wt_md_ctas_count(const struct wt_md_ctas *c);
/* The mean over the CTAs of their execution times, or NAN without any. */
double wt_md_ctas_mean(const struct wt_md_ctas *c);

#endif
