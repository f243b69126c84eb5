/*
 * sweep.c - grids of pipelines: parsing, expansion into cmd.sh scripts,
 * and the table collected from the points' statistics; see sweep.h and
 * sweep(1).
 */
#include "sweep.h"
#include "stats.h"
#include "stream.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_POINTS 1000000

static const char *const prog_names[WT_SW_NPROGS] = {
	"trace-order", "coalesce", "l1sim", "l2sim", "dramsim", "classify"
};

/* What is collected from each stage's statistics: column, path, digits
 * after the point in the table (its JSON keeps every digit); minus, a
 * path whose number is taken from path's. */
static const struct metric {
	enum wt_sweep_prog prog;
	const char *col, *path;
	int prec, text;
	const char *minus;
} metrics[] = {
	{ WT_SW_L1, "l1sim.miss_rate", "total.miss_rate", 4, 0, NULL },
	{ WT_SW_L1, "l1sim.mpki", "total.mpki", 1, 0, NULL },
	{ WT_SW_L1, "l1sim.ipc", "total.ipc", 3, 0, NULL },
	{ WT_SW_L1, "l1sim.cycles", "total.cycles", 0, 0, NULL },
	{ WT_SW_L2, "l2sim.hit_rate", "total.hit_rate", 4, 0, NULL },
	{ WT_SW_L2, "l2sim.queueing_delay", "total.queueing_delay.mean", 1, 0, NULL },
	{ WT_SW_L2, "l2sim.mean_stall", "mean_stall", 1, 0, NULL },
	/* the trace's first point's mean stall over this one's (below) */
	{ WT_SW_L2, "l2sim.stall_speedup", NULL, 3, 0, NULL },
	{ WT_SW_DRAM, "dramsim.row_buffer_hit_rate", "total.row_buffer_hit_rate", 4, 0, NULL },
	{ WT_SW_DRAM, "dramsim.latency.mean", "total.latency.mean", 1, 0, NULL },
	{ WT_SW_DRAM, "dramsim.mean_stall", "total.mean_stall", 1, 0, NULL },
	{ WT_SW_DRAM, "dramsim.stall_speedup", NULL, 3, 0, NULL },
	{ WT_SW_CLASSIFY, "classify.category", "total.category.category", -1, 1, NULL },
};
#define NMETRICS (sizeof(metrics) / sizeof(metrics[0]))

/*
 * With closed timing, from gpusim.json: its own numbers, then the L1's,
 * L2's and DRAM's under the open-loop columns whose meaning they keep.
 * Left out: l1sim's cycles and IPC (the L1's own clock; gpusim's are the
 * run's), the mean stalls and their speedups (estimates from an assumed
 * latency, which the closed loop has not), classify's category.
 */
static const struct metric closed_metrics[] = {
	{ WT_SW_NPROGS, "gpusim.cycles", "cycles", 0, 0, NULL },
	{ WT_SW_NPROGS, "gpusim.ipc", "ipc", 3, 0, NULL },
	/* the trace's first point's cycles over this one's (below) */
	{ WT_SW_NPROGS, "gpusim.speedup", NULL, 3, 0, NULL },
	/* SM cycles in which no warp scheduler issued, for any reason */
	{ WT_SW_NPROGS, "gpusim.stall_cycles", "sm_cycles", 0, 0, "issue_cycles" },
	/* those in which every warp waited for data */
	{ WT_SW_NPROGS, "gpusim.memory_stall_cycles", "stall_cycles.memory", 0, 0, NULL },
	{ WT_SW_NPROGS, "gpusim.load_latency", "load_latency.mean", 1, 0, NULL },
	{ WT_SW_L1, "l1sim.miss_rate", "l1.total.miss_rate", 4, 0, NULL },
	{ WT_SW_L1, "l1sim.mpki", "l1.total.mpki", 1, 0, NULL },
	{ WT_SW_L2, "l2sim.hit_rate", "l2.total.hit_rate", 4, 0, NULL },
	{ WT_SW_L2, "l2sim.queueing_delay", "l2.total.queueing_delay.mean", 1, 0, NULL },
	{ WT_SW_DRAM, "dramsim.row_buffer_hit_rate", "dram.total.row_buffer_hit_rate", 4, 0, NULL },
	{ WT_SW_DRAM, "dramsim.latency.mean", "dram.total.latency.mean", 1, 0, NULL },
};
#define NCLOSED (sizeof(closed_metrics) / sizeof(closed_metrics[0]))

void wt_sweep_init(struct wt_sweep *s, const char *dir)
{
	memset(s, 0, sizeof(*s));
	s->dir = wt_strdup(dir);
	s->until = WT_SW_L1;
}

void wt_sweep_free(struct wt_sweep *s)
{
	for (size_t i = 0; i < s->ntraces; i++) {
		free(s->traces[i].name);
		free(s->traces[i].path);
	}
	for (unsigned i = 0; i < s->naxes; i++) {
		for (size_t v = 0; v < s->axes[i].nvalues; v++)
			free(s->axes[i].values[v]);
		free(s->axes[i].values);
		free(s->axes[i].option);
		free(s->axes[i].name);
	}
	for (unsigned i = 0; i < s->nfixed; i++) {
		free(s->fixed[i].option);
		free(s->fixed[i].value);
	}
	free(s->traces);
	free(s->axes);
	free(s->fixed);
	free(s->dir);
	free(s->absdir);
	free(s->bindir);
	memset(s, 0, sizeof(*s));
}

int wt_sweep_prog_parse(const char *name)
{
	for (int i = 0; i < WT_SW_NPROGS; i++)
		if (strcmp(name, prog_names[i]) == 0)
			return i;
	return -1;
}

const char *wt_sweep_prog_name(enum wt_sweep_prog p)
{
	return prog_names[p];
}

static int in_pipeline(const struct wt_sweep *s, enum wt_sweep_prog p)
{
	if (s->closed)		/* gpusim runs them all */
		return p != WT_SW_CLASSIFY;
	if (p <= WT_SW_COALESCE)
		return 1;
	if (s->until == WT_SW_CLASSIFY)
		return p == WT_SW_CLASSIFY;
	return p <= s->until;
}

/* The stages that write statistics: those after coalesce (with closed
 * timing, none: gpusim writes gpusim.json). */
static int has_stats(const struct wt_sweep *s, enum wt_sweep_prog p)
{
	return !s->closed && p >= WT_SW_L1 && in_pipeline(s, p);
}

/* " l1sim.json l2sim.json": the statistics files of a point. */
static void put_stats_files(FILE *f, const struct wt_sweep *s)
{
	if (s->closed)
		fputs(" gpusim.json", f);
	for (int g = WT_SW_L1; g < WT_SW_NPROGS; g++)
		if (has_stats(s, (enum wt_sweep_prog)g))
			fprintf(f, " %s.json", prog_names[g]);
}

/* Is PROGRAM:OPTION taken, by an axis or a constant? */
static int taken(const struct wt_sweep *s, enum wt_sweep_prog p, const char *opt)
{
	for (unsigned i = 0; i < s->naxes; i++)
		if (s->axes[i].prog == p && strcmp(s->axes[i].option, opt) == 0)
			return 1;
	for (unsigned i = 0; i < s->nfixed; i++)
		if (s->fixed[i].prog == p && strcmp(s->fixed[i].option, opt) == 0)
			return 1;
	return 0;
}

static int check_option(const struct wt_sweep *s, enum wt_sweep_prog p,
			const char *opt, char *err, size_t len)
{
	static const char *const own[] = {
		"stats", "output", "o", "help", "h", "version", "V"
	};

	if (!*opt || strspn(opt, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != strlen(opt) ||
	    opt[0] == '-') {
		snprintf(err, len, "'%s' is not an option name (letters, digits "
			 "and '-', without the leading dashes)", opt);
		return -1;
	}
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (strcmp(opt, own[i]) == 0) {
			snprintf(err, len, "%s:%s: sweep sets the outputs of every "
				 "stage itself", prog_names[p], opt);
			return -1;
		}
	if (taken(s, p, opt)) {
		snprintf(err, len, "%s:%s is given twice", prog_names[p], opt);
		return -1;
	}
	return 0;
}

/* point.json and sweep.json hold every value and trace name. */
static int utf8(const char *v, char *err, size_t len)
{
	json_t *j = json_string(v);

	if (!j)
		snprintf(err, len, "'%s' is not UTF-8", v);
	json_decref(j);
	return j ? 0 : -1;
}

/* A line break in a value or a trace name would end cmd.sh's comments. */
static int has_control(const char *v)
{
	for (; *v; v++)
		if ((unsigned char)*v < 0x20 || *v == 0x7f)
			return 1;
	return 0;
}

int wt_sweep_dir_ok(const char *dir, char *err, size_t len)
{
	if (has_control(dir) || utf8(dir, err, len) < 0) {
		snprintf(err, len, "%s: sweep takes a directory name of UTF-8 "
			 "characters without control characters", dir);
		return -1;
	}
	return 0;
}

static int check_value(const char *v, char *err, size_t len)
{
	if (!*v || has_control(v)) {
		snprintf(err, len, *v ? "a value with a control character" :
			 "an empty value");
		return -1;
	}
	return utf8(v, err, len);
}

/* Split "PROGRAM:OPTION=REST": the program, a copy of OPTION, and REST. */
static int split_spec(const char *spec, int *prog, char **opt, const char **rest,
		      char *err, size_t len)
{
	const char *colon = strchr(spec, ':');
	const char *eq = colon ? strchr(colon, '=') : NULL;
	char name[64];

	if (!colon || !eq) {
		snprintf(err, len, "expected PROGRAM:OPTION=VALUE");
		return -1;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(colon - spec), spec);
	*prog = wt_sweep_prog_parse(name);
	if (*prog < 0) {
		snprintf(err, len, "unknown program '%s': expected trace-order, "
			 "coalesce, l1sim, l2sim, dramsim or classify", name);
		return -1;
	}
	*opt = wt_calloc((size_t)(eq - colon), 1);
	memcpy(*opt, colon + 1, (size_t)(eq - colon - 1));
	*rest = eq + 1;
	return 0;
}

int wt_sweep_add_axis(struct wt_sweep *s, enum wt_sweep_prog prog,
		      const char *option, const char *list, char *err, size_t len)
{
	struct wt_sweep_axis a = { .prog = prog };
	const char *p = list;

	if (check_option(s, prog, option, err, len) < 0)
		return -1;
	if (!*list) {
		snprintf(err, len, "an empty list of values");
		return -1;
	}
	for (;;) {
		size_t n = strcspn(p, ",");
		char *v = wt_calloc(n + 1, 1);
		int bad = 0;

		memcpy(v, p, n);
		if (check_value(v, err, len) < 0)
			bad = 1;
		for (size_t i = 0; !bad && i < a.nvalues; i++)
			if (strcmp(a.values[i], v) == 0) {
				snprintf(err, len, "the value '%s' twice", v);
				bad = 1;
			}
		a.values = wt_realloc(a.values, (a.nvalues + 1) * sizeof(*a.values));
		a.values[a.nvalues++] = v;
		if (bad) {
			for (size_t i = 0; i < a.nvalues; i++)
				free(a.values[i]);
			free(a.values);
			return -1;
		}
		if (!p[n])
			break;
		p += n + 1;
	}
	a.option = wt_strdup(option);
	a.name = wt_calloc(strlen(prog_names[prog]) + strlen(option) + 2, 1);
	sprintf(a.name, "%s:%s", prog_names[prog], option);
	s->axes = wt_realloc(s->axes, (s->naxes + 1) * sizeof(*s->axes));
	s->axes[s->naxes++] = a;
	return 0;
}

int wt_sweep_parse_axis(struct wt_sweep *s, const char *spec, char *err,
			size_t len)
{
	const char *list;
	char *opt;
	int prog, rc;

	if (split_spec(spec, &prog, &opt, &list, err, len) < 0)
		return -1;
	rc = wt_sweep_add_axis(s, (enum wt_sweep_prog)prog, opt, list, err, len);
	free(opt);
	return rc;
}

int wt_sweep_parse_fixed(struct wt_sweep *s, const char *spec, char *err,
			 size_t len)
{
	struct wt_sweep_fixed f;
	const char *value;
	char *opt;
	int prog;

	if (split_spec(spec, &prog, &opt, &value, err, len) < 0)
		return -1;
	f.prog = (enum wt_sweep_prog)prog;
	if (check_option(s, f.prog, opt, err, len) < 0 ||
	    check_value(value, err, len) < 0) {
		free(opt);
		return -1;
	}
	f.option = opt;
	f.value = wt_strdup(value);
	s->fixed = wt_realloc(s->fixed, (s->nfixed + 1) * sizeof(*s->fixed));
	s->fixed[s->nfixed++] = f;
	return 0;
}

int wt_sweep_add_flag(struct wt_sweep *s, enum wt_sweep_prog prog,
		      const char *option, char *err, size_t len)
{
	struct wt_sweep_fixed f = { .prog = prog, .value = NULL };

	if (check_option(s, prog, option, err, len) < 0)
		return -1;
	f.option = wt_strdup(option);
	s->fixed = wt_realloc(s->fixed, (s->nfixed + 1) * sizeof(*s->fixed));
	s->fixed[s->nfixed++] = f;
	return 0;
}

static int not_in_pipeline(const struct wt_sweep *s, enum wt_sweep_prog p,
			   const char *opt, char *err, size_t len)
{
	if (in_pipeline(s, p))
		return 0;
	snprintf(err, len, "%s:%s: %s is not in the pipeline with --until=%s%s",
		 prog_names[p], opt, prog_names[p], prog_names[s->until],
		 s->until == WT_SW_CLASSIFY ? " (classify reads coalesce's "
		 "requests; set its own --size, --index...)" : "");
	return -1;
}

/* A request stream starts at l1sim: nothing sets trace-order or coalesce
 * options for it. */
static int upstream_option(const struct wt_sweep *s, const struct wt_sweep_trace *t,
			   char *err, size_t len)
{
	const char *opt = NULL;
	enum wt_sweep_prog p = WT_SW_ORDER;

	if (t->kind != WT_KIND_REQUEST)
		return 0;
	for (unsigned i = 0; i < s->naxes && !opt; i++)
		if (s->axes[i].prog <= WT_SW_COALESCE)
			p = s->axes[i].prog, opt = s->axes[i].option;
	for (unsigned i = 0; i < s->nfixed && !opt; i++)
		if (s->fixed[i].prog <= WT_SW_COALESCE)
			p = s->fixed[i].prog, opt = s->fixed[i].option;
	if (!opt)
		return 0;
	snprintf(err, len, "%s:%s: %s is a stream of requests (coalesce's "
		 "output), which no %s reads", prog_names[p], opt, t->name,
		 prog_names[p]);
	return -1;
}

/* trace-order's options that gpusim has too, meaning the same: with
 * closed timing they go to both (trace-order's stream stays the open
 * pipeline's; gpusim schedules by its own). */
static const char *const sched_opts[] = {
	"sms", "schedulers", "policy", "active-warps", "warp-limit", "cta-limit"
};
/* trace-order's options that shape the stream, which gpusim honours by
 * reading it (its machine, warps and records). */
static const char *const stream_opts[] = {
	"arch", "a", "gpgpusim-config", "override", "warp-size", "stores",
	"match", "hold"
};
/* l1sim's options of its warp pool, which gpusim refuses. */
static const char *const pool_opts[] = {
	"ctas", "refill", "warp-delay", "icount", "mshr-check", "request-order",
	"exit-slot", "stores"
};
/* The stages' options of their own streams and files, which gpusim
 * refuses in a part's options (sweep sets --stats and -o itself). */
static const char *const file_opts[] = { "events", "batch", "spill", "level" };

static int listed(const char *opt, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(opt, list[i]) == 0)
			return 1;
	return 0;
}
#define LISTED(opt, list) listed(opt, list, sizeof(list) / sizeof(list[0]))

/* Whether trace-order's option opt also goes to gpusim. */
static int gpusim_has(enum wt_sweep_prog p, const char *opt)
{
	return p == WT_SW_ORDER && LISTED(opt, sched_opts);
}

/* Whether gpusim honours PROGRAM:OPTION=value (NULL: a flag): 0, or -1
 * with a usage error in err. */
static int closed_option(enum wt_sweep_prog p, const char *opt, const char *value,
			 char *err, size_t len)
{
	if (p == WT_SW_CLASSIFY) {
		snprintf(err, len, "classify:%s: classify does not run with "
			 "--timing=closed (gpusim runs the L1, L2 and DRAM)", opt);
		return -1;
	}
	if (p == WT_SW_ORDER) {
		if (LISTED(opt, sched_opts) || LISTED(opt, stream_opts))
			return 0;
		snprintf(err, len, "trace-order:%s: gpusim cannot honour it with "
			 "--timing=closed (it schedules the warps itself, its "
			 "occupancy the machine's, its latencies the models')", opt);
		return -1;
	}
	if (LISTED(opt, file_opts)) {
		snprintf(err, len, "%s:%s: an option of %s's own streams and files, "
			 "which gpusim does not take (--timing=closed)", prog_names[p],
			 opt, prog_names[p]);
		return -1;
	}
	if (value && strpbrk(value, " \t")) {
		snprintf(err, len, "%s:%s=%s: gpusim splits a stage's options at "
			 "blanks (--timing=closed): a value without blanks",
			 prog_names[p], opt, value);
		return -1;
	}
	if (p == WT_SW_L1 && (LISTED(opt, pool_opts) || (strcmp(opt, "sched") == 0 &&
			      value && strcmp(value, "pool") == 0))) {
		snprintf(err, len, "l1sim:%s: an option of l1sim's warp pool "
			 "(--sched=pool); with --timing=closed gpusim's SMs schedule "
			 "the warps (trace-order:policy, warp-limit, cta-limit)", opt);
		return -1;
	}
	/* l1sim's policies that schedule warps run on gpusim's SMs */
	return 0;
}

/* Closed timing: every option one gpusim honours, every trace one it
 * reads. */
static int closed_check(struct wt_sweep *s, char *err, size_t len)
{
	s->until = WT_SW_DRAM;	/* gpusim runs every stage */
	for (unsigned i = 0; i < s->naxes; i++)
		for (size_t v = 0; v < s->axes[i].nvalues; v++)
			if (closed_option(s->axes[i].prog, s->axes[i].option,
					  s->axes[i].values[v], err, len) < 0)
				return -1;
	for (unsigned i = 0; i < s->nfixed; i++)
		if (closed_option(s->fixed[i].prog, s->fixed[i].option,
				  s->fixed[i].value, err, len) < 0)
			return -1;
	for (size_t t = 0; t < s->ntraces; t++)
		if (s->traces[t].kind == WT_KIND_REQUEST) {
			snprintf(err, len, "%s is a stream of requests (coalesce's "
				 "output); gpusim reads warps (--timing=closed)",
				 s->traces[t].name);
			return -1;
		}
	return 0;
}

int wt_sweep_check(struct wt_sweep *s, char *err, size_t len)
{
	size_t n = s->ntraces ? s->ntraces : 1;

	if (s->closed && closed_check(s, err, len) < 0)
		return -1;
	for (unsigned i = 0; i < s->naxes; i++) {
		if (not_in_pipeline(s, s->axes[i].prog, s->axes[i].option, err, len) < 0)
			return -1;
		if (s->axes[i].nvalues > MAX_POINTS / n) {
			snprintf(err, len, "the grid has more than %d points", MAX_POINTS);
			return -1;
		}
		n *= s->axes[i].nvalues;
	}
	for (unsigned i = 0; i < s->nfixed; i++)
		if (not_in_pipeline(s, s->fixed[i].prog, s->fixed[i].option, err, len) < 0)
			return -1;
	for (size_t t = 0; t < s->ntraces; t++)
		if (upstream_option(s, &s->traces[t], err, len) < 0)
			return -1;
	s->npoints = s->ntraces ? n : 0;
	s->width = 4;
	for (size_t m = 10000; m <= s->npoints; m *= 10)
		s->width++;
	return 0;
}

/* The records of the warptrace stream at path, known by its header (the
 * magic WARPTRAC and the kind), or 0 if it is none: a trace for
 * trace-gen, which says what is wrong with it if anything is. */
static int stream_kind(const char *path)
{
	char err[256];
	struct wt_reader *r = wt_reader_open(path, err, sizeof(err));
	int kind;

	if (!r)
		return 0;
	kind = (int)wt_reader_header(r)->kind;
	wt_reader_close(r);
	return kind;
}

int wt_sweep_add_trace(struct wt_sweep *s, const char *path, char *err,
		       size_t len)
{
	struct stat st;
	char *abs = NULL;
	int fd = open(path, O_RDONLY), kind = 0;
	const char *why = NULL;

	/* Every point reads it later, elsewhere perhaps: fail now. */
	if (fd < 0 || fstat(fd, &st) < 0)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if (!(abs = realpath(path, NULL)))
		why = strerror(errno);
	else if (has_control(path) || has_control(abs) || utf8(path, err, len) < 0 ||
		 utf8(abs, err, len) < 0)
		why = "sweep takes names of UTF-8 characters without control characters";
	if (fd >= 0)
		close(fd);
	if (!why && (kind = stream_kind(path)) == WT_KIND_EVENT)
		why = "a stream of event records (l1sim's or l2sim's output); "
		      "expected a trace, or a stream of access, warp or request "
		      "records";
	if (why) {
		snprintf(err, len, "%s: %s", path, why);
		free(abs);
		return -1;
	}
	s->traces = wt_realloc(s->traces, (s->ntraces + 1) * sizeof(*s->traces));
	s->traces[s->ntraces].name = wt_strdup(path);
	s->traces[s->ntraces].kind = kind;
	s->traces[s->ntraces++].path = abs;
	return 0;
}

void wt_sweep_coords(const struct wt_sweep *s, size_t p, size_t *trace,
		     size_t *vi)
{
	for (unsigned i = s->naxes; i-- > 0;) {
		vi[i] = p % s->axes[i].nvalues;
		p /= s->axes[i].nvalues;
	}
	*trace = p;
}

char *wt_sweep_path(const struct wt_sweep *s, size_t p, const char *name,
		    char *buf, size_t len)
{
	return wt_snprintf(buf, len, "%s/%0*zu%s%s", s->absdir, s->width, p + 1,
			   name ? "/" : "", name ? name : "");
}

static void put_option(FILE *f, const char *opt, const char *value)
{
	if (!value) {		/* a flag: wt_sweep_add_flag */
		fprintf(f, opt[1] ? " --%s" : " -%s", opt);
		return;
	}
	if (opt[1])
		fprintf(f, " --%s=", opt);
	else
		fprintf(f, " -%s ", opt);
	wt_shell_word(f, value);
}

/* The parts of a point's pipeline: all of it; trace-gen | trace-order |
 * coalesce, into a file; what follows coalesce, from that file. */
enum part { WHOLE, UPSTREAM, DOWNSTREAM };

/* gpusim's options that take a stage's options, by program. */
static const char *const part_opts[WT_SW_NPROGS] = {
	[WT_SW_COALESCE] = "coalesce", [WT_SW_L1] = "l1", [WT_SW_L2] = "l2",
	[WT_SW_DRAM] = "dram"
};

/* The options of program g at point p (its values vi), the constants
 * first: those gpusim also has alone (only 1), or all of them, into f as
 * words of sh (quote 1) or as gpusim splits a part's (at blanks). */
static void put_options(FILE *f, const struct wt_sweep *s, const size_t *vi,
			int g, int only, int quote)
{
	int first = 1;

	for (unsigned k = 0; k < s->nfixed + s->naxes; k++) {
		const struct wt_sweep_fixed *x = k < s->nfixed ? &s->fixed[k] : NULL;
		const struct wt_sweep_axis *a = x ? NULL : &s->axes[k - s->nfixed];
		const char *opt = x ? x->option : a->option;
		const char *v = x ? x->value : a->values[vi[k - s->nfixed]];

		if ((int)(x ? x->prog : a->prog) != g ||
		    (only && !gpusim_has((enum wt_sweep_prog)g, opt)))
			continue;
		if (quote) {
			put_option(f, opt, v);
			continue;
		}
		fprintf(f, "%s-%s%s%s%s", first ? "" : " ", opt[1] ? "-" : "", opt,
			v ? (opt[1] ? "=" : " ") : "", v ? v : "");
		first = 0;
	}
}

/* Whether program g has an option at any point. */
static int has_options(const struct wt_sweep *s, int g)
{
	for (unsigned i = 0; i < s->nfixed; i++)
		if ((int)s->fixed[i].prog == g)
			return 1;
	for (unsigned i = 0; i < s->naxes; i++)
		if ((int)s->axes[i].prog == g)
			return 1;
	return 0;
}

/*
 * Closed timing's pipeline of point p: trace-gen | trace-order | gpusim,
 * trace-order with all its options, gpusim with those of them it has too
 * and each stage's options as one word of its part (--l1='--size=32K
 * --index=xor'), into f.
 */
static void put_closed(FILE *f, const struct wt_sweep *s, size_t p)
{
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), t;

	wt_sweep_coords(s, p, &t, vi);
	if (s->traces[t].kind == 0) {
		fputs("trace-gen ", f);
		wt_shell_word(f, s->traces[t].path);
		fputs(" | ", f);
	}
	fputs("trace-order", f);
	put_options(f, s, vi, WT_SW_ORDER, 0, 1);
	if (s->traces[t].kind != 0)
		fputc(' ', f), wt_shell_word(f, s->traces[t].path);
	fputs(" | gpusim", f);
	put_options(f, s, vi, WT_SW_ORDER, 1, 1);
	for (int g = WT_SW_COALESCE; g <= WT_SW_DRAM; g++) {
		char *buf = NULL;
		size_t n = 0;
		FILE *m;

		if (!has_options(s, g))
			continue;
		if (!(m = open_memstream(&buf, &n)))
			wt_die(WT_EXIT_DATA, "out of memory");
		put_options(m, s, vi, g, 0, 0);
		fclose(m);
		fprintf(f, " --%s=", part_opts[g]);
		wt_shell_word(f, buf);
		free(buf);
	}
	fputs(" -o gpusim.json", f);
	free(vi);
}

/*
 * The pipeline of point p, run in its directory, into f.  io: UPSTREAM's
 * output file, DOWNSTREAM's input, written as it is (a word for sh, such
 * as "$1").  A trace starts with trace-gen, a stream of access or warp
 * records with trace-order, one of requests after coalesce.
 */
static void put_part(FILE *f, const struct wt_sweep *s, size_t p, enum part part,
		     const char *io)
{
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), t;
	const char *in = NULL;	/* the first stage's FILE, if not stdin */
	int g = WT_SW_ORDER, last = part == UPSTREAM ? WT_SW_COALESCE :
				    WT_SW_NPROGS - 1, started = 0;

	if (s->closed) {	/* never shared: no upstream part */
		free(vi);
		put_closed(f, s, p);
		return;
	}
	wt_sweep_coords(s, p, &t, vi);
	if (part == DOWNSTREAM || s->traces[t].kind == WT_KIND_REQUEST)
		g = WT_SW_L1;
	if (part != DOWNSTREAM && s->traces[t].kind == 0) {
		fputs("trace-gen ", f);
		wt_shell_word(f, s->traces[t].path);
		started = 1;
	} else if (part != DOWNSTREAM) {
		in = s->traces[t].path;
	}
	for (; g <= last; g++) {
		if (!in_pipeline(s, (enum wt_sweep_prog)g))
			continue;
		fprintf(f, "%s%s", started ? " | " : "", prog_names[g]);
		for (unsigned i = 0; i < s->nfixed; i++)
			if ((int)s->fixed[i].prog == g)
				put_option(f, s->fixed[i].option, s->fixed[i].value);
		for (unsigned i = 0; i < s->naxes; i++)
			if ((int)s->axes[i].prog == g)
				put_option(f, s->axes[i].option,
					   s->axes[i].values[vi[i]]);
		if (has_stats(s, (enum wt_sweep_prog)g))
			fprintf(f, " --stats=%s.json", prog_names[g]);
		if (!started && part == DOWNSTREAM)
			fprintf(f, " %s", io);
		else if (!started)
			fputc(' ', f), wt_shell_word(f, in);
		started = 1;
	}
	if (part == UPSTREAM) {
		/* zstd's fast -5: on mshr-h1024's 117 MB of requests, 12 MB
		 * written in 0.35 s of CPU and read in 0.61 s, where level 1
		 * takes 7.6 MB, 0.46 s and 0.74 s, and none 0.09 s and 0.53 s
		 * but all the disk */
		fputs(" --level=-5 -o ", f);
		wt_shell_word(f, io);
	} else {
		fputs(s->until == WT_SW_CLASSIFY ? " -o classify.txt" :
		      " > /dev/null", f);
	}
	free(vi);
}

static void put_pipeline(FILE *f, const struct wt_sweep *s, size_t p)
{
	put_part(f, s, p, WHOLE, NULL);
}

/* The product of the sizes of the upstream axes (up) or the others. */
static size_t axes_points(const struct wt_sweep *s, int up)
{
	size_t n = 1;

	for (unsigned i = 0; i < s->naxes; i++)
		if ((s->axes[i].prog <= WT_SW_COALESCE) == up)
			n *= s->axes[i].nvalues;
	return n;
}

size_t wt_sweep_ngroups(const struct wt_sweep *s)
{
	return s->ntraces * axes_points(s, 1);
}

size_t wt_sweep_group(const struct wt_sweep *s, size_t p)
{
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), g;

	wt_sweep_coords(s, p, &g, vi);
	for (unsigned i = 0; i < s->naxes; i++)
		if (s->axes[i].prog <= WT_SW_COALESCE)
			g = g * s->axes[i].nvalues + vi[i];
	free(vi);
	return g;
}

int wt_sweep_shared(const struct wt_sweep *s, size_t g)
{
	size_t t = g / axes_points(s, 1);

	/* gpusim reads warps, not the requests coalesce would save */
	if (s->closed)
		return 0;
	return s->traces[t].kind != WT_KIND_REQUEST && axes_points(s, 0) > 1;
}

/* The first point of group g: its upstream values, the others' first. */
static size_t group_point(const struct wt_sweep *s, size_t g)
{
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), p;

	for (unsigned i = s->naxes; i-- > 0;)
		if (s->axes[i].prog <= WT_SW_COALESCE) {
			vi[i] = g % s->axes[i].nvalues;
			g /= s->axes[i].nvalues;
		}
	p = g;			/* the trace */
	for (unsigned i = 0; i < s->naxes; i++)
		p = p * s->axes[i].nvalues + vi[i];
	free(vi);
	return p;
}

char *wt_sweep_upstream(const struct wt_sweep *s, size_t g, const char *out)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	put_part(f, s, group_point(s, g), UPSTREAM, out);
	fclose(f);
	return buf;
}

char *wt_sweep_pipeline(const struct wt_sweep *s, size_t p)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	put_pipeline(f, s, p);
	fclose(f);
	return buf;
}

int wt_sweep_write_cmd(const struct wt_sweep *s, size_t p, char *err, size_t len)
{
	char path[PATH_MAX], *line = wt_sweep_pipeline(s, p);
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), t;
	FILE *f = fopen(wt_sweep_path(s, p, "cmd.sh", path, sizeof(path)), "w");

	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		free(line);
		free(vi);
		return -1;
	}
	wt_sweep_coords(s, p, &t, vi);
	fprintf(f, "#!/bin/sh\n# sweep point %0*zu of %zu: %s", s->width, p + 1,
		s->npoints, s->traces[t].name);
	for (unsigned i = 0; i < s->naxes; i++)
		fprintf(f, " %s=%s", s->axes[i].name, s->axes[i].values[vi[i]]);
	fputs("\n# Runs in its own directory and writes only there, from any "
	      "directory:\n#   sh ", f);
	wt_shell_word(f, path);
	fputs("\nset -e\ncd \"$(dirname \"$0\")\"\n"
	      "rm -f status.txt", f);
	put_stats_files(f, s);
	fputs(s->until == WT_SW_CLASSIFY ? " classify.txt\n" : "\n", f);
	fputs("trap 'echo $? > status.txt' EXIT\n", f);
	if (s->bindir) {
		fputs("PATH=", f);
		wt_shell_word(f, s->bindir);
		fputs(":$PATH\n", f);
	}
	fputs("# A failing stage fails the pipeline where sh has pipefail (bash, "
	      "ksh, zsh);\n# dash has not, so the statistics files, which "
	      "appear only when their stage\n# succeeded, are checked as well.\n"
	      "(set -o pipefail) 2>/dev/null && set -o pipefail\n", f);
	if (wt_sweep_shared(s, wt_sweep_group(s, p))) {
		/* sweep runs the upstream once for the points that share it */
		fputs("if [ $# -gt 0 ]; then\n\t# $1: the requests of this "
		      "point's upstream, saved by sweep\n\t", f);
		put_part(f, s, p, DOWNSTREAM, "\"$1\"");
		fprintf(f, "\nelse\n\t%s\nfi\nfor f in", line);
	} else {
		fprintf(f, "%s\nfor f in", line);
	}
	put_stats_files(f, s);
	fputs("; do\n\ttest -s \"$f\" || { echo \"$0: no $f: a stage failed\" >&2; "
	      "exit 1; }\ndone\n", f);
	free(line);
	free(vi);
	if (fchmod(fileno(f), 0755) < 0 || ferror(f) | fclose(f)) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int wt_sweep_prepare(struct wt_sweep *s, char *err, size_t len)
{
	char path[PATH_MAX];

	if (wt_sweep_dir_ok(s->dir, err, len) < 0 || wt_mkdirs(s->dir, err, len) < 0)
		return -1;
	free(s->absdir);
	if (!(s->absdir = realpath(s->dir, NULL))) {
		snprintf(err, len, "%s: %s", s->dir, strerror(errno));
		return -1;
	}
	for (size_t p = 0; p < s->npoints; p++) {
		wt_sweep_path(s, p, NULL, path, sizeof(path));
		if (mkdir(path, 0777) < 0 && errno != EEXIST) {
			snprintf(err, len, "%s: %s", path, strerror(errno));
			return -1;
		}
		/* an earlier run's stderr must not pass for this one's */
		unlink(wt_sweep_path(s, p, "stderr.txt", path, sizeof(path)));
		if (wt_sweep_write_cmd(s, p, err, len) < 0)
			return -1;
	}
	return 0;
}

/* Start sh with arguments a and b (NULL ends them), standard input and
 * output /dev/null and standard error log. */
static pid_t start_sh(const char *log, const char *a, const char *b,
		      const char *c)
{
	pid_t pid;

	fflush(NULL);
	if ((pid = fork()) == 0) {
		int null = open("/dev/null", O_RDWR);
		int e = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);

		if (null < 0 || e < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 ||
		    dup2(e, 2) < 0)
			_exit(127);
		execlp("sh", "sh", a, b, c, (char *)NULL);
		dprintf(2, "%s: sh: %s\n", wt_progname(), strerror(errno));
		_exit(127);
	}
	return pid;
}

pid_t wt_sweep_start_from(const struct wt_sweep *s, size_t p,
			  const char *requests)
{
	char cmd[PATH_MAX], log[PATH_MAX];

	wt_sweep_path(s, p, "cmd.sh", cmd, sizeof(cmd));
	wt_sweep_path(s, p, "stderr.txt", log, sizeof(log));
	return start_sh(log, cmd, requests, NULL);
}

pid_t wt_sweep_start(const struct wt_sweep *s, size_t p)
{
	return wt_sweep_start_from(s, p, NULL);
}

pid_t wt_sweep_start_upstream(const struct wt_sweep *s, size_t g,
			      const char *out, const char *log)
{
	char *script = NULL, *line = wt_sweep_upstream(s, g, out);
	size_t n = 0;
	FILE *f = open_memstream(&script, &n);
	pid_t pid;

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (s->bindir) {
		fputs("PATH=", f);
		wt_shell_word(f, s->bindir);
		fputs(":$PATH\n", f);
	}
	/* coalesce fails on a stream cut short, and removes its output */
	fprintf(f, "(set -o pipefail) 2>/dev/null && set -o pipefail\n%s\n", line);
	fclose(f);
	pid = start_sh(log, "-c", script, NULL);
	free(script);
	free(line);
	return pid;
}

int wt_sweep_run(struct wt_sweep *const *sw, unsigned nsw, unsigned njobs,
		 int *status)
{
	size_t total = 0, next = 0, running = 0, *which;
	pid_t *pids = wt_calloc(njobs, sizeof(*pids));
	int rc = 0, e = 0;

	for (unsigned i = 0; i < nsw; i++)
		total += sw[i]->npoints;
	which = wt_calloc(njobs, sizeof(*which));
	while ((next < total && rc == 0) || running) {
		unsigned w;
		pid_t pid;
		int ws;

		for (w = 0; w < njobs && next < total && rc == 0; w++) {
			size_t p = next, i = 0;

			if (pids[w])
				continue;
			while (p >= sw[i]->npoints)
				p -= sw[i++]->npoints;
			if ((pids[w] = wt_sweep_start(sw[i], p)) < 0) {
				pids[w] = 0;
				rc = -1, e = errno;
				break;
			}
			which[w] = next++;
			running++;
		}
		if (!running)
			break;
		if ((pid = waitpid(-1, &ws, 0)) < 0) {
			if (errno == EINTR)
				continue;
			rc = -1, e = errno;
			break;
		}
		for (w = 0; w < njobs && pids[w] != pid; w++)
			;
		if (w == njobs)
			continue;
		pids[w] = 0;
		running--;
		status[which[w]] = ws;
	}
	free(pids);
	free(which);
	errno = e;
	return rc;
}

char *wt_sweep_own_bindir(void)
{
	char self[PATH_MAX], tool[PATH_MAX + 16];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return NULL;
	self[n] = 0;
	*strrchr(self, '/') = 0;
	if (access(wt_snprintf(tool, sizeof(tool), "%s/trace-gen", self), X_OK) < 0)
		return NULL;
	return wt_strdup(self);
}

const char *wt_sweep_metric(const struct wt_sweep *s, unsigned i)
{
	if (s->closed)
		return i < NCLOSED ? closed_metrics[i].col : NULL;
	for (size_t m = 0; m < NMETRICS; m++)
		if (has_stats(s, metrics[m].prog) && i-- == 0)
			return metrics[m].col;
	return NULL;
}

/* How point p ended, if known: from the status.txt its cmd.sh wrote on
 * exit, else (cmd.sh killed, or sh not run) from point.json if sweep ran
 * it.  1 with *code or *sig, or 0. */
static int point_exit(const struct wt_sweep *s, size_t p, int *code, int *sig)
{
	char path[PATH_MAX], e[512];
	struct wt_stats st;
	FILE *f;
	int known = 0;

	*code = *sig = 0;
	if ((f = fopen(wt_sweep_path(s, p, "status.txt", path, sizeof(path)), "r"))) {
		known = fscanf(f, "%d", code) == 1;
		fclose(f);
	}
	if (!known && wt_stats_load(wt_sweep_path(s, p, "point.json", path,
			sizeof(path)), &st, e, sizeof(e)) == 0) {
		double x = wt_stats_num(&st, "exit"), y = wt_stats_num(&st, "signal");

		known = !isnan(x) || !isnan(y);
		*code = isnan(x) ? 0 : (int)x;
		*sig = isnan(y) ? 0 : (int)y;
		wt_stats_free(&st);
	}
	return known;
}

/* The first line of point p's stderr.txt, if any, into buf. */
static const char *first_error(const struct wt_sweep *s, size_t p, char *buf,
			       size_t len)
{
	char path[PATH_MAX];
	FILE *f = fopen(wt_sweep_path(s, p, "stderr.txt", path, sizeof(path)), "r");

	if (!f)
		return NULL;
	if (!fgets(buf, (int)len, f))
		*buf = 0;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return *buf ? buf : NULL;
}

const char *wt_sweep_first_error(const struct wt_sweep *s, size_t p, char *buf,
				 size_t len)
{
	return first_error(s, p, buf, len);
}

/* " (l1sim:size=64K, l1sim:index=xor)": point p's axis values as the
 * grid names them, or "" without axes; in buf. */
static const char *point_values(const struct wt_sweep *s, size_t p, char *buf,
				size_t len)
{
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), t, n = 0;

	wt_sweep_coords(s, p, &t, vi);
	*buf = 0;
	for (unsigned i = 0; i < s->naxes && n < len; i++) {
		int k = snprintf(buf + n, len - n, "%s%s=%s%s", i ? ", " : " (",
				 s->axes[i].name, s->axes[i].values[vi[i]],
				 i + 1 == s->naxes ? ")" : "");

		n += k > 0 ? (size_t)k : 0;
	}
	free(vi);
	return buf;
}

/* One note of the points': its text and the points that wrote it. */
struct note {
	char *text;
	size_t first, count;
};

void wt_sweep_notes(const struct wt_sweep *s)
{
	enum { MAX_NOTES = 16 };
	struct note notes[MAX_NOTES];
	size_t nnotes = 0, more = 0;
	char path[PATH_MAX], line[1024], at[1024];

	for (size_t p = 0; p < s->npoints; p++) {
		FILE *f = fopen(wt_sweep_path(s, p, "stderr.txt", path,
					      sizeof(path)), "r");

		while (f && fgets(line, sizeof(line), f)) {
			size_t i;

			line[strcspn(line, "\n")] = 0;
			/* "PROGRAM: note: ..." from a stage */
			if (!strstr(line, ": note: "))
				continue;
			for (i = 0; i < nnotes && strcmp(notes[i].text, line); i++)
				;
			if (i < nnotes) {
				notes[i].count++;
			} else if (nnotes < MAX_NOTES) {
				notes[nnotes++] = (struct note){ wt_strdup(line), p, 1 };
			} else {
				more++;
			}
		}
		if (f)
			fclose(f);
	}
	/* Each once, at its first point: a note that cannot change a
	 * result still says how a point was run. */
	for (size_t i = 0; i < nnotes; i++) {
		char *colon = strstr(notes[i].text, ": note: ");

		*colon = 0;
		if (notes[i].count > 1)
			wt_warn("note: point %0*zu%s and %zu more, %s: %s", s->width,
				notes[i].first + 1, point_values(s, notes[i].first,
				at, sizeof(at)), notes[i].count - 1, notes[i].text,
				colon + 8);
		else
			wt_warn("note: point %0*zu%s, %s: %s", s->width,
				notes[i].first + 1, point_values(s, notes[i].first,
				at, sizeof(at)), notes[i].text, colon + 8);
		free(notes[i].text);
	}
	if (more)
		wt_warn("note: %zu more note lines, past %d texts, in "
			"%s/*/stderr.txt", more, MAX_NOTES, s->absdir);
}

/* Closed timing: point p's gpusim.json into row r from column col on:
 * 0, or -1 with why.  A file of another program or timing is refused,
 * as a pipeline's would be here. */
static int fill_closed(const struct wt_sweep *s, size_t p, struct wt_table *t,
		       size_t r, unsigned col, char *why, size_t len)
{
	char path[PATH_MAX];
	const char *timing;
	struct wt_stats st;

	wt_sweep_path(s, p, "gpusim.json", path, sizeof(path));
	if (access(path, F_OK) < 0) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (wt_stats_load(path, &st, why, len) < 0)
		return -1;
	timing = wt_stats_str(&st, "l1_timing");
	if (strcmp(st.program, "gpusim") != 0 || !timing ||
	    strcmp(timing, "closed") != 0) {
		snprintf(why, len, "%s: not gpusim's statistics of closed timing",
			 path);
		wt_stats_free(&st);
		return -1;
	}
	for (size_t m = 0; m < NCLOSED; m++, col++) {
		const struct metric *x = &closed_metrics[m];
		double v;

		if (!x->path)
			continue;	/* derived: stall_speedup() */
		v = wt_stats_num(&st, x->path);
		if (x->minus)
			v -= wt_stats_num(&st, x->minus);
		wt_table_num(t, r, col, v, x->prec);
	}
	wt_stats_free(&st);
	return 0;
}

/* Point p's metrics into row r from column col on: 0, or -1 with why. */
static int fill_metrics(const struct wt_sweep *s, size_t p, struct wt_table *t,
			size_t r, unsigned col, char *why, size_t len)
{
	struct wt_stats st[WT_SW_NPROGS];
	char name[32], path[PATH_MAX];
	int g, rc = 0;

	if (s->closed)
		return fill_closed(s, p, t, r, col, why, len);
	memset(st, 0, sizeof(st));
	for (g = WT_SW_L1; g < WT_SW_NPROGS && rc == 0; g++) {
		if (!has_stats(s, (enum wt_sweep_prog)g))
			continue;
		wt_snprintf(name, sizeof(name), "%s.json", prog_names[g]);
		wt_sweep_path(s, p, name, path, sizeof(path));
		if (access(path, F_OK) < 0) {
			snprintf(why, len, "%s: %s", path, strerror(errno));
			rc = -1;
		} else if (wt_stats_load(path, &st[g], why, len) < 0) {
			rc = -1;
		}
	}
	for (size_t m = 0; m < NMETRICS && rc == 0; m++) {
		const struct wt_stats *x = &st[metrics[m].prog];

		if (!has_stats(s, metrics[m].prog))
			continue;
		if (!metrics[m].path)
			col++;		/* derived: stall_speedup() */
		else if (metrics[m].text)
			wt_table_text(t, r, col++, wt_stats_str(x, metrics[m].path));
		else
			wt_table_num(t, r, col++, wt_stats_num(x, metrics[m].path),
				     metrics[m].prec);
	}
	for (g = 0; g < WT_SW_NPROGS; g++)
		if (st[g].root)
			wt_stats_free(&st[g]);
	return rc;
}

/*
 * MeDiC's speedup estimate (its Fig. 11 in spirit): a warp instruction
 * waits for its slowest request, so a point's memory stall is the mean
 * over instructions of that request's latency (l2sim's with an assumed
 * DRAM round trip, dramsim's with the simulated one), and its speedup is
 * its trace's first point's (every axis at its first value: the
 * baseline, e.g. --set=l2sim:medic=none,...) over its own.  With closed
 * timing the same ratio of gpusim's cycles is a measured speedup.
 */
static void stall_speedup(struct wt_table *t, const char *stall, const char *speedup)
{
	int cs = wt_table_col(t, stall);
	int cx = wt_table_col(t, speedup);

	if (cs < 0 || cx < 0)
		return;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct wt_cell *own = wt_table_cell(t, r, (unsigned)cs);
		size_t b = 0;

		while (b < r && strcmp(wt_table_cell(t, b, 1)->text,
				       wt_table_cell(t, r, 1)->text) != 0)
			b++;		/* the trace's first row */
		if (own->kind == WT_CELL_NUM && own->num > 0 &&
		    wt_table_cell(t, b, (unsigned)cs)->kind == WT_CELL_NUM)
			wt_table_num(t, r, (unsigned)cx,
				     wt_table_cell(t, b, (unsigned)cs)->num / own->num, 3);
	}
}

struct wt_table *wt_sweep_collect(const struct wt_sweep *s, size_t *nbad)
{
	/* closed timing: a column says so, its metrics after it */
	unsigned nmet = 0, ncols, scol = 2 + s->naxes, mcol = scol + 1 + !!s->closed;
	const char **cols;
	size_t *vi = wt_calloc(s->naxes ? s->naxes : 1, sizeof(*vi)), t;
	char title[PATH_MAX + 64];
	struct wt_table *tab;

	while (wt_sweep_metric(s, nmet))
		nmet++;
	ncols = 3 + s->naxes + nmet + !!s->closed;
	cols = wt_calloc(ncols, sizeof(*cols));
	cols[0] = "point";
	cols[1] = "trace";
	for (unsigned i = 0; i < s->naxes; i++)
		cols[2 + i] = s->axes[i].name;
	cols[scol] = "status";
	if (s->closed)
		cols[scol + 1] = "timing";
	for (unsigned i = 0; i < nmet; i++)
		cols[mcol + i] = wt_sweep_metric(s, i);
	if (s->closed)
		wt_snprintf(title, sizeof(title), "sweep %s: %zu points, closed "
			    "timing (gpusim: SMs, L1, interconnect, L2 and DRAM "
			    "on one clock; core cycles)", s->dir, s->npoints);
	else
		wt_snprintf(title, sizeof(title), "sweep %s: %zu points up to %s",
			    s->dir, s->npoints, prog_names[s->until]);
	tab = wt_table_newv("sweep", title, ncols, cols);
	free(cols);
	*nbad = 0;
	for (size_t p = 0; p < s->npoints; p++) {
		size_t r = wt_table_add_row(tab);
		char status[64], why[PATH_MAX + 256];
		const char *reason = NULL;
		int code, sig;

		wt_sweep_coords(s, p, &t, vi);
		wt_table_num(tab, r, 0, (double)(p + 1), 0);
		wt_table_text(tab, r, 1, s->traces[t].name);
		for (unsigned i = 0; i < s->naxes; i++)
			wt_table_text(tab, r, 2 + i, s->axes[i].values[vi[i]]);
		if (point_exit(s, p, &code, &sig) && (code || sig)) {
			wt_snprintf(status, sizeof(status), "failed (%s %d)",
				    sig ? "signal" : "exit", sig ? sig : code);
			reason = first_error(s, p, why, sizeof(why));
		} else if (fill_metrics(s, p, tab, r, mcol, why, sizeof(why)) < 0) {
			snprintf(status, sizeof(status), "missing");
			reason = why;
		} else {
			snprintf(status, sizeof(status), "ok");
		}
		wt_table_text(tab, r, scol, status);
		if (s->closed)
			wt_table_text(tab, r, scol + 1, "closed");
		if (strcmp(status, "ok") != 0) {
			char at[1024];

			/* its values as the grid names them, since the stage's
			 * error names the stage's own options */
			wt_warn("point %0*zu%s %s%s%s", s->width, p + 1,
				point_values(s, p, at, sizeof(at)), status,
				reason ? ": " : "", reason ? reason : "");
			++*nbad;
		}
	}
	free(vi);
	stall_speedup(tab, "l2sim.mean_stall", "l2sim.stall_speedup");
	stall_speedup(tab, "dramsim.mean_stall", "dramsim.stall_speedup");
	/* gpusim's cycles are the run's: fewer is faster */
	stall_speedup(tab, "gpusim.cycles", "gpusim.speedup");
	return tab;
}
