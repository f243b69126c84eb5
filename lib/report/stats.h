/*
 * stats.h - reading the --stats JSON file of any warptrace program (with
 * jansson), for report(1) and sweep(1).
 *
 * Members are named by dotted paths from the top object: "total.miss_rate",
 * "settings.index"; a number names an array element: "kernels.0.name".
 */
#ifndef WT_STATS_H
#define WT_STATS_H

#include <jansson.h>
#include <stddef.h>

struct wt_stats {
	char *path;		/* the file */
	char *label;		/* its name in tables: the file name without
				   directory and .json, unless set */
	const char *program;	/* "l1sim", "classify", ...: the "program"
				   member, which every stats file has */
	json_t *root;
	int view;		/* a part of another run's file (a gpusim
				   run's L1, L2 or DRAM), not a file */
};

/* Load path; 0, or -1 with "PATH: line L, column C: what" (or another
 * one-line reason) in err. */
int wt_stats_load(const char *path, struct wt_stats *s, char *err, size_t len);
void wt_stats_free(struct wt_stats *s);
/*
 * A gpusim file holds the statistics of its L1s, L2 slices and DRAM
 * channels under "l1", "l2" and "dram", with the stages' keys: each is
 * made a run of l1sim, l2sim and dramsim of its own (a view), with the
 * file's provenance and its run's name, appended to *s; the L1's cycles
 * and IPC are gpusim's (the loop's, not the L1's span).  Returns the new
 * count; *s is reallocated.
 */
size_t wt_stats_expand(struct wt_stats **s, size_t n);
/* The value at path, or NULL. */
json_t *wt_stats_at(const struct wt_stats *s, const char *path);
/* The value at path below v. */
json_t *wt_json_path(json_t *v, const char *path);
/* The number at path (integer or real), or NAN when absent, null or not a
 * number. */
double wt_stats_num(const struct wt_stats *s, const char *path);
double wt_json_num(json_t *v, const char *path);
/* The string at path, or NULL. */
const char *wt_stats_str(const struct wt_stats *s, const char *path);

#endif
