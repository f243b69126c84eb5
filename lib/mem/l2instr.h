/*
 * l2instr.h - l2sim's statistics per warp instruction, per warp and per
 * PC, built from the outcomes of the L2 partitions (l2model.h): MeDiC's
 * warp types of warp instructions (warptype.h) and its inter-bank
 * divergence penalty.
 */
#ifndef WT_L2INSTR_H
#define WT_L2INSTR_H

#include <stddef.h>
#include <stdint.h>

#include "l2model.h"
#include "warptype.h"

struct wt_u64map;
struct wt_warpix;

/*
 * MeDiC's warp types (Fig. 4; warptype.h) of warp instructions, by the L2
 * hit ratio of their loads and atomics, with MeDiC's boundaries.  The
 * names as l2sim's statistics spell them: "all_hit", "mostly_hit", ...
 */
const char *wt_warp_type_name(unsigned t);

/* The entries of pc_of's cache (l2instr.c): a power of two. */
#define WT_L2_PC_HINTS 256

struct wt_l2_pc {
	uint32_t pc;
	uint64_t accesses, hits;
};

struct wt_l2_warp {
	uint32_t kernel, warp, cta, sm;
	uint64_t accesses, hits;
	uint64_t instructions[WT_WT_MAX];
};

/*
 * An open warp instruction: its loads and atomics read so far (reads) and
 * what its statistics need of the outcomes of those that have run (n of
 * them).  It is complete when every one read has run: n == reads.  It
 * keeps its slot in grp until it closes, and its requests carry the slot
 * (wt_l2_instr_read), so that their outcomes find it at once.
 */
struct wt_l2_group {
	uint32_t warp, instr;
	uint32_t reads;			/* loads and atomics read */
	uint32_t n, hits;		/* their outcomes so far */
	uint32_t lo, hi;		/* the fastest and slowest latency */
	uint32_t cta;			/* the warp's (the least seen) */
	uint32_t live;			/* its warp's entry in live */
	uint16_t sm;
	uint8_t open;			/* else a free slot */
	uint8_t newest;			/* its warp's newest */
};

/* A warp of the kernel under way. */
struct wt_l2_live {
	uint32_t newest;		/* its newest instruction's slot */
	uint32_t first;			/* its lowest closed: the warp's
					   CTA and SM are that one's */
};

struct wt_l2_instr_stats {
	uint64_t instructions[WT_WT_MAX];
	/* A warp instruction waits for its slowest load or atomic: the sum
	 * over instructions of their largest latency (arrival at the L2 to
	 * data ready, a miss's fill assumed miss_latency after it leaves). */
	uint64_t stall, ninstr;
	struct wt_l2_hist divergence;	/* all-hit, 2 or more accesses */
	struct wt_l2_pc *pcs;		/* sorted by pc */
	size_t npcs, cappcs;
	/* pc_of's cache: by a hash of a pc, the index + 1 in pcs where it
	 * was last found (0: none), to be checked; a new pc, which moves
	 * those after it, empties it */
	uint32_t pchint[WT_L2_PC_HINTS];
	struct wt_l2_warp *warps;	/* by kernel, then warp; the kernel
					   under way's from kwarps on, in the
					   order they were first read */
	size_t nwarps, capwarps, kwarps;
	/* Set by the caller: no records in warps, which grow with the
	 * trace's warps, not with the working set (l2sim keeps them only
	 * for --stats).  The totals are the same. */
	int no_warp_stats;
	/* Set by the caller: an instruction closes as soon as it is
	 * complete and a later one of its warp has been read, not at the
	 * kernel's end.  Its warp's events must then come in its order. */
	int early;
	/* The kernel under way: its warps (warp -> index + 1 in live, the
	 * same as in warps from kwarps when they are kept); without early,
	 * its instructions that are not their warp's newest ((warp << 32 |
	 * instr) -> slot + 1), for a stream out of each warp's order. */
	struct wt_warpix *wmap;
	struct wt_u64map *gmap;
	struct wt_l2_live *live;	/* nlive of them, in the order the
					   kernel's warps were first read */
	size_t nlive, caplive;
	struct wt_l2_group *grp;	/* the open instructions' slots */
	size_t ngrp, capgrp;
	uint32_t *freed;		/* free slots of grp: capgrp of room,
					   each slot freed once at most */
	size_t nfreed;
};

/*
 * A request that makes an outcome has been read, in kernel `kernel` (the
 * kernel under way): 0 and *slot, its instruction's, for the tag of its
 * outcome.  Its instruction opens if it is new; a later one supersedes
 * the warp's newest, which closes if it is complete (with s->early).
 * -1, with nothing done and *slot the warp's newest instruction, when
 * s->early and the instruction is earlier than that: it may have closed,
 * and taking it could count it twice.
 */
int wt_l2_instr_read(struct wt_l2_instr_stats *s, uint32_t kernel,
		     const struct wt_event *in, uint32_t *slot);
/*
 * Outcomes of the kernel under way (of any partition, in any order, in as
 * many calls as wanted), each tagged with its request's slot: their PCs
 * are counted, they join their instructions, and those that are complete
 * and superseded close (with s->early).  Closing classifies an
 * instruction, adds it to its warp and to the totals and, for an all-hit
 * instruction of two or more accesses, adds the inter-bank divergence
 * penalty, slowest minus fastest latency.  Memory follows the open
 * instructions, one a warp at least (its newest), not the kernel's.
 */
void wt_l2_instr_fold(struct wt_l2_instr_stats *s,
		      const struct wt_l2_outcome *oc, size_t n);
/* The kernel has ended, every request has run: its open instructions
 * close, and its warps are put in order. */
void wt_l2_instr_end(struct wt_l2_instr_stats *s);
void wt_l2_instr_free(struct wt_l2_instr_stats *s);

#endif
