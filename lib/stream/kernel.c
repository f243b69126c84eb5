/*
 * kernel.c - stream headers and kernel descriptions, and their text form.
 *
 * A kernel travels in a kernel-begin chunk as metadata lines: id, name,
 * grid, block, regs, shmem, source, then any other keys unchanged.
 */
#include "kernel.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void wt_header_init(struct wt_header *h, enum wt_kind kind, unsigned lanes)
{
	memset(h, 0, sizeof(*h));
	h->version_major = WT_FORMAT_MAJOR;
	h->version_minor = 0;	/* raised by a writer that needs more */
	h->kind = kind;
	h->lanes = kind == WT_KIND_WARP ? lanes : 0;
	h->record_size = wt_record_size(kind, h->lanes);
	wt_meta_init(&h->meta);
}

void wt_header_free(struct wt_header *h)
{
	wt_meta_free(&h->meta);
}

void wt_kernel_init(struct wt_kernel *k)
{
	memset(k, 0, sizeof(*k));
	k->name = wt_strdup("");
	k->source = wt_strdup("");
	wt_meta_init(&k->extra);
}

void wt_kernel_free(struct wt_kernel *k)
{
	free(k->name);
	free(k->source);
	wt_meta_free(&k->extra);
	memset(k, 0, sizeof(*k));
}

void wt_kernel_copy(struct wt_kernel *dst, const struct wt_kernel *src)
{
	*dst = *src;
	dst->name = wt_strdup(src->name);
	dst->source = wt_strdup(src->source);
	wt_meta_init(&dst->extra);
	wt_meta_copy(&dst->extra, &src->extra);
}

uint64_t wt_kernel_block_threads(const struct wt_kernel *k)
{
	uint64_t t;

	/* two dimensions below 2^32 cannot overflow; three may: saturate */
	if (__builtin_mul_overflow((uint64_t)k->block[0] * k->block[1],
				   (uint64_t)k->block[2], &t))
		return UINT64_MAX;
	return t;
}

uint64_t wt_kernel_grid_threads(const struct wt_kernel *k)
{
	/* Each dimension is below 2^32, so two products cannot overflow
	 * 2^64 only when the dump is absurd; saturate instead of wrapping. */
	uint64_t b = wt_kernel_block_threads(k), t = b;

	for (int i = 0; i < 3; i++) {
		if (k->grid[i] && t > UINT64_MAX / k->grid[i])
			return UINT64_MAX;
		t *= k->grid[i];
	}
	return t;
}

/* A zstd level from -100 to 22 (0: no compression); -1 if s is not one. */
static int parse_level(const char *s, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < -100 || v > 22)
		return -1;
	*out = (int)v;
	return 0;
}

int wt_env_level(const char *output)
{
	const char *s = getenv("WARPTRACE_LEVEL");
	struct stat st;
	int v;

	if (!s || !*s) {
		/* A pipe to the next stage: compressing costs more time than
		 * the bytes it saves (bench/run.sh, "pipe" lines).  A device
		 * (/dev/null, a terminal) keeps no bytes to save: compressing
		 * into /dev/null was a third of l1sim's instructions on a
		 * sample.  Files are compressed. */
		int got = !output || strcmp(output, "-") == 0 ?
			  fstat(STDOUT_FILENO, &st) : stat(output, &st);

		if (got == 0 && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))
			return 0;
		return WT_DEFAULT_LEVEL;
	}
	if (parse_level(s, &v) < 0)
		wt_die(WT_EXIT_USAGE, "WARPTRACE_LEVEL=%s: expected a zstd level "
		       "from -100 to 22, or 0 for no compression", s);
	return v;
}

void wt_check_outputs(const char *stream, const char *stats)
{
	if (stats && strcmp(stats, "-") == 0 && strcmp(stream, "-") == 0)
		wt_die(WT_EXIT_USAGE, "--stats=- and the stream cannot both go to "
		       "stdout; give the stream -o FILE");
}

int wt_level_arg(const char *arg)
{
	int v;

	if (parse_level(arg, &v) < 0)
		wt_die(WT_EXIT_USAGE, "--level=%s: expected a zstd level from "
		       "-100 to 22, or 0", arg);
	return v;
}

static void put_dims(struct wt_meta *m, const char *key, const uint32_t d[3])
{
	char buf[64];

	wt_meta_add(m, key, wt_snprintf(buf, sizeof(buf), "%u %u %u",
					d[0], d[1], d[2]));
}

void wt_kernel_to_meta(const struct wt_kernel *k, struct wt_meta *m)
{
	char buf[32];

	wt_meta_add(m, "id", wt_snprintf(buf, sizeof(buf), "%u", k->id));
	wt_meta_add(m, "name", k->name);
	put_dims(m, "grid", k->grid);
	put_dims(m, "block", k->block);
	wt_meta_add(m, "regs", wt_snprintf(buf, sizeof(buf), "%u", k->regs));
	wt_meta_add(m, "shmem", wt_snprintf(buf, sizeof(buf), "%u", k->shmem));
	wt_meta_add(m, "source", k->source);
	wt_meta_copy(m, &k->extra);
}

static int get_u32(const char *s, uint32_t *out)
{
	uint64_t v;
	const char *why;

	if (wt_parse_u64(s, UINT32_MAX, &v, &why) < 0)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int get_dims(const char *s, uint32_t d[3])
{
	char buf[64];
	char *tok, *save = NULL;
	int i = 0;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (i == 3 || get_u32(tok, &d[i++]) < 0)
			return -1;
	}
	return i == 3 ? 0 : -1;
}

int wt_kernel_from_meta(struct wt_kernel *k, const struct wt_meta *m,
			char *why, size_t whylen)
{
	int have_id = 0;

	for (size_t i = 0; i < m->n; i++) {
		const char *key = m->key[i], *val = m->val[i];
		int bad = 0;

		if (strcmp(key, "id") == 0) {
			bad = get_u32(val, &k->id);
			have_id = 1;
		} else if (strcmp(key, "name") == 0) {
			free(k->name);
			k->name = wt_strdup(val);
		} else if (strcmp(key, "source") == 0) {
			free(k->source);
			k->source = wt_strdup(val);
		} else if (strcmp(key, "grid") == 0) {
			bad = get_dims(val, k->grid);
		} else if (strcmp(key, "block") == 0) {
			bad = get_dims(val, k->block);
		} else if (strcmp(key, "regs") == 0) {
			bad = get_u32(val, &k->regs);
		} else if (strcmp(key, "shmem") == 0) {
			bad = get_u32(val, &k->shmem);
		} else {
			wt_meta_add(&k->extra, key, val);
		}
		if (bad) {
			wt_snprintf(why, whylen, "kernel metadata: bad value for %s: '%s'",
				    key, val);
			return -1;
		}
	}
	if (!have_id) {
		wt_snprintf(why, whylen, "kernel metadata: no id");
		return -1;
	}
	return 0;
}
