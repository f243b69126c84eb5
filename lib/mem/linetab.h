/*
 * linetab.h - a record of the caller's for each 64-bit key (a line
 * address), kept in the table itself: open addressing with linear
 * probing, at most four fifths full, growing by a quarter.  Past 128 MiB
 * the table is 64 parts by the key's hash, each grown on its own, so that
 * a growth holds one part twice (old and new), not the whole table.
 *
 * Where a map from key to an index into an array of records costs a
 * 16-byte slot at most half full and an array that doubles (classify's
 * per-line state took 65 to 100 bytes a line so), a record here costs
 * its size plus 8 bytes, over 64 % to 80 % (a 24-byte record: 40 to 50
 * bytes a line).  Any key works, 0 and UINT64_MAX included.
 */
#ifndef WT_LINETAB_H
#define WT_LINETAB_H

#include <stddef.h>
#include <stdint.h>

struct wt_linetab;

/* Records of rec_size bytes (1 or more), 8-byte aligned. */
struct wt_linetab *wt_linetab_new(size_t rec_size);
/* The same, split into parts once it would pass split_bytes rather than
 * wt_linetab_new's 128 MiB (for tests, which split small tables). */
struct wt_linetab *wt_linetab_new_split(size_t rec_size, size_t split_bytes);
void wt_linetab_free(struct wt_linetab *t);
/* Key's record, made (all zero) if key was not there; *added says which.
 * The pointer holds until the next call that may add a key. */
void *wt_linetab_get(struct wt_linetab *t, uint64_t key, int *added);
/* Ask the cache for the slot where key's search starts (a hint: nothing
 * changes), a few lookups before wt_linetab_get. */
void wt_linetab_prefetch(const struct wt_linetab *t, uint64_t key);
/* The records one after another, in no particular order: start with
 * *pos 0 (a cursor, not an index); NULL after the last.  No keys may be
 * added meanwhile. */
void *wt_linetab_next(struct wt_linetab *t, size_t *pos);
/* Keys held, and bytes. */
size_t wt_linetab_count(const struct wt_linetab *t);
size_t wt_linetab_bytes(const struct wt_linetab *t);
/* Bytes of the largest part: what a growth holds on top of the table. */
size_t wt_linetab_part_bytes(const struct wt_linetab *t);
/* Forget every key; keeps the memory. */
void wt_linetab_clear(struct wt_linetab *t);

#endif
