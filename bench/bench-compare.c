/*
 * bench-compare - set two runs of bench/run.sh side by side, or one run
 * beside the performance targets (README, Benchmarks):
 *
 *   bench-compare BEFORE.json AFTER.json
 *   bench-compare --targets RESULTS.json
 *
 * For every figure (result name) in both files: records per second in
 * each, their ratio after/before, and each run's ratio to its limit (the
 * same figure divided by cat, zstd -d, a pipe copy or an LRU loop measured
 * in the same run).  The rate tells what changed; on a shared machine the
 * ratio to the limit is the steadier figure, as load slows both alike.
 * Figures found in one file only are counted at the end; results with
 * neither a rate nor a peak (classify's sample error) are not figures,
 * but for gpusim's costs: nanoseconds, and machine instructions under
 * cachegrind, a warp instruction.
 * The last line gives how far the limits themselves moved between the
 * runs (the least and the most of their after/before): code that did not
 * change moves as much.
 *
 * With --targets, each target and the worst of the figures it applies to
 * (the least rate or ratio, the largest peak or count of instructions),
 * met or not; a target the run has no figure for is said to be so.
 *
 * Exit status 0, or 1 with one line on stderr naming the file (and the
 * line, for bad JSON) when a file cannot be read as bench results.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

struct run {
	const char *file;
	json_t *root;
	json_t *results;	/* the "results" array */
};

static int load(struct run *r, const char *file)
{
	json_error_t e;

	r->file = file;
	r->root = json_load_file(file, 0, &e);
	if (!r->root) {
		if (e.line > 0)
			fprintf(stderr, "bench-compare: %s: line %d: %s\n", file,
				e.line, e.text);
		else
			fprintf(stderr, "bench-compare: %s: %s\n", file, e.text);
		return -1;
	}
	r->results = json_object_get(r->root, "results");
	if (!json_is_array(r->results)) {
		fprintf(stderr, "bench-compare: %s: expected bench results "
			"(an object with a \"results\" array)\n", file);
		json_decref(r->root);
		return -1;
	}
	return 0;
}

static const char *text(const json_t *res, const char *key)
{
	const char *t = json_string_value(json_object_get(res, key));

	return t ? t : "";
}

static int same_figure(const json_t *a, const json_t *b)
{
	return strcmp(text(a, "name"), text(b, "name")) == 0 &&
	       strcmp(text(a, "op"), text(b, "op")) == 0;
}

/* How many entries of r before entry i name the same figure: runs of an
 * older bench/run.sh named some figures alike in every pattern. */
static size_t occurrence(const struct run *r, size_t i)
{
	const json_t *res = json_array_get(r->results, i);
	size_t k = 0;

	for (size_t j = 0; j < i; j++)
		k += same_figure(json_array_get(r->results, j), res);
	return k;
}

/* The entry of r that is the k-th (from 0) with the name and op
 * (stream-bench's read or write) of res, or NULL. */
static json_t *find(const struct run *r, const json_t *res, size_t k)
{
	size_t i;
	json_t *e;

	json_array_foreach(r->results, i, e)
		if (same_figure(e, res) && k-- == 0)
			return e;
	return NULL;
}

static double number(const json_t *res, const char *key)
{
	const json_t *v = json_object_get(res, key);

	return json_is_number(v) ? json_number_value(v) : -1;
}

/* What a figure measures: for gpusim, a cost, where a ratio after/before
 * over 1 is worse: nanoseconds a warp instruction ("ns"; its rate in M/s,
 * some hundredths, would show in two decimals as nothing), or under
 * cachegrind machine instructions a warp instruction or a record ("ins",
 * a cost too); an anchor's speedup ("x"); else a rate in M/s, or else
 * (the scale section) the peak memory in MiB; -1 for none of them. */
static double value(const json_t *res, const char **unit)
{
	double v = number(res, "ns_per_warp_instruction");

	if (v >= 0) {
		*unit = "ns";
		return v;
	}
	v = number(res, "instructions_per_warp_instruction");
	if (v < 0)
		v = number(res, "instructions_per_record");
	if (v >= 0) {
		*unit = "ins";
		return v;
	}
	v = number(res, "speedup");
	if (v >= 0) {
		*unit = "x";
		return v;
	}
	v = number(res, "records_per_s");
	if (v < 0)
		v = number(res, "accesses_per_s");
	if (v >= 0) {
		*unit = "M/s";
		return v / 1e6;
	}
	v = number(res, "max_rss_kib");
	*unit = "MiB";
	return v < 0 ? -1 : v / 1024;
}

/* A ratio to the limit, or blanks where the figure has none. */
static void print_limit(double ratio)
{
	if (ratio < 0)
		printf(" %7s", "");
	else
		printf(" %7.3f", ratio);
}

static void print_row(const json_t *old, const json_t *res)
{
	const char *unit;
	double v0 = value(old, &unit), v1 = value(res, &unit);
	char name[128];

	snprintf(name, sizeof(name), "%s%s%s", text(res, "name"),
		 *text(res, "op") ? ", " : "", text(res, "op"));
	printf("%-44s %10.2f %10.2f %-4s", name, v0, v1, unit);
	if (v0 > 0 && v1 >= 0)
		printf(" %6.2f", v1 / v0);
	else
		printf(" %6s", "-");
	if (number(old, "ratio_to_limit") >= 0 || number(res, "ratio_to_limit") >= 0) {
		print_limit(number(old, "ratio_to_limit"));
		print_limit(number(res, "ratio_to_limit"));
	}
	printf("\n");
}

/* Whether res measures a limit (cat, zstd -d, a pipe copy, an LRU loop). */
static int is_limit(const json_t *res)
{
	return strncmp(text(res, "name"), "limit:", 6) == 0;
}

/* ---- --targets ---- */

/* RATE, RATIO, SPEEDUP (an anchor's seconds over warptrace's): at least
 * the goal; the others at most: PEAK in MiB, INSTR machine instructions a
 * record (cachegrind), INSTR_RATIO a variant's instructions over the
 * default run's. */
enum measure { RATE, RATIO, PEAK, INSTR, INSTR_RATIO, SPEEDUP };

struct target {
	const char *what;
	const char *prefix;	/* the figures it applies to: names so begun */
	enum measure m;
	double goal;		/* M/s, a ratio to the limit, MiB, instructions
				   a record, or a ratio to the default */
	int exact;		/* 1: a figure named prefix exactly, not
				   any name that begins with it */
};

static const struct target targets[] = {
	{ "trace-gen alone (level 0)", "trace-gen level 0 (", RATE, 40, 0 },
	{ "trace-order alone", "trace-order, accesses in (", RATE, 40, 0 },
	{ "coalesce alone (thread accesses)", "  the same, as accesses (", RATE, 40, 0 },
	{ "l1sim alone (coalesced requests)", "l1sim stream, 2 thread(s) (", RATE, 40, 0 },
	{ "l1sim alone (gen-requests)", "l1sim --sched=stream, 2 thread(s)", RATE, 40, 0 },
	{ "l2sim alone", "l2sim, L1 events in (", RATE, 40, 0 },
	{ "dramsim alone", "dramsim, L2 events in (", RATE, 40, 0 },
	{ "classify alone", "classify (", RATE, 40, 0 },
	{ "l1sim / zstd -d (coalesced requests)", "l1sim stream, 2 thread(s) (", RATIO, 0.8, 0 },
	{ "l1sim / zstd -d (gen-requests)", "l1sim --sched=stream, 2 thread(s)", RATIO, 0.8, 0 },
	{ "trace-gen|trace-order|coalesce|l1sim", "pipe: trace-gen|order|coalesce|l1sim (", RATE, 15, 0 },
	{ "exact reuse distances (1 M lines)", "reuse exact (", RATE, 20, 0 },
	{ "peak memory of each stage (1 G accesses)", "scale: ", PEAK, 1024, 0 },
	/* issue 46: instructions a record, cachegrind */
	{ "l1sim stream, instructions a request", "instr: l1sim stream", INSTR, 300, 0 },
	{ "l1sim --sched=pool, instructions a request", "instr: l1sim --sched=pool", INSTR, 600, 0 },
	{ "l1sim --stats over its default", "instr: l1sim --stats", INSTR_RATIO, 1.2, 0 },
	{ "l2sim, instructions an L1 event", "instr: l2sim", INSTR, 400, 1 },
	{ "dramsim, instructions an L2 event", "instr: dramsim", INSTR, 600, 0 },
	/* issue 46: whole models as anchors, where the run had them */
	{ "Nugteren's model (fixed) / the pipeline", "anchor: nugteren ", SPEEDUP, 10, 0 },
	{ "Accel-Sim / gpusim's chain", "anchor: accel-sim ", SPEEDUP, 100, 0 },
};

static int at_most(enum measure m)
{
	return m == PEAK || m == INSTR || m == INSTR_RATIO;
}

/* What a figure is for a target: M/s, its ratio to the limit, or MiB;
 * -1 where it has none. */
static double measured(const json_t *res, enum measure m)
{
	const char *unit;
	double v;

	switch (m) {
	case RATE:
		v = value(res, &unit);
		return strcmp(unit, "M/s") == 0 ? v : -1;
	case RATIO:
		return number(res, "ratio_to_limit");
	case PEAK:
		v = number(res, "max_rss_kib");
		return v < 0 ? -1 : v / 1024;
	case INSTR:
		return number(res, "instructions_per_record");
	case INSTR_RATIO:
		return number(res, "ratio_to_default");
	case SPEEDUP:
		return number(res, "speedup");
	}
	return -1;
}

/* The decimals a figure of m is printed with. */
static int digits(enum measure m)
{
	return m == RATIO || m == INSTR_RATIO ? 3 : m == INSTR ? 0 : m == SPEEDUP ? 1 : 2;
}

static int targets_report(const struct run *r)
{
	static const char *const units[] = { "M/s", "", "MiB", "ins", "", "x" };
	size_t met = 0, none = 0, n = sizeof(targets) / sizeof(targets[0]);

	printf("%-40s %-48s %8s %8s %-3s %9s\n", "target", "worst figure", "worst",
	       "best", "", "goal");
	for (size_t t = 0; t < n; t++) {
		const struct target *g = &targets[t];
		const json_t *worst = NULL, *res;
		double w = 0, best = 0, records = 0;
		const char *name;
		int ok, small;
		size_t i;

		json_array_foreach(r->results, i, res) {
			double v = measured(res, g->m);

			if (v < 0 || strncmp(text(res, "name"), g->prefix,
					     strlen(g->prefix)) != 0 ||
			    (g->exact && strcmp(text(res, "name"), g->prefix) != 0))
				continue;
			if (!worst || (at_most(g->m) ? v < best : v > best))
				best = v;
			if (!worst || (at_most(g->m) ? v > w : v < w)) {
				worst = res;
				w = v;
			}
		}
		if (!worst) {
			printf("%-40s %s\n", g->what, "(no figure in this run)");
			none++;
			continue;
		}
		records = number(worst, "records");
		for (name = text(worst, "name"); *name == ' '; name++)
			;
		ok = g->m == PEAK ? w < g->goal : at_most(g->m) ? w <= g->goal :
		     w >= g->goal;
		/* a peak under the goal on a smaller trace shows nothing */
		small = g->m == PEAK && records < 1073741824.0;
		printf("%-40s %-48s %8.*f %8.*f %-3s %2s %6g  %s", g->what, name,
		       digits(g->m), w, digits(g->m), best,
		       units[g->m], g->m == PEAK ? "<" : at_most(g->m) ? "<=" : ">=",
		       g->goal,
		       ok && small ? "not shown" : ok ? "met" : "not met");
		if (small)
			printf(" (at %.0f accesses, not 1 G)", records);
		printf("\n");
		met += ok && !small;
	}
	printf("%zu of %zu targets met%s", met, n, none ? "" : "\n");
	if (none)
		printf(", %zu without a figure in this run\n", none);
	return 0;
}

int main(int argc, char **argv)
{
	struct run before, after;
	size_t i, compared = 0, only = 0, limits = 0;
	double lo = 0, hi = 0;
	json_t *res;

	if (argc == 3 && strcmp(argv[1], "--targets") == 0) {
		int rc;

		if (load(&after, argv[2]) < 0)
			return 1;
		rc = targets_report(&after);
		json_decref(after.root);
		return rc;
	}
	if (argc != 3 || argv[1][0] == '-' || argv[2][0] == '-') {
		fprintf(stderr, "usage: bench-compare BEFORE.json AFTER.json\n"
			"       bench-compare --targets RESULTS.json\n");
		return 2;
	}
	if (load(&before, argv[1]) < 0)
		return 1;
	if (load(&after, argv[2]) < 0) {
		json_decref(before.root);
		return 1;
	}
	printf("%-44s %10s %10s %-4s %6s %7s %7s\n", "figure", "before", "after",
	       "", "after/", "limit", "limit");
	printf("%-44s %10s %10s %-4s %6s %7s %7s\n", "", "", "", "", "before",
	       "before", "after");
	json_array_foreach(after.results, i, res) {
		const json_t *old = find(&before, res, occurrence(&after, i));
		const char *unit;

		if (value(res, &unit) < 0)
			continue;
		if (!old) {
			only++;
			continue;
		}
		print_row(old, res);
		compared++;
		if (is_limit(res) && value(old, &unit) > 0) {
			double r = value(res, &unit) / value(old, &unit);

			if (!limits || r < lo)
				lo = r;
			if (!limits || r > hi)
				hi = r;
			limits++;
		}
	}
	json_array_foreach(before.results, i, res) {
		const char *unit;

		if (value(res, &unit) >= 0 && !find(&after, res, occurrence(&before, i)))
			only++;
	}
	printf("%zu figures compared, %zu in one file only\n", compared, only);
	if (limits)
		printf("the %zu limits moved %.2fx to %.2fx between the runs: "
		       "compare the ratios to the limit\n", limits, lo, hi);
	json_decref(before.root);
	json_decref(after.root);
	return 0;
}
