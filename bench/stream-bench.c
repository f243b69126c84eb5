/*
 * stream-bench - raw throughput of the stream library, without parsing.
 *
 *   stream-bench write N LEVEL FILE   write N access records
 *   stream-bench read FILE            read a stream back
 *
 * Prints one JSON object: {"op": ..., "records": N, "seconds": S,
 * "records_per_s": R, "bytes": B}.
 */
#include "stream.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void report(const char *op, uint64_t n, double s, const char *path)
{
	struct stat st;
	long long bytes = stat(path, &st) == 0 ? (long long)st.st_size : -1;

	printf("{\"op\": \"%s\", \"records\": %llu, \"seconds\": %.3f, "
	       "\"records_per_s\": %.0f, \"bytes\": %lld}\n", op,
	       (unsigned long long)n, s, (double)n / s, bytes);
}

static int do_write(uint64_t n, int level, const char *path)
{
	struct wt_header h;
	struct wt_kernel k;
	struct wt_writer *w;
	struct wt_access a;
	char err[512];
	double t0 = now();

	wt_header_init(&h, WT_KIND_ACCESS, 0);
	w = wt_writer_open(path, &h, level, err, sizeof(err));
	wt_header_free(&h);
	if (!w)
		wt_die(1, "%s", err);
	wt_kernel_init(&k);
	wt_writer_kernel_begin(w, &k);
	memset(&a, 0, sizeof(a));
	a.size = 4;
	for (uint64_t i = 0; i < n; i++) {
		/* A coalesced stream: 16 accesses per thread, 256-thread blocks. */
		a.thread = (uint32_t)(i / 16);
		a.addr = 0x200000000ULL + 4 * ((i % 16) * (n / 16) + i / 16);
		a.pc = (uint32_t)(8 + 16 * (i % 16));
		a.icount = 3;
		a.op = (i % 4) == 3;
		if (wt_writer_put(w, &a) < 0)
			wt_die(1, "%s", wt_writer_error(w));
	}
	wt_writer_kernel_end(w);
	wt_kernel_free(&k);
	if (wt_writer_close(w, err, sizeof(err)) < 0)
		wt_die(1, "%s", err);
	report(level ? "write" : "write-raw", n, now() - t0, path);
	return 0;
}

static int do_read(const char *path)
{
	char err[512];
	double t0 = now();
	struct wt_reader *r = wt_reader_open(path, err, sizeof(err));
	struct wt_item it;
	uint64_t n = 0, sum = 0;

	if (!r)
		wt_die(1, "%s", err);
	while (wt_reader_next(r, &it) > 0) {
		if (it.type != WT_ITEM_RECORDS)
			continue;
		/* Touch every record so the read is not optimised away. */
		for (size_t i = 0; i < it.count; i++)
			sum += ((const struct wt_access *)it.recs)[i].addr;
		n += it.count;
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(1, "%s", wt_reader_error(r));
	wt_reader_close(r);
	report(sum ? "read" : "read", n, now() - t0, path);
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t n;
	const char *why;

	wt_set_progname(argv[0]);
	if (argc == 5 && strcmp(argv[1], "write") == 0) {
		if (wt_parse_size(argv[2], UINT64_MAX, &n, &why) < 0)
			wt_die(2, "N: %s", why);
		return do_write(n, atoi(argv[3]), argv[4]);
	}
	if (argc == 3 && strcmp(argv[1], "read") == 0)
		return do_read(argv[2]);
	fputs("usage: stream-bench write N LEVEL FILE | read FILE\n", stderr);
	return 2;
}
