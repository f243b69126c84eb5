/*
 * reader.c - reading a warptrace stream, checking everything on the way.
 *
 * Each chunk's checksum is verified before its contents are used; kernel
 * begin/end chunks must pair up with matching ids and record counts; the
 * trailer must agree with what was read.  A stream that ends anywhere but
 * right after a trailer is truncated.  Every record holds values its kind
 * allows (wt_record_check), unless the caller turned that off.
 */
#include "stream.h"
#include "kernel.h"
#include "hash.h"
#include "source.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct wt_reader {
	struct wt_src *src;
	struct wt_header header;
	char err[768];
	int failed;
	uint64_t offset;	/* decompressed bytes consumed */
	unsigned char *buf;	/* current chunk payload */
	size_t buf_cap;
	/* segment state */
	uint64_t chain;
	uint64_t seg_records, seg_chunks;
	uint32_t seg_kernels;
	int in_kernel;
	uint64_t kernel_records;
	int at_end;		/* a trailer was read */
	/* whole-input state */
	uint64_t records;
	uint32_t kernels;
	struct wt_kernel kernel;
	int have_kernel;
	int trust;		/* records not checked (trace-dump) */
	unsigned sms;		/* wt_reader_sms: over every segment so far */
};

static int fail(struct wt_reader *r, const char *fmt, ...) WT_PRINTF(2, 3);

static int fail(struct wt_reader *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	wt_snprintf(r->err, sizeof(r->err), "%s: %s", wt_src_name(r->src), msg);
	r->failed = 1;
	return WT_ITEM_ERROR;
}

/* Read exactly n bytes.  1 on success, 0 at a clean end before any byte,
 * -1 on error or a short read (reported as truncation of what). */
static int read_exact(struct wt_reader *r, void *buf, size_t n, const char *what)
{
	ssize_t got = wt_src_read(r->src, buf, n);

	if (got < 0)
		return fail(r, "%s", wt_src_error(r->src)), -1;
	r->offset += (uint64_t)got;
	if ((size_t)got == n)
		return 1;
	if (got == 0)
		return 0;
	return fail(r, "truncated stream: %s cut short at byte %llu", what,
		    (unsigned long long)r->offset), -1;
}

static unsigned char *payload_buf(struct wt_reader *r, size_t n)
{
	if (n > r->buf_cap) {
		r->buf_cap = n;
		r->buf = wt_realloc(r->buf, n);
	}
	return r->buf;
}

/*
 * A chunk's payload of n bytes: in the source's buffer where it can be
 * (wt_src_take), else in r->buf; valid until the next read.  NULL on an
 * error or a payload cut short.
 */
static const unsigned char *take_payload(struct wt_reader *r, size_t n)
{
	ssize_t got;
	const unsigned char *p = wt_src_take(r->src, payload_buf(r, n ? n : 1),
					     n, &got);

	if (got < 0)
		return fail(r, "%s", wt_src_error(r->src)), NULL;
	r->offset += (uint64_t)got;
	if ((size_t)got < n)
		return fail(r, "truncated stream: chunk cut short after record %llu",
			    (unsigned long long)r->records), NULL;
	return p;
}

/* Parse a header whose first 8 bytes (magic) are already in fixed. */
static int read_header(struct wt_reader *r, unsigned char fixed[24],
		       struct wt_header *h)
{
	uint16_t v16[4];
	uint32_t lanes, meta_len;
	uint64_t want, got;
	char why[256];
	unsigned char *meta;
	int k;

	if (memcmp(fixed, WT_MAGIC, 8) != 0) {
		if (memcmp(fixed, "blocksiz", 8) == 0)
			return fail(r, "not a warptrace stream: this looks like a "
				    "text dump; convert it with trace-gen first");
		return fail(r, "not a warptrace stream (bad magic at byte %llu)",
			    (unsigned long long)(r->offset - 8));
	}
	if (read_exact(r, fixed + 8, 16, "header") != 1)
		return r->failed ? -1 : fail(r, "truncated stream: header cut short");
	memcpy(v16, fixed + 8, 8);
	memcpy(&lanes, fixed + 16, 4);
	memcpy(&meta_len, fixed + 20, 4);
	/* An older stream cannot be read as a newer one: its records
	 * lack what the new version added (in 4.0, the instructions after
	 * each warp's last memory access, and cache operators). */
	if (v16[0] < WT_FORMAT_MAJOR)
		return fail(r, "unsupported stream format version %u.%u (this is "
			    "warptrace %s, which reads version %u.x): make it "
			    "again from its dump or trace with this version's "
			    "trace-gen and the stages after it", v16[0], v16[1],
			    WT_VERSION, WT_FORMAT_MAJOR);
	if (v16[0] != WT_FORMAT_MAJOR)
		return fail(r, "unsupported stream format version %u.%u (this is "
			    "warptrace %s, which reads version %u.x)", v16[0], v16[1],
			    WT_VERSION, WT_FORMAT_MAJOR);
	k = v16[2];
	if (k < 1 || k > WT_KIND_MAX)
		return fail(r, "unknown record kind %d in header", k);
	if (k == WT_KIND_WARP ? (lanes < 1 || lanes > WT_MAX_LANES) : lanes != 0)
		return fail(r, "bad lane count %u in header", lanes);
	if (v16[3] != wt_record_size((enum wt_kind)k, lanes))
		return fail(r, "record size %u does not match kind '%s'", v16[3],
			    wt_kind_name((enum wt_kind)k));
	if (meta_len > WT_MAX_META_BYTES || meta_len % 8)
		return fail(r, "bad header metadata length %u", meta_len);
	meta = payload_buf(r, meta_len + 8);
	if (read_exact(r, meta, meta_len + 8, "header") != 1)
		return r->failed ? -1 : fail(r, "truncated stream: header cut short");
	want = wt_hash64(wt_hash64(0, fixed, 24), meta, meta_len);
	memcpy(&got, meta + meta_len, 8);
	if (want != got)
		return fail(r, "corrupt stream: header checksum mismatch");
	wt_header_init(h, (enum wt_kind)k, lanes);
	h->version_minor = v16[1];
	if (wt_meta_parse(&h->meta, (char *)meta, meta_len, why, sizeof(why)) < 0) {
		wt_header_free(h);
		return fail(r, "corrupt stream: header %s", why);
	}
	r->chain = want;
	r->seg_records = r->seg_chunks = 0;
	r->seg_kernels = 0;
	r->at_end = 0;
	return 0;
}

/* The "sms" of a header (trace-order's), or 0 if it has none. */
static unsigned header_sms(const struct wt_header *h)
{
	const char *v = wt_meta_get(&h->meta, "sms"), *why;
	uint64_t n;

	if (!v || wt_parse_u64(v, 65536, &n, &why) < 0)
		return 0;
	return (unsigned)n;
}

struct wt_reader *wt_reader_open(const char *path, char *err, size_t errlen)
{
	struct wt_reader *r = wt_calloc(1, sizeof(*r));
	unsigned char fixed[24];
	int got;

	r->src = wt_src_open(path, err, errlen);
	if (!r->src) {
		free(r);
		return NULL;
	}
	wt_kernel_init(&r->kernel);
	got = read_exact(r, fixed, 8, "header");
	if (got == 0)
		fail(r, "empty input: expected a warptrace stream");
	if (got != 1 || read_header(r, fixed, &r->header) < 0) {
		wt_snprintf(err, errlen, "%s", r->err);
		wt_reader_close(r);
		return NULL;
	}
	r->sms = header_sms(&r->header);
	return r;
}

const struct wt_header *wt_reader_header(const struct wt_reader *r)
{
	return &r->header;
}

const char *wt_reader_name(const struct wt_reader *r)
{
	return wt_src_name(r->src);
}

int wt_reader_expect(struct wt_reader *r, enum wt_kind kind, const char *hint)
{
	if (r->header.kind == kind)
		return 0;
	fail(r, "expected a stream of '%s' records, got '%s' records%s%s",
	     wt_kind_name(kind), wt_kind_name(r->header.kind),
	     hint ? "; " : "", hint ? hint : "");
	return -1;
}

/* After a trailer: the end, or the header of a concatenated segment. */
static int next_segment(struct wt_reader *r)
{
	unsigned char fixed[24];
	struct wt_header h;
	int got = read_exact(r, fixed, 8, "concatenated header");
	unsigned sms;

	if (got <= 0)
		return got < 0 ? -1 : 0;
	if (read_header(r, fixed, &h) < 0)
		return -1;
	if (h.kind != r->header.kind || h.lanes != r->header.lanes) {
		fail(r, "concatenated stream holds '%s' records after '%s' records",
		     wt_kind_name(h.kind), wt_kind_name(r->header.kind));
		wt_header_free(&h);
		return -1;
	}
	/* A segment made for more SMs, or for an unknown number, widens
	 * what the records may name. */
	sms = header_sms(&h);
	if (!sms || (r->sms && sms > r->sms))
		r->sms = sms;
	/* The records of a segment of a later minor version are checked
	 * as that version's. */
	if (h.version_minor > r->header.version_minor)
		r->header.version_minor = h.version_minor;
	/* Keep the provenance of every segment. */
	for (size_t i = 0; i < h.meta.n; i++)
		if (strcmp(h.meta.key[i], "stage") == 0)
			wt_meta_add(&r->header.meta, "stage", h.meta.val[i]);
	wt_header_free(&h);
	return 1;
}

static int on_kernel(struct wt_reader *r, const unsigned char *p, uint32_t len,
		     struct wt_item *it)
{
	struct wt_meta m;
	char why[256];
	uint32_t id;

	if (r->in_kernel)
		return fail(r, "corrupt stream: kernel %u begins before kernel %u ends",
			    r->seg_kernels + 1, r->seg_kernels);
	wt_meta_init(&m);
	wt_kernel_free(&r->kernel);
	wt_kernel_init(&r->kernel);
	if (wt_meta_parse(&m, (const char *)p, len, why, sizeof(why)) < 0 ||
	    wt_kernel_from_meta(&r->kernel, &m, why, sizeof(why)) < 0) {
		wt_meta_free(&m);
		return fail(r, "corrupt stream: kernel %u: %s", r->kernels, why);
	}
	wt_meta_free(&m);
	id = r->kernel.id;
	if (id != r->seg_kernels)
		return fail(r, "corrupt stream: kernel id %u where %u was expected",
			    id, r->seg_kernels);
	r->kernel.id = r->kernels;	/* numbered across concatenated segments */
	r->in_kernel = 1;
	r->kernel_records = 0;
	it->type = WT_ITEM_KERNEL;
	it->kernel = &r->kernel;
	return WT_ITEM_KERNEL;
}

static int on_kernel_end(struct wt_reader *r, const unsigned char *p,
			 uint32_t len, struct wt_item *it)
{
	uint64_t v[2];

	if (len != sizeof(v) || !r->in_kernel)
		return fail(r, "corrupt stream: misplaced kernel-end chunk");
	memcpy(v, p, sizeof(v));
	if (v[0] != r->seg_kernels || v[1] != r->kernel_records)
		return fail(r, "corrupt stream: kernel %u ends with %llu records, "
			    "%llu were read", r->kernels, (unsigned long long)v[1],
			    (unsigned long long)r->kernel_records);
	r->in_kernel = 0;
	r->seg_kernels++;
	r->kernels++;
	it->type = WT_ITEM_KERNEL_END;
	it->kernel = &r->kernel;
	return WT_ITEM_KERNEL_END;
}

static int on_trailer(struct wt_reader *r, const unsigned char *p, uint32_t len,
		      uint64_t chain_before)
{
	uint64_t v[4];

	if (len != sizeof(v) || r->in_kernel)
		return fail(r, "corrupt stream: misplaced trailer");
	memcpy(v, p, sizeof(v));
	if (v[0] != r->seg_records || v[1] != r->seg_kernels)
		return fail(r, "corrupt stream: trailer counts %llu records in %llu "
			    "kernels, %llu in %u were read", (unsigned long long)v[0],
			    (unsigned long long)v[1], (unsigned long long)r->seg_records,
			    r->seg_kernels);
	if (v[2] != r->seg_chunks || v[3] != chain_before)
		return fail(r, "corrupt stream: trailer checksum mismatch "
			    "(chunks missing, duplicated or reordered)");
	r->at_end = 1;
	return 0;
}

/* Every record of a block holds values its kind allows: a record that
 * does not would be simulated as something it is not. */
static int check_records(struct wt_reader *r, const unsigned char *p, uint32_t count)
{
	char why[160];
	int newer = r->header.version_minor > WT_FORMAT_MINOR;
	size_t bad = wt_records_check(r->header.kind, r->header.lanes, newer, p,
				      count, why, sizeof(why));

	if (bad == count)
		return 0;
	return fail(r, "record %llu: %s", (unsigned long long)(r->records + bad), why);
}

unsigned wt_reader_sms(const struct wt_reader *r)
{
	return r->sms;
}

void wt_reader_die_sm(const struct wt_reader *r, uint64_t n, unsigned sm)
{
	wt_die(WT_EXIT_DATA, "%s: record %llu: bad SM %u; expected 0 to %u (the "
	       "stream's %u SMs, its header's sms)", wt_reader_name(r),
	       (unsigned long long)n, sm, r->sms - 1, r->sms);
}

void wt_reader_check_records(struct wt_reader *r, int on)
{
	r->trust = !on;
}

int wt_reader_next(struct wt_reader *r, struct wt_item *it)
{
	memset(it, 0, sizeof(*it));
	if (r->failed)
		return it->type = WT_ITEM_ERROR;
	for (;;) {
		unsigned char head[16];
		const unsigned char *p;
		uint32_t type, count;
		uint64_t hash, len, chain_before;
		int got;

		if (r->at_end) {
			got = next_segment(r);
			if (got < 0)
				return it->type = WT_ITEM_ERROR;
			if (got == 0)
				return it->type = WT_ITEM_END;
		}
		got = read_exact(r, head, sizeof(head), "chunk header");
		if (got < 0)
			return it->type = WT_ITEM_ERROR;
		if (got == 0)
			return it->type = fail(r, "truncated stream: no trailer after "
					       "%llu records (was the writer interrupted?)",
					       (unsigned long long)r->records);
		memcpy(&type, head, 4);
		memcpy(&count, head + 4, 4);
		memcpy(&hash, head + 8, 8);
		if (type == WT_CHUNK_RECORDS)
			len = (uint64_t)count * r->header.record_size;
		else
			len = count;
		if (type < WT_CHUNK_KERNEL || type > WT_CHUNK_TRAILER ||
		    len > WT_MAX_CHUNK_BYTES || (type != WT_CHUNK_RECORDS && len % 8))
			return it->type = fail(r, "corrupt stream: bad chunk header at "
					       "byte %llu (after record %llu)",
					       (unsigned long long)(r->offset - 16),
					       (unsigned long long)r->records);
		p = take_payload(r, len);
		if (!p)
			return it->type = WT_ITEM_ERROR;
		if (wt_hash64((uint64_t)type | (uint64_t)count << 32, p, len) != hash)
			return it->type = fail(r, "corrupt stream: checksum mismatch in "
					       "chunk at byte %llu (records %llu and on)",
					       (unsigned long long)(r->offset - len - 16),
					       (unsigned long long)r->records);
		chain_before = r->chain;
		r->chain = wt_hash64(r->chain, &hash, 8);
		switch (type) {
		case WT_CHUNK_KERNEL:
			r->seg_chunks++;
			return on_kernel(r, p, count, it);
		case WT_CHUNK_KERNEL_END:
			r->seg_chunks++;
			return on_kernel_end(r, p, count, it);
		case WT_CHUNK_TRAILER:
			if (on_trailer(r, p, count, chain_before) < 0)
				return it->type = WT_ITEM_ERROR;
			continue;
		default:
			r->seg_chunks++;
			if (!r->in_kernel)
				return it->type = fail(r, "corrupt stream: records outside "
						       "a kernel at byte %llu",
						       (unsigned long long)(r->offset - len));
			if (count == 0)
				continue;
			if (!r->trust && check_records(r, p, count) < 0)
				return it->type = WT_ITEM_ERROR;
			it->type = WT_ITEM_RECORDS;
			it->recs = p;
			it->count = count;
			it->first = r->records;
			it->kernel = &r->kernel;
			r->records += count;
			r->seg_records += count;
			r->kernel_records += count;
			return WT_ITEM_RECORDS;
		}
	}
}

const char *wt_reader_error(const struct wt_reader *r)
{
	return r->err;
}

int wt_reader_position(const void *r, uint64_t *at, uint64_t *total)
{
	const struct wt_reader *rr = r;

	return wt_src_position(rr->src, at, total);
}

uint64_t wt_reader_records(const struct wt_reader *r)
{
	return r->records;
}

void wt_reader_close(struct wt_reader *r)
{
	if (!r)
		return;
	wt_src_close(r->src);
	wt_header_free(&r->header);
	wt_kernel_free(&r->kernel);
	free(r->buf);
	free(r);
}
