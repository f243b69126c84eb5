/*
 * linetab.c - see linetab.h.  A slot is the key plus one (0: empty) and
 * the record after it.  The key UINT64_MAX, which would wrap to 0, has a
 * record of its own outside the table.
 *
 * A table starts as one array (a part).  When that would grow past its
 * split size (128 MiB) it is split instead into PARTS parts, each then
 * grown on its own: while a part is copied, its old and new slots are
 * held at once, a 64th of the table more rather than twice the table as
 * one array would hold.  A key's part is the top bits of its hash (none
 * while there is one part), and its home in the part the high part of
 * the other bits times the part's size (Lemire's reduction), so the size
 * need not be a power of two and can grow by a quarter.  The home is
 * monotonic in the hash, so growing walks the old part into the new one
 * nearly in order (as setreuse.c's tables do).
 *
 * Parts are not made from the start: 64 small arrays, each grown through
 * the heap, would leave the heap holding their old copies.  Split at
 * 128 MiB, each part starts at a 64th of 160 MiB, large enough that
 * wt_calloc_big maps it with huge pages and freeing it gives it back.  A
 * table up to the split size still holds its old copy while it grows.
 * (On 2^30 stream accesses, classify's peak is the same split at 16 MiB,
 * but its parts then take 4 times the page faults.)
 */
#include "linetab.h"
#include "hash.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum {
	PART_BITS = 6,
	PARTS = 1 << PART_BITS,
	SIZE_MIN = 64,		/* slots of the first part */
	POS_SHIFT = 48		/* next's *pos: part << POS_SHIFT | slot */
};

struct part {
	unsigned char *mem;	/* size slots of stride bytes */
	uint64_t size, limit, n;
};

struct wt_linetab {
	struct part part[PARTS];
	unsigned bits;		/* 0: one part; PART_BITS: PARTS */
	size_t stride, rec_size, split_bytes;
	unsigned char *max_rec;	/* the record of UINT64_MAX, if has_max */
	int has_max;
};

static inline uint64_t *slot_key(const struct wt_linetab *t,
				 const struct part *p, uint64_t i)
{
	return (uint64_t *)(void *)(p->mem + i * t->stride);
}

static inline unsigned nparts(const struct wt_linetab *t)
{
	return 1u << t->bits;
}

/* The index of the part of a key with this hash. */
static inline unsigned part_ix(const struct wt_linetab *t, uint64_t hash)
{
	return t->bits ? (unsigned)(hash >> (64 - t->bits)) : 0;
}

static inline uint64_t home(const struct wt_linetab *t, const struct part *p,
			    uint64_t hash)
{
	return (uint64_t)(((unsigned __int128)(hash << t->bits) * p->size) >> 64);
}

static void set_size(struct wt_linetab *t, struct part *p, uint64_t size)
{
	p->mem = wt_calloc_big(size, t->stride);
	p->size = size;
	p->limit = size * 4 / 5;
}

struct wt_linetab *wt_linetab_new(size_t rec_size)
{
	return wt_linetab_new_split(rec_size, (size_t)128 << 20);
}

struct wt_linetab *wt_linetab_new_split(size_t rec_size, size_t split_bytes)
{
	struct wt_linetab *t = wt_calloc(1, sizeof(*t));

	t->split_bytes = split_bytes;
	t->rec_size = rec_size ? rec_size : 1;
	t->stride = 8 + (t->rec_size + 7) / 8 * 8;
	t->max_rec = wt_calloc(1, t->rec_size);
	set_size(t, &t->part[0], SIZE_MIN);
	return t;
}

void wt_linetab_free(struct wt_linetab *t)
{
	if (!t)
		return;
	for (unsigned i = 0; i < nparts(t); i++)
		wt_free_big(t->part[i].mem, t->part[i].size, t->stride);
	free(t->max_rec);
	free(t);
}

/* The slot of key (stored plus one, hash its hash) in p: where it is, or
 * where it would go. */
static uint64_t find(const struct wt_linetab *t, const struct part *p,
		     uint64_t stored, uint64_t hash)
{
	uint64_t i = home(t, p, hash), k;

	while ((k = *slot_key(t, p, i)) && k != stored)
		if (++i == p->size)
			i = 0;
	return i;
}

static void grow(struct wt_linetab *t, struct part *p);

/* Put the n slots at old into the parts, then free them. */
static void rehash(struct wt_linetab *t, unsigned char *old, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		const unsigned char *s = old + i * t->stride;
		uint64_t stored, hash;
		struct part *p;

		memcpy(&stored, s, sizeof(stored));
		if (!stored)
			continue;
		hash = wt_mix64(stored - 1);
		p = &t->part[part_ix(t, hash)];
		if (p->n >= p->limit)	/* a split gave p more than its share */
			grow(t, p);
		memcpy(p->mem + find(t, p, stored, hash) * t->stride, s,
		       t->stride);
		p->n++;
	}
	wt_free_big(old, n, t->stride);
}

/* Part p is full: a quarter more slots, or the lone part split. */
static void grow(struct wt_linetab *t, struct part *p)
{
	unsigned char *old = p->mem;
	uint64_t n = p->size, size = (n + n / 4 + 4) & ~(uint64_t)3;

	if (t->bits == 0 && size * t->stride > t->split_bytes) {
		uint64_t part_size = size / PARTS > 8 ? size / PARTS : 8;

		t->bits = PART_BITS;
		for (unsigned i = 0; i < PARTS; i++) {
			set_size(t, &t->part[i], part_size);
			t->part[i].n = 0;
		}
	} else {
		set_size(t, p, size);
		p->n = 0;
	}
	rehash(t, old, n);
}

void *wt_linetab_get(struct wt_linetab *t, uint64_t key, int *added)
{
	uint64_t hash, i, *k;
	struct part *p;

	if (key == UINT64_MAX) {
		*added = !t->has_max;
		if (*added) {
			t->has_max = 1;
			memset(t->max_rec, 0, t->rec_size);
		}
		return t->max_rec;
	}
	hash = wt_mix64(key);
	p = &t->part[part_ix(t, hash)];
	i = find(t, p, key + 1, hash);
	k = slot_key(t, p, i);
	*added = !*k;
	if (*added) {
		if (p->n >= p->limit) {
			grow(t, p);
			p = &t->part[part_ix(t, hash)];
			i = find(t, p, key + 1, hash);
			k = slot_key(t, p, i);
		}
		*k = key + 1;
		p->n++;		/* the record is zero: new or cleared */
	}
	return k + 1;
}

void wt_linetab_prefetch(const struct wt_linetab *t, uint64_t key)
{
	uint64_t hash = wt_mix64(key);
	const struct part *p = &t->part[part_ix(t, hash)];

	__builtin_prefetch(p->mem + home(t, p, hash) * t->stride);
}

void *wt_linetab_next(struct wt_linetab *t, size_t *pos)
{
	uint64_t part = *pos >> POS_SHIFT;
	uint64_t i = *pos & (((uint64_t)1 << POS_SHIFT) - 1);

	for (; part < nparts(t); part++, i = 0) {
		const struct part *p = &t->part[part];

		while (i < p->size) {
			uint64_t *k = slot_key(t, p, i++);

			if (*k) {
				*pos = (size_t)(part << POS_SHIFT | i);
				return k + 1;
			}
		}
	}
	*pos = (size_t)((uint64_t)(PARTS + 1) << POS_SHIFT);
	if (part == nparts(t) && t->has_max)
		return t->max_rec;
	return NULL;
}

size_t wt_linetab_count(const struct wt_linetab *t)
{
	size_t n = t->has_max ? 1 : 0;

	for (unsigned i = 0; i < nparts(t); i++)
		n += t->part[i].n;
	return n;
}

size_t wt_linetab_bytes(const struct wt_linetab *t)
{
	size_t bytes = sizeof(*t) + t->rec_size;

	for (unsigned i = 0; i < nparts(t); i++)
		bytes += t->part[i].size * t->stride;
	return bytes;
}

size_t wt_linetab_part_bytes(const struct wt_linetab *t)
{
	uint64_t most = 0;

	for (unsigned i = 0; i < nparts(t); i++)
		if (t->part[i].size > most)
			most = t->part[i].size;
	return most * t->stride;
}

void wt_linetab_clear(struct wt_linetab *t)
{
	for (unsigned i = 0; i < nparts(t); i++) {
		memset(t->part[i].mem, 0, t->part[i].size * t->stride);
		t->part[i].n = 0;
	}
	t->has_max = 0;
}
