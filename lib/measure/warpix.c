/*
 * warpix.c - see warpix.h.  In the table, a warp that is present has its
 * bit in `present`, so that any value, 0 included, can be stored.
 */
#include "warpix.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define SLACK 65536

struct wt_warpix {
	uint64_t *val;		/* dense: the value of warp i */
	uint64_t *present;	/* dense: bit i set if warp i is there */
	size_t cap;		/* ids below cap fit the table */
	size_t n;		/* warps in the table */
	struct wt_u64map *map;	/* sparse: every warp, or NULL */
};

struct wt_warpix *wt_warpix_new(void)
{
	return wt_calloc(1, sizeof(struct wt_warpix));
}

void wt_warpix_free(struct wt_warpix *x)
{
	if (!x)
		return;
	free(x->val);
	free(x->present);
	wt_u64map_free(x->map);
	free(x);
}

static int there(const struct wt_warpix *x, uint32_t warp)
{
	return warp < x->cap && (x->present[warp / 64] >> (warp % 64) & 1);
}

/* Whether a table to warp stays dense. */
static int dense_enough(const struct wt_warpix *x, uint32_t warp)
{
	return (uint64_t)warp < 4 * ((uint64_t)x->n + 1) + SLACK;
}

/* The table grows to take warp: doubled, or to warp + 1 (a multiple of
 * 64), whichever is larger. */
static void grow(struct wt_warpix *x, uint32_t warp)
{
	size_t cap = (size_t)warp + 1;

	if (2 * x->cap > cap)
		cap = 2 * x->cap;
	cap = (cap + 63) / 64 * 64;
	x->val = wt_realloc(x->val, cap * sizeof(*x->val));
	x->present = wt_realloc(x->present, cap / 64 * sizeof(*x->present));
	memset(x->present + x->cap / 64, 0, (cap - x->cap) / 64 *
	       sizeof(*x->present));
	x->cap = cap;
}

/* Every warp of the table moves to the hash map. */
static void go_sparse(struct wt_warpix *x)
{
	int added;

	x->map = wt_u64map_new();
	for (size_t i = 0; i < x->cap; i++)
		if (there(x, (uint32_t)i))
			*wt_u64map_get(x->map, i, &added) = x->val[i];
	x->n = 0;
}

/* wt_warpix_get for a warp not in the table, or any warp once sparse.
 * Out of line: the look-up of a warp that is there (nearly every one)
 * then saves no registers. */
static __attribute__((noinline)) uint64_t *get_slow(struct wt_warpix *x,
						    uint32_t warp, int *added)
{
	if (!x->map && !dense_enough(x, warp))
		go_sparse(x);
	if (x->map)
		return wt_u64map_get(x->map, warp, added);
	*added = 1;
	if (warp >= x->cap)
		grow(x, warp);
	x->present[warp / 64] |= (uint64_t)1 << (warp % 64);
	x->val[warp] = 0;
	x->n++;
	return &x->val[warp];
}

uint64_t *wt_warpix_get(struct wt_warpix *x, uint32_t warp, int *added)
{
	if (x->map || !there(x, warp))
		return get_slow(x, warp, added);
	*added = 0;
	return &x->val[warp];
}

const uint64_t *wt_warpix_find(const struct wt_warpix *x, uint32_t warp)
{
	if (x->map)
		return wt_u64map_find(x->map, warp);
	return there(x, warp) ? &x->val[warp] : NULL;
}

size_t wt_warpix_count(const struct wt_warpix *x)
{
	return x->map ? wt_u64map_count(x->map) : x->n;
}

int wt_warpix_in_order(const struct wt_warpix *x, uint64_t *vals)
{
	size_t k = 0;

	if (x->map)
		return -1;
	for (size_t i = 0; i < x->cap / 64; i++)
		for (uint64_t bits = x->present[i]; bits; bits &= bits - 1)
			vals[k++] = x->val[i * 64 + (size_t)__builtin_ctzll(bits)];
	return 0;
}

void wt_warpix_clear(struct wt_warpix *x)
{
	wt_u64map_free(x->map);
	x->map = NULL;
	if (x->cap)
		memset(x->present, 0, x->cap / 64 * sizeof(*x->present));
	x->n = 0;
}
