/*
 * meta.c - key=value metadata lists.
 */
#include "meta.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void wt_meta_init(struct wt_meta *m)
{
	memset(m, 0, sizeof(*m));
}

void wt_meta_free(struct wt_meta *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->key[i]);
		free(m->val[i]);
	}
	free(m->key);
	free(m->val);
	wt_meta_init(m);
}

void wt_meta_add(struct wt_meta *m, const char *key, const char *val)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 8;
		m->key = wt_realloc(m->key, m->cap * sizeof(*m->key));
		m->val = wt_realloc(m->val, m->cap * sizeof(*m->val));
	}
	m->key[m->n] = wt_strdup(key);
	m->val[m->n] = wt_strdup(val);
	m->n++;
}

void wt_meta_set(struct wt_meta *m, const char *key, const char *val)
{
	for (size_t i = m->n; i-- > 0;) {
		if (strcmp(m->key[i], key) == 0) {
			free(m->val[i]);
			m->val[i] = wt_strdup(val);
			return;
		}
	}
	wt_meta_add(m, key, val);
}

const char *wt_meta_get(const struct wt_meta *m, const char *key)
{
	for (size_t i = m->n; i-- > 0;)
		if (strcmp(m->key[i], key) == 0)
			return m->val[i];
	return NULL;
}

/*
 * The next word of a stage line into w (len bytes, cut short if longer),
 * its quotes (quote_arg's) undone; NULL at the end, else past the word.
 */
static const char *next_word(const char *p, char *w, size_t len)
{
	size_t n = 0;
	int quoted = 0;

	while (*p == ' ')
		p++;
	if (!*p)
		return NULL;
	for (; *p && (quoted || *p != ' '); p++) {
		if (*p == '\'') {
			quoted = !quoted;
			continue;
		}
		if (n + 1 < len)
			w[n++] = *p;
	}
	w[n] = 0;
	return p;
}

/* The first stage's options that take their value as the next word. */
static int takes_value(const char *opt)
{
	static const char *const opts[] = {
		"-o", "--output", "--stats", "--level", "--format"
	};

	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (strcmp(opt, opts[i]) == 0)
			return 1;
	return 0;
}

const char *wt_meta_trace_name(const struct wt_meta *m, char *buf, size_t len)
{
	const char *v = NULL, *p, *base;
	char w[4096], last[4096] = "";
	int skip = 2;		/* the program's name and version */
	size_t n;

	for (size_t i = 0; i < m->n && !v; i++)
		if (strcmp(m->key[i], "stage") == 0)
			v = m->val[i];
	buf[0] = 0;
	if (!v || !len)
		return buf;
	/* the last argument that is neither an option nor an option's value;
	 * none (standard input) when that is "-" */
	for (p = v; (p = next_word(p, w, sizeof(w))) != NULL;) {
		if (skip) {
			skip--;
		} else if (w[0] == '-' && w[1]) {
			skip = takes_value(w);
		} else {
			strcpy(last, w);
		}
	}
	if (!last[0] || strcmp(last, "-") == 0)
		return buf;
	base = strrchr(last, '/');
	base = base ? base + 1 : last;
	n = strcspn(base, ".");
	if (n >= len)
		n = len - 1;
	memcpy(buf, base, n);
	buf[n] = 0;
	return buf;
}

void wt_meta_copy(struct wt_meta *dst, const struct wt_meta *src)
{
	for (size_t i = 0; i < src->n; i++)
		wt_meta_add(dst, src->key[i], src->val[i]);
}

int wt_meta_key_ok(const char *key)
{
	if (!*key)
		return 0;
	for (; *key; key++) {
		char c = *key;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-'))
			return 0;
	}
	return 1;
}

int wt_meta_value_ok(const char *val)
{
	for (; *val; val++)
		if ((unsigned char)*val < 0x20 || *val == 0x7f)
			return 0;
	return 1;
}

/* An argument as a shell would need it: bare if plain, else single-quoted
 * (with ' written as '\''); control characters become '?'. */
static char *quote_arg(char *p, const char *a)
{
	int plain = *a != '\0';

	for (const char *c = a; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789-_=.,/:+%@", *c))
			plain = 0;
	if (plain)
		return p + sprintf(p, "%s", a);
	*p++ = '\'';
	for (; *a; a++) {
		if (*a == '\'') {
			memcpy(p, "'\\''", 4);
			p += 4;
		} else {
			*p++ = ((unsigned char)*a < 0x20 || *a == 0x7f) ? '?' : *a;
		}
	}
	*p++ = '\'';
	*p = '\0';
	return p;
}

void wt_meta_add_stage(struct wt_meta *m, int argc, char **argv)
{
	size_t len = strlen(wt_progname()) + strlen(WT_VERSION) + 2;
	char *s, *p;

	for (int i = 1; i < argc; i++)
		len += 4 * strlen(argv[i]) + 3;
	s = p = wt_malloc(len + 1);
	p += sprintf(p, "%s %s", wt_progname(), WT_VERSION);
	for (int i = 1; i < argc; i++) {
		*p++ = ' ';
		p = quote_arg(p, argv[i]);
	}
	*p = '\0';
	wt_meta_add(m, "stage", s);
	free(s);
}

char *wt_meta_serialise(const struct wt_meta *m, size_t *len)
{
	size_t n = 0;
	char *buf, *p;

	for (size_t i = 0; i < m->n; i++)
		n += strlen(m->key[i]) + strlen(m->val[i]) + 2;
	buf = p = wt_malloc(n + 1);
	for (size_t i = 0; i < m->n; i++)
		p += sprintf(p, "%s=%s\n", m->key[i], m->val[i]);
	*len = n;
	return buf;
}

int wt_meta_parse(struct wt_meta *m, const char *buf, size_t len,
		  char *why, size_t whylen)
{
	size_t pos = 0;
	int line = 0;

	while (pos < len && buf[pos] != '\0') {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end, eq;
		char *text;

		line++;
		if (!nl) {
			wt_snprintf(why, whylen, "metadata line %d: missing newline", line);
			return -1;
		}
		end = (size_t)(nl - buf);
		text = wt_malloc(end - pos + 1);
		memcpy(text, buf + pos, end - pos);
		text[end - pos] = '\0';
		eq = strcspn(text, "=");
		if (text[eq] != '=' || memchr(text, '\0', end - pos)) {
			wt_snprintf(why, whylen, "metadata line %d: expected key=value", line);
			free(text);
			return -1;
		}
		text[eq] = '\0';
		if (!wt_meta_key_ok(text) || !wt_meta_value_ok(text + eq + 1)) {
			wt_snprintf(why, whylen, "metadata line %d: bad key or value", line);
			free(text);
			return -1;
		}
		wt_meta_add(m, text, text + eq + 1);
		free(text);
		pos = end + 1;
	}
	for (; pos < len; pos++) {
		if (buf[pos] != '\0') {
			wt_snprintf(why, whylen, "metadata: bytes after padding");
			return -1;
		}
	}
	return 0;
}
