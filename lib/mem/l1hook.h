/*
 * l1hook.h - the hooks through which the L1 model (l1model.c) and the
 * warps' schedulers (l1sim's warp pool, l1pool.c, and gpusim's SMs,
 * lib/sim/gspool.c) call the management policies, and nothing else:
 * they know no policy by name.
 *
 * A policy fills a struct wt_l1_policy_ops (one file each, pol_*.c);
 * l1policy.c lists them, parses --policy and says which run, in order
 * (wt_l1_policy_ops_of).  Every hook may be NULL.  An L1 holds one
 * instance (ops, state) of each policy that has L1 hooks (init), a pool
 * (or a gpusim SM, for a kernel) one of each that has pool hooks
 * (pool_init), and the program that runs the SMs (l1sim, gpusim) one of
 * each that throttles across them (gpu_init), for the whole run; the
 * hooks are called in
 * list order, which is what makes a combination of policies behave as
 * one (l1policy.c says which run together, and in what order).
 */
#ifndef WT_L1HOOK_H
#define WT_L1HOOK_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

struct wt_l1;
struct wt_l1_kernel;
struct wt_l1_meta;
struct wt_l1_policy;
struct wt_pool;
struct wt_pool_cfg;

/* The most counters the policies keep, all of them together. */
#define WT_POL_MAX_COUNTERS 32

/* What the policies did (l1sim's "policy" object), per L1: each policy's
 * counters (its ops' counters name them) at the place the table of
 * policies gives it (wt_pol_counter), and the model's own. */
struct wt_pol_stats {
	uint64_t protect_bypass;	/* loads whose set was all protected */
	uint64_t n[WT_POL_MAX_COUNTERS];
};

/* d += s, counter by counter. */
void wt_pol_stats_add(struct wt_pol_stats *d, const struct wt_pol_stats *s);

struct wt_l1_policy_ops;
/* Counter i of the policy of ops in st (l1policy.c). */
uint64_t *wt_pol_counter(struct wt_pol_stats *st,
			 const struct wt_l1_policy_ops *ops, unsigned i);
/* The counter whose JSON key is key, or 0 (for tests). */
uint64_t wt_pol_stats_get(const struct wt_pol_stats *st, const char *key);

/* Where a load goes (the route hook). */
enum wt_l1_route {
	WT_L1_LOOKUP,		/* the normal lookup */
	WT_L1_AROUND,		/* around the L1, nothing looked up */
	WT_L1_TAGS_ONLY,	/* around, but the tags are looked up and
				   kept as if it had not (lines without data) */
};

struct wt_json;

/* An option of a policy on l1sim's command line. */
struct wt_l1_option {
	const char *name;		/* --name=ARG */
	const char *help;		/* its lines of --help, as printed */
};

/* The most options the policies have, all of them together. */
#define WT_L1_MAX_OPTIONS 32

struct wt_l1_policy_ops {
	const char *name;		/* as --policy names it */

	/* ---- its parameters (l1policy.c) ---- */
	/* A struct of params_size bytes, its own, kept inside struct
	 * wt_l1_policy (wt_l1_params finds it) and set to the papers'
	 * values by params_default before any option is read; 0: none. */
	size_t params_size;
	void (*params_default)(void *params);
	/* Its options, {NULL}-ended; an option two policies read is listed
	 * by one.  Parsed by the options hook below. */
	const struct wt_l1_option *opts;
	/* A name of --policy that l1policy.c's table of combinations makes
	 * of it chose words (comma-separated: methods, say): into params. */
	void (*variant)(void *params, const char *words);
	/* Another policy that runs with it as its params say, or NULL. */
	const struct wt_l1_policy_ops *(*companion)(const void *params);
	/* --policy=list named it: 0, or -1 with a one-line reason in err
	 * where it and the other policies named do not go together. */
	int (*check)(const struct wt_l1_policy *p, const char *list, char *err,
		     size_t errlen);

	/* ---- its options, counters and statistics (l1policy.c) ---- */
	/* The JSON keys of its counters, NULL-ended: counter i is
	 * *wt_pol_counter(&l1->st.pol, ops, i). */
	const char *const *counters;
	/* Its options, after the defaults: opt(ctx, "name") is --name's
	 * argument or NULL.  A bad one is fatal (wt_opt_num). */
	void (*options)(struct wt_l1_policy *p,
			const char *(*opt)(const void *ctx, const char *name),
			const void *ctx);
	/* Its parameters into the stats file's settings, when it runs. */
	void (*settings_json)(const struct wt_l1_policy *p, struct wt_json *j);
	/* What it chose for a kernel, when it sets the warp limits across
	 * the SMs (struct wt_l1_kernel's limit, decided, rounds), into the
	 * kernel's object of "kernels". */
	void (*kernel_json)(struct wt_json *j, unsigned limit, unsigned decided,
			    unsigned rounds);
	/* What it did beyond its counters into the "policy" object, when it
	 * runs: l1[0..n-1] the SMs' L1s, g its state across them or NULL. */
	void (*stats_json)(struct wt_json *j, struct wt_l1 *const *l1,
			   unsigned n, const void *g);

	/* ---- the L1 (l1model.c) ---- */
	/* The state of one L1's instance; NULL: no L1 hooks. */
	void *(*init)(const struct wt_l1_policy *p, struct wt_l1 *l1);
	void (*free)(void *s);
	/* A kernel's requests on this SM, r[0..n-1], are about to run. */
	void (*kernel_begin)(void *s, const struct wt_request *r, size_t n);
	/* An instruction's first request is tried (again, on a retry). */
	void (*instruction)(void *s, const struct wt_request *r);
	/* A load of line is tried at t, before it is routed: periods end,
	 * predictions are checked (again, on a retry). */
	void (*tick)(void *s, struct wt_l1 *l1, const struct wt_request *r,
		     uint64_t line, uint64_t t);
	/* Where the load goes (enum wt_l1_route), the reason counted; the
	 * first policy that does not say WT_L1_LOOKUP decides.  *protect:
	 * the lookup allocates the line protected. */
	int (*route)(void *s, struct wt_l1 *l1, const struct wt_request *r,
		     uint64_t line, int *protect);
	/* A lookup's miss needs a new line: the counter of the reason it
	 * gets none and goes around, or NULL.  stalled: every way of the set
	 * is reserved (else asked before any victim is chosen). */
	uint64_t *(*no_line)(void *s, struct wt_l1 *l1, int stalled);
	/* A protected load's line is allocated: whether it is kept
	 * protected. */
	int (*pin)(void *s, uint32_t warp, uint32_t pc);
	/* Insertion: a line came in for load pc of warp (m has those). */
	void (*arrive)(void *s, struct wt_l1 *l1, struct wt_l1_meta *m, int protect);
	/* A load looks up a set: its lines, m[0..assoc-1]. */
	void (*set_access)(void *s, struct wt_l1_meta *m, unsigned assoc);
	/* A hit on the line; first: its first since it came in. */
	void (*hit)(void *s, struct wt_l1_meta *m, int first);
	/* Victim choice: 1 when the valid line may not be evicted. */
	int (*shield)(void *s, struct wt_l1_meta *m);
	/* A valid line with data leaves (replaced or invalidated). */
	void (*evict)(void *s, struct wt_l1 *l1, const struct wt_l1_meta *m,
		      uint64_t line);
	/* A load was made: looked_up (else routed around), hit, protect. */
	void (*load_done)(void *s, struct wt_l1 *l1, const struct wt_request *r,
			  uint64_t line, unsigned seed, int looked_up, int hit,
			  int protect);
	/* May a store's miss allocate a line now? */
	int (*store_alloc)(void *s);
	/* The warp's last request of the kernel was made. */
	void (*warp_end)(void *s, uint32_t warp);

	/* ---- the warp pool (l1pool.c) ---- */
	/* The state of one pool's instance; l1s: this policy's L1 state. */
	void *(*pool_init)(const struct wt_l1_policy *p, struct wt_pool *pool,
			   void *l1s);
	void (*pool_free)(void *s);
	/* Throttling: the warp limit the pool starts with (0: none). */
	unsigned (*limit)(void *s);
	/* Warp wi is launched (on) or done (off). */
	void (*active)(void *s, struct wt_pool *pool, size_t wi, int on);
	/* Which warps are admitted changed. */
	void (*admitted)(void *s, struct wt_pool *pool);
	/* May warp wi start its next instruction now? */
	int (*may_issue)(void *s, struct wt_pool *pool, size_t wi);
	/* Warp wi was just held back (may_issue said 0): the cycle until
	 * which may_issue would go on saying 0 for it if no warp issued
	 * meanwhile (the pool's time or earlier: it may change at once);
	 * and held, n such answers counted as if asked.  With both, the
	 * pool jumps over cycles in which it holds back every warp. */
	uint64_t (*held_until)(void *s, const struct wt_pool *pool, size_t wi);
	void (*held)(void *s, struct wt_pool *pool, size_t wi, uint64_t n);
	/* Issue order: the queue position that issues (the first policy
	 * that has the hook decides; none: the head, 0). */
	size_t (*pick)(void *s, const struct wt_pool *pool);
	/* Warp wi makes its instruction now. */
	void (*issue)(void *s, struct wt_pool *pool, size_t wi);
	/* Request q of warp wi was tried; missed: made, a load miss. */
	void (*accessed)(void *s, struct wt_pool *pool, size_t wi,
			 const struct wt_request *q, int missed);

	/* ---- across the SMs (the program: l1sim) ---- */
	/* The state of one run, for every kernel; NULL: no such hooks. */
	void *(*gpu_init)(const struct wt_l1_policy *p);
	void (*gpu_free)(void *g);
	/* Throttling across SMs, before a kernel runs: the warp limit of
	 * every SM's pool (0: none); k->limit says the choice. */
	unsigned (*kernel_limit)(void *g, struct wt_l1_kernel *k);
	/* Or run the kernel's pools, setting their warp limits as they go:
	 * 1 when it did (k->end filled, k->decided and k->rounds said). */
	int (*kernel_run)(void *g, struct wt_l1_kernel *k);

	/* ---- across the SMs, in a program that runs them on its own
	 * clock (gpusim) instead of through pools ---- */
	/* The warp limit per scheduler a kernel runs under (0: none), from
	 * trials: trial(ctx, limit, cap, &bound) runs the kernel under limit
	 * warps per scheduler and says its cycles (or cap, having stopped
	 * early, if they are cap or more), and bound 0 when the limit held
	 * no warp back (every larger limit runs the same); most: the most
	 * warps an SM holds. */
	unsigned (*kernel_search)(void *g, unsigned most,
				  uint64_t (*trial)(void *ctx, unsigned limit,
						    uint64_t cap, int *bound),
				  void *ctx);
	/* Or set the SMs' limits as the kernel runs: sample_begin says the
	 * interval in cycles (0: none) as kernel name starts on sms SMs; at
	 * each interval's end sample_step takes each SM's instructions and
	 * L1 misses of it and puts each SM's warp limit for the next into
	 * limit[] (0: none); sample_end says what it decided (struct
	 * wt_l1_kernel's decided and rounds) as the kernel ends. */
	uint64_t (*sample_begin)(void *g, const char *name, unsigned sms);
	void (*sample_step)(void *g, const uint64_t *instrs,
			      const uint64_t *misses, unsigned *limit);
	void (*sample_end)(void *g, unsigned *decided, unsigned *rounds);
};

/* One kernel on the SMs, for the hooks across them. */
struct wt_l1_kernel {
	unsigned n;			/* the SMs it runs on, 0..n-1: */
	struct wt_l1 **l1;		/* their L1s (kernel_begin done), */
	const struct wt_request **r;	/* their requests r[s][0..nr[s]-1], */
	const size_t *nr;
	struct wt_l1_out **out;		/* where their events go, */
	uint64_t *end;			/* the cycle each is done (kernel_run) */
	const struct wt_pool_cfg *pc;	/* their pools' (l1pool.h) */
	uint64_t start;			/* the cycle the kernel starts */
	const char *name;		/* the kernel's, or NULL */
	unsigned sms;			/* the stream's SMs (0: unknown) */
	int parallel;			/* the SMs may run on threads */
	/* what the policies chose, for the statistics */
	unsigned limit;			/* warps per scheduler (kernel_limit) */
	unsigned decided, rounds;	/* kernel_run's limit (0: none), its
					   sampling rounds */
};

/* The most policies that run at once. */
#define WT_L1_MAX_POLICIES 16

/* The policies of p that run, in call order, into ops[]: how many
 * (l1policy.c). */
unsigned wt_l1_policy_ops_of(const struct wt_l1_policy *p,
			     const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES]);

/* ---- what the model offers the policies (l1model.c) ---- */

/* The state of l1's instance of ops, or NULL. */
void *wt_l1_pol_state(const struct wt_l1 *l1,
		      const struct wt_l1_policy_ops *ops);
/* The lines the tags took without data (WT_L1_TAGS_ONLY) are dropped. */
void wt_l1_drop_tagonly(struct wt_l1 *l1);

/* ---- what the warps' scheduler offers them: l1sim's pool (l1pool.c) or
 * a gpusim SM (gspool.c) ---- */

/*
 * A pool's warps are indexed 0..nwarps-1: in l1sim's pool each is a warp
 * of the SM's kernel, the indices in age order; in gpusim each is a slot
 * of the SM, which a warp takes when its CTA arrives and frees when it
 * is done (the active hook says both), and ages are the order of their
 * arrival.  Smaller ages are older.
 */
struct wt_pool_ops {
	struct wt_l1 *(*l1)(const struct wt_pool *p);
	size_t (*nwarps)(const struct wt_pool *p);
	uint64_t (*time)(const struct wt_pool *p);
	/* Warp wi's next request, or NULL when it has none; *first: it
	 * starts an instruction, *left: its instruction's requests from it
	 * on. */
	const struct wt_request *(*next)(const struct wt_pool *p, size_t wi,
					 int *first, unsigned *left);
	/* The kernel's id of warp wi. */
	uint32_t (*warp)(const struct wt_pool *p, size_t wi);
	/* The warps not done are by_age(i) for i in [*lo, *hi), oldest
	 * first (some there may be done). */
	void (*range)(const struct wt_pool *p, size_t *lo, size_t *hi);
	size_t (*by_age)(const struct wt_pool *p, size_t i);
	uint64_t (*age)(const struct wt_pool *p, size_t wi);
	/* Whether wi is admitted (within the warp limit), not done. */
	int (*admitted)(const struct wt_pool *p, size_t wi);
	/* The warps that may issue now, in the order they would: how many,
	 * and the one at position i. */
	size_t (*queued)(const struct wt_pool *p);
	size_t (*queue_at)(const struct wt_pool *p, size_t i);
};

/* What the pool hooks are given: the first member of the scheduler's
 * own structure. */
struct wt_pool {
	const struct wt_pool_ops *ops;
};

static inline struct wt_l1 *wt_pool_l1(const struct wt_pool *p)
{
	return p->ops->l1(p);
}

static inline size_t wt_pool_nwarps(const struct wt_pool *p)
{
	return p->ops->nwarps(p);
}

static inline uint64_t wt_pool_time(const struct wt_pool *p)
{
	return p->ops->time(p);
}

static inline const struct wt_request *wt_pool_next(const struct wt_pool *p,
						    size_t wi, int *first,
						    unsigned *left)
{
	return p->ops->next(p, wi, first, left);
}

static inline uint32_t wt_pool_warp(const struct wt_pool *p, size_t wi)
{
	return p->ops->warp(p, wi);
}

static inline void wt_pool_range(const struct wt_pool *p, size_t *lo, size_t *hi)
{
	p->ops->range(p, lo, hi);
}

static inline size_t wt_pool_by_age(const struct wt_pool *p, size_t i)
{
	return p->ops->by_age(p, i);
}

static inline uint64_t wt_pool_age(const struct wt_pool *p, size_t wi)
{
	return p->ops->age(p, wi);
}

static inline int wt_pool_admitted(const struct wt_pool *p, size_t wi)
{
	return p->ops->admitted(p, wi);
}

static inline size_t wt_pool_queued(const struct wt_pool *p)
{
	return p->ops->queued(p);
}

static inline size_t wt_pool_queue_at(const struct wt_pool *p, size_t i)
{
	return p->ops->queue_at(p, i);
}

#endif
