/*
 * test-medic.c - MeDiC's warp-type identification at the L2 (section
 * 4.1): the profiling window, the periodic reset and the tuning of the
 * mostly-miss boundary (footnote 3); and the state of its comparison
 * points: Rand's draws, the evicted-address filter, PCAL's tokens.
 */
#include "l2policy.h"
#include "medic.h"
#include "tap.h"

/* n lookups by warp key at cycle t, the first h of them hits. */
static void lookups(struct wt_medic *m, uint64_t key, uint64_t t, unsigned n,
		    unsigned h)
{
	for (unsigned i = 0; i < n; i++)
		wt_medic_lookup(m, key, t, i < h);
}

static void test_profiling(void)
{
	struct wt_medic_cfg c;
	struct wt_medic m;
	int prof;
	enum wt_wtype t;

	wt_medic_default(&c);
	wt_medic_init(&m, &c);
	t = wt_medic_type(&m, 1, 0, &prof);
	ok(t == WT_WT_MAX && prof, "a new warp: no type, being profiled");
	lookups(&m, 1, 10, 29, 21);
	t = wt_medic_type(&m, 1, 10, &prof);
	ok(t == WT_WT_MAX && prof, "29 lookups: still profiling");
	wt_medic_lookup(&m, 1, 11, 0);
	t = wt_medic_type(&m, 1, 11, &prof);
	is_str(wt_wtype_name(t), "mostly-hit", "30th lookup ends profiling: 21 of 30 is 70 %%");
	ok(!prof, "profiled: bypass decisions may start");
	lookups(&m, 1, 12, 100, 0);
	is_str(wt_wtype_name(wt_medic_type(&m, 1, 12, &prof)), "mostly-hit",
	       "the type holds until the next reset, whatever follows");
	/* the periodic reset */
	t = wt_medic_type(&m, 1, 100000, &prof);
	ok(prof, "cycle 100000: a new epoch, profiling again");
	is_str(wt_wtype_name(t), "mostly-hit", "the old type is kept while profiling");
	lookups(&m, 1, 100001, 30, 0);
	is_str(wt_wtype_name(wt_medic_type(&m, 1, 100002, &prof)), "all-miss",
	       "after the reset: 0 of 30 is all-miss");
	lookups(&m, 2, 100003, 30, 6);
	is_str(wt_wtype_name(wt_medic_type(&m, 2, 100004, &prof)), "mostly-miss",
	       "6 of 30 (20 %%) is mostly-miss");
	lookups(&m, 3, 100005, 30, 7);
	is_str(wt_wtype_name(wt_medic_type(&m, 3, 100006, &prof)), "balanced",
	       "7 of 30 (23 %%) is balanced");
	wt_medic_free(&m);
}

static void test_tuning(void)
{
	struct wt_medic_cfg c;
	struct wt_medic m;
	int prof;

	wt_medic_default(&c);
	wt_medic_init(&m, &c);
	lookups(&m, 1, 5, 100, 50);		/* epoch 0: 50 % misses */
	lookups(&m, 9, 100005, 100, 39);	/* epoch 1: 61 % */
	wt_medic_type(&m, 2, 200000, &prof);	/* epoch 2 opens */
	is_u64(m.ref_miss, 500000, "the first complete epoch sets the reference, 50 %%");
	is_u64(m.mostly_miss, 100000, "11 points more misses: two steps of 5, boundary 20 - 10 %%");
	lookups(&m, 2, 200001, 30, 3);
	is_str(wt_wtype_name(wt_medic_type(&m, 2, 200002, &prof)), "mostly-miss",
	       "3 of 30 (10 %%) is still mostly-miss at 10 %%");
	lookups(&m, 3, 200003, 30, 4);
	is_str(wt_wtype_name(wt_medic_type(&m, 3, 200004, &prof)), "balanced",
	       "4 of 30 (13 %%) is balanced once the boundary is 10 %%");
	lookups(&m, 4, 200005, 100, 100);	/* epoch 2: 0 % misses... */
	wt_medic_type(&m, 2, 300000, &prof);
	is_u64(m.mostly_miss, 200000, "a miss rate back below the reference restores 20 %%");
	lookups(&m, 5, 300001, 100, 0);		/* epoch 3: 100 % misses */
	wt_medic_type(&m, 2, 400000, &prof);
	is_u64(m.mostly_miss, 0, "50 points more: the boundary stops at 0");
	wt_medic_free(&m);

	c.step = 0;
	wt_medic_init(&m, &c);
	lookups(&m, 1, 5, 100, 90);
	lookups(&m, 1, 100005, 100, 0);
	wt_medic_type(&m, 1, 200000, &prof);
	is_u64(m.mostly_miss, 200000, "step 0: no tuning");
	wt_medic_free(&m);
}

/* A kernel's end forgets its warps, not the epoch or the boundary. */
static void test_kernel_end(void)
{
	struct wt_medic_cfg c;
	struct wt_medic m;
	int prof;

	wt_medic_default(&c);
	wt_medic_init(&m, &c);
	lookups(&m, wt_medic_key(0, 1), 5, 100, 50);		/* epoch 0: 50 % */
	lookups(&m, wt_medic_key(0, 2), 100005, 100, 39);	/* epoch 1: 61 % */
	is_u64(m.n, 2, "kernel 0: two warps held");
	wt_medic_kernel_end(&m);
	is_u64(m.n, 0, "kernel end: its warps forgotten");
	ok(wt_medic_type(&m, wt_medic_key(1, 1), 200000, &prof) == WT_WT_MAX && prof,
	   "kernel 1's warp 1: new, no type, being profiled");
	is_u64(m.mostly_miss, 100000,
	       "the epochs of kernel 0 still tune the boundary (20 - 10 %%)");
	wt_medic_free(&m);
}

static void test_rand(void)
{
	unsigned n = 0, same = 0, again = 0;

	for (uint64_t k = 0; k < 10000; k++) {
		n += wt_rand_bypass(1, 0.25, 100000, k, 5);
		same += wt_rand_bypass(1, 0.25, 100000, k, 5) ==
			wt_rand_bypass(1, 0.25, 100000, k, 99999);
		again += wt_rand_bypass(1, 0.25, 100000, k, 5) ==
			 wt_rand_bypass(1, 0.25, 100000, k, 100000);
	}
	ok(n > 2300 && n < 2700, "Rand 25 %%: %u of 10000 warps bypass", n);
	is_u64(same, 10000, "Rand: a warp's draw holds through its period");
	ok(again < 9000, "Rand: drawn again in the next period (%u of 10000 the same)", again);
	ok(!wt_rand_bypass(1, 0, 100000, 7, 5) && wt_rand_bypass(1, 1, 100000, 7, 5),
	   "Rand: fraction 0 never, 1 always");
}

static void test_eaf(void)
{
	struct wt_eaf f;
	unsigned false_pos = 0;

	wt_eaf_init(&f, 128);
	for (uint64_t l = 0; l < 100; l++)
		wt_eaf_evicted(&f, l * 128);
	ok(wt_eaf_test(&f, 0) && wt_eaf_test(&f, 99 * 128), "EAF: evicted lines are in it");
	for (uint64_t l = 1000; l < 2000; l++)
		false_pos += wt_eaf_test(&f, l * 128);
	ok(false_pos < 100, "EAF: other lines seldom (%u of 1000)", false_pos);
	for (uint64_t l = 100; l < 129; l++)
		wt_eaf_evicted(&f, l * 128);
	ok(!wt_eaf_test(&f, 0) && wt_eaf_test(&f, 128 * 128),
	   "EAF: cleared once it took as many addresses as lines");
	wt_eaf_free(&f);
}

static void test_pcal(void)
{
	struct wt_pcal p;

	wt_pcal_init(&p, 2, 100);
	ok(wt_pcal_token(&p, 1, 0) && wt_pcal_token(&p, 2, 1),
	   "PCAL: the first two warps to come get the two tokens");
	ok(!wt_pcal_token(&p, 3, 2), "PCAL: the third gets none");
	ok(wt_pcal_token(&p, 1, 50), "PCAL: a token holds through the period");
	wt_pcal_token(&p, 3, 60);		/* warp 3 used the L2 last */
	ok(wt_pcal_token(&p, 3, 100) && wt_pcal_token(&p, 1, 101),
	   "PCAL: next period, the most recent users first (3, then 1)");
	ok(!wt_pcal_token(&p, 2, 102), "PCAL: warp 2 came later: no token left");
	wt_pcal_free(&p);

	/* A kernel's end: its warps, the most recent users of the period
	 * before, must not take the next period's tokens from the warps of
	 * the kernel under way. */
	wt_pcal_init(&p, 2, 100);
	wt_pcal_token(&p, 1, 80);
	wt_pcal_token(&p, 2, 90);
	wt_pcal_kernel_end(&p);
	is_u64(p.n, 0, "PCAL: a kernel's end forgets its warps");
	ok(wt_pcal_token(&p, (uint64_t)1 << 32 | 1, 95),
	   "PCAL: the next kernel's first warp gets a token given back");
	ok(wt_pcal_token(&p, (uint64_t)1 << 32 | 1, 100) &&
	   wt_pcal_token(&p, (uint64_t)1 << 32 | 2, 101),
	   "PCAL: next period, its one recent user, then its next warp to come, "
	   "not the ended kernel's warp 2 (used at 90)");
	wt_pcal_free(&p);
}

int main(void)
{
	test_profiling();
	test_tuning();
	test_kernel_end();
	test_rand();
	test_eaf();
	test_pcal();
	return tap_done();
}
