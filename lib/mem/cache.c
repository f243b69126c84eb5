/*
 * cache.c - tag store with LRU, FIFO or random replacement.
 *
 * Each set keeps its ways in an order array, most recent (or newest, for
 * FIFO) first.  A hit under LRU moves the way to the front; a new line is
 * placed at the insertion position (0 = MRU, the usual choice; assoc-1 =
 * LRU insertion, which lets a line that is not reused leave first).  The
 * victim is the last way in the order that is not reserved.
 *
 * Finding a line compares a byte of its hash with the byte kept for each
 * way, 8 ways in a word (the zero-byte test of strlen's word loop), and
 * the whole tag only where the bytes agree: a miss in a 16-way set is two
 * words, where a loop over the tags was 16 compares and branches.  The
 * order arrays are searched for a way the same way.  Both arrays have 8
 * bytes more than the sets need, so that a word read at a set's last way
 * stays inside; the bytes past the set are never taken.
 *
 * A way number fits a byte up to 255 ways.  Beyond (GPGPU-Sim's adaptive
 * L1 of Volta and later multiplies its ways: 256 and more), the order is
 * kept in 16-bit words, searched 4 at a time the same way; the byte order
 * of the smaller caches, and so their instructions, stay as they were.
 */
#include "cache.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

int wt_walloc_letter(char letter)
{
	switch (letter) {
	case 'N': return WT_WALLOC_NO;
	case 'W': return WT_WALLOC_NAIVE;
	case 'F': return WT_WALLOC_FETCH;
	case 'L': return WT_WALLOC_LAZY;
	default: return -1;
	}
}

const char *wt_walloc_name(unsigned w)
{
	static const char *const t[] = {
		"no", "yes", "naive", "fetch-on-write", "lazy-fetch-on-read"
	};
	return w <= WT_WALLOC_MAX ? t[w] : "unknown";
}

int wt_cache_init(struct wt_cache *c, const struct wt_cache_geom *g,
		  const struct wt_index *ix, char *err, size_t errlen)
{
	size_t n;

	memset(c, 0, sizeof(*c));
	if (g->sets == 0 || g->assoc == 0 || g->assoc > WT_CACHE_MAX_ASSOC ||
	    g->line == 0 || (g->line & (g->line - 1)) || g->insert >= g->assoc) {
		wt_snprintf(err, errlen, "bad cache geometry: %u sets, %u ways "
			    "(1 to %u), %u-byte lines, insertion %u", g->sets,
			    g->assoc, WT_CACHE_MAX_ASSOC, g->line, g->insert);
		return -1;
	}
	c->g = *g;
	c->ix = *ix;
	n = (size_t)g->sets * g->assoc;
	c->lines = wt_calloc(n, sizeof(*c->lines));
	c->tag = wt_calloc(n, sizeof(*c->tag));
	c->hint = wt_calloc(n + 8, 1);
	c->invalid = wt_malloc(g->sets * sizeof(*c->invalid));
	for (unsigned s = 0; s < g->sets; s++)
		c->invalid[s] = (uint16_t)g->assoc;
	if (g->assoc <= 255) {
		c->order = wt_calloc(n + 8, 1);
		for (size_t i = 0; i < n; i++)
			c->order[i] = (uint8_t)(i % g->assoc);
	} else {
		c->order16 = wt_calloc(n + 4, sizeof(*c->order16));
		for (size_t i = 0; i < n; i++)
			c->order16[i] = (uint16_t)(i % g->assoc);
	}
	c->rng = g->seed ? g->seed : 0x9E3779B97F4A7C15ULL;
	return 0;
}

void wt_cache_free(struct wt_cache *c)
{
	free(c->lines);
	free(c->tag);
	free(c->hint);
	free(c->invalid);
	free(c->order);
	free(c->order16);
	memset(c, 0, sizeof(*c));
}

/* The way at position i of the order of the set that starts at base. */
static inline unsigned way_at(const struct wt_cache *c, size_t base, unsigned i)
{
	return c->order ? c->order[base + i] : c->order16[base + i];
}

/* wt_cache_place() beyond 255 ways: the same on 16-bit words, 4 to a word. */
static void place16(struct wt_cache *c, unsigned set, int way, unsigned pos)
{
	const uint64_t ones = 0x0001000100010001ULL;
	uint16_t *o = &c->order16[(size_t)set * c->g.assoc];
	uint64_t ws = ones * (uint16_t)way, x, m;
	unsigned i = 0;

	for (;; i += 4) {	/* way is in the set's words: found there */
		memcpy(&x, o + i, sizeof(x));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		x = (x >> 48) | ((x >> 16) & 0xFFFF0000ULL) |
		    ((x << 16) & 0xFFFF00000000ULL) | (x << 48);	/* o[0] low */
#endif
		x ^= ws;
		if ((m = (x - ones) & ~x & (ones << 15)) != 0)
			break;
	}
	i += (unsigned)__builtin_ctzll(m) / 16;
	if (i > pos)
		memmove(o + pos + 1, o + pos, (i - pos) * sizeof(*o));
	else if (i < pos)
		memmove(o + i, o + i + 1, (pos - i) * sizeof(*o));
	o[pos] = (uint16_t)way;
}

void wt_cache_sector_filled(struct wt_cache_line *l, unsigned bits)
{
	uint8_t b = (uint8_t)bits;

	l->pending &= (uint8_t)~b;
	l->valid |= b;
	l->unreadable &= (uint8_t)~b;
	l->modified = (uint8_t)((l->modified & ~b) | (l->fill_modified & b));
	l->fill_modified &= (uint8_t)~b;
}

void wt_cache_place(struct wt_cache *c, unsigned set, int way, unsigned pos)
{
	uint8_t *o;
	uint64_t ws, m;
	unsigned i = 0;

	if (!c->order) {
		place16(c, set, way, pos);
		return;
	}
	o = &c->order[(size_t)set * c->g.assoc];
	if (o[pos] == (uint8_t)way)
		return;		/* there already: a line touched again */
	ws = wt_bytes_of((uint8_t)way);
	while (!(m = wt_bytes_equal(o + i, ws)))
		i += 8;		/* way is in the set's bytes: found there */
	i += (unsigned)__builtin_ctzll(m) / 8;
	if (i > pos)
		memmove(o + pos + 1, o + pos, i - pos);
	else if (i < pos)
		memmove(o + i, o + i + 1, pos - i);
	o[pos] = (uint8_t)way;
}

static uint64_t next_random(struct wt_cache *c)
{
	/* xorshift64*: deterministic for a given seed */
	c->rng ^= c->rng >> 12;
	c->rng ^= c->rng << 25;
	c->rng ^= c->rng >> 27;
	return c->rng * 0x2545F4914F6CDD1DULL;
}

int wt_cache_victim(struct wt_cache *c, unsigned set, struct wt_cache_line *evicted)
{
	size_t base = (size_t)set * c->g.assoc;
	struct wt_cache_line *l = &c->lines[base];
	unsigned n = c->g.assoc, valid = 0;
	int way = -1;

	if (c->invalid[set])	/* none once the set has filled */
		for (unsigned i = n; i-- > 0;)
			if (l[way_at(c, base, i)].state == WT_LINE_INVALID) {
				way = (int)way_at(c, base, i);
				break;
			}
	if (way < 0 && c->g.repl == WT_REPL_RANDOM) {
		for (unsigned w = 0; w < n; w++)
			valid += l[w].state == WT_LINE_VALID;
		if (valid) {
			uint64_t k = next_random(c) % valid;

			for (unsigned w = 0; w < n; w++)
				if (l[w].state == WT_LINE_VALID && k-- == 0) {
					way = (int)w;
					break;
				}
		}
	} else if (way < 0) {
		for (unsigned i = n; i-- > 0;)
			if (l[way_at(c, base, i)].state == WT_LINE_VALID) {
				way = (int)way_at(c, base, i);
				break;
			}
	}
	if (way >= 0 && evicted)
		*evicted = l[way];
	return way;
}

int wt_cache_victim_ranked(struct wt_cache *c, unsigned set, const uint8_t *rank,
			   struct wt_cache_line *evicted)
{
	size_t base = (size_t)set * c->g.assoc;
	struct wt_cache_line *l = &c->lines[base];
	int way = -1;

	for (unsigned i = c->g.assoc; i-- > 0;) {	/* least recent first */
		unsigned w = way_at(c, base, i);

		if (l[w].state == WT_LINE_INVALID) {
			way = (int)w;
			break;
		}
		if (l[w].state == WT_LINE_VALID && (way < 0 || rank[w] < rank[way]))
			way = (int)w;
	}
	if (way >= 0 && evicted)
		*evicted = l[way];
	return way;
}

int wt_cache_victim_allowed(struct wt_cache *c, unsigned set, const uint8_t *allowed,
			    struct wt_cache_line *evicted)
{
	size_t base = (size_t)set * c->g.assoc;
	struct wt_cache_line *l = &c->lines[base];
	unsigned n = c->g.assoc, k = 0;
	int way = -1;

	if (c->invalid[set])
		for (unsigned i = n; i-- > 0;)
			if (l[way_at(c, base, i)].state == WT_LINE_INVALID) {
				way = (int)way_at(c, base, i);
				break;
			}
	for (unsigned w = 0; w < n && way < 0; w++)
		k += l[w].state == WT_LINE_VALID && allowed[w];
	if (way < 0 && k && c->g.repl == WT_REPL_RANDOM) {
		uint64_t pick = next_random(c) % k;

		for (unsigned w = 0; w < n; w++)
			if (l[w].state == WT_LINE_VALID && allowed[w] && pick-- == 0) {
				way = (int)w;
				break;
			}
	} else if (way < 0) {
		for (unsigned i = n; i-- > 0;) {	/* least recent first */
			unsigned w = way_at(c, base, i);

			if (l[w].state == WT_LINE_VALID && allowed[w]) {
				way = (int)w;
				break;
			}
		}
	}
	if (way >= 0 && evicted)
		*evicted = l[way];
	return way;
}

void wt_cache_insert_at(struct wt_cache *c, unsigned set, int way, uint64_t line,
			enum wt_line_state state, uint64_t ready, unsigned pos)
{
	struct wt_cache_line *l = wt_cache_at(c, set, way);

	if (l->state == WT_LINE_INVALID)
		c->invalid[set]--;
	if (state == WT_LINE_INVALID)
		c->invalid[set]++;
	c->tag[(size_t)set * c->g.assoc + (unsigned)way] = line;
	c->hint[(size_t)set * c->g.assoc + (unsigned)way] = wt_cache_hint_of(line);
	l->addr = line;
	l->state = (uint8_t)state;
	l->ready = ready;
	l->dirty = 0;
	l->valid = l->pending = l->modified = l->unreadable = l->fill_modified = 0;
	wt_cache_place(c, set, way, pos < c->g.assoc ? pos : c->g.assoc - 1);
}

void wt_cache_insert(struct wt_cache *c, unsigned set, int way, uint64_t line,
		     enum wt_line_state state, uint64_t ready)
{
	wt_cache_insert_at(c, set, way, line, state, ready, c->g.insert);
}

void wt_cache_invalidate(struct wt_cache *c, unsigned set, int way)
{
	struct wt_cache_line *l = wt_cache_at(c, set, way);

	if (l->state != WT_LINE_INVALID)
		c->invalid[set]++;
	l->state = WT_LINE_INVALID;
	l->dirty = 0;
	l->valid = l->pending = l->modified = l->unreadable = l->fill_modified = 0;
	wt_cache_place(c, set, way, c->g.assoc - 1);
}

unsigned wt_sectors_rescale(unsigned mask, unsigned from, unsigned to)
{
	unsigned m = 0;

	if (from == to)
		return mask;
	for (unsigned i = 0; i < 32 && mask >> i; i++)
		if (mask & 1u << i) {
			unsigned first = i * from / to, last = ((i + 1) * from - 1) / to;

			for (unsigned s = first; s <= last && s < 8; s++)
				m |= 1u << s;
		}
	return m;
}

void wt_cache_sector_sync(struct wt_cache *c, unsigned set, int way)
{
	struct wt_cache_line *l = wt_cache_at(c, set, way);

	if (l->pending)
		l->state = WT_LINE_RESERVED;
	else if (l->valid)
		l->state = WT_LINE_VALID;
	else if (l->state != WT_LINE_INVALID)
		wt_cache_invalidate(c, set, way);
}
