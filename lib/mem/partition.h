/*
 * partition.h - which L2 slice a byte address belongs to, and the
 * partition address: the address with the slice's digits taken out, which
 * is what a slice indexes its sets and banks by (l2sim --map).
 *
 * With N memory partitions, G the interleave in bytes, A the byte address,
 * q = A / G (the chunk number) and r = A mod G:
 *
 *   linear      p = q mod N; local = (q / N) * G + r.  Any N, any G: with
 *               N = 6 the chunks go 0 1 2 3 4 5 0 1 ... and each partition
 *               sees its chunks packed one after the other.
 *   xor         N a power of two, k = log2 N: p is the XOR of the k-bit
 *               digits of q, lowest first (q mod N, (q >> k) mod N,
 *               (q >> 2k) mod N, ... up to address bit 63), so higher
 *               address bits fold into the partition bits; local is as
 *               for linear (the low k bits of q removed).  A bijection.
 *   ipolyP      N a power of two: p = q mod P(x) over GF(2), P of degree
 *               k (cacheindex.h: "ipoly" takes wt_ipoly_default(k));
 *               local as for linear.  A bijection as well.
 *   [dramid@B;]MASK
 *               a GPGPU-Sim address mapping (gpgpu_mem_addr_mapping),
 *               decoded exactly as GPGPU-Sim's addrdec.cc does (addrdec.h):
 *               N channels (gpgpu_n_mem, any N with dramid@B), K
 *               sub-partitions each (gpgpu_n_sub_partition_per_mchannel),
 *               so N * K slices, slice = channel * K + sub-partition; the
 *               partition indexing of gpgpu_memory_partition_indexing;
 *               local = GPGPU-Sim's partition_address, on which its L2
 *               computes the set (l2_cache_config::set_index).  Without
 *               D letters and with K = 1 and consecutive indexing, this is
 *               linear with G = 2^B; R, C and S letters do not matter to
 *               the L2, the lowest log2 K B letters choose the slice.
 *
 * N = 1 and K = 1 map everything to slice 0 with local = A.  The other
 * mappings have one slice per partition (K = 1) and no partition
 * indexing of their own.
 */
#ifndef WT_PARTITION_H
#define WT_PARTITION_H

#include <stddef.h>
#include <stdint.h>

#include "addrdec.h"
#include "cacheindex.h"

#define WT_MAX_PARTITIONS 1024u	/* slices, all sub-partitions counted */

enum wt_pmap_kind {
	WT_PMAP_LINEAR,
	WT_PMAP_XOR,
	WT_PMAP_IPOLY,
	WT_PMAP_GPGPUSIM,	/* a GPGPU-Sim mapping string */
};

struct wt_pmap_opts {
	unsigned partitions;	/* memory partitions (channels) */
	unsigned sub;		/* slices per partition (0 is 1) */
	uint64_t interleave;	/* G, bytes: linear, xor and ipoly */
	enum wt_pidx indexing;	/* GPGPU-Sim mappings only */
};

struct wt_pmap {
	enum wt_pmap_kind kind;
	unsigned n;		/* memory partitions */
	unsigned sub;		/* slices per partition */
	unsigned slices;	/* n * sub */
	uint64_t interleave;	/* G, bytes (GPGPU-Sim: 2^B of dramid@B) */
	unsigned gbits;		/* log2 G when G is a power of two */
	unsigned kbits;		/* log2 N when N is a power of two */
	struct wt_index ix;	/* ipoly: the reduction, on chunk numbers */
	struct wt_addrdec ad;	/* GPGPU-Sim: the decoder */
	char name[192];		/* canonical: "linear,interleave=256" */
};

/*
 * Parse --map=SPEC for the partitions, sub-partitions, interleave and
 * partition indexing of o.  Returns 0, or -1 with a one-line reason in
 * err, e.g. "--map=xor: needs a power-of-two number of partitions and
 * interleave (have 6 and 256)".  m->name is the canonical form; a
 * GPGPU-Sim mapping's adds ",sub-partitions=K" and ",indexing=NAME" where
 * they are not 1 and consecutive.  wt_pmap_free releases it.
 */
int wt_pmap_setup(const char *spec, const struct wt_pmap_opts *o,
		  struct wt_pmap *m, char *err, size_t errlen);

/* wt_pmap_setup with n partitions of one slice each and consecutive
 * indexing. */
int wt_pmap_parse(const char *spec, unsigned n, uint64_t interleave,
		  struct wt_pmap *m, char *err, size_t errlen);

/* Whether a line of `line` bytes always lies in one slice, whole; -1 with
 * a reason if not. */
int wt_pmap_check_line(const struct wt_pmap *m, unsigned line, char *err,
		       size_t errlen);

/* The slice (0 .. slices - 1) of byte address addr: the memory partition
 * is slice / sub.  The random indexing draws on the first sight of an
 * address's chunk, so call this in the order of the stream, on one
 * thread. */
unsigned wt_pmap_partition(const struct wt_pmap *m, uint64_t addr);

/* The partition address of addr (its slice's digits removed). */
uint64_t wt_pmap_local(const struct wt_pmap *m, uint64_t addr);

/* wt_pmap_partition and, in *local, wt_pmap_local: GPGPU-Sim's mapping
 * decodes the address once for both. */
unsigned wt_pmap_place(const struct wt_pmap *m, uint64_t addr, uint64_t *local);

/*
 * wt_pmap_place's answers for the addresses placed last, kept by their
 * bits from wt_addrdec_low_bit up, direct-mapped: GPGPU-Sim's mapping
 * costs about a hundred instructions an address to decode, and the L2's
 * requests come a few lines at a time.  The bits under the low bit leave
 * the slice alone and pass into the partition address unchanged, so an
 * address's answer is its chunk's.  Other mappings are not kept (low 0).
 */
enum { WT_PMAP_MEMO_SLOTS = 1024 };

struct wt_pmap_memo {
	unsigned low;				/* 0: nothing kept */
	uint64_t chunk[WT_PMAP_MEMO_SLOTS];	/* addr >> low; UINT64_MAX:
						   none (no chunk is, with
						   low above 0) */
	uint64_t local[WT_PMAP_MEMO_SLOTS];	/* of the chunk's address */
	uint32_t slice[WT_PMAP_MEMO_SLOTS];
};

/* A memo for m, empty; wt_pmap_memo_place then answers as wt_pmap_place
 * (the random indexing's draws included: a chunk kept has been drawn). */
void wt_pmap_memo_init(struct wt_pmap_memo *memo, const struct wt_pmap *m);
unsigned wt_pmap_memo_place(struct wt_pmap_memo *memo, const struct wt_pmap *m,
			    uint64_t addr, uint64_t *local);

void wt_pmap_free(struct wt_pmap *m);

#endif
