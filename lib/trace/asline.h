/*
 * asline.h - one instruction line of an Accel-Sim trace (written by its
 * NVBit tracer), and the classes and widths of SASS opcodes.
 *
 * A line is
 *   [cta_x cta_y cta_z warp [7 cluster fields]] [line_num] PC mask
 *   dest_num [dest regs] opcode src_num [src regs] mem_width
 *   [address_mode addresses] [immediate]
 * where the bracketed CTA part leads the lines of raw .trace files, and
 * those of .traceg files of tracers before version 3, whose
 * post-processor kept it.  trace-gen(1) is the normative description.
 */
#ifndef WT_ASLINE_H
#define WT_ASLINE_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

/* Accel-Sim traces are of 32-thread warps: masks are 32-bit. */
#define WT_AS_LANES 32
/* Most destination or source registers a line may list. */
#define WT_AS_MAX_REGS 16

enum wt_as_mode { WT_AS_LIST = 0, WT_AS_STRIDE = 1, WT_AS_DELTA = 2 };

/* The columns a file's lines have besides the fixed ones. */
struct wt_as_layout {
	int ids;		/* CTA x, y, z and warp lead each line */
	int cluster;		/* ids: 7 cluster fields follow the warp */
	int lineinfo;		/* a source line number precedes the PC */
	int immediate;		/* an immediate column ends each line */
	/*
	 * Tracers before version 4 listed the addresses of every lane the
	 * warp ran, predicated off or not, under a mask of the lanes that
	 * were not: a line may give more addresses (or deltas) than its
	 * mask has lanes, and base+stride lanes with gaps.  Taken as
	 * Accel-Sim takes them (see wt_as_parse); never with an immediate.
	 */
	int loose;
};

/* A register as a line names it: R0 to R255 (R255 is RZ, the zero
 * register) as 0 to 255; a uniform register (URn, which the tracer does
 * not write) or one past R255 as WT_AS_NOREG. */
#define WT_AS_RZ 255
#define WT_AS_NOREG 0xffff

struct wt_as_inst {
	uint32_t cta[3], warp;	/* raw lines only */
	uint32_t pc, mask;
	char opcode[64];
	unsigned ndst, nsrc;	/* registers the line lists */
	uint16_t dst[WT_AS_MAX_REGS], src[WT_AS_MAX_REGS];
	unsigned mem_width;	/* bytes per lane; 0 on a non-memory line */
	int mode;		/* enum wt_as_mode, when mem_width > 0 */
	int skipped;		/* a TMA operand, not read (see wt_as_class) */
	int surplus;		/* loose: more addresses than lanes, or
				   base+stride lanes with gaps */
	uint64_t addr[WT_AS_LANES];	/* active lanes; 0 elsewhere */
};

/*
 * Parse one instruction line, which is split in place.  Returns 0, or -1
 * with why saying what was wrong and what was expected.
 */
int wt_as_parse(char *line, const struct wt_as_layout *lay, struct wt_as_inst *in,
		char *why, size_t whylen);

/*
 * Whether a raw line carries the 7 cluster fields of newer tracers after
 * its warp id: the mask, always 8 hex digits, tells where the PC is.
 */
int wt_as_raw_has_cluster(const char *line, int lineinfo);
/*
 * Whether a line of a grouped (.traceg) file begins with its CTA and warp
 * ids, as those of tracers before version 3 do: 1 if its mask (8 hex
 * digits) comes after them, 0 if it comes right after the PC, -1 if
 * neither (the line is malformed; the caller picks a layout, and the
 * parse says what is wrong).
 */
int wt_as_grouped_has_ids(const char *line, int lineinfo);

/* What an opcode does to memory. */
enum wt_as_kind {
	WT_AS_NONMEM = 0,	/* not a memory instruction */
	WT_AS_GLOBAL,
	WT_AS_GENERIC,		/* LD, ST, ATOM, RED: space from the address */
	WT_AS_SHARED,
	WT_AS_LOCAL,
	WT_AS_CONST,
	WT_AS_TEXTURE,
	WT_AS_TMA,		/* Hopper bulk copies: not modelled */
};

struct wt_as_class {
	enum wt_as_kind kind;
	unsigned op;		/* enum wt_op */
	int ldgsts;		/* LDGSTS: one instruction, two lines in raw traces */
};

/* Classify by the mnemonic, the opcode up to its first dot. */
void wt_as_classify(const char *opcode, struct wt_as_class *c);
/* Whether the opcode is a CTA barrier a warp waits at: BAR (.SYNC,
 * .SYNC.DEFER_BLOCKING, .RED...), but not BAR.ARV, which arrives without
 * waiting (GPGPU-Sim's ARRIVE). */
int wt_as_is_barrier(const char *opcode);
/*
 * The latency class (record.h, enum wt_lat_class) of a non-memory
 * opcode, by its mnemonic (what comes before the first '.'): FP32 and
 * packed-FP16 arithmetic single precision, FP64 double, MUFU the SFU's,
 * the matrix multiply-accumulates the tensor cores', everything else
 * (integer, logic, moves, conversions, predicates, branches) integer,
 * as Accel-Sim's trace mode times them.
 */
enum wt_lat_class wt_as_latency_class(const char *opcode);
/* Bytes per lane from the opcode's suffixes (.8, .U16, .64, .128 ...); 4
 * when none says. */
unsigned wt_as_opcode_width(const char *opcode);
/* The cache operator (enum wt_cacheop) its suffixes name: the first of
 * .CA .CG .CS .EF .LU .EL .NA .CV .STRONG.GPU .STRONG.SYS .CONSTANT .CI
 * .NC .WB .WT .BYPASS; WT_COP_DEFAULT when none does. */
unsigned wt_as_cacheop(const char *opcode);

#endif
