/*
 * cachecfg.h - GPGPU-Sim cache configuration strings, as given to
 * -gpgpu_cache:dl1, -gpgpu_cache:dl2, -gpgpu_cache:il1, -gpgpu_tex_cache:l1
 * and -gpgpu_const_cache:l1, parsed into a struct that l1sim and l2sim use.
 *
 * The GPGPU-Sim 4.x grammar (cache_config::init in gpu-cache.h), with the
 * field numbers that error messages use:
 *
 *   T:SETS:LINE:ASSOC,R:W:A:WA:IX,M:N:MERGE,MQ[:FIFO[,PORT]]
 *   1 2    3    4     5 6 7 8  9  10 11 12 13  14    15
 *
 *   e.g. N:32:128:4,L:L:m:N:H,S:64:8,8            GTX480 L1 (16 KB)
 *        S:64:128:8,L:B:m:L:L,A:256:4,4:0,32      GTX480 L2 slice
 *        S:4:128:64,L:T:m:L:L,A:512:8,16:0,32     TITAN V / V100 L1
 *        none                                     no such cache
 *
 * Two older forms without the leading N/S field are accepted too, as
 * GPGPU-Sim 3.x accepted them (GPGPU-Sim 4.x rejects them), with only the
 * letters 3.x knew; their fields are numbered from the sets, so every
 * number above is one less (and the 3.0 form has no field 9).  See
 * cachecfg.c for the grammar and every rejection.
 */
#ifndef WT_CACHECFG_H
#define WT_CACHECFG_H

#include <stddef.h>
#include <stdint.h>

/* Which grammar a string used; wt_cachecfg_format writes the same one. */
enum wt_cachecfg_form {
	WT_CACHECFG_V4 = 0,	/* N:32:128:4,L:L:m:N:H,S:64:8,8 (4.x) */
	WT_CACHECFG_V3_INDEX,	/* 32:128:4,L:L:m:N:H,A:32:8,8 (3.2 to 3.x) */
	WT_CACHECFG_V3,		/* 32:128:4,L:L:m:N,A:32:8,8 (3.0, 3.1) */
};

struct wt_cachecfg {
	int disabled;		/* the string was "none": no cache at all; the
				 * other fields are zero */
	enum wt_cachecfg_form form;

	/* Field 1 (4.x only): 'N' normal -> 0, 'S' sectored -> 1.  A
	 * sectored line is 4 sectors of 32 B, each with its own valid and
	 * dirty state; misses fetch sectors, not lines.  Older forms: 0. */
	int sectored;
	unsigned sets;		/* field 2: a power of two */
	unsigned line;		/* field 3: line (block) size in bytes */
	unsigned assoc;		/* field 4: ways per set */

	char replacement;	/* 'L' LRU, 'F' FIFO (oldest allocation) */
	char write;		/* 'R' read-only, 'B' write-back, 'T' write-
				 * through, 'E' write-evict (a write hit
				 * invalidates the line and writes through),
				 * 'L' local write-back, global write-evict
				 * (GPGPU-Sim's LOCAL_WB_GLOBAL_WT: global
				 * write hits evict, local ones write back) */
	char alloc;		/* 'm' reserve the line on a miss, 'f' allocate
				 * when the fill returns, 's' streaming (Volta:
				 * GPGPU-Sim runs it as 'f' with as many MSHR
				 * entries as lines) */
	char write_alloc;	/* 'N' no write-allocate, 'W' write-allocate
				 * (3.x: write through and read the line),
				 * 'F' fetch-on-write, 'L' lazy fetch-on-read
				 * (write the bytes, fetch the rest on a read) */
	char index;		/* set index function: 'L' linear, 'H' Fermi
				 * hash (Nugteren; 32 or 64 sets), 'P' IPOLY
				 * (16, 32 or 64 sets), 'X' bitwise XOR of the
				 * tag's low bits, 'C' custom (GPGPU-Sim has
				 * none: every line maps to set 0).  'L' for
				 * the 3.0 form, which has no such field */
	char mshr_type;		/* 'A' associative MSHR table, 'S' the same
				 * for requests to a sectored next level,
				 * 'F' texture FIFO, 'T' texture FIFO to a
				 * sectored next level */

	/* Fields 11 to 13.  For 'F' and 'T' these are the texture cache's
	 * fragment FIFO, request FIFO and reorder buffer sizes. */
	unsigned mshr_entries;	/* lines (sectors) that can be outstanding */
	unsigned mshr_max_merge;/* requests merged into one entry */
	unsigned miss_queue;	/* misses waiting for the next level */
	unsigned result_fifo;	/* field 14: texture result FIFO; unused by
				 * 'A' and 'S' (the configs write 0) */
	unsigned data_port_width;	/* bytes the data array reads or writes
				 * per cycle: field 15, or line when the field
				 * is absent or 0 */
	unsigned data_port_field;	/* field 15 as written (0 if absent) */
	int nopt;		/* optional trailing fields written: 0, 1
				 * (result FIFO) or 2 (and data port) */

	/* Derived. */
	unsigned atom;		/* fill and MSHR granularity: 32 sectored,
				 * else line */
	/*
	 * sets x line x assoc: the capacity the string describes.  For the
	 * adaptive (unified) L1 of Volta and later, GPGPU-Sim takes this as
	 * the unit: with -gpgpu_unified_l1d_size it changes assoc at each
	 * kernel launch to whatever multiple of it shared memory leaves
	 * free (sets and line stay), up to the unified size (which must be
	 * a multiple of it) or 4 x it without that option.  So TITAN V's
	 * S:4:128:64 is 32 KB here and up to 128 KB in the simulator;
	 * l1sim needs the unified size from elsewhere to model that.
	 */
	uint64_t size_bytes;
};

/*
 * Parse s (surrounding spaces ignored) into *c.  Returns 0, or -1 with a
 * one-line reason in err that names the field by number and name, e.g.
 * "field 6 (write policy) 'Q': expected R, B, T, E or L".
 */
int wt_cachecfg_parse(const char *s, struct wt_cachecfg *c, char *err,
		      size_t errlen);

/* The string form of c, in c->form; parsing it gives c back. */
char *wt_cachecfg_format(const struct wt_cachecfg *c, char *buf, size_t n);

/*
 * A one-line human description, e.g. "16 KB, 32 sets x 4 ways x 128 B,
 * LRU, local write-back/global write-evict, allocate on miss, no
 * write-allocate, Fermi hash index, sector MSHR: 64 entries x 8 merges,
 * miss queue 8".  Returns buf.
 */
char *wt_cachecfg_describe(const struct wt_cachecfg *c, char *buf, size_t n);

/*
 * Checks that a data cache (L1D, L2) adds to a parsed string: GPGPU-Sim's
 * data caches assert that the MSHR type is 'A' or 'S' (the FIFOs belong
 * to the texture cache) and that the write policy is not read-only.
 * Returns 0, or -1 with the reason; a disabled ("none") cache passes.
 */
int wt_cachecfg_check_data(const struct wt_cachecfg *c, char *err,
			   size_t errlen);

#endif
