/*
 * plot.c - report(1)'s figures: a gnuplot script with the table's numbers
 * inline, run once for an SVG and once more (replot) for a PNG; see plot.h.
 *
 * Every string from a table goes into the script single-quoted, where
 * only '' is special, and is marked noenhanced, so "syrk_kernel" prints
 * as written instead of with a subscript "k".  The files are drawn under
 * temporary names and renamed only when gnuplot succeeds, so a failed
 * run never leaves a figure that looks finished.
 */
#include "plot.h"
#include "run.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Okabe and Ito's colour-blind-safe palette, black last. */
static const char *const colours[] = {
	"#0072b2", "#e69f00", "#009e73", "#d55e00",
	"#56b4e9", "#cc79a7", "#f0e442", "#000000",
};
#define NCOLOURS (sizeof(colours) / sizeof(colours[0]))

/* A string as a single-quoted gnuplot string.  Control characters
 * become spaces: a label is one line. */
static void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; s && *s; s++) {
		if (*s == '\'')
			fputs("''", f);
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fputc(' ', f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

/* A number for a data block; NaN is what gnuplot skips. */
static void gp_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.10g", v);
	else
		fputs(" NaN", f);
}

/* The cell's number, or NaN when it is empty, text or infinite. */
static double num_at(const struct wt_table *t, size_t row, unsigned col)
{
	const struct wt_cell *c = wt_table_cell(t, row, col);

	return c->kind == WT_CELL_NUM && isfinite(c->num) ? c->num : NAN;
}

static double y_at(const struct wt_plot *p, size_t row, unsigned i)
{
	double v = num_at(p->t, row, p->ycols[i]);

	return p->percent ? 100 * v : v;
}

/* A cell as a label, in buf if it is a number. */
static const char *label_at(const struct wt_table *t, size_t row, unsigned col,
			    char *buf, size_t len)
{
	return wt_cell_str(wt_table_cell(t, row, col), buf, len);
}

/* Explanations drawn small in the bottom left corner: what the figure
 * could not show as asked. */
#define NOTES 256

static void WT_PRINTF(2, 3) note(char *notes, const char *fmt, ...)
{
	size_t len = strlen(notes);
	va_list ap;

	if (len)
		snprintf(notes + len, NOTES - len, "; ");
	len = strlen(notes);
	va_start(ap, fmt);
	vsnprintf(notes + len, NOTES - len, fmt, ap);
	va_end(ap);
}

/* Labels for x in row order: each distinct label once, where it first
 * appears, so that the rows of a sweep share their x. */
struct labels {
	char **s;
	size_t n;
};

static size_t label_index(struct labels *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->s[i], s) == 0)
			return i;
	l->s = wt_realloc(l->s, (l->n + 1) * sizeof(*l->s));
	l->s[l->n] = wt_strdup(s);
	return l->n++;
}

static void labels_free(struct labels *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
}

/* Characters in a UTF-8 string: bytes that do not continue one. */
static size_t chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/*
 * A label of at most LABEL_MAX characters: a longer one loses its middle
 * to an ellipsis, where a run's name ("spmv 16K ipoly37") or a path
 * has least to tell; the table beside the figure has it whole.  Cuts
 * fall between characters, never inside one.
 */
#define LABEL_MAX 40
#define LABEL_KEEP 19		/* characters kept at each end */

static const char *short_label(const char *s, char *buf, size_t len)
{
	const char *head, *tail;
	size_t k;

	if (chars(s) <= LABEL_MAX)
		return s;
	for (head = s, k = 0; *head && k < LABEL_KEEP; head++)
		k += ((unsigned char)head[1] & 0xc0) != 0x80;
	tail = s + strlen(s);
	for (k = 0; tail > head && k < LABEL_KEEP; )
		k += ((unsigned char)*--tail & 0xc0) != 0x80;
	snprintf(buf, len, "%.*s\xe2\x80\xa6%s", (int)(head - s), s, tail);
	return buf;
}

/*
 * set xtics ('a' 0, 'b' 1, ...).  About 60 characters of sans 11 fit
 * across the plot beside the key; labels that would touch their
 * neighbours are turned 30 degrees, reading down to the right from their
 * tic, and the bottom margin grows to hold them.
 */
static void xtics_from(FILE *f, char *const *s, size_t n)
{
	size_t widest = 0;
	char buf[LABEL_MAX * 4 + 8];

	for (size_t i = 0; i < n; i++) {
		size_t w = chars(short_label(s[i], buf, sizeof(buf)));

		widest = w > widest ? w : widest;
	}
	fputs("set xtics (", f);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		gp_str(f, short_label(s[i], buf, sizeof(buf)));
		fprintf(f, " %zu", i);
	}
	if ((widest + 1) * n <= 60) {
		fputs(") noenhanced\n", f);
		return;
	}
	/* sin 30 degrees: half of each label's length falls below the
	 * axis, a character of sans 11 being about half a line wide; the
	 * xlabel needs its own 2 lines. */
	fprintf(f, ") noenhanced rotate by -30 left\nset bmargin %zu\n",
		3 + (widest + 3) / 4);
}

/* Settings every kind shares. */
static void preamble(FILE *f, const struct wt_plot *p)
{
	fputs("set encoding utf8\n", f);
	for (size_t i = 0; i < NCOLOURS; i++)
		fprintf(f, "set linetype %zu lc rgb '%s' lw 2 pt 7 ps 0.8\n",
			i + 1, colours[i]);
	fprintf(f, "set linetype cycle %zu\n", NCOLOURS);
	if (p->title) {
		fputs("set title ", f);
		gp_str(f, p->title);
		fputs(" noenhanced font ',13'\n", f);
	}
	fputs("set xlabel ", f);
	gp_str(f, p->xlabel ? p->xlabel : p->t->cols[p->xcol]);
	fputs(" noenhanced\n", f);
	if (p->ylabel || p->nycols == 1) {
		fputs("set ylabel ", f);
		gp_str(f, p->ylabel ? p->ylabel : p->t->cols[p->ycols[0]]);
		fputs(" noenhanced\n", f);
	}
	fputs("set border 3\nset tics nomirror\n"
	      "set grid ytics back lt 1 lc rgb '#dddddd' lw 1 dt 1\n"
	      "set key outside right top vertical Left reverse noenhanced samplen 2\n"
	      "set style fill solid 0.85 border lc rgb '#333333'\n", f);
	if (p->percent)
		fputs("set format y '%g%%'\n", f);
}

/* STACKED and BARS: a histogram with a bar per ycol in each row's
 * place; BARS may add the harmonic-mean group. */
static size_t histogram(FILE *f, const struct wt_plot *p)
{
	const struct wt_table *t = p->t;
	size_t n = t->nrows, points = 0;
	int hmean = p->kind == WT_PLOT_BARS && p->hmean;
	char **names = wt_calloc(n + 1, sizeof(*names));
	char buf[64];

	fputs("$data << EOD\n", f);
	for (size_t r = 0, k = 0; r < t->nrows; r++) {
		size_t have = 0;

		/* a row with no value (a table's summary row, say) is no bar */
		for (unsigned i = 0; i < p->nycols; i++)
			have += !isnan(y_at(p, r, i));
		if (!have) {
			n--;
			continue;
		}
		names[k++] = wt_strdup(label_at(t, r, p->xcol, buf, sizeof(buf)));
		for (unsigned i = 0; i < p->nycols; i++) {
			double v = y_at(p, r, i);

			points += !isnan(v);
			gp_num(f, v);
		}
		fputc('\n', f);
	}
	if (hmean) {
		/* A harmonic mean of rates or speedups; zero and negative
		 * values have none, so they are left out of it. */
		for (unsigned i = 0; i < p->nycols; i++) {
			double inv = 0, v;
			size_t k = 0;

			for (size_t r = 0; r < t->nrows; r++)
				if ((v = y_at(p, r, i)) > 0) {
					inv += 1 / v;
					k++;
				}
			gp_num(f, k ? k / inv : NAN);
		}
		fputc('\n', f);
		names[n] = wt_strdup("hmean");
	}
	fputs("EOD\n", f);
	xtics_from(f, names, n + (hmean != 0));
	for (size_t r = 0; r < n + (hmean != 0); r++)
		free(names[r]);
	free(names);

	fputs("set style data histograms\n", f);
	/* Shares and rates stop at 100 %: no headroom above a whole. */
	fputs(p->percent ? "set yrange [0:100]\n" : "set yrange [0:*]\n", f);
	if (p->kind == WT_PLOT_STACKED)
		/* The key lists the classes top down, as they are stacked. */
		fputs("set style histogram rowstacked\nset boxwidth 0.7 relative\n"
		      "set key invert\n", f);
	else
		fputs("set style histogram clustered gap 1\n", f);
	fputs("plot ", f);
	for (unsigned i = 0; i < p->nycols; i++) {
		fprintf(f, "%s using %u title ", i ? ", ''" : "$data", i + 1);
		gp_str(f, t->cols[p->ycols[i]]);
		fputs(" noenhanced", f);
	}
	/* A function is also in y's autoscale: the line stays in view
	 * when every bar is below it. */
	if (p->kind == WT_PLOT_BARS && p->unit_line)
		fputs(", 1 with lines dt 2 lw 1.5 lc rgb '#222222' "
		      "title 'no change (1.0)'", f);
	fputc('\n', f);
	return points;
}

/* LINES: numeric x when every x cell is a finite number; otherwise the
 * labels' order of first appearance. */
static size_t lines(FILE *f, const struct wt_plot *p, char *nt)
{
	const struct wt_table *t = p->t;
	int by_col = p->series_col >= 0, numeric = t->nrows > 0, logx;
	size_t nseries, points = 0, dropped = 0;
	size_t *xi = wt_calloc(t->nrows + 1, sizeof(*xi));
	size_t *si = wt_calloc(t->nrows + 1, sizeof(*si));
	struct labels xl = { 0 }, series = { 0 };
	char buf[64];

	for (size_t r = 0; r < t->nrows; r++)
		numeric &= !isnan(num_at(t, r, p->xcol));
	logx = p->logx && numeric;
	if (p->logx && !numeric)
		note(nt, "x is not numeric: linear scale");
	/* Each row's x label and line, numbered in order of first
	 * appearance; a row owns its label even when its y is empty. */
	for (size_t r = 0; r < t->nrows; r++) {
		if (!numeric)
			xi[r] = label_index(&xl, label_at(t, r, p->xcol, buf,
							  sizeof(buf)));
		if (by_col) {
			const char *s = label_at(t, r, (unsigned)p->series_col,
						 buf, sizeof(buf));

			si[r] = *s ? label_index(&series, s) : SIZE_MAX;
		}
	}
	nseries = by_col ? series.n : p->nycols;

	/* A data block per line: $d0, $d1, ... */
	for (size_t s = 0; s < nseries; s++) {
		fprintf(f, "$d%zu << EOD\n", s);
		for (size_t r = 0; r < t->nrows; r++) {
			double x = numeric ? num_at(t, r, p->xcol) : (double)xi[r];
			double y = y_at(p, r, by_col ? 0 : (unsigned)s);

			if ((by_col && si[r] != s) || isnan(y))
				continue;
			if (logx && x <= 0) {
				dropped++;
				continue;
			}
			gp_num(f, x);
			gp_num(f, y);
			fputc('\n', f);
			points++;
		}
		fputs("EOD\n", f);
	}
	if (dropped)
		note(nt, "%zu point%s at x <= 0 not shown (log scale)", dropped,
		     dropped == 1 ? "" : "s");
	if (logx)
		fputs("set logscale x 2\n", f);
	/* A rate from 0, its axis no higher than 100 % but as low as
	 * the data allows, so small rates keep their shape. */
	if (p->percent)
		fputs("set yrange [0:*<100]\n", f);
	if (!numeric) {
		xtics_from(f, xl.s, xl.n);
		fprintf(f, "set xrange [-0.5:%zu.5]\n", xl.n ? xl.n - 1 : 0);
	}
	fputs("plot ", f);
	for (size_t s = 0; s < nseries; s++) {
		fprintf(f, "%s$d%zu using 1:2 with linespoints title ",
			s ? ", " : "", s);
		gp_str(f, by_col ? series.s[s]
					     : t->cols[p->ycols[s]]);
		fputs(" noenhanced", f);
	}
	fputc('\n', f);
	labels_free(&xl);
	labels_free(&series);
	free(xi);
	free(si);
	return points;
}

/* 1536 as "1.5K": bin edges of a log2 axis stay short. */
static void short_num(char *buf, size_t len, double v)
{
	if (v >= 1 << 20 && fmod(v, 1 << 20) == 0)
		snprintf(buf, len, "%gM", v / (1 << 20));
	else if (v >= 1 << 10 && fmod(v, 1 << 10) == 0)
		snprintf(buf, len, "%gK", v / (1 << 10));
	else
		snprintf(buf, len, "%g", v);
}

/* A log2 x axis with a tic at every bin edge (at most 16 labelled), so
 * the bin drawn at 0.5 can say 0. */
static void log_tics(FILE *f, const double *x, size_t n, double last, int zero)
{
	size_t step = (n + 1 + 15) / 16;
	char buf[32];

	fputs("set logscale x 2\nset xtics (", f);
	for (size_t i = 0; i <= n; i++) {
		double v = i < n ? x[i] : last;

		if (i > 0 && i < n && v <= x[i - 1])
			continue;
		if (zero && v == 0.5)
			snprintf(buf, sizeof(buf), "0");
		else
			short_num(buf, sizeof(buf), v);
		fputs(i ? ", " : "", f);
		gp_str(f, i % step == 0 || i == n ? buf : "");
		gp_num(f, v);
	}
	fputs(")\n", f);
}

/* HIST: a box from each bin's lower end to the next one's (the last as
 * wide as the one before it, or twice its start on a log scale), in the
 * hit colour below cutoff and the miss colour from it on. */
static size_t hist(FILE *f, const struct wt_plot *p, char *nt)
{
	const struct wt_table *t = p->t;
	size_t n = 0, zero = 0, skipped = 0;
	double *x = wt_calloc(t->nrows + 1, sizeof(*x));
	double *y = wt_calloc(t->nrows + 1, sizeof(*y));
	double lo = INFINITY, hi = -INFINITY, c = p->cutoff;
	int split = !isnan(c), nhit = 0, nmiss = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		double xv = num_at(t, r, p->xcol), yv = y_at(p, r, 0);

		if (isnan(yv))
			continue;
		if (isnan(xv) || (p->logx && xv < 0)) {
			skipped++;
			continue;
		}
		if (p->logx && xv == 0) {
			/* log2(0) is not a place; half a line is, and it
			 * stays left of the bin at 1. */
			xv = 0.5;
			zero++;
		}
		x[n] = xv;
		y[n++] = yv;
	}
	if (split && p->logx && c <= 0) {
		note(nt, "cutoff <= 0 not shown (log scale)");
		split = 0;
	}
	for (int pass = 0; pass < 2; pass++) {
		fprintf(f, "$%s << EOD\n", pass ? "miss" : "hit");
		for (size_t i = 0; i < n; i++) {
			double r;

			if (i + 1 < n && x[i + 1] > x[i])
				r = x[i + 1];
			else if (p->logx)
				r = 2 * x[i];
			else
				r = x[i] + (i > 0 && x[i] > x[i - 1] ? x[i] - x[i - 1] : 1);
			/* Without a cutoff every bar is one series. */
			if (split ? (x[i] < c) == !pass : !pass) {
				gp_num(f, x[i]);
				gp_num(f, r);
				gp_num(f, y[i]);
				fputc('\n', f);
				*(pass ? &nmiss : &nhit) += 1;
			}
			lo = fmin(lo, x[i]);
			hi = fmax(hi, r);
		}
		fputs("EOD\n", f);
	}
	if (zero)
		note(nt, "x = 0 drawn at 0.5 (log scale)");
	if (skipped)
		note(nt, "%zu row%s without a numeric x not shown", skipped,
		     skipped == 1 ? "" : "s");
	if (p->logx && n)
		log_tics(f, x, n, hi, zero > 0);
	if (split && n) {
		/* Keep the cutoff in view, and its label on the inner side. */
		int right;

		lo = fmin(lo, c);
		hi = fmax(hi, c);
		if (p->logx)
			right = log2(c) - log2(lo) > (log2(hi) - log2(lo)) / 2;
		else
			right = c - lo > (hi - lo) / 2;
		fprintf(f, "set arrow 1 from first %.10g, graph 0 to first %.10g, "
			"graph 1 nohead front dt 2 lw 2 lc rgb '#222222'\n"
			"set label 1 'cutoff %g' at first %.10g, graph 0.96 %s "
			"front\n", c, c, c, c,
			right ? "right offset -0.6,0" : "left offset 0.6,0");
	}
	/* A hair wider than the bins: gnuplot drops a tic that rounds to
	 * just outside the range. */
	if (n && p->logx)
		fprintf(f, "set xrange [%.12g:%.12g]\n", lo * (1 - 1e-9),
			hi * (1 + 1e-9));
	else if (n)
		fprintf(f, "set xrange [%.12g:%.12g]\n", lo - 1e-9 * (hi - lo),
			hi + 1e-9 * (hi - lo));
	fputs("set yrange [0:*]\nplot ", f);
	/* boxxyerror: x y xlow xhigh ylow yhigh, so the box spans the bin. */
	if (nhit) {
		fputs("$hit using (($1+$2)/2):3:1:2:(0):3 with boxxyerror lt 1 title ", f);
		gp_str(f, split ? "hit" : t->cols[p->ycols[0]]);
		fputs(" noenhanced", f);
	}
	if (nmiss)
		fprintf(f, "%s$miss using (($1+$2)/2):3:1:2:(0):3 with boxxyerror "
			"lt 4 title 'miss'", nhit ? ", " : "");
	fputc('\n', f);
	free(x);
	free(y);
	return (size_t)(nhit + nmiss);
}

/* A figure that says so, for a table with nothing to draw. */
static void no_data(FILE *f)
{
	fputs("unset logscale\nunset xtics\nunset ytics\nunset grid\nunset key\n"
	      "unset arrow\nset xrange [0:1]\nset yrange [0:1]\n"
	      "set label 2 'no data' at graph 0.5, graph 0.5 center font ',16'\n"
	      "plot 2 notitle\n", f);
}

/* The last line gnuplot wrote that is not blank, trimmed: its error. */
static void last_line(FILE *f, char *out, size_t len)
{
	char line[512];

	snprintf(out, len, "no message");
	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		char *s = line, *e;

		while (*s == ' ' || *s == '\t')
			s++;
		e = s + strlen(s);
		while (e > s && (e[-1] == '\n' || e[-1] == '\r' ||
				 e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		if (*s) {
			/* Cut to fit, as snprintf would, without its
			 * truncation warning. */
			size_t k = (size_t)(e - s) < len ? (size_t)(e - s) : len - 1;

			memcpy(out, s, k);
			out[k] = '\0';
		}
	}
}

/*
 * Run gnuplot with script on its standard input and its output in a
 * temporary file (run.h); -d: no ~/.gnuplot, so every figure looks the
 * same.
 */
static int run_gnuplot(const char *script, size_t slen, char *why, size_t wlen)
{
	static char *const argv[] = { "gnuplot", "-d", NULL };
	FILE *in = tmpfile(), *out = tmpfile();
	int status = 0, e, rc = -1;

	if (!in || !out || fwrite(script, 1, slen, in) != slen ||
	    fflush(in) != 0 || fseek(in, 0, SEEK_SET) != 0) {
		snprintf(why, wlen, "cannot prepare gnuplot's input: %s",
			 strerror(errno));
		goto done;
	}
	e = wt_run_files(argv, in, out, 1, &status);
	if (e < 0) {
		snprintf(why, wlen, "cannot fork: %s", strerror(errno));
	} else if (e > 0) {
		snprintf(why, wlen, "cannot run gnuplot: %s%s", strerror(e),
			 e == ENOENT ? " (is gnuplot installed and on PATH?)" : "");
	} else if (WIFSIGNALED(status)) {
		snprintf(why, wlen, "gnuplot killed by signal %d",
			 WTERMSIG(status));
	} else if (WEXITSTATUS(status) != 0) {
		char msg[256];

		last_line(out, msg, sizeof(msg));
		snprintf(why, wlen, "gnuplot failed (exit %d): %s",
			 WEXITSTATUS(status), msg);
	} else {
		rc = 0;
	}
done:
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	return rc;
}

int wt_plot_script(const struct wt_plot *p, const char *svg, const char *png,
		   FILE *f, char *err, size_t len)
{
	const char *name = p && p->name ? p->name : "?";
	char *body = NULL, nt[NOTES] = "";
	size_t blen = 0, points = 0;
	FILE *b;
	int bad;

	if (!p || !p->t || !p->name || !*p->name || strchr(p->name, '/') ||
	    !p->ycols || p->nycols == 0) {
		snprintf(err, len, "figure %s: no table, name or y columns", name);
		return -1;
	}
	bad = p->xcol >= p->t->ncols || p->series_col >= (int)p->t->ncols;
	for (unsigned i = 0; i < p->nycols; i++)
		bad |= p->ycols[i] >= p->t->ncols;
	if (bad) {
		snprintf(err, len, "figure %s: a column past the table's %u",
			 name, p->t->ncols);
		return -1;
	}

	/* The plot first, apart, to learn whether it has anything in it. */
	if (!(b = open_memstream(&body, &blen))) {
		snprintf(err, len, "figure %s: %s", name, strerror(errno));
		return -1;
	}
	switch (p->kind) {
	case WT_PLOT_STACKED:
	case WT_PLOT_BARS:
		points = histogram(b, p);
		break;
	case WT_PLOT_LINES:
		points = lines(b, p, nt);
		break;
	case WT_PLOT_HIST:
		points = hist(b, p, nt);
		break;
	default:
		fclose(b);
		free(body);
		snprintf(err, len, "figure %s: unknown kind %d", name, (int)p->kind);
		return -1;
	}
	if (fclose(b) != 0) {
		free(body);
		snprintf(err, len, "figure %s: %s", name, strerror(errno));
		return -1;
	}

	/* The terminal first, so the plot command that ends the script
	 * draws the SVG; replot then draws the same into the PNG. */
	fputs("set terminal svg size 800,480 dynamic enhanced font \"sans,11\"\n"
	      "set output ", f);
	gp_str(f, svg);
	fputc('\n', f);
	preamble(f, p);
	if (*nt && points) {
		fputs("set label 3 ", f);
		gp_str(f, nt);
		fputs(" at screen 0.01, screen 0.02 left font ',9' "
		      "tc rgb '#555555' noenhanced\n", f);
	}
	if (points)
		fwrite(body, 1, blen, f);
	else
		no_data(f);
	fputs("set terminal pngcairo size 800,480 enhanced font \"sans,11\"\n"
	      "set output ", f);
	gp_str(f, png);
	fputs("\nreplot\nunset output\n", f);
	free(body);
	return 0;
}

int wt_plot_write(const struct wt_plot *p, const char *dir, char *err, size_t len)
{
	const char *name = p && p->name ? p->name : "?";
	char *script = NULL, why[384];
	char svg[4096], png[4096], svg_tmp[4200], png_tmp[4200];
	size_t slen = 0;
	FILE *f;
	int rc = -1;

	snprintf(svg, sizeof(svg), "%s/%s.svg", dir, name);
	snprintf(png, sizeof(png), "%s/%s.png", dir, name);
	snprintf(svg_tmp, sizeof(svg_tmp), "%s/.%s.svg.tmp", dir, name);
	snprintf(png_tmp, sizeof(png_tmp), "%s/.%s.png.tmp", dir, name);
	if (!(f = open_memstream(&script, &slen))) {
		snprintf(err, len, "figure %s: %s", name, strerror(errno));
		return -1;
	}
	if (wt_plot_script(p, svg_tmp, png_tmp, f, err, len) != 0) {
		fclose(f);
		free(script);
		return -1;
	}
	if (fclose(f) != 0) {
		snprintf(err, len, "figure %s: %s", name, strerror(errno));
		goto out;
	}
	if (run_gnuplot(script, slen, why, sizeof(why)) != 0) {
		snprintf(err, len, "figure %s: %s", name, why);
		goto out;
	}
	if (rename(svg_tmp, svg) != 0 || rename(png_tmp, png) != 0) {
		snprintf(err, len, "figure %s: gnuplot's files in %s: %s", name,
			 dir, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	free(script);
	if (rc != 0) {
		unlink(svg_tmp);
		unlink(png_tmp);
	}
	return rc;
}
