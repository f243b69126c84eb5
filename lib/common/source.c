/*
 * source.c - byte source with transparent zstd/gzip/xz decompression.
 *
 * The first bytes of the file decide: 28 b5 2f fd is a zstd frame, 1f 8b a
 * gzip member, fd 37 7a 58 5a 00 an xz stream, anything else is read as it
 * is.  Concatenated frames, members and streams are read one after the
 * other, as zstdcat, zcat and xzcat do.
 */
#include "source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#define IN_SIZE (1u << 20)
#define SNIFF 4096		/* bytes read to recognise the magic */
#define DIRECT_MIN (64u << 10)	/* plain reads this large bypass in[] */

struct wt_src {
	int fd;
	int own_fd;
	enum wt_compression comp;
	char *name;
	char err[512];
	unsigned char *in;
	size_t in_len, in_pos;
	int in_eof;
	ZSTD_DCtx *zd;
	size_t zret;		/* last ZSTD_decompressStream result */
	z_stream gz;
	int gz_live;		/* inside a gzip member */
	lzma_stream xz;
	int xz_live;		/* the xz decoder has begun and not ended */
	unsigned char *back;	/* bytes pushed back by wt_src_unread */
	size_t back_len, back_pos;
	int failed;
	int regular;		/* a regular file, of size bytes from its start */
	uint64_t size;
	uint64_t raw;		/* bytes read from fd */
};

void wt_grow_pipe(int fd)
{
#ifdef F_SETPIPE_SZ
	if (fcntl(fd, F_GETPIPE_SZ) > 0 && fcntl(fd, F_GETPIPE_SZ) < (1 << 20))
		(void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
	(void)fd;
#endif
}

static int fail(struct wt_src *s, const char *fmt, const char *detail)
{
	wt_snprintf(s->err, sizeof(s->err), fmt, detail);
	s->failed = 1;
	return -1;
}

/* Read up to n bytes into buf: their count, 0 at the end (in_eof set),
 * -1 on an error. */
static ssize_t read_some(struct wt_src *s, unsigned char *buf, size_t n)
{
	ssize_t r;

	do
		r = read(s->fd, buf, n);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return fail(s, "read error: %s", strerror(errno));
	if (r == 0)
		s->in_eof = 1;
	s->raw += (uint64_t)r;
	return r;
}

/* Read behind the bytes in in[] until it holds n of them, or the input
 * ends, asking for no more than in[] holding upto (n <= upto <= IN_SIZE):
 * 0, or -1 on an error. */
static int fill_to(struct wt_src *s, size_t n, size_t upto)
{
	while (s->in_len < n && !s->in_eof) {
		ssize_t r = read_some(s, s->in + s->in_len, upto - s->in_len);

		if (r < 0)
			return -1;
		s->in_len += (size_t)r;
	}
	return 0;
}

/* Refill the compressed-input buffer; returns bytes now available. */
static ssize_t fill(struct wt_src *s)
{
	ssize_t r;

	if (s->in_pos < s->in_len)
		return (ssize_t)(s->in_len - s->in_pos);
	s->in_pos = s->in_len = 0;
	if (s->in_eof)
		return 0;
	r = read_some(s, s->in, IN_SIZE);
	if (r > 0)
		s->in_len = (size_t)r;
	return r;
}

struct wt_src *wt_src_fdopen(int fd, const char *name, char *err, size_t errlen)
{
	struct wt_src *s = wt_calloc(1, sizeof(*s));
	struct stat st;
	off_t at;

	s->fd = fd;
	s->name = wt_strdup(name);
	s->in = wt_malloc(IN_SIZE);
	wt_grow_pipe(fd);
	/* A regular file's size tells how far through it a reader is
	 * (wt_src_position); stdin may be one, not read from its start. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (at = lseek(fd, 0, SEEK_CUR)) >= 0 && at <= st.st_size) {
		s->regular = 1;
		s->size = (uint64_t)(st.st_size - at);
	}
	/* Gather enough bytes to recognise the magic, and not many more: a
	 * plain file's would fill the whole of in[] with bytes that a line
	 * reader maps again (lines.c), at the cost of a copy into fresh
	 * pages (a fault each, dear on a virtual machine: util.c). */
	if (fill_to(s, 6, SNIFF) < 0) {
		wt_snprintf(err, errlen, "%s: %s", name, s->err);
		wt_src_close(s);
		return NULL;
	}
	if (s->in_len >= 4 && s->in[0] == 0x28 && s->in[1] == 0xb5 &&
	    s->in[2] == 0x2f && s->in[3] == 0xfd) {
		s->comp = WT_COMP_ZSTD;
		s->zd = ZSTD_createDCtx();
		if (!s->zd) {
			wt_snprintf(err, errlen, "%s: cannot create zstd context", name);
			wt_src_close(s);
			return NULL;
		}
		s->zret = 0;
	} else if (s->in_len >= 2 && s->in[0] == 0x1f && s->in[1] == 0x8b) {
		s->comp = WT_COMP_GZIP;
		if (inflateInit2(&s->gz, 16 + MAX_WBITS) != Z_OK) {
			wt_snprintf(err, errlen, "%s: cannot create zlib context", name);
			wt_src_close(s);
			return NULL;
		}
		s->gz_live = 1;
	} else if (s->in_len >= 6 && memcmp(s->in, "\xfd" "7zXZ\0", 6) == 0) {
		lzma_stream init = LZMA_STREAM_INIT;

		s->comp = WT_COMP_XZ;
		s->xz = init;
		/* LZMA_CONCATENATED reads streams one after the other, as
		 * xzcat does, and reports the end only after the last. */
		if (lzma_stream_decoder(&s->xz, UINT64_MAX, LZMA_CONCATENATED) !=
		    LZMA_OK) {
			wt_snprintf(err, errlen, "%s: cannot create xz decoder", name);
			wt_src_close(s);
			return NULL;
		}
		s->xz_live = 1;
	}
	return s;
}

struct wt_src *wt_src_open(const char *path, char *err, size_t errlen)
{
	int fd;
	struct wt_src *s;

	if (strcmp(path, "-") == 0)
		return wt_src_fdopen(STDIN_FILENO, "stdin", err, errlen);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		wt_snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	s = wt_src_fdopen(fd, path, err, errlen);
	if (s)
		s->own_fd = 1;
	else
		close(fd);
	return s;
}

static ssize_t read_plain(struct wt_src *s, unsigned char *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t avail;
		size_t take;

		/* A large read with nothing buffered goes straight to the
		 * caller's buffer: the bytes are copied once, not twice. */
		if (s->in_pos == s->in_len && n - got >= DIRECT_MIN) {
			avail = s->in_eof ? 0 : read_some(s, buf + got, n - got);
			if (avail <= 0)
				return avail < 0 ? -1 : (ssize_t)got;
			got += (size_t)avail;
			continue;
		}
		avail = fill(s);
		if (avail < 0)
			return -1;
		if (avail == 0)
			break;
		take = n - got < (size_t)avail ? n - got : (size_t)avail;
		memcpy(buf + got, s->in + s->in_pos, take);
		s->in_pos += take;
		got += take;
	}
	return (ssize_t)got;
}

static ssize_t read_zstd(struct wt_src *s, unsigned char *buf, size_t n)
{
	ZSTD_outBuffer out = { buf, n, 0 };

	while (out.pos < out.size) {
		ZSTD_inBuffer in;
		ssize_t avail = fill(s);

		if (avail < 0)
			return -1;
		if (avail == 0) {
			if (s->zret != 0)
				return fail(s, "%s", "truncated zstd data (unexpected end of file)");
			break;
		}
		in.src = s->in;
		in.size = s->in_len;
		in.pos = s->in_pos;
		s->zret = ZSTD_decompressStream(s->zd, &out, &in);
		s->in_pos = in.pos;
		if (ZSTD_isError(s->zret))
			return fail(s, "corrupt zstd data: %s", ZSTD_getErrorName(s->zret));
	}
	return (ssize_t)out.pos;
}

static ssize_t read_gzip(struct wt_src *s, unsigned char *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t avail = fill(s);
		int zr;

		if (avail < 0)
			return -1;
		if (avail == 0) {
			if (s->gz_live)
				return fail(s, "%s", "truncated gzip data (unexpected end of file)");
			break;
		}
		if (!s->gz_live) {	/* another member follows */
			if (inflateReset(&s->gz) != Z_OK)
				return fail(s, "%s", "cannot reset zlib context");
			s->gz_live = 1;
		}
		s->gz.next_in = s->in + s->in_pos;
		s->gz.avail_in = (uInt)(s->in_len - s->in_pos);
		s->gz.next_out = buf + got;
		s->gz.avail_out = (uInt)(n - got > (1u << 30) ? (1u << 30) : n - got);
		{
			uInt before = s->gz.avail_out;
			zr = inflate(&s->gz, Z_NO_FLUSH);
			got += before - s->gz.avail_out;
		}
		s->in_pos = s->in_len - s->gz.avail_in;
		if (zr == Z_STREAM_END)
			s->gz_live = 0;
		else if (zr != Z_OK && zr != Z_BUF_ERROR)
			return fail(s, "corrupt gzip data: %s",
				    s->gz.msg ? s->gz.msg : "inflate failed");
	}
	return (ssize_t)got;
}

static ssize_t read_xz(struct wt_src *s, unsigned char *buf, size_t n)
{
	s->xz.next_out = buf;
	s->xz.avail_out = n;
	while (s->xz.avail_out > 0 && s->xz_live) {
		ssize_t avail = fill(s);
		lzma_ret xr;

		if (avail < 0)
			return -1;
		s->xz.next_in = s->in + s->in_pos;
		s->xz.avail_in = s->in_len - s->in_pos;
		/* LZMA_FINISH once the file is over, so that the decoder
		 * tells a stream cut short from one that ended. */
		xr = lzma_code(&s->xz, avail == 0 ? LZMA_FINISH : LZMA_RUN);
		s->in_pos = s->in_len - s->xz.avail_in;
		if (xr == LZMA_STREAM_END) {
			s->xz_live = 0;
		} else if (xr == LZMA_BUF_ERROR && avail == 0) {
			return fail(s, "%s", "truncated xz data (unexpected end of file)");
		} else if (xr != LZMA_OK) {
			return fail(s, "corrupt xz data: %s",
				    xr == LZMA_DATA_ERROR ? "compressed data is corrupt" :
				    xr == LZMA_FORMAT_ERROR ? "not in the xz format" :
				    xr == LZMA_OPTIONS_ERROR ? "unsupported options" :
				    xr == LZMA_MEM_ERROR ? "out of memory" :
				    "decoder error");
		}
	}
	return (ssize_t)(n - s->xz.avail_out);
}

void wt_src_unread(struct wt_src *s, const void *buf, size_t n)
{
	unsigned char *b = wt_malloc(n + (s->back_len - s->back_pos) + 1);

	/* Keep any bytes of an earlier push-back that were not read yet
	 * behind the new ones. */
	if (n)
		memcpy(b, buf, n);
	if (s->back_len > s->back_pos)
		memcpy(b + n, s->back + s->back_pos, s->back_len - s->back_pos);
	n += s->back_len - s->back_pos;
	free(s->back);
	s->back = b;
	s->back_len = n;
	s->back_pos = 0;
}

static ssize_t read_decoded(struct wt_src *s, void *buf, size_t n)
{
	switch (s->comp) {
	case WT_COMP_ZSTD:
		return read_zstd(s, buf, n);
	case WT_COMP_GZIP:
		return read_gzip(s, buf, n);
	case WT_COMP_XZ:
		return read_xz(s, buf, n);
	default:
		return read_plain(s, buf, n);
	}
}

ssize_t wt_src_read(struct wt_src *s, void *buf, size_t n)
{
	size_t got = 0;
	ssize_t r;

	if (s->failed)
		return -1;
	if (s->back_pos < s->back_len) {
		got = s->back_len - s->back_pos < n ? s->back_len - s->back_pos : n;
		memcpy(buf, s->back + s->back_pos, got);
		s->back_pos += got;
		if (got == n)
			return (ssize_t)got;
	}
	r = read_decoded(s, (unsigned char *)buf + got, n - got);
	if (r < 0)
		return -1;
	return (ssize_t)got + r;
}

const void *wt_src_take(struct wt_src *s, void *buf, size_t n, ssize_t *got)
{
	unsigned char *p;
	size_t have;

	if (s->failed || s->comp != WT_COMP_NONE || s->back_pos < s->back_len ||
	    n > IN_SIZE) {
		*got = wt_src_read(s, buf, n);
		return buf;
	}
	have = s->in_len - s->in_pos;
	p = s->in + s->in_pos;
	/* Too few bytes buffered, or at an odd place: move them to the
	 * front (in[] is malloc'd, so aligned) and read behind them. */
	if (have < n || (uintptr_t)p % 8) {
		memmove(s->in, p, have);
		s->in_pos = 0;
		s->in_len = have;
		if (fill_to(s, n, IN_SIZE) < 0) {
			*got = -1;
			return buf;
		}
		p = s->in;
		have = s->in_len;
	}
	if (have > n)
		have = n;
	s->in_pos += have;
	*got = (ssize_t)have;
	return p;
}

int wt_src_plain_file(struct wt_src *s, off_t *off, off_t *size)
{
	struct stat st;
	off_t at;

	if (s->failed || s->comp != WT_COMP_NONE || s->back_pos < s->back_len ||
	    fstat(s->fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (at = lseek(s->fd, 0, SEEK_CUR)) < 0)
		return -1;
	/* in[] holds the bytes read but not taken, which come before at. */
	*off = at - (off_t)(s->in_len - s->in_pos);
	*size = st.st_size;
	return s->fd;
}

int wt_src_position(const struct wt_src *s, uint64_t *at, uint64_t *total)
{
	if (!s->regular)
		return -1;
	/* The bytes read but still in in[] are not yet taken. */
	*at = s->raw - (uint64_t)(s->in_len - s->in_pos);
	*total = s->size;
	return 0;
}

const char *wt_src_name(const struct wt_src *s)
{
	return s->name;
}

const char *wt_src_error(const struct wt_src *s)
{
	return s->err;
}

enum wt_compression wt_src_compression(const struct wt_src *s)
{
	return s->comp;
}

void wt_src_close(struct wt_src *s)
{
	if (!s)
		return;
	if (s->zd)
		ZSTD_freeDCtx(s->zd);
	if (s->comp == WT_COMP_GZIP)
		inflateEnd(&s->gz);
	if (s->comp == WT_COMP_XZ)
		lzma_end(&s->xz);
	free(s->back);
	if (s->own_fd)
		close(s->fd);
	free(s->in);
	free(s->name);
	free(s);
}
