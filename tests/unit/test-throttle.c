/*
 * test-throttle.c - the two warp-throttling state machines the warp pool
 * calls: CCWS's victim tag arrays, lost-locality scores and cutoff
 * stacking (Rogers et al., with Khairy et al.'s Table 4), and DWT-CS's
 * monitoring, core sampling and reuse (Khairy et al., section 4.2).
 */
#include "ccws.h"
#include "dwtcs.h"
#include "tap.h"

/* The i-th line (from 0) of the lines that go to VTA set `set`. */
static uint64_t line_in(const struct wt_ccws *c, unsigned set, unsigned i)
{
	for (uint64_t l = 0;; l += 128)
		if (wt_ccws_vta_set(c, l) == set && i-- == 0)
			return l;
}

static struct wt_ccws *ccws(unsigned nwarps, unsigned active)
{
	struct wt_ccws_cfg cfg;
	struct wt_ccws *c;

	wt_ccws_default(&cfg);
	c = wt_ccws_new(&cfg, nwarps);
	for (unsigned w = 0; w < active; w++)
		wt_ccws_set_active(c, w, 1);
	return c;
}

static void test_vta(void)
{
	struct wt_ccws *c = ccws(4, 4);
	uint64_t a = line_in(c, 0, 0), b = line_in(c, 0, 1);

	ok(!wt_ccws_miss(c, 0, a, 1), "VTA: empty, a miss finds nothing");
	wt_ccws_evict(c, 0, a);
	ok(!wt_ccws_miss(c, 1, a, 2), "VTA: another warp's eviction is not a hit");
	ok(wt_ccws_miss(c, 0, a, 3), "VTA: the owner's later miss hits");
	ok(!wt_ccws_miss(c, 0, a, 4), "VTA: a hit removes the entry");
	wt_ccws_evict(c, 2, b);
	wt_ccws_set_active(c, 2, 0);
	wt_ccws_set_active(c, 2, 1);
	ok(!wt_ccws_miss(c, 2, b, 5), "VTA: a warp that left and joined starts empty");
	wt_ccws_set_active(c, 3, 0);
	wt_ccws_evict(c, 3, b);
	ok(!wt_ccws_miss(c, 3, b, 6), "VTA: an inactive warp records nothing, never hits");
	is_u64(wt_ccws_stats(c)->evictions, 2, "VTA: two evictions recorded");
	is_u64(wt_ccws_stats(c)->vta_hits, 1, "VTA: one hit");
	wt_ccws_free(c);
}

static void test_vta_lru(void)
{
	struct wt_ccws *c = ccws(1, 1);
	uint64_t s0[9], s1;
	unsigned i;

	for (i = 0; i < 9; i++)
		s0[i] = line_in(c, 0, i);
	s1 = line_in(c, 1, 0);
	wt_ccws_evict(c, 0, s1);
	for (i = 0; i < 8; i++)
		wt_ccws_evict(c, 0, s0[i]);
	wt_ccws_evict(c, 0, s0[0]);	/* again: back to MRU */
	wt_ccws_evict(c, 0, s0[8]);	/* the set is full: s0[1] leaves */
	ok(!wt_ccws_miss(c, 0, s0[1], 1), "LRU: the 9th line of a set pushes out its LRU");
	ok(wt_ccws_miss(c, 0, s0[0], 1), "LRU: a line evicted again went back to MRU");
	ok(wt_ccws_miss(c, 0, s0[8], 1), "LRU: the newest line is in");
	for (i = 2; i < 8; i++)
		if (!wt_ccws_miss(c, 0, s0[i], 1))
			break;
	is_u64(i, 8, "LRU: the other six of the set are in");
	ok(wt_ccws_miss(c, 0, s1, 1), "LRU: the other set's line was not displaced");
	wt_ccws_free(c);
}

static void test_score(void)
{
	struct wt_ccws *c = ccws(2, 2);
	uint64_t a = line_in(c, 0, 0);

	is_u64(wt_ccws_score(c, 0, 0), 100, "score: starts at base");
	wt_ccws_evict(c, 0, a);
	wt_ccws_miss(c, 0, a, 1000);
	is_u64(wt_ccws_score(c, 0, 1000), 900, "score: a VTA hit adds 8 x 100");
	is_u64(wt_ccws_score(c, 0, 1001), 899, "score: one point less a cycle later");
	is_u64(wt_ccws_score(c, 0, 1500), 400, "score: 500 cycles later, 400");
	wt_ccws_evict(c, 0, a);
	wt_ccws_miss(c, 0, a, 1500);
	is_u64(wt_ccws_score(c, 0, 1500), 1200, "score: a second hit adds to the decayed score");
	is_u64(wt_ccws_score(c, 0, 2600), 100, "score: back to base after 1100 cycles");
	is_u64(wt_ccws_score(c, 0, 9999), 100, "score: never below base");
	is_u64(wt_ccws_score(c, 1, 9999), 100, "score: the other warp never moved");
	wt_ccws_free(c);
}

/* The active warps of c (of the first n) that may issue at t, as a bit
 * mask. */
static unsigned mayset(struct wt_ccws *c, unsigned n, uint64_t t)
{
	unsigned m = 0;

	for (unsigned w = 0; w < n; w++)
		if (wt_ccws_active(c, w) && wt_ccws_may_issue(c, w, t))
			m |= 1u << w;
	return m;
}

static void test_cutoff(void)
{
	struct wt_ccws *c = ccws(6, 4);
	uint64_t a = line_in(c, 0, 0);

	is_u64(mayset(c, 6, 0), 0xf, "cutoff: all at base, all four may issue");
	wt_ccws_evict(c, 2, a);
	wt_ccws_miss(c, 2, a, 100);		/* warp 2: 900, cutoff 400 */
	is_u64(mayset(c, 6, 100), 1u << 2, "cutoff: warp 2 at 900 over 400: only it, on top");
	is_u64(wt_ccws_stats(c)->max_descheduled, 3, "cutoff: three descheduled at once");
	is_u64(mayset(c, 6, 699), 1u << 2, "cutoff: 301 + 100 is still over 400");
	is_u64(mayset(c, 6, 700), 1u << 2 | 1u << 0, "cutoff: 300 + 100 fits: warp 0 (older) back");
	is_u64(mayset(c, 6, 800), 1u << 2 | 1u << 0 | 1u << 1, "cutoff: at 200, warp 1 too");
	is_u64(mayset(c, 6, 899), 0x7, "cutoff: at 101, warp 3 still waits");
	is_u64(mayset(c, 6, 900), 0xf, "cutoff: back to base, all four again");
	is_u64(wt_ccws_stats(c)->throttled, 3 + 3 + 2 + 1 + 1,
	       "cutoff: throttled checks counted");
	/* the active set */
	wt_ccws_evict(c, 1, a);
	wt_ccws_miss(c, 1, a, 1000);		/* warp 1: 900 */
	wt_ccws_set_active(c, 3, 0);		/* three active: cutoff 300 */
	ok(wt_ccws_may_issue(c, 3, 1000), "inactive: a warp that left is never throttled");
	is_u64(mayset(c, 6, 1000), 1u << 1, "inactive: warp 1 on top, 0 and 2 out");
	is_u64(mayset(c, 6, 1699), 1u << 1, "inactive: 201 + 100 is over 300");
	is_u64(mayset(c, 6, 1700), 0x3, "inactive: 200 + 100 fits three warps' cutoff");
	is_u64(mayset(c, 6, 1750), 0x3, "inactive: 150 + 100 + 100 does not");
	wt_ccws_set_active(c, 4, 1);		/* four active: cutoff 400 */
	is_u64(mayset(c, 6, 1750), 0x7, "inactive: a warp joins, the cutoff grows; "
	       "the newcomer is stacked last");
	is_u64(mayset(c, 6, 1800), 0x17, "inactive: everyone at base, all active may");
	wt_ccws_free(c);
}

static void test_top(void)
{
	struct wt_ccws *c = ccws(3, 3);
	uint64_t a = line_in(c, 0, 0);

	wt_ccws_evict(c, 2, a);
	wt_ccws_miss(c, 2, a, 10);
	wt_ccws_evict(c, 1, a);
	wt_ccws_miss(c, 1, a, 10);		/* warps 1 and 2 at 900 */
	is_u64(mayset(c, 6, 10), 1u << 1, "top: two at 900 tie, the older one on top, alone");
	wt_ccws_evict(c, 2, a);
	wt_ccws_miss(c, 2, a, 11);		/* warp 2 at 1699 */
	is_u64(mayset(c, 6, 11), 1u << 2, "top: the highest score always may, over the cutoff");
	wt_ccws_free(c);
}

/* Whether warp may issue at t, worked out from the scores alone. */
static int naive_may(struct wt_ccws *c, unsigned nwarps, unsigned warp, uint64_t t)
{
	uint64_t mine = wt_ccws_score(c, warp, t), above = 0;
	unsigned first = 1;

	for (unsigned w = 0; w < nwarps; w++) {
		uint64_t s = wt_ccws_score(c, w, t);

		if (w == warp || !wt_ccws_active(c, w))
			continue;
		if (s > mine || (s == mine && w < warp)) {
			above += s;
			first = 0;
		}
	}
	return first || above + mine <= (uint64_t)wt_ccws_nactive(c) * 100;
}

static void test_lazy(void)
{
	struct wt_ccws *c = ccws(48, 40);
	uint64_t x = 12345, a = line_in(c, 0, 0);
	unsigned bad = 0, changes = 0, last = 0;

	for (uint64_t t = 0; t < 20000; t++) {
		unsigned cur = 0;

		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		if ((x >> 33) % 97 == 0) {	/* a VTA hit for a random warp */
			unsigned w = (unsigned)(x >> 40) % 48;

			wt_ccws_evict(c, w, a);
			wt_ccws_miss(c, w, a, t);
		}
		if ((x >> 33) % 499 == 1)	/* a warp leaves or joins */
			wt_ccws_set_active(c, (unsigned)(x >> 45) % 48,
					   !wt_ccws_active(c, (unsigned)(x >> 45) % 48));
		for (unsigned w = 0; w < 48; w++) {
			int may = wt_ccws_may_issue(c, w, t);

			bad += wt_ccws_active(c, w) && may != naive_may(c, 48, w, t);
			if (may)
				cur++;
		}
		changes += cur != last;
		last = cur;
	}
	is_u64(bad, 0, "lazy: the eligible set agrees with stacking every cycle");
	ok(changes > 100, "lazy: ... through %u changes of it", changes);
	wt_ccws_free(c);
}

static struct wt_dwtcs *dwtcs(unsigned nsm, unsigned max_warps)
{
	struct wt_dwtcs_cfg cfg;

	wt_dwtcs_default(&cfg);
	cfg.max_warps = max_warps;
	return wt_dwtcs_new(&cfg, nsm);
}

/* One period: every SM committed insns[s] (or 1000 when insns is NULL),
 * with misses at `mpki` misses per 1000 instructions. */
static void period(struct wt_dwtcs *d, unsigned nsm, const uint64_t *insns,
		   unsigned mpki)
{
	uint64_t in[16], miss[16];

	for (unsigned s = 0; s < nsm; s++) {
		in[s] = insns ? insns[s] : 1000;
		miss[s] = in[s] * mpki / 1000;
	}
	wt_dwtcs_period(d, in, miss);
}

static void test_monitoring(void)
{
	struct wt_dwtcs *d = dwtcs(4, 24);
	uint64_t none[4] = { 0, 0, 0, 0 };

	wt_dwtcs_kernel_begin(d, "k");
	for (unsigned i = 0; i < 10; i++)
		period(d, 4, NULL, 10);
	ok(wt_dwtcs_state(d) == WT_DWTCS_MONITORING, "monitoring: MPKI 10 is not over 10");
	is_u64(wt_dwtcs_limit(d, 0), 0, "monitoring: no limit");
	period(d, 4, NULL, 11);
	period(d, 4, NULL, 11);
	ok(wt_dwtcs_state(d) == WT_DWTCS_MONITORING, "monitoring: n - 1 periods over do not start sampling");
	period(d, 4, NULL, 5);
	period(d, 4, NULL, 11);
	period(d, 4, NULL, 11);
	ok(wt_dwtcs_state(d) == WT_DWTCS_MONITORING, "monitoring: an interruption resets the run");
	period(d, 4, none, 0);
	ok(wt_dwtcs_state(d) == WT_DWTCS_MONITORING, "monitoring: an idle period does not count");
	period(d, 4, NULL, 11);
	ok(wt_dwtcs_state(d) == WT_DWTCS_SAMPLING, "monitoring: ... nor break the run: sampling");
	is_u64(wt_dwtcs_stats(d)->over, 5, "monitoring: five periods over the threshold");
	is_u64(wt_dwtcs_stats(d)->idle, 1, "monitoring: one idle");
	wt_dwtcs_free(d);
}

/* Start sampling: n periods over the threshold. */
static void over(struct wt_dwtcs *d, unsigned nsm)
{
	for (unsigned i = 0; i < 3; i++)
		period(d, nsm, NULL, 50);
}

static void test_sampling(void)
{
	struct wt_dwtcs *d = dwtcs(4, 24);
	uint64_t insns[4] = { 100, 300, 250, 200 };
	unsigned s;

	wt_dwtcs_kernel_begin(d, "k");
	over(d, 4);
	for (s = 0; s < 4; s++)
		if (wt_dwtcs_limit(d, s) != s + 1)
			break;
	is_u64(s, 4, "sampling: SM s runs with s + 1 warps");
	period(d, 4, insns, 50);
	period(d, 4, insns, 50);
	ok(wt_dwtcs_state(d) == WT_DWTCS_SAMPLING, "sampling: m - 1 periods, still sampling");
	period(d, 4, insns, 0);
	ok(wt_dwtcs_state(d) == WT_DWTCS_DECIDED, "sampling: decided after m periods");
	is_u64(wt_dwtcs_decided(d), 2, "sampling: the SM with the most instructions wins (2 warps)");
	for (s = 0; s < 4; s++)
		if (wt_dwtcs_limit(d, s) != 2)
			break;
	is_u64(s, 4, "sampling: every SM gets the winner's count");
	period(d, 4, NULL, 0);
	is_u64(wt_dwtcs_limit(d, 3), 2, "sampling: the limit holds for the kernel");
	wt_dwtcs_kernel_begin(d, "other");
	is_u64(wt_dwtcs_limit(d, 0), 0, "kernel_begin: the limit back to 0");
	ok(wt_dwtcs_state(d) == WT_DWTCS_MONITORING, "kernel_begin: monitoring");
	wt_dwtcs_free(d);
}

static void test_paper_example(void)
{
	/* 15 SMs, cores #1..#15 sampling 1..15 warps; the best is 7 */
	struct wt_dwtcs *d = dwtcs(15, 24);
	uint64_t insns[15];

	for (unsigned s = 0; s < 15; s++)
		insns[s] = 10000 - 100 * (s > 6 ? s - 6 : 6 - s);
	wt_dwtcs_kernel_begin(d, "bfs");
	over(d, 15);
	for (unsigned i = 0; i < 3; i++)
		period(d, 15, insns, 20);
	is_u64(wt_dwtcs_decided(d), 7, "paper: DWT-CS picks the core with the most instructions");
	is_u64(wt_dwtcs_rounds(d), 1, "paper: one round");
	wt_dwtcs_free(d);
}

static void test_tie(void)
{
	struct wt_dwtcs *d = dwtcs(4, 24);
	uint64_t insns[4] = { 100, 300, 300, 300 };

	wt_dwtcs_kernel_begin(d, "k");
	over(d, 4);
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, insns, 50);
	is_u64(wt_dwtcs_decided(d), 2, "tie: the fewer warps win");
	is_u64(wt_dwtcs_rounds(d), 1, "tie: the last SM tied, no second round");
	wt_dwtcs_free(d);
}

static void test_relaunch(void)
{
	struct wt_dwtcs *d = dwtcs(4, 10);
	uint64_t up[4] = { 100, 200, 300, 400 };
	uint64_t second[4] = { 500, 450, 300, 300 };
	uint64_t third[4] = { 350, 360, 370, 380 };
	unsigned want[4] = { 9, 10, 10, 10 }, s;

	wt_dwtcs_kernel_begin(d, "k");
	over(d, 4);
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, up, 50);
	ok(wt_dwtcs_state(d) == WT_DWTCS_SAMPLING, "relaunch: the last SM won, sampling again");
	is_u64(wt_dwtcs_rounds(d), 2, "relaunch: a second round");
	for (s = 0; s < 4; s++)
		if (wt_dwtcs_limit(d, s) != 5 + s)
			break;
	is_u64(s, 4, "relaunch: SM s now runs 5 + s warps");
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, third, 50);
	ok(wt_dwtcs_state(d) == WT_DWTCS_SAMPLING, "relaunch: the last SM (8) won again");
	for (s = 0; s < 4; s++)
		if (wt_dwtcs_limit(d, s) != want[s])
			break;
	is_u64(s, 4, "relaunch: the third round, 9 and then 10 (max_warps) warps");
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, second, 50);
	is_u64(wt_dwtcs_decided(d), 9, "relaunch: 9 warps beat the earlier rounds' best");
	is_u64(wt_dwtcs_stats(d)->relaunches, 2, "relaunch: two relaunches");

	/* the best of all rounds can be an earlier one */
	wt_dwtcs_kernel_begin(d, "k2");
	over(d, 4);
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, up, 50);
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, up, 50);	/* round 2: 5..8 warps, 8 best at 400 */
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, second, 50);	/* round 3: 9 at 500 */
	is_u64(wt_dwtcs_decided(d), 9, "relaunch: more instructions in a later round win");
	wt_dwtcs_kernel_begin(d, "k3");
	over(d, 4);
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, up, 50);	/* round 1: 4 at 400 x 3 */
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, third, 50);	/* round 2: 8 at 380 x 3 */
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, third, 50);	/* round 3: 10 at 380 x 3 */
	is_u64(wt_dwtcs_decided(d), 4, "relaunch: the first round's 4 warps stay best");
	wt_dwtcs_free(d);
}

static void test_many_sms(void)
{
	struct wt_dwtcs *d = dwtcs(6, 4);
	uint64_t insns[6] = { 1, 2, 3, 4, 4, 4 };

	wt_dwtcs_kernel_begin(d, "k");
	over(d, 6);
	is_u64(wt_dwtcs_limit(d, 5), 4, "more SMs than max_warps: the rest sample max_warps");
	for (unsigned i = 0; i < 3; i++)
		period(d, 6, insns, 50);
	is_u64(wt_dwtcs_decided(d), 4, "more SMs than max_warps: decided 4");
	is_u64(wt_dwtcs_rounds(d), 1, "more SMs than max_warps: no relaunch");
	wt_dwtcs_free(d);
}

static void test_reuse(void)
{
	struct wt_dwtcs *d = dwtcs(4, 24);
	uint64_t insns[4] = { 100, 200, 300, 50 };

	wt_dwtcs_kernel_begin(d, "k");
	over(d, 4);
	for (unsigned i = 0; i < 3; i++)
		period(d, 4, insns, 50);
	is_u64(wt_dwtcs_decided(d), 3, "reuse: the first launch decides 3");
	wt_dwtcs_kernel_begin(d, "other");
	over(d, 4);
	period(d, 4, insns, 50);
	wt_dwtcs_kernel_begin(d, "other");	/* ended while sampling */
	over(d, 4);
	ok(wt_dwtcs_state(d) == WT_DWTCS_SAMPLING,
	   "reuse: a kernel that ended while sampling stored nothing");
	wt_dwtcs_kernel_begin(d, "k");
	is_u64(wt_dwtcs_limit(d, 0), 0, "reuse: a relaunch starts with no limit");
	period(d, 4, NULL, 50);
	period(d, 4, NULL, 50);
	ok(wt_dwtcs_state(d) == WT_DWTCS_MONITORING, "reuse: still monitored first");
	period(d, 4, NULL, 50);
	ok(wt_dwtcs_state(d) == WT_DWTCS_DECIDED, "reuse: n periods over: decided at once");
	is_u64(wt_dwtcs_limit(d, 2), 3, "reuse: the stored limit, without sampling");
	is_u64(wt_dwtcs_stats(d)->samplings, 3, "reuse: sampled three times in all");
	is_u64(wt_dwtcs_stats(d)->reused, 1, "reuse: one reused decision");
	wt_dwtcs_free(d);
}

int main(void)
{
	test_vta();
	test_vta_lru();
	test_score();
	test_cutoff();
	test_top();
	test_lazy();
	test_monitoring();
	test_sampling();
	test_paper_example();
	test_tie();
	test_relaunch();
	test_many_sms();
	test_reuse();
	return tap_done();
}
