/*
 * dramcomp.h - a DRAM channel (dram.h) as a component (component.h):
 * the events of an L1 or L2 (a miss, bypass or write) in, its level-3
 * events out, as dramsim writes them; at most the channel's queue
 * entries (cfg->queue) held, accepted and not yet drained.
 */
#ifndef WT_DRAMCOMP_H
#define WT_DRAMCOMP_H

#include "component.h"
#include "dram.h"

/*
 * Channel `channel` of a DRAM of configuration cfg, address mapping map
 * and clocks clk (which must outlive it).  line: bytes of a request
 * without a sector mask; sector: of a mask's sector.  Requests arrive
 * at the cycle accepted (core cycles: a driver adds its own latency).
 */
struct wt_component *wt_dram_component(const struct wt_dram_cfg *cfg,
				       const struct wt_dram_map *map,
				       const struct wt_dram_clock *clk,
				       unsigned channel, unsigned line,
				       unsigned sector);

#endif
