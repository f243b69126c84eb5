/*
 * par.c - a loop over independent items, on threads when asked; see
 * par.h.
 */
#include "par.h"

void wt_par_for(unsigned n, int parallel, void (*fn)(void *ctx, unsigned i),
		void *ctx)
{
	if (parallel && n > 1) {
		#pragma omp parallel for schedule(dynamic, 1)
		for (unsigned i = 0; i < n; i++)
			fn(ctx, i);
	} else {
		for (unsigned i = 0; i < n; i++)
			fn(ctx, i);
	}
}
