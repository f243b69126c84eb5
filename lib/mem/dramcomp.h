/*
 * dramcomp.h - a DRAM channel (dram.h) as a component (component.h):
 * the events of an L1 or L2 (a miss, bypass or write) in, its level-3
 * events out, as dramsim writes them (wt_dram_asks says which it
 * takes); at most the channel's queue
 * entries (cfg->queue) held, accepted and not yet drained.
 */
#ifndef WT_DRAMCOMP_H
#define WT_DRAMCOMP_H

#include "component.h"
#include "dram.h"

/* Whether a cache event asks anything of the DRAM: not a hit, a miss
 * merged into a fetch under way, or an L2 store miss (l2sim
 * --events=all). */
int wt_dram_asks(const struct wt_event *e);

/*
 * The DRAM request of cache event e reaching the controller at core
 * cycle core_arrive (into q: arrivals, row, bank, bursts, write; the
 * rest zero), and its channel, returned: the address's, or for an L2
 * event the slice's (partition / sub-partitions, as l2sim numbers
 * them).  line: bytes of a request without a sector mask; sector: of a
 * mask's sector.  dramsim and the component both make theirs so.
 */
unsigned wt_dram_request(const struct wt_dram_cfg *c, const struct wt_dram_map *m,
			 const struct wt_dram_clock *k, const struct wt_event *e,
			 uint64_t core_arrive, unsigned line, unsigned sector,
			 struct wt_dram_req *q);
/* The same with e's address decoded already (wt_dram_map_decode; its
 * column is not read). */
unsigned wt_dram_request_at(const struct wt_dram_cfg *c, const struct wt_dram_map *m,
			    const struct wt_dram_clock *k, const struct wt_event *e,
			    uint64_t core_arrive, unsigned line, unsigned sector,
			    const struct wt_dram_loc *where, struct wt_dram_req *q);

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

/* The state of the channel's scheduler (cfg->sched, dramhook.h: what
 * its begin made), which then classifies each request accepted, for the
 * kernel *kernel (the driver's, read at each request); the driver feeds
 * its event hook itself.  Without it a request is of class 0. */
void wt_dram_component_sched(struct wt_component *c, void *state,
			     const uint32_t *kernel);
/* Its channel, for its statistics (struct wt_dram_chan's st). */
const struct wt_dram_chan *wt_dram_component_chan(const struct wt_component *c);

#endif
