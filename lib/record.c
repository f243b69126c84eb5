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


static int bad(char *why, size_t n, const char *field, unsigned long long v)
{
	snprintf(why, n, "bad %s %llu", field, v);
	return -1;
}

int wt_record_check(enum wt_kind kind, unsigned lanes, const void *rec,
		    char *why, size_t n)
{
	switch (kind) {
	case WT_KIND_ACCESS: {
		const struct wt_access *a = rec;

		if (a->op > WT_OP_MAX)
			return bad(why, n, "op", a->op);
		if (a->space > WT_SPACE_MAX)
			return bad(why, n, "space", a->space);
		if (a->size == 0 || (a->size & (a->size - 1)))
			return bad(why, n, "size", a->size);
		if (a->addr + a->size - 1 < a->addr)
			return bad(why, n, "address (wraps)", a->addr);
		return 0;
	}
	case WT_KIND_WARP: {
		const struct wt_warp *w = rec;

		if (w->op > WT_OP_MAX)
			return bad(why, n, "op", w->op);
		if (w->space > WT_SPACE_MAX)
			return bad(why, n, "space", w->space);
		if (w->lanes != lanes)
			return bad(why, n, "lane count", w->lanes);
		if (lanes < 64 && (w->mask >> lanes) != 0)
			return bad(why, n, "active mask", w->mask);
		if (w->size == 0 || (w->size & (w->size - 1)))
			return bad(why, n, "size", w->size);
		if (w->flags & ~WT_WARP_LAST)
			return bad(why, n, "flags", w->flags);
		return 0;
	}
	case WT_KIND_REQUEST: {
		const struct wt_request *r = rec;

		if (r->op > WT_OP_MAX)
			return bad(why, n, "op", r->op);
		if (r->count == 0 || r->index >= r->count)
			return bad(why, n, "request index", r->index);
		if (r->space > WT_SPACE_MAX)
			return bad(why, n, "space", r->space);
		if (r->flags & ~WT_REQ_WARP_LAST)
			return bad(why, n, "flags", r->flags);
		return 0;
	}
	case WT_KIND_EVENT: {
		const struct wt_event *e = rec;

		if (e->type > WT_EV_MAX)
			return bad(why, n, "event type", e->type);
		if (e->op > WT_OP_MAX)
			return bad(why, n, "op", e->op);
		if (e->miss_class > WT_MISS_MAX)
			return bad(why, n, "miss class", e->miss_class);
		if (e->level < 1 || e->level > 3)
			return bad(why, n, "level", e->level);
		if (e->space > WT_SPACE_MAX)
			return bad(why, n, "space", e->space);
		return 0;
	}
	}
	snprintf(why, n, "unknown record kind %d", (int)kind);
	return -1;
}
