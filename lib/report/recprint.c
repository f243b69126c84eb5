/*
 * recprint.c - a stream's records, kernels and header as lines.
 */
#include "recprint.h"

#include "columns.h"

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

void wt_recprint_record(const struct wt_header *h, uint32_t kernel,
			const void *rec, enum wt_recprint_format fmt, FILE *out)
{
	const struct wt_column *c;
	char buf[32];

	switch (fmt) {
	case WT_RECPRINT_TEXT:
		fprintf(out, "%u", kernel);
		for (c = wt_columns(h->kind); c->name; c++)
			fprintf(out, " %s", wt_column_text(c, rec, buf, sizeof(buf)));
		if (h->kind == WT_KIND_WARP) {
			fputc(' ', out);
			print_lanes_text(rec, out, ',');
		}
		fputc('\n', out);
		break;
	case WT_RECPRINT_CSV:
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

void wt_recprint_columns(const struct wt_header *h, char sep, FILE *out)
{
	fputs("kernel", out);
	for (const struct wt_column *c = wt_columns(h->kind); c->name; c++)
		fprintf(out, "%c%s", sep, c->name);
	if (h->kind == WT_KIND_WARP)
		fprintf(out, "%caddresses", sep);
	fputc('\n', out);
}

void wt_recprint_header(const char *name, const struct wt_header *h,
			FILE *out)
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

void wt_recprint_kernel(const struct wt_kernel *k, FILE *out)
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
