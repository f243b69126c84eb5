/*
 * coalrun.h - coalesce's run over a stream: every warp memory instruction
 * of a stream of warp records through the coalescing rules and the shared
 * memory's banks (cstream.h) into a writer of requests, a kernel of the
 * output per kernel of the input, counted per kernel.
 *
 * A record the rules cannot take (wt_coalesce_valid), bad input and write
 * errors are fatal (wt_die), naming the stream and the record.
 */
#ifndef WT_COALRUN_H
#define WT_COALRUN_H

#include <stddef.h>
#include <stdint.h>

#include "coalesce.h"
#include "stream.h"

/* One kernel's counts. */
struct wt_coalrun_kernel {
	uint32_t id;		/* its index in the stream */
	char *name;
	struct wt_coalesce_stats s;
};

struct wt_coalrun {
	/* settings, the caller's */
	const struct wt_coalesce_cfg *cfg;
	const struct wt_shmem_cfg *sh;
	/* results */
	struct wt_coalrun_kernel *ks;	/* the kernels, in order */
	size_t nks, capks;
};

/* Read r, a stream of warp records, to its end, writing the requests to
 * w, with wt_progress reports. */
void wt_coalrun(struct wt_coalrun *c, struct wt_reader *r, struct wt_writer *w);
void wt_coalrun_free(struct wt_coalrun *c);

#endif
