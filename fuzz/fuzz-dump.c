/*
 * fuzz-dump.c - libFuzzer target: the dump parser (Ocelot dumps and the
 * warptrace extended dialect) on arbitrary bytes.  Every input must end
 * in a clean end of dump or one error, never a crash or a hang.
 *
 * The input's first line is also read as an access line both ways: first
 * by the general path (the first access of a dump) and then by the fast
 * path (after two good ones).  Both must give the same access, or the
 * same error on the same line; the target aborts where they differ.
 */
#include "dump.h"
#include "record.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parse text: its last access (zero if none) and its error ("" if none). */
static void parse(const char *text, size_t len, struct wt_access *last,
		  char *err, size_t n)
{
	struct wt_dump *d = wt_dump_open_mem("f.trc", text, len);
	struct wt_access a;
	int ev;

	err[0] = '\0';
	memset(last, 0, sizeof(*last));
	while ((ev = wt_dump_next(d, &a)) > 0)
		if (ev == WT_DUMP_ACCESS)
			*last = a;
	if (ev < 0)
		snprintf(err, n, "%s", wt_dump_error(d));
	wt_dump_close(d);
}

/* Fields as the dialects count them: runs of bytes other than blanks. */
static int fields(const char *s, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' &&
		    (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t'))
			n++;
	return n;
}

static void same_both_ways(const char *line, size_t len)
{
	static char slow[8192], fast[8192];
	char err1[800], err2[800];
	int nf = fields(line, len), n1, n2;
	const char *good = nf == 6 ? "1 0 64 4 0x10 2" : "1 0 64 4";
	struct wt_access a1, a2;

	/* Header, comment and blank lines mean other things in the two
	 * places: only lines that can only be access lines are compared. */
	if (memchr(line, ':', len) || memchr(line, '#', len) || nf == 0)
		return;
	n1 = snprintf(slow, sizeof(slow), "blocksize: 8 1 1\n#\n#\n%.*s\n",
		      (int)len, line);
	n2 = snprintf(fast, sizeof(fast), "blocksize: 8 1 1\n%s\n%s\n%.*s\n",
		      good, good, (int)len, line);
	parse(slow, (size_t)n1, &a1, err1, sizeof(err1));
	parse(fast, (size_t)n2, &a2, err2, sizeof(err2));
	if (strcmp(err1, err2) != 0 ||
	    (!err1[0] && memcmp(&a1, &a2, sizeof(a1)) != 0)) {
		fprintf(stderr, "fuzz-dump: the fast path differs on '%.*s': "
			"'%s' against '%s'\n", (int)len, line, err2, err1);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wt_dump *d = wt_dump_open_mem("fuzz", (const char *)data, size);
	const char *nl = memchr(data, '\n', size);
	size_t first = nl ? (size_t)(nl - (const char *)data) : size;
	struct wt_access a;
	int rc;

	if (!d)
		return 0;
	while ((rc = wt_dump_next(d, &a)) > 0)
		if (rc == WT_DUMP_KERNEL)
			(void)wt_dump_kernel(d);
	if (rc < 0)
		(void)wt_dump_error(d);
	wt_dump_close(d);
	if (first <= 4200 && !memchr(data, '\0', first))
		same_both_ways((const char *)data, first);
	return 0;
}
