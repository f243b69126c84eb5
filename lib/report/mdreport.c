/*
 * mdreport.c - the tables and the JSON document of mdegree(1).
 */
#include "mdreport.h"

#include "json.h"
#include "sink.h"
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define LINE WT_MD_LINE
#define ASSOC WT_MD_ASSOC

static void num(struct wt_table *t, size_t r, unsigned c, double v, int prec)
{
	if (isfinite(v))
		wt_table_num(t, r, c, v, prec);
}

/* The tables of size si: the sweep (Tables 4 to 7) and the scheme. */
static void md_tables(const struct wt_md_settings *o, unsigned si,
		      const struct wt_md_run *sc, const struct wt_md_result *r,
		      struct wt_table **t)
{
	char name[64], title[PATH_MAX + 128];

	wt_snprintf(name, sizeof(name), "sweep-%s", o->sizes[si]);
	wt_snprintf(title, sizeof(title), "%s, L1 %s, %s: the sweep%s, CTAs per "
		    "SM 1 to %u (Yen Tables 4-7)", o->dump, o->sizes[si],
		    o->no_l2 ? "no L2" : "L2", o->closed ? " by gpusim (closed "
		    "timing)" : "", sc->limit);
	t[0] = wt_md_sweep_table(name, title, r->pts, sc->limit, sc->wpc);
	wt_snprintf(name, sizeof(name), "predict-%s", o->sizes[si]);
	wt_snprintf(title, sizeof(title), "%s, L1 %s: the decision scheme (Yen "
		    "5.1), %s", o->dump, o->sizes[si], r->mem ? "memory-bound" :
		    "compute-bound");
	t[1] = wt_md_pred_table(name, title, r->pred, r->pts, sc->limit, sc->wpc);
}

static struct wt_table *profile_table(const struct wt_md_settings *o,
				      const struct wt_md_result *res)
{
	struct wt_table *t = wt_table_new("profile", "the profile: the first CTAs "
		"of each kernel, one at a time on one SM, per CTA (Yen 5.1, 5.2)",
		10, "l1_size", "ctas", "loads", "dram_reads", "miss_rate",
		"instructions", "reads_per_inst", "working_set", "capacity",
		"cta_time");

	for (unsigned i = 0; i < o->nsizes; i++) {
		const struct wt_md_profile *p = &res[i].prof;
		size_t row = wt_table_add_row(t);

		wt_table_text(t, row, 0, o->sizes[i]);
		wt_table_num(t, row, 1, res[i].ctas, 0);
		num(t, row, 2, p->loads, 2);
		num(t, row, 3, p->reads, 2);
		num(t, row, 4, wt_md_miss_rate(p), 4);
		num(t, row, 5, p->instructions, 2);
		num(t, row, 6, wt_md_reads_per_inst(p), 4);
		num(t, row, 7, p->working_set, 2);
		num(t, row, 8, p->capacity, 0);
		num(t, row, 9, p->cta_time, 1);
	}
	return t;
}

/* The MD chosen against the best of the sweep, and each against the
 * default MD, the most CTAs (the thesis's Figures 13 to 22). */
static struct wt_table *decision_table(const struct wt_md_settings *o,
				       const struct wt_md_run *sc,
				       const struct wt_md_result *res)
{
	struct wt_table *t = wt_table_new("decision", o->closed ?
		"the decision (Yen 5.1) against the best MD of the sweep "
		"(highest IPC, gpusim's)" : "the decision (Yen 5.1) "
		"against the best MD of the sweep (highest IPC estimate)", 10,
		"l1_size", "bound", "reads_per_inst", "threshold", "predicted_md",
		"best_md", "agree", "default_md", "predicted_speedup",
		"best_speedup");

	for (unsigned i = 0; i < o->nsizes; i++) {
		const struct wt_md_result *r = &res[i];
		size_t row = wt_table_add_row(t);
		double def = r->pts[sc->limit - 1].ipc;

		wt_table_text(t, row, 0, o->sizes[i]);
		wt_table_text(t, row, 1, r->mem ? "memory" : "compute");
		num(t, row, 2, wt_md_reads_per_inst(&r->prof), 4);
		num(t, row, 3, o->threshold, -1);
		wt_table_num(t, row, 4, r->chosen, 0);
		if (r->best)
			wt_table_num(t, row, 5, r->best, 0);
		wt_table_text(t, row, 6, r->chosen == r->best ? "yes" : "no");
		wt_table_num(t, row, 7, sc->limit, 0);
		num(t, row, 8, r->pts[r->chosen - 1].ipc / def, 3);
		if (r->best)
			num(t, row, 9, r->pts[r->best - 1].ipc / def, 3);
	}
	return t;
}

/* The decision in words, after the tables of text and Markdown. */
static void sentences(FILE *f, int fmt, const struct wt_md_settings *o,
		      const struct wt_md_result *res)
{
	for (unsigned i = 0; i < o->nsizes; i++) {
		const struct wt_md_result *r = &res[i];
		double x = wt_md_reads_per_inst(&r->prof);

		fprintf(f, "%sL1 %s: %s-bound (%.4f DRAM reads per warp instruction "
			"%s %g); the scheme chooses MD %u, the sweep's best is MD %u: "
			"%s\n", fmt == WT_FMT_MARKDOWN ? "- " : "", o->sizes[i],
			r->mem ? "memory" : "compute", x, r->mem ? ">=" : "<",
			o->threshold, r->chosen, r->best,
			r->chosen == r->best ? "they agree" : "they disagree");
	}
}

/* The JSON document of --format=json and --stats. */
static void put_json(FILE *f, const struct wt_md_settings *o,
		     const struct wt_md_run *sc,
		     struct wt_table **t, size_t nt, int argc, char **argv)
{
	fputs("{\"program\":\"mdegree\",\"version\":", f);
	wt_json_fputs(WT_VERSION, f);
	fputs(",\"command\":[", f);
	for (int i = 0; i < argc; i++) {
		fputs(i ? "," : "", f);
		wt_json_fputs(argv[i], f);
	}
	/* closed timing says so; a report without "timing" is open-loop,
	 * as every report was before gpusim */
	fputs(o->closed ? "],\"timing\":\"closed\",\"settings\":{\"dump\":" :
	      "],\"settings\":{\"dump\":", f);
	wt_json_fputs(o->dump, f);
	fputs(",\"arch\":", f);
	wt_json_fputs(o->arch ? o->arch : "fermi", f);
	fputs(",\"index\":", f);
	wt_json_fputs(o->index, f);
	fprintf(f, ",\"l2\":%s,\"profile_ctas\":%u,\"threshold\":%.17g,"
		"\"line\":%d,\"assoc\":%d,\"limit\":%u,\"l1_sizes\":[",
		o->no_l2 ? "false" : "true", o->nprof, o->threshold, LINE, ASSOC,
		sc->limit);
	for (unsigned i = 0; i < o->nsizes; i++)
		fprintf(f, "%s%llu", i ? "," : "", (unsigned long long)o->bytes[i]);
	fputs("]},\"kernels\":[", f);
	for (size_t i = 0; i < sc->nk; i++) {
		fputs(i ? ",{\"name\":" : "{\"name\":", f);
		wt_json_fputs(sc->k[i].name, f);
		fprintf(f, ",\"ctas\":%llu,\"ctas_per_sm\":%u,\"warps_per_cta\":%u}",
			(unsigned long long)sc->k[i].ctas, sc->k[i].hw, sc->k[i].wpc);
	}
	fputs("],\"tables\":[", f);
	for (size_t i = 0; i < nt; i++) {
		fputs(i ? ",\n" : "", f);
		wt_table_print(f, t[i], WT_FMT_JSON);
	}
	fputs("]}\n", f);
}

void wt_md_report_build(struct wt_md_report *r)
{
	const struct wt_md_settings *o = r->s;
	const struct wt_md_run *sc = r->run;

	r->t = wt_calloc(2 * o->nsizes + 2, sizeof(*r->t));
	r->nt = 0;
	for (unsigned i = 0; i < o->nsizes; i++) {
		md_tables(o, i, sc, &sc->res[i], &r->t[r->nt]);
		r->nt += 2;
	}
	r->t[r->nt++] = profile_table(o, sc->res);
	r->t[r->nt++] = decision_table(o, sc, sc->res);
}

void wt_md_report_free(struct wt_md_report *r)
{
	for (size_t i = 0; i < r->nt; i++)
		wt_table_free(r->t[i]);
	free(r->t);
	r->t = NULL;
	r->nt = 0;
}

void wt_md_report_write(const struct wt_md_report *r, const char *path,
			int fmt)
{
	char *buf = NULL, err[PATH_MAX + 256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (fmt == WT_FMT_JSON)
		put_json(f, r->s, r->run, r->t, r->nt, r->argc, r->argv);
	else if (r->s->closed)	/* a header line (open timing has none) */
		fprintf(f, "%stiming: closed: the sweep's points by gpusim (SMs, "
			"L1, interconnect, L2 and DRAM on one clock; core cycles), "
			"the profile by the open-loop pipeline%s",
			fmt == WT_FMT_CSV ? "# " : "",
			fmt == WT_FMT_CSV ? "\r\n\r\n" : "\n\n");
	for (size_t i = 0; fmt != WT_FMT_JSON && i < r->nt; i++) {
		if (i)
			fputs(fmt == WT_FMT_CSV ? "\r\n" : "\n", f);
		if (fmt == WT_FMT_CSV)	/* which table follows */
			fprintf(f, "# %s\r\n", r->t[i]->name);
		wt_table_print(f, r->t[i], (enum wt_table_format)fmt);
	}
	if (fmt == WT_FMT_TEXT || fmt == WT_FMT_MARKDOWN) {
		fputc('\n', f);
		sentences(f, fmt, r->s, r->run->res);
	}
	if (fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (wt_sink_put(path, buf, len, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	free(buf);
}
