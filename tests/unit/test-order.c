/*
 * test-order.c - the execution model on hand-built kernels: Nugteren's
 * Table 2 order, the three warp-scheduling policies, static warp limits,
 * CTA dispatch, occupancy limits, divergent threads and issue times;
 * full warps formed thread by thread, and access runs lent to a kbuf.
 */
#include "kbuf.h"
#include "machine.h"
#include "order.h"
#include "util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#define MAXREC 256

static struct {
	struct wt_warp w;
	uint64_t addr[WT_MAX_LANES];
} out[MAXREC];
static int nout;

static int collect(void *ctx, const struct wt_warp *w)
{
	(void)ctx;
	if (nout < MAXREC) {
		memcpy(&out[nout], w, sizeof(struct wt_warp) + 8 * w->lanes);
		nout++;
	}
	return 0;
}

static struct wt_order_cfg base_cfg(unsigned warp_size)
{
	struct wt_order_cfg c;

	{
		struct wt_machine m;
		char err[256];

		wt_machine_init(&m);
		wt_machine_preset(&m, "fermi", err, sizeof(err));
		wt_order_cfg_machine(&c, &m);
		wt_machine_free(&m);
	}
	c.sms = 1;
	c.schedulers = 1;
	c.warp_size = warp_size;
	return c;
}

/* Describe a kernel in k, zeroed or described before (what it held is
 * freed). */
static void kernel(struct wt_kernel *k, unsigned block, unsigned grid)
{
	wt_kernel_free(k);
	wt_kernel_init(k);
	k->block[0] = block;
	k->block[1] = k->block[2] = 1;
	k->grid[0] = grid;
	k->grid[1] = k->grid[2] = 1;
}

static void add(struct wt_kbuf *kb, uint32_t thread, int op, uint64_t addr,
		uint32_t pc, uint32_t icount)
{
	struct wt_access a = { addr, thread, pc, icount, 4, (uint8_t)op, 0 };

	wt_kbuf_add(kb, &a);
}

static int run(const struct wt_order_cfg *c, struct wt_kernel *k,
	       struct wt_kbuf *kb, struct wt_order_stats *st)
{
	char err[256];
	int r;

	nout = 0;
	r = wt_order_run(c, k, kb, 0, collect, NULL, st, err, sizeof(err));
	if (r < 0)
		printf("# %s\n", err);
	return r;
}

/* The warp ids of the output, as a string of digits. */
static const char *warp_order(void)
{
	static char s[MAXREC + 1];

	for (int i = 0; i < nout; i++)
		s[i] = (char)('0' + out[i].w.warp % 10);
	s[nout] = '\0';
	return s;
}

static void table2(void)
{
	struct wt_order_cfg c = base_cfg(1);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;
	char got[64] = "";

	/* 4 threads, each loading x[2*tid] then x[2*tid+1] (4-byte floats). */
	kernel(&k, 4, 1);
	wt_kbuf_init(&kb, 4);
	for (uint32_t t = 0; t < 4; t++) {
		add(&kb, t, WT_OP_LOAD, 4 * (2 * t), 0, 0);
		add(&kb, t, WT_OP_LOAD, 4 * (2 * t + 1), 0, 0);
	}
	c.policy = WT_POLICY_LRR;
	ok(run(&c, &k, &kb, &st) == 0, "Table 2: runs");
	for (int i = 0; i < nout; i++)
		sprintf(got + strlen(got), "%llu ", (unsigned long long)out[i].addr[0] / 4);
	is_str(got, "0 2 4 6 1 3 5 7 ", "Nugteren Table 2: round-robin address order");
	is_str(warp_order(), "01230123", "Table 2: thread order");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

/* Four one-thread warps, each: store, store, load. */
static void policy_kernel(struct wt_kernel *k, struct wt_kbuf *kb)
{
	kernel(k, 4, 1);
	wt_kbuf_init(kb, 4);
	for (uint32_t t = 0; t < 4; t++) {
		add(kb, t, WT_OP_STORE, 0x1000 + 64 * t, 0x10, 0);
		add(kb, t, WT_OP_STORE, 0x1004 + 64 * t, 0x20, 0);
		add(kb, t, WT_OP_LOAD, 0x2000 + 64 * t, 0x30, 0);
	}
}

static void policies(void)
{
	static const struct {
		enum wt_policy p;
		unsigned warp_limit;
		const char *want, *name;
	} cases[] = {
		{ WT_POLICY_LRR, 0, "012301230123", "LRR rotates over the warps" },
		{ WT_POLICY_GTO, 0, "000111222333", "GTO keeps the warp that does not stall" },
		{ WT_POLICY_TWO_LEVEL, 0, "010101232323",
		  "two-level: round robin within an active set of 2" },
		{ WT_POLICY_LRR, 2, "010101232323", "LRR with a static limit of 2 warps" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wt_order_cfg c = base_cfg(1);
		struct wt_order_stats st;
		struct wt_kernel k = { 0 };
		struct wt_kbuf kb;

		policy_kernel(&k, &kb);
		c.policy = cases[i].p;
		c.active_warps = 2;
		c.warp_limit = cases[i].warp_limit;
		run(&c, &k, &kb, &st);
		is_str(warp_order(), cases[i].want, "%s", cases[i].name);
		wt_order_stats_free(&st);
		wt_kbuf_free(&kb);
		wt_kernel_free(&k);
	}
}

static void two_level_finish(void)
{
	struct wt_order_cfg c = base_cfg(1);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;

	/* Warps whose last instruction is a store must leave the active set
	 * when they finish, or the others never run. */
	kernel(&k, 4, 1);
	wt_kbuf_init(&kb, 4);
	add(&kb, 0, WT_OP_STORE, 0, 0, 0);
	add(&kb, 1, WT_OP_STORE, 4, 0, 0);
	add(&kb, 2, WT_OP_LOAD, 8, 0, 0);
	add(&kb, 3, WT_OP_LOAD, 12, 0, 0);
	c.policy = WT_POLICY_TWO_LEVEL;
	c.active_warps = 2;
	ok(run(&c, &k, &kb, &st) == 0, "two-level with finished warps: runs");
	is_str(warp_order(), "0123", "two-level: finished warps make room");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

static void time_order(void)
{
	struct wt_order_cfg c = base_cfg(1);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;

	/* Scheduler 0 picks a warp with 20 non-memory instructions at cycle
	 * 0; scheduler 1 issues two loads meanwhile.  Output is in time
	 * order. */
	kernel(&k, 2, 1);
	wt_kbuf_init(&kb, 2);
	add(&kb, 0, WT_OP_LOAD, 0, 0x10, 20);
	add(&kb, 1, WT_OP_STORE, 64, 0x10, 0);
	add(&kb, 1, WT_OP_STORE, 68, 0x18, 0);
	c.schedulers = 2;
	run(&c, &k, &kb, &st);
	ok(nout == 3 && out[0].w.time == 0 && out[1].w.time == 1 &&
	   out[2].w.time == 20 && out[2].w.icount == 20,
	   "records come out in issue-time order across schedulers");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);

	/* A split instruction spends the non-memory instructions once. */
	kernel(&k, 2, 1);
	wt_kbuf_init(&kb, 2);
	add(&kb, 0, WT_OP_STORE, 0, 0x10, 7);
	add(&kb, 1, WT_OP_STORE, 64, 0x20, 7);
	c = base_cfg(2);
	run(&c, &k, &kb, &st);
	ok(nout == 2 && out[0].w.time == 7 && out[0].w.icount == 7 &&
	   out[1].w.icount == 0 && out[1].w.time == 8,
	   "the second part of a split spends no non-memory instructions");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

static void gto_loads(void)
{
	struct wt_order_cfg c = base_cfg(1);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;

	/* Two warps of two loads: GTO switches when the warp stalls. */
	kernel(&k, 2, 1);
	wt_kbuf_init(&kb, 2);
	for (uint32_t t = 0; t < 2; t++)
		for (int i = 0; i < 2; i++)
			add(&kb, t, WT_OP_LOAD, 0x100 * t + 4 * (uint64_t)i, 0x10, 3);
	c.policy = WT_POLICY_GTO;
	c.latency = 50;
	run(&c, &k, &kb, &st);
	is_str(warp_order(), "0101", "GTO with loads: the oldest ready warp after a stall");
	ok(out[0].w.time == 3 && out[1].w.time == 7 && out[2].w.time == 56 &&
	   out[3].w.time == 60, "issue times: icount cycles, then latency");
	is_u64(st.end, 110, "the CTA ends when the last load returns");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

static void schedulers(void)
{
	struct wt_order_cfg c = base_cfg(1);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;

	kernel(&k, 2, 1);
	wt_kbuf_init(&kb, 2);
	add(&kb, 0, WT_OP_LOAD, 0, 0, 0);
	add(&kb, 1, WT_OP_LOAD, 64, 0, 0);
	c.schedulers = 2;
	run(&c, &k, &kb, &st);
	ok(nout == 2 && out[0].w.time == 0 && out[1].w.time == 0,
	   "two schedulers issue two warps in the same cycle");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

static void dispatch(void)
{
	struct wt_order_cfg c = base_cfg(32);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;
	int sm_of[5] = { -1, -1, -1, -1, -1 };

	/* 5 CTAs of 32 threads on 2 SMs holding 2 CTAs each.  CTA 1 is
	 * short, so its SM is the first with room for CTA 4. */
	kernel(&k, 32, 5);
	wt_kbuf_init(&kb, 32);
	for (uint32_t cta = 0; cta < 5; cta++)
		for (uint32_t t = 0; t < 32; t++)
			for (int i = 0; i < (cta == 1 ? 1 : 4); i++)
				add(&kb, cta * 32 + t, WT_OP_LOAD,
				    0x10000 * cta + 128 * (uint64_t)i + 4 * t, 0x10, 0);
	c.sms = 2;
	c.max_ctas = 2;
	run(&c, &k, &kb, &st);
	for (int i = 0; i < nout; i++)
		sm_of[out[i].w.cta] = out[i].w.sm;
	ok(sm_of[0] == 0 && sm_of[1] == 1 && sm_of[2] == 0 && sm_of[3] == 1,
	   "initial dispatch: round robin over the SMs");
	is_u64((uint64_t)sm_of[4], 1, "then first done, first served");
	ok(st.sm_ctas[0] == 2 && st.sm_ctas[1] == 3, "CTAs per SM counted");
	is_u64(st.instrs, 4 + 1 + 4 + 4 + 4, "one instruction per warp and index");
	is_str(st.limited_by, "ctas", "limited by the CTA count");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

static void occupancy(void)
{
	struct wt_order_cfg c = base_cfg(32);
	struct wt_kernel k = { 0 };
	const char *why;

	kernel(&k, 512, 1);
	is_u64(wt_order_occupancy(&c, &k, &why), 3, "512-thread CTAs on Fermi: 3");
	is_str(why, "threads", "limited by threads");
	kernel(&k, 256, 1);
	k.regs = 21;		/* 672, rounded to 704 per warp; 5632 per CTA */
	is_u64(wt_order_occupancy(&c, &k, &why), 5, "21 registers per thread: 5 CTAs");
	is_str(why, "registers", "limited by registers");
	k.regs = 0;
	k.shmem = 10000;	/* rounded to 10112 bytes */
	is_u64(wt_order_occupancy(&c, &k, &why), 4, "10000 B of shared memory: 4 CTAs");
	is_str(why, "shared_memory", "limited by shared memory");
	k.shmem = 0;
	kernel(&k, 32, 1);
	is_u64(wt_order_occupancy(&c, &k, &why), 8, "32-thread CTAs on Fermi: 8");
	c.cta_limit = 2;
	is_u64(wt_order_occupancy(&c, &k, &why), 2, "multithreading degree 2");
	is_str(why, "cta-limit", "limited by --cta-limit");
	c.cta_limit = 0;
	kernel(&k, 2048, 1);
	is_u64(wt_order_occupancy(&c, &k, &why), 0, "a 2048-thread CTA does not fit");
	kernel(&k, 192, 1);
	c.max_warps = 10;	/* 6 warps per CTA */
	is_u64(wt_order_occupancy(&c, &k, &why), 1, "10 warp slots hold one 6-warp CTA");
	is_str(why, "warps", "limited by warps");
	wt_kernel_free(&k);
}

static void divergence(void)
{
	struct wt_order_cfg c = base_cfg(4);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;

	/* Threads 0 and 1 make 3 accesses, threads 2 and 3 one; at index 0,
	 * lanes 2 and 3 are at another PC. */
	kernel(&k, 4, 1);
	wt_kbuf_init(&kb, 4);
	for (uint32_t t = 0; t < 4; t++) {
		add(&kb, t, WT_OP_LOAD, 0x100 + 4 * t, t < 2 ? 0x10 : 0x20, 0);
		if (t < 2) {
			add(&kb, t, WT_OP_LOAD, 0x200 + 4 * t, 0x30, 0);
			add(&kb, t, WT_OP_STORE, 0x300 + 4 * t, 0x40, 0);
		}
	}
	run(&c, &k, &kb, &st);
	is_u64((uint64_t)nout, 4, "divergent warp: 4 instructions");
	ok(out[0].w.mask == 0x3 && out[0].w.pc == 0x10 && out[1].w.mask == 0xc &&
	   out[1].w.pc == 0x20, "index 0 splits by PC, lowest lane first");
	ok(out[2].w.mask == 0x3 && out[3].w.mask == 0x3 && out[3].w.op == WT_OP_STORE,
	   "threads with more accesses go on alone");
	ok(out[0].addr[2] == 0 && out[1].addr[2] == 0x108, "inactive lanes hold 0");
	is_u64(st.split, 1, "one split instruction counted");
	ok(out[0].w.instr == 0 && out[1].w.instr == 1 && out[3].w.instr == 3,
	   "per-warp instruction index");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);

	/* A kernel whose CTA 1 has no accesses at all still completes. */
	kernel(&k, 4, 3);
	wt_kbuf_init(&kb, 4);
	add(&kb, 0, WT_OP_LOAD, 0, 0, 0);
	add(&kb, 8, WT_OP_LOAD, 0, 0, 0);
	ok(run(&c, &k, &kb, &st) == 0 && nout == 2 && st.ctas == 3,
	   "a CTA without accesses is dispatched and ends");
	wt_order_stats_free(&st);
	wt_kbuf_free(&kb);
	wt_kernel_free(&k);
}

/* The output's masks and icounts, as "mask/icount ...". */
static const char *instrs(void)
{
	static char s[MAXREC * 24];

	s[0] = '\0';
	for (int i = 0; i < nout; i++)
		sprintf(s + strlen(s), "%llx/%u ",
			(unsigned long long)out[i].w.mask, out[i].w.icount);
	return s;
}

/* Thread t's accesses i of 2 in a warp of 4: lane 3's second at another
 * PC if split, the widest icount in lane 2, then lane 3. */
static void full_access(struct wt_kbuf *kb, uint32_t t, int i, int split)
{
	uint32_t pc = 0x10 + 0x10 * (uint32_t)i;
	uint32_t icount = t == 2 && i == 0 ? 9 : t == 3 && i == 1 ? 5 : 1;

	if (split && t == 3 && i == 1)
		pc = 0x50;

	add(kb, t, WT_OP_LOAD, 0x1000 * (uint64_t)i + 4 * t, pc, icount);
}

static void full_warps(void)
{
	static const char *want[2] = { "f/9 f/5 ", "f/9 7/5 8/0 " };
	struct wt_order_cfg c = base_cfg(4);
	struct wt_order_stats st;
	struct wt_kernel k = { 0 };
	struct wt_kbuf kb;

	/* Threads of as many accesses each form one instruction an index,
	 * unless their accesses differ; thread by thread in the dump, or
	 * index by index. */
	kernel(&k, 4, 1);
	for (int split = 0; split < 2; split++) {
		for (int by_index = 0; by_index < 2; by_index++) {
			const char *how = by_index ? "index by index" :
					  "thread by thread";

			wt_kbuf_init(&kb, 4);
			for (int n = 0; n < 8; n++) {
				if (by_index)
					full_access(&kb, (uint32_t)n % 4, n / 4,
						    split);
				else
					full_access(&kb, (uint32_t)n / 2, n % 2,
						    split);
			}
			run(&c, &k, &kb, &st);
			is_str(instrs(), want[split], "full warp%s, %s: "
			       "masks/icounts", split ? ", split" : "", how);
			ok(out[0].addr[3] == 12 && out[1].addr[2] == 0x1008 &&
			   out[nout - 1].addr[3] == 0x100c, "full warp%s, %s: "
			   "addresses", split ? ", split" : "", how);
			is_u64(st.split, (uint64_t)split,
			       "split instructions: %d", split);
			wt_order_stats_free(&st);
			wt_kbuf_free(&kb);
		}
	}
	wt_kernel_free(&k);
}

static void lent_runs(void)
{
	struct wt_access a[6];
	const struct wt_access *got;
	struct wt_kbuf kb;
	uint32_t off[3];

	/* Runs lent to the kbuf are used in place until it is told to own
	 * them; a lent run that goes on stays lent, one that does not is
	 * copied with what follows. */
	for (int i = 0; i < 6; i++)
		a[i] = (struct wt_access){ 0x100 + (uint64_t)i, (uint32_t)i % 4,
					   0, 0, 4, WT_OP_LOAD, 0 };
	wt_kbuf_init(&kb, 2);
	kb.lend = 1;
	is_u64(wt_kbuf_add_run(&kb, 0, a, 6), 2,
	       "a run: the accesses of one CTA");
	is_u64(wt_kbuf_add_run(&kb, 1, a + 2, 2), 2, "the next CTA's");
	ok(wt_kbuf_cta(&kb, 0) == a, "a run is lent, not copied");
	wt_kbuf_add(&kb, &a[4]);
	ok(wt_kbuf_cta(&kb, 0) != a,
	   "a CTA's run that does not go on is copied");
	wt_kbuf_own(&kb);
	got = wt_kbuf_cta(&kb, 1);
	ok(got != a + 2 && got[0].addr == 0x102 && got[1].addr == 0x103,
	   "owned: copied");
	a[2].addr = a[3].addr = 0;
	wt_kbuf_sort_cta(&kb, 0, off);
	got = wt_kbuf_cta(&kb, 0);
	ok(off[0] == 0 && off[1] == 2 && off[2] == 3 && got[0].addr == 0x100 &&
	   got[1].addr == 0x104 && got[2].addr == 0x101,
	   "a CTA sorted by thread, in program order");
	wt_kbuf_free(&kb);
}

/*
 * CTA 0 of 8 threads, thread t making len[t] accesses (addr: its index
 * in thread order), added in runs of at most `piece`, thread `late`'s
 * after thread late + 1's (none if late < 0).  Then its offsets and
 * order must be the counted ones.
 */
static void counted(int piece, int late, const char *what)
{
	static const uint32_t len[8] = { 3, 0, 1, 17, 3, 3, 40, 2 };
	struct wt_access a[69];
	const struct wt_access *got;
	struct wt_kbuf kb;
	uint32_t off[9], want = 0, order[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	size_t n = 0;
	int good = 1;

	if (late >= 0) {
		order[late] = (uint32_t)late + 1;
		order[late + 1] = (uint32_t)late;
	}
	for (int k = 0; k < 8; k++) {
		uint32_t t = order[k], first = 0;

		for (uint32_t u = 0; u < t; u++)
			first += len[u];
		for (uint32_t i = 0; i < len[t]; i++)
			a[n++] = (struct wt_access){ first + i, t, 0, 0, 4,
						     WT_OP_LOAD, 0 };
	}
	wt_kbuf_init(&kb, 8);
	for (size_t i = 0; i < n; )
		i += wt_kbuf_add_run(&kb, 0, a + i,
				     n - i < (size_t)piece ? n - i : (size_t)piece);
	wt_kbuf_sort_cta(&kb, 0, off);
	got = wt_kbuf_cta(&kb, 0);
	for (int t = 0; t < 8; t++) {
		good &= off[t] == want;
		want += len[t];
	}
	good &= off[8] == want;
	for (size_t i = 0; i < n; i++)
		good &= got[i].addr == i;
	ok(good, "offsets and order: %s", what);
	wt_kbuf_free(&kb);
}

/* Accesses added thread by thread have their runs' ends searched for,
 * the others are sorted: both count the same. */
static void thread_runs(void)
{
	counted(69, -1, "thread by thread, one run");
	counted(5, -1, "thread by thread, in runs of 5");
	counted(1, -1, "thread by thread, one at a time");
	counted(69, 4, "thread 4 after thread 5");
	counted(7, 5, "thread 5 after thread 6, in runs of 7");
	counted(3, 0, "thread 0 after thread 1, in runs of 3");
}

/* A kbuf reset for the next kernel holds none of the last one's CTAs,
 * and takes the new block size. */
static void kbuf_reset(void)
{
	struct wt_access a = { 0x40, 5, 0, 0, 4, WT_OP_LOAD, 0 };
	struct wt_kbuf kb;
	uint32_t off[5];

	wt_kbuf_init(&kb, 2);
	wt_kbuf_add(&kb, &a);		/* CTA 2 */
	wt_kbuf_sort_cta(&kb, 2, off);
	wt_kbuf_release_cta(&kb, 2);
	wt_kbuf_reset(&kb, 4);
	is_u64(kb.nctas + kb.accesses + kb.max_thread, 0, "reset: empty");
	a.thread = 2;
	wt_kbuf_add(&kb, &a);
	a.thread = 1;
	wt_kbuf_add(&kb, &a);
	wt_kbuf_sort_cta(&kb, 0, off);
	ok(kb.nctas == 1 && off[1] == 0 && off[2] == 1 && off[3] == 2 &&
	   off[4] == 2, "reset: the next kernel's CTA, in threads of 4");
	wt_kbuf_free(&kb);
}

int main(void)
{
	table2();
	policies();
	gto_loads();
	two_level_finish();
	time_order();
	schedulers();
	dispatch();
	occupancy();
	divergence();
	full_warps();
	lent_runs();
	thread_runs();
	kbuf_reset();
	return tap_done();
}
