/*
 * arch.h - warp scheduling policies by name.  The execution resources of
 * the SMs, which were presets here, are part of the machine description
 * now (machine.h).
 */
#ifndef WT_ARCH_H
#define WT_ARCH_H

enum wt_policy { WT_POLICY_LRR, WT_POLICY_GTO, WT_POLICY_TWO_LEVEL };

const char *wt_policy_name(enum wt_policy p);
int wt_policy_parse(const char *name);	/* -1 if unknown */

#endif
