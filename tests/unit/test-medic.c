/*
 * test-medic.c - MeDiC's warp-type identification at the L2 (section
 * 4.1): the profiling window, the periodic reset and the tuning of the
 * mostly-miss boundary (footnote 3).
 */
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

int main(void)
{
	test_profiling();
	test_tuning();
	return tap_done();
}
