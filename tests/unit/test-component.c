/*
 * test-component.c - the models as components (component.h): a DRAM
 * channel (dramcomp.c) and an L2 partition (l2comp.c) take requests
 * until full, refuse the next with a reason, say when something happens
 * next, and hand out their responses in time order, after which they
 * take requests again.
 */
#include "cacheindex.h"
#include "dramcomp.h"
#include "dramhook.h"
#include "l2comp.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct wt_event event(unsigned level, unsigned type, unsigned op,
			     uint64_t addr)
{
	struct wt_event e;

	memset(&e, 0, sizeof(e));
	e.level = (uint8_t)level;
	e.type = (uint8_t)type;
	e.op = (uint8_t)op;
	e.addr = addr;
	e.bytes = 128;
	return e;
}

/* A request that c must refuse, for reason want. */
static void refused(struct wt_component *c, const struct wt_event *e, uint64_t cycle,
		    enum wt_refusal want, const char *what)
{
	enum wt_refusal why = WT_REFUSE_NONE;
	int r = wt_comp_accept(c, e, cycle, &why);

	ok(r < 0 && why == want, "%s (%s)", what, wt_refusal_name(why));
}

/* One channel of 4 banks with a queue of 2. */
static void dram(void)
{
	struct wt_dram_cfg cfg;
	struct wt_dram_map map;
	struct wt_dram_clock clk;
	struct wt_component *c;
	struct wt_event a = event(2, WT_EV_MISS, WT_OP_LOAD, 0x1000);
	struct wt_event b = event(2, WT_EV_MISS, WT_OP_LOAD, 0x40000);
	struct wt_event out[8];
	enum wt_refusal why;
	uint64_t next;
	size_t n;

	memset(&cfg, 0, sizeof(cfg));
	cfg.channels = 1;
	cfg.ranks = 1;
	cfg.banks = 4;
	cfg.rows = 1024;
	cfg.columns = 256;
	cfg.bus_width = 8;
	cfg.burst = 8;
	cfg.data_rate = 4;
	cfg.t = (struct wt_dram_timing){ .tCL = 12, .tRP = 12, .tRC = 40,
		.tRAS = 28, .tRCD = 12, .tRRD = 6, .tWR = 12, .tWL = 4, .tCCD = 2 };
	cfg.queue = 2;
	cfg.sched = &wt_dram_frfcfs;
	memset(&map, 0, sizeof(map));
	map.interleave = 256;
	map.sub = 1;
	wt_dram_clock_init(&clk, 924, 924);
	c = wt_dram_component(&cfg, &map, &clk, 0, 128, 32);

	is_u64(wt_comp_next_event(c), UINT64_MAX, "dram: empty, nothing next");
	{
		struct wt_event h = event(2, WT_EV_HIT, WT_OP_LOAD, 0x1000);

		refused(c, &h, 0, WT_REFUSE_NOT_MINE, "dram: an L2 hit asks nothing of it");
	}
	ok(wt_comp_accept(c, &a, 0, &why) == 0, "dram: takes a request");
	ok(wt_comp_accept(c, &b, 1, &why) == 0, "dram: takes a second");
	refused(c, &a, 2, WT_REFUSE_QUEUE_FULL, "dram: refuses a third, its queue full");
	refused(c, &a, 0, WT_REFUSE_PAST, "dram: refuses a cycle before the last");
	next = wt_comp_next_event(c);
	ok(next < UINT64_MAX, "dram: something next (%llu)", (unsigned long long)next);
	n = wt_comp_drain(c, 5, out, 8);
	is_u64(n, 0, "dram: nothing done by cycle 5");
	n = wt_comp_drain(c, 10000, out, 8);
	is_u64(n, 2, "dram: both done by cycle 10000");
	ok(n == 2 && out[0].time <= out[1].time && out[0].time >= next,
	   "dram: in time order, none before the next event said");
	ok(n == 2 && out[0].level == 3 && out[0].type == WT_EV_MISS &&
	   out[0].latency == out[0].time - 0, "dram: level-3 misses, latency from arrival");
	is_u64(wt_comp_next_event(c), UINT64_MAX, "dram: empty again");
	ok(wt_comp_accept(c, &a, 10000, &why) == 0, "dram: room again after the drain");
	wt_comp_free(c);
}

/* One partition of 4 sets x 2 ways, as test-sector's, whose events may
 * wait one at a time. */
static void l2(void)
{
	struct wt_l2_cfg cfg;
	struct wt_pmap map;
	struct wt_pmap_opts po = { 1, 1, 256, WT_PIDX_CONSECUTIVE };
	struct wt_component *c;
	struct wt_event miss = event(1, WT_EV_MISS, WT_OP_LOAD, 0x1000);
	struct wt_event hit = event(1, WT_EV_HIT, WT_OP_LOAD, 0x1000);
	struct wt_event out[8];
	enum wt_refusal why;
	char err[256];
	size_t n;

	memset(&cfg, 0, sizeof(cfg));
	cfg.geom = (struct wt_cache_geom){ 4, 2, 128, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", 4, 128, &cfg.ix, err, sizeof(err)) < 0 ||
	    wt_pmap_setup("linear", &po, &map, err, sizeof(err)) < 0)
		abort();
	cfg.sector = 32;
	cfg.ev_sector = 32;
	cfg.l1_line = 128;
	cfg.write_back = 1;
	cfg.write_allocate = 1;
	cfg.banks = 1;
	cfg.bank_bit = 7;
	cfg.ports = 1;
	cfg.bank_queue = 8;
	cfg.bank_cycle = 1;
	cfg.tag_latency = 10;
	cfg.miss_latency = 200;
	c = wt_l2_component(&cfg, &map, 0, 1, err, sizeof(err));
	if (!c)
		abort();

	refused(c, &hit, 0, WT_REFUSE_NOT_MINE, "l2: an L1 hit is not for it");
	ok(wt_comp_accept(c, &miss, 0, &why) == 0, "l2: takes an L1 miss");
	refused(c, &miss, 1, WT_REFUSE_QUEUE_FULL, "l2: refuses the next while its event waits");
	ok(wt_comp_next_event(c) >= 10 && wt_comp_next_event(c) < UINT64_MAX,
	   "l2: its miss goes on a tag access later (%llu)",
	   (unsigned long long)wt_comp_next_event(c));
	is_u64(wt_comp_drain(c, 5, out, 8), 0, "l2: nothing before cycle 5");
	n = wt_comp_drain(c, 1000, out, 8);
	ok(n == 1 && out[0].level == 2 && out[0].type == WT_EV_MISS,
	   "l2: drains its level-2 miss");
	ok(wt_comp_accept(c, &miss, 1000, &why) == 0, "l2: room again after the drain");
	is_u64(wt_l2_component_model(c)->st.requests, 2, "l2: the model counted both");
	wt_comp_free(c);
	wt_pmap_free(&map);
}

int main(void)
{
	dram();
	l2();
	return tap_done();
}
