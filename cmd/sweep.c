/*
 * sweep - a grid of pipelines: every trace with every combination of the
 * values of the axes, one directory per point, run here by a pool of
 * workers (or printed as a job list for a cluster), then collected into
 * one table.
 */
#include "plot.h"
#include "stats.h"
#include "sweep.h"
#include "table.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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
"      --dir=DIR           the points' directories (default: sweep.out)\n"
"  -j, --jobs=N            points run at a time (default: online CPUs)\n"
"      --print-jobs        write DIR and print DIR/jobs.txt; run nothing\n"
"      --collect           collect DIR only, its points run elsewhere\n"
"      --format=F          the table: text (default), csv, markdown or json\n"
"      --plot              draw DIR/sweep.svg and DIR/sweep.png too\n"
"      --plot-metric=COL   the y of the plot (default: l1sim.miss_rate)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SET = 256, O_FIXED, O_AXIS, O_INDEX, O_POLICY, O_UNTIL,
	O_DIR, O_PRINT, O_COLLECT, O_FORMAT, O_PLOT, O_METRIC
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

/* Write v to path under a temporary name, then rename it into place, so
 * that nobody reads half a file; v is freed. */
static void dump(json_t *v, const char *path)
{
	char tmp[PATH_MAX];
	FILE *f;

	wt_snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	errno = ENOMEM;		/* json_pack failed */
	if (!v || !(f = fopen(tmp, "w")) ||
	    json_dumpf(v, f, JSON_INDENT(2) | JSON_REAL_PRECISION(6)) < 0 ||
	    fputc('\n', f) == EOF || fclose(f) != 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		wt_die(WT_EXIT_DATA, "%s: %s", path, strerror(errno));
	}
	json_decref(v);
}

/* point.json: point p's provenance, and how it ended once it ran
 * (wstatus >= 0). */
static void write_point(const struct wt_sweep *s, size_t p, int wstatus,
			double wall, const char *requests)
{
	char path[PATH_MAX], *line = wt_sweep_pipeline(s, p);
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), t;
	json_t *vals = json_object(), *fixed = json_object(), *o;

	wt_sweep_coords(s, p, &t, vi);
	for (unsigned i = 0; i < s->naxes; i++)
		json_object_set_new(vals, s->axes[i].name,
				    json_string(s->axes[i].values[vi[i]]));
	for (unsigned i = 0; i < s->nfixed; i++)
		json_object_set_new(fixed, wt_snprintf(path, sizeof(path), "%s:%s",
				    wt_sweep_prog_name(s->fixed[i].prog),
				    s->fixed[i].option), json_string(s->fixed[i].value));
	o = json_pack("{s:s, s:s, s:I, s:s, s:s, s:o, s:o, s:s, s:s}",
		      "program", "sweep", "version", WT_VERSION,
		      "point", (json_int_t)(p + 1), "trace", s->traces[t].name,
		      "trace_path", s->traces[t].path, "values", vals,
		      "fixed", fixed, "until", wt_sweep_prog_name(s->until),
		      "command", line);
	if (o && wstatus >= 0) {
		if (WIFSIGNALED(wstatus))
			json_object_set_new(o, "signal", json_integer(WTERMSIG(wstatus)));
		else
			json_object_set_new(o, "exit", json_integer(WEXITSTATUS(wstatus)));
		json_object_set_new(o, "wall_seconds", json_real(wall));
	}
	if (o && requests) {
		/* it read its group's requests, not its own upstream's */
		char *up = wt_sweep_upstream(s, wt_sweep_group(s, p), requests);

		json_object_set_new(o, "upstream", json_string(up));
		free(up);
	}
	free(line);
	free(vi);
	dump(o, wt_sweep_path(s, p, "point.json", path, sizeof(path)));
}

/* sweep.json: the grid, which --collect reads back. */
static void write_grid(const struct wt_sweep *s, int argc, char **argv)
{
	json_t *cmd = json_array(), *traces = json_array(), *axes = json_array();
	json_t *fixed = json_array();
	char path[PATH_MAX];

	for (int i = 0; i < argc; i++)
		json_array_append_new(cmd, json_string(argv[i]));
	for (size_t i = 0; i < s->ntraces; i++)
		json_array_append_new(traces, json_pack("{s:s, s:s}", "name",
				      s->traces[i].name, "path", s->traces[i].path));
	for (unsigned i = 0; i < s->naxes; i++) {
		json_t *v = json_array();

		for (size_t k = 0; k < s->axes[i].nvalues; k++)
			json_array_append_new(v, json_string(s->axes[i].values[k]));
		json_array_append_new(axes, json_pack("{s:s, s:s, s:o}", "program",
				      wt_sweep_prog_name(s->axes[i].prog), "option",
				      s->axes[i].option, "values", v));
	}
	for (unsigned i = 0; i < s->nfixed; i++)
		json_array_append_new(fixed, json_pack("{s:s, s:s, s:s}", "program",
				      wt_sweep_prog_name(s->fixed[i].prog), "option",
				      s->fixed[i].option, "value", s->fixed[i].value));
	dump(json_pack("{s:s, s:s, s:o, s:s, s:I, s:o, s:o, s:o}",
		       "program", "sweep", "version", WT_VERSION, "command", cmd,
		       "until", wt_sweep_prog_name(s->until),
		       "points", (json_int_t)s->npoints, "traces", traces,
		       "axes", axes, "fixed", fixed),
	     wt_snprintf(path, sizeof(path), "%s/sweep.json", s->absdir));
}

/* The grid of an existing directory, from its sweep.json (not the
 * constant options: the table does not need them). */
static void load_grid(struct wt_sweep *s)
{
	char path[PATH_MAX], err[PATH_MAX + 256];
	struct wt_stats st;
	json_t *v, *x;
	size_t i, k;
	const char *u;
	int until;

	if (!(s->absdir = realpath(s->dir, NULL)))
		wt_die(WT_EXIT_DATA, "%s: %s", s->dir, strerror(errno));
	if (wt_stats_load(wt_snprintf(path, sizeof(path), "%s/sweep.json", s->absdir),
			  &st, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	u = wt_stats_str(&st, "until");
	until = u ? wt_sweep_prog_parse(u) : -1;
	if (strcmp(st.program, "sweep") != 0 || until < WT_SW_L1)
		wt_die(WT_EXIT_DATA, "%s: not the sweep.json of sweep", path);
	s->until = (enum wt_sweep_prog)until;
	json_array_foreach(wt_stats_at(&st, "traces"), i, v) {
		const char *name = NULL, *tp = NULL;

		if (json_unpack(v, "{s:s, s:s}", "name", &name, "path", &tp) < 0)
			wt_die(WT_EXIT_DATA, "%s: traces.%zu: no name or path", path, i);
		s->traces = wt_realloc(s->traces, (s->ntraces + 1) * sizeof(*s->traces));
		s->traces[s->ntraces].name = wt_strdup(name);
		s->traces[s->ntraces++].path = wt_strdup(tp);
	}
	json_array_foreach(wt_stats_at(&st, "axes"), i, v) {
		const char *prog = NULL, *opt = NULL;
		char *list = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&list, &n);
		int g;

		if (json_unpack(v, "{s:s, s:s}", "program", &prog, "option", &opt) < 0 ||
		    (g = wt_sweep_prog_parse(prog)) < 0)
			wt_die(WT_EXIT_DATA, "%s: axes.%zu: no program or option", path, i);
		/* The values through the parser again: a grid read back is
		 * checked as a grid given is. */
		json_array_foreach(json_object_get(v, "values"), k, x)
			fprintf(f, "%s%s", k ? "," : "", json_string_value(x) ?
				json_string_value(x) : "");
		fclose(f);
		if (wt_sweep_add_axis(s, (enum wt_sweep_prog)g, opt, list, err,
				      sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s: axes.%zu: %s", path, i, err);
		free(list);
	}
	if (wt_sweep_check(s, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s: %s", path, err);
	if (!s->ntraces || wt_stats_num(&st, "points") != (double)s->npoints)
		wt_die(WT_EXIT_DATA, "%s: the points do not match the grid", path);
	wt_stats_free(&st);
}

/* DIR, every point's directory with cmd.sh and point.json, jobs.txt and
 * sweep.json. */
static void write_dir(struct wt_sweep *s, int argc, char **argv)
{
	/* Outputs of an earlier run there must not pass for this grid's. */
	static const char *const old[] = {
		"status.txt", "stderr.txt", "classify.txt", "l1sim.json",
		"l2sim.json", "dramsim.json", "classify.json"
	};
	char path[PATH_MAX], err[PATH_MAX + 256];
	FILE *jobs;

	if (wt_sweep_dir_ok(s->dir, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "--dir=%s", err);
	if (wt_mkdirs(s->dir, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (!(s->absdir = realpath(s->dir, NULL)))
		wt_die(WT_EXIT_DATA, "%s: %s", s->dir, strerror(errno));
	wt_snprintf(path, sizeof(path), "%s/jobs.txt", s->absdir);
	if (!(jobs = fopen(path, "w")))
		wt_die(WT_EXIT_DATA, "%s: %s", path, strerror(errno));
	for (size_t p = 0; p < s->npoints; p++) {
		wt_sweep_path(s, p, NULL, path, sizeof(path));
		if (mkdir(path, 0777) < 0 && errno != EEXIST)
			wt_die(WT_EXIT_DATA, "%s: %s", path, strerror(errno));
		for (size_t i = 0; i < sizeof(old) / sizeof(old[0]); i++)
			unlink(wt_sweep_path(s, p, old[i], path, sizeof(path)));
		if (wt_sweep_write_cmd(s, p, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
		write_point(s, p, -1, 0, NULL);
		fputs("sh ", jobs);
		wt_shell_word(jobs, wt_sweep_path(s, p, "cmd.sh", path, sizeof(path)));
		fputc('\n', jobs);
	}
	if (ferror(jobs) | fclose(jobs))
		wt_die(WT_EXIT_DATA, "%s/jobs.txt: %s", s->absdir, strerror(errno));
	write_grid(s, argc, argv);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Start point p (wt_sweep_start_from), or die. */
static pid_t start_from(const struct wt_sweep *s, size_t p, const char *requests)
{
	pid_t pid = wt_sweep_start_from(s, p, requests);

	if (pid < 0)
		wt_die(WT_EXIT_DATA, "fork: %s", strerror(errno));
	return pid;
}

/*
 * The points' programs (l1sim, l2sim, dramsim and classify use OpenMP)
 * share the CPUs with the other jobs: unless the user says otherwise,
 * each gets its share of them, cpus / njobs threads (at least 1), and
 * threads that sleep when they wait instead of spinning, which would
 * take CPU time from the other jobs.
 */
static void share_cpus(long cpus, unsigned njobs)
{
	char v[32];
	long per = cpus > 0 ? cpus / (long)njobs : 1;

	if (per < 1)
		per = 1;
	wt_snprintf(v, sizeof(v), "%ld", per);
	if (setenv("OMP_NUM_THREADS", v, 0) < 0 ||
	    setenv("OMP_WAIT_POLICY", "passive", 0) < 0)
		wt_die(WT_EXIT_DATA, "setenv: %s", strerror(errno));
}

/*
 * The upstream groups (sweep.h) of a run: the requests each shared one's
 * trace-gen | trace-order | coalesce wrote once into DIR/requests, for
 * its points to read in place of running those stages again.
 */
struct group {
	enum { G_WAITING, G_RUNNING, G_DONE, G_FAILED } state;
	size_t left;		/* its points not yet finished */
};

static char *requests_path(const struct wt_sweep *s, size_t g, const char *ext,
			   char *buf, size_t len)
{
	return wt_snprintf(buf, len, "%s/requests/%0*zu.%s", s->absdir, s->width,
			   g + 1, ext);
}

/* The rest of in, onto out. */
static void copy(FILE *in, FILE *out)
{
	char buf[8192];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
}

/*
 * A point that read its group's saved requests: put what the upstream
 * stages wrote on stderr (notes, warnings) in front of its own
 * stderr.txt, as a point that ran its whole pipeline has it.
 */
static void prepend_upstream(const struct wt_sweep *s, size_t p, size_t g)
{
	char up[PATH_MAX], own[PATH_MAX], tmp[PATH_MAX];
	const char *parts[2];
	FILE *out, *in;
	struct stat sb;

	requests_path(s, g, "stderr", up, sizeof(up));
	if (stat(up, &sb) != 0 || sb.st_size == 0)
		return;
	wt_sweep_path(s, p, "stderr.txt", own, sizeof(own));
	wt_snprintf(tmp, sizeof(tmp), "%s.tmp", own);
	if (!(out = fopen(tmp, "w")))
		return;		/* the point keeps its own lines */
	parts[0] = up;
	parts[1] = own;
	for (int i = 0; i < 2; i++) {
		if (!(in = fopen(parts[i], "r")))
			continue;
		copy(in, out);
		fclose(in);
	}
	if (fclose(out) != 0 || rename(tmp, own) != 0)
		unlink(tmp);
}

/* The points in the order they start: group by group, each group's in
 * point order, so that a group's requests live only while its points
 * run. */
static size_t *start_order(const struct wt_sweep *s, size_t ngroups)
{
	size_t *first = wt_calloc(ngroups + 1, sizeof(*first));
	size_t *order = wt_calloc(s->npoints ? s->npoints : 1, sizeof(*order));

	for (size_t p = 0; p < s->npoints; p++)
		first[wt_sweep_group(s, p) + 1]++;
	for (size_t g = 0; g < ngroups; g++)
		first[g + 1] += first[g];
	for (size_t p = 0; p < s->npoints; p++)
		order[first[wt_sweep_group(s, p)]++] = p;
	free(first);
	return order;
}

/* A group's requests, once its upstream has run: its file, or NULL if it
 * failed (its points then run the whole pipeline, and fail with their
 * own messages where the upstream did). */
static int upstream_ok(const struct wt_sweep *s, size_t g, int ws)
{
	char path[PATH_MAX];

	return WIFEXITED(ws) && WEXITSTATUS(ws) == 0 &&
	       access(requests_path(s, g, "wt", path, sizeof(path)), R_OK) == 0;
}

/*
 * Run the points, njobs at a time.  A shared group's upstream runs first,
 * when a worker is free and no point can start; its points start when it
 * is done.  Each point writes only its own directory, and only this
 * process writes the point.json files, so the results do not depend on
 * njobs.
 */
static void run(const struct wt_sweep *s, unsigned njobs)
{
	size_t ngroups = wt_sweep_ngroups(s), next = 0, next_group = 0, running = 0;
	struct group *grp = wt_calloc(ngroups, sizeof(*grp));
	size_t *order = start_order(s, ngroups);
	pid_t *pids = wt_calloc(njobs, sizeof(*pids));
	/* what worker w runs: a point, or group (which - npoints) */
	size_t *which = wt_calloc(njobs, sizeof(*which));
	double *t0 = wt_calloc(njobs, sizeof(*t0));
	int *from = wt_calloc(njobs, sizeof(*from));	/* read requests */
	char path[PATH_MAX], log[PATH_MAX], err[PATH_MAX + 256];

	for (size_t p = 0; p < s->npoints; p++)
		grp[wt_sweep_group(s, p)].left++;
	for (size_t g = 0; g < ngroups; g++)
		if (!wt_sweep_shared(s, g) || !grp[g].left)
			grp[g].state = G_FAILED;	/* nothing saved to read */
		else if (wt_mkdirs(wt_snprintf(path, sizeof(path), "%s/requests",
				   s->absdir), err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	while (next < s->npoints || running) {
		unsigned w;
		pid_t pid;
		int ws;

		for (w = 0; w < njobs; w++) {
			size_t g;

			if (pids[w])
				continue;
			g = next < s->npoints ? wt_sweep_group(s, order[next]) : 0;
			if (next < s->npoints && grp[g].state >= G_DONE) {
				which[w] = order[next++];
				from[w] = grp[g].state == G_DONE;
				pids[w] = start_from(s, which[w], from[w] ?
					requests_path(s, g, "wt", path, sizeof(path)) : NULL);
			} else {
				while (next_group < ngroups &&
				       grp[next_group].state != G_WAITING)
					next_group++;
				if (next_group == ngroups)
					break;	/* every free worker waits */
				g = next_group;
				which[w] = s->npoints + g;
				grp[g].state = G_RUNNING;
				pids[w] = wt_sweep_start_upstream(s, g,
					requests_path(s, g, "wt", path, sizeof(path)),
					requests_path(s, g, "stderr", log, sizeof(log)));
				if (pids[w] < 0)
					wt_die(WT_EXIT_DATA, "fork: %s", strerror(errno));
			}
			t0[w] = now();
			running++;
		}
		if ((pid = waitpid(-1, &ws, 0)) < 0) {
			if (errno == EINTR)
				continue;
			wt_die(WT_EXIT_DATA, "waitpid: %s", strerror(errno));
		}
		for (w = 0; w < njobs && pids[w] != pid; w++)
			;
		if (w == njobs)
			continue;
		pids[w] = 0;
		running--;
		if (which[w] >= s->npoints) {
			size_t g = which[w] - s->npoints;

			grp[g].state = upstream_ok(s, g, ws) ? G_DONE : G_FAILED;
			continue;
		}
		if (from[w])
			prepend_upstream(s, which[w], wt_sweep_group(s, which[w]));
		write_point(s, which[w], ws, now() - t0[w],
			    from[w] ? requests_path(s, wt_sweep_group(s, which[w]),
			    "wt", path, sizeof(path)) : NULL);
		/* its group's requests and their stderr go with its last point */
		if (--grp[wt_sweep_group(s, which[w])].left == 0) {
			unlink(requests_path(s, wt_sweep_group(s, which[w]), "wt",
					     path, sizeof(path)));
			unlink(requests_path(s, wt_sweep_group(s, which[w]), "stderr",
					     log, sizeof(log)));
		}
	}
	rmdir(wt_snprintf(path, sizeof(path), "%s/requests", s->absdir));
	free(grp);
	free(order);
	free(pids);
	free(which);
	free(t0);
	free(from);
}

static void print_jobs(const struct wt_sweep *s)
{
	char path[PATH_MAX];
	FILE *f = fopen(wt_snprintf(path, sizeof(path), "%s/jobs.txt", s->absdir), "r");

	if (!f)
		wt_die(WT_EXIT_DATA, "%s: %s", path, strerror(errno));
	copy(f, stdout);
	fclose(f);
}

static void write_csv(const struct wt_sweep *s, const struct wt_table *t)
{
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	FILE *f;

	wt_snprintf(path, sizeof(path), "%s/results.csv", s->absdir);
	wt_snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (!(f = fopen(tmp, "w")) || wt_table_print(f, t, WT_FMT_CSV) < 0 ||
	    fclose(f) != 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		wt_die(WT_EXIT_DATA, "%s: %s", path, strerror(errno));
	}
}

/* The metric to plot, checked: a usage error unless it is a number the
 * pipeline writes. */
static const char *plot_metric(const struct wt_sweep *s, const char *want)
{
	const char *m, *first = wt_sweep_metric(s, 0);
	char list[512] = "";

	if (!s->naxes)
		wt_die(WT_EXIT_USAGE, "--plot: no axis to plot against (--set)");
	if (strcmp(first, "classify.category") == 0)
		wt_die(WT_EXIT_USAGE, "--plot: nothing to plot: the pipeline up to "
		       "classify has no numeric metric");
	if (!want)
		want = first;
	for (unsigned i = 0; (m = wt_sweep_metric(s, i)); i++) {
		if (strcmp(m, "classify.category") == 0)
			continue;	/* words, not numbers */
		if (strcmp(m, want) == 0)
			return m;
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			 *list ? ", " : "", m);
	}
	wt_die(WT_EXIT_USAGE, "--plot-metric=%s: expected %s", want, list);
}

/*
 * x: the first axis; y: the metric; a line for each trace and combination
 * of the other axes, named in a column of its own.
 */

/* A trace as a legend names it: its file name without directory and
 * without the .trc, .zst or .gz endings; *n characters from the result. */
static const char *trace_stem(const char *path, size_t *n)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	*n = strlen(b);
	for (int again = 1; again;) {
		again = 0;
		for (const char *const *e = (const char *const[]){ ".zst", ".gz",
			".trc", NULL }; *e; e++) {
			size_t k = strlen(*e);

			if (*n > k && strncmp(b + *n - k, *e, k) == 0) {
				*n -= k;
				again = 1;
			}
		}
	}
	return b;
}

/* Whether two traces have the same legend name. */
static int same_file_name(const char *a, const char *b)
{
	size_t na, nb;
	const char *x = trace_stem(a, &na), *y = trace_stem(b, &nb);

	return na == nb && strncmp(x, y, na) == 0;
}

static void plot(const struct wt_sweep *s, const struct wt_table *t,
		 const char *metric)
{
	struct wt_table *pt = wt_table_new("sweep", t->title, 3, s->axes[0].name,
					   metric, "series");
	int y = wt_table_col(t, metric);
	unsigned ycol = 1;
	struct wt_plot p = {
		.kind = WT_PLOT_LINES, .t = pt, .name = "sweep", .title = t->title,
		.xlabel = s->axes[0].name, .ylabel = metric, .xcol = 0,
		.ycols = &ycol, .nycols = 1, .series_col = 2, .cutoff = NAN,
		.percent = strstr(metric, "_rate") != NULL,
	};
	char err[PATH_MAX + 256], buf[64];
	int short_names = 1;

	/* traces are named by file name in the legend, unless two share one */
	for (size_t a = 0; a < s->ntraces; a++)
		for (size_t b = a + 1; b < s->ntraces; b++)
			short_names &= same_file_name(s->traces[a].name,
						      s->traces[b].name) == 0;
	for (size_t r = 0; r < t->nrows; r++) {
		size_t q, n = 0;
		char *label = NULL;
		FILE *f;

		/* a point that failed keeps its place on x, with no y */
		const struct wt_cell *yc = wt_table_cell(t, r, (unsigned)y);

		q = wt_table_add_row(pt);
		wt_table_text(pt, q, 0, wt_table_cell(t, r, 2)->text);
		wt_table_num(pt, q, 1, yc->kind == WT_CELL_NUM ? yc->num : NAN, -1);
		f = open_memstream(&label, &n);
		if (short_names) {
			size_t k;
			const char *stem = trace_stem(wt_table_cell(t, r, 1)->text, &k);

			fprintf(f, "%.*s", (int)k, stem);
		} else
			fputs(wt_table_cell(t, r, 1)->text, f);
		for (unsigned i = 1; i < s->naxes; i++)
			fprintf(f, " %s=%s", strchr(s->axes[i].name, ':') + 1,
				wt_cell_str(wt_table_cell(t, r, 2 + i), buf, sizeof(buf)));
		fclose(f);
		wt_table_text(pt, q, 2, label);
		free(label);
	}
	if (wt_plot_write(&p, s->absdir, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_table_free(pt);
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
	struct wt_sweep s;
	const char *dir = "sweep.out", *metric = NULL;
	/* static: still reachable when a usage error exits from inside */
	static struct grid_arg *grid;
	char err[PATH_MAX + 512];
	int c, li, ngrid = 0, old_index = 0, print = 0, collect = 0, want_plot = 0, until = -1;
	int fmt = WT_FMT_TEXT;
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
	if (collect && print)
		wt_die(WT_EXIT_USAGE, "--collect and --print-jobs exclude each other");
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
		load_grid(&s);
	} else {
		if (optind == argc)
			wt_die(WT_EXIT_USAGE, "no trace: expected one or more trace files "
			       "(try 'sweep --help')");
		if (wt_sweep_check(&s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		if (want_plot)
			metric = plot_metric(&s, metric);
		for (int i = optind; i < argc; i++)
			if (wt_sweep_add_trace(&s, argv[i], err, sizeof(err)) < 0)
				wt_die(WT_EXIT_DATA, "%s", err);
		if (wt_sweep_check(&s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		/* once every check has passed: a usage error stays one line */
		if (old_index)
			wt_warn("warning: --index is now --l1-index (l1sim's set "
				"index); the old name will go");
		write_dir(&s, argc, argv);
		if (print) {
			print_jobs(&s);
			wt_sweep_free(&s);
			return fflush(stdout) || ferror(stdout) ? WT_EXIT_DATA : WT_EXIT_OK;
		}
		share_cpus(cpus, jobs);
		run(&s, jobs);
	}
	if (want_plot)
		metric = plot_metric(&s, metric);
	wt_sweep_notes(&s);
	t = wt_sweep_collect(&s, &nbad);
	write_csv(&s, t);
	wt_table_print(stdout, t, (enum wt_table_format)fmt);
	if (fmt == WT_FMT_JSON)
		putchar('\n');
	if (ferror(stdout) || fflush(stdout))
		wt_die(WT_EXIT_DATA, "standard output: %s", strerror(errno));
	if (want_plot)
		plot(&s, t, metric);
	wt_table_free(t);
	wt_sweep_free(&s);
	return nbad ? WT_EXIT_DATA : WT_EXIT_OK;
}
