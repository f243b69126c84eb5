/*
 * dram.h - a command-level model of the DRAM behind one GPU memory
 * partition: channels of ranks of banks with row buffers, GDDR5 timing,
 * an open-page policy and a request queue with a pluggable scheduler
 * (dramhook.h; the model's own are FCFS and FR-FCFS).
 *
 * The model.  Each channel is simulated on its own, in DRAM command-clock
 * cycles.  A request joins the channel's queue when it arrives and the
 * queue has room; otherwise it waits outside, in arrival order.  In every
 * cycle in which a command may issue, the scheduler picks at most one
 * queued request and that request's next command issues: PRE if its bank
 * has another row open, ACT if the bank is closed, else a column command
 * (RD or WR) for one burst.  A request of several bursts issues one column
 * command per burst and leaves the queue with its last one; it completes
 * when the data of its last burst has crossed the channel's data bus.
 * Rows stay open until a request for another row of the bank precharges
 * them (open page).  The loop jumps over cycles in which no command can
 * issue, so its result is that of stepping every cycle.
 *
 * Timing, all in command-clock cycles (names as in GPGPU-Sim's
 * gpgpu_dram_timing_opt and the GDDR5 data sheets):
 *   ACT  >= PRE + tRP, ACT + tRC (same bank), ACT + tRRD (same rank)
 *   RD/WR >= ACT + tRCD (same bank), column + tCCD (same channel), and
 *          its data may not start before the bus is free
 *   PRE  >= ACT + tRAS, RD + burst cycles, WR data end + tWR
 *   data of a RD starts tCL after it, of a WR tWL after it, and holds the
 *   bus for burst / data_rate cycles.
 * Not modelled: refresh, tFAW, read/write turnaround (tWTR, tCDLR), bank
 * groups, power-down, the command bus beyond one command per cycle.
 */
#ifndef WT_DRAM_H
#define WT_DRAM_H

#include <stddef.h>
#include <stdint.h>

#include "addrdec.h"

struct wt_dram_timing {
	unsigned tCL, tRP, tRC, tRAS, tRCD, tRRD, tWR, tWL, tCCD;
};

struct wt_dram_sched_ops;

struct wt_dram_cfg {
	unsigned channels;
	unsigned ranks;		/* per channel */
	unsigned banks;		/* per rank */
	uint64_t rows;		/* per bank */
	unsigned columns;	/* per row, of bus_width bytes each */
	unsigned bus_width;	/* bytes per transfer, per channel */
	unsigned burst;		/* transfers per column command */
	unsigned data_rate;	/* transfers per command-clock cycle */
	struct wt_dram_timing t;
	unsigned queue;		/* request queue entries per channel */
	const struct wt_dram_sched_ops *sched;	/* dramhook.h */
	int no_lat_stats;	/* keep no latencies (their histogram, sum,
				   least and greatest): dramsim without
				   --stats, which shows none */
};

/* Bytes of one burst, and the command cycles it holds the data bus. */
unsigned wt_dram_burst_bytes(const struct wt_dram_cfg *c);
unsigned wt_dram_burst_cycles(const struct wt_dram_cfg *c);
/* A one-line reason if the configuration cannot be simulated, else NULL. */
const char *wt_dram_cfg_check(const struct wt_dram_cfg *c, char *buf, size_t n);

/* ---- address mapping (lib/mem/drammap.c) ---- */

/*
 * Where an address lives.  Without a mask (the default) the channel is
 * (addr / interleave) % channels; the address with the channel taken out,
 * a = addr / (interleave * channels) * interleave + addr % interleave,
 * then holds column, bank (rank-major), row from the low bits up.
 * With a GPGPU-Sim mapping string the address is decoded as GPGPU-Sim's
 * addrdec.cc does (addrdec.h, the same decoder as l2sim --map): channel,
 * bank (the B letters), row (R) and column (the C letters; GPGPU-Sim's
 * column also holds the S letters below them), with sub-partitions and
 * partition indexing, which may move the channel.
 */
struct wt_dram_map {
	uint64_t interleave;	/* bytes per channel stripe (dramid@B: 2^B) */
	int masked;		/* a mapping string is in use */
	int dramid;		/* the string has dramid@B */
	unsigned sub;		/* sub-partitions per channel (0 is 1) */
	enum wt_pidx indexing;	/* partition indexing (a string only) */
	struct wt_addrdec ad;	/* the string, decoded */
	char text[160];		/* the string, for the stats */
};

struct wt_dram_loc {
	unsigned channel;
	unsigned bank;		/* rank * banks + bank within the rank */
	uint64_t row;
	uint64_t column;
};

/* Parse a --map string, [dramid@B;]MASK (addrdec.h); it needs B and R
 * letters.  -1 with err. */
int wt_dram_map_parse(const char *s, struct wt_dram_map *m, char *err, size_t n);
/* Fit the map to the configuration, with m->sub and m->indexing set: a
 * string decides banks, rows and columns (-1 with err if they disagree
 * with values given, as flags in given: 1 banks, 2 rows, 4 columns) and
 * must suit the channels, sub-partitions and indexing as GPGPU-Sim's. */
int wt_dram_map_fit(struct wt_dram_map *m, struct wt_dram_cfg *c, unsigned given,
		    char *err, size_t n);
/* The random indexing draws at an address chunk's first decoding: decode
 * in the order of the stream, on one thread. */
void wt_dram_map_decode(const struct wt_dram_map *m, const struct wt_dram_cfg *c,
			uint64_t addr, struct wt_dram_loc *l);
void wt_dram_map_free(struct wt_dram_map *m);
/* The lowest address bit a mapping string's channel, bank and row depend
 * on: two addresses alike from this bit up decode to the same three (not
 * the same column).  64 when that is not known so: no string, or the
 * random indexing, whose draws follow the order of decoding. */
unsigned wt_dram_map_low_bit(const struct wt_dram_map *m);

/* ---- clocks (lib/mem/drammap.c) ---- */

/* Core and DRAM clocks in MHz, kept as a reduced ratio: a core cycle t is
 * DRAM cycle ceil(t * dram / core), a DRAM cycle d is core cycle
 * ceil(d * core / dram). */
struct wt_dram_clock {
	unsigned core_mhz, dram_mhz;
	uint64_t core, dram;	/* the ratio, reduced */
};

void wt_dram_clock_init(struct wt_dram_clock *k, unsigned core_mhz, unsigned dram_mhz);
uint64_t wt_dram_to_dram(const struct wt_dram_clock *k, uint64_t core_cycle);
uint64_t wt_dram_to_core(const struct wt_dram_clock *k, uint64_t dram_cycle);

/* ---- the channel ---- */

enum wt_dram_cmd { WT_DRAM_PRE, WT_DRAM_ACT, WT_DRAM_RD, WT_DRAM_WR };

/* How a request found its bank when its first command issued. */
enum wt_dram_outcome {
	WT_DRAM_HIT = 0,	/* its row open: a column command first */
	WT_DRAM_MISS = 1,	/* bank closed: ACT first */
	WT_DRAM_CONFLICT = 2,	/* another row open: PRE first */
	WT_DRAM_PENDING = 3	/* no command yet */
};

struct wt_dram_req {
	uint64_t arrive;	/* DRAM cycle it reaches the controller */
	uint64_t core_arrive;	/* the same, in core cycles */
	uint64_t seq;		/* arrival order in its channel */
	uint64_t row;
	uint64_t done;		/* DRAM cycle its last data leaves the bus */
	uint64_t core_done;	/* the same, in core cycles */
	unsigned bank;		/* flat: rank * banks + bank */
	unsigned bursts;	/* column commands it needs */
	unsigned left;		/* column commands still to issue */
	uint8_t write;
	uint8_t cls;		/* its queue class, with a scheduler of two
				   queues (wt_dram_class) */
	uint8_t admitted;	/* has entered its queue */
	uint8_t outcome;	/* enum wt_dram_outcome */
	uint8_t gone;		/* set by the caller: done, and taken away
				   (wt_dram_compact drops it) */
	uint8_t full;		/* counted in queue_full */
	uint32_t id;		/* the caller's index */
};

struct wt_dram_bank {
	int open;
	uint64_t row;
	uint64_t act_ok, col_ok, pre_ok;	/* earliest cycles */
	unsigned rank;
	unsigned hits;		/* queued requests for the open row */
	uint64_t accesses, activates, precharges, row_hits;
};

/* Latencies below this many core cycles (all but those of queues far
 * behind) are counted by value (32 KB a channel); the longer ones in
 * 4096 buckets for each power of two from 2^12 to 2^31, each 1/4096 of
 * its power wide (one cycle below 8192), made for a power when one of its
 * latencies comes (32 KB).  Memory then follows the range of the
 * latencies, not the requests, which a queue far behind makes many of. */
#define WT_DRAM_LAT_COUNTED 4096
#define WT_DRAM_LAT_POWERS 20

struct wt_dram_stats {
	uint64_t reads, writes;
	uint64_t outcome[3];	/* hits, misses, conflicts */
	uint64_t queue_full;	/* requests that found the queue full */
	uint64_t occupancy;	/* sum over cycles of queued requests */
	uint64_t busy;		/* data-bus cycles */
	uint64_t bursts;
	uint64_t first, last;	/* first arrival, last data end (DRAM) */
	/* The latencies in core cycles, one a request (up to 2^32 - 1) */
	uint64_t nlats;
	uint64_t lat_sum, lat_min, lat_max;
	uint64_t *counts;	/* WT_DRAM_LAT_COUNTED by value, or NULL */
	uint64_t *longer[WT_DRAM_LAT_POWERS];	/* 2^(12 + i) and up: 4096
						   buckets, or NULL */
};

struct wt_dram_chan;

/* struct wt_dram_chan's masks. */
enum { WT_DRAM_SCANS = 0, WT_DRAM_MASKS = 1, WT_DRAM_WIDE = 2 };

/* A scheduler's pick (dramhook.h says what it answers). */
typedef int (*wt_dram_sched_fn)(const struct wt_dram_chan *ch, uint64_t now,
				uint64_t *wake);

struct wt_dram_chan {
	const struct wt_dram_cfg *cfg;
	const struct wt_dram_clock *clk;
	unsigned id;
	wt_dram_sched_fn pick;		/* cfg->sched's */
	unsigned nqueues;		/* cfg->sched's: 1 or 2 */
	struct wt_dram_bank *bank;	/* ranks * banks */
	uint64_t *rrd_ok;		/* per rank: next ACT (tRRD) */
	uint64_t col_ok;		/* next column command (tCCD) */
	uint64_t bus_free;		/* data bus free from this cycle */
	uint64_t col_at[2];		/* with them, the next read's and
					   write's column command (dram.c) */
	uint64_t col_least;		/* the earlier of the two */
	uint64_t now;
	struct wt_dram_req *r;		/* the requests of the last run */
	size_t *q;			/* the queue, oldest first: places in r
					   (with the wide masks, with holes
					   between: wide.end places in use) */
	size_t nq;			/* requests queued */
	size_t *moved;			/* wt_dram_compact's scratch */
	size_t capmoved;
	size_t nq_cls1;			/* of them, of class 1 */
	uint64_t seq;			/* requests seen */
	/* r holds each queue class's requests in arrival order (with one
	 * queue, all of them; with a scheduler's two, class 1's and class
	 * 0's, interleaved in any way): heads, counts and admissions are
	 * per class.  Class c is bit c below. */
	size_t head[2];			/* each queue's next request in r */
	size_t counted[2];		/* its requests before this place in r
					   have arrived (queue_full counted) */
	uint64_t admits[2];		/* its requests admitted, ever */
	size_t adm_end;			/* r[adm_end..] not admitted */
	/* Requests kept back by the caller (a backlog on a file), by class:
	 * more says some of a class arrive after r's last of it;
	 * wt_dram_run_until then stops, with wants_more the class's bit,
	 * when its queue would take one, before the cycle's commands, and
	 * goes on at that cycle once they are in r. */
	unsigned more, wants_more;
	int stepped;			/* a cycle has been run */
	uint64_t last_step;		/* the last cycle whose arrivals were
					   counted */
	unsigned *mark;			/* scratch for schedulers, per bank */
	unsigned stamp;
	/* With 64 banks or fewer (the presets have 16), the schedulers work
	 * on bit masks of places in q, bit i for q[i]: each bank's
	 * requests, those for their bank's open row, the writes, those of
	 * class 1, and, by bank, the banks with some.  With 64 queue places
	 * or fewer (the presets have 16 to 64) a mask is one word, below
	 * (masks is WT_DRAM_MASKS), and a request that leaves q moves the
	 * places above it down.  With more, up to two queues of 65536, a
	 * mask is an array of words, in wide (WT_DRAM_WIDE): a request keeps
	 * its place in q while queued and leaves a hole (dram.c), and the
	 * searches go a bank at a time, so that a pick and a request's
	 * leaving cost steps over a few words of each busy bank, not as
	 * many steps as the queue holds (dramsim(1) says how much a longer
	 * queue costs a request).  masks is WT_DRAM_SCANS, 0, with more
	 * than 64 banks; a test may clear it after wt_dram_chan_init to have
	 * the plain scans of the queue, which pick the same. */
	int masks;
	uint64_t *bankq;
	uint64_t hitq, writeq, cls1q, busy;
	struct {
		size_t words;		/* in each mask: q's places / 64 */
		size_t end;		/* places of q in use: the queued
					   requests' and the holes between */
		uint64_t *bankq;	/* a bank's words after another's */
		uint64_t *hitq, *writeq, *cls1q;
		size_t hits[2];		/* read and write places in hitq */
		size_t *count;		/* per bank: its places */
		size_t *write_hits;	/* per bank: its write places in hitq */
		size_t *low;		/* per bank: no place of it in a word
					   below this one */
	} wide;
	/* With the masks, bounds for FR-FCFS over every class (a pick
	 * they say finds nothing needs no scan): no bank with hits queued
	 * allows their column command before hit_lb (its col_ok), no open
	 * bank without hits its PRE before pre_lb, no closed one its ACT
	 * before act_lb (nor before rrd_least, the least rrd_ok).  A pick
	 * that finds nothing sets them from what it saw; admissions and
	 * commands lower them where a bank may be ready sooner.  A pick of
	 * an ACT or PRE (pick_set) keeps the other banks' pre_lb and act_lb
	 * in pick_pre and pick_act, which its command, for pick_bank, takes
	 * up. */
	uint64_t hit_lb, pre_lb, act_lb, rrd_least;
	uint64_t pick_pre, pick_act;
	unsigned pick_bank;
	int pick_set;
	struct wt_dram_stats st;
};

void wt_dram_chan_init(struct wt_dram_chan *ch, const struct wt_dram_cfg *c,
		       const struct wt_dram_clock *k, unsigned id);
void wt_dram_chan_free(struct wt_dram_chan *ch);

/* The queue class of a request: its cls with a scheduler of two queues,
 * else 0. */
static inline unsigned wt_dram_class(const struct wt_dram_chan *ch,
				     const struct wt_dram_req *r)
{
	return ch->nqueues > 1 && r->cls;
}

/* Queue entry i (0 the oldest; with the wide masks, a place that holds
 * one, as a scheduler's pick). */
static inline const struct wt_dram_req *wt_dram_queued(const struct wt_dram_chan *ch,
						       size_t i)
{
	return &ch->r[ch->q[i]];
}

/* The next command of a queued request, and the first cycle it is legal. */
enum wt_dram_cmd wt_dram_next(const struct wt_dram_chan *ch, const struct wt_dram_req *r);
uint64_t wt_dram_ready(const struct wt_dram_chan *ch, const struct wt_dram_req *r);

int wt_dram_pick_fcfs(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake);
int wt_dram_pick_frfcfs(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake);

/*
 * Serve n requests, sorted by arrival (ties in the order given; set
 * arrive, core_arrive, row, bank, bursts and write), continuing from the
 * channel's state.  Sets each request's seq, outcome, done and core_done.
 */
void wt_dram_run(struct wt_dram_chan *ch, struct wt_dram_req *r, size_t n);

/*
 * In batches, for a caller that reads its requests as a stream in arrival
 * order: serve r[0..n-1] (the same array as the last call's, perhaps
 * moved, with requests added at its end and gone ones dropped by
 * wt_dram_compact) up to DRAM cycle until, before which no request not in
 * r arrives; UINT64_MAX when every request is in r (to the end, as
 * wt_dram_run).  The queue keeps its requests in r between calls.  The
 * result is that of one wt_dram_run over every request.
 *
 * With bit c of ch->more, requests of class c that arrive after r's last
 * of that class, perhaps before until, are kept back (waiting for room,
 * behind r's): the run stops when class c's next request is not in r
 * (bit c of ch->wants_more), and the caller adds the next ones of the
 * class (wt_dram_count_full first) and calls again.  r's class order is
 * what counts: kept requests of one class may come back behind later
 * ones of the other.
 */
void wt_dram_run_until(struct wt_dram_chan *ch, struct wt_dram_req *r, size_t n,
		       uint64_t until);
/*
 * For a request kept back and now added to r after a stop: whether it
 * counts in queue_full already.  It arrived before the cycle the run
 * stopped on, and a cycle since its arrival had its arrivals counted,
 * when requests before it still waited: it found the queue full there.
 * (One that arrived later counts, or not, as the run goes on.)
 */
void wt_dram_count_full(struct wt_dram_chan *ch, struct wt_dram_req *q);
/*
 * After wt_dram_run_until(.., until): the core cycle before which no
 * request still to be done, or not yet given, can be done.  Every command
 * still to issue issues at the channel's clock or later, a request not
 * given arrives at until or later, and a request is done a column
 * command's latency and a burst after its last command.
 */
uint64_t wt_dram_floor(const struct wt_dram_chan *ch, uint64_t until);
/*
 * Drop the requests marked gone from r[0..n-1], keeping the others in
 * order, and move the queue's places in r with them; the new count.
 */
size_t wt_dram_compact(struct wt_dram_chan *ch, struct wt_dram_req *r, size_t n);

/* One more request's latency. */
void wt_dram_lat_add(struct wt_dram_stats *s, uint64_t lat);
/* The latencies' number, sum, least and greatest (UINT64_MAX and 0 with
 * none). */
void wt_dram_lat_summary(const struct wt_dram_stats *s, uint64_t *n, uint64_t *sum,
			 uint64_t *min, uint64_t *max);
/* Add b's counts (not latencies) to a; merge latencies with the next. */
void wt_dram_stats_add(struct wt_dram_stats *a, const struct wt_dram_stats *b);
void wt_dram_stats_add_lat(struct wt_dram_stats *a, const struct wt_dram_stats *b);
/* The p-th percentile: the smallest latency with at least p % of the
 * requests at or below it (nearest rank).  Exact below 8192 cycles;
 * above, the least latency its bucket holds, or the least of all if that
 * is more: no more than 1/4096 below the exact one. */
uint32_t wt_dram_lat_percentile(const struct wt_dram_stats *s, unsigned p);
void wt_dram_stats_free(struct wt_dram_stats *s);

#endif
