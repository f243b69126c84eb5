/*
 * l2model.h - one memory partition of the shared L2: ports, banks with
 * request queues, a tag store, MSHRs and a write policy; and the per
 * warp-instruction statistics (MeDiC's warp types and inter-bank
 * divergence penalty) built from the partitions' outcomes.
 *
 * The timing model, per partition, requests taken in arrival order:
 *
 *   1. A request arriving at cycle a takes the port that is free first
 *      (the lowest numbered on a tie) at s = max(a, the port's free
 *      cycle), and spends one cycle in the port and the bank arbiter.
 *   2. It enters its bank's request queue at e >= s + 1, no earlier than
 *      the previous request to the bank entered (FIFO), and only when
 *      the queue has fewer than bank_queue requests; until then it stays
 *      at the port, which is busy until e.
 *   3. The bank starts one tag access per bank_cycle cycles, in queue
 *      order, at t >= e.  The access takes tag_latency cycles: a hit's
 *      data is ready at t + tag_latency, a miss leaves for DRAM then.
 *   4. A read miss needs an MSHR entry (mshr_entries in flight at t,
 *      0 = unlimited); a read of a line in flight merges into its entry
 *      (mshr_merge requests per entry, the first included, 0 =
 *      unlimited) and waits for its fill.  The fill returns miss_latency
 *      cycles after the miss left (an assumed DRAM round trip).  A miss
 *      that finds every way of its set reserved, no free entry, or a
 *      full entry is a reservation fail: its bank stalls and retries the
 *      access when the resource frees.
 *
 * Queueing delay = t - a - 1: every cycle beyond the port cycle before
 * the tag access starts.
 */
#ifndef WT_L2MODEL_H
#define WT_L2MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "cache.h"
#include "gscount.h"
#include "sbyp.h"
#include "l2policy.h"
#include "medic.h"
#include "record.h"
#include "warptype.h"

enum wt_l2_fail {
	WT_L2_FAIL_MSHR_ENTRY,	/* no free MSHR entry */
	WT_L2_FAIL_MSHR_MERGE,	/* the line's entry has no merge slot */
	WT_L2_FAIL_LINE_ALLOC,	/* every way of the set is reserved */
	WT_L2_FAIL_MAX
};

struct wt_l2_cfg {
	struct wt_cache_geom geom;
	struct wt_index ix;		/* on partition-local addresses */
	unsigned sector;		/* bytes, for write-back sector masks */
	int sectored;			/* lines of sectors, each with its own
					   state (l2sector.c) */
	unsigned ev_sector;		/* bytes of the sectors of the L1
					   events' masks (0: sector) */
	unsigned l1_line;		/* a line L1's line size: its load
					   misses fetch all of it; 0: the L1
					   is sectored (or unknown), its
					   misses fetch their masks */
	int write_back;			/* else write-through */
	int write_allocate;		/* enum wt_walloc (cache.h); W, F and
					   L as GPGPU-Sim (l2sector.c) */
	unsigned banks, bank_bit;	/* bank = local >> bank_bit mod banks */
	unsigned ports, bank_queue, bank_cycle, tag_latency;
	unsigned mshr_entries, mshr_merge;
	unsigned miss_latency;
	int disabled;			/* no L2: everything goes on */
	int emit_all;			/* also hits and merged misses */
	unsigned medic;			/* MeDiC components: WT_MEDIC_* */
	struct wt_medic_cfg medic_cfg;	/* its reset is also the period of
					   Rand, PC-Byp and PCAL */
	/* MeDiC's comparison points (l2policy.h) */
	double rand_bypass;		/* Rand: the fraction of warps; 0 off */
	uint64_t seed;
	int pc_bypass;			/* PC-Byp (needs l2->pcmedic) */
	int eaf;			/* EAF insertion */
	unsigned pcal_tokens;		/* PCAL (needs l2->pcal); 0 off */
	/* Khairy et al.'s streaming bypass, below */
	int sbyp;
	uint64_t sbyp_period;		/* cycles: 10 000 */
	double sbyp_threshold;		/* load miss rate: 0.9 */
};

/*
 * MeDiC (Ausavarungnirun et al., section 4), per partition:
 *
 *   WT_MEDIC_WBYP  a load of a mostly-miss or all-miss warp (after its
 *                  profiling, medic.h) bypasses the L2: it goes on to DRAM
 *                  at its arrival cycle, as a bypass event, without a
 *                  port, bank or lookup.  Its atomics still look the line
 *                  up but do not allocate it on a miss.  Stores are not
 *                  bypassed: this L2 is write-back, where MeDiC assumes
 *                  write-through (section 4.2).
 *   WT_MEDIC_WIP   each line keeps its inserting warp's class (mostly-
 *                  and all-miss 0, balanced or untyped 1, mostly- and
 *                  all-hit 2), updated by each hit; victims are taken from
 *                  the lowest class first, least recently used first
 *                  within it; lines of class 0 are inserted at the LRU
 *                  position, 1 in the middle, 2 at MRU (section 4.3).
 *
 * Warp types come from the lookups of every partition (medic.h): the
 * caller gives all partitions one wt_medic and their requests in arrival
 * order.  The third component, WMS, is dramsim's (dramsim --sched=medic).
 */
enum { WT_MEDIC_WBYP = 1, WT_MEDIC_WIP = 2 };

/*
 * The streaming bypass of Khairy et al. (section 4.1, "We implement the
 * same method for L2 caches"), with the L1's state machine (struct
 * wt_sbyp, sbyp.h), one per partition: each slice's controller
 * measures its own load miss rate.
 *
 *   - A load belongs to the period of its arrival at the partition; the
 *     periods that ended by then are closed first.  Only loads count in
 *     the miss rate (a merged miss is a miss); stores and atomics are
 *     never bypassed and do not count.
 *   - At the end of a period whose miss rate is above the threshold the
 *     partition closes; at the end of one at or below it, it opens.
 *   - While closed, a load goes on to DRAM at its arrival cycle as a
 *     bypass event, without a port, bank, MSHR or data access, as the
 *     other bypasses do.  Its tags alone are looked up and updated, at
 *     that cycle, as an open L2's lookup would (recency, victim,
 *     insertion, a dirty victim's write-back), so that the miss rate is
 *     still measured; a line they take has no data and is marked so.
 *   - A store or atomic that finds a marked line drops it first (there
 *     is nothing to write into or read), and is then served as a miss.
 *     When the partition opens again, every marked line is dropped.
 */

/* Log2 histogram: bin 0 holds 0, bin i holds 2^(i-1) .. 2^i - 1. */
#define WT_L2_HIST_BINS 40
struct wt_l2_hist {
	uint64_t n, sum, max;
	uint64_t bins[WT_L2_HIST_BINS];
};

void wt_l2_hist_add(struct wt_l2_hist *h, uint64_t v);
void wt_l2_hist_merge(struct wt_l2_hist *dst, const struct wt_l2_hist *src);
void wt_l2_hist_range(unsigned bin, uint64_t *lo, uint64_t *hi);

struct wt_l2_bank_stats {
	uint64_t accesses, delay_sum, max_queue;
};

struct wt_l2_stats {
	uint64_t requests, loads, stores, atomics;
	uint64_t hits, misses, merged;	/* of loads and atomics */
	uint64_t store_hits, store_misses;
	uint64_t write_backs, write_throughs, bypasses;
	uint64_t medic_bypasses;	/* of them, WByp's */
	uint64_t baseline_bypasses;	/* of them, Rand's or PC-Byp's */
	uint64_t pcal_noalloc;		/* PCAL: misses without a token */
	uint64_t sbyp_loads;		/* of the bypasses, the streaming
					   bypass's */
	uint64_t sbyp_periods, sbyp_periods_on, sbyp_switches;
	uint64_t fails[WT_L2_FAIL_MAX];
	/* l2sector.c's way: the sectors (lines, in a line L2) requests
	 * read and of them those that hit, merged into a fetch under way
	 * and were fetched; those they wrote, and of them those that hit;
	 * and the reads whose line was there without their sector */
	uint64_t sector_reads, sector_read_hits, sector_merged, sector_fetched;
	uint64_t sector_writes, sector_write_hits, sector_misses;
	uint64_t memcpy_sectors;	/* sectors copies marked present */
	struct wt_gs_counts gs;		/* GPGPU-Sim's counting (gscount.h) */
	struct wt_l2_hist delay;	/* queueing delay */
	unsigned nbanks;
	struct wt_l2_bank_stats *bank;
	uint64_t first, last;		/* arrival cycles */
};

/* What became of one load or atomic, for the per-instruction stats. */
struct wt_l2_outcome {
	uint32_t warp, instr, pc, cta;
	uint32_t latency;		/* arrival to data ready */
	uint32_t tag;			/* the out's tag at the request */
	uint16_t sm, partition;
	uint8_t hit;
};

/*
 * A partition's output.  Its events, ev[first..n-1], are kept in time
 * order, equal times in the order they were made, unless unsorted is
 * set: one came more than WT_L2_OUT_REACH places out of order, and it
 * and every later one were put last.  A stable sort by time gives the
 * same order then; the caller sorts and clears the flag.
 */
#define WT_L2_OUT_REACH 64
struct wt_l2_out {
	struct wt_event *ev;
	size_t n, cap;
	size_t first;			/* set by the caller: the events before
					   are gone (written), and no new one
					   goes before them */
	int unsorted;
	struct wt_l2_outcome *oc;
	size_t noc, capoc;
	uint32_t tag;			/* set by the caller before each
					   request: its outcome's tag */
};

struct wt_l2_bank;
struct wt_l2_mshr;
struct wt_u64map;
struct wt_warpix;

struct wt_l2 {
	const struct wt_l2_cfg *cfg;
	unsigned partition;
	struct wt_cache cache;
	uint64_t *fill;			/* per set: the first cycle one of its
					   reserved ways fills, UINT64_MAX
					   when none is (settle) */
	uint64_t *port_free;
	struct wt_l2_bank *bank;
	struct wt_l2_mshr *mshr;	/* sorted by allocation: see l2model.c */
	size_t mshr_head, nmshr, capmshr;
	uint32_t kernel;		/* set by the caller: warp keys */
	struct wt_medic *medic;		/* cfg->medic: the warp types, shared
					   by every partition (the caller's) */
	struct wt_medic *pcmedic;	/* PC-Byp: the PCs' types, shared */
	struct wt_pcal *pcal;		/* PCAL: the tokens, shared */
	struct wt_eaf eaf;		/* EAF: this partition's filter */
	uint8_t *rank;			/* WIP: each line's class */
	struct wt_sbyp sbyp;		/* streaming bypass: this partition's */
	uint8_t *tagonly;		/* its lines that the tags alone took */
	uint64_t *sready;		/* l2sector.c: per line, per sector in
					   flight, the cycle its data comes */
	struct wt_l2_stats st;
};

int wt_l2_init(struct wt_l2 *l2, const struct wt_l2_cfg *cfg, unsigned partition,
	       char *err, size_t errlen);
void wt_l2_free(struct wt_l2 *l2);

/*
 * Serve one request: in, an L1 event (a miss, bypass, write-through or
 * write-back), arriving at cycle `arrival` (never earlier than the last
 * call's), with partition-local address `local`.  Adds its level-2
 * events to out, in their place by time (struct wt_l2_out), and for a
 * load or atomic appends an outcome.
 */
void wt_l2_request(struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		   uint64_t arrival, struct wt_l2_out *out);

/*
 * A host-to-device copy reached the L2 before the kernel, as GPGPU-Sim's
 * perf_memcpy_to_gpu sends it (l2sim --memcpy): the sectors `mask` of
 * line (global address; local, the partition's) are filled as its
 * tag_array::fill does, with no time and no event: a line not there
 * takes a way (a reservation fail, every way reserved, skips it; the
 * victim goes without a write-back), and the sectors are VALID.  A line
 * cache fills the whole line.
 */
void wt_l2_warm(struct wt_l2 *l2, uint64_t line, uint64_t local, unsigned mask);

/*
 * The first cycle at which a request arriving at `arrival` or later can
 * make an event, given the partition's state now (for batches: a later
 * request cannot make an event before it).  A bypass leaves at its
 * arrival; every other request takes a port and a bank first, so its
 * events come a tag access after both are free.
 */
uint64_t wt_l2_event_floor(const struct wt_l2 *l2, uint64_t arrival);

void wt_l2_stats_init(struct wt_l2_stats *st, unsigned banks);
void wt_l2_stats_merge(struct wt_l2_stats *dst, const struct wt_l2_stats *src);
void wt_l2_stats_free(struct wt_l2_stats *st);
const char *wt_l2_fail_name(unsigned fail);

/* ---- per warp instruction, per warp and per PC ---- */

/*
 * MeDiC's warp types (Fig. 4; warptype.h) of warp instructions, by the L2
 * hit ratio of their loads and atomics, with MeDiC's boundaries.  The
 * names as l2sim's statistics spell them: "all_hit", "mostly_hit", ...
 */
const char *wt_warp_type_name(unsigned t);

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
	size_t lastpc;			/* the last one looked up */
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
	uint32_t *freed;		/* free slots of grp */
	size_t nfreed, capfreed;
};

/*
 * Whether a request makes an outcome (wt_l2_request): every load and
 * atomic of an L2 that is not disabled, exactly one.
 */
int wt_l2_makes_outcome(const struct wt_l2_cfg *c, const struct wt_event *in);

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
