/*
 * hash.c - wt_hash64, a word-at-a-time multiply-rotate checksum.
 *
 * For each little-endian 64-bit word w of the input (the last one padded
 * with zero bytes):
 *     h ^= rotl(w * K2, 31) * K1
 *     h  = rotl(h, 27) * K1 + K4
 * starting from h = seed ^ (len * K5), and finished with the avalanche
 *     h ^= h >> 33; h *= K2; h ^= h >> 29; h *= K3; h ^= h >> 32.
 */
#include "hash.h"

#include <string.h>

#define K1 0x9E3779B185EBCA87ULL
#define K2 0xC2B2AE3D27D4EB4FULL
#define K3 0x165667B19E3779F9ULL
#define K4 0x85EBCA77C2B2AE63ULL
#define K5 0x27D4EB2F165667C5ULL

static inline uint64_t rotl(uint64_t x, unsigned r)
{
	return (x << r) | (x >> (64 - r));
}

static inline uint64_t step(uint64_t h, uint64_t w)
{
	h ^= rotl(w * K2, 31) * K1;
	return rotl(h, 27) * K1 + K4;
}

uint64_t wt_hash64(uint64_t seed, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = seed ^ ((uint64_t)len * K5);
	uint64_t w;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		h = step(h, w);
	}
	if (i < len) {
		w = 0;
		memcpy(&w, p + i, len - i);
		h = step(h, w);
	}
	h ^= h >> 33;
	h *= K2;
	h ^= h >> 29;
	h *= K3;
	h ^= h >> 32;
	return h;
}
