/*
 * icnt.h - one direction of the interconnect between the SMs and the
 * memory partitions (SMs to partitions for requests, partitions to SMs
 * for responses), as gpusim times it.
 *
 * Every node has one port into the network and one out of it, each
 * moving one flit of `flit` bytes a cycle.  A packet of B bytes is
 * ceil(B / flit) flits.  Sent at cycle t from node s to node d:
 *
 *   1. it leaves s's port at start = max(t, the cycle s's port is
 *      free), which is then busy for its flits;
 *   2. its head reaches d after `latency` cycles, at start + latency;
 *   3. it is taken out at d's port once that port is free, and has
 *      arrived when its last flit is out:
 *        arrive = max(start + latency, the cycle d's port is free) + flits
 *      and d's port is busy until then.
 *
 * Packets are timed in the order they are sent (gpusim sends in cycle
 * order), so an output port serves them in that order, not in the order
 * their heads reach it: a packet sent late behind a busy input port can
 * overtake none already timed.  The network itself holds any number of
 * packets; gpusim bounds them with credits (each SM may have so many
 * requests in the network and waiting at the partitions).
 */
#ifndef WT_ICNT_H
#define WT_ICNT_H

#include <stdint.h>

struct wt_icnt {
	unsigned latency, flit;
	unsigned nsrc, ndst;
	uint64_t *src_free, *dst_free;	/* the cycle each port is free */
	/* counts */
	uint64_t packets, flits;
	uint64_t wait;		/* cycles packets waited for ports, beyond
				   latency and their own flits */
};

void wt_icnt_init(struct wt_icnt *n, unsigned nsrc, unsigned ndst,
		  unsigned latency, unsigned flit);
void wt_icnt_free(struct wt_icnt *n);
/* Flits of a packet of bytes bytes (at least one). */
unsigned wt_icnt_flits(const struct wt_icnt *n, unsigned bytes);
/* Send a packet of bytes bytes from src to dst at cycle t: the cycle it
 * has arrived whole. */
uint64_t wt_icnt_send(struct wt_icnt *n, unsigned src, unsigned dst,
		      unsigned bytes, uint64_t t);

#endif
