/*
 * mdrun.c - the experiment of mdegree(1): the dump's scan, the sweep and
 * the profile as pipelines, and the measures of each point.
 */
#include "mdrun.h"

#include "arch.h"
#include "dump.h"
#include "json.h"
#include "machine.h"
#include "order.h"
#include "stats.h"
#include "sweep.h"
#include "u64map.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define LINE WT_MD_LINE
#define ASSOC WT_MD_ASSOC

/*
 * Read the dump once, before anything runs: each kernel's CTAs and the
 * CTAs an SM may hold (trace-order's occupancy), which bound the sweep;
 * and the profile's dump, the first nprof CTAs of every kernel, with the
 * distinct lines each of them loads (its working set, §5.1).  A CTA's
 * first CTAs are the ones the predictor core of §5.2 would run first.
 */
static void scan_dump(const struct wt_md_settings *o, const struct wt_order_cfg *cfg,
		      const char *out, struct wt_md_run *sc)
{
	char err[PATH_MAX + 256];
	struct wt_dump *d = wt_dump_open(o->dump, err, sizeof(err));
	struct wt_u64map *lines = wt_u64map_new();
	struct wt_access a;
	struct wt_md_kernel *k = NULL;
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

/* The rest of a sweep's setup, open or closed: its constant options
 * fixed[0..n-1], the L2 off (--no-l2), the axes (the L1 sizes, and the
 * MD from 1 to limit when limit is not 0) and the trace; then made. */
static void setup_points(struct wt_sweep *s, const struct wt_md_settings *o,
			 const char *const *fixed, unsigned n, const char *trace,
			 unsigned limit)
{
	char err[PATH_MAX + 256], *list = NULL;
	size_t len = 0;
	FILE *f;

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
 * The sweep of closed timing, in DIR/NAME: the same points through gpusim
 * (sweep.h's closed pipeline).  Its SMs schedule the warps, so l1sim's
 * warp pool has no place; gpusim models the stream's machine, which
 * trace-order's --arch sets (coalesce's is the same); and --max-ctas is
 * the sweep's limit only: every point's --cta-limit is at most that, so
 * gpusim's occupancy (the machine's, which it takes) limited by it is
 * trace-order's with --max-ctas.
 */
static void setup_closed(struct wt_sweep *s, const struct wt_md_settings *o,
			 const char *dir, const char *name, unsigned limit,
			 const char *bindir)
{
	char spec[3][PATH_MAX + 32], path[PATH_MAX];
	const char *fixed[6] = { spec[0], "l1sim:assoc=4", "l1sim:unified=0" };
	unsigned n = 3;

	wt_snprintf(spec[0], sizeof(spec[0]), "l1sim:index=%s", o->index);
	if (o->sms)
		fixed[n++] = wt_snprintf(spec[1], sizeof(spec[1]),
					 "trace-order:sms=%s", o->sms);
	if (o->arch)
		fixed[n++] = wt_snprintf(spec[2], sizeof(spec[2]),
					 "trace-order:arch=%s", o->arch);
	wt_sweep_init(s, wt_snprintf(path, sizeof(path), "%s/%s", dir, name));
	s->bindir = bindir ? wt_strdup(bindir) : NULL;
	s->closed = 1;
	setup_points(s, o, fixed, n, o->dump, limit);
}

/*
 * The sweep (sizes times MD 1 to limit, the MD fastest) or, with limit 0,
 * the profile (one CTA at a time on one SM, per size), in DIR/NAME.
 */
static void setup(struct wt_sweep *s, const struct wt_md_settings *o, const char *dir,
		  const char *name, const char *trace, unsigned limit,
		  const char *bindir)
{
	char spec[5][PATH_MAX + 32], path[PATH_MAX];
	/* a fixed value, as an index may hold commas (",bits=N") */
	/* --l1-size's sizes are of 4-way L1s (ASSOC), whatever the machine,
	 * and no adaptive carve-out may size them again */
	const char *fixed[10] = { "l1sim:sched=pool", "l1sim:warp-delay=yes",
				  spec[0], "l1sim:assoc=4", "l1sim:unified=0" };
	unsigned n = 5;

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
	setup_points(s, o, fixed, n, trace, limit);
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

/* A point of closed timing, from gpusim.json: its own cycles and IPC,
 * the L1's and DRAM's counts as l1sim's and dramsim's; no CTA times. */
static void measure_closed(const struct wt_sweep *s, size_t p, unsigned md,
			   struct wt_md_point *pt)
{
	struct wt_stats g;

	load(s, p, "gpusim", &g);
	pt->md = md;
	pt->miss_rate = wt_stats_num(&g, "l1.total.miss_rate");
	pt->instructions = wt_stats_num(&g, "instructions");
	pt->cycles = wt_stats_num(&g, "cycles");
	pt->ipc = wt_stats_num(&g, "ipc");
	pt->cta_time = NAN;
	pt->reads = wt_stats_num(&g, "dram.total.reads");
	pt->latency = wt_stats_num(&g, "dram.total.latency.mean");
	wt_stats_free(&g);
}

static void measure(const struct wt_sweep *s, size_t p, unsigned md,
		    struct wt_md_point *pt)
{
	struct wt_stats l1, dram;

	if (s->closed) {
		measure_closed(s, p, md, pt);
		return;
	}
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
static void profile(const struct wt_sweep *pr, size_t i, const struct wt_md_run *sc,
		    uint64_t bytes, struct wt_md_result *r)
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

static void machine_cfg(const struct wt_md_settings *o, struct wt_order_cfg *cfg)
{
	struct wt_machine m;
	char err[512];

	wt_machine_init(&m);
	if (wt_machine_preset(&m, o->arch ? o->arch : "fermi", err,
			      sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "%s", err);
	wt_order_cfg_machine(cfg, &m);
	wt_machine_free(&m);
	if (o->sms)
		cfg->sms = (unsigned)wt_opt_num("sms", o->sms, 1, 65535);
	if (o->max_ctas)
		cfg->max_ctas = (unsigned)wt_opt_num("max-ctas", o->max_ctas, 1,
						     1024);
}

unsigned wt_md_parse_sizes(const char *list, char ***sizes, uint64_t **bytes)
{
	const char *p = list;
	char **s = NULL;
	uint64_t *by = NULL;
	unsigned ns = 0;

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
		for (unsigned i = 0; i < ns; i++)
			if (by[i] == b)
				wt_die(WT_EXIT_USAGE, "--l1-size=%s: %s twice", list, v);
		s = wt_realloc(s, (ns + 1) * sizeof(*s));
		by = wt_realloc(by, (ns + 1) * sizeof(*by));
		s[ns] = v;
		by[ns++] = b;
		if (!p[n])
			break;
		p += n + 1;
	}
	*sizes = s;
	*bytes = by;
	return ns;
}

void wt_md_run(const struct wt_md_settings *o, const char *dir,
	       struct wt_md_run *sc)
{
	struct wt_order_cfg cfg;
	struct wt_sweep sw, pr;
	char path[PATH_MAX], *bindir;

	memset(sc, 0, sizeof(*sc));
	machine_cfg(o, &cfg);
	scan_dump(o, &cfg, wt_snprintf(path, sizeof(path), "%s/profile.trc", dir),
		  sc);
	bindir = wt_sweep_own_bindir();
	if (o->closed)
		setup_closed(&sw, o, dir, "sweep", sc->limit, bindir);
	else
		setup(&sw, o, dir, "sweep", o->dump, sc->limit, bindir);
	setup(&pr, o, dir, "profile", path, 0, bindir);
	free(bindir);
	/* The points are the parallelism: one stage thread each, unless
	 * told otherwise (the results do not depend on it). */
	if (o->jobs > 1)
		setenv("OMP_NUM_THREADS", "1", 0);
	run_all((struct wt_sweep *const[]){ &sw, &pr }, 2, o->jobs);

	sc->res = wt_calloc(o->nsizes, sizeof(*sc->res));
	for (unsigned i = 0; i < o->nsizes; i++) {
		struct wt_md_result *r = &sc->res[i];

		r->pts = wt_calloc(sc->limit, sizeof(*r->pts));
		r->pred = wt_calloc(sc->limit, sizeof(*r->pred));
		for (unsigned m = 0; m < sc->limit; m++)
			measure(&sw, (size_t)i * sc->limit + m, m + 1, &r->pts[m]);
		profile(&pr, i, sc, o->bytes[i], r);
		r->mem = wt_md_predict(&r->prof, sc->limit, o->threshold, r->pred);
		r->chosen = wt_md_choose(r->pred, sc->limit);
		r->best = wt_md_best(r->pts, sc->limit);
	}
	wt_sweep_free(&sw);
	wt_sweep_free(&pr);
}

void wt_md_run_free(struct wt_md_run *r, unsigned nsizes)
{
	for (unsigned i = 0; r->res && i < nsizes; i++) {
		free(r->res[i].pts);
		free(r->res[i].pred);
	}
	for (size_t i = 0; i < r->nk; i++)
		free(r->k[i].name);
	free(r->k);
	free(r->res);
	memset(r, 0, sizeof(*r));
}
