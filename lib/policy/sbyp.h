/*
 * sbyp.h - the streaming bypass of Khairy et al. (section 4.1): a cache's
 * load miss rate over periods decides whether it is closed; one per cache.
 */
#ifndef WT_SBYP_H
#define WT_SBYP_H

#include <stdint.h>

struct wt_sbyp {
	uint64_t period, end;		/* the current period ends at end */
	double threshold;
	uint64_t loads, misses;		/* this period, from the tags */
	int on;				/* bypassing */
	uint64_t periods;		/* that ended */
	uint64_t periods_on;		/* of them, those that ended closed */
	uint64_t switches;		/* closings and openings */
};

void wt_sbyp_init(struct wt_sbyp *s, uint64_t period, double threshold);
/* Close the periods that ended by cycle t; 1 when the cache was opened
 * again at one of them (its lines must then be dropped: their data never
 * came). */
int wt_sbyp_tick(struct wt_sbyp *s, uint64_t t);
static inline void wt_sbyp_count(struct wt_sbyp *s, int miss)
{
	s->loads++;
	s->misses += miss != 0;
}

#endif
