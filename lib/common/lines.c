/*
 * lines.c - a line reader over a byte source.
 *
 * A plain regular file is mapped, a window of it at a time, so that its
 * bytes are parsed where the kernel keeps them instead of being copied
 * into a buffer first (the kernel's copy was 13 % of trace-gen's time in
 * perf; mapping took 4 to 16 % off its CPU time on 100 M-line dumps).  Any
 * other input (a pipe, compressed data) is read in large blocks and split
 * into lines in place.  Either way memory stays bounded by the window or
 * block and the longest line allowed, however long the input.
 *
 * A window is followed by a page of zeros (and the last one's bytes by
 * the zeros after the file's end in its page), so the NUL that
 * wt_lines_peek promises is there without writing into the file; lines that
 * wt_lines_next returns from a window are copied out to be NUL-terminated
 * for the same reason.  The next window starts at the page holding the
 * first byte not yet taken, so a line that runs past one window's end is
 * whole in the next.  The file is read as it was when it was opened: if
 * it shrinks meanwhile, the program stops with a message (fatal.h).
 */
#include "lines.h"
#include "fatal.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define BLOCK (4u << 20)
#define WINDOW (4u << 20)

struct wt_lines {
	struct wt_src *src;	/* NULL for memory */
	char *name;
	char *buf;
	size_t cap, len, pos;	/* buffer size, bytes in it, parse position */
	size_t max_line;
	const char *hint;	/* after the too-long error, or "" */
	int eof;
	uint64_t line;
	char err[512];
	/* A mapped file (fd >= 0): buf is a window of len bytes at offset
	 * map_at, mapped with map_len bytes in all (the zero page too). */
	int fd;
	off_t map_at, size;
	size_t window, map_len, page;
	char *copy;		/* the line returned, max_line + 1 bytes */
};

static struct wt_lines *new_lines(const char *name, size_t max_line)
{
	struct wt_lines *l = wt_calloc(1, sizeof(*l));

	l->name = wt_strdup(name);
	l->max_line = max_line;
	l->hint = "";
	l->fd = -1;
	return l;
}

/* Bytes rounded up to whole pages, and an offset down to its page. */
static size_t page_ceil(const struct wt_lines *l, size_t n)
{
	return (n + l->page - 1) / l->page * l->page;
}

static off_t page_floor(const struct wt_lines *l, off_t at)
{
	return at / (off_t)l->page * (off_t)l->page;
}

static void unmap(struct wt_lines *l)
{
	if (!l->map_len)
		return;
	wt_fatal_mapping(l->buf, 0, NULL);
	munmap(l->buf, l->map_len);
	l->map_len = 0;
}

/*
 * Map the window of the file that starts at offset at (a multiple of the
 * page size), in place of the one before: 0, or -1 when it cannot be
 * mapped (the window before stays).  The zero page is reserved first and
 * the file's pages mapped over the front of it.
 */
static int map_window(struct wt_lines *l, off_t at)
{
	size_t n = (size_t)(l->size - at) < l->window ?
		   (size_t)(l->size - at) : l->window;
	size_t span = page_ceil(l, n);
	char *base = mmap(NULL, span + l->page, PROT_READ,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (base == MAP_FAILED)
		return -1;
	/* Read-only: MAP_POPULATE would copy each page of a writable
	 * private mapping.  The bytes after the file's end in its last page
	 * read as zeros, unless the file grew meanwhile: the NUL is written
	 * into a private copy of that page to be sure. */
	if (mmap(base, span, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE,
		 l->fd, at) == MAP_FAILED ||
	    (n < span && mprotect(base + span - l->page, l->page,
				  PROT_READ | PROT_WRITE) < 0)) {
		munmap(base, span + l->page);
		return -1;
	}
	if (n < span)
		base[n] = '\0';
	unmap(l);
	l->buf = base;
	l->len = n;
	l->map_at = at;
	l->map_len = span + l->page;
	l->eof = at + (off_t)n == l->size;
	wt_fatal_mapping(base, span, l->name);
	/* Start reading the next window from disk while this one is
	 * parsed. */
	if (!l->eof)
		(void)posix_fadvise(l->fd, at + (off_t)n, (off_t)l->window,
				    POSIX_FADV_WILLNEED);
	return 0;
}

/* Map src's file from its next byte on, windows of about window bytes:
 * 0, or -1 when src is no plain file or the mapping fails. */
static int map_file(struct wt_lines *l, size_t window)
{
	off_t off, at;
	long page = sysconf(_SC_PAGESIZE);

	l->fd = wt_src_plain_file(l->src, &off, &l->size);
	if (l->fd < 0 || page <= 0 || off >= l->size) {
		l->fd = -1;
		return -1;
	}
	l->page = (size_t)page;
	/* Room for the longest line after the start of a window's page. */
	if (window < l->max_line + 2 * l->page)
		window = l->max_line + 2 * l->page;
	l->window = page_ceil(l, window);
	at = page_floor(l, off);
	if (map_window(l, at) < 0) {
		l->fd = -1;
		return -1;
	}
	l->pos = (size_t)(off - at);
	l->copy = wt_malloc(l->max_line + 1);
	return 0;
}

struct wt_lines *wt_lines_open_window(struct wt_src *src, size_t max_line,
				      size_t window)
{
	struct wt_lines *l = new_lines(wt_src_name(src), max_line);

	l->src = src;
	if (map_file(l, window) == 0)
		return l;
	/* Room for a whole block after the longest unfinished line. */
	l->cap = BLOCK + max_line;
	l->buf = wt_malloc(l->cap + 1);
	return l;
}

struct wt_lines *wt_lines_open(struct wt_src *src, size_t max_line)
{
	return wt_lines_open_window(src, max_line, WINDOW);
}

struct wt_lines *wt_lines_open_mem(const char *name, const char *buf, size_t len,
				   size_t max_line)
{
	struct wt_lines *l = new_lines(name, max_line);

	l->buf = wt_malloc(len + 1);
	memcpy(l->buf, buf, len);
	l->cap = l->len = len;
	l->eof = 1;
	return l;
}

static char *too_long(struct wt_lines *l)
{
	wt_snprintf(l->err, sizeof(l->err), "%s:%llu: line longer than %zu bytes%s",
		    l->name, (unsigned long long)l->line, l->max_line, l->hint);
	return NULL;
}

void wt_lines_hint(struct wt_lines *l, const char *hint)
{
	l->hint = hint;
}

/* The bytes not yet taken run past the end of the buffer: read more
 * behind them, or map the window that starts with them.  0, or -1 on an
 * error (in l->err). */
static int refill(struct wt_lines *l)
{
	size_t avail = l->len - l->pos;
	ssize_t got;

	if (l->fd >= 0) {
		off_t next = l->map_at + (off_t)l->pos;
		off_t at = page_floor(l, next);

		if (map_window(l, at) < 0) {
			wt_snprintf(l->err, sizeof(l->err), "%s: cannot map "
				    "the file at byte %lld: %s", l->name,
				    (long long)at, strerror(errno));
			return -1;
		}
		l->pos = (size_t)(next - at);
		return 0;
	}
	memmove(l->buf, l->buf + l->pos, avail);
	l->len = avail;
	l->pos = 0;
	got = wt_src_read(l->src, l->buf + l->len, l->cap - l->len);
	if (got < 0) {
		wt_snprintf(l->err, sizeof(l->err), "%s: %s", l->name,
			    wt_src_error(l->src));
		return -1;
	}
	if (got == 0)
		l->eof = 1;
	l->len += (size_t)got;
	return 0;
}

char *wt_lines_next(struct wt_lines *l)
{
	if (l->err[0])
		return NULL;
	for (;;) {
		char *start = l->buf + l->pos;
		size_t avail = l->len - l->pos;
		char *nl = memchr(start, '\n', avail);

		if (nl || (l->eof && avail > 0)) {
			size_t n = nl ? (size_t)(nl - start) : avail;

			l->pos += nl ? n + 1 : n;
			l->line++;
			if (n > l->max_line)
				return too_long(l);
			if (n > 0 && start[n - 1] == '\r')
				n--;
			if (memchr(start, '\0', n)) {
				wt_snprintf(l->err, sizeof(l->err), "%s:%llu: NUL byte "
					    "in line (is this a binary file?)", l->name,
					    (unsigned long long)l->line);
				return NULL;
			}
			/* A window's pages are the file's: the line is
			 * terminated in a copy. */
			if (l->fd >= 0)
				start = memcpy(l->copy, start, n);
			start[n] = '\0';
			return start;
		}
		if (l->eof)
			return NULL;
		if (avail > l->max_line) {
			l->line++;
			return too_long(l);
		}
		if (refill(l) < 0)
			return NULL;
	}
}

const char *wt_lines_peek(struct wt_lines *l, size_t *len)
{
	if (l->err[0]) {
		*len = 0;
		return "";
	}
	/* The buffer has a byte to spare after its capacity; a window has
	 * its zero page. */
	if (l->fd < 0)
		l->buf[l->len] = '\0';
	*len = l->len - l->pos;
	return l->buf + l->pos;
}

void wt_lines_skip(struct wt_lines *l, size_t n, uint64_t nlines)
{
	l->pos += n;
	l->line += nlines;
}

uint64_t wt_lines_number(const struct wt_lines *l)
{
	return l->line;
}

int wt_lines_position(const struct wt_lines *l, uint64_t *at, uint64_t *total)
{
	if (!l->src || wt_src_position(l->src, at, total) < 0)
		return -1;
	/* A mapped file is taken from the window, not from the source; the
	 * file's size less total is where the source began in it. */
	if (l->fd >= 0)
		*at = (uint64_t)(l->map_at + (off_t)l->pos) -
		      ((uint64_t)l->size - *total);
	return 0;
}

const char *wt_lines_name(const struct wt_lines *l)
{
	return l->name;
}

const char *wt_lines_error(const struct wt_lines *l)
{
	return l->err;
}

void wt_lines_close(struct wt_lines *l)
{
	if (!l)
		return;
	if (l->fd >= 0)
		unmap(l);
	else
		free(l->buf);
	wt_src_close(l->src);
	free(l->copy);
	free(l->name);
	free(l);
}
