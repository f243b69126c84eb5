/*
 * accelsim.h - Accel-Sim traces as trace-gen reads them: a trace
 * directory, a kernelslist or kernelslist.g naming kernel files and
 * memory copies, or one kernel file (see asfile.h), as a sequence of
 * kernels of warp records.
 */
#ifndef WT_ACCELSIM_H
#define WT_ACCELSIM_H

#include <stddef.h>
#include <stdint.h>

#include "asfile.h"
#include "record.h"
#include "source.h"
#include "stream.h"

enum wt_as_event {
	WT_AS_ERROR = -1,
	WT_AS_END = 0,		/* no kernel left */
	WT_AS_KERNEL = 1,	/* a kernel begins: wt_as_kernel */
	WT_AS_RECORD = 2,	/* one warp record */
	WT_AS_KERNEL_END = 3,	/* the kernel is over: wt_as_stats */
};

struct wt_as;

/*
 * Open path, a directory (its kernelslist.g, or else its kernelslist), a
 * kernel list or a kernel file, told apart by their first lines.  With
 * src (path then only names it), read that source, which the reader
 * then owns.  NULL with err on failure.
 */
struct wt_as *wt_as_open(const char *path, struct wt_src *src, char *err,
			 size_t errlen);
/* The next event; a record goes into rec, which has room for 32 lanes. */
int wt_as_next(struct wt_as *a, struct wt_warp *rec);
/* The current kernel: its header, and a "memcpy" metadata line for each
 * memory copy the list gives before it. */
const struct wt_kernel *wt_as_kernel(const struct wt_as *a);
/* The statistics of the kernel that ended last. */
const struct wt_asf_stats *wt_as_stats(const struct wt_as *a);
/* Memory copies listed after the last kernel (recorded nowhere). */
uint64_t wt_as_stray_memcpys(const struct wt_as *a);
/* List lines of other commands ("cudaMalloc,0xADDRESS,BYTES"), passed
 * over as Accel-Sim passes them; *first names the first one's. */
uint64_t wt_as_other_commands(const struct wt_as *a, const char **first);
const char *wt_as_error(const struct wt_as *a);
void wt_as_close(struct wt_as *a);

/*
 * Chain into *h (wt_trace_hash_file) the files of the trace at path as
 * wt_as_open reads them: a directory's list or the list or kernel file
 * given, then each kernel file the list names, in its order.  0, or -1
 * with err.
 */
int wt_as_hash(const char *path, uint64_t *h, char *err, size_t errlen);

/*
 * Whether an input is an Accel-Sim trace, from its name (a .trace or
 * .traceg file, compressed or not, or a kernelslist) or from head, its
 * first n bytes: a "-key = value" header, a #BEGIN_TB, a Memcpy line or
 * a kernel file name.
 */
int wt_as_detect(const char *path, const char *head, size_t n);

#endif
