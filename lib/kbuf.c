/*
 * kbuf.c - per-CTA access buffers.
 */
#include "kbuf.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_kbuf_init(struct wt_kbuf *kb, uint32_t block_threads)
{
	memset(kb, 0, sizeof(*kb));
	kb->block_threads = block_threads;
}

void wt_kbuf_add(struct wt_kbuf *kb, const struct wt_access *a)
{
	uint32_t c = a->thread / kb->block_threads;
	struct wt_kbuf_cta *x;

	if (c >= kb->cap) {
		size_t n = kb->cap ? kb->cap : 64;

		while (n <= c)
			n *= 2;
		kb->cta = wt_realloc(kb->cta, n * sizeof(*kb->cta));
		memset(kb->cta + kb->cap, 0, (n - kb->cap) * sizeof(*kb->cta));
		kb->cap = n;
	}
	if (c >= kb->nctas)
		kb->nctas = c + 1;
	x = &kb->cta[c];
	if (x->n == x->cap) {
		x->cap = x->cap ? x->cap + x->cap / 2 : 8;
		x->a = wt_realloc(x->a, x->cap * sizeof(*x->a));
	}
	x->a[x->n++] = *a;
	kb->accesses++;
	if (a->thread > kb->max_thread)
		kb->max_thread = a->thread;
}

void wt_kbuf_skip(struct wt_kbuf *kb, const struct wt_access *a)
{
	if (a->thread > kb->max_thread)
		kb->max_thread = a->thread;
}

uint32_t *wt_kbuf_sort_cta(struct wt_kbuf *kb, uint32_t c)
{
	uint32_t nt = kb->block_threads;
	uint32_t *off = wt_calloc((size_t)nt + 1, sizeof(*off));
	struct wt_kbuf_cta *x;
	struct wt_access *sorted;
	uint32_t *pos;

	if (c >= kb->nctas || kb->cta[c].n == 0)
		return off;
	x = &kb->cta[c];
	for (size_t i = 0; i < x->n; i++)
		off[x->a[i].thread % nt + 1]++;
	for (uint32_t t = 0; t < nt; t++)
		off[t + 1] += off[t];
	pos = wt_malloc((size_t)nt * sizeof(*pos));
	memcpy(pos, off, (size_t)nt * sizeof(*pos));
	sorted = wt_malloc(x->n * sizeof(*sorted));
	for (size_t i = 0; i < x->n; i++)
		sorted[pos[x->a[i].thread % nt]++] = x->a[i];
	free(pos);
	free(x->a);
	x->a = sorted;
	x->cap = x->n;
	return off;
}

const struct wt_access *wt_kbuf_cta(const struct wt_kbuf *kb, uint32_t c)
{
	return c < kb->nctas ? kb->cta[c].a : NULL;
}

void wt_kbuf_release_cta(struct wt_kbuf *kb, uint32_t c)
{
	if (c >= kb->nctas)
		return;
	free(kb->cta[c].a);
	memset(&kb->cta[c], 0, sizeof(kb->cta[c]));
}

void wt_kbuf_free(struct wt_kbuf *kb)
{
	for (size_t c = 0; c < kb->nctas; c++)
		free(kb->cta[c].a);
	free(kb->cta);
	memset(kb, 0, sizeof(*kb));
}
