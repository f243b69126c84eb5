/*
 * lines.h - text lines from a byte source (a file, stdin or memory), one
 * at a time, numbered from 1, with the checks every text parser of
 * warptrace makes: no NUL bytes, a bounded length, CRLF accepted.  A plain
 * regular file is mapped a window at a time rather than read (lines.c).
 */
#ifndef WT_LINES_H
#define WT_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "source.h"

struct wt_lines;

/* Read from src, which the line reader then owns; name is used in errors. */
struct wt_lines *wt_lines_open(struct wt_src *src, size_t max_line);
/* The same, mapping a plain file in windows of about window bytes rather
 * than wt_lines_open's 4 MiB (for tests, which cross windows often). */
struct wt_lines *wt_lines_open_window(struct wt_src *src, size_t max_line,
				      size_t window);
struct wt_lines *wt_lines_open_mem(const char *name, const char *buf, size_t len,
				   size_t max_line);
/*
 * The next line, NUL-terminated, without its newline or a CR before it;
 * it stays valid until the next call.  NULL at the end of the input, or
 * on an error (then wt_lines_error is not empty).
 */
char *wt_lines_next(struct wt_lines *l);
/*
 * For a parser that takes its common lines straight from the buffer: the
 * bytes read but not yet returned, *len of them from the start of the
 * next line.  A NUL byte that is no part of the input follows them, where
 * a scan may stop; the last line in them may be cut short.  Valid until
 * the next call of wt_lines_next; "" after an error.
 */
const char *wt_lines_peek(struct wt_lines *l, size_t *len);
/*
 * Count n bytes from wt_lines_peek, nlines whole lines, as read.  The
 * caller has made the checks of wt_lines_next: no NUL byte, no line
 * longer than max_line.
 */
void wt_lines_skip(struct wt_lines *l, size_t n, uint64_t nlines);
/* Words added to the "line longer than N bytes" error, such as
 * " (is this a dump?)"; hint must outlive l. */
void wt_lines_hint(struct wt_lines *l, const char *hint);
/* Number of the line returned last (0 before the first). */
uint64_t wt_lines_number(const struct wt_lines *l);
/* How far through its file l is, as wt_src_position says. */
int wt_lines_position(const struct wt_lines *l, uint64_t *at, uint64_t *total);
const char *wt_lines_name(const struct wt_lines *l);
/* "name:line: what" or "name: read problem"; "" while all is well. */
const char *wt_lines_error(const struct wt_lines *l);
void wt_lines_close(struct wt_lines *l);

#endif
