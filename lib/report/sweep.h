/*
 * sweep.h - sweep(1)'s grids: traces times option values, expanded into
 * one pipeline per point (its cmd.sh), and the points' statistics files
 * collected into one table.  Writing the directory is sweepdir.h's,
 * running the points sweeppool.h's (or wt_sweep_run's, below).
 *
 * Point p (from 0) takes its trace and axis values in mixed radix: the
 * trace is the most significant digit, then the axes in the order given,
 * the last axis varying fastest.  Directories are numbered from 1.
 */
#ifndef WT_SWEEP_H
#define WT_SWEEP_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "table.h"

/* The programs a sweep sets options of, in pipeline order.  classify
 * reads what coalesce writes, in place of l1sim and what follows it. */
enum wt_sweep_prog {
	WT_SW_ORDER, WT_SW_COALESCE, WT_SW_L1, WT_SW_L2, WT_SW_DRAM,
	WT_SW_CLASSIFY, WT_SW_NPROGS
};

struct wt_sweep_axis {
	enum wt_sweep_prog prog;
	char *option;		/* "size" */
	char *name;		/* "l1sim:size", the column */
	char **values;
	size_t nvalues;
};

struct wt_sweep_fixed {
	enum wt_sweep_prog prog;
	char *option;
	char *value;		/* NULL: a flag, "--OPTION" alone */
};

struct wt_sweep_trace {
	char *name;		/* as given: the trace column */
	char *path;		/* absolute: what cmd.sh reads */
	int kind;		/* 0: trace-gen's input; else the records of a
				   warptrace stream (record.h): access and warp
				   ones go to trace-order, requests to l1sim */
};

struct wt_sweep {
	char *dir;		/* as given */
	char *absdir;		/* absolute, once it exists */
	char *bindir;		/* the programs' directory, or NULL: PATH;
				   set by the caller */
	enum wt_sweep_prog until;	/* the last stage */
	/* --timing=closed: each point is trace-gen | trace-order | gpusim,
	 * the options of coalesce, l1sim, l2sim and dramsim passed as its
	 * --coalesce, --l1, --l2 and --dram, trace-order's that gpusim also
	 * has given to both (wt_sweep_check refuses the rest and classify);
	 * its statistics are gpusim.json.  0: the open-loop pipeline. */
	int closed;
	struct wt_sweep_trace *traces;
	size_t ntraces;
	struct wt_sweep_axis *axes;
	unsigned naxes;
	struct wt_sweep_fixed *fixed;
	unsigned nfixed;
	size_t npoints;		/* set by wt_sweep_check or wt_sweep_load */
	int width;		/* digits of a point's directory name */
};

/* An empty grid in dir, up to l1sim. */
/* 0 if dir may name a sweep's directory (it goes into cmd.sh): UTF-8
 * without control characters; else -1 with why in err. */
int wt_sweep_dir_ok(const char *dir, char *err, size_t len);
void wt_sweep_init(struct wt_sweep *s, const char *dir);
void wt_sweep_free(struct wt_sweep *s);

/* The program named name, or -1. */
int wt_sweep_prog_parse(const char *name);
const char *wt_sweep_prog_name(enum wt_sweep_prog p);

/*
 * Grid axes and constant options: "PROGRAM:OPTION=V1,V2,..." and
 * "PROGRAM:OPTION=VALUE", or an axis from its parts (the shorthands).
 * 0, or -1 with a one-line reason in err (a usage error).
 */
int wt_sweep_parse_axis(struct wt_sweep *s, const char *spec, char *err,
			size_t len);
int wt_sweep_add_axis(struct wt_sweep *s, enum wt_sweep_prog prog,
		      const char *option, const char *list, char *err, size_t len);
int wt_sweep_parse_fixed(struct wt_sweep *s, const char *spec, char *err,
			 size_t len);
/* A constant option without a value, "--OPTION" (a flag such as l2sim's
 * --disable): 0, or -1 with a usage error in err. */
int wt_sweep_add_flag(struct wt_sweep *s, enum wt_sweep_prog prog,
		      const char *option, char *err, size_t len);
/* Every option's program is in the pipeline (with closed timing: gpusim
 * honours it, and every trace is one gpusim reads); counts the points.
 * 0, or -1 with a usage error in err. */
int wt_sweep_check(struct wt_sweep *s, char *err, size_t len);
/* Add a trace file, which must be readable now, and a warptrace stream
 * (known by its header, not its name) one of access, warp or request
 * records: 0, or -1 with a data error in err. */
int wt_sweep_add_trace(struct wt_sweep *s, const char *path, char *err,
		       size_t len);

/* DIR/POINT/name (DIR/POINT when name is NULL) of point p (from 0), with
 * DIR absolute: absdir must be set. */
char *wt_sweep_path(const struct wt_sweep *s, size_t p, const char *name,
		    char *buf, size_t len);
/* Point p's pipeline, one line to run in its directory (malloc'd). */
char *wt_sweep_pipeline(const struct wt_sweep *s, size_t p);

/*
 * The upstream groups: the points that share a trace and the values of
 * the trace-order and coalesce axes share the requests coalesce makes
 * (the trace most significant, then those axes in order).  A group is
 * shared when more than one point reads its requests and it has an
 * upstream to run (its trace is not a request stream already): then its
 * points' cmd.sh take the saved requests as an argument.
 */
size_t wt_sweep_ngroups(const struct wt_sweep *s);
size_t wt_sweep_group(const struct wt_sweep *s, size_t p);
int wt_sweep_shared(const struct wt_sweep *s, size_t g);
/* Group g's upstream, trace-gen | trace-order | coalesce -o out, one
 * line for sh (malloc'd). */
char *wt_sweep_upstream(const struct wt_sweep *s, size_t g, const char *out);
/* Start group g's upstream in DIR, writing the requests to out and its
 * standard error to log: the child's pid, or -1 with errno set. */
pid_t wt_sweep_start_upstream(const struct wt_sweep *s, size_t g,
			      const char *out, const char *log);
/* Write point p's cmd.sh (its directory must exist): 0, or -1 with a
 * data error in err. */
int wt_sweep_write_cmd(const struct wt_sweep *s, size_t p, char *err,
		       size_t len);

/* Make DIR and its parents, set absdir, and write every point's
 * directory and cmd.sh, for a program that runs the points itself (as
 * mdegree(1) does): 0, or -1 with a data error in err. */
int wt_sweep_prepare(struct wt_sweep *s, char *err, size_t len);
/* Start "sh DIR/POINT/cmd.sh" with standard input and output /dev/null
 * and standard error DIR/POINT/stderr.txt: the child's pid, or -1 with
 * errno set. */
pid_t wt_sweep_start(const struct wt_sweep *s, size_t p);
/* The same, "sh DIR/POINT/cmd.sh REQUESTS" with the saved requests of the
 * point's group (requests NULL: as wt_sweep_start). */
pid_t wt_sweep_start_from(const struct wt_sweep *s, size_t p,
			  const char *requests);
/*
 * Run every point of the nsw grids sw, njobs at a time, with
 * wt_sweep_start, and put each one's wait status into status (the points
 * of sw[0] first): 0, or -1 with errno set if fork or waitpid failed
 * (after a failed fork, the points already started are waited for).
 */
int wt_sweep_run(struct wt_sweep *const *sw, unsigned nsw, unsigned njobs,
		 int *status);
/* The directory of the running program if trace-gen is there too (the
 * points then run the programs beside it: one version), else NULL. */
char *wt_sweep_own_bindir(void);
/* The first line of point p's stderr.txt into buf, or NULL if it has
 * none. */
const char *wt_sweep_first_error(const struct wt_sweep *s, size_t p, char *buf,
				 size_t len);

/* The i-th metric column of the pipeline, or NULL after the last. */
const char *wt_sweep_metric(const struct wt_sweep *s, unsigned i);
/* One row per point: point, trace, the axes, status, (with closed timing)
 * the timing, the metrics.  Each
 * point that is not "ok" is counted in *nbad and named on stderr. */
struct wt_table *wt_sweep_collect(const struct wt_sweep *s, size_t *nbad);
/* Relay the notes (not errors) the points' stages wrote on stderr, each
 * text once, naming its first point's values: on sweep's stderr. */
void wt_sweep_notes(const struct wt_sweep *s);
/* The values of point p (from 0): its trace and each axis's value index. */
void wt_sweep_coords(const struct wt_sweep *s, size_t p, size_t *trace,
		     size_t *vi);

#endif
