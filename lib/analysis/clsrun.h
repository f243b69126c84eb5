/*
 * clsrun.h - classify's run over a stream: a request stream (coalesce's)
 * through the analyses of classify.h, each SM's requests at its L1 view;
 * or an event stream (l1sim's or l2sim's) through the warp types and the
 * divergence alone, at the level its events are of; per kernel and in
 * total, into the report of clsreport.h, and that report written out.
 *
 * Bad input (another kind of records, an SM past the stream's, a warp's
 * instruction after its last, analyses an event stream does not allow)
 * is fatal (wt_die), naming the stream and the record.
 */
#ifndef WT_CLSRUN_H
#define WT_CLSRUN_H

#include "classify.h"
#include "clsreport.h"
#include "meta.h"
#include "stream.h"

struct wt_clsrun {
	/* settings, the caller's */
	const struct wt_cls_cfg *cfg;	/* the views, of the stream's machine */
	struct wt_clsrep *rep;	/* in: limits, analyses (0: all the input
				   allows); out: the rest, the kernels and
				   the total */
	/* results */
	struct wt_meta meta;	/* the input's header, for the provenance */
	/* private */
	struct wt_cls *cls;	/* requests */
	struct wt_warptypes evwt;	/* events */
};

/*
 * Read r to its end into c->rep.  After an event stream without hits, a
 * note on stderr asks whether it was made with --events=all.
 */
void wt_clsrun(struct wt_clsrun *c, struct wt_reader *r);
void wt_clsrun_free(struct wt_clsrun *c);

/*
 * Write the report of c to path ("-": stdout), as a table or as JSON
 * (json) with the command line argv and the input's provenance; through
 * a sink, so that a failed run leaves no file behind.  Dies on an error.
 */
void wt_clsrun_write(const struct wt_clsrun *c, const char *path, int json,
		     int argc, char **argv);

#endif
