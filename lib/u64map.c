/*
 * u64map.c - see u64map.h.  Keys are stored plus one, so that 0 marks an
 * empty slot; the key UINT64_MAX, which would wrap to 0, lives in a slot
 * of its own outside the table.
 */
#include "u64map.h"
#include "hash.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct wt_u64map {
	uint64_t *key, *val;
	size_t cap, n;
	int has_max;		/* the key UINT64_MAX is present */
	uint64_t max_val;
};

struct wt_u64map *wt_u64map_new(void)
{
	struct wt_u64map *m = wt_calloc(1, sizeof(*m));

	m->cap = 1024;
	m->key = wt_calloc(m->cap, sizeof(*m->key));
	m->val = wt_calloc(m->cap, sizeof(*m->val));
	return m;
}

void wt_u64map_free(struct wt_u64map *m)
{
	if (!m)
		return;
	free(m->key);
	free(m->val);
	free(m);
}

/* Slot of key: where it is, or where it would go. */
static size_t slot(const struct wt_u64map *m, uint64_t key)
{
	size_t i = wt_mix64(key) & (m->cap - 1);

	while (m->key[i] && m->key[i] != key + 1)
		i = (i + 1) & (m->cap - 1);
	return i;
}

const uint64_t *wt_u64map_find(const struct wt_u64map *m, uint64_t key)
{
	size_t i;

	if (key == UINT64_MAX)
		return m->has_max ? &m->max_val : NULL;
	i = slot(m, key);
	return m->key[i] ? &m->val[i] : NULL;
}

static void grow(struct wt_u64map *m)
{
	uint64_t *okey = m->key, *oval = m->val;
	size_t ocap = m->cap;

	m->cap *= 2;
	m->key = wt_calloc(m->cap, sizeof(*m->key));
	m->val = wt_calloc(m->cap, sizeof(*m->val));
	for (size_t i = 0; i < ocap; i++)
		if (okey[i]) {
			size_t j = slot(m, okey[i] - 1);

			m->key[j] = okey[i];
			m->val[j] = oval[i];
		}
	free(okey);
	free(oval);
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
	i = slot(m, key);
	*added = !m->key[i];
	if (*added) {
		m->key[i] = key + 1;
		m->val[i] = 0;
		m->n++;
	}
	return &m->val[i];
}

size_t wt_u64map_count(const struct wt_u64map *m)
{
	return m->n + (m->has_max ? 1 : 0);
}

void wt_u64map_clear(struct wt_u64map *m)
{
	memset(m->key, 0, m->cap * sizeof(*m->key));
	m->n = 0;
	m->has_max = 0;
}
