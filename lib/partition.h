/*
 * partition.h - which memory partition (L2 slice) a byte address belongs
 * to, and the partition-local address: the address with the partition's
 * digits taken out, which is what a slice indexes its sets and banks by.
 *
 * With N partitions, G the interleave in bytes, A the byte address,
 * q = A / G (the chunk number) and r = A mod G:
 *
 *   linear      p = q mod N; local = (q / N) * G + r.  Any N, any G: with
 *               N = 6 the chunks go 0 1 2 3 4 5 0 1 ... and each partition
 *               sees its chunks packed one after the other.
 *   xor         N a power of two, k = log2 N: p is the XOR of the k-bit
 *               digits of q, lowest first (q mod N, (q >> k) mod N,
 *               (q >> 2k) mod N, ... up to address bit 63), so higher
 *               address bits fold into the partition bits; local is as
 *               for linear (the low k bits of q removed).  A bijection.
 *   ipolyP      N a power of two: p = q mod P(x) over GF(2), P of degree
 *               k (cacheindex.h: "ipoly" takes wt_ipoly_default(k));
 *               local as for linear.  A bijection as well.
 *   dramid@B;MASK   a GPGPU-Sim address mapping (gpgpu_mem_addr_mapping).
 *               MASK is up to 64 letters, dots ignored, the last letter
 *               for address bit 0.  If MASK has D letters, N must be
 *               2^(number of D letters): p packs the D bits (lowest bit
 *               first) and local packs every other bit.  Without D
 *               letters (or without ";MASK"), the partition is taken at
 *               bit B as GPGPU-Sim does with dramid@B: exactly linear
 *               with G = 2^B, for any N.  R, B, C, S and 0 letters (DRAM
 *               row, bank, column, burst) do not matter to the L2.
 *
 * N = 1 maps everything to partition 0 with local = A.
 */
#ifndef WT_PARTITION_H
#define WT_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#include "cacheindex.h"

#define WT_MAX_PARTITIONS 1024u

enum wt_pmap_kind {
	WT_PMAP_LINEAR,
	WT_PMAP_XOR,
	WT_PMAP_IPOLY,
	WT_PMAP_DBITS,		/* a mapping string with D letters */
};

struct wt_pmap {
	enum wt_pmap_kind kind;
	unsigned n;		/* partitions */
	uint64_t interleave;	/* G, bytes */
	unsigned gbits;		/* log2 G when G is a power of two */
	unsigned kbits;		/* log2 N when N is a power of two */
	struct wt_index ix;	/* ipoly: the reduction, on chunk numbers */
	uint64_t dmask;		/* D letters: the partition bits */
	char name[96];		/* canonical: "linear,interleave=256" */
};

/*
 * Parse --map=SPEC for n partitions (1..WT_MAX_PARTITIONS) and an
 * interleave of `interleave` bytes (used by linear, xor and ipoly).
 * Returns 0, or -1 with a one-line reason in err.
 */
int wt_pmap_parse(const char *spec, unsigned n, uint64_t interleave,
		  struct wt_pmap *m, char *err, size_t errlen);

/* The partition of byte address addr. */
unsigned wt_pmap_partition(const struct wt_pmap *m, uint64_t addr);

/* The partition-local address of addr (its partition digits removed). */
uint64_t wt_pmap_local(const struct wt_pmap *m, uint64_t addr);

#endif
