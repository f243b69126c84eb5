/*
 * lines.c - a line reader over a byte source.
 *
 * The input is read in large blocks and split into lines in place, so
 * memory stays bounded by the block size and the longest line allowed,
 * however long the input.
 */
#include "lines.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK (4u << 20)

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
};

static struct wt_lines *new_lines(const char *name, size_t max_line)
{
	struct wt_lines *l = wt_calloc(1, sizeof(*l));

	l->name = wt_strdup(name);
	l->max_line = max_line;
	l->hint = "";
	return l;
}

struct wt_lines *wt_lines_open(struct wt_src *src, size_t max_line)
{
	struct wt_lines *l = new_lines(wt_src_name(src), max_line);

	l->src = src;
	/* Room for a whole block after the longest unfinished line. */
	l->cap = BLOCK + max_line;
	l->buf = wt_malloc(l->cap + 1);
	return l;
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

char *wt_lines_next(struct wt_lines *l)
{
	if (l->err[0])
		return NULL;
	for (;;) {
		char *start = l->buf + l->pos;
		size_t avail = l->len - l->pos;
		char *nl = memchr(start, '\n', avail);
		ssize_t got;

		if (nl || (l->eof && avail > 0)) {
			size_t n = nl ? (size_t)(nl - start) : avail;

			l->pos += nl ? n + 1 : n;
			l->line++;
			if (n > l->max_line)
				return too_long(l);
			if (n > 0 && start[n - 1] == '\r')
				n--;
			start[n] = '\0';
			if (memchr(start, '\0', n)) {
				wt_snprintf(l->err, sizeof(l->err), "%s:%llu: NUL byte "
					    "in line (is this a binary file?)", l->name,
					    (unsigned long long)l->line);
				return NULL;
			}
			return start;
		}
		if (l->eof)
			return NULL;
		if (avail > l->max_line) {
			l->line++;
			return too_long(l);
		}
		memmove(l->buf, start, avail);
		l->len = avail;
		l->pos = 0;
		got = wt_src_read(l->src, l->buf + l->len, l->cap - l->len);
		if (got < 0) {
			wt_snprintf(l->err, sizeof(l->err), "%s: %s", l->name,
				    wt_src_error(l->src));
			return NULL;
		}
		if (got == 0)
			l->eof = 1;
		l->len += (size_t)got;
	}
}

const char *wt_lines_peek(struct wt_lines *l, size_t *len)
{
	if (l->err[0]) {
		*len = 0;
		return "";
	}
	/* The buffer has a byte to spare after its capacity. */
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
	wt_src_close(l->src);
	free(l->buf);
	free(l->name);
	free(l);
}
