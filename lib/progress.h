/*
 * progress.h - a progress line on stderr, only when stderr is a terminal.
 */
#ifndef WT_PROGRESS_H
#define WT_PROGRESS_H

#include <stdint.h>

void wt_progress(const char *what, uint64_t done);
void wt_progress_done(void);

#endif
