/*
 * l1policy.h - the L1 management policies of the papers and their
 * baselines, as l1sim --policy names them: which run, in what order, and
 * their parameters and options (the papers' values by default).
 *
 * A policy is a file, lib/policy/pol_*.c, that fills the hooks of
 * l1hook.h, through which the L1 model and the warp pool call it, and
 * owns its parameters, options, settings and counters there; l1policy.c
 * is the table that lists them (wt_l1_policy_ops_of) and the
 * combinations --policy names.  man l1sim(1), "Management policies",
 * gives every reading; HACKING, "Adding a policy", the steps.
 */
#ifndef WT_L1POLICY_H
#define WT_L1POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "l1hook.h"

/* Bytes of the policies' parameters, all of them together. */
#define WT_L1_POLICY_PARAMS 512

struct wt_l1_policy {
	/* bit i: the policy at place i of l1policy.c's table was named */
	unsigned flags;
	const char *name;		/* as given to --policy */
	/* what the warp pool and the throttling policies share */
	unsigned schedulers;		/* warp schedulers per SM: 2 */
	unsigned max_warps;		/* warps per scheduler: 24 */
	unsigned warp_limit;		/* static limit per scheduler; 0: none */
	/* each policy's own parameters (its ops' params_size bytes, at a
	 * place of its own: wt_l1_params) */
	_Alignas(16) unsigned char params[WT_L1_POLICY_PARAMS];
};

/* The parameters of the policy of ops in p (its own struct), or NULL
 * when it has none. */
void *wt_l1_params(const struct wt_l1_policy *p, const struct wt_l1_policy_ops *ops);
/* Whether --policy named the policy of ops (itself, or in a combination
 * of the table: not as another's companion). */
int wt_l1_policy_named(const struct wt_l1_policy *p,
		       const struct wt_l1_policy_ops *ops);
/* Whether a policy that runs under p needs the warp pool (it has pool or
 * across-SM hooks). */
int wt_l1_policy_needs_pool(const struct wt_l1_policy *p);

/* No policy, the papers' parameters. */
void wt_l1_policy_default(struct wt_l1_policy *p);
/*
 * Set p from --policy=LIST: comma-separated names, each a mechanism or a
 * paper's combination (l1policy.c's table; an index function one comes
 * with is the caller's to set: wt_l1_policy_index).  0, or -1 with a
 * one-line reason in err.
 */
int wt_l1_policy_parse(struct wt_l1_policy *p, const char *list, char *err,
		       size_t errlen);
/* The index function a combination the list names comes with (as the
 * paper evaluates it), or NULL. */
const char *wt_l1_policy_index(const char *list);
/* The names --policy takes, for messages and the man page. */
const char *wt_l1_policy_names(void);

struct option;
struct wt_json;
/*
 * The policies' options for a getopt_long table: into out[0..max-1], the
 * val of the k-th first + k; how many.  In the order --help lists them.
 */
size_t wt_l1_policy_longopts(struct option *out, size_t max, int first);
/* The --help lines of --policy (its names, wrapped) and of the
 * policies' options, in that order; static strings. */
const char *wt_l1_policy_help_names(void);
const char *wt_l1_policy_help_options(void);
/*
 * Set p from the defaults, --policy and the policies' options: set[val]
 * is the argument of the option of lo (getopt_long's) whose val is val,
 * or NULL.  A bad one is fatal, with a one-line reason.
 */
void wt_l1_policy_options(struct wt_l1_policy *p, const struct option *lo,
			  const char *const *set);
/* What the policies that set the warp limits across the SMs chose for a
 * kernel (struct wt_l1_kernel's limit, decided, rounds), into its object
 * of the stats file's "kernels". */
void wt_l1_policy_kernel_json(struct wt_json *j, const struct wt_l1_policy *p,
			      unsigned limit, unsigned decided, unsigned rounds);
/* The policy and its mechanisms' parameters, into the stats file's
 * settings; pool: the warp pool runs (its warp limits are printed). */
void wt_l1_policy_settings_json(struct wt_json *j, const struct wt_l1_policy *p,
				int pool);
/* What the mechanisms did, ps summed over the SMs, as the object
 * "policy": l1[0..n-1] the SMs' L1s, gstate(ctx, ops) a policy's
 * state across them (or NULL). */
void wt_l1_policy_stats_json(struct wt_json *j, const struct wt_l1_policy *p,
			     const struct wt_pol_stats *ps, struct wt_l1 *const *l1,
			     unsigned n,
			     void *(*gstate)(const void *ctx,
					     const struct wt_l1_policy_ops *ops),
			     const void *ctx);

#endif
