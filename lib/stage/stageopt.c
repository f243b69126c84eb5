/*
 * stageopt.c - the shared command line of the simulator stages, and the
 * machine each models; see stageopt.h.
 */
#include "stageopt.h"
#include "progress.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { O_GPGPUSIM = 1000, O_OVERRIDE, O_SHOW };

static const struct option common[] = {
	{ "arch", required_argument, NULL, 'a' },
	{ "gpgpusim-config", required_argument, NULL, O_GPGPUSIM },
	{ "override", no_argument, NULL, O_OVERRIDE },
	{ "show-machine", no_argument, NULL, O_SHOW },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define NCOMMON (sizeof(common) / sizeof(common[0]))

/* The caller's options and the common ones, without repeating a name. */
static struct option *merged(const struct option *longopts)
{
	size_t n = 0, k;
	struct option *all;

	while (longopts[n].name)
		n++;
	all = wt_calloc(n + NCOMMON + 1, sizeof(*all));
	memcpy(all, longopts, n * sizeof(*all));
	k = n;
	for (size_t i = 0; i < NCOMMON; i++) {
		size_t j;

		for (j = 0; j < n; j++)
			if (strcmp(longopts[j].name, common[i].name) == 0)
				break;
		if (j == n)
			all[k++] = common[i];
	}
	return all;
}

void wt_stage_parse(int argc, char **argv, const char *name, const char *usage,
		    const struct option *longopts, int first, int last,
		    const char **set, struct wt_stage_args *a)
{
	struct option *all = merged(longopts);
	int ch;

	memset(a, 0, sizeof(*a));
	a->output = "-";
	a->input = "-";
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "a:o:hV", all, NULL)) != -1) {
		switch (ch) {
		case 'a':
			a->arch = optarg;
			break;
		case O_GPGPUSIM:
			a->config = optarg;
			break;
		case O_OVERRIDE:
			a->override = 1;
			break;
		case O_SHOW:
			a->show = 1;
			break;
		case 'o':
			a->output = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			exit(WT_EXIT_OK);
		case 'V':
			printf("%s (warptrace) %s\n", name, WT_VERSION);
			exit(WT_EXIT_OK);
		default:
			if (ch >= first && ch < last) {
				set[ch] = optarg ? optarg : "";
				break;
			}
			wt_bad_option(argv, optind, optopt);
		}
	}
	free(all);
	if (a->arch && a->config)
		wt_die(WT_EXIT_USAGE, "--arch=%s and --gpgpusim-config=%s: give "
		       "one machine", a->arch, a->config);
	if (argc - optind > 1)
		wt_die(WT_EXIT_USAGE, "one input stream at most (got %d); "
		       "concatenate streams with cat", argc - optind);
	if (optind < argc)
		a->input = argv[optind];
}

/* The long name of option val in all, for a message. */
static const char *long_name(const struct option *all, int val)
{
	for (const struct option *o = all; o->name; o++)
		if (o->val == val)
			return o->name;
	return "?";
}

void wt_stage_parse_inner(int argc, char **argv, const char *stage,
			  const struct option *longopts, int first, int last,
			  const int *own, const char **set, struct wt_stage_args *a)
{
	struct option *all = merged(longopts);
	int was_optind = optind, was_opterr = opterr, ch;

	memset(a, 0, sizeof(*a));
	a->output = "-";
	a->input = "-";
	optind = 0;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "a:o:hV", all, NULL)) != -1) {
		int mine = ch == 'o' || ch == 'h' || ch == 'V' || ch == O_SHOW;

		for (size_t i = 0; own[i] && !mine; i++)
			mine = ch == own[i];
		if (mine)
			wt_die(WT_EXIT_USAGE, "--%s: an option of the %s program's "
			       "own streams and files; not taken here",
			       long_name(all, ch), stage);
		switch (ch) {
		case 'a':
			a->arch = optarg;
			break;
		case O_GPGPUSIM:
			a->config = optarg;
			break;
		case O_OVERRIDE:
			a->override = 1;
			break;
		default:
			if (ch >= first && ch < last) {
				set[ch] = optarg ? optarg : "";
				break;
			}
			if (optopt && argv[optind - 1][0] == '-' &&
			    argv[optind - 1][1] != '-')
				wt_die(WT_EXIT_USAGE, "option '-%c' is unknown or "
				       "needs a value (try '%s --help')", optopt, stage);
			wt_die(WT_EXIT_USAGE, "option '%s' is unknown or needs a "
			       "value (try '%s --help')", argv[optind - 1], stage);
		}
	}
	free(all);
	if (a->arch && a->config)
		wt_die(WT_EXIT_USAGE, "--arch=%s and --gpgpusim-config=%s: give "
		       "one machine", a->arch, a->config);
	if (optind < argc)
		wt_die(WT_EXIT_USAGE, "%s: an input stream is the %s program's; "
		       "not taken here", argv[optind], stage);
	optind = was_optind;
	opterr = was_opterr;
}

/* The machine of --arch or --gpgpusim-config; usage errors. */
static void given_machine(const struct wt_stage_args *a, struct wt_machine *m)
{
	char err[1024], *ignored = NULL, *unknown = NULL;

	if (a->arch) {
		if (wt_machine_preset(m, a->arch, err, sizeof(err)) < 0)
			wt_die(WT_EXIT_USAGE, "--arch=%s: %s", a->arch, err);
		wt_snprintf(m->origin, sizeof(m->origin), "--arch=%s", a->arch);
		return;
	}
	if (wt_machine_from_config(m, a->config, &ignored, &unknown, err,
				   sizeof(err)) < 0)
		wt_die(WT_EXIT_USAGE, "--gpgpusim-config: %s", err);
	if (unknown)
		wt_warn("note: %s: options GPGPU-Sim does not know either were "
			"ignored: %s", a->config, unknown);
	if (ignored) {
		size_t n = 1;

		for (const char *p = ignored; (p = strchr(p, ',')); p++)
			n++;
		wt_warn("note: %s: %zu GPGPU-Sim option%s the warptrace stages do "
			"not model %s ignored (warptrace(7), MACHINES): %s",
			a->config, n, n == 1 ? "" : "s", n == 1 ? "was" : "were",
			ignored);
	}
	free(ignored);
	free(unknown);
}

/* Whether two machines give every key the same value. */
static int same_values(const struct wt_machine *x, const struct wt_machine *y)
{
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
		if (strcmp(wt_machine_get(x, k->name), wt_machine_get(y, k->name)))
			return 0;
	return 1;
}

void wt_stage_machine(const char *prog, const struct wt_stage_args *a,
		      const struct wt_meta *stream, struct wt_machine *m,
		      struct wt_meta *opts)
{
	struct wt_machine s, g;
	char err[1024];
	int have = 0;

	wt_machine_init(&s);
	wt_machine_init(&g);
	if (stream) {
		have = wt_machine_from_meta(&s, stream, err, sizeof(err));
		if (have < 0)
			wt_die(WT_EXIT_DATA, "%s", err);
	}
	if (a->arch || a->config) {
		given_machine(a, &g);
		/* A variant of the stream's GPU (nugteren of fermi) refines
		 * it; anything else contradicts it. */
		if (have && s.dflt) {
			wt_warn("note: the stream was made for %s, trace-order's "
				"default; modelling %s from here on", s.name, g.name);
			wt_snprintf(g.origin + strlen(g.origin),
				    sizeof(g.origin) - strlen(g.origin),
				    " at %s, over trace-order's default %s", prog,
				    s.name);
		} else if (have && !(a->arch && wt_machine_is_preset(&s) &&
				     wt_machine_same_gpu(g.name, s.name)) &&
			   !same_values(&g, &s)) {
			if (!a->override)
				wt_die(WT_EXIT_USAGE, "%s%s: the stream's machine is %s "
				       "(%s); give the machine to trace-order, or "
				       "--override to model %s here anyway",
				       a->arch ? "--arch=" : "--gpgpusim-config=",
				       a->arch ? a->arch : a->config, s.name, s.origin,
				       g.name);
			wt_snprintf(g.origin + strlen(g.origin),
				    sizeof(g.origin) - strlen(g.origin),
				    " over the stream's %s (--override)", s.name);
		}
		wt_machine_copy(m, &g);
	} else if (have) {
		wt_machine_copy(m, &s);
	} else {
		if (wt_machine_preset(m, "fermi", err, sizeof(err)) < 0)
			wt_die(WT_EXIT_DATA, "%s", err);	/* cannot be */
		if (strcmp(prog, "trace-order") == 0) {
			wt_snprintf(m->origin, sizeof(m->origin),
				    "trace-order's default, --arch=fermi");
			m->dflt = 1;
		} else {
			wt_snprintf(m->origin, sizeof(m->origin), "the fermi preset: "
				    "the stream names no machine, and neither --arch "
				    "nor --gpgpusim-config was given");
			m->dflt = 1;
			if (stream)
				wt_warn("note: the stream names no machine; modelling "
					"the fermi preset (GTX 480): give --arch or "
					"--gpgpusim-config, or run trace-order first");
		}
	}
	wt_machine_free(&s);
	wt_machine_free(&g);
	/* the stream's machine is known only once it is read */
	if (a->show && (stream || a->arch || a->config)) {
		wt_machine_print(m, stdout);
		exit(WT_EXIT_OK);
	}
	wt_machine_stage_options(m, prog, opts);
	for (size_t i = 0; i < opts->n; i++)
		wt_opt_mark_machine(opts->val[i]);
}

void wt_stage_defaults(const struct option *longopts, const char **set,
		       const struct wt_meta *opts)
{
	for (size_t i = 0; i < opts->n; i++)
		for (const struct option *o = longopts; o->name; o++)
			if (strcmp(o->name, opts->key[i]) == 0) {
				if (!set[o->val])
					set[o->val] = opts->val[i];
				break;
			}
}

void wt_stage_agree(const char *name, const char *given, const char *want,
		    const char *whence, int override)
{
	char *end1, *end2;
	unsigned long long x = strtoull(given, &end1, 10);
	unsigned long long y = strtoull(want, &end2, 10);

	if (strcmp(given, want) == 0 || (!*end1 && !*end2 && end1 != given &&
					  end2 != want && x == y))
		return;
	if (!override)
		wt_die(WT_EXIT_USAGE, "--%s=%s contradicts the stream: %s says %s; "
		       "add --override to model %s anyway", name, given, whence,
		       want, given);
}

void wt_stage_bind(const char *name, const char *given,
		   const struct wt_meta *opts, const struct wt_machine *m,
		   const struct wt_stage_args *a)
{
	const char *want = NULL;
	char whence[512];

	for (size_t i = 0; i < opts->n; i++)
		if (strcmp(opts->key[i], name) == 0)
			want = opts->val[i];
	if (!given || !want || m->dflt || a->arch || a->config)
		return;
	wt_snprintf(whence, sizeof(whence), "its machine %s (%s)", m->name,
		    m->origin);
	wt_stage_agree(name, given, want, whence, a->override);
}

struct wt_reader *wt_stage_input(const struct wt_stage_args *a, enum wt_kind kind,
				 const char *hint, wt_stage_configure configure,
				 void *ctx)
{
	struct wt_reader *r = NULL;
	char err[768];

	if (a->show && (a->arch || a->config))
		configure(NULL, ctx);	/* prints it and exits */
	if (strcmp(a->input, "-") == 0 && isatty(STDIN_FILENO))
		wt_snprintf(err, sizeof(err), "standard input is a terminal: "
			    "expected a warptrace stream (give a FILE, or a pipe)");
	else if ((r = wt_reader_open(a->input, err, sizeof(err))) != NULL &&
		 kind && wt_reader_expect(r, kind, hint) < 0)
		wt_snprintf(err, sizeof(err), "%s", wt_reader_error(r));
	else if (r) {
		configure(&wt_reader_header(r)->meta, ctx);
		wt_progress_input(wt_reader_position, r);
		return r;
	}
	configure(NULL, ctx);		/* usage errors first */
	wt_die(WT_EXIT_DATA, "%s", err);
}
/* The value of option name in set[], by longopts; NULL if not given. */
static const char *given(const struct option *longopts, const char *const *set,
			 const char *name)
{
	for (const struct option *o = longopts; o->name; o++)
		if (strcmp(o->name, name) == 0)
			return set[o->val];
	return NULL;
}

void wt_stage_group(struct wt_meta *opts, const struct option *longopts,
		    const char *const *set, const char *const *names)
{
	struct wt_meta keep;
	int any = 0;

	for (size_t i = 0; names[i]; i++)
		any |= given(longopts, set, names[i]) != NULL;
	if (!any)
		return;
	wt_meta_init(&keep);
	for (size_t i = 0; i < opts->n; i++) {
		size_t j;

		for (j = 0; names[j]; j++)
			if (strcmp(opts->key[i], names[j]) == 0)
				break;
		if (!names[j])
			wt_meta_add(&keep, opts->key[i], opts->val[i]);
	}
	wt_meta_free(opts);
	*opts = keep;
}

void wt_stage_longopts(struct option *out, const struct option *head, size_t nhead,
		       size_t (*add)(struct option *out, size_t max, int first),
		       size_t max, int first, const struct option *tail,
		       size_t ntail)
{
	size_t n = nhead;

	memcpy(out, head, nhead * sizeof(*head));
	n += add(out + n, max, first);
	memcpy(out + n, tail, ntail * sizeof(*tail));
	out[n + ntail] = (struct option){ NULL, 0, NULL, 0 };
}
