/*
 * u64map.h - a hash map from 64-bit keys to 64-bit values: open
 * addressing with linear probing, growing at half full.
 *
 * Values are often indices into an array of the caller's structs (stored
 * plus one, so that 0 can mean "new").  Any key works, 0 and UINT64_MAX
 * included.
 */
#ifndef WT_U64MAP_H
#define WT_U64MAP_H

#include <stddef.h>
#include <stdint.h>

struct wt_u64map;

struct wt_u64map *wt_u64map_new(void);
void wt_u64map_free(struct wt_u64map *m);
/* Key's value, or NULL when key is not in the map. */
const uint64_t *wt_u64map_find(const struct wt_u64map *m, uint64_t key);
/* Key's value slot, made (with value 0) if key was not there; *added says
 * which.  The pointer holds until the next call that may add a key. */
uint64_t *wt_u64map_get(struct wt_u64map *m, uint64_t key, int *added);
/* Remove key, if it is there.  The value pointers of other keys may
 * move. */
void wt_u64map_del(struct wt_u64map *m, uint64_t key);
/* Keys in the map. */
size_t wt_u64map_count(const struct wt_u64map *m);
/* Bytes held by the map. */
size_t wt_u64map_bytes(const struct wt_u64map *m);
/* Forget every key; keeps the allocated memory. */
void wt_u64map_clear(struct wt_u64map *m);

#endif
