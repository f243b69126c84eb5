/*
 * setreuse.c - reuse distances over all keys and within each key's set,
 * from one hash table per set (see setreuse.h).
 *
 * There are 1 + sets clocks (rclock.h): one whose marks are all keys, and
 * one per set whose marks are that set's keys.  A key's entry, in its
 * set's table, holds its slot on both.  Renumbering the clock of all keys
 * walks every table; renumbering a set's clock walks that set's table
 * only, which is why the tables are per set: a hot set with few lines
 * runs out of slots often, and must not pay for the whole cache's lines.
 *
 * A table is an open-addressed array of 16-byte entries with linear
 * probing, slot 0 marking an empty entry.  A key's home is the high part
 * of hash * size (Lemire's reduction), so the size need not be a power of
 * two: a table grows by a quarter when four fifths are in use, and stays
 * between 64 % and 80 % full where doubling at three quarters left it
 * 37.5 % to 75 % full.  The home is also monotonic in the hash, so a
 * table is in hash order (but for the few entries that wrapped past its
 * end), and growing walks the old table into the new one in order: the
 * stores move forward through memory instead of landing at random.
 */
#include "setreuse.h"
#include "rclock.h"
#include "reuse.h"
#include "util.h"

#include <stdlib.h>

enum {
	TABLE_MIN = 16,		/* entries of a set's table before growth */
};

struct entry {
	uint64_t key;
	uint32_t slot;		/* on the clock of all keys; 0: empty */
	uint32_t set_slot;	/* on the set's clock */
};

struct set {
	struct entry *e;
	uint64_t size;		/* entries */
	uint64_t limit;		/* keys before the table grows */
	struct wt_rclock clock;	/* its marks are the set's keys */
};

struct wt_setreuse {
	struct wt_rclock all;
	struct set *set;
	unsigned nsets;
};

static inline uint64_t home(uint64_t hash, uint64_t size)
{
	return (uint64_t)(((unsigned __int128)hash * size) >> 64);
}

static void set_table(struct set *s, uint64_t size)
{
	s->e = wt_calloc_big(size, sizeof(*s->e));
	s->size = size;
	s->limit = size * 4 / 5;
}

struct wt_setreuse *wt_setreuse_new(unsigned sets)
{
	struct wt_setreuse *r = wt_calloc(1, sizeof(*r));

	if (sets == 0)
		sets = 1;
	r->nsets = sets;
	r->set = wt_calloc(sets, sizeof(*r->set));
	wt_rclock_init(&r->all);
	for (unsigned i = 0; i < sets; i++) {
		set_table(&r->set[i], TABLE_MIN);
		wt_rclock_init(&r->set[i].clock);
	}
	return r;
}

void wt_setreuse_free(struct wt_setreuse *r)
{
	if (!r)
		return;
	for (unsigned i = 0; i < r->nsets; i++) {
		wt_free_big(r->set[i].e, r->set[i].size, sizeof(*r->set[i].e));
		wt_rclock_free(&r->set[i].clock);
	}
	free(r->set);
	wt_rclock_free(&r->all);
	free(r);
}

uint64_t wt_setreuse_distinct(const struct wt_setreuse *r)
{
	return r->all.marks;
}

size_t wt_setreuse_bytes(const struct wt_setreuse *r)
{
	size_t n = sizeof(*r) + r->nsets * sizeof(*r->set) +
		   wt_rclock_bytes(&r->all);

	for (unsigned i = 0; i < r->nsets; i++)
		n += r->set[i].size * sizeof(*r->set[i].e) +
		     wt_rclock_bytes(&r->set[i].clock);
	return n;
}

uint64_t wt_setreuse_compactions(const struct wt_setreuse *r)
{
	return r->all.renumbered;
}

#define COLD __attribute__((noinline, cold))

/* A quarter larger, in whole cache lines of entries. */
static COLD void grow(struct set *s)
{
	struct entry *old = s->e;
	uint64_t n = s->size;

	set_table(s, (n + n / 4 + 4) & ~(uint64_t)3);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t j;

		if (!old[i].slot)
			continue;
		for (j = home(wt_reuse_mix(old[i].key), s->size); s->e[j].slot;)
			if (++j == s->size)
				j = 0;
		s->e[j] = old[i];
	}
	wt_free_big(old, n, sizeof(*old));
}

/* The clock of all keys is used up: renumber it over every table. */
static COLD void compact_all(struct wt_setreuse *r)
{
	wt_rclock_rank_begin(&r->all);
	for (unsigned i = 0; i < r->nsets; i++) {
		struct set *s = &r->set[i];

		for (uint64_t j = 0; j < s->size; j++)
			if (s->e[j].slot)
				s->e[j].slot = wt_rclock_rank(&r->all,
							      s->e[j].slot);
	}
	wt_rclock_rank_end(&r->all);
}

/* A set's clock is used up: renumber it over its table. */
static COLD void compact_set(struct set *s)
{
	wt_rclock_rank_begin(&s->clock);
	for (uint64_t j = 0; j < s->size; j++)
		if (s->e[j].slot)
			s->e[j].set_slot = wt_rclock_rank(&s->clock,
							  s->e[j].set_slot);
	wt_rclock_rank_end(&s->clock);
}

void wt_setreuse_access(struct wt_setreuse *r, uint64_t key, unsigned set,
			uint64_t *all, uint64_t *in_set)
{
	struct set *s = &r->set[set];
	struct entry *e;
	uint64_t i;

	if (wt_rclock_full(&r->all))
		compact_all(r);
	if (wt_rclock_full(&s->clock))
		compact_set(s);
	for (i = home(wt_reuse_mix(key), s->size);;) {
		e = &s->e[i];
		if (!e->slot)
			break;
		if (e->key == key) {
			*all = wt_rclock_again(&r->all, e->slot, &e->slot);
			*in_set = wt_rclock_again(&s->clock, e->set_slot,
						  &e->set_slot);
			return;
		}
		if (++i == s->size)
			i = 0;
	}

	/* A new key. */
	if (s->clock.marks >= s->limit) {
		grow(s);
		for (i = home(wt_reuse_mix(key), s->size); s->e[i].slot;)
			if (++i == s->size)
				i = 0;
		e = &s->e[i];
	}
	e->key = key;
	e->slot = wt_rclock_take(&r->all);
	e->set_slot = wt_rclock_take(&s->clock);
	*all = *in_set = WT_REUSE_INF;
}

void wt_setreuse_prefetch(const struct wt_setreuse *r, uint64_t key,
			  unsigned set)
{
	const struct set *s = &r->set[set];

	__builtin_prefetch(&s->e[home(wt_reuse_mix(key), s->size)]);
}
