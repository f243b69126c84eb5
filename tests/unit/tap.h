/*
 * tap.h - a minimal Test Anything Protocol producer for the C unit tests.
 *
 * Chosen over cmocka because prove needs nothing more than "ok N - name"
 * lines, and a 60-line header keeps the tests free of another build
 * dependency while staying readable.  Usage:
 *     ok(cond, "name %d", i);  is_u64(got, want, "name");
 *     is_str(got, want, "name");  return tap_done();
 */
#ifndef WT_TAP_H
#define WT_TAP_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static int tap_vok(int cond, const char *fmt, va_list ap)
{
	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	vprintf(fmt, ap);
	putchar('\n');
	if (!cond)
		tap_failed++;
	fflush(stdout);
	return cond;
}

static int __attribute__((format(printf, 2, 3), unused))
ok(int cond, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = tap_vok(cond, fmt, ap);
	va_end(ap);
	return r;
}

static int __attribute__((format(printf, 3, 4), unused))
is_u64(uint64_t got, uint64_t want, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = tap_vok(got == want, fmt, ap);
	va_end(ap);
	if (!r)
		printf("#   got %llu, want %llu\n", (unsigned long long)got,
		       (unsigned long long)want);
	return r;
}

static int __attribute__((format(printf, 3, 4), unused))
is_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = tap_vok(got && strcmp(got, want) == 0, fmt, ap);
	va_end(ap);
	if (!r)
		printf("#   got '%s'\n#  want '%s'\n", got ? got : "(null)", want);
	return r;
}

/* ok if haystack contains needle; shows both otherwise. */
static int __attribute__((format(printf, 3, 4), unused))
like(const char *hay, const char *needle, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = tap_vok(hay && strstr(hay, needle) != NULL, fmt, ap);
	va_end(ap);
	if (!r)
		printf("#   got '%s'\n#  want something containing '%s'\n",
		       hay ? hay : "(null)", needle);
	return r;
}

static int __attribute__((unused)) tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
