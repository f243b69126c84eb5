/*
 * partition.c - address to L2 slice, and the partition address; the
 * mappings are described in partition.h, GPGPU-Sim's in addrdec.h.
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

/* A GPGPU-Sim mapping string: dramid@..., or a mask (D letters, or
 * nothing but mask letters). */
static int is_gpgpusim(const char *spec)
{
	return strncmp(spec, "dramid@", 7) == 0 || strchr(spec, 'D') ||
	       (*spec && spec[strspn(spec, "DdBbRrCcSs0.| ")] == '\0');
}

static int setup_gpgpusim(const char *spec, const struct wt_pmap_opts *o,
			  struct wt_pmap *m, char *err, size_t errlen)
{
	char why[256], opts[64] = "";

	if (wt_addrdec_parse(spec, &m->ad, why, sizeof(why)) < 0 ||
	    wt_addrdec_init(&m->ad, m->n, m->sub, o->indexing, why,
			    sizeof(why)) < 0) {
		wt_snprintf(err, errlen, "--map=%s: %s", spec, why);
		return -1;
	}
	m->kind = WT_PMAP_GPGPUSIM;
	if (m->ad.chip_at >= 0)
		m->interleave = 1ULL << m->ad.chip_at;
	if (m->sub > 1)
		wt_snprintf(opts, sizeof(opts), ",sub-partitions=%u", m->sub);
	if (o->indexing != WT_PIDX_CONSECUTIVE)
		wt_snprintf(opts + strlen(opts), sizeof(opts) - strlen(opts),
			    ",indexing=%s", wt_pidx_name(o->indexing));
	wt_snprintf(m->name, sizeof(m->name), "%.*s%s",
		    (int)(sizeof(m->name) - 1 - strlen(opts)), spec, opts);
	return 0;
}

int wt_pmap_setup(const char *spec, const struct wt_pmap_opts *o,
		  struct wt_pmap *m, char *err, size_t errlen)
{
	uint64_t interleave = o->interleave;
	unsigned n = o->partitions;

	memset(m, 0, sizeof(*m));
	m->n = n;
	m->sub = o->sub ? o->sub : 1;
	m->slices = n * m->sub;
	m->interleave = interleave;
	if (n < 1 || n > WT_MAX_PARTITIONS) {
		snprintf(err, errlen, "%u partitions: expected 1 to %u", n,
			 WT_MAX_PARTITIONS);
		return -1;
	}
	if (!is_pow2(m->sub) || (uint64_t)n * m->sub > WT_MAX_PARTITIONS) {
		snprintf(err, errlen, "%u partitions of %u sub-partitions: "
			 "expected a power of two, and %u slices at most", n,
			 m->sub, WT_MAX_PARTITIONS);
		return -1;
	}
	if (!interleave) {
		snprintf(err, errlen, "an interleave of 0 bytes");
		return -1;
	}
	m->gbits = wt_log2(interleave);
	m->kbits = wt_log2(n);
	if (is_gpgpusim(spec))
		return setup_gpgpusim(spec, o, m, err, errlen);
	if (m->sub > 1 || o->indexing != WT_PIDX_CONSECUTIVE) {
		snprintf(err, errlen, "--map=%s: sub-partitions and partition "
			 "indexing need a GPGPU-Sim mapping (dramid@BIT;MASK)",
			 spec);
		return -1;
	}
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

int wt_pmap_parse(const char *spec, unsigned n, uint64_t interleave,
		  struct wt_pmap *m, char *err, size_t errlen)
{
	struct wt_pmap_opts o = { n, 1, interleave, WT_PIDX_CONSECUTIVE };

	return wt_pmap_setup(spec, &o, m, err, errlen);
}

int wt_pmap_check_line(const struct wt_pmap *m, unsigned line, char *err,
		       size_t errlen)
{
	unsigned low;

	if (m->kind != WT_PMAP_GPGPUSIM) {
		if (m->interleave % line == 0)
			return 0;
		wt_snprintf(err, errlen, "an interleave of %llu bytes splits "
			    "%u-byte lines: expected a multiple of the line size",
			    (unsigned long long)m->interleave, line);
		return -1;
	}
	low = wt_addrdec_low_bit(&m->ad);
	if (low >= 64 || line <= 1ULL << low)
		return 0;
	wt_snprintf(err, errlen, "--map=%s: address bit %u chooses the slice "
		    "(or leaves the partition address), inside the %u-byte "
		    "line", m->name, low, line);
	return -1;
}

unsigned wt_pmap_partition(const struct wt_pmap *m, uint64_t addr)
{
	uint64_t q, p = 0;

	if (m->slices == 1)
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
	default:
		return wt_addrdec_slice(&m->ad, addr, NULL);
	}
}

uint64_t wt_pmap_local(const struct wt_pmap *m, uint64_t addr)
{
	uint64_t q, r;

	if (m->kind == WT_PMAP_GPGPUSIM)
		return wt_addrdec_partition_address(&m->ad, addr);
	if (m->n == 1)
		return addr;
	q = addr / m->interleave;
	r = addr % m->interleave;
	return q / m->n * m->interleave + r;
}

unsigned wt_pmap_place(const struct wt_pmap *m, uint64_t addr, uint64_t *local)
{
	if (m->kind == WT_PMAP_GPGPUSIM && m->slices > 1)
		return wt_addrdec_slice(&m->ad, addr, local);
	*local = wt_pmap_local(m, addr);
	return wt_pmap_partition(m, addr);
}

void wt_pmap_memo_init(struct wt_pmap_memo *memo, const struct wt_pmap *m)
{
	memo->low = 0;
	if (m->kind == WT_PMAP_GPGPUSIM && m->slices > 1) {
		unsigned low = wt_addrdec_low_bit(&m->ad);

		memo->low = low < 64 ? low : 0;
	}
	for (size_t i = 0; i < WT_PMAP_MEMO_SLOTS; i++)
		memo->chunk[i] = UINT64_MAX;
}

unsigned wt_pmap_memo_place(struct wt_pmap_memo *memo, const struct wt_pmap *m,
			    uint64_t addr, uint64_t *local)
{
	uint64_t chunk = addr >> memo->low, low = addr - (chunk << memo->low);
	size_t i = (size_t)chunk & (WT_PMAP_MEMO_SLOTS - 1);

	if (!memo->low)
		return wt_pmap_place(m, addr, local);
	if (memo->chunk[i] != chunk) {
		memo->slice[i] = wt_pmap_place(m, chunk << memo->low, &memo->local[i]);
		memo->chunk[i] = chunk;
	}
	*local = memo->local[i] | low;
	return memo->slice[i];
}

void wt_pmap_free(struct wt_pmap *m)
{
	if (m->kind == WT_PMAP_GPGPUSIM)
		wt_addrdec_free(&m->ad);
}
