/*
 * sweep - a grid of pipelines: every trace with every combination of the
 * values of the axes, one directory per point, run here by a pool of
 * workers (or printed as a job list for a cluster), then collected into
 * one table.  The grid is lib/report/sweep.c's, its directory lib/report/sweepdir.c's,
 * the workers lib/report/sweeppool.c's and the plot lib/report/sweepplot.c's.
 */
#include "sweep.h"
#include "sweepdir.h"
#include "sweepplot.h"
#include "sweeppool.h"
#include "table.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
"usage: sweep [options] TRACE...\n"
"       sweep --collect [--dir=DIR] [--format=F] [--plot] [--plot-metric=COL]\n"
"Run trace-gen TRACE | trace-order | coalesce | l1sim (up to --until) for\n"
"every trace and every combination of the values of the axes, one\n"
"directory per point, and collect the points' statistics into one table,\n"
"printed and written to DIR/results.csv.  A TRACE may be a warptrace\n"
"stream: access or warp records go to trace-order, requests to l1sim.\n"
"Points that differ only after coalesce share one run of the stages up\n"
"to it, saved in DIR/requests while they run.\n"
"\n"
"      --set=PROG:OPT=V1,V2,...  an axis: option OPT of PROG (trace-order,\n"
"                          coalesce, l1sim, l2sim, dramsim, classify) takes\n"
"                          each value in turn; repeatable, the last varies\n"
"                          fastest\n"
"      --l1-size=LIST      the axis l1sim:size, the L1's bytes\n"
"      --l1-index=LIST     the axis l1sim:index, the L1's set index\n"
"      --l1-policy=LIST    the axis l1sim:policy, the L1 management\n"
"                          policies (none, ccws, pcal...; see l1sim)\n"
"      --warp-sched=LIST   the axis trace-order:policy, the warp\n"
"                          scheduler (lrr, gto, two-level)\n"
"      --sms=LIST          the axis trace-order:sms, the SMs\n"
"      --fixed=PROG:OPT=V  a constant option of every point (V may hold\n"
"                          commas)\n"
"      --until=STAGE       the last stage: l1sim (default), l2sim, dramsim,\n"
"                          or classify (in place of l1sim)\n"
"      --timing=T          open (default): the pipeline above; closed:\n"
"                          trace-gen TRACE | trace-order | gpusim, the\n"
"                          stages' options as gpusim's --coalesce, --l1,\n"
"                          --l2 and --dram, trace-order's scheduling\n"
"                          options given to gpusim too (no --until)\n"
"      --dir=DIR           the points' directories (default: sweep.out)\n"
"  -j, --jobs=N            points run at a time (default: online CPUs)\n"
"      --print-jobs        write DIR and print DIR/jobs.txt; run nothing\n"
"      --collect           collect DIR only, its points run elsewhere\n"
"      --format=F          the table: text (default), csv, markdown or json\n"
"      --plot              draw DIR/sweep.svg and DIR/sweep.png too\n"
"      --plot-metric=COL   the y of the plot (default: l1sim.miss_rate, or\n"
"                          gpusim.cycles with --timing=closed)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SET = 256, O_FIXED, O_AXIS, O_INDEX, O_POLICY, O_UNTIL,
	O_DIR, O_PRINT, O_COLLECT, O_FORMAT, O_PLOT, O_METRIC, O_TIMING
};

/*
 * The shorthands, each an axis named for its stage and what it sets: a
 * bare --policy or --index would not say which stage's (trace-order and
 * l1sim both have a --policy, l1sim and l2sim an --index).
 */
static const struct shorthand {
	const char *name;
	enum wt_sweep_prog prog;
	const char *opt;
} shorthands[] = {
	{ "l1-size", WT_SW_L1, "size" },
	{ "l1-index", WT_SW_L1, "index" },
	{ "l1-policy", WT_SW_L1, "policy" },
	{ "warp-sched", WT_SW_ORDER, "policy" },
	{ "sms", WT_SW_ORDER, "sms" },
};
#define NSHORT (sizeof(shorthands) / sizeof(shorthands[0]))

static const struct shorthand *find_shorthand(const char *name)
{
	for (size_t i = 0; i < NSHORT; i++)
		if (strcmp(shorthands[i].name, name) == 0)
			return &shorthands[i];
	abort();		/* longopts and shorthands disagree */
}

/* A grid option as given, applied once --until and --dir are known. */
struct grid_arg {
	int opt;		/* O_SET, O_FIXED or O_AXIS */
	const char *name;	/* the option's name, for its errors */
	const struct shorthand *sh;	/* O_AXIS: which */
	const char *arg;
};

/* A point has run: its point.json says how it ended. */
static void point_done(void *ctx, const struct wt_sweep *s, size_t p,
		       int wstatus, double wall, const char *requests)
{
	(void)ctx;
	wt_sweepdir_point(s, p, wstatus, wall, requests);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "set", required_argument, NULL, O_SET },
		{ "l1-size", required_argument, NULL, O_AXIS },
		{ "l1-index", required_argument, NULL, O_AXIS },
		{ "l1-policy", required_argument, NULL, O_AXIS },
		{ "warp-sched", required_argument, NULL, O_AXIS },
		{ "sms", required_argument, NULL, O_AXIS },
		{ "index", required_argument, NULL, O_INDEX },
		{ "policy", required_argument, NULL, O_POLICY },
		{ "fixed", required_argument, NULL, O_FIXED },
		{ "until", required_argument, NULL, O_UNTIL },
		{ "timing", required_argument, NULL, O_TIMING },
		{ "dir", required_argument, NULL, O_DIR },
		{ "jobs", required_argument, NULL, 'j' },
		{ "print-jobs", no_argument, NULL, O_PRINT },
		{ "collect", no_argument, NULL, O_COLLECT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "plot", no_argument, NULL, O_PLOT },
		{ "plot-metric", required_argument, NULL, O_METRIC },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "csv", "markdown", "json" };
	static const char *const stages[] = { "l1sim", "l2sim", "dramsim", "classify" };
	static const char *const timings[] = { "open", "closed" };
	struct wt_sweep s;
	const char *dir = "sweep.out", *metric = NULL;
	/* static: still reachable when a usage error exits from inside */
	static struct grid_arg *grid;
	char err[PATH_MAX + 512];
	int c, li, ngrid = 0, old_index = 0, print = 0, collect = 0, want_plot = 0, until = -1;
	int fmt = WT_FMT_TEXT, timing = -1;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned jobs = cpus > 0 ? (unsigned)cpus : 1;
	struct wt_table *t;
	size_t nbad;

	wt_set_progname(argv[0]);
	grid = wt_calloc((size_t)argc, sizeof(*grid));
	opterr = 0;
	while ((c = getopt_long(argc, argv, "j:hV", longopts, &li)) != -1) {
		switch (c) {
		case O_POLICY:
			/* the old shorthand was trace-order's, where the
			 * README's "policies" are l1sim's: neither guess is
			 * safe */
			wt_die(WT_EXIT_USAGE, "--policy=%s: which policy? expected "
			       "--warp-sched (trace-order's warp scheduler) or "
			       "--l1-policy (l1sim's L1 management policies)", optarg);
		case O_SET: case O_FIXED: case O_AXIS: case O_INDEX:
			old_index |= c == O_INDEX;
			/* in order, once --until and --dir are known */
			grid[ngrid].opt = c == O_INDEX ? O_AXIS : c;
			grid[ngrid].name = longopts[li].name;
			grid[ngrid].arg = optarg;
			grid[ngrid].sh = c == O_INDEX ? find_shorthand("l1-index") :
					 c == O_AXIS ? find_shorthand(longopts[li].name) :
					 NULL;
			ngrid++;
			break;
		case O_UNTIL:
			until = WT_SW_L1 + wt_opt_choice("until", optarg, stages, 4);
			break;
		case O_TIMING:
			timing = wt_opt_choice("timing", optarg, timings, 2);
			break;
		case O_DIR:
			dir = optarg;
			break;
		case 'j':
			jobs = (unsigned)wt_opt_num("jobs", optarg, 1, 4096);
			break;
		case O_PRINT:
			print = 1;
			break;
		case O_COLLECT:
			collect = 1;
			break;
		case O_FORMAT:
			fmt = wt_opt_choice("format", optarg, formats, 4);
			break;
		case O_PLOT:
			want_plot = 1;
			break;
		case O_METRIC:
			metric = optarg;
			break;
		case 'h':
		case 'V':
			if (c == 'h')
				fputs(usage, stdout);
			else
				printf("sweep (warptrace) %s\n", WT_VERSION);
			free(grid);
			return WT_EXIT_OK;
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (metric)
		want_plot = 1;
	if (!*dir)
		wt_die(WT_EXIT_USAGE, "--dir: expected a directory name");
	wt_sweep_init(&s, dir);
	s.bindir = wt_sweep_own_bindir();
	if (until >= 0)
		s.until = (enum wt_sweep_prog)until;
	s.closed = timing == 1;
	if (collect && print)
		wt_die(WT_EXIT_USAGE, "--collect and --print-jobs exclude each other");
	if (collect && timing >= 0)
		wt_die(WT_EXIT_USAGE, "--collect reads the timing from %s/sweep.json: "
		       "no --timing", dir);
	/* gpusim runs every stage: there is no last one to choose */
	if (s.closed && until >= 0)
		wt_die(WT_EXIT_USAGE, "--until=%s: gpusim runs every stage with "
		       "--timing=closed; no --until", stages[until - WT_SW_L1]);
	if (collect && (ngrid || optind < argc || until >= 0))
		wt_die(WT_EXIT_USAGE, "--collect reads the grid from %s/sweep.json: "
		       "no traces, --set, --fixed, --until or shorthands", dir);
	for (int i = 0; i < ngrid; i++) {
		const struct grid_arg *g = &grid[i];
		int rc;

		if (g->opt == O_SET)
			rc = wt_sweep_parse_axis(&s, g->arg, err, sizeof(err));
		else if (g->opt == O_FIXED)
			rc = wt_sweep_parse_fixed(&s, g->arg, err, sizeof(err));
		else
			rc = wt_sweep_add_axis(&s, g->sh->prog, g->sh->opt, g->arg,
					       err, sizeof(err));
		if (rc < 0)
			wt_die(WT_EXIT_USAGE, "--%s=%s: %s", g->name, g->arg, err);
	}
	free(grid);
	if (collect) {
		wt_sweepdir_load(&s);
	} else {
		if (optind == argc)
			wt_die(WT_EXIT_USAGE, "no trace: expected one or more trace files "
			       "(try 'sweep --help')");
		if (wt_sweep_check(&s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		if (want_plot)
			metric = wt_sweep_plot_metric(&s, metric);
		for (int i = optind; i < argc; i++)
			if (wt_sweep_add_trace(&s, argv[i], err, sizeof(err)) < 0)
				wt_die(WT_EXIT_DATA, "%s", err);
		if (wt_sweep_check(&s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		/* once every check has passed: a usage error stays one line */
		if (old_index)
			wt_warn("warning: --index is now --l1-index (l1sim's set "
				"index); the old name will go");
		wt_sweepdir_write(&s, argc, argv);
		if (print) {
			wt_sweepdir_print_jobs(&s, stdout);
			wt_sweep_free(&s);
			return fflush(stdout) || ferror(stdout) ? WT_EXIT_DATA : WT_EXIT_OK;
		}
		wt_sweep_share_cpus(cpus, jobs);
		wt_sweep_pool(&s, jobs, point_done, NULL);
	}
	if (want_plot)
		metric = wt_sweep_plot_metric(&s, metric);
	wt_sweep_notes(&s);
	t = wt_sweep_collect(&s, &nbad);
	wt_sweepdir_csv(&s, t);
	wt_table_print(stdout, t, (enum wt_table_format)fmt);
	if (fmt == WT_FMT_JSON)
		putchar('\n');
	if (ferror(stdout) || fflush(stdout))
		wt_die(WT_EXIT_DATA, "standard output: %s", strerror(errno));
	if (want_plot)
		wt_sweep_plot(&s, t, metric);
	wt_table_free(t);
	wt_sweep_free(&s);
	return nbad ? WT_EXIT_DATA : WT_EXIT_OK;
}
