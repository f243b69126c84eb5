/*
 * test-l2fill.c - an L2 partition with external fills (l2model.h,
 * l2comp.h): read misses wait for wt_l2_component_fill, the loads that
 * merge into them too, and what cannot stall for a fill not known yet is
 * refused.  Every expected cycle is worked out by hand from l2model.h's
 * timing rules:
 *
 *   s = max(arrival, port free); e = max(s + 1, the bank's last entry);
 *   t = max(e, the bank's next start); the port is then free at e and
 *   the bank's next start is t + bank_cycle.  A hit is ready at
 *   t + tag_latency, a miss leaves then (its level-2 event), and its data
 *   comes at the fill's cycle (no earlier than the miss left); a load that
 *   waits for a fill is ready at max(fill, its own t + tag_latency).
 *
 * The partitions: 4 sets x 2 ways of 128-byte lines, set = (address >>
 * 7) mod 4 (0x1000, 0x2000, 0x3000 in set 0; 0x1080 in set 1; 0x1100 in
 * set 2), one bank, one port, bank_cycle 1, tag_latency 10, miss_latency
 * 200 (not used for misses with external fills), one partition (local =
 * address).
 */
#include "cacheindex.h"
#include "l2comp.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static struct wt_pmap map;

static struct wt_event load(uint64_t addr, unsigned warp, unsigned sectors)
{
	struct wt_event e;

	memset(&e, 0, sizeof(e));
	e.level = 1;
	e.type = WT_EV_MISS;
	e.op = WT_OP_LOAD;
	e.addr = addr;
	e.warp = warp;
	e.sectors = (uint8_t)sectors;
	e.bytes = (uint16_t)(sectors ? 32 * __builtin_popcount(sectors) : 128);
	return e;
}

static void config(struct wt_l2_cfg *cfg, int sectored, unsigned entries,
		   unsigned merge, int external)
{
	char err[256];

	memset(cfg, 0, sizeof(*cfg));
	cfg->geom = (struct wt_cache_geom){ 4, 2, 128, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", 4, 128, &cfg->ix, err, sizeof(err)) < 0)
		abort();
	cfg->sector = 32;
	cfg->ev_sector = 32;
	cfg->sectored = sectored;
	cfg->write_back = 1;
	cfg->write_allocate = 1;
	cfg->banks = 1;
	cfg->bank_bit = 7;
	cfg->ports = 1;
	cfg->bank_queue = 8;
	cfg->bank_cycle = 1;
	cfg->tag_latency = 10;
	cfg->miss_latency = 200;
	cfg->mshr_entries = entries;
	cfg->mshr_merge = merge;
	cfg->external_fill = external;
}

static struct wt_component *component(const struct wt_l2_cfg *cfg)
{
	char err[256];
	struct wt_component *c = wt_l2_component(cfg, &map, 0, 64, err, sizeof(err));

	if (!c)
		abort();
	return c;
}

static void accepted(struct wt_component *c, const struct wt_event *e, uint64_t cycle,
		     const char *what)
{
	enum wt_refusal why = WT_REFUSE_NONE;

	ok(wt_comp_accept(c, e, cycle, &why) == 0, "%s (%s)", what, wt_refusal_name(why));
}

static void refused(struct wt_component *c, const struct wt_event *e, uint64_t cycle,
		    enum wt_refusal want, const char *what)
{
	enum wt_refusal why = WT_REFUSE_NONE;
	int r = wt_comp_accept(c, e, cycle, &why);

	ok(r < 0 && why == want, "%s (%s)", what, wt_refusal_name(why));
}

static uint64_t fails(const struct wt_component *c)
{
	const struct wt_l2_stats *st = &wt_l2_component_model(c)->st;

	return st->fails[0] + st->fails[1] + st->fails[2];
}

/*
 * A line L2, one MSHR entry of two merges.
 *   A 0x1000 at 0:  s 0, e 1, t 1: a miss, leaves at 11 (entry pending).
 *   B 0x1000 at 5:  s 5, e 6, t max(6, 2) = 6: merges (2nd of 2), waits.
 *   C 0x1000 at 7:  the entry's merges are used up, pending: refused.
 *   D 0x1080 at 8:  a miss needs the one entry, pending: refused.
 *   fill 0x1000 at 300: A ready max(300, 11) = 300, B max(300, 16) = 300.
 *   D at 200: s 200, e 201, t 201; the entry is in use until 300, a known
 *      cycle: the bank stalls to max(300, 202) = 300 (a fail counted, as
 *      without external fills), the miss leaves at 310 (latency 110).
 *   C at 200: s 201 (the port), e 202, t max(202, 301) = 301: the line
 *      came at 300, a hit, ready 311.
 *   H 0x1000 at 1000: s 1000, e 1001, t 1001: a hit, ready 1011
 *      = arrival + port cycle + tag_latency.
 *   fill 0x1080 at 900: D ready max(900, 310) = 900.
 */
static void line_l2(void)
{
	struct wt_l2_cfg cfg;
	struct wt_component *c;
	struct wt_event a = load(0x1000, 1, 0), b = load(0x1000, 2, 0);
	struct wt_event cc = load(0x1000, 3, 0), d = load(0x1080, 4, 0);
	struct wt_event h = load(0x1000, 5, 0), out[8];
	size_t n;

	config(&cfg, 0, 1, 2, 1);
	c = component(&cfg);
	accepted(c, &a, 0, "line: takes a miss");
	is_u64(wt_l2_component_ready(c, &a), UINT64_MAX, "line: the miss waits for its fill");
	accepted(c, &b, 5, "line: takes a load of the line in flight");
	is_u64(wt_l2_component_ready(c, &b), UINT64_MAX, "line: it waits for the fill too");
	refused(c, &cc, 7, WT_REFUSE_MSHR_MERGE, "line: no merge slot left, refused");
	refused(c, &d, 8, WT_REFUSE_MSHR_FULL, "line: no MSHR entry for another line, refused");
	is_u64(fails(c), 0, "line: refusals are not the model's fails");
	is_u64(wt_l2_component_model(c)->st.requests, 2, "line: nor its requests");
	is_u64(wt_l2_component_fill(c, 0x1000, 0, 300), 0, "line: the fill is taken");
	is_u64(wt_l2_component_ready(c, &a), 300, "line: the miss ready at the fill");
	is_u64(wt_l2_component_ready(c, &b), 300, "line: the merged load with it");
	ok(wt_l2_component_fill(c, 0x1000, 0, 310) < 0, "line: a second fill finds nothing pending");
	ok(wt_l2_component_fill(c, 0x1080, 0, 310) < 0, "line: nor one of a line never missed");
	accepted(c, &d, 200, "line: the other line's miss taken after the fill");
	is_u64(fails(c), 1, "line: its stall until the known fill is a fail, as before");
	is_u64(wt_l2_component_ready(c, &d), UINT64_MAX, "line: it waits for its own fill");
	accepted(c, &cc, 200, "line: the refused merge taken after the fill");
	is_u64(wt_l2_component_ready(c, &cc), 311, "line: a hit behind the stalled miss");
	n = wt_comp_drain(c, 1000, out, 8);
	ok(n == 2 && out[0].type == WT_EV_MISS && out[0].addr == 0x1000 &&
	   out[0].time == 11 && out[0].latency == 11 && out[0].level == 2,
	   "line: the first miss left at 11");
	ok(n == 2 && out[1].type == WT_EV_MISS && out[1].addr == 0x1080 &&
	   out[1].time == 310 && out[1].latency == 110, "line: the second at 310");
	accepted(c, &h, 1000, "line: a later load");
	is_u64(wt_l2_component_ready(c, &h), 1011, "line: a hit, arrival + 1 + tag_latency");
	is_u64(wt_l2_component_ready(c, &a), UINT64_MAX,
	       "line: a load ready before the component's cycle is forgotten");
	is_u64(wt_l2_component_fill(c, 0x1080, 0, 900), 0, "line: the second line's fill");
	is_u64(wt_l2_component_ready(c, &d), 900, "line: its miss ready then");
	wt_comp_free(c);
}

/*
 * Every way of a set reserved (a line L2, MSHR entries and merges
 * unlimited).
 *   X1 0x1000 at 0: t 1, a miss (leaves at 11); X2 0x2000 at 0: s 1, e 2,
 *   t 2, a miss; X3 0x3000 at 0: both ways of set 0 wait for fills:
 *   refused.  Y 0x1000 at 0: s 2, e 3, t 3: merges, its tag access ends
 *   at 13.
 *   fill 0x1000 at 5: before X1's miss left, so at 11: X1 ready 11, Y
 *   max(11, 13) = 13.
 *   X3 at 50: s 50, e 51, t 51: 0x1000's way came at 11, a victim: taken,
 *   and waits for its own fill.
 */
static void no_line(void)
{
	struct wt_l2_cfg cfg;
	struct wt_component *c;
	struct wt_event x1 = load(0x1000, 1, 0), x2 = load(0x2000, 2, 0);
	struct wt_event x3 = load(0x3000, 3, 0), y = load(0x1000, 4, 0);

	config(&cfg, 0, 0, 0, 1);
	c = component(&cfg);
	accepted(c, &x1, 0, "set: a miss");
	accepted(c, &x2, 0, "set: a miss to the same set");
	refused(c, &x3, 0, WT_REFUSE_NO_LINE, "set: a third line finds both ways reserved");
	accepted(c, &y, 0, "set: a load merges into the first miss");
	is_u64(wt_l2_component_fill(c, 0x1000, 0, 5), 0, "set: one fill");
	is_u64(wt_l2_component_ready(c, &x1), 11, "set: a fill comes no earlier than its miss left");
	is_u64(wt_l2_component_ready(c, &y), 13, "set: nor a merged load's before its tag access");
	accepted(c, &x3, 50, "set: the third line taken after it");
	is_u64(wt_l2_component_ready(c, &x3), UINT64_MAX, "set: and waits for its fill");
	is_u64(fails(c), 0, "set: no fail counted");
	wt_comp_free(c);
}

/*
 * Fills out of the order of their misses (a line L2, two MSHR entries).
 *   X1 0x1000 at 0: t 1, a miss; X2 0x1080 at 0: s 1, e 2, t 2, a miss.
 *   fill 0x1080 at 50: X2 ready 50, X1 still waits.
 *   Z 0x1100 at 60: s 60, e 61, t 61: one entry in use (X1's): taken.
 *   fill 0x1000 at 70: X1 ready 70.
 */
static void out_of_order(void)
{
	struct wt_l2_cfg cfg;
	struct wt_component *c;
	struct wt_event x1 = load(0x1000, 1, 0), x2 = load(0x1080, 2, 0);
	struct wt_event z = load(0x1100, 3, 0);

	config(&cfg, 0, 2, 0, 1);
	c = component(&cfg);
	accepted(c, &x1, 0, "order: a miss");
	accepted(c, &x2, 0, "order: another");
	is_u64(wt_l2_component_fill(c, 0x1080, 0, 50), 0, "order: the second's fill first");
	is_u64(wt_l2_component_ready(c, &x2), 50, "order: the second ready");
	is_u64(wt_l2_component_ready(c, &x1), UINT64_MAX, "order: the first still waits");
	accepted(c, &z, 60, "order: a third miss takes the entry the second freed");
	is_u64(wt_l2_component_fill(c, 0x1000, 0, 70), 0, "order: the first's fill");
	is_u64(wt_l2_component_ready(c, &x1), 70, "order: the first ready");
	wt_comp_free(c);
}

/*
 * A sectored L2 (32-byte sectors, the L1's too), two MSHR entries of two
 * merges; each sector takes a port cycle and a tag access.
 *   A 0x1000 sectors 0-1 at 0: sector 0: s 0, e 1, t 1, a miss (a way),
 *      leaves at 11; sector 1: s 1, e 2, t 2, a sector miss, leaves at 12.
 *      Both entries pending.
 *   B 0x1000 sector 0 at 20: s 20, e 21, t 21: merges (2nd of 2), waits.
 *   C 0x1000 sector 0 at 25: no merge slot: refused.
 *   D 0x1080 sector 0 at 30: no entry: refused.
 *   fill sector 0 at 100: B ready max(100, 31) = 100; A still waits for
 *      sector 1.
 *   E 0x1100 sectors 0-1 at 100: sector 0 at t 101 would take the entry
 *      sector 0 freed, sector 1 at t 102 finds both taken, pending: the
 *      request is refused whole.
 *   D at 100: s 100, e 101, t 101: one entry in use: taken, leaves at 111.
 *   fill sector 1 at 150: A ready max(100, 150, 12) = 150.
 *   H 0x1000 sector 0 at 200: s 200, e 201, t 201: a hit, ready 211.
 */
static void sectored(void)
{
	struct wt_l2_cfg cfg;
	struct wt_component *c;
	struct wt_event a = load(0x1000, 1, 0x3), b = load(0x1000, 2, 0x1);
	struct wt_event cc = load(0x1000, 3, 0x1), d = load(0x1080, 4, 0x1);
	struct wt_event e = load(0x1100, 5, 0x3), h = load(0x1000, 6, 0x1);
	struct wt_event out[8];
	size_t n;

	config(&cfg, 1, 2, 2, 1);
	c = component(&cfg);
	accepted(c, &a, 0, "sectored: a miss of two sectors");
	accepted(c, &b, 20, "sectored: a load of a sector in flight");
	refused(c, &cc, 25, WT_REFUSE_MSHR_MERGE, "sectored: no merge slot left, refused");
	refused(c, &d, 30, WT_REFUSE_MSHR_FULL, "sectored: no MSHR entry, refused");
	is_u64(wt_l2_component_fill(c, 0x1000, 0x1, 100), 0, "sectored: sector 0's fill");
	is_u64(wt_l2_component_ready(c, &b), 100, "sectored: the merged load ready");
	is_u64(wt_l2_component_ready(c, &a), UINT64_MAX, "sectored: the miss waits for sector 1");
	refused(c, &e, 100, WT_REFUSE_MSHR_FULL,
		"sectored: two sectors for one free entry: refused whole");
	accepted(c, &d, 100, "sectored: one sector for it: taken");
	is_u64(wt_l2_component_fill(c, 0x1000, 0x2, 150), 0, "sectored: sector 1's fill");
	is_u64(wt_l2_component_ready(c, &a), 150, "sectored: the miss ready with its last sector");
	accepted(c, &h, 200, "sectored: a later load of sector 0");
	is_u64(wt_l2_component_ready(c, &h), 211, "sectored: a hit, arrival + 1 + tag_latency");
	ok(wt_l2_component_fill(c, 0x1000, 0x1, 300) < 0, "sectored: nothing of sector 0 pending");
	is_u64(fails(c), 0, "sectored: no fail counted");
	n = wt_comp_drain(c, 1000, out, 8);
	ok(n == 3 && out[0].time == 11 && out[0].sectors == 0x1 &&
	   out[1].time == 12 && out[1].sectors == 0x2 && out[2].time == 111 &&
	   out[2].addr == 0x1080, "sectored: a miss event per sector, at 11, 12 and 111");
	wt_comp_free(c);
}

/*
 * Without external fills nothing changes: the same requests (MSHRs
 * unlimited, a write-through L2) give the same level-2 events from the
 * model alone, from the component and from the component with external
 * fills (the misses leave at their tag accesses either way; no event
 * waits for data):
 *   A 0x1000 at 0: t 1, a miss at 11; B 0x1000 at 5: t 6, merges;
 *   E 0x1080 at 8: s 8, e 9, t 9, a miss at 19; W, a store to 0x2000
 *   at 9: s 9, e 10, t 10, a write miss, written through at 20.
 */
static void unchanged(void)
{
	struct wt_l2_cfg cfg0, cfg1;
	struct wt_l2 l2;
	struct wt_l2_out o;
	struct wt_component *c0, *c1;
	struct wt_event ev[4] = { load(0x1000, 1, 0), load(0x1000, 2, 0),
				  load(0x1080, 3, 0), load(0x2000, 4, 0) };
	uint64_t at[4] = { 0, 5, 8, 9 };
	struct wt_event out0[8], out1[8];
	size_t n0, n1;
	char err[256];

	ev[3].type = WT_EV_WRITE_THROUGH;
	ev[3].op = WT_OP_STORE;
	config(&cfg0, 0, 0, 0, 0);
	cfg0.write_back = 0;
	cfg1 = cfg0;
	cfg1.external_fill = 1;
	if (wt_l2_init(&l2, &cfg0, 0, err, sizeof(err)) < 0)
		abort();
	memset(&o, 0, sizeof(o));
	c0 = component(&cfg0);
	c1 = component(&cfg1);
	for (int i = 0; i < 4; i++) {
		enum wt_refusal why;

		wt_l2_request(&l2, &ev[i], ev[i].addr, at[i], &o);
		if (wt_comp_accept(c0, &ev[i], at[i], &why) < 0 ||
		    wt_comp_accept(c1, &ev[i], at[i], &why) < 0)
			abort();
	}
	n0 = wt_comp_drain(c0, 1000, out0, 8);
	n1 = wt_comp_drain(c1, 1000, out1, 8);
	ok(o.n == 3 && o.ev[0].time == 11 && o.ev[1].time == 19 && o.ev[2].time == 20 &&
	   o.ev[2].type == WT_EV_WRITE_THROUGH, "unchanged: the model's events at 11, 19, 20");
	ok(o.noc == 3 && o.oc[1].latency == 11 + 200 - 5 && o.oc[1].waits == 0,
	   "unchanged: the merged load's data at the miss's + miss_latency");
	ok(n0 == o.n && !memcmp(out0, o.ev, n0 * sizeof(*out0)),
	   "unchanged: the component's events are the model's");
	ok(n1 == o.n && !memcmp(out1, o.ev, n1 * sizeof(*out1)),
	   "unchanged: so are the external-fill component's");
	ok(wt_l2_component_fill(c0, 0x1000, 0, 50) < 0, "unchanged: no fill without the mode");
	wt_l2_free(&l2);
	free(o.ev);
	free(o.oc);
	wt_comp_free(c0);
	wt_comp_free(c1);
}

/*
 * A driver's loop on random requests (8 lines of two sets, four MSHR
 * entries; loads of 1 to 4 sectors, partial stores that a sectored L2
 * fetches for, F): every miss event filled 50 to 149 cycles after it
 * leaves, told then, or (an even cycle) as soon as its event is drained,
 * so that a bank may stall for a fill at a known cycle.  Whatever
 * wt_l2_fails lets through, wt_l2_request takes (it dies on a fail that waits for a
 * pending fill) and what it refuses the model would stop at (it exits:
 * model_stops); every fill of a miss event finds it pending; every load
 * accepted is ready, no earlier than its arrival + 1 + tag_latency, once
 * the fills are in.
 */
#define NFILL 4096

/* Whether the model itself, handed request e at cycle (in a child
 * process, on its copy), meets a fail that waits for a pending fill: it
 * then exits with a one-line error (wt_l2i_retry; status 2, or a leak
 * checker's own on the way out), where it would take a request
 * wt_l2_fails refused for nothing (status 0). */
static int model_stops(const struct wt_component *c, const struct wt_event *e,
		       uint64_t cycle)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		abort();
	if (pid == 0) {
		struct wt_l2_out o;

		memset(&o, 0, sizeof(o));
		if (!freopen("/dev/null", "w", stderr))
			_exit(1);
		wt_l2_request((struct wt_l2 *)wt_l2_component_model(c), e, e->addr,
			      cycle, &o);
		_exit(0);
	}
	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) != 0;
}

struct fill {
	uint64_t line, due;
	unsigned sectors;
};

static uint64_t rnd(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static void drive(int sectored_l2)
{
	struct wt_l2_cfg cfg;
	struct wt_component *c;
	static struct fill f[NFILL];
	static struct wt_event wait[NFILL];
	static uint64_t at[NFILL];
	struct wt_event out[16], e;
	size_t nf = 0, nw = 0, n, bad = 0, early = 0, took = 0, refusals = 0;
	size_t needless = 0;
	uint64_t x = 88172645463325252ULL, cycle = 0, r;
	enum wt_refusal why;

	config(&cfg, sectored_l2, 4, 2, 1);
	if (sectored_l2)
		cfg.write_allocate = WT_WALLOC_FETCH;
	c = component(&cfg);
	for (int step = 0; step < 3000; step++) {
		cycle += rnd(&x) % 6;
		while ((n = wt_comp_drain(c, cycle, out, 16)) > 0)
			for (size_t i = 0; i < n; i++)
				if (out[i].type == WT_EV_MISS && nf < NFILL)
					f[nf++] = (struct fill){ out[i].addr,
						out[i].time + 50 + rnd(&x) % 100,
						out[i].sectors };
		/* half the fills told when due, half as soon as their misses
		 * are drained (a fill at a known cycle ahead: the bank may
		 * stall for it) */
		for (size_t i = 0; i < nf;) {
			if (f[i].due > cycle && (f[i].due & 1)) {
				i++;
				continue;
			}
			bad += wt_l2_component_fill(c, f[i].line, f[i].sectors, f[i].due) < 0;
			f[i] = f[--nf];
			for (size_t k = 0; k < nw;)
				if ((r = wt_l2_component_ready(c, &wait[k])) != UINT64_MAX) {
					early += r < at[k] + 11;
					wait[k] = wait[--nw];
					at[k] = at[nw];
				} else {
					k++;
				}
		}
		e = load(0x1000 + (rnd(&x) % 4) * 0x1000 + (rnd(&x) % 2) * 0x80,
			 (unsigned)step, sectored_l2 ? 1 + (unsigned)(rnd(&x) % 15) : 0);
		if (rnd(&x) % 4 == 0) {
			e.type = WT_EV_WRITE_THROUGH;
			e.op = WT_OP_STORE;
			e.bytes = 16;
		}
		if (wt_comp_accept(c, &e, cycle, &why) < 0) {
			refusals++;
			if (why == WT_REFUSE_QUEUE_FULL)
				continue;
			needless += !model_stops(c, &e, cycle);
			continue;
		}
		took++;
		if (e.op == WT_OP_STORE)
			continue;
		if ((r = wt_l2_component_ready(c, &e)) != UINT64_MAX)
			early += r < cycle + 11;
		else if (nw < NFILL) {
			wait[nw] = e;
			at[nw++] = cycle;
		}
	}
	/* the rest: every miss made, filled */
	for (;;) {
		cycle += 1000;		/* past every event made */
		while ((n = wt_comp_drain(c, cycle, out, 16)) > 0)
			for (size_t i = 0; i < n; i++)
				if (out[i].type == WT_EV_MISS && nf < NFILL)
					f[nf++] = (struct fill){ out[i].addr,
						out[i].time + 50, out[i].sectors };
		if (!nf)
			break;
		while (nf) {
			nf--;
			bad += wt_l2_component_fill(c, f[nf].line, f[nf].sectors, f[nf].due) < 0;
			for (size_t k = 0; k < nw;)
				if ((r = wt_l2_component_ready(c, &wait[k])) != UINT64_MAX) {
					early += r < at[k] + 11;
					wait[k] = wait[--nw];
					at[k] = at[nw];
				} else {
					k++;
				}
		}
	}
	ok(took > 500 && refusals > 0, "%s driven: %zu taken, %zu refused",
	   sectored_l2 ? "sectored" : "line", took, refusals);
	ok(fails(c) > 0, "%s driven: some stalls for fills at known cycles (%llu)",
	   sectored_l2 ? "sectored" : "line", (unsigned long long)fails(c));
	is_u64(needless, 0, "%s driven: each refused request the model would stop at",
	       sectored_l2 ? "sectored" : "line");
	is_u64(bad, 0, "%s driven: every fill found its miss pending",
	       sectored_l2 ? "sectored" : "line");
	is_u64(nw, 0, "%s driven: every load ready once the fills are in",
	       sectored_l2 ? "sectored" : "line");
	is_u64(early, 0, "%s driven: none before its arrival + 1 + tag_latency",
	       sectored_l2 ? "sectored" : "line");
	wt_comp_free(c);
}

int main(void)
{
	struct wt_pmap_opts po = { 1, 1, 256, WT_PIDX_CONSECUTIVE };
	char err[256];

	if (wt_pmap_setup("linear", &po, &map, err, sizeof(err)) < 0)
		abort();
	line_l2();
	no_line();
	out_of_order();
	sectored();
	unchanged();
	drive(0);
	drive(1);
	wt_pmap_free(&map);
	return tap_done();
}
