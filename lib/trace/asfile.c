/*
 * asfile.c - one Accel-Sim kernel file into warp records.
 *
 * The header ("-key = value" lines) describes the kernel; the body is
 * either raw (one instruction per line, each naming its CTA and warp, in
 * the order the GPU ran them) or grouped (#BEGIN_TB blocks of "warp = N"
 * and "insts = N" runs).  Each warp keeps a small state across the file:
 * how many records it has made, and how many non-memory instructions it
 * has run since the last one.  Those after its last memory instruction
 * (all of a warp's, if it has none) become a last record of op
 * WT_OP_NONE: at the end of its run in a grouped file, at the end of a
 * raw one.  Every line is checked; the first problem ends the file with
 * "file:line: what was expected".
 */
#include "asfstate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int wt_asf_vfail(struct wt_asf *f, const char *fmt, va_list ap)
{
	char msg[768];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	wt_snprintf(f->err, sizeof(f->err), "%s:%llu: %s", f->name,
		    (unsigned long long)wt_lines_number(f->lines), msg);
	return -1;
}

static int fail(struct wt_asf *f, const char *fmt, ...) WT_PRINTF(2, 3);

static int fail(struct wt_asf *f, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = wt_asf_vfail(f, fmt, ap);
	va_end(ap);
	return r;
}

/* The file name without directories and compression or trace suffixes:
 * the kernel's name when the header gives none. */
static char *base_name(const char *path)
{
	static const char *const suffixes[] = {
		".xz", ".zst", ".gz", ".traceg", ".trace"
	};
	const char *slash = strrchr(path, '/');
	char *b = wt_strdup(slash ? slash + 1 : path);
	size_t n = strlen(b);

	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t k = strlen(suffixes[i]);

		if (n > k && strcmp(b + n - k, suffixes[i]) == 0) {
			b[n -= k] = '\0';
			i = (size_t)-1;	/* again, from the first suffix */
		}
	}
	return b;
}

static struct wt_asf *new_file(struct wt_lines *lines)
{
	struct wt_asf *f = wt_calloc(1, sizeof(*f));

	f->lines = lines;
	f->name = wt_strdup(wt_lines_name(lines));
	wt_kernel_init(&f->kernel);
	free(f->kernel.name);
	f->kernel.name = base_name(f->name);
	free(f->kernel.source);
	/* The header begins at line 1. */
	f->kernel.source = wt_malloc(strlen(f->name) + 3);
	sprintf(f->kernel.source, "%s:1", f->name);
	f->map = wt_u64map_new();
	f->ctas = wt_u64map_new();
	f->st.addr_min = UINT64_MAX;
	return f;
}

struct wt_asf *wt_asf_open_src(struct wt_src *src)
{
	return new_file(wt_lines_open(src, WT_AS_MAX_LINE));
}

struct wt_asf *wt_asf_open(const char *path, char *err, size_t errlen)
{
	struct wt_src *src = wt_src_open(path, err, errlen);

	return src ? wt_asf_open_src(src) : NULL;
}

struct wt_asf *wt_asf_open_mem(const char *name, const char *buf, size_t len)
{
	return new_file(wt_lines_open_mem(name, buf, len, WT_AS_MAX_LINE));
}


/* ---- the body ---- */

static int check_cta(struct wt_asf *f, const uint32_t cta[3], uint32_t *flat)
{
	const uint32_t *g = f->kernel.grid;

	if (cta[0] >= g[0] || cta[1] >= g[1] || cta[2] >= g[2])
		return fail(f, "thread block (%u,%u,%u) lies outside the grid "
			    "(%u,%u,%u)", cta[0], cta[1], cta[2], g[0], g[1], g[2]);
	*flat = (uint32_t)(((uint64_t)cta[2] * g[1] + cta[1]) * g[0] + cta[0]);
	return 0;
}

static int check_warp(struct wt_asf *f, uint32_t w)
{
	if (w >= f->wpc)
		return fail(f, "warp %u: a CTA of %u threads has %u warp%s (0 to %u)",
			    w, f->bt, f->wpc, f->wpc == 1 ? "" : "s", f->wpc - 1);
	return 0;
}

/* The state of a warp, made on first sight; *added says which. */
static size_t warp_state(struct wt_asf *f, uint32_t flat, uint32_t w, int *added)
{
	uint64_t key = (uint64_t)flat * f->wpc + w, *slot;
	int dummy;

	slot = wt_u64map_get(f->map, key, added);
	if (*added) {
		if (f->nws == f->capws) {
			f->capws = f->capws ? 2 * f->capws : 64;
			f->ws = wt_realloc(f->ws, f->capws * sizeof(*f->ws));
		}
		memset(&f->ws[f->nws], 0, sizeof(f->ws[0]));
		f->ws[f->nws].key = key;
		*slot = ++f->nws;
		(void)wt_u64map_get(f->ctas, flat, &dummy);
	}
	return (size_t)(*slot - 1);
}

static unsigned generic_space(const struct wt_asf *f, uint64_t a)
{
	/* Without both base addresses (tracers before version 1.2 wrote
	 * none), Accel-Sim takes every generic access as shared. */
	if (!f->shmem_base || !f->local_base)
		return WT_SPACE_SHARED;
	/* Unsigned differences: an address below a base is far outside. */
	if (a - f->shmem_base < WT_AS_SHARED_WINDOW)
		return WT_SPACE_SHARED;
	if (a - f->local_base < WT_AS_LOCAL_WINDOW)
		return WT_SPACE_LOCAL;
	return WT_SPACE_GLOBAL;
}

static const unsigned kind_space[] = {
	[WT_AS_GLOBAL] = WT_SPACE_GLOBAL, [WT_AS_SHARED] = WT_SPACE_SHARED,
	[WT_AS_LOCAL] = WT_SPACE_LOCAL, [WT_AS_CONST] = WT_SPACE_CONST,
	[WT_AS_TEXTURE] = WT_SPACE_TEXTURE,
};

/* ---- register dependences (record.h, WT_WARP_DEP_BITS) ---- */

static struct pend *pend_find(struct wstate *s, unsigned reg)
{
	for (uint32_t i = 0; i < s->npend; i++)
		if (s->pend[i].reg == reg)
			return &s->pend[i];
	return NULL;
}

/* reg now waits for the data of the load of record load. */
static void pend_set(struct wstate *s, unsigned reg, uint32_t load)
{
	struct pend *p = pend_find(s, reg);

	if (!p) {
		if (s->npend == s->cappend) {
			s->cappend = s->cappend ? 2 * s->cappend : 8;
			s->pend = wt_realloc(s->pend, s->cappend * sizeof(*s->pend));
		}
		p = &s->pend[s->npend++];
		p->reg = (uint16_t)reg;
	}
	p->load = load;
}

/* The registers of the loads of records up to load (0 to load, all
 * complete once the warp has waited for it), or of register reg alone
 * (load UINT32_MAX), are no longer pending. */
static void pend_clear(struct wstate *s, uint32_t load, unsigned reg)
{
	uint32_t k = 0;

	for (uint32_t i = 0; i < s->npend; i++)
		if (load == UINT32_MAX ? s->pend[i].reg != reg : s->pend[i].load > load)
			s->pend[k++] = s->pend[i];
	s->npend = k;
}

/*
 * One instruction of the warp's next record, the s->icount-th of them (its
 * memory instruction comes after its non-memory ones): if it reads or
 * writes a pending register, it waits for the newest load of those, and so
 * for every load before that one too.  Then its destinations are the
 * load's own (load: it is the load or atomic of the record, index
 * s->instr), or written, no longer any load's.  RZ is never pending.
 */
static void dependences(struct wstate *s, const struct wt_as_inst *in, int load)
{
	uint32_t newest = 0;
	int waits = 0;

	for (unsigned i = 0; i < in->ndst + in->nsrc; i++) {
		unsigned r = i < in->ndst ? in->dst[i] : in->src[i - in->ndst];
		const struct pend *p = r < WT_AS_RZ ? pend_find(s, r) : NULL;

		if (p && (!waits || p->load > newest)) {
			newest = p->load;
			waits = 1;
		}
	}
	if (waits) {
		/* The first that waits gives at; the newest waited for, dep. */
		if (!s->wait)
			s->at = s->icount < WT_WARP_AT_MAX ? s->icount : WT_WARP_AT_MAX;
		s->wait = newest + 1;
		pend_clear(s, newest, 0);
	}
	if (!in->ndst || (!s->npend && !load))
		return;
	for (unsigned i = 0; i < in->ndst; i++) {
		if (in->dst[i] >= WT_AS_RZ)
			continue;
		if (load)
			pend_set(s, in->dst[i], s->instr);
		else
			pend_clear(s, UINT32_MAX, in->dst[i]);
	}
}

/* The dependence bits of the record of index instr that ends what
 * dependences saw, which starts afresh for the next. */
static uint32_t dep_flags(struct wstate *s, uint32_t instr)
{
	uint32_t flags = WT_WARP_DEPS | (s->barrier ? WT_WARP_BARRIER : 0);

	if (s->wait) {
		uint32_t back = instr - (s->wait - 1);

		if (back > WT_WARP_DEP_MAX)
			back = WT_WARP_DEP_MAX;
		flags |= back << WT_WARP_DEP_SHIFT | s->at << WT_WARP_AT_SHIFT;
	}
	s->wait = s->at = 0;
	s->barrier = 0;
	return flags;
}

static void pend_free(struct wstate *s)
{
	free(s->pend);
	s->pend = NULL;
	s->npend = s->cappend = 0;
	free(s->chreg);
	s->chreg = NULL;
	s->nchreg = s->capchreg = 0;
}

/* ---- chains (record.h, WT_WARP_CHAIN) ---- */

static struct chreg *chreg_find(struct wstate *s, unsigned reg)
{
	for (uint32_t i = 0; i < s->nchreg; i++)
		if (s->chreg[i].reg == reg)
			return &s->chreg[i];
	return NULL;
}

/* Whether a run of classes a is the slower of two as deep: more SFU, then
 * double, then tensor, then single-precision instructions (record.h). */
static int slower(unsigned a, unsigned b)
{
	static const enum wt_lat_class order[] = {
		WT_LAT_SFU, WT_LAT_DP, WT_LAT_TENSOR, WT_LAT_SP
	};

	for (unsigned i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (WT_WARP_CLASS(a, order[i]) != WT_WARP_CLASS(b, order[i]))
			return WT_WARP_CLASS(a, order[i]) > WT_WARP_CLASS(b, order[i]);
	return 0;
}

/* The deepest of n registers, as the record's instructions so far left
 * them (the slower run of two as deep), in *depth and *classes: depth 0
 * for one none of them wrote, for RZ and for a uniform one. */
static void chain_deepest(struct wstate *s, const uint16_t *regs, unsigned n,
			  unsigned *depth, unsigned *classes)
{
	*depth = *classes = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct chreg *c = regs[i] < WT_AS_RZ ? chreg_find(s, regs[i]) : NULL;

		if (c && (c->depth > *depth ||
			  (c->depth == *depth && slower(c->classes, *classes)))) {
			*depth = c->depth;
			*classes = c->classes;
		}
	}
}

/* classes with one more instruction of class cls (an integer one adds
 * nothing), each count stopping at WT_WARP_CLASS_MAX. */
static unsigned class_add(unsigned classes, enum wt_lat_class cls)
{
	if (cls == WT_LAT_INT || WT_WARP_CLASS(classes, cls) == WT_WARP_CLASS_MAX)
		return classes;
	return classes + WT_WARP_CLASS_BYTE(cls, 1);
}

/*
 * One of the record's non-memory instructions (its icount): its
 * destinations now have its depth, 1 + the deepest of its sources (at
 * most WT_WARP_CHAIN_MAX, which stands for that deep or more), and that
 * source's classes with its own; or, for a memory instruction counted
 * among them (alu 0: no active lane, or a TMA operand), 0, as a load's
 * result is: no entry.  Each destination had its depth from its last
 * writer only.
 */
static void chain_write(struct wstate *s, const struct wt_as_inst *in, int alu)
{
	unsigned depth = 0, classes = 0;

	if (!in->ndst)
		return;
	if (alu) {
		chain_deepest(s, in->src, in->nsrc, &depth, &classes);
		classes = class_add(classes, wt_as_latency_class(in->opcode));
		depth++;
		if (depth > WT_WARP_CHAIN_MAX)
			depth = WT_WARP_CHAIN_MAX;
	}
	for (unsigned i = 0; i < in->ndst; i++) {
		unsigned r = in->dst[i];
		struct chreg *c;

		if (r >= WT_AS_RZ)
			continue;
		c = chreg_find(s, r);
		if (!depth) {
			if (c)
				*c = s->chreg[--s->nchreg];
			continue;
		}
		if (!c) {
			if (s->nchreg == s->capchreg) {
				s->capchreg = s->capchreg ? 2 * s->capchreg : 8;
				s->chreg = wt_realloc(s->chreg, s->capchreg *
						      sizeof(*s->chreg));
			}
			c = &s->chreg[s->nchreg++];
			c->reg = (uint8_t)r;
		}
		c->depth = (uint8_t)depth;
		c->classes = (uint8_t)classes;
	}
}

/* The chain bits of the record rec that ends what chain_write saw, whose
 * memory instruction is in (NULL for op WT_OP_NONE: chain 0), and its
 * classes byte: the deepest of the registers it reads.  The next record
 * starts afresh. */
static uint32_t chain_flags(struct wstate *s, const struct wt_as_inst *in,
			    struct wt_warp *rec)
{
	unsigned chain = 0, classes = 0;

	if (in)
		chain_deepest(s, in->src, in->nsrc, &chain, &classes);
	s->nchreg = 0;
	rec->classes = (uint8_t)classes;
	return (uint32_t)chain << WT_WARP_CHAIN_SHIFT;
}

/* A memory instruction with active lanes becomes a record. */
static int make_record(struct wt_asf *f, const struct wt_as_inst *in,
		       const struct wt_as_class *cls, uint32_t flat, uint32_t w,
		       struct wstate *s, struct wt_warp *rec)
{
	unsigned size = in->mem_width, space;
	unsigned l0 = (unsigned)__builtin_ctz(in->mask);

	/* The trace's width is preferred; one that is no access size
	 * falls back to the opcode's. */
	if (size > 128 || (size & (size - 1))) {
		size = wt_as_opcode_width(in->opcode);
		f->st.width_from_opcode++;
	}
	if (cls->kind == WT_AS_GENERIC) {
		/* The first active lane decides for the instruction. */
		space = generic_space(f, in->addr[l0]);
		f->st.generic_unbased += !f->shmem_base || !f->local_base;
		for (unsigned l = l0 + 1; l < WT_AS_LANES; l++)
			if (in->mask >> l & 1 &&
			    generic_space(f, in->addr[l]) != space) {
				f->st.generic_mixed++;
				break;
			}
	} else {
		space = kind_space[cls->kind];
	}
	for (unsigned l = l0; l < WT_AS_LANES; l++)
		if (in->mask >> l & 1 && in->addr[l] > UINT64_MAX - size + 1)
			return fail(f, "lane %u: access of %u bytes at 0x%llx wraps "
				    "past the end of the address space", l, size,
				    (unsigned long long)in->addr[l]);
	memset(rec, 0, sizeof(*rec));
	rec->mask = in->mask;
	rec->pc = in->pc;
	rec->cta = flat;
	rec->warp = (uint32_t)((uint64_t)flat * f->wpc + w);
	rec->instr = s->instr++;
	rec->icount = s->icount;
	rec->size = (uint16_t)size;
	rec->op = (uint8_t)cls->op;
	rec->space = (uint8_t)space;
	rec->lanes = WT_AS_LANES;
	rec->flags = WT_COP_FLAGS(wt_as_cacheop(in->opcode)) |
		     dep_flags(s, rec->instr) | chain_flags(s, in, rec);
	memcpy(rec->addr, in->addr, sizeof(in->addr));
	s->icount = 0;

	f->st.records++;
	f->st.ops[cls->op]++;
	f->st.spaces[space]++;
	f->st.lanes += (unsigned)__builtin_popcount(in->mask);
	f->st.lane_ops[cls->op] += (unsigned)__builtin_popcount(in->mask);
	f->st.bytes += (uint64_t)size * (unsigned)__builtin_popcount(in->mask);
	for (unsigned l = l0; l < WT_AS_LANES; l++) {
		if (!(in->mask >> l & 1))
			continue;
		if (in->addr[l] < f->st.addr_min)
			f->st.addr_min = in->addr[l];
		if (in->addr[l] + size - 1 > f->st.addr_max)
			f->st.addr_max = in->addr[l] + size - 1;
	}
	return 1;
}

/* One more non-memory instruction before the warp's next record; past
 * the 2^32 - 1 a record can say, counted as lost. */
static void nonmem(struct wt_asf *f, struct wstate *s)
{
	if (s->icount < UINT32_MAX)
		s->icount++;
	else
		f->st.icount_lost++;
}

/* The last record of the warp of state s: the non-memory instructions
 * it ran after its last memory instruction (or all of them). */
static void make_none(struct wt_asf *f, struct wstate *s, struct wt_warp *rec)
{
	memset(rec, 0, sizeof(*rec) + WT_AS_LANES * sizeof(rec->addr[0]));
	rec->pc = s->last_pc;
	rec->cta = (uint32_t)(s->key / f->wpc);
	rec->warp = (uint32_t)s->key;
	rec->instr = s->instr++;
	rec->icount = s->icount;
	rec->size = 1;
	rec->op = WT_OP_NONE;
	rec->space = WT_SPACE_GLOBAL;
	rec->lanes = WT_AS_LANES;
	rec->flags = WT_WARP_LAST | dep_flags(s, rec->instr) |
		     chain_flags(s, NULL, rec);
	f->st.tails++;
	f->st.trailing += s->icount;
	s->icount = 0;
}

/* A grouped file's first instruction line tells whether its lines begin
 * with their CTA and warp, as before tracer version 3 (Accel-Sim's own
 * test: a version below 3, or none, where the line's shape does not). */
static void grouped_layout(struct wt_asf *f, const char *line)
{
	int ids = wt_as_grouped_has_ids(line, f->lay.lineinfo);

	f->lay.ids = ids >= 0 ? ids : f->st.tracer_version < 3;
	f->lay_known = 1;
}

/* The CTA and warp a line of a grouped file names are those of its run. */
static int check_ids(struct wt_asf *f, const struct wt_as_inst *in)
{
	if (in->cta[0] != f->tb[0] || in->cta[1] != f->tb[1] ||
	    in->cta[2] != f->tb[2] || in->warp != f->cur_warp)
		return fail(f, "the line names warp %u of thread block (%u,%u,%u) "
			    "in the lines of warp %u of thread block (%u,%u,%u)",
			    in->warp, in->cta[0], in->cta[1], in->cta[2],
			    f->cur_warp, f->tb[0], f->tb[1], f->tb[2]);
	return 0;
}

/* An instruction line, of warp w of CTA cta when the line does not say. */
static int instruction(struct wt_asf *f, char *line, const uint32_t *cta,
		       uint32_t w, struct wt_warp *rec)
{
	struct wt_as_inst in;
	struct wt_as_class cls;
	struct wstate *s;
	char why[512];
	uint32_t flat, lanes;
	size_t idx;
	int added;

	if (!f->lay_known)
		grouped_layout(f, line);
	if (wt_as_parse(line, &f->lay, &in, why, sizeof(why)) < 0)
		return fail(f, "%s", why);
	if (f->state == B_RAW) {
		if (check_cta(f, in.cta, &flat) < 0 || check_warp(f, in.warp) < 0)
			return -1;
		w = in.warp;
		idx = warp_state(f, flat, w, &added);
		if (f->lay.cluster)
			f->st.cluster_lines++;
	} else {
		if (f->lay.ids && check_ids(f, &in) < 0)
			return -1;
		(void)check_cta(f, cta, &flat);	/* checked at its line */
		idx = f->cur;
	}
	f->st.loose_lines += in.surplus;
	lanes = f->bt - w * WT_AS_LANES;
	if (lanes < WT_AS_LANES && in.mask >> lanes)
		return fail(f, "mask %08x: warp %u has only %u thread%s", in.mask,
			    w, lanes, lanes == 1 ? "" : "s");
	s = &f->ws[idx];
	wt_as_classify(in.opcode, &cls);
	if (s->ldgsts_open && !cls.ldgsts)
		return fail(f, "%s after only one of the two lines of the LDGSTS at "
			    "PC %04x of this warp (raw traces hold both)",
			    in.opcode, s->ldgsts_pc);
	s->last_pc = in.pc;
	if (in.skipped) {
		f->st.tma++;
		dependences(s, &in, 0);
		chain_write(s, &in, 0);
	} else if (in.mem_width > 0 && cls.kind == WT_AS_NONMEM) {
		dependences(s, &in, 0);
		chain_write(s, &in, 1);
		if (f->st.addr_not_memory++ == 0)
			wt_snprintf(f->st.not_memory_opcode,
				    sizeof(f->st.not_memory_opcode), "%s", in.opcode);
	} else if (in.mem_width > 0) {
		/* A raw trace holds each LDGSTS twice: the shared-memory side,
		 * then the global side, which is the one kept. */
		if (cls.ldgsts && f->state == B_RAW && !s->ldgsts_open) {
			s->ldgsts_open = 1;
			s->ldgsts_pc = in.pc;
			f->st.ldgsts_halves++;
			return 0;
		}
		if (s->ldgsts_open && in.pc != s->ldgsts_pc)
			return fail(f, "LDGSTS at PC %04x follows the unpaired LDGSTS "
				    "at PC %04x of this warp", in.pc, s->ldgsts_pc);
		s->ldgsts_open = 0;
		f->st.instructions++;
		if (in.mask) {
			dependences(s, &in, cls.op == WT_OP_LOAD ||
				    cls.op == WT_OP_ATOMIC);
			return make_record(f, &in, &cls, flat, w, s, rec);
		}
		/* No active lane, no address: it issued, and is counted
		 * like a non-memory instruction; it waits for the registers
		 * it names, as any instruction does, and leaves none
		 * pending; a load, it begins no chain. */
		f->st.empty_masks++;
		dependences(s, &in, 0);
		chain_write(s, &in, 0);
		nonmem(f, s);
		return 0;
	} else {
		dependences(s, &in, 0);
		chain_write(s, &in, 1);
		if (wt_as_is_barrier(in.opcode))
			s->barrier = 1;
	}
	f->st.instructions++;
	nonmem(f, s);
	return 0;
}

static int is_keyword(const char *p)
{
	static const char *const words[] = { "thread", "warp", "insts", "cluster" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t n = strlen(words[i]);

		if (strncmp(p, words[i], n) == 0 && (p[n] == ' ' || p[n] == '\t' ||
						      p[n] == '='))
			return 1;
	}
	return 0;
}

/* The warp being read is over: it must hold the lines it announced.
 * 1 with its last record in rec if it ran instructions after its last
 * memory instruction, else 0; -1 on error. */
static int close_warp(struct wt_asf *f, struct wt_warp *rec)
{
	if (f->state != B_WARP)
		return 0;
	f->state = B_TB;
	if (!f->have_insts)
		return fail(f, "warp at line %llu has no 'insts = N' line",
			    (unsigned long long)f->warp_line);
	if (f->insts_got != f->insts_want)
		return fail(f, "'insts = %llu' at line %llu, but %llu instruction "
			    "line%s follow%s", (unsigned long long)f->insts_want,
			    (unsigned long long)f->insts_line,
			    (unsigned long long)f->insts_got,
			    f->insts_got == 1 ? "" : "s", f->insts_got == 1 ? "s" : "");
	/* Its registers wait for nothing more, and begin no chain. */
	pend_free(&f->ws[f->cur]);
	if (!f->ws[f->cur].icount)
		return 0;
	make_none(f, &f->ws[f->cur], rec);
	return 1;
}

/* A keyword line; 1 when the warp it ends has a last record, in rec. */
static int keyword(struct wt_asf *f, char *p, struct wt_warp *rec)
{
	char *val, *key = wt_asf_split_eq(p, &val);
	uint64_t v;
	uint32_t flat;
	int added, closed;

	if (f->state == B_RAW)
		return fail(f, "'%s' line in a raw trace (its instruction lines "
			    "name their thread block and warp)", key ? key : p);
	if (!key)
		return fail(f, "expected 'KEY = VALUE' (thread block, warp, insts)");
	if (f->state == B_OUTSIDE)
		return fail(f, "'%s' line outside a thread block (expected "
			    "#BEGIN_TB first)", key);
	if (strncmp(key, "cluster ", 8) == 0) {
		/* Thread block clusters of newer GPUs: not modelled. */
		f->st.cluster_lines++;
		return 0;
	}
	if (strcmp(key, "thread block") == 0) {
		if (f->have_tb || f->state == B_WARP)
			return fail(f, "a second 'thread block' line in the thread "
				    "block begun at line %llu",
				    (unsigned long long)f->tb_line);
		if (wt_asf_triple(f, "thread block", val, 0, 0, f->tb) < 0 ||
		    check_cta(f, f->tb, &flat) < 0)
			return -1;
		f->have_tb = 1;
		return 0;
	}
	if (strcmp(key, "warp") == 0) {
		if (!f->have_tb)
			return fail(f, "warp before the 'thread block = X,Y,Z' line");
		if ((closed = close_warp(f, rec)) < 0 ||
		    wt_asf_number(f, "warp", val, UINT32_MAX, &v) < 0 ||
		    check_warp(f, (uint32_t)v) < 0)
			return -1;
		(void)check_cta(f, f->tb, &flat);
		f->cur = warp_state(f, flat, (uint32_t)v, &added);
		if (!added)
			return fail(f, "warp %llu of thread block (%u,%u,%u) appears "
				    "twice", (unsigned long long)v, f->tb[0], f->tb[1],
				    f->tb[2]);
		f->cur_warp = (uint32_t)v;
		f->state = B_WARP;
		f->warp_line = wt_lines_number(f->lines);
		f->have_insts = 0;
		f->insts_got = 0;
		return closed;
	}
	if (strcmp(key, "insts") == 0) {
		if (f->state != B_WARP || f->have_insts)
			return fail(f, "'insts' line not right after a 'warp = N' line");
		if (wt_asf_number(f, "insts", val, UINT64_MAX, &f->insts_want) < 0)
			return -1;
		f->have_insts = 1;
		f->insts_line = wt_lines_number(f->lines);
		return 0;
	}
	return fail(f, "unknown line '%s = ...' (expected thread block, warp, "
		    "insts or cluster lines)", key);
}

/* A # line; 1 when the warp it ends has a last record, in rec. */
static int marker(struct wt_asf *f, char *p, struct wt_warp *rec)
{
	size_t n = strcspn(p, " \t");
	int closed;

	if (n == 9 && strncmp(p, "#BEGIN_TB", 9) == 0) {
		if (f->state == B_RAW)
			return fail(f, "#BEGIN_TB in a raw trace");
		if (f->state != B_OUTSIDE)
			return fail(f, "#BEGIN_TB inside the thread block begun at "
				    "line %llu (expected #END_TB first)",
				    (unsigned long long)f->tb_line);
		f->state = B_TB;
		f->have_tb = 0;
		f->tb_line = wt_lines_number(f->lines);
		return 0;
	}
	if (n == 7 && strncmp(p, "#END_TB", 7) == 0) {
		if (f->state != B_TB && f->state != B_WARP)
			return fail(f, "#END_TB outside a thread block");
		if ((closed = close_warp(f, rec)) < 0)
			return -1;
		if (!f->have_tb)
			return fail(f, "thread block begun at line %llu has no "
				    "'thread block = X,Y,Z' line",
				    (unsigned long long)f->tb_line);
		f->state = B_OUTSIDE;
		return closed;
	}
	return 0;	/* a comment */
}

static int body_line(struct wt_asf *f, char *line, struct wt_warp *rec)
{
	char *p = line;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return 0;
	if (*p == '#')
		return marker(f, p, rec);
	if (*p == '-')
		return fail(f, "header line after the first instruction (the "
			    "header comes first)");
	if (is_keyword(p))
		return keyword(f, p, rec);
	if (f->state == B_RAW)
		return instruction(f, p, NULL, 0, rec);
	if (f->state != B_WARP)
		return fail(f, "instruction outside a warp (expected 'warp = N' "
			    "and 'insts = N' lines between #BEGIN_TB and #END_TB)");
	if (!f->have_insts)
		return fail(f, "instruction before the 'insts = N' line of the warp "
			    "at line %llu", (unsigned long long)f->warp_line);
	if (++f->insts_got > f->insts_want)
		return fail(f, "more instruction lines than 'insts = %llu' at line "
			    "%llu announced", (unsigned long long)f->insts_want,
			    (unsigned long long)f->insts_line);
	return instruction(f, p, f->tb, f->cur_warp, rec);
}

static int copy_error(struct wt_asf *f)
{
	wt_snprintf(f->err, sizeof(f->err), "%s", wt_lines_error(f->lines));
	return -1;
}


int wt_asf_begin(struct wt_asf *f)
{
	char *line, *p = NULL;
	const char *form = "empty";

	while ((line = wt_lines_next(f->lines)) != NULL) {
		p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '-') {
			if (wt_asf_header_line(f, p) < 0)
				return -1;
		} else if (*p == '#' && strncmp(p, "#BEGIN_TB", 9) != 0) {
			f->format_immediate |= wt_asf_names_immediate(p);
		} else if (*p) {
			break;
		}
	}
	if (!line && wt_lines_error(f->lines)[0])
		return copy_error(f);
	if (line) {
		f->pending = p;
		f->st.traceg = *p == '#' || is_keyword(p);
		form = f->st.traceg ? "traceg" : "trace";
	}
	if (wt_asf_finish_header(f, form) < 0)
		return -1;
	f->state = !line ? B_END : f->st.traceg ? B_OUTSIDE : B_RAW;
	/* Raw lines always name their CTA and warp; grouped ones are told
	 * by their first instruction line (grouped_layout). */
	f->lay_known = f->state == B_RAW;
	f->lay.ids = f->state == B_RAW;
	if (f->lay.ids)
		f->lay.cluster = wt_as_raw_has_cluster(p, f->lay.lineinfo);
	return 0;
}

const struct wt_kernel *wt_asf_kernel(const struct wt_asf *f)
{
	return &f->kernel;
}

/* The file is over: it must not end inside a thread block or a pair.
 * The warps' last records follow (B_TAILS). */
static int end_of_file(struct wt_asf *f)
{
	if (f->state == B_TB || f->state == B_WARP)
		return fail(f, "the file ends inside the thread block begun at "
			    "line %llu (expected #END_TB)",
			    (unsigned long long)f->tb_line);
	for (size_t i = 0; i < f->nws; i++)
		if (f->ws[i].ldgsts_open)
			return fail(f, "the file ends after only one of the two "
				    "lines of the LDGSTS at PC %04x of warp %llu",
				    f->ws[i].ldgsts_pc,
				    (unsigned long long)f->ws[i].key);
	f->st.warps = wt_u64map_count(f->map);
	f->st.ctas = wt_u64map_count(f->ctas);
	f->state = B_TAILS;
	f->tail = 0;
	return 0;
}

/* The next warp's last record, in the order the warps came, until none
 * is left (a grouped file's warps have had theirs). */
static int next_tail(struct wt_asf *f, struct wt_warp *rec)
{
	while (f->tail < f->nws) {
		struct wstate *s = &f->ws[f->tail++];

		if (s->icount) {
			make_none(f, s, rec);
			return 1;
		}
	}
	f->state = B_END;
	return 0;
}

int wt_asf_next(struct wt_asf *f, struct wt_warp *rec)
{
	if (f->err[0])
		return -1;
	while (f->state != B_END) {
		char *line = f->pending;
		int r;

		if (f->state == B_TAILS)
			return next_tail(f, rec);
		f->pending = NULL;
		if (!line && (line = wt_lines_next(f->lines)) == NULL) {
			if (wt_lines_error(f->lines)[0])
				return copy_error(f);
			if (end_of_file(f) < 0)
				return -1;
			continue;
		}
		r = body_line(f, line, rec);
		if (r != 0)
			return r;
	}
	return 0;
}

const struct wt_asf_stats *wt_asf_stats(const struct wt_asf *f)
{
	return &f->st;
}

const char *wt_asf_error(const struct wt_asf *f)
{
	return f->err;
}

void wt_asf_close(struct wt_asf *f)
{
	if (!f)
		return;
	wt_lines_close(f->lines);
	wt_kernel_free(&f->kernel);
	wt_u64map_free(f->map);
	wt_u64map_free(f->ctas);
	for (size_t i = 0; i < f->nws; i++)
		pend_free(&f->ws[i]);
	free(f->ws);
	free(f->nvbit);
	free(f->version);
	free(f->name);
	free(f);
}
