/*
 * sweepdir.c - a sweep's directory: its grid (sweep.json), each point's
 * cmd.sh and point.json, jobs.txt and results.csv.
 */
#include "sweepdir.h"

#include "stats.h"
#include "util.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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
void wt_sweepdir_point(const struct wt_sweep *s, size_t p, int wstatus,
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
	if (o && s->closed)	/* open timing keeps its old files */
		json_object_set_new(o, "timing", json_string("closed"));
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
	json_t *fixed = json_array(), *grid;
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
	grid = json_pack("{s:s, s:s, s:o, s:s, s:I, s:o, s:o, s:o}",
			 "program", "sweep", "version", WT_VERSION, "command", cmd,
			 "until", wt_sweep_prog_name(s->until),
			 "points", (json_int_t)s->npoints, "traces", traces,
			 "axes", axes, "fixed", fixed);
	if (grid && s->closed)	/* without it: open timing, as before */
		json_object_set_new(grid, "timing", json_string("closed"));
	dump(grid, wt_snprintf(path, sizeof(path), "%s/sweep.json", s->absdir));
}

/* "open" (no "timing": a grid of before closed timing) or "closed", the
 * timing of the JSON document at path; anything else is fatal. */
static int timing_of(const struct wt_stats *st, const char *path)
{
	json_t *v = wt_stats_at(st, "timing");
	const char *t = json_string_value(v);

	if (!v || (t && strcmp(t, "open") == 0))
		return 0;
	if (t && strcmp(t, "closed") == 0)
		return 1;
	wt_die(WT_EXIT_DATA, "%s: timing: expected \"open\" or \"closed\"", path);
}

/*
 * One table holds one timing: a point whose point.json says another
 * than the grid's (a directory that two sweeps wrote) stops --collect.
 * A point without point.json is left to the table (missing or failed).
 */
static void same_timing(const struct wt_sweep *s)
{
	char path[PATH_MAX], err[PATH_MAX + 256];
	struct wt_stats st;

	for (size_t p = 0; p < s->npoints; p++) {
		wt_sweep_path(s, p, "point.json", path, sizeof(path));
		if (access(path, F_OK) < 0)
			continue;
		if (wt_stats_load(path, &st, err, sizeof(err)) < 0)
			continue;	/* a damaged point: the table says it */
		if (timing_of(&st, path) != s->closed)
			wt_die(WT_EXIT_DATA, "%s: a point of %s timing in a sweep of "
			       "%s timing (sweep.json): sweep puts one timing in a "
			       "table", path, s->closed ? "open" : "closed",
			       s->closed ? "closed" : "open");
		wt_stats_free(&st);
	}
}

/* The grid of an existing directory, from its sweep.json (not the
 * constant options: the table does not need them). */
void wt_sweepdir_load(struct wt_sweep *s)
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
	s->closed = timing_of(&st, path);
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
	same_timing(s);
}

/* DIR, every point's directory with cmd.sh and point.json, jobs.txt and
 * sweep.json. */
void wt_sweepdir_write(struct wt_sweep *s, int argc, char **argv)
{
	/* Outputs of an earlier run there must not pass for this grid's. */
	static const char *const old[] = {
		"status.txt", "stderr.txt", "classify.txt", "l1sim.json",
		"l2sim.json", "dramsim.json", "classify.json", "gpusim.json"
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
		wt_sweepdir_point(s, p, -1, 0, NULL);
		fputs("sh ", jobs);
		wt_shell_word(jobs, wt_sweep_path(s, p, "cmd.sh", path, sizeof(path)));
		fputc('\n', jobs);
	}
	if (ferror(jobs) | fclose(jobs))
		wt_die(WT_EXIT_DATA, "%s/jobs.txt: %s", s->absdir, strerror(errno));
	write_grid(s, argc, argv);
}

void wt_sweepdir_print_jobs(const struct wt_sweep *s, FILE *out)
{
	char path[PATH_MAX];
	FILE *f = fopen(wt_snprintf(path, sizeof(path), "%s/jobs.txt", s->absdir), "r");

	if (!f)
		wt_die(WT_EXIT_DATA, "%s: %s", path, strerror(errno));
	wt_copy_rest(f, out);
	fclose(f);
}

void wt_sweepdir_csv(const struct wt_sweep *s, const struct wt_table *t)
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

