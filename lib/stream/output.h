/*
 * output.h - the one output stream of a program: opened with the usual
 * errors (a terminal refused as a usage error), removed if the program
 * dies before it is complete, closed with its trailer.
 */
#ifndef WT_OUTPUT_H
#define WT_OUTPUT_H

#include "stream.h"

/* Open path ("-" is stdout) or die; at most one per program. */
struct wt_writer *wt_output_open(const char *path, const struct wt_header *h,
				 int level);
/* Write the trailer and close, or die. */
void wt_output_close(void);

#endif
