/*
 * test-cache.c - the tag store (cache.h) against a plain model of the
 * same cache: each set a list of its valid lines, most recent first, a
 * lookup a walk over the list.  Random traces over few lines, so that
 * many share the byte of their hash that wt_cache_find compares first,
 * through sets of 1 to 255 ways (within one word of those bytes, across
 * words, and ending inside one, where the next set's bytes follow) and of
 * 256 to 1024 ways (the order of a set's ways in 16-bit words, 4 to a
 * word), under LRU and FIFO, with lines invalidated now and then.  Each access must
 * hit or miss as in the model, and a miss evict the model's line.
 */
#include "cache.h"
#include "util.h"
#include "tap.h"
#include "rnd.h"

#include <stdlib.h>
#include <string.h>

enum { LINE = 128 };

/* The model: per set, its valid lines in order (most recent first). */
struct model {
	unsigned sets, assoc;
	uint64_t *line;		/* sets * assoc */
	unsigned *n;		/* valid lines per set */
};

static void model_init(struct model *m, unsigned sets, unsigned assoc)
{
	m->sets = sets;
	m->assoc = assoc;
	m->line = wt_calloc((size_t)sets * assoc, sizeof(*m->line));
	m->n = wt_calloc(sets, sizeof(*m->n));
}

static void model_free(struct model *m)
{
	free(m->line);
	free(m->n);
}

/* Where line is in set s's list, or -1. */
static int model_find(const struct model *m, unsigned s, uint64_t line)
{
	const uint64_t *l = &m->line[(size_t)s * m->assoc];

	for (unsigned i = 0; i < m->n[s]; i++)
		if (l[i] == line)
			return (int)i;
	return -1;
}

static void model_remove(struct model *m, unsigned s, int i)
{
	uint64_t *l = &m->line[(size_t)s * m->assoc];

	memmove(l + i, l + i + 1, (m->n[s] - (unsigned)i - 1) * sizeof(*l));
	m->n[s]--;
}

/* Put line first in set s's list, which has room for it. */
static void model_push_front(struct model *m, unsigned s, uint64_t line)
{
	uint64_t *l = &m->line[(size_t)s * m->assoc];

	memmove(l + 1, l, m->n[s] * sizeof(*l));
	l[0] = line;
	m->n[s]++;
}

/* An access: 1 for a hit; on a miss *evicted is the line that left, or 0
 * (no line is 0 here). */
static int model_access(struct model *m, unsigned s, uint64_t line, int lru,
			uint64_t *evicted)
{
	int i = model_find(m, s, line);

	*evicted = 0;
	if (i >= 0) {
		if (lru) {
			model_remove(m, s, i);
			model_push_front(m, s, line);
		}
		return 1;
	}
	if (m->n[s] == m->assoc)
		*evicted = m->line[(size_t)s * m->assoc + --m->n[s]];
	model_push_front(m, s, line);
	return 0;
}

/* The same access on the tag store. */
static int cache_access(struct wt_cache *c, unsigned s, uint64_t line,
			uint64_t *evicted)
{
	struct wt_cache_line old;
	int way = wt_cache_find(c, s, line);

	*evicted = 0;
	if (way >= 0) {
		wt_cache_touch(c, s, way);
		return 1;
	}
	way = wt_cache_victim(c, s, &old);
	if (old.state == WT_LINE_VALID)
		*evicted = old.addr;
	wt_cache_insert(c, s, way, line, WT_LINE_VALID, 0);
	return 0;
}

/* n accesses to `lines` distinct lines over sets x assoc, LRU or FIFO;
 * one access in 16 invalidates its line instead, where it is held. */
static void run(unsigned sets, unsigned assoc, unsigned lines, int lru, size_t n)
{
	struct wt_cache_geom g = { sets, assoc, LINE, lru ? WT_REPL_LRU : WT_REPL_FIFO,
				   0, 1 };
	struct wt_index ix;
	struct wt_cache c;
	struct model m;
	char err[256];
	size_t bad = 0, hits = 0;

	if (wt_index_parse("linear", sets, LINE, &ix, err, sizeof(err)) < 0 ||
	    wt_cache_init(&c, &g, &ix, err, sizeof(err)) < 0) {
		ok(0, "%u x %u: %s", sets, assoc, err);
		return;
	}
	model_init(&m, sets, assoc);
	for (size_t k = 0; k < n && bad < 5; k++) {
		uint64_t line = (1 + rnd() % lines) * LINE, ev_m, ev_c;
		unsigned s = wt_cache_set(&c, line);
		int hit_m, hit_c;

		if (rnd() % 16 == 0) {
			int i = model_find(&m, s, line), way = wt_cache_find(&c, s, line);

			if ((i >= 0) != (way >= 0)) {
				printf("#   access %zu: line %#llx held by %s only\n", k,
				       (unsigned long long)line, i >= 0 ? "the model" : "the cache");
				bad++;
			}
			if (i >= 0)
				model_remove(&m, s, i);
			if (way >= 0) {
				wt_cache_invalidate(&c, s, way);
				if (wt_cache_find(&c, s, line) >= 0) {
					printf("#   access %zu: line %#llx found after its "
					       "invalidation\n", k, (unsigned long long)line);
					bad++;
				}
			}
			continue;
		}
		hit_m = model_access(&m, s, line, lru, &ev_m);
		hit_c = cache_access(&c, s, line, &ev_c);
		hits += (size_t)hit_c;
		if (hit_m != hit_c || ev_m != ev_c) {
			printf("#   access %zu: line %#llx: model %s (evicts %#llx), "
			       "cache %s (evicts %#llx)\n", k, (unsigned long long)line,
			       hit_m ? "hit" : "miss", (unsigned long long)ev_m,
			       hit_c ? "hit" : "miss", (unsigned long long)ev_c);
			bad++;
		}
	}
	ok(bad == 0 && hits > 0 && hits < n, "%u sets x %u ways, %u lines, %s: "
	   "%zu hits, as the model", sets, assoc, lines, lru ? "LRU" : "FIFO", hits);
	model_free(&m);
	wt_cache_free(&c);
}

int main(void)
{
	static const unsigned assoc[] = {
		1, 3, 4, 7, 8, 9, 12, 16, 24, 33, 64, 255, 256, 257, 300, 1024
	};

	for (size_t i = 0; i < sizeof(assoc) / sizeof(assoc[0]); i++)
		for (unsigned sets = 1; sets <= 4; sets *= 2) {
			/* a third more lines than the cache holds: hits
			 * and misses both */
			unsigned lines = sets * assoc[i] * 4 / 3 + 2;

			run(sets, assoc[i], lines, 1, 20000);
			run(sets, assoc[i], lines, 0, 20000);
		}
	return tap_done();
}
