/*
 * test-fmtg.c - wt_fmt_g17 against the C library's "%.17g", byte for
 * byte: the ratios stats files print, random doubles of every exponent,
 * the neighbours of powers of ten and two, halfway cases, and the values
 * that go the long way (tiny, huge, zero, negative, infinite).
 */
#include "fmtg.h"
#include "tap.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned long checked;
static char first_bad[128];

static void same(double v)
{
	char want[64], got[WT_FMT_G17_SIZE];

	snprintf(want, sizeof(want), "%.17g", v);
	wt_fmt_g17(got, v);
	checked++;
	if (strcmp(want, got) != 0 && !first_bad[0])
		snprintf(first_bad, sizeof(first_bad), "%a: want %s, got %s", v, want, got);
}

static void verdict(const char *what)
{
	ok(!first_bad[0], "%s (%lu values)%s%s", what, checked,
	   first_bad[0] ? ": " : "", first_bad);
	checked = 0;
	first_bad[0] = '\0';
}

static uint64_t state = 0x9E3779B97F4A7C15ULL;

static uint64_t next(void)		/* xorshift64* */
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * 0x2545F4914F6CDD1DULL;
}

int main(void)
{
	char buf[WT_FMT_G17_SIZE];

	/* worked by hand: 2/3 = 0.66666666666666663 (the double is
	 * 0.666666666666666629659...), 0.1 = 0.10000000000000001, 1.5, and
	 * 123.456's double 123.4560000000000030695... */
	ok(strcmp(wt_fmt_g17(buf, 2.0 / 3), "0.66666666666666663") == 0, "2/3: %s", buf);
	ok(strcmp(wt_fmt_g17(buf, 0.1), "0.10000000000000001") == 0, "0.1: %s", buf);
	ok(strcmp(wt_fmt_g17(buf, 1.5), "1.5") == 0, "1.5: %s", buf);
	ok(strcmp(wt_fmt_g17(buf, -123.456), "-123.456") == 0, "-123.456: %s", buf);
	ok(strcmp(wt_fmt_g17(buf, 0.25), "0.25") == 0, "0.25: %s", buf);
	ok(strcmp(wt_fmt_g17(buf, 1e-5), "1.0000000000000001e-05") == 0,
	   "1e-5 takes the exponent style: %s", buf);

	for (unsigned b = 1; b <= 400; b++)
		for (unsigned a = 0; a <= b + 20; a++)
			same((double)a / b);
	verdict("ratios a/b, b <= 400");

	for (int i = 0; i < 300000; i++) {
		double v;
		uint64_t bits = next();

		/* exponents 2^-20 to 2^60 mostly, every mantissa */
		bits = (bits & 0x800FFFFFFFFFFFFFULL) |
		       (uint64_t)(1023 - 20 + (int)(next() % 81)) << 52;
		memcpy(&v, &bits, sizeof(v));
		same(v);
	}
	verdict("random doubles, 2^-20 to 2^60");

	for (int e = -6; e <= 18; e++) {
		double p = pow(10, e);

		for (int s = 0; s < 40; s++) {
			same(p);
			same(-p);
			p = nextafter(p, 0);
		}
		p = pow(10, e);
		for (int s = 0; s < 40; s++, p = nextafter(p, INFINITY))
			same(p);
	}
	for (int e = -20; e <= 60; e++)
		for (int s = -3; s <= 3; s++)
			same(ldexp(1 + s * 0x1p-52, e));
	verdict("powers of ten and two and their neighbours");

	/* halfway: 18th digit 5 and nothing after, so the 17th's parity
	 * decides; 2^-k has k exact decimals */
	for (int k = 1; k <= 60; k++)
		for (uint64_t m = 1; m < 4000; m += 3)
			same(ldexp((double)m, -k) + 1);
	same(0.5000000000000000555);
	same(9.9999999999999995e-1);
	same(99999999999999995.0);
	verdict("halfway cases");

	same(0.0);
	same(-0.0);
	same(1e-300);
	same(5e-324);
	same(1e300);
	same(-INFINITY);
	same(NAN);
	same(4503599627370495.5);
	same(4503599627370496.0);
	same(9007199254740993.0);
	same(1e17);
	same(99999999999999984.0);
	verdict("the long way: zero, tiny, huge, infinite, NaN, 2^52");
	return tap_done();
}
