/*
 * l2model.h - one memory partition of the shared L2: ports, banks with
 * request queues, a tag store, MSHRs and a write policy; and what became
 * of each load and atomic (its outcome), for the per warp-instruction
 * statistics (l2instr.h).
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
 *
 * External fills (cfg->external_fill, for a closed-loop driver: issue
 * 44's gpusim; l2comp.h): a read miss (a load or atomic, and a
 * write-allocate policy's fetch, W or F) leaves for DRAM at its tag
 * access's end with its level-2 event as above, but its data comes when
 * the driver says, wt_l2_fill, not miss_latency cycles later.  Until
 * then its MSHR entry, its reserved way or sectors and what waits on
 * them have no fill cycle (they are pending), and the loads and atomics
 * that miss, merge into it or find its line in flight wait for it.  A
 * bank cannot stall "until the resource frees" when that cycle is not
 * known, so a request whose tag access would meet such a reservation
 * fail is refused first (wt_l2_fails) and retried after a fill; a fail
 * that frees at a known cycle is still a stall, as above.  A full bank
 * queue, and the ports, still delay a request (step 2), never refuse it.
 * Events whose cycle is the data's (emit_all's merged misses, a
 * write-through L2's atomic write-through) go at the tag access's end
 * when the data is pending, with latency 0.  The policies' bypasses and
 * no-allocate misses keep miss_latency (l2comp's partitions have no
 * policies, and wt_l2_fails does not ask them).
 *
 * Policies (bypassing, insertion, victims) come in through the hooks of
 * l2hook.h; l2policy.h lists them.
 */
#ifndef WT_L2MODEL_H
#define WT_L2MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "cache.h"
#include "gscount.h"
#include "l2hook.h"
#include "record.h"

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
	unsigned miss_latency;		/* unused for read misses when
					   external_fill */
	int external_fill;		/* read misses wait for wt_l2_fill
					   (above); 0: miss_latency */
	int disabled;			/* no L2: everything goes on */
	int emit_all;			/* also hits and merged misses */
	int no_queue_stats;		/* keep none of the queues' statistics
					   (each bank's accesses, delays and
					   longest queue, the delay histogram):
					   l2sim without --stats, which shows
					   none, spares each access their cost */
	int no_outcomes;		/* make no outcomes (struct
					   wt_l2_outcome): l2sim without
					   --stats, whose per-instruction
					   and per-PC statistics are all
					   they feed (l2stage.c then opens no
					   warp instruction); never with
					   external_fill, whose driver needs
					   them */
};

/* Log2 histogram: bin 0 holds 0, bin i holds 2^(i-1) .. 2^i - 1. */
#define WT_L2_HIST_BINS 40
struct wt_l2_hist {
	uint64_t n, sum, max;
	uint64_t bins[WT_L2_HIST_BINS];
};

/* v in its bin and the maximum, not in n and sum: the queueing delays
 * (struct wt_l2_stats), which each sector access of the L2 adds, hence
 * inline. */
static inline void wt_l2_hist_bin(struct wt_l2_hist *h, uint64_t v)
{
	unsigned bin = v ? 64 - (unsigned)__builtin_clzll(v) : 0;

	if (bin >= WT_L2_HIST_BINS)
		bin = WT_L2_HIST_BINS - 1;
	h->bins[bin]++;
	if (v > h->max)
		h->max = v;
}

/* v in its bin, the maximum, n and sum. */
static inline void wt_l2_hist_add(struct wt_l2_hist *h, uint64_t v)
{
	wt_l2_hist_bin(h, v);
	h->n++;
	h->sum += v;
}

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
	uint64_t policy[WT_L2_POLICY_COUNTERS];	/* the policies' own
						   (l2policy.h) */
	uint64_t fails[WT_L2_FAIL_MAX];
	/* l2sector.c's way: the sectors (lines, in a line L2) requests
	 * read and of them those that hit, merged into a fetch under way
	 * and were fetched; those they wrote, and of them those that hit;
	 * and the reads whose line was there without their sector */
	uint64_t sector_reads, sector_read_hits, sector_merged, sector_fetched;
	uint64_t sector_writes, sector_write_hits, sector_misses;
	uint64_t memcpy_sectors;	/* sectors copies marked present */
	struct wt_gs_counts gs;		/* GPGPU-Sim's counting (gscount.h) */
	/* Queueing delay: its bins and max.  Its n and sum are left 0:
	 * they are the banks' accesses and delay_sum, not counted twice
	 * an access (l2stats.c adds them up). */
	struct wt_l2_hist delay;
	unsigned nbanks;
	struct wt_l2_bank_stats *bank;
	uint64_t first, last;		/* arrival cycles */
};

/* What became of one load or atomic, for the per-instruction stats. */
struct wt_l2_outcome {
	uint32_t warp, instr, pc, cta;
	uint32_t latency;		/* arrival to data ready; when it
					   waits (waits > 0), to the latest of
					   the data it has and the tag accesses
					   of what it waits for */
	uint32_t tag;			/* the out's tag at the request */
	uint32_t waits;			/* external fill: the pending fills
					   its data waits for (each one's
					   wt_l2_fill wakes it: l2->woke);
					   a read a policy sent around the
					   L2 (no line) waits for its own
					   DRAM read, which fills nothing
					   and wakes nothing: 1, and the
					   driver answers it */
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

/* External fill: a fill made a load or atomic's wait for it end; its
 * data (that part of it) is ready at `ready`. */
struct wt_l2_wake {
	uint64_t ready;
	uint32_t tag;			/* its outcome's */
};

struct wt_l2_bank;
struct wt_l2_mshr;
struct wt_l2_wait;

struct wt_l2 {
	const struct wt_l2_cfg *cfg;
	unsigned partition;
	struct wt_cache cache;
	uint64_t *fill;			/* per set: the first cycle one of its
					   reserved ways fills, UINT64_MAX
					   when none is, or none is known
					   (settle) */
	uint64_t *port_free;
	struct wt_l2_bank *bank;
	struct wt_l2_mshr *mshr;	/* sorted by allocation: see l2model.c */
	size_t mshr_head, nmshr, capmshr;
	uint32_t kernel;		/* set by the caller: warp keys */
	struct wt_l2_policy pol[WT_L2_POLICIES];	/* in call order */
	unsigned npol;
	int bypassing;			/* one of them may bypass */
	uint64_t *sready;		/* l2sector.c: per line, per sector in
					   flight, the cycle its data comes */
	struct wt_l2_wait *wait;	/* external fill: the reads that wait
					   for a pending fill, oldest first */
	size_t nwait, capwait;
	struct wt_l2_wake *woke;	/* wt_l2_fill appends the waits it
					   ends; the caller empties it */
	size_t nwoke, capwoke;
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
 * External fill: whether request in (as for wt_l2_request, which it must
 * come before, at the same arrival) would meet, at a tag access, a
 * reservation fail that frees only when a pending fill comes: no MSHR
 * entry free, no merge slot in its line's (sector's) entry, every way of
 * its set reserved.  The enum wt_l2_fail, or -1 when wt_l2_request can
 * take it (it may still stall until a fill due at a known cycle).  It
 * follows the request through the ports and banks, each of its accesses
 * (a sectored L2's sectors) with what those before it would take, and
 * asks the conditions wt_l2_request asks; it changes nothing and counts
 * nothing.  The policies are not asked (the request is taken as one
 * that they neither bypass nor keep from a line).  -1 always when
 * external_fill is 0 or the L2 is disabled.  wt_l2_request on a request
 * it refuses is the caller's error: a one-line fatal error.
 */
int wt_l2_fails(const struct wt_l2 *l2, const struct wt_event *in, uint64_t local,
		uint64_t arrival);

/*
 * External fill: the DRAM's data for a read miss of this partition comes
 * at cycle t.  line: the global address of its level-2 miss event (any
 * address of the line), local its partition-local one; sectors: the
 * event's mask (the L2's sectors), ignored in a line L2.  For each of
 * those sectors (the line, in a line L2) the oldest pending MSHR entry
 * gets its fill cycle, max(t, the cycle its miss left): there is no fill
 * latency of the model's own, the data is ready as it comes.  Its line or
 * sector is then valid from that cycle (as in the model's own timing),
 * and each load or atomic that waited for it ends its wait at the later
 * of that cycle and its own tag access's end (appended to l2->woke).
 * 0, or -1 when none of them was pending (nothing changed).
 */
int wt_l2_fill(struct wt_l2 *l2, uint64_t line, uint64_t local, unsigned sectors,
	       uint64_t t);

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

/*
 * Whether a request makes an outcome (wt_l2_request): every load and
 * atomic of an L2 that is not disabled, exactly one.  Inline: l2sim
 * --stats asks it of every request it reads.
 */
static inline int wt_l2_makes_outcome(const struct wt_l2_cfg *c,
				      const struct wt_event *in)
{
	return !c->disabled && in->op != WT_OP_STORE;
}

#endif
