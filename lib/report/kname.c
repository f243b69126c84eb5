/*
 * kname.c - kernel names demangled by c++filt and reduced for matching;
 * see kname.h.
 *
 * Demangling is left to c++filt on purpose: the Itanium ABI's grammar is
 * large and binutils keeps up with it; one process for all the
 * names costs a few milliseconds.
 */
#include "kname.h"
#include "run.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define ANON "(anonymous namespace)"
#define ANON_LEN (sizeof(ANON) - 1)

int wt_kname_mangled(const char *name)
{
	if (strncmp(name, "_Z", 2) != 0)
		return 0;
	for (const char *p = name; *p; p++)
		if ((unsigned char)*p <= ' ')
			return 0;	/* c++filt reads a name a line */
	return 1;
}

/* Run c++filt with in (a file of names) as its standard input; its lines
 * in lines[0..want-1]. */
static int filter(FILE *in, char **lines, size_t want, char *err, size_t len)
{
	static char *const argv[] = { "c++filt", "-n", NULL };	/* -n: keep the _ */
	FILE *out = tmpfile();
	char *line = NULL;
	size_t cap = 0, got = 0;
	ssize_t k;
	int rc, status = 0;

	if (!out) {
		snprintf(err, len, "c++filt: %s", strerror(errno));
		return -1;
	}
	rc = wt_run_files(argv, in, out, 0, &status);
	if (rc != 0) {
		snprintf(err, len, "c++filt: %s", rc == ENOENT ? "not found" :
			 strerror(rc < 0 ? errno : rc));
		fclose(out);
		return -1;
	}
	rewind(out);
	while ((k = getline(&line, &cap, out)) > 0) {
		if (line[k - 1] == '\n')
			line[k - 1] = '\0';
		if (got < want)
			lines[got] = wt_strdup(line);
		got++;
	}
	free(line);
	fclose(out);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		snprintf(err, len, "c++filt: %s", WIFEXITED(status) &&
			 WEXITSTATUS(status) == 127 ? "not found" : "failed");
		rc = -1;
	} else if (got != want) {
		snprintf(err, len, "c++filt: %zu lines for %zu names", got, want);
		rc = -1;
	}
	if (rc < 0)
		for (size_t i = 0; i < want && i < got; i++)
			free(lines[i]);
	return rc;
}

int wt_demangle(const char *const *names, size_t n, char **out, char *err,
		size_t len)
{
	size_t sent = 0, j = 0;
	char **lines;
	FILE *in;

	for (size_t i = 0; i < n; i++) {
		out[i] = wt_strdup(names[i]);
		sent += wt_kname_mangled(names[i]);
	}
	if (!sent)
		return 0;
	/* a file, not a pipe: c++filt's answers cannot block our writes */
	if (!(in = tmpfile())) {
		snprintf(err, len, "c++filt: %s", strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (wt_kname_mangled(names[i]))
			fprintf(in, "%s\n", names[i]);
	if (fflush(in) != 0 || fseek(in, 0, SEEK_SET) != 0) {
		snprintf(err, len, "c++filt: %s", strerror(errno));
		fclose(in);
		return -1;
	}
	lines = wt_calloc(sent, sizeof(*lines));
	if (filter(in, lines, sent, err, len) < 0) {
		free(lines);
		fclose(in);
		return -1;
	}
	fclose(in);
	for (size_t i = 0; i < n; i++)
		if (wt_kname_mangled(names[i])) {
			free(out[i]);
			out[i] = lines[j++];
		}
	free(lines);
	return 0;
}

static int opens(char c)
{
	return c == '<' || c == '(' || c == '[' || c == '{';
}

static int closes(char c)
{
	return c == '>' || c == ')' || c == ']' || c == '}';
}

/* Where the parameter list begins: the first '(' outside any bracket
 * that is not "(anonymous namespace)"; the end when there is none (ncu's
 * function names, a plain table's). */
static size_t params_at(const char *s)
{
	int depth = 0;
	size_t i;

	for (i = 0; s[i]; i++) {
		if (!depth && strncmp(s + i, ANON, ANON_LEN) == 0) {
			i += ANON_LEN - 1;
			continue;
		}
		if (!depth && s[i] == '(')
			break;
		if (opens(s[i]))
			depth++;
		else if (closes(s[i]) && depth)
			depth--;
	}
	return i;
}

/* Where the name begins in s[0..end): after the last space outside any
 * bracket, which ends the return type ("void " of a template). */
static size_t name_at(const char *s, size_t end)
{
	size_t start = 0;
	int depth = 0;

	for (size_t i = 0; i < end; i++) {
		if (opens(s[i]))
			depth++;
		else if (closes(s[i]) && depth)
			depth--;
		else if (!depth && s[i] == ' ')
			start = i + 1;
	}
	return start;
}

char *wt_kname_short(const char *demangled)
{
	size_t end, start;
	char *s;

	while (*demangled == ' ')
		demangled++;
	end = params_at(demangled);
	while (end && demangled[end - 1] == ' ')
		end--;
	start = name_at(demangled, end);
	s = wt_calloc(end - start + 1, 1);
	memcpy(s, demangled + start, end - start);
	return s;
}

char *wt_kname_key(const char *demangled)
{
	char *s = wt_kname_short(demangled), *w = s;
	int depth = 0;

	/* drop every <...>, however nested, and whatever brackets it holds */
	for (const char *p = s; *p; p++) {
		if (*p == '<' || (depth && opens(*p)))
			depth++;
		else if (depth && closes(*p))
			depth--;
		else if (!depth)
			*w++ = *p;
	}
	*w = '\0';
	return s;
}

const char *wt_kname_base(const char *key)
{
	const char *p = key, *base = key;

	while ((p = strstr(p, "::")) != NULL) {
		p += 2;
		base = p;
	}
	return base;
}
