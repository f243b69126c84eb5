/*
 * component.h - a memory model as one piece of a clocked machine: it
 * accepts a request at a cycle, or refuses it and says why; says when
 * the next thing happens in it; and delivers its responses up to a
 * cycle, in time order.  The requests and responses are event records
 * (record.h), as between the stages: an L1 event is a request to an L2
 * partition, whose level-2 events are its responses and requests to a
 * DRAM channel, whose level-3 events are its responses.
 *
 * The stage programs run a model over a whole kernel's requests in
 * batches (stage.h); a closed-loop simulator (issue 44: the SMs, L1s,
 * interconnect, L2 and DRAM on one clock) drives each model through
 * this interface instead, one cycle or one event at a time, with the
 * refusals as back-pressure.  The adapters (dramcomp.c, l2comp.c) call
 * the same model code the stages call.
 *
 * The rules a driver keeps: requests are accepted in order of cycle
 * (an earlier cycle than the last accepted one is refused,
 * WT_REFUSE_PAST); after drain(upto), no request is offered at a cycle
 * before upto (the model has run there, and may have decided what
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
				   (another channel or partition) */
	WT_REFUSE_MAX
};

const char *wt_refusal_name(enum wt_refusal why);

struct wt_component;

struct wt_component_ops {
	/* Take request e at cycle (core cycles): 0, or -1 with *why. */
	int (*accept)(struct wt_component *c, const struct wt_event *e,
		      uint64_t cycle, enum wt_refusal *why);
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
	const char *name;	/* "dram", "l2": for messages */
	unsigned id;		/* its channel or partition */
};

static inline int wt_comp_accept(struct wt_component *c, const struct wt_event *e,
				 uint64_t cycle, enum wt_refusal *why)
{
	return c->ops->accept(c, e, cycle, why);
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
