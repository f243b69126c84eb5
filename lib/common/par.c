/*
 * par.c - a loop over independent items on a pool of threads; see par.h.
 *
 * The stages run a loop of this kind per batch or kernel, and between
 * loops one thread reads and writes alone.  The helper threads wait for
 * the next loop on a condition variable: they sleep and cost nothing.
 * (OpenMP's threads, which ran these loops before, spin first by default,
 * unless OMP_WAIT_POLICY=passive: that took l2sim from 0.06 s of CPU to
 * 0.58 s on a 100-kernel stream, on two CPUs.)
 *
 * Items are handed out one at a time under the mutex: there are tens of
 * them (an item is an SM's or a channel's whole batch), so the lock costs
 * nothing next to them, and a slow item does not hold up the others.
 * The helpers start at the first parallel loop and live to the end of the
 * process, asleep between loops.
 */
#include "par.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

static struct {
	pthread_mutex_t mu;
	pthread_cond_t go;	/* a loop begins: round moved */
	pthread_cond_t idle;	/* the last helper left the loop */
	unsigned helpers;	/* started: the threads but this one */
	unsigned want;		/* wt_par_set_threads's, 0: none */
	unsigned threads;	/* wt_par_threads(), once it is asked */
	unsigned failed;	/* a helper could not start: no more tries */
	int busy;		/* a loop runs */
	unsigned long round;	/* loops begun */
	void (*fn)(void *ctx, unsigned i);
	void *ctx;
	unsigned n, next;	/* the loop's items, the next to hand out */
	unsigned active;	/* helpers not yet out of this loop */
} P = {
	.mu = PTHREAD_MUTEX_INITIALIZER,
	.go = PTHREAD_COND_INITIALIZER,
	.idle = PTHREAD_COND_INITIALIZER,
};

/* This thread runs a loop's items: a loop inside them runs alone. */
static __thread int in_items;

unsigned wt_par_threads(void)
{
	const char *e = getenv("OMP_NUM_THREADS");
	cpu_set_t set;
	long n;

	if (e && *e) {
		char *end;

		n = strtol(e, &end, 10);
		if (end != e && n >= 1)
			return n > 1024 ? 1024 : (unsigned)n;
	}
	if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n >= 1 ? (unsigned)n : 1;
}

/* Run the current loop's items until none is left. */
static void take_items(void (*fn)(void *ctx, unsigned i), void *ctx)
{
	in_items = 1;
	for (;;) {
		unsigned i, n;

		pthread_mutex_lock(&P.mu);
		n = P.n;
		i = P.next < n ? P.next++ : n;
		pthread_mutex_unlock(&P.mu);
		if (i == n)
			break;
		fn(ctx, i);
	}
	in_items = 0;
}

static void *helper(void *unused)
{
	unsigned long seen = 0;

	(void)unused;
	pthread_mutex_lock(&P.mu);
	for (;;) {
		void (*fn)(void *ctx, unsigned i);
		void *ctx;

		while (P.round == seen)
			pthread_cond_wait(&P.go, &P.mu);
		seen = P.round;
		fn = P.fn;
		ctx = P.ctx;
		pthread_mutex_unlock(&P.mu);
		take_items(fn, ctx);
		pthread_mutex_lock(&P.mu);
		if (--P.active == 0)
			pthread_cond_signal(&P.idle);
	}
	return NULL;
}

/* Start helpers up to the threads wanted, but one; as many as start
 * (none: loops run alone).  P.mu held. */
static void start_helpers(void)
{
	unsigned want;

	if (!P.want && !P.threads)
		P.threads = wt_par_threads();
	want = (P.want ? P.want : P.threads) - 1;

	while (!P.failed && P.helpers < want) {
		pthread_t t;

		if (pthread_create(&t, NULL, helper, NULL) != 0) {
			P.failed = 1;
			break;
		}
		pthread_detach(t);
		P.helpers++;
	}
}

void wt_par_set_threads(unsigned n)
{
	pthread_mutex_lock(&P.mu);
	P.want = n;
	pthread_mutex_unlock(&P.mu);
}

void wt_par_for(unsigned n, int parallel, void (*fn)(void *ctx, unsigned i),
		void *ctx)
{
	int alone = !parallel || n < 2 || in_items;

	if (!alone) {
		pthread_mutex_lock(&P.mu);
		start_helpers();
		alone = P.busy || P.helpers == 0 || P.want == 1;
		if (!alone) {
			P.busy = 1;
			P.fn = fn;
			P.ctx = ctx;
			P.n = n;
			P.next = 0;
			P.active = P.helpers;
			P.round++;
			pthread_cond_broadcast(&P.go);
		}
		pthread_mutex_unlock(&P.mu);
	}
	if (alone) {
		for (unsigned i = 0; i < n; i++)
			fn(ctx, i);
		return;
	}
	take_items(fn, ctx);
	pthread_mutex_lock(&P.mu);
	while (P.active)
		pthread_cond_wait(&P.idle, &P.mu);
	P.busy = 0;
	pthread_mutex_unlock(&P.mu);
}
