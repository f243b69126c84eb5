/*
 * coalesce.c - the coalescing rules of coalesce.h.
 *
 * One warp instruction is turned into requests per group of lanes (the
 * whole warp, or a slice of it under the Fermi rules):
 *
 *   1. every active lane's access [addr, addr + size) is cut at line
 *      boundaries into at most two pieces (a piece is a byte range within
 *      one line);
 *   2. one walk over the pieces in ascending address finds the distinct
 *      lines in order, each with the union of its lanes, and the union
 *      of its pieces' byte ranges as a few intervals, which give its
 *      bytes and sectors;
 *   3. emit makes a request record of each line.
 *
 * The walk takes the pieces straight from the lanes, which almost always
 * come in address order; a group whose pieces do not is cut into an
 * array and merge-sorted first.  Every step is linear in the lanes but
 * the sort, n log n, so no lane order costs much more than another.
 *
 * The gpgpusim rules are GPGPU-Sim's own way, in gpgpucoal.c; emit makes
 * the request records of all three.
 *
 * Nothing is allocated: everything lives on the stack.
 */
#include "coalesce.h"
#include "coalinternal.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

void wt_coalesce_cfg_init(struct wt_coalesce_cfg *cfg)
{
	cfg->rules = WT_COALESCE_SECTOR;
	cfg->line = 128;
	cfg->sector = 32;
	cfg->coalesce_arch = WT_GPGPUSIM_ARCH_MIN;
	cfg->skip_l1 = 0;
	cfg->warp_parts = 2;
}

void wt_coalesce_fit_sector(struct wt_coalesce_cfg *cfg)
{
	if (cfg->sector > cfg->line)
		cfg->sector = cfg->line;
	if (cfg->line / WT_COALESCE_SECTORS_MAX > cfg->sector)
		cfg->sector = cfg->line / WT_COALESCE_SECTORS_MAX;
}

const char *wt_coalesce_cfg_check(const struct wt_coalesce_cfg *cfg)
{
	static char why[160];

	if (cfg->rules != WT_COALESCE_FERMI && cfg->rules != WT_COALESCE_SECTOR &&
	    cfg->rules != WT_COALESCE_GPGPUSIM)
		return wt_coalesce_rules_name(cfg->rules);
	if (!is_pow2(cfg->line) || cfg->line < WT_COALESCE_LINE_MIN ||
	    cfg->line > WT_COALESCE_LINE_MAX) {
		snprintf(why, sizeof(why), "line size %u: expected a power of two "
			 "from %u to %u bytes", cfg->line, WT_COALESCE_LINE_MIN,
			 WT_COALESCE_LINE_MAX);
		return why;
	}
	if (!is_pow2(cfg->sector) || cfg->sector < WT_COALESCE_SECTOR_MIN) {
		snprintf(why, sizeof(why), "sector size %u: expected a power of "
			 "two of at least %u bytes", cfg->sector,
			 WT_COALESCE_SECTOR_MIN);
		return why;
	}
	if (cfg->sector > cfg->line) {
		snprintf(why, sizeof(why), "sector size %u is larger than the "
			 "line size %u", cfg->sector, cfg->line);
		return why;
	}
	if (cfg->line / cfg->sector > WT_COALESCE_SECTORS_MAX) {
		snprintf(why, sizeof(why), "%u-byte lines of %u-byte sectors have "
			 "%u sectors; a request's sector mask holds at most %u "
			 "(use sectors of at least %u bytes)", cfg->line,
			 cfg->sector, cfg->line / cfg->sector,
			 WT_COALESCE_SECTORS_MAX,
			 cfg->line / WT_COALESCE_SECTORS_MAX);
		return why;
	}
	if (cfg->rules == WT_COALESCE_GPGPUSIM)
		return wt_gpgpusim_check(cfg, why, sizeof(why));
	return NULL;
}

const char *wt_coalesce_rules_name(enum wt_coalesce_rules rules)
{
	switch (rules) {
	case WT_COALESCE_FERMI:
		return "fermi";
	case WT_COALESCE_SECTOR:
		return "sector";
	case WT_COALESCE_GPGPUSIM:
		return "gpgpusim";
	}
	return "unknown coalescing rules";
}

int wt_coalesce_rules_parse(const char *name)
{
	if (strcmp(name, "fermi") == 0)
		return WT_COALESCE_FERMI;
	if (strcmp(name, "sector") == 0)
		return WT_COALESCE_SECTOR;
	if (strcmp(name, "gpgpusim") == 0)
		return WT_COALESCE_GPGPUSIM;
	return -1;
}

/*
 * Every preset uses 128-byte lines of 32-byte sectors: the L1 line of
 * Fermi through Hopper, and the 32-byte sector of the L2 (and, from
 * Kepler on, of the L1).  Only Fermi coalesces whole lines.
 */
static const struct {
	const char *name;
	enum wt_coalesce_rules rules;
} arches[] = {
	{ "fermi", WT_COALESCE_FERMI },
	{ "kepler", WT_COALESCE_SECTOR },
	{ "volta", WT_COALESCE_SECTOR },
	{ "ampere", WT_COALESCE_SECTOR },
	{ "hopper", WT_COALESCE_SECTOR },
};

int wt_coalesce_arch(const char *arch, struct wt_coalesce_cfg *cfg)
{
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++) {
		if (strcmp(arch, arches[i].name) == 0) {
			cfg->rules = arches[i].rules;
			cfg->line = 128;
			cfg->sector = 32;
			return 0;
		}
	}
	return -1;
}

unsigned wt_coalesce_group_lanes(const struct wt_coalesce_cfg *cfg,
				 unsigned lanes, unsigned size)
{
	unsigned g;

	if (cfg->rules == WT_COALESCE_GPGPUSIM) {
		if (cfg->warp_parts <= 1)
			return lanes;
		return cfg->warp_parts < lanes ? lanes / cfg->warp_parts : 1;
	}
	if (cfg->rules == WT_COALESCE_SECTOR || size <= 4)
		return lanes;
	g = WT_COALESCE_FERMI_GROUP_BYTES / size;
	if (g < 1)
		g = 1;
	return g < lanes ? g : lanes;
}

/* The bits set in a sector mask.  __builtin_popcount is a call into
 * libgcc on the baseline x86-64 this is built for, and stats_add needs
 * one for every request. */
static inline unsigned popcount8(unsigned x)
{
	x = x - ((x >> 1) & 0x55);
	x = (x & 0x33) + ((x >> 2) & 0x33);
	return (x + (x >> 4)) & 0x0f;
}

unsigned wt_coalesce_request_bytes(const struct wt_coalesce_cfg *cfg,
				   const struct wt_request *r)
{
	if (cfg->rules == WT_COALESCE_FERMI)
		return cfg->line;
	return popcount8(r->sectors) * cfg->sector;
}

int wt_coalesce_valid(const struct wt_coalesce_cfg *cfg,
		      const struct wt_warp *w, char *why, size_t whylen)
{
	uint64_t mask = w->mask, wraps = 0, last;

	if (w->lanes < 1 || w->lanes > WT_MAX_LANES) {
		snprintf(why, whylen, "warp of %u lanes (expected 1 to %u)",
			 (unsigned)w->lanes, WT_MAX_LANES);
		return -1;
	}
	if (w->lanes < 64 && (mask >> w->lanes) != 0) {
		snprintf(why, whylen, "active mask 0x%llx has lanes beyond the "
			 "warp size %u", (unsigned long long)mask,
			 (unsigned)w->lanes);
		return -1;
	}
	if (!is_pow2(w->size) || w->size > cfg->line) {
		snprintf(why, whylen, "access size %u: expected a power of two "
			 "from 1 to the line size, %u bytes", (unsigned)w->size,
			 cfg->line);
		return -1;
	}
	/*
	 * An access wraps if it starts after last.  Every lane is looked at
	 * first, without a branch (wrapping is rare); then, if one wraps,
	 * the active lanes, for the first that does.
	 */
	last = UINT64_MAX - (w->size - 1u);
	for (unsigned i = 0; i < w->lanes; i++)
		wraps |= w->addr[i] > last;
	for (; wraps && mask; mask &= mask - 1) {
		unsigned i = (unsigned)__builtin_ctzll(mask);

		if (w->addr[i] > last) {
			snprintf(why, whylen, "lane %u: access of %u bytes at "
				 "0x%llx wraps past the end of the address space",
				 i, (unsigned)w->size,
				 (unsigned long long)w->addr[i]);
			return -1;
		}
	}
	if (cfg->rules == WT_COALESCE_GPGPUSIM && w->op != WT_OP_NONE &&
	    (w->space == WT_SPACE_GLOBAL || w->space == WT_SPACE_LOCAL))
		return wt_gpgpusim_valid(cfg, w, why, whylen);
	return 0;
}

/*
 * What every group of one instruction shares: the configuration and the
 * access size in the form the walk uses (masks and shifts, no division).
 */
struct plan {
	uint64_t linemask;	/* clears the offset within a line */
	uint32_t line;
	uint32_t size;		/* bytes per lane */
	unsigned shift;		/* log2 of the sector size */
};

/*
 * The walk over one group's pieces (see cut) in ascending start address.
 * The line being walked is kept here rather than in out[], so that it
 * lives in registers, and written out when the walk leaves it.  The byte
 * ranges of its pieces are merged as they come into intervals
 * [from, to): a piece that starts past to closes the interval, whose
 * bytes and sectors are counted then, once, not once per lane.
 */
struct walk {
	const struct plan *p;
	struct wt_touched *out;
	size_t n;		/* lines written to out[] */
	uint64_t last;		/* start of the previous piece */
	uint64_t line;		/* the line walked; 1 (none) at first */
	uint64_t fits;		/* 1 + the last start of an access that
				   stays in the line; 0: none (walk_next) */
	uint64_t lanes;		/* 0 until the walk has a line */
	uint32_t from, to;	/* the open interval, as line offsets */
	uint32_t bytes, sectors;	/* of the closed intervals */
};

static inline void walk_init(struct walk *k, const struct plan *p,
			     struct wt_touched *out)
{
	k->p = p;
	k->out = out;
	k->n = 0;
	k->last = 0;
	k->line = 1;
	k->fits = 0;
	k->lanes = 0;
	k->from = k->to = k->bytes = k->sectors = 0;
}

/* Count the open interval [from, to) of the line. */
static inline void walk_close(struct walk *k)
{
	unsigned first = k->from >> k->p->shift;
	unsigned last = (k->to - 1) >> k->p->shift;

	k->bytes += k->to - k->from;
	k->sectors |= ((2u << last) - 1) & ~((1u << first) - 1);
}

/* Write out the line walked, if any. */
static inline void walk_flush(struct walk *k)
{
	struct wt_touched *t = &k->out[k->n];

	if (!k->lanes)
		return;
	walk_close(k);
	t->line = k->line;
	t->lanes = k->lanes;
	t->bytes = k->bytes;
	t->sectors = k->sectors;
	k->n++;
}

/* Finish the walk: the number of lines at out[]. */
static inline size_t walk_end(struct walk *k)
{
	walk_flush(k);
	return k->n;
}

/* Add bytes [lo, hi) of the line, lo at or after the last piece's. */
static inline void walk_range(struct walk *k, uint32_t lo, uint32_t hi)
{
	if (lo > k->to) {
		walk_close(k);
		k->from = lo;
		k->to = hi;
	} else {
		k->to = hi > k->to ? hi : k->to;
	}
}

/*
 * Add the piece of the lane lanebit that starts at address start and ends
 * before offset hi of its line.  Pieces must come in ascending start
 * address (ties in any order): then each line is walked once, and its
 * intervals come in order.  -1, with nothing added, for a piece that
 * starts before the previous one.
 */
static inline int walk_add(struct walk *k, uint64_t start, uint32_t hi,
			   uint64_t lanebit)
{
	uint64_t line = start & k->p->linemask;
	uint32_t lo = (uint32_t)(start - line);

	if (start < k->last)
		return -1;
	k->last = start;
	if (line != k->line) {
		walk_flush(k);
		k->line = line;
		/* wraps to 0 (no fast path) only on the last line of memory */
		k->fits = line + (k->p->line - k->p->size) + 1;
		k->lanes = 0;
		k->from = lo;
		k->to = hi;
		k->bytes = k->sectors = 0;
	} else {
		walk_range(k, lo, hi);
	}
	k->lanes |= lanebit;
	return 0;
}

/*
 * Add the access of the lane lanebit at address a: its piece, or its two
 * pieces if it straddles a line boundary.  -1 as walk_add.
 */
static inline int walk_lane(struct walk *k, uint64_t a, uint64_t lanebit)
{
	const struct plan *p = k->p;
	uint32_t lo = (uint32_t)(a & ~p->linemask), hi = lo + p->size;

	if (hi <= p->line)
		return walk_add(k, a, hi, lanebit);
	return walk_add(k, a, p->line, lanebit) < 0 ? -1 :
	       walk_add(k, a - lo + p->line, hi - p->line, lanebit);
}

/*
 * walk_lane for the common case, which the caller checks: an access that
 * starts in order (at or after the last piece), in the line walked, and
 * ends in it too (a < fits).  What walk_add would check is known then.
 */
static inline void walk_next(struct walk *k, uint64_t a, uint64_t lanebit)
{
	uint32_t lo = (uint32_t)(a - k->line);

	k->last = a;
	walk_range(k, lo, lo + k->p->size);
	k->lanes |= lanebit;
}

/*
 * A piece: the part of one lane's access that falls in one line, by the
 * address of its first byte and the line offset just past its last.
 * Ordering pieces by start address orders them by (line, offset).
 */
struct piece {
	uint64_t start;
	uint16_t hi;		/* 1..line, and line <= 4096 */
	uint8_t lane;
};

/*
 * The pieces of the lanes in mask, in lane order, at pieces[]: one per
 * lane, two for a lane whose access straddles a line boundary.  Returns
 * how many.
 */
static size_t cut(const struct plan *p, const struct wt_warp *w, uint64_t mask,
		  struct piece *pieces)
{
	size_t n = 0;

	for (; mask; mask &= mask - 1) {
		unsigned i = (unsigned)__builtin_ctzll(mask);
		uint64_t a = w->addr[i];
		uint32_t lo = (uint32_t)(a & ~p->linemask), hi = lo + p->size;

		pieces[n].start = a;
		pieces[n].lane = (uint8_t)i;
		if (hi <= p->line) {
			pieces[n++].hi = (uint16_t)hi;
		} else {
			pieces[n++].hi = (uint16_t)p->line;
			pieces[n].start = a - lo + p->line;
			pieces[n].lane = (uint8_t)i;
			pieces[n++].hi = (uint16_t)(hi - p->line);
		}
	}
	return n;
}

/*
 * Merge the sorted runs a[0..na) and b[0..nb) into out[], a's pieces
 * first among equal starts (a stable sort, though nothing depends on it).
 */
static void merge(const struct piece *a, size_t na, const struct piece *b,
		  size_t nb, struct piece *out)
{
	size_t i = 0, j = 0;

	while (i < na && j < nb)
		*out++ = b[j].start < a[i].start ? b[j++] : a[i++];
	while (i < na)
		*out++ = a[i++];
	while (j < nb)
		*out++ = b[j++];
}

/*
 * Sort pieces[0..n) by start address, using tmp[0..n): a bottom-up merge
 * sort, so that no lane order costs more than n log n (insertion sort
 * took 8128 moves for the 128 pieces of a descending 64-lane warp).
 * Returns the array that holds the result.
 */
static struct piece *sort_pieces(struct piece *pieces, struct piece *tmp,
				 size_t n)
{
	for (size_t width = 1; width < n; width *= 2) {
		struct piece *t;

		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;

			merge(pieces + lo, mid - lo, pieces + mid, hi - mid,
			      tmp + lo);
		}
		t = pieces;
		pieces = tmp;
		tmp = t;
	}
	return pieces;
}

/*
 * group for lanes whose pieces are not in address order: cut, sort, walk.
 */
static size_t group_sorted(const struct plan *p, const struct wt_warp *w,
			   uint64_t mask, struct wt_touched *out)
{
	struct piece pieces[2 * WT_MAX_LANES], tmp[2 * WT_MAX_LANES], *s;
	size_t n = cut(p, w, mask, pieces);
	struct walk k;

	s = sort_pieces(pieces, tmp, n);
	walk_init(&k, p, out);
	for (size_t i = 0; i < n; i++)	/* in order: none is refused */
		walk_add(&k, s[i].start, s[i].hi, (uint64_t)1 << s[i].lane);
	return walk_end(&k);
}

/*
 * Find the lines that the lanes in mask (a group) touch, in ascending
 * order, at out[], returning how many.  Lanes almost always come in
 * address order (consecutive, strided, or all on one word), so the pieces
 * are walked straight from the lanes, as cut would make them, most of
 * them by the short walk_next; only a group whose pieces turn out not to
 * be in order is sorted.
 */
static size_t group(const struct plan *p, const struct wt_warp *w,
		    uint64_t mask, struct wt_touched *out)
{
	struct walk k;

	walk_init(&k, p, out);
	for (uint64_t m = mask; m; m &= m - 1) {
		uint64_t a = w->addr[__builtin_ctzll(m)], bit = m & -m;

		if (a >= k.last && a < k.fits)
			walk_next(&k, a, bit);
		else if (walk_lane(&k, a, bit) < 0)
			return group_sorted(p, w, mask, out);
	}
	return walk_end(&k);
}

/* wt_coalesce_cfg_check without its messages and its division, cheap
 * enough for every instruction: 1 if cfg is usable. */
static int cfg_ok(const struct wt_coalesce_cfg *cfg)
{
	return (cfg->rules == WT_COALESCE_FERMI ||
		cfg->rules == WT_COALESCE_SECTOR ||
		(cfg->rules == WT_COALESCE_GPGPUSIM &&
		 cfg->line == WT_GPGPUSIM_LINE &&
		 cfg->sector == WT_GPGPUSIM_SECTOR &&
		 cfg->coalesce_arch >= WT_GPGPUSIM_ARCH_MIN &&
		 cfg->warp_parts >= 1)) &&
	       is_pow2(cfg->line) && cfg->line >= WT_COALESCE_LINE_MIN &&
	       cfg->line <= WT_COALESCE_LINE_MAX && is_pow2(cfg->sector) &&
	       cfg->sector >= WT_COALESCE_SECTOR_MIN &&
	       cfg->sector <= cfg->line &&
	       cfg->line <= cfg->sector * WT_COALESCE_SECTORS_MAX;
}

static void plan_init(struct plan *p, const struct wt_coalesce_cfg *cfg,
		      const struct wt_warp *w)
{
	p->linemask = ~(uint64_t)(cfg->line - 1);
	p->line = cfg->line;
	p->size = w->size;
	p->shift = wt_log2(cfg->sector);
}

/* Make the n requests of w at out[], one for each line of touched[]. */
static void emit(const struct wt_coalesce_cfg *cfg, const struct wt_warp *w,
		 const struct wt_touched *touched, size_t n,
		 struct wt_request *out)
{
	unsigned all = (1u << (cfg->line >> wt_log2(cfg->sector))) - 1;
	int sector_rules = cfg->rules != WT_COALESCE_FERMI;
	struct wt_request proto;

	memset(&proto, 0, sizeof(proto));
	proto.time = w->time;
	proto.pc = w->pc;
	proto.cta = w->cta;
	proto.warp = w->warp;
	proto.instr = w->instr;
	proto.sm = w->sm;
	proto.op = w->op;
	proto.space = w->space;
	proto.icount = w->icount;
	proto.flags = (uint8_t)((w->flags & WT_WARP_LAST ? WT_REQ_WARP_LAST : 0) |
				(w->flags & WT_COP_MASK));
	proto.count = (uint8_t)n;
	for (size_t i = 0; i < n; i++) {
		out[i] = proto;
		out[i].addr = touched[i].line;
		out[i].lanes = touched[i].lanes;
		out[i].bytes = (uint16_t)touched[i].bytes;
		out[i].index = (uint8_t)i;
		out[i].sectors = (uint8_t)(sector_rules ? touched[i].sectors :
					   all);
	}
}

size_t wt_coalesce(const struct wt_coalesce_cfg *cfg, const struct wt_warp *w,
		   struct wt_request *out)
{
	struct wt_touched touched[WT_COALESCE_MAX_REQUESTS];
	unsigned lanes = w->lanes, step;
	uint64_t mask = w->mask, gmask;
	struct plan p;
	size_t n = 0;

	if (lanes < 1 || lanes > WT_MAX_LANES || !is_pow2(w->size) ||
	    w->size > cfg->line || !cfg_ok(cfg))
		return 0;
	if (lanes < 64)
		mask &= ((uint64_t)1 << lanes) - 1;
	if (!mask)
		return 0;
	if (cfg->rules == WT_COALESCE_GPGPUSIM) {
		n = wt_gpgpusim_coalesce(cfg, w, mask, touched);
		emit(cfg, w, touched, n, out);
		return n;
	}
	plan_init(&p, cfg, w);
	step = wt_coalesce_group_lanes(cfg, lanes, w->size);
	if (step >= lanes) {
		n = group(&p, w, mask, touched);
	} else {
		gmask = ((uint64_t)1 << step) - 1;	/* step < lanes */
		for (unsigned g = 0; g < lanes; g += step)
			if (mask >> g & gmask)
				n += group(&p, w, mask & gmask << g,
					   touched + n);
	}
	emit(cfg, w, touched, n, out);
	return n;
}

void wt_coalesce_stats_add(struct wt_coalesce_stats *s,
			   const struct wt_coalesce_cfg *cfg,
			   const struct wt_warp *w, const struct wt_request *reqs,
			   size_t n)
{
	uint64_t mask = w->mask, requested = 0, used = 0;

	if (w->lanes < 64)
		mask &= ((uint64_t)1 << w->lanes) - 1;
	s->instructions++;
	s->threads += (uint64_t)__builtin_popcountll(mask);
	if (n == 0) {
		s->empty++;
		return;
	}
	s->requests += n;
	if (w->op <= WT_OP_MAX)
		s->op_requests[w->op] += n;
	if (n <= WT_COALESCE_MAX_REQUESTS)
		s->histogram[n]++;
	for (size_t i = 0; i < n; i++) {
		requested += wt_coalesce_request_bytes(cfg, &reqs[i]);
		used += reqs[i].bytes;
	}
	s->bytes_requested += requested;
	s->bytes_used += used;
}

/* ---- shared memory ---- */

void wt_shmem_cfg_init(struct wt_shmem_cfg *cfg)
{
	cfg->banks = 32;
	cfg->limited_broadcast = 0;
	cfg->warp_parts = 1;
}

const char *wt_shmem_cfg_check(const struct wt_shmem_cfg *cfg)
{
	static char why[120];

	if (cfg->banks < 1 || cfg->banks > WT_SHMEM_BANKS_MAX) {
		snprintf(why, sizeof(why), "%u shared-memory banks: expected 1 to %u",
			 cfg->banks, WT_SHMEM_BANKS_MAX);
		return why;
	}
	if (cfg->warp_parts < 1 || cfg->warp_parts > WT_MAX_LANES) {
		snprintf(why, sizeof(why), "%u warp parts: expected 1 to %u",
			 cfg->warp_parts, WT_MAX_LANES);
		return why;
	}
	return NULL;
}

/*
 * The most accesses a bank takes for the n lanes (a part of a warp, so
 * n <= 64) whose words are word[]: every pair of lanes is compared,
 * rather than a table of banks kept.
 */
static unsigned bank_accesses(const struct wt_shmem_cfg *cfg,
			      const uint64_t *word, unsigned n)
{
	unsigned bank[WT_MAX_LANES], reads[WT_MAX_LANES], most = 0;
	int first[WT_MAX_LANES], bc = -1;

	/* Each word once, at its first lane, with the lanes that read it. */
	for (unsigned i = 0; i < n; i++) {
		bank[i] = (unsigned)(word[i] % cfg->banks);
		first[i] = 1;
		reads[i] = 0;
		for (unsigned j = 0; j < n; j++) {
			reads[i] += word[j] == word[i];
			first[i] &= !(j < i && word[j] == word[i]);
		}
	}
	/* Limited broadcast: one word may go to all its lanes at once, the
	 * first read more than once in the order of (bank, word). */
	for (unsigned i = 0; cfg->limited_broadcast && i < n; i++)
		if (first[i] && reads[i] > 1 &&
		    (bc < 0 || bank[i] < bank[bc] ||
		     (bank[i] == bank[bc] && word[i] < word[bc])))
			bc = (int)i;
	for (unsigned i = 0; i < n; i++) {
		unsigned k = 0;

		if (!first[i])
			continue;
		/* Unlimited: a bank's distinct words; limited: its lanes,
		 * but those the broadcast serves at once. */
		for (unsigned j = 0; j < n; j++)
			if (bank[j] == bank[i])
				k += cfg->limited_broadcast || first[j];
		if (bc >= 0 && bank[i] == bank[bc])
			k -= reads[bc] - 1;
		if (k > most)
			most = k;
	}
	return most;
}

unsigned wt_shmem_accesses(const struct wt_shmem_cfg *cfg, const struct wt_warp *w)
{
	unsigned lanes = w->lanes, parts, size, total = 0;

	if (lanes < 1 || lanes > WT_MAX_LANES || wt_shmem_cfg_check(cfg))
		return 0;
	parts = cfg->warp_parts < lanes ? cfg->warp_parts : lanes;
	size = lanes / parts;
	for (unsigned p = 0; p < parts; p++) {
		unsigned from = p * size, to = p + 1 == parts ? lanes : from + size;
		uint64_t word[WT_MAX_LANES];
		unsigned n = 0;

		for (unsigned l = from; l < to; l++)
			if (w->mask >> l & 1)
				word[n++] = w->addr[l] / WT_SHMEM_WORD;
		total += bank_accesses(cfg, word, n);
	}
	return total;
}

static void space_merge(struct wt_space_stats *d, const struct wt_space_stats *s)
{
	d->instructions += s->instructions;
	d->threads += s->threads;
	d->accesses += s->accesses;
}

void wt_coalesce_stats_merge(struct wt_coalesce_stats *dst,
			     const struct wt_coalesce_stats *src)
{
	space_merge(&dst->shared, &src->shared);
	space_merge(&dst->constant, &src->constant);
	space_merge(&dst->texture, &src->texture);
	dst->none_in += src->none_in;
	dst->none_out += src->none_out;
	dst->all_instructions += src->all_instructions;
	dst->lost += src->lost;
	dst->instructions += src->instructions;
	dst->empty += src->empty;
	dst->threads += src->threads;
	dst->requests += src->requests;
	for (int op = 0; op <= WT_OP_MAX; op++)
		dst->op_requests[op] += src->op_requests[op];
	for (int i = 0; i <= WT_COALESCE_MAX_REQUESTS; i++)
		dst->histogram[i] += src->histogram[i];
	dst->bytes_requested += src->bytes_requested;
	dst->bytes_used += src->bytes_used;
}
