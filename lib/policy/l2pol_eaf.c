/*
 * l2pol_eaf.c - EAF, the Evicted-Address Filter (Seshadri et al., PACT
 * 2012), as MeDiC's comparison point for its insertion: a missing line
 * that the filter holds (evicted too early) goes in at MRU, any other at
 * LRU (l2policy.h).  One filter per partition.
 */
#include "l2policy.h"
#include "hash.h"
#include "l2model.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_eaf_init(struct wt_eaf *f, uint64_t lines)
{
	f->capacity = lines ? lines : 1;
	f->nbits = 8 * f->capacity;
	f->bits = wt_calloc((f->nbits + 63) / 64, sizeof(*f->bits));
	f->inserted = 0;
}

void wt_eaf_free(struct wt_eaf *f)
{
	free(f->bits);
	memset(f, 0, sizeof(*f));
}

static uint64_t eaf_hash(const struct wt_eaf *f, uint64_t line, unsigned k)
{
	return wt_mix64(line * 0xC2B2AE3D27D4EB4FULL + k + 1) % f->nbits;
}

void wt_eaf_evicted(struct wt_eaf *f, uint64_t line)
{
	if (f->inserted == f->capacity) {	/* full: start again */
		memset(f->bits, 0, (f->nbits + 63) / 64 * sizeof(*f->bits));
		f->inserted = 0;
	}
	for (unsigned k = 0; k < 2; k++) {
		uint64_t b = eaf_hash(f, line, k);

		f->bits[b / 64] |= 1ULL << (b % 64);
	}
	f->inserted++;
}

int wt_eaf_test(const struct wt_eaf *f, uint64_t line)
{
	for (unsigned k = 0; k < 2; k++) {
		uint64_t b = eaf_hash(f, line, k);

		if (!(f->bits[b / 64] >> (b % 64) & 1))
			return 0;
	}
	return 1;
}

static void eaf_evicted(void *p, uint64_t line)
{
	wt_eaf_evicted(p, line);
}

static int eaf_insert(void *p, struct wt_l2 *l2, const struct wt_l2_req *r,
		      unsigned set, int way, uint64_t line)
{
	(void)r;
	(void)set;
	(void)way;
	return wt_eaf_test(p, line) ? 0 : (int)l2->cfg->geom.assoc - 1;
}

static void eaf_free(void *p)
{
	wt_eaf_free(p);
	free(p);
}

static const struct wt_l2_hooks eaf_hooks = {
	.evicted = eaf_evicted,
	.insert = eaf_insert,
	.free = eaf_free,
};

static int eaf_on(const struct wt_l2pol_cfg *c)
{
	return c->eaf;
}

static void eaf_attach(void *shared, const struct wt_l2pol_cfg *c, struct wt_l2 *l2)
{
	struct wt_eaf *f = wt_calloc(1, sizeof(*f));

	(void)shared;
	(void)c;
	wt_eaf_init(f, (uint64_t)l2->cfg->geom.sets * l2->cfg->geom.assoc);
	wt_l2_add_policy(l2, &eaf_hooks, f, 0);
}

const struct wt_l2pol_def wt_l2pol_eaf = {
	.name = "eaf",
	.on = eaf_on,
	.attach = eaf_attach,
};
