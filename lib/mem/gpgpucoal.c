/*
 * gpgpucoal.c - the gpgpusim rules of coalesce.h: GPGPU-Sim's coalescer
 * (warp_inst_t::memory_coalescing_arch, memory_coalescing_arch_atomic and
 * memory_coalescing_arch_reduce_and_send in abstract_hardware_model.cc)
 * as Accel-Sim's trace-driven front end feeds it.  Written from what
 * those functions do, not from their code; coalesce(1), RULES, is the
 * normative description.
 *
 * An instruction is coalesced one part of the warp after the other
 * (-gpgpu_shmem_warp_parts):
 *
 *   1. every active lane's access makes an entry in the segment (32, 64
 *      or 128 bytes, wt_gpgpusim_segment) of its first byte, and another
 *      in the segment of its last byte if that is a different one; a
 *      local access of 4 bytes or more does so for each of its 4-byte
 *      chunks, as GPGPU-Sim splits them;
 *   2. the entries are put in ascending segment order, the order of
 *      GPGPU-Sim's std::map (they almost always come so: no sort then);
 *   3. the entries of a segment make one transaction (an atomic's: the
 *      first of the segment's transactions none of whose bytes it uses,
 *      or a new one), which records the 32-byte chunks of the line that
 *      its entries' bytes start in, its lanes, and the line's bytes they
 *      use;
 *   4. a 128-byte segment whose lanes use only one half of it is
 *      reduced to that half, and a 64-byte one, so reduced or not, to
 *      the 32 bytes used if only one quarter is;
 *   5. each transaction is a request: its line, the sectors its segment
 *      (as reduced) covers, its lanes, and their bytes in the segment.
 *
 * Nothing is allocated: everything lives on the stack.
 */
#include "coalinternal.h"

#include <stdio.h>
#include <string.h>

/* One lane's access (or chunk of one), or the part of it past the end of
 * its first segment, in one segment. */
struct entry {
	uint64_t seg;		/* the segment's address */
	uint8_t lane;
	uint8_t chunk;		/* (first byte's address & 127) / 32 */
	uint8_t lo, hi;		/* bytes [lo, hi) of the segment's line
				   that the access uses */
};

/* Most entries of a part: 64 lanes, 4 chunks each (16-byte local
 * accesses), each chunk in two segments. */
#define MAX_ENTRIES (WT_MAX_LANES * (WT_GPGPUSIM_SIZE_MAX / 4) * 2)

/* A transaction: what GPGPU-Sim's transaction_info holds, with its
 * 128-bit byte mask as two words. */
struct trans {
	uint64_t seg;
	uint64_t lanes;
	uint64_t bytes[2];	/* bit i: byte i of the segment's line */
	unsigned chunks;	/* bit i: 32-byte chunk i of the line */
};

/* A load that bypasses the L1 in Accel-Sim's trace mode: CACHE_GLOBAL,
 * which it gives the atomics and the loads of .STRONG.GPU scope. */
static int cache_global(const struct wt_warp *w)
{
	return w->op == WT_OP_ATOMIC ||
	       (w->op == WT_OP_LOAD &&
		WT_FLAGS_COP(w->flags) == WT_COP_STRONG_GPU);
}

unsigned wt_gpgpusim_segment(const struct wt_coalesce_cfg *cfg,
			     const struct wt_warp *w)
{
	int sectors;		/* every segment 32 bytes */

	/* Fermi and Kepler (20 to 38: GPGPU-Sim tests arch < 39) cache
	 * lines in L1 and sectors below; Maxwell on (40 and up) sectors
	 * everywhere; the rest (13 to 19, and 39) are GT200's rules. */
	if (cfg->coalesce_arch >= 20 && cfg->coalesce_arch < 39)
		sectors = cfg->skip_l1 || cache_global(w);
	else
		sectors = cfg->coalesce_arch >= 40;
	if (w->size == 1 || sectors)
		return 32;
	return w->size == 2 ? 64 : 128;
}

/* Bits [0, x) of a word, x from 0 to 64. */
static inline uint64_t below(unsigned x)
{
	return x >= 64 ? ~0ULL : (1ULL << x) - 1;
}

/* Set bytes [lo, hi) of a 128-bit mask, 0 <= lo < hi <= 128: in each
 * word, the bits below hi but not below lo (branches the compiler makes
 * conditional moves, for every entry has one). */
static inline void set_bytes(uint64_t *m, unsigned lo, unsigned hi)
{
	m[0] |= below(hi < 64 ? hi : 64) & ~below(lo < 64 ? lo : 64);
	m[1] |= below(hi > 64 ? hi - 64 : 0) & ~below(lo > 64 ? lo - 64 : 0);
}

/* Whether masks a and b share a byte. */
static int overlap(const uint64_t *a, const uint64_t *b)
{
	return (a[0] & b[0]) || (a[1] & b[1]);
}

/*
 * Add the entry of the access [a, e] (its first and last byte) of lane
 * in the segment seg, where the byte at address c put it.
 */
static void add(struct entry *x, uint64_t seg, uint64_t a, uint64_t e,
		uint64_t c, unsigned lane)
{
	uint64_t line = seg & ~(uint64_t)(WT_GPGPUSIM_LINE - 1);

	x->seg = seg;
	x->lane = (uint8_t)lane;
	x->chunk = (uint8_t)((c & 127) / 32);
	/* by offsets: the access may end on the last byte of memory */
	x->lo = (uint8_t)(a >= line ? a - line : 0);
	x->hi = (uint8_t)((e - line >= 127 ? 127 : e - line) + 1);
}

/*
 * The entries of the lanes in mask at x[] (step 1); returns how many.
 * seg: the segment size.
 */
static size_t entries(const struct wt_warp *w, uint64_t mask, unsigned seg,
		      struct entry *x)
{
	uint64_t segmask = ~(uint64_t)(seg - 1);
	unsigned size = w->size, chunks = 1;
	size_t n = 0;

	/* GPGPU-Sim splits local accesses of 4 bytes and more in 4-byte
	 * chunks (Accel-Sim's translate_local_memaddr); an atomic is one
	 * access whatever its space. */
	if (w->space == WT_SPACE_LOCAL && w->op != WT_OP_ATOMIC && size >= 4) {
		chunks = size / 4;
		size = 4;
	}
	for (; mask; mask &= mask - 1) {
		unsigned lane = (unsigned)__builtin_ctzll(mask);

		for (unsigned k = 0; k < chunks; k++) {
			uint64_t a = w->addr[lane] + 4 * k, e = a + size - 1;

			add(&x[n++], a & segmask, a, e, a, lane);
			/* an access across segments is in both, the second
			 * by its last byte's chunk */
			if ((e & segmask) != (a & segmask))
				add(&x[n++], e & segmask, a, e, e, lane);
		}
	}
	return n;
}

/* Merge the runs a[0..na) and b[0..nb) into out[] by segment, a's first
 * among equals: stable, as an atomic's transactions need. */
static void merge(const struct entry *a, size_t na, const struct entry *b,
		  size_t nb, struct entry *out)
{
	size_t i = 0, j = 0;

	while (i < na && j < nb)
		*out++ = b[j].seg < a[i].seg ? b[j++] : a[i++];
	while (i < na)
		*out++ = a[i++];
	while (j < nb)
		*out++ = b[j++];
}

/*
 * Put x[0..n) in ascending segment order, keeping the lane order within
 * a segment (step 2), using tmp[0..n); returns the array that holds the
 * result.  Entries in order already are left as they are; the others are
 * merge-sorted, n log n whatever the lanes' order.
 */
static struct entry *order(struct entry *x, struct entry *tmp, size_t n)
{
	size_t i;

	for (i = 1; i < n && x[i].seg >= x[i - 1].seg; i++)
		;
	if (i >= n)
		return x;
	for (size_t width = 1; width < n; width *= 2) {
		struct entry *t;

		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;

			merge(x + lo, mid - lo, x + mid, hi - mid, tmp + lo);
		}
		t = x;
		x = tmp;
		tmp = t;
	}
	return x;
}

/*
 * The request of transaction t of a segment of size bytes (steps 4 and
 * 5), into *out.
 */
static void reduce(const struct trans *t, unsigned size, struct wt_touched *out)
{
	uint64_t addr = t->seg, line;
	unsigned half = 0, off, bytes = 0;	/* half: the 64 bytes' chunks */
	uint64_t in[2] = { 0, 0 };

	if (size == 128) {
		if (!(t->chunks & 0xc)) {
			size = 64;
			half = t->chunks & 0x3;
		} else if (!(t->chunks & 0x3)) {
			addr += 64;
			size = 64;
			half = t->chunks >> 2 & 0x3;
		}
	} else if (size == 64) {
		half = addr & 64 ? t->chunks >> 2 & 0x3 : t->chunks & 0x3;
	}
	if (size == 64 && half == 0x1) {
		size = 32;
	} else if (size == 64 && half == 0x2) {
		addr += 32;
		size = 32;
	}
	line = addr & ~(uint64_t)(WT_GPGPUSIM_LINE - 1);
	off = (unsigned)(addr - line);
	set_bytes(in, off, off + size);
	bytes = (unsigned)(__builtin_popcountll(t->bytes[0] & in[0]) +
			   __builtin_popcountll(t->bytes[1] & in[1]));
	out->line = line;
	out->lanes = t->lanes;
	out->bytes = bytes;
	out->sectors = ((1u << (size / WT_GPGPUSIM_SECTOR)) - 1)
		       << (off / WT_GPGPUSIM_SECTOR);
}

/* Put entry x into transaction t. */
static inline void join(struct trans *t, const struct entry *x)
{
	t->lanes |= 1ULL << x->lane;
	t->chunks |= 1u << x->chunk;
	set_bytes(t->bytes, x->lo, x->hi);
}

/* Start transaction t in the segment of entry x. */
static inline void start(struct trans *t, const struct entry *x)
{
	memset(t, 0, sizeof(*t));
	t->seg = x->seg;
}

/*
 * The transactions of the ordered entries x[0..n) (step 3), at t[];
 * returns how many: one per segment.
 */
static size_t transactions(const struct entry *x, size_t n, struct trans *t)
{
	size_t nt = 0;

	for (size_t i = 0; i < n; i++) {
		if (i == 0 || x[i].seg != x[i - 1].seg)
			start(&t[nt++], &x[i]);
		join(&t[nt - 1], &x[i]);
	}
	return nt;
}

/*
 * The same for atomics: an entry goes to the first transaction of its
 * segment none of whose bytes it uses, or a new one after them.
 */
static size_t atomic_transactions(const struct entry *x, size_t n,
				  struct trans *t)
{
	size_t nt = 0, first = 0;	/* first: the segment's first one */

	for (size_t i = 0; i < n; i++) {
		uint64_t m[2] = { 0, 0 };
		size_t k;

		set_bytes(m, x[i].lo, x[i].hi);
		if (i == 0 || x[i].seg != x[i - 1].seg)
			first = nt;
		for (k = first; k < nt && overlap(t[k].bytes, m); k++)
			;
		if (k == nt)
			start(&t[nt++], &x[i]);
		join(&t[k], &x[i]);
	}
	return nt;
}

/* Whether an atomic lane of w in mask has its access across a segment of
 * seg bytes, which GPGPU-Sim asserts never happens. */
static int atomic_across(const struct wt_warp *w, uint64_t mask, unsigned seg)
{
	uint64_t segmask = ~(uint64_t)(seg - 1);

	if (w->op != WT_OP_ATOMIC)
		return 0;
	for (; mask; mask &= mask - 1) {
		uint64_t a = w->addr[__builtin_ctzll(mask)];

		if ((a & segmask) != ((a + w->size - 1) & segmask))
			return 1;
	}
	return 0;
}

/* The gpgpusim rules' own limits (wt_coalesce_cfg_check). */
const char *wt_gpgpusim_check(const struct wt_coalesce_cfg *cfg,
			      char *why, size_t whylen)
{
	if (cfg->line != WT_GPGPUSIM_LINE || cfg->sector != WT_GPGPUSIM_SECTOR) {
		snprintf(why, whylen, "the gpgpusim rules make requests in %u-byte "
			 "lines of %u-byte sectors, as GPGPU-Sim's coalescer "
			 "does; got %u-byte lines of %u-byte sectors",
			 WT_GPGPUSIM_LINE, WT_GPGPUSIM_SECTOR, cfg->line,
			 cfg->sector);
		return why;
	}
	if (cfg->coalesce_arch < WT_GPGPUSIM_ARCH_MIN ||
	    cfg->coalesce_arch > WT_GPGPUSIM_ARCH_MAX) {
		snprintf(why, whylen, "coalescing arch %u: expected %u (GT200) "
			 "to %u", cfg->coalesce_arch, WT_GPGPUSIM_ARCH_MIN,
			 WT_GPGPUSIM_ARCH_MAX);
		return why;
	}
	if (cfg->warp_parts < 1 || cfg->warp_parts > WT_MAX_LANES) {
		snprintf(why, whylen, "%u warp parts: expected 1 to %u",
			 cfg->warp_parts, WT_MAX_LANES);
		return why;
	}
	return NULL;
}

/*
 * What GPGPU-Sim's coalescer cannot take, for a global or local record
 * under the gpgpusim rules: sizes other than 1 to 16 bytes (it has no
 * segment size for them), and atomics across a segment (it asserts).
 */
int wt_gpgpusim_valid(const struct wt_coalesce_cfg *cfg,
		      const struct wt_warp *w, char *why, size_t whylen)
{
	uint64_t mask = w->mask, segmask;
	unsigned seg;

	if (w->size > WT_GPGPUSIM_SIZE_MAX) {
		snprintf(why, whylen, "access size %u: the gpgpusim rules take "
			 "1 to %u bytes, the sizes GPGPU-Sim's coalescer knows",
			 (unsigned)w->size, WT_GPGPUSIM_SIZE_MAX);
		return -1;
	}
	if (w->op != WT_OP_ATOMIC)
		return 0;
	seg = wt_gpgpusim_segment(cfg, w);
	segmask = ~(uint64_t)(seg - 1);
	if (w->lanes < 64)
		mask &= ((uint64_t)1 << w->lanes) - 1;
	for (; mask; mask &= mask - 1) {
		unsigned i = (unsigned)__builtin_ctzll(mask);
		uint64_t a = w->addr[i];

		if ((a & segmask) != ((a + w->size - 1) & segmask)) {
			snprintf(why, whylen, "lane %u: atomic access of %u bytes "
				 "at 0x%llx crosses a %u-byte segment, which "
				 "GPGPU-Sim's coalescer does not allow (the "
				 "fermi and sector rules do)", i,
				 (unsigned)w->size, (unsigned long long)a, seg);
			return -1;
		}
	}
	return 0;
}

size_t wt_gpgpusim_coalesce(const struct wt_coalesce_cfg *cfg,
			    const struct wt_warp *w, uint64_t mask,
			    struct wt_touched *out)
{
	struct entry x[MAX_ENTRIES], tmp[MAX_ENTRIES];
	struct trans t[MAX_ENTRIES];
	unsigned lanes = w->lanes, seg, parts, step;
	size_t n = 0;

	if (w->size > WT_GPGPUSIM_SIZE_MAX)
		return 0;
	seg = wt_gpgpusim_segment(cfg, w);
	if (atomic_across(w, mask, seg))
		return 0;
	parts = cfg->warp_parts < lanes ? cfg->warp_parts : lanes;
	step = lanes / parts;
	/* part p is lanes [p * step, (p + 1) * step), the last to the end */
	for (unsigned p = 0; p < parts; p++) {
		uint64_t pmask = mask >> (p * step);
		size_t ne, nt;
		struct entry *s;

		if (p + 1 < parts)
			pmask &= ((uint64_t)1 << step) - 1;
		pmask <<= p * step;
		if (!pmask)
			continue;
		ne = entries(w, pmask, seg, x);
		s = order(x, tmp, ne);
		nt = w->op == WT_OP_ATOMIC ? atomic_transactions(s, ne, t) :
		     transactions(s, ne, t);
		/* at most 2 segments a lane, so 2 * WT_MAX_LANES in all */
		for (size_t i = 0; i < nt && n < WT_COALESCE_MAX_REQUESTS; i++)
			reduce(&t[i], seg, &out[n++]);
	}
	return n;
}
