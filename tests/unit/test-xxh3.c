/*
 * test-xxh3.c - wt_hash64, the XXH3-64 checksum: xxHash's published
 * values, every long-input loop against the plain C one, and inputs
 * that are unaligned, end at the end of their allocation, or differ in
 * seed, length or one byte.
 *
 * It includes lib/common/hash.c rather than linking it, to reach the plain C
 * loop, which x86 builds (where wt_hash64 takes the SSE2 one) run only
 * here.
 */
#include "../../lib/common/hash.c"
#include "tap.h"

#include <stdlib.h>

#define PRIME32 2654435761U
#define PRIME64 11400714785074694797ULL	/* 0x9E3779B185EBCA8D */
#define SANITY_SIZE (4096 + 64 + 1)

/*
 * XXH3_64bits_withSeed over the first len bytes of xxHash's sanity
 * buffer, with seed 0 (equal to XXH3_64bits) and seed PRIME64.  The
 * lengths 0, 1, 6, 12, 24, 48, 80, 195, 403, 512, 2048, 2099, 2240 and
 * 2367 are XSUM_XXH3_testdata in xxHash's cli/xsum_sanity_check.c; the
 * others are from its tests/sanity_test_vectors.h (v0.8.2), as quoted
 * by Effect-TS's xxHash3 test.  Between them they take every path: 0,
 * 1-3, 4-8, 9-16, 17-128 (one to four pairs of chunks), 129-240, and
 * over 240 bytes one to five blocks, ending on a stripe, on a block or
 * in the middle of a stripe.
 */
static const struct {
	size_t len;
	uint64_t seed0, seed_prime64;
} vectors[] = {
	{    0, 0x2D06800538D394C2ULL, 0xA8A6B918B2F0364AULL },
	{    1, 0xC44BDFF4074EECDBULL, 0x032BE332DD766EF8ULL },
	{    2, 0x7A9978044CB8A8BBULL, 0x764B35C90519AD88ULL },
	{    3, 0x54247382A8D6B94DULL, 0x634B8990B4976373ULL },
	{    4, 0xE5DC74BC51848A51ULL, 0xAA2E7ECCB0C8F747ULL },
	{    6, 0x27B56A84CD2D7325ULL, 0x84589C116AB59AB9ULL },
	{    8, 0x24CCC9ACAA9F65E4ULL, 0x8F973410999B8F6BULL },
	{   12, 0xA713DAF0DFBB77E7ULL, 0xE7303E1B2336DE0EULL },
	{   16, 0x981B17D36C7498C9ULL, 0x663F29333B4DB6B1ULL },
	{   17, 0x796F5ACD3A60F862ULL, 0xF3EC5067F4306DB3ULL },
	{   24, 0xA3FE70BF9D3510EBULL, 0x850E80FC35BDD690ULL },
	{   32, 0x9FEADDBDBF57EED3ULL, 0x2199FAB1534893D9ULL },
	{   33, 0xABFB2D081B400A10ULL, 0xAD56348DA574BB6DULL },
	{   48, 0x397DA259ECBA1F11ULL, 0xADC2CBAA44ACC616ULL },
	{   64, 0x9CB48487720EC49DULL, 0x4FE8895DB9B8C077ULL },
	{   65, 0xFD81AAC4BEBC3883ULL, 0xAD80AEEC1FC9E0A7ULL },
	{   80, 0xBCDEFBBB2C47C90AULL, 0xC6DD0CB699532E73ULL },
	{  128, 0xFCFF24126754D861ULL, 0x73FDE75280646649ULL },
	{  129, 0x98F1B0A679A2CA29ULL, 0x21FFFDBCA099C844ULL },
	{  195, 0xCD94217EE362EC3AULL, 0xBA68003D370CB3D9ULL },
	{  240, 0x81C3C2B67F568CCFULL, 0xCC0F58C27EF3D8EEULL },
	{  241, 0xC5A639ECD2030E5EULL, 0xDDA9B0A161D4829AULL },
	{  256, 0x55DE574AD89D0AC5ULL, 0x4D30234B7A3AA61CULL },
	{  257, 0xB17FD5A8AE75BB0BULL, 0x802A6FBF3CACD97CULL },
	{  403, 0xCDEB804D65C6DEA4ULL, 0x6259F6ECFD6443FDULL },
	{  512, 0x617E49599013CB6BULL, 0x3CE457DE14C27708ULL },
	{ 1024, 0xDD85C9B5C1109C5CULL, 0xEF368A8A2EBABAEFULL },
	{ 2048, 0xDD59E2C3A5F038E0ULL, 0x66F81670669ABABCULL },
	{ 2099, 0xC6B9D9B3FC9AC765ULL, 0x184F316843663974ULL },
	{ 2240, 0x6E73A90539CF2948ULL, 0x757BA8487D1B5247ULL },
	{ 2367, 0xCB37AEB9E5D361EDULL, 0xD2DB3415B942B42AULL },
	{ 4096, 0xE91206429D1F48F9ULL, 0x2A3BBB20A5439DCDULL },
	{ 4160, 0x4F323B15321E94E1ULL, 0x1BF6F5FAF9EECABDULL },
};

static unsigned char sanity[SANITY_SIZE];

/* xxHash's sanity buffer: the top byte of a multiplicative sequence. */
static void fill_sanity(void)
{
	uint64_t gen = PRIME32;

	for (size_t i = 0; i < SANITY_SIZE; i++) {
		sanity[i] = (unsigned char)(gen >> 56);
		gen *= PRIME64;
	}
}

/* XXH3-64 with the given loop for long inputs. */
static uint64_t with_loop(uint64_t seed, const void *p, size_t len,
			  accumulate_fn *accumulate, scramble_fn *scramble)
{
	if (len <= 240)
		return xxh3_short(seed, p, len);
	return xxh3_long(seed, p, len, accumulate, scramble);
}

typedef uint64_t hash_fn(uint64_t seed, const void *p, size_t len);

/* The reference. */
static uint64_t xxh3_c(uint64_t seed, const void *p, size_t len)
{
	return with_loop(seed, p, len, accumulate_c, scramble_c);
}

static void published(void)
{
	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		size_t len = vectors[i].len;

		is_u64(wt_hash64(0, sanity, len), vectors[i].seed0,
		       "%zu bytes, seed 0", len);
		is_u64(wt_hash64(PRIME64, sanity, len), vectors[i].seed_prime64,
		       "%zu bytes, seed PRIME64", len);
	}
	is_u64(wt_hash64(0, NULL, 0), vectors[0].seed0, "NULL of 0 bytes");
}

/*
 * Each input is copied to an allocation of exactly its size, so that the
 * sanitizers see any read past either end.  0 to 4160 bytes: every path
 * and every way of ending a stripe, over one to five blocks.
 */
static void agrees(const char *name, hash_fn *hash)
{
	const uint64_t seeds[] = { 0, PRIME64 };
	int bad = 0;

	for (size_t len = 0; len <= 4160; len++) {
		unsigned char *p = malloc(len);

		if (len)
			memcpy(p, sanity, len);
		for (int s = 0; s < 2; s++) {
			uint64_t want = xxh3_c(seeds[s], p, len);
			uint64_t got = hash(seeds[s], p, len);

			if (got != want && bad++ < 5)
				printf("# %s, %zu bytes, seed %d: %016llX, C %016llX\n",
				       name, len, s, (unsigned long long)got,
				       (unsigned long long)want);
		}
		free(p);
	}
	ok(bad == 0, "%s agrees with the plain C loop, 0 to 4160 bytes", name);
}

/* One 256 KiB block of varied bytes, the largest a stream holds. */
static void block_agrees(const char *name, hash_fn *hash)
{
	size_t len = 256 << 10;
	unsigned char *p = malloc(len);

	for (size_t i = 0; i < len; i++)
		p[i] = sanity[i % SANITY_SIZE] ^ (unsigned char)(i >> 12);
	ok(hash(7, p, len) == xxh3_c(7, p, len),
	   "%s agrees on a 256 KiB block", name);
	free(p);
}

#ifdef HAVE_AVX2_LOOP
/* The AVX2 loop on its own, whichever wt_hash64 takes here. */
static uint64_t xxh3_avx2(uint64_t seed, const void *p, size_t len)
{
	return with_loop(seed, p, len, accumulate_avx2, scramble_sse2);
}
#endif

static void loops(void)
{
	agrees("wt_hash64", wt_hash64);
	block_agrees("wt_hash64", wt_hash64);
#ifdef HAVE_AVX2_LOOP
	if (has_avx2()) {
		agrees("the AVX2 loop", xxh3_avx2);
		block_agrees("the AVX2 loop", xxh3_avx2);
	} else {
		ok(1, "# SKIP no AVX2 on this CPU");
		ok(1, "# SKIP no AVX2 on this CPU");
	}
#endif
}

/* The lengths that end each path, and a few long ones. */
static const size_t edges[] = {
	0, 1, 3, 4, 8, 9, 16, 17, 32, 33, 64, 65, 96, 97, 128, 129, 240,
	241, 1023, 1024, 1025, 2099, 4160,
};
#define NEDGES (sizeof(edges) / sizeof(edges[0]))

/* The same bytes at malloc's alignment and 1 to 7 bytes past it. */
static void unaligned(const char *name, hash_fn *hash)
{
	unsigned char *buf = malloc(SANITY_SIZE + 8);
	int bad = 0;

	for (size_t k = 0; k < NEDGES; k++) {
		size_t len = edges[k];
		uint64_t want;

		memcpy(buf, sanity, len);
		want = hash(PRIME64, buf, len);
		for (size_t off = 1; off < 8; off++) {
			memcpy(buf + off, sanity, len);
			bad += hash(PRIME64, buf + off, len) != want;
		}
	}
	free(buf);
	ok(bad == 0, "%s: input at offsets 1 to 7 hashes as aligned", name);
}

/*
 * Seed, length and every single byte matter, on every path.  Not a
 * certainty for a 64-bit hash, but a collision here would be a bug.
 */
static void sensitivity(void)
{
	int seed = 0, length = 0, content = 0;
	unsigned char *p = malloc(SANITY_SIZE);

	memcpy(p, sanity, SANITY_SIZE);
	for (size_t k = 0; k < NEDGES; k++) {
		size_t len = edges[k];
		uint64_t h = wt_hash64(0, p, len);

		seed += wt_hash64(1, p, len) == h;
		seed += wt_hash64(1ULL << 63, p, len) == h;
		length += wt_hash64(0, p, len + 1) == h;
		for (size_t i = 0; i < len; i++) {
			p[i] ^= 0x80;
			content += wt_hash64(0, p, len) == h;
			p[i] ^= 0x80;
		}
	}
	free(p);
	ok(seed == 0, "the seed changes the hash at every length");
	ok(length == 0, "one more byte changes the hash at every length");
	ok(content == 0, "flipping any one byte changes the hash");
}

int main(void)
{
	fill_sanity();
	published();
	loops();
	unaligned("wt_hash64", wt_hash64);
	sensitivity();
	return tap_done();
}
