/* rng.c - splitmix64: small, seeded, deterministic on every platform. */
#include "emu.h"

void rng_seed(struct rng *r, uint64_t seed)
{
	r->s = seed ^ 0x5deece66dULL;
}

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
	/* multiply-shift range reduction; the tiny bias does not matter here */
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

float rng_unit(struct rng *r)
{
	return (float)(rng_next(r) >> 40) * (1.0f / 16777216.0f);
}
