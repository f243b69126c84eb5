/*
 * test-util.c - number parsing, metadata text, the stream checksum.
 */
#include "hash.h"
#include "meta.h"
#include "util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void numbers(void)
{
	uint64_t v = 0;
	const char *why = "";

	ok(wt_parse_u64("0", UINT64_MAX, &v, &why) == 0 && v == 0, "0");
	ok(wt_parse_u64("18446744073709551615", UINT64_MAX, &v, &why) == 0 &&
	   v == UINT64_MAX, "2^64-1");
	ok(wt_parse_u64("18446744073709551616", UINT64_MAX, &v, &why) < 0 &&
	   strcmp(why, "number too large") == 0, "2^64 overflows");
	ok(wt_parse_u64("0xFFFFFFFFFFFFFFFF", UINT64_MAX, &v, &why) == 0 &&
	   v == UINT64_MAX, "hex 2^64-1");
	ok(wt_parse_u64("0x10000000000000000", UINT64_MAX, &v, &why) < 0, "hex overflow");
	ok(wt_parse_u64("4294967296", UINT32_MAX, &v, &why) < 0, "max respected");
	ok(wt_parse_u64("-1", UINT64_MAX, &v, &why) < 0 &&
	   strcmp(why, "negative number") == 0, "negative");
	ok(wt_parse_u64("", UINT64_MAX, &v, &why) < 0, "empty");
	ok(wt_parse_u64("0x", UINT64_MAX, &v, &why) < 0, "bare 0x");
	ok(wt_parse_u64("12 ", UINT64_MAX, &v, &why) < 0, "trailing space");
	ok(wt_parse_u64("1e3", UINT64_MAX, &v, &why) < 0, "no exponents");
	ok(wt_parse_size("48K", UINT64_MAX, &v, &why) == 0 && v == 48 * 1024, "48K");
	ok(wt_parse_size("2M", UINT64_MAX, &v, &why) == 0 && v == 2 << 20, "2M");
	ok(wt_parse_size("768", UINT64_MAX, &v, &why) == 0 && v == 768, "no suffix");
	ok(wt_parse_size("17179869184G", UINT64_MAX, &v, &why) < 0, "size overflow");
}

static void metadata(void)
{
	struct wt_meta m, back;
	char why[128], *text;
	size_t len;

	wt_meta_init(&m);
	wt_meta_init(&back);
	wt_meta_add(&m, "stage", "trace-gen 0.1.0 a.trc");
	wt_meta_add(&m, "stage", "trace-order --arch=fermi");
	wt_meta_set(&m, "line_size", "128");
	wt_meta_set(&m, "line_size", "32");
	text = wt_meta_serialise(&m, &len);
	is_str(text, "stage=trace-gen 0.1.0 a.trc\nstage=trace-order --arch=fermi\n"
	       "line_size=32\n", "serialised text");
	ok(wt_meta_parse(&back, text, len, why, sizeof(why)) == 0, "parses back");
	is_u64(back.n, 3, "three entries");
	is_str(wt_meta_get(&back, "stage"), "trace-order --arch=fermi", "last stage wins get");
	free(text);
	wt_meta_free(&back);
	ok(wt_meta_parse(&back, "novalue\n", 8, why, sizeof(why)) < 0, "line without =");
	ok(wt_meta_parse(&back, "k=v", 3, why, sizeof(why)) < 0, "line without newline");
	ok(wt_meta_parse(&back, "a b=v\n", 6, why, sizeof(why)) < 0, "bad key");
	ok(wt_meta_parse(&back, "k=v\n\0\0\0\0", 8, why, sizeof(why)) == 0, "NUL padding");
	ok(wt_meta_parse(&back, "k=v\n\0x\0\0", 8, why, sizeof(why)) < 0, "junk after padding");
	wt_meta_free(&back);
	wt_meta_free(&m);
}

static void checksum(void)
{
	unsigned char buf[64];

	for (int i = 0; i < 64; i++)
		buf[i] = (unsigned char)i;
	/* Golden values, computed by an independent implementation of the
	 * algorithm as warptrace(5) states it: the checksum is part of v1. */
	is_u64(wt_hash64(0, "", 0), 0, "golden value, empty input");
	ok(wt_hash64(0, buf, 64) != wt_hash64(1, buf, 64), "seed matters");
	ok(wt_hash64(0, buf, 63) != wt_hash64(0, buf, 64), "length matters");
	ok(wt_hash64(0, buf, 9) != wt_hash64(0, buf + 1, 9), "content matters");
	is_u64(wt_hash64(0, buf, 64), 0x03e4e5c55ae3e79fULL, "golden value, 64 bytes");
	is_u64(wt_hash64(7, buf, 13), 0x116b84434e8af965ULL, "golden value, 13 bytes, seed 7");
}

/* Small and large zeroed tables: both zero, writable, freed by size. */
static void big_tables(void)
{
	size_t sizes[] = { 0, 8, 4096, (2u << 20) - 8, 2u << 20, 5u << 20 };

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		size_t n = sizes[k] / 8;
		uint64_t *t = wt_calloc_big(n, sizeof(*t)), sum = 0;

		for (size_t i = 0; i < n; i++)
			sum |= t[i];
		for (size_t i = 0; i < n; i++)
			t[i] = i;
		for (size_t i = 0; i < n; i++)
			sum |= t[i] != i;
		ok(t != NULL && sum == 0, "wt_calloc_big of %zu bytes: zeroed "
		   "and writable", n * 8);
		wt_free_big(t, n, sizeof(*t));
	}
	wt_free_big(NULL, 1u << 20, 8);
	ok(1, "wt_free_big(NULL) is a no-op");
}

int main(void)
{
	numbers();
	metadata();
	checksum();
	big_tables();
	return tap_done();
}
