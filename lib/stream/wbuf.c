/*
 * wbuf.c - per-CTA buffers of warp records.
 */
#include "wbuf.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_wbuf_init(struct wt_wbuf *wb, unsigned lanes)
{
	memset(wb, 0, sizeof(*wb));
	wb->lanes = lanes;
	wb->recsize = sizeof(struct wt_warp) + 8 * (size_t)lanes;
}

void wt_wbuf_add(struct wt_wbuf *wb, const struct wt_warp *w)
{
	uint32_t c = w->cta;
	struct wt_wbuf_cta *x;

	if (c >= wb->cap) {
		size_t n = wb->cap ? wb->cap : 64;

		while (n <= c)
			n *= 2;
		wb->cta = wt_realloc(wb->cta, n * sizeof(*wb->cta));
		memset(wb->cta + wb->cap, 0, (n - wb->cap) * sizeof(*wb->cta));
		wb->cap = n;
	}
	if (c >= wb->nctas)
		wb->nctas = c + 1;
	x = &wb->cta[c];
	if (x->n == x->cap) {
		x->cap = x->cap ? x->cap + x->cap / 2 : 8;
		x->r = wt_realloc(x->r, x->cap * wb->recsize);
	}
	memcpy(x->r + x->n++ * wb->recsize, w, wb->recsize);
	wb->records++;
}

uint32_t *wt_wbuf_sort_cta(struct wt_wbuf *wb, uint32_t c, unsigned wpc)
{
	uint32_t *off = wt_calloc((size_t)wpc + 1, sizeof(*off)), *pos;
	uint64_t first = (uint64_t)c * wpc;
	struct wt_wbuf_cta *x;
	unsigned char *sorted;

	if (c >= wb->nctas || wb->cta[c].n == 0)
		return off;
	x = &wb->cta[c];
	/* A counting sort: stable, so each warp keeps its order. */
	for (size_t i = 0; i < x->n; i++)
		off[((const struct wt_warp *)(x->r + i * wb->recsize))->warp -
		    first + 1]++;
	for (unsigned w = 0; w < wpc; w++)
		off[w + 1] += off[w];
	pos = wt_malloc((size_t)wpc * sizeof(*pos));
	memcpy(pos, off, (size_t)wpc * sizeof(*pos));
	sorted = wt_malloc(x->n * wb->recsize);
	for (size_t i = 0; i < x->n; i++) {
		const unsigned char *r = x->r + i * wb->recsize;
		uint64_t w = ((const struct wt_warp *)r)->warp - first;

		memcpy(sorted + pos[w]++ * wb->recsize, r, wb->recsize);
	}
	free(pos);
	free(x->r);
	x->r = sorted;
	x->cap = x->n;
	return off;
}

const struct wt_warp *wt_wbuf_rec(const struct wt_wbuf *wb, uint32_t c, size_t i)
{
	return (const struct wt_warp *)(wb->cta[c].r + i * wb->recsize);
}

void wt_wbuf_release_cta(struct wt_wbuf *wb, uint32_t c)
{
	if (c >= wb->nctas)
		return;
	free(wb->cta[c].r);
	memset(&wb->cta[c], 0, sizeof(wb->cta[c]));
}

void wt_wbuf_free(struct wt_wbuf *wb)
{
	for (size_t c = 0; c < wb->nctas; c++)
		free(wb->cta[c].r);
	free(wb->cta);
	memset(wb, 0, sizeof(*wb));
}
