/*
 * accelsim.c - trace directories and kernel lists of Accel-Sim.
 *
 * The tracer writes a list, kernelslist, with a line for each traced
 * kernel (kernel-1.trace, or kernel-1.trace.xz) and one for each copy to
 * the GPU before it (MemcpyHtoD,0xADDRESS,BYTES); its post-processor
 * writes kernelslist.g naming the .traceg files.  Kernel files are named
 * relative to the list.  The copies are kept as metadata of the kernel
 * that follows them, so that a result can say what data a kernel had.
 */
#include "accelsim.h"
#include "provenance.h"
#include "lines.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define HEAD 4096
#define MAX_LIST_LINE 4096

struct wt_as {
	struct wt_lines *list;	/* NULL when reading one kernel file */
	char *dir;		/* the list's directory, for relative names */
	struct wt_asf *file;	/* the kernel file being read */
	int single;		/* one kernel file: its state */
	struct wt_kernel kernel;
	struct wt_meta memcpys;	/* listed since the last kernel */
	struct wt_asf_stats st;
	uint64_t kernels;
	uint64_t other_commands;	/* list lines neither copies nor kernels */
	char other_command[48];		/* the first one's name */
	char err[1024];
};

static int fail(struct wt_as *a, const char *fmt, ...) WT_PRINTF(2, 3);

static int fail(struct wt_as *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->err, sizeof(a->err), fmt, ap);
	va_end(ap);
	return WT_AS_ERROR;
}

static int is_dir(const char *path)
{
	struct stat sb;

	return strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static char *join(const char *dir, const char *name)
{
	char *p = wt_malloc(strlen(dir) + strlen(name) + 2);

	if (name[0] == '/' || !*dir)
		strcpy(p, name);
	else
		sprintf(p, "%s/%s", dir, name);
	return p;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *d;

	if (strcmp(path, "-") == 0 || !slash)
		return wt_strdup("");
	d = wt_strdup(path);
	d[slash - path + (slash == path)] = '\0';
	return d;
}

/* The first line of head that is neither blank nor a comment; its length
 * in *len.  Returns NULL if there is none. */
static const char *first_line(const char *head, size_t n, size_t *len)
{
	const char *p = head, *end = head + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *s = p;

		while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s < e && !(*s == '#' && !(e - s >= 9 &&
					      memcmp(s, "#BEGIN_TB", 9) == 0))) {
			*len = (size_t)(e - s);
			return s;
		}
		p = e + 1;
	}
	return NULL;
}

/* A kernel file begins with its header (or a thread block, or an
 * instruction, whose blanks no list line has). */
static int looks_like_kernel_file(const char *head, size_t n)
{
	size_t len;
	const char *s = first_line(head, n, &len);

	return s && (*s == '-' || *s == '#' || memchr(s, ' ', len) ||
		     memchr(s, '\t', len));
}

static int has_suffix(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* A kernel file name: .trace or .traceg, compressed or not. */
static int trace_name(const char *s, size_t n)
{
	static const char *const comp[] = { ".xz", ".zst", ".gz" };

	for (size_t i = 0; i < sizeof(comp) / sizeof(comp[0]); i++)
		if (has_suffix(s, n, comp[i])) {
			n -= strlen(comp[i]);
			break;
		}
	return has_suffix(s, n, ".trace") || has_suffix(s, n, ".traceg");
}

int wt_as_detect(const char *path, const char *head, size_t n)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	const char *s;
	size_t len;

	if (is_dir(path) || strncmp(base, "kernelslist", 11) == 0 ||
	    trace_name(base, strlen(base)))
		return 1;
	s = first_line(head, n, &len);
	while (s && len > 0 && (s[len - 1] == '\r' || s[len - 1] == ' '))
		len--;
	return s && (*s == '-' || *s == '#' || (len >= 6 && !memcmp(s, "Memcpy", 6)) ||
		     trace_name(s, len));
}

/* Look at the start of src, then give it back whole. */
static int sniff_kernel_file(struct wt_src *src, char *err, size_t errlen)
{
	char head[HEAD];
	ssize_t got = wt_src_read(src, head, sizeof(head));

	if (got < 0) {
		wt_snprintf(err, errlen, "%s: %s", wt_src_name(src), wt_src_error(src));
		return -1;
	}
	wt_src_unread(src, head, (size_t)got);
	return looks_like_kernel_file(head, (size_t)got);
}

/* A trace directory's list: its kernelslist.g, the post-processed list,
 * when there is one (the raw files are often deleted once it is made),
 * else its kernelslist; to be freed.  NULL with err if it has neither. */
static char *dir_list(const char *path, char *err, size_t errlen)
{
	struct stat sb;
	char *list = join(path, "kernelslist.g");

	if (stat(list, &sb) == 0)
		return list;
	free(list);
	list = join(path, "kernelslist");
	if (stat(list, &sb) == 0)
		return list;
	wt_snprintf(err, errlen, "%s: a trace directory needs a kernelslist.g "
		    "or kernelslist file", path);
	free(list);
	return NULL;
}

struct wt_as *wt_as_open(const char *path, struct wt_src *src, char *err,
			 size_t errlen)
{
	struct wt_as *a;
	char *list = NULL;
	int kfile;

	if (!src && is_dir(path) && !(list = dir_list(path, err, errlen)))
		return NULL;
	if (!src)
		src = wt_src_open(list ? list : path, err, errlen);
	free(list);
	if (!src)
		return NULL;
	kfile = sniff_kernel_file(src, err, errlen);
	if (kfile < 0) {
		wt_src_close(src);
		return NULL;
	}
	a = wt_calloc(1, sizeof(*a));
	wt_kernel_init(&a->kernel);
	wt_meta_init(&a->memcpys);
	if (kfile) {
		a->file = wt_asf_open_src(src);
		a->single = 1;
	} else {
		a->list = wt_lines_open(src, MAX_LIST_LINE);
		a->dir = dir_of(wt_src_name(src));
	}
	return a;
}

/* Whether line is a command "NAME,0xADDRESS,BYTES", NAME letters only,
 * as the tracer writes each copy (MemcpyHtoD) and some write allocations
 * (cudaMalloc). */
static int is_command(const char *line)
{
	const char *c1 = strchr(line, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
	char addr[64], bytes[64];
	uint64_t v;
	const char *why;

	if (!c2 || c1 == line || (size_t)(c2 - c1 - 1) >= sizeof(addr) ||
	    strlen(c2 + 1) >= sizeof(bytes))
		return 0;
	memcpy(addr, c1 + 1, (size_t)(c2 - c1 - 1));
	addr[c2 - c1 - 1] = '\0';
	strcpy(bytes, c2 + 1);
	if (strncmp(addr, "0x", 2) != 0 || wt_parse_u64(addr, UINT64_MAX, &v, &why) < 0 ||
	    wt_parse_u64(bytes, UINT64_MAX, &v, &why) < 0)
		return 0;
	for (const char *p = line; p < c1; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
			return 0;
	return 1;
}

/* "MemcpyHtoD,0xADDRESS,BYTES": a copy, kept with the next kernel. */
static int memcpy_line(struct wt_as *a, const char *line)
{
	if (!is_command(line))
		return fail(a, "%s:%llu: expected 'MemcpyHtoD,0xADDRESS,BYTES'",
			    wt_lines_name(a->list),
			    (unsigned long long)wt_lines_number(a->list));
	wt_meta_add(&a->memcpys, "memcpy", line);
	return 0;
}

/* The kernel file is open: read its header and describe the kernel. */
static int begin_kernel(struct wt_as *a)
{
	if (wt_asf_begin(a->file) < 0)
		return fail(a, "%s", wt_asf_error(a->file));
	wt_kernel_free(&a->kernel);
	wt_kernel_copy(&a->kernel, wt_asf_kernel(a->file));
	for (size_t i = 0; i < a->memcpys.n; i++)
		wt_meta_add(&a->kernel.extra, "memcpy", a->memcpys.val[i]);
	wt_meta_free(&a->memcpys);
	wt_meta_init(&a->memcpys);
	a->kernels++;
	return WT_AS_KERNEL;
}

enum list_line { LIST_SKIP, LIST_MEMCPY, LIST_COMMAND, LIST_KERNEL };

/* What a list line is: blank or a comment, a copy, another command
 * ("cudaMalloc,0xADDRESS,BYTES", which Accel-Sim passes over: it reads
 * only copies and kernels from a list) or a kernel file's name.  *s is
 * the line without the blanks around it, which are cut off in place. */
static enum list_line list_line(char *line, char **s)
{
	char *e;

	while (*line == ' ' || *line == '\t')
		line++;
	e = line + strlen(line);
	while (e > line && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	*s = line;
	if (!*line || *line == '#')
		return LIST_SKIP;
	if (strncmp(line, "Memcpy", 6) == 0)
		return LIST_MEMCPY;
	return is_command(line) ? LIST_COMMAND : LIST_KERNEL;
}

/* The next list line that names a kernel file: open it. */
static int next_kernel(struct wt_as *a)
{
	char *line, *path, *s, err[768];

	while ((line = wt_lines_next(a->list)) != NULL) {
		switch (list_line(line, &s)) {
		case LIST_SKIP:
			continue;
		case LIST_MEMCPY:
			if (memcpy_line(a, s) < 0)
				return WT_AS_ERROR;
			continue;
		case LIST_COMMAND:
			if (a->other_commands++ == 0)
				wt_snprintf(a->other_command, sizeof(a->other_command),
					    "%.*s", (int)strcspn(s, ","), s);
			continue;
		case LIST_KERNEL:
			break;
		}
		path = join(a->dir, s);
		a->file = wt_asf_open(path, err, sizeof(err));
		free(path);
		if (!a->file)
			return fail(a, "%s:%llu: %s", wt_lines_name(a->list),
				    (unsigned long long)wt_lines_number(a->list), err);
		return begin_kernel(a);
	}
	if (wt_lines_error(a->list)[0])
		return fail(a, "%s", wt_lines_error(a->list));
	if (a->kernels == 0)
		return fail(a, "%s: no kernel file listed (expected lines such as "
			    "kernel-1.traceg)", wt_lines_name(a->list));
	return WT_AS_END;
}

int wt_as_hash(const char *path, uint64_t *h, char *err, size_t errlen)
{
	char *list = NULL, *dir, *line, *s, why[768];
	struct wt_lines *lines;
	struct wt_src *src;
	int kfile, rc = 0;

	if (is_dir(path) && !(list = dir_list(path, err, errlen)))
		return -1;
	if (list)
		path = list;
	src = wt_trace_hash_file(path, h, err, errlen) < 0 ? NULL :
	      wt_src_open(path, err, errlen);
	kfile = src ? sniff_kernel_file(src, err, errlen) : -1;
	if (kfile != 0) {
		if (src)
			wt_src_close(src);
		free(list);
		return kfile < 0 ? -1 : 0;
	}
	lines = wt_lines_open(src, MAX_LIST_LINE);
	dir = dir_of(wt_src_name(src));
	while (rc == 0 && (line = wt_lines_next(lines)) != NULL) {
		char *file;

		if (list_line(line, &s) != LIST_KERNEL)
			continue;
		file = join(dir, s);
		rc = wt_trace_hash_file(file, h, why, sizeof(why));
		if (rc < 0)	/* where the list names it, as next_kernel says */
			wt_snprintf(err, errlen, "%s:%llu: %s", wt_lines_name(lines),
				    (unsigned long long)wt_lines_number(lines), why);
		free(file);
	}
	if (rc == 0 && wt_lines_error(lines)[0]) {
		wt_snprintf(err, errlen, "%s", wt_lines_error(lines));
		rc = -1;
	}
	wt_lines_close(lines);
	free(dir);
	free(list);
	return rc;
}

int wt_as_next(struct wt_as *a, struct wt_warp *rec)
{
	int r;

	if (a->err[0])
		return WT_AS_ERROR;
	if (a->single == 1) {
		a->single = 2;
		return begin_kernel(a);
	}
	if (!a->file)
		return a->single ? WT_AS_END : next_kernel(a);
	r = wt_asf_next(a->file, rec);
	if (r > 0)
		return WT_AS_RECORD;
	if (r < 0)
		return fail(a, "%s", wt_asf_error(a->file));
	a->st = *wt_asf_stats(a->file);
	wt_asf_close(a->file);
	a->file = NULL;
	return WT_AS_KERNEL_END;
}

const struct wt_kernel *wt_as_kernel(const struct wt_as *a)
{
	return &a->kernel;
}

const struct wt_asf_stats *wt_as_stats(const struct wt_as *a)
{
	return &a->st;
}

uint64_t wt_as_stray_memcpys(const struct wt_as *a)
{
	return a->memcpys.n;
}

uint64_t wt_as_other_commands(const struct wt_as *a, const char **first)
{
	*first = a->other_command;
	return a->other_commands;
}

const char *wt_as_error(const struct wt_as *a)
{
	return a->err;
}

void wt_as_close(struct wt_as *a)
{
	if (!a)
		return;
	wt_asf_close(a->file);
	wt_lines_close(a->list);
	wt_kernel_free(&a->kernel);
	wt_meta_free(&a->memcpys);
	free(a->dir);
	free(a);
}
