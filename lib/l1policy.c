/*
 * l1policy.c - policy names and parameters; the streaming bypass of
 * Khairy et al. (section 4.1) and the PC-based bypass predictor ABYP of
 * Tian et al. (GPGPU-8 2015, as Koo et al. section 6.5 compare with it).
 *
 * Streaming bypass: the L1's load miss rate is measured over periods of
 * 10 000 cycles.  At the end of a period whose miss rate is above 90 %
 * the L1 is closed: every load goes to L2, while the tags are still
 * looked up and updated so that the miss rate goes on being measured.  At
 * the end of a period whose (tag) miss rate is at or below 90 % the L1 is
 * opened again; the lines the tags took while it was closed never got
 * their data, so they are dropped (a reading: the paper does not say).
 * A period in which no load came changes nothing.
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
#include "l1policy.h"
#include "hash.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char wt_l1_policy_names[] =
	"none, sbyp, dwt-cs, dwt-pric, swt, ccws, mrpb, pcal, abyp, pd, apcm, "
	"apcm-bypass, apcm-protect, apcm-pd, apcm-swl";

void wt_l1_policy_default(struct wt_l1_policy *p)
{
	memset(p, 0, sizeof(*p));
	p->name = "none";
	p->sbyp_period = 10000;
	p->sbyp_threshold = 0.9;
	p->schedulers = 2;
	p->max_warps = 24;
	wt_dwtcs_default(&p->dwtcs);
	wt_ccws_default(&p->ccws);
	p->mrpb_size = 32;
	p->pcal_tokens = 8;
	p->abyp_threshold = 8;
	p->abyp_max = 15;
	p->pd = 16;
	wt_apcm_default(&p->apcm);
	p->apcm.bypass = p->apcm.protect = 0;	/* the names choose */
}

/* One name of the list. */
static int add(struct wt_l1_policy *p, const char *s, size_t n)
{
	static const struct {
		const char *name;
		unsigned flags;
		int bypass, protect, pd;
	} t[] = {
		{ "none", 0, 0, 0, 0 },
		{ "sbyp", WT_POL_SBYP, 0, 0, 0 },
		{ "dwt-cs", WT_POL_DWTCS, 0, 0, 0 },
		{ "dwt-pric", WT_POL_SBYP | WT_POL_DWTCS, 0, 0, 0 },
		{ "swt", WT_POL_SWT, 0, 0, 0 },
		{ "ccws", WT_POL_CCWS, 0, 0, 0 },
		{ "mrpb", WT_POL_MRPB, 0, 0, 0 },
		{ "pcal", WT_POL_PCAL, 0, 0, 0 },
		{ "abyp", WT_POL_ABYP, 0, 0, 0 },
		{ "pd", WT_POL_PD, 0, 0, 0 },
		{ "apcm", WT_POL_APCM, 1, 1, 0 },
		{ "apcm-bypass", WT_POL_APCM, 1, 0, 0 },
		{ "apcm-protect", WT_POL_APCM, 0, 1, 0 },
		{ "apcm-pd", WT_POL_APCM, 0, 1, 1 },
		{ "apcm-swl", WT_POL_APCM | WT_POL_SWT, 1, 1, 0 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (strlen(t[i].name) != n || memcmp(t[i].name, s, n) != 0)
			continue;
		p->flags |= t[i].flags;
		if (t[i].flags & WT_POL_APCM) {
			p->apcm.bypass |= t[i].bypass;
			p->apcm.protect |= t[i].protect;
			p->apcm_pd |= t[i].pd;
		}
		return 0;
	}
	return -1;
}

int wt_l1_policy_parse(struct wt_l1_policy *p, const char *list, char *err,
		       size_t errlen)
{
	const char *s = list;

	p->name = list;
	for (;;) {
		size_t n = strcspn(s, ",");

		if (add(p, s, n) < 0) {
			snprintf(err, errlen, "--policy=%s: unknown policy '%.*s' "
				 "(expected %s)", list, (int)n, s, wt_l1_policy_names);
			return -1;
		}
		if (!s[n])
			break;
		s += n + 1;
	}
	if ((p->flags & WT_POL_DWTCS) && (p->flags & WT_POL_SWT)) {
		snprintf(err, errlen, "--policy=%s: dwt-cs and swt both set the "
			 "warp limit; choose one", list);
		return -1;
	}
	if ((p->flags & WT_POL_PD) && (p->flags & WT_POL_APCM) && p->apcm.protect) {
		snprintf(err, errlen, "--policy=%s: pd and APCM's protection both "
			 "protect lines; choose one (apcm-pd is APCM with a "
			 "protecting distance)", list);
		return -1;
	}
	return 0;
}

int wt_l1_policy_wants_pric(const char *list)
{
	const char *s = list;

	for (;;) {
		size_t n = strcspn(s, ",");

		if (n == 8 && memcmp(s, "dwt-pric", 8) == 0)
			return 1;
		if (!s[n])
			return 0;
		s += n + 1;
	}
}

/* ---- streaming bypass ---- */

void wt_sbyp_init(struct wt_sbyp *s, uint64_t period, double threshold)
{
	memset(s, 0, sizeof(*s));
	s->period = period;
	s->threshold = threshold;
	s->end = period;
}

int wt_sbyp_tick(struct wt_sbyp *s, uint64_t t)
{
	uint64_t n;
	int opened = 0;

	if (t < s->end)
		return 0;
	/* n periods ended by t.  Only the first has loads: the later ones,
	 * empty, change nothing, and end as it left the cache. */
	n = (t - s->end) / s->period + 1;
	s->periods += n;
	if (s->loads) {
		int on = (double)s->misses > s->threshold * (double)s->loads;

		if (on != s->on) {
			s->switches++;
			opened = !on;
		}
		s->on = on;
	}
	if (s->on)
		s->periods_on += n;
	s->loads = s->misses = 0;
	s->end += n * s->period;
	return opened;
}

/* ---- ABYP ---- */

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
