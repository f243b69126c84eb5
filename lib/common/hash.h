/*
 * hash.h - the 64-bit checksum of warptrace streams.
 *
 * Not cryptographic: it detects truncation, flipped bytes and mixed-up
 * chunks.  The algorithm is spelled out in warptrace-stream(5) so that other
 * implementations can verify streams.
 */
#ifndef WT_HASH_H
#define WT_HASH_H

#include <stddef.h>
#include <stdint.h>

/* XXH3-64: xxHash's XXH3_64bits_withSeed(data, len, seed). */
uint64_t wt_hash64(uint64_t seed, const void *data, size_t len);

/* A fast mix of one word (MurmurHash3's finalizer, first half): for hash
 * tables and seeds, not for checksums. */
static inline uint64_t wt_mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

#endif
