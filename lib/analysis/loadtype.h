/*
 * loadtype.h - the per-load locality types of Koo et al. (ISCA 2017,
 * section 3 and Table 2), measured in an infinite cache.
 *
 * Each SM has an infinite L1 that is empty when a kernel starts.  A line's
 * allocation is its first load in the kernel on that SM; the load's PC and
 * warp own it.  When the kernel ends, every allocated line gets a type
 * from N, its loads in all, and M, those of the allocating warp:
 *
 *   streaming          N = 1
 *   inter-warp         N > 1, M = 1
 *   intra-warp         N > 1, M = N
 *   inter+intra-warp   N > 1, 1 < M < N
 *
 * and counts for its allocating PC.  The reuse distance of a re-reference
 * is, as in Koo et al.'s Figure 6, the number of loads the SM's cache saw
 * since the line's previous load (1 for back-to-back loads); a line's
 * distances count under its type.  Access-pattern similarity (Eq. 1) is
 *
 *   APS = sum over PCs of max over types of lines(PC, type)
 *         / sum over PCs of lines(PC)
 */
#ifndef WT_LOADTYPE_H
#define WT_LOADTYPE_H

#include "locality.h"

#include <stddef.h>
#include <stdint.h>

enum wt_ltype {
	WT_LT_STREAMING,
	WT_LT_INTER_WARP,
	WT_LT_INTRA_WARP,
	WT_LT_INTER_INTRA_WARP,
	WT_LT_MAX
};

/* Table 2: the type of a line with n loads, m of them by its allocating
 * warp (1 <= m <= n). */
enum wt_ltype wt_ltype_of(uint64_t n, uint64_t m);
const char *wt_ltype_name(unsigned t);

/* Loads-per-line buckets of Figure 4: 1, 2, 3-4, 5-8, 9-16, 17-32, >32. */
#define WT_LT_COUNT_BUCKETS 7
unsigned wt_lt_count_bucket(uint64_t n);
const char *wt_lt_count_bucket_name(unsigned b);

/* Reuse-distance bins: bin 0 is distance 1, bin k >= 1 holds
 * [2^k, 2^(k+1)), the last bin everything from 2^(WT_LT_RD_BINS-1). */
#define WT_LT_RD_BINS 24
unsigned wt_lt_rd_bin(uint64_t d);

struct wt_lt_pc {
	uint32_t pc;
	uint64_t lines[WT_LT_MAX];
	uint64_t loads;
};

/* What one kernel (or several, added up) showed. */
struct wt_lt_result {
	uint64_t lines[WT_LT_MAX];
	uint64_t loads[WT_LT_MAX];		/* loads to lines of each type */
	uint64_t count_inf[WT_LT_COUNT_BUCKETS];	/* Fig. 4, infinite */
	uint64_t rd[WT_LT_MAX][WT_LT_RD_BINS];	/* Fig. 6 */
	uint64_t aps_num, aps_den;		/* Eq. 1, summed per kernel */
	struct wt_lt_pc *pcs;			/* one kernel's, by PC */
	size_t npcs;
};

struct wt_loadtypes;

/* threshold: the sample of lines typed, as SHARDS' sample test
 * (shards.h) takes it; WT_SHARDS_MODULUS: every line.  With fewer, the
 * caller passes the loads of sampled lines to wt_lt_load and the others
 * to wt_lt_skip, which counts them towards the distances only, and the
 * kernel's counts are the sampled lines' weighted by 1/R (R = threshold /
 * modulus). */
struct wt_loadtypes *wt_lt_new(uint64_t threshold);
void wt_lt_free(struct wt_loadtypes *t);
/* Make the states of SMs 0..n-1 now.  Then the calls below for different
 * SMs below n may run at once, in different threads: each touches only
 * its SM's state. */
void wt_lt_sms(struct wt_loadtypes *t, unsigned n);
/* One load of line by warp at pc on sm. */
void wt_lt_load(struct wt_loadtypes *t, uint16_t sm, uint64_t line,
		uint32_t warp, uint32_t pc);
/* The same for the load ref (its SM and warp) at pc, which then becomes
 * the line's last reference in the SM's infinite L1: if the line had one
 * (the line was loaded on the SM before in this kernel), it goes into
 * *prev, with ref's kernel and SM, and the return is 1, else 0.  Keeping
 * the last reference here, and not in a table of its own, costs one key
 * a line rather than two. */
int wt_lt_load_ref(struct wt_loadtypes *t, const struct wt_ref *ref,
		   uint64_t line, uint32_t pc, struct wt_ref *prev);
/* A hint that line will soon be loaded on sm (see wt_linetab_prefetch). */
void wt_lt_prefetch(const struct wt_loadtypes *t, uint16_t sm, uint64_t line);
/* One load on sm of a line out of the sample. */
void wt_lt_skip(struct wt_loadtypes *t, uint16_t sm);
/* End the kernel: type every line into *res (zeroed first) and empty the
 * caches. */
void wt_lt_kernel_end(struct wt_loadtypes *t, struct wt_lt_result *res);

/* Add src's counts into dst; not its PCs, which belong to one kernel
 * (APS adds up kernel by kernel). */
void wt_lt_result_add(struct wt_lt_result *dst, const struct wt_lt_result *src);
void wt_lt_result_free(struct wt_lt_result *res);
/* Equation 1: aps_num / aps_den; 0 when no line was loaded. */
double wt_lt_aps(const struct wt_lt_result *res);
/* The most common type of a PC's lines (the first of equals). */
enum wt_ltype wt_lt_pc_type(const struct wt_lt_pc *p);

#endif
