/*
 * addrdec.c - GPGPU-Sim's address decoder; the mapping is described in
 * addrdec.h.  Written from addrdec.cc and hashing.cc of GPGPU-Sim 4.x,
 * with the values of tests/unit/test-addrdec.c from that code itself.
 */
#include "addrdec.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct wt_addrdec_random {
	struct wt_u64map *table;	/* chunk -> slice + 1 */
	struct wt_glibc_rand g;
};

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* mask as its runs of adjacent bits, lowest first, for gather_runs. */
static void make_runs(uint64_t mask, struct wt_addrdec_run *run, uint8_t *n)
{
	unsigned at = 0;

	*n = 0;
	while (mask) {
		unsigned shift = (unsigned)__builtin_ctzll(mask), width;
		uint64_t rest = mask >> shift;

		width = ~rest ? (unsigned)__builtin_ctzll(~rest) : 64 - shift;
		run[*n].shift = (uint8_t)shift;
		run[*n].width = (uint8_t)width;
		run[*n].at = (uint8_t)at;
		(*n)++;
		at += width;
		mask = width + shift >= 64 ? 0 : mask & ~(((1ULL << width) - 1) << shift);
	}
}

/* The bits of v under the mask whose runs these are, packed into the low
 * bits, lowest first (GPGPU-Sim's addrdec_packbits), a run at a time. */
static uint64_t gather_runs(uint64_t v, const struct wt_addrdec_run *run, unsigned n)
{
	uint64_t out = 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t bits = v >> run[i].shift;

		if (run[i].width < 64)
			bits &= (1ULL << run[i].width) - 1;
		out |= bits << run[i].at;
	}
	return out;
}

/* ---- glibc's rand(): the TYPE_3 additive feedback generator ---- */

void wt_glibc_srand(struct wt_glibc_rand *g, uint32_t seed)
{
	int32_t word = seed ? (int32_t)seed : 1;

	/* r[i] = 16807 * r[i-1] mod (2^31 - 1), by Schrage's method in
	 * signed 32 bits as glibc does it */
	g->r[0] = (uint32_t)word;
	for (unsigned i = 1; i < 31; i++) {
		int32_t hi = word / 127773, lo = word % 127773;

		word = 16807 * lo - 2836 * hi;
		if (word < 0)
			word += 2147483647;
		g->r[i] = (uint32_t)word;
	}
	g->f = 3;
	g->b = 0;
	for (unsigned i = 0; i < 310; i++)
		(void)wt_glibc_rand(g);
}

uint32_t wt_glibc_rand(struct wt_glibc_rand *g)
{
	uint32_t v = g->r[g->f] += g->r[g->b];

	g->f = g->f == 30 ? 0 : g->f + 1;
	g->b = g->b == 30 ? 0 : g->b + 1;
	return v >> 1;
}

/* ---- the string ---- */

int wt_addrdec_parse(const char *s, struct wt_addrdec *d, char *err,
		     size_t errlen)
{
	const char *semi = strchr(s, ';'), *p = s, *why;
	uint64_t letters[WT_AD_FIELDS] = { 0 };
	unsigned n = 0;

	memset(d, 0, sizeof(*d));
	d->chip_at = -1;
	if (strncmp(s, "dramid@", 7) == 0) {
		size_t len = semi ? (size_t)(semi - s - 7) : strlen(s + 7);
		char num[24];
		uint64_t b;

		if (len == 0 || len >= sizeof(num)) {
			wt_snprintf(err, errlen, "expected dramid@BIT");
			return -1;
		}
		memcpy(num, s + 7, len);
		num[len] = '\0';
		if (wt_parse_u64(num, 63, &b, &why) < 0) {
			wt_snprintf(err, errlen, "dramid@%s: expected a bit "
				    "number from 0 to 63", num);
			return -1;
		}
		d->chip_at = (int)b;
		p = semi ? semi + 1 : s + strlen(s);
	} else if (semi) {
		wt_snprintf(err, errlen, "';' without dramid@BIT before it");
		return -1;
	}
	/* the letters, last first: bit n of the address */
	for (size_t i = strlen(p); i-- > 0;) {
		static const char ltr[] = "DBRCS0";
		const char *at = strchr(ltr, p[i] >= 'a' && p[i] <= 'z' ?
					p[i] - 'a' + 'A' : p[i]);

		if (p[i] == '.' || p[i] == '|' || p[i] == ' ' || p[i] == '\t')
			continue;
		if (!at || !*at) {
			wt_snprintf(err, errlen, "'%c' at position %zu: expected "
				    "D, B, R, C, S, 0 or '.'", p[i],
				    (size_t)(p + i - s) + 1);
			return -1;
		}
		if (n == 64) {
			wt_snprintf(err, errlen, "more than 64 address bits");
			return -1;
		}
		switch (*at) {
		case 'D': letters[WT_AD_CHIP] |= 1ULL << n; break;
		case 'B': letters[WT_AD_BANK] |= 1ULL << n; break;
		case 'R': letters[WT_AD_ROW] |= 1ULL << n; break;
		case 'C':
			letters[WT_AD_COL] |= 1ULL << n;
			letters[WT_AD_CONLY] |= 1ULL << n;
			break;
		case 'S':		/* a burst byte, and part of the column */
			letters[WT_AD_COL] |= 1ULL << n;
			letters[WT_AD_BURST] |= 1ULL << n;
			break;
		default: break;
		}
		n++;
	}
	if (!n && d->chip_at < 0) {
		wt_snprintf(err, errlen, "an empty address mask");
		return -1;
	}
	if (letters[WT_AD_CHIP] && d->chip_at >= 0) {
		wt_snprintf(err, errlen, "give dramid@BIT or D letters in the "
			    "mask, not both");
		return -1;
	}
	memcpy(d->letters, letters, sizeof(letters));
	return 0;
}

unsigned wt_addrdec_letters(const struct wt_addrdec *d, int field)
{
	return (unsigned)__builtin_popcountll(d->letters[field]);
}

/* ---- fitting it to the channels ---- */

static int check(const struct wt_addrdec *d, unsigned nd, char *err,
		 size_t errlen)
{
	unsigned n = d->channels;

	if (nd && (nd > 10 || n != 1u << nd)) {
		wt_snprintf(err, errlen, "%u D letters make %llu memory "
			    "partitions (channels), not %u", nd,
			    nd < 64 ? 1ULL << nd : 0ULL, n);
		return -1;
	}
	if (!nd && d->chip_at < 0 && n > 1) {
		wt_snprintf(err, errlen, "no D letters and no dramid@BIT: "
			    "every address would go to channel 0 of %u", n);
		return -1;
	}
	if (d->chip_at >= 0 && d->gap && d->chip_at > 30) {
		wt_snprintf(err, errlen, "dramid@%d: with %u channels (not a "
			    "power of two) the bit must be 0 to 30", d->chip_at,
			    n);
		return -1;
	}
	if (d->chip_at >= 0 && !d->gap && d->chip_at + d->kbits > 64) {
		wt_snprintf(err, errlen, "dramid@%d: %u channel bits from bit "
			    "%d do not fit in 64", d->chip_at, d->kbits,
			    d->chip_at);
		return -1;
	}
	if (wt_addrdec_letters(d, WT_AD_BANK) < d->sbits) {
		wt_snprintf(err, errlen, "%u sub-partitions need %u B "
			    "letters, the lowest of which choose one; the mask "
			    "has %u", d->sub, d->sbits,
			    wt_addrdec_letters(d, WT_AD_BANK));
		return -1;
	}
	return 0;
}

static int check_pidx(struct wt_addrdec *d, char *err, size_t errlen)
{
	unsigned p2 = 1, sets;

	switch (d->pidx) {
	case WT_PIDX_CONSECUTIVE:
		return 0;
	case WT_PIDX_XOR:
		if (!d->gap)
			return 0;
		wt_snprintf(err, errlen, "xor partition indexing needs a power "
			    "of two of channels, not %u (GPGPU-Sim asserts)",
			    d->channels);
		return -1;
	case WT_PIDX_IPOLY:
		while (p2 < d->channels)
			p2 <<= 1;
		/* GPGPU-Sim's next_powerOf2(1) is 0: no IPOLY for 1 */
		sets = d->channels > 1 ? p2 * d->sub : 0;
		if (sets == 16 || sets == 32 || sets == 64) {
			char why[256];

			if (wt_index_parse("gpgpusim-ipoly", sets, 1, &d->ipoly,
					   why, sizeof(why)) == 0)
				return 0;
		}
		wt_snprintf(err, errlen, "ipoly partition indexing: GPGPU-Sim "
			    "hashes %u channels of %u sub-partitions over %u "
			    "slices, and has equations for 16, 32 and 64 only",
			    d->channels, d->sub, sets);
		return -1;
	case WT_PIDX_PAE:
		wt_snprintf(err, errlen, "pae partition indexing: GPGPU-Sim "
			    "has none (addrdec_tlx has no case for "
			    "memory_partition_indexing 3 and stops on the first "
			    "address)");
		return -1;
	case WT_PIDX_RANDOM:
		if (d->chip_at >= (int)d->sbits)
			break;
		wt_snprintf(err, errlen, "random partition indexing needs "
			    "dramid@BIT with BIT >= %u (the chunks are the "
			    "address >> (BIT - log2 sub-partitions))", d->sbits);
		return -1;
	}
	d->rnd = wt_calloc(1, sizeof(*d->rnd));
	d->rnd->table = wt_u64map_new();
	wt_glibc_srand(&d->rnd->g, 1);	/* addrdec.cc's srand(1) */
	return 0;
}

int wt_addrdec_init(struct wt_addrdec *d, unsigned channels, unsigned sub,
		    enum wt_pidx pidx, char *err, size_t errlen)
{
	unsigned nd = wt_addrdec_letters(d, WT_AD_CHIP);

	wt_addrdec_free(d);
	if (channels < 1 || !is_pow2(sub)) {
		wt_snprintf(err, errlen, "%u channels of %u sub-partitions: "
			    "expected at least 1, and a power of two", channels,
			    sub);
		return -1;
	}
	d->channels = channels;
	d->sub = sub;
	d->kbits = wt_log2(channels);
	d->sbits = wt_log2(sub);
	d->gap = !is_pow2(channels);
	d->pidx = pidx;
	if (d->gap && d->chip_at < 0) {
		wt_snprintf(err, errlen, "%u channels: D letters make a power "
			    "of two; use dramid@BIT", channels);
		return -1;
	}
	if (check(d, nd, err, errlen) < 0)
		return -1;
	memcpy(d->mask, d->letters, sizeof(d->mask));
	if (d->chip_at >= 0 && !d->gap) {
		/* insert the channel bits at B: the letters from B up move
		 * k bits higher; GPGPU-Sim leaves the S (burst) mask */
		uint64_t low = (1ULL << d->chip_at) - 1;

		for (int f = WT_AD_BANK; f < WT_AD_FIELDS; f++)
			if (f != WT_AD_BURST)
				d->mask[f] = (d->letters[f] & ~low) << d->kbits |
					     (d->letters[f] & low);
		d->mask[WT_AD_CHIP] = d->kbits ? ((1ULL << d->kbits) - 1) <<
						 d->chip_at : 0;
	}
	for (uint64_t b = d->mask[WT_AD_BANK], i = 0; b && i < d->sbits; i++) {
		d->sub_mask |= b & -b;
		b &= b - 1;
	}
	/* H: GPGPU-Sim's rest_of_addr_high_bits on the power-of-two path
	 * (ADDR_CHIP_S is -1 with D letters; -1 + 0 is no shift at all) */
	d->high_shift = d->chip_at + (int)(d->kbits + d->sbits);
	for (int f = 0; f < WT_AD_FIELDS; f++)
		make_runs(d->mask[f], d->run[f], &d->nrun[f]);
	make_runs(d->sub_mask, d->sub_run, &d->nsub_run);
	return check_pidx(d, err, errlen);
}

void wt_addrdec_free(struct wt_addrdec *d)
{
	if (d->rnd) {
		wt_u64map_free(d->rnd->table);
		free(d->rnd);
		d->rnd = NULL;
	}
}

/* ---- decoding ---- */

/* The gap path's address with the channel taken out. */
static uint64_t gap_rest(const struct wt_addrdec *d, uint64_t addr)
{
	uint64_t low = (1ULL << d->chip_at) - 1;

	return (addr >> d->chip_at) / d->channels << d->chip_at | (addr & low);
}

static unsigned random_slice(const struct wt_addrdec *d, uint64_t addr)
{
	uint64_t *v;
	int added;

	v = wt_u64map_get(d->rnd->table, addr >> (d->chip_at - (int)d->sbits),
			  &added);
	if (added)
		*v = wt_glibc_rand(&d->rnd->g) % (d->channels * d->sub) + 1;
	return (unsigned)(*v - 1);
}

/* The channel of addr before partition indexing, H (addrdec.h), and
 * what bank, row and column are gathered from (the gap path's R). */
static inline unsigned chip_of(const struct wt_addrdec *d, uint64_t addr, uint64_t *a,
			uint64_t *high)
{
	*a = addr;
	*high = 0;
	if (d->gap) {
		*a = gap_rest(d, addr);
		*high = (addr >> d->chip_at) / d->channels;
		return (unsigned)((addr >> d->chip_at) % d->channels);
	}
	if (d->high_shift >= 0 && d->high_shift < 64)
		*high = addr >> d->high_shift;
	return (unsigned)gather_runs(addr, d->run[WT_AD_CHIP], d->nrun[WT_AD_CHIP]);
}

/* l's channel and slice from the channel before partition indexing, H
 * and the bank (its value mod K is all it needs): partition indexing
 * moves them.  Always inline: GCC leaves it out of line for its two
 * callers, and wt_addrdec_slice's runs for every request of the L2. */
static inline __attribute__((always_inline)) void
slice_of(const struct wt_addrdec *d, uint64_t addr, unsigned chip, uint64_t high,
	 uint64_t bank, struct wt_addrdec_loc *l)
{
	unsigned K = d->sub;

	switch (d->pidx) {
	case WT_PIDX_XOR:		/* bitwise_hash_function */
		chip ^= (unsigned)high & (d->channels - 1);
		break;
	case WT_PIDX_IPOLY:
		l->slice = wt_index_set(&d->ipoly, high << d->ipoly.set_bits |
				(chip * K + (bank & (K - 1))));
		if (d->gap)
			l->slice %= d->channels * K;
		l->chip = l->slice / K;
		return;
	case WT_PIDX_RANDOM:
		l->slice = random_slice(d, addr);
		l->chip = l->slice / K;
		return;
	default:
		break;
	}
	l->chip = chip;
	l->slice = chip * K + (unsigned)(bank & (K - 1));
}

void wt_addrdec_decode(const struct wt_addrdec *d, uint64_t addr,
		       struct wt_addrdec_loc *l)
{
	uint64_t a, high;
	unsigned chip = chip_of(d, addr, &a, &high);

	l->bank = gather_runs(a, d->run[WT_AD_BANK], d->nrun[WT_AD_BANK]);
	l->row = gather_runs(a, d->run[WT_AD_ROW], d->nrun[WT_AD_ROW]);
	l->col = gather_runs(a, d->run[WT_AD_COL], d->nrun[WT_AD_COL]);
	l->burst = gather_runs(a, d->run[WT_AD_BURST], d->nrun[WT_AD_BURST]);
	l->column = gather_runs(a, d->run[WT_AD_CONLY], d->nrun[WT_AD_CONLY]);
	slice_of(d, addr, chip, high, l->bank, l);
}

/* v with the bits of `removed` taken out, the bits above moving down:
 * the bits of v under ~removed packed down, one step for each of the few
 * removed bits. */
static uint64_t squeeze(uint64_t v, uint64_t removed)
{
	while (removed) {
		unsigned b = 63 - (unsigned)__builtin_clzll(removed);
		uint64_t low = (1ULL << b) - 1;

		v = (v & low) | (b < 63 ? v >> (b + 1) << b : 0);
		removed &= low;
	}
	return v;
}

/* The partition address of addr, whose chip_of gave a (the gap path's
 * R). */
static inline uint64_t local_of(const struct wt_addrdec *d, uint64_t addr,
				uint64_t a)
{
	if (d->gap)
		return squeeze(a, d->sub_mask);
	return squeeze(addr, d->mask[WT_AD_CHIP] | d->sub_mask);
}

uint64_t wt_addrdec_partition_address(const struct wt_addrdec *d,
				      uint64_t addr)
{
	return local_of(d, addr, d->gap ? gap_rest(d, addr) : addr);
}

unsigned wt_addrdec_slice(const struct wt_addrdec *d, uint64_t addr,
			  uint64_t *local)
{
	struct wt_addrdec_loc l;
	uint64_t a, high;
	unsigned chip = chip_of(d, addr, &a, &high);

	/* the slice needs the bank mod K alone of the fields: sub_mask's
	 * bits are the bank's s lowest */
	slice_of(d, addr, chip, high, gather_runs(a, d->sub_run, d->nsub_run), &l);
	if (local)
		*local = local_of(d, addr, a);
	return l.slice;
}

unsigned wt_addrdec_low_bit(const struct wt_addrdec *d)
{
	uint64_t sub = d->sub_mask;
	unsigned low = 64;

	if (d->gap) {
		/* R's bits from B up depend on every address bit from B */
		low = (unsigned)d->chip_at;
		sub &= (1ULL << d->chip_at) - 1;
	} else if (d->mask[WT_AD_CHIP]) {
		low = (unsigned)__builtin_ctzll(d->mask[WT_AD_CHIP]);
	}
	if (sub && (unsigned)__builtin_ctzll(sub) < low)
		low = (unsigned)__builtin_ctzll(sub);
	if ((d->pidx == WT_PIDX_XOR || d->pidx == WT_PIDX_IPOLY) &&
	    !d->gap && d->high_shift >= 0 && (unsigned)d->high_shift < low)
		low = (unsigned)d->high_shift;
	if (d->pidx == WT_PIDX_RANDOM &&
	    (unsigned)(d->chip_at - (int)d->sbits) < low)
		low = (unsigned)(d->chip_at - (int)d->sbits);
	return low;
}

/* ---- partition indexing names ---- */

static const char *const pidx_names[] = {
	"consecutive", "xor", "ipoly", "pae", "random",
};

const char *wt_pidx_name(enum wt_pidx p)
{
	return (unsigned)p < 5 ? pidx_names[p] : "?";
}

int wt_pidx_parse(const char *s, enum wt_pidx *p, char *err, size_t errlen)
{
	for (unsigned i = 0; i < 5; i++)
		if (strcmp(s, pidx_names[i]) == 0 ||
		    (s[0] == (char)('0' + i) && !s[1])) {
			*p = (enum wt_pidx)i;
			return 0;
		}
	wt_snprintf(err, errlen, "expected consecutive, xor, ipoly, pae, "
		    "random or GPGPU-Sim's number 0 to 4");
	return -1;
}
