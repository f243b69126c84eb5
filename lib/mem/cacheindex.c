/*
 * cacheindex.c - parsing --index=SPEC into the XOR rows of cacheindex.h,
 * polynomial arithmetic over GF(2), and printing an index as equations.
 *
 * Everything but the matrix file is computed, not tabulated: an ipoly's
 * rows come from x^j mod P for each line-address bit j (Rau's H-matrix),
 * so any degree 1..16 and any irreducible P work, and the tests check the
 * rows against the paper's equations and against plain long division.
 * GPGPU-Sim's IPOLY equations (hashing.cc) are such rows too, cut at a
 * fixed line-address bit: gpgpusim-ipoly is an ipoly with that cut.
 */
#include "cacheindex.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define BIT(b) (1ULL << (b))

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int wt_poly_degree(unsigned poly)
{
	return poly ? 31 - __builtin_clz(poly) : -1;
}

/* a mod b over GF(2); b != 0. */
static unsigned poly_mod(unsigned a, unsigned b)
{
	int db = wt_poly_degree(b), da;

	while ((da = wt_poly_degree(a)) >= db)
		a ^= b << (da - db);
	return a;
}

/* Trial division by every polynomial of degree 1..deg/2: at most 2^16
 * divisors for a 32-bit poly, and only ever run while parsing options. */
int wt_poly_irreducible(unsigned poly)
{
	int d = wt_poly_degree(poly);
	uint64_t q;

	if (d < 1)
		return 0;
	for (q = 2; wt_poly_degree((unsigned)q) <= d / 2; q++)
		if (poly_mod(poly, (unsigned)q) == 0)
			return 0;
	return 1;
}

unsigned wt_ipoly_default(unsigned set_bits)
{
	/* Smallest irreducible of each degree, x+1 for degree 1 (see .h);
	 * the test suite recomputes this table by search. */
	static const unsigned table[17] = {
		0, 3, 7, 11, 19, 37, 67, 131, 283, 515, 1033, 2053, 4105,
		8219, 16417, 32771, 65579,
	};

	return set_bits <= 16 ? table[set_bits] : 0;
}

char *wt_poly_format(unsigned poly, char *buf, size_t n)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	if (!poly)
		return wt_snprintf(buf, n, "0");
	for (i = 31; i >= 0 && len < n; i--) {
		if (!(poly >> i & 1))
			continue;
		const char *plus = len ? "+" : "";
		if (i >= 2)
			snprintf(buf + len, n - len, "%sx^%d", plus, i);
		else
			snprintf(buf + len, n - len, "%s%s", plus,
				 i ? "x" : "1");
		len += strlen(buf + len);
	}
	return buf;
}

/* The H-matrix of line address mod poly: line-address bit j (address bit
 * line_bits + j) feeds set bit i when x^j mod poly has the term x^i. */
static void ipoly_rows(struct wt_index *ix)
{
	unsigned r = 1, b, i;	/* r = x^j mod poly, j = b - line_bits */

	for (b = ix->line_bits; b < ix->addr_bits; b++) {
		for (i = 0; i < ix->set_bits; i++)
			if (r >> i & 1)
				ix->rows[i] |= BIT(b);
		r <<= 1;
		if (r >> ix->set_bits & 1)
			r ^= ix->poly;
	}
}

static int ipoly_setup(struct wt_index *ix, const char *spec,
		       const char *digits, char *err, size_t errlen)
{
	char text[200];
	const char *why;
	uint64_t p;
	int d;

	if (ix->set_bits == 0) {
		wt_snprintf(err, errlen, "--index=%s: ipoly needs 2 or more "
			    "sets", spec);
		return -1;
	}
	if (!*digits) {
		p = wt_ipoly_default(ix->set_bits);
	} else if (wt_parse_u64(digits, UINT32_MAX, &p, &why) < 0) {
		wt_snprintf(err, errlen, "--index=%s: polynomial '%s': %s",
			    spec, digits, why);
		return -1;
	}
	ix->poly = (unsigned)p;
	wt_poly_format(ix->poly, text, sizeof(text));
	d = wt_poly_degree(ix->poly);
	if (d < 1) {
		wt_snprintf(err, errlen, "--index=%s: %u is a constant, not "
			    "a polynomial of degree %u", spec, ix->poly,
			    ix->set_bits);
		return -1;
	}
	if (d != (int)ix->set_bits) {
		wt_snprintf(err, errlen, "--index=%s: %u (%s) has degree %d, "
			    "but %u sets need degree %u (e.g. ipoly%u)", spec,
			    ix->poly, text, d, ix->sets, ix->set_bits,
			    wt_ipoly_default(ix->set_bits));
		return -1;
	}
	if (!wt_poly_irreducible(ix->poly)) {
		wt_snprintf(err, errlen, "--index=%s: %u (%s) is not "
			    "irreducible", spec, ix->poly, text);
		return -1;
	}
	ipoly_rows(ix);
	return 0;
}

/* GPGPU-Sim's ipoly_hash_function: its equations for 16, 32 and 64 sets
 * are those of x^j mod Poly(19), Poly(37), Poly(67) for line-address bits
 * j below 17, 20 and 25 (checked against hashing.cc, test-cacheindex.c). */
static int gpgpusim_ipoly(struct wt_index *ix, const char *spec, char *err,
			  size_t errlen)
{
	static const unsigned poly[3] = { 19, 37, 67 }, cut[3] = { 17, 20, 25 };
	unsigned k;

	if (ix->sets != 16 && ix->sets != 32 && ix->sets != 64) {
		wt_snprintf(err, errlen, "--index=%s: GPGPU-Sim's IPOLY has "
			    "equations for 16, 32 and 64 sets, not %u", spec,
			    ix->sets);
		return -1;
	}
	k = ix->set_bits - 4;
	ix->kind = WT_INDEX_IPOLY;
	ix->poly = poly[k];
	ix->addr_bits = ix->line_bits + cut[k];	/* at most 16 + 25 */
	ipoly_rows(ix);
	wt_snprintf(ix->name, sizeof(ix->name), "ipoly%u,bits=%u", ix->poly,
		    ix->addr_bits);
	return 0;
}

/*
 * matrix:FILE.  rowline[i] remembers the line of row i for the checks
 * made after the whole file is read.
 */
static int matrix_row(struct wt_index *ix, const char *path, unsigned ln,
		      char *s, uint64_t *row, char *err, size_t errlen)
{
	const char *p = s, *why;
	uint64_t b;
	size_t n;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return 0;
		n = strcspn(p, " \t");
		if ((why = wt_scan_u64(&p, UINT64_MAX, &b)) != NULL) {
			wt_snprintf(err, errlen, "%s:%u: '%.*s' is not an "
				    "address bit: %s", path, ln, (int)n, p,
				    why);
			return -1;
		}
		if (b > 63) {
			wt_snprintf(err, errlen, "%s:%u: %llu is not an "
				    "address bit (0..63)", path, ln,
				    (unsigned long long)b);
			return -1;
		}
		if (b < ix->line_bits) {
			wt_snprintf(err, errlen, "%s:%u: A%llu lies inside the "
				    "%u-byte line (offset bits 0..%u)", path,
				    ln, (unsigned long long)b,
				    1u << ix->line_bits, ix->line_bits - 1);
			return -1;
		}
		if (*row & BIT(b)) {
			wt_snprintf(err, errlen, "%s:%u: A%llu appears twice",
				    path, ln, (unsigned long long)b);
			return -1;
		}
		*row |= BIT(b);
	}
}

/* The rows must be independent, or some sets are unreachable: eliminate
 * each against the reduced earlier ones (pivot = highest bit). */
static int matrix_check(struct wt_index *ix, const char *path,
			const unsigned *rowline, char *err, size_t errlen)
{
	uint64_t basis[16], r;
	unsigned i, k;

	for (i = 0; i < ix->set_bits; i++) {
		if (!ix->rows[i]) {
			wt_snprintf(err, errlen, "%s:%u: set bit %u uses no "
				    "address bit below %u", path, rowline[i],
				    i, ix->addr_bits);
			return -1;
		}
		r = ix->rows[i];
		for (k = 0; k < i; k++)
			if (r & BIT(63 - __builtin_clzll(basis[k])))
				r ^= basis[k];
		if (!r) {
			wt_snprintf(err, errlen, "%s:%u: set bit %u is the XOR "
				    "of earlier rows, so half the sets could "
				    "never be used", path, rowline[i], i);
			return -1;
		}
		/* keep the basis reduced: clear r's pivot from the others */
		for (k = 0; k < i; k++)
			if (basis[k] & BIT(63 - __builtin_clzll(r)))
				basis[k] ^= r;
		basis[i] = r;
	}
	return 0;
}

static int matrix_setup(struct wt_index *ix, const char *path, char *err,
			size_t errlen)
{
	unsigned rowline[16], nrows = 0, ln = 0, i;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f;
	int rc = -1;

	if (!(f = fopen(path, "r"))) {
		wt_snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		uint64_t row = 0;

		ln++;
		line[strcspn(line, "#\r\n")] = '\0';
		if (line[strspn(line, " \t")] == '\0')
			continue;
		if (nrows == ix->set_bits) {
			wt_snprintf(err, errlen, "%s:%u: row %u, but %u sets "
				    "have only %u set bits", path, ln,
				    nrows + 1, ix->sets, ix->set_bits);
			goto out;
		}
		if (matrix_row(ix, path, ln, line, &row, err, errlen) < 0)
			goto out;
		rowline[nrows] = ln;
		ix->rows[nrows++] = row;
	}
	if (ferror(f)) {
		wt_snprintf(err, errlen, "%s: read error: %s", path,
			    strerror(errno));
		goto out;
	}
	if (nrows < ix->set_bits) {
		wt_snprintf(err, errlen, "%s: %u rows, but %u sets need %u "
			    "(one per set bit)", path, nrows, ix->sets,
			    ix->set_bits);
		goto out;
	}
	for (i = 0; i < nrows; i++)
		if (ix->addr_bits < 64)
			ix->rows[i] &= BIT(ix->addr_bits) - 1;
	rc = matrix_check(ix, path, rowline, err, errlen);
out:
	free(line);
	fclose(f);
	return rc;
}

int wt_index_parse(const char *spec, unsigned sets, unsigned line,
		   struct wt_index *ix, char *err, size_t errlen)
{
	char base[4096], suffix[16] = "";
	const char *opt = strrchr(spec, ','), *why;
	size_t blen = opt ? (size_t)(opt - spec) : strlen(spec);
	unsigned i, S, L;
	uint64_t bits = 64;

	memset(ix, 0, sizeof(*ix));
	if (!is_pow2(sets) || sets > WT_INDEX_MAX_SETS) {
		wt_snprintf(err, errlen, "--index=%s: %u sets: need a power of "
			    "two from 1 to %u", spec, sets, WT_INDEX_MAX_SETS);
		return -1;
	}
	if (!is_pow2(line) || line > 65536) {
		wt_snprintf(err, errlen, "--index=%s: %u-byte lines: need a "
			    "power of two from 1 to 65536", spec, line);
		return -1;
	}
	if (blen >= sizeof(base)) {
		wt_snprintf(err, errlen, "--index: specification too long");
		return -1;
	}
	memcpy(base, spec, blen);
	base[blen] = '\0';
	ix->sets = sets;
	ix->set_bits = S = wt_log2(sets);
	ix->line_bits = L = wt_log2(line);

	/* ",bits=N": the last comma, so matrix file names may hold commas
	 * when followed by an explicit ",bits=64". */
	if (opt && (strcmp(base, "linear") == 0 ||
		    strcmp(base, "fermi") == 0 ||
		    strcmp(base, "gpgpusim-ipoly") == 0 ||
		    strcmp(base, "zero") == 0)) {
		wt_snprintf(err, errlen, "--index=%s: bits= applies only to "
			    "xor, ipoly and matrix", spec);
		return -1;
	}
	if (opt) {
		if (strncmp(opt + 1, "bits=", 5) != 0) {
			wt_snprintf(err, errlen, "--index=%s: unknown option "
				    "'%s' (expected bits=N)", spec, opt + 1);
			return -1;
		}
		if (wt_parse_u64(opt + 6, 64, &bits, &why) < 0 ||
		    bits < L + S) {
			wt_snprintf(err, errlen, "--index=%s: bits must be "
				    "%u..64 for %u sets of %u-byte lines",
				    spec, L + S, sets, line);
			return -1;
		}
		if (bits < 64)
			wt_snprintf(suffix, sizeof(suffix), ",bits=%u",
				    (unsigned)bits);
	}
	ix->addr_bits = (unsigned)bits;

	if (strcmp(base, "linear") == 0) {
		ix->kind = WT_INDEX_LINEAR;
		for (i = 0; i < S; i++)
			ix->rows[i] = BIT(L + i);
		wt_snprintf(ix->name, sizeof(ix->name), "linear");
	} else if (strcmp(base, "xor") == 0) {
		ix->kind = WT_INDEX_XOR;
		for (i = 0; i < S; i++)
			ix->rows[i] = BIT(L + i) |
				      (L + S + i < bits ? BIT(L + S + i) : 0);
		wt_snprintf(ix->name, sizeof(ix->name), "xor%s", suffix);
	} else if (strcmp(base, "fermi") == 0) {
		static const unsigned char hi[5] = { 13, 14, 15, 17, 19 };

		if (sets != 32 && sets != 64) {
			wt_snprintf(err, errlen, "--index=%s: fermi hashing "
				    "needs 32 or 64 sets, not %u", spec, sets);
			return -1;
		}
		/* GPGPU-Sim takes the low five bits from the line address
		 * at any line size and the others where they are: XOR, as
		 * A(L+i) may be A(b_i) itself (L = 13) */
		ix->kind = WT_INDEX_FERMI;
		for (i = 0; i < 5; i++)
			ix->rows[i] = BIT(L + i) ^ BIT(hi[i]);
		if (sets == 64)
			ix->rows[5] = BIT(12);
		wt_snprintf(ix->name, sizeof(ix->name), "fermi");
	} else if (strcmp(base, "gpgpusim-ipoly") == 0) {
		if (gpgpusim_ipoly(ix, spec, err, errlen) < 0)
			return -1;
	} else if (strcmp(base, "zero") == 0) {
		ix->kind = WT_INDEX_ZERO;	/* rows stay 0 */
		wt_snprintf(ix->name, sizeof(ix->name), "zero");
	} else if (strncmp(base, "ipoly", 5) == 0) {
		ix->kind = WT_INDEX_IPOLY;
		if (ipoly_setup(ix, spec, base + 5, err, errlen) < 0)
			return -1;
		wt_snprintf(ix->name, sizeof(ix->name), "ipoly%u%s", ix->poly,
			    suffix);
	} else if (strncmp(base, "matrix:", 7) == 0 && base[7]) {
		const char *file = base + 7, *slash = strrchr(file, '/');
		int room = (int)(sizeof(ix->name) - 8 - strlen(suffix));

		ix->kind = WT_INDEX_MATRIX;
		if (matrix_setup(ix, file, err, errlen) < 0)
			return -1;
		wt_snprintf(ix->name, sizeof(ix->name), "matrix:%.*s%s", room,
			    slash ? slash + 1 : file, suffix);
	} else {
		wt_snprintf(err, errlen, "--index=%s: unknown index '%s' "
			    "(expected linear, xor, fermi, ipoly, ipolyNN, "
			    "gpgpusim-ipoly, zero or matrix:FILE)", spec, base);
		return -1;
	}
	return 0;
}

const char *wt_index_gpgpusim_spec(char letter, unsigned sets, unsigned line,
				   char *buf, size_t n)
{
	if (!is_pow2(line) || !is_pow2(sets)) {
		wt_snprintf(buf, n, "%u sets of %u-byte lines: GPGPU-Sim's set "
			    "index functions need powers of two", sets, line);
		return NULL;
	}
	switch (letter) {
	case 'L':
		return "linear";
	case 'X':
		return "xor";
	case 'C':
		return "zero";
	case 'H':
		if (sets == 32 || sets == 64)
			return "fermi";
		wt_snprintf(buf, n, "set index 'H': GPGPU-Sim's Fermi hash "
			    "needs 32 or 64 sets, not %u", sets);
		return NULL;
	case 'P':
		if (sets == 16 || sets == 32 || sets == 64)
			return "gpgpusim-ipoly";
		wt_snprintf(buf, n, "set index 'P': GPGPU-Sim's IPOLY has "
			    "equations for 16, 32 and 64 sets, not %u", sets);
		return NULL;
	default:
		wt_snprintf(buf, n, "set index '%c': GPGPU-Sim has L, X, P, H "
			    "and C", letter);
		return NULL;
	}
}

void wt_index_equations(const struct wt_index *ix, unsigned max_bit,
			FILE *out)
{
	unsigned i, top = max_bit < 64 ? max_bit : 64;
	int b, any, above;

	for (i = 0; i < ix->set_bits; i++) {
		uint64_t row = ix->rows[i];

		fprintf(out, "I%u =", i);
		any = 0;
		for (b = (int)top - 1; b >= 0; b--)
			if (row & BIT(b))
				fprintf(out, "%s A%d", any++ ? " ^" : "", b);
		if (!any)
			fputs(" 0", out);
		above = top < 64 ? __builtin_popcountll(row >> top) : 0;
		if (above)
			fprintf(out, "  (+%d bit%s >= A%u)", above,
				above > 1 ? "s" : "", top);
		fputc('\n', out);
	}
}
