/*
 * dump.c - strict, streaming parser of per-thread access dumps.
 *
 * Lines come from lines.h, so memory stays bounded by its block size and
 * the longest line, however long the dump.  Every line is checked; the
 * first problem ends the parse with
 * "file:line: what was expected".
 *
 * Nearly every line of a big dump is an access line like the one before,
 * so those go by a fast path (fast_access) that parses them in place in
 * the line reader's buffer; it takes only lines it can accept whole and
 * leaves anything else to the general path, which reads that line again
 * and names what is wrong with it.
 */
#include "dump.h"
#include "lines.h"
#include "par.h"
#include "source.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096
#define MAX_DIM (1u << 31)

/* wt_dump_block's pieces and blocks (see there) */
enum {
	PIECE = 256 << 10,	/* most bytes a piece holds, about */
	PIECES_PER_THREAD = 2,
	MAX_PIECES = WT_DUMP_MAX_RUNS,
	BLOCK_PAUSE = 1 << 16,
	BLOCK_START = 1 << 18,	/* lines read on one thread first */
	MIN_ACCESS_LINE = 8	/* "0 0 0 1\n": an access line is no shorter */
};

struct piece {
	const char *from, *to;	/* its whole lines */
	const char *stop;	/* where the parse stopped: to, or the line
				   the fast path leaves */
	struct wt_access *a;
	size_t n, cap;
};

enum { H_BLOCKSIZE = 1, H_GRIDSIZE = 2, H_KERNEL = 4, H_REGS = 8, H_SHMEM = 16 };

struct wt_dump {
	struct wt_lines *lines;
	char *name;
	char *base;		/* file name without directories and suffixes */
	uint64_t line;		/* the line messages name: the last one read */
	char err[768];
	enum wt_dialect dialect;
	uint64_t dialect_line;	/* line that fixed the dialect */
	/* kernel state */
	enum { S_IDLE, S_HEADER, S_BODY } state;
	struct wt_kernel kernel;	/* the kernel reported last */
	struct wt_kernel building;	/* the header block being read */
	unsigned seen;		/* header keys of the block being read */
	uint64_t header_line;
	uint32_t nkernels;
	uint64_t grid_threads;	/* 0 when the grid is unknown */
	/* events decided but not yet returned, oldest first */
	int queue[4];
	int queued, head;
	struct wt_access next;	/* the access of a queued WT_DUMP_ACCESS */
	/* the fast path's window on the line reader's buffer: lines from
	 * mark to cur are parsed but not yet counted as read there; the
	 * buffered text ends at end */
	const char *mark, *cur, *end;
	/* wt_dump_block's pieces, and the line before which it runs no more
	 * after a block an unusual line cut short */
	struct piece *pieces;	/* MAX_PIECES of them, once used */
	struct wt_dump_run *runs;
	size_t piece;		/* bytes a piece, at most about */
	unsigned threads;	/* wt_par_threads(), once asked */
	uint64_t block_after;
};

static int fail(struct wt_dump *d, const char *fmt, ...) WT_PRINTF(2, 3);

static int fail(struct wt_dump *d, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	wt_snprintf(d->err, sizeof(d->err), "%s:%llu: %s", d->name,
		    (unsigned long long)d->line, msg);
	return WT_DUMP_ERROR;
}

static char *base_name(const char *path)
{
	static const char *const suffixes[] = { ".zst", ".gz", ".trc", ".txt", ".dump" };
	const char *slash = strrchr(path, '/');
	char *b = wt_strdup(slash ? slash + 1 : path);
	int again = 1;

	while (again) {
		size_t n = strlen(b);

		again = 0;
		for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
			size_t k = strlen(suffixes[i]);
			if (n > k && strcmp(b + n - k, suffixes[i]) == 0) {
				b[n - k] = '\0';
				again = 1;
				break;
			}
		}
	}
	return b;
}

static struct wt_dump *new_dump(const char *name)
{
	struct wt_dump *d = wt_calloc(1, sizeof(*d));

	d->name = wt_strdup(name);
	d->base = base_name(name);
	wt_kernel_init(&d->kernel);
	wt_kernel_init(&d->building);
	d->mark = d->cur = d->end = "";
	d->piece = PIECE;
	d->block_after = BLOCK_START;
	return d;
}

struct wt_dump *wt_dump_open_src(struct wt_src *src)
{
	struct wt_dump *d = new_dump(wt_src_name(src));

	d->lines = wt_lines_open(src, MAX_LINE);
	wt_lines_hint(d->lines, " (is this a dump?)");
	return d;
}

struct wt_dump *wt_dump_open(const char *path, char *err, size_t errlen)
{
	struct wt_src *src = wt_src_open(path, err, errlen);

	return src ? wt_dump_open_src(src) : NULL;
}

struct wt_dump *wt_dump_open_mem(const char *name, const char *buf, size_t len)
{
	struct wt_dump *d = new_dump(name);

	d->lines = wt_lines_open_mem(name, buf, len, MAX_LINE);
	wt_lines_hint(d->lines, " (is this a dump?)");
	return d;
}

/* Next line (lines.h), or NULL at the end or on an error (in d->err). */
static char *next_line(struct wt_dump *d)
{
	char *s;
	size_t len;

	/* First the lines that the fast path took (d->line counts them). */
	wt_lines_skip(d->lines, (size_t)(d->cur - d->mark),
		      d->line - wt_lines_number(d->lines));
	s = wt_lines_next(d->lines);
	d->line = wt_lines_number(d->lines);
	if (!s && *wt_lines_error(d->lines))
		wt_snprintf(d->err, sizeof(d->err), "%s", wt_lines_error(d->lines));
	/* The buffer may have moved or been refilled: look at it afresh. */
	d->mark = d->cur = wt_lines_peek(d->lines, &len);
	d->end = d->cur + len;
	return s;
}

/* Split off the next space-separated field; NULL if none is left. */
static char *field(char **p)
{
	char *s = *p, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return NULL;
	e = s;
	while (*e && *e != ' ' && *e != '\t')
		e++;
	if (*e)
		*e++ = '\0';
	*p = e;
	return s;
}

static int number(struct wt_dump *d, const char *what, const char *s,
		  uint64_t max, uint64_t *out)
{
	const char *why;

	if (wt_parse_u64(s, max, out, &why) < 0)
		return fail(d, "%s '%s': %s (expected %s up to %llu)", what, s, why,
			    max == UINT64_MAX ? "a 64-bit unsigned number" :
			    "an unsigned number", (unsigned long long)max);
	return 0;
}

static int dims(struct wt_dump *d, const char *key, char *rest, uint32_t out[3])
{
	char *f;
	uint64_t v;
	int i;

	for (i = 0; (f = field(&rest)) != NULL; i++) {
		if (i == 3)
			return fail(d, "%s: expected 3 dimensions X Y Z, got more", key);
		if (number(d, key, f, MAX_DIM, &v) < 0)
			return -1;
		if (v == 0)
			return fail(d, "%s: dimension %d is 0 (expected at least 1)", key, i);
		out[i] = (uint32_t)v;
	}
	if (i != 3)
		return fail(d, "%s: expected 3 dimensions X Y Z, got %d", key, i);
	return 0;
}

static void start_kernel(struct wt_dump *d)
{
	char src[32];
	struct wt_kernel *k = &d->building;

	wt_kernel_free(k);
	wt_kernel_init(k);
	wt_snprintf(src, sizeof(src), ":%llu", (unsigned long long)d->line);
	free(k->source);
	k->source = wt_malloc(strlen(d->name) + strlen(src) + 1);
	strcpy(k->source, d->name);
	strcat(k->source, src);
	d->seen = 0;
	d->state = S_HEADER;
	d->header_line = d->line;
}

static int header_key(const char *key)
{
	static const struct { const char *name; int bit; } keys[] = {
		{ "blocksize", H_BLOCKSIZE }, { "gridsize", H_GRIDSIZE },
		{ "kernel", H_KERNEL }, { "regs", H_REGS }, { "shmem", H_SHMEM },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(key, keys[i].name) == 0)
			return keys[i].bit;
	return 0;
}

static int kernel_name_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if ((unsigned char)*s <= 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/* Apply one "key: value" line to the kernel being read. */
static int header_line(struct wt_dump *d, char *line, char *colon, int bit)
{
	char *rest = colon + 1, *f;
	uint64_t v;

	switch (bit) {
	case H_BLOCKSIZE:
		return dims(d, "blocksize", rest, d->building.block);
	case H_GRIDSIZE:
		return dims(d, "gridsize", rest, d->building.grid);
	case H_KERNEL:
		f = field(&rest);
		if (!f || field(&rest) || !kernel_name_ok(f))
			return fail(d, "kernel: expected one name without spaces");
		free(d->building.name);
		d->building.name = wt_strdup(f);
		return 0;
	default:
		f = field(&rest);
		if (!f || field(&rest))
			return fail(d, "%s: expected one number", line);
		if (number(d, line, f, UINT32_MAX, &v) < 0)
			return -1;
		if (bit == H_REGS)
			d->building.regs = (uint32_t)v;
		else
			d->building.shmem = (uint32_t)v;
		return 0;
	}
}

static void push(struct wt_dump *d, int ev)
{
	d->queue[(d->head + d->queued++) % 4] = ev;
}

/* The header block is over: check it, make it the current kernel, and
 * queue its WT_DUMP_KERNEL. */
static int finish_header(struct wt_dump *d)
{
	struct wt_kernel *k = &d->building;
	uint64_t b, at = d->line;

	d->line = d->header_line;
	if (!(d->seen & H_BLOCKSIZE))
		return fail(d, "kernel header has no 'blocksize: X Y Z' line");
	b = wt_kernel_block_threads(k);
	if (b > UINT32_MAX)
		return fail(d, "blocksize of %llu threads is too large",
			    (unsigned long long)b);
	d->grid_threads = 0;
	if (d->seen & H_GRIDSIZE) {
		d->grid_threads = wt_kernel_grid_threads(k);
		if (d->grid_threads - 1 > UINT32_MAX)
			return fail(d, "grid of %llu threads exceeds the 2^32 "
				    "thread ids a stream can hold",
				    (unsigned long long)d->grid_threads);
	}
	d->line = at;
	if (!(d->seen & H_KERNEL)) {
		char *name = wt_malloc(strlen(d->base) + 16);

		if (d->nkernels == 0)
			strcpy(name, d->base);
		else
			sprintf(name, "%s.%u", d->base, d->nkernels);
		free(k->name);
		k->name = name;
	}
	k->id = d->nkernels++;
	wt_kernel_free(&d->kernel);
	d->kernel = *k;
	wt_kernel_init(k);
	d->state = S_BODY;
	push(d, WT_DUMP_KERNEL);
	return 0;
}

/* The access of a line's fields: thread, op, address, size, pc, icount
 * (the last two 0 in the Ocelot dialect). */
/*
 * The record is stored as the three 8-byte words of its layout (record.h,
 * little-endian): addr; thread and pc; icount, size, op and space.  The
 * writer copies records a word at a time, and a word load that spans
 * several narrower stores must wait for them to reach the cache (trace-gen:
 * 0.32 -> 0.30 s CPU on 8M lines).
 */
_Static_assert(offsetof(struct wt_access, thread) == 8 &&
	       offsetof(struct wt_access, pc) == 12 &&
	       offsetof(struct wt_access, icount) == 16 &&
	       offsetof(struct wt_access, size) == 20 &&
	       offsetof(struct wt_access, op) == 22 &&
	       offsetof(struct wt_access, space) == 23, "access record words");

static inline void set_access(struct wt_access *a, const uint64_t *v)
{
	unsigned char *p = (unsigned char *)a;
	uint64_t w0 = v[2],
		 w1 = (uint32_t)v[0] | (uint64_t)(uint32_t)v[4] << 32,
		 w2 = (uint32_t)v[5] | (uint64_t)(uint16_t)v[3] << 32 |
		      (uint64_t)(uint8_t)v[1] << 48 | (uint64_t)WT_SPACE_GLOBAL << 56;

	/* Each word stored straight into the record: gathered in an array
	 * first, they were copied with a 16-byte load that spans two 8-byte
	 * stores, which waits for both (13 % of trace-gen's time in perf). */
	memcpy(p, &w0, 8);
	memcpy(p + 8, &w1, 8);
	memcpy(p + 16, &w2, 8);
}

/* Scan the next field of an access line as a number. */
static int scan(struct wt_dump *d, const char **p, const char *what,
		uint64_t max, uint64_t *v)
{
	const char *s = *p, *why;

	while (*s == ' ' || *s == '\t')
		s++;
	*p = s;
	if (!*s)
		return -2;
	why = wt_scan_u64(p, max, v);
	if (why) {
		const char *e = s;

		while (*e && *e != ' ' && *e != '\t')
			e++;
		return fail(d, "%s '%.*s': %s (expected %s up to %llu)", what,
			    (int)(e - s), s, why, max == UINT64_MAX ?
			    "a 64-bit unsigned number" : "an unsigned number",
			    (unsigned long long)max);
	}
	return 0;
}

static int field_count(const char *s)
{
	int n = 0;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			return n;
		n++;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
}

static int access_line(struct wt_dump *d, const char *line, struct wt_access *a)
{
	static const char *const names[6] = {
		"thread id", "rw", "address", "size", "pc", "icount"
	};
	static const uint64_t max[6] = {
		UINT32_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT32_MAX, UINT32_MAX
	};
	uint64_t v[6] = { 0 };
	const char *p = line;
	int n, r;
	enum wt_dialect dialect;

	for (n = 0; n < 6; n++) {
		r = scan(d, &p, names[n], max[n], &v[n]);
		if (r == -2)
			break;
		if (r < 0)
			return r;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p || (n != 4 && n != 6)) {
		n = field_count(line);
		return fail(d, "expected 'gid rw address size' (4 fields) or "
			    "'gid rw address size pc icount' (6), got %d field%s",
			    n, n == 1 ? "" : "s");
	}
	dialect = n == 4 ? WT_DIALECT_OCELOT : WT_DIALECT_EXTENDED;
	if (d->dialect != dialect) {
		if (d->dialect != WT_DIALECT_UNKNOWN)
			return fail(d, "%d fields, but line %llu set the %s dialect "
				    "(%d fields)", n,
				    (unsigned long long)d->dialect_line,
				    wt_dialect_name(d->dialect),
				    d->dialect == WT_DIALECT_OCELOT ? 4 : 6);
		d->dialect = dialect;
		d->dialect_line = d->line;
	}
	if (v[1] > WT_OP_MAX)
		return fail(d, "rw %llu: expected 0 (load), 1 (store) or 2 (atomic)",
			    (unsigned long long)v[1]);
	if (v[3] == 0 || v[3] > WT_DUMP_MAX_SIZE || (v[3] & (v[3] - 1)))
		return fail(d, "size %llu: expected a power of two from 1 to %u bytes",
			    (unsigned long long)v[3], WT_DUMP_MAX_SIZE);
	if (v[2] > UINT64_MAX - v[3] + 1)
		return fail(d, "access of %llu bytes at %llu wraps past the end of "
			    "the address space", (unsigned long long)v[3],
			    (unsigned long long)v[2]);
	if (d->grid_threads && v[0] >= d->grid_threads)
		return fail(d, "thread id %llu outside the grid of %llu threads",
			    (unsigned long long)v[0],
			    (unsigned long long)d->grid_threads);
	set_access(a, v);
	return WT_DUMP_ACCESS;
}

/* Values of hexadecimal digits; 16 for every other byte. */
static const unsigned char hex_value[] = {
#define X16 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16
	X16, X16, X16,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 16, 16, 16, 16, 16,
	16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, X16,
	16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, X16,
	X16, X16, X16, X16, X16, X16, X16, X16,
#undef X16
};
_Static_assert(sizeof(hex_value) == 256, "a value for every byte");

/*
 * A number of the fast path: "0x" and 1 to 16 hexadecimal digits, or 1 to
 * 19 decimal ones, which cannot overflow.  Returns its end, or NULL for
 * anything else (longer, empty, negative, not a number), which the
 * general path then takes.  A number ends at the first byte that cannot
 * go on with it, and that byte cannot begin another; so a field that is
 * no number ("12a", "0x1g") fails when the next field, or the end of the
 * line, is looked for.
 */
static inline const char *fast_number(const char *s, uint64_t *out)
{
	const char *start;
	uint64_t v, d;	/* d 64 bits wide: no widening in the loop */

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		start = s += 2;
		for (v = 0; (d = hex_value[(unsigned char)*s]) < 16; s++)
			v = v << 4 | d;
		if (s == start || s - start > 16)
			return NULL;
	} else {
		start = s;
		if ((d = (uint64_t)(unsigned char)*s - '0') > 9)
			return NULL;
		for (v = d; (d = (uint64_t)(unsigned char)*++s - '0') <= 9;)
			v = v * 10 + d;
		if (s - start > 19)
			return NULL;
	}
	*out = v;
	return s;
}

/* A number after exactly one space: the separator of nearly every dump.
 * Other blanks (tabs, more spaces, blanks at either end of the line) are
 * left to the general path, which takes any run of them. */
static inline const char *next_number(const char *s, uint64_t *out)
{
	return *s == ' ' ? fast_number(s + 1, out) : NULL;
}

/*
 * The fast path's parse of the access line at s, of dialect (known),
 * if access_line would accept it: the access in *a and the start of the
 * next line.  NULL, having set nothing, for any other line -- a header, a
 * comment, a blank line, an error, or a line cut short by the end of the
 * buffer (the NUL after it stops the scan) -- which the general path
 * then reads.  It looks at nothing but the line, the dialect and the
 * grid, so that wt_dump_block's threads can run it on pieces at once.
 */
static inline const char *parse_access(const char *s, enum wt_dialect dialect,
				       uint64_t grid_threads, struct wt_access *a)
{
	const char *start = s;
	uint64_t v[6] = { 0 };

	/* No space between two numbers fails too (see fast_number).  Each
	 * field has its own copy of the loops, whose trip counts then repeat
	 * from line to line and so are predicted. */
	if (!(s = fast_number(s, &v[0])) ||
	    !(s = next_number(s, &v[1])) ||
	    !(s = next_number(s, &v[2])) ||
	    !(s = next_number(s, &v[3])))
		return NULL;
	if (dialect == WT_DIALECT_EXTENDED &&
	    (!(s = next_number(s, &v[4])) ||
	     !(s = next_number(s, &v[5]))))
		return NULL;
	if (*s == '\r')
		s++;
	if (*s != '\n' || s - start > MAX_LINE)
		return NULL;
	/* The checks of access_line, which makes their messages. */
	if (v[0] > UINT32_MAX || v[1] > WT_OP_MAX || v[4] > UINT32_MAX ||
	    v[5] > UINT32_MAX || v[3] == 0 || v[3] > WT_DUMP_MAX_SIZE ||
	    (v[3] & (v[3] - 1)) || v[2] > UINT64_MAX - v[3] + 1 ||
	    (grid_threads && v[0] >= grid_threads))
		return NULL;
	set_access(a, v);
	return s + 1;
}

/* The fast path: the next line, if parse_access takes it; else 0, having
 * taken nothing. */
static int fast_access(struct wt_dump *d, struct wt_access *a)
{
	const char *next;

	if (d->dialect == WT_DIALECT_UNKNOWN ||
	    !(next = parse_access(d->cur, d->dialect, d->grid_threads, a)))
		return 0;
	d->cur = next;
	d->line++;
	return 1;
}

static int pop(struct wt_dump *d, struct wt_access *a)
{
	int ev = d->queue[d->head];

	d->head = (d->head + 1) % 4;
	d->queued--;
	if (ev == WT_DUMP_ACCESS)
		*a = d->next;
	return ev;
}

/* A "key: value" line: it may end the kernel before and start a new one. */
static int on_header(struct wt_dump *d, char *key, char *colon)
{
	int bit;

	*colon = '\0';
	bit = header_key(key);
	if (!bit)
		return fail(d, "unknown header '%s:' (expected blocksize, "
			    "gridsize, kernel, regs or shmem)", key);
	if (d->state == S_BODY) {
		push(d, WT_DUMP_KERNEL_END);
		d->state = S_IDLE;
	} else if (d->state == S_HEADER && (d->seen & bit)) {
		/* A repeated key: the block so far was a kernel without
		 * accesses, and this line begins the next one. */
		if (finish_header(d) < 0)
			return -1;
		push(d, WT_DUMP_KERNEL_END);
		d->state = S_IDLE;
	}
	if (d->state == S_IDLE)
		start_kernel(d);
	d->seen |= (unsigned)bit;
	return header_line(d, key, colon, bit);
}

int wt_dump_next(struct wt_dump *d, struct wt_access *a)
{
	char *line;

	if (d->err[0])
		return WT_DUMP_ERROR;
	if (d->queued)
		return pop(d, a);
	/* Most lines, by far: an access in the body of a kernel. */
	if (d->state == S_BODY && fast_access(d, a))
		return WT_DUMP_ACCESS;
	while ((line = next_line(d)) != NULL) {
		char *colon, *key = line;
		int r;

		while (*key == ' ' || *key == '\t')
			key++;
		if (*key == '\0' || *key == '#')
			continue;
		colon = strchr(key, ':');
		if (colon) {
			if (on_header(d, key, colon) < 0)
				return WT_DUMP_ERROR;
			if (d->queued)
				return pop(d, a);
			continue;
		}
		if (d->state == S_BODY)
			return access_line(d, key, a);
		if (d->state == S_IDLE)
			return fail(d, "access before any 'blocksize: X Y Z' "
				    "header (expected as line 1)");
		/* The first access ends the header block. */
		if (finish_header(d) < 0)
			return WT_DUMP_ERROR;
		r = access_line(d, key, &d->next);
		if (r < 0)
			return r;
		push(d, WT_DUMP_ACCESS);
		return pop(d, a);
	}
	if (d->err[0])
		return WT_DUMP_ERROR;
	if (d->state == S_HEADER && finish_header(d) < 0)
		return WT_DUMP_ERROR;
	if (d->state == S_BODY) {
		push(d, WT_DUMP_KERNEL_END);
		d->state = S_IDLE;
	}
	if (d->queued)
		return pop(d, a);
	if (d->nkernels == 0)
		return fail(d, "empty dump: expected a 'blocksize: X Y Z' header");
	return WT_DUMP_END;
}

size_t wt_dump_accesses(struct wt_dump *d, struct wt_access *a, size_t n)
{
	size_t k = 0;

	if (d->err[0] || d->queued || d->state != S_BODY)
		return 0;
	while (k < n && fast_access(d, &a[k]))
		k++;
	return k;
}

/* ---- the fast path on several threads ---- */

/*
 * wt_dump_block parses a block of whole access lines in pieces of at
 * most about d->piece bytes, PIECES_PER_THREAD a thread (a slow piece
 * leaves the other threads work), each into its own array.  The pieces
 * are taken in order up to the first one cut short by a line the fast
 * path leaves (the general path's, which then reads it: a comment, a
 * blank line, an error); the pieces after it are dropped, their work
 * lost, and no block is parsed for the next BLOCK_PAUSE lines, so that a
 * dump whose unusual lines come often runs at the one-thread fast path's
 * speed, not below it.  A block ends before the first ':', the header
 * line where the kernel ends (no access line has one), and at the end of
 * the text the line reader holds (4 MiB, lines.c).  The first
 * BLOCK_START lines (about 8 MB) are read on one thread: a dump that
 * short takes tens of milliseconds, and the threads' start, their
 * arrays' first pages and the hand-offs cost more than they save there
 * (conv2d's 150,000 lines: 21 ms alone, 24 ms with two threads).
 */
static void parse_piece(void *ctx, unsigned i)
{
	const struct wt_dump *d = ctx;
	struct piece *p = &d->pieces[i];
	/* In locals: the pieces lie side by side, and a count kept in its
	 * piece while another thread's piece beside it is written would
	 * bounce their cache line between the two. */
	enum wt_dialect dialect = d->dialect;
	uint64_t grid_threads = d->grid_threads;
	const char *s = p->from, *to = p->to, *next;
	struct wt_access *a = p->a;
	size_t n = 0;

	while (s < to && (next = parse_access(s, dialect, grid_threads, &a[n]))) {
		s = next;
		n++;
	}
	p->n = n;
	p->stop = s;
}

/* The start of the line after the one at s or after it, within end. */
static const char *after_line(const char *s, const char *end)
{
	const char *nl = s < end ? memchr(s, '\n', (size_t)(end - s)) : NULL;

	return nl ? nl + 1 : end;
}

/* How the block from d->cur is cut: its end (after a newline), or NULL
 * when it is too short to pay for the threads (a quarter of a piece). */
static const char *block_end(const struct wt_dump *d, unsigned npieces)
{
	const char *s = d->cur, *end, *stop;
	size_t len = (size_t)(d->end - s);

	if (len > (size_t)npieces * d->piece)
		len = (size_t)npieces * d->piece;
	end = s + len;
	if ((stop = memchr(s, ':', len)) != NULL)
		end = stop;
	while (end > s && end[-1] != '\n')	/* back to a whole line */
		end--;
	return (size_t)(end - s) >= d->piece / 4 ? end : NULL;
}

size_t wt_dump_block(struct wt_dump *d, const struct wt_dump_run **runs)
{
	unsigned np, k;
	const char *end, *from;
	uint64_t lines = 0;

	if (!d->threads)
		d->threads = wt_par_threads();
	if (d->threads < 2 || d->err[0] || d->queued || d->state != S_BODY ||
	    d->dialect == WT_DIALECT_UNKNOWN || d->line < d->block_after)
		return 0;
	np = d->threads < MAX_PIECES / PIECES_PER_THREAD ?
	     d->threads * PIECES_PER_THREAD : MAX_PIECES;
	if (!(end = block_end(d, np)))
		return 0;
	if (!d->pieces) {
		d->pieces = wt_calloc(MAX_PIECES, sizeof(*d->pieces));
		d->runs = wt_calloc(MAX_PIECES, sizeof(*d->runs));
	}
	/* np pieces of about equal size, each ending at a line's end */
	from = d->cur;
	for (unsigned i = 0; i < np; i++) {
		struct piece *p = &d->pieces[i];
		/* the first i + 1 pieces hold about share bytes */
		size_t share = (size_t)(end - d->cur) * (i + 1) / np, need;

		p->from = from;
		p->to = i + 1 == np ? end :
			share ? after_line(d->cur + share - 1, end) : from;
		if (p->to < from)
			p->to = from;
		from = p->to;
		need = (size_t)(p->to - p->from) / MIN_ACCESS_LINE + 1;
		if (p->cap < need) {
			free(p->a);
			p->cap = need;
			p->a = wt_malloc(need * sizeof(*p->a));
		}
	}
	wt_par_for(np, 1, parse_piece, d);
	for (k = 0; k < np; k++) {
		const struct piece *p = &d->pieces[k];

		d->runs[k].a = p->a;
		d->runs[k].n = p->n;
		lines += p->n;
		d->cur = p->stop;
		if (p->stop != p->to) {		/* cut short */
			d->block_after = d->line + lines + BLOCK_PAUSE;
			k++;
			break;
		}
	}
	d->line += lines;
	*runs = d->runs;
	return lines ? k : 0;
}

void wt_dump_set_piece(struct wt_dump *d, size_t bytes)
{
	d->piece = bytes ? bytes : PIECE;
	d->block_after = 0;
}

const struct wt_kernel *wt_dump_kernel(const struct wt_dump *d)
{
	return &d->kernel;
}

enum wt_dialect wt_dump_dialect(const struct wt_dump *d)
{
	return d->dialect;
}

const char *wt_dialect_name(enum wt_dialect dialect)
{
	switch (dialect) {
	case WT_DIALECT_OCELOT:
		return "ocelot";
	case WT_DIALECT_EXTENDED:
		return "extended";
	default:
		return "unknown";
	}
}

const char *wt_dump_error(const struct wt_dump *d)
{
	return d->err;
}

int wt_dump_position(const void *d, uint64_t *at, uint64_t *total)
{
	const struct wt_dump *dd = d;

	return wt_lines_position(dd->lines, at, total);
}

uint64_t wt_dump_line(const struct wt_dump *d)
{
	return d->line;
}

void wt_dump_close(struct wt_dump *d)
{
	if (!d)
		return;
	wt_lines_close(d->lines);
	wt_kernel_free(&d->kernel);
	wt_kernel_free(&d->building);
	free(d->name);
	free(d->base);
	if (d->pieces)
		for (unsigned i = 0; i < MAX_PIECES; i++)
			free(d->pieces[i].a);
	free(d->pieces);
	free(d->runs);
	free(d);
}
