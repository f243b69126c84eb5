/*
 * recprint.h - a warptrace stream's records, kernels and header as text
 * lines, CSV rows or JSON lines (trace-dump's views), a record's fields
 * by the columns of its kind (columns.h), a warp record's active lanes'
 * addresses after them.  Records are shown as they are, even with
 * fields outside their kind's values.
 */
#ifndef WT_RECPRINT_H
#define WT_RECPRINT_H

#include <stdint.h>
#include <stdio.h>

#include "kernel.h"
#include "stream.h"

enum wt_recprint_format {
	WT_RECPRINT_TEXT,	/* space-separated, addresses comma-separated */
	WT_RECPRINT_CSV,	/* addresses space-separated in one field */
	WT_RECPRINT_JSONL,	/* an object a line, addresses in an array */
};

/* One record of h's kind, of the kernel with id kernel, as a line. */
void wt_recprint_record(const struct wt_header *h, uint32_t kernel,
			const void *rec, enum wt_recprint_format fmt, FILE *out);
/* The line of column names of h's kind, separated by sep. */
void wt_recprint_columns(const struct wt_header *h, char sep, FILE *out);
/* The header as '#' lines: version, kind, record size, lanes, and each
 * metadata key; name is the stream's. */
void wt_recprint_header(const char *name, const struct wt_header *h,
			FILE *out);
/* A kernel as a '#' line. */
void wt_recprint_kernel(const struct wt_kernel *k, FILE *out);

#endif
