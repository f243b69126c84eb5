/*
 * streamsum.h - a warptrace stream summed up per kernel (trace-dump
 * --summary): its records, operations, bytes, instructions, distinct
 * threads, warps and PCs and address range; and the summary as a text
 * table with a total line, CSV rows or a JSON document.
 */
#ifndef WT_STREAMSUM_H
#define WT_STREAMSUM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "idset.h"
#include "kernel.h"
#include "stream.h"

struct wt_streamsum_kernel {
	struct wt_kernel kernel;
	uint64_t records, ops[WT_OP_NONE + 1], events[WT_EV_MAX + 1], bytes;
	uint64_t instructions;	/* warp and request kinds: every instruction
				   the records count, memory or not */
	uint64_t addr_min, addr_max;	/* min > max: no address */
	uint64_t threads, warps, pcs, lanes;
};

struct wt_streamsum {
	struct wt_streamsum_kernel *k;	/* the kernels, in order */
	size_t n, cap;
	struct wt_idset threads, warps, pcs;	/* the current kernel's */
};

/* An empty summary is all zero; kernels are counted between _begin and
 * _end, each record (checked by the reader) with _record. */
void wt_streamsum_begin(struct wt_streamsum *s, const struct wt_kernel *k);
void wt_streamsum_record(struct wt_streamsum *s, enum wt_kind kind,
			 const void *rec);
void wt_streamsum_end(struct wt_streamsum *s);
void wt_streamsum_free(struct wt_streamsum *s);

/* The summary of stream name with header h: a table after the header's
 * '#' lines; CSV rows, after the column names if header; a JSON
 * document on a line. */
void wt_streamsum_print_text(const char *name, const struct wt_header *h,
			     const struct wt_streamsum *s, FILE *out);
void wt_streamsum_print_csv(const char *name, const struct wt_header *h,
			    const struct wt_streamsum *s, int header, FILE *out);
void wt_streamsum_print_json(const char *name, const struct wt_header *h,
			     const struct wt_streamsum *s, FILE *out);

#endif
