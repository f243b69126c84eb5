/*
 * columns.c - column tables of the record kinds.
 */
#include "columns.h"
#include "util.h"

#include <stddef.h>
#include <string.h>

#define COL(type, field, style) \
	{ #field, offsetof(struct type, field), \
	  sizeof(((struct type *)0)->field), style }

static const struct wt_column access_cols[] = {
	COL(wt_access, thread, WT_COL_DEC),
	COL(wt_access, op, WT_COL_OP),
	COL(wt_access, space, WT_COL_SPACE),
	COL(wt_access, addr, WT_COL_HEX),
	COL(wt_access, size, WT_COL_DEC),
	COL(wt_access, pc, WT_COL_HEX),
	COL(wt_access, icount, WT_COL_DEC),
	{ NULL, 0, 0, 0 },
};

static const struct wt_column warp_cols[] = {
	COL(wt_warp, time, WT_COL_DEC),
	COL(wt_warp, sm, WT_COL_DEC),
	COL(wt_warp, cta, WT_COL_DEC),
	COL(wt_warp, warp, WT_COL_DEC),
	COL(wt_warp, instr, WT_COL_DEC),
	COL(wt_warp, pc, WT_COL_HEX),
	COL(wt_warp, op, WT_COL_OP),
	COL(wt_warp, space, WT_COL_SPACE),
	COL(wt_warp, size, WT_COL_DEC),
	COL(wt_warp, icount, WT_COL_DEC),
	COL(wt_warp, mask, WT_COL_HEX),
	COL(wt_warp, flags, WT_COL_FLAGS),
	{ "cacheop", offsetof(struct wt_warp, flags), 4, WT_COL_CACHEOP },
	/* from op on: op, space, lanes, classes and flags (record.h) */
	{ "deps", offsetof(struct wt_warp, op), 8, WT_COL_DEPS },
	{ NULL, 0, 0, 0 },
};

static const struct wt_column request_cols[] = {
	COL(wt_request, time, WT_COL_DEC),
	COL(wt_request, sm, WT_COL_DEC),
	COL(wt_request, cta, WT_COL_DEC),
	COL(wt_request, warp, WT_COL_DEC),
	COL(wt_request, instr, WT_COL_DEC),
	COL(wt_request, pc, WT_COL_HEX),
	COL(wt_request, op, WT_COL_OP),
	COL(wt_request, space, WT_COL_SPACE),
	COL(wt_request, index, WT_COL_DEC),
	COL(wt_request, count, WT_COL_DEC),
	COL(wt_request, addr, WT_COL_HEX),
	COL(wt_request, sectors, WT_COL_HEX),
	COL(wt_request, bytes, WT_COL_DEC),
	COL(wt_request, lanes, WT_COL_HEX),
	COL(wt_request, icount, WT_COL_DEC),
	COL(wt_request, flags, WT_COL_FLAGS),
	{ "cacheop", offsetof(struct wt_request, flags), 1, WT_COL_CACHEOP },
	{ NULL, 0, 0, 0 },
};

static const struct wt_column event_cols[] = {
	COL(wt_event, time, WT_COL_DEC),
	COL(wt_event, level, WT_COL_DEC),
	COL(wt_event, sm, WT_COL_DEC),
	COL(wt_event, cta, WT_COL_DEC),
	COL(wt_event, warp, WT_COL_DEC),
	COL(wt_event, instr, WT_COL_DEC),
	COL(wt_event, pc, WT_COL_HEX),
	COL(wt_event, type, WT_COL_EVENT),
	COL(wt_event, op, WT_COL_OP),
	COL(wt_event, space, WT_COL_SPACE),
	COL(wt_event, miss_class, WT_COL_CLASS),
	COL(wt_event, addr, WT_COL_HEX),
	COL(wt_event, sectors, WT_COL_HEX),
	COL(wt_event, bytes, WT_COL_DEC),
	COL(wt_event, latency, WT_COL_DEC),
	COL(wt_event, partition, WT_COL_DEC),
	{ NULL, 0, 0, 0 },
};

const struct wt_column *wt_columns(enum wt_kind kind)
{
	switch (kind) {
	case WT_KIND_ACCESS:
		return access_cols;
	case WT_KIND_WARP:
		return warp_cols;
	case WT_KIND_REQUEST:
		return request_cols;
	case WT_KIND_EVENT:
		return event_cols;
	}
	return NULL;
}

uint64_t wt_column_value(const struct wt_column *c, const void *rec)
{
	const unsigned char *p = (const unsigned char *)rec + c->offset;
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	switch (c->width) {
	case 1:
		memcpy(&v8, p, 1);
		return v8;
	case 2:
		memcpy(&v16, p, 2);
		return v16;
	case 4:
		memcpy(&v32, p, 4);
		return v32;
	default:
		memcpy(&v64, p, 8);
		return v64;
	}
}

/* "[sp1,sfu2]": the classes the byte counts (record.h), in class order. */
static void classes_text(unsigned classes, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = 0;
	for (unsigned c = WT_LAT_SP; c < WT_LAT_CLASSES && classes; c++) {
		if (!WT_WARP_CLASS(classes, c))
			continue;
		len += strlen(wt_snprintf(buf + len, n - len, "%s%s%u",
					  len ? "," : "[", wt_lat_class_name(c),
					  WT_WARP_CLASS(classes, c)));
	}
	if (len)
		wt_snprintf(buf + len, n - len, "]");
}

/* v: a warp record's eight bytes from op (the classes byte in bits
 * 24-31, the flags in 32-63).  "-" where the record tells no dependences
 * (bit 8 clear); else the load waited for, counted back in records (0:
 * none), "@" and the instructions before the first that waits, "/c" and
 * the chain where it is not 0 with the classes of its instructions that
 * are not integer ones, and "+bar" for a barrier: "0", "2@3", "1@0+bar",
 * "0/c2", "1@4/c3[sp1,sfu1]+bar"; "-" (or "-+bar") where the record
 * carries none. */
static const char *deps_text(uint64_t v, char *buf, size_t n)
{
	uint32_t f = (uint32_t)(v >> 32);
	const char *bar = f & WT_WARP_BARRIER ? "+bar" : "";
	char chain[64] = "", classes[48];

	if (!(f & WT_WARP_DEPS))
		return *bar ? "-+bar" : "-";
	if (WT_WARP_CHAIN(f)) {
		classes_text((unsigned)(v >> 24) & 0xff, classes, sizeof(classes));
		snprintf(chain, sizeof(chain), "/c%u%s", (unsigned)WT_WARP_CHAIN(f),
			 classes);
	}
	if (!WT_WARP_DEP(f))
		return wt_snprintf(buf, n, "0%s%s", chain, bar);
	return wt_snprintf(buf, n, "%u@%u%s%s", (unsigned)WT_WARP_DEP(f),
			   (unsigned)WT_WARP_AT(f), chain, bar);
}

const char *wt_column_text(const struct wt_column *c, const void *rec,
			   char *buf, size_t n)
{
	uint64_t v = wt_column_value(c, rec);

	switch (c->style) {
	case WT_COL_HEX:
		return wt_snprintf(buf, n, "0x%llx", (unsigned long long)v);
	case WT_COL_OP:
		return wt_op_name((unsigned)v);
	case WT_COL_SPACE:
		return wt_space_name((unsigned)v);
	case WT_COL_EVENT:
		return wt_event_name((unsigned)v);
	case WT_COL_CLASS:
		return wt_miss_class_name((unsigned)v);
	case WT_COL_FLAGS:
		return wt_snprintf(buf, n, "%llu", (unsigned long long)(v & ~(uint64_t)
				   (WT_COP_MASK | WT_WARP_DEP_BITS)));
	case WT_COL_CACHEOP:
		return wt_cacheop_name(WT_FLAGS_COP(v));
	case WT_COL_DEPS:
		return deps_text(v, buf, n);
	default:
		return wt_snprintf(buf, n, "%llu", (unsigned long long)v);
	}
}
