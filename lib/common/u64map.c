/*
 * u64map.c - see u64map.h.  Keys are stored plus one, so that 0 marks an
 * empty slot; the key UINT64_MAX, which would wrap to 0, lives in a slot
 * of its own outside the table.  A slot holds its key and its value side
 * by side, so that a probe of a large map misses the cache once, not
 * once in an array of keys and again in one of values.
 */
#include "u64map.h"
#include "hash.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct slot {
	uint64_t key, val;
};

struct wt_u64map {
	struct slot *t;
	size_t cap, n;
	int has_max;		/* the key UINT64_MAX is present */
	uint64_t max_val;
};

struct wt_u64map *wt_u64map_new(void)
{
	struct wt_u64map *m = wt_calloc(1, sizeof(*m));

	/* Small at first: classify makes a few maps per SM at each kernel,
	 * and zeroing 1024 slots each was 8 K instructions a map; the table
	 * doubles as it fills. */
	m->cap = 64;
	m->t = wt_calloc(m->cap, sizeof(*m->t));
	return m;
}

void wt_u64map_free(struct wt_u64map *m)
{
	if (!m)
		return;
	free(m->t);
	free(m);
}

/* Slot of key: where it is, or where it would go. */
static size_t slot_of(const struct wt_u64map *m, uint64_t key)
{
	size_t i = wt_mix64(key) & (m->cap - 1);

	while (m->t[i].key && m->t[i].key != key + 1)
		i = (i + 1) & (m->cap - 1);
	return i;
}

const uint64_t *wt_u64map_find(const struct wt_u64map *m, uint64_t key)
{
	size_t i;

	if (key == UINT64_MAX)
		return m->has_max ? &m->max_val : NULL;
	i = slot_of(m, key);
	return m->t[i].key ? &m->t[i].val : NULL;
}

static void grow(struct wt_u64map *m)
{
	struct slot *old = m->t;
	size_t ocap = m->cap;

	m->cap *= 2;
	m->t = wt_calloc(m->cap, sizeof(*m->t));
	for (size_t i = 0; i < ocap; i++)
		if (old[i].key)
			m->t[slot_of(m, old[i].key - 1)] = old[i];
	free(old);
}

uint64_t *wt_u64map_get(struct wt_u64map *m, uint64_t key, int *added)
{
	size_t i;

	if (key == UINT64_MAX) {
		*added = !m->has_max;
		if (*added) {
			m->has_max = 1;
			m->max_val = 0;
		}
		return &m->max_val;
	}
	if (2 * (m->n + 1) > m->cap)
		grow(m);
	i = slot_of(m, key);
	*added = !m->t[i].key;
	if (*added) {
		m->t[i].key = key + 1;
		m->t[i].val = 0;
		m->n++;
	}
	return &m->t[i].val;
}

/*
 * Linear probing without tombstones: the keys after the hole, up to the
 * next empty slot, are moved back into it when their own slot does not
 * lie between the hole and where they are (cyclically), so that every
 * key stays reachable from its slot.  Removals leave the map as fast as
 * it was, however many there are.
 */
void wt_u64map_del(struct wt_u64map *m, uint64_t key)
{
	size_t mask = m->cap - 1, i, j, h;

	if (key == UINT64_MAX) {
		m->has_max = 0;
		return;
	}
	i = slot_of(m, key);
	if (!m->t[i].key)
		return;
	for (j = (i + 1) & mask; m->t[j].key; j = (j + 1) & mask) {
		h = wt_mix64(m->t[j].key - 1) & mask;
		if (i < j ? h <= i || h > j : h <= i && h > j) {
			m->t[i] = m->t[j];
			i = j;
		}
	}
	m->t[i].key = 0;
	m->n--;
}

size_t wt_u64map_count(const struct wt_u64map *m)
{
	return m->n + (m->has_max ? 1 : 0);
}

size_t wt_u64map_bytes(const struct wt_u64map *m)
{
	return sizeof(*m) + m->cap * sizeof(*m->t);
}

void wt_u64map_clear(struct wt_u64map *m)
{
	memset(m->t, 0, m->cap * sizeof(*m->t));
	m->n = 0;
	m->has_max = 0;
}
