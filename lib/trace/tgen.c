/*
 * tgen.c - trace-gen's conversion of dumps and Accel-Sim traces.
 */
#include "tgen.h"

#include "accelsim.h"
#include "asline.h"
#include "dump.h"
#include "par.h"
#include "progress.h"
#include "provenance.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* No accesses counted. */
static void counts_init(struct wt_tgen_counts *c)
{
	memset(c, 0, sizeof(*c));
	c->addr_min = UINT64_MAX;
}

static struct wt_tgen_kernel *new_kstats(struct wt_tgen *g,
					 const struct wt_kernel *k)
{
	struct wt_tgen_kernel *s;

	if (g->nks == g->capks) {
		g->capks = g->capks ? 2 * g->capks : 16;
		g->ks = wt_realloc(g->ks, g->capks * sizeof(*g->ks));
	}
	s = &g->ks[g->nks++];
	memset(s, 0, sizeof(*s));
	counts_init(&s->n);
	wt_kernel_copy(&s->kernel, k);
	s->kernel.id = (uint32_t)(g->nks - 1);
	return s;
}

static void count(struct wt_tgen_counts *c, const struct wt_access *a, size_t n)
{
	counts_init(c);
	for (size_t i = 0; i < n; i++) {
		c->ops[a[i].op]++;
		c->bytes += a[i].size;
		if (a[i].addr < c->addr_min)
			c->addr_min = a[i].addr;
		if (a[i].addr + a[i].size - 1 > c->addr_max)
			c->addr_max = a[i].addr + a[i].size - 1;
		if (a[i].thread > c->thread_max)
			c->thread_max = a[i].thread;
	}
}

/* Write a run of n accesses, counted in c, and add c to the kernel's
 * statistics. */
static void put_counted(struct wt_tgen *g, struct wt_tgen_kernel *s,
			const struct wt_access *a, size_t n,
			const struct wt_tgen_counts *c, const char *path)
{
	struct wt_tgen_counts *k = &s->n;

	if (wt_writer_put_many(g->w, a, n) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(g->w));
	for (size_t op = 0; op <= WT_OP_MAX; op++)
		k->ops[op] += c->ops[op];
	k->bytes += c->bytes;
	if (c->addr_min < k->addr_min)
		k->addr_min = c->addr_min;
	if (c->addr_max > k->addr_max)
		k->addr_max = c->addr_max;
	if (c->thread_max > k->thread_max)
		k->thread_max = c->thread_max;
	s->accesses += n;
	g->progress += n;
	wt_progress(path, g->progress);
}

/* Count a run of n accesses into the kernel's statistics, and write them. */
static void put_accesses(struct wt_tgen *g, struct wt_tgen_kernel *s,
			 const struct wt_access *a, size_t n, const char *path)
{
	struct wt_tgen_counts c;

	count(&c, a, n);
	put_counted(g, s, a, n, &c, path);
}

/* A block of runs that wt_dump_block parsed, counted on the threads. */
struct block {
	const struct wt_dump_run *runs;
	struct wt_tgen_counts c[WT_DUMP_MAX_RUNS];
};

static void count_run(void *ctx, unsigned i)
{
	struct block *b = ctx;

	count(&b->c[i], b->runs[i].a, b->runs[i].n);
}

static void put_block(struct wt_tgen *g, struct wt_tgen_kernel *s,
		      struct block *b, size_t k, const char *path)
{
	wt_par_for((unsigned)k, 1, count_run, b);
	for (size_t i = 0; i < k; i++)
		put_counted(g, s, b->runs[i].a, b->runs[i].n, &b->c[i], path);
}

/*
 * Where trace-gen is in the dump d (NULL: an Accel-Sim trace, whose
 * files are not followed).  trace-gen is the first stage whatever it
 * reads, so it draws progress always: a pipe only hides the size.
 */
static int where(const void *d, uint64_t *at, uint64_t *total)
{
	if (!d || wt_dump_position(d, at, total) < 0)
		*at = *total = 0;
	return 0;
}

/* Accesses are parsed into a run and written a run at a time. */
#define RUN 256

static void convert(struct wt_tgen *g, const struct wt_tgen_input *in)
{
	char err[768];
	const char *path = in->path;
	struct wt_dump *d = in->src ? wt_dump_open_src(in->src) :
		wt_dump_open(path, err, sizeof(err));
	struct wt_tgen_kernel *s = NULL;
	struct wt_access run[RUN];
	struct block *b = wt_calloc(1, sizeof(*b));
	size_t n = 0;
	int ev;

	if (!d)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_progress_input(where, d);
	for (;;) {
		size_t k;

		/* big runs of access lines parsed and counted on several
		 * threads */
		if (!n && (k = wt_dump_block(d, &b->runs)) > 0) {
			put_block(g, s, b, k, path);
			continue;
		}
		n += wt_dump_accesses(d, &run[n], RUN - n);
		if (n == RUN) {
			put_accesses(g, s, run, n, path);
			n = 0;
			continue;
		}
		if ((ev = wt_dump_next(d, &run[n])) <= 0)
			break;
		if (ev == WT_DUMP_ACCESS) {	/* a full run is written above */
			n++;
			continue;
		}
		if (n) {
			put_accesses(g, s, run, n, path);
			n = 0;
		}
		switch (ev) {
		case WT_DUMP_KERNEL:
			s = new_kstats(g, wt_dump_kernel(d));
			if (wt_writer_kernel_begin(g->w, wt_dump_kernel(d)) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(g->w));
			break;
		case WT_DUMP_KERNEL_END:
			snprintf(s->dialect, sizeof(s->dialect), "%s",
				 wt_dialect_name(wt_dump_dialect(d)));
			if (wt_writer_kernel_end(g->w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(g->w));
			break;
		}
	}
	if (ev < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_dump_error(d));
	wt_progress_input(where, NULL);		/* d goes */
	wt_dump_close(d);
	free(b);
}

/* Say on stderr what an Accel-Sim kernel held that is not modelled. */
static void as_notes(const struct wt_tgen_kernel *s)
{
	const struct wt_asf_stats *st = &s->as;
	const char *name = s->kernel.name;
	unsigned id = s->kernel.id;

	if (st->cluster_lines)
		wt_warn("note: kernel %u (%s): thread block cluster information "
			"ignored on %llu line%s (clusters are not modelled)", id,
			name, (unsigned long long)st->cluster_lines,
			st->cluster_lines == 1 ? "" : "s");
	if (st->unknown_headers)
		wt_warn("note: kernel %u (%s): unknown header lines ignored: %llu "
			"(the first: '-%s')", id, name,
			(unsigned long long)st->unknown_headers, st->unknown_header);
	if (st->tma)
		wt_warn("note: kernel %u (%s): bulk tensor copies (UTMA*, UBLK*) "
			"counted as non-memory instructions: %llu", id, name,
			(unsigned long long)st->tma);
	if (st->addr_not_memory)
		wt_warn("note: kernel %u (%s): instructions with addresses but no "
			"memory opcode, counted as non-memory: %llu (the first: %s)",
			id, name, (unsigned long long)st->addr_not_memory,
			st->not_memory_opcode);
	if (st->width_from_opcode)
		wt_warn("note: kernel %u (%s): memory widths that are no access "
			"size, replaced by the opcode's: %llu", id, name,
			(unsigned long long)st->width_from_opcode);
	if (st->generic_mixed)
		wt_warn("note: kernel %u (%s): generic instructions with lanes in "
			"different spaces, given their first lane's: %llu", id,
			name, (unsigned long long)st->generic_mixed);
	if (st->generic_unbased)
		wt_warn("note: kernel %u (%s): generic instructions taken as shared, "
			"as Accel-Sim takes them, for want of the header's shared "
			"and local base addresses: %llu", id, name,
			(unsigned long long)st->generic_unbased);
	if (st->loose_lines)
		wt_warn("note: kernel %u (%s): lines of tracer version %u listing "
			"the addresses of lanes predicated off, their first "
			"addresses given to the mask's lanes as Accel-Sim does: %llu",
			id, name, st->tracer_version,
			(unsigned long long)st->loose_lines);
	if (st->icount_lost)
		wt_warn("note: kernel %u (%s): non-memory instructions lost past "
			"the 2^32 - 1 that a record counts between two memory "
			"instructions of a warp: %llu", id, name,
			(unsigned long long)st->icount_lost);
}

static void convert_accelsim(struct wt_tgen *g,
			     const struct wt_tgen_input *in)
{
	char err[768];
	struct wt_as *a = wt_as_open(in->path, in->src, err, sizeof(err));
	struct wt_warp *rec = wt_calloc(1, sizeof(*rec) + 8 * WT_AS_LANES);
	struct wt_tgen_kernel *s = NULL;
	int ev;

	if (!a)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_progress_input(where, NULL);
	while ((ev = wt_as_next(a, rec)) > 0) {
		switch (ev) {
		case WT_AS_KERNEL:
			s = new_kstats(g, wt_as_kernel(a));
			s->accelsim = 1;
			snprintf(s->dialect, sizeof(s->dialect), "accelsim");
			if (wt_writer_kernel_begin(g->w, wt_as_kernel(a)) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(g->w));
			break;
		case WT_AS_RECORD:
			if (wt_writer_put(g->w, rec) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(g->w));
			s->counted += rec->icount + (rec->op != WT_OP_NONE);
			if ((++g->progress & WT_PROGRESS_EVERY) == 0)
				wt_progress(in->path, g->progress);
			break;
		case WT_AS_KERNEL_END:
			/* Thread accesses are the active lanes. */
			s->as = *wt_as_stats(a);
			s->accesses = s->as.lanes;
			memcpy(s->n.ops, s->as.lane_ops, sizeof(s->n.ops));
			s->n.bytes = s->as.bytes;
			s->n.addr_min = s->as.addr_min;
			s->n.addr_max = s->as.addr_max;
			/* Every instruction of the trace is in the records:
			 * the memory ones, and the icounts before them and in
			 * the warps' last records. */
			if (s->counted + s->as.icount_lost != s->as.instructions)
				wt_die(WT_EXIT_DATA, "%s: kernel %u (%s): internal error: "
				       "the records count %llu instructions, the trace "
				       "holds %llu", in->path, s->kernel.id, s->kernel.name,
				       (unsigned long long)s->counted,
				       (unsigned long long)s->as.instructions);
			as_notes(s);
			if (wt_writer_kernel_end(g->w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(g->w));
			break;
		}
	}
	if (ev < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_as_error(a));
	if (wt_as_stray_memcpys(a))
		wt_warn("note: %s: %llu memcpy line(s) after the last kernel "
			"recorded nowhere", in->path,
			(unsigned long long)wt_as_stray_memcpys(a));
	{
		const char *first;
		uint64_t n = wt_as_other_commands(a, &first);

		if (n)
			wt_warn("note: %s: kernel list lines of other commands than "
				"copies passed over, as Accel-Sim passes them: %llu "
				"(the first: %s)", in->path, (unsigned long long)n,
				first);
	}
	wt_as_close(a);
	free(rec);
}

/* Decide each input's format, from its name and its first bytes, before
 * the stream's record kind is fixed. */
void wt_tgen_detect(struct wt_tgen_input *in, int format)
{
	char err[768], head[4096];
	struct wt_src *src;
	struct stat sb;
	ssize_t got;

	int is_file = strcmp(in->path, "-") != 0 && stat(in->path, &sb) == 0 &&
		S_ISREG(sb.st_mode);

	if (strcmp(in->path, "-") != 0 && stat(in->path, &sb) == 0 &&
	    S_ISDIR(sb.st_mode)) {
		if (format == 1)
			wt_die(WT_EXIT_DATA, "%s: a directory is not an Ocelot dump",
			       in->path);
		in->accelsim = 1;
		return;
	}
	if (format && is_file) {
		in->accelsim = format == 2;
		return;
	}
	src = wt_src_open(in->path, err, sizeof(err));
	if (!src)
		wt_die(WT_EXIT_DATA, "%s", err);
	got = wt_src_read(src, head, sizeof(head));
	if (got < 0)
		wt_die(WT_EXIT_DATA, "%s: %s", wt_src_name(src), wt_src_error(src));
	in->accelsim = format ? format == 2 : wt_as_detect(in->path, head, (size_t)got);
	if (!is_file) {
		/* Standard input, a FIFO or a device cannot be read twice:
		 * keep what was read.  Files are opened again, so that many
		 * of them do not hold a descriptor and a buffer each. */
		wt_src_unread(src, head, (size_t)got);
		in->src = src;
	} else {
		wt_src_close(src);
	}
}

/*
 * The trace's content hash, of every input in turn, into the header: what
 * report compares runs by.  An input that cannot be read twice (standard
 * input, a FIFO) leaves the stream without one.
 */
void wt_tgen_trace_hash(const struct wt_tgen_input *in, int nin, struct wt_meta *m)
{
	uint64_t h = 0;
	char err[768];

	for (int i = 0; i < nin; i++) {
		if (in[i].src)
			return;
		if ((in[i].accelsim ? wt_as_hash(in[i].path, &h, err, sizeof(err)) :
		     wt_trace_hash_file(in[i].path, &h, err, sizeof(err))) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	}
	wt_meta_set_trace_hash(m, h);
}

void wt_tgen_convert(struct wt_tgen *g, const struct wt_tgen_input *in)
{
	if (in->accelsim)
		convert_accelsim(g, in);
	else
		convert(g, in);
}

void wt_tgen_free(struct wt_tgen *g)
{
	for (size_t i = 0; i < g->nks; i++)
		wt_kernel_free(&g->ks[i].kernel);
	free(g->ks);
	g->ks = NULL;
	g->nks = g->capks = 0;
}
