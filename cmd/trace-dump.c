/*
 * trace-dump - print a warptrace stream as text, CSV or JSON lines, sum it
 * up, or check it, like zstdcat beside zstd.
 */
#include "columns.h"
#include "idset.h"
#include "json.h"
#include "stream.h"
#include "util.h"

#include <csv.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: trace-dump [options] [FILE...]\n"
"Print warptrace streams as text, CSV or JSON lines, summarise or check\n"
"them.  No FILE, or -, reads stdin.\n"
"\n"
"  -f, --format=FMT    text (default), csv or jsonl; with --summary: text,\n"
"                      csv or json\n"
"  -s, --summary       per-kernel counts, threads, warps, PCs, address range\n"
"  -c, --check         read and validate every record; print nothing but\n"
"                      errors, exit 0 only if the stream is sound\n"
"      --header        print the stream header (kind, provenance) only\n"
"  -h, --help          show this help\n"
"  -V, --version       show the version\n";

enum format { F_TEXT, F_CSV, F_JSONL, F_JSON };
enum mode { M_RECORDS, M_SUMMARY, M_CHECK, M_HEADER };

static enum format format = F_TEXT;
static enum mode mode = M_RECORDS;
static int csv_header_kind;	/* kind whose CSV column names were printed */

/* ---- record views ---- */

static void print_lanes_text(const struct wt_warp *w, FILE *out, char sep)
{
	int first = 1;

	for (unsigned i = 0; i < w->lanes; i++) {
		if (!(w->mask >> i & 1))
			continue;
		fprintf(out, "%s0x%llx", first ? "" : (sep == ',' ? "," : " "),
			(unsigned long long)w->addr[i]);
		first = 0;
	}
}

static void print_record(const struct wt_header *h, uint32_t kernel,
			 const void *rec, FILE *out)
{
	const struct wt_column *c;
	char buf[32];

	switch (format) {
	case F_TEXT:
		fprintf(out, "%u", kernel);
		for (c = wt_columns(h->kind); c->name; c++)
			fprintf(out, " %s", wt_column_text(c, rec, buf, sizeof(buf)));
		if (h->kind == WT_KIND_WARP) {
			fputc(' ', out);
			print_lanes_text(rec, out, ',');
		}
		fputc('\n', out);
		break;
	case F_CSV:
		fprintf(out, "%u", kernel);
		for (c = wt_columns(h->kind); c->name; c++)
			fprintf(out, ",%s", wt_column_text(c, rec, buf, sizeof(buf)));
		if (h->kind == WT_KIND_WARP) {
			fputs(",\"", out);
			print_lanes_text(rec, out, ' ');
			fputc('"', out);
		}
		fputc('\n', out);
		break;
	default:
		fprintf(out, "{\"kernel\":%u", kernel);
		for (c = wt_columns(h->kind); c->name; c++) {
			const char *t = wt_column_text(c, rec, buf, sizeof(buf));

			if (c->style == WT_COL_DEC || c->style == WT_COL_FLAGS)
				fprintf(out, ",\"%s\":%s", c->name, t);
			else
				fprintf(out, ",\"%s\":\"%s\"", c->name, t);
		}
		if (h->kind == WT_KIND_WARP) {
			const struct wt_warp *w = rec;
			int first = 1;

			fputs(",\"addresses\":[", out);
			for (unsigned i = 0; i < w->lanes; i++) {
				if (!(w->mask >> i & 1))
					continue;
				fprintf(out, "%s\"0x%llx\"", first ? "" : ",",
					(unsigned long long)w->addr[i]);
				first = 0;
			}
			fputc(']', out);
		}
		fputs("}\n", out);
		break;
	}
}

static void print_column_names(const struct wt_header *h, FILE *out, char sep)
{
	fputs("kernel", out);
	for (const struct wt_column *c = wt_columns(h->kind); c->name; c++)
		fprintf(out, "%c%s", sep, c->name);
	if (h->kind == WT_KIND_WARP)
		fprintf(out, "%caddresses", sep);
	fputc('\n', out);
}

static void print_header(const char *name, const struct wt_header *h, FILE *out)
{
	fprintf(out, "# %s: warptrace stream %u.%u, '%s' records of %u bytes",
		name, h->version_major, h->version_minor, wt_kind_name(h->kind),
		h->record_size);
	if (h->kind == WT_KIND_WARP)
		fprintf(out, ", %u lanes", h->lanes);
	fputc('\n', out);
	for (size_t i = 0; i < h->meta.n; i++)
		fprintf(out, "# %s: %s\n", h->meta.key[i], h->meta.val[i]);
}

static void print_kernel(const struct wt_kernel *k, FILE *out)
{
	fprintf(out, "# kernel %u %s grid %u %u %u block %u %u %u", k->id, k->name,
		k->grid[0], k->grid[1], k->grid[2], k->block[0], k->block[1],
		k->block[2]);
	if (k->regs)
		fprintf(out, " regs %u", k->regs);
	if (k->shmem)
		fprintf(out, " shmem %u", k->shmem);
	for (size_t i = 0; i < k->extra.n; i++)
		fprintf(out, " %s=%s", k->extra.key[i], k->extra.val[i]);
	if (*k->source)
		fprintf(out, " from %s", k->source);
	fputc('\n', out);
}

/* ---- summary ---- */

struct summary {
	struct wt_kernel kernel;
	uint64_t records, ops[WT_OP_NONE + 1], events[WT_EV_MAX + 1], bytes;
	uint64_t instructions;	/* warp and request kinds: every instruction
				   the records count, memory or not */
	uint64_t addr_min, addr_max;
	uint64_t threads, warps, pcs, lanes;
};

struct summarizer {
	struct summary *k;
	size_t n, cap;
	struct wt_idset threads, warps, pcs;
};

static void sum_begin(struct summarizer *s, const struct wt_kernel *k)
{
	struct summary *x;

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

static void sum_addr(struct summary *x, uint64_t lo, uint64_t hi)
{
	if (lo < x->addr_min)
		x->addr_min = lo;
	if (hi > x->addr_max)
		x->addr_max = hi;
}

/* What request and event records have in common; a request of op none
 * has no address. */
static void sum_line(struct summarizer *s, struct summary *x, unsigned op,
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
static void sum_record(struct summarizer *s, enum wt_kind kind, const void *rec)
{
	struct summary *x = &s->k[s->n - 1];

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

static void sum_end(struct summarizer *s)
{
	struct summary *x = &s->k[s->n - 1];

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

static void print_summary_text(const char *name, const struct wt_header *h,
			       struct summarizer *s, FILE *out)
{
	struct summary t;

	memset(&t, 0, sizeof(t));
	t.addr_min = UINT64_MAX;
	print_header(name, h, out);
	fprintf(out, "%-6s %-24s %9s %9s %12s %10s %10s %10s %8s %6s %18s %18s\n",
		"kernel", "name", "grid", "block", "records", "loads", "stores",
		"atomics", h->kind == WT_KIND_ACCESS ? "threads" : "warps", "pcs",
		"addr_min", "addr_max");
	for (size_t i = 0; i < s->n; i++) {
		struct summary *x = &s->k[i];
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

static void print_summary_csv(const char *name, const struct wt_header *h,
			      struct summarizer *s, FILE *out)
{
	if (!csv_header_kind++)
		fputs("file,kernel,name,grid_x,grid_y,grid_z,block_x,block_y,block_z,"
		      "records,loads,stores,atomics,bytes,threads,warps,pcs,"
		      "addr_min,addr_max,nones,instructions\n", out);
	for (size_t i = 0; i < s->n; i++) {
		struct summary *x = &s->k[i];

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

static void print_summary_json(const char *name, const struct wt_header *h,
			       struct summarizer *s, FILE *out)
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
		struct summary *x = &s->k[i];

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

/* ---- driver ---- */

static void dump_file(const char *path, FILE *out)
{
	char err[768];
	struct wt_reader *r = wt_reader_open(path, err, sizeof(err));
	const struct wt_header *h;
	struct summarizer sum;
	struct wt_item it;
	uint32_t kernel = 0;

	if (!r)
		wt_die(WT_EXIT_DATA, "%s", err);
	h = wt_reader_header(r);
	/* Records are shown as they are, even outside their kind's values;
	 * --check and --summary stop at such a one, as the stages do. */
	wt_reader_check_records(r, mode != M_RECORDS);
	memset(&sum, 0, sizeof(sum));
	if (mode == M_HEADER) {
		print_header(wt_reader_name(r), h, out);
		wt_reader_close(r);
		return;
	}
	if (mode == M_RECORDS && format == F_TEXT) {
		print_header(wt_reader_name(r), h, out);
		fputs("# ", out);
		print_column_names(h, out, ' ');
	} else if (mode == M_RECORDS && format == F_CSV &&
		   csv_header_kind != (int)h->kind) {
		print_column_names(h, out, ',');
		csv_header_kind = (int)h->kind;
	}
	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			kernel = it.kernel->id;
			if (mode == M_RECORDS && format == F_TEXT)
				print_kernel(it.kernel, out);
			if (mode == M_SUMMARY)
				sum_begin(&sum, it.kernel);
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				const void *rec = (const char *)it.recs +
						  i * h->record_size;

				if (mode == M_SUMMARY)
					sum_record(&sum, h->kind, rec);
				else if (mode == M_RECORDS)
					print_record(h, kernel, rec, out);
			}
			break;
		case WT_ITEM_KERNEL_END:
			if (mode == M_SUMMARY)
				sum_end(&sum);
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	if (mode == M_SUMMARY) {
		if (format == F_CSV)
			print_summary_csv(wt_reader_name(r), h, &sum, out);
		else if (format == F_JSON || format == F_JSONL)
			print_summary_json(wt_reader_name(r), h, &sum, out);
		else
			print_summary_text(wt_reader_name(r), h, &sum, out);
	}
	for (size_t i = 0; i < sum.n; i++)
		wt_kernel_free(&sum.k[i].kernel);
	free(sum.k);
	wt_idset_free(&sum.threads);
	wt_idset_free(&sum.warps);
	wt_idset_free(&sum.pcs);
	wt_reader_close(r);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "summary", no_argument, NULL, 's' },
		{ "check", no_argument, NULL, 'c' },
		{ "header", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	static char outbuf[1 << 20];
	int c;

	wt_set_progname(argv[0]);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "f:schV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (strcmp(optarg, "text") == 0)
				format = F_TEXT;
			else if (strcmp(optarg, "csv") == 0)
				format = F_CSV;
			else if (strcmp(optarg, "jsonl") == 0)
				format = F_JSONL;
			else if (strcmp(optarg, "json") == 0)
				format = F_JSON;
			else
				wt_die(WT_EXIT_USAGE, "--format=%s: expected text, csv, "
				       "jsonl or json", optarg);
			break;
		case 's':
			mode = M_SUMMARY;
			break;
		case 'c':
			mode = M_CHECK;
			break;
		case 'H':
			mode = M_HEADER;
			break;
		case 'h':
			fputs(usage, stdout);
			return WT_EXIT_OK;
		case 'V':
			printf("trace-dump (warptrace) %s\n", WT_VERSION);
			return WT_EXIT_OK;
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (format == F_JSON && mode == M_RECORDS)
		wt_die(WT_EXIT_USAGE, "--format=json is for --summary; records "
		       "are written as --format=jsonl");
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	if (optind == argc)
		dump_file("-", stdout);
	for (int i = optind; i < argc; i++)
		dump_file(argv[i], stdout);
	if (fflush(stdout) != 0 || ferror(stdout))
		wt_die(WT_EXIT_DATA, "stdout: write error");
	return WT_EXIT_OK;
}
