/*
 * gskernel.c - a kernel's warp records made into what gpusim runs: each
 * warp's records in program order, the warps of each CTA, the CTAs in
 * the order they are dispatched (by id), and how many an SM holds.
 */
#include "simint.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

static int by_warp_instr(const void *a, const void *b)
{
	const struct wt_warp *x = *(const struct wt_warp *const *)a;
	const struct wt_warp *y = *(const struct wt_warp *const *)b;

	if (x->warp != y->warp)
		return x->warp < y->warp ? -1 : 1;
	if (x->instr != y->instr)
		return x->instr < y->instr ? -1 : 1;
	/* the same instr twice: keep the stream's order */
	return x < y ? -1 : x > y;
}

static int by_cta_warp(const void *a, const void *b)
{
	const struct gs_warp *x = a, *y = b;

	if (x->cta != y->cta)
		return x->cta < y->cta ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* The warps, from the records sorted by warp: w->cta is the CTA id here,
 * made an index later. */
static int make_warps(struct gs_kernel *gk, size_t n, char *err, size_t errlen)
{
	size_t i = 0;

	gk->warps = wt_calloc(n ? n : 1, sizeof(*gk->warps));
	while (i < n) {
		const struct wt_warp *r = gk->order[i];
		struct gs_warp *w = &gk->warps[gk->nwarps++];
		size_t j = i;

		while (j < n && gk->order[j]->warp == r->warp) {
			if (gk->order[j]->cta != r->cta) {
				wt_snprintf(err, errlen, "kernel %u (%s): warp %u "
					    "is in CTA %u and in CTA %u",
					    gk->k->id, gk->k->name, r->warp, r->cta,
					    gk->order[j]->cta);
				return -1;
			}
			if (gk->order[j]->op == WT_OP_NONE && j + 1 < n &&
			    gk->order[j + 1]->warp == r->warp) {
				wt_snprintf(err, errlen, "kernel %u (%s): warp %u: "
					    "a record of op none that is not its "
					    "last (instr %u)", gk->k->id,
					    gk->k->name, r->warp,
					    gk->order[j]->instr);
				return -1;
			}
			j++;
		}
		w->rec = gk->order + i;
		w->nrec = (uint32_t)(j - i);
		w->id = r->warp;
		w->cta = r->cta;
		w->nonmem = r->icount;
		w->state = GS_READY;
		i = j;
	}
	return 0;
}

static void make_ctas(struct gs_kernel *gk)
{
	qsort(gk->warps, gk->nwarps, sizeof(*gk->warps), by_cta_warp);
	gk->ctas = wt_calloc(gk->nwarps ? gk->nwarps : 1, sizeof(*gk->ctas));
	for (size_t i = 0; i < gk->nwarps; i++) {
		struct gs_warp *w = &gk->warps[i];

		if (!gk->nctas || gk->ctas[gk->nctas - 1].id != w->cta) {
			struct gs_cta *c = &gk->ctas[gk->nctas++];

			c->id = w->cta;
			c->first = (uint32_t)i;
		}
		gk->ctas[gk->nctas - 1].nwarps++;
		w->cta = (uint32_t)(gk->nctas - 1);
	}
	for (size_t i = 0; i < gk->nctas; i++)
		gk->ctas[i].left = gk->ctas[i].nwarps;
	gk->ctas_left = gk->nctas;
}

unsigned gs_coalesce(struct wt_cstream *cs, const struct wt_warp *r,
		     struct wt_request *req)
{
	struct wt_coalesce_stats st;
	size_t n;
	unsigned k = 0;

	memset(&st, 0, sizeof(st));
	n = wt_cstream_warp(cs, r, req, &st);
	for (size_t i = 0; i < n; i++)
		if (req[i].op != WT_OP_NONE)
			req[k++] = req[i];
	return k;
}

/* Each warp's requests of the caches, as the coalescer will make them. */
static void count_requests(struct gs_kernel *gk, const struct wt_gpusim_cfg *cfg)
{
	static struct wt_request r[WT_COALESCE_MAX_REQUESTS];
	struct wt_cstream *cs = wt_cstream_new(cfg->coal, cfg->shmem);

	gk->kwarp = wt_calloc(gk->nwarps ? gk->nwarps : 1, sizeof(*gk->kwarp));
	gk->kreq = wt_calloc(gk->nwarps ? gk->nwarps : 1, sizeof(*gk->kreq));
	for (size_t i = 0; i < gk->nwarps; i++) {
		const struct gs_warp *w = &gk->warps[i];

		gk->kwarp[i] = w->id;
		for (uint32_t j = 0; j < w->nrec; j++)
			gk->kreq[i] += gs_coalesce(cs, w->rec[j], r);
	}
	wt_cstream_free(cs);
}

int gs_kernel_build(struct gs_kernel *gk, const struct wt_gpusim_cfg *gc,
		    const struct wt_kernel *k, const void *recs, size_t n,
		    size_t record_size, char *err, size_t errlen)
{
	const struct wt_order_cfg *cfg = &gc->order;
	struct wt_kernel kk = *k;
	uint32_t most = 0;
	const char *why;

	memset(gk, 0, sizeof(*gk));
	gk->k = k;
	gk->order = wt_calloc(n ? n : 1, sizeof(*gk->order));
	for (size_t i = 0; i < n; i++)
		gk->order[i] = (const void *)((const unsigned char *)recs + i * record_size);
	qsort(gk->order, n, sizeof(*gk->order), by_warp_instr);
	if (make_warps(gk, n, err, errlen) < 0)
		return -1;
	make_ctas(gk);
	/* A kernel whose block is not known: its CTAs as large as the
	 * largest seen. */
	for (size_t i = 0; i < gk->nctas; i++)
		if (gk->ctas[i].nwarps > most)
			most = gk->ctas[i].nwarps;
	gk->wpc = most;
	if (!wt_kernel_block_threads(&kk)) {
		kk.block[0] = most * cfg->warp_size;
		kk.block[1] = kk.block[2] = 1;
	}
	/* a CTA's warps are its threads in warp_size slices, the last the
	 * rest */
	for (size_t i = 0; i < gk->nctas; i++)
		for (uint32_t j = 0; j < gk->ctas[i].nwarps; j++) {
			uint64_t bt = wt_kernel_block_threads(&kk), lo = (uint64_t)j * cfg->warp_size;

			gk->warps[gk->ctas[i].first + j].lanes = bt > lo + cfg->warp_size ?
				cfg->warp_size : bt > lo ? (unsigned)(bt - lo) : cfg->warp_size;
		}
	if (gc->l1->pol)
		count_requests(gk, gc);
	gk->cps = wt_order_occupancy(cfg, &kk, &why);
	gk->limited_by = why;
	if (gk->cps == 0 && gk->nctas) {
		wt_snprintf(err, errlen, "kernel %u (%s): a CTA of %llu threads "
			    "does not fit on an SM (limited by %s)", k->id, k->name,
			    (unsigned long long)wt_kernel_block_threads(&kk), why);
		return -1;
	}
	return 0;
}

void gs_kernel_free(struct gs_kernel *gk)
{
	free(gk->order);
	for (size_t i = 0; i < gk->nwarps; i++)
		free(gk->warps[i].ld);	/* a kernel that failed */
	free(gk->warps);
	free(gk->ctas);
	free(gk->kwarp);
	free(gk->kreq);
	memset(gk, 0, sizeof(*gk));
}
