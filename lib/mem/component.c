/*
 * component.c - what the components share (component.h).
 */
#include "component.h"

const char *wt_refusal_name(enum wt_refusal why)
{
	static const char *const names[WT_REFUSE_MAX] = {
		"none", "queue-full", "past", "not-mine", "mshr-full",
		"mshr-merge", "no-line", "miss-queue-full"
	};

	return why < WT_REFUSE_MAX ? names[why] : "unknown";
}
