/*
 * rruns.c - report(1)'s runs table: which trace, machine and options
 * made each stats file; see rruns.h.
 */
#include "rruns.h"
#include "rsame.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *wt_run_command(const struct wt_stats *s)
{
	json_t *cmd = wt_stats_at(s, "command"), *w;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		wt_die(WT_EXIT_DATA, "out of memory");
	json_array_foreach(cmd, i, w) {
		if (i)
			fputc(' ', f);
		wt_shell_word(f, json_is_string(w) ? json_string_value(w) : "");
	}
	if (fclose(f) != 0)
		wt_die(WT_EXIT_DATA, "out of memory");
	return buf;
}

void wt_rep_runs(struct wt_rep *r, struct wt_stats *s, size_t n,
		 const struct wt_rep_opts *o)
{
	struct wt_table *t;
	char hash[9];

	if (!n || !wt_rep_wanted(o, "runs"))
		return;
	t = wt_table_new("runs", "Runs: the trace, machine and command line "
			 "behind every stats file", 8, "run", "program", "trace", "trace hash",
			 "machine", "warp scheduler", "L1 timing", "command");
	for (size_t i = 0; i < n; i++) {
		size_t row;
		const char *h = wt_run_hash(&s[i]);
		char *cmd;

		if (s[i].view)
			continue;	/* its file's row says it */
		row = wt_table_add_row(t);
		cmd = wt_run_command(&s[i]);

		/* 8 hex digits tell traces apart in a table, as rsame.c's
		 * messages name them */
		snprintf(hash, sizeof(hash), "%.8s", h ? h : "");
		wt_table_text(t, row, 0, s[i].label);
		wt_table_text(t, row, 1, s[i].program);
		wt_table_text(t, row, 2, wt_run_trace(&s[i]));
		wt_table_text(t, row, 3, h ? hash : NULL);
		wt_table_text(t, row, 4, wt_run_machine(&s[i]));
		wt_table_text(t, row, 5, wt_run_sched(&s[i]));
		wt_table_text(t, row, 6, wt_run_timing(&s[i]));
		wt_table_text(t, row, 7, cmd);
		free(cmd);
	}
	wt_rep_add_table(r, t);
}
