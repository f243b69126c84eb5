/*
 * order.h - the GPU execution model of trace-order: threads into warps,
 * warps into CTAs, CTAs onto SMs, and warp schedulers choosing which
 * warp issues its next memory instruction, with nominal issue times.
 */
#ifndef WT_ORDER_H
#define WT_ORDER_H

/* CTAs of one kernel that trace-order schedules at most: CTA ids index
 * dense arrays, so a single thread id near 2^32 in blocks of one thread
 * must be refused rather than fill memory (16777216, a grid of 4096 x
 * 4096). */
#define WT_ORDER_MAX_CTAS (1u << 24)

#include <stdint.h>

#include "arch.h"
#include "record.h"
#include "stream.h"

struct wt_order_cfg {
	unsigned sms;
	unsigned warp_size;
	unsigned max_threads, max_ctas, max_warps;	/* per SM */
	unsigned regs, reg_unit;			/* per SM; per warp */
	unsigned shmem, shmem_unit;			/* per SM; per CTA */
	unsigned cta_threads;				/* per CTA */
	unsigned schedulers;
	enum wt_policy policy;
	unsigned active_warps;	/* two-level: active warps per scheduler */
	unsigned warp_limit;	/* static warp limit per scheduler (SWT), 0 = none */
	unsigned cta_limit;	/* CTAs per SM (multithreading degree), 0 = none */
	unsigned latency;	/* cycles a warp waits after a load or atomic */
	unsigned first_sm;	/* the SM the kernel's first CTA goes to */
	/* Thread accesses (not warp records), as Nugteren et al.'s model
	 * takes them: */
	int drop_stores;	/* stores are left out before the accesses
				   are matched into instructions */
	int match_position;	/* the i-th accesses are one instruction
				   whatever their PCs (only op, space and
				   size's coalescing group split them) */
};

/* The configuration of machine m (machine.h): what trace-order takes from
 * it, with an active set of 8 warps (two-level) and a 100-cycle wait. */
struct wt_machine;
void wt_order_cfg_machine(struct wt_order_cfg *cfg, const struct wt_machine *m);

/*
 * Resident CTAs per SM for kernel k, and the resource that limits them
 * ("threads", "ctas", "warps", "registers", "shared_memory", "cta-limit").
 * 0 with *why explaining it when a single CTA does not fit.
 */
unsigned wt_order_occupancy(const struct wt_order_cfg *cfg,
			    const struct wt_kernel *k, const char **why);

struct wt_order_stats {
	uint64_t ctas, warps;		/* dispatched */
	uint64_t instrs;		/* warp memory instructions issued */
	uint64_t tails;			/* warp records of op none issued */
	uint64_t nonmem;		/* non-memory instructions: the icounts
					   of every record issued */
	uint64_t split;			/* extra instructions from lanes whose
					   accesses at one index differ in PC,
					   op, size or space */
	uint64_t lanes;			/* active lanes over all instructions */
	uint64_t stores_dropped;	/* thread stores left out (drop_stores) */
	uint64_t start, end;		/* first cycle, cycle the last CTA ended */
	unsigned ctas_per_sm;
	unsigned last_sm;		/* the SM the last CTA went to */
	const char *limited_by;
	uint64_t *sm_instrs;		/* per SM */
	uint64_t *sm_ctas;		/* per SM */
};

/* Called for each warp instruction, in issue order; nonzero stops. */
typedef int (*wt_order_emit)(void *ctx, const struct wt_warp *w);

/*
 * Run one kernel whose accesses were gathered in kb (see kbuf.h), starting
 * at cycle start; each CTA's are released from kb as it is dispatched.
 * Returns 0, or -1 with err set (a CTA that cannot fit, or the emitter's
 * failure).  st->sm_* arrays are allocated; free them with
 * wt_order_stats_free.
 */
struct wt_kbuf;
int wt_order_run(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
		 struct wt_kbuf *kb, uint64_t start, wt_order_emit emit,
		 void *ctx, struct wt_order_stats *st, char *err, size_t errlen);
/*
 * Streaming: called as CTA cta is dispatched (in id order, each once),
 * to read its accesses into kb; nonzero stops the run.  CTAs are freed
 * from kb as they are dispatched (their warps' instructions are formed
 * then), so kb holds only those read ahead.  A thread past the grid (kb->max_thread) fails the run with the
 * error wt_order_run gives: need() must then read the rest of the kernel
 * with wt_kbuf_skip, so that max_thread is the kernel's.
 */
typedef int (*wt_order_need)(void *ctx, uint32_t cta);
/*
 * The same as wt_order_run, for a kernel with a grid (k->grid[0] > 0)
 * whose accesses are read as its CTAs are dispatched: the output is the
 * one wt_order_run gives once kb holds the whole kernel, provided need()
 * has read every access of a CTA when it returns.
 */
int wt_order_run_stream(const struct wt_order_cfg *cfg,
			const struct wt_kernel *k, struct wt_kbuf *kb,
			wt_order_need need, void *needctx, uint64_t start,
			wt_order_emit emit, void *ctx,
			struct wt_order_stats *st, char *err, size_t errlen);
/*
 * The same for a kernel whose warps are formed already: wb holds its
 * warp records (see wbuf.h), each warp's in program order, with as many
 * lanes as cfg->warp_size.  Each record is one instruction, issued as it
 * is: its mask, icount, PC, operation, size, space, cache operator and
 * addresses; its time, sm, instr and last flag are made anew.  A record
 * of op none, which must be its warp's last, issues its icount
 * non-memory instructions, and the warp ends.
 */
struct wt_wbuf;
int wt_order_run_warps(const struct wt_order_cfg *cfg, const struct wt_kernel *k,
		       struct wt_wbuf *wb, uint64_t start, wt_order_emit emit,
		       void *ctx, struct wt_order_stats *st, char *err,
		       size_t errlen);
void wt_order_stats_free(struct wt_order_stats *st);

#endif
