/*
 * l2comp.h - an L2 partition (l2model.h) as a component (component.h):
 * L1 events in (those the L2 takes: wt_l2_takes), its level-2 events out
 * as l2sim writes them.  The model serves each request as it comes (its
 * ports, banks and MSHRs delay it; none refuses it), so the component
 * refuses only when `limit` of its events wait to be drained.
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

#endif
