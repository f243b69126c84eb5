/*
 * lru-bench - the limit l1sim works against: a bare set-associative LRU
 * loop over the line addresses of a request stream, with nothing else (no
 * timing, no MSHRs, no statistics, no output).
 *
 *   lru-bench [--size=N] [--assoc=N] [--line=N] [--read-only] FILE
 *
 * The stream is read into memory first, and only the loop is timed.
 * --read-only reads it and stops: under cachegrind, the instructions of
 * the loop are a run's less those of a --read-only run (bench/run.sh).  The
 * index is the plain modulo one: the limit is the loop, not the hash.
 * Prints one JSON object: accesses, hits, seconds, accesses_per_s.
 */
#include "stream.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Line addresses of every request of the stream at path. */
static uint64_t *read_lines(const char *path, unsigned line, size_t *n)
{
	char err[512];
	struct wt_reader *r = wt_reader_open(path, err, sizeof(err));
	struct wt_item it;
	uint64_t *v = NULL;
	size_t cap = 0;

	if (!r)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (wt_reader_expect(r, WT_KIND_REQUEST, "give it coalesce output") < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	*n = 0;
	while (wt_reader_next(r, &it) > 0) {
		const struct wt_request *q = it.recs;

		if (it.type != WT_ITEM_RECORDS)
			continue;
		for (size_t i = 0; i < it.count; i++) {
			if (*n == cap) {
				cap = cap ? 2 * cap : 1 << 20;
				v = wt_realloc(v, cap * sizeof(*v));
			}
			v[(*n)++] = q[i].addr / line;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	wt_reader_close(r);
	return v;
}

int main(int argc, char **argv)
{
	unsigned size = 16384, assoc = 4, line = 128, sets;
	uint64_t *tags, hits = 0, v;
	const uint64_t *a;
	const char *path = NULL, *why;
	size_t n;
	double t0, t;
	int read_only = 0;

	wt_set_progname(argv[0]);
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "--size=", 7) == 0 &&
		    wt_parse_size(argv[i] + 7, 1u << 30, &v, &why) == 0)
			size = (unsigned)v;
		else if (strncmp(argv[i], "--assoc=", 8) == 0 &&
			 wt_parse_u64(argv[i] + 8, 64, &v, &why) == 0 && v)
			assoc = (unsigned)v;
		else if (strncmp(argv[i], "--line=", 7) == 0 &&
			 wt_parse_u64(argv[i] + 7, 4096, &v, &why) == 0 && v)
			line = (unsigned)v;
		else if (strcmp(argv[i], "--read-only") == 0)
			read_only = 1;
		else if (argv[i][0] != '-' && !path)
			path = argv[i];
		else
			wt_die(WT_EXIT_USAGE, "usage: lru-bench [--size=N] "
			       "[--assoc=N] [--line=N] [--read-only] FILE");
	}
	if (!path)
		wt_die(WT_EXIT_USAGE, "usage: lru-bench [--size=N] [--assoc=N] "
		       "[--line=N] [--read-only] FILE");
	sets = size / line / assoc;
	if (!sets || (sets & (sets - 1)))
		wt_die(WT_EXIT_USAGE, "%u sets: expected a power of two", sets);
	a = read_lines(path, line, &n);
	if (read_only) {
		printf("{\"accesses\": %zu}\n", n);
		free((void *)a);
		return 0;
	}
	/* each set's tags, most recent first; all ones is empty */
	tags = wt_malloc((size_t)sets * assoc * sizeof(*tags));
	memset(tags, 0xff, (size_t)sets * assoc * sizeof(*tags));
	t0 = now();
	for (size_t i = 0; i < n; i++) {
		uint64_t *s = &tags[(a[i] & (sets - 1)) * assoc];
		unsigned w = 0;

		while (w < assoc && s[w] != a[i])
			w++;
		hits += w < assoc;
		if (w == assoc)
			w = assoc - 1;		/* the LRU way goes */
		memmove(s + 1, s, w * sizeof(*s));
		s[0] = a[i];
	}
	t = now() - t0;
	printf("{\"accesses\": %zu, \"hits\": %llu, \"seconds\": %.3f, "
	       "\"accesses_per_s\": %.0f}\n", n, (unsigned long long)hits, t,
	       t > 0 ? (double)n / t : 0);
	free(tags);
	free((void *)a);
	return 0;
}
