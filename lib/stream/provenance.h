/*
 * provenance.h - what a run is made of, so that report(1) can tell which
 * runs it may compare: the trace (its name and a hash of its content),
 * the machine and the warp scheduler.
 *
 * trace-gen hashes the files it reads before it writes its header and
 * puts the hash in the header's metadata ("trace_hash"); every later
 * stage copies the metadata on, and each program's --stats file says
 * what the metadata of its input says.
 */
#ifndef WT_PROVENANCE_H
#define WT_PROVENANCE_H

#include <stddef.h>
#include <stdint.h>

#include "json.h"
#include "meta.h"

/* The metadata key of the trace's content hash: 16 hex digits. */
#define WT_TRACE_HASH_KEY "trace_hash"

/*
 * Chain the bytes of the file at path, as stored (compressed files are
 * not undone), into *h: XXH3-64 over each 1 MiB block in turn, each
 * seeded with the value before.  0, or -1 with "PATH: why" in err.
 */
int wt_trace_hash_file(const char *path, uint64_t *h, char *err, size_t errlen);

/* Set the metadata's trace hash to h, as 16 lower-case hex digits. */
void wt_meta_set_trace_hash(struct wt_meta *m, uint64_t h);

/*
 * The members of a --stats file that say what its run is made of, from
 * the metadata of the stream the program read (trace-order: of the one
 * it wrote): "trace" (the name of wt_meta_trace_name, "" if none),
 * "trace_hash" and "machine" (null where the stream does not say) and
 * "warp_scheduler" (trace-order's, null before it), "l1_timing" and
 * "l1_size" (l1sim's --sched and size, as text; null before it).
 */
void wt_json_provenance(struct wt_json *j, const struct wt_meta *m);

#endif
