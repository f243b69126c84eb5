/*
 * trace-dump - print a warptrace stream as text, CSV or JSON lines, sum it
 * up, or check it, like zstdcat beside zstd.  The views are
 * lib/report/recprint.c's, the summary lib/report/streamsum.c's.
 */
#include "recprint.h"
#include "stream.h"
#include "streamsum.h"
#include "util.h"

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

/* The first three are wt_recprint_format's. */
enum format { F_TEXT, F_CSV, F_JSONL, F_JSON };
enum mode { M_RECORDS, M_SUMMARY, M_CHECK, M_HEADER };

static enum format format = F_TEXT;
static enum mode mode = M_RECORDS;
static int csv_header_kind;	/* kind whose CSV column names were printed */

/* ---- driver ---- */

static void dump_file(const char *path, FILE *out)
{
	char err[768];
	struct wt_reader *r = wt_reader_open(path, err, sizeof(err));
	const struct wt_header *h;
	struct wt_streamsum sum;
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
		wt_recprint_header(wt_reader_name(r), h, out);
		wt_reader_close(r);
		return;
	}
	if (mode == M_RECORDS && format == F_TEXT) {
		wt_recprint_header(wt_reader_name(r), h, out);
		fputs("# ", out);
		wt_recprint_columns(h, ' ', out);
	} else if (mode == M_RECORDS && format == F_CSV &&
		   csv_header_kind != (int)h->kind) {
		wt_recprint_columns(h, ',', out);
		csv_header_kind = (int)h->kind;
	}
	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			kernel = it.kernel->id;
			if (mode == M_RECORDS && format == F_TEXT)
				wt_recprint_kernel(it.kernel, out);
			if (mode == M_SUMMARY)
				wt_streamsum_begin(&sum, it.kernel);
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				const void *rec = (const char *)it.recs +
						  i * h->record_size;

				if (mode == M_SUMMARY)
					wt_streamsum_record(&sum, h->kind, rec);
				else if (mode == M_RECORDS)
					wt_recprint_record(h, kernel, rec,
							   (enum wt_recprint_format)format,
							   out);
			}
			break;
		case WT_ITEM_KERNEL_END:
			if (mode == M_SUMMARY)
				wt_streamsum_end(&sum);
			break;
		default:
			break;
		}
	}
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
	if (mode == M_SUMMARY) {
		if (format == F_CSV)
			wt_streamsum_print_csv(wt_reader_name(r), h, &sum,
					       !csv_header_kind++, out);
		else if (format == F_JSON || format == F_JSONL)
			wt_streamsum_print_json(wt_reader_name(r), h, &sum, out);
		else
			wt_streamsum_print_text(wt_reader_name(r), h, &sum, out);
	}
	wt_streamsum_free(&sum);
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
