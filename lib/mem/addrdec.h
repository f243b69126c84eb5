/*
 * addrdec.h - GPGPU-Sim's address decoder: a byte address to its memory
 * channel, sub-partition (L2 slice), DRAM bank, row and column, and to the
 * partition address that an L2 slice indexes its sets by.  The one parser
 * and decoder of the mapping strings of l2sim --map and dramsim --map.
 *
 * It follows linear_to_raw_address_translation (addrdec.cc) of GPGPU-Sim
 * 4.x as Accel-Sim builds it; tests/unit/test-addrdec.c holds values from
 * that code for the mappings of its tested configurations.
 *
 * The string (-gpgpu_mem_addr_mapping) is [dramid@B;]MASK.  MASK has one
 * letter a bit, the last for address bit 0: D channel, B bank, R row,
 * C column, S byte within a burst (GPGPU-Sim counts S in the column too),
 * 0 unused; lower case is read as upper case, and '.', '|' and blanks are
 * ignored.  GPGPU-Sim wants exactly 64 letters; a shorter MASK is read as
 * if 0s came before it.  "dramid@B" alone is a MASK of 0s (only the
 * channel).  With N channels, K sub-partitions per channel (a power of
 * two), k = floor(log2 N) and s = log2 K:
 *
 *   dramid@B, N a power of two: the channel is address bits B..B+k-1;
 *       the letters at B and above describe the address bits k higher
 *       (GPGPU-Sim inserts the channel bits at B; its S mask it leaves
 *       where it is, and so does this).  B + k <= 64.
 *   dramid@B, N not a power of two (GPGPU-Sim's "gap" path): the channel
 *       is (A >> B) mod N, and MASK describes what is left once it is
 *       taken out, R = ((A >> B) / N) << B | A mod 2^B.  B <= 30, as
 *       GPGPU-Sim makes 2^B - 1 in an int.
 *   D letters (no dramid@): N = 2^(number of D letters); the channel is
 *       the D bits.  Neither D letters nor dramid@: N = 1.
 *
 * Bank, row and column are the B, R and C (and S) bits packed, the lowest
 * first.  The slice is channel * K + (bank mod K); the partition address
 * is the address with the channel bits and the s lowest B bits taken out
 * (the gap path: R with those B bits taken out).
 *
 * Partition indexing (-gpgpu_memory_partition_indexing) moves channel and
 * slice, never the partition address, nor bank, row and column.  With H
 * the address bits above channel and sub-partition, A >> (B + k + s)
 * (GPGPU-Sim takes B = -1 with D letters), or (A >> B) / N on the gap
 * path:
 *
 *   consecutive (0)  as above.
 *   xor (1)          channel ^= H mod N; N a power of two (GPGPU-Sim
 *                    asserts so).
 *   ipoly (2)        slice = gpgpusim-ipoly (cacheindex.h) of
 *                    H * 2^S + channel * K + bank mod K, 2^S = P * K
 *                    slices with P = N rounded up to a power of two, and
 *                    2^S = 16, 32 or 64 (GPGPU-Sim has no others); then
 *                    mod N * K when N is not a power of two; channel =
 *                    slice / K.
 *   pae (3)          refused: GPGPU-Sim's addrdec_tlx has no case for it
 *                    and stops on the first address.
 *   random (4)       each chunk A >> (B - s) gets, the first time it is
 *                    decoded, the next rand() % (N * K) of glibc's rand()
 *                    after srand(1), as GPGPU-Sim's table; channel =
 *                    slice / K.  Needs dramid@B with B >= s.  The table is
 *                    built in decoding order: not for several threads.
 */
#ifndef WT_ADDRDEC_H
#define WT_ADDRDEC_H

#include <stddef.h>
#include <stdint.h>

#include "cacheindex.h"

enum wt_pidx {
	WT_PIDX_CONSECUTIVE = 0,	/* GPGPU-Sim's numbers */
	WT_PIDX_XOR = 1,
	WT_PIDX_IPOLY = 2,
	WT_PIDX_PAE = 3,
	WT_PIDX_RANDOM = 4,
};

/* The fields, as GPGPU-Sim's addrdec_mask[], and the column letters
 * alone (COL has the S letters too). */
enum { WT_AD_CHIP, WT_AD_BANK, WT_AD_ROW, WT_AD_COL, WT_AD_BURST,
       WT_AD_CONLY, WT_AD_FIELDS };

struct wt_addrdec_random;

struct wt_addrdec {
	int chip_at;			/* B of dramid@B; -1 without */
	uint64_t letters[WT_AD_FIELDS];	/* the masks as MASK writes them */
	/* set by wt_addrdec_init: */
	unsigned channels, sub, kbits, sbits;
	int gap;			/* channels not a power of two */
	enum wt_pidx pidx;
	uint64_t mask[WT_AD_FIELDS];	/* on the address (gap: on R) */
	/* each mask as runs of adjacent bits, lowest first, for decoding
	 * a run at a time (a mask of 64 bits has at most 32) */
	struct wt_addrdec_run {
		uint8_t shift, width, at;	/* bits shift.. of the address
						   to bits at.. of the field */
	} run[WT_AD_FIELDS][32];
	uint8_t nrun[WT_AD_FIELDS];
	uint64_t sub_mask;		/* the s lowest bits of mask[BANK] */
	struct wt_addrdec_run sub_run[32];	/* sub_mask's runs: the bank
						   mod K, all a slice needs
						   of the bank */
	uint8_t nsub_run;
	int high_shift;			/* H = A >> high_shift; -1: H = 0 */
	struct wt_index ipoly;		/* ipoly: on H * 2^S + index */
	struct wt_addrdec_random *rnd;	/* random: the table */
};

struct wt_addrdec_loc {
	unsigned chip;			/* memory channel (partition) */
	unsigned slice;			/* chip * K + sub-partition */
	uint64_t bank, row, col, burst, column;	/* column: C letters only */
};

/* Parse [dramid@B;]MASK.  0, or -1 with a one-line reason in err. */
int wt_addrdec_parse(const char *s, struct wt_addrdec *d, char *err,
		     size_t errlen);

/* Fit the parsed string to N channels of K sub-partitions with partition
 * indexing pidx (see above); -1 with a reason if GPGPU-Sim would refuse
 * it or could not decode it. */
int wt_addrdec_init(struct wt_addrdec *d, unsigned channels, unsigned sub,
		    enum wt_pidx pidx, char *err, size_t errlen);

void wt_addrdec_decode(const struct wt_addrdec *d, uint64_t addr,
		       struct wt_addrdec_loc *l);

/* The slice of addr (wt_addrdec_decode's l->slice) and, in *local
 * unless NULL, its partition address: what the L2 needs, without the row
 * and columns, from one decoding. */
unsigned wt_addrdec_slice(const struct wt_addrdec *d, uint64_t addr,
			  uint64_t *local);

/* GPGPU-Sim's partition_address: what an L2 slice indexes its sets by. */
uint64_t wt_addrdec_partition_address(const struct wt_addrdec *d,
				      uint64_t addr);

/* The lowest address bit that the slice or the partition address's
 * removed bits depend on (64 if none): a line of 2^b bytes lies in one
 * slice, whole, for b up to this. */
unsigned wt_addrdec_low_bit(const struct wt_addrdec *d);

/* The number of letters B, R, C and S (for DRAM geometry). */
unsigned wt_addrdec_letters(const struct wt_addrdec *d, int field);

void wt_addrdec_free(struct wt_addrdec *d);

/* consecutive, xor, ipoly, pae, random, or GPGPU-Sim's number 0..4;
 * -1 with a reason (pae parses: wt_addrdec_init refuses it). */
int wt_pidx_parse(const char *s, enum wt_pidx *p, char *err, size_t errlen);
const char *wt_pidx_name(enum wt_pidx p);

/* glibc's rand() after srand(seed), on its own state: GPGPU-Sim's draws
 * for the random indexing, the same on any C library. */
struct wt_glibc_rand {
	uint32_t r[31];
	unsigned f, b;
};

void wt_glibc_srand(struct wt_glibc_rand *g, uint32_t seed);
uint32_t wt_glibc_rand(struct wt_glibc_rand *g);

#endif
