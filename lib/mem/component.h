/*
 * component.h - a memory model as one piece of a clocked machine: it
 * accepts a request at a cycle, or refuses it and says why; says when
 * the next thing happens in it; and delivers its responses up to a
 * cycle, in time order.  The records are those between the stages
 * (record.h): an SM's coalesced requests (struct wt_request) go to its
 * L1, whose level-1 events are its responses and requests to an L2
 * partition, whose level-2 events are its responses and requests to a
 * DRAM channel, whose level-3 events are its responses.  A component
 * takes one kind of record: events (accept) or requests
 * (accept_request, the L1's); the other kind is refused, not mine.
 *
 * The stage programs run a model over a whole kernel's requests in
 * batches (stage.h); the closed-loop simulator (lib/sim/gpusim.h: the
 * SMs, L1s, interconnect, L2 and DRAM on one clock) drives each model
 * through this interface instead, one cycle or one event at a time, with
 * the refusals as back-pressure.  The adapters (l1comp.c, l2comp.c,
 * dramcomp.c) call the same model code the stages call.
 *
 * The L1 (l1comp.h) refuses where GPGPU-Sim's L1 reservation-fails: no
 * free MSHR entry or per-warp entry, no merge slot in the line's MSHR,
 * no miss-queue slot, every way of the set reserved for a fill; l1sim's
 * stream mode stalls the SM there instead.  Its drain hands out its
 * level-1 events as l1sim writes them (misses, bypasses, write-throughs,
 * write-backs); what wakes a warp is accept_request's *done, the cycle
 * the model gives the request (a miss's latency is the model's own,
 * lambda + |N(0, sigma^2)|).  With external fills (the L1's configuration
 * says, l1comp.h) a miss's data comes when the driver brings the L2's
 * answer instead (wt_l1_component_fill), *done is UINT64_MAX until then
 * and wt_l1_component_ready says when the warp may go on (next_event
 * leaves out what waits for a fill: nothing happens there before one
 * comes).  It does not
 * model: fills coming back from an L2 unless external fills are set (its
 * MSHRs free at the model's cycles, whatever the L2 does), the stream
 * mode's stall (the driver retries, or runs another warp),
 * a request made in part (a sectored request is made whole or refused),
 * nor, with management policies, a refusal free of side effects (then
 * wt_l1_access's own: counted, and the policies' tick hooks have run).
 *
 * The L2 (l2comp.h) refuses only when its events wait undrained, or,
 * with external fills, where it would meet a reservation fail (no MSHR
 * entry, no merge slot, every way reserved) that only a pending fill
 * frees: WT_REFUSE_MSHR_FULL, _MSHR_MERGE, _NO_LINE, until
 * wt_l2_component_fill brings one; its ports and bank queues delay,
 * never refuse.  A DRAM channel (dramcomp.h) refuses when its queue is
 * full.
 *
 * The rules a driver keeps: requests are accepted in order of cycle
 * (an earlier cycle than the last accepted one, or for an L1 the last
 * offered, is refused, WT_REFUSE_PAST); after drain(upto), no request
 * is offered at a cycle before upto (the model has run there, and may have decided what
 * follows from the requests it had).
 */
#ifndef WT_COMPONENT_H
#define WT_COMPONENT_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

/* Why a request was refused. */
enum wt_refusal {
	WT_REFUSE_NONE = 0,
	WT_REFUSE_QUEUE_FULL,	/* the request queue (or, for a model that
				   stalls inside, its responses not yet
				   drained) is at its capacity: retry once
				   a drain has made room */
	WT_REFUSE_PAST,		/* the cycle is before one already accepted
				   or drained: the driver's error */
	WT_REFUSE_NOT_MINE,	/* the request is for another component
				   (another channel or partition), or of
				   a kind it does not take */
	/* An L1's reservation fails (l1model.h's enum wt_fail): retry
	 * when next_event says something changed. */
	WT_REFUSE_MSHR_FULL,	/* no free MSHR entry (or the warp's
				   per-warp limit reached) */
	WT_REFUSE_MSHR_MERGE,	/* the line's MSHR has no merge slot left */
	WT_REFUSE_NO_LINE,	/* every way of the line's set is reserved
				   for a fill */
	WT_REFUSE_MISS_QUEUE_FULL,	/* no room in the miss queue */
	WT_REFUSE_MAX
};

const char *wt_refusal_name(enum wt_refusal why);

struct wt_component;

struct wt_component_ops {
	/* Take request e at cycle (core cycles): 0, or -1 with *why.
	 * NULL in a component that takes coalesced requests (an L1). */
	int (*accept)(struct wt_component *c, const struct wt_event *e,
		      uint64_t cycle, enum wt_refusal *why);
	/* The same for a coalesced request r (record.h), in an L1:
	 * *done, when it is taken, the cycle r's warp may go on.  NULL in
	 * a component that takes events. */
	int (*accept_request)(struct wt_component *c, const struct wt_request *r,
			      uint64_t cycle, uint64_t *done, enum wt_refusal *why);
	/* No response and no change of state that a driver sees comes
	 * before this cycle; UINT64_MAX when the component holds nothing. */
	uint64_t (*next_event)(const struct wt_component *c);
	/* Run to cycle upto and hand out, in time order (equal times in the
	 * order the model made them), up to max responses due before upto;
	 * the number given.  Those left (more than max) come next time. */
	size_t (*drain)(struct wt_component *c, uint64_t upto,
			struct wt_event *out, size_t max);
	void (*free)(struct wt_component *c);
};

struct wt_component {
	const struct wt_component_ops *ops;
	const char *name;	/* "l1", "dram", "l2": for messages */
	unsigned id;		/* its SM, channel or partition */
};

/* A record of the kind c does not take is refused, WT_REFUSE_NOT_MINE. */
static inline int wt_comp_accept(struct wt_component *c, const struct wt_event *e,
				 uint64_t cycle, enum wt_refusal *why)
{
	if (!c->ops->accept) {
		*why = WT_REFUSE_NOT_MINE;
		return -1;
	}
	return c->ops->accept(c, e, cycle, why);
}

static inline int wt_comp_accept_request(struct wt_component *c,
					 const struct wt_request *r, uint64_t cycle,
					 uint64_t *done, enum wt_refusal *why)
{
	if (!c->ops->accept_request) {
		*why = WT_REFUSE_NOT_MINE;
		return -1;
	}
	return c->ops->accept_request(c, r, cycle, done, why);
}

static inline uint64_t wt_comp_next_event(const struct wt_component *c)
{
	return c->ops->next_event(c);
}

static inline size_t wt_comp_drain(struct wt_component *c, uint64_t upto,
				   struct wt_event *out, size_t max)
{
	return c->ops->drain(c, upto, out, max);
}

static inline void wt_comp_free(struct wt_component *c)
{
	c->ops->free(c);
}

#endif
