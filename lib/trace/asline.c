/*
 * asline.c - the instruction lines of Accel-Sim traces, and opcode classes.
 *
 * The parser is strict: every field is checked, and a line must hold
 * exactly the fields its mask, address mode and layout call for.  That
 * matters most in base+delta mode, where the tracer writes one delta for
 * each active lane after the first: Accel-Sim's own reader takes one
 * delta per active lane, one too many, and so swallows the immediate
 * that follows.  Here the count is exact, and one field more or less is
 * an error.
 */
#include "asline.h"
#include "record.h"
#include "util.h"

#include <stdarg.h>
#include <string.h>

/* Fields a line may have: 11 leading, line number, PC, mask, two counts
 * with their registers, opcode, width, mode, 32 addresses, immediate. */
#define MAX_FIELDS (11 + 1 + 2 + 2 * (1 + WT_AS_MAX_REGS) + 1 + 1 + 1 + \
		    WT_AS_LANES + 1 + 1)

struct cursor {
	char *f[MAX_FIELDS + 1];
	unsigned n, i;
	char *why;
	size_t whylen;
};

static int bad(struct cursor *c, const char *fmt, ...) WT_PRINTF(2, 3);

static int bad(struct cursor *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->why, c->whylen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Split line at blanks; more than MAX_FIELDS fields is an error. */
static int split(struct cursor *c, char *line)
{
	char *p = line;

	c->n = c->i = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return 0;
		if (c->n == MAX_FIELDS)
			return bad(c, "more than %d fields (is this an Accel-Sim "
				   "trace line?)", MAX_FIELDS);
		c->f[c->n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/* The next field, or an error naming what was expected there. */
static char *next(struct cursor *c, const char *what)
{
	if (c->i == c->n) {
		bad(c, "line ends before its %s", what);
		return NULL;
	}
	return c->f[c->i++];
}

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Hexadecimal, with or without 0x, as the tracer and std::hex read it. */
static int hex(struct cursor *c, const char *what, uint64_t max, uint64_t *v)
{
	const char *s = next(c, what), *p;
	uint64_t x = 0;

	if (!s)
		return -1;
	p = s;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p[2])
		p += 2;
	for (; *p; p++) {
		int d = hexval((unsigned char)*p);

		if (d < 0)
			return bad(c, "%s '%s': not a hexadecimal number", what, s);
		if ((uint64_t)d > max || x > (max - (uint64_t)d) / 16)
			return bad(c, "%s '%s': larger than 0x%llx", what, s,
				   (unsigned long long)max);
		x = x * 16 + (uint64_t)d;
	}
	*v = x;
	return 0;
}

static int dec(struct cursor *c, const char *what, uint64_t max, uint64_t *v)
{
	const char *s = next(c, what), *p;
	uint64_t x = 0;

	if (!s)
		return -1;
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return bad(c, "%s '%s': not a decimal number", what, s);
		if ((uint64_t)(*p - '0') > max ||
		    x > (max - (uint64_t)(*p - '0')) / 10)
			return bad(c, "%s '%s': larger than %llu", what, s,
				   (unsigned long long)max);
		x = x * 10 + (uint64_t)(*p - '0');
	}
	*v = x;
	return 0;
}

/* A signed decimal (strides, deltas, immediates), as two's complement. */
static int sdec(struct cursor *c, const char *what, uint64_t *v)
{
	const char *s = next(c, what), *p;
	uint64_t x = 0, lim;
	int neg;

	if (!s)
		return -1;
	neg = s[0] == '-';
	lim = neg ? (uint64_t)1 << 63 : ((uint64_t)1 << 63) - 1;
	p = s + neg;
	if (!*p)
		return bad(c, "%s '%s': not a decimal number", what, s);
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return bad(c, "%s '%s': not a decimal number", what, s);
		if (x > (lim - (uint64_t)(*p - '0')) / 10)
			return bad(c, "%s '%s': out of the 64-bit range", what, s);
		x = x * 10 + (uint64_t)(*p - '0');
	}
	*v = neg ? 0 - x : x;
	return 0;
}

/* "R12" or "UR4": the tracer names vector (and uniform) registers.
 * Into *r the number of a vector register up to R255, else WT_AS_NOREG. */
static int reg(struct cursor *c, const char *what, uint16_t *r)
{
	const char *s = next(c, what), *p;
	unsigned v = 0;

	if (!s)
		return -1;
	p = s + (s[0] == 'U');
	if (*p++ != 'R' || !*p)
		return bad(c, "%s '%s': expected a register such as R12", what, s);
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return bad(c, "%s '%s': expected a register such as R12",
				   what, s);
		if (v <= WT_AS_RZ)
			v = v * 10 + (unsigned)(*p - '0');
	}
	*r = s[0] == 'U' || v > WT_AS_RZ ? WT_AS_NOREG : (uint16_t)v;
	return 0;
}

static int regs(struct cursor *c, const char *count, const char *what,
		unsigned *n, uint16_t *r)
{
	uint64_t v;

	if (dec(c, count, WT_AS_MAX_REGS, &v) < 0)
		return -1;
	*n = (unsigned)v;
	for (unsigned i = 0; i < *n; i++)
		if (reg(c, what, &r[i]) < 0)
			return -1;
	return 0;
}

static int opcode(struct cursor *c, struct wt_as_inst *in)
{
	const char *s = next(c, "opcode"), *p;

	if (!s)
		return -1;
	if (!(s[0] >= 'A' && s[0] <= 'Z') || strlen(s) >= sizeof(in->opcode))
		return bad(c, "opcode '%s': expected a SASS mnemonic such as "
			   "LDG.E.64", s);
	for (p = s; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '.' || *p == '_'))
			return bad(c, "opcode '%s': expected a SASS mnemonic such "
				   "as LDG.E.64", s);
	strcpy(in->opcode, s);
	return 0;
}

/* The fields that are left, for messages: "3 fields". */
static const char *left(const struct cursor *c, char *buf, size_t n)
{
	unsigned k = c->n - c->i;

	return wt_snprintf(buf, n, "%u field%s", k, k == 1 ? "" : "s");
}

/* Check n more fields as what (addresses or deltas) a loose line lists
 * past its lanes, and mark it: they are read and dropped. */
static int surplus(struct cursor *c, struct wt_as_inst *in, unsigned n,
		   int deltas)
{
	uint64_t v;

	for (unsigned i = 0; i < n; i++)
		if (deltas ? sdec(c, "delta", &v) < 0 :
		    hex(c, "address", UINT64_MAX, &v) < 0)
			return -1;
	in->surplus = n > 0;
	return 0;
}

/* The mask's lanes are consecutive (or none is active). */
static int consecutive(uint32_t mask)
{
	uint32_t m = mask ? mask >> __builtin_ctz(mask) : 0;

	return (m & (m + 1)) == 0;
}

static int addresses(struct cursor *c, const struct wt_as_layout *lay,
		     struct wt_as_inst *in)
{
	unsigned lanes = (unsigned)__builtin_popcount(in->mask);
	unsigned want, imm = lay->immediate ? 1 : 0, have, extra = 0;
	uint64_t mode, base, step;
	char buf[32];

	if (c->i == c->n)
		return bad(c, "line ends before its address mode");
	if (dec(c, "address mode", 2, &mode) < 0)
		return bad(c, "address mode '%s': expected 0 (list), 1 "
			   "(base+stride) or 2 (base+delta)", c->f[c->i - 1]);
	in->mode = (int)mode;
	have = c->n - c->i;
	switch (in->mode) {
	case WT_AS_LIST:
		want = lanes + imm;
		/* Loose: the first addresses go to the mask's lanes in order,
		 * as Accel-Sim gives them; the rest are dropped. */
		if (lay->loose && !imm && have > want && have <= WT_AS_LANES)
			extra = have - want;
		if (have != want + extra)
			return bad(c, "list: mask %08x has %u active lane%s: expected "
				   "%u address%s%s, got %s", in->mask, lanes,
				   lanes == 1 ? "" : "s", lanes, lanes == 1 ? "" : "es",
				   imm ? " and the immediate" : "",
				   left(c, buf, sizeof(buf)));
		for (unsigned l = 0; l < WT_AS_LANES; l++)
			if (in->mask >> l & 1 && hex(c, "address", UINT64_MAX,
						      &in->addr[l]) < 0)
				return -1;
		return surplus(c, in, extra, 0);
	case WT_AS_STRIDE:
		if (hex(c, "base address", UINT64_MAX, &base) < 0 ||
		    sdec(c, "stride", &step) < 0)
			return -1;
		/* The tracer uses this form only when the active lanes are
		 * consecutive: lane first+i is at base + i * stride.  Loose,
		 * the lanes it ran were, but predicated-off ones may be
		 * missing from the mask: lane l is at base + (l - first) *
		 * stride, where Accel-Sim gives the lanes after a gap 0. */
		if (!consecutive(in->mask) && !lay->loose)
			return bad(c, "base+stride: the active lanes of mask %08x "
				   "are not consecutive", in->mask);
		in->surplus = !consecutive(in->mask);
		for (unsigned l = 0; in->mask && l < WT_AS_LANES; l++)
			if (in->mask >> l & 1)
				in->addr[l] = base + step * (l - (unsigned)
							     __builtin_ctz(in->mask));
		return 0;
	default:
		if (hex(c, "base address", UINT64_MAX, &base) < 0)
			return -1;
		/* One delta per active lane after the first, each from the
		 * address of the active lane before it.  Loose: the first
		 * deltas, as Accel-Sim takes them. */
		want = (lanes ? lanes - 1 : 0) + imm;
		have = c->n - c->i;
		if (lay->loose && !imm && have > want && have < WT_AS_LANES)
			extra = have - want;
		if (have != want + extra)
			return bad(c, "base+delta: mask %08x has %u active lane%s: "
				   "expected %u delta%s%s after the base address, got %s",
				   in->mask, lanes, lanes == 1 ? "" : "s",
				   lanes ? lanes - 1 : 0, lanes == 2 ? "" : "s",
				   imm ? " and the immediate" : "",
				   left(c, buf, sizeof(buf)));
		for (unsigned l = 0, first = 1; l < WT_AS_LANES; l++) {
			if (!(in->mask >> l & 1))
				continue;
			if (!first) {
				if (sdec(c, "delta", &step) < 0)
					return -1;
				base += step;
			}
			in->addr[l] = base;
			first = 0;
		}
		return surplus(c, in, extra, 1);
	}
}

int wt_as_parse(char *line, const struct wt_as_layout *lay, struct wt_as_inst *in,
		char *why, size_t whylen)
{
	static const char *const cta[3] = {
		"thread block x", "thread block y", "thread block z"
	};
	struct cursor c;
	struct wt_as_class cls;
	uint64_t v;

	memset(in, 0, sizeof(*in));
	c.why = why;
	c.whylen = whylen;
	why[0] = '\0';
	if (split(&c, line) < 0)
		return -1;
	if (lay->ids) {
		for (int i = 0; i < 3; i++) {
			if (dec(&c, cta[i], UINT32_MAX, &v) < 0)
				return -1;
			in->cta[i] = (uint32_t)v;
		}
		if (dec(&c, "warp id", UINT32_MAX, &v) < 0)
			return -1;
		in->warp = (uint32_t)v;
		/* Cluster id, CTA within the cluster and rank: not modelled. */
		for (int i = 0; lay->cluster && i < 7; i++)
			if (dec(&c, "cluster field", UINT32_MAX, &v) < 0)
				return -1;
	}
	if (lay->lineinfo && dec(&c, "line number", UINT32_MAX, &v) < 0)
		return -1;
	if (hex(&c, "PC", UINT32_MAX, &v) < 0)
		return -1;
	in->pc = (uint32_t)v;
	if (hex(&c, "mask", UINT32_MAX, &v) < 0)
		return -1;
	in->mask = (uint32_t)v;
	if (regs(&c, "destination count", "destination register", &in->ndst,
		 in->dst) < 0 ||
	    opcode(&c, in) < 0 ||
	    regs(&c, "source count", "source register", &in->nsrc, in->src) < 0 ||
	    dec(&c, "memory width", 1u << 16, &v) < 0)
		return -1;
	in->mem_width = (unsigned)v;
	wt_as_classify(in->opcode, &cls);
	if (in->mem_width > 0 && cls.kind == WT_AS_TMA) {
		/* Bulk tensor copies list transfers, not lanes, in modes of
		 * their own; they are counted, not read. */
		in->skipped = 1;
		return 0;
	}
	if (in->mem_width > 0 && addresses(&c, lay, in) < 0)
		return -1;
	if (lay->immediate && sdec(&c, "immediate", &v) < 0)
		return -1;
	if (c.i < c.n)
		return bad(&c, "unexpected field '%s' after the %s", c.f[c.i],
			   lay->immediate ? "immediate" : in->mem_width ?
			   "addresses" : "memory width (this tracer version "
			   "writes no immediate)");
	return 0;
}

/* Whether field n of line (from 0) is 8 hex digits long, as every
 * tracer writes the mask; -1 if the line has no field n. */
static int mask_at(const char *line, unsigned n)
{
	const char *p = line;

	for (unsigned i = 0;; i++) {
		const char *s;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return -1;
		s = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (i == n)
			return p - s == 8 && strspn(s, "0123456789abcdefABCDEF") >= 8;
	}
}

int wt_as_raw_has_cluster(const char *line, int lineinfo)
{
	/* Not where the mask of a line without cluster fields would be. */
	return mask_at(line, 5 + (lineinfo ? 1 : 0)) == 0;
}

int wt_as_grouped_has_ids(const char *line, int lineinfo)
{
	unsigned li = lineinfo ? 1 : 0;

	/* Without ids the mask follows the PC; with them, the second field
	 * is a thread block's y, never 8 digits long (grids stop at 65535). */
	if (mask_at(line, 1 + li) == 1)
		return 0;
	if (mask_at(line, 5 + li) == 1)
		return 1;
	return -1;
}

struct mnemonic {
	const char *name;
	enum wt_as_kind kind;
	unsigned op;
};

static const struct mnemonic mnemonics[] = {
	{ "LDG", WT_AS_GLOBAL, WT_OP_LOAD },
	{ "STG", WT_AS_GLOBAL, WT_OP_STORE },
	{ "LDGSTS", WT_AS_GLOBAL, WT_OP_LOAD },
	{ "ATOMG", WT_AS_GLOBAL, WT_OP_ATOMIC },
	{ "REDG", WT_AS_GLOBAL, WT_OP_ATOMIC },
	{ "SULD", WT_AS_GLOBAL, WT_OP_LOAD },
	{ "SUST", WT_AS_GLOBAL, WT_OP_STORE },
	{ "SUATOM", WT_AS_GLOBAL, WT_OP_ATOMIC },
	{ "SURED", WT_AS_GLOBAL, WT_OP_ATOMIC },
	{ "LD", WT_AS_GENERIC, WT_OP_LOAD },
	{ "ST", WT_AS_GENERIC, WT_OP_STORE },
	{ "ATOM", WT_AS_GENERIC, WT_OP_ATOMIC },
	{ "RED", WT_AS_GENERIC, WT_OP_ATOMIC },
	{ "LDS", WT_AS_SHARED, WT_OP_LOAD },
	{ "LDSM", WT_AS_SHARED, WT_OP_LOAD },
	{ "STS", WT_AS_SHARED, WT_OP_STORE },
	{ "ATOMS", WT_AS_SHARED, WT_OP_ATOMIC },
	{ "LDL", WT_AS_LOCAL, WT_OP_LOAD },
	{ "STL", WT_AS_LOCAL, WT_OP_STORE },
	{ "LDC", WT_AS_CONST, WT_OP_LOAD },
	{ "ULDC", WT_AS_CONST, WT_OP_LOAD },
	{ "TEX", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TEXS", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TLD", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TLDS", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TLD4", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TLD4S", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TXD", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TXQ", WT_AS_TEXTURE, WT_OP_LOAD },
	{ "TMML", WT_AS_TEXTURE, WT_OP_LOAD },
};

void wt_as_classify(const char *opcode, struct wt_as_class *c)
{
	size_t n = strcspn(opcode, ".");

	memset(c, 0, sizeof(*c));
	if (strncmp(opcode, "UTMA", 4) == 0 || strncmp(opcode, "UBLK", 4) == 0) {
		c->kind = WT_AS_TMA;
		return;
	}
	for (size_t i = 0; i < sizeof(mnemonics) / sizeof(mnemonics[0]); i++) {
		if (strlen(mnemonics[i].name) == n &&
		    strncmp(opcode, mnemonics[i].name, n) == 0) {
			c->kind = mnemonics[i].kind;
			c->op = mnemonics[i].op;
			c->ldgsts = strcmp(mnemonics[i].name, "LDGSTS") == 0;
			return;
		}
	}
}

/* The mnemonics of the classes that are not integer (asline.h). */
static const struct {
	const char *name;
	enum wt_lat_class cls;
} latency_classes[] = {
	{ "FADD", WT_LAT_SP }, { "FADD32I", WT_LAT_SP }, { "FCHK", WT_LAT_SP },
	{ "FCMP", WT_LAT_SP }, { "FFMA", WT_LAT_SP }, { "FFMA32I", WT_LAT_SP },
	{ "FMNMX", WT_LAT_SP }, { "FMUL", WT_LAT_SP }, { "FMUL32I", WT_LAT_SP },
	{ "FSET", WT_LAT_SP }, { "FSETP", WT_LAT_SP }, { "FSWZADD", WT_LAT_SP },
	{ "HADD2", WT_LAT_SP }, { "HADD2_32I", WT_LAT_SP }, { "HFMA2", WT_LAT_SP },
	{ "HFMA2_32I", WT_LAT_SP }, { "HMUL2", WT_LAT_SP },
	{ "HMUL2_32I", WT_LAT_SP }, { "HMNMX2", WT_LAT_SP },
	{ "HSET2", WT_LAT_SP }, { "HSETP2", WT_LAT_SP }, { "RRO", WT_LAT_SP },
	{ "DADD", WT_LAT_DP }, { "DFMA", WT_LAT_DP }, { "DMUL", WT_LAT_DP },
	{ "DMNMX", WT_LAT_DP }, { "DSET", WT_LAT_DP }, { "DSETP", WT_LAT_DP },
	{ "MUFU", WT_LAT_SFU },
	{ "HMMA", WT_LAT_TENSOR }, { "IMMA", WT_LAT_TENSOR },
	{ "BMMA", WT_LAT_TENSOR }, { "DMMA", WT_LAT_TENSOR },
	{ "HGMMA", WT_LAT_TENSOR }, { "IGMMA", WT_LAT_TENSOR },
	{ "QGMMA", WT_LAT_TENSOR }, { "BGMMA", WT_LAT_TENSOR },
};

enum wt_lat_class wt_as_latency_class(const char *opcode)
{
	size_t n = strcspn(opcode, ".");

	for (size_t i = 0; i < sizeof(latency_classes) / sizeof(latency_classes[0]); i++)
		if (strlen(latency_classes[i].name) == n &&
		    strncmp(opcode, latency_classes[i].name, n) == 0)
			return latency_classes[i].cls;
	return WT_LAT_INT;
}

int wt_as_is_barrier(const char *opcode)
{
	const char *p;

	if (strncmp(opcode, "BAR", 3) != 0 || (opcode[3] && opcode[3] != '.'))
		return 0;
	for (p = strchr(opcode, '.'); p; p = strchr(p + 1, '.'))
		if (strncmp(p + 1, "ARV", 3) == 0 && (!p[4] || p[4] == '.'))
			return 0;
	return 1;
}

/* Cache operators as SASS spells them, after a dot.  .STRONG.GPU and
 * .STRONG.SYS are two suffixes; .STRONG alone (or with another scope)
 * leaves the caches as they are. */
static const struct {
	const char *suffix;
	unsigned cacheop;
} cacheops[] = {
	{ "CA", WT_COP_CA }, { "CG", WT_COP_CG }, { "CS", WT_COP_CS },
	{ "EF", WT_COP_CS }, { "LU", WT_COP_LU }, { "EL", WT_COP_EL },
	{ "NA", WT_COP_NA }, { "CV", WT_COP_CV }, { "CONSTANT", WT_COP_NC },
	{ "CI", WT_COP_NC }, { "NC", WT_COP_NC }, { "WB", WT_COP_WB },
	{ "WT", WT_COP_WT }, { "BYPASS", WT_COP_CG },
	{ "STRONG.GPU", WT_COP_STRONG_GPU }, { "STRONG.SYS", WT_COP_STRONG_SYS },
};

unsigned wt_as_cacheop(const char *opcode)
{
	const char *p = strchr(opcode, '.');

	for (; p; p = strchr(p + 1, '.')) {
		const char *s = p + 1;
		size_t n = strcspn(s, ".");

		for (size_t i = 0; i < sizeof(cacheops) / sizeof(cacheops[0]); i++) {
			size_t k = strlen(cacheops[i].suffix);

			/* a whole suffix (or two, for .STRONG.GPU) */
			if (k >= n && strncmp(s, cacheops[i].suffix, k) == 0 &&
			    (s[k] == '\0' || s[k] == '.'))
				return cacheops[i].cacheop;
		}
	}
	return WT_COP_DEFAULT;
}

unsigned wt_as_opcode_width(const char *opcode)
{
	const char *p = strchr(opcode, '.');

	/* The first suffix that is a bit count, bare or after U or S. */
	while (p) {
		const char *s = p + 1 + (p[1] == 'U' || p[1] == 'S');
		size_t n = strcspn(s, ".");
		unsigned bits = 0;

		if (n > 0 && n <= 4 && strspn(s, "0123456789") == n) {
			for (size_t i = 0; i < n; i++)
				bits = bits * 10 + (unsigned)(s[i] - '0');
			if (bits >= 8 && bits <= 1024 && !(bits & (bits - 1)))
				return bits / 8;
		}
		p = strchr(p + 1, '.');
	}
	return 4;
}
