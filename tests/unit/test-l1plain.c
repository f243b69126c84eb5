/*
 * test-l1plain.c - the L1 model's request path made for a plain L1
 * (wt_l1_requests, l1model.c's PLAIN) against the one made for every L1
 * (wt_l1_request): on random streams of loads, stores, atomics, requests
 * without an access, cache operators and spaces, with MSHR, merge and
 * miss-queue limits small enough that reservation fails are common, the
 * two must make the same events and the same statistics.
 */
#include "l1model.h"
#include "rnd.h"
#include "tap.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define LINE 128
#define SETS 32

/* A plain L1 (wt_l1_plain), changed by variant. */
static void config(struct wt_l1_cfg *c, int variant)
{
	char err[256];

	memset(c, 0, sizeof(*c));
	c->geom = (struct wt_cache_geom){ SETS, 4, LINE, WT_REPL_LRU, 0, 1 };
	if (wt_index_parse(variant == 2 ? "fermi" : "linear", SETS, LINE, &c->ix,
			   err, sizeof(err)) < 0)
		abort();
	c->sector = 32;
	c->write = WT_WRITE_LOCAL_WB;
	c->miss_latency = 100;
	c->hit_latency = 20;
	c->mode = WT_L1_BOUNDED;
	c->atomics_bypass = 1;
	c->mshr_entries = 6;
	c->mshr_merge = 3;
	c->miss_queue = 2;
	c->reuse = WT_L1_REUSE_OFF;
	c->no_warp_stats = c->no_pc_stats = 1;
	c->seed = 7;
	switch (variant) {
	case 1:		/* write-back, allocating stores */
		c->write = WT_WRITE_BACK;
		c->write_allocate = 1;
		break;
	case 2:		/* random latencies, Fermi's index */
		c->sigma = 40;
		break;
	case 3:		/* 2 ways, 64 sets */
		c->geom.sets = 64;
		c->geom.assoc = 2;
		if (wt_index_parse("linear", 64, LINE, &c->ix, err, sizeof(err)) < 0)
			abort();
		break;
	case 4:		/* no limits */
		c->mshr_entries = c->mshr_merge = c->miss_queue = 0;
		break;
	}
}

/* n random requests in time order: few lines (hits and merges), a set
 * of many (lines allocated), bursts at one cycle (fails), every op,
 * space and cache operator. */
static struct wt_request *stream(size_t n)
{
	struct wt_request *r = calloc(n, sizeof(*r));
	uint64_t t = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t x = rnd();

		t += x % 5 == 0 ? rnd() % 300 : x % 3;
		r[i].time = t;
		r[i].addr = (rnd() % (x % 7 == 0 ? 4096 : 300)) * LINE;
		if (x % 4 == 1)		/* 12 lines of one set: its ways all
					   reserved, line-allocation fails */
			r[i].addr = (rnd() % 12) * SETS * LINE;
		r[i].warp = (uint32_t)(rnd() % 48);
		r[i].cta = r[i].warp / 8;
		r[i].pc = (uint32_t)(0x10 * (1 + rnd() % 6));
		r[i].instr = (uint32_t)i;
		r[i].count = 1;
		r[i].bytes = LINE;
		r[i].sectors = 0xf;
		r[i].icount = (uint32_t)(rnd() % 4);
		switch (rnd() % 16) {
		case 0: case 1: case 2:
			r[i].op = WT_OP_STORE;
			break;
		case 3:
			r[i].op = WT_OP_ATOMIC;
			break;
		case 4:
			r[i].op = WT_OP_NONE;
			r[i].flags = WT_REQ_WARP_LAST;
			break;
		default:
			r[i].op = WT_OP_LOAD;
		}
		r[i].space = rnd() % 4 == 0 ? WT_SPACE_LOCAL : WT_SPACE_GLOBAL;
		r[i].flags |= (uint8_t)((rnd() % 8 == 0 ? rnd() % 7 : 0) << 4);
	}
	return r;
}

static int same_events(const struct wt_l1_out *a, const struct wt_l1_out *b)
{
	return a->n == b->n && memcmp(a->ev, b->ev, a->n * sizeof(*a->ev)) == 0;
}

int main(void)
{
	static const char *const names[] = {
		"Fermi's write policy", "write-back, allocating stores",
		"random latencies, Fermi's index", "2 ways, 64 sets",
		"no MSHR or queue limits",
	};
	enum { N = 60000, BATCH = 1000 };
	struct wt_request *r = stream(N);

	for (int v = 0; v < 5; v++) {
		struct wt_l1_cfg c;
		struct wt_l1 plain, any;
		struct wt_l1_out po = { 0 }, ao = { 0 };
		char err[256];
		int events = 1;

		config(&c, v);
		if (wt_l1_init(&plain, &c, 3, err, sizeof(err)) < 0 ||
		    wt_l1_init(&any, &c, 3, err, sizeof(err)) < 0)
			abort();
		ok(wt_l1_plain(&plain), "%s: the L1 is plain", names[v]);
		for (size_t i = 0; i < N; i += BATCH) {
			po.n = ao.n = 0;
			wt_l1_requests(&plain, &r[i], BATCH, &po);
			for (size_t k = i; k < i + BATCH; k++)
				wt_l1_request(&any, &r[k], &ao);
			events &= same_events(&po, &ao);
		}
		ok(events, "%s: the same events", names[v]);
		ok(memcmp(&plain.st, &any.st, sizeof(plain.st)) == 0,
		   "%s: the same statistics (%llu hits, %llu misses, %llu "
		   "reservation fails, %llu stall cycles)", names[v],
		   (unsigned long long)plain.st.hits,
		   (unsigned long long)plain.st.misses,
		   (unsigned long long)(plain.st.fails[0] + plain.st.fails[1] +
					plain.st.fails[2] + plain.st.fails[3]),
		   (unsigned long long)plain.st.stall_cycles);
		ok(plain.clock == any.clock && plain.shift == any.shift &&
		   plain.nmshr == any.nmshr,
		   "%s: the same clock, stall and MSHRs in use", names[v]);
		free(po.ev);
		free(ao.ev);
		wt_l1_free(&plain);
		wt_l1_free(&any);
	}
	free(r);
	/* what a plain L1 is not */
	{
		static const char *const not[] = {
			"sectored", "allocating on fill", "pending misses",
			"events of hits", "Accel-Sim's cache operators",
			"global accesses around it", "warp statistics",
			"exact reuse distances",
		};
		for (int k = 0; k < 8; k++) {
			struct wt_l1_cfg c;
			struct wt_l1 l1;
			char err[256];

			config(&c, 0);
			switch (k) {
			case 0: c.sectored = 1; break;
			case 1: c.alloc_on_fill = 1; break;
			case 2: c.pending_miss = 1; break;
			case 3: c.emit_all = 1; break;
			case 4: c.cacheops = WT_L1_COPS_ACCELSIM; break;
			case 5: c.skip_global = 1; break;
			case 6: c.no_warp_stats = 0; break;
			case 7: c.reuse = WT_L1_REUSE_EXACT; break;
			}
			if (wt_l1_init(&l1, &c, 0, err, sizeof(err)) < 0)
				abort();
			ok(!wt_l1_plain(&l1), "not plain: %s", not[k]);
			wt_l1_free(&l1);
		}
	}
	return tap_done();
}
