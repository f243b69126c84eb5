/*
 * ashead.c - the header of an Accel-Sim kernel file: its "-key = value"
 * lines, checked one by one, and the kernel they describe (see
 * trace-gen(1), Kernel files).
 */
#include "asfstate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int fail(struct wt_asf *f, const char *fmt, ...) WT_PRINTF(2, 3);

static int fail(struct wt_asf *f, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = wt_asf_vfail(f, fmt, ap);
	va_end(ap);
	return r;
}

char *wt_asf_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

char *wt_asf_split_eq(char *line, char **value)
{
	char *eq = strchr(line, '=');

	if (!eq)
		return NULL;
	*eq = '\0';
	*value = wt_asf_trim(eq + 1);
	return wt_asf_trim(line);
}

int wt_asf_number(struct wt_asf *f, const char *what, const char *s,
		  uint64_t max, uint64_t *v)
{
	const char *why;

	if (wt_parse_u64(s, max, v, &why) < 0)
		return fail(f, "%s '%s': %s (expected a number up to %llu)", what, s,
			    why, (unsigned long long)max);
	return 0;
}

/* "(x,y,z)", as the tracer writes grid and block sizes; or, with
 * parens 0, "x,y,z" as in "thread block = x,y,z". */
int wt_asf_triple(struct wt_asf *f, const char *what, char *s, int parens,
		  uint32_t lo, uint32_t out[3])
{
	char *p = s, *end = s + strlen(s);
	uint64_t v;

	if (parens) {
		if (*p != '(' || end == p || end[-1] != ')')
			return fail(f, "%s '%s': expected (X,Y,Z)", what, s);
		p++;
		*--end = '\0';
	}
	for (int i = 0; i < 3; i++) {
		char *comma = strchr(p, ',');

		if ((i < 2) != (comma != NULL))
			return fail(f, "%s: expected three numbers X,Y,Z", what);
		if (comma)
			*comma = '\0';
		if (wt_asf_number(f, what, wt_asf_trim(p), 1u << 31, &v) < 0)
			return -1;
		if (v < lo)
			return fail(f, "%s: dimension %d is 0 (expected at least 1)",
				    what, i);
		out[i] = (uint32_t)v;
		if (comma)
			p = comma + 1;
	}
	return 0;
}

/* A copy fit for metadata, whose values hold no control characters. */
static char *clean(const char *s)
{
	char *v = wt_strdup(s);

	for (char *p = v; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return v;
}

enum {
	K_NAME = 1, K_ID = 2, K_GRID = 4, K_BLOCK = 8, K_SHMEM = 16,
	K_NREGS = 32, K_BINARY = 64, K_STREAM = 128, K_SHBASE = 256,
	K_LOCBASE = 512, K_NVBIT = 1024, K_VERSION = 2048, K_LINEINFO = 4096,
	K_COUNT = 13
};

static const char *const header_keys[K_COUNT] = {
	"kernel name", "kernel id", "grid dim", "block dim", "shmem", "nregs",
	"binary version", "cuda stream id", "shmem base_addr",
	"local mem base_addr", "nvbit version", "accelsim tracer version",
	"enable lineinfo",
};

/* "5", or "1.2" as the tracers before version 3 wrote it: its major
 * number is the version, as Accel-Sim reads it. */
static int tracer_version(struct wt_asf *f, char *val)
{
	char *dot = strchr(val, '.');
	uint64_t v;

	if (dot && (!dot[1] || strspn(dot + 1, "0123456789") != strlen(dot + 1)))
		return fail(f, "accelsim tracer version '%s': expected a number such "
			    "as 5 or 1.2", val);
	free(f->version);
	f->version = clean(val);
	if (dot)
		*dot = '\0';
	if (wt_asf_number(f, "accelsim tracer version", val, 1000000, &v) < 0)
		return -1;
	f->st.tracer_version = (unsigned)v;
	return 0;
}

/* One "-key = value" header line. */
int wt_asf_header_line(struct wt_asf *f, char *line)
{
	char *val, *key = wt_asf_split_eq(line + 1, &val);
	unsigned bit = 0;
	uint64_t v, max = UINT32_MAX;

	if (!key)
		return fail(f, "header line without '=' (expected '-key = value')");
	for (int i = 0; i < K_COUNT; i++)
		if (strcmp(key, header_keys[i]) == 0)
			bit = 1u << i;
	if (!bit) {
		/* Newer tracers add lines; they do not change the lines
		 * read here. */
		if (f->st.unknown_headers++ == 0)
			wt_snprintf(f->st.unknown_header,
				    sizeof(f->st.unknown_header), "%s", key);
		return 0;
	}
	if (f->seen & bit)
		return fail(f, "header '%s' given twice", key);
	f->seen |= bit;
	switch (bit) {
	case K_NAME:
		if (!*val)
			return fail(f, "kernel name: empty");
		free(f->kernel.name);
		f->kernel.name = clean(val);
		return 0;
	case K_GRID:
		return wt_asf_triple(f, "grid dim", val, 1, 1, f->kernel.grid);
	case K_BLOCK:
		return wt_asf_triple(f, "block dim", val, 1, 1, f->kernel.block);
	case K_NVBIT:
		free(f->nvbit);
		f->nvbit = clean(val);
		return 0;
	case K_VERSION:
		return tracer_version(f, val);
	case K_LINEINFO:
		max = 1;
		break;
	case K_STREAM:
	case K_SHBASE:
	case K_LOCBASE:
		max = UINT64_MAX;
		break;
	}
	if (wt_asf_number(f, key, val, max, &v) < 0)
		return -1;
	switch (bit) {
	case K_ID:	f->kernel_id = v; break;
	case K_SHMEM:	f->kernel.shmem = (uint32_t)v; break;
	case K_NREGS:	f->kernel.regs = (uint32_t)v; break;
	case K_BINARY:	f->binary = v; break;
	case K_STREAM:	f->stream = v; break;
	case K_SHBASE:	f->shmem_base = v; break;
	case K_LOCBASE:	f->local_base = v; break;
	default:	f->lay.lineinfo = (int)v; break;
	}
	return 0;
}

static void meta_u64(struct wt_asf *f, const char *key, const char *fmt,
		     uint64_t v)
{
	char buf[32];

	wt_meta_add(&f->kernel.extra, key,
		    wt_snprintf(buf, sizeof(buf), fmt, (unsigned long long)v));
}

/* The header is complete: check it, and describe the kernel. */
int wt_asf_finish_header(struct wt_asf *f, const char *form)
{
	uint64_t bt = wt_kernel_block_threads(&f->kernel), ctas;

	if (!(f->seen & K_GRID))
		return fail(f, "no '-grid dim = (X,Y,Z)' line before the "
			    "instructions");
	if (!(f->seen & K_BLOCK))
		return fail(f, "no '-block dim = (X,Y,Z)' line before the "
			    "instructions");
	if (bt > UINT32_MAX)
		return fail(f, "block dim of %llu threads is too large",
			    (unsigned long long)bt);
	f->bt = (uint32_t)bt;
	f->wpc = (f->bt + WT_AS_LANES - 1) / WT_AS_LANES;
	/* Warp ids are 32-bit in the records (ctas * wpc may overflow 2^64
	 * before that is seen: checked products) */
	if (__builtin_mul_overflow((uint64_t)f->kernel.grid[0] * f->kernel.grid[1],
				   (uint64_t)f->kernel.grid[2], &ctas) ||
	    ctas * f->wpc - 1 > UINT32_MAX)
		return fail(f, "a grid of %llu CTAs of %u warps exceeds the 2^32 "
			    "warp ids a stream can hold", (unsigned long long)ctas,
			    f->wpc);
	/* From version 5 on, the tracer ends every line with an immediate;
	 * its #traces format line names it.  Before version 4, it listed
	 * the addresses of lanes predicated off (see wt_as_layout). */
	f->lay.immediate = f->st.tracer_version >= 5 || f->format_immediate;
	f->lay.loose = f->st.tracer_version < 4 && !f->lay.immediate;
	wt_meta_add(&f->kernel.extra, "format", "accelsim");
	wt_meta_add(&f->kernel.extra, "accelsim_form", form);
	if (f->seen & K_VERSION)
		wt_meta_add(&f->kernel.extra, "tracer_version", f->version);
	if (f->seen & K_ID)
		meta_u64(f, "accelsim_kernel_id", "%llu", f->kernel_id);
	if (f->seen & K_BINARY)
		meta_u64(f, "binary_version", "%llu", f->binary);
	if (f->seen & K_STREAM)
		meta_u64(f, "cuda_stream", "%llu", f->stream);
	if (f->seen & K_SHBASE)
		meta_u64(f, "shmem_base", "0x%llx", f->shmem_base);
	if (f->seen & K_LOCBASE)
		meta_u64(f, "local_base", "0x%llx", f->local_base);
	if (f->nvbit)
		wt_meta_add(&f->kernel.extra, "nvbit_version", f->nvbit);
	if (f->lay.lineinfo)
		wt_meta_add(&f->kernel.extra, "lineinfo", "1");
	return 0;
}

int wt_asf_names_immediate(const char *p)
{
	const char *s = strstr(p, "immediate");

	return strncmp(p, "#traces format", 14) == 0 && s &&
	       (s[9] == '\0' || s[9] == ' ' || s[9] == '\t' || s[9] == ']');
}
