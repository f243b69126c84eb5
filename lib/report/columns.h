/*
 * columns.h - the fields of each record kind as named columns, so that
 * text, CSV and JSON views of a stream share one description.
 */
#ifndef WT_COLUMNS_H
#define WT_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

enum wt_col_style {
	WT_COL_DEC,		/* unsigned decimal */
	WT_COL_HEX,		/* 0x-prefixed hexadecimal */
	WT_COL_OP,		/* enum wt_op name */
	WT_COL_SPACE,		/* enum wt_space name */
	WT_COL_EVENT,		/* enum wt_event_type name */
	WT_COL_CLASS,		/* enum wt_miss_class name */
	WT_COL_FLAGS,		/* flags but the cache operator's bits and
				   a warp record's dependences' */
	WT_COL_CACHEOP,		/* enum wt_cacheop name, from flags bits 4-7 */
	WT_COL_DEPS,		/* a warp record's dependences, flags bits
				   8-31: "-" none told, else
				   DEP[@AT][/cCHAIN][+bar] */
};

struct wt_column {
	const char *name;
	unsigned offset;	/* byte offset in the record */
	unsigned width;		/* 1, 2, 4 or 8 bytes */
	enum wt_col_style style;
};

/* Columns of a kind, terminated by an entry with name NULL.  Warp
 * records also carry their active lanes' addresses (see wt_warp). */
const struct wt_column *wt_columns(enum wt_kind kind);
uint64_t wt_column_value(const struct wt_column *c, const void *rec);
/* Text of a column: a name for enum styles, digits otherwise. */
const char *wt_column_text(const struct wt_column *c, const void *rec,
			   char *buf, size_t n);

#endif
