/*
 * rtables.c - report(1)'s tables and figures; see rtables.h.
 */
#include "rtables.h"
#include "rcompare.h"
#include "rpolicy.h"
#include "rruns.h"
#include "rsame.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A column of a program's table: a member of its stats file. */
struct colspec {
	const char *name, *path;
	int prec;		/* -2: text */
};

#define TEXT (-2)

static const struct colspec tracegen_cols[] = {
	{ "trace", "trace", TEXT }, { "kernels", "total.kernels", 0 },
	{ "thread accesses", "total.accesses", 0 },
	{ "loads", "total.loads", 0 }, { "stores", "total.stores", 0 },
	{ "atomics", "total.atomics", 0 }, { NULL, NULL, 0 }
};
static const struct colspec order_cols[] = {
	{ "trace", "trace", TEXT }, { "machine", "settings.arch", TEXT },
	{ "warp scheduler", "settings.policy", TEXT }, { "SMs", "settings.sms", 0 },
	{ "CTAs", "total.ctas", 0 }, { "warps", "total.warps", 0 },
	{ "warp memory instructions", "total.instructions", 0 },
	{ "cycles (core, nominal load latency)", "total.cycles", 0 },
	{ NULL, NULL, 0 }
};
static const struct colspec coalesce_cols[] = {
	{ "trace", "trace", TEXT }, { "rules", "settings.rules", TEXT },
	{ "warp memory instructions", "total.warp_instructions", 0 },
	{ "requests", "total.requests", 0 },
	{ "requests per instruction", "total.mean_requests", 2 },
	{ "efficiency (bytes used / moved)", "total.efficiency", 4 },
	{ NULL, NULL, 0 }
};
static const struct colspec l1_cols[] = {
	{ "trace", "trace", TEXT }, { "machine", "settings.arch", TEXT },
	{ "L1 timing", "settings.sched", TEXT },
	{ "size (bytes)", "settings.size", 0 }, { "ways", "settings.assoc", 0 },
	{ "index", "settings.index", TEXT }, { "loads", "total.loads", 0 },
	{ "miss rate (of loads)", "total.miss_rate", 4 },
	{ "miss rate w/o latency misses", "total.miss_rate_without_latency", 4 },
	{ "MPKI (misses/1000 warp instr.)", "total.mpki", 1 },
	{ "IPC (warp instr./core cycle)", "total.ipc", 3 },
	{ "cycles (core)", "total.cycles", 0 },
	{ "fails/1000 cycles", "total.reservation_fails_per_kilocycle", 1 },
	{ NULL, NULL, 0 }
};
static const struct colspec l2_cols[] = {
	{ "trace", "trace", TEXT }, { "machine", "settings.arch", TEXT },
	{ "partitions", "settings.partitions", 0 },
	{ "requests (reads and writes)", "total.requests", 0 },
	{ "read hits", "total.hits", 0 }, { "read misses", "total.misses", 0 },
	{ "read hit rate", "total.hit_rate", 4 },
	{ "queueing delay, mean (core cycles)", "total.queueing_delay.mean", 1 },
	{ NULL, NULL, 0 }
};
static const struct colspec dram_cols[] = {
	{ "trace", "trace", TEXT }, { "machine", "settings.arch", TEXT },
	{ "requests", "total.requests", 0 },
	{ "row-buffer hit rate (of requests)", "total.row_buffer_hit_rate", 4 },
	{ "controller latency, mean (core cycles)", "total.latency.mean", 1 },
	{ "bandwidth (GB/s)", "total.bandwidth_gbps", 2 },
	{ "data bus utilization", "total.bus_utilization", 4 }, { NULL, NULL, 0 }
};

static const struct colspec gpusim_cols[] = {
	{ "trace", "trace", TEXT }, { "machine", "machine", TEXT },
	{ "warp scheduler", "settings.warp_scheduler", TEXT },
	{ "L1 policy", "settings.l1_policy", TEXT },
	{ "cycles (core)", "cycles", 0 },
	{ "IPC (warp instr./core cycle)", "ipc", 3 },
	{ "thread IPC", "thread_ipc", 2 },
	{ "SM cycles issuing", "issue_cycles", 0 },
	{ "stalled: memory", "stall_cycles.memory", 0 },
	{ "stalled: L1 refusals", "stall_cycles.mshr_full", 0 },
	{ "stalled: network", "stall_cycles.icnt_full", 0 },
	{ "stalled: throttled", "stall_cycles.throttled", 0 },
	{ "load latency, mean (issue to wake-up)", "load_latency.mean", 1 },
	{ NULL, NULL, 0 }
};

static const struct {
	const char *program, *title;
	const struct colspec *cols;
} programs[] = {
	{ "trace-gen", "trace-gen: accesses of the dumps", tracegen_cols },
	{ "trace-order", "trace-order: the execution model", order_cols },
	{ "coalesce", "coalesce: memory divergence", coalesce_cols },
	{ "l1sim", "l1sim: the L1", l1_cols },
	{ "l2sim", "l2sim: the L2", l2_cols },
	{ "dramsim", "dramsim: the DRAM", dram_cols },
	{ "gpusim", "gpusim: the closed loop (its L1, L2 and DRAM in the "
	  "l1sim, l2sim and dramsim tables)", gpusim_cols },
};

static size_t runs_of(struct wt_stats *s, size_t n, const char *program)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += strcmp(s[i].program, program) == 0;
	return k;
}

static void program_table(struct wt_rep *r, struct wt_stats *s, size_t n,
			  const char *program, const char *title,
			  const struct colspec *cols)
{
	const char *names[32] = { "run" };
	unsigned nc = 1;
	struct wt_table *t;

	while (cols[nc - 1].name)
		names[nc] = cols[nc - 1].name, nc++;
	t = wt_table_newv(program, title, nc, names);
	for (size_t i = 0; i < n; i++) {
		size_t row;

		if (strcmp(s[i].program, program) != 0)
			continue;
		row = wt_table_add_row(t);
		wt_table_text(t, row, 0, s[i].label);
		for (unsigned c = 1; c < nc; c++) {
			const struct colspec *cs = &cols[c - 1];

			if (cs->prec == TEXT)
				wt_table_text(t, row, c, wt_stats_str(&s[i], cs->path));
			else
				wt_table_num(t, row, c, wt_stats_num(&s[i], cs->path), cs->prec);
		}
	}
	wt_rep_add_table(r, t);
}

static double ratio(double a, double b)
{
	return b > 0 ? a / b : NAN;
}

static void miss_classes(struct wt_rep *r, struct wt_stats *s, size_t n)
{
	static const char *const cls[] = {
		"compulsory", "capacity", "associativity", "mshr", "latency"
	};
	struct wt_table *t = wt_table_new("miss-classes", "L1 misses by class, as a "
					  "share of loads (Nugteren et al. Fig. 10)",
					  7, "run", "loads", cls[0], cls[1], cls[2],
					  cls[3], cls[4]);
	char path[64];

	for (size_t i = 0; i < n; i++) {
		double loads = wt_stats_num(&s[i], "total.loads");
		size_t row;

		if (strcmp(s[i].program, "l1sim") != 0)
			continue;
		row = wt_table_add_row(t);
		wt_table_text(t, row, 0, s[i].label);
		wt_table_num(t, row, 1, loads, 0);
		for (unsigned c = 0; c < 5; c++) {
			snprintf(path, sizeof(path), "total.miss_classes.%s", cls[c]);
			wt_table_num(t, row, 2 + c, ratio(wt_stats_num(&s[i], path), loads), 4);
		}
	}
	wt_rep_add_table(r, t);
	wt_rep_add_plot(r, WT_PLOT_STACKED, t, 0, 2, 5)->percent = 1;
	r->p[r->np - 1].ylabel = "L1 misses by class (% of loads)";
	r->p[r->np - 1].xlabel = "run";
	r->p[r->np - 1].title = "L1 miss classes (Nugteren et al. Fig. 10)";
}

/* "reuse-RUN", the run's name made safe for a file name (a run named by
 * its path has slashes). */
static void reuse_name(const struct wt_stats *s, char *name, size_t len)
{
	snprintf(name, len, "reuse-%s", s->label);
	for (char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '-' || *c == '_' || *c == '.'))
			*c = '_';
}

/*
 * The l1sim run's fully associative reuse distances in bins [2^k, 2^(k+1)),
 * with 0 a bin of its own.  A run with sampled distances (l1sim
 * --reuse=sampled:R) has estimated counts, which the title says; a run
 * without (--reuse=off) gets a note instead of a table, and any other
 * file without the histogram no table.
 */
static void reuse(struct wt_rep *r, struct wt_stats *s)
{
	json_t *bins = wt_stats_at(s, "total.reuse_fully_associative.bins");
	double cutoff = wt_stats_num(s, "total.reuse_fully_associative.cutoff");
	double inf = wt_stats_num(s, "total.reuse_fully_associative.infinite");
	double rate = wt_stats_num(s, "total.reuse_fully_associative.rate");
	uint64_t count[65] = { 0 };	/* [0], [1], [2, 4), ..., [2^63, 2^64) */
	char name[256], title[512], sampled[64] = "";
	struct wt_table *t;
	struct wt_plot *p;
	size_t i;
	json_t *b;

	reuse_name(s, name, sizeof(name));
	if (!json_is_array(bins)) {
		const char *how = json_string_value(wt_stats_at(s, "settings.reuse"));

		/* A run that chose no histograms is told so; a file made
		 * without one some other way is skipped quietly, as before. */
		if (how && strcmp(how, "off") == 0)
			wt_rep_note(r, "%s: no reuse-distance histogram (l1sim "
				    "--reuse=off): no %s table", s->label, name);
		return;
	}
	if (!isnan(rate))
		snprintf(sampled, sizeof(sampled), " (estimated from a sample "
			 "at rate %.3g)", rate);
	json_array_foreach(bins, i, b) {
		double lo = wt_json_num(b, "0"), c = wt_json_num(b, "2");
		unsigned k = 0;

		if (isnan(lo) || isnan(c) || lo < 0 || c < 0 || c > 1e18)
			continue;
		while (k < 64 && lo >= ldexp(1, (int)k))
			k++;
		count[k] += (uint64_t)c;	/* k: 0 for 0, 1 for 1, 2 for 2-3 ... */
	}
	if (isnan(cutoff))
		snprintf(title, sizeof(title), "%s: reuse distances%s, %.0f "
			 "accesses with none (first use) (Nugteren et al. Fig. 1)",
			 s->label, sampled, inf);
	else
		snprintf(title, sizeof(title), "%s: reuse distances%s, %.0f "
			 "accesses with none (first use); the %.0f-line cache hits "
			 "below the line (Nugteren et al. Fig. 1)", s->label,
			 sampled, inf, cutoff);
	t = wt_table_new(name, title, 4, "from", "to", "accesses", "outcome");
	for (unsigned k = 0; k < 65; k++) {
		double lo = k ? ldexp(1, (int)k - 1) : 0;
		double hi = k ? 2 * lo - 1 : 0;
		size_t row;

		if (!count[k])
			continue;
		row = wt_table_add_row(t);
		wt_table_num(t, row, 0, lo, 0);
		wt_table_num(t, row, 1, hi, 0);
		wt_table_num(t, row, 2, (double)count[k], 0);
		wt_table_text(t, row, 3, isnan(cutoff) ? NULL : hi < cutoff ? "hit" :
			      lo >= cutoff ? "miss" : "hit and miss");
	}
	wt_rep_add_table(r, t);
	p = wt_rep_add_plot(r, WT_PLOT_HIST, t, 0, 2, 1);
	p->title = s->label;	/* the table's title says the rest */
	p->cutoff = cutoff;
	p->logx = 1;
	p->xlabel = "reuse distance (lines)";
	p->ylabel = "L1 accesses (count)";
}

/* classify's "total", or a kernel's object. */
static void locality(struct wt_rep *r, struct wt_stats *s, size_t n)
{
	static const char *const cat[] = {
		"miss", "intra-thread", "inter-thread", "intra-block",
		"intra-core", "inter-core", "inter-kernel"
	};
	struct wt_table *t = wt_table_new("locality", "Locality of references, as a "
					  "share of each view's references (Khairy et "
					  "al. Fig. 3)", 12, "bar", "run", "view",
					  "cache", "references", cat[0], cat[1], cat[2],
					  cat[3], cat[4], cat[5], cat[6]);
	char path[128], bar[512];

	for (size_t i = 0; i < n; i++) {
		static const char *const views[] = { "l1", "l2" };
		static const char *const caches[] = { "unbounded", "bounded" };

		if (strcmp(s[i].program, "classify") != 0 ||
		    !wt_stats_at(&s[i], "total.locality"))
			continue;
		for (unsigned v = 0; v < 2; v++)
			for (unsigned c = 0; c < 2; c++) {
				size_t row = wt_table_add_row(t);
				double refs;

				snprintf(path, sizeof(path), "total.locality.%s.references",
					 views[v]);
				refs = wt_stats_num(&s[i], path);
				snprintf(bar, sizeof(bar), "%s %s %s", s[i].label,
					 v ? "L2" : "L1", caches[c]);
				wt_table_text(t, row, 0, bar);
				wt_table_text(t, row, 1, s[i].label);
				wt_table_text(t, row, 2, v ? "L2" : "L1");
				wt_table_text(t, row, 3, caches[c]);
				wt_table_num(t, row, 4, refs, 0);
				for (unsigned k = 0; k < 7; k++) {
					snprintf(path, sizeof(path), "total.locality.%s.%s.%s",
						 views[v], caches[c], cat[k]);
					wt_table_num(t, row, 5 + k,
						     ratio(wt_stats_num(&s[i], path), refs), 4);
				}
			}
	}
	wt_rep_add_table(r, t);
	wt_rep_add_plot(r, WT_PLOT_STACKED, t, 0, 5, 7)->percent = 1;
	r->p[r->np - 1].ylabel = "references by locality (% of the view's)";
	r->p[r->np - 1].xlabel = "run, cache view and size";
	r->p[r->np - 1].title = "Locality (Khairy et al. Fig. 3)";
}

static void load_types(struct wt_rep *r, struct wt_stats *s, size_t n)
{
	static const char *const ty[] = {
		"streaming", "inter-warp", "intra-warp", "inter+intra-warp"
	};
	struct wt_table *t = wt_table_new("load-types", "Lines by load locality type "
					  "in an infinite L1, and APS (Koo et al. "
					  "Fig. 3, Eq. 1)", 7, "run", "lines", ty[0],
					  ty[1], ty[2], ty[3], "APS");
	char path[128];

	for (size_t i = 0; i < n; i++) {
		double lines = 0;
		size_t row;

		if (strcmp(s[i].program, "classify") != 0 ||
		    !wt_stats_at(&s[i], "total.loads"))
			continue;
		for (unsigned k = 0; k < 4; k++) {
			snprintf(path, sizeof(path), "total.loads.lines.%s", ty[k]);
			lines += wt_stats_num(&s[i], path);
		}
		row = wt_table_add_row(t);
		wt_table_text(t, row, 0, s[i].label);
		wt_table_num(t, row, 1, lines, 0);
		for (unsigned k = 0; k < 4; k++) {
			snprintf(path, sizeof(path), "total.loads.lines.%s", ty[k]);
			wt_table_num(t, row, 2 + k, ratio(wt_stats_num(&s[i], path), lines), 4);
		}
		wt_table_num(t, row, 6, wt_stats_num(&s[i], "total.loads.aps"), 3);
	}
	wt_rep_add_table(r, t);
	wt_rep_add_plot(r, WT_PLOT_STACKED, t, 0, 2, 4)->percent = 1;
	r->p[r->np - 1].ylabel = "lines by load type (% of lines loaded)";
	r->p[r->np - 1].xlabel = "run";
	r->p[r->np - 1].title = "Load locality types (Koo et al. Fig. 3)";
}

static void warp_types(struct wt_rep *r, struct wt_stats *s, size_t n)
{
	static const char *const ty[] = {
		"all-hit", "mostly-hit", "balanced", "mostly-miss", "all-miss"
	};
	struct wt_table *t = wt_table_new("warp-types", "Warps by type, as a share of "
					  "warps (MeDiC Fig. 4, Table II)", 8, "run",
					  "level", "warps", ty[0], ty[1], ty[2], ty[3],
					  ty[4]);
	char path[128];

	for (size_t i = 0; i < n; i++) {
		double warps = 0;
		size_t row;

		if (strcmp(s[i].program, "classify") != 0 ||
		    !wt_stats_at(&s[i], "total.warps"))
			continue;
		for (unsigned k = 0; k < 5; k++) {
			snprintf(path, sizeof(path), "total.warps.warps.%s", ty[k]);
			warps += wt_stats_num(&s[i], path);
		}
		row = wt_table_add_row(t);
		wt_table_text(t, row, 0, s[i].label);
		wt_table_text(t, row, 1, wt_stats_str(&s[i], "total.warps.level"));
		wt_table_num(t, row, 2, warps, 0);
		for (unsigned k = 0; k < 5; k++) {
			snprintf(path, sizeof(path), "total.warps.warps.%s", ty[k]);
			wt_table_num(t, row, 3 + k, ratio(wt_stats_num(&s[i], path), warps), 4);
		}
	}
	wt_rep_add_table(r, t);
	wt_rep_add_plot(r, WT_PLOT_STACKED, t, 0, 3, 5)->percent = 1;
	r->p[r->np - 1].ylabel = "warps by type (% of warps)";
	r->p[r->np - 1].xlabel = "run";
	r->p[r->np - 1].title = "Warp types (MeDiC Table II)";
}

/* classify: a row per kernel and one for all. */
static void classify_table(struct wt_rep *r, struct wt_stats *s, size_t n)
{
	struct wt_table *t = wt_table_new("classify", "classify: application "
					  "categories (Khairy et al. section 3.2; Koo "
					  "et al. section 3)", 8, "run", "kernel",
					  "category", "also", "sensitivity",
					  "L1 miss rate (of loads)",
					  "unbounded L1 miss rate",
					  "L1 access time ratio at 4x ways");

	for (size_t i = 0; i < n; i++) {
		json_t *ks = wt_stats_at(&s[i], "kernels"), *k;
		size_t j, nk;

		if (strcmp(s[i].program, "classify") != 0 ||
		    !wt_stats_at(&s[i], "total.category"))
			continue;
		nk = json_array_size(ks);
		for (j = 0; j <= nk; j++) {
			size_t row;
			json_t *c;

			k = j < nk ? json_array_get(ks, j) : wt_stats_at(&s[i], "total");
			if (j == nk && nk == 1)
				break;
			c = wt_json_path(k, "category");
			row = wt_table_add_row(t);
			wt_table_text(t, row, 0, s[i].label);
			wt_table_text(t, row, 1, j < nk ?
				      json_string_value(json_object_get(k, "name")) : "all");
			wt_table_text(t, row, 2, json_string_value(json_object_get(c, "category")));
			wt_table_text(t, row, 3, json_is_true(json_object_get(c, "also")) ?
				      "yes" : "no");
			wt_table_text(t, row, 4, json_string_value(json_object_get(c, "sensitivity")));
			wt_table_num(t, row, 5, wt_json_num(c, "miss_rate.bounded"), 4);
			wt_table_num(t, row, 6, wt_json_num(c, "miss_rate.unbounded"), 4);
			wt_table_num(t, row, 7, wt_json_num(c, "speedup_4x"), 2);
		}
	}
	wt_rep_add_table(r, t);
}

/* The l1sim run --baseline names, or SIZE_MAX. */
static size_t named_baseline(const struct wt_stats *s, size_t n, const char *name)
{
	for (size_t i = 0; name && i < n; i++)
		if (strcmp(s[i].program, "l1sim") == 0 &&
		    (strcmp(s[i].label, name) == 0 || strcmp(s[i].path, name) == 0))
			return i;
	return SIZE_MAX;
}

/* Run i's baseline: the --baseline run, else the first l1sim run of its
 * trace (itself where no run before it is of the same trace).  A run
 * whose trace cannot be told (no hash, no name) has the first l1sim run,
 * which it then does not compare with (wt_run_differs says so). */
static size_t baseline_of(struct wt_stats *s, size_t i, size_t named)
{
	int unknown = !wt_run_hash(&s[i]) && !*wt_run_trace(&s[i]);

	if (named != SIZE_MAX)
		return named;
	for (size_t k = 0; k < i; k++)
		if (strcmp(s[k].program, "l1sim") == 0 &&
		    (unknown || wt_run_same_trace(&s[k], &s[i])))
			return k;
	return i;
}

/* The speedup table: each l1sim run's cycles over its baseline's
 * (baseline_of).  A run that does not compare with its baseline
 * (rsame.h) is an error, or with --force a row that says what differs. */
static int speedup(struct wt_rep *r, struct wt_stats *s, size_t n,
		   const struct wt_rep_opts *o, char *err, size_t len)
{
	size_t named = named_baseline(s, n, o->baseline), runs = 0, row;
	unsigned *diff = wt_calloc(n ? n : 1, sizeof(*diff)), any = 0;
	size_t *base = wt_calloc(n ? n : 1, sizeof(*base));
	struct wt_table *t;
	char why[1024];
	double inv = 0;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(s[i].program, "l1sim") != 0)
			continue;
		base[i] = baseline_of(s, i, named);
		if (wt_run_may_compare(&s[i], &s[base[i]], ~0u, o->force, "speedup",
				       "give runs of one trace, machine and --sched, "
				       "leave the table out (--tables) or --force",
				       &diff[i], err, len) < 0) {
			free(diff);
			free(base);
			return WT_EXIT_DATA;
		}
		any |= diff[i];
	}
	t = wt_table_new("speedup", named != SIZE_MAX ? "Speedup over the "
			 "baseline run, from l1sim's cycles (core cycles), with "
			 "the harmonic mean" : "Speedup over the first run of the "
			 "same trace, from l1sim's cycles (core cycles), with the "
			 "harmonic mean", any ? 9 : 8, "run", "trace", "machine",
			 "L1 timing", "warp scheduler", "baseline", "cycles",
			 "speedup", "differs");
	for (size_t i = 0; i < n; i++) {
		double c = wt_stats_num(&s[i], "total.cycles");
		double b = wt_stats_num(&s[base[i]], "total.cycles");

		if (strcmp(s[i].program, "l1sim") != 0)
			continue;
		row = wt_table_add_row(t);
		wt_table_text(t, row, 0, s[i].label);
		wt_table_text(t, row, 1, wt_run_trace(&s[i]));
		wt_table_text(t, row, 2, wt_run_machine(&s[i]));
		wt_table_text(t, row, 3, wt_run_timing(&s[i]));
		wt_table_text(t, row, 4, wt_run_sched(&s[i]));
		wt_table_text(t, row, 5, s[base[i]].label);
		wt_table_num(t, row, 6, c, 0);
		wt_table_num(t, row, 7, ratio(b, c), 3);
		if (any)
			wt_table_text(t, row, 8, wt_run_diff_text(&s[i], &s[base[i]],
						diff[i], why, sizeof(why)));
		if (c > 0 && b > 0) {
			inv += c / b;
			runs++;
		}
	}
	if (runs) {
		row = wt_table_add_row(t);
		wt_table_text(t, row, 0, "harmonic mean");
		wt_table_num(t, row, 7, (double)runs / inv, 3);
	}
	wt_rep_add_table(r, t);
	wt_rep_add_plot(r, WT_PLOT_BARS, t, 0, 7, 1)->ylabel =
		"speedup (baseline cycles / run cycles)";
	r->p[r->np - 1].xlabel = "run";
	r->p[r->np - 1].unit_line = 1;
	r->p[r->np - 1].title = "Speedup over the baseline";
	free(diff);
	free(base);
	return 0;
}

/* Drop the tables no file could fill, and their figures. */
static void prune(struct wt_rep *r)
{
	size_t nt = 0, np = 0;

	for (size_t i = 0; i < r->np; i++) {
		if (r->p[i].t->nrows)
			r->p[np++] = r->p[i];
		else
			free((void *)r->p[i].ycols);
	}
	r->np = np;
	for (size_t i = 0; i < r->nt; i++) {
		if (r->t[i]->nrows)
			r->t[nt++] = r->t[i];
		else
			wt_table_free(r->t[i]);
	}
	r->nt = nt;
}

static const char *const table_names[] = {
	"trace-gen", "trace-order", "coalesce", "l1sim", "l2sim", "dramsim",
	"gpusim", "classify", "miss-classes", "reuse", "locality", "load-types",
	"warp-types", "speedup", "compare", "policy-ipc", "policy-miss-rate",
	"policy-mpki", "policy-fails", "pcs", "medic", "runs"
};

/* Every name in --tables is a table report makes (reuse-RUN included). */
static int check_names(const char *only, char *err, size_t len)
{
	while (only && *only) {
		size_t k = strcspn(only, ","), i;

		for (i = 0; i < sizeof(table_names) / sizeof(table_names[0]); i++)
			if ((strlen(table_names[i]) == k &&
			     strncmp(only, table_names[i], k) == 0) ||
			    (k > 6 && strncmp(only, "reuse-", 6) == 0))
				break;
		if (i == sizeof(table_names) / sizeof(table_names[0])) {
			snprintf(err, len, "--tables: unknown table '%.*s'", (int)k, only);
			return -1;
		}
		only += k + (only[k] == ',');
	}
	return 0;
}

int wt_rep_build(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o, char *err, size_t len)
{
	int rc;

	memset(r, 0, sizeof(*r));
	if (check_names(o->only, err, len) < 0)
		return WT_EXIT_USAGE;
	if (o->baseline && named_baseline(s, n, o->baseline) == SIZE_MAX) {
		snprintf(err, len, "--baseline=%s: no l1sim run of that name or "
			 "file", o->baseline);
		return WT_EXIT_USAGE;
	}
	for (size_t k = 0; k < sizeof(programs) / sizeof(programs[0]); k++)
		if (runs_of(s, n, programs[k].program) &&
		    wt_rep_wanted(o, programs[k].program))
			program_table(r, s, n, programs[k].program, programs[k].title,
				      programs[k].cols);
	if (runs_of(s, n, "classify") && wt_rep_wanted(o, "classify"))
		classify_table(r, s, n);
	if (runs_of(s, n, "l1sim")) {
		if (wt_rep_wanted(o, "miss-classes"))
			miss_classes(r, s, n);
		for (size_t i = 0; i < n; i++) {
			char name[256];

			reuse_name(&s[i], name, sizeof(name));
			if (strcmp(s[i].program, "l1sim") == 0 && wt_rep_wanted(o, name))
				reuse(r, &s[i]);
		}
		if ((runs_of(s, n, "l1sim") > 1 || o->baseline) &&
		    wt_rep_wanted(o, "speedup") &&
		    (rc = speedup(r, s, n, o, err, len)) != 0) {
			wt_rep_free(r);
			return rc;
		}
	}
	if (runs_of(s, n, "classify")) {
		if (wt_rep_wanted(o, "locality"))
			locality(r, s, n);
		if (wt_rep_wanted(o, "load-types"))
			load_types(r, s, n);
		if (wt_rep_wanted(o, "warp-types"))
			warp_types(r, s, n);
	}
	if (o->measured && wt_rep_wanted(o, "compare")) {
		rc = wt_rep_compare(r, s, n, o->measured, o->force, err, len);
		if (rc != 0) {
			wt_rep_free(r);
			return rc;
		}
	}
	wt_rep_pcs(r, s, n, o);
	rc = wt_rep_policies(r, s, n, o, err, len);
	if (rc == 0)
		rc = wt_rep_medic(r, s, n, o, err, len);
	wt_rep_runs(r, s, n, o);
	if (rc != 0) {
		wt_rep_free(r);
		return rc;
	}
	prune(r);
	return 0;
}

