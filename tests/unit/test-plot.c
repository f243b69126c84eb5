/*
 * test-plot.c - report(1)'s figures and page: one figure of each kind
 * drawn by gnuplot as SVG and PNG, labels that gnuplot's enhanced text
 * would mangle, an empty table, gnuplot missing or failing, and the HTML
 * page built from the figures.
 *
 * "test-plot --page DIR" instead draws the four figures and writes the
 * page into DIR, for tests/73-report-html.t to open in a browser.
 */
#include "html.h"
#include "plot.h"
#include "table.h"
#include "util.h"
#include "tap.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NFIG 4

static const unsigned miss_cols[] = { 1, 2, 3, 4 };
static const unsigned rate_cols[] = { 1, 2 };
static const unsigned sweep_col[] = { 2 };
static const unsigned count_col[] = { 2 };

/* The whole file, NUL-terminated, or NULL; its length in *len. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0) {
		fclose(f);
		return NULL;
	}
	rewind(f);
	buf = wt_malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *s = hay; (s = strstr(s, needle)); s += strlen(needle))
		n++;
	return n;
}

/* Miss classes per kernel, one class left empty for one kernel. */
static struct wt_table *miss_classes(void)
{
	static const char *const kernels[] = {
		"syrk_kernel", "gemm_tiled", "2mm & \"B\"" };
	static const double v[][4] = {
		{ 120, 30, 400, 12 }, { 80, 10, 5, NAN }, { 60, 70, 20, 8 } };
	struct wt_table *t = wt_table_new("miss-classes",
		"Miss classes per kernel <L1>", 5, "kernel", "compulsory",
		"capacity", "associativity", "latency");

	for (size_t r = 0; r < 3; r++) {
		wt_table_add_row(t);
		wt_table_text(t, r, 0, kernels[r]);
		for (unsigned c = 0; c < 4; c++)
			wt_table_num(t, r, c + 1, v[r][c], 0);
	}
	return t;
}

/* Measured and modelled miss rates; a zero the harmonic mean skips. */
static struct wt_table *miss_rates(void)
{
	static const char *const kernels[] = { "syrk_kernel", "gemm_tiled", "atax" };
	static const double v[][2] = { { 0.42, 0.40 }, { 0.10, 0.12 }, { 0, 0.05 } };
	struct wt_table *t = wt_table_new("miss-rates", "Measured & modelled",
					  3, "kernel", "measured", "modelled");

	for (size_t r = 0; r < 3; r++) {
		wt_table_add_row(t);
		wt_table_text(t, r, 0, kernels[r]);
		wt_table_num(t, r, 1, v[r][0], 3);
		wt_table_num(t, r, 2, v[r][1], 3);
	}
	return t;
}

/* A cache-size sweep of two kernels, one run missing. */
static struct wt_table *sweep(void)
{
	static const char *const kernels[] = { "syrk_kernel", "gemm_tiled" };
	struct wt_table *t = wt_table_new("sweep", "L1 size sweep", 3,
					  "size_kib", "kernel", "miss_rate");

	for (unsigned k = 0; k < 2; k++)
		for (unsigned s = 0; s < 4; s++) {
			size_t r = wt_table_add_row(t);

			wt_table_num(t, r, 0, 16 << s, 0);
			wt_table_text(t, r, 1, kernels[k]);
			wt_table_num(t, r, 2, k == 1 && s == 2 ? NAN :
				     (k + 1) * 0.4 / (s + 1), 3);
		}
	return t;
}

/* Reuse distances in power-of-two bins, the first at 0. */
static struct wt_table *reuse(void)
{
	static const double n[] = { 40, 25, 30, 22, 15, 9, 30, 12 };
	struct wt_table *t = wt_table_new("reuse", "Reuse distances", 3,
					  "lo", "hi", "accesses");

	for (unsigned i = 0; i < 8; i++) {
		size_t r = wt_table_add_row(t);
		unsigned lo = i ? 1u << (i - 1) : 0;

		wt_table_num(t, r, 0, lo, 0);
		wt_table_num(t, r, 1, i ? 2 * lo - 1 : 0, 0);
		wt_table_num(t, r, 2, n[i], 0);
	}
	return t;
}

static void make_plots(struct wt_plot *p, struct wt_table *const *t)
{
	memset(p, 0, NFIG * sizeof(*p));
	p[0] = (struct wt_plot){ .kind = WT_PLOT_STACKED, .t = t[0],
		.name = "miss-classes", .title = t[0]->title,
		.ylabel = "misses", .ycols = miss_cols, .nycols = 4,
		.series_col = -1, .cutoff = NAN };
	p[1] = (struct wt_plot){ .kind = WT_PLOT_BARS, .t = t[1],
		.name = "miss-rates", .title = t[1]->title,
		.ylabel = "miss rate", .ycols = rate_cols, .nycols = 2,
		.series_col = -1, .hmean = 1, .cutoff = NAN, .percent = 1 };
	p[2] = (struct wt_plot){ .kind = WT_PLOT_LINES, .t = t[2],
		.name = "sweep", .title = t[2]->title, .xlabel = "L1 size (KiB)",
		.ycols = sweep_col, .nycols = 1, .series_col = 1,
		.cutoff = NAN, .logx = 1, .percent = 1 };
	p[3] = (struct wt_plot){ .kind = WT_PLOT_HIST, .t = t[3],
		.name = "reuse", .title = t[3]->title,
		.xlabel = "reuse distance (lines)", .ycols = count_col,
		.nycols = 1, .series_col = -1, .cutoff = 16, .logx = 1 };
}

static void rm_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Both files of a figure, as wt_plot_write promises them. */
static void check_files(const char *dir, const char *name)
{
	char path[4096];
	unsigned char *png;
	char *svg;
	size_t n = 0;

	snprintf(path, sizeof(path), "%s/%s.svg", dir, name);
	svg = slurp(path, &n);
	ok(svg && (strncmp(svg, "<?xml", 5) == 0 || strncmp(svg, "<svg", 4) == 0)
	   && strstr(svg, "<svg") && strstr(svg, "</svg>"),
	   "%s: an SVG file", name);
	ok(svg && !strstr(svg, "<script") && !strstr(svg, "gnuplot_svg.js"),
	   "%s: the SVG stands alone", name);
	free(svg);
	snprintf(path, sizeof(path), "%s/%s.png", dir, name);
	png = (unsigned char *)slurp(path, &n);
	ok(png && n > 24 && memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0 &&
	   memcmp(png + 12, "IHDR", 4) == 0, "%s: a PNG file", name);
	if (png && n > 24)
		is_u64((uint64_t)png[16] << 24 | png[17] << 16 | png[18] << 8 |
		       png[19], 800, "%s: the PNG is 800 wide", name);
	else
		ok(0, "%s: the PNG is 800 wide", name);
	free(png);
}

/* Labels as a table would have them: _ ^ @ & { } \ and quotes. */
static void escaping(const char *dir)
{
	struct wt_table *t = wt_table_new("esc", "t", 2, "x_1", "y^2 @{z}");
	unsigned y[] = { 1 };
	struct wt_plot p = { .kind = WT_PLOT_BARS, .t = t, .name = "escape",
		.title = "say \"hi\" & syrk_kernel 'o' \\n {a}^b @c",
		.ycols = y, .nycols = 1, .series_col = -1, .cutoff = NAN };
	char err[512] = "", path[4096], *svg;
	size_t n;

	wt_table_add_row(t);
	wt_table_text(t, 0, 0, "k_x&<y>");
	wt_table_num(t, 0, 1, 3, 0);
	ok(wt_plot_write(&p, dir, err, sizeof(err)) == 0,
	   "escaping: drawn %s", err);
	snprintf(path, sizeof(path), "%s/escape.svg", dir);
	svg = slurp(path, &n);
	like(svg, ">say \"hi\" &amp; syrk_kernel 'o' \\n {a}^b @c<",
	     "escaping: the title prints as written");
	like(svg, ">k_x&amp;&lt;y", "escaping: an x label prints as written");
	like(svg, ">y^2 @{z}<", "escaping: the y label is the column's name");
	free(svg);
	wt_table_free(t);
}

static void empty_table(const char *dir)
{
	struct wt_table *t = wt_table_new("none", "nothing", 2, "kernel", "n");
	unsigned y[] = { 1 };
	struct wt_plot p = { .kind = WT_PLOT_STACKED, .t = t, .name = "empty",
		.title = "No rows", .ycols = y, .nycols = 1, .series_col = -1,
		.cutoff = NAN };
	char err[512] = "", path[4096], *svg;
	size_t n;

	ok(wt_plot_write(&p, dir, err, sizeof(err)) == 0,
	   "no rows: still a figure %s", err);
	check_files(dir, "empty");
	snprintf(path, sizeof(path), "%s/empty.svg", dir);
	svg = slurp(path, &n);
	like(svg, ">no data<", "no rows: the figure says no data");
	free(svg);
	/* Rows without a single number are no data either. */
	wt_table_add_row(t);
	wt_table_text(t, 0, 0, "k");
	p.kind = WT_PLOT_HIST;
	p.cutoff = 4;
	ok(wt_plot_write(&p, dir, err, sizeof(err)) == 0,
	   "only empty cells: still a figure %s", err);
	wt_table_free(t);
}

/* The script of p, as wt_plot_write would hand it to gnuplot. */
static char *script_of(const struct wt_plot *p)
{
	char *buf = NULL, err[256] = "";
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f || wt_plot_script(p, "a.svg", "a.png", f, err, sizeof(err)) != 0)
		printf("# wt_plot_script: %s\n", err);
	if (f)
		fclose(f);
	return buf;
}

/* What the scripts ask of gnuplot: shares stop at 100 %, speedups have
 * their line at 1, long labels turn and lose their middles. */
static void scripts(const struct wt_plot *p)
{
	struct wt_table *t = wt_table_new("long", "Speedups", 2, "run", "speedup");
	unsigned y[] = { 1 };
	struct wt_plot sp = { .kind = WT_PLOT_BARS, .t = t, .name = "long",
		.ycols = y, .nycols = 1, .series_col = -1, .cutoff = NAN,
		.unit_line = 1 };
	char *s;

	s = script_of(&p[0]);
	like(s, "set yrange [0:*]\n", "script: counts from 0, no top");
	ok(s && !strstr(s, "rotate"), "script: short labels stay level");
	free(s);
	sp.kind = WT_PLOT_STACKED;
	sp.percent = 1;
	sp.unit_line = 0;
	wt_table_add_row(t);
	wt_table_text(t, 0, 0, "a");
	wt_table_num(t, 0, 1, 0.5, 2);
	s = script_of(&sp);
	like(s, "set yrange [0:100]\n", "script: a stack of shares stops at 100 %%");
	ok(s && !strstr(s, "no change"), "script: no line at 1 unless asked");
	free(s);
	s = script_of(&p[2]);
	like(s, "set yrange [0:*<100]\n", "script: a rate's line at most 100 %%");
	free(s);

	sp.kind = WT_PLOT_BARS;
	sp.percent = 0;
	sp.unit_line = 1;
	for (unsigned i = 1; i < 6; i++) {
		size_t r = wt_table_add_row(t);

		wt_table_text(t, r, 0, i == 1 ? "/home/someone/experiments/runs/0001/l1sim-ipoly37" :
			      "spmv 16K ipoly37");
		wt_table_num(t, r, 1, 0.5 * i, 2);
	}
	s = script_of(&sp);
	like(s, ", 1 with lines dt 2 ", "script: speedups have a dashed line at 1");
	like(s, "title 'no change (1.0)'\n", "script: the line at 1 in the key");
	like(s, "set yrange [0:*]\n", "script: speedups from 0");
	like(s, ") noenhanced rotate by -30 left\nset bmargin ",
	     "script: long labels turned, with room below");
	like(s, "'/home/someone/exper\xe2\x80\xa6/0001/l1sim-ipoly37' 1",
	     "script: a long label loses its middle");
	like(s, "'spmv 16K ipoly37' 2", "script: a shorter one is whole");
	free(s);
	wt_table_free(t);
}

/* gnuplot not on PATH, then a gnuplot that fails. */
static void no_gnuplot(const char *dir, const struct wt_plot *p0)
{
	char *path = getenv("PATH") ? wt_strdup(getenv("PATH")) : NULL;
	char bin[4096], fake[4200], err[512] = "", png[4096];
	struct wt_plot p = *p0;
	FILE *f;

	p.name = "nognuplot";
	snprintf(bin, sizeof(bin), "%s/bin", dir);
	mkdir(bin, 0755);
	setenv("PATH", bin, 1);
	ok(wt_plot_write(&p, dir, err, sizeof(err)) == -1,
	   "no gnuplot on PATH: -1");
	like(err, "figure nognuplot: cannot run gnuplot: No such file or directory",
	     "no gnuplot on PATH: the reason names the figure");
	ok(!strchr(err, '\n'), "no gnuplot on PATH: one line");
	snprintf(png, sizeof(png), "%s/nognuplot.png", dir);
	ok(access(png, F_OK) != 0, "no gnuplot on PATH: no file");

	snprintf(fake, sizeof(fake), "%s/gnuplot", bin);
	if ((f = fopen(fake, "w"))) {
		fputs("#!/bin/sh\ncat >/dev/null\n"
		      "echo '         line 3: unknown terminal' >&2\n"
		      "echo >&2\nexit 1\n", f);
		fclose(f);
	}
	chmod(fake, 0755);
	ok(wt_plot_write(&p, dir, err, sizeof(err)) == -1, "gnuplot fails: -1");
	is_str(err, "figure nognuplot: gnuplot failed (exit 1): line 3: "
	       "unknown terminal", "gnuplot fails: its last word, on one line");
	unlink(fake);
	rmdir(bin);
	if (path)
		setenv("PATH", path, 1);
	else
		unsetenv("PATH");
	free(path);
}

static void page(const char *dir, const struct wt_plot *p,
		 struct wt_table *const *t)
{
	char err[512] = "", path[4096], *html;
	struct wt_plot bad = p[0];
	size_t n;
	DIR *d;
	struct dirent *e;
	int stray = 0;

	ok(wt_html_write(dir, "Report <L1> & \"friends\"", t, 2, p, NFIG,
			 err, sizeof(err)) == 0, "page: written %s", err);
	snprintf(path, sizeof(path), "%s/index.html", dir);
	html = slurp(path, &n);
	ok(html && strncmp(html, "<!DOCTYPE html>", 15) == 0, "page: HTML5");
	for (int i = 0; i < NFIG; i++) {
		char id[64];

		snprintf(id, sizeof(id), "<figure id=\"fig-%s\">", p[i].name);
		like(html, id, "page: figure %s", p[i].name);
	}
	is_u64(count(html, "data:image/png;base64,iVBORw0KGgo"), NFIG,
	       "page: every PNG inline, base64 from its signature on");
	is_u64(count(html, "<svg"), NFIG, "page: every SVG inline");
	ok(html && !strstr(html, "<?xml") && !strstr(html, "<!DOCTYPE svg"),
	   "page: no XML prolog inside");
	is_u64(count(html, "<script"), 1, "page: one script, the page's own");
	ok(html && !strstr(html, "src=\"http") && !strstr(html, "href=\"http"),
	   "page: nothing from outside");
	like(html, "<h1>Report &lt;L1&gt; &amp; &quot;friends&quot;</h1>",
	     "page: the title escaped");
	like(html, "<caption>Miss classes per kernel &lt;L1&gt;</caption>",
	     "page: a table caption escaped");
	like(html, "<td>2mm &amp; &quot;B&quot;</td>", "page: a cell escaped");
	like(html, "<td class=\"num\">0.420</td>", "page: numbers to the right");
	like(html, "id=\"f1-gnuplot_canvas\"", "page: ids made each figure's own");
	free(html);

	bad.name = "absent";
	ok(wt_html_write(dir, "x", t, 2, &bad, 1, err, sizeof(err)) == -1,
	   "page: a figure without files: -1");
	like(err, "absent.svg: No such file", "page: the reason names the file");
	html = slurp(path, &n);
	ok(html && count(html, "<figure") == NFIG, "page: the old page stays");
	free(html);
	d = opendir(dir);
	while (d && (e = readdir(d)))
		stray += strncmp(e->d_name, ".index", 6) == 0 ||
			 strstr(e->d_name, ".tmp") != NULL;
	if (d)
		closedir(d);
	ok(stray == 0, "page: no temporary files left");
}

int main(int argc, char **argv)
{
	struct wt_table *t[NFIG] = { miss_classes(), miss_rates(), sweep(), reuse() };
	struct wt_plot p[NFIG];
	char tmpl[4096], err[512];
	const char *dir;
	int rc;

	wt_set_progname(argv[0]);
	make_plots(p, t);
	if (argc == 3 && strcmp(argv[1], "--page") == 0) {
		mkdir(argv[2], 0755);
		for (int i = 0; i < NFIG; i++)
			if (wt_plot_write(&p[i], argv[2], err, sizeof(err)) != 0)
				wt_die(WT_EXIT_DATA, "%s", err);
		if (wt_html_write(argv[2], "warptrace report: test page", t, 2,
				  p, NFIG, err, sizeof(err)) != 0)
			wt_die(WT_EXIT_DATA, "%s", err);
		for (int i = 0; i < NFIG; i++)
			wt_table_free(t[i]);
		return 0;
	}

	snprintf(tmpl, sizeof(tmpl), "%s/wt-plot.XXXXXX", wt_tmpdir());
	if (!(dir = mkdtemp(tmpl)))
		wt_die(WT_EXIT_DATA, "mkdtemp %s: %s", tmpl, strerror(errno));
	for (int i = 0; i < NFIG; i++) {
		err[0] = '\0';
		ok(wt_plot_write(&p[i], dir, err, sizeof(err)) == 0,
		   "%s: drawn %s", p[i].name, err);
		check_files(dir, p[i].name);
	}
	scripts(p);
	escaping(dir);
	empty_table(dir);
	no_gnuplot(dir, &p[0]);
	page(dir, p, t);

	rm_dir(dir);
	for (int i = 0; i < NFIG; i++)
		wt_table_free(t[i]);
	rc = tap_done();
	return rc;
}
