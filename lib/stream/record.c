/*
 * record.c - names and sizes of record kinds and their enumerations.
 */
#include "record.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const kind_names[] = {
	[WT_KIND_ACCESS] = "access",
	[WT_KIND_WARP] = "warp",
	[WT_KIND_REQUEST] = "request",
	[WT_KIND_EVENT] = "event",
};

unsigned wt_record_size(enum wt_kind kind, unsigned lanes)
{
	switch (kind) {
	case WT_KIND_ACCESS:
		return sizeof(struct wt_access);
	case WT_KIND_WARP:
		return (unsigned)sizeof(struct wt_warp) + 8 * lanes;
	case WT_KIND_REQUEST:
		return sizeof(struct wt_request);
	case WT_KIND_EVENT:
		return sizeof(struct wt_event);
	}
	return 0;
}

const char *wt_kind_name(enum wt_kind kind)
{
	if (kind < 1 || kind > WT_KIND_MAX)
		return "unknown";
	return kind_names[kind];
}

int wt_kind_parse(const char *name)
{
	for (int k = 1; k <= WT_KIND_MAX; k++)
		if (strcmp(name, kind_names[k]) == 0)
			return k;
	return -1;
}

#define NAME_OF(table, i) \
	((i) < sizeof(table) / sizeof(table[0]) ? table[i] : "unknown")

const char *wt_op_name(unsigned op)
{
	static const char *const t[] = { "load", "store", "atomic", "none" };
	return NAME_OF(t, op);
}

static const char *const cacheops[] = {
	[WT_COP_DEFAULT] = "default", [WT_COP_CA] = "ca", [WT_COP_CG] = "cg",
	[WT_COP_CS] = "cs", [WT_COP_LU] = "lu", [WT_COP_EL] = "el",
	[WT_COP_NA] = "na", [WT_COP_CV] = "cv",
	[WT_COP_STRONG_GPU] = "strong.gpu", [WT_COP_STRONG_SYS] = "strong.sys",
	[WT_COP_NC] = "nc", [WT_COP_WB] = "wb", [WT_COP_WT] = "wt",
};

const char *wt_cacheop_name(unsigned cacheop)
{
	return NAME_OF(cacheops, cacheop);
}

int wt_cacheop_parse(const char *name)
{
	for (int i = 0; i <= WT_COP_MAX; i++)
		if (strcasecmp(name, cacheops[i]) == 0)
			return i;
	return -1;
}

const char *wt_space_name(unsigned space)
{
	static const char *const t[] = {
		"global", "local", "shared", "const", "texture"
	};
	return NAME_OF(t, space);
}

const char *wt_lat_class_name(unsigned cls)
{
	static const char *const t[] = { "int", "sp", "dp", "sfu", "tensor" };
	return NAME_OF(t, cls);
}

const char *wt_event_plural(unsigned type)
{
	static const char *const t[] = {
		"hits", "misses", "bypasses", "write_throughs", "write_backs"
	};
	return NAME_OF(t, type);
}

const char *wt_event_name(unsigned type)
{
	static const char *const t[] = {
		"hit", "miss", "bypass", "write-through", "write-back"
	};
	return NAME_OF(t, type);
}

const char *wt_miss_class_name(unsigned cls)
{
	static const char *const t[] = {
		"none", "compulsory", "capacity", "associativity", "mshr", "latency"
	};
	return NAME_OF(t, cls);
}


/* A field outside what its kind allows: its name, its value and what was
 * expected, for a message that names the record. */
static int bad(char *why, size_t n, const char *field, unsigned long long v,
	       const char *expected)
{
	snprintf(why, n, "bad %s %llu; expected %s", field, v, expected);
	return -1;
}

#define OPS "0 to 2 (load, store, atomic)"
#define WOPS "0 to 3 (load, store, atomic, none)"
#define SPACES "0 to 4 (global, local, shared, const, texture)"
#define POW2 "a power of two"
#define COPS "0 to 12 (flags bits 4 to 7)"
#define NONE_IS "for op none (no memory access): "

static int check_access(const struct wt_access *a, char *why, size_t n)
{
	if (a->op > WT_OP_MAX)
		return bad(why, n, "op", a->op, OPS);
	if (a->space > WT_SPACE_MAX)
		return bad(why, n, "space", a->space, SPACES);
	if (a->size == 0 || (a->size & (a->size - 1)))
		return bad(why, n, "size", a->size, POW2);
	if (a->addr + a->size - 1 < a->addr)
		return bad(why, n, "address (wraps)", a->addr,
			   "the last byte below 2^64");
	return 0;
}

/* flags: the flag bits known, with the cache operator's, whose value is
 * checked too; UINT32_MAX for a stream of a later minor version, which
 * may give meaning to other bits and values (warptrace-stream(5), VERSIONING),
 * and whose flags are not checked. */
static inline int check_flags(uint32_t v, uint32_t flags,
			      const char *expected, char *why, size_t n)
{
	if (flags == UINT32_MAX)
		return 0;
	if (v & ~flags)
		return bad(why, n, "flags", v, expected);
	if (WT_FLAGS_COP(v) > WT_COP_MAX)
		return bad(why, n, "cache operator", WT_FLAGS_COP(v), COPS);
	return 0;
}

/* A WT_OP_NONE warp record: no lane, size 1, its warp's last, no cache
 * operator, space global. */
static int check_warp_none(const struct wt_warp *w, char *why, size_t n)
{
	if (w->mask)
		return bad(why, n, "active mask", w->mask, NONE_IS "0");
	if (w->size != 1)
		return bad(why, n, "size", w->size, NONE_IS "1");
	if (w->space != WT_SPACE_GLOBAL)
		return bad(why, n, "space", w->space, NONE_IS "0 (global)");
	if (!(w->flags & WT_WARP_LAST) || WT_FLAGS_COP(w->flags))
		return bad(why, n, "flags", w->flags, NONE_IS "1 (last), no cache "
			   "operator");
	return 0;
}

/* The instructions the classes byte counts (record.h). */
static unsigned classes_in(unsigned classes)
{
	unsigned n = 0;

	for (unsigned c = WT_LAT_SP; c < WT_LAT_CLASSES; c++)
		n += WT_WARP_CLASS(classes, c);
	return n;
}

/* The dependence fields (format 4.1) and the classes byte (4.2): only
 * under bit 8; a record that waits for no load has none to wait at; the
 * first instruction that waits is one of the record's (at is 0 to icount,
 * or 1023 past that); a chain is of the record's non-memory instructions
 * (at most icount), a record of op none has no memory instruction for one
 * to end at, and the classes count instructions of the chain. */
static int check_warp_deps(const struct wt_warp *w, char *why, size_t n)
{
	unsigned dep = WT_WARP_DEP(w->flags), at = WT_WARP_AT(w->flags);
	unsigned chain = WT_WARP_CHAIN(w->flags);

	if (!(w->flags & WT_WARP_DEPS)) {
		if (dep || at || chain)
			return bad(why, n, "flags", w->flags, "dep (bits 10 to 15), "
				   "at (bits 16 to 25) and chain (bits 26 to 31) 0 "
				   "without bit 8 (deps)");
		if (w->classes)
			return bad(why, n, "classes byte", w->classes, "0 without "
				   "bit 8 of the flags (deps)");
		return 0;
	}
	if (!dep && at)
		return bad(why, n, "at", at, "0 with dep 0 (no load waited for)");
	if (at > w->icount)
		return bad(why, n, "at", at, "at most the record's icount");
	if (chain > w->icount)
		return bad(why, n, "chain", chain, "at most the record's icount "
			   "(a run of its non-memory instructions)");
	if (chain && w->op == WT_OP_NONE)
		return bad(why, n, "chain", chain, NONE_IS "0");
	if (classes_in(w->classes) > chain)
		return bad(why, n, "classes byte", w->classes, "counts that add up "
			   "to at most the chain (its instructions of those "
			   "classes)");
	return 0;
}

static int check_warp(const struct wt_warp *w, unsigned lanes, uint32_t flags,
		      char *why, size_t n)
{
	if (w->op > WT_OP_NONE)
		return bad(why, n, "op", w->op, WOPS);
	if (w->space > WT_SPACE_MAX)
		return bad(why, n, "space", w->space, SPACES);
	if (w->lanes != lanes) {
		char e[48];

		snprintf(e, sizeof(e), "the header's %u", lanes);
		return bad(why, n, "lane count", w->lanes, e);
	}
	if (lanes < 64 && (w->mask >> lanes) != 0)
		return bad(why, n, "active mask", w->mask, "no lane past the lane count");
	if (w->size == 0 || (w->size & (w->size - 1)))
		return bad(why, n, "size", w->size, POW2);
	if (check_flags(w->flags, flags, "bits 0 (last), 4 to 7 (cache "
			"operator) and 8 to 31 (dependences) only", why, n) < 0)
		return -1;
	if (flags != UINT32_MAX && check_warp_deps(w, why, n) < 0)
		return -1;
	if (w->op == WT_OP_NONE)
		return check_warp_none(w, why, n);
	return 0;
}

/* A WT_OP_NONE request: the shape of the warp record it comes from, and
 * a single request of nothing. */
static int check_request_none(const struct wt_request *r, char *why, size_t n)
{
	if (r->count != 1)
		return bad(why, n, "request count", r->count, NONE_IS "1");
	if (r->lanes)
		return bad(why, n, "lanes", r->lanes, NONE_IS "0");
	if (r->bytes)
		return bad(why, n, "bytes", r->bytes, NONE_IS "0");
	if (r->sectors)
		return bad(why, n, "sectors", r->sectors, NONE_IS "0");
	if (r->addr)
		return bad(why, n, "address", r->addr, NONE_IS "0");
	if (r->space != WT_SPACE_GLOBAL)
		return bad(why, n, "space", r->space, NONE_IS "0 (global)");
	if (!(r->flags & WT_REQ_WARP_LAST) || WT_FLAGS_COP(r->flags))
		return bad(why, n, "flags", r->flags, NONE_IS "1 (last), no cache "
			   "operator");
	return 0;
}

static int check_request(const struct wt_request *r, uint32_t flags, char *why,
			 size_t n)
{
	if (r->op > WT_OP_NONE)
		return bad(why, n, "op", r->op, WOPS);
	if (r->count == 0)
		return bad(why, n, "request count", 0, "1 or more");
	if (r->index >= r->count) {
		char e[48];

		snprintf(e, sizeof(e), "less than its count, %u", r->count);
		return bad(why, n, "request index", r->index, e);
	}
	if (r->space > WT_SPACE_MAX)
		return bad(why, n, "space", r->space, SPACES);
	if (check_flags(r->flags, flags, "bits 0 (last) and 4 to 7 (cache "
			"operator) only", why, n) < 0)
		return -1;
	if (r->op == WT_OP_NONE)
		return check_request_none(r, why, n);
	return 0;
}

static int check_event(const struct wt_event *e, char *why, size_t n)
{
	if (e->type > WT_EV_MAX)
		return bad(why, n, "event type", e->type,
			   "0 to 4 (hit, miss, bypass, write-through, write-back)");
	if (e->op > WT_OP_MAX)
		return bad(why, n, "op", e->op, OPS);
	if (e->miss_class > WT_MISS_MAX)
		return bad(why, n, "miss class", e->miss_class, "0 to 5");
	if (e->level < 1 || e->level > 3)
		return bad(why, n, "level", e->level, "1 to 3 (L1, L2, DRAM)");
	if (e->space > WT_SPACE_MAX)
		return bad(why, n, "space", e->space, SPACES);
	return 0;
}

int wt_record_check(enum wt_kind kind, unsigned lanes, const void *rec,
		    char *why, size_t n)
{
	return wt_records_check(kind, lanes, 0, rec, 1, why, n) == 1 ? 0 : -1;
}

/* One loop a kind, so that the checks of a block are compares, not
 * calls and a switch a record. */
size_t wt_records_check(enum wt_kind kind, unsigned lanes, int newer,
			const void *recs, size_t count, char *why, size_t n)
{
	const char *p = recs;
	size_t size = wt_record_size(kind, lanes);
	uint32_t warp_flags = newer ? UINT32_MAX : WT_WARP_LAST | WT_COP_MASK |
			      WT_WARP_DEP_BITS;
	uint32_t req_flags = newer ? UINT32_MAX : WT_REQ_WARP_LAST | WT_COP_MASK;

	switch (kind) {
	case WT_KIND_ACCESS:
		for (size_t i = 0; i < count; i++)
			if (check_access((const void *)(p + i * size), why, n) < 0)
				return i;
		return count;
	case WT_KIND_WARP:
		for (size_t i = 0; i < count; i++)
			if (check_warp((const void *)(p + i * size), lanes,
				       warp_flags, why, n) < 0)
				return i;
		return count;
	case WT_KIND_REQUEST:
		for (size_t i = 0; i < count; i++)
			if (check_request((const void *)(p + i * size), req_flags,
					  why, n) < 0)
				return i;
		return count;
	case WT_KIND_EVENT:
		for (size_t i = 0; i < count; i++)
			if (check_event((const void *)(p + i * size), why, n) < 0)
				return i;
		return count;
	}
	snprintf(why, n, "unknown record kind %d", (int)kind);
	return 0;
}
