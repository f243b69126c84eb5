/*
 * machinestage.c - what a machine description means to each stage: the
 * stage's own options, with the values the machine gives them
 * (wt_machine_stage_options).  A stage applies these where its command
 * line does not set the option, through the same code as the command
 * line, so that `l1sim` on a volta stream and `l1sim --config=...
 * --hit-latency=20 ...` are one computation.  warptrace(7), MACHINES,
 * has the table of options and keys; keep the two in step.
 */
#include "machine.h"
#include "cachecfg.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(struct wt_meta *opts, const char *name, const char *fmt, ...)
	WT_PRINTF(3, 4);

static void put(struct wt_meta *opts, const char *name, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	wt_meta_add(opts, name, buf);
}

static unsigned u(const struct wt_machine *m, const char *key)
{
	return (unsigned)strtoul(wt_machine_get(m, key), NULL, 10);
}

/* Field i (0-based) of a list separated by ':' or ','. */
static double field(const char *s, int i)
{
	for (; i > 0 && s; i--) {
		s = strpbrk(s, ":,");
		if (s)
			s++;
	}
	return s ? strtod(s, NULL) : 0;
}

/* A number in GPGPU-Sim's timing string: name=value, or the ordered form
 * (nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR:nbkgrp:CCDL:RTPL). */
static unsigned timing(const struct wt_machine *m, const char *name)
{
	static const char *const order[] = { "nbk", "CCD", "RRD", "RCD", "RAS",
		"RP", "RC", "CL", "WL", "CDLR", "WR", "nbkgrp", "CCDL", "RTPL" };
	const char *s = wt_machine_get(m, "gpgpu_dram_timing_opt");
	size_t n = strlen(name);

	if (!strchr(s, '=')) {
		for (int i = 0; i < 14; i++)
			if (strcmp(order[i], name) == 0)
				return (unsigned)field(s, i);
		return 0;
	}
	/* the last one counts, as GPGPU-Sim parses them in order */
	const char *last = NULL;

	for (const char *p = s; (p = strstr(p, name)) != NULL; p += n)
		if ((p == s || strchr(":; ", p[-1])) && p[n] == '=')
			last = p;
	if (last)
		return (unsigned)strtoul(last + n + 1, NULL, 10);
	/* GPGPU-Sim's defaults for the bank-group timings */
	return strcmp(name, "nbkgrp") == 0 ? 1 : 0;
}

/* The cache whose lines the requests are of: the L1's, or the L2's
 * where there is no L1. */
static void request_line(const struct wt_machine *m, unsigned *line)
{
	struct wt_cachecfg c;
	char err[256];

	if (wt_cachecfg_parse(wt_machine_get(m, "gpgpu_cache:dl1"), &c, err,
			      sizeof(err)) < 0 || c.disabled)
		wt_cachecfg_parse(wt_machine_get(m, "gpgpu_cache:dl2"), &c, err,
				  sizeof(err));
	*line = c.disabled ? 128 : c.line;
}

static void order_options(const struct wt_machine *m, struct wt_meta *o)
{
	const char *pipe = wt_machine_get(m, "gpgpu_shader_core_pipeline");
	unsigned threads = (unsigned)field(pipe, 0), warp = (unsigned)field(pipe, 1);
	const char *sched = wt_machine_get(m, "gpgpu_scheduler");
	int nugteren;

	put(o, "sms", "%llu", (unsigned long long)u(m, "gpgpu_n_clusters") *
	    u(m, "gpgpu_n_cores_per_cluster"));
	put(o, "warp-size", "%u", warp);
	put(o, "max-threads", "%u", threads);
	put(o, "max-warps", "%u", threads / warp);
	put(o, "max-ctas", "%u", u(m, "gpgpu_shader_cta"));
	put(o, "regs", "%u", u(m, "gpgpu_shader_registers"));
	put(o, "shmem", "%u", u(m, "gpgpu_shmem_size"));
	put(o, "cta-threads", "%u", u(m, "wt_cta_threads"));
	put(o, "reg-unit", "%u", u(m, "wt_reg_unit"));
	put(o, "shmem-unit", "%u", u(m, "wt_shmem_unit"));
	put(o, "schedulers", "%u", u(m, "gpgpu_num_sched_per_core"));
	put(o, "policy", "%s", strncmp(sched, "two_level", 9) == 0 ? "two-level" :
	    sched);
	/* Nugteren et al.'s model reads loads only, and matches them by
	 * their position in each thread */
	nugteren = strcmp(wt_machine_get(m, "wt_l1_model"), "nugteren") == 0;
	put(o, "stores", "%s", nugteren ? "drop" : "keep");
	put(o, "match", "%s", nugteren ? "position" : "exact");
}

/*
 * GPGPU-Sim coalesces Fermi and Kepler (coalescing arch 20 to 39) into
 * whole lines when global accesses go through the L1, into sectors when
 * they skip it; later GPUs always into sectors (memory_coalescing_arch in
 * abstract_hardware_model.cc).  warptrace's fermi rules are the former,
 * its sector rules the latter, at the L1's line size.  The gpgpusim rules
 * are that coalescer itself, which --rules=gpgpusim chooses: they take
 * the coalescing arch, the skip-L1 setting and the warp parts (GPGPU-Sim's
 * mem_warp_parts, which -gpgpu_shmem_warp_parts sets) as they are.  A
 * machine of a coalescing arch below 20 (GT200's segments by access
 * size: GPGPU-Sim's default, 13, which the gtx1080 preset keeps) has
 * them by default, as neither of warptrace's own does that.
 */
static void coalesce_options(const struct wt_machine *m, struct wt_meta *o)
{
	unsigned arch = u(m, "gpgpu_coalesce_arch"), line;

	request_line(m, &line);
	put(o, "rules", "%s", arch < 20 ? "gpgpusim" :
	    arch < 40 && !u(m, "gpgpu_gmem_skip_L1D") ? "fermi" : "sector");
	if (arch < 20)
		line = 128;	/* GPGPU-Sim's coalescer's, whatever the L1's */
	put(o, "line", "%u", line);
	put(o, "sector", "%u", line < 32 ? line : 32u);
	put(o, "shmem-banks", "%u", u(m, "gpgpu_shmem_num_banks"));
	put(o, "shmem-limited-broadcast", "%s",
	    u(m, "gpgpu_shmem_limited_broadcast") ? "yes" : "no");
	put(o, "shmem-warp-parts", "%u", u(m, "gpgpu_shmem_warp_parts"));
	put(o, "coalesce-arch", "%u", arch);
	put(o, "skip-l1", "%s", u(m, "gpgpu_gmem_skip_L1D") ? "yes" : "no");
}

/* Nugteren et al.'s model takes the authors' L1 (l1sim's nugteren preset),
 * not GPGPU-Sim's string and latency. */
static void l1_options(const struct wt_machine *m, struct wt_meta *o)
{
	const char *pipe = wt_machine_get(m, "gpgpu_shader_core_pipeline");
	unsigned warps = (unsigned)(field(pipe, 0) / field(pipe, 1));
	unsigned sched = u(m, "gpgpu_num_sched_per_core");

	if (strcmp(wt_machine_get(m, "wt_l1_model"), "nugteren") != 0) {
		put(o, "config", "%s", wt_machine_get(m, "gpgpu_cache:dl1"));
		put(o, "hit-latency", "%u", u(m, "gpgpu_l1_latency"));
	}
	put(o, "skip-global", "%s", u(m, "gpgpu_gmem_skip_L1D") ? "yes" : "no");
	put(o, "flush", "%s", u(m, "gpgpu_flush_l1_cache") ? "yes" : "no");
	if (u(m, "gpgpu_adaptive_cache_config") && u(m, "gpgpu_unified_l1d_size") &&
	    strcmp(wt_machine_get(m, "wt_l1_model"), "nugteren") != 0) {
		put(o, "unified", "%u", u(m, "gpgpu_unified_l1d_size"));
		put(o, "shmem-options", "%s", wt_machine_get(m, "gpgpu_shmem_option"));
	}
	put(o, "miss-latency", "%u", u(m, "wt_l1_miss_latency"));
	put(o, "sigma", "%s", wt_machine_get(m, "wt_l1_sigma"));
	put(o, "schedulers", "%u", sched);
	put(o, "max-warps", "%u", (warps + sched - 1) / sched);
}

/* classify's views: the L1's string, and the whole L2 as one cache of
 * its slices' ways. */
static void classify_options(const struct wt_machine *m, struct wt_meta *o)
{
	struct wt_cachecfg c;
	char err[256];
	unsigned long long slices = (unsigned long long)u(m, "gpgpu_n_mem") *
				    u(m, "gpgpu_n_sub_partition_per_mchannel");

	put(o, "config", "%s", wt_machine_get(m, "gpgpu_cache:dl1"));
	if (wt_cachecfg_parse(wt_machine_get(m, "gpgpu_cache:dl2"), &c, err,
			      sizeof(err)) == 0 && !c.disabled) {
		put(o, "l2-size", "%llu", (unsigned long long)c.size_bytes * slices);
		put(o, "l2-partitions", "%llu", slices);
		put(o, "l2-assoc", "%u", c.assoc);
	}
}

static void l2_options(const struct wt_machine *m, struct wt_meta *o)
{
	put(o, "config", "%s", wt_machine_get(m, "gpgpu_cache:dl2"));
	put(o, "partitions", "%u", u(m, "gpgpu_n_mem"));
	put(o, "sub-partitions", "%u", u(m, "gpgpu_n_sub_partition_per_mchannel"));
	put(o, "map", "%s", wt_machine_get(m, "gpgpu_mem_addr_mapping"));
	put(o, "partition-indexing", "%u", u(m, "gpgpu_memory_partition_indexing"));
	put(o, "banks", "%u", u(m, "wt_l2_banks"));
	put(o, "ports", "%u", u(m, "wt_l2_ports"));
	put(o, "bank-queue", "%u", (unsigned)field(wt_machine_get(m,
		"gpgpu_dram_partition_queues"), 0));
	put(o, "tag-latency", "%u", u(m, "wt_l2_tag_latency"));
	put(o, "icnt-latency", "%u", u(m, "wt_icnt_latency"));
	put(o, "miss-latency", "%u", u(m, "wt_l2_miss_latency"));
	put(o, "memcpy", "%s", u(m, "gpgpu_perf_sim_memcpy") ? "warm" : "ignore");
}

static void dram_options(const struct wt_machine *m, struct wt_meta *o)
{
	const char *clk = wt_machine_get(m, "gpgpu_clock_domains");
	static const char *const t[][2] = {
		{ "tCL", "CL" }, { "tRP", "RP" }, { "tRC", "RC" }, { "tRAS", "RAS" },
		{ "tRCD", "RCD" }, { "tRRD", "RRD" }, { "tWR", "WR" }, { "tWL", "WL" },
		{ "tCCD", "CCD" },
	};

	put(o, "channels", "%u", u(m, "gpgpu_n_mem"));
	put(o, "sub-partitions", "%u", u(m, "gpgpu_n_sub_partition_per_mchannel"));
	put(o, "map", "%s", wt_machine_get(m, "gpgpu_mem_addr_mapping"));
	put(o, "partition-indexing", "%u", u(m, "gpgpu_memory_partition_indexing"));
	put(o, "banks", "%u", timing(m, "nbk"));
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		put(o, t[i][0], "%u", timing(m, t[i][1]));
	put(o, "burst", "%u", u(m, "gpgpu_dram_burst_length"));
	put(o, "bus-width", "%u", u(m, "gpgpu_dram_buswidth") *
	    u(m, "gpgpu_n_mem_per_ctrlr"));
	put(o, "data-rate", "%u", u(m, "dram_data_command_freq_ratio"));
	put(o, "clock", "%.0f", field(clk, 3));
	put(o, "core-clock", "%.0f", field(clk, 0));
	put(o, "latency-in", "%u", u(m, "dram_latency"));
	if (u(m, "gpgpu_frfcfs_dram_sched_queue_size"))
		put(o, "queue", "%u", u(m, "gpgpu_frfcfs_dram_sched_queue_size"));
	put(o, "sched", "%s", u(m, "gpgpu_dram_scheduler") ? "frfcfs" : "fcfs");
}

void wt_machine_stage_options(const struct wt_machine *m, const char *prog,
			      struct wt_meta *opts)
{
	if (strcmp(prog, "trace-order") == 0)
		order_options(m, opts);
	else if (strcmp(prog, "coalesce") == 0)
		coalesce_options(m, opts);
	else if (strcmp(prog, "l1sim") == 0)
		l1_options(m, opts);
	else if (strcmp(prog, "classify") == 0)
		classify_options(m, opts);
	else if (strcmp(prog, "l2sim") == 0)
		l2_options(m, opts);
	else if (strcmp(prog, "dramsim") == 0)
		dram_options(m, opts);
}
