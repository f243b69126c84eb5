/*
 * tgen.h - trace-gen's conversion: Ocelot-style dumps (dump.h) into a
 * stream of thread-access records, or Accel-Sim traces (accelsim.h)
 * into warp records, one kernel of the stream per kernel read, counted
 * per kernel for the statistics (tgenstats.h).  An Accel-Sim kernel's
 * notes (what it held that is not modelled) go to stderr as it ends.
 *
 * Bad input and write errors are fatal (wt_die), naming the file and
 * line, as trace-gen(1) documents them.
 */
#ifndef WT_TGEN_H
#define WT_TGEN_H

#include <stddef.h>
#include <stdint.h>

#include "asfile.h"
#include "kernel.h"
#include "meta.h"
#include "source.h"
#include "stream.h"

/* An input, and what it holds. */
struct wt_tgen_input {
	const char *path;	/* "-": stdin */
	int accelsim;		/* an Accel-Sim trace, else an Ocelot dump */
	struct wt_src *src;	/* stdin or a FIFO, already looked into */
};

/* What a kernel's statistics count of its accesses; a run of them is
 * counted apart (a block on trace-gen's threads) and added to its
 * kernel's. */
struct wt_tgen_counts {
	uint64_t ops[WT_OP_MAX + 1], bytes;
	uint64_t addr_min, addr_max;
	uint32_t thread_max;
};

/* One kernel converted. */
struct wt_tgen_kernel {
	uint64_t accesses;
	struct wt_tgen_counts n;	/* of its accesses */
	uint64_t counted;	/* Accel-Sim: the instructions its records count */
	struct wt_kernel kernel;	/* its id: its index in the stream */
	char dialect[16];
	int accelsim;
	struct wt_asf_stats as;	/* Accel-Sim's counts */
};

struct wt_tgen {
	struct wt_writer *w;	/* the caller's, its header written */
	struct wt_tgen_kernel *ks;	/* the kernels, in order */
	size_t nks, capks;
	uint64_t progress;	/* records written */
};

/*
 * Decide in's format before the stream's record kind is fixed: format 0
 * from its name and first bytes, 1 an Ocelot dump, 2 an Accel-Sim
 * trace.  An input that cannot be read twice keeps what was read in
 * in->src.
 */
void wt_tgen_detect(struct wt_tgen_input *in, int format);
/* The trace's content hash, of every input in turn, into m; none if an
 * input cannot be read twice (in->src). */
void wt_tgen_trace_hash(const struct wt_tgen_input *in, int nin,
			struct wt_meta *m);
/* Convert in onto g->w, with wt_progress reports. */
void wt_tgen_convert(struct wt_tgen *g, const struct wt_tgen_input *in);
void wt_tgen_free(struct wt_tgen *g);

#endif
