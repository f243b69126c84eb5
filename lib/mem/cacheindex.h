/*
 * cacheindex.h - cache set-index functions: which set of a cache a byte
 * address falls in (l1sim and l2sim --index=SPEC).
 *
 * Every function here is linear over GF(2): set bit i is the XOR of some
 * address bits.  rows[i] holds that set of bits as a mask for every kind,
 * so wt_index_equations can print any index; the hot path, wt_index_set,
 * uses shifts for the simple kinds and parity(addr & rows[i]) for the rest.
 * With S = set_bits, L = line_bits and A the byte address:
 *
 *   linear      set = (A >> L) mod 2^S.
 *   xor         GPGPU-Sim's BITWISE_XORING_FUNCTION (bitwise_hash_function
 *               in hashing.cc): the linear index XORed with the S address
 *               bits just above it, set = ((A >> L) ^ (A >> (L + S))) mod 2^S.
 *   fermi       Nugteren et al., HPCA 2014, section 5.1: 32 sets of 128-byte
 *               lines, set bit i = A(7+i) ^ A(b_i) with b = 13,14,15,17,19;
 *               64 sets (the 48 KB configuration) add bit 5 = A12.  This is
 *               GPGPU-Sim's FERMI_HASH_SET_FUNCTION, which takes the five
 *               low bits from the line address at any line size,
 *               A(L+i) ^ A(b_i), and keeps b and A12 where they are; so
 *               does warptrace.  32 or 64 sets only (GPGPU-Sim asserts).
 *   ipolyP      Rau's pseudo-random interleaving as used by Khairy et al.
 *               (GPGPU-8, 2015): the line address A >> L as a polynomial over
 *               GF(2), reduced modulo P(x), an irreducible polynomial of
 *               degree S written as a number (37 = 100101b = x^5+x^2+1).
 *               Line-address bit j feeds set bit i when x^j mod P has
 *               term x^i.  "ipoly" alone takes wt_ipoly_default(S).
 *   gpgpusim-ipoly
 *               GPGPU-Sim's HASH_IPOLY_FUNCTION (ipoly_hash_function in
 *               hashing.cc) at any line size: 16, 32 or 64 sets only.  Its
 *               equations are those of Poly(19), Poly(37) and Poly(67) on
 *               line-address bits 0..16, 0..19 and 0..24, so this is
 *               ipoly19,bits=L+17, ipoly37,bits=L+20 or ipoly67,bits=L+25,
 *               and ix->name says which (128-byte lines: bits=24, 27, 32).
 *   zero        every address in set 0: GPGPU-Sim's CUSTOM_SET_FUNCTION
 *               (letter C), a placeholder that leaves the set at 0.
 *   matrix:FILE any XOR matrix: FILE has S rows (set bit 0 first), each a
 *               list of address bit numbers 0..63 separated by blanks,
 *               decimal or 0x hex; '#' starts a comment, blank lines are
 *               skipped.  Bits inside the line offset, repeated bits, empty
 *               rows and rows that are not linearly independent (some sets
 *               could never be used) are errors naming FILE:LINE.
 *
 * ",bits=N" after xor, ipoly or matrix keeps only address bits below N
 * (N from L + S to 64; the default 64 uses all).  The equations of
 * Khairy's Fig. 7 are those of ipoly37,bits=27 (gpgpusim-ipoly for 32 sets
 * of 128-byte lines), not of the full reduction: that one adds A27..A31
 * terms (see wt_index_equations and tests/unit/test-cacheindex.c).
 *
 * GPGPU-Sim's letters (cache_config::hash_function in gpu-cache.cc) map to
 * these specs by wt_index_gpgpusim_spec; tests/unit/test-cacheindex.c
 * checks each against values from GPGPU-Sim's own functions.
 */
#ifndef WT_CACHEINDEX_H
#define WT_CACHEINDEX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WT_INDEX_MAX_SETS 65536u	/* 16 set bits: rows[16] */

enum wt_index_kind {
	WT_INDEX_LINEAR,
	WT_INDEX_XOR,
	WT_INDEX_FERMI,
	WT_INDEX_IPOLY,
	WT_INDEX_MATRIX,
	WT_INDEX_ZERO,
};

struct wt_index {
	enum wt_index_kind kind;
	unsigned sets;		/* a power of two, 1..65536 */
	unsigned set_bits;	/* log2(sets) */
	unsigned line_bits;	/* log2(line size in bytes) */
	unsigned poly;		/* ipoly: the polynomial; 0 otherwise */
	unsigned addr_bits;	/* only address bits below this are used */
	uint64_t rows[16];	/* rows[i]: the address bits XORed into set bit
				   i (already limited to addr_bits) */
	char name[32];		/* canonical spec: "ipoly37,bits=27" */
};

/*
 * Parse --index=SPEC for a cache of `sets` sets (a power of two,
 * 1..65536) and `line` bytes per line (a power of two, 1..65536).
 * SPEC is linear | xor | fermi | ipoly | ipolyNN | gpgpusim-ipoly | zero |
 * matrix:FILE, with an optional ",bits=N" for xor, ipoly and matrix.
 * Returns 0, or -1 with a
 * one-line reason in err, e.g.
 *     --index=ipoly38: 38 (x^5+x^2+x) is not irreducible
 *     rows.txt:3: bit 70 is not an address bit (0..63)
 * ix->name is the canonical form (bare "ipoly" becomes "ipoly37" for 32
 * sets; gpgpusim-ipoly becomes the ipoly it is, "ipoly37,bits=27" for 32
 * sets of 128 bytes; matrix:FILE becomes "matrix:" and FILE's base name,
 * cut to fit).
 */
int wt_index_parse(const char *spec, unsigned sets, unsigned line,
		   struct wt_index *ix, char *err, size_t errlen);

/*
 * The index spec of a GPGPU-Sim cache configuration's set-index letter
 * (field 9 of -gpgpu_cache:dl1 and dl2): L linear, X xor, H fermi,
 * P gpgpusim-ipoly, C zero.  Returns that string (a constant), or NULL
 * with a one-line reason in buf when GPGPU-Sim has no such letter or
 * refuses the geometry (H with other than 32 or 64 sets, P with other
 * than 16, 32 or 64: GPGPU-Sim asserts on the first access), e.g.
 *     set index 'P': GPGPU-Sim's IPOLY has equations for 16, 32 and 64
 *     sets, not 8
 * The spec is resolved for the final geometry by wt_index_parse, so a
 * later --size or --line still gives GPGPU-Sim's function for that
 * geometry (or the same refusal).
 */
const char *wt_index_gpgpusim_spec(char letter, unsigned sets, unsigned line,
				   char *buf, size_t n);

/*
 * The default polynomial for 2^k sets, k = 1..16: the smallest irreducible
 * polynomial of degree k over GF(2), except x+1 (3) rather than x (2) for
 * k = 1, since A mod x is only line-address bit 0 (plain linear indexing)
 * while A mod (x+1) is the parity of the whole line address.
 *     k  1  2  3  4   5   6   7   8   9    10   11   12   13    14    15    16
 *     P  3  7 11 19  37  67 131 283 515 1033 2053 4105 8219 16417 32771 65579
 * For k = 5 that is 37 = x^5+x^2+1, Khairy et al.'s Poly(37).  Returns 0
 * for any other k.
 */
unsigned wt_ipoly_default(unsigned set_bits);

/* Whether poly, a polynomial over GF(2) written as a number (bit i is the
 * coefficient of x^i), is irreducible.  0 and 1 are not. */
int wt_poly_irreducible(unsigned poly);

/* The degree of poly (-1 for 0). */
int wt_poly_degree(unsigned poly);

/* poly written out, highest term first: "x^5+x^2+1". */
char *wt_poly_format(unsigned poly, char *buf, size_t n);

/*
 * Print the index as XOR equations over the address bits below max_bit,
 * one line per set bit, highest address bit first like Khairy's Fig. 7:
 *     I3 = A23 ^ A22 ^ A21 ^ A20 ^ A19 ^ A16 ^ A15 ^ A13 ^ A10
 * A row with no bits below max_bit prints "0"; a row with bits at or above
 * max_bit says how many were left out: "  (+4 bits >= A32)".
 */
void wt_index_equations(const struct wt_index *ix, unsigned max_bit,
			FILE *out);

/* The set of byte address addr. */
static inline unsigned wt_index_set(const struct wt_index *ix, uint64_t addr)
{
	unsigned mask = ix->sets - 1, set = 0, i;
	uint64_t a;

	switch (ix->kind) {
	case WT_INDEX_LINEAR:
		return (unsigned)(addr >> ix->line_bits) & mask;
	case WT_INDEX_XOR:
		a = ix->addr_bits < 64 ? addr & ((1ULL << ix->addr_bits) - 1)
				       : addr;
		a >>= ix->line_bits;
		/* set_bits + line_bits < 64 here, see wt_index_parse */
		return (unsigned)(a ^ (a >> ix->set_bits)) & mask;
	case WT_INDEX_FERMI:
		set = (unsigned)(addr >> ix->line_bits) ^
		      (unsigned)(addr >> 13 & 7) ^
		      (unsigned)(addr >> 17 & 1) << 3 ^
		      (unsigned)(addr >> 19 & 1) << 4;
		set &= 31;
		if (ix->sets == 64)
			set |= (unsigned)(addr >> 12 & 1) << 5;
		return set;
	default:		/* ipoly, matrix, zero: parity of each row */
		for (i = 0; i < ix->set_bits; i++)
			set |= (unsigned)__builtin_parityll(addr & ix->rows[i])
			       << i;
		return set;
	}
}

#endif
