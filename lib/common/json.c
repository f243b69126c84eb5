/*
 * json.c - streaming JSON writer, two-space indented.
 */
#include "json.h"
#include "sink.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32

struct wt_json {
	struct wt_sink *sink;
	int depth;
	int count[MAX_DEPTH];	/* values written at each depth */
	int after_key;
};

static void emit(struct wt_json *j, const char *s, size_t n)
{
	(void)wt_sink_write(j->sink, s, n);	/* errors surface at close */
}

static void emits(struct wt_json *j, const char *s)
{
	emit(j, s, strlen(s));
}

static void newline(struct wt_json *j)
{
	static const char spaces[] = "                                        ";
	int n = 2 * j->depth;

	emit(j, "\n", 1);
	while (n > 0) {
		int k = n < 40 ? n : 40;
		emit(j, spaces, (size_t)k);
		n -= k;
	}
}

/* Separator and indentation before a value or key. */
static void before_value(struct wt_json *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (j->count[j->depth]++ > 0)
		emit(j, ",", 1);
	if (j->depth > 0)
		newline(j);
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

static void escape(struct wt_json *j, const char *s)
{
	char buf[8];

	emit(j, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			buf[0] = '\\';
			buf[1] = (char)c;
			emit(j, buf, 2);
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(buf, sizeof(buf), "\\u%04x", c);
			emits(j, buf);
		} else {
			emit(j, s, 1);
		}
	}
	emit(j, "\"", 1);
}

void wt_json_key(struct wt_json *j, const char *key)
{
	before_value(j);
	escape(j, key);
	emit(j, ": ", 2);
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
	char buf[32];

	before_value(j);
	emits(j, wt_snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v));
}

void wt_json_i64(struct wt_json *j, int64_t v)
{
	char buf[32];

	before_value(j);
	emits(j, wt_snprintf(buf, sizeof(buf), "%lld", (long long)v));
}

void wt_json_double(struct wt_json *j, double v)
{
	char buf[40];

	before_value(j);
	if (!isfinite(v))
		emits(j, "null");
	else
		emits(j, wt_snprintf(buf, sizeof(buf), "%.17g", v));
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

void wt_json_key_u64(struct wt_json *j, const char *key, uint64_t v)
{
	wt_json_key(j, key);
	wt_json_u64(j, v);
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
