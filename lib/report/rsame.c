/*
 * rsame.c - which runs report(1) may compare; see rsame.h.
 */
#include "rsame.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *nonempty(const char *s)
{
	return s && *s ? s : NULL;
}

const char *wt_run_trace(const struct wt_stats *s)
{
	const char *t = wt_stats_str(s, "trace");

	return t ? t : "";
}

const char *wt_run_hash(const struct wt_stats *s)
{
	return nonempty(wt_stats_str(s, "trace_hash"));
}

const char *wt_run_machine(const struct wt_stats *s)
{
	const char *m = nonempty(wt_stats_str(s, "settings.arch"));

	return m ? m : nonempty(wt_stats_str(s, "machine"));
}

const char *wt_run_timing(const struct wt_stats *s)
{
	if (strcmp(s->program, "l1sim") == 0)
		return nonempty(wt_stats_str(s, "settings.sched"));
	return nonempty(wt_stats_str(s, "l1_timing"));	/* upstream's */
}

/* The size of the L1 upstream of an l2sim or dramsim run, or NULL. */
static const char *l1_upstream(const struct wt_stats *s)
{
	if (strcmp(s->program, "l2sim") != 0 && strcmp(s->program, "dramsim") != 0)
		return NULL;
	return nonempty(wt_stats_str(s, "l1_size"));
}

const char *wt_run_sched(const struct wt_stats *s)
{
	return nonempty(wt_stats_str(s, "warp_scheduler"));
}

/* 0: the same trace, else WT_DIFF_TRACE or WT_DIFF_UNKNOWN. */
static unsigned trace_diff(const struct wt_stats *a, const struct wt_stats *b)
{
	const char *ha = wt_run_hash(a), *hb = wt_run_hash(b);
	const char *na = wt_run_trace(a), *nb = wt_run_trace(b);

	if (a == b)		/* a run is of its own trace, known or not */
		return 0;
	if (ha && hb)
		return strcmp(ha, hb) ? WT_DIFF_TRACE : 0;
	if (*na && *nb)
		return strcmp(na, nb) ? WT_DIFF_TRACE : 0;
	return WT_DIFF_UNKNOWN;
}

int wt_run_same_trace(const struct wt_stats *a, const struct wt_stats *b)
{
	return trace_diff(a, b) == 0;
}

/* Whether two members differ, a missing one differing from nothing. */
static int differ(const char *x, const char *y)
{
	return x && y && strcmp(x, y) != 0;
}

unsigned wt_run_differs(const struct wt_stats *a, const struct wt_stats *b)
{
	unsigned d = trace_diff(a, b);

	if (differ(wt_run_machine(a), wt_run_machine(b)))
		d |= WT_DIFF_MACHINE;
	if (differ(wt_run_timing(a), wt_run_timing(b)))
		d |= WT_DIFF_TIMING;
	if (differ(l1_upstream(a), l1_upstream(b)))
		d |= WT_DIFF_L1;
	return d;
}

/* A setting's value as text: strings as they are, the rest as JSON. */
static void value_text(json_t *v, char *buf, size_t len)
{
	char *dump;

	if (!v) {
		snprintf(buf, len, "none");
	} else if (json_is_string(v)) {
		snprintf(buf, len, "%s", json_string_value(v));
	} else {
		dump = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
		snprintf(buf, len, "%s", dump ? dump : "?");
		free(dump);
	}
}

const char *wt_run_settings_diff(const struct wt_stats *a,
				 const struct wt_stats *b, char *buf, size_t len)
{
	json_t *sa = wt_stats_at(a, "settings"), *sb = wt_stats_at(b, "settings");
	json_t *va, *vb;
	const char *key;
	char x[128], y[128];

	/* every key of either, the first that differs */
	for (int pass = 0; pass < 2; pass++) {
		json_object_foreach(pass ? sb : sa, key, va) {
			va = json_object_get(sa, key);
			vb = json_object_get(sb, key);
			if (va && vb && json_equal(va, vb))
				continue;
			value_text(va, x, sizeof(x));
			value_text(vb, y, sizeof(y));
			snprintf(buf, len, "settings.%s %s against %s", key, x, y);
			return buf;
		}
	}
	return NULL;
}

/* A trace as the text names it: "spmv (901db0bc)", its name alone, or
 * "an unnamed trace". */
static const char *trace_text(const struct wt_stats *s, char *buf, size_t len)
{
	const char *n = wt_run_trace(s), *h = wt_run_hash(s);

	if (h)
		snprintf(buf, len, "%s (%.8s)", *n ? n : "unnamed", h);
	else
		snprintf(buf, len, "%s", *n ? n : "an unnamed trace");
	return buf;
}

/* Append to the text in buf, cut off at len. */
static void add(char *buf, size_t len, const char *fmt, ...) WT_PRINTF(3, 4);
static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t at = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + at, len - at, fmt, ap);
	va_end(ap);
}

const char *wt_run_diff_text(const struct wt_stats *a, const struct wt_stats *b,
			     unsigned diff, char *buf, size_t len)
{
	char ta[128], tb[128];

	buf[0] = 0;
	if (diff & WT_DIFF_TRACE)
		add(buf, len, "trace %s against %s", trace_text(a, ta, sizeof(ta)),
		    trace_text(b, tb, sizeof(tb)));
	if (diff & WT_DIFF_UNKNOWN)
		add(buf, len, "trace unknown (%s against %s: no trace name or "
		    "hash; was the trace read from standard input?)",
		    trace_text(a, ta, sizeof(ta)), trace_text(b, tb, sizeof(tb)));
	if (diff & WT_DIFF_MACHINE)
		add(buf, len, "%smachine %s against %s", buf[0] ? "; " : "",
		    wt_run_machine(a), wt_run_machine(b));
	if (diff & WT_DIFF_TIMING)
		add(buf, len, "%sL1 timing %s against %s", buf[0] ? "; " : "",
		    wt_run_timing(a), wt_run_timing(b));
	if (diff & WT_DIFF_L1)
		add(buf, len, "%sL1 upstream of %s against %s bytes", buf[0] ? "; " : "",
		    l1_upstream(a), l1_upstream(b));
	return buf;
}

int wt_run_may_compare(const struct wt_stats *a, const struct wt_stats *b,
		       unsigned mask, int force, const char *context,
		       const char *advice, unsigned *diff, char *err, size_t len)
{
	char why[1024];

	*diff = wt_run_differs(a, b) & mask;
	if (!*diff || force)
		return 0;
	snprintf(err, len, "%s: runs %s and %s do not compare: %s; %s", context,
		 a->label, b->label, wt_run_diff_text(a, b, *diff, why, sizeof(why)),
		 advice);
	return -1;
}
