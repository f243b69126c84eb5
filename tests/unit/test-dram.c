/*
 * test-dram.c - the DRAM channel state machine on hand-computed request
 * sequences (row hit, row miss, conflict, write recovery, tRRD, bursts,
 * the queue limit, FR-FCFS against FCFS, MeDiC's two queues); random
 * requests through each scheduler's two ways (masks, plain scans), with
 * and without stepping every cycle, and on queues of more than 64 places
 * (the wide masks), whole and in batches; the clock conversion, the address
 * mappings against their formula and the latency percentiles.
 *
 * Every case uses the fermi timing in command cycles: tCL=12 tRP=12
 * tRC=40 tRAS=28 tRCD=12 tRRD=6 tWR=12 tWL=4 tCCD=2, bursts of 8
 * transfers at 4 a cycle (2 cycles on the bus, 64 bytes), and core clock
 * = DRAM clock, so latencies in core cycles equal DRAM cycles.
 */
#include "machine.h"
#include "dram.h"
#include "dramsched.h"
#include "stream.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct wt_dram_cfg cfg;
static struct wt_dram_clock clk;
static struct wt_dram_chan ch;
/* In the order the random cases go through them; the last has two queues. */
static const struct wt_dram_sched_ops *const scheds[] = {
	&wt_dram_fcfs, &wt_dram_frfcfs, &wt_dsched_medic,
};

static void setup(const struct wt_dram_sched_ops *s, unsigned queue)
{
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
	cfg.queue = queue;
	cfg.sched = s;
	wt_dram_clock_init(&clk, 924, 924);
	wt_dram_chan_init(&ch, &cfg, &clk, 0);
}

static struct wt_dram_req req(uint64_t t, unsigned bank, uint64_t row, int write,
			      unsigned bursts)
{
	struct wt_dram_req r;

	memset(&r, 0, sizeof(r));
	r.arrive = r.core_arrive = t;
	r.bank = bank;
	r.row = row;
	r.write = (uint8_t)write;
	r.bursts = bursts;
	return r;
}

static void check(const struct wt_dram_req *r, uint64_t done, unsigned outcome,
		  const char *what)
{
	static const char *const names[] = { "hit", "miss", "conflict", "pending" };

	is_u64(r->done, done, "%s: done at %llu", what, (unsigned long long)done);
	is_u64(r->outcome, outcome, "%s: a row %s", what, names[outcome]);
}

/* Miss, hit, conflict on one bank, one request at a time. */
static void hit_miss_conflict(void)
{
	struct wt_dram_req r[3];

	setup(&wt_dram_frfcfs, 16);
	/* ACT@0, RD@12 (tRCD), data 24..26. */
	r[0] = req(0, 0, 7, 0, 1);
	wt_dram_run(&ch, r, 1);
	check(&r[0], 26, WT_DRAM_MISS, "read to a closed bank");
	/* Row 7 open: RD@100, data 112..114. */
	r[1] = req(100, 0, 7, 0, 1);
	wt_dram_run(&ch, &r[1], 1);
	check(&r[1], 114, WT_DRAM_HIT, "read to the open row");
	/* Row 9: PRE@200 (tRAS from 0 and RD@100 + 2 long past), ACT@212
	 * (tRP), RD@224 (tRCD), data 236..238. */
	r[2] = req(200, 0, 9, 0, 1);
	wt_dram_run(&ch, &r[2], 1);
	check(&r[2], 238, WT_DRAM_CONFLICT, "read to another row");
	is_u64(ch.bank[0].activates, 2, "two activates");
	is_u64(ch.bank[0].precharges, 1, "one precharge");
	is_u64(ch.bank[0].row_hits, 1, "one row hit");
	is_u64(ch.st.busy, 6, "three bursts of 2 bus cycles");
	is_u64(ch.st.nlats, 3, "three latencies");
	is_u64(ch.st.counts[38], 1, "latency of the conflict: 238 - 200");
	wt_dram_chan_free(&ch);
}

/* Early requests: tRAS and tRC hold the precharge and the next ACT. */
static void ras_rc(void)
{
	struct wt_dram_req r[2];

	setup(&wt_dram_frfcfs, 16);
	/* A: ACT@0, RD@12, data 24..26.  B (row 2, arrives 1): PRE waits for
	 * tRAS (28), ACT for tRP (40) and tRC (0 + 40 = 40): ACT@40, RD@52,
	 * data 64..66. */
	r[0] = req(0, 0, 1, 0, 1);
	r[1] = req(1, 0, 2, 0, 1);
	wt_dram_run(&ch, r, 2);
	check(&r[0], 26, WT_DRAM_MISS, "tRAS: the first read");
	check(&r[1], 66, WT_DRAM_CONFLICT, "tRAS/tRC: the conflicting read");
	wt_dram_chan_free(&ch);
}

/* Write recovery: a write, then a read of another row of the bank. */
static void write_recovery(void)
{
	struct wt_dram_req r[2];

	setup(&wt_dram_frfcfs, 16);
	/* W: ACT@0, WR@12, data 16..18 (tWL=4).  R (row 2, arrives 20):
	 * PRE at max(20, 0 + tRAS = 28, 18 + tWR = 30) = 30, ACT@42, RD@54,
	 * data 66..68. */
	r[0] = req(0, 1, 1, 1, 1);
	r[1] = req(20, 1, 2, 0, 1);
	wt_dram_run(&ch, r, 2);
	check(&r[0], 18, WT_DRAM_MISS, "write to a closed bank");
	check(&r[1], 68, WT_DRAM_CONFLICT, "read after the write's tWR");
	is_u64(ch.st.writes, 1, "one write");
	is_u64(ch.st.reads, 1, "one read");
	wt_dram_chan_free(&ch);
}

/* tRRD: two activates to different banks of a rank. */
static void rrd(void)
{
	struct wt_dram_req r[2];

	setup(&wt_dram_frfcfs, 16);
	/* A (bank 0): ACT@0, RD@12, data 24..26.  B (bank 1): ACT@6 (tRRD),
	 * RD@18 (tRCD; tCCD from 12 and the bus, free at 26 = 14 + tCL, allow
	 * it), data 30..32. */
	r[0] = req(0, 0, 3, 0, 1);
	r[1] = req(0, 1, 3, 0, 1);
	wt_dram_run(&ch, r, 2);
	check(&r[0], 26, WT_DRAM_MISS, "tRRD: bank 0");
	check(&r[1], 32, WT_DRAM_MISS, "tRRD: bank 1 activates 6 cycles later");
	/* Two ranks: no tRRD between them, only the command bus.  A: ACT@0,
	 * RD@12, data 24..26; B (rank 1): ACT@1, RD@13 is too early for tCCD
	 * (14): RD@14, data 26..28. */
	wt_dram_chan_free(&ch);
	setup(&wt_dram_frfcfs, 16);
	cfg.ranks = 2;
	wt_dram_chan_free(&ch);
	wt_dram_chan_init(&ch, &cfg, &clk, 0);
	r[0] = req(0, 0, 3, 0, 1);
	r[1] = req(0, 4, 3, 0, 1);	/* bank 0 of rank 1 */
	wt_dram_run(&ch, r, 2);
	check(&r[1], 28, WT_DRAM_MISS, "another rank: one cycle later, then tCCD");
	wt_dram_chan_free(&ch);
}

/* A 128-byte line is two bursts: two RDs tCCD apart. */
static void bursts(void)
{
	struct wt_dram_req r[1];

	setup(&wt_dram_frfcfs, 16);
	/* ACT@0, RD@12 (data 24..26), RD@14 (data 26..28). */
	r[0] = req(0, 2, 5, 0, 2);
	wt_dram_run(&ch, r, 1);
	check(&r[0], 28, WT_DRAM_MISS, "two bursts");
	is_u64(ch.st.bursts, 2, "two column commands");
	is_u64(ch.bank[2].accesses, 1, "one access of the bank");
	wt_dram_chan_free(&ch);
}

/* A queue of one: the second request waits outside. */
static void queue_full(void)
{
	struct wt_dram_req r[2];

	setup(&wt_dram_frfcfs, 1);
	/* A: ACT@0, RD@12 (leaves the queue), data 24..26.  B arrives at 0
	 * to a full queue, enters at 13: ACT@13, RD@25, data 37..39. */
	r[0] = req(0, 0, 3, 0, 1);
	r[1] = req(0, 1, 3, 0, 1);
	wt_dram_run(&ch, r, 2);
	check(&r[0], 26, WT_DRAM_MISS, "queue of 1: the first");
	check(&r[1], 39, WT_DRAM_MISS, "queue of 1: the second waits until 13");
	is_u64(ch.st.queue_full, 1, "one request found the queue full");
	is_u64(ch.st.counts[39], 1, "its wait counts in its latency");
	/* Occupancy: a request is queued from the cycle it enters to the
	 * cycle before its last column command: A in 0..11, B in 13..24,
	 * 12 + 12 = 24 request-cycles. */
	is_u64(ch.st.occupancy, 24, "queue occupancy integral");
	wt_dram_chan_free(&ch);
}

/*
 * Row 1 of bank 0 is open (a read at 0: ACT@0, RD@12; the bank may
 * precharge from 28, activate from 40).  At 100, X (row 2, a conflict)
 * arrives just before Y (row 1, a hit).
 */
static void reorder(const struct wt_dram_sched_ops *s, struct wt_dram_req *r)
{
	setup(s, 16);
	r[0] = req(0, 0, 1, 0, 1);
	r[1] = req(100, 0, 2, 0, 1);
	r[2] = req(100, 0, 1, 0, 1);
	wt_dram_run(&ch, r, 3);
}

static void frfcfs(void)
{
	struct wt_dram_req r[3];

	/* FR-FCFS: Y first, RD@100, data 112..114; X's PRE may not close
	 * row 1 while Y waits, and after Y's RD waits for RD + 2: PRE@102,
	 * ACT@114, RD@126, data 138..140. */
	reorder(&wt_dram_frfcfs, r);
	check(&r[2], 114, WT_DRAM_HIT, "FR-FCFS: the younger row hit goes first");
	check(&r[1], 140, WT_DRAM_CONFLICT, "FR-FCFS: the older conflict after it");
	wt_dram_chan_free(&ch);
	/* FCFS: X first, PRE@100, ACT@112, RD@124, data 136..138; then Y
	 * finds row 2 open: PRE at ACT + tRAS = 140, ACT@152 (tRP, and tRC
	 * from 112), RD@164, data 176..178. */
	reorder(&wt_dram_fcfs, r);
	check(&r[1], 138, WT_DRAM_CONFLICT, "FCFS: the older conflict first");
	check(&r[2], 178, WT_DRAM_CONFLICT, "FCFS: then the other row again");
	is_u64(ch.st.outcome[WT_DRAM_HIT], 0, "FCFS: no row hits");
	wt_dram_chan_free(&ch);
	/* FR-FCFS prefers a hit to an older miss on another bank too: Z
	 * (bank 1, closed) at 100, then Y (bank 0, row 1 open) at 100: Y's
	 * RD@100, Z's ACT@101, RD@113, data 125..127. */
	setup(&wt_dram_frfcfs, 16);
	r[0] = req(0, 0, 1, 0, 1);
	r[1] = req(100, 1, 4, 0, 1);
	r[2] = req(100, 0, 1, 0, 1);
	wt_dram_run(&ch, r, 3);
	check(&r[2], 114, WT_DRAM_HIT, "FR-FCFS: the hit issues first");
	check(&r[1], 127, WT_DRAM_MISS, "FR-FCFS: the other bank activates next cycle");
	wt_dram_chan_free(&ch);
}

/* MeDiC's scheduler (WMS): the high queue's legal command goes first, even
 * before a row hit of the low queue; FR-FCFS within a queue; a full low
 * queue does not hold up a high request behind it. */
static void medic(void)
{
	struct wt_dram_req r[3];

	/* Row 1 of bank 0 open.  At 100, L (low, a row hit on bank 0) and H
	 * (high, bank 1 closed).  FR-FCFS: L's RD@100 (data to 114), H's
	 * ACT@101, RD@113 (to 127).  MeDiC: H's ACT@100, RD@112 (to 126);
	 * L's RD@101 (to 115). */
	setup(&wt_dsched_medic, 16);
	r[0] = req(0, 0, 1, 0, 1);
	r[1] = req(100, 0, 1, 0, 1);
	r[2] = req(100, 1, 4, 0, 1);
	r[2].cls = 1;
	wt_dram_run(&ch, r, 3);
	check(&r[2], 126, WT_DRAM_MISS, "MeDiC: the high request's ACT before a low row hit");
	check(&r[1], 115, WT_DRAM_HIT, "MeDiC: the low row hit a cycle later");
	wt_dram_chan_free(&ch);
	setup(&wt_dram_frfcfs, 16);
	r[0] = req(0, 0, 1, 0, 1);
	r[1] = req(100, 0, 1, 0, 1);
	r[2] = req(100, 1, 4, 0, 1);
	r[2].cls = 1;		/* FR-FCFS ignores it */
	wt_dram_run(&ch, r, 3);
	check(&r[1], 114, WT_DRAM_HIT, "FR-FCFS on the same requests: the row hit first");
	check(&r[2], 127, WT_DRAM_MISS, "FR-FCFS: the high one after it");
	wt_dram_chan_free(&ch);
	/* FR-FCFS within the high queue: the frfcfs() case, every request
	 * high, gives FR-FCFS's order. */
	setup(&wt_dsched_medic, 16);
	r[0] = req(0, 0, 1, 0, 1);
	r[1] = req(100, 0, 2, 0, 1);
	r[2] = req(100, 0, 1, 0, 1);
	r[0].cls = r[1].cls = r[2].cls = 1;
	wt_dram_run(&ch, r, 3);
	check(&r[2], 114, WT_DRAM_HIT, "MeDiC, all high: the younger row hit first");
	check(&r[1], 140, WT_DRAM_CONFLICT, "MeDiC, all high: the conflict after it");
	wt_dram_chan_free(&ch);
	/* Queues of 1.  A and B (low) and H (high) arrive at 0: A enters,
	 * B waits for the low queue, H enters the high queue at once and its
	 * ACT goes first: ACT@0, RD@12, data to 26. */
	setup(&wt_dsched_medic, 1);
	r[0] = req(0, 0, 3, 0, 1);
	r[1] = req(0, 1, 3, 0, 1);
	r[2] = req(0, 2, 3, 0, 1);
	r[2].cls = 1;
	wt_dram_run(&ch, r, 3);
	check(&r[2], 26, WT_DRAM_MISS, "MeDiC: a full low queue does not block the high one");
	ok(r[0].done < r[1].done, "MeDiC: the low queue keeps its order");
	is_u64(ch.st.queue_full, 1, "MeDiC: only B found its queue full");
	wt_dram_chan_free(&ch);
	/* Both queues empty: the run wakes for the earlier of the two
	 * queues' next arrivals, H at 50 (ACT@50, RD@62, data to 76), not
	 * for the low one at 100 (bank 0 closed: to 126). */
	setup(&wt_dsched_medic, 16);
	r[0] = req(50, 1, 4, 0, 1);
	r[0].cls = 1;
	r[1] = req(100, 0, 1, 0, 1);
	wt_dram_run(&ch, r, 2);
	check(&r[0], 76, WT_DRAM_MISS, "MeDiC, queues empty: the high one served at its arrival");
	check(&r[1], 126, WT_DRAM_MISS, "MeDiC, queues empty: the low one at its own");
	wt_dram_chan_free(&ch);
}

/* Each request completes once, and in its channel in completion order
 * that is also the order of its data on the bus. */
static void many(void)
{
	struct wt_dram_req *r = calloc(2000, sizeof(*r));
	uint64_t busy = 0;
	int ok_done = 1;

	setup(&wt_dram_frfcfs, 8);
	for (unsigned i = 0; i < 2000; i++)
		r[i] = req(i / 3, (i * 7) % 4, (i * 13) % 5, i % 5 == 0, 1 + i % 2);
	wt_dram_run(&ch, r, 2000);
	for (unsigned i = 0; i < 2000; i++) {
		busy += 2 * r[i].bursts;
		if (r[i].done < r[i].arrive + 6 || r[i].outcome > WT_DRAM_CONFLICT)
			ok_done = 0;
	}
	ok(ok_done, "2000 requests: each done at least tWL + a burst after it arrived");
	is_u64(ch.st.busy, busy, "the bus carried every burst");
	is_u64(ch.nq, 0, "the queue is empty at the end");
	is_u64(ch.st.outcome[0] + ch.st.outcome[1] + ch.st.outcome[2], 2000,
	       "every request has an outcome");
	ok(ch.st.queue_full > 0, "the queue filled (%llu times)",
	   (unsigned long long)ch.st.queue_full);
	wt_dram_chan_free(&ch);
	free(r);
}

/*
 * The schedulers pick the same with the masks as with plain scans of the
 * queue, and jumping over the cycles the scheduler says nothing can issue
 * in gives what stepping every cycle gives, as dram.h defines the model:
 * random requests, each scheduler, queues and banks large and small,
 * with setup's timing and with one whose constraints relate otherwise.
 */
static wt_dram_sched_fn stepped;

static int every_cycle(const struct wt_dram_chan *c, uint64_t now, uint64_t *wake)
{
	int i = stepped(c, now, wake);

	*wake = now + 1;
	return i;
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A difference between two runs, or NULL. */
static const char *differs(const struct wt_dram_req *a, const struct wt_dram_req *b,
			   size_t n, const struct wt_dram_stats *sa,
			   const struct wt_dram_stats *sb)
{
	static char why[128];

	for (size_t i = 0; i < n; i++)
		if (a[i].seq != b[i].seq || a[i].outcome != b[i].outcome ||
		    a[i].done != b[i].done || a[i].core_done != b[i].core_done) {
			snprintf(why, sizeof(why), "request %zu: done %llu, not %llu",
				 i, (unsigned long long)b[i].done,
				 (unsigned long long)a[i].done);
			return why;
		}
	if (memcmp(sa->outcome, sb->outcome, sizeof(sa->outcome)) ||
	    sa->queue_full != sb->queue_full || sa->occupancy != sb->occupancy ||
	    sa->busy != sb->busy || sa->bursts != sb->bursts ||
	    sa->first != sb->first || sa->last != sb->last ||
	    sa->reads != sb->reads || sa->writes != sb->writes)
		return "the statistics";
	return NULL;
}

static void same_picks(int odd)
{
	static const struct { unsigned ranks, banks, queue; } shapes[] = {
		{ 1, 4, 4 }, { 2, 4, 16 }, { 1, 16, 16 }, { 2, 8, 3 }, { 1, 2, 1 },
		{ 1, 16, 40 },	/* MeDiC's two queues: 80 places, no masks */
	};
	/* odd: a column command every tCCD = 6 cycles, longer than a burst
	 * (2), writes' data later than reads' (tWL > tCL), short row cycles */
	static const struct wt_dram_timing odd_t = { .tCL = 5, .tRP = 3,
		.tRC = 20, .tRAS = 9, .tRCD = 4, .tRRD = 1, .tWR = 2, .tWL = 7,
		.tCCD = 6 };
	static const char *const how[] = { "plain scans", "masks, every cycle",
					   "plain scans, every cycle" };
	enum { N = 1500 };
	struct wt_dram_req *r = calloc(4 * N, sizeof(*r)), *run[4];
	struct wt_dram_stats st[4];
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	for (int k = 0; k < 4; k++)
		run[k] = r + k * N;
	for (int s = 0; s < 3; s++)
		for (size_t h = 0; h < sizeof(shapes) / sizeof(shapes[0]); h++) {
			unsigned nb = shapes[h].ranks * shapes[h].banks;
			uint64_t t = 0;
			int masks = 0;

			for (size_t i = 0; i < N; i++) {
				if (xorshift(&seed) % 4 == 0)
					t += xorshift(&seed) % 40;
				run[0][i] = req(t, (unsigned)(xorshift(&seed) % nb),
						xorshift(&seed) % 4,
						xorshift(&seed) % 5 == 0,
						1 + (unsigned)(xorshift(&seed) % 3));
				run[0][i].cls = (uint8_t)(xorshift(&seed) % 2);
			}
			for (int k = 1; k < 4; k++)
				memcpy(run[k], run[0], N * sizeof(*r));
			for (int k = 0; k < 4; k++) {
				setup(scheds[s], shapes[h].queue);
				if (odd)
					cfg.t = odd_t;
				cfg.ranks = shapes[h].ranks;
				cfg.banks = shapes[h].banks;
				wt_dram_chan_free(&ch);
				wt_dram_chan_init(&ch, &cfg, &clk, 0);
				if (k == 0)
					masks = ch.masks;
				if (k == 1 || k == 3)
					ch.masks = 0;
				if (k >= 2) {
					stepped = ch.pick;
					ch.pick = every_cycle;
				}
				wt_dram_run(&ch, run[k], N);
				st[k] = ch.st;
				st[k].counts = NULL;	/* freed with ch */
				memset(st[k].longer, 0, sizeof(st[k].longer));
				wt_dram_chan_free(&ch);
			}
			for (int k = 1; k < 4; k++) {
				const char *why = differs(run[0], run[k], N, &st[0], &st[k]);

				ok(!why, "%s%s, %u rank(s) of %u banks, queue %u: %s %s as %s%s%s",
				   scheds[s]->name,
				   odd ? " (odd timing)" : "",
				   shapes[h].ranks, shapes[h].banks, shapes[h].queue,
				   how[k - 1], why ? "differs from" : "the same",
				   masks ? "masks" : "plain scans", why ? ": " : "",
				   why ? why : "");
			}
		}
	free(r);
}

/*
 * Requests kept back by the caller, a class's on its own list (dramsim's
 * files): r starts with the first few of each class, and each stop for a
 * class (wants_more) brings a few more of that class to r's end, so that
 * r holds each class in arrival order but not the classes together.  The
 * run is that of wt_dram_run over every request, for each scheduler and
 * for MeDiC with both classes, only high ones, and only low ones.
 */
static void kept_back(void)
{
	enum { N = 3000, FIRST = 5, CHUNK = 3 };
	static const char *const mixes[] = { "", ", both classes", ", all high", ", all low" };
	static const char *const paces[] = { " (queue full)", " (queue often empty)" };
	struct wt_dram_req *all = calloc(4 * N, sizeof(*all)), *ref = all + N,
			   *r = all + 2 * N, *res = all + 3 * N;
	size_t *kept = calloc(2 * N, sizeof(*kept));
	uint64_t seed = 0x2545f4914f6cdd1dULL;

	for (int s = 0; s < 3; s++)
	for (int sparse = 0; sparse < 2; sparse++)
		for (int mix = s == 2; mix < (s == 2 ? 4 : 1); mix++) {
			struct wt_dram_stats st;
			size_t inr[2] = { 0, 0 }, nkept[2] = { 0, 0 }, pos[2] = { 0, 0 }, n = 0;
			unsigned stops[2] = { 0, 0 }, passed = 0;
			uint64_t t = 0;

			for (size_t i = 0; i < N; i++) {
				if (sparse)
					t += xorshift(&seed) % 80;
				else if (xorshift(&seed) % 3 == 0)
					t += xorshift(&seed) % 30;
				all[i] = req(t, (unsigned)(xorshift(&seed) % 4),
					     xorshift(&seed) % 3, xorshift(&seed) % 5 == 0,
					     1 + (unsigned)(xorshift(&seed) % 2));
				all[i].cls = mix == 1 ? (uint8_t)(xorshift(&seed) % 3 == 0) :
					      mix == 2;
				all[i].id = (uint32_t)i;
			}
			memcpy(ref, all, N * sizeof(*all));
			setup(scheds[s], 4);
			wt_dram_run(&ch, ref, N);
			st = ch.st;
			st.counts = NULL;	/* freed with ch */
			memset(st.longer, 0, sizeof(st.longer));
			wt_dram_chan_free(&ch);

			/* the first FIRST of each class in r, the rest kept */
			setup(scheds[s], 4);
			for (size_t i = 0; i < N; i++) {
				unsigned c = wt_dram_class(&ch, &all[i]);

				if (!nkept[c] && inr[c] < FIRST) {
					r[n++] = all[i];
					inr[c]++;
				} else {
					kept[c * N + nkept[c]++] = i;
					ch.more |= 1u << c;
				}
			}
			for (;;) {
				unsigned c;

				wt_dram_run_until(&ch, r, n, UINT64_MAX);
				if (!ch.wants_more)
					break;
				c = ch.wants_more >> 1;
				stops[c]++;
				for (int k = 0; k < CHUNK && pos[c] < nkept[c]; k++) {
					r[n] = all[kept[c * N + pos[c]++]];
					wt_dram_count_full(&ch, &r[n]);
					passed += r[n].arrive < r[n - 1].arrive;
					n++;
				}
				if (pos[c] == nkept[c])
					ch.more &= ~(1u << c);
			}
			is_u64(n, N, "%s%s%s, kept back: every request taken",
			       scheds[s]->name, mixes[mix],
			       paces[sparse]);
			for (size_t k = 0; k < n; k++)
				res[r[k].id] = r[k];
			{
				const char *why = differs(ref, res, N, &st, &ch.st);

				ok(!why, "%s%s%s, kept back: the run of all at once%s%s",
				   scheds[s]->name, mixes[mix],
				   paces[sparse], why ? ": " : "", why ? why : "");
			}
			for (unsigned c = 0; c < 2; c++)
				if (nkept[c])
					ok(stops[c] >= (nkept[c] + CHUNK - 1) / CHUNK,
					   "%s%s%s: stopped for class %u's %zu kept (%u stops)",
					   scheds[s]->name,
					   mixes[mix], paces[sparse], c, nkept[c], stops[c]);
			if (mix == 1)
				ok(passed > 0, "medic, both classes%s: %u brought back behind "
				   "later ones of the other class", paces[sparse], passed);
			wt_dram_chan_free(&ch);
		}
	free(all);
	free(kept);
}

/*
 * The wide masks (more than 64 queue places) against the plain scans, on
 * queues that fill: random requests in bursts that outrun the channel and
 * pauses that let it drain, reads and writes of one to three bursts, two
 * classes, for each scheduler, with banks few and many (64, the most the
 * masks take), run whole and in batches as dramsim runs them
 * (wt_dram_run_until up to the next arrival not given, the requests done
 * dropped by wt_dram_compact).
 */
static void wide_picks(void)
{
	static const struct { unsigned ranks, banks, queue; } shapes[] = {
		{ 1, 16, 65 }, { 2, 8, 128 }, { 1, 16, 1000 }, { 4, 16, 100 },
		{ 1, 2, 300 },
	};
	enum { N = 6000, BATCH = 250 };
	struct wt_dram_req *all = calloc(4 * N, sizeof(*all)), *ref = all + N,
			   *r = all + 2 * N, *res = all + 3 * N;
	uint64_t seed = 0x6a09e667f3bcc909ULL;

	for (int s = 0; s < 3; s++)
		for (size_t h = 0; h < sizeof(shapes) / sizeof(shapes[0]); h++) {
			unsigned nb = shapes[h].ranks * shapes[h].banks;
			struct wt_dram_stats st;
			size_t n = 0, given = 0, deepest = 0;
			uint64_t t = 0;
			int masks;
			const char *why;

			for (size_t i = 0; i < N; i++) {
				/* a thousand in a rush, then five hundred slowly */
				if (i % 1500 >= 1000)
					t += xorshift(&seed) % 60;
				else if (xorshift(&seed) % 4 == 0)
					t += xorshift(&seed) % 4;
				all[i] = req(t, (unsigned)(xorshift(&seed) % nb),
					     xorshift(&seed) % 4, xorshift(&seed) % 5 == 0,
					     1 + (unsigned)(xorshift(&seed) % 3));
				all[i].cls = (uint8_t)(xorshift(&seed) % 3 == 0);
				all[i].id = (uint32_t)i;
			}

			/* the plain scans, every request at once */
			memcpy(ref, all, N * sizeof(*all));
			setup(scheds[s], shapes[h].queue);
			cfg.ranks = shapes[h].ranks;
			cfg.banks = shapes[h].banks;
			wt_dram_chan_free(&ch);
			wt_dram_chan_init(&ch, &cfg, &clk, 0);
			ch.masks = 0;
			wt_dram_run(&ch, ref, N);
			st = ch.st;
			st.counts = NULL;	/* freed with ch */
			memset(st.longer, 0, sizeof(st.longer));
			wt_dram_chan_free(&ch);

			/* the masks, every request at once */
			memcpy(res, all, N * sizeof(*all));
			wt_dram_chan_init(&ch, &cfg, &clk, 0);
			masks = ch.masks;
			wt_dram_run(&ch, res, N);
			why = differs(ref, res, N, &st, &ch.st);
			ok(masks == WT_DRAM_WIDE && !why,
			   "%s, %u rank(s) of %u banks, queue %u: wide masks%s as "
			   "plain scans%s%s", scheds[s]->name, shapes[h].ranks,
			   shapes[h].banks, shapes[h].queue,
			   masks != WT_DRAM_WIDE ? " not used," :
			   why ? " differ from" : " the same",
			   why ? ": " : "", why ? why : "");
			wt_dram_chan_free(&ch);

			/* the masks, in batches */
			memset(res, 0, N * sizeof(*res));
			wt_dram_chan_init(&ch, &cfg, &clk, 0);
			while (given < N || n) {
				uint64_t until;

				for (size_t k = 0; k < BATCH && given < N; k++)
					r[n++] = all[given++];
				until = given < N ? all[given].arrive : UINT64_MAX;
				wt_dram_run_until(&ch, r, n, until);
				if (ch.nq > deepest)
					deepest = ch.nq;
				for (size_t k = 0; k < n; k++)
					if (r[k].admitted && !r[k].left) {
						res[r[k].id] = r[k];
						r[k].gone = 1;
					}
				n = wt_dram_compact(&ch, r, n);
				if (until == UINT64_MAX)
					break;
			}
			is_u64(n, 0, "%s, queue %u, in batches: every request done",
			       scheds[s]->name, shapes[h].queue);
			why = differs(ref, res, N, &st, &ch.st);
			ok(!why, "%s, %u rank(s) of %u banks, queue %u: wide masks in "
			   "batches %s plain scans%s%s", scheds[s]->name,
			   shapes[h].ranks, shapes[h].banks, shapes[h].queue,
			   why ? "differ from" : "the same as", why ? ": " : "",
			   why ? why : "");
			ok(deepest > 64, "%s, queue %u: %zu queued at a batch's end",
			   scheds[s]->name, shapes[h].queue, deepest);
			wt_dram_chan_free(&ch);
		}
	free(all);
}

static void clocks(void)
{
	struct wt_dram_clock k;

	wt_dram_clock_init(&k, 700, 924);	/* 25 : 33 */
	is_u64(k.core, 25, "700:924 reduces to 25:33");
	is_u64(wt_dram_to_dram(&k, 100), 132, "core 100 = DRAM 132");
	is_u64(wt_dram_to_core(&k, 132), 100, "DRAM 132 = core 100");
	is_u64(wt_dram_to_dram(&k, 1), 2, "core 1 = DRAM ceil(1.32) = 2");
	is_u64(wt_dram_to_core(&k, 26), 20, "DRAM 26 = core ceil(19.7) = 20");
	is_u64(wt_dram_to_core(&k, 0), 0, "0 = 0");
	is_u64(wt_dram_to_dram(&k, 1000000000000ull), 1320000000000ull,
	       "10^12 core cycles, exactly");
}

/* The default map by its formula (dram.h), sizes powers of two or not
 * (the decoder shifts for the first). */
static void map_formula(void)
{
	static const unsigned sizes[][6] = {	/* channels ranks banks columns
						   bus_width interleave */
		{ 6, 1, 16, 256, 8, 256 }, { 8, 2, 8, 128, 16, 512 },
		{ 5, 3, 12, 200, 12, 384 }, { 1, 1, 1, 1, 1, 1 },
	};
	uint64_t seed = 12345;

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		struct wt_dram_map m;
		struct wt_dram_cfg c;
		int same = 1;

		memset(&c, 0, sizeof(c));
		memset(&m, 0, sizeof(m));
		c.channels = sizes[k][0];
		c.ranks = sizes[k][1];
		c.banks = sizes[k][2];
		c.rows = k == 2 ? 1000 : 8192;
		c.columns = sizes[k][3];
		c.bus_width = sizes[k][4];
		m.interleave = sizes[k][5];
		for (int i = 0; i < 2000; i++) {
			uint64_t addr = xorshift(&seed) >> (i % 40), il = m.interleave;
			uint64_t a = addr / il / c.channels * il + addr % il;
			uint64_t rb = (uint64_t)c.columns * c.bus_width;
			uint64_t nb = (uint64_t)c.ranks * c.banks;
			struct wt_dram_loc l;

			wt_dram_map_decode(&m, &c, addr, &l);
			same &= l.channel == addr / il % c.channels &&
				l.column == a % rb / c.bus_width &&
				l.bank == a / rb % nb && l.row == a / rb / nb % c.rows;
		}
		ok(same, "%u channels, %u x %u banks, %u columns of %u bytes, "
		   "stripes of %llu: the formula's channel, bank, row, column",
		   c.channels, c.ranks, c.banks, c.columns, c.bus_width,
		   (unsigned long long)m.interleave);
	}
}

static void mapping(void)
{
	struct wt_dram_map m;
	struct wt_dram_cfg c;
	struct wt_dram_loc l;
	char err[256];

	memset(&c, 0, sizeof(c));
	c.channels = 6;
	c.ranks = 1;
	c.banks = 16;
	c.rows = 8192;
	c.columns = 256;
	c.bus_width = 8;
	memset(&m, 0, sizeof(m));
	m.interleave = 256;
	ok(wt_dram_map_fit(&m, &c, 0, err, sizeof(err)) == 0, "default map fits");
	wt_dram_map_decode(&m, &c, 256, &l);
	is_u64(l.channel, 1, "256: channel 1");
	wt_dram_map_decode(&m, &c, 1536 + 8, &l);
	is_u64(l.channel, 0, "1544: channel 0 again");
	is_u64(l.column, 33, "  column (256 + 8) / 8");
	wt_dram_map_decode(&m, &c, 12288, &l);
	is_u64(l.bank * 100000 + l.row, 100000, "12288: bank 1, row 0");
	wt_dram_map_decode(&m, &c, 196608, &l);
	is_u64(l.bank * 100000 + l.row, 1, "196608: bank 0, row 1");

	ok(wt_dram_map_parse("dramid@8;00000000.00000000.00000000.00000000."
			     "0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS", &m, err,
			     sizeof(err)) == 0, "the GTX 480 mapping parses");
	ok(wt_dram_map_fit(&m, &c, 0, err, sizeof(err)) == 0, "  and fits");
	is_u64(c.banks, 16, "  16 banks");
	is_u64(c.rows, 8192, "  8192 rows");
	is_u64(c.columns, 256, "  256 columns of 8 bytes");
	wt_dram_map_decode(&m, &c, 128, &l);
	is_u64(l.channel * 100 + l.bank, 1, "128: channel 0, bank 1 (bit 7)");
	wt_dram_map_decode(&m, &c, 4096, &l);
	is_u64(l.channel, 4, "4096: channel 16 %% 6 = 4");
	is_u64(l.column * 100 + l.bank, 800, "  512 left: bit 9, column 8");
	wt_dram_map_decode(&m, &c, 196608, &l);
	is_u64(l.row * 100 + l.bank, 100, "196608: 32768 left, row 1");
	c.banks = 8;
	ok(wt_dram_map_fit(&m, &c, 1, err, sizeof(err)) == -1, "--banks=8 disagrees");
	like(err, "4 B bits give 16 banks a rank, not --banks=8", "  saying so");

	ok(wt_dram_map_parse("RRRRBBBBXCCC", &m, err, sizeof(err)) == -1, "rejects X");
	like(err, "'X' at position 9: expected D, B, R, C, S, 0 or '.'",
	     "  saying so");
	ok(wt_dram_map_parse("CCCCSSSS", &m, err, sizeof(err)) == -1, "no bank bits");
	like(err, "needs B (bank) and R (row) bits", "  saying so");
	ok(wt_dram_map_parse("dramid@8RRBB", &m, err, sizeof(err)) == -1, "no ';'");
	ok(wt_dram_map_parse("DDRRRBBBCCCSSSSS", &m, err, sizeof(err)) == 0, "D bits");
	c.channels = 4;
	ok(wt_dram_map_fit(&m, &c, 0, err, sizeof(err)) == 0, "  fit 4 channels");
	wt_dram_map_decode(&m, &c, 0xC000 | 0x100 | 0x20, &l);
	is_u64(l.channel * 100 + l.bank, 301, "  channel 3, bank 1");
	c.channels = 6;
	ok(wt_dram_map_fit(&m, &c, 0, err, sizeof(err)) == -1, "  but not 6");
}

/* The nearest-rank percentile of v[0..n-1] (sorted in place). */
static uint64_t exact_percentile(uint64_t *v, size_t n, unsigned p)
{
	uint64_t k = ((uint64_t)p * n + 99) / 100;

	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			uint64_t t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[(k ? k : 1) - 1];
}

static void percentiles(void)
{
	static const unsigned pct[] = { 1, 10, 50, 90, 95, 99, 100 };
	struct wt_dram_stats s;
	uint64_t v[10] = { 10, 3, 7, 1, 9, 2, 8, 5, 4, 6 }, n, sum, lo, hi;
	uint64_t *w;
	int exact = 1, close = 1, below = 1;
	unsigned powers = 0;

	memset(&s, 0, sizeof(s));
	for (int i = 0; i < 10; i++)
		wt_dram_lat_add(&s, v[i]);
	is_u64(wt_dram_lat_percentile(&s, 50), 5, "p50 of 1..10 is 5");
	is_u64(wt_dram_lat_percentile(&s, 90), 9, "p90 is 9");
	is_u64(wt_dram_lat_percentile(&s, 95), 10, "p95 is 10");
	is_u64(wt_dram_lat_percentile(&s, 100), 10, "p100 is 10");
	wt_dram_stats_free(&s);
	/* longer ones in buckets, after the counted ones: exact below 8192 */
	for (int i = 0; i < 10; i++)
		wt_dram_lat_add(&s, v[i] * 1000);
	is_u64(wt_dram_lat_percentile(&s, 10), 1000, "p10 of 1000..10000 is 1000");
	is_u64(wt_dram_lat_percentile(&s, 50), 5000, "p50 is 5000");
	is_u64(wt_dram_lat_percentile(&s, 80), 8000, "p80 is 8000");
	is_u64(wt_dram_lat_percentile(&s, 100), 10000, "p100 is 10000 (in a bucket 2 wide)");
	wt_dram_lat_summary(&s, &n, &sum, &lo, &hi);
	ok(n == 10 && sum == 55000 && lo == 1000 && hi == 10000,
	   "10 latencies, sum 55000, from 1000 to 10000");
	wt_dram_stats_free(&s);

	/* A queue far behind: 20000 latencies spread from 4000 to past 2^22
	 * and two at the 32-bit end, one saturated.  Every percentile at
	 * most 1/4096 below the exact one, never above; exact below 8192. */
	w = malloc(20002 * sizeof(*w));
	for (int i = 0; i < 20000; i++) {
		w[i] = 4000 + (uint64_t)i * i / 90 + (uint64_t)i * 7;
		wt_dram_lat_add(&s, w[i]);
	}
	w[20000] = UINT32_MAX - 5;
	w[20001] = UINT32_MAX;
	wt_dram_lat_add(&s, w[20000]);
	wt_dram_lat_add(&s, (uint64_t)UINT32_MAX + 100);
	for (size_t k = 0; k < sizeof(pct) / sizeof(pct[0]); k++) {
		uint64_t want = exact_percentile(w, 20002, pct[k]);
		uint64_t got = wt_dram_lat_percentile(&s, pct[k]);

		below &= got <= want;
		close &= (want - got) * 4096 <= want;
		if (want < 8192)
			exact &= got == want;
	}
	for (int i = 0; i < 20002; i++)
		wt_dram_lat_add(&s, 0);		/* p50 falls at 0 now */
	ok(below && close, "a long spread: each percentile within 1/4096 below the exact one");
	ok(exact, "  exact below 8192");
	for (unsigned i = 0; i < WT_DRAM_LAT_POWERS; i++) {
		int used = 0;

		for (int j = 0; j < 20002; j++)
			used |= w[j] >> (12 + i) == 1;
		powers += (s.longer[i] != NULL) == used;
	}
	is_u64(powers, WT_DRAM_LAT_POWERS,
	       "  buckets for each power of two it has, and no other");
	is_u64(wt_dram_lat_percentile(&s, 50), 0, "  p50 after 20002 zeros is 0");
	wt_dram_lat_summary(&s, &n, &sum, &lo, &hi);
	ok(n == 40004 && lo == 0 && hi == UINT32_MAX, "  40004 latencies, from 0 to 2^32 - 1 (saturated)");
	wt_dram_stats_free(&s);
	/* a single long latency is its own percentile (the least of all) */
	wt_dram_lat_add(&s, 1000003);
	is_u64(wt_dram_lat_percentile(&s, 50), 1000003,
	       "one latency of 1000003 (bucket from 999936): p50 is it");
	ok(s.longer[19 - 12] != NULL && s.longer[0] == NULL, "  one bucket made, for 2^19");
	wt_dram_stats_free(&s);
	/* channels merged: the same as one channel of all */
	{
		struct wt_dram_stats a, b, all;
		int same = 1;

		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		memset(&all, 0, sizeof(all));
		for (int i = 0; i < 20000; i++) {
			wt_dram_lat_add(i % 3 ? &a : &b, w[i] * 3 / 2);
			wt_dram_lat_add(&all, w[i] * 3 / 2);
		}
		wt_dram_stats_add_lat(&a, &b);
		for (unsigned p = 1; p <= 100; p++)
			same &= wt_dram_lat_percentile(&a, p) == wt_dram_lat_percentile(&all, p);
		ok(same && a.nlats == all.nlats && a.lat_sum == all.lat_sum &&
		   a.lat_min == all.lat_min && a.lat_max == all.lat_max,
		   "two channels added: every percentile, count, sum, min and max of one");
		wt_dram_stats_free(&a);
		wt_dram_stats_free(&b);
		wt_dram_stats_free(&all);
	}
	free(w);
}

/* A writer of events on stdout, in a kernel of that name begun, and e a
 * read miss of a 128-byte line at level; NULL after a message. */
static struct wt_writer *open_events(const char *name, struct wt_kernel *k,
				     struct wt_event *e, unsigned level)
{
	struct wt_header h;
	struct wt_writer *w;
	char err[256];

	wt_header_init(&h, WT_KIND_EVENT, 0);
	wt_machine_default_meta(&h.meta, "test-dram");
	w = wt_writer_open("-", &h, 1, err, sizeof(err));
	wt_header_free(&h);
	if (!w) {
		fprintf(stderr, "%s\n", err);
		return NULL;
	}
	wt_kernel_init(k);
	free(k->name);
	k->name = strdup(name);
	wt_writer_kernel_begin(w, k);
	memset(e, 0, sizeof(*e));
	e->type = WT_EV_MISS;
	e->miss_class = level == 1 ? WT_MISS_COMPULSORY : WT_MISS_NONE;
	e->level = (uint8_t)level;
	e->bytes = 128;
	e->sectors = 0xf;
	return w;
}

/*
 * test-dram gen seq|random|late|midlate N GAP: write a stream of N
 * level-1 read misses of 128-byte lines to stdout, one every GAP core
 * cycles: lines in address order, or lines drawn from 1 GB by a fixed
 * generator (late: those out of time order, the first at the last one's
 * time and every 1000th 500 events late; midlate: in time order for the
 * first half, then every 1000th 500 events late).  The shell tests tests/57-l2sim.t and
 * tests/58-dramsim.t run l2sim and dramsim on them.
 */
static int gen(int argc, char **argv)
{
	struct wt_kernel k;
	struct wt_writer *w;
	struct wt_event e;
	char err[256];
	uint64_t x = 88172645463325252ull;
	unsigned long n, gap;
	int rnd, late, midlate;

	if (argc != 5)
		return 2;
	late = strcmp(argv[2], "late") == 0;
	midlate = strcmp(argv[2], "midlate") == 0;
	rnd = late || midlate || strcmp(argv[2], "random") == 0;
	n = strtoul(argv[3], NULL, 10);
	gap = strtoul(argv[4], NULL, 10);
	w = open_events("synthetic", &k, &e, 1);
	if (!w)
		return 1;
	for (unsigned long i = 0; i < n; i++) {
		x ^= x << 13;	/* xorshift64 */
		x ^= x >> 7;
		x ^= x << 17;
		e.time = i * gap;
		if (late && i == 0)
			e.time = (n - 1) * gap;
		else if ((late || (midlate && i >= n / 2)) && i % 1000 == 999)
			e.time = (i - 500) * gap;
		e.addr = rnd ? (x % (1ull << 30)) & ~127ull : (uint64_t)i * 128;
		e.warp = (uint32_t)i;
		wt_writer_put(w, &e);
	}
	wt_writer_kernel_end(w);
	wt_kernel_free(&k);
	return wt_writer_close(w, err, sizeof(err)) < 0;
}

/*
 * test-dram gen warps|reorder N GAP LEVEL: write N load misses of level
 * LEVEL (1: an L1's, for l2sim; 2: an L2's, for dramsim), one every GAP
 * core cycles, of 8 warps in turn, each warp's instruction rising every
 * 3 of its loads, lines shared between warps.  reorder: half-way, warp
 * 1 loads once more for its previous instruction (3000 cycles late at
 * level 2), and warp 2 skips its instruction 5, whose one load comes
 * there: each warp's order is broken, once for an instruction that has
 * closed, once for one never seen.
 */
static int gen_warps(char **argv)
{
	struct wt_kernel k;
	struct wt_writer *w;
	struct wt_event e;
	char err[256];
	unsigned long n = strtoul(argv[3], NULL, 10);
	unsigned long gap = strtoul(argv[4], NULL, 10);
	unsigned level = (unsigned)strtoul(argv[5], NULL, 10);
	int reorder = strcmp(argv[2], "reorder") == 0;

	w = open_events("warps", &k, &e, level);
	if (!w)
		return 1;
	for (unsigned long i = 0; i < n; i++) {
		uint32_t warp = (uint32_t)(i % 8), j = (uint32_t)(i / 8);

		e.time = i * gap;
		e.warp = warp;
		e.cta = warp / 4;
		e.sm = (uint16_t)(warp % 2);
		e.instr = j / 3;
		if (reorder && warp == 2 && e.instr >= 5)
			e.instr++;
		e.pc = 0x10 + 8 * (j / 3 % 4);
		e.addr = (uint64_t)((warp * 97 + j) % 300) * 128;
		e.latency = 10;
		e.partition = (uint16_t)(warp % 6);
		wt_writer_put(w, &e);
		if (reorder && i == n / 2) {
			e.warp = 1;
			e.cta = 0;
			e.sm = 1;
			e.instr = (uint32_t)(i / 8 / 3) - 1;
			e.addr = 1u << 20;
			e.latency = level == 2 ? 3000 : 10;
			e.partition = 1;
			wt_writer_put(w, &e);
			e.warp = 2;
			e.sm = 0;
			e.instr = 5;
			e.addr = 2u << 20;
			e.latency = 10;
			e.partition = 2;
			wt_writer_put(w, &e);
		}
	}
	wt_writer_kernel_end(w);
	wt_kernel_free(&k);
	return wt_writer_close(w, err, sizeof(err)) < 0;
}

/*
 * test-dram gen medic N GAP HOT: write N L2 events of 8 warps in turn,
 * four every GAP core cycles, to random lines of 1 GB: warps below HOT
 * (0 to 8) hit three times in four and miss once, the others miss every
 * time.  For dramsim --sched=medic, which types the first mostly-hit (its
 * misses go to the high queue) and the others mostly-miss.
 */
static int gen_medic(char **argv)
{
	struct wt_kernel k;
	struct wt_writer *w;
	struct wt_event e;
	char err[256];
	uint64_t x = 88172645463325252ull;
	unsigned long n = strtoul(argv[3], NULL, 10);
	unsigned long gap = strtoul(argv[4], NULL, 10);
	unsigned long hot = strtoul(argv[5], NULL, 10);

	w = open_events("medic", &k, &e, 2);
	if (!w)
		return 1;
	for (unsigned long i = 0; i < n; i++) {
		uint32_t warp = (uint32_t)(i % 8), j = (uint32_t)(i / 8);

		x ^= x << 13;	/* xorshift64 */
		x ^= x >> 7;
		x ^= x << 17;
		e.time = i / 4 * gap;
		e.warp = warp;
		e.sm = (uint16_t)(warp % 2);
		e.instr = j;
		e.addr = (x % (1ull << 30)) & ~127ull;
		e.type = warp < hot && j % 4 != 3 ? WT_EV_HIT : WT_EV_MISS;
		e.latency = 10;
		wt_writer_put(w, &e);
	}
	wt_writer_kernel_end(w);
	wt_kernel_free(&k);
	return wt_writer_close(w, err, sizeof(err)) < 0;
}

int main(int argc, char **argv)
{
	if (argc == 6 && strcmp(argv[1], "gen") == 0 && strcmp(argv[2], "medic") == 0)
		return gen_medic(argv);
	if (argc == 6 && strcmp(argv[1], "gen") == 0)
		return gen_warps(argv);
	if (argc > 1 && strcmp(argv[1], "gen") == 0)
		return gen(argc, argv);
	hit_miss_conflict();
	ras_rc();
	write_recovery();
	rrd();
	bursts();
	queue_full();
	frfcfs();
	medic();
	many();
	kept_back();
	same_picks(0);
	same_picks(1);
	wide_picks();
	clocks();
	mapping();
	map_formula();
	percentiles();
	return tap_done();
}
