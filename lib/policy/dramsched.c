/*
 * dramsched.c - dramsim's request schedulers by name; see dramsched.h.
 */
#include "dramsched.h"
#include "util.h"

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
