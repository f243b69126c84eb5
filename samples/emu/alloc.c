/* alloc.c - simulated cudaMalloc.
 *
 * Allocations are placed one after another, in the order the benchmark's
 * host code calls cudaMalloc: each starts at the first 512-byte aligned
 * address after the end of the previous one; allocations of 2 MiB or more
 * start on a 2 MiB boundary, as the CUDA driver places large buffers.
 */
#include <stdio.h>
#include <stdlib.h>

#include "emu.h"

#define SMALL_ALIGN 512ULL
#define LARGE_ALIGN (2ULL << 20)

void alloc_init(struct alloc *a, uint64_t base)
{
	a->base = base;
	a->next = base;
	a->count = 0;
}

static uint64_t align_up(uint64_t x, uint64_t al)
{
	return (x + al - 1) & ~(al - 1);
}

uint64_t dmalloc(struct alloc *a, uint64_t bytes)
{
	uint64_t at;

	if (a->count == ALLOC_MAX) {
		fprintf(stderr, "trace-emu: internal error: too many allocations\n");
		exit(1);
	}
	if (bytes == 0)
		bytes = 1;
	at = align_up(a->next, bytes >= LARGE_ALIGN ? LARGE_ALIGN : SMALL_ALIGN);
	a->start[a->count] = at;
	a->size[a->count] = bytes;
	a->count++;
	a->next = at + bytes;
	return at;
}

int alloc_contains(const struct alloc *a, uint64_t addr, unsigned size)
{
	int i;

	for (i = a->count - 1; i >= 0; i--)
		if (addr >= a->start[i] && addr + size <= a->start[i] + a->size[i])
			return 1;
	return 0;
}
