/*
 * oracleaddr.h - the addresses that test-gpgpusim-index and test-addrdec
 * run through warptrace and that GPGPU-Sim's own functions, compiled in a
 * scratch directory, ran through to give their expected values: fixed[],
 * whose results the tests spell out, and seq(i) for i = 0..511 (256
 * random 40-bit addresses, 128 at a stride of 128 bytes, 128 at a stride
 * of 8 KB), whose results they keep as an FNV-1a checksum (fnv()).  The
 * random part depends on rng_state, which each case sets first; changing
 * anything here invalidates every expected checksum.
 */
#ifndef WT_TEST_ORACLEADDR_H
#define WT_TEST_ORACLEADDR_H

#include "rnd.h"

static const uint64_t fixed[20] = {
	0x0, 0x80, 0x100, 0x180, 0x200, 0x780, 0x1f80, 0x2000, 0x3e80,
	0x10000, 0x12345, 0x1fff80, 0x200000, 0xdeadbe80, 0x7f0001080,
	0x123456780, 0xfffff80, 0x4000100, 0xc0ffee00, 0x2a5a5a580,
};

static uint64_t seq(unsigned i)
{
	if (i < 256)
		return rnd() & ((1ULL << 40) - 1);
	if (i < 384)
		return 0x10000000ULL + (uint64_t)(i - 256) * 128;
	return 0x40000080ULL + (uint64_t)(i - 384) * 8192;
}

static uint64_t fnv(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ULL;
}

#endif
