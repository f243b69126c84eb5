/*
 * sbyp.c - the streaming bypass of Khairy et al. (section 4.1), as the L1
 * (l1sim --policy=sbyp) and the L2 (l2sim --sbyp) use it.
 *
 * Streaming bypass: the L1's load miss rate is measured over periods of
 * 10 000 cycles.  At the end of a period whose miss rate is above 90 %
 * the L1 is closed: every load goes to L2, while the tags are still
 * looked up and updated so that the miss rate goes on being measured.  At
 * the end of a period whose (tag) miss rate is at or below 90 % the L1 is
 * opened again; the lines the tags took while it was closed never got
 * their data, so they are dropped (a reading: the paper does not say).
 * A period in which no load came changes nothing.
 */
#include "sbyp.h"

#include <string.h>

void wt_sbyp_init(struct wt_sbyp *s, uint64_t period, double threshold)
{
	memset(s, 0, sizeof(*s));
	s->period = period;
	s->threshold = threshold;
	s->end = period;
}

int wt_sbyp_tick(struct wt_sbyp *s, uint64_t t)
{
	uint64_t n;
	int opened = 0;

	if (t < s->end)
		return 0;
	/* n periods ended by t.  Only the first has loads: the later ones,
	 * empty, change nothing, and end as it left the cache. */
	n = (t - s->end) / s->period + 1;
	s->periods += n;
	if (s->loads) {
		int on = (double)s->misses > s->threshold * (double)s->loads;

		if (on != s->on) {
			s->switches++;
			opened = !on;
		}
		s->on = on;
	}
	if (s->on)
		s->periods_on += n;
	s->loads = s->misses = 0;
	s->end += n * s->period;
	return opened;
}
