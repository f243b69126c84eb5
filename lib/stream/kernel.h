/*
 * kernel.h - text form of kernel descriptions (internal to lib/).
 */
#ifndef WT_KERNEL_H
#define WT_KERNEL_H

#include "stream.h"

void wt_kernel_to_meta(const struct wt_kernel *k, struct wt_meta *m);
int wt_kernel_from_meta(struct wt_kernel *k, const struct wt_meta *m,
			char *why, size_t whylen);

#endif
