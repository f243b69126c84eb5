/*
 * streamsum.c - a stream summed up per kernel, and the summary printed.
 */
#include "streamsum.h"

#include "json.h"
#include "recprint.h"
#include "util.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

void wt_streamsum_begin(struct wt_streamsum *s, const struct wt_kernel *k)
{
	struct wt_streamsum_kernel *x;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->k = wt_realloc(s->k, s->cap * sizeof(*s->k));
	}
	x = &s->k[s->n++];
	memset(x, 0, sizeof(*x));
	wt_kernel_copy(&x->kernel, k);
	x->addr_min = UINT64_MAX;
	wt_idset_clear(&s->threads);
	wt_idset_clear(&s->warps);
	wt_idset_clear(&s->pcs);
}

static void sum_addr(struct wt_streamsum_kernel *x, uint64_t lo, uint64_t hi)
{
	if (lo < x->addr_min)
		x->addr_min = lo;
	if (hi > x->addr_max)
		x->addr_max = hi;
}

/* What request and event records have in common; a request of op none
 * has no address. */
static void sum_line(struct wt_streamsum *s, struct wt_streamsum_kernel *x, unsigned op,
		     uint64_t addr, unsigned bytes, uint32_t warp, uint32_t pc)
{
	x->ops[op]++;
	x->bytes += bytes;
	if (op != WT_OP_NONE)
		sum_addr(x, addr, addr);
	wt_idset_add(&s->warps, warp);
	wt_idset_add(&s->pcs, pc);
}

/* Count one record; the reader has checked it, so enums are in range. */
void wt_streamsum_record(struct wt_streamsum *s, enum wt_kind kind,
			 const void *rec)
{
	struct wt_streamsum_kernel *x = &s->k[s->n - 1];

	x->records++;
	switch (kind) {
	case WT_KIND_ACCESS: {
		const struct wt_access *a = rec;

		x->ops[a->op]++;
		x->bytes += a->size;
		sum_addr(x, a->addr, a->addr + a->size - 1);
		wt_idset_add(&s->threads, a->thread);
		wt_idset_add(&s->pcs, a->pc);
		break;
	}
	case WT_KIND_WARP: {
		const struct wt_warp *w = rec;

		x->ops[w->op]++;
		x->instructions += (uint64_t)w->icount + (w->op != WT_OP_NONE);
		for (unsigned i = 0; i < w->lanes; i++) {
			if (!(w->mask >> i & 1))
				continue;
			x->lanes++;
			x->bytes += w->size;
			sum_addr(x, w->addr[i], w->addr[i] + w->size - 1);
		}
		wt_idset_add(&s->warps, w->warp);
		wt_idset_add(&s->pcs, w->pc);
		break;
	}
	case WT_KIND_REQUEST: {
		const struct wt_request *r = rec;

		sum_line(s, x, r->op, r->addr, r->bytes, r->warp, r->pc);
		if (r->index == 0)
			x->instructions += (uint64_t)r->icount + (r->op != WT_OP_NONE);
		break;
	}
	case WT_KIND_EVENT: {
		const struct wt_event *e = rec;

		sum_line(s, x, e->op, e->addr, e->bytes, e->warp, e->pc);
		x->events[e->type]++;
		break;
	}
	}
}

void wt_streamsum_end(struct wt_streamsum *s)
{
	struct wt_streamsum_kernel *x = &s->k[s->n - 1];

	x->threads = s->threads.count;
	x->warps = s->warps.count;
	x->pcs = s->pcs.count;
}

static int counts_instructions(enum wt_kind kind)
{
	return kind == WT_KIND_WARP || kind == WT_KIND_REQUEST;
}

static const char *hex(char *buf, size_t n, uint64_t v)
{
	return wt_snprintf(buf, n, "0x%llx", (unsigned long long)v);
}

void wt_streamsum_print_text(const char *name, const struct wt_header *h,
			     const struct wt_streamsum *s, FILE *out)
{
	struct wt_streamsum_kernel t;

	memset(&t, 0, sizeof(t));
	t.addr_min = UINT64_MAX;
	wt_recprint_header(name, h, out);
	fprintf(out, "%-6s %-24s %9s %9s %12s %10s %10s %10s %8s %6s %18s %18s\n",
		"kernel", "name", "grid", "block", "records", "loads", "stores",
		"atomics", h->kind == WT_KIND_ACCESS ? "threads" : "warps", "pcs",
		"addr_min", "addr_max");
	for (size_t i = 0; i < s->n; i++) {
		const struct wt_streamsum_kernel *x = &s->k[i];
		char grid[48], block[48], a[24], b[24];

		wt_snprintf(grid, sizeof(grid), "%ux%ux%u", x->kernel.grid[0],
			    x->kernel.grid[1], x->kernel.grid[2]);
		wt_snprintf(block, sizeof(block), "%ux%ux%u", x->kernel.block[0],
			    x->kernel.block[1], x->kernel.block[2]);
		fprintf(out, "%-6u %-24s %9s %9s %12llu %10llu %10llu %10llu %8llu "
			"%6llu ", x->kernel.id, x->kernel.name, grid, block,
			(unsigned long long)x->records,
			(unsigned long long)x->ops[WT_OP_LOAD],
			(unsigned long long)x->ops[WT_OP_STORE],
			(unsigned long long)x->ops[WT_OP_ATOMIC],
			(unsigned long long)(h->kind == WT_KIND_ACCESS ?
					     x->threads : x->warps),
			(unsigned long long)x->pcs);
		if (x->addr_min <= x->addr_max)
			fprintf(out, "%18s %18s\n", hex(a, sizeof(a), x->addr_min),
				hex(b, sizeof(b), x->addr_max));
		else
			fprintf(out, "%18s %18s\n", "-", "-");
		t.records += x->records;
		t.instructions += x->instructions;
		for (int op = 0; op <= WT_OP_NONE; op++)
			t.ops[op] += x->ops[op];
	}
	fprintf(out, "total: %zu kernel%s, %llu records (%llu loads, %llu stores, "
		"%llu atomics", s->n, s->n == 1 ? "" : "s",
		(unsigned long long)t.records,
		(unsigned long long)t.ops[WT_OP_LOAD],
		(unsigned long long)t.ops[WT_OP_STORE],
		(unsigned long long)t.ops[WT_OP_ATOMIC]);
	/* Warp and request records count every instruction of the warps. */
	if (counts_instructions(h->kind))
		fprintf(out, ", %llu of op none); %llu warp instructions in all\n",
			(unsigned long long)t.ops[WT_OP_NONE],
			(unsigned long long)t.instructions);
	else
		fputs(")\n", out);
}

void wt_streamsum_print_csv(const char *name, const struct wt_header *h,
			    const struct wt_streamsum *s, int header, FILE *out)
{
	if (header)
		fputs("file,kernel,name,grid_x,grid_y,grid_z,block_x,block_y,block_z,"
		      "records,loads,stores,atomics,bytes,threads,warps,pcs,"
		      "addr_min,addr_max,nones,instructions\n", out);
	for (size_t i = 0; i < s->n; i++) {
		const struct wt_streamsum_kernel *x = &s->k[i];

		csv_fwrite(out, name, strlen(name));
		fprintf(out, ",%u,", x->kernel.id);
		csv_fwrite(out, x->kernel.name, strlen(x->kernel.name));
		fprintf(out, ",%u,%u,%u,%u,%u,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,"
			"%llu,", x->kernel.grid[0], x->kernel.grid[1],
			x->kernel.grid[2], x->kernel.block[0], x->kernel.block[1],
			x->kernel.block[2], (unsigned long long)x->records,
			(unsigned long long)x->ops[WT_OP_LOAD],
			(unsigned long long)x->ops[WT_OP_STORE],
			(unsigned long long)x->ops[WT_OP_ATOMIC],
			(unsigned long long)x->bytes,
			(unsigned long long)x->threads,
			(unsigned long long)x->warps, (unsigned long long)x->pcs);
		if (x->addr_min <= x->addr_max)
			fprintf(out, "0x%llx,0x%llx,", (unsigned long long)x->addr_min,
				(unsigned long long)x->addr_max);
		else
			fputs(",,", out);
		if (counts_instructions(h->kind))
			fprintf(out, "%llu,%llu\n", (unsigned long long)x->ops[WT_OP_NONE],
				(unsigned long long)x->instructions);
		else
			fputs(",\n", out);
	}
}

void wt_streamsum_print_json(const char *name, const struct wt_header *h,
			     const struct wt_streamsum *s, FILE *out)
{
	fputs("{\"file\":", out);
	wt_json_fputs(name, out);
	fprintf(out, ",\"kind\":\"%s\",\"version\":\"%u.%u\",\"stages\":[",
		wt_kind_name(h->kind), h->version_major, h->version_minor);
	for (size_t i = 0, n = 0; i < h->meta.n; i++) {
		if (strcmp(h->meta.key[i], "stage") != 0)
			continue;
		if (n++)
			fputc(',', out);
		wt_json_fputs(h->meta.val[i], out);
	}
	fputs("],\"kernels\":[", out);
	for (size_t i = 0; i < s->n; i++) {
		const struct wt_streamsum_kernel *x = &s->k[i];

		fprintf(out, "%s{\"id\":%u,\"name\":", i ? "," : "", x->kernel.id);
		wt_json_fputs(x->kernel.name, out);
		fprintf(out, ",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
			"\"records\":%llu,\"loads\":%llu,\"stores\":%llu,"
			"\"atomics\":%llu,\"bytes\":%llu,\"threads\":%llu,"
			"\"warps\":%llu,\"pcs\":%llu", x->kernel.grid[0],
			x->kernel.grid[1], x->kernel.grid[2], x->kernel.block[0],
			x->kernel.block[1], x->kernel.block[2],
			(unsigned long long)x->records,
			(unsigned long long)x->ops[WT_OP_LOAD],
			(unsigned long long)x->ops[WT_OP_STORE],
			(unsigned long long)x->ops[WT_OP_ATOMIC],
			(unsigned long long)x->bytes,
			(unsigned long long)x->threads,
			(unsigned long long)x->warps, (unsigned long long)x->pcs);
		if (h->kind == WT_KIND_EVENT)
			for (int e = 0; e <= WT_EV_MAX; e++)
				fprintf(out, ",\"%s\":%llu", wt_event_plural((unsigned)e),
					(unsigned long long)x->events[e]);
		if (counts_instructions(h->kind))
			fprintf(out, ",\"nones\":%llu,\"instructions\":%llu",
				(unsigned long long)x->ops[WT_OP_NONE],
				(unsigned long long)x->instructions);
		if (x->addr_min <= x->addr_max)
			fprintf(out, ",\"addr_min\":%llu,\"addr_max\":%llu}",
				(unsigned long long)x->addr_min,
				(unsigned long long)x->addr_max);
		else
			fputs(",\"addr_min\":null,\"addr_max\":null}", out);
	}
	fputs("]}\n", out);
}

void wt_streamsum_free(struct wt_streamsum *s)
{
	for (size_t i = 0; i < s->n; i++)
		wt_kernel_free(&s->k[i].kernel);
	free(s->k);
	wt_idset_free(&s->threads);
	wt_idset_free(&s->warps);
	wt_idset_free(&s->pcs);
	memset(s, 0, sizeof(*s));
}
