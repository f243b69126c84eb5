/*
 * measured.h - L1 miss rates measured by a profiler, from the CSV that
 * nvprof or Nsight Compute (ncu) exports, for report --compare.
 *
 * Five layouts are recognised by their header row: the first row of one
 * of them (lines of nvprof and ncu that begin "==", "==PROF==" and
 * "==1234==", are skipped, and so are rows the application printed
 * before the header):
 *
 *   nvprof   nvprof --csv --metrics M: a row per kernel and metric;
 *            columns "Kernel", "Metric Name", "Avg" (also "Device",
 *            "Invocations", "Metric Description", "Min", "Max")
 *   nvprof-trace
 *            nvprof --csv --print-gpu-trace --metrics M: a row per
 *            launch; columns "Kernel" (or "Name"), a column per metric
 *            (headed by its name or its description, "L1 Global Hit
 *            Rate"); the kernel's " [N]" (its correlation id) is dropped
 *   ncu      ncu --csv (the details page): a row per launch and metric;
 *            columns "Kernel Name", "Metric Name", "Metric Value" (and
 *            "ID", "Process ID", ... "Section Name", "Metric Unit")
 *   ncu-raw  ncu --csv --page raw: a row per launch; columns "Kernel
 *            Name" and a column per metric, the row below the header
 *            their units
 *   plain    columns "kernel" and "miss_rate" (a fraction, or a
 *            percentage with %)
 *
 * A metric counts if its name has "hit" or "miss" and "rate" or ".pct",
 * in any case: hit rates in percent (nvprof's l1_cache_global_hit_rate,
 * global_hit_rate; ncu's l1tex__t_sector_hit_rate.pct and its
 * lsu_mem_global_op_ld variants, the details page's "L1/TEX Hit Rate"),
 * whose miss rate is 1 - rate / 100, or miss rates in percent (a ncu
 * .ratio metric is a fraction).  One metric is used: the first such in
 * the file (in its columns, for the wide layouts), but that an L2 rate
 * (a name that begins "l2" or "lts__") is used only when there is no
 * other; rows of any other metric (counts such as ..._miss.sum) are
 * skipped unread, and so are values "" and "n/a".  Values may have ncu's
 * thousands separators ("1,234.5").  A UTF-8 byte-order mark is skipped.
 *
 * Kernels are told apart by their whole name as the file writes it (ncu's
 * "void foo<float, 4>(float *, int)"); report reduces it to match l1sim's
 * (kname.h).  A kernel of several rows (one per launch) gets their mean.
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
	const char *path;	/* the file, as given to wt_measured_load */
	const char *layout;	/* "nvprof", "nvprof-trace", "ncu", "ncu-raw"
				   or "plain" */
	char *metric;		/* the metric used, "miss_rate" for plain */
	struct wt_measured_kernel *k;
	size_t n;
};

/* Read path; 0, or -1 with "PATH: line N: what" in err. */
int wt_measured_load(const char *path, struct wt_measured *m, char *err, size_t len);
void wt_measured_free(struct wt_measured *m);

#endif
