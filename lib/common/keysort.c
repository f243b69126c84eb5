/*
 * keysort.c - a stable radix sort of 64-bit keys (keysort.h).
 */
#include "keysort.h"
#include "util.h"

#include <stdlib.h>

enum { DIGIT_BITS = 8, DIGITS = 1 << DIGIT_BITS, PASSES = 64 / DIGIT_BITS };

struct pair {
	uint64_t key;
	uint32_t ix;
};

static unsigned digit(uint64_t key, unsigned pass)
{
	return (unsigned)(key >> (pass * DIGIT_BITS)) & (DIGITS - 1);
}

void wt_keysort(const uint64_t *key, size_t n, uint32_t *order)
{
	uint32_t (*count)[DIGITS];
	struct pair *a, *b, *t;

	if (n == 0)
		return;
	a = wt_malloc(n * sizeof(*a));
	b = wt_malloc(n * sizeof(*b));
	count = wt_calloc(PASSES, sizeof(*count));
	/* every pass's counts in one walk over the keys */
	for (size_t i = 0; i < n; i++) {
		a[i] = (struct pair){ key[i], (uint32_t)i };
		for (unsigned pass = 0; pass < PASSES; pass++)
			count[pass][digit(key[i], pass)]++;
	}
	for (unsigned pass = 0; pass < PASSES; pass++) {
		uint32_t *c = count[pass], sum = 0;

		if (c[digit(a[0].key, pass)] == n)
			continue;	/* every key has this digit */
		for (unsigned d = 0; d < DIGITS; d++) {	/* counts to starts */
			uint32_t k = c[d];

			c[d] = sum;
			sum += k;
		}
		for (size_t i = 0; i < n; i++)
			b[c[digit(a[i].key, pass)]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = a[i].ix;
	free(a);
	free(b);
	free(count);
}
