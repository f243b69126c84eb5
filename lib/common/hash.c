/*
 * hash.c - wt_hash64, the stream checksum: XXH3-64.
 *
 * XXH3-64 (XXH3_64bits_withSeed of Yann Collet's xxHash 0.8) is written
 * here from its published specification and checked against xxHash's
 * published test values, so that xxhsum -H3 and every xxHash library
 * can verify a warptrace stream.  Every record is hashed once by its
 * writer and once by its reader at every stage of a pipeline, so the
 * speed of its long-input loop matters: eight 64-bit lanes, each step
 * one 32x32->64-bit multiply and two adds, with no chain from lane to
 * lane, so that SSE2 (every x86-64) runs two lanes at once.  On 256 KiB
 * blocks on the bench machine that is 18-21 GB/s, against 10-11 GB/s for
 * XXH64 (format 2's checksum, four chains of two 64-bit multiplies a
 * word) and 6.7 GB/s for the same loop in plain C, which other machines
 * get.  An AVX2 loop, four lanes at once, ran at 29 GB/s, but made
 * trace-order no faster and trace-dump --check of 940 MB 4 % faster
 * (best of 9 each), so it is not kept.  Inputs of up to 240 bytes take
 * one of six short paths by length, a few multiplies each.  warptrace-stream(5)
 * says which.
 */
#include "hash.h"

#include <string.h>

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

/*
 * The constants the specification names PRIME64_1..5, PRIME32_1..3 and
 * PRIME_MX1..2.
 */
#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P4 0x85EBCA77C2B2AE63ULL
#define P5 0x27D4EB2F165667C5ULL
#define P32_1 0x9E3779B1U
#define P32_2 0x85EBCA77U
#define P32_3 0xC2B2AE3DU
#define MX1 0x165667919E3779F9ULL
#define MX2 0x9FB21C651E98DF25ULL

#define SECRET_SIZE 192
#define STRIPE 64
/* A stripe uses the secret 8 bytes further on than the one before it, so
 * a block is as many stripes as fit before the last 64 bytes, which the
 * scramble takes: 16 stripes, 1 KiB. */
#define BLOCK_STRIPES ((SECRET_SIZE - STRIPE) / 8)
#define BLOCK (BLOCK_STRIPES * STRIPE)

/* The default secret: 192 pseudo-random bytes fixed by the specification. */
static const unsigned char xxh3_secret[SECRET_SIZE] = {
	0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c,
	0xf7, 0x21, 0xad, 0x1c, 0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb,
	0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e,
	0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
	0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6,
	0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb,
	0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97,
	0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
	0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7,
	0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31,
	0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64, 0xea, 0xc5, 0xac, 0x83,
	0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
	0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26,
	0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc,
	0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f,
	0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

/* XXH64's final mix, which XXH3 uses for inputs of 0 to 3 bytes. */
static uint64_t avalanche_xxh64(uint64_t h)
{
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	h ^= h >> 32;
	return h;
}

/* XXH3's own, shorter final mix. */
static uint64_t avalanche(uint64_t h)
{
	h ^= h >> 37;
	h *= MX1;
	h ^= h >> 32;
	return h;
}

/* The full 128-bit product of a and b, its halves xored together. */
static inline uint64_t mul_fold(uint64_t a, uint64_t b)
{
	unsigned __int128 p = (unsigned __int128)a * b;

	return (uint64_t)p ^ (uint64_t)(p >> 64);
}

/* 16 bytes of input, keyed by 16 of the secret and the seed. */
static inline uint64_t mix16(const unsigned char *p, const unsigned char *s,
			     uint64_t seed)
{
	return mul_fold(read64(p) ^ (read64(s) + seed),
			read64(p + 8) ^ (read64(s + 8) - seed));
}

static uint64_t xxh3_1to3(uint64_t seed, const unsigned char *p, size_t len)
{
	/* The first, middle and last bytes (the same byte more than once
	 * when len < 3) and the length, as one 32-bit word. */
	uint32_t w = (uint32_t)p[0] << 16 | (uint32_t)p[len >> 1] << 24 |
		     (uint32_t)len << 8 | p[len - 1];
	uint64_t key = (read32(xxh3_secret) ^ read32(xxh3_secret + 4)) + seed;

	return avalanche_xxh64(key ^ w);
}

static uint64_t xxh3_4to8(uint64_t seed, const unsigned char *p, size_t len)
{
	uint64_t key, h;

	/* The seed's low half, byte-swapped, is xored into its high half. */
	seed ^= (uint64_t)__builtin_bswap32((uint32_t)seed) << 32;
	key = (read64(xxh3_secret + 8) ^ read64(xxh3_secret + 16)) - seed;
	/* The first and last 4 bytes: they overlap when len < 8. */
	h = ((uint64_t)read32(p) << 32 | read32(p + len - 4)) ^ key;

	h ^= rotl(h, 49) ^ rotl(h, 24);
	h *= MX2;
	h ^= (h >> 35) + len;
	h *= MX2;
	return h ^ (h >> 28);
}

static uint64_t xxh3_9to16(uint64_t seed, const unsigned char *p, size_t len)
{
	const unsigned char *s = xxh3_secret;
	uint64_t lo = read64(p) ^ ((read64(s + 24) ^ read64(s + 32)) + seed);
	uint64_t hi = read64(p + len - 8) ^
		      ((read64(s + 40) ^ read64(s + 48)) - seed);

	return avalanche(len + __builtin_bswap64(lo) + hi + mul_fold(lo, hi));
}

/*
 * 17 to 128 bytes: 16-byte chunks taken in pairs, one from the front and
 * one from the back, until they meet; the last pair may overlap.
 */
static uint64_t xxh3_17to128(uint64_t seed, const unsigned char *p, size_t len)
{
	const unsigned char *s = xxh3_secret;
	uint64_t h = len * P1;
	size_t i, pairs = (len - 1) / 32 + 1;

	for (i = 0; i < pairs; i++) {
		h += mix16(p + 16 * i, s + 32 * i, seed);
		h += mix16(p + len - 16 - 16 * i, s + 32 * i + 16, seed);
	}
	return avalanche(h);
}

/*
 * 129 to 240 bytes: the first eight 16-byte chunks, a mix, the other
 * whole chunks with the secret from byte 3, and the last 16 bytes with
 * the secret at byte 119.
 */
static uint64_t xxh3_129to240(uint64_t seed, const unsigned char *p, size_t len)
{
	const unsigned char *s = xxh3_secret;
	uint64_t h = len * P1;
	size_t i;

	for (i = 0; i < 8; i++)
		h += mix16(p + 16 * i, s + 16 * i, seed);
	h = avalanche(h);
	for (i = 8; i < len / 16; i++)
		h += mix16(p + 16 * i, s + 16 * (i - 8) + 3, seed);
	h += mix16(p + len - 16, s + 119, seed);
	return avalanche(h);
}

/* Up to 240 bytes, always keyed by the default secret and the seed. */
static uint64_t xxh3_short(uint64_t seed, const unsigned char *p, size_t len)
{
	if (len > 128)
		return xxh3_129to240(seed, p, len);
	if (len > 16)
		return xxh3_17to128(seed, p, len);
	if (len > 8)
		return xxh3_9to16(seed, p, len);
	if (len >= 4)
		return xxh3_4to8(seed, p, len);
	if (len > 0)
		return xxh3_1to3(seed, p, len);
	return avalanche_xxh64(seed ^ read64(xxh3_secret + 56) ^
			       read64(xxh3_secret + 64));
}

/*
 * Longer inputs go through eight 64-bit lanes, in two steps that each
 * variant below provides: accumulate takes n stripes, the secret moving
 * on 8 bytes with each; scramble mixes every lane with the end of the
 * secret after each block.
 */
typedef void accumulate_fn(uint64_t acc[8], const unsigned char *p, size_t n,
			   const unsigned char *secret);
typedef void scramble_fn(uint64_t acc[8], const unsigned char *secret);

/*
 * A lane adds the product of the two 32-bit halves of its input word
 * xor the secret, and its neighbour's input word as it is, so that a
 * product of zero cannot lose that word.  On x86 only the tests run this
 * plain C loop, against the SSE2 one (hence "unused").
 */
static void __attribute__((unused))
accumulate_c(uint64_t acc[8], const unsigned char *p, size_t n,
	     const unsigned char *secret)
{
	for (; n > 0; n--, p += STRIPE, secret += 8) {
		for (int i = 0; i < 8; i++) {
			uint64_t w = read64(p + 8 * i);
			uint64_t k = w ^ read64(secret + 8 * i);

			acc[i ^ 1] += w;
			acc[i] += (k & 0xFFFFFFFF) * (k >> 32);
		}
	}
}

static void __attribute__((unused))
scramble_c(uint64_t acc[8], const unsigned char *secret)
{
	for (int i = 0; i < 8; i++) {
		uint64_t a = acc[i];

		a ^= a >> 47;
		a ^= read64(secret + 8 * i);
		acc[i] = a * P32_1;
	}
}

#ifdef __SSE2__
#include <emmintrin.h>

/*
 * The same, two lanes to a 128-bit register (SSE2, which every x86-64
 * has).  The multiply, pmuludq, takes the low 32 bits of each 64-bit
 * lane, so the high halves are shifted down to meet them; swapping the
 * two words of the input gives each lane its neighbour's word.  The
 * lanes are held in named variables because gcc -O2 keeps an array of
 * them in memory, which costs the loop a quarter of its speed.
 */
static inline __m128i lanes_sse2(__m128i acc, const unsigned char *p,
				 const unsigned char *secret)
{
	__m128i w = _mm_loadu_si128((const __m128i *)p);
	__m128i s = _mm_loadu_si128((const __m128i *)secret);
	__m128i k = _mm_xor_si128(w, s);
	__m128i prod = _mm_mul_epu32(k, _mm_srli_epi64(k, 32));
	__m128i swap = _mm_shuffle_epi32(w, _MM_SHUFFLE(1, 0, 3, 2));

	return _mm_add_epi64(acc, _mm_add_epi64(prod, swap));
}

static void accumulate_sse2(uint64_t acc[8], const unsigned char *p, size_t n,
			    const unsigned char *secret)
{
	__m128i a0 = _mm_loadu_si128((const __m128i *)acc);
	__m128i a1 = _mm_loadu_si128((const __m128i *)acc + 1);
	__m128i a2 = _mm_loadu_si128((const __m128i *)acc + 2);
	__m128i a3 = _mm_loadu_si128((const __m128i *)acc + 3);

	for (; n > 0; n--, p += STRIPE, secret += 8) {
		a0 = lanes_sse2(a0, p, secret);
		a1 = lanes_sse2(a1, p + 16, secret + 16);
		a2 = lanes_sse2(a2, p + 32, secret + 32);
		a3 = lanes_sse2(a3, p + 48, secret + 48);
	}
	_mm_storeu_si128((__m128i *)acc, a0);
	_mm_storeu_si128((__m128i *)acc + 1, a1);
	_mm_storeu_si128((__m128i *)acc + 2, a2);
	_mm_storeu_si128((__m128i *)acc + 3, a3);
}

/* A 64-bit lane times a 32-bit prime is the sum of its two halves times
 * the prime, the high one's product shifted back up. */
static void scramble_sse2(uint64_t acc[8], const unsigned char *secret)
{
	const __m128i prime = _mm_set1_epi32((int)P32_1);

	for (int i = 0; i < 4; i++) {
		__m128i a = _mm_loadu_si128((const __m128i *)acc + i);
		__m128i s = _mm_loadu_si128((const __m128i *)secret + i);
		__m128i lo, hi;

		a = _mm_xor_si128(a, _mm_srli_epi64(a, 47));
		a = _mm_xor_si128(a, s);
		lo = _mm_mul_epu32(a, prime);
		hi = _mm_mul_epu32(_mm_srli_epi64(a, 32), prime);
		a = _mm_add_epi64(lo, _mm_slli_epi64(hi, 32));
		_mm_storeu_si128((__m128i *)acc + i, a);
	}
}

/*
 * The same again, four lanes to a 256-bit register, where the CPU has
 * AVX2 (asked once, at the first long input): half the instructions of
 * the SSE2 loop, and every stream block is hashed twice, as it is
 * written and as it is read.  Built with the target attribute, so that
 * the program still runs on any x86-64.
 */
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define HAVE_AVX2_LOOP 1

__attribute__((target("avx2"))) static inline __m256i
lanes_avx2(__m256i acc, const unsigned char *p, const unsigned char *secret)
{
	__m256i w = _mm256_loadu_si256((const __m256i *)(const void *)p);
	__m256i s = _mm256_loadu_si256((const __m256i *)(const void *)secret);
	__m256i k = _mm256_xor_si256(w, s);
	__m256i prod = _mm256_mul_epu32(k, _mm256_srli_epi64(k, 32));
	__m256i swap = _mm256_shuffle_epi32(w, _MM_SHUFFLE(1, 0, 3, 2));

	return _mm256_add_epi64(acc, _mm256_add_epi64(prod, swap));
}

__attribute__((target("avx2"))) static void
accumulate_avx2(uint64_t acc[8], const unsigned char *p, size_t n,
		const unsigned char *secret)
{
	__m256i a0 = _mm256_loadu_si256((const __m256i *)(void *)acc);
	__m256i a1 = _mm256_loadu_si256((const __m256i *)(void *)(acc + 4));

	for (; n > 0; n--, p += STRIPE, secret += 8) {
		a0 = lanes_avx2(a0, p, secret);
		a1 = lanes_avx2(a1, p + 32, secret + 32);
	}
	_mm256_storeu_si256((__m256i *)(void *)acc, a0);
	_mm256_storeu_si256((__m256i *)(void *)(acc + 4), a1);
}

/* Whether this CPU runs accumulate_avx2: 1, 0, or -1 before the first ask. */
static int avx2_here = -1;

static int has_avx2(void)
{
	int v = __atomic_load_n(&avx2_here, __ATOMIC_RELAXED);

	if (v < 0) {
		__builtin_cpu_init();
		v = __builtin_cpu_supports("avx2") ? 1 : 0;
		__atomic_store_n(&avx2_here, v, __ATOMIC_RELAXED);
	}
	return v;
}
#endif
#endif

/*
 * A seed changes long inputs through the secret: it is added to the even
 * 64-bit words of the default one and taken from the odd ones.
 */
static void derive_secret(unsigned char *secret, uint64_t seed)
{
	for (int i = 0; i < SECRET_SIZE / 8; i++) {
		uint64_t w = read64(xxh3_secret + 8 * i);

		w = i % 2 ? w - seed : w + seed;
		memcpy(secret + 8 * i, &w, 8);
	}
}

/*
 * Over 240 bytes: every block but the last is accumulated, then
 * scrambled.  The last block (1 to 1024 bytes) is accumulated without
 * its final stripe, whole or partial, whose place the last 64 bytes of
 * the input take, with the secret at an offset of their own: they
 * overlap the stripe before unless len is a multiple of 64.  Then the
 * lanes are merged into one word, keyed by the secret from byte 11.
 */
static uint64_t xxh3_long(uint64_t seed, const unsigned char *p, size_t len,
			  accumulate_fn *accumulate, scramble_fn *scramble)
{
	uint64_t acc[8] = { P32_3, P1, P2, P3, P4, P32_2, P5, P32_1 };
	unsigned char derived[SECRET_SIZE];
	const unsigned char *secret = xxh3_secret, *tail;
	size_t blocks = (len - 1) / BLOCK;
	uint64_t h = len * P1;

	/* Seed 0 would derive the default secret itself. */
	if (seed) {
		derive_secret(derived, seed);
		secret = derived;
	}
	/* The secret's last 64 bytes scramble the lanes. */
	tail = secret + SECRET_SIZE - STRIPE;

	for (size_t b = 0; b < blocks; b++) {
		accumulate(acc, p + b * BLOCK, BLOCK_STRIPES, secret);
		scramble(acc, tail);
	}
	accumulate(acc, p + blocks * BLOCK, (len - 1 - blocks * BLOCK) / STRIPE,
		   secret);
	accumulate(acc, p + len - STRIPE, 1, tail - 7);

	for (int i = 0; i < 8; i += 2)
		h += mul_fold(acc[i] ^ read64(secret + 11 + 8 * i),
			      acc[i + 1] ^ read64(secret + 19 + 8 * i));
	return avalanche(h);
}

uint64_t wt_hash64(uint64_t seed, const void *data, size_t len)
{
	if (len <= 240)
		return xxh3_short(seed, data, len);
#ifdef __SSE2__
#ifdef HAVE_AVX2_LOOP
	if (has_avx2())
		return xxh3_long(seed, data, len, accumulate_avx2, scramble_sse2);
#endif
	return xxh3_long(seed, data, len, accumulate_sse2, scramble_sse2);
#else
	return xxh3_long(seed, data, len, accumulate_c, scramble_c);
#endif
}
