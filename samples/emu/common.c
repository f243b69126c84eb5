/* common.c - trace-emu's helpers for every file: errors, allocation, CTA
 * shapes, the --verify verdict (declared in emu.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "emu.h"

void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("trace-emu: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "trace-emu: out of memory\n");
		exit(1);
	}
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		fprintf(stderr, "trace-emu: out of memory\n");
		exit(1);
	}
	return p;
}

unsigned ceil_div(unsigned long a, unsigned long b)
{
	return (unsigned)((a + b - 1) / b);
}

void block_shape(const struct emu *e, unsigned dx, unsigned dy, unsigned b[3])
{
	if (e->p.block_set) {
		b[0] = e->p.block[0];
		b[1] = e->p.block[1];
		b[2] = e->p.block[2];
	} else {
		b[0] = dx;
		b[1] = dy;
		b[2] = 1;
	}
}

int verify_report(int ok, const char *what)
{
	if (ok) {
		fprintf(stderr, "verify: ok\n");
		return 0;
	}
	fprintf(stderr, "verify: MISMATCH (%s)\n", what);
	return 1;
}
