/*
 * source.h - a byte source over a file or stdin that undoes zstd, gzip or
 * xz compression transparently (detected by magic bytes, not by file name).
 */
#ifndef WT_SOURCE_H
#define WT_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum wt_compression { WT_COMP_NONE, WT_COMP_ZSTD, WT_COMP_GZIP, WT_COMP_XZ };

struct wt_src;

/* Open path ("-" is stdin).  NULL on failure, with the reason in err. */
struct wt_src *wt_src_open(const char *path, char *err, size_t errlen);
struct wt_src *wt_src_fdopen(int fd, const char *name, char *err, size_t errlen);

/*
 * Read up to n bytes into buf, fewer only at the end of the data.
 * Returns the count (0 at the end) or -1 on error (see wt_src_error).
 * A compressed frame cut short is an error, not an end.
 */
ssize_t wt_src_read(struct wt_src *s, void *buf, size_t n);

/*
 * Take the next n bytes without copying them where it can: from a plain
 * (uncompressed) source with n no more than its 1 MiB buffer, a pointer
 * into that buffer, valid until the next call on s; otherwise the bytes
 * are read into buf, which is returned.  The pointer is aligned to 8
 * bytes when buf is.  *got is the count (fewer than n only at the end),
 * or -1 on an error.
 */
const void *wt_src_take(struct wt_src *s, void *buf, size_t n, ssize_t *got);

/*
 * Push n bytes back in front of the data still to be read, so that a
 * caller may look at the start of an input (to tell its format) and
 * then hand the source on whole.  At most one push-back at a time.
 */
void wt_src_unread(struct wt_src *s, const void *buf, size_t n);

/*
 * For a reader that maps the file rather than reading it: the descriptor
 * of a plain (uncompressed) regular file, with *off the offset in the file
 * of the next byte not yet taken from s and *size the file's size; -1 for
 * any other source (compressed, a pipe, bytes pushed back).  Once a reader
 * maps the file it takes nothing more from s.
 */
int wt_src_plain_file(struct wt_src *s, off_t *off, off_t *size);

/*
 * How far through a regular file s is: 0 with *at the bytes of the file
 * taken so far (compressed bytes, for a compressed file) and *total its
 * size; -1 for a pipe or anything else with no size.  No system call.
 */
int wt_src_position(const struct wt_src *s, uint64_t *at, uint64_t *total);

const char *wt_src_name(const struct wt_src *s);
const char *wt_src_error(const struct wt_src *s);
enum wt_compression wt_src_compression(const struct wt_src *s);
void wt_src_close(struct wt_src *s);

/* Raise a pipe's buffer to 1 MiB where the kernel allows it. */
void wt_grow_pipe(int fd);

#endif
