/*
 * warptype.h - the warp types of MeDiC (Ausavarungnirun et al., HPCA 2015,
 * section 3.1, Figure 4) and the memory divergence of warp instructions.
 *
 * A warp's hit ratio is its hits over its accesses (hits and misses) at
 * one cache level.  With the boundaries mostly-hit = 70 % and
 * mostly-miss = 20 %:
 *
 *   all-hit       every access hit
 *   mostly-hit    hit ratio >= 70 % (and some miss)
 *   balanced      between
 *   mostly-miss   hit ratio <= 20 % (and some hit)
 *   all-miss      no access hit
 *
 * The same five types apply to one warp instruction's requests (its
 * memory divergence) and to a warp's accesses in one time window
 * (Figure 6).  Boundaries are compared exactly, in parts per million.
 */
#ifndef WT_WARPTYPE_H
#define WT_WARPTYPE_H

#include <stddef.h>
#include <stdint.h>

enum wt_wtype {
	WT_WT_ALL_HIT,
	WT_WT_MOSTLY_HIT,
	WT_WT_BALANCED,
	WT_WT_MOSTLY_MISS,
	WT_WT_ALL_MISS,
	WT_WT_MAX
};

struct wt_wt_bounds {
	uint32_t mostly_hit;	/* ppm: 700000 */
	uint32_t mostly_miss;	/* ppm: 200000 */
};

/* MeDiC's boundaries: 70 % and 20 %. */
extern const struct wt_wt_bounds wt_wt_medic;

/* The type of hits out of accesses (accesses > 0). */
enum wt_wtype wt_wtype_of(uint64_t hits, uint64_t accesses,
			  const struct wt_wt_bounds *b);
/* "all-hit", "mostly-hit", "balanced", "mostly-miss", "all-miss". */
const char *wt_wtype_name(unsigned t);

/* One time window of one warp. */
struct wt_wt_window {
	uint64_t index;		/* time / window length */
	uint32_t hits, accesses;
};

struct wt_wt_warp {
	uint32_t kernel, warp, cta, sm;
	uint64_t hits, accesses;
	uint64_t seq;		/* the order warps were first seen in */
	size_t open;		/* index + 1 in the open instructions of
				   the one it accessed last, or 0: most
				   accesses are its, so found without the
				   hash table (checked by its key: a
				   closing moves another into its slot) */
	struct wt_wt_window *win;
	size_t nwin, capwin;
};

/* Memory divergence of the warp instructions of one kernel (or more). */
struct wt_divergence {
	uint64_t instrs[WT_WT_MAX];	/* instructions of each type */
	uint64_t requests[WT_WT_MAX];	/* their requests at this level */
	uint64_t hits[WT_WT_MAX];
	uint64_t by_requests[33];	/* instructions by requests: 1..32,
					   [0] for more than 32 */
};

/* Warp-type census of the warps of one kernel (or more): warps and
 * accesses of each type, and the windows with at least min_access
 * accesses, and of them those whose type is their warp's type over the
 * whole kernel (stability, Figure 6). */
struct wt_wt_census {
	uint64_t warps[WT_WT_MAX], accesses[WT_WT_MAX], hits[WT_WT_MAX];
	uint64_t windows, stable;
};

/*
 * What is kept between accesses: the warps of the kernel under way, each
 * with its windows, and its instructions still open.  When a warp ends
 * (wt_wt_warp_end: the stream says so) or else when its kernel ends, it
 * is counted into the kernel's census and forgotten but for the `series`
 * with the most accesses of all kernels so far (top), so that memory
 * follows the warps under way, or at most one kernel's, not the trace's.
 */
struct wt_warptypes {
	struct wt_wt_bounds b;
	uint64_t window;		/* cycles per window */
	uint32_t min_access;		/* accesses a window needs to count */
	size_t series;			/* warps kept in top */
	/* This kernel's warps: warp -> index + 1 in warps, 0 once ended. */
	struct wt_warpix *warp_ix;
	struct wt_wt_warp *warps;	/* this kernel's not ended */
	size_t nwarps, capwarps;
	uint64_t seen;			/* warps seen, all kernels */
	struct wt_wt_census census;	/* this kernel's ended warps' */
	/* The warps with the most accesses of those ended, the first seen
	 * first among equals; at most series of them. */
	struct wt_wt_warp *top;
	size_t ntop, captop;
	/* This kernel's instructions still open: instr_ix maps
	 * warp << 32 | instr to an index + 1 into instr. */
	struct wt_u64map *instr_ix;
	struct wt_wt_instr {
		uint64_t key;
		uint32_t hits, requests;
	} *instr;
	size_t ninstr, capinstr;
	struct wt_divergence closed;	/* this kernel's, closed so far */
};

void wt_wt_init(struct wt_warptypes *w, const struct wt_wt_bounds *b,
		uint64_t window, uint32_t min_access, size_t series);
void wt_wt_free(struct wt_warptypes *w);
/* One access at time by warp (of cta, on sm, in kernel, the kernel under
 * way) for its memory instruction instr.  last: the instruction's last
 * access, after which it is folded into the divergence and forgotten, so
 * that memory follows the instructions open, not the kernel's length (0
 * when not known: the kernel's end folds it). */
int wt_wt_access(struct wt_warptypes *w, uint32_t kernel, uint32_t warp,
		 uint32_t cta, uint16_t sm, uint32_t instr, uint64_t time,
		 int hit, int last);
/* warp (of the kernel under way) has made its last access: it is counted
 * and forgotten now.  wt_wt_access and this return -1, doing nothing,
 * for a warp that has ended already (a stream not in each warp's
 * order); 0 otherwise. */
int wt_wt_warp_end(struct wt_warptypes *w, uint32_t warp);
/* End of a kernel: add its instructions' divergence to *d and its warps'
 * census to *c (neither zeroed); its warps leave but for those that make
 * the top. */
void wt_wt_kernel_end(struct wt_warptypes *w, struct wt_divergence *d,
		      struct wt_wt_census *c);

void wt_wt_census_add(struct wt_wt_census *dst, const struct wt_wt_census *src);
void wt_divergence_add(struct wt_divergence *dst, const struct wt_divergence *src);

#endif
