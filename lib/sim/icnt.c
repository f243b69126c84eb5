/*
 * icnt.c - the interconnect's timing (icnt.h).
 */
#include "icnt.h"

#include "util.h"

#include <stdlib.h>

void wt_icnt_init(struct wt_icnt *n, unsigned nsrc, unsigned ndst,
		  unsigned latency, unsigned flit)
{
	n->latency = latency;
	n->flit = flit ? flit : 1;
	n->nsrc = nsrc;
	n->ndst = ndst;
	n->src_free = wt_calloc(nsrc ? nsrc : 1, sizeof(*n->src_free));
	n->dst_free = wt_calloc(ndst ? ndst : 1, sizeof(*n->dst_free));
	n->packets = n->flits = n->wait = 0;
}

void wt_icnt_free(struct wt_icnt *n)
{
	free(n->src_free);
	free(n->dst_free);
	n->src_free = n->dst_free = NULL;
}

unsigned wt_icnt_flits(const struct wt_icnt *n, unsigned bytes)
{
	unsigned f = (bytes + n->flit - 1) / n->flit;

	return f ? f : 1;
}

uint64_t wt_icnt_send(struct wt_icnt *n, unsigned src, unsigned dst,
		      unsigned bytes, uint64_t t)
{
	unsigned f = wt_icnt_flits(n, bytes);
	uint64_t start = t > n->src_free[src] ? t : n->src_free[src];
	uint64_t head = start + n->latency;
	uint64_t out = head > n->dst_free[dst] ? head : n->dst_free[dst];

	n->src_free[src] = start + f;
	n->dst_free[dst] = out + f;
	n->packets++;
	n->flits += f;
	n->wait += (start - t) + (out - head);
	return out + f;
}
