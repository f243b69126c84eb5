/*
 * apcm.h - the per-SM state of APCM, Access Pattern-aware Cache
 * Management (Koo et al., ISCA 2017, sections 4 and 5): the load alias
 * table (LAT), the monitor tag array (MTA), the cache access information
 * table (CAIT) and the protection status board (PSB).  The L1 tags'
 * additions (protection bit, owner warp, access count; Figure 9a) live in
 * the L1 model, which calls this module around each global load.
 *
 * LAT.  The first `lat_entries` (16) distinct global load PCs of a kernel
 * get the load ids 0, 1, 2...  The paper hashes the PC; we model an exact
 * PC CAM.  Later PCs are untracked: they never touch the MTA, in any warp,
 * and always get the normal method.
 *
 * MTA.  A direct-mapped tag array of `mta_entries` (32) lines, indexed by
 * (line address / line) % mta_entries, that follows one monitored warp per
 * kernel.  A request of the monitored warp that misses allocates the entry
 * (a valid entry there is evicted first, updating the CAIT): first = last
 * load id = its load, intra-warp count 1, access count 1, or the L1 tag's
 * count + 1 when the line is resident (brought in by another warp).  A hit
 * by the monitored warp adds one to both counts and sets the last load id.
 * A request of any other warp that hits adds one to the access count only
 * and leaves the last load id alone (a reading: the lifetime is the
 * monitored warp's).  Of an uncoalesced load of the monitored warp only
 * the requests numbered 0 and 1 touch the MTA; the others are dropped.
 * Other warps' requests count whatever their number.  Counts saturate at
 * `threshold` (15, a 4-bit counter); when the access count first reaches
 * it the entry updates the CAIT, once, and stays in the MTA.
 *
 * Locality types (Table 2), from access count N and intra-warp count M:
 * N == 1 streaming; M == 1 < N inter-warp; M == N > 1 intra-warp;
 * 1 < M < N inter+intra-warp.  Streaming loads are bypassed, intra-warp
 * loads protected, the others cached normally; a method not enabled in the
 * configuration (bypass-only, protect-only) is stored as normal.
 *
 * CAIT.  One entry per load id, written from an MTA entry (indexed by its
 * first load id) on an MTA eviction, on reaching the threshold and, for
 * every valid MTA entry, when the monitored warp ends; it is written when
 * invalid or when the MTA access count is larger than the stored one
 * (section 5.1's overwrite rule).  It keeps type, method, access count,
 * last load id, the loop bit (first == last load id) and the loop body.
 * A load whose CAIT entry is valid gets its method; any other, normal.
 * The method is read before the request updates the MTA (a reading: a
 * request is managed by what the earlier ones taught).
 *
 * Loop bodies.  A trace has no SIMT stack to say when a warp leaves a
 * loop, so the monitored warp learns, for each tracked load L, the PC
 * range [lo, hi] of the memory instructions it executes between two
 * consecutive executions of L, L's own included: a pending range since
 * L's last execution is widened by every instruction of the monitored warp
 * and merged into L's body at L's next execution.  The body is copied into
 * the CAIT with the entry and, when the monitored warp ends (its learning
 * is then complete), into every valid CAIT entry again (a reading: an
 * entry written early, on an eviction, would otherwise keep a partial
 * body).
 *
 * PSB.  One entry per warp, kept in a hash map by warp id.  A protected
 * load that allocates a line asks wt_apcm_pin(): the warp's entry is set
 * for it when free (load id, last load id, loop bit and body from the
 * CAIT), kept when it holds that same load, and the pin refused when it
 * holds another (one protected load per warp; the line is then allocated
 * normally).  A loop entry is released when the warp starts an
 * instruction outside the body ([pc, pc] when the body is unknown); a
 * non-loop entry after the load whose pc is its last load id; any entry
 * when its warp ends.  A line pinned by a warp is protected while that
 * warp's entry is set (section 5.3).
 *
 * When the monitored warp ends, the MTA is flushed into the CAIT and
 * invalidated, and monitoring stops for the kernel.  A new kernel clears
 * LAT, MTA, CAIT and PSB; the statistics add up over kernels.  Before the
 * first kernel nothing is monitored.
 */
#ifndef WT_APCM_H
#define WT_APCM_H

#include <stdint.h>

struct wt_apcm_cfg {
	unsigned mta_entries;	/* 32: direct-mapped monitor tag array */
	unsigned lat_entries;	/* 16: load alias table and CAIT depth */
	unsigned threshold;	/* 15: an MTA access count at which the entry's
				 * type is settled into CAIT (4-bit counter
				 * saturates) */
	unsigned line;		/* line size in bytes (MTA index =
				 * (line address / line) % mta_entries) */
	int bypass, protect;	/* which management methods are applied:
				 * both = APCM, or bypass-only, protect-only */
};

enum wt_apcm_method { WT_APCM_NORMAL, WT_APCM_BYPASS, WT_APCM_PROTECT };

/* Table 2. */
enum wt_apcm_type {
	WT_APCM_STREAMING,
	WT_APCM_INTER,		/* inter-warp */
	WT_APCM_INTRA,		/* intra-warp */
	WT_APCM_INTER_INTRA,	/* inter+intra-warp */
	WT_APCM_TYPES
};

/* A CAIT entry, for reports. */
struct wt_apcm_entry {
	uint32_t pc;		/* the load of this id */
	uint32_t last_pc;	/* the pc of its last load id */
	enum wt_apcm_type type;
	enum wt_apcm_method method;
	unsigned count;		/* access count */
	int loop;		/* first load id == last load id */
	int body;		/* the loop body is known: */
	uint32_t lo, hi;	/* its pc range */
};

/* An MTA entry, for reports and tests. */
struct wt_apcm_tag {
	uint32_t first_pc, last_pc;
	unsigned count, intra;	/* access count, intra-warp access count */
	int settled;		/* the threshold updated the CAIT */
};

/* Counted per call: a load's figures per request, a pin's per line. */
struct wt_apcm_stats {
	uint64_t bypassed;		/* loads given BYPASS */
	uint64_t protected_loads;	/* loads given PROTECT */
	uint64_t pins;			/* pins allowed */
	uint64_t pin_refused;		/* the PSB held another load */
	uint64_t cait_updates;		/* CAIT entries written */
	uint64_t mta_evictions;		/* valid MTA entries replaced */
	uint64_t released_loop_exit;	/* PSB releases, by cause */
	uint64_t released_last_load;
	uint64_t released_warp_end;
	uint64_t untracked_loads;	/* loads of PCs the LAT has no room for */
};

struct wt_apcm;

void wt_apcm_default(struct wt_apcm_cfg *c);
/* A usage error unless every size and the threshold are at least 1. */
struct wt_apcm *wt_apcm_new(const struct wt_apcm_cfg *c);
void wt_apcm_free(struct wt_apcm *a);
/* "streaming", "inter-warp", "intra-warp", "inter+intra-warp". */
const char *wt_apcm_type_name(unsigned t);
/* "normal", "bypass", "protect". */
const char *wt_apcm_method_name(unsigned m);
/* The type of access count n and intra-warp count m (Table 2). */
enum wt_apcm_type wt_apcm_type_of(unsigned n, unsigned m);

/* A kernel starts on this SM: LAT, CAIT, MTA, PSB are cleared;
 * `monitored` is the warp (kernel-wide warp id) to monitor. */
void wt_apcm_kernel_begin(struct wt_apcm *a, uint32_t monitored);
/* A warp instruction starts (once per memory instruction of the warp,
 * before its requests): the monitored warp's loop-body learning, and the
 * release of a loop PSB entry whose body does not hold pc. */
void wt_apcm_instruction(struct wt_apcm *a, uint32_t warp, uint32_t pc);
/*
 * One global load request, before the L1 lookup.  index: the request's
 * number within its instruction (0, 1, 2...).  l1_count: the L1 tag's
 * access count of the line if it is resident, else 0.  Updates the MTA and
 * returns the CAIT method for pc (normal for untracked PCs and invalid
 * CAIT entries).
 */
enum wt_apcm_method wt_apcm_load(struct wt_apcm *a, uint32_t warp, uint32_t pc,
				 uint64_t line, unsigned index,
				 unsigned l1_count);
/* The CAIT method for pc, changing nothing: what wt_apcm_load() would
 * return (the L1 decides before it knows the request can be made). */
enum wt_apcm_method wt_apcm_method(const struct wt_apcm *a, uint32_t pc);
/* The load of warp at pc (method PROTECT) is about to allocate a line:
 * may it pin it?  1 when the warp's PSB entry is free (it is then set for
 * this load) or holds this same load; 0 when it holds another load, or pc
 * has no valid CAIT entry. */
int wt_apcm_pin(struct wt_apcm *a, uint32_t warp, uint32_t pc);
/* Is a line pinned by owner still protected (owner's PSB entry set)? */
int wt_apcm_protected(const struct wt_apcm *a, uint32_t owner);
/* Which lifetime the warp's PSB entry protects now: a number, new each
 * time the entry is set (over all kernels), or 0 when it is not set.  A
 * line pinned under one lifetime is protected while the warp's entry
 * still holds that lifetime, not under a later one. */
uint32_t wt_apcm_lifetime(const struct wt_apcm *a, uint32_t warp);
/* After a load's requests: a non-loop PSB entry of warp whose last load
 * id is pc's is released. */
void wt_apcm_after_load(struct wt_apcm *a, uint32_t warp, uint32_t pc);
/* The warp has no more instructions: its PSB entry is released; if it is
 * the monitored warp, the MTA is flushed into the CAIT and invalidated and
 * monitoring stops for this kernel. */
void wt_apcm_warp_end(struct wt_apcm *a, uint32_t warp);

const struct wt_apcm_stats *wt_apcm_stats(const struct wt_apcm *a);
/* Is a warp being monitored now? */
int wt_apcm_monitoring(const struct wt_apcm *a);
/* The number of CAIT entries (lat_entries). */
unsigned wt_apcm_entries(const struct wt_apcm *a);
/* The load id of pc, or -1 if it has none. */
int wt_apcm_load_id(const struct wt_apcm *a, uint32_t pc);
/* CAIT entry i into *e: 1 if it is valid, else 0 (*e untouched). */
int wt_apcm_cait(const struct wt_apcm *a, unsigned i, struct wt_apcm_entry *e);
/* The valid MTA entry of line into *t: 1 if there is one, else 0. */
int wt_apcm_mta(const struct wt_apcm *a, uint64_t line, struct wt_apcm_tag *t);

#endif
