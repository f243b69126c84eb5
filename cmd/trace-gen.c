/*
 * trace-gen - convert per-thread memory-access dumps into a warptrace
 * stream of access records, one kernel per dump kernel.
 */
#include "dump.h"
#include "json.h"
#include "output.h"
#include "progress.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: trace-gen [options] [FILE...]\n"
"Convert Ocelot-style memory-access dumps (plain, .zst or .gz) into one\n"
"warptrace stream of thread-access records.  No FILE, or -, reads stdin.\n"
"\n"
"  -o, --output=FILE   write the stream to FILE (default: stdout)\n"
"      --stats=FILE    write statistics as JSON to FILE\n"
"      --level=N       zstd level from -100 to 22, 0 for an uncompressed\n"
"                      stream (default: $WARPTRACE_LEVEL, else 1)\n"
"  -h, --help          show this help\n"
"  -V, --version       show the version\n"
"\n"
"Dump format (see trace-gen(1)): a header 'blocksize: X Y Z' (optionally\n"
"'gridsize: X Y Z', 'kernel: NAME', 'regs: N', 'shmem: N'), then one line\n"
"per access: 'gid rw address size' (Ocelot) or 'gid rw address size pc\n"
"icount' (extended).  A new header after accesses starts the next kernel.\n";

struct kstats {
	uint64_t accesses, ops[WT_OP_MAX + 1], bytes;
	uint64_t addr_min, addr_max;
	uint32_t thread_max;
	struct wt_kernel kernel;
	char dialect[16];
};

struct gen {
	struct wt_writer *w;
	struct kstats *ks;
	size_t nks, capks;
	uint64_t total;
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

static void convert(const char *path)
{
	char err[768];
	struct wt_dump *d = wt_dump_open(path, err, sizeof(err));
	struct kstats *s = NULL;
	struct wt_access a;
	int ev;

	if (!d)
		wt_die(WT_EXIT_DATA, "%s", err);
	while ((ev = wt_dump_next(d, &a)) > 0) {
		switch (ev) {
		case WT_DUMP_KERNEL:
			s = new_kstats(wt_dump_kernel(d));
			if (wt_writer_kernel_begin(G.w, wt_dump_kernel(d)) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_DUMP_ACCESS:
			if (wt_writer_put(G.w, &a) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			s->accesses++;
			s->ops[a.op]++;
			s->bytes += a.size;
			if (a.addr < s->addr_min)
				s->addr_min = a.addr;
			if (a.addr + a.size - 1 > s->addr_max)
				s->addr_max = a.addr + a.size - 1;
			if (a.thread > s->thread_max)
				s->thread_max = a.thread;
			if ((++G.total & 0xfffff) == 0)
				wt_progress(path, G.total);
			break;
		case WT_DUMP_KERNEL_END:
			snprintf(s->dialect, sizeof(s->dialect), "%s",
				 wt_dialect_name(wt_dump_dialect(d)));
			if (wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		}
	}
	if (ev < 0) {
		wt_progress_done();
		wt_die(WT_EXIT_DATA, "%s", wt_dump_error(d));
	}
	wt_dump_close(d);
}

static void dims(struct wt_json *j, const char *key, const uint32_t d[3])
{
	wt_json_key(j, key);
	wt_json_begin_array(j);
	for (int i = 0; i < 3; i++)
		wt_json_u64(j, d[i]);
	wt_json_end_array(j);
}

static void write_stats(const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	uint64_t ops[WT_OP_MAX + 1] = { 0 };

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	wt_json_stats_begin(j, "trace-gen", argc, argv);
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
		for (int op = 0; op <= WT_OP_MAX; op++) {
			char key[16];

			wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
						   wt_op_name((unsigned)op)));
			wt_json_u64(j, s->ops[op]);
			ops[op] += s->ops[op];
		}
		wt_json_key(j, "bytes");
		wt_json_u64(j, s->bytes);
		wt_json_key(j, "max_thread");
		if (s->accesses)
			wt_json_u64(j, s->thread_max);
		else
			wt_json_null(j);
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
	wt_json_u64(j, G.total);
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "stats", required_argument, NULL, 's' },
		{ "level", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = "-", *stats = NULL;
	int level = -1000, c;
	struct wt_header h;

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
		level = wt_env_level();
	wt_check_outputs(output, stats);

	wt_header_init(&h, WT_KIND_ACCESS, 0);
	wt_meta_add_stage(&h.meta, argc, argv);
	G.w = wt_output_open(output, &h, level);
	wt_header_free(&h);

	if (optind == argc)
		convert("-");
	for (int i = optind; i < argc; i++)
		convert(argv[i]);
	wt_progress_done();

	wt_output_close();
	if (stats)
		write_stats(stats, argc, argv);
	for (size_t i = 0; i < G.nks; i++)
		wt_kernel_free(&G.ks[i].kernel);
	free(G.ks);
	return WT_EXIT_OK;
}
