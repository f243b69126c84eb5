/*
 * dramsched.h - dramsim's request schedulers by name, as --sched gives
 * them, behind the DRAM's hook (dramhook.h): the model's own, frfcfs and
 * fcfs (dram.c), and those of the papers, one file each, dsched_NAME.c:
 *
 *   medic    MeDiC's warp-type-aware memory scheduler (WMS,
 *            Ausavarungnirun et al., section 4.4; dsched_medic.c)
 *
 * dramsched.c lists them; dramsim's engine (dramstage.c) finds one by
 * name and calls it through its hooks only.
 */
#ifndef WT_DRAMSCHED_H
#define WT_DRAMSCHED_H

#include <stddef.h>

#include "dramhook.h"

extern const struct wt_dram_sched_ops wt_dsched_medic;

/* The most options the schedulers have. */
#define WT_DRAM_MAX_OPTIONS 8

struct option;
/* The schedulers' options for a getopt_long table: into out[0..max-1],
 * the val of the k-th first + k; how many.  --sched's lines of --help
 * and theirs, in that order. */
size_t wt_dram_sched_longopts(struct option *out, size_t max, int first);
const char *wt_dram_sched_help(void);
/* The scheduler of that name, or NULL. */
const struct wt_dram_sched_ops *wt_dram_sched_find(const char *name);
/* Their names for a usage error: "a, b or c", in buf. */
const char *wt_dram_sched_names(char *buf, size_t n);
/*
 * Every scheduler's begin (dramhook.h) with the options opt gives, so
 * that they are checked whichever runs (a sweep gives them to every
 * run); the state of s, which runs, the others' freed.  NULL if s has
 * none.
 */
void *wt_dram_sched_begin(const struct wt_dram_sched_ops *s, wt_dram_opt_fn opt,
			  const void *ctx);

#endif
