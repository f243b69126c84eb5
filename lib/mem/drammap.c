/*
 * drammap.c - DRAM address mapping (address -> channel, bank, row,
 * column) and the exact conversion between core and DRAM clock cycles.
 *
 * A mapping string is GPGPU-Sim's gpgpu_mem_addr_mapping, parsed and
 * decoded by addrdec.c, the decoder l2sim uses too: one grammar, one
 * dramid@ range, the same channel for an address in both programs.
 * Without one, the channel is a stripe of --interleave bytes and the rest
 * of the address holds column, bank and row from the low bits up.
 */
#include "dram.h"
#include "util.h"

#include <string.h>

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int wt_dram_map_parse(const char *s, struct wt_dram_map *m, char *err, size_t n)
{
	memset(m, 0, sizeof(*m));
	m->masked = 1;
	if (strlen(s) >= sizeof(m->text)) {
		wt_snprintf(err, n, "too long for a mask of 64 bits");
		return -1;
	}
	strcpy(m->text, s);
	if (wt_addrdec_parse(s, &m->ad, err, n) < 0)
		return -1;
	if (m->ad.chip_at >= 0) {
		m->dramid = 1;
		m->interleave = 1ULL << m->ad.chip_at;
	}
	if (!wt_addrdec_letters(&m->ad, WT_AD_BANK) ||
	    !wt_addrdec_letters(&m->ad, WT_AD_ROW)) {
		wt_snprintf(err, n, "the mask needs B (bank) and R (row) bits");
		return -1;
	}
	return 0;
}

int wt_dram_map_fit(struct wt_dram_map *m, struct wt_dram_cfg *c, unsigned given,
		    char *err, size_t n)
{
	unsigned nb, nr, ncs;
	uint64_t nbanks, rows, cols;
	char why[256];

	if (!m->masked) {
		if (!is_pow2(m->interleave)) {
			wt_snprintf(err, n, "--interleave=%llu: expected a power "
				    "of two", (unsigned long long)m->interleave);
			return -1;
		}
		if (m->indexing != WT_PIDX_CONSECUTIVE) {
			wt_snprintf(err, n, "--partition-indexing=%s needs a "
				    "GPGPU-Sim --map (dramid@BIT;MASK)",
				    wt_pidx_name(m->indexing));
			return -1;
		}
		if (m->sub > 1) {	/* as l2sim, which has no slices then */
			wt_snprintf(err, n, "--sub-partitions=%u needs a GPGPU-Sim "
				    "--map (dramid@BIT;MASK)", m->sub);
			return -1;
		}
		return 0;
	}
	if (wt_addrdec_init(&m->ad, c->channels, m->sub ? m->sub : 1,
			    m->indexing, why, sizeof(why)) < 0) {
		wt_snprintf(err, n, "--map=%s: %s", m->text, why);
		return -1;
	}
	nb = wt_addrdec_letters(&m->ad, WT_AD_BANK);
	nr = wt_addrdec_letters(&m->ad, WT_AD_ROW);
	ncs = wt_addrdec_letters(&m->ad, WT_AD_COL);	/* C and S */
	if (nb > 40 || nr > 63) {
		wt_snprintf(err, n, "--map: %u B and %u R bits: too many banks "
			    "or rows", nb, nr);
		return -1;
	}
	nbanks = (uint64_t)1 << nb;
	rows = (uint64_t)1 << nr;
	cols = ((uint64_t)1 << ncs) / c->bus_width;
	if (nbanks % c->ranks || nbanks / c->ranks > 65536) {
		wt_snprintf(err, n, "--map: %llu banks do not divide into %u ranks",
			    (unsigned long long)nbanks, c->ranks);
		return -1;
	}
	if ((given & 1) && c->banks != nbanks / c->ranks) {
		wt_snprintf(err, n, "--map: %u B bits give %llu banks a rank, not "
			    "--banks=%u", nb, (unsigned long long)(nbanks / c->ranks),
			    c->banks);
		return -1;
	}
	if ((given & 2) && c->rows != rows) {
		wt_snprintf(err, n, "--map: %u R bits give %llu rows, not --rows=%llu",
			    nr, (unsigned long long)rows,
			    (unsigned long long)c->rows);
		return -1;
	}
	if ((given & 4) && c->columns != cols) {
		wt_snprintf(err, n, "--map: C and S bits give %llu columns of %u "
			    "bytes, not --columns=%u", (unsigned long long)cols,
			    c->bus_width, c->columns);
		return -1;
	}
	c->banks = (unsigned)(nbanks / c->ranks);
	c->rows = rows;
	c->columns = cols ? (unsigned)cols : 1;
	return 0;
}

/* a / d and a % d, by a shift and a mask when d is a power of two, as
 * most of the sizes are: a division costs tens of cycles, and decoding
 * an address takes up to nine. */
static uint64_t div_by(uint64_t a, uint64_t d)
{
	return d & (d - 1) ? a / d : a >> __builtin_ctzll(d);
}

static uint64_t mod_by(uint64_t a, uint64_t d)
{
	return d & (d - 1) ? a % d : a & (d - 1);
}

void wt_dram_map_decode(const struct wt_dram_map *m, const struct wt_dram_cfg *c,
			uint64_t addr, struct wt_dram_loc *l)
{
	uint64_t a, il = m->interleave, nb = (uint64_t)c->ranks * c->banks;
	uint64_t row_bytes = (uint64_t)c->columns * c->bus_width, stripe;

	if (m->masked) {
		struct wt_addrdec_loc d;

		wt_addrdec_decode(&m->ad, addr, &d);
		l->channel = d.chip;
		l->bank = (unsigned)d.bank;
		l->row = d.row;
		l->column = d.column;
		return;
	}
	stripe = div_by(addr, il);
	l->channel = (unsigned)mod_by(stripe, c->channels);
	a = div_by(stripe, c->channels) * il + mod_by(addr, il);
	l->column = div_by(mod_by(a, row_bytes), c->bus_width);
	l->bank = (unsigned)mod_by(div_by(a, row_bytes), nb);
	l->row = mod_by(div_by(div_by(a, row_bytes), nb), c->rows);
}

unsigned wt_dram_map_low_bit(const struct wt_dram_map *m)
{
	const struct wt_addrdec *d = &m->ad;
	uint64_t used;
	unsigned low = 64;

	if (!m->masked || d->pidx == WT_PIDX_RANDOM)
		return 64;
	if (d->gap) {
		/* the channel is (A >> B) mod N and the masks are on R,
		 * whose bits from B up depend on every address bit from B */
		used = d->mask[WT_AD_BANK] | d->mask[WT_AD_ROW];
		low = (unsigned)d->chip_at;
	} else {
		/* the masks are on the address; xor and ipoly hash the
		 * bits from high_shift up into the channel */
		used = d->mask[WT_AD_CHIP] | d->mask[WT_AD_BANK] | d->mask[WT_AD_ROW];
		if ((d->pidx == WT_PIDX_XOR || d->pidx == WT_PIDX_IPOLY) &&
		    d->high_shift >= 0 && d->high_shift < 64)
			low = (unsigned)d->high_shift;
	}
	if (used && (unsigned)__builtin_ctzll(used) < low)
		low = (unsigned)__builtin_ctzll(used);
	return low;
}

void wt_dram_map_free(struct wt_dram_map *m)
{
	if (m->masked)
		wt_addrdec_free(&m->ad);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

void wt_dram_clock_init(struct wt_dram_clock *k, unsigned core_mhz, unsigned dram_mhz)
{
	uint64_t g = gcd(core_mhz, dram_mhz);

	k->core_mhz = core_mhz;
	k->dram_mhz = dram_mhz;
	k->core = core_mhz / g;
	k->dram = dram_mhz / g;
}

/* ceil(v * num / den), without overflow for v * num < 2^64. */
static uint64_t scale_up(uint64_t v, uint64_t num, uint64_t den)
{
	uint64_t q = v / den, r = v % den;

	return q * num + (r * num + den - 1) / den;
}

uint64_t wt_dram_to_dram(const struct wt_dram_clock *k, uint64_t core_cycle)
{
	return scale_up(core_cycle, k->dram, k->core);
}

uint64_t wt_dram_to_core(const struct wt_dram_clock *k, uint64_t dram_cycle)
{
	return scale_up(dram_cycle, k->core, k->dram);
}
