/*
 * test-addrdec.c - GPGPU-Sim's address decoder (addrdec.h) as l2sim
 * (partition.h) and dramsim (dram.h) use it: channel, sub-partition
 * (slice), bank, row and partition address for the mappings of GPGPU-Sim's
 * tested configurations, in every partition indexing, and the L2 set that
 * each of those configurations computes on the partition address.
 *
 * Where the expected values come from: linear_to_raw_address_translation
 * (addrdec.cc), hashing.cc and cache_config::hash_function (gpu-cache.cc)
 * of the gpgpu-sim_distribution 667834c that Accel-Sim 73f9fac builds,
 * compiled on their own in a scratch directory outside the project, with
 * -gpgpu_mem_addr_mapping, gpgpu_n_mem, n_sub_partition_per_mchannel and
 * memory_partition_indexing set as each case says, run over the addresses
 * below: seq() first (512: 256 random 40-bit, 128 at a stride of 128 B,
 * 128 at a stride of 8 KB; an FNV-1a checksum of slice, channel, bank,
 * row, column and partition address of each), then fixed[], whose slice,
 * bank, row and partition address each case spells out.  The order
 * matters to random indexing, whose table fills in decoding order.
 *
 * Some to check by hand:
 *   GTX 480, dramid@8, 6 channels (not a power of two: the "gap" path):
 *     0x180: channel (0x180 >> 8) mod 6 = 1; what is left is
 *     (1 / 6) << 8 | 0x80 = 0x80, whose B letter (bit 8) is 0: slice
 *     1 * 2 + 0 = 2, partition address 0x80.
 *   QV100, dramid@8, 32 channels: the channel is bits 8..12, the B letter
 *     at bit 8 moves to bit 13 and is the sub-partition: 0x2000 is
 *     channel 0, sub-partition 1, slice 1, partition address 0.
 *   TITAN X, random: the first 128-byte chunk seen takes glibc's first
 *     rand() after srand(1), 1804289383 mod 24 = 7 (random_first).
 */
#include "addrdec.h"
#include "dram.h"
#include "partition.h"
#include "oracleaddr.h"
#include "tap.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define MAP64(tail) "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR." tail

/* The tested-cfgs' mappings, and two more shapes. */
static const char *const maps[] = {
	"dramid@8;" MAP64("BBBCCCCB.CCSSSSSS"),	/* GTX 480 */
	"dramid@8;" MAP64("RBBBCCCC.BCCSSSSS"),	/* Kepler, Pascal, Turing, Ampere */
	"dramid@8;" MAP64("RBBBCCCB.CCCSSSSS"),	/* Volta: QV100, TITAN V, GV100 */
	MAP64("RBBDDDCB.CCCSSSSS"),		/* D letters: bits 10..12 */
	"dramid@11;" MAP64("RBBBCCCC.BCCSSSSS"),	/* the B letter below dramid */
};

/* name, mapping, channels, sub-partitions, indexing (GPGPU-Sim's number),
 * checksum, then slice, bank, row and partition address of fixed[] */
static const struct {
	const char *name;
	unsigned map, n, sub, pidx;
	uint64_t sum;
	unsigned slice[20], bank[20], row[20];
	uint64_t paddr[20];
} cases[] = {
	{ "GTX 480", 0, 6, 2, 0, 0x8b8445addc53d07cULL,
	  { 0,0,2,2,4,3,3,5,4,8,6,3,5,1,5,3,6,10,9,10 },
	  { 0,0,0,0,0,1,1,1,0,2,2,5,5,15,11,9,10,10,11,14 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,682,139,682,170,42,240 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x280,
	    0x200, 0x580, 0x1500, 0x1845, 0x2aa80, 0x2aa00, 0x128e7a80,
	    0xa9555680, 0x1845c880, 0x1555580, 0x555500, 0x10155300, 0x38787880 } },
	{ "GTX 480, 1 sub", 0, 6, 1, 0, 0x861521574b0e082cULL,
	  { 0,0,1,1,2,1,1,2,2,4,3,1,2,0,2,1,3,5,4,5 },
	  { 0,0,0,0,0,1,1,1,0,2,2,5,5,15,11,9,10,10,11,14 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,682,139,682,170,42,240 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x180, 0x580,
	    0x500, 0xa80, 0x2a00, 0x3045, 0x55580, 0x55500, 0x251cf580,
	    0x152aaad80, 0x308b9180, 0x2aaaa80, 0xaaaa00, 0x202aa700, 0x70f0f080 } },
	{ "TITAN X, Kepler, RTX 2060", 1, 12, 2, 0, 0x4986bbae9c56fae7ULL,
	  { 0,1,2,3,4,15,15,16,5,8,6,15,16,13,17,15,7,10,20,11 },
	  { 0,1,0,1,0,1,1,0,1,2,2,5,4,15,11,9,11,10,10,15 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,4778,4235,682,170,42,4336 },
	  { 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x100,
	    0x100, 0x280, 0xa80, 0xc45, 0x15500, 0x15500, 0x9473d00,
	    0x54aaab00, 0xc22e400, 0xaaaa80, 0x2aaa80, 0x80aa980, 0x1c3c3c00 } },
	{ "RTX 2060 S", 1, 16, 2, 0, 0xb8fc0b1089e4db41ULL,
	  { 0,1,2,3,4,15,31,0,29,0,6,31,0,29,1,15,31,2,28,11 },
	  { 0,1,0,1,0,1,1,0,1,2,2,15,0,11,1,11,15,0,14,11 },
	  { 0,0,0,0,0,0,0,0,0,0,0,3,4,7125,7680,1128,511,128,6175,5300 },
	  { 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80,
	    0x100, 0x180, 0x800, 0x945, 0xff80, 0x10000, 0x6f56d80,
	    0x3f800080, 0x91a2b00, 0x7fff80, 0x200000, 0x607ff00, 0x152d2d00 } },
	{ "QV100", 2, 32, 2, 0, 0xaefce245c309e143ULL,
	  { 0,0,2,2,4,14,62,1,61,0,7,63,0,61,32,15,63,2,29,11 },
	  { 0,0,0,0,0,0,0,1,1,0,1,15,0,13,0,5,15,0,15,5 },
	  { 0,0,0,0,0,0,0,0,0,0,0,1,2,3562,7936,4660,255,64,3087,2650 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x0, 0x80, 0x400, 0x445, 0x7f80, 0x8000, 0x37ab680,
	    0x1fc00080, 0x48d1580, 0x3fff80, 0x100000, 0x303ff00, 0xa969680 } },
	{ "TITAN V", 2, 24, 2, 0, 0xf8c35ee3b4dc6198ULL,
	  { 0,0,2,2,4,14,15,17,28,32,6,15,17,13,17,14,30,34,45,10 },
	  { 0,0,0,0,0,0,1,1,0,0,0,11,11,7,5,12,4,4,5,6 },
	  { 0,0,0,0,0,0,0,0,0,0,0,2,2,4750,2389,6213,341,85,4117,6264 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x0, 0x180, 0x500, 0x645, 0xaa80, 0xaa00, 0x4a39e80,
	    0x2a555580, 0x6117280, 0x555580, 0x155500, 0x4055400, 0xe1e1e80 } },
	{ "QV100, 1 sub", 2, 32, 1, 0, 0xec16bdcbf7967bceULL,
	  { 0,0,1,1,2,7,31,0,30,0,3,31,0,30,16,7,31,1,14,5 },
	  { 0,0,0,0,0,0,0,1,1,0,1,15,0,13,0,5,15,0,15,5 },
	  { 0,0,0,0,0,0,0,0,0,0,0,1,2,3562,7936,4660,255,64,3087,2650 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x100, 0x180, 0x800, 0x945, 0xff80, 0x10000, 0x6f56d80,
	    0x3f800080, 0x91a2b80, 0x7fff80, 0x200000, 0x607ff00, 0x152d2d80 } },
	{ "8 x 4", 2, 8, 4, 0, 0x004b051fb63af26aULL,
	  { 0,0,4,4,8,28,29,0,25,0,12,31,0,27,0,28,31,4,27,22 },
	  { 0,0,0,0,0,0,1,0,1,4,4,15,0,7,0,4,15,0,15,6 },
	  { 0,0,0,0,0,0,0,0,0,0,0,7,8,6059,7168,2257,1023,256,4159,2409 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x180,
	    0x200, 0x380, 0x800, 0xa45, 0xff80, 0x10000, 0x6f56b80,
	    0x3f800180, 0x91a2e80, 0x7fff80, 0x200000, 0x607fe00, 0x152d2a80 } },
	{ "D letters", 3, 8, 2, 0, 0x22750fb649771d6bULL,
	  { 0,0,1,1,0,3,15,0,14,0,1,15,0,14,8,3,15,1,6,3 },
	  { 0,0,1,1,0,1,1,2,2,0,3,7,0,2,0,7,7,1,6,3 },
	  { 0,0,0,0,0,0,0,0,0,2,2,63,64,7515,0,1674,8191,2048,511,2891 },
	  { 0x0, 0x80, 0x0, 0x80, 0x100, 0x180, 0x180,
	    0x200, 0x380, 0x1000, 0x1345, 0x1ff80, 0x20000, 0xdeadb80,
	    0x7f000080, 0x12345780, 0xffff80, 0x400000, 0xc0fff00, 0x2a5a5a80 } },
	{ "dramid@11", 4, 12, 2, 0, 0x05078553b474b823ULL,
	  { 0,1,0,1,0,1,7,8,15,16,0,7,8,7,21,1,15,16,10,1 },
	  { 0,1,0,1,0,1,1,0,1,2,2,5,4,15,11,9,11,10,10,15 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,4778,4235,682,170,42,4336 },
	  { 0x0, 0x0, 0x80, 0x80, 0x100, 0x380, 0x380,
	    0x0, 0x300, 0x800, 0xdc5, 0x15780, 0x15400, 0x9473f00,
	    0x54aaa800, 0xc22e780, 0xaaab80, 0x2aa880, 0x80aab00, 0x1c3c3e80 } },
	{ "QV100", 2, 32, 2, 1, 0x7a4f0790a8c25984ULL,
	  { 0,0,2,2,4,14,62,1,61,8,15,1,0,17,32,37,1,2,35,39 },
	  { 0,0,0,0,0,0,0,1,1,0,1,15,0,13,0,5,15,0,15,5 },
	  { 0,0,0,0,0,0,0,0,0,0,0,1,2,3562,7936,4660,255,64,3087,2650 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x0, 0x80, 0x400, 0x445, 0x7f80, 0x8000, 0x37ab680,
	    0x1fc00080, 0x48d1580, 0x3fff80, 0x100000, 0x303ff00, 0xa969680 } },
	{ "RTX 3070", 1, 16, 2, 1, 0x4c80d98abcd5a492ULL,
	  { 0,1,2,3,4,15,31,2,31,16,20,1,0,7,1,25,1,2,2,17 },
	  { 0,1,0,1,0,1,1,0,1,2,2,15,0,11,1,11,15,0,14,11 },
	  { 0,0,0,0,0,0,0,0,0,0,0,3,4,7125,7680,1128,511,128,6175,5300 },
	  { 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80,
	    0x100, 0x180, 0x800, 0x945, 0xff80, 0x10000, 0x6f56d80,
	    0x3f800080, 0x91a2b00, 0x7fff80, 0x200000, 0x607ff00, 0x152d2d00 } },
	{ "QV100, 1 sub", 2, 32, 1, 1, 0x01be6e5f3b578a9eULL,
	  { 0,0,1,1,2,7,31,1,31,8,10,0,0,19,16,12,0,1,17,8 },
	  { 0,0,0,0,0,0,0,1,1,0,1,15,0,13,0,5,15,0,15,5 },
	  { 0,0,0,0,0,0,0,0,0,0,0,1,2,3562,7936,4660,255,64,3087,2650 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x100, 0x180, 0x800, 0x945, 0xff80, 0x10000, 0x6f56d80,
	    0x3f800080, 0x91a2b80, 0x7fff80, 0x200000, 0x607ff00, 0x152d2d80 } },
	{ "D letters", 3, 8, 2, 1, 0x52c854e306967be5ULL,
	  { 0,0,1,1,0,3,15,0,14,0,1,15,0,14,8,3,15,1,6,3 },
	  { 0,0,1,1,0,1,1,2,2,0,3,7,0,2,0,7,7,1,6,3 },
	  { 0,0,0,0,0,0,0,0,0,2,2,63,64,7515,0,1674,8191,2048,511,2891 },
	  { 0x0, 0x80, 0x0, 0x80, 0x100, 0x180, 0x180,
	    0x200, 0x380, 0x1000, 0x1345, 0x1ff80, 0x20000, 0xdeadb80,
	    0x7f000080, 0x12345780, 0xffff80, 0x400000, 0xc0fff00, 0x2a5a5a80 } },
	{ "8 x 4", 2, 8, 4, 1, 0x78ab344f92154d40ULL,
	  { 0,0,4,4,8,28,29,4,29,0,8,3,0,15,0,16,3,4,7,2 },
	  { 0,0,0,0,0,0,1,0,1,4,4,15,0,7,0,4,15,0,15,6 },
	  { 0,0,0,0,0,0,0,0,0,0,0,7,8,6059,7168,2257,1023,256,4159,2409 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x180,
	    0x200, 0x380, 0x800, 0xa45, 0xff80, 0x10000, 0x6f56b80,
	    0x3f800180, 0x91a2e80, 0x7fff80, 0x200000, 0x607fe00, 0x152d2a80 } },
	{ "QV100", 2, 32, 2, 2, 0x6b1372ac0b04e6a4ULL,
	  { 0,0,2,2,4,14,62,1,61,12,11,56,10,17,42,59,42,13,48,29 },
	  { 0,0,0,0,0,0,0,1,1,0,1,15,0,13,0,5,15,0,15,5 },
	  { 0,0,0,0,0,0,0,0,0,0,0,1,2,3562,7936,4660,255,64,3087,2650 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x0, 0x80, 0x400, 0x445, 0x7f80, 0x8000, 0x37ab680,
	    0x1fc00080, 0x48d1580, 0x3fff80, 0x100000, 0x303ff00, 0xa969680 } },
	{ "TITAN V", 2, 24, 2, 2, 0x76a5f0a7c7d71c80ULL,
	  { 0,0,2,2,4,14,12,18,26,14,18,33,15,47,31,9,2,5,17,8 },
	  { 0,0,0,0,0,0,1,1,0,0,0,11,11,7,5,12,4,4,5,6 },
	  { 0,0,0,0,0,0,0,0,0,0,0,2,2,4750,2389,6213,341,85,4117,6264 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x0, 0x180, 0x500, 0x645, 0xaa80, 0xaa00, 0x4a39e80,
	    0x2a555580, 0x6117280, 0x555580, 0x155500, 0x4055400, 0xe1e1e80 } },
	{ "RTX 3070", 1, 16, 2, 2, 0xbf7e041aad9ffddaULL,
	  { 0,1,2,3,4,15,31,5,24,13,14,11,28,2,1,9,24,1,22,29 },
	  { 0,1,0,1,0,1,1,0,1,2,2,15,0,11,1,11,15,0,14,11 },
	  { 0,0,0,0,0,0,0,0,0,0,0,3,4,7125,7680,1128,511,128,6175,5300 },
	  { 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80,
	    0x100, 0x180, 0x800, 0x945, 0xff80, 0x10000, 0x6f56d80,
	    0x3f800080, 0x91a2b00, 0x7fff80, 0x200000, 0x607ff00, 0x152d2d00 } },
	{ "TITAN X", 1, 12, 2, 2, 0x900fa5d2c90825adULL,
	  { 0,1,2,3,4,15,5,2,20,3,17,10,21,7,4,14,5,16,22,7 },
	  { 0,1,0,1,0,1,1,0,1,2,2,5,4,15,11,9,11,10,10,15 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,4778,4235,682,170,42,4336 },
	  { 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x100,
	    0x100, 0x280, 0xa80, 0xc45, 0x15500, 0x15500, 0x9473d00,
	    0x54aaab00, 0xc22e400, 0xaaaa80, 0x2aaa80, 0x80aa980, 0x1c3c3c00 } },
	{ "GTX 480", 0, 6, 2, 2, 0xcab53351dd079d29ULL,
	  { 0,0,2,2,4,0,0,10,9,3,9,8,2,2,9,8,3,3,8,2 },
	  { 0,0,0,0,0,1,1,1,0,2,2,5,5,15,11,9,10,10,11,14 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,682,139,682,170,42,240 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x280,
	    0x200, 0x580, 0x1500, 0x1845, 0x2aa80, 0x2aa00, 0x128e7a80,
	    0xa9555680, 0x1845c880, 0x1555580, 0x555500, 0x10155300, 0x38787880 } },
	{ "8 x 4", 2, 8, 4, 2, 0x980ddfc7147a91acULL,
	  { 0,0,4,4,8,28,29,5,28,13,4,11,28,4,0,26,24,7,17,0 },
	  { 0,0,0,0,0,0,1,0,1,4,4,15,0,7,0,4,15,0,15,6 },
	  { 0,0,0,0,0,0,0,0,0,0,0,7,8,6059,7168,2257,1023,256,4159,2409 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x180,
	    0x200, 0x380, 0x800, 0xa45, 0xff80, 0x10000, 0x6f56b80,
	    0x3f800180, 0x91a2e80, 0x7fff80, 0x200000, 0x607fe00, 0x152d2a80 } },
	{ "16 x 1", 1, 16, 1, 2, 0x05fb72d6eca2c988ULL,
	  { 0,0,1,1,2,7,12,6,11,5,0,4,13,0,3,4,3,1,3,4 },
	  { 0,1,0,1,0,1,1,0,1,2,2,15,0,11,1,11,15,0,14,11 },
	  { 0,0,0,0,0,0,0,0,0,0,0,3,4,7125,7680,1128,511,128,6175,5300 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x180,
	    0x200, 0x380, 0x1000, 0x1245, 0x1ff80, 0x20000, 0xdeadb80,
	    0x7f000180, 0x12345680, 0xffff80, 0x400000, 0xc0ffe00, 0x2a5a5a80 } },
	{ "D letters", 3, 8, 2, 2, 0xd4d561b6e357ef69ULL,
	  { 0,5,11,14,7,5,11,9,9,0,14,1,0,11,0,13,1,11,10,9 },
	  { 0,0,1,1,0,1,1,2,2,0,3,7,0,2,0,7,7,1,6,3 },
	  { 0,0,0,0,0,0,0,0,0,2,2,63,64,7515,0,1674,8191,2048,511,2891 },
	  { 0x0, 0x80, 0x0, 0x80, 0x100, 0x180, 0x180,
	    0x200, 0x380, 0x1000, 0x1345, 0x1ff80, 0x20000, 0xdeadb80,
	    0x7f000080, 0x12345780, 0xffff80, 0x400000, 0xc0fff00, 0x2a5a5a80 } },
	{ "dramid@11", 4, 12, 2, 2, 0xd96443590ad6c490ULL,
	  { 0,1,0,1,0,1,7,8,15,2,15,11,4,17,8,23,18,14,15,18 },
	  { 0,1,0,1,0,1,1,0,1,2,2,5,4,15,11,9,11,10,10,15 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,4778,4235,682,170,42,4336 },
	  { 0x0, 0x0, 0x80, 0x80, 0x100, 0x380, 0x380,
	    0x0, 0x300, 0x800, 0xdc5, 0x15780, 0x15400, 0x9473f00,
	    0x54aaa800, 0xc22e780, 0xaaab80, 0x2aa880, 0x80aab00, 0x1c3c3e80 } },
	{ "TITAN X", 1, 12, 2, 4, 0xa348761a77f42206ULL,
	  { 5,18,18,10,4,17,14,8,21,14,8,10,4,18,6,18,4,8,18,1 },
	  { 0,1,0,1,0,1,1,0,1,2,2,5,4,15,11,9,11,10,10,15 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,4778,4235,682,170,42,4336 },
	  { 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x100,
	    0x100, 0x280, 0xa80, 0xc45, 0x15500, 0x15500, 0x9473d00,
	    0x54aaab00, 0xc22e400, 0xaaaa80, 0x2aaa80, 0x80aa980, 0x1c3c3c00 } },
	{ "QV100", 2, 32, 2, 4, 0x37a4339262b2e375ULL,
	  { 21,42,2,10,44,9,46,16,13,22,40,58,44,58,38,50,52,40,10,25 },
	  { 0,0,0,0,0,0,0,1,1,0,1,15,0,13,0,5,15,0,15,5 },
	  { 0,0,0,0,0,0,0,0,0,0,0,1,2,3562,7936,4660,255,64,3087,2650 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x80,
	    0x0, 0x80, 0x400, 0x445, 0x7f80, 0x8000, 0x37ab680,
	    0x1fc00080, 0x48d1580, 0x3fff80, 0x100000, 0x303ff00, 0xa969680 } },
	{ "GTX 480", 0, 6, 2, 4, 0xdf498847e3cca4bcULL,
	  { 5,6,6,10,4,5,2,8,9,2,8,10,4,6,6,6,4,8,6,1 },
	  { 0,0,0,0,0,1,1,1,0,2,2,5,5,15,11,9,10,10,11,14 },
	  { 0,0,0,0,0,0,0,0,0,0,0,5,5,1308,682,139,682,170,42,240 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x280,
	    0x200, 0x580, 0x1500, 0x1845, 0x2aa80, 0x2aa00, 0x128e7a80,
	    0xa9555680, 0x1845c880, 0x1555580, 0x555500, 0x10155300, 0x38787880 } },
	{ "16 x 1", 1, 16, 1, 4, 0xe7518203c3c7ff3eULL,
	  { 2,2,12,12,4,6,10,1,11,3,15,2,12,3,4,9,15,10,15,15 },
	  { 0,1,0,1,0,1,1,0,1,2,2,15,0,11,1,11,15,0,14,11 },
	  { 0,0,0,0,0,0,0,0,0,0,0,3,4,7125,7680,1128,511,128,6175,5300 },
	  { 0x0, 0x80, 0x0, 0x80, 0x0, 0x80, 0x180,
	    0x200, 0x380, 0x1000, 0x1245, 0x1ff80, 0x20000, 0xdeadb80,
	    0x7f000180, 0x12345680, 0xffff80, 0x400000, 0xc0ffe00, 0x2a5a5a80 } },
};

/* The dl2 of each configuration: the set GPGPU-Sim's L2 computes on the
 * partition address (l2_cache_config::set_index). */
static const struct {
	const char *name;
	unsigned map, n, sub, pidx, sets, line;
	char letter;
	uint64_t sum;
	unsigned set[20];
} l2[] = {
	{ "GTX 480", 0, 6, 2, 0, 64, 128, 'L', 0x52657571d8691958ULL,
	  {0,1,0,1,0,1,5,4,11,42,48,21,20,53,45,17,43,42,38,49} },
	{ "Kepler TITAN", 1, 12, 2, 0, 32, 128, 'P', 0xcbc84e7de28fab7fULL,
	  {0,0,0,0,0,0,2,2,5,21,24,1,1,21,14,17,11,16,11,25} },
	{ "TITAN X", 1, 12, 2, 4, 64, 128, 'P', 0xbc623c850ea24c18ULL,
	  {0,0,0,0,0,0,2,2,5,21,24,52,52,0,39,7,40,59,21,26} },
	{ "RTX 2060", 1, 12, 2, 0, 64, 128, 'P', 0x253a0d5a78326963ULL,
	  {0,0,0,0,0,0,2,2,5,21,24,52,52,0,39,7,40,59,21,26} },
	{ "RTX 2060 S", 1, 16, 2, 0, 64, 128, 'P', 0x1bae023d43253a5aULL,
	  {0,0,0,0,0,0,1,2,3,16,18,54,24,17,23,48,14,20,45,48} },
	{ "QV100", 2, 32, 2, 2, 32, 128, 'P', 0xf3e43cb92716bd94ULL,
	  {0,1,0,1,0,1,1,0,1,8,8,4,13,30,19,0,10,28,19,23} },
	{ "TITAN V", 2, 24, 2, 2, 32, 128, 'P', 0x08b9c99868f2faa0ULL,
	  {0,1,0,1,0,1,1,0,3,10,12,18,19,30,7,29,4,26,2,25} },
	{ "RTX 3070", 1, 16, 2, 2, 64, 128, 'P', 0xd01274cf6a65eff5ULL,
	  {0,0,0,0,0,0,1,2,3,16,18,54,24,17,23,48,14,20,45,48} },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static void seed(unsigned n, unsigned sub, unsigned pidx)
{
	rng_state = 0x243F6A8885A308D3ULL ^ ((uint64_t)n << 40 | sub << 20 | pidx);
}

/* The decoder itself, every field. */
static void decoder(size_t k)
{
	struct wt_addrdec d;
	struct wt_addrdec_loc l;
	uint64_t h = 0xcbf29ce484222325ULL;
	unsigned bad = 0;
	char err[256];

	if (!ok(wt_addrdec_parse(maps[cases[k].map], &d, err, sizeof(err)) == 0 &&
		wt_addrdec_init(&d, cases[k].n, cases[k].sub,
				(enum wt_pidx)cases[k].pidx, err, sizeof(err)) == 0,
		"%s, %u x %u, %s: decodes", cases[k].name, cases[k].n,
		cases[k].sub, wt_pidx_name((enum wt_pidx)cases[k].pidx))) {
		printf("#   %s\n", err);
		return;
	}
	seed(cases[k].n, cases[k].sub, cases[k].pidx);
	for (unsigned i = 0; i < 512; i++) {
		uint64_t a = seq(i);

		wt_addrdec_decode(&d, a, &l);
		h = fnv(h, l.slice);
		h = fnv(h, l.chip);
		h = fnv(h, l.bank);
		h = fnv(h, l.row);
		h = fnv(h, l.col);
		h = fnv(h, wt_addrdec_partition_address(&d, a));
	}
	is_u64(h, cases[k].sum, "  512 addresses as GPGPU-Sim (checksum)");
	for (unsigned i = 0; i < 20; i++) {
		wt_addrdec_decode(&d, fixed[i], &l);
		bad += l.slice != cases[k].slice[i] ||
		       l.chip != cases[k].slice[i] / cases[k].sub ||
		       l.bank != cases[k].bank[i] || l.row != cases[k].row[i] ||
		       wt_addrdec_partition_address(&d, fixed[i]) !=
		       cases[k].paddr[i];
	}
	is_u64(bad, 0, "  20 spelled out: slice, channel, bank, row, partition "
	       "address");
	wt_addrdec_free(&d);
}

/*
 * The memo of places (wt_pmap_memo_place) answers as wt_pmap_place, on a
 * map of its own: seq() three times over, each address moved by an
 * offset under the memo's low bit (and one at the low bit, the next
 * chunk), so chunks come back, collide in the 1024 slots (the random
 * 40-bit ones) and differ in their low bits.  Random indexing draws in
 * the same order on both maps: a chunk's first sight is a memo miss.
 */
static void memo_place(size_t k, const struct wt_pmap_opts *o)
{
	struct wt_pmap ref, m;
	struct wt_pmap_memo *memo = wt_malloc(sizeof(*memo));
	unsigned bad = 0, n = 0;
	char err[256];

	if (wt_pmap_setup(maps[cases[k].map], o, &ref, err, sizeof(err)) < 0 ||
	    wt_pmap_setup(maps[cases[k].map], o, &m, err, sizeof(err)) < 0) {
		ok(0, "  memo: %s", err);
		free(memo);
		return;
	}
	wt_pmap_memo_init(memo, &m);
	for (unsigned r = 0; r < 3; r++) {
		for (unsigned i = 0; i < 512; i++, n++) {
			uint64_t a = seq(i), moved = (uint64_t)(i * 37 + r * 11);
			uint64_t lr, lm;
			unsigned pr, pm;

			if (memo->low)
				a += i % 64 == 63 ? 1ULL << memo->low :
				     moved & ((1ULL << memo->low) - 1);
			pr = wt_pmap_place(&ref, a, &lr);
			pm = wt_pmap_memo_place(memo, &m, a, &lm);
			bad += pr != pm || lr != lm;
		}
	}
	ok(memo->low > 0, "  memo: kept from bit %u", memo->low);
	is_u64(bad, 0, "  memo: %u places as wt_pmap_place's", n);
	wt_pmap_free(&ref);
	wt_pmap_free(&m);
	free(memo);
}

/* l2sim's way: --map, --partitions, --sub-partitions,
 * --partition-indexing. */
static void l2sim_map(size_t k)
{
	struct wt_pmap_opts o = { cases[k].n, cases[k].sub, 256,
				  (enum wt_pidx)cases[k].pidx };
	struct wt_pmap m;
	unsigned bad = 0;
	char err[256];

	if (wt_pmap_setup(maps[cases[k].map], &o, &m, err, sizeof(err)) < 0) {
		ok(0, "  l2sim: %s", err);
		return;
	}
	seed(cases[k].n, cases[k].sub, cases[k].pidx);
	for (unsigned i = 0; i < 512; i++)
		bad += wt_pmap_partition(&m, seq(i)) >= m.slices;
	for (unsigned i = 0; i < 20; i++)
		bad += wt_pmap_partition(&m, fixed[i]) != cases[k].slice[i] ||
		       wt_pmap_local(&m, fixed[i]) != cases[k].paddr[i];
	is_u64(bad, 0, "  l2sim's map: the same slices (of %u) and partition "
	       "addresses", m.slices);
	wt_pmap_free(&m);
	memo_place(k, &o);
}

/* dramsim's way: the channel of the same decoder. */
static void dramsim_map(size_t k)
{
	struct wt_dram_cfg c;
	struct wt_dram_map m;
	struct wt_dram_loc l;
	unsigned bad = 0;
	char err[256];

	memset(&c, 0, sizeof(c));
	c.channels = cases[k].n;
	c.ranks = 1;
	c.bus_width = 8;
	if (wt_dram_map_parse(maps[cases[k].map], &m, err, sizeof(err)) < 0 ||
	    (m.sub = cases[k].sub, m.indexing = (enum wt_pidx)cases[k].pidx,
	     wt_dram_map_fit(&m, &c, 0, err, sizeof(err)) < 0)) {
		ok(0, "  dramsim: %s", err);
		return;
	}
	seed(cases[k].n, cases[k].sub, cases[k].pidx);
	for (unsigned i = 0; i < 512; i++) {
		wt_dram_map_decode(&m, &c, seq(i), &l);
		bad += l.channel >= c.channels || l.bank >= c.banks;
	}
	for (unsigned i = 0; i < 20; i++) {
		wt_dram_map_decode(&m, &c, fixed[i], &l);
		bad += l.channel != cases[k].slice[i] / cases[k].sub ||
		       l.bank != cases[k].bank[i] || l.row != cases[k].row[i];
	}
	is_u64(bad, 0, "  dramsim's map: the same channels, banks and rows");
	wt_dram_map_free(&m);
}

/* The L2 set, on the partition address, as l2sim's model takes it. */
static void l2_sets(void)
{
	for (size_t k = 0; k < sizeof(l2) / sizeof(l2[0]); k++) {
		struct wt_pmap_opts o = { l2[k].n, l2[k].sub, 256,
					  (enum wt_pidx)l2[k].pidx };
		struct wt_pmap m;
		struct wt_index ix;
		const char *spec;
		uint64_t h = 0xcbf29ce484222325ULL;
		unsigned bad = 0, global = 0;
		char err[256];

		spec = wt_index_gpgpusim_spec(l2[k].letter, l2[k].sets,
					      l2[k].line, err, sizeof(err));
		if (!ok(spec && wt_index_parse(spec, l2[k].sets, l2[k].line, &ix,
					       err, sizeof(err)) == 0 &&
			wt_pmap_setup(maps[l2[k].map], &o, &m, err,
				      sizeof(err)) == 0,
			"%s L2 (%u sets, %c): set up", l2[k].name, l2[k].sets,
			l2[k].letter)) {
			printf("#   %s\n", err);
			continue;
		}
		seed(l2[k].n, l2[k].sub, l2[k].pidx);
		for (unsigned i = 0; i < 512; i++) {
			uint64_t a = seq(i);

			(void)wt_pmap_partition(&m, a);	/* random: in order */
			h = fnv(h, wt_index_set(&ix, wt_pmap_local(&m, a)));
		}
		is_u64(h, l2[k].sum, "  512 sets as GPGPU-Sim (checksum)");
		for (unsigned i = 0; i < 20; i++) {
			bad += wt_index_set(&ix, wt_pmap_local(&m, fixed[i])) !=
			       l2[k].set[i];
			global += wt_index_set(&ix, fixed[i]) != l2[k].set[i];
		}
		is_u64(bad, 0, "  20 spelled out, on the partition address");
		ok(global > 0, "  (%u of them differ on the global address)",
		   global);
		wt_pmap_free(&m);
	}
}

/* What GPGPU-Sim refuses or cannot decode, and the grammar. */
static void refusals(void)
{
	static const struct {
		const char *map;
		unsigned n, sub, pidx;
		const char *why;
	} r[] = {
		{ "dramid@8;" MAP64("RBBBCCCB.CCCSSSSS"), 32, 2, 3,
		  "pae partition indexing: GPGPU-Sim has none" },
		{ "dramid@8;" MAP64("BBBCCCCB.CCSSSSSS"), 6, 2, 1,
		  "xor partition indexing needs a power of two of channels, "
		  "not 6" },
		{ "dramid@8;" MAP64("RBBBCCCB.CCCSSSSS"), 32, 4, 2,
		  "hashes 32 channels of 4 sub-partitions over 128 slices, and "
		  "has equations for 16, 32 and 64 only" },
		{ "dramid@8;" MAP64("RBBBCCCB.CCCSSSSS"), 1, 1, 2,
		  "over 0 slices" },
		{ MAP64("RBBDDDCB.CCCSSSSS"), 8, 2, 4,
		  "random partition indexing needs dramid@BIT with BIT >= 1" },
		{ "dramid@0;RRRB", 4, 2, 4, "with BIT >= 1" },
		{ "dramid@8;RRRRCCCCBCCSSSSS", 4, 4, 0,
		  "4 sub-partitions need 2 B letters, the lowest of which choose "
		  "one; the mask has 1" },
		{ "dramid@31;RRRB", 12, 1, 0,
		  "dramid@31: with 12 channels (not a power of two) the bit must "
		  "be 0 to 30" },
		{ "dramid@62;RRRB", 8, 1, 0,
		  "dramid@62: 3 channel bits from bit 62 do not fit in 64" },
		{ MAP64("RBBDDDCB.CCCSSSSS"), 4, 1, 0,
		  "3 D letters make 8 memory partitions (channels), not 4" },
		{ MAP64("RBBDDDCB.CCCSSSSS"), 6, 1, 0,
		  "6 channels: D letters make a power of two; use dramid@BIT" },
		{ "RRRRBBBB", 4, 1, 0, "no D letters and no dramid@BIT: every "
		  "address would go to channel 0 of 4" },
	};
	static const struct {
		const char *map, *why;
	} p[] = {
		{ "dramid@8;RRRRQBB", "'Q' at position 14: expected D, B, R, C, "
		  "S, 0 or '.'" },
		{ "dramid@64;RRRR", "dramid@64: expected a bit number from 0 to "
		  "63" },
		{ "dramid@;RRRR", "expected dramid@BIT" },
		{ "xx;RRRR", "';' without dramid@BIT before it" },
		{ "dramid@8;RRDDSSSS", "give dramid@BIT or D letters in the mask, "
		  "not both" },
		{ "R" MAP64("RBBBCCCC.BCCSSSSS"), "more than 64 address bits" },
		{ "...", "an empty address mask" },
	};
	struct wt_addrdec d;
	char err[256];

	for (size_t i = 0; i < sizeof(r) / sizeof(r[0]); i++) {
		int rc = wt_addrdec_parse(r[i].map, &d, err, sizeof(err));

		if (rc == 0)
			rc = wt_addrdec_init(&d, r[i].n, r[i].sub,
					     (enum wt_pidx)r[i].pidx, err,
					     sizeof(err));
		ok(rc < 0, "refuses %.24s..., %u x %u, %s", r[i].map, r[i].n,
		   r[i].sub, wt_pidx_name((enum wt_pidx)r[i].pidx));
		like(err, r[i].why, "  saying why");
		wt_addrdec_free(&d);
	}
	for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++) {
		ok(wt_addrdec_parse(p[i].map, &d, err, sizeof(err)) < 0,
		   "refuses %s", p[i].map);
		like(err, p[i].why, "  saying why");
	}
	/* GPGPU-Sim's own grammar: lower case, '|' and blanks */
	ok(wt_addrdec_parse("dramid@8;rrrr|bbbb cccc.ssss", &d, err,
			    sizeof(err)) == 0, "lower case, '|' and blanks");
	is_u64(d.letters[WT_AD_BANK], 0xf00, "  B letters at bits 8..11");
	is_u64(d.letters[WT_AD_COL], 0xff, "  C and S in the column");
	is_u64(d.letters[WT_AD_BURST], 0xf, "  S in the burst");
	ok(wt_addrdec_parse("dramid@40;RRRB", &d, err, sizeof(err)) == 0 &&
	   wt_addrdec_init(&d, 8, 1, WT_PIDX_CONSECUTIVE, err, sizeof(err)) == 0,
	   "dramid@40 with 8 channels (a power of two) is fine");
}

/* The first chunk a random map sees takes the first draw. */
static void random_first(void)
{
	struct wt_pmap_opts o = { 12, 2, 256, WT_PIDX_RANDOM };
	struct wt_pmap m;
	char err[256];

	if (!ok(wt_pmap_setup(maps[1], &o, &m, err, sizeof(err)) == 0,
		"TITAN X, random"))
		return;
	/* 1804289383 mod 24 */
	is_u64(wt_pmap_partition(&m, 0x1234580), 7, "  first chunk: slice 7");
	is_u64(wt_pmap_partition(&m, 0x12345ff), 7, "  its other bytes too");
	/* 846930886 mod 24 */
	is_u64(wt_pmap_partition(&m, 0x1234600), 22, "  the next: slice 22");
	is_str(m.name, "dramid@8;" MAP64("RBBBCCCC.BCCSSSSS")
	       ",sub-partitions=2,indexing=random", "  its name");
	wt_pmap_free(&m);
}

static void glibc_rand(void)
{
	/* glibc's rand() after srand(1) (GPGPU-Sim's, and any Linux
	 * program's) */
	static const uint32_t want[5] = {
		1804289383, 846930886, 1681692777, 1714636915, 1957747793,
	};
	struct wt_glibc_rand g;
	unsigned bad = 0;

	wt_glibc_srand(&g, 1);
	for (int i = 0; i < 5; i++)
		bad += wt_glibc_rand(&g) != want[i];
	is_u64(bad, 0, "glibc's rand() after srand(1): 1804289383, 846930886, "
	       "...");
}

int main(void)
{
	glibc_rand();
	random_first();
	for (size_t k = 0; k < NCASES; k++) {
		decoder(k);
		l2sim_map(k);
		dramsim_map(k);
	}
	l2_sets();
	refusals();
	return tap_done();
}
