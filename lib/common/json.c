/*
 * json.c - streaming JSON writer, two-space indented.
 */
#include "json.h"
#include "fmtg.h"
#include "sink.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32
#define BUF_SIZE 8192

/*
 * The writer gathers its text in a buffer of its own and hands the sink
 * whole buffers: a stats file is mostly short pieces (a comma, an
 * indentation, a key, a number), and a sink call for each piece cost more
 * than the statistics they print (issue 46: per-warp tables of a big run).
 */
struct wt_json {
	struct wt_sink *sink;
	int depth;
	int count[MAX_DEPTH];	/* values written at each depth */
	int after_key;
	size_t len;		/* bytes in buf */
	char buf[BUF_SIZE];
};

static void flush(struct wt_json *j)
{
	(void)wt_sink_write(j->sink, j->buf, j->len);	/* errors surface at close */
	j->len = 0;
}

static void emit(struct wt_json *j, const char *s, size_t n)
{
	if (j->len + n > BUF_SIZE) {
		flush(j);
		if (n > BUF_SIZE) {
			(void)wt_sink_write(j->sink, s, n);
			return;
		}
	}
	memcpy(j->buf + j->len, s, n);
	j->len += n;
}

static void emits(struct wt_json *j, const char *s)
{
	emit(j, s, strlen(s));
}

/* A newline and the indentation of the depth: 2 spaces a level, and
 * MAX_DEPTH levels at most. */
static void newline(struct wt_json *j)
{
	static const char indent[2 * MAX_DEPTH + 2] = "\n"
		"                                                                ";

	emit(j, indent, 1 + 2 * (size_t)j->depth);
}

/* Room for n more bytes (n <= BUF_SIZE) at the end of the buffer. */
static char *reserve(struct wt_json *j, size_t n)
{
	if (j->len + n > BUF_SIZE)
		flush(j);
	return j->buf + j->len;
}

/* Bytes a separator and indentation may take at the current depth: a
 * comma, a newline, and the indentation, which separate writes 16 spaces
 * at a time (the slack past its end is overwritten after). */
static size_t separate_room(const struct wt_json *j)
{
	return 2 + 2 * (size_t)j->depth + 16;
}

/* The separator and indentation before a value or key, written at p,
 * which has room for separate_room bytes; returns their end.  The
 * indentation is copied 16 spaces at a time, in fixed-size copies the
 * compiler makes two stores of, not a memset call for a few bytes. */
static char *separate(struct wt_json *j, char *p)
{
	size_t indent = 2 * (size_t)j->depth;

	if (j->count[j->depth]++ > 0)
		*p++ = ',';
	if (j->depth > 0) {
		*p++ = '\n';
		for (size_t i = 0; i < indent; i += 16)
			memcpy(p + i, "                ", 16);
		p += indent;
	}
	return p;
}

/* Separator and indentation before a value or key (none after a key). */
static void before_value(struct wt_json *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	j->len = (size_t)(separate(j, reserve(j, separate_room(j))) - j->buf);
}

struct wt_json *wt_json_open(const char *path, char *err, size_t errlen)
{
	struct wt_json *j = wt_calloc(1, sizeof(*j));

	j->sink = wt_sink_open(path, 0, 0, err, errlen);
	if (!j->sink) {
		free(j);
		return NULL;
	}
	return j;
}

int wt_json_close(struct wt_json *j, char *err, size_t errlen)
{
	int r;

	emit(j, "\n", 1);
	flush(j);
	r = wt_sink_close(j->sink, err, errlen);
	free(j);
	return r;
}

void wt_json_abort(struct wt_json *j)
{
	if (!j)
		return;
	wt_sink_abort(j->sink);
	free(j);
}

/* The longest piece of a string escape() writes at once: each character
 * may take 6 bytes ("\u001f"). */
#define ESCAPE_CHUNK (BUF_SIZE / 6)

/* Whether each byte goes into a JSON string as it is: not a control
 * character, '"', '\\' or DEL (and not NUL, which ends s).  A table, as
 * keys are scanned a byte at a time and are the writer's commonest piece:
 * the four compares were 60 instructions a key. */
static const unsigned char plain_byte[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x00: control characters */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 0x10: control characters */
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x20: '"' is 0x22 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x30 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x40 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,	/* 0x50: '\\' is 0x5c */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x60 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,	/* 0x70: DEL is 0x7f */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x80 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0x90 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0xa0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0xb0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0xc0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0xd0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0xe0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 0xf0 */
};

static int plain(unsigned char c)
{
	return plain_byte[c];
}

/* s as a JSON string, written straight into the buffer a chunk at a
 * time. */
static void escape_chunks(struct wt_json *j, const char *s)
{
	size_t n = strlen(s);

	*reserve(j, 1) = '"';
	j->len++;
	while (n > 0) {
		size_t k = n < ESCAPE_CHUNK ? n : ESCAPE_CHUNK;
		char *p = reserve(j, 6 * k), *o = p;

		for (size_t i = 0; i < k; i++) {
			unsigned char c = (unsigned char)s[i];

			if (plain(c)) {
				*o++ = (char)c;
			} else if (c == '"' || c == '\\') {
				*o++ = '\\';
				*o++ = (char)c;
			} else {	/* \u00XX, no NUL written past it */
				static const char hex[] = "0123456789abcdef";

				memcpy(o, "\\u00", 4);
				o[4] = hex[c >> 4];
				o[5] = hex[c & 15];
				o += 6;
			}
		}
		j->len += (size_t)(o - p);
		s += k;
		n -= k;
	}
	*reserve(j, 1) = '"';
	j->len++;
}

/* s as a JSON string: keys and names need no escapes, and go in one copy. */
static void escape(struct wt_json *j, const char *s)
{
	size_t n = 0;
	char *p;

	while (plain((unsigned char)s[n]))
		n++;
	if (s[n] || n + 2 > BUF_SIZE) {
		escape_chunks(j, s);
		return;
	}
	p = reserve(j, n + 2);
	p[0] = '"';
	memcpy(p + 1, s, n);
	p[n + 1] = '"';
	j->len += n + 2;
}

/* v in decimal, as "%llu" prints it, at p (room for 20 bytes); returns
 * its end.  Two digits at a time from a table of the pairs 00 to 99 (a
 * division by 100 where there were two by 10). */
static char *put_u64(char *p, uint64_t v)
{
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	size_t n = 1;
	char *end;

	for (uint64_t t = v; t >= 10; t /= 10)
		n++;
	end = p + n;
	for (; v >= 100; v /= 100) {
		n -= 2;
		memcpy(p + n, pairs + 2 * (v % 100), 2);
	}
	if (v >= 10)
		memcpy(p, pairs + 2 * v, 2);
	else
		p[0] = (char)('0' + v);
	return end;
}

static void emit_u64(struct wt_json *j, uint64_t v)
{
	char *p = reserve(j, 20);

	j->len = (size_t)(put_u64(p, v) - j->buf);
}

/* The bytes of key before the first that needs an escape (or its end). */
static size_t plain_span(const char *key)
{
	size_t n = 0;

	while (plain((unsigned char)key[n]))
		n++;
	return n;
}

/* Keys the fast paths below take: no escapes, and short enough that the
 * key, its separator and a number fit the buffer many times over. */
#define KEY_FAST_MAX 256

/* The separator, indentation, quoted key (n bytes, no escapes) and ": ",
 * written at p, which has room for separate_room + n + 4 bytes;
 * returns their end. */
static char *put_key(struct wt_json *j, char *p, const char *key, size_t n)
{
	p = separate(j, p);
	*p++ = '"';
	memcpy(p, key, n);
	p += n;
	memcpy(p, "\": ", 3);
	return p + 3;
}

/*
 * A key is the writer's commonest piece (each member of each warp's row):
 * a key that needs no escapes goes in with its separator, indentation and
 * ": " in one reservation, as before_value, escape and emit would write it.
 */
void wt_json_key(struct wt_json *j, const char *key)
{
	size_t n = plain_span(key);

	if (key[n] || j->after_key || n > KEY_FAST_MAX) {
		before_value(j);
		escape(j, key);
		emit(j, ": ", 2);
	} else {
		j->len = (size_t)(put_key(j, reserve(j, separate_room(j) + n + 4),
					  key, n) - j->buf);
	}
	j->after_key = 1;
}

static void open_(struct wt_json *j, const char *c)
{
	before_value(j);
	emits(j, c);
	if (j->depth + 1 >= MAX_DEPTH)
		wt_die(WT_EXIT_DATA, "internal error: JSON nested too deep");
	j->count[++j->depth] = 0;
}

static void close_(struct wt_json *j, const char *c)
{
	int had = j->count[j->depth];

	j->depth--;
	if (had)
		newline(j);
	emits(j, c);
}

void wt_json_begin_object(struct wt_json *j) { open_(j, "{"); }
void wt_json_end_object(struct wt_json *j) { close_(j, "}"); }
void wt_json_begin_array(struct wt_json *j) { open_(j, "["); }
void wt_json_end_array(struct wt_json *j) { close_(j, "]"); }

void wt_json_string(struct wt_json *j, const char *s)
{
	before_value(j);
	escape(j, s);
}

void wt_json_u64(struct wt_json *j, uint64_t v)
{
	before_value(j);
	emit_u64(j, v);
}

void wt_json_i64(struct wt_json *j, int64_t v)
{
	before_value(j);
	if (v < 0) {
		emit(j, "-", 1);
		emit_u64(j, -(uint64_t)v);
	} else {
		emit_u64(j, (uint64_t)v);
	}
}

/* "%.17g" (fmtg.h) */
void wt_json_double(struct wt_json *j, double v)
{
	char buf[WT_FMT_G17_SIZE];

	before_value(j);
	if (!isfinite(v))
		emits(j, "null");
	else
		emits(j, wt_fmt_g17(buf, v));
}

void wt_json_bool(struct wt_json *j, int v)
{
	before_value(j);
	emits(j, v ? "true" : "false");
}

void wt_json_null(struct wt_json *j)
{
	before_value(j);
	emits(j, "null");
}

/* The members of a table's rows, most of them a key and a number: both
 * in one reservation. */
void wt_json_key_u64(struct wt_json *j, const char *key, uint64_t v)
{
	size_t n = plain_span(key);
	char *p;

	if (key[n] || j->after_key || n > KEY_FAST_MAX) {
		wt_json_key(j, key);
		wt_json_u64(j, v);
		return;
	}
	p = put_key(j, reserve(j, separate_room(j) + n + 4 + 20), key, n);
	j->len = (size_t)(put_u64(p, v) - j->buf);
}

void wt_json_stats_begin(struct wt_json *j, const char *program, int argc,
			 char **argv)
{
	wt_json_begin_object(j);
	wt_json_key(j, "program");
	wt_json_string(j, program);
	wt_json_key(j, "version");
	wt_json_string(j, WT_VERSION);
	wt_json_key(j, "command");
	wt_json_begin_array(j);
	for (int i = 0; i < argc; i++)
		wt_json_string(j, argv[i]);
	wt_json_end_array(j);
}

void wt_json_fputs(const char *s, void *fp)
{
	FILE *f = fp;

	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void wt_json_key_ratio(struct wt_json *j, const char *key, double a, double b)
{
	wt_json_key(j, key);
	if (b > 0)
		wt_json_double(j, a / b);
	else
		wt_json_null(j);
}
