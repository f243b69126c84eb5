/*
 * orderrun.c - trace-order's run over a stream: the feed that reads a
 * kernel's thread accesses as its CTAs are dispatched, the checks of warp
 * records, and the chaining of kernels.
 */
#include "orderrun.h"

#include "kbuf.h"
#include "progress.h"
#include "util.h"
#include "wbuf.h"

#include <stdlib.h>
#include <string.h>

static int emit(void *ctx, const struct wt_warp *w)
{
	struct wt_orderrun *o = ctx;

	if ((++o->records & WT_PROGRESS_EVERY) == 0)
		wt_progress(o->input, o->records);
	return wt_writer_put(o->w, w);
}

/*
 * Kernels follow one another: each starts at the cycle the last ended
 * (*clock), and its CTAs go round the SMs from the one after the SM that
 * took the last kernel's last CTA (GPGPU-Sim's m_last_cluster_issue).
 */
static void run_kernel(struct wt_orderrun *o, const char *input,
		       const struct wt_order_cfg *kcfg,
		       const struct wt_kernel *in, struct wt_kbuf *kb,
		       wt_order_need need, void *needctx, struct wt_wbuf *wb,
		       uint64_t *clock)
{
	struct wt_order_cfg c = *kcfg, *cfg = &c;
	struct wt_orderrun_kernel *res;
	const char *why;
	char buf[64], err[768], msg[1024];
	unsigned cps;
	uint32_t nctas = wb ? wb->nctas : kb->nctas;
	int r;

	if (o->nres == o->capres) {
		o->capres = o->capres ? 2 * o->capres : 16;
		o->res = wt_realloc(o->res, o->capres * sizeof(*o->res));
	}
	res = &o->res[o->nres++];
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
	c.first_sm = o->next_sm % cfg->sms;
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
			o->unbound++;
			if (most > o->most)
				o->most = (unsigned)most;
		}
	}
	if (wt_writer_kernel_begin(o->w, &res->k) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(o->w));
	if (wb)
		r = wt_order_run_warps(cfg, &res->k, wb, *clock, emit, o,
				       &res->st, err, sizeof(err));
	else if (need)
		r = wt_order_run_stream(cfg, &res->k, kb, need, needctx, *clock,
					emit, o, &res->st, err, sizeof(err));
	else
		r = wt_order_run(cfg, &res->k, kb, *clock, emit, o, &res->st,
				 err, sizeof(err));
	if (r < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(o->w)[0] ?
		       wt_writer_error(o->w) : wt_snprintf(msg, sizeof(msg),
							  "%s: %s", input, err));
	if (wt_writer_kernel_end(o->w) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(o->w));
	*clock = res->st.end;
	if (res->st.ctas && !o->cta_zero)
		o->next_sm = (res->st.last_sm + 1) % cfg->sms;
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
	struct wt_orderrun *run;
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
	struct wt_kbuf *kb = f->kb;
	const char *why;
	uint64_t grid = (uint64_t)in->grid[0] * in->grid[1] * in->grid[2];
	uint64_t first = (uint64_t)wt_order_occupancy(cfg, in, &why) * cfg->sms;
	int stream = 0;

	memset(&k, 0, sizeof(k));
	wt_kernel_copy(&k, in);		/* in lasts only until the next item */
	wt_kbuf_reset(kb, (uint32_t)wt_kernel_block_threads(in));
	kb->lend = 1;		/* see feed_fill */
	memset(&f->it, 0, sizeof(f->it));
	f->next = 0;
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
	run_kernel(f->run, wt_reader_name(f->r), cfg, &k, kb, stream ? need_cta : NULL,
		   f, NULL, clock);
	if (!f->ended)
		wt_die(WT_EXIT_DATA, "%s: kernel %u (%s): internal error: its "
		       "end was not read", wt_reader_name(f->r), k.id, k.name);
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

void wt_orderrun(struct wt_orderrun *o, struct wt_reader *r,
		 struct wt_writer *w)
{
	const struct wt_order_cfg *cfg = o->cfg;
	int warps = wt_reader_header(r)->kind == WT_KIND_WARP;
	struct wt_item it;
	struct wt_wbuf wb;
	struct feed feed;
	struct wt_kbuf kb;	/* every kernel's in turn */
	uint64_t clock = 0;

	o->w = w;
	o->input = wt_reader_name(r);
	memset(&wb, 0, sizeof(wb));
	memset(&feed, 0, sizeof(feed));
	feed.r = r;
	feed.run = o;
	wt_kbuf_init(&kb, 0);
	feed.kb = &kb;
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
				wt_wbuf_init(&wb, cfg->warp_size);
			else
				order_kernel(&feed, it.kernel, cfg, o->hold_cta, &clock);
			break;
		case WT_ITEM_RECORDS:
			add_warps(r, &it, &wb, cfg);
			break;
		case WT_ITEM_KERNEL_END:
			run_kernel(o, wt_reader_name(r), cfg, it.kernel, NULL, NULL,
				   NULL, &wb, &clock);
			wt_wbuf_free(&wb);
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	wt_kbuf_free(&kb);
	wt_progress_done(o->input, o->records);
}

uint64_t wt_orderrun_cycles(const struct wt_orderrun *o)
{
	return o->nres ? o->res[o->nres - 1].st.end : 0;
}

void wt_orderrun_free(struct wt_orderrun *o)
{
	for (size_t i = 0; i < o->nres; i++) {
		wt_kernel_free(&o->res[i].k);
		wt_order_stats_free(&o->res[i].st);
	}
	free(o->res);
	o->res = NULL;
	o->nres = o->capres = 0;
}
