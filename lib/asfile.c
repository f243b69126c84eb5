/*
 * asfile.c - one Accel-Sim kernel file into warp records.
 *
 * The header ("-key = value" lines) describes the kernel; the body is
 * either raw (one instruction per line, each naming its CTA and warp, in
 * the order the GPU ran them) or grouped (#BEGIN_TB blocks of "warp = N"
 * and "insts = N" runs).  Each warp keeps a small state across the file:
 * how many memory instructions it has made, and how many non-memory
 * instructions it has run since the last one.  Every line is checked;
 * the first problem ends the file with "file:line: what was expected".
 */
#include "asfile.h"
#include "asline.h"
#include "lines.h"
#include "u64map.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { B_HEADER, B_RAW, B_OUTSIDE, B_TB, B_WARP, B_END };

struct wstate {
	uint32_t instr;		/* memory instructions made so far */
	uint32_t icount;	/* non-memory instructions since the last */
	uint32_t ldgsts_pc;	/* raw: PC of an LDGSTS awaiting its pair */
	int ldgsts_open;
	uint64_t key;		/* flat CTA id * warps per CTA + warp */
};

struct wt_asf {
	struct wt_lines *lines;
	char *name;
	char err[1024];
	struct wt_kernel kernel;
	struct wt_as_layout lay;
	unsigned seen;		/* header keys read, one bit each */
	int format_immediate;	/* the #traces format line names it */
	uint64_t shmem_base, local_base;
	uint64_t kernel_id, binary, stream;	/* for the metadata */
	char *nvbit;
	uint32_t bt, wpc;	/* threads and warps of a CTA */
	int state;
	char *pending;		/* first body line, read with the header */
	/* grouped: the thread block and warp being read */
	uint32_t tb[3];
	int have_tb;
	uint32_t cur_warp;
	uint64_t tb_line, warp_line, insts_line, insts_want, insts_got;
	int have_insts;
	size_t cur;		/* index of the warp's state */
	/* warp states, by key */
	struct wt_u64map *map, *ctas;
	struct wstate *ws;
	size_t nws, capws;
	struct wt_asf_stats st;
};

static int fail(struct wt_asf *f, const char *fmt, ...) WT_PRINTF(2, 3);

static int fail(struct wt_asf *f, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	wt_snprintf(f->err, sizeof(f->err), "%s:%llu: %s", f->name,
		    (unsigned long long)wt_lines_number(f->lines), msg);
	return -1;
}

/* The file name without directories and compression or trace suffixes:
 * the kernel's name when the header gives none. */
static char *base_name(const char *path)
{
	static const char *const suffixes[] = {
		".xz", ".zst", ".gz", ".traceg", ".trace"
	};
	const char *slash = strrchr(path, '/');
	char *b = wt_strdup(slash ? slash + 1 : path);
	size_t n = strlen(b);

	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t k = strlen(suffixes[i]);

		if (n > k && strcmp(b + n - k, suffixes[i]) == 0) {
			b[n -= k] = '\0';
			i = (size_t)-1;	/* again, from the first suffix */
		}
	}
	return b;
}

static struct wt_asf *new_file(struct wt_lines *lines)
{
	struct wt_asf *f = wt_calloc(1, sizeof(*f));

	f->lines = lines;
	f->name = wt_strdup(wt_lines_name(lines));
	wt_kernel_init(&f->kernel);
	free(f->kernel.name);
	f->kernel.name = base_name(f->name);
	free(f->kernel.source);
	/* The header begins at line 1. */
	f->kernel.source = wt_malloc(strlen(f->name) + 3);
	sprintf(f->kernel.source, "%s:1", f->name);
	f->map = wt_u64map_new();
	f->ctas = wt_u64map_new();
	f->st.addr_min = UINT64_MAX;
	return f;
}

struct wt_asf *wt_asf_open_src(struct wt_src *src)
{
	return new_file(wt_lines_open(src, WT_AS_MAX_LINE));
}

struct wt_asf *wt_asf_open(const char *path, char *err, size_t errlen)
{
	struct wt_src *src = wt_src_open(path, err, errlen);

	return src ? wt_asf_open_src(src) : NULL;
}

struct wt_asf *wt_asf_open_mem(const char *name, const char *buf, size_t len)
{
	return new_file(wt_lines_open_mem(name, buf, len, WT_AS_MAX_LINE));
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

/* Split "key = value" at the first '='; NULL without one. */
static char *split_eq(char *line, char **value)
{
	char *eq = strchr(line, '=');

	if (!eq)
		return NULL;
	*eq = '\0';
	*value = trim(eq + 1);
	return trim(line);
}

static int number(struct wt_asf *f, const char *what, const char *s,
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
static int triple(struct wt_asf *f, const char *what, char *s, int parens,
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
		if (number(f, what, trim(p), 1u << 31, &v) < 0)
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

/* One "-key = value" header line. */
static int header_line(struct wt_asf *f, char *line)
{
	char *val, *key = split_eq(line + 1, &val);
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
		return triple(f, "grid dim", val, 1, 1, f->kernel.grid);
	case K_BLOCK:
		return triple(f, "block dim", val, 1, 1, f->kernel.block);
	case K_NVBIT:
		free(f->nvbit);
		f->nvbit = clean(val);
		return 0;
	case K_LINEINFO:
		max = 1;
		break;
	case K_STREAM:
	case K_SHBASE:
	case K_LOCBASE:
		max = UINT64_MAX;
		break;
	}
	if (number(f, key, val, max, &v) < 0)
		return -1;
	switch (bit) {
	case K_ID:	f->kernel_id = v; break;
	case K_SHMEM:	f->kernel.shmem = (uint32_t)v; break;
	case K_NREGS:	f->kernel.regs = (uint32_t)v; break;
	case K_BINARY:	f->binary = v; break;
	case K_STREAM:	f->stream = v; break;
	case K_SHBASE:	f->shmem_base = v; break;
	case K_LOCBASE:	f->local_base = v; break;
	case K_VERSION:	f->st.tracer_version = (unsigned)v; break;
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
static int finish_header(struct wt_asf *f, const char *form)
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
	ctas = (uint64_t)f->kernel.grid[0] * f->kernel.grid[1] * f->kernel.grid[2];
	/* Warp ids are 32-bit in the records. */
	if (ctas * f->wpc - 1 > UINT32_MAX)
		return fail(f, "a grid of %llu CTAs of %u warps exceeds the 2^32 "
			    "warp ids a stream can hold", (unsigned long long)ctas,
			    f->wpc);
	/* From version 5 on, the tracer ends every line with an immediate;
	 * its #traces format line names it. */
	f->lay.immediate = f->st.tracer_version >= 5 || f->format_immediate;
	wt_meta_add(&f->kernel.extra, "format", "accelsim");
	wt_meta_add(&f->kernel.extra, "accelsim_form", form);
	if (f->seen & K_VERSION)
		meta_u64(f, "tracer_version", "%llu", f->st.tracer_version);
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

/* ---- the body ---- */

static int check_cta(struct wt_asf *f, const uint32_t cta[3], uint32_t *flat)
{
	const uint32_t *g = f->kernel.grid;

	if (cta[0] >= g[0] || cta[1] >= g[1] || cta[2] >= g[2])
		return fail(f, "thread block (%u,%u,%u) lies outside the grid "
			    "(%u,%u,%u)", cta[0], cta[1], cta[2], g[0], g[1], g[2]);
	*flat = (uint32_t)(((uint64_t)cta[2] * g[1] + cta[1]) * g[0] + cta[0]);
	return 0;
}

static int check_warp(struct wt_asf *f, uint32_t w)
{
	if (w >= f->wpc)
		return fail(f, "warp %u: a CTA of %u threads has %u warp%s (0 to %u)",
			    w, f->bt, f->wpc, f->wpc == 1 ? "" : "s", f->wpc - 1);
	return 0;
}

/* The state of a warp, made on first sight; *added says which. */
static size_t warp_state(struct wt_asf *f, uint32_t flat, uint32_t w, int *added)
{
	uint64_t key = (uint64_t)flat * f->wpc + w, *slot;
	int dummy;

	slot = wt_u64map_get(f->map, key, added);
	if (*added) {
		if (f->nws == f->capws) {
			f->capws = f->capws ? 2 * f->capws : 64;
			f->ws = wt_realloc(f->ws, f->capws * sizeof(*f->ws));
		}
		memset(&f->ws[f->nws], 0, sizeof(f->ws[0]));
		f->ws[f->nws].key = key;
		*slot = ++f->nws;
		(void)wt_u64map_get(f->ctas, flat, &dummy);
	}
	return (size_t)(*slot - 1);
}

static unsigned generic_space(const struct wt_asf *f, uint64_t a)
{
	/* Unsigned differences: an address below a base is far outside. */
	if (f->shmem_base && a - f->shmem_base < WT_AS_SHARED_WINDOW)
		return WT_SPACE_SHARED;
	if (f->local_base && a - f->local_base < WT_AS_LOCAL_WINDOW)
		return WT_SPACE_LOCAL;
	return WT_SPACE_GLOBAL;
}

static const unsigned kind_space[] = {
	[WT_AS_GLOBAL] = WT_SPACE_GLOBAL, [WT_AS_SHARED] = WT_SPACE_SHARED,
	[WT_AS_LOCAL] = WT_SPACE_LOCAL, [WT_AS_CONST] = WT_SPACE_CONST,
	[WT_AS_TEXTURE] = WT_SPACE_TEXTURE,
};

/* A memory instruction with active lanes becomes a record. */
static int make_record(struct wt_asf *f, const struct wt_as_inst *in,
		       const struct wt_as_class *cls, uint32_t flat, uint32_t w,
		       struct wstate *s, struct wt_warp *rec)
{
	unsigned size = in->mem_width, space;
	unsigned l0 = (unsigned)__builtin_ctz(in->mask);

	/* The trace's width is preferred; one that is no access size
	 * falls back to the opcode's. */
	if (size > 128 || (size & (size - 1))) {
		size = wt_as_opcode_width(in->opcode);
		f->st.width_from_opcode++;
	}
	if (cls->kind == WT_AS_GENERIC) {
		/* The first active lane decides for the instruction. */
		space = generic_space(f, in->addr[l0]);
		for (unsigned l = l0 + 1; l < WT_AS_LANES; l++)
			if (in->mask >> l & 1 &&
			    generic_space(f, in->addr[l]) != space) {
				f->st.generic_mixed++;
				break;
			}
	} else {
		space = kind_space[cls->kind];
	}
	for (unsigned l = l0; l < WT_AS_LANES; l++)
		if (in->mask >> l & 1 && in->addr[l] > UINT64_MAX - size + 1)
			return fail(f, "lane %u: access of %u bytes at 0x%llx wraps "
				    "past the end of the address space", l, size,
				    (unsigned long long)in->addr[l]);
	memset(rec, 0, sizeof(*rec));
	rec->mask = in->mask;
	rec->pc = in->pc;
	rec->cta = flat;
	rec->warp = (uint32_t)((uint64_t)flat * f->wpc + w);
	rec->instr = s->instr++;
	rec->icount = s->icount;
	rec->size = (uint16_t)size;
	rec->op = (uint8_t)cls->op;
	rec->space = (uint8_t)space;
	rec->lanes = WT_AS_LANES;
	memcpy(rec->addr, in->addr, sizeof(in->addr));
	s->icount = 0;

	f->st.records++;
	f->st.ops[cls->op]++;
	f->st.spaces[space]++;
	f->st.lanes += (unsigned)__builtin_popcount(in->mask);
	f->st.lane_ops[cls->op] += (unsigned)__builtin_popcount(in->mask);
	f->st.bytes += (uint64_t)size * (unsigned)__builtin_popcount(in->mask);
	for (unsigned l = l0; l < WT_AS_LANES; l++) {
		if (!(in->mask >> l & 1))
			continue;
		if (in->addr[l] < f->st.addr_min)
			f->st.addr_min = in->addr[l];
		if (in->addr[l] + size - 1 > f->st.addr_max)
			f->st.addr_max = in->addr[l] + size - 1;
	}
	return 1;
}

/* An instruction line, of warp w of CTA cta when the line does not say. */
static int instruction(struct wt_asf *f, char *line, const uint32_t *cta,
		       uint32_t w, struct wt_warp *rec)
{
	struct wt_as_inst in;
	struct wt_as_class cls;
	struct wstate *s;
	char why[512];
	uint32_t flat, lanes;
	size_t idx;
	int added;

	if (wt_as_parse(line, &f->lay, &in, why, sizeof(why)) < 0)
		return fail(f, "%s", why);
	if (f->lay.raw) {
		if (check_cta(f, in.cta, &flat) < 0 || check_warp(f, in.warp) < 0)
			return -1;
		w = in.warp;
		idx = warp_state(f, flat, w, &added);
		if (f->lay.cluster)
			f->st.cluster_lines++;
	} else {
		(void)check_cta(f, cta, &flat);	/* checked at its line */
		idx = f->cur;
	}
	lanes = f->bt - w * WT_AS_LANES;
	if (lanes < WT_AS_LANES && in.mask >> lanes)
		return fail(f, "mask %08x: warp %u has only %u thread%s", in.mask,
			    w, lanes, lanes == 1 ? "" : "s");
	s = &f->ws[idx];
	wt_as_classify(in.opcode, &cls);
	if (s->ldgsts_open && !cls.ldgsts)
		return fail(f, "%s after only one of the two lines of the LDGSTS at "
			    "PC %04x of this warp (raw traces hold both)",
			    in.opcode, s->ldgsts_pc);
	if (in.skipped) {
		f->st.tma++;
	} else if (in.mem_width > 0 && cls.kind == WT_AS_NONMEM) {
		if (f->st.addr_not_memory++ == 0)
			wt_snprintf(f->st.not_memory_opcode,
				    sizeof(f->st.not_memory_opcode), "%s", in.opcode);
	} else if (in.mem_width > 0) {
		/* A raw trace holds each LDGSTS twice: the shared-memory side,
		 * then the global side, which is the one kept. */
		if (cls.ldgsts && f->lay.raw && !s->ldgsts_open) {
			s->ldgsts_open = 1;
			s->ldgsts_pc = in.pc;
			f->st.ldgsts_halves++;
			return 0;
		}
		if (s->ldgsts_open && in.pc != s->ldgsts_pc)
			return fail(f, "LDGSTS at PC %04x follows the unpaired LDGSTS "
				    "at PC %04x of this warp", in.pc, s->ldgsts_pc);
		s->ldgsts_open = 0;
		f->st.instructions++;
		if (in.mask)
			return make_record(f, &in, &cls, flat, w, s, rec);
		/* No active lane, no address: it issued, and is counted
		 * like a non-memory instruction. */
		f->st.empty_masks++;
		if (s->icount < UINT32_MAX)
			s->icount++;
		return 0;
	}
	f->st.instructions++;
	if (s->icount < UINT32_MAX)
		s->icount++;
	return 0;
}

static int is_keyword(const char *p)
{
	static const char *const words[] = { "thread", "warp", "insts", "cluster" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t n = strlen(words[i]);

		if (strncmp(p, words[i], n) == 0 && (p[n] == ' ' || p[n] == '\t' ||
						      p[n] == '='))
			return 1;
	}
	return 0;
}

/* The warp being read is over: it must hold the lines it announced. */
static int close_warp(struct wt_asf *f)
{
	if (f->state != B_WARP)
		return 0;
	f->state = B_TB;
	if (!f->have_insts)
		return fail(f, "warp at line %llu has no 'insts = N' line",
			    (unsigned long long)f->warp_line);
	if (f->insts_got != f->insts_want)
		return fail(f, "'insts = %llu' at line %llu, but %llu instruction "
			    "line%s follow%s", (unsigned long long)f->insts_want,
			    (unsigned long long)f->insts_line,
			    (unsigned long long)f->insts_got,
			    f->insts_got == 1 ? "" : "s", f->insts_got == 1 ? "s" : "");
	return 0;
}

static int keyword(struct wt_asf *f, char *p)
{
	char *val, *key = split_eq(p, &val);
	uint64_t v;
	uint32_t flat;
	int added;

	if (f->state == B_RAW)
		return fail(f, "'%s' line in a raw trace (its instruction lines "
			    "name their thread block and warp)", key ? key : p);
	if (!key)
		return fail(f, "expected 'KEY = VALUE' (thread block, warp, insts)");
	if (f->state == B_OUTSIDE)
		return fail(f, "'%s' line outside a thread block (expected "
			    "#BEGIN_TB first)", key);
	if (strncmp(key, "cluster ", 8) == 0) {
		/* Thread block clusters of newer GPUs: not modelled. */
		f->st.cluster_lines++;
		return 0;
	}
	if (strcmp(key, "thread block") == 0) {
		if (f->have_tb || f->state == B_WARP)
			return fail(f, "a second 'thread block' line in the thread "
				    "block begun at line %llu",
				    (unsigned long long)f->tb_line);
		if (triple(f, "thread block", val, 0, 0, f->tb) < 0 ||
		    check_cta(f, f->tb, &flat) < 0)
			return -1;
		f->have_tb = 1;
		return 0;
	}
	if (strcmp(key, "warp") == 0) {
		if (!f->have_tb)
			return fail(f, "warp before the 'thread block = X,Y,Z' line");
		if (close_warp(f) < 0 || number(f, "warp", val, UINT32_MAX, &v) < 0 ||
		    check_warp(f, (uint32_t)v) < 0)
			return -1;
		(void)check_cta(f, f->tb, &flat);
		f->cur = warp_state(f, flat, (uint32_t)v, &added);
		if (!added)
			return fail(f, "warp %llu of thread block (%u,%u,%u) appears "
				    "twice", (unsigned long long)v, f->tb[0], f->tb[1],
				    f->tb[2]);
		f->cur_warp = (uint32_t)v;
		f->state = B_WARP;
		f->warp_line = wt_lines_number(f->lines);
		f->have_insts = 0;
		f->insts_got = 0;
		return 0;
	}
	if (strcmp(key, "insts") == 0) {
		if (f->state != B_WARP || f->have_insts)
			return fail(f, "'insts' line not right after a 'warp = N' line");
		if (number(f, "insts", val, UINT64_MAX, &f->insts_want) < 0)
			return -1;
		f->have_insts = 1;
		f->insts_line = wt_lines_number(f->lines);
		return 0;
	}
	return fail(f, "unknown line '%s = ...' (expected thread block, warp, "
		    "insts or cluster lines)", key);
}

static int marker(struct wt_asf *f, char *p)
{
	size_t n = strcspn(p, " \t");

	if (n == 9 && strncmp(p, "#BEGIN_TB", 9) == 0) {
		if (f->state == B_RAW)
			return fail(f, "#BEGIN_TB in a raw trace");
		if (f->state != B_OUTSIDE)
			return fail(f, "#BEGIN_TB inside the thread block begun at "
				    "line %llu (expected #END_TB first)",
				    (unsigned long long)f->tb_line);
		f->state = B_TB;
		f->have_tb = 0;
		f->tb_line = wt_lines_number(f->lines);
		return 0;
	}
	if (n == 7 && strncmp(p, "#END_TB", 7) == 0) {
		if (f->state != B_TB && f->state != B_WARP)
			return fail(f, "#END_TB outside a thread block");
		if (close_warp(f) < 0)
			return -1;
		if (!f->have_tb)
			return fail(f, "thread block begun at line %llu has no "
				    "'thread block = X,Y,Z' line",
				    (unsigned long long)f->tb_line);
		f->state = B_OUTSIDE;
		return 0;
	}
	return 0;	/* a comment */
}

static int body_line(struct wt_asf *f, char *line, struct wt_warp *rec)
{
	char *p = line;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return 0;
	if (*p == '#')
		return marker(f, p);
	if (*p == '-')
		return fail(f, "header line after the first instruction (the "
			    "header comes first)");
	if (is_keyword(p))
		return keyword(f, p);
	if (f->state == B_RAW)
		return instruction(f, p, NULL, 0, rec);
	if (f->state != B_WARP)
		return fail(f, "instruction outside a warp (expected 'warp = N' "
			    "and 'insts = N' lines between #BEGIN_TB and #END_TB)");
	if (!f->have_insts)
		return fail(f, "instruction before the 'insts = N' line of the warp "
			    "at line %llu", (unsigned long long)f->warp_line);
	if (++f->insts_got > f->insts_want)
		return fail(f, "more instruction lines than 'insts = %llu' at line "
			    "%llu announced", (unsigned long long)f->insts_want,
			    (unsigned long long)f->insts_line);
	return instruction(f, p, f->tb, f->cur_warp, rec);
}

static int copy_error(struct wt_asf *f)
{
	wt_snprintf(f->err, sizeof(f->err), "%s", wt_lines_error(f->lines));
	return -1;
}

/* Does a "#traces format" comment name the immediate column? */
static int names_immediate(const char *p)
{
	const char *s = strstr(p, "immediate");

	return strncmp(p, "#traces format", 14) == 0 && s &&
	       (s[9] == '\0' || s[9] == ' ' || s[9] == '\t' || s[9] == ']');
}

int wt_asf_begin(struct wt_asf *f)
{
	char *line, *p = NULL;
	const char *form = "empty";

	while ((line = wt_lines_next(f->lines)) != NULL) {
		p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '-') {
			if (header_line(f, p) < 0)
				return -1;
		} else if (*p == '#' && strncmp(p, "#BEGIN_TB", 9) != 0) {
			f->format_immediate |= names_immediate(p);
		} else if (*p) {
			break;
		}
	}
	if (!line && wt_lines_error(f->lines)[0])
		return copy_error(f);
	if (line) {
		f->pending = p;
		f->st.traceg = *p == '#' || is_keyword(p);
		form = f->st.traceg ? "traceg" : "trace";
	}
	if (finish_header(f, form) < 0)
		return -1;
	f->state = !line ? B_END : f->st.traceg ? B_OUTSIDE : B_RAW;
	f->lay.raw = f->state == B_RAW;
	if (f->lay.raw)
		f->lay.cluster = wt_as_raw_has_cluster(p, f->lay.lineinfo);
	return 0;
}

const struct wt_kernel *wt_asf_kernel(const struct wt_asf *f)
{
	return &f->kernel;
}

/* The file is over: it must not end inside a thread block or a pair. */
static int end_of_file(struct wt_asf *f)
{
	if (f->state == B_TB || f->state == B_WARP)
		return fail(f, "the file ends inside the thread block begun at "
			    "line %llu (expected #END_TB)",
			    (unsigned long long)f->tb_line);
	for (size_t i = 0; i < f->nws; i++) {
		if (f->ws[i].ldgsts_open)
			return fail(f, "the file ends after only one of the two "
				    "lines of the LDGSTS at PC %04x of warp %llu",
				    f->ws[i].ldgsts_pc,
				    (unsigned long long)f->ws[i].key);
		f->st.trailing += f->ws[i].icount;
	}
	f->st.warps = wt_u64map_count(f->map);
	f->st.ctas = wt_u64map_count(f->ctas);
	f->state = B_END;
	return 0;
}

int wt_asf_next(struct wt_asf *f, struct wt_warp *rec)
{
	if (f->err[0])
		return -1;
	while (f->state != B_END) {
		char *line = f->pending;
		int r;

		f->pending = NULL;
		if (!line && (line = wt_lines_next(f->lines)) == NULL) {
			if (wt_lines_error(f->lines)[0])
				return copy_error(f);
			return end_of_file(f);
		}
		r = body_line(f, line, rec);
		if (r != 0)
			return r;
	}
	return 0;
}

const struct wt_asf_stats *wt_asf_stats(const struct wt_asf *f)
{
	return &f->st;
}

const char *wt_asf_error(const struct wt_asf *f)
{
	return f->err;
}

void wt_asf_close(struct wt_asf *f)
{
	if (!f)
		return;
	wt_lines_close(f->lines);
	wt_kernel_free(&f->kernel);
	wt_u64map_free(f->map);
	wt_u64map_free(f->ctas);
	free(f->ws);
	free(f->nvbit);
	free(f->name);
	free(f);
}
