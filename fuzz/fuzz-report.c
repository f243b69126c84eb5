/*
 * fuzz-report.c - libFuzzer target: report's inputs.  The first byte picks
 * what the rest is: even, a --stats JSON file, which is loaded and made
 * into every table report knows (twice, as a run and its baseline), and
 * printed in all four formats; odd, a profiler's CSV export (--compare),
 * which is read and compared against a fixed l1sim run.  Each input must
 * be refused with one reason or give tables; never a crash.
 */
#include "measured.h"
#include "rtables.h"
#include "stats.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

/* The input in a file of its own: both readers take paths. */
static int put(const uint8_t *data, size_t size)
{
	FILE *f;

	if (!path[0]) {
		int fd;

		snprintf(path, sizeof(path), "/tmp/fuzz-report.XXXXXX");
		fd = mkstemp(path);
		if (fd < 0)
			abort();
		close(fd);
	}
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	return 0;
}

static void print_all(const struct wt_rep *r)
{
	FILE *null = fopen("/dev/null", "w");

	for (size_t i = 0; i < r->nt; i++)
		for (int fmt = WT_FMT_TEXT; fmt <= WT_FMT_JSON; fmt++)
			wt_table_print(null, r->t[i], (enum wt_table_format)fmt);
	fclose(null);
}

static void stats(void)
{
	static const char run[] = "{\"program\":\"l1sim\",\"total\":{\"loads\":10,"
		"\"cycles\":100},\"kernels\":[{\"name\":\"k\",\"hits\":5,\"misses\":5}]}";
	struct wt_stats s[2];
	struct wt_rep r;
	struct wt_rep_opts o = { 0 };
	char err[1024];
	FILE *f;

	if (wt_stats_load(path, &s[0], err, sizeof(err)) < 0)
		return;
	f = fopen(path, "w");
	if (!f || fputs(run, f) < 0 || fclose(f) != 0)
		abort();
	if (wt_stats_load(path, &s[1], err, sizeof(err)) < 0)
		abort();		/* a valid file must load */
	if (wt_rep_build(&r, s, 2, &o, err, sizeof(err)) == 0) {
		print_all(&r);
		wt_rep_free(&r);
	}
	wt_stats_free(&s[0]);
	wt_stats_free(&s[1]);
}

static void measured(void)
{
	static const char run[] = "{\"program\":\"l1sim\",\"kernels\":[{\"name\":"
		"\"k\",\"hits\":5,\"misses\":5},{\"name\":\"\",\"hits\":0,\"misses\":0}]}";
	struct wt_measured m;
	struct wt_stats s;
	struct wt_rep r;
	struct wt_rep_opts o = { 0 };
	char err[1024];
	FILE *f;

	if (wt_measured_load(path, &m, err, sizeof(err)) < 0)
		return;
	for (size_t i = 0; i < m.n; i++)
		if (!(m.k[i].miss_rate >= 0 && m.k[i].miss_rate <= 1))
			abort();	/* rates are checked on the way in */
	f = fopen(path, "w");
	if (!f || fputs(run, f) < 0 || fclose(f) != 0)
		abort();
	if (wt_stats_load(path, &s, err, sizeof(err)) < 0)
		abort();
	o.measured = &m;
	if (wt_rep_build(&r, &s, 1, &o, err, sizeof(err)) == 0) {
		print_all(&r);
		wt_rep_free(&r);
	}
	wt_stats_free(&s);
	wt_measured_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	put(data + 1, size - 1);
	if (data[0] & 1)
		measured();
	else
		stats();
	return 0;
}
