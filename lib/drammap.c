/*
 * drammap.c - DRAM address mapping (address -> channel, bank, row,
 * column) and the exact conversion between core and DRAM clock cycles.
 *
 * The mask strings follow GPGPU-Sim's gpgpu_mem_addr_mapping: an optional
 * "dramid@N;" (the channel is (addr >> N) % channels, and is taken out of
 * the address by division before the mask applies), then one character a
 * bit, the last one bit 0: R row, B bank, C column, S byte within a
 * burst, D channel, 0 unused; dots are ignored.  The bits of each field
 * are gathered in order, low bit first.
 */
#include "dram.h"
#include "util.h"

#include <string.h>

static unsigned popcount64(uint64_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

/* The bits of v under mask, packed into the low bits. */
static uint64_t gather(uint64_t v, uint64_t mask)
{
	uint64_t out = 0;
	unsigned k = 0;

	for (unsigned b = 0; b < 64; b++)
		if (mask >> b & 1)
			out |= (v >> b & 1) << k++;
	return out;
}

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int wt_dram_map_parse(const char *s, struct wt_dram_map *m, char *err, size_t n)
{
	const char *p = s, *semi = strchr(s, ';');
	unsigned nbits = 0;
	uint64_t *field;

	memset(m, 0, sizeof(*m));
	m->masked = 1;
	if (strlen(s) >= sizeof(m->text)) {
		wt_snprintf(err, n, "too long for a mask of 64 bits");
		return -1;
	}
	strcpy(m->text, s);
	if (strncmp(s, "dramid@", 7) == 0) {
		uint64_t v;
		const char *why;
		char num[16];
		size_t len = semi ? (size_t)(semi - s - 7) : 0;

		if (!semi || len == 0 || len >= sizeof(num)) {
			wt_snprintf(err, n, "expected dramid@N; before the mask");
			return -1;
		}
		memcpy(num, s + 7, len);
		num[len] = 0;
		if (wt_parse_u64(num, 30, &v, &why) < 0) {
			wt_snprintf(err, n, "dramid@%s: expected a bit from 0 to 30", num);
			return -1;
		}
		m->dramid = 1;
		m->interleave = 1u << v;
		p = semi + 1;
	} else if (semi) {
		wt_snprintf(err, n, "';' without dramid@N before it");
		return -1;
	}
	for (const char *q = p; *q; q++)
		if (*q != '.')
			nbits++;
	if (nbits == 0 || nbits > 64) {
		wt_snprintf(err, n, "the mask has %u bits, expected 1 to 64", nbits);
		return -1;
	}
	for (unsigned bit = nbits; *p; p++) {
		if (*p == '.')
			continue;
		bit--;
		switch (*p) {
		case 'R': field = &m->rmask; break;
		case 'B': field = &m->bmask; break;
		case 'C': field = &m->cmask; break;
		case 'S': field = &m->smask; break;
		case 'D': field = &m->dmask; break;
		case '0': field = NULL; break;
		default:
			wt_snprintf(err, n, "'%c' is not a mask character (R row, "
				    "B bank, C column, S burst byte, D channel, 0)", *p);
			return -1;
		}
		if (field)
			*field |= (uint64_t)1 << bit;
	}
	if (m->dramid && m->dmask) {
		wt_snprintf(err, n, "D bits and dramid@N both name the channel");
		return -1;
	}
	if (!m->bmask || !m->rmask) {
		wt_snprintf(err, n, "the mask needs B (bank) and R (row) bits");
		return -1;
	}
	return 0;
}

int wt_dram_map_fit(struct wt_dram_map *m, struct wt_dram_cfg *c, unsigned given,
		    char *err, size_t n)
{
	uint64_t nbanks, rows, cols;

	if (!m->masked) {
		if (!is_pow2(m->interleave)) {
			wt_snprintf(err, n, "--interleave=%u: expected a power of two",
				    m->interleave);
			return -1;
		}
		return 0;
	}
	if (m->dmask && (uint64_t)1 << popcount64(m->dmask) != c->channels) {
		wt_snprintf(err, n, "--map: %u D bits give %llu channels, not %u",
			    popcount64(m->dmask),
			    (unsigned long long)1 << popcount64(m->dmask), c->channels);
		return -1;
	}
	if (!m->dmask && !m->dramid && c->channels > 1) {
		wt_snprintf(err, n, "--map: no D bits or dramid@N for %u channels",
			    c->channels);
		return -1;
	}
	nbanks = (uint64_t)1 << popcount64(m->bmask);
	rows = (uint64_t)1 << popcount64(m->rmask);
	cols = ((uint64_t)1 << popcount64(m->cmask | m->smask)) / c->bus_width;
	if (nbanks % c->ranks || nbanks / c->ranks > 65536) {
		wt_snprintf(err, n, "--map: %llu banks do not divide into %u ranks",
			    (unsigned long long)nbanks, c->ranks);
		return -1;
	}
	if ((given & 1) && c->banks != nbanks / c->ranks) {
		wt_snprintf(err, n, "--map: %u B bits give %llu banks a rank, not "
			    "--banks=%u", popcount64(m->bmask),
			    (unsigned long long)(nbanks / c->ranks), c->banks);
		return -1;
	}
	if ((given & 2) && c->rows != rows) {
		wt_snprintf(err, n, "--map: %u R bits give %llu rows, not --rows=%llu",
			    popcount64(m->rmask), (unsigned long long)rows,
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
	uint64_t a = addr, il = m->interleave, nb = (uint64_t)c->ranks * c->banks;

	if (!m->masked || m->dramid) {
		uint64_t stripe = div_by(addr, il);

		l->channel = (unsigned)mod_by(stripe, c->channels);
		a = div_by(stripe, c->channels) * il + mod_by(addr, il);
	}
	if (m->masked) {
		if (m->dmask)
			l->channel = (unsigned)gather(a, m->dmask);
		l->bank = (unsigned)gather(a, m->bmask);
		l->row = gather(a, m->rmask);
		l->column = gather(a, m->cmask);
		return;
	}
	{
		uint64_t row_bytes = (uint64_t)c->columns * c->bus_width;

		l->column = div_by(mod_by(a, row_bytes), c->bus_width);
		l->bank = (unsigned)mod_by(div_by(a, row_bytes), nb);
		l->row = mod_by(div_by(div_by(a, row_bytes), nb), c->rows);
	}
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
