/*
 * measured.h - L1 miss rates measured by a profiler, from the CSV that
 * nvprof or Nsight Compute (ncu) exports, for report --compare.
 *
 * Three layouts are recognised by their header row (the first row that
 * is not a "==PID==" line of nvprof):
 *
 *   nvprof --csv --metrics M ...     columns "Kernel", "Metric Name",
 *                                    "Avg" (also "Device", "Invocations",
 *                                    "Metric Description", "Min", "Max")
 *   ncu --csv --metrics M ...        columns "Kernel Name", "Metric Name",
 *                                    "Metric Value" (and "ID", "Process
 *                                    ID", ... "Metric Unit")
 *   a plain table                    columns "kernel" and "miss_rate" (a
 *                                    fraction, or a percentage with %)
 *
 * A metric counts if its name has "hit" or "miss" and "rate" or ".pct":
 * hit rates in percent (nvprof's l1_cache_global_hit_rate,
 * global_hit_rate; ncu's l1tex__t_sector_hit_rate.pct and its
 * lsu_mem_global_op_ld variants), whose miss rate is 1 - rate / 100, or
 * miss rates in percent.  Only the first such metric in the file is used;
 * rows of any other metric (counts such as ..._miss.sum included) are
 * skipped unread.  A UTF-8 byte-order mark is skipped.  A kernel name is
 * cut at its first '(' (ncu writes the signature); a kernel listed more
 * than once (ncu: one row per launch) gets the mean of its rows.
 */
#ifndef WT_MEASURED_H
#define WT_MEASURED_H

#include <stddef.h>

struct wt_measured_kernel {
	char *name;
	double miss_rate;	/* fraction */
	unsigned rows;		/* rows averaged */
};

struct wt_measured {
	const char *layout;	/* "nvprof", "ncu" or "plain" */
	char *metric;		/* the metric used, "miss_rate" for plain */
	struct wt_measured_kernel *k;
	size_t n;
};

/* Read path; 0, or -1 with "PATH: line N: what" in err. */
int wt_measured_load(const char *path, struct wt_measured *m, char *err, size_t len);
void wt_measured_free(struct wt_measured *m);

#endif
