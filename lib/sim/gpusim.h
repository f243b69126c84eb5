/*
 * gpusim.h - the closed-loop simulator: SMs with warp schedulers, their
 * LD/ST units and L1s, the interconnect, the L2 slices and the DRAM
 * channels on one clock (core cycles), from event to event.  The L1s,
 * L2 slices and DRAM channels are the pipeline stages' models, driven
 * through their component interface (component.h) with the data of
 * misses delivered from the next level (external fills); the memory side
 * pushes back on the cores through the L1's reservation fails, the
 * interconnect's credits and the L2's own refusals.
 *
 * The timing, in the order one cycle runs it (gpusim(1), TIMING, is
 * the user's description):
 *   - a DRAM read done by cycle t fills its L2 slice at t; the L1 loads
 *     waiting for that line are sent back when the L2 says their data is
 *     ready;
 *   - packets arrive (icnt.h): at an SM a response fills its L1 and wakes
 *     the warps whose data is all there; at a slice a request leaves the
 *     network (its credit back) when the slice's input queue has room,
 *     and joins the queue after the ROP latency;
 *   - each slice takes the requests at the head of its input queue until
 *     the L2 refuses one (then it waits for a fill there); each DRAM
 *     channel its requests until its queue is full;
 *   - CTAs are dispatched, one per SM and cycle, while an SM has room;
 *   - each SM's LD/ST unit offers the next request of its instruction to
 *     the L1 (one a cycle; a refusal keeps it there), then each warp
 *     scheduler issues one instruction of one ready warp;
 *   - the L1s' outgoing events enter the network, the L2s' go to the
 *     DRAM after the DRAM's input latency;
 *   - a store the L2 takes is acknowledged back to its SM (8 bytes); a
 *     warp leaves only when its stores are acknowledged.
 */
#ifndef WT_GPUSIM_H
#define WT_GPUSIM_H

#include <stddef.h>
#include <stdint.h>

#include "coalesce.h"
#include "component.h"
#include "dram.h"
#include "json.h"
#include "l1model.h"
#include "l2model.h"
#include "order.h"
#include "partition.h"
#include "record.h"
#include "stream.h"

struct wt_gpusim_cfg {
	struct wt_order_cfg order;	/* SMs, occupancy, schedulers */
	const struct wt_coalesce_cfg *coal;
	const struct wt_shmem_cfg *shmem;
	const struct wt_l1_cfg *l1;	/* external_fill set */
	int l1_flush;			/* invalidate the L1s at kernel ends */
	const struct wt_l2_cfg *l2;	/* external_fill set */
	struct wt_l2pols *l2pols;	/* its policies (l2policy.h), or NULL */
	const struct wt_l2pol_cfg *l2pol;	/* theirs, to make more */
	const struct wt_pmap *pmap;	/* slices: pmap->slices */
	const struct wt_dram_cfg *dram;
	const struct wt_dram_map *dmap;
	const struct wt_dram_clock *clk;
	void *dram_sched;		/* dram->sched's state (dramhook.h), or
					   NULL: it sees the L2's events and
					   classifies the DRAM's requests */
	unsigned line, sector;		/* bytes of a DRAM request */
	unsigned dram_latency;		/* L2 to the DRAM's queue, cycles */
	unsigned rop_latency;		/* a request's wait before its slice's
					   input queue (GPGPU-Sim's ROP queue) */
	unsigned launch_latency;	/* a kernel's first CTA waits so long */
	unsigned icnt_latency;		/* one way, cycles */
	unsigned flit;			/* bytes a port moves a cycle */
	unsigned credits;		/* an SM's requests in the network */
	unsigned l2_in_queue;		/* a slice's input queue (GPGPU-Sim's
					   interconnect-to-L2 queue): it takes
					   requests off the network while it
					   has room for a line's sectors */
	unsigned issue_interval;	/* cycles between two instructions
					   of one warp */
	unsigned shmem_latency;		/* a load without requests (shared,
					   constant, texture) */
	int all_loads;			/* every instruction waits for every
					   earlier load, whatever the records'
					   dependences say */
	unsigned latency[WT_LAT_CLASSES];	/* a record's chain (record.h):
					   each link of a class delays its
					   memory instruction so many cycles */
	int latency_set;		/* --alu-latency gave them all */
	unsigned pipeline_latency;	/* each link's cycles beyond its
					   class's latency: issue to
					   write-back */
	unsigned l2_queue;		/* a slice's events not drained */
};

/* Stall reasons of an SM cycle in which no scheduler issued. */
enum wt_sim_stall {
	WT_SIM_IDLE,		/* no warp on the SM */
	WT_SIM_MEMORY,		/* every warp waits for data */
	WT_SIM_MSHR,		/* the LD/ST unit refused: no MSHR entry */
	WT_SIM_MERGE,		/* no merge slot */
	WT_SIM_LINE,		/* no way free of fills */
	WT_SIM_MISSQ,		/* the miss queue full */
	WT_SIM_ICNT,		/* no credit into the network */
	WT_SIM_LDST,		/* warps wait for the LD/ST unit */
	WT_SIM_PIPE,		/* warps wait for their last instruction */
	WT_SIM_THROTTLED,	/* the ready warps are held back: past a
				   warp limit, or by a policy (CCWS) */
	WT_SIM_BARRIER,		/* warps wait at their CTAs' barriers */
	WT_SIM_STALLS
};

const char *wt_sim_stall_name(enum wt_sim_stall s);

/* Per SM, and summed. */
struct wt_sim_counts {
	uint64_t instrs;		/* warp instructions issued */
	uint64_t thread_instrs;		/* the same, by active lanes */
	uint64_t mem_instrs;		/* of them, memory instructions */
	uint64_t requests;		/* requests the L1 took */
	uint64_t refusals[WT_REFUSE_MAX];	/* the L1's, by reason */
	uint64_t issue_cycles;		/* cycles some scheduler issued */
	uint64_t stall[WT_SIM_STALLS];	/* the others, by reason */
	uint64_t ctas, warps;
	struct wt_l2_hist latency;	/* loads: issue to wake-up, cycles */
};

struct wt_sim_kernel {
	uint32_t id;
	char *name;
	uint64_t start, end;		/* cycles: dispatch of its first CTA,
					   the end of its last */
	unsigned ctas_per_sm;
	const char *limited_by;
	/* what the L1 policies across the SMs chose for it, when one did
	 * (struct wt_l1_kernel's limit, decided, rounds) */
	int pol_chose;
	unsigned pol_limit, pol_decided, pol_rounds;
	struct wt_sim_counts c;
};

struct wt_gpusim;
struct wt_icnt;
struct wt_l2pols;
struct wt_l1_policy_ops;

/* A simulator of cfg (which must outlive it); NULL with err. */
struct wt_gpusim *wt_gpusim_new(const struct wt_gpusim_cfg *cfg, char *err,
				size_t errlen);
/* Where the components' events go, when wanted (NULL: nowhere): called
 * with level 1, 2 or 3 and the events, in time order per level. */
typedef int (*wt_sim_events_fn)(void *ctx, unsigned level,
			       const struct wt_event *ev, size_t n);
void wt_gpusim_events(struct wt_gpusim *g, wt_sim_events_fn fn, void *ctx);
/* Run kernel k, whose warp records (record_size bytes each, in any
 * order) are recs[0..n-1], to the end of its last CTA; the next kernel
 * starts the cycle after.  0, or -1 with err. */
int wt_gpusim_kernel(struct wt_gpusim *g, const struct wt_kernel *k,
		     const void *recs, size_t n, size_t record_size,
		     char *err, size_t errlen);
/* Run until the memory side is empty (the last writes done): 0 or -1. */
int wt_gpusim_finish(struct wt_gpusim *g, char *err, size_t errlen);

/* What it measured: the kernels' cycles (each from its start, the cycle
 * after the last one's end, to its last CTA's end, summed), and the cycle the memory side
 * had emptied after the last (wt_gpusim_finish). */
uint64_t wt_gpusim_cycles(const struct wt_gpusim *g);
uint64_t wt_gpusim_drained(const struct wt_gpusim *g);
const struct wt_sim_kernel *wt_gpusim_kernels(const struct wt_gpusim *g,
					     size_t *n);
const struct wt_sim_counts *wt_gpusim_sm(const struct wt_gpusim *g, unsigned sm);
void wt_gpusim_total(const struct wt_gpusim *g, struct wt_sim_counts *c);
struct wt_component *wt_gpusim_l1(struct wt_gpusim *g, unsigned sm);
struct wt_component *wt_gpusim_l2(struct wt_gpusim *g, unsigned slice);
struct wt_component *wt_gpusim_dram(struct wt_gpusim *g, unsigned channel);
/* The network's two directions: 0 requests, 1 responses. */
const struct wt_icnt *wt_gpusim_icnt(const struct wt_gpusim *g, int dir);
/* The members of gpusim's statistics that are its own, into the open
 * object of j: "cycles", "drained_at", the SMs' counts summed (IPC over
 * the kernels' cycles; stall cycles of SM cycles), "interconnect",
 * "kernels" and "sms". */
void wt_gpusim_json(const struct wt_gpusim *g, struct wt_json *j);
void wt_gpusim_free(struct wt_gpusim *g);
/* The state across the SMs of the L1 policy of ops (its gpu_init's), or
 * NULL: for its statistics. */
void *wt_gpusim_gpol(const struct wt_gpusim *g, const struct wt_l1_policy_ops *ops);

#endif
