/*
 * progress.c - at most a few updates a second, then a clean line end.
 */
#include "progress.h"
#include "util.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int enabled = -1;
static int shown;
static double last;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void wt_progress(const char *what, uint64_t done)
{
	double t;

	if (enabled < 0)
		enabled = isatty(STDERR_FILENO);
	if (!enabled)
		return;
	t = now();
	if (t - last < 0.25)
		return;
	last = t;
	fprintf(stderr, "\r%s: %s: %.1f M records ", wt_progname(), what,
		(double)done / 1e6);
	shown = 1;
}

void wt_progress_done(void)
{
	if (shown)
		fputs("\r\033[K", stderr);
	shown = 0;
}
