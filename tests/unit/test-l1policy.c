/*
 * test-l1policy.c - the L1 management policies inside the L1 model and
 * the warp pool, driven by hand-made request streams: the streaming
 * bypass closing and opening the L1, a protecting distance, APCM
 * classifying a loop load as intra-warp, pinning its line and letting it
 * go at loop exit, ABYP learning and correcting itself, PCAL's warps
 * without a token, MRPB's bypass on a line-allocation stall, CCWS's view
 * of evictions, and the pool's warp limit and step-by-step runs.
 */
#include "l1model.h"
#include "l1policy.h"
#include "polstate.h"
#include "l1pool.h"
#include "tap.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define LINE 128
#define SETS 32
#define SET_STRIDE ((uint64_t)LINE * SETS)	/* same set, next tag */

static struct wt_l1_policy pol;

/* A 16 KB, 4-way, 128-byte-line L1 with the linear index, Fermi's write
 * policy, 100-cycle misses and no MSHR limits, under policy names. */
static void setup(struct wt_l1 *l1, struct wt_l1_cfg *c, const char *names)
{
	char err[256];

	memset(c, 0, sizeof(*c));
	c->geom = (struct wt_cache_geom){ SETS, 4, LINE, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", SETS, LINE, &c->ix, err, sizeof(err)) < 0)
		abort();
	c->sector = 32;
	c->write = WT_WRITE_LOCAL_WB;
	c->miss_latency = 100;
	c->hit_latency = 1;
	c->mode = WT_L1_BOUNDED;
	c->atomics_bypass = 1;
	c->emit_all = 1;
	wt_l1_policy_default(&pol);
	if (names && wt_l1_policy_parse(&pol, names, err, sizeof(err)) < 0)
		abort();
	c->pol = &pol;
	if (wt_l1_init(l1, c, 0, err, sizeof(err)) < 0)
		abort();
}

/* pol as l1sim's command line sets it: --policy=names --opt=val, through
 * the policies' own options (wt_l1_policy_longopts). */
static void policy_option(const char *names, const char *opt, const char *val)
{
	struct option lo[WT_L1_MAX_OPTIONS + 2];
	const char *set[WT_L1_MAX_OPTIONS + 1] = { 0 };
	size_t n = wt_l1_policy_longopts(lo, WT_L1_MAX_OPTIONS, 0);

	lo[n] = (struct option){ "policy", required_argument, NULL, (int)n };
	lo[n + 1] = (struct option){ NULL, 0, NULL, 0 };
	set[n] = names;
	for (size_t i = 0; i < n; i++)
		if (strcmp(lo[i].name, opt) == 0)
			set[i] = val;
	wt_l1_policy_options(&pol, lo, set);
}

static struct wt_request req(uint32_t warp, uint32_t pc, uint64_t addr)
{
	struct wt_request r;

	memset(&r, 0, sizeof(r));
	r.warp = warp;
	r.pc = pc;
	r.addr = addr;
	r.count = 1;
	r.op = WT_OP_LOAD;
	r.space = WT_SPACE_GLOBAL;
	r.bytes = LINE;
	r.sectors = 0xf;
	return r;
}

/* Make request r at cycle t; the type of the last event it made. */
static int access_at(struct wt_l1 *l1, const struct wt_request *r, uint64_t t)
{
	struct wt_l1_out out = { 0 };
	uint64_t done, retry;
	int rc = wt_l1_access(l1, r, t, 0, &out, &done, &retry), type;

	type = rc >= 0 ? -1 - rc : out.n ? out.ev[out.n - 1].type : -100;
	free(out.ev);
	return type;
}

static void test_sbyp(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r;
	uint64_t t = 0;
	int type = 0, n = 0;

	setup(&l1, &c, "sbyp");
	/* first period: every load a new line */
	for (; t < 10000; t += 10) {
		r = req(0, 0x10, (t / 10) * LINE);
		access_at(&l1, &r, t);
	}
	r = req(0, 0x10, 0x100000);
	type = access_at(&l1, &r, t);
	ok(wt_pol_sbyp(&l1)->on, "a period of misses closes the L1");
	is_u64((uint64_t)type, WT_EV_BYPASS, "the next load goes around it");
	is_u64(wt_pol_stats_get(&l1.st.pol, "sbyp_loads"), 1, "counted as sent around");
	/* the closed L1 still keeps tags: the same few lines now hit in them */
	for (t += 10; t < 20000; t += 10) {
		r = req(0, 0x10, (uint64_t)(n++ % 8) * LINE);
		type = access_at(&l1, &r, t);
	}
	is_u64((uint64_t)type, WT_EV_BYPASS, "while closed, every load goes around");
	ok(wt_pol_sbyp(&l1)->misses < wt_pol_sbyp(&l1)->loads / 10, "but the tags see hits (%llu of %llu miss)",
	   (unsigned long long)wt_pol_sbyp(&l1)->misses, (unsigned long long)wt_pol_sbyp(&l1)->loads);
	/* a store to a line only the tags hold: no data to write into */
	{
		uint64_t hits = l1.st.store_hits;
		unsigned set = 1;	/* line 1 is in set 1 */
		int way;

		r = req(0, 0x18, 1 * LINE);
		r.op = WT_OP_STORE;
		r.space = WT_SPACE_LOCAL;
		access_at(&l1, &r, 19990);
		way = wt_cache_find(&l1.cache, set, LINE);
		ok(l1.st.store_hits == hits && way < 0,
		   "a store to a tag-only line misses and drops it");
	}
	r = req(0, 0x10, 0);
	type = access_at(&l1, &r, 20000);
	ok(!wt_pol_sbyp(&l1)->on, "a period of tag hits opens the L1 again");
	is_u64(wt_pol_sbyp(&l1)->switches, 2, "closed once, opened once");
	is_u64((uint64_t)type, WT_EV_MISS,
	       "a line the tags took while closed has no data: a miss");
	wt_l1_free(&l1);

	/* a threshold of 1 never closes */
	setup(&l1, &c, "sbyp");
	wt_pol_sbyp(&l1)->threshold = 1.0;
	for (t = 0; t < 30000; t += 10) {
		r = req(0, 0x10, (t / 10) * LINE);
		access_at(&l1, &r, t);
	}
	ok(!wt_pol_sbyp(&l1)->on && wt_pol_stats_get(&l1.st.pol, "sbyp_loads") == 0, "threshold 1.0: never closed");
	wt_l1_free(&l1);
}

static void test_pd(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r;
	char err[256];
	int type;

	setup(&l1, &c, "pd");
	wt_l1_free(&l1);	/* again, with a distance of 6 */
	policy_option("pd", "pd", "6");
	if (wt_l1_init(&l1, &c, 0, err, sizeof(err)) < 0)
		abort();
	/* four lines fill set 0; each is protected for 6 set accesses */
	for (unsigned i = 0; i < 4; i++) {
		r = req(0, 0x10, i * SET_STRIDE);
		access_at(&l1, &r, 1000 * (i + 1));
	}
	r = req(0, 0x10, 4 * SET_STRIDE);
	type = access_at(&l1, &r, 5000);
	is_u64((uint64_t)type, WT_EV_BYPASS, "a fifth line finds every way protected: bypass");
	is_u64(l1.st.pol.protect_bypass, 1, "counted as protect_bypass");
	/* a few more accesses to the set age the first line out */
	for (unsigned i = 0; i < 3; i++) {
		r = req(0, 0x10, 3 * SET_STRIDE);
		access_at(&l1, &r, 6000 + i);
	}
	r = req(0, 0x10, 4 * SET_STRIDE);
	type = access_at(&l1, &r, 7000);
	is_u64((uint64_t)type, WT_EV_MISS, "once the oldest line's distance is spent it is replaced");
	r = req(0, 0x10, 3 * SET_STRIDE);
	is_u64((uint64_t)access_at(&l1, &r, 8000), WT_EV_HIT,
	       "the line hit all along kept its protection and its place");
	wt_l1_free(&l1);
}

/*
 * APCM end to end.  Warp 0, the monitored warp, runs a loop whose load
 * 0x10 reads the same line (A) each time, and a load 0x20 that reads a new
 * line each time (streaming), then leaves the loop (load 0x30).  Warp 1
 * runs the same code after it.
 */
static void test_apcm(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r[32];
	size_t n = 0;
	uint64_t A = 0x40000 + 5 * LINE, t = 0;	/* MTA entries 5 and 6 */
	int type;

	for (uint32_t w = 0; w < 2; w++) {
		for (unsigned it = 0; it < 3; it++) {
			r[n++] = req(w, 0x10, A + w * LINE);
			r[n++] = req(w, 0x20, 0x800000 + (w * 8 + it) * SET_STRIDE);
		}
		r[n++] = req(w, 0x30, 0x900000 + w * LINE);
	}
	r[n++] = req(1, 0x60, A + LINE);	/* warp 1 goes on after the loop */
	setup(&l1, &c, "apcm");
	wt_l1_kernel_begin(&l1, 0, r, n);
	for (size_t i = 0; i < 7; i++)
		access_at(&l1, &r[i], t += 200);
	/* warp 0 is done: its profile is final */
	type = access_at(&l1, &r[7], t += 200);	/* warp 1, load 0x10 */
	is_u64(wt_pol_stats_get(&l1.st.pol, "pins"), 1, "the loop load (intra-warp) pins its line");
	is_u64((uint64_t)type, WT_EV_MISS, "a pinned line is still a miss the first time");
	type = access_at(&l1, &r[8], t += 200);	/* warp 1, load 0x20 */
	is_u64((uint64_t)type, WT_EV_BYPASS, "the streaming load bypasses");
	is_u64(wt_pol_stats_get(&l1.st.pol, "apcm_bypass"), 2, "counted as apcm_bypass, with warp 0's third "
	       "(its second streaming line evicted the first from the MTA: the CAIT "
	       "knew the load streams before warp 0 ended)");
	/* four other lines of warp 1's line's set cannot push it out */
	for (unsigned i = 1; i <= 4; i++) {
		struct wt_request x = req(9, 0x50, A + LINE + i * SET_STRIDE);

		access_at(&l1, &x, t += 200);
	}
	type = access_at(&l1, &r[9], t += 200);	/* warp 1, 0x10 again */
	is_u64((uint64_t)type, WT_EV_HIT, "the protected line survived four fills of its set");
	access_at(&l1, &r[10], t += 200);	/* 0x20 */
	access_at(&l1, &r[11], t += 200);	/* 0x10 */
	access_at(&l1, &r[12], t += 200);	/* 0x20 */
	access_at(&l1, &r[13], t += 200);	/* 0x30: out of the loop */
	for (unsigned i = 5; i <= 8; i++) {
		struct wt_request x = req(9, 0x50, A + LINE + i * SET_STRIDE);

		access_at(&l1, &x, t += 200);
	}
	type = access_at(&l1, &r[14], t += 200);
	is_u64((uint64_t)type, WT_EV_MISS, "after loop exit (before the warp ends) the line lost "
	       "its protection and was replaced");
	{
		int prot = 0;

		wt_l1_kernel_begin(&l1, 1, r, n);
		for (unsigned i = 0; i < SETS * 4; i++)
			prot |= l1.meta[i].prot || l1.meta[i].warp != UINT32_MAX;
		ok(!prot, "a new kernel: no line is pinned or owned by a warp (ids start again)");
	}
	wt_l1_free(&l1);
}

static void test_abyp(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r;
	uint64_t t = 0;
	unsigned i;
	int type = 0;

	setup(&l1, &c, "abyp");
	/* PC 0x40 streams through set 0: every line leaves unused */
	for (i = 0; i < 20 && type != WT_EV_BYPASS; i++) {
		r = req(0, 0x40, i * SET_STRIDE);
		type = access_at(&l1, &r, t += 200);
	}
	is_u64((uint64_t)type, WT_EV_BYPASS, "after dead evictions the PC bypasses");
	is_u64(i, 4 + 8 + 1, "the 8th dead eviction crosses the threshold (4 ways fill first)");
	/* the bypassed line is loaded again: the prediction was wrong */
	r = req(0, 0x40, (i - 1) * SET_STRIDE);
	type = access_at(&l1, &r, t += 200);
	is_u64(wt_pol_stats_get(&l1.st.pol, "abyp_corrections"), 1, "a reload of a bypassed line corrects the predictor");
	r = req(0, 0x40, 100 * SET_STRIDE);
	type = access_at(&l1, &r, t += 200);
	is_u64((uint64_t)type, WT_EV_MISS, "the PC allocates again");
	wt_l1_free(&l1);
}

static void test_pcal_mrpb(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r;
	int type;

	setup(&l1, &c, "pcal");
	r = req(0, 0x10, 0);
	access_at(&l1, &r, 100);
	l1.noalloc = 1;
	r = req(1, 0x10, LINE);
	type = access_at(&l1, &r, 300);
	is_u64((uint64_t)type, WT_EV_BYPASS, "a warp without a token: its miss allocates no line");
	is_u64(wt_pol_stats_get(&l1.st.pol, "pcal_noalloc"), 1, "counted as pcal_noalloc");
	r = req(1, 0x10, 0);
	is_u64((uint64_t)access_at(&l1, &r, 400), WT_EV_HIT, "but it may hit");
	l1.noalloc = 0;
	r = req(0, 0x10, LINE);
	is_u64((uint64_t)access_at(&l1, &r, 500), WT_EV_MISS, "the line it missed was not kept");
	wt_l1_free(&l1);

	for (int mrpb = 0; mrpb < 2; mrpb++) {
		setup(&l1, &c, mrpb ? "mrpb" : "none");
		for (unsigned i = 0; i < 4; i++) {
			r = req(i, 0x10, i * SET_STRIDE);
			access_at(&l1, &r, 10 + i);
		}
		r = req(4, 0x10, 4 * SET_STRIDE);
		type = access_at(&l1, &r, 20);
		if (mrpb) {
			is_u64((uint64_t)type, WT_EV_BYPASS,
			       "mrpb: every way reserved, the miss bypasses");
			is_u64(wt_pol_stats_get(&l1.st.pol, "mrpb_bypass"), 1, "counted as mrpb_bypass");
		} else {
			ok(type == -1 - WT_FAIL_LINE_ALLOC,
			   "without mrpb: a line-allocation fail");
		}
		wt_l1_free(&l1);
	}
}

static void test_ccws_evictions(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r;

	setup(&l1, &c, "ccws");
	for (unsigned i = 0; i < 5; i++) {
		r = req(i, 0x10, i * SET_STRIDE);
		access_at(&l1, &r, 1000 * (i + 1));
	}
	is_u64(l1.nevicted, 1, "the fifth line evicted one");
	is_u64(l1.evicted[0].warp, 0, "owned by the warp that brought it in");
	is_u64(l1.evicted[0].line, 0, "with its line address");
	wt_l1_free(&l1);
}

/* ---- the pool ---- */

/* n warps of one CTA, each with k loads of its own lines. */
static struct wt_request *warps(unsigned n, unsigned k, size_t *len)
{
	struct wt_request *r = calloc((size_t)n * k, sizeof(*r));

	*len = 0;
	for (unsigned i = 0; i < k; i++)
		for (unsigned w = 0; w < n; w++) {
			r[*len] = req(w, 0x10 + 8 * i, ((uint64_t)w * 64 + i) * LINE);
			r[*len].instr = i;
			(*len)++;
		}
	return r;
}

static void test_pool_limit(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_pool_cfg pc = { .delay = 1 };
	struct wt_l1_out out = { 0 };
	size_t n;
	struct wt_request *r = warps(4, 3, &n);
	struct wt_warp_pool *p;
	uint64_t first[4] = { 0 }, last[4] = { 0 };
	int overlap = 0;

	setup(&l1, &c, "none");
	pc.pol = &pol;
	wt_l1_kernel_begin(&l1, 0, r, n);
	p = wt_pool_new(&l1, &pc, r, n, 0, &out);
	wt_pool_set_limit(p, 1);
	wt_pool_step(p, UINT64_MAX);
	wt_pool_finish(p);
	for (unsigned i = 0; i < out.n; i++) {
		unsigned w = out.ev[i].warp;

		if (!first[w] || out.ev[i].time < first[w])
			first[w] = out.ev[i].time + 1;
		if (out.ev[i].time + 1 > last[w])
			last[w] = out.ev[i].time + 1;
	}
	for (unsigned w = 1; w < 4; w++)
		overlap |= first[w] <= last[w - 1];
	ok(!overlap, "a limit of one warp: the warps run one after another");
	ok(first[3] > first[0], "in age order");
	free(out.ev);
	wt_l1_free(&l1);

	/* stepping a period at a time changes nothing */
	{
		struct wt_l1 a, b;
		struct wt_l1_out oa = { 0 }, ob = { 0 };
		uint64_t ea, eb;
		int same;

		setup(&a, &c, "none");
		setup(&b, &c, "none");
		ea = wt_pool_run(&a, &pc, r, n, 0, &oa);
		p = wt_pool_new(&b, &pc, r, n, 0, &ob);
		for (uint64_t until = 50; !wt_pool_step(p, until); until += 50)
			;
		eb = wt_pool_finish(p);
		same = ea == eb && oa.n == ob.n &&
		       memcmp(oa.ev, ob.ev, oa.n * sizeof(*oa.ev)) == 0;
		ok(same, "a run in steps of 50 cycles is the run in one go");
		is_u64(a.st.stall_cycles, b.st.stall_cycles, "with the same stalls");
		free(oa.ev);
		free(ob.ev);
		wt_l1_free(&a);
		wt_l1_free(&b);
	}
	free(r);
}

static void test_pool_mrpb(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_pool_cfg pc = { .ctas = 0 };
	struct wt_l1_out out = { 0 };
	size_t n;
	struct wt_request *r = warps(4, 2, &n);
	unsigned order[8], k = 0;

	setup(&l1, &c, "mrpb");
	pc.pol = &pol;
	wt_l1_kernel_begin(&l1, 0, r, n);
	wt_pool_run(&l1, &pc, r, n, 0, &out);
	for (unsigned i = 0; i < out.n && k < 8; i++)
		order[k++] = out.ev[i].warp;
	ok(k == 8 && order[0] == 0 && order[1] == 0,
	   "mrpb, no waiting for data: the oldest warp drains first (%u %u %u %u)",
	   order[0], order[1], order[2], order[3]);
	free(out.ev);
	free(r);
	wt_l1_free(&l1);
}

/*
 * CCWS holds warps back; when it holds back every warp in the queue, the
 * pool jumps to the cycle its answers can change (held_until).  A run in
 * steps of one cycle never jumps (a jump stops at the step's end), so it
 * must come out the same: events, stall cycles and the refusals counted.
 */
extern const struct wt_l1_policy_ops wt_pol_ccws_ops;

static void test_pool_ccws_held(void)
{
	struct wt_pool_cfg pc = { .delay = 1 };
	struct wt_request *r;
	size_t n = 0;
	struct wt_l1 a, b;
	struct wt_l1_cfg c;
	struct wt_l1_out oa = { 0 }, ob = { 0 };
	struct wt_warp_pool *p;
	uint64_t ea, eb, ba, bb;
	int same;

	/* 16 warps, each over 12 lines of its own 4 times: 192 lines, more
	 * than the 128 the L1 holds, so lines leave and come back */
	r = calloc(16 * 12 * 4, sizeof(*r));
	for (unsigned round = 0; round < 4; round++)
		for (unsigned i = 0; i < 12; i++)
			for (unsigned w = 0; w < 16; w++) {
				r[n] = req(w, 0x10 + 8 * i, ((uint64_t)w * 12 + i) * LINE);
				r[n].instr = round * 12 + i;
				n++;
			}
	setup(&a, &c, "ccws");
	setup(&b, &c, "ccws");
	pc.pol = &pol;
	wt_l1_kernel_begin(&a, 0, r, n);
	wt_l1_kernel_begin(&b, 0, r, n);
	ea = wt_pool_run(&a, &pc, r, n, 0, &oa);
	p = wt_pool_new(&b, &pc, r, n, 0, &ob);
	for (uint64_t until = 1; !wt_pool_step(p, until); until++)
		;
	eb = wt_pool_finish(p);
	ba = *wt_pol_counter(&a.st.pol, &wt_pol_ccws_ops, 1);
	bb = *wt_pol_counter(&b.st.pol, &wt_pol_ccws_ops, 1);
	ok(ba > 1000, "ccws in the pool holds warps back (%llu refusals)",
	   (unsigned long long)ba);
	same = ea == eb && oa.n == ob.n &&
	       memcmp(oa.ev, ob.ev, oa.n * sizeof(*oa.ev)) == 0;
	ok(same, "ccws: the run in one go, jumping over held cycles, is the "
	   "run a cycle at a time");
	is_u64(ba, bb, "... with the same refusals counted");
	is_u64(a.st.stall_cycles, b.st.stall_cycles, "... and the same stalls");
	free(oa.ev);
	free(ob.ev);
	wt_l1_free(&a);
	wt_l1_free(&b);
	free(r);
}

/* A pool's warp limit that never holds a warp back leaves the run as it
 * is without one, and says so (wt_pool_limited); one that does, says
 * that. */
static void test_pool_limited(void)
{
	struct wt_pool_cfg pc = { .delay = 1 };
	size_t n;
	struct wt_request *r = warps(4, 3, &n);
	unsigned limits[] = { 0, 4, 9, 3, 1 };
	struct wt_l1 a, b;
	struct wt_l1_cfg c;
	struct wt_l1_out oa = { 0 }, ob = { 0 };
	uint64_t ea, eb;

	setup(&a, &c, "none");
	pc.pol = &pol;
	ea = wt_pool_run(&a, &pc, r, n, 0, &oa);
	for (unsigned i = 0; i < sizeof(limits) / sizeof(*limits); i++) {
		struct wt_warp_pool *p;
		int limited, same;

		setup(&b, &c, "none");
		ob.n = 0;
		p = wt_pool_new(&b, &pc, r, n, 0, &ob);
		if (limits[i])
			wt_pool_set_limit(p, limits[i]);
		wt_pool_step(p, UINT64_MAX);
		limited = wt_pool_limited(p);
		eb = wt_pool_finish(p);
		same = ea == eb && oa.n == ob.n &&
		       memcmp(oa.ev, ob.ev, oa.n * sizeof(*oa.ev)) == 0;
		ok(limited == (limits[i] && limits[i] < 4),
		   "limit %u of 4 warps: %s", limits[i],
		   limited ? "held a warp back" : "held none back");
		if (!limited)
			ok(same, "... and the run is the run without a limit");
		wt_l1_free(&b);
	}
	free(oa.ev);
	free(ob.ev);
	wt_l1_free(&a);
	free(r);
}

extern const struct wt_l1_policy_ops wt_pol_swt_ops;

/* SWT's search over a made-up kernel: cycles[lim - 1] under limit lim,
 * the limit binding below unbound_from. */
struct fake_kernel {
	const uint64_t *cycles;
	unsigned unbound_from, tried;
	uint64_t caps[8];
};

static uint64_t fake_trial(void *ctx, unsigned lim, uint64_t cap, int *bound)
{
	struct fake_kernel *f = ctx;

	f->caps[f->tried++] = cap;
	*bound = lim < f->unbound_from;
	return f->cycles[lim - 1] < cap ? f->cycles[lim - 1] : cap;
}

static void test_swt_search(void)
{
	const uint64_t falling[] = { 900, 500, 400, 400, 400, 400, 400, 400 };
	const uint64_t dip[] = { 900, 300, 500, 700, 300, 200, 200, 200 };
	struct wt_l1_policy p;
	void *g;
	struct fake_kernel f = { falling, 9, 0, { 0 } };
	unsigned lim;

	wt_l1_policy_default(&p);
	p.max_warps = 8;
	g = wt_pol_swt_ops.gpu_init(&p);
	lim = wt_pol_swt_ops.kernel_search(g, 8, fake_trial, &f);
	is_u64(lim, 3, "swt: the smallest limit of the fewest cycles");
	is_u64(f.tried, 8, "... every limit tried while each binds");
	is_u64(f.caps[0], UINT64_MAX, "... the first trial without a cap");
	is_u64(f.caps[3], 400, "... the later ones capped at the best so far");
	f = (struct fake_kernel){ falling, 4, 0, { 0 } };
	lim = wt_pol_swt_ops.kernel_search(g, 8, fake_trial, &f);
	is_u64(lim, 3, "swt: a limit that holds no warp back ...");
	is_u64(f.tried, 4, "... ends the search (the larger ones run the same)");
	f = (struct fake_kernel){ dip, 9, 0, { 0 } };
	lim = wt_pol_swt_ops.kernel_search(g, 5, fake_trial, &f);
	is_u64(lim, 2, "swt: of equal cycles the smaller limit wins");
	is_u64(f.tried, 5, "... limits past the most warps are not tried");
	wt_pol_swt_ops.gpu_free(g);
}

/* A next pseudo-random number (xorshift64). */
static uint64_t next_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * The MSHRs' bookkeeping (wt_l1_check: the filter's counts, the ready
 * order of the entries, the ways they reserved) holds after every request
 * of a stream with merges, full MSHRs, full merge slots, line-allocation
 * stalls and spread latencies, whichever way the fills are taken.
 */
static void test_mshr_random(void)
{
	static const struct {
		const char *name;
		int alloc_on_fill;
		enum wt_l1_mode mode;
		double sigma;
	} cases[] = {
		{ "allocation on miss", 0, WT_L1_BOUNDED, 0 },
		{ "allocation on miss, spread latencies", 0, WT_L1_BOUNDED, 40 },
		{ "allocation on fill", 1, WT_L1_BOUNDED, 40 },
		{ "unbounded", 0, WT_L1_UNBOUNDED, 40 },
	};

	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct wt_l1 l1;
		struct wt_l1_cfg c;
		struct wt_l1_out out = { 0 };
		char err[256] = "", why[256];
		uint64_t x = 88172645463325252ULL, t = 0;
		int bad = 0, n = 20000;

		setup(&l1, &c, "none");
		wt_l1_free(&l1);
		c.alloc_on_fill = cases[k].alloc_on_fill;
		c.mode = cases[k].mode;
		c.sigma = cases[k].sigma;
		c.mshr_entries = 8;
		c.mshr_merge = 2;
		c.pol = NULL;
		if (wt_l1_init(&l1, &c, 0, why, sizeof(why)) < 0)
			abort();
		for (int i = 0; i < n && bad < 100; i++) {
			/* 16 tags in each of 4 sets of a 4-way cache */
			uint64_t v = next_rand(&x), done, retry;
			struct wt_request r = req(0, 0x10, (v % 16) * SET_STRIDE +
						  (v / 16 % 4) * LINE);
			int tries = 0, refused = 0, rc;

			t += v / 64 % 4;
			/* as wt_l1_request, but checked after each try, and a
			 * request that never gets through is wrong too */
			while ((rc = wt_l1_access(&l1, &r, t, refused, &out, &done,
						  &retry)) >= 0 && ++tries < 100) {
				refused |= rc == WT_FAIL_MSHR_ENTRY;
				t = retry > t ? retry : t + 1;
				if (wt_l1_check(&l1, why, sizeof(why)) < 0 && !bad++)
					wt_snprintf(err, sizeof(err), "request %d: %s", i, why);
			}
			out.n = 0;
			if (rc >= 0 && !bad++)
				wt_snprintf(err, sizeof(err), "request %d: never made", i);
			if (wt_l1_check(&l1, why, sizeof(why)) < 0 && !bad++)
				wt_snprintf(err, sizeof(err), "request %d: %s", i, why);
		}
		ok(!bad, "%s: the MSHRs' bookkeeping holds after each try of %d requests%s%s",
		   cases[k].name, n, bad ? "; first wrong at " : "", err);
		ok(l1.st.merged && l1.st.fails[WT_FAIL_MSHR_ENTRY] &&
		   l1.st.fails[WT_FAIL_MSHR_MERGE] &&
		   (cases[k].mode != WT_L1_BOUNDED || cases[k].alloc_on_fill ||
		    l1.st.fails[WT_FAIL_LINE_ALLOC]),
		   "%s: with merges and reservation fails", cases[k].name);
		free(out.ev);
		wt_l1_free(&l1);
	}
}

/* A load of a line in flight finds its MSHR (the filter in front of the
 * scan counts it) and merges; the lines of other entries do not. */
static void test_mshr_merge(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_l1_out out = { 0 };
	uint64_t done, retry;
	struct wt_request r;
	int lat = 0;

	setup(&l1, &c, "none");
	for (unsigned i = 0; i < 8; i++) {	/* 8 lines in flight */
		r = req(0, 0x10, (uint64_t)i * 5 * LINE);
		access_at(&l1, &r, i);
	}
	is_u64(l1.nmshr, 8, "8 misses of 8 lines hold 8 MSHRs");
	for (unsigned i = 0; i < 8; i++) {
		r = req(1, 0x20, (uint64_t)i * 5 * LINE);
		wt_l1_access(&l1, &r, 10 + i, 0, &out, &done, &retry);
		lat += out.n && out.ev[out.n - 1].miss_class == WT_MISS_LATENCY &&
		       done == i + 100;
	}
	is_u64(l1.st.merged, 8, "a load of each merges into its MSHR");
	is_u64(lat, 8, "a latency miss, done when the first one's data comes");
	r = req(1, 0x20, 3 * LINE);	/* no MSHR: a new one */
	wt_l1_access(&l1, &r, 20, 0, &out, &done, &retry);
	ok(l1.st.merged == 8 && l1.nmshr == 9, "a line of no entry takes a new one");
	r = req(1, 0x20, 5 * LINE);
	is_u64((uint64_t)access_at(&l1, &r, 101), WT_EV_HIT,
	       "once the data has come, the line hits");
	is_u64(l1.nmshr, 7, "its MSHR and the other one due have gone");
	free(out.ev);
	out = (struct wt_l1_out){ 0 };
	wt_l1_free(&l1);

	/* No limit on the entries, and no line to reserve (allocation on
	 * fill; no tags): the arrays grow past their first size. */
	for (int unbounded = 0; unbounded < 2; unbounded++) {
		char err[256] = "";

		setup(&l1, &c, "none");
		wt_l1_free(&l1);
		c.alloc_on_fill = !unbounded;
		c.mode = unbounded ? WT_L1_UNBOUNDED : WT_L1_BOUNDED;
		if (wt_l1_init(&l1, &c, 0, err, sizeof(err)) < 0)
			abort();
		for (unsigned i = 0; i < 10000; i++) {
			r = req(0, 0x10, (uint64_t)i * LINE);
			wt_l1_access(&l1, &r, i / 1000, 0, &out, &done, &retry);
			out.n = 0;
		}
		ok(l1.nmshr == 10000 && wt_l1_check(&l1, err, sizeof(err)) == 0,
		   "%s: 10000 misses in 10 cycles, no MSHR limit: all held (%u) %s",
		   unbounded ? "unbounded" : "allocation on fill", l1.nmshr, err);
		free(out.ev);
		out = (struct wt_l1_out){ 0 };
		wt_l1_free(&l1);
	}
}

/*
 * Each warp's statistics, one entry per kernel and warp: the map that
 * finds a warp's entry holds the running kernel's warps only, and is
 * remade when the kernel changes.  Kernels 0, 1 and 2 in turn, warps 3
 * and 259 (the same slot of the warp cache, 256 apart) loading in each;
 * then the caller goes back to kernel 1: its warps' entries are found
 * again, none made twice.
 */
static void test_warp_entries(void)
{
	struct wt_l1 l1;
	struct wt_l1_cfg c;
	struct wt_request r;
	uint64_t t = 0, loads = 0;
	size_t k1_3 = 0, k1_259 = 0;
	int bad = 0;

	setup(&l1, &c, NULL);
	for (uint32_t k = 0; k < 3; k++) {
		l1.kernel = k;
		for (unsigned i = 0; i < 4; i++) {
			r = req(i % 2 ? 259 : 3, 0x10, (k * 8 + i) * LINE);
			access_at(&l1, &r, t += 200);
		}
	}
	is_u64(l1.st.nwarps, 6, "warp entries: one per kernel and warp (3 kernels, 2 warps)");
	l1.kernel = 1;
	r = req(259, 0x10, 100 * LINE);
	access_at(&l1, &r, t += 200);
	r = req(3, 0x10, 101 * LINE);
	access_at(&l1, &r, t += 200);
	is_u64(l1.st.nwarps, 6, "back to kernel 1: no entry made twice");
	for (size_t i = 0; i < l1.st.nwarps; i++) {
		const struct wt_warp_stats *w = &l1.st.warps[i];

		loads += w->loads;
		if (w->kernel == 1 && w->warp == 3)
			k1_3 = w->loads;
		else if (w->kernel == 1 && w->warp == 259)
			k1_259 = w->loads;
		else
			bad |= w->loads != 2;
	}
	is_u64(k1_3, 3, "kernel 1's warp 3: its two loads and the one after the return");
	is_u64(k1_259, 3, "kernel 1's warp 259: likewise");
	ok(!bad && loads == 14, "the other entries: two loads each, 14 loads in all");
	wt_l1_free(&l1);
}

int main(void)
{
	test_mshr_random();
	test_mshr_merge();
	test_sbyp();
	test_pd();
	test_apcm();
	test_abyp();
	test_pcal_mrpb();
	test_ccws_evictions();
	test_pool_limit();
	test_pool_mrpb();
	test_pool_ccws_held();
	test_pool_limited();
	test_swt_search();
	test_warp_entries();
	return tap_done();
}
