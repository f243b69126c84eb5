/*
 * order.c - the execution model: CTA dispatch onto SMs, warp formation,
 * and warp scheduling, as a discrete-event simulation in cycles.
 *
 * The model, stated in full in trace-order(1):
 *  - CTAs are dispatched in flat order, round-robin over the SMs until each
 *    holds as many as its resources allow, from cfg->first_sm (trace-order
 *    continues after the SM that took the previous kernel's last CTA, as
 *    GPGPU-Sim does); after that a CTA goes to the SM where one has just
 *    ended (first done, first served).
 *  - Warp w of a CTA holds its threads w*W .. w*W+W-1 (flat thread order).
 *    Its i-th memory instruction is made of the i-th access of each of its
 *    threads; lanes whose i-th accesses differ in PC, op, size or space
 *    issue as separate instructions, lowest lane first.  A stream of warp
 *    records (warps formed before, as for Accel-Sim traces) gives each
 *    warp's instructions as they are.
 *  - A scheduler issues one instruction per cycle.  A warp's memory
 *    instruction issues after the non-memory instructions that precede it
 *    (its icount, the largest of its lanes), one per cycle; after a load
 *    or atomic the warp waits `latency` cycles, after a store one cycle.
 *    A warp record of op none (no memory access, always its warp's last)
 *    is its icount non-memory instructions, one per cycle, after which
 *    the warp has ended.
 *  - Schedulers choose among their ready warps by policy: loose round
 *    robin, greedy-then-oldest, or two-level (an active set of warps in
 *    round robin; a warp that issues a load leaves it).
 */
#include "order.h"
#include "machine.h"
#include "kbuf.h"
#include "util.h"
#include "wbuf.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT64_MAX

/* Events at one cycle run in this order. */
enum { EV_CTA_DONE = 0, EV_ISSUE = 1, EV_SCHED = 2 };

/*
 * A warp memory instruction formed from thread accesses, as its CTA is
 * dispatched: forming depends on the accesses alone, not on the time,
 * and the CTA's accesses are at hand then, in cache.  In its CTA slot's
 * buffer, the addresses of its active lanes follow it, packed in lane
 * order, and the warp's next instruction follows them.
 *
 * The scheduler needs an instruction's mask and icount as it picks it,
 * and the rest only as it issues: an instruction holds the mask and
 * icount of its warp's next (see finish_warp), and the warp those of its
 * first, so that the rest can be fetched in between.
 */
struct instr {
	uint64_t mask;		/* the next instruction's (its own while */
	uint32_t pc;		/* the warp is formed) */
	uint16_t size;		/* size, op and space as in struct wt_access */
	uint8_t op, space;
	uint32_t icount;	/* the next instruction's, as mask */
	uint16_t lanes;		/* active */
	uint16_t affine;	/* a full warp's addresses, evenly spaced:
				   kept as the first and the spacing */
};

#define INSTR_WORDS (sizeof(struct instr) / sizeof(uint64_t))

struct warp {
	int done, active;
	uint32_t cta, id;
	unsigned slot_cta;	/* resident CTA slot on its SM */
	uint64_t age;
	unsigned at;		/* its place in its scheduler's order */
	uint32_t first;		/* warp records: its first in its CTA's */
	size_t pos;		/* formed: its next instruction in the
				   CTA slot's buffer, */
	uint64_t mask;		/* and that instruction's mask */
	uint32_t icount;	/* and icount */
	uint32_t n, next;	/* its instructions; the next to issue */
};

struct sched {
	unsigned *order;	/* warp slots, oldest first */
	uint64_t *ready;	/* theirs, in that order, for the scans of
				   every turn; NONE in flight and once done */
	unsigned n;
	uint64_t free_at, pending;
	uint64_t last_age;
	int have_last;
	unsigned active;	/* two-level: warps in the active set */
	int busy;		/* a picked warp's memory instruction is due */
	unsigned busy_slot;
	uint64_t busy_mask;
	uint32_t busy_icount;
	unsigned likely;	/* the warp slot likely to issue next */
};

struct cta_slot {
	int live;
	uint32_t cta;
	unsigned warps_left;
	uint64_t done_at;
	uint64_t *buf;		/* thread accesses: the CTA's instructions */
	size_t nbuf, capbuf;	/* (struct instr) and addresses */
};

struct sm {
	struct warp *w;
	struct cta_slot *c;
	struct sched *s;
};

/* An event: its type, SM (below 2^30) and argument are packed in key,
 * so that events order as (time, type, SM, argument) by two compares. */
struct event {
	uint64_t time, key;
};

#define EV_KEY(type, sm, arg) \
	((uint64_t)(type) << 62 | (uint64_t)(sm) << 32 | (arg))
#define EV_TYPE(e) ((uint32_t)((e).key >> 62))
#define EV_SM(e) ((uint32_t)((e).key >> 32) & 0x3fffffff)
#define EV_ARG(e) ((uint32_t)(e).key)

struct model {
	const struct wt_order_cfg *cfg;
	struct wt_kbuf *kb;	/* thread accesses, or */
	struct wt_wbuf *wb;	/* warp records */
	wt_order_need need;	/* streaming: completes a CTA in kb, or NULL */
	void *needctx;
	unsigned cps, wpc, bt, W;
	uint32_t nctas, next_cta;
	uint64_t ended;		/* CTAs that have ended */
	uint64_t age;
	struct sm *sm;
	struct event *heap;
	size_t nheap, capheap;
	uint32_t *toff;		/* a CTA's thread offsets (kbuf.h) */
	struct wt_access *kept;	/* drop_stores: a CTA's loads, at koff */
	size_t capkept;
	uint32_t *koff;
	uint64_t full;		/* the mask of a full warp */
	int any_warp;		/* no warp limit, no active set: any warp
				   not done may issue */
	struct wt_warp *rec;
	wt_order_emit emit;
	void *ctx;
	struct wt_order_stats *st;
	int failed;
	int need_failed;	/* need() stopped the run */
	char bad[160];		/* a warp's records are out of shape */
};

void wt_order_cfg_machine(struct wt_order_cfg *cfg, const struct wt_machine *m)
{
	struct wt_meta o;

	wt_meta_init(&o);
	wt_machine_stage_options(m, "trace-order", &o);
	memset(cfg, 0, sizeof(*cfg));
	cfg->sms = (unsigned)atoi(wt_meta_get(&o, "sms"));
	cfg->warp_size = (unsigned)atoi(wt_meta_get(&o, "warp-size"));
	cfg->max_threads = (unsigned)atoi(wt_meta_get(&o, "max-threads"));
	cfg->max_ctas = (unsigned)atoi(wt_meta_get(&o, "max-ctas"));
	cfg->max_warps = (unsigned)atoi(wt_meta_get(&o, "max-warps"));
	cfg->regs = (unsigned)atoi(wt_meta_get(&o, "regs"));
	cfg->reg_unit = (unsigned)atoi(wt_meta_get(&o, "reg-unit"));
	cfg->shmem = (unsigned)atoi(wt_meta_get(&o, "shmem"));
	cfg->shmem_unit = (unsigned)atoi(wt_meta_get(&o, "shmem-unit"));
	cfg->cta_threads = (unsigned)atoi(wt_meta_get(&o, "cta-threads"));
	cfg->schedulers = (unsigned)atoi(wt_meta_get(&o, "schedulers"));
	cfg->policy = (enum wt_policy)wt_policy_parse(wt_meta_get(&o, "policy"));
	cfg->active_warps = 8;
	cfg->latency = 100;
	wt_meta_free(&o);
}

static uint64_t round_up(uint64_t v, uint64_t unit)
{
	return unit ? (v + unit - 1) / unit * unit : v;
}

struct limit {
	const char *name;
	uint64_t n;
};

unsigned wt_order_occupancy(const struct wt_order_cfg *cfg,
			    const struct wt_kernel *k, const char **why)
{
	uint64_t bt = wt_kernel_block_threads(k);
	uint64_t wpc = (bt + cfg->warp_size - 1) / cfg->warp_size;
	struct limit lim[6];
	unsigned nlim = 0, best = 0;

	if (bt == 0 || bt > cfg->cta_threads) {
		*why = "the most threads a CTA may have";
		return 0;
	}
	if (cfg->cta_limit)
		lim[nlim++] = (struct limit){ "cta-limit", cfg->cta_limit };
	lim[nlim++] = (struct limit){ "ctas", cfg->max_ctas };
	lim[nlim++] = (struct limit){ "threads", cfg->max_threads / bt };
	lim[nlim++] = (struct limit){ "warps", cfg->max_warps / wpc };
	if (k->regs) {
		uint64_t per_warp = round_up((uint64_t)k->regs * cfg->warp_size,
					     cfg->reg_unit);

		lim[nlim++] = (struct limit){ "registers", cfg->regs / (per_warp * wpc) };
	}
	if (k->shmem)
		lim[nlim++] = (struct limit){ "shared_memory",
			cfg->shmem / round_up(k->shmem, cfg->shmem_unit) };
	for (unsigned i = 1; i < nlim; i++)
		if (lim[i].n < lim[best].n)
			best = i;
	*why = lim[best].name;
	if (lim[best].n == 0)
		return 0;
	return lim[best].n > UINT32_MAX ? UINT32_MAX : (unsigned)lim[best].n;
}

/* ---- event heap, ordered by (time, type, sm, arg) ---- */

/* Without branches: which way a comparison goes is as good as random. */
static int before(const struct event *a, const struct event *b)
{
	return (a->time < b->time) |
	       ((a->time == b->time) & (a->key < b->key));
}

/* Put x in the hole at i, moving it up past later events. */
static void sift_up(struct model *m, size_t i, struct event x)
{
	while (i > 0 && before(&x, &m->heap[(i - 1) / 2])) {
		m->heap[i] = m->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	m->heap[i] = x;
}

static void push(struct model *m, uint64_t time, uint32_t type, uint32_t sm,
		 uint32_t arg)
{
	if (m->nheap == m->capheap) {
		m->capheap = m->capheap ? 2 * m->capheap : 64;
		m->heap = wt_realloc(m->heap, m->capheap * sizeof(*m->heap));
	}
	sift_up(m, m->nheap++, (struct event){ time, EV_KEY(type, sm, arg) });
}

/*
 * Take the first event.  The hole it leaves goes down to a leaf by the
 * earlier child, and the last event moves up into it from there (Floyd):
 * the last event belongs near the leaves, and the way down costs one
 * comparison a level rather than two.
 */
static struct event pop(struct model *m)
{
	struct event top = m->heap[0];
	size_t i = 0, c, n = --m->nheap;

	if (n == 0)
		return top;
	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n)
			c += (size_t)before(&m->heap[c + 1], &m->heap[c]);
		m->heap[i] = m->heap[c];
		i = c;
	}
	sift_up(m, i, m->heap[n]);
	return top;
}

/* ---- warps and schedulers ---- */

/* May warp w of scheduler s issue at all (ignoring readiness)?  The
 * static warp limit admits only the oldest unfinished warps; two-level
 * admits active warps, and others while the active set has room. */
static int issuable(const struct model *m, const struct sched *s,
		    const struct warp *w, unsigned rank)
{
	if (w->done)
		return 0;
	if (m->cfg->warp_limit && rank >= m->cfg->warp_limit)
		return 0;
	if (m->cfg->policy == WT_POLICY_TWO_LEVEL && !w->active &&
	    s->active >= m->cfg->active_warps)
		return 0;
	return 1;
}

/*
 * Fetch warp w's next formed instruction into the cache.  The resident
 * CTAs' instructions outgrow the caches, and this is done a while before
 * the scheduler takes the instruction, so that it is at hand then.
 */
static void prefetch_next(const struct model *m, const struct sm *sm,
			  const struct warp *w)
{
	const struct cta_slot *cs = &sm->c[w->slot_cta];
	size_t end;

	if (m->wb || w->done)
		return;
	/* An instruction is 5 words (evenly spaced) to 3 + W. */
	end = w->pos + INSTR_WORDS + m->W;
	if (end > cs->nbuf)
		end = cs->nbuf;
	for (size_t i = w->pos; i < end; i += 64 / sizeof(*cs->buf))
		__builtin_prefetch(cs->buf + i);
}

/*
 * Fetch the instruction that event e is likely to take, a few events
 * ahead of it: the resident CTAs' instructions outgrow the caches, and
 * much goes through them between two turns of a warp.
 */
static void prefetch_event(const struct model *m, const struct event *e)
{
	const struct sm *sm = &m->sm[EV_SM(*e)];
	const struct sched *s;

	if (EV_TYPE(*e) == EV_CTA_DONE)
		return;
	s = &sm->s[EV_ARG(*e)];
	if (EV_TYPE(*e) == EV_ISSUE)
		prefetch_next(m, sm, &sm->w[s->busy_slot]);
	else if (e->time == s->pending && !s->busy)
		prefetch_next(m, sm, &sm->w[s->likely]);
}

/*
 * The earliest ready time of the warps of s that may issue, or NONE,
 * and in *first the warp slot of the oldest ready then.  Without a warp
 * limit or an active set, every warp not done may, and those done are
 * never ready (NONE): ready times alone tell.
 */
static uint64_t earliest(const struct model *m, const struct sm *sm,
			 const struct sched *s, unsigned *first)
{
	uint64_t best = NONE;
	unsigned rank = 0;

	for (unsigned i = 0; i < s->n; i++) {
		const struct warp *w = &sm->w[s->order[i]];

		if (!m->any_warp && (w->done || !issuable(m, s, w, rank++)))
			continue;
		if (s->ready[i] < best) {
			best = s->ready[i];
			*first = s->order[i];
		}
	}
	return best;
}

static void resched(struct model *m, uint32_t smi, uint32_t si, uint64_t now)
{
	struct sm *sm = &m->sm[smi];
	struct sched *s = &sm->s[si];
	uint64_t best;
	unsigned first;

	if (s->busy)
		return;		/* the pending issue will reschedule */
	/* The earliest a warp may issue: when it is ready, the scheduler
	 * free, and not before now. */
	best = earliest(m, sm, s, &first);
	if (best != NONE && best < s->free_at)
		best = s->free_at;
	if (best != NONE && best < now)
		best = now;
	if (best != NONE && best != s->pending)
		push(m, best, EV_SCHED, smi, si);
	s->pending = best;
	if (best != NONE)
		s->likely = first;
}

/* Two-level: fill the active set with the oldest ready warps outside it. */
static void fill_active(struct model *m, struct sm *sm, struct sched *s,
			uint64_t t)
{
	unsigned rank = 0;

	for (unsigned i = 0; i < s->n && s->active < m->cfg->active_warps; i++) {
		struct warp *w = &sm->w[s->order[i]];

		if (w->done)
			continue;
		if (issuable(m, s, w, rank++) && !w->active &&
		    s->ready[i] <= t) {
			w->active = 1;
			s->active++;
		}
	}
}

/* Choose the warp slot to issue at time t, or -1. */
static int pick(struct model *m, struct sm *sm, struct sched *s, uint64_t t)
{
	int first_ready = -1, after_last = -1, last = -1;
	unsigned rank = 0;

	if (m->cfg->policy == WT_POLICY_TWO_LEVEL)
		fill_active(m, sm, s, t);

	for (unsigned i = 0; i < s->n; i++) {
		struct warp *w = &sm->w[s->order[i]];

		if (m->any_warp) {
			if (s->ready[i] > t)
				continue;	/* done warps are never ready */
		} else if (w->done || !issuable(m, s, w, rank++) ||
			   s->ready[i] > t) {
			continue;
		}
		if (m->cfg->policy == WT_POLICY_TWO_LEVEL && !w->active)
			continue;
		if (first_ready < 0)
			first_ready = (int)s->order[i];
		if (s->have_last && w->age == s->last_age)
			last = (int)s->order[i];
		if (after_last < 0 && s->have_last && w->age > s->last_age)
			after_last = (int)s->order[i];
	}
	switch (m->cfg->policy) {
	case WT_POLICY_GTO:
		return last >= 0 ? last : first_ready;
	default:	/* loose round robin, over the active set for two-level */
		return after_last >= 0 ? after_last : first_ready;
	}
}

static void add_to_sched(struct sm *sm, struct sched *s, unsigned slot,
			 uint64_t ready)
{
	sm->w[slot].at = s->n;
	s->ready[s->n] = ready;
	s->order[s->n++] = slot;
}

static void remove_from_sched(struct sm *sm, struct sched *s, unsigned slot)
{
	unsigned j = 0;

	for (unsigned i = 0; i < s->n; i++) {
		if (s->order[i] == slot)
			continue;
		sm->w[s->order[i]].at = j;
		s->ready[j] = s->ready[i];
		s->order[j++] = s->order[i];
	}
	s->n = j;
}

/* Room for n words more in cs's buffer. */
static void reserve(struct cta_slot *cs, size_t n)
{
	if (cs->nbuf + n > cs->capbuf) {
		cs->capbuf = cs->capbuf ? cs->capbuf : 256;
		while (cs->capbuf < cs->nbuf + n)
			cs->capbuf *= 2;
		cs->buf = wt_realloc(cs->buf, cs->capbuf * sizeof(*cs->buf));
	}
}

/* An instruction of `lanes` addresses at most at the end of cs's buffer. */
static struct instr *new_instr(struct cta_slot *cs, unsigned lanes)
{
	struct instr *in;

	reserve(cs, INSTR_WORDS + lanes);
	in = (struct instr *)(cs->buf + cs->nbuf);
	cs->nbuf += INSTR_WORDS;
	return in;
}

/*
 * What makes accesses at one index one instruction: PC, size, op and
 * space, compared at once.  size, op and space are four bytes in a row,
 * in an access as in an instruction.
 */
_Static_assert(offsetof(struct wt_access, op) ==
	       offsetof(struct wt_access, size) + 2 &&
	       offsetof(struct wt_access, space) ==
	       offsetof(struct wt_access, size) + 3, "access: size, op, space");
_Static_assert(offsetof(struct instr, op) == offsetof(struct instr, size) + 2 &&
	       offsetof(struct instr, space) ==
	       offsetof(struct instr, size) + 3, "instr: size, op, space");

static uint32_t tail_of(const void *size_op_space)
{
	uint32_t tail;

	memcpy(&tail, size_op_space, sizeof(tail));
	return tail;
}

static uint64_t key_of(uint32_t pc, const void *size_op_space)
{
	return (uint64_t)tail_of(size_op_space) << 32 | pc;
}

/* match_position: the size only as far as it picks the lanes that
 * coalesce together on Fermi (a warp, half a warp for 8 bytes, a quarter
 * for 16); the instruction takes the smallest of its lanes' sizes, so
 * that each lane's line is the one of its first byte, as in Nugteren et
 * al.'s model. */
static uint64_t position_key(unsigned size, unsigned op, unsigned space)
{
	unsigned group = size == 8 ? 2 : size == 16 ? 4 : 1;

	return (uint64_t)group | (uint64_t)op << 16 | (uint64_t)space << 24;
}

static uint64_t instr_key(const struct model *m, const struct wt_access *a)
{
	if (m->cfg->match_position)
		return position_key(a->size, a->op, a->space);
	return key_of(a->pc, (const unsigned char *)a +
		      offsetof(struct wt_access, size));
}

static uint64_t formed_key(const struct model *m, const struct instr *in)
{
	if (m->cfg->match_position)
		return position_key(in->size, in->op, in->space);
	return key_of(in->pc, (const unsigned char *)in +
		      offsetof(struct instr, size));
}

/*
 * Does access x match instruction in, formed so far (the smallest size
 * of its lanes kept, which moves no size across a coalescing group)?
 * Lanes mostly agree in PC, size, op and space: that is tried first,
 * as it is cheaper than the keys of match_position.
 */
static int matches(const struct model *m, const struct wt_access *x,
		   const struct instr *in)
{
	if (x->pc == in->pc &&
	    tail_of((const unsigned char *)x + offsetof(struct wt_access, size)) ==
	    tail_of((const unsigned char *)in + offsetof(struct instr, size)))
		return 1;
	return instr_key(m, x) == formed_key(m, in);
}

/* The same for access x and a0, the first of an instruction, whose key
 * is key0. */
static int matches_first(const struct model *m, const struct wt_access *x,
			 const struct wt_access *a0, uint64_t key0)
{
	if (x->pc == a0->pc &&
	    tail_of((const unsigned char *)x + offsetof(struct wt_access, size)) ==
	    tail_of((const unsigned char *)a0 + offsetof(struct wt_access, size)))
		return 1;
	return instr_key(m, x) == key0;
}

/*
 * The instructions of index s of a warp whose lanes' accesses begin at
 * la[], rem the lanes with an access there: the lowest lane, with every
 * lane whose access matches it, then the lowest left, and so on.  The
 * non-memory instructions before the index run once, for the widest
 * lane, whatever splits follow.  Returns how many it formed.
 */
static uint32_t form_index(struct model *m, struct cta_slot *cs,
			   const struct wt_access *const *la, uint32_t s,
			   uint64_t rem)
{
	uint32_t n = 0;

	while (rem) {
		const struct wt_access *a0 = la[__builtin_ctzll(rem)] + s;
		struct instr *in = new_instr(cs, m->W);
		uint64_t mask = 0, *addr = cs->buf + cs->nbuf;
		uint64_t key = instr_key(m, a0);
		uint32_t icount = 0;
		uint16_t size = a0->size;

		for (uint64_t bits = rem; bits; bits &= bits - 1) {
			unsigned l = (unsigned)__builtin_ctzll(bits);
			const struct wt_access *a = la[l] + s;

			if (n == 0 && a->icount > icount)
				icount = a->icount;
			if (matches_first(m, a, a0, key)) {
				if (a->size < size)
					size = a->size;
				mask |= 1ULL << l;
				*addr++ = a->addr;
			}
		}
		in->lanes = (uint16_t)(addr - (cs->buf + cs->nbuf));
		cs->nbuf += in->lanes;
		in->mask = mask;
		in->icount = icount;
		in->pc = a0->pc;
		in->size = size;
		in->op = a0->op;
		in->space = a0->space;
		rem &= ~mask;
		if (rem)
			m->st->split++;
		n++;
	}
	return n;
}

/*
 * Form warp w's instructions when its threads make as many accesses each
 * and theirs at each index match, as they mostly do: then each index is
 * one instruction of every lane, and it is formed thread by thread, each
 * thread's accesses read in order.  Returns 0, with nothing formed, when
 * the warp is not such (see form_warp).
 */
static int form_full(const struct model *m, struct cta_slot *cs, struct warp *w,
		     const struct wt_access *a, const uint32_t *off,
		     unsigned lanes)
{
	uint32_t n = off[1] - off[0];
	size_t stride = INSTR_WORDS + lanes;
	uint64_t *p;

	for (unsigned l = 1; l < lanes; l++)
		if (off[l + 1] - off[l] != n)
			return 0;
	reserve(cs, n * stride);
	p = cs->buf + cs->nbuf;
	for (uint32_t s = 0; s < n; s++) {
		const struct wt_access *x = a + off[0] + s;
		struct instr *in = (struct instr *)(p + s * stride);

		in->mask = lanes == 64 ? UINT64_MAX : (1ULL << lanes) - 1;
		in->pc = x->pc;
		in->size = x->size;
		in->op = x->op;
		in->space = x->space;
		in->icount = x->icount;
		in->lanes = (uint16_t)lanes;
		p[s * stride + INSTR_WORDS] = x->addr;
	}
	for (unsigned l = 1; l < lanes; l++) {
		const struct wt_access *x = a + off[l];

		for (uint32_t s = 0; s < n; s++, x++) {
			struct instr *in = (struct instr *)(p + s * stride);

			if (!matches(m, x, in))
				return 0;
			if (x->size < in->size)
				in->size = x->size;
			if (x->icount > in->icount)
				in->icount = x->icount;
			p[s * stride + INSTR_WORDS + l] = x->addr;
		}
	}
	w->pos = cs->nbuf;
	w->n = n;
	cs->nbuf += n * stride;
	return 1;
}

/* Are the n addresses a[] evenly spaced? */
static int evenly_spaced(const uint64_t *a, unsigned n)
{
	uint64_t d = a[1] - a[0];

	for (unsigned l = 2; l < n; l++)
		if (a[l] - a[l - 1] != d)
			return 0;
	return 1;
}

/*
 * Warp w's instructions are formed, at the end of cs's buffer: give each
 * the mask and icount of the next, and w those of the first.  A full
 * warp's addresses are kept as the first and the spacing when they are
 * evenly spaced, as coalesced accesses are: the resident CTAs' many
 * instructions are then few bytes, and stay in cache until they issue.
 */
static void finish_warp(struct model *m, struct cta_slot *cs, struct warp *w)
{
	struct instr *prev = NULL;
	size_t from = w->pos, to = w->pos;

	for (uint32_t k = 0; k < w->n; k++) {
		struct instr *in = (struct instr *)(cs->buf + from);
		uint64_t *a = cs->buf + from + INSTR_WORDS;
		size_t words = in->lanes;

		if (prev) {
			prev->mask = in->mask;
			prev->icount = in->icount;
		} else {
			w->mask = in->mask;
			w->icount = in->icount;
		}
		from += INSTR_WORDS + in->lanes;
		in->affine = m->W > 2 && in->mask == m->full &&
			     evenly_spaced(a, m->W);
		if (in->affine) {
			a[1] -= a[0];
			words = 2;
		}
		memmove(cs->buf + to, in, (INSTR_WORDS + words) * sizeof(*a));
		prev = (struct instr *)(cs->buf + to);
		to += INSTR_WORDS + words;
	}
	if (prev) {
		prev->mask = 0;
		prev->icount = 0;
	}
	cs->nbuf = to;
}

/*
 * Form the instructions of warp w, whose threads' accesses lie at
 * a[off[l] .. off[l + 1]) for its lanes l: its i-th instructions are
 * made of the i-th access of each of its threads.
 */
static void form_warp(struct model *m, struct cta_slot *cs, struct warp *w,
		      const struct wt_access *a, const uint32_t *off,
		      unsigned lanes)
{
	const struct wt_access *la[WT_MAX_LANES];
	uint32_t cnt[WT_MAX_LANES], maxcnt = 0, until = 0;
	size_t first = cs->nbuf;	/* the buffer may yet move */
	uint32_t n = 0;
	uint64_t rem = 0;

	if (form_full(m, cs, w, a, off, lanes)) {
		finish_warp(m, cs, w);
		return;
	}
	for (unsigned l = 0; l < lanes; l++) {
		la[l] = a + off[l];
		cnt[l] = off[l + 1] - off[l];
		if (cnt[l] > maxcnt)
			maxcnt = cnt[l];
	}
	for (uint32_t s = 0; s < maxcnt; s++) {
		/* The lanes with an access at s change only as the fewest
		 * of theirs run out: at most once in a warp whose threads
		 * make as many accesses each. */
		if (s == until) {
			rem = 0;
			until = maxcnt;
			for (unsigned l = 0; l < lanes; l++) {
				if (cnt[l] <= s)
					continue;
				rem |= 1ULL << l;
				if (cnt[l] < until)
					until = cnt[l];
			}
		}
		n += form_index(m, cs, la, s, rem);
	}
	w->pos = first;
	w->n = n;
	finish_warp(m, cs, w);
}

/*
 * drop_stores: a CTA's accesses a (at m->toff) less its stores, at
 * m->koff in kept, or in m->kept if kept is NULL.  kept may be a itself:
 * each load moves down, if at all, and a lent CTA is thus copied only
 * once.  A store left out counts as a non-memory instruction of the
 * thread's next access.
 */
static const struct wt_access *loads_of(struct model *m, const struct wt_access *a,
					struct wt_access *kept)
{
	uint32_t n = 0;

	if (!kept && m->toff[m->bt] > m->capkept) {
		m->capkept = m->toff[m->bt];
		m->kept = wt_realloc(m->kept, m->capkept * sizeof(*m->kept));
	}
	if (!kept)
		kept = m->kept;
	for (unsigned t = 0; t < m->bt; t++) {
		uint32_t carry = 0;

		m->koff[t] = n;
		for (uint32_t i = m->toff[t]; i < m->toff[t + 1]; i++) {
			if (a[i].op == WT_OP_STORE) {
				carry += a[i].icount + 1;
				m->st->stores_dropped++;
				continue;
			}
			kept[n] = a[i];
			kept[n].icount += carry;
			carry = 0;
			n++;
		}
	}
	m->koff[m->bt] = n;
	return kept;
}

/*
 * Form every warp's instructions of CTA cta, in slot cs, from its
 * accesses in kb; they are not needed after.
 */
static void form_cta(struct model *m, struct cta_slot *cs, uint32_t cta,
		     struct warp *w)
{
	const struct wt_access *a;

	const uint32_t *off = m->toff;

	wt_kbuf_sort_cta(m->kb, cta, m->toff);
	a = wt_kbuf_cta(m->kb, cta);
	if (m->cfg->drop_stores) {
		a = loads_of(m, a, wt_kbuf_cta_own(m->kb, cta));
		off = m->koff;
	}
	cs->nbuf = 0;
	for (unsigned wi = 0; wi < m->wpc && off[m->bt] > 0; wi++) {
		unsigned first = wi * m->W;

		form_warp(m, cs, &w[wi], a, off + first,
			  m->bt - first < m->W ? m->bt - first : m->W);
	}
	wt_kbuf_release_cta(m->kb, cta);
}

/* Warp records: warp wi of CTA cta is records [off[wi], off[wi + 1]).
 * A record of op none ends its warp: none may follow it. */
static void warps_of_records(struct model *m, uint32_t cta, struct warp *w)
{
	uint32_t *off = wt_wbuf_sort_cta(m->wb, cta, m->wpc);

	for (unsigned wi = 0; wi < m->wpc; wi++) {
		w[wi].first = off[wi];
		w[wi].n = off[wi + 1] - off[wi];
		for (uint32_t i = off[wi]; i + 1 < off[wi + 1] && !m->failed; i++)
			if (wt_wbuf_rec(m->wb, cta, i)->op == WT_OP_NONE) {
				wt_snprintf(m->bad, sizeof(m->bad), "warp %u has records "
					    "after its record of op none (no memory "
					    "access), which must be its last",
					    cta * m->wpc + wi);
				m->failed = 1;
			}
	}
	free(off);
}

static void dispatch(struct model *m, uint32_t smi, unsigned cslot, uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct cta_slot *cs = &sm->c[cslot];
	struct warp *w = &sm->w[cslot * m->wpc];
	uint32_t cta = m->next_cta++;

	m->st->last_sm = smi;

	/* Streaming: the CTA's accesses are read only now, as it is
	 * dispatched in id order. */
	if (m->need && (m->need(m->needctx, cta) != 0 ||
			m->kb->max_thread / m->bt >= m->nctas)) {
		m->failed = m->need_failed = 1;
		return;
	}
	memset(w, 0, m->wpc * sizeof(*w));
	if (m->wb)
		warps_of_records(m, cta, w);
	else
		form_cta(m, cs, cta, w);
	cs->live = 1;
	cs->cta = cta;
	cs->warps_left = 0;
	cs->done_at = t;
	for (unsigned wi = 0; wi < m->wpc; wi++) {
		unsigned ws = cslot * m->wpc + wi;

		w[wi].cta = cta;
		w[wi].id = cta * m->wpc + wi;
		w[wi].slot_cta = cslot;
		w[wi].age = m->age++;
		if (w[wi].n == 0)
			w[wi].done = 1;
		else
			cs->warps_left++;
		add_to_sched(sm, &sm->s[ws % m->cfg->schedulers], ws,
			     w[wi].done ? NONE : t);
	}
	m->st->ctas++;
	m->st->warps += m->wpc;
	m->st->sm_ctas[smi]++;
	if (cs->warps_left == 0)
		push(m, t, EV_CTA_DONE, smi, cslot);
}

static void cta_done(struct model *m, uint32_t smi, unsigned cslot, uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct cta_slot *cs = &sm->c[cslot];

	for (unsigned wi = 0; wi < m->wpc; wi++) {
		unsigned ws = cslot * m->wpc + wi;
		struct sched *s = &sm->s[ws % m->cfg->schedulers];

		if (sm->w[ws].active)
			s->active--;
		remove_from_sched(sm, s, ws);
	}
	/* Thread accesses were released as the CTA's warps were formed. */
	if (m->wb)
		wt_wbuf_release_cta(m->wb, cs->cta);
	cs->live = 0;
	m->ended++;
	if (t > m->st->end)
		m->st->end = t;
	if (m->next_cta < m->nctas)
		dispatch(m, smi, cslot, t);
	for (unsigned si = 0; si < m->cfg->schedulers; si++)
		resched(m, smi, si, t);
}

/*
 * The scheduler picked warp ws at cycle t: its next instruction issues
 * after its non-memory instructions, at t + s->busy_icount.
 */
static void issue(struct model *m, uint32_t smi, struct sched *s, unsigned ws,
		  uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct warp *w = &sm->w[ws];
	uint64_t mask;
	uint32_t icount;
	int none = 0;

	if (m->wb) {
		const struct wt_warp *r = wt_wbuf_rec(m->wb, w->cta,
						       w->first + w->next);

		mask = r->mask;
		icount = r->icount;
		none = r->op == WT_OP_NONE;
	} else {
		mask = w->mask;
		icount = w->icount;
		prefetch_next(m, sm, w);	/* for fill_formed */
	}
	s->busy = 1;
	s->busy_slot = ws;
	s->busy_mask = mask;
	s->busy_icount = icount;
	/* A record of op none is no instruction: the scheduler is free
	 * once its non-memory instructions have issued. */
	s->free_at = t + icount + !none;
	s->ready[w->at] = NONE;	/* in flight until it issues */
}

/* Fill r with warp w's next instruction formed from thread accesses,
 * whose mask is given; returns its active lanes. */
static unsigned fill_formed(struct model *m, struct sm *sm, struct warp *w,
			    uint64_t mask, struct wt_warp *r)
{
	const uint64_t *p = sm->c[w->slot_cta].buf + w->pos;
	const struct instr *in = (const struct instr *)p;
	const uint64_t *addr = p + INSTR_WORDS;

	if (in->affine) {
		uint64_t at = addr[0];

		for (unsigned l = 0; l < m->W; l++, at += addr[1])
			r->addr[l] = at;
	} else if (mask == m->full) {
		memcpy(r->addr, addr, m->W * sizeof(r->addr[0]));
	} else {
		memset(r->addr, 0, m->W * sizeof(r->addr[0]));
		for (uint64_t bits = mask; bits; bits &= bits - 1)
			r->addr[__builtin_ctzll(bits)] = *addr++;
	}
	r->pc = in->pc;
	r->size = in->size;
	r->op = in->op;
	r->space = in->space;
	r->flags = 0;	/* thread accesses name no cache operator */
	r->classes = 0;
	w->mask = in->mask;
	w->icount = in->icount;
	w->pos += INSTR_WORDS + (in->affine ? 2 : in->lanes);
	return in->lanes;
}

/* Fill r with warp w's next warp record, as it came; returns its active
 * lanes. */
static unsigned fill_record(struct model *m, const struct warp *w,
			    uint64_t mask, struct wt_warp *r)
{
	const struct wt_warp *in = wt_wbuf_rec(m->wb, w->cta,
					       w->first + w->next);

	memset(r->addr, 0, m->W * sizeof(r->addr[0]));
	for (uint64_t bits = mask; bits; bits &= bits - 1) {
		unsigned l = (unsigned)__builtin_ctzll(bits);

		r->addr[l] = in->addr[l];
	}
	r->pc = in->pc;
	r->size = in->size;
	r->op = in->op;
	r->space = in->space;
	/* Its cache operator and dependences as they came; whether it is
	 * its warp's last, the caller says. */
	r->flags = in->flags & (WT_COP_MASK | WT_WARP_DEP_BITS);
	r->classes = in->classes;
	return (unsigned)__builtin_popcountll(mask);
}

/* The memory instruction picked earlier issues now, at cycle t. */
static void finish_issue(struct model *m, uint32_t smi, struct sched *s,
			 uint64_t t)
{
	struct sm *sm = &m->sm[smi];
	struct warp *w = &sm->w[s->busy_slot];
	struct wt_warp *r = m->rec;
	uint64_t mask = s->busy_mask, ready;
	unsigned lanes;

	s->busy = 0;
	if (m->wb)
		lanes = fill_record(m, w, mask, r);
	else
		lanes = fill_formed(m, sm, w, mask, r);
	r->time = t;
	r->mask = mask;
	r->cta = w->cta;
	r->warp = w->id;
	r->instr = w->next++;
	r->icount = s->busy_icount;
	r->sm = (uint16_t)smi;
	r->lanes = (uint8_t)m->W;
	r->flags |= w->next >= w->n ? WT_WARP_LAST : 0;
	if (m->emit(m->ctx, r) != 0)
		m->failed = 1;
	m->st->nonmem += r->icount;
	if (r->op == WT_OP_NONE) {
		m->st->tails++;
	} else {
		m->st->instrs++;
		m->st->lanes += lanes;
		m->st->sm_instrs[smi]++;
	}

	/* After a record of op none the warp has ended, at t. */
	ready = t + (r->op == WT_OP_NONE ? 0 : r->op == WT_OP_STORE ? 1 :
		     m->cfg->latency);
	s->ready[w->at] = ready;
	s->last_age = w->age;
	s->have_last = 1;
	if (w->next >= w->n) {
		struct cta_slot *cs = &sm->c[w->slot_cta];

		w->done = 1;
		if (ready > cs->done_at)
			cs->done_at = ready;
		s->ready[w->at] = NONE;	/* never again */
		if (--cs->warps_left == 0)
			push(m, cs->done_at, EV_CTA_DONE, smi, w->slot_cta);
	}
	/* Two-level: a warp leaves the active set when it waits for a load,
	 * and when it has nothing left to issue. */
	if (m->cfg->policy == WT_POLICY_TWO_LEVEL && w->active &&
	    (r->op != WT_OP_STORE || w->done)) {
		w->active = 0;
		s->active--;
	}
}

/* A thread (or CTA, for warp records) past the kernel's grid of g CTAs. */
static void grid_error(const struct wt_kernel *k, const struct wt_kbuf *kb,
		       const struct wt_wbuf *wb, uint64_t g, char *err,
		       size_t errlen)
{
	if (wb)
		wt_snprintf(err, errlen, "kernel %u (%s): CTA %u lies outside "
			    "the grid of %llu CTAs", k->id, k->name,
			    wb->nctas - 1, (unsigned long long)g);
	else
		wt_snprintf(err, errlen, "kernel %u (%s): thread %u lies "
			    "outside the grid of %llu CTAs", k->id, k->name,
			    kb->max_thread, (unsigned long long)g);
}

static int run(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
	       struct wt_kbuf *kb, struct wt_wbuf *wb, wt_order_need need,
	       void *needctx, uint64_t start,
	       wt_order_emit emit, void *ctx, struct wt_order_stats *st,
	       char *err, size_t errlen)
{
	struct model m;
	const char *why;
	int r = 0;

	memset(st, 0, sizeof(*st));
	memset(&m, 0, sizeof(m));
	st->sm_instrs = wt_calloc(cfg->sms, sizeof(*st->sm_instrs));
	st->sm_ctas = wt_calloc(cfg->sms, sizeof(*st->sm_ctas));
	st->start = st->end = start;
	m.cps = wt_order_occupancy(cfg, k, &why);
	st->ctas_per_sm = m.cps;
	st->limited_by = why;
	if (m.cps == 0) {
		wt_snprintf(err, errlen, "kernel %u (%s): a CTA of %llu threads "
			    "does not fit on an SM (limited by %s)", k->id, k->name,
			    (unsigned long long)wt_kernel_block_threads(k), why);
		return -1;
	}
	m.cfg = cfg;
	m.kb = kb;
	m.wb = wb;
	m.W = cfg->warp_size;
	m.bt = (unsigned)wt_kernel_block_threads(k);
	m.wpc = (m.bt + m.W - 1) / m.W;
	m.nctas = wb ? wb->nctas : kb->nctas;
	if (k->grid[0]) {
		uint64_t g = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];

		if (m.nctas > g) {
			grid_error(k, kb, wb, g, err, errlen);
			return -1;
		}
		m.nctas = (uint32_t)g;
	}
	m.need = need;
	m.needctx = needctx;
	m.emit = emit;
	m.ctx = ctx;
	m.st = st;
	m.rec = wt_calloc(1, sizeof(struct wt_warp) + 8 * (size_t)m.W);
	m.full = m.W == 64 ? UINT64_MAX : (1ULL << m.W) - 1;
	m.any_warp = !cfg->warp_limit && cfg->policy != WT_POLICY_TWO_LEVEL;
	if (kb) {
		m.toff = wt_malloc(((size_t)m.bt + 1) * sizeof(*m.toff));
		if (cfg->drop_stores)
			m.koff = wt_malloc(((size_t)m.bt + 1) * sizeof(*m.koff));
	}
	m.sm = wt_calloc(cfg->sms, sizeof(*m.sm));
	for (unsigned i = 0; i < cfg->sms; i++) {
		struct sm *sm = &m.sm[i];

		sm->w = wt_calloc((size_t)m.cps * m.wpc, sizeof(*sm->w));
		sm->c = wt_calloc(m.cps, sizeof(*sm->c));
		sm->s = wt_calloc(cfg->schedulers, sizeof(*sm->s));
		for (unsigned j = 0; j < cfg->schedulers; j++) {
			sm->s[j].order = wt_calloc((size_t)m.cps * m.wpc,
						   sizeof(*sm->s[j].order));
			sm->s[j].ready = wt_calloc((size_t)m.cps * m.wpc,
						   sizeof(*sm->s[j].ready));
			sm->s[j].free_at = start;
			sm->s[j].pending = NONE;
		}
	}

	/* Round robin over the SMs until each is full, from first_sm. */
	for (unsigned c = 0; c < m.cps && m.next_cta < m.nctas && !m.failed; c++)
		for (unsigned i = 0; i < cfg->sms && m.next_cta < m.nctas &&
		     !m.failed; i++)
			dispatch(&m, (cfg->first_sm + i) % cfg->sms, c, start);
	for (unsigned i = 0; i < cfg->sms; i++)
		for (unsigned j = 0; j < cfg->schedulers; j++)
			resched(&m, i, j, start);

	while (m.nheap > 0 && !m.failed) {
		struct event ev = pop(&m);
		uint32_t smi = EV_SM(ev), si = EV_ARG(ev);
		struct sched *s;
		int ws;

		for (size_t e = 0; e < 3 && e < m.nheap; e++)
			prefetch_event(&m, &m.heap[e]);
		if (EV_TYPE(ev) == EV_CTA_DONE) {
			cta_done(&m, smi, si, ev.time);
			continue;
		}
		s = &m.sm[smi].s[si];
		if (EV_TYPE(ev) == EV_ISSUE) {
			finish_issue(&m, smi, s, ev.time);
			resched(&m, smi, si, s->free_at);
			continue;
		}
		if (ev.time != s->pending || s->busy)
			continue;	/* superseded */
		s->pending = NONE;
		ws = pick(&m, &m.sm[smi], s, ev.time);
		if (ws < 0) {
			resched(&m, smi, si, ev.time + 1);
			continue;
		}
		issue(&m, smi, s, (unsigned)ws, ev.time);
		if (s->busy_icount > 0) {
			push(&m, ev.time + s->busy_icount, EV_ISSUE, smi, si);
			continue;
		}
		/* Its issue event would come next: at this time, it comes
		 * before this event, which came before every other. */
		finish_issue(&m, smi, s, ev.time);
		resched(&m, smi, si, s->free_at);
	}
	if (m.need_failed && kb->max_thread / m.bt >= m.nctas) {
		/* need() read past the grid: the same error as when the whole
		 * kernel is read first (it has read on to the kernel's end). */
		grid_error(k, kb, NULL, m.nctas, err, errlen);
		r = -1;
	} else if (m.need_failed) {
		wt_snprintf(err, errlen, "kernel %u (%s): input failed", k->id, k->name);
		r = -1;
	} else if (m.bad[0]) {
		wt_snprintf(err, errlen, "kernel %u (%s): %s", k->id, k->name, m.bad);
		r = -1;
	} else if (m.failed) {
		wt_snprintf(err, errlen, "kernel %u (%s): output failed", k->id, k->name);
		r = -1;
	} else if (m.next_cta < m.nctas || m.ended != m.nctas) {
		/* Every CTA must have been dispatched and ended: anything else
		 * is a bug here, and must not pass as a short result. */
		wt_snprintf(err, errlen, "kernel %u (%s): internal error: %llu of "
			    "%u CTAs ran", k->id, k->name,
			    (unsigned long long)m.ended, m.nctas);
		r = -1;
	}
	for (unsigned i = 0; i < cfg->sms; i++) {
		for (unsigned j = 0; j < cfg->schedulers; j++) {
			free(m.sm[i].s[j].order);
			free(m.sm[i].s[j].ready);
		}
		for (unsigned c = 0; c < m.cps; c++)
			free(m.sm[i].c[c].buf);
		free(m.sm[i].w);
		free(m.sm[i].c);
		free(m.sm[i].s);
	}
	free(m.sm);
	free(m.heap);
	free(m.rec);
	free(m.toff);
	free(m.koff);
	free(m.kept);
	return r;
}

int wt_order_run(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
		 struct wt_kbuf *kb, uint64_t start, wt_order_emit emit,
		 void *ctx, struct wt_order_stats *st, char *err, size_t errlen)
{
	return run(cfg, k, kb, NULL, NULL, NULL, start, emit, ctx, st, err,
		   errlen);
}

int wt_order_run_stream(const struct wt_order_cfg *cfg,
			const struct wt_kernel *k, struct wt_kbuf *kb,
			wt_order_need need, void *needctx, uint64_t start,
			wt_order_emit emit, void *ctx,
			struct wt_order_stats *st, char *err, size_t errlen)
{
	return run(cfg, k, kb, NULL, need, needctx, start, emit, ctx, st, err,
		   errlen);
}

int wt_order_run_warps(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
		       struct wt_wbuf *wb, uint64_t start, wt_order_emit emit,
		       void *ctx, struct wt_order_stats *st, char *err,
		       size_t errlen)
{
	return run(cfg, k, NULL, wb, NULL, NULL, start, emit, ctx, st, err,
		   errlen);
}

void wt_order_stats_free(struct wt_order_stats *st)
{
	free(st->sm_instrs);
	free(st->sm_ctas);
	st->sm_instrs = st->sm_ctas = NULL;
}
