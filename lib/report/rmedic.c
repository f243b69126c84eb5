/*
 * rmedic.c - report(1)'s medic table: l2sim and dramsim runs with and
 * without MeDiC's components (Ausavarungnirun et al.: warp-type-aware
 * bypassing and insertion in the L2, the two-queue DRAM scheduler),
 * each against the most alike run of its program and trace without
 * them; see rruns.h.
 *
 * MeDiC's speedup estimate is the baseline's mean stall over the run's
 * (a warp instruction waits for its slowest load; l2sim(1) and
 * dramsim(1), STATISTICS), as sweep(1)'s stall_speedup.
 */
#include "rruns.h"
#include "rsame.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	C_RUN, C_PROGRAM, C_TRACE, C_MACHINE, C_MEDIC, C_BASE, C_STALL,
	C_SPEEDUP, C_HIT_RATE, C_BYPASSES, C_LATENCY, C_HIGH, C_HIT_WARPS,
	C_MISS_WARPS, C_DIFFERS, NCOLS
};

static const char *const cols[NCOLS] = {
	"run", "program", "trace", "machine", "MeDiC", "baseline",
	"mean stall (cycles)", "stall speedup", "L2 hit rate",
	"L2 bypasses", "DRAM latency (cycles)", "high-priority share",
	"hit-warp instructions", "miss-warp instructions", "differs",
};

static int medic_program(const struct wt_stats *s)
{
	return strcmp(s->program, "l2sim") == 0 || strcmp(s->program, "dramsim") == 0;
}

/* Run s's MeDiC components: "wbyp+wip", "wms" (dramsim --sched=medic),
 * or "" for none. */
static void components(const struct wt_stats *s, char *buf, size_t len)
{
	json_t *m = wt_stats_at(s, "settings.medic"), *v;
	const char *sched = wt_stats_str(s, "settings.sched");
	size_t i;

	buf[0] = '\0';
	json_array_foreach(m, i, v)
		if (json_is_string(v))
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
				 *buf ? "+" : "", json_string_value(v));
	if (sched && strcmp(sched, "medic") == 0)
		snprintf(buf, len, "wms");
}

static int uses_medic(const struct wt_stats *s)
{
	char c[64];

	components(s, c, sizeof(c));
	return *c != '\0';
}

/* How many of a's settings b has the same, MeDiC's own left out: a
 * baseline should differ from its run in MeDiC alone. */
static unsigned alike(const struct wt_stats *a, const struct wt_stats *b)
{
	json_t *sa = wt_stats_at(a, "settings"), *sb = wt_stats_at(b, "settings");
	const char *key;
	json_t *v;
	unsigned n = 0;

	json_object_foreach(sa, key, v)
		if (strncmp(key, "medic", 5) != 0 && strcmp(key, "sched") != 0)
			n += json_equal(v, json_object_get(sb, key)) != 0;
	return n;
}

/*
 * Run i's baseline: of the runs of its program without MeDiC, those of
 * its trace (else, which then do not compare, of any trace); of those,
 * the one whose settings are most like its own; of equals, the nearest
 * before it on the command line, else after.  None: SIZE_MAX.
 */
static size_t baseline_of(struct wt_stats *s, size_t n, size_t i)
{
	size_t best = SIZE_MAX;
	unsigned best_alike = 0;
	int best_same = 0;

	for (size_t k = 0; k < n; k++) {
		int same;
		unsigned a;

		if (strcmp(s[k].program, s[i].program) != 0 || uses_medic(&s[k]))
			continue;
		same = wt_run_same_trace(&s[k], &s[i]);
		a = alike(&s[i], &s[k]);
		if (best == SIZE_MAX || same > best_same ||
		    (same == best_same && a > best_alike) ||
		    (same == best_same && a == best_alike && k <= i)) {
			best = k;
			best_same = same;
			best_alike = a;
		}
	}
	return best;
}

static double ratio(double a, double b)
{
	return b > 0 ? a / b : NAN;
}

/* The mean stall: l2sim has it at the top, dramsim in its total. */
static double mean_stall(const struct wt_stats *s)
{
	double v = wt_stats_num(s, "total.mean_stall");

	return isnan(v) ? wt_stats_num(s, "mean_stall") : v;
}

/* l2sim's warp instructions of the hit types and of the miss types,
 * as shares of all of them. */
static void warp_shares(const struct wt_stats *s, double *hit, double *miss)
{
	static const char *const ty[] = {
		"all_hit", "mostly_hit", "balanced", "mostly_miss", "all_miss"
	};
	double v[5], all = 0;
	char path[64];

	for (unsigned k = 0; k < 5; k++) {
		snprintf(path, sizeof(path), "warp_instructions.%s", ty[k]);
		v[k] = wt_stats_num(s, path);
		all += isnan(v[k]) ? 0 : v[k];
	}
	*hit = ratio(v[0] + v[1], all);
	*miss = ratio(v[3] + v[4], all);
}

static void row_of(struct wt_table *t, struct wt_stats *s, size_t i,
		   size_t base, unsigned diff, int any)
{
	size_t row = wt_table_add_row(t);
	int l2 = strcmp(s[i].program, "l2sim") == 0;
	char c[64], why[1024];

	components(&s[i], c, sizeof(c));
	wt_table_text(t, row, C_RUN, s[i].label);
	wt_table_text(t, row, C_PROGRAM, s[i].program);
	wt_table_text(t, row, C_TRACE, wt_run_trace(&s[i]));
	wt_table_text(t, row, C_MACHINE, wt_run_machine(&s[i]));
	wt_table_text(t, row, C_MEDIC, *c ? c : "none");
	wt_table_text(t, row, C_BASE, base == SIZE_MAX ? NULL : s[base].label);
	wt_table_num(t, row, C_STALL, mean_stall(&s[i]), 1);
	if (base != SIZE_MAX)
		wt_table_num(t, row, C_SPEEDUP,
			     ratio(mean_stall(&s[base]), mean_stall(&s[i])), 3);
	if (l2) {
		double hit, miss;

		warp_shares(&s[i], &hit, &miss);
		wt_table_num(t, row, C_HIT_RATE, wt_stats_num(&s[i], "total.hit_rate"), 4);
		wt_table_num(t, row, C_BYPASSES,
			     wt_stats_num(&s[i], "total.medic_bypasses"), 0);
		wt_table_num(t, row, C_HIT_WARPS, hit, 4);
		wt_table_num(t, row, C_MISS_WARPS, miss, 4);
	} else {
		wt_table_num(t, row, C_LATENCY,
			     wt_stats_num(&s[i], "total.latency.mean"), 1);
		wt_table_num(t, row, C_HIGH,
			     ratio(wt_stats_num(&s[i], "total.high_priority"),
				   wt_stats_num(&s[i], "total.requests")), 4);
	}
	if (any && diff)
		wt_table_text(t, row, C_DIFFERS,
			      wt_run_diff_text(&s[i], &s[base], diff, why, sizeof(why)));
}

int wt_rep_medic(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o, char *err, size_t len)
{
	size_t *base = wt_calloc(n ? n : 1, sizeof(*base));
	unsigned *diff = wt_calloc(n ? n : 1, sizeof(*diff)), any = 0;
	struct wt_table *t;
	struct wt_plot *p;
	int some = 0;
	char advice[256];

	/* Without --tables, only where MeDiC was run: the table is about it. */
	for (size_t i = 0; i < n; i++)
		some |= medic_program(&s[i]) && uses_medic(&s[i]);
	if (!wt_rep_wanted(o, "medic") || (!o->only && !some))
		goto done;
	for (size_t i = 0; i < n; i++) {
		if (!medic_program(&s[i]))
			continue;
		base[i] = baseline_of(s, n, i);
		snprintf(advice, sizeof(advice), "give the %s runs with and without "
			 "MeDiC of one trace and machine, leave the table out "
			 "(--tables) or --force", s[i].program);
		if (base[i] != SIZE_MAX &&
		    wt_run_may_compare(&s[i], &s[base[i]], ~0u, o->force, "medic",
				       advice, &diff[i], err, len) < 0) {
			free(base);
			free(diff);
			return WT_EXIT_DATA;
		}
		any |= diff[i];
	}
	t = wt_table_newv("medic", "MeDiC (Ausavarungnirun et al.): l2sim and "
			  "dramsim runs against the most alike run of the same "
			  "program and trace without MeDiC; stall speedup is the "
			  "baseline's mean stall over the run's", any ? NCOLS : NCOLS - 1, cols);
	for (size_t i = 0; i < n; i++)
		if (medic_program(&s[i]))
			row_of(t, s, i, base[i], diff[i], any != 0);
	wt_rep_add_table(r, t);
	p = wt_rep_add_plot(r, WT_PLOT_BARS, t, C_RUN, C_SPEEDUP, 1);
	p->title = "MeDiC: speedup estimate from the mean stall";
	p->xlabel = "run";
	p->ylabel = "stall speedup (baseline stall / run stall)";
	p->unit_line = 1;
done:
	free(base);
	free(diff);
	return 0;
}
