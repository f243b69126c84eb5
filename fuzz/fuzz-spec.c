/*
 * fuzz-spec.c - libFuzzer target: the small languages of the options, on
 * arbitrary text: GPGPU-Sim cache configuration strings, set-index specs,
 * L2 partition maps and DRAM address maps.  The first byte picks the
 * parser and a geometry; the rest is the string.  Each parse must succeed
 * or give one reason, and what parses must then compute in range.
 */
#include "cachecfg.h"
#include "cacheindex.h"
#include "dram.h"
#include "partition.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void cache_config(const char *s)
{
	struct wt_cachecfg c;
	char err[512], buf[512];

	if (wt_cachecfg_parse(s, &c, err, sizeof(err)) < 0)
		return;
	(void)wt_cachecfg_format(&c, buf, sizeof(buf));
	(void)wt_cachecfg_describe(&c, buf, sizeof(buf));
	(void)wt_cachecfg_check_data(&c, err, sizeof(err));
}

static void index_spec(const char *s, unsigned pick)
{
	static const unsigned sets[] = { 1, 16, 32, 64, 128, 1024, 4096, 2 };
	struct wt_index ix;
	char err[512];
	unsigned n = sets[pick & 7], line = 32u << (pick >> 3 & 3);

	if (strncmp(s, "matrix:", 7) == 0)
		return;		/* reads a file: not this target's job */
	if (wt_index_parse(s, n, line, &ix, err, sizeof(err)) < 0)
		return;
	for (uint64_t a = 1; a; a <<= 7)
		if (wt_index_set(&ix, a * 0x9E3779B97F4A7C15ULL) >= n)
			abort();
}

static void partition_map(const char *s, unsigned pick)
{
	static const enum wt_pidx pidx[4] = {
		WT_PIDX_CONSECUTIVE, WT_PIDX_XOR, WT_PIDX_IPOLY, WT_PIDX_RANDOM,
	};
	struct wt_pmap_opts o = { 1 + (pick & 15), 1, 256, WT_PIDX_CONSECUTIVE };
	struct wt_pmap m;
	char err[512];

	/* the two high bits: sub-partitions and partition indexing, on
	 * GPGPU-Sim strings */
	if (pick & 16)
		o.sub = 2;
	if (pick & 32)
		o.indexing = pidx[pick & 3];
	if (wt_pmap_setup(s, &o, &m, err, sizeof(err)) < 0)
		return;
	for (uint64_t a = 1; a; a <<= 5) {
		uint64_t x = a * 0x9E3779B97F4A7C15ULL;

		if (wt_pmap_partition(&m, x) >= m.slices)
			abort();
		(void)wt_pmap_local(&m, x);
	}
	wt_pmap_free(&m);
}

static void dram_map(const char *s)
{
	struct wt_dram_map m;
	char err[512];

	(void)wt_dram_map_parse(s, &m, err, sizeof(err));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;
	unsigned pick;

	if (size < 1 || size > 4096)
		return 0;
	pick = data[0];
	s = malloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (pick % 4) {
	case 0: cache_config(s); break;
	case 1: index_spec(s, pick / 4); break;
	case 2: partition_map(s, pick / 4); break;
	default: dram_map(s); break;
	}
	free(s);
	return 0;
}
