/*
 * l1model.h - one SM's L1 data cache: hits, misses and their classes,
 * MSHRs and reservation fails, write policies, reuse distances.
 *
 * Two ways in: wt_l1_request() takes requests in stream order and stalls
 * the SM on a reservation fail (l1sim --sched=stream); wt_l1_access()
 * tries one request at a given cycle and says why it could not be made,
 * for a scheduler that then runs another warp (l1pool.h), or for a
 * closed-loop driver (l1comp.h), which may also bring each miss's data
 * itself (EXTERNAL FILLS, below).
 */
#ifndef WT_L1MODEL_H
#define WT_L1MODEL_H

#include <stdint.h>

#include "cache.h"
#include "falru.h"
#include "gscount.h"
#include "l1hook.h"
#include "record.h"
#include "reuse.h"
#include "setreuse.h"
#include "shards.h"

enum wt_write_policy {
	WT_WRITE_BACK,		/* B: write-back */
	WT_WRITE_THROUGH,	/* T: write-through */
	WT_WRITE_EVICT,		/* E: write-evict: a store invalidates the line */
	WT_WRITE_LOCAL_WB,	/* L: local write-back, global write-evict (Fermi) */
};

/* Slots of the MSHR filter: 2^WT_L1_MSHR_FILTER_BITS (l1model.c). */
#define WT_L1_MSHR_FILTER_BITS 10

/* Slots of the cache of loads' statistics: 2^WT_L1_PC_CACHE_BITS. */
#define WT_L1_PC_CACHE_BITS 6

/* Slots of the cache of warps' statistics (a power of 2). */
#define WT_L1_WARP_CACHE 256

/*
 * What the cache operator of a request (its flags, record.h) does to the
 * L1 (l1sim --cache-ops):
 *   hardware  as the architecture: .CG, .CV, .STRONG.GPU and .STRONG.SYS
 *             go around the L1; with skip_global (Kepler, Pascal) every
 *             global access does, but a .CA load.
 *   accelsim  as Accel-Sim's trace-driven front end: only .STRONG.GPU
 *             loads go around (its CACHE_GLOBAL); .CA changes nothing.
 *   ignore    no operator changes anything.
 * Atomics go around the L1 in every case (atomics_bypass).
 */
enum wt_l1_cacheops {
	WT_L1_COPS_HARDWARE,
	WT_L1_COPS_ACCELSIM,
	WT_L1_COPS_IGNORE,
};

enum wt_l1_mode {
	WT_L1_BOUNDED,		/* the configured cache */
	WT_L1_UNBOUNDED,	/* fully associative, infinite: cold misses only */
	WT_L1_BYPASS,		/* no L1 */
};

/* Where the reuse-distance histograms come from (l1sim --reuse). */
enum wt_l1_reuse {
	WT_L1_REUSE_EXACT,	/* exact engines, whole cache and per set */
	WT_L1_REUSE_SAMPLED,	/* SHARDS at reuse_rate (shards.h) */
	WT_L1_REUSE_OFF,	/* no histograms */
};

enum wt_fail {
	WT_FAIL_MSHR_ENTRY,	/* no free MSHR entry (or per-warp limit) */
	WT_FAIL_MSHR_MERGE,	/* the line's MSHR has no merge slot left */
	WT_FAIL_LINE_ALLOC,	/* every way of the set is reserved */
	WT_FAIL_MISS_QUEUE,	/* the miss queue is full */
	WT_FAIL_MAX
};

struct wt_l1_cfg {
	struct wt_cache_geom geom;
	struct wt_index ix;
	unsigned sector;		/* sector size, bytes */
	int sectored;			/* lines of sectors, each with its own
					   state (l1sector.c); bounded mode */
	enum wt_write_policy write;
	int write_allocate;		/* enum wt_walloc (cache.h); a line
					   cache takes any but NO as YES */
	int alloc_on_fill;		/* allocate the line when data arrives */
	unsigned mshr_entries, mshr_merge, mshr_per_warp;	/* 0 = none */
	int pending_miss;		/* a load to a line in flight is a miss
					   of its own (Nugteren et al.'s code):
					   its own latency and fill, no entry */
	unsigned miss_queue;		/* 0 = unlimited */
	unsigned hit_latency;
	unsigned miss_latency;		/* lambda: the minimum miss latency */
	double sigma;			/* half-normal spread of miss latency */
	uint64_t seed;
	enum wt_l1_mode mode;
	int atomics_bypass;		/* atomics are done at L2 */
	int skip_global;		/* global accesses go around the L1
					   (-gpgpu_gmem_skip_L1D) */
	enum wt_l1_cacheops cacheops;	/* what cache operators do */
	int emit_all;			/* also hits and merged misses */
	const struct wt_l1_policy *pol;	/* management policies (l1policy.h);
					   NULL: none */
	enum wt_l1_reuse reuse;
	double reuse_rate;		/* sampled: the SHARDS rate, 2^-24 to 1 */
	int no_warp_stats;		/* st.warps stays empty (they grow with
					   the trace's warps, not its lines) */
	int no_pc_stats;		/* st.pcs stays empty: l1sim without
					   --stats, which shows them nowhere */
	int external_fill;		/* misses wait for wt_l1_fill (see
					   EXTERNAL FILLS below); 0: the model
					   times them */
};

struct wt_pc_stats {
	uint32_t pc;
	uint64_t accesses, hits, misses;
};

/* One warp of one kernel (warp ids are per kernel). */
struct wt_warp_stats {
	uint32_t kernel, warp, cta, sm;
	uint64_t instructions;		/* warp instructions, memory and not */
	uint64_t mem_instructions, requests, loads, hits, misses;
	uint64_t fails;			/* reservation fails */
	uint64_t first, last;		/* first issue, last completion */
};

struct wt_l1_stats {
	uint64_t requests, loads, stores, atomics;
	uint64_t hits, misses;		/* of loads */
	uint64_t store_hits, store_misses;
	uint64_t bypasses, write_throughs, write_backs;
	uint64_t skipped_global;	/* of the requests sent on unlooked: */
	uint64_t skipped_cacheop;	/* by skip_global, by their operator */
	uint64_t flushes;		/* wt_l1_invalidate_all calls */
	uint64_t miss_class[WT_MISS_MAX + 1];
	uint64_t merged;		/* misses merged into an in-flight line */
	uint64_t refetches;		/* misses to a line in flight that
					   fetched it again (pending_miss) */
	uint64_t stores_dropped;	/* stores left out (pool, --stores=drop) */
	/* A sectored L1: the sectors loads asked for, and of them those
	 * that hit, merged into a fetch under way and were fetched; the
	 * sectors stores wrote, and those fetched for them (write-allocate
	 * W and F); load requests that missed on a line the L1 held (its
	 * sectors were not there: GPGPU-Sim's sector misses, of no miss
	 * class). */
	uint64_t sector_loads, sector_hits, sector_merged, sector_fetched;
	uint64_t sector_stores, sector_store_fetches;
	uint64_t sector_misses;
	struct wt_gs_counts gs;		/* GPGPU-Sim's counting (gscount.h) */
	uint64_t fails[WT_FAIL_MAX];
	uint64_t stall_cycles;		/* cycles the SM issued nothing */
	uint64_t idle_cycles;		/* of them, with no warp ready (pool) */
	uint64_t instructions;		/* warp instructions: memory and not */
	uint64_t first, last;		/* cycles */
	struct wt_rdhist fa, set;	/* reuse distances: whole cache, in set; */
					/* sampled: counts of sampled loads */
	struct wt_pol_stats pol;
	struct wt_pc_stats *pcs;
	size_t npcs, cappcs;
	struct wt_warp_stats *warps;
	size_t nwarps, capwarps;
};

/* Per line, what the policies keep beside the tag (l1hook.h). */
struct wt_l1_meta {
	uint32_t pc;			/* the load that brought the line in */
	uint32_t warp;			/* and its warp (the line's owner) */
	uint16_t count;			/* accesses */
	uint16_t rpd;			/* remaining protecting distance */
	uint32_t lifetime;		/* the protection it was pinned under */
	uint8_t prot;			/* protected */
	uint8_t reused;			/* hit since it came in */
	uint8_t tagonly;		/* taken by the tags alone, no data
					   (WT_L1_TAGS_ONLY) */
};

/* A line that left the L1, for a pool policy that watches evictions. */
struct wt_l1_evicted {
	uint32_t warp;
	uint64_t line;
};

struct wt_l1 {
	const struct wt_l1_cfg *cfg;
	unsigned sm;
	struct wt_cache cache;
	/* MSHRs: mshr[mshr_head .. mshr_head + nmshr - 1] (l1model.c) */
	struct mshr *mshr;
	uint64_t *mline;		/* the line of mshr[i]: a dense array to scan */
	unsigned mshr_head, nmshr, mshr_cap;
	/* per slot of a hash of lines, the entries whose line is there,
	 * and those of them counted (not dup: pending_miss) */
	uint32_t mshr_filter[1u << WT_L1_MSHR_FILTER_BITS];
	uint32_t mshr_counted[1u << WT_L1_MSHR_FILTER_BITS];
	uint64_t next_ready;		/* no MSHR's data arrives before this */
	uint64_t *missq;		/* departure cycles, ring */
	unsigned missq_head, missq_n;
	uint64_t shift;			/* cycles of stall carried forward */
	uint64_t clock;
	uint64_t run_to;		/* the fills are retired to this cycle
					   (the latest retire's; wt_l1_fill) */
	uint64_t rng;
	uint32_t kernel;		/* set by the caller, for warp stats */
	/* Where a warp's statistics are in st.warps: warp_ix maps the
	 * warps of kernel warp_ix_kernel to their index, and a small
	 * direct-mapped cache in front of it holds the warps in use (an SM
	 * runs a few dozen at a time), so that most requests find theirs
	 * without the map.  The map holds one kernel's warps: it is
	 * remade when the kernel changes (warp_ix_for). */
	struct wt_l1_warp_slot {
		uint64_t key;
		size_t ix;		/* index + 1; 0: empty */
	} warp_cache[WT_L1_WARP_CACHE];
	struct wt_linetab *warp_ix;
	uint32_t warp_ix_kernel;	/* whose warps warp_ix holds */
	uint32_t warp_ix_newest;	/* kernels above this have no warps yet */
	int warp_ix_used;		/* whether warp_ix_kernel is set */
	struct wt_warp_stats no_warp;	/* every warp's, with no_warp_stats */
	struct wt_pc_stats no_pc;	/* every load's, with no_pc_stats */
	/* Where a load's statistics are in st.pcs: a direct-mapped cache of
	 * indices + 1 (0: empty) by pc, in front of the scan of st.pcs. */
	uint32_t pc_cache[1u << WT_L1_PC_CACHE_BITS];
	struct wt_u64map *flight;		/* unbounded mode: line -> fill cycle */
	/* exact reuse: the distances over all lines and in the set */
	struct wt_setreuse *exact;
	/* sampled or off: the miss classes from an LRU of sets * assoc
	 * lines; sampled: the distances from SHARDS */
	struct wt_falru *falru;
	struct wt_shards *sfa;
	struct wt_shards **sset;
	struct wt_l1_stats st;
	/* policies (l1hook.h): the instances with L1 hooks, in call order */
	struct wt_l1_pol {
		const struct wt_l1_policy_ops *ops;
		void *s;
	} *pols;
	unsigned npol;
	int shields;			/* some policy may shield lines */
	struct wt_l1_meta *meta;	/* sets * assoc, when npol */
	uint8_t *allowed;		/* assoc: victim()'s ways it may take */
	struct wt_u64map *left;		/* warp -> its requests not yet made */
	int noalloc;			/* set by a pool policy: this warp's
					   misses take no line */
	int mshr_nolimit;		/* set by the pool: --mshr-check=
					   instruction let this one through */
	unsigned ndup;			/* entries of pending misses (refetches
					   of a line in flight): not counted */
	uint64_t mshr_seq;		/* entries made, for their age */
	struct wt_l1_evicted *evicted;	/* lines gone since the pool looked
					   (kept by a policy that asks) */
	unsigned nevicted, capevicted;
};

/* Events, appended: for each request, write-backs of lines it evicted or
 * fills it waited for, then its own. */
struct wt_l1_out {
	struct wt_event *ev;
	unsigned n, cap;
};

int wt_l1_init(struct wt_l1 *l1, const struct wt_l1_cfg *cfg, unsigned sm,
	       char *err, size_t errlen);
/* No more requests: free the reuse engines and the shadow cache, which
 * the statistics no longer need (before they are written, to lower the
 * peak). */
void wt_l1_drop_reuse(struct wt_l1 *l1);
/*
 * Invalidate every line that holds data, as GPGPU-Sim invalidates an L1
 * whose SM has nothing left to run when -gpgpu_flush_l1_cache is set (at
 * each kernel's end): without writing dirty lines back, as it does; a
 * line in flight keeps its MSHR.
 */
void wt_l1_invalidate_all(struct wt_l1 *l1);
/* The same at cycle t, when every fill due by t has come first: a line
 * whose data arrived by t is gone with the others, as the warp pool's
 * kernels end (its fills are taken when the next request looks, which
 * would be after the flush).  Line caches; t 0 is wt_l1_invalidate_all. */
void wt_l1_flush_at(struct wt_l1 *l1, uint64_t t);
/* A kernel's requests on this SM, r[0..n-1] in stream order, are about to
 * be run: the policies that need to know its warps (their first, their
 * ends) see them. */
void wt_l1_kernel_begin(struct wt_l1 *l1, uint32_t kernel,
			const struct wt_request *r, size_t n);
/* The same for a driver that has no requests ahead (gpusim): each warp's
 * count of requests (warp[i] makes requests[i] on this SM, if it runs
 * here), and first[0..nfirst-1], requests that stand for the warps of
 * the first CTA the SM runs (the policies watch the lowest of them). */
void wt_l1_kernel_begin_warps(struct wt_l1 *l1, uint32_t kernel,
			      const struct wt_request *first, size_t nfirst,
			      const uint32_t *warp, const uint64_t *requests,
			      size_t nwarps);
/* Whether wt_l1_requests takes l1's requests by the code made for a
 * plain L1 (l1model.c, PLAIN): a line cache in the bounded mode that
 * allocates on miss, with the hardware's cache operators and global
 * accesses cached, and no policies, reuse engines, external fills,
 * pending misses, events of hits, or warp and load statistics.
 * wt_l1_request takes every L1's way, with the same results. */
int wt_l1_plain(const struct wt_l1 *l1);
/* Process one request (in this SM's issue order), at its record's time
 * plus the stall so far; a reservation fail stalls the SM until the
 * resource frees.  Events are appended to out. */
void wt_l1_request(struct wt_l1 *l1, const struct wt_request *r,
		   struct wt_l1_out *out);
/* wt_l1_request for each of r[0..n-1], with the exact reuse engines'
 * entries for the loads a few requests ahead fetched into the cache. */
void wt_l1_requests(struct wt_l1 *l1, const struct wt_request *r, size_t n,
		    struct wt_l1_out *out);
/*
 * Try request r at cycle t (never earlier than the last call's t):
 * retire the fills due by t, then look the request up.  -1 when it was
 * made: *done is the cycle its warp may go on (a load's data is there, a
 * store has been sent).  Otherwise the reservation fail (enum wt_fail)
 * that stopped it, counted in the statistics, with nothing else changed;
 * *retry is the first cycle the resource may be free.  refused_mshr says
 * an earlier try failed for an MSHR entry (a miss is then of class
 * mshr).  Events are appended to out.
 */
int wt_l1_access(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		 int refused_mshr, struct wt_l1_out *out, uint64_t *done,
		 uint64_t *retry);
/*
 * Would load r, made at cycle t, need an MSHR entry when none is free?
 * (Retires the fills due by t first, as wt_l1_access does; counts
 * nothing.)  1 with *retry the first cycle one may free, else 0.  The
 * pool's --mshr-check=instruction asks it of an instruction's first
 * request, then makes the instruction with mshr_nolimit set.
 */
int wt_l1_entry_refused(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
			struct wt_l1_out *out, uint64_t *retry);
/*
 * Would request r, tried at cycle t (never earlier than the last call's
 * t), reservation-fail, and why?  The fills due by t are retired first,
 * as wt_l1_access does (the write-backs they cause appended to out);
 * then the same conditions that wt_l1_access tests before it changes
 * anything, the model's own, are tested, and nothing else changes or is
 * counted.  -1 when wt_l1_access would make r, else the fail (enum
 * wt_fail) with *retry, the first cycle the resource may be free.  The
 * L1's policies are not asked (their tick and route hooks have state of
 * their own): with cfg->pol, wt_l1_access may still fail, or send
 * around a load said to fail.  (The L1 as a component, l1comp.h.)
 */
int wt_l1_fails(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		struct wt_l1_out *out, uint64_t *retry);
/* The fills due by t retired, as a request at t would find them (their
 * write-backs, with allocation on fill, carry r's fields, as the request
 * that would retire them gives its own). */
void wt_l1_retire(struct wt_l1 *l1, const struct wt_request *r, uint64_t t,
		  struct wt_l1_out *out);
/* The first cycle at which an MSHR's data is due (if not yet retired:
 * perhaps t or before), or after t a slot of the miss queue frees;
 * UINT64_MAX when neither will.  An entry whose data is pending (external
 * fills) changes nothing until its fill, and is left out. */
uint64_t wt_l1_next_change(const struct wt_l1 *l1, uint64_t t);

/*
 * EXTERNAL FILLS (cfg->external_fill): a closed-loop driver brings each
 * miss's data when the next level answers, where the model otherwise
 * times the miss itself (lambda + |N(0, sigma^2)|).
 *
 * A request that takes MSHR entries and waits for data (a load that
 * misses; in a sectored L1, a store's write-allocate fetch too) gets its
 * entries, and its reserved way with allocation on miss or its sectors in
 * flight in a sectored L1, with no ready cycle: the data is pending until
 * wt_l1_fill names the line.  No random draw is made for it; its miss
 * event is emitted as without the mode (time, the cycle it leaves), with
 * latency 0.  wt_l1_access's *done is UINT64_MAX for such a load, for a
 * load that merges into a pending entry, and for one that finds its line
 * (one of its sectors) reserved for pending data: wt_l1_ready says later
 * when its data is there.  Hits on present data, stores and loads sent
 * around the L1 keep their *done (a bypass, having no entry to fill,
 * still draws its latency).  A pending entry is busy until its fill: it
 * counts against mshr_entries, its merge slots and mshr_per_warp, and its
 * way stays reserved; wt_l1_fails and wt_l1_access refuse as for any busy
 * entry, with *retry UINT64_MAX when only a fill can free what is wanted;
 * wt_l1_next_change leaves it out; wt_l1_check accepts it.  A warp's
 * statistics (last) leave out the loads whose *done is UINT64_MAX.
 *
 * Bounded mode only, line and sectored caches: wt_l1_init refuses the
 * mode with the unbounded and bypass modes, and with pending_miss (a
 * refetch makes a second entry of a line in flight, which a fill of the
 * line could not tell apart).  Only wt_l1_access and the calls beside it
 * take it: wt_l1_request (the stream mode) ends the program with a
 * message when it would wait for a fill, and the pool (l1pool.h) has
 * nobody to fill its misses.
 */
/*
 * The data of the miss this L1 emitted for line addr (the miss event's
 * addr; sectors, the event's sector mask, names the sectors in a
 * sectored L1 and is ignored by a line cache) arrives at cycle t, never
 * earlier than the cycle of the L1's last access or retire: the oldest
 * pending entry of the line (of each of those sectors) is due at t, in
 * the MSHR order the model keeps.  It retires as any entry due by t
 * does: now when the L1 has run to t already (its write-backs carry the
 * entry's warp and pc), else at the next call at or after t; with
 * allocation on fill the line is placed then, a dirty victim's write-back
 * at cycle t appended to out (a line cache's: a sectored L1 drops the
 * victim's modified sectors, as GPGPU-Sim does).  0, or -1 with nothing
 * changed when the line (one of the sectors) has no pending entry, no
 * sector is named, t is before the cycle the L1 has run to, or the L1
 * has no external fills: a driver's bug.
 */
int wt_l1_fill(struct wt_l1 *l1, uint64_t addr, unsigned sectors, uint64_t t,
	       struct wt_l1_out *out);
/*
 * The cycle by which all the data load r (accepted with *done UINT64_MAX)
 * waits for is there: UINT64_MAX while an entry of its line (of one of
 * its sectors) is pending; otherwise the latest ready cycle of those
 * entries, or 0 when none is in flight any more (retired: the data is
 * there).  Ask it after the fill and before the next request: a later
 * miss to the line makes an entry that r does not wait for.
 */
uint64_t wt_l1_ready(const struct wt_l1 *l1, const struct wt_request *r);
/* The statistics of r's warp (made on first use; with cfg->no_warp_stats
 * one record that all warps share, not in st.warps). */
struct wt_warp_stats *wt_l1_warp(struct wt_l1 *l1, const struct wt_request *r);
/* Whether the MSHRs' bookkeeping holds (for the unit tests): 0, or -1
 * with what is wrong in err. */
int wt_l1_check(const struct wt_l1 *l1, char *err, size_t errlen);
void wt_l1_free(struct wt_l1 *l1);
void wt_l1_stats_merge(struct wt_l1_stats *dst, const struct wt_l1_stats *src);
void wt_l1_stats_free(struct wt_l1_stats *st);

const char *wt_fail_name(unsigned fail);
const char *wt_write_policy_name(enum wt_write_policy w);
const char *wt_l1_mode_name(enum wt_l1_mode m);
const char *wt_l1_reuse_name(enum wt_l1_reuse r);

#endif
