/*
 * hash.h - the 64-bit checksum of warptrace streams.
 *
 * Not cryptographic: it detects truncation, flipped bytes and mixed-up
 * chunks.  The algorithm is spelled out in warptrace(5) so that other
 * implementations can verify streams.
 */
#ifndef WT_HASH_H
#define WT_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t wt_hash64(uint64_t seed, const void *data, size_t len);

#endif
