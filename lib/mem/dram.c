/*
 * dram.c - the DRAM channel: bank state machines, GDDR5 timing, the
 * request queue and its schedulers.  See dram.h for the model.
 */
#include "dram.h"
#include "dramhook.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

unsigned wt_dram_burst_bytes(const struct wt_dram_cfg *c)
{
	return c->bus_width * c->burst;
}

unsigned wt_dram_burst_cycles(const struct wt_dram_cfg *c)
{
	return c->burst / c->data_rate;
}

const char *wt_dram_cfg_check(const struct wt_dram_cfg *c, char *buf, size_t n)
{
	if (c->burst % c->data_rate)
		return wt_snprintf(buf, n, "a burst of %u transfers at %u a cycle "
				   "is not a whole number of cycles", c->burst,
				   c->data_rate);
	if (c->t.tRC < c->t.tRAS)
		return wt_snprintf(buf, n, "tRC=%u is less than tRAS=%u", c->t.tRC,
				   c->t.tRAS);
	if ((uint64_t)c->ranks * c->banks > 65536)
		return wt_snprintf(buf, n, "%u ranks of %u banks: at most 65536 "
				   "banks a channel", c->ranks, c->banks);
	return NULL;
}

void wt_dram_chan_init(struct wt_dram_chan *ch, const struct wt_dram_cfg *c,
		       const struct wt_dram_clock *k, unsigned id)
{
	unsigned nb = c->ranks * c->banks;
	size_t places = (size_t)c->queue * (c->sched->queues > 1 ? 2 : 1);

	memset(ch, 0, sizeof(*ch));
	ch->cfg = c;
	ch->clk = k;
	ch->id = id;
	ch->pick = c->sched->pick;
	ch->nqueues = c->sched->queues > 1 ? 2 : 1;
	ch->bank = wt_calloc(nb, sizeof(*ch->bank));
	for (unsigned i = 0; i < nb; i++)
		ch->bank[i].rank = i / c->banks;
	ch->rrd_ok = wt_calloc(c->ranks, sizeof(*ch->rrd_ok));
	ch->mark = wt_calloc(nb, sizeof(*ch->mark));
	ch->bankq = wt_calloc(nb, sizeof(*ch->bankq));
	ch->masks = nb > 64 ? WT_DRAM_SCANS : places <= 64 ? WT_DRAM_MASKS :
		    WT_DRAM_WIDE;
	if (ch->masks == WT_DRAM_WIDE) {
		/* twice the places, so that the holes the requests leave are
		 * squeezed out once in as many admissions as the queues take at
		 * least; 2^17 places (two queues of 65536): 2 MB of banks' words */
		size_t w = (2 * places + 63) / 64;

		ch->wide.words = w;
		ch->wide.bankq = wt_calloc(nb * w, sizeof(uint64_t));
		ch->wide.hitq = wt_calloc(w, sizeof(uint64_t));
		ch->wide.writeq = wt_calloc(w, sizeof(uint64_t));
		ch->wide.cls1q = wt_calloc(w, sizeof(uint64_t));
		ch->wide.count = wt_calloc(nb, sizeof(size_t));
		ch->wide.write_hits = wt_calloc(nb, sizeof(size_t));
		ch->wide.low = wt_calloc(nb, sizeof(size_t));
		ch->q = wt_calloc(w * 64, sizeof(*ch->q));
	} else {
		ch->q = wt_calloc(places, sizeof(*ch->q));
	}
	ch->st.first = UINT64_MAX;
}

void wt_dram_chan_free(struct wt_dram_chan *ch)
{
	free(ch->bank);
	free(ch->rrd_ok);
	free(ch->mark);
	free(ch->bankq);
	free(ch->wide.bankq);
	free(ch->wide.hitq);
	free(ch->wide.writeq);
	free(ch->wide.cls1q);
	free(ch->wide.count);
	free(ch->wide.write_hits);
	free(ch->wide.low);
	free(ch->q);
	free(ch->moved);
	wt_dram_stats_free(&ch->st);
}

static uint64_t max2(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static uint64_t min2(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* The bit of queue place i in the masks (dram.h). */
static uint64_t place(size_t i)
{
	return (uint64_t)1 << i;
}

enum wt_dram_cmd wt_dram_next(const struct wt_dram_chan *ch, const struct wt_dram_req *r)
{
	const struct wt_dram_bank *b = &ch->bank[r->bank];

	if (!b->open)
		return WT_DRAM_ACT;
	if (b->row != r->row)
		return WT_DRAM_PRE;
	return r->write ? WT_DRAM_WR : WT_DRAM_RD;
}

/* The earliest cycles the channel lets a column command issue, for a
 * read (col_at[0]) and a write (col_at[1]): tCCD after the last, and its
 * data not before the bus is free.  They change with a column command
 * alone, and every pick reads them. */
static void set_col_at(struct wt_dram_chan *ch)
{
	const struct wt_dram_cfg *c = ch->cfg;
	uint64_t *col = ch->col_at;

	col[0] = col[1] = ch->col_ok;
	if (ch->bus_free > c->t.tCL)
		col[0] = max2(col[0], ch->bus_free - c->t.tCL);
	if (ch->bus_free > c->t.tWL)
		col[1] = max2(col[1], ch->bus_free - c->t.tWL);
	ch->col_least = min2(col[0], col[1]);
}

/* The first cycle bank b may take the next command of a request for a
 * row it does not have open: PRE if another is open, else ACT. */
static inline uint64_t other_row_ready(const struct wt_dram_chan *ch,
				       const struct wt_dram_bank *b)
{
	return b->open ? b->pre_ok : max2(b->act_ok, ch->rrd_ok[b->rank]);
}

/* wt_dram_ready of a request that has arrived, with the channel's col_at. */
static inline uint64_t ready_at(const struct wt_dram_chan *ch,
				const struct wt_dram_req *r, const uint64_t col[2])
{
	const struct wt_dram_bank *b = &ch->bank[r->bank];

	if (!b->open || b->row != r->row)
		return other_row_ready(ch, b);
	return max2(b->col_ok, col[r->write]);
}

uint64_t wt_dram_ready(const struct wt_dram_chan *ch, const struct wt_dram_req *r)
{
	return max2(ready_at(ch, r, ch->col_at), r->arrive);
}

/*
 * The schedulers look only at queued requests, which have arrived by now,
 * so a request's ready_at is its wt_dram_ready.  Each computes the
 * channel's column constraints once, and the earliest cycle one of its
 * candidates may issue as it goes (*wake).
 */

/* FCFS: each bank serves its requests in arrival order; among the banks'
 * oldest requests, the oldest whose command is legal now issues. */
static int fcfs_masked(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake)
{
	const uint64_t *col = ch->col_at;
	uint64_t t = UINT64_MAX, ready = 0;

	for (uint64_t busy = ch->busy; busy; busy &= busy - 1) {
		unsigned k = (unsigned)__builtin_ctzll(busy);
		uint64_t first = ch->bankq[k] & -ch->bankq[k];	/* its oldest */
		size_t i = (size_t)__builtin_ctzll(first);
		uint64_t rt = ready_at(ch, wt_dram_queued(ch, i), col);

		if (rt <= now)
			ready |= first;
		t = min2(t, rt);
	}
	*wake = t;
	return ready ? __builtin_ctzll(ready) : -1;
}

/*
 * The wide masks (dram.h), for more than 64 queue places: place i of q is
 * bit i % 64 of word i / 64 of each mask.  A request keeps its place
 * while it is queued: one that leaves leaves a hole (HOLE in q, no bit
 * set), and the next admitted takes the place after the last in use
 * (wide.end).  Moving the places above down, as the one-word masks do,
 * would cost a pass over every mask's words and over q for each request
 * that leaves, as many steps as the queue holds; the holes are squeezed
 * out at once when the places in use reach the end of q, which has twice
 * the places the queues take, and the places start again from 0 when
 * the queue empties.  Places still go oldest first, so the schedulers'
 * answer, a place in q, is what the plain scans, over a queue with no
 * holes, would answer but for the holes below it.
 *
 * A search over one word's places, as the one-word masks do it, passes a
 * bank by taking its places out of what is left to look at; over many
 * words that costs a pass over the words for every bank passed.  So most
 * searches here go from the busy banks instead (64 at most, the presets'
 * 16): a bank's oldest place is the first bit of its own words, from the
 * first word that may hold one (wide.low, which only goes up while the
 * places do), and the oldest among the banks' candidates is the one with
 * the lowest place.  A pick then looks at each busy bank once, reading
 * few of its words, whatever the queue holds behind.  The search for a
 * row hit goes from the oldest hit up, as the one-word search does: it
 * most often stops at the first hit it sees.
 */

/* A place of q that no request holds: with the wide masks only. */
#define HOLE SIZE_MAX

/* The words holding the places in use. */
static inline size_t in_use(const struct wt_dram_chan *ch)
{
	return (ch->wide.end + 63) / 64;
}

/* Bank k's words. */
static inline uint64_t *wide_bank(const struct wt_dram_chan *ch, unsigned k)
{
	return ch->wide.bankq + (size_t)k * ch->wide.words;
}

/* Word w of the places of class cls: 0 or 1, or -1 for every class. */
static inline uint64_t wide_cls(const struct wt_dram_chan *ch, int cls, size_t w)
{
	if (cls < 0)
		return UINT64_MAX;
	return cls ? ch->wide.cls1q[w] : ~ch->wide.cls1q[w];
}

/* The first word of busy bank k with a place of it.  Its places only go
 * up (until squeeze_wide), so the word found is kept for the next
 * search, in wide.low, which the schedulers may write as scratch. */
static size_t wide_low(const struct wt_dram_chan *ch, unsigned k)
{
	const uint64_t *m = wide_bank(ch, k);
	size_t w = ch->wide.low[k];

	while (!m[w])
		w++;
	ch->wide.low[k] = w;
	return w;
}

/* The oldest place of busy bank k in class cls, or SIZE_MAX if none. */
static size_t wide_first(const struct wt_dram_chan *ch, unsigned k, int cls)
{
	const uint64_t *m = wide_bank(ch, k);

	for (size_t w = wide_low(ch, k), n = in_use(ch); w < n; w++) {
		uint64_t b = m[w] & wide_cls(ch, cls, w);

		if (b)
			return w * 64 + (size_t)__builtin_ctzll(b);
	}
	return SIZE_MAX;
}

/* fcfs_masked with the wide masks: the banks' oldest places (out of line
 * as frfcfs_wide, below). */
static __attribute__((noinline)) int fcfs_wide(const struct wt_dram_chan *ch,
					       uint64_t now, uint64_t *wake)
{
	const uint64_t *col = ch->col_at;
	uint64_t t = UINT64_MAX;
	size_t pick = SIZE_MAX;

	for (uint64_t busy = ch->busy; busy; busy &= busy - 1) {
		unsigned k = (unsigned)__builtin_ctzll(busy);
		size_t i = wide_first(ch, k, -1);
		uint64_t rt = ready_at(ch, wt_dram_queued(ch, i), col);

		if (rt <= now && i < pick)
			pick = i;
		t = min2(t, rt);
	}
	*wake = t;
	return pick == SIZE_MAX ? -1 : (int)pick;
}

int wt_dram_pick_fcfs(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake)
{
	struct wt_dram_chan *m = (struct wt_dram_chan *)ch;	/* scratch */
	const uint64_t *col = ch->col_at;
	uint64_t t = UINT64_MAX;

	if (ch->masks == WT_DRAM_MASKS)
		return fcfs_masked(ch, now, wake);
	if (ch->masks)
		return fcfs_wide(ch, now, wake);
	if (++m->stamp == 0) {
		memset(m->mark, 0, ch->cfg->ranks * ch->cfg->banks * sizeof(*m->mark));
		m->stamp = 1;
	}
	for (size_t i = 0; i < ch->nq; i++) {
		const struct wt_dram_req *r = wt_dram_queued(ch, i);
		uint64_t rt;

		if (m->mark[r->bank] == m->stamp)
			continue;	/* an older request has this bank */
		m->mark[r->bank] = m->stamp;
		rt = ready_at(ch, r, col);
		if (rt <= now)
			return (int)i;
		t = min2(t, rt);
	}
	*wake = t;
	return -1;
}

/* FR-FCFS (Rixner et al., ISCA 2000): the oldest row hit whose column
 * command is legal now; else the oldest request whose ACT or PRE is legal
 * now, where a bank is not precharged while a queued request still hits
 * its open row (its count of them, hits, is not 0). */
/* FR-FCFS among the queued requests of one class: cls 0 or 1, or -1 for
 * every request. */
static int frfcfs(const struct wt_dram_chan *ch, uint64_t now, int cls,
		  uint64_t *wake)
{
	const uint64_t *col = ch->col_at;
	uint64_t t = UINT64_MAX;
	int row = -1;

	for (size_t i = 0; i < ch->nq; i++) {
		const struct wt_dram_req *r = wt_dram_queued(ch, i);
		const struct wt_dram_bank *b = &ch->bank[r->bank];
		uint64_t rt;

		if (cls >= 0 && (int)wt_dram_class(ch, r) != cls)
			continue;
		if (b->open && b->row == r->row) {
			rt = max2(b->col_ok, col[r->write]);
			if (rt <= now)
				return (int)i;
		} else if (b->open && b->hits) {
			continue;	/* held until the row's hits are served */
		} else {
			rt = other_row_ready(ch, b);
			if (rt <= now) {
				if (row < 0)
					row = (int)i;
				continue;
			}
		}
		t = min2(t, rt);
	}
	*wake = t;
	return row;
}

/* The bank of queue place i. */
static inline unsigned bank_of(const struct wt_dram_chan *ch, size_t i)
{
	return wt_dram_queued(ch, i)->bank;
}

/* No bank with hits may take their column command before this cycle, nor
 * one without them its ACT or PRE (the bounds in dram.h); hits and reads
 * say whether some queued request, and some read, hits its open row. */
static inline uint64_t bound_of(const struct wt_dram_chan *ch, int hits, int reads)
{
	uint64_t other = min2(ch->pre_lb, max2(ch->act_lb, ch->rrd_least));

	if (!hits)
		return other;
	/* with a read among the hits, the earlier column bound stands */
	return min2(other, max2(ch->hit_lb, reads ? ch->col_least : ch->col_at[1]));
}

static uint64_t frfcfs_bound(const struct wt_dram_chan *ch)
{
	return bound_of(ch, ch->hitq != 0, (ch->hitq & ~ch->writeq) != 0);
}

/* frfcfs_masked's first search: the oldest of the hits in hitq whose
 * column command the channel and bank allow now, or -1.  Most picks end
 * here, in a function small enough to inline, before the other searches
 * set up theirs. */
static inline int oldest_hit(const struct wt_dram_chan *ch, uint64_t now, uint64_t hitq)
{
	const uint64_t *col = ch->col_at;
	uint64_t m = hitq & ((col[0] <= now ? ~ch->writeq : 0) |
			     (col[1] <= now ? ch->writeq : 0));

	while (m) {
		size_t i = (size_t)__builtin_ctzll(m);
		unsigned k = bank_of(ch, i);

		if (ch->bank[k].col_ok <= now)
			return (int)i;
		m &= ~ch->bankq[k];
	}
	return -1;
}

/* frfcfs_masked's other searches, when no hit may issue now. */
static int frfcfs_masked_other(const struct wt_dram_chan *ch, uint64_t now, uint64_t cls,
			       uint64_t *wake)
{
	struct wt_dram_chan *lb = (struct wt_dram_chan *)ch;	/* its bounds */
	const uint64_t *col = ch->col_at;
	uint64_t t = UINT64_MAX, m;
	uint64_t pre_t = UINT64_MAX, act_t = UINT64_MAX, hit_t = UINT64_MAX;
	uint64_t hitq = ch->hitq & cls;
	uint64_t queued = ch->nq < 64 ? place(ch->nq) - 1 : UINT64_MAX;
	int every = cls == UINT64_MAX, pick = -1;
	unsigned pick_bank = 0;

	/* the oldest ACT or PRE allowed now, of a bank without hits
	 * (a bank is not precharged while its open row has hits queued);
	 * over every class the other banks are seen too, for the bounds
	 * once the pick's command has issued */
	for (m = queued & ~ch->hitq & cls; m;) {
		size_t i = (size_t)__builtin_ctzll(m);
		unsigned k = bank_of(ch, i);
		const struct wt_dram_bank *b = &ch->bank[k];
		uint64_t rt;

		m &= ~ch->bankq[k];
		if (ch->bankq[k] & ch->hitq)
			continue;	/* held for the row's hits */
		rt = other_row_ready(ch, b);
		if (rt <= now && pick < 0) {
			pick = (int)i;
			pick_bank = k;
			if (!every)
				return pick;
			continue;
		}
		if (b->open)
			pre_t = min2(pre_t, b->pre_ok);
		else
			act_t = min2(act_t, b->act_ok);
		t = min2(t, rt);
	}
	if (pick >= 0) {
		lb->pick_pre = pre_t;
		lb->pick_act = act_t;
		lb->pick_bank = pick_bank;
		lb->pick_set = 1;
		return pick;
	}
	/* none: wake when the first hit's column command may issue, or the
	 * first ACT or PRE (t so far) */
	for (m = hitq; m;) {
		unsigned k = bank_of(ch, (size_t)__builtin_ctzll(m));
		uint64_t hits = ch->bankq[k] & hitq;

		m &= ~hits;
		hit_t = min2(hit_t, ch->bank[k].col_ok);
		if (hits & ~ch->writeq)
			t = min2(t, max2(ch->bank[k].col_ok, col[0]));
		if (hits & ch->writeq)
			t = min2(t, max2(ch->bank[k].col_ok, col[1]));
	}
	if (every) {
		lb->hit_lb = hit_t;
		lb->pre_lb = pre_t;
		lb->act_lb = act_t;
	}
	*wake = t;
	return -1;
}

/*
 * The same pick with the masks (dram.h), among the places in cls.  The
 * oldest of a set of places is its lowest bit, so each search goes
 * through the places oldest first, a bank at a time (a bank's places
 * share its state: once one of them is seen, the bank's others are
 * taken out), and stops at the first that may issue.  Most picks are a
 * row hit whose column command may issue now, found among the first
 * places looked at; only a pick that finds nothing visits every bank,
 * for the wake-up time.  Over every class, a pick that visits the banks
 * sets the bounds of dram.h from what it sees.
 */
static inline int frfcfs_masked(const struct wt_dram_chan *ch, uint64_t now,
				uint64_t cls, uint64_t *wake)
{
	int i = oldest_hit(ch, now, ch->hitq & cls);

	return i >= 0 ? i : frfcfs_masked_other(ch, now, cls, wake);
}

/* A bank without hits seen by a pick that does not choose it: its PRE
 * or ACT in the bounds. */
static void bound_other(const struct wt_dram_bank *b, uint64_t *pre_t, uint64_t *act_t)
{
	if (b->open)
		*pre_t = min2(*pre_t, b->pre_ok);
	else
		*act_t = min2(*act_t, b->act_ok);
}

/* oldest_hit with the wide masks, among the places of class cls (-1:
 * every class): from the oldest hit up, a word at a time. */
static int oldest_hit_wide(const struct wt_dram_chan *ch, uint64_t now, int cls)
{
	const uint64_t *col = ch->col_at, *hitq = ch->wide.hitq, *writeq = ch->wide.writeq;
	uint64_t rd = ch->wide.hits[0] && col[0] <= now ? UINT64_MAX : 0;
	uint64_t wr = ch->wide.hits[1] && col[1] <= now ? UINT64_MAX : 0;
	uint64_t passed = 0;	/* banks whose column command must wait */
	size_t n = in_use(ch), w = n;

	if (!rd && !wr)
		return -1;	/* no word could have one */
	for (uint64_t busy = ch->busy; busy; busy &= busy - 1) {
		unsigned k = (unsigned)__builtin_ctzll(busy);

		if (ch->bank[k].hits) {
			size_t low = wide_low(ch, k);

			if (low < w)
				w = low;
		}
	}
	for (; w < n; w++) {
		uint64_t m = hitq[w] & wide_cls(ch, cls, w) &
			     ((rd & ~writeq[w]) | (wr & writeq[w]));

		for (uint64_t p = passed; p && m; p &= p - 1)
			m &= ~wide_bank(ch, (unsigned)__builtin_ctzll(p))[w];
		while (m) {
			size_t i = w * 64 + (size_t)__builtin_ctzll(m);
			unsigned k = bank_of(ch, i);

			if (ch->bank[k].col_ok <= now)
				return (int)i;
			passed |= (uint64_t)1 << k;
			m &= ~wide_bank(ch, k)[w];
		}
	}
	return -1;
}

/*
 * frfcfs_masked_other with the wide masks: a bank at a time.  Each bank
 * without hits offers its oldest place of the class, and the oldest of
 * those whose ACT or PRE may issue now is the pick; the others give the
 * bounds, as the one-word search sees them (it passes each bank once, at
 * its oldest place, and stops at the first that may issue).  With no
 * pick, the banks with hits of the class give the wake-up.
 */
static int frfcfs_wide_other(const struct wt_dram_chan *ch, uint64_t now, int cls,
			     uint64_t *wake)
{
	struct wt_dram_chan *lb = (struct wt_dram_chan *)ch;	/* its bounds */
	const uint64_t *col = ch->col_at, *hitq = ch->wide.hitq, *writeq = ch->wide.writeq;
	uint64_t t = UINT64_MAX;
	uint64_t pre_t = UINT64_MAX, act_t = UINT64_MAX, hit_t = UINT64_MAX;
	size_t n = in_use(ch), pick = SIZE_MAX;
	unsigned pick_bank = 0;

	for (uint64_t busy = ch->busy; busy; busy &= busy - 1) {
		unsigned k = (unsigned)__builtin_ctzll(busy);
		const struct wt_dram_bank *b = &ch->bank[k];
		uint64_t rt;
		size_t i;

		if (b->hits)
			continue;	/* held for the row's hits */
		i = wide_first(ch, k, cls);
		if (i == SIZE_MAX)
			continue;	/* none of the class */
		rt = other_row_ready(ch, b);
		if (rt <= now && i < pick) {
			/* the pick so far is passed for an older one: it
			 * counts in the bounds as a bank seen (t does not
			 * matter once there is a pick) */
			if (pick != SIZE_MAX)
				bound_other(&ch->bank[pick_bank], &pre_t, &act_t);
			pick = i;
			pick_bank = k;
			continue;
		}
		bound_other(b, &pre_t, &act_t);
		t = min2(t, rt);
	}
	if (pick != SIZE_MAX) {
		if (cls < 0) {
			lb->pick_pre = pre_t;
			lb->pick_act = act_t;
			lb->pick_bank = pick_bank;
			lb->pick_set = 1;
		}
		return (int)pick;
	}
	/* none: wake when the first hit's column command may issue, or the
	 * first ACT or PRE (t so far) */
	for (uint64_t busy = ch->busy; busy; busy &= busy - 1) {
		unsigned k = (unsigned)__builtin_ctzll(busy);
		const uint64_t *m = wide_bank(ch, k);
		uint64_t rd = 0, wr = 0;

		if (!ch->bank[k].hits)
			continue;
		if (cls < 0) {		/* its counts say */
			rd = ch->bank[k].hits > ch->wide.write_hits[k];
			wr = ch->wide.write_hits[k] != 0;
		} else {
			for (size_t w = wide_low(ch, k); w < n && !(rd && wr); w++) {
				uint64_t h = m[w] & hitq[w] & wide_cls(ch, cls, w);

				rd |= h & ~writeq[w];
				wr |= h & writeq[w];
			}
		}
		if (rd || wr)
			hit_t = min2(hit_t, ch->bank[k].col_ok);
		if (rd)
			t = min2(t, max2(ch->bank[k].col_ok, col[0]));
		if (wr)
			t = min2(t, max2(ch->bank[k].col_ok, col[1]));
	}
	if (cls < 0) {
		lb->hit_lb = hit_t;
		lb->pre_lb = pre_t;
		lb->act_lb = act_t;
	}
	*wake = t;
	return -1;
}

/* The wide masks' FR-FCFS, and their other entries below, are kept out
 * of line: inlined, they made the one-word path, every preset's, some 20
 * instructions a request longer (registers saved for code it does not
 * run). */
static __attribute__((noinline)) int frfcfs_wide(const struct wt_dram_chan *ch,
						 uint64_t now, int cls, uint64_t *wake)
{
	int i = oldest_hit_wide(ch, now, cls);

	return i >= 0 ? i : frfcfs_wide_other(ch, now, cls, wake);
}

/* wt_dram_pick_frfcfs with the wide masks. */
static __attribute__((noinline)) int pick_frfcfs_wide(const struct wt_dram_chan *ch,
						      uint64_t now, uint64_t *wake)
{
	uint64_t t = bound_of(ch, ch->wide.hits[0] || ch->wide.hits[1],
			      ch->wide.hits[0] != 0);

	if (t > now) {
		*wake = t;
		return -1;
	}
	return frfcfs_wide(ch, now, -1, wake);
}

/* With the masks, a pick the bounds say finds nothing needs no scan: most
 * of those come in the cycle after a column command, which the next one
 * may not follow so soon.  The wake-up they give may come before the
 * scan's (dramhook.h allows it): the pick then looks again. */
int wt_dram_pick_frfcfs(const struct wt_dram_chan *ch, uint64_t now, uint64_t *wake)
{
	if (ch->masks == WT_DRAM_MASKS) {
		uint64_t t = frfcfs_bound(ch);

		if (t > now) {
			*wake = t;
			return -1;
		}
		return frfcfs_masked(ch, now, UINT64_MAX, wake);
	}
	if (ch->masks)
		return pick_frfcfs_wide(ch, now, wake);
	return frfcfs(ch, now, -1, wake);
}

int wt_dram_pick_frfcfs_in(const struct wt_dram_chan *ch, uint64_t now, unsigned cls,
			   uint64_t *wake)
{
	if (ch->masks == WT_DRAM_MASKS)
		return frfcfs_masked(ch, now, cls ? ch->cls1q : ~ch->cls1q, wake);
	if (ch->masks)
		return frfcfs_wide(ch, now, (int)cls, wake);
	return frfcfs(ch, now, (int)cls, wake);
}

/* The DRAM's own schedulers, the baselines: one queue each. */
const struct wt_dram_sched_ops wt_dram_fcfs = {
	.name = "fcfs",
	.queues = 1,
	.pick = wt_dram_pick_fcfs,
};

const struct wt_dram_sched_ops wt_dram_frfcfs = {
	.name = "frfcfs",
	.queues = 1,
	.pick = wt_dram_pick_frfcfs,
};

/* Latencies from WT_DRAM_LAT_COUNTED = 2^LAT_BITS up: LAT_BUCKETS buckets
 * a power of two (dram.h). */
enum { LAT_BITS = 12, LAT_BUCKETS = 1 << LAT_BITS };
_Static_assert(WT_DRAM_LAT_COUNTED == LAT_BUCKETS, "buckets start where counts end");

/* The bucket of a latency of WT_DRAM_LAT_COUNTED or more: its power of
 * two, from 2^LAT_BITS, and its place among that power's LAT_BUCKETS. */
static void lat_bucket(uint32_t v, unsigned *power, unsigned *place_in)
{
	unsigned i = wt_log2(v) - LAT_BITS;

	*power = i;
	*place_in = (v >> i) - LAT_BUCKETS;
}

void wt_dram_lat_add(struct wt_dram_stats *s, uint64_t lat)
{
	uint32_t v = lat > UINT32_MAX ? UINT32_MAX : (uint32_t)lat;
	unsigned i, b;

	if (!s->nlats || v < s->lat_min)
		s->lat_min = v;
	if (!s->nlats || v > s->lat_max)
		s->lat_max = v;
	s->nlats++;
	s->lat_sum += v;
	if (v < WT_DRAM_LAT_COUNTED) {
		if (!s->counts)
			s->counts = wt_calloc(WT_DRAM_LAT_COUNTED, sizeof(*s->counts));
		s->counts[v]++;
		return;
	}
	lat_bucket(v, &i, &b);
	if (!s->longer[i])
		s->longer[i] = wt_calloc(LAT_BUCKETS, sizeof(*s->longer[i]));
	s->longer[i][b]++;
}

void wt_dram_lat_summary(const struct wt_dram_stats *s, uint64_t *n, uint64_t *sum,
			 uint64_t *min, uint64_t *max)
{
	*n = s->nlats;
	*sum = s->lat_sum;
	*min = s->nlats ? s->lat_min : UINT64_MAX;
	*max = s->nlats ? s->lat_max : 0;
}

/* The masks without place i, the places above it one lower. */
static uint64_t drop_place(uint64_t m, size_t i)
{
	uint64_t below = place(i) - 1;

	return (m & below) | (m >> 1 & ~below);
}

/* Queue entry i, of bank k, leaves: the entries above it move down. */
static void drop_masks(struct wt_dram_chan *ch, size_t i, unsigned k)
{
	ch->bankq[k] &= ~place(i);
	if (!ch->bankq[k])
		ch->busy &= ~((uint64_t)1 << k);
	for (uint64_t busy = ch->busy; busy; busy &= busy - 1) {
		k = (unsigned)__builtin_ctzll(busy);
		ch->bankq[k] = drop_place(ch->bankq[k], i);
	}
	ch->hitq = drop_place(ch->hitq, i);
	ch->writeq = drop_place(ch->writeq, i);
	ch->cls1q = drop_place(ch->cls1q, i);
}

/* Queue place i, of bank k, leaves: a hole in q. */
static __attribute__((noinline)) void leave_wide(struct wt_dram_chan *ch, size_t i,
						 unsigned k)
{
	size_t w = i / 64;
	uint64_t bit = place(i % 64);

	if (ch->wide.hitq[w] & bit) {
		int write = (ch->wide.writeq[w] & bit) != 0;

		ch->wide.hits[write]--;
		ch->wide.write_hits[k] -= write;
	}
	wide_bank(ch, k)[w] &= ~bit;
	ch->wide.hitq[w] &= ~bit;
	ch->wide.writeq[w] &= ~bit;
	ch->wide.cls1q[w] &= ~bit;
	ch->q[i] = HOLE;
	if (!--ch->wide.count[k])
		ch->busy &= ~((uint64_t)1 << k);
	if (ch->nq == 1)	/* the last: the places start again from 0 */
		ch->wide.end = 0;
}

/* Place from's bit of m goes to place to, a hole below it. */
static void move_bit(uint64_t *m, size_t from, size_t to)
{
	uint64_t b = m[from / 64] >> (from % 64) & 1;

	m[from / 64] &= ~place(from % 64);
	m[to / 64] |= b << (to % 64);
}

/* The places in use have reached the end of q: the queued requests move
 * down over the holes, in their order, with their bits. */
static void squeeze_wide(struct wt_dram_chan *ch)
{
	unsigned nb = ch->cfg->ranks * ch->cfg->banks;
	size_t j = 0;

	for (size_t i = 0; i < ch->wide.end; i++) {
		size_t k = ch->q[i];

		if (k == HOLE)
			continue;
		if (i != j) {
			move_bit(wide_bank(ch, ch->r[k].bank), i, j);
			move_bit(ch->wide.hitq, i, j);
			move_bit(ch->wide.writeq, i, j);
			move_bit(ch->wide.cls1q, i, j);
		}
		ch->q[j++] = k;
	}
	ch->wide.end = j;
	for (unsigned b = 0; b < nb; b++)
		ch->wide.low[b] = 0;
}

/* Bank k precharges: its places leave hitq. */
static __attribute__((noinline)) void pre_wide(struct wt_dram_chan *ch, unsigned k)
{
	const uint64_t *m = wide_bank(ch, k);
	uint64_t *hitq = ch->wide.hitq;
	const uint64_t *writeq = ch->wide.writeq;

	for (size_t w = wide_low(ch, k), n = in_use(ch); w < n; w++) {
		uint64_t h = hitq[w] & m[w];

		ch->wide.hits[0] -= (size_t)__builtin_popcountll(h & ~writeq[w]);
		ch->wide.hits[1] -= (size_t)__builtin_popcountll(h & writeq[w]);
		hitq[w] &= ~m[w];
	}
	ch->wide.write_hits[k] = 0;
}

/* Bank k activates row: its places for the row join hitq and its hits. */
static __attribute__((noinline)) void act_wide(struct wt_dram_chan *ch, unsigned k,
					       uint64_t row)
{
	const uint64_t *m = wide_bank(ch, k);

	for (size_t w = wide_low(ch, k), n = in_use(ch); w < n; w++)
		for (uint64_t bits = m[w]; bits; bits &= bits - 1) {
			size_t j = w * 64 + (size_t)__builtin_ctzll(bits);
			const struct wt_dram_req *o = wt_dram_queued(ch, j);

			if (o->row == row) {
				ch->bank[k].hits++;
				ch->wide.hitq[w] |= bits & -bits;
				ch->wide.hits[o->write]++;
				ch->wide.write_hits[k] += o->write;
			}
		}
}

/* Request a, r[k] of class cls, takes the place after the last in use. */
static __attribute__((noinline)) void admit_wide(struct wt_dram_chan *ch,
						 const struct wt_dram_req *a, size_t k,
						 unsigned cls, int hit)
{
	size_t i, w;
	uint64_t m;

	if (ch->wide.end == ch->wide.words * 64)
		squeeze_wide(ch);
	i = ch->wide.end++;
	w = i / 64;
	m = place(i % 64);
	ch->q[i] = k;
	if (!ch->wide.count[a->bank]++) {
		ch->wide.low[a->bank] = w;
		ch->busy |= (uint64_t)1 << a->bank;
	}
	wide_bank(ch, a->bank)[w] |= m;
	if (hit) {
		ch->wide.hitq[w] |= m;
		ch->wide.hits[a->write]++;
		ch->wide.write_hits[a->bank] += a->write;
	}
	if (a->write)
		ch->wide.writeq[w] |= m;
	if (cls)
		ch->wide.cls1q[w] |= m;
}

/* Bank b may have become one whose ACT or PRE FR-FCFS waits for: its
 * bound no later than that. */
static void lower_other(struct wt_dram_chan *ch, const struct wt_dram_bank *b)
{
	if (b->open)
		ch->pre_lb = min2(ch->pre_lb, b->pre_ok);
	else
		ch->act_lb = min2(ch->act_lb, b->act_ok);
}

/* An ACT or PRE for bank k issues: the other banks' bounds, if the pick
 * that chose it saw them. */
static void take_pick_bounds(struct wt_dram_chan *ch, unsigned k)
{
	if (ch->pick_set && ch->pick_bank == k) {
		ch->pre_lb = ch->pick_pre;
		ch->act_lb = ch->pick_act;
	}
	ch->pick_set = 0;
}

/* The least of the ranks' rrd_ok. */
static void set_rrd_least(struct wt_dram_chan *ch)
{
	uint64_t t = UINT64_MAX;

	for (unsigned i = 0; i < ch->cfg->ranks; i++)
		t = min2(t, ch->rrd_ok[i]);
	ch->rrd_least = t;
}

/* Queue entry i leaves q, the entries above it one place lower. */
static inline void shift_out(struct wt_dram_chan *ch, size_t i)
{
	memmove(ch->q + i, ch->q + i + 1, (ch->nq - i - 1) * sizeof(*ch->q));
}

/* Issue the next command of queue entry i at cycle now. */
static void issue(struct wt_dram_chan *ch, size_t i, uint64_t now)
{
	const struct wt_dram_cfg *c = ch->cfg;
	struct wt_dram_req *r = &ch->r[ch->q[i]];
	struct wt_dram_bank *b = &ch->bank[r->bank];
	enum wt_dram_cmd cmd = wt_dram_next(ch, r);
	unsigned bc = wt_dram_burst_cycles(c);
	uint64_t start, end;

	if (r->outcome == WT_DRAM_PENDING) {
		r->outcome = cmd == WT_DRAM_PRE ? WT_DRAM_CONFLICT :
			     cmd == WT_DRAM_ACT ? WT_DRAM_MISS : WT_DRAM_HIT;
		ch->st.outcome[r->outcome]++;
		b->accesses++;
		if (r->outcome == WT_DRAM_HIT)
			b->row_hits++;
	}
	switch (cmd) {
	case WT_DRAM_PRE:
		take_pick_bounds(ch, r->bank);
		if (b->hits && ch->masks == WT_DRAM_WIDE)
			pre_wide(ch, r->bank);
		b->open = 0;
		b->hits = 0;
		ch->hitq &= ~ch->bankq[r->bank];
		b->act_ok = max2(b->act_ok, now + c->t.tRP);
		b->precharges++;
		lower_other(ch, b);	/* its requests wait for an ACT */
		return;
	case WT_DRAM_ACT:
		take_pick_bounds(ch, r->bank);
		b->open = 1;
		b->row = r->row;
		b->hits = 0;
		if (ch->masks == WT_DRAM_MASKS)	/* only the bank's own requests */
			for (uint64_t m = ch->bankq[r->bank]; m; m &= m - 1) {
				size_t j = (size_t)__builtin_ctzll(m);

				if (wt_dram_queued(ch, j)->row == r->row) {
					b->hits++;
					ch->hitq |= place(j);
				}
			}
		else if (ch->masks)
			act_wide(ch, r->bank, r->row);
		else
			for (size_t j = 0; j < ch->nq; j++) {
				const struct wt_dram_req *o = wt_dram_queued(ch, j);

				b->hits += o->bank == r->bank && o->row == r->row;
			}
		b->col_ok = now + c->t.tRCD;
		b->pre_ok = now + c->t.tRAS;
		b->act_ok = now + c->t.tRC;
		ch->rrd_ok[b->rank] = now + c->t.tRRD;
		b->activates++;
		set_rrd_least(ch);
		ch->hit_lb = min2(ch->hit_lb, b->col_ok);	/* its hits */
		return;
	default:
		break;
	}
	start = now + (r->write ? c->t.tWL : c->t.tCL);
	end = start + bc;
	ch->bus_free = end;
	ch->col_ok = now + c->t.tCCD;
	set_col_at(ch);
	ch->st.busy += bc;
	ch->st.bursts++;
	b->pre_ok = max2(b->pre_ok, r->write ? end + c->t.tWR : now + bc);
	if (--r->left)
		return;
	r->done = end;
	r->core_done = wt_dram_to_core(ch->clk, end);
	if (!c->no_lat_stats)
		wt_dram_lat_add(&ch->st, r->core_done - r->core_arrive);
	if (end > ch->st.last)
		ch->st.last = end;
	if (!--b->hits)		/* it was one: its row is open */
		lower_other(ch, b);	/* not held for hits now */
	if (ch->masks == WT_DRAM_MASKS) {
		drop_masks(ch, i, r->bank);
		shift_out(ch, i);
	} else if (ch->masks) {
		leave_wide(ch, i, r->bank);
	} else {
		shift_out(ch, i);
	}
	ch->nq--;
	ch->nq_cls1 -= wt_dram_class(ch, r);
}

/* Move the clock to t, counting the queue's occupancy on the way. */
static void advance(struct wt_dram_chan *ch, uint64_t t)
{
	if (t > ch->now) {
		ch->st.occupancy += ch->nq * (t - ch->now);
		ch->now = t;
	}
}

/* Whether request a's queue has room (with one queue, nq_cls1 is 0). */
static int room(const struct wt_dram_chan *ch, const struct wt_dram_req *a)
{
	size_t q = ch->cfg->queue;

	return wt_dram_class(ch, a) ? ch->nq_cls1 < q : ch->nq - ch->nq_cls1 < q;
}

/* The first request from k on of queue class cls (wt_dram_class) not yet
 * admitted, or n. */
static size_t head_of(const struct wt_dram_chan *ch, size_t n, size_t k,
		      unsigned cls)
{
	const struct wt_dram_req *r = ch->r;

	while (k < n && (r[k].admitted || wt_dram_class(ch, &r[k]) != cls))
		k++;
	return k;
}

static void admit(struct wt_dram_chan *ch, size_t k)
{
	struct wt_dram_req *a = &ch->r[k];
	struct wt_dram_bank *b = &ch->bank[a->bank];
	unsigned cls = wt_dram_class(ch, a);

	a->admitted = 1;
	a->seq = ch->seq++;
	a->left = a->bursts;
	a->outcome = WT_DRAM_PENDING;
	if (a->write)
		ch->st.writes++;
	else
		ch->st.reads++;
	if (a->arrive < ch->st.first)
		ch->st.first = a->arrive;
	if (ch->masks == WT_DRAM_MASKS) {
		uint64_t m = place(ch->nq);

		ch->bankq[a->bank] |= m;
		ch->busy |= (uint64_t)1 << a->bank;
		ch->hitq |= b->open && b->row == a->row ? m : 0;
		ch->writeq |= a->write ? m : 0;
		ch->cls1q |= cls ? m : 0;
		if (b->open && b->row == a->row)
			ch->hit_lb = min2(ch->hit_lb, b->col_ok);
		else if (!b->hits)	/* its bank not held for hits */
			lower_other(ch, b);
		ch->q[ch->nq] = k;
	} else if (ch->masks) {
		int hit = b->open && b->row == a->row;

		admit_wide(ch, a, k, cls, hit);
		if (hit)
			ch->hit_lb = min2(ch->hit_lb, b->col_ok);
		else if (!b->hits)
			lower_other(ch, b);
	} else {
		ch->q[ch->nq] = k;
	}
	ch->nq++;
	ch->nq_cls1 += cls;
	ch->admits[cls]++;
	if (k >= ch->adm_end)
		ch->adm_end = k + 1;
	b->hits += b->open && b->row == a->row;
}

/* Count class cls's arrivals by now in r[0..n-1]: one not admitted found
 * its queue full.  With two classes, the other's requests are passed. */
static void count_arrivals(struct wt_dram_chan *ch, size_t n, unsigned cls)
{
	size_t k;

	for (k = ch->counted[cls]; k < n; k++) {
		struct wt_dram_req *a = &ch->r[k];

		if (wt_dram_class(ch, a) != cls)
			continue;
		if (a->arrive > ch->now)
			break;
		if (!a->admitted && !a->full) {
			ch->st.queue_full++;	/* arrived to a full queue */
			a->full = 1;
		}
	}
	ch->counted[cls] = k;
}

/* Whether cycle now has work for the loop's admissions and counts: a
 * request of a class has arrived since its arrivals were counted (they
 * stop at the first after the cycle counted), or the head of a class
 * that waits outside has room now. */
static int arrivals_due(const struct wt_dram_chan *ch, const struct wt_dram_req *r,
			size_t n)
{
	for (unsigned c = 0; c < ch->nqueues; c++) {
		size_t k = ch->counted[c], h = ch->head[c];

		if (k < n && r[k].arrive <= ch->now)
			return 1;
		if (h < n && r[h].arrive <= ch->now && room(ch, &r[h]))
			return 1;
	}
	return 0;
}

/*
 * Run the cycles from now in which the queue alone changes: in each the
 * scheduler picks and a command issues, or the clock goes to the cycle
 * it wakes at, or an arrival with room.  They stop at a cycle with
 * arrivals to admit or count (the loop's), an empty queue, or until.
 * Nothing else changes in such a cycle, so the loop's own steps would
 * go the same way; this loop leaves out their work.
 */
static void serve(struct wt_dram_chan *ch, const struct wt_dram_req *r, size_t n,
		  uint64_t until)
{
	const size_t *head = ch->head;

	do {
		uint64_t t = UINT64_MAX;
		int i;

		ch->last_step = ch->now;
		i = ch->pick(ch, ch->now, &t);
		if (i >= 0) {
			issue(ch, (size_t)i, ch->now);
			advance(ch, ch->now + 1);	/* one command a cycle */
			continue;
		}
		/* Nothing can issue: wait for the first cycle that may change
		 * that, a command becoming legal (the scheduler's wake) or an
		 * arrival with room. */
		for (unsigned c = 0; c < ch->nqueues; c++)
			if (head[c] < n && room(ch, &r[head[c]]) && r[head[c]].arrive < t)
				t = r[head[c]].arrive;
		advance(ch, min2(max2(t, ch->now + 1), until));
	} while (ch->now < until && ch->nq && !arrivals_due(ch, r, n));
}

/*
 * The loop runs the cycles before until, one that may change something
 * after another: every request arriving by then is in r, so each cycle
 * goes as it would with the requests still to come.  A jump over idle
 * cycles stops at until (a request given later may arrive there); an
 * idle cycle the loop stops on changes nothing, so stopping does not
 * either.  The heads and the counts of arrivals stay in the channel.
 * The cycles in which no request arrives or comes in, most of them, go
 * by in serve, without the admissions' and counts' work.
 */
void wt_dram_run_until(struct wt_dram_chan *ch, struct wt_dram_req *r, size_t n,
		       uint64_t until)
{
	size_t *head = ch->head;
	unsigned ncls = ch->nqueues;

	ch->r = r;
	ch->wants_more = 0;
	/* the next pick scans: the caller may have changed the channel */
	ch->hit_lb = ch->pre_lb = ch->act_lb = 0;
	ch->pick_set = 0;
	/* Each queue admits its class in arrival order from its own head, so
	 * a request of one class may pass one of the other waiting outside. */
	for (unsigned c = 0; c < ncls; c++)
		head[c] = head_of(ch, n, head[c], c);
	while (ch->now < until) {
		uint64_t first = UINT64_MAX;

		for (unsigned c = 0; c < ncls; c++) {
			while (head[c] < n && r[head[c]].arrive <= ch->now &&
			       room(ch, &r[head[c]])) {
				admit(ch, head[c]);
				head[c] = head_of(ch, n, head[c] + 1, c);
			}
			if (head[c] < n && r[head[c]].arrive < first)
				first = r[head[c]].arrive;
			if (head[c] == n && (ch->more >> c & 1)) {
				ch->wants_more = 1u << c;	/* its next is kept back */
				return;
			}
		}
		if (first == UINT64_MAX && !ch->nq)
			break;
		for (unsigned c = 0; c < ncls; c++)
			count_arrivals(ch, n, c);
		ch->stepped = 1;
		if (!ch->nq) {
			ch->last_step = ch->now;
			advance(ch, min2(first, until));
			continue;
		}
		serve(ch, r, n, until);
	}
}

void wt_dram_count_full(struct wt_dram_chan *ch, struct wt_dram_req *q)
{
	if (!q->full && ch->stepped && q->arrive <= ch->last_step) {
		q->full = 1;
		ch->st.queue_full++;
	}
}

void wt_dram_run(struct wt_dram_chan *ch, struct wt_dram_req *r, size_t n)
{
	ch->head[0] = ch->head[1] = ch->counted[0] = ch->counted[1] = 0;
	ch->adm_end = 0;
	wt_dram_run_until(ch, r, n, UINT64_MAX);
}

uint64_t wt_dram_floor(const struct wt_dram_chan *ch, uint64_t until)
{
	const struct wt_dram_cfg *c = ch->cfg;
	unsigned lat = c->t.tWL < c->t.tCL ? c->t.tWL : c->t.tCL;

	if (until == UINT64_MAX)
		return UINT64_MAX;
	/* a request is done when the data of its last column command has
	 * crossed the bus: tCL or tWL and a burst after the command */
	return wt_dram_to_core(ch->clk, max2(ch->now, until) + lat +
			       wt_dram_burst_cycles(c));
}

/* The places of q in use: the queued requests', and with the wide masks
 * the holes between them. */
static size_t q_end(const struct wt_dram_chan *ch)
{
	return ch->masks == WT_DRAM_WIDE ? ch->wide.end : ch->nq;
}

size_t wt_dram_compact(struct wt_dram_chan *ch, struct wt_dram_req *r, size_t n)
{
	size_t j = 0, head[2] = { 0, 0 }, counted[2] = { 0, 0 }, adm_end = 0;

	/* each request's new place, for the queue's entries: one pass over
	 * them after, where a search for each cost queue * requests */
	if (n + 1 > ch->capmoved) {
		ch->capmoved = 2 * (n + 1);
		ch->moved = wt_realloc(ch->moved, ch->capmoved * sizeof(*ch->moved));
	}
	for (size_t i = 0; i <= n; i++) {
		/* a place in r: the requests kept before it */
		if (ch->adm_end == i)
			adm_end = j;
		for (unsigned c = 0; c < 2; c++) {
			if (ch->head[c] == i)
				head[c] = j;
			if (ch->counted[c] == i)
				counted[c] = j;
		}
		if (i == n || r[i].gone)
			continue;
		ch->moved[i] = j;
		r[j++] = r[i];
	}
	/* the queue holds requests admitted and not done: none is gone */
	for (size_t k = 0; k < q_end(ch); k++)
		if (ch->q[k] != HOLE)
			ch->q[k] = ch->moved[ch->q[k]];
	for (unsigned c = 0; c < 2; c++) {
		ch->head[c] = head[c];
		ch->counted[c] = counted[c];
	}
	ch->adm_end = adm_end;
	return j;
}

void wt_dram_stats_add(struct wt_dram_stats *a, const struct wt_dram_stats *b)
{
	a->reads += b->reads;
	a->writes += b->writes;
	for (int k = 0; k < 3; k++)
		a->outcome[k] += b->outcome[k];
	a->queue_full += b->queue_full;
	a->occupancy += b->occupancy;
	a->busy += b->busy;
	a->bursts += b->bursts;
	if (b->first < a->first)
		a->first = b->first;
	if (b->last > a->last)
		a->last = b->last;
}

/* dst[0..n-1] += src[0..n-1], dst made if NULL; src may be NULL. */
static void add_counts(uint64_t **dst, const uint64_t *src, size_t n)
{
	if (!src)
		return;
	if (!*dst)
		*dst = wt_calloc(n, sizeof(**dst));
	for (size_t i = 0; i < n; i++)
		(*dst)[i] += src[i];
}

void wt_dram_stats_add_lat(struct wt_dram_stats *a, const struct wt_dram_stats *b)
{
	if (!b->nlats)
		return;
	if (!a->nlats || b->lat_min < a->lat_min)
		a->lat_min = b->lat_min;
	if (!a->nlats || b->lat_max > a->lat_max)
		a->lat_max = b->lat_max;
	a->nlats += b->nlats;
	a->lat_sum += b->lat_sum;
	add_counts(&a->counts, b->counts, WT_DRAM_LAT_COUNTED);
	for (unsigned i = 0; i < WT_DRAM_LAT_POWERS; i++)
		add_counts(&a->longer[i], b->longer[i], LAT_BUCKETS);
}

uint32_t wt_dram_lat_percentile(const struct wt_dram_stats *s, unsigned p)
{
	uint64_t k;

	if (!s->nlats)
		return 0;
	k = ((uint64_t)p * s->nlats + 99) / 100;	/* nearest rank, 1-based */
	k = k ? k : 1;
	/* the counted ones come first: they are the shorter */
	for (unsigned v = 0; s->counts && v < WT_DRAM_LAT_COUNTED; v++) {
		if (k <= s->counts[v])
			return v;
		k -= s->counts[v];
	}
	for (unsigned i = 0; i < WT_DRAM_LAT_POWERS; i++)
		for (unsigned b = 0; s->longer[i] && b < LAT_BUCKETS; b++) {
			uint32_t low = ((uint32_t)LAT_BUCKETS + b) << i;

			if (k <= s->longer[i][b])
				return low < s->lat_min ? (uint32_t)s->lat_min : low;
			k -= s->longer[i][b];
		}
	return (uint32_t)s->lat_max;	/* not reached: k <= nlats */
}

void wt_dram_stats_free(struct wt_dram_stats *s)
{
	free(s->counts);
	s->counts = NULL;
	for (unsigned i = 0; i < WT_DRAM_LAT_POWERS; i++) {
		free(s->longer[i]);
		s->longer[i] = NULL;
	}
	s->nlats = s->lat_sum = s->lat_min = s->lat_max = 0;
}
