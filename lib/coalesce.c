/*
 * coalesce.c - the coalescing rules of coalesce.h.
 *
 * One warp instruction is turned into requests in three steps, per group
 * of lanes (the whole warp, or a slice of it under the Fermi rules):
 *
 *   1. every active lane's access [addr, addr + size) is cut at line
 *      boundaries into at most two pieces (a piece is a line address and
 *      a byte range within that line);
 *   2. the pieces are kept sorted by (line, first byte) as they are made,
 *      by insertion: a group has at most 128 pieces, and the common cases
 *      (lanes in address order, or all on one address) insert at the end;
 *   3. one walk over the sorted pieces makes one request per distinct
 *      line, taking the union of the lanes and of the sectors, and
 *      counting the bytes used as the length of the union of the byte
 *      ranges (sorted by start, so a running end is enough).
 *
 * Nothing is allocated: the pieces live on the stack.
 */
#include "coalesce.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

struct piece {
	uint64_t line;		/* line address */
	uint16_t lo, hi;	/* bytes [lo, hi) of the line (line <= 4096) */
	uint32_t lane;
};

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

void wt_coalesce_cfg_init(struct wt_coalesce_cfg *cfg)
{
	cfg->rules = WT_COALESCE_SECTOR;
	cfg->line = 128;
	cfg->sector = 32;
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

	if (cfg->rules != WT_COALESCE_FERMI && cfg->rules != WT_COALESCE_SECTOR)
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
	return NULL;
}

const char *wt_coalesce_rules_name(enum wt_coalesce_rules rules)
{
	switch (rules) {
	case WT_COALESCE_FERMI:
		return "fermi";
	case WT_COALESCE_SECTOR:
		return "sector";
	}
	return "unknown coalescing rules";
}

int wt_coalesce_rules_parse(const char *name)
{
	if (strcmp(name, "fermi") == 0)
		return WT_COALESCE_FERMI;
	if (strcmp(name, "sector") == 0)
		return WT_COALESCE_SECTOR;
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

	if (cfg->rules == WT_COALESCE_SECTOR || size <= 4)
		return lanes;
	g = WT_COALESCE_FERMI_GROUP_BYTES / size;
	if (g < 1)
		g = 1;
	return g < lanes ? g : lanes;
}

unsigned wt_coalesce_request_bytes(const struct wt_coalesce_cfg *cfg,
				   const struct wt_request *r)
{
	if (cfg->rules == WT_COALESCE_FERMI)
		return cfg->line;
	return (unsigned)__builtin_popcount(r->sectors) * cfg->sector;
}

int wt_coalesce_valid(const struct wt_coalesce_cfg *cfg,
		      const struct wt_warp *w, char *why, size_t whylen)
{
	uint64_t mask = w->mask;

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
	for (unsigned i = 0; i < w->lanes; i++) {
		if ((mask >> i & 1) && w->addr[i] + w->size - 1 < w->addr[i]) {
			snprintf(why, whylen, "lane %u: access of %u bytes at "
				 "0x%llx wraps past the end of the address space",
				 i, (unsigned)w->size,
				 (unsigned long long)w->addr[i]);
			return -1;
		}
	}
	return 0;
}

static inline int after(const struct piece *a, const struct piece *b)
{
	return a->line > b->line || (a->line == b->line && a->lo > b->lo);
}

/* Insert p into the sorted pieces[0..n), keeping (line, lo) order. */
static inline void insert(struct piece *pieces, size_t n, const struct piece *p)
{
	size_t i = n;

	while (i > 0 && after(&pieces[i - 1], p)) {
		pieces[i] = pieces[i - 1];
		i--;
	}
	pieces[i] = *p;
}

/* The sectors of a line that bytes [lo, hi) touch. */
static unsigned sector_bits(uint32_t lo, uint32_t hi, unsigned shift)
{
	unsigned first = lo >> shift, last = (hi - 1) >> shift;

	return ((2u << last) - 1) & ~((1u << first) - 1);
}

/*
 * Make the requests of lanes [g0, g1) of w at out[], returning how many.
 * The index and count fields are filled in by the caller.
 */
static size_t group(const struct wt_coalesce_cfg *cfg, const struct wt_warp *w,
		    unsigned g0, unsigned g1, struct wt_request *out)
{
	struct piece pieces[2 * WT_MAX_LANES], p;
	uint64_t linemask = ~(uint64_t)(cfg->line - 1);
	unsigned shift = wt_log2(cfg->sector);
	unsigned all = (1u << (cfg->line / cfg->sector)) - 1;
	struct wt_request *r = NULL;
	size_t n = 0, nr = 0;
	uint32_t covered = 0;

	for (unsigned i = g0; i < g1; i++) {
		uint64_t a, e;

		if (!(w->mask >> i & 1))
			continue;
		a = w->addr[i];
		e = a + w->size - 1;
		p.lane = i;
		p.line = a & linemask;
		p.lo = (uint16_t)(a - p.line);
		if ((e & linemask) == p.line) {
			p.hi = (uint16_t)(e - p.line + 1);
			insert(pieces, n++, &p);
		} else {
			p.hi = (uint16_t)cfg->line;
			insert(pieces, n++, &p);
			p.line = e & linemask;
			p.lo = 0;
			p.hi = (uint16_t)(e - p.line + 1);
			insert(pieces, n++, &p);
		}
	}

	for (size_t i = 0; i < n; i++) {
		const struct piece *q = &pieces[i];
		uint32_t from;

		if (!r || q->line != r->addr) {
			r = &out[nr++];
			memset(r, 0, sizeof(*r));
			r->time = w->time;
			r->addr = q->line;
			r->pc = w->pc;
			r->cta = w->cta;
			r->warp = w->warp;
			r->instr = w->instr;
			r->sm = w->sm;
			r->op = w->op;
			r->space = w->space;
			r->icount = w->icount;
			r->sectors = (uint8_t)(cfg->rules == WT_COALESCE_FERMI ? all : 0);
			covered = 0;
		}
		r->lanes |= (uint64_t)1 << q->lane;
		if (cfg->rules == WT_COALESCE_SECTOR)
			r->sectors |= (uint8_t)sector_bits(q->lo, q->hi, shift);
		from = q->lo > covered ? q->lo : covered;
		if (q->hi > from) {
			r->bytes = (uint16_t)(r->bytes + (q->hi - from));
			covered = q->hi;
		}
	}
	return nr;
}

size_t wt_coalesce(const struct wt_coalesce_cfg *cfg, const struct wt_warp *w,
		   struct wt_request *out)
{
	unsigned lanes = w->lanes, step;
	size_t n = 0;

	if (lanes < 1 || lanes > WT_MAX_LANES || !is_pow2(w->size) ||
	    w->size > cfg->line || wt_coalesce_cfg_check(cfg))
		return 0;
	step = wt_coalesce_group_lanes(cfg, lanes, w->size);
	for (unsigned g = 0; g < lanes; g += step) {
		unsigned end = g + step < lanes ? g + step : lanes;

		n += group(cfg, w, g, end, out + n);
	}
	for (size_t i = 0; i < n; i++) {
		out[i].index = (uint8_t)i;
		out[i].count = (uint8_t)n;
	}
	return n;
}

void wt_coalesce_stats_add(struct wt_coalesce_stats *s,
			   const struct wt_coalesce_cfg *cfg,
			   const struct wt_warp *w, const struct wt_request *reqs,
			   size_t n)
{
	uint64_t mask = w->mask;

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
		s->bytes_requested += wt_coalesce_request_bytes(cfg, &reqs[i]);
		s->bytes_used += reqs[i].bytes;
	}
}

void wt_coalesce_stats_merge(struct wt_coalesce_stats *dst,
			     const struct wt_coalesce_stats *src)
{
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
