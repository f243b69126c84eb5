/*
 * util.c - error reporting, allocation and number parsing.
 */
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *progname = "warptrace";
static void (*die_hooks[8])(void);
static int n_die_hooks;

void wt_set_progname(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');
	progname = slash ? slash + 1 : argv0;
}

const char *wt_progname(void)
{
	return progname;
}

void wt_atdie(void (*fn)(void))
{
	if (n_die_hooks < (int)(sizeof(die_hooks) / sizeof(die_hooks[0])))
		die_hooks[n_die_hooks++] = fn;
}

void wt_die(int code, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	while (n_die_hooks > 0)
		die_hooks[--n_die_hooks]();
	exit(code);
}

void wt_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void *wt_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu bytes)", n);
	return p;
}

void *wt_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *wt_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu bytes)", n);
	return p;
}

char *wt_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(wt_malloc(n), s, n);
}

char *wt_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return buf;
}

static int digit_value(char c, unsigned base)
{
	unsigned v;

	if (c >= '0' && c <= '9')
		v = (unsigned)(c - '0');
	else if (c >= 'a' && c <= 'f')
		v = (unsigned)(c - 'a' + 10);
	else if (c >= 'A' && c <= 'F')
		v = (unsigned)(c - 'A' + 10);
	else
		return -1;
	return v < base ? (int)v : -1;
}

int wt_parse_u64(const char *s, uint64_t max, uint64_t *out, const char **why)
{
	unsigned base = 10;
	uint64_t v = 0;
	int d;

	if (*s == '-') {
		*why = "negative number";
		return -1;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s) {
		*why = "empty number";
		return -1;
	}
	for (; *s; s++) {
		d = digit_value(*s, base);
		if (d < 0) {
			*why = "not a number";
			return -1;
		}
		if (v > (max - (uint64_t)d) / base) {
			*why = "number too large";
			return -1;
		}
		v = v * base + (uint64_t)d;
	}
	*out = v;
	return 0;
}

int wt_parse_size(const char *s, uint64_t max, uint64_t *out, const char **why)
{
	char buf[64];
	size_t len = strlen(s);
	unsigned shift = 0;
	uint64_t v;

	if (len == 0 || len >= sizeof(buf)) {
		*why = len ? "number too long" : "empty number";
		return -1;
	}
	memcpy(buf, s, len + 1);
	switch (buf[len - 1]) {
	case 'k': case 'K': shift = 10; break;
	case 'm': case 'M': shift = 20; break;
	case 'g': case 'G': shift = 30; break;
	}
	if (shift)
		buf[len - 1] = '\0';
	if (wt_parse_u64(buf, max >> shift, &v, why) < 0)
		return -1;
	*out = v << shift;
	return 0;
}
