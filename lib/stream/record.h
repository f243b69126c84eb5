/*
 * record.h - the typed, fixed-size records of a warptrace stream (format 4).
 *
 * Every stream carries records of exactly one kind, named in its header.
 * Records are stored little-endian, exactly as these structs lay them out
 * on a little-endian host: every field is naturally aligned and the sizes
 * are multiples of 8, so there is no padding the compiler may choose.
 * warptrace-stream(5) is the normative description; keep the two in step.
 */
#ifndef WT_RECORD_H
#define WT_RECORD_H

#include <stddef.h>
#include <stdint.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "warptrace streams are little-endian; this host is not"
#endif

enum wt_kind {
	WT_KIND_ACCESS = 1,	/* one thread's memory access (trace-gen) */
	WT_KIND_WARP = 2,	/* one warp memory instruction (trace-order) */
	WT_KIND_REQUEST = 3,	/* one coalesced memory request (coalesce) */
	WT_KIND_EVENT = 4,	/* one cache outcome (l1sim, l2sim) */
	WT_KIND_MAX = 4
};

/*
 * Memory operation, shared by every kind.  WT_OP_MAX is the largest
 * memory operation: arrays of per-operation counts have WT_OP_MAX + 1
 * entries.  WT_OP_NONE is no memory operation at all: a warp or request
 * record that only carries the last non-memory instructions of its warp
 * (warptrace-stream(5), op); access and event records never hold it.
 */
enum wt_op {
	WT_OP_LOAD = 0,
	WT_OP_STORE = 1,
	WT_OP_ATOMIC = 2,
	WT_OP_MAX = 2,
	WT_OP_NONE = 3
};

/*
 * Cache operator of a memory instruction (from its SASS opcode), in bits
 * 4 to 7 of the flags of warp and request records (format 4.0).  Carried
 * for the caches to use; values 13 to 15 are invalid.
 */
enum wt_cacheop {
	WT_COP_DEFAULT = 0,	/* none given (or scope only: .SYS, .E, .WEAK) */
	WT_COP_CA = 1,		/* .CA: cache at all levels */
	WT_COP_CG = 2,		/* .CG: cache in L2, not in L1 */
	WT_COP_CS = 3,		/* .CS, .EF: streaming, evict first */
	WT_COP_LU = 4,		/* .LU: last use */
	WT_COP_EL = 5,		/* .EL: evict last */
	WT_COP_NA = 6,		/* .NA: no allocate */
	WT_COP_CV = 7,		/* .CV: volatile, fetch again */
	WT_COP_STRONG_GPU = 8,	/* .STRONG.GPU: coherent at the GPU (L2) */
	WT_COP_STRONG_SYS = 9,	/* .STRONG.SYS: coherent at the system */
	WT_COP_NC = 10,		/* .CONSTANT, .CI, .NC: the read-only path */
	WT_COP_WB = 11,		/* .WB: write back */
	WT_COP_WT = 12,		/* .WT: write through */
	WT_COP_MAX = 12
};

#define WT_COP_SHIFT 4
#define WT_COP_MASK 0xf0u
/* The cache operator in flags, and flags with cacheop put in. */
#define WT_FLAGS_COP(flags) (((unsigned)(flags) & WT_COP_MASK) >> WT_COP_SHIFT)
#define WT_COP_FLAGS(cacheop) (((unsigned)(cacheop) << WT_COP_SHIFT) & WT_COP_MASK)

/* Memory space of an access; dumps carry global accesses unless told. */
enum wt_space {
	WT_SPACE_GLOBAL = 0,
	WT_SPACE_LOCAL = 1,
	WT_SPACE_SHARED = 2,
	WT_SPACE_CONST = 3,
	WT_SPACE_TEXTURE = 4,
	WT_SPACE_MAX = 4
};

/*
 * WT_KIND_ACCESS: one access of one thread, in that thread's program order.
 * 24 bytes.
 */
struct wt_access {
	uint64_t addr;		/* byte address */
	uint32_t thread;	/* flat global thread id within the kernel */
	uint32_t pc;		/* PC of the memory instruction, 0 if unknown */
	uint32_t icount;	/* non-memory instructions since the thread's
				   previous access (or its start) */
	uint16_t size;		/* bytes accessed */
	uint8_t op;		/* enum wt_op */
	uint8_t space;		/* enum wt_space */
};

/* Widest warp a warp record can hold; the stream names the warp size. */
#define WT_MAX_LANES 64

/*
 * WT_KIND_WARP: one memory instruction of one warp, as issued on an SM,
 * or (op WT_OP_NONE) the non-memory instructions that end its warp.
 * A stream's record size is 48 + 8 * warp_size bytes: the fixed head below
 * followed by warp_size lane addresses (lane i valid iff bit i of mask).
 */
struct wt_warp {
	uint64_t time;		/* nominal issue cycle */
	uint64_t mask;		/* active lanes */
	uint32_t pc;
	uint32_t cta;		/* flat CTA id within the kernel */
	uint32_t warp;		/* warp id within the kernel */
	uint32_t instr;		/* per-warp record index */
	uint32_t icount;	/* non-memory instructions before this one */
	uint16_t sm;
	uint16_t size;		/* bytes per lane (1 for WT_OP_NONE) */
	uint8_t op;
	uint8_t space;
	uint8_t lanes;		/* number of lane slots that follow */
	uint8_t classes;	/* the chain's slower instructions (format
				   4.2; WT_WARP_CLASS below) */
	uint32_t flags;		/* WT_WARP_LAST, cache operator (bits 4-7),
				   dependences (bits 8-31) */
	uint64_t addr[];	/* lane addresses */
};

/* The warp's last record in its kernel: nothing of the warp follows it.
 * Set by trace-order on every warp's last, and on every WT_OP_NONE record
 * (always its warp's last) by whoever writes one. */
#define WT_WARP_LAST 1u

/*
 * Register dependences and barriers, where the trace carries registers
 * and opcodes (Accel-Sim's traces: trace-gen sets them; 0 elsewhere).
 * A record's instructions are its icount non-memory instructions, then
 * its memory instruction (none for op WT_OP_NONE).  Bit 8 says the
 * record carries the three fields:
 *   dep (bits 10-15): the most recent of the warp's earlier loads (and
 *     atomics with a result) that one of those instructions waits for (it
 *     reads or writes a register the load writes, not written again
 *     since), counted back in the warp's records: 1 the previous
 *     record's, up to 63 (that far or further); 0 none;
 *   at (bits 16-25): how many of those instructions issue before the
 *     first one that waits (0 to icount; 1023 that many or more);
 *   chain (bits 26-31): the longest run of its non-memory instructions,
 *     each reading a register the one before wrote (within the record,
 *     and not written again in between), whose last writes a register
 *     its memory instruction reads (an address, a store's data; again
 *     the last write before it): 0 to 63 (that many or more), at most
 *     icount; 0 for op WT_OP_NONE, or when the memory instruction reads
 *     nothing the record's other instructions wrote.  A memory
 *     instruction counted in icount (one without active lane, a bulk
 *     tensor copy) is in no run: what it writes is a load's.  Of two
 *     runs as long, the one with more SFU, then double, then tensor, then
 *     single-precision instructions (the classes byte below says how
 *     many).  A consumer that knows the machine's latencies (gpusim)
 *     delays the memory instruction by the run's latencies.
 * Bit 9: a CTA barrier (BAR) is among its non-memory instructions: the
 * warp waits, before its memory instruction (or its end), until every
 * warp of its CTA that is not done has come to a barrier.
 * (Consumers: gpusim; the other stages pass them on or ignore them.)
 */
#define WT_WARP_DEPS 0x100u
#define WT_WARP_BARRIER 0x200u
#define WT_WARP_DEP_SHIFT 10
#define WT_WARP_DEP_MASK 0xfc00u
#define WT_WARP_DEP_MAX 63u
#define WT_WARP_AT_SHIFT 16
#define WT_WARP_AT_MASK 0x3ff0000u
#define WT_WARP_AT_MAX 1023u
#define WT_WARP_CHAIN_SHIFT 26
#define WT_WARP_CHAIN_MAX 63u
#define WT_WARP_DEP(flags) (((flags) & WT_WARP_DEP_MASK) >> WT_WARP_DEP_SHIFT)
#define WT_WARP_AT(flags) (((flags) & WT_WARP_AT_MASK) >> WT_WARP_AT_SHIFT)
#define WT_WARP_CHAIN(flags) ((flags) >> WT_WARP_CHAIN_SHIFT)
/* All of bits 8-31, which trace-order passes on as they came.  A stream
 * whose warp records carry them is of format 4.1 (stream.h). */
#define WT_WARP_DEP_BITS 0xffffff00u

/*
 * The classes of instructions, for their latencies (the machine's
 * trace_opcode_latency_initiation_* keys, after Accel-Sim's categories):
 * integer and everything else, single-precision floating point (FP32 and
 * packed FP16 arithmetic), double precision, the special function unit
 * (MUFU) and the tensor cores (the MMA instructions).
 */
enum wt_lat_class {
	WT_LAT_INT = 0,
	WT_LAT_SP = 1,
	WT_LAT_DP = 2,
	WT_LAT_SFU = 3,
	WT_LAT_TENSOR = 4,
	WT_LAT_CLASSES = 5
};

/*
 * The classes byte (format 4.2): how many of the chain's instructions
 * (WT_WARP_CHAIN) are of each class but integer, two bits a class, 0 to 3
 * (3: that many or more; any more count as integer ones): single
 * precision in bits 0-1, double in 2-3, SFU in 4-5, tensor in 6-7.  The
 * chain's other instructions are integer ones.  0 without bit 8 of the
 * flags, and for a chain of integer instructions only; the counts add up
 * to at most the chain.  Streams before 4.2 have 0 there (the byte was
 * the high byte of a 16-bit lane count).
 */
#define WT_WARP_CLASS_MAX 3u
#define WT_WARP_CLASS(classes, c) \
	(((unsigned)(classes) >> (2 * ((c) - 1))) & WT_WARP_CLASS_MAX)
#define WT_WARP_CLASS_BYTE(c, n) ((unsigned)(n) << (2 * ((c) - 1)))

/*
 * WT_KIND_REQUEST: one memory request (line or sector group) made by a
 * warp instruction after coalescing.  56 bytes.
 */
struct wt_request {
	uint64_t time;
	uint64_t addr;		/* line-aligned address */
	uint64_t lanes;		/* threads this request serves */
	uint32_t pc;
	uint32_t cta;
	uint32_t warp;
	uint32_t instr;
	uint16_t sm;
	uint16_t bytes;		/* bytes actually used by the threads */
	uint8_t index;		/* this request's index within the instruction */
	uint8_t count;		/* requests the instruction made */
	uint8_t op;
	uint8_t sectors;	/* sector mask, bit i = sector i of the line */
	uint8_t space;		/* enum wt_space */
	uint8_t flags;		/* WT_REQ_WARP_LAST, cache operator (bits 4-7) */
	uint16_t reserved16;	/* zero */
	uint32_t icount;	/* instructions before the instruction that
				   make no request: its warp record's icount,
				   and the instructions coalesce kept from the
				   caches since the warp's previous request */
};

/* A request of its warp's last record (the warp record's WT_WARP_LAST,
 * carried by coalesce); with index == count - 1, the last request of its
 * warp.  Every WT_OP_NONE request has it. */
#define WT_REQ_WARP_LAST 1u

/* What a cache did with a request (WT_KIND_EVENT). */
enum wt_event_type {
	WT_EV_HIT = 0,
	WT_EV_MISS = 1,
	WT_EV_BYPASS = 2,	/* sent on without a lookup */
	WT_EV_WRITE_THROUGH = 3,
	WT_EV_WRITE_BACK = 4,	/* dirty eviction */
	WT_EV_MAX = 4
};

/* Miss classes (Nugteren et al., HPCA 2014). */
enum wt_miss_class {
	WT_MISS_NONE = 0,
	WT_MISS_COMPULSORY = 1,
	WT_MISS_CAPACITY = 2,
	WT_MISS_ASSOCIATIVITY = 3,
	WT_MISS_MSHR = 4,
	WT_MISS_LATENCY = 5,
	WT_MISS_MAX = 5
};

/*
 * WT_KIND_EVENT: one outcome at one cache level; the misses, bypasses and
 * write traffic of a level are the requests of the next.  48 bytes.
 */
struct wt_event {
	uint64_t time;		/* cycle the request left this level */
	uint64_t addr;		/* line-aligned address */
	uint32_t pc;
	uint32_t cta;
	uint32_t warp;
	uint32_t instr;
	uint32_t latency;	/* cycles spent at this level */
	uint16_t sm;
	uint16_t bytes;
	uint8_t type;		/* enum wt_event_type */
	uint8_t op;
	uint8_t sectors;
	uint8_t miss_class;	/* enum wt_miss_class */
	uint8_t level;		/* 1 = L1, 2 = L2 */
	uint8_t space;		/* enum wt_space */
	uint16_t partition;	/* L2 partition / DRAM channel, if known */
};

_Static_assert(sizeof(struct wt_access) == 24, "access record size");
_Static_assert(sizeof(struct wt_warp) == 48, "warp record head size");
_Static_assert(sizeof(struct wt_request) == 56, "request record size");
_Static_assert(sizeof(struct wt_event) == 48, "event record size");

/* Record size of a kind; warp records depend on the warp size (lanes). */
unsigned wt_record_size(enum wt_kind kind, unsigned lanes);
const char *wt_kind_name(enum wt_kind kind);
int wt_kind_parse(const char *name);	/* -1 if unknown */
const char *wt_op_name(unsigned op);	/* "none" for WT_OP_NONE */
const char *wt_space_name(unsigned space);
/* "int", "sp", "dp", "sfu", "tensor" (enum wt_lat_class) */
const char *wt_lat_class_name(unsigned cls);
/* "default", "ca", "cg", ... "strong.gpu", "nc", "wb", "wt"; and back
 * (any case), -1 if unknown. */
const char *wt_cacheop_name(unsigned cacheop);
int wt_cacheop_parse(const char *name);
const char *wt_event_name(unsigned type);
/* A plural key for counts of an event type: "misses", "write_backs". */
const char *wt_event_plural(unsigned type);
const char *wt_miss_class_name(unsigned cls);

/*
 * Check one record's fields for values its kind allows (warptrace-stream(5),
 * Valid values).  Returns 0, or -1 with a reason in why: the field, its
 * value and what was expected.  The stream reader checks every record it
 * returns this way unless told not to (wt_reader_check_records).
 */
int wt_record_check(enum wt_kind kind, unsigned lanes, const void *rec,
		    char *why, size_t whylen);
/* The same for count records one after another at recs: the index of the
 * first one outside its values, with the reason in why, or count.  newer:
 * the stream is of a later minor version than this library's, whose flag
 * bits this one does not know; they are let through (warptrace-stream(5),
 * VERSIONING). */
size_t wt_records_check(enum wt_kind kind, unsigned lanes, int newer,
			const void *recs, size_t count, char *why, size_t whylen);

#endif
