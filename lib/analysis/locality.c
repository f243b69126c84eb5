/*
 * locality.c - Khairy et al.'s locality categories; see locality.h.
 */
#include "locality.h"

#include <stddef.h>

enum wt_loc wt_loc_relation(const struct wt_ref *prev, const struct wt_ref *cur)
{
	if (!prev)
		return WT_LOC_MISS;
	if (prev->kernel != cur->kernel)
		return WT_LOC_INTER_KERNEL;
	if (prev->warp == cur->warp)
		return prev->lanes & cur->lanes ? WT_LOC_INTRA_THREAD
						: WT_LOC_INTER_THREAD;
	if (prev->cta == cur->cta)
		return WT_LOC_INTRA_BLOCK;
	return prev->sm == cur->sm ? WT_LOC_INTRA_CORE : WT_LOC_INTER_CORE;
}

const char *wt_loc_name(unsigned loc)
{
	static const char *const names[] = {
		"miss", "intra-thread", "inter-thread", "intra-block",
		"intra-core", "inter-core", "inter-kernel"
	};
	return loc < WT_LOC_MAX ? names[loc] : "unknown";
}
