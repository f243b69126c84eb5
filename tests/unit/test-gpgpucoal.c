/*
 * test-gpgpucoal.c - the gpgpusim rules of lib/mem/gpgpucoal.c: GPGPU-Sim's
 * coalescer, on warps whose requests are worked out by hand below (each
 * arch class, each access size, partial warps and warp parts, accesses
 * across segments and lines, atomics, local accesses split in 4-byte
 * chunks), and on random warps against a slow, obvious reference written
 * from coalesce(1), RULES.
 *
 * Every hand-worked answer here was also checked against GPGPU-Sim's
 * own functions (warp_inst_t::memory_coalescing_arch,
 * memory_coalescing_arch_atomic, memory_coalescing_arch_reduce_and_send
 * of abstract_hardware_model.cc, Accel-Sim 73f9fac), compiled apart
 * outside the repository with stand-ins for the simulator around them,
 * which agreed with wt_coalesce on 1000000 random warps; where warptrace
 * chooses otherwise (warp parts that do not divide the warp, more parts
 * than lanes, a lane at address 0) the comment says so.
 */
#include "coalesce.h"
#include "cstream.h"
#include "rnd.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#define B 0x10000ULL		/* a 128-byte aligned base address */
#define ALL32 0xffffffffULL

static uint64_t wbuf[(sizeof(struct wt_warp) + 8 * WT_MAX_LANES) / 8];
static struct wt_warp *const W = (struct wt_warp *)wbuf;
static struct wt_request R[WT_COALESCE_MAX_REQUESTS];
static size_t N;
static struct wt_coalesce_cfg C;

/* GPGPU-Sim's settings: coalescing arch, skip-L1, warp parts. */
static void gpgpusim(unsigned arch, int skip, unsigned parts)
{
	wt_coalesce_cfg_init(&C);
	C.rules = WT_COALESCE_GPGPUSIM;
	C.coalesce_arch = arch;
	C.skip_l1 = skip;
	C.warp_parts = parts;
}

/* A warp instruction of lanes lanes, size bytes each, lanes in mask, lane
 * i at base + stride * i. */
static void warp(unsigned lanes, unsigned size, uint64_t mask, uint64_t base,
		 int64_t stride)
{
	memset(wbuf, 0, sizeof(wbuf));
	W->time = 1000;
	W->mask = mask;
	W->pc = 0x48;
	W->cta = 2;
	W->warp = 5;
	W->instr = 7;
	W->icount = 3;
	W->sm = 4;
	W->size = (uint16_t)size;
	W->op = WT_OP_LOAD;
	W->space = WT_SPACE_GLOBAL;
	W->lanes = (uint16_t)lanes;
	for (unsigned i = 0; i < lanes; i++)
		W->addr[i] = base + (uint64_t)(stride * (int64_t)i);
}

static size_t run(void)
{
	char why[256];

	if (wt_coalesce_valid(&C, W, why, sizeof(why)) < 0)
		printf("# invalid warp: %s\n", why);
	memset(R, 0xa5, sizeof(R));
	return N = wt_coalesce(&C, W, R);
}

/* A request as a test wants it. */
struct want {
	uint64_t addr;
	unsigned sectors;
	uint64_t lanes;
	unsigned bytes;
};

/* The last run made exactly the n requests of w[], in order. */
static void expect(const char *name, size_t n, const struct want *w)
{
	int good = N == n;

	for (size_t i = 0; good && i < n; i++) {
		const struct wt_request *r = &R[i];

		good = r->addr == w[i].addr && r->sectors == w[i].sectors &&
		       r->lanes == w[i].lanes && r->bytes == w[i].bytes &&
		       r->index == i && r->count == n;
		if (!good)
			printf("#   request %zu: got addr 0x%llx sectors 0x%x "
			       "lanes 0x%llx bytes %u\n#   want addr 0x%llx "
			       "sectors 0x%x lanes 0x%llx bytes %u\n", i,
			       (unsigned long long)r->addr, r->sectors,
			       (unsigned long long)r->lanes, r->bytes,
			       (unsigned long long)w[i].addr, w[i].sectors,
			       (unsigned long long)w[i].lanes, w[i].bytes);
	}
	if (N != n)
		printf("#   got %zu requests, want %zu\n", N, n);
	ok(good, "%s", name);
}

#define EXPECT(name, ...) do { \
	static const struct want w_[] = { __VA_ARGS__ }; \
	expect(name, sizeof(w_) / sizeof(w_[0]), w_); \
} while (0)

/* Four 32-byte requests, one per sector of line, the lanes of each
 * those of the one before shifted by k. */
#define FOUR_SECTORS(line, lanes0, k, bytes) \
	{ line, 0x1, lanes0, bytes }, \
	{ line, 0x2, (uint64_t)(lanes0) << (k), bytes }, \
	{ line, 0x4, (uint64_t)(lanes0) << 2 * (k), bytes }, \
	{ line, 0x8, (uint64_t)(lanes0) << 3 * (k), bytes }

/* The four arch classes on 32 consecutive words, one line. */
static void test_arch_classes(void)
{
	static const struct {
		unsigned arch;
		int skip;
		const char *name;
		int sectors;	/* four 32-byte segments, else one 128 */
	} c[] = {
		{ 13, 0, "arch 13 (GT200): one 128-byte segment", 0 },
		{ 19, 1, "arch 19, skip-L1: GT200, skipping no matter", 0 },
		{ 20, 0, "arch 20 (Fermi) through the L1: one 128-byte segment", 0 },
		{ 35, 0, "arch 35 (Kepler) through the L1: one 128-byte segment", 0 },
		{ 38, 0, "arch 38, the last of the Fermi-Kepler class", 0 },
		{ 20, 1, "arch 20 skipping the L1: four 32-byte segments", 1 },
		{ 39, 1, "arch 39: GT200's rules (GPGPU-Sim tests arch < 39)", 0 },
		{ 40, 0, "arch 40 (Maxwell on): four 32-byte segments", 1 },
		{ 70, 0, "arch 70 (Volta): four 32-byte segments", 1 },
		{ 1000, 1, "arch 1000: four 32-byte segments", 1 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		gpgpusim(c[i].arch, c[i].skip, 1);
		warp(32, 4, ALL32, B, 4);
		run();
		if (c[i].sectors)
			EXPECT(c[i].name, FOUR_SECTORS(B, 0xff, 8, 32));
		else
			EXPECT(c[i].name, { B, 0xf, ALL32, 128 });
	}
}

/* Each access size under GT200's segments (arch 13) and 32-byte ones. */
static void test_sizes(void)
{
	/* 1 byte: 32-byte segments whatever the arch */
	gpgpusim(13, 0, 1);
	warp(32, 1, ALL32, B, 1);
	run();
	EXPECT("1 byte, consecutive, arch 13: one 32-byte segment",
	       { B, 0x1, ALL32, 32 });
	warp(32, 1, ALL32, B, 4);
	run();
	EXPECT("1 byte every 4, arch 13: four 32-byte segments (a 1-byte load "
	       "makes one access a segment)", FOUR_SECTORS(B, 0xff, 8, 8));

	/* 2 bytes: 64-byte segments under GT200's rules */
	warp(32, 2, ALL32, B, 2);
	run();
	EXPECT("2 bytes, consecutive, arch 13: one 64-byte segment, both halves",
	       { B, 0x3, ALL32, 64 });
	warp(16, 2, 0xffff, B + 32, 2);
	run();
	EXPECT("2 bytes, 16 lanes in the upper half of a 64-byte segment: "
	       "reduced to its 32", { B, 0x2, 0xffff, 32 });
	warp(16, 2, 0xffff, B + 64, 2);
	run();
	EXPECT("2 bytes, 16 lanes in the line's upper 64-byte segment, its "
	       "lower half: 32 bytes at 64", { B, 0x4, 0xffff, 32 });
	gpgpusim(70, 0, 1);
	warp(32, 2, ALL32, B, 2);
	run();
	EXPECT("2 bytes, consecutive, arch 70: two 32-byte segments",
	       { B, 0x1, 0xffff, 32 }, { B, 0x2, 0xffff0000, 32 });

	/* 8 bytes: two lines */
	gpgpusim(13, 0, 1);
	warp(32, 8, ALL32, B, 8);
	run();
	EXPECT("8 bytes, consecutive, arch 13: two 128-byte segments",
	       { B, 0xf, 0xffff, 128 }, { B + 128, 0xf, 0xffff0000, 128 });
	warp(32, 8, 0xf, B, 8);
	run();
	EXPECT("8 bytes, lanes 0-3, arch 13: 128 reduced to 64, then to 32",
	       { B, 0x1, 0xf, 32 });
	warp(32, 8, 0xf000, B, 8);
	run();
	EXPECT("8 bytes, lanes 12-15, arch 13: the upper half's upper quarter",
	       { B, 0x8, 0xf000, 32 });
	warp(32, 8, 0xf00f, B, 8);
	run();
	EXPECT("8 bytes, lanes 0-3 and 12-15, arch 13: both halves used, "
	       "the 128 bytes stay", { B, 0xf, 0xf00f, 64 });
	warp(32, 8, 0xff, B, 8);
	run();
	EXPECT("8 bytes, lanes 0-7, arch 13: the lower 64 bytes",
	       { B, 0x3, 0xff, 64 });
	gpgpusim(70, 0, 1);
	warp(32, 8, ALL32, B, 8);
	run();
	EXPECT("8 bytes, consecutive, arch 70: eight 32-byte segments",
	       FOUR_SECTORS(B, 0xf, 4, 32),
	       FOUR_SECTORS(B + 128, 0xf0000, 4, 32));

	/* 16 bytes: four lines */
	gpgpusim(20, 0, 1);
	warp(32, 16, ALL32, B, 16);
	run();
	EXPECT("16 bytes, consecutive, arch 20: four 128-byte segments",
	       { B, 0xf, 0xff, 128 }, { B + 128, 0xf, 0xff00, 128 },
	       { B + 256, 0xf, 0xff0000, 128 }, { B + 384, 0xf, 0xff000000, 128 });
	gpgpusim(86, 0, 1);
	warp(32, 16, ALL32, B, 16);
	is_u64(run(), 16, "16 bytes, consecutive, arch 86: sixteen 32-byte "
	       "segments");
	ok(R[5].addr == B + 128 && R[5].sectors == 0x2 && R[5].lanes == 0xc00 &&
	   R[5].bytes == 32, "... the sixth: line 1, sector 1, lanes 10-11");
}

/* The cache operator that makes 32-byte segments under arch 20 to 38. */
static void test_cache_global(void)
{
	gpgpusim(20, 0, 1);
	warp(32, 16, ALL32, B, 16);
	W->flags = WT_COP_FLAGS(WT_COP_STRONG_GPU);
	is_u64(run(), 16, "arch 20, a .STRONG.GPU load (CACHE_GLOBAL): 16 "
	       "32-byte segments");
	W->op = WT_OP_STORE;
	is_u64(run(), 4, "arch 20, a .STRONG.GPU store (Accel-Sim gives "
	       "stores CACHE_ALL): 4 128-byte segments");
	W->op = WT_OP_LOAD;
	W->flags = WT_COP_FLAGS(WT_COP_CG);
	is_u64(run(), 4, "arch 20, a .CG load (not CACHE_GLOBAL in Accel-Sim's "
	       "trace mode): 4 128-byte segments");
	gpgpusim(13, 0, 1);
	W->flags = WT_COP_FLAGS(WT_COP_STRONG_GPU);
	is_u64(run(), 4, "arch 13, a .STRONG.GPU load: GT200's segments");
}

/* Partial warps, warp parts, and the order of the requests. */
static void test_parts(void)
{
	gpgpusim(70, 0, 1);
	warp(32, 4, 0x5, B, 4);
	run();
	EXPECT("lanes 0 and 2: one segment, their 8 bytes", { B, 0x1, 0x5, 8 });
	warp(32, 4, 0, B, 4);
	is_u64(run(), 0, "no active lane: no request");
	warp(16, 4, 0xffff, B, 4);
	run();
	EXPECT("a 16-lane warp", { B, 0x1, 0xff, 32 }, { B, 0x2, 0xff00, 32 });

	gpgpusim(13, 0, 2);
	warp(32, 4, ALL32, B, 4);
	run();
	EXPECT("arch 13, 2 parts: each half-warp its 64 bytes of the line",
	       { B, 0x3, 0xffff, 64 }, { B, 0xc, 0xffff0000, 64 });
	gpgpusim(70, 0, 2);
	warp(32, 4, ALL32, B, 0);
	run();
	EXPECT("2 parts on one word: a request each", { B, 0x1, 0xffff, 4 },
	       { B, 0x1, 0xffff0000, 4 });
	warp(32, 4, ALL32, B + 124, -4);
	run();
	EXPECT("2 parts, descending lanes: each part in ascending segments, "
	       "the parts in lane order",
	       { B, 0x4, 0xff00, 32 }, { B, 0x8, 0xff, 32 },
	       { B, 0x1, 0xff000000, 32 }, { B, 0x2, 0xff0000, 32 });
	gpgpusim(70, 0, 1);
	run();
	EXPECT("1 part, descending lanes: ascending segments",
	       { B, 0x1, 0xff000000, 32 }, { B, 0x2, 0xff0000, 32 },
	       { B, 0x4, 0xff00, 32 }, { B, 0x8, 0xff, 32 });
	/* GPGPU-Sim's parts are warp / parts lanes each, and it leaves the
	 * lanes past parts x that out (30 and 31 here); warptrace's last
	 * part takes them, as its shared-memory parts do. */
	gpgpusim(70, 0, 3);
	warp(32, 4, ALL32, B, 0);
	run();
	EXPECT("3 parts of a 32-lane warp: 10, 10 and the last 12 lanes "
	       "(a warptrace choice)", { B, 0x1, 0x3ff, 4 },
	       { B, 0x1, 0xffc00, 4 }, { B, 0x1, 0xfff00000, 4 });
	/* GPGPU-Sim's parts would have 0 lanes, and make no request */
	gpgpusim(70, 0, 64);
	warp(4, 4, 0xf, B, 0);
	is_u64(run(), 4, "more parts than lanes: a part a lane (a warptrace "
	       "choice)");
}

/* Accesses across a segment, or a line. */
static void test_across(void)
{
	gpgpusim(70, 0, 1);
	warp(32, 8, 0x1, B + 28, 0);
	run();
	EXPECT("8 bytes at 28, arch 70: in both 32-byte segments",
	       { B, 0x1, 0x1, 4 }, { B, 0x2, 0x1, 4 });
	warp(32, 16, 0x1, B + 120, 0);
	run();
	EXPECT("16 bytes at 120, arch 70: across the line",
	       { B, 0x8, 0x1, 8 }, { B + 128, 0x1, 0x1, 8 });
	gpgpusim(13, 0, 1);
	warp(32, 8, 0x1, B + 124, 0);
	run();
	EXPECT("8 bytes at 124, arch 13: across 128-byte segments, each "
	       "reduced to 32", { B, 0x8, 0x1, 4 }, { B + 128, 0x1, 0x1, 4 });
	/* GPGPU-Sim takes only the chunk of an access's first byte within
	 * its segment: the lane's bytes 32 to 35 fall in no request. */
	warp(32, 8, 0x1, B + 28, 0);
	run();
	EXPECT("8 bytes at 28, arch 13: within the 128-byte segment, reduced "
	       "to the first byte's 32 (as GPGPU-Sim)", { B, 0x1, 0x1, 4 });
	gpgpusim(70, 0, 1);
	warp(32, 4, 0x1, UINT64_MAX - 3, 0);
	run();
	EXPECT("the last 4 bytes of memory", { UINT64_MAX - 127, 0x8, 0x1, 4 });
	/* GPGPU-Sim takes address 0 for no address and makes no access of
	 * it; no GPU address is 0, and warptrace's dumps may have one. */
	warp(32, 4, 0x3, 0, 4);
	run();
	EXPECT("a lane at address 0 makes its request (a warptrace choice)",
	       { 0, 0x1, 0x3, 8 });
}

/* Atomics: GPGPU-Sim's own path, a transaction per colliding lane. */
static void test_atomics(void)
{
	char why[256];

	gpgpusim(70, 0, 1);
	warp(32, 4, ALL32, B, 0);
	W->op = WT_OP_ATOMIC;
	is_u64(run(), 32, "32 atomics on one word: 32 requests");
	ok(R[0].lanes == 0x1 && R[31].lanes == 1ULL << 31 && R[7].addr == B &&
	   R[7].sectors == 0x1 && R[7].bytes == 4,
	   "... one a lane, in lane order, each its 4 bytes of sector 0");
	warp(32, 4, ALL32, B, 0);
	W->op = WT_OP_ATOMIC;
	for (unsigned i = 0; i < 32; i++)
		W->addr[i] = B + 4 * (i / 2);
	run();
	EXPECT("atomics two a word: a transaction for the even lanes and one "
	       "for the odd, in each segment",
	       { B, 0x1, 0x5555, 32 }, { B, 0x1, 0xaaaa, 32 },
	       { B, 0x2, 0x55550000, 32 }, { B, 0x2, 0xaaaa0000, 32 });
	warp(32, 4, ALL32, B, 4);
	W->op = WT_OP_ATOMIC;
	run();
	EXPECT("atomics on consecutive words, arch 70: as loads",
	       FOUR_SECTORS(B, 0xff, 8, 32));
	gpgpusim(20, 0, 1);
	run();
	EXPECT("atomics, arch 20 through the L1: CACHE_GLOBAL, 32-byte segments",
	       FOUR_SECTORS(B, 0xff, 8, 32));
	gpgpusim(13, 0, 1);
	run();
	EXPECT("atomics, arch 13: a 128-byte segment", { B, 0xf, ALL32, 128 });
	gpgpusim(70, 0, 1);
	warp(32, 8, 0x1, B + 28, 0);
	W->op = WT_OP_ATOMIC;
	ok(wt_coalesce_valid(&C, W, why, sizeof(why)) < 0 &&
	   strstr(why, "lane 0: atomic access of 8 bytes at 0x1001c crosses a "
		  "32-byte segment"), "an atomic across segments is refused "
	   "(GPGPU-Sim asserts)");
	is_u64(wt_coalesce(&C, W, R), 0, "... and makes no request");
	W->op = WT_OP_LOAD;
	ok(wt_coalesce_valid(&C, W, why, sizeof(why)) == 0,
	   "... a load there is fine");
}

/* Local accesses of 4 bytes and more: GPGPU-Sim's 4-byte chunks. */
static void test_local(void)
{
	gpgpusim(70, 0, 1);
	warp(32, 8, ALL32, B, 8);
	W->space = WT_SPACE_LOCAL;
	run();
	EXPECT("local 8 bytes, consecutive, arch 70: as global",
	       FOUR_SECTORS(B, 0xf, 4, 32),
	       FOUR_SECTORS(B + 128, 0xf0000, 4, 32));
	gpgpusim(13, 0, 1);
	warp(32, 8, 0x1, B + 28, 0);
	W->space = WT_SPACE_LOCAL;
	run();
	EXPECT("local 8 bytes at 28, arch 13: chunks in sectors 0 and 1, "
	       "reduced to 64", { B, 0x3, 0x1, 8 });
	W->space = WT_SPACE_GLOBAL;
	run();
	EXPECT("... global: the first byte's sector only", { B, 0x1, 0x1, 4 });
	warp(32, 16, ALL32, B, 16);
	W->space = WT_SPACE_LOCAL;
	run();
	EXPECT("local 16 bytes, consecutive, arch 13: four lines",
	       { B, 0xf, 0xff, 128 }, { B + 128, 0xf, 0xff00, 128 },
	       { B + 256, 0xf, 0xff0000, 128 }, { B + 384, 0xf, 0xff000000, 128 });
	gpgpusim(70, 0, 1);
	warp(32, 16, 0x1, B + 26, 0);
	W->space = WT_SPACE_LOCAL;
	run();
	EXPECT("local 16 bytes at 26, arch 70: chunks at 26, 30, 34, 38",
	       { B, 0x1, 0x1, 6 }, { B, 0x2, 0x1, 10 });
	warp(32, 2, 0x1, B + 31, 0);
	W->space = WT_SPACE_LOCAL;
	run();
	EXPECT("local 2 bytes (not split) across a segment",
	       { B, 0x1, 0x1, 1 }, { B, 0x2, 0x1, 1 });
}

static void test_config(void)
{
	struct wt_coalesce_cfg cfg;
	char why[256];

	wt_coalesce_cfg_init(&cfg);
	ok(cfg.coalesce_arch == 13 && !cfg.skip_l1 && cfg.warp_parts == 2,
	   "defaults: GPGPU-Sim's own, arch 13, the L1, 2 parts");
	cfg.rules = WT_COALESCE_GPGPUSIM;
	ok(wt_coalesce_cfg_check(&cfg) == NULL, "gpgpusim, 128-byte lines of "
	   "32-byte sectors: usable");
	is_str(wt_coalesce_rules_name(WT_COALESCE_GPGPUSIM), "gpgpusim", "name");
	ok(wt_coalesce_rules_parse("gpgpusim") == WT_COALESCE_GPGPUSIM &&
	   wt_coalesce_rules_parse("GPGPUSim") < 0, "parse");
	cfg.line = 64;
	ok(wt_coalesce_cfg_check(&cfg) != NULL &&
	   strstr(wt_coalesce_cfg_check(&cfg), "in 128-byte lines of 32-byte "
		  "sectors"), "64-byte lines refused");
	cfg.line = 128;
	cfg.sector = 16;
	ok(wt_coalesce_cfg_check(&cfg) != NULL, "16-byte sectors refused");
	cfg.sector = 32;
	cfg.coalesce_arch = 12;
	ok(wt_coalesce_cfg_check(&cfg) != NULL &&
	   strstr(wt_coalesce_cfg_check(&cfg), "coalescing arch 12: expected 13"),
	   "arch 12 refused (GPGPU-Sim aborts)");
	cfg.coalesce_arch = 70;
	cfg.warp_parts = 0;
	ok(wt_coalesce_cfg_check(&cfg) != NULL, "0 warp parts refused");
	cfg.warp_parts = 1;
	warp(32, 32, ALL32, B, 32);
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) < 0 &&
	   strstr(why, "access size 32: the gpgpusim rules take 1 to 16 bytes"),
	   "32-byte accesses refused");
	is_u64(wt_coalesce(&cfg, W, R), 0, "... no request");
	W->space = WT_SPACE_SHARED;
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) == 0,
	   "... but a shared one passes (it makes no request)");
	is_u64(wt_coalesce_group_lanes(&cfg, 32, 4), 32, "1 part: the warp");
	cfg.warp_parts = 2;
	is_u64(wt_coalesce_group_lanes(&cfg, 32, 4), 16, "2 parts: 16 lanes");
	cfg.sector = 32;
	W->space = WT_SPACE_GLOBAL;
	W->size = 4;
	is_u64(wt_coalesce_request_bytes(&cfg, &(struct wt_request){
		.sectors = 0x3 }), 64, "a request of two sectors moves 64 bytes");
}

/* The requests carry the instruction's fields, and go through a stream. */
static void test_stream(void)
{
	struct wt_shmem_cfg sh;
	struct wt_coalesce_stats st;
	struct wt_cstream *cs;

	gpgpusim(70, 0, 1);
	warp(32, 4, ALL32, B, 4);
	W->flags = WT_WARP_LAST | WT_COP_FLAGS(WT_COP_EL);
	W->op = WT_OP_STORE;
	W->space = WT_SPACE_LOCAL;
	run();
	ok(N == 4 && R[3].time == 1000 && R[3].pc == 0x48 && R[3].cta == 2 &&
	   R[3].warp == 5 && R[3].instr == 7 && R[3].sm == 4 && R[3].icount == 3 &&
	   R[3].op == WT_OP_STORE && R[3].space == WT_SPACE_LOCAL &&
	   R[3].flags == (WT_REQ_WARP_LAST | WT_COP_FLAGS(WT_COP_EL)) &&
	   R[3].reserved16 == 0, "a request carries its instruction's fields");
	wt_shmem_cfg_init(&sh);
	memset(&st, 0, sizeof(st));
	cs = wt_cstream_new(&C, &sh);
	W->flags = 0;
	is_u64(wt_cstream_warp(cs, W, R, &st), 4, "through a stream: 4 requests");
	ok(st.requests == 4 && st.bytes_requested == 128 && st.bytes_used == 128 &&
	   st.histogram[4] == 1, "... counted: 4 requests of 32 bytes, all used");
	wt_cstream_free(cs);
}

/* ---- the rules the slow, obvious way, to compare with ---- */

/*
 * The requests of W under C, at out[], as coalesce(1) words the gpgpusim
 * rules: per part, every lane's access (or 4-byte chunk) put into its
 * segment's transaction (an atomic's: the first whose bytes it misses)
 * found by looking through those made so far; the transactions sorted by
 * segment, keeping their order of making; each reduced and counted from
 * a map of the line's bytes.
 */
static size_t reference(struct wt_request *out)
{
	static struct { uint64_t seg, lanes; unsigned char chunk[4], byte[128]; } t[256];
	unsigned lanes = W->lanes, parts = C.warp_parts < lanes ? C.warp_parts : lanes;
	unsigned seg, size = W->size, pieces = 1;
	int local = W->space == WT_SPACE_LOCAL && W->op != WT_OP_ATOMIC;
	int sectors = C.coalesce_arch >= 40 ||
		      (C.coalesce_arch >= 20 && C.coalesce_arch <= 38 &&
		       (C.skip_l1 || W->op == WT_OP_ATOMIC ||
			(W->op == WT_OP_LOAD &&
			 WT_FLAGS_COP(W->flags) == WT_COP_STRONG_GPU)));
	size_t n = 0;

	seg = size == 1 || sectors ? 32 : size == 2 ? 64 : 128;
	if (local && size >= 4) {
		pieces = size / 4;
		size = 4;
	}
	for (unsigned p = 0; p < parts; p++) {
		unsigned from = p * (lanes / parts);
		unsigned to = p + 1 == parts ? lanes : from + lanes / parts;
		size_t nt = 0;

		for (unsigned l = from; l < to; l++) {
			if (!(W->mask >> l & 1))
				continue;
			for (unsigned k = 0; k < pieces; k++) {
				uint64_t a = W->addr[l] + 4 * k;
				uint64_t ends[2] = { a, a + size - 1 };

				for (int e = 0; e < 2; e++) {
					uint64_t s = ends[e] / seg * seg;
					size_t j;

					if (e == 1 && s == a / seg * seg)
						break;
					for (j = 0; j < nt; j++) {
						int clash = 0;

						if (t[j].seg != s)
							continue;
						for (unsigned b = 0; b < size; b++)
							clash |= W->op == WT_OP_ATOMIC &&
								 t[j].byte[(a + b) % 128];
						if (!clash)
							break;
					}
					if (j == nt) {
						memset(&t[nt], 0, sizeof(t[nt]));
						t[nt++].seg = s;
					}
					t[j].lanes |= 1ULL << l;
					t[j].chunk[ends[e] % 128 / 32] = 1;
					for (unsigned b = 0; b < size; b++)
						if ((a + b) / 128 == s / 128)
							t[j].byte[(a + b) % 128] = 1;
				}
			}
		}
		/* a stable insertion sort by segment */
		for (size_t i = 1; i < nt; i++)
			for (size_t j = i; j > 0 && t[j - 1].seg > t[j].seg; j--) {
				t[255] = t[j];
				t[j] = t[j - 1];
				t[j - 1] = t[255];
			}
		for (size_t i = 0; i < nt; i++) {
			uint64_t a = t[i].seg;
			unsigned len = seg, q = a % 128 / 32;
			struct wt_request *r = &out[n++];

			if (len == 128 && !t[i].chunk[2] && !t[i].chunk[3])
				len = 64;
			else if (len == 128 && !t[i].chunk[0] && !t[i].chunk[1])
				len = 64, a += 64, q = 2;
			if (len == 64 && !t[i].chunk[q + 1])
				len = 32;
			else if (len == 64 && !t[i].chunk[q])
				len = 32, a += 32;
			memset(r, 0, sizeof(*r));
			r->time = W->time;
			r->addr = a / 128 * 128;
			r->lanes = t[i].lanes;
			r->pc = W->pc;
			r->cta = W->cta;
			r->warp = W->warp;
			r->instr = W->instr;
			r->sm = W->sm;
			r->op = W->op;
			r->space = W->space;
			r->icount = W->icount;
			r->flags = (uint8_t)(W->flags & WT_COP_MASK);
			for (unsigned b = a % 128; b < a % 128 + len; b++) {
				r->bytes = (uint16_t)(r->bytes + t[i].byte[b]);
				r->sectors |= (uint8_t)(1u << b / 32);
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		out[i].index = (uint8_t)i;
		out[i].count = (uint8_t)n;
	}
	return n;
}

/* A random warp the gpgpusim rules take, and random settings. */
static void random_warp(void)
{
	static const unsigned arches[] = { 13, 19, 20, 30, 38, 39, 40, 70, 90 };
	unsigned lanes = rnd() % 2 ? 32 : 1 + (unsigned)(rnd() % 64);
	unsigned size = 1u << (rnd() % 5);
	uint64_t base = rnd() % 8 == 0 ? UINT64_MAX - 64 * 512 : B + rnd() % 65536;
	int64_t stride;

	gpgpusim(arches[rnd() % (sizeof(arches) / sizeof(arches[0]))],
		 (int)(rnd() % 2), rnd() % 2 ? 1 : 1 + (unsigned)(rnd() % 8));
	if (rnd() % 2)
		base &= ~(uint64_t)(size - 1);
	switch (rnd() % 4) {
	case 0:
		stride = size;
		break;
	case 1:
		stride = -(int64_t)size;
		base += 64 * size;
		break;
	case 2:
		stride = 0;
		break;
	default:
		stride = (int64_t)(rnd() % 256) - 128;
		base += 64 * 128;
		break;
	}
	warp(lanes, size, rnd() % 3 ? ~0ULL : rnd(), base, stride);
	if (lanes < 64)
		W->mask &= (1ULL << lanes) - 1;
	W->op = (uint8_t)(rnd() % 3);
	W->space = rnd() % 2 ? WT_SPACE_LOCAL : WT_SPACE_GLOBAL;
	if (rnd() % 4 == 0)
		W->flags = WT_COP_FLAGS(WT_COP_STRONG_GPU);
	for (unsigned i = 0; i < lanes; i++) {
		if (rnd() % 4 == 0)
			W->addr[i] = base + rnd() % 1024;
		if (W->op == WT_OP_ATOMIC)	/* none across a segment */
			W->addr[i] &= ~(uint64_t)(size - 1);
	}
}

static void test_reference(void)
{
	static struct wt_request want[WT_COALESCE_MAX_REQUESTS];
	char why[256];
	int good = 1, t;

	for (t = 0; t < 20000 && good; t++) {
		size_t n;

		random_warp();
		if (wt_coalesce_valid(&C, W, why, sizeof(why)) < 0) {
			printf("# invalid warp: %s\n", why);
			good = 0;
			break;
		}
		n = reference(want);
		N = wt_coalesce(&C, W, R);
		good = N == n && memcmp(R, want, n * sizeof(*R)) == 0;
		for (size_t i = 0; !good && i < n && i < N; i++)
			if (memcmp(&R[i], &want[i], sizeof(*R)))
				printf("#   request %zu: got 0x%llx 0x%x 0x%llx %u, "
				       "want 0x%llx 0x%x 0x%llx %u\n", i,
				       (unsigned long long)R[i].addr, R[i].sectors,
				       (unsigned long long)R[i].lanes, R[i].bytes,
				       (unsigned long long)want[i].addr,
				       want[i].sectors,
				       (unsigned long long)want[i].lanes,
				       want[i].bytes);
		if (!good)
			printf("#   warp %d: %u lanes of %u bytes, op %u, space %u, "
			       "arch %u, skip %d, %u parts, mask 0x%llx, lane 0 "
			       "at 0x%llx: %zu requests, want %zu\n", t,
			       (unsigned)W->lanes, (unsigned)W->size, W->op,
			       W->space, C.coalesce_arch, C.skip_l1, C.warp_parts,
			       (unsigned long long)W->mask,
			       (unsigned long long)W->addr[0], N, n);
	}
	ok(good, "%d random warps as the reference makes them", t);
}

int main(void)
{
	test_arch_classes();
	test_sizes();
	test_cache_global();
	test_parts();
	test_across();
	test_atomics();
	test_local();
	test_config();
	test_stream();
	test_reference();
	return tap_done();
}
