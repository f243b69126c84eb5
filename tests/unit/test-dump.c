/*
 * test-dump.c - the dump parser: both dialects, kernel boundaries, every
 * malformed line named by file and line, and the fast path for access
 * lines doing just what the general path does.
 */
#include "dump.h"
#include "util.h"
#include "tap.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Parse text; return the events as a string ("K A A E ..."), and the error. */
static char *events(const char *text, char *err, size_t n)
{
	static char out[4096];
	struct wt_dump *d = wt_dump_open_mem("t.trc", text, strlen(text));
	struct wt_access a;
	size_t len = 0;
	int ev;

	out[0] = '\0';
	err[0] = '\0';
	while ((ev = wt_dump_next(d, &a)) > 0 && len + 4 < sizeof(out)) {
		out[len++] = ev == WT_DUMP_KERNEL ? 'K' : ev == WT_DUMP_ACCESS ? 'A' : 'E';
		out[len] = '\0';
	}
	if (ev < 0)
		snprintf(err, n, "%s", wt_dump_error(d));
	wt_dump_close(d);
	return out;
}

static void check_error(const char *text, const char *want, const char *name)
{
	char err[800];

	events(text, err, sizeof(err));
	like(err, want, "%s", name);
}

static void valid(void)
{
	char err[800];
	struct wt_dump *d;
	struct wt_access a;
	const char *ext =
		"blocksize: 32 8 1\n"
		"gridsize: 2 2 1\n"
		"kernel: syrk_kernel\n"
		"regs: 20\n"
		"shmem: 0\n"
		"# trace-emu syrk\n"
		"1023 1 0x200000400 8 0x1f8 12\n";

	is_str(events("blocksize: 4 1 1\n0 0 100 4\n1 0 104 4\n", err, sizeof(err)),
	       "KAAE", "Ocelot dump: one kernel, two accesses");
	is_str(err, "", "no error");
	is_str(events("blocksize: 4 1 1\r\n0 0 100 4\r\n", err, sizeof(err)), "KAE",
	       "CRLF line ends accepted");
	is_str(events("blocksize: 4 1 1\n\n  # note\n0 0 100 4", err, sizeof(err)),
	       "KAE", "blank lines, comments, no final newline");
	is_str(events("blocksize: 4 1 1\n0 0 1 4\nblocksize: 2 1 1\n0 1 2 4\n1 0 3 8\n",
		      err, sizeof(err)), "KAEKAAE", "two kernels in one file");
	is_str(events("blocksize: 4 1 1\nblocksize: 2 1 1\n0 0 1 4\n", err, sizeof(err)),
	       "KEKAE", "repeated header key: an empty kernel before");
	is_str(events("blocksize: 4 1 1\n", err, sizeof(err)), "KE",
	       "header only: one empty kernel");
	is_str(events("kernel: a\nblocksize: 1 1 1\n0 0 0 1\nkernel: b\nblocksize: 1 1 1\n",
		      err, sizeof(err)), "KAEKE", "kernel name before blocksize");

	d = wt_dump_open_mem("dir/syrk.trc.zst", ext, strlen(ext));
	is_u64(wt_dump_next(d, &a), WT_DUMP_KERNEL, "extended: kernel first");
	is_str(wt_dump_kernel(d)->name, "syrk_kernel", "extended: kernel name");
	ok(wt_dump_kernel(d)->grid[0] == 2 && wt_dump_kernel(d)->grid[1] == 2 &&
	   wt_dump_kernel(d)->block[0] == 32 && wt_dump_kernel(d)->block[1] == 8,
	   "extended: grid and block");
	ok(wt_dump_kernel(d)->regs == 20 && wt_dump_kernel(d)->shmem == 0,
	   "extended: regs and shmem");
	is_str(wt_dump_kernel(d)->source, "dir/syrk.trc.zst:1", "kernel source file:line");
	is_u64(wt_dump_next(d, &a), WT_DUMP_ACCESS, "extended: access");
	ok(a.thread == 1023 && a.op == WT_OP_STORE && a.addr == 0x200000400 &&
	   a.size == 8 && a.pc == 0x1f8 && a.icount == 12,
	   "extended: every field of the access");
	is_u64(wt_dump_dialect(d), WT_DIALECT_EXTENDED, "dialect is extended");
	is_u64(wt_dump_next(d, &a), WT_DUMP_KERNEL_END, "kernel end");
	is_u64(wt_dump_next(d, &a), WT_DUMP_END, "end");
	wt_dump_close(d);

	d = wt_dump_open_mem("x/conv.trc.gz", "blocksize: 1 1 1\n0 2 18446744073709551608 8\n"
			     "blocksize: 1 1 1\n", 60);
	wt_dump_next(d, &a);
	is_str(wt_dump_kernel(d)->name, "conv", "unnamed kernel: file name without suffixes");
	wt_dump_next(d, &a);
	ok(a.op == WT_OP_ATOMIC && a.addr == 18446744073709551608ULL,
	   "atomic at the top of the address space");
	wt_dump_next(d, &a);
	wt_dump_next(d, &a);
	is_str(wt_dump_kernel(d)->name, "conv.1", "second unnamed kernel: numbered");
	wt_dump_close(d);
}

static void malformed(void)
{
	check_error("0 0 100 4\n", "t.trc:1: access before any 'blocksize: X Y Z' header",
		    "missing header");
	check_error("", "t.trc:0: empty dump", "empty file");
	check_error("# only a comment\n", "empty dump", "comment only");
	check_error("blocksize: 4 1\n", "t.trc:1: blocksize: expected 3 dimensions X Y Z, got 2",
		    "blocksize with two numbers");
	check_error("blocksize: 4 0 1\n", "t.trc:1: blocksize: dimension 1 is 0",
		    "blocksize dimension 0");
	check_error("blocksize: 4 1 1\n0 0 100\n", "t.trc:2: expected 'gid rw address size'",
		    "missing field");
	check_error("blocksize: 4 1 1\n0 0 100 4 5\n", "got 5 fields", "five fields");
	check_error("blocksize: 4 1 1\n0 0 10x0 4\n", "t.trc:2: address '10x0': not a number",
		    "bad number");
	check_error("blocksize: 4 1 1\n-1 0 100 4\n", "t.trc:2: thread id '-1': negative number",
		    "negative thread id");
	check_error("blocksize: 4 1 1\n0 0 -100 4\n", "address '-100': negative number",
		    "negative address");
	check_error("blocksize: 4 1 1\n0 0 18446744073709551616 4\n",
		    "t.trc:2: address '18446744073709551616': number too large",
		    "address overflow");
	check_error("blocksize: 4 1 1\n4294967296 0 0 4\n",
		    "thread id '4294967296': number too large", "thread id past 2^32");
	check_error("blocksize: 4 1 1\n0 3 100 4\n", "t.trc:2: rw 3: expected 0 (load), 1 (store) or 2",
		    "rw out of range");
	check_error("blocksize: 4 1 1\n0 0 100 0\n", "t.trc:2: size 0: expected a power of two",
		    "zero-byte access");
	check_error("blocksize: 4 1 1\n0 0 100 12\n", "size 12", "size not a power of two");
	check_error("blocksize: 4 1 1\n0 0 18446744073709551615 4\n", "wraps past the end",
		    "access wrapping the address space");
	check_error("blocksize: 4 1 1\n0 0 100 4\n1 0 104 4 0x10 2\n",
		    "t.trc:3: 6 fields, but line 2 set the ocelot dialect (4 fields)",
		    "dialects mixed");
	check_error("blocksize: 4 1 1\ngridsize: 2 1 1\n8 0 100 4\n",
		    "t.trc:3: thread id 8 outside the grid of 8 threads", "thread outside grid");
	check_error("blocksize: 65536 65536 2\n", "blocksize of 8589934592 threads is too large",
		    "block too large");
	check_error("blocksize: 1024 1 1\ngridsize: 65536 65536 1\n0 0 0 4\n",
		    "exceeds the 2^32 thread ids", "grid product overflow");
	check_error("blocksize: 4 1 1\ncolour: red\n", "t.trc:2: unknown header 'colour:'",
		    "unknown header key");
	check_error("blocksize: 4 1 1\nkernel: two words\n", "t.trc:2: kernel: expected one name",
		    "kernel name with a space");
	check_error("gridsize: 1 1 1\n0 0 0 4\n", "t.trc:1: kernel header has no 'blocksize",
		    "header without blocksize");
	check_error("blocksize: 4 1 1\nregs: many\n", "t.trc:2: regs 'many': not a number",
		    "bad regs");
	check_error("blocksize: 4 1 1\n0 0 100 4 0x1g 2\n", "pc '0x1g': not a number", "bad pc");
	check_error("blocksize: 4 1 1\n0 0 100 4 16 4294967296\n", "icount '4294967296'",
		    "icount overflow");
	{
		char err[800];
		struct wt_dump *d = wt_dump_open_mem("b.trc", "blocksize: 1 1 1\n0 0 1\0 4\n", 26);
		struct wt_access a;

		while (wt_dump_next(d, &a) > 0)
			;
		like(wt_dump_error(d), "b.trc:2: NUL byte", "NUL byte in a line: error");
		wt_dump_close(d);
		(void)err;
	}
}

/* Parse text; the events, the error and the last access. */
static char *last_access(const char *text, size_t len, char *err, size_t n,
			 struct wt_access *last)
{
	static char out[64];
	struct wt_dump *d = wt_dump_open_mem("t.trc", text, len);
	struct wt_access a;
	size_t k = 0;
	int ev;

	err[0] = '\0';
	memset(last, 0, sizeof(*last));
	while ((ev = wt_dump_next(d, &a)) > 0) {
		if (k + 1 < sizeof(out))
			out[k++] = ev == WT_DUMP_KERNEL ? 'K' :
				   ev == WT_DUMP_ACCESS ? 'A' : 'E';
		if (ev == WT_DUMP_ACCESS)
			*last = a;
	}
	out[k] = '\0';
	if (ev < 0)
		snprintf(err, n, "%s", wt_dump_error(d));
	wt_dump_close(d);
	return out;
}

static int fields(const char *line)
{
	int n = 0;

	for (const char *s = line; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r' &&
		    (s == line || s[-1] == ' ' || s[-1] == '\t'))
			n++;
	return n;
}

/* A line as a test name: CR and tab shown, a long one by its length. */
static const char *label(const char *line)
{
	static char name[128];
	size_t k = 0, len = strlen(line);

	if (len > 60) {
		snprintf(name, sizeof(name), "a line of %zu bytes", len);
		return name;
	}
	name[k++] = '\'';
	for (const char *s = line; *s; s++) {
		if (*s == '\r' || *s == '\t') {
			name[k++] = '\\';
			name[k++] = *s == '\r' ? 'r' : 't';
		} else {
			name[k++] = *s;
		}
	}
	name[k++] = '\'';
	name[k] = '\0';
	return name;
}

/*
 * Each line as the first access of a dump, which the general path reads,
 * and again as the third, which the fast path reads if it can: the same
 * error or the same access either way, on line 4 both times.
 */
static void same_both_ways(const char *line)
{
	char slow[8192], fast[8192], err1[800], err2[800];
	const char *good = fields(line) == 6 ? "1 0 64 4 0x10 2" : "1 0 64 4";
	const char *name = label(line);
	struct wt_access a1, a2;
	int n1, n2;

	n1 = snprintf(slow, sizeof(slow), "blocksize: 8 1 1\n#\n#\n%s\n", line);
	n2 = snprintf(fast, sizeof(fast), "blocksize: 8 1 1\n%s\n%s\n%s\n",
		      good, good, line);
	last_access(slow, (size_t)n1, err1, sizeof(err1), &a1);
	is_str(last_access(fast, (size_t)n2, err2, sizeof(err2), &a2),
	       err1[0] ? "KAA" : "KAAAE", "fast path: %s: events", name);
	is_str(err2, err1, "fast path: %s: error", name);
	ok(err1[0] || memcmp(&a1, &a2, sizeof(a1)) == 0,
	   "fast path: %s: access", name);
}

static void fast_path_lines(void)
{
	static const char *const lines[] = {
		/* taken by the fast path */
		"7 1 4096 4", "7 2 4096 8 0x1f8 12", "0x7 0 0X1000 8",
		"007 2 0xFFFFFFFFFFFFFF00 128", "4294967295 0 1 1",
		"1 0 1234567890123456789 4", "1 0 18446744073709551612 4",
		"1 0 0xfffffffffffffffc 4 0xffffffff 4294967295",
		"7 1 4096 4\r",
		/* left to the general path, which accepts them: blanks
		 * other than one space between fields, */
		"7\t1  4096 4  ", "  7 1 4096 4", "7 1 4096 4 \t\r",
		"7 1 4096 4 ", "7 1 4096\t4",
		/* and numbers too long for the fast path */
		"1 0 12345678901234567890 4",
		"1 0 0x0000000000000000001 4", "1 0 00000000000000000000001 4",
		/* left to the general path, which refuses them */
		"7 1 4096 3", "7 1 4096 0", "7 1 4096 256", "7 3 4096 4",
		"-1 0 1 4", "4294967296 0 1 4", "1 0 12a 4", "1 0 0x 4",
		"1 0 0x1g 4", "1 0 0x10000000000000000 4",
		"1 0 18446744073709551616 4", "1 0 18446744073709551615 4",
		"1 0 0xfffffffffffffffd 4", "1 0 0xffffffffffffffff 1",
		"1 0 99999999999999999999 4", "1 0 1 4 5", "1 0 1", "1",
		"1 0 1 4\r\r", "1 0 1 4\r 5", "1 0 1\r 4", "1 0 1 4 # note",
		"1 0 1 +4", "1 0 1 4.0", "1 0 1 4 0x10", "1 0x 1 4",
		"1 0 1 4 16 4294967296", "1 0 1 4 0x100000000 1",
		"1 0 1 4 1 2 3",
	};
	char line[4200];

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		same_both_ways(lines[i]);
	/* The longest line allowed, blanks and all, and one byte more. */
	for (size_t len = 4096; len <= 4097; len++) {
		memset(line, ' ', len);
		memcpy(line, "1 0 1", 5);
		memcpy(line + len - 2, " 4", 3);
		same_both_ways(line);
	}
}

/* The fast path among the other lines of a dump. */
static void fast_path_among(void)
{
	static const char nul[] = "blocksize: 1 1 1\n0 0 1 4\n0 0 1 4\n"
				  "0 0 1\0 4\n";
	struct wt_access a;
	struct wt_dump *d;
	const char *text;
	char err[800];

	/* Lines counted right between the fast path and the general one. */
	check_error("blocksize: 4 1 1\n0 0 1 4\n0 0 2 4\n# c\n\n0 0 3 4\n"
		    "0 0 4 4\n0 9 5 4\n", "t.trc:8: rw 9",
		    "fast path: line numbers across comments and blank lines");
	check_error("blocksize: 4 1 1\ngridsize: 2 1 1\n0 0 1 4\n7 0 1 4\n"
		    "8 0 1 4\n", "t.trc:5: thread id 8 outside the grid of 8",
		    "fast path: thread outside the grid");
	check_error("blocksize: 4 1 1\n0 0 1 4\n0 0 2 4\n0 0 3 4 0x10 2\n",
		    "t.trc:4: 6 fields, but line 2 set the ocelot dialect",
		    "fast path: dialects mixed");
	last_access(nul, sizeof(nul) - 1, err, sizeof(err), &a);
	like(err, "t.trc:4: NUL byte", "fast path: NUL byte in a line");
	text = "blocksize: 4 1 1\n0 0 1 4\n0 0 2 4\n0 1 3 8";
	is_str(last_access(text, strlen(text), err, sizeof(err), &a), "KAAAE",
	       "fast path: a last line without a newline");
	ok(a.addr == 3 && a.size == 8 && a.op == WT_OP_STORE,
	   "fast path: a last line without a newline: its access");
	text = "blocksize: 4 1 1\n0 0 1 4\n0 0 2 4\n#\n0 0 3 4\n";
	d = wt_dump_open_mem("t.trc", text, strlen(text));
	for (int k = 0; k < 4; k++)
		wt_dump_next(d, &a);
	ok(a.addr == 3 && wt_dump_line(d) == 5,
	   "fast path: wt_dump_line names the line of the access");
	wt_dump_close(d);
}

/* Append formatted text to a growing string (*out, *len of *cap bytes). */
static void note(char **out, size_t *len, size_t *cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*cap - *len < 256) {
		*cap = 2 * *cap + 256;
		*out = realloc(*out, *cap);
	}
	va_start(ap, fmt);
	n = vsnprintf(*out + *len, *cap - *len, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}

static void note_access(char **out, size_t *len, size_t *cap,
			const struct wt_access *a)
{
	note(out, len, cap, "A %u %llu %u %u %u %u\n", a->thread,
	     (unsigned long long)a->addr, a->size, a->op, a->pc, a->icount);
}

/*
 * Every event of the dump d as text, each with its access's fields or
 * the parser's line, and its error at the end: read with wt_dump_next
 * alone when run is 0, else with wt_dump_accesses taking up to run
 * accesses before each call of wt_dump_next; *by_run counts those.  With
 * piece, wt_dump_block in pieces of that many bytes goes first each time
 * (*by_run counts its accesses then).
 */
static char *trail_blocks(struct wt_dump *d, size_t run, size_t piece,
			  size_t *by_run)
{
	struct wt_access a[300];
	char *out = NULL;
	size_t len = 0, cap = 0;
	int ev;

	if (piece)
		wt_dump_set_piece(d, piece);
	for (;;) {
		const struct wt_dump_run *runs;
		size_t k = piece ? wt_dump_block(d, &runs) : 0;

		for (size_t r = 0; r < k; r++)
			for (size_t i = 0; i < runs[r].n; i++, ++*by_run)
				note_access(&out, &len, &cap, &runs[r].a[i]);
		if (k)
			continue;
		k = run ? wt_dump_accesses(d, a, run) : 0;
		*by_run += piece ? 0 : k;
		for (size_t i = 0; i < k; i++)
			note_access(&out, &len, &cap, &a[i]);
		if ((ev = wt_dump_next(d, a)) <= 0)
			break;
		if (ev == WT_DUMP_ACCESS)
			note_access(&out, &len, &cap, &a[0]);
		else
			note(&out, &len, &cap, "%c line %llu\n",
			     ev == WT_DUMP_KERNEL ? 'K' : 'E',
			     (unsigned long long)wt_dump_line(d));
	}
	note(&out, &len, &cap, "end %d %s\n", ev, ev < 0 ? wt_dump_error(d) : "");
	wt_dump_close(d);
	return out;
}

static char *trail(struct wt_dump *d, size_t run, size_t *by_run)
{
	return trail_blocks(d, run, 0, by_run);
}

/*
 * A new temporary file (its name in path, 32 bytes) holding three kernels
 * of n access lines each, with a comment every 9,999 lines if comments,
 * and a bad line at the end; what names it in a failed test if it cannot
 * be made.  0, or -1.
 */
static int temp_dump(char *path, int n, int comments, const char *what)
{
	FILE *f;
	int fd;

	snprintf(path, 32, "/tmp/wt-test-dump.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		ok(0, "%s: %s: %s", what, path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	for (int k = 0; k < 3; k++) {
		fprintf(f, "blocksize: 256 1 1\ngridsize: 512 1 1\nkernel: k%d\n", k);
		for (int i = 0; i < n; i++) {
			if (comments && i % 9999 == 0)
				fprintf(f, "# %d\n", i);
			fprintf(f, "%d %d %llu %d\n", i % 131072, i % 3 == 2,
				(unsigned long long)i * 4 + 4096 * (unsigned)k, 1 << (i % 4));
		}
	}
	fprintf(f, "0 7 0 4\n");
	fclose(f);
	return 0;
}

/* wt_dump_accesses returns what wt_dump_next would, a run at a time. */
static void runs(void)
{
	static const size_t sizes[] = { 1, 3, 256, 300 };
	static const char *texts[] = {
		"blocksize: 4 1 1\nkernel: a\n0 0 1 4\n1 1 2 8\n# c\n\n2 0 3 4\n"
		"blocksize: 2 1 1\nkernel: b\n0 2 9 4\n1 0 10 4\n",
		"blocksize: 4 1 1\n0 0 1 4 0x10 2\n0 0 2 4 0x18 0\n  3 0 3 4 0x20 1\n",
		"blocksize: 4 1 1\n0 0 1 4\n0 0 2 4\n0 9 5 4\n0 0 6 4\n",
		"blocksize: 4 1 1\n0 0 1 4\n0 0 2 4\n0 1 3 8",
		"blocksize: 4 1 1\n0 0 1 4\nblocksize: 2 1 1\n0 2 9 4\n1 0 10 4\n",
	};
	char path[32];
	size_t by_run = 0, by_next;
	int bad = 0;

	for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
		char *want = trail(wt_dump_open_mem("t.trc", texts[t],
						    strlen(texts[t])), 0, &by_run);

		for (size_t r = 0; r < sizeof(sizes) / sizeof(sizes[0]); r++) {
			char *got = trail(wt_dump_open_mem("t.trc", texts[t],
							   strlen(texts[t])),
					  sizes[r], &by_run);

			bad += strcmp(got, want) != 0;
			free(got);
		}
		free(want);
	}
	ok(bad == 0, "runs of 1, 3, 256 and 300 accesses: what single calls return");

	/* A file longer than the parser's buffer: runs stop at its end. */
	if (temp_dump(path, 150000, 1, "a file of 450 K lines") < 0)
		return;
	{
		char err[256];
		char *want, *got;

		by_run = 0;
		want = trail(wt_dump_open(path, err, sizeof(err)), 0, &by_run);
		got = trail(wt_dump_open(path, err, sizeof(err)), 256, &by_run);
		ok(strcmp(got, want) == 0, "a file of 450 K lines: runs of 256 "
		   "return what single calls do");
		by_next = 450000 - by_run;
		ok(by_run > 440000 && by_next > 0, "most by runs (%zu), some by "
		   "wt_dump_next at kernel and buffer ends (%zu)", by_run, by_next);
		like(want + strlen(want) - 60, "rw 7", "and the error after them");
		free(got);
		free(want);
	}
	remove(path);
}

/* A dump of kernels whose access lines come with every kind of other
 * line now and then (comments, blank lines, the general path's blanks,
 * CRLF, a grid limit), and, where bad is set, a bad line near the end. */
static char *mixed_dump(int bad, size_t *len)
{
	char *out = NULL;
	size_t cap = 0;

	*len = 0;
	for (int k = 0; k < 3; k++) {
		note(&out, len, &cap, "blocksize: 32 1 1\ngridsize: 4 1 1\nkernel: k%d\n", k);
		for (int i = 0; i < 3000; i++) {
			if (i % 997 == 5)
				note(&out, len, &cap, "# %d\n", i);
			if (i % 1409 == 7)
				note(&out, len, &cap, "\n");
			if (i % 1201 == 9)
				note(&out, len, &cap, "%d\t0  %d 4\n", i % 128, i);
			note(&out, len, &cap, "%d %d 0x%x %d%s\n", i % 128, i % 3 == 2,
			     i * 4 + 4096 * k, 1 << (i % 4), i % 700 == 3 ? "\r" : "");
		}
	}
	if (bad)
		note(&out, len, &cap, "5 0 16 4\n200 0 16 4\n6 0 16 4\n");
	return out;
}

/* wt_dump_block returns what wt_dump_next would, in pieces of any size. */
static void blocks(void)
{
	static const size_t pieces[] = { 16, 64, 1000, 40000 };
	size_t by_block, by_next, len;
	char path[32];

	for (int bad = 0; bad <= 1; bad++) {
		char *text = mixed_dump(bad, &len), *want;
		int same = 1, used = 1;

		by_next = 0;
		want = trail(wt_dump_open_mem("t.trc", text, len), 0, &by_next);
		for (size_t p = 0; p < sizeof(pieces) / sizeof(pieces[0]); p++) {
			char *got;

			by_block = 0;
			got = trail_blocks(wt_dump_open_mem("t.trc", text, len), 256,
					   pieces[p], &by_block);
			same &= strcmp(got, want) == 0;
			used &= by_block > 0;
			free(got);
		}
		ok(same, "blocks of pieces of 16 B to 40 KB, %s: what single calls "
		   "return", bad ? "a bad line at the end" : "a good dump");
		ok(used, "blocks of pieces of 16 B to 40 KB, %s: some accesses by "
		   "blocks", bad ? "a bad line at the end" : "a good dump");
		if (bad)
			like(want + strlen(want) - 60, "outside the grid",
			     "blocks: and the error after them");
		free(want);
		free(text);
	}

	/* A file longer than the line reader's buffer, with the default
	 * pieces: blocks stop at its end and at each kernel's. */
	if (temp_dump(path, 200000, 0, "blocks: a file of 600 K lines") < 0)
		return;
	{
		char err[256];
		char *want, *got;

		by_next = by_block = 0;
		want = trail(wt_dump_open(path, err, sizeof(err)), 0, &by_next);
		got = trail_blocks(wt_dump_open(path, err, sizeof(err)), 256,
				   1 << 20, &by_block);
		ok(strcmp(got, want) == 0, "blocks: a file of 600 K lines: what "
		   "single calls return");
		ok(by_block > 500000, "blocks: a file of 600 K lines: most by "
		   "blocks (%zu)", by_block);
		free(got);
		free(want);
	}
	remove(path);
}

int main(void)
{
	valid();
	malformed();
	fast_path_lines();
	fast_path_among();
	runs();
	/* blocks need threads: as many as OMP_NUM_THREADS says (par.h) */
	setenv("OMP_NUM_THREADS", "3", 1);
	blocks();
	return tap_done();
}
