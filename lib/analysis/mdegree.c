/*
 * mdegree.c - the measures and the decision scheme of Yen's thesis on the
 * multithreading degree; see mdegree.h and mdegree(1).  Section numbers,
 * tables and figures are the thesis's.
 */
#include "mdegree.h"
#include "u64map.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

/*
 * Equation (2): "Increasing Rate of DRAM reads = # DRAM reads at MD=N /
 * # DRAM reads at MD=(N-1)", the dr_inc_rate of Tables 5 to 7.  It is the
 * same ratio for the reads per CTA (Table 5's dram_r) and for all of a
 * kernel's (Table 4), as the CTAs of a kernel do not change with the MD.
 */
double wt_md_eq2(double reads, double prev)
{
	return prev > 0 ? reads / prev : NAN;
}

/*
 * §5.1: "The cache miss rate is set to DRAM reads over total cache
 * accesses", which is what the rules below compare with 0.15, 0.3 and
 * 0.85.  Reads past the accesses (loads that bypass the L1) cannot make
 * it more than 1.
 */
double wt_md_miss_rate(const struct wt_md_profile *p)
{
	if (p->loads <= 0)
		return 0;
	return p->reads >= p->loads ? 1 : p->reads / p->loads;
}

double wt_md_reads_per_inst(const struct wt_md_profile *p)
{
	return p->instructions > 0 ? p->reads / p->instructions : 0;
}

/*
 * §5.1: "decide whether the workload is computation bound or memory
 * bound based on the ratio of (# DRAM reads / # warp inst). From the
 * profiling results, the ratio is set to 0.05."  The thesis does not say
 * which side 0.05 itself is on; it is memory-bound here, so that the
 * full scheme, which still chooses a high MD when memory does not limit
 * it, decides a kernel on the boundary.
 */
int wt_md_memory_bound(const struct wt_md_profile *p, double threshold)
{
	return wt_md_reads_per_inst(p) >= threshold;
}

/* The share of a working set of ws lines that a cache share of share
 * lines holds. */
static double fits(double share, double ws)
{
	return ws <= share ? 1 : share / ws;
}

/*
 * Stage 1, DRAM reads.  §4.2 takes the miss rate as the indicator of
 * reuse: "each cache line has the same probability, (1 -
 * cache_miss_rate), to be accessed again", so a line that another CTA's
 * data evicts is fetched again with that probability (Figure 6).  With md
 * CTAs alike in one L1 of C lines, each keeps C / md of them; a CTA whose
 * working set w does not fit in its share finds a line it reuses with
 * the probability (C / md) / w, all lines being alike.  The profile, at
 * MD 1, has already paid for what min(1, C / w) loses, so what MD md
 * keeps of the profile's hits is the ratio of the two.
 *
 * This is the reading of the three factors that §5.1 names (the miss
 * rate, Figure 9; the capacity, Figure 10; the working set of a CTA,
 * Figure 11): the thesis fits "a segmented curve" to its data and does
 * not publish it.
 */
double wt_md_reuse_kept(const struct wt_md_profile *p, unsigned md)
{
	if (md <= 1 || p->working_set <= 0 || p->capacity <= 0)
		return 1;
	return fits(p->capacity / md, p->working_set) /
	       fits(p->capacity, p->working_set);
}

/* Every hit of the profile that MD md does not keep becomes a read. */
double wt_md_predict_reads(const struct wt_md_profile *p, unsigned md)
{
	double hits = p->loads > p->reads ? p->loads - p->reads : 0;

	return p->reads + hits * (1 - wt_md_reuse_kept(p, md));
}

double wt_md_predict_miss_rate(const struct wt_md_profile *p, unsigned md)
{
	double r = wt_md_predict_reads(p, md);

	if (p->loads <= 0)
		return 0;
	return r >= p->loads ? 1 : r / p->loads;
}

/*
 * Stage 2, the growing rate of the memory latency from MD N-1 to N
 * (Table 7's mf_latency rate), in the order of §5.1:
 *
 *   "If the miss rate is lower than 0.15 or higher than 0.85, the adverse
 *   effect of growing latency is small. In this situation, the growing
 *   rate is set as 1.03. If the miss rate is lower than 0.3 and higher
 *   than 0.15, the growing rate is set as 1.1. For other cases, if the
 *   working set of CTA is larger than 5 times of cache capacity and the
 *   delta of miss rate is larger than 0.1, the growing rate is set to
 *   1.9. If the working set size is larger than 15 times of cache
 *   capacity and the delta miss rate is larger than 0.04, the growing
 *   rate is set to 1.75. For other cases, the growing rate is set as 1.1."
 *
 * The miss rate is the one predicted at N and the delta is its change
 * from N-1, as the stage "takes the predicted miss rate" as input.  The
 * text leaves a miss rate of exactly 0.15 out of both bands; it goes with
 * the 1.1 band, the moderate one it borders.  0.3 and 0.85 are "other
 * cases", as written.  The working set is one CTA's (§5.1 says "of CTA"
 * here and "at the target multithreading degree" in stage 3).
 */
double wt_md_latency_growth(double miss_rate, double delta, double working_set,
			    double capacity)
{
	if (miss_rate < 0.15 || miss_rate > 0.85)
		return 1.03;
	if (miss_rate < 0.3)
		return 1.1;
	if (working_set > 5 * capacity && delta > 0.1)
		return 1.9;
	if (working_set > 15 * capacity && delta > 0.04)
		return 1.75;
	return 1.1;
}

/*
 * Stage 3, the effect of the pipeline (§4.4: more warps than the ALU
 * latencies need lengthen each warp), in the words of §5.1: "It checks
 * whether the working set size at the target multithreading degree is
 * large than the cache capacity. If the working set size is lower than
 * the cache capacity, the effect ratio is 1.05. For other cases, if the
 * DRAM reads of each CTA is larger than 5 times of cache capacity, the
 * ratio is set to 1.2, or otherwise 1.1."  A working set equal to the
 * capacity fits, as in stage 1; the DRAM reads are those predicted at
 * the target MD.
 */
double wt_md_pipeline_effect(double working_set_md, double reads,
			     double capacity)
{
	if (working_set_md <= capacity)
		return 1.05;
	return reads > 5 * capacity ? 1.2 : 1.1;
}

/*
 * The CTA execution time grows from MD N-1 to N by the product of the
 * increase of the DRAM reads, the growth of their latency and the effect
 * of the pipeline: Table 7 compares cta_exe_rate with "dr_inc_rate *
 * mf_latency_rate", and §4.4 adds the pipeline's factor for what the
 * product misses.  A compute-bound kernel hides its memory time under
 * computation, and the scheme "tend[s] to higher multithreading degrees"
 * for it (§6.3): its CTA time grows by the pipeline's effect alone.
 *
 * N CTAs that each take t(N) cycles finish N / t(N) CTAs a cycle, so the
 * performance over MD 1 is N t(1) / t(N).
 */
int wt_md_predict(const struct wt_md_profile *p, unsigned maxmd,
		  double threshold, struct wt_md_pred *out)
{
	int mem = wt_md_memory_bound(p, threshold);

	for (unsigned n = 1; n <= maxmd; n++) {
		struct wt_md_pred *o = &out[n - 1], *prev;
		double inc;

		o->md = n;
		o->miss_rate = wt_md_predict_miss_rate(p, n);
		o->reads = wt_md_predict_reads(p, n);
		if (n == 1) {
			o->inc = o->latency = o->pipeline = o->cta_rate = NAN;
			o->cta_time = p->cta_time;
			o->speedup = 1;
			continue;
		}
		prev = o - 1;
		o->inc = wt_md_eq2(o->reads, prev->reads);
		o->latency = mem ? wt_md_latency_growth(o->miss_rate,
				o->miss_rate - prev->miss_rate, p->working_set,
				p->capacity) : 1;
		o->pipeline = wt_md_pipeline_effect(n * p->working_set, o->reads,
						    p->capacity);
		/* without reads at N-1 there is nothing to grow */
		inc = isnan(o->inc) ? 1 : o->inc;
		o->cta_rate = mem ? inc * o->latency * o->pipeline : o->pipeline;
		o->cta_time = prev->cta_time * o->cta_rate;
		o->speedup = prev->speedup * n / (n - 1) / o->cta_rate;
	}
	return mem;
}

/*
 * The best predicted performance; on a tie the smaller MD, which gets it
 * with fewer CTAs contending for the cache.
 */
unsigned wt_md_choose(const struct wt_md_pred *pred, unsigned n)
{
	unsigned best = 0;

	for (unsigned i = 1; i < n; i++)
		if (pred[i].speedup > pred[best].speedup)
			best = i;
	return n ? pred[best].md : 0;
}

unsigned wt_md_best(const struct wt_md_point *pts, unsigned n)
{
	const struct wt_md_point *best = NULL;

	for (unsigned i = 0; i < n; i++)
		if (isfinite(pts[i].ipc) && (!best || pts[i].ipc > best->ipc))
			best = &pts[i];
	return best ? best->md : 0;
}

static void num(struct wt_table *t, size_t r, unsigned c, double v, int prec)
{
	if (isfinite(v))
		wt_table_num(t, r, c, v, prec);
}

/* Rates with three digits, the thesis's two and one more: 1.03, 1.05 and
 * 1.1 multiply into rates such as 1.082. */
struct wt_table *wt_md_sweep_table(const char *name, const char *title,
				   const struct wt_md_point *pts, unsigned n,
				   unsigned wpc)
{
	struct wt_table *t = wt_table_new(name, title, 11, "md", "warps",
		"l1_miss_rate", "dram_reads", "dram_read_inc_rate", "dram_latency",
		"cta_time", "cta_time_rate", "cycles", "ipc", "speedup");

	for (unsigned m = 0; m < n; m++) {
		const struct wt_md_point *p = &pts[m], *q = m ? p - 1 : NULL;
		size_t row = wt_table_add_row(t);

		wt_table_num(t, row, 0, p->md, 0);
		if (wpc)
			wt_table_num(t, row, 1, (double)p->md * wpc, 0);
		num(t, row, 2, p->miss_rate, 4);
		num(t, row, 3, p->reads, 0);
		if (q)
			num(t, row, 4, wt_md_eq2(p->reads, q->reads), 3);
		num(t, row, 5, p->latency, 1);
		num(t, row, 6, p->cta_time, 1);
		if (q && q->cta_time > 0)
			num(t, row, 7, p->cta_time / q->cta_time, 3);
		num(t, row, 8, p->cycles, 0);
		num(t, row, 9, p->ipc, 3);
		num(t, row, 10, p->ipc / pts[0].ipc, 3);
	}
	return t;
}

struct wt_table *wt_md_pred_table(const char *name, const char *title,
				  const struct wt_md_pred *pred,
				  const struct wt_md_point *pts, unsigned n,
				  unsigned wpc)
{
	struct wt_table *t = wt_table_new(name, title, 11, "md", "warps",
		"miss_rate", "dram_reads_per_cta", "dram_read_inc_rate",
		"latency_growth", "pipeline_effect", "cta_time_rate", "cta_time",
		"speedup", "measured_speedup");

	for (unsigned m = 0; m < n; m++) {
		const struct wt_md_pred *p = &pred[m];
		size_t row = wt_table_add_row(t);

		wt_table_num(t, row, 0, p->md, 0);
		if (wpc)
			wt_table_num(t, row, 1, (double)p->md * wpc, 0);
		num(t, row, 2, p->miss_rate, 4);
		num(t, row, 3, p->reads, 2);
		num(t, row, 4, p->inc, 3);
		num(t, row, 5, p->latency, 2);
		num(t, row, 6, p->pipeline, 2);
		num(t, row, 7, p->cta_rate, 3);
		num(t, row, 8, p->cta_time, 1);
		num(t, row, 9, p->speedup, 3);
		if (pts)
			num(t, row, 10, pts[m].ipc / pts[0].ipc, 3);
	}
	return t;
}

struct wt_md_ctas {
	struct wt_u64map *index;	/* kernel << 32 | cta -> span + 1 */
	double *first, *last;
	size_t n, cap;
};

struct wt_md_ctas *wt_md_ctas_new(void)
{
	struct wt_md_ctas *c = wt_calloc(1, sizeof(*c));

	c->index = wt_u64map_new();
	return c;
}

void wt_md_ctas_free(struct wt_md_ctas *c)
{
	if (!c)
		return;
	wt_u64map_free(c->index);
	free(c->first);
	free(c->last);
	free(c);
}

void wt_md_ctas_add(struct wt_md_ctas *c, uint32_t kernel, uint32_t cta,
		    double first, double last)
{
	int added;
	uint64_t *v = wt_u64map_get(c->index, (uint64_t)kernel << 32 | cta,
				    &added);

	if (added) {
		if (c->n == c->cap) {
			c->cap = c->cap ? 2 * c->cap : 64;
			c->first = wt_realloc(c->first, c->cap * sizeof(*c->first));
			c->last = wt_realloc(c->last, c->cap * sizeof(*c->last));
		}
		*v = ++c->n;
		c->first[c->n - 1] = first;
		c->last[c->n - 1] = last;
		return;
	}
	if (first < c->first[*v - 1])
		c->first[*v - 1] = first;
	if (last > c->last[*v - 1])
		c->last[*v - 1] = last;
}

size_t wt_md_ctas_count(const struct wt_md_ctas *c)
{
	return c->n;
}

double wt_md_ctas_mean(const struct wt_md_ctas *c)
{
	double sum = 0;

	if (!c->n)
		return NAN;
	for (size_t i = 0; i < c->n; i++)
		sum += c->last[i] - c->first[i];
	return sum / (double)c->n;
}
