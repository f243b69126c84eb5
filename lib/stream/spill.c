/*
 * spill.c - a queue of records on a temporary file; see spill.h.
 */
#include "spill.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Events a fill reads at a time to finish its last cycle; bytes of the
 * blocks records are written in. */
enum { PEEK = 256, WBLOCK = 1 << 20 };

void wt_spill_init_records(struct wt_spill *s, const char *prog, size_t rec)
{
	memset(s, 0, sizeof(*s));
	s->prog = prog;
	s->rec = rec;
	s->fd = -1;
}

void wt_spill_init(struct wt_spill *s, const char *prog)
{
	wt_spill_init_records(s, prog, sizeof(struct wt_event));
	s->by_time = 1;
}

void wt_spill_free(struct wt_spill *s)
{
	size_t rec = s->rec;
	int by_time = s->by_time;

	if (s->fd >= 0)
		close(s->fd);
	free(s->buf);
	free(s->wbuf);
	wt_spill_init_records(s, s->prog, rec);
	s->by_time = by_time;
}

WT_NORETURN static void fail(const char *what)
{
	wt_die(WT_EXIT_DATA, "the temporary file of the backlog (--spill): "
	       "%s: %s", what, errno ? strerror(errno) : "end of file");
}

/* Write n records from p at the file's end. */
static void write_out(struct wt_spill *s, const char *p, size_t n)
{
	size_t left = n * s->rec;
	off_t at = (off_t)(s->wr * s->rec);

	if (!n)
		return;
	if (s->fd < 0) {
		const char *dir;

		s->fd = wt_temp_fd(s->prog, &dir);
		if (s->fd < 0)
			wt_die(WT_EXIT_DATA, "%s: no temporary file for the "
			       "backlog: %s (set TMPDIR, or raise --spill)",
			       dir, strerror(errno));
	}
	while (left) {
		ssize_t w = pwrite(s->fd, p, left, at);

		if (w < 0 && errno == EINTR)
			continue;
		if (w == 0)
			errno = ENOSPC;
		if (w <= 0)
			fail("writing");
		p += w;
		left -= (size_t)w;
		at += w;
	}
	s->wr += n;
}

static void flush(struct wt_spill *s)
{
	write_out(s, s->wbuf, s->nw);
	s->nw = 0;
}

void wt_spill_push(struct wt_spill *s, const void *recs, size_t n)
{
	size_t block = WBLOCK / s->rec ? WBLOCK / s->rec : 1;

	if (!n)
		return;
	if (n >= block) {		/* a run of its own: straight out */
		flush(s);
		write_out(s, recs, n);
		return;
	}
	if (s->nw + n > block)
		flush(s);
	if (!s->wbuf)
		s->wbuf = wt_malloc(block * s->rec);
	memcpy(s->wbuf + s->nw * s->rec, recs, n * s->rec);
	s->nw += n;
}

uint64_t wt_spill_count(const struct wt_spill *s)
{
	return (s->n - s->first) + (s->wr - s->rd) + s->nw;
}

/* Read n records from the file's read point to record at of buf (n no
 * more than are on it); the read point stays. */
static void read_at(struct wt_spill *s, size_t at, size_t n)
{
	char *p = s->buf + at * s->rec;
	size_t left = n * s->rec;
	off_t from = (off_t)(s->rd * s->rec);

	while (left) {
		ssize_t r = pread(s->fd, p, left, from);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (!r)
				errno = 0;
			fail("reading");
		}
		p += r;
		left -= (size_t)r;
		from += r;
	}
}

static void reserve(struct wt_spill *s, size_t n)
{
	if (n <= s->cap)
		return;
	s->cap = n;
	s->buf = wt_realloc(s->buf, s->cap * s->rec);
}

void wt_spill_fill(struct wt_spill *s, size_t want)
{
	size_t have = s->n - s->first, k;

	flush(s);

	if (s->first) {
		if (have)
			memmove(s->buf, s->buf + s->first * s->rec, have * s->rec);
		s->first = 0;
		s->n = have;
	}
	if (have < want && wt_spill_on_file(s)) {
		k = want - have;
		if (k > s->wr - s->rd)
			k = (size_t)(s->wr - s->rd);
		reserve(s, have + k);
		read_at(s, have, k);
		s->n += k;
		s->rd += k;
	}
	/* The rest of the head's last cycle, which is at the file's start;
	 * a few at a time, as it is seldom more than a few events. */
	while (s->by_time && s->n && wt_spill_on_file(s)) {
		const struct wt_event *ev;
		uint64_t t;
		size_t got = PEEK, same = 0;

		if (got > s->wr - s->rd)
			got = (size_t)(s->wr - s->rd);
		reserve(s, s->n + PEEK);
		ev = wt_spill_events(s);
		t = ev[s->n - 1].time;
		read_at(s, s->n, got);
		while (same < got && ev[s->n + same].time == t)
			same++;
		s->n += same;
		s->rd += same;
		if (same < got)
			break;
	}
	if (s->fd >= 0 && !wt_spill_on_file(s) && s->wr) {
		/* all read: the file's blocks go back */
		if (ftruncate(s->fd, 0) < 0)
			fail("emptying");
		s->rd = s->wr = 0;
	}
}

void wt_spill_take(struct wt_spill *s, size_t n)
{
	s->first += n;
	if (s->first == s->n)
		s->first = s->n = 0;
}
