/*
 * sink.h - a byte sink to a file or stdout, zstd-compressed or raw.
 *
 * A file is written under a temporary name beside it and renamed into
 * place only when wt_sink_close succeeds, so a failed or interrupted run
 * never leaves a half-written file under the final name.  An existing
 * target that is not a regular file (/dev/null, a FIFO) is written to
 * directly.
 */
#ifndef WT_SINK_H
#define WT_SINK_H

#include <stddef.h>

struct wt_sink;

/*
 * Open path ("-" is stdout).  level 0 writes raw bytes; other values are
 * zstd levels (negative ones included).  A binary sink refuses to write to
 * a terminal.  NULL on failure, with the reason in err.
 */
struct wt_sink *wt_sink_open(const char *path, int level, int binary,
			     char *err, size_t errlen);
int wt_sink_write(struct wt_sink *s, const void *buf, size_t n);
/* Flush, finish the frame, close, rename and free.  0, or -1 with the
 * reason in err (the partial file is then removed). */
int wt_sink_close(struct wt_sink *s, char *err, size_t errlen);
/* Drop everything written, remove the temporary file, free. */
void wt_sink_abort(struct wt_sink *s);
const char *wt_sink_error(const struct wt_sink *s);
/* Write buf whole to path ("-" is stdout) as raw bytes, the same way:
 * 0, or -1 with the reason in err and no file left behind. */
int wt_sink_put(const char *path, const void *buf, size_t n, char *err,
		size_t errlen);
const char *wt_sink_name(const struct wt_sink *s);

#endif
