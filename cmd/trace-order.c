/*
 * trace-order - the GPU execution model: turn per-thread accesses into
 * warp memory instructions on SMs, in issue order, with nominal times;
 * or schedule warp instructions whose warps were formed before (warp
 * records, as trace-gen makes them from Accel-Sim traces) the same way.
 */
#include "arch.h"
#include "machine.h"
#include "json.h"
#include "output.h"
#include "kbuf.h"
#include "order.h"
#include "progress.h"
#include "provenance.h"
#include "stageopt.h"
#include "stream.h"
#include "util.h"
#include "wbuf.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: trace-order [options] [FILE]\n"
"Form warps from thread accesses (or take the warps of a stream of warp\n"
"records), dispatch CTAs onto SMs and schedule the warps, writing warp\n"
"memory instructions in issue order.  No FILE, or -, reads stdin.\n"
"\n"
WT_STAGE_MACHINE_USAGE
"                          (the machine's values are the defaults of the\n"
"                          options below)\n"
"      --sms=N             SMs\n"
"      --warp-size=N       threads per warp, 1 to 64\n"
"      --max-threads=N     resident threads per SM\n"
"      --max-ctas=N        resident CTAs per SM\n"
"      --max-warps=N       resident warps per SM\n"
"      --regs=N            registers per SM\n"
"      --shmem=N           shared memory bytes per SM (K, M suffixes)\n"
"      --cta-threads=N     most threads in one CTA\n"
"      --reg-unit=N        registers are allocated per warp in units of N\n"
"      --shmem-unit=N      shared memory allocation unit, bytes\n"
"      --schedulers=N      warp schedulers per SM\n"
"      --policy=P          lrr, gto or two-level\n"
"      --active-warps=N    two-level: active warps per scheduler (8)\n"
"      --warp-limit=N      static warp limit per scheduler (SWT); 0 = none\n"
"      --cta-limit=N       CTAs per SM (multithreading degree); 0 = none\n"
"      --latency=N         cycles a warp waits after a load (100)\n"
"      --cta-start=S       where a kernel's first CTA goes: next (default:\n"
"                          the SM after the one that took the previous\n"
"                          kernel's last CTA, as GPGPU-Sim) or zero (SM 0)\n"
"      --stores=S          keep, or drop: thread accesses' stores are left\n"
"                          out (nugteren: Nugteren et al.'s model has none)\n"
"      --match=M           exact: the lanes' i-th accesses are one\n"
"                          instruction where PC, op, size and space agree;\n"
"                          position: whatever their PCs, split only by op,\n"
"                          space and coalescing group of size (nugteren)\n"
"      --hold=H            cta (default): read each CTA as it is dispatched\n"
"                          when the input is in CTA order; kernel: hold\n"
"                          each kernel whole before scheduling it\n"
"  -o, --output=FILE       write the stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
"      --level=N           zstd level from -100 to 22, 0 for an\n"
"                          uncompressed stream (default: $WARPTRACE_LEVEL,\n"
"                          else 0 on a pipe and 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SMS = 256, O_WARP, O_THREADS, O_CTAS, O_WARPS, O_REGS, O_SHMEM,
	O_SCHED, O_POLICY, O_ACTIVE, O_WLIMIT, O_CLIMIT, O_LATENCY, O_STATS,
	O_LEVEL, O_CTHREADS, O_RUNIT, O_SUNIT, O_HOLD, O_CTASTART, O_STORES,
	O_MATCH, O_NOPTS
};

struct kernel_result {
	struct wt_kernel k;
	struct wt_order_stats st;
	int inferred;
};

static struct {
	struct wt_writer *w;
	struct kernel_result *res;
	size_t nres, capres;
	uint64_t records;	/* warps written */
	const char *input;	/* its name, for wt_progress */
	unsigned next_sm;	/* the SM the next kernel's first CTA goes to */
	int cta_zero;		/* --cta-start=zero: every kernel from SM 0 */
	size_t unbound;		/* kernels --cta-limit does not limit */
	unsigned most;		/* the most CTAs per SM one of them runs */
	struct wt_meta meta;	/* the output header's, for the stats */
} G;

static int emit(void *ctx, const struct wt_warp *w)
{
	(void)ctx;
	if ((++G.records & WT_PROGRESS_EVERY) == 0)
		wt_progress(G.input, G.records);
	return wt_writer_put(G.w, w);
}

static unsigned opt_uint(const char *name, const char *arg, uint64_t lo, uint64_t hi)
{
	return (unsigned)wt_opt_num(name, arg, lo, hi < UINT32_MAX ? hi : UINT32_MAX);
}

/*
 * Kernels follow one another: each starts at the cycle the last ended
 * (*clock), and its CTAs go round the SMs from the one after the SM that
 * took the last kernel's last CTA (GPGPU-Sim's m_last_cluster_issue).
 */
static void run_kernel(const char *input, const struct wt_order_cfg *kcfg,
		       const struct wt_kernel *in, struct wt_kbuf *kb,
		       wt_order_need need, void *needctx, struct wt_wbuf *wb,
		       uint64_t *clock)
{
	struct wt_order_cfg c = *kcfg, *cfg = &c;
	struct kernel_result *res;
	const char *why;
	char buf[64], err[768], msg[1024];
	unsigned cps;
	uint32_t nctas = wb ? wb->nctas : kb->nctas;
	int r;

	if (G.nres == G.capres) {
		G.capres = G.capres ? 2 * G.capres : 16;
		G.res = wt_realloc(G.res, G.capres * sizeof(*G.res));
	}
	res = &G.res[G.nres++];
	memset(res, 0, sizeof(*res));
	wt_kernel_copy(&res->k, in);
	if (res->k.grid[0] == 0 && nctas > 0) {
		/* An Ocelot dump gives no grid: it has as many CTAs as its
		 * largest thread id needs. */
		res->k.grid[0] = nctas;
		res->k.grid[1] = res->k.grid[2] = 1;
		res->inferred = 1;
		wt_meta_set(&res->k.extra, "grid_inferred", "yes");
	}
	c.first_sm = G.next_sm % cfg->sms;
	cps = wt_order_occupancy(cfg, &res->k, &why);
	wt_meta_set(&res->k.extra, "ctas_per_sm",
		    wt_snprintf(buf, sizeof(buf), "%u", cps));
	wt_meta_set(&res->k.extra, "ctas_limited_by", why);
	if (cfg->cta_limit && cps) {
		/* Does the limit bind?  Not where the occupancy or the grid
		 * give each SM no more CTAs than it allows. */
		struct wt_order_cfg free_cfg = *cfg;
		const char *w2;
		uint64_t grid = (uint64_t)res->k.grid[0] * res->k.grid[1] * res->k.grid[2];
		uint64_t most;

		free_cfg.cta_limit = 0;
		most = wt_order_occupancy(&free_cfg, &res->k, &w2);
		if (grid && (grid + cfg->sms - 1) / cfg->sms < most)
			most = (grid + cfg->sms - 1) / cfg->sms;
		if (most <= cfg->cta_limit) {
			G.unbound++;
			if (most > G.most)
				G.most = (unsigned)most;
		}
	}
	if (wt_writer_kernel_begin(G.w, &res->k) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
	if (wb)
		r = wt_order_run_warps(cfg, &res->k, wb, *clock, emit, NULL,
				       &res->st, err, sizeof(err));
	else if (need)
		r = wt_order_run_stream(cfg, &res->k, kb, need, needctx, *clock,
					emit, NULL, &res->st, err, sizeof(err));
	else
		r = wt_order_run(cfg, &res->k, kb, *clock, emit, NULL, &res->st,
				 err, sizeof(err));
	if (r < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w)[0] ?
		       wt_writer_error(G.w) : wt_snprintf(msg, sizeof(msg),
							  "%s: %s", input, err));
	if (wt_writer_kernel_end(G.w) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
	*clock = res->st.end;
	if (res->st.ctas && !G.cta_zero)
		G.next_sm = (res->st.last_sm + 1) % cfg->sms;
}

/* Warp records: each must name a warp of its CTA, and no lane past the
 * warp's width. */
static void too_many_ctas(struct wt_reader *r, uint64_t record, uint64_t cta)
{
	wt_die(WT_EXIT_DATA, "%s: record %llu: CTA %llu: trace-order schedules at "
	       "most %u CTAs a kernel", wt_reader_name(r), (unsigned long long)record,
	       (unsigned long long)cta, WT_ORDER_MAX_CTAS);
}

/*
 * Thread accesses are read through a feed, so that a kernel can be read
 * as its CTAs are dispatched (--hold=cta) rather than whole before it is
 * scheduled.  The feed keeps its place in the reader's current block.
 */
struct feed {
	struct wt_reader *r;
	struct wt_item it;	/* the current item */
	size_t next;		/* its next record, when it holds records */
	uint64_t record;	/* the stream index of the last record read */
	struct wt_kbuf *kb;
	uint32_t grid;		/* CTAs in the kernel's grid */
	uint32_t cta;		/* the CTA of the last access read, */
	int have_cta;		/* if one was */
	int ended;		/* the kernel's end has been read */
};

/* Make the current item one with records left, or the kernel's end;
 * 0 at the end. */
static int feed_fill(struct feed *f)
{
	while (!f->ended && (f->it.type != WT_ITEM_RECORDS ||
			     f->next == f->it.count)) {
		/* Runs lent from the current item are copied before it
		 * goes.  The reader checks that kernels end before the
		 * stream. */
		wt_kbuf_own(f->kb);
		if (wt_reader_next(f->r, &f->it) <= 0)
			wt_die(WT_EXIT_DATA, "%s", wt_reader_error(f->r));
		f->next = 0;
		f->ended = f->it.type == WT_ITEM_KERNEL_END;
	}
	return !f->ended;
}

/* The kernel's next access, or NULL at its end; bad input dies, as it
 * did when the whole kernel was read first. */
static const struct wt_access *next_access(struct feed *f)
{
	const struct wt_access *a;
	uint32_t bt = f->kb->block_threads;

	if (!feed_fill(f))
		return NULL;
	a = (const struct wt_access *)f->it.recs + f->next;
	f->record = f->it.first + f->next++;
	if (a->thread / bt >= WT_ORDER_MAX_CTAS)
		too_many_ctas(f->r, f->record, a->thread / bt);
	f->cta = a->thread / bt;
	f->have_cta = 1;
	return a;
}

/*
 * Hold the accesses that follow in the current item while they are of
 * the last access's CTA, and return how many: whatever the last access
 * passed, they pass, and they change no CTA count, so readers take them
 * in a run, not one by one.  Dumps are written a CTA at a time.
 */
static size_t take_run(struct feed *f)
{
	size_t n;

	if (!f->have_cta || !feed_fill(f))
		return 0;
	n = wt_kbuf_add_run(f->kb, f->cta,
			    (const struct wt_access *)f->it.recs + f->next,
			    f->it.count - f->next);
	f->next += n;
	if (n)
		f->record = f->it.first + f->next - 1;
	return n;
}

/* Hold the rest of the kernel. */
static void read_kernel(struct feed *f)
{
	const struct wt_access *a;

	for (;;) {
		if (take_run(f))
			continue;
		a = next_access(f);
		if (!a)
			return;
		wt_kbuf_add(f->kb, a);
	}
}

/* Read the rest of a kernel that has failed, for its highest thread. */
static void skip_kernel(struct feed *f)
{
	const struct wt_access *a;

	while ((a = next_access(f)))
		wt_kbuf_skip(f->kb, a);
}

/*
 * Read the accesses of CTAs 0 to n - 1, the ones dispatched before any
 * instruction issues; a CTA is complete once an access of a higher one
 * is read.  Returns 1 if the kernel may stream on: its CTA ids have not
 * gone down and are inside the grid.  Otherwise, or if the kernel ended,
 * the rest of the kernel is held, and the run is the one of --hold=kernel
 * (nothing of the kernel has been written yet).
 */
static int read_first_ctas(struct feed *f, uint32_t n)
{
	const struct wt_access *a;
	uint32_t c, bt = f->kb->block_threads;
	int in_order;

	/* Until an access of CTA n or higher is read. */
	while (f->kb->nctas <= n) {
		if (take_run(f))
			continue;
		a = next_access(f);
		if (!a)
			return 0;
		c = a->thread / bt;
		in_order = c + 1 >= f->kb->nctas && c < f->grid;
		wt_kbuf_add(f->kb, a);
		if (!in_order) {
			read_kernel(f);
			return 0;
		}
	}
	return 1;
}

/*
 * wt_order_need: CTA c is being dispatched; read until it is complete.
 * The CTAs below the highest read are complete: an access of one of them
 * now (a CTA id going down) would belong to a CTA whose warps are formed
 * and issuing already, and the output could not be that of --hold=kernel.
 */
static int need_cta(void *ctx, uint32_t c)
{
	struct feed *f = ctx;
	const struct wt_access *a;
	uint32_t x, bt = f->kb->block_threads;

	/* Until an access of CTA c + 1 or higher is read.  Runs of the last
	 * access's CTA pass the checks below as it did: it is the highest
	 * CTA read, so here CTA c. */
	while (f->kb->nctas <= c + 1) {
		if (take_run(f))
			continue;
		a = next_access(f);
		if (!a)
			break;
		x = a->thread / bt;
		if (x >= f->grid) {
			/* The run fails on this thread, as it would on the
			 * whole kernel: find the kernel's highest. */
			wt_kbuf_skip(f->kb, a);
			skip_kernel(f);
			break;
		}
		if (x < c)
			wt_die(WT_EXIT_DATA, "%s: record %llu: CTA %u's accesses "
			       "resume after CTA %u's, when CTA %u is scheduled "
			       "already; this input is not in CTA order: run "
			       "trace-order --hold=kernel", wt_reader_name(f->r),
			       (unsigned long long)f->record, x,
			       f->kb->nctas - 1, x);
		wt_kbuf_add(f->kb, a);
	}
	return 0;
}

/*
 * One kernel of thread accesses, from its kernel-begin item to its end.
 * With --hold=cta and a known grid, the CTAs dispatched first are read,
 * and if they came in order the rest are read as they are dispatched;
 * otherwise the kernel is held whole, as --hold=kernel does.  Both give
 * the same output.
 */
static void order_kernel(struct feed *f, const struct wt_kernel *in,
			 const struct wt_order_cfg *cfg, int hold_cta,
			 uint64_t *clock)
{
	struct wt_kernel k;
	struct wt_kbuf kb;
	const char *why;
	uint64_t grid = (uint64_t)in->grid[0] * in->grid[1] * in->grid[2];
	uint64_t first = (uint64_t)wt_order_occupancy(cfg, in, &why) * cfg->sms;
	int stream = 0;

	memset(&k, 0, sizeof(k));
	wt_kernel_copy(&k, in);		/* in lasts only until the next item */
	wt_kbuf_init(&kb, (uint32_t)wt_kernel_block_threads(in));
	kb.lend = 1;		/* see feed_fill */
	memset(&f->it, 0, sizeof(f->it));
	f->next = 0;
	f->kb = &kb;
	f->have_cta = 0;
	f->ended = 0;
	f->grid = (uint32_t)grid;
	/* An Ocelot dump gives no grid: it is inferred from the whole
	 * kernel, and written before its instructions.  A CTA that does not
	 * fit fails as soon as the kernel is read. */
	if (hold_cta && k.grid[0] && grid <= WT_ORDER_MAX_CTAS && first > 0)
		stream = read_first_ctas(f, (uint32_t)(first < grid ? first : grid));
	else
		read_kernel(f);
	run_kernel(wt_reader_name(f->r), cfg, &k, &kb, stream ? need_cta : NULL,
		   f, NULL, clock);
	if (!f->ended)
		wt_die(WT_EXIT_DATA, "%s: kernel %u (%s): internal error: its "
		       "end was not read", wt_reader_name(f->r), k.id, k.name);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

static void add_warps(struct wt_reader *r, const struct wt_item *it,
		      struct wt_wbuf *wb, const struct wt_order_cfg *cfg)
{
	uint64_t bt = wt_kernel_block_threads(it->kernel);
	uint64_t wpc = (bt + cfg->warp_size - 1) / cfg->warp_size;
	size_t size = wt_reader_header(r)->record_size;

	for (size_t i = 0; i < it->count; i++) {
		const struct wt_warp *w = (const void *)((const char *)it->recs +
							 i * size);

		if (w->warp / wpc != w->cta)
			wt_die(WT_EXIT_DATA, "%s: record %llu: warp %u is not a warp "
			       "of CTA %u (a CTA of %llu threads has %llu warps)",
			       wt_reader_name(r), (unsigned long long)(it->first + i),
			       w->warp, w->cta, (unsigned long long)bt,
			       (unsigned long long)wpc);
		if (cfg->warp_size < 64 && w->mask >> cfg->warp_size)
			wt_die(WT_EXIT_DATA, "%s: record %llu: mask 0x%llx has lanes "
			       "past the warp size %u", wt_reader_name(r),
			       (unsigned long long)(it->first + i),
			       (unsigned long long)w->mask, cfg->warp_size);
		if (w->cta >= WT_ORDER_MAX_CTAS)
			too_many_ctas(r, it->first + i, w->cta);
		wt_wbuf_add(wb, w);
	}
}

static void u64_array(struct wt_json *j, const char *key, const uint64_t *v,
		      unsigned n)
{
	wt_json_key(j, key);
	wt_json_begin_array(j);
	for (unsigned i = 0; i < n; i++)
		wt_json_u64(j, v[i]);
	wt_json_end_array(j);
}

static void write_stats(const char *path, const struct wt_order_cfg *cfg,
			const struct wt_machine *m, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	uint64_t instrs = 0, lanes = 0, split = 0, ctas = 0, warps = 0;
	uint64_t tails = 0, all = 0, dropped = 0;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_json_stats_begin(j, "trace-order", argc, argv);
	wt_json_provenance(j, &G.meta);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, m->name);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, m->origin);
	wt_json_key_u64(j, "sms", cfg->sms);
	wt_json_key_u64(j, "warp_size", cfg->warp_size);
	wt_json_key_u64(j, "max_threads", cfg->max_threads);
	wt_json_key_u64(j, "max_ctas", cfg->max_ctas);
	wt_json_key_u64(j, "max_warps", cfg->max_warps);
	wt_json_key_u64(j, "regs", cfg->regs);
	wt_json_key_u64(j, "shmem", cfg->shmem);
	wt_json_key_u64(j, "cta_threads", cfg->cta_threads);
	wt_json_key_u64(j, "reg_unit", cfg->reg_unit);
	wt_json_key_u64(j, "shmem_unit", cfg->shmem_unit);
	wt_json_key_u64(j, "schedulers", cfg->schedulers);
	wt_json_key(j, "policy");
	wt_json_string(j, wt_policy_name(cfg->policy));
	wt_json_key_u64(j, "active_warps", cfg->active_warps);
	wt_json_key_u64(j, "warp_limit", cfg->warp_limit);
	wt_json_key_u64(j, "cta_limit", cfg->cta_limit);
	wt_json_key_u64(j, "latency", cfg->latency);
	wt_json_key(j, "stores");
	wt_json_string(j, cfg->drop_stores ? "drop" : "keep");
	wt_json_key(j, "match");
	wt_json_string(j, cfg->match_position ? "position" : "exact");
	wt_json_end_object(j);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < G.nres; i++) {
		const struct kernel_result *r = &G.res[i];
		const struct wt_order_stats *st = &r->st;

		wt_json_begin_object(j);
		wt_json_key_u64(j, "id", r->k.id);
		wt_json_key(j, "name");
		wt_json_string(j, r->k.name);
		u64_array(j, "grid", (uint64_t[]){ r->k.grid[0], r->k.grid[1],
						   r->k.grid[2] }, 3);
		wt_json_key(j, "grid_inferred");
		wt_json_bool(j, r->inferred);
		u64_array(j, "block", (uint64_t[]){ r->k.block[0], r->k.block[1],
						    r->k.block[2] }, 3);
		wt_json_key_u64(j, "ctas", st->ctas);
		wt_json_key_u64(j, "warps", st->warps);
		wt_json_key_u64(j, "ctas_per_sm", st->ctas_per_sm);
		wt_json_key(j, "ctas_limited_by");
		wt_json_string(j, st->limited_by);
		wt_json_key_u64(j, "instructions", st->instrs);
		wt_json_key_u64(j, "no_access_records", st->tails);
		wt_json_key_u64(j, "all_instructions", st->instrs + st->nonmem);
		wt_json_key_u64(j, "split_instructions", st->split);
		if (cfg->drop_stores)
			wt_json_key_u64(j, "stores_dropped", st->stores_dropped);
		wt_json_key_u64(j, "active_lanes", st->lanes);
		wt_json_key(j, "mean_active_lanes");
		wt_json_double(j, st->instrs ? (double)st->lanes / st->instrs : 0);
		wt_json_key_u64(j, "start_cycle", st->start);
		wt_json_key_u64(j, "end_cycle", st->end);
		u64_array(j, "sm_instructions", st->sm_instrs, cfg->sms);
		u64_array(j, "sm_ctas", st->sm_ctas, cfg->sms);
		wt_json_end_object(j);
		instrs += st->instrs;
		tails += st->tails;
		all += st->instrs + st->nonmem;
		lanes += st->lanes;
		split += st->split;
		dropped += st->stores_dropped;
		ctas += st->ctas;
		warps += st->warps;
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_json_key_u64(j, "kernels", G.nres);
	wt_json_key_u64(j, "ctas", ctas);
	wt_json_key_u64(j, "warps", warps);
	wt_json_key_u64(j, "instructions", instrs);
	wt_json_key_u64(j, "no_access_records", tails);
	wt_json_key_u64(j, "all_instructions", all);
	wt_json_key_u64(j, "split_instructions", split);
	if (cfg->drop_stores)
		wt_json_key_u64(j, "stores_dropped", dropped);
	wt_json_key_u64(j, "active_lanes", lanes);
	wt_json_key_u64(j, "cycles", G.nres ? G.res[G.nres - 1].st.end : 0);
	wt_json_end_object(j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

static const struct option longopts[] = {
	{ "sms", required_argument, NULL, O_SMS },
	{ "warp-size", required_argument, NULL, O_WARP },
	{ "max-threads", required_argument, NULL, O_THREADS },
	{ "max-ctas", required_argument, NULL, O_CTAS },
	{ "max-warps", required_argument, NULL, O_WARPS },
	{ "regs", required_argument, NULL, O_REGS },
	{ "shmem", required_argument, NULL, O_SHMEM },
	{ "schedulers", required_argument, NULL, O_SCHED },
	{ "cta-threads", required_argument, NULL, O_CTHREADS },
	{ "reg-unit", required_argument, NULL, O_RUNIT },
	{ "shmem-unit", required_argument, NULL, O_SUNIT },
	{ "policy", required_argument, NULL, O_POLICY },
	{ "active-warps", required_argument, NULL, O_ACTIVE },
	{ "warp-limit", required_argument, NULL, O_WLIMIT },
	{ "cta-limit", required_argument, NULL, O_CLIMIT },
	{ "latency", required_argument, NULL, O_LATENCY },
	{ "hold", required_argument, NULL, O_HOLD },
	{ "cta-start", required_argument, NULL, O_CTASTART },
	{ "stores", required_argument, NULL, O_STORES },
	{ "match", required_argument, NULL, O_MATCH },
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ NULL, 0, NULL, 0 },
};

/*
 * The configuration: the machine's values for every option the command
 * line does not give (explicit[]), then the options, each checked.
 * stream: the input's metadata, or NULL before it is read.
 */
static void configure(const struct wt_stage_args *a, const char *const *explicit,
		      const struct wt_meta *stream, struct wt_machine *m,
		      struct wt_order_cfg *cfg)
{
	const char *set[O_NOPTS];
	struct wt_meta opts;

	memcpy(set, explicit, sizeof(set));
	wt_meta_init(&opts);
	wt_stage_machine("trace-order", a, stream, m, &opts);
	wt_stage_defaults(longopts, set, &opts);
	memset(cfg, 0, sizeof(*cfg));
	cfg->active_warps = 8;
	cfg->latency = 100;
	cfg->sms = opt_uint("sms", set[O_SMS], 1, 65535);
	cfg->warp_size = opt_uint("warp-size", set[O_WARP], 1, WT_MAX_LANES);
	cfg->max_threads = opt_uint("max-threads", set[O_THREADS], 1, 1u << 20);
	cfg->max_ctas = opt_uint("max-ctas", set[O_CTAS], 1, 1024);
	cfg->max_warps = opt_uint("max-warps", set[O_WARPS], 1, 65536);
	cfg->regs = opt_uint("regs", set[O_REGS], 1, 1u << 24);
	cfg->shmem = opt_uint("shmem", set[O_SHMEM], 1, 1u << 30);
	cfg->cta_threads = opt_uint("cta-threads", set[O_CTHREADS], 1, 1u << 20);
	cfg->reg_unit = opt_uint("reg-unit", set[O_RUNIT], 1, 1u << 16);
	cfg->shmem_unit = opt_uint("shmem-unit", set[O_SUNIT], 1, 1u << 20);
	cfg->schedulers = opt_uint("schedulers", set[O_SCHED], 1, 64);
	{
		int p = wt_policy_parse(set[O_POLICY]);

		if (p < 0)
			wt_die(WT_EXIT_USAGE, "--policy=%s: expected lrr, gto or "
			       "two-level", set[O_POLICY]);
		cfg->policy = (enum wt_policy)p;
	}
	if (set[O_ACTIVE])
		cfg->active_warps = opt_uint("active-warps", set[O_ACTIVE], 1, 65536);
	if (set[O_WLIMIT])
		cfg->warp_limit = opt_uint("warp-limit", set[O_WLIMIT], 0, 65536);
	if (set[O_CLIMIT])
		cfg->cta_limit = opt_uint("cta-limit", set[O_CLIMIT], 0, 1024);
	if (set[O_LATENCY])
		cfg->latency = opt_uint("latency", set[O_LATENCY], 1, 1u << 30);
	{
		static const char *const stores[] = { "keep", "drop" };
		static const char *const match[] = { "exact", "position" };

		cfg->drop_stores = wt_opt_choice("stores", set[O_STORES], stores, 2);
		cfg->match_position = wt_opt_choice("match", set[O_MATCH], match, 2);
	}
	wt_meta_free(&opts);
}

/* configure as wt_stage_input calls it. */
struct order_ctx {
	struct wt_stage_cmd cmd;
	struct wt_machine *machine;
	struct wt_order_cfg *cfg;
};

static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct order_ctx *c = ctx;

	configure(c->cmd.args, c->cmd.set, stream, c->machine, c->cfg);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *output, *stats = NULL;
	struct wt_stage_args args;
	struct wt_machine machine;
	struct wt_order_cfg cfg;
	struct order_ctx ctx = { { &args, set }, &machine, &cfg };
	struct wt_reader *r;
	struct wt_header h;
	struct wt_item it;
	struct wt_wbuf wb;
	struct feed feed;
	uint64_t clock = 0;
	int level, warps, hold_cta = 1;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "trace-order", usage, longopts, O_SMS, O_NOPTS,
		       set, &args);
	output = args.output;
	wt_machine_init(&machine);
	if (set[O_HOLD]) {
		if (strcmp(set[O_HOLD], "kernel") != 0 &&
		    strcmp(set[O_HOLD], "cta") != 0)
			wt_die(WT_EXIT_USAGE, "--hold=%s: expected cta or kernel",
			       set[O_HOLD]);
		hold_cta = strcmp(set[O_HOLD], "cta") == 0;
	}
	if (set[O_CTASTART]) {
		static const char *const starts[] = { "next", "zero" };

		G.cta_zero = wt_opt_choice("cta-start", set[O_CTASTART], starts, 2);
	}
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(output);
	stats = set[O_STATS];
	wt_check_outputs(output, stats);

	r = wt_stage_input(&args, 0, NULL, configure_cb, &ctx);
	G.input = wt_reader_name(r);
	warps = wt_reader_header(r)->kind == WT_KIND_WARP;
	if (!warps && wt_reader_header(r)->kind != WT_KIND_ACCESS)
		wt_die(WT_EXIT_DATA, "%s: expected a stream of 'access' or 'warp' "
		       "records, got '%s' records; run trace-gen first",
		       wt_reader_name(r), wt_kind_name(wt_reader_header(r)->kind));
	if (warps) {
		/* The warps are formed: their width is the stream's. */
		unsigned lanes = wt_reader_header(r)->lanes;

		if (set[O_WARP] && cfg.warp_size != lanes)
			wt_die(WT_EXIT_USAGE, "--warp-size=%s: the warps of %s are "
			       "formed already, with %u lanes", set[O_WARP],
			       wt_reader_name(r), lanes);
		cfg.warp_size = lanes;
	}
	wt_header_init(&h, WT_KIND_WARP, cfg.warp_size);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_machine_to_meta(&machine, &h.meta);
	{
		char buf[32];

		wt_meta_set(&h.meta, "arch", machine.name);
		wt_meta_set(&h.meta, "sms", wt_snprintf(buf, sizeof(buf), "%u", cfg.sms));
		wt_meta_set(&h.meta, "warp_size",
			    wt_snprintf(buf, sizeof(buf), "%u", cfg.warp_size));
		wt_meta_set(&h.meta, "policy", wt_policy_name(cfg.policy));
	}
	G.w = wt_output_open(output, &h, level);
	wt_meta_init(&G.meta);
	wt_meta_copy(&G.meta, &h.meta);
	wt_header_free(&h);

	memset(&wb, 0, sizeof(wb));
	memset(&feed, 0, sizeof(feed));
	feed.r = r;
	/* Warp records are held a kernel at a time (see wbuf.h); thread
	 * accesses are read by order_kernel, through to the kernel's end. */
	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			if (wt_kernel_block_threads(it.kernel) == 0)
				wt_die(WT_EXIT_DATA, "%s: kernel %u (%s) has no block "
				       "size", wt_reader_name(r), it.kernel->id,
				       it.kernel->name);
			if (warps)
				wt_wbuf_init(&wb, cfg.warp_size);
			else
				order_kernel(&feed, it.kernel, &cfg, hold_cta, &clock);
			break;
		case WT_ITEM_RECORDS:
			add_warps(r, &it, &wb, &cfg);
			break;
		case WT_ITEM_KERNEL_END:
			run_kernel(wt_reader_name(r), &cfg, it.kernel, NULL, NULL,
				   NULL, &wb, &clock);
			wt_wbuf_free(&wb);
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	wt_progress_done(G.input, G.records);
	wt_reader_close(r);
	wt_output_close();
	if (G.unbound)
		wt_warn("note: --cta-limit=%u does not bind in %zu of %zu kernels: "
			"their occupancy or grid already gives an SM no more than "
			"%u CTA%s", cfg.cta_limit, G.unbound, G.nres, G.most,
			G.most == 1 ? "" : "s");
	if (stats)
		write_stats(stats, &cfg, &machine, argc, argv);
	for (size_t i = 0; i < G.nres; i++) {
		wt_kernel_free(&G.res[i].k);
		wt_order_stats_free(&G.res[i].st);
	}
	free(G.res);
	wt_machine_free(&machine);
	return WT_EXIT_OK;
}
