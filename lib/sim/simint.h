/*
 * simint.h - gpusim's insides, shared by its files: the kernel being run
 * (gskernel.c), the SMs (gssm.c), the memory side (gsmem.c) and the loop
 * (gpusim.c).
 */
#ifndef WT_SIMINT_H
#define WT_SIMINT_H

#include "cstream.h"
#include "gpusim.h"
#include "icnt.h"

/* What a warp is doing. */
enum gs_wstate {
	GS_READY,		/* its next instruction may issue at ready */
	GS_LDST,		/* its memory instruction is in the LD/ST unit */
	GS_MEM,			/* it waits for loads' data (those of its
				   records up to need) */
	GS_BAR,			/* it waits at its CTA's barrier */
	GS_DONE
};

/* A load of a warp's whose data is not all there, or not yet used. */
struct gs_load {
	uint32_t rec;			/* its record */
	unsigned waiting;		/* responses still to come */
	int taken;			/* the LD/ST unit is done with it */
	int pipe;			/* shared memory's: its wait is the
					   pipeline's, not memory's */
	uint64_t start;			/* issued */
	uint64_t ready;			/* its data so far */
};

struct gs_warp {
	const struct wt_warp **rec;	/* its records, in program order */
	uint32_t nrec, next;		/* next: the record issuing now */
	uint32_t nonmem;		/* non-memory instructions of rec[next]
					   still to issue */
	uint32_t id;			/* the kernel's warp id */
	uint32_t cta;			/* its CTA's index in the kernel */
	unsigned sched;			/* its scheduler on the SM */
	unsigned lanes;			/* its threads, by the CTA's size: the
					   lanes of its records without a mask */
	enum gs_wstate state;
	struct gs_load *ld;		/* its loads in flight, in issue order */
	unsigned nld, capld;
	uint32_t need;			/* GS_MEM: the loads of records up to
					   this one must be there */
	uint32_t barred;		/* the record whose barrier it passed,
					   plus 1 (0: none yet) */
	uint64_t chain_from;		/* the cycle its record's instructions
					   began to issue (after its last wait
					   for loads); UINT64_MAX: not yet */
	unsigned stores;		/* stores not acknowledged yet */
	uint64_t ready;			/* GS_READY: the first cycle it may
					   issue */
	uint64_t age;			/* dispatch order */
	int memwait;			/* GS_READY: its ready cycle is its
					   load's data (a stall for memory) */
	unsigned slot;			/* its place on the SM (gspool.c) */
	int admitted;			/* within the SM's warp limit */
};

struct gs_cta {
	uint32_t id;
	uint32_t first, nwarps;		/* its warps: kernel warps[first..] */
	uint32_t left;			/* warps not done */
	uint32_t barred;		/* of those, waiting at a barrier */
	unsigned sm;
};

struct gs_kernel {
	const struct wt_kernel *k;
	const struct wt_warp **order;	/* the records (the caller's), by warp,
					   then instr */
	struct gs_warp *warps;
	size_t nwarps;
	struct gs_cta *ctas;
	size_t nctas, next_cta;		/* next_cta: the next to dispatch */
	size_t ctas_left;		/* not done */
	unsigned cps;			/* CTAs an SM holds */
	uint32_t wpc;			/* the most warps a CTA has */
	uint32_t *kwarp;		/* the warps' ids, and the cache */
	uint64_t *kreq;			/* requests each makes (for the L1's
					   policies: wt_l1_kernel_begin_warps) */
	const char *limited_by;		/* the resource that limits them */
	struct wt_sim_kernel *ks;	/* its counts */
};

/* A load request waiting in an SM for its line: the warp, and the
 * request as the L1 took it (to ask the L1 when its data is there). */
struct gs_lwait {
	struct gs_warp *w;
	uint32_t rec;			/* the load's record */
	struct wt_request r;
	int bypass;			/* it went around the L1: woken by its
					   own response, not by a fill */
};

struct gs_sched {
	struct gs_warp **w;		/* its warps, in age order */
	size_t n, cap;
	struct gs_warp *last;		/* the warp it issued last */
	size_t active;			/* two-level: w[0..active-1] */
};

/* One instance of an L1 policy's pool hooks on an SM (gspool.c). */
struct gs_pol {
	const struct wt_l1_policy_ops *ops;
	void *s;
};

/* A slot's next memory instruction, coalesced when a policy asked
 * (gspool.c): its warp, its record, its L1 requests. */
struct gs_next {
	const struct gs_warp *w;
	uint32_t rec;
	unsigned n;
	struct wt_request req[WT_COALESCE_MAX_REQUESTS];
};

struct gs_sm {
	struct wt_pool face;		/* what the pool hooks see: first */
	unsigned id;
	struct wt_component *l1;
	struct wt_l1 *model;
	struct gs_sched *sch;
	unsigned nsch;
	unsigned ctas, nwarps;		/* resident */
	/* The LD/ST unit: one memory instruction, its requests offered one
	 * a cycle. */
	struct wt_request req[WT_COALESCE_MAX_REQUESTS];
	unsigned nreq, ireq;
	struct gs_warp *uw;		/* its warp; NULL: free */
	uint32_t urec;			/* the instruction's record */
	int uload;			/* the instruction waits for data */
	uint64_t uretry;		/* the next cycle it tries */
	enum wt_sim_stall ublock;	/* why it waits, if it does */
	int credits;			/* may go below 0: write-backs a fill
					   makes take one unasked */
	struct gs_lwait *wait;
	size_t nwait, capwait;
	uint64_t next;			/* nothing happens on it before */
	uint64_t counted;		/* cycles before this are counted */
	unsigned dispatched;		/* warps given a slot, for schedulers */
	int begun;			/* the L1 has seen the kernel begin */
	/* The warps as the L1 policies' pool hooks see them (gspool.c),
	 * for the kernel running: */
	struct gs_pol *pols;
	unsigned npol;
	int picks;			/* a policy orders the issue */
	struct gs_warp **slot;		/* each slot's warp, or NULL */
	struct gs_next *nx;		/* each slot's next instruction */
	unsigned nslot;
	struct gs_warp **res;		/* the warps on it, oldest first */
	unsigned nres;
	unsigned limit;			/* warps that may issue (0: all): the
					   oldest; the policies' */
	struct gs_warp **queue;		/* a scheduler's candidates (pick) */
	size_t nqueue;
	int unoalloc;			/* the LD/ST unit's instruction takes
					   no line (a policy said, at issue) */
	int held;			/* a ready warp was held back this
					   cycle */
	uint64_t now;			/* the cycle it runs */
	struct wt_sim_counts c;		/* this kernel's */
	struct wt_sim_counts tot;	/* the run's */
};

/* A packet or request in flight, due at its time. */
enum gs_act {
	GS_EJECT,		/* an L1 event reaches its slice's end of
				   the network */
	GS_TO_SLICE,		/* it joins the slice's input queue, after
				   the ROP latency */
	GS_TO_SM,		/* the L2's response arrives at its SM */
	GS_SEND_DOWN,		/* the L2's data is ready: send it */
	GS_TO_DRAM,		/* an L2 event reaches its channel */
	GS_ACK,			/* a store's acknowledgement reaches its SM */
};

struct gs_item {
	uint64_t time;
	uint64_t seq;			/* equal times: in the order made */
	enum gs_act act;
	unsigned where;			/* SM, slice or channel */
	struct wt_event e;
};

/* A FIFO of events waiting for a component to take them. */
struct gs_fifo {
	struct wt_event *e;
	size_t head, n, cap;
	int blocked;			/* refused: waits for a change */
};

struct gs_slice {
	struct wt_component *c;
	struct gs_fifo net;		/* held in the network: no room in */
	struct gs_fifo in;
	struct wt_event *wait;		/* L1 loads waiting for a fill */
	size_t nwait, capwait;
};

struct wt_gpusim {
	const struct wt_gpusim_cfg *cfg;
	struct gs_sm *sm;
	unsigned nsm, next_sm;		/* next_sm: the next CTA's first try */
	struct gs_slice *sl;
	unsigned nsl;
	struct wt_component **dram;
	struct gs_fifo *dram_in;
	unsigned nch;
	struct wt_icnt up, down;
	struct gs_item *heap;
	size_t nheap, capheap;
	uint64_t seq;
	struct wt_cstream *cs;
	struct gs_kernel *kern;		/* the kernel being run, or NULL */
	uint64_t dispatch_from;		/* its CTAs wait for this cycle */
	uint64_t now;			/* the cycle being run */
	uint32_t kernel_id;		/* the kernel running, or the last */
	uint64_t drained;		/* the cycle the memory side emptied */
	uint64_t age;
	wt_sim_events_fn events;
	void *events_ctx;
	struct wt_event *buf;		/* drain scratch */
	size_t capbuf;
	struct wt_sim_kernel *ks;
	size_t nks, capks;
	/* the L1 policies that set warp limits across the SMs (gsgpol.c) */
	struct gs_gpol {
		const struct wt_l1_policy_ops *ops;
		void *g;
	} *gpol;
	unsigned ngpol;
	unsigned *sm_limit;		/* the kernel's warps per SM, as they
					   chose; NULL: none */
	uint64_t period, next_sample;	/* sampling: its period, the next end */
	unsigned sampler;		/* the policy that samples */
	uint64_t *smp_i, *smp_m;	/* each SM's L1 instructions and
					   misses at the period's start */
	char *err;			/* a failure inside the loop */
	size_t errlen;
	int failed;
};

/* gskernel.c */
int gs_kernel_build(struct gs_kernel *gk, const struct wt_gpusim_cfg *cfg,
		    const struct wt_kernel *k, const void *recs, size_t n,
		    size_t record_size, char *err, size_t errlen);
void gs_kernel_free(struct gs_kernel *gk);
/* Warp record r coalesced into req, only the requests of the caches
 * (coalesce's op-none requests carry instruction counts, which gpusim
 * counts itself): how many. */
unsigned gs_coalesce(struct wt_cstream *cs, const struct wt_warp *r,
		     struct wt_request *req);

/* gssm.c */
void gs_sm_init(struct wt_gpusim *g, struct gs_sm *s, unsigned id);
void gs_sm_free(struct gs_sm *s);
/* Dispatch CTAs (one per SM) at cycle t. */
void gs_dispatch(struct wt_gpusim *g, uint64_t t);
/* Run SM s's cycle t (s->next <= t). */
void gs_sm_cycle(struct wt_gpusim *g, struct gs_sm *s, uint64_t t);
/* Count SM s's cycles up to t (not t) as not issuing. */
void gs_sm_count_to(struct gs_sm *s, uint64_t t);
/* Data for SM s arrived at t: the response e (an L1 miss's line, or a
 * bypassed load). */
void gs_sm_response(struct wt_gpusim *g, struct gs_sm *s, const struct wt_event *e,
		    uint64_t t);
/* A credit came back to SM s at t. */
void gs_sm_credit(struct gs_sm *s, uint64_t t);
/* The warp that made event e (of the kernel running), or NULL. */
struct gs_warp *gs_warp_of(struct wt_gpusim *g, const struct wt_event *e);
/* A store of w reached the L2 (sent: 0), or its acknowledgement came
 * back at t (1). */
void gs_sm_store(struct gs_sm *s, struct gs_warp *w, int acked, uint64_t t);

/* gpusim.c: a simulator of cfg for one trial of a policy's: every SM's
 * warp limit is sm_limit, and no policy across the SMs runs. */
struct wt_gpusim *wt_gpusim_trial(const struct wt_gpusim_cfg *cfg, unsigned sm_limit,
				  char *err, size_t errlen);

/* gsgpol.c */
int gs_gpol_make(struct wt_gpusim *g, char *err, size_t errlen);
void gs_gpol_free(struct wt_gpusim *g);
/* The kernel (g->kern) begins: the limits chosen before it runs, the
 * sampling started.  0, or -1 (failed). */
int gs_gpol_kernel_begin(struct wt_gpusim *g, const void *recs, size_t n,
			 size_t record_size);
/* A sampling period ended by t: the SMs' limits for the next. */
void gs_gpol_sample(struct wt_gpusim *g, uint64_t t);
void gs_gpol_kernel_end(struct wt_gpusim *g);

/* gspool.c */
/* The kernel begins on s (its first CTA arrives) or ends. */
void gs_pool_begin(struct wt_gpusim *g, struct gs_sm *s);
void gs_pool_end(struct gs_sm *s);
/* w arrives on s (done: 0 after the CTA's last, to say the set changed)
 * or leaves. */
void gs_pool_arrive(struct gs_sm *s, struct gs_warp *w);
void gs_pool_admit(struct gs_sm *s);
void gs_pool_leave(struct gs_sm *s, struct gs_warp *w);
/* The SM's warp limit is warps (0: none) from now on. */
void gs_pool_set_limit(struct gs_sm *s, unsigned warps);
/* May w (ready) start its next instruction: within the limit, and, for a
 * memory instruction, no policy holds it back. */
int gs_pool_allows(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w);
/* The position in s->queue (a scheduler's eligible warps, in its order of
 * preference) that issues: a policy's choice, or 0. */
size_t gs_pool_pick(struct gs_sm *s);
/* w's next memory instruction's L1 requests, into req: how many. */
unsigned gs_pool_requests(struct wt_gpusim *g, struct gs_sm *s, struct gs_warp *w,
			  struct wt_request *req);
/* w issues its memory instruction (n > 0 requests to the L1). */
void gs_pool_issue(struct gs_sm *s, struct gs_warp *w);
/* The LD/ST unit tried request r of w: missed, it was made, a miss. */
void gs_pool_accessed(struct gs_sm *s, struct gs_warp *w, const struct wt_request *r,
		      int missed);

/* gsmem.c */
void gs_push(struct wt_gpusim *g, uint64_t time, enum gs_act act, unsigned where,
	     const struct wt_event *e);
void gs_fifo_push(struct gs_fifo *f, const struct wt_event *e);
void gs_fifo_free(struct gs_fifo *f);
/* Everything of the memory side due at t, before the SMs run. */
void gs_mem_before(struct wt_gpusim *g, uint64_t t);
/* The components' events up to t, after the SMs ran. */
void gs_mem_after(struct wt_gpusim *g, uint64_t t);
/* The first cycle after t at which the memory side has something to do;
 * UINT64_MAX when it holds nothing. */
uint64_t gs_mem_next(const struct wt_gpusim *g, uint64_t t);
void gs_fail(struct wt_gpusim *g, const char *fmt, ...);

#endif
