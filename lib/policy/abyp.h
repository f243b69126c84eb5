/*
 * abyp.h - the PC-based bypass predictor ABYP of Tian et al.; one per SM.
 */
#ifndef WT_ABYP_H
#define WT_ABYP_H

#include <stdint.h>

struct wt_abyp;

struct wt_abyp *wt_abyp_new(unsigned threshold, unsigned max, unsigned shadow);
void wt_abyp_free(struct wt_abyp *a);
/* Does the predictor bypass loads of pc? */
int wt_abyp_bypass(const struct wt_abyp *a, uint32_t pc);
/* A line that load pc brought in leaves the L1: dead (never reused) or not. */
void wt_abyp_evicted(struct wt_abyp *a, uint32_t pc, int reused);
/* A line of pc's was reused in the L1. */
void wt_abyp_reused(struct wt_abyp *a, uint32_t pc);
/* A load of pc was bypassed on the prediction: remember its line.  A later
 * load of a remembered line means the prediction was wrong; says so (1)
 * and takes the line out. */
void wt_abyp_note_bypass(struct wt_abyp *a, uint32_t pc, uint64_t line);
int wt_abyp_check(struct wt_abyp *a, uint64_t line);
uint64_t wt_abyp_corrections(const struct wt_abyp *a);

#endif
