/*
 * test-format.c - the stream format: round trips of every record kind,
 * concatenation, every way a stream can be damaged, the checks of each
 * record's fields, and the source's zero-copy takes that the reader uses.
 *
 * Run with --set-field IN RECORD FIELD VALUE OUT, it copies stream IN to
 * OUT (uncompressed) with FIELD (a trace-dump column name) of record
 * RECORD set to VALUE, as the shell tests need to make bad records.
 */
#include "columns.h"
#include "source.h"
#include "stream.h"
#include "util.h"
#include "tap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

static char dir[] = "/tmp/wt-test-format.XXXXXX";

static char *tmp(const char *name)
{
	static char path[8][256];
	static int i;

	i = (i + 1) % 8;
	snprintf(path[i], sizeof(path[i]), "%s/%s", dir, name);
	return path[i];
}

/* Deterministic record contents: every byte depends on kind, index, lanes. */
static void fill(void *rec, enum wt_kind kind, unsigned lanes, uint64_t i)
{
	uint64_t x = i * 0x9E3779B97F4A7C15ULL + kind;

	switch (kind) {
	case WT_KIND_ACCESS: {
		struct wt_access *a = rec;
		a->addr = x;
		a->thread = (uint32_t)i;
		a->pc = (uint32_t)(x >> 7);
		a->icount = (uint32_t)(i % 97);
		a->size = (uint16_t)(1u << (i % 5));
		a->op = (uint8_t)(i % 3);
		a->space = (uint8_t)(i % 5);
		break;
	}
	case WT_KIND_WARP: {
		struct wt_warp *w = rec;
		memset(w, 0, sizeof(*w));
		w->time = i * 3;
		w->mask = lanes == 64 ? x : x & ((1ULL << lanes) - 1);
		w->pc = (uint32_t)x;
		w->cta = (uint32_t)(i / 8);
		w->warp = (uint32_t)(i / 2);
		w->instr = (uint32_t)i;
		w->icount = 7;
		w->sm = (uint16_t)(i % 15);
		w->size = 4;
		w->op = (uint8_t)(i % 2);
		w->lanes = (uint16_t)lanes;
		for (unsigned l = 0; l < lanes; l++)
			w->addr[l] = x + 4 * l;
		break;
	}
	case WT_KIND_REQUEST: {
		struct wt_request *r = rec;
		memset(r, 0, sizeof(*r));
		r->space = (uint8_t)(i % 5);
		r->time = i;
		r->addr = x & ~127ULL;
		r->lanes = x;
		r->pc = 16;
		r->cta = (uint32_t)i;
		r->warp = 3;
		r->instr = (uint32_t)(i >> 2);
		r->sm = 2;
		r->bytes = 128;
		r->count = 4;
		r->index = (uint8_t)(i % 4);
		r->op = 0;
		r->sectors = 0xf;
		r->icount = (uint32_t)(i % 13);
		break;
	}
	case WT_KIND_EVENT: {
		struct wt_event *e = rec;
		memset(e, 0, sizeof(*e));
		e->time = i;
		e->addr = x & ~127ULL;
		e->pc = 8;
		e->cta = 1;
		e->warp = (uint32_t)i;
		e->instr = 2;
		e->latency = 100;
		e->sm = 5;
		e->bytes = 32;
		e->type = (uint8_t)(i % 5);
		e->op = (uint8_t)(i % 3);
		e->sectors = 1;
		e->miss_class = (uint8_t)(i % 6);
		e->level = 1 + (uint8_t)(i % 2);
		e->space = (uint8_t)(i % 5);
		e->partition = (uint16_t)(i % 6);
		break;
	}
	}
}

static const uint64_t kernel_sizes[] = { 3, 0, 20000, 1 };
#define NKERNELS (sizeof(kernel_sizes) / sizeof(kernel_sizes[0]))

/* The records go in one wt_writer_put each when batch is 0, else in
 * wt_writer_put_many calls of up to batch records. */
static void write_batches(const char *path, enum wt_kind kind, unsigned lanes,
			  int level, size_t batch)
{
	struct wt_header h;
	struct wt_writer *w;
	size_t size = wt_record_size(kind, lanes);
	unsigned char *recs = malloc(size * (batch ? batch : 1));
	char err[512];
	uint64_t n = 0;

	wt_header_init(&h, kind, lanes);
	wt_meta_add(&h.meta, "stage", "test-format 1 --flag");
	wt_meta_add(&h.meta, "line_size", "128");
	w = wt_writer_open(path, &h, level, err, sizeof(err));
	wt_header_free(&h);
	if (!w) {
		printf("# %s\n", err);
		exit(1);
	}
	for (size_t k = 0; k < NKERNELS; k++) {
		struct wt_kernel kern;

		wt_kernel_init(&kern);
		free(kern.name);
		kern.name = wt_strdup(k == 1 ? "empty_kernel" : "kernel<float>");
		kern.grid[0] = 4 + (uint32_t)k;
		kern.grid[1] = 2;
		kern.grid[2] = 1;
		kern.block[0] = 32;
		kern.block[1] = 8;
		kern.block[2] = 1;
		kern.regs = 21;
		kern.shmem = 4096;
		wt_meta_add(&kern.extra, "note", "passed through");
		wt_writer_kernel_begin(w, &kern);
		wt_kernel_free(&kern);
		for (uint64_t i = 0; i < kernel_sizes[k];) {
			size_t m = 0;

			do
				fill(recs + m++ * size, kind, lanes, n++);
			while (++i < kernel_sizes[k] && m < batch);
			if (batch)
				wt_writer_put_many(w, recs, m);
			else
				wt_writer_put(w, recs);
		}
		wt_writer_kernel_end(w);
	}
	free(recs);
	if (wt_writer_close(w, err, sizeof(err)) < 0) {
		printf("# %s\n", err);
		exit(1);
	}
}

static void write_stream(const char *path, enum wt_kind kind, unsigned lanes,
			 int level)
{
	write_batches(path, kind, lanes, level, 0);
}

static int same_file(const char *a, const char *b);

/* wt_writer_put_many writes what as many wt_writer_put calls write:
 * batches of 7 cross the 256 KiB block boundaries, 5000 requests are
 * more than a block holds. */
static void put_many(void)
{
	static const size_t batches[] = { 1, 7, 5000 };
	char *one = wt_strdup(tmp("one.wt")), *many = tmp("many.wt");
	struct wt_header h;
	struct wt_writer *w;
	struct wt_request req[2];
	char err[512];

	for (size_t i = 0; i < 3; i++) {
		write_batches(one, WT_KIND_REQUEST, 0, 0, 0);
		write_batches(many, WT_KIND_REQUEST, 0, 0, batches[i]);
		ok(same_file(one, many), "requests put %zu at a time: the same stream",
		   batches[i]);
		write_batches(one, WT_KIND_WARP, 32, 0, 0);
		write_batches(many, WT_KIND_WARP, 32, 0, batches[i]);
		ok(same_file(one, many), "warps put %zu at a time: the same stream",
		   batches[i]);
	}
	free(one);
	wt_header_init(&h, WT_KIND_REQUEST, 0);
	w = wt_writer_open(many, &h, 0, err, sizeof(err));
	wt_header_free(&h);
	memset(req, 0, sizeof(req));
	is_u64((uint64_t)wt_writer_put_many(w, req, 0), 0, "no records outside a kernel: nothing to say");
	ok(wt_writer_put_many(w, req, 2) == -1, "records outside a kernel: refused");
	like(wt_writer_error(w), "record outside a kernel", "and the writer says so");
	wt_writer_abort(w);
}

/* Read a whole stream; 0 if sound, else -1 with the reader's message. */
static int drain(const char *path, char *msg, size_t n, uint64_t *records)
{
	struct wt_reader *r = wt_reader_open(path, msg, n);
	struct wt_item it;

	*records = 0;
	if (!r)
		return -1;
	while (wt_reader_next(r, &it) > 0)
		if (it.type == WT_ITEM_RECORDS)
			*records += it.count;
	if (it.type == WT_ITEM_ERROR) {
		snprintf(msg, n, "%s", wt_reader_error(r));
		wt_reader_close(r);
		return -1;
	}
	wt_reader_close(r);
	return 0;
}

static void round_trip(enum wt_kind kind, unsigned lanes, int level)
{
	const char *path = tmp("rt.wt");
	unsigned char want[sizeof(struct wt_warp) + 8 * WT_MAX_LANES];
	struct wt_reader *r;
	struct wt_item it;
	char err[512];
	uint64_t n = 0, bad = 0, kernels = 0, ends = 0;
	int meta_ok = 1;

	write_stream(path, kind, lanes, level);
	r = wt_reader_open(path, err, sizeof(err));
	if (!ok(r != NULL, "%s/%u level %d: opens", wt_kind_name(kind), lanes, level)) {
		printf("# %s\n", err);
		return;
	}
	is_u64(wt_reader_header(r)->kind, kind, "%s: kind in header", wt_kind_name(kind));
	is_str(wt_meta_get(&wt_reader_header(r)->meta, "stage"),
	       "test-format 1 --flag", "%s: provenance kept", wt_kind_name(kind));
	while (wt_reader_next(r, &it) > 0) {
		if (it.type == WT_ITEM_KERNEL) {
			const struct wt_kernel *k = it.kernel;

			meta_ok &= k->id == kernels && k->grid[0] == 4 + kernels &&
				   k->block[1] == 8 && k->regs == 21 &&
				   k->shmem == 4096 &&
				   strcmp(k->name, kernels == 1 ? "empty_kernel" :
					  "kernel<float>") == 0 &&
				   strcmp(wt_meta_get(&k->extra, "note") ?
					  wt_meta_get(&k->extra, "note") : "",
					  "passed through") == 0;
			kernels++;
		} else if (it.type == WT_ITEM_KERNEL_END) {
			ends++;
		} else if (it.type == WT_ITEM_RECORDS) {
			for (size_t i = 0; i < it.count; i++, n++) {
				fill(want, kind, lanes, n);
				if (memcmp(want, (const char *)it.recs +
					   i * wt_reader_header(r)->record_size,
					   wt_record_size(kind, lanes)) != 0)
					bad++;
			}
		}
	}
	is_u64(it.type, WT_ITEM_END, "%s/%u level %d: clean end", wt_kind_name(kind),
	       lanes, level);
	is_u64(n, 20004, "%s/%u level %d: every record back", wt_kind_name(kind),
	       lanes, level);
	is_u64(bad, 0, "%s/%u level %d: records byte-identical", wt_kind_name(kind),
	       lanes, level);
	ok(kernels == NKERNELS && ends == NKERNELS && meta_ok,
	   "%s/%u level %d: kernels and their metadata", wt_kind_name(kind), lanes,
	   level);
	wt_reader_close(r);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	fclose(f);
	return buf;
}

static void spill(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	fwrite(buf, 1, len, f);
	fclose(f);
}

static int same_file(const char *a, const char *b)
{
	size_t na, nb;
	unsigned char *pa = slurp(a, &na), *pb = slurp(b, &nb);
	int same = na == nb && memcmp(pa, pb, na) == 0;

	free(pa);
	free(pb);
	return same;
}

static void damage(void)
{
	const char *good = tmp("good.wt"), *bad = tmp("bad.wt");
	unsigned char *buf;
	size_t len, cut_ok = 0, flip_ok = 0, positions = 0;
	char err[512], want[64];
	uint64_t n;

	/* A small raw stream: every truncation and every flipped byte. */
	{
		struct wt_header h;
		struct wt_writer *w;
		struct wt_kernel k;
		struct wt_access a;

		wt_header_init(&h, WT_KIND_ACCESS, 0);
		wt_meta_add(&h.meta, "stage", "test");
		w = wt_writer_open(good, &h, 0, err, sizeof(err));
		wt_header_free(&h);
		wt_kernel_init(&k);
		wt_writer_kernel_begin(w, &k);
		for (int i = 0; i < 10; i++) {
			fill(&a, WT_KIND_ACCESS, 0, (uint64_t)i);
			wt_writer_put(w, &a);
		}
		wt_writer_kernel_end(w);
		wt_kernel_free(&k);
		wt_writer_close(w, err, sizeof(err));
	}
	buf = slurp(good, &len);
	for (size_t cut = 0; cut < len; cut++) {
		spill(bad, buf, cut);
		if (drain(bad, err, sizeof(err), &n) < 0 &&
		    (strstr(err, cut ? "truncated" : "empty input")))
			cut_ok++;
		else
			printf("# cut at %zu: %s\n", cut, err);
	}
	is_u64(cut_ok, len, "raw stream cut at each of %zu bytes: truncation error", len);
	for (size_t pos = 0; pos < len; pos++) {
		buf[pos] ^= 0x20;
		spill(bad, buf, len);
		if (drain(bad, err, sizeof(err), &n) < 0)
			flip_ok++;
		else
			printf("# flip at %zu went unnoticed\n", pos);
		buf[pos] ^= 0x20;
		positions++;
	}
	is_u64(flip_ok, positions, "raw stream: a flipped byte anywhere is an error");
	free(buf);

	/* A compressed stream: truncation and a flipped byte. */
	write_stream(good, WT_KIND_ACCESS, 0, 3);
	buf = slurp(good, &len);
	spill(bad, buf, len / 2);
	ok(drain(bad, err, sizeof(err), &n) < 0 && strstr(err, "truncated"),
	   "zstd stream cut in half: truncated");
	like(err, "truncated", "message says truncated");
	spill(bad, buf, len - 1);
	ok(drain(bad, err, sizeof(err), &n) < 0, "zstd stream missing its last byte: error");
	buf[len / 2] ^= 0x01;
	spill(bad, buf, len);
	ok(drain(bad, err, sizeof(err), &n) < 0, "zstd stream with a flipped bit: error (%s)", err);
	free(buf);

	/* Magic, version, kind. */
	spill(bad, "NOTATRACEFILE...........", 24);
	ok(drain(bad, err, sizeof(err), &n) < 0, "wrong magic: error");
	like(err, "not a warptrace stream", "wrong magic: says so");
	spill(bad, "blocksize: 32 1 1\n0 0 0 4\n", 26);
	ok(drain(bad, err, sizeof(err), &n) < 0, "text dump: error");
	like(err, "trace-gen", "text dump: hints at trace-gen");
	spill(bad, "", 0);
	ok(drain(bad, err, sizeof(err), &n) < 0, "empty input: error");
	like(err, "empty input", "empty input: says so");

	write_stream(good, WT_KIND_REQUEST, 0, 0);
	buf = slurp(good, &len);
	buf[8] = WT_FORMAT_MAJOR + 1;	/* major version */
	spill(bad, buf, len);
	/* a request stream says 4.0: its records need nothing of 4.1 */
	snprintf(want, sizeof(want), "unsupported stream format version %d.0",
		 WT_FORMAT_MAJOR + 1);
	ok(drain(bad, err, sizeof(err), &n) < 0, "the next major version: error");
	like(err, want, "version: says which");
	free(buf);

	{
		struct wt_reader *r = wt_reader_open(good, err, sizeof(err));

		ok(wt_reader_expect(r, WT_KIND_ACCESS, "run trace-gen first") < 0,
		   "wrong kind: expect fails");
		like(wt_reader_error(r), "expected a stream of 'access' records, "
		     "got 'request' records; run trace-gen first",
		     "wrong kind: names both kinds and the hint");
		wt_reader_close(r);
	}
}

static void concatenation(void)
{
	const char *a = tmp("a.wt"), *b = tmp("b.wt"), *ab = tmp("ab.wt");
	unsigned char *x, *y, *both;
	size_t nx, ny;
	struct wt_reader *r;
	struct wt_item it;
	char err[512];
	uint64_t recs = 0, last_id = 0, stages = 0;

	write_stream(a, WT_KIND_EVENT, 0, 1);
	x = slurp(a, &nx);
	write_stream(b, WT_KIND_EVENT, 0, 1);
	y = slurp(b, &ny);
	both = malloc(nx + ny);
	memcpy(both, x, nx);
	memcpy(both + nx, y, ny);
	spill(ab, both, nx + ny);
	r = wt_reader_open(ab, err, sizeof(err));
	while (wt_reader_next(r, &it) > 0) {
		if (it.type == WT_ITEM_RECORDS)
			recs += it.count;
		if (it.type == WT_ITEM_KERNEL)
			last_id = it.kernel->id;
	}
	is_u64(it.type, WT_ITEM_END, "concatenated streams read to the end");
	is_u64(recs, 2 * 20004, "concatenated streams: all records");
	is_u64(last_id, 2 * NKERNELS - 1, "concatenated streams: kernels renumbered");
	for (size_t i = 0; i < wt_reader_header(r)->meta.n; i++)
		stages += strcmp(wt_reader_header(r)->meta.key[i], "stage") == 0;
	is_u64(stages, 2, "concatenated streams: provenance of both");
	wt_reader_close(r);

	write_stream(b, WT_KIND_ACCESS, 0, 1);
	free(y);
	y = slurp(b, &ny);
	both = realloc(both, nx + ny);
	memcpy(both + nx, y, ny);
	spill(ab, both, nx + ny);
	ok(drain(ab, err, sizeof(err), &recs) < 0, "concatenation of two kinds: error");
	like(err, "'access' records after 'event' records", "mixed kinds: says which");
	free(x);
	free(y);
	free(both);
}

static void record_checks(void)
{
	unsigned char rec[sizeof(struct wt_warp) + 8 * WT_MAX_LANES];
	struct wt_access *a = (void *)rec;
	struct wt_warp *w = (void *)rec;
	struct wt_request *q = (void *)rec;
	struct wt_event *e = (void *)rec;
	char why[128];

	for (int k = 1; k <= WT_KIND_MAX; k++) {
		fill(rec, (enum wt_kind)k, 32, 5);
		ok(wt_record_check((enum wt_kind)k, 32, rec, why, sizeof(why)) == 0,
		   "check: a sound %s record passes", wt_kind_name((enum wt_kind)k));
	}
	fill(rec, WT_KIND_ACCESS, 0, 1);
	a->op = 3;
	ok(wt_record_check(WT_KIND_ACCESS, 0, rec, why, sizeof(why)) < 0, "check: access op 3");
	is_str(why, "bad op 3; expected 0 to 2 (load, store, atomic)",
	       "check: says which field, its value and what was expected");
	fill(rec, WT_KIND_ACCESS, 0, 1);
	a->size = 12;
	ok(wt_record_check(WT_KIND_ACCESS, 0, rec, why, sizeof(why)) < 0, "check: access size 12");
	fill(rec, WT_KIND_WARP, 16, 1);
	w->mask = 1ULL << 20;
	ok(wt_record_check(WT_KIND_WARP, 16, rec, why, sizeof(why)) < 0,
	   "check: warp lane 20 active in a 16-lane warp");
	fill(rec, WT_KIND_WARP, 16, 1);
	w->flags = WT_WARP_LAST;
	ok(wt_record_check(WT_KIND_WARP, 16, rec, why, sizeof(why)) == 0,
	   "check: a warp's last instruction flagged is sound");
	w->flags = 2;
	ok(wt_record_check(WT_KIND_WARP, 16, rec, why, sizeof(why)) < 0,
	   "check: a warp flag other than last");
	is_str(why, "bad flags 2; expected bits 0 (last), 4 to 7 (cache "
	       "operator) and 8 to 31 (dependences) only",
	       "check: names the warp record's flags");
	w->flags = WT_WARP_LAST | WT_COP_FLAGS(WT_COP_WT);
	ok(wt_record_check(WT_KIND_WARP, 16, rec, why, sizeof(why)) == 0 &&
	   WT_FLAGS_COP(w->flags) == WT_COP_WT && WT_COP_WT == 12,
	   "check: cache operator 12 (wt) in bits 4 to 7 (4.0)");
	w->flags = 13u << 4;
	ok(wt_record_check(WT_KIND_WARP, 16, rec, why, sizeof(why)) < 0,
	   "check: cache operator 13");
	is_str(why, "bad cache operator 13; expected 0 to 12 (flags bits 4 to 7)",
	       "check: names the cache operator");
	fill(rec, WT_KIND_REQUEST, 0, 1);
	q->flags = WT_REQ_WARP_LAST | WT_COP_FLAGS(WT_COP_STRONG_GPU);
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) == 0,
	   "check: a request of a warp's last instruction, .STRONG.GPU, is sound");
	q->flags = 0x02;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "check: a request flag other than last");
	q->flags = 0xf0;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "check: a request's cache operator 15");
	fill(rec, WT_KIND_REQUEST, 0, 1);
	q->index = q->count;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "check: request index not below its count");
	is_str(why, "bad request index 4; expected less than its count, 4",
	       "check: says the count the index is held to");
	q->count = 0;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "check: a request count of 0");
	is_str(why, "bad request count 0; expected 1 or more", "check: names the count");
	fill(rec, WT_KIND_EVENT, 0, 1);
	e->miss_class = WT_MISS_MAX + 1;
	ok(wt_record_check(WT_KIND_EVENT, 0, rec, why, sizeof(why)) < 0,
	   "check: event miss class out of range");
	fill(rec, WT_KIND_EVENT, 0, 1);
	e->level = 3;
	ok(wt_record_check(WT_KIND_EVENT, 0, rec, why, sizeof(why)) == 0,
	   "check: event level 3 (DRAM) is sound");
	fill(rec, WT_KIND_EVENT, 0, 1);
	e->level = 4;
	ok(wt_record_check(WT_KIND_EVENT, 0, rec, why, sizeof(why)) < 0, "check: event level 4");
	is_str(why, "bad level 4; expected 1 to 3 (L1, L2, DRAM)", "check: names the level");
	fill(rec, WT_KIND_WARP, 16, 1);
	w->lanes = 32;
	ok(wt_record_check(WT_KIND_WARP, 16, rec, why, sizeof(why)) < 0,
	   "check: a 32-lane warp record in a 16-lane stream");
	is_str(why, "bad lane count 32; expected the header's 16", "check: names the header's lanes");
}

/* Records of op none (4.0): the shape of a warp's last non-memory
 * instructions, in warp and request records only. */
static void none_checks(void)
{
	unsigned char rec[sizeof(struct wt_warp) + 8 * 32];
	struct wt_warp *w = (void *)rec;
	struct wt_request *q = (void *)rec;
	struct wt_access *a = (void *)rec;
	struct wt_event *e = (void *)rec;
	char why[160];

	memset(rec, 0, sizeof(rec));
	w->op = WT_OP_NONE;
	w->size = 1;
	w->lanes = 32;
	w->icount = 9;
	w->flags = WT_WARP_LAST;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "none: a warp record of op none, no lane, size 1, last, is sound");
	is_str(wt_op_name(WT_OP_NONE), "none", "none: its name");
	w->mask = 1;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "none: an active lane");
	is_str(why, "bad active mask 1; expected for op none (no memory access): 0",
	       "none: says what op none holds");
	w->mask = 0;
	w->size = 4;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "none: a size other than 1");
	w->size = 1;
	w->flags = 0;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "none: not flagged as its warp's last");
	w->flags = WT_WARP_LAST | WT_COP_FLAGS(WT_COP_CG);
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "none: a cache operator");
	w->flags = WT_WARP_LAST;
	w->space = WT_SPACE_SHARED;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "none: a space other than global");

	memset(rec, 0, sizeof(rec));
	q->op = WT_OP_NONE;
	q->count = 1;
	q->icount = 9;
	q->flags = WT_REQ_WARP_LAST;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) == 0,
	   "none: a request of op none, 1 of 1, nothing touched, last, is sound");
	q->count = 2;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "none: a request count of 2");
	q->count = 1;
	q->lanes = 1;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "none: lanes served");
	q->lanes = 0;
	q->bytes = 4;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "none: bytes used");
	q->bytes = 0;
	q->sectors = 1;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "none: a sector");
	q->sectors = 0;
	q->addr = 128;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "none: an address");
	is_str(why, "bad address 128; expected for op none (no memory access): 0",
	       "none: names the address");
	q->addr = 0;
	q->flags = 0;
	ok(wt_record_check(WT_KIND_REQUEST, 0, rec, why, sizeof(why)) < 0,
	   "none: a request not flagged its warp's last");

	memset(rec, 0, sizeof(rec));
	a->op = WT_OP_NONE;
	a->size = 1;
	ok(wt_record_check(WT_KIND_ACCESS, 0, rec, why, sizeof(why)) < 0,
	   "none: no access record is of op none");
	memset(rec, 0, sizeof(rec));
	e->op = WT_OP_NONE;
	e->level = 1;
	ok(wt_record_check(WT_KIND_EVENT, 0, rec, why, sizeof(why)) < 0,
	   "none: no event record is of op none");
	is_str(why, "bad op 3; expected 0 to 2 (load, store, atomic)",
	       "none: ... which says so");

	is_str(wt_cacheop_name(WT_COP_STRONG_SYS), "strong.sys", "cache operator name");
	is_str(wt_cacheop_name(13), "unknown", "cache operator 13 has no name");
	ok(wt_cacheop_parse("CG") == WT_COP_CG && wt_cacheop_parse("nc") == WT_COP_NC &&
	   wt_cacheop_parse("default") == WT_COP_DEFAULT &&
	   wt_cacheop_parse("strong.gpu") == WT_COP_STRONG_GPU &&
	   wt_cacheop_parse("ef") < 0, "cache operator names parse back, any case");
	for (int i = 0; i <= WT_COP_MAX; i++)
		if (wt_cacheop_parse(wt_cacheop_name((unsigned)i)) != i)
			ok(0, "cache operator %d: name and parse disagree", i);
}

/* The dependence bits of warp records (4.1, record.h): dep, at and chain
 * only under bit 8, at and chain within the record's instructions, at 0
 * with dep 0, chain 0 for op none; the barrier bit alone; and a 4.1
 * header written and read back. */
static void dep_checks(void)
{
	unsigned char rec[sizeof(struct wt_warp) + 8 * 32];
	struct wt_warp *w = (void *)rec;
	struct wt_header h;
	struct wt_writer *wr;
	struct wt_reader *r;
	char why[160], path[300];

	fill(rec, WT_KIND_WARP, 32, 1);
	w->icount = 5;
	/* dep 2 (bits 10-15: 2 << 10 = 0x800), at 3 (3 << 16 = 0x30000) */
	w->flags = WT_WARP_DEPS | 0x800u | 0x30000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "deps: dep 2 at 3 of 5 instructions is sound");
	is_u64(WT_WARP_DEP(w->flags), 2, "deps: WT_WARP_DEP reads dep");
	is_u64(WT_WARP_AT(w->flags), 3, "deps: WT_WARP_AT reads at");
	w->flags = WT_WARP_DEPS | (63u << 10) | (5u << 16) | WT_WARP_BARRIER;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "deps: dep 63, at the memory instruction (at = icount), a barrier");
	w->flags = 0x800u | 0x30000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "deps: dep and at without bit 8");
	like(why, "without bit 8", "deps: ... says so");
	w->flags = WT_WARP_BARRIER;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "deps: the barrier bit alone is sound");
	w->flags = WT_WARP_DEPS | 0x400u | (6u << 16);
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "deps: at 6 past the 5 non-memory instructions and the memory one");
	is_str(why, "bad at 6; expected at most the record's icount",
	       "deps: ... names at");
	w->flags = WT_WARP_DEPS | (1u << 16);
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "deps: at 1 with dep 0");
	w->icount = 70000;
	/* at 1023 (bits 16-25 all set: 0x3ff0000) */
	w->flags = WT_WARP_DEPS | 0x400u | 0x3ff0000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "deps: at 1023 for 70000 instructions before the first that waits");
	is_u64(WT_WARP_AT(w->flags), 1023, "deps: WT_WARP_AT reads at 1023");
	is_u64(WT_WARP_CHAIN(w->flags), 0, "deps: ... and no chain beside it");

	/* chain (bits 26-31): 3 << 26 = 0xc000000, beside dep 1 at 2
	 * (0x400 | 0x20000), of a record of 5 non-memory instructions */
	w->icount = 5;
	w->flags = WT_WARP_DEPS | 0x400u | 0x20000u | 0xc000000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "chain: 3 of 5 instructions, dep 1 at 2, is sound");
	ok(WT_WARP_CHAIN(w->flags) == 3 && WT_WARP_AT(w->flags) == 2 &&
	   WT_WARP_DEP(w->flags) == 1, "chain: the three macros read 3, 2, 1");
	/* 63 << 26 = 0xfc000000, the top bits: at stays 0 */
	w->flags = WT_WARP_DEPS | 0xfc000000u;
	is_u64(WT_WARP_CHAIN(w->flags), 63, "chain: WT_WARP_CHAIN reads 63");
	is_u64(WT_WARP_AT(w->flags), 0, "chain: ... and WT_WARP_AT not it");
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "chain: 63, longer than the record's 5 instructions");
	is_str(why, "bad chain 63; expected at most the record's icount "
	       "(a run of its non-memory instructions)", "chain: ... names chain");
	/* 5 << 26 = 0x14000000: as long as icount */
	w->flags = WT_WARP_DEPS | 0x14000000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "chain: 5, every one of the 5 instructions, is sound");
	/* 6 << 26 = 0x18000000: one past it */
	w->flags = WT_WARP_DEPS | 0x18000000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "chain: 6, one more than the 5 instructions");
	w->flags = 0x4000000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "chain: 1 without bit 8");
	is_str(why, "bad flags 67108864; expected dep (bits 10 to 15), at (bits "
	       "16 to 25) and chain (bits 26 to 31) 0 without bit 8 (deps)",
	       "chain: ... says so (flags 1 << 26 = 67108864)");
	/* op none: no memory instruction; its shape otherwise sound */
	w->op = WT_OP_NONE;
	w->mask = 0;
	w->size = 1;
	w->space = WT_SPACE_GLOBAL;
	w->flags = WT_WARP_LAST | WT_WARP_DEPS;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "chain: a record of op none, chain 0, is sound");
	w->flags = WT_WARP_LAST | WT_WARP_DEPS | 0x4000000u;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "chain: 1 on a record of op none");
	is_str(why, "bad chain 1; expected for op none (no memory access): 0",
	       "chain: ... says so");
	/* the classes byte (4.2): two bits a class, counting the chain's
	 * instructions that are not integer ones */
	fill(rec, WT_KIND_WARP, 32, 1);
	w->icount = 5;
	w->flags = WT_WARP_DEPS | 0xc000000u;	/* chain 3 */
	/* sp 1 (bits 0-1), sfu 2 (bits 4-5): 0x01 | 0x20 */
	w->classes = 0x21;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) == 0,
	   "classes: 1 sp and 2 sfu of a chain of 3 is sound");
	ok(WT_WARP_CLASS(w->classes, WT_LAT_SP) == 1 &&
	   WT_WARP_CLASS(w->classes, WT_LAT_DP) == 0 &&
	   WT_WARP_CLASS(w->classes, WT_LAT_SFU) == 2 &&
	   WT_WARP_CLASS(w->classes, WT_LAT_TENSOR) == 0,
	   "classes: WT_WARP_CLASS reads sp 1, dp 0, sfu 2, tensor 0");
	is_u64(WT_WARP_CLASS_BYTE(WT_LAT_TENSOR, 3), 0xc0,
	       "classes: WT_WARP_CLASS_BYTE puts tensor in bits 6-7");
	/* add dp 1 (bits 2-3): 4 of a chain of 3 */
	w->classes = 0x25;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "classes: 4 counted in a chain of 3");
	is_str(why, "bad classes byte 37; expected counts that add up to at most "
	       "the chain (its instructions of those classes)",
	       "classes: ... names the byte");
	w->flags = 0;
	w->classes = 0x01;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "classes: a count without bit 8");
	is_str(why, "bad classes byte 1; expected 0 without bit 8 of the flags "
	       "(deps)", "classes: ... says so");
	ok(wt_records_check(WT_KIND_WARP, 32, 1, rec, 1, why, sizeof(why)) == 1,
	   "classes: ... but let through from a later minor version");
	w->classes = 0;

	fill(rec, WT_KIND_WARP, 32, 1);
	w->icount = 5;
	w->flags = WT_WARP_DEPS | 0x400u | (1u << 16) | 8;
	ok(wt_record_check(WT_KIND_WARP, 32, rec, why, sizeof(why)) < 0,
	   "deps: bit 3 is still no flag");
	ok(wt_records_check(WT_KIND_WARP, 32, 1, rec, 1, why, sizeof(why)) == 1,
	   "deps: ... but let through from a later minor version");

	/* a stream says the minor version its writer set: 4.1 read back */
	snprintf(path, sizeof(path), "%s/deps.wt", dir);
	wt_header_init(&h, WT_KIND_WARP, 32);
	is_u64(h.version_minor, 0, "deps: a header begins as 4.0");
	h.version_minor = 1;
	wr = wt_writer_open(path, &h, 0, why, sizeof(why));
	ok(wr && wt_writer_close(wr, why, sizeof(why)) == 0, "deps: a 4.1 stream written");
	r = wt_reader_open(path, why, sizeof(why));
	ok(r && wt_reader_header(r)->version_minor == 1, "deps: ... reads back as 4.1");
	wt_reader_close(r);
	h.version_minor = WT_FORMAT_MINOR + 1;
	ok(wt_writer_open(path, &h, 0, why, sizeof(why)) == NULL,
	   "deps: a minor version this library does not know is not written");
	wt_header_free(&h);
}

/* wt_records_check over a block finds its first bad record, at any place,
 * and passes a sound block whole. */
static void block_checks(void)
{
	enum { N = 100 };
	struct wt_request q[N];
	unsigned char warps[N][48 + 8 * 8];
	char why[128];

	for (size_t i = 0; i < N; i++)
		fill(&q[i], WT_KIND_REQUEST, 0, i);
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 0, q, N, why, sizeof(why)), N,
	       "block check: 100 sound requests pass");
	q[80].space = 9;
	q[37].op = 5;
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 0, q, N, why, sizeof(why)), 37,
	       "block check: the first bad request of two");
	is_str(why, "bad op 5; expected 0 to 3 (load, store, atomic, none)",
	       "block check: its reason");
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 0, q + 38, N - 38, why, sizeof(why)), 42,
	       "block check: from the next, the other");
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 0, q, 0, why, sizeof(why)), 0,
	       "block check: no records, none bad");
	/* a later minor version may give meaning to more flag bits */
	q[37].op = WT_OP_LOAD;
	q[80].space = WT_SPACE_GLOBAL;
	q[50].flags = 0x02;
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 0, q, N, why, sizeof(why)), 50,
	       "block check: a flag bit this version does not define");
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 1, q, N, why, sizeof(why)), N,
	       "block check: let through from a stream of a later minor version");
	q[60].op = 4;
	is_u64(wt_records_check(WT_KIND_REQUEST, 0, 1, q, N, why, sizeof(why)), 60,
	       "block check: but not an op outside the values, whatever the version");
	/* warp records are as long as their lanes make them */
	for (size_t i = 0; i < N; i++)
		fill(warps[i], WT_KIND_WARP, 8, i);
	is_u64(wt_records_check(WT_KIND_WARP, 8, 0, warps, N, why, sizeof(why)), N,
	       "block check: 100 sound 8-lane warp records pass");
	((struct wt_warp *)warps[3])->flags = 2;
	is_u64(wt_records_check(WT_KIND_WARP, 8, 0, warps, N, why, sizeof(why)), 3,
	       "block check: a warp flag this version does not define");
	is_u64(wt_records_check(WT_KIND_WARP, 8, 1, warps, N, why, sizeof(why)), N,
	       "block check: let through from a later minor version");
	((struct wt_warp *)warps[3])->flags = 0;
	((struct wt_warp *)warps[N - 1])->size = 6;
	is_u64(wt_records_check(WT_KIND_WARP, 8, 0, warps, N, why, sizeof(why)), N - 1,
	       "block check: a bad warp record found at its own stride");
	is_str(why, "bad size 6; expected a power of two", "block check: the warp record's size");
}

/* The reader refuses a stream with a record outside its values, naming
 * the record by its index in the whole stream, unless told not to check. */
static void reader_checks(void)
{
	const char *path = tmp("bad.wt");
	struct wt_header h;
	struct wt_writer *w;
	struct wt_reader *r;
	struct wt_kernel k;
	struct wt_request q;
	struct wt_item it;
	char err[512];
	uint64_t n = 0;
	enum { N = 12000, BAD = 11003 };	/* BAD lies in the 3rd block */

	wt_header_init(&h, WT_KIND_REQUEST, 0);
	w = wt_writer_open(path, &h, 1, err, sizeof(err));
	wt_header_free(&h);
	wt_kernel_init(&k);
	wt_writer_kernel_begin(w, &k);
	for (uint64_t i = 0; i < N; i++) {
		fill(&q, WT_KIND_REQUEST, 0, i);
		if (i == BAD)
			q.space = 7;
		wt_writer_put(w, &q);
	}
	wt_writer_kernel_end(w);
	wt_kernel_free(&k);
	ok(wt_writer_close(w, err, sizeof(err)) == 0, "reader check: a stream with a bad record is written");
	ok(drain(path, err, sizeof(err), &n) < 0, "reader check: reading it fails");
	like(err, "bad.wt: record 11003: bad space 7; expected 0 to 4 ",
	     "reader check: names the file, the record and the field");
	ok(n < BAD && n > 0, "reader check: the blocks before it were read");
	r = wt_reader_open(path, err, sizeof(err));
	wt_reader_check_records(r, 0);
	n = 0;
	while (wt_reader_next(r, &it) > 0)
		if (it.type == WT_ITEM_RECORDS)
			n += it.count;
	ok(it.type == WT_ITEM_END && n == N,
	   "reader check: turned off, the stream reads whole (trace-dump shows it)");
	wt_reader_close(r);
}

/* --set-field IN RECORD FIELD VALUE OUT */
static int set_field(char **argv)
{
	const struct wt_column *c;
	struct wt_reader *r;
	struct wt_writer *w;
	struct wt_item it;
	unsigned char rec[sizeof(struct wt_warp) + 8 * WT_MAX_LANES];
	uint64_t at = strtoull(argv[1], NULL, 0), v = strtoull(argv[3], NULL, 0);
	char err[512];

	r = wt_reader_open(argv[0], err, sizeof(err));
	if (!r) {
		fprintf(stderr, "test-format: %s\n", err);
		return 1;
	}
	wt_reader_check_records(r, 0);
	for (c = wt_columns(wt_reader_header(r)->kind); c->name; c++)
		if (strcmp(c->name, argv[2]) == 0)
			break;
	if (!c->name) {
		fprintf(stderr, "test-format: no field %s\n", argv[2]);
		return 2;
	}
	w = wt_writer_open(argv[4], wt_reader_header(r), 0, err, sizeof(err));
	if (!w) {
		fprintf(stderr, "test-format: %s\n", err);
		return 1;
	}
	while (wt_reader_next(r, &it) > 0) {
		size_t size = wt_reader_header(r)->record_size;

		if (it.type == WT_ITEM_KERNEL)
			wt_writer_kernel_begin(w, it.kernel);
		else if (it.type == WT_ITEM_KERNEL_END)
			wt_writer_kernel_end(w);
		else if (it.type == WT_ITEM_RECORDS)
			for (size_t i = 0; i < it.count; i++) {
				memcpy(rec, (const char *)it.recs + i * size, size);
				if (it.first + i == at)
					memcpy(rec + c->offset, &v, c->width);
				wt_writer_put(w, rec);
			}
	}
	if (it.type == WT_ITEM_ERROR || wt_writer_close(w, err, sizeof(err)) < 0) {
		fprintf(stderr, "test-format: %s\n", it.type == WT_ITEM_ERROR ?
			wt_reader_error(r) : err);
		return 1;
	}
	wt_reader_close(r);
	return 0;
}

static unsigned char pattern(size_t i)
{
	return (unsigned char)(i * 31 % 251);
}

/* Do the n bytes at p equal the pattern from offset at? */
static int matches(const unsigned char *p, size_t n, size_t at)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != pattern(at + i))
			return 0;
	return 1;
}

/*
 * Random reads and takes, odd sizes among them, to the end of a source of
 * len pattern bytes: every byte comes in order, every take that does not
 * copy is aligned to 8 and inside the source's buffer's reach.  Returns
 * the number of takes that copied nothing.
 */
static size_t take_all(struct wt_src *s, size_t len, const char *what)
{
	static uint64_t copy[(2u << 20) / 8];
	size_t at = 0, direct = 0, bad = 0, steps = 0;
	uint64_t x = 12345;
	ssize_t got;

	while (at < len) {
		size_t n;
		const unsigned char *p;

		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		switch ((x >> 33) % 8) {
		case 0: case 1: case 2: n = (x >> 20) % 13; break;
		case 3: case 4: case 5: case 6: n = (x >> 20) % 5000; break;
		default: n = (x >> 20) % 300000; break;
		}
		if ((x >> 40) % 200 == 0)
			n = (3u << 19);		/* beyond the buffer: copied */
		if ((x >> 30) % 3 == 0) {
			got = wt_src_read(s, copy, n);
			p = (const unsigned char *)copy;
		} else {
			p = wt_src_take(s, copy, n, &got);
			if (p != (const unsigned char *)copy) {
				direct++;
				bad += (uintptr_t)p % 8 != 0;
			}
		}
		if (got < 0 || (size_t)got != (n < len - at ? n : len - at) ||
		    !matches(p, (size_t)got, at)) {
			bad++;
			break;
		}
		at += (size_t)got;
		steps++;
	}
	ok(bad == 0 && at == len, "%s: %zu steps, every byte in order", what, steps);
	ok(wt_src_take(s, copy, 8, &got) && got == 0, "%s: then the end", what);
	return direct;
}

static void takes(void)
{
	size_t len = (3u << 20) + 5, direct;
	unsigned char *buf = malloc(len);
	const char *plain = tmp("take.bin"), *packed = tmp("take.bin.zst");
	char err[600];
	struct wt_src *s;
	ssize_t got;
	const unsigned char *p;
	int fds[2];
	pid_t pid = -1;

	for (size_t i = 0; i < len; i++)
		buf[i] = pattern(i);
	spill(plain, buf, len);

	s = wt_src_open(plain, err, sizeof(err));
	direct = take_all(s, len, "plain file");
	ok(direct > 0, "plain file: takes from the buffer (%zu)", direct);
	wt_src_close(s);

	/* A push-back in front: the take copies it out. */
	s = wt_src_open(plain, err, sizeof(err));
	got = wt_src_read(s, buf, 3);
	wt_src_unread(s, buf, 3);
	p = wt_src_take(s, buf + 100, 16, &got);
	ok(p == buf + 100 && got == 16 && matches(p, 16, 0),
	   "after a push-back: copied, in order");
	p = wt_src_take(s, buf + 100, 16, &got);
	ok(p != buf + 100 && got == 16 && (uintptr_t)p % 8 == 0 && matches(p, 16, 16),
	   "then from the buffer again, aligned");
	wt_src_close(s);
	for (size_t i = 0; i < len; i++)
		buf[i] = pattern(i);

	{
		size_t cap = ZSTD_compressBound(len), n;
		void *z = malloc(cap);

		n = ZSTD_compress(z, cap, buf, len, 1);
		spill(packed, z, n);
		free(z);
	}
	s = wt_src_open(packed, err, sizeof(err));
	direct = take_all(s, len, "zstd file");
	ok(direct == 0, "zstd file: every take copies");
	wt_src_close(s);

	/* A pipe that delivers the bytes in uneven pieces. */
	if (pipe(fds) != 0 || (pid = fork()) < 0) {
		ok(0, "pipe and fork");
		free(buf);
		return;
	}
	if (pid == 0) {
		size_t at = 0, piece = 1;

		close(fds[0]);
		while (at < len) {
			size_t n = piece < len - at ? piece : len - at;

			if (write(fds[1], buf + at, n) != (ssize_t)n)
				_exit(1);
			at += n;
			piece = piece * 7 % 300007 + 3;
		}
		_exit(0);
	}
	close(fds[1]);
	s = wt_src_fdopen(fds[0], "pipe", err, sizeof(err));
	take_all(s, len, "pipe in pieces");
	wt_src_close(s);
	waitpid(pid, NULL, 0);
	free(buf);
}

int main(int argc, char **argv)
{
	static const enum wt_kind kinds[] = {
		WT_KIND_ACCESS, WT_KIND_REQUEST, WT_KIND_EVENT
	};
	char cmd[300];

	if (argc == 7 && strcmp(argv[1], "--set-field") == 0)
		return set_field(argv + 2);
	if (argc != 1) {
		fprintf(stderr, "usage: test-format [--set-field IN RECORD FIELD VALUE OUT]\n");
		return 2;
	}
	if (!mkdtemp(dir))
		return 1;
	for (size_t i = 0; i < 3; i++) {
		round_trip(kinds[i], 0, 0);
		round_trip(kinds[i], 0, 1);
	}
	round_trip(WT_KIND_WARP, 32, 1);
	round_trip(WT_KIND_WARP, 64, 0);
	round_trip(WT_KIND_WARP, 16, -5);
	round_trip(WT_KIND_ACCESS, 0, 19);
	put_many();
	damage();
	concatenation();
	record_checks();
	none_checks();
	dep_checks();
	block_checks();
	reader_checks();
	takes();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return tap_done();
}
