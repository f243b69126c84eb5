/*
 * trace-gen - convert per-thread memory-access dumps into a warptrace
 * stream of access records, one kernel per dump kernel; or Accel-Sim
 * (NVBit) traces, whose warps are already formed, into warp records.
 */
#include "accelsim.h"
#include "asline.h"
#include "dump.h"
#include "json.h"
#include "output.h"
#include "progress.h"
#include "provenance.h"
#include "source.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
"usage: trace-gen [options] [FILE...]\n"
"Convert Ocelot-style memory-access dumps into one warptrace stream of\n"
"thread-access records, or Accel-Sim (NVBit) traces into one stream of\n"
"warp records.  Inputs may be plain, .zst, .gz or .xz.  No FILE, or -,\n"
"reads stdin.\n"
"\n"
"  -o, --output=FILE   write the stream to FILE (default: stdout)\n"
"      --format=F      auto (default), ocelot or accelsim\n"
"      --stats=FILE    write statistics as JSON to FILE\n"
"      --level=N       zstd level from -100 to 22, 0 for an uncompressed\n"
"                      stream (default: $WARPTRACE_LEVEL, else 0 on a\n"
"                      pipe and 1 otherwise)\n"
"  -h, --help          show this help\n"
"  -V, --version       show the version\n"
"\n"
"Dump format (see trace-gen(1)): a header 'blocksize: X Y Z' (optionally\n"
"'gridsize: X Y Z', 'kernel: NAME', 'regs: N', 'shmem: N'), then one line\n"
"per access: 'gid rw address size' (Ocelot) or 'gid rw address size pc\n"
"icount' (extended).  A new header after accesses starts the next kernel.\n"
"\n"
"Accel-Sim traces (see trace-gen(1)): a trace directory (its kernelslist.g\n"
"or kernelslist), a kernel list, or kernel-N.trace / kernel-N.traceg files.\n";

struct kstats {
	uint64_t accesses, ops[WT_OP_MAX + 1], bytes;
	uint64_t counted;	/* Accel-Sim: the instructions its records count */
	uint64_t addr_min, addr_max;
	uint32_t thread_max;
	struct wt_kernel kernel;
	char dialect[16];
	int accelsim;
	struct wt_asf_stats as;
};

/* An input, and what it holds. */
struct input {
	const char *path;
	int accelsim;
	struct wt_src *src;	/* stdin, already looked into */
};

struct gen {
	struct wt_writer *w;
	struct wt_meta meta;	/* the header's, for the stats */
	struct kstats *ks;
	size_t nks, capks;
	uint64_t progress;	/* records written */
};

static struct gen G;

static struct kstats *new_kstats(const struct wt_kernel *k)
{
	struct kstats *s;

	if (G.nks == G.capks) {
		G.capks = G.capks ? 2 * G.capks : 16;
		G.ks = wt_realloc(G.ks, G.capks * sizeof(*G.ks));
	}
	s = &G.ks[G.nks++];
	memset(s, 0, sizeof(*s));
	s->addr_min = UINT64_MAX;
	wt_kernel_copy(&s->kernel, k);
	s->kernel.id = (uint32_t)(G.nks - 1);
	return s;
}

/* Count a run of n accesses into the kernel's statistics, and write them. */
static void put_accesses(struct kstats *s, const struct wt_access *a, size_t n,
			 const char *path)
{
	if (wt_writer_put_many(G.w, a, n) < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
	for (size_t i = 0; i < n; i++) {
		s->ops[a[i].op]++;
		s->bytes += a[i].size;
		if (a[i].addr < s->addr_min)
			s->addr_min = a[i].addr;
		if (a[i].addr + a[i].size - 1 > s->addr_max)
			s->addr_max = a[i].addr + a[i].size - 1;
		if (a[i].thread > s->thread_max)
			s->thread_max = a[i].thread;
	}
	s->accesses += n;
	G.progress += n;
	wt_progress(path, G.progress);
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

static void convert(const struct input *in)
{
	char err[768];
	const char *path = in->path;
	struct wt_dump *d = in->src ? wt_dump_open_src(in->src) :
		wt_dump_open(path, err, sizeof(err));
	struct kstats *s = NULL;
	struct wt_access run[RUN];
	size_t n = 0;
	int ev;

	if (!d)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_progress_input(where, d);
	for (;;) {
		n += wt_dump_accesses(d, &run[n], RUN - n);
		if (n == RUN) {
			put_accesses(s, run, n, path);
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
			put_accesses(s, run, n, path);
			n = 0;
		}
		switch (ev) {
		case WT_DUMP_KERNEL:
			s = new_kstats(wt_dump_kernel(d));
			if (wt_writer_kernel_begin(G.w, wt_dump_kernel(d)) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_DUMP_KERNEL_END:
			snprintf(s->dialect, sizeof(s->dialect), "%s",
				 wt_dialect_name(wt_dump_dialect(d)));
			if (wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		}
	}
	if (ev < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_dump_error(d));
	wt_progress_input(where, NULL);		/* d goes */
	wt_dump_close(d);
}

/* Say on stderr what an Accel-Sim kernel held that is not modelled. */
static void as_notes(const struct kstats *s)
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

static void convert_accelsim(const struct input *in)
{
	char err[768];
	struct wt_as *a = wt_as_open(in->path, in->src, err, sizeof(err));
	struct wt_warp *rec = wt_calloc(1, sizeof(*rec) + 8 * WT_AS_LANES);
	struct kstats *s = NULL;
	int ev;

	if (!a)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_progress_input(where, NULL);
	while ((ev = wt_as_next(a, rec)) > 0) {
		switch (ev) {
		case WT_AS_KERNEL:
			s = new_kstats(wt_as_kernel(a));
			s->accelsim = 1;
			snprintf(s->dialect, sizeof(s->dialect), "accelsim");
			if (wt_writer_kernel_begin(G.w, wt_as_kernel(a)) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_AS_RECORD:
			if (wt_writer_put(G.w, rec) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			s->counted += rec->icount + (rec->op != WT_OP_NONE);
			if ((++G.progress & WT_PROGRESS_EVERY) == 0)
				wt_progress(in->path, G.progress);
			break;
		case WT_AS_KERNEL_END:
			/* Thread accesses are the active lanes. */
			s->as = *wt_as_stats(a);
			s->accesses = s->as.lanes;
			memcpy(s->ops, s->as.lane_ops, sizeof(s->ops));
			s->bytes = s->as.bytes;
			s->addr_min = s->as.addr_min;
			s->addr_max = s->as.addr_max;
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
			if (wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
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
static void detect(struct input *in, int format)
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

static void dims(struct wt_json *j, const char *key, const uint32_t d[3])
{
	wt_json_key(j, key);
	wt_json_begin_array(j);
	for (int i = 0; i < 3; i++)
		wt_json_u64(j, d[i]);
	wt_json_end_array(j);
}

/* The members only an Accel-Sim kernel has. */
static void as_stats(struct wt_json *j, const struct wt_asf_stats *st)
{
	wt_json_key(j, "form");
	wt_json_string(j, st->traceg ? "traceg" : st->records || st->instructions ?
		       "trace" : "empty");
	wt_json_key(j, "tracer_version");
	if (st->tracer_version)
		wt_json_u64(j, st->tracer_version);
	else
		wt_json_null(j);
	wt_json_key_u64(j, "instructions", st->instructions);
	wt_json_key_u64(j, "memory_instructions", st->records);
	wt_json_key_u64(j, "no_access_records", st->tails);
	wt_json_key(j, "spaces");
	wt_json_begin_object(j);
	for (unsigned sp = 0; sp <= WT_SPACE_MAX; sp++)
		wt_json_key_u64(j, wt_space_name(sp), st->spaces[sp]);
	wt_json_end_object(j);
	wt_json_key_u64(j, "empty_masks", st->empty_masks);
	wt_json_key_u64(j, "trailing_instructions", st->trailing);
	wt_json_key_u64(j, "generic_without_bases", st->generic_unbased);
	wt_json_key_u64(j, "predicated_address_lines", st->loose_lines);
	wt_json_key_u64(j, "warps", st->warps);
	wt_json_key_u64(j, "ctas", st->ctas);
}

static void write_stats(const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	uint64_t ops[WT_OP_MAX + 1] = { 0 }, accesses = 0;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_json_stats_begin(j, "trace-gen", argc, argv);
	wt_json_provenance(j, &G.meta);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < G.nks; i++) {
		struct kstats *s = &G.ks[i];

		wt_json_begin_object(j);
		wt_json_key(j, "id");
		wt_json_u64(j, s->kernel.id);
		wt_json_key(j, "name");
		wt_json_string(j, s->kernel.name);
		wt_json_key(j, "source");
		wt_json_string(j, s->kernel.source);
		wt_json_key(j, "dialect");
		wt_json_string(j, s->dialect);
		dims(j, "grid", s->kernel.grid);
		dims(j, "block", s->kernel.block);
		wt_json_key(j, "accesses");
		wt_json_u64(j, s->accesses);
		accesses += s->accesses;
		for (int op = 0; op <= WT_OP_MAX; op++) {
			char key[16];

			wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
						   wt_op_name((unsigned)op)));
			wt_json_u64(j, s->ops[op]);
			ops[op] += s->ops[op];
		}
		wt_json_key(j, "bytes");
		wt_json_u64(j, s->bytes);
		if (s->accelsim) {
			as_stats(j, &s->as);
		} else {
			wt_json_key(j, "max_thread");
			if (s->accesses)
				wt_json_u64(j, s->thread_max);
			else
				wt_json_null(j);
		}
		wt_json_key(j, "address_min");
		if (s->accesses)
			wt_json_u64(j, s->addr_min);
		else
			wt_json_null(j);
		wt_json_key(j, "address_max");
		if (s->accesses)
			wt_json_u64(j, s->addr_max);
		else
			wt_json_null(j);
		wt_json_end_object(j);
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_json_key(j, "kernels");
	wt_json_u64(j, G.nks);
	wt_json_key(j, "accesses");
	wt_json_u64(j, accesses);
	for (int op = 0; op <= WT_OP_MAX; op++) {
		char key[16];

		wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
					   wt_op_name((unsigned)op)));
		wt_json_u64(j, ops[op]);
	}
	wt_json_end_object(j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

/*
 * The trace's content hash, of every input in turn, into the header: what
 * report compares runs by.  An input that cannot be read twice (standard
 * input, a FIFO) leaves the stream without one.
 */
static void trace_hash(const struct input *in, int nin, struct wt_meta *m)
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "stats", required_argument, NULL, 's' },
		{ "level", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "auto", "ocelot", "accelsim" };
	const char *output = "-", *stats = NULL;
	int level = -1000, format = 0, c, nin;
	struct wt_header h;
	struct input *in;

	wt_set_progname(argv[0]);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 's':
			stats = optarg;
			break;
		case 'l':
			level = wt_level_arg(optarg);
			break;
		case 'f':
			format = wt_opt_choice("format", optarg, formats, 3);
			break;
		case 'h':
			fputs(usage, stdout);
			return WT_EXIT_OK;
		case 'V':
			printf("trace-gen (warptrace) %s\n", WT_VERSION);
			return WT_EXIT_OK;
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (level == -1000)
		level = wt_env_level(output);
	wt_check_outputs(output, stats);

	/* A stream holds one record kind: every input must be of one
	 * format, known before the header is written. */
	nin = optind == argc ? 1 : argc - optind;
	in = wt_calloc((size_t)nin, sizeof(*in));
	for (int i = 0; i < nin; i++) {
		in[i].path = optind == argc ? "-" : argv[optind + i];
		detect(&in[i], format);
		if (in[i].accelsim != in[0].accelsim)
			wt_die(WT_EXIT_USAGE, "%s is %s but %s is %s; one stream "
			       "holds one record kind: convert them apart",
			       in[0].path, in[0].accelsim ? "an Accel-Sim trace" :
			       "an Ocelot dump", in[i].path, in[i].accelsim ?
			       "an Accel-Sim trace" : "an Ocelot dump");
	}
	/* Accel-Sim warps are formed already: warp records of 32 lanes,
	 * with times and SMs left for trace-order. */
	if (in[0].accelsim)
		wt_header_init(&h, WT_KIND_WARP, WT_AS_LANES);
	else
		wt_header_init(&h, WT_KIND_ACCESS, 0);
	wt_meta_add_stage(&h.meta, argc, argv);
	trace_hash(in, nin, &h.meta);
	wt_meta_init(&G.meta);
	wt_meta_copy(&G.meta, &h.meta);
	G.w = wt_output_open(output, &h, level);
	wt_header_free(&h);

	for (int i = 0; i < nin; i++) {
		if (in[i].accelsim)
			convert_accelsim(&in[i]);
		else
			convert(&in[i]);
	}
	{
		char files[32];

		wt_progress_done(nin == 1 ? in[0].path : wt_snprintf(files,
				 sizeof(files), "%d files", nin), G.progress);
	}
	free(in);

	wt_output_close();
	if (stats)
		write_stats(stats, argc, argv);
	for (size_t i = 0; i < G.nks; i++)
		wt_kernel_free(&G.ks[i].kernel);
	free(G.ks);
	wt_meta_free(&G.meta);
	return WT_EXIT_OK;
}
