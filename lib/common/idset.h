/*
 * idset.h - sets of small integers (thread, warp and PC ids) for counting
 * distinct values: a bitmap that grows to the largest id seen.
 */
#ifndef WT_IDSET_H
#define WT_IDSET_H

#include <stddef.h>
#include <stdint.h>

struct wt_idset {
	uint64_t *bits;
	size_t words;
	uint64_t count;
};

void wt_idset_init(struct wt_idset *s);
void wt_idset_free(struct wt_idset *s);
void wt_idset_clear(struct wt_idset *s);
/* Add id; returns 1 if it was new. */
int wt_idset_add(struct wt_idset *s, uint32_t id);

#endif
