/*
 * cache.h - a set-associative tag store: lookup, replacement with a chosen
 * insertion position, and lines reserved while their data is in flight.
 *
 * Data is not modelled, only tags and state.  Set indices come from a
 * wt_index function (cacheindex.h); the tag kept is the whole line address,
 * so any index function works.  A set has 1 to WT_CACHE_MAX_ASSOC ways.
 *
 * A sectored cache (GPGPU-Sim's 'S' caches) keeps, beside each line's
 * state, the state of each of its sectors in the masks of struct
 * wt_cache_line (bit i: sector i); the caller keeps them, and the line's
 * state follows them: RESERVED while a sector is in flight, VALID while
 * one holds data, else INVALID (through wt_cache_invalidate).
 */
#ifndef WT_CACHE_H
#define WT_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cacheindex.h"

enum wt_repl { WT_REPL_LRU, WT_REPL_FIFO, WT_REPL_RANDOM };

/* The most ways of a set: the order of a set's ways is kept in bytes up
 * to 255 ways and in 16-bit words beyond (GPGPU-Sim's adaptive L1 has
 * several hundred). */
#define WT_CACHE_MAX_ASSOC 65535u

/*
 * What a write that misses does (GPGPU-Sim's write-allocate letters in
 * brackets; l1sim(1), l2sim(1)).  YES is warptrace's own line model: a
 * write-back cache takes the line without fetching it.
 */
enum wt_walloc {
	WT_WALLOC_NO = 0,	/* N: the write goes on, nothing is allocated */
	WT_WALLOC_YES = 1,	/* allocate without a fetch (write-back) */
	WT_WALLOC_NAIVE,	/* W: the write goes on and the line or sector
				   is fetched (GPGPU-Sim's wr_miss_wa_naive) */
	WT_WALLOC_FETCH,	/* F: fetch on write (a whole sector written
				   is allocated without one) */
	WT_WALLOC_LAZY,		/* L: lazy fetch on read: written, and fetched
				   only when a read needs the rest */
	WT_WALLOC_MAX = WT_WALLOC_LAZY
};

/* The policy of a GPGPU-Sim letter (N, W, F or L), or -1. */
int wt_walloc_letter(char letter);
/* "no", "yes", "naive", "fetch-on-write" or "lazy-fetch-on-read". */
const char *wt_walloc_name(unsigned w);

struct wt_cache_geom {
	unsigned sets, assoc, line;
	enum wt_repl repl;
	unsigned insert;	/* recency position of a new line: 0 = MRU,
				   assoc-1 = LRU (LRU and FIFO) */
	uint64_t seed;		/* random replacement */
};

enum wt_line_state { WT_LINE_INVALID = 0, WT_LINE_VALID, WT_LINE_RESERVED };

struct wt_cache_line {
	uint64_t addr;		/* line address (byte address of its start) */
	uint64_t ready;		/* RESERVED: cycle the fill arrives (an L1
				   with external fills: UINT64_MAX until
				   it is known) */
	uint8_t state;
	uint8_t dirty;
	/* Sectored caches: the sectors that hold data (VALID or MODIFIED
	 * in GPGPU-Sim), those in flight (RESERVED), those written
	 * (MODIFIED), those written in part and not readable, and those in
	 * flight that are to be MODIFIED when their data comes.  Zero in a
	 * line cache; every insertion clears them. */
	uint8_t valid, pending, modified, unreadable, fill_modified;
};

/*
 * Every change of a line's address, and to or from WT_LINE_INVALID, goes
 * through the functions below, which keep tag, hint and invalid in step
 * with lines; a caller may change a line's state from RESERVED to VALID,
 * or its dirty bit, by itself.
 */
struct wt_cache {
	struct wt_cache_geom g;
	struct wt_index ix;
	struct wt_cache_line *lines;	/* sets * assoc */
	uint64_t *tag;			/* sets * assoc: lines[].addr, packed
					   for wt_cache_find */
	uint8_t *hint;			/* sets * assoc: a byte of each tag's
					   hash, which wt_cache_find compares
					   8 ways at a time first */
	uint16_t *invalid;		/* per set: its invalid ways */
	uint8_t *order;			/* per set: ways, most recent first
					   (up to 255 ways) */
	uint16_t *order16;		/* the same beyond 255 ways (order is
					   then NULL) */
	uint64_t rng;
};

int wt_cache_init(struct wt_cache *c, const struct wt_cache_geom *g,
		  const struct wt_index *ix, char *err, size_t errlen);
void wt_cache_free(struct wt_cache *c);

static inline uint64_t wt_cache_line_addr(const struct wt_cache *c, uint64_t addr)
{
	return addr & ~(uint64_t)(c->g.line - 1);
}

static inline unsigned wt_cache_set(const struct wt_cache *c, uint64_t addr)
{
	return wt_index_set(&c->ix, addr);
}

/* The byte of line's hash kept in hint. */
static inline uint8_t wt_cache_hint_of(uint64_t line)
{
	return (uint8_t)((line * 0x9E3779B97F4A7C15ULL) >> 56);
}

/* Byte b in each byte of a word, for wt_bytes_equal. */
static inline uint64_t wt_bytes_of(uint8_t b)
{
	return 0x0101010101010101ULL * b;
}

/*
 * The bytes among the 8 at p equal to those of bs (wt_bytes_of), as the
 * high bit of each (bit 8k + 7 for p[k]).  The lowest set bit is the
 * first equal byte; a byte after an equal one may be marked too (a
 * borrow), so a caller that takes more than the lowest checks each.
 */
static inline uint64_t wt_bytes_equal(const uint8_t *p, uint64_t bs)
{
	const uint64_t ones = wt_bytes_of(1);
	uint64_t x;

	memcpy(&x, p, sizeof(x));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	x = __builtin_bswap64(x);	/* p[0] in the low byte */
#endif
	x ^= bs;
	return (x - ones) & ~x & (ones << 7);
}

/* The way holding line addr in its set, or -1.  The tags first: a set's
 * are a few cache lines, where its lines are three times as many.
 * Inline, as the hint's test that answers most misses is a few
 * instructions and the call was as many (every request looks its line
 * up). */
static inline int wt_cache_find(const struct wt_cache *c, unsigned set, uint64_t line)
{
	size_t base = (size_t)set * c->g.assoc;
	uint64_t h = wt_bytes_of(wt_cache_hint_of(line));

	for (unsigned w = 0; w < c->g.assoc; w += 8)
		for (uint64_t m = wt_bytes_equal(&c->hint[base + w], h); m; m &= m - 1) {
			unsigned k = w + (unsigned)__builtin_ctzll(m) / 8;

			if (k >= c->g.assoc)
				break;	/* the next set's */
			if (c->tag[base + k] == line &&
			    c->lines[base + k].state != WT_LINE_INVALID)
				return (int)k;
		}
	return -1;
}

/* Whether way of set holds line addr, as wt_cache_find would find it
 * there: a line holds one way of its set at most, so a caller that knows
 * where it was may look there first. */
static inline int wt_cache_holds(const struct wt_cache *c, unsigned set, int way,
				 uint64_t line)
{
	size_t i = (size_t)set * c->g.assoc + (unsigned)way;

	return c->tag[i] == line && c->lines[i].state != WT_LINE_INVALID;
}

/* Move way to recency position pos of its set's order (0 = MRU). */
void wt_cache_place(struct wt_cache *c, unsigned set, int way, unsigned pos);

/* Make way the most recently used of its set (LRU only; FIFO and random
 * keep their order).  Inline: a hit touches its way, most often the most
 * recent already (the sectors of one request, one after another). */
static inline void wt_cache_touch(struct wt_cache *c, unsigned set, int way)
{
	if (c->g.repl != WT_REPL_LRU)
		return;
	if (c->order && c->order[(size_t)set * c->g.assoc] == (uint8_t)way)
		return;		/* there already */
	wt_cache_place(c, set, way, 0);
}
/*
 * Choose a victim way for a new line in set: an invalid way, else the
 * replacement policy's choice among valid (not reserved) ways.  -1 when
 * every way is reserved.  *evicted gets the victim's old state.
 */
int wt_cache_victim(struct wt_cache *c, unsigned set, struct wt_cache_line *evicted);
/* Whether a new line could go into set now: some way is not reserved. */
static inline int wt_cache_has_room(const struct wt_cache *c, unsigned set)
{
	const struct wt_cache_line *l = &c->lines[(size_t)set * c->g.assoc];

	for (unsigned w = 0; w < c->g.assoc; w++)
		if (l[w].state != WT_LINE_RESERVED)
			return 1;
	return 0;
}
/*
 * The same with ranks (MeDiC's warp-type bits appended to the replacement
 * bits): an invalid way, else among valid ways the lowest rank[way], the
 * least recently used of equals.  LRU and FIFO orders only.
 */
int wt_cache_victim_ranked(struct wt_cache *c, unsigned set, const uint8_t *rank,
			   struct wt_cache_line *evicted);
/*
 * The same among the valid ways with allowed[way] set (the others are
 * protected): an invalid way, else the replacement policy's choice among
 * them.  -1 when there is none.
 */
int wt_cache_victim_allowed(struct wt_cache *c, unsigned set, const uint8_t *allowed,
			    struct wt_cache_line *evicted);
/* Put line into way at recency position pos (0 = MRU). */
void wt_cache_insert_at(struct wt_cache *c, unsigned set, int way, uint64_t line,
			enum wt_line_state state, uint64_t ready, unsigned pos);
/* Put line into way (state VALID or RESERVED) at the insertion position. */
void wt_cache_insert(struct wt_cache *c, unsigned set, int way, uint64_t line,
		     enum wt_line_state state, uint64_t ready);
void wt_cache_invalidate(struct wt_cache *c, unsigned set, int way);

static inline struct wt_cache_line *wt_cache_at(struct wt_cache *c, unsigned set,
						int way)
{
	return &c->lines[(size_t)set * c->g.assoc + (unsigned)way];
}

/* ---- sectored lines ---- */

/* The bits set in a sector mask. */
static inline unsigned wt_sectors_count(unsigned mask)
{
	return (unsigned)__builtin_popcount(mask);
}

/* A mask of sectors of `from` bytes as one of sectors of `to` bytes (the
 * sectors that hold any of their bytes), up to 8 of them. */
unsigned wt_sectors_rescale(unsigned mask, unsigned from, unsigned to);

/* The data of the sectors in bits of line l has come: each holds it
 * now, readable, and MODIFIED if a write was to make it so. */
void wt_cache_sector_filled(struct wt_cache_line *l, unsigned bits);

/* A sectored line's state from its sectors': RESERVED while one is in
 * flight, VALID while one holds data, else the line is invalidated. */
void wt_cache_sector_sync(struct wt_cache *c, unsigned set, int way);

#endif
