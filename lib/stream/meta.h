/*
 * meta.h - ordered key=value metadata of stream headers and kernels.
 *
 * Keys are [A-Za-z0-9_.-]+; values are printable text without newlines.
 * A key may repeat (e.g. one "stage" per upstream program); wt_meta_get
 * returns the last value.  Serialised as "key=value\n" lines.
 */
#ifndef WT_META_H
#define WT_META_H

#include <stddef.h>

struct wt_meta {
	size_t n, cap;
	char **key;
	char **val;
};

void wt_meta_init(struct wt_meta *m);
void wt_meta_free(struct wt_meta *m);
void wt_meta_copy(struct wt_meta *dst, const struct wt_meta *src);
void wt_meta_add(struct wt_meta *m, const char *key, const char *val);
void wt_meta_set(struct wt_meta *m, const char *key, const char *val);
const char *wt_meta_get(const struct wt_meta *m, const char *key);

/* Append "stage=prog version arg1 arg2 ..." recording how a stage ran. */
void wt_meta_add_stage(struct wt_meta *m, int argc, char **argv);

/*
 * The trace a stream came from, for reports: the last argument of its
 * first stage (trace-gen DUMP, trace-emu ...) that is neither an option
 * nor the value of -o, --output, --stats, --level or --format, without
 * directories and without everything from its first '.'
 * ("samples/spmv.trc.zst" gives "spmv").  Empty when the first stage
 * read stdin ("-" or no such argument).
 */
const char *wt_meta_trace_name(const struct wt_meta *m, char *buf, size_t len);

int wt_meta_key_ok(const char *key);
int wt_meta_value_ok(const char *val);

/* Serialise to a malloc'd buffer; *len excludes the terminating NUL. */
char *wt_meta_serialise(const struct wt_meta *m, size_t *len);

/* Parse "key=value\n" lines (NUL padding at the end allowed).  Returns 0,
 * or -1 with a reason written to why. */
int wt_meta_parse(struct wt_meta *m, const char *buf, size_t len,
		  char *why, size_t whylen);

#endif
