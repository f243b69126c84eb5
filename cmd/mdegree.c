/*
 * mdegree - the multithreading degree (MD) of Yen's thesis: a sweep of
 * the CTAs per SM from 1 to the hardware limit, one pipeline per point,
 * reported as the thesis's Tables 4 to 7, and the decision scheme of its
 * §5.1 on a profile of one CTA on one SM, beside the best MD of the sweep.
 * The rules are in lib/analysis/mdegree.c, the runs in lib/report/mdrun.c, the tables in
 * lib/report/mdreport.c; this file reads the options and keeps the directory.
 */
#include "cacheindex.h"
#include "machine.h"
#include "mdreport.h"
#include "mdrun.h"
#include "table.h"
#include "util.h"

#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINE WT_MD_LINE
#define ASSOC WT_MD_ASSOC

static const char usage[] =
"usage: mdegree [options] DUMP\n"
"Sweep the multithreading degree (CTAs per SM) of the kernels of DUMP\n"
"from 1 to the hardware limit, one pipeline per point:\n"
"  trace-gen DUMP | trace-order --cta-limit=MD | coalesce\n"
"    | l1sim --sched=pool --warp-delay=yes | l2sim | dramsim\n"
"print Yen's Tables 4-7 for each L1 size, and apply the decision scheme\n"
"of the thesis's section 5.1 to a profile of one CTA on one SM.\n"
"With --timing=closed each point is gpusim's run instead:\n"
"  trace-gen DUMP | trace-order --cta-limit=MD\n"
"    | gpusim --cta-limit=MD --l1='--size=S ...'\n"
"and the sweep's numbers (cycles, IPC, the best MD) are gpusim's; the\n"
"profile is the pipeline's either way.\n"
"\n"
"  -a, --arch=NAME         the machine (trace-order's preset, in the stream\n"
"                          for every stage): fermi (default), kepler,\n"
"                          pascal, volta, turing, ampere, hopper, nugteren,\n"
"                          or a GPU (see warptrace(7), MACHINES)\n"
"      --sms=N             SMs (default: the preset's)\n"
"      --max-ctas=N        CTAs an SM may hold, the limit of the sweep\n"
"                          (default: the preset's)\n"
"      --l1-size=LIST      L1 sizes, such as 8K,16K,32K,64K,128K (default\n"
"                          16K); each a power of two of 512-byte sets\n"
"      --index=SPEC        l1sim's set index at every size (default linear)\n"
"      --no-l2             no L2 (l2sim --disable), as the thesis runs\n"
"      --profile-ctas=N    CTAs of each kernel profiled, 1 to 64 (default 1)\n"
"      --threshold=X       DRAM reads per warp instruction from which a\n"
"                          kernel is memory-bound (default 0.05)\n"
"      --timing=T          the sweep's timing: open (default, the pipeline)\n"
"                          or closed (gpusim); the output says which\n"
"      --dir=DIR           run the pipelines in DIR and keep it (default: a\n"
"                          temporary directory, removed at the end)\n"
"      --keep              keep the temporary directory; name it on stderr\n"
"  -j, --jobs=N            pipelines run at a time (default: online CPUs)\n"
"      --format=F          text (default), csv, markdown or json\n"
"      --stats=FILE        write the settings and tables as JSON to FILE\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n";

enum {
	O_SMS = 256, O_MAXCTAS, O_L1SIZE, O_INDEX, O_NOL2, O_PROFILE,
	O_THRESHOLD, O_DIR, O_KEEP, O_FORMAT, O_STATS, O_TIMING
};

struct opts {
	const char *arch, *sms, *max_ctas, *index, *dir, *stats, *dump;
	const char *size_list;	/* --l1-size, checked */
	char **sizes;		/* each as given: "16K" */
	char *matrix;		/* --index=matrix:FILE, made absolute */
	uint64_t *bytes;
	unsigned nsizes, jobs, nprof;
	int no_l2, keep, fmt, closed;
	double threshold;
};

static char *tmpdir;		/* removed on exit unless kept */

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

static void rm_tmpdir(void)
{
	if (tmpdir)
		nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(tmpdir);
	tmpdir = NULL;
}

static void parse_options(struct opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "arch", required_argument, NULL, 'a' },
		{ "sms", required_argument, NULL, O_SMS },
		{ "max-ctas", required_argument, NULL, O_MAXCTAS },
		{ "l1-size", required_argument, NULL, O_L1SIZE },
		{ "index", required_argument, NULL, O_INDEX },
		{ "no-l2", no_argument, NULL, O_NOL2 },
		{ "profile-ctas", required_argument, NULL, O_PROFILE },
		{ "threshold", required_argument, NULL, O_THRESHOLD },
		{ "timing", required_argument, NULL, O_TIMING },
		{ "dir", required_argument, NULL, O_DIR },
		{ "keep", no_argument, NULL, O_KEEP },
		{ "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "stats", required_argument, NULL, O_STATS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "csv", "markdown", "json" };
	static const char *const timings[] = { "open", "closed" };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	const char *sizes = "16K";
	int c;

	o->jobs = cpus > 0 ? (unsigned)cpus : 1;
	o->nprof = 1;
	o->threshold = WT_MD_BOUND_RATIO;
	o->index = "linear";
	opterr = 0;
	while ((c = getopt_long(argc, argv, "a:j:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'a': {
			struct wt_machine m;
			char err[512];

			wt_machine_init(&m);
			if (wt_machine_preset(&m, optarg, err, sizeof(err)) < 0)
				wt_die(WT_EXIT_USAGE, "--arch=%s: %s", optarg, err);
			wt_machine_free(&m);
			o->arch = optarg;
			break;
		}
		case O_SMS:
			wt_opt_num("sms", optarg, 1, 65535);
			o->sms = optarg;
			break;
		case O_MAXCTAS:
			wt_opt_num("max-ctas", optarg, 1, 1024);
			o->max_ctas = optarg;
			break;
		case O_L1SIZE:
			sizes = optarg;
			break;
		case O_INDEX:
			o->index = optarg;
			break;
		case O_NOL2:
			o->no_l2 = 1;
			break;
		case O_PROFILE:
			o->nprof = (unsigned)wt_opt_num("profile-ctas", optarg, 1,
							WT_MD_MAX_PROFILE);
			break;
		case O_THRESHOLD:
			o->threshold = wt_opt_real("threshold", optarg, 0, 1e9);
			break;
		case O_TIMING:
			o->closed = wt_opt_choice("timing", optarg, timings, 2);
			break;
		case O_DIR:
			if (!*optarg)
				wt_die(WT_EXIT_USAGE, "--dir: expected a directory name");
			o->dir = optarg;
			break;
		case O_KEEP:
			o->keep = 1;
			break;
		case 'j':
			o->jobs = (unsigned)wt_opt_num("jobs", optarg, 1, 4096);
			break;
		case O_FORMAT:
			o->fmt = wt_opt_choice("format", optarg, formats, 4);
			break;
		case O_STATS:
			o->stats = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			exit(fflush(stdout) ? WT_EXIT_DATA : WT_EXIT_OK);
		case 'V':
			printf("mdegree (warptrace) %s\n", WT_VERSION);
			exit(fflush(stdout) ? WT_EXIT_DATA : WT_EXIT_OK);
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (optind == argc)
		wt_die(WT_EXIT_USAGE, "no dump: expected one DUMP (try 'mdegree "
		       "--help')");
	if (argc - optind > 1)
		wt_die(WT_EXIT_USAGE, "one dump at most (got %d)", argc - optind);
	o->dump = argv[optind];
	o->nsizes = wt_md_parse_sizes(sizes, &o->sizes, &o->bytes);
	o->size_list = sizes;
	for (unsigned i = 0; i < o->nsizes; i++) {
		struct wt_index ix;
		char err[PATH_MAX + 256];

		if (wt_index_parse(o->index, (unsigned)(o->bytes[i] / (ASSOC * LINE)),
				   LINE, &ix, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "%s (--l1-size=%s)", err, o->sizes[i]);
	}
	/* The pipelines run in their own directories: a matrix file is
	 * named to them by its absolute path ("matrix:FILE[,bits=N]"). */
	if (strncmp(o->index, "matrix:", 7) == 0) {
		const char *opt = strrchr(o->index, ',');
		int n = opt ? (int)(opt - o->index - 7) : (int)strlen(o->index + 7);
		char file[PATH_MAX], *abs;

		wt_snprintf(file, sizeof(file), "%.*s", n, o->index + 7);
		if (!(abs = realpath(file, NULL)))
			wt_die(WT_EXIT_DATA, "%s: %s", file, strerror(errno));
		o->matrix = wt_calloc(strlen(abs) + (opt ? strlen(opt) : 0) + 8, 1);
		sprintf(o->matrix, "matrix:%s%s", abs, opt ? opt : "");
		o->index = o->matrix;
		free(abs);
	}
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct wt_md_run run;
	char dir[PATH_MAX];

	wt_set_progname(argv[0]);
	parse_options(&o, argc, argv);
	if (o.dir) {
		char err[PATH_MAX + 256];

		wt_snprintf(dir, sizeof(dir), "%s", o.dir);
		if (wt_mkdirs(dir, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	} else {
		wt_snprintf(dir, sizeof(dir), "%s/mdegree.XXXXXX", wt_tmpdir());
		if (!mkdtemp(dir))
			wt_die(WT_EXIT_DATA, "%s: %s", dir, strerror(errno));
		if (!o.keep) {
			tmpdir = wt_strdup(dir);
			wt_atdie(rm_tmpdir);
		}
	}
	{
		struct wt_md_settings s = {
			.dump = o.dump, .arch = o.arch, .sms = o.sms,
			.max_ctas = o.max_ctas, .index = o.index,
			.size_list = o.size_list, .sizes = o.sizes,
			.bytes = o.bytes, .nsizes = o.nsizes, .nprof = o.nprof,
			.jobs = o.jobs, .no_l2 = o.no_l2, .threshold = o.threshold,
			.closed = o.closed,
		};
		struct wt_md_report rep = { .s = &s, .run = &run, .argc = argc,
					    .argv = argv };

		wt_md_run(&s, dir, &run);
		wt_md_report_build(&rep);
		if (o.stats)
			wt_md_report_write(&rep, o.stats, WT_FMT_JSON);
		wt_md_report_write(&rep, "-", o.fmt);
		wt_md_report_free(&rep);
	}
	wt_md_run_free(&run, o.nsizes);
	for (unsigned i = 0; i < o.nsizes; i++)
		free(o.sizes[i]);
	free(o.sizes);
	free(o.bytes);
	free(o.matrix);
	if (o.keep && !o.dir)
		wt_warn("kept %s", dir);
	rm_tmpdir();
	return WT_EXIT_OK;
}
