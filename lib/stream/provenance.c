/*
 * provenance.c - what a run is made of; see provenance.h.
 *
 * The hash is of the files as stored, not of their content undone: a
 * second read that undid xz or zstd would cost more than the hash, and a
 * trace is compared with runs of the same files.  The same dump stored
 * once compressed and once not is two traces to report (--force says
 * otherwise).
 */
#include "provenance.h"
#include "hash.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK (1u << 20)

/* Read up to n bytes, fewer only at the end of the file. */
static ssize_t read_full(int fd, char *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

int wt_trace_hash_file(const char *path, uint64_t *h, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY);
	char *buf;
	ssize_t got;

	if (fd < 0) {
		wt_snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = wt_malloc(BLOCK);
	while ((got = read_full(fd, buf, BLOCK)) > 0)
		*h = wt_hash64(*h, buf, (size_t)got);
	if (got < 0)
		wt_snprintf(err, errlen, "%s: %s", path, strerror(errno));
	free(buf);
	close(fd);
	return got < 0 ? -1 : 0;
}

void wt_meta_set_trace_hash(struct wt_meta *m, uint64_t h)
{
	char hex[17];

	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
	wt_meta_set(m, WT_TRACE_HASH_KEY, hex);
}

static void string_or_null(struct wt_json *j, const char *key, const char *v)
{
	wt_json_key(j, key);
	if (v && *v)
		wt_json_string(j, v);
	else
		wt_json_null(j);
}

void wt_json_provenance(struct wt_json *j, const struct wt_meta *m)
{
	char trace[256];

	wt_json_key(j, "trace");
	wt_json_string(j, wt_meta_trace_name(m, trace, sizeof(trace)));
	string_or_null(j, "trace_hash", wt_meta_get(m, WT_TRACE_HASH_KEY));
	string_or_null(j, "machine", wt_meta_get(m, "machine"));
	string_or_null(j, "warp_scheduler", wt_meta_get(m, "policy"));
	string_or_null(j, "l1_timing", wt_meta_get(m, "l1_sched"));
	string_or_null(j, "l1_size", wt_meta_get(m, "l1_size"));
}
