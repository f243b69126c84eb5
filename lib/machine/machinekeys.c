/*
 * machinekeys.c - the settings a machine description holds (machine.h):
 * their names, GPGPU-Sim's default for each of its options (the default
 * of its option_parser_register call, as a gpgpusim.config that leaves
 * the option out gets it), and the check of a value.
 */
#include "machine.h"
#include "cachecfg.h"
#include "dram.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A decimal number from lo to hi, all of s. */
static int num(const char *s, unsigned long long lo, unsigned long long hi,
	       unsigned long long *v)
{
	char *end;

	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	while (*end == ' ')
		end++;
	return errno || *end || *v < lo || *v > hi ? -1 : 0;
}

#define UINT_CHECK(fn, lo, hi, what)						\
static int fn(const char *s, char *why, size_t n)				\
{										\
	unsigned long long v;							\
										\
	if (num(s, lo, hi, &v) == 0)						\
		return 0;							\
	wt_snprintf(why, n, "expected %s", what);				\
	return -1;								\
}

UINT_CHECK(count, 1, 1000000, "a number from 1 to 1000000")
UINT_CHECK(count0, 0, 1000000, "a number from 0 to 1000000")
UINT_CHECK(flag, 0, 1, "0 or 1")
UINT_CHECK(cycles, 0, 1000000, "a number of cycles from 0 to 1000000")
UINT_CHECK(count1k, 1, 1024, "a number from 1 to 1024")
UINT_CHECK(shmem_bytes, 1, 1u << 30, "a number of bytes from 1 to 1073741824")
UINT_CHECK(kbytes, 0, 1ull << 22, "a number of KB from 0 to 4194304")
UINT_CHECK(indexing, 0, 4, "0 (consecutive), 1 (XOR), 2 (IPOLY), 3 (PAE) or "
	   "4 (RANDOM)")
UINT_CHECK(sched, 0, 1, "0 (FIFO) or 1 (FR-FCFS)")
UINT_CHECK(coalesce_arch, 13, 1000, "a compute capability times ten such as "
	   "20 or 70")

/* "a:b:...", count numbers, each from lo to hi. */
static int list(const char *s, int count, unsigned long long lo,
		unsigned long long hi)
{
	char buf[256];
	int n = 0;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (char *save, *t = strtok_r(buf, ":,", &save); t;
	     t = strtok_r(NULL, ":,", &save)) {
		unsigned long long v;

		if (num(t, lo, hi, &v) < 0)
			return -1;
		n++;
	}
	return count ? (n == count ? 0 : -1) : (n > 0 ? 0 : -1);
}

static int pipeline(const char *s, char *why, size_t n)
{
	unsigned threads, warp;
	char end;

	if (sscanf(s, "%u:%u%c", &threads, &warp, &end) == 2 && warp >= 1 &&
	    warp <= 64 && threads >= warp && threads <= (1u << 20) &&
	    threads % warp == 0)
		return 0;
	wt_snprintf(why, n, "expected THREADS:WARP, the threads of an SM and "
		    "of a warp (at most 64), such as 2048:32");
	return -1;
}

static int queues(const char *s, char *why, size_t n)
{
	if (list(s, 4, 0, 1u << 20) == 0)
		return 0;
	wt_snprintf(why, n, "expected four queue sizes a:b:c:d");
	return -1;
}

static int shmem_option(const char *s, char *why, size_t n)
{
	if (list(s, 0, 0, 1u << 20) == 0)
		return 0;
	wt_snprintf(why, n, "expected shared memory sizes in KB, comma-separated");
	return -1;
}

static int clocks(const char *s, char *why, size_t n)
{
	double v[4];
	char end;

	if (sscanf(s, "%lf:%lf:%lf:%lf%c", &v[0], &v[1], &v[2], &v[3], &end) == 4 &&
	    v[0] >= 1 && v[1] >= 1 && v[2] >= 1 && v[3] >= 1 && v[0] <= 1e5 &&
	    v[1] <= 1e5 && v[2] <= 1e5 && v[3] <= 1e5)
		return 0;
	wt_snprintf(why, n, "expected four clocks in MHz from 1 to 100000, "
		    "core:interconnect:L2:DRAM, such as 700.0:700.0:700.0:924.0");
	return -1;
}

static int cache(const char *s, char *why, size_t n)
{
	struct wt_cachecfg c;
	char err[256];

	if (wt_cachecfg_parse(s, &c, err, sizeof(err)) == 0 &&
	    wt_cachecfg_check_data(&c, err, sizeof(err)) == 0)
		return 0;
	wt_snprintf(why, n, "%s", err);
	return -1;
}

/* The texture and constant caches are not data caches (no data check). */
static int any_cache(const char *s, char *why, size_t n)
{
	struct wt_cachecfg c;
	char err[256];

	if (wt_cachecfg_parse(s, &c, err, sizeof(err)) == 0)
		return 0;
	wt_snprintf(why, n, "%s", err);
	return -1;
}

static int scheduler(const char *s, char *why, size_t n)
{
	if (strcmp(s, "lrr") == 0 || strcmp(s, "gto") == 0 ||
	    strncmp(s, "two_level_active", 16) == 0)
		return 0;
	wt_snprintf(why, n, "expected lrr, gto or two_level_active (GPGPU-Sim's "
		    "rrr, old and warp_limiting are not modelled)");
	return -1;
}

static int mapping(const char *s, char *why, size_t n)
{
	struct wt_dram_map m;

	return wt_dram_map_parse(s, &m, why, n);
}

/* GPGPU-Sim's two forms: name=value pairs split by ':' or ';' (blanks
 * allowed: a quoted value spread over lines), or 10 to 14 numbers in
 * order, nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR:nbkgrp:CCDL:RTPL. */
static int timing(const char *s, char *why, size_t n)
{
	static const char *const names[] = { "nbk", "CCD", "RRD", "RCD", "RAS",
		"RP", "RC", "CL", "WL", "CDLR", "WR", "nbkgrp", "CCDL", "RTPL" };
	char buf[512];
	int count = 0, named = strchr(s, '=') != NULL, nbk = 0;

	if (strlen(s) >= sizeof(buf))
		goto bad;
	strcpy(buf, s);
	for (char *save, *t = strtok_r(buf, ":; ", &save); t;
	     t = strtok_r(NULL, ":; ", &save)) {
		unsigned long long v;
		char *eq = strchr(t, '=');
		size_t i;

		if (named != (eq != NULL))
			goto bad;
		if (eq) {
			*eq = 0;
			for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
				if (strcmp(t, names[i]) == 0)
					break;
			if (i == sizeof(names) / sizeof(names[0])) {
				wt_snprintf(why, n, "unknown timing '%s': expected nbk, "
					    "CCD, RRD, RCD, RAS, RP, RC, CL, WL, CDLR, WR, "
					    "nbkgrp, CCDL or RTPL", t);
				return -1;
			}
		}
		if (num(eq ? eq + 1 : t, 0, 100000, &v) < 0)
			goto bad;
		if (eq ? strcmp(t, "nbk") == 0 : count == 0) {
			if (v < 1 || v > 1024) {
				wt_snprintf(why, n, "nbk=%llu: expected 1 to 1024 banks", v);
				return -1;
			}
			nbk = 1;
		}
		count++;
	}
	if (named && !nbk) {
		wt_snprintf(why, n, "no nbk (the banks of a chip): GPGPU-Sim has no "
			    "default for it");
		return -1;
	}
	if (named ? count > 0 : count >= 10 && count <= 14)
		return 0;
bad:
	wt_snprintf(why, n, "expected name=value pairs such as nbk=16:CCD=2:RRD=6:"
		    "RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12");
	return -1;
}

/* Accel-Sim's "latency,initiation" of a class of instructions. */
static int lat_init(const char *s, char *why, size_t n)
{
	if (strchr(s, ':') == NULL && list(s, 2, 1, 100000) == 0)
		return 0;
	wt_snprintf(why, n, "expected latency,initiation interval in cycles, "
		    "each from 1 to 100000, such as 4,1");
	return -1;
}

static int text(const char *s, char *why, size_t n)
{
	if (*s && strlen(s) < 64)
		return 0;
	wt_snprintf(why, n, "expected a name of 1 to 63 characters");
	return -1;
}

static int l1_model(const char *s, char *why, size_t n)
{
	if (strcmp(s, "gpgpusim") == 0 || strcmp(s, "nugteren") == 0)
		return 0;
	wt_snprintf(why, n, "expected gpgpusim or nugteren");
	return -1;
}

static int real(const char *s, char *why, size_t n)
{
	char *end;
	double v = strtod(s, &end);

	if (end != s && !*end && v >= 0 && v <= 1e6)
		return 0;
	wt_snprintf(why, n, "expected a number from 0 to 1000000");
	return -1;
}

const struct wt_mkey wt_mkeys[] = {
	/* the GPU */
	{ "wt_gpu", WT_MS_ALL, NULL, text, "the GPU described" },
	{ "gpgpu_compute_capability_major", WT_MS_ALL, "7", count0,
	  "compute capability, major" },
	{ "gpgpu_compute_capability_minor", WT_MS_ALL, "0", count0,
	  "compute capability, minor" },
	{ "gpgpu_clock_domains", WT_MS_ALL, "500.0:2000.0:2000.0:2000.0", clocks,
	  "clocks in MHz: core, interconnect, L2, DRAM" },
	/* trace-order */
	{ "gpgpu_n_clusters", WT_MS_ORDER, "10", count, "SM clusters" },
	{ "gpgpu_n_cores_per_cluster", WT_MS_ORDER, "3", count, "SMs per cluster" },
	{ "gpgpu_shader_core_pipeline", WT_MS_ORDER, "1024:32", pipeline,
	  "resident threads per SM : threads per warp" },
	{ "gpgpu_shader_cta", WT_MS_ORDER, "32", count1k, "resident CTAs per SM" },
	{ "gpgpu_shader_registers", WT_MS_ORDER, "8192", count,
	  "32-bit registers per SM" },
	{ "gpgpu_shmem_size", WT_MS_ORDER, "16384", shmem_bytes,
	  "shared memory per SM, bytes" },
	{ "gpgpu_num_sched_per_core", WT_MS_ORDER, "1", count,
	  "warp schedulers per SM" },
	{ "gpgpu_scheduler", WT_MS_ORDER, "gto", scheduler,
	  "warp scheduling policy" },
	{ "wt_reg_unit", WT_MS_ORDER, NULL, count,
	  "registers are allocated per warp in units of this many" },
	{ "wt_shmem_unit", WT_MS_ORDER, NULL, count,
	  "shared memory allocation unit, bytes" },
	{ "wt_cta_threads", WT_MS_ORDER, NULL, count, "most threads in one CTA" },
	/* instruction latencies (gpusim; Accel-Sim's trace mode's options) */
	{ "trace_opcode_latency_initiation_int", WT_MS_ORDER, "4,1", lat_init,
	  "integer (and other) instructions: latency,initiation interval, "
	  "cycles" },
	{ "trace_opcode_latency_initiation_sp", WT_MS_ORDER, "4,1", lat_init,
	  "single-precision instructions: latency,initiation interval" },
	{ "trace_opcode_latency_initiation_dp", WT_MS_ORDER, "4,1", lat_init,
	  "double-precision instructions: latency,initiation interval" },
	{ "trace_opcode_latency_initiation_sfu", WT_MS_ORDER, "4,1", lat_init,
	  "special function unit (MUFU): latency,initiation interval" },
	{ "trace_opcode_latency_initiation_tensor", WT_MS_ORDER, "4,1", lat_init,
	  "tensor core instructions: latency,initiation interval" },
	/* coalesce */
	{ "gpgpu_coalesce_arch", WT_MS_COALESCE, "13", coalesce_arch,
	  "GPGPU-Sim's coalescing arch: below 20 its own rules (GT200's "
	  "segments), 20 to 39 whole lines through the L1, 40 and up sectors" },
	{ "gpgpu_shmem_num_banks", WT_MS_COALESCE, "16", count1k,
	  "shared memory banks" },
	{ "gpgpu_shmem_limited_broadcast", WT_MS_COALESCE, "1", flag,
	  "shared memory broadcasts only one word a cycle" },
	{ "gpgpu_shmem_warp_parts", WT_MS_COALESCE, "2", count,
	  "parts of a warp whose shared accesses are served together" },
	/* l1sim */
	{ "gpgpu_cache:dl1", WT_MS_L1, "none", cache, "the L1 data cache" },
	{ "gpgpu_l1_latency", WT_MS_L1, "1", cycles, "L1 hit latency, cycles" },
	{ "gpgpu_gmem_skip_L1D", WT_MS_L1, "0", flag,
	  "global memory accesses skip the L1" },
	{ "gpgpu_flush_l1_cache", WT_MS_L1, "0", flag,
	  "the L1s are invalidated at each kernel's end" },
	{ "gpgpu_adaptive_cache_config", WT_MS_L1, "0", flag,
	  "the L1 takes what shared memory leaves of the unified size" },
	{ "gpgpu_unified_l1d_size", WT_MS_L1, "0", kbytes,
	  "unified L1 and shared memory size, KB" },
	{ "gpgpu_shmem_option", WT_MS_L1, "0", shmem_option,
	  "shared memory carve-outs, KB" },
	{ "wt_l1_model", WT_MS_L1, NULL, l1_model,
	  "gpgpusim, or nugteren: Nugteren et al.'s model of the L1" },
	{ "wt_l1_miss_latency", WT_MS_L1, NULL, cycles,
	  "l1sim's least miss latency (lambda), core cycles" },
	{ "wt_l1_sigma", WT_MS_L1, NULL, real,
	  "spread of l1sim's miss latency, |N(0, sigma^2)|" },
	{ "gpgpu_tex_cache:l1", WT_MS_NONE, "8:128:5,L:R:m:N,F:128:4,128:2",
	  any_cache,
	  "the texture cache (texture accesses are counted, not cached)" },
	{ "gpgpu_const_cache:l1", WT_MS_NONE, "64:64:2,L:R:f:N,A:2:32,4",
	  any_cache,
	  "the constant cache (constant accesses are counted, not cached)" },
	/* l2sim */
	{ "gpgpu_n_mem", WT_MS_L2, "8", count1k, "memory channels" },
	{ "gpgpu_n_sub_partition_per_mchannel", WT_MS_L2, "1", count,
	  "L2 slices per memory channel" },
	{ "gpgpu_cache:dl2", WT_MS_L2, "64:128:8,L:B:m:N,A:16:4,4", cache,
	  "one L2 slice" },
	{ "gpgpu_cache:dl2_texture_only", WT_MS_L2, "1", flag,
	  "the L2 caches texture accesses only" },
	{ "gpgpu_mem_addr_mapping", WT_MS_L2, NULL, mapping,
	  "address to channel, bank, row and column" },
	{ "gpgpu_memory_partition_indexing", WT_MS_L2, "0", indexing,
	  "how the channel is hashed from the address" },
	{ "gpgpu_l2_rop_latency", WT_MS_L2, "85", cycles,
	  "cycles from the interconnect to the L2 (ROP)" },
	{ "gpgpu_dram_partition_queues", WT_MS_L2, "8:8:8:8", queues,
	  "queues: interconnect to L2, L2 to DRAM, DRAM to L2, L2 to "
	  "interconnect" },
	{ "gpgpu_perf_sim_memcpy", WT_MS_L2, "1", flag,
	  "copies to the GPU leave their lines in the L2" },
	{ "wt_l2_banks", WT_MS_L2, NULL, count, "banks per L2 slice (MeDiC)" },
	{ "wt_l2_ports", WT_MS_L2, NULL, count, "ports per L2 slice (MeDiC)" },
	{ "wt_l2_tag_latency", WT_MS_L2, NULL, cycles,
	  "cycles of an L2 tag access" },
	{ "wt_icnt_latency", WT_MS_L2, NULL, cycles,
	  "interconnect cycles from the L1 to a slice" },
	{ "wt_l2_miss_latency", WT_MS_L2, NULL, cycles,
	  "l2sim's assumed cycles from a miss to its fill" },
	/* dramsim */
	{ "gpgpu_dram_timing_opt", WT_MS_DRAM, "4:2:8:12:21:13:34:9:4:5:13:1:0:0",
	  timing, "DRAM banks and timing, command-clock cycles" },
	{ "gpgpu_dram_buswidth", WT_MS_DRAM, "4", count,
	  "bytes per transfer of one DRAM chip" },
	{ "gpgpu_dram_burst_length", WT_MS_DRAM, "4", count,
	  "transfers per column command" },
	{ "dram_data_command_freq_ratio", WT_MS_DRAM, "2", count,
	  "transfers per command-clock cycle" },
	{ "gpgpu_n_mem_per_ctrlr", WT_MS_DRAM, "1", count,
	  "DRAM chips per channel" },
	{ "gpgpu_dram_scheduler", WT_MS_DRAM, "1", sched, "DRAM scheduler" },
	{ "gpgpu_frfcfs_dram_sched_queue_size", WT_MS_DRAM, "0", count0,
	  "FR-FCFS queue entries (0: unlimited)" },
	{ "dram_latency", WT_MS_DRAM, "30", cycles,
	  "cycles a request waits before the DRAM queue" },
	{ NULL, WT_MS_NONE, NULL, NULL, NULL }
};

int wt_mkey_late(const struct wt_mkey *k)
{
	/* the instruction latencies, since format 4.2 */
	return strncmp(k->name, "trace_opcode_latency_initiation_", 32) == 0;
}

const struct wt_mkey *wt_mkey_find(const char *name)
{
	for (const struct wt_mkey *k = wt_mkeys; k->name; k++)
		if (strcmp(k->name, name) == 0)
			return k;
	return NULL;
}
