/*
 * cachecfg.c - parse, print and describe GPGPU-Sim cache configuration
 * strings (see cachecfg.h).
 *
 * GPGPU-Sim reads the string with one sscanf,
 *     "%c:%u:%u:%u,%c:%c:%c:%c:%c,%c:%u:%u,%u:%u,%u"
 * and then switches on each letter.  We accept the same strings with the
 * same meaning, but field by field, so an error can say which field is
 * wrong and why, and we refuse what sscanf lets through silently.
 *
 * Accepted grammar (4.x; the older forms drop field 1, and the 3.0 form
 * also field 9):
 *
 *    1 cache type        N normal, S sectored
 *    2 sets              decimal, power of two
 *    3 line size         decimal bytes, power of two; 128 if sectored
 *    4 associativity     decimal, at least 1
 *    5 replacement       L F
 *    6 write policy      R B T E L
 *    7 allocation        m f s            (3.x: m f)
 *    8 write-allocate    N W F L          (3.x: N W)
 *    9 set index         L H P X C        (3.x: L H C; 3.0: absent = L)
 *   10 MSHR type         A S F T          (3.x: A F)
 *   11 MSHR entries      decimal, at least 1
 *   12 MSHR max merge    decimal, at least 1
 *   13 miss queue size   decimal, at least 1
 *   14 result FIFO       decimal, optional; required for F and T
 *   15 data port width   decimal, optional (only after 14; not for F, T)
 *
 * Separators are exactly as shown in cachecfg.h: ':' inside a group, ','
 * between groups.  Numbers are plain decimal up to 4294967295 (GPGPU-Sim
 * stores unsigned int).  "none" is a disabled cache, as in GPGPU-Sim.
 *
 * What GPGPU-Sim rejects, and why (exit_parse_error or a failed assert in
 * cache_config::init, gpu-cache.cc's hash_function or hashing.cc):
 *
 *  - fewer than 12 scanned fields, unless the string is "none": the
 *    geometry, the five policies and the MSHR are all required.
 *  - a cache type other than N or S, replacement other than L or F, write
 *    policy other than R B T E L, allocation other than m f s,
 *    write-allocate other than N W F L, index other than H P C L X, MSHR
 *    type other than F T A S: unknown letters are parse errors.
 *  - MSHR type F or T without exactly 14 fields: the texture FIFO needs
 *    its result FIFO size, and has no data port width.
 *  - allocation f or s with write-back B: a fill that evicts a dirty line
 *    needs a write-back slot; when the network is full the fill and the
 *    write-back wait for each other, a deadlock.  ('s' runs as 'f'.)
 *  - write-allocate F or L with allocation f or s: fetch-on-write and
 *    lazy fetch-on-read need the line reserved at the miss.
 *  - a sectored cache whose line is not 4 sectors of 32 B (128 B): the
 *    sector size and count are compile-time constants.
 *  - a line size that the data port width does not divide (a width of 0
 *    means the line size).
 *  - index H with sets other than 32 or 64: the Fermi hash is defined
 *    only for the 16 KB and 48 KB L1s (it asserts on the first access).
 *  - index P with sets other than 16, 32 or 64: GPGPU-Sim has IPOLY
 *    equations only for those (it asserts on the first access).
 *  - the older forms: 4.x reads their first digit as the cache type and
 *    fails.  We accept them with the letters of the 3.x that read them.
 *
 * What warptrace rejects on top, because GPGPU-Sim would silently compute
 * nonsense or hang (it checks none of these):
 *
 *  - a missing miss queue size (4.x and 3.2+ accept 12 fields and leave
 *    it uninitialised), an empty field, a sign, hex, spaces, or text
 *    after the last field (sscanf stops at the first mismatch and ignores
 *    the rest: "...,32:F,32" silently drops the port width).
 *  - a number above 4294967295 (sscanf wraps it).
 *  - sets or line size that is 0 or not a power of two: the set index is
 *    masked with sets - 1 and the tag with ~(line - 1).
 *  - associativity, MSHR entries, merges or miss queue of 0 (and a result
 *    FIFO of 0 for F and T): no miss could ever be accepted.
 *  - more than 2^32 - 1 lines: GPGPU-Sim counts lines in an unsigned int.
 */
#include "cachecfg.h"
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum field_id {
	F_TYPE, F_SETS, F_LINE, F_ASSOC, F_REPL, F_WRITE, F_ALLOC, F_WALLOC,
	F_INDEX, F_MSHR, F_ENTRIES, F_MERGE, F_MQ, F_FIFO, F_PORT, F_COUNT
};

struct field_spec {
	enum field_id id;
	char sep;		/* separator before the field; 0 for the first */
	const char *name;
	const char *letters;	/* allowed letters; NULL for a number */
	const char *expect;	/* the letters, in words */
};

#define NUM(id, sep, name) { id, sep, name, NULL, NULL }

static const struct field_spec v4_fields[] = {
	{ F_TYPE, 0, "cache type", "NS", "N (normal) or S (sectored)" },
	NUM(F_SETS, ':', "sets"),
	NUM(F_LINE, ':', "line size"),
	NUM(F_ASSOC, ':', "associativity"),
	{ F_REPL, ',', "replacement policy", "LF", "L or F" },
	{ F_WRITE, ':', "write policy", "RBTEL", "R, B, T, E or L" },
	{ F_ALLOC, ':', "allocation policy", "mfs", "m, f or s" },
	{ F_WALLOC, ':', "write-allocate policy", "NWFL", "N, W, F or L" },
	{ F_INDEX, ':', "set index function", "LHPXC", "L, H, P, X or C" },
	{ F_MSHR, ',', "MSHR type", "ASFT", "A, S, F or T" },
	NUM(F_ENTRIES, ':', "MSHR entries"),
	NUM(F_MERGE, ':', "MSHR max merge"),
	NUM(F_MQ, ',', "miss queue size"),
	NUM(F_FIFO, ':', "result FIFO entries"),
	NUM(F_PORT, ',', "data port width"),
};

/* GPGPU-Sim 3.2 to 3.x: no cache type; fewer policies. */
static const struct field_spec v3_index_fields[] = {
	NUM(F_SETS, 0, "sets"),
	NUM(F_LINE, ':', "line size"),
	NUM(F_ASSOC, ':', "associativity"),
	{ F_REPL, ',', "replacement policy", "LF", "L or F" },
	{ F_WRITE, ':', "write policy", "RBTEL", "R, B, T, E or L" },
	{ F_ALLOC, ':', "allocation policy", "mf",
	  "m or f (GPGPU-Sim 3.x form)" },
	{ F_WALLOC, ':', "write-allocate policy", "NW",
	  "N or W (GPGPU-Sim 3.x form)" },
	{ F_INDEX, ':', "set index function", "LHC",
	  "L, H or C (GPGPU-Sim 3.x form)" },
	{ F_MSHR, ',', "MSHR type", "AF", "A or F (GPGPU-Sim 3.x form)" },
	NUM(F_ENTRIES, ':', "MSHR entries"),
	NUM(F_MERGE, ':', "MSHR max merge"),
	NUM(F_MQ, ',', "miss queue size"),
	NUM(F_FIFO, ':', "result FIFO entries"),
	NUM(F_PORT, ',', "data port width"),
};

/* GPGPU-Sim 3.0 and 3.1: no set index function either. */
static const struct field_spec v3_fields[] = {
	NUM(F_SETS, 0, "sets"),
	NUM(F_LINE, ':', "line size"),
	NUM(F_ASSOC, ':', "associativity"),
	{ F_REPL, ',', "replacement policy", "LF", "L or F" },
	{ F_WRITE, ':', "write policy", "RBTEL", "R, B, T, E or L" },
	{ F_ALLOC, ':', "allocation policy", "mf",
	  "m or f (GPGPU-Sim 3.x form)" },
	{ F_WALLOC, ':', "write-allocate policy", "NW",
	  "N or W (GPGPU-Sim 3.x form)" },
	{ F_MSHR, ',', "MSHR type", "AF", "A or F (GPGPU-Sim 3.x form)" },
	NUM(F_ENTRIES, ':', "MSHR entries"),
	NUM(F_MERGE, ':', "MSHR max merge"),
	NUM(F_MQ, ',', "miss queue size"),
	NUM(F_FIFO, ':', "result FIFO entries"),
	NUM(F_PORT, ',', "data port width"),
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

struct parser {
	const struct field_spec *spec;
	size_t nspec;
	int pos[F_COUNT];	/* field number (1-based) of each id; 0 absent */
	char *err;
	size_t errlen;
};

static int WT_PRINTF(2, 3) fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->err && p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err, p->errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Quote a field for a message: at most 24 characters, unprintable bytes
 * as \xNN, so a message stays one printable line. */
static const char *quote(const char *s, size_t len, char *buf, size_t n)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 5 < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (i == 24) {
			o += (size_t)snprintf(buf + o, n - o, "...");
			break;
		}
		if (isprint(ch))
			buf[o++] = (char)ch;
		else
			o += (size_t)snprintf(buf + o, n - o, "\\x%02x", ch);
	}
	buf[o < n ? o : n - 1] = '\0';
	return buf;
}

static const char *field_name(const struct parser *p, enum field_id id)
{
	for (size_t i = 0; i < p->nspec; i++)
		if (p->spec[i].id == id)
			return p->spec[i].name;
	return "?";
}

/* "field 6 (write policy)" */
static const char *field_label(const struct parser *p, enum field_id id,
			       char *buf, size_t n)
{
	snprintf(buf, n, "field %d (%s)", p->pos[id], field_name(p, id));
	return buf;
}

static int has_space(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (isspace((unsigned char)s[i]))
			return 1;
	return 0;
}

static int scan_letter(struct parser *p, int no, const struct field_spec *f,
		       const char *s, size_t len, char *out)
{
	char q[128];

	if (len == 0)
		return fail(p, "field %d (%s) is empty: expected %s", no,
			    f->name, f->expect);
	quote(s, len, q, sizeof(q));
	if (has_space(s, len))
		return fail(p, "field %d (%s) '%s' contains a space: "
			    "expected %s", no, f->name, q, f->expect);
	if (len != 1 || !strchr(f->letters, s[0]))
		return fail(p, "field %d (%s) '%s': expected %s", no, f->name,
			    q, f->expect);
	*out = s[0];
	return 0;
}

static int scan_number(struct parser *p, int no, const struct field_spec *f,
		       const char *s, size_t len, unsigned *out)
{
	char q[128];
	uint64_t v = 0;

	if (len == 0)
		return fail(p, "field %d (%s) is empty: expected a number", no,
			    f->name);
	quote(s, len, q, sizeof(q));
	if (has_space(s, len))
		return fail(p, "field %d (%s) '%s' contains a space: "
			    "expected a number", no, f->name, q);
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return fail(p, "field %d (%s) '%s': not a decimal "
				    "number", no, f->name, q);
		v = v * 10 + (uint64_t)(s[i] - '0');
		if (v > UINT32_MAX)
			return fail(p, "field %d (%s) '%s': larger than "
				    "4294967295", no, f->name, q);
	}
	*out = (unsigned)v;
	return 0;
}

static void store(struct wt_cachecfg *c, enum field_id id, char ch,
		  unsigned v)
{
	switch (id) {
	case F_TYPE: c->sectored = ch == 'S'; break;
	case F_SETS: c->sets = v; break;
	case F_LINE: c->line = v; break;
	case F_ASSOC: c->assoc = v; break;
	case F_REPL: c->replacement = ch; break;
	case F_WRITE: c->write = ch; break;
	case F_ALLOC: c->alloc = ch; break;
	case F_WALLOC: c->write_alloc = ch; break;
	case F_INDEX: c->index = ch; break;
	case F_MSHR: c->mshr_type = ch; break;
	case F_ENTRIES: c->mshr_entries = v; break;
	case F_MERGE: c->mshr_max_merge = v; break;
	case F_MQ: c->miss_queue = v; break;
	case F_FIFO: c->result_fifo = v; c->nopt = 1; break;
	case F_PORT: c->data_port_field = v; c->nopt = 2; break;
	case F_COUNT: break;
	}
}

/* Which grammar: a leading number means one of the 3.x forms, told apart
 * by the number of policy letters in the second group. */
static enum wt_cachecfg_form detect(const char *s, const char *end)
{
	const char *q = s;
	int colons = 0;

	while (q < end && *q >= '0' && *q <= '9')
		q++;
	if (q == s || (q < end && *q != ':' && *q != ','))
		return WT_CACHECFG_V4;
	q = memchr(s, ',', (size_t)(end - s));
	if (!q)
		return WT_CACHECFG_V3_INDEX;
	for (q++; q < end && *q != ','; q++)
		colons += *q == ':';
	return colons == 3 ? WT_CACHECFG_V3 : WT_CACHECFG_V3_INDEX;
}

static int is_pow2(unsigned v)
{
	return v && !(v & (v - 1));
}

/* Field-by-field syntax: separators, letters, numbers. */
static int scan_fields(struct parser *p, const char *s, const char *end,
		       struct wt_cachecfg *c)
{
	const char *at = s;
	size_t required = p->nspec - 2;	/* up to the miss queue */
	size_t i;
	char q[128];

	for (i = 0; i < p->nspec; i++) {
		const struct field_spec *f = &p->spec[i];
		const char *e;
		char ch = 0;
		unsigned v = 0;
		int no = (int)i + 1;

		if (i > 0) {
			const struct field_spec *prev = &p->spec[i - 1];

			if (at == end) {
				if (i >= required)
					break;
				return fail(p, "field %d (%s) is missing: the "
					    "string ends after field %d (%s)",
					    no, f->name, no - 1, prev->name);
			}
			if (*at != f->sep) {
				if (*at == ',')
					return fail(p, "field %d (%s) is "
						    "missing: found ',' after "
						    "field %d (%s), expected "
						    "':'", no, f->name,
						    no - 1, prev->name);
				return fail(p, "one field too many after field "
					    "%d (%s): found ':', expected ','",
					    no - 1, prev->name);
			}
			at++;
		}
		for (e = at; e < end && *e != ':' && *e != ','; e++)
			;
		if (f->letters) {
			if (scan_letter(p, no, f, at, (size_t)(e - at), &ch))
				return -1;
		} else if (scan_number(p, no, f, at, (size_t)(e - at), &v)) {
			return -1;
		}
		p->pos[f->id] = no;
		store(c, f->id, ch, v);
		at = e;
	}
	if (at != end)
		return fail(p, "unexpected '%s' after field %zu (%s), the last "
			    "one", quote(at, (size_t)(end - at), q, sizeof(q)),
			    i, p->spec[i - 1].name);
	return 0;
}

/* The checks of cache_config::init and the hash functions, then ours. */
static int check(struct parser *p, struct wt_cachecfg *c)
{
	char a[64], b[64];
	int fifo = c->mshr_type == 'F' || c->mshr_type == 'T';
	int on_fill = c->alloc == 'f' || c->alloc == 's';

	/* Ours first: the geometry must make sense before GPGPU-Sim's. */
	if (!is_pow2(c->sets))
		return fail(p, "%s %u: must be a power of two (the set index "
			    "is masked with sets - 1)",
			    field_label(p, F_SETS, a, sizeof(a)), c->sets);
	if (!is_pow2(c->line))
		return fail(p, "%s %u: must be a power of two (the tag is "
			    "masked with ~(line - 1))",
			    field_label(p, F_LINE, a, sizeof(a)), c->line);
	if (c->assoc == 0)
		return fail(p, "%s 0: a set needs at least one way",
			    field_label(p, F_ASSOC, a, sizeof(a)));
	if ((uint64_t)c->sets * c->assoc > UINT32_MAX)
		return fail(p, "%u sets x %u ways is more than 4294967295 "
			    "lines", c->sets, c->assoc);
	if (c->mshr_entries == 0)
		return fail(p, "%s 0: no miss could ever be tracked",
			    field_label(p, F_ENTRIES, a, sizeof(a)));
	if (c->mshr_max_merge == 0)
		return fail(p, "%s 0: no request could ever be merged into "
			    "an entry", field_label(p, F_MERGE, a, sizeof(a)));
	if (c->miss_queue == 0)
		return fail(p, "%s 0: no miss could ever be sent",
			    field_label(p, F_MQ, a, sizeof(a)));

	/* GPGPU-Sim's. */
	if (fifo && c->nopt != 1) {
		if (c->nopt == 0)
			return fail(p, "%s '%c': a texture FIFO needs field "
				    "%d (%s) too",
				    field_label(p, F_MSHR, a, sizeof(a)),
				    c->mshr_type, p->pos[F_MQ] + 1,
				    field_name(p, F_FIFO));
		return fail(p, "%s '%c': a texture FIFO takes no %s",
			    field_label(p, F_MSHR, a, sizeof(a)), c->mshr_type,
			    field_label(p, F_PORT, b, sizeof(b)));
	}
	if (fifo && c->result_fifo == 0)
		return fail(p, "%s 0: the texture FIFO could never return a "
			    "result", field_label(p, F_FIFO, a, sizeof(a)));
	if (on_fill && c->write == 'B')
		return fail(p, "%s '%c' with %s 'B': a write-back cache cannot "
			    "allocate on fill (the fill and the write-back of "
			    "the line it evicts can deadlock)",
			    field_label(p, F_ALLOC, a, sizeof(a)), c->alloc,
			    field_label(p, F_WRITE, b, sizeof(b)));
	if (on_fill && (c->write_alloc == 'F' || c->write_alloc == 'L'))
		return fail(p, "%s '%c' with %s '%c': fetch-on-write and lazy "
			    "fetch-on-read need allocation on miss ('m')",
			    field_label(p, F_WALLOC, a, sizeof(a)),
			    c->write_alloc,
			    field_label(p, F_ALLOC, b, sizeof(b)), c->alloc);
	if (c->sectored && c->line != 128)
		return fail(p, "%s %u: a sectored cache's line is 4 sectors of "
			    "32 B, 128 B",
			    field_label(p, F_LINE, a, sizeof(a)), c->line);
	if (c->data_port_field && c->line % c->data_port_field)
		return fail(p, "%s %u does not divide the %u-byte line",
			    field_label(p, F_PORT, a, sizeof(a)),
			    c->data_port_field, c->line);
	if (c->index == 'H' && c->sets != 32 && c->sets != 64)
		return fail(p, "%s 'H': the Fermi hash needs 32 or 64 sets, "
			    "not %u", field_label(p, F_INDEX, a, sizeof(a)),
			    c->sets);
	if (c->index == 'P' && c->sets != 16 && c->sets != 32 &&
	    c->sets != 64)
		return fail(p, "%s 'P': IPOLY needs 16, 32 or 64 sets, not %u",
			    field_label(p, F_INDEX, a, sizeof(a)), c->sets);
	return 0;
}

int wt_cachecfg_parse(const char *s, struct wt_cachecfg *c, char *err,
		      size_t errlen)
{
	struct parser p;
	const char *end;

	memset(c, 0, sizeof(*c));
	memset(&p, 0, sizeof(p));
	p.err = err;
	p.errlen = errlen;
	if (err && errlen)
		err[0] = '\0';
	if (!s)
		return fail(&p, "no cache configuration given");
	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	if (end == s)
		return fail(&p, "empty cache configuration: expected "
			    "N:32:128:4,L:L:m:N:H,S:64:8,8 or the like, or "
			    "none");
	if (end - s == 4 && memcmp(s, "none", 4) == 0) {
		c->disabled = 1;
		return 0;
	}

	c->form = detect(s, end);
	switch (c->form) {
	case WT_CACHECFG_V4:
		p.spec = v4_fields;
		p.nspec = NELEM(v4_fields);
		break;
	case WT_CACHECFG_V3_INDEX:
		p.spec = v3_index_fields;
		p.nspec = NELEM(v3_index_fields);
		break;
	case WT_CACHECFG_V3:
		p.spec = v3_fields;
		p.nspec = NELEM(v3_fields);
		c->index = 'L';
		break;
	}
	if (scan_fields(&p, s, end, c) || check(&p, c)) {
		enum wt_cachecfg_form form = c->form;

		memset(c, 0, sizeof(*c));
		c->form = form;
		return -1;
	}
	c->data_port_width = c->data_port_field ? c->data_port_field : c->line;
	c->atom = c->sectored ? 32 : c->line;
	c->size_bytes = (uint64_t)c->sets * c->line * c->assoc;
	return 0;
}

char *wt_cachecfg_format(const struct wt_cachecfg *c, char *buf, size_t n)
{
	size_t o = 0;
	enum wt_cachecfg_form form = c->form;

#define PUT(...) do { \
		int r_ = o < n ? snprintf(buf + o, n - o, __VA_ARGS__) \
			       : snprintf(NULL, 0, __VA_ARGS__); \
		if (r_ > 0) \
			o += (size_t)r_; \
	} while (0)

	if (!n)
		return buf;
	buf[0] = '\0';
	if (c->disabled) {
		PUT("none");
		return buf;
	}
	/* The 3.0 form cannot say a set index function other than linear. */
	if (form == WT_CACHECFG_V3 && c->index != 'L')
		form = WT_CACHECFG_V3_INDEX;
	if (form == WT_CACHECFG_V4)
		PUT("%c:", c->sectored ? 'S' : 'N');
	PUT("%u:%u:%u,%c:%c:%c:%c", c->sets, c->line, c->assoc,
	    c->replacement, c->write, c->alloc, c->write_alloc);
	if (form != WT_CACHECFG_V3)
		PUT(":%c", c->index);
	PUT(",%c:%u:%u,%u", c->mshr_type, c->mshr_entries, c->mshr_max_merge,
	    c->miss_queue);
	if (c->nopt >= 1)
		PUT(":%u", c->result_fifo);
	if (c->nopt >= 2)
		PUT(",%u", c->data_port_field);
#undef PUT
	return buf;
}

static const char *size_words(uint64_t b, char *buf, size_t n)
{
	if (b >= (1u << 20) && b % (1u << 20) == 0)
		snprintf(buf, n, "%llu MB", (unsigned long long)(b >> 20));
	else if (b >= 1024 && b % 1024 == 0)
		snprintf(buf, n, "%llu KB", (unsigned long long)(b >> 10));
	else
		snprintf(buf, n, "%llu B", (unsigned long long)b);
	return buf;
}

static const char *letter_words(char kind, char ch)
{
	static const struct { char kind, ch; const char *words; } t[] = {
		{ 'r', 'L', "LRU" },
		{ 'r', 'F', "FIFO replacement" },
		{ 'w', 'R', "read-only" },
		{ 'w', 'B', "write-back" },
		{ 'w', 'T', "write-through" },
		{ 'w', 'E', "write-evict" },
		{ 'w', 'L', "local write-back/global write-evict" },
		{ 'a', 'm', "allocate on miss" },
		{ 'a', 'f', "allocate on fill" },
		{ 'a', 's', "streaming (allocate on fill)" },
		{ 'W', 'N', "no write-allocate" },
		{ 'W', 'W', "write-allocate" },
		{ 'W', 'F', "fetch-on-write" },
		{ 'W', 'L', "lazy fetch-on-read" },
		{ 'i', 'L', "linear index" },
		{ 'i', 'H', "Fermi hash index" },
		{ 'i', 'P', "IPOLY index" },
		{ 'i', 'X', "XOR index" },
		{ 'i', 'C', "custom index (none in GPGPU-Sim: set 0)" },
		{ 'm', 'A', "MSHR" },
		{ 'm', 'S', "sector MSHR" },
		{ 'm', 'F', "texture FIFO" },
		{ 'm', 'T', "sector texture FIFO" },
	};

	for (size_t i = 0; i < NELEM(t); i++)
		if (t[i].kind == kind && t[i].ch == ch)
			return t[i].words;
	return "?";
}

char *wt_cachecfg_describe(const struct wt_cachecfg *c, char *buf, size_t n)
{
	char sz[32];
	size_t o = 0;

#define PUT(...) do { \
		int r_ = o < n ? snprintf(buf + o, n - o, __VA_ARGS__) \
			       : snprintf(NULL, 0, __VA_ARGS__); \
		if (r_ > 0) \
			o += (size_t)r_; \
	} while (0)

	if (!n)
		return buf;
	buf[0] = '\0';
	if (c->disabled) {
		PUT("disabled (none)");
		return buf;
	}
	PUT("%s%s, %u %s x %u %s x %u B", size_words(c->size_bytes, sz,
	    sizeof(sz)), c->sectored ? " sectored (4 x 32 B sectors)" : "",
	    c->sets, c->sets == 1 ? "set" : "sets", c->assoc,
	    c->assoc == 1 ? "way" : "ways", c->line);
	PUT(", %s, %s, %s, %s, %s", letter_words('r', c->replacement),
	    letter_words('w', c->write), letter_words('a', c->alloc),
	    letter_words('W', c->write_alloc), letter_words('i', c->index));
	if (c->mshr_type == 'F' || c->mshr_type == 'T')
		PUT(", %s: %u fragments, %u requests, reorder buffer %u, "
		    "result FIFO %u", letter_words('m', c->mshr_type),
		    c->mshr_entries, c->mshr_max_merge, c->miss_queue,
		    c->result_fifo);
	else
		PUT(", %s: %u entries x %u merges, miss queue %u",
		    letter_words('m', c->mshr_type), c->mshr_entries,
		    c->mshr_max_merge, c->miss_queue);
	if (c->data_port_width != c->line)
		PUT(", data port %u B", c->data_port_width);
#undef PUT
	return buf;
}

int wt_cachecfg_check_data(const struct wt_cachecfg *c, char *err,
			   size_t errlen)
{
	if (c->disabled)
		return 0;
	if (c->mshr_type == 'F' || c->mshr_type == 'T') {
		if (err && errlen)
			snprintf(err, errlen, "MSHR type '%c' is the texture "
				 "cache's FIFO: a data cache needs A or S",
				 c->mshr_type);
		return -1;
	}
	if (c->write == 'R') {
		if (err && errlen)
			snprintf(err, errlen, "write policy 'R' (read-only): a "
				 "data cache must accept writes");
		return -1;
	}
	return 0;
}
