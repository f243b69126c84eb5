/*
 * test-partition.c - address to L2 partition mappings (partition.h) on
 * hand-computed addresses: linear interleaving at several granularities
 * and partition counts (6 and 12 too), XOR folding, IPOLY, GPGPU-Sim
 * mapping strings; the partition-local address and its set; that every
 * mapping is one-to-one; and the rejections.
 */
#include "partition.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct wt_pmap map;
static char err[256];

static int setup(const char *spec, unsigned n, uint64_t g)
{
	int r = wt_pmap_parse(spec, n, g, &map, err, sizeof(err));

	if (!ok(r == 0, "%s, %u partitions, interleave %llu parses", spec, n,
		(unsigned long long)g))
		printf("#   error: %s\n", err);
	return r == 0;
}

/* addr goes to partition p with local address local. */
static void maps(uint64_t addr, unsigned p, uint64_t local)
{
	is_u64(wt_pmap_partition(&map, addr), p, "%s: 0x%llx -> partition %u",
	       map.name, (unsigned long long)addr, p);
	is_u64(wt_pmap_local(&map, addr), local, "%s: 0x%llx -> local 0x%llx",
	       map.name, (unsigned long long)addr, (unsigned long long)local);
}

static void reject(const char *spec, unsigned n, uint64_t g, const char *want)
{
	int r = wt_pmap_parse(spec, n, g, &map, err, sizeof(err));

	ok(r == -1, "rejects %s with %u partitions", spec, n);
	like(err, want, "  says why");
}

static int by_u64(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* Every line of a range maps to a distinct (partition, local line). */
static void one_to_one(uint64_t base, unsigned lines, unsigned line)
{
	uint64_t *key = malloc(lines * sizeof(*key));
	int dup = 0;

	for (unsigned i = 0; i < lines; i++) {
		uint64_t a = base + (uint64_t)i * line;

		key[i] = wt_pmap_local(&map, a) / line * WT_MAX_PARTITIONS +
			 wt_pmap_partition(&map, a);
	}
	qsort(key, lines, sizeof(*key), by_u64);
	for (unsigned i = 1; i < lines; i++)
		dup |= key[i] == key[i - 1];
	ok(!dup, "%s: %u lines from 0x%llx map one to one", map.name, lines,
	   (unsigned long long)base);
	free(key);
}

int main(void)
{
	struct wt_index ix;

	/* linear: p = A / G mod N, local = (A / G / N) * G + A mod G */
	if (setup("linear", 6, 256)) {
		is_str(map.name, "linear,interleave=256", "canonical name");
		maps(0x0, 0, 0x0);
		maps(0x1234, 0, 0x334);		/* q 18, r 52: 3*256+52 */
		maps(0x700, 1, 0x100);		/* q 7 */
		maps(0x5ff, 5, 0xff);		/* q 5, r 255 */
		one_to_one(0x7f0000000ULL, 6000, 128);
		/* the fermi L2 slice: 64 sets, linear, on the local line */
		wt_index_parse("linear", 64, 128, &ix, err, sizeof(err));
		is_u64(wt_index_set(&ix, wt_pmap_local(&map, 0x1234)), 6,
		       "0x1234: set 6 of its partition (local 0x334 >> 7)");
		is_u64(wt_index_set(&ix, 0x1234), 36,
		       "(the set of the global address would be 36)");
	}
	if (setup("linear", 6, 128)) {
		maps(1000000, 0, 166720);	/* q 7812 = 6*1302, r 64 */
		maps(1000000 + 128 * 5, 5, 166720);
	}
	if (setup("linear", 6, 4096))
		maps(0x15345, 3, 0x3345);	/* q 21, r 837: 3*4096+837 */
	if (setup("linear", 12, 2048))		/* Yen's 12 partitions */
		maps(0x5b5a5, 2, 32165);	/* q 182, r 1445: 15*2048+1445 */
	if (setup("linear", 1, 256))
		maps(0xdeadbeef, 0, 0xdeadbeef);

	/* xor: p = XOR of the 2-bit digits of q = A >> 8 */
	if (setup("xor", 4, 256)) {
		is_str(map.name, "xor,interleave=256", "canonical name");
		maps(0x1b00, 0, 0x600);		/* q 11011b: 11^10^01 = 0 */
		maps(0x2345, 1, 0x845);		/* q 100011b: 11^00^10 = 01 */
		maps(0x0100, 1, 0x000);
		maps(0x0500, 0, 0x100);		/* q 101b: 01^01 */
		one_to_one(0x10000, 4096, 128);
	}

	/* ipoly: p = q mod P over GF(2) */
	if (setup("ipoly", 4, 256)) {
		is_str(map.name, "ipoly7,interleave=256", "canonical name: x^2+x+1");
		maps(0x0510, 2, 0x110);		/* x^2+1 = (x+1)+1 = x */
		maps(0x2300, 0, 0x800);		/* x^5+x+1 = 0 mod x^2+x+1 */
		one_to_one(0x40000, 4096, 128);
	}
	if (setup("ipoly11", 8, 256)) {
		maps(0x1f80, 2, 0x380);		/* x^4+x^3+x^2+x+1 = x */
		one_to_one(0, 8192, 256);
	}

	/* GPGPU-Sim mapping strings */
	if (setup("dramid@8;00000000.00000000.00000000.00000000.0000RRRR."
		  "RRRRRRRR.RBBBCCCC.BCCSSSSS", 6, 999)) {
		is_u64(map.interleave, 256, "dramid@8 is linear at 256 bytes");
		maps(0x1234, 0, 0x334);
		maps(0x700, 1, 0x100);
	}
	if (setup("dramid@11", 12, 256))
		maps(0x5b5a5, 2, 32165);
	if (setup("00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR."
		  "RBDBCCCD.BCCSSSSS", 4, 256)) {
		/* D at bits 8 and 13: p = A8 | A13 << 1; local drops them */
		maps(0x6155, 3, 0x1055);
		maps(0x0100, 1, 0x0);
		maps(0x2000, 2, 0x0);
		maps(0x4000, 0, 0x1000);
		maps(0x0200, 0, 0x100);
		one_to_one(0, 4096, 128);
	}

	reject("xor", 6, 256, "power-of-two");
	reject("ipoly", 6, 256, "power-of-two");
	reject("ipoly5", 4, 256, "--map=ipoly5: 5 (x^2+1) is not irreducible");
	reject("ipoly11", 4, 256, "degree");
	reject("modulo", 6, 256, "expected linear, xor, ipoly");
	reject("linear", 0, 256, "expected 1 to");
	reject("dramid@x", 6, 256, "expected a bit number");
	reject("RRRRDDQ", 4, 256, "'Q' at position 7");
	reject("RRRRDDDSSSSSSSS", 4, 256, "3 D letters make 8 memory partitions (channels), not 4");
	/* found by fuzz-spec: 32 D bits once shifted a 32-bit 1 */
	reject("0DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDBBD", 1, 256,
	       "33 D letters make 8589934592 memory partitions (channels), not 1");
	reject("dramid@8;RRDDSSSSSSSS", 4, 256, "not both");
	if (setup("dramid@7;RRRRRRRR", 6, 256))	/* a mask without D bits */
		maps(0x1280, 1, 0x300);	/* q 37, r 0: 6*128 */
	return tap_done();
}
