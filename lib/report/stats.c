/*
 * stats.c - reading --stats files; see stats.h.
 */
#include "stats.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int wt_stats_load(const char *path, struct wt_stats *s, char *err, size_t len)
{
	json_error_t je;
	const char *base, *prog;
	size_t n;

	memset(s, 0, sizeof(*s));
	s->root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!s->root) {
		if (je.line < 1)
			snprintf(err, len, "%s: %s", path, je.text);
		else
			snprintf(err, len, "%s: line %d, column %d: %s", path, je.line,
				 je.column, je.text);
		return -1;
	}
	prog = json_string_value(json_object_get(s->root, "program"));
	if (!json_is_object(s->root) || !prog) {
		snprintf(err, len, "%s: not the --stats file of a warptrace program "
			 "(expected an object with a \"program\" member)", path);
		json_decref(s->root);
		s->root = NULL;
		return -1;
	}
	s->program = prog;
	s->path = wt_strdup(path);
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	s->label = wt_calloc(n + 1, 1);
	memcpy(s->label, base, n);
	return 0;
}

/* The members of a file's provenance a view keeps. */
static const char *const provenance[] = {
	"version", "command", "trace", "trace_hash", "machine",
	"warp_scheduler", "l1_timing", "l1_size", "timing",
};

static struct wt_stats view(const struct wt_stats *of, const char *program,
			    json_t *part)
{
	struct wt_stats v;
	const char *key;
	json_t *val;

	memset(&v, 0, sizeof(v));
	v.root = json_object();
	json_object_set_new(v.root, "program", json_string(program));
	for (size_t i = 0; i < sizeof(provenance) / sizeof(provenance[0]); i++)
		if ((val = json_object_get(of->root, provenance[i])))
			json_object_set(v.root, provenance[i], val);
	json_object_foreach(part, key, val)
		json_object_set_new(v.root, key, json_deep_copy(val));
	v.program = json_string_value(json_object_get(v.root, "program"));
	v.path = wt_strdup(of->path);
	v.label = wt_strdup(of->label);
	v.view = 1;
	return v;
}

size_t wt_stats_expand(struct wt_stats **s, size_t n)
{
	static const char *const parts[][2] = {
		{ "l1", "l1sim" }, { "l2", "l2sim" }, { "dram", "dramsim" },
	};
	size_t m = n;

	for (size_t i = 0; i < n; i++) {
		if (strcmp((*s)[i].program, "gpusim") != 0)
			continue;
		for (size_t k = 0; k < 3; k++) {
			json_t *part = json_object_get((*s)[i].root, parts[k][0]);
			json_t *total;

			if (!json_is_object(part))
				continue;
			*s = wt_realloc(*s, (m + 1) * sizeof(**s));
			(*s)[m] = view(&(*s)[i], parts[k][1], part);
			total = json_object_get((*s)[m].root, "total");
			if (k == 0 && json_is_object(total)) {
				json_object_set(total, "cycles",
						json_object_get((*s)[i].root, "cycles"));
				json_object_set(total, "ipc",
						json_object_get((*s)[i].root, "ipc"));
			}
			m++;
		}
	}
	return m;
}

void wt_stats_free(struct wt_stats *s)
{
	json_decref(s->root);
	free(s->path);
	free(s->label);
	memset(s, 0, sizeof(*s));
}

json_t *wt_json_path(json_t *v, const char *path)
{
	char key[256];

	while (v && *path) {
		size_t n = strcspn(path, ".");

		if (n >= sizeof(key))
			return NULL;
		memcpy(key, path, n);
		key[n] = 0;
		if (json_is_array(v)) {
			char *end;
			unsigned long i = strtoul(key, &end, 10);

			v = *key && !*end ? json_array_get(v, i) : NULL;
		} else {
			v = json_object_get(v, key);
		}
		path += n;
		if (*path == '.')
			path++;
	}
	return v;
}

json_t *wt_stats_at(const struct wt_stats *s, const char *path)
{
	return wt_json_path(s->root, path);
}

double wt_json_num(json_t *v, const char *path)
{
	json_t *x = wt_json_path(v, path);

	return json_is_number(x) ? json_number_value(x) : NAN;
}

double wt_stats_num(const struct wt_stats *s, const char *path)
{
	return wt_json_num(s->root, path);
}

const char *wt_stats_str(const struct wt_stats *s, const char *path)
{
	return json_string_value(wt_stats_at(s, path));
}
