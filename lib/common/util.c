/*
 * util.c - error reporting, allocation and number parsing.
 */
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

static const char *progname = "warptrace";
static void (*die_hooks[8])(void);
static int n_die_hooks;
static atomic_int dying;	/* wt_die has begun */
static _Thread_local int dying_here;	/* in this thread */

void wt_set_progname(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');
	progname = slash ? slash + 1 : argv0;
}

/*
 * glibc serves a large block with mmap, but raises that threshold to the
 * size of each mapped block it frees (up to 32 MiB); from then on, arrays
 * that double as they grow (l1sim's per-SM warp statistics) are
 * reallocated in its heap, where each doubling copies and leaves the old
 * block behind, still resident.  A threshold set once stays put: large
 * blocks are mapped, grown by mremap without a copy, and unmapped when
 * freed.  l1sim --stats on 2^30 stream accesses: 1,072 -> 995 MiB.  With
 * another C library this does nothing.
 */
void wt_big_blocks_mapped(void)
{
#ifdef M_MMAP_THRESHOLD
	mallopt(M_MMAP_THRESHOLD, 256 << 10);
#endif
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

/* What wt_warn and wt_die call before they write (wt_before_message). */
static void (*before_message)(void);

void wt_before_message(void (*fn)(void))
{
	before_message = fn;
}

/*
 * One message and one exit, however many threads fail at once (the
 * channels or partitions of a parallel loop, each finding the same
 * missing $TMPDIR): the first thread to fail reports and exits; any
 * other waits for that exit.  A hook that fails, in that first thread,
 * says so and goes on with the hooks left.
 */
void wt_die(int code, const char *fmt, ...)
{
	va_list ap;
	int was = 0;

	if (!dying_here) {
		dying_here = 1;
		if (!atomic_compare_exchange_strong(&dying, &was, 1))
			for (;;)
				pause();
	}
	fflush(stdout);
	if (before_message)
		before_message();
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	while (n_die_hooks > 0)
		die_hooks[--n_die_hooks]();
	exit(code);
}

void wt_bad_option(char **argv, int optind_now, int optopt_now)
{
	const char *arg = argv[optind_now - 1];

	if (optopt_now && arg[0] == '-' && arg[1] != '-')
		wt_die(WT_EXIT_USAGE, "option '-%c' is unknown or needs a value "
		       "(try '%s --help')", optopt_now, progname);
	wt_die(WT_EXIT_USAGE, "option '%s' is unknown or needs a value "
	       "(try '%s --help')", arg, progname);
}

void wt_warn(const char *fmt, ...)
{
	va_list ap;

	if (before_message)
		before_message();
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

enum { BIG = 2u << 20 };	/* an x86-64 huge page */

/*
 * Memory of BIG bytes or more (a kernel's records, a growing event
 * array) is advised to be backed by transparent huge pages.  A page's
 * first touch costs a fault, and on virtual machines a fault is dear: on
 * the 2-vCPU machine warptrace is developed on, a program writing 100 MiB
 * of fresh memory took 310 ms of CPU in 4 KiB pages (about 12 us a page,
 * more than the work of most stages on it) and 6 ms in huge pages.  The
 * advice covers the pages holding [p, p + n), the whole mapping of a
 * block that malloc mapped on its own, so that the mapping stays one
 * piece that realloc can move.  It is advice: the kernel may decline
 * (THP off), and nothing changes.
 */
static void *advise_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	long page;
	uintptr_t from, to;

	if (n < BIG || (page = sysconf(_SC_PAGESIZE)) <= 0)
		return p;
	from = (uintptr_t)p / (uintptr_t)page * (uintptr_t)page;
	to = ((uintptr_t)p + n + (uintptr_t)page - 1) / (uintptr_t)page *
	     (uintptr_t)page;
	(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)n;
#endif
	return p;
}

void *wt_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu bytes)", n);
	return advise_huge(p, n);
}

void *wt_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu x %zu bytes)", n, size);
	return advise_huge(p, n * size);
}

void *wt_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu bytes)", n);
	return advise_huge(p, n);
}

void *wt_calloc_big(size_t n, size_t size)
{
	size_t bytes;
	void *p;

	if (size && n > SIZE_MAX / size)
		wt_die(WT_EXIT_DATA, "out of memory (%zu x %zu bytes)", n, size);
	bytes = n * size;
	if (bytes < BIG)
		return wt_calloc(n, size);
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		wt_die(WT_EXIT_DATA, "out of memory (%zu bytes)", bytes);
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);	/* advice: failure is harmless */
#endif
	return p;
}

void wt_free_big(void *p, size_t n, size_t size)
{
	if (!p)
		return;
	if (n * size < BIG)
		free(p);
	else
		munmap(p, n * size);
}

void *wt_calloc_lines(size_t n, size_t size)
{
	size_t bytes;
	void *p;

	if (size % WT_CACHE_LINE)
		wt_die(WT_EXIT_DATA, "wt_calloc_lines: elements of %zu bytes "
		       "are no whole number of %d-byte lines", size, WT_CACHE_LINE);
	if (size && n > SIZE_MAX / size)
		wt_die(WT_EXIT_DATA, "out of memory (%zu x %zu bytes)", n, size);
	bytes = n && size ? n * size : WT_CACHE_LINE;
	p = aligned_alloc(WT_CACHE_LINE, bytes);
	if (!p)
		wt_die(WT_EXIT_DATA, "out of memory (%zu bytes)", bytes);
	memset(p, 0, bytes);
	return p;
}

void *wt_grow_lines(void *p, size_t n, size_t more, size_t size)
{
	void *q;

	if (more > SIZE_MAX - n)
		wt_die(WT_EXIT_DATA, "out of memory (%zu + %zu x %zu bytes)", n,
		       more, size);
	q = wt_calloc_lines(n + more, size);
	if (n)
		memcpy(q, p, n * size);
	free(p);
	return q;
}

char *wt_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(wt_malloc(n), s, n);
}

void wt_shell_word(FILE *f, const char *w)
{
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_./:=,+@%-") == strlen(w)) {
		fputs(w, f);
		return;
	}
	fputc('\'', f);
	for (; *w; w++)
		if (*w == '\'')
			fputs("'\\''", f);
		else
			fputc(*w, f);
	fputc('\'', f);
}

void wt_copy_rest(FILE *in, FILE *out)
{
	char buf[8192];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
}

char *wt_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return buf;
}

const char *wt_tmpdir(void)
{
	const char *d = getenv("TMPDIR");

	return d && *d ? d : "/tmp";
}

int wt_temp_fd(const char *prog, const char **dir)
{
	const char *d = wt_tmpdir();
	char path[4096];
	int fd;

	*dir = d;
	wt_snprintf(path, sizeof(path), "%s/%s.XXXXXX", d, prog);
	fd = mkstemp(path);
	if (fd >= 0 && unlink(path) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
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

const char *wt_scan_u64(const char **sp, uint64_t max, uint64_t *out)
{
	const char *s = *sp;
	unsigned base = 10;
	uint64_t v = 0;
	int d, any = 0;

	if (*s == '-')
		return "negative number";
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else {
		/* Fast path: up to 19 decimal digits cannot overflow. */
		const char *start = s;

		while ((unsigned)(*s - '0') < 10 && s - start < 19)
			v = v * 10 + (uint64_t)(*s++ - '0');
		any = s > start;
		if ((*s == '\0' || *s == ' ' || *s == '\t') && any) {
			if (v > max)
				return "number too large";
			*out = v;
			*sp = s;
			return NULL;
		}
	}
	for (;; s++) {
		if (*s == '\0' || *s == ' ' || *s == '\t')
			break;
		d = digit_value(*s, base);
		if (d < 0)
			return "not a number";
		if (__builtin_mul_overflow(v, base, &v) ||
		    __builtin_add_overflow(v, (uint64_t)d, &v) || v > max)
			return "number too large";
		any = 1;
	}
	if (!any)
		return "empty number";
	*out = v;
	*sp = s;
	return NULL;
}

int wt_parse_u64(const char *s, uint64_t max, uint64_t *out, const char **why)
{
	const char *p = s;

	*why = wt_scan_u64(&p, max, out);
	if (!*why && *p)
		*why = "not a number";
	return *why ? -1 : 0;
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

/* The values wt_opt_mark_machine marked, searched by address: a stage
 * marks its machine's options (some dozens) once or twice. */
static const char **machine_args;
static size_t n_machine_args;

void wt_opt_mark_machine(const char *arg)
{
	machine_args = wt_realloc(machine_args, (n_machine_args + 1) *
				  sizeof(machine_args[0]));
	machine_args[n_machine_args++] = arg;
}

void wt_opt_forget_machine(void)
{
	free(machine_args);
	machine_args = NULL;
	n_machine_args = 0;
}

const char *wt_opt_whence(const char *arg)
{
	for (size_t i = 0; i < n_machine_args; i++)
		if (machine_args[i] == arg)
			return " (the machine's value, not given here: --show-machine "
			       "prints the machine)";
	return "";
}

uint64_t wt_opt_num(const char *name, const char *arg, uint64_t lo, uint64_t hi)
{
	uint64_t v;
	const char *why;

	if (wt_parse_size(arg, hi, &v, &why) < 0 || v < lo)
		wt_die(WT_EXIT_USAGE, "--%s=%s%s: expected a number from %llu to %llu",
		       name, arg, wt_opt_whence(arg), (unsigned long long)lo,
		       (unsigned long long)hi);
	return v;
}

double wt_opt_real(const char *name, const char *arg, double lo, double hi)
{
	char *end;
	double v = strtod(arg, &end);

	if (!*arg || *end || !(v >= lo && v <= hi))
		wt_die(WT_EXIT_USAGE, "--%s=%s%s: expected a number from %g to %g",
		       name, arg, wt_opt_whence(arg), lo, hi);
	return v;
}

int wt_opt_choice(const char *name, const char *arg, const char *const *names,
		  int n)
{
	char list[256] = "";

	for (int i = 0; i < n; i++)
		if (strcmp(arg, names[i]) == 0)
			return i;
	for (int i = 0; i < n; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			 i ? (i == n - 1 ? " or " : ", ") : "", names[i]);
	wt_die(WT_EXIT_USAGE, "--%s=%s%s: expected %s", name, arg,
	       wt_opt_whence(arg), list);
}

int wt_mkdirs(const char *dir, char *err, size_t len)
{
	char *d;
	int rc = 0;

	if (!*dir) {
		snprintf(err, len, "an empty directory name");
		return -1;
	}
	d = wt_strdup(dir);
	for (char *c = d + 1;; c++) {
		char save = *c;

		if (save && save != '/')
			continue;
		*c = 0;
		if (mkdir(d, 0777) < 0 && errno != EEXIST) {
			snprintf(err, len, "%s: %s", d, strerror(errno));
			rc = -1;
			break;
		}
		if (!(*c = save))
			break;
	}
	free(d);
	return rc;
}

const char *wt_opt_named(const struct option *lo, const char *const *set,
			 const char *name)
{
	for (const struct option *q = lo; q->name; q++)
		if (strcmp(q->name, name) == 0)
			return set[q->val];
	return NULL;
}
