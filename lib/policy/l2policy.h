/*
 * l2policy.h - the L2 policies, as l2sim's options choose them, behind the
 * model's hooks (l2hook.h): one file each, l2pol_NAME.c, and the list of
 * them in l2policy.c, which also makes their counters and settings JSON.
 *
 *   medic    MeDiC's warp-type-aware bypassing (WByp) and insertion (WIP)
 *            (l2pol_medic.c; its identification is medic.h)
 *   pc       PC-Byp: MeDiC's identification keyed by the load's PC
 *            instead of its warp: loads of a mostly-miss or all-miss PC
 *            bypass (l2pol_medic.c)
 *   rand     Rand: a fraction of the warps, drawn again every `period`
 *            cycles (100 000), bypass the L2 with their loads; a warp is
 *            drawn when hash(seed, kernel, warp, period number) falls
 *            below the fraction, so the draw is the same in every run
 *   eaf      the Evicted-Address Filter (Seshadri et al., PACT 2012): the
 *            addresses the L2 evicts go into a Bloom filter of 8 bits per
 *            line of the partition, with two hash functions, cleared once
 *            it has taken as many addresses as the partition has lines; a
 *            missing line found in the filter (evicted too early) goes in
 *            at MRU, any other at LRU
 *   pcal     token-based allocation (Li et al., HPCA 2015) applied at the
 *            L2: each period has `tokens` tokens; they go first to the
 *            warps that used the L2 in the period before, the most recent
 *            first, then to warps in the order they come; a miss of a warp
 *            without a token does not allocate its line
 *   sbyp     Khairy et al.'s streaming bypass (l2pol_sbyp.c)
 *
 * Rand, PC-Byp, EAF and PCAL are MeDiC's comparison points
 * (Ausavarungnirun et al., section 5, "Comparisons").  Rand, PC-Byp and
 * PCAL take MeDiC's reset as their period.
 */
#ifndef WT_L2POLICY_H
#define WT_L2POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "medic.h"

struct wt_json;
struct wt_l2;

/* MeDiC's components (l2pol_medic.c). */
enum { WT_MEDIC_WBYP = 1, WT_MEDIC_WIP = 2 };

/* Which policies, and their settings. */
struct wt_l2pol_cfg {
	unsigned medic;			/* MeDiC components: WT_MEDIC_* */
	struct wt_medic_cfg medic_cfg;	/* its reset is also the period of
					   Rand, PC-Byp and PCAL */
	double rand_bypass;		/* Rand: the fraction of warps; 0 off */
	uint64_t seed;
	int pc_bypass;			/* PC-Byp */
	int eaf;			/* EAF insertion */
	unsigned pcal_tokens;		/* PCAL; 0 off */
	int sbyp;			/* the streaming bypass */
	uint64_t sbyp_period;		/* cycles: 10 000 */
	double sbyp_threshold;		/* load miss rate: 0.9 */
};

/* The policies' counters, in the partitions' st.policy[]. */
enum {
	WT_L2C_MEDIC_BYPASSES,		/* bypasses, WByp's */
	WT_L2C_BASELINE_BYPASSES,	/* bypasses, Rand's or PC-Byp's */
	WT_L2C_PCAL_NOALLOC,		/* misses that took no line, with PCAL */
	WT_L2C_SBYP_LOADS,		/* bypasses, the streaming bypass's */
	WT_L2C_SBYP_PERIODS,		/* its periods that ended */
	WT_L2C_SBYP_PERIODS_ON,		/* of them, those that ended closed */
	WT_L2C_SBYP_SWITCHES,		/* closings and openings */
	WT_L2C_MAX
};

/*
 * One policy, as l2policy.c lists them.  Its state shared by every
 * partition (made by begin, NULL if none) and its state per partition
 * (made by attach, which adds its hooks to the partition).
 */
struct wt_l2pol_def {
	const char *name;
	int (*on)(const struct wt_l2pol_cfg *c);
	/* the partitions share its state: they must take their requests
	 * together, in arrival order */
	int shared;
	void *(*begin)(const struct wt_l2pol_cfg *c);
	void (*attach)(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2);
	/* A kernel has ended (every request has run): its warps are
	 * forgotten.  And the end of the run. */
	void (*kernel_end)(void *shared);
	void (*end)(void *shared);
};

extern const struct wt_l2pol_def wt_l2pol_rand, wt_l2pol_pc, wt_l2pol_pcal,
	wt_l2pol_medic, wt_l2pol_sbyp, wt_l2pol_eaf;

/* Every policy off; the papers' settings. */
void wt_l2pol_default(struct wt_l2pol_cfg *c);
/* Whether any policy is on. */
int wt_l2pol_any(const struct wt_l2pol_cfg *c);

/* The policies that c turns on, in the order they are called. */
struct wt_l2pols;
struct wt_l2pols *wt_l2pols_new(const struct wt_l2pol_cfg *c);
/* Give a partition (after wt_l2_init) its policies. */
void wt_l2pols_attach(struct wt_l2pols *s, struct wt_l2 *l2);
/* Whether the partitions share state: run them in arrival order. */
int wt_l2pols_shared(const struct wt_l2pols *s);
void wt_l2pols_kernel_end(struct wt_l2pols *s);
/* After the partitions are freed. */
void wt_l2pols_free(struct wt_l2pols *s);

/* The most options the L2 policies have. */
#define WT_L2_MAX_OPTIONS 16

struct option;
/*
 * The policies' options for a getopt_long table: into out[0..max-1], the
 * val of the k-th first + k; how many.  Their --help lines, in that
 * order.  The options that turn a policy on, for messages ("--a, --b and
 * --c").
 */
size_t wt_l2pol_longopts(struct option *out, size_t max, int first);
const char *wt_l2pol_help(void);
const char *wt_l2pol_option_list(void);
/* Set pc from the defaults and the policies' options: set[val] is the
 * argument of the option of lo (getopt_long's) whose val is val, or
 * NULL.  A bad one is fatal, with a one-line reason. */
void wt_l2pol_options(struct wt_l2pol_cfg *pc, const struct option *lo,
		      const char *const *set);
/* The policies' settings, as keys of l2sim's "settings" object: each
 * policy's choice (off included), and the parameters of those on. */
void wt_l2pol_settings_json(struct wt_json *j, const struct wt_l2pol_cfg *pc);
/* The counters, as l2sim's statistics name them, every one. */
void wt_l2pol_counters_json(struct wt_json *j, const uint64_t *counters);

/* ---- the policies' own state (l2pol_*.c) ---- */

/* Rand: whether warp key bypasses in the period of cycle t. */
int wt_rand_bypass(uint64_t seed, double fraction, uint64_t period, uint64_t key,
		   uint64_t t);

/* EAF, one per partition. */
struct wt_eaf {
	uint64_t *bits;
	uint64_t nbits, inserted, capacity;
};
void wt_eaf_init(struct wt_eaf *f, uint64_t lines);
void wt_eaf_free(struct wt_eaf *f);
void wt_eaf_evicted(struct wt_eaf *f, uint64_t line);
int wt_eaf_test(const struct wt_eaf *f, uint64_t line);

/* PCAL, shared by the partitions. */
struct wt_pcal {
	unsigned tokens;		/* per period */
	uint64_t period, epoch;
	struct wt_u64map *ix;		/* warp key -> index + 1 */
	struct pcal_warp *w;
	size_t n, cap;
	unsigned granted;		/* tokens given out this period */
};
void wt_pcal_init(struct wt_pcal *p, unsigned tokens, uint64_t period);
void wt_pcal_free(struct wt_pcal *p);
/* A kernel ended: its warps give their tokens back and are forgotten
 * (warp keys name the kernel, so they never ask again), so that the next
 * period's tokens go to the warps of the kernel under way only. */
void wt_pcal_kernel_end(struct wt_pcal *p);
/* Whether warp key holds a token at cycle t (asking for one if it has
 * none and some are left); its use of the L2 is noted. */
int wt_pcal_token(struct wt_pcal *p, uint64_t key, uint64_t t);

#endif
