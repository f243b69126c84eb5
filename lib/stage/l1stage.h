/*
 * l1stage.h - l1sim's engine behind the stage loop (stage.h): the
 * coalesced requests bucketed by SM, each SM's L1 (l1model.h) run on
 * them, in stream mode batch by batch to a horizon or through the warp
 * pool (l1pool.h) a whole kernel at a time, the SMs in parallel, their
 * events merged in time order and written on a thread of their own while
 * the next batch is read; the adaptive L1's carve-out at each kernel; the
 * policies that throttle across SMs (a search for the best static warp
 * limit, a coordinator that samples the SMs) run through their kernel
 * hooks (l1hook.h).
 *
 * cmd/l1sim.c parses the command line with l1opt.h's table;
 * wt_l1stage_options (l1opt.c) fills the configuration,
 * wt_l1stage_upstream reads what the stream says (wt_l1stage_configure,
 * l1opt.h, does both for a program that configures its L1s from an
 * option string), wt_l1stage_header what the output says;
 * wt_l1stage_start, once the output is open, plugs the engine into a stage whose loop then runs
 * it; wt_l1stage_finish writes the last events, and wt_l1stage_stats
 * (l1stats.c) writes --stats.
 */
#ifndef WT_L1STAGE_H
#define WT_L1STAGE_H

#include <stddef.h>
#include <stdint.h>

#include "l1model.h"
#include "l1policy.h"
#include "l1setup.h"
#include "machine.h"
#include "stage.h"

struct wt_l1_sm;		/* an SM's L1 (l1stage.c) */
struct wt_l1_bucket;		/* an SM's requests and events of a batch */

/* Per kernel: what the throttling policies chose. */
struct wt_l1_choice {
	unsigned limit;		/* chosen before it ran (kernel_limit) */
	unsigned decided;	/* decided as it ran (kernel_run), or 0 */
	unsigned rounds;	/* its sampling rounds (kernel_run) */
};

struct wt_l1stage {
	/* The configuration (l1opt.c). */
	struct wt_l1_setup su;	/* su.pool: --sched=pool */
	struct wt_l1_policy pol;
	struct wt_machine machine;
	const char *arch;
	int flush;		/* --flush: invalidate the L1s at kernel ends */
	unsigned unified;	/* --unified: L1 and shared memory, KB; 0: off */
	unsigned shopt[32], nshopt;	/* --shmem-options, KB, ascending */
	unsigned base_assoc;	/* the L1 of --config and --size, whose */
	uint64_t base_size;	/* ways the carve-out multiplies */
	int ctas_set;		/* --ctas given */
	int pool_asked;		/* --sched=pool or a pool option given */
	unsigned warp_size;	/* the stream's, or 0 */
	size_t batch;		/* stream mode: requests held before a run */
	int no_warp_table;	/* --stats-warps=no: the stats' warps left out */
	/* From the stream (wt_l1stage_upstream). */
	unsigned sms;		/* the stream's SMs (trace-order --sms) */
	unsigned req_sector;	/* the requests' sector size, where a
				   sectored L1's differs; else 0 */
	struct wt_meta meta;	/* the output header's, for the stats */

	/* The run. */
	struct wt_stage *st;
	struct wt_l1_sm *sm;
	unsigned nsm;
	struct wt_l1_bucket *b;	/* per SM seen in the stream */
	unsigned nb;
	struct wt_kernel kern;	/* the kernel being read */
	uint64_t kernel_l1;	/* the carve-out's L1 of this kernel, bytes */
	uint64_t *l1_sizes;	/* per kernel, with --unified */
	int wpc_noted;		/* said that warps per CTA are unknown */
	uint64_t start;		/* pool: the cycle the next kernel starts */
	char **names;		/* kernel names, by id */
	size_t nnames;
	struct wt_l1_choice *choices;	/* per kernel, with the pool */
	struct wt_l1_gpol {	/* the policies' states across SMs */
		const struct wt_l1_policy_ops *ops;
		void *g;
	} gpol[WT_L1_MAX_POLICIES];
	unsigned ngpol;
	int gpol_made;
};

/* What the stream's header (m) says: its SMs (sms, the reader's
 * wt_reader_sms: the header's "sms", 0 if none), and the sector size of
 * its requests ("sector_size") where a sectored L1's differs. */
void wt_l1stage_upstream(struct wt_l1stage *sim, const struct wt_meta *m,
			 unsigned sms);
/* What the output's header says of the L1 and the machine. */
void wt_l1stage_header(const struct wt_l1stage *sim, struct wt_meta *m);
/* Plug the engine into st (whose model sim becomes): its operations,
 * and --batch where stream mode runs in batches. */
void wt_l1stage_start(struct wt_l1stage *sim, struct wt_stage *st);
/* After the loop: the last events written, the reuse trackers let go. */
void wt_l1stage_finish(struct wt_l1stage *sim);
/* --stats: settings, totals, kernels, each SM's, the warps' (l1stats.c). */
void wt_l1stage_stats(struct wt_l1stage *sim, const char *path, int argc,
		      char **argv);
/* SM s's statistics, over every L1 a carve-out gave it. */
struct wt_l1_stats *wt_l1stage_sm_stats(struct wt_l1stage *sim, unsigned s);
/* SM s's L1 (s < sim->nsm). */
struct wt_l1 *wt_l1stage_l1(struct wt_l1stage *sim, unsigned s);
/* The state of the policy of ops across SMs, or NULL. */
void *wt_l1stage_gpol(const struct wt_l1stage *sim,
		      const struct wt_l1_policy_ops *ops);
void wt_l1stage_free(struct wt_l1stage *sim);

#endif
