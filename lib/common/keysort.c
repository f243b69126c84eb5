/*
 * keysort.c - a stable radix sort of 64-bit keys (keysort.h).
 */
#include "keysort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum { DIGIT_BITS = 16, DIGITS = 1 << DIGIT_BITS, PASSES = 64 / DIGIT_BITS };

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
	struct pair *a, *b, *t;
	size_t *count;

	if (n == 0)
		return;
	a = wt_malloc(n * sizeof(*a));
	b = wt_malloc(n * sizeof(*b));
	count = wt_malloc(DIGITS * sizeof(*count));
	for (size_t i = 0; i < n; i++)
		a[i] = (struct pair){ key[i], (uint32_t)i };
	for (unsigned pass = 0; pass < PASSES; pass++) {
		size_t sum = 0;

		memset(count, 0, DIGITS * sizeof(*count));
		for (size_t i = 0; i < n; i++)
			count[digit(a[i].key, pass)]++;
		if (count[digit(a[0].key, pass)] == n)
			continue;	/* every key has this digit */
		for (size_t d = 0; d < DIGITS; d++) {	/* counts to starts */
			size_t c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			b[count[digit(a[i].key, pass)]++] = a[i];
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
