/*
 * gpgpucfg.h - reading a gpgpusim.config (and Accel-Sim's trace.config)
 * as GPGPU-Sim reads it: options and their values, with the file and
 * line each came from.
 *
 * GPGPU-Sim's option parser (option_parser.cc, ParseFile) cuts every line
 * at its first '#', joins the lines with blanks, and splits the text into
 * blank-separated words; a word that begins with '"' runs on, across
 * lines, to the first word that ends with one, the words joined by single
 * blanks and the quotes taken off.  Words then go in pairs: an option
 * ("-gpgpu_n_mem") and its value ("32"); "-config FILE" reads FILE there
 * and then.  A later value of an option replaces an earlier one.  This
 * reader does the same, except that an option without a value, a value
 * without an option and an unreadable included file are errors naming
 * the file and line (GPGPU-Sim stops on them too, less clearly).
 */
#ifndef WT_GPGPUCFG_H
#define WT_GPGPUCFG_H

#include <stddef.h>

struct wt_gpgpu_opt {
	char *name;		/* without the leading '-': "gpgpu_n_mem" */
	char *value;
	char *file;		/* where it was set */
	unsigned line;
};

struct wt_gpgpu_cfg {
	struct wt_gpgpu_opt *opt;	/* in the order first set */
	size_t n, cap;
};

void wt_gpgpu_cfg_init(struct wt_gpgpu_cfg *c);
void wt_gpgpu_cfg_free(struct wt_gpgpu_cfg *c);

/*
 * Read path into c, adding to (and replacing values in) what is there.
 * "-config FILE" inside it reads FILE as GPGPU-Sim does, from the working
 * directory, or else from the directory of the file that names it.
 * Returns 0, or -1 with "FILE:LINE: what is wrong" in err.
 */
int wt_gpgpu_cfg_read(struct wt_gpgpu_cfg *c, const char *path, char *err,
		      size_t errlen);

/* The same for text already in memory; name stands for the file. */
int wt_gpgpu_cfg_parse(struct wt_gpgpu_cfg *c, const char *name,
		       const char *text, char *err, size_t errlen);

/* The option called name (without '-'), or NULL. */
const struct wt_gpgpu_opt *wt_gpgpu_cfg_find(const struct wt_gpgpu_cfg *c,
					     const char *name);

/* Whether GPGPU-Sim 4 or Accel-Sim's trace-driven front end registers an
 * option of this name (without '-'): the names of their
 * option_parser_register calls. */
int wt_gpgpu_option_known(const char *name);

#endif
