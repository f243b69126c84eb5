/*
 * coalesce.h - turn one warp memory instruction into the memory requests
 * the hardware would make for it (coalescing).
 *
 * Three rule sets, two from NVIDIA's CUDA C Programming Guide and one
 * from GPGPU-Sim:
 *
 *   fermi   compute capability 2.x with global memory cached in L1: the
 *           warp is split into groups (the whole warp for accesses of up to
 *           4 bytes, otherwise 128 / size lanes: half-warps for 8 bytes,
 *           quarter-warps for 16), and each group makes one request per
 *           distinct line its active lanes touch.  A request fetches the
 *           whole line, so every sector bit is set.
 *   sector  compute capability 3.x and later (L1/L2 lines of 32-byte
 *           sectors): the whole warp is one group; one request per distinct
 *           line, with the sectors the lanes actually touch.
 *   gpgpusim GPGPU-Sim's coalescer (warp_inst_t::memory_coalescing_arch
 *           and its atomic and reduce-and-send companions): segments of
 *           32, 64 or 128 bytes by access size and -gpgpu_coalesce_arch,
 *           each reduced to the half or quarter the lanes use, one
 *           request per segment (several to a line), atomics split where
 *           their bytes collide.  See gpgpucoal.c.
 *
 * Under the first two, requests of a group come in ascending line
 * address, groups in lane order, and loads, stores and atomics follow the
 * same rules.  coalesce(1) is the normative description; keep the two in
 * step.
 *
 * Shared memory makes no request: its instructions are counted, with
 * the bank conflicts GPGPU-Sim finds in them (wt_shmem_accesses).
 *
 * Everything here is pure: no I/O, no allocation.
 */
#ifndef WT_COALESCE_H
#define WT_COALESCE_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

enum wt_coalesce_rules {
	WT_COALESCE_FERMI = 0,
	WT_COALESCE_SECTOR = 1,
	WT_COALESCE_GPGPUSIM = 2,
};

struct wt_coalesce_cfg {
	enum wt_coalesce_rules rules;
	unsigned line;		/* line size in bytes: a power of two, 16..4096 */
	unsigned sector;	/* sector size: a power of two >= 4 dividing
				   line, at most 8 sectors per line */
	/* The gpgpusim rules' settings, GPGPU-Sim's options of those names
	 * (the other rules ignore them): */
	unsigned coalesce_arch;	/* -gpgpu_coalesce_arch, 13..1000 */
	int skip_l1;		/* -gpgpu_gmem_skip_L1D */
	unsigned warp_parts;	/* -gpgpu_shmem_warp_parts, which sets its
				   mem_warp_parts: 1..64 */
};

/*
 * The most requests one instruction can make: every lane of a 64-lane
 * warp straddling a line boundary (accesses are at most one line long, see
 * wt_coalesce_valid).  Fits the uint8_t count of a request record.
 */
#define WT_COALESCE_MAX_REQUESTS (2 * WT_MAX_LANES)

/* Limits of the configuration. */
#define WT_COALESCE_LINE_MIN 16
#define WT_COALESCE_LINE_MAX 4096
#define WT_COALESCE_SECTOR_MIN 4
#define WT_COALESCE_SECTORS_MAX 8	/* bits of wt_request.sectors */

/* The Fermi rules' group size in bytes: 128 / size lanes per group. */
#define WT_COALESCE_FERMI_GROUP_BYTES 128

/* The gpgpusim rules: GPGPU-Sim's coalescer works in 128-byte chunks of
 * 32-byte sectors, on accesses of 1 to 16 bytes, and aborts below
 * coalescing arch 13 (GT200). */
#define WT_GPGPUSIM_LINE 128
#define WT_GPGPUSIM_SECTOR 32
#define WT_GPGPUSIM_SIZE_MAX 16
#define WT_GPGPUSIM_ARCH_MIN 13
#define WT_GPGPUSIM_ARCH_MAX 1000

/*
 * The defaults: sector rules, 128-byte lines of 32-byte sectors; for the
 * gpgpusim rules GPGPU-Sim's own defaults, coalescing arch 13, global
 * accesses through the L1, warps in 2 parts.
 */
void wt_coalesce_cfg_init(struct wt_coalesce_cfg *cfg);

/*
 * Make a default sector size fit the line: a sector larger than the line
 * becomes the line, and one that would make more than 8 sectors becomes
 * line / 8.  For a sector size the user did not choose.
 */
void wt_coalesce_fit_sector(struct wt_coalesce_cfg *cfg);

/*
 * Check a configuration: NULL if it is usable, else a sentence saying
 * what is wrong with it (static storage, overwritten by the next call).
 */
const char *wt_coalesce_cfg_check(const struct wt_coalesce_cfg *cfg);

/* "fermi", "sector" or "gpgpusim"; parse returns -1 for anything else. */
const char *wt_coalesce_rules_name(enum wt_coalesce_rules rules);
int wt_coalesce_rules_parse(const char *name);

/*
 * Apply an architecture preset (fermi, kepler, volta, ampere, hopper) to
 * cfg: its rules, line and sector size.  0, or -1 for an unknown name.
 */
int wt_coalesce_arch(const char *arch, struct wt_coalesce_cfg *cfg);

/* Lanes per group under cfg's rules for a warp of lanes lanes (under the
 * gpgpusim rules a warp part's, the last part taking what is left). */
unsigned wt_coalesce_group_lanes(const struct wt_coalesce_cfg *cfg,
				 unsigned lanes, unsigned size);

/* Bytes a request occupies in the memory system: the whole line under the
 * Fermi rules, the sectors it names under the others. */
unsigned wt_coalesce_request_bytes(const struct wt_coalesce_cfg *cfg,
				   const struct wt_request *r);

/*
 * Check that w can be coalesced under cfg: at most WT_MAX_LANES lanes, no
 * active lane beyond them, a size that is a power of two no larger than a
 * line, and no active lane's access running past the end of the address
 * space; under the gpgpusim rules a size of at most 16 bytes, and no
 * atomic access across its segment (GPGPU-Sim asserts on either).  0, or
 * -1 with a reason in why.
 */
int wt_coalesce_valid(const struct wt_coalesce_cfg *cfg,
		      const struct wt_warp *w, char *why, size_t whylen);

/*
 * Fill out[] (room for WT_COALESCE_MAX_REQUESTS) with the requests of the
 * warp instruction w and return their number: 0 when no lane is active.
 * cfg must pass wt_coalesce_cfg_check and w wt_coalesce_valid; a record
 * that does not makes no requests.  The warp size is w->lanes.
 */
size_t wt_coalesce(const struct wt_coalesce_cfg *cfg, const struct wt_warp *w,
		   struct wt_request *out);

/*
 * Shared-memory banks, as GPGPU-Sim models them for bank conflicts
 * (-gpgpu_shmem_num_banks, -gpgpu_shmem_limited_broadcast,
 * -gpgpu_shmem_warp_parts): a lane's access goes to the bank of its
 * first 4-byte word, (address / 4) mod banks.
 */
struct wt_shmem_cfg {
	unsigned banks;		/* 1 to WT_SHMEM_BANKS_MAX; default 32 */
	int limited_broadcast;	/* one word may be broadcast per access */
	unsigned warp_parts;	/* parts of a warp checked apart; default 1 */
};

#define WT_SHMEM_BANKS_MAX 1024
#define WT_SHMEM_WORD 4

/* The defaults of every GPGPU-Sim tested configuration, Fermi to Ampere:
 * 32 banks, no limited broadcast, the whole warp at once. */
void wt_shmem_cfg_init(struct wt_shmem_cfg *cfg);
/* NULL if usable, else why not (static storage). */
const char *wt_shmem_cfg_check(const struct wt_shmem_cfg *cfg);

/*
 * The accesses (cycles) shared memory needs for w's active lanes, summed
 * over the warp's parts (a part of lanes / warp_parts lanes, the last
 * taking what is left): in each, the most a bank is accessed, counting
 * distinct words only (every lane reading one word is served at once,
 * a broadcast) or, with limited_broadcast, every lane but those of one
 * broadcast word, the first word read by more than one lane in the
 * order of (bank, word).  1 for an access without conflict; 0 with no
 * active lane.
 */
unsigned wt_shmem_accesses(const struct wt_shmem_cfg *cfg, const struct wt_warp *w);

/* Warp instructions of a space that makes no request (shared, constant,
 * texture), counted. */
struct wt_space_stats {
	uint64_t instructions;
	uint64_t threads;	/* active lanes */
	uint64_t accesses;	/* shared: bank accesses (wt_shmem_accesses) */
};

/* What coalesce --stats reports, for one kernel or a whole stream. */
struct wt_coalesce_stats {
	/* Warp instructions that go to the L1 data cache (global and local
	 * space), and the requests they make: */
	uint64_t instructions;	/* warp instructions */
	uint64_t empty;		/* ... with no active lane (no request) */
	uint64_t threads;	/* active lanes, i.e. threads served */
	uint64_t requests;
	uint64_t op_requests[WT_OP_MAX + 1];
	/* histogram[n]: instructions that made n requests (n >= 1) */
	uint64_t histogram[WT_COALESCE_MAX_REQUESTS + 1];
	uint64_t bytes_requested;	/* see wt_coalesce_request_bytes */
	uint64_t bytes_used;		/* sum of the requests' bytes */
	/* Those kept from the caches, by space: */
	struct wt_space_stats shared, constant, texture;
	uint64_t none_in;	/* warp records of op none read */
	uint64_t none_out;	/* requests of op none written */
	/* Every instruction of the warps: the memory instructions and the
	 * non-memory ones their records count. */
	uint64_t all_instructions;
	uint64_t lost;		/* instructions past the 2^32 - 1 that a
				   request's icount holds */
};

/* Count one instruction w and the n requests wt_coalesce made for it.
 * Start from a zeroed struct. */
void wt_coalesce_stats_add(struct wt_coalesce_stats *s,
			   const struct wt_coalesce_cfg *cfg,
			   const struct wt_warp *w, const struct wt_request *reqs,
			   size_t n);
void wt_coalesce_stats_merge(struct wt_coalesce_stats *dst,
			     const struct wt_coalesce_stats *src);

#endif
