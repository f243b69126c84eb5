/*
 * partition.c - address to memory partition, and the partition-local
 * address; the mappings are described in partition.h.
 */
#include "partition.h"
#include "util.h"

#include <string.h>

static int is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

/* wt_index_parse's "--index=SPEC: why" becomes "--map=SPEC: why". */
static void reword(char *err, size_t errlen)
{
	char tmp[512];

	snprintf(tmp, sizeof(tmp), "%s", err + 8);
	snprintf(err, errlen, "--map=%s", tmp);
}

/* Parse the MASK of a GPGPU-Sim mapping string into the D bits. */
static int parse_mask(const char *s, uint64_t *dmask, char *err, size_t errlen)
{
	unsigned nbits = 0;
	size_t len = strlen(s);

	*dmask = 0;
	for (size_t i = len; i-- > 0;) {
		char c = s[i];

		if (c == '.')
			continue;
		if (!strchr("DRBCS0", c)) {
			snprintf(err, errlen, "'%c' at position %zu: expected D, R, "
				 "B, C, S, 0 or '.'", c, i + 1);
			return -1;
		}
		if (nbits == 64) {
			snprintf(err, errlen, "more than 64 address bits");
			return -1;
		}
		if (c == 'D')
			*dmask |= 1ULL << nbits;
		nbits++;
	}
	if (!nbits) {
		snprintf(err, errlen, "an empty address mask");
		return -1;
	}
	return 0;
}

/* "dramid@B[;MASK]" or "MASK" with D letters. */
static int parse_gpgpusim(const char *spec, struct wt_pmap *m, char *err,
			  size_t errlen)
{
	const char *mask = spec;
	char why[160];
	uint64_t dbit = UINT64_MAX;

	if (strncmp(spec, "dramid@", 7) == 0) {
		const char *semi = strchr(spec, ';');
		char num[24];
		size_t len = semi ? (size_t)(semi - spec - 7) : strlen(spec + 7);
		const char *w;

		if (len == 0 || len >= sizeof(num)) {
			snprintf(err, errlen, "--map=%s: expected dramid@BIT", spec);
			return -1;
		}
		memcpy(num, spec + 7, len);
		num[len] = 0;
		if (wt_parse_u64(num, 62, &dbit, &w) < 0) {
			snprintf(err, errlen, "--map=%s: dramid@%s: expected a bit "
				 "number from 0 to 62", spec, num);
			return -1;
		}
		mask = semi ? semi + 1 : "";
	}
	m->dmask = 0;
	if (*mask && parse_mask(mask, &m->dmask, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "--map=%s: %s", spec, why);
		return -1;
	}
	if (m->dmask && dbit != UINT64_MAX) {
		snprintf(err, errlen, "--map=%s: give dramid@BIT or D letters in "
			 "the mask, not both", spec);
		return -1;
	}
	if (!m->dmask && dbit == UINT64_MAX) {
		snprintf(err, errlen, "--map=%s: the mask has no D (partition) "
			 "bits; add some or use dramid@BIT", spec);
		return -1;
	}
	wt_snprintf(m->name, sizeof(m->name), "%s", spec);
	if (m->dmask) {
		unsigned d = (unsigned)__builtin_popcountll(m->dmask);

		if (d > 10 || m->n != 1u << d) {
			snprintf(err, errlen, "--map=%s: %u D bits make %llu "
				 "partitions, not %u", spec, d,
				 d < 64 ? 1ULL << d : 0ULL, m->n);
			return -1;
		}
		m->kind = WT_PMAP_DBITS;
		return 0;
	}
	m->kind = WT_PMAP_LINEAR;
	m->interleave = 1ULL << dbit;
	m->gbits = (unsigned)dbit;
	return 0;
}

int wt_pmap_parse(const char *spec, unsigned n, uint64_t interleave,
		  struct wt_pmap *m, char *err, size_t errlen)
{
	memset(m, 0, sizeof(*m));
	m->n = n;
	m->interleave = interleave;
	if (n < 1 || n > WT_MAX_PARTITIONS) {
		snprintf(err, errlen, "%u partitions: expected 1 to %u", n,
			 WT_MAX_PARTITIONS);
		return -1;
	}
	if (!interleave) {
		snprintf(err, errlen, "an interleave of 0 bytes");
		return -1;
	}
	m->gbits = wt_log2(interleave);
	m->kbits = wt_log2(n);
	if (strncmp(spec, "dramid@", 7) == 0 || strchr(spec, 'D'))
		return parse_gpgpusim(spec, m, err, errlen);
	if (strcmp(spec, "linear") == 0) {
		m->kind = WT_PMAP_LINEAR;
		wt_snprintf(m->name, sizeof(m->name), "linear,interleave=%llu",
			    (unsigned long long)interleave);
		return 0;
	}
	if (strcmp(spec, "xor") != 0 && strncmp(spec, "ipoly", 5) != 0) {
		snprintf(err, errlen, "--map=%s: expected linear, xor, ipoly, "
			 "ipolyNN or a GPGPU-Sim mapping (dramid@BIT;MASK)", spec);
		return -1;
	}
	if (!is_pow2(n) || !is_pow2(interleave)) {
		snprintf(err, errlen, "--map=%s: needs a power-of-two number of "
			 "partitions and interleave (have %u and %llu)", spec, n,
			 (unsigned long long)interleave);
		return -1;
	}
	if (spec[0] == 'x') {
		m->kind = WT_PMAP_XOR;
		wt_snprintf(m->name, sizeof(m->name), "xor,interleave=%llu",
			    (unsigned long long)interleave);
		return 0;
	}
	m->kind = WT_PMAP_IPOLY;
	if (n == 1) {
		wt_snprintf(m->name, sizeof(m->name), "%s,interleave=%llu", spec,
			    (unsigned long long)interleave);
		return 0;
	}
	if (m->gbits + m->kbits >= 64 ||
	    wt_index_parse(spec, n, (unsigned)(interleave > 65536 ? 0 : interleave),
			   &m->ix, err, errlen) < 0) {
		if (m->gbits + m->kbits >= 64 || interleave > 65536)
			snprintf(err, errlen, "--map=%s: an interleave of at most "
				 "65536 bytes", spec);
		else if (strncmp(err, "--index=", 8) == 0)
			reword(err, errlen);
		return -1;
	}
	wt_snprintf(m->name, sizeof(m->name), "%s,interleave=%llu", m->ix.name,
		    (unsigned long long)interleave);
	return 0;
}

unsigned wt_pmap_partition(const struct wt_pmap *m, uint64_t addr)
{
	uint64_t q, p = 0;

	if (m->n == 1)
		return 0;
	switch (m->kind) {
	case WT_PMAP_LINEAR:
		return (unsigned)(addr / m->interleave % m->n);
	case WT_PMAP_XOR:
		for (q = addr >> m->gbits; q; q >>= m->kbits)
			p ^= q & (m->n - 1);
		return (unsigned)p;
	case WT_PMAP_IPOLY:
		return wt_index_set(&m->ix, addr);
	default:		/* D letters: pack them, lowest first */
		for (unsigned i = 0, j = 0; i < 64; i++)
			if (m->dmask >> i & 1)
				p |= (addr >> i & 1) << j++;
		return (unsigned)p;
	}
}

uint64_t wt_pmap_local(const struct wt_pmap *m, uint64_t addr)
{
	uint64_t q, r, out = 0;

	if (m->n == 1)
		return addr;
	if (m->kind == WT_PMAP_DBITS) {
		for (unsigned i = 0, j = 0; i < 64; i++)
			if (!(m->dmask >> i & 1))
				out |= (addr >> i & 1) << j++;
		return out;
	}
	q = addr / m->interleave;
	r = addr % m->interleave;
	return q / m->n * m->interleave + r;
}
