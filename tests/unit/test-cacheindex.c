/*
 * test-cacheindex.c - cache set-index functions: GF(2) polynomials, the
 * IPOLY H-matrix against Khairy et al.'s equations and against long
 * division, Nugteren's Fermi hash, GPGPU-Sim's xor, power-of-two stride
 * sweeps, matrix files, and every parse error.
 */
#include "cacheindex.h"
#include "util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/wt-test-cacheindex.XXXXXX";
static char err[512];

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545F4914F6CDD1DULL;
}

static char *tmp(const char *name)
{
	static char path[8][256];
	static int i;

	i = (i + 1) % 8;
	snprintf(path[i], sizeof(path[i]), "%s/%s", dir, name);
	return path[i];
}

static char *write_file(const char *name, const char *text)
{
	char *p = tmp(name);
	FILE *f = fopen(p, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(p);
		exit(1);
	}
	return p;
}

/* Parse or die: these specs are meant to be good. */
static struct wt_index must(const char *spec, unsigned sets, unsigned line)
{
	struct wt_index ix;

	if (wt_index_parse(spec, sets, line, &ix, err, sizeof(err)) < 0) {
		printf("Bail out! %s\n", err);
		exit(1);
	}
	return ix;
}

/* The parse must fail with a message containing want. */
static void bad(const char *spec, unsigned sets, unsigned line,
		const char *want)
{
	struct wt_index ix;
	int rc;

	err[0] = '\0';
	rc = wt_index_parse(spec, sets, line, &ix, err, sizeof(err));
	ok(rc == -1 && strchr(err, '\n') == NULL, "'%s' (%u sets, %u B) "
	   "fails", spec, sets, line);
	like(err, want, "... saying '%s'", want);
}

/* A mask from a list of address bits ending in -1. */
static uint64_t bits(const int *b)
{
	uint64_t m = 0;

	for (; *b >= 0; b++)
		m |= 1ULL << *b;
	return m;
}

/* The set from the rows alone, whatever the kind. */
static unsigned by_rows(const struct wt_index *ix, uint64_t a)
{
	unsigned s = 0, i;

	for (i = 0; i < ix->set_bits; i++)
		s |= (unsigned)__builtin_popcountll(a & ix->rows[i]) % 2 << i;
	return s;
}

/* Brute force: the line address (bits below addr_bits) mod poly by long
 * division, one bit at a time from the top. */
static unsigned long_division(uint64_t addr, unsigned poly, unsigned line_bits,
			      unsigned addr_bits)
{
	int d = wt_poly_degree(poly), b;
	uint64_t a = addr_bits < 64 ? addr & ((1ULL << addr_bits) - 1) : addr;

	a >>= line_bits;
	for (b = 63; b >= d; b--)
		if (a >> b & 1)
			a ^= (uint64_t)poly << (b - d);
	return (unsigned)a;
}

static char *equations(const struct wt_index *ix, unsigned max_bit)
{
	static char *buf;
	size_t n;
	FILE *f;

	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &n);
	wt_index_equations(ix, max_bit, f);
	fclose(f);
	return buf;
}

static void test_polynomials(void)
{
	/* Irreducible polynomials of degree 1..12 (Gauss's formula). */
	static const unsigned count[13] = {
		0, 2, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335,
	};
	static const unsigned deg5[6] = { 37, 41, 47, 55, 59, 61 };
	unsigned d, p, n, k, smallest, found5[6], nf = 0, good = 1;
	char buf[200];

	for (d = 1; d <= 12; d++) {
		for (n = 0, p = 1u << d; p < 2u << d; p++)
			n += (unsigned)wt_poly_irreducible(p);
		is_u64(n, count[d], "%u irreducible polynomials of degree %u",
		       count[d], d);
	}
	for (p = 32; p < 64; p++)
		if (wt_poly_irreducible(p) && nf < 6)
			found5[nf++] = p;
	ok(nf == 6 && memcmp(found5, deg5, sizeof(deg5)) == 0,
	   "degree 5: exactly 37, 41, 47, 55, 59, 61 (Khairy et al.)");
	ok(!wt_poly_irreducible(38), "38 = x(x^4+x+1) is reducible");
	ok(!wt_poly_irreducible(63), "63 = x^5+x^4+x^3+x^2+x+1 (divisible by x+1) is reducible");
	ok(!wt_poly_irreducible(0) && !wt_poly_irreducible(1),
	   "0 and 1 are not irreducible");
	ok(wt_poly_irreducible(2) && wt_poly_irreducible(3),
	   "x and x+1 are");
	ok(wt_poly_irreducible(0x80000009) && wt_poly_irreducible(0x400003),
	   "x^31+x^3+1 and x^22+x+1 (primitive trinomials) are");
	ok(!wt_poly_irreducible(0x80000001) && !wt_poly_irreducible(0x400007),
	   "x^31+1 and x^22+x^2+x+1 (both divisible by x+1) are not");

	for (k = 1; k <= 16; k++) {
		p = wt_ipoly_default(k);
		for (smallest = 1u << k; !wt_poly_irreducible(smallest);
		     smallest++)
			;
		if (k == 1)
			smallest = 3;	/* x+1 rather than x, see .h */
		if (wt_poly_degree(p) != (int)k || !wt_poly_irreducible(p) ||
		    p != smallest) {
			printf("# degree %u: default %u, smallest %u\n", k, p,
			       smallest);
			good = 0;
		}
	}
	ok(good, "defaults for degree 1..16 are the smallest irreducible");
	is_u64(wt_ipoly_default(5), 37, "degree 5 default is Poly(37)");
	ok(wt_ipoly_default(0) == 0 && wt_ipoly_default(17) == 0,
	   "no default for degree 0 or 17");
	printf("# defaults:");
	for (k = 1; k <= 16; k++)
		printf(" %u", wt_ipoly_default(k));
	printf("\n");

	is_str(wt_poly_format(37, buf, sizeof(buf)), "x^5+x^2+1", "37");
	is_str(wt_poly_format(38, buf, sizeof(buf)), "x^5+x^2+x", "38");
	is_str(wt_poly_format(3, buf, sizeof(buf)), "x+1", "3");
	is_str(wt_poly_format(1, buf, sizeof(buf)), "1", "1");
	is_str(wt_poly_format(0, buf, sizeof(buf)), "0", "0");
}

/*
 * Khairy et al. (GPGPU-8, 2015), Fig. 7: the XOR equations of Poly(37) for
 * 32 sets of 128-byte lines.  The stored paper text keeps only I3 and I4;
 * I0..I2 below are derived here from x^j mod (x^5+x^2+1), since the lines
 * that held them were lost.  Although the paper says the index comes from
 * A[31:0], these equations stop at A26: they are the reduction of the line
 * address bits 7..26 only (ipoly37,bits=27), exactly GPGPU-Sim's 32-set
 * ipoly_hash_function (a[k] = A(12+k), b[i] = A(7+i)).  The full reduction
 * adds address bits 27 and above: A27, A28, A30 and A31 to I3 and A28, A29
 * and A31 to I4 among the bits below 32.  For addresses below 2^26 the two
 * agree.
 */
static const int khairy[5][16] = {
	{ 25, 24, 23, 22, 21, 18, 17, 15, 12, 7, -1 },	/* derived */
	{ 26, 25, 24, 23, 22, 19, 18, 16, 13, 8, -1 },	/* derived */
	{ 26, 22, 21, 20, 19, 18, 15, 14, 12, 9, -1 },	/* derived */
	{ 23, 22, 21, 20, 19, 16, 15, 13, 10, -1 },	/* Fig. 7 */
	{ 24, 23, 22, 21, 20, 17, 16, 14, 11, -1 },	/* Fig. 7 */
};

/* GPGPU-Sim's 16- and 64-set IPOLY for 128-byte lines, as address bits:
 * Poly(19) over bits 7..23 and Poly(67) over bits 7..31 (derived here the
 * same way; they match hashing.cc's equations term for term). */
static const int gpgpusim16[4][16] = {
	{ 22, 21, 20, 19, 17, 15, 14, 11, 7, -1 },
	{ 23, 19, 18, 17, 16, 14, 12, 11, 8, -1 },
	{ 20, 19, 18, 17, 15, 13, 12, 9, -1 },
	{ 21, 20, 19, 18, 16, 14, 13, 10, -1 },
};
static const int gpgpusim64[6][16] = {
	{ 31, 30, 29, 28, 25, 23, 19, 18, 13, 7, -1 },
	{ 28, 26, 25, 24, 23, 20, 18, 14, 13, 8, -1 },
	{ 29, 27, 26, 25, 24, 21, 19, 15, 14, 9, -1 },
	{ 30, 28, 27, 26, 25, 22, 20, 16, 15, 10, -1 },
	{ 31, 29, 28, 27, 26, 23, 21, 17, 16, 11, -1 },
	{ 30, 29, 28, 27, 24, 22, 18, 17, 12, -1 },
};

static void test_khairy(void)
{
	struct wt_index cut = must("ipoly37,bits=27", 32, 128);
	struct wt_index full = must("ipoly37", 32, 128);
	uint64_t low27 = (1ULL << 27) - 1, low32 = 0xFFFFFFFFULL, a;
	unsigned i, agree = 1;
	char *eq;

	for (i = 0; i < 5; i++) {
		is_u64(cut.rows[i], bits(khairy[i]), "ipoly37,bits=27 I%u: "
		       "%s", i, i < 3 ? "derived" : "Khairy Fig. 7");
		is_u64(full.rows[i] & low27, bits(khairy[i]),
		       "ipoly37 I%u below A27 is the same", i);
	}
	is_u64(full.rows[3] & low32 & ~low27, bits((int[]){ 31, 30, 28, 27,
	       -1 }), "full reduction adds A31 A30 A28 A27 to I3");
	is_u64(full.rows[4] & low32 & ~low27, bits((int[]){ 31, 29, 28, -1 }),
	       "full reduction adds A31 A29 A28 to I4");

	eq = equations(&cut, 32);
	like(eq, "I3 = A23 ^ A22 ^ A21 ^ A20 ^ A19 ^ A16 ^ A15 ^ A13 ^ A10\n",
	     "equations: I3 as in Fig. 7");
	like(eq, "I4 = A24 ^ A23 ^ A22 ^ A21 ^ A20 ^ A17 ^ A16 ^ A14 ^ A11\n",
	     "equations: I4 as in Fig. 7");
	like(eq, "I0 = A25 ^ A24 ^ A23 ^ A22 ^ A21 ^ A18 ^ A17 ^ A15 ^ A12 ^ "
	     "A7\n", "equations: I0 (derived)");
	printf("# ipoly37,bits=27 (= GPGPU-Sim, Fig. 7):\n");
	for (char *l = eq, *e; (e = strchr(l, '\n')); l = e + 1)
		printf("#   %.*s\n", (int)(e - l), l);
	like(equations(&full, 32), "I3 = A31 ^ A30 ^ A28 ^ A27 ^ A23",
	     "full ipoly37 I3 shows the bits above A26");
	like(equations(&full, 32), "(+", "... and counts those >= A32");

	for (i = 0; i < 4; i++)
		if (must("ipoly19,bits=24", 16, 128).rows[i] !=
		    bits(gpgpusim16[i]))
			agree = 0;
	ok(agree, "ipoly19,bits=24 = GPGPU-Sim's 16-set IPOLY");
	for (agree = 1, i = 0; i < 6; i++)
		if (must("ipoly67,bits=32", 64, 128).rows[i] !=
		    bits(gpgpusim64[i]))
			agree = 0;
	ok(agree, "ipoly67,bits=32 = GPGPU-Sim's 64-set IPOLY");

	/* every line below 2^26, at a random offset within the line */
	for (agree = 1, a = 0; a < 1ULL << 26; a += 128) {
		uint64_t x = a + (rnd() & 127);
		unsigned want = long_division(x, 37, 7, 64);

		if (wt_index_set(&full, x) != want ||
		    wt_index_set(&cut, x) != want)
			agree = 0;
	}
	ok(agree, "all 2^19 lines below 2^26: H-matrix = long division, "
	   "full and bits=27");
}

/* wt_index_set = long division for random 64-bit addresses, several
 * geometries and polynomials. */
static void test_ipoly_random(void)
{
	static const struct {
		const char *spec;
		unsigned sets, line;
	} c[] = {
		{ "ipoly", 32, 128 }, { "ipoly41", 32, 128 },
		{ "ipoly61", 32, 32 }, { "ipoly", 2, 64 },
		{ "ipoly", 64, 128 }, { "ipoly,bits=40", 1024, 128 },
		{ "ipoly", 65536, 1 }, { "ipoly", 4096, 65536 },
		{ "ipoly37,bits=12", 32, 128 },
	};
	unsigned i, n;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct wt_index ix = must(c[i].spec, c[i].sets, c[i].line);
		int agree = 1;

		for (n = 0; n < 100000; n++) {
			uint64_t a = rnd() >> (n % 64);
			unsigned s = wt_index_set(&ix, a);

			if (s != long_division(a, ix.poly, ix.line_bits,
					       ix.addr_bits) ||
			    s != by_rows(&ix, a) || s >= ix.sets)
				agree = 0;
		}
		ok(agree, "%s (%s, %u sets, %u B): 100000 random addresses "
		   "= long division", c[i].spec, ix.name, c[i].sets,
		   c[i].line);
	}
}

static void test_fermi(void)
{
	struct wt_index f32 = must("fermi", 32, 128);
	struct wt_index f64 = must("fermi", 64, 128);
	static const struct {
		uint64_t addr;
		unsigned s32, s64;
	} v[] = {
		{ 0, 0, 0 },
		{ 1ULL << 7, 1, 1 },		{ 1ULL << 11, 16, 16 },
		{ 1ULL << 13, 1, 1 },		{ 1ULL << 14, 2, 2 },
		{ 1ULL << 15, 4, 4 },		{ 1ULL << 17, 8, 8 },
		{ 1ULL << 19, 16, 16 },		{ 1ULL << 12, 0, 32 },
		{ 1ULL << 16, 0, 0 },		{ 1ULL << 18, 0, 0 },
		{ 1ULL << 20, 0, 0 },		{ 127, 0, 0 },
		{ (1ULL << 7) | (1ULL << 13), 0, 0 },
		{ (1ULL << 11) | (1ULL << 19), 0, 0 },
		{ (1ULL << 10) | (1ULL << 19) | (1ULL << 12), 24, 56 },
		{ 0x1F80, 31, 63 },
		{ 0xFFFFFFFFFFFFFFFFULL, 0, 32 },
	};
	unsigned i, n, agree = 1;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		is_u64(wt_index_set(&f32, v[i].addr), v[i].s32,
		       "fermi 16 KB: A = 0x%llx -> set %u",
		       (unsigned long long)v[i].addr, v[i].s32);
		is_u64(wt_index_set(&f64, v[i].addr), v[i].s64,
		       "fermi 48 KB: A = 0x%llx -> set %u",
		       (unsigned long long)v[i].addr, v[i].s64);
	}
	for (n = 0; n < 100000; n++) {
		uint64_t a = rnd();

		if (wt_index_set(&f32, a) != by_rows(&f32, a) ||
		    wt_index_set(&f64, a) != by_rows(&f64, a))
			agree = 0;
	}
	ok(agree, "fermi: shifts = rows for random addresses");
	like(equations(&f64, 32), "I0 = A13 ^ A7\n", "fermi equation I0");
	like(equations(&f64, 32), "I5 = A12\n", "fermi equation I5");
}

static void test_linear_xor(void)
{
	struct wt_index lin = must("linear", 32, 128);
	struct wt_index x = must("xor", 32, 128);
	struct wt_index x14 = must("xor,bits=14", 32, 128);
	struct wt_index one = must("xor", 1, 128);
	struct wt_index *all[] = { &lin, &x, &x14, &one };
	unsigned i, n, agree = 1;

	is_u64(wt_index_set(&lin, 0x1234567), (0x1234567 >> 7) & 31,
	       "linear: bits 7..11");
	is_u64(wt_index_set(&x, (3 << 7) | (5 << 12)), 6,
	       "xor: index 3 ^ next bits 5 = 6");
	is_u64(wt_index_set(&x, 1ULL << 16), 16, "xor: A16 -> set bit 4");
	is_u64(wt_index_set(&x, 1ULL << 17), 0, "xor: A17 is not used");
	is_u64(wt_index_set(&x, 1ULL << 13), 2, "xor: A13 -> set bit 1");
	is_u64(wt_index_set(&x14, 1ULL << 13), 2, "xor,bits=14: A13 used");
	is_u64(wt_index_set(&x14, 1ULL << 14), 0, "xor,bits=14: A14 not");
	is_u64(wt_index_set(&x, 1ULL << 14), 4, "xor: A14 used");
	is_u64(wt_index_set(&one, 0xFFFFFFFF), 0, "1 set: always 0");
	for (i = 0; i < 4; i++)
		for (n = 0; n < 50000; n++) {
			uint64_t a = rnd();

			if (wt_index_set(all[i], a) != by_rows(all[i], a))
				agree = 0;
		}
	ok(agree, "linear and xor: shifts = rows for random addresses");
	like(equations(&x, 32), "I4 = A16 ^ A11\n", "xor equation I4");
	is_str(equations(&one, 32), "", "no equations for 1 set");
}

/*
 * Power-of-two strides from 2^7 to 2^16 bytes, 1024 addresses each, 32
 * sets of 128-byte lines.  Linear indexing uses 32 / 2^k sets at stride
 * 128 * 2^k and a single set from 4 KB on; IPOLY puts exactly 32 addresses
 * in every set for every such stride (k * x^s mod P is a bijection on the
 * residues, and 1024 consecutive multiples cover each residue 32 times).
 */
static void test_stride_sweep(void)
{
	struct wt_index lin = must("linear", 32, 128);
	struct wt_index ip = must("ipoly37", 32, 128);
	struct wt_index ipc = must("ipoly37,bits=27", 32, 128);
	struct wt_index xr = must("xor", 32, 128);
	struct wt_index fe = must("fermi", 32, 128);
	struct wt_index *ix[5] = { &lin, &ip, &ipc, &xr, &fe };
	unsigned s, k, j;

	printf("# stride sweep, 1024 addresses, 32 sets of 128 B: "
	       "sets used / max-min per set\n");
	printf("#   stride  linear     ipoly37    ipoly37,27 xor        "
	       "fermi\n");
	for (s = 7; s <= 16; s++) {
		unsigned used[5], spread[5];

		for (k = 0; k < 5; k++) {
			unsigned cnt[32] = { 0 }, lo = ~0u, hi = 0;

			for (j = 0; j < 1024; j++)
				cnt[wt_index_set(ix[k], (uint64_t)j << s)]++;
			used[k] = 0;
			for (j = 0; j < 32; j++) {
				used[k] += cnt[j] > 0;
				lo = cnt[j] < lo ? cnt[j] : lo;
				hi = cnt[j] > hi ? cnt[j] : hi;
			}
			spread[k] = hi - lo;
		}
		printf("#   %6u", 1u << s);
		for (k = 0; k < 5; k++)
			printf("  %2u / %4u", used[k], spread[k]);
		printf("\n");
		is_u64(used[0], s < 12 ? 32u >> (s - 7) : 1,
		       "stride %u: linear uses %u sets", 1u << s,
		       s < 12 ? 32u >> (s - 7) : 1);
		ok(used[1] == 32 && spread[1] == 0 && used[2] == 32 &&
		   spread[2] == 0, "stride %u: ipoly37 exactly 32 per set",
		   1u << s);
	}
}

static void test_matrix(void)
{
	char spec[512];
	struct wt_index m, f = must("fermi", 32, 128);
	unsigned n, agree = 1;
	char *p;

	p = write_file("fermi.txt",
		       "# Nugteren's Fermi hash as a matrix\n"
		       "7 13\n"
		       "\n"
		       "  8\t14   # set bit 1\n"
		       "9 15\r\n"
		       "10 0x11\n"
		       "11 19\n"
		       "# end\n");
	snprintf(spec, sizeof(spec), "matrix:%s", p);
	m = must(spec, 32, 128);
	is_str(m.name, "matrix:fermi.txt", "matrix name");
	for (n = 0; n < 100000; n++) {
		uint64_t a = rnd();

		if (wt_index_set(&m, a) != wt_index_set(&f, a))
			agree = 0;
	}
	ok(agree, "matrix file of the Fermi hash = fermi");

	snprintf(spec, sizeof(spec), "matrix:%s,bits=16", p);
	m = must(spec, 32, 128);
	is_u64(m.rows[4], 1ULL << 11, "bits=16 drops A19 from row 4");
	is_u64(m.rows[3], (1ULL << 10), "... and A17 from row 3");
	is_str(m.name, "matrix:fermi.txt,bits=16", "name with bits");

#define MBAD(file, text, sets, want) do {				\
		snprintf(spec, sizeof(spec), "matrix:%s",		\
			 write_file(file, text));			\
		bad(spec, sets, 128, want);				\
	} while (0)
	MBAD("big.txt", "7\n8\n\n9 70\n10\n11\n", 32, "big.txt:4: 70 is not "
	     "an address bit (0..63)");
	MBAD("word.txt", "7\nA8\n", 4, "word.txt:2: 'A8' is not an address "
	     "bit: not a number");
	MBAD("neg.txt", "7 -1\n", 2, "neg.txt:1: '-1' is not an address bit");
	MBAD("comma.txt", "7,8\n", 2, "comma.txt:1: '7,8' is not");
	MBAD("offset.txt", "7\n5\n", 4, "offset.txt:2: A5 lies inside the "
	     "128-byte line (offset bits 0..6)");
	MBAD("twice.txt", "7 12 7\n", 2, "twice.txt:1: A7 appears twice");
	MBAD("many.txt", "7\n8\n# c\n9\n", 4, "many.txt:4: row 3, but 4 sets "
	     "have only 2 set bits");
	MBAD("few.txt", "7\n# 8\n", 4, "few.txt: 1 rows, but 4 sets need 2");
	MBAD("empty.txt", "", 2, "empty.txt: 0 rows, but 2 sets need 1");
	MBAD("dep.txt", "7 13\n8 14\n\n7 8 13 14\n", 8, "dep.txt:4: set bit 2 "
	     "is the XOR of earlier rows");
	MBAD("dep2.txt", "7\n7\n", 4, "dep2.txt:2: set bit 1 is the XOR");
	snprintf(spec, sizeof(spec), "matrix:%s,bits=32",
		 write_file("high.txt", "7 40\n40\n"));
	bad(spec, 4, 128, "high.txt:2: set bit 1 uses no address bit below 32");
	snprintf(spec, sizeof(spec), "matrix:%s", tmp("missing.txt"));
	bad(spec, 32, 128, "missing.txt: No such file or directory");
	snprintf(spec, sizeof(spec), "matrix:%s", dir);
	bad(spec, 32, 128, ": read error: Is a directory");
	unlink(tmp("missing.txt"));
}

static void test_parse(void)
{
	struct wt_index ix;

	ix = must("ipoly", 32, 128);
	is_str(ix.name, "ipoly37", "bare ipoly names its polynomial");
	ok(ix.kind == WT_INDEX_IPOLY && ix.poly == 37 && ix.addr_bits == 64 &&
	   ix.set_bits == 5 && ix.line_bits == 7, "ipoly fields");
	is_str(must("ipoly,bits=64", 32, 128).name, "ipoly37", "bits=64 is "
	       "the default");
	is_str(must("ipoly37,bits=27", 32, 128).name, "ipoly37,bits=27",
	       "name keeps bits");
	is_str(must("ipoly0x25", 32, 128).name, "ipoly37", "hex polynomial");
	is_str(must("ipoly", 65536, 128).name, "ipoly65579", "degree 16");
	is_str(must("xor,bits=20", 32, 128).name, "xor,bits=20", "xor name");
	is_str(must("linear", 1, 1).name, "linear", "1 set of 1 byte");
	is_u64(must("xor,bits=12", 32, 128).addr_bits, 12, "bits=L+S is "
	       "allowed");

	bad("ipoly38", 32, 128, "--index=ipoly38: 38 (x^5+x^2+x) is not "
	    "irreducible");
	bad("ipoly63", 32, 128, "--index=ipoly63: 63 (x^5+x^4+x^3+x^2+x+1) "
	    "is not irreducible");
	bad("ipoly37", 64, 128, "--index=ipoly37: 37 (x^5+x^2+1) has degree "
	    "5, but 64 sets need degree 6 (e.g. ipoly67)");
	bad("ipoly0", 32, 128, "0 is a constant");
	bad("ipoly1", 32, 128, "1 is a constant");
	bad("ipolyx", 32, 128, "--index=ipolyx: polynomial 'x': not a number");
	bad("ipoly-3", 32, 128, "polynomial '-3'");
	bad("ipoly99999999999", 32, 128, "number too large");
	bad("ipoly", 1, 128, "--index=ipoly: ipoly needs 2 or more sets");
	bad("fermi", 16, 128, "--index=fermi: fermi hashing needs 32 or 64 "
	    "sets, not 16");
	bad("fermi", 128, 64, "fermi hashing needs 32 or 64 sets, not 128");
	bad("fermi,bits=27", 32, 128, "bits= applies only to xor, ipoly and "
	    "matrix");
	bad("linear,bits=27", 32, 128, "bits= applies only");
	bad("ipoly,bits=11", 32, 128, "--index=ipoly,bits=11: bits must be "
	    "12..64 for 32 sets of 128-byte lines");
	bad("ipoly,bits=65", 32, 128, "bits must be 12..64");
	bad("xor,bits=", 32, 128, "bits must be");
	bad("xor,bits=1x", 32, 128, "bits must be");
	bad("xor,size=3", 32, 128, "--index=xor,size=3: unknown option "
	    "'size=3' (expected bits=N)");
	bad("xor,", 32, 128, "unknown option ''");
	bad("ipoly37,bits=27,bits=27", 32, 128, "not a number");
	bad("modulo", 32, 128, "--index=modulo: unknown index 'modulo' "
	    "(expected linear, xor, fermi, ipoly, ipolyNN, gpgpusim-ipoly, zero "
	    "or matrix:FILE)");
	bad("", 32, 128, "unknown index ''");
	bad("Linear", 32, 128, "unknown index 'Linear'");
	bad("matrix:", 32, 128, "unknown index 'matrix:'");
	bad("linear", 48, 128, "48 sets: need a power of two from 1 to 65536");
	bad("linear", 0, 128, "0 sets");
	bad("linear", 131072, 128, "131072 sets");
	bad("linear", 32, 96, "96-byte lines: need a power of two");
	bad("linear", 32, 0, "0-byte lines");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror(dir);
		return 1;
	}
	test_polynomials();
	test_khairy();
	test_ipoly_random();
	test_fermi();
	test_linear_xor();
	test_stride_sweep();
	test_matrix();
	test_parse();
	{
		static const char *files[] = {
			"fermi.txt", "big.txt", "word.txt", "neg.txt",
			"comma.txt", "offset.txt", "twice.txt", "many.txt",
			"few.txt", "empty.txt", "dep.txt", "dep2.txt",
			"high.txt",
		};
		for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
			unlink(tmp(files[i]));
		rmdir(dir);
	}
	return tap_done();
}
