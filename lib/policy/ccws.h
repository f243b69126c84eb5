/*
 * ccws.h - Cache-Conscious Wavefront Scheduling (Rogers, O'Connor and
 * Aamodt, MICRO 2012) for one SM's warps, with the parameters Khairy et
 * al. compare against (GPGPU-8 2015, section 4.2 and Table 4): Kthrottle
 * 8, a victim tag array (VTA) of 16 entries, 8-way, per warp, and a warp
 * base score of 100.  The L1 reports its evictions and load misses; the
 * warp pool asks whether a warp may issue a load.  One instance per SM.
 *
 * The lost-locality detector.  When the L1 evicts a line, its tag goes
 * into the VTA of the warp that allocated the line, in LRU order within
 * its VTA set.  The VTA has entries / assoc sets (2); a line's set is
 * wt_mix64(line) modulo the sets, so that byte addresses of lines (whose
 * low bits are all zero) and line numbers spread alike, and the whole
 * line address is kept as the tag.  A line evicted again while its tag is
 * still in the VTA moves back to MRU instead of taking a second entry.
 * When the warp later misses in the L1 on a line whose tag is in its own
 * VTA (not another warp's), the warp has lost intra-warp locality: the
 * entry is removed and the warp's score rises.  A miss that finds nothing
 * leaves the VTA as it is.
 *
 * Scores.  Every active warp has a lost-locality score (LLS), starting at
 * base.  A VTA hit at cycle t adds kthrottle x base to the warp's score
 * at t (our reading of the paper's tuning constant: one lost-locality
 * event makes room for up to Kthrottle warps' worth of base score); hits
 * add up, with no cap.  Scores decay by one point per cycle back to base
 * and never below it.  The decay is lazy: each warp keeps the score it
 * had at the cycle of its last hit, and its score at t is worked out from
 * the pair.
 *
 * Throttling.  The cutoff is (number of active warps) x base.  Active
 * warps are stacked by score, highest first, ties by the lower warp index
 * (the older warp); a warp whose score fits entirely below the cutoff
 * when stacked (the scores of the warps above it and its own sum to at
 * most the cutoff) may issue loads, the rest may not, and the top warp
 * always may.  With every score at base all warps fit exactly.  Only
 * loads are throttled; what a descheduled warp does otherwise is the
 * pool's business.
 *
 * The eligible set is worked out again only when a score or the set of
 * active warps changed, or when time reaches the next cycle at which the
 * set can change: the first of the cycles at which a decaying score gets
 * back to base (the stacking order can change) and the cycle at which the
 * first warp left out fits under the cutoff (the stack above it shrinks
 * by one point per cycle for each decaying warp in it, the order being
 * fixed until then).  Between those cycles a check is a lookup.
 *
 * Other readings:
 *  - warps are the pool's local indices 0..nwarps-1; one that joins (its
 *    CTA launched) starts with an empty VTA and the base score, one that
 *    leaves (done) loses both.  Inactive warps are not stacked and do not
 *    count in the cutoff; their evictions are not recorded, their misses
 *    never hit, and they may always issue (there is nothing to throttle).
 *  - time is the latest cycle seen by any call (wt_ccws_score included):
 *    a cycle earlier than one already seen is taken as that one, so
 *    scores never grow back.
 *  - the statistics count what is asked: a throttled check is a call of
 *    wt_ccws_may_issue that answered 0; the most warps descheduled at
 *    once is taken whenever the eligible set is worked out, which is
 *    at the first check after each change.
 */
#ifndef WT_CCWS_H
#define WT_CCWS_H

#include <stdint.h>

struct wt_ccws_cfg {
	unsigned vta_entries;	/* VTA entries per warp; 16 */
	unsigned vta_assoc;	/* ways per VTA set; 8 */
	unsigned kthrottle;	/* a VTA hit adds kthrottle x base; 8 */
	unsigned base;		/* a warp's base score; 100 */
};

struct wt_ccws_stats {
	uint64_t evictions;	/* evictions recorded in a VTA */
	uint64_t probes;	/* misses of active warps looked up */
	uint64_t vta_hits;	/* of those, found in the warp's VTA */
	uint64_t checks;	/* may_issue calls for active warps */
	uint64_t throttled;	/* of those, answered 0 */
	unsigned max_descheduled;	/* the most active warps left out */
};

struct wt_ccws;

void wt_ccws_default(struct wt_ccws_cfg *c);
/* A new instance for nwarps warps, all inactive.  A VTA whose entries are
 * not a whole number of sets, or a base of 0, is a usage error. */
struct wt_ccws *wt_ccws_new(const struct wt_ccws_cfg *c, unsigned nwarps);
void wt_ccws_free(struct wt_ccws *c);

/* A warp joins (its CTA launched, active 1) or leaves (done, active 0). */
void wt_ccws_set_active(struct wt_ccws *c, unsigned warp, int active);
/* The L1 evicted line, allocated by warp owner: its tag goes into owner's
 * VTA, MRU in its set, the set's LRU entry leaving if the set is full. */
void wt_ccws_evict(struct wt_ccws *c, unsigned owner, uint64_t line);
/* An L1 load miss of warp on line at cycle t: 1 if the line was in the
 * warp's VTA (the entry is removed and the warp's score rises), else 0. */
int wt_ccws_miss(struct wt_ccws *c, unsigned warp, uint64_t line, uint64_t t);
/* Whether warp may issue a load at cycle t. */
int wt_ccws_may_issue(struct wt_ccws *c, unsigned warp, uint64_t t);
/* Warp was just held back at cycle t: the cycle until which
 * wt_ccws_may_issue would keep answering 0 for it if nothing else were
 * called in between (the eligible set holds until then); t or earlier
 * when it may issue now or the answer can change at once. */
uint64_t wt_ccws_held_until(const struct wt_ccws *c, unsigned warp, uint64_t t);
/* n calls of wt_ccws_may_issue for warp that answered 0, made in cycles
 * before wt_ccws_held_until's, counted without being made. */
void wt_ccws_held(struct wt_ccws *c, unsigned warp, uint64_t n);

/* The warp's score at cycle t (0 for an inactive warp). */
uint64_t wt_ccws_score(struct wt_ccws *c, unsigned warp, uint64_t t);
/* Whether the warp is active; how many are. */
int wt_ccws_active(const struct wt_ccws *c, unsigned warp);
unsigned wt_ccws_nactive(const struct wt_ccws *c);
/* The VTA set that line goes to. */
unsigned wt_ccws_vta_set(const struct wt_ccws *c, uint64_t line);
const struct wt_ccws_stats *wt_ccws_stats(const struct wt_ccws *c);

#endif
