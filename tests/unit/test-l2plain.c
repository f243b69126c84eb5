/*
 * test-l2plain.c - the L2 model's access path made for a plain L2
 * (l2sector.c's PLAIN: sectored, no queue statistics, no outcomes)
 * against the one made for every L2: the same L2 with its queue
 * statistics and outcomes kept takes the other path, and on random
 * streams of loads, stores, atomics and write-backs, with MSHR and merge
 * limits small enough that reservation fails are common, the two must
 * make the same events and the same counts.
 */
#include "cacheindex.h"
#include "l2internal.h"
#include "rnd.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void config(struct wt_l2_cfg *c, int variant, int stats)
{
	char err[256];

	memset(c, 0, sizeof(*c));
	c->geom = (struct wt_cache_geom){ 16, 4, 128, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse("linear", 16, 128, &c->ix, err, sizeof(err)) < 0)
		abort();
	c->sector = 32;
	c->ev_sector = 32;
	c->sectored = 1;
	c->write_back = 1;
	c->write_allocate = variant == 1 ? WT_WALLOC_FETCH : 1;
	c->banks = 2;
	c->bank_bit = 7;
	c->ports = 2;
	c->bank_queue = 4;
	c->bank_cycle = 2;
	c->tag_latency = 10;
	c->miss_latency = 120;
	c->mshr_entries = variant == 2 ? 0 : 8;
	c->mshr_merge = variant == 2 ? 0 : 2;
	c->l1_line = variant == 1 ? 128 : 0;
	c->no_queue_stats = c->no_outcomes = !stats;
}

/* n random L1 events in arrival order (at[i]): few lines, bursts. */
static struct wt_event *stream(size_t n, uint64_t *at)
{
	struct wt_event *e = calloc(n, sizeof(*e));
	uint64_t t = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t x = rnd();

		t += x % 4 == 0 ? rnd() % 200 : x % 2;
		at[i] = t;
		e[i].level = 1;
		e[i].time = t;
		e[i].addr = (rnd() % 160) * 128 + (rnd() % 4) * 32;
		e[i].warp = (uint32_t)(rnd() % 32);
		e[i].pc = (uint32_t)(0x10 * (1 + rnd() % 5));
		e[i].instr = (uint32_t)i;
		e[i].sectors = (uint8_t)(1 + rnd() % 15);
		e[i].bytes = (uint16_t)(32 * __builtin_popcount(e[i].sectors));
		switch (rnd() % 10) {
		case 0: case 1:
			e[i].type = WT_EV_WRITE_THROUGH;
			e[i].op = WT_OP_STORE;
			break;
		case 2:
			e[i].type = WT_EV_WRITE_BACK;
			e[i].op = WT_OP_STORE;
			e[i].addr &= ~(uint64_t)127;
			e[i].sectors = 0xf;
			e[i].bytes = 128;
			break;
		case 3:
			e[i].type = WT_EV_BYPASS;
			e[i].op = WT_OP_ATOMIC;
			break;
		default:
			e[i].type = WT_EV_MISS;
			e[i].op = WT_OP_LOAD;
		}
	}
	return e;
}

/* The counts both keep: the statistics without the queues'. */
static struct wt_l2_stats counts(const struct wt_l2 *l2)
{
	struct wt_l2_stats s = l2->st;

	memset(&s.delay, 0, sizeof(s.delay));
	s.nbanks = 0;
	s.bank = NULL;
	return s;
}

int main(void)
{
	static const char *const names[] = {
		"lazy write allocation", "fetch on write, a line L1",
		"no MSHR limits",
	};
	enum { N = 40000 };
	uint64_t *at = calloc(N, sizeof(*at));
	struct wt_event *e = stream(N, at);

	for (int v = 0; v < 3; v++) {
		struct wt_l2_cfg cp, ca;
		struct wt_l2 plain, any;
		struct wt_l2_out po, ao;
		struct wt_l2_stats sp, sa;
		char err[256];

		config(&cp, v, 0);
		config(&ca, v, 1);
		memset(&po, 0, sizeof(po));
		memset(&ao, 0, sizeof(ao));
		if (wt_l2_init(&plain, &cp, 0, err, sizeof(err)) < 0 ||
		    wt_l2_init(&any, &ca, 0, err, sizeof(err)) < 0)
			abort();
		ok(wt_l2s_plain(&plain) && !wt_l2s_plain(&any),
		   "%s: one L2 plain, the other not", names[v]);
		for (size_t i = 0; i < N; i++) {
			wt_l2_request(&plain, &e[i], e[i].addr, at[i], &po);
			wt_l2_request(&any, &e[i], e[i].addr, at[i], &ao);
		}
		ok(po.n == ao.n && memcmp(po.ev, ao.ev, po.n * sizeof(*po.ev)) == 0,
		   "%s: the same events (%zu)", names[v], po.n);
		sp = counts(&plain);
		sa = counts(&any);
		ok(memcmp(&sp, &sa, sizeof(sp)) == 0,
		   "%s: the same counts (%llu hits, %llu misses, %llu fails)",
		   names[v], (unsigned long long)sp.hits,
		   (unsigned long long)sp.misses,
		   (unsigned long long)(sp.fails[0] + sp.fails[1]));
		ok(ao.noc > 0 && po.noc == 0, "%s: outcomes only where kept (%zu)",
		   names[v], ao.noc);
		free(po.ev);
		free(ao.ev);
		free(po.oc);
		free(ao.oc);
		wt_l2_free(&plain);
		wt_l2_free(&any);
	}
	free(e);
	free(at);
	return tap_done();
}
