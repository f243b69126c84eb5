/*
 * linetab.c - see linetab.h.  A slot is the key plus one (0: empty) and
 * the record after it.  The key UINT64_MAX, which would wrap to 0, has a
 * record of its own outside the table.
 *
 * A key's home is the high part of hash * size (Lemire's reduction), so
 * the size need not be a power of two and can grow by a quarter; and the
 * home is monotonic in the hash, so growing walks the old table into the
 * new one nearly in order (as setreuse.c's tables do).
 */
#include "linetab.h"
#include "hash.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum { SIZE_MIN = 64 };

struct wt_linetab {
	unsigned char *mem;	/* size slots of stride bytes */
	size_t stride, rec_size;
	uint64_t size, limit, n;
	unsigned char *max_rec;	/* the record of UINT64_MAX, if has_max */
	int has_max;
};

static inline uint64_t *slot_key(const struct wt_linetab *t, uint64_t i)
{
	return (uint64_t *)(void *)(t->mem + i * t->stride);
}

static inline uint64_t home(const struct wt_linetab *t, uint64_t key)
{
	return (uint64_t)(((unsigned __int128)wt_mix64(key) * t->size) >> 64);
}

static void set_size(struct wt_linetab *t, uint64_t size)
{
	t->mem = wt_calloc_big(size, t->stride);
	t->size = size;
	t->limit = size * 4 / 5;
}

struct wt_linetab *wt_linetab_new(size_t rec_size)
{
	struct wt_linetab *t = wt_calloc(1, sizeof(*t));

	t->rec_size = rec_size ? rec_size : 1;
	t->stride = 8 + (t->rec_size + 7) / 8 * 8;
	t->max_rec = wt_calloc(1, t->rec_size);
	set_size(t, SIZE_MIN);
	return t;
}

void wt_linetab_free(struct wt_linetab *t)
{
	if (!t)
		return;
	wt_free_big(t->mem, t->size, t->stride);
	free(t->max_rec);
	free(t);
}

/* The slot of key (stored plus one): where it is, or where it would go. */
static uint64_t find(const struct wt_linetab *t, uint64_t stored)
{
	uint64_t i = home(t, stored - 1), k;

	while ((k = *slot_key(t, i)) && k != stored)
		if (++i == t->size)
			i = 0;
	return i;
}

static void grow(struct wt_linetab *t)
{
	unsigned char *old = t->mem;
	uint64_t n = t->size;

	set_size(t, (n + n / 4 + 4) & ~(uint64_t)3);
	for (uint64_t i = 0; i < n; i++) {
		const unsigned char *s = old + i * t->stride;
		uint64_t stored;

		memcpy(&stored, s, sizeof(stored));
		if (stored)
			memcpy(t->mem + find(t, stored) * t->stride, s, t->stride);
	}
	wt_free_big(old, n, t->stride);
}

void *wt_linetab_get(struct wt_linetab *t, uint64_t key, int *added)
{
	uint64_t i, *k;

	if (key == UINT64_MAX) {
		*added = !t->has_max;
		if (*added) {
			t->has_max = 1;
			memset(t->max_rec, 0, t->rec_size);
		}
		return t->max_rec;
	}
	i = find(t, key + 1);
	k = slot_key(t, i);
	*added = !*k;
	if (*added) {
		if (t->n >= t->limit) {
			grow(t);
			i = find(t, key + 1);
			k = slot_key(t, i);
		}
		*k = key + 1;
		t->n++;		/* the record is zero: new or cleared */
	}
	return k + 1;
}

void *wt_linetab_next(struct wt_linetab *t, size_t *pos)
{
	while (*pos < t->size) {
		uint64_t *k = slot_key(t, (*pos)++);

		if (*k)
			return k + 1;
	}
	if (*pos == t->size) {
		(*pos)++;
		if (t->has_max)
			return t->max_rec;
	}
	return NULL;
}

size_t wt_linetab_count(const struct wt_linetab *t)
{
	return t->n + (t->has_max ? 1 : 0);
}

size_t wt_linetab_bytes(const struct wt_linetab *t)
{
	return sizeof(*t) + t->size * t->stride + t->rec_size;
}

void wt_linetab_clear(struct wt_linetab *t)
{
	memset(t->mem, 0, t->size * t->stride);
	t->n = 0;
	t->has_max = 0;
}
