/*
 * dramsched.c - dramsim's request schedulers by name; see dramsched.h.
 */
#include "dramsched.h"
#include "util.h"

#include <getopt.h>
#include <string.h>

/* In the order a usage error names them: the default first. */
static const struct wt_dram_sched_ops *const scheds[] = {
	&wt_dram_frfcfs, &wt_dram_fcfs, &wt_dsched_medic,
};
#define NSCHEDS (sizeof(scheds) / sizeof(scheds[0]))

const struct wt_dram_sched_ops *wt_dram_sched_find(const char *name)
{
	for (size_t i = 0; i < NSCHEDS; i++)
		if (strcmp(scheds[i]->name, name) == 0)
			return scheds[i];
	return NULL;
}

const char *wt_dram_sched_names(char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NSCHEDS && len < n; i++) {
		const char *sep = i == 0 ? "" : i + 1 == NSCHEDS ? " or " : ", ";

		wt_snprintf(buf + len, n - len, "%s%s", sep, scheds[i]->name);
		len += strlen(buf + len);
	}
	return buf;
}

void *wt_dram_sched_begin(const struct wt_dram_sched_ops *s, wt_dram_opt_fn opt,
			  const void *ctx)
{
	void *state = NULL;

	for (size_t i = 0; i < NSCHEDS; i++) {
		void *p;

		if (!scheds[i]->begin)
			continue;
		p = scheds[i]->begin(opt, ctx);
		if (scheds[i] == s)
			state = p;
		else if (scheds[i]->free)
			scheds[i]->free(p);
	}
	return state;
}

/*
 * The schedulers' options on dramsim's command line and --sched's lines
 * of --help, which name them: in --help's order.
 */
static const char sched_help[] =
	"      --sched=S           frfcfs (default), fcfs, or medic (MeDiC's two\n"
	"                          queues: mostly-hit warps first; needs the L2\n"
	"                          hits of l2sim --events=all)\n";

static const struct {
	const char *name;
	const char *help;		/* its lines of --help */
} options[] = {
	{ "medic-reset",
	  "      --medic-reset=N     medic: cycles between warp-type resets (100000)\n" },
	{ "medic-profile",
	  "      --medic-profile=N   medic: lookups profiled after a reset (30)\n" },
	{ "medic-step",
	  "      --medic-step=P      medic: boundary tuning step, percent (5)\n" },
};
#define NOPTIONS (sizeof(options) / sizeof(options[0]))

size_t wt_dram_sched_longopts(struct option *out, size_t max, int first)
{
	if (NOPTIONS > max)
		wt_die(WT_EXIT_DATA, "the DRAM schedulers have more than %zu "
		       "options", max);
	for (size_t i = 0; i < NOPTIONS; i++)
		out[i] = (struct option){ options[i].name, required_argument, NULL,
					  first + (int)i };
	return NOPTIONS;
}

const char *wt_dram_sched_help(void)
{
	static char buf[2048];
	size_t len = strlen(sched_help);

	if (buf[0])
		return buf;
	memcpy(buf, sched_help, len + 1);
	for (size_t i = 0; i < NOPTIONS; i++) {
		size_t n = strlen(options[i].help);

		if (len + n >= sizeof(buf))
			wt_die(WT_EXIT_DATA, "the DRAM schedulers' --help is longer "
			       "than %zu bytes", sizeof(buf));
		memcpy(buf + len, options[i].help, n + 1);
		len += n;
	}
	return buf;
}
