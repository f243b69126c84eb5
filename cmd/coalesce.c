/*
 * coalesce - turn a stream of warp memory instructions into the memory
 * requests (lines or sectors) they make, under the Fermi, the sector or
 * GPGPU-Sim's coalescing rules.  The rules are in lib/mem/coalesce.c and
 * lib/mem/gpgpucoal.c, which records go to the caches in lib/mem/cstream.c; see
 * coalesce(1).
 */
#include "coalesce.h"
#include "cstream.h"
#include "json.h"
#include "output.h"
#include "progress.h"
#include "provenance.h"
#include "stageopt.h"
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
"  -o, --output=FILE       write the stream to FILE (default: stdout)\n"
"      --stats=FILE        write statistics as JSON to FILE\n"
WT_STAGE_MACHINE_USAGE
"      --rules=RULES       fermi: whole lines, per half- or quarter-warp for\n"
"                          8- and 16-byte accesses; sector: whole warp, the\n"
"                          sectors touched; gpgpusim: GPGPU-Sim's coalescer,\n"
"                          a request per 32-, 64- or 128-byte segment\n"
"                          (default: the machine's; gpgpusim below\n"
"                          coalescing arch 20)\n"
"      --coalesce-arch=N   gpgpusim rules: GPGPU-Sim's -gpgpu_coalesce_arch,\n"
"                          13 to 1000 (default: the machine's)\n"
"      --skip-l1=B         gpgpusim rules: yes if global accesses skip the L1\n"
"                          (-gpgpu_gmem_skip_L1D; default: the machine's)\n"
"      --line=N            line size in bytes, a power of two from 16 to\n"
"                          4096 (default: the machine's L1 line)\n"
"      --sector=N          sector size in bytes, a power of two of at least\n"
"                          4 dividing the line, at most 8 per line\n"
"                          (default 32, or what\n"
"                          fits the line: 1 to 8 sectors)\n"
"      --shmem-banks=N     shared-memory banks of 4 bytes, 1 to 1024\n"
"                          (default: the machine's)\n"
"      --shmem-limited-broadcast=B\n"
"                          yes: one word broadcast per shared-memory\n"
"                          access; no: any number (default: the machine's)\n"
"      --shmem-warp-parts=N\n"
"                          parts of a warp whose bank conflicts are counted\n"
"                          apart, and that the gpgpusim rules coalesce\n"
"                          apart, 1 to 64 (default: the machine's)\n"
"      --level=N           zstd level from -100 to 22, 0 for an uncompressed\n"
"                          stream (default: $WARPTRACE_LEVEL, else 0 on a\n"
"                          pipe and 1 otherwise)\n"
"  -h, --help              show this help\n"
"  -V, --version           show the version\n"
"\n"
"--rules, --line, --sector, --coalesce-arch and --skip-l1 must agree with a\n"
"machine that was chosen (--arch or --gpgpusim-config here or at\n"
"trace-order) unless --override is given; --rules=gpgpusim agrees with any\n"
"machine; with trace-order's default machine they are free.\n";

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
	struct wt_machine machine;
	struct wt_meta meta;	/* the output header's, for the stats */
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
			}
			wt_progress(wt_reader_name(r), it.first + it.count);
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
	wt_progress_done(wt_reader_name(r), wt_reader_records(r));
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
	wt_json_provenance(j, &G.meta);
	wt_json_key(j, "settings");
	wt_json_begin_object(j);
	wt_json_key(j, "arch");
	wt_json_string(j, G.machine.name);
	wt_json_key(j, "machine_origin");
	wt_json_string(j, G.machine.origin);
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
	if (G.cfg.rules == WT_COALESCE_GPGPUSIM) {
		wt_json_key_u64(j, "coalesce_arch", G.cfg.coalesce_arch);
		wt_json_key(j, "skip_l1");
		wt_json_bool(j, G.cfg.skip_l1);
	}
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
		wt_die(WT_EXIT_USAGE, "--%s=%s%s: %s (expected a number of bytes, "
		       "a power of two)", opt, arg, wt_opt_whence(arg), why);
	return (unsigned)v;
}

enum {
	O_STATS = 256, O_LEVEL, O_RULES, O_LINE, O_SECTOR, O_BANKS, O_BCAST,
	O_PARTS, O_CARCH, O_SKIP, O_NOPTS
};

static const struct option longopts[] = {
	{ "stats", required_argument, NULL, O_STATS },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "rules", required_argument, NULL, O_RULES },
	{ "line", required_argument, NULL, O_LINE },
	{ "sector", required_argument, NULL, O_SECTOR },
	{ "shmem-banks", required_argument, NULL, O_BANKS },
	{ "shmem-limited-broadcast", required_argument, NULL, O_BCAST },
	{ "shmem-warp-parts", required_argument, NULL, O_PARTS },
	{ "coalesce-arch", required_argument, NULL, O_CARCH },
	{ "skip-l1", required_argument, NULL, O_SKIP },
	{ NULL, 0, NULL, 0 },
};

/*
 * The gpgpusim rules' settings: the machine's coalescing arch and skip-L1
 * setting, or the options over them, which must agree with a machine
 * somebody chose as --rules does.  The other rules take neither option.
 */
static void gpgpusim_cfg(const struct wt_stage_args *a, const char *const *set,
			 const struct wt_meta *opts)
{
	static const char *const yesno[] = { "no", "yes" };
	const char *v;

	if (G.cfg.rules != WT_COALESCE_GPGPUSIM) {
		if (set[O_CARCH] || set[O_SKIP])
			wt_die(WT_EXIT_USAGE, "--%s: only the gpgpusim rules take "
			       "it (--rules=gpgpusim)", set[O_CARCH] ?
			       "coalesce-arch" : "skip-l1");
		return;
	}
	wt_stage_bind("coalesce-arch", set[O_CARCH], opts, &G.machine, a);
	wt_stage_bind("skip-l1", set[O_SKIP], opts, &G.machine, a);
	v = set[O_CARCH] ? set[O_CARCH] : wt_meta_get(opts, "coalesce-arch");
	if (v)
		G.cfg.coalesce_arch = (unsigned)wt_opt_num("coalesce-arch", v,
							   WT_GPGPUSIM_ARCH_MIN,
							   WT_GPGPUSIM_ARCH_MAX);
	v = set[O_SKIP] ? set[O_SKIP] : wt_meta_get(opts, "skip-l1");
	if (v)
		G.cfg.skip_l1 = wt_opt_choice("skip-l1", v, yesno, 2);
}

/*
 * The machine's rules, line and sector, then the explicit options over
 * them: those must agree with a machine somebody chose (stageopt.h,
 * wt_stage_bind), and a combination that does not work is a usage error.
 * The gpgpusim rules agree with every machine: they are its own
 * coalescer, where the machine's fermi or sector rules are warptrace's
 * view of it.  stream: the input's metadata, or NULL before it is read.
 */
static void make_cfg(const struct wt_stage_args *a, const char *const *set,
		     const struct wt_meta *stream)
{
	static const char *const yesno[] = { "no", "yes" };
	struct wt_meta opts;
	const char *why, *v;
	int rules;

	/* a value that is no value is said so before any contradiction */
	if (set[O_RULES] && wt_coalesce_rules_parse(set[O_RULES]) < 0)
		wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi, sector or "
		       "gpgpusim", set[O_RULES]);
	if (set[O_LINE])
		parse_bytes("line", set[O_LINE]);
	if (set[O_SECTOR])
		parse_bytes("sector", set[O_SECTOR]);
	if (set[O_CARCH])
		wt_opt_num("coalesce-arch", set[O_CARCH], WT_GPGPUSIM_ARCH_MIN,
			   WT_GPGPUSIM_ARCH_MAX);
	if (set[O_SKIP])
		wt_opt_choice("skip-l1", set[O_SKIP], yesno, 2);
	wt_meta_init(&opts);
	wt_stage_machine("coalesce", a, stream, &G.machine, &opts);
	if (!set[O_RULES] || strcmp(set[O_RULES], "gpgpusim") != 0)
		wt_stage_bind("rules", set[O_RULES], &opts, &G.machine, a);
	wt_stage_bind("line", set[O_LINE], &opts, &G.machine, a);
	wt_stage_bind("sector", set[O_SECTOR], &opts, &G.machine, a);
	wt_coalesce_cfg_init(&G.cfg);
	v = set[O_RULES] ? set[O_RULES] : wt_meta_get(&opts, "rules");
	if ((rules = wt_coalesce_rules_parse(v)) < 0)
		wt_die(WT_EXIT_USAGE, "--rules=%s: expected fermi, sector or "
		       "gpgpusim", v);
	G.cfg.rules = (enum wt_coalesce_rules)rules;
	gpgpusim_cfg(a, set, &opts);
	G.cfg.line = parse_bytes("line", set[O_LINE] ? set[O_LINE] :
				 wt_meta_get(&opts, "line"));
	G.cfg.sector = 32;
	if (set[O_SECTOR])
		G.cfg.sector = parse_bytes("sector", set[O_SECTOR]);
	else
		wt_coalesce_fit_sector(&G.cfg);
	if ((why = wt_coalesce_cfg_check(&G.cfg)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
	/* shared memory: the machine's banks, unless given */
	wt_shmem_cfg_init(&G.sh);
	v = set[O_BANKS] ? set[O_BANKS] : wt_meta_get(&opts, "shmem-banks");
	if (v)
		G.sh.banks = (unsigned)wt_opt_num("shmem-banks", v, 1,
						  WT_SHMEM_BANKS_MAX);
	v = set[O_BCAST] ? set[O_BCAST] : wt_meta_get(&opts, "shmem-limited-broadcast");
	if (v)
		G.sh.limited_broadcast = wt_opt_choice("shmem-limited-broadcast", v,
						       yesno, 2);
	v = set[O_PARTS] ? set[O_PARTS] : wt_meta_get(&opts, "shmem-warp-parts");
	if (v)
		G.sh.warp_parts = (unsigned)wt_opt_num("shmem-warp-parts", v, 1,
						       WT_MAX_LANES);
	if ((why = wt_shmem_cfg_check(&G.sh)) != NULL)
		wt_die(WT_EXIT_USAGE, "%s", why);
	/* one GPGPU-Sim setting, mem_warp_parts, for both */
	G.cfg.warp_parts = G.sh.warp_parts;
	wt_meta_free(&opts);
}

/* make_cfg as wt_stage_input calls it. */
static void configure_cb(const struct wt_meta *stream, void *ctx)
{
	const struct wt_stage_cmd *c = ctx;

	make_cfg(c->args, c->set, stream);
}

int main(int argc, char **argv)
{
	const char *set[O_NOPTS] = { 0 };
	const char *stats;
	struct wt_stage_args args;
	struct wt_stage_cmd cmd = { &args, set };
	struct wt_reader *r;
	struct wt_header h;
	char err[768];
	int level;

	wt_set_progname(argv[0]);
	wt_stage_parse(argc, argv, "coalesce", usage, longopts, O_STATS, O_NOPTS,
		       set, &args);
	stats = set[O_STATS];
	level = set[O_LEVEL] ? wt_level_arg(set[O_LEVEL]) : wt_env_level(args.output);
	wt_machine_init(&G.machine);
	wt_check_outputs(args.output, stats);

	r = wt_stage_input(&args, WT_KIND_WARP, "run trace-order first", configure_cb, &cmd);

	wt_header_init(&h, WT_KIND_REQUEST, 0);
	wt_meta_copy(&h.meta, &wt_reader_header(r)->meta);
	wt_meta_add_stage(&h.meta, argc, argv);
	wt_meta_set(&h.meta, "coalesce_rules", wt_coalesce_rules_name(G.cfg.rules));
	wt_meta_set(&h.meta, "line_size", wt_snprintf(err, sizeof(err), "%u",
						      G.cfg.line));
	wt_meta_set(&h.meta, "sector_size", wt_snprintf(err, sizeof(err), "%u",
							G.cfg.sector));
	wt_machine_to_meta(&G.machine, &h.meta);
	G.w = wt_output_open(args.output, &h, level);
	wt_meta_init(&G.meta);
	wt_meta_copy(&G.meta, &h.meta);
	wt_header_free(&h);

	run(r);
	wt_reader_close(r);
	wt_output_close();
	if (stats)
		write_stats(stats, argc, argv);
	for (size_t i = 0; i < G.nks; i++)
		free(G.ks[i].name);
	free(G.ks);
	wt_machine_free(&G.machine);
	return WT_EXIT_OK;
}
