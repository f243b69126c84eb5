/*
 * l1policy.c - the table of policies: names, parameters, and which hooks
 * (l1hook.h) run in what order.  The mechanisms are in files of their
 * own, pol_*.c (l1policy.h lists them).
 */
#include "l1policy.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char wt_l1_policy_names[] =
	"none, sbyp, dwt-cs, dwt-pric, swt, ccws, mrpb, pcal, abyp, pd, apcm, "
	"apcm-bypass, apcm-protect, apcm-pd, apcm-swl, rand-byp";

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
	p->rand_fraction = 0.5;
}

/*
 * The hooks of the policies in p, in the order they are called.  The
 * order is part of what a combination does: the streaming bypass routes
 * a load before APCM and APCM before ABYP; a protecting distance shields
 * a line before APCM's board is asked.  apcm-pd is APCM with pd for its
 * protected loads; a warp limit runs with any policy, or with none.
 */
unsigned wt_l1_policy_ops_of(const struct wt_l1_policy *p,
			     const struct wt_l1_policy_ops *ops[WT_L1_MAX_POLICIES])
{
	static const struct {
		unsigned flag;
		const struct wt_l1_policy_ops *ops;
	} t[] = {
		{ WT_POL_SBYP, &wt_pol_sbyp_ops },
		{ WT_POL_DWTCS, &wt_pol_dwtcs_ops },
		{ WT_POL_SWT, &wt_pol_swt_ops },
		{ WT_POL_CCWS, &wt_pol_ccws_ops },
		{ WT_POL_MRPB, &wt_pol_mrpb_ops },
		{ WT_POL_PCAL, &wt_pol_pcal_ops },
		{ WT_POL_PD, &wt_pol_pd_ops },
		{ WT_POL_APCM, &wt_pol_apcm_ops },
		{ WT_POL_ABYP, &wt_pol_abyp_ops },
		{ WT_POL_RANDBYP, &wt_pol_randbyp_ops },
	};
	unsigned on = p->flags, n = 0;

	if ((on & WT_POL_APCM) && p->apcm_pd)
		on |= WT_POL_PD;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (on & t[i].flag)
			ops[n++] = t[i].ops;
	if (p->warp_limit)
		ops[n++] = &wt_pol_wlimit_ops;
	return n;
}

void wt_pol_stats_add(struct wt_pol_stats *d, const struct wt_pol_stats *s)
{
	d->sbyp_loads += s->sbyp_loads;
	d->sbyp_periods += s->sbyp_periods;
	d->sbyp_periods_on += s->sbyp_periods_on;
	d->sbyp_switches += s->sbyp_switches;
	d->abyp_loads += s->abyp_loads;
	d->abyp_corrections += s->abyp_corrections;
	d->apcm_bypass += s->apcm_bypass;
	d->apcm_protect += s->apcm_protect;
	d->pins += s->pins;
	d->protect_bypass += s->protect_bypass;
	d->pcal_noalloc += s->pcal_noalloc;
	d->mrpb_bypass += s->mrpb_bypass;
	d->ccws_blocked += s->ccws_blocked;
	d->ccws_vta_hits += s->ccws_vta_hits;
	d->rand_bypass += s->rand_bypass;
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
		{ "rand-byp", WT_POL_RANDBYP, 0, 0, 0 },
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
