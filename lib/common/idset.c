/*
 * idset.c - growable bitmaps; at most 512 MiB for the full 32-bit range.
 */
#include "idset.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_idset_init(struct wt_idset *s)
{
	memset(s, 0, sizeof(*s));
}

void wt_idset_free(struct wt_idset *s)
{
	free(s->bits);
	wt_idset_init(s);
}

void wt_idset_clear(struct wt_idset *s)
{
	if (s->bits)
		memset(s->bits, 0, s->words * sizeof(*s->bits));
	s->count = 0;
}

int wt_idset_add(struct wt_idset *s, uint32_t id)
{
	size_t w = id >> 6;
	uint64_t bit = 1ULL << (id & 63);

	if (w >= s->words) {
		size_t n = s->words ? s->words : 64;

		while (n <= w)
			n *= 2;
		s->bits = wt_realloc(s->bits, n * sizeof(*s->bits));
		memset(s->bits + s->words, 0, (n - s->words) * sizeof(*s->bits));
		s->words = n;
	}
	if (s->bits[w] & bit)
		return 0;
	s->bits[w] |= bit;
	s->count++;
	return 1;
}
