/*
 * l1comp.h - one SM's L1 (l1model.h) as a component (component.h): its
 * coalesced requests in (wt_comp_accept_request), its level-1 events out
 * as l1sim writes them (misses, bypasses, write-throughs, write-backs;
 * hits and merged misses too with cfg->emit_all).
 *
 * A request the L1 cannot make at its cycle is refused with the model's
 * own reservation fail (wt_l1_fails): no MSHR entry, no merge slot, no
 * way free of fills, no miss-queue slot, where l1sim's stream mode
 * stalls the SM.  The refusal changes nothing and is not counted in the
 * model's fails (the driver knows how often it tries); the L1 has run
 * to its cycle all the same (the fills due by then retired), and no
 * request before it is taken (WT_REFUSE_PAST).  A request
 * refused an MSHR entry whose warp comes again has its miss classed
 * "mshr", as l1sim's retries are.
 *
 * What the warp gets back: accept's *done, the model's own time for the
 * request (a hit's latency; a miss's lambda + |N(0, sigma^2)|, or the
 * fill it merged into).  The model times its misses itself: its MSHR
 * entries free at those cycles, not when an L2 answers, and no fill
 * comes in from outside.
 *
 * Unless cfg->external_fill is set (l1model.h, EXTERNAL FILLS): then a
 * load that misses, merges into a miss or finds its data still pending
 * is taken with *done UINT64_MAX, and its miss event (latency 0) goes to
 * the L2, whose answer the driver brings back with wt_l1_component_fill;
 * the entry holds its MSHR, merge slots and reserved way until then (the
 * refusals say so; next_event leaves pending entries out).  The driver
 * keeps, per line, the (warp, request) of each load taken with *done
 * UINT64_MAX; when the line's data comes at t it calls
 * wt_l1_component_fill(c, line, sectors, t) and then
 * wt_l1_component_ready for each of them, and wakes those whose answer is
 * no longer UINT64_MAX (at that cycle; 0: now).
 */
#ifndef WT_L1COMP_H
#define WT_L1COMP_H

#include <stddef.h>

#include "component.h"
#include "l1model.h"

/*
 * The L1 of SM sm, of configuration cfg (which must outlive it), as
 * wt_l1_init makes it; NULL with err if it cannot be.  It takes the
 * requests of SM sm (r->sm), at the cycles they are offered (a driver
 * adds no latency before the L1).
 */
struct wt_component *wt_l1_component(const struct wt_l1_cfg *cfg, unsigned sm,
				     char *err, size_t errlen);

/* Its model: its statistics (st), and for a driver that runs kernels,
 * wt_l1_kernel_begin and wt_l1_flush_at (at a cycle no request comes
 * before, as the drain's). */
struct wt_l1 *wt_l1_component_model(struct wt_component *c);

/*
 * External fills: the data of the miss event of line addr (its addr, and
 * its sector mask in a sectored L1) arrives at cycle t (wt_l1_fill).  A
 * write-back the fill causes (allocation on fill) joins the events to
 * drain, in time order: fill a cycle's data before draining past that
 * cycle (a fill at a cycle before the last drain's upto is taken, as the
 * model has run to upto - 1 only, but its write-back comes out in the
 * next drain, behind what was handed out).  0, or -1 with nothing changed
 * (wt_l1_fill's driver bugs: no pending entry of the line or sector, a
 * cycle the model has run past).
 */
int wt_l1_component_fill(struct wt_component *c, uint64_t addr, unsigned sectors,
			 uint64_t t);
/* The cycle by which the data of load r, taken with *done UINT64_MAX, is
 * all there: UINT64_MAX while still pending, else its cycle (0: there
 * already) (wt_l1_ready). */
uint64_t wt_l1_component_ready(const struct wt_component *c,
			       const struct wt_request *r);

#endif
