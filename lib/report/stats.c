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
