/*
 * arch.h - architecture presets: the execution resources of one SM and
 * the SM count of a representative GPU of each generation.  Every value
 * can be overridden by the programs' options; trace-order(1) gives the
 * source of each default.
 */
#ifndef WT_ARCH_H
#define WT_ARCH_H

enum wt_policy { WT_POLICY_LRR, WT_POLICY_GTO, WT_POLICY_TWO_LEVEL };

struct wt_arch {
	const char *name;	/* fermi, kepler, volta, ampere, hopper */
	const char *gpu;	/* the GPU whose SM count is used */
	const char *cc;		/* compute capability */
	unsigned sms;
	unsigned warp_size;
	unsigned max_threads;	/* resident threads per SM */
	unsigned max_ctas;	/* resident CTAs per SM */
	unsigned max_warps;	/* resident warps per SM */
	unsigned regs;		/* 32-bit registers per SM */
	unsigned reg_unit;	/* registers are allocated per warp in these units */
	unsigned shmem;		/* shared memory bytes per SM (largest carve-out) */
	unsigned shmem_unit;	/* shared memory allocation granularity, bytes */
	unsigned cta_threads;	/* most threads in one CTA */
	unsigned schedulers;	/* warp schedulers per SM */
	enum wt_policy policy;
};

/* The preset called name, or NULL. */
const struct wt_arch *wt_arch_find(const char *name);
/* "fermi, kepler, volta, ampere, hopper" for messages. */
const char *wt_arch_names(void);

const char *wt_policy_name(enum wt_policy p);
int wt_policy_parse(const char *name);	/* -1 if unknown */

#endif
