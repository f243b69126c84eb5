/*
 * record.c - names and sizes of record kinds and their enumerations.
 */
#include "record.h"

#include <stdio.h>
#include <string.h>

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
	static const char *const t[] = { "load", "store", "atomic" };
	return NAME_OF(t, op);
}

const char *wt_space_name(unsigned space)
{
	static const char *const t[] = {
		"global", "local", "shared", "const", "texture"
	};
	return NAME_OF(t, space);
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
#define SPACES "0 to 4 (global, local, shared, const, texture)"
#define POW2 "a power of two"

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

/* flags: the flag bits known; a stream of a later minor version may set
 * others (warptrace(5), VERSIONING). */
static int check_warp(const struct wt_warp *w, unsigned lanes, uint32_t flags,
		      char *why, size_t n)
{
	if (w->op > WT_OP_MAX)
		return bad(why, n, "op", w->op, OPS);
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
	if (w->flags & ~flags)
		return bad(why, n, "flags", w->flags, "0 or 1 (last)");
	return 0;
}

static int check_request(const struct wt_request *r, uint32_t flags, char *why,
			 size_t n)
{
	if (r->op > WT_OP_MAX)
		return bad(why, n, "op", r->op, OPS);
	if (r->count == 0)
		return bad(why, n, "request count", 0, "1 or more");
	if (r->index >= r->count) {
		char e[48];

		snprintf(e, sizeof(e), "less than its count, %u", r->count);
		return bad(why, n, "request index", r->index, e);
	}
	if (r->space > WT_SPACE_MAX)
		return bad(why, n, "space", r->space, SPACES);
	if (r->flags & ~flags)
		return bad(why, n, "flags", r->flags, "0 or 1 (last)");
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
	uint32_t warp_flags = newer ? UINT32_MAX : WT_WARP_LAST;
	uint32_t req_flags = newer ? UINT32_MAX : WT_REQ_WARP_LAST;

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
