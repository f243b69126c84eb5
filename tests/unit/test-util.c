/*
 * test-util.c - number parsing, metadata text, the stream checksum, big
 * tables, the u64 map's removals, the warp index, temporary files.
 */
#include "hash.h"
#include "json.h"
#include "keysort.h"
#include "meta.h"
#include "par.h"
#include "u64map.h"
#include "warpix.h"
#include "util.h"
#include "tap.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <string.h>
#include <unistd.h>

static void numbers(void)
{
	uint64_t v = 0;
	const char *why = "";

	ok(wt_parse_u64("0", UINT64_MAX, &v, &why) == 0 && v == 0, "0");
	ok(wt_parse_u64("18446744073709551615", UINT64_MAX, &v, &why) == 0 &&
	   v == UINT64_MAX, "2^64-1");
	ok(wt_parse_u64("18446744073709551616", UINT64_MAX, &v, &why) < 0 &&
	   strcmp(why, "number too large") == 0, "2^64 overflows");
	ok(wt_parse_u64("0xFFFFFFFFFFFFFFFF", UINT64_MAX, &v, &why) == 0 &&
	   v == UINT64_MAX, "hex 2^64-1");
	ok(wt_parse_u64("0x10000000000000000", UINT64_MAX, &v, &why) < 0, "hex overflow");
	ok(wt_parse_u64("4294967296", UINT32_MAX, &v, &why) < 0, "max respected");
	ok(wt_parse_u64("-1", UINT64_MAX, &v, &why) < 0 &&
	   strcmp(why, "negative number") == 0, "negative");
	ok(wt_parse_u64("", UINT64_MAX, &v, &why) < 0, "empty");
	ok(wt_parse_u64("0x", UINT64_MAX, &v, &why) < 0, "bare 0x");
	ok(wt_parse_u64("12 ", UINT64_MAX, &v, &why) < 0, "trailing space");
	ok(wt_parse_u64("1e3", UINT64_MAX, &v, &why) < 0, "no exponents");
	ok(wt_parse_size("48K", UINT64_MAX, &v, &why) == 0 && v == 48 * 1024, "48K");
	ok(wt_parse_size("2M", UINT64_MAX, &v, &why) == 0 && v == 2 << 20, "2M");
	ok(wt_parse_size("768", UINT64_MAX, &v, &why) == 0 && v == 768, "no suffix");
	ok(wt_parse_size("17179869184G", UINT64_MAX, &v, &why) < 0, "size overflow");
}

static void metadata(void)
{
	struct wt_meta m, back;
	char why[128], *text;
	size_t len;

	wt_meta_init(&m);
	wt_meta_init(&back);
	wt_meta_add(&m, "stage", "trace-gen 0.1.0 a.trc");
	wt_meta_add(&m, "stage", "trace-order --arch=fermi");
	wt_meta_set(&m, "line_size", "128");
	wt_meta_set(&m, "line_size", "32");
	text = wt_meta_serialise(&m, &len);
	is_str(text, "stage=trace-gen 0.1.0 a.trc\nstage=trace-order --arch=fermi\n"
	       "line_size=32\n", "serialised text");
	ok(wt_meta_parse(&back, text, len, why, sizeof(why)) == 0, "parses back");
	is_u64(back.n, 3, "three entries");
	is_str(wt_meta_get(&back, "stage"), "trace-order --arch=fermi", "last stage wins get");
	free(text);
	wt_meta_free(&back);
	ok(wt_meta_parse(&back, "novalue\n", 8, why, sizeof(why)) < 0, "line without =");
	ok(wt_meta_parse(&back, "k=v", 3, why, sizeof(why)) < 0, "line without newline");
	ok(wt_meta_parse(&back, "a b=v\n", 6, why, sizeof(why)) < 0, "bad key");
	ok(wt_meta_parse(&back, "k=v\n\0\0\0\0", 8, why, sizeof(why)) == 0, "NUL padding");
	ok(wt_meta_parse(&back, "k=v\n\0x\0\0", 8, why, sizeof(why)) < 0, "junk after padding");
	wt_meta_free(&back);
	wt_meta_free(&m);
}

/* The stream checksum (test-xxh3 checks it against xxHash's values). */
static void checksum(void)
{
	unsigned char buf[300];

	for (int i = 0; i < 300; i++)
		buf[i] = (unsigned char)(i * 7 + 3);
	ok(wt_hash64(0, buf, 64) != wt_hash64(1, buf, 64), "seed matters");
	ok(wt_hash64(0, buf, 63) != wt_hash64(0, buf, 64), "length matters");
	ok(wt_hash64(0, buf, 9) != wt_hash64(0, buf + 1, 9), "content matters");
	/* The test values of warptrace-stream(5). */
	is_u64(wt_hash64(0, "", 0), 0x2D06800538D394C2ULL, "H(0, nothing)");
	is_u64(wt_hash64(1, "WARPTRACE", 9), 0x628E45D77456E0A2ULL, "H(1, WARPTRACE)");
	is_u64(wt_hash64(7, buf, 13), 0x8C4151E1B8A6BD4EULL, "13 bytes, seed 7");
	is_u64(wt_hash64(0, buf, 64), 0x287EB1FA9E4BE2C1ULL, "64 bytes");
	is_u64(wt_hash64(2, buf, 300), 0x567844202BF2F2E4ULL, "300 bytes, seed 2");
}

/* Small and large zeroed tables: both zero, writable, freed by size. */
static void big_tables(void)
{
	size_t sizes[] = { 0, 8, 4096, (2u << 20) - 8, 2u << 20, 5u << 20 };

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		size_t n = sizes[k] / 8;
		uint64_t *t = wt_calloc_big(n, sizeof(*t)), sum = 0;

		for (size_t i = 0; i < n; i++)
			sum |= t[i];
		for (size_t i = 0; i < n; i++)
			t[i] = i;
		for (size_t i = 0; i < n; i++)
			sum |= t[i] != i;
		ok(t != NULL && sum == 0, "wt_calloc_big of %zu bytes: zeroed "
		   "and writable", n * 8);
		wt_free_big(t, n, sizeof(*t));
	}
	wt_free_big(NULL, 1u << 20, 8);
	ok(1, "wt_free_big(NULL) is a no-op");
}

/* An element of a per-thread array: 72 bytes of state, on two lines. */
struct per_thread {
	_Alignas(WT_CACHE_LINE) uint64_t word[9];
};

/* Arrays with an element on lines of its own: aligned, zeroed, and the
 * old elements kept when they grow. */
static void line_arrays(void)
{
	size_t counts[] = { 1, 3, 15 };
	struct per_thread *a = wt_calloc_lines(0, sizeof(*a));
	size_t n = 0;

	is_u64(sizeof(struct per_thread), 2 * WT_CACHE_LINE,
	       "an element of 72 bytes takes two whole lines");
	ok(a != NULL && (uintptr_t)a % WT_CACHE_LINE == 0,
	   "no elements: still a pointer to free, on a line");
	for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
		size_t more = counts[k], misplaced = 0, lost = 0, dirty = 0;

		a = wt_grow_lines(a, n, more, sizeof(*a));
		for (size_t i = 0; i < n + more; i++) {
			misplaced += (uintptr_t)&a[i] % WT_CACHE_LINE != 0;
			for (size_t j = 0; j < 9; j++) {
				if (i < n)
					lost += a[i].word[j] != i * 9 + j;
				else
					dirty += a[i].word[j] != 0;
			}
		}
		for (size_t i = n; i < n + more; i++)
			for (size_t j = 0; j < 9; j++)
				a[i].word[j] = i * 9 + j;
		ok(!misplaced && !lost && !dirty, "%zu elements and %zu more: "
		   "each on its own lines, the old kept, the new zeroed", n, more);
		n += more;
	}
	free(a);
	a = wt_calloc_lines(7, sizeof(*a));
	ok((uintptr_t)a % WT_CACHE_LINE == 0 && a[6].word[8] == 0,
	   "wt_calloc_lines: 7 elements, zeroed, on a line");
	free(a);
}

/* Key 7 stands for UINT64_MAX, which the map keeps apart. */
static uint64_t map_key(uint64_t i)
{
	return i == 7 ? UINT64_MAX : i;
}

/* The keys whose presence or value in m is not ref's (value + 1, 0:
 * absent). */
static size_t map_differs(const struct wt_u64map *m, const uint64_t *ref,
			  size_t n)
{
	size_t bad = 0;

	for (uint64_t i = 0; i < n; i++) {
		const uint64_t *v = wt_u64map_find(m, map_key(i));

		bad += ref[i] ? !v || *v != ref[i] - 1 : v != NULL;
	}
	return bad;
}

/*
 * Keys added and removed at random, few enough that they collide and
 * wrap around a small table, checked against a plain array after every
 * step: removal must leave every other key reachable.
 */
static void map_removals(void)
{
	enum { KEYS = 3000, STEPS = 200000 };
	static uint64_t ref[KEYS];	/* value + 1 of key i, 0: absent */
	struct wt_u64map *m = wt_u64map_new();
	uint64_t x = 88172645463325252ULL;
	size_t n = 0, bad = 0;
	int added;

	for (size_t s = 0; s < STEPS; s++) {
		uint64_t k;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		k = x % KEYS;
		if (ref[k] && (x >> 32) % 3 == 0) {
			wt_u64map_del(m, map_key(k));
			ref[k] = 0;
			n--;
		} else if (!ref[k]) {
			*wt_u64map_get(m, map_key(k), &added) = s;
			ref[k] = s + 1;
			n++;
		}
		if (s % 997 == 0 || s == STEPS - 1)
			bad += map_differs(m, ref, KEYS);
	}
	is_u64(bad, 0, "u64map: %d adds and removals, every key found or not "
	       "as it should", STEPS);
	is_u64(wt_u64map_count(m), n, "u64map: the count follows the removals");
	wt_u64map_del(m, KEYS + 1);
	is_u64(wt_u64map_count(m), n, "u64map: removing an absent key does "
	       "nothing");
	wt_u64map_free(m);
}

/*
 * The warp index against a plain array: dense ids a little out of order,
 * then (sparse) one far above them, which moves them all to the hash
 * map; cleared, dense again.
 */
static void warp_index(void)
{
	enum { N = 100000 };
	static uint64_t ref[N];
	struct wt_warpix *x = wt_warpix_new();
	uint64_t *v, seed = 7;
	size_t bad = 0;
	int added;

	for (int round = 0; round < 2; round++) {
		memset(ref, 0, sizeof(ref));
		for (uint32_t i = 0; i < N; i++) {
			/* shuffled within blocks of 1000: dense all along */
			uint32_t w = i / 1000 * 1000 + i % 1000 * 7 % 1000;

			seed = seed * 6364136223846793005ULL + 1;
			v = wt_warpix_get(x, w, &added);
			bad += !added;
			*v = seed;
			ref[w] = seed;
			v = wt_warpix_get(x, w, &added);
			bad += added || *v != seed;
		}
		is_u64(wt_warpix_count(x), N, "warpix: %d warps, round %d", N,
		       round);
		if (round == 0) {
			*wt_warpix_get(x, 4000000000u, &added) = 5;
			bad += !added;
			bad += !wt_warpix_find(x, 4000000000u) ||
			       *wt_warpix_find(x, 4000000000u) != 5;
			bad += wt_warpix_count(x) != N + 1;
		}
		for (uint32_t i = 0; i < N; i++) {
			const uint64_t *f = wt_warpix_find(x, i);

			bad += !f || *f != ref[i];
		}
		bad += wt_warpix_find(x, N) != NULL;
		bad += wt_warpix_find(x, 3999999999u) != NULL;
		ok(bad == 0, "warpix: values found, absent ids not, round %d "
		   "(%s)", round, round ? "dense" : "sparse from a far id");
		wt_warpix_clear(x);
		bad += wt_warpix_count(x) != 0 || wt_warpix_find(x, 3) != NULL;
	}
	ok(bad == 0, "warpix: clearing forgets every warp");
	wt_warpix_free(x);
}

/* wt_temp_fd: a file in $TMPDIR that is already gone from it, and a
 * missing $TMPDIR said. */
static void temp_files(void)
{
	char dir[] = "/tmp/test-util.XXXXXX", missing[64];
	const char *where;
	struct dirent *d;
	int fd, entries = 0;
	DIR *dp;

	if (!mkdtemp(dir)) {
		ok(0, "temp file: mkdtemp: %s", strerror(errno));
		return;
	}
	setenv("TMPDIR", dir, 1);
	fd = wt_temp_fd("test-util", &where);
	ok(fd >= 0 && write(fd, "abc", 3) == 3 && strcmp(where, dir) == 0,
	   "temp file: made in $TMPDIR, and written");
	dp = opendir(dir);
	while (dp && (d = readdir(dp)))
		entries += strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
	if (dp)
		closedir(dp);
	ok(entries == 0, "temp file: not left in the directory (%d)", entries);
	if (fd >= 0)
		close(fd);
	wt_snprintf(missing, sizeof(missing), "%s/none", dir);
	setenv("TMPDIR", missing, 1);
	errno = 0;
	fd = wt_temp_fd("test-util", &where);
	ok(fd < 0 && errno == ENOENT && strcmp(where, missing) == 0,
	   "temp file: a missing $TMPDIR is an error, and said");
	unsetenv("TMPDIR");
	rmdir(dir);
}

/*
 * Threads that fail together (wt_die) make one message, run the hooks
 * once and exit once: four threads leave a barrier and each dies, in a
 * child whose stderr is read back.
 */
enum { DIERS = 4 };
static pthread_barrier_t all_there;

static void say_hook(void)
{
	fputs("hook ran\n", stderr);
}

static void *die_now(void *arg)
{
	pthread_barrier_wait(&all_there);
	wt_die(3, "thread %d failed", (int)(intptr_t)arg);
	return NULL;
}

static void dying_threads(void)
{
	int fd[2], status = 0, lines = 0, hooks = 0;
	char buf[4096], *p;
	size_t got = 0;
	ssize_t r;
	pid_t pid;

	if (pipe(fd) < 0 || (pid = fork()) < 0) {
		ok(0, "wt_die in threads: pipe and fork");
		return;
	}
	if (pid == 0) {
		pthread_t t[DIERS];

		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		wt_atdie(say_hook);
		pthread_barrier_init(&all_there, NULL, DIERS);
		for (int i = 0; i < DIERS; i++)
			pthread_create(&t[i], NULL, die_now, (void *)(intptr_t)i);
		for (int i = 0; i < DIERS; i++)
			pthread_join(t[i], NULL);
		_exit(0);	/* not reached: a thread exits */
	}
	close(fd[1]);
	while (got < sizeof(buf) - 1 && (r = read(fd[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)r;
	buf[got] = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	for (p = buf; (p = strchr(p, '\n')) != NULL; p++)
		lines++;
	for (p = buf; (p = strstr(p, "hook ran")) != NULL; p++)
		hooks++;
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 3,
	   "wt_die in %d threads at once: exit 3", DIERS);
	is_u64((uint64_t)lines, 2, "  one message and one hook's line");
	is_u64((uint64_t)hooks, 1, "  the hook ran once");
	ok(strstr(buf, " failed\n") != NULL, "  the message: %.*s", (int)strcspn(buf, "\n"), buf);
}

/*
 * The JSON writer's strings: quotes, backslashes and control characters
 * escaped, in a short key and in a string long enough to cross the
 * writer's buffer (8 KB) with an escape at every place.
 */
static void json_strings(void)
{
	char path[] = "/tmp/wt-json-XXXXXX", err[256], *big, *text;
	size_t n = 20000, len = 0, ok_escapes = 1;
	struct wt_json *j;
	FILE *f;
	int fd = mkstemp(path);

	close(fd);
	big = malloc(n + 1);
	for (size_t i = 0; i < n; i++)
		big[i] = i % 7 == 3 ? '\x01' : i % 11 == 5 ? '"' : 'a';
	big[n] = '\0';
	j = wt_json_open(path, err, sizeof(err));
	wt_json_begin_object(j);
	wt_json_key(j, "k\"\\\x1f");
	wt_json_string(j, big);
	wt_json_end_object(j);
	ok(wt_json_close(j, err, sizeof(err)) == 0, "json: written");
	f = fopen(path, "r");
	text = malloc(8 * n);
	len = fread(text, 1, 8 * n - 1, f);
	fclose(f);
	text[len] = '\0';
	ok(strncmp(text, "{\n  \"k\\\"\\\\\\u001f\": \"", 20) == 0,
	   "json: a key's quote, backslash and control character escaped");
	for (size_t i = 0, o = 20; i < n && ok_escapes; i++) {
		const char *want = big[i] == 1 ? "\\u0001" : big[i] == '"' ? "\\\"" : "a";

		ok_escapes = strncmp(text + o, want, strlen(want)) == 0;
		o += strlen(want);
	}
	ok(ok_escapes, "json: a 20000-byte string escaped across the buffer's ends");
	unlink(path);
	free(text);
	free(big);
}

/* What the writer should make of byte c inside a string: itself, a
 * backslash and itself ('"', '\\'), or \u00XX (the control characters
 * and DEL). */
static void json_byte_want(unsigned char c, char *want)
{
	if (c == '"' || c == '\\')
		sprintf(want, "\\%c", c);
	else if (c < 0x20 || c == 0x7f)
		sprintf(want, "\\u%04x", c);
	else
		sprintf(want, "%c", c);
}

/* Every byte from 1 to 255, in a key and in a string of its own, written
 * as the rule above says (the writer decides by a table). */
static void json_every_byte(void)
{
	char path[] = "/tmp/wt-json-XXXXXX", err[256], text[64];
	unsigned bad = 0;
	int fd = mkstemp(path);

	close(fd);
	for (unsigned c = 1; c < 256; c++) {
		char in[4] = { 'a', (char)c, 'b', '\0' }, want[64], got[64], one[8];
		struct wt_json *j = wt_json_open(path, err, sizeof(err));
		FILE *f;
		size_t len;

		wt_json_begin_object(j);
		wt_json_key(j, in);
		wt_json_string(j, in);
		wt_json_end_object(j);
		if (wt_json_close(j, err, sizeof(err)) != 0) {
			bad++;
			continue;
		}
		json_byte_want((unsigned char)c, one);
		snprintf(want, sizeof(want), "{\n  \"a%sb\": \"a%sb\"\n}\n", one, one);
		f = fopen(path, "r");
		len = fread(got, 1, sizeof(got) - 1, f);
		fclose(f);
		got[len] = '\0';
		if (strcmp(got, want) != 0) {
			if (!bad)
				snprintf(text, sizeof(text), "byte 0x%02x", c);
			bad++;
		}
	}
	ok(bad == 0, "json: every byte 1..255 in a key and a string as JSON "
	   "wants it%s%s", bad ? ", not " : "", bad ? text : "");
	unlink(path);
}

/* Integers as "%llu" writes them: each number of digits, its ends and
 * their neighbours, and random values (the writer does two digits at a
 * time). */
static void json_integers(void)
{
	char path[] = "/tmp/wt-json-XXXXXX", err[256], *text, *want;
	size_t len = 0, cap = 1 << 20;
	uint64_t v[400], x = 0x9E3779B97F4A7C15ull;
	size_t n = 0, at = 0;
	struct wt_json *j;
	FILE *f;
	int fd = mkstemp(path);

	close(fd);
	v[n++] = 0;
	v[n++] = UINT64_MAX;
	for (uint64_t p = 1; p <= UINT64_MAX / 10; p *= 10) {
		v[n++] = p - 1;
		v[n++] = p;
		v[n++] = p + 1;
		v[n++] = 2 * p + 3;
	}
	while (n < sizeof(v) / sizeof(v[0])) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		v[n++] = x >> (x % 64);
	}
	j = wt_json_open(path, err, sizeof(err));
	wt_json_begin_array(j);
	for (size_t i = 0; i < n; i++)
		wt_json_u64(j, v[i]);
	wt_json_end_array(j);
	ok(wt_json_close(j, err, sizeof(err)) == 0, "json integers: written");
	text = malloc(cap);
	want = malloc(cap);
	f = fopen(path, "r");
	len = fread(text, 1, cap - 1, f);
	fclose(f);
	text[len] = '\0';
	at = (size_t)snprintf(want, cap, "[");
	for (size_t i = 0; i < n; i++)
		at += (size_t)snprintf(want + at, cap - at, "%s\n  %llu", i ? "," : "",
				       (unsigned long long)v[i]);
	snprintf(want + at, cap - at, "\n]\n");
	ok(strcmp(text, want) == 0, "json integers: %zu values as %%llu writes them", n);
	unlink(path);
	free(text);
	free(want);
}

/* wt_par_for: each item once, on threads or in order on this one. */
struct par_seen {
	pthread_mutex_t mu;
	unsigned calls[64];
	unsigned order[64], n;
	unsigned nested;	/* items of a loop inside an item's */
};

static void par_count(void *ctx, unsigned i)
{
	struct par_seen *p = ctx;

	(void)i;
	pthread_mutex_lock(&p->mu);
	p->nested++;
	pthread_mutex_unlock(&p->mu);
}

static void par_mark(void *ctx, unsigned i)
{
	struct par_seen *p = ctx;

	pthread_mutex_lock(&p->mu);
	p->calls[i]++;
	p->order[p->n++] = i;
	pthread_mutex_unlock(&p->mu);
	if (i % 16 == 0)	/* a loop inside: on this thread */
		wt_par_for(4, 1, par_count, p);
}

static void par_loops(void)
{
	ok(wt_par_threads() >= 1, "wt_par_threads: %u", wt_par_threads());
	for (int round = 0; round < 6; round++) {
		int parallel = round % 2;
		struct par_seen p = { .mu = PTHREAD_MUTEX_INITIALIZER };
		unsigned once = 0, in_order = 1;

		wt_par_for(64, parallel, par_mark, &p);
		for (unsigned i = 0; i < 64; i++) {
			once += p.calls[i] == 1;
			in_order &= p.order[i] == i;
		}
		is_u64(p.n, 64, "wt_par_for (%s, loop %d): 64 calls",
		       parallel ? "parallel" : "one thread", round);
		is_u64(once, 64, "... each item once");
		is_u64(p.nested, 16, "... and the loops inside items, each whole");
		if (!parallel)
			ok(in_order, "... on one thread, in order");
	}
}

/*
 * wt_keysort against a stable insertion sort: keys of few bits (one pass
 * or none), of every 16-bit digit, with many equal (the order of equals
 * kept), and n of 0, 1 and 5000.
 */
static void key_sort(void)
{
	static const uint64_t masks[] = { 0, 0x7, 0xffff0000ULL, ~0ULL, 0xff000000000000ffULL };
	size_t sizes[] = { 0, 1, 2, 5000 };
	uint64_t x = 0x9E3779B97F4A7C15ULL;
	unsigned bad = 0;

	for (size_t m = 0; m < sizeof(masks) / sizeof(masks[0]); m++) {
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			size_t n = sizes[s];
			uint64_t *key = malloc((n + 1) * sizeof(*key));
			uint32_t *got = malloc((n + 1) * sizeof(*got));
			uint32_t *want = malloc((n + 1) * sizeof(*want));

			for (size_t i = 0; i < n; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				key[i] = x & masks[m];
				want[i] = (uint32_t)i;
			}
			for (size_t i = 1; i < n; i++)	/* stable: moves past greater keys only */
				for (size_t j = i; j > 0 && key[want[j - 1]] > key[want[j]]; j--) {
					uint32_t t = want[j];

					want[j] = want[j - 1];
					want[j - 1] = t;
				}
			wt_keysort(key, n, got);
			bad += n && memcmp(got, want, n * sizeof(*got)) != 0;
			free(key);
			free(got);
			free(want);
		}
	}
	ok(!bad, "keysort: the stable order of keys of 5 bit patterns, 4 sizes (%u wrong)", bad);
}

int main(void)
{
	json_strings();
	json_every_byte();
	json_integers();
	numbers();
	metadata();
	checksum();
	big_tables();
	line_arrays();
	map_removals();
	warp_index();
	temp_files();
	dying_threads();
	par_loops();
	key_sort();
	return tap_done();
}
