/*
 * trace-gen - convert per-thread memory-access dumps into a warptrace
 * stream of access records, one kernel per dump kernel; or Accel-Sim
 * (NVBit) traces, whose warps are already formed, into warp records.
 * The conversion is lib/trace/tgen.c's, the statistics lib/trace/tgenstats.c's.
 */
#include "asline.h"
#include "meta.h"
#include "output.h"
#include "progress.h"
#include "stream.h"
#include "tgen.h"
#include "tgenstats.h"
#include "util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

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
"                      pipe or device such as /dev/null, 1 otherwise)\n"
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
	struct wt_tgen_input *in;
	struct wt_tgen gen = { 0 };
	struct wt_meta meta;

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
		wt_tgen_detect(&in[i], format);
		if (in[i].accelsim != in[0].accelsim)
			wt_die(WT_EXIT_USAGE, "%s is %s but %s is %s; one stream "
			       "holds one record kind: convert them apart",
			       in[0].path, in[0].accelsim ? "an Accel-Sim trace" :
			       "an Ocelot dump", in[i].path, in[i].accelsim ?
			       "an Accel-Sim trace" : "an Ocelot dump");
	}
	/* Accel-Sim warps are formed already: warp records of 32 lanes,
	 * with times and SMs left for trace-order. */
	if (in[0].accelsim) {
		wt_header_init(&h, WT_KIND_WARP, WT_AS_LANES);
		h.version_minor = 2;	/* dependences, chains' classes (record.h) */
	} else {
		wt_header_init(&h, WT_KIND_ACCESS, 0);
	}
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_tgen_trace_hash(in, nin, &h.meta);
	wt_meta_init(&meta);
	wt_meta_copy(&meta, &h.meta);
	gen.w = wt_output_open(output, &h, level);
	wt_header_free(&h);

	for (int i = 0; i < nin; i++)
		wt_tgen_convert(&gen, &in[i]);
	{
		char files[32];

		wt_progress_done(nin == 1 ? in[0].path : wt_snprintf(files,
				 sizeof(files), "%d files", nin), gen.progress);
	}
	free(in);

	wt_output_close();
	if (stats)
		wt_tgenstats_write(stats, &gen, &meta, argc, argv);
	wt_tgen_free(&gen);
	wt_meta_free(&meta);
	return WT_EXIT_OK;
}
