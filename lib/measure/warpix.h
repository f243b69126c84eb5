/*
 * warpix.h - a map from the warp ids of one kernel to 64-bit values: a
 * table indexed by the id while the ids are dense (the largest below
 * four times their number, plus 64K), as a kernel's flat warp ids are;
 * else, from the first id that is not, a hash map (u64map.h).
 *
 * Per warp, 8 bytes instead of a hash map's 32 to 64 (a slot of 16 bytes
 * in a table kept between a quarter and half full), and a look-up that
 * touches one word.  Values are the caller's, often an index plus one
 * into an array of its own, so that 0 can mean "new".
 */
#ifndef WT_WARPIX_H
#define WT_WARPIX_H

#include <stddef.h>
#include <stdint.h>

struct wt_warpix;

struct wt_warpix *wt_warpix_new(void);
void wt_warpix_free(struct wt_warpix *x);
/* Warp's value slot, made (with value 0) if it was not there; *added
 * says which.  The pointer holds until the next call that may add. */
uint64_t *wt_warpix_get(struct wt_warpix *x, uint32_t warp, int *added);
/* Warp's value, or NULL. */
const uint64_t *wt_warpix_find(const struct wt_warpix *x, uint32_t warp);
/* Warps in the map. */
size_t wt_warpix_count(const struct wt_warpix *x);
/* The values of the warps in the map, in the order of their ids, into
 * vals (wt_warpix_count of them): 0, or -1, with nothing written, once
 * the map has gone sparse (a hash map keeps no order). */
int wt_warpix_in_order(const struct wt_warpix *x, uint64_t *vals);
/* Forget every warp (a new kernel): dense again. */
void wt_warpix_clear(struct wt_warpix *x);

#endif
