/*
 * l1stage.c - l1sim's engine (l1stage.h): the requests to their SMs, the
 * SMs' L1s run batch by batch (stream mode) or a kernel at a time (the
 * warp pool, the policies), and their events written in time order
 * through the horizon.
 */
#include "l1stage.h"

#include "events.h"
#include "l1pool.h"
#include "par.h"
#include "util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/*
 * An SM's model (struct wt_l1_sm) and its requests and events of the
 * batch (struct wt_l1_bucket): threads run the SMs (wt_par_for below),
 * so each is on cache lines of its own (wt_grow_lines).
 */
struct wt_l1_sm {
	_Alignas(WT_CACHE_LINE) struct wt_l1 l1;
	struct wt_l1_stats past;	/* of the L1s a carve-out replaced */
	int has_past;
};

struct wt_l1_bucket {
	_Alignas(WT_CACHE_LINE) struct wt_request *r;
	size_t n, cap;
	struct wt_l1_out out;
	size_t written;		/* out.ev[0..written-1] are written */
	size_t sorted;		/* out.ev[0..sorted-1] are in time order */
	uint64_t end;		/* pool: when the SM finished the kernel */
};

static void put(const struct wt_l1stage *sim, struct wt_l1_bucket *b,
		const struct wt_request *r)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->r = wt_realloc(b->r, b->cap * sizeof(*b->r));
	}
	b->r[b->n++] = *r;
	if (sim->req_sector)	/* a sectored L1's sectors are of another size */
		b->r[b->n - 1].sectors = (uint8_t)wt_sectors_rescale(r->sectors,
					sim->req_sector, sim->su.cfg.sector);
}

static void ensure_sms(struct wt_l1stage *sim, unsigned n)
{
	char err[512];

	if (n <= sim->nsm)
		return;
	sim->sm = wt_grow_lines(sim->sm, sim->nsm, n - sim->nsm, sizeof(*sim->sm));
	for (unsigned i = sim->nsm; i < n; i++)
		if (wt_l1_init(&sim->sm[i].l1, &sim->su.cfg, i, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	sim->nsm = n;
}

struct wt_l1 *wt_l1stage_l1(struct wt_l1stage *sim, unsigned s)
{
	return &sim->sm[s].l1;
}

/* An empty statistics record, as a new L1 starts with. */
static void stats_empty(struct wt_l1_stats *st)
{
	memset(st, 0, sizeof(*st));
	wt_rdhist_init(&st->fa, 4096);
	wt_rdhist_init(&st->set, 256);
	st->first = UINT64_MAX;
}

struct wt_l1_stats *wt_l1stage_sm_stats(struct wt_l1stage *sim, unsigned s)
{
	struct wt_l1_sm *m = &sim->sm[s];

	if (!m->has_past)
		return &m->l1.st;
	wt_l1_stats_merge(&m->past, &m->l1.st);
	wt_l1_stats_free(&m->l1.st);
	stats_empty(&m->l1.st);
	return &m->past;
}

/*
 * Threads run the SMs only when there are enough requests to share: on a
 * few thousand, waking them costs more than it saves.  The same holds
 * for the writer thread a batch's events are written by: on fewer
 * requests they are written before the next batch is read (a thread
 * started a batch made --batch=1 a hundred times slower).
 */
enum { PARALLEL_MIN = 4096 };

static size_t requests_held(const struct wt_l1stage *sim)
{
	size_t n = 0;

	for (unsigned s = 0; s < sim->nb; s++)
		n += sim->b[s].n;
	return n;
}

/*
 * The adaptive L1 (--unified): at each kernel, as GPGPU-Sim's
 * shader_core_config::max_cta does at launch with
 * -gpgpu_adaptive_cache_config, the shared memory its resident CTAs need
 * (the kernel's per CTA, times the CTAs an SM holds: trace-order's
 * ctas_per_sm, or fewer where the grid does not fill the SMs) picks the
 * first carve-out of --shmem-options that holds it, and the L1 gets what
 * is left of the unified size: of the base L1's ways times unified /
 * base size, the fraction 1 - carve-out / unified, rounded to nearest.
 * The SMs' L1s are made again where that changes their ways.
 */
static void carve(struct wt_l1stage *sim, const struct wt_kernel *k)
{
	uint64_t grid = wt_kernel_grid_threads(k) && wt_kernel_block_threads(k) ?
			wt_kernel_grid_threads(k) / wt_kernel_block_threads(k) : 0;
	uint64_t ctas = 0, total, unified = (uint64_t)sim->unified * 1024, n;
	unsigned max_assoc, assoc, opt = sim->shopt[sim->nshopt - 1];
	const char *v = wt_meta_get(&k->extra, "ctas_per_sm"), *why;
	char err[512];

	if (v && wt_parse_u64(v, UINT32_MAX, &n, &why) == 0)
		ctas = n;
	if (sim->sms && grid && grid < ctas * sim->sms)
		ctas = (grid + sim->sms - 1) / sim->sms;
	total = (uint64_t)k->shmem * ctas;
	for (unsigned i = 0; i < sim->nshopt; i++)
		if (total <= (uint64_t)sim->shopt[i] * 1024) {
			opt = sim->shopt[i];
			break;
		}
	max_assoc = (unsigned)(sim->base_assoc * unified / sim->base_size);
	assoc = (unsigned)((float)max_assoc * (1.0f - (float)opt * 1024 /
					      (float)unified) + 0.5f);
	if (assoc < 1)
		assoc = 1;
	sim->kernel_l1 = (uint64_t)assoc * sim->su.cfg.geom.sets * sim->su.cfg.geom.line;
	if (assoc == sim->su.cfg.geom.assoc)
		return;
	sim->su.cfg.geom.assoc = assoc;
	sim->su.size = (unsigned)sim->kernel_l1;
	for (unsigned s = 0; s < sim->nsm; s++) {
		struct wt_l1_sm *m = &sim->sm[s];

		if (!m->has_past) {
			stats_empty(&m->past);
			m->has_past = 1;
		}
		wt_l1_stats_merge(&m->past, &m->l1.st);
		wt_l1_free(&m->l1);
		if (wt_l1_init(&m->l1, &sim->su.cfg, s, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s", err);
	}
}

/* One SM's kernel through the warp pool, with a warp limit (0: none). */
static uint64_t run_pool(const struct wt_l1stage *sim, struct wt_l1 *l1,
			 const struct wt_pool_cfg *pc,
			 const struct wt_l1_bucket *b, struct wt_l1_out *out,
			 unsigned limit)
{
	struct wt_warp_pool *p = wt_pool_new(l1, pc, b->r, b->n, sim->start, out);

	if (limit)
		wt_pool_set_limit(p, limit);
	wt_pool_step(p, UINT64_MAX);
	return wt_pool_finish(p);
}

/*
 * Stream mode writes a batch's events on a thread of its own while the
 * main thread reads the next batch's requests: reading and writing are
 * the part of a batch that the SMs do not split, and they share nothing
 * -- the writer reads the SMs' event lists and owns the output, the
 * reader fills the request buckets.  Whatever touches the lists or the
 * output first waits for the writer (write_wait); so does wt_die, before
 * the output is aborted under the writer's feet.  One engine runs in a
 * process (the wt_atdie hook has no argument), so the writer is this
 * file's.
 */
static struct {
	struct wt_writer *w;
	pthread_t thread;
	int running;		/* the thread is writing */
	int pending;		/* lists[0..n-1] are written or being written */
	int failed;
	struct wt_event **lists;
	size_t *counts;
	unsigned n, cap;
} W;

static void *write_lists(void *unused)
{
	(void)unused;
	W.failed = wt_events_write_merged(W.w, W.lists, W.counts, W.n) < 0;
	return NULL;
}

/* The writer is done, even if the program is dying (a wt_atdie hook). */
static void write_join(void)
{
	if (W.running) {
		pthread_join(W.thread, NULL);
		W.running = 0;
	}
}

/* The events written leave the front of their lists, in
 * wt_events_drop_written's time. */
static void write_wait(struct wt_l1stage *sim)
{
	write_join();
	if (W.failed)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(W.w));
	if (!W.pending)
		return;
	W.pending = 0;
	for (unsigned s = 0; s < W.n; s++) {
		struct wt_l1_bucket *k = &sim->b[s];

		k->written += W.counts[s];
		k->out.n = (unsigned)wt_events_drop_written(k->out.ev, k->out.n,
							    &k->written);
		k->sorted = k->out.n;
	}
}

/* The SMs' events up to (not including) cycle horizon, merged by (time,
 * SM), are written, by the writer thread if async (where it can start),
 * else before the return; the later ones stay.  Each SM's list is
 * sorted. */
static void write_events(struct wt_l1stage *sim, uint64_t horizon, int async)
{
	unsigned nb = sim->nb;

	write_wait(sim);
	if (nb > W.cap) {
		W.cap = nb;
		W.lists = wt_realloc(W.lists, nb * sizeof(*W.lists));
		W.counts = wt_realloc(W.counts, nb * sizeof(*W.counts));
	}
	W.n = nb;
	for (unsigned s = 0; s < nb; s++) {
		struct wt_l1_bucket *b = &sim->b[s];
		size_t left = b->out.n - b->written;

		W.lists[s] = b->out.ev + b->written;
		W.counts[s] = horizon == UINT64_MAX ? left :
			      wt_events_before(W.lists[s], left, horizon);
	}
	W.pending = 1;
	if (async && pthread_create(&W.thread, NULL, write_lists, NULL) == 0) {
		W.running = 1;
		return;
	}
	write_lists(NULL);
	write_wait(sim);
}

/*
 * The cycle before which no SM can make another event: the stream is in
 * time order (trace-order writes it so), so a later request of SM s comes
 * at or after the last time read plus the stall s has built up, and not
 * before s's clock; so does every event it makes, but the write-back of a
 * line filled on arrival (--alloc=fill), which comes at the fill's cycle:
 * not before the earliest data s still waits for.  An SM not seen yet
 * has no stall.  A stream out of time order has no such cycle.
 */
static uint64_t horizon(const struct wt_l1stage *sim)
{
	unsigned n = sim->sms > sim->nb ? sim->sms : sim->nb;
	uint64_t h = UINT64_MAX;

	if (sim->st->unsorted)
		return 0;
	for (unsigned s = 0; s < n; s++) {
		uint64_t t = sim->st->last_time;

		if (s < sim->nsm) {
			const struct wt_l1 *l1 = &sim->sm[s].l1;

			if (l1->shift > UINT64_MAX - t)
				t = UINT64_MAX;
			else
				t += l1->shift;
			if (l1->clock > t)
				t = l1->clock;
			if (sim->su.cfg.alloc_on_fill && l1->nmshr && l1->next_ready < t)
				t = l1->next_ready;
		}
		if (t < h)
			h = t;
	}
	return h;
}

/* SM s's requests of the batch. */
static void run_batch_sm(void *ctx, unsigned s)
{
	struct wt_l1stage *sim = ctx;
	struct wt_l1_bucket *b = &sim->b[s];

	sim->sm[s].l1.kernel = sim->kern.id;
	wt_l1_requests(&sim->sm[s].l1, b->r, b->n, &b->out);
	b->n = 0;
	/* fill write-backs carry earlier cycles: put them in place; the
	 * events held from the last batch are in order already */
	wt_events_sort_tail(b->out.ev + b->written, b->sorted - b->written,
			    b->out.n - b->written);
}

/*
 * Stream mode in batches (--batch): the SMs run over the requests held so
 * far, and the events before horizon() are written.  final: the kernel
 * has ended, every event goes.
 */
static void run_batch(struct wt_l1stage *sim, int final)
{
	size_t held = requests_held(sim);
	unsigned nb = sim->nb;

	write_wait(sim);
	ensure_sms(sim, nb);
	wt_par_for(nb, held >= PARALLEL_MIN, run_batch_sm, sim);
	/* a thread of its own for the writing where it pays for its start */
	write_events(sim, final ? UINT64_MAX : horizon(sim),
		     !final && held >= PARALLEL_MIN);
}

/* The policies that throttle across SMs: their states, made once. */
static void gpol_make(struct wt_l1stage *sim)
{
	const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES];
	unsigned n = wt_l1_policy_ops_of(&sim->pol, ops);

	sim->gpol_made = 1;
	for (unsigned i = 0; i < n; i++)
		if (ops[i]->gpu_init) {
			sim->gpol[sim->ngpol].ops = ops[i];
			sim->gpol[sim->ngpol++].g = ops[i]->gpu_init(&sim->pol);
		}
}

void *wt_l1stage_gpol(const struct wt_l1stage *sim,
		      const struct wt_l1_policy_ops *ops)
{
	for (unsigned i = 0; i < sim->ngpol; i++)
		if (sim->gpol[i].ops == ops)
			return sim->gpol[i].g;
	return NULL;
}

/*
 * The kernel's pools under the policies that throttle across SMs
 * (l1hook.h): a warp limit they choose before it runs (*limit, per SM),
 * or a run of theirs that sets the limits as it goes.  1 when they ran
 * it, the buckets' end filled; what they chose goes in ch.
 */
static int throttle(struct wt_l1stage *sim, const struct wt_pool_cfg *pc,
		    struct wt_l1_choice *ch, unsigned *limit)
{
	unsigned nb = sim->nb;
	struct wt_l1 **l1 = wt_calloc(nb ? nb : 1, sizeof(*l1));
	const struct wt_request **r = wt_calloc(nb ? nb : 1, sizeof(*r));
	size_t *nr = wt_calloc(nb ? nb : 1, sizeof(*nr));
	struct wt_l1_out **out = wt_calloc(nb ? nb : 1, sizeof(*out));
	uint64_t *end = wt_calloc(nb ? nb : 1, sizeof(*end));
	struct wt_l1_kernel kr = {
		.n = nb, .l1 = l1, .r = r, .nr = nr, .out = out, .end = end,
		.pc = pc, .start = sim->start, .name = sim->kern.name,
		.sms = sim->sms, .parallel = nb > 1 && requests_held(sim) >= PARALLEL_MIN,
	};
	int ran = 0;

	if (!sim->gpol_made)
		gpol_make(sim);
	for (unsigned s = 0; s < nb; s++) {
		l1[s] = &sim->sm[s].l1;
		r[s] = sim->b[s].r;
		nr[s] = sim->b[s].n;
		out[s] = &sim->b[s].out;
	}
	for (unsigned i = 0; i < sim->ngpol; i++)
		if (sim->gpol[i].ops->kernel_limit) {
			*limit = sim->gpol[i].ops->kernel_limit(sim->gpol[i].g, &kr);
			ch->limit = kr.limit;
		}
	for (unsigned i = 0; i < sim->ngpol && !ran; i++)
		if (sim->gpol[i].ops->kernel_run &&
		    (ran = sim->gpol[i].ops->kernel_run(sim->gpol[i].g, &kr))) {
			for (unsigned s = 0; s < nb; s++)
				sim->b[s].end = end[s];
			ch->decided = kr.decided;
			ch->rounds = kr.rounds;
		}
	free(l1);
	free(r);
	free(nr);
	free(out);
	free(end);
	return ran;
}

/* The pool's configuration for kernel k: its CTAs per SM, its warps per
 * CTA, the policies. */
static struct wt_pool_cfg pool_cfg(struct wt_l1stage *sim, const struct wt_kernel *k)
{
	struct wt_pool_cfg pc = sim->su.pc;

	if (sim->su.pool && !sim->ctas_set) {
		const char *v = wt_meta_get(&k->extra, "ctas_per_sm");
		uint64_t n;
		const char *why;

		pc.ctas = 0;
		if (v && wt_parse_u64(v, UINT32_MAX, &n, &why) == 0)
			pc.ctas = (unsigned)n;
	}
	pc.pol = &sim->pol;
	pc.wpc = sim->warp_size && wt_kernel_block_threads(k) ?
		 (unsigned)((wt_kernel_block_threads(k) + sim->warp_size - 1) /
			    sim->warp_size) : 0;
	if (sim->su.pool && pc.exit_slot && !pc.wpc && !sim->wpc_noted) {
		wt_warn("note: the stream gives no warp size or CTA size: --exit-slot "
			"takes in no warp without requests");
		sim->wpc_noted = 1;
	}
	return pc;
}

/* What run_kernel's SMs run with. */
struct kernel_run {
	struct wt_l1stage *sim;
	const struct wt_pool_cfg *pc;
	unsigned limit;
};

static void run_kernel_sm(void *ctx, unsigned s)
{
	struct kernel_run *kr = ctx;
	struct wt_l1stage *sim = kr->sim;
	struct wt_l1_bucket *b = &sim->b[s];

	if (sim->su.pool)
		b->end = run_pool(sim, &sim->sm[s].l1, kr->pc, b, &b->out, kr->limit);
	else
		wt_l1_requests(&sim->sm[s].l1, b->r, b->n, &b->out);
}

/* Simulate one kernel's requests, SM by SM in parallel, and write its
 * events in time order (then SM, then each SM's own order). */
static void run_kernel(struct wt_l1stage *sim)
{
	const struct wt_kernel *k = &sim->kern;
	unsigned limit = 0, nb = sim->nb;
	struct wt_pool_cfg pc;
	size_t held = requests_held(sim);
	struct wt_l1_bucket *b = sim->b;
	struct wt_l1_choice *ch;

	write_wait(sim);
	ensure_sms(sim, nb);
	sim->choices = wt_realloc(sim->choices, sim->nnames * sizeof(*sim->choices));
	ch = &sim->choices[sim->nnames - 1];
	memset(ch, 0, sizeof(*ch));
	pc = pool_cfg(sim, k);
	for (unsigned s = 0; s < nb; s++) {
		wt_l1_kernel_begin(&sim->sm[s].l1, k->id, b[s].r, b[s].n);
		b[s].out.n = 0;
		b[s].written = b[s].sorted = 0;
	}
	if (!sim->su.pool || !throttle(sim, &pc, ch, &limit)) {
		struct kernel_run kr = { sim, &pc, limit };

		wt_par_for(nb, held >= PARALLEL_MIN, run_kernel_sm, &kr);
	}
	for (unsigned s = 0; s < nb; s++) {
		b[s].n = 0;
		/* fill write-backs carry earlier cycles: put them in place */
		wt_events_sort(b[s].out.ev, b[s].out.n);
	}
	/* The next kernel starts when every SM is done with this one. */
	for (unsigned s = 0; s < nb; s++)
		if (sim->su.pool && b[s].end > sim->start)
			sim->start = b[s].end;
	write_events(sim, UINT64_MAX, 0);
}

/*
 * The stage's operations (stage.h).  A request of an SM the stream does
 * not have ends the program; one of an SM not seen yet grows the
 * buckets.  take checks the SM itself (no check op): a call less on
 * every request.
 */
static __attribute__((noinline)) void new_sm(struct wt_stage *st, unsigned s,
					     uint64_t index)
{
	struct wt_l1stage *sim = st->model;

	if (wt_reader_sms(st->r) && s >= wt_reader_sms(st->r))
		wt_reader_die_sm(st->r, index, s);
	sim->b = wt_grow_lines(sim->b, sim->nb, s + 1 - sim->nb, sizeof(*sim->b));
	sim->nb = s + 1;
}

static size_t req_take(struct wt_stage *st, const void *rec, uint64_t index)
{
	struct wt_l1stage *sim = st->model;
	const struct wt_request *r = rec;

	if (r->sm >= sim->nb)
		new_sm(st, r->sm, index);
	put(sim, &sim->b[r->sm], r);
	return 1;
}

/* A kernel begins: its name kept, the adaptive L1 carved for it. */
static void kernel_begin(struct wt_stage *st, const struct wt_kernel *k)
{
	struct wt_l1stage *sim = st->model;

	write_wait(sim);
	wt_kernel_free(&sim->kern);
	wt_kernel_copy(&sim->kern, k);
	sim->names = wt_realloc(sim->names, (sim->nnames + 1) * sizeof(*sim->names));
	sim->names[sim->nnames++] = wt_strdup(k->name ? k->name : "");
	if (sim->unified) {
		carve(sim, k);
		sim->l1_sizes = wt_realloc(sim->l1_sizes, sim->nnames *
					   sizeof(*sim->l1_sizes));
		sim->l1_sizes[sim->nnames - 1] = sim->kernel_l1;
	}
}

/* A batch (stream mode), or the kernel's end: the whole kernel where it
 * is not run in batches, then --flush. */
static void run(struct wt_stage *st, int final)
{
	struct wt_l1stage *sim = st->model;

	if (!final || st->batch)
		run_batch(sim, final);
	else
		run_kernel(sim);
	if (final && sim->flush)
		for (unsigned s = 0; s < sim->nsm; s++)
			wt_l1_flush_at(&sim->sm[s].l1, sim->su.pool ? sim->start : 0);
}

static const struct wt_stage_ops l1_ops = {
	.rec_size = sizeof(struct wt_request),
	.take = req_take,
	.kernel_begin = kernel_begin,
	.run = run,
	.run_unsorted = 1,
};

void wt_l1stage_upstream(struct wt_l1stage *sim, const struct wt_meta *m,
			 unsigned sms)
{
	const struct wt_l1_cfg *c = &sim->su.cfg;

	sim->sms = sms;
	if (c->sectored && c->mode == WT_L1_BOUNDED) {
		const char *v = wt_meta_get(m, "sector_size");
		uint64_t n;
		const char *why;

		if (v && wt_parse_u64(v, 4096, &n, &why) == 0 && n && n != c->sector)
			sim->req_sector = (unsigned)n;
	}
}

void wt_l1stage_header(const struct wt_l1stage *sim, struct wt_meta *m)
{
	const struct wt_l1_cfg *c = &sim->su.cfg;
	char buf[32];

	wt_machine_to_meta(&sim->machine, m);
	wt_meta_set(m, "l1_size", wt_snprintf(buf, sizeof(buf), "%u", sim->su.size));
	wt_meta_set(m, "l1_line", wt_snprintf(buf, sizeof(buf), "%u", c->geom.line));
	wt_meta_set(m, "l1_index", c->ix.name);
	wt_meta_set(m, "l1_mode", wt_l1_mode_name(c->mode));
	/* the L1 timing model, for report: runs downstream compare only
	 * over one (provenance.h) */
	wt_meta_set(m, "l1_sched", sim->su.pool ? "pool" : "stream");
	if (c->sectored && c->mode == WT_L1_BOUNDED) {
		/* l2sim: misses fetch their sectors, of this size */
		wt_meta_set(m, "l1_sectored", "yes");
		wt_meta_set(m, "sector_size", wt_snprintf(buf, sizeof(buf), "%u",
							  c->sector));
	}
}

/*
 * Stream mode runs in batches (--batch); the pool and the policies need
 * the whole kernel at once (the warps' order, their last requests).
 */
void wt_l1stage_start(struct wt_l1stage *sim, struct wt_stage *st)
{
	sim->st = st;
	st->ops = &l1_ops;
	st->model = sim;
	st->batch = !sim->su.pool && !sim->pol.flags ? sim->batch : 0;
	wt_kernel_init(&sim->kern);
	W.w = st->w;
	wt_atdie(write_join);
}

void wt_l1stage_finish(struct wt_l1stage *sim)
{
	write_wait(sim);
	free(W.lists);
	free(W.counts);
	memset(&W, 0, sizeof(W));
	for (unsigned s = 0; s < sim->nb; s++) {
		free(sim->b[s].r);
		free(sim->b[s].out.ev);
	}
	free(sim->b);
	sim->b = NULL;
	sim->nb = 0;
	for (unsigned s = 0; s < sim->nsm; s++)
		wt_l1_drop_reuse(&sim->sm[s].l1);
}

void wt_l1stage_free(struct wt_l1stage *sim)
{
	wt_kernel_free(&sim->kern);
	for (size_t k = 0; k < sim->nnames; k++)
		free(sim->names[k]);
	free(sim->names);
	for (unsigned s = 0; s < sim->nsm; s++) {
		wt_l1_free(&sim->sm[s].l1);
		if (sim->sm[s].has_past)
			wt_l1_stats_free(&sim->sm[s].past);
	}
	free(sim->sm);
	free(sim->choices);
	free(sim->l1_sizes);
	for (unsigned i = 0; i < sim->ngpol; i++)
		if (sim->gpol[i].ops->gpu_free)
			sim->gpol[i].ops->gpu_free(sim->gpol[i].g);
	wt_meta_free(&sim->meta);
	wt_machine_free(&sim->machine);
}
