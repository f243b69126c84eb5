/*
 * fatal.c - cleanup and messages for the signals that kill a program
 * (see fatal.h).
 */
#include "fatal.h"
#include "util.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

enum { MAX_HOOKS = 8, MAX_MAPS = 8 };

struct mapping {
	const char *start;
	size_t len;
	const char *name;	/* NULL: the entry is free */
};

static void (*hooks[MAX_HOOKS])(void);
static volatile sig_atomic_t nhooks;
static struct mapping maps[MAX_MAPS];
static int installed;

static void say(const char *s)
{
	size_t n = strlen(s);

	while (n > 0) {
		ssize_t w = write(STDERR_FILENO, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static const struct mapping *mapping_at(const void *addr)
{
	const char *a = addr;

	for (int i = 0; i < MAX_MAPS; i++)
		if (maps[i].name && a >= maps[i].start &&
		    (size_t)(a - maps[i].start) < maps[i].len)
			return &maps[i];
	return NULL;
}

static void on_signal(int sig, siginfo_t *info, void *ctx)
{
	const struct mapping *m = NULL;

	(void)ctx;
	if (sig == SIGBUS)
		m = mapping_at(info->si_addr);
	for (int i = nhooks - 1; i >= 0; i--)
		hooks[i]();
	if (m) {
		say(wt_progname());
		say(": ");
		say(m->name);
		say(": changed size while being read\n");
		_exit(WT_EXIT_DATA);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGBUS };

	if (installed)
		return;
	installed = 1;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

void wt_fatal_cleanup(void (*fn)(void))
{
	install();
	if (nhooks < MAX_HOOKS) {
		hooks[nhooks] = fn;
		nhooks++;
	}
}

void wt_fatal_mapping(const void *start, size_t len, const char *name)
{
	install();
	for (int i = 0; i < MAX_MAPS; i++) {
		if (!name && maps[i].name && maps[i].start == start) {
			maps[i].name = NULL;
			return;
		}
		if (name && !maps[i].name) {
			maps[i].start = start;
			maps[i].len = len;
			maps[i].name = name;
			return;
		}
	}
}
