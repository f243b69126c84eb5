/*
 * l1setup.h - building an L1 configuration the way l1sim's command line
 * does: an architecture preset, then a GPGPU-Sim configuration string,
 * then single options, then the geometry check and the index function.
 * classify configures its L1 view with the same steps.
 *
 * Errors are usage errors: each function prints one line and exits 2.
 */
#ifndef WT_L1SETUP_H
#define WT_L1SETUP_H

#include "l1model.h"
#include "l1pool.h"

struct wt_l1_setup {
	struct wt_l1_cfg cfg;
	unsigned size;		/* capacity in bytes */
	const char *index;	/* index function spec (cacheindex.h) */
	int index_follows;	/* the index is the machine's, not given: where
				   it does not fit the sets, linear (a note) */
	int pool;		/* the preset's scheduler is the warp pool */
	struct wt_pool_cfg pc;
};

/* Reset s to the preset arch: fermi or nugteren. */
void wt_l1_preset(const char *arch, struct wt_l1_setup *s);
/* Apply a GPGPU-Sim cache configuration string such as
 * N:32:128:4,L:L:m:N:H,S:64:8,8. */
void wt_l1_apply_config(const char *str, struct wt_l1_setup *s);
/* The geometry options, each applied when not NULL: --size, --assoc (1 to
 * max_assoc, or full: one set of size/line ways, linear index), --line
 * and --index. */
void wt_l1_options(struct wt_l1_setup *s, const char *size, const char *assoc,
		   unsigned max_assoc, const char *line, const char *index);
/* Derive the number of sets from size, assoc and line, check them, and
 * build the index function; with index_follows, a machine's index that
 * does not fit those sets gives way to linear, with a note. */
void wt_l1_geometry(struct wt_l1_setup *s);

#endif
