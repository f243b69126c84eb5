/*
 * machine.h - one description of the GPU a pipeline models, from
 * trace-order (or a gpgpusim.config) through every later stage.
 *
 * A machine is a set of settings named as GPGPU-Sim names its options
 * ("gpgpu_n_clusters", "gpgpu_cache:dl1", ...; machinekeys.c lists every
 * one warptrace reads, with GPGPU-Sim's own default) and a few of
 * warptrace's own, named "wt_..." (what GPGPU-Sim has no option for, such
 * as MeDiC's L2 banks).  So a preset is a gpgpusim.config, and a
 * gpgpusim.config is a machine: both go through the same code.
 *
 * trace-order writes the machine into its stream's header (the keys
 * "machine", "machine_origin", "machine_default" and "machine.KEY", ':'
 * written '.'), and
 * every later stage takes its defaults from there: each stage's options
 * that the machine sets (wt_machine_stage_options) take the machine's
 * values unless the command line gives them.  warptrace(7), MACHINES, is
 * the user's description.
 */
#ifndef WT_MACHINE_H
#define WT_MACHINE_H

#include <stddef.h>
#include <stdio.h>

#include "meta.h"

struct wt_machine {
	char name[64];		/* the preset, or the config file's base name */
	char origin[320];	/* how it was chosen: "--arch=volta",
				 * "--gpgpusim-config=FILE", "trace-order's
				 * default", ... */
	int dflt;		/* nobody chose it: trace-order's default,
				 * which later stages' options may change */
	struct wt_meta val;	/* key -> value, every key of machinekeys.c */
	struct wt_meta src;	/* key -> where its value comes from */
};

/* What a key is for: the stage that reads it. */
enum wt_mstage {
	WT_MS_ALL,		/* describes the GPU */
	WT_MS_ORDER,		/* trace-order */
	WT_MS_COALESCE,
	WT_MS_L1,
	WT_MS_L2,
	WT_MS_DRAM,
	WT_MS_NONE,		/* recorded, not simulated (see its doc) */
};

struct wt_mkey {
	const char *name;	/* GPGPU-Sim's option without '-', or wt_... */
	enum wt_mstage stage;
	const char *dflt;	/* GPGPU-Sim's default; NULL for wt_ keys */
	/* Check a value: 0, or -1 with what was expected in why. */
	int (*check)(const char *value, char *why, size_t n);
	const char *doc;	/* one line */
};

/* The keys, in the order they are written, ending with a NULL name. */
extern const struct wt_mkey wt_mkeys[];
const struct wt_mkey *wt_mkey_find(const char *name);
/* Whether k is a key that streams written before it was one lack: their
 * machine gets the preset's value, or the default. */
int wt_mkey_late(const struct wt_mkey *k);

void wt_machine_init(struct wt_machine *m);
void wt_machine_free(struct wt_machine *m);
void wt_machine_copy(struct wt_machine *dst, const struct wt_machine *src);

/*
 * Make m the preset called name (presets.c): fermi, kepler, pascal,
 * volta, turing, ampere, hopper, nugteren, or a GPU's own name (gtx480,
 * kepler-titan, titanx, gtx1080, qv100, titanv, rtx2060, rtx3070, a100,
 * h100).
 * Returns 0, or -1 with err.
 */
int wt_machine_preset(struct wt_machine *m, const char *name, char *err,
		      size_t errlen);
/* "fermi, kepler, ... or h100" for messages. */
const char *wt_machine_preset_names(void);
/* Whether machines called a and b describe the same GPU for the stages:
 * the same preset, one a generation's name for the other (volta for
 * qv100), or one a variant of the other (nugteren of gtx480).  Two GPUs
 * of one generation (titanv and qv100) are not the same. */
int wt_machine_same_gpu(const char *a, const char *b);
/* Whether m is a preset as it is (its name a preset's, and not made from
 * a gpgpusim.config: a config is named for its directory, which may be
 * called like a preset). */
int wt_machine_is_preset(const struct wt_machine *m);

/*
 * Make m from gpgpusim.config files (one or several, comma-separated,
 * read in order; "-config FILE" inside them is followed): every option
 * warptrace reads takes the files' value, or GPGPU-Sim's default where
 * they give none; the wt_ keys take fermi's values.  What the files set
 * that warptrace does not read goes into *ignored (GPGPU-Sim options) and
 * *unknown (words GPGPU-Sim does not know either), comma-separated, for
 * a note; either may be NULL.  The caller frees them.  Returns 0, or -1
 * with "FILE:LINE: -option 'value': expected ..." in err.
 */
int wt_machine_from_config(struct wt_machine *m, const char *paths,
			   char **ignored, char **unknown, char *err,
			   size_t errlen);

/* Write m into stream metadata: "machine", "machine_origin" and every
 * "machine.KEY". */
void wt_machine_to_meta(const struct wt_machine *m, struct wt_meta *meta);
/*
 * Read the machine of stream metadata: 1 if it has one, 0 if it has
 * none, -1 with err if it is not a whole and valid machine.
 */
int wt_machine_from_meta(struct wt_machine *m, const struct wt_meta *meta,
			 char *err, size_t errlen);

/* Write the fermi preset into meta as nobody's choice (machine_default
 * yes), from program who: for the synthetic streams of test and benchmark
 * generators, which stand where trace-order would. */
void wt_machine_default_meta(struct wt_meta *meta, const char *who);

/* The value of key, or NULL if m has none. */
const char *wt_machine_get(const struct wt_machine *m, const char *key);
/* Set key (a key of wt_mkeys) to value, from src. */
void wt_machine_set(struct wt_machine *m, const char *key, const char *value,
		    const char *src);

/*
 * The options of program prog ("trace-order", "coalesce", "l1sim",
 * "l2sim", "dramsim") that the machine sets, as long option name -> value
 * pairs in opts (added in order; later ones are derived from earlier
 * ones and may repeat none).  machinestage.c says how each comes from
 * the keys.
 */
void wt_machine_stage_options(const struct wt_machine *m, const char *prog,
			      struct wt_meta *opts);

/* Print m as a gpgpusim.config that gives it back, each value with its
 * source as a comment. */
void wt_machine_print(const struct wt_machine *m, FILE *out);

#endif
