/*
 * gscount.h - cache accesses counted as GPGPU-Sim counts them, beside
 * warptrace's own statistics, so that l1sim's and l2sim's numbers can be
 * put next to Accel-Sim's L1D_ and L2_ lines.
 *
 * GPGPU-Sim (gpu-cache.cc, cache_stats) counts every access of a cache
 * once, by its type and its outcome: HIT, HIT_RESERVED (a miss to a line
 * or sector already reserved for a fill: a "pending hit"), MISS,
 * SECTOR_MISS (the line is there, the sector is not), RESERVATION_FAIL
 * (one per try that found no room), and besides, MSHR_HIT (an access
 * merged into an MSHR entry under way, also counted under one of the
 * first four).  Its totals (cache_stats::get_sub_stats, printed as
 * L1D_total_cache_* and L2_total_cache_*) take accesses as HIT +
 * HIT_RESERVED + MISS + SECTOR_MISS over every type, misses as MISS +
 * SECTOR_MISS, and the miss rate as their ratio.  A sectored cache's
 * accesses are sectors: GPGPU-Sim sends each sector of a request as its
 * own access.
 */
#ifndef WT_GSCOUNT_H
#define WT_GSCOUNT_H

#include <stdint.h>

#include "json.h"

enum wt_gs_status {
	WT_GS_HIT,
	WT_GS_HIT_RESERVED,
	WT_GS_MISS,
	WT_GS_RESERVATION_FAIL,
	WT_GS_SECTOR_MISS,
	WT_GS_MSHR_HIT,
	WT_GS_NSTATUS
};

/* The access types warptrace tells apart (GPGPU-Sim's in brackets). */
enum wt_gs_type {
	WT_GS_LOAD,		/* GLOBAL_ACC_R, LOCAL_ACC_R; at L2 also the
				   L1's write-allocate fetches */
	WT_GS_STORE,		/* GLOBAL_ACC_W, LOCAL_ACC_W */
	WT_GS_ATOMIC,		/* atomics (GLOBAL_ACC_R at L2) */
	WT_GS_WRITE_BACK,	/* L1_WRBK_ACC: the L1's write-backs at L2 */
	WT_GS_NTYPE
};

struct wt_gs_counts {
	uint64_t n[WT_GS_NTYPE][WT_GS_NSTATUS];
};

static inline void wt_gs_count(struct wt_gs_counts *c, unsigned type,
			       unsigned status)
{
	c->n[type][status]++;
}

void wt_gs_add(struct wt_gs_counts *dst, const struct wt_gs_counts *src);
/* GPGPU-Sim's totals: accesses (HIT, HIT_RESERVED, MISS, SECTOR_MISS),
 * misses (MISS, SECTOR_MISS), pending hits, reservation fails. */
uint64_t wt_gs_accesses(const struct wt_gs_counts *c);
uint64_t wt_gs_misses(const struct wt_gs_counts *c);
uint64_t wt_gs_total(const struct wt_gs_counts *c, unsigned status);

/*
 * The key "miss_rate_gpgpusim": misses / accesses as GPGPU-Sim computes
 * them (0 without accesses).
 */
void wt_gs_miss_rate_json(struct wt_json *j, const struct wt_gs_counts *c);
/*
 * The object "gpgpusim": what an access is (unit: "sector" or "line"),
 * the totals, then an object for each type in types (bit 1 << type),
 * named "loads", "stores", "atomics" and "write_backs", each with "hit",
 * "hit_reserved", "miss", "sector_miss", "mshr_hit" and
 * "reservation_fail".
 */
void wt_gs_json(struct wt_json *j, const struct wt_gs_counts *c, const char *unit,
		unsigned types);

#endif
