/*
 * test-machine.c - machine descriptions (machine.h) and the reading of
 * gpgpusim.config files (gpgpucfg.h): GPGPU-Sim's config grammar, every
 * preset whole and valid, a preset printed and read back, the stream
 * header round trip, and what the machine gives each stage's options.
 */
#include "gpgpucfg.h"
#include "machine.h"
#include "util.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *opt(const struct wt_meta *o, const char *k)
{
	const char *v = wt_meta_get(o, k);

	return v ? v : "(none)";
}

static void grammar(void)
{
	struct wt_gpgpu_cfg c;
	char err[512];
	const struct wt_gpgpu_opt *o;
	int rc;

	wt_gpgpu_cfg_init(&c);
	rc = wt_gpgpu_cfg_parse(&c, "g.config",
		"# a comment line\n"
		"-gpgpu_n_mem 6 # a comment after\n"
		"-gpgpu_dram_timing_opt \"nbk=16:CCD=2:\n"
		"   CL=12:WL=4\"\n"
		"\t-gpgpu_n_mem   8\n"
		"-gpgpu_scheduler gto -gpgpu_shader_cta 8\n"
		"-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8#x\n",
		err, sizeof(err));
	ok(rc == 0, "a config with comments, a quote over two lines, pairs on one line");
	o = wt_gpgpu_cfg_find(&c, "gpgpu_dram_timing_opt");
	is_str(o ? o->value : "", "nbk=16:CCD=2: CL=12:WL=4",
	       "a quoted value: its words joined by one blank, the quotes off");
	o = wt_gpgpu_cfg_find(&c, "gpgpu_n_mem");
	ok(o && strcmp(o->value, "8") == 0 && o->line == 5,
	   "a later value replaces an earlier one, and says its line (5)");
	o = wt_gpgpu_cfg_find(&c, "gpgpu_cache:dl1");
	is_str(o ? o->value : "", "N:32:128:4,L:L:m:N:H,S:64:8,8",
	       "'#' ends a value as it ends a line");
	is_u64(c.n, 5, "five options");
	wt_gpgpu_cfg_free(&c);

	wt_gpgpu_cfg_init(&c);
	rc = wt_gpgpu_cfg_parse(&c, "g.config", "-gpgpu_n_mem 6\n-gpgpu_n_clusters\n",
				err, sizeof(err));
	ok(rc < 0 && strcmp(err, "g.config:2: -gpgpu_n_clusters: expected a value "
			    "after it") == 0, "an option without a value: %s", err);
	wt_gpgpu_cfg_free(&c);
	wt_gpgpu_cfg_init(&c);
	rc = wt_gpgpu_cfg_parse(&c, "g.config", "-a 1\n\n16\n", err, sizeof(err));
	ok(rc < 0 && strcmp(err, "g.config:3: '16': expected an option (-name) "
			    "here") == 0, "a word that is no option: %s", err);
	wt_gpgpu_cfg_free(&c);
	wt_gpgpu_cfg_init(&c);
	rc = wt_gpgpu_cfg_parse(&c, "g.config", "-a 1\n-b \"x y\n z\n", err,
				sizeof(err));
	ok(rc < 0 && strcmp(err, "g.config:2: the quote opened here is never "
			    "closed") == 0, "an open quote: %s", err);
	wt_gpgpu_cfg_free(&c);

	ok(wt_gpgpu_option_known("gpgpu_n_mem") &&
	   wt_gpgpu_option_known("gpgpu_cache:dl1") &&
	   wt_gpgpu_option_known("trace_opcode_latency_initiation_int") &&
	   wt_gpgpu_option_known("specialized_unit_3") &&
	   wt_gpgpu_option_known("trace_opcode_latency_initiation_spec_op_2"),
	   "GPGPU-Sim's and Accel-Sim's options, and those registered in loops");
	ok(!wt_gpgpu_option_known("gpuwattch_xml_file") &&
	   !wt_gpgpu_option_known("specialized_unit_") &&
	   !wt_gpgpu_option_known("gpgpu_n_mem2"),
	   "words GPGPU-Sim would refuse");
}

/* -config FILE is read where it stands, from the working directory or
 * else beside the file that names it. */
static void includes(void)
{
	char dir[] = "/tmp/wt-machine.XXXXXX", path[128], err[512];
	struct wt_gpgpu_cfg c;
	FILE *f;
	const struct wt_gpgpu_opt *o;
	int rc;

	if (!mkdtemp(dir)) {
		ok(0, "a temporary directory");
		return;
	}
	snprintf(path, sizeof(path), "%s/inner.config", dir);
	f = fopen(path, "w");
	fputs("-gpgpu_n_mem 12\n-gpgpu_shader_cta 16\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/outer.config", dir);
	f = fopen(path, "w");
	fputs("-gpgpu_n_mem 6\n-config inner.config\n-gpgpu_shader_cta 32\n"
	      "-config missing.config\n", f);
	fclose(f);
	wt_gpgpu_cfg_init(&c);
	rc = wt_gpgpu_cfg_read(&c, path, err, sizeof(err));
	ok(rc < 0 && strstr(err, "/outer.config:4: -config ") &&
	   strstr(err, "missing.config: No such file"),
	   "an included file that is not there, named with the line that "
	   "includes it: %s", err);
	o = wt_gpgpu_cfg_find(&c, "gpgpu_n_mem");
	ok(o && strcmp(o->value, "12") == 0 && strstr(o->file, "inner.config"),
	   "-config beside the file that names it, read where it stands");
	o = wt_gpgpu_cfg_find(&c, "gpgpu_shader_cta");
	ok(o && strcmp(o->value, "32") == 0, "and what follows it replaces it");
	wt_gpgpu_cfg_free(&c);
	snprintf(path, sizeof(path), "%s/loop.config", dir);
	f = fopen(path, "w");
	fputs("-config loop.config\n", f);
	fclose(f);
	wt_gpgpu_cfg_init(&c);
	rc = wt_gpgpu_cfg_read(&c, path, err, sizeof(err));
	ok(rc < 0 && strstr(err, "include each other more than 16 deep"),
	   "a file that includes itself: %s", err);
	wt_gpgpu_cfg_free(&c);
	snprintf(path, sizeof(path), "rm -r %s", dir);
	if (system(path) != 0)
		ok(0, "rm the temporary directory");
}

static const char *const presets[] = {
	"fermi", "kepler", "pascal", "volta", "turing", "ampere", "hopper",
	"nugteren", "gtx480", "kepler-titan", "titanx", "gtx1080", "qv100",
	"titanv", "rtx2060", "rtx3070", "a100", "h100",
};

/* Every preset loads whole, each value passes its key's check, and the
 * printed machine reads back to the same values. */
static void every_preset(void)
{
	char err[512], why[256], path[] = "/tmp/wt-machine-print.XXXXXX";

	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
		struct wt_machine m, back;
		int bad = 0, fd;
		FILE *f;

		wt_machine_init(&m);
		wt_machine_init(&back);
		ok(wt_machine_preset(&m, presets[i], err, sizeof(err)) == 0,
		   "preset %s loads", presets[i]);
		for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
			if (!wt_machine_get(&m, k->name) ||
			    k->check(wt_machine_get(&m, k->name), why, sizeof(why)) < 0)
				bad++;
		is_u64(bad, 0, "preset %s: every key has a valid value", presets[i]);
		fd = mkstemp(path);
		f = fdopen(fd, "w");
		wt_machine_print(&m, f);
		fclose(f);
		ok(wt_machine_from_config(&back, path, NULL, NULL, err,
					  sizeof(err)) == 0,
		   "preset %s printed reads back", presets[i]);
		bad = 0;
		for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
			if (strcmp(wt_machine_get(&m, k->name),
				   wt_machine_get(&back, k->name)))
				bad++;
		is_u64(bad, 0, "preset %s printed and read back: every value", presets[i]);
		unlink(path);
		strcpy(path, "/tmp/wt-machine-print.XXXXXX");
		wt_machine_free(&m);
		wt_machine_free(&back);
	}
	{
		struct wt_machine m;

		wt_machine_init(&m);
		ok(wt_machine_preset(&m, "tesla", err, sizeof(err)) < 0 &&
		   strncmp(err, "no machine called 'tesla': expected fermi,", 42) == 0,
		   "an unknown preset: %s", err);
		wt_machine_free(&m);
	}
	ok(wt_machine_same_gpu("volta", "qv100") && wt_machine_same_gpu("qv100", "volta") &&
	   wt_machine_same_gpu("nugteren", "fermi") &&
	   wt_machine_same_gpu("gtx480", "nugteren") &&
	   !wt_machine_same_gpu("volta", "titanv") &&
	   !wt_machine_same_gpu("fermi", "kepler"),
	   "the same GPU: a generation's name for its preset, nugteren for fermi");
}

static void header(void)
{
	struct wt_machine m, back;
	struct wt_meta meta;
	char err[512];

	wt_machine_init(&m);
	wt_machine_init(&back);
	wt_meta_init(&meta);
	wt_machine_preset(&m, "volta", err, sizeof(err));
	ok(wt_machine_from_meta(&back, &meta, err, sizeof(err)) == 0,
	   "metadata without a machine: none");
	wt_machine_to_meta(&m, &meta);
	is_str(wt_meta_get(&meta, "machine.gpgpu_cache.dl1"),
	       "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32",
	       "a key's ':' is written '.' in the header");
	is_str(wt_meta_get(&meta, "machine_default"), "no", "a chosen machine");
	ok(wt_machine_from_meta(&back, &meta, err, sizeof(err)) == 1 &&
	   strcmp(back.name, "volta") == 0 && !back.dflt &&
	   strcmp(wt_machine_get(&back, "gpgpu_n_mem"), "32") == 0,
	   "the header gives the machine back");
	wt_meta_set(&meta, "machine.gpgpu_n_mem", "x");
	ok(wt_machine_from_meta(&back, &meta, err, sizeof(err)) < 0 &&
	   strcmp(err, "the stream's machine volta: machine.gpgpu_n_mem 'x': "
		  "expected a number from 1 to 1024") == 0,
	   "a bad value in the header: %s", err);
	wt_meta_free(&meta);
	wt_meta_init(&meta);
	wt_machine_default_meta(&meta, "test");
	ok(wt_machine_from_meta(&back, &meta, err, sizeof(err)) == 1 && back.dflt &&
	   strcmp(back.origin, "test's default, the fermi preset") == 0,
	   "a synthetic stream's machine is nobody's choice");
	wt_meta_free(&meta);
	wt_machine_free(&m);
	wt_machine_free(&back);
}

/* The machine of a header without the instruction latencies (a stream
 * written before they were keys) without those keys. */
static void drop_latencies(const struct wt_meta *from, struct wt_meta *to)
{
	wt_meta_init(to);
	for (size_t i = 0; i < from->n; i++)
		if (!strstr(from->key[i], "trace_opcode_latency_initiation_"))
			wt_meta_add(to, from->key[i], from->val[i]);
}

/* A stream written before the instruction latencies were keys: a preset
 * gets its own (qv100's trace.config: SFU 20,8), a config the default
 * (4,1); any other key missing is still refused. */
static void late_keys(void)
{
	struct wt_machine m, back;
	struct wt_meta meta, old;
	char err[512];

	wt_machine_init(&m);
	wt_machine_init(&back);
	wt_meta_init(&meta);
	wt_machine_preset(&m, "qv100", err, sizeof(err));
	wt_machine_to_meta(&m, &meta);
	drop_latencies(&meta, &old);
	ok(wt_machine_from_meta(&back, &old, err, sizeof(err)) == 1,
	   "late keys: a header without the latencies is read");
	is_str(wt_machine_get(&back, "trace_opcode_latency_initiation_sfu"), "20,8",
	       "late keys: a preset's stream gets the preset's latency");
	like(wt_meta_get(&back.src, "trace_opcode_latency_initiation_sfu"),
	     "not in the stream", "late keys: ... and says where it came from");
	wt_meta_free(&old);
	wt_meta_set(&meta, "machine_origin", "--gpgpusim-config=x/gpgpusim.config");
	drop_latencies(&meta, &old);
	ok(wt_machine_from_meta(&back, &old, err, sizeof(err)) == 1 &&
	   strcmp(wt_machine_get(&back, "trace_opcode_latency_initiation_sfu"),
		  "4,1") == 0,
	   "late keys: a config's stream gets the default, 4,1");
	wt_meta_free(&old);
	wt_meta_free(&meta);
	wt_meta_init(&meta);
	wt_machine_to_meta(&m, &meta);
	drop_latencies(&meta, &old);
	wt_meta_free(&meta);
	wt_meta_init(&meta);
	for (size_t i = 0; i < old.n; i++)
		if (strcmp(old.key[i], "machine.gpgpu_n_mem") != 0)
			wt_meta_add(&meta, old.key[i], old.val[i]);
	ok(wt_machine_from_meta(&back, &meta, err, sizeof(err)) < 0 &&
	   strcmp(err, "the stream's machine qv100 has no machine.gpgpu_n_mem") == 0,
	   "late keys: another key missing is refused: %s", err);
	wt_meta_set(&meta, "machine.gpgpu_n_mem", "32");
	wt_meta_set(&meta, "machine.trace_opcode_latency_initiation_dp", "8");
	ok(wt_machine_from_meta(&back, &meta, err, sizeof(err)) < 0 &&
	   strstr(err, "expected latency,initiation interval") != NULL,
	   "late keys: a latency without its initiation interval is refused");
	wt_meta_free(&old);
	wt_meta_free(&meta);
	wt_machine_free(&m);
	wt_machine_free(&back);
}

/* What each stage's options get, by hand from SM7_QV100 and SM2_GTX480. */
static void stages(void)
{
	struct wt_machine m;
	struct wt_meta o;
	char err[512];

	wt_machine_init(&m);
	wt_machine_preset(&m, "volta", err, sizeof(err));
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "trace-order", &o);
	ok(strcmp(opt(&o, "sms"), "80") == 0 && strcmp(opt(&o, "max-warps"), "64") == 0 &&
	   strcmp(opt(&o, "max-ctas"), "32") == 0 && strcmp(opt(&o, "shmem"), "98304") == 0 &&
	   strcmp(opt(&o, "policy"), "lrr") == 0 && strcmp(opt(&o, "schedulers"), "4") == 0,
	   "volta, trace-order: 80 SMs of 64 warps, 32 CTAs, 96 KB, 4 LRR schedulers");
	wt_meta_free(&o);
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "coalesce", &o);
	ok(strcmp(opt(&o, "rules"), "sector") == 0 && strcmp(opt(&o, "line"), "128") == 0,
	   "volta, coalesce: sector rules, 128-byte lines");
	wt_meta_free(&o);
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "l1sim", &o);
	ok(strcmp(opt(&o, "config"), "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32") == 0 &&
	   strcmp(opt(&o, "hit-latency"), "20") == 0 &&
	   strcmp(opt(&o, "miss-latency"), "180") == 0 &&
	   strcmp(opt(&o, "max-warps"), "16") == 0,
	   "volta, l1sim: its dl1, 20-cycle hits, lambda 20 + 160, 16 warps a scheduler");
	wt_meta_free(&o);
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "l2sim", &o);
	ok(strcmp(opt(&o, "partitions"), "32") == 0 &&
	   strcmp(opt(&o, "sub-partitions"), "2") == 0 &&
	   strcmp(opt(&o, "partition-indexing"), "2") == 0 &&
	   strcmp(opt(&o, "bank-queue"), "64") == 0,
	   "volta, l2sim: 32 channels x 2 slices, IPOLY indexing, queues of 64");
	wt_meta_free(&o);
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "dramsim", &o);
	ok(strcmp(opt(&o, "channels"), "32") == 0 && strcmp(opt(&o, "tCL"), "12") == 0 &&
	   strcmp(opt(&o, "tWL"), "2") == 0 && strcmp(opt(&o, "bus-width"), "16") == 0 &&
	   strcmp(opt(&o, "burst"), "2") == 0 && strcmp(opt(&o, "data-rate"), "2") == 0 &&
	   strcmp(opt(&o, "clock"), "850") == 0 && strcmp(opt(&o, "core-clock"), "1132") == 0,
	   "volta, dramsim: 32 HBM channels of 16 bytes, CL 12, WL 2, 850 MHz");
	wt_meta_free(&o);

	wt_machine_preset(&m, "fermi", err, sizeof(err));
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "coalesce", &o);
	is_str(opt(&o, "rules"), "fermi", "fermi, coalesce: Fermi's rules (arch 20, L1 used)");
	wt_meta_free(&o);
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "dramsim", &o);
	ok(strcmp(opt(&o, "bus-width"), "8") == 0 && strcmp(opt(&o, "banks"), "16") == 0 &&
	   strcmp(opt(&o, "tRRD"), "6") == 0 && strcmp(opt(&o, "queue"), "64") == 0 &&
	   strcmp(opt(&o, "latency-in"), "100") == 0,
	   "fermi, dramsim: 2 chips of 4 bytes, 16 banks, tRRD 6, 64 entries, 100 cycles");
	wt_meta_free(&o);
	wt_machine_preset(&m, "kepler", err, sizeof(err));
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "coalesce", &o);
	is_str(opt(&o, "rules"), "sector",
	       "kepler, coalesce: sectors, its global accesses skipping the L1");
	wt_meta_free(&o);
	wt_machine_preset(&m, "nugteren", err, sizeof(err));
	wt_meta_init(&o);
	wt_machine_stage_options(&m, "l1sim", &o);
	ok(!wt_meta_get(&o, "config") && strcmp(opt(&o, "sigma"), "5") == 0 &&
	   strcmp(opt(&o, "miss-latency"), "101") == 0,
	   "nugteren, l1sim: the authors' L1, lambda 101 (their 100), sigma 5");
	wt_meta_free(&o);
	wt_machine_free(&m);
}

/* A config that leaves options out gets GPGPU-Sim's defaults for them
 * and the wt_ keys from its compute capability. */
static void config_defaults(void)
{
	char path[] = "/tmp/wt-machine-cfg.XXXXXX", err[512], *ign = NULL, *unk = NULL;
	struct wt_machine m;
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	fputs("-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000."
	      "00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n"
	      "-gpgpu_compute_capability_major 8\n-gpgpu_ptx_sim_mode 0\n"
	      "-gpuwattch_xml_file x.xml\n-wt_l2_banks 4\n", f);
	fclose(f);
	wt_machine_init(&m);
	ok(wt_machine_from_config(&m, path, &ign, &unk, err, sizeof(err)) == 0,
	   "a config of a few options loads: %s", err);
	ok(strcmp(wt_machine_get(&m, "gpgpu_n_mem"), "8") == 0 &&
	   strcmp(wt_machine_get(&m, "gpgpu_shader_core_pipeline"), "1024:32") == 0,
	   "the rest: GPGPU-Sim's defaults");
	ok(strcmp(wt_machine_get(&m, "wt_shmem_unit"), "128") == 0 &&
	   strcmp(wt_machine_get(&m, "wt_l2_banks"), "4") == 0 &&
	   strcmp(wt_machine_get(&m, "wt_l1_miss_latency"), "86") == 0,
	   "wt_ keys: the file's, else from its compute capability and latencies");
	is_str(ign ? ign : "", "gpgpu_ptx_sim_mode", "a GPGPU-Sim option not modelled: ignored");
	is_str(unk ? unk : "", "gpuwattch_xml_file", "a word GPGPU-Sim does not know: unknown");
	free(ign);
	free(unk);
	f = fopen(path, "w");
	fputs("-gpgpu_n_mem 6\n-gpgpu_cache:dl2 S:64:128:8,L:Q:m:L:L,A:256:4,4:0,32\n", f);
	fclose(f);
	ok(wt_machine_from_config(&m, path, NULL, NULL, err, sizeof(err)) < 0 &&
	   strstr(err, ":2: -gpgpu_cache:dl2 'S:64:128:8,L:Q:m:L:L,A:256:4,4:0,32': "
		  "field 6 (write policy) 'Q'"),
	   "a bad cache string names the file, line and option: %s", err);
	f = fopen(path, "w");
	fputs("-gpgpu_n_mem 6\n", f);
	fclose(f);
	ok(wt_machine_from_config(&m, path, NULL, NULL, err, sizeof(err)) < 0 &&
	   strstr(err, "gives no -gpgpu_mem_addr_mapping"),
	   "a config without an address mapping: %s", err);
	unlink(path);
	wt_machine_free(&m);
}

int main(void)
{
	grammar();
	includes();
	every_preset();
	header();
	late_keys();
	stages();
	config_defaults();
	return tap_done();
}
