/*
 * fatal.h - what a warptrace program does when a signal kills it: the
 * cleanup registered here (removing temporary outputs) runs first, and a
 * SIGBUS inside a mapped input file, which means the file shrank while it
 * was being read, ends the program with a message naming the file rather
 * than a crash.
 *
 * SIGINT, SIGTERM and SIGHUP run the cleanup and then kill the program
 * with the same signal, so its caller sees how it ended.  SIGBUS at an
 * address of a registered mapping runs the cleanup and exits 1 after
 * "prog: file: changed size while being read"; any other SIGBUS runs the
 * cleanup and dies of the signal.  The handlers are installed the first
 * time either function is called.
 */
#ifndef WT_FATAL_H
#define WT_FATAL_H

#include <stddef.h>

/* Cleanup for a fatal signal: fn must be safe in a signal handler
 * (unlink(2), close(2), write(2), nothing that allocates or locks).  At
 * most eight. */
void wt_fatal_cleanup(void (*fn)(void));

/* [start, start + len) is a mapping of the file name (a string that lives
 * as long as the mapping); name NULL forgets the mapping at start.  At
 * most eight at once; more are mapped but not named. */
void wt_fatal_mapping(const void *start, size_t len, const char *name);

#endif
