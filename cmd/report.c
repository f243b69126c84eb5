/*
 * report - what a researcher hands on: the stats files of any warptrace
 * programs, several runs at once, as tables for the terminal, CSV,
 * Markdown or JSON, as figures (gnuplot SVG and PNG), and as one HTML
 * page; and modelled miss rates against a profiler's.
 */
#include "html.h"
#include "json.h"
#include "measured.h"
#include "rnames.h"
#include "rtables.h"
#include "sink.h"
#include "stats.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
"usage: report [options] STATS.json...\n"
"Print the --stats files of warptrace programs (several runs at once) as\n"
"tables, and optionally as figures and an HTML page.\n"
"\n"
"      --format=F          text (default), csv, markdown or json\n"
"      --tables=LIST       comma-separated table names (default: every table\n"
"                          the files fill): trace-gen, trace-order,\n"
"                          coalesce, l1sim, l2sim, dramsim, gpusim,\n"
"                          classify, miss-classes, reuse, locality,\n"
"                          load-types,\n"
"                          warp-types, speedup, compare, policy-ipc,\n"
"                          policy-miss-rate, policy-mpki, policy-fails,\n"
"                          pcs, medic, runs\n"
"      --baseline=RUN      the l1sim run speedups are over: a file or its\n"
"                          name without .json (default: the first)\n"
"      --baseline-policy=NAME\n"
"                          the policy the policy tables compare against\n"
"                          (default: none, else the first policy given)\n"
"      --force             compare runs of different traces, machines or\n"
"                          L1 timing models (--sched) anyway, saying in a\n"
"                          'differs' column what differs (default: refuse)\n"
"      --category=C        group the policy tables' traces by classify's\n"
"                          khairy application category (default) or its\n"
"                          apcm cache sensitivity\n"
"      --compare=CSV       miss rates measured by nvprof or ncu (a CSV export,\n"
"                          per kernel or per launch, or ncu --page raw)\n"
"                          against the l1sim runs' per-kernel miss rates;\n"
"                          kernel names demangled with c++filt\n"
"      --plots=DIR         draw every figure as DIR/NAME.svg and .png\n"
"      --html=DIR          write DIR/index.html, one page with every table\n"
"                          and figure (the figures go to DIR too)\n"
"      --title=TEXT        the page's title (default: warptrace report)\n"
"  -o, --output=FILE       write the tables to FILE (default: stdout)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_FORMAT = 256, O_TABLES, O_BASELINE, O_BASELINE_POLICY, O_CATEGORY,
	O_COMPARE, O_PLOTS, O_HTML, O_TITLE, O_FORCE
};

static void make_dir(const char *dir)
{
	char err[1024];

	if (wt_mkdirs(dir, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/* The tables, in one format, to path through a sink: a failed run leaves
 * no file behind. */
static void write_tables(const char *path, const struct wt_rep *r, int fmt,
			 int argc, char **argv)
{
	char *buf = NULL, err[768];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (fmt == WT_FMT_JSON) {
		fputs("{\"program\":\"report\",\"version\":", f);
		wt_json_fputs(WT_VERSION, f);
		fputs(",\"command\":[", f);
		for (int i = 0; i < argc; i++) {
			if (i)
				fputc(',', f);
			wt_json_fputs(argv[i], f);
		}
		fputs("],\"tables\":[", f);
	}
	for (size_t i = 0; i < r->nt; i++) {
		if (fmt == WT_FMT_JSON && i)
			fputs(",\n", f);
		else if (i && fmt == WT_FMT_CSV)
			fputs("\r\n", f);
		else if (i && fmt == WT_FMT_TEXT)
			fputc('\n', f);
		if (fmt == WT_FMT_CSV && r->nt > 1)	/* which table follows */
			fprintf(f, "# %s\r\n", r->t[i]->name);
		wt_table_print(f, r->t[i], (enum wt_table_format)fmt);
	}
	if (fmt == WT_FMT_JSON)
		fputs("]}\n", f);
	if (fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (wt_sink_put(path, buf, len, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	free(buf);
}

static void draw(const struct wt_rep *r, const char *dir)
{
	char err[1024];

	make_dir(dir);
	for (size_t i = 0; i < r->np; i++)
		if (wt_plot_write(&r->p[i], dir, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, O_FORMAT },
		{ "tables", required_argument, NULL, O_TABLES },
		{ "baseline", required_argument, NULL, O_BASELINE },
		{ "baseline-policy", required_argument, NULL, O_BASELINE_POLICY },
		{ "category", required_argument, NULL, O_CATEGORY },
		{ "compare", required_argument, NULL, O_COMPARE },
		{ "plots", required_argument, NULL, O_PLOTS },
		{ "html", required_argument, NULL, O_HTML },
		{ "title", required_argument, NULL, O_TITLE },
		{ "force", no_argument, NULL, O_FORCE },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "csv", "markdown", "json" };
	static const char *const groupings[] = { "khairy", "apcm" };
	const char *output = "-", *plots = NULL, *html = NULL, *compare = NULL;
	const char *title = "warptrace report";
	struct wt_rep_opts o = { 0 };
	struct wt_measured m;
	struct wt_stats *s;
	struct wt_rep r;
	int fmt = WT_FMT_TEXT, c, n, rc;
	char err[1024];

	wt_set_progname(argv[0]);
	while ((c = getopt_long(argc, argv, "o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case O_FORMAT:
			fmt = wt_opt_choice("format", optarg, formats, 4);
			break;
		case O_TABLES:
			o.only = optarg;
			break;
		case O_BASELINE:
			o.baseline = optarg;
			break;
		case O_BASELINE_POLICY:
			o.baseline_policy = optarg;
			break;
		case O_CATEGORY:
			o.grouping = wt_opt_choice("category", optarg, groupings, 2) ?
				     WT_GROUP_APCM : WT_GROUP_KHAIRY;
			break;
		case O_COMPARE:
			compare = optarg;
			break;
		case O_PLOTS:
			plots = optarg;
			break;
		case O_HTML:
			html = optarg;
			break;
		case O_TITLE:
			title = optarg;
			break;
		case O_FORCE:
			o.force = 1;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return WT_EXIT_OK;
		case 'V':
			printf("report (warptrace) %s\n", WT_VERSION);
			return WT_EXIT_OK;
		default:
			fprintf(stderr, "Try 'report --help'.\n");
			return WT_EXIT_USAGE;
		}
	}
	n = argc - optind;
	if (n < 1)
		wt_die(WT_EXIT_USAGE, "expected at least one stats file (a --stats "
		       "output of a warptrace program)");
	s = wt_calloc((size_t)n, sizeof(*s));
	for (int i = 0; i < n; i++)
		if (wt_stats_load(argv[optind + i], &s[i], err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	wt_rep_name_runs(s, (size_t)n);
	n = (int)wt_stats_expand(&s, (size_t)n);	/* gpusim's parts */
	if (compare) {
		if (wt_measured_load(compare, &m, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
		o.measured = &m;
	}
	rc = wt_rep_build(&r, s, (size_t)n, &o, err, sizeof(err));
	if (rc != 0)
		wt_die(rc, "%s", err);
	for (size_t i = 0; i < r.nnotes; i++)
		wt_warn("note: %s", r.notes[i]);
	if (!r.nt)
		wt_die(WT_EXIT_DATA, "%s: no table to print from these files%s",
		       argv[optind], o.only ? " (see --tables)" : "");
	if (plots)
		draw(&r, plots);
	if (html) {
		if (!plots || strcmp(plots, html) != 0)
			draw(&r, html);
		if (wt_html_write(html, title, r.t, r.nt, r.p, r.np, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	}
	write_tables(output, &r, fmt, argc, argv);

	wt_rep_free(&r);
	if (compare)
		wt_measured_free(&m);
	for (int i = 0; i < n; i++)
		wt_stats_free(&s[i]);
	free(s);
	return WT_EXIT_OK;
}
