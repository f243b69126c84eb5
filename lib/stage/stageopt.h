/*
 * stageopt.h - the command line the simulator stages share (trace-order,
 * coalesce, l1sim, l2sim, dramsim, classify): -a/--arch NAME,
 * --gpgpusim-config=FILE, --override, --show-machine, -o/--output FILE,
 * -h/--help, -V/--version, long options numbered first .. last-1 whose
 * values are kept in set[] by number (flags get ""), and at most one
 * input stream; and the machine a stage models (machine.h), with the
 * defaults it gives the stage's options.
 */
#ifndef WT_STAGEOPT_H
#define WT_STAGEOPT_H

#include <getopt.h>

#include "machine.h"
#include "stream.h"

struct wt_stage_args {
	const char *arch;	/* -a, --arch: NULL unless given */
	const char *config;	/* --gpgpusim-config: NULL unless given */
	int override;		/* --override: a machine or an option may
				 * contradict the stream's on purpose */
	int show;		/* --show-machine */
	const char *output;	/* -o, default "-" */
	const char *input;	/* the operand, default "-" */
};

/* The help lines of the options above, for the programs' usage texts. */
#define WT_STAGE_MACHINE_USAGE \
"  -a, --arch=NAME         the machine: a preset (fermi, kepler, pascal,\n" \
"                          volta, turing, ampere, hopper, nugteren, or a\n" \
"                          GPU: gtx480, kepler-titan, titanx, gtx1080,\n" \
"                          qv100, titanv, rtx2060, rtx3070, a100, h100);\n" \
"                          default: the stream's machine, else fermi\n" \
"      --gpgpusim-config=FILE[,FILE]  the machine of a gpgpusim.config\n" \
"      --override          model the machine or option given although the\n" \
"                          stream's machine says otherwise\n" \
"      --show-machine      print the machine as a gpgpusim.config and exit\n"

/* Parse argv.  -h prints usage and -V "NAME (warptrace) VERSION" on
 * standard output and exit 0; anything else wrong is a usage error.
 * longopts need not list the options above. */
void wt_stage_parse(int argc, char **argv, const char *name, const char *usage,
		    const struct option *longopts, int first, int last,
		    const char **set, struct wt_stage_args *a);

/*
 * Parse argv as wt_stage_parse does, for a stage configured inside
 * another program (gpusim's --l1='...'), where the stage has no streams
 * and no files of its own: -h, -V, -o, --show-machine, an operand and the
 * options of own[] (their numbers, 0-ended) are usage errors that say
 * so.  stage: the program whose options these are ("l1sim"), which an
 * unknown option's error sends the user to.  Messages begin with the
 * program name wt_die gives (the caller sets it).  getopt is reset first
 * (optind = 0, glibc's full reset), so the parse works after any other in
 * the process; optind and opterr are put back after it.
 */
void wt_stage_parse_inner(int argc, char **argv, const char *stage,
			  const struct option *longopts, int first, int last,
			  const int *own, const char **set, struct wt_stage_args *a);

/*
 * The machine program prog models (into m), and the values it gives
 * prog's options (into opts, wt_machine_stage_options): the machine of
 * --arch or --gpgpusim-config, which must agree with the stream's (its
 * header metadata, NULL for none) unless a->override; else the stream's;
 * else fermi, said in a note on stderr and in m->origin.  A machine that
 * cannot be read is a usage error (--arch, --gpgpusim-config) or a data
 * error (the stream's).  With a->show, prints the machine and exits 0.
 */
void wt_stage_machine(const char *prog, const struct wt_stage_args *a,
		      const struct wt_meta *stream, struct wt_machine *m,
		      struct wt_meta *opts);

/*
 * Give every option of longopts that set[] does not have the value opts
 * has for it.  Options opts names that longopts does not have are left
 * out.
 */
void wt_stage_defaults(const struct option *longopts, const char **set,
		       const struct wt_meta *opts);

/*
 * An option given on the command line must agree with what the stream
 * says (its records, or its machine): a usage error naming both values
 * unless override.  name: the option, given: its value; want: the
 * stream's, and whence: where that comes from.  Equal numbers written
 * differently agree.
 */
void wt_stage_agree(const char *name, const char *given, const char *want,
		    const char *whence, int override);

/*
 * An option given on the command line (given; NULL if not) that the
 * machine also sets (in opts) must agree with the stream's machine
 * (wt_stage_agree), unless nobody chose that machine (m->dflt), this
 * command line gives the machine itself (--arch, --gpgpusim-config: its
 * options then change it), or --override.  For the options that decide
 * what the records are (a line size, a sector size, coalescing rules),
 * not for the what-ifs of a stage's own model.
 */
void wt_stage_bind(const char *name, const char *given,
		   const struct wt_meta *opts, const struct wt_machine *m,
		   const struct wt_stage_args *a);

/*
 * Options that make one thing together (an address mapping: partitions,
 * sub-partitions, map, indexing): if the command line (set[], by
 * longopts) gives any of names (NULL-ended), the machine's values of all
 * of them are dropped from opts, so that the options given start from
 * the stage's own defaults rather than mix with the machine's.
 */
void wt_stage_group(struct wt_meta *opts, const struct option *longopts,
		    const char *const *set, const char *const *names);

/*
 * A getopt_long table of a stage whose models' policies bring options of
 * their own: head[0..nhead-1], then the policies' (add puts at most max
 * at its out, their vals from first), then tail[0..ntail-1], then the
 * end.  out holds nhead + max + ntail + 1 entries.
 */
void wt_stage_longopts(struct option *out, const struct option *head, size_t nhead,
		       size_t (*add)(struct option *out, size_t max, int first),
		       size_t max, int first, const struct option *tail,
		       size_t ntail);

/* What a stage's configuration callback is mostly given: the command
 * line. */
struct wt_stage_cmd {
	const struct wt_stage_args *args;
	const char *const *set;		/* the options given, by number */
};

/* A stage's configuration from its input's metadata, or from the command
 * line alone (stream NULL). */
typedef void (*wt_stage_configure)(const struct wt_meta *stream, void *ctx);

/*
 * Open a stage's input, a stream of record kind `kind` (0: of any; the
 * stage checks it), and configure the stage from its header.  A terminal
 * on standard input is refused.  With --show-machine of a machine given
 * on the command line, configure(NULL) prints it and no input is read;
 * where the input cannot be opened or holds another kind, configure(NULL)
 * reports the command line's usage errors first, then the input's error
 * (hint says which program makes the kind: "run coalesce first").
 */
struct wt_reader *wt_stage_input(const struct wt_stage_args *a, enum wt_kind kind,
				 const char *hint, wt_stage_configure configure,
				 void *ctx);

#endif
