/*
 * gspool.c - the warps of a gpusim SM as the L1 policies' pool hooks see
 * them (l1hook.h's struct wt_pool), so that the policies that schedule
 * warps (CCWS, PCAL, MRPB, a warp limit, and the limits DWT-CS and SWT
 * set across the SMs) run in the closed loop as they run in l1sim's
 * pool.
 *
 * The pool's warp indices are the SM's slots: a warp takes the lowest
 * free one when its CTA arrives and frees it when it is done (the
 * active hook says both); its age is its arrival order.  Each kernel
 * has its own instances on each SM, made as its first CTA arrives there
 * (the slots: the CTAs an SM holds times the most warps a CTA has).
 *
 * A warp limit lets the oldest warps on the SM issue, the others wait
 * (a warp that is not admitted issues nothing, as in the pool; one whose
 * instruction is in the LD/ST unit finishes it).  Warps waiting at a CTA
 * barrier do not count against the limit.  A policy may hold a
 * warp back from a memory instruction (may_issue), and choose which of a
 * scheduler's candidates issues (pick: the queue is the warps that
 * scheduler could issue this cycle, in its order of preference); it sees
 * each instruction the LD/ST unit takes (issue) and each request the
 * unit offers the L1 (accessed), retried ones too.
 */
#include "simint.h"

#include "l1model.h"
#include "l1policy.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ---- the face (l1hook.h) ---- */

static const struct gs_sm *sm_of(const struct wt_pool *f)
{
	return (const struct gs_sm *)f;	/* its first member */
}

static struct wt_l1 *face_l1(const struct wt_pool *f)
{
	return sm_of(f)->model;
}

static size_t face_nwarps(const struct wt_pool *f)
{
	return sm_of(f)->nslot;
}

static uint64_t face_time(const struct wt_pool *f)
{
	return sm_of(f)->now;
}

static const struct wt_request *face_next(const struct wt_pool *f, size_t wi,
					  int *first, unsigned *left)
{
	struct gs_sm *s = (struct gs_sm *)sm_of(f);
	struct gs_warp *w = s->slot[wi];
	struct gs_next *x = &s->nx[wi];

	if (!w || w->next >= w->nrec || w->rec[w->next]->op == WT_OP_NONE)
		return NULL;
	if (x->w != w || x->rec != w->next)
		return NULL;	/* not coalesced yet: see gs_pool_requests */
	*first = 1;
	*left = x->n;
	return x->n ? &x->req[0] : NULL;
}

static uint32_t face_warp(const struct wt_pool *f, size_t wi)
{
	const struct gs_warp *w = sm_of(f)->slot[wi];

	return w ? w->id : UINT32_MAX;
}

static void face_range(const struct wt_pool *f, size_t *lo, size_t *hi)
{
	*lo = 0;
	*hi = sm_of(f)->nres;
}

static size_t face_by_age(const struct wt_pool *f, size_t i)
{
	return sm_of(f)->res[i]->slot;
}

static uint64_t face_age(const struct wt_pool *f, size_t wi)
{
	const struct gs_warp *w = sm_of(f)->slot[wi];

	return w ? w->age : UINT64_MAX;
}

static int face_admitted(const struct wt_pool *f, size_t wi)
{
	const struct gs_warp *w = sm_of(f)->slot[wi];

	return w && w->admitted && w->state != GS_DONE;
}

static size_t face_queued(const struct wt_pool *f)
{
	return sm_of(f)->nqueue;
}

static size_t face_queue_at(const struct wt_pool *f, size_t i)
{
	return sm_of(f)->queue[i]->slot;
}

static const struct wt_pool_ops face_ops = {
	.l1 = face_l1,
	.nwarps = face_nwarps,
	.time = face_time,
	.next = face_next,
	.warp = face_warp,
	.range = face_range,
	.by_age = face_by_age,
	.age = face_age,
	.admitted = face_admitted,
	.queued = face_queued,
	.queue_at = face_queue_at,
};

/* ---- a kernel on the SM ---- */

void gs_pool_begin(struct wt_gpusim *g, struct gs_sm *s)
{
	const struct wt_l1_policy *p = g->cfg->l1->pol;
	const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES];
	unsigned n = p ? wt_l1_policy_ops_of(p, ops) : 0;

	s->face.ops = &face_ops;
	s->nslot = g->kern->cps * g->kern->wpc;
	s->slot = wt_calloc(s->nslot ? s->nslot : 1, sizeof(*s->slot));
	s->res = wt_calloc(s->nslot ? s->nslot : 1, sizeof(*s->res));
	s->queue = wt_calloc(s->nslot ? s->nslot : 1, sizeof(*s->queue));
	s->nres = 0;
	s->nqueue = 0;
	s->limit = g->sm_limit ? g->sm_limit[s->id] : 0;
	s->pols = wt_calloc(n ? n : 1, sizeof(*s->pols));
	s->npol = 0;
	s->picks = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!ops[i]->pool_init)
			continue;
		s->pols[s->npol].ops = ops[i];
		s->pols[s->npol].s = ops[i]->pool_init(p, &s->face,
						       wt_l1_pol_state(s->model, ops[i]));
		/* the limit a policy starts with, unless one across the SMs
		 * chose (as l1sim's pool: set_limit after) */
		if (ops[i]->limit && !g->sm_limit)
			s->limit = ops[i]->limit(s->pols[s->npol].s);
		s->picks |= ops[i]->pick != NULL;
		s->npol++;
	}
	if (s->npol)
		s->nx = wt_calloc(s->nslot ? s->nslot : 1, sizeof(*s->nx));
}

void gs_pool_end(struct gs_sm *s)
{
	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->pool_free)
			s->pols[i].ops->pool_free(s->pols[i].s);
	free(s->pols);
	free(s->slot);
	free(s->res);
	free(s->queue);
	free(s->nx);
	s->pols = NULL;
	s->slot = s->res = s->queue = NULL;
	s->nx = NULL;
	s->npol = s->nslot = s->nres = 0;
	s->nqueue = 0;
	s->limit = 0;
}

/* ---- warps coming and going, and the limit ---- */

static void set_active(struct gs_sm *s, struct gs_warp *w, int on)
{
	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->active)
			s->pols[i].ops->active(s->pols[i].s, &s->face, w->slot, on);
}

void gs_pool_arrive(struct gs_sm *s, struct gs_warp *w)
{
	unsigned k = 0;

	while (k < s->nslot && s->slot[k])
		k++;
	if (k == s->nslot)	/* the occupancy's CTAs fit: cannot be */
		wt_die(WT_EXIT_DATA, "SM %u: no slot for warp %u; this is a bug",
		       s->id, w->id);
	s->slot[k] = w;
	w->slot = k;
	s->res[s->nres++] = w;	/* the youngest */
	set_active(s, w, 1);
}

/* The oldest limit warps are admitted (those waiting at a barrier do not
 * count: they would hold back the warps the barrier waits for); the
 * policies that care see it. */
void gs_pool_admit(struct gs_sm *s)
{
	unsigned k = 0;

	for (unsigned i = 0; i < s->nres; i++) {
		s->res[i]->admitted = !s->limit || k < s->limit;
		k += s->res[i]->state != GS_BAR;
	}
	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->admitted)
			s->pols[i].ops->admitted(s->pols[i].s, &s->face);
}

void gs_pool_leave(struct gs_sm *s, struct gs_warp *w)
{
	unsigned i = 0;

	set_active(s, w, 0);
	while (i < s->nres && s->res[i] != w)
		i++;
	if (i < s->nres) {
		memmove(s->res + i, s->res + i + 1, (s->nres - i - 1) * sizeof(*s->res));
		s->nres--;
	}
	s->slot[w->slot] = NULL;
	gs_pool_admit(s);
}

void gs_pool_set_limit(struct gs_sm *s, unsigned warps)
{
	if (s->limit == warps)
		return;
	s->limit = warps;
	if (s->slot)
		gs_pool_admit(s);
}

/* ---- issue ---- */

int gs_pool_allows(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w)
{
	if (!w->admitted) {
		s->held = 1;
		return 0;
	}
	if (!s->npol || w->next >= w->nrec || w->rec[w->next]->op == WT_OP_NONE)
		return 1;
	/* the policies look at its next memory instruction's requests */
	gs_pool_requests(g, s, w, NULL);
	if (w->nonmem > 0)	/* they hold back memory instructions only */
		return 1;
	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->may_issue &&
		    !s->pols[i].ops->may_issue(s->pols[i].s, &s->face, w->slot)) {
			s->held = 1;
			return 0;
		}
	return 1;
}

size_t gs_pool_pick(struct gs_sm *s)
{
	size_t pos = 0;

	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->pick) {
			pos = s->pols[i].ops->pick(s->pols[i].s, &s->face);
			break;
		}
	return pos < s->nqueue ? pos : 0;
}

/* Record r's requests of SM s's L1, coalesced. */
static unsigned coalesce(struct wt_gpusim *g, struct gs_sm *s, const struct wt_warp *r,
			 struct wt_request *req)
{
	unsigned n = gs_coalesce(g->cs, r, req);

	for (unsigned i = 0; i < n; i++)
		req[i].sm = (uint16_t)s->id;
	return n;
}

unsigned gs_pool_requests(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
			  struct wt_request *req)
{
	struct gs_next *x;

	if (!s->nx)
		return req ? coalesce(g, s, w->rec[w->next], req) : 0;
	/* once a record: the policies may have asked for them already */
	x = &s->nx[w->slot];
	if (x->w != w || x->rec != w->next) {
		x->w = w;
		x->rec = w->next;
		x->n = coalesce(g, s, w->rec[w->next], x->req);
	}
	if (req)
		memcpy(req, x->req, x->n * sizeof(*req));
	return x->n;
}

void gs_pool_issue(struct gs_sm *s, struct gs_warp *w)
{
	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->issue)
			s->pols[i].ops->issue(s->pols[i].s, &s->face, w->slot);
	/* PCAL's no-allocation holds for the whole instruction, whose
	 * requests the LD/ST unit offers over several cycles */
	s->unoalloc = s->model->noalloc;
	s->model->noalloc = 0;
}

void gs_pool_accessed(struct gs_sm *s, struct gs_warp *w, const struct wt_request *r,
		      int missed)
{
	for (unsigned i = 0; i < s->npol; i++)
		if (s->pols[i].ops->accessed)
			s->pols[i].ops->accessed(s->pols[i].s, &s->face, w->slot, r,
						 missed);
}
