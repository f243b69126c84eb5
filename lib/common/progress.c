/*
 * progress.c - at most four updates a second, each one write(2), then a
 * one-line summary.  See progress.h for who draws and why.
 */
#include "progress.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define INTERVAL 0.25		/* seconds between updates */
#define SUMMARY_AFTER 1.0	/* a shorter run leaves no summary */

static struct {
	int state;		/* 0 not yet asked, 1 off, 2 terminal, 3 forced */
	double start;		/* the first call */
	double last;		/* the last update */
	double input_start;	/* when the input began (its ETA) */
	uint64_t next;		/* no clock read before this many records */
	uint64_t done;
	const char *what;
	wt_progress_where where;
	const void *ctx;
	int shown;		/* the live line is on the terminal */
	size_t cols;		/* the terminal's width */
	int ended;
} P;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Decide once: off, on a terminal, or forced by $WARPTRACE_PROGRESS. */
static int state(void)
{
	const char *e;

	if (P.state)
		return P.state;
	e = getenv("WARPTRACE_PROGRESS");
	if (e && strcmp(e, "0") == 0)
		P.state = 1;
	else if (e && strcmp(e, "1") == 0)
		P.state = 3;
	else
		P.state = isatty(STDERR_FILENO) ? 2 : 1;
	if (P.state == 1)
		P.next = UINT64_MAX;	/* wt_progress returns at once */
	P.cols = 80;
	if (P.state == 2) {
		struct winsize ws;

		if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
			P.cols = ws.ws_col;
	} else if (P.state == 3) {
		P.cols = 512;	/* no terminal: whole names, for tests */
	}
	P.start = P.last = P.input_start = now();
	if (P.state != 1)	/* messages take the live line off first */
		wt_before_message(wt_progress_clear);
	return P.state;
}

/* One write, whole or not at all: a terminal takes it in one piece, so
 * the line of another stage never lands in the middle of it. */
static void say(const char *s, size_t n)
{
	(void)!write(STDERR_FILENO, s, n);
}

/* n with k, M or G, one decimal. */
static const char *count(char *buf, size_t len, double n)
{
	static const char units[] = " kMG";
	int u = 0;

	while (n >= 1000 && u < 3) {
		n /= 1000;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%.0f", n);
	else
		snprintf(buf, len, "%.1f %c", n, units[u]);
	return buf;
}

/* seconds as m:ss, or h:mm:ss. */
static const char *clock_time(char *buf, size_t len, double s)
{
	unsigned long t = s < 0 ? 0 : (unsigned long)(s + 0.5);

	if (t >= 3600)
		snprintf(buf, len, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%lu:%02lu", t / 60, t % 60);
	return buf;
}

void wt_progress_input(wt_progress_where fn, const void *ctx)
{
	if (state() == 1)
		return;
	P.where = fn;
	P.ctx = ctx;
	P.input_start = now();
}

/* The figures of the live line: records, rate, and how far through the
 * input with the time left when its size is known. */
static void figures(char *buf, size_t len, double t, uint64_t at, uint64_t total)
{
	char n[32], rate[32], eta[32];
	double el = t - P.start, inel = t - P.input_start;
	double f = total && at <= total ? (double)at / (double)total : -1;
	int k;

	k = snprintf(buf, len, "%s records, %s/s", count(n, sizeof(n),
		     (double)P.done), count(rate, sizeof(rate),
					    el > 0 ? P.done / el : 0));
	if (f >= 0)
		k += snprintf(buf + k, len - (size_t)k, ", %.0f%%", 100 * f);
	if (f > 0 && inel > 0)
		snprintf(buf + k, len - (size_t)k, ", ETA %s",
			 clock_time(eta, sizeof(eta), inel * (1 - f) / f));
}

static void draw(double t)
{
	char line[512], fig[128];
	const char *what = P.what;
	uint64_t at = 0, total = 0;
	size_t room, len;

	if (P.where && P.where(P.ctx, &at, &total) < 0)
		return;		/* a pipe: the stage before draws */
	figures(fig, sizeof(fig), t, at, total);
	/* A line wider than the terminal would wrap, and \r would go back
	 * only to its last row: the input's name gives way, from the left. */
	room = strlen(wt_progname()) + strlen(fig) + 5;
	room = P.cols > room + 8 ? P.cols - room : 8;
	if (strlen(what) > room)
		what += strlen(what) - room + 3;
	len = (size_t)snprintf(line, sizeof(line), "\r%s: %s%s: %s", wt_progname(),
			       what == P.what ? "" : "...", what, fig);
	if (len > sizeof(line) - 4)
		len = sizeof(line) - 4;
	memcpy(line + len, "\033[K", 3);
	say(line, len + 3);
	P.shown = 1;
}

void wt_progress(const char *what, uint64_t done)
{
	double t;

	if (done < P.next || state() == 1 || P.ended)
		return;
	P.next = done + WT_PROGRESS_EVERY + 1;
	P.what = what;
	P.done = done;
	t = now();
	if (P.state != 3 && t - P.last < INTERVAL)
		return;
	P.last = t;
	draw(t);
}

void wt_progress_clear(void)
{
	/* On a terminal another stage's line may be there too. */
	if (P.shown || P.state == 2)
		say("\r\033[K", 4);
	P.shown = 0;
}

void wt_progress_done(const char *what, uint64_t done)
{
	char line[512], n[32], rate[32];
	double el;
	int len;

	if (state() == 1 || P.ended)
		return;
	P.ended = 1;
	P.next = UINT64_MAX;
	el = now() - P.start;
	if (P.state != 3 && el < SUMMARY_AFTER) {
		if (P.shown)
			say("\r\033[K", 4);
		return;
	}
	len = snprintf(line, sizeof(line), "%s%s: %s: %s records in %.1f s, %s/s",
		       P.shown ? "\r" : "", wt_progname(), what,
		       count(n, sizeof(n), (double)done), el,
		       count(rate, sizeof(rate), el > 0 ? done / el : 0));
	if (len > (int)sizeof(line) - 5)
		len = (int)sizeof(line) - 5;
	memcpy(line + len, P.shown ? "\033[K\n" : "\n", P.shown ? 4 : 1);
	say(line, (size_t)len + (P.shown ? 4 : 1));
	P.shown = 0;
}
