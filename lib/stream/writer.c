/*
 * writer.c - writing a warptrace stream: header, chunks, trailer.
 *
 * Records are gathered into blocks of about 256 KiB; each block becomes one
 * records chunk with its own checksum, and goes to the sink in one call.
 */
#include "stream.h"
#include "kernel.h"
#include "hash.h"
#include "sink.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK_BYTES (256u << 10)

struct wt_writer {
	struct wt_sink *sink;
	unsigned record_size;
	unsigned char *block;
	size_t block_recs, block_cap;
	uint64_t records;	/* in the stream */
	uint64_t kernel_records;
	uint32_t kernels;
	uint64_t chunks;
	uint64_t chain;		/* hash over the header and every chunk hash */
	int in_kernel;
	uint32_t kernel_id;
	char err[512];
	int failed;
};

static int sink_failed(struct wt_writer *w)
{
	wt_snprintf(w->err, sizeof(w->err), "%s", wt_sink_error(w->sink));
	w->failed = 1;
	return -1;
}

static int misuse(struct wt_writer *w, const char *what)
{
	wt_snprintf(w->err, sizeof(w->err), "internal error: %s", what);
	w->failed = 1;
	return -1;
}

static int put_chunk(struct wt_writer *w, uint32_t type, uint32_t count,
		     const void *payload, size_t len)
{
	unsigned char head[16];
	uint64_t h = wt_hash64((uint64_t)type | (uint64_t)count << 32, payload, len);

	memcpy(head, &type, 4);
	memcpy(head + 4, &count, 4);
	memcpy(head + 8, &h, 8);
	w->chain = wt_hash64(w->chain, &h, 8);
	w->chunks++;
	if (wt_sink_write(w->sink, head, sizeof(head)) < 0 ||
	    (len && wt_sink_write(w->sink, payload, len) < 0))
		return sink_failed(w);
	return 0;
}

static int flush_block(struct wt_writer *w)
{
	int r;

	if (w->block_recs == 0)
		return 0;
	r = put_chunk(w, WT_CHUNK_RECORDS, (uint32_t)w->block_recs, w->block,
		      w->block_recs * w->record_size);
	w->block_recs = 0;
	return r;
}

/* Metadata text, NUL-padded to a multiple of 8 bytes. */
static char *padded_meta(const struct wt_meta *m, size_t *len)
{
	size_t n;
	char *text = wt_meta_serialise(m, &n);
	size_t padded = (n + 7) & ~(size_t)7;

	text = wt_realloc(text, padded ? padded : 1);
	memset(text + n, 0, padded - n);
	*len = padded;
	return text;
}

struct wt_writer *wt_writer_open(const char *path, const struct wt_header *h,
				 int level, char *err, size_t errlen)
{
	struct wt_writer *w;
	unsigned char fixed[24];
	uint16_t v16[4] = { WT_FORMAT_MAJOR, (uint16_t)h->version_minor,
			    (uint16_t)h->kind, (uint16_t)h->record_size };
	uint32_t lanes = h->lanes, meta_len;
	size_t len;
	char *meta;
	uint64_t hh;

	if (h->kind < 1 || h->kind > WT_KIND_MAX || h->record_size == 0 ||
	    h->version_minor > WT_FORMAT_MINOR ||
	    h->record_size != wt_record_size(h->kind, h->lanes) ||
	    (h->kind == WT_KIND_WARP && (h->lanes < 1 || h->lanes > WT_MAX_LANES))) {
		wt_snprintf(err, errlen, "internal error: bad stream header");
		return NULL;
	}
	w = wt_calloc(1, sizeof(*w));
	w->sink = wt_sink_open(path, level, 1, err, errlen);
	if (!w->sink) {
		free(w);
		return NULL;
	}
	w->record_size = h->record_size;
	w->block_cap = BLOCK_BYTES / h->record_size;
	if (w->block_cap == 0)
		w->block_cap = 1;
	w->block = wt_malloc(w->block_cap * h->record_size);

	meta = padded_meta(&h->meta, &len);
	meta_len = (uint32_t)len;
	memcpy(fixed, WT_MAGIC, 8);
	memcpy(fixed + 8, v16, 8);
	memcpy(fixed + 16, &lanes, 4);
	memcpy(fixed + 20, &meta_len, 4);
	hh = wt_hash64(wt_hash64(0, fixed, sizeof(fixed)), meta, len);
	w->chain = hh;
	if (wt_sink_write(w->sink, fixed, sizeof(fixed)) < 0 ||
	    wt_sink_write(w->sink, meta, len) < 0 ||
	    wt_sink_write(w->sink, &hh, 8) < 0) {
		wt_snprintf(err, errlen, "%s", wt_sink_error(w->sink));
		free(meta);
		wt_writer_abort(w);
		return NULL;
	}
	free(meta);
	return w;
}

int wt_writer_kernel_begin(struct wt_writer *w, const struct wt_kernel *k)
{
	struct wt_kernel copy = *k;
	struct wt_meta m;
	size_t len;
	char *text;
	int r;

	if (w->failed)
		return -1;
	if (w->in_kernel)
		return misuse(w, "kernel begun inside a kernel");
	copy.id = w->kernels;
	wt_meta_init(&m);
	wt_kernel_to_meta(&copy, &m);
	text = padded_meta(&m, &len);
	wt_meta_free(&m);
	if (len > WT_MAX_META_BYTES) {
		free(text);
		wt_snprintf(w->err, sizeof(w->err), "kernel '%s': metadata too large",
			    k->name);
		w->failed = 1;
		return -1;
	}
	r = put_chunk(w, WT_CHUNK_KERNEL, (uint32_t)len, text, len);
	free(text);
	w->in_kernel = 1;
	w->kernel_id = w->kernels;
	w->kernel_records = 0;
	return r;
}

/*
 * A record of a fixed size is copied with a move of that size, a warp
 * record (a whole number of 8-byte words, record.h) word by word: a
 * memcpy of a size known only at run time is a call into the C library,
 * which cost trace-gen a tenth of its time for 24 bytes.
 */
static inline void copy_record(unsigned char *dst, const void *rec, size_t size)
{
	const unsigned char *src = rec;

	switch (size) {
	case sizeof(struct wt_access):
		memcpy(dst, src, sizeof(struct wt_access));
		return;
	case sizeof(struct wt_event):
		memcpy(dst, src, sizeof(struct wt_event));
		return;
	case sizeof(struct wt_request):
		memcpy(dst, src, sizeof(struct wt_request));
		return;
	}
	for (size_t i = 0; i < size; i += 8)
		memcpy(dst + i, src + i, 8);
}

/* wt_writer_room, which put and put_many make part of themselves (put
 * runs for every record some programs write). */
static inline unsigned char *room(struct wt_writer *w, size_t *n)
{
	if (w->block_recs == w->block_cap) {
		if (w->failed || flush_block(w) < 0)
			return NULL;
	}
	if (!w->in_kernel) {
		misuse(w, "record outside a kernel");
		return NULL;
	}
	*n = w->block_cap - w->block_recs;
	return w->block + w->block_recs * w->record_size;
}

void *wt_writer_room(struct wt_writer *w, size_t *n)
{
	return room(w, n);
}

void wt_writer_added(struct wt_writer *w, size_t n)
{
	w->block_recs += n;
	w->records += n;
	w->kernel_records += n;
}

int wt_writer_put(struct wt_writer *w, const void *rec)
{
	size_t n;
	unsigned char *dst = room(w, &n);

	if (!dst)
		return -1;
	copy_record(dst, rec, w->record_size);
	wt_writer_added(w, 1);
	return 0;
}

int wt_writer_put_many(struct wt_writer *w, const void *recs, size_t n)
{
	const unsigned char *p = recs;

	while (n) {
		size_t k;
		unsigned char *dst = room(w, &k);

		if (!dst)
			return -1;
		if (k > n)
			k = n;
		memcpy(dst, p, k * w->record_size);
		wt_writer_added(w, k);
		p += k * w->record_size;
		n -= k;
	}
	return 0;
}

int wt_writer_kernel_end(struct wt_writer *w)
{
	uint64_t payload[2];

	if (w->failed)
		return -1;
	if (!w->in_kernel)
		return misuse(w, "kernel ended outside a kernel");
	if (flush_block(w) < 0)
		return -1;
	payload[0] = w->kernel_id;
	payload[1] = w->kernel_records;
	w->in_kernel = 0;
	w->kernels++;
	return put_chunk(w, WT_CHUNK_KERNEL_END, sizeof(payload), payload,
			 sizeof(payload));
}

int wt_writer_close(struct wt_writer *w, char *err, size_t errlen)
{
	uint64_t payload[4];
	int r = 0;

	if (!w->failed && w->in_kernel)
		r = misuse(w, "stream closed inside a kernel");
	if (r == 0 && !w->failed) {
		payload[0] = w->records;
		payload[1] = w->kernels;
		payload[2] = w->chunks;
		payload[3] = w->chain;
		r = put_chunk(w, WT_CHUNK_TRAILER, sizeof(payload), payload,
			      sizeof(payload));
	}
	if (w->failed || r < 0) {
		wt_snprintf(err, errlen, "%s", w->err);
		wt_writer_abort(w);
		return -1;
	}
	r = wt_sink_close(w->sink, err, errlen);
	w->sink = NULL;
	wt_writer_abort(w);
	return r;
}

void wt_writer_abort(struct wt_writer *w)
{
	if (!w)
		return;
	wt_sink_abort(w->sink);
	free(w->block);
	free(w);
}

const char *wt_writer_error(const struct wt_writer *w)
{
	return w->err;
}

uint64_t wt_writer_records(const struct wt_writer *w)
{
	return w->records;
}
