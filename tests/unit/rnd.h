/*
 * rnd.h - the unit tests' random numbers: xorshift64*, fast, deterministic
 * and good enough for test traces.  A test that wants another sequence
 * sets rng_state (never to 0) before its first rnd().
 */
#ifndef WT_TEST_RND_H
#define WT_TEST_RND_H

#include <stdint.h>

static uint64_t rng_state = 0x243F6A8885A308D3ULL;

static uint64_t __attribute__((unused)) rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

#endif
