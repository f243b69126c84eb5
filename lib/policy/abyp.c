/*
 * abyp.c - the PC-based bypass predictor ABYP of Tian et al. (GPGPU-8
 * 2015, as Koo et al. section 6.5 compare with it).
 *
 * ABYP: each line remembers the load (PC) that brought it in and whether
 * it was used again.  A per-PC saturating counter (0..15) goes up when a
 * line of that PC leaves the L1 unused and down when one is reused; loads
 * of a PC whose counter is at the threshold (8) or above bypass the L1.
 * Tian et al. correct wrong predictions with a bit in the L2; l1sim has
 * no L2, so a small direct-mapped tag store (as many entries as the L1
 * has lines) remembers the lines bypassed on a prediction, and a later
 * load of one of them counts as a wrong prediction: its PC's counter goes
 * back to zero.  At most 64 PCs are predicted per SM; others never bypass.
 */
#include "abyp.h"
#include "hash.h"
#include "util.h"

#include <stdlib.h>

#define ABYP_PCS 64

struct abyp_pc {
	uint32_t pc;
	unsigned count;
};

struct shadow {
	uint64_t line;		/* + 1; 0 = empty */
	uint32_t pc;
};

struct wt_abyp {
	unsigned threshold, max;
	struct abyp_pc pcs[ABYP_PCS];
	unsigned npcs;
	struct shadow *sh;
	unsigned nsh;
	uint64_t corrections;
};

struct wt_abyp *wt_abyp_new(unsigned threshold, unsigned max, unsigned shadow)
{
	struct wt_abyp *a = wt_calloc(1, sizeof(*a));

	a->threshold = threshold;
	a->max = max;
	a->nsh = shadow ? shadow : 1;
	a->sh = wt_calloc(a->nsh, sizeof(*a->sh));
	return a;
}

void wt_abyp_free(struct wt_abyp *a)
{
	if (!a)
		return;
	free(a->sh);
	free(a);
}

static struct abyp_pc *find(struct wt_abyp *a, uint32_t pc, int make)
{
	for (unsigned i = 0; i < a->npcs; i++)
		if (a->pcs[i].pc == pc)
			return &a->pcs[i];
	if (!make || a->npcs == ABYP_PCS)
		return NULL;
	a->pcs[a->npcs] = (struct abyp_pc){ pc, 0 };
	return &a->pcs[a->npcs++];
}

int wt_abyp_bypass(const struct wt_abyp *a, uint32_t pc)
{
	const struct abyp_pc *p = find((struct wt_abyp *)a, pc, 0);

	return p && p->count >= a->threshold;
}

void wt_abyp_evicted(struct wt_abyp *a, uint32_t pc, int reused)
{
	struct abyp_pc *p = find(a, pc, 1);

	if (p && !reused && p->count < a->max)
		p->count++;
}

void wt_abyp_reused(struct wt_abyp *a, uint32_t pc)
{
	struct abyp_pc *p = find(a, pc, 0);

	if (p && p->count)
		p->count--;
}

void wt_abyp_note_bypass(struct wt_abyp *a, uint32_t pc, uint64_t line)
{
	struct shadow *s = &a->sh[wt_mix64(line) % a->nsh];

	s->line = line + 1;
	s->pc = pc;
}

int wt_abyp_check(struct wt_abyp *a, uint64_t line)
{
	struct shadow *s = &a->sh[wt_mix64(line) % a->nsh];
	struct abyp_pc *p;

	if (s->line != line + 1)
		return 0;
	s->line = 0;
	p = find(a, s->pc, 0);
	if (p)
		p->count = 0;
	a->corrections++;
	return 1;
}

uint64_t wt_abyp_corrections(const struct wt_abyp *a)
{
	return a->corrections;
}
