/*
 * setreuse.h - the two exact reuse distances of a cache's loads at once:
 * over all lines (a fully associative LRU cache of n lines hits the
 * distances below n) and over the lines of the load's set (one LRU set of
 * n ways hits the in-set distances below n), Nugteren et al., HPCA 2014,
 * section 3.3.
 *
 * Two wt_reuse engines, one for all lines and one per set, give the same
 * distances, but each keeps its own hash table of every line.  Here one
 * table per set holds both of a line's slots: one probe a load, and 16
 * bytes an entry where the two engines took 24, in tables at most four
 * fifths full that grow by a quarter (not doubling): 21 to 27 bytes per
 * distinct line all told, where the two engines took 33 to 65.
 */
#ifndef WT_SETREUSE_H
#define WT_SETREUSE_H

#include <stddef.h>
#include <stdint.h>

struct wt_setreuse;

/* sets: the cache's sets, at least 1. */
struct wt_setreuse *wt_setreuse_new(unsigned sets);
void wt_setreuse_free(struct wt_setreuse *r);

/* An access to key, which lies in set (below sets, and the same set for
 * every access to the key): its distance among all keys in *all and
 * among the keys of its set in *in_set, both WT_REUSE_INF (reuse.h) the
 * first time. */
void wt_setreuse_access(struct wt_setreuse *r, uint64_t key, unsigned set,
			uint64_t *all, uint64_t *in_set);
/* A hint that key's access comes soon: its table entry is fetched into
 * the cache meanwhile. */
void wt_setreuse_prefetch(const struct wt_setreuse *r, uint64_t key,
			  unsigned set);

/* Diagnostics: distinct keys, bytes held, and renumberings of the slots
 * of all keys (see rclock.h). */
uint64_t wt_setreuse_distinct(const struct wt_setreuse *r);
size_t wt_setreuse_bytes(const struct wt_setreuse *r);
uint64_t wt_setreuse_compactions(const struct wt_setreuse *r);

#endif
