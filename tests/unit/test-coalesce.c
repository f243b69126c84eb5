/*
 * test-coalesce.c - the coalescing rules of lib/mem/coalesce.c, on the access
 * patterns of the CUDA C Programming Guide's coalescing examples, for the
 * Fermi (compute capability 2.x) and the sector (3.x and later) rules,
 * and on random warps against a slow, obvious reference.
 *
 * Shared-memory bank conflicts against values from GPGPU-Sim's own code,
 * and which records make requests (lib/mem/cstream.c): shared, constant and
 * texture ones none, their instructions carried on, records of op none.
 *
 * Run with --make-warp-stream FILE, it writes instead a small stream of
 * warp records for the command-line tests (tests/25-coalesce.t).
 */
#include "coalesce.h"
#include "cstream.h"
#include "stream.h"
#include "util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#define B 0x10000ULL		/* a 128-byte aligned base address */
#define ALL32 0xffffffffULL

static uint64_t wbuf[(sizeof(struct wt_warp) + 8 * WT_MAX_LANES) / 8];
static struct wt_warp *const W = (struct wt_warp *)wbuf;
static struct wt_request R[WT_COALESCE_MAX_REQUESTS];
static size_t N;

/* A warp instruction of lanes lanes, size bytes each, lanes in mask. */
static void warp(unsigned lanes, unsigned size, uint64_t mask)
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
	W->lanes = (uint16_t)lanes;
}

/* Lane i accesses base + stride * i. */
static void linear(uint64_t base, int64_t stride)
{
	for (unsigned i = 0; i < W->lanes; i++)
		W->addr[i] = base + (uint64_t)(stride * (int64_t)i);
}

static size_t run(enum wt_coalesce_rules rules, unsigned line, unsigned sector)
{
	struct wt_coalesce_cfg cfg = { .rules = rules, .line = line,
				       .sector = sector };
	char why[256];

	if (wt_coalesce_valid(&cfg, W, why, sizeof(why)) < 0)
		printf("# invalid warp: %s\n", why);
	memset(R, 0xa5, sizeof(R));
	N = wt_coalesce(&cfg, W, R);
	return N;
}

static size_t fermi(void)
{
	return run(WT_COALESCE_FERMI, 128, 32);
}

static size_t sector(void)
{
	return run(WT_COALESCE_SECTOR, 128, 32);
}

/* Request i of the last run is (addr, sectors, lanes, bytes), i of N. */
static void req(const char *name, size_t i, uint64_t addr, unsigned sectors,
		uint64_t lanes, unsigned bytes)
{
	const struct wt_request *r = &R[i];
	int good = i < N && r->addr == addr && r->sectors == sectors &&
		   r->lanes == lanes && r->bytes == bytes && r->index == i &&
		   r->count == N;

	ok(good, "%s: request %zu of %zu", name, i, N);
	if (!good)
		printf("#   got addr 0x%llx sectors 0x%x lanes 0x%llx bytes %u "
		       "index %u count %u\n#  want addr 0x%llx sectors 0x%x "
		       "lanes 0x%llx bytes %u index %zu count %zu\n",
		       (unsigned long long)r->addr, r->sectors,
		       (unsigned long long)r->lanes, r->bytes, r->index, r->count,
		       (unsigned long long)addr, sectors,
		       (unsigned long long)lanes, bytes, i, N);
}

static void test_fields(void)
{
	const struct wt_request *r = &R[0];

	warp(32, 4, ALL32);
	linear(B, 4);
	W->op = WT_OP_STORE;
	sector();
	ok(r->time == 1000 && r->pc == 0x48 && r->cta == 2 && r->warp == 5 &&
	   r->instr == 7 && r->sm == 4 && r->op == WT_OP_STORE,
	   "a request carries its instruction's time, pc, cta, warp, instr, "
	   "sm and op");
	is_u64(r->flags, 0, "a warp's instruction that is not its last: flags 0");
	linear(B, 8);			/* two lines */
	W->flags = WT_WARP_LAST;
	is_u64(sector(), 2, "the warp's last instruction: 2 requests");
	ok(R[0].flags == WT_REQ_WARP_LAST && R[1].flags == WT_REQ_WARP_LAST,
	   "each request of the warp's last instruction says so");
}

/* Guide: aligned and sequential, 32 x 4 bytes in one 128-byte line. */
static void test_sequential(void)
{
	warp(32, 4, ALL32);
	linear(B, 4);
	is_u64(fermi(), 1, "sequential 4-byte, fermi: 1 request");
	req("sequential fermi", 0, B, 0xf, ALL32, 128);
	is_u64(sector(), 1, "sequential 4-byte, sector: 1 request");
	req("sequential sector", 0, B, 0xf, ALL32, 128);
}

/* Guide: aligned but permuted; still one line. */
static void test_permuted(void)
{
	warp(32, 4, ALL32);
	for (unsigned i = 0; i < 32; i++)
		W->addr[i] = B + 4 * ((7 * i + 3) % 32);
	is_u64(fermi(), 1, "permuted 4-byte, fermi: 1 request");
	req("permuted fermi", 0, B, 0xf, ALL32, 128);
	is_u64(sector(), 1, "permuted 4-byte, sector: 1 request");
	req("permuted sector", 0, B, 0xf, ALL32, 128);

	/* descending addresses, one line: the same */
	linear(B + 124, -4);
	is_u64(sector(), 1, "descending 4-byte in one line: 1 request");
	req("descending", 0, B, 0xf, ALL32, 128);
}

/* Guide: misaligned sequential, starting 4 bytes into the line. */
static void test_misaligned(void)
{
	warp(32, 4, ALL32);
	linear(B + 4, 4);
	is_u64(fermi(), 2, "misaligned by 4, fermi: 2 requests");
	req("misaligned fermi", 0, B, 0xf, 0x7fffffff, 124);
	req("misaligned fermi", 1, B + 128, 0xf, 0x80000000, 4);
	is_u64(sector(), 2, "misaligned by 4, sector: 2 requests");
	req("misaligned sector", 0, B, 0xf, 0x7fffffff, 124);
	req("misaligned sector", 1, B + 128, 0x1, 0x80000000, 4);
}

/* Guide (2.x): 8-byte accesses are served per half-warp. */
static void test_8byte(void)
{
	warp(32, 8, ALL32);
	linear(B, 8);
	is_u64(fermi(), 2, "8-byte, fermi: 2 requests, one per half-warp");
	req("8-byte fermi", 0, B, 0xf, 0x0000ffff, 128);
	req("8-byte fermi", 1, B + 128, 0xf, 0xffff0000, 128);
	is_u64(sector(), 2, "8-byte, sector: 2 lines");
	req("8-byte sector", 0, B, 0xf, 0x0000ffff, 128);
	req("8-byte sector", 1, B + 128, 0xf, 0xffff0000, 128);

	/* reversed: Fermi keeps half-warp order, sector rules address order */
	linear(B + 248, -8);
	is_u64(fermi(), 2, "reversed 8-byte, fermi: 2 requests");
	req("reversed 8-byte fermi", 0, B + 128, 0xf, 0x0000ffff, 128);
	req("reversed 8-byte fermi", 1, B, 0xf, 0xffff0000, 128);
	is_u64(sector(), 2, "reversed 8-byte, sector: 2 requests");
	req("reversed 8-byte sector", 0, B, 0xf, 0xffff0000, 128);
	req("reversed 8-byte sector", 1, B + 128, 0xf, 0x0000ffff, 128);

	/* every lane on one 8-byte word: two half-warps, two requests */
	linear(B + 64, 0);
	is_u64(fermi(), 2, "8-byte broadcast, fermi: one request per half-warp");
	req("8-byte broadcast fermi", 0, B, 0xf, 0x0000ffff, 8);
	req("8-byte broadcast fermi", 1, B, 0xf, 0xffff0000, 8);
	is_u64(sector(), 1, "8-byte broadcast, sector: 1 request");
	req("8-byte broadcast sector", 0, B, 0x4, ALL32, 8);
}

/* Guide (2.x): 16-byte accesses are served per quarter-warp. */
static void test_16byte(void)
{
	warp(32, 16, ALL32);
	linear(B, 16);
	is_u64(fermi(), 4, "16-byte, fermi: 4 requests, one per quarter-warp");
	for (unsigned q = 0; q < 4; q++)
		req("16-byte fermi", q, B + 128 * q, 0xf, 0xffULL << (8 * q), 128);
	is_u64(sector(), 4, "16-byte, sector: 4 lines");
	for (unsigned q = 0; q < 4; q++)
		req("16-byte sector", q, B + 128 * q, 0xf, 0xffULL << (8 * q), 128);

	/* 32-byte accesses: groups of 4 lanes under the Fermi rules */
	warp(32, 32, ALL32);
	linear(B, 32);
	is_u64(fermi(), 8, "32-byte, fermi: 8 requests");
	req("32-byte fermi", 7, B + 7 * 128, 0xf, 0xf0000000, 128);
	is_u64(wt_coalesce_group_lanes(&(struct wt_coalesce_cfg){
		.rules = WT_COALESCE_FERMI, .line = 128, .sector = 32 }, 32, 128), 1,
	       "128-byte accesses, fermi: one lane per group");
}

static void test_broadcast(void)
{
	warp(32, 4, ALL32);
	linear(B + 40, 0);
	is_u64(fermi(), 1, "broadcast, fermi: 1 request");
	req("broadcast fermi", 0, B, 0xf, ALL32, 4);
	is_u64(sector(), 1, "broadcast, sector: 1 request");
	req("broadcast sector", 0, B, 0x2, ALL32, 4);
}

static void test_stride2(void)
{
	struct wt_coalesce_cfg cfg = {
		.rules = WT_COALESCE_FERMI, .line = 128, .sector = 32 };

	warp(32, 4, ALL32);
	linear(B, 8);
	is_u64(fermi(), 2, "stride-2 4-byte, fermi: 2 requests");
	req("stride-2 fermi", 0, B, 0xf, 0x0000ffff, 64);
	req("stride-2 fermi", 1, B + 128, 0xf, 0xffff0000, 64);
	is_u64(wt_coalesce_request_bytes(&cfg, &R[0]) +
	       wt_coalesce_request_bytes(&cfg, &R[1]), 256,
	       "stride-2, fermi: 256 bytes requested for 128 used");
	is_u64(sector(), 2, "stride-2 4-byte, sector: 2 requests");
	req("stride-2 sector", 0, B, 0xf, 0x0000ffff, 64);
	req("stride-2 sector", 1, B + 128, 0xf, 0xffff0000, 64);
}

static void test_column(void)
{
	int good = 1;

	warp(32, 4, ALL32);
	linear(B, 128);
	is_u64(fermi(), 32, "column walk (stride 128 B), fermi: 32 requests");
	for (unsigned i = 0; i < 32; i++)
		good &= R[i].addr == B + 128 * i && R[i].lanes == 1ULL << i &&
			R[i].bytes == 4 && R[i].sectors == 0xf &&
			R[i].index == i && R[i].count == 32;
	ok(good, "column walk, fermi: one lane, 4 bytes, a whole line each");
	is_u64(sector(), 32, "column walk, sector: 32 requests");
	good = 1;
	for (unsigned i = 0; i < 32; i++)
		good &= R[i].addr == B + 128 * i && R[i].lanes == 1ULL << i &&
			R[i].bytes == 4 && R[i].sectors == 0x1;
	ok(good, "column walk, sector: sector 0 of each line");

	/* descending column: requests still in address order */
	linear(B + 31 * 128, -128);
	sector();
	req("descending column", 0, B, 0x1, 1ULL << 31, 4);
	req("descending column", 31, B + 31 * 128, 0x1, 1, 4);
}

static void test_straddle(void)
{
	warp(32, 8, 0x1);
	W->addr[0] = B + 124;
	is_u64(fermi(), 2, "8 bytes at line offset 124, fermi: 2 requests");
	req("straddle fermi", 0, B, 0xf, 1, 4);
	req("straddle fermi", 1, B + 128, 0xf, 1, 4);
	is_u64(sector(), 2, "8 bytes at line offset 124, sector: 2 requests");
	req("straddle sector", 0, B, 0x8, 1, 4);
	req("straddle sector", 1, B + 128, 0x1, 1, 4);

	/* across a sector boundary only: both sectors, one request */
	warp(32, 4, 0x1);
	W->addr[0] = B + 30;
	is_u64(sector(), 1, "4 bytes at offset 30, sector: 1 request");
	req("sector straddle", 0, B, 0x3, 1, 4);

	/* a whole misaligned warp of 8-byte accesses, overlapping */
	warp(32, 8, ALL32);
	linear(B + 124, 4);
	is_u64(sector(), 2, "overlapping 8-byte accesses across a line: 2");
	req("overlap sector", 0, B, 0x8, 1, 4);
	req("overlap sector", 1, B + 128, 0xf, ALL32, 128);
}

static void test_masks(void)
{
	warp(32, 4, 0x0f0f0f0f);
	linear(B, 4);
	is_u64(fermi(), 1, "lanes with holes, fermi: 1 request");
	req("holes fermi", 0, B, 0xf, 0x0f0f0f0f, 64);
	is_u64(sector(), 1, "lanes with holes, sector: 1 request");
	req("holes sector", 0, B, 0xf, 0x0f0f0f0f, 64);

	warp(32, 4, 0xff0000ff);
	linear(B, 4);
	is_u64(sector(), 1, "first and last 8 lanes, sector: 1 request");
	req("two sectors", 0, B, 0x9, 0xff0000ff, 64);

	/* inactive lanes' addresses do not count, whatever they hold */
	warp(32, 4, 0x1);
	linear(B, 4096);
	is_u64(sector(), 1, "one active lane: 1 request");
	req("one lane", 0, B, 0x1, 1, 4);

	warp(32, 4, 0);
	linear(B, 4);
	is_u64(fermi(), 0, "empty mask, fermi: no request");
	is_u64(sector(), 0, "empty mask, sector: no request");

	/* half-warp 1 empty under Fermi 8-byte: only one group requests */
	warp(32, 8, 0x0000ffff);
	linear(B, 8);
	is_u64(fermi(), 1, "8-byte, second half-warp inactive, fermi: 1");
	req("half-warp", 0, B, 0xf, 0xffff, 128);
}

static void test_warp_sizes(void)
{
	warp(16, 4, 0xffff);
	linear(B, 4);
	is_u64(fermi(), 1, "16 lanes 4-byte, fermi: 1 request");
	req("16 lanes fermi", 0, B, 0xf, 0xffff, 64);
	is_u64(sector(), 1, "16 lanes 4-byte, sector: 1 request");
	req("16 lanes sector", 0, B, 0x3, 0xffff, 64);
	warp(16, 8, 0xffff);
	linear(B, 8);
	is_u64(fermi(), 1, "16 lanes 8-byte, fermi: one group of 16");
	req("16 lanes 8-byte", 0, B, 0xf, 0xffff, 128);

	warp(64, 4, ~0ULL);
	linear(B, 4);
	is_u64(fermi(), 2, "64 lanes 4-byte, fermi: one group, 2 lines");
	req("64 lanes fermi", 0, B, 0xf, 0xffffffffULL, 128);
	req("64 lanes fermi", 1, B + 128, 0xf, 0xffffffff00000000ULL, 128);
	linear(B + 8, 0);
	is_u64(fermi(), 1, "64 lanes broadcast, fermi: 1 request");
	req("64 lanes broadcast", 0, B, 0xf, ~0ULL, 4);
	warp(64, 8, ~0ULL);
	linear(B, 8);
	is_u64(fermi(), 4, "64 lanes 8-byte, fermi: groups of 16 lanes");
	req("64 lanes 8-byte", 3, B + 384, 0xf, 0xffffULL << 48, 128);

	/* the most requests an instruction can make */
	warp(64, 8, ~0ULL);
	linear(B + 124, 256);
	is_u64(sector(), WT_COALESCE_MAX_REQUESTS,
	       "64 lanes each straddling its own pair of lines: 128 requests");
	req("128 requests", 127, B + 63 * 256 + 128, 0x1, 1ULL << 63, 4);
	is_u64(fermi(), WT_COALESCE_MAX_REQUESTS, "the same under fermi: 128");
}

static void test_line64(void)
{
	warp(32, 4, ALL32);
	linear(B, 4);
	is_u64(run(WT_COALESCE_SECTOR, 64, 16), 2,
	       "line 64 sector 16, sequential: 2 requests");
	req("line 64", 0, B, 0xf, 0x0000ffff, 64);
	req("line 64", 1, B + 64, 0xf, 0xffff0000, 64);
	is_u64(run(WT_COALESCE_FERMI, 64, 16), 2,
	       "line 64, fermi, sequential: 2 requests");
	linear(B + 4, 4);
	is_u64(run(WT_COALESCE_SECTOR, 64, 16), 3,
	       "line 64 sector 16, misaligned by 4: 3 requests");
	req("line 64 misaligned", 0, B, 0xf, 0x00007fff, 60);
	req("line 64 misaligned", 1, B + 64, 0xf, 0x7fff8000, 64);
	req("line 64 misaligned", 2, B + 128, 0x1, 0x80000000, 4);
	warp(32, 4, 0x1);
	W->addr[0] = B + 20;
	run(WT_COALESCE_SECTOR, 64, 16);
	req("line 64 one lane", 0, B, 0x2, 1, 4);
	run(WT_COALESCE_FERMI, 256, 32);
	req("line 256 fermi: 8 sectors", 0, B, 0xff, 1, 4);
}

static void test_config(void)
{
	struct wt_coalesce_cfg cfg;

	wt_coalesce_cfg_init(&cfg);
	ok(cfg.rules == WT_COALESCE_SECTOR && cfg.line == 128 && cfg.sector == 32,
	   "defaults: sector rules, 128-byte lines, 32-byte sectors");
	ok(wt_coalesce_cfg_check(&cfg) == NULL, "defaults are valid");
	cfg.line = 100;
	like(wt_coalesce_cfg_check(&cfg), "line size 100: expected a power of two "
	     "from 16 to 4096", "line 100 rejected");
	cfg.line = 8;
	like(wt_coalesce_cfg_check(&cfg), "line size 8", "line 8 rejected");
	cfg.line = 8192;
	like(wt_coalesce_cfg_check(&cfg), "line size 8192", "line 8192 rejected");
	cfg.line = 128;
	cfg.sector = 3;
	like(wt_coalesce_cfg_check(&cfg), "sector size 3: expected a power of two",
	     "sector 3 rejected");
	cfg.sector = 8;
	like(wt_coalesce_cfg_check(&cfg), "128-byte lines of 8-byte sectors have "
	     "16 sectors", "16 sectors per line rejected");
	cfg.sector = 256;
	like(wt_coalesce_cfg_check(&cfg), "larger than the line size",
	     "sector larger than line rejected");
	cfg.line = 4096;
	cfg.sector = 512;
	ok(wt_coalesce_cfg_check(&cfg) == NULL, "line 4096 sector 512 is valid");
	cfg.line = 16;
	cfg.sector = 4;
	ok(wt_coalesce_cfg_check(&cfg) == NULL, "line 16 sector 4 is valid");

	cfg.line = 16;
	cfg.sector = 32;
	wt_coalesce_fit_sector(&cfg);
	is_u64(cfg.sector, 16, "fit sector: 16-byte lines get one 16-byte sector");
	cfg.line = 4096;
	cfg.sector = 32;
	wt_coalesce_fit_sector(&cfg);
	is_u64(cfg.sector, 512, "fit sector: 4096-byte lines get 512-byte sectors");
	cfg.line = 64;
	cfg.sector = 32;
	wt_coalesce_fit_sector(&cfg);
	is_u64(cfg.sector, 32, "fit sector: 32 fits 64-byte lines");
	cfg.line = 128;
	cfg.sector = 4;
	wt_coalesce_fit_sector(&cfg);
	is_u64(cfg.sector, 16, "fit sector: at most 8 sectors");
	ok(wt_coalesce_arch("fermi", &cfg) == 0 && cfg.rules == WT_COALESCE_FERMI &&
	   cfg.line == 128 && cfg.sector == 32, "arch fermi: fermi rules");
	ok(wt_coalesce_arch("ampere", &cfg) == 0 && cfg.rules == WT_COALESCE_SECTOR,
	   "arch ampere: sector rules");
	ok(wt_coalesce_arch("kepler", &cfg) == 0 && wt_coalesce_arch("volta", &cfg)
	   == 0 && wt_coalesce_arch("hopper", &cfg) == 0, "kepler, volta, hopper");
	ok(wt_coalesce_arch("tesla", &cfg) < 0, "unknown arch rejected");
	is_str(wt_coalesce_rules_name(WT_COALESCE_FERMI), "fermi", "rules name");
	ok(wt_coalesce_rules_parse("sector") == WT_COALESCE_SECTOR &&
	   wt_coalesce_rules_parse("Fermi") < 0, "rules parse");
}

static void test_valid(void)
{
	struct wt_coalesce_cfg cfg = {
		.rules = WT_COALESCE_SECTOR, .line = 128, .sector = 32 };
	char why[256];

	warp(32, 4, ALL32);
	linear(B, 4);
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) == 0, "a valid warp");
	W->size = 256;
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) < 0 &&
	   strstr(why, "access size 256"), "an access longer than a line");
	is_u64(wt_coalesce(&cfg, W, R), 0, "... makes no request");
	W->size = 12;
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) < 0, "size 12");
	W->size = 4;
	W->mask = 1ULL << 40;
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) < 0 &&
	   strstr(why, "beyond the warp size 32"), "a lane beyond the warp");
	W->mask = 1ULL << 3;
	W->addr[3] = UINT64_MAX - 1;
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) < 0 &&
	   strstr(why, "lane 3") && strstr(why, "wraps"), "an access that wraps");
	W->addr[3] = UINT64_MAX - 3;
	ok(wt_coalesce_valid(&cfg, W, why, sizeof(why)) == 0,
	   "the last 4 bytes of the address space");
	is_u64(sector(), 1, "... make 1 request");
	req("top of memory", 0, UINT64_MAX - 127, 0x8, 1ULL << 3, 4);
}

static void test_stats(void)
{
	struct wt_coalesce_cfg cfg = {
		.rules = WT_COALESCE_SECTOR, .line = 128, .sector = 32 };
	struct wt_coalesce_stats s, t;
	size_t n;

	memset(&s, 0, sizeof(s));
	warp(32, 4, ALL32);
	linear(B + 4, 4);
	n = wt_coalesce(&cfg, W, R);
	wt_coalesce_stats_add(&s, &cfg, W, R, n);
	W->mask = 0;
	wt_coalesce_stats_add(&s, &cfg, W, R, wt_coalesce(&cfg, W, R));
	W->mask = 0xf;
	W->op = WT_OP_STORE;
	linear(B, 128);
	n = wt_coalesce(&cfg, W, R);
	wt_coalesce_stats_add(&s, &cfg, W, R, n);
	ok(s.instructions == 3 && s.empty == 1 && s.threads == 36 &&
	   s.requests == 6, "stats: instructions, empty, threads, requests");
	ok(s.op_requests[WT_OP_LOAD] == 2 && s.op_requests[WT_OP_STORE] == 4,
	   "stats: requests by op");
	ok(s.histogram[2] == 1 && s.histogram[4] == 1 && s.histogram[1] == 0 &&
	   s.histogram[0] == 0, "stats: histogram of requests per instruction");
	is_u64(s.bytes_requested, 128 + 32 + 4 * 32, "stats: bytes requested");
	is_u64(s.bytes_used, 128 + 16, "stats: bytes used");
	memset(&t, 0, sizeof(t));
	wt_coalesce_stats_merge(&t, &s);
	wt_coalesce_stats_merge(&t, &s);
	ok(t.instructions == 6 && t.histogram[4] == 2 && t.bytes_used == 288,
	   "stats: merge adds");
	cfg.rules = WT_COALESCE_FERMI;
	is_u64(wt_coalesce_request_bytes(&cfg, &R[0]), 128,
	       "fermi: a request moves the whole line");
}

/*
 * Bank accesses of 32-lane shared-memory instructions.  The expected
 * values came from GPGPU-Sim's shared-memory path
 * (shader memory_coalescing for shared_space, abstract_hardware_model.cc,
 * Accel-Sim 73f9fac), compiled apart and run on these lanes; it also
 * agreed with wt_shmem_accesses on 200000 random warps of 32 and 64
 * lanes, 1 to 33 banks, 1 to 4 parts, with and without limited broadcast.
 */
static void test_shmem(void)
{
	static const struct {
		const char *name;
		uint64_t a, stride;	/* lane l at a + stride * l, but ... */
		int two;		/* ... lanes 0-15 at 0, 16-31 at 128 */
		unsigned banks, parts;
		int limited;
		unsigned want;
	} c[] = {
		{ "consecutive words", 0x1000, 4, 0, 32, 1, 0, 1 },
		{ "stride of 2 words", 0x1000, 8, 0, 32, 1, 0, 2 },
		{ "one word: a broadcast", 0x1000, 0, 0, 32, 1, 0, 1 },
		{ "one word, limited broadcast", 0x1000, 0, 0, 32, 1, 1, 1 },
		{ "stride of 32 words: one bank", 0x1000, 128, 0, 32, 1, 0, 32 },
		{ "two words of one bank", 0, 0, 1, 32, 1, 0, 2 },
		{ "two words of one bank, limited broadcast", 0, 0, 1, 32, 1, 1, 17 },
		{ "stride of 32 words, two parts", 0x1000, 128, 0, 32, 2, 0, 32 },
		{ "consecutive words, two parts", 0x1000, 4, 0, 32, 2, 0, 2 },
		{ "stride of 2 words, 64 banks", 0x1000, 8, 0, 64, 1, 0, 1 },
		{ "stride of 4 words (16-byte lanes: first words)", 0x1000, 16, 0,
		  32, 1, 0, 4 },
	};
	struct wt_shmem_cfg cfg;

	wt_shmem_cfg_init(&cfg);
	ok(cfg.banks == 32 && !cfg.limited_broadcast && cfg.warp_parts == 1 &&
	   wt_shmem_cfg_check(&cfg) == NULL, "shmem: defaults 32 banks, no "
	   "limited broadcast, 1 part");
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct wt_shmem_cfg k = { c[i].banks, c[i].limited, c[i].parts };

		warp(32, 4, ALL32);
		W->space = WT_SPACE_SHARED;
		linear(c[i].a, (int64_t)c[i].stride);
		for (unsigned l = 0; c[i].two && l < 32; l++)
			W->addr[l] = l < 16 ? 0 : 128;
		is_u64(wt_shmem_accesses(&k, W), c[i].want, "shmem: %s", c[i].name);
	}
	warp(32, 4, 0);
	is_u64(wt_shmem_accesses(&cfg, W), 0, "shmem: no active lane, no access");
	warp(32, 4, 0x3);
	linear(0x1000, 128);
	is_u64(wt_shmem_accesses(&cfg, W), 2, "shmem: two lanes in one bank");
	cfg.banks = 0;
	ok(wt_shmem_cfg_check(&cfg) != NULL, "shmem: 0 banks refused");
	cfg.banks = 32;
	cfg.warp_parts = 65;
	ok(wt_shmem_cfg_check(&cfg) != NULL, "shmem: 65 parts refused");
}

/* The requests of one record through a coalesce stream. */
static size_t through(struct wt_cstream *cs, struct wt_coalesce_stats *st,
		      unsigned space, uint8_t op, uint32_t icount, uint32_t flags)
{
	warp(32, 4, op == WT_OP_NONE ? 0 : ALL32);
	linear(B, 4);
	W->space = (uint8_t)space;
	W->op = op;
	W->icount = icount;
	W->flags = flags;
	if (op == WT_OP_NONE)
		W->size = 1;
	return N = wt_cstream_warp(cs, W, R, st);
}

static void test_cstream(void)
{
	struct wt_coalesce_cfg cfg = {
		.rules = WT_COALESCE_SECTOR, .line = 128, .sector = 32 };
	struct wt_shmem_cfg sh;
	struct wt_coalesce_stats st;
	struct wt_cstream *cs;
	const struct wt_request *end;
	char why[160];
	size_t n;

	wt_shmem_cfg_init(&sh);
	memset(&st, 0, sizeof(st));
	cs = wt_cstream_new(&cfg, &sh);
	is_u64(through(cs, &st, WT_SPACE_GLOBAL, WT_OP_LOAD, 3, WT_COP_FLAGS(WT_COP_CG)),
	       1, "stream: a global load, one request");
	ok(R[0].icount == 3 && WT_FLAGS_COP(R[0].flags) == WT_COP_CG &&
	   !(R[0].flags & WT_REQ_WARP_LAST), "... its icount, its cache operator");
	is_u64(through(cs, &st, WT_SPACE_SHARED, WT_OP_LOAD, 2, 0), 0,
	       "stream: a shared load makes no request");
	is_u64(through(cs, &st, WT_SPACE_CONST, WT_OP_LOAD, 4, 0), 0,
	       "stream: a constant load makes no request");
	is_u64(through(cs, &st, WT_SPACE_TEXTURE, WT_OP_LOAD, 0, 0), 0,
	       "stream: a texture load makes no request");
	is_u64(through(cs, &st, WT_SPACE_LOCAL, WT_OP_STORE, 1, 0), 1,
	       "stream: a local store, one request");
	is_u64(R[0].icount, 1 + (2 + 1) + (4 + 1) + (0 + 1),
	       "... its icount carries the three kept instructions and theirs");
	is_u64(through(cs, &st, WT_SPACE_SHARED, WT_OP_STORE, 5, 0), 0,
	       "stream: a shared store, kept");
	is_u64(through(cs, &st, WT_SPACE_GLOBAL, WT_OP_NONE, 7, WT_WARP_LAST), 1,
	       "stream: a warp record of op none, one request");
	ok(R[0].op == WT_OP_NONE && R[0].icount == 7 + 6 && R[0].count == 1 &&
	   R[0].flags == WT_REQ_WARP_LAST && R[0].addr == 0 && R[0].lanes == 0 &&
	   R[0].time == 1000 && R[0].warp == 5 &&
	   wt_record_check(WT_KIND_REQUEST, 0, &R[0], why, sizeof(why)) == 0,
	   "... of op none, with the shared store carried: a sound record");
	is_u64(through(cs, &st, WT_SPACE_SHARED, WT_OP_LOAD, 2, WT_WARP_LAST), 1,
	       "stream: a warp's last record, shared: one request");
	ok(R[0].op == WT_OP_NONE && R[0].icount == 3,
	   "... of op none, counting it and its icount");
	W->warp = 9;
	W->flags = 0;
	W->op = WT_OP_LOAD;
	W->space = WT_SPACE_SHARED;
	W->mask = ALL32;
	W->size = 4;
	W->icount = 10;
	is_u64(wt_cstream_warp(cs, W, R, &st), 0, "stream: warp 9 keeps a shared load");
	W->warp = 8;
	is_u64(wt_cstream_warp(cs, W, R, &st), 0, "stream: so does warp 8");
	n = wt_cstream_kernel_end(cs, &end, &st);
	ok(n == 2 && end[0].warp == 8 && end[1].warp == 9 && end[0].icount == 11 &&
	   end[0].op == WT_OP_NONE && end[1].flags == WT_REQ_WARP_LAST,
	   "stream: at the kernel's end, what no request took: op none, in "
	   "warp order");
	is_u64(wt_cstream_kernel_end(cs, &end, &st), 0, "stream: then nothing");
	ok(st.shared.instructions == 5 && st.shared.threads == 160 &&
	   st.shared.accesses == 5 && st.constant.instructions == 1 &&
	   st.texture.instructions == 1 && st.instructions == 2 &&
	   st.requests == 2 && st.none_in == 1 && st.none_out == 4,
	   "stream: statistics by space");
	is_u64(st.all_instructions, (3 + 1) + (2 + 1) + (4 + 1) + (0 + 1) + (1 + 1) +
	       (5 + 1) + 7 + (2 + 1) + 11 + 11, "stream: every instruction counted");
	wt_cstream_free(cs);
}

/* The worst lane order for a sort: descending, every lane straddling. */
static void test_descending(void)
{
	int good = 1;

	warp(64, 8, ~0ULL);
	linear(B + 63 * 256 + 124, -256);
	is_u64(sector(), WT_COALESCE_MAX_REQUESTS,
	       "64 descending lanes, each straddling two lines: 128 requests");
	for (unsigned i = 0; i < WT_COALESCE_MAX_REQUESTS; i++)
		good &= R[i].addr == B + 128 * i && R[i].bytes == 4 &&
			R[i].lanes == 1ULL << (63 - i / 2) &&
			R[i].sectors == (i % 2 ? 0x1 : 0x8) && R[i].index == i;
	ok(good, "... in ascending address order, each with its lane");
}

/* ---- the rules the slow, obvious way, to compare with ---- */

static uint64_t rnd_state = 1;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/*
 * The requests of lanes [g0, g1) of W under cfg at out[], as coalesce(1)
 * words the rules: the distinct lines the lanes touch, found by looking
 * for the least line above the previous one; for each, the lanes that
 * touch it, and its bytes and sectors from a map of the line's bytes.
 */
static size_t reference_group(const struct wt_coalesce_cfg *cfg, unsigned g0,
			      unsigned g1, struct wt_request *out)
{
	static unsigned char used[WT_COALESCE_LINE_MAX];
	uint64_t lmask = ~(uint64_t)(cfg->line - 1), prev = 0;
	size_t n = 0;

	for (;;) {
		struct wt_request *r = &out[n];
		uint64_t line = 0;
		int found = 0;

		for (unsigned i = g0; i < g1; i++) {
			uint64_t a = W->addr[i], e = a + W->size - 1;
			uint64_t c[2] = { a & lmask, e & lmask };

			if (!(W->mask >> i & 1))
				continue;
			for (int j = 0; j < 2; j++)
				if ((n == 0 || c[j] > prev) &&
				    (!found || c[j] < line)) {
					line = c[j];
					found = 1;
				}
		}
		if (!found)
			return n;
		memset(r, 0, sizeof(*r));
		memset(used, 0, cfg->line);
		r->time = W->time;
		r->addr = line;
		r->pc = W->pc;
		r->cta = W->cta;
		r->warp = W->warp;
		r->instr = W->instr;
		r->sm = W->sm;
		r->op = W->op;
		r->space = W->space;
		r->icount = W->icount;
		for (unsigned i = g0; i < g1; i++) {
			uint64_t a = W->addr[i], e = a + W->size - 1;
			uint64_t lo = a > line ? a : line;
			uint64_t hi = e < line + cfg->line - 1 ? e :
				      line + cfg->line - 1;

			if (!(W->mask >> i & 1) || lo > hi)
				continue;
			r->lanes |= 1ULL << i;
			/* by offset: hi may be the last byte of memory */
			for (uint64_t x = lo - line; x <= hi - line; x++)
				used[x] = 1;
		}
		for (unsigned x = 0; x < cfg->line; x++) {
			unsigned sec = x / cfg->sector;

			r->bytes = (uint16_t)(r->bytes + used[x]);
			if (used[x] || cfg->rules == WT_COALESCE_FERMI)
				r->sectors |= (uint8_t)(1u << sec);
		}
		prev = line;
		n++;
	}
}

static size_t reference(const struct wt_coalesce_cfg *cfg,
			struct wt_request *out)
{
	unsigned step = wt_coalesce_group_lanes(cfg, W->lanes, W->size);
	size_t n = 0;

	for (unsigned g = 0; g < W->lanes; g += step)
		n += reference_group(cfg, g, g + step < W->lanes ?
				     g + step : W->lanes, out + n);
	for (size_t i = 0; i < n; i++) {
		out[i].index = (uint8_t)i;
		out[i].count = (uint8_t)n;
	}
	return n;
}

/* A random warp that fits cfg: lanes in order or not, aligned or not,
 * near the top of memory or not, all active or some. */
static void random_warp(const struct wt_coalesce_cfg *cfg)
{
	unsigned lanes = 1 + (unsigned)(rnd() % 64);
	unsigned size = 1u << (rnd() % (wt_log2(cfg->line) + 1));
	uint64_t base = rnd() % 8 == 0 ? UINT64_MAX - 64 * (uint64_t)size -
		rnd() % 4096 : B + rnd() % 65536;
	int64_t stride;

	if (rnd() % 2)
		base &= ~(uint64_t)(size - 1);
	switch (rnd() % 4) {
	case 0:
		stride = size;
		break;
	case 1:
		stride = -(int64_t)size;
		break;
	case 2:
		stride = 0;
		break;
	default:
		stride = (int64_t)(rnd() % 512) - 256;
		break;
	}
	if (stride < 0)
		base -= (uint64_t)(-stride * 64);
	warp(lanes, size, rnd() % 3 ? ~0ULL : rnd());
	if (lanes < 64)
		W->mask &= (1ULL << lanes) - 1;
	W->op = (uint8_t)(rnd() % 3);
	W->space = (uint8_t)(rnd() % 5);
	for (unsigned i = 0; i < lanes; i++) {
		uint64_t a = rnd() % 4 == 0 ? base + rnd() % 1024 :
			     base + (uint64_t)(stride * (int64_t)i);

		if (a > UINT64_MAX - (size - 1))
			a = UINT64_MAX - (size - 1);
		W->addr[i] = a;
	}
	if (rnd() % 4 == 0)	/* a random permutation of the lanes */
		for (unsigned i = lanes - 1; i > 0; i--) {
			unsigned j = (unsigned)(rnd() % (i + 1));
			uint64_t t = W->addr[i];

			W->addr[i] = W->addr[j];
			W->addr[j] = t;
		}
}

/*
 * Random warps, coalesced and compared field by field with the reference:
 * both of wt_coalesce's ways through a group (lanes in address order, and
 * the sort for the others), straddling lanes, and every group size.
 */
static void test_reference(void)
{
	static const struct wt_coalesce_cfg cfgs[] = {
#define CFG(r, l, s) { .rules = WT_COALESCE_##r, .line = l, .sector = s }
		CFG(SECTOR, 128, 32), CFG(FERMI, 128, 32), CFG(SECTOR, 16, 4),
		CFG(FERMI, 32, 4), CFG(SECTOR, 64, 16), CFG(SECTOR, 256, 32),
		CFG(SECTOR, 4096, 512), CFG(FERMI, 4096, 512),
#undef CFG
	};
	static struct wt_request want[WT_COALESCE_MAX_REQUESTS];

	for (size_t c = 0; c < sizeof(cfgs) / sizeof(cfgs[0]); c++) {
		const struct wt_coalesce_cfg *cfg = &cfgs[c];
		char why[256];
		int good = 1;

		for (int t = 0; t < 1000 && good; t++) {
			size_t n;

			random_warp(cfg);
			if (wt_coalesce_valid(cfg, W, why, sizeof(why)) < 0) {
				printf("# invalid warp: %s\n", why);
				good = 0;
				break;
			}
			n = reference(cfg, want);
			N = wt_coalesce(cfg, W, R);
			good = N == n && memcmp(R, want, n * sizeof(*R)) == 0;
			if (!good)
				printf("#   warp %d: %u lanes of %u bytes, "
				       "mask 0x%llx, lane 0 at 0x%llx: %zu "
				       "requests, want %zu\n", t,
				       (unsigned)W->lanes, (unsigned)W->size,
				       (unsigned long long)W->mask,
				       (unsigned long long)W->addr[0], N, n);
		}
		ok(good, "%s rules, %u-byte lines of %u-byte sectors: 1000 "
		   "random warps as the reference makes them",
		   wt_coalesce_rules_name(cfg->rules), cfg->line, cfg->sector);
	}
}

/* ---- a warp stream for tests/25-coalesce.t ---- */

static void put(struct wt_writer *w, uint64_t time, uint16_t sm, uint32_t cta,
		uint32_t wid, uint32_t instr, uint32_t pc, uint8_t op,
		uint16_t size, uint64_t mask, uint64_t base, int64_t stride,
		uint32_t flags)
{
	warp(32, size, mask);
	W->flags = flags;
	W->time = time;
	W->sm = sm;
	W->cta = cta;
	W->warp = wid;
	W->instr = instr;
	W->pc = pc;
	W->op = op;
	W->icount = 2;
	linear(base, stride);
	if (wt_writer_put(w, W) < 0) {
		fprintf(stderr, "test-coalesce: %s\n", wt_writer_error(w));
		exit(1);
	}
}

/* The small warp stream of tests/25-coalesce.t; misordered: warp 0's
 * first instruction says it is its last, and a third comes after. */
static int make_warp_stream(const char *path, int misordered)
{
	struct wt_header h;
	struct wt_writer *w;
	struct wt_kernel k;
	char err[512];

	wt_header_init(&h, WT_KIND_WARP, 32);
	wt_meta_add(&h.meta, "stage", "test-coalesce --make-warp-stream");
	wt_meta_add(&h.meta, "line_size", "64");
	w = wt_writer_open(path, &h, wt_env_level(path), err, sizeof(err));
	wt_header_free(&h);
	if (!w) {
		fprintf(stderr, "test-coalesce: %s\n", err);
		return 1;
	}
	wt_kernel_init(&k);
	free(k.name);
	k.name = wt_strdup("k0");
	k.grid[0] = 2;
	k.grid[1] = k.grid[2] = 1;
	k.block[0] = 64;
	k.block[1] = k.block[2] = 1;
	wt_writer_kernel_begin(w, &k);
	/* each warp's last instruction flagged, as trace-order writes it;
	 * warp 0's has no active lane: a request of op none ends the warp,
	 * counting it and its icount (format 4.0) */
	put(w, 10, 0, 0, 0, 0, 0x10, WT_OP_LOAD, 4, ALL32, 0x1000, 4,
	    misordered ? WT_WARP_LAST : 0);
	put(w, 11, 0, 0, 1, 0, 0x10, WT_OP_STORE, 4, ALL32, 0x1004, 4, WT_WARP_LAST);
	put(w, 12, 0, 0, 0, 1, 0x18, WT_OP_LOAD, 4, 0, 0x1000, 4, WT_WARP_LAST);
	put(w, 13, 1, 1, 2, 0, 0x20, WT_OP_ATOMIC, 8, ALL32, 0x2000, 0, WT_WARP_LAST);
	if (misordered)
		put(w, 14, 0, 0, 0, 2, 0x28, WT_OP_LOAD, 4, ALL32, 0x1100, 4,
		    WT_WARP_LAST);
	wt_writer_kernel_end(w);
	free(k.name);
	k.name = wt_strdup("k1");
	wt_writer_kernel_begin(w, &k);
	put(w, 20, 0, 0, 0, 0, 0x30, WT_OP_LOAD, 4, 0xf, 0x3000, 128, WT_WARP_LAST);
	wt_writer_kernel_end(w);
	wt_kernel_free(&k);
	if (wt_writer_close(w, err, sizeof(err)) < 0) {
		fprintf(stderr, "test-coalesce: %s\n", err);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--make-warp-stream") == 0)
		return make_warp_stream(argv[2], 0);
	if (argc == 3 && strcmp(argv[1], "--make-misordered-warp-stream") == 0)
		return make_warp_stream(argv[2], 1);
	if (argc != 1) {
		fprintf(stderr, "usage: test-coalesce [--make-warp-stream FILE | "
			"--make-misordered-warp-stream FILE]\n");
		return 2;
	}
	test_fields();
	test_sequential();
	test_permuted();
	test_misaligned();
	test_8byte();
	test_16byte();
	test_broadcast();
	test_stride2();
	test_column();
	test_straddle();
	test_masks();
	test_warp_sizes();
	test_descending();
	test_line64();
	test_config();
	test_valid();
	test_stats();
	test_shmem();
	test_cstream();
	test_reference();
	return tap_done();
}
