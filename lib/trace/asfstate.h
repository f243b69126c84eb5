/*
 * asfstate.h - the state of an Accel-Sim kernel file being read, shared
 * by asfile.c (the body: instructions, warps, records) and ashead.c (the
 * "-key = value" header).  Not for other users: see asfile.h.
 */
#ifndef WT_ASFSTATE_H
#define WT_ASFSTATE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "asfile.h"
#include "asline.h"
#include "lines.h"
#include "u64map.h"
#include "util.h"

/* B_TAILS: a raw file has ended; the warps' last records are left. */
enum { B_HEADER, B_RAW, B_OUTSIDE, B_TB, B_WARP, B_TAILS, B_END };

/* A register a load of the warp writes: pending until the warp waits
 * for that load (or one after it: it waits for all up to the one it
 * needs), or another instruction writes it. */
struct pend {
	uint32_t load;		/* the load's record index */
	uint16_t reg;		/* R0 to R254 */
};

/* A register a non-memory instruction of the warp's next record wrote,
 * and the depth of that instruction: 1 + the deepest register it read
 * (record.h, WT_WARP_CHAIN), with the classes of the run that deep.  A register of depth 0 (written before the
 * record, or by a load) has no entry. */
struct chreg {
	uint8_t reg;		/* R0 to R254 */
	uint8_t depth;		/* 1 to WT_WARP_CHAIN_MAX (that deep or more) */
	uint8_t classes;	/* its run's classes (record.h's byte) */
};

struct wstate {
	uint32_t instr;		/* records made so far */
	uint32_t icount;	/* non-memory instructions since the last */
	uint32_t ldgsts_pc;	/* raw: PC of an LDGSTS awaiting its pair */
	uint32_t last_pc;	/* of its last instruction */
	int ldgsts_open;
	uint64_t key;		/* flat CTA id * warps per CTA + warp */
	/* Register dependences (record.h, WT_WARP_DEP_BITS). */
	struct pend *pend;	/* registers of loads, one entry a register */
	uint32_t npend, cappend;
	uint32_t wait;		/* 1 + the newest load the next record's
				   instructions wait for; 0 none yet */
	uint32_t at;		/* its instructions before the first that
				   waits */
	int barrier;		/* a CTA barrier among them */
	struct chreg *chreg;	/* their registers' depths, one entry a
				   register */
	uint32_t nchreg, capchreg;
};

struct wt_asf {
	struct wt_lines *lines;
	char *name;
	char err[1024];
	struct wt_kernel kernel;
	struct wt_as_layout lay;
	int lay_known;		/* grouped: ids told from the first line */
	unsigned seen;		/* header keys read, one bit each */
	int format_immediate;	/* the #traces format line names it */
	uint64_t shmem_base, local_base;
	uint64_t kernel_id, binary, stream;	/* for the metadata */
	char *nvbit, *version;
	uint32_t bt, wpc;	/* threads and warps of a CTA */
	int state;
	char *pending;		/* first body line, read with the header */
	/* grouped: the thread block and warp being read */
	uint32_t tb[3];
	int have_tb;
	uint32_t cur_warp;
	uint64_t tb_line, warp_line, insts_line, insts_want, insts_got;
	int have_insts;
	size_t cur;		/* index of the warp's state */
	/* warp states, by key */
	struct wt_u64map *map, *ctas;
	struct wstate *ws;
	size_t nws, capws;
	size_t tail;		/* B_TAILS: the next warp state to end */
	struct wt_asf_stats st;
};

/* Fail with "file:line: what was wrong", the line being the one read
 * last: -1. */
int wt_asf_vfail(struct wt_asf *f, const char *fmt, va_list ap);

/* ---- ashead.c ---- */

/* s without its leading and trailing blanks (trailing ones cut off). */
char *wt_asf_trim(char *s);
/* Split "key = value" at the first '='; NULL without one. */
char *wt_asf_split_eq(char *line, char **value);
/* A number of the header or a keyword line, at most max. */
int wt_asf_number(struct wt_asf *f, const char *what, const char *s,
		  uint64_t max, uint64_t *v);
/* "(x,y,z)", or, with parens 0, "x,y,z"; each at least lo. */
int wt_asf_triple(struct wt_asf *f, const char *what, char *s, int parens,
		  uint32_t lo, uint32_t out[3]);
/* One "-key = value" line (line at its '-'). */
int wt_asf_header_line(struct wt_asf *f, char *line);
/* Does a "#traces format" comment name the immediate column? */
int wt_asf_names_immediate(const char *p);
/* The header is complete: check it, and describe the kernel (form:
 * "traceg", "trace" or "empty"). */
int wt_asf_finish_header(struct wt_asf *f, const char *form);

#endif
