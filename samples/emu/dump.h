/* dump.h - writer for the warptrace extended dialect, version 1. */
#ifndef DUMP_H
#define DUMP_H

#include <stdint.h>
#include <stdio.h>

#include "emu.h"

enum { RW_LOAD = 0, RW_STORE = 1, RW_ATOMIC = 2 };

struct kgeom {
	const char *name;       /* CUDA kernel name */
	unsigned block[3];      /* CTA dimensions */
	unsigned grid[3];       /* grid dimensions, in CTAs */
	unsigned regs;          /* registers per thread (estimate) */
	unsigned shmem;         /* static shared memory per CTA, bytes */
};

/* Opens the writer on `f` (already open); `fname` is used in messages.
 * `cmd` is written as a comment after the first kernel's header. */
struct dump *dump_open(FILE *f, const char *fname, enum order order,
		       const struct alloc *al, const char *cmd);
/* Flushes and closes; on a write error prints a message and exits 1. */
void dump_close(struct dump *d);

/* Starts a kernel launch: writes its header block. */
void dump_kernel(struct dump *d, const struct kgeom *g);
/* Starts CTA (bx, by, bz) of the current kernel; CTAs must come in
 * flat block order.  The previous CTA is written out. */
void dump_cta(struct dump *d, unsigned bx, unsigned by, unsigned bz);
/* One global access of thread `tid` (flat id inside the CTA) of the
 * current CTA.  `icount`: non-memory instructions since the thread's
 * previous access.  Each thread's accesses must come in program order;
 * different threads may be mixed freely. */
void dump_acc(struct dump *d, unsigned tid, int rw, uint64_t addr,
	      unsigned size, unsigned pc, unsigned icount);
/* Ends the current kernel (writes its last CTA). */
void dump_end(struct dump *d);

/* number of access lines written so far */
uint64_t dump_count(const struct dump *d);

#endif
