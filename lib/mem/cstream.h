/*
 * cstream.h - coalesce's stream: which warp records go to the caches as
 * requests, which are kept from them, and the instruction counts that
 * must travel on either way.
 *
 * A warp record of global or local space becomes the requests of
 * wt_coalesce.  One of shared, constant or texture space makes none: the
 * L1 data cache and the L2 never see it (shared memory is on the SM;
 * Accel-Sim sends constant and texture loads through caches of their
 * own, which are not modelled here).  Its instruction, and the
 * non-memory instructions before it, still count: they are carried on
 * to the icount of its warp's next request, or make a request of op
 * none if the record was its warp's last.  A warp record of op none
 * becomes a request of op none, with what its warp carried.  So every
 * instruction the warp records count, the requests count too.
 * coalesce(1) is the normative description.
 */
#ifndef WT_CSTREAM_H
#define WT_CSTREAM_H

#include <stddef.h>
#include <stdint.h>

#include "coalesce.h"
#include "record.h"

struct wt_cstream;

/* cfg and sh must pass their checks, and outlive the stream. */
struct wt_cstream *wt_cstream_new(const struct wt_coalesce_cfg *cfg,
				  const struct wt_shmem_cfg *sh);
void wt_cstream_free(struct wt_cstream *c);

/*
 * The requests of warp record w, at out[] (room for
 * WT_COALESCE_MAX_REQUESTS), counted into st; returns how many.  w must
 * pass wt_coalesce_valid.
 */
size_t wt_cstream_warp(struct wt_cstream *c, const struct wt_warp *w,
		       struct wt_request *out, struct wt_coalesce_stats *st);

/*
 * The kernel is over: a request of op none for each warp whose kept
 * instructions no request has carried (one whose last record was not
 * flagged so), in warp order, at *out (valid until the next call);
 * returns how many, counted into st.  The next kernel starts afresh.
 */
size_t wt_cstream_kernel_end(struct wt_cstream *c, const struct wt_request **out,
			     struct wt_coalesce_stats *st);

#endif
