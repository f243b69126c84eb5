/*
 * fmtg.c - "%.17g" by integer arithmetic where it is exact (fmtg.h).
 */
#include "fmtg.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef unsigned __int128 u128;

#define DIGITS 17		/* "%.17g": 17 significant digits */

static const uint64_t pow10_64[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL, 1000000000000000000ULL,
	10000000000000000000ULL,
};

/* 10^n, n <= 38 */
static u128 pow10_128(unsigned n)
{
	if (n < 20)
		return pow10_64[n];
	return (u128)pow10_64[19] * pow10_64[n - 19];
}

/*
 * The 17 significant digits of a = m / 2^k (k >= 1) whose decimal exponent
 * is x (10^x <= a < 10^(x+1)), rounded half to even: 0 when x is out of
 * the range where m * 10^(16 - x) fits in 128 bits.
 */
static uint64_t digits_at(uint64_t m, unsigned k, int x, int *carry)
{
	int q = DIGITS - 1 - x;
	u128 p, t, r, half;

	*carry = 0;
	if (q < 0 || q > 22)	/* m < 2^53 and 10^22 < 2^74 */
		return 0;
	p = (u128)m * pow10_128((unsigned)q);
	t = p >> k;
	r = p - (t << k);
	half = (u128)1 << (k - 1);
	if (r > half || (r == half && (t & 1)))
		t++;
	if (t == pow10_128(DIGITS)) {	/* 9.99..95 rounds up to 10.0 */
		t = pow10_128(DIGITS - 1);
		*carry = 1;
	}
	return (uint64_t)t;
}

/*
 * Does a's truncated 17-digit value at exponent x have 17 digits?  -1:
 * x is too high, 1: too low, 0: it is a's exponent.
 */
static int exponent_off(uint64_t m, unsigned k, int x)
{
	int q = DIGITS - 1 - x;
	u128 t;

	if (q < 0 || q > 22)
		return 2;
	t = ((u128)m * pow10_128((unsigned)q)) >> k;
	if (t < pow10_128(DIGITS - 1))
		return -1;
	if (t >= pow10_128(DIGITS))
		return 1;
	return 0;
}

/* The 17 digits d at decimal exponent x in %g's fixed style, trailing
 * zeros and a bare point dropped, after sign ("" or "-"). */
static void fixed(char *out, const char *sign, uint64_t d, int x)
{
	char dig[DIGITS];
	int n = DIGITS;

	/* d has 17 digits: two at a time (one division of the 64-bit d for
	 * two digits), the first alone */
	for (int i = DIGITS - 1; i > 0; i -= 2, d /= 100) {
		unsigned r = (unsigned)(d % 100);

		dig[i] = (char)('0' + r % 10);
		dig[i - 1] = (char)('0' + r / 10);
	}
	dig[0] = (char)('0' + d);
	while (n > 1 && dig[n - 1] == '0')
		n--;
	if (*sign)
		*out++ = *sign;
	if (x >= 0) {
		memcpy(out, dig, (size_t)x + 1);
		out += x + 1;
		if (n > x + 1) {
			*out++ = '.';
			memcpy(out, dig + x + 1, (size_t)(n - x - 1));
			out += n - x - 1;
		}
	} else {
		*out++ = '0';
		*out++ = '.';
		memset(out, '0', (size_t)(-x - 1));
		out += -x - 1;
		memcpy(out, dig, (size_t)n);
		out += n;
	}
	*out = '\0';
}

char *wt_fmt_g17(char *buf, double v)
{
	double a = fabs(v);
	uint64_t m, d;
	int e2, x, off, carry, tries;
	unsigned k;

	/* %g's fixed style is for exponents -4 to 16; a has k >= 1 below
	 * 2^52 and is an integer (k <= 0) from there */
	if (!(a >= 1e-4 && a < 4503599627370496.0))
		goto slow;
	m = (uint64_t)ldexp(frexp(a, &e2), 53);	/* a = m * 2^(e2 - 53) */
	k = (unsigned)(53 - e2);
	/* a lies in [2^(e2-1), 2^e2): its decimal exponent is this or one
	 * more, which the loop below finds (log10 cost a fifth of the whole) */
	x = (int)floor((e2 - 1) * 0.30102999566398120);	/* log10(2) */
	for (tries = 0; (off = exponent_off(m, k, x)) != 0; tries++) {
		if (off == 2 || tries > 2)
			goto slow;
		x += off;
	}
	d = digits_at(m, k, x, &carry);
	x += carry;
	if (x < -4 || x >= DIGITS)
		goto slow;
	fixed(buf, v < 0 ? "-" : "", d, x);
	return buf;
slow:
	snprintf(buf, WT_FMT_G17_SIZE, "%.17g", v);
	return buf;
}
