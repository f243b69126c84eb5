/*
 * l2comp.h - an L2 partition (l2model.h) as a component (component.h):
 * L1 events in (those the L2 takes: wt_l2_takes), its level-2 events out
 * as l2sim writes them.  The model serves each request as it comes (its
 * ports, banks and MSHRs delay it; none refuses it), so the component
 * refuses only when `limit` of its events wait to be drained.
 *
 * With cfg->external_fill (l2model.h) the data of a read miss comes when
 * the driver says: it sends the partition's DRAM-bound level-2 events
 * (drain) to the DRAM, and when the DRAM's read of a line completes at
 * t, calls wt_l2_component_fill; then wt_l2_component_ready gives the
 * cycle each L1 load or atomic it accepted has its data.  accept then
 * also refuses what the model could not stall for (wt_l2_fails):
 * WT_REFUSE_MSHR_FULL (no MSHR entry), WT_REFUSE_MSHR_MERGE (no merge
 * slot in the line's entry), WT_REFUSE_NO_LINE (every way of its set
 * reserved), each until a pending fill comes; nothing changed, nothing
 * counted in the model's statistics (its fails count the stalls only).
 * The driver retries after a fill.  A full bank queue is still a delay
 * inside the model, never a refusal; so are the ports, and fails that
 * free at a known cycle.  Pending misses make no event (next_event and
 * drain see the events made, as without it).
 */
#ifndef WT_L2COMP_H
#define WT_L2COMP_H

#include <stddef.h>

#include "component.h"
#include "l2model.h"
#include "partition.h"

/* Whether the L2 serves an L1 event: misses other than those merged in
 * the L1, bypasses, and write traffic. */
int wt_l2_takes(const struct wt_event *e);

/*
 * Partition p of an L2 of configuration cfg whose addresses map is
 * (both must outlive it); NULL with err if the L2 cannot be.  Requests
 * arrive at the cycle accepted (a driver adds the interconnect's
 * latency).  The per-instruction outcomes are not kept.
 */
struct wt_component *wt_l2_component(const struct wt_l2_cfg *cfg,
				     const struct wt_pmap *map, unsigned p,
				     size_t limit, char *err, size_t errlen);

/* Its model, for its statistics (struct wt_l2's st). */
const struct wt_l2 *wt_l2_component_model(const struct wt_component *c);
/* The same, for a driver that gives it its policies (wt_l2pols_attach). */
struct wt_l2 *wt_l2_component_l2(struct wt_component *c);

/*
 * External fill: the cycle the data of L1 event `in`, a load or atomic
 * this component accepted, is ready to go back up: its arrival plus the
 * model's latency for a hit (known at once); UINT64_MAX while it waits
 * for a pending fill; after wt_l2_component_fill, the later of the fill's
 * cycle and its own tag access's end (a sectored request's latest part).
 * UINT64_MAX too for an event it does not hold: not accepted, a store,
 * or forgotten.
 *
 * Requests are known by their event's address, sector mask, SM, warp,
 * instruction and time (the L1's cycle): pass the event as accepted.
 * Two outstanding requests alike in all of those are one to it: the
 * answer is the oldest's (they ask for the same data, and the newer one
 * is ready no earlier unless the older still waits).  A request whose
 * data is ready is forgotten once the component runs past that cycle
 * (an accept, or a drain, at a later cycle): ask at once after the
 * accept and after each fill.
 */
uint64_t wt_l2_component_ready(const struct wt_component *c, const struct wt_event *in);

/*
 * External fill: the DRAM's data for this partition's read miss of line
 * (the global address of its level-2 miss event; sectors: that event's
 * mask, ignored in a line L2) comes at cycle t: wt_l2_fill, at the
 * partition-local address the component's map gives.  0, or -1 when
 * nothing of that line was pending (or the line is not this partition's,
 * or external_fill is off).
 */
int wt_l2_component_fill(struct wt_component *c, uint64_t line, unsigned sectors,
			 uint64_t t);

/*
 * External fill: a read a policy sent around the L2 (a bypass, or a miss
 * that takes no line) waits for its own DRAM read, which fills nothing:
 * wt_l2_component_ready says UINT64_MAX for it until the driver, the
 * read done, calls this to forget it (it answers the load itself).  0, or
 * -1 when the component holds no such waiting read of event in.
 */
int wt_l2_component_answered(struct wt_component *c, const struct wt_event *in);

#endif
