/*
 * arch.c - warp scheduling policies by name; see arch.h.
 */
#include "arch.h"

#include <string.h>

static const char *const policy_names[] = { "lrr", "gto", "two-level" };

const char *wt_policy_name(enum wt_policy p)
{
	return (unsigned)p < 3 ? policy_names[p] : "unknown";
}

int wt_policy_parse(const char *name)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(name, policy_names[i]) == 0)
			return i;
	return -1;
}
