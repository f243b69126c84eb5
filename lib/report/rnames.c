/*
 * rnames.c - the names of runs in report(1)'s tables; see rnames.h.
 */
#include "rnames.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many settings in a name: past that it stops being one. */
#define MAX_KEYS 4

/* A setting's value as a name shows it: byte sizes as 16K or 4M, other
 * numbers and yes/no as key=value, text as it is; NULL for an object. */
static char *shown(const char *key, json_t *v, char *buf, size_t len)
{
	if (json_is_string(v)) {
		snprintf(buf, len, "%s", json_string_value(v));
	} else if (json_is_boolean(v)) {
		snprintf(buf, len, "%s=%s", key, json_is_true(v) ? "yes" : "no");
	} else if (json_is_integer(v)) {
		json_int_t x = json_integer_value(v);
		int bytes = strcmp(key, "size") == 0 || strstr(key, "_size") != NULL;

		if (bytes && x >= 1048576 && x % 1048576 == 0)
			snprintf(buf, len, "%lldM", (long long)(x / 1048576));
		else if (bytes && x >= 1024 && x % 1024 == 0)
			snprintf(buf, len, "%lldK", (long long)(x / 1024));
		else
			snprintf(buf, len, "%s=%lld", key, (long long)x);
	} else if (json_is_real(v)) {
		snprintf(buf, len, "%s=%g", key, json_real_value(v));
	} else if (json_is_null(v)) {
		snprintf(buf, len, "%s=none", key);
	} else {
		return NULL;
	}
	return buf;
}

/* Whether member key of the object at path ("settings", or "" for the
 * top one) differs among the runs in group. */
static int differs_in(struct wt_stats *s, const size_t *group, size_t ng,
		      const char *path, const char *key)
{
	json_t *first = json_object_get(*path ? wt_stats_at(&s[group[0]], path) :
					s[group[0]].root, key);

	for (size_t i = 1; i < ng; i++) {
		json_t *v = json_object_get(*path ? wt_stats_at(&s[group[i]], path) :
					    s[group[i]].root, key);

		if (!first || !v || !json_equal(first, v))
			return 1;
	}
	return 0;
}

static int differs(struct wt_stats *s, const size_t *group, size_t ng,
		   const char *key)
{
	return differs_in(s, group, ng, "settings", key);
}

/* What the run is made of upstream (provenance.h), in names where it
 * differs: a sweep's warp-scheduler axis, say. */
static const char *const upstream_keys[] = {
	"machine", "warp_scheduler", "l1_timing"
};

/* Run r's name from its trace and the settings that differ in its group;
 * to be freed. */
static char *content_name(struct wt_stats *s, const size_t *group, size_t ng,
			  size_t r)
{
	json_t *set = wt_stats_at(&s[r], "settings"), *v;
	const char *trace = wt_stats_str(&s[r], "trace"), *key;
	char *name = NULL, piece[256];
	size_t len = 0, keys = 0;
	FILE *f = open_memstream(&name, &len);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	if (trace && *trace)
		fputs(trace, f);
	for (size_t k = 0; k < sizeof(upstream_keys) / sizeof(upstream_keys[0]); k++) {
		const char *u = wt_stats_str(&s[r], upstream_keys[k]);

		if (u && *u && keys < MAX_KEYS &&
		    differs_in(s, group, ng, "", upstream_keys[k])) {
			fprintf(f, "%s%s", ftell(f) ? " " : "", u);
			keys++;
		}
	}
	json_object_foreach(set, key, v) {
		/* the set count follows the size: say the size alone */
		if (strcmp(key, "sets") == 0 && differs(s, group, ng, "size"))
			continue;
		if (keys == MAX_KEYS || !differs(s, group, ng, key) ||
		    !shown(key, v, piece, sizeof(piece)))
			continue;
		fprintf(f, "%s%s", ftell(f) ? " " : "", piece);
		keys++;
	}
	if (fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "out of memory");
	return name;
}

/* The path without .json; to be freed. */
static char *path_name(const struct wt_stats *s)
{
	size_t len = strlen(s->path);
	char *name;

	if (len > 5 && strcmp(s->path + len - 5, ".json") == 0)
		len -= 5;
	name = wt_calloc(len + 1, 1);
	memcpy(name, s->path, len);
	return name;
}

/* Whether two runs of the group have one name, or one has none. */
static int ambiguous(char **names, size_t ng)
{
	for (size_t i = 0; i < ng; i++) {
		if (!names[i][0])
			return 1;
		for (size_t k = i + 1; k < ng; k++)
			if (strcmp(names[i], names[k]) == 0)
				return 1;
	}
	return 0;
}

void wt_rep_name_runs(struct wt_stats *s, size_t n)
{
	size_t *group = wt_calloc(n ? n : 1, sizeof(*group));
	char **names = wt_calloc(n ? n : 1, sizeof(*names));
	char *done = wt_calloc(n ? n : 1, 1);

	for (size_t i = 0; i < n; i++) {
		size_t ng = 0;
		int by_path;

		if (done[i])
			continue;
		for (size_t k = i; k < n; k++)
			if (!done[k] && strcmp(s[k].label, s[i].label) == 0) {
				group[ng++] = k;
				done[k] = 1;
			}
		if (ng == 1)
			continue;
		for (size_t g = 0; g < ng; g++)
			names[g] = content_name(s, group, ng, group[g]);
		by_path = ambiguous(names, ng);
		for (size_t g = 0; g < ng; g++) {
			free(s[group[g]].label);
			s[group[g]].label = by_path ? path_name(&s[group[g]]) : names[g];
			if (by_path)
				free(names[g]);
		}
	}
	free(group);
	free(names);
	free(done);
}
