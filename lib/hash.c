/*
 * hash.c - wt_hash64, the stream checksum: XXH64.
 *
 * XXH64 (Yann Collet's xxHash, 64-bit variant) is written here from its
 * published specification, so that xxhsum(1) and every xxHash library
 * can verify a warptrace stream.  It was chosen over the format 1 hash,
 * whose single chain of three multiplies per word ran at 2.8 GB/s on
 * the bench machine, because its four independent lanes run at 7.9 GB/s
 * there, and every record is hashed once by its writer and once by its
 * reader at every stage of a pipeline.
 *
 * Inputs of 32 bytes or more go through four accumulators, one per
 * 8-byte word of each 32-byte stripe; the rest, and short inputs, are
 * folded in 8, 4 and 1 bytes at a time.  warptrace(5) spells it out.
 */
#include "hash.h"

#include <string.h>

#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P4 0x85EBCA77C2B2AE63ULL
#define P5 0x27D4EB2F165667C5ULL

static inline uint64_t rotl(uint64_t x, unsigned r)
{
	return (x << r) | (x >> (64 - r));
}

static inline uint64_t read64(const unsigned char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;		/* little-endian: record.h refuses other hosts */
}

static inline uint32_t read32(const unsigned char *p)
{
	uint32_t w;

	memcpy(&w, p, 4);
	return w;
}

/* One accumulator takes one word. */
static inline uint64_t lane(uint64_t acc, uint64_t w)
{
	return rotl(acc + w * P2, 31) * P1;
}

/* An accumulator is folded into the hash after the stripes. */
static inline uint64_t merge(uint64_t h, uint64_t acc)
{
	return (h ^ lane(0, acc)) * P1 + P4;
}

uint64_t wt_hash64(uint64_t seed, const void *data, size_t len)
{
	const unsigned char *p = data;
	const unsigned char *end = p + len;
	uint64_t h;

	if (len >= 32) {
		uint64_t a1 = seed + P1 + P2, a2 = seed + P2;
		uint64_t a3 = seed, a4 = seed - P1;

		do {
			a1 = lane(a1, read64(p));
			a2 = lane(a2, read64(p + 8));
			a3 = lane(a3, read64(p + 16));
			a4 = lane(a4, read64(p + 24));
			p += 32;
		} while (end - p >= 32);
		h = rotl(a1, 1) + rotl(a2, 7) + rotl(a3, 12) + rotl(a4, 18);
		h = merge(h, a1);
		h = merge(h, a2);
		h = merge(h, a3);
		h = merge(h, a4);
	} else {
		h = seed + P5;
	}
	h += (uint64_t)len;

	for (; end - p >= 8; p += 8)
		h = rotl(h ^ lane(0, read64(p)), 27) * P1 + P4;
	if (end - p >= 4) {
		h = rotl(h ^ (uint64_t)read32(p) * P1, 23) * P2 + P3;
		p += 4;
	}
	for (; p < end; p++)
		h = rotl(h ^ *p * P5, 11) * P1;

	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	h ^= h >> 32;
	return h;
}
