/*
 * polstate.h - the states of some policies, read back from an L1 or
 * from their state across SMs: for the unit tests, and for the
 * policies' own statistics.
 */
#ifndef WT_POLSTATE_H
#define WT_POLSTATE_H

#include "apcm.h"
#include "dwtcs.h"
#include "sbyp.h"

struct wt_l1;

/* The state of l1's streaming bypass, or NULL. */
struct wt_sbyp *wt_pol_sbyp(const struct wt_l1 *l1);
/* l1's APCM, or NULL; sum += its statistics (none: nothing added). */
struct wt_apcm *wt_pol_apcm(const struct wt_l1 *l1);
void wt_pol_apcm_stats(const struct wt_l1 *l1, struct wt_apcm_stats *sum);
/* The DWT-CS coordinator's statistics, from its state across SMs (g), or
 * NULL before its first kernel. */
const struct wt_dwtcs_stats *wt_pol_dwtcs_stats(const void *g);

#endif
