/*
 * asfile.h - one kernel of an Accel-Sim trace, as its NVBit tracer writes
 * it (a raw kernel-N.trace, every line naming its CTA and warp) or as its
 * post-processor groups it (kernel-N.traceg, thread block by thread block
 * and warp by warp), turned into warp records of 32 lanes.
 *
 * Records come in the order of the file, each warp's in program order;
 * time and sm are 0, for trace-order to fill.  A warp's non-memory
 * instructions after its last memory instruction (all of a warp that has
 * none) make its last record, of op WT_OP_NONE, so that the records
 * count every instruction of the file.  trace-gen(1) is the
 * normative description of the format and of the readings chosen here.
 */
#ifndef WT_ASFILE_H
#define WT_ASFILE_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "source.h"
#include "stream.h"

/* Longest line accepted: 32 listed addresses and 32 registers fit in
 * well under 2 KiB. */
#define WT_AS_MAX_LINE 16384

/*
 * The generic-address windows assumed for LD, ST, ATOM and RED: an
 * address within this many bytes from the header's shared (local) base
 * address is a shared (local) access.  The tracer writes both bases 32
 * MiB apart; 16 MiB each covers the 228 KiB of shared memory of the
 * largest CTA and keeps the windows apart.
 */
#define WT_AS_SHARED_WINDOW (16u << 20)
#define WT_AS_LOCAL_WINDOW (16u << 20)

struct wt_asf_stats {
	int traceg;			/* grouped by thread block */
	unsigned tracer_version;	/* 0 when the header gives none */
	uint64_t instructions;		/* warp instructions, of every kind */
	uint64_t records;		/* memory instructions written */
	uint64_t tails;			/* WT_OP_NONE records written */
	uint64_t empty_masks;		/* memory instructions without an
					   active lane: counted, not written */
	uint64_t trailing;		/* non-memory instructions after the
					   last memory instruction of a warp
					   (or all of a warp without one): the
					   WT_OP_NONE records' */
	uint64_t ldgsts_halves;		/* raw: shared-memory lines of LDGSTS */
	uint64_t ops[WT_OP_MAX + 1];	/* records by operation */
	uint64_t spaces[WT_SPACE_MAX + 1];	/* records by space */
	uint64_t lanes, bytes;		/* active lanes, and their bytes */
	uint64_t lane_ops[WT_OP_MAX + 1];	/* active lanes by operation */
	uint64_t addr_min, addr_max;	/* over active lanes */
	uint64_t warps, ctas;		/* that had an instruction line */
	/* Things passed over, for notes. */
	uint64_t cluster_lines, unknown_headers, tma, width_from_opcode;
	uint64_t generic_mixed;		/* generic instructions whose lanes
					   fall in different spaces */
	uint64_t generic_unbased;	/* generic instructions taken as
					   shared for want of base addresses */
	uint64_t loose_lines;		/* lines with addresses of lanes
					   predicated off (see wt_as_layout) */
	uint64_t icount_lost;		/* non-memory instructions past the
					   2^32 - 1 a record's icount holds */
	uint64_t addr_not_memory;	/* lines with addresses whose opcode
					   is not a memory instruction */
	char unknown_header[48], not_memory_opcode[48];
};

struct wt_asf;

/* Open a kernel file, compressed or not.  NULL with err on failure. */
struct wt_asf *wt_asf_open(const char *path, char *err, size_t errlen);
/* Read from src, which the kernel file then owns. */
struct wt_asf *wt_asf_open_src(struct wt_src *src);
/* Parse from memory (tests, fuzzing); name is used in errors. */
struct wt_asf *wt_asf_open_mem(const char *name, const char *buf, size_t len);

/* Read the header lines.  0, or -1 with wt_asf_error set. */
int wt_asf_begin(struct wt_asf *f);
/* The kernel the header describes (valid after wt_asf_begin). */
const struct wt_kernel *wt_asf_kernel(const struct wt_asf *f);
/*
 * The next record, into rec (room for 32 lanes): a memory instruction,
 * or a warp's last non-memory instructions (op WT_OP_NONE, flags
 * WT_WARP_LAST); 1, or 0 at the end of the file, or -1 with
 * wt_asf_error set.
 */
int wt_asf_next(struct wt_asf *f, struct wt_warp *rec);
const struct wt_asf_stats *wt_asf_stats(const struct wt_asf *f);
/* "file:line: what was wrong, and what was expected". */
const char *wt_asf_error(const struct wt_asf *f);
void wt_asf_close(struct wt_asf *f);

#endif
