/*
 * gpgpucfg.c - reading gpgpusim.config files; see gpgpucfg.h.
 */
#include "gpgpucfg.h"
#include "util.h"

#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Files "-config" may nest: more is a loop. */
#define MAX_DEPTH 16
/* A config file is a few KB; more is not one. */
#define MAX_FILE_BYTES (4u << 20)

void wt_gpgpu_cfg_init(struct wt_gpgpu_cfg *c)
{
	memset(c, 0, sizeof(*c));
}

void wt_gpgpu_cfg_free(struct wt_gpgpu_cfg *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->opt[i].name);
		free(c->opt[i].value);
		free(c->opt[i].file);
	}
	free(c->opt);
	memset(c, 0, sizeof(*c));
}

const struct wt_gpgpu_opt *wt_gpgpu_cfg_find(const struct wt_gpgpu_cfg *c,
					     const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->opt[i].name, name) == 0)
			return &c->opt[i];
	return NULL;
}

static void set(struct wt_gpgpu_cfg *c, const char *name, const char *value,
		const char *file, unsigned line)
{
	struct wt_gpgpu_opt *o = (struct wt_gpgpu_opt *)wt_gpgpu_cfg_find(c, name);

	if (!o) {
		if (c->n == c->cap) {
			c->cap = c->cap ? 2 * c->cap : 64;
			c->opt = wt_realloc(c->opt, c->cap * sizeof(*c->opt));
		}
		o = &c->opt[c->n++];
		o->name = wt_strdup(name);
	} else {
		free(o->value);
		free(o->file);
	}
	o->value = wt_strdup(value);
	o->file = wt_strdup(file);
	o->line = line;
}

/* One word of the text, and the line it starts on. */
struct word {
	char *s;
	unsigned line;
};

struct scan {
	const char *p;
	unsigned line;
	int comment;		/* in a comment: skip to the line's end */
};

/* The next blank-separated word, comments skipped, or NULL at the end.
 * The caller frees it. */
static char *next_word(struct scan *sc, unsigned *line)
{
	const char *start;

	for (;;) {
		char ch = *sc->p;

		if (!ch)
			return NULL;
		if (ch == '\n') {
			sc->line++;
			sc->comment = 0;
		} else if (ch == '#') {
			sc->comment = 1;
		} else if (!sc->comment && ch != ' ' && ch != '\t' && ch != '\r' &&
			   ch != '\f' && ch != '\v') {
			break;
		}
		sc->p++;
	}
	start = sc->p;
	*line = sc->line;
	while (*sc->p && !strchr(" \t\r\n\f\v#", *sc->p))
		sc->p++;
	{
		size_t n = (size_t)(sc->p - start);
		char *w = wt_malloc(n + 1);

		memcpy(w, start, n);
		w[n] = 0;
		return w;
	}
}

/* A word that opens a quote runs on to the word that closes it. */
static int quoted(struct scan *sc, char **w, const char *name, char *err,
		  size_t errlen)
{
	size_t len = strlen(*w);
	unsigned open = sc->line, line;

	if ((*w)[0] != '"')
		return 0;
	while (len < 2 || (*w)[len - 1] != '"') {
		char *more = next_word(sc, &line), *joined;

		if (!more) {
			wt_snprintf(err, errlen, "%s:%u: the quote opened here "
				    "is never closed", name, open);
			return -1;
		}
		joined = wt_malloc(len + strlen(more) + 2);
		sprintf(joined, "%s %s", *w, more);
		free(*w);
		free(more);
		*w = joined;
		len = strlen(joined);
	}
	memmove(*w, *w + 1, len - 2);
	(*w)[len - 2] = 0;
	return 0;
}

static int read_file(struct wt_gpgpu_cfg *c, const char *path, int depth,
		     char *err, size_t errlen);

static int parse(struct wt_gpgpu_cfg *c, const char *name, const char *text,
		 int depth, char *err, size_t errlen)
{
	struct scan sc = { text, 1, 0 };
	char *opt, *val;
	unsigned line, vline;

	while ((opt = next_word(&sc, &line)) != NULL) {
		if (opt[0] != '-' || !opt[1]) {
			wt_snprintf(err, errlen, "%s:%u: '%s': expected an option "
				    "(-name) here", name, line, opt);
			free(opt);
			return -1;
		}
		val = next_word(&sc, &vline);
		if (!val) {
			wt_snprintf(err, errlen, "%s:%u: %s: expected a value after "
				    "it", name, line, opt);
			free(opt);
			return -1;
		}
		if (quoted(&sc, &val, name, err, errlen) < 0) {
			free(opt);
			free(val);
			return -1;
		}
		if (strcmp(opt, "-config") == 0) {
			int rc;
			char *sub = val;

			/* As GPGPU-Sim: from the working directory; else
			 * beside the file that names it. */
			if (val[0] != '/' && access(val, F_OK) != 0 && strchr(name, '/')) {
				const char *slash = strrchr(name, '/');

				sub = wt_malloc((size_t)(slash - name) + strlen(val) + 2);
				sprintf(sub, "%.*s/%s", (int)(slash - name), name, val);
			}
			if (depth >= MAX_DEPTH) {
				wt_snprintf(err, errlen, "%s:%u: -config %s: files include "
					    "each other more than %d deep", name, line,
					    val, MAX_DEPTH);
				rc = -1;
			} else if (access(sub, R_OK) != 0) {
				wt_snprintf(err, errlen, "%s:%u: -config %s: %s", name,
					    line, sub, strerror(errno));
				rc = -1;
			} else {
				rc = read_file(c, sub, depth + 1, err, errlen);
			}
			if (sub != val)
				free(sub);
			free(opt);
			free(val);
			if (rc < 0)
				return -1;
			continue;
		}
		set(c, opt + 1, val, name, line);
		free(opt);
		free(val);
	}
	return 0;
}

static int read_file(struct wt_gpgpu_cfg *c, const char *path, int depth,
		     char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *text;
	size_t n;
	int rc;

	if (!f) {
		wt_snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	text = wt_malloc(MAX_FILE_BYTES + 1);
	n = fread(text, 1, MAX_FILE_BYTES + 1, f);
	if (ferror(f) || n > MAX_FILE_BYTES) {
		wt_snprintf(err, errlen, "%s: %s", path, ferror(f) ? strerror(errno) :
			    "larger than 4 MiB: not a configuration file");
		fclose(f);
		free(text);
		return -1;
	}
	fclose(f);
	text[n] = 0;
	if (memchr(text, 0, n)) {
		wt_snprintf(err, errlen, "%s: has NUL bytes: not a configuration "
			    "file", path);
		free(text);
		return -1;
	}
	rc = parse(c, path, text, depth, err, errlen);
	free(text);
	return rc;
}

int wt_gpgpu_cfg_read(struct wt_gpgpu_cfg *c, const char *path, char *err,
		      size_t errlen)
{
	return read_file(c, path, 0, err, errlen);
}

int wt_gpgpu_cfg_parse(struct wt_gpgpu_cfg *c, const char *name,
		       const char *text, char *err, size_t errlen)
{
	return parse(c, name, text, 0, err, errlen);
}
