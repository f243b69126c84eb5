/*
 * test-lines.c - the line reader over its three kinds of input: a plain
 * file (mapped a window at a time), a pipe (read in blocks) and memory.
 * Random texts of lines up to the longest allowed, some with CRLF and the
 * last without a newline, come back the same from each, with windows of a
 * few pages so that lines run across their ends; so do files of whole
 * pages and whole windows, the fast path's peek and skip, the errors (a
 * line too long, a NUL byte) at the same line from each, and a file whose
 * first bytes the source has already taken.  A file that shrinks while
 * mapped ends the program with one line on stderr and exit 1.
 */
#include "lines.h"
#include "source.h"
#include "util.h"
#include "tap.h"
#include "rnd.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_LINE = 300, SMALL_WINDOW = 1 };

static char path[64];

static void write_file(const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "%s: cannot write", path);
}

/* A text of about len bytes of lines of 0 to max bytes (digits and
 * spaces), one in eight ending in CRLF; the last without a newline when
 * open_end.  *nlines counts them. */
static char *random_text(size_t len, size_t max, int open_end, size_t *out_len,
			 uint64_t *nlines)
{
	char *t = wt_malloc(len + max + 3);
	size_t n = 0;

	*nlines = 0;
	while (n < len) {
		size_t k = (size_t)(rnd() % (max + 1));

		for (size_t i = 0; i < k; i++)
			t[n++] = i % 7 == 6 ? ' ' : (char)('0' + rnd() % 10);
		if (rnd() % 8 == 0)
			t[n++] = '\r';
		t[n++] = '\n';
		++*nlines;
	}
	if (open_end) {
		t[n++] = '7';
		++*nlines;
	}
	*out_len = n;
	return t;
}

/* Line k (from 0) of text as wt_lines_next gives it, without CR or LF. */
static const char *expected_line(const char *text, size_t len, size_t *pos,
				 size_t *n)
{
	const char *s = text + *pos, *nl = memchr(s, '\n', len - *pos);

	*n = nl ? (size_t)(nl - s) : len - *pos;
	*pos += nl ? *n + 1 : *n;
	if (*n && s[*n - 1] == '\r')
		--*n;
	return s;
}

/* Every line of l against text: the number of lines that differ, and
 * whether it ended cleanly after the last. */
static uint64_t compare_lines(struct wt_lines *l, const char *text, size_t len,
			      uint64_t nlines, int *clean_end)
{
	size_t pos = 0;
	uint64_t bad = 0;

	for (uint64_t k = 0; k < nlines; k++) {
		size_t n;
		const char *want = expected_line(text, len, &pos, &n);
		char *got = wt_lines_next(l);

		if (!got || strlen(got) != n || memcmp(got, want, n) != 0 ||
		    wt_lines_number(l) != k + 1)
			bad++;
		if (!got)
			break;
	}
	*clean_end = wt_lines_next(l) == NULL && !*wt_lines_error(l);
	return bad;
}

static struct wt_src *open_file(void)
{
	char err[256];
	struct wt_src *s = wt_src_open(path, err, sizeof(err));

	if (!s)
		wt_die(WT_EXIT_DATA, "%s", err);
	return s;
}

/* The read end of a pipe that a child fills with text. */
static struct wt_src *open_pipe(const char *text, size_t len, pid_t *child)
{
	int fd[2];
	char err[256];
	struct wt_src *s;

	if (pipe(fd) < 0)
		wt_die(WT_EXIT_DATA, "pipe");
	*child = fork();
	if (*child == 0) {
		close(fd[0]);
		while (len > 0) {
			ssize_t w = write(fd[1], text, len);

			if (w <= 0)
				_exit(1);
			text += w;
			len -= (size_t)w;
		}
		_exit(0);
	}
	close(fd[1]);
	s = wt_src_fdopen(fd[0], "pipe", err, sizeof(err));
	if (!s)
		wt_die(WT_EXIT_DATA, "%s", err);
	return s;
}

static void reap(pid_t child)
{
	int status;

	waitpid(child, &status, 0);
}

static void test_texts(void)
{
	static const struct {
		size_t len, max;
		int open_end;
	} cases[] = {
		{ 0, 10, 1 }, { 1, 10, 0 }, { 5000, 40, 0 }, { 5000, 40, 1 },
		{ 200000, MAX_LINE, 0 }, { 200000, MAX_LINE, 1 },
		{ 3u << 20, 60, 1 },
	};

	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		size_t len;
		uint64_t nlines;
		char *text = random_text(cases[c].len, cases[c].max,
					 cases[c].open_end, &len, &nlines);
		struct wt_lines *l;
		int clean;
		pid_t child;

		write_file(text, len);
		l = wt_lines_open_window(open_file(), MAX_LINE, SMALL_WINDOW);
		is_u64(compare_lines(l, text, len, nlines, &clean), 0,
		       "case %zu: %llu lines of a file, small windows", c,
		       (unsigned long long)nlines);
		ok(clean, "case %zu: the file ends cleanly", c);
		wt_lines_close(l);

		l = wt_lines_open(open_file(), MAX_LINE);
		is_u64(compare_lines(l, text, len, nlines, &clean), 0,
		       "case %zu: the file, 4 MiB windows", c);
		ok(clean, "case %zu: ends cleanly", c);
		wt_lines_close(l);

		l = wt_lines_open(open_pipe(text, len, &child), MAX_LINE);
		is_u64(compare_lines(l, text, len, nlines, &clean), 0,
		       "case %zu: the same through a pipe", c);
		ok(clean, "case %zu: the pipe ends cleanly", c);
		wt_lines_close(l);
		reap(child);

		l = wt_lines_open_mem("mem", text, len, MAX_LINE);
		is_u64(compare_lines(l, text, len, nlines, &clean), 0,
		       "case %zu: the same from memory", c);
		ok(clean, "case %zu: memory ends cleanly", c);
		wt_lines_close(l);
		free(text);
	}
}

/* Files of whole pages, windows and 4 MiB windows, with and without a
 * newline at the end: the NUL after the last byte is the zero page's, and
 * no window is empty. */
static void test_exact_sizes(void)
{
	static const size_t sizes[] = { 4096, 12288, 24576, 4u << 20, (4u << 20) + 16 };

	for (size_t c = 0; c < sizeof(sizes) / sizeof(sizes[0]); c++)
		for (int open_end = 0; open_end < 2; open_end++) {
			size_t len = sizes[c];
			char *text = wt_malloc(len);
			uint64_t nlines = len / 16;
			struct wt_lines *l;
			const char *p;
			size_t avail;
			int clean;
			char what[64];

			for (size_t i = 0; i < len; i++)
				text[i] = i % 16 == 15 ? '\n' : (char)('a' + i % 16);
			if (open_end)
				text[len - 1] = 'z';
			snprintf(what, sizeof(what), "%zu bytes%s", len,
				 open_end ? ", no newline at the end" : "");
			write_file(text, len);
			for (int big = 0; big < 2; big++) {
				l = wt_lines_open_window(open_file(), MAX_LINE,
							 big ? 4u << 20 : SMALL_WINDOW);
				p = wt_lines_peek(l, &avail);
				ok(p[avail] == '\0', "%s, %s windows: a NUL after "
				   "the first", what, big ? "4 MiB" : "small");
				is_u64(compare_lines(l, text, len, nlines, &clean), 0,
				       "%s, %s windows: every line", what,
				       big ? "4 MiB" : "small");
				ok(clean, "%s, %s windows: then the end", what,
				   big ? "4 MiB" : "small");
				wt_lines_close(l);
			}
			free(text);
		}
}

/*
 * The fast path's way (dump.c): peek at the bytes, take the whole lines
 * among them with skip, and let wt_lines_next have the rest.  Every byte
 * peeked is the text's, and a NUL follows them.
 */
static void test_peek_skip(struct wt_lines *l, const char *text, size_t len,
			   uint64_t nlines, const char *what)
{
	size_t pos = 0, bad_bytes = 0, no_nul = 0, bad_lines = 0;
	uint64_t line = 0;

	while (line < nlines) {
		size_t avail, n;
		const char *p = wt_lines_peek(l, &avail), *nl;
		uint64_t took = 0;

		if (avail > len - pos || memcmp(p, text + pos, avail) != 0)
			bad_bytes++;
		if (p[avail] != '\0')
			no_nul++;
		/* Up to three whole lines taken by hand. */
		while (took < 3 && (nl = memchr(p, '\n', avail)) != NULL) {
			n = (size_t)(nl - p) + 1;
			p += n;
			avail -= n;
			pos += n;
			took++;
		}
		wt_lines_skip(l, (size_t)(p - wt_lines_peek(l, &n)), took);
		line += took;
		if (wt_lines_number(l) != line)
			bad_lines++;
		if (line == nlines)
			break;
		/* Then one line the usual way. */
		{
			const char *want = expected_line(text, len, &pos, &n);
			char *got = wt_lines_next(l);

			if (!got || strlen(got) != n || memcmp(got, want, n))
				bad_lines++;
			line++;
		}
	}
	is_u64(bad_bytes, 0, "%s: peek shows the text's bytes", what);
	is_u64(no_nul, 0, "%s: a NUL follows them", what);
	is_u64(bad_lines, 0, "%s: skip and next take the lines in turn", what);
	ok(wt_lines_next(l) == NULL && !*wt_lines_error(l), "%s: then the end", what);
}

static void test_fast_path(void)
{
	size_t len;
	uint64_t nlines;
	char *text = random_text(300000, 80, 1, &len, &nlines);
	struct wt_lines *l;
	pid_t child;

	write_file(text, len);
	l = wt_lines_open_window(open_file(), MAX_LINE, SMALL_WINDOW);
	test_peek_skip(l, text, len, nlines, "file");
	wt_lines_close(l);
	l = wt_lines_open(open_pipe(text, len, &child), MAX_LINE);
	test_peek_skip(l, text, len, nlines, "pipe");
	wt_lines_close(l);
	reap(child);
	free(text);
}

/* text holds an error at line bad: from a file (small windows), a pipe
 * and memory, the lines before it come back, then an error that names
 * the line and says want. */
static void expect_error(const char *text, size_t len, size_t max_line,
			 uint64_t bad, const char *want, const char *what)
{
	static const char *const kind_name[] = { "file", "pipe", "memory" };
	char msg[128];
	pid_t child;

	snprintf(msg, sizeof(msg), ":%llu: %s", (unsigned long long)bad, want);
	write_file(text, len);
	for (int kind = 0; kind < 3; kind++) {
		struct wt_lines *l =
			kind == 0 ? wt_lines_open_window(open_file(), max_line,
							 SMALL_WINDOW) :
			kind == 1 ? wt_lines_open(open_pipe(text, len, &child),
						  max_line) :
				    wt_lines_open_mem("mem", text, len, max_line);
		uint64_t got = 0;

		while (wt_lines_next(l))
			got++;
		is_u64(got, bad - 1, "%s (%s): the lines before it", what,
		       kind_name[kind]);
		like(wt_lines_error(l), msg, "%s (%s): named", what,
		     kind_name[kind]);
		wt_lines_close(l);
		if (kind == 1)
			reap(child);
	}
}

/* Line bad of a text of short lines spoiled by spoil: the error from
 * each kind of input. */
static void test_error(uint64_t bad, void (*spoil)(char *line),
		       const char *want, const char *what)
{
	enum { LINES = 4000, WIDTH = 20 };
	char *text = wt_malloc(LINES * (WIDTH + 1) + 2 * MAX_LINE);
	size_t len = 0;

	for (uint64_t k = 1; k <= LINES; k++) {
		if (k == bad) {
			spoil(text + len);
			len += strlen(text + len);
		} else {
			memset(text + len, 'x', WIDTH);
			len += WIDTH;
		}
		text[len++] = '\n';
	}
	expect_error(text, len, MAX_LINE, bad, want, what);
	free(text);
}

static void long_line(char *s)
{
	memset(s, 'y', MAX_LINE + 1);
	s[MAX_LINE + 1] = '\0';
}

static void longest_line(char *s)
{
	memset(s, 'y', MAX_LINE);
	s[MAX_LINE] = '\0';
}

static void test_errors(void)
{
	test_error(3000, long_line, "line longer than 300 bytes",
		   "a line one byte too long");
	test_error(1, long_line, "line longer than 300 bytes",
		   "the first line too long");
	/* The longest line allowed is no error: the text runs to its end. */
	{
		char line[MAX_LINE + 1];
		size_t len = 0;
		char *text = wt_malloc(5000 * (MAX_LINE + 1));
		struct wt_lines *l;
		uint64_t n = 0;

		longest_line(line);
		for (int k = 0; k < 5000; k++) {
			memcpy(text + len, line, MAX_LINE);
			len += MAX_LINE;
			text[len++] = '\n';
		}
		write_file(text, len);
		l = wt_lines_open_window(open_file(), MAX_LINE, SMALL_WINDOW);
		while (wt_lines_next(l))
			n++;
		is_u64(n, 5000, "lines of the longest length allowed, small windows");
		is_str(wt_lines_error(l), "", "no error");
		wt_lines_close(l);
		free(text);
	}
}

/* A NUL byte in line 2500: named, from each kind of input. */
static void test_nul(void)
{
	enum { LINES = 4000 };
	char *text = wt_malloc(LINES * 10);
	size_t len = 0;

	for (int k = 1; k <= LINES; k++) {
		memcpy(text + len, k == 2500 ? "12\0" "45678" : "12345678", 8);
		len += 8;
		text[len++] = '\n';
	}
	expect_error(text, len, 100, 2500, "NUL byte in line", "a NUL byte");
	free(text);
}

/* A source whose first bytes were taken before the reader was opened:
 * the reader starts after them, in the middle of a page. */
static void test_taken(void)
{
	size_t len;
	uint64_t nlines;
	char *text = random_text(100000, 50, 0, &len, &nlines);
	struct wt_src *s;
	struct wt_lines *l;
	char head[11];
	size_t pos = 0, n, skip = 0;
	uint64_t lines_after, bad = 0;

	write_file(text, len);
	/* Whole lines, about a page and a half of them. */
	while (pos < 6000)
		expected_line(text, len, &pos, &n);
	skip = pos;
	s = open_file();
	for (size_t got = 0; got < skip;) {
		ssize_t r = wt_src_read(s, head, skip - got < 10 ? skip - got : 10);

		if (r <= 0)
			break;
		got += (size_t)r;
	}
	l = wt_lines_open_window(s, MAX_LINE, SMALL_WINDOW);
	lines_after = 0;
	for (;;) {
		const char *want;
		char *got;

		if (pos >= len)
			break;
		want = expected_line(text, len, &pos, &n);
		got = wt_lines_next(l);
		if (!got || strlen(got) != n || memcmp(got, want, n))
			bad++;
		lines_after++;
	}
	is_u64(bad, 0, "%llu lines after %zu bytes taken from the source",
	       (unsigned long long)lines_after, skip);
	ok(wt_lines_next(l) == NULL && !*wt_lines_error(l), "then the end");
	wt_lines_close(l);
	free(text);
}

/* The file shrinks while a window of it is mapped: the reader's process
 * says so in one line and exits 1, where touching the lost pages would
 * otherwise kill it with SIGBUS. */
static void test_shrink(void)
{
	size_t len;
	uint64_t nlines;
	char *text = random_text(1u << 20, 50, 0, &len, &nlines);
	int err[2], status;
	char msg[512] = "";
	ssize_t got;
	pid_t child;

	write_file(text, len);
	if (pipe(err) < 0)
		wt_die(WT_EXIT_DATA, "pipe");
	child = fork();
	if (child == 0) {
		struct wt_lines *l;

		dup2(err[1], 2);
		close(err[0]);
		wt_set_progname("test-lines");
		l = wt_lines_open(open_file(), MAX_LINE);
		wt_lines_next(l);
		if (truncate(path, 0) < 0)
			_exit(3);
		while (wt_lines_next(l))
			;
		_exit(4);	/* not reached: the pages are gone */
	}
	close(err[1]);
	/* the whole message, however many writes it took */
	for (size_t have = 0; have < sizeof(msg) - 1; have += (size_t)got) {
		got = read(err[0], msg + have, sizeof(msg) - 1 - have);
		if (got <= 0) {
			msg[have] = '\0';
			break;
		}
		msg[have + (size_t)got] = '\0';
	}
	close(err[0]);
	waitpid(child, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 1,
	   "a file that shrinks while mapped: exit 1");
	like(msg, ": changed size while being read\n", "and says so");
	like(msg, path, "naming the file");
	ok(strchr(msg, '\n') == msg + strlen(msg) - 1, "in one line");
	free(text);
}

int main(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/test-lines.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		wt_die(WT_EXIT_DATA, "cannot make a temporary file");
	close(fd);
	signal(SIGPIPE, SIG_IGN);
	test_texts();
	test_exact_sizes();
	test_fast_path();
	test_errors();
	test_nul();
	test_taken();
	test_shrink();
	unlink(path);
	return tap_done();
}
