/*
 * stream.h - reading and writing warptrace streams (format 4.2).
 *
 * A stream is a header (kind, record size, metadata), then chunks:
 * kernel-begin, record blocks, kernel-end, and a trailer with the record
 * count and a checksum over every chunk.  Each chunk carries its own
 * checksum, so corruption is reported where it happens.  Streams may be
 * concatenated; the reader continues across segments of the same kind.
 * See warptrace-stream(5).
 */
#ifndef WT_STREAM_H
#define WT_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "meta.h"
#include "record.h"

#define WT_FORMAT_MAJOR 4
/* The newest minor version this library reads and writes.  A stream says
 * the oldest one its records need, so that older readers of its major
 * version take it: 4.0, unless its warp records carry the dependence
 * bits of 4.1 (record.h, WT_WARP_DEP_BITS) or the classes byte of 4.2,
 * which the writer of such a stream (trace-gen of Accel-Sim traces,
 * trace-order after it) sets in its header's version_minor.  (A reader
 * of 4.1 refuses the records of 4.2 whose classes byte is not 0: it
 * reads a 16-bit lane count there.) */
#define WT_FORMAT_MINOR 2
#define WT_MAGIC "WARPTRAC"

/* Default zstd level, chosen by measurement (see warptrace-stream(5)). */
#define WT_DEFAULT_LEVEL 1

struct wt_header {
	unsigned version_major, version_minor;	/* wt_header_init: 4.0 */
	enum wt_kind kind;
	unsigned record_size;
	unsigned lanes;		/* warp size for WT_KIND_WARP, else 0 */
	struct wt_meta meta;	/* provenance ("stage") and settings */
};

struct wt_kernel {
	uint32_t id;		/* 0, 1, ... in stream order */
	char *name;
	uint32_t grid[3];	/* 0 where unknown */
	uint32_t block[3];
	uint32_t regs;		/* registers per thread, 0 if unknown */
	uint32_t shmem;		/* shared memory bytes per CTA, 0 if unknown */
	char *source;		/* where the kernel came from, or "" */
	struct wt_meta extra;	/* any other keys, passed through */
};

void wt_header_init(struct wt_header *h, enum wt_kind kind, unsigned lanes);
void wt_header_free(struct wt_header *h);

void wt_kernel_init(struct wt_kernel *k);
void wt_kernel_free(struct wt_kernel *k);
void wt_kernel_copy(struct wt_kernel *dst, const struct wt_kernel *src);
/* Threads per CTA, and in the grid (0 where unknown). */
uint64_t wt_kernel_block_threads(const struct wt_kernel *k);
uint64_t wt_kernel_grid_threads(const struct wt_kernel *k);

/* The compression level when --level is not given: $WARPTRACE_LEVEL;
 * else 0 (none) when the stream goes to a pipe or a device (output, or
 * stdout when output is NULL or "-", a FIFO or a character device such
 * as /dev/null), else WT_DEFAULT_LEVEL. */
int wt_env_level(const char *output);
/* The value of a --level option; a bad one is a usage error. */
int wt_level_arg(const char *arg);
/* A usage error if the stream and the --stats file (if any) both go to
 * standard output. */
void wt_check_outputs(const char *stream, const char *stats);

/* ---- writing ---- */

struct wt_writer;

/* Open an output stream; path "-" is stdout.  NULL with err on failure. */
struct wt_writer *wt_writer_open(const char *path, const struct wt_header *h,
				 int level, char *err, size_t errlen);
int wt_writer_kernel_begin(struct wt_writer *w, const struct wt_kernel *k);
/* Append one record of the stream's record size. */
int wt_writer_put(struct wt_writer *w, const void *rec);
/* Append n records, which lie one after another at recs: one call where
 * n calls of wt_writer_put each paid its checks. */
int wt_writer_put_many(struct wt_writer *w, const void *recs, size_t n);
/* Room for records at the end of the block being filled: where the next
 * record goes, and in *n how many fit there (at least one); NULL on an
 * error.  The caller writes up to *n records in place, then says how many
 * with wt_writer_added.  For a writer of records made one at a time (the
 * merge of events): put's call and checks for each cost more than its
 * copy. */
void *wt_writer_room(struct wt_writer *w, size_t *n);
void wt_writer_added(struct wt_writer *w, size_t n);
int wt_writer_kernel_end(struct wt_writer *w);
/* Write the trailer and close; frees w.  0, or -1 with err. */
int wt_writer_close(struct wt_writer *w, char *err, size_t errlen);
/* Discard the output (a file being written is removed); frees w. */
void wt_writer_abort(struct wt_writer *w);
const char *wt_writer_error(const struct wt_writer *w);
uint64_t wt_writer_records(const struct wt_writer *w);

/* ---- reading ---- */

enum wt_item_type {
	WT_ITEM_ERROR = -1,
	WT_ITEM_END = 0,	/* end of the whole input */
	WT_ITEM_KERNEL = 1,	/* a kernel begins: item.kernel */
	WT_ITEM_RECORDS = 2,	/* item.count records at item.recs */
	WT_ITEM_KERNEL_END = 3,	/* item.kernel ends */
};

struct wt_item {
	enum wt_item_type type;
	const struct wt_kernel *kernel;
	const void *recs;
	size_t count;
	uint64_t first;		/* index in the stream of recs[0] */
};

struct wt_reader;

/* Open and read the header; path "-" is stdin.  NULL with err. */
struct wt_reader *wt_reader_open(const char *path, char *err, size_t errlen);
const struct wt_header *wt_reader_header(const struct wt_reader *r);
const char *wt_reader_name(const struct wt_reader *r);
/*
 * Fail with a clear message unless the stream holds records of kind; the
 * hint says which program makes that kind ("run coalesce first").
 */
int wt_reader_expect(struct wt_reader *r, enum wt_kind kind, const char *hint);
/*
 * Whether wt_reader_next checks each record's fields (wt_record_check)
 * and fails at the first one outside its kind's values, naming it: on
 * unless turned off, as trace-dump does to show such records.
 */
void wt_reader_check_records(struct wt_reader *r, int on);
/* The SMs the stream's records run on: its header's "sms" (trace-order
 * sets it), the most of those of the segments read so far, or 0 where
 * one of them does not say. */
unsigned wt_reader_sms(const struct wt_reader *r);
/* Die (a data error) for record n, whose SM is at or past the stream's
 * count of them: a program would otherwise model that many SMs. */
__attribute__((noreturn))
void wt_reader_die_sm(const struct wt_reader *r, uint64_t n, unsigned sm);
/* Next item; pointers stay valid until the next call. */
int wt_reader_next(struct wt_reader *r, struct wt_item *it);
const char *wt_reader_error(const struct wt_reader *r);
uint64_t wt_reader_records(const struct wt_reader *r);
/* How far through its file r is (a wt_progress_where, r a wt_reader):
 * -1 when it reads a pipe. */
int wt_reader_position(const void *r, uint64_t *at, uint64_t *total);
void wt_reader_close(struct wt_reader *r);

/* Chunk types (warptrace-stream(5)). */
enum {
	WT_CHUNK_KERNEL = 1,
	WT_CHUNK_RECORDS = 2,
	WT_CHUNK_KERNEL_END = 3,
	WT_CHUNK_TRAILER = 4,
};

/* Limits a reader enforces against corrupt input. */
#define WT_MAX_META_BYTES (1u << 20)
#define WT_MAX_CHUNK_BYTES (64u << 20)

#endif
