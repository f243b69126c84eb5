/*
 * coalesce - turn a stream of warp memory instructions into the memory
 * requests (lines or sectors) they make, under the Fermi or the sector
 * coalescing rules.  The rules are in lib/coalesce.c, which records go
 * to the caches in lib/cstream.c; see coalesce(1).
 */
#include "coalesce.h"
#include "cstream.h"
#include "json.h"
#include "output.h"
#include "progress.h"
#include "stream.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: coalesce [options] [FILE]\n"
"Turn a stream of warp memory instructions (from trace-order) into a stream\n"
"of memory requests: one per line (or group of sectors) each global or local\n"
"instruction touches.  Shared, constant and texture instructions make no\n"
"request (they are counted, shared ones with their bank conflicts); their\n"
"instructions travel on in the next request's icount.  No FILE, or -, reads\n"
"stdin.\n"
"\n"
"  -o, --output=FILE   write the stream to FILE (default: stdout)\n"
"      --stats=FILE    write statistics as JSON to FILE\n"
"      --arch=NAME     preset: fermi (fermi rules), kepler, volta, ampere or\n"
"                      hopper (sector rules); 128-byte lines, 32-byte sectors\n"
"      --rules=RULES   fermi: whole lines, per half- or quarter-warp for 8-\n"
"                      and 16-byte accesses; sector: whole warp, the sectors\n"
"                      touched (default)\n"
"      --line=N        line size in bytes, a power of two from 16 to 4096\n"
"                      (default 128)\n"
"      --sector=N      sector size in bytes, a power of two dividing the\n"
"                      line, at most 8 per line (default 32, or what fits\n"
"                      the line: 1 to 8 sectors)\n"
"      --shmem-banks=N shared-memory banks of 4 bytes, 1 to 1024 (default 32)\n"
"      --shmem-limited-broadcast=B\n"
"                      yes: one word broadcast per shared-memory access;\n"
"                      no: any number (default)\n"
"      --shmem-warp-parts=N\n"
"                      parts of a warp whose bank conflicts are counted\n"
"                      apart, 1 to 64 (default 1)\n"
"      --level=N       zstd level from -100 to 22, 0 for an uncompressed\n"
"                      stream (default: $WARPTRACE_LEVEL, else 0 on a\n"
"                      pipe and 1 otherwise)\n"
"  -h, --help          show this help\n"
"  -V, --version       show the version\n"
"\n"
"--arch is applied first; --rules, --line and --sector override it,\n"
"wherever they appear on the command line.\n";

struct kstats {
	uint32_t id;
	char *name;
	struct wt_coalesce_stats s;
};

static struct {
	struct wt_writer *w;
	struct kstats *ks;
	size_t nks, capks;
	struct wt_coalesce_cfg cfg;
	struct wt_shmem_cfg sh;
	const char *arch;
} G;

static struct kstats *new_kstats(const struct wt_kernel *k)
{
	struct kstats *s;

	if (G.nks == G.capks) {
		G.capks = G.capks ? 2 * G.capks : 16;
		G.ks = wt_realloc(G.ks, G.capks * sizeof(*G.ks));
	}
	s = &G.ks[G.nks++];
	memset(s, 0, sizeof(*s));
	s->id = (uint32_t)(G.nks - 1);
	s->name = wt_strdup(k->name);
	return s;
}

/* Read the warp stream r and write its requests to G.w. */
static void run(struct wt_reader *r)
{
	static struct wt_request reqs[WT_COALESCE_MAX_REQUESTS];
	const struct wt_header *h = wt_reader_header(r);
	struct wt_cstream *cs = wt_cstream_new(&G.cfg, &G.sh);
	const struct wt_request *end;
	struct kstats *ks = NULL;
	struct wt_item it;
	char why[256];
	size_t n;

	while (wt_reader_next(r, &it) > 0) {
		switch (it.type) {
		case WT_ITEM_KERNEL:
			ks = new_kstats(it.kernel);
			if (wt_writer_kernel_begin(G.w, it.kernel) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		case WT_ITEM_RECORDS:
			for (size_t i = 0; i < it.count; i++) {
				const struct wt_warp *w = (const void *)
					((const char *)it.recs + i * h->record_size);

				/* the reader has checked the fields */
				if (wt_coalesce_valid(&G.cfg, w, why, sizeof(why)) < 0)
					wt_die(WT_EXIT_DATA, "%s: record %llu: %s",
					       wt_reader_name(r),
					       (unsigned long long)(it.first + i), why);
				n = wt_cstream_warp(cs, w, reqs, &ks->s);
				if (wt_writer_put_many(G.w, reqs, n) < 0)
					wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
				if (((it.first + i + 1) & 0xfffff) == 0)
					wt_progress(wt_reader_name(r), it.first + i + 1);
			}
			break;
		case WT_ITEM_KERNEL_END:
			n = wt_cstream_kernel_end(cs, &end, &ks->s);
			if (wt_writer_put_many(G.w, end, n) < 0 ||
			    wt_writer_kernel_end(G.w) < 0)
				wt_die(WT_EXIT_DATA, "%s", wt_writer_error(G.w));
			break;
		default:
			break;
		}
	}
	wt_progress_done();
	wt_cstream_free(cs);
	if (it.type == WT_ITEM_ERROR)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));
}

static void put_space(struct wt_json *j, const char *key,
		      const struct wt_space_stats *s, int shared)
{
	wt_json_key(j, key);
	wt_json_begin_object(j);
	wt_json_key_u64(j, "warp_instructions", s->instructions);
	wt_json_key_u64(j, "threads", s->threads);
	if (shared) {
		wt_json_key_u64(j, "bank_accesses", s->accesses);
		wt_json_key_u64(j, "bank_conflicts", s->accesses - s->instructions);
		wt_json_key(j, "accesses_per_instruction");
		if (s->instructions)
			wt_json_double(j, (double)s->accesses / (double)s->instructions);
		else
			wt_json_null(j);
	}
	wt_json_end_object(j);
}

static void put_counts(struct wt_json *j, const struct wt_coalesce_stats *s)
{
	uint64_t made = s->instructions - s->empty;


	wt_json_key(j, "warp_instructions");
	wt_json_u64(j, s->instructions);
	wt_json_key(j, "empty_instructions");
	wt_json_u64(j, s->empty);
	wt_json_key(j, "threads");
	wt_json_u64(j, s->threads);
	wt_json_key(j, "requests");
	wt_json_u64(j, s->requests);
	wt_json_key(j, "requests_by_op");
	wt_json_begin_object(j);
	for (int op = 0; op <= WT_OP_MAX; op++) {
		char key[16];

		wt_json_key(j, wt_snprintf(key, sizeof(key), "%ss",
					   wt_op_name((unsigned)op)));
		wt_json_u64(j, s->op_requests[op]);
	}
	wt_json_end_object(j);
	wt_json_key(j, "requests_per_instruction");
	wt_json_begin_object(j);
	for (int n = 1; n <= WT_COALESCE_MAX_REQUESTS; n++) {
		char key[8];

		if (!s->histogram[n])
			continue;
		wt_json_key(j, wt_snprintf(key, sizeof(key), "%d", n));
		wt_json_u64(j, s->histogram[n]);
	}
	wt_json_end_object(j);
	wt_json_key(j, "mean_requests");
	if (made)
		wt_json_double(j, (double)s->requests / (double)made);
	else
		wt_json_null(j);
	wt_json_key(j, "bytes_requested");
	wt_json_u64(j, s->bytes_requested);
	wt_json_key(j, "bytes_used");
	wt_json_u64(j, s->bytes_used);
	wt_json_key(j, "efficiency");
	if (s->bytes_requested)
		wt_json_double(j, (double)s->bytes_used / (double)s->bytes_requested);
	else
		wt_json_null(j);
	/* What made no request for the caches, and every instruction. */
	put_space(j, "shared", &s->shared, 1);
	put_space(j, "constant", &s->constant, 0);
	put_space(j, "texture", &s->texture, 0);
	wt_json_key_u64(j, "no_access_records", s->none_in);
	wt_json_key_u64(j, "no_access_requests", s->none_out);
	wt_json_key_u64(j, "all_instructions", s->all_instructions);
	wt_json_key_u64(j, "instructions_lost", s->lost);
}

static void write_stats(const char *path, int argc, char **argv)
{
	char err[768];
	struct wt_json *j = wt_json_open(path, err, sizeof(err));
	struct wt_coalesce_stats total;

	if (!j)
		wt_die(WT_EXIT_DATA, "%s", err);
	memset(&total, 0, sizeof(total));
	wt_json_stats_begin(j, "coalesce", argc, argv);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	if (G.arch)
		wt_json_string(j, G.arch);
	else
		wt_json_null(j);
	wt_json_key(j, "rules");
	wt_json_string(j, wt_coalesce_rules_name(G.cfg.rules));
	wt_json_key(j, "line");
	wt_json_u64(j, G.cfg.line);
	wt_json_key(j, "sector");
	wt_json_u64(j, G.cfg.sector);
	wt_json_key_u64(j, "shmem_banks", G.sh.banks);
	wt_json_key(j, "shmem_limited_broadcast");
	wt_json_bool(j, G.sh.limited_broadcast);
	wt_json_key_u64(j, "shmem_warp_parts", G.sh.warp_parts);
	wt_json_end_object(j);
	wt_json_key(j, "kernels");
	wt_json_begin_array(j);
	for (size_t i = 0; i < G.nks; i++) {
		struct kstats *k = &G.ks[i];

		wt_json_begin_object(j);
		wt_json_key(j, "id");
		wt_json_u64(j, k->id);
		wt_json_key(j, "name");
		wt_json_string(j, k->name);
		put_counts(j, &k->s);
		wt_json_end_object(j);
		wt_coalesce_stats_merge(&total, &k->s);
	}
	wt_json_end_array(j);
	wt_json_key(j, "total");
	wt_json_begin_object(j);
	wt_json_key(j, "kernels");
	wt_json_u64(j, G.nks);
	put_counts(j, &total);
	wt_json_end_object(j);
	wt_json_end_object(j);
	if (wt_json_close(j, err, sizeof(err)) < 0)
		wt_die(WT_EXIT_DATA, "%s", err);
}

static unsigned parse_bytes(const char *opt, const char *arg)
{
	const char *why;
	uint64_t v;

	if (wt_parse_u64(arg, 1u << 20, &v, &why) < 0)
		wt_die(WT_EXIT_USAGE, "--%s=%s: %s (expected a number of bytes, "
		       "a power of two)", opt, arg, why);
	return (unsigned)v;
}

/* The preset first, then the explicit options over it; a combination
 * that does not work is a usage error. */
static void make_cfg(int rules, unsigned line, unsigned sector)
{
	const char *why;

	wt_coalesce_cfg_init(&G.cfg);
	if (G.arch)
		wt_coalesce_arch(G.arch, &G.cfg);
	if (rules >= 0)
		G.cfg.rules = (enum wt_coalesce_rules)rules;
	if (line)
		G.cfg.line = line;
	if (sector)
		G.cfg.sector = sector;
	else
		wt_coalesce_fit_sector(&G.cfg);
	if ((why = wt_coalesce_cfg_check(&G.cfg)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
}

int main(int argc, char **argv)
{
	enum { O_STATS = 256, O_LEVEL, O_ARCH, O_RULES, O_LINE, O_SECTOR,
	       O_BANKS, O_BCAST, O_PARTS };
	static const char *const yesno[] = { "no", "yes" };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "stats", required_argument, NULL, O_STATS },
		{ "level", required_argument, NULL, O_LEVEL },
		{ "arch", required_argument, NULL, O_ARCH },
		{ "rules", required_argument, NULL, O_RULES },
		{ "line", required_argument, NULL, O_LINE },
		{ "sector", required_argument, NULL, O_SECTOR },
		{ "shmem-banks", required_argument, NULL, O_BANKS },
		{ "shmem-limited-broadcast", required_argument, NULL, O_BCAST },
		{ "shmem-warp-parts", required_argument, NULL, O_PARTS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = "-", *stats = NULL, *input = "-";
	int level = -1000, rules = -1, c;
	unsigned line = 0, sector = 0;
	struct wt_reader *r;
	struct wt_header h;
	char err[768];

	wt_set_progname(argv[0]);
	wt_shmem_cfg_init(&G.sh);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case O_BANKS:
			G.sh.banks = (unsigned)wt_opt_num("shmem-banks", optarg, 1,
							  WT_SHMEM_BANKS_MAX);
			break;
		case O_BCAST:
			G.sh.limited_broadcast = wt_opt_choice("shmem-limited-broadcast",
							       optarg, yesno, 2);
			break;
		case O_PARTS:
			G.sh.warp_parts = (unsigned)wt_opt_num("shmem-warp-parts", optarg,
							       1, WT_MAX_LANES);
			break;
		case O_STATS:
			stats = optarg;
			break;
		case O_LEVEL:
			level = wt_level_arg(optarg);
			break;
		case O_ARCH: {
			struct wt_coalesce_cfg probe;

			if (wt_coalesce_arch(optarg, &probe) < 0)
				wt_die(WT_EXIT_USAGE, "--arch=%s: expected fermi, "
				       "kepler, volta, ampere or hopper", optarg);
			G.arch = optarg;
			break;
		}
		case O_RULES:
			rules = wt_coalesce_rules_parse(optarg);
			if (rules < 0)
				wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi or "
				       "sector", optarg);
			break;
		case O_LINE:
			line = parse_bytes("line", optarg);
			break;
		case O_SECTOR:
			sector = parse_bytes("sector", optarg);
			break;
		case 'h':
			fputs(usage, stdout);
			return WT_EXIT_OK;
		case 'V':
			printf("coalesce (warptrace) %s\n", WT_VERSION);
			return WT_EXIT_OK;
		default:
			wt_bad_option(argv, optind, optopt);
		}
	}
	if (argc - optind > 1)
		wt_die(WT_EXIT_USAGE, "expected at most one FILE, got %d (join "
		       "streams with cat)", argc - optind);
	if (optind < argc)
		input = argv[optind];

	make_cfg(rules, line, sector);	/* usage errors before any input */
	if (level == -1000)
		level = wt_env_level(output);
	wt_check_outputs(output, stats);

	r = wt_reader_open(input, err, sizeof(err));
	if (!r)
		wt_die(WT_EXIT_DATA, "%s", err);
	if (wt_reader_expect(r, WT_KIND_WARP, "run trace-order first") < 0)
		wt_die(WT_EXIT_DATA, "%s", wt_reader_error(r));

	/* Without --arch or --rules, the rules of the architecture the warps
	 * were ordered for (trace-order's arch key), if the stream names one. */
	if (!G.arch && rules < 0) {
		const char *up = wt_meta_get(&wt_reader_header(r)->meta, "arch");
		struct wt_coalesce_cfg probe;

		if (up && wt_coalesce_arch(up, &probe) == 0) {
			G.arch = wt_strdup(up);	/* outlives the reader */
			make_cfg(rules, line, sector);
		}
	}

	wt_header_init(&h, WT_KIND_REQUEST, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_meta_set(&h.meta, "coalesce_rules", wt_coalesce_rules_name(G.cfg.rules));
	wt_meta_set(&h.meta, "line_size", wt_snprintf(err, sizeof(err), "%u",
						      G.cfg.line));
	wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
							G.cfg.sector));
	G.w = wt_output_open(output, &h, level);
	wt_header_free(&h);

	run(r);
	wt_reader_close(r);
	wt_output_close();
	if (stats)
		write_stats(stats, argc, argv);
	for (size_t i = 0; i < G.nks; i++)
		free(G.ks[i].name);
	free(G.ks);
	return WT_EXIT_OK;
}
