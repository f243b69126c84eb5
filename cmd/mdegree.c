/*
 * mdegree - the multithreading degree (MD) of Yen's thesis: a sweep of
 * the CTAs per SM from 1 to the hardware limit, one pipeline per point,
 * reported as the thesis's Tables 4 to 7, and the decision scheme of its
 * §5.1 on a profile of one CTA on one SM, beside the best MD of the sweep.
 * The rules are in lib/analysis/mdegree.c; this file runs the pipelines (as sweep
 * does, through lib/report/sweep.c) and reads their statistics.
 */
#include "arch.h"
#include "machine.h"
#include "cacheindex.h"
#include "dump.h"
#include "json.h"
#include "mdegree.h"
#include "order.h"
#include "sink.h"
#include "stats.h"
#include "sweep.h"
#include "table.h"
#include "u64map.h"
#include "util.h"

#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The line of coalesce and l1sim, and l1sim's ways (the fermi preset):
 * the working set is counted in these lines, the capacity too. */
#define LINE 128
#define ASSOC 4
/* The CTAs profiled per kernel are bits of a mask (scan_dump). */
#define MAX_PROFILE 64

static const char usage[] =
"usage: mdegree [options] DUMP\n"
"Sweep the multithreading degree (CTAs per SM) of the kernels of DUMP\n"
"from 1 to the hardware limit, one pipeline per point:\n"
"  trace-gen DUMP | trace-order --cta-limit=MD | coalesce\n"
"    | l1sim --sched=pool --warp-delay=yes | l2sim | dramsim\n"
"print Yen's Tables 4-7 for each L1 size, and apply the decision scheme\n"
"of the thesis's section 5.1 to a profile of one CTA on one SM.\n"
"\n"
"  -a, --arch=NAME         the machine (trace-order's preset, in the stream\n"
"                          for every stage): fermi (default), kepler,\n"
"                          pascal, volta, turing, ampere, hopper, nugteren,\n"
"                          or a GPU (see warptrace(7), MACHINES)\n"
"      --sms=N             SMs (default: the preset's)\n"
"      --max-ctas=N        CTAs an SM may hold, the limit of the sweep\n"
"                          (default: the preset's)\n"
"      --l1-size=LIST      L1 sizes, such as 8K,16K,32K,64K,128K (default\n"
"                          16K); each a power of two of 512-byte sets\n"
"      --index=SPEC        l1sim's set index at every size (default linear)\n"
"      --no-l2             no L2 (l2sim --disable), as the thesis runs\n"
"      --profile-ctas=N    CTAs of each kernel profiled, 1 to 64 (default 1)\n"
"      --threshold=X       DRAM reads per warp instruction from which a\n"
"                          kernel is memory-bound (default 0.05)\n"
"      --dir=DIR           run the pipelines in DIR and keep it (default: a\n"
"                          temporary directory, removed at the end)\n"
"      --keep              keep the temporary directory; name it on stderr\n"
"  -j, --jobs=N            pipelines run at a time (default: online CPUs)\n"
"      --format=F          text (default), csv, markdown or json\n"
"      --stats=FILE        write the settings and tables as JSON to FILE\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SMS = 256, O_MAXCTAS, O_L1SIZE, O_INDEX, O_NOL2, O_PROFILE,
	O_THRESHOLD, O_DIR, O_KEEP, O_FORMAT, O_STATS
};

struct opts {
	const char *arch, *sms, *max_ctas, *index, *dir, *stats, *dump;
	const char *size_list;	/* --l1-size, checked */
	char **sizes;		/* each as given: "16K" */
	char *matrix;		/* --index=matrix:FILE, made absolute */
	uint64_t *bytes;
	unsigned nsizes, jobs, nprof;
	int no_l2, keep, fmt;
	double threshold;
};

/* A kernel of the dump, as trace-order will run it. */
struct kinfo {
	char *name;
	uint64_t ctas;
	unsigned hw;		/* CTAs an SM holds without --cta-limit */
	unsigned wpc;		/* warps per CTA */
};

struct scan {
	struct kinfo *k;
	size_t nk;
	uint64_t profiled;	/* profiled CTAs that made an access */
	double lines;		/* the lines each of those loads, summed */
	unsigned limit;		/* the largest MD worth running */
	unsigned wpc;		/* warps per CTA, 0 if kernels differ */
};

/* What one L1 size gives. */
struct result {
	struct wt_md_point *pts;	/* MD 1 to limit, measured */
	struct wt_md_pred *pred;	/* the same MDs, predicted */
	struct wt_md_profile prof;
	double ctas;			/* CTAs profiled */
	int mem;
	unsigned chosen, best;
};

static char *tmpdir;		/* removed on exit unless kept */

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

static void rm_tmpdir(void)
{
	if (tmpdir)
		nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(tmpdir);
	tmpdir = NULL;
}

/* --l1-size: sizes l1sim takes with 4 ways of 128-byte lines, checked
 * here so that a bad one is a usage error before anything runs. */
static void parse_sizes(struct opts *o, const char *list)
{
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		char *v = wt_calloc(n + 1, 1);
		const char *why = NULL;
		uint64_t b = 0, sets;

		memcpy(v, p, n);
		if (wt_parse_size(v, 1u << 30, &b, &why) < 0 || b == 0)
			wt_die(WT_EXIT_USAGE, "--l1-size=%s: expected sizes such as "
			       "8K,16K, got '%s'", list, v);
		sets = b / (ASSOC * LINE);
		if (b % (ASSOC * LINE) || (sets & (sets - 1)))
			wt_die(WT_EXIT_USAGE, "--l1-size=%s: %s is not a power of two "
			       "of %d-byte sets (%d ways of %d-byte lines)", list, v,
			       ASSOC * LINE, ASSOC, LINE);
		for (unsigned i = 0; i < o->nsizes; i++)
			if (o->bytes[i] == b)
				wt_die(WT_EXIT_USAGE, "--l1-size=%s: %s twice", list, v);
		o->sizes = wt_realloc(o->sizes, (o->nsizes + 1) * sizeof(*o->sizes));
		o->bytes = wt_realloc(o->bytes, (o->nsizes + 1) * sizeof(*o->bytes));
		o->sizes[o->nsizes] = v;
		o->bytes[o->nsizes++] = b;
		if (!p[n])
			break;
		p += n + 1;
	}
}

/*
 * Read the dump once, before anything runs: each kernel's CTAs and the
 * CTAs an SM may hold (trace-order's occupancy), which bound the sweep;
 * and the profile's dump, the first nprof CTAs of every kernel, with the
 * distinct lines each of them loads (its working set, §5.1).  A CTA's
 * first CTAs are the ones the predictor core of §5.2 would run first.
 */
static void scan_dump(const struct opts *o, const struct wt_order_cfg *cfg,
		      const char *out, struct scan *sc)
{
	char err[PATH_MAX + 256];
	struct wt_dump *d = wt_dump_open(o->dump, err, sizeof(err));
	struct wt_u64map *lines = wt_u64map_new();
	struct wt_access a;
	struct kinfo *k = NULL;
	uint64_t T = 1, nprof = 0, seen = 0, maxgid = 0;
	int ev, any = 0;
	FILE *f;

	if (!d)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (!(f = fopen(out, "w")))
		wt_die(WT_EXIT_DATA, "%s: %s", out, strerror(errno));
	while ((ev = wt_dump_next(d, &a)) > 0) {
		const struct wt_kernel *kd;
		const char *why;
		uint64_t *v, cta, grid;

		switch (ev) {
		case WT_DUMP_KERNEL:
			kd = wt_dump_kernel(d);
			sc->k = wt_realloc(sc->k, (sc->nk + 1) * sizeof(*sc->k));
			k = &sc->k[sc->nk++];
			T = wt_kernel_block_threads(kd);
			k->name = wt_strdup(kd->name);
			k->wpc = (unsigned)((T + cfg->warp_size - 1) / cfg->warp_size);
			if (!(k->hw = wt_order_occupancy(cfg, kd, &why)))
				wt_die(WT_EXIT_DATA, "%s: kernel %u (%s): a CTA of %llu "
				       "threads does not fit on an SM (limited by %s)",
				       o->dump, kd->id, kd->name, (unsigned long long)T,
				       why);
			grid = wt_kernel_grid_threads(kd) / T;
			k->ctas = grid;
			nprof = grid && grid < o->nprof ? grid : o->nprof;
			fprintf(f, "blocksize: %u %u %u\n", kd->block[0], kd->block[1],
				kd->block[2]);
			if (grid)
				fprintf(f, "gridsize: %llu 1 1\n", (unsigned long long)nprof);
			fprintf(f, "kernel: %s\n", kd->name);
			if (kd->regs)
				fprintf(f, "regs: %u\n", kd->regs);
			if (kd->shmem)
				fprintf(f, "shmem: %u\n", kd->shmem);
			wt_u64map_clear(lines);
			seen = maxgid = 0;
			any = 0;
			break;
		case WT_DUMP_ACCESS:
			if (!any || a.thread > maxgid)
				maxgid = a.thread;
			any = 1;
			if ((cta = a.thread / T) >= nprof)
				break;
			fprintf(f, "%u %u %llu %u %#x %u\n", a.thread, a.op,
				(unsigned long long)a.addr, a.size, a.pc, a.icount);
			seen |= 1ull << cta;
			if (a.op != WT_OP_LOAD)
				break;	/* stores do not allocate, atomics bypass */
			for (uint64_t l = a.addr / LINE; l <= (a.addr + a.size - 1) / LINE;
			     l++) {
				int added;

				v = wt_u64map_get(lines, l, &added);
				if (!(*v & 1ull << cta)) {
					*v |= 1ull << cta;
					sc->lines++;
				}
			}
			break;
		case WT_DUMP_KERNEL_END:
			if (!k->ctas && any)	/* trace-order infers it so */
				k->ctas = maxgid / T + 1;
			sc->profiled += (uint64_t)__builtin_popcountll(seen);
			break;
		}
	}
	if (ev < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_dump_error(d));
	if (ferror(f) | fclose(f))
		wt_die(WT_EXIT_DATA, "%s: %s", out, strerror(errno));
	wt_dump_close(d);
	wt_u64map_free(lines);
	/* Past the CTAs the busiest SM gets at once, more MD changes
	 * nothing: stop there, or at the hardware limit. */
	sc->wpc = sc->nk ? sc->k[0].wpc : 0;
	for (size_t i = 0; i < sc->nk; i++) {
		uint64_t per_sm = (sc->k[i].ctas + cfg->sms - 1) / cfg->sms;
		unsigned lim = per_sm < sc->k[i].hw ? (unsigned)per_sm : sc->k[i].hw;

		if (lim > sc->limit)
			sc->limit = lim;
		if (sc->k[i].wpc != sc->wpc)
			sc->wpc = 0;
	}
	if (!sc->limit || !sc->profiled)
		wt_die(WT_EXIT_DATA, "%s: no CTA makes an access", o->dump);
}

/*
 * The sweep (sizes times MD 1 to limit, the MD fastest) or, with limit 0,
 * the profile (one CTA at a time on one SM, per size), in DIR/NAME.
 */
static void setup(struct wt_sweep *s, const struct opts *o, const char *dir,
		  const char *name, const char *trace, unsigned limit,
		  const char *bindir)
{
	char spec[5][PATH_MAX + 32], err[PATH_MAX + 256], *list = NULL;
	char path[PATH_MAX];
	/* a fixed value, as an index may hold commas (",bits=N") */
	/* --l1-size's sizes are of 4-way L1s (ASSOC), whatever the machine,
	 * and no adaptive carve-out may size them again */
	const char *fixed[10] = { "l1sim:sched=pool", "l1sim:warp-delay=yes",
				  spec[0], "l1sim:assoc=4", "l1sim:unified=0" };
	unsigned n = 5;
	size_t len = 0;
	FILE *f;

	wt_snprintf(spec[0], sizeof(spec[0]), "l1sim:index=%s", o->index);
	if (!limit) {
		fixed[n++] = "trace-order:sms=1";
		fixed[n++] = "trace-order:cta-limit=1";
	} else if (o->sms) {
		fixed[n++] = wt_snprintf(spec[1], sizeof(spec[1]),
					 "trace-order:sms=%s", o->sms);
	}
	if (o->arch) {
		fixed[n++] = wt_snprintf(spec[2], sizeof(spec[2]),
					 "trace-order:arch=%s", o->arch);
		fixed[n++] = wt_snprintf(spec[3], sizeof(spec[3]),
					 "coalesce:arch=%s", o->arch);
	}
	if (o->max_ctas)
		fixed[n++] = wt_snprintf(spec[4], sizeof(spec[4]),
					 "trace-order:max-ctas=%s", o->max_ctas);
	wt_sweep_init(s, wt_snprintf(path, sizeof(path), "%s/%s", dir, name));
	s->bindir = bindir ? wt_strdup(bindir) : NULL;
	s->until = WT_SW_DRAM;
	for (unsigned i = 0; i < n; i++)
		if (wt_sweep_parse_fixed(s, fixed[i], err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	if ((o->no_l2 && wt_sweep_add_flag(s, WT_SW_L2, "disable", err,
					   sizeof(err)) < 0) ||
	    wt_sweep_add_axis(s, WT_SW_L1, "size", o->size_list, err,
			      sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if (limit) {
		f = open_memstream(&list, &len);
		for (unsigned md = 1; md <= limit; md++)
			fprintf(f, "%s%u", md > 1 ? "," : "", md);
		fclose(f);
		wt_sweep_add_axis(s, WT_SW_ORDER, "cta-limit", list, err, sizeof(err));
		free(list);
	}
	if (wt_sweep_add_trace(s, trace, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (wt_sweep_check(s, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	if (wt_sweep_prepare(s, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/*
 * Run the points of both, njobs at a time.  Each writes only its own
 * directory and the pipelines are deterministic, so the results do not
 * depend on njobs.  A failed point stops mdegree, with its first error.
 */
static void run_all(struct wt_sweep *const *sw, unsigned nsw, unsigned njobs)
{
	size_t total = 0;
	int *status;

	for (unsigned i = 0; i < nsw; i++)
		total += sw[i]->npoints;
	status = wt_calloc(total, sizeof(*status));
	if (wt_sweep_run(sw, nsw, njobs, status) < 0)
		wt_die(WT_EXIT_DATA, "running the pipelines: %s", strerror(errno));
	for (size_t j = 0, p = 0, i = 0; j < total; j++, p++) {
		char path[PATH_MAX], why[1024];

		if (p == sw[i]->npoints)
			p = 0, i++;
		if (WIFEXITED(status[j]) && WEXITSTATUS(status[j]) == 0)
			continue;
		free(status);
		wt_sweep_path(sw[i], p, NULL, path, sizeof(path));
		wt_die(WT_EXIT_DATA, "%s: the pipeline failed: %s", path,
		       wt_sweep_first_error(sw[i], p, why, sizeof(why)) ?
		       why : "no message");
	}
	free(status);
}

static void load(const struct wt_sweep *s, size_t p, const char *prog,
		 struct wt_stats *st)
{
	char path[PATH_MAX], name[32], err[PATH_MAX + 256];

	wt_snprintf(name, sizeof(name), "%s.json", prog);
	if (wt_stats_load(wt_sweep_path(s, p, name, path, sizeof(path)), st, err,
			  sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/* The mean CTA execution time from l1sim's warps. */
static double cta_time(const struct wt_stats *l1)
{
	struct wt_md_ctas *c = wt_md_ctas_new();
	json_t *w;
	size_t i;
	double t;

	json_array_foreach(wt_stats_at(l1, "warps"), i, w) {
		double first = wt_json_num(w, "first"), last = wt_json_num(w, "last");

		if (!isnan(first) && !isnan(last))
			wt_md_ctas_add(c, (uint32_t)wt_json_num(w, "kernel"),
				       (uint32_t)wt_json_num(w, "cta"), first, last);
	}
	t = wt_md_ctas_mean(c);
	wt_md_ctas_free(c);
	return t;
}

static void measure(const struct wt_sweep *s, size_t p, unsigned md,
		    struct wt_md_point *pt)
{
	struct wt_stats l1, dram;

	load(s, p, "l1sim", &l1);
	load(s, p, "dramsim", &dram);
	pt->md = md;
	pt->miss_rate = wt_stats_num(&l1, "total.miss_rate");
	pt->instructions = wt_stats_num(&l1, "total.instructions");
	pt->cycles = wt_stats_num(&l1, "total.cycles");
	pt->ipc = wt_stats_num(&l1, "total.ipc");
	pt->cta_time = cta_time(&l1);
	pt->reads = wt_stats_num(&dram, "total.reads");
	pt->latency = wt_stats_num(&dram, "total.latency.mean");
	wt_stats_free(&l1);
	wt_stats_free(&dram);
}

/* §5.1's profile at size i: per CTA, the reads that leave the L1 (l2sim's
 * reads in, which the thesis, without an L2, sees as DRAM reads). */
static void profile(const struct wt_sweep *pr, size_t i, const struct scan *sc,
		    uint64_t bytes, struct result *r)
{
	struct wt_stats l1, l2;
	double n = (double)sc->profiled;

	load(pr, i, "l1sim", &l1);
	load(pr, i, "l2sim", &l2);
	r->ctas = n;
	r->prof.loads = wt_stats_num(&l1, "total.loads") / n;
	r->prof.instructions = wt_stats_num(&l1, "total.instructions") / n;
	r->prof.cta_time = cta_time(&l1);
	r->prof.reads = wt_stats_num(&l2, "total.reads") / n;
	r->prof.working_set = sc->lines / n;
	r->prof.capacity = (double)bytes / LINE;
	wt_stats_free(&l1);
	wt_stats_free(&l2);
}

static void num(struct wt_table *t, size_t r, unsigned c, double v, int prec)
{
	if (isfinite(v))
		wt_table_num(t, r, c, v, prec);
}

/* The tables of size si: the sweep (Tables 4 to 7) and the scheme. */
static void md_tables(const struct opts *o, unsigned si, const struct scan *sc,
		      const struct result *r, struct wt_table **t)
{
	char name[64], title[PATH_MAX + 128];

	wt_snprintf(name, sizeof(name), "sweep-%s", o->sizes[si]);
	wt_snprintf(title, sizeof(title), "%s, L1 %s, %s: the sweep, CTAs per "
		    "SM 1 to %u (Yen Tables 4-7)", o->dump, o->sizes[si],
		    o->no_l2 ? "no L2" : "L2", sc->limit);
	t[0] = wt_md_sweep_table(name, title, r->pts, sc->limit, sc->wpc);
	wt_snprintf(name, sizeof(name), "predict-%s", o->sizes[si]);
	wt_snprintf(title, sizeof(title), "%s, L1 %s: the decision scheme (Yen "
		    "5.1), %s", o->dump, o->sizes[si], r->mem ? "memory-bound" :
		    "compute-bound");
	t[1] = wt_md_pred_table(name, title, r->pred, r->pts, sc->limit, sc->wpc);
}

static struct wt_table *profile_table(const struct opts *o,
				      const struct result *res)
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
static struct wt_table *decision_table(const struct opts *o,
				       const struct scan *sc,
				       const struct result *res)
{
	struct wt_table *t = wt_table_new("decision", "the decision (Yen 5.1) "
		"against the best MD of the sweep (highest IPC estimate)", 10,
		"l1_size", "bound", "reads_per_inst", "threshold", "predicted_md",
		"best_md", "agree", "default_md", "predicted_speedup",
		"best_speedup");

	for (unsigned i = 0; i < o->nsizes; i++) {
		const struct result *r = &res[i];
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
static void sentences(FILE *f, const struct opts *o, const struct result *res)
{
	for (unsigned i = 0; i < o->nsizes; i++) {
		const struct result *r = &res[i];
		double x = wt_md_reads_per_inst(&r->prof);

		fprintf(f, "%sL1 %s: %s-bound (%.4f DRAM reads per warp instruction "
			"%s %g); the scheme chooses MD %u, the sweep's best is MD %u: "
			"%s\n", o->fmt == WT_FMT_MARKDOWN ? "- " : "", o->sizes[i],
			r->mem ? "memory" : "compute", x, r->mem ? ">=" : "<",
			o->threshold, r->chosen, r->best,
			r->chosen == r->best ? "they agree" : "they disagree");
	}
}

/* The JSON document of --format=json and --stats. */
static void put_json(FILE *f, const struct opts *o, const struct scan *sc,
		     struct wt_table **t, size_t nt, int argc, char **argv)
{
	fputs("{\"program\":\"mdegree\",\"version\":", f);
	wt_json_fputs(WT_VERSION, f);
	fputs(",\"command\":[", f);
	for (int i = 0; i < argc; i++) {
		fputs(i ? "," : "", f);
		wt_json_fputs(argv[i], f);
	}
	fputs("],\"settings\":{\"dump\":", f);
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

static void output(const char *path, int fmt, const struct opts *o,
		   const struct scan *sc, const struct result *res,
		   struct wt_table **t, size_t nt, int argc, char **argv)
{
	char *buf = NULL, err[PATH_MAX + 256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (fmt == WT_FMT_JSON)
		put_json(f, o, sc, t, nt, argc, argv);
	for (size_t i = 0; fmt != WT_FMT_JSON && i < nt; i++) {
		if (i)
			fputs(fmt == WT_FMT_CSV ? "\r\n" : "\n", f);
		if (fmt == WT_FMT_CSV)	/* which table follows */
			fprintf(f, "# %s\r\n", t[i]->name);
		wt_table_print(f, t[i], (enum wt_table_format)fmt);
	}
	if (fmt == WT_FMT_TEXT || fmt == WT_FMT_MARKDOWN) {
		fputc('\n', f);
		sentences(f, o, res);
	}
	if (fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (wt_sink_put(path, buf, len, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
	free(buf);
}

static void parse_options(struct opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "arch", required_argument, NULL, 'a' },
		{ "sms", required_argument, NULL, O_SMS },
		{ "max-ctas", required_argument, NULL, O_MAXCTAS },
		{ "l1-size", required_argument, NULL, O_L1SIZE },
		{ "index", required_argument, NULL, O_INDEX },
		{ "no-l2", no_argument, NULL, O_NOL2 },
		{ "profile-ctas", required_argument, NULL, O_PROFILE },
		{ "threshold", required_argument, NULL, O_THRESHOLD },
		{ "dir", required_argument, NULL, O_DIR },
		{ "keep", no_argument, NULL, O_KEEP },
		{ "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "stats", required_argument, NULL, O_STATS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "csv", "markdown", "json" };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	const char *sizes = "16K";
	int c;

	o->jobs = cpus > 0 ? (unsigned)cpus : 1;
	o->nprof = 1;
	o->threshold = WT_MD_BOUND_RATIO;
	o->index = "linear";
	opterr = 0;
	while ((c = getopt_long(argc, argv, "a:j:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'a': {
			struct wt_machine m;
			char err[512];

			wt_machine_init(&m);
			if (wt_machine_preset(&m, optarg, err, sizeof(err)) < 0)
				wt_die(WT_EXIT_USAGE, "--arch=%s: %s", optarg, err);
			wt_machine_free(&m);
			o->arch = optarg;
			break;
		}
		case O_SMS:
			wt_opt_num("sms", optarg, 1, 65535);
			o->sms = optarg;
			break;
		case O_MAXCTAS:
			wt_opt_num("max-ctas", optarg, 1, 1024);
			o->max_ctas = optarg;
			break;
		case O_L1SIZE:
			sizes = optarg;
			break;
		case O_INDEX:
			o->index = optarg;
			break;
		case O_NOL2:
			o->no_l2 = 1;
			break;
		case O_PROFILE:
			o->nprof = (unsigned)wt_opt_num("profile-ctas", optarg, 1,
							MAX_PROFILE);
			break;
		case O_THRESHOLD:
			o->threshold = wt_opt_real("threshold", optarg, 0, 1e9);
			break;
		case O_DIR:
			if (!*optarg)
				wt_die(WT_EXIT_USAGE, "--dir: expected a directory name");
			o->dir = optarg;
			break;
		case O_KEEP:
			o->keep = 1;
			break;
		case 'j':
			o->jobs = (unsigned)wt_opt_num("jobs", optarg, 1, 4096);
			break;
		case O_FORMAT:
			o->fmt = wt_opt_choice("format", optarg, formats, 4);
			break;
		case O_STATS:
			o->stats = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			exit(fflush(stdout) ? WT_EXIT_DATA : WT_EXIT_OK);
		case 'V':
			printf("mdegree (warptrace) %s\n", WT_VERSION);
			exit(fflush(stdout) ? WT_EXIT_DATA : WT_EXIT_OK);
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (optind == argc)
		wt_die(WT_EXIT_USAGE, "no dump: expected one DUMP (try 'mdegree "
		       "--help')");
	if (argc - optind > 1)
		wt_die(WT_EXIT_USAGE, "one dump at most (got %d)", argc - optind);
	o->dump = argv[optind];
	parse_sizes(o, sizes);
	o->size_list = sizes;
	for (unsigned i = 0; i < o->nsizes; i++) {
		struct wt_index ix;
		char err[PATH_MAX + 256];

		if (wt_index_parse(o->index, (unsigned)(o->bytes[i] / (ASSOC * LINE)),
				   LINE, &ix, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s (--l1-size=%s)", err, o->sizes[i]);
	}
	/* The pipelines run in their own directories: a matrix file is
	 * named to them by its absolute path ("matrix:FILE[,bits=N]"). */
	if (strncmp(o->index, "matrix:", 7) == 0) {
		const char *opt = strrchr(o->index, ',');
		int n = opt ? (int)(opt - o->index - 7) : (int)strlen(o->index + 7);
		char file[PATH_MAX], *abs;

		wt_snprintf(file, sizeof(file), "%.*s", n, o->index + 7);
		if (!(abs = realpath(file, NULL)))
			wt_die(WT_EXIT_DATA, "%s: %s", file, strerror(errno));
		o->matrix = wt_calloc(strlen(abs) + (opt ? strlen(opt) : 0) + 8, 1);
		sprintf(o->matrix, "matrix:%s%s", abs, opt ? opt : "");
		o->index = o->matrix;
		free(abs);
	}
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct wt_order_cfg cfg;
	struct scan sc = { 0 };
	struct wt_sweep sw, pr;
	struct result *res;
	struct wt_table **t;
	char dir[PATH_MAX], path[PATH_MAX], *bindir;
	size_t nt = 0;

	wt_set_progname(argv[0]);
	parse_options(&o, argc, argv);
	{
		struct wt_machine m;
		char err[512];

		wt_machine_init(&m);
		if (wt_machine_preset(&m, o.arch ? o.arch : "fermi", err,
				      sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
		wt_order_cfg_machine(&cfg, &m);
		wt_machine_free(&m);
	}
	if (o.sms)
		cfg.sms = (unsigned)wt_opt_num("sms", o.sms, 1, 65535);
	if (o.max_ctas)
		cfg.max_ctas = (unsigned)wt_opt_num("max-ctas", o.max_ctas, 1, 1024);
	if (o.dir) {
		char err[PATH_MAX + 256];

		wt_snprintf(dir, sizeof(dir), "%s", o.dir);
		if (wt_mkdirs(dir, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	} else {
		wt_snprintf(dir, sizeof(dir), "%s/mdegree.XXXXXX", wt_tmpdir());
		if (!mkdtemp(dir))
			wt_die(WT_EXIT_DATA, "%s: %s", dir, strerror(errno));
		if (!o.keep) {
			tmpdir = wt_strdup(dir);
			wt_atdie(rm_tmpdir);
		}
	}
	scan_dump(&o, &cfg, wt_snprintf(path, sizeof(path), "%s/profile.trc", dir),
		  &sc);
	bindir = wt_sweep_own_bindir();
	setup(&sw, &o, dir, "sweep", o.dump, sc.limit, bindir);
	setup(&pr, &o, dir, "profile", path, 0, bindir);
	free(bindir);
	/* The points are the parallelism: one OpenMP thread each, unless
	 * told otherwise (the results do not depend on it). */
	if (o.jobs > 1)
		setenv("OMP_NUM_THREADS", "1", 0);
	run_all((struct wt_sweep *const[]){ &sw, &pr }, 2, o.jobs);

	res = wt_calloc(o.nsizes, sizeof(*res));
	t = wt_calloc(2 * o.nsizes + 2, sizeof(*t));
	for (unsigned i = 0; i < o.nsizes; i++) {
		struct result *r = &res[i];

		r->pts = wt_calloc(sc.limit, sizeof(*r->pts));
		r->pred = wt_calloc(sc.limit, sizeof(*r->pred));
		for (unsigned m = 0; m < sc.limit; m++)
			measure(&sw, (size_t)i * sc.limit + m, m + 1, &r->pts[m]);
		profile(&pr, i, &sc, o.bytes[i], r);
		r->mem = wt_md_predict(&r->prof, sc.limit, o.threshold, r->pred);
		r->chosen = wt_md_choose(r->pred, sc.limit);
		r->best = wt_md_best(r->pts, sc.limit);
		md_tables(&o, i, &sc, r, &t[nt]);
		nt += 2;
	}
	t[nt++] = profile_table(&o, res);
	t[nt++] = decision_table(&o, &sc, res);
	if (o.stats)
		output(o.stats, WT_FMT_JSON, &o, &sc, res, t, nt, argc, argv);
	output("-", o.fmt, &o, &sc, res, t, nt, argc, argv);

	for (size_t i = 0; i < nt; i++)
		wt_table_free(t[i]);
	for (unsigned i = 0; i < o.nsizes; i++) {
		free(res[i].pts);
		free(res[i].pred);
		free(o.sizes[i]);
	}
	for (size_t i = 0; i < sc.nk; i++)
		free(sc.k[i].name);
	free(sc.k);
	free(res);
	free(t);
	free(o.sizes);
	free(o.bytes);
	free(o.matrix);
	wt_sweep_free(&sw);
	wt_sweep_free(&pr);
	if (o.keep && !o.dir)
		wt_warn("kept %s", dir);
	rm_tmpdir();
	return WT_EXIT_OK;
}
