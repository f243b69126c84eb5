/*
 * json.h - a small streaming JSON writer for --stats files.
 *
 * Output goes through a sink, so a stats file appears under its name only
 * when complete.  Numbers are written exactly (integers) or with %.17g.
 */
#ifndef WT_JSON_H
#define WT_JSON_H

#include <stddef.h>
#include <stdint.h>

struct wt_json;

struct wt_json *wt_json_open(const char *path, char *err, size_t errlen);
/* Close, rename into place and free: 0, or -1 with err. */
int wt_json_close(struct wt_json *j, char *err, size_t errlen);
void wt_json_abort(struct wt_json *j);

/* Inside an object, name the next value with wt_json_key first. */
void wt_json_key(struct wt_json *j, const char *key);
void wt_json_begin_object(struct wt_json *j);
void wt_json_end_object(struct wt_json *j);
void wt_json_begin_array(struct wt_json *j);
void wt_json_end_array(struct wt_json *j);
void wt_json_string(struct wt_json *j, const char *s);
void wt_json_u64(struct wt_json *j, uint64_t v);
void wt_json_i64(struct wt_json *j, int64_t v);
void wt_json_double(struct wt_json *j, double v);
void wt_json_bool(struct wt_json *j, int v);
void wt_json_null(struct wt_json *j);

/* A named unsigned member: "key": v. */
void wt_json_key_u64(struct wt_json *j, const char *key, uint64_t v);
/* key: a / b, or null when b is 0. */
void wt_json_key_ratio(struct wt_json *j, const char *key, double a, double b);

/*
 * Open the object of a --stats file with what every program writes first:
 * "program", "version" and "command" (its argv).  The caller adds its
 * members and closes the object.
 */
void wt_json_stats_begin(struct wt_json *j, const char *program, int argc,
			 char **argv);

/* Write s as a JSON string literal (with quotes) to a stdio stream. */
void wt_json_fputs(const char *s, void *fp);

#endif
