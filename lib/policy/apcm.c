/*
 * apcm.c - APCM's per-SM state: LAT, MTA, CAIT and PSB; see apcm.h.
 */
#include "apcm.h"
#include "u64map.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A pc range; known is 0 until a pc is put in it. */
struct range {
	uint32_t lo, hi;
	int known;
};

struct lat {
	uint32_t pc;
	struct range pending;	/* since the monitored warp's last execution */
	struct range body;	/* between two of its executions */
};

struct cait {
	int valid, loop;
	enum wt_apcm_type type;
	enum wt_apcm_method method;
	unsigned count, last;	/* access count, last load id */
	struct range body;
};

struct mta {
	int valid, settled;
	uint64_t line;
	unsigned first, last;	/* load ids */
	unsigned count, intra;
};

struct psb {
	int set, loop;
	unsigned id, last;	/* the protected load, its last load */
	uint32_t lo, hi;	/* the loop body */
	uint32_t lifetime;	/* the number of this setting of the entry */
};

struct wt_apcm {
	struct wt_apcm_cfg cfg;
	struct lat *lat;	/* lat_entries, nlat of them used */
	unsigned nlat;
	struct cait *cait;	/* lat_entries */
	struct mta *mta;	/* mta_entries */
	struct wt_u64map *psbix;	/* warp -> index + 1 into psb */
	uint32_t lifetimes;	/* entries set so far, over all kernels */
	struct psb *psb;
	size_t npsb, cappsb;
	uint32_t monitored;
	int monitoring;
	struct wt_apcm_stats st;
};

void wt_apcm_default(struct wt_apcm_cfg *c)
{
	c->mta_entries = 32;
	c->lat_entries = 16;
	c->threshold = 15;
	c->line = 128;
	c->bypass = 1;
	c->protect = 1;
}

struct wt_apcm *wt_apcm_new(const struct wt_apcm_cfg *c)
{
	struct wt_apcm *a;

	if (!c->mta_entries || !c->lat_entries || !c->threshold || !c->line)
		wt_die(WT_EXIT_USAGE, "APCM: %u MTA entries, %u LAT entries, "
		       "threshold %u, %u-byte lines: each must be at least 1",
		       c->mta_entries, c->lat_entries, c->threshold, c->line);
	a = wt_calloc(1, sizeof(*a));
	a->cfg = *c;
	a->lat = wt_calloc(c->lat_entries, sizeof(*a->lat));
	a->cait = wt_calloc(c->lat_entries, sizeof(*a->cait));
	a->mta = wt_calloc(c->mta_entries, sizeof(*a->mta));
	a->psbix = wt_u64map_new();
	return a;
}

void wt_apcm_free(struct wt_apcm *a)
{
	if (!a)
		return;
	free(a->lat);
	free(a->cait);
	free(a->mta);
	wt_u64map_free(a->psbix);
	free(a->psb);
	free(a);
}

const char *wt_apcm_type_name(unsigned t)
{
	static const char *const names[] = {
		"streaming", "inter-warp", "intra-warp", "inter+intra-warp"
	};
	return t < WT_APCM_TYPES ? names[t] : "unknown";
}

const char *wt_apcm_method_name(unsigned m)
{
	static const char *const names[] = { "normal", "bypass", "protect" };

	return m <= WT_APCM_PROTECT ? names[m] : "unknown";
}

enum wt_apcm_type wt_apcm_type_of(unsigned n, unsigned m)
{
	if (n <= 1)
		return WT_APCM_STREAMING;
	if (m <= 1)
		return WT_APCM_INTER;
	if (m >= n)
		return WT_APCM_INTRA;
	return WT_APCM_INTER_INTRA;
}

void wt_apcm_kernel_begin(struct wt_apcm *a, uint32_t monitored)
{
	memset(a->lat, 0, a->cfg.lat_entries * sizeof(*a->lat));
	memset(a->cait, 0, a->cfg.lat_entries * sizeof(*a->cait));
	memset(a->mta, 0, a->cfg.mta_entries * sizeof(*a->mta));
	a->nlat = 0;
	wt_u64map_clear(a->psbix);
	a->npsb = 0;
	a->monitored = monitored;
	a->monitoring = 1;
}

static void widen(struct range *r, uint32_t pc)
{
	if (!r->known) {
		r->lo = r->hi = pc;
		r->known = 1;
	} else if (pc < r->lo) {
		r->lo = pc;
	} else if (pc > r->hi) {
		r->hi = pc;
	}
}

static void merge(struct range *into, const struct range *r)
{
	if (!r->known)
		return;
	widen(into, r->lo);
	widen(into, r->hi);
}

static int lat_find(const struct wt_apcm *a, uint32_t pc)
{
	for (unsigned i = 0; i < a->nlat; i++)
		if (a->lat[i].pc == pc)
			return (int)i;
	return -1;
}

/* pc's load id, given it if the LAT has room; -1 when it is full. */
static int lat_id(struct wt_apcm *a, uint32_t warp, uint32_t pc)
{
	int id = lat_find(a, pc);
	struct lat *l;

	if (id >= 0 || a->nlat == a->cfg.lat_entries)
		return id;
	l = &a->lat[a->nlat];
	memset(l, 0, sizeof(*l));
	l->pc = pc;
	/* the monitored warp's first execution, which its instruction
	 * call could not see: the pending range starts here */
	if (a->monitoring && warp == a->monitored)
		widen(&l->pending, pc);
	return (int)a->nlat++;
}

static enum wt_apcm_method method_of(const struct wt_apcm *a,
				     enum wt_apcm_type t)
{
	if (t == WT_APCM_STREAMING && a->cfg.bypass)
		return WT_APCM_BYPASS;
	if (t == WT_APCM_INTRA && a->cfg.protect)
		return WT_APCM_PROTECT;
	return WT_APCM_NORMAL;
}

/* An MTA entry updates the CAIT entry of its first load (section 5.1). */
static void cait_update(struct wt_apcm *a, const struct mta *m)
{
	struct cait *c = &a->cait[m->first];

	if (c->valid && m->count <= c->count)
		return;
	c->valid = 1;
	c->type = wt_apcm_type_of(m->count, m->intra);
	c->method = method_of(a, c->type);
	c->count = m->count;
	c->last = m->last;
	c->loop = m->first == m->last;
	c->body = a->lat[m->first].body;
	a->st.cait_updates++;
}

/* The access count reached the threshold: settle the entry, once. */
static void settle(struct wt_apcm *a, struct mta *m)
{
	if (m->count < a->cfg.threshold || m->settled)
		return;
	m->settled = 1;
	cait_update(a, m);
}

static struct mta *mta_slot(const struct wt_apcm *a, uint64_t line)
{
	return &a->mta[line / a->cfg.line % a->cfg.mta_entries];
}

static void mta_access(struct wt_apcm *a, uint32_t warp, unsigned id,
		       uint64_t line, unsigned index, unsigned l1_count)
{
	struct mta *m = mta_slot(a, line);
	unsigned th = a->cfg.threshold;
	int hit = m->valid && m->line == line;

	if (warp != a->monitored) {
		if (hit && m->count < th) {
			m->count++;
			settle(a, m);
		}
		return;
	}
	if (index >= 2)
		return;		/* uncoalesced: only two requests are followed */
	if (hit) {
		m->last = id;
		if (m->intra < th)
			m->intra++;
		if (m->count < th)
			m->count++;
		settle(a, m);
		return;
	}
	if (m->valid) {
		a->st.mta_evictions++;
		cait_update(a, m);
	}
	memset(m, 0, sizeof(*m));
	m->valid = 1;
	m->line = line;
	m->first = m->last = id;
	/* a line another warp brought in starts from the L1 tag's count */
	m->count = l1_count >= th ? th : l1_count + 1;
	m->intra = 1;
	settle(a, m);
}

/*
 * The method is read from the CAIT before the request updates the MTA:
 * the request is managed by what earlier ones taught.
 */
enum wt_apcm_method wt_apcm_load(struct wt_apcm *a, uint32_t warp, uint32_t pc,
				 uint64_t line, unsigned index,
				 unsigned l1_count)
{
	int id = lat_id(a, warp, pc);
	enum wt_apcm_method m = WT_APCM_NORMAL;

	if (id < 0) {
		a->st.untracked_loads++;
		return WT_APCM_NORMAL;
	}
	if (a->cait[id].valid)
		m = a->cait[id].method;
	if (m == WT_APCM_BYPASS)
		a->st.bypassed++;
	else if (m == WT_APCM_PROTECT)
		a->st.protected_loads++;
	if (a->monitoring)
		mta_access(a, warp, (unsigned)id, line, index, l1_count);
	return m;
}

enum wt_apcm_method wt_apcm_method(const struct wt_apcm *a, uint32_t pc)
{
	int id = wt_apcm_load_id(a, pc);

	if (id < 0 || !a->cait[id].valid)
		return WT_APCM_NORMAL;
	return a->cait[id].method;
}

static struct psb *psb_find(const struct wt_apcm *a, uint32_t warp)
{
	const uint64_t *ix = wt_u64map_find(a->psbix, warp);

	return ix ? &a->psb[*ix - 1] : NULL;
}

static struct psb *psb_get(struct wt_apcm *a, uint32_t warp)
{
	int added;
	uint64_t *ix = wt_u64map_get(a->psbix, warp, &added);

	if (added) {
		if (a->npsb == a->cappsb) {
			a->cappsb = a->cappsb ? 2 * a->cappsb : 64;
			a->psb = wt_realloc(a->psb, a->cappsb * sizeof(*a->psb));
		}
		memset(&a->psb[a->npsb], 0, sizeof(*a->psb));
		*ix = ++a->npsb;
	}
	return &a->psb[*ix - 1];
}

static void release(struct psb *p, uint64_t *cause)
{
	p->set = 0;
	(*cause)++;
}

/* The monitored warp starts the instruction at pc. */
static void learn(struct wt_apcm *a, uint32_t pc)
{
	int id;

	for (unsigned i = 0; i < a->nlat; i++)
		if (a->lat[i].pending.known)
			widen(&a->lat[i].pending, pc);
	id = lat_find(a, pc);
	if (id < 0)
		return;
	merge(&a->lat[id].body, &a->lat[id].pending);
	a->lat[id].pending = (struct range){ pc, pc, 1 };
}

void wt_apcm_instruction(struct wt_apcm *a, uint32_t warp, uint32_t pc)
{
	struct psb *p;

	if (a->monitoring && warp == a->monitored)
		learn(a, pc);
	p = psb_find(a, warp);
	if (p && p->set && p->loop && (pc < p->lo || pc > p->hi))
		release(p, &a->st.released_loop_exit);
}

int wt_apcm_pin(struct wt_apcm *a, uint32_t warp, uint32_t pc)
{
	int id = lat_find(a, pc);
	const struct cait *c;
	struct psb *p;

	if (id < 0 || !a->cait[id].valid)
		return 0;
	c = &a->cait[id];
	p = psb_get(a, warp);
	if (p->set && p->id != (unsigned)id) {
		a->st.pin_refused++;
		return 0;
	}
	if (!p->set) {
		p->set = 1;
		if (++a->lifetimes == 0)	/* 0 means none: skip it */
			a->lifetimes = 1;
		p->lifetime = a->lifetimes;
		p->id = (unsigned)id;
		p->last = c->last;
		p->loop = c->loop;
		p->lo = c->body.known ? c->body.lo : pc;
		p->hi = c->body.known ? c->body.hi : pc;
	}
	a->st.pins++;
	return 1;
}

int wt_apcm_protected(const struct wt_apcm *a, uint32_t owner)
{
	const struct psb *p = psb_find(a, owner);

	return p && p->set;
}

uint32_t wt_apcm_lifetime(const struct wt_apcm *a, uint32_t warp)
{
	const struct psb *p = psb_find(a, warp);

	return p && p->set ? p->lifetime : 0;
}

void wt_apcm_after_load(struct wt_apcm *a, uint32_t warp, uint32_t pc)
{
	struct psb *p = psb_find(a, warp);

	if (p && p->set && !p->loop && lat_find(a, pc) == (int)p->last)
		release(p, &a->st.released_last_load);
}

/* The monitored warp ended: the MTA goes into the CAIT, with the loop
 * bodies it has finished learning. */
static void end_monitoring(struct wt_apcm *a)
{
	for (unsigned i = 0; i < a->cfg.mta_entries; i++)
		if (a->mta[i].valid)
			cait_update(a, &a->mta[i]);
	memset(a->mta, 0, a->cfg.mta_entries * sizeof(*a->mta));
	for (unsigned i = 0; i < a->nlat; i++)
		if (a->cait[i].valid)
			a->cait[i].body = a->lat[i].body;
	a->monitoring = 0;
}

void wt_apcm_warp_end(struct wt_apcm *a, uint32_t warp)
{
	struct psb *p = psb_find(a, warp);

	if (p && p->set)
		release(p, &a->st.released_warp_end);
	if (a->monitoring && warp == a->monitored)
		end_monitoring(a);
}

const struct wt_apcm_stats *wt_apcm_stats(const struct wt_apcm *a)
{
	return &a->st;
}

int wt_apcm_monitoring(const struct wt_apcm *a)
{
	return a->monitoring;
}

unsigned wt_apcm_entries(const struct wt_apcm *a)
{
	return a->cfg.lat_entries;
}

int wt_apcm_load_id(const struct wt_apcm *a, uint32_t pc)
{
	return lat_find(a, pc);
}

int wt_apcm_cait(const struct wt_apcm *a, unsigned i, struct wt_apcm_entry *e)
{
	const struct cait *c;

	if (i >= a->cfg.lat_entries || !a->cait[i].valid)
		return 0;
	c = &a->cait[i];
	e->pc = a->lat[i].pc;
	e->last_pc = a->lat[c->last].pc;
	e->type = c->type;
	e->method = c->method;
	e->count = c->count;
	e->loop = c->loop;
	e->body = c->body.known;
	e->lo = c->body.known ? c->body.lo : 0;
	e->hi = c->body.known ? c->body.hi : 0;
	return 1;
}

int wt_apcm_mta(const struct wt_apcm *a, uint64_t line, struct wt_apcm_tag *t)
{
	const struct mta *m = mta_slot(a, line);

	if (!m->valid || m->line != line)
		return 0;
	t->first_pc = a->lat[m->first].pc;
	t->last_pc = a->lat[m->last].pc;
	t->count = m->count;
	t->intra = m->intra;
	t->settled = m->settled;
	return 1;
}
