/* emu.h - shared declarations of the trace-emu kernel emulator. */
#ifndef EMU_H
#define EMU_H

#include <stddef.h>
#include <stdint.h>

/* ---- deterministic PRNG (rng.c) ---- */
struct rng {
	uint64_t s;
};
void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* uniform integer in [0, n), n > 0 */
uint32_t rng_below(struct rng *r, uint32_t n);
/* uniform float in [0, 1) */
float rng_unit(struct rng *r);

/* ---- simulated cudaMalloc (alloc.c) ---- */
#define ALLOC_MAX 16
struct alloc {
	uint64_t base;         /* first allocation address */
	uint64_t next;         /* first free byte */
	int count;
	uint64_t start[ALLOC_MAX];
	uint64_t size[ALLOC_MAX];
};
void alloc_init(struct alloc *a, uint64_t base);
/* returns the device address of a new allocation of `bytes` bytes */
uint64_t dmalloc(struct alloc *a, uint64_t bytes);
/* 1 if [addr, addr+size) lies inside one allocation */
int alloc_contains(const struct alloc *a, uint64_t addr, unsigned size);

/* ---- options ---- */
enum order { ORDER_THREAD, ORDER_INTERLEAVED };

struct params {
	long n, m, height, width, stride, iters;
	uint64_t seed;
	int block_set;         /* number of --block components given, 0 if none */
	unsigned block[3];
	enum order order;
	uint64_t base;
	int verify;
};

struct dump;

struct emu {
	struct params p;
	struct dump *d;
	struct alloc al;
};

/* option bits: which options a kernel reads */
enum {
	OPT_N = 1 << 0,
	OPT_M = 1 << 1,
	OPT_HEIGHT = 1 << 2,
	OPT_WIDTH = 1 << 3,
	OPT_STRIDE = 1 << 4,
	OPT_ITERS = 1 << 5,
	OPT_SEED = 1 << 6,
	OPT_BLOCK1 = 1 << 7,   /* --block=X */
	OPT_BLOCK2 = 1 << 8,   /* --block=X,Y */
	OPT_VERIFY = 1 << 9
};

struct kernel_desc {
	const char *name;
	const char *desc;
	unsigned opts;
	long def_n, def_m, def_height, def_width, def_stride, def_iters;
	/* accepted ranges of --n and --m */
	long min_n, max_n, min_m, max_m;
	int (*run)(struct emu *e);  /* returns 0, or 1 on verify mismatch */
};

/* kernels; each returns 0 or 1 (verify mismatch) */
int run_vectoradd(struct emu *e);
int run_syrk(struct emu *e);
int run_gemm(struct emu *e);
int run_gesummv(struct emu *e);
int run_atax(struct emu *e);
int run_mvt(struct emu *e);
int run_conv2d(struct emu *e);
int run_conv3d(struct emu *e);
int run_bfs(struct emu *e);
int run_spmv(struct emu *e);
int run_kmeans(struct emu *e);
int run_hotspot(struct emu *e);
int run_nw(struct emu *e);
int run_mshr(struct emu *e);
int run_stride(struct emu *e);

/* helpers (main.c) */
#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NORETURN
#define PRINTF(a, b)
#endif
/* prints "trace-emu: ..." and exits 2 */
NORETURN PRINTF(1, 2) void usage_error(const char *fmt, ...);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
unsigned ceil_div(unsigned long a, unsigned long b);
/* CTA shape: the --block override if given, else (dx, dy, 1) */
void block_shape(const struct emu *e, unsigned dx, unsigned dy, unsigned b[3]);
/* PC of the static instruction with index i (16-byte SASS encoding) */
#define PC(i) ((unsigned)(i) * 16u)
/* prints "verify: ok" or "verify: MISMATCH (what)" to stderr; returns 0/1 */
int verify_report(int ok, const char *what);

#endif
