/*
 * mdreport.h - mdegree(1)'s report of an experiment (mdrun.h): per L1
 * size the sweep (Yen's Tables 4 to 7) and the scheme's prediction, then
 * the profile and the decision against the sweep's best MD; as text, CSV
 * or Markdown (the decision in words after the tables of text and
 * Markdown), or as one JSON document with the settings and the kernels.
 */
#ifndef WT_MDREPORT_H
#define WT_MDREPORT_H

#include <stddef.h>

#include "mdrun.h"
#include "table.h"

/* What the report is of; argv is the command line the JSON records. */
struct wt_md_report {
	const struct wt_md_settings *s;
	const struct wt_md_run *run;
	int argc;
	char **argv;
	struct wt_table **t;	/* wt_md_report_build's */
	size_t nt;
};

/* Make the tables of r->run into r->t, r->nt. */
void wt_md_report_build(struct wt_md_report *r);
void wt_md_report_free(struct wt_md_report *r);
/*
 * Write the report in fmt (a wt_table_format) to path ("-": stdout)
 * through wt_sink_put, whole or not at all.  Dies on an error.
 */
void wt_md_report_write(const struct wt_md_report *r, const char *path,
			int fmt);

#endif
