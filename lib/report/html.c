/*
 * html.c - report(1)'s HTML page: the runs, the other tables, then the
 * figures with each SVG inline and each PNG as a data: URL, in one file
 * that needs nothing beside it; see html.h.
 *
 * A small script marks every figure data-rendered="yes" or "no" once
 * the page has loaded, and the body data-figures="N/M rendered", so a
 * headless browser can tell a page that shows its figures from one that
 * only holds them.  The page is written under a temporary name and
 * renamed into place, so index.html is always a whole page.
 */
#include "html.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char style[] =
	"body { font-family: sans-serif; color: #222; background: #fff;\n"
	"\tmax-width: 62em; margin: 1.5em auto; padding: 0 1em; }\n"
	"h1 { font-size: 1.6em; }\n"
	"h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }\n"
	".scroll { overflow-x: auto; }\n"
	"#tab-runs td:last-child { font-family: monospace; font-size: 0.9em; }\n"
	"table { border-collapse: collapse; margin: 1em 0 2em; }\n"
	"caption { text-align: left; font-weight: bold; padding: 0.3em 0; }\n"
	"th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; }\n"
	"th { background: #f2f2f2; text-align: left; }\n"
	".num { text-align: right; font-variant-numeric: tabular-nums; }\n"
	"figure { margin: 2em 0; }\n"
	"figure > svg { display: block; width: 100%; max-width: 800px;"
	" height: auto; }\n"
	"figure img.png { display: block; max-width: 100%; }\n"
	"figcaption { font-style: italic; margin-top: 0.3em; }\n"
	"details.png summary { cursor: pointer; color: #555;"
	" font-size: 0.9em; }\n"
	".warn { display: none; color: #b00; font-weight: bold; }\n"
	"figure[data-rendered=\"no\"] .warn { display: block; }\n";

/* Runs at load: checks that each figure's PNG decoded and its SVG drew
 * something, shows the PNG where the SVG failed, and counts.  Each
 * figure's place on the page (data-top, data-bottom, in CSS pixels) lets
 * a test find it in a screenshot. */
static const char script[] =
	"window.addEventListener('load', function () {\n"
	"\tvar figs = document.querySelectorAll('figure[id^=\"fig-\"]');\n"
	"\tvar good = 0;\n"
	"\tfigs.forEach(function (f) {\n"
	"\t\tvar img = f.querySelector('img'), svg = f.querySelector('svg');\n"
	"\t\tvar img_ok = !!img && img.complete && img.naturalWidth > 0;\n"
	"\t\tvar svg_ok = false;\n"
	"\t\tif (svg && svg.childElementCount > 0) {\n"
	"\t\t\ttry { svg_ok = svg.getBBox().width > 0; } catch (e) {}\n"
	"\t\t}\n"
	"\t\tif (!svg_ok && img_ok)\n"
	"\t\t\tf.querySelector('details').open = true;\n"
	"\t\tf.dataset.svg = svg_ok ? 'yes' : 'no';\n"
	"\t\tf.dataset.png = img_ok ? 'yes' : 'no';\n"
	"\t\tf.dataset.rendered = svg_ok && img_ok ? 'yes' : 'no';\n"
	"\t\tgood += svg_ok && img_ok;\n"
	"\t\tvar r = f.getBoundingClientRect();\n"
	"\t\tf.dataset.top = Math.round(r.top + window.scrollY);\n"
	"\t\tf.dataset.bottom = Math.round(r.bottom + window.scrollY);\n"
	"\t});\n"
	"\tdocument.body.dataset.figures = good + '/' + figs.length + "
	"' rendered';\n"
	"});\n";

static void esc(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
	}
}

static void base64(FILE *f, const unsigned char *p, size_t n)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	for (; n >= 3; p += 3, n -= 3) {
		unsigned long v = (unsigned long)p[0] << 16 | p[1] << 8 | p[2];

		fputc(digits[v >> 18], f);
		fputc(digits[v >> 12 & 63], f);
		fputc(digits[v >> 6 & 63], f);
		fputc(digits[v & 63], f);
	}
	if (n) {
		unsigned long v = (unsigned long)p[0] << 16 |
				  (n > 1 ? p[1] << 8 : 0);

		fputc(digits[v >> 18], f);
		fputc(digits[v >> 12 & 63], f);
		fputc(n > 1 ? digits[v >> 6 & 63] : '=', f);
		fputc('=', f);
	}
}

/* The whole file, NUL-terminated; NULL with errno set. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, k;

	if (!f)
		return NULL;
	do {
		if (cap - n < 65536) {
			cap = cap ? 2 * cap : 262144;
			buf = wt_realloc(buf, cap + 1);
		}
		k = fread(buf + n, 1, cap - n, f);
		n += k;
	} while (k > 0);
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		free(buf);
		errno = e ? e : EIO;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/*
 * The SVG from its <svg> tag on, with the ids made the figure's own:
 * gnuplot names its point symbols and canvas the same in every file, and
 * in one page the second figure's "#gpPt3" would find the first's.  Its
 * <title> becomes the figure's, the tooltip a reader sees.
 */
static void inline_svg(FILE *f, const char *svg, const char *prefix,
		       const char *title)
{
	static const char *const refs[] = {
		"id=\"", "id='", "href=\"#", "href='#", "url(#",
	};
	const char *s = strstr(svg, "<svg"), *end = svg + strlen(svg);
	int titled = 0;

	while (end > s && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	while (s < end) {
		size_t i, n = sizeof(refs) / sizeof(refs[0]);

		/* The first <title> is the picture's; later ones name the
		 * lines, and stay. */
		if (!titled && strncmp(s, "<title>", 7) == 0 &&
		    strstr(s, "</title>")) {
			titled = 1;
			fputs("<title>", f);
			esc(f, title);
			s = strstr(s, "</title>");
			continue;
		}
		/* An attribute only where one starts: not "grid=". */
		for (i = 0; i < n; i++)
			if (strncmp(s, refs[i], strlen(refs[i])) == 0 &&
			    (*refs[i] == 'u' || strchr(" \t\n:", s[-1])))
				break;
		if (i < n) {
			fputs(refs[i], f);
			fputs(prefix, f);
			s += strlen(refs[i]);
		} else {
			fputc(*s++, f);
		}
	}
	fputc('\n', f);
}

static void table(FILE *f, const struct wt_table *t)
{
	char buf[64];

	fputs("<div class=\"scroll\">\n<table id=\"tab-", f);
	esc(f, t->name);
	fputs("\">\n<caption>", f);
	esc(f, t->title && *t->title ? t->title : t->name);
	fputs("</caption>\n<thead><tr>", f);
	for (unsigned c = 0; c < t->ncols; c++) {
		/* A column of numbers has its name over their right edge. */
		int num = t->nrows > 0;

		for (size_t r = 0; r < t->nrows; r++)
			if (wt_table_cell(t, r, c)->kind == WT_CELL_TEXT)
				num = 0;
		fputs(num ? "<th class=\"num\">" : "<th>", f);
		esc(f, t->cols[c]);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		for (unsigned c = 0; c < t->ncols; c++) {
			const struct wt_cell *cell = wt_table_cell(t, r, c);

			fputs(cell->kind == WT_CELL_NUM ? "<td class=\"num\">"
							: "<td>", f);
			esc(f, wt_cell_str(cell, buf, sizeof(buf)));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n</div>\n", f);
}

/*
 * The runs table first, under its own heading: a reader learns which
 * traces, machines and options made the numbers before reading them.
 * The other tables follow in report's order.
 */
static void sections(FILE *f, struct wt_table *const *tables, size_t n)
{
	int runs = 0;

	for (size_t i = 0; i < n; i++)
		if (strcmp(tables[i]->name, "runs") == 0) {
			fputs("<h2 id=\"runs\">Runs</h2>\n", f);
			table(f, tables[i]);
			runs = 1;
		}
	if ((size_t)runs < n)
		fputs("<h2 id=\"tables\">Tables</h2>\n", f);
	for (size_t i = 0; i < n; i++)
		if (strcmp(tables[i]->name, "runs") != 0)
			table(f, tables[i]);
}

static int figure(FILE *f, const char *dir, const struct wt_plot *p,
		  size_t index, char *err, size_t len)
{
	const char *title = p->title && *p->title ? p->title : p->name;
	char path[4096], prefix[32];
	char *svg, *png;
	size_t svg_len, png_len;

	snprintf(path, sizeof(path), "%s/%s.svg", dir, p->name);
	if (!(svg = slurp(path, &svg_len))) {
		snprintf(err, len, "figure %s: %s: %s", p->name, path,
			 strerror(errno));
		return -1;
	}
	if (!strstr(svg, "<svg")) {
		snprintf(err, len, "figure %s: %s: not an SVG file", p->name, path);
		free(svg);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s.png", dir, p->name);
	if (!(png = slurp(path, &png_len))) {
		snprintf(err, len, "figure %s: %s: %s", p->name, path,
			 strerror(errno));
		free(svg);
		return -1;
	}
	snprintf(prefix, sizeof(prefix), "f%zu-", index);

	fputs("<figure id=\"fig-", f);
	esc(f, p->name);
	fputs("\">\n", f);
	inline_svg(f, svg, prefix, title);
	fputs("<details class=\"png\"><summary>PNG</summary>"
	      "<img class=\"png\" width=\"800\" height=\"480\" alt=\"", f);
	esc(f, title);
	fputs("\" src=\"data:image/png;base64,", f);
	base64(f, (const unsigned char *)png, png_len);
	fputs("\"></details>\n<p class=\"warn\">This figure did not render; "
	      "its files are ", f);
	esc(f, p->name);
	fputs(".svg and ", f);
	esc(f, p->name);
	fputs(".png beside this page.</p>\n<figcaption>", f);
	esc(f, title);
	fputs("</figcaption>\n</figure>\n", f);
	free(svg);
	free(png);
	return 0;
}

int wt_html_write(const char *dir, const char *title,
		  struct wt_table *const *tables, size_t ntables,
		  const struct wt_plot *plots, size_t nplots,
		  char *err, size_t len)
{
	char path[4096], tmp[4200];
	FILE *f;
	int fd, bad = 0;

	snprintf(path, sizeof(path), "%s/index.html", dir);
	snprintf(tmp, sizeof(tmp), "%s/.index.html.XXXXXX", dir);
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(err, len, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	/* mkstemp makes it private; a report is for reading. */
	if (fchmod(fd, 0644) != 0 || !(f = fdopen(fd, "w"))) {
		snprintf(err, len, "%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, "
	      "initial-scale=1\">\n<title>", f);
	esc(f, title);
	fprintf(f, "</title>\n<style>\n%s</style>\n<script>\n%s</script>\n"
		"</head>\n<body>\n<h1>", style, script);
	esc(f, title);
	fputs("</h1>\n", f);
	sections(f, tables, ntables);
	if (nplots)
		fputs("<h2 id=\"figures\">Figures</h2>\n", f);
	for (size_t i = 0; i < nplots && !bad; i++)
		bad = figure(f, dir, &plots[i], i, err, len) != 0;
	fputs("</body>\n</html>\n", f);

	if (bad) {
		fclose(f);
		unlink(tmp);
		return -1;
	}
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		snprintf(err, len, "%s: %s", tmp, strerror(errno));
		fclose(f);
		unlink(tmp);
		return -1;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
