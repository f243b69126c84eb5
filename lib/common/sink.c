/*
 * sink.c - buffered, optionally zstd-compressed output with atomic rename.
 */
#include "sink.h"
#include "fatal.h"
#include "source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include <zstd.h>

#define OUT_SIZE (256u << 10)
#define MAX_OPEN 16

struct wt_sink {
	int fd;
	int own_fd;		/* fd is ours to close (not stdout) */
	char *name;		/* final name, or "stdout" */
	char *tmp;		/* temporary name while writing a file */
	char err[512];
	ZSTD_CCtx *zc;
	unsigned char *out;
	size_t out_len;
	int failed;
};

/* Temporary files to remove if the program dies or is interrupted. */
static char *temp_names[MAX_OPEN];
static int handlers_installed;

/* Safe in a signal handler (fatal.h): unlink only. */
static void remove_temps(void)
{
	for (int i = 0; i < MAX_OPEN; i++)
		if (temp_names[i])
			unlink(temp_names[i]);
}

static void track_temp(char *name, int add)
{
	for (int i = 0; i < MAX_OPEN; i++) {
		if (add && !temp_names[i]) {
			temp_names[i] = name;
			return;
		}
		if (!add && temp_names[i] == name) {
			temp_names[i] = NULL;
			return;
		}
	}
}

static void install_handlers(void)
{
	if (handlers_installed)
		return;
	handlers_installed = 1;
	wt_atdie(remove_temps);
	wt_fatal_cleanup(remove_temps);
}

/*
 * The buffered bytes and then n bytes of buf, in one system call where the
 * file takes them all: a large write (a writer's block of records) is not
 * copied into the buffer first, and the small chunk head buffered before it
 * does not go out in a write of its own.
 */
static int write_out_and(struct wt_sink *s, const void *buf, size_t n)
{
	struct iovec iov[2] = {
		{ s->out, s->out_len },
		{ (void *)buf, n },
	};
	int i = 0;

	s->out_len = 0;
	while (i < 2) {
		ssize_t w;

		if (iov[i].iov_len == 0) {
			i++;
			continue;
		}
		w = writev(s->fd, iov + i, 2 - i);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			wt_snprintf(s->err, sizeof(s->err), "%s: write error: %s",
				    s->name, strerror(errno));
			s->failed = 1;
			return -1;
		}
		for (; i < 2 && (size_t)w >= iov[i].iov_len; i++)
			w -= (ssize_t)iov[i].iov_len;
		if (i < 2) {
			iov[i].iov_base = (char *)iov[i].iov_base + w;
			iov[i].iov_len -= (size_t)w;
		}
	}
	return 0;
}

static int flush_out(struct wt_sink *s)
{
	return write_out_and(s, NULL, 0);
}

struct wt_sink *wt_sink_open(const char *path, int level, int binary,
			     char *err, size_t errlen)
{
	struct wt_sink *s;
	struct stat st;

	if (binary && strcmp(path, "-") == 0 && isatty(STDOUT_FILENO)) {
		wt_snprintf(err, errlen, "refusing to write a binary stream to a "
			    "terminal; redirect it with -o FILE or pipe it "
			    "(e.g. into trace-dump)");
		return NULL;
	}
	s = wt_calloc(1, sizeof(*s));
	s->out = wt_malloc(OUT_SIZE);
	if (strcmp(path, "-") == 0) {
		s->fd = STDOUT_FILENO;
		s->name = wt_strdup("stdout");
		wt_grow_pipe(s->fd);
	} else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* A device or FIFO (/dev/null, a named pipe): write to it as it
		 * is; renaming a file over it would replace it. */
		s->name = wt_strdup(path);
		s->fd = open(path, O_WRONLY | O_CLOEXEC);
		if (s->fd < 0) {
			wt_snprintf(err, errlen, "%s: %s", path, strerror(errno));
			wt_sink_abort(s);
			return NULL;
		}
		s->own_fd = 1;
		wt_grow_pipe(s->fd);
	} else {
		size_t n = strlen(path) + 16;

		install_handlers();
		s->name = wt_strdup(path);
		s->tmp = wt_malloc(n);
		snprintf(s->tmp, n, "%s.tmp.XXXXXX", path);
		s->fd = mkostemp(s->tmp, O_CLOEXEC);
		if (s->fd < 0) {
			wt_snprintf(err, errlen, "%s: cannot create: %s", path,
				    strerror(errno));
			free(s->tmp);
			s->tmp = NULL;
			wt_sink_abort(s);
			return NULL;
		}
		s->own_fd = 1;
		track_temp(s->tmp, 1);
		{	/* mkostemp makes 0600; give the usual 0666 & ~umask */
			mode_t mask = umask(0);

			umask(mask);
			(void)fchmod(s->fd, 0666 & ~mask);
		}
	}
	if (level != 0) {
		s->zc = ZSTD_createCCtx();
		if (!s->zc || ZSTD_isError(ZSTD_CCtx_setParameter(s->zc,
				ZSTD_c_compressionLevel, level))) {
			wt_snprintf(err, errlen, "cannot set up zstd level %d", level);
			wt_sink_abort(s);
			return NULL;
		}
		/* Compress in a worker thread, beside the producer.  The output
		 * does not depend on the number of workers once there is one. */
		(void)ZSTD_CCtx_setParameter(s->zc, ZSTD_c_nbWorkers, 1);
	}
	return s;
}

static int compress(struct wt_sink *s, const void *buf, size_t n,
		    ZSTD_EndDirective mode)
{
	ZSTD_inBuffer in = { buf, n, 0 };
	size_t left;

	do {
		ZSTD_outBuffer out = { s->out, OUT_SIZE, s->out_len };

		left = ZSTD_compressStream2(s->zc, &out, &in, mode);
		if (ZSTD_isError(left)) {
			wt_snprintf(s->err, sizeof(s->err), "%s: zstd: %s",
				    s->name, ZSTD_getErrorName(left));
			s->failed = 1;
			return -1;
		}
		s->out_len = out.pos;
		if (s->out_len == OUT_SIZE && flush_out(s) < 0)
			return -1;
	} while (mode == ZSTD_e_end ? left != 0 : in.pos < in.size);
	return 0;
}

int wt_sink_write(struct wt_sink *s, const void *buf, size_t n)
{
	if (s->failed)
		return -1;
	if (s->zc)
		return compress(s, buf, n, ZSTD_e_continue);
	if (n >= OUT_SIZE / 4)
		return write_out_and(s, buf, n);
	if (s->out_len + n > OUT_SIZE && flush_out(s) < 0)
		return -1;
	memcpy(s->out + s->out_len, buf, n);
	s->out_len += n;
	return 0;
}

int wt_sink_close(struct wt_sink *s, char *err, size_t errlen)
{
	int r = s->failed ? -1 : 0;

	if (r == 0 && s->zc)
		r = compress(s, NULL, 0, ZSTD_e_end);
	if (r == 0 && s->out_len)
		r = flush_out(s);
	if (s->own_fd) {
		int fd = s->fd;

		s->fd = -1;
		s->own_fd = 0;
		if (close(fd) < 0 && r == 0) {
			wt_snprintf(s->err, sizeof(s->err), "%s: close: %s",
				    s->name, strerror(errno));
			r = -1;
		}
	}
	if (s->tmp) {
		if (r == 0 && rename(s->tmp, s->name) < 0) {
			wt_snprintf(s->err, sizeof(s->err), "%s: rename: %s",
				    s->name, strerror(errno));
			r = -1;
		}
		if (r == 0) {	/* the temporary name is gone: forget it */
			track_temp(s->tmp, 0);
			free(s->tmp);
			s->tmp = NULL;
		}
	}
	if (r < 0)
		wt_snprintf(err, errlen, "%s", s->err);
	wt_sink_abort(s);
	return r;
}

void wt_sink_abort(struct wt_sink *s)
{
	if (!s)
		return;
	if (s->own_fd)
		close(s->fd);
	if (s->tmp) {
		unlink(s->tmp);
		track_temp(s->tmp, 0);
		free(s->tmp);
	}
	ZSTD_freeCCtx(s->zc);
	free(s->out);
	free(s->name);
	free(s);
}

const char *wt_sink_error(const struct wt_sink *s)
{
	return s->err;
}

const char *wt_sink_name(const struct wt_sink *s)
{
	return s->name;
}

int wt_sink_put(const char *path, const void *buf, size_t n, char *err,
		size_t errlen)
{
	struct wt_sink *s = wt_sink_open(path, 0, 0, err, errlen);

	if (!s)
		return -1;
	if (wt_sink_write(s, buf, n) < 0) {
		snprintf(err, errlen, "%s", wt_sink_error(s));
		wt_sink_abort(s);
		return -1;
	}
	return wt_sink_close(s, err, errlen);
}
