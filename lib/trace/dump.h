/*
 * dump.h - parser for Ocelot-style per-thread memory-access dumps.
 *
 * Two dialects, told apart by the number of fields on access lines:
 *   Ocelot (Nugteren's tracer):  gid rw address size
 *   warptrace extended:          gid rw address size pc icount
 * A kernel is a block of "key: value" header lines (blocksize mandatory;
 * gridsize, kernel, regs, shmem optional) followed by its access lines; a
 * header line after access lines, or a repeated header key, starts the
 * next kernel.  trace-gen(1) is the normative description.
 */
#ifndef WT_DUMP_H
#define WT_DUMP_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "stream.h"

enum wt_dump_event {
	WT_DUMP_ERROR = -1,
	WT_DUMP_END = 0,	/* end of file */
	WT_DUMP_KERNEL = 1,	/* a kernel's header is complete */
	WT_DUMP_ACCESS = 2,	/* one access */
	WT_DUMP_KERNEL_END = 3,
};

enum wt_dialect { WT_DIALECT_UNKNOWN, WT_DIALECT_OCELOT, WT_DIALECT_EXTENDED };

struct wt_dump;

struct wt_dump *wt_dump_open(const char *path, char *err, size_t errlen);
/* Parse from src (already open, perhaps looked into), which the parser
 * then owns. */
struct wt_src;
struct wt_dump *wt_dump_open_src(struct wt_src *src);
/* Parse from an in-memory buffer (tests, fuzzing); name is used in errors. */
struct wt_dump *wt_dump_open_mem(const char *name, const char *buf, size_t len);
int wt_dump_next(struct wt_dump *d, struct wt_access *a);
/*
 * Up to n accesses at once, as n calls of wt_dump_next would return them
 * while they return WT_DUMP_ACCESS: the count, fewer than n (perhaps 0)
 * where any other line, the end of the buffered text, or an error comes
 * first, which wt_dump_next then reads.
 */
size_t wt_dump_accesses(struct wt_dump *d, struct wt_access *a, size_t n);
/* A run of accesses that wt_dump_block parsed, in the parser's memory. */
struct wt_dump_run {
	const struct wt_access *a;
	size_t n;
};
/*
 * wt_dump_accesses on several threads (par.h), for big dumps: the
 * accesses of the lines from here up to the first one the fast path
 * leaves (a header line, a comment, an error...) or the end of the text
 * buffered, as runs in the order of the lines (*runs, valid until the
 * next call; at most WT_DUMP_MAX_RUNS).  Returns the number of runs; 0
 * when it does not pay (one thread, the dump's first 262,144 lines,
 * less than a quarter of a piece of text before the next header line,
 * soon after a block that another unusual line cut short), and then wt_dump_accesses and wt_dump_next
 * go on as they do alone.  The accesses are those that wt_dump_next
 * would return, in its order, and so are the messages after them.
 */
size_t wt_dump_block(struct wt_dump *d, const struct wt_dump_run **runs);
/* The most runs wt_dump_block returns. */
#define WT_DUMP_MAX_RUNS 64
/* The size of wt_dump_block's pieces, about (0: the default, 256 KiB),
 * and blocks from the next line on, not after the first 262,144 lines;
 * tests make it small. */
void wt_dump_set_piece(struct wt_dump *d, size_t bytes);
/* The current kernel (valid after WT_DUMP_KERNEL until the next one). */
const struct wt_kernel *wt_dump_kernel(const struct wt_dump *d);
enum wt_dialect wt_dump_dialect(const struct wt_dump *d);
const char *wt_dialect_name(enum wt_dialect dialect);
/* "file:line: what was wrong" after WT_DUMP_ERROR. */
const char *wt_dump_error(const struct wt_dump *d);
uint64_t wt_dump_line(const struct wt_dump *d);
/* How far through its file d is (a wt_progress_where, d a wt_dump). */
int wt_dump_position(const void *d, uint64_t *at, uint64_t *total);
void wt_dump_close(struct wt_dump *d);

/* Largest access size accepted (bytes, a power of two). */
#define WT_DUMP_MAX_SIZE 128

#endif
