/*
 * clsreport.h - what classify(1) prints: a JSON document and a readable
 * report of the same results, and the sentence that sums up a kernel.
 */
#ifndef WT_CLSREPORT_H
#define WT_CLSREPORT_H

#include <stdio.h>

#include "appcat.h"
#include "classify.h"
#include "json.h"

enum {
	WT_AN_LOCALITY = 1,
	WT_AN_LOADS = 2,
	WT_AN_WARPS = 4,
	WT_AN_DIVERGENCE = 8,
	WT_AN_CATEGORY = 16,
	WT_AN_ALL = 31
};

struct wt_cls_kernel {
	uint32_t id;
	char *name;
	struct wt_cls_result r;
};

struct wt_clsrep {
	unsigned analyses;		/* WT_AN_* */
	int requests;			/* input was requests (else events) */
	const char *level;		/* of the warp types: "L1", "L2", ... */
	const struct wt_cls_cfg *cfg;
	struct wt_cat_limits limits;
	const struct wt_warptypes *wt;
	struct wt_cls_kernel *k;
	size_t nk;
	struct wt_cls_result total;
};

/* The application category of r. */
void wt_clsrep_category(const struct wt_clsrep *p, const struct wt_cls_result *r,
			struct wt_cat_result *cat);
/* One or two sentences on r, into buf. */
const char *wt_clsrep_verdict(const struct wt_clsrep *p, const struct wt_cls_result *r,
			      char *buf, size_t len);
/* The members of the --stats object after program, version, command. */
void wt_clsrep_json(struct wt_json *j, const struct wt_clsrep *p);
void wt_clsrep_table(FILE *f, const struct wt_clsrep *p);

#endif
