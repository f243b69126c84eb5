/*
 * l2hook.h - the hooks through which an L2 partition (l2model.h) calls
 * the policies that steer it: bypassing, insertion, victim choice and
 * what they learn from lookups.  The model knows no policy; each policy
 * fills a struct wt_l2_hooks (l2policy.h lists them) and is added to a
 * partition with its own state.  A partition calls its policies in the
 * order they were added, each hook of each policy that has it.
 *
 * What the model does with the answers:
 *
 *   arrive   every request, at its arrival, before the port: the first
 *            policy that answers 1 sends it around the L2 (a bypass event
 *            at its arrival and an outcome of a miss, miss_latency
 *            cycles; no port, bank or lookup), and the later policies do
 *            not see it.  A policy may set r->noalloc instead.
 *   lookup   every tag lookup, with what it found (enum wt_l2_look) and
 *            the line's way for a hit.
 *   victim   the first policy that has the hook chooses every victim
 *            (else the cache's replacement does); evicted then tells
 *            every policy of a valid line that goes.
 *   insert   every new line: each policy may answer the position it goes
 *            in (0 most recently used .. assoc - 1 least), the first
 *            answer wins; none: the cache's own insertion.  r is NULL for
 *            a line that no request brings (a copy before the kernel,
 *            l2sector.c's lines).
 *   served   a request that took the bank (no bypass) has been served on
 *            l2model.c's way: hit says whether a load or atomic hit.
 *
 * Hooks may call wt_l2_tags_only (a lookup of the tags alone).  The
 * policies' counters are the partition's st.policy[] (l2policy.h names
 * them); the model only adds them up.
 */
#ifndef WT_L2HOOK_H
#define WT_L2HOOK_H

#include <stdint.h>

struct wt_cache_line;
struct wt_event;
struct wt_l2;
struct wt_l2_out;

/* What a policy sees of one request. */
struct wt_l2_req {
	const struct wt_event *in;
	uint64_t line;			/* global line address */
	unsigned set;
	uint64_t arrival;
	uint32_t kernel;		/* the kernel under way: warp keys */
	int noalloc;			/* set by a policy: a miss takes no line */
	struct wt_l2_out *out;		/* where its events go */
};

/* What a tag lookup found. */
enum wt_l2_look {
	WT_L2_LOOK_HIT,			/* the line, reused (a store's also in
					   flight): way given */
	WT_L2_LOOK_PENDING,		/* the line in flight: a miss */
	WT_L2_LOOK_MISS,		/* no line */
	WT_L2_LOOK_NOALLOC		/* no line, and r->noalloc: none taken */
};

struct wt_l2_hooks {
	/* 1: the request goes around the L2 (see above). */
	int (*arrive)(void *p, struct wt_l2 *l2, struct wt_l2_req *r);
	/* A lookup at cycle t; way: the line's for WT_L2_LOOK_HIT, else -1. */
	void (*lookup)(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
		       int way, enum wt_l2_look look, uint64_t t);
	/* The victim way of set for a new line, -1 when every way is
	 * reserved; *ev: the line it held. */
	int (*victim)(void *p, struct wt_l2 *l2, unsigned set,
		      struct wt_cache_line *ev);
	void (*evicted)(void *p, uint64_t line);
	/* Line goes into way of set (which still holds the victim): its
	 * position, or -1 (no say). */
	int (*insert)(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
		      unsigned set, int way, uint64_t line);
	void (*served)(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
		       int hit);
	void (*free)(void *p);
};

/* A policy added to a partition. */
struct wt_l2_policy {
	const struct wt_l2_hooks *ops;
	void *p;			/* its state in this partition */
};

#define WT_L2_POLICIES 8		/* per partition, at most */
#define WT_L2_POLICY_COUNTERS 8

/*
 * Add a policy to the partition, after those it has; the partition frees
 * p with ops->free.  bypass: it may send requests around the L2, so that
 * a request's events may come at its arrival (wt_l2_event_floor).
 */
void wt_l2_add_policy(struct wt_l2 *l2, const struct wt_l2_hooks *ops, void *p,
		      int bypass);

/*
 * The tags alone, for r at its arrival, looked up and updated as an open
 * L2's lookup would (recency, the policies' lookup, victim and insert
 * hooks, a dirty victim's write-back event at the arrival), but no MSHR,
 * fill or data: a line taken is valid at once.  A line in flight is a
 * miss.  Whether it hit; *way: the way a new line took, else -1.
 */
int wt_l2_tags_only(struct wt_l2 *l2, const struct wt_l2_req *r, int *way);

#endif
